//! Moving one box to a cell: the shortest push path with the other boxes where they are.
//!
//! A search over (box cell, side of the box the worker stands on): from a side the worker pushes
//! the box one cell away from it, when the cell beyond is free; then it walks (a breadth-first
//! search with the box in its new place) to any side it can reach. Costs are compared as (pushes,
//! moves), so the path found has the fewest pushes, and among those the fewest moves. The result
//! is the whole move as steps: walks (lower case in LURD) and pushes (upper case).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::board::{Board, Pos};
use super::cell;
use super::direction::Direction;
use super::solver::Room;

/// A box's move to a cell: every step, walks and pushes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxMove {
    /// (direction, whether it pushes), in order.
    pub steps: Vec<(Direction, bool)>,
    pub pushes: u32,
}

impl BoxMove {
    /// The move as LURD: walks lower case, pushes upper case.
    pub fn lurd(&self) -> String {
        self.steps.iter().map(|&(d, push)| d.lurd(push)).collect()
    }
}

/// Why a box cannot be moved to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoBoxMove {
    #[error("there is no box at {0}")]
    NotABox(Pos),
    #[error("the box is already at {0}")]
    AlreadyThere(Pos),
    #[error("no sequence of pushes brings the box to {0} with the other boxes where they are")]
    NoPath(Pos),
}

/// The map as the search sees it: which cells a box or the worker may enter (walls and the
/// outside excluded), and which hold the other boxes.
struct Grid {
    width: i32,
    height: i32,
    floor: Vec<bool>,
    other_boxes: Vec<bool>,
}

impl Grid {
    fn of(board: &Board, moving: Pos) -> Grid {
        // Cells outside the walls are never reached: the walls enclose the worker's area.
        let floor = board.cells().iter().map(|&b| !cell::is_wall(b)).collect();
        let mut other_boxes: Vec<bool> = board.cells().iter().map(|&b| cell::is_box(b)).collect();
        other_boxes[(moving.y * board.width() + moving.x) as usize] = false;
        Grid {
            width: board.width() as i32,
            height: board.height() as i32,
            floor,
            other_boxes,
        }
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        ((0..self.width).contains(&x) && (0..self.height).contains(&y))
            .then(|| (y * self.width + x) as usize)
    }

    fn next(&self, i: usize, d: Direction) -> Option<usize> {
        let (dx, dy) = d.offset();
        let (x, y) = ((i as i32) % self.width, (i as i32) / self.width);
        self.index(x + dx, y + dy)
    }

    /// Free for the box or the worker, with the moving box at `box_at`.
    fn free(&self, i: usize, box_at: usize) -> bool {
        self.floor[i] && !self.other_boxes[i] && i != box_at
    }

    /// Walking distances from `from` with the moving box at `box_at`, and each cell's last step.
    fn walks(&self, from: usize, box_at: usize) -> (Vec<u32>, Vec<Option<Direction>>) {
        let n = self.floor.len();
        let mut dist = vec![u32::MAX; n];
        let mut last = vec![None; n];
        let mut queue = std::collections::VecDeque::from([from]);
        dist[from] = 0;
        while let Some(i) = queue.pop_front() {
            for d in Direction::SEARCH_ORDER {
                if let Some(j) = self.next(i, d)
                    && dist[j] == u32::MAX
                    && self.free(j, box_at)
                {
                    dist[j] = dist[i] + 1;
                    last[j] = Some(d);
                    queue.push_back(j);
                }
            }
        }
        (dist, last)
    }
}

/// A state of the search: the box's cell and the side the worker stands on (the direction from
/// the box to the worker).
type State = (usize, Direction);

/// The search's queue: (cost as (pushes, moves), box cell, side index), cheapest first.
type Queue = BinaryHeap<Reverse<((u32, u32), usize, usize)>>;

/// What the search learnt: the best cost of each state and the state it came from.
struct Search {
    grid: Grid,
    best: Vec<Option<(u32, u32)>>,
    came_from: Vec<Option<State>>,
}

impl Search {
    fn slot((b, side): State) -> usize {
        b * 4 + side as usize
    }

