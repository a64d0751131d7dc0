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
//! `width`, row -1 and `height`.

use std::fmt;

use super::generate::Rng;

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

/// A joining line: its end points and corners, in order from the first tile to the second.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line(pub Vec<Cell>);

impl Line {
    /// How many times the line turns.
    pub fn turns(&self) -> usize {
        self.0.len().saturating_sub(2)
    }

    /// Its length in cells walked.
    pub fn length(&self) -> i32 {
        self.0
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

    /// The seed's cross path of a tile: its own cell and the empty cells it sees in a straight
    /// line left, right, up and down (through the ring), each with the line from the tile.
    fn cross(&self, t: Cell) -> Vec<Cell> {
        let mut out = vec![t];
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let mut c = Cell::new(t.x + dx, t.y + dy);
            while self.free(c) {
                out.push(c);
                c = Cell::new(c.x + dx, c.y + dy);
            }
        }
        out
    }

    /// The line joining two tiles of the same face with at most two turns, the fewest turns and
    /// then the shortest; `None` when there is none (or the cells are not a matching pair).
    pub fn link(&self, a: Cell, b: Cell) -> Option<Line> {
        let face = self.get(a);
        if a == b || face == 0 || self.get(b) != face {
            return None;
        }
        if (a.x == b.x || a.y == b.y) && self.clear_between(a, b) {
            return Some(Line(vec![a, b]));
        }
        let (ca, cb) = (self.cross(a), self.cross(b));
        // One turn: the corner is on both crosses.
        let corners = [Cell::new(a.x, b.y), Cell::new(b.x, a.y)];
        let mut best: Option<Line> = corners
            .into_iter()
            .filter(|c| ca.contains(c) && cb.contains(c))
            .map(|c| Line(vec![a, c, b]))
            .min_by_key(Line::length);
        if best.is_some() {
            return best;
        }
        // Two turns: z1 on a's cross and z2 on b's, on one row or one column, joined clear.
        for &z1 in &ca[1..] {
            for &z2 in &cb[1..] {
                let aligned_row = z1.y == z2.y && z1.x == a.x && z2.x == b.x;
                let aligned_col = z1.x == z2.x && z1.y == a.y && z2.y == b.y;
                if (aligned_row || aligned_col) && z1 != z2 && self.clear_between(z1, z2) {
                    let line = Line(vec![a, z1, z2, b]);
                    if best.as_ref().is_none_or(|l| line.length() < l.length()) {
                        best = Some(line);
                    }
                }
            }
        }
        best
    }

    /// Every pair that can be removed now, with its line, in reading order.
    pub fn playable_pairs(&self) -> Vec<(Cell, Cell, Line)> {
        let tiles: Vec<Cell> = self.cells().filter(|&c| self.get(c) != 0).collect();
        let mut out = Vec::new();
        for (i, &a) in tiles.iter().enumerate() {
            for &b in &tiles[i + 1..] {
                if self.get(a) == self.get(b)
                    && let Some(line) = self.link(a, b)
                {
                    out.push((a, b, line));
                }
            }
        }
        out
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
            if row.chars().count() as i32 != width {
                return Err(LinkError::Text {
                    line: y + 1,
                    msg: format!(
                        "the row has {} cells, the first has {width}",
                        row.chars().count()
                    ),
                });
            }
            for (x, ch) in row.chars().enumerate() {
                let face = match ch {
                    '.' => 0,
                    _ => match FACE_CHARS.iter().position(|&f| f as char == ch) {
                        Some(i) => i as u8 + 1,
                        None => {
                            return Err(LinkError::Text {
                                line: y + 1,
                                msg: format!(
                                    "{ch:?} at column {} is not a face (a-z, A-Z, 0-9) or .",
                                    x + 1
                                ),
                            });
                        }
                    },
                };
                board.set(Cell::new(x as i32, y as i32), face);
            }
        }
        Ok(board)
    }
}

/// A game of Link: the board, removals with unlimited undo and redo, and restart.
#[derive(Clone, Debug)]
pub struct LinkGame {
    start: LinkBoard,
    board: LinkBoard,
    /// Removed pairs with their face, oldest first.
    done: Vec<(Cell, Cell, u8)>,
    undone: Vec<(Cell, Cell, u8)>,
}

impl LinkGame {
    pub fn new(board: LinkBoard) -> LinkGame {
        LinkGame {
            start: board.clone(),
            board,
            done: Vec::new(),
            undone: Vec::new(),
        }
    }

    pub fn board(&self) -> &LinkBoard {
        &self.board
    }

    /// Removes a pair when the rules allow it, and returns its line.
    pub fn remove(&mut self, a: Cell, b: Cell) -> Option<Line> {
        let line = self.board.link(a, b)?;
        let face = self.board.get(a);
        self.board.set(a, 0);
        self.board.set(b, 0);
        self.done.push((a, b, face));
        self.undone.clear();
        Some(line)
    }

