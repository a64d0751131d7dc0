//! A game in progress: the board plus unlimited undo and redo.
//!
//! Steps are kept in one list; `applied` of them are on the board and the rest are the redo list.
//! Each step remembers whether it began a player gesture, so undo and redo can work by gesture
//! (a tap-walk, a push, a key press) or by single step.
//!
//! A game is played forward (the worker pushes) or in reverse ([`super::reverse`]: the boxes start
//! on the goals and the worker pulls them back to where the level has them).

use super::board::{Blocked, Board, Moved, Pos};
use super::cell;
use super::direction::{Direction, Step};
use super::path::PathFinder;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    steps: Vec<Step>,
    applied: usize,
    /// In reverse play, the worker's cell in the level: the game is solved when every box is
    /// back on its start cell (the reverse board's goals) and the worker can walk there.
    home: Option<Pos>,
}

impl Game {
    pub fn new(board: Board) -> Game {
        Game {
            board,
            steps: Vec::new(),
            applied: 0,
            home: None,
        }
    }

    /// Reverse play of the level whose start is `level`: the boxes on the goals, the start cells
    /// marked as the goals to pull them to, the worker where the level has it (or on the nearest
    /// free cell when a box stands there).
    /// `None` when no cell is free for the worker.
    pub fn reverse(level: &Board) -> Option<Game> {
        Some(Game {
            board: super::reverse::start_board(level)?,
            steps: Vec::new(),
            applied: 0,
            home: Some(level.worker_pos()),
        })
    }

    /// This game with the worker placed on `p` ([`Game::place_worker`]) when it may stand there.
    pub fn placed(mut self, p: Pos) -> Game {
        self.place_worker(p);
        self
    }

    /// Whether this is reverse play.
    pub fn is_reverse(&self) -> bool {
        self.home.is_some()
    }

    /// In reverse play, before the first pull, the worker may start on any free cell inside the
    /// walls (where a forward solution would leave it).
    pub fn can_place_worker(&self, p: Pos) -> bool {
        let pulled = self.history().iter().any(|s| s.push);
        let free = self.board.get(p).is_some_and(|c| cell::is_blank(c.byte()));
        let inside = || {
            let i = self.board.index_of(p).expect("on the map") as usize;
            super::validate::inside(&self.board)[i]
        };
        self.is_reverse() && !pulled && free && inside()
    }

    /// Puts the worker on `p` when [`Game::can_place_worker`]; the walk so far is dropped.
    /// Returns whether it was placed.
    pub fn place_worker(&mut self, p: Pos) -> bool {
        if !self.can_place_worker(p) {
            return false;
        }
        self.board.place_worker(p);
        self.board.reset_counts();
        self.steps.clear();
        self.applied = 0;
        true
    }

    /// The forward solution a solved reverse game stands for, on the level whose start is `level`:
    /// the walk from the level's worker cell to where the reverse game ended, then the reverse steps
    /// last first, each the other way (a pull becomes a push). Checked by replaying it with the
    /// forward rules: `None` when `reverse` is not a solved reverse game of this level.
    pub fn forward_game(&self, level: &Board) -> Option<Game> {
        let reverse = self;
        if !reverse.is_reverse() || !reverse.is_solved() {
            return None;
        }
        let mut game = Game::new(level.clone());
        let end = reverse.board().worker_pos();
        if end != level.worker_pos() {
            game.walk_to(&mut PathFinder::new(), end)?;
        }
        // Steps before the first pull only chose where the forward game ends: they are left out.
        let first_pull = (reverse.history().iter())
            .position(|s| s.push)
            .unwrap_or(reverse.history().len());
        for (k, s) in reverse.history()[first_pull..].iter().rev().enumerate() {
            let first_of_push = s.push || k == 0;
            let moved = game.step(s.dir.opposite(), first_of_push).ok()?;
            if moved.pushed() != s.push {
                return None;
            }
        }
        game.is_solved().then_some(game)
    }

