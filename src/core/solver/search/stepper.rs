//! The fast search from both ends: the forward and the backward search ([`super::backward`]) take
//! turns, and a position one has stored that the other stores too joins them. Also the search a
//! slice at a time (the hint in a browser).

use std::ops::Range;
use std::time::Duration;

use super::aim::Aim;
use super::{Instant, Limits, Mode, Search};
use crate::core::Board;
use crate::core::solver::goals::goals_in_a_block;
use crate::core::solver::{Push, Solution, SolveError, checked_play_out, play_out, start};

/// A [`search`](super::search) run a slice at a time: where there are no threads (a browser page), the game's
/// hint searches a few milliseconds each frame. The answer is the one `search` gives.
///
/// The fast mode first runs a short *opening* search forwards, which also takes from the
/// feature-space list (`Search::opening`); a level it does not solve is then searched from both
/// ends in turns: forwards from the board, and backwards from the solved position by pulls
/// (`Search::backward`). Either finding the other's position, or the backward search reaching
/// the board, ends it. Where the goals lie in a block, the backward search takes turns with the
/// opening too (in turns of `OPENING_TURN` floods). From the opening's end, backward searches
/// aimed at positions the opening unpacked (`super::aim`) take two backward turns of every
/// three (`AIM_CYCLE`), one after the other, and fifteen of sixteen once the first backward search
/// has had its early share (`LATE_AIM_CYCLE`); where the goals lie in a block, more are aimed
/// later at the forward search's positions (`LATE_AIMS_FROM`). An opening that has unpacked
/// nothing by its end runs on to look for an aim (`LONG_OPENING`). The opening is set aside at its
/// end: where the goals do not lie in a block it later takes the forward search's place
/// (`KEPT_OPENING_RETURNS`), where they do it later takes turns of its own
/// (`KEPT_OPENING_TURNS_FROM`). Once the forward search has had `BOX_SEARCH_FROM` floods, a
/// search with Festival's box moves (`super::moves`) takes a turn of its own after each forward
/// turn, shorter once it has stored `BOX_SEARCH_SHORT_FROM`; where the goals lie in a block it
/// starts at `BOX_SEARCH_EARLY_FROM`, with `BOX_SEARCH_EARLY_POSITIONS` at most until then.
pub struct Stepper {
    board: Board,
    boxes: Vec<u16>,
    worker: u16,
    started: Instant,
    /// The opening search, while it runs, and the positions it stored.
    opening: Option<Box<Search>>,
    opened: usize,
    /// The opening search, set aside at its end, until it takes the forward search's place
    /// ([`KEPT_OPENING_RETURNS`]) or, where the goals lie in a block, turns of its own
    /// ([`KEPT_OPENING_TURNS_FROM`]).
    kept: Option<Box<Search>>,
    /// Whether the turn under way is the set-aside opening's ([`KEPT_OPENING_TURNS_FROM`]).
    kept_turn: bool,
    /// The box-move search ([`BOX_SEARCH_FROM`]), from its first turn while it has not run
    /// out, and whether the turn under way is its.
    box_search: Option<Box<Search>>,
    box_turn: bool,
    /// Whether a box-move search is to run: with the opening (not in the rating's search),
    /// until it runs out or out of room.
    box_search_wanted: bool,
    /// Whether the backward search takes turns with the opening (else it waits for it).
    interleaved: bool,
    /// The search under way, and the positions of an earlier pass (with goal macros).
    pass: Box<Search>,
    earlier: Option<usize>,
    /// The backward search, while it has not run out.
    back: Option<Box<Search>>,
    /// Whether it is the backward search's turn.
    back_turn: bool,
    /// Backward searches aimed at positions the opening reached (`super::aim`), from the
    /// opening's end while they have not run out; they take the aimed turns in turn.
    aims: Vec<Aim>,
    /// The boxes of every target aimed at so far, and the forward search's floods at which the
    /// next late aim is set up ([`LATE_AIMS_FROM`]).
    aimed_at: Vec<Vec<u16>>,
    next_late_aim: u64,
    /// Whether the backward turn under way is an aimed search's, and which one's.
    aim_turn: bool,
    aim_at: usize,
    /// Backward turns taken, modulo [`AIM_CYCLE`] or [`LATE_AIM_CYCLE`].
    back_turns: u32,
    /// The forward search's turn, in floods ([`TURN`] or [`FORWARD_TURN`]).
    forward_turn: u64,
    /// The opening's end, in floods: [`OPENING`], or [`LONG_OPENING`] where it found no aim by
    /// then.
    opening_end: u64,
    /// The opening's positions looked at for one unpacked, once it runs on.
    scanned: usize,
    /// Whether near misses are searched around ([`focus_near_misses`]; not in the search the
    /// level rating counts).
    focusing: bool,
    finish: Finish,
}

/// How a fast search found its solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Not yet, or no solution.
    #[default]
    Searching,
    /// The opening search reached a solved position.
    Opening,
    /// The box-move search reached a solved position.
    BoxMoves,
    /// The forward search reached a solved position.
    Forward,
    /// The backward search reached the board.
    Backward,
    /// One direction found a position the other had stored.
    Met,
    /// An aimed backward search (`super::aim`) reached its target.
    Aimed,
}

/// The work of one direction's turn, in worker floods (about 5 ms on XSokoban). Turns are
/// counted, not timed, so that the answer does not depend on the machine or on how the search is
/// sliced.
const TURN: u64 = 2000;

/// The forward search's turn where the goals lie in a block ([`goals_in_a_block`]), in floods:
/// there the backward search does most of the work. The two meet a few pushes from the start and
/// hundreds from the solved position (XSokoban 14: the forward search's 12th push and the
/// backward search's 321st; 64: 11th and 428th), after the same backward floods whatever the
/// forward turn; the forward search has stored the meeting position long before. XSokoban 14, 15,
/// 16, 45, 46, 61 and 64, 30 s each: 86.3 s in all with 2,000 floods, 76.1 s with 1,000, 71.5 s
/// with 700, 73.2 s with 500. Where the goals are scattered or in a line (all of Microban I) it
/// can be the other way round: Microban 153 meets when the forward search reaches 3.2 million
/// floods, and took 14.4 s instead of 8.2 with 700-flood turns, so there the turns stay equal.
const FORWARD_TURN: u64 = 700;

/// The backward turns in which the first backward search takes one where there are aimed
/// searches (`super::aim`), which take the others. With one in two instead of one in three,
/// XSokoban 36, 41, 44 and 87 searched 4.4, 4.0, 8.1 and 4.4 million positions to their
/// solution against 3.5, 3.0, 5.9 and 3.5 million, and at 10 s a level (side by side) 61 levels
/// were solved against 65 (13, 41, 46, 90) on a loaded machine, Microban I 155 either way.
const AIM_CYCLE: u32 = 3;

/// The backward turns in which the first backward search takes one once it has had
/// [`FIRST_BACKWARD_EARLY`] floods. Where it meets the forward search, it meets early (XSokoban
/// 37 after 1.7 million floods of its own, 21 0.5 million, 61 0.9 million); on the levels that
/// run long the aims do the work. By positions, against one in three throughout: XSokoban 44
/// 4.7 million instead of 5.9, 85 10.0 instead of 12.0, 87 3.3 instead of 3.5, the rest the same
/// or fewer. With one in sixteen throughout, 37 took 3.7 million instead of 2.8 (10.6 s).
const LATE_AIM_CYCLE: u32 = 16;

