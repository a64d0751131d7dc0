//! `pushbox link deal|check`: Link boards for scripts and tests, in the text form one line per
//! row (`a`-`z`, `A`-`Z`, `0`-`9` for faces, `.` for an empty cell).

use std::path::Path;
use std::process::ExitCode;

use super::*;
use crate::core::link::{Cell, Clearable, LinkBoard, clear_order, solvable_deal};

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
        LinkAction::Deal { size, seed } => deal(size, seed),
        LinkAction::Check { file } => check(&file),
    }
}

/// Faces for a board: four copies of each (as the classic 18x8 with 36 faces), at most 62.
fn faces_for(tiles: u32) -> u8 {
    (tiles / 4).clamp(1, 62) as u8
}

fn order_line(order: &[(Cell, Cell)]) -> String {
    let pairs: Vec<String> = order.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    pairs.join(" ")
}

fn deal((w, h): (u32, u32), seed: u64) -> ExitCode {
    let empty = LinkBoard::empty(w as i32, h as i32);
    let cells: Vec<Cell> = empty.cells().collect();
    match solvable_deal(&empty, &cells, faces_for(w * h), seed, 1000) {
        Some((board, order)) => {
            say!("{}", board.text());
            say!("order: {}", order_line(&order));
            ExitCode::SUCCESS
        }
        None => fail(format!("no solvable {w}x{h} deal found from seed {seed}")),
    }
}

fn check(file: &Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return fail(format!("{}: cannot read: {e}", file.display())),
    };
    let board = match LinkBoard::from_text(&text) {
        Ok(b) => b,
        Err(e) => return fail(format!("{}: {e}", file.display())),
    };
    for (a, b, line) in board.playable_pairs() {
        let corners: Vec<String> = line.0.iter().map(ToString::to_string).collect();
        say!("{a}-{b}: {}", corners.join(" "));
    }
    match clear_order(&board, SEARCH_LIMIT) {
        Clearable::Yes(order) => say!("clearable: yes {}", order_line(&order)),
        Clearable::No => say!("clearable: no"),
        Clearable::Unknown => say!("clearable: unknown (more than {SEARCH_LIMIT} positions)"),
    }
    ExitCode::SUCCESS
}
