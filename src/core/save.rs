//! The player's saved state, as RON files in the player's data folder: no Bevy here.
//!
//! Four files, so that a move does not rewrite every record:
//! - `session.ron`: settings and the level being played with its whole move history (redo
//!   included), written after each move group and on exit;
//! - `progress.ron`: the best solutions per level board, written when a level is solved, and the
//!   best Link times;
//! - `link.ron`: the Link game in progress, written after each of its moves;
//! - `link3d.ron`: the Link 3D game in progress, likewise.
//!
//! Every write is atomic (a temporary file, flushed, renamed over the old one) and keeps the
//! previous file as `NAME.bak`. A file that cannot be read (corrupt, truncated, from a newer
//! PushBox) is moved aside as `NAME.bad-N`, never deleted, and the backup or the defaults are used
//! instead, with a notice for the player.
//!
//! Progress is keyed by the board's fingerprint, not by file or title, so it survives renames and
//! re-imports, and the same board in two collections shares its records. Imported collections are
//! never rewritten: the records live here, beside them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::board::{Board, Pos};
use super::direction::{Direction, Step};
use super::disk::Medium;
use super::history::Game;
use super::level::{Level, Recording};
use super::link::{LinkGame, LinkMove, TileBoard};
use super::lurd;

/// The version this PushBox writes; files with a higher one are set aside, not misread.
pub const VERSION: u32 = 1;

/// The environment variable that overrides the data folder (tests, portable installs).
pub const DATA_DIR_ENV: &str = "PUSHBOX_DATA_DIR";

/// Player settings as saved.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct SavedSettings {
    /// Seconds one step takes on screen.
    pub step_seconds: f32,
    /// Whole walks at once, with no animation.
    pub instant: bool,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    pub muted: bool,
    /// The first-play hint has been shown and the player has moved.
    pub hint_seen: bool,
    /// Deadlock warnings, each detector on or off.
    pub warn_dead_square: bool,
    pub warn_freeze: bool,
    pub warn_bipartite: bool,
    pub warn_closed_diagonal: bool,
    /// The screens' language as a BCP 47 tag (`en`, `zh-Hans`); none follows the system's.
    pub language: Option<String>,
    /// Dead squares shaded always, not only while a box is selected.
    pub shade_dead_squares: bool,
}

impl Default for SavedSettings {
    fn default() -> Self {
        SavedSettings {
            step_seconds: 0.09,
            instant: false,
            volume: 0.7,
            muted: false,
            hint_seen: false,
            warn_dead_square: true,
            warn_freeze: true,
            warn_bipartite: true,
            warn_closed_diagonal: true,
            language: None,
            shade_dead_squares: false,
        }
    }
}

/// The level on screen and its move history.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// Where the collection comes from: [`BUILTIN`] or a level file's path.
    pub collection: String,
    /// 0-based level number in the collection.
    pub index: usize,
    /// The level board's fingerprint ([`fingerprint_key`]), to find it again if levels move.
    pub board: String,
    /// Every recorded step, the applied ones then the redo list, as LURD; a space starts each
    /// player gesture after the first.
    pub steps: String,
    /// How many of the steps are on the board.
    pub applied: usize,
    /// Reverse play: the cell (x, y) the worker started the reverse game on; absent forward.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse_from: Option<(u32, u32)>,
    /// The level's game in the other direction (forward or reverse), kept to switch back to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parked: Option<SavedMoves>,
    /// The hint played moves of this game: a level solved in it is the computer's solution, not
    /// the player's, also after a restart or a restored snapshot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
}

/// A game's moves as saves keep them: enough to rebuild it on its level's start.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct SavedMoves {
    /// As [`SavedGame::steps`].
    pub steps: String,
    pub applied: usize,
    /// As [`SavedGame::reverse_from`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse_from: Option<(u32, u32)>,
    /// As [`SavedGame::helped`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
}

impl SavedMoves {
    /// The moves of `game`, and whether the hint `helped` in it.
    pub fn of(game: &Game, helped: bool) -> SavedMoves {
        SavedMoves {
            steps: encode_steps(game.all_steps()),
            applied: game.history().len(),
            reverse_from: game.is_reverse().then(|| {
                let p = game.start_worker();
                (p.x, p.y)
            }),
            helped,
        }
    }

    /// The game on the level whose start is `start`, each step checked; the reason when the
    /// moves cannot be read or do not replay.
    pub fn restore(&self, start: &Board) -> Result<Game, RestoreError> {
        let steps = decode_steps(&self.steps).map_err(RestoreError::Unreadable)?;
        let game = match self.reverse_from {
            None => Game::new(start.clone()),
            Some((x, y)) => {
                let g = Game::reverse(start).ok_or(RestoreError::NoReverse)?;
                let at = Pos::new(x, y);
                if g.board().worker_pos() != at && !g.can_place_worker(at) {
                    return Err(RestoreError::BadStart(at));
                }
                g.placed(at)
            }
        };
        game.replayed(&steps, self.applied)
            .map_err(RestoreError::StepFails)
    }
}

impl SavedGame {
    /// The moves of the game on the board.
    pub fn moves(&self) -> SavedMoves {
        SavedMoves {
            steps: self.steps.clone(),
            applied: self.applied,
            reverse_from: self.reverse_from,
            helped: self.helped,
        }
    }
}

/// The name saved games use for the built-in collection of forty levels.
pub const BUILTIN: &str = "builtin:levels/pushbox.bxb";
/// The name saved games use for the built-in tutorial.
pub const TUTORIAL: &str = "builtin:levels/tutorial.bxb";

/// The names saved games use for the rated collections, Beginner to Expert
/// ([`tiers::Tier::ALL`](super::tiers::Tier::ALL) order).
pub const TIERS: [&str; 5] = [
    "builtin:levels/beginner.bxb",
    "builtin:levels/easy.bxb",
    "builtin:levels/medium.bxb",
    "builtin:levels/hard.bxb",
    "builtin:levels/expert.bxb",
];

/// The tier of a rated collection's saved name.
pub fn tier_of(source: &str) -> Option<super::tiers::Tier> {
    TIERS
        .iter()
        .position(|&t| t == source)
        .map(|i| super::tiers::Tier::ALL[i])
}

/// Whether a saved collection name means a collection that ships with the game.
pub fn is_builtin(source: &str) -> bool {
    source.starts_with("builtin:")
}

/// `session.ron`: settings and the game in progress.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Session {
    pub version: u32,
    #[serde(default)]
    pub settings: SavedSettings,
    #[serde(default)]
    pub current: Option<SavedGame>,
}

impl Default for Session {
    fn default() -> Self {
        Session {
            version: VERSION,
            settings: SavedSettings::default(),
            current: None,
        }
    }
}

