//! Link (連連看): the rules of the seed's two-point tile-matching game, beside the Sokoban rules.
//!
//! Two tiles of the same face are removed when a line of horizontal and vertical segments with at
//! most two turns, through empty cells only, joins them. The board is stored one byte per cell
//! (a face, 0 for empty) with an always-empty one-cell ring around it, so that lines may run
//! outside the tiles. The link test follows the seed (document 004): a straight line first, then
//! turn points on the two tiles' "cross paths" (the empty cells each tile sees in a straight line,
//! its own cell included), testing only turn points on a common row or column.
//!
//! Cells are named by [`Cell`] in board coordinates without the ring: the ring is column -1 and
//! `width`, row -1 and `height`. With gravity (a variant), tiles fall down after a removal.
//!
//! Rooms: this file is the board and the link test; `game.rs` a game's history (undo, redo,
//! restart, shuffles); `deal.rs` deals that can always be finished, the shuffle that keeps them
//! so, and the exact clearability search; `reference.rs` the independent breadth-first search the
//! tests and the benchmark compare the link test with.
//!
//! [`TileBoard`] is what the history, the deals' construction and the exact search need of a
//! board: [`LinkBoard`] here, and the 3D block of `core::link3d`.

use std::fmt;
use std::str::FromStr;

mod deal;
mod game;
pub mod reference;

pub use deal::{
    Clearable, Order, clear_order, deal, faces_for, place_pairs, reshuffle, reshuffle_in_place,
    shuffle, solvable_deal,
};
pub use game::{LinkGame, LinkMove};

/// A board of tiles the link rule plays on, in two or three dimensions: what the game's history
/// ([`LinkGame`]), the reverse construction of deals ([`place_pairs`]) and the exact search
/// ([`clear_order`]) use.
pub trait TileBoard: Clone + Eq + std::hash::Hash {
    /// A tile's place; its text (`x,y` or `x,y,z`) is how moves are saved.
    type Cell: Copy + Eq + Ord + fmt::Debug + fmt::Display + FromStr<Err = String>;
    /// A joining line.
    type Line: Copy + fmt::Debug + PartialEq;
    /// The face at a cell (0 empty).
    fn get(&self, c: Self::Cell) -> u8;
    fn set(&mut self, c: Self::Cell, face: u8);
    /// The board with every tile taken away.
    fn cleared(&self) -> Self;
    /// The cells that hold a tile, in reading order.
    fn occupied(&self) -> Vec<Self::Cell>;
    /// The rank in which deals fill the cells, highest first (the inside before the rim).
    fn fill_rank(&self, c: Self::Cell) -> i32;
    /// Among how many of the first partners that link a deal picks one at random (1: the
    /// first, as the 2D deals always have).
    const PARTNER_CHOICES: usize = 1;
    fn tiles(&self) -> usize;
    /// The line joining two tiles of one face, when the rule allows it.
    fn link(&self, a: Self::Cell, b: Self::Cell) -> Option<Self::Line>;
    /// Every pair that can be removed now, with its line.
    fn playable_pairs(&self) -> Vec<(Self::Cell, Self::Cell, Self::Line)>;
    /// Removes a pair's two tiles (with gravity the tiles above fall, where the board has it).
    fn take(&mut self, a: Self::Cell, b: Self::Cell, gravity: bool);
    /// The tiles dealt again so that the board can be cleared, with an order that clears it.
    fn reshuffle(&self, gravity: bool, seed: u64) -> Option<(Self, Order<Self::Cell>)>;
    /// The text form (saves keep the deal so).
    fn text(&self) -> String;
    fn from_text(text: &str) -> Result<Self, LinkError>;
}

impl TileBoard for LinkBoard {
    type Cell = Cell;
    type Line = Line;
    fn get(&self, c: Cell) -> u8 {
        LinkBoard::get(self, c)
    }
    fn set(&mut self, c: Cell, face: u8) {
        LinkBoard::set(self, c, face)
    }
    fn cleared(&self) -> Self {
        LinkBoard::empty(self.width, self.height)
    }
    fn occupied(&self) -> Vec<Cell> {
        self.cells().filter(|&c| self.get(c) != 0).collect()
    }
    /// How deep a cell lies inside the board (0 on its rim).
    fn fill_rank(&self, c: Cell) -> i32 {
        c.x.min(c.y)
            .min(self.width - 1 - c.x)
            .min(self.height - 1 - c.y)
    }
    fn tiles(&self) -> usize {
        LinkBoard::tiles(self)
    }
    fn link(&self, a: Cell, b: Cell) -> Option<Line> {
        LinkBoard::link(self, a, b)
    }
    fn playable_pairs(&self) -> Vec<(Cell, Cell, Line)> {
        LinkBoard::playable_pairs(self)
    }
    fn take(&mut self, a: Cell, b: Cell, gravity: bool) {
        LinkBoard::take(self, a, b, gravity)
    }
    fn reshuffle(&self, gravity: bool, seed: u64) -> Option<(Self, Order)> {
        reshuffle(self, gravity, seed)
    }
    fn text(&self) -> String {
        LinkBoard::text(self)
    }
    fn from_text(text: &str) -> Result<Self, LinkError> {
        LinkBoard::from_text(text)
    }
}

