//! Link in three dimensions: the seed's two-turn rule in a block of tiles, as the seed's author
//! foresaw ("if there is one day a 3D Lianliankan … this algorithm may extend better").
//!
//! A W×H×D block holds faces one byte per cell (0 for empty) inside an always-empty one-cell
//! shell, so that lines may run outside the tiles. Two tiles of one face link when a line of at
//! most three straight segments along the x, y and z axes (two turns) joins them through empty
//! cells. The test is the seed's method in 3D: each tile's six straight reaches make its
//! "cross"; a straight line first; then one corner, on both crosses; then two corners z1 on
//! `a`'s cross and z2 on `b`'s with the middle segment checked between aligned pairs only.
//! Fewest turns first, then the shortest line.
//!
//! Which two-corner lines exist follows from the axes on which the tiles differ: on all three,
//! the segments take the three axes in one of six orders (each a single line, every one
//! shortest); on one or two, the first and last segments run along one axis `u` and the middle
//! along the other axis `v` on which they differ, which is the 2D case in the plane of `u` and
//! `v` (the turn points at every `u` both reaches cover).
//!
//! Rooms: this file is the block, the link test and the text form; `reference.rs` the
//! independent search the tests and the benchmark compare it with. The history (undo, redo,
//! restart, shuffles), the reverse construction of deals and the exact clearability search are
//! `core::link`'s, through [`TileBoard`].

use std::fmt;
use std::str::FromStr;

use crate::core::link::{
    Clearable, FACE_CHARS, LinkError, Order, TileBoard, clear_order, coordinates, faces_for,
    reshuffle_in_place, solvable_deal,
};

pub mod reference;

/// A cell of the block, 0-based, without the shell (the shell's cells are -1 or the size).
/// Ordered as the text reads: layer, then row, then column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell3 {
    pub z: i32,
    pub y: i32,
    pub x: i32,
}

impl Cell3 {
    pub const fn new(x: i32, y: i32, z: i32) -> Cell3 {
        Cell3 { x, y, z }
    }

    /// The coordinate along axis 0 (x), 1 (y) or 2 (z).
    pub fn axis(self, axis: usize) -> i32 {
        [self.x, self.y, self.z][axis]
    }

    /// This cell with one coordinate changed.
    pub fn with(self, axis: usize, v: i32) -> Cell3 {
        let mut c = [self.x, self.y, self.z];
        c[axis] = v;
        Cell3::new(c[0], c[1], c[2])
    }

    /// The cell one step along an axis (`sign` ±1).
    pub fn step(self, axis: usize, sign: i32) -> Cell3 {
        self.with(axis, self.axis(axis) + sign)
    }
}

impl fmt::Display for Cell3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.x, self.y, self.z)
    }
}

impl FromStr for Cell3 {
    type Err = String;

    /// `X,Y,Z`.
    fn from_str(s: &str) -> Result<Cell3, String> {
        let [x, y, z] = coordinates(s)?;
        Ok(Cell3::new(x, y, z))
    }
}

/// A joining line: its end points and corners, first tile first (two to four points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line3 {
    points: [Cell3; 4],
    len: u8,
}

impl Line3 {
    /// A line through these points (two to four).
    pub fn new(points: &[Cell3]) -> Line3 {
        assert!((2..=4).contains(&points.len()), "a line has 2 to 4 points");
        let mut p = [points[0]; 4];
        p[..points.len()].copy_from_slice(points);
        Line3 {
            points: p,
            len: points.len() as u8,
        }
    }

    pub fn points(&self) -> &[Cell3] {
        &self.points[..self.len as usize]
    }

    pub fn turns(&self) -> usize {
        self.len as usize - 2
    }

    /// Its length in cells walked.
    pub fn length(&self) -> i32 {
        self.points()
            .windows(2)
            .map(|w| {
                (0..3)
                    .map(|a| (w[0].axis(a) - w[1].axis(a)).abs())
                    .sum::<i32>()
            })
            .sum()
    }
}

/// The six orders in which a line takes the three axes when the tiles differ on all three.
const AXIS_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A block of Link tiles: faces one byte per cell (0 empty) inside an empty one-cell shell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Width, height, depth in tiles.
    size: [i32; 3],
    /// The index steps along x, y and z, the shell included.
    stride: [usize; 3],
    /// (width + 2) × (height + 2) × (depth + 2) bytes.
    cells: Vec<u8>,
}

/// A tile's six straight reaches as the coordinates its arms cover along each axis, its own
/// cell included: `lo[a]..=hi[a]`.
#[derive(Clone, Copy, Debug)]
struct Cross {
    lo: [i32; 3],
    hi: [i32; 3],
}