/// The first backward search's floods after which it takes one backward turn of
/// [`LATE_AIM_CYCLE`]. From 1 million, XSokoban 37 took 4.0 million positions instead of 2.8.
const FIRST_BACKWARD_EARLY: u64 = 2_000_000;

/// The opening search's turn where the backward search takes turns with it (where the goals lie
/// in a block), in floods. The opening's dives across the level meet the backward search far
/// sooner than the search from both ends' forward search does: XSokoban 5, 12, 26 and 49 in
/// 0.1 to 1.1 s instead of 2.2 to 5.1 s (10 s a level, side by side), the same 47 levels solved.
/// The levels the opening solves alone (4, 48 and 76) take longer the smaller its share: with
/// 700-flood turns 48 was lost at 15 s, with 2,000 it took 9.9 s, with 4,000 7.3 s instead of
/// 4.4. On every level, Microban 153 (whose two ends meet late) was lost at 10 s.
const OPENING_TURN: u64 = 4000;

/// The opening search's work ([`Search::opening`]), in worker floods: 1 to 2.5 s on XSokoban.
/// The levels only it solves there took up to 0.9 million (4, 48 and 76: 220,663 to 288,837
/// positions); with 0.8 million, 48 and 76 were lost.
const OPENING: u64 = 1_000_000;

/// The opening's work at most where the goals lie in a block and it has stored no position with
/// the worker reaching every free cell by [`OPENING`] floods, so that no aim (`super::aim`) could
/// be set up: it runs on, the backward search taking turns with it as before, and hands over at
/// the first such position. XSokoban 70 was solved so in 4.6 s (1,406,734 positions) instead of
/// not in 60 s; 75, which never gets one, took 9,710,344 positions instead of 9,295,759; every
/// level with an aim by [`OPENING`] searches as before. Run on to this on every level without an
/// aim, Sasquatch I 33 and 46 were lost (unsolved in 20 s against 9.0 and 6.2).
const LONG_OPENING: u64 = 4_000_000;

/// The forward search's floods after which the opening search, set aside at its end where the
/// goals do not lie in a block, takes its place (with its positions and its feature-space list):
/// XSokoban 20 is solved so in 18.7 s (4,757,601 positions), unsolved at 120 s before. Kept going
/// as the forward search from the opening's end instead, it solved 20 in 14.5 s but took
/// XSokoban 11 from 4.2 s to 27.4; set aside but its positions looked up by the backward
/// searches all along, Sasquatch I 19 was lost at 10 s. A level solved before this point (7.2 s
/// on XSokoban 20) searches the same positions as without it.
const KEPT_OPENING_RETURNS: u64 = 3_000_000;

/// The forward search's floods from which, where the goals lie in a block, the opening set aside
/// at its end takes a turn of [`KEPT_OPENING_TURN`] floods after each forward turn, searching
/// alone (its positions are not looked up in the backward searches' tables): its FESS search
/// alone solves XSokoban 52 in 15.0 s, which the search from both ends does not solve in 150 s.
/// It takes no turns from the search from both ends or its aims; they only run slower. XSokoban
/// at 60 s, side by side: 52 solved in 35.4 s; 35, 44, 74 and 75 (the levels it slows) from
/// 25.9, 24.4, 19.1 and 25.4 s to 38.0, 35.4, 24.2 and 33.2 s, the same positions; every
/// XSokoban, Sasquatch I and Box World level solved within 10 s searches as before (3 million
/// forward floods come after 8.6 s at the earliest). Returning as the forward search instead
/// (as where the goals do not lie in a block): from 3 million floods 74 was not solved in 150 s,
/// from 4.5 million 35 searched 13.2 million positions instead of 7.6.
const KEPT_OPENING_TURNS_FROM: u64 = 3_000_000;

/// The set-aside opening's turn where the goals lie in a block ([`KEPT_OPENING_TURNS_FROM`]):
/// half a forward and a backward turn together, a third of the work from then on. As long as
/// both (half the work), 52 took 30.1 s but 35 53.6 s and 44 48.0 s.
const KEPT_OPENING_TURN: u64 = (FORWARD_TURN + TURN) / 2;

/// The forward search's floods from which, where the goals lie in a block, a backward search is
/// aimed at one of its own unpacked positions every [`LATE_AIM_EVERY`] floods
/// (`Stepper::aim_late`): the opening's targets are an early guess, and on the levels that run
/// long the aims do the work. XSokoban 74 was solved so in 17.3 s instead of 45.4 (7,263,558
/// positions against 20,231,957: the third late aim's target), 44 took 23.1 s instead of 12.7
/// (7,979,147 against 4,723,928; 6,328,740 since the oldest late aim gives way), and every XSokoban and Sasquatch I level solved within 10 s
/// searched the same positions (Box World 40: 3,781,235 instead of 3,700,733). Where the goals do
/// not lie in a block, 85 took 52.2 s instead of 29.6.
const LATE_AIMS_FROM: u64 = 2_000_000;

/// The forward floods between two late aims ([`LATE_AIMS_FROM`]).
const LATE_AIM_EVERY: u64 = 1_000_000;

/// The most aimed searches at once, the opening's two among them ([`LATE_AIMS_FROM`]).
const MOST_AIMS: usize = 4;

/// The forward search's floods from which the box-move search (`super::moves`: Festival's box
/// moves, its packing feature, on every level) takes a turn of [`BOX_SEARCH_TURN`] floods after
/// each forward turn, searching alone from the start. Alone it solves XSokoban 27 in 0.07 s and
/// 23 in 10.4 s, which the search from both ends does not solve in 150 s, but as the opening
/// (in its place) it lost 9 of the 70 levels solved in 10 s: it takes nothing before the
/// forward search has had the floods the levels solved in 10 s take (3 million come after 8.6 s
/// at the earliest, as for [`KEPT_OPENING_TURNS_FROM`]).
const BOX_SEARCH_FROM: u64 = 3_000_000;

/// The box-move search's turn ([`BOX_SEARCH_FROM`]). Side by side at 60 s, with turns of 1,350
/// floods XSokoban 23 took 58.4 s; with 2,000, 48.0 s, and the levels it slows most (44, 52, 35)
/// 49.4, 46.9 and 49.0 s instead of about 35 to 38.
const BOX_SEARCH_TURN: u64 = 2000;

/// The box-move search's positions from which its turns are [`BOX_SEARCH_SHORT_TURN`] floods.
/// Where it solves a level in its first turns it solves it early (XSokoban 27 in 12,582 of its
/// positions, 30 in 164,178), and past them it goes on at half the pace, so that the levels the
/// others solve late pay less for the ones only it solves: side by side at 60 s, with turns of
/// 2,000 floods throughout, XSokoban 23 took 37.7 s and 44 52.6 s (main 39.0 s); with 1,000
/// from here, 45.8 and 43.2 s; with 1,400, 40.0 and 45.9 s. (Dropped here instead, as it was
/// before, it left 23 unsolved; uncapped with the opening's turns, 23 took 59.9 s and 44
/// 58.1.)
const BOX_SEARCH_SHORT_FROM: usize = 200_000;

/// The box-move search's turn past [`BOX_SEARCH_SHORT_FROM`].
const BOX_SEARCH_SHORT_TURN: u64 = BOX_SEARCH_TURN / 2;