    /// Runs the whole search from the board's position (every state the box can reach), or until
    /// the box first reaches `stop`.
    fn run(board: &Board, from: Pos, stop: Option<usize>) -> (Search, Option<State>) {
        let grid = Grid::of(board, from);
        let n = grid.floor.len();
        let mut s = Search {
            grid,
            best: vec![None; n * 4],
            came_from: vec![None; n * 4],
        };
        let start = (from.y * board.width() + from.x) as usize;
        let worker = board.worker_index() as usize;
        let mut heap = BinaryHeap::new();
        let (dist, _) = s.grid.walks(worker, start);
        s.offer_sides(&mut heap, start, &dist, (0, 0), None);
        while let Some(Reverse((cost, b, side))) = heap.pop() {
            let state = (b, Direction::SEARCH_ORDER[side]);
            if s.best[Self::slot(state)] != Some(cost) {
                continue;
            }
            if Some(b) == stop {
                return (s, Some(state));
            }
            // Push away from the worker's side: the box goes to the cell opposite it.
            let Some(to) = s.grid.next(b, state.1.opposite()) else {
                continue;
            };
            if !s.grid.free(to, b) {
                continue;
            }
            let (dist, _) = s.grid.walks(b, to);
            s.offer_sides(&mut heap, to, &dist, (cost.0 + 1, cost.1 + 1), Some(state));
        }
        (s, None)
    }

    /// Offers the states of the box at `b` with the worker on each side it can walk to.
    fn offer_sides(
        &mut self,
        heap: &mut Queue,
        b: usize,
        dist: &[u32],
        (pushes, moves): (u32, u32),
        from: Option<State>,
    ) {
        for (k, side) in Direction::SEARCH_ORDER.into_iter().enumerate() {
            let Some(w) = self.grid.next(b, side) else {
                continue;
            };
            if dist[w] == u32::MAX {
                continue;
            }
            let cost = (pushes, moves + dist[w]);
            let slot = Self::slot((b, side));
            if self.best[slot].is_none_or(|c| cost < c) {
                self.best[slot] = Some(cost);
                self.came_from[slot] = from;
                heap.push(Reverse((cost, b, k)));
            }
        }
    }

    /// The steps from the board's position to `end`: for each push, the walk to its side, then
    /// the push.
    fn steps(&self, board: &Board, end: State) -> Vec<(Direction, bool)> {
        let mut chain = vec![end];
        while let Some(prev) = self.came_from[Self::slot(*chain.last().unwrap())] {
            chain.push(prev);
        }
        chain.reverse();
        let mut worker = board.worker_index() as usize;
        let mut steps = Vec::new();
        for (k, &(b, side)) in chain.iter().enumerate() {
            let w = self.grid.next(b, side).expect("a side inside the map");
            steps.extend(self.walk(worker, w, b).into_iter().map(|d| (d, false)));
            if k + 1 < chain.len() {
                steps.push((side.opposite(), true));
                worker = b;
            }
        }
        steps
    }

    /// The worker's shortest walk between two cells with the box at `box_at`.
    fn walk(&self, from: usize, to: usize, box_at: usize) -> Vec<Direction> {
        let (_, last) = self.grid.walks(from, box_at);
        let mut path = Vec::new();
        let mut at = to;
        while at != from {
            let d = last[at].expect("the side was reached");
            path.push(d);
            at = self.grid.next(at, d.opposite()).expect("inside the map");
        }
        path.reverse();
        path
    }
}

/// The fewest-pushes (then fewest-moves) move of the box at `from` to `to`, the other boxes
/// staying where they are.
pub fn box_move(board: &Board, from: Pos, to: Pos) -> Result<BoxMove, NoBoxMove> {
    if !board.get(from).is_some_and(|c| cell::is_box(c.byte())) {
        return Err(NoBoxMove::NotABox(from));
    }
    if from == to {
        return Err(NoBoxMove::AlreadyThere(to));
    }
    let target = board.index_of(to).ok_or(NoBoxMove::NoPath(to))? as usize;
    let (search, end) = Search::run(board, from, Some(target));
    let end = end.ok_or(NoBoxMove::NoPath(to))?;
    let steps = search.steps(board, end);
    let pushes = steps.iter().filter(|s| s.1).count() as u32;
    Ok(BoxMove { steps, pushes })
}

