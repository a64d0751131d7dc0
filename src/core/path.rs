//! The seed's `FindPath`, version 2: the cyclic-mark breadth-first search.
//!
//! The search runs from the destination back to the worker. Each reached blank cell gets the mark
//! of its BFS layer, cycling 1 → 2 → 3 → 1, stored in bits 3–4 of its own map byte, so the map
//! stays one byte per cell and the walk length is unbounded. Neighbouring cells are at most one
//! layer apart, so from any cell of layer k the neighbour carrying `previous_mark` is in layer
//! k − 1: following it walks back to the destination by a shortest path.
//!
//! The queue is a `Vec<u32>` of cell indices that is never popped, only read from a moving head,
//! so after the search it lists exactly the marked cells and clearing them costs one pass over it.
//! It is kept between searches: after the first search on a map of a given size no search
//! allocates.
//!
//! When no blank cell lies on the map's outer ring (every closed level), no reached cell can have a
//! neighbour off the map, so the inner loop runs without bounds arithmetic. Otherwise a checked
//! variant computes the column of each cell. Both are the same generic function.

use super::board::{Board, Pos};
use super::cell;
use super::direction::Direction;

/// Reusable state of the path search: the queue and the output walk.
#[derive(Default, Debug, Clone)]
pub struct PathFinder {
    /// Cell indices in BFS order: after a search, exactly the cells it marked.
    queue: Vec<u32>,
    walk: Vec<Direction>,
}

/// Where the search met the worker: the cell `c` next to it, and the direction from `c` to it.
struct Meeting {
    cell: u32,
    to_worker: Direction,
}

impl PathFinder {
    pub fn new() -> PathFinder {
        PathFinder::default()
    }

    /// Cells the last search reached (marked), the destination included.
    pub fn visited(&self) -> usize {
        self.queue.len()
    }

    /// Bytes currently reserved by the search's queue and walk buffers.
    pub fn working_bytes(&self) -> usize {
        self.queue.capacity() * std::mem::size_of::<u32>()
            + self.walk.capacity() * std::mem::size_of::<Direction>()
    }

    /// The shortest walk of the worker to `dest`, as directions.
    ///
    /// `None` when `dest` is off the map, not walkable (wall, brick, box) or unreachable; an empty
    /// walk when `dest` is the worker's own cell. The board's bytes are identical afterwards.
    pub fn find_path(&mut self, board: &mut Board, dest: Pos) -> Option<&[Direction]> {
        self.walk.clear();
        let d = board.index_of(dest)?;
        if d == board.worker_index() {
            return Some(&self.walk);
        }
        if !cell::is_blank(board.cells[d as usize]) {
            return None;
        }
        let w = board.width();
        // The worker's cell counts as blank during the search (never expanded: the search stops
        // when it reaches it) and gets its byte back afterwards.
        let wi = board.worker_index();
        let worker_byte = board.cells[wi as usize];
        board.cells[wi as usize] = cell::man_out(worker_byte);
        let meeting = if board.edge_blanks == 0 {
            flood::<false>(&mut self.queue, &mut board.cells, w, d, wi)
        } else {
            flood::<true>(&mut self.queue, &mut board.cells, w, d, wi)
        };
        if let Some(m) = &meeting {
            self.rebuild(board, m, d);
        }
        clear_marks(&self.queue, &mut board.cells);
        board.cells[wi as usize] = worker_byte;
        meeting.map(|_| self.walk.as_slice())
    }

    /// Follows the marks from the meeting cell back to the destination.
    fn rebuild(&mut self, board: &Board, m: &Meeting, dest: u32) {
        self.walk.push(m.to_worker.opposite());
        let (w, h) = (board.width(), board.height());
        let cells = &board.cells;
        let mut c = m.cell;
        while c != dest {
            let want = cell::previous_mark(cell::mark(cells[c as usize]));
            let (x, y) = (c % w, c / w);
            let next = Direction::SEARCH_ORDER.into_iter().find_map(|dir| {
                let n = match dir {
                    Direction::Down if y + 1 < h => c + w,
                    Direction::Right if x + 1 < w => c + 1,
                    Direction::Up if y > 0 => c - w,
                    Direction::Left if x > 0 => c - 1,
                    _ => return None,
                };
                (cell::mark(cells[n as usize]) == want).then_some((dir, n))
            });
            let (dir, n) = next.expect("a marked cell always has a neighbour one layer closer");
            self.walk.push(dir);
            c = n;
        }
    }

