//! The Link mode's shared vocabulary: the game on screen ([`LinkPlay`]) that the mechanic plays,
//! the screen draws and the scripted mode reads, and the messages between them.

use std::time::Duration;

use bevy::prelude::*;

use crate::core::link::{Cell, Line, LinkBoard, LinkGame, deal};
use crate::core::save::link_best_key;

/// The board sizes a player chooses from (tiles): three landscape, two portrait for phones.
pub const LINK_SIZES: [(i32, i32); 5] = [(18, 8), (14, 6), (24, 12), (8, 12), (10, 16)];

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
