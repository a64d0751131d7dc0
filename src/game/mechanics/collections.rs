//! The player's collections: the built-in one and the user's, which live as `.bxb` files in
//! `DATA/collections/` (designed levels, imported files, pasted levels). Importing never changes
//! the file it came from; a user collection is rewritten atomically with the previous version kept
//! as `NAME.bxb.bak`. Also: copying the current level to the clipboard (XSB or RLE), pasting
//! levels, and exporting collections to `.bxa`, `.xsb` or `.bxb` (several at once).
//!
//! Siblings: `levels` (the built-in collections), `save` (the data folder and records), `clipboard` (copying a level), `browser` (in a web page: an export is
//! also a download).

use std::path::{Path, PathBuf};

use crate::game::vocab::*;
use bevy::prelude::*;

use crate::core::disk::Medium;
use crate::core::formats::{Format, xsb};
use crate::core::level::{Collection, Level};
use crate::core::{files, save};
use crate::game::mechanics::levels::{LevelAssets, LevelFile};
use crate::game::mechanics::save::Saves;

/// One collection the player can choose.
#[derive(Clone, Debug)]
pub struct Entry {
    pub collection: Collection,
    /// A built-in name (`save::TUTORIAL`, `save::BUILTIN`), or the path of the user's `.bxb`.
    pub source: String,
}

impl Entry {
    pub fn is_user(&self) -> bool {
        !save::is_builtin(&self.source)
    }
}

/// Every collection: the built-in ones first (tutorial, then the forty levels), then the user's by name.
#[derive(Resource, Default, Debug)]
pub struct Collections {
    pub list: Vec<Entry>,
}

impl Collections {
    pub fn position(&self, source: &str) -> Option<usize> {
        self.list.iter().position(|e| e.source == source)
    }
}

/// What the player asks of the collections.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum CollectionCmd {
    /// Play collection N (of [`Collections::list`]) from its first level.
    Open(usize),
    /// Import a level file's bytes (opened or dropped) as a new user collection.
    Import { file: String, bytes: Vec<u8> },
    /// Copy the current level to the clipboard: XSB, or one RLE line.
    Copy { rle: bool },
    /// Export every user collection (and the one being played) into `DATA/exports/`.
    Export(&'static str),
}

/// Level files to import once the game is on screen (`play --import FILE`).
#[derive(Resource, Default)]
pub struct ImportAtStart(pub Vec<(String, Vec<u8>)>);

/// Levels pasted from the clipboard, to import as a collection (solutions go to the replay).
#[derive(Message, Clone, Debug)]
pub struct PastedLevels(pub String);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Collections>()
        .add_message::<CollectionCmd>()
        .add_message::<PastedLevels>()
        .add_systems(
            OnEnter(Screen::Playing),
            load_collections.in_set(LevelSetup::Collections),
        )
        .add_systems(
            Update,
            (import_at_start, player_commands, commands, pasted)
                .chain()
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        )
        .add_observer(keep_solution_in_user_level);
}

/// The folder of the user's collections.
pub fn folder(saves: &Saves) -> Option<PathBuf> {
    saves.store().map(|s| s.dir().join("collections"))
}

fn load_collections(
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    assets: Option<Res<LevelAssets>>,
    files_in: Res<Assets<LevelFile>>,
    mut notices: ResMut<Notices>,
) {
    list.list.clear();
    if let Some(assets) = assets {
        for (source, handle) in assets.all() {
            if let Some(f) = files_in.get(handle) {
                list.list.push(Entry {
                    collection: f.collection.clone(),
                    source: source.into(),
                });
            }
        }
    }
    let Some(dir) = folder(&saves) else { return };
    let Ok(paths) = Medium::current().list(&dir) else {
        return;
    };
    for p in paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "bxb"))
    {
        match files::load(&p) {
            // Nothing to play or design: not listed, and the file stays as it is.
            Ok(l) if l.collection.levels.is_empty() => {
                notices.say(t!("collection-empty", path = p.display().to_string()))
            }
            Ok(l) => list.list.push(Entry {
                collection: l.collection,
                source: p.display().to_string(),
            }),
            Err(e) => notices.say(t!(
                "collection-unreadable",
                problem = i18n::format_error(&e)
            )),
        }
    }
}

