//! The command-line tools: `convert`, `info`, `verify` and `path`. No window opens for these.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::core::board::count;
use crate::core::files;
use crate::core::formats::{self, Format, xsb};
use crate::core::level::{Collection, Level};
use crate::core::solver::SolveError;
use crate::core::{Pos, generate, lurd, notation, path::PathFinder, save, solver, validate};

#[derive(Parser, Debug)]
#[command(
    name = "pushbox",
    version,
    about = "PushBox, a Sokoban game, and its level tools"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum BackupAction {
    /// Write every record and recording to FILE (RON).
    Export { file: PathBuf },
    /// Merge FILE into this player's records, keeping the better solution of each pair.
    Import { file: PathBuf },
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the game window (the default with no command), optionally on a level and with an
    /// input script played through the real input path, saving screenshots, then exiting.
    #[cfg(feature = "game")]
    Play(Play),
    /// Convert level files between .bxb, .bxa and .xsb/.sok/.txt (formats chosen by extension).
    Convert {
        /// Input files, or folders whose level files are all converted.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// Output file, or a folder for a batch (then --format names the output type).
        #[arg(long)]
        to: PathBuf,
        /// Output type for a batch into a folder: bxb, bxa, xsb, sok or txt.
        #[arg(long)]
        format: Option<String>,
        /// Write the player's best solutions (from the data folder) into the output's levels.
        #[arg(long)]
        records: bool,
        /// The player's data folder, for --records (default as for `play`).
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// Write a collection even when the input holds no level (else that is an error).
        #[arg(long)]
        allow_empty: bool,
    },
    /// Copy all progress and recordings to one file, or merge such a file into this player's.
    Backup {
        #[command(subcommand)]
        action: BackupAction,
        /// The player's data folder (default as for `play`).
        #[arg(long, global = true)]
        data_dir: Option<PathBuf>,
    },
    /// Test helper: rewrite the save files in a loop (the crash-safety test kills it).
    #[command(hide = true)]
    SaveWriter {
        #[arg(long)]
        data_dir: PathBuf,
    },
    /// Print what level files hold: name, levels, sizes, boxes, solved flags, problems.
    Info {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Replay solutions against levels; one line per solution and a closing count.
    Verify {
        levels: PathBuf,
        /// A .sok/.xsb file with solutions, a TSV with a header line, or LURD lines (one per level).
        solutions: PathBuf,
    },
    /// Solve levels with the fewest pushes (small levels: a few boxes) and print each solution.
    #[command(
        after_help = "Exit status: 0 when every level asked for was solved; 1 when the \
        file or a level cannot be read or played; 3 when a level has no solution (every position \
        searched); 4 when the search gave up on a level at --max-states (when several levels \
        fail, the lowest of these numbers); 2 for wrong arguments."
    )]
    Solve {
        levels: PathBuf,
        /// Only this level (1-based).
        #[arg(long)]
        level: Option<usize>,
        /// Give up on a level after this many positions.
        #[arg(long, default_value_t = 3_000_000)]
        max_states: usize,
    },
    /// Make new levels (a designer's tool): each is pulled back from solved as far as it goes, so
    /// it can always be solved; written as .sok text with its push-optimal solution.
    Generate {
        /// How many levels.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        count: u32,
        /// Room size inside the outer wall, WxH.
        #[arg(long, value_parser = parse_room, default_value = "8x7")]
        size: (u32, u32),
        #[arg(long, default_value_t = 3)]
        boxes: usize,
        /// First seed; level i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Limit of each level's searches, in positions.
        #[arg(long, default_value_t = 1_000_000)]
        max_states: usize,
        /// Output file (.sok, .xsb, .bxa or .bxb); standard output when left out.
        #[arg(long)]
        to: Option<PathBuf>,
    },
    /// Print the worker's shortest walk (LURD) to a cell.
    Path {
        levels: PathBuf,
        /// 1-based level number.
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// Target cell as X,Y: 0-based column and row exactly as written in the file.
        #[arg(long, value_parser = notation::parse_cell, allow_hyphen_values = true)]
        to: (u32, u32),
    },
}

/// Parses a window size `WxH` in pixels.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    notation::parse_size(s, 64..=16384, ("window side", "pixels"), "1080x2340")
}

