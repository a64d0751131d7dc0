//! How hard a level is: measured from a known solution and one search, weighed into a score, and
//! shown as one to five marks.
//!
//! What a player feels as difficulty is not the length of the solution alone (a long corridor
//! walk is easy) but how much planning it takes: how often attention moves from one box to
//! another, how many pushes lead into a position that can never be solved, and how far the
//! obvious estimate (every box to its nearest goal) is from the truth. The features:
//!
//! - **box changes**: pushes that move a different box than the push before (planning steps);
//! - **box lines**: runs of pushes of one box in one direction (each line is a decision);
//! - **traps**: along the solution, the pushes the worker could make that lead straight into a
//!   dead square or a frozen box off its goal (the dead-end branches a player may take);
//! - **positions**: what the fast solver stores before it finds a solution, capped at
//!   [`SEARCH_CAP`] (the search's effort; the count does not depend on the machine);
//! - **gap**: pushes of the solution less the matching lower bound at the start (how much the
//!   level asks beyond the obvious moves);
//! - **pushes** and **boxes**, which the others already carry and so weigh little.
//!
//! The score adds the logarithms of the features (each doubling of a feature weighs the same, so
//! no one feature swamps the rest); the weights were chosen on Microban I, whose author ordered
//! it by difficulty, and checked on XSokoban (docs/levels.md gives the rank correlations).

use super::board::Board;
use super::cell;
use super::deadlock::{Detector, Detectors};
use super::direction::Direction;
use super::path::PathFinder;
use super::solver::{self, Limits, Mode};

/// The most positions the rating's search stores (about a quarter of a second on XSokoban).
pub const SEARCH_CAP: usize = 200_000;

/// What the rating measures of a level and its solution.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Features {
    pub boxes: u32,
    pub pushes: u32,
    pub moves: u32,
    pub box_lines: u32,
    pub box_changes: u32,
    pub traps: u32,
    /// Positions the fast search stored ([`SEARCH_CAP`] when it did not finish).
    pub positions: u32,
    /// Solution pushes less the lower bound at the start.
    pub gap: u32,
}

/// Why a level cannot be rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("no solution is known and the search found none in {SEARCH_CAP} positions")]
    NoSolution,
    #[error("the solution does not solve the level: {0}")]
    BadSolution(String),
}

/// Measures `board` with `solution` (LURD), or with the fast search's own solution when there is
/// none. The search runs in both cases, for its position count.
pub fn measure(board: &Board, solution: Option<&str>) -> Result<Features, RateError> {
    let limits = Limits {
        max_states: SEARCH_CAP,
        ..Limits::default()
    };
    // Without the opening: the count must stay what the shipped ratings were made with.
    let found =
        solver::Stepper::without_opening(board, Mode::Fast, &limits).and_then(|mut s| s.run());
    let positions = match &found {
        Ok(s) => s.states.min(SEARCH_CAP),
        Err(_) => SEARCH_CAP,
    } as u32;
    let lurd = match (solution, &found) {
        (Some(s), _) => s.to_string(),
        (None, Ok(s)) => s.lurd.clone(),
        (None, Err(_)) => return Err(RateError::NoSolution),
    };
    measure_with(board, &lurd, positions)
}