/// Where the goals lie in a block, the forward search's floods from which the box-move search
/// takes its first turns, up to [`BOX_SEARCH_EARLY_POSITIONS`]: there the forward search has
/// [`FORWARD_TURN`] floods where the backward search has [`TURN`], so this is about the same
/// work of the searches together as [`BOX_SEARCH_FROM`] where they do not.
const BOX_SEARCH_EARLY_FROM: u64 = BOX_SEARCH_FROM * FORWARD_TURN / TURN;

/// The box-move search's positions at most before the forward search has had
/// [`BOX_SEARCH_FROM`] floods, where it starts early ([`BOX_SEARCH_EARLY_FROM`]); it waits
/// there, then goes on. The levels it solves in a few of its
/// positions are solved early: XSokoban 27 (12,582 of them) in 6.9 s instead of 15.8, 75
/// (27,101) in 10.4 s instead of 17.4, Box World 97 in 3.8 s instead of 9.2; the levels solved
/// past its start pay for these few (XSokoban 36 8.6 s instead of 8.4, 87 9.2 instead of 9.1;
/// its 200,000 positions so early took 36 to 10.6 s and 87 to 11.0, instead of 9.0 and 9.8).
const BOX_SEARCH_EARLY_POSITIONS: usize = 30_000;

/// The most positions one meeting looks up: more than a turn stores (a position takes a flood
/// at least), so that only the opening's positions, looked up once it returns
/// ([`KEPT_OPENING_RETURNS`]), are spread over several meetings, and no slice of the hint's
/// search is held up by the million of them.
const MEETING_SHARE: usize = 5_000;

impl Stepper {
    pub fn new(board: &Board, mode: Mode, limits: &Limits) -> Result<Stepper, SolveError> {
        Stepper::set_up(board, mode, limits, true)
    }

