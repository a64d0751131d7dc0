//! The board as entities. Floor, goal, wall, brick, box and worker cells are entities with a
//! [`GridPos`]; the [`Session`] resource holds the core game, whose byte map they mirror. Only
//! [`apply_steps`] (in `AppSystems::Simulate`) changes grid state.

use std::collections::HashMap;

use bevy::prelude::*;

use super::walk::{HistoryOp, StepQueue};
use super::{AppSystems, CurrentLevel, Play, Screen, Settings};
use crate::core::cell::{self, Cell};
use crate::core::{Direction, Game, Moved, PathFinder, Pos};

/// A cell position on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridPos(pub Pos);

/// The worker, and the direction it faces.
#[derive(Component, Debug)]
pub struct Worker {
    pub facing: Direction,
    /// The last step pushed a box (the view shows the push frame).
    pub pushing: bool,
}

/// A box.
#[derive(Component, Debug)]
pub struct Crate;

/// A fixed cell: floor, goal, wall or brick.
#[derive(Component, Debug)]
pub struct Tile(pub Cell);

/// A floor cell outside the worker's area (beyond the outer walls): not drawn.
#[derive(Component, Debug)]
pub struct Outside;

/// The parent of every board entity of the level on screen.
#[derive(Component, Debug)]
pub struct BoardRoot;

/// The level being played: the core game (byte map, counters, undo/redo) and the entities that
/// mirror it.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    pub finder: PathFinder,
    pub worker: Entity,
    /// Box entity at each cell index holding a box.
    pub box_at: HashMap<u32, Entity>,
    /// Counts changes to the game (each applied step, undo and redo), so savers see a change.
    pub revision: u64,
    /// Unique to this session (each level spawn gets its own), so that `(serial, revision)`
    /// names one state of one board even when a level is spawned again.
    pub serial: u64,
}

/// The next session's serial.
static SESSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Session {
    /// Which state of which session this is: changes on every move and every level spawn.
    pub fn state_key(&self) -> (u64, u64) {
        (self.serial, self.revision)
    }
}

/// A game to put on the board instead of the level's start (a restored save, a replay), taken by
/// the next level spawn.
#[derive(Resource, Default)]
pub struct PendingGame(pub Option<Game>);

/// Something moved: written once per applied step (undo and redo included).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct StepApplied {
    pub moved: Moved,
    pub undo: bool,
}

/// Loads level `index` of the current collection (next/previous level, restart from a menu).
#[derive(Message, Clone, Copy, Debug)]
pub struct LoadLevel(pub usize);

/// The level was solved.
#[derive(Event, Clone, Copy, Debug)]
pub struct LevelSolved {
    pub moves: u32,
    pub pushes: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StepApplied>()
        .add_message::<LoadLevel>()
        .add_systems(OnEnter(Screen::Playing), spawn_level_on_enter)
        .add_systems(
            Update,
            (load_level, apply_steps)
                .chain()
                .in_set(AppSystems::Simulate)
                .run_if(in_state(Screen::Playing)),
        )
        .add_observer(on_solved);
}

pub(super) fn spawn_level_on_enter(
    mut commands: Commands,
    current: Option<Res<CurrentLevel>>,
    pending: Option<ResMut<PendingGame>>,
) {
    if let Some(current) = current {
        let game = pending.and_then(|mut p| p.0.take());
        spawn_level(&mut commands, &current, game);
    }
}