/// A cell of the board, 0-based, without the ring (the ring's cells are -1 or the width/height).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Cell {
    type Err = String;

    /// `X,Y`.
    fn from_str(s: &str) -> Result<Cell, String> {
        let [x, y] = coordinates(s)?;
        Ok(Cell::new(x, y))
    }
}

/// `N` comma-separated whole numbers (a cell's text in two or three dimensions).
pub fn coordinates<const N: usize>(s: &str) -> Result<[i32; N], String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let numbers: Vec<i32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    <[i32; N]>::try_from(numbers)
        .ok()
        .filter(|_| parts.len() == N)
        .ok_or_else(|| format!("{s:?} is not a cell ({N} whole numbers with commas)"))
}

/// A joining line: its end points and corners, in order from the first tile to the second
/// (two to four points; no allocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    points: [Cell; 4],
    len: u8,
}

impl Line {
    /// A line through these points (two to four).
    pub fn new(points: &[Cell]) -> Line {
        assert!((2..=4).contains(&points.len()), "a line has 2 to 4 points");
        let mut p = [points[0]; 4];
        p[..points.len()].copy_from_slice(points);
        Line {
            points: p,
            len: points.len() as u8,
        }
    }

    /// The end points and corners, first tile first.
    pub fn points(&self) -> &[Cell] {
        &self.points[..self.len as usize]
    }

    /// How many times the line turns.
    pub fn turns(&self) -> usize {
        self.len as usize - 2
    }

    /// Its length in cells walked.
    pub fn length(&self) -> i32 {
        self.points()
            .windows(2)
            .map(|w| (w[0].x - w[1].x).abs() + (w[0].y - w[1].y).abs())
            .sum()
    }
}

/// The faces a board's text form can name, in order: face 1 is `a`.
pub const FACE_CHARS: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// A Link board: faces one byte per cell (0 empty) inside an empty one-cell ring.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkBoard {
    width: i32,
    height: i32,
    /// (width + 2) × (height + 2) bytes, the ring included.
    cells: Vec<u8>,
}

/// Why a board's text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("line {line}: {msg}")]
    Text { line: usize, msg: String },
    #[error("the board is empty: no rows")]
    Empty,
}