/// The best solutions of one level board.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(default)]
pub struct Records {
    /// Fewest moves (then fewest pushes).
    pub best_moves: Option<Recording>,
    /// Fewest pushes (then fewest moves).
    pub best_pushes: Option<Recording>,
    /// A solution the computer found (the hint played it), kept because the player asked: shown
    /// with the computer's mark, never counted as the player's (not solved, not a best).
    pub computer: Option<Recording>,
    /// The computer's improvement of a solution (the optimizer, "Improve"): fewer moves than the
    /// solution it started from. Like `computer`, never the player's.
    pub improved: Option<Recording>,
}

impl Records {
    /// Keeps `r` where it beats the kept solutions. Returns whether anything changed.
    pub fn offer(&mut self, r: &Recording) -> bool {
        let mut changed = false;
        if self
            .best_moves
            .as_ref()
            .is_none_or(|b| r.fewer_moves_than(b))
        {
            self.best_moves = Some(r.clone());
            changed = true;
        }
        if self
            .best_pushes
            .as_ref()
            .is_none_or(|b| r.fewer_pushes_than(b))
        {
            self.best_pushes = Some(r.clone());
            changed = true;
        }
        changed
    }

    /// The moves of the player's best solution by moves, when they were kept.
    pub fn best_lurd(&self) -> Option<&str> {
        self.best_moves.as_ref()?.lurd.as_deref()
    }

    /// Keeps the computer's solution `r` when there is none yet or it has fewer moves. Returns
    /// whether it was kept.
    pub fn offer_computer(&mut self, r: &Recording) -> bool {
        let better = self.computer.as_ref().is_none_or(|b| r.fewer_moves_than(b));
        if better {
            self.computer = Some(r.clone());
        }
        better
    }

    /// Keeps the computer's improvement `r` when there is none yet or it has fewer moves.
    /// Returns whether it was kept.
    pub fn offer_improved(&mut self, r: &Recording) -> bool {
        let better = self.improved.as_ref().is_none_or(|b| r.fewer_moves_than(b));
        if better {
            self.improved = Some(r.clone());
        }
        better
    }

    /// Whether the player solved the level themselves (the computer's solution does not count).
    pub fn solved(&self) -> bool {
        self.best_moves.is_some() || self.best_pushes.is_some()
    }

    /// The kept solutions (best by moves first), without repeats.
    pub fn recordings(&self) -> Vec<&Recording> {
        let mut out: Vec<&Recording> = self.best_moves.iter().collect();
        if let Some(p) = &self.best_pushes
            && Some(p) != self.best_moves.as_ref()
        {
            out.push(p);
        }
        out
    }

    /// Drops the recordings that do not solve `level` (an edited file, a changed level). Returns
    /// a message for each, naming the step where it fails.
    pub fn verify(&mut self, level: &Level, label: &str) -> Vec<RecordProblem> {
        let Ok(board) = level.board() else {
            return Vec::new();
        };
        let mut problems = Vec::new();
        for (name, slot) in [
            ("best-moves", &mut self.best_moves),
            ("best-pushes", &mut self.best_pushes),
            ("computer's", &mut self.computer),
            ("improved", &mut self.improved),
        ] {
            let Some(r) = slot else { continue };
            let text = r.lurd.as_deref().unwrap_or("");
            match lurd::check_solution(&board, text) {
                Ok(g) if g.board().moves() == r.moves && g.board().pushes() == r.pushes => {}
                Ok(g) => {
                    problems.push(RecordProblem::Miscounted {
                        label: label.to_string(),
                        which: name,
                        claimed: (r.moves, r.pushes),
                        replayed: (g.board().moves(), g.board().pushes()),
                    });
                    *slot = None;
                }
                Err(error) => {
                    problems.push(RecordProblem::NotASolution {
                        label: label.to_string(),
                        which: name,
                        error,
                    });
                    *slot = None;
                }
            }
        }
        problems
    }
}

/// A kept recording that does not hold up (an edited file): it is not shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordProblem {
    #[error("{label}: the {which} recording claims {}/{} moves/pushes but replays as {}/{}; not shown", .claimed.0, .claimed.1, .replayed.0, .replayed.1)]
    Miscounted {
        label: String,
        /// `best-moves`, `best-pushes`, `computer's` or `improved`.
        which: &'static str,
        claimed: (u32, u32),
        replayed: (u32, u32),
    },
    #[error("{label}: the {which} recording does not solve the level: {error}; not shown")]
    NotASolution {
        label: String,
        which: &'static str,
        error: lurd::SolutionError,
    },
}

/// Why saved moves cannot be put back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("cannot be read ({0})")]
    Unreadable(String),
    #[error("cannot be played in reverse")]
    NoReverse,
    #[error("start the reverse game on {0}, where no worker may stand")]
    BadStart(Pos),
    #[error("do not replay (step {} fails)", .0 + 1)]
    StepFails(usize),
}

/// `progress.ron`: the records of every level board the player has solved.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Progress {
    pub version: u32,
    /// Keyed by [`fingerprint_key`] of the board.
    #[serde(default)]
    pub levels: BTreeMap<String, Records>,
    /// Link: the best time in milliseconds per board size and variant ([`link_best_key`]).
    #[serde(default)]
    pub link_best: BTreeMap<String, u64>,
    /// Positions the player kept, per level board (keyed as `levels`), oldest first.
    #[serde(default)]
    pub snapshots: BTreeMap<String, Vec<Snapshot>>,
    /// The daily puzzles solved: the fewest moves per date (`YYYY-MM-DD`) and tier name.
    #[serde(default)]
    pub daily: BTreeMap<String, BTreeMap<String, u32>>,
}

/// A position the player kept: its name and the game's moves (redo included), as
/// `session.ron` keeps the game in progress.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub name: String,
    /// [`encode_steps`] of every step.
    pub steps: String,
    /// How many of them are on the board.
    pub applied: usize,
    /// As [`SavedGame::reverse_from`]: set when the snapshot is of reverse play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse_from: Option<(u32, u32)>,
    /// As [`SavedGame::helped`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
}

impl Snapshot {
    /// A snapshot of `game` under `name`, and whether the hint `helped` in it.
    pub fn of(game: &Game, name: String, helped: bool) -> Snapshot {
        let m = SavedMoves::of(game, helped);
        Snapshot {
            name,
            steps: m.steps,
            applied: m.applied,
            reverse_from: m.reverse_from,
            helped,
        }
    }

    /// Its moves, to restore with [`SavedMoves::restore`].
    pub fn moves(&self) -> SavedMoves {
        SavedMoves {
            steps: self.steps.clone(),
            applied: self.applied,
            reverse_from: self.reverse_from,
            helped: self.helped,
        }
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: VERSION,
            levels: BTreeMap::new(),
            link_best: BTreeMap::new(),
            snapshots: BTreeMap::new(),
            daily: BTreeMap::new(),
        }
    }
}

