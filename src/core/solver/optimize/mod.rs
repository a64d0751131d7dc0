//! The optimizer: from a solution, a shorter one nearby (after YASO's *vicinity search*).
//!
//! A round takes the box positions the best solution so far passes through, adds every position
//! made from one of them by moving a few boxes a few cells ([`vicinity`]), and finds the best
//! solution that only passes through those ([`shortest`]: exhaustive, so never worse than the
//! solution it started from). A better one becomes the new best and the round is run again
//! around it; otherwise the next round reaches further ([`SPREADS`]), until the rounds run out,
//! the next vicinity would be too large, or the time is up. Every solution kept has been played
//! by the rules ([`checked_play_out`]).
//!
//! By moves: fewer moves, never more pushes than the solution given, fewer pushes on a tie. By
//! pushes: fewer pushes, then fewer moves.

mod shortest;
#[cfg(test)]
mod tests;
mod vicinity;

use std::sync::atomic::Ordering;
use std::time::Duration;
#[cfg(not(target_family = "wasm"))]
use std::time::Instant;
#[cfg(target_family = "wasm")]
use web_time::Instant;

use super::bound::{Distances, FAR};
use super::room::Room;
use super::table::random_keys;
use super::{Limits, Push, Solution, SolveError, checked_play_out, start};
use crate::core::lurd::{self, SolutionError};
use crate::core::{Board, Game};
use shortest::{Costs, Shortest};
use vicinity::{Spread, Vicinity};

/// What a better solution has fewer of first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// Moves, then pushes (and never more pushes than before).
    #[default]
    Moves,
    /// Pushes, then moves.
    Pushes,
}

/// The rounds' reach, nearest first: how many boxes move at once and how far. The first round
/// keeps the solution's own positions (its walks become shortest, its detours go).
const SPREADS: [(usize, u32); 18] = [
    (1, 0),
    (1, 1),
    (1, 2),
    (2, 1),
    (1, 3),
    (1, 5),
    (2, 2),
    (3, 1),
    (1, 8),
    (2, 3),
    (1, 12),
    (3, 2),
    (2, 5),
    (4, 1),
    (1, 20),
    (3, 3),
    (2, 8),
    (4, 2),
];

/// Expansions between looks at the clock.
const CHUNK: usize = 64;

