//! Reverse play: B or "Reverse play" in the level menu switches the board between the forward game
//! and the reverse one (boxes start on the goals and are pulled back to the level's start cells;
//! see `core::reverse`). Each direction keeps its own game ([`ParkedGame`]), so switching back
//! finds it as it was. A solved reverse game is offered to the records as the forward solution it
//! stands for (`core::level::Recording::solution`).
//!
//! Siblings: `board` (puts the other game on the board).

use crate::core::Game;
use crate::game::mechanics::board::respawn;
use crate::game::vocab::*;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ParkedGame>().add_systems(
        Update,
        switch_direction.in_set(AppSystems::Plan).run_if(
            in_state(Play::Active)
                .or_else(in_state(Play::Solved))
                .or_else(in_state(Play::Picking))
                .or_else(in_state(Play::LevelMenu)),
        ),
    );
}

fn switch_direction(
    mut cmds: MessageReader<PlayerCommand>,
    mut commands: Commands,
    session: Option<Res<Session>>,
    current: Option<Res<CurrentLevel>>,
    mut parked: ResMut<ParkedGame>,
    roots: Query<Entity, With<BoardRoot>>,
    mut next_play: ResMut<NextState<Play>>,
    mut notices: ResMut<Notices>,
    mut helped: ResMut<HelpedGame>,
) {
    if !cmds.read().any(|c| *c == PlayerCommand::Reverse) {
        return;
    }
    let (Some(session), Some(current)) = (session, current) else {
        return;
    };
    let Some((other, other_helped)) = parked
        .take_for(&current)
        .or_else(|| fresh_other(&session.game, &current, &mut notices).map(|g| (g, false)))
    else {
        return;
    };
    let this_helped = helped.0 == Some(session.serial);
    parked.park(&current, session.game.clone(), this_helped);
    let solved = other.is_solved();
    let serial = respawn(&mut commands, &roots, &current, other);
    // The hint's help stays with the game it helped, parked or back on the board.
    if other_helped {
        helped.0 = serial;
    }
    next_play.set(if solved { Play::Solved } else { Play::Active });
}

/// The other direction's game at its start: reverse play of a forward game, or the other way.
fn fresh_other(game: &Game, current: &CurrentLevel, notices: &mut Notices) -> Option<Game> {
    let level = current.level();
    let start = level.playable().ok()?;
    if game.is_reverse() {
        return Some(Game::new(start));
    }
    let reversed = Game::reverse(&start);
    if reversed.is_none() {
        notices.say(t!("reverse-impossible", level = current.label()));
    }
    reversed
}
