//! `pushbox play` (and a plain start): the game window, optionally on a level, with a script of
//! input played through the real input path.

#[cfg(feature = "game")]
use std::path::Path;
use std::path::PathBuf;
#[cfg(feature = "game")]
use std::process::ExitCode;

use super::*;

/// What `play` is asked for: the `play` command's options (none for a plain start).
#[derive(clap::Args, Debug, Default)]
pub struct Play {
    /// A share link (`https://…#level=…`, as "Copy link" makes): opens its level in the
    /// "Shared with you" collection and replays its solution, if it has one.
    #[arg(value_name = "LINK")]
    pub link: Option<String>,
    /// FILE or FILE:N (1-based level) in any level format.
    #[arg(long)]
    pub level: Option<String>,
    /// Script: `tap X,Y; key Z; lurd rrU; wait; frames 10; screenshot a.png` (see docs/testing.md).
    #[arg(long)]
    pub input: Option<String>,
    /// Save a screenshot here once the script has run, then exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Apply moves at once, with no animation.
    #[arg(long)]
    pub instant: bool,
    /// Window size in pixels, WxH (default 1280x720).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// The display's scale factor (device pixels per logical pixel): `--size 1080x2340 --scale
    /// 2.625` lays the screens out as a Pixel phone does, at 411x891 logical pixels.
    #[arg(long, value_parser = parse_scale)]
    pub scale: Option<f32>,
    /// The player's data folder (saved game, records); default: $PUSHBOX_DATA_DIR, else the
    /// platform's data directory.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Open a LURD solution from this file, verify it against the level and replay it.
    #[arg(long)]
    pub replay: Option<PathBuf>,
    /// Import level files (.bxb, .bxa, .xsb, .sok, .txt) as new collections of yours.
    #[arg(long)]
    pub import: Vec<PathBuf>,
    /// The screens' language when the settings choose none: en or zh-Hans (default: the
    /// system's).
    #[arg(long)]
    pub lang: Option<String>,
}

/// Opens the game window (see [`Command::Play`]).
#[cfg(feature = "game")]
pub fn play(opts: Play) -> ExitCode {
    use crate::game::{self, AppPlugin, CurrentLevel, script::Script};
    let Play {
        link: shared,
        level,
        input,
        screenshot,
        instant,
        size,
        scale,
        data_dir,
        replay,
        import,
        lang,
    } = opts;
    let lang = match lang.as_deref().map(game::vocab::i18n::Lang::from_code) {
        None => None,
        Some(Some(l)) => Some(l),
        Some(None) => return fail("--lang: the languages are en and zh-Hans".to_string()),
    };
    let mut imports = Vec::new();
    for p in import {
        match std::fs::read(&p) {
            Ok(bytes) => imports.push((p.display().to_string(), bytes)),
            Err(e) => return fail(format!("{}: cannot read: {e}", p.display())),
        }
    }
    let replay = match replay {
        None => None,
        Some(p) => match std::fs::read_to_string(&p) {
            Ok(t) => Some((p.display().to_string(), t)),
            Err(e) => return fail(format!("{}: cannot read: {e}", p.display())),
        },
    };
    let start = match level.as_deref() {
        None => None,
        Some(spec) => {
            let (file, n) = match spec.rsplit_once(':') {
                Some((f, n))
                    if !f.is_empty() && n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() =>
                {
                    (f, n.parse::<usize>().unwrap_or(0))
                }
                _ => (spec, 1),
            };
            let collection = match load(Path::new(file)) {
                Ok(c) => c,
                Err(code) => return code,
            };
            if n == 0 || n > collection.levels.len() {
                return fail(format!(
                    "{file}: there is no level {n} (the file has {})",
                    collection.levels.len()
                ));
            }
            let source = std::fs::canonicalize(file)
                .unwrap_or_else(|_| PathBuf::from(file))
                .display()
                .to_string();
            Some(CurrentLevel {
                collection,
                index: n - 1,
                source,
            })
        }
    };
    let script = if input.is_some() || screenshot.is_some() {
        match Script::parse(input.as_deref().unwrap_or(""), screenshot) {
            Ok(s) => Some(s),
            Err(e) => return fail(e),
        }
    } else {
        None
    };
    match game::run(AppPlugin {
        start,
        script,
        instant,
        size: size.unwrap_or((1280, 720)),
        scale,
        data_dir,
        replay,
        import: imports,
        link: None,
        link3d: None,
        lang,
        shared,
    }) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}
