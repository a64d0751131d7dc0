//! Saving and restoring the player's situation through the core's save files: the level on
//! screen with its whole move history (redo included) and the settings are written after each move
//! group, on window close, on exit and when the app is suspended (Android); the next start puts
//! the same board, counters and undo/redo back. Solving a level keeps its solution when it beats
//! the records (best by moves, best by pushes).
//!
//! Siblings: `levels` (the built-in collections a save names), `sound` (its settings are saved too),
//! `browser` (a web page's storage), `language` (the system's language, for the notices said
//! before it is applied).

use std::path::PathBuf;

use crate::game::vocab::*;
use bevy::prelude::*;
use bevy::window::{AppLifecycle, WindowCloseRequested};

use crate::core::level::{Collection, Recording};
use crate::core::save::{self, Progress, SavedGame, Store};
use crate::core::{Game, files};
use crate::game::mechanics::levels::{LevelAssets, LevelFile};

/// Where the player's data lives. Without this resource (headless tests) nothing is saved.
#[derive(Resource, Clone, Debug, Default)]
pub struct SaveConfig {
    pub dir: Option<PathBuf>,
    /// `--instant` was given: it wins over the saved setting.
    pub force_instant: bool,
}

/// The player's data folder: `explicit` (`--data-dir`), else `PUSHBOX_DATA_DIR`, else on Android
/// the app's internal storage, else the platform's data directory.
pub fn data_folder(explicit: Option<&std::path::Path>) -> Option<PathBuf> {
    #[cfg(target_os = "android")]
    if explicit.is_none()
        && std::env::var_os(save::DATA_DIR_ENV).is_none()
        && let Some(p) = bevy::android::ANDROID_APP
            .get()
            .and_then(|a| a.internal_data_path())
    {
        return Some(p);
    }
    // In a browser: the page's storage, when it lets the page keep anything.
    #[cfg(target_arch = "wasm32")]
    if explicit.is_none() {
        return crate::game::mechanics::browser::install_storage()
            .map(|()| PathBuf::from(crate::game::mechanics::browser::DATA_FOLDER))
            .map_err(|e| bevy::log::warn!("pushbox: the page's storage is blocked: {e}"))
            .ok();
    }
    save::data_dir(explicit)
}

/// The open save files and the player's records.
#[derive(Resource, Default)]
pub struct Saves {
    store: Option<Store>,
    pub progress: Progress,
    /// The game the last session left, until it has been put back on the board.
    restore: Option<SavedGame>,
    /// The session state and settings the session file holds now, to write only on change.
    written: Option<(u64, u64)>,
    settings_written: Option<save::SavedSettings>,
    /// A write failed: said once, not every frame.
    failing: bool,
    /// The collection whose records were last checked.
    checked: Option<String>,
}

impl Saves {
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }
}

