//! `pushbox path LEVELS --level N --to X,Y`: the worker's shortest walk as LURD.

use std::path::Path;
use std::process::ExitCode;

use super::*;

pub(super) fn path(levels_path: &Path, level: usize, (x, y): (u32, u32)) -> ExitCode {
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
