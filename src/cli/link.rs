//! `pushbox link deal|check`: Link boards for scripts and tests, in the text form one line per
//! row (`a`-`z`, `A`-`Z`, `0`-`9` for faces, `.` for an empty cell); a 3D block is its layers
//! (z = 0 first) separated by blank lines.

use std::fmt::Display;
use std::path::Path;
use std::process::ExitCode;

use super::*;
use crate::core::link::{Clearable, LinkBoard, clear_order, deal};
use crate::core::link3d::{self, Block};

/// Positions the exact search of `check` visits before it says "unknown".
const SEARCH_LIMIT: usize = 200_000;

/// A Link board's size: a 2D board or a 3D block, in tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkSize {
    Flat(u32, u32),
    Block(u32, u32, u32),
}

/// Parses a Link size: `WxH`, 2 to 40 tiles a side, or `WxHxD`, 1 to 12 a side; an even
/// number of tiles.
pub fn parse_board_size(s: &str) -> Result<LinkSize, String> {
    let size = match s.matches(['x', 'X']).count() {
        2 => {
            let (wh, d) = s.rsplit_once(['x', 'X']).unwrap_or_default();
            let (w, h) = notation::parse_size(wh, 1..=12, ("block side", "tiles"), "4x4x4")?;
            let (d, _) =
                notation::parse_size(&format!("{d}x1"), 1..=12, ("block side", "tiles"), "4x4x4")?;
            LinkSize::Block(w, h, d)
        }
        _ => {
            let (w, h) = notation::parse_size(s, 2..=40, ("board side", "tiles"), "18x8")?;
            LinkSize::Flat(w, h)
        }
    };
    let (text, tiles) = match size {
        LinkSize::Flat(w, h) => (format!("{w}x{h} board"), w * h),
        LinkSize::Block(w, h, d) => (format!("{w}x{h}x{d} block"), w * h * d),
    };
    if tiles % 2 != 0 {
        return Err(format!(
            "a {text} has an odd number of tiles; tiles go in pairs"
        ));
    }
    Ok(size)
}

pub(super) fn run(action: LinkAction) -> ExitCode {
    match action {
        LinkAction::Deal(d) => print_deal(d.size, d.seed, d.gravity),
        LinkAction::Check { file, gravity } => check(&file, gravity),
        #[cfg(feature = "game")]
        LinkAction::Play(w) => play_window(w),
    }
}

fn order_line<C: Display>(order: &[(C, C)]) -> String {
    let pairs: Vec<String> = order.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    pairs.join(" ")
}

fn print_deal(size: LinkSize, seed: u64, gravity: bool) -> ExitCode {
    let dealt = match size {
        LinkSize::Flat(w, h) => deal(w as i32, h as i32, gravity, seed)
            .map(|(board, order)| (board.text(), order_line(&order))),
        LinkSize::Block(..) if gravity => return fail(GRAVITY_IS_2D),
        LinkSize::Block(w, h, d) => link3d::deal(w as i32, h as i32, d as i32, seed)
            .map(|(block, order)| (block.text(), order_line(&order))),
    };
    match dealt {
        Some((text, order)) => {
            say!("{text}");
            say!("order: {order}");
            ExitCode::SUCCESS
        }
        None => fail(format!("no solvable {size} deal found from seed {seed}")),
    }
}

const GRAVITY_IS_2D: &str = "--gravity is for 2D boards: a 3D block's tiles do not fall";

impl Display for LinkSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkSize::Flat(w, h) => write!(f, "{w}x{h}"),
            LinkSize::Block(w, h, d) => write!(f, "{w}x{h}x{d}"),
        }
    }
}

/// A board or block read from a file in the text form.
enum ReadBoard {
    Flat(LinkBoard),
    Block(Block),
}

/// A board in the text form (a block when it has more than one layer), or the failure said.
fn read_board(file: &Path) -> Result<ReadBoard, ExitCode> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| fail(format!("{}: cannot read: {e}", file.display())))?;
    let named = |e: crate::core::link::LinkError| fail(format!("{}: {e}", file.display()));
    if link3d::layers_of(&text).len() > 1 {
        Block::from_text(&text).map(ReadBoard::Block).map_err(named)
    } else {
        LinkBoard::from_text(&text)
            .map(ReadBoard::Flat)
            .map_err(named)
    }
}

