//! Moving one box to a cell: the shortest push path with the other boxes where they are.
//!
//! A search over (box cell, side of the box the worker stands on): from a side the worker pushes
//! the box one cell away from it, when the cell beyond is free; then it walks (a breadth-first
//! search with the box in its new place) to any side it can reach. Costs are compared as (pushes,
//! moves), so the path found has the fewest pushes, and among those the fewest moves. The result
//! is the whole move as steps: walks (lower case in LURD) and pushes (upper case).
//!
//! Reverse play ([`super::reverse`]) moves boxes by pulls: the worker beside the box steps away
//! from it onto a free cell and the box follows; the same search finds those moves
//! ([`Moving::Pull`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::blocks::{Blocks, NO_BLOCK};
use super::board::{Board, Pos};
use super::cell;
use super::direction::Direction;

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

/// How the worker moves a box: forward play pushes it, reverse play pulls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moving {
    Push,
    Pull,
}

/// Why a box cannot be moved to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoBoxMove {
    #[error("there is no box at {0}")]
    NotABox(Pos),
    #[error("the box is already at {0}")]
    AlreadyThere(Pos),
    #[error("no sequence of moves brings the box to {0} with the other boxes where they are")]
    NoPath(Pos),
}

/// The map as the search sees it: which cells a box or the worker may enter (walls and the
/// outside excluded), and which hold the other boxes.
struct Grid {
    width: usize,
    floor: Vec<bool>,
    other_boxes: Vec<bool>,
    /// Each cell's column, so that a neighbour costs no division.
    column: Vec<u32>,
}

impl Grid {
    fn of(board: &Board, moving: Pos) -> Grid {
        // Cells outside the walls are never reached: the walls enclose the worker's area.
        let floor = board.cells().iter().map(|&b| !cell::is_wall(b)).collect();
        let mut other_boxes: Vec<bool> = board.cells().iter().map(|&b| cell::is_box(b)).collect();
        other_boxes[(moving.y * board.width() + moving.x) as usize] = false;
        let (w, h) = (board.width(), board.height());
        let column = (0..h).flat_map(|_| 0..w).collect();
        Grid {
            width: w as usize,
            floor,
            other_boxes,
            column,
        }
    }

    #[inline]
    fn next(&self, i: usize, d: Direction) -> Option<usize> {
        match d {
            Direction::Down => Some(i + self.width).filter(|&j| j < self.floor.len()),
            Direction::Up => i.checked_sub(self.width),
            Direction::Right => (self.column[i] as usize + 1 < self.width).then_some(i + 1),
            Direction::Left => (self.column[i] > 0).then(|| i - 1),
        }
    }

    /// Free for the box or the worker, with the moving box at `box_at`.
    fn free(&self, i: usize, box_at: usize) -> bool {
        self.floor[i] && !self.other_boxes[i] && i != box_at
    }

    /// Where one push (away from the worker's side) or pull (the worker steps away from the box
    /// on its side) takes the box and the worker, when the cell it needs is free. Either way the
    /// worker ends beside the box on the side it started on.
    fn moved(&self, moving: Moving, (b, side): State) -> Option<(usize, usize)> {
        match moving {
            Moving::Push => {
                let to = self.next(b, side.opposite())?;
                self.free(to, b).then_some((to, b))
            }
            Moving::Pull => {
                let to = self.next(b, side)?;
                let worker = self.next(to, side)?;
                self.free(worker, b).then_some((to, worker))
            }
        }
    }