    /// The search without the opening, as it was before it: the level rating counts this
    /// search's positions, and the ratings kept in the shipped levels' notes must not move each
    /// time the solver gets faster.
    pub fn without_opening(
        board: &Board,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Stepper, SolveError> {
        Stepper::set_up(board, mode, limits, false)
    }

    fn set_up(
        board: &Board,
        mode: Mode,
        limits: &Limits,
        opens: bool,
    ) -> Result<Stepper, SolveError> {
        let (room, boxes, worker) = start(board)?;
        let back = (mode == Mode::Fast).then(|| {
            let mut back = Search::backward(room.clone(), limits.clone(), boxes.clone(), worker);
            back.turn_end = 0;
            back.diving = opens;
            Box::new(back)
        });
        let in_a_block = opens && goals_in_a_block(&room);
        let interleaved = in_a_block && back.is_some();
        let opening = (opens && mode == Mode::Fast).then(|| {
            let mut opening = Search::new(room.clone(), mode, limits.clone());
            opening.opening = true;
            opening.goal_macros = true;
            opening.pockets_in_rooms = true;
            opening.packing = true;
            opening.begin(boxes.clone(), worker);
            opening.turn_end = if interleaved { OPENING_TURN } else { OPENING };
            Box::new(opening)
        });
        let forward_turn = if in_a_block { FORWARD_TURN } else { TURN };
        let mut pass = Box::new(Search::new(room, mode, limits.clone()));
        pass.goal_macros = mode == Mode::Fast;
        pass.packing = opens && mode == Mode::Fast;
        // The rating's search stays as it was (see `without_opening`).
        pass.pockets_in_rooms = opens;
        pass.corrals_when_expanded = opens;
        pass.begin(boxes.clone(), worker);
        if back.is_some() {
            pass.turn_end = pass.room.floods + forward_turn;
        }
        Ok(Stepper {
            board: board.clone(),
            boxes,
            worker,
            started: Instant::now(),
            interleaved: interleaved && opening.is_some(),
            opening,
            opened: 0,
            kept: None,
            kept_turn: false,
            box_search: None,
            box_turn: false,
            box_search_wanted: opens && mode == Mode::Fast,
            pass,
            earlier: None,
            back,
            back_turn: false,
            aims: Vec::new(),
            aimed_at: Vec::new(),
            next_late_aim: LATE_AIMS_FROM,
            aim_turn: false,
            aim_at: 0,
            back_turns: 0,
            forward_turn,
            opening_end: OPENING,
            scanned: 0,
            focusing: opens,
            finish: Finish::Searching,
        })
    }

    /// Searches for about `slice` (or to the end): `None` while there is no answer yet.
    pub fn step(&mut self, slice: Option<Duration>) -> Option<Result<Solution, SolveError>> {
        let until = slice.map(|d| Instant::now() + d);
        loop {
            if let (None, Some(opening)) = (&self.back, &mut self.opening) {
                // The backward search ran out during the opening: the opening goes on alone.
                opening.turn_end = self.opening_end;
                self.interleaved = false;
            }
            if self.opening.is_some() && !self.interleaved {
                let answer = self.opening_turn(until);
                if answer.is_some() || self.opening.is_some() {
                    return answer;
                }
            }
            if self.back.is_none() {
                // The forward search goes on alone, to the end: the set-aside opening would never
                // return.
                self.aims.clear();
                self.kept = None;
                self.pass.turn_end = u64::MAX;
                return self.forward_turn(until);
            }
            if self.box_turn {
                let answer = self.box_search_turn(until);
                if answer.is_some() || until.is_some_and(|t| Instant::now() >= t) {
                    return answer;
                }
                continue;
            }
            if self.kept_turn {
                let answer = self.kept_opening_turn(until);
                if answer.is_some() || until.is_some_and(|t| Instant::now() >= t) {
                    return answer;
                }
                continue;
            }
            let search = self.in_turn();
            if search.room.floods >= search.turn_end {
                if !self.back_turn
                    && search.room.floods >= self.opening_end
                    && self.opening.is_some()
                {
                    // The opening's work is done: it hands over to the forward search.
                    let answer = self.opening_turn(until);
                    if answer.is_some() {
                        return answer;
                    }
                    continue;
                }
                // The turn is over: the other direction's turn, after a look for a meeting.
                if let Some(answer) = self.meet(self.back_turn) {
                    return Some(answer);
                }
                if !self.back_turn {
                    self.kept_opening_returns();
                    self.aim_late();
                    self.kept_opening_takes_a_turn();
                    self.box_search_takes_a_turn();
                }
                self.back_turn = !self.back_turn;
                if self.back_turn {
                    self.choose_backward_search();
                }
                let turn = match self.opening {
                    _ if self.back_turn => TURN,
                    Some(_) => OPENING_TURN,
                    None => self.forward_turn,
                };
                let next = self.in_turn_mut();
                next.turn_end = next.room.floods + turn;
                if let Some(opening) = &mut self.opening {
                    opening.turn_end = opening.turn_end.min(self.opening_end);
                }
                continue;
            }
            let answer = if self.aiming() {
                self.aimed_turn(until)
            } else if self.back_turn {
                self.backward_turn(until)
            } else if self.opening.is_some() {
                self.opening_turn(until)
            } else {
                self.forward_turn(until)
            };
            if answer.is_some() || until.is_some_and(|t| Instant::now() >= t) {
                return answer;
            }
        }
    }

    /// Whether the backward turn that starts is an aimed search's ([`AIM_CYCLE`] at first, then
    /// [`LATE_AIM_CYCLE`]), and which one's.
    fn choose_backward_search(&mut self) {
        let first_floods = self.back.as_ref().map_or(0, |back| back.room.floods);
        let cycle = if first_floods < FIRST_BACKWARD_EARLY {
            AIM_CYCLE
        } else {
            LATE_AIM_CYCLE
        };
        self.back_turns = (self.back_turns + 1) % cycle;
        self.aim_turn = !self.aims.is_empty() && self.back_turns != 0;
        if self.aim_turn {
            self.aim_at = (self.aim_at + 1) % self.aims.len();
        }
    }

    /// Searches to the end, in one go.
    pub fn run(&mut self) -> Result<Solution, SolveError> {
        loop {
            if let Some(answer) = self.step(None) {
                return answer;
            }
        }
    }

    /// How the solution was found.
    pub fn finish(&self) -> Finish {
        self.finish
    }

    /// Positions stored by every pass (the search from both ends is set up but counts none
    /// while the opening runs, but for the backward search when it takes turns with it).
    fn states(&self) -> usize {
        let back = self.back.as_ref().map_or(0, |b| b.info.len())
            + self.aims.iter().map(|a| a.search.info.len()).sum::<usize>()
            + self.box_search.as_ref().map_or(0, |s| s.info.len());
        match &self.opening {
            Some(opening) if self.interleaved => opening.info.len() + back,
            Some(opening) => opening.info.len(),
            None => {
                // A set-aside opening stores more only in turns of its own.
                let kept = self.kept.as_ref().map_or(0, |kept| kept.info.len());
                let kept_since = kept.saturating_sub(self.opened);
                self.opened + kept_since + self.pass.info.len() + self.earlier.unwrap_or(0) + back
            }
        }
    }

    /// Runs the opening search on; `None` while it runs, and once it has handed over to the
    /// search from both ends (its work done, or out of positions or of room).
    fn opening_turn(&mut self, until: Option<Instant>) -> Option<Result<Solution, SolveError>> {
        let opening = self.opening.as_mut()?;
        let found = opening.resume(until);
        let stored = opening.info.len();
        let by_floods = found.is_none();
        // Run on, it ends at the first position unpacked.
        let running_on = self.opening_end == LONG_OPENING && by_floods;
        let unpacked = running_on && opening.unpacked_from(self.scanned).next().is_some();
        self.scanned = stored;
        let over = opening.room.floods >= self.opening_end || unpacked;
        let states = self.states();
        match found {
            None if !over => return None,
            Some(Ok(pushes)) => {
                self.finish = Finish::Opening;
                return Some(Ok(play_out(&self.board, pushes, states)));
            }
            Some(Err(
                e @ (SolveError::TimedOut { .. }
                | SolveError::Cancelled { .. }
                | SolveError::Unsolvable { .. }),
            )) => return Some(Err(e.with_states(states))),
            _ => {}
        }
        if self.interleaved
            && let Some(answer) = self.meet(false)
        {
            return Some(answer);
        }
        if let (Some(opening), Some(_)) = (&mut self.opening, &self.back)
            && by_floods
            && self.interleaved
            && self.opening_end == OPENING
            && opening.unpacked_from(1).next().is_none()
        {
            // No aim yet: the opening runs on to look for one.
            self.opening_end = LONG_OPENING;
            opening.turn_end = opening.room.floods + OPENING_TURN;
            return None;
        }
        if let (Some(opening), Some(back)) = (&self.opening, &self.back) {
            self.aims = Aim::at_targets_of(opening, back.room.clone(), self.limits_left());
            self.aimed_at = self.aims.iter().map(|aim| aim.boxes.clone()).collect();
        }
        self.opened = stored;
        let opening = self.opening.take();
        if by_floods && self.back.is_some() {
            self.kept = opening;
        }
        None
    }

    /// Where the goals do not lie in a block, the opening set aside takes the forward search's
    /// place once that has had [`KEPT_OPENING_RETURNS`] floods; its positions are looked up in
    /// the backward searches' tables from the next meeting on, a share at a time
    /// ([`MEETING_SHARE`]).
    fn kept_opening_returns(&mut self) {
        if self.goals_in_a_block() || self.pass.room.floods < KEPT_OPENING_RETURNS {
            return;
        }
        let Some(mut kept) = self.kept.take() else {
            return;
        };
        kept.met_up_to = 0;
        kept.turn_end = kept.room.floods + self.forward_turn;
        self.opened = self.pass.info.len() + self.earlier.take().unwrap_or(0);
        self.pass = kept;
    }

    /// Where the goals lie in a block, the set-aside opening's turn after each forward turn once
    /// that search has had [`KEPT_OPENING_TURNS_FROM`] floods.
    fn kept_opening_takes_a_turn(&mut self) {
        if !self.goals_in_a_block() || self.pass.room.floods < KEPT_OPENING_TURNS_FROM {
            return;
        }
        if let Some(kept) = &mut self.kept {
            kept.turn_end = kept.room.floods + KEPT_OPENING_TURN;
            self.kept_turn = true;
        }
    }

    /// Gives the box-move search a turn once the forward search has had [`BOX_SEARCH_FROM`]
    /// floods ([`BOX_SEARCH_EARLY_FROM`] where the goals lie in a block), setting it up at the
    /// first; its turns are shorter once it has stored [`BOX_SEARCH_SHORT_FROM`].
    fn box_search_takes_a_turn(&mut self) {
        let floods = self.pass.room.floods;
        let from = match self.goals_in_a_block() {
            true => BOX_SEARCH_EARLY_FROM,
            false => BOX_SEARCH_FROM,
        };
        if !self.box_search_wanted || floods < from {
            return;
        }
        let early = floods < BOX_SEARCH_FROM;
        if self.box_search.is_none() {
            let Ok((room, boxes, worker)) = start(&self.board) else {
                self.box_search_wanted = false;
                return;
            };
            let search = Search::box_search(room, self.limits_left(), boxes, worker);
            self.box_search = Some(Box::new(search));
        }
        match &mut self.box_search {
            Some(search) if early && search.info.len() >= BOX_SEARCH_EARLY_POSITIONS => {}
            Some(search) => {
                let turn = match search.info.len() >= BOX_SEARCH_SHORT_FROM {
                    true => BOX_SEARCH_SHORT_TURN,
                    false => BOX_SEARCH_TURN,
                };
                search.turn_end = search.room.floods + turn;
                self.box_turn = true;
            }
            None => {}
        }
    }

    /// The box-move search's turn ([`own_turn`]); once it has run out it is not set
    /// up again.
    fn box_search_turn(&mut self, until: Option<Instant>) -> Option<Result<Solution, SolveError>> {
        let found = own_turn(&mut self.box_search, &mut self.box_turn, until);
        if self.box_search.is_none() {
            self.box_search_wanted = false;
        }
        self.own_turn_answer(found, Finish::BoxMoves)
    }

    /// The set-aside opening's turn ([`KEPT_OPENING_TURNS_FROM`], [`own_turn`]).
    fn kept_opening_turn(
        &mut self,
        until: Option<Instant>,
    ) -> Option<Result<Solution, SolveError>> {
        let found = own_turn(&mut self.kept, &mut self.kept_turn, until);
        self.own_turn_answer(found, Finish::Opening)
    }

    /// The solution or the stop a search searching in turns of its own ended on ([`own_turn`]),
    /// the whole search's positions counted.
    fn own_turn_answer(
        &mut self,
        found: Option<Result<Vec<Push>, SolveError>>,
        finish: Finish,
    ) -> Option<Result<Solution, SolveError>> {
        let found = found?;
        let states = self.states();
        Some(match found {
            Ok(pushes) => {
                self.finish = finish;
                Ok(play_out(&self.board, pushes, states))
            }
            Err(e) => Err(e.with_states(states)),
        })
    }

    /// Where the goals lie in a block and the opening set up aims, a new aim every
    /// [`LATE_AIM_EVERY`] forward floods from [`LATE_AIMS_FROM`], at the forward search's
    /// unpacked position with the fewest pushes plus bound whose boxes stand apart from every
    /// target before; at most [`MOST_AIMS`] search at once, the oldest late one giving way.
    fn aim_late(&mut self) {
        if !self.goals_in_a_block()
            || self.aimed_at.is_empty()
            || self.pass.room.floods < self.next_late_aim
        {
            return;
        }
        self.next_late_aim = self.pass.room.floods + LATE_AIM_EVERY;
        let (Some(back), Some(target)) = (&self.back, self.pass.target_apart_from(&self.aimed_at))
        else {
            return;
        };
        let aim = Aim {
            late: true,
            ..Aim::at(&self.pass, target, back.room.clone(), self.limits_left())
        };
        self.aimed_at.push(aim.boxes.clone());
        self.aims.push(aim);
        if self.aims.len() > MOST_AIMS {
            // The one just pushed is late, so there is always one to give way.
            if let Some(oldest_late) = self.aims.iter().position(|aim| aim.late) {
                self.aims.remove(oldest_late);
            }
        }
        self.aim_at %= self.aims.len();
    }

    /// Whether the goals lie in a block ([`goals_in_a_block`]) for this search: the forward turn
    /// was set from it (never for the rating's search, which has no opening).
    fn goals_in_a_block(&self) -> bool {
        self.forward_turn == FORWARD_TURN
    }

    fn forward_turn(&mut self, until: Option<Instant>) -> Option<Result<Solution, SolveError>> {
        let found = self.pass.resume(until)?;
        let states = self.states();
        match found {
            Err(SolveError::GaveUp { .. }) if self.pass.exhausted && self.earlier.is_none() => {
                // Goal macros left nothing to search: again without them, in the time left.
                let limits = self.limits_left();
                let room = self.pass.room.clone();
                let corrals_when_expanded = self.pass.corrals_when_expanded;
                self.earlier = Some(self.pass.info.len());
                *self.pass = Search::new(room, self.pass.mode, limits);
                self.pass.corrals_when_expanded = corrals_when_expanded;
                self.pass.begin(self.boxes.clone(), self.worker);
                if self.back.is_some() {
                    self.pass.turn_end = self.pass.room.floods + self.forward_turn;
                }
                None
            }
            Err(e) => Some(Err(e.with_states(states))),
            Ok(pushes) => {
                self.finish = Finish::Forward;
                Some(Ok(play_out(&self.board, pushes, states)))
            }
        }
    }

    fn backward_turn(&mut self, until: Option<Instant>) -> Option<Result<Solution, SolveError>> {
        let back = self.back.as_mut()?;
        let found = back.resume(until)?;
        let states = self.states();
        match found {
            Ok(pushes) => {
                let solution = checked_play_out(&self.board, pushes, states);
                debug_assert!(
                    solution.is_some(),
                    "the backward search's pushes solve the level"
                );
                if solution.is_none() {
                    self.back = None;
                    return None;
                }
                self.finish = Finish::Backward;
                solution.map(Ok)
            }
            // Every position the solved boxes can be pulled to, searched without reaching the
            // board: that proves it as well as the forward search running out.
            Err(
                e @ (SolveError::TimedOut { .. }
                | SolveError::Cancelled { .. }
                | SolveError::Unsolvable { .. }),
            ) => Some(Err(e.with_states(states))),
            Err(_) => {
                // Out of positions or of room: the forward search goes on alone.
                self.back = None;
                None
            }
        }
    }

    /// The limits of a search set up now: the time left of the budget.
    fn limits_left(&self) -> Limits {
        Limits {
            time: (self.pass.limits.time).map(|t| t.saturating_sub(self.started.elapsed())),
            ..self.pass.limits.clone()
        }
    }

    /// An aimed search's turn: reaching its target solves the level; running out (the target
    /// cannot be solved) or out of room leaves the other searches to go on without it.
    fn aimed_turn(&mut self, until: Option<Instant>) -> Option<Result<Solution, SolveError>> {
        let aim = self.aims.get_mut(self.aim_at)?;
        let found = aim.search.resume(until)?;
        let states = self.states();
        match found {
            Ok(pushes) => {
                let mut all = self.aims.swap_remove(self.aim_at).prefix;
                all.extend(pushes);
                self.joined(all, states, Finish::Aimed)
            }
            Err(e @ (SolveError::TimedOut { .. } | SolveError::Cancelled { .. })) => {
                Some(Err(e.with_states(states)))
            }
            Err(_) => {
                self.aims.remove(self.aim_at);
                self.aim_turn = false;
                None
            }
        }
    }

    /// Whether the turn under way is an aimed search's (the one at `aim_at`).
    fn aiming(&self) -> bool {
        self.back_turn && self.aim_turn && self.aim_at < self.aims.len()
    }

    /// The search whose turn it is: a backward one, the opening, or the forward search.
    fn in_turn(&self) -> &Search {
        match (self.aims.get(self.aim_at), &self.back, &self.opening) {
            (Some(aim), _, _) if self.aiming() => &aim.search,
            (_, Some(back), _) if self.back_turn => back,
            (_, _, Some(opening)) => opening,
            _ => &self.pass,
        }
    }

    fn in_turn_mut(&mut self) -> &mut Search {
        let aiming = self.aiming();
        match (
            self.aims.get_mut(self.aim_at),
            &mut self.back,
            &mut self.opening,
        ) {
            (Some(aim), _, _) if aiming => &mut aim.search,
            (_, Some(back), _) if self.back_turn => back,
            (_, _, Some(opening)) => opening,
            _ => &mut self.pass,
        }
    }

    /// Looks up the positions one direction stored since the last look in the other's table;
    /// a position both know joins the forward pushes to it with the backward pushes from it.
    /// The forward search is the opening while it runs. Without a meeting, the near misses
    /// are searched around ([`focus_near_misses`]). The forward search's new positions are
    /// looked up in every backward search's table.
    fn meet(&mut self, backward: bool) -> Option<Result<Solution, SolveError>> {
        let from = match backward {
            true => self.in_turn_mut(),
            false => self.opening.as_deref_mut().unwrap_or(&mut self.pass),
        };
        let new = from.met_up_to..from.info.len().min(from.met_up_to + MEETING_SHARE);
        from.met_up_to = new.end;
        if backward {
            let aimed = self.aiming().then_some(self.aim_at);
            return self.meet_in(new, true, aimed);
        }
        let mut answer = self.meet_in(new.clone(), false, None);
        for aim in 0..self.aims.len() {
            answer = answer.or_else(|| self.meet_in(new.clone(), false, Some(aim)));
        }
        answer
    }

    /// [`Stepper::meet`] for the positions `new` of one direction, against the backward search
    /// or the aimed one at `aimed`.
    fn meet_in(
        &mut self,
        new: Range<usize>,
        backward: bool,
        aimed: Option<usize>,
    ) -> Option<Result<Solution, SolveError>> {
        let back = match aimed {
            Some(aim) => &mut self.aims.get_mut(aim)?.search,
            None => self.back.as_mut()?,
        };
        let forward = self.opening.as_deref_mut().unwrap_or(&mut self.pass);
        let (from, other) = if backward {
            (&mut **back, forward)
        } else {
            (forward, &mut **back)
        };
        let mut near_misses = Vec::new();
        let near = self.focusing.then_some(&mut near_misses);
        let Some((id, other_id)) = meeting(from, other, new, near) else {
            focus_near_misses(from, other, &near_misses);
            return None;
        };
        let (fwd, bwd) = if backward {
            (other_id, id)
        } else {
            (id, other_id)
        };
        let forward = self.opening.as_deref().unwrap_or(&self.pass);
        let back = match aimed {
            Some(aim) => &self.aims.get(aim)?.search,
            None => self.back.as_ref()?,
        };
        let mut pushes = forward.pushes_to(fwd);
        pushes.extend(back.pushes_to(bwd));
        let states = self.states();
        self.joined(pushes, states, Finish::Met)
    }

    /// The solution of pushes put together from two searches, which ends the search as
    /// `finish`; `None` (a failed debug assertion) when they do not replay to solved.
    fn joined(
        &mut self,
        pushes: Vec<Push>,
        states: usize,
        finish: Finish,
    ) -> Option<Result<Solution, SolveError>> {
        let solution = checked_play_out(&self.board, pushes, states);
        debug_assert!(
            solution.is_some(),
            "the joined pushes solve the level ({finish:?})"
        );
        if solution.is_some() {
            self.finish = finish;
        }
        solution.map(Ok)
    }
}

/// A turn of a search that takes turns of its own (the set-aside opening, the box-move search):
/// its pushes to a solved position or the time or cancel flag it stopped on; `None` while it
/// runs and once its turn is over (`turn` cleared) or it has run out of positions (goal macros
/// can lose solutions) or of room: then it is dropped, and the others go on without it.
fn own_turn(
    search: &mut Option<Box<Search>>,
    turn: &mut bool,
    until: Option<Instant>,
) -> Option<Result<Vec<Push>, SolveError>> {
    let Some(running) = search.as_mut() else {
        *turn = false;
        return None;
    };
    if running.room.floods >= running.turn_end {
        *turn = false;
        return None;
    }
    match running.resume(until)? {
        found @ (Ok(_) | Err(SolveError::TimedOut { .. } | SolveError::Cancelled { .. })) => {
            Some(found)
        }
        Err(_) => {
            *search = None;
            *turn = false;
            None
        }
    }
}

/// The first of the positions `new` of `from` that `other` has stored too, with its node
/// there. Without one, and with `near` given, the near misses among them are put in `near`:
/// positions whose boxes `other` has stored with the worker in another area.
fn meeting(
    from: &Search,
    other: &Search,
    new: Range<usize>,
    mut near: Option<&mut Vec<(u32, u32)>>,
) -> Option<(u32, u32)> {
    new.into_iter().find_map(|id| {
        let (boxes, worker) = from.position(id);
        let Some(near) = near.as_deref_mut() else {
            return other.find(boxes, worker).1.map(|o| (id as u32, o));
        };
        match other.find_or_near(boxes, worker) {
            Ok(o) => Some((id as u32, o)),
            Err(miss) => {
                near.extend(miss.map(|o| (id as u32, o)));
                None
            }
        }
    })
}

/// Where the two directions nearly meet, they search around first: each near miss (a position
/// of `from` and one of `other` with the same boxes and the worker in another area: the two
/// searches have reached the same boxes, and the worker's way round is all that is missing) is
/// queued in both searches' [`Search::focus`]. XSokoban 21 meets so after 2.1 million
/// positions (both searches counted), where the first near misses came at 1.7 million and the
/// two met by their own lists at 8.3 million.
fn focus_near_misses(from: &mut Search, other: &mut Search, near_misses: &[(u32, u32)]) {
    for &(id, near) in near_misses {
        from.focus_on(id);
        other.focus_on(near);
    }
}

#[cfg(test)]
mod tests {
    use super::super::FOCUS_DEPTH;
    use super::super::aim::{APART, differing};
    use super::*;
    use crate::core::formats::xsb;
    use crate::core::solver::room::Room;

