//! The board as entities. Floor, goal, wall, brick, box and worker cells are entities with a
//! [`GridPos`]; the [`Session`] resource holds the core game, whose byte map they mirror. Only
//! `apply_steps` (in `AppSystems::Simulate`) changes grid state.

use std::collections::HashMap;

use crate::game::vocab::*;
use bevy::prelude::*;

use crate::core::cell::{self, Cell};
use crate::core::{Direction, Game, Moved, PathFinder};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<StepApplied>()
        .add_message::<LoadLevel>()
        .add_systems(
            OnEnter(Screen::Playing),
            spawn_level_on_enter.in_set(LevelSetup::Spawn),
        )
        .add_systems(
            Update,
            (load_level, apply_steps)
                .chain()
                .in_set(ApplySteps)
                .run_if(in_state(Screen::Playing)),
        )
        .add_observer(on_solved);
}

fn spawn_level_on_enter(
    mut commands: Commands,
    current: Option<Res<CurrentLevel>>,
    pending: Option<ResMut<PendingGame>>,
    helped: Option<ResMut<HelpedGame>>,
    mut next_play: ResMut<NextState<Play>>,
) {
    let Some(current) = current else { return };
    let (game, pending_helped) = match pending {
        Some(mut p) => (p.game.take(), std::mem::take(&mut p.helped)),
        None => (None, false),
    };
    let restored = game.is_some();
    // A game left solved comes back with its solved panel (the title screen, when the game opens
    // on it, comes first: it is set after this).
    if game.as_ref().is_some_and(Game::is_solved) {
        next_play.set(Play::Solved);
    }
    let serial = spawn_level(&mut commands, &current, game);
    // A restored game the hint helped in stays the computer's.
    if restored
        && pending_helped
        && let Some(mut helped) = helped
    {
        helped.0 = serial;
    }
}

/// Replaces the board on screen with `game` (of the current level): despawns the level's
/// entities and spawns them where `game` has them. Returns the new session's serial (none when
/// the level cannot be played), for marks that must follow the game (the hint's help).
pub fn respawn(
    commands: &mut Commands,
    roots: &Query<Entity, With<BoardRoot>>,
    current: &CurrentLevel,
    game: Game,
) -> Option<u64> {
    for root in roots {
        commands.entity(root).despawn();
    }
    spawn_level(commands, current, Some(game))
}

fn load_level(
    mut commands: Commands,
    mut requests: MessageReader<LoadLevel>,
    current: Option<ResMut<CurrentLevel>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut next_play: ResMut<NextState<Play>>,
) {
    let Some(mut current) = current else { return };
    let Some(LoadLevel(index)) = requests.read().last().copied() else {
        return;
    };
    if index >= current.collection.levels.len() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    current.index = index;
    spawn_level(&mut commands, &current, None);
    next_play.set(Play::Active);
}

/// Spawns the level's entities and its session, at the start or as `game` has them. A level that
/// cannot be played (no worker, …) gets an empty session-less board and a warning; the HUD shows
/// the reason. Returns the session's serial.
fn spawn_level(commands: &mut Commands, current: &CurrentLevel, game: Option<Game>) -> Option<u64> {
    let level = current.level();
    let start = match level.playable() {
        Ok(b) => b,
        Err(e) => {
            warn!("{}: {e}", level.label(current.index));
            commands.remove_resource::<Session>();
            let problem = format!("{}: {}", current.label(), i18n::level_error(&e));
            commands.insert_resource(LevelProblem(Some(problem)));
            return None;
        }
    };
    commands.insert_resource(LevelProblem(None));
    let game = game.unwrap_or_else(|| Game::new(start));
    let board = game.board();
    let root = commands
        .spawn((
            BoardRoot,
            Name::new(format!("Board of {}", level.label(current.index))),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Playing),
        ))
        .id();
    let mut box_at = HashMap::new();
    let mut worker = Entity::PLACEHOLDER;
    let inside = crate::core::validate::inside(board);
    for (i, &b) in board.cells().iter().enumerate() {
        let pos = board.pos_of(i as u32);
        let ground = match Cell::from_byte(b) {
            Cell::Wall => Cell::Wall,
            Cell::Brick => Cell::Brick,
            _ if cell::is_goal(b) => Cell::Slot,
            _ => Cell::Land,
        };
        let tile = commands
            .spawn((
                Tile(ground),
                GridPos(pos),
                Name::new(format!("{ground:?} {pos}")),
                ChildOf(root),
            ))
            .id();
        if ground == Cell::Land && !inside[i] {
            commands.entity(tile).insert(Outside);
        }
        if cell::is_box(b) {
            let e = commands
                .spawn((
                    Crate,
                    GridPos(pos),
                    Name::new(format!("Box {}", box_at.len() + 1)),
                    ChildOf(root),
                ))
                .id();
            box_at.insert(i as u32, e);
        } else if cell::is_worker(b) {
            worker = commands
                .spawn((
                    Worker {
                        facing: Direction::Down,
                        pushing: false,
                    },
                    GridPos(pos),
                    Name::new("Worker"),
                    ChildOf(root),
                ))
                .id();
        }
    }
    let serial = Session::next_serial();
    commands.insert_resource(Session {
        game,
        finder: PathFinder::new(),
        worker,
        box_at,
        revision: 0,
        serial,
    });
    commands.insert_resource(StepQueue::default());
    Some(serial)
}

