//! The byte map: one byte per cell, row-major, plus the worker's place and the move counters.

use std::fmt;

use super::cell::{self, Cell};
use super::direction::Direction;

/// The largest width or height a board may have.
pub const MAX_SIDE: u32 = 8192;

/// A cell position; `x` is the column, `y` the row (growing downwards), both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    pub x: u32,
    pub y: u32,
}

impl Pos {
    pub const fn new(x: u32, y: u32) -> Pos {
        Pos { x, y }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Why a board could not be built from bytes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("the board is {width}×{height}; each side must be between 1 and {MAX_SIDE}")]
    BadSize { width: u32, height: u32 },
    #[error("the board is {width}×{height} but has {len} cells")]
    WrongLength { width: u32, height: u32, len: usize },
    #[error("cell {at} holds byte {byte:#04x}, which is not a cell kind (0 to 7)")]
    BadByte { at: Pos, byte: u8 },
    #[error("the level has no worker")]
    NoWorker,
    #[error("the level has {} workers (at {}); it needs exactly one", .at.len(), list(.at))]
    ManyWorkers { at: Vec<Pos> },
}

pub(crate) fn list(at: &[Pos]) -> String {
    if at.is_empty() {
        return "none".into();
    }
    let shown: Vec<String> = at.iter().take(8).map(|p| p.to_string()).collect();
    let more = at.len().saturating_sub(8);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// `n` and the noun in the right number: "1 box", "2 boxes", "0 goals".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Why a step cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Blocked {
    #[error("the worker would leave the map")]
    Edge,
    #[error("a wall is in the way")]
    Wall,
    #[error("the box cannot move: {0}")]
    Box(BoxBlocked),
    #[error("a box is in the way (in reverse play boxes are pulled, not pushed)")]
    BoxAhead,
}

/// Why a box cannot be pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoxBlocked {
    #[error("it would leave the map")]
    Edge,
    #[error("a wall is behind it")]
    Wall,
    #[error("another box is behind it")]
    Box,
}

/// What one step changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    pub dir: Direction,
    pub from: Pos,
    pub to: Pos,
    /// Where the moved box went, if the step pushed or pulled one.
    pub box_to: Option<Pos>,
    /// Where the moved box came from: `to` for a push, the cell behind `from` for a pull.
    pub box_from: Option<Pos>,
}

impl Moved {
    pub fn pushed(&self) -> bool {
        self.box_to.is_some()
    }
}