    /// A search from the board's boxes with the worker on `worker` (x, y).
    fn search_from(room: &Room, boxes: &[u16], worker: (u32, u32)) -> Search {
        let mut search = Search::new(room.clone(), Mode::Fast, Limits::default());
        search.begin(
            boxes.to_vec(),
            room.at(crate::core::Pos::new(worker.0, worker.1)),
        );
        search
    }

    /// The cells of the boxes after `pushes` from `board`, each checked by the rules.
    fn boxes_after(board: &Board, room: &Room, pushes: &[Push]) -> Vec<u16> {
        let mut game = crate::core::Game::new(board.clone());
        let mut finder = crate::core::PathFinder::new();
        for push in pushes {
            assert!(game.walk_to(&mut finder, push.stand()).is_some());
            assert!(game.step(push.dir, true).unwrap().box_to.is_some());
        }
        let mut boxes: Vec<u16> = game.board().boxes().map(|p| room.at(p)).collect();
        boxes.sort_unstable();
        boxes
    }

    /// XSokoban 87's opening hands over to two aims. From the target with the fewest pushes
    /// plus bound the backward search alone finds no way in 20 s; from the fewest-pushes one,
    /// three or more boxes apart, in 4.2 s.
    #[test]
    fn the_opening_hands_over_to_two_aims_at_targets_boxes_apart() {
        let (board, stepper) = xsokoban_87_opened();
        let [first, second] = &stepper.aims[..] else {
            panic!("{} aims", stepper.aims.len());
        };
        let room = &stepper.pass.room;
        let targets = [first, second].map(|aim| boxes_after(&board, room, &aim.prefix));
        assert!(APART <= differing(&targets[0], &targets[1]));
        assert!(second.prefix.len() < first.prefix.len());
    }