impl Cross {
    /// Whether cell `z` is on the cross of the tile at `t`.
    fn holds(&self, t: Cell3, z: Cell3) -> bool {
        match single_axis(t, z) {
            Some(None) => true,
            Some(Some(a)) => (self.lo[a]..=self.hi[a]).contains(&z.axis(a)),
            None => false,
        }
    }
}

/// The one axis on which two cells differ: `Some(None)` for the same cell, `None` when they
/// differ on more than one (this runs for every candidate turn point, so it allocates nothing).
fn single_axis(a: Cell3, b: Cell3) -> Option<Option<usize>> {
    let mut axis = None;
    for x in 0..3 {
        if a.axis(x) != b.axis(x) {
            if axis.is_some() {
                return None;
            }
            axis = Some(x);
        }
    }
    Some(axis)
}

impl Block {
    /// An empty block of `width` × `height` × `depth` tiles.
    pub fn empty(width: i32, height: i32, depth: i32) -> Block {
        let (w, h, d) = (
            (width + 2) as usize,
            (height + 2) as usize,
            (depth + 2) as usize,
        );
        Block {
            size: [width, height, depth],
            stride: [1, w, w * h],
            cells: vec![0; w * h * d],
        }
    }

    pub fn width(&self) -> i32 {
        self.size[0]
    }

    pub fn height(&self) -> i32 {
        self.size[1]
    }

    pub fn depth(&self) -> i32 {
        self.size[2]
    }

    /// The index of a cell of the block or its shell.
    fn index(&self, c: Cell3) -> Option<usize> {
        let inside = (0..3).all(|a| (-1..=self.size[a]).contains(&c.axis(a)));
        inside.then(|| {
            (0..3)
                .map(|a| (c.axis(a) + 1) as usize * self.stride[a])
                .sum()
        })
    }

    /// The face at a cell (0 when empty, in the shell, or outside).
    pub fn get(&self, c: Cell3) -> u8 {
        self.index(c).map_or(0, |i| self.cells[i])
    }

    /// Puts a face on a tile cell (the shell stays empty).
    pub fn set(&mut self, c: Cell3, face: u8) {
        if (0..3).all(|a| (0..self.size[a]).contains(&c.axis(a)))
            && let Some(i) = self.index(c)
        {
            self.cells[i] = face;
        }
    }