/// A file name for a collection: its name in lower case letters, digits and dashes, made unique
/// in `dir`.
fn new_path(dir: &Path, name: &str) -> PathBuf {
    let mut slug: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    slug = slug.trim_matches('-').to_string();
    if slug.is_empty() {
        slug = "levels".into();
    }
    let mut p = dir.join(format!("{slug}.bxb"));
    let mut n = 2;
    while Medium::current().exists(&p) {
        p = dir.join(format!("{slug}-{n}.bxb"));
        n += 1;
    }
    p
}

/// Writes a user collection atomically; with `backup`, the file as it was is kept as `.bak` first
/// (the designer asks for that once per visit, so the backup is the collection before it).
pub fn write_user(entry: &Entry, notices: &mut Notices, backup: bool) -> bool {
    let path = PathBuf::from(&entry.source);
    if let Some(dir) = path.parent()
        && let Err(e) = Medium::current().create_dir_all(dir)
    {
        notices.say(t!(
            "save-failed",
            path = dir.display().to_string(),
            problem = e.to_string()
        ));
        return false;
    }
    if backup && let Err(e) = files::keep_backup(&path) {
        notices.say(t!(
            "collection-no-backup",
            path = path.display().to_string(),
            problem = e.to_string()
        ));
    }
    match files::save(&path, &entry.collection) {
        Ok(_) => true,
        Err(e) => {
            notices.say(t!("collection-save-failed", problem = e.to_string()));
            false
        }
    }
}

/// Adds a new user collection (written at once). Returns its index.
pub fn add_user(
    list: &mut Collections,
    saves: &Saves,
    notices: &mut Notices,
    collection: Collection,
) -> Option<usize> {
    let Some(dir) = folder(saves) else {
        notices.say(t!("collection-no-folder"));
        return None;
    };
    let _ = Medium::current().create_dir_all(&dir);
    let entry = Entry {
        source: new_path(&dir, &collection.name).display().to_string(),
        collection,
    };
    if !write_user(&entry, notices, true) {
        return None;
    }
    list.list.push(entry);
    Some(list.list.len() - 1)
}

/// The file `name` in the user's collections folder; without a data folder the bare name (a
/// collection that lives as long as the game).
pub fn user_path(saves: &Saves, name: &str) -> PathBuf {
    match folder(saves) {
        Some(dir) => dir.join(name),
        None => PathBuf::from(name),
    }
}

/// The index of the collection at `source`, added as `new()` (not written) when the list has none.
pub fn entry_for(
    list: &mut Collections,
    source: String,
    new: impl FnOnce() -> Collection,
) -> usize {
    list.position(&source).unwrap_or_else(|| {
        list.list.push(Entry {
            collection: new(),
            source,
        });
        list.list.len() - 1
    })
}

/// Where `level` is in collection `i`: the level with the same board, or `level` added at the
/// end; and whether it was added.
pub fn place_level(list: &mut Collections, i: usize, level: Level) -> (usize, bool) {
    let levels = &mut list.list[i].collection.levels;
    let print = level.fingerprint();
    match levels.iter().position(|l| l.fingerprint() == print) {
        Some(at) => (at, false),
        None => {
            levels.push(level);
            (levels.len() - 1, true)
        }
    }
}

/// Makes collection `i` the one being played, at level `level`.
pub fn open(
    list: &Collections,
    i: usize,
    level: usize,
    current: &mut Option<ResMut<CurrentLevel>>,
    commands: &mut Commands,
    load: &mut MessageWriter<LoadLevel>,
) {
    let Some(e) = list.list.get(i).filter(|e| !e.collection.levels.is_empty()) else {
        return;
    };
    let level = level.min(e.collection.levels.len() - 1);
    match current {
        Some(c) => {
            c.collection = e.collection.clone();
            c.source = e.source.clone();
            c.index = level;
        }
        None => commands.insert_resource(CurrentLevel {
            collection: e.collection.clone(),
            index: level,
            source: e.source.clone(),
        }),
    }
    load.write(LoadLevel(level));
}

