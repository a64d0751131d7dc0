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
        let found = if board.edge_blanks == 0 {
            flood_closed(&mut self.queue, &mut board.cells, w, d, wi)
        } else {
            flood::<true>(&mut self.queue, &mut board.cells, w, d, wi)
        };
        if found {
            self.rebuild(board, wi, d);
        }
        clear_marks(&self.queue, &mut board.cells);
        board.cells[wi as usize] = worker_byte;
        found.then_some(self.walk.as_slice())
    }

    /// Follows the marks from the worker's cell (marked by the search) back to the destination:
    /// at each cell, the first neighbour in the order south, east, north, west that carries the
    /// previous layer's mark. Which cells carry which mark does not depend on the order the
    /// search expanded them in, so neither does the walk: it is the walk the plain reference BFS
    /// rebuilds by the same rule from its distances.
    fn rebuild(&mut self, board: &Board, worker: u32, dest: u32) {
        let (w, h) = (board.width(), board.height());
        let cells = &board.cells;
        let mut c = worker;
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

/// Clears the marks of the cells in `queue` (whose entries may carry [`flood_closed`]'s tags).
/// When they are many, one linear sweep of the whole map (which the compiler vectorises) is much
/// cheaper than visiting them in BFS order.
fn clear_marks(queue: &[u32], cells: &mut [u8]) {
    if queue.len() * 8 > cells.len() {
        for b in cells.iter_mut() {
            *b &= cell::KIND_MASK;
        }
    } else {
        for &i in queue {
            cells[(i & tag::INDEX) as usize] &= cell::KIND_MASK;
        }
    }
}

/// Tags [`flood_closed`] keeps in the top bits of its queue entries (cell indices of a board of
/// at most 8192 × 8192 cells fit in 26 bits).
mod tag {
    /// The cell is in the search's lower half: moving down leads away from the start.
    pub const DOWN: u32 = 1 << 30;
    /// The cell is in the search's right half: moving right leads away from the start.
    pub const RIGHT: u32 = 1 << 31;
    /// The cell index.
    pub const INDEX: u32 = (1 << 30) - 1;
}

/// For each mark 1–3, every byte as an outward test leaves it: blank bytes get the mark, all
/// others stay as they are (one load instead of a compare, a negation, an `and` and an `or`).
const MARKED: [[u8; 256]; 4] = {
    let mut t = [[0u8; 256]; 4];
    let mut m = 1;
    while m < 4 {
        let mut b = 0;
        while b < 256 {
            let byte = b as u8;
            t[m][b] = if cell::is_blank(byte) {
                byte | (m as u8) << cell::MARK_SHIFT
            } else {
                byte
            };
            b += 1;
        }
        m += 1;
    }
    t
};

/// The cyclic-mark flood of [`flood`] for a closed map (no blank cell on the outer ring, so no
/// bounds checks), tuned for large open areas with scattered boxes.
///
/// Each queue entry carries which way is *outward* for its cell: the last vertical and the last
/// horizontal step on the way the search reached it (down or up, right or left). Outward
/// neighbours are new cells about half the time (the neighbour may have been reached by a sibling
/// first, or be a box), which no branch predictor can guess; they are tested without a branch:
/// the byte is rewritten either way (through [`MARKED`]: with the mark if it was blank, as it was
/// if not) and so is the queue entry, and the queue only grows when the cell was blank. Inward neighbours are almost never new (they are nearer the start), so a
/// branch is the cheaper test there. Every cell still tests its neighbours in the order south,
/// east, north, west.
///
/// The worker's byte is checked once per layer: the search stops after the layer in which it was
/// reached (its cell is never expanded). Returns whether it was reached; the queue holds every
/// marked cell (tagged) for [`clear_marks`].
fn flood_closed(
    queue: &mut Vec<u32>,
    cells: &mut [u8],
    width: u32,
    start: u32,
    worker: u32,
) -> bool {
    use tag::{DOWN, INDEX, RIGHT};
    debug_assert!(cells.len() <= INDEX as usize + 1);
    queue.clear();
    // A queue entry for every cell, plus room for the unconditional writes past the end.
    queue.reserve(cells.len() + 4);
    let q = queue.as_mut_ptr();
    let len = cells.len();
    cells[start as usize] = cell::with_mark(cells[start as usize], 1);
    let mut tail = 0usize;
    // SAFETY: the queue has room for `cells.len() + 4` entries and each cell is appended at most
    // once (it is marked when appended and marked cells are never blank), so `tail + 1 <= len`
    // before each write; neighbours of expanded cells are in the map because no expanded cell
    // lies on the outer ring (the caller's guarantee, checked in debug builds).
    unsafe {
        *q = start;
        tail += 1;
        let mut head = 0usize;
        let mut mark = cell::next_mark(1);
        let cp = cells.as_mut_ptr();
        while head < tail {
            let layer_end = tail;
            let next = mark << cell::MARK_SHIFT;
            let marked = &MARKED[mark as usize];
            while head < layer_end {
                let e = *q.add(head);
                head += 1;
                let c = e & INDEX;
                debug_assert!(c >= width && (c + width) < len as u32);
                let (v, h) = (e & DOWN, e & RIGHT);
                // A branch for an inward neighbour.
                macro_rules! inward {
                    ($n:expr, $tag:expr) => {{
                        let n = $n;
                        let b = *cp.add(n as usize);
                        if cell::is_blank(b) {
                            *cp.add(n as usize) = b | next;
                            *q.add(tail) = n | $tag;
                            tail += 1;
                        }
                    }};
                }
                // No branch for an outward one.
                macro_rules! outward {
                    ($n:expr, $tag:expr) => {{
                        let n = $n;
                        let b = *cp.add(n as usize);
                        let after = *marked.get_unchecked(b as usize);
                        *cp.add(n as usize) = after;
                        *q.add(tail) = n | $tag;
                        tail += (after != b) as usize;
                    }};
                }
                // Children keep the parent's tags, with the axis of the step set to the step.
                let (s, e_, n_, w_) = (c + width, c + 1, c - width, c - 1);
                match (v != 0, h != 0) {
                    (false, false) => {
                        inward!(s, DOWN | h);
                        inward!(e_, v | RIGHT);
                        outward!(n_, h);
                        outward!(w_, v);
                    }
                    (false, true) => {
                        inward!(s, DOWN | h);
                        outward!(e_, v | RIGHT);
                        outward!(n_, h);
                        inward!(w_, v);
                    }
                    (true, false) => {
                        outward!(s, DOWN | h);
                        inward!(e_, v | RIGHT);
                        inward!(n_, h);
                        outward!(w_, v);
                    }
                    (true, true) => {
                        outward!(s, DOWN | h);
                        outward!(e_, v | RIGHT);
                        inward!(n_, h);
                        inward!(w_, v);
                    }
                }
            }
            if !cell::is_blank(*cp.add(worker as usize)) {
                queue.set_len(tail);
                return true;
            }
            mark = cell::next_mark(mark);
        }
        queue.set_len(tail);
    }
    false
}

/// Breadth-first flood from `start` over blank cells, marking each with its layer's cyclic mark.
/// Stops when it reaches the cell `worker`, which the caller has made blank for the search (so
/// the test for it costs one compare per reached cell, not one per non-blank neighbour). Leaves
/// the marked cells in `queue` (the caller clears them) and returns whether it reached the worker.
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
) -> bool {
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
            ($n:expr) => {{
                let n = $n;
                let b = cells[n as usize];
                if cell::is_blank(b) {
                    cells[n as usize] = b | next;
                    queue.push(n);
                    if n == worker {
                        return true;
                    }
                }
            }};
        }
        if !CHECKED || c + width < len {
            visit!(c + width);
        }
        if !CHECKED || x + 1 < width {
            visit!(c + 1);
        }
        if !CHECKED || c >= width {
            visit!(c - width);
        }
        if !CHECKED || x > 0 {
            visit!(c - 1);
        }
    }
    false
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

    /// A walled room with boxes on about one cell in `every` (xorshift), worker at (1, 1).
    fn room(w: u32, h: u32, every: u32, seed: u32) -> Board {
        let mut s = seed;
        let mut cells = Vec::new();
        for y in 0..h {
            for x in 0..w {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                cells.push(if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    WALL
                } else if s.is_multiple_of(every) {
                    BOX0
                } else {
                    LAND
                });
            }
        }
        cells[(w + 1) as usize] = MAN0;
        Board::new(w, h, cells).unwrap()
    }

    /// Large open rooms with scattered boxes exercise the closed-map flood's outward / inward
    /// split in every quadrant around the destination: its walks are exactly the reference's.
    #[test]
    fn open_rooms_with_boxes_match_the_reference_in_every_direction() {
        let mut f = PathFinder::new();
        let mut plain = reference::PlainBfs::default();
        for (seed, every) in [(0x1234_5678, 12), (0x9e37_79b9, 5), (0x0bad_cafe, 48)] {
            let b = room(90, 70, every, seed);
            for dest in [
                Pos::new(88, 68),
                Pos::new(45, 35),
                Pos::new(88, 1),
                Pos::new(2, 60),
                Pos::new(60, 20),
            ] {
                let mut m = b.clone();
                let walk = f.find_path(&mut m, dest).map(|w| w.to_vec());
                assert_eq!(m, b, "map unchanged");
                assert_eq!(
                    walk,
                    plain.find_path(&b, dest),
                    "{dest} with boxes 1 in {every}"
                );
            }
        }
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