/// Replaces the board on screen with `game` (of the current level): despawns the level's
/// entities and spawns them where `game` has them.
pub fn respawn(
    commands: &mut Commands,
    roots: &Query<Entity, With<BoardRoot>>,
    current: &CurrentLevel,
    game: Game,
) {
    for root in roots {
        commands.entity(root).despawn();
    }
    spawn_level(commands, current, Some(game));
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
/// the reason.
fn spawn_level(commands: &mut Commands, current: &CurrentLevel, game: Option<Game>) {
    let level = current.level();
    let start = match level.playable() {
        Ok(b) => b,
        Err(e) => {
            warn!("{}: {e}", level.label(current.index));
            commands.remove_resource::<Session>();
            commands.insert_resource(super::hud::LevelProblem(Some(format!(
                "{}: {e}",
                level.label(current.index)
            ))));
            return;
        }
    };
    commands.insert_resource(super::hud::LevelProblem(None));
    let game = game.unwrap_or_else(|| Game::new(start));
    let board = game.board();
    let root = commands
        .spawn((
            BoardRoot,
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
            .spawn((Tile(ground), GridPos(pos), ChildOf(root)))
            .id();
        if ground == Cell::Land && !inside[i] {
            commands.entity(tile).insert(Outside);
        }
        if cell::is_box(b) {
            let e = commands.spawn((Crate, GridPos(pos), ChildOf(root))).id();
            box_at.insert(i as u32, e);
        } else if cell::is_worker(b) {
            worker = commands
                .spawn((
                    Worker {
                        facing: Direction::Down,
                        pushing: false,
                    },
                    GridPos(pos),
                    ChildOf(root),
                ))
                .id();
        }
    }
    commands.insert_resource(Session {
        game,
        finder: PathFinder::new(),
        worker,
        box_at,
        revision: 0,
        serial: SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
    });
    commands.insert_resource(StepQueue::default());
}

/// The one writer of grid state: applies a queued undo/redo/restart, or the next queued step when
/// the previous one has had its time on screen (all queued steps at once in instant mode), to the
/// core board, and mirrors the change into the entities.
pub fn apply_steps(
    mut commands: Commands,
    session: Option<ResMut<Session>>,
    mut queue: ResMut<StepQueue>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut grid: Query<&mut GridPos>,
    mut workers: Query<&mut Worker>,
    mut applied: MessageWriter<StepApplied>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
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
            HistoryOp::Restart => session.game.restart(),
        };
        let undo = op != HistoryOp::Redo;
        session.revision += 1;
        for m in moves {
            mirror(session, &m, undo, &mut grid, &mut workers);
            applied.write(StepApplied { moved: m, undo });
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
        let Some(dir) = queue.steps.pop_front() else {
            break;
        };
        let group_start = std::mem::replace(&mut queue.group_start, false);
        match session.game.step(dir, group_start) {
            Ok(m) => {
                session.revision += 1;
                mirror(session, &m, false, &mut grid, &mut workers);
                applied.write(StepApplied {
                    moved: m,
                    undo: false,
                });
                if session.game.is_solved() {
                    queue.steps.clear();
                    solved(&mut commands, session);
                    break;
                }
            }
            Err(_) => {
                // Into a wall: turn to face it, and drop the rest of the gesture.
                if let Ok(mut w) = workers.get_mut(session.worker) {
                    w.facing = dir;
                    w.pushing = false;
                }
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

/// Mirrors one step (or its undo) into the worker's and the box's `GridPos`.
pub(super) fn mirror(
    session: &mut Session,
    m: &Moved,
    undo: bool,
    grid: &mut Query<&mut GridPos>,
    workers: &mut Query<&mut Worker>,
) {
    let board = session.game.board();
    if let Ok(mut g) = grid.get_mut(session.worker) {
        g.0 = if undo { m.from } else { m.to };
    }
    if let Ok(mut w) = workers.get_mut(session.worker) {
        w.facing = m.dir;
        w.pushing = m.box_to.is_some() && !undo;
    }
    if let Some(box_to) = m.box_to {
        let (from, to) = if undo { (box_to, m.to) } else { (m.to, box_to) };
        let fi = board.index_of(from).expect("on the map");
        let ti = board.index_of(to).expect("on the map");
        if let Some(e) = session.box_at.remove(&fi) {
            session.box_at.insert(ti, e);
            if let Ok(mut g) = grid.get_mut(e) {
                g.0 = to;
            }
        }
    }
}