/// Parses a room size `WxH` for `generate` (3 to 30 cells a side).
pub fn parse_room(s: &str) -> Result<(u32, u32), String> {
    notation::parse_size(s, 3..=30, ("room side", "cells"), "8x7")
}

/// Prints a line to standard output; a closed pipe (`pushbox info … | head`) ends the program
/// quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
        }
    }};
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("pushbox: {msg}");
    ExitCode::FAILURE
}

/// Runs a tool command.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        #[cfg(feature = "game")]
        Command::Play(opts) => play(opts),
        Command::Convert {
            inputs,
            to,
            format,
            records,
            data_dir,
            allow_empty,
        } => {
            let progress = if records {
                match store(data_dir.as_deref()) {
                    Ok(st) => Some(read_progress(&st)),
                    Err(c) => return c,
                }
            } else {
                None
            };
            convert(
                &inputs,
                &to,
                format.as_deref(),
                progress.as_ref(),
                allow_empty,
            )
        }
        Command::Backup { action, data_dir } => backup(action, data_dir.as_deref()),
        Command::SaveWriter { data_dir } => save_writer(&data_dir),
        Command::Info { files } => info(&files),
        Command::Verify { levels, solutions } => verify(&levels, &solutions),
        Command::Path { levels, level, to } => path(&levels, level, to),
        Command::Solve {
            levels,
            level,
            max_states,
        } => solve(&levels, level, max_states),
        Command::Generate {
            count,
            size,
            boxes,
            seed,
            max_states,
            to,
        } => generate(count, size, boxes, seed, max_states, to.as_deref()),
    }
}

/// What `play` is asked for: the `play` command's options (none for a plain start).
#[derive(clap::Args, Debug, Default)]
pub struct Play {
    /// FILE or FILE:N (1-based level) in any level format.
    #[arg(long)]
    pub level: Option<String>,
    /// Script: `tap X,Y; key Z; lurd rrU; wait; frames 10; screenshot a.png` (see README).
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
}

/// Opens the game window (see [`Command::Play`]).
#[cfg(feature = "game")]
pub fn play(opts: Play) -> ExitCode {
    use crate::game::{self, AppPlugin, CurrentLevel, script::Script};
    let Play {
        level,
        input,
        screenshot,
        instant,
        size,
        data_dir,
        replay,
        import,
    } = opts;
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
        data_dir,
        replay,
        import: imports,
    }) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// The player's save files, or a message when no data folder is known.
fn store(data_dir: Option<&Path>) -> Result<save::Store, ExitCode> {
    match save::data_dir(data_dir) {
        Some(d) => Ok(save::Store::new(d)),
        None => Err(fail(format!(
            "no data folder is known here; pass --data-dir or set {}",
            save::DATA_DIR_ENV
        ))),
    }
}

fn read_progress(store: &save::Store) -> save::Progress {
    let loaded = store.read::<save::Progress>(save::Store::PROGRESS);
    for n in loaded.notices {
        eprintln!("warning: {n}");
    }
    loaded.value
}

