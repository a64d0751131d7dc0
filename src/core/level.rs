//! Levels and collections as files carry them: a board plus what players wrote about it.

use super::board::{Board, BoardError};
use super::lurd;
use super::validate::{self, LevelError};

/// A recorded solution, as the `.bxb` level header stores it (solved flag, steps, pushes) with its
/// moves as LURD when they are known.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Recording {
    pub moves: u32,
    pub pushes: u32,
    /// The moves; `None` when a file kept only the counts.
    pub lurd: Option<String>,
}

impl Recording {
    /// The moves of a game so far (a solution, once it is solved).
    pub fn of(game: &super::history::Game) -> Recording {
        Recording {
            moves: game.board().moves(),
            pushes: game.board().pushes(),
            lurd: Some(game.lurd()),
        }
    }

    /// A solved game's solution as the records keep it, on the level whose start is `level`:
    /// forward moves, converted from a reverse game (and checked by replaying them) when it was
    /// played in reverse. `None` while the game is not solved.
    pub fn solution(game: &super::history::Game, level: &super::board::Board) -> Option<Recording> {
        if game.is_reverse() {
            return game.forward_game(level).map(|g| Recording::of(&g));
        }
        game.is_solved().then(|| Recording::of(game))
    }

    /// Fewer moves than `other`, or as many and fewer pushes: better by moves.
    pub fn fewer_moves_than(&self, other: &Recording) -> bool {
        (self.moves, self.pushes) < (other.moves, other.pushes)
    }

    /// Fewer pushes than `other`, or as many and fewer moves: better by pushes.
    pub fn fewer_pushes_than(&self, other: &Recording) -> bool {
        (self.pushes, self.moves) < (other.pushes, other.moves)
    }
}

/// One level: its board bytes (the seed's encoding) and its metadata.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Level {
    pub title: String,
    pub author: String,
    pub notes: Vec<String>,
    pub width: u32,
    pub height: u32,
    pub cells: Vec<u8>,
    /// LURD solutions found beside the board in a `.sok` file (not yet verified).
    pub solutions: Vec<String>,
    /// The recorded solution kept with the level (`.bxb` solved flag and steps).
    pub recording: Option<Recording>,
    /// Columns of indentation removed from every row when the level was read from text, so that
    /// a cell can be named by its column exactly as written in the file.
    pub source_indent: u32,
}

impl Level {
    pub fn new(width: u32, height: u32, cells: Vec<u8>) -> Level {
        Level {
            width,
            height,
            cells,
            ..Level::default()
        }
    }

    /// The board at the start of the level (checks size, bytes and the single worker).
    pub fn board(&self) -> Result<Board, BoardError> {
        Board::new(self.width, self.height, self.cells.clone())
    }

    /// The board, if the level is playable.
    pub fn playable(&self) -> Result<Board, LevelError> {
        validate::playable(self.width, self.height, self.cells.clone())
    }

    /// Rows of cell bytes.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.width.max(1) as usize)
    }

    /// A short name for messages: `level 3 "Title"` or `level 3`.
    pub fn label(&self, index: usize) -> String {
        if self.title.is_empty() {
            format!("level {}", index + 1)
        } else {
            format!("level {} \"{}\"", index + 1, self.title)
        }
    }

    /// A fingerprint of the board (size and cells): the same board gives the same value in any
    /// collection, under any title.
    pub fn fingerprint(&self) -> u64 {
        // FNV-1a, 64 bit: stable across platforms and releases, unlike `DefaultHasher`.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        for b in self
            .width
            .to_le_bytes()
            .into_iter()
            .chain(self.height.to_le_bytes())
        {
            eat(b);
        }
        for &c in &self.cells {
            eat(c);
        }
        h
    }
}

impl Level {
    /// Verifies the `.sok` solutions found beside the board and keeps the best one (fewest moves,
    /// then fewest pushes) as the level's recording, when it has none yet. Returns a message for
    /// each solution that does not solve the level.
    pub fn adopt_best_solution(&mut self, index: usize) -> Vec<String> {
        let mut problems = Vec::new();
        let Ok(board) = self.board() else {
            return problems;
        };
        let mut best: Option<Recording> = None;
        for (k, text) in self.solutions.iter().enumerate() {
            match lurd::check_solution(&board, text) {
                Ok(game) => {
                    let r = Recording::of(&game);
                    if best.as_ref().is_none_or(|b| r.fewer_moves_than(b)) {
                        best = Some(r);
                    }
                }
                Err(e) => problems.push(format!("{}: solution {}: {e}", self.label(index), k + 1)),
            }
        }
        if self.recording.is_none() {
            self.recording = best;
        }
        problems
    }
}

/// A collection ("group" in the original): a name and its levels.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Collection {
    pub name: String,
    pub author: String,
    pub notes: Vec<String>,
    pub levels: Vec<Level>,
}