fn check(file: &Path, gravity: bool) -> ExitCode {
    match read_board(file) {
        Ok(ReadBoard::Flat(board)) => {
            for (a, b, line) in board.playable_pairs() {
                say!("{a}-{b}: {}", points_line(line.points()));
            }
            say_clearable(clear_order(&board, gravity, SEARCH_LIMIT));
        }
        Ok(ReadBoard::Block(_)) if gravity => return fail(GRAVITY_IS_2D),
        Ok(ReadBoard::Block(block)) => {
            for (a, b, line) in block.playable_pairs() {
                say!("{a}-{b}: {}", points_line(line.points()));
            }
            say_clearable(link3d::clearable(&block, SEARCH_LIMIT));
        }
        Err(code) => return code,
    }
    ExitCode::SUCCESS
}

fn say_clearable<C: Display>(verdict: Clearable<C>) {
    match verdict {
        Clearable::Yes(order) => say!("clearable: yes {}", order_line(&order)),
        Clearable::No => say!("clearable: no"),
        Clearable::Unknown => say!("clearable: unknown (more than {SEARCH_LIMIT} positions)"),
    }
}

fn points_line<C: Display>(points: &[C]) -> String {
    let texts: Vec<String> = points.iter().map(ToString::to_string).collect();
    texts.join(" ")
}

/// A seeded deal: `link deal`'s options, and the deal `link play` opens.
#[derive(clap::Args, Debug)]
pub struct DealArgs {
    /// Board size in tiles: WxH for a board, WxHxD for a 3D block (an even number of cells).
    #[arg(long, value_parser = parse_board_size, default_value = "18x8")]
    pub size: LinkSize,
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

/// The game window opened in the Link mode (Link 3D for a block) on the seeded deal or the
/// board of a file.
#[cfg(feature = "game")]
fn play_window(opts: LinkWindow) -> ExitCode {
    use crate::game::{self, AppPlugin, script::Script};
    let start = match start_board(&opts) {
        Ok(s) => s,
        Err(code) => return code,
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
    match start {
        ReadBoard::Flat(board) => {
            plugin.link = Some(game::LinkAtStart {
                board,
                gravity: opts.deal.gravity,
                seed: opts.deal.seed,
            })
        }
        #[cfg(feature = "link3d")]
        ReadBoard::Block(block) => {
            plugin.link3d = Some(game::Link3dAtStart {
                block,
                seed: opts.deal.seed,
            })
        }
        #[cfg(not(feature = "link3d"))]
        ReadBoard::Block(_) => {
            return fail("this build has no Link 3D (the link3d feature is off)");
        }
    }
    match game::run(plugin) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// The board `link play` opens: the file's (an even number of tiles), else the seeded deal.
#[cfg(feature = "game")]
fn start_board(opts: &LinkWindow) -> Result<ReadBoard, ExitCode> {
    let DealArgs {
        size,
        seed,
        gravity,
    } = opts.deal;
    let board = match &opts.board {
        Some(file) => {
            let board = read_board(file)?;
            let tiles = match &board {
                ReadBoard::Flat(b) => b.tiles(),
                ReadBoard::Block(b) => b.tiles(),
            };
            if tiles % 2 != 0 {
                return Err(fail(format!("{}: an odd number of tiles", file.display())));
            }
            board
        }
        None => {
            let dealt = match size {
                LinkSize::Flat(w, h) => {
                    deal(w as i32, h as i32, gravity, seed).map(|d| ReadBoard::Flat(d.0))
                }
                LinkSize::Block(w, h, d) => {
                    link3d::deal(w as i32, h as i32, d as i32, seed).map(|d| ReadBoard::Block(d.0))
                }
            };
            dealt.ok_or_else(|| fail(format!("no solvable {size} deal found from seed {seed}")))?
        }
    };
    if gravity && matches!(board, ReadBoard::Block(_)) {
        return Err(fail(GRAVITY_IS_2D));
    }
    Ok(board)
}