    /// Every cell the worker can reach now without pushing (its own cell first), in BFS order.
    /// The board's bytes are identical afterwards.
    pub fn reachable(&mut self, board: &mut Board) -> &[u32] {
        let start = board.worker_index();
        let w = board.width();
        // No target (u32::MAX is never a cell). The flood expands the worker's cell too, so the
        // unchecked variant also needs it off the outer ring.
        if board.edge_blanks == 0 && !board.on_edge(start) {
            flood::<false>(&mut self.queue, &mut board.cells, w, start, u32::MAX);
        } else {
            flood::<true>(&mut self.queue, &mut board.cells, w, start, u32::MAX);
        }
        clear_marks(&self.queue, &mut board.cells);
        &self.queue
    }
}

/// Clears the marks of the cells in `queue`. When they are many, one linear sweep of the whole
/// map (which the compiler vectorises) is much cheaper than visiting them in BFS order.
fn clear_marks(queue: &[u32], cells: &mut [u8]) {
    if queue.len() * 8 > cells.len() {
        for b in cells.iter_mut() {
            *b &= cell::KIND_MASK;
        }
    } else {
        for &i in queue {
            cells[i as usize] &= cell::KIND_MASK;
        }
    }
}

/// Breadth-first flood from `start` over blank cells, marking each with its layer's cyclic mark.
/// Stops when it reaches the cell `worker`, which the caller has made blank for the search (so
/// the test for it costs one compare per reached cell, not one per non-blank neighbour). Leaves
/// the marked cells in `queue` (the caller clears them) and returns where it met the worker.
///
/// With `CHECKED == false` the caller guarantees that no cell it expands lies on the outer ring
/// (no blank cell there, and the start is not there), so every neighbour exists.
///
/// The queue is walked layer by layer, so the mark to give the next layer is known without
/// reading the expanded cell's own byte.
#[inline(always)]
fn flood<const CHECKED: bool>(
    queue: &mut Vec<u32>,
    cells: &mut [u8],
    width: u32,
    start: u32,
    worker: u32,
) -> Option<Meeting> {
    queue.clear();
    cells[start as usize] = cell::with_mark(cells[start as usize], 1);
    queue.push(start);
    let len = cells.len() as u32;
    let mut head = 0;
    let mut layer_end = 1;
    let mut next = cell::next_mark(1) << cell::MARK_SHIFT;
    while head < queue.len() {
        if head == layer_end {
            layer_end = queue.len();
            next = cell::next_mark(next >> cell::MARK_SHIFT) << cell::MARK_SHIFT;
        }
        let c = queue[head];
        head += 1;
        let x = if CHECKED { c % width } else { 0 };
        macro_rules! visit {
            ($n:expr, $dir:expr) => {{
                let n = $n;
                let b = cells[n as usize];
                if cell::is_blank(b) {
                    cells[n as usize] = b | next;
                    queue.push(n);
                    if n == worker {
                        return Some(Meeting {
                            cell: c,
                            to_worker: $dir,
                        });
                    }
                }
            }};
        }
        if !CHECKED || c + width < len {
            visit!(c + width, Direction::Down);
        }
        if !CHECKED || x + 1 < width {
            visit!(c + 1, Direction::Right);
        }
        if !CHECKED || c >= width {
            visit!(c - width, Direction::Up);
        }
        if !CHECKED || x > 0 {
            visit!(c - 1, Direction::Left);
        }
    }
    None
}

/// A plain breadth-first search with a separate `u32` distance array: the reference the
/// cyclic-mark search is tested and benchmarked against.
pub mod reference {
    use super::*;