    /// XSokoban 70's opening has unpacked nothing by [`OPENING`] floods: it runs on, and hands
    /// over at the first position it unpacks.
    #[test]
    fn an_opening_that_unpacked_nothing_runs_on_to_an_aim() {
        let (_, mut stepper) = xsokoban_fast(70);
        let mut floods = 0;
        while let Some(opening) = &stepper.opening {
            floods = opening.room.floods;
            assert!(stepper.step(Some(Duration::ZERO)).is_none());
        }
        assert_eq!(stepper.opening_end, LONG_OPENING);
        assert!((OPENING..LONG_OPENING).contains(&floods));
        assert!(!stepper.aims.is_empty());
    }

    /// Where the goals do not lie in a block (XSokoban 20), the opening is set aside at its end,
    /// and returns as the forward search, with its positions, once the new one has had
    /// [`KEPT_OPENING_RETURNS`] floods; its positions are then looked up a share at a time.
    #[test]
    fn an_opening_set_aside_returns_as_the_forward_search() {
        let (_, mut stepper) = xsokoban_fast(20);
        assert_eq!(stepper.forward_turn, TURN);
        while stepper.opening.is_some() {
            assert!(stepper.step(Some(Duration::ZERO)).is_none());
        }
        let opened = stepper.kept.as_ref().expect("set aside").info.len();
        assert!(opened > 3 * MEETING_SHARE);
        assert!(stepper.pass.info.len() < opened);
        // As if the new forward search had had its floods: its turn ends, and the opening returns.
        stepper.pass.room.floods = KEPT_OPENING_RETURNS;
        while stepper.kept.is_some() {
            assert!(stepper.step(Some(Duration::ZERO)).is_none());
        }
        assert!(stepper.pass.info.len() >= opened);
        let mut looked_up = Vec::new();
        while looked_up.len() < 3 {
            let before = stepper.pass.met_up_to;
            assert!(stepper.step(Some(Duration::ZERO)).is_none());
            if stepper.pass.met_up_to != before {
                looked_up.push(stepper.pass.met_up_to);
            }
        }
        assert_eq!(looked_up, [1, 2, 3].map(|n| n * MEETING_SHARE));
    }