/// The key of a Link best time: `18x8`, or `18x8 gravity`.
pub fn link_best_key(width: i32, height: i32, gravity: bool) -> String {
    let variant = if gravity { " gravity" } else { "" };
    format!("{width}x{height}{variant}")
}

/// The key of a Link 3D best time: `4x4x4`.
pub fn link3d_best_key([width, height, depth]: [i32; 3]) -> String {
    format!("{width}x{height}x{depth}")
}

impl Progress {
    /// Keeps a daily puzzle's result when it is the day's first for the tier or has fewer moves.
    pub fn offer_daily(&mut self, date: &str, tier: &str, moves: u32) -> bool {
        let best = self
            .daily
            .entry(date.to_string())
            .or_default()
            .entry(tier.to_string())
            .or_insert(u32::MAX);
        let better = moves < *best;
        *best = (*best).min(moves);
        better
    }

    /// Days in a row with a daily puzzle solved, ending today (or yesterday, while today's is
    /// still open); `today` as days since 1970-01-01.
    pub fn daily_streak(&self, today: i64) -> u32 {
        let solved = |day: i64| {
            let (y, m, d) = super::tiers::civil_from_days(day);
            self.daily
                .get(&super::tiers::date_key(y, m, d))
                .is_some_and(|t| !t.is_empty())
        };
        let mut day = if solved(today) { today } else { today - 1 };
        let mut n = 0;
        while solved(day) {
            n += 1;
            day -= 1;
        }
        n
    }

    pub fn records(&self, level: &Level) -> Option<&Records> {
        self.levels.get(&fingerprint_key(level))
    }

    /// Keeps the computer's improvement of a solution of `level` ([`Records::offer_improved`]).
    pub fn offer_improved(&mut self, level: &Level, r: &Recording) -> bool {
        self.levels
            .entry(fingerprint_key(level))
            .or_default()
            .offer_improved(r)
    }

    /// Keeps the computer's solution of `level` ([`Records::offer_computer`]).
    pub fn offer_computer(&mut self, level: &Level, r: &Recording) -> bool {
        self.levels
            .entry(fingerprint_key(level))
            .or_default()
            .offer_computer(r)
    }

    /// Offers a solution of `level`. Returns whether a record improved.
    pub fn offer(&mut self, level: &Level, r: &Recording) -> bool {
        self.levels
            .entry(fingerprint_key(level))
            .or_default()
            .offer(r)
    }

    /// The positions kept for a level, oldest first.
    pub fn snapshots(&self, level: &Level) -> &[Snapshot] {
        self.snapshots
            .get(&fingerprint_key(level))
            .map_or(&[], Vec::as_slice)
    }

    /// Keeps a position of a level.
    pub fn keep_snapshot(&mut self, level: &Level, s: Snapshot) {
        self.snapshots
            .entry(fingerprint_key(level))
            .or_default()
            .push(s);
    }

    /// Offers a Link time (milliseconds) for a size and variant; true when it is a new best.
    pub fn offer_link_time(&mut self, key: &str, millis: u64) -> bool {
        let best = self.link_best.entry(key.to_string()).or_insert(u64::MAX);
        let better = millis < *best;
        *best = (*best).min(millis);
        better
    }

    /// The first level after `from` (going round to the start) the player has not solved.
    pub fn next_unsolved(&self, levels: &[Level], from: usize) -> Option<usize> {
        let n = levels.len();
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| self.records(&levels[i]).is_none_or(|r| !r.solved()))
    }

    /// Merges another player's progress (a backup): keeps the better solution of each pair.
    /// Returns how many records improved.
    pub fn merge(&mut self, other: &Progress) -> usize {
        let mut improved = 0;
        for (date, tiers) in &other.daily {
            for (tier, &moves) in tiers {
                improved += usize::from(self.offer_daily(date, tier, moves));
            }
        }
        for (key, &theirs) in &other.link_best {
            improved += usize::from(self.offer_link_time(key, theirs));
        }
        for (key, theirs) in &other.snapshots {
            let mine = self.snapshots.entry(key.clone()).or_default();
            for s in theirs {
                if !mine.contains(s) {
                    mine.push(s.clone());
                    improved += 1;
                }
            }
        }
        for (key, theirs) in &other.levels {
            let mine = self.levels.entry(key.clone()).or_default();
            for r in theirs.recordings() {
                improved += mine.offer(r) as usize;
            }
            if let Some(r) = &theirs.computer {
                improved += mine.offer_computer(r) as usize;
            }
            if let Some(r) = &theirs.improved {
                improved += mine.offer_improved(r) as usize;
            }
        }
        improved
    }

    /// Writes the records into a collection's levels (the `.bxb`/`.bxa` solved flag, counts and
    /// steps), so that they travel with an exported copy. A level keeps its own recording when
    /// that has fewer moves. Returns how many levels got a recording.
    pub fn apply_to(&self, levels: &mut [Level]) -> usize {
        let mut n = 0;
        for level in levels {
            let Some(best) = self.records(level).and_then(|r| r.best_moves.clone()) else {
                continue;
            };
            if level
                .recording
                .as_ref()
                .is_none_or(|own| best.fewer_moves_than(own))
            {
                level.recording = Some(best);
                n += 1;
            }
        }
        n
    }
}

/// The key of a level's board in the progress file: its fingerprint as 16 hex digits.
pub fn fingerprint_key(level: &Level) -> String {
    format!("{:016x}", level.fingerprint())
}

/// Steps as saved: LURD, a space before each gesture after the first.
pub fn encode_steps(steps: &[Step]) -> String {
    let mut s = String::with_capacity(steps.len() + steps.len() / 4);
    for (i, st) in steps.iter().enumerate() {
        if st.group_start && i > 0 {
            s.push(' ');
        }
        s.push(st.lurd());
    }
    s
}

/// Reads [`encode_steps`]' text. A letter after a space (or the first) starts a gesture.
pub fn decode_steps(text: &str) -> Result<Vec<Step>, String> {
    let mut out = Vec::with_capacity(text.len());
    let mut group_start = true;
    for (i, ch) in text.chars().enumerate() {
        if ch == ' ' {
            group_start = true;
            continue;
        }
        let dir = Direction::from_lurd(ch)
            .ok_or_else(|| format!("character {} ({ch:?}) is not a LURD letter", i + 1))?;
        out.push(Step {
            dir,
            push: ch.is_ascii_uppercase(),
            group_start,
        });
        group_start = false;
    }
    Ok(out)
}

