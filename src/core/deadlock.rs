//! Deadlock detectors: positions from which the level can no longer be solved, however the player
//! goes on. Each detector only flags what is certain (a solvable position is never flagged):
//!
//! - **dead square**: a box off goal on a cell from which no sequence of pushes, even with no
//!   other box in the way, brings it to any goal;
//! - **freeze**: a box off goal that can move neither across nor along (each axis blocked by a
//!   wall, by two dead squares, or by a box that is itself frozen with this one treated as a wall);
//! - **closed diagonal**: an empty dead square shut in on all four sides by walls and boxes (the
//!   boxes typically on a diagonal, as in checkerboard levels), where each of those boxes is
//!   held across (its other axis blocked for good: walls, frozen boxes, or dead squares on both
//!   sides) and one of them is off goal. Such a box can move only into the closed square (the
//!   worker can never get in to push it out), where it would sit on a dead square: so it never
//!   moves, and off goal that is a deadlock. (The first of those boxes to move in any solution
//!   would have to go into the square; none can, so none moves.)
//! - **bipartite**: the boxes cannot each be given a goal of their own that each could reach
//!   alone (a matching of boxes to goals, over each box's reachable goals, that is not perfect).
//!
//! [`Detector::new`] does the per-level work once (which goals a lone box can reach from each
//! cell); [`Detector::check`] is then cheap enough to run after every push.

use super::board::{Board, Pos};
use super::cell;
use super::direction::Direction;

/// What a detector found, and the boxes involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deadlock {
    DeadSquare(Pos),
    Freeze(Vec<Pos>),
    ClosedDiagonal(Vec<Pos>),
    Bipartite(Vec<Pos>),
}

impl Deadlock {
    /// The detector's name, as the CLI prints it.
    pub fn kind(&self) -> &'static str {
        match self {
            Deadlock::DeadSquare(_) => "dead-square",
            Deadlock::Freeze(_) => "freeze",
            Deadlock::ClosedDiagonal(_) => "closed-diagonal",
            Deadlock::Bipartite(_) => "bipartite",
        }
    }

    /// The boxes involved.
    pub fn boxes(&self) -> Vec<Pos> {
        match self {
            Deadlock::DeadSquare(p) => vec![*p],
            Deadlock::Freeze(v) | Deadlock::ClosedDiagonal(v) | Deadlock::Bipartite(v) => v.clone(),
        }
    }
}

/// Which detectors run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detectors {
    pub dead_square: bool,
    pub freeze: bool,
    pub closed_diagonal: bool,
    pub bipartite: bool,
}

impl Detectors {
    pub const ALL: Detectors = Detectors {
        dead_square: true,
        freeze: true,
        closed_diagonal: true,
        bipartite: true,
    };
}

/// The detectors of one level: its walls, and for every cell the goals a lone box can be pushed
/// to from there.
#[derive(Clone, Debug)]
pub struct Detector {
    width: i32,
    height: i32,
    wall: Vec<bool>,
    goal: Vec<bool>,
    /// For each cell, the goals (as indices into `goals`) a lone box reaches from it.
    reaches: Vec<Vec<u16>>,
    goals: Vec<usize>,
}

impl Detector {
    /// The level's detectors (its walls and goals do not change as it is played).
    pub fn new(board: &Board) -> Detector {
        let cells = board.cells();
        let wall: Vec<bool> = cells.iter().map(|&b| cell::is_wall(b)).collect();
        let goal: Vec<bool> = cells.iter().map(|&b| cell::is_goal(b)).collect();
        let goals: Vec<usize> = (0..cells.len()).filter(|&i| goal[i]).collect();
        let mut d = Detector {
            width: board.width() as i32,
            height: board.height() as i32,
            wall,
            goal,
            reaches: vec![Vec::new(); cells.len()],
            goals,
        };
        for g in 0..d.goals.len() {
            for c in d.pulled_from(d.goals[g]) {
                d.reaches[c].push(g as u16);
            }
        }
        d
    }

