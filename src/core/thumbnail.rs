//! Level thumbnails drawn from the byte map: one square of pixels per cell in the colour of its
//! kind, floor outside the walls left transparent. Plain RGBA bytes; the game turns them into
//! textures for the level browser.

use super::cell::{self, Cell};
use super::level::Level;
use super::validate;

/// RGBA colours of the cell kinds.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub floor: [u8; 4],
    pub goal: [u8; 4],
    pub wall: [u8; 4],
    pub brick: [u8; 4],
    pub box_off_goal: [u8; 4],
    pub box_on_goal: [u8; 4],
    pub worker: [u8; 4],
}

impl Palette {
    /// The colour a cell byte is drawn in; `None` for floor outside the worker's area.
    pub fn colour(&self, byte: u8, inside: bool) -> Option<[u8; 4]> {
        Some(match Cell::from_byte(byte) {
            Cell::Wall => self.wall,
            Cell::Brick => self.brick,
            Cell::Box0 => self.box_off_goal,
            Cell::Box1 => self.box_on_goal,
            Cell::Man0 | Cell::Man1 => self.worker,
            Cell::Slot => self.goal,
            Cell::Land if inside => self.floor,
            Cell::Land => return None,
        })
    }
}

/// Pixels per cell so that the longer side is at most `max_side` pixels (at least 1).
pub fn scale_for(level: &Level, max_side: u32) -> u32 {
    (max_side / level.width.max(level.height).max(1)).max(1)
}

/// The thumbnail: width, height and RGBA rows, `scale` pixels per cell.
pub fn draw(level: &Level, scale: u32, palette: &Palette) -> (u32, u32, Vec<u8>) {
    let (w, h) = (level.width * scale, level.height * scale);
    let inside = level
        .board()
        .map(|b| validate::inside(&b))
        .unwrap_or_else(|_| vec![true; level.cells.len()]);
    let mut rgba = vec![0u8; (w * h * 4) as usize];
    for (i, &b) in level.cells.iter().enumerate() {
        let Some(c) = palette.colour(b & cell::KIND_MASK, inside[i] || !cell::is_blank(b)) else {
            continue;
        };
        let (cx, cy) = (i as u32 % level.width, i as u32 / level.width);
        for y in cy * scale..(cy + 1) * scale {
            for x in cx * scale..(cx + 1) * scale {
                let at = ((y * w + x) * 4) as usize;
                rgba[at..at + 4].copy_from_slice(&c);
            }
        }
    }
    (w, h, rgba)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;

    const P: Palette = Palette {
        floor: [1, 1, 1, 255],
        goal: [2, 2, 2, 255],
        wall: [3, 3, 3, 255],
        brick: [4, 4, 4, 255],
        box_off_goal: [5, 5, 5, 255],
        box_on_goal: [6, 6, 6, 255],
        worker: [7, 7, 7, 255],
    };

    #[test]
    fn every_cell_is_drawn_in_its_kinds_colour() {
        // Floor outside the walls (left column) stays transparent.
        let b = Board::from_mask_rows(&["-#####", "-#(x+#", "-#X--#", "-#####"]).unwrap();
        let level = Level::new(b.width(), b.height(), b.cells().to_vec());
        let s = scale_for(&level, 48);
        assert_eq!(s, 8);
        let (w, h, rgba) = draw(&level, s, &P);
        assert_eq!((w, h), (48, 32));
        let px = |cx: u32, cy: u32, dx: u32, dy: u32| {
            let at = (((cy * s + dy) * w + cx * s + dx) * 4) as usize;
            [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]]
        };
        for (i, &byte) in level.cells.iter().enumerate() {
            let (cx, cy) = (i as u32 % level.width, i as u32 / level.width);
            let want = if cx == 0 {
                [0, 0, 0, 0]
            } else {
                P.colour(byte, true).unwrap()
            };
            for (dx, dy) in [(0, 0), (s - 1, s - 1), (s / 2, 1)] {
                assert_eq!(px(cx, cy, dx, dy), want, "cell {cx},{cy}");
            }
        }
        assert_eq!(px(3, 1, 0, 0), P.box_off_goal);
        assert_eq!(px(2, 2, 0, 0), P.box_on_goal);
        assert_eq!(px(2, 1, 0, 0), P.worker);
        assert_eq!(px(4, 1, 0, 0), P.goal);
    }

    #[test]
    fn huge_levels_get_one_pixel_per_cell() {
        let level = Level::new(300, 2, vec![cell::WALL; 600]);
        assert_eq!(scale_for(&level, 96), 1);
        assert_eq!(draw(&level, 1, &P).0, 300);
    }
}