impl LinkBoard {
    /// An empty board of `width` × `height` tiles.
    pub fn empty(width: i32, height: i32) -> LinkBoard {
        LinkBoard {
            width,
            height,
            cells: vec![0; ((width + 2) * (height + 2)) as usize],
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    fn index(&self, c: Cell) -> Option<usize> {
        let inside = (-1..=self.width).contains(&c.x) && (-1..=self.height).contains(&c.y);
        inside.then(|| ((c.y + 1) * (self.width + 2) + c.x + 1) as usize)
    }

    /// The face at a cell (0 when empty, on the ring, or off the board).
    pub fn get(&self, c: Cell) -> u8 {
        self.index(c).map_or(0, |i| self.cells[i])
    }

    /// Puts a face on a tile cell (the ring stays empty).
    pub fn set(&mut self, c: Cell, face: u8) {
        if (0..self.width).contains(&c.x)
            && (0..self.height).contains(&c.y)
            && let Some(i) = self.index(c)
        {
            self.cells[i] = face;
        }
    }

    /// Every tile cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Cell::new(x, y)))
    }

    /// How many tiles are on the board.
    pub fn tiles(&self) -> usize {
        self.cells.iter().filter(|&&f| f != 0).count()
    }

    fn free(&self, c: Cell) -> bool {
        self.index(c).is_some() && self.get(c) == 0
    }

    /// Whether every cell strictly between two cells on one row or column is empty.
    fn clear_between(&self, a: Cell, b: Cell) -> bool {
        let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
        if dx != 0 && dy != 0 {
            return false;
        }
        let mut c = Cell::new(a.x + dx, a.y + dy);
        while c != b {
            if !self.free(c) {
                return false;
            }
            c = Cell::new(c.x + dx, c.y + dy);
        }
        true
    }

    /// How far a tile's cross path reaches from `t` one way: the number of empty cells it sees
    /// in that direction, through the ring.
    fn reach(&self, t: Cell, dx: i32, dy: i32) -> i32 {
        let mut n = 0;
        while self.free(Cell::new(t.x + dx * (n + 1), t.y + dy * (n + 1))) {
            n += 1;
        }
        n
    }

    /// The seed's cross path of a tile as four reaches: the rows its vertical arm covers and the
    /// columns its horizontal arm covers, its own cell included.
    fn cross(&self, t: Cell) -> Cross {
        Cross {
            left: t.x - self.reach(t, -1, 0),
            right: t.x + self.reach(t, 1, 0),
            top: t.y - self.reach(t, 0, -1),
            bottom: t.y + self.reach(t, 0, 1),
        }
    }

    /// The line joining two tiles of the same face with at most two turns, the fewest turns and
    /// then the shortest; `None` when there is none (or the cells are not a matching pair).
    ///
    /// The seed's method: a straight line first; then a single corner, which must lie on both
    /// tiles' cross paths; then two corners, z1 on `a`'s cross and z2 on `b`'s, on one row (or
    /// one column) with nothing between them. Only aligned z1/z2 pairs are looked at: the rows
    /// both vertical arms reach, and the columns both horizontal arms reach.
    pub fn link(&self, a: Cell, b: Cell) -> Option<Line> {
        let face = self.get(a);
        if a == b || face == 0 || self.get(b) != face {
            return None;
        }
        if (a.x == b.x || a.y == b.y) && self.clear_between(a, b) {
            return Some(Line::new(&[a, b]));
        }
        let (ca, cb) = (self.cross(a), self.cross(b));
        // One turn: the corner is on both crosses (so it is empty).
        let corners = [Cell::new(a.x, b.y), Cell::new(b.x, a.y)];
        if let Some(z) = corners
            .into_iter()
            .find(|&z| ca.holds(a, z) && cb.holds(b, z))
        {
            return Some(Line::new(&[a, z, b]));
        }
        let mut best: Option<(i32, [Cell; 2])> = None;
        let mut offer = |z1: Cell, z2: Cell| {
            let length = (a.x - z1.x).abs()
                + (a.y - z1.y).abs()
                + (z1.x - z2.x).abs()
                + (z1.y - z2.y).abs()
                + (z2.x - b.x).abs()
                + (z2.y - b.y).abs();
            if best.is_none_or(|(l, _)| length < l) {
                best = Some((length, [z1, z2]));
            }
        };
        // Two turns, the middle segment on a row both vertical arms reach …
        if a.x != b.x {
            for y in ca.top.max(cb.top)..=ca.bottom.min(cb.bottom) {
                let (z1, z2) = (Cell::new(a.x, y), Cell::new(b.x, y));
                if y != a.y && y != b.y && self.clear_between(z1, z2) {
                    offer(z1, z2);
                }
            }
        }
        // … or on a column both horizontal arms reach.
        if a.y != b.y {
            for x in ca.left.max(cb.left)..=ca.right.min(cb.right) {
                let (z1, z2) = (Cell::new(x, a.y), Cell::new(x, b.y));
                if x != a.x && x != b.x && self.clear_between(z1, z2) {
                    offer(z1, z2);
                }
            }
        }
        best.map(|(_, [z1, z2])| Line::new(&[a, z1, z2, b]))
    }

    /// The tiles grouped by face (index = face), so that only same-face pairs are tried.
    fn tiles_by_face(&self) -> Vec<Vec<Cell>> {
        let mut by_face: Vec<Vec<Cell>> = vec![Vec::new(); FACE_CHARS.len() + 1];
        for c in self.cells() {
            let f = self.get(c) as usize;
            if f != 0 {
                if f >= by_face.len() {
                    by_face.resize(f + 1, Vec::new());
                }
                by_face[f].push(c);
            }
        }
        by_face
    }

    /// Every pair that can be removed now, with its line, in reading order of the first tile and
    /// then of the second.
    pub fn playable_pairs(&self) -> Vec<(Cell, Cell, Line)> {
        let mut out = Vec::new();
        for tiles in &self.tiles_by_face() {
            for (i, &a) in tiles.iter().enumerate() {
                for &b in &tiles[i + 1..] {
                    if let Some(line) = self.link(a, b) {
                        out.push((a, b, line));
                    }
                }
            }
        }
        out.sort_by_key(|&(a, b, _)| ((a.y, a.x), (b.y, b.x)));
        out
    }

    /// Removes a pair's two tiles; with gravity, the tiles above each fall down to close the gap.
    pub fn take(&mut self, a: Cell, b: Cell, gravity: bool) {
        self.set(a, 0);
        self.set(b, 0);
        if gravity {
            self.settle(a.x);
            if b.x != a.x {
                self.settle(b.x);
            }
        }
    }

    /// Lets the tiles of column `x` fall to the bottom row, keeping their order.
    fn settle(&mut self, x: i32) {
        let mut to = self.height - 1;
        for y in (0..self.height).rev() {
            let f = self.get(Cell::new(x, y));
            if f != 0 {
                self.set(Cell::new(x, y), 0);
                self.set(Cell::new(x, to), f);
                to -= 1;
            }
        }
    }

    /// How many tiles each column holds.
    pub fn column_heights(&self) -> Vec<i32> {
        (0..self.width)
            .map(|x| {
                (0..self.height)
                    .filter(|&y| self.get(Cell::new(x, y)) != 0)
                    .count() as i32
            })
            .collect()
    }

    /// The faces on the board, one entry per tile, in reading order.
    pub fn faces(&self) -> Vec<u8> {
        self.cells()
            .map(|c| self.get(c))
            .filter(|&f| f != 0)
            .collect()
    }

    /// The board as text: one line per row, `a`–`z`, `A`–`Z`, `0`–`9` for faces 1 to 62, `.`
    /// for an empty cell.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let f = self.get(Cell::new(x, y));
                s.push(if f == 0 {
                    '.'
                } else {
                    FACE_CHARS[(f - 1) as usize] as char
                });
            }
            s.push('\n');
        }
        s
    }

    /// Reads the text form: rows of equal length up to the first blank line.
    pub fn from_text(text: &str) -> Result<LinkBoard, LinkError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .take_while(|l| !l.is_empty())
            .collect();
        let width = rows.first().ok_or(LinkError::Empty)?.chars().count() as i32;
        let mut board = LinkBoard::empty(width, rows.len() as i32);
        for (y, row) in rows.iter().enumerate() {
            for (x, face) in row_faces(row, width as usize, y + 1)?
                .into_iter()
                .enumerate()
            {
                board.set(Cell::new(x as i32, y as i32), face);
            }
        }
        Ok(board)
    }
}

