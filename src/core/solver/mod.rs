//! Solvers: the search from a position to a solved board, as few pushes as possible or as soon as
//! possible.
//!
//! - `bfs` ([`solve`], [`solve_pushes`]): the exhaustive breadth-first search over push states, exact and small (the level
//!   generator and the designer's check use it; it also proves small positions unsolvable);
//! - [`search`](mod@search): A* and best-first search (from both ends) with a matching lower bound, freeze,
//!   corral and bipartite deadlocks, PI-corral pruning, tunnel and goal-room macros, under a time
//!   budget with a cancel flag and progress figures: `pushbox solve` and the game's hint.
//!
//! Both work on the `Room`, the floor as a compact graph, and name a position by its sorted box
//! cells plus the lowest cell of the worker's area (walking is free, pushes are the edges).

mod bfs;
mod bound;
mod closed;
mod corral;
mod freeze;
mod goals;
mod optimize;
mod room;
pub mod search;
mod table;
#[cfg(test)]
mod tests;

pub use bfs::{solve, solve_pushes};
pub use optimize::{Metric, OptimizeError, Optimized, Optimizer, optimize};
pub(crate) use room::{NONE, Room, StateTable};
pub use search::{Limits, Mode, Progress, Stepper, lower_bound, search};

use super::board::count;
use super::{Board, Direction, Game, PathFinder, Pos};

/// One box push: the box's cell before it and the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    pub from: Pos,
    pub dir: Direction,
}

impl Push {
    /// The cell `n` steps from the box's cell along the push (negative: behind it).
    fn along(&self, n: i32) -> Pos {
        let (dx, dy) = self.dir.offset();
        Pos::new(
            (self.from.x as i32 + n * dx) as u32,
            (self.from.y as i32 + n * dy) as u32,
        )
    }

    /// Where the worker stands to make the push.
    pub fn stand(&self) -> Pos {
        self.along(-1)
    }

    /// Where the box goes.
    pub fn to(&self) -> Pos {
        self.along(1)
    }
}

/// A solution found by a search.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves, in LURD (pushes in capitals).
    pub lurd: String,
    pub moves: u32,
    pub pushes: u32,
    /// The pushes one by one (the hint shows the first).
    pub push_list: Vec<Push>,
    /// How many push states the search stored (a measure of how hard the level is to search).
    pub states: usize,
}

/// How an [`SolveError::Unsolvable`] search ended: none searched but the start means the start
/// itself is a deadlock (a box frozen off its goal, boxes that the goals cannot all take, or no
/// push at all).
fn searched_all(states: usize) -> String {
    match states {
        0 | 1 => "deadlocked from the start: the boxes can never all reach goals".into(),
        _ => format!("all {states} reachable positions searched"),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("the level has no solution ({})", searched_all(*.states))]
    Unsolvable { states: usize },
    #[error("gave up after {states} positions without a solution")]
    GaveUp { states: usize },
    #[error("no solution found in {} s ({states} positions searched)", *.millis as f64 / 1000.0)]
    TimedOut { states: usize, millis: u64 },
    #[error("stopped after {states} positions")]
    Cancelled { states: usize },
    #[error(
        "the worker's area has {} but {}",
        count(*.boxes, "box", "boxes"),
        count(*.goals, "goal", "goals")
    )]
    Unbalanced { boxes: usize, goals: usize },
    #[error("the box at {at} is off its goal where the worker can never reach it")]
    Stranded { at: Pos },
}

impl SolveError {
    /// The same outcome, counting `states` positions searched (two searches one after the other).
    pub(crate) fn with_states(self, states: usize) -> SolveError {
        match self {
            SolveError::Unsolvable { .. } => SolveError::Unsolvable { states },
            SolveError::GaveUp { .. } => SolveError::GaveUp { states },
            SolveError::TimedOut { millis, .. } => SolveError::TimedOut { states, millis },
            SolveError::Cancelled { .. } => SolveError::Cancelled { states },
            other => other,
        }
    }

    /// Whether the search proved that no solution exists (rather than stopping early).
    pub fn proved(&self) -> bool {
        matches!(
            self,
            SolveError::Unsolvable { .. }
                | SolveError::Stranded { .. }
                | SolveError::Unbalanced { .. }
        )
    }
}

/// The starting point of a search: the room, the boxes the worker can reach (as compact cells)
/// and the worker's cell. Boxes outside the worker's area never move: on their goals they are
/// decoration (Microban 155's sealed rooms), off them the level cannot be solved.
pub(crate) fn start(board: &Board) -> Result<(Room, Vec<u16>, u16), SolveError> {
    let room = Room::of(board);
    let mut boxes: Vec<u16> = Vec::new();
    for p in board.boxes() {
        match room.at(p) {
            NONE if board.get(p).is_some_and(|c| c.on_goal()) => {}
            NONE => return Err(SolveError::Stranded { at: p }),
            c => boxes.push(c),
        }
    }
    let goals = room.goal.iter().filter(|g| **g).count();
    if boxes.len() != goals {
        return Err(SolveError::Unbalanced {
            boxes: boxes.len(),
            goals,
        });
    }
    let worker = room.at(board.worker_pos());
    Ok((room, boxes, worker))
}

/// Plays `pushes` from `board`, walking the worker between them by shortest paths, and returns
/// the solution (checked by the rules: every step is played by [`Game`]).
pub(crate) fn play_out(board: &Board, pushes: Vec<Push>, states: usize) -> Solution {
    checked_play_out(board, pushes, states).expect("the search only makes legal pushes")
}

/// [`play_out`] for pushes put together from two searches: `None` unless every push is legal and
/// the last one solves the level.
pub(crate) fn checked_play_out(
    board: &Board,
    pushes: Vec<Push>,
    states: usize,
) -> Option<Solution> {
    let mut game = Game::new(board.clone());
    let mut finder = PathFinder::new();
    for p in &pushes {
        game.walk_to(&mut finder, p.stand())?;
        // A step that moves no box is not the push the search made.
        game.step(p.dir, true).ok()?.box_to?;
    }
    game.is_solved().then(|| Solution {
        lurd: game.lurd(),
        moves: game.board().moves() - board.moves(),
        pushes: game.board().pushes() - board.pushes(),
        push_list: pushes,
        states,
    })
}