/// The player's data folder: `explicit` (a `--data-dir` option), else `PUSHBOX_DATA_DIR`, else the
/// platform's data directory (`~/.local/share/pushbox` on Linux). `None` when none is known.
pub fn data_dir(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os(DATA_DIR_ENV).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    directories::ProjectDirs::from("org", "PushBox", "PushBox").map(|d| d.data_dir().to_path_buf())
}

/// Reads a progress backup file (`pushbox backup export`, or a `progress.ron` copied from
/// another machine): `Err` says what is wrong, with the line and column.
pub fn read_backup(path: &Path) -> Result<Progress, FileProblem> {
    match std::fs::read(path) {
        Ok(bytes) => backup_from_bytes(&bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(FileProblem::Unreadable("the file does not exist".into()))
        }
        Err(e) => Err(FileProblem::Unreadable(e.to_string())),
    }
}

/// A progress backup's bytes (a file opened in a browser).
pub fn backup_from_bytes(bytes: &[u8]) -> Result<Progress, FileProblem> {
    parse_bytes(bytes)
}

/// `link.ron`: the Link game in progress and the player's choice of size and variant, written
/// after each move and when the mode is left.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct LinkSave {
    pub version: u32,
    /// The board size new deals get, in tiles.
    pub width: i32,
    pub height: i32,
    /// Tiles fall down after each removal.
    pub gravity: bool,
    #[serde(default)]
    pub game: Option<SavedLink>,
}

/// `link3d.ron`: the Link 3D game in progress and the block size new deals get, written after
/// each move (a file of its own, so that neither mode's writes carry the other's game).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Link3dSave {
    pub version: u32,
    /// Width, height, depth in tiles.
    pub block: [i32; 3],
    #[serde(default)]
    pub game: Option<SavedLink>,
}

impl Default for Link3dSave {
    fn default() -> Self {
        Link3dSave {
            version: VERSION,
            block: [4, 4, 4],
            game: None,
        }
    }
}

impl Default for LinkSave {
    fn default() -> Self {
        LinkSave {
            version: VERSION,
            width: 18,
            height: 8,
            gravity: false,
            game: None,
        }
    }
}

/// A Link game as saved: the deal, every move (redo included), and the clock.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SavedLink {
    /// The deal in the text form (`LinkBoard::text`, or `Block::text` in 3D).
    pub deal: String,
    pub gravity: bool,
    /// The seed the deal came from (the next shuffle's seed follows from it).
    pub seed: u64,
    /// Every move as `X1,Y1-X2,Y2` (`X1,Y1,Z1-X2,Y2,Z2` in 3D) or `shuffle:SEED`.
    pub moves: Vec<String>,
    /// How many of the moves are on the board (the rest are for redo).
    pub applied: usize,
    /// Time played, in milliseconds.
    pub millis: u64,
}

impl SavedLink {
    pub fn of<B: TileBoard>(game: &LinkGame<B>, seed: u64, millis: u64) -> SavedLink {
        SavedLink {
            deal: game.deal().text(),
            gravity: game.gravity(),
            seed,
            moves: game.moves().iter().map(ToString::to_string).collect(),
            applied: game.applied(),
            millis,
        }
    }

    /// The game back, every move replayed through the rules. A move that does not read or is
    /// not legal is an error naming it; nothing is guessed.
    pub fn restore<B: TileBoard>(&self) -> Result<LinkGame<B>, String> {
        let deal = B::from_text(&self.deal).map_err(|e| format!("the deal: {e}"))?;
        if deal.tiles() % 2 != 0 {
            return Err("the deal has an odd number of tiles".into());
        }
        let mut game = LinkGame::new(deal, self.gravity);
        for (i, text) in self.moves.iter().enumerate() {
            let m: LinkMove<B::Cell> = text.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
            if !game.play(m) {
                return Err(format!("move {} ({text}) is not legal there", i + 1));
            }
        }
        let applied = self.applied.min(game.moves().len());
        while game.applied() > applied {
            game.undo();
        }
        Ok(game)
    }
}

/// A file read back, and what the player should be told about it.
#[derive(Debug)]
pub struct Loaded<T> {
    pub value: T,
    /// Problems met and what was done about them (file moved aside, backup used, …).
    pub notices: Vec<StoreNotice>,
}

/// What is wrong with a saved file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileProblem {
    #[error("cannot read: {0}")]
    Unreadable(String),
    #[error("not UTF-8 text (a bad byte at offset {0})")]
    NotUtf8(usize),
    #[error("written by a newer PushBox (format version {0}, this one reads up to {VERSION})")]
    Newer(u32),
    /// A RON syntax or shape error at a line and column (the message is the `ron` crate's).
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("format version 0 is not a PushBox save")]
    VersionZero,
}

/// What [`Store::read`] met and did about it. Its `Display` is the English the command line
/// prints; the game words each in the player's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreNotice {
    #[error("{} is missing", .0.display())]
    Missing(PathBuf),
    #[error("{}: {problem}; the file was moved to {}", .file.display(), .to.display())]
    MovedAside {
        file: PathBuf,
        problem: FileProblem,
        to: PathBuf,
    },
    #[error("{}: {problem}; it could not be moved aside ({error}) and is left as it is", .file.display())]
    LeftInPlace {
        file: PathBuf,
        problem: FileProblem,
        error: String,
    },
    #[error("restored the previous save from {}", .0.display())]
    RestoredBackup(PathBuf),
    #[error("starting with defaults")]
    Defaults,
    #[error("{}: {problem}; starting with defaults", .backup.display())]
    BadBackup {
        backup: PathBuf,
        problem: FileProblem,
    },
}

/// RON files in one folder, written atomically with a backup of the previous version.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    medium: Medium,
}

/// Types saved by a [`Store`]: they carry their format version.
pub trait Versioned {
    fn version(&self) -> u32;
}

impl Versioned for Session {
    fn version(&self) -> u32 {
        self.version
    }
}

impl Versioned for LinkSave {
    fn version(&self) -> u32 {
        self.version
    }
}

impl Versioned for Link3dSave {
    fn version(&self) -> u32 {
        self.version
    }
}

impl Versioned for Progress {
    fn version(&self) -> u32 {
        self.version
    }
}

impl Store {
    pub const SESSION: &'static str = "session.ron";
    pub const PROGRESS: &'static str = "progress.ron";
    pub const LINK: &'static str = "link.ron";
    pub const LINK3D: &'static str = "link3d.ron";

