//! The level designer's rules: pens that paint cell kinds, strokes (a cell, a line, an area),
//! resizing on each side, rotating and mirroring, undo and redo of every edit, and live
//! validation with the core validator. No Bevy here: the designer screen drives an [`Editor`].

use super::board::{Board, Pos};
use super::cell::{self, BOX0, BRICK, LAND, MAN0, SLOT, WALL};
use super::level::Level;
use super::validate::{self, LevelError};

/// What a tap or drag paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pen {
    /// Plain floor (removes a goal, a box, the worker).
    Floor,
    /// A goal under whatever stands there (a box or the worker becomes its "on goal" kind).
    Goal,
    Wall,
    /// The original's decorative wall.
    Brick,
    /// A box, on the cell's goal if it has one.
    Box,
    /// The worker, moved here from wherever it was (one worker only).
    Worker,
}

impl Pen {
    pub const ALL: [Pen; 6] = [
        Pen::Floor,
        Pen::Goal,
        Pen::Wall,
        Pen::Brick,
        Pen::Box,
        Pen::Worker,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Pen::Floor => "Floor",
            Pen::Goal => "Goal",
            Pen::Wall => "Wall",
            Pen::Brick => "Brick",
            Pen::Box => "Box",
            Pen::Worker => "Worker",
        }
    }

    /// The byte this pen leaves on a cell that held `old`.
    fn paint(self, old: u8) -> u8 {
        let goal = cell::is_goal(old) as u8;
        match self {
            Pen::Floor => LAND,
            Pen::Goal => match old & cell::KIND_MASK {
                WALL | BRICK => SLOT,
                k => k | 1,
            },
            Pen::Wall => WALL,
            Pen::Brick => BRICK,
            Pen::Box => BOX0 | goal,
            Pen::Worker => MAN0 | goal,
        }
    }
}

/// One edit of the level.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Paint these cells.
    Paint(Pen, Vec<Pos>),
    /// Paint the cells on a straight line between two cells (a drag).
    Line(Pen, Pos, Pos),
    /// Paint every cell of the rectangle between two corners.
    Area(Pen, Pos, Pos),
    /// Grow (positive) or shrink (negative) each side by this many cells: left, top, right,
    /// bottom. New cells are floor.
    Resize {
        left: i32,
        top: i32,
        right: i32,
        bottom: i32,
    },
    /// A quarter turn clockwise.
    Rotate,
    /// Left to right.
    MirrorX,
    /// Top to bottom.
    MirrorY,
}

/// The level being designed, with undo and redo of every edit.
#[derive(Clone, Debug)]
pub struct Editor {
    pub level: Level,
    undo: Vec<(u32, u32, Vec<u8>)>,
    redo: Vec<(u32, u32, Vec<u8>)>,
}

/// The largest side the designer makes (the boards of `.bxb` allow more; nobody paints them).
pub const MAX_DESIGN_SIDE: u32 = 256;

impl Editor {
    pub fn new(level: Level) -> Editor {
        Editor {
            level,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A new level: `width`×`height` floor inside a wall, the worker in the middle.
    pub fn blank(width: u32, height: u32) -> Level {
        let (w, h) = (width.max(3), height.max(3));
        let mut cells = vec![LAND; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    cells[(y * w + x) as usize] = WALL;
                }
            }
        }
        cells[((h / 2) * w + w / 2) as usize] = MAN0;
        Level::new(w, h, cells)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn snapshot(&self) -> (u32, u32, Vec<u8>) {
        (
            self.level.width,
            self.level.height,
            self.level.cells.clone(),
        )
    }

    fn restore(&mut self, (w, h, cells): (u32, u32, Vec<u8>)) {
        self.level.width = w;
        self.level.height = h;
        self.level.cells = cells;
        // A changed board is no longer the one a recording solved.
        self.level.recording = None;
    }

    /// Applies an edit. Returns whether the level changed (an edit that changes nothing is not
    /// an undo step).
    pub fn apply(&mut self, edit: &Edit) -> bool {
        let before = self.snapshot();
        match edit {
            Edit::Paint(pen, cells) => {
                for &p in cells {
                    self.paint(*pen, p);
                }
            }
            Edit::Line(pen, a, b) => {
                for p in line(*a, *b) {
                    self.paint(*pen, p);
                }
            }
            Edit::Area(pen, a, b) => {
                for y in a.y.min(b.y)..=a.y.max(b.y) {
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        self.paint(*pen, Pos::new(x, y));
                    }
                }
            }
            Edit::Resize {
                left,
                top,
                right,
                bottom,
            } => self.resize(*left, *top, *right, *bottom),
            Edit::Rotate => self.rotate(),
            Edit::MirrorX => self.mirror(true),
            Edit::MirrorY => self.mirror(false),
        }
        if self.snapshot() == before {
            return false;
        }
        self.level.recording = None;
        self.undo.push(before);
        self.redo.clear();
        true
    }