fn backup(action: BackupAction, data_dir: Option<&Path>) -> ExitCode {
    let store = match store(data_dir) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let mut mine = read_progress(&store);
    match action {
        BackupAction::Export { file } => {
            let to = save::Store::new(file.parent().unwrap_or(Path::new(".")));
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            match to.write(&name, &mine) {
                Ok(()) => {
                    say!(
                        "{}: {} level records written",
                        file.display(),
                        mine.levels.len()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => fail(format!("{}: cannot write: {e}", file.display())),
            }
        }
        BackupAction::Import { file } => {
            let theirs = match save::read_backup(&file) {
                Ok(p) => p,
                Err(e) => return fail(format!("{}: {e}", file.display())),
            };
            let improved = mine.merge(&theirs);
            match store.write(save::Store::PROGRESS, &mine) {
                Ok(()) => {
                    say!(
                        "{}: merged {} level records; {improved} records improved",
                        file.display(),
                        theirs.levels.len()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => fail(format!("{}: cannot write: {e}", store.dir().display())),
            }
        }
    }
}

/// Rewrites both save files forever, each write a consistent state numbered `k`: the session's
/// level index is `k` and every one of 2,000 records has `k` moves.
fn save_writer(dir: &Path) -> ExitCode {
    let store = save::Store::new(dir);
    let mut k = store
        .read::<save::Session>(save::Store::SESSION)
        .value
        .current
        .map_or(0, |c| c.index);
    loop {
        k += 1;
        let session = save::Session {
            current: Some(save::SavedGame {
                collection: save::BUILTIN.into(),
                index: k,
                board: String::new(),
                steps: "r".repeat(k % 500),
                applied: k % 500,
            }),
            ..Default::default()
        };
        let mut progress = save::Progress::default();
        for i in 0..2000u32 {
            progress.levels.insert(
                format!("{i:016x}"),
                save::Records {
                    best_moves: Some(crate::core::level::Recording {
                        moves: k as u32,
                        pushes: i,
                        lurd: Some("lurdLURD".repeat(16)),
                    }),
                    best_pushes: None,
                },
            );
        }
        if let Err(e) = store
            .write(save::Store::SESSION, &session)
            .and_then(|()| store.write(save::Store::PROGRESS, &progress))
        {
            return fail(format!("{}: {e}", dir.display()));
        }
    }
}

fn load(path: &Path) -> Result<Collection, ExitCode> {
    let c = load_any(path)?;
    if c.levels.is_empty() {
        return Err(fail(no_level(path)));
    }
    Ok(c)
}

/// Loads a level file that may hold no level at all (`convert --allow-empty`).
fn load_any(path: &Path) -> Result<Collection, ExitCode> {
    match files::load(path) {
        Ok(l) => {
            for w in l.warnings {
                eprintln!("warning: {w}");
            }
            Ok(l.collection)
        }
        Err(e) => Err(fail(e)),
    }
}

fn no_level(path: &Path) -> String {
    format!(
        "{}: no level found (a level is rows of # walls, @ the worker, $ boxes and . goals)",
        path.display()
    )
}

fn level_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, ExitCode> {
    let mut out = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| fail(format!("{}: {e}", p.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file() && Format::from_path(f).is_some())
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn convert(
    inputs: &[PathBuf],
    to: &Path,
    format: Option<&str>,
    records: Option<&save::Progress>,
    allow_empty: bool,
) -> ExitCode {
    let files_in = match level_files(inputs) {
        Ok(f) => f,
        Err(c) => return c,
    };
    let batch =
        to.is_dir() || format.is_some() || files_in.len() > 1 || inputs.iter().any(|p| p.is_dir());
    let targets: Vec<(PathBuf, PathBuf)> = if batch {
        let Some(ext) = format.map(|f| f.trim_start_matches('.').to_ascii_lowercase()) else {
            return fail(
                "converting several files needs a folder as --to and --format bxb|bxa|xsb|sok|txt",
            );
        };
        if Format::from_path(Path::new(&format!("x.{ext}"))).is_none() {
            return fail(format!(
                "unknown output format {ext:?} (use bxb, bxa, xsb, sok or txt)"
            ));
        }
        if let Err(e) = std::fs::create_dir_all(to) {
            return fail(format!("{}: {e}", to.display()));
        }
        files_in
            .iter()
            .map(|f| {
                (
                    f.clone(),
                    to.join(Path::new(f.file_stem().unwrap_or_default()).with_extension(&ext)),
                )
            })
            .collect()
    } else {
        vec![(files_in[0].clone(), to.to_path_buf())]
    };
    let mut failed = 0;
    for (src, dst) in &targets {
        if src
            .canonicalize()
            .ok()
            .is_some_and(|s| dst.canonicalize().ok() == Some(s))
        {
            eprintln!(
                "pushbox: {}: refusing to overwrite the input",
                dst.display()
            );
            failed += 1;
            continue;
        }
        let loaded = if allow_empty {
            load_any(src)
        } else {
            load(src)
        };
        let Ok(mut c) = loaded else {
            failed += 1;
            continue;
        };
        if matches!(Format::from_path(dst), Some(Format::Bxb | Format::Bxa)) {
            for (i, l) in c.levels.iter_mut().enumerate() {
                for p in l.adopt_best_solution(i) {
                    eprintln!("warning: {}: {p}", src.display());
                }
            }
        }
        if let Some(progress) = records {
            let mut checked = progress.clone();
            for (i, l) in c.levels.iter().enumerate() {
                if let Some(r) = checked.levels.get_mut(&save::fingerprint_key(l)) {
                    for p in r.verify(l, &l.label(i)) {
                        eprintln!("warning: {}: {p}", src.display());
                    }
                }
            }
            let n = checked.apply_to(&mut c.levels);
            say!(
                "{}: {} the player's records",
                src.display(),
                count(n, "level takes", "levels take")
            );
        }
        match files::save(dst, &c) {
            Ok(warnings) => {
                for w in warnings {
                    eprintln!("warning: {w}");
                }
                say!(
                    "{} -> {} ({})",
                    src.display(),
                    dst.display(),
                    count(c.levels.len(), "level", "levels")
                );
            }
            Err(e) => {
                eprintln!("pushbox: {e}");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn info(paths: &[PathBuf]) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for p in paths {
        let Ok(c) = load(p) else {
            status = ExitCode::FAILURE;
            continue;
        };
        let solved = c.levels.iter().filter(|l| l.recording.is_some()).count();
        say!(
            "{}: \"{}\", {}, {} solved",
            p.display(),
            c.name,
            count(c.levels.len(), "level", "levels"),
            solved
        );
        if !c.author.is_empty() {
            say!("  author: {}", c.author);
        }
        for (i, l) in c.levels.iter().enumerate() {
            say!("  {}", level_line(i, l));
        }
    }
    status
}

fn level_line(i: usize, l: &Level) -> String {
    let boxes = l
        .cells
        .iter()
        .filter(|&&b| crate::core::cell::is_box(b))
        .count();
    let mut s = format!(
        "{:>4} {:<24} {}×{}, {}",
        i + 1,
        quoted(&l.title),
        l.width,
        l.height,
        count(boxes, "box", "boxes")
    );
    match &l.recording {
        Some(r) => s += &format!(", solved ({} moves, {} pushes)", r.moves, r.pushes),
        None => s += ", unsolved",
    }
    if !l.solutions.is_empty() {
        s += &format!(
            ", {} in the file",
            count(l.solutions.len(), "solution", "solutions")
        );
    }
    let problem = match l.board() {
        Err(e) => Some(e.to_string()),
        Ok(b) => validate::validate(&b).err().map(|e| e.to_string()),
    };
    if let Some(p) = problem {
        s += &format!(" — not playable: {p}");
    }
    s
}

fn quoted(t: &str) -> String {
    if t.is_empty() {
        "-".into()
    } else {
        format!("\"{t}\"")
    }
}

/// One solution to check: the level (0-based), the moves, and counts to compare if given.
struct Claim {
    level: usize,
    lurd: String,
    moves: Option<u32>,
    pushes: Option<u32>,
    origin: String,
}

fn read_claims(path: &Path, levels: &Collection) -> Result<Vec<Claim>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let text = formats::text(&path.display().to_string(), &bytes).map_err(|e| e.to_string())?;
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let name = path.display();
    if first.contains('\t') {
        let header: Vec<String> = first
            .trim_start_matches('#')
            .split('\t')
            .map(|h| h.trim().to_ascii_lowercase())
            .collect();
        let col = |n: &str| {
            header
                .iter()
                .position(|h| h == n || h.starts_with(&format!("{n}(")))
        };
        let level_col = col("level").ok_or(format!(
            "{name}: line 1: the header has no \"level\" column"
        ))?;
        let (moves_col, pushes_col) = (col("moves"), col("pushes"));
        let mut out = Vec::new();
        for (i, line) in text
            .lines()
            .enumerate()
            .skip_while(|(_, l)| l.trim().is_empty())
            .skip(1)
        {
            if line.trim().is_empty() {
                continue;
            }
            let n = i + 1;
            let cells: Vec<&str> = line.split('\t').collect();
            let num = |c: Option<usize>, what: &str| -> Result<Option<u32>, String> {
                match c.and_then(|c| cells.get(c)) {
                    None => Ok(None),
                    Some(v) => v
                        .trim()
                        .parse()
                        .map(Some)
                        .map_err(|_| format!("{name}: line {n}: {what} {v:?} is not a number")),
                }
            };
            let level =
                num(Some(level_col), "level")?.ok_or(format!("{name}: line {n}: no level"))?;
            if level == 0 {
                return Err(format!("{name}: line {n}: levels are numbered from 1"));
            }
            out.push(Claim {
                level: level as usize - 1,
                lurd: cells.last().unwrap_or(&"").trim().to_string(),
                moves: num(moves_col, "moves")?,
                pushes: num(pushes_col, "pushes")?,
                origin: format!("line {n}"),
            });
        }
        return Ok(out);
    }
    if let Ok(c) = xsb::read(&name.to_string(), &text)
        && !c.levels.is_empty()
    {
        let mut out = Vec::new();
        for (i, l) in c.levels.iter().enumerate() {
            // Match by board; fall back to position.
            let fp = l.fingerprint();
            let target = levels
                .levels
                .iter()
                .position(|t| t.fingerprint() == fp)
                .unwrap_or(i);
            for (k, s) in l.solutions.iter().enumerate() {
                out.push(Claim {
                    level: target,
                    lurd: s.clone(),
                    moves: None,
                    pushes: None,
                    origin: format!("level {} solution {}", i + 1, k + 1),
                });
            }
        }
        return Ok(out);
    }
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with([';', '#']))
        .enumerate()
        .map(|(k, (i, l))| Claim {
            level: k,
            lurd: l.trim().to_string(),
            moves: None,
            pushes: None,
            origin: format!("line {}", i + 1),
        })
        .collect())
}

fn verify(levels_path: &Path, solutions: &Path) -> ExitCode {
    let levels = match load(levels_path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let claims = match read_claims(solutions, &levels) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let (mut passed, mut failed) = (0, 0);
    for c in claims {
        let Some(level) = levels.levels.get(c.level) else {
            say!(
                "level {} ({}): FAILED: the collection has only {} levels",
                c.level + 1,
                c.origin,
                levels.levels.len()
            );
            failed += 1;
            continue;
        };
        let label = level.label(c.level);
        let result = level
            .board()
            .map_err(|e| e.to_string())
            .and_then(|b| lurd::check_solution(&b, &c.lurd).map_err(|e| e.to_string()))
            .and_then(|g| {
                let (m, p) = (g.board().moves(), g.board().pushes());
                match (c.moves, c.pushes) {
                    (Some(cm), _) if cm != m => Err(format!("{m} moves, but {cm} are stated")),
                    (_, Some(cp)) if cp != p => Err(format!("{p} pushes, but {cp} are stated")),
                    _ => Ok((m, p)),
                }
            });
        match result {
            Ok((m, p)) => {
                passed += 1;
                say!("{label} ({}): ok, {m} moves, {p} pushes", c.origin);
            }
            Err(e) => {
                failed += 1;
                say!("{label} ({}): FAILED: {e}", c.origin);
            }
        }
    }
    say!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn path(levels_path: &Path, level: usize, (x, y): (u32, u32)) -> ExitCode {
    let c = match load(levels_path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let Some(l) = level.checked_sub(1).and_then(|i| c.levels.get(i)) else {
        return fail(format!(
            "{}: there is no level {level} (the file has {})",
            levels_path.display(),
            c.levels.len()
        ));
    };
    let mut board = match l.board() {
        Ok(b) => b,
        Err(e) => {
            return fail(format!(
                "{}: {}: {e}",
                levels_path.display(),
                l.label(level - 1)
            ));
        }
    };
    let (width, height) = (l.width + l.source_indent, l.height);
    if x >= width || y >= height {
        return fail(format!(
            "cell {x},{y} is outside the {width}×{height} board of {} (cells run from 0,0 to {},{})",
            l.label(level - 1),
            width - 1,
            height - 1
        ));
    }
    let target = x.checked_sub(l.source_indent).map(|x| Pos::new(x, y));
    match target.and_then(|p| {
        PathFinder::new()
            .find_path(&mut board, p)
            .map(|w| w.to_vec())
    }) {
        Some(walk) => {
            say!("{}", walk.iter().map(|d| d.lurd(false)).collect::<String>());
            ExitCode::SUCCESS
        }
        None => fail(format!(
            "cell {x},{y} cannot be reached from the worker in {}",
            l.label(level - 1)
        )),
    }
}

/// `solve`'s exit status for a level it could not solve (see its `--help`).
fn solve_status(e: &SolveError) -> u8 {
    match e {
        SolveError::Unsolvable { .. } | SolveError::Stranded { .. } => 3,
        SolveError::GaveUp { .. } => 4,
        SolveError::Unbalanced { .. } => 1,
    }
}

fn solve(levels_path: &Path, only: Option<usize>, max_states: usize) -> ExitCode {
    let c = match load(levels_path) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if let Some(n) = only.filter(|&n| n == 0 || n > c.levels.len()) {
        return fail(format!(
            "{}: there is no level {n} (the file has {})",
            levels_path.display(),
            c.levels.len()
        ));
    }
    // 0 when all were solved, else the lowest failure status.
    let mut status = 0u8;
    let mut worst = |code: u8| status = if status == 0 { code } else { status.min(code) };
    for (i, l) in c.levels.iter().enumerate() {
        if only.is_some_and(|n| n != i + 1) {
            continue;
        }
        let board = match l.playable() {
            Ok(b) => b,
            Err(e) => {
                worst(1);
                say!("{}\tnot playable: {e}", l.label(i));
                continue;
            }
        };
        match solver::solve(&board, max_states) {
            Ok(s) => say!(
                "{}\t{} moves\t{} pushes\t{} positions\t{}",
                l.label(i),
                s.moves,
                s.pushes,
                s.states,
                s.lurd
            ),
            Err(e) => {
                worst(solve_status(&e));
                say!("{}\tnot solved: {e}", l.label(i));
            }
        }
    }
    ExitCode::from(status)
}

/// The most boxes the generator can place in a room of `width`×`height` cells: one per six cells
/// (each box needs its goal, a cell to be pulled to and room to walk around it). Measured: with
/// one box more, 4 seeds of 50 rooms each made no level on every size from 3x3 to 6x6.
pub fn most_boxes(width: u32, height: u32) -> usize {
    ((width * height) / 6).clamp(1, 12) as usize
}

fn generate(
    wanted: u32,
    (width, height): (u32, u32),
    boxes: usize,
    seed: u64,
    max_states: usize,
    to: Option<&Path>,
) -> ExitCode {
    let most = most_boxes(width, height);
    if boxes == 0 || boxes > most {
        return fail(format!(
            "--boxes {boxes}: a {width}x{height} room holds 1 to {most} boxes"
        ));
    }
    let mut out = Collection {
        name: "Generated".into(),
        author: "pushbox generate".into(),
        ..Collection::default()
    };
    for i in 0..wanted as u64 {
        let spec = generate::Spec {
            width,
            height,
            boxes,
            seed: seed + i,
            max_states,
        };
        match generate::generate(spec, 50) {
            Some(g) => {
                let mut level = g.level;
                let rec = level
                    .recording
                    .clone()
                    .expect("generated levels are solved");
                level.title = format!("Seed {}", seed + i);
                level.notes = vec![format!(
                    "{} pushes, {} moves, {} positions searched",
                    rec.pushes, rec.moves, g.states
                )];
                out.levels.push(level);
            }
            None => eprintln!("seed {}: no level in 50 rooms", seed + i),
        }
    }
    let made = out.levels.len();
    if made == 0 {
        return fail(format!(
            "no level made from {}: try a larger --size or fewer --boxes; nothing was written",
            count(wanted as usize, "seed", "seeds")
        ));
    }
    let made_of = if made < wanted as usize {
        format!("{made} of {wanted} levels")
    } else {
        count(made, "level", "levels")
    };
    match to {
        None => {
            say!("{}", xsb::write(&out));
            eprintln!("made {made_of}");
            ExitCode::SUCCESS
        }
        Some(path) => match files::save(path, &out) {
            Ok(warnings) => {
                for w in warnings {
                    eprintln!("warning: {w}");
                }
                eprintln!("wrote {made_of} to {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        },
    }
}