pub(crate) fn plugin(app: &mut App) {
    // Window messages exist without a window too (headless apps): registering is idempotent.
    app.add_message::<WindowCloseRequested>()
        .add_message::<AppLifecycle>()
        .init_resource::<Saves>()
        .init_resource::<Notices>()
        .init_resource::<FirstPlayHint>()
        .init_resource::<WarningSettings>()
        .init_resource::<ShadeDeadSquares>()
        .init_resource::<crate::game::vocab::i18n::LanguageChoice>()
        .add_systems(PreStartup, open_saves)
        .add_systems(
            OnEnter(Screen::Playing),
            restore_level.in_set(LevelSetup::Restore),
        )
        .add_systems(
            Update,
            (
                check_records.run_if(resource_exists_and_changed::<CurrentLevel>),
                autosave.after(AppSystems::SyncView),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (hint_done, keep_computer_solution).run_if(in_state(Screen::Playing)),
        )
        .add_systems(Last, save_on_leave)
        .add_observer(keep_solution);
}

/// Reads the save files (PreStartup, so the saved settings are in place before anything runs).
fn open_saves(
    config: Option<Res<SaveConfig>>,
    mut saves: ResMut<Saves>,
    mut settings: ResMut<Settings>,
    mut sound: ResMut<crate::game::mechanics::sound::SoundSettings>,
    mut hint: ResMut<FirstPlayHint>,
    mut notices: ResMut<Notices>,
    mut warnings: ResMut<WarningSettings>,
    mut shade: ResMut<ShadeDeadSquares>,
    mut language: ResMut<crate::game::vocab::i18n::LanguageChoice>,
    system: Option<Res<crate::game::mechanics::language::SystemLanguage>>,
) {
    let Some(config) = config else { return };
    // A windowed game without a data folder still greets a new player.
    hint.0 = true;
    let Some(dir) = config.dir.clone() else {
        #[cfg(target_arch = "wasm32")]
        if let Some(problem) = crate::game::mechanics::browser::storage_problem() {
            notices.say(t!("save-browser-blocked", problem = problem));
            return;
        }
        notices.say(t!("save-no-folder"));
        return;
    };
    let store = Store::new(dir);
    let session = store.read::<save::Session>(Store::SESSION);
    let progress = store.read::<Progress>(Store::PROGRESS);
    let s = session.value;
    settings.step_seconds = s.settings.step_seconds.clamp(0.0, 2.0);
    settings.instant = s.settings.instant || config.force_instant;
    *sound = crate::game::mechanics::sound::SoundSettings {
        volume: s.settings.volume.clamp(0.0, 1.0),
        muted: s.settings.muted,
    };
    hint.0 = !s.settings.hint_seen;
    shade.0 = s.settings.shade_dead_squares;
    language.0 =
        (s.settings.language.as_deref()).and_then(crate::game::vocab::i18n::Lang::from_code);
    // The notices are said in the screens' language, which `language.rs` applies only after
    // start-up: the saved choice, else the system's.
    if let Some(system) = system {
        i18n::set_current(language.0.unwrap_or(system.0));
    }
    for n in session.notices.into_iter().chain(progress.notices) {
        notices.say(i18n::store_notice(&n));
    }
    warnings.0 = crate::core::deadlock::Detectors {
        dead_square: s.settings.warn_dead_square,
        freeze: s.settings.warn_freeze,
        bipartite: s.settings.warn_bipartite,
        closed_diagonal: s.settings.warn_closed_diagonal,
    };
    saves.progress = progress.value;
    saves.restore = s.current;
    saves.store = Some(store);
}

/// Puts the saved game back: its collection and level (unless a level was given on the command
/// line, then only if it is the same board) and its move history.
fn restore_level(
    mut commands: Commands,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    current: Option<Res<CurrentLevel>>,
    assets: Option<Res<LevelAssets>>,
    files_in: Res<Assets<LevelFile>>,
) {
    let Some(mut saved) = saves.restore.take() else {
        return;
    };
    let chosen = match current {
        Some(c) => c.clone(),
        None => {
            let collection = match assets {
                _ if !save::is_builtin(&saved.collection) => {
                    saved_file(&saved.collection, &mut notices)
                }
                Some(assets) => builtin_home(&mut saved, &assets, &files_in),
                None => return,
            };
            let Some(collection) = collection.filter(|c| !c.levels.is_empty()) else {
                return;
            };
            let c = saved_level(collection, &saved, &mut notices);
            commands.insert_resource(c.clone());
            c
        }
    };
    if let Some(game) = saved_game_of(&chosen, &saved.moves(), &saved, &mut notices) {
        commands.insert_resource(PendingGame {
            game: Some(game),
            helped: saved.helped,
        });
    }
    if let Some(parked) = saved.parked.as_ref() {
        let mut keep = ParkedGame::default();
        if let Some(game) = saved_game_of(&chosen, parked, &saved, &mut notices) {
            keep.park(&chosen, game, parked.helped);
        }
        commands.insert_resource(keep);
    }
}

/// A saved game's collection when it is the player's file.
fn saved_file(path: &str, notices: &mut Notices) -> Option<Collection> {
    match files::load(std::path::Path::new(path)) {
        Ok(l) => Some(l.collection),
        Err(e) => {
            notices.say(t!("save-levels-missing", problem = i18n::format_error(&e)));
            None
        }
    }
}

/// A saved game's built-in collection: the one that holds its board now (a built-in level may
/// have moved to another built-in collection in an update), else the one it names.
fn builtin_home(
    saved: &mut SavedGame,
    assets: &LevelAssets,
    files_in: &Assets<LevelFile>,
) -> Option<Collection> {
    let home = assets
        .all()
        .into_iter()
        .filter_map(|(s, _)| Some((s, assets.get(s, files_in)?)))
        .find(|(_, c)| {
            c.levels
                .iter()
                .any(|l| save::fingerprint_key(l) == saved.board)
        });
    match home {
        Some((source, c)) => {
            saved.collection = source.to_string();
            Some(c.clone())
        }
        None => assets.get(&saved.collection, files_in).cloned(),
    }
}

/// The saved level in its collection, found by its board (it may have moved within the file);
/// the collection's first level, with a notice, when it is gone.
fn saved_level(collection: Collection, saved: &SavedGame, notices: &mut Notices) -> CurrentLevel {
    let by_board = |l: &crate::core::level::Level| save::fingerprint_key(l) == saved.board;
    let index = if collection.levels.get(saved.index).is_some_and(by_board) {
        Some(saved.index)
    } else {
        collection.levels.iter().position(by_board)
    };
    if index.is_none() {
        notices.say(t!(
            "save-level-missing",
            collection = saved.collection.as_str(),
            number = saved.index + 1
        ));
    }
    CurrentLevel {
        collection,
        index: index.unwrap_or(0),
        source: saved.collection.clone(),
    }
}

/// The saved moves replayed on the chosen level, when it is the saved board.
fn saved_game_of(
    chosen: &CurrentLevel,
    moves: &save::SavedMoves,
    saved: &SavedGame,
    notices: &mut Notices,
) -> Option<Game> {
    let level = chosen.level();
    if save::fingerprint_key(level) != saved.board {
        return None;
    }
    let start = level.playable().ok()?;
    match moves.restore(&start) {
        Ok(game) => Some(game),
        Err(e) => {
            let key = if moves.reverse_from.is_some() {
                "save-reverse-unusable"
            } else {
                "save-moves-unusable"
            };
            let problem = i18n::restore_error(&e);
            notices.say(t!(key, level = chosen.label(), problem = problem));
            None
        }
    }
}

/// When a collection comes on screen, replays the records of its levels. A recording that does
/// not solve its level (an edited file) is reported with the failing step and taken out of the
/// records; it is kept in `progress.rejected.ron` rather than lost.
fn check_records(
    current: Res<CurrentLevel>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
) {
    let key = format!("{}#{}", current.source, current.collection.levels.len());
    if saves.checked.as_ref() == Some(&key) {
        return;
    }
    saves.checked = Some(key);
    let mut rejected = Progress::default();
    for (i, level) in current.collection.levels.iter().enumerate() {
        let fp = save::fingerprint_key(level);
        let Some(records) = saves.progress.levels.get_mut(&fp) else {
            continue;
        };
        let before = records.clone();
        for p in records.verify(level, &level.label(i)) {
            notices.say(i18n::record_problem(&p));
        }
        if *records != before {
            let r = rejected.levels.entry(fp).or_default();
            if records.best_moves.is_none() {
                r.best_moves = before.best_moves;
            }
            if records.best_pushes.is_none() {
                r.best_pushes = before.best_pushes;
            }
            if records.computer.is_none() {
                r.computer = before.computer;
            }
        }
    }
    if rejected.levels.is_empty() {
        return;
    }
    if let Some(store) = &saves.store {
        const REJECTED: &str = "progress.rejected.ron";
        let mut all = store.read::<Progress>(REJECTED).value;
        all.levels.extend(rejected.levels);
        let written = store
            .write(REJECTED, &all)
            .and_then(|()| store.write(Store::PROGRESS, &saves.progress));
        if let Err(e) = written {
            notices.say(t!(
                "save-failed",
                path = store.dir().display().to_string(),
                problem = e.to_string()
            ));
        }
    }
}

/// What the session file keeps of the game: the level, the player's game and the one parked
/// beside it, and whether the hint helped in each.
#[derive(bevy::ecs::system::SystemParam)]
struct PlayersGame<'w> {
    current: Option<Res<'w, CurrentLevel>>,
    session: Option<Res<'w, Session>>,
    replay: Option<Res<'w, Replay>>,
    parked: Option<Res<'w, ParkedGame>>,
    helped: Res<'w, HelpedGame>,
}

