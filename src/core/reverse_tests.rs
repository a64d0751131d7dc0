//! Reverse play's tests (`reverse.rs`): they play whole games (`history::Game`), which uses the
//! reverse board's rules, so they live beside both rather than inside `reverse.rs`.

use super::board::Blocked;
use super::board::{Board, Pos};
use super::history::Game;
use super::path::PathFinder;
use super::reverse::start_board;
use crate::core::direction::Direction::{self, *};

fn board(rows: &[&str]) -> Board {
    Board::from_mask_rows(rows).unwrap()
}

#[test]
fn the_reverse_start_swaps_boxes_and_goals() {
    // Worker on a goal: a box stands there in reverse, so the worker moves next to it.
    let level = board(&["#######", "#-x-)-#", "#######"]);
    let r = start_board(&level).unwrap();
    assert_eq!(r.get(Pos::new(2, 1)), Some(crate::core::Cell::Slot));
    assert_eq!(r.get(Pos::new(4, 1)), Some(crate::core::Cell::Box0));
    assert!([Pos::new(3, 1), Pos::new(5, 1)].contains(&r.worker_pos()));
    assert_eq!(r.boxes_off_goal(), 1);
    let g = Game::reverse(&level).unwrap();
    assert!(g.is_reverse());
    assert!(!g.is_solved());
}

#[test]
fn a_step_pulls_the_box_behind_and_a_walk_leaves_it() {
    let level = board(&["########", "#(-x-+-#", "#------#", "########"]);
    let mut g = Game::reverse(&level).unwrap();
    // Box on the goal at (5, 1); worker at (1, 1).
    let mut f = PathFinder::new();
    g.walk_to(&mut f, Pos::new(4, 1)).unwrap();
    assert_eq!(g.board().pushes(), 0);
    let m = g.step(Left, true).unwrap();
    assert_eq!(m.box_from, Some(Pos::new(5, 1)));
    assert_eq!(m.box_to, Some(Pos::new(4, 1)));
    assert_eq!(g.board().pushes(), 1);
    // Walking away sideways leaves the box; a box ahead blocks.
    let m = g.play(Down, true, false).unwrap();
    assert!(!m.pushed());
    g.step(Up, true).unwrap();
    assert_eq!(g.step(Right, true), Err(Blocked::BoxAhead));
    // Undo puts the box back exactly.
    g.undo_group();
    g.undo_group();
    let m = g.undo_group();
    assert_eq!(m[0].box_from, Some(Pos::new(5, 1)));
    assert_eq!(g.board().get(Pos::new(5, 1)), Some(crate::core::Cell::Box0));
    while !g.redo_group().is_empty() {}
    assert_eq!(g.board().pushes(), 1);
}

#[test]
fn solving_in_reverse_gives_the_forward_solution() {
    let level = board(&["########", "#(-x-+-#", "#------#", "########"]);
    let mut g = Game::reverse(&level).unwrap();
    let mut f = PathFinder::new();
    g.walk_to(&mut f, Pos::new(4, 1)).unwrap();
    for d in [Left, Left] {
        g.step(d, true).unwrap();
    }
    assert!(g.is_solved(), "{:?}", g.board());
    let fwd = g.forward_game(&level).unwrap();
    assert!(fwd.is_solved());
    assert_eq!(fwd.lurd(), "rRR");
}

#[test]
fn the_worker_must_also_get_home() {
    // The box is already on its start cell; the worker placed beyond it cannot walk home.
    let level = board(&["#####", "#(X-#", "#####"]);
    let mut g = Game::reverse(&level).unwrap();
    assert!(g.is_solved());
    assert!(g.place_worker(Pos::new(3, 1)));
    assert_eq!(g.board().boxes_off_goal(), 0);
    assert!(!g.is_solved());
    assert!(g.forward_game(&level).is_none());
    assert!(g.place_worker(Pos::new(1, 1)));
    assert!(g.is_solved());
}

#[test]
fn the_worker_is_placed_only_before_the_first_pull() {
    let level = board(&["########", "#(-x-+-#", "#------#", "########"]);
    let mut g = Game::reverse(&level).unwrap();
    assert!(!g.place_worker(Pos::new(0, 0)), "a wall");
    assert!(!g.place_worker(Pos::new(5, 1)), "a box");
    assert!(g.place_worker(Pos::new(6, 2)));
    assert_eq!(g.start_worker(), Pos::new(6, 2));
    for d in [Left, Left, Up] {
        g.step(d, true).unwrap();
    }
    assert_eq!(g.board().pushes(), 0, "nothing behind the worker yet");
    g.step(Left, true).unwrap();
    assert_eq!(g.board().pushes(), 1);
    assert!(!g.place_worker(Pos::new(1, 2)), "after a pull");
    assert_eq!(g.start_worker(), Pos::new(6, 2));
    let again = Game::reverse(&level)
        .unwrap()
        .placed(Pos::new(6, 2))
        .replayed(g.all_steps(), g.history().len())
        .unwrap();
    assert_eq!(again, g);
}

/// Every forward solution read backwards as pulls solves the reverse game, and converts back
/// to the same moves.
pub(crate) fn pull_back(level: &Board, solution: &Game) -> Game {
    let mut g = Game::reverse(level)
        .unwrap()
        .placed(solution.board().worker_pos());
    for (k, s) in solution.history().iter().rev().enumerate() {
        let d: Direction = s.dir.opposite();
        g.play(d, k == 0, s.push)
            .unwrap_or_else(|e| panic!("pull {k} ({d:?}): {e}\n{:?}", g.board()));
    }
    g
}

#[test]
fn a_small_solution_pulled_back_converts_to_itself() {
    let level = board(&["########", "#(-x-+-#", "#--x-+-#", "########"]);
    let fwd = crate::core::lurd::check_solution(&level, "rRRlldRR").unwrap_or_else(|e| {
        panic!("{e}");
    });
    let back = pull_back(&level, &fwd);
    assert!(back.is_solved());
    assert_eq!(back.forward_game(&level).unwrap().lurd(), fwd.lurd());
}
