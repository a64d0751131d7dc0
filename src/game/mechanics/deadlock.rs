//! Deadlock warnings: after every move the core's detectors (`core::deadlock`: dead square,
//! freeze, closed diagonal, bipartite; each can be switched off in the settings) look at the position on the
//! board. A deadlocked position sets [`DeadlockWarning`]: the HUD says "undo" and the view marks
//! the boxes involved. The warning follows the board, so the undo that leaves the position
//! clears it, and a redo back into it raises it again. Reverse play is not judged.

use bevy::prelude::*;

use crate::core::deadlock::Detector;
use crate::game::vocab::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DeadlockWarning>().add_systems(
        Update,
        check_position
            .after(ApplySteps)
            .in_set(AppSystems::Simulate)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The level's detector, kept while its walls and goals stay the same.
#[derive(Default)]
struct LevelDetector {
    /// The board's size and the cells that are walls or goals, as the detector was built for.
    layout: Vec<u8>,
    detector: Option<Detector>,
}

fn check_position(
    session: Option<Res<Session>>,
    settings: Res<WarningSettings>,
    mut warning: ResMut<DeadlockWarning>,
    mut level: Local<LevelDetector>,
) {
    // The detectors judge pushes; reverse play (pulls) has no warnings.
    let Some(session) = session.filter(|s| !s.game.is_reverse()) else {
        warning.set_if_neq(DeadlockWarning(None));
        return;
    };
    if !session.is_changed() && !settings.is_changed() {
        return;
    }
    let board = session.game.board();
    let layout: Vec<u8> = board
        .cells()
        .iter()
        .map(|&c| {
            u8::from(crate::core::cell::is_wall(c)) | u8::from(crate::core::cell::is_goal(c)) << 1
        })
        .chain(board.width().to_le_bytes())
        .collect();
    if level.layout != layout || level.detector.is_none() {
        level.detector = Some(Detector::new(board));
        level.layout = layout;
    }
    let found = level
        .detector
        .as_ref()
        .and_then(|d| d.check(board, settings.0));
    warning.set_if_neq(DeadlockWarning(found));
}
