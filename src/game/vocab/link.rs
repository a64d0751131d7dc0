//! The Link mode's shared vocabulary: the game on screen ([`LinkPlay`]) that the mechanic plays,
//! the screen draws and the scripted mode reads, and the messages between them.

use std::time::Duration;

use bevy::prelude::*;

use super::ui::Layout;
use crate::core::link::{Cell, Line, LinkBoard, LinkGame, deal};
use crate::core::save::link_best_key;

/// The board sizes a player chooses from (tiles): landscape ones, portrait ones for phones, and
/// small ones for small windows; a window offers those whose tiles a finger can pick there
/// ([`sizes_for`]).
pub const LINK_SIZES: [(i32, i32); 8] = [
    (18, 8),
    (14, 6),
    (24, 12),
    (8, 12),
    (10, 16),
    (6, 8),
    (6, 10),
    (10, 4),
];

/// The smallest tile offered, in logical pixels (a finger's width, near enough).
pub const MIN_TILE: f32 = 40.0;

/// The room the Link screen's status line, toolbar and margins take from a window laid out
/// this way, in logical pixels (across, down): the screen lays itself out within it.
pub fn link_chrome(layout: Layout) -> Vec2 {
    match layout {
        // Two rows of icons under the board.
        Layout::Portrait => Vec2::new(8.0, 150.0),
        // A column of icons beside it.
        Layout::Landscape => Vec2::new(126.0, 42.0),
        // A row of labelled buttons under it, two when the window is narrow.
        Layout::Wide => Vec2::new(16.0, 170.0),
    }
}

/// The tile size a `w`×`h` deal gets in a window this size (one empty cell round the board).
pub fn tile_px((w, h): (i32, i32), window: Vec2) -> f32 {
    let area = window - link_chrome(Layout::of(window));
    (area.x / (w + 2) as f32).min(area.y / (h + 2) as f32)
}

/// The deal sizes a window offers: those whose tiles are at least [`MIN_TILE`] there (in
/// [`LINK_SIZES`]' order), else the one with the largest tiles; every size without a window.
pub fn sizes_for(window: Option<Vec2>) -> Vec<(i32, i32)> {
    let Some(window) = window else {
        return LINK_SIZES.to_vec();
    };
    let fitting: Vec<_> = LINK_SIZES
        .into_iter()
        .filter(|&s| tile_px(s, window) >= MIN_TILE)
        .collect();
    if fitting.is_empty() {
        let largest = LINK_SIZES
            .into_iter()
            .max_by(|&a, &b| tile_px(a, window).total_cmp(&tile_px(b, window)));
        return largest.into_iter().collect();
    }
    fitting
}

/// A seed for a new deal (2D or 3D): the clock's nanoseconds (mixed), or a step on from the
/// last one.
pub fn fresh_seed(after: u64) -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let noise = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // A browser has no std clock: its random numbers instead.
    #[cfg(target_arch = "wasm32")]
    let noise = (js_sys::Math::random() * u64::MAX as f64) as u64;
    (after ^ noise)
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407)
        >> 1
}

/// The Link game being played, with what the screen shows about it.
#[derive(Resource, Debug)]
pub struct LinkPlay {
    pub game: LinkGame,
    /// The seed of the deal.
    pub seed: u64,
    pub selected: Option<Cell>,
    /// The keyboard's and gamepad's cursor.
    pub cursor: Cell,
    /// A playable pair the Hint button showed (until the next move).
    pub hint: Option<(Cell, Cell, Line)>,
    /// Time played on this deal (the clock stops while paused, stuck, finished or away).
    pub clock: Duration,
    pub paused: bool,
    /// Playable pairs on the board now.
    pub playable: usize,
    /// The size and variant new deals get.
    pub next_size: (i32, i32),
    pub next_gravity: bool,
    /// Set when the board is cleared.
    pub finish: Option<Finish>,
    /// The cursor is drawn once the keyboard or a gamepad has moved it.
    pub cursor_shown: bool,
}