    /// Reusable buffers of the reference search.
    #[derive(Default)]
    pub struct PlainBfs {
        dist: Vec<u32>,
        queue: std::collections::VecDeque<u32>,
    }

    impl PlainBfs {
        /// Bytes reserved by the distance array and queue.
        pub fn working_bytes(&self) -> usize {
            (self.dist.capacity() + self.queue.capacity()) * 4
        }

        /// Shortest walk from the worker to `dest`, by a BFS from `dest` filling distances.
        pub fn find_path(&mut self, board: &Board, dest: Pos) -> Option<Vec<Direction>> {
            let d = board.index_of(dest)?;
            let start = board.worker_index();
            if d == start {
                return Some(Vec::new());
            }
            let cells = board.cells();
            if !cell::is_blank(cells[d as usize]) {
                return None;
            }
            self.dist.clear();
            self.dist.resize(cells.len(), u32::MAX);
            self.queue.clear();
            self.dist[d as usize] = 0;
            self.queue.push_back(d);
            let mut found = false;
            'search: while let Some(c) = self.queue.pop_front() {
                let p = board.pos_of(c);
                for dir in Direction::SEARCH_ORDER {
                    let Some(q) = board.neighbour(p, dir) else {
                        continue;
                    };
                    let n = board.index_of(q).unwrap();
                    if n == start {
                        self.dist[n as usize] = self.dist[c as usize] + 1;
                        found = true;
                        break 'search;
                    }
                    if cell::is_blank(cells[n as usize]) && self.dist[n as usize] == u32::MAX {
                        self.dist[n as usize] = self.dist[c as usize] + 1;
                        self.queue.push_back(n);
                    }
                }
            }
            if !found {
                return None;
            }
            let mut walk = Vec::new();
            let mut p = board.worker_pos();
            while p != dest {
                let here = self.dist[board.index_of(p).unwrap() as usize];
                let (dir, q) = Direction::SEARCH_ORDER
                    .into_iter()
                    .filter_map(|dir| board.neighbour(p, dir).map(|q| (dir, q)))
                    .find(|(_, q)| self.dist[board.index_of(*q).unwrap() as usize] == here - 1)
                    .expect("a closer neighbour exists");
                walk.push(dir);
                p = q;
            }
            Some(walk)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell::*;
    use crate::core::samples::serpentine;
    use Direction::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_mask_rows(rows).unwrap()
    }

    /// Applies a walk, checking every step is a plain walk over blank cells.
    fn walk_is_valid(b: &Board, walk: &[Direction], dest: Pos) -> bool {
        let mut b = b.clone();
        for &d in walk {
            match b.step(d) {
                Ok(m) if !m.pushed() => {}
                _ => return false,
            }
        }
        b.worker_pos() == dest
    }

    #[test]
    fn finds_the_shortest_walk_and_leaves_the_map_untouched() {
        let mut b = board(&[
            "#######", //
            "#(-#--#", //
            "#-##-##", //
            "#-----#", //
            "#######",
        ]);
        let before = b.clone();
        let mut f = PathFinder::new();
        let walk = f.find_path(&mut b, Pos::new(4, 1)).unwrap().to_vec();
        assert_eq!(b, before);
        assert_eq!(walk, [Down, Down, Right, Right, Right, Up, Up]);
        assert!(walk_is_valid(&b, &walk, Pos::new(4, 1)));
    }

    #[test]
    fn special_destinations() {
        let mut b = board(&["######", "#(x-##", "#-#--#", "######"]);
        let before = b.clone();
        let mut f = PathFinder::new();
        assert_eq!(
            f.find_path(&mut b, Pos::new(1, 1)),
            Some(&[][..]),
            "own cell"
        );
        assert_eq!(f.find_path(&mut b, Pos::new(0, 0)), None, "wall");
        assert_eq!(f.find_path(&mut b, Pos::new(2, 1)), None, "box");
        assert_eq!(f.find_path(&mut b, Pos::new(3, 1)), None, "behind the box");
        assert_eq!(f.find_path(&mut b, Pos::new(99, 1)), None, "off the map");
        assert_eq!(b, before);
    }