    pub fn undo(&mut self) -> bool {
        let Some((a, b, face)) = self.done.pop() else {
            return false;
        };
        self.board.set(a, face);
        self.board.set(b, face);
        self.undone.push((a, b, face));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some((a, b, face)) = self.undone.pop() else {
            return false;
        };
        self.board.set(a, 0);
        self.board.set(b, 0);
        self.done.push((a, b, face));
        true
    }

    /// Back to the deal as it was dealt; the removals stay for redo.
    pub fn restart(&mut self) {
        while self.undo() {}
        debug_assert_eq!(self.board, self.start);
    }

    pub fn is_cleared(&self) -> bool {
        self.board.tiles() == 0
    }
}

/// A solvable deal: pairs are placed one at a time on `cells` (all of them, an even number) so
/// that each new pair links on the board as it stands; removing the pairs in the reverse order
/// then clears the board, and that order is returned with the board. Faces are `faces` of them,
/// each used an even number of times, spread as evenly as the count allows. `None` when the
/// construction got stuck in `attempts` tries.
pub fn solvable_deal(
    empty: &LinkBoard,
    cells: &[Cell],
    faces: u8,
    seed: u64,
    attempts: u32,
) -> Option<(LinkBoard, Vec<(Cell, Cell)>)> {
    let mut rng = Rng::new(seed);
    let pairs = cells.len() / 2;
    let faces = faces.max(1) as usize;
    for _ in 0..attempts {
        // The faces of the pairs: each face in turn, shuffled.
        let mut face_of: Vec<u8> = (0..pairs).map(|i| (i % faces) as u8 + 1).collect();
        shuffle(&mut face_of, &mut rng);
        if let Some(found) = place_pairs(empty, cells, &face_of, &mut rng) {
            return Some(found);
        }
    }
    None
}

/// One try of the construction: each pair on two free cells that link on the board as it is.
/// The first cell of a pair is the innermost free one (ties in random order), so that the free
/// cells left stay open to the ring and the last pairs can still be joined; partners are tried
/// in random order.
fn place_pairs(
    empty: &LinkBoard,
    cells: &[Cell],
    face_of: &[u8],
    rng: &mut Rng,
) -> Option<(LinkBoard, Vec<(Cell, Cell)>)> {
    let mut board = empty.clone();
    let mut free: Vec<Cell> = cells.to_vec();
    let mut order = Vec::new();
    let depth = |c: &Cell| {
        c.x.min(c.y)
            .min(empty.width - 1 - c.x)
            .min(empty.height - 1 - c.y)
    };
    for &face in face_of {
        shuffle(&mut free, rng);
        free.sort_by_key(|c| std::cmp::Reverse(depth(c)));
        let (i, k) = (0..free.len()).find_map(|i| {
            let a = free[i];
            board.set(a, face);
            let partner = (0..free.len()).filter(|&k| k != i).find(|&k| {
                board.set(free[k], face);
                let ok = board.link(a, free[k]).is_some();
                board.set(free[k], 0);
                ok
            });
            if partner.is_none() {
                board.set(a, 0);
            }
            partner.map(|k| (i, k))
        })?;
        let (a, b) = (free[i], free[k]);
        board.set(b, face);
        free.retain(|&c| c != a && c != b);
        order.push((a, b));
    }
    order.reverse();
    Some((board, order))
}

fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        v.swap(i, j);
    }
}

/// What the exact search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clearable {
    /// The board clears by removing these pairs in this order.
    Yes(Vec<(Cell, Cell)>),
    /// No order of removals clears it.
    No,
    /// The search gave up after its limit of positions.
    Unknown,
}

/// Whether a board can be cleared, by an exact search of at most `limit` positions.
pub fn clear_order(board: &LinkBoard, limit: usize) -> Clearable {
    let mut seen = std::collections::HashSet::new();
    let mut order = Vec::new();
    let mut budget = limit;
    match search(board.clone(), &mut seen, &mut order, &mut budget) {
        Some(true) => Clearable::Yes(order),
        Some(false) => Clearable::No,
        None => Clearable::Unknown,
    }
}

