//! PushBox: a Sokoban (推箱子) game.
//!
//! [`core`] holds the rules and file formats as plain Rust, shared by the game, the command-line
//! tools, the tests and the benchmarks. [`game`] is the Bevy game (feature `game`, on by default).

pub mod cli;
pub mod core;
#[cfg(feature = "game")]
pub mod game;

/// The Android entry point: `bevy_main` turns it into the `android_main` the activity calls.
/// The desktop binary (`src/main.rs`) runs the same game through [`cli::play`].
#[cfg(all(target_os = "android", feature = "game"))]
#[bevy::prelude::bevy_main]
fn main() {
    game::run(game::AppPlugin::mobile());
}
