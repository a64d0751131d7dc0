//! Link 3D's shared vocabulary: the game on screen ([`Link3dPlay`]) that the mechanic plays, the
//! screen draws and the scripted mode reads, and the messages between them. The rules are
//! `core::link3d`'s; the mode exists with the `link3d` feature (the words here are plain data
//! and cost nothing without it).

use std::time::Duration;

use bevy::prelude::*;

use super::link::Finish;
use crate::core::link::LinkGame;
use crate::core::link3d::{Block, Cell3, Line3, deal};
use crate::core::save::link3d_best_key;

/// The block sizes offered (width, height, depth in tiles), smallest first: each fits a phone's
/// screen with tiles a finger can pick once the block is turned toward it.
pub const BLOCK_SIZES: [[i32; 3]; 5] = [[4, 4, 2], [4, 4, 4], [6, 4, 4], [6, 6, 4], [6, 6, 6]];

/// What the player does in Link 3D: `mechanics/link3d.rs` plays them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link3dCommand {
    /// A tap on a tile: selects it, or removes the pair when it matches the selected tile and a
    /// line joins them (a wrong second tap selects the new tile instead).
    Pick(Cell3),
    /// Show a playable pair and its line (again: the next pair).
    Hint,
    Shuffle,
    Undo,
    Redo,
    Restart,
    NewDeal,
    /// Stop the clock and hide the block, or go on.
    Pause,
    /// The keyboard's and gamepad's cursor to the next tile that can be picked (`false`: the
    /// one before), in reading order, round the block.
    NextTile(bool),
    /// Pick the tile under the cursor.
    PickAtCursor,
    /// New deals get the next block size (deals one now).
    NextSize,
}

/// The Link 3D game being played, with what the screen shows about it.
#[derive(Resource, Debug)]
pub struct Link3dPlay {
    pub game: LinkGame<Block>,
    /// The seed of the deal.
    pub seed: u64,
    pub selected: Option<Cell3>,
    /// The keyboard's and gamepad's cursor (none until Tab or the d-pad moves it).
    pub cursor: Option<Cell3>,
    /// A playable pair the Hint button showed (until the next move).
    pub hint: Option<(Cell3, Cell3, Line3)>,
    /// Time played on this deal (stopped while paused, stuck, finished or away).
    pub clock: Duration,
    pub paused: bool,
    /// Playable pairs on the block now.
    pub playable: usize,
    /// The size new deals get.
    pub next_size: [i32; 3],
    /// Set when the block is cleared.
    pub finish: Option<Finish>,
}

impl Link3dPlay {
    /// A game on screen with nothing selected (the clock at `clock`).
    pub fn new(game: LinkGame<Block>, seed: u64, clock: Duration) -> Link3dPlay {
        let b = game.board();
        let next_size = [b.width(), b.height(), b.depth()];
        let mut play = Link3dPlay {
            game,
            seed,
            selected: None,
            cursor: None,
            hint: None,
            clock,
            paused: false,
            playable: 0,
            next_size,
            finish: None,
        };
        play.refresh();
        play
    }

    /// A new deal that can be cleared (an offered size always deals; an empty block if not).
    pub fn dealt([w, h, d]: [i32; 3], seed: u64) -> Link3dPlay {
        let block = deal(w, h, d, seed).map_or_else(|| Block::empty(w, h, d), |(b, _)| b);
        Link3dPlay::new(LinkGame::new(block, false), seed, Duration::ZERO)
    }

    pub fn block(&self) -> &Block {
        self.game.board()
    }

    /// No pair can be removed and tiles are left: shuffle or undo.
    pub fn stuck(&self) -> bool {
        self.playable == 0 && !self.game.is_cleared()
    }

    /// A panel is over the block (paused, stuck or finished).
    pub fn panel_up(&self) -> bool {
        self.paused || self.stuck() || self.finish.is_some()
    }

    /// After every change of the block: the count, and a selection or hint that no longer
    /// holds is dropped.
    pub fn refresh(&mut self) {
        self.playable = self.block().playable_pairs().len();
        self.hint = None;
        if self.selected.is_some_and(|c| self.block().get(c) == 0) {
            self.selected = None;
        }
    }

    /// The best-time key of this block's size.
    pub fn best_key(&self) -> String {
        let b = self.block();
        link3d_best_key([b.width(), b.height(), b.depth()])
    }
}

/// A pair just removed, for the screen (its line, the tiles vanishing, the sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct Link3dRemoved {
    pub a: Cell3,
    pub b: Cell3,
    pub face: u8,
    pub line: Line3,
}

/// The command line's `link play --size WxHxD`: open Link 3D on this block.
#[derive(Resource, Clone, Debug)]
pub struct Link3dAtStart {
    pub block: Block,
    pub seed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_size_deals_and_a_game_reports_its_state() {
        for size in BLOCK_SIZES {
            let play = Link3dPlay::dealt(size, 3);
            assert_eq!(play.block().tiles() as i32, size.iter().product::<i32>());
            assert!(play.playable > 0 && !play.stuck() && !play.panel_up());
            assert_eq!(play.next_size, size);
        }
        assert_eq!(Link3dPlay::dealt([4, 4, 4], 1).best_key(), "4x4x4");
    }
}