    #[test]
    fn maps_without_walls_stay_in_bounds() {
        // No enclosing wall; the worker on the edge, destinations in corners.
        let mut b = board(&["(---", "-#x-", "----"]);
        let before = b.clone();
        let mut f = PathFinder::new();
        for (x, y) in [(3, 0), (3, 2), (0, 2), (1, 2)] {
            let walk = f.find_path(&mut b, Pos::new(x, y)).unwrap().to_vec();
            assert!(walk_is_valid(&b, &walk, Pos::new(x, y)));
            assert_eq!(b, before);
        }
        // A one-row map: east must never wrap onto a following row.
        let mut b = board(&["-(-#", "----"]);
        let walk = f.find_path(&mut b, Pos::new(0, 1)).unwrap().to_vec();
        assert_eq!(walk.len(), 2);
        let mut b = board(&["(#", "#-"]);
        assert_eq!(f.find_path(&mut b, Pos::new(1, 1)), None);
    }

    #[test]
    fn goal_cells_are_walkable_and_keep_their_bit() {
        let mut b = board(&["#####", "#)++#", "#####"]);
        let before = b.clone();
        let mut f = PathFinder::new();
        assert_eq!(
            f.find_path(&mut b, Pos::new(3, 1)).unwrap(),
            &[Right, Right]
        );
        assert_eq!(b, before);
        assert_eq!(b.cells()[7], SLOT);
    }

    #[test]
    fn reachable_area() {
        let mut b = board(&["#######", "#(-x--#", "#-#####", "#######"]);
        let before = b.clone();
        let mut f = PathFinder::new();
        let mut got: Vec<Pos> = f.reachable(&mut b).iter().map(|&i| b.pos_of(i)).collect();
        assert_eq!(got[0], Pos::new(1, 1));
        got.sort();
        assert_eq!(got, [Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 1)]);
        assert_eq!(b, before);
    }

    #[test]
    fn reachable_from_a_worker_on_the_edge() {
        // No blank cell on the outer ring, but the worker stands on it.
        let mut b = board(&["#(#", "#-#", "###"]);
        let before = b.clone();
        let mut f = PathFinder::new();
        assert_eq!(f.reachable(&mut b), [1, 4]);
        assert_eq!(b, before);
    }

    #[test]
    fn no_allocation_after_the_first_search() {
        let (mut b, _) = serpentine(31);
        let mut f = PathFinder::new();
        let far = Pos::new(30, 30);
        f.find_path(&mut b, far).unwrap();
        let bytes = f.working_bytes();
        for _ in 0..3 {
            f.find_path(&mut b, far).unwrap();
            f.reachable(&mut b);
        }
        assert_eq!(f.working_bytes(), bytes, "buffers did not grow");
    }

    #[test]
    fn the_seeds_worst_case_127() {
        let n = 127;
        let (mut b, dest) = serpentine(n);
        let before = b.clone();
        let mut f = PathFinder::new();
        let walk = f.find_path(&mut b, dest).unwrap().to_vec();
        assert_eq!(walk.len(), 8190);
        assert_eq!(walk.len() as u32, (n * n - 1) / 2 + n - 1);
        assert!(walk_is_valid(&b, &walk, dest));
        assert_eq!(b, before);
    }

    #[test]
    fn far_past_version_ones_limit() {
        let n = 1023;
        let (mut b, dest) = serpentine(n);
        let mut f = PathFinder::new();
        let walk = f.find_path(&mut b, dest).unwrap().to_vec();
        assert_eq!(walk.len() as u32, (n * n - 1) / 2 + n - 1);
        assert!(walk.len() > 8191 * 60);
        assert!(walk_is_valid(&b, &walk, dest));
        let reference = reference::PlainBfs::default().find_path(&b, dest).unwrap();
        assert_eq!(reference.len(), walk.len());
    }
}
