//! `pushbox solve`: one tab-separated line per level, readable by `verify`, with the exit status its
//! `--help` gives.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use super::*;
use crate::core::Board;

/// `solve`'s exit status for a level it could not solve (see its `--help`).
fn solve_status(e: &SolveError) -> u8 {
    match e {
        SolveError::Unsolvable { .. } | SolveError::Stranded { .. } => 3,
        SolveError::GaveUp { .. } | SolveError::TimedOut { .. } | SolveError::Cancelled { .. } => 4,
        SolveError::Unbalanced { .. } => 1,
    }
}

const HEADER: &str = "level\tresult\tpushes\tmoves\tpositions\tseconds\tlurd";

pub(super) fn solve(
    levels_path: &Path,
    only: Option<usize>,
    mode: Mode,
    limits: &Limits,
) -> ExitCode {
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
    let wanted: Vec<usize> = match only {
        Some(n) => vec![n - 1],
        None => (0..c.levels.len()).collect(),
    };
    let bar = progress_bar(wanted.len());
    say!("{HEADER}");
    // 0 when all were solved, else the lowest failure status.
    let mut status = 0u8;
    let mut worst = |code: u8| status = if status == 0 { code } else { status.min(code) };
    let mut solved = 0;
    for &i in &wanted {
        let l = &c.levels[i];
        let started = Instant::now();
        let result = match l.playable() {
            Err(e) => {
                worst(1);
                Err(format!("not playable: {e}"))
            }
            Ok(board) => solver::search(&board, mode, limits)
                .map_err(|e| {
                    worst(solve_status(&e));
                    format!("not solved: {e}")
                })
                .and_then(|s| checked(&board, s)),
        };
        let seconds = started.elapsed().as_secs_f64();
        let line = match result {
            Ok(s) => {
                solved += 1;
                format!(
                    "{}\tsolved\t{}\t{}\t{}\t{seconds:.3}\t{}",
                    i + 1,
                    s.pushes,
                    s.moves,
                    s.states,
                    s.lurd
                )
            }
            Err(why) => {
                bar.suspend(|| eprintln!("{}: {}: {why}", levels_path.display(), l.label(i)));
                format!("{}\tunsolved\t-\t-\t-\t{seconds:.3}\t-", i + 1)
            }
        };
        bar.suspend(|| say!("{line}"));
        bar.inc(1);
    }
    bar.finish_and_clear();
    say!("# {solved} solved of {}", wanted.len());
    ExitCode::from(status)
}

/// The solution, once the rules have replayed it to a solved board.
fn checked(board: &Board, s: solver::Solution) -> Result<solver::Solution, String> {
    match lurd::check_solution(board, &s.lurd) {
        Ok(g) if g.is_solved() => Ok(s),
        Ok(_) => Err("internal error: the solver's moves do not solve the level".into()),
        Err(e) => Err(format!(
            "internal error: the solver's moves do not replay: {e}"
        )),
    }
}
