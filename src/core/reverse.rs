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
