//! What belongs to the player across screens: settings that change how the game plays, notices
//! about their data, and the first-play hint.

use bevy::prelude::*;

use crate::t;

/// Messages for the player about their data (a save set aside, a recording that does not solve
/// its level, a solution pasted from the clipboard); the HUD shows them.
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

impl Notices {
    pub fn say(&mut self, s: impl Into<String>) {
        let s = s.into();
        warn!("{s}");
        self.0.push(s);
    }
}

/// The first-play hint is on screen until the player's first move (once per data folder).
#[derive(Resource, Default, Debug)]
pub struct FirstPlayHint(pub bool);

/// Which deadlock warnings are on (each of the core's detectors can be switched off).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarningSettings(pub crate::core::deadlock::Detectors);

impl Default for WarningSettings {
    fn default() -> Self {
        WarningSettings(crate::core::deadlock::Detectors::ALL)
    }
}

/// Dead squares are shaded always (`true`), or only while a box is selected.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShadeDeadSquares(pub bool);

/// The deadlock the detectors see in the position on the board, if any: the HUD says so and the
/// boxes involved are marked, until a move (an undo, most often) leaves it.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct DeadlockWarning(pub Option<crate::core::deadlock::Deadlock>);

/// The solver's hint from the position on the board (`mechanics/hint.rs` runs the search off the
/// frame; the HUD words it, the view marks the box).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub enum SolverHint {
    #[default]
    Off,
    /// Searching: positions stored so far.
    Thinking { positions: u64 },
    /// The next push: the box's cell, the cell it goes to, and the pushes of the whole solution.
    Found {
        from: crate::core::Pos,
        to: crate::core::Pos,
        pushes: u32,
    },
    /// The search proved that the level cannot be solved from this position.
    NoSolution,
    /// The time budget ran out (seconds).
    NotFound { seconds: u32 },
    /// Reverse play has no hint (the solver pushes).
    NotInReverse,
}

/// The serial of the session in which moves were played by the hint: a level solved there is the
/// computer's solution, not kept as the player's record.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HelpedGame(pub Option<u64>);

/// The optimizer ("Improve") on a solution of a level, for the screens to show:
/// counts are (moves, pushes). `mechanics/improve.rs` runs it.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub enum Improvement {
    #[default]
    Idle,
    /// Searching; `best` is the best found so far.
    Running {
        /// The level's key in the progress file (`core::save::fingerprint_key`).
        level: String,
        before: (u32, u32),
        best: (u32, u32),
    },
    /// Finished or stopped: the best found (the solution given when `best == before`).
    Done {
        level: String,
        before: (u32, u32),
        best: (u32, u32),
        lurd: String,
    },
}

impl Improvement {
    /// The line the solved panel and the replay show for the level whose progress key is
    /// `here` (nothing for another level's improvement).
    pub fn line(&self, here: &str) -> Option<String> {
        match self {
            Improvement::Running {
                level,
                before,
                best,
            } if level == here => Some(t!(
                "improve-running",
                moves = best.0,
                pushes = best.1,
                moves0 = before.0,
                pushes0 = before.1
            )),
            Improvement::Done {
                level,
                before,
                best,
                ..
            } if level == here => Some(if best != before {
                t!(
                    "improve-found",
                    moves = best.0,
                    pushes = best.1,
                    moves0 = before.0,
                    pushes0 = before.1
                )
            } else {
                t!("improve-none", moves0 = before.0, pushes0 = before.1)
            }),
            _ => None,
        }
    }
}