/// The faces of one row of the text form (`line` its 1-based line in the text): `width` cells,
/// each `.` or a face's letter or digit.
pub fn row_faces(row: &str, width: usize, line: usize) -> Result<Vec<u8>, LinkError> {
    let cells = row.chars().count();
    if cells != width {
        return Err(LinkError::Text {
            line,
            msg: format!("the row has {cells} cells, the first has {width}"),
        });
    }
    row.chars()
        .enumerate()
        .map(|(x, ch)| match ch {
            '.' => Ok(0),
            _ => FACE_CHARS
                .iter()
                .position(|&f| f as char == ch)
                .map(|i| i as u8 + 1)
                .ok_or_else(|| LinkError::Text {
                    line,
                    msg: format!(
                        "{ch:?} at column {} is not a face (a-z, A-Z, 0-9) or .",
                        x + 1
                    ),
                }),
        })
        .collect()
}

/// A tile's cross path: the rows its vertical arm covers (`top..=bottom`) and the columns its
/// horizontal arm covers (`left..=right`).
#[derive(Clone, Copy, Debug)]
struct Cross {
    left: i32,
    right: i32,
    top: i32,
    bottom: i32,
}

impl Cross {
    /// Whether cell `z` is on the cross of the tile at `t`.
    fn holds(&self, t: Cell, z: Cell) -> bool {
        (z.x == t.x && (self.top..=self.bottom).contains(&z.y))
            || (z.y == t.y && (self.left..=self.right).contains(&z.x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line is legal: it starts and ends at the tiles, runs straight between corners through
    /// empty cells only.
    fn legal(board: &LinkBoard, line: &Line, a: Cell, b: Cell) -> bool {
        let p = line.points();
        p.first() == Some(&a)
            && p.last() == Some(&b)
            && p[1..p.len() - 1].iter().all(|&z| board.free(z))
            && p.windows(2).all(|w| board.clear_between(w[0], w[1]))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        #[test]
        fn the_seeds_link_test_agrees_with_a_breadth_first_search(
            w in 1i32..9, h in 1i32..7, fill in proptest::collection::vec(0u8..5, 54), pick in any::<u64>()
        ) {
            let mut b = LinkBoard::empty(w, h);
            for (i, cell) in b.clone().cells().enumerate() {
                b.set(cell, fill[i % fill.len()]);
            }
            let tiles: Vec<Cell> = b.cells().filter(|&c| b.get(c) != 0).collect();
            prop_assume!(tiles.len() >= 2);
            let a = tiles[(pick % tiles.len() as u64) as usize];
            for &t in &tiles {
                if t == a || b.get(t) != b.get(a) {
                    prop_assert!(b.link(a, t).is_none());
                    continue;
                }
                let reference = reference::fewest_turns(&b, a, t).filter(|&n| n <= 2);
                let got = b.link(a, t);
                prop_assert_eq!(got.is_some(), reference.is_some(), "{} {} on\n{}", a, t, b.text());
                if let (Some(line), Some(turns)) = (got, reference) {
                    prop_assert!(legal(&b, &line, a, t), "{:?}", line);
                    prop_assert_eq!(line.turns(), turns, "{:?}", line);
                }
            }
        }
    }

    fn board(rows: &str) -> LinkBoard {
        LinkBoard::from_text(rows).unwrap()
    }

    fn c(x: i32, y: i32) -> Cell {
        Cell::new(x, y)
    }

    #[test]
    fn straight_one_turn_two_turns_and_around_the_outside() {
        let b = board("a..a\nbbbb\n");
        assert_eq!(b.link(c(0, 0), c(3, 0)).unwrap().turns(), 0);
        // One turn: a corner.
        let b = board("a.\n.a\n");
        let l = b.link(c(0, 0), c(1, 1)).unwrap();
        assert_eq!(l.turns(), 1);
        // Walls of b and c across the board: the line goes round them through the ring.
        let b = board("a..\nbbb\n...\nccc\n..a\n");
        let l = b.link(c(0, 0), c(2, 4)).unwrap();
        // Round the left (length 8) or the right (8 too): a ring column either way.
        assert_eq!((l.turns(), l.length()), (2, 8));
        assert!([-1, 3].contains(&l.points()[1].x), "{l:?}");
        let b = board("a.b\nb.c\nc.a\n");
        let l = b.link(c(0, 0), c(2, 2)).unwrap();
        assert_eq!(l.turns(), 2);
        assert_eq!(l.points(), [c(0, 0), c(1, 0), c(1, 2), c(2, 2)]);
        // U shape around the outside of the board, through the ring.
        let b = board("abca\n");
        let l = b.link(c(0, 0), c(3, 0)).unwrap();
        assert_eq!(l.turns(), 2);
        assert!(
            l.points()[1].y == -1 || l.points()[1].y == 1,
            "through the ring: {l:?}"
        );
    }

    #[test]
    fn three_turns_needed_fails_and_different_faces_never_link() {
        // The only way round (over the top and down the right side) needs three turns.
        let b = board("a.xx\nx..x\nxx.a\n");
        assert!(b.link(c(0, 0), c(3, 2)).is_none());
        assert_eq!(reference::fewest_turns(&b, c(0, 0), c(3, 2)), Some(3));
        let b = board("ab\n");
        assert!(b.link(c(0, 0), c(1, 0)).is_none());
        assert!(b.link(c(0, 0), c(0, 0)).is_none());
    }

    #[test]
    fn text_round_trip_and_errors() {
        let b = board("aB9.\n.Z0a\n");
        assert_eq!(LinkBoard::from_text(&b.text()).unwrap(), b);
        assert!(matches!(
            LinkBoard::from_text("ab\nabc\n"),
            Err(LinkError::Text { line: 2, .. })
        ));
        assert!(matches!(
            LinkBoard::from_text("a#\n"),
            Err(LinkError::Text { line: 1, .. })
        ));
        assert_eq!(LinkBoard::from_text(""), Err(LinkError::Empty));
    }

    #[test]
    fn the_shortest_of_the_two_turn_lines_is_chosen() {
        // The a pair on the bottom row, b tiles between: under them through the ring (length
        // 5), not over them through row 0 (7) or the ring above (9).
        let b = board("....\n.bb.\nabba\n");
        let l = b.link(c(0, 2), c(3, 2)).unwrap();
        assert_eq!(l.turns(), 2);
        assert_eq!(l.length(), 5);
        assert_eq!(l.points(), [c(0, 2), c(0, 3), c(3, 3), c(3, 2)]);
    }

    #[test]
    fn playable_pairs_are_the_pairs_that_link() {
        for seed in 0..50u64 {
            let (mut b, order) = deal(8, 6, false, seed).unwrap();
            for &(a, bb) in &order[..(seed as usize) % order.len()] {
                b.take(a, bb, false);
            }
            for (a, bb, line) in b.playable_pairs() {
                assert_eq!(b.link(a, bb), Some(line));
            }
        }
        assert!(board("ab\nba\n").playable_pairs().is_empty());
    }
}
