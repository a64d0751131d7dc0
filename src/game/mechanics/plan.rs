//! The router of the player's board commands: steps, walks and taps become queued steps (a walk
//! runs the core cyclic-mark BFS on the byte map), undo, redo and restart become a history
//! operation, and level changes load a level; any new command cancels the rest of a walk in
//! progress. It runs while the level is on screen (played, solved, or under the level browser);
//! the screens' own commands are theirs.

use crate::game::vocab::*;
use bevy::prelude::*;

use crate::core::{Pos, cell};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StepQueue>()
        .add_message::<Unreachable>()
        .add_systems(
            Update,
            route_commands.in_set(AppSystems::Plan).run_if(
                in_state(Play::Active)
                    .or_else(in_state(Play::Solved))
                    .or_else(in_state(Play::Picking)),
            ),
        );
}

fn route_commands(
    mut commands_in: MessageReader<PlayerCommand>,
    session: Option<ResMut<Session>>,
    mut queue: ResMut<StepQueue>,
    current: Option<Res<CurrentLevel>>,
    mut load: MessageWriter<LoadLevel>,
    mut unreachable: MessageWriter<Unreachable>,
    play: Res<State<Play>>,
) {
    let mut session = session;
    for cmd in commands_in.read() {
        // Once solved, only undo, restart and level changes make sense.
        let allowed = match play.get() {
            Play::Active => true,
            Play::Solved => !matches!(
                cmd,
                PlayerCommand::Step(_)
                    | PlayerCommand::Redo
                    | PlayerCommand::WalkTo(_)
                    | PlayerCommand::Tap(_)
            ),
            // The browser chooses levels itself; N and P still change the level.
            _ => matches!(cmd, PlayerCommand::NextLevel | PlayerCommand::PrevLevel),
        };
        if !allowed {
            continue;
        }
        match *cmd {
            PlayerCommand::NextLevel | PlayerCommand::PrevLevel | PlayerCommand::Choose(_) => {
                if let Some(current) = &current {
                    let n = current.collection.levels.len();
                    let i = current.index;
                    let to = match *cmd {
                        PlayerCommand::NextLevel => (i + 1 < n).then_some(i + 1),
                        PlayerCommand::PrevLevel => i.checked_sub(1),
                        PlayerCommand::Choose(k) => (k < n).then_some(k),
                        _ => None,
                    };
                    if let Some(to) = to {
                        queue.replace([]);
                        queue.history_op = None;
                        load.write(LoadLevel(to));
                    }
                }
                continue;
            }
            PlayerCommand::Undo | PlayerCommand::Redo | PlayerCommand::Restart => {
                queue.replace([]);
                queue.history_op = Some(match cmd {
                    PlayerCommand::Undo => HistoryOp::Undo,
                    PlayerCommand::Redo => HistoryOp::Redo,
                    _ => HistoryOp::Restart,
                });
                continue;
            }
            _ => {}
        }
        let Some(s) = session.as_deref_mut() else {
            continue;
        };
        match *cmd {
            PlayerCommand::Step(d) => queue.replace([d]),
            PlayerCommand::WalkTo(p) => walk_to(s, &mut queue, &mut unreachable, p),
            PlayerCommand::Tap(p) => {
                // A tap on a box next to the worker pushes it; any other tap walks.
                let board = s.game.board();
                let w = board.worker_pos();
                let next_to = crate::core::Direction::SEARCH_ORDER
                    .into_iter()
                    .find(|&d| board.neighbour(w, d) == Some(p));
                match next_to {
                    Some(d) if board.get(p).is_some_and(|c| cell::is_box(c.byte())) => {
                        queue.replace([d])
                    }
                    _ => walk_to(s, &mut queue, &mut unreachable, p),
                }
            }
            _ => {}
        }
    }
}

fn walk_to(
    s: &mut Session,
    queue: &mut StepQueue,
    unreachable: &mut MessageWriter<Unreachable>,
    p: Pos,
) {
    // The queue holds steps not yet on the board; a new walk starts from where the worker is now.
    match s.finder.find_path(s.game.board_for_search(), p) {
        Some(walk) => queue.replace(walk.iter().copied()),
        // Only the mark: a walk in progress goes on.
        None => {
            unreachable.write(Unreachable(p));
        }
    }
}