/// Every cell the box at `from` can be pushed to with the other boxes where they are, dead
/// squares (from which a lone box can never reach a goal) left out; in reading order.
pub fn box_targets(board: &Board, from: Pos) -> Vec<Pos> {
    if !board.get(from).is_some_and(|c| cell::is_box(c.byte())) {
        return Vec::new();
    }
    let (search, _) = Search::run(board, from, None);
    let room = Room::of(board);
    let live = room.live_cells();
    let start = board.index_of(from).map(|i| i as usize);
    (0..search.grid.floor.len())
        .filter(|&b| Some(b) != start && (0..4).any(|k| search.best[b * 4 + k].is_some()))
        .map(|b| board.pos_of(b as u32))
        .filter(|&p| {
            let c = room.at(p);
            (c as usize) < live.len() && live[c as usize]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reference: a search over every (box cell, worker cell) with one step at a time,
    /// costs (pushes, moves). The fewest-cost of reaching `to`, or of every cell when `to` is
    /// `None` (then the cells the box reached).
    fn reference(b: &Board, from: Pos, to: Option<Pos>) -> (Option<(u32, u32)>, Vec<Pos>) {
        let g = Grid::of(b, from);
        let n = g.floor.len();
        let idx = |p: Pos| (p.y * b.width() + p.x) as usize;
        let mut best = vec![None::<(u32, u32)>; n * n];
        let mut heap = BinaryHeap::new();
        let start = (idx(from), b.worker_index() as usize);
        best[start.0 * n + start.1] = Some((0, 0));
        heap.push(Reverse(((0u32, 0u32), start.0, start.1)));
        let mut reached = vec![false; n];
        while let Some(Reverse((cost, bx, w))) = heap.pop() {
            if best[bx * n + w] != Some(cost) {
                continue;
            }
            reached[bx] = true;
            if to.is_some_and(|t| idx(t) == bx) {
                return (Some(cost), Vec::new());
            }
            for d in Direction::SEARCH_ORDER {
                let Some(nw) = g.next(w, d) else { continue };
                let next = if nw == bx {
                    match g.next(bx, d) {
                        Some(nb) if g.free(nb, bx) => Some(((cost.0 + 1, cost.1 + 1), nb, nw)),
                        _ => None,
                    }
                } else if g.free(nw, bx) {
                    Some(((cost.0, cost.1 + 1), bx, nw))
                } else {
                    None
                };
                if let Some((c, nb, nw)) = next
                    && best[nb * n + nw].is_none_or(|old| c < old)
                {
                    best[nb * n + nw] = Some(c);
                    heap.push(Reverse((c, nb, nw)));
                }
            }
        }
        let cells = (0..n)
            .filter(|&i| reached[i] && i != idx(from))
            .map(|i| b.pos_of(i as u32))
            .collect();
        (None, cells)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// On random rooms: the move found has the reference's fewest pushes and then moves, and
        /// replays through the rules; the targets are the cells the reference reaches that are
        /// not dead squares.
        #[test]
        fn box_moves_agree_with_a_search_over_every_position(
            w in 3u32..8, h in 2u32..6, fill in proptest::collection::vec(0u8..10, 48),
            pick in any::<u64>(),
        ) {
            let mut rows = vec!["#".repeat(w as usize + 2)];
            let mut k = 0;
            for _ in 0..h {
                let mut r = String::from("#");
                for _ in 0..w {
                    r.push(match fill[k % fill.len()] { 0 | 1 => '#', 2 => 'x', _ => '-' });
                    k += 1;
                }
                r.push('#');
                rows.push(r);
            }
            rows.push("#".repeat(w as usize + 2));
            // The worker and a goal on two floor cells.
            let floor: Vec<(usize, usize)> = rows.iter().enumerate()
                .flat_map(|(y, r)| r.char_indices().filter(|c| c.1 == '-').map(move |(x, _)| (x, y)))
                .collect();
            prop_assume!(floor.len() >= 3);
            let (wx, wy) = floor[(pick % floor.len() as u64) as usize];
            let (gx, gy) = floor[((pick / 7 + 1) % floor.len() as u64) as usize];
            prop_assume!((wx, wy) != (gx, gy));
            let mut grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
            grid[wy][wx] = '(';
            grid[gy][gx] = '+';
            let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
            let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
            let b = Board::from_mask_rows(&refs).unwrap();
            let boxes: Vec<Pos> = b.boxes().collect();
            prop_assume!(!boxes.is_empty());
            let from = boxes[(pick as usize / 13) % boxes.len()];
            let (_, reached) = reference(&b, from, None);
            let targets = box_targets(&b, from);
            for t in &targets {
                prop_assert!(reached.contains(t), "{} not reached by the reference", t);
            }
            for t in reached {
                let (cost, _) = reference(&b, from, Some(t));
                let m = box_move(&b, from, t).expect("the reference reached it");
                let after = play(&b, &m);
                prop_assert!(after.get(t).is_some_and(|c| cell::is_box(c.byte())));
                prop_assert_eq!(Some((m.pushes, m.steps.len() as u32)), cost, "{} to {}: {}", from, t, m.lurd());
            }
        }
    }

    fn board(rows: &[&str]) -> Board {
        Board::from_mask_rows(rows).unwrap()
    }

    /// Plays a move's steps through the rules; returns the board after.
    fn play(b: &Board, m: &BoxMove) -> Board {
        let mut b = b.clone();
        for &(d, push) in &m.steps {
            let moved = b.step(d).expect("a legal step");
            assert_eq!(moved.pushed(), push, "{}", m.lurd());
        }
        b
    }

    #[test]
    fn a_box_goes_round_to_the_target_with_the_fewest_pushes() {
        // Worker at 1,1, box at 2,2; the box must go to 4,2 (two pushes right): the worker walks
        // down and round to the box's left side first.
        let b = board(&["#######", "#(----#", "#-x---#", "#----+#", "#######"]);
        let m = box_move(&b, Pos::new(2, 2), Pos::new(4, 2)).unwrap();
        assert_eq!(m.pushes, 2);
        assert_eq!(m.lurd(), "dRR");
        let after = play(&b, &m);
        assert!(
            after
                .get(Pos::new(4, 2))
                .is_some_and(|c| cell::is_box(c.byte()))
        );
    }

    #[test]
    fn other_boxes_stay_and_block() {
        // A second box at 3,2 blocks the straight way; the box goes round below it.
        let b = board(&[
            "########", "#(-----#", "#-xx---#", "#------#", "#-----+#", "########",
        ]);
        let m = box_move(&b, Pos::new(2, 2), Pos::new(5, 2));
        let m = m.unwrap();
        let after = play(&b, &m);
        assert!(
            after
                .get(Pos::new(3, 2))
                .is_some_and(|c| cell::is_box(c.byte())),
            "stays"
        );
        assert!(
            after
                .get(Pos::new(5, 2))
                .is_some_and(|c| cell::is_box(c.byte()))
        );
        assert_eq!(m.pushes, 5, "{}", m.lurd());
    }

    #[test]
    fn impossible_moves_say_why() {
        let b = board(&["######", "#(x-+#", "######"]);
        assert_eq!(
            box_move(&b, Pos::new(3, 1), Pos::new(4, 1)),
            Err(NoBoxMove::NotABox(Pos::new(3, 1)))
        );
        assert_eq!(
            box_move(&b, Pos::new(2, 1), Pos::new(2, 1)),
            Err(NoBoxMove::AlreadyThere(Pos::new(2, 1)))
        );
        // A box can never come back left in a corridor.
        let b2 = board(&["######", "#-x(+#", "######"]);
        assert_eq!(
            box_move(&b2, Pos::new(2, 1), Pos::new(4, 1)),
            Err(NoBoxMove::NoPath(Pos::new(4, 1)))
        );
        assert_eq!(
            box_move(&b, Pos::new(2, 1), Pos::new(4, 1)).unwrap().lurd(),
            "RR"
        );
    }

    #[test]
    fn targets_leave_out_dead_squares() {
        // A room with the goal at 4,2: corners are dead, the cells along the middle are not.
        let b = board(&["#######", "#(----#", "#-x--+#", "#-----#", "#######"]);
        let t = box_targets(&b, Pos::new(2, 2));
        assert!(t.contains(&Pos::new(5, 2)), "{t:?}");
        assert!(
            !t.contains(&Pos::new(1, 1)) && !t.contains(&Pos::new(5, 3)),
            "corners: {t:?}"
        );
        assert!(!t.contains(&Pos::new(2, 2)), "not where it is");
        for p in t {
            let m = box_move(&b, Pos::new(2, 2), p).unwrap();
            assert!(play(&b, &m).get(p).is_some_and(|c| cell::is_box(c.byte())));
        }
    }
}
