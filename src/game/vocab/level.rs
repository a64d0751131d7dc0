//! The level being played: its collection and index, the core game and the entities mirroring it
//! ([`Session`]), the steps waiting to be played, why a level cannot be played, and a replay that
//! borrows the board.

use std::collections::{HashMap, VecDeque};

use bevy::prelude::*;

use crate::core::level::{Collection, Recording};
use crate::core::{Direction, Game, PathFinder, Pos};

/// The collection and level being played.
#[derive(Resource, Clone, Debug)]
pub struct CurrentLevel {
    pub collection: Collection,
    pub index: usize,
    /// Where the collection comes from, as saves name it: `save::BUILTIN` or a file path.
    pub source: String,
}

impl CurrentLevel {
    pub fn level(&self) -> &crate::core::level::Level {
        &self.collection.levels[self.index]
    }

    /// The level's label in the player's language ("level 3 "Walk around"").
    pub fn label(&self) -> String {
        super::i18n::level_label(&self.source, self.index, &self.level().title)
    }

    /// A solved game of this level as the records keep it (forward moves, also when it was
    /// played in reverse); `None` while it is not solved.
    pub fn solution_of(&self, game: &Game) -> Option<Recording> {
        let start = self.level().playable().ok()?;
        Recording::solution(game, &start)
    }
}

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

    /// A serial no session had before.
    pub fn next_serial() -> u64 {
        SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }
}

/// A game to put on the board instead of the level's start (a restored save), taken by the next
/// level spawn.
#[derive(Resource, Default)]
pub struct PendingGame {
    pub game: Option<Game>,
    /// Whether the hint played moves of it ([`HelpedGame`](super::player::HelpedGame)).
    pub helped: bool,
}

/// The current level's game in the other direction (the forward game while reverse play is on
/// the board, or the other way round), kept so that switching back finds it as it was.
#[derive(Resource, Default)]
pub struct ParkedGame {
    /// The level it belongs to: collection source, level number and board fingerprint.
    level: Option<(String, usize, String)>,
    game: Option<Game>,
    /// Whether the hint played moves of it ([`HelpedGame`](super::player::HelpedGame)).
    helped: bool,
}

impl ParkedGame {
    fn key(current: &CurrentLevel) -> (String, usize, String) {
        let fp = crate::core::save::fingerprint_key(current.level());
        (current.source.clone(), current.index, fp)
    }

    /// The parked game, when it is of the current level.
    pub fn of(&self, current: &CurrentLevel) -> Option<&Game> {
        self.game
            .as_ref()
            .filter(|_| self.level.as_ref() == Some(&Self::key(current)))
    }

    /// The parked game, when it is of the current level, with whether the hint helped in it.
    pub fn of_with_help(&self, current: &CurrentLevel) -> Option<(&Game, bool)> {
        self.of(current).map(|g| (g, self.helped))
    }

    /// Takes the parked game out, when it is of the current level, with whether the hint helped
    /// in it.
    pub fn take_for(&mut self, current: &CurrentLevel) -> Option<(Game, bool)> {
        let mine = self.level.as_ref() == Some(&Self::key(current));
        self.level = None;
        let helped = std::mem::take(&mut self.helped);
        self.game.take().filter(|_| mine).map(|g| (g, helped))
    }

    /// Parks `game` of the current level (replacing whatever was parked), and whether the hint
    /// helped in it.
    pub fn park(&mut self, current: &CurrentLevel, game: Game, helped: bool) {
        self.level = Some(Self::key(current));
        self.game = Some(game);
        self.helped = helped;
    }
}

/// An undo-history operation waiting for the rules system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryOp {
    Undo,
    Redo,
    Restart,
    /// Reverse play, before the first pull: the worker starts on this free cell instead.
    Place(Pos),
}

/// Steps waiting to be played, one per animation tick.
#[derive(Resource, Default, Debug)]
pub struct StepQueue {
    /// (direction, whether the step moves a box): a push forward, a pull in reverse play. A walk
    /// step never does (in reverse play a walk passing a box leaves it).
    pub steps: VecDeque<(Direction, bool)>,
    /// The next step begins a new gesture (one undo group).
    pub group_start: bool,
    pub history_op: Option<HistoryOp>,
    /// Seconds until the next step may play.
    pub cooldown: f32,
}

impl StepQueue {
    pub fn is_idle(&self) -> bool {
        self.steps.is_empty() && self.history_op.is_none()
    }

    /// A new walk: its steps replace the queue.
    pub fn replace(&mut self, steps: impl IntoIterator<Item = Direction>) {
        self.replace_moves(steps.into_iter().map(|d| (d, false)));
    }

    /// A new gesture of steps that may move boxes: they replace the queue.
    pub fn replace_moves(&mut self, steps: impl IntoIterator<Item = (Direction, bool)>) {
        self.steps.clear();
        self.steps.extend(steps);
        self.group_start = true;
    }
}

/// The box a tap selected, and the cells it can be pushed to (lit on the board); a tap on one of
/// them moves the box there.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct BoxSelection(pub Option<SelectedBox>);

#[derive(Debug, Clone, PartialEq)]
pub struct SelectedBox {
    pub at: Pos,
    /// Every cell the box can be pushed to with the other boxes where they are, dead squares
    /// left out.
    pub targets: Vec<Pos>,
}

/// Why the current level cannot be played, if it cannot.
#[derive(Resource, Default, Debug)]
pub struct LevelProblem(pub Option<String>);

/// Replay speeds, as multiples of the normal step time.
pub const SPEEDS: [f32; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];

pub const NORMAL_SPEED: usize = 2;

/// A recording being replayed.
#[derive(Resource, Debug)]
pub struct Replay {
    /// The recording's steps; `session.game` holds them as its redo list.
    pub steps: usize,
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Steps owed to the clock (fractional).
    pub clock: f32,
    /// Where the recording came from, for the screen ("best by moves", "clipboard", a file).
    pub source: String,
    /// A solution from outside the game, which the player may keep as a record.
    pub keepable: Option<Recording>,
    /// The player's own game, put back when the replay closes.
    pub stashed: Game,
    /// Whether the hint played moves of that game ([`HelpedGame`](super::player::HelpedGame)): it still has when it is back.
    pub stashed_helped: bool,
}

impl Replay {
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed]
    }
}