impl PlayersGame<'_> {
    /// The game to save: the player's own, also while a replay borrows the board.
    fn saved(&self) -> Option<SavedGame> {
        let (current, session) = (self.current.as_deref()?, self.session.as_deref()?);
        let (game, helped) = match self.replay.as_deref() {
            Some(r) => (&r.stashed, r.stashed_helped),
            None => (&session.game, self.helped.0 == Some(session.serial)),
        };
        let moves = save::SavedMoves::of(game, helped);
        let parked = self.parked.as_deref().and_then(|p| {
            let (game, helped) = p.of_with_help(current)?;
            Some(save::SavedMoves::of(game, helped))
        });
        Some(SavedGame {
            collection: current.source.clone(),
            index: current.index,
            board: save::fingerprint_key(current.level()),
            steps: moves.steps,
            applied: moves.applied,
            reverse_from: moves.reverse_from,
            parked,
            helped,
        })
    }
}

/// The settings as the session file keeps them, read from the resources that hold them.
#[derive(bevy::ecs::system::SystemParam)]
struct CurrentSettings<'w> {
    settings: Res<'w, Settings>,
    sound: Res<'w, crate::game::mechanics::sound::SoundSettings>,
    hint: Res<'w, FirstPlayHint>,
    warnings: Res<'w, WarningSettings>,
    shade: Res<'w, ShadeDeadSquares>,
    language: Res<'w, crate::game::vocab::i18n::LanguageChoice>,
}