    /// Every tile cell, layer by layer, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell3> + '_ {
        let [w, h, d] = self.size;
        (0..d).flat_map(move |z| (0..h).flat_map(move |y| (0..w).map(move |x| Cell3::new(x, y, z))))
    }

    /// How many tiles are in the block.
    pub fn tiles(&self) -> usize {
        self.cells.iter().filter(|&&f| f != 0).count()
    }

    fn free(&self, c: Cell3) -> bool {
        self.index(c).is_some_and(|i| self.cells[i] == 0)
    }

    /// Whether a tile can be picked at all: a line can leave it (an empty cell beside it, the
    /// shell included) or it touches a tile of its own face. Tiles buried inside are not.
    pub fn reachable(&self, c: Cell3) -> bool {
        let face = self.get(c);
        face != 0
            && (0..3).any(|a| {
                [-1, 1].into_iter().any(|s| {
                    let n = c.step(a, s);
                    self.free(n) || self.get(n) == face
                })
            })
    }

    /// Whether every cell strictly between two cells on one axis line is empty.
    fn clear_between(&self, a: Cell3, b: Cell3) -> bool {
        let axis = match single_axis(a, b) {
            Some(None) => return true,
            Some(Some(axis)) => axis,
            None => return false,
        };
        let (Some(from), Some(to)) = (self.index(a), self.index(b)) else {
            return false;
        };
        let step = self.stride[axis];
        let (lo, hi) = (from.min(to), from.max(to));
        (lo + step..hi).step_by(step).all(|i| self.cells[i] == 0)
    }

    /// A tile's six straight reaches: how many empty cells it sees along each axis each way,
    /// through the shell (walked from its index, the strides precomputed: this is the test's
    /// inner loop).
    fn cross(&self, t: Cell3) -> Cross {
        let mut cross = Cross {
            lo: [t.x, t.y, t.z],
            hi: [t.x, t.y, t.z],
        };
        let Some(start) = self.index(t) else {
            return cross;
        };
        for a in 0..3 {
            let step = self.stride[a];
            let below = t.axis(a) + 1;
            let free = |n: &i32| self.cells[start - step * *n as usize] == 0;
            cross.lo[a] -= (1..=below).take_while(free).count() as i32;
            let above = self.size[a] - t.axis(a);
            let free = |n: &i32| self.cells[start + step * *n as usize] == 0;
            cross.hi[a] += (1..=above).take_while(free).count() as i32;
        }
        cross
    }

    /// The line joining two tiles of one face with at most two turns, the fewest turns and then
    /// the shortest; `None` when there is none (or the cells are not a matching pair).
    pub fn link(&self, a: Cell3, b: Cell3) -> Option<Line3> {
        let face = self.get(a);
        if a == b || face == 0 || self.get(b) != face {
            return None;
        }
        let differ = [0, 1, 2].map(|x| a.axis(x) != b.axis(x));
        let differing = differ.iter().filter(|&&d| d).count();
        if differing == 1 && self.clear_between(a, b) {
            return Some(Line3::new(&[a, b]));
        }
        let (ca, cb) = (self.cross(a), self.cross(b));
        if differing == 2 {
            // One turn: the corner is on both crosses (so it is empty).
            let corner = (0..3)
                .filter(|&x| differ[x])
                .map(|x| a.with(x, b.axis(x)))
                .find(|&z| ca.holds(a, z) && cb.holds(b, z));
            if let Some(z) = corner {
                return Some(Line3::new(&[a, z, b]));
            }
        }
        if differing == 3 {
            // Two turns, one axis each: z1 on a's arm at b's coordinate, z2 on b's at a's.
            return AXIS_ORDERS.iter().find_map(|&[u, _, w]| {
                let (z1, z2) = (a.with(u, b.axis(u)), b.with(w, a.axis(w)));
                (ca.holds(a, z1) && cb.holds(b, z2) && self.clear_between(z1, z2))
                    .then(|| Line3::new(&[a, z1, z2, b]))
            });
        }
        self.two_turns_in_a_plane(a, b, differ, ca, cb)
    }

    /// The shortest two-turn line whose first and last segments run along one axis `u` (at a
    /// coordinate both tiles' arms reach) and whose middle runs along the one other axis on which
    /// the tiles differ.
    fn two_turns_in_a_plane(
        &self,
        a: Cell3,
        b: Cell3,
        differ: [bool; 3],
        ca: Cross,
        cb: Cross,
    ) -> Option<Line3> {
        let mut best: Option<(i32, Cell3, Cell3)> = None;
        for u in 0..3 {
            let others = (0..3).filter(|&x| x != u && differ[x]).count();
            if others != 1 {
                continue;
            }
            let across: i32 = (0..3)
                .filter(|&x| x != u)
                .map(|x| (a.axis(x) - b.axis(x)).abs())
                .sum();
            for t in ca.lo[u].max(cb.lo[u])..=ca.hi[u].min(cb.hi[u]) {
                if t == a.axis(u) || t == b.axis(u) {
                    continue;
                }
                let (z1, z2) = (a.with(u, t), b.with(u, t));
                let length = (a.axis(u) - t).abs() + across + (b.axis(u) - t).abs();
                if best.is_none_or(|(l, _, _)| length < l) && self.clear_between(z1, z2) {
                    best = Some((length, z1, z2));
                }
            }
        }
        best.map(|(_, z1, z2)| Line3::new(&[a, z1, z2, b]))
    }

    /// Every pair that can be removed now, with its line, in reading order of the first tile and
    /// then of the second.
    pub fn playable_pairs(&self) -> Vec<(Cell3, Cell3, Line3)> {
        let mut by_face: Vec<Vec<Cell3>> = vec![Vec::new(); 256];
        for c in self.cells() {
            let f = self.get(c);
            if f != 0 {
                by_face[f as usize].push(c);
            }
        }
        let mut out = Vec::new();
        for tiles in &by_face {
            for (i, &a) in tiles.iter().enumerate() {
                for &b in &tiles[i + 1..] {
                    if let Some(line) = self.link(a, b) {
                        out.push((a, b, line));
                    }
                }
            }
        }
        out.sort_by_key(|&(a, b, _)| (a, b));
        out
    }

    /// The block as text: its layers from z = 0, each one line per row (`a`–`z`, `A`–`Z`,
    /// `0`–`9` for faces 1 to 62, `.` for an empty cell), a blank line between layers.
    pub fn text(&self) -> String {
        let layers: Vec<String> = (0..self.depth())
            .map(|z| {
                let mut s = String::new();
                for y in 0..self.height() {
                    for x in 0..self.width() {
                        s.push(match self.get(Cell3::new(x, y, z)) {
                            0 => '.',
                            f => FACE_CHARS[(f - 1) as usize] as char,
                        });
                    }
                    s.push('\n');
                }
                s
            })
            .collect();
        layers.join("\n")
    }

    /// Reads the text form: layers of rows separated by blank lines, up to an `order:` line or
    /// the end. Every layer has the rows of the first, every row its width.
    pub fn from_text(text: &str) -> Result<Block, LinkError> {
        let layers = layers_of(text);
        let first = layers.first().ok_or(LinkError::Empty)?;
        let (height, width) = (first.len(), first[0].1.chars().count());
        let mut block = Block::empty(width as i32, height as i32, layers.len() as i32);
        for (z, layer) in layers.iter().enumerate() {
            if layer.len() != height {
                return Err(LinkError::Text {
                    line: layer[0].0,
                    msg: format!(
                        "layer {} has {} rows, the first has {height}",
                        z + 1,
                        layer.len()
                    ),
                });
            }
            for (y, &(line, row)) in layer.iter().enumerate() {
                let faces = crate::core::link::row_faces(row, width, line)?;
                for (x, face) in faces.into_iter().enumerate() {
                    block.set(Cell3::new(x as i32, y as i32, z as i32), face);
                }
            }
        }
        Ok(block)
    }
}