#[derive(Debug, thiserror::Error)]
pub enum OptimizeError {
    #[error("the solution does not solve the level: {0}")]
    NotASolution(#[from] SolutionError),
    #[error("{0}")]
    Level(#[from] SolveError),
}

/// What an optimizer found.
#[derive(Clone, Debug)]
pub struct Optimized {
    /// The solution given: (moves, pushes).
    pub before: (u32, u32),
    /// The best solution found (the one given, with its own moves, when none was better).
    pub best: Solution,
    /// Rounds run to the end, and the largest vicinity searched (box positions).
    pub rounds: u32,
    pub largest: usize,
}

impl Optimized {
    pub fn improved(&self) -> bool {
        (self.best.moves, self.best.pushes) != self.before
    }
}

/// A round under way: its vicinity being built, then searched.
struct Round {
    spread: Spread,
    /// The best solution's positions (its start first).
    path: Vicinity,
    balls: Vec<Vec<u16>>,
    vicinity: Vicinity,
    /// Path positions spread so far, and the next box of the next one to move first.
    grown: usize,
    next_box: usize,
    search: Option<Shortest>,
}

/// The optimizer run a slice at a time (the game's "Improve" in a browser), or to the end
/// ([`optimize`]).
pub struct Optimizer {
    board: Board,
    room: Room,
    live: Vec<bool>,
    near: Vec<u32>,
    zobrist: Vec<u64>,
    metric: Metric,
    limits: Limits,
    started: Instant,
    start_boxes: Vec<u16>,
    worker: u16,
    result: Optimized,
    /// The next round's index in [`SPREADS`], and the round under way.
    next_spread: usize,
    round: Option<Round>,
    occupied: Vec<bool>,
    done: bool,
}

impl Optimizer {
    /// Checks the solution (`lurd`, played from `board`) and gets ready to improve it.
    pub fn new(
        board: &Board,
        lurd: &str,
        metric: Metric,
        limits: &Limits,
    ) -> Result<Optimizer, OptimizeError> {
        let (room, mut start_boxes, worker) = start(board)?;
        let game = lurd::check_solution(board, lurd)?;
        let mut replay = Game::new(board.clone());
        let pushes: Vec<Push> = game
            .history()
            .iter()
            .filter_map(|s| replay.step(s.dir, true).ok())
            .filter(|m| m.pushed())
            .map(|m| Push {
                from: m.to,
                dir: m.dir,
            })
            .collect();
        let given = Solution {
            lurd: game.lurd(),
            moves: game.board().moves() - board.moves(),
            pushes: game.board().pushes() - board.pushes(),
            push_list: pushes,
            states: 0,
        };
        start_boxes.sort_unstable();
        let live = room.live_cells();
        let dist = Distances::of(&room);
        let goals = room.goal.iter().filter(|g| **g).count();
        let near = (0..room.len() as u16)
            .map(|c| {
                let d = (0..goals).map(|g| dist.get(g, c)).min().unwrap_or(FAR);
                // A cell no box can bring to a goal is never in a vicinity (never live).
                d.clamp(0, FAR) as u32
            })
            .collect();
        let n = room.len();
        let zobrist = random_keys(n, 0x5851_f42d_4c95_7f2d);
        Ok(Optimizer {
            board: board.clone(),
            live,
            near,
            zobrist,
            metric,
            limits: limits.clone(),
            started: Instant::now(),
            start_boxes,
            worker,
            result: Optimized {
                before: (given.moves, given.pushes),
                best: given,
                rounds: 0,
                largest: 0,
            },
            next_spread: 0,
            round: None,
            occupied: vec![false; n],
            done: false,
            room,
        })
    }

    /// The best solution so far.
    pub fn best(&self) -> &Solution {
        &self.result.best
    }

    /// The solution given: (moves, pushes).
    pub fn before(&self) -> (u32, u32) {
        self.result.before
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    pub fn finish(self) -> Optimized {
        self.result
    }

    /// Works for about `slice` (to the end without one); true once done.
    pub fn step(&mut self, slice: Option<Duration>) -> bool {
        let began = Instant::now();
        while !self.done {
            if self.out_of_time() {
                self.done = true;
                break;
            }
            self.advance();
            if slice.is_some_and(|s| began.elapsed() >= s) {
                break;
            }
        }
        self.done
    }

    fn out_of_time(&self) -> bool {
        let cancelled = self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed));
        cancelled
            || self
                .limits
                .time
                .is_some_and(|t| self.started.elapsed() >= t)
    }

    /// Positions a vicinity or its search may hold before the round is given up.
    fn cap(&self) -> usize {
        self.limits.max_states / 2
    }

    /// One piece of work: start a round, spread one path position, or search a chunk.
    fn advance(&mut self) {
        let Some(round) = self.round.as_mut() else {
            self.begin_round();
            return;
        };
        if round.grown < round.path.len() {
            let from = round.path.boxes(round.grown as u32).to_vec();
            vicinity::spread_around(
                &from,
                round.next_box,
                &round.balls,
                &self.zobrist,
                round.spread,
                &mut self.occupied,
                &mut round.vicinity,
            );
            round.next_box += 1;
            if round.next_box >= from.len() {
                round.next_box = 0;
                round.grown += 1;
            }
            if round.vicinity.len() > self.cap() {
                self.end_round(None);
            }
            return;
        }
        let costs = Costs {
            metric: self.metric,
            near: &self.near,
            push_limit: match self.metric {
                Metric::Moves => self.result.before.1,
                Metric::Pushes => u32::MAX,
            },
        };
        let search = round.search.get_or_insert_with(|| {
            let key = self
                .start_boxes
                .iter()
                .fold(0, |h, &b| h ^ self.zobrist[b as usize]);
            let start = round
                .vicinity
                .find(key, &self.start_boxes)
                .expect("a vicinity holds its path's start");
            Shortest::new(self.room.len(), start, self.worker, &round.vicinity, &costs)
        });
        let answer = search.run(
            CHUNK,
            &self.room,
            &self.live,
            &round.vicinity,
            &self.zobrist,
            &costs,
        );
        if let Some(p) = &self.limits.progress {
            p.searched.store(
                (round.vicinity.len() + search.len()) as u64,
                Ordering::Relaxed,
            );
        }
        match answer {
            Some(end) => {
                let pushes = end.map(|e| search.pushes(&self.room, e));
                self.end_round(pushes);
            }
            None if search.len() > self.cap() => self.end_round(None),
            None => {}
        }
    }

    /// Starts the next round around the best solution, or ends the work when none is left.
    fn begin_round(&mut self) {
        let Some(&(boxes, radius)) = SPREADS.get(self.next_spread) else {
            self.done = true;
            return;
        };
        let spread = Spread { boxes, radius };
        let mut path = Vicinity::new(self.start_boxes.len());
        let mut boxes_now = self.start_boxes.clone();
        let mut key = boxes_now
            .iter()
            .fold(0, |h, &b| h ^ self.zobrist[b as usize]);
        path.insert(key, &boxes_now);
        for p in &self.result.best.push_list {
            let (from, to) = (self.room.at(p.from), self.room.at(p.to()));
            if let Some(b) = boxes_now.iter_mut().find(|b| **b == from) {
                *b = to;
                key ^= self.zobrist[from as usize] ^ self.zobrist[to as usize];
            }
            boxes_now.sort_unstable();
            path.insert(key, &boxes_now);
        }
        let balls = vicinity::balls(&self.room, &self.live, radius);
        if vicinity::estimate(&path, &balls, spread) > self.cap() as f64 {
            // Too large to build: the next spreads may be smaller (fewer boxes, further).
            self.next_spread += 1;
            return;
        }
        let mut vicinity = Vicinity::new(self.start_boxes.len());
        for id in 0..path.len() as u32 {
            vicinity.insert(path.key(id), path.boxes(id));
        }
        self.round = Some(Round {
            spread,
            path,
            balls,
            vicinity,
            grown: 0,
            next_box: 0,
            search: None,
        });
    }

    /// Ends the round with the pushes of its best solution (`None`: given up or none found):
    /// a better solution is kept and the same spread runs again around it.
    fn end_round(&mut self, pushes: Option<Vec<Push>>) {
        let Some(round) = self.round.take() else {
            return;
        };
        let searched = round.vicinity.len();
        self.result.largest = self.result.largest.max(searched);
        self.result.rounds += 1;
        let found = pushes.and_then(|p| checked_play_out(&self.board, p, searched));
        match found {
            Some(s) if self.better(&s) => self.result.best = s,
            _ => self.next_spread += 1,
        }
    }

    fn better(&self, s: &Solution) -> bool {
        let best = &self.result.best;
        match self.metric {
            Metric::Moves => {
                s.pushes <= self.result.before.1 && (s.moves, s.pushes) < (best.moves, best.pushes)
            }
            Metric::Pushes => (s.pushes, s.moves) < (best.pushes, best.moves),
        }
    }
}

/// Improves a solution within `limits` (time, positions, cancel flag); the solution given comes
/// back when nothing better is found.
pub fn optimize(
    board: &Board,
    lurd: &str,
    metric: Metric,
    limits: &Limits,
) -> Result<Optimized, OptimizeError> {
    let mut optimizer = Optimizer::new(board, lurd, metric, limits)?;
    optimizer.step(None);
    Ok(optimizer.finish())
}