    /// The files in `dir` of the installed medium (the file system, or a browser's storage).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store::on(Medium::current(), dir)
    }

    pub fn on(medium: Medium, dir: impl Into<PathBuf>) -> Store {
        Store {
            dir: dir.into(),
            medium,
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    pub fn backup_path(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}.bak"))
    }

    /// Writes `value` as `name`: a temporary file, flushed to disk, then renamed over the old one;
    /// the old one stays as `NAME.bak`. At every instant `NAME` holds a complete file: either the
    /// previous one or the new one.
    pub fn write<T: Serialize>(&self, name: &str, value: &T) -> std::io::Result<()> {
        let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        let m = self.medium;
        m.create_dir_all(&self.dir)?;
        let target = self.path(name);
        let tmp = self.dir.join(format!("{name}.tmp"));
        m.write(&tmp, format!("{text}\n").as_bytes())?;
        let kept = (|| {
            if m.exists(&target) {
                // Keep the previous file as the backup without ever removing the target: link
                // (or copy) it to a temporary name, then rename that over the old backup.
                let bak_tmp = self.dir.join(format!("{name}.bak.tmp"));
                m.duplicate(&target, &bak_tmp)?;
                m.rename(&bak_tmp, &self.backup_path(name))?;
            }
            m.rename(&tmp, &target)
        })();
        if kept.is_err() {
            // Storage full: leave the old file and backup, and no stray copy taking room.
            let _ = m.remove(&tmp);
        }
        kept?;
        m.sync_dir(&self.dir);
        Ok(())
    }

    /// Reads `name`. A missing file gives the default quietly. A file that cannot be used is
    /// moved aside (never deleted) and the backup, or else the default, is used, with notices.
    pub fn read<T>(&self, name: &str) -> Loaded<T>
    where
        T: DeserializeOwned + Default + Versioned,
    {
        let mut notices = Vec::new();
        let target = self.path(name);
        match parse_file::<T>(self.medium, &target) {
            Ok(Some(v)) => {
                return Loaded { value: v, notices };
            }
            Ok(None) => {
                // No file: a first start, unless a backup survived (a file removed by hand).
                if !self.medium.exists(&self.backup_path(name)) {
                    return Loaded {
                        value: T::default(),
                        notices,
                    };
                }
                notices.push(StoreNotice::Missing(target));
            }
            Err(problem) => {
                let moved = self.move_aside(&target);
                notices.push(match moved {
                    Ok(to) => StoreNotice::MovedAside {
                        file: target,
                        problem,
                        to,
                    },
                    Err(e) => StoreNotice::LeftInPlace {
                        file: target,
                        problem,
                        error: e.to_string(),
                    },
                });
            }
        }
        let bak = self.backup_path(name);
        match parse_file::<T>(self.medium, &bak) {
            Ok(Some(v)) => {
                notices.push(StoreNotice::RestoredBackup(bak));
                Loaded { value: v, notices }
            }
            Ok(None) => {
                notices.push(StoreNotice::Defaults);
                Loaded {
                    value: T::default(),
                    notices,
                }
            }
            Err(problem) => {
                notices.push(StoreNotice::BadBackup {
                    backup: bak,
                    problem,
                });
                Loaded {
                    value: T::default(),
                    notices,
                }
            }
        }
    }

    /// Renames a bad file to `NAME.bad-N` (the first N not taken).
    /// Keeps file `name` as `NAME.bad-N` (a file that reads but cannot be used), so that the
    /// next write does not replace it; returns where it went.
    pub fn set_aside(&self, name: &str) -> std::io::Result<PathBuf> {
        self.move_aside(&self.path(name))
    }

    fn move_aside(&self, path: &Path) -> std::io::Result<PathBuf> {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        for n in 1.. {
            let to = self.dir.join(format!("{name}.bad-{n}"));
            if !self.medium.exists(&to) {
                self.medium.rename(path, &to)?;
                return Ok(to);
            }
        }
        unreachable!("some number is free")
    }
}

/// Reads a saved RON file: `Ok(None)` when there is none; `Err` says what is wrong with it (not
/// text, a syntax error at a line and column, a version from a newer PushBox).
fn parse_file<T: DeserializeOwned + Versioned>(
    medium: Medium,
    path: &Path,
) -> Result<Option<T>, FileProblem> {
    match medium.read(path) {
        Ok(bytes) => parse_bytes(&bytes).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(FileProblem::Unreadable(e.to_string())),
    }
}

/// Reads a saved RON file's bytes.
fn parse_bytes<T: DeserializeOwned + Versioned>(bytes: &[u8]) -> Result<T, FileProblem> {
    let text = std::str::from_utf8(bytes).map_err(|e| FileProblem::NotUtf8(e.valid_up_to()))?;
    // Read the version first, so that a newer file is named as such rather than as broken.
    #[derive(Deserialize)]
    struct Head {
        version: u32,
    }
    let head: Option<Head> = ron::Options::default()
        .without_recursion_limit()
        .from_str::<ron::Value>(text)
        .ok()
        .and_then(|v| v.into_rust().ok());
    if let Some(h) = &head
        && h.version > VERSION
    {
        return Err(FileProblem::Newer(h.version));
    }
    let value: T = ron::from_str(text).map_err(|e| FileProblem::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })?;
    if value.version() == 0 {
        return Err(FileProblem::VersionZero);
    }
    Ok(value)
}

#[cfg(test)]
mod daily_tests {
    use super::*;