fn import(
    list: &mut Collections,
    saves: &Saves,
    notices: &mut Notices,
    file: &str,
    format: Format,
    bytes: &[u8],
    default_name: Option<&str>,
) -> Option<usize> {
    match files::import_levels(file, format, bytes) {
        Ok((mut c, problems)) => {
            for p in &problems {
                notices.say(p.clone());
            }
            if c.name.is_empty() {
                c.name = default_name.map_or_else(
                    || {
                        Path::new(file)
                            .file_stem()
                            .map_or("Imported".into(), |s| s.to_string_lossy().into_owned())
                    },
                    str::to_string,
                );
            }
            let n = c.levels.len();
            let i = add_user(list, saves, notices, c)?;
            notices.say(t!(
                "collection-imported",
                file = file.to_string(),
                levels = n,
                name = list.list[i].collection.name.as_str(),
                problems = problems.len()
            ));
            Some(i)
        }
        Err(e) => {
            notices.say(t!(
                "collection-not-imported",
                problem = i18n::format_error(&e)
            ));
            None
        }
    }
}

fn import_at_start(at_start: Option<ResMut<ImportAtStart>>, mut out: MessageWriter<CollectionCmd>) {
    let Some(mut files) = at_start else { return };
    for (file, bytes) in std::mem::take(&mut files.0) {
        out.write(CollectionCmd::Import { file, bytes });
    }
}

/// The HUD's and keyboard's collection commands.
fn player_commands(
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    mut out: MessageWriter<CollectionCmd>,
) {
    for cmd in cmds.read() {
        match *cmd {
            ScreenCommand::Export(ext) => {
                out.write(CollectionCmd::Export(ext));
            }
            ScreenCommand::Copy { rle } if !matches!(play.get(), Play::Design | Play::Link) => {
                out.write(CollectionCmd::Copy { rle });
            }
            _ => {}
        }
    }
}

fn commands(
    mut commands: Commands,
    mut cmds: MessageReader<CollectionCmd>,
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    mut current: Option<ResMut<CurrentLevel>>,
    mut load: MessageWriter<LoadLevel>,
) {
    for cmd in cmds.read() {
        match cmd {
            CollectionCmd::Open(i) => open(&list, *i, 0, &mut current, &mut commands, &mut load),
            CollectionCmd::Import { file, bytes } => {
                let Some(format) = Format::from_path(Path::new(file)) else {
                    notices.say(t!("collection-unknown-type", file = file.as_str()));
                    continue;
                };
                if let Some(i) = import(&mut list, &saves, &mut notices, file, format, bytes, None)
                {
                    open(&list, i, 0, &mut current, &mut commands, &mut load);
                }
            }
            CollectionCmd::Copy { rle } => {
                let Some(c) = current.as_ref() else { continue };
                let level = c.level();
                let text = if *rle {
                    xsb::write_rle(level)
                } else {
                    xsb::write_level(level)
                };
                match crate::game::mechanics::clipboard::set_clipboard(&text) {
                    Ok(()) => notices.say(t!(
                        "collection-copied",
                        level = c.label(),
                        format = if *rle { "RLE" } else { "XSB" }
                    )),
                    Err(e) => notices.say(t!("clipboard-failed", problem = e.to_string())),
                }
            }
            CollectionCmd::Export(ext) => {
                export(&list, &saves, &mut notices, current.as_deref(), ext)
            }
        }
    }
}

