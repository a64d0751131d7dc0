//! A game of Link: the deal, the removals and shuffles played on it with unlimited undo and redo,
//! restart, and the text form its saves use.

use std::fmt;

use super::{Cell, LinkBoard, TileBoard};

/// One move of a game: a pair removed, or the tiles left shuffled (from a seed, so that a saved
/// game replays to the same board). The cells are a 2D board's or a 3D block's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkMove<C = Cell> {
    Pair(C, C),
    Shuffle(u64),
}

impl<C: fmt::Display> fmt::Display for LinkMove<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkMove::Pair(a, b) => write!(f, "{a}-{b}"),
            LinkMove::Shuffle(seed) => write!(f, "shuffle:{seed}"),
        }
    }
}

impl<C: std::str::FromStr> std::str::FromStr for LinkMove<C> {
    type Err = String;

    /// `X1,Y1-X2,Y2` (`X1,Y1,Z1-X2,Y2,Z2` in 3D) or `shuffle:SEED`.
    fn from_str(s: &str) -> Result<LinkMove<C>, String> {
        if let Some(seed) = s.strip_prefix("shuffle:") {
            return seed
                .parse()
                .map(LinkMove::Shuffle)
                .map_err(|_| format!("{s:?}: the shuffle's seed is not a number"));
        }
        s.split_once('-')
            .and_then(|(a, b)| Some(LinkMove::Pair(a.parse().ok()?, b.parse().ok()?)))
            .ok_or_else(|| format!("{s:?} is not a pair of cells (X,Y-X,Y) or shuffle:SEED"))
    }
}

/// A game: the board after each move is kept, so that undo, redo and restart are exact (with
/// gravity and shuffles too) and cost nothing; a 24x12 game's whole history is under 60 KB.
#[derive(Clone, Debug)]
pub struct LinkGame<B: TileBoard = LinkBoard> {
    gravity: bool,
    /// The deal, then the board after each move in `moves`.
    boards: Vec<B>,
    moves: Vec<LinkMove<B::Cell>>,
    /// How many of `moves` are on the board (the rest are for redo).
    applied: usize,
}

impl<B: TileBoard> LinkGame<B> {
    pub fn new(deal: B, gravity: bool) -> LinkGame<B> {
        LinkGame {
            gravity,
            boards: vec![deal],
            moves: Vec::new(),
            applied: 0,
        }
    }

    pub fn board(&self) -> &B {
        &self.boards[self.applied]
    }

    /// The board as dealt.
    pub fn deal(&self) -> &B {
        &self.boards[0]
    }

    pub fn gravity(&self) -> bool {
        self.gravity
    }

    /// Every move, the undone ones (kept for redo) included.
    pub fn moves(&self) -> &[LinkMove<B::Cell>] {
        &self.moves
    }

    /// How many moves are on the board.
    pub fn applied(&self) -> usize {
        self.applied
    }

    fn push(&mut self, m: LinkMove<B::Cell>, board: B) {
        self.boards.truncate(self.applied + 1);
        self.moves.truncate(self.applied);
        self.boards.push(board);
        self.moves.push(m);
        self.applied += 1;
    }

    /// Removes a pair when the rules allow it, and returns its line (on the board as it was
    /// before the tiles fell).
    pub fn remove(&mut self, a: B::Cell, b: B::Cell) -> Option<B::Line> {
        let line = self.board().link(a, b)?;
        let mut next = self.board().clone();
        next.take(a, b, self.gravity);
        self.push(LinkMove::Pair(a, b), next);
        Some(line)
    }

    /// Shuffles the tiles left (on the cells they hold) so that the board can still be
    /// cleared. False when there is nothing to shuffle or no clearable arrangement was found.
    pub fn shuffle(&mut self, seed: u64) -> bool {
        match self.board().reshuffle(self.gravity, seed) {
            Some((board, _)) => {
                self.push(LinkMove::Shuffle(seed), board);
                true
            }
            None => false,
        }
    }

    /// Plays a move as a saved game names it; false when it is not legal here.
    pub fn play(&mut self, m: LinkMove<B::Cell>) -> bool {
        match m {
            LinkMove::Pair(a, b) => self.remove(a, b).is_some(),
            LinkMove::Shuffle(seed) => self.shuffle(seed),
        }
    }

    pub fn undo(&mut self) -> bool {
        let can = self.applied > 0;
        self.applied -= usize::from(can);
        can
    }

    pub fn redo(&mut self) -> bool {
        let can = self.applied < self.moves.len();
        self.applied += usize::from(can);
        can
    }

    /// Back to the deal as it was dealt; the moves stay for redo.
    pub fn restart(&mut self) {
        self.applied = 0;
    }

    pub fn is_cleared(&self) -> bool {
        self.board().tiles() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: i32, y: i32) -> Cell {
        Cell::new(x, y)
    }

    #[test]
    fn undo_redo_and_restart_return_exact_boards() {
        let start = LinkBoard::from_text("ab\nab\n").unwrap();
        let mut g = LinkGame::new(start.clone(), false);
        g.remove(c(0, 0), c(0, 1)).unwrap();
        let after_first = g.board().clone();
        assert!(g.remove(c(0, 0), c(0, 1)).is_none(), "gone");
        g.remove(c(1, 0), c(1, 1)).unwrap();
        assert!(g.is_cleared());
        assert!(g.undo());
        assert_eq!(g.board(), &after_first);
        assert!(g.redo());
        assert!(g.is_cleared());
        assert!(!g.redo());
        g.restart();
        assert_eq!(g.board(), &start);
        assert!(!g.undo());
        assert!(g.redo() && g.redo() && g.is_cleared());
        // A new move after an undo drops the undone ones.
        g.restart();
        g.remove(c(1, 0), c(1, 1)).unwrap();
        assert_eq!(g.moves().len(), 1);
        assert!(!g.redo());
    }

    #[test]
    fn gravity_lets_the_tiles_above_fall_and_undo_lifts_them_back() {
        // Column 0 from the top: c, a, b; removing the a pair lets c fall onto b.
        let start = LinkBoard::from_text("c.\na.\nba\n").unwrap();
        let mut g = LinkGame::new(start.clone(), true);
        let line = g.remove(c(0, 1), c(1, 2)).unwrap();
        assert_eq!(line.points(), [c(0, 1), c(1, 1), c(1, 2)]);
        assert_eq!(g.board().text(), "..\nc.\nb.\n");
        g.undo();
        assert_eq!(g.board(), &start);
        // Without gravity the c stays up.
        let mut g = LinkGame::new(start, false);
        g.remove(c(0, 1), c(1, 2)).unwrap();
        assert_eq!(g.board().text(), "c.\n..\nb.\n");
    }

    #[test]
    fn moves_read_back_from_their_text() {
        for m in [LinkMove::Pair(c(3, 2), c(12, 5)), LinkMove::Shuffle(77)] {
            assert_eq!(m.to_string().parse::<LinkMove>(), Ok(m));
        }
        for bad in ["3,2-4", "3,2,1-4,5", "a,b-1,2", "1,2-3,4,"] {
            assert!(bad.parse::<LinkMove>().is_err(), "{bad}");
        }
        assert!("3,2".parse::<LinkMove>().is_err());
        assert!("shuffle:x".parse::<LinkMove>().is_err());
    }
}
