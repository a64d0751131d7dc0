//! Reverse play: the level played backwards. The boxes start on the goals, the worker pulls
//! instead of pushing, and the game is solved when every box is back on its start cell and the
//! worker can walk to where the level starts it. A solved reverse game read backwards is a
//! forward solution: `Game::forward_game` turns it into one and checks it by replaying it.
//!
//! The reverse board is an ordinary [`Board`] whose goals are the level's box cells, so the byte
//! map, the path search and the counters work unchanged; `history::Game` keeps the mode and plays
//! [`Board::pull_step`] instead of [`Board::step`]. This file holds the reverse board's rules.

use std::collections::VecDeque;

use super::board::{Board, Pos};
use super::cell;

/// The reverse start of the level whose start is `level`: boxes on the goals, goals on the box
/// cells, the worker on its level cell or, when a box now stands there, on the nearest free cell
/// inside the walls. `None` when no cell is free for the worker.
pub fn start_board(level: &Board) -> Option<Board> {
    let cells: Vec<u8> = level
        .cells()
        .iter()
        .map(|&b| {
            if cell::is_wall(b) {
                return cell::kind(b);
            }
            let base = if cell::is_box(b) {
                cell::SLOT
            } else {
                cell::LAND
            };
            if cell::is_goal(b) {
                cell::box_in(base)
            } else {
                base
            }
        })
        .collect();
    let worker = nearest_free(level, &cells)?;
    let mut cells = cells;
    cells[worker] = cell::man_in(cells[worker]);
    Board::new(level.width(), level.height(), cells).ok()
}

/// The free cell (no wall, no box in `cells`) nearest the level's worker, walking through boxes.
fn nearest_free(level: &Board, cells: &[u8]) -> Option<usize> {
    let start = level.worker_index() as usize;
    let mut seen = vec![false; cells.len()];
    let mut queue = VecDeque::from([start]);
    seen[start] = true;
    while let Some(i) = queue.pop_front() {
        if cell::is_blank(cells[i]) {
            return Some(i);
        }
        for d in super::direction::Direction::SEARCH_ORDER {
            if let Some(n) = level.neighbour(level.pos_of(i as u32), d) {
                let j = level.index_of(n).expect("a neighbour is on the map") as usize;
                if !seen[j] && !cell::is_wall(cells[j]) {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
    }
    None
}

/// Whether the worker can walk (boxes in the way) to `home`.
pub fn reaches(board: &Board, home: Pos) -> bool {
    let Some(target) = board.index_of(home) else {
        return false;
    };
    let start = board.worker_index();
    if start == target {
        return true;
    }
    let mut seen = vec![false; board.cells().len()];
    let mut queue = VecDeque::from([start]);
    seen[start as usize] = true;
    while let Some(i) = queue.pop_front() {
        for d in super::direction::Direction::SEARCH_ORDER {
            let Some(n) = board.neighbour(board.pos_of(i), d) else {
                continue;
            };
            let j = board.index_of(n).expect("a neighbour is on the map");
            if j == target {
                return cell::is_blank(board.cells()[j as usize]);
            }
            if !seen[j as usize] && cell::is_blank(board.cells()[j as usize]) {
                seen[j as usize] = true;
                queue.push_back(j);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Blocked;
    use crate::core::direction::Direction::{self, *};
    use crate::core::history::Game;
    use crate::core::path::PathFinder;

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
}
