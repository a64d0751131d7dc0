//! `pushbox solve`: fewest-push solutions, with the exit status its `--help` gives.

use std::path::Path;
use std::process::ExitCode;

use super::*;

/// `solve`'s exit status for a level it could not solve (see its `--help`).
fn solve_status(e: &SolveError) -> u8 {
    match e {
        SolveError::Unsolvable { .. } | SolveError::Stranded { .. } => 3,
        SolveError::GaveUp { .. } => 4,
        SolveError::Unbalanced { .. } => 1,
    }
}

pub(super) fn solve(levels_path: &Path, only: Option<usize>, max_states: usize) -> ExitCode {
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
