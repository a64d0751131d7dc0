//! The rules of PushBox as plain Rust: no Bevy here.
//!
//! Cells are the seed's bytes ([`cell`]); a [`board::Board`] is the byte map with the worker and the
//! counters; [`path::PathFinder`] is the cyclic-mark BFS; [`history::Game`] adds undo and redo;
//! [`lurd`] reads and writes move strings; [`validate`] checks a level is playable.

pub mod blocks;
pub mod board;
pub mod cell;
pub mod deadlock;
pub mod design;
pub mod direction;
pub mod disk;
pub mod files;
pub mod formats;
pub mod generate;
pub mod history;
pub mod level;
pub mod link;
pub mod link3d;
pub mod lurd;
pub mod notation;
pub mod path;
pub mod push_path;
pub mod rating;
pub mod reverse;
pub mod samples;
pub mod save;
pub mod share;
pub mod solver;
pub mod thumbnail;
pub mod tiers;
pub mod validate;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod reverse_tests;

pub use board::{Blocked, Board, BoardError, Moved, Pos};
pub use cell::Cell;
pub use direction::{Direction, Step};
pub use history::Game;
pub use path::PathFinder;
pub use validate::LevelError;
