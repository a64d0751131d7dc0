//! The optimizer on small rooms whose better solutions are known, and on Microban's published
//! push-optimal solutions (never made worse, always replayed by the rules).

use super::*;
use crate::core::solver::tests::{microban, published};

fn board(rows: &[&str]) -> Board {
    Board::from_mask_rows(rows).unwrap()
}

/// A corridor: the worker, a box and its goal in a row, with room to wander above.
fn corridor() -> Board {
    board(&[
        "########", //
        "#------#", "#(-x+--#", "########",
    ])
}

#[test]
fn a_detour_is_walked_straight() {
    let b = corridor();
    // Up, along, down, then the push: 2 more moves than needed.
    let out = optimize(&b, "urdR", Metric::Moves, &Limits::default());
    let out = out.unwrap();
    assert_eq!(out.before, (4, 1));
    assert_eq!((out.best.moves, out.best.pushes), (2, 1));
    assert!(out.improved());
    let g = lurd::check_solution(&b, &out.best.lurd).unwrap();
    assert!(g.is_solved());
    assert_eq!(g.board().moves(), 2);
}

#[test]
fn pushes_back_and_forth_are_cut() {
    let b = corridor();
    // Push the box past its goal, walk round it and push it back: 3 pushes where 1 does.
    let solution = "rRRurrdL";
    lurd::check_solution(&b, solution).expect("the test's solution solves the room");
    let out = optimize(&b, solution, Metric::Pushes, &Limits::default()).unwrap();
    assert_eq!(out.before, (8, 3));
    assert_eq!((out.best.pushes, out.best.moves), (1, 2));
}

#[test]
fn by_moves_never_costs_pushes() {
    // Two boxes: pushing the lower box round is shorter in moves only with more pushes; the
    // moves metric must keep the pushes of the solution given.
    let b = board(&["########", "#------#", "#-x--+-#", "#(x---+#", "########"]);
    let solution =
        crate::core::solver::search(&b, crate::core::solver::Mode::Optimal, &Limits::default())
            .unwrap();
    let out = optimize(&b, &solution.lurd, Metric::Moves, &Limits::default()).unwrap();
    assert!(out.best.pushes <= solution.pushes);
    assert!(out.best.moves <= solution.moves);
    assert!(
        lurd::check_solution(&b, &out.best.lurd)
            .unwrap()
            .is_solved()
    );
}

#[test]
fn a_wrong_solution_is_refused_with_the_rules_reason() {
    let b = corridor();
    let e = optimize(&b, "r", Metric::Moves, &Limits::default()).unwrap_err();
    assert!(
        matches!(
            e,
            OptimizeError::NotASolution(SolutionError::NotSolved { .. })
        ),
        "{e}"
    );
    let e = optimize(&b, "lll", Metric::Moves, &Limits::default()).unwrap_err();
    assert!(e.to_string().contains("step 1 (l) is illegal"), "{e}");
}

#[test]
fn slices_give_the_answer_of_one_run() {
    let c = microban();
    let (level, _, solution) = published().into_iter().find(|p| p.0 == 5).unwrap();
    let b = c.levels[level - 1].board().unwrap();
    let whole = optimize(&b, &solution, Metric::Moves, &Limits::default()).unwrap();
    let mut sliced = Optimizer::new(&b, &solution, Metric::Moves, &Limits::default()).unwrap();
    let mut slices = 0;
    while !sliced.step(Some(Duration::from_micros(200))) {
        slices += 1;
    }
    assert!(slices > 1, "the work was cut into slices");
    let sliced = sliced.finish();
    assert_eq!(sliced.best.lurd, whole.best.lurd);
}

#[test]
fn published_push_optimal_solutions_are_never_made_worse() {
    let c = microban();
    let limits = Limits::seconds(0.2);
    let mut shorter = 0;
    for (level, pushes, solution) in published().into_iter().take(20) {
        let b = c.levels[level - 1].board().unwrap();
        let out = optimize(&b, &solution, Metric::Moves, &limits).unwrap();
        let g = lurd::check_solution(&b, &out.best.lurd).unwrap();
        assert!(g.is_solved(), "level {level}");
        assert_eq!(
            out.best.pushes, pushes,
            "level {level}: push-optimal stays so"
        );
        assert!(out.best.moves <= out.before.0, "level {level}");
        shorter += usize::from(out.improved());
    }
    // Push-optimal solutions are rarely move-optimal: some of the first 20 get shorter.
    assert!(shorter > 0);
}

/// Microban 128's published solution: a round whose labels all break the push limit must end
/// (it once spun until the time was up, and had no time limit here to end it), and a way to a
/// position with more moves but fewer pushes must survive one with fewer moves.
#[test]
fn every_round_ends_without_a_time_limit() {
    let c = microban();
    let (level, pushes, solution) = published().into_iter().find(|p| p.0 == 128).unwrap();
    let b = c.levels[level - 1].board().unwrap();
    let out = optimize(&b, &solution, Metric::Moves, &Limits::default()).unwrap();
    assert_eq!(
        out.rounds as usize,
        SPREADS.len(),
        "one round per spread, none improved"
    );
    assert_eq!(out.best.pushes, pushes);
    assert!(
        out.largest > 1000,
        "the later rounds were searched: {}",
        out.largest
    );
}

#[test]
fn a_level_without_boxes_ends() {
    // Nothing to push: the empty solution is the best, and every round ends.
    let b = board(&["#####", "#(--#", "#####"]);
    let out = optimize(&b, "", Metric::Moves, &Limits::default()).unwrap();
    assert_eq!((out.best.moves, out.best.pushes), (0, 0));
    assert_eq!(out.rounds as usize, SPREADS.len());
}
