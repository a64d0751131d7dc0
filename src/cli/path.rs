//! `pushbox path LEVELS --level N [--box X,Y] --to X,Y`: the worker's shortest walk, or a box's
//! move with the fewest pushes, as LURD.

use std::path::Path;
use std::process::ExitCode;

use super::*;
use crate::core::push_path::{self, NoBoxMove};

pub(super) fn path(
    levels_path: &Path,
    level: usize,
    box_at: Option<(u32, u32)>,
    (x, y): (u32, u32),
) -> ExitCode {
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
    let on_board = |(x, y): (u32, u32)| {
        if x >= width || y >= height {
            return Err(fail(format!(
                "cell {x},{y} is outside the {width}×{height} board of {} (cells run from 0,0 to {},{})",
                l.label(level - 1),
                width - 1,
                height - 1
            )));
        }
        Ok(x.checked_sub(l.source_indent).map(|x| Pos::new(x, y)))
    };
    let target = match on_board((x, y)) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if let Some(b) = box_at {
        let from = match on_board(b) {
            Ok(f) => f,
            Err(code) => return code,
        };
        let moved = match (from, target) {
            (Some(f), Some(t)) => push_path::box_move(&board, f, t).map_err(|e| match e {
                NoBoxMove::NotABox(_) => format!("there is no box on {},{}", b.0, b.1),
                NoBoxMove::AlreadyThere(_) => "the box is already there".to_string(),
                NoBoxMove::NoPath(_) => {
                    "no sequence of pushes gets it there with the other boxes where they are"
                        .to_string()
                }
            }),
            _ => Err("the cell lies in the level's indent, outside the map".to_string()),
        };
        return match moved {
            Ok(m) => {
                say!("{}", m.lurd());
                ExitCode::SUCCESS
            }
            Err(why) => fail(format!(
                "box {},{} to {x},{y} in {}: {why}",
                b.0,
                b.1,
                l.label(level - 1)
            )),
        };
    }
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
