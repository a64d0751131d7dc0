//! `pushbox link deal|check`: Link boards for scripts and tests, in the text form one line per
//! row (`a`-`z`, `A`-`Z`, `0`-`9` for faces, `.` for an empty cell).

use std::path::Path;
use std::process::ExitCode;

use super::*;
use crate::core::link::{Cell, Clearable, LinkBoard, clear_order, deal};

/// Positions the exact search of `check` visits before it says "unknown".
const SEARCH_LIMIT: usize = 200_000;

/// Parses a Link board size `WxH`: 2 to 40 tiles a side, an even number of tiles.
pub fn parse_board_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = notation::parse_size(s, 2..=40, ("board side", "tiles"), "18x8")?;
    if (w * h) % 2 != 0 {
        return Err(format!(
            "a {w}x{h} board has an odd number of tiles; tiles go in pairs"
        ));
    }
    Ok((w, h))
}

pub(super) fn run(action: LinkAction) -> ExitCode {
    match action {
        LinkAction::Deal(d) => print_deal(d.size, d.seed, d.gravity),
        LinkAction::Check { file, gravity } => check(&file, gravity),
        #[cfg(feature = "game")]
        LinkAction::Play(w) => play_window(w),
    }
}

fn order_line(order: &[(Cell, Cell)]) -> String {
    let pairs: Vec<String> = order.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    pairs.join(" ")
}

fn print_deal((w, h): (u32, u32), seed: u64, gravity: bool) -> ExitCode {
    match deal(w as i32, h as i32, gravity, seed) {
        Some((board, order)) => {
            say!("{}", board.text());
            say!("order: {}", order_line(&order));
            ExitCode::SUCCESS
        }
        None => fail(format!("no solvable {w}x{h} deal found from seed {seed}")),
    }
}

/// A board in the text form, or the failure said.
fn read_board(file: &Path) -> Result<LinkBoard, ExitCode> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| fail(format!("{}: cannot read: {e}", file.display())))?;
    LinkBoard::from_text(&text).map_err(|e| fail(format!("{}: {e}", file.display())))
}

fn check(file: &Path, gravity: bool) -> ExitCode {
    let board = match read_board(file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    for (a, b, line) in board.playable_pairs() {
        let corners: Vec<String> = line.points().iter().map(ToString::to_string).collect();
        say!("{a}-{b}: {}", corners.join(" "));
    }
    match clear_order(&board, gravity, SEARCH_LIMIT) {
        Clearable::Yes(order) => say!("clearable: yes {}", order_line(&order)),
        Clearable::No => say!("clearable: no"),
        Clearable::Unknown => say!("clearable: unknown (more than {SEARCH_LIMIT} positions)"),
    }
    ExitCode::SUCCESS
}

/// A seeded deal: `link deal`'s options, and the deal `link play` opens.
#[derive(clap::Args, Debug)]
pub struct DealArgs {
    /// Board size in tiles, WxH (an even number of cells).
    #[arg(long, value_parser = parse_board_size, default_value = "18x8")]
    pub size: (u32, u32),
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tiles fall down after each removal; the order names each pair's cells as they are when
    /// it is removed.
    #[arg(long)]
    pub gravity: bool,
}

/// `link play`'s options.
#[cfg(feature = "game")]
#[derive(clap::Args, Debug)]
pub struct LinkWindow {
    #[command(flatten)]
    deal: DealArgs,
    /// Script, as `play --input`.
    #[arg(long)]
    input: Option<String>,
    /// Save a screenshot here once the script has run, then exit.
    #[arg(long)]
    screenshot: Option<std::path::PathBuf>,
    /// Window size in pixels, WxH (default 1280x720).
    #[arg(long, value_parser = parse_size)]
    window: Option<(u32, u32)>,
    /// The player's data folder (best times, the saved Link game).
    #[arg(long)]
    data_dir: Option<std::path::PathBuf>,
    /// Play this board (the text form `deal` prints and `check` reads) instead of a deal.
    #[arg(long)]
    board: Option<std::path::PathBuf>,
    /// The screens' language when the settings choose none, as `play --lang`: en or zh-Hans.
    #[arg(long, value_parser = parse_lang)]
    lang: Option<crate::game::vocab::i18n::Lang>,
}

/// `en` or `zh-Hans`.
#[cfg(feature = "game")]
fn parse_lang(s: &str) -> Result<crate::game::vocab::i18n::Lang, String> {
    crate::game::vocab::i18n::Lang::from_code(s)
        .ok_or_else(|| format!("{s:?}: the languages are en and zh-Hans"))
}

/// The game window opened in the Link mode on the seeded deal.
#[cfg(feature = "game")]
fn play_window(opts: LinkWindow) -> ExitCode {
    use crate::game::{self, AppPlugin, LinkAtStart, script::Script};
    let DealArgs {
        size: (w, h),
        seed,
        gravity,
    } = opts.deal;
    let board = match &opts.board {
        Some(file) => match read_board(file) {
            Ok(b) if b.tiles() % 2 == 0 => b,
            Ok(_) => return fail(format!("{}: an odd number of tiles", file.display())),
            Err(code) => return code,
        },
        None => match deal(w as i32, h as i32, gravity, seed) {
            Some((b, _)) => b,
            None => return fail(format!("no solvable {w}x{h} deal found from seed {seed}")),
        },
    };
    let script = if opts.input.is_some() || opts.screenshot.is_some() {
        match Script::parse(opts.input.as_deref().unwrap_or(""), opts.screenshot) {
            Ok(s) => Some(s),
            Err(e) => return fail(e),
        }
    } else {
        None
    };
    let mut plugin = AppPlugin::mobile();
    plugin.size = opts.window.unwrap_or((1280, 720));
    plugin.script = script;
    plugin.data_dir = opts.data_dir;
    plugin.lang = opts.lang;
    plugin.link = Some(LinkAtStart {
        board,
        gravity,
        seed,
    });
    match game::run(plugin) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}