    /// The blocks of the cells the box and the worker share (the moving box taken away).
    fn blocks(&self) -> Blocks {
        let free: Vec<bool> = (0..self.floor.len())
            .map(|i| self.floor[i] && !self.other_boxes[i])
            .collect();
        Blocks::of(&free, |c, d| self.next(c, d))
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

/// The walks between a box's sides, with buffers kept from walk to walk: a cell's distance counts
/// only when its stamp is the current walk's, so nothing is cleared or allocated per push.
struct Walker {
    dist: Vec<u32>,
    stamp: Vec<u32>,
    walk: u32,
    queue: std::collections::VecDeque<usize>,
}

impl Walker {
    fn new(n: usize) -> Walker {
        Walker {
            dist: vec![0; n],
            stamp: vec![0; n],
            walk: 0,
            queue: std::collections::VecDeque::new(),
        }
    }

    /// The walk from `from` to the cell beside `box_at` on each `wanted` side (`u32::MAX` for the
    /// others); a breadth-first search that stops once it has found them all (the blocks say
    /// they are reachable, so it stops early in open rooms).
    fn walk_to_sides(
        &mut self,
        grid: &Grid,
        from: usize,
        box_at: usize,
        wanted: [bool; 4],
    ) -> [u32; 4] {
        self.walk += 1;
        let walk = self.walk;
        let sides = Direction::SEARCH_ORDER.map(|d| grid.next(box_at, d));
        let mut out = [u32::MAX; 4];
        let mut left = 0;
        for k in 0..4 {
            if wanted[k] && sides[k].is_some() {
                left += 1;
            }
        }
        let mut found = |cell: usize, d: u32, out: &mut [u32; 4]| {
            for k in 0..4 {
                if wanted[k] && sides[k] == Some(cell) && out[k] == u32::MAX {
                    out[k] = d;
                    left -= 1;
                }
            }
            left == 0
        };
        self.queue.clear();
        self.stamp[from] = walk;
        self.dist[from] = 0;
        if found(from, 0, &mut out) {
            return out;
        }
        self.queue.push_back(from);
        while let Some(i) = self.queue.pop_front() {
            for d in Direction::SEARCH_ORDER {
                let Some(j) = grid.next(i, d) else { continue };
                if self.stamp[j] == walk || !grid.free(j, box_at) {
                    continue;
                }
                self.stamp[j] = walk;
                self.dist[j] = self.dist[i] + 1;
                if found(j, self.dist[j], &mut out) {
                    return out;
                }
                self.queue.push_back(j);
            }
        }
        out
    }
}

/// The search's queue: (cost as (pushes, moves), box cell, side index), cheapest first.
type Queue = BinaryHeap<Reverse<((u32, u32), usize, usize)>>;

/// What the search learnt: the best cost of each state and the state it came from.
struct Search {
    grid: Grid,
    moving: Moving,
    best: Vec<Option<(u32, u32)>>,
    came_from: Vec<Option<State>>,
}

impl Search {
    fn slot((b, side): State) -> usize {
        b * 4 + side as usize
    }

    /// Runs the whole search from the board's position (every state the box can reach), or until
    /// the box first reaches `stop`.
    fn run(
        board: &Board,
        from: Pos,
        stop: Option<usize>,
        moving: Moving,
    ) -> (Search, Option<State>) {
        let grid = Grid::of(board, from);
        let n = grid.floor.len();
        let mut s = Search {
            grid,
            moving,
            best: vec![None; n * 4],
            came_from: vec![None; n * 4],
        };
        let start = (from.y * board.width() + from.x) as usize;
        let worker = board.worker_index() as usize;
        let mut heap = BinaryHeap::new();
        let (dist, _) = s.grid.walks(worker, start);
        let at_sides =
            Direction::SEARCH_ORDER.map(|d| s.grid.next(start, d).map_or(u32::MAX, |w| dist[w]));
        s.offer_sides(&mut heap, start, at_sides, (0, 0), None);
        let blocks = s.grid.blocks();
        let mut walker = Walker::new(n);
        while let Some(Reverse((cost, b, side))) = heap.pop() {
            let state = (b, Direction::SEARCH_ORDER[side]);
            if s.best[Self::slot(state)] != Some(cost) {
                continue;
            }
            if Some(b) == stop {
                return (s, Some(state));
            }
            let Some((to, worker)) = s.grid.moved(moving, state) else {
                continue;
            };
            // The worker ends beside the box on the same side; it walks only to the sides in
            // the same block, and the walk stops when it has found them.
            let here = blocks.of_edge(to, state.1);
            let wanted = Direction::SEARCH_ORDER.map(|d| blocks.of_edge(to, d) == here);
            let at_sides = walker.walk_to_sides(&s.grid, worker, to, wanted);
            s.offer_sides(
                &mut heap,
                to,
                at_sides,
                (cost.0 + 1, cost.1 + 1),
                Some(state),
            );
        }
        (s, None)
    }

    /// The step that moves the box from the worker's side.
    fn move_step(&self, side: Direction) -> Direction {
        match self.moving {
            Moving::Push => side.opposite(),
            Moving::Pull => side,
        }
    }

    /// Offers the states of the box at `b` with the worker on each side it can walk to.
    /// `at_sides[k]` is the walk to the side `SEARCH_ORDER[k]`, `u32::MAX` when out of reach.
    fn offer_sides(
        &mut self,
        heap: &mut Queue,
        b: usize,
        at_sides: [u32; 4],
        (pushes, moves): (u32, u32),
        from: Option<State>,
    ) {
        for (k, side) in Direction::SEARCH_ORDER.into_iter().enumerate() {
            if at_sides[k] == u32::MAX {
                continue;
            }
            let cost = (pushes, moves + at_sides[k]);
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
                steps.push((self.move_step(side), true));
                worker = (self.grid.moved(self.moving, (b, side)))
                    .expect("a move on the chain")
                    .1;
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
    box_move_by(board, from, to, Moving::Push)
}

/// [`box_move`] by pushes or (reverse play) by pulls; `pushes` then counts the pulls.
pub fn box_move_by(
    board: &Board,
    from: Pos,
    to: Pos,
    moving: Moving,
) -> Result<BoxMove, NoBoxMove> {
    if !board.get(from).is_some_and(|c| cell::is_box(c.byte())) {
        return Err(NoBoxMove::NotABox(from));
    }
    if from == to {
        return Err(NoBoxMove::AlreadyThere(to));
    }
    let target = board.index_of(to).ok_or(NoBoxMove::NoPath(to))? as usize;
    let (search, end) = Search::run(board, from, Some(target), moving);
    let end = end.ok_or(NoBoxMove::NoPath(to))?;
    let steps = search.steps(board, end);
    let pushes = steps.iter().filter(|s| s.1).count() as u32;
    Ok(BoxMove { steps, pushes })
}

/// Every cell the box at `from` can be pushed to with the other boxes where they are, dead
/// squares (from which a lone box can never reach a goal) left out; in reading order.
pub fn box_targets(board: &Board, from: Pos) -> Vec<Pos> {
    let live = live_cells(board);
    reached_cells(board, from, Moving::Push)
        .into_iter()
        .filter(|&p| live[(p.y * board.width() + p.x) as usize])
        .collect()
}

/// The cells from which a box alone in the room can be pushed to some goal (the others are the
/// dead squares): found backwards from the goals, pulling a box one cell at a time, which needs
/// the cell it comes to and the one beyond it for the worker. (`solver::Room::live_cells` answers
/// the same for the solver's compact grid.)
fn live_cells(board: &Board) -> Vec<bool> {
    let grid = Grid::of(board, Pos::new(0, 0));
    let mut live: Vec<bool> = board.cells().iter().map(|&b| cell::is_goal(b)).collect();
    let mut queue: Vec<usize> = (0..live.len()).filter(|&i| live[i]).collect();
    while let Some(c) = queue.pop() {
        for d in Direction::SEARCH_ORDER {
            let Some(b) = grid.next(c, d) else { continue };
            if !live[b] && grid.floor[b] && grid.next(b, d).is_some_and(|w| grid.floor[w]) {
                live[b] = true;
                queue.push(b);
            }
        }
    }
    live
}

/// Every cell the box at `from` can be pulled to (reverse play) with the other boxes where they
/// are; in reading order.
pub fn pull_targets(board: &Board, from: Pos) -> Vec<Pos> {
    reached_cells(board, from, Moving::Pull)
}

/// The cells other than `from` the box at `from` reaches, in reading order: a search over
/// (box cell, side of the worker) where the sides the worker can reach after a move come from
/// the blocks of the free cells, not from a walk, so that it takes time in proportion to the room.
fn reached_cells(board: &Board, from: Pos, moving: Moving) -> Vec<Pos> {
    if !board.get(from).is_some_and(|c| cell::is_box(c.byte())) {
        return Vec::new();
    }
    let grid = Grid::of(board, from);
    let n = grid.floor.len();
    let blocks = grid.blocks();
    let start = (from.y * board.width() + from.x) as usize;
    let at_sides =
        Walker::new(n).walk_to_sides(&grid, board.worker_index() as usize, start, [true; 4]);
    let mut seen = vec![false; n * 4];
    let mut queue: Vec<State> = Vec::new();
    for side in Direction::SEARCH_ORDER {
        if at_sides[side as usize] != u32::MAX {
            seen[start * 4 + side as usize] = true;
            queue.push((start, side));
        }
    }
    while let Some(state) = queue.pop() {
        let Some((to, _)) = grid.moved(moving, state) else {
            continue;
        };
        let here = blocks.of_edge(to, state.1);
        for d in Direction::SEARCH_ORDER {
            let block = blocks.of_edge(to, d);
            if block != NO_BLOCK && block == here && !seen[to * 4 + d as usize] {
                seen[to * 4 + d as usize] = true;
                queue.push((to, d));
            }
        }
    }
    (0..n)
        .filter(|&b| b != start && seen[b * 4..b * 4 + 4].iter().any(|&s| s))
        .map(|b| board.pos_of(b as u32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reference: a search over every (box cell, worker cell) with one step at a time,
    /// costs (pushes, moves). The fewest-cost of reaching `to`, or of every cell when `to` is
    /// `None` (then the cells the box reached).
    fn reference(
        b: &Board,
        from: Pos,
        to: Option<Pos>,
        moving: Moving,
    ) -> (Option<(u32, u32)>, Vec<Pos>) {
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
                let walk = (nw != bx && g.free(nw, bx)).then_some(((cost.0, cost.1 + 1), bx, nw));
                let moved = match moving {
                    Moving::Push if nw == bx => g
                        .next(bx, d)
                        .filter(|&nb| g.free(nb, bx))
                        .map(|nb| ((cost.0 + 1, cost.1 + 1), nb, nw)),
                    Moving::Pull if walk.is_some() && g.next(w, d.opposite()) == Some(bx) => {
                        Some(((cost.0 + 1, cost.1 + 1), w, nw))
                    }
                    _ => None,
                };
                for (c, nb, nw) in walk.into_iter().chain(moved) {
                    if best[nb * n + nw].is_none_or(|old| c < old) {
                        best[nb * n + nw] = Some(c);
                        heap.push(Reverse((c, nb, nw)));
                    }
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
            let (_, reached) = reference(&b, from, None, Moving::Push);
            let targets = box_targets(&b, from);
            // Exactly the reached cells that the solver's room calls live.
            let room = crate::core::solver::Room::of(&b);
            let live = room.live_cells();
            let expected: Vec<Pos> = reached
                .iter()
                .filter(|&&p| (room.at(p) as usize) < live.len() && live[room.at(p) as usize])
                .copied()
                .collect();
            prop_assert_eq!(&targets, &expected);
            for t in reached {
                let (cost, _) = reference(&b, from, Some(t), Moving::Push);
                let m = box_move(&b, from, t).expect("the reference reached it");
                let after = play(&b, &m);
                prop_assert!(after.get(t).is_some_and(|c| cell::is_box(c.byte())));
                prop_assert_eq!(Some((m.pushes, m.steps.len() as u32)), cost, "{} to {}: {}", from, t, m.lurd());
            }
            // Pulls (reverse play) on the same room: every reached cell is lit.
            let (_, reached) = reference(&b, from, None, Moving::Pull);
            prop_assert_eq!(&pull_targets(&b, from), &reached);
            for t in reached {
                let (cost, _) = reference(&b, from, Some(t), Moving::Pull);
                let m = box_move_by(&b, from, t, Moving::Pull).expect("the reference reached it");
                let after = pull(&b, &m);
                prop_assert!(after.get(t).is_some_and(|c| cell::is_box(c.byte())));
                prop_assert_eq!(Some((m.pushes, m.steps.len() as u32)), cost, "pull {} to {}: {}", from, t, m.lurd());
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

    /// Plays a pull move's steps through the reverse rules; returns the board after.
    fn pull(b: &Board, m: &BoxMove) -> Board {
        let mut b = b.clone();
        for &(d, pull) in &m.steps {
            let moved = b.pull_step(d, pull).expect("a legal step");
            assert_eq!(moved.pushed(), pull, "{}", m.lurd());
        }
        b
    }

    #[test]
    fn a_box_is_pulled_round_to_the_target() {
        // Worker at 1,1, box at 3,2: to bring it to 2,2 the worker walks to its left side and
        // backs away left. Next to a wall it cannot go: the worker would have no cell beyond.
        let b = board(&["#######", "#(----#", "#--x--#", "#----+#", "#######"]);
        let m = box_move_by(&b, Pos::new(3, 2), Pos::new(2, 2), Moving::Pull).unwrap();
        assert_eq!((m.pushes, m.steps.len()), (1, 3), "{}", m.lurd());
        let after = pull(&b, &m);
        assert!(
            after
                .get(Pos::new(2, 2))
                .is_some_and(|c| cell::is_box(c.byte()))
        );
        assert_eq!(
            box_move_by(&b, Pos::new(3, 2), Pos::new(1, 2), Moving::Pull),
            Err(NoBoxMove::NoPath(Pos::new(1, 2)))
        );
        // A box against a wall cannot be pulled away from it along that wall's normal.
        let b = board(&["######", "#(-x-#", "######"]);
        assert_eq!(
            pull_targets(&b, Pos::new(3, 1)),
            vec![Pos::new(2, 1)],
            "only left: pulling right needs a cell beyond"
        );
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
