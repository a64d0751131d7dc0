//! The command-line tools, one file per command: `play` (the game window), `convert`, `info`,
//! `verify`, `path`, `solve`, `optimize`, `generate`, `rate`, `daily` and `backup`. Cells and sizes are parsed by
//! `core::notation`. No window opens except for `play`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::core::board::count;
use crate::core::files;
use crate::core::formats::{self, Format, xsb};
use crate::core::level::{Collection, Level};
use crate::core::solver::{Limits, Mode, SolveError};
use crate::core::tiers::Tier;
use crate::core::{Pos, lurd, notation, path::PathFinder, save, solver, validate};

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
pub enum LinkAction {
    /// Print a solvable deal: H rows of W faces (a-z, A-Z, 0-9), a blank line, then a removal
    /// order that clears it (cells X,Y, 0-based, on the board without its empty ring). A 3D
    /// block (`--size WxHxD`) prints its D layers, z = 0 first, a blank line after each, and
    /// its order's cells as X,Y,Z.
    Deal(link::DealArgs),
    /// Read a board in the text form `deal` prints; print every playable pair with its line's
    /// corner points, then `clearable: yes` with an order, `clearable: no`, or
    /// `clearable: unknown` when the exact search is too large.
    Check {
        file: PathBuf,
        /// Tiles fall down after each removal.
        #[arg(long)]
        gravity: bool,
    },
    /// Open the game window in the Link mode on a seeded deal (Link 3D for `--size WxHxD` or a
    /// file of layers), optionally playing an input script (`tap X,Y` on tile cells, `pick
    /// X,Y,Z` on a block's, `key`, `button`, `screenshot`, as `play --input`).
    #[cfg(feature = "game")]
    Play(link::LinkWindow),
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
    /// Replay solutions (as `verify` reads them) and run the deadlock detectors (dead square,
    /// freeze, closed diagonal, bipartite) after every push: prints each flagged position, then "N positions
    /// checked, M flagged". Exit status 1 when any position is flagged (a solution never passes
    /// through a deadlock, so that is a detector's error) or an input cannot be read.
    Deadlocks {
        levels: PathBuf,
        /// A .sok/.xsb file with solutions, a TSV with a header line, or LURD lines (one per level).
        solutions: PathBuf,
    },
    /// Solve levels: a header line naming the columns, one tab-separated line per level (level,
    /// solved or unsolved, pushes, moves, positions searched, seconds, the LURD or -) and a closing
    /// "# N solved of M" line, so that the output is itself a solutions file `verify` reads. Every
    /// solution is replayed by the rules before it is printed. Why a level was not solved goes to
    /// stderr; so does a progress bar when stderr is a terminal.
    #[command(
        after_help = "Modes: --optimal (A*, the fewest pushes) or --fast (the default: best-first, \
        any solution, usually much sooner). Exit status: 0 when every level asked for was solved; \
        1 when the file or a level cannot be read or played; 3 when a level has no solution (every \
        position searched); 4 when the search stopped on a level at --time or --max-states (when \
        several levels fail, the lowest of these numbers); 2 for wrong arguments."
    )]
    Solve {
        levels: PathBuf,
        /// Only this level (1-based).
        #[arg(long, conflicts_with = "all")]
        level: Option<usize>,
        /// Every level of the file (the default without --level).
        #[arg(long)]
        all: bool,
        /// The fewest pushes (A* with the matching lower bound).
        #[arg(long, conflicts_with = "fast")]
        optimal: bool,
        /// Any solution, found as early as possible (the default).
        #[arg(long)]
        fast: bool,
        /// Seconds per level before giving up (no limit without it).
        #[arg(long, value_parser = parse_seconds)]
        time: Option<f64>,
        /// Give up on a level after storing this many positions.
        #[arg(long, default_value_t = 8_000_000)]
        max_states: usize,
    },
    /// Improve solutions: for each solution (as `verify` reads them), search nearby for one with
    /// fewer moves (never more pushes) or, with --pushes, fewer pushes (then moves). Prints
    /// `solve`'s columns for the best found, the counts before and after as moves/pushes, and a
    /// closing "# N improved of M" line; the output is itself a solutions file `verify` reads.
    /// Every solution printed has been replayed by the rules.
    #[command(
        after_help = "Exit status: 0 when every solution could be read and replayed (improved or \
        not); 1 when a file cannot be read or a solution does not solve its level; 2 for wrong \
        arguments."
    )]
    Optimize {
        levels: PathBuf,
        /// A .sok/.xsb file with solutions, a TSV with a header line, or LURD lines (one per level).
        solutions: PathBuf,
        /// Fewer moves first, pushes never more (the default).
        #[arg(long, conflicts_with = "pushes")]
        moves: bool,
        /// Fewer pushes first, then fewer moves.
        #[arg(long)]
        pushes: bool,
        /// Seconds per solution.
        #[arg(long, value_parser = parse_seconds, default_value = "10")]
        time: f64,
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
        /// Levels of a difficulty tier instead (beginner, easy, medium, hard or expert): the
        /// tier chooses room, boxes and pushes (--size, --boxes and --max-states are not used),
        /// each level rated, with its best-known solution; rooms tried and why they were turned
        /// away are counted on stderr.
        #[arg(long, value_parser = rate::parse_tier, conflicts_with_all = ["size", "boxes", "max_states"])]
        tier: Option<Tier>,
        /// With --tier: level files whose levels (turned or mirrored too) are not made again.
        #[arg(long, requires = "tier", num_args = 1..)]
        avoid: Vec<PathBuf>,
    },
    /// Rate levels' difficulty: a header line, one tab-separated line per level (rating from 0
    /// to about 10, one to five marks, then what it weighs: pushes, box lines, box changes,
    /// traps, positions the solver stored, pushes above the lower bound, and where the solution
    /// came from) and a closing line with the rank correlation between ratings and the file's
    /// order. Without SOLUTIONS a level's own solution is used, else the solver's.
    Rate {
        levels: PathBuf,
        /// As `verify` reads them: a TSV with a header line, a .sok/.xsb with solutions, or LURD lines.
        solutions: Option<PathBuf>,
    },
    /// Print the daily puzzle as XSB: the same level for the same date and tier everywhere.
    Daily {
        /// The day, YYYY-MM-DD (today in UTC when left out).
        #[arg(long, value_parser = rate::parse_date)]
        date: Option<(i32, u32, u32)>,
        /// beginner, easy, medium, hard or expert.
        #[arg(long, value_parser = rate::parse_tier, default_value = "medium")]
        tier: Tier,
    },
    /// Link (連連看), the two-point tile-matching game: deal a board, or check one.
    Link {
        #[command(subcommand)]
        action: LinkAction,
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
        /// Move the box on this cell (X,Y) to the target instead: walks lower case, pushes
        /// upper case, the fewest pushes and then the fewest moves, the other boxes staying.
        #[arg(long = "box", value_parser = notation::parse_cell, allow_hyphen_values = true)]
        box_at: Option<(u32, u32)>,
    },
}

