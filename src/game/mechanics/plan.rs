//! The router of the player's board commands: steps, walks and taps become queued steps (a walk
//! runs the core cyclic-mark BFS on the byte map), undo, redo and restart become a history
//! operation, and level changes load a level; any new command cancels the rest of a walk in
//! progress. A tap on a box selects it ([`BoxSelection`], its reachable cells lit by the view); a
//! tap on a lit cell then plays the core's fewest-pushes move of that box there as one gesture
//! (one undo), and any other tap or command lets the box go. It runs while the level is on screen (played, solved, or under the level browser);
//! the screens' own commands are theirs.

use crate::game::vocab::*;
use bevy::prelude::*;

use crate::core::push_path::{Moving, box_move_by, box_targets, pull_targets};
use crate::core::{Pos, cell};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StepQueue>()
        .init_resource::<BoxSelection>()
        .add_message::<Unreachable>()
        .add_systems(
            Update,
            (drop_stale_selection, route_commands)
                .chain()
                .in_set(AppSystems::Plan)
                .run_if(
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
    mut selection: ResMut<BoxSelection>,
) {
    let mut session = session;
    for cmd in commands_in.read() {
        // Only a tap may use the selected box; anything else lets it go.
        let selected = selection.0.take();
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
            PlayerCommand::Step(d) => queue.replace_moves([(d, true)]),
            PlayerCommand::WalkTo(p) => walk_to(s, &mut queue, &mut unreachable, p),
            PlayerCommand::Tap(p) => {
                selection.0 = tap(s, &mut queue, &mut unreachable, selected, p);
            }
            _ => {}
        }
    }
}

/// A tap: on a lit cell, the selected box goes there; on the selected box, or elsewhere while a
/// box is selected, the box is let go; on another box, that one is selected; else a walk.
/// Returns the selection after it.
fn tap(
    s: &mut Session,
    queue: &mut StepQueue,
    unreachable: &mut MessageWriter<Unreachable>,
    selected: Option<SelectedBox>,
    p: Pos,
) -> Option<SelectedBox> {
    let board = s.game.board();
    let on_box = board.get(p).is_some_and(|c| cell::is_box(c.byte()));
    let moving = if s.game.is_reverse() {
        Moving::Pull
    } else {
        Moving::Push
    };
    if let Some(sel) = selected {
        if sel.targets.contains(&p)
            && let Ok(m) = box_move_by(board, sel.at, p, moving)
        {
            queue.replace_moves(m.steps.iter().copied());
        }
        if !on_box || sel.at == p {
            return None;
        }
    }
    if on_box {
        let targets = match moving {
            Moving::Push => box_targets(board, p),
            Moving::Pull => pull_targets(board, p),
        };
        return Some(SelectedBox { at: p, targets });
    }
    walk_to(s, queue, unreachable, p);
    None
}

/// A selection the board no longer matches (undone, restarted, another level) is dropped.
fn drop_stale_selection(session: Option<Res<Session>>, mut selection: ResMut<BoxSelection>) {
    let stale = selection.0.as_ref().is_some_and(|sel| {
        session.as_ref().is_none_or(|s| {
            !s.game
                .board()
                .get(sel.at)
                .is_some_and(|c| cell::is_box(c.byte()))
        })
    });
    if stale {
        selection.0 = None;
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
        // Reverse play before the first pull: the worker may start anywhere free.
        None if s.game.can_place_worker(p) => {
            queue.replace([]);
            queue.history_op = Some(HistoryOp::Place(p));
        }
        // Only the mark: a walk in progress goes on.
        None => {
            unreachable.write(Unreachable(p));
        }
    }
}