    /// How many undo steps there are (to merge a stroke's edits with [`Editor::merge_since`]).
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// Makes every edit since the undo list had `len` entries one undo step (a drag is one
    /// gesture).
    pub fn merge_since(&mut self, len: usize) {
        if self.undo.len() > len + 1 {
            self.undo.truncate(len + 1);
        }
    }

    /// Undoes every edit since the undo list had `len` entries, leaving no redo for them (a
    /// stroke cancelled by a second finger).
    pub fn revert_to(&mut self, len: usize) {
        let redo = self.redo.len();
        while self.undo.len() > len {
            self.undo();
        }
        self.redo.truncate(redo);
    }

    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop() else {
            return false;
        };
        let now = self.snapshot();
        self.redo.push(now);
        self.restore(prev);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        let now = self.snapshot();
        self.undo.push(now);
        self.restore(next);
        true
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.x < self.level.width && p.y < self.level.height)
            .then(|| (p.y * self.level.width + p.x) as usize)
    }

    fn paint(&mut self, pen: Pen, p: Pos) {
        let Some(i) = self.index(p) else { return };
        if pen == Pen::Worker {
            // One worker: the old one leaves (its goal stays).
            for b in &mut self.level.cells {
                if cell::is_worker(*b) {
                    *b &= 1;
                }
            }
        }
        let old = self.level.cells[i];
        self.level.cells[i] = pen.paint(old);
    }

    fn resize(&mut self, left: i32, top: i32, right: i32, bottom: i32) {
        let (w, h) = (self.level.width as i32, self.level.height as i32);
        let (nw, nh) = (w + left + right, h + top + bottom);
        if nw < 1 || nh < 1 || nw > MAX_DESIGN_SIDE as i32 || nh > MAX_DESIGN_SIDE as i32 {
            return;
        }
        let mut cells = vec![LAND; (nw * nh) as usize];
        for y in 0..nh {
            for x in 0..nw {
                let (ox, oy) = (x - left, y - top);
                if ox >= 0 && oy >= 0 && ox < w && oy < h {
                    cells[(y * nw + x) as usize] = self.level.cells[(oy * w + ox) as usize];
                }
            }
        }
        self.level.width = nw as u32;
        self.level.height = nh as u32;
        self.level.cells = cells;
    }

    fn rotate(&mut self) {
        let (w, h) = (self.level.width, self.level.height);
        let mut cells = vec![LAND; (w * h) as usize];
        // Clockwise: (x, y) goes to (h - 1 - y, x) in a board h wide.
        for y in 0..h {
            for x in 0..w {
                cells[(x * h + (h - 1 - y)) as usize] = self.level.cells[(y * w + x) as usize];
            }
        }
        self.level.width = h;
        self.level.height = w;
        self.level.cells = cells;
    }

    fn mirror(&mut self, across_x: bool) {
        let (w, h) = (self.level.width as usize, self.level.height as usize);
        if across_x {
            for row in self.level.cells.chunks_mut(w) {
                row.reverse();
            }
        } else {
            for y in 0..h / 2 {
                for x in 0..w {
                    self.level.cells.swap(y * w + x, (h - 1 - y) * w + x);
                }
            }
        }
    }

    /// What stands between this level and play: the core validator's messages (worker count,
    /// boxes and goals, open walls), empty when it is playable.
    pub fn problems(&self) -> Vec<LevelError> {
        match Board::new(
            self.level.width,
            self.level.height,
            self.level.cells.clone(),
        ) {
            Ok(b) => validate::problems(&b),
            Err(e) => vec![e.into()],
        }
    }

    /// The cells where the worker could walk off the map (to highlight).
    pub fn open_cells(&self) -> Vec<Pos> {
        match Board::new(
            self.level.width,
            self.level.height,
            self.level.cells.clone(),
        ) {
            Ok(b) => validate::open_cells(&b),
            Err(_) => Vec::new(),
        }
    }

    /// Counts shown beside the board: workers, boxes, goals.
    pub fn counts(&self) -> (usize, usize, usize) {
        let c = &self.level.cells;
        (
            c.iter().filter(|&&b| cell::is_worker(b)).count(),
            c.iter().filter(|&&b| cell::is_box(b)).count(),
            c.iter().filter(|&&b| cell::is_goal(b)).count(),
        )
    }
}