/// Measures `board` with `solution` (LURD), the search's position count already known.
pub fn measure_with(board: &Board, solution: &str, positions: u32) -> Result<Features, RateError> {
    let bad = |e: String| RateError::BadSolution(e);
    let steps = super::lurd::parse(solution).map_err(|e| bad(e.to_string()))?;
    let detector = Detector::new(board);
    let mut finder = PathFinder::new();
    let mut b = board.clone();
    let mut f = Features {
        boxes: b.boxes().count() as u32,
        positions,
        ..Features::default()
    };
    let bound = solver::lower_bound(board).unwrap_or(0);
    // The last push: where its box went and which way.
    let mut last: Option<(u32, Direction)> = None;
    f.traps += traps(&mut b, &detector, &mut finder);
    for (i, d) in steps.into_iter().enumerate() {
        let moved = b
            .step(d)
            .map_err(|_| bad(format!("step {} ({d:?}) is blocked", i + 1)))?;
        let (Some(from), Some(to)) = (moved.box_from, moved.box_to) else {
            continue;
        };
        let (from, to) = (b.index_of(from).unwrap_or(0), b.index_of(to).unwrap_or(0));
        match last {
            Some((at, dir)) if at == from && dir == d => {}
            Some((at, _)) if at == from => f.box_lines += 1,
            _ => {
                f.box_lines += 1;
                f.box_changes += 1;
            }
        }
        last = Some((to, d));
        if !b.is_solved() {
            f.traps += traps(&mut b, &detector, &mut finder);
        }
    }
    if !b.is_solved() {
        return Err(bad(format!(
            "{} boxes are off their goals at the end",
            b.boxes_off_goal()
        )));
    }
    f.pushes = b.pushes() - board.pushes();
    f.moves = b.moves() - board.moves();
    f.gap = f.pushes.saturating_sub(bound);
    Ok(f)
}

/// The pushes the worker can make from here that leave a dead square or a frozen box off goal.
fn traps(board: &mut Board, detector: &Detector, finder: &mut PathFinder) -> u32 {
    let which = Detectors {
        dead_square: true,
        freeze: true,
        closed_diagonal: false,
        bipartite: false,
    };
    let reach: Vec<u32> = finder.reachable(board).to_vec();
    let (w, cells) = (board.width() as i64, board.cells().len() as i64);
    let worker = board.worker_index();
    let mut n = 0;
    for &stand in &reach {
        for d in Direction::SEARCH_ORDER {
            let (dx, dy) = d.offset();
            let step = dy as i64 * w + dx as i64;
            let (bx, beyond) = (stand as i64 + step, stand as i64 + 2 * step);
            if beyond < 0 || beyond >= cells {
                continue;
            }
            let (c, e) = (board.cells()[bx as usize], board.cells()[beyond as usize]);
            if !cell::is_box(c) || !cell::is_blank(e) {
                continue;
            }
            let mut after = board.clone();
            if stand != worker {
                after.place_worker(board.pos_of(stand));
            }
            if after.step(d).is_ok() && detector.check(&after, which).is_some() {
                n += 1;
            }
        }
    }
    n
}

impl Features {
    /// The difficulty score: under 1 for a one-push level, about 10 for the hardest classics.
    pub fn score(&self) -> f64 {
        let l = |x: u32| (1.0 + x as f64).log2();
        // Search effort first (alone it ranks Microban I 0.72), then the planning a player
        // does (changes, lines), then the ways to go wrong; pushes and the gap weigh little
        // (long but straight levels are not hard). Scaled so the classics stay within 10.
        0.315 * l(self.positions)
            + 0.175 * l(self.box_changes)
            + 0.14 * l(self.box_lines)
            + 0.105 * l(self.traps)
            + 0.07 * l(self.gap)
            + 0.035 * l(self.pushes)
    }

    /// The score as one to five marks ([`MARKS`] gives where each begins).
    pub fn marks(&self) -> u8 {
        marks(self.score())
    }
}

/// The scores where two, three, four and five marks begin.
pub const MARKS: [f64; 4] = [3.5, 4.75, 5.75, 6.5];

/// One to five marks for a score.
pub fn marks(score: f64) -> u8 {
    1 + MARKS.iter().filter(|&&m| score >= m).count() as u8
}

/// The note a rated level keeps in its file ("Rating 6.21 of 10"); [`from_notes`] reads it.
pub fn note(score: f64) -> String {
    format!("{NOTE}{score:.2} of 10")
}

const NOTE: &str = "Rating ";

/// The score a level's notes give ([`note`]), if one does.
pub fn from_notes(notes: &[String]) -> Option<f64> {
    notes.iter().find_map(|n| {
        let rest = n.trim().strip_prefix(NOTE)?;
        let score: f64 = rest.split_whitespace().next()?.parse().ok()?;
        score.is_finite().then_some(score)
    })
}