/// The layers of a block's text: runs of non-blank lines (with their 1-based line numbers) up
/// to an `order:` line. One layer is a 2D board's text.
pub fn layers_of(text: &str) -> Vec<Vec<(usize, &str)>> {
    let mut layers = Vec::new();
    let mut layer = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.starts_with("order:") {
            break;
        }
        if line.is_empty() {
            if !layer.is_empty() {
                layers.push(std::mem::take(&mut layer));
            }
        } else {
            layer.push((i + 1, line));
        }
    }
    if !layer.is_empty() {
        layers.push(layer);
    }
    layers
}

/// A full `width` × `height` × `depth` block that can be cleared, with an order that clears it
/// (built in reverse as the 2D deals are: the inside first). `None` when the construction got
/// stuck in all its tries, or the block has an odd number of cells.
pub fn deal(width: i32, height: i32, depth: i32, seed: u64) -> Option<(Block, Order<Cell3>)> {
    let tiles = width * height * depth;
    if tiles % 2 != 0 || tiles == 0 {
        return None;
    }
    let empty = Block::empty(width, height, depth);
    let cells: Vec<Cell3> = empty.cells().collect();
    solvable_deal(&empty, &cells, faces_for(tiles as u32), seed, 200)
}

/// Whether a block can be cleared, by the exact search of `core::link` (at most `limit`
/// positions).
pub fn clearable(block: &Block, limit: usize) -> Clearable<Cell3> {
    clear_order(block, false, limit)
}

impl TileBoard for Block {
    type Cell = Cell3;
    type Line = Line3;
    fn get(&self, c: Cell3) -> u8 {
        Block::get(self, c)
    }
    fn set(&mut self, c: Cell3, face: u8) {
        Block::set(self, c, face)
    }
    fn cleared(&self) -> Block {
        Block::empty(self.size[0], self.size[1], self.size[2])
    }
    fn occupied(&self) -> Vec<Cell3> {
        self.cells().filter(|&c| self.get(c) != 0).collect()
    }
    /// Layer by layer from z = 0, each from its middle out, as a 2D board fills. A block
    /// filled from its middle out in all three axes ends with tiles scattered over its six
    /// faces, which a two-turn line cannot join: none of 40 tries made a 4x4x4 deal so. Filled
    /// by layers, 9 to 18 tries in 40 make a deal (4x4x4 to 8x6x6), 12 to 27% of their pairs
    /// across layers.
    fn fill_rank(&self, c: Cell3) -> i32 {
        let ring =
            c.x.min(c.y)
                .min(self.size[0] - 1 - c.x)
                .min(self.size[1] - 1 - c.y);
        (self.size[2] - 1 - c.z) * 1000 + ring
    }
    /// Three: a partner in the next layer is then sometimes taken, which makes the block a
    /// 3D puzzle rather than a pile of 2D ones.
    const PARTNER_CHOICES: usize = 3;
    fn tiles(&self) -> usize {
        Block::tiles(self)
    }
    fn link(&self, a: Cell3, b: Cell3) -> Option<Line3> {
        Block::link(self, a, b)
    }
    fn playable_pairs(&self) -> Vec<(Cell3, Cell3, Line3)> {
        Block::playable_pairs(self)
    }
    /// Takes the pair (a block has no gravity).
    fn take(&mut self, a: Cell3, b: Cell3, _gravity: bool) {
        self.set(a, 0);
        self.set(b, 0);
    }
    fn reshuffle(&self, _gravity: bool, seed: u64) -> Option<(Block, Order<Cell3>)> {
        reshuffle_in_place(self, seed)
    }
    fn text(&self) -> String {
        Block::text(self)
    }
    fn from_text(text: &str) -> Result<Block, LinkError> {
        Block::from_text(text)
    }
}

#[cfg(test)]
mod tests;
