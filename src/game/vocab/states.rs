//! The game's states and the frame's phases: which screen is up, and the system sets every plugin
//! places its systems in (ordering across plugins goes through these, never through another
//! file's function).

use bevy::prelude::*;

/// The screens.
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Loading,
    /// The built-in levels could not be loaded; the error is on screen.
    LoadFailed,
    Playing,
}

/// Whether the level on screen is being played or has just been solved.
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum Play {
    #[default]
    Active,
    Solved,
    /// The level picker is open over the board.
    Picking,
    /// A recording plays on the board (the player's game is set aside).
    Replay,
    /// The level designer.
    Design,
    /// The settings screen is open over the board.
    Settings,
    /// The title screen (continue, levels, settings) over the board.
    Title,
    /// The Link (連連看) mode: its own board and buttons cover the level.
    Link,
    /// Link 3D (with the `link3d` feature): a block of tiles turned by the player, from the Link
    /// screen.
    Link3d,
    /// The level's kept positions: keep this one, or go back to one.
    Snapshots,
    /// The level menu ("More"): the level's tools that the toolbar has no room for.
    LevelMenu,
    /// The daily puzzle of each tier, the streak, and random levels to make.
    Daily,
}

/// The frame's phases, chained in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    RecordInput,
    Plan,
    Simulate,
    SyncView,
}

/// Putting a level on the board when the game screen opens (`OnEnter(Screen::Playing)`), in this
/// order: the player's collections are listed, the saved game is restored, a level is chosen when
/// none was, and the level is spawned.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LevelSetup {
    Collections,
    Restore,
    Choose,
    Spawn,
}

/// Inside [`AppSystems::Simulate`]: the rules apply the queued steps; systems that read the moved
/// board in the same frame (the replay) run after this set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ApplySteps;

/// Inside [`AppSystems::RecordInput`]: the keyboard's and gamepad's actions become
/// [`super::PlayerCommand`]s. Screens that take the arrow keys for their buttons run before it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadActions;

/// Player settings that change how the game plays.
#[derive(Resource, Clone, Debug)]
pub struct Settings {
    /// Seconds one step takes on screen.
    pub step_seconds: f32,
    /// Apply whole walks at once, with no animation.
    pub instant: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            step_seconds: 0.09,
            instant: false,
        }
    }
}