/// In a browser an exported file is also offered as a download (the page's storage is out of
/// the player's reach).
fn offer_download(path: &Path) -> Result<(), crate::core::formats::FormatError> {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::core::formats::{FormatError, Place};
        let label = path.display().to_string();
        let failed = |e: String| FormatError::new(&label, Place::Whole, e);
        let bytes = Medium::current()
            .read(path)
            .map_err(|e| failed(e.to_string()))?;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        crate::game::mechanics::browser::download(&name, &bytes).map_err(failed)?;
    }
    let _ = path;
    Ok(())
}

/// Writes each user collection (and the one being played) as `DATA/exports/NAME.EXT`, with the
/// player's best solutions in the levels.
fn export(
    list: &Collections,
    saves: &Saves,
    notices: &mut Notices,
    current: Option<&CurrentLevel>,
    ext: &str,
) {
    let Some(dir) = saves.store().map(|s| s.dir().join("exports")) else {
        notices.say(t!("export-no-folder"));
        return;
    };
    let mut done = Vec::new();
    for e in &list.list {
        let playing = current.is_some_and(|c| c.source == e.source);
        if !e.is_user() && !playing {
            continue;
        }
        let mut c = e.collection.clone();
        saves.progress.apply_to(&mut c.levels);
        let stem = Path::new(&e.source)
            .file_stem()
            .map_or("pushbox".into(), |s| s.to_string_lossy().into_owned());
        let stem = if e.is_user() { stem } else { "pushbox".into() };
        let path = dir.join(format!("{stem}.{ext}"));
        let _ = Medium::current().create_dir_all(&dir);
        match files::save(&path, &c).and_then(|_| offer_download(&path)) {
            Ok(()) => done.push(path.display().to_string()),
            Err(err) => notices.say(t!("export-failed", problem = err.to_string())),
        }
    }
    if done.is_empty() {
        notices.say(t!("export-nothing"));
    } else {
        notices.say(t!(
            "export-done",
            count = done.len(),
            paths = done.join(", ")
        ));
    }
}

/// Pasted text with boards in it becomes a collection.
fn pasted(
    mut commands: Commands,
    mut pasted: MessageReader<PastedLevels>,
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    mut current: Option<ResMut<CurrentLevel>>,
    mut load: MessageWriter<LoadLevel>,
) {
    for PastedLevels(text) in pasted.read() {
        if let Some(i) = import(
            &mut list,
            &saves,
            &mut notices,
            "clipboard",
            Format::Xsb,
            text.as_bytes(),
            Some("Pasted levels"),
        ) {
            open(&list, i, 0, &mut current, &mut commands, &mut load);
        }
    }
}

/// Whether pasted text holds boards (then it is imported as levels, else read as a solution).
pub fn has_boards(text: &str) -> bool {
    crate::core::formats::read(Format::Xsb, "clipboard", text.as_bytes())
        .is_ok_and(|(c, _)| !c.levels.is_empty())
}

/// A level of a user collection solved (in play or in the designer's test-play) keeps its best
/// solution in the collection file: the `.bxb` solved flag, counts and moves.
fn keep_solution_in_user_level(
    _: On<LevelSolved>,
    mut list: ResMut<Collections>,
    current: Option<ResMut<CurrentLevel>>,
    session: Option<Res<Session>>,
    mut notices: ResMut<Notices>,
    replay: Option<Res<Replay>>,
    helped: Res<HelpedGame>,
) {
    let (Some(mut current), Some(session)) = (current, session) else {
        return;
    };
    let computers = helped.0 == Some(session.serial);
    if replay.is_some() || save::is_builtin(&current.source) || computers {
        return;
    }
    let Some(i) = list.position(&current.source) else {
        return;
    };
    let Some(r) = current.solution_of(&session.game) else {
        return;
    };
    let index = current.index;
    let entry = &mut list.list[i];
    let Some(level) = entry.collection.levels.get_mut(index) else {
        return;
    };
    if level
        .recording
        .as_ref()
        .is_some_and(|old| !r.fewer_moves_than(old))
    {
        return;
    }
    level.recording = Some(r.clone());
    if let Some(l) = current.collection.levels.get_mut(index) {
        l.recording = Some(r);
    }
    write_user(entry, &mut notices, true);
}