    /// Where the goals lie in a block (XSokoban 74), the opening is set aside at its end too, and
    /// once the forward search has had [`KEPT_OPENING_TURNS_FROM`] floods it takes a turn of
    /// [`KEPT_OPENING_TURN`] floods after each forward turn; the positions it stores count.
    #[test]
    fn where_the_goals_lie_in_a_block_the_opening_set_aside_takes_turns_of_its_own() {
        let (_, mut stepper) = xsokoban_opened(74);
        assert_eq!(stepper.forward_turn, FORWARD_TURN);
        let kept_floods = |stepper: &Stepper| stepper.kept.as_ref().expect("set aside").room.floods;
        let set_aside = kept_floods(&stepper);
        forward_turns(&mut stepper, 3);
        assert_eq!(
            kept_floods(&stepper),
            set_aside,
            "no turn before its floods"
        );
        // As if the forward search had had its floods: its turn ends, and the opening's begins.
        stepper.pass.room.floods = KEPT_OPENING_TURNS_FROM;
        let (backward, stored) = (backward_floods(&stepper), stepper.states());
        forward_turns(&mut stepper, 3);
        let kept = kept_floods(&stepper) - set_aside;
        assert!(
            (3 * KEPT_OPENING_TURN..5 * KEPT_OPENING_TURN).contains(&kept),
            "{kept} floods in the opening's turns"
        );
        // The backward searches keep their turns: one after each of the opening's.
        assert!(backward_floods(&stepper) - backward >= 3 * TURN);
        let kept_stored = stepper.kept.as_ref().unwrap().info.len() - stepper.opened;
        assert!(kept_stored > 0);
        assert!(stepper.states() >= stored + kept_stored);
    }

    /// Once the forward search has had [`BOX_SEARCH_FROM`] floods, the box-move search is set
    /// up and takes a turn of [`BOX_SEARCH_TURN`] floods after each forward turn, the others
    /// keeping theirs; the positions it stores count. None before.
    #[test]
    fn the_box_move_search_takes_turns_of_its_own_from_its_floods() {
        let (_, mut stepper) = xsokoban_opened(74);
        forward_turns(&mut stepper, 3);
        assert!(stepper.box_search.is_none(), "no turn before its floods");
        // As if the forward search had had its floods: its turn ends, and the box moves' begins.
        stepper.pass.room.floods = BOX_SEARCH_FROM;
        let (backward, stored) = (backward_floods(&stepper), stepper.states());
        forward_turns(&mut stepper, 3);
        let search = stepper.box_search.as_ref().expect("set up");
        assert!(
            (3 * BOX_SEARCH_TURN..5 * BOX_SEARCH_TURN).contains(&search.room.floods),
            "{} floods in its turns",
            search.room.floods
        );
        assert!(search.box_moves && search.info.len() > 1);
        let box_stored = search.info.len();
        // The backward searches keep their turns: one after each forward turn.
        assert!(backward_floods(&stepper) - backward >= 3 * TURN);
        assert!(stepper.states() >= stored + box_stored);
    }

    /// Where the goals lie in a block, the box-move search takes its turns from
    /// [`BOX_SEARCH_EARLY_FROM`] floods of the forward search, waits once it has stored
    /// [`BOX_SEARCH_EARLY_POSITIONS`], and goes on from [`BOX_SEARCH_FROM`].
    #[test]
    fn where_the_goals_lie_in_a_block_the_box_move_search_starts_early_and_waits() {
        let (_, mut stepper) = xsokoban_opened(74);
        assert!(stepper.goals_in_a_block());
        forward_turns(&mut stepper, 3);
        assert!(stepper.box_search.is_none(), "no turn before its floods");
        stepper.pass.room.floods = BOX_SEARCH_EARLY_FROM;
        forward_turns(&mut stepper, 3);
        // Its positions stored and its floods.
        let box_search = |stepper: &Stepper| {
            let search = stepper.box_search.as_ref().expect("set up early");
            (search.info.len(), search.room.floods)
        };
        while box_search(&stepper).0 < BOX_SEARCH_EARLY_POSITIONS {
            forward_turns(&mut stepper, 1);
        }
        let waiting = box_search(&stepper);
        forward_turns(&mut stepper, 3);
        assert_eq!(box_search(&stepper), waiting, "it waits");
        stepper.pass.room.floods = BOX_SEARCH_FROM;
        forward_turns(&mut stepper, 3);
        assert!(box_search(&stepper).0 > waiting.0, "it goes on");
    }

    /// Once the box-move search has stored [`BOX_SEARCH_SHORT_FROM`] positions, its turns are
    /// [`BOX_SEARCH_SHORT_TURN`] floods, and it goes on: it is not dropped.
    #[test]
    fn past_its_first_positions_the_box_move_search_takes_shorter_turns() {
        let (_, mut stepper) = xsokoban_opened(74);
        stepper.pass.room.floods = BOX_SEARCH_FROM;
        forward_turns(&mut stepper, 1);
        let turn = |stepper: &mut Stepper| {
            stepper.box_search_takes_a_turn();
            assert!(stepper.box_turn, "its turn");
            let search = stepper.box_search.as_ref().expect("not dropped");
            search.turn_end - search.room.floods
        };
        assert_eq!(turn(&mut stepper), BOX_SEARCH_TURN);
        // As if it had stored its first positions (the copies only count them).
        let search = stepper.box_search.as_mut().expect("set up");
        let first = search.info[0];
        search.info.resize(BOX_SEARCH_SHORT_FROM, first);
        assert_eq!(turn(&mut stepper), BOX_SEARCH_SHORT_TURN);
    }

    /// Steps `stepper` through `turns` of the forward search's turns, none of them answering.
    fn forward_turns(stepper: &mut Stepper, turns: u64) {
        let end = stepper.pass.room.floods + turns * stepper.forward_turn;
        while stepper.pass.room.floods < end {
            assert!(stepper.step(Some(Duration::ZERO)).is_none());
        }
    }

    /// The floods of the backward search and the aimed ones together.
    fn backward_floods(stepper: &Stepper) -> u64 {
        let aimed: u64 = stepper.aims.iter().map(|aim| aim.search.room.floods).sum();
        stepper.back.as_ref().expect("backward search").room.floods + aimed
    }

    /// XSokoban level `n` (1-based) and a fast search of it, not started.
    fn xsokoban_fast(n: usize) -> (Board, Stepper) {
        let text = crate::core::solver::tests::fixture("levels/xsokoban/XSokoban_90.xsb");
        let board = xsb::read("x", &text).unwrap().levels[n - 1]
            .playable()
            .unwrap();
        let stepper = Stepper::new(&board, Mode::Fast, &Limits::default()).unwrap();
        (board, stepper)
    }

    /// XSokoban level `n` and its fast search at the opening's end, searched in slices.
    fn xsokoban_opened(n: usize) -> (Board, Stepper) {
        let (board, mut stepper) = xsokoban_fast(n);
        while stepper.opening.is_some() {
            assert!(stepper.step(Some(Duration::from_millis(20))).is_none());
        }
        (board, stepper)
    }

    /// XSokoban 87 and its search at the opening's end, handed over to two aims.
    fn xsokoban_87_opened() -> (Board, Stepper) {
        let (board, mut stepper) = xsokoban_fast(87);
        while stepper.opening.is_some() {
            assert!(stepper.step(Some(Duration::ZERO)).is_none());
        }
        (board, stepper)
    }