    fn next(&self, i: usize, dir: Direction) -> Option<usize> {
        let (dx, dy) = dir.offset();
        let (x, y) = (i as i32 % self.width + dx, i as i32 / self.width + dy);
        ((0..self.width).contains(&x) && (0..self.height).contains(&y))
            .then(|| (y * self.width + x) as usize)
    }

    fn open(&self, i: Option<usize>) -> Option<usize> {
        i.filter(|&i| !self.wall[i])
    }

    /// Every cell a lone box can be pushed from to reach `goal`: pulls from the goal, each needing
    /// room for the worker behind the pull.
    fn pulled_from(&self, goal: usize) -> Vec<usize> {
        let mut seen = vec![false; self.wall.len()];
        seen[goal] = true;
        let mut queue = vec![goal];
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            for d in Direction::SEARCH_ORDER {
                // The box came from b (one cell along d) pushed by a worker at b + d.
                let Some(b) = self.open(self.next(c, d)) else {
                    continue;
                };
                if !seen[b] && self.open(self.next(b, d)).is_some() {
                    seen[b] = true;
                    queue.push(b);
                }
            }
        }
        queue
    }

    fn dead(&self, i: usize) -> bool {
        self.reaches[i].is_empty()
    }

    /// The dead squares of the level: floor cells inside its walls, not goals, from which a box
    /// can never reach a goal (the game shades them).
    pub fn dead_squares(&self, board: &Board) -> Vec<Pos> {
        let inside = super::validate::inside(board);
        (0..self.wall.len())
            .filter(|&i| inside[i] && !self.wall[i] && !self.goal[i] && self.dead(i))
            .map(|i| board.pos_of(i as u32))
            .collect()
    }

    /// The first deadlock the chosen detectors find in this position, if any.
    pub fn check(&self, board: &Board, which: Detectors) -> Option<Deadlock> {
        let boxes: Vec<usize> = (0..board.cells().len())
            .filter(|&i| cell::is_box(board.cells()[i]))
            .collect();
        let pos = |i: usize| board.pos_of(i as u32);
        if which.dead_square
            && let Some(&b) = boxes.iter().find(|&&b| !self.goal[b] && self.dead(b))
        {
            return Some(Deadlock::DeadSquare(pos(b)));
        }
        let is_box: Vec<bool> = board.cells().iter().map(|&c| cell::is_box(c)).collect();
        if which.freeze {
            for &b in &boxes {
                if self.goal[b] {
                    continue;
                }
                let mut group = Vec::new();
                let mut as_wall = vec![false; is_box.len()];
                if self.frozen(b, &is_box, &mut as_wall, &mut group) {
                    return Some(Deadlock::Freeze(group.into_iter().map(pos).collect()));
                }
            }
        }
        if which.closed_diagonal
            && let Some(held) = self.closed_square(board, &is_box)
        {
            return Some(Deadlock::ClosedDiagonal(
                held.into_iter().map(pos).collect(),
            ));
        }
        if which.bipartite
            && let Some(unmatched) = self.unmatched(&boxes)
        {
            return Some(Deadlock::Bipartite(
                unmatched.into_iter().map(pos).collect(),
            ));
        }
        None
    }

    /// The boxes around a closed dead square (see the module's notes), when one is off goal.
    fn closed_square(&self, board: &Board, is_box: &[bool]) -> Option<Vec<usize>> {
        let empty = |i: usize| !self.wall[i] && !is_box[i] && !cell::is_worker(board.cells()[i]);
        for c in (0..self.wall.len()).filter(|&c| empty(c) && !self.goal[c] && self.dead(c)) {
            let sides = Direction::SEARCH_ORDER.map(|d| self.next(c, d));
            if sides
                .iter()
                .any(|s| s.is_none_or(|s| !self.wall[s] && !is_box[s]))
            {
                continue;
            }
            let boxes: Vec<(usize, Direction)> = Direction::SEARCH_ORDER
                .into_iter()
                .zip(sides)
                .filter_map(|(d, s)| s.filter(|&s| is_box[s]).map(|s| (s, d)))
                .collect();
            if boxes.iter().all(|&(b, _)| self.goal[b]) {
                continue;
            }
            // All of them held across at once: each counts as a wall for the others.
            let mut as_wall = vec![false; is_box.len()];
            for &(b, _) in &boxes {
                as_wall[b] = true;
            }
            let mut group: Vec<usize> = boxes.iter().map(|&(b, _)| b).collect();
            let held = boxes.iter().all(|&(b, d)| {
                let (p1, p2) = match d {
                    Direction::Up | Direction::Down => (Direction::Left, Direction::Right),
                    _ => (Direction::Up, Direction::Down),
                };
                self.axis_blocked(b, p1, p2, is_box, &mut as_wall, &mut group)
            });
            if held {
                return Some(group);
            }
        }
        None
    }

    /// Whether the box at `b` can never move: both axes blocked. Boxes already looked at count
    /// as walls (`as_wall`), which breaks cycles; the boxes it depends on are added to `group`.
    fn frozen(
        &self,
        b: usize,
        is_box: &[bool],
        as_wall: &mut [bool],
        group: &mut Vec<usize>,
    ) -> bool {
        as_wall[b] = true;
        group.push(b);
        let mark = group.len();
        let frozen = [
            (Direction::Left, Direction::Right),
            (Direction::Up, Direction::Down),
        ]
        .into_iter()
        .all(|(d1, d2)| self.axis_blocked(b, d1, d2, is_box, as_wall, group));
        if !frozen {
            group.truncate(mark - 1);
        }
        as_wall[b] = false;
        frozen
    }

    /// Whether the box at `b` cannot be pushed along the axis (d1, d2).
    fn axis_blocked(
        &self,
        b: usize,
        d1: Direction,
        d2: Direction,
        is_box: &[bool],
        as_wall: &mut [bool],
        group: &mut Vec<usize>,
    ) -> bool {
        let (n1, n2) = (self.next(b, d1), self.next(b, d2));
        let solid = |n: Option<usize>| n.is_none_or(|n| self.wall[n] || as_wall[n]);
        if solid(n1) || solid(n2) {
            return true;
        }
        let (n1, n2) = (n1.unwrap(), n2.unwrap());
        if self.dead(n1) && self.dead(n2) {
            return true;
        }
        [n1, n2]
            .into_iter()
            .any(|n| is_box[n] && self.frozen(n, is_box, as_wall, group))
    }

    /// The boxes left without a goal of their own by the largest matching of boxes to goals each
    /// can reach alone, or `None` when every box gets one.
    fn unmatched(&self, boxes: &[usize]) -> Option<Vec<usize>> {
        let mut goal_of_box = vec![usize::MAX; boxes.len()];
        let mut box_of_goal = vec![usize::MAX; self.goals.len()];
        let mut left = Vec::new();
        for k in 0..boxes.len() {
            let mut seen = vec![false; self.goals.len()];
            if !self.augment(k, boxes, &mut seen, &mut goal_of_box, &mut box_of_goal) {
                left.push(boxes[k]);
            }
        }
        (!left.is_empty()).then_some(left)
    }

    /// Kuhn's augmenting path from box `k`.
    fn augment(
        &self,
        k: usize,
        boxes: &[usize],
        seen: &mut [bool],
        goal_of_box: &mut [usize],
        box_of_goal: &mut [usize],
    ) -> bool {
        for &g in &self.reaches[boxes[k]] {
            let g = g as usize;
            if seen[g] {
                continue;
            }
            seen[g] = true;
            if box_of_goal[g] == usize::MAX
                || self.augment(box_of_goal[g], boxes, seen, goal_of_box, box_of_goal)
            {
                box_of_goal[g] = k;
                goal_of_box[k] = g;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rows: &[&str]) -> Option<Deadlock> {
        let b = Board::from_mask_rows(rows).unwrap();
        Detector::new(&b).check(&b, Detectors::ALL)
    }

    #[test]
    fn dead_squares_are_the_corners_and_walls_away_from_goals() {
        let b = Board::from_mask_rows(&["######", "#(---#", "#-x--#", "#--+-#", "######"]).unwrap();
        let dead = Detector::new(&b).dead_squares(&b);
        // The top row and the side columns (no goal along them) and the bottom corners.
        for p in [(1, 1), (2, 1), (4, 1), (1, 2), (4, 2), (1, 3), (4, 3)] {
            assert!(dead.contains(&Pos::new(p.0, p.1)), "{p:?} in {dead:?}");
        }
        assert!(!dead.contains(&Pos::new(2, 2)) && !dead.contains(&Pos::new(3, 3)));
        assert!(!dead.contains(&Pos::new(0, 0)), "outside the walls");
    }

    #[test]
    fn a_box_in_a_corner_off_goal_is_dead() {
        assert_eq!(
            check(&["#####", "#x--#", "#(-+#", "#####"]),
            Some(Deadlock::DeadSquare(Pos::new(1, 1)))
        );
        assert_eq!(
            check(&["#####", "#-x-#", "#(-+#", "#####"]).map(|d| d.kind()),
            Some("dead-square"),
            "along the top wall"
        );
        assert_eq!(check(&["#####", "#---#", "#(x+#", "#---#", "#####"]), None);
    }

    #[test]
    fn boxes_round_a_closed_dead_square_are_a_closed_diagonal() {
        // The closed square is 4,3 (walls right and below); boxes above (4,2) and left (3,3),
        // each held across by the wall at 3,2; either could only be pushed into the square.
        let rows = [
            "########", "#++----#", "#--#x--#", "#--x-#-#", "#---##-#", "#(-----#", "########",
        ];
        let d = check(&rows);
        assert_eq!(
            d.as_ref().map(|d| d.kind()),
            Some("closed-diagonal"),
            "{d:?}"
        );
        let mut boxes = d.unwrap().boxes();
        boxes.sort();
        assert_eq!(boxes, [Pos::new(3, 3), Pos::new(4, 2)]);
        // With the cell between them open, the upper box can be pushed sideways: no deadlock.
        let mut open: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        open[2] = "#---x--#".into();
        let refs: Vec<&str> = open.iter().map(String::as_str).collect();
        assert_eq!(check(&refs), None);
        // Both boxes on goals: they may stay where they are.
        let mut on_goals: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        on_goals[1] = "#------#".into();
        on_goals[2] = "#--#X--#".into();
        on_goals[3] = "#--X-#-#".into();
        let refs: Vec<&str> = on_goals.iter().map(String::as_str).collect();
        assert_eq!(check(&refs), None);
    }

    #[test]
    fn two_boxes_side_by_side_on_a_wall_freeze() {
        // Both on live cells (a goal along the wall), side by side against the top wall.
        let d = check(&["#######", "#-xx+-#", "#(---+#", "#-----#", "#######"]);
        assert_eq!(d.as_ref().map(|d| d.kind()), Some("freeze"), "{d:?}");
        assert_eq!(d.unwrap().boxes().len(), 2);
        // One of them on its goal and the other free to leave: not frozen.
        assert_eq!(
            check(&["#######", "#---X-#", "#(-x-+#", "#-----#", "#######"]),
            None
        );
    }

    #[test]
    fn a_square_of_four_boxes_freezes_in_the_open() {
        let d = check(&[
            "########", "#(-----#", "#-xx-++#", "#-xx-++#", "#------#", "########",
        ]);
        assert_eq!(d.map(|d| d.kind()), Some("freeze"));
    }

    #[test]
    fn two_boxes_that_can_reach_only_one_goal_are_bipartite() {
        // Both boxes on the top row can only slide along it, to its one goal; the second goal
        // is below. Neither box is dead or frozen, but only one can be placed.
        let d = check(&["########", "#-x-x-+#", "#(-----#", "#-----+#", "########"]);
        assert_eq!(d.as_ref().map(|d| d.kind()), Some("bipartite"), "{d:?}");
        assert_eq!(d.unwrap().boxes().len(), 1, "one box left without a goal");
        // One box on the top row and one below: each has a goal.
        assert_eq!(
            check(&["########", "#-x---+#", "#(-x---#", "#-----+#", "########"]),
            None
        );
    }
}