/// The one writer of grid state: applies a queued undo/redo/restart, or the next queued step when
/// the previous one has had its time on screen (all queued steps at once in instant mode), to the
/// core board, and mirrors the change into the entities.
fn apply_steps(
    mut commands: Commands,
    session: Option<ResMut<Session>>,
    mut queue: ResMut<StepQueue>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut mirror: BoardMirror,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    helped: Option<ResMut<HelpedGame>>,
) {
    let Some(mut session) = session else { return };
    queue.cooldown -= time.delta_secs();
    if queue.history_op.is_none() && queue.steps.is_empty() {
        // Nothing to apply: leave the session unchanged (its change ticks mean "moved").
        queue.cooldown = queue.cooldown.max(0.0);
        return;
    }
    let session = &mut *session;
    if let Some(op) = queue.history_op.take() {
        let moves = match op {
            HistoryOp::Undo => session.game.undo_group(),
            HistoryOp::Redo => session.game.redo_group(),
            HistoryOp::Restart => {
                let undone = session.game.restart();
                // A restart begins afresh: the hint's moves are not kept to redo, so that what
                // is solved from here is the player's own.
                if let Some(mut helped) = helped
                    && helped.0 == Some(session.serial)
                {
                    session.game.forget_redo();
                    helped.0 = None;
                }
                undone
            }
            HistoryOp::Place(p) => {
                if session.game.place_worker(p) {
                    session.revision += 1;
                    mirror.place(session);
                }
                return;
            }
        };
        let undo = op != HistoryOp::Redo;
        session.revision += 1;
        for m in moves {
            mirror.show(session, m, undo);
        }
        queue.cooldown = 0.0;
        if *play.get() == Play::Solved && !session.game.is_solved() {
            next_play.set(Play::Active);
        } else if !undo && session.game.is_solved() {
            solved(&mut commands, session);
        }
        return;
    }
    while queue.cooldown < 0.0 || (settings.instant && !queue.steps.is_empty()) {
        let Some((dir, moves_box)) = queue.steps.pop_front() else {
            break;
        };
        let group_start = std::mem::replace(&mut queue.group_start, false);
        match session.game.play(dir, group_start, moves_box) {
            Ok(m) => {
                session.revision += 1;
                mirror.show(session, m, false);
                if session.game.is_solved() {
                    queue.steps.clear();
                    solved(&mut commands, session);
                    break;
                }
            }
            Err(_) => {
                // Into a wall: turn to face it, and drop the rest of the gesture.
                mirror.face(session, dir);
                queue.steps.clear();
                break;
            }
        }
        if !settings.instant {
            queue.cooldown += settings.step_seconds;
        }
    }
    if queue.steps.is_empty() {
        queue.cooldown = queue.cooldown.max(0.0);
    }
}

fn solved(commands: &mut Commands, session: &Session) {
    let b = session.game.board();
    commands.trigger(LevelSolved {
        moves: b.moves(),
        pushes: b.pushes(),
    });
}

fn on_solved(_: On<LevelSolved>, mut next_play: ResMut<NextState<Play>>) {
    next_play.set(Play::Solved);
}

/// What a move on the core board changes in the world: the worker's and the box's `GridPos`,
/// the worker's facing, and a [`StepApplied`] for sound and saves. The rules (`apply_steps`) and
/// the replay move the board only through this.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardMirror<'w, 's> {
    grid: Query<'w, 's, &'static mut GridPos>,
    workers: Query<'w, 's, &'static mut Worker>,
    applied: MessageWriter<'w, StepApplied>,
}

impl BoardMirror<'_, '_> {
    /// Mirrors one step (or its undo) that the core game has made, and tells the others.
    pub fn show(&mut self, session: &mut Session, m: Moved, undo: bool) {
        let board = session.game.board();
        if let Ok(mut g) = self.grid.get_mut(session.worker) {
            g.0 = if undo { m.from } else { m.to };
        }
        if let Ok(mut w) = self.workers.get_mut(session.worker) {
            w.facing = m.dir;
            w.pushing = m.box_to.is_some() && !undo;
        }
        if let (Some(box_from), Some(box_to)) = (m.box_from, m.box_to) {
            let (from, to) = if undo {
                (box_to, box_from)
            } else {
                (box_from, box_to)
            };
            let fi = board.index_of(from).expect("on the map");
            let ti = board.index_of(to).expect("on the map");
            if let Some(e) = session.box_at.remove(&fi) {
                session.box_at.insert(ti, e);
                if let Ok(mut g) = self.grid.get_mut(e) {
                    g.0 = to;
                }
            }
        }
        self.applied.write(StepApplied { moved: m, undo });
    }

    /// The worker put on a new cell (reverse play's start): it appears there.
    pub fn place(&mut self, session: &Session) {
        if let Ok(mut g) = self.grid.get_mut(session.worker) {
            g.0 = session.game.board().worker_pos();
        }
    }

    /// A step into a wall: the worker turns to face it.
    pub fn face(&mut self, session: &Session, dir: Direction) {
        if let Ok(mut w) = self.workers.get_mut(session.worker) {
            w.facing = dir;
            w.pushing = false;
        }
    }

    /// Redoes or undoes single steps of the game's history until it holds `target` steps.
    pub fn seek(&mut self, session: &mut Session, target: usize) {
        while session.game.history().len() < target {
            let Some(m) = session.game.redo_step() else {
                break;
            };
            self.show(session, m, false);
        }
        while session.game.history().len() > target {
            let Some(m) = session.game.undo_step() else {
                break;
            };
            self.show(session, m, true);
        }
    }
}
