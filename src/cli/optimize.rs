//! `pushbox optimize LEVELS SOLUTIONS`: each solution improved within the time given, printed as
//! `solve` prints its solutions, with the counts before and after.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use super::verify::levels_and_claims;
use super::*;
use crate::core::solver::Metric;

const HEADER: &str = "level\tresult\tpushes\tmoves\tpositions\tseconds\tbefore\tafter\tlurd";

pub(super) fn optimize(
    levels_path: &Path,
    solutions: &Path,
    metric: Metric,
    limits: &Limits,
) -> ExitCode {
    let (levels, claims) = match levels_and_claims(levels_path, solutions) {
        Ok(x) => x,
        Err(code) => return code,
    };
    if claims.is_empty() {
        return fail(format!("{}: no solutions found", solutions.display()));
    }
    let bar = progress_bar(claims.len());
    say!("{HEADER}");
    let (mut improved, mut failed) = (0, 0);
    let mut saved = (0u64, 0u64);
    for claim in &claims {
        let started = Instant::now();
        let result = match levels.levels.get(claim.level) {
            None => Err(format!(
                "the collection has only {} levels",
                levels.levels.len()
            )),
            Some(level) => level
                .board()
                .map_err(|e| format!("not playable: {e}"))
                .and_then(|b| {
                    solver::optimize(&b, &claim.lurd, metric, limits).map_err(|e| e.to_string())
                }),
        };
        let seconds = started.elapsed().as_secs_f64();
        let n = claim.level + 1;
        let line = match result {
            Ok(out) => {
                let (m0, p0) = out.before;
                let s = &out.best;
                if out.improved() {
                    improved += 1;
                    saved.0 += u64::from(m0.saturating_sub(s.moves));
                    saved.1 += u64::from(p0.saturating_sub(s.pushes));
                }
                let result = if out.improved() { "improved" } else { "same" };
                format!(
                    "{n}\t{result}\t{}\t{}\t{}\t{seconds:.3}\t{m0}/{p0}\t{}/{}\t{}",
                    s.pushes, s.moves, out.largest, s.moves, s.pushes, s.lurd
                )
            }
            Err(why) => {
                failed += 1;
                bar.suspend(|| {
                    eprintln!(
                        "{}: level {n} ({}): {why}",
                        solutions.display(),
                        claim.origin
                    )
                });
                format!("{n}\tfailed\t-\t-\t-\t{seconds:.3}\t-\t-\t-")
            }
        };
        bar.suspend(|| say!("{line}"));
        bar.inc(1);
    }
    bar.finish_and_clear();
    say!(
        "# {improved} improved of {} ({} moves and {} pushes saved)",
        claims.len(),
        saved.0,
        saved.1
    );
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
