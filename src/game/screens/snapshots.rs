//! Snapshots: positions of the level the player keeps (with their moves, undo and redo
//! included) and can go back to. F5, or Snapshots in the level browser, opens the screen: "Keep
//! this position", then one Restore button per snapshot (name, moves and pushes), and Close.
//! They are kept with the records in `progress.ron` (per level board, like the records), so
//! they survive restarts and travel with `pushbox backup export`.

use bevy::prelude::*;

use crate::core::Game;
use crate::core::save::Snapshot;
use crate::game::mechanics::board::respawn;
use crate::game::mechanics::save::{Saves, keep_snapshot};
use crate::game::vocab::ui::*;
use crate::game::vocab::*;

/// The screen's panel.
#[derive(Component)]
pub struct SnapshotsPanel;

/// Commands: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        snapshot_commands
            .in_set(AppSystems::Plan)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The screen: the windowed game adds it.
pub(crate) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::Snapshots), spawn_panel)
        .add_systems(
            Update,
            refresh_panel
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Snapshots)),
        );
}

fn snapshot_commands(
    mut commands: Commands,
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    (current, session): (Option<Res<CurrentLevel>>, Option<Res<Session>>),
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    roots: Query<Entity, With<BoardRoot>>,
    (mut parked, mut helped): (ResMut<ParkedGame>, ResMut<HelpedGame>),
) {
    let (Some(current), Some(session)) = (current, session) else {
        return;
    };
    for cmd in cmds.read() {
        match (*cmd, play.get()) {
            (
                ScreenCommand::Snapshots,
                Play::Active | Play::Solved | Play::Picking | Play::LevelMenu,
            ) => next_play.set(Play::Snapshots),
            (ScreenCommand::Snapshots | ScreenCommand::Back, Play::Snapshots) => {
                next_play.set(Play::Active)
            }
            (ScreenCommand::TakeSnapshot, Play::Snapshots) => {
                let level = current.level();
                let b = session.game.board();
                let n = saves.progress.snapshots(level).len() + 1;
                let name = if session.game.is_reverse() {
                    t!(
                        "snapshot-name-reverse",
                        number = n,
                        moves = b.moves(),
                        pulls = b.pushes()
                    )
                } else {
                    t!(
                        "snapshot-name",
                        number = n,
                        moves = b.moves(),
                        pushes = b.pushes()
                    )
                };
                let this_helped = helped.0 == Some(session.serial);
                let snapshot = Snapshot::of(&session.game, name, this_helped);
                keep_snapshot(&mut saves, &mut notices, level, snapshot);
            }
            (ScreenCommand::RestoreSnapshot(i), Play::Snapshots) => {
                let snapshot = saves.progress.snapshots(current.level()).get(i);
                let snapshot_helped = snapshot.is_some_and(|s| s.helped);
                match restored(&current, snapshot) {
                    Ok(game) => {
                        // A snapshot of the other direction keeps the game on the board to
                        // switch back to.
                        if game.is_reverse() != session.game.is_reverse() {
                            let this_helped = helped.0 == Some(session.serial);
                            parked.park(&current, session.game.clone(), this_helped);
                        }
                        let solved = game.is_solved();
                        let serial = respawn(&mut commands, &roots, &current, game);
                        // The hint's help stays with the position it helped to.
                        if snapshot_helped {
                            helped.0 = serial;
                        }
                        next_play.set(if solved { Play::Solved } else { Play::Active });
                    }
                    Err(e) => notices.say(t!("snapshot-failed", number = i + 1, reason = e)),
                }
            }
            _ => {}
        }
    }
}

/// A snapshot's game, replayed through the rules.
fn restored(current: &CurrentLevel, s: Option<&Snapshot>) -> Result<Game, String> {
    let s = s.ok_or_else(|| t!("snapshot-missing"))?;
    let start = current.level().playable().map_err(|e| e.to_string())?;
    s.moves()
        .restore(&start)
        .map_err(|e| t!("snapshot-moves", problem = i18n::restore_error(&e)))
}

fn spawn_panel(mut commands: Commands, current: Option<Res<CurrentLevel>>, saves: Res<Saves>) {
    let Some(current) = current else { return };
    let level = current.level();
    let kept: Vec<String> = saves
        .progress
        .snapshots(level)
        .iter()
        .map(|s| s.name.clone())
        .collect();
    spawn_overlay(&mut commands, Play::Snapshots, SnapshotsPanel, |panel| {
        panel.spawn(text(t!("snapshots-title", level = current.label()), 26.0));
        let button = |p: &mut ChildSpawnerCommands, label: &str, cmd: ScreenCommand| {
            p.spawn(command_button(label, None, cmd))
                .observe(send_on_click::<CommandButton>);
        };
        button(panel, &t!("snapshots-keep"), ScreenCommand::TakeSnapshot);
        if kept.is_empty() {
            panel.spawn(text(t!("snapshots-none"), 18.0));
        }
        for (i, name) in kept.iter().enumerate() {
            panel.spawn(wrap_row()).with_children(|row| {
                row.spawn(text(crate::game::mechanics::fonts::readable(name), 18.0));
                button(
                    row,
                    &t!("snapshots-restore"),
                    ScreenCommand::RestoreSnapshot(i),
                );
            });
        }
        button(panel, &t!("settings-close"), ScreenCommand::Snapshots);
    });
}

/// A snapshot kept while the screen is open shows at once.
fn refresh_panel(
    mut commands: Commands,
    saves: Res<Saves>,
    current: Option<Res<CurrentLevel>>,
    panels: Query<Entity, With<SnapshotsPanel>>,
) {
    if !saves.is_changed() || saves.is_added() {
        return;
    }
    for e in &panels {
        commands.entity(e).despawn();
    }
    spawn_panel(commands, current, saves);
}