    /// Where the goals lie in a block, a backward search is aimed at one of the forward search's
    /// unpacked positions once it has had [`LATE_AIMS_FROM`] floods, its boxes apart from the
    /// opening's targets, and the next [`LATE_AIM_EVERY`] floods later; at most [`MOST_AIMS`]
    /// search, the oldest late one giving way even where an opening aim has run out.
    #[test]
    fn late_aims_are_set_at_the_forward_searchs_positions_boxes_apart() {
        let (board, mut stepper) = xsokoban_opened(74);
        assert_eq!(stepper.forward_turn, FORWARD_TURN);
        let opening_targets = stepper.aimed_at.clone();
        assert_eq!(opening_targets.len(), 2);
        // Enough targets for the seven late aims below, however fast the build searches.
        while targets_apart(&stepper.pass, &opening_targets, 7) < 7 {
            assert!(stepper.step(Some(Duration::from_millis(50))).is_none());
            assert!(stepper.pass.room.floods < LATE_AIMS_FROM);
        }
        assert_eq!(stepper.aims.len(), 2, "no late aim before its floods");
        stepper.pass.room.floods = LATE_AIMS_FROM - 1;
        stepper.aim_late();
        assert_eq!(stepper.aims.len(), 2);
        stepper.pass.room.floods = LATE_AIMS_FROM;
        stepper.aim_late();
        let [_, _, late] = &stepper.aims[..] else {
            panic!("{} aims", stepper.aims.len());
        };
        let target = boxes_after(&board, &stepper.pass.room, &late.prefix);
        assert_eq!(target, late.boxes);
        for earlier in &opening_targets {
            assert!(APART <= differing(earlier, &target));
        }
        stepper.aim_late();
        assert_eq!(stepper.aims.len(), 3, "the next comes later");
        for n in 1..=4 {
            stepper.pass.room.floods = LATE_AIMS_FROM + n * LATE_AIM_EVERY;
            stepper.aim_late();
        }
        let aimed_boxes = |stepper: &Stepper, from: usize| -> Vec<Vec<u16>> {
            stepper.aims[from..]
                .iter()
                .map(|aim| aim.boxes.clone())
                .collect()
        };
        let newest =
            |stepper: &Stepper, n: usize| stepper.aimed_at[stepper.aimed_at.len() - n..].to_vec();
        assert_eq!(stepper.aimed_at.len(), 2 + 5);
        assert_eq!(stepper.aims.len(), MOST_AIMS);
        assert_eq!(
            aimed_boxes(&stepper, 0)[..2],
            opening_targets[..],
            "the opening's aims stay"
        );
        assert_eq!(
            aimed_boxes(&stepper, 2),
            newest(&stepper, 2),
            "the oldest late ones gave way"
        );
        // With one of the opening's aims run out, the oldest late one still gives way.
        stepper.aims.remove(0);
        for n in 5..=6 {
            stepper.pass.room.floods = LATE_AIMS_FROM + n * LATE_AIM_EVERY;
            stepper.aim_late();
        }
        assert_eq!(stepper.aimed_at.len(), 2 + 7);
        assert_eq!(stepper.aims.len(), MOST_AIMS);
        assert_eq!(stepper.aims[0].boxes, opening_targets[1]);
        assert!(stepper.aims[1..].iter().all(|aim| aim.late));
        assert_eq!(aimed_boxes(&stepper, 1), newest(&stepper, 3));
    }

    /// How many late aims (up to `most`) could take targets in turn from `search` as it stands,
    /// each apart from `taken` and from those before it.
    fn targets_apart(search: &Search, taken: &[Vec<u16>], most: usize) -> usize {
        let mut taken = taken.to_vec();
        let start = taken.len();
        while taken.len() - start < most
            && let Some(target) = search.target_apart_from(&taken)
        {
            taken.push(search.position(target as usize).0.to_vec());
        }
        taken.len() - start
    }

    /// Of `turns` backward turns from the start of a cycle, those the first backward search
    /// takes, and those each aim takes.
    fn backward_turns_taken(stepper: &mut Stepper, turns: u32) -> (u32, Vec<u32>) {
        stepper.back_turns = 0;
        let mut by_aim = vec![0; stepper.aims.len()];
        let mut first = 0;
        for _ in 0..turns {
            stepper.choose_backward_search();
            match stepper.aim_turn {
                true => by_aim[stepper.aim_at] += 1,
                false => first += 1,
            }
        }
        (first, by_aim)
    }

    #[test]
    fn the_first_backward_search_cedes_most_turns_to_the_aims_once_past_its_early_share() {
        let (_, mut stepper) = xsokoban_87_opened();
        assert!(stepper.back.as_ref().unwrap().room.floods < FIRST_BACKWARD_EARLY);
        assert_eq!(backward_turns_taken(&mut stepper, 48), (16, vec![16, 16]));
        stepper.back.as_mut().unwrap().room.floods = FIRST_BACKWARD_EARLY;
        let (first, by_aim) = backward_turns_taken(&mut stepper, 48);
        assert_eq!(first, 3);
        assert_eq!(by_aim.iter().sum::<u32>(), 45);
        assert!(by_aim.iter().all(|&turns| turns == 22 || turns == 23));
    }

    #[test]
    fn positions_with_the_same_boxes_and_the_worker_elsewhere_are_searched_around() {
        // The box in the doorway parts the worker's two areas.
        let text = "#########\n#   #   #\n# @ $ . #\n#   #   #\n#########\n";
        let board = xsb::read("door", text).unwrap().levels[0]
            .playable()
            .unwrap();
        let (room, boxes, _) = start(&board).unwrap();
        let mut left = search_from(&room, &boxes, (2, 2));
        let mut right = search_from(&room, &boxes, (6, 2));
        let moved = search_from(&room, &[room.at(crate::core::Pos::new(5, 2))], (2, 2));
        assert_ne!(left.info[0].worker, right.info[0].worker);
        assert_eq!(left.find(&boxes, right.info[0].worker).1, None);

        let mut near_misses = Vec::new();
        assert_eq!(meeting(&left, &moved, 0..1, Some(&mut near_misses)), None);
        assert!(near_misses.is_empty());
        assert_eq!(meeting(&left, &right, 0..1, Some(&mut near_misses)), None);
        assert_eq!(near_misses, [(0, 0)]);
        assert_eq!(
            meeting(&left, &left, 0..1, Some(&mut near_misses)),
            Some((0, 0))
        );
        focus_near_misses(&mut left, &mut right, &near_misses);
        assert_eq!(Vec::from(left.focus.clone()), [(0, FOCUS_DEPTH)]);
        assert_eq!(Vec::from(right.focus.clone()), [(0, FOCUS_DEPTH)]);

        // Expanded out of turn, its child (the box pushed right) queued one generation less.
        let (id, generations) = left.focus.pop_front().unwrap();
        assert_eq!(left.expand_focused(id, generations, false).unwrap(), None);
        assert!(left.info[0].closed);
        assert_eq!(Vec::from(left.focus.clone()), [(1, FOCUS_DEPTH - 1)]);
        // Its child, the box pushed onto the goal, ends the search (the fast mode ends on the
        // first solved position stored).
        assert_eq!(
            left.expand_focused(1, FOCUS_DEPTH - 1, false).unwrap(),
            Some(2)
        );
    }
}