/// A cleared board: the time, the best time before it, and whether it is a new best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    pub millis: u64,
    pub best_before: Option<u64>,
    pub record: bool,
}

impl LinkPlay {
    /// A game on screen with nothing selected (the clock at `clock`).
    pub fn new(game: LinkGame, seed: u64, clock: Duration) -> LinkPlay {
        let next_size = (game.board().width(), game.board().height());
        let next_gravity = game.gravity();
        let mut play = LinkPlay {
            game,
            seed,
            selected: None,
            cursor: Cell::new(0, 0),
            hint: None,
            clock,
            paused: false,
            playable: 0,
            next_size,
            next_gravity,
            finish: None,
            cursor_shown: false,
        };
        play.refresh();
        play
    }

    /// A new solvable deal (the size and variant are checked sizes, so the construction holds).
    pub fn dealt(size: (i32, i32), gravity: bool, seed: u64) -> LinkPlay {
        let board = deal(size.0, size.1, gravity, seed)
            .map(|(b, _)| b)
            .unwrap_or_else(|| LinkBoard::empty(size.0, size.1));
        LinkPlay::new(LinkGame::new(board, gravity), seed, Duration::ZERO)
    }

    pub fn board(&self) -> &LinkBoard {
        self.game.board()
    }

    /// No pair can be removed and tiles are left: shuffle or undo.
    pub fn stuck(&self) -> bool {
        self.playable == 0 && !self.game.is_cleared()
    }

    /// A panel is over the board (paused, stuck or finished): the cursor rests.
    pub fn panel_up(&self) -> bool {
        self.paused || self.stuck() || self.finish.is_some()
    }

    /// After every change of the board: the counts, and a selection or hint that no longer
    /// holds is dropped.
    pub fn refresh(&mut self) {
        self.playable = self.board().playable_pairs().len();
        self.hint = None;
        if self.selected.is_some_and(|c| self.board().get(c) == 0) {
            self.selected = None;
        }
    }

    /// The best-time key of this deal's size and variant.
    pub fn best_key(&self) -> String {
        link_best_key(
            self.board().width(),
            self.board().height(),
            self.game.gravity(),
        )
    }
}

/// A pair just removed, for the screen (line, sound, animation): the board as it was before
/// the tiles fell, so that the line is drawn where the player saw it.
#[derive(Message, Clone, Debug)]
pub struct LinkRemoved {
    pub a: Cell,
    pub b: Cell,
    pub face: u8,
    pub line: Line,
    pub before: LinkBoard,
}

/// The command line's `link play`: open the mode on this board (a seeded deal, or a board from a
/// file).
#[derive(Resource, Clone, Debug)]
pub struct LinkAtStart {
    pub board: LinkBoard,
    pub gravity: bool,
    /// The deal's seed (shuffles follow from it).
    pub seed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_offers_the_deals_a_finger_can_play() {
        let offered = |w: f32, h: f32| sizes_for(Some(Vec2::new(w, h)));
        // A desktop: the classic 18 x 8 first.
        assert_eq!(offered(1280.0, 720.0)[0], (18, 8));
        // Phones upright: portrait deals, never the 18 x 8 one.
        assert_eq!(offered(412.0, 915.0)[0], (8, 12));
        assert_eq!(offered(360.0, 640.0)[0], (6, 8));
        // On their side: short deals.
        assert_eq!(offered(915.0, 412.0)[0], (14, 6));
        assert_eq!(offered(640.0, 360.0)[0], (10, 4));
        for (w, h) in [
            (360.0, 640.0),
            (412.0, 915.0),
            (915.0, 412.0),
            (640.0, 360.0),
        ] {
            for s in offered(w, h) {
                assert!(tile_px(s, Vec2::new(w, h)) >= MIN_TILE, "{s:?} at {w}x{h}");
            }
        }
        // A window too small for any: the one with the largest tiles still.
        assert_eq!(offered(200.0, 200.0).len(), 1);
        assert_eq!(sizes_for(None).len(), LINK_SIZES.len());
    }
}