/// The board: the byte map (one byte per cell, the seed's encoding), the worker's position,
/// and the move and push counters.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    width: u32,
    height: u32,
    pub(crate) cells: Vec<u8>,
    worker: u32,
    moves: u32,
    pushes: u32,
    boxes_off_goal: u32,
    /// Blank cells on the outer ring; when zero the path search needs no bounds checks.
    pub(crate) edge_blanks: u32,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}×{} worker {} moves {} pushes {}",
            self.width,
            self.height,
            self.worker_pos(),
            self.moves,
            self.pushes
        )?;
        for row in self.cells.chunks(self.width as usize) {
            let line: String = row
                .iter()
                .map(|&b| b"-+#%xX()"[cell::kind(b) as usize] as char)
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Board {
    /// Builds a board from row-major cell bytes. Checks the size, that every byte is a cell kind,
    /// and that there is exactly one worker. (Full level rules are in [`super::validate`].)
    pub fn new(width: u32, height: u32, cells: Vec<u8>) -> Result<Board, BoardError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(BoardError::BadSize { width, height });
        }
        if cells.len() != width as usize * height as usize {
            return Err(BoardError::WrongLength {
                width,
                height,
                len: cells.len(),
            });
        }
        let mut workers = Vec::new();
        let mut boxes_off_goal = 0;
        for (i, &b) in cells.iter().enumerate() {
            let at = Pos::new(i as u32 % width, i as u32 / width);
            if b > cell::MAN1 {
                return Err(BoardError::BadByte { at, byte: b });
            }
            if cell::is_worker(b) {
                workers.push(at);
            }
            boxes_off_goal += (b == cell::BOX0) as u32;
        }
        let worker = match workers.as_slice() {
            [] => return Err(BoardError::NoWorker),
            [one] => one.y * width + one.x,
            _ => return Err(BoardError::ManyWorkers { at: workers }),
        };
        let mut board = Board {
            width,
            height,
            cells,
            worker,
            moves: 0,
            pushes: 0,
            boxes_off_goal,
            edge_blanks: 0,
        };
        board.edge_blanks = board.count_edge_blanks();
        Ok(board)
    }

    /// Builds a board from rows of the `.bxa` mask characters `-+#%xX()`; rows are padded with floor.
    /// Meant for tests and examples.
    pub fn from_mask_rows(rows: &[&str]) -> Result<Board, BoardError> {
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32;
        let mut cells = Vec::with_capacity(width as usize * rows.len());
        for (y, row) in rows.iter().enumerate() {
            let mut n = 0;
            for (x, c) in row.chars().enumerate() {
                let b = "-+#%xX()".find(c).ok_or(BoardError::BadByte {
                    at: Pos::new(x as u32, y as u32),
                    byte: c as u32 as u8,
                })?;
                cells.push(b as u8);
                n += 1;
            }
            cells.extend(std::iter::repeat_n(cell::LAND, width as usize - n));
        }
        Board::new(width, rows.len() as u32, cells)
    }

    fn count_edge_blanks(&self) -> u32 {
        let (w, h) = (self.width as usize, self.height as usize);
        (0..self.cells.len())
            .filter(|&i| {
                let (x, y) = (i % w, i / w);
                (x == 0 || y == 0 || x == w - 1 || y == h - 1) && cell::is_blank(self.cells[i])
            })
            .count() as u32
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The byte map, row-major, one byte per cell (no search marks are ever left in it).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn pushes(&self) -> u32 {
        self.pushes
    }

    pub fn worker_pos(&self) -> Pos {
        self.pos_of(self.worker)
    }

    pub fn worker_index(&self) -> u32 {
        self.worker
    }

    /// Boxes not on a goal.
    pub fn boxes_off_goal(&self) -> u32 {
        self.boxes_off_goal
    }

    /// Solved when no box stands off a goal.
    pub fn is_solved(&self) -> bool {
        self.boxes_off_goal == 0
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.x < self.width && p.y < self.height
    }

    pub fn index_of(&self, p: Pos) -> Option<u32> {
        self.contains(p).then(|| p.y * self.width + p.x)
    }

    pub fn pos_of(&self, index: u32) -> Pos {
        Pos::new(index % self.width, index / self.width)
    }

    /// The cell kind at `p`, or `None` outside the map.
    pub fn get(&self, p: Pos) -> Option<Cell> {
        self.index_of(p)
            .map(|i| Cell::from_byte(self.cells[i as usize]))
    }

    /// The neighbour of `p` in `dir`, if it lies on the map.
    pub fn neighbour(&self, p: Pos, dir: Direction) -> Option<Pos> {
        let (dx, dy) = dir.offset();
        let x = p.x.checked_add_signed(dx)?;
        let y = p.y.checked_add_signed(dy)?;
        let q = Pos::new(x, y);
        self.contains(q).then_some(q)
    }

    pub(crate) fn on_edge(&self, i: u32) -> bool {
        let (x, y) = (i % self.width, i / self.width);
        x == 0 || y == 0 || x == self.width - 1 || y == self.height - 1
    }

    /// Writes one byte, keeping the derived counters right.
    fn set(&mut self, i: u32, byte: u8) {
        let old = self.cells[i as usize];
        self.boxes_off_goal =
            self.boxes_off_goal + (byte == cell::BOX0) as u32 - (old == cell::BOX0) as u32;
        if cell::is_blank(old) != cell::is_blank(byte) && self.on_edge(i) {
            if cell::is_blank(byte) {
                self.edge_blanks += 1;
            } else {
                self.edge_blanks -= 1;
            }
        }
        self.cells[i as usize] = byte;
    }

    /// Moves the worker one cell, pushing a box if one is in the way and the cell behind it is free.
    pub fn step(&mut self, dir: Direction) -> Result<Moved, Blocked> {
        let from = self.worker_pos();
        let to = self.neighbour(from, dir).ok_or(Blocked::Edge)?;
        let ti = to.y * self.width + to.x;
        let target = self.cells[ti as usize];
        let mut box_to = None;
        if cell::is_wall(target) {
            return Err(Blocked::Wall);
        }
        if cell::is_box(target) {
            let beyond = self
                .neighbour(to, dir)
                .ok_or(Blocked::Box(BoxBlocked::Edge))?;
            let bi = beyond.y * self.width + beyond.x;
            let b = self.cells[bi as usize];
            if cell::is_wall(b) {
                return Err(Blocked::Box(BoxBlocked::Wall));
            }
            if !cell::is_blank(b) {
                return Err(Blocked::Box(BoxBlocked::Box));
            }
            self.set(bi, cell::box_in(b));
            self.set(ti, cell::box_out(target));
            self.pushes += 1;
            box_to = Some(beyond);
        }
        let t = self.cells[ti as usize];
        self.set(ti, cell::man_in(t));
        let wi = self.worker;
        self.set(wi, cell::man_out(self.cells[wi as usize]));
        self.worker = ti;
        self.moves += 1;
        Ok(Moved {
            dir,
            from,
            to,
            box_to,
            box_from: box_to.map(|_| to),
        })
    }

    /// Reverse play: moves the worker one cell onto a free cell; with `pull`, a box on the cell
    /// behind the worker comes along onto the cell the worker left.
    pub fn pull_step(&mut self, dir: Direction, pull: bool) -> Result<Moved, Blocked> {
        let from = self.worker_pos();
        let to = self.neighbour(from, dir).ok_or(Blocked::Edge)?;
        let ti = to.y * self.width + to.x;
        let target = self.cells[ti as usize];
        if cell::is_wall(target) {
            return Err(Blocked::Wall);
        }
        if cell::is_box(target) {
            return Err(Blocked::BoxAhead);
        }
        let behind = self
            .neighbour(from, dir.opposite())
            .filter(|&b| pull && self.get(b).is_some_and(|c| cell::is_box(c.byte())));
        let wi = self.worker;
        self.set(ti, cell::man_in(target));
        self.set(wi, cell::man_out(self.cells[wi as usize]));
        self.worker = ti;
        self.moves += 1;
        if let Some(b) = behind {
            let bi = b.y * self.width + b.x;
            self.set(bi, cell::box_out(self.cells[bi as usize]));
            self.set(wi, cell::box_in(self.cells[wi as usize]));
            self.pushes += 1;
        }
        Ok(Moved {
            dir,
            from,
            to,
            box_to: behind.map(|_| from),
            box_from: behind,
        })
    }

    /// Takes back a reverse-play step made in `dir` (putting the pulled box back if it pulled).
    ///
    /// Panics, as [`Board::unstep`] does, if the board is not in a state that step produced.
    pub(crate) fn unpull(&mut self, dir: Direction, pulled: bool) -> Moved {
        let to = self.worker_pos();
        let from = self
            .neighbour(to, dir.opposite())
            .expect("undo: the previous cell lies on the map");
        let fi = from.y * self.width + from.x;
        let mut box_from = None;
        if pulled {
            let b = self
                .neighbour(from, dir.opposite())
                .expect("undo: the pulled box's cell lies on the map");
            let bi = b.y * self.width + b.x;
            self.set(fi, cell::box_out(self.cells[fi as usize]));
            self.set(bi, cell::box_in(self.cells[bi as usize]));
            self.pushes -= 1;
            box_from = Some(b);
        }
        let ti = self.worker;
        self.set(ti, cell::man_out(self.cells[ti as usize]));
        self.set(fi, cell::man_in(self.cells[fi as usize]));
        self.worker = fi;
        self.moves -= 1;
        Moved {
            dir,
            from,
            to,
            box_to: box_from.map(|_| from),
            box_from,
        }
    }

    /// Counts from zero (a new start of reverse play).
    pub(crate) fn reset_counts(&mut self) {
        self.moves = 0;
        self.pushes = 0;
    }

    /// Puts the worker on the free cell `p` (reverse play chooses where the worker starts).
    pub(crate) fn place_worker(&mut self, p: Pos) {
        let pi = p.y * self.width + p.x;
        debug_assert!(cell::is_blank(self.cells[pi as usize]));
        let wi = self.worker;
        self.set(wi, cell::man_out(self.cells[wi as usize]));
        self.set(pi, cell::man_in(self.cells[pi as usize]));
        self.worker = pi;
    }

    /// Takes back a step made in `dir` (pulling the box back if it was a push).
    ///
    /// Panics if the board is not in a state that step could have produced: history is the
    /// only caller, and it only undoes steps it made.
    pub(crate) fn unstep(&mut self, dir: Direction, pushed: bool) -> Moved {
        let to = self.worker_pos();
        let from = self
            .neighbour(to, dir.opposite())
            .expect("undo: the previous cell lies on the map");
        let fi = from.y * self.width + from.x;
        let ti = self.worker;
        self.set(ti, cell::man_out(self.cells[ti as usize]));
        self.set(fi, cell::man_in(self.cells[fi as usize]));
        self.worker = fi;
        self.moves -= 1;
        let mut box_to = None;
        if pushed {
            let bp = self
                .neighbour(to, dir)
                .expect("undo: the pushed box lies on the map");
            let bi = bp.y * self.width + bp.x;
            self.set(bi, cell::box_out(self.cells[bi as usize]));
            self.set(ti, cell::box_in(self.cells[ti as usize]));
            self.pushes -= 1;
            box_to = Some(bp);
        }
        debug_assert!(self.cells.iter().all(|&b| b <= cell::MAN1));
        Moved {
            dir,
            from,
            to,
            box_to,
            box_from: box_to.map(|_| to),
        }
    }

    /// Positions of all boxes, row-major.
    pub fn boxes(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, b)| cell::is_box(**b))
            .map(|(i, _)| self.pos_of(i as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_mask_rows(rows).unwrap()
    }

    #[test]
    fn worker_and_counts() {
        let b = board(&["#####", "#(x+#", "#####"]);
        assert_eq!(b.worker_pos(), Pos::new(1, 1));
        assert_eq!((b.width(), b.height()), (5, 3));
        assert_eq!(b.boxes_off_goal(), 1);
        assert!(!b.is_solved());
        assert_eq!(b.edge_blanks, 0);
        assert_eq!(b.get(Pos::new(3, 1)), Some(Cell::Slot));
        assert_eq!(b.get(Pos::new(5, 1)), None);
    }

    #[test]
    fn walking_and_pushing_follow_the_rules() {
        let mut b = board(&["#######", "#(-x+-#", "#######"]);
        let m = b.step(Right).unwrap();
        assert!(!m.pushed());
        assert_eq!(b.step(Up), Err(Blocked::Wall));
        let m = b.step(Right).unwrap();
        assert_eq!(m.box_to, Some(Pos::new(4, 1)));
        assert!(b.is_solved());
        assert_eq!(b.get(Pos::new(4, 1)), Some(Cell::Box1));
        assert_eq!((b.moves(), b.pushes()), (2, 1));
        b.step(Right).unwrap();
        assert_eq!(b.get(Pos::new(4, 1)), Some(Cell::Man1));
        assert_eq!(b.get(Pos::new(5, 1)), Some(Cell::Box0));
        assert_eq!(b.step(Right), Err(Blocked::Box(BoxBlocked::Wall)));
    }

    #[test]
    fn never_two_boxes_and_never_off_the_map() {
        let mut b = board(&["(xx-"]);
        assert_eq!(b.step(Right), Err(Blocked::Box(BoxBlocked::Box)));
        assert_eq!(b.step(Left), Err(Blocked::Edge));
        assert_eq!(b.step(Up), Err(Blocked::Edge));
        let mut b = board(&["-(x"]);
        assert_eq!(b.step(Right), Err(Blocked::Box(BoxBlocked::Edge)));
        let mut b = board(&["(x%-"]);
        assert_eq!(b.step(Right), Err(Blocked::Box(BoxBlocked::Wall)));
        let mut b = board(&["(%"]);
        assert_eq!(b.step(Right), Err(Blocked::Wall));
        assert_eq!(b.moves(), 0);
    }

    #[test]
    fn unstep_restores_exactly() {
        let mut b = board(&["#######", "#(-x+-#", "#-----#", "#######"]);
        let start = b.clone();
        let mut done = Vec::new();
        for d in [Right, Right, Down, Left, Up, Right] {
            if let Ok(m) = b.step(d) {
                done.push(m);
            }
        }
        for m in done.iter().rev() {
            b.unstep(m.dir, m.pushed());
        }
        assert_eq!(b, start);
    }

    #[test]
    fn edge_blanks_follow_moves() {
        let mut b = board(&["(-", "--"]);
        assert_eq!(b.edge_blanks, 3);
        b.step(Right).unwrap();
        assert_eq!(b.edge_blanks, 3);
        let mut b = board(&["(x-"]);
        assert_eq!(b.edge_blanks, 1);
        b.step(Right).unwrap();
        assert_eq!(b.edge_blanks, 1);
        assert_eq!(b.count_edge_blanks(), 1);
    }

    #[test]
    fn construction_errors_name_the_place() {
        assert_eq!(
            Board::new(0, 3, vec![]),
            Err(BoardError::BadSize {
                width: 0,
                height: 3
            })
        );
        assert!(matches!(
            Board::new(2, 2, vec![0; 3]),
            Err(BoardError::WrongLength { len: 3, .. })
        ));
        assert_eq!(
            Board::new(2, 1, vec![6, 9]),
            Err(BoardError::BadByte {
                at: Pos::new(1, 0),
                byte: 9
            })
        );
        assert_eq!(Board::new(1, 1, vec![0]), Err(BoardError::NoWorker));
        let e = Board::new(3, 1, vec![6, 0, 7]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the level has 2 workers (at (0, 0), (2, 0)); it needs exactly one"
        );
    }

    #[test]
    fn large_boards_are_allowed() {
        let mut cells = vec![cell::LAND; 4096 * 4096];
        cells[0] = cell::MAN0;
        let mut b = Board::new(4096, 4096, cells).unwrap();
        b.step(Down).unwrap();
        assert_eq!(b.worker_pos(), Pos::new(0, 1));
        assert!(Board::new(MAX_SIDE + 1, 1, vec![0; MAX_SIDE as usize + 1]).is_err());
    }
}