impl CurrentSettings<'_> {
    fn saved(&self) -> save::SavedSettings {
        save::SavedSettings {
            step_seconds: self.settings.step_seconds,
            instant: self.settings.instant,
            volume: self.sound.volume,
            muted: self.sound.muted,
            hint_seen: !self.hint.0,
            warn_dead_square: self.warnings.0.dead_square,
            warn_freeze: self.warnings.0.freeze,
            warn_bipartite: self.warnings.0.bipartite,
            warn_closed_diagonal: self.warnings.0.closed_diagonal,
            shade_dead_squares: self.shade.0,
            language: self.language.0.map(|l| l.code().to_string()),
        }
    }
}

fn write_session(
    saves: &mut Saves,
    notices: &mut Notices,
    settings: save::SavedSettings,
    game: &PlayersGame,
) {
    let Some(store) = saves.store.clone() else {
        return;
    };
    let data = save::Session {
        version: save::VERSION,
        settings,
        current: game.saved(),
    };
    match store.write(Store::SESSION, &data) {
        Ok(()) => saves.failing = false,
        Err(e) if !saves.failing => {
            saves.failing = true;
            notices.say(t!(
                "save-failed",
                path = store.path(Store::SESSION).display().to_string(),
                problem = e.to_string()
            ));
        }
        Err(_) => {}
    }
}

/// After each move group (the queue has run dry) and each settings change, write the session.
fn autosave(
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    settings: CurrentSettings,
    game: PlayersGame,
    queue: Option<Res<StepQueue>>,
) {
    if saves.store.is_none() || game.replay.is_some() || game.current.is_none() {
        return;
    }
    let Some(session) = game.session.as_deref() else {
        return;
    };
    if !queue.is_none_or(|q| q.is_idle()) {
        return;
    }
    let now = session.state_key();
    let settings_now = settings.saved();
    if saves.written == Some(now) && saves.settings_written.as_ref() == Some(&settings_now) {
        return;
    }
    write_session(&mut saves, &mut notices, settings_now.clone(), &game);
    saves.written = Some(now);
    saves.settings_written = Some(settings_now);
}

/// The first move ends the first-play hint for good (saved with the settings).
fn hint_done(mut hint: ResMut<FirstPlayHint>, mut applied: MessageReader<StepApplied>) {
    if applied.read().next().is_some() && hint.0 {
        hint.0 = false;
    }
}

/// The app going away this frame: exit, window close, or suspend (a phone). Each system that
/// must save then reads it with its own cursors.
#[derive(bevy::ecs::system::SystemParam)]
pub struct AppLeaving<'w, 's> {
    exits: MessageReader<'w, 's, AppExit>,
    closes: MessageReader<'w, 's, WindowCloseRequested>,
    lifecycle: MessageReader<'w, 's, AppLifecycle>,
}

impl AppLeaving<'_, '_> {
    pub fn now(&mut self) -> bool {
        let exit = self.exits.read().count() > 0;
        let close = self.closes.read().count() > 0;
        let suspend = self
            .lifecycle
            .read()
            .any(|l| matches!(l, AppLifecycle::WillSuspend | AppLifecycle::Suspended));
        exit || close || suspend
    }
}