/// Spearman's rank correlation of two equally long lists (ties take their average rank);
/// `None` for fewer than two pairs or a list without spread.
pub fn rank_correlation(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() != b.len() || a.len() < 2 {
        return None;
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let mean = (n + 1.0) / 2.0;
    let (mut cov, mut va, mut vb) = (0.0, 0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        cov += (x - mean) * (y - mean);
        va += (x - mean) * (x - mean);
        vb += (y - mean) * (y - mean);
    }
    (va > 0.0 && vb > 0.0).then(|| cov / (va * vb).sqrt())
}

/// Ranks from 1, ties sharing their average.
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
    let mut out = vec![0.0; v.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = rank;
        }
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        crate::core::formats::xsb::read("t", text).unwrap().levels[0]
            .board()
            .unwrap()
    }

    #[test]
    fn counts_lines_changes_and_pushes_of_a_solution() {
        // Two boxes: the right one pushed twice right (one line), then the left one up.
        let b = board("#########\n#  .    #\n#  $@$ .#\n#       #\n#########\n");
        let f = measure_with(&b, "RRdlllU", 1).unwrap();
        assert_eq!(f.pushes, 3);
        assert_eq!(f.box_lines, 2);
        assert_eq!(f.box_changes, 2);
        assert_eq!(f.boxes, 2);
        assert_eq!(f.moves, 7);
        // The same box pushed on in another direction is a new line but no change.
        let b = board("#######\n#   . #\n#@$   #\n#######\n");
        let f = measure_with(&b, "RRrdL", 1);
        assert!(f.is_err());
        let b = board("#######\n#  .  #\n#@$   #\n#     #\n#######\n");
        let f = measure_with(&b, "RdrU", 1).unwrap();
        assert_eq!((f.pushes, f.box_lines, f.box_changes), (2, 2, 1));
    }

    #[test]
    fn a_wrong_solution_is_refused_with_its_step() {
        let b = board("#####\n#@$.#\n#####\n");
        assert!(
            matches!(measure_with(&b, "L", 1), Err(RateError::BadSolution(e)) if e.contains("step 1"))
        );
        assert!(matches!(
            measure_with(&b, "", 1),
            Err(RateError::BadSolution(_))
        ));
        assert_eq!(measure_with(&b, "R", 1).unwrap().pushes, 1);
    }

    #[test]
    fn traps_count_pushes_into_dead_squares() {
        // Pushing the box up or down puts it against a wall off the goal's row.
        let b = board("#######\n#     #\n# @$ .#\n#     #\n#######\n");
        let f = measure_with(&b, "RR", 1).unwrap();
        assert!(f.traps >= 2, "{f:?}");
        assert!(marks(f.score()) == 1);
    }

    #[test]
    fn rank_correlation_of_orders() {
        let a = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(rank_correlation(&a, &[10.0, 20.0, 30.0, 40.0]), Some(1.0));
        assert_eq!(rank_correlation(&a, &[4.0, 3.0, 2.0, 1.0]), Some(-1.0));
        let tied = rank_correlation(&a, &[1.0, 1.0, 2.0, 2.0]).unwrap();
        assert!((tied - 0.894).abs() < 0.001, "{tied}");
        assert_eq!(rank_correlation(&a, &[5.0; 4]), None);
        assert_eq!(rank_correlation(&[1.0], &[1.0]), None);
    }

    #[test]
    fn notes_keep_the_score() {
        let notes = vec!["Made by hand".to_string(), note(6.214)];
        assert_eq!(from_notes(&notes), Some(6.21));
        assert_eq!(from_notes(&["Rating high".to_string()]), None);
        assert_eq!(from_notes(&[]), None);
    }

    #[test]
    fn marks_rise_with_the_score() {
        assert_eq!(marks(0.0), 1);
        assert_eq!(marks(MARKS[0]), 2);
        assert_eq!(marks(MARKS[3] + 5.0), 5);
    }
}