    #[test]
    fn daily_results_keep_the_best_and_count_the_streak() {
        let mut p = Progress::default();
        let today = super::super::tiers::days_from_civil(2026, 12, 2);
        assert_eq!(p.daily_streak(today), 0);
        assert!(p.offer_daily("2026-11-30", "easy", 40));
        assert!(p.offer_daily("2026-12-01", "hard", 200));
        assert!(!p.offer_daily("2026-12-01", "hard", 210));
        assert!(p.offer_daily("2026-12-01", "hard", 190));
        assert_eq!(p.daily["2026-12-01"]["hard"], 190);
        // Today still open: the streak runs to yesterday.
        assert_eq!(p.daily_streak(today), 2);
        p.offer_daily("2026-12-02", "beginner", 12);
        assert_eq!(p.daily_streak(today), 3);
        // A day missed breaks it.
        assert_eq!(p.daily_streak(today + 2), 0);
        // Backups carry the daily results.
        let mut other = Progress::default();
        assert_eq!(other.merge(&p), 3);
        assert_eq!(other.daily_streak(today), 3);
        let text = ron::to_string(&p).unwrap();
        let back: Progress = ron::from_str(&text).unwrap();
        assert_eq!(back, p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::history::Game;
    use crate::core::link::LinkBoard;
    use std::fs;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("pushbox-save-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    fn level() -> Level {
        let b = Board::from_mask_rows(&["#######", "#(-x-+#", "#-----#", "#######"]).unwrap();
        Level::new(b.width(), b.height(), b.cells().to_vec())
    }

    fn rec(moves: u32, pushes: u32, lurd: &str) -> Recording {
        Recording {
            moves,
            pushes,
            lurd: Some(lurd.into()),
        }
    }

    #[test]
    fn a_link_game_saves_and_restores_exactly_and_a_bad_move_is_named() {
        use crate::core::link::deal;
        for gravity in [false, true] {
            let (board, order) = deal(8, 6, gravity, 3).unwrap();
            let mut game = LinkGame::new(board, gravity);
            for &(a, b) in &order[..5] {
                game.remove(a, b).unwrap();
            }
            assert!(game.shuffle(99));
            game.undo();
            let saved = SavedLink::of(&game, 3, 61_000);
            let d = temp_dir(&format!("link-{gravity}"));
            let store = Store::new(&d);
            let file = LinkSave {
                game: Some(saved.clone()),
                ..LinkSave::default()
            };
            store.write(Store::LINK, &file).unwrap();
            let back = store.read::<LinkSave>(Store::LINK);
            assert!(back.notices.is_empty());
            let restored: LinkGame = back.value.game.unwrap().restore().unwrap();
            assert_eq!(restored.board(), game.board());
            assert_eq!(restored.moves(), game.moves());
            assert_eq!(restored.applied(), 5);
            let mut bad = saved.clone();
            bad.moves[2] = "0,0-0,0".into();
            assert!(
                bad.restore::<LinkBoard>()
                    .unwrap_err()
                    .starts_with("move 3")
            );
            bad.moves[2] = "nonsense".into();
            assert!(bad.restore::<LinkBoard>().unwrap_err().contains("nonsense"));
            let _ = fs::remove_dir_all(&d);
        }
    }

    #[test]
    fn a_link3d_game_saves_in_its_own_file_and_restores_exactly() {
        use crate::core::link3d::{Block, deal};
        let (block, order) = deal(4, 4, 4, 5).unwrap();
        let mut game = LinkGame::new(block, false);
        for &(a, b) in &order[..6] {
            game.remove(a, b).unwrap();
        }
        assert!(game.shuffle(7));
        let d = temp_dir("link3d");
        let store = Store::new(&d);
        let file = Link3dSave {
            block: [6, 6, 4],
            game: Some(SavedLink::of(&game, 5, 12_000)),
            ..Link3dSave::default()
        };
        store.write(Store::LINK3D, &file).unwrap();
        let back = store.read::<Link3dSave>(Store::LINK3D);
        assert!(back.notices.is_empty(), "{:?}", back.notices);
        assert_eq!(back.value, file);
        let restored: LinkGame<Block> = back.value.game.as_ref().unwrap().restore().unwrap();
        assert_eq!(restored.board(), game.board());
        assert_eq!(restored.moves(), game.moves());
        // Read as a 2D game (its first layer), the first 3D move is named as not a 2D move.
        let as_2d = back.value.game.unwrap().restore::<LinkBoard>();
        let e = as_2d.err().unwrap();
        assert!(
            e.starts_with("move 1: \"") && e.contains("not a pair"),
            "{e}"
        );
        assert_eq!(link3d_best_key([6, 6, 4]), "6x6x4");
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn snapshots_are_kept_per_board_and_merged_without_doubles() {
        let mut p = Progress::default();
        let s = Snapshot {
            name: "before the hard part".into(),
            steps: "rrR".into(),
            applied: 3,
            reverse_from: None,
            helped: false,
        };
        p.keep_snapshot(&level(), s.clone());
        assert_eq!(p.snapshots(&level()), std::slice::from_ref(&s));
        let mut other = Progress::default();
        other.keep_snapshot(&level(), s.clone());
        let t = Snapshot {
            name: "2".into(),
            steps: "rr".into(),
            applied: 1,
            reverse_from: Some((1, 1)),
            helped: true,
        };
        other.keep_snapshot(&level(), t.clone());
        assert_eq!(p.merge(&other), 1, "the same snapshot is not kept twice");
        assert_eq!(p.snapshots(&level()), [s, t]);
        let text = ron::to_string(&p).unwrap();
        assert_eq!(ron::from_str::<Progress>(&text).unwrap(), p);
    }

    #[test]
    fn link_best_times_keep_the_fastest_and_merge() {
        let mut p = Progress::default();
        let key = link_best_key(18, 8, false);
        assert_eq!(key, "18x8");
        assert!(p.offer_link_time(&key, 90_000));
        assert!(!p.offer_link_time(&key, 95_000));
        assert!(p.offer_link_time(&key, 80_000));
        let mut other = Progress::default();
        other.offer_link_time(&key, 70_000);
        other.offer_link_time(&link_best_key(8, 12, true), 50_000);
        assert_eq!(p.merge(&other), 2);
        assert_eq!(p.link_best[&key], 70_000);
        assert_eq!(p.link_best["8x12 gravity"], 50_000);
        // An old progress file without Link times still reads.
        let old: Progress = ron::from_str("(version: 1, levels: {})").unwrap();
        assert!(old.link_best.is_empty());
    }

    #[test]
    fn steps_round_trip_with_gestures() {
        let text = "rrR dlUr R";
        let steps = decode_steps(text).unwrap();
        assert_eq!(steps.len(), 8);
        assert!(steps[0].group_start && !steps[1].group_start && steps[3].group_start);
        assert!(steps[2].push && !steps[3].push);
        assert_eq!(encode_steps(&steps), text);
        assert_eq!(
            decode_steps("rx").unwrap_err(),
            "character 2 ('x') is not a LURD letter"
        );
    }

    #[test]
    fn records_keep_the_best_by_moves_and_by_pushes() {
        let mut r = Records::default();
        assert!(r.offer(&rec(20, 5, "a")));
        assert!(r.offer(&rec(18, 7, "b")), "fewer moves");
        assert!(r.offer(&rec(30, 3, "c")), "fewer pushes");
        assert!(!r.offer(&rec(25, 6, "d")), "better at nothing");
        assert!(r.offer(&rec(18, 6, "e")), "same moves, fewer pushes");
        assert_eq!(r.best_moves.as_ref().unwrap().lurd.as_deref(), Some("e"));
        assert_eq!(r.best_pushes.as_ref().unwrap().lurd.as_deref(), Some("c"));
        assert_eq!(r.recordings().len(), 2);
    }

    #[test]
    fn progress_merges_and_shares_records_by_board() {
        let a = level();
        let mut renamed = level();
        renamed.title = "another name".into();
        let mut mine = Progress::default();
        mine.offer(&a, &rec(10, 2, "x"));
        let mut theirs = Progress::default();
        theirs.offer(&renamed, &rec(8, 3, "y"));
        theirs.offer(&renamed, &rec(12, 1, "z"));
        assert_eq!(mine.merge(&theirs), 2);
        let r = mine.records(&a).unwrap();
        assert_eq!(r.best_moves.as_ref().unwrap().moves, 8);
        assert_eq!(r.best_pushes.as_ref().unwrap().pushes, 1);
        assert_eq!(mine.merge(&theirs), 0, "merging again changes nothing");
    }

    #[test]
    fn bad_recordings_are_dropped_with_the_failing_step() {
        let l = level();
        let mut r = Records::default();
        r.offer(&rec(3, 2, "rRR"));
        assert!(r.verify(&l, "level 1").is_empty());
        r.best_moves = Some(rec(3, 2, "rUR"));
        let p = r.verify(&l, "level 1");
        assert_eq!(p.len(), 1);
        assert!(p[0].to_string().contains("step 2"), "{p:?}");
        assert!(r.best_moves.is_none());
        r.best_pushes = Some(rec(9, 9, "rRR"));
        assert!(
            r.verify(&l, "level 1")[0]
                .to_string()
                .contains("claims 9/9")
        );
    }

    #[test]
    fn the_computers_solution_is_kept_apart_and_never_counts_as_solved() {
        let l = level();
        let mut p = Progress::default();
        assert!(p.offer_computer(&l, &rec(5, 2, "rlrRR")));
        assert!(!p.offer_computer(&l, &rec(7, 2, "x")), "more moves");
        assert!(p.offer_computer(&l, &rec(3, 2, "rRR")), "fewer moves");
        let r = p.records(&l).unwrap();
        assert!(!r.solved() && r.best_moves.is_none() && r.recordings().is_empty());
        assert_eq!(p.next_unsolved(std::slice::from_ref(&l), 0), Some(0));
        // It travels with a backup, and a file from before it existed still reads.
        let mut other = Progress::default();
        assert_eq!(other.merge(&p), 1);
        assert_eq!(other.records(&l).unwrap().computer, Some(rec(3, 2, "rRR")));
        let text = ron::to_string(&p).unwrap();
        assert_eq!(ron::from_str::<Progress>(&text).unwrap(), p);
        let old: Records = ron::from_str("(best_moves: None, best_pushes: None)").unwrap();
        assert_eq!(old.computer, None);
        // A computer's solution that does not solve the level is dropped and named.
        let mut r = Records::default();
        r.offer_computer(&rec(3, 2, "rUR"));
        let problems = r.verify(&l, "level 1");
        assert!(
            problems[0].to_string().contains("computer's"),
            "{problems:?}"
        );
        assert_eq!(r.computer, None);
    }

    #[test]
    fn the_computers_improvement_is_kept_apart_from_the_players_records() {
        let l = level();
        let mut p = Progress::default();
        p.offer(&l, &rec(5, 2, "rlrRR"));
        assert!(p.offer_improved(&l, &rec(3, 2, "rRR")));
        assert!(
            !p.offer_improved(&l, &rec(4, 2, "x")),
            "more moves than the kept one"
        );
        let r = p.records(&l).unwrap();
        assert_eq!(
            r.best_moves,
            Some(rec(5, 2, "rlrRR")),
            "the player's record stays theirs"
        );
        assert_eq!(r.improved, Some(rec(3, 2, "rRR")));
        let mut other = Progress::default();
        assert_eq!(
            other.merge(&p),
            2,
            "the player's record and the improvement"
        );
        assert_eq!(other.records(&l).unwrap().improved, Some(rec(3, 2, "rRR")));
        let old: Records = ron::from_str("(best_moves: None, computer: None)").unwrap();
        assert_eq!(
            old.improved, None,
            "a file from before it existed still reads"
        );
        let mut r = Records::default();
        r.offer_improved(&rec(3, 2, "rUR"));
        let problems = r.verify(&l, "level 1");
        assert!(problems[0].to_string().contains("improved"), "{problems:?}");
        assert_eq!(r.improved, None);
    }

    #[test]
    fn next_unsolved_goes_round_and_skips_solved_levels() {
        let mut levels = vec![level(), level(), level()];
        levels[1].cells[8] = crate::core::cell::WALL;
        levels[2].cells[9] = crate::core::cell::WALL;
        let mut p = Progress::default();
        assert_eq!(p.next_unsolved(&levels, 0), Some(1));
        p.offer(&levels[1], &rec(3, 2, "x"));
        assert_eq!(p.next_unsolved(&levels, 0), Some(2));
        assert_eq!(p.next_unsolved(&levels, 2), Some(0), "round to the start");
        p.offer(&levels[0], &rec(3, 2, "x"));
        p.offer(&levels[2], &rec(3, 2, "x"));
        assert_eq!(p.next_unsolved(&levels, 0), None);
    }

    #[test]
    fn apply_to_writes_records_into_levels() {
        let mut levels = vec![level(), level()];
        levels[1].cells[8] = crate::core::cell::WALL;
        let mut p = Progress::default();
        p.offer(&levels[0], &rec(3, 2, "rRR"));
        assert_eq!(p.apply_to(&mut levels), 1);
        assert_eq!(levels[0].recording, Some(rec(3, 2, "rRR")));
        assert_eq!(levels[1].recording, None);
    }

    #[test]
    fn write_keeps_a_backup_and_reads_back() {
        let store = Store::new(temp_dir("backup"));
        let mut s = Session::default();
        store.write(Store::SESSION, &s).unwrap();
        assert!(!store.backup_path(Store::SESSION).exists());
        let mut g = Game::new(level().board().unwrap());
        g.step(Direction::Right, true).unwrap();
        g.step(Direction::Right, false).unwrap();
        g.step(Direction::Right, true).unwrap();
        g.undo_step();
        s.current = Some(SavedGame {
            collection: BUILTIN.into(),
            index: 2,
            board: fingerprint_key(&level()),
            steps: encode_steps(g.all_steps()),
            applied: g.history().len(),
            reverse_from: None,
            parked: None,
            helped: true,
        });
        s.settings.instant = true;
        store.write(Store::SESSION, &s).unwrap();
        let back = store.read::<Session>(Store::SESSION);
        assert!(back.notices.is_empty(), "{:?}", back.notices);
        assert_eq!(back.value, s);
        let cur = back.value.current.unwrap();
        let again = Game::from_steps(
            level().board().unwrap(),
            &decode_steps(&cur.steps).unwrap(),
            2,
        )
        .unwrap();
        assert_eq!(again, g);
        let old = store.read::<Session>(&format!("{}.bak", Store::SESSION));
        assert_eq!(old.value, Session::default());
        let _ = fs::remove_dir_all(store.dir());
    }

    /// A browser's storage: the same backups and set-aside files as on disk, and a write that
    /// does not fit leaves the last good save and its backup as they were.
    #[test]
    fn a_key_value_store_keeps_saves_safe_when_it_is_full() {
        use crate::core::disk::{KeyValue, Memory};
        let kv: &'static Memory = Box::leak(Box::new(Memory::with_limit(3_000)));
        let store = Store::on(Medium::Keys(kv), "/pushbox");
        let link = |moves: usize| LinkSave {
            game: Some(SavedLink {
                deal: String::new(),
                gravity: false,
                seed: 1,
                moves: vec!["1,1-2,2".into(); moves],
                applied: moves,
                millis: 0,
            }),
            ..LinkSave::default()
        };
        store.write(Store::LINK, &link(1)).unwrap();
        store.write(Store::LINK, &link(2)).unwrap();
        let err = store.write(Store::LINK, &link(400)).unwrap_err();
        assert!(err.to_string().contains("full"), "{err}");
        let back = store.read::<LinkSave>(Store::LINK);
        assert!(back.notices.is_empty(), "{:?}", back.notices);
        assert_eq!(back.value, link(2));
        assert_eq!(
            store.read::<LinkSave>("link.ron.bak").value,
            link(1),
            "the backup is untouched"
        );
        assert!(
            !kv.keys().iter().any(|k| k.ends_with(".tmp")),
            "no temporary copy left taking room: {:?}",
            kv.keys()
        );
        // A damaged value is set aside under a new key, and the backup is used.
        kv.set("/pushbox/link.ron", b"(version: 1, width: oops")
            .unwrap();
        let back = store.read::<LinkSave>(Store::LINK);
        assert_eq!(back.value, link(1));
        assert!(
            back.notices[0].to_string().contains("link.ron.bad-1"),
            "{:?}",
            back.notices
        );
        assert_eq!(
            kv.get("/pushbox/link.ron.bad-1").unwrap().as_deref(),
            Some(&b"(version: 1, width: oops"[..])
        );
    }

    #[test]
    fn reverse_play_and_the_parked_game_round_trip() {
        let start = level().board().unwrap();
        let mut rev = Game::reverse(&start).unwrap();
        let free = (0..start.cells().len() as u32)
            .map(|i| start.pos_of(i))
            .find(|&p| p != rev.board().worker_pos() && rev.can_place_worker(p))
            .unwrap();
        assert!(rev.place_worker(free));
        for d in Direction::SEARCH_ORDER {
            let _ = rev.step(d, true);
        }
        let saved = SavedMoves::of(&rev, false);
        assert_eq!(saved.reverse_from, Some((free.x, free.y)));
        let text = ron::to_string(&saved).unwrap();
        let back: SavedMoves = ron::from_str(&text).unwrap();
        assert_eq!(back.restore(&start).unwrap(), rev);
        let fwd = Game::new(start.clone());
        assert_eq!(SavedMoves::of(&fwd, false).restore(&start).unwrap(), fwd);
        // A start cell where no worker may stand is named.
        let bad = SavedMoves {
            reverse_from: Some((0, 0)),
            ..saved
        };
        assert!(
            bad.restore(&start)
                .unwrap_err()
                .to_string()
                .contains("(0, 0)")
        );
    }

    /// The hint's mark travels with the moves: written only when set (saves from before it read
    /// as the player's own), and read back as written, on the game, its parked twin and snapshots.
    #[test]
    fn the_hints_help_is_saved_with_the_moves_and_old_saves_read_as_unhelped() {
        let game = Game::new(level().board().unwrap());
        let mine = SavedMoves::of(&game, false);
        let text = ron::to_string(&mine).unwrap();
        assert!(!text.contains("helped"), "{text}");
        let old = "(steps: \"\", applied: 0)";
        assert_eq!(ron::from_str::<SavedMoves>(old).unwrap(), mine);
        let helped = SavedMoves::of(&game, true);
        let back: SavedMoves = ron::from_str(&ron::to_string(&helped).unwrap()).unwrap();
        assert!(back.helped && back != mine);
        let snap = Snapshot::of(&game, "near the end".into(), true);
        assert!(snap.moves().helped);
        let back: Snapshot = ron::from_str(&ron::to_string(&snap).unwrap()).unwrap();
        assert!(back.helped);
        assert!(!Snapshot::of(&game, "mine".into(), false).moves().helped);
    }

    #[test]
    fn bad_files_are_moved_aside_and_the_backup_used() {
        let store = Store::new(temp_dir("bad"));
        let mut s = Session::default();
        s.settings.step_seconds = 0.2;
        store.write(Store::SESSION, &s).unwrap();
        s.settings.step_seconds = 0.3;
        store.write(Store::SESSION, &s).unwrap();
        let path = store.path(Store::SESSION);
        let full = fs::read_to_string(&path).unwrap();
        // Truncated.
        fs::write(&path, &full[..full.len() / 2]).unwrap();
        let back = store.read::<Session>(Store::SESSION);
        assert_eq!(back.value.settings.step_seconds, 0.2, "the backup");
        assert!(
            back.notices[0].to_string().contains("line"),
            "{:?}",
            back.notices
        );
        assert!(back.notices[0].to_string().contains("session.ron.bad-1"));
        assert!(
            back.notices[1]
                .to_string()
                .contains("restored the previous save")
        );
        assert_eq!(
            fs::read_to_string(store.dir().join("session.ron.bad-1")).unwrap(),
            full[..full.len() / 2],
            "kept, not deleted"
        );
        // From a newer PushBox.
        fs::write(&path, full.replace("version: 1", "version: 7")).unwrap();
        let back = store.read::<Session>(Store::SESSION);
        assert!(
            back.notices[0]
                .to_string()
                .contains("newer PushBox (format version 7")
        );
        assert!(store.dir().join("session.ron.bad-2").exists());
        // Garbage bytes, and a broken backup too: defaults.
        fs::write(&path, [0xff, 0xfe, 0]).unwrap();
        fs::write(
            store.backup_path(Store::SESSION),
            "(version: 1, current: 5)",
        )
        .unwrap();
        let back = store.read::<Session>(Store::SESSION);
        assert_eq!(back.value, Session::default());
        assert!(
            back.notices[0].to_string().contains("not UTF-8"),
            "{:?}",
            back.notices
        );
        assert!(
            back.notices[1]
                .to_string()
                .contains("starting with defaults")
        );
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_missing_folder_gives_defaults_quietly() {
        let store = Store::new(temp_dir("none"));
        let back = store.read::<Progress>(Store::PROGRESS);
        assert!(back.notices.is_empty());
        assert_eq!(back.value, Progress::default());
    }

    #[test]
    fn data_dir_prefers_the_explicit_folder() {
        assert_eq!(
            data_dir(Some(Path::new("/x/y"))),
            Some(PathBuf::from("/x/y"))
        );
    }
}
