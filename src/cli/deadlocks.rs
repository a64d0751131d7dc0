//! `pushbox deadlocks LEVELS SOLUTIONS`: replays each solution (the inputs `verify` takes) and
//! runs the deadlock detectors on the position after every push. The detectors must never flag
//! a position a solution goes through: each flagged one is printed (level, push number, detector,
//! boxes), then `N positions checked, M flagged`.

use std::path::Path;
use std::process::ExitCode;

use super::verify::levels_and_claims;
use super::*;
use crate::core::deadlock::{Detector, Detectors};

pub(super) fn deadlocks(levels_path: &Path, solutions: &Path) -> ExitCode {
    let (levels, claims) = match levels_and_claims(levels_path, solutions) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let (mut checked, mut flagged) = (0usize, 0usize);
    for c in claims {
        let Some(level) = levels.levels.get(c.level) else {
            return fail(format!(
                "{}: level {} ({}): the collection has only {} levels",
                levels_path.display(),
                c.level + 1,
                c.origin,
                levels.levels.len()
            ));
        };
        let label = level.label(c.level);
        // A solution that cannot be replayed stops the run, named by file, level and line.
        let refused = |why: String| {
            fail(format!(
                "{}: {label} ({}): {why}",
                solutions.display(),
                c.origin
            ))
        };
        let steps = level.board().map_err(|e| e.to_string()).and_then(|b| {
            lurd::parse(&c.lurd)
                .map(|s| (b, s))
                .map_err(|e| e.to_string())
        });
        let (mut board, steps) = match steps {
            Ok(x) => x,
            Err(e) => return refused(e),
        };
        let detector = Detector::new(&board);
        let mut pushes = 0;
        for (k, d) in steps.into_iter().enumerate() {
            match board.step(d) {
                Ok(m) if m.pushed() => {
                    pushes += 1;
                    checked += 1;
                    if let Some(found) = detector.check(&board, Detectors::ALL) {
                        flagged += 1;
                        let boxes: Vec<String> = found
                            .boxes()
                            .iter()
                            .map(|p| format!("{},{}", p.x + level.source_indent, p.y))
                            .collect();
                        say!(
                            "{label} ({}): push {pushes}: {} {}",
                            c.origin,
                            found.kind(),
                            boxes.join(" ")
                        );
                    }
                }
                Ok(_) => {}
                Err(e) => return refused(format!("step {}: {e}", k + 1)),
            }
        }
    }
    say!("{checked} positions checked, {flagged} flagged");
    if flagged > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