fn search(
    board: LinkBoard,
    seen: &mut std::collections::HashSet<LinkBoard>,
    order: &mut Vec<(Cell, Cell)>,
    budget: &mut usize,
) -> Option<bool> {
    if board.tiles() == 0 {
        return Some(true);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if !seen.insert(board.clone()) {
        return Some(false);
    }
    for (a, b, _) in board.playable_pairs() {
        let mut next = board.clone();
        next.set(a, 0);
        next.set(b, 0);
        order.push((a, b));
        match search(next, seen, order, budget)? {
            true => return Some(true),
            false => {
                order.pop();
            }
        }
    }
    Some(false)
}

/// A reference for the link test, independent of the cross-path method: a breadth-first search
/// over (cell, direction, turns) through empty cells and the ring. The tests compare the two on
/// random boards; the benchmark runs them side by side.
pub mod reference {
    use super::{Cell, LinkBoard};
    use std::collections::VecDeque;

    /// The fewest turns of a line from tile `a` to tile `b` (up to three), if one exists.
    pub fn fewest_turns(board: &LinkBoard, a: Cell, b: Cell) -> Option<usize> {
        const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let stride = (board.width + 2) as usize;
        let mut best = vec![u8::MAX; board.cells.len() * 4];
        let mut queue = VecDeque::new();
        for d in 0..4 {
            queue.push_back((a, d, 0usize));
        }
        let mut found: Option<usize> = None;
        while let Some((at, d, turns)) = queue.pop_front() {
            let next = Cell::new(at.x + DIRS[d].0, at.y + DIRS[d].1);
            if next == b {
                found = Some(found.map_or(turns, |f| f.min(turns)));
                continue;
            }
            if !board.free(next) {
                continue;
            }
            let i = ((next.y + 1) as usize * stride + (next.x + 1) as usize) * 4;
            for nd in 0..4 {
                let t = turns + usize::from(nd != d);
                if t > 3 || best[i + nd] as usize <= t {
                    continue;
                }
                best[i + nd] = t as u8;
                queue.push_back((next, nd, t));
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line is legal: it starts and ends at the tiles, runs straight between corners through
    /// empty cells only.
    fn legal(board: &LinkBoard, line: &Line, a: Cell, b: Cell) -> bool {
        let p = &line.0;
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
        assert_eq!(l.0, [c(0, 0), c(3, 0), c(3, 4), c(2, 4)]);
        let b = board("a.b\nb.c\nc.a\n");
        let l = b.link(c(0, 0), c(2, 2)).unwrap();
        assert_eq!(l.turns(), 2);
        assert_eq!(l.0, [c(0, 0), c(1, 0), c(1, 2), c(2, 2)]);
        // U shape around the outside of the board, through the ring.
        let b = board("abca\n");
        let l = b.link(c(0, 0), c(3, 0)).unwrap();
        assert_eq!(l.turns(), 2);
        assert!(l.0[1].y == -1 || l.0[1].y == 1, "through the ring: {l:?}");
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
    fn undo_redo_and_restart_return_exact_boards() {
        let start = board("ab\nab\n");
        let mut g = LinkGame::new(start.clone());
        let after_first = {
            g.remove(c(0, 0), c(0, 1)).unwrap();
            g.board().clone()
        };
        assert!(g.remove(c(0, 0), c(0, 1)).is_none(), "gone");
        g.remove(c(1, 0), c(1, 1)).unwrap();
        assert!(g.is_cleared());
        assert!(g.undo());
        assert_eq!(g.board(), &after_first);
        assert!(g.redo());
        assert!(g.is_cleared());
        g.restart();
        assert_eq!(g.board(), &start);
        assert!(g.redo() && g.redo() && g.is_cleared());
    }

    #[test]
    fn solvable_deals_clear_in_their_own_order() {
        for seed in 0..300 {
            let empty = LinkBoard::empty(6, 4);
            let cells: Vec<Cell> = empty.cells().collect();
            let (b, order) = solvable_deal(&empty, &cells, 6, seed, 20).expect("dealt");
            assert_eq!(b.tiles(), 24);
            let mut g = LinkGame::new(b);
            for (a, bb) in order {
                assert!(g.remove(a, bb).is_some(), "seed {seed}: {a} {bb}");
            }
            assert!(g.is_cleared(), "seed {seed}");
        }
    }

    #[test]
    fn the_exact_search_agrees_with_construction_on_small_boards() {
        let empty = LinkBoard::empty(4, 3);
        let cells: Vec<Cell> = empty.cells().collect();
        let (b, _) = solvable_deal(&empty, &cells, 3, 7, 20).unwrap();
        let Clearable::Yes(order) = clear_order(&b, 100_000) else {
            panic!("clearable")
        };
        let mut g = LinkGame::new(b);
        for (a, bb) in order {
            assert!(g.remove(a, bb).is_some());
        }
        assert!(g.is_cleared());
        // Two pairs crossed so that neither can be removed first.
        let stuck = board("ab\nba\n");
        assert_eq!(clear_order(&stuck, 1000), Clearable::No);
    }

    #[test]
    fn the_game_sizes_deal_and_clear() {
        for (w, h, faces) in [(14, 6, 21), (18, 8, 36), (24, 12, 62), (8, 12, 24)] {
            for seed in 0..4 {
                let empty = LinkBoard::empty(w, h);
                let cells: Vec<Cell> = empty.cells().collect();
                let (b, order) = solvable_deal(&empty, &cells, faces, seed, 200)
                    .unwrap_or_else(|| panic!("{w}x{h} seed {seed}: not dealt"));
                assert_eq!(b.tiles() as i32, w * h);
                let mut g = LinkGame::new(b);
                for (a, bb) in order {
                    assert!(g.remove(a, bb).is_some(), "{w}x{h} seed {seed}");
                }
                assert!(g.is_cleared());
            }
        }
    }
}