    /// The worker's cell before the first applied step.
    pub fn start_worker(&self) -> Pos {
        let mut at = self.board.worker_pos();
        for s in self.history().iter().rev() {
            at = self
                .board
                .neighbour(at, s.dir.opposite())
                .expect("every step moved the worker on the map");
        }
        at
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, for read-only searches that temporarily mark it (the path search).
    pub fn board_for_search(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Steps on the board, oldest first.
    pub fn history(&self) -> &[Step] {
        &self.steps[..self.applied]
    }

    /// Steps undone and available to redo, next first.
    pub fn redo_list(&self) -> &[Step] {
        &self.steps[self.applied..]
    }

    /// All recorded steps, applied ones then the redo list.
    pub fn all_steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn is_solved(&self) -> bool {
        match self.home {
            None => self.board.is_solved(),
            Some(home) => self.board.is_solved() && super::reverse::reaches(&self.board, home),
        }
    }

    /// One step by the player. `group_start` says whether it begins a new gesture.
    /// A successful step drops the redo list. In reverse play the step pulls the box behind the
    /// worker, if there is one.
    pub fn step(&mut self, dir: Direction, group_start: bool) -> Result<Moved, Blocked> {
        self.play(dir, group_start, true)
    }

    /// One step; in reverse play `pull` says whether a box behind the worker comes along (a walk
    /// passing by a box leaves it). Forward, the worker pushes whatever is ahead.
    pub fn play(
        &mut self,
        dir: Direction,
        group_start: bool,
        pull: bool,
    ) -> Result<Moved, Blocked> {
        let moved = match self.home {
            None => self.board.step(dir)?,
            Some(_) => self.board.pull_step(dir, pull)?,
        };
        self.steps.truncate(self.applied);
        self.steps.push(Step {
            dir,
            push: moved.pushed(),
            group_start,
        });
        self.applied += 1;
        Ok(moved)
    }

    /// Walks to `dest` by the shortest path as one gesture. Returns the steps made, or `None`
    /// (and changes nothing) when `dest` cannot be reached.
    pub fn walk_to(&mut self, finder: &mut PathFinder, dest: Pos) -> Option<Vec<Moved>> {
        let walk = finder.find_path(&mut self.board, dest)?.to_vec();
        let mut out = Vec::with_capacity(walk.len());
        for (i, d) in walk.into_iter().enumerate() {
            out.push(self.play(d, i == 0, false).expect("a found walk is legal"));
        }
        Some(out)
    }

    /// Undoes one step.
    pub fn undo_step(&mut self) -> Option<Moved> {
        let s = *self.history().last()?;
        self.applied -= 1;
        Some(match self.home {
            None => self.board.unstep(s.dir, s.push),
            Some(_) => self.board.unpull(s.dir, s.push),
        })
    }

    /// Redoes one step.
    pub fn redo_step(&mut self) -> Option<Moved> {
        let s = *self.redo_list().first()?;
        let moved = self.replay_step(s).expect("a redo step replays legally");
        debug_assert_eq!(moved.pushed(), s.push);
        self.applied += 1;
        Some(moved)
    }

    /// Undoes back to the start of the last gesture. Returns the steps undone, last first.
    pub fn undo_group(&mut self) -> Vec<Moved> {
        let mut out = Vec::new();
        while let Some(s) = self.history().last().copied() {
            out.push(self.undo_step().expect("history is not empty"));
            if s.group_start {
                break;
            }
        }
        out
    }

    /// Redoes one gesture. Returns the steps redone, first first.
    pub fn redo_group(&mut self) -> Vec<Moved> {
        let mut out = Vec::new();
        if let Some(m) = self.redo_step() {
            out.push(m);
        }
        while self.redo_list().first().is_some_and(|s| !s.group_start) {
            out.push(self.redo_step().expect("redo list is not empty"));
        }
        out
    }

    /// Back to the start; every step made stays available as redo. Returns the steps undone,
    /// last first.
    pub fn restart(&mut self) -> Vec<Moved> {
        std::iter::from_fn(|| self.undo_step()).collect()
    }

    /// Drops the redo list: the steps undone are no longer there to redo.
    pub fn forget_redo(&mut self) {
        self.steps.truncate(self.applied);
    }

    /// The applied steps as a LURD string.
    pub fn lurd(&self) -> String {
        self.history().iter().map(|s| s.lurd()).collect()
    }

    /// Rebuilds a game from its starting board and a step list (a saved game), checking each step.
    /// Returns the index of the first step that does not replay as recorded.
    pub fn from_steps(start: Board, steps: &[Step], applied: usize) -> Result<Game, usize> {
        Game::new(start).replayed(steps, applied)
    }

    /// This game (at its start) with `steps` replayed and the last ones undone until `applied`
    /// are on the board. Returns the index of the first step that does not replay as recorded.
    pub fn replayed(mut self, steps: &[Step], applied: usize) -> Result<Game, usize> {
        for (i, &s) in steps.iter().enumerate() {
            match self.replay_step(s) {
                Ok(m) if m.pushed() == s.push => {}
                _ => return Err(i),
            }
        }
        self.steps = steps.to_vec();
        self.applied = steps.len();
        while self.applied > applied.min(steps.len()) {
            self.undo_step();
        }
        Ok(self)
    }

    /// A recorded step on the board, by the game's rules (not recorded again).
    fn replay_step(&mut self, s: Step) -> Result<Moved, Blocked> {
        match self.home {
            None => self.board.step(s.dir),
            Some(_) => self.board.pull_step(s.dir, s.push),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    fn game() -> Game {
        Game::new(Board::from_mask_rows(&["########", "#(-x-+-#", "#------#", "########"]).unwrap())
    }

    #[test]
    fn undo_and_redo_by_group_and_by_step() {
        let mut g = game();
        let start = g.board().clone();
        let mut f = PathFinder::new();
        g.walk_to(&mut f, Pos::new(5, 2)).unwrap();
        assert_eq!(g.board().moves(), 5);
        g.step(Up, true).unwrap();
        g.step(Left, true).unwrap();
        g.step(Left, true).unwrap();
        let end = g.board().clone();
        assert_eq!(g.undo_group().len(), 1);
        assert_eq!(g.undo_group().len(), 1);
        assert_eq!(g.undo_group().len(), 1);
        assert_eq!(g.undo_group().len(), 5, "the walk is one group");
        assert_eq!(g.board(), &start);
        assert!(g.undo_group().is_empty());
        assert_eq!(g.redo_group().len(), 5);
        assert_eq!(g.board().moves(), 5);
        assert!(g.undo_step().is_some());
        assert_eq!(g.board().moves(), 4);
        assert_eq!(g.redo_group().len(), 1, "redo finishes the split group");
        while !g.redo_group().is_empty() {}
        assert_eq!(g.board(), &end);
    }

    #[test]
    fn a_new_step_drops_the_redo_list() {
        let mut g = game();
        g.step(Right, true).unwrap();
        g.step(Down, true).unwrap();
        g.undo_group();
        assert_eq!(g.redo_list().len(), 1);
        g.step(Right, true).unwrap();
        assert!(g.redo_list().is_empty());
        assert_eq!(g.lurd(), "rR");
    }

    #[test]
    fn restart_keeps_redo() {
        let mut g = game();
        for d in [Right, Right, Right] {
            g.step(d, true).unwrap();
        }
        assert!(g.is_solved());
        let end = g.board().clone();
        g.restart();
        assert_eq!(g.board().moves(), 0);
        assert_eq!(g.redo_list().len(), 3);
        while g.redo_step().is_some() {}
        assert_eq!(g.board(), &end);
        assert_eq!(g.lurd(), "rRR");
    }

    #[test]
    fn forgetting_the_redo_list_keeps_the_board() {
        let mut g = game();
        for d in [Right, Right, Right] {
            g.step(d, true).unwrap();
        }
        g.undo_group();
        g.undo_group();
        let here = g.board().clone();
        g.forget_redo();
        assert!(g.redo_list().is_empty() && g.redo_step().is_none());
        assert_eq!((g.board(), g.lurd().as_str()), (&here, "r"));
    }

    #[test]
    fn blocked_steps_change_nothing() {
        let mut g = game();
        let before = g.clone();
        assert_eq!(g.step(Up, true), Err(Blocked::Wall));
        assert_eq!(g, before);
        let mut f = PathFinder::new();
        assert!(g.walk_to(&mut f, Pos::new(0, 0)).is_none());
        assert_eq!(g, before);
    }

    #[test]
    fn from_steps_checks_and_restores_redo() {
        let mut g = game();
        for d in [Right, Down, Right, Right] {
            g.step(d, true).unwrap();
        }
        g.undo_step();
        let start = game().board().clone();
        let back = Game::from_steps(start.clone(), g.all_steps(), 3).unwrap();
        assert_eq!(back, g);
        let mut bad = g.all_steps().to_vec();
        bad[1].push = true;
        assert_eq!(Game::from_steps(start, &bad, 4), Err(1));
    }
}