/// Parses a window size `WxH` in pixels.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    notation::parse_size(s, 64..=16384, ("window side", "pixels"), "1080x2340")
}

/// Parses a display's scale factor (device pixels per logical pixel) for `play --scale`.
pub fn parse_scale(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(f) if (0.5..=8.0).contains(&f) => Ok(f),
        _ => Err(format!(
            "{s:?} is not a scale factor from 0.5 to 8 (a phone's density, for example 2.625)"
        )),
    }
}

/// Parses a room size `WxH` for `generate` (3 to 30 cells a side).
pub fn parse_room(s: &str) -> Result<(u32, u32), String> {
    notation::parse_size(s, 3..=30, ("room side", "cells"), "8x7")
}

/// Parses a time budget in seconds (a positive number, at most a day).
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 86_400.0 => Ok(t),
        _ => Err(format!(
            "{s:?} is not a number of seconds from more than 0 to 86400 (for example 10 or 0.5)"
        )),
    }
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

mod backup;
mod convert;
mod deadlocks;
mod generate;
mod info;
mod link;
mod optimize;
mod path;
mod play;
mod rate;
mod solve;
mod verify;

use backup::backup;
use convert::convert;
use generate::generate;
pub use generate::most_boxes;
use info::info;
use path::path;
pub use play::Play;
#[cfg(feature = "game")]
pub use play::play;
use solve::solve;
use verify::verify;

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
        Command::Info { files } => info(&files),
        Command::Verify { levels, solutions } => verify(&levels, &solutions),
        Command::Deadlocks { levels, solutions } => deadlocks::deadlocks(&levels, &solutions),
        Command::Path {
            levels,
            level,
            to,
            box_at,
        } => path(&levels, level, box_at, to),
        Command::Link { action } => link::run(action),
        Command::Solve {
            levels,
            level,
            all: _,
            optimal,
            fast: _,
            time,
            max_states,
        } => {
            let mode = if optimal { Mode::Optimal } else { Mode::Fast };
            let limits = Limits {
                time: time.map(std::time::Duration::from_secs_f64),
                max_states,
                ..Limits::default()
            };
            solve(&levels, level, mode, &limits)
        }
        Command::Optimize {
            levels,
            solutions,
            moves: _,
            pushes,
            time,
        } => {
            let metric = if pushes {
                solver::Metric::Pushes
            } else {
                solver::Metric::Moves
            };
            optimize::optimize(&levels, &solutions, metric, &Limits::seconds(time))
        }
        Command::Generate {
            count,
            seed,
            to,
            tier: Some(tier),
            avoid,
            ..
        } => generate::tiered(count, tier, seed, &avoid, to.as_deref()),
        Command::Generate {
            count,
            size,
            boxes,
            seed,
            max_states,
            to,
            tier: None,
            avoid: _,
        } => generate(count, size, boxes, seed, max_states, to.as_deref()),
        Command::Rate { levels, solutions } => rate::rate(&levels, solutions.as_deref()),
        Command::Daily { date, tier } => rate::daily(date, tier),
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

/// Levels done of levels asked for, on stderr, only when a person watches it.
fn progress_bar(levels: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || levels < 2 {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(levels as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} levels, {elapsed}")
            .expect("a valid template"),
    );
    bar
}
