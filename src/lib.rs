//! PushBox: a Sokoban (推箱子) game.
//!
//! [`core`] holds the rules and file formats as plain Rust, shared by the game, the command-line
//! tools, the tests and the benchmarks. [`game`] is the Bevy game (feature `game`, on by default).

pub mod cli;
pub mod core;
#[cfg(feature = "game")]
pub mod game;