/// The cells of a drag from `a` to `b` (Bresenham's line), so a quick drag that skips cells
/// between two frames still paints a line without gaps.
pub fn line(a: Pos, b: Pos) -> Vec<Pos> {
    let (mut x, mut y) = (a.x as i64, a.y as i64);
    let (x1, y1) = (b.x as i64, b.y as i64);
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut err = dx + dy;
    let mut out = Vec::new();
    loop {
        out.push(Pos::new(x as u32, y as u32));
        if x == x1 && y == y1 {
            return out;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

/// Operations on the levels of a collection being edited: new, duplicate, delete, move.
pub mod levels {
    use super::super::level::Level;

    /// Inserts `level` after `at` (at the end when `at` is out of range). Returns its index.
    pub fn insert_after(levels: &mut Vec<Level>, at: usize, level: Level) -> usize {
        let i = (at + 1).min(levels.len());
        levels.insert(i, level);
        i
    }

    /// Duplicates level `at` just after it. Returns the copy's index.
    pub fn duplicate(levels: &mut Vec<Level>, at: usize) -> Option<usize> {
        let mut copy = levels.get(at)?.clone();
        if !copy.title.is_empty() {
            copy.title = format!("{} (copy)", copy.title);
        }
        Some(insert_after(levels, at, copy))
    }

    /// Deletes level `at` (never the last one left). Returns the index to show next.
    pub fn delete(levels: &mut Vec<Level>, at: usize) -> Option<usize> {
        if levels.len() <= 1 || at >= levels.len() {
            return None;
        }
        levels.remove(at);
        Some(at.min(levels.len() - 1))
    }

    /// Moves level `at` one place earlier (`up`) or later. Returns its new index.
    pub fn shift(levels: &mut [Level], at: usize, up: bool) -> Option<usize> {
        let to = if up { at.checked_sub(1)? } else { at + 1 };
        if to >= levels.len() || at >= levels.len() {
            return None;
        }
        levels.swap(at, to);
        Some(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::xsb;

    fn rows(e: &Editor) -> Vec<String> {
        e.level
            .rows()
            .map(|r| {
                r.iter()
                    .map(|&b| match b {
                        LAND => ' ',
                        SLOT => '.',
                        WALL => '#',
                        BRICK => '%',
                        BOX0 => '$',
                        5 => '*',
                        MAN0 => '@',
                        7 => '+',
                        _ => '?',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn pens_paint_the_original_kinds_and_goals_combine() {
        let mut e = Editor::new(Editor::blank(6, 4));
        assert_eq!(rows(&e), ["######", "#    #", "#  @ #", "######"]);
        assert!(e.apply(&Edit::Paint(
            Pen::Goal,
            vec![Pos::new(1, 1), Pos::new(3, 2)]
        )));
        assert_eq!(rows(&e)[2], "#  + #", "the worker on a goal");
        assert!(e.apply(&Edit::Paint(Pen::Box, vec![Pos::new(1, 1)])));
        assert_eq!(rows(&e)[1], "#*   #", "a box painted on a goal");
        assert!(e.apply(&Edit::Paint(Pen::Worker, vec![Pos::new(4, 1)])));
        assert_eq!(rows(&e), ["######", "#*  @#", "#  . #", "######"], "moved");
        assert!(e.apply(&Edit::Paint(Pen::Brick, vec![Pos::new(0, 0)])));
        assert!(e.apply(&Edit::Paint(Pen::Goal, vec![Pos::new(0, 0)])));
        assert_eq!(&rows(&e)[0][..1], ".");
        assert!(e.apply(&Edit::Paint(Pen::Floor, vec![Pos::new(1, 1)])));
        assert_eq!(rows(&e)[1], "#   @#");
        assert!(
            !e.apply(&Edit::Paint(Pen::Floor, vec![Pos::new(1, 1)])),
            "no change"
        );
        assert!(
            !e.apply(&Edit::Paint(Pen::Wall, vec![Pos::new(9, 9)])),
            "off the board"
        );
        assert_eq!(e.counts(), (1, 0, 2));
    }

    #[test]
    fn lines_and_areas() {
        let mut e = Editor::new(Editor::blank(7, 5));
        e.apply(&Edit::Line(Pen::Wall, Pos::new(1, 1), Pos::new(5, 3)));
        assert_eq!(
            rows(&e),
            ["#######", "##    #", "# ##  #", "#   ###", "#######"]
        );
        e.undo();
        e.apply(&Edit::Area(Pen::Goal, Pos::new(4, 3), Pos::new(2, 1)));
        assert_eq!(
            rows(&e),
            ["#######", "# ... #", "# .+. #", "# ... #", "#######"]
        );
        assert_eq!(line(Pos::new(3, 3), Pos::new(3, 0)).len(), 4);
    }

    #[test]
    fn resize_rotate_mirror_and_undo_redo() {
        let mut e = Editor::new(Editor::blank(5, 4));
        e.apply(&Edit::Paint(Pen::Box, vec![Pos::new(1, 1)]));
        let start = rows(&e);
        assert!(e.apply(&Edit::Resize {
            left: 1,
            top: 0,
            right: 0,
            bottom: 2,
        }));
        assert_eq!((e.level.width, e.level.height), (6, 6));
        assert_eq!(
            rows(&e),
            [" #####", " #$  #", " # @ #", " #####", "      ", "      "]
        );
        assert!(e.apply(&Edit::Resize {
            left: -1,
            top: 0,
            right: 0,
            bottom: -2,
        }));
        assert_eq!(rows(&e), start);
        assert!(!e.apply(&Edit::Resize {
            left: -5,
            top: 0,
            right: 0,
            bottom: 0,
        }));
        e.apply(&Edit::Rotate);
        assert_eq!(rows(&e), ["####", "# $#", "#@ #", "#  #", "####"]);
        e.apply(&Edit::Rotate);
        e.apply(&Edit::Rotate);
        e.apply(&Edit::Rotate);
        assert_eq!(rows(&e), start, "four quarter turns");
        e.apply(&Edit::MirrorX);
        assert_eq!(rows(&e)[1], "#  $#");
        e.apply(&Edit::MirrorY);
        assert_eq!(rows(&e)[2], "#  $#");
        // Undo everything, then redo everything.
        let end = rows(&e);
        let mut n = 0;
        while e.undo() {
            n += 1;
        }
        assert_eq!(n, 9);
        assert_eq!(rows(&e), ["#####", "#   #", "# @ #", "#####"]);
        while e.redo() {}
        assert_eq!(rows(&e), end);
        // A stroke of several paints is one undo step.
        let n = e.undo_len();
        e.apply(&Edit::Paint(Pen::Wall, vec![Pos::new(1, 1)]));
        e.apply(&Edit::Paint(Pen::Wall, vec![Pos::new(2, 1)]));
        e.merge_since(n);
        assert_eq!(e.undo_len(), n + 1);
        e.undo();
        assert_eq!(rows(&e), end);
        // A cancelled stroke leaves nothing behind, not even a redo.
        let n = e.undo_len();
        e.apply(&Edit::Paint(Pen::Wall, vec![Pos::new(2, 2)]));
        e.apply(&Edit::Paint(Pen::Wall, vec![Pos::new(3, 2)]));
        e.revert_to(n);
        assert_eq!(rows(&e), end);
        assert!(!e.can_redo());
        // A new edit drops the redo list.
        e.undo();
        e.apply(&Edit::Paint(Pen::Wall, vec![Pos::new(1, 1)]));
        assert!(!e.can_redo());
    }

    #[test]
    fn live_validation_names_the_problem_and_the_open_cells() {
        let mut e = Editor::new(Editor::blank(6, 4));
        assert_eq!(e.problems(), [LevelError::NoBoxes]);
        e.apply(&Edit::Paint(Pen::Box, vec![Pos::new(1, 1)]));
        let p = e.problems();
        assert!(p[0].to_string().contains("1 box but 0 goals"), "{}", p[0]);
        e.apply(&Edit::Paint(Pen::Goal, vec![Pos::new(2, 1)]));
        assert!(e.problems().is_empty());
        e.apply(&Edit::Paint(Pen::Floor, vec![Pos::new(5, 2)]));
        assert_eq!(e.open_cells(), [Pos::new(5, 2)]);
        assert!(e.problems()[0].to_string().contains("open"));
        e.apply(&Edit::Paint(Pen::Floor, vec![Pos::new(3, 2)]));
        assert!(e.problems()[0].to_string().contains("no worker"));
        assert!(e.open_cells().is_empty());
        // A playable design writes as XSB and reads back the same board.
        e.undo();
        e.undo();
        let text = xsb::write_level(&e.level);
        assert!(text.contains("#$.  #"), "{text}");
    }

    #[test]
    fn collection_operations() {
        let mut v = vec![Editor::blank(5, 5), Editor::blank(6, 6)];
        v[0].title = "first".into();
        assert_eq!(levels::duplicate(&mut v, 0), Some(1));
        assert_eq!(v[1].title, "first (copy)");
        assert_eq!(levels::shift(&mut v, 2, true), Some(1));
        assert_eq!(v[1].width, 6);
        assert_eq!(levels::shift(&mut v, 0, true), None);
        assert_eq!(levels::delete(&mut v, 2), Some(1));
        assert_eq!(v.len(), 2);
        assert_eq!(levels::delete(&mut v, 0), Some(0));
        assert_eq!(levels::delete(&mut v, 0), None, "the last level stays");
        assert_eq!(levels::insert_after(&mut v, 5, Editor::blank(3, 3)), 1);
    }
}