/// On exit, window close and suspend (Android), write the session whatever is going on.
fn save_on_leave(
    mut leaving: AppLeaving,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    settings: CurrentSettings,
    game: PlayersGame,
) {
    if leaving.now() {
        write_session(&mut saves, &mut notices, settings.saved(), &game);
    }
}

/// A solved level: its solution joins the records when it beats them.
fn keep_solution(
    _: On<LevelSolved>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    replay: Option<Res<Replay>>,
    helped: Res<HelpedGame>,
) {
    if replay.is_some() {
        return;
    }
    let (Some(current), Some(session)) = (current, session) else {
        return;
    };
    if helped.0 == Some(session.serial) {
        notices.say(t!("save-helped-solution"));
        return;
    }
    let Some(r) = current.solution_of(&session.game) else {
        return;
    };
    if session.game.is_reverse() {
        notices.say(t!(
            "save-reverse-solution",
            moves = r.moves,
            pushes = r.pushes
        ));
    }
    offer(&mut saves, &mut notices, current.level(), &r);
}

/// K (or the solved panel's button) after a level the hint's moves solved: that solution is kept
/// as the computer's, because the player asked; it never counts as theirs.
fn keep_computer_solution(
    mut cmds: MessageReader<PlayerCommand>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    helped: Res<HelpedGame>,
) {
    for cmd in cmds.read() {
        if *cmd != PlayerCommand::KeepComputerSolution {
            continue;
        }
        let (Some(current), Some(session)) = (current.as_deref(), session.as_deref()) else {
            continue;
        };
        let solved_by_hint = helped.0 == Some(session.serial)
            && session.game.is_solved()
            && !session.game.is_reverse();
        if !solved_by_hint {
            continue;
        }
        let Some(r) = current.solution_of(&session.game) else {
            continue;
        };
        if saves.progress.offer_computer(current.level(), &r) {
            write_progress(&saves, &mut notices);
            notices.say(t!("save-computer-kept", moves = r.moves, pushes = r.pushes));
        } else {
            notices.say(t!("save-computer-not-better"));
        }
    }
}

/// Offers a verified solution to the records and writes them when one improved.
pub fn offer(
    saves: &mut Saves,
    notices: &mut Notices,
    level: &crate::core::level::Level,
    r: &Recording,
) -> bool {
    if !saves.progress.offer(level, r) {
        return false;
    }
    write_progress(saves, notices);
    true
}

/// Writes the records (a failure is said in the notice line).
pub fn write_progress(saves: &Saves, notices: &mut Notices) {
    if let Some(store) = &saves.store
        && let Err(e) = store.write(Store::PROGRESS, &saves.progress)
    {
        notices.say(t!(
            "save-records-failed",
            path = store.path(Store::PROGRESS).display().to_string(),
            problem = e.to_string()
        ));
    }
}

/// Keeps a snapshot of a level with the records and writes them.
pub fn keep_snapshot(
    saves: &mut Saves,
    notices: &mut Notices,
    level: &crate::core::level::Level,
    s: save::Snapshot,
) {
    saves.progress.keep_snapshot(level, s);
    write_progress(saves, notices);
}

/// Offers a Link time (milliseconds) for a best-time key and writes the records when it is a
/// new best.
pub fn offer_link_time(saves: &mut Saves, notices: &mut Notices, key: &str, millis: u64) -> bool {
    if !saves.progress.offer_link_time(key, millis) {
        return false;
    }
    write_progress(saves, notices);
    true
}

/// Merges a progress backup file into the records (a file dropped on the window), keeping the
/// better solution of each pair, and says what happened.
pub fn import_backup(saves: &mut Saves, notices: &mut Notices, name: &str, bytes: &[u8]) {
    let theirs = match save::backup_from_bytes(bytes) {
        Ok(p) => p,
        Err(e) => {
            notices.say(t!(
                "save-not-a-backup",
                path = name.to_string(),
                problem = i18n::file_problem(&e)
            ));
            return;
        }
    };
    let improved = saves.progress.merge(&theirs);
    // Recheck the records of the collection on screen.
    saves.checked = None;
    if let Some(store) = &saves.store
        && let Err(e) = store.write(Store::PROGRESS, &saves.progress)
    {
        notices.say(t!("save-records-failed-here", problem = e.to_string()));
        return;
    }
    notices.say(t!(
        "save-merged",
        path = name.to_string(),
        levels = theirs.levels.len(),
        improved = improved
    ));
}
