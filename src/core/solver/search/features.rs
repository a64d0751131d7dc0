//! The fast search's feature-space list, after Festival's FESS (Shoham and Schaeffer): positions
//! are sorted into *cells* by features that measure progress (boxes on goals, free cells the
//! worker cannot reach), and the list takes the cells in turn, from each the position reached by
//! the fewest *unadvised* pushes. A push is advised when it improves a feature (it puts a box on
//! a goal, or opens floor to the worker): advised pushes cost nothing, so a cell's best is the
//! position that followed progress furthest from where the search entered it. Taking every cell
//! in turn keeps a search that has stalled in one part of the space (its bound flat) working in
//! the others.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// The cells and their positions, each cell a heap by priority (lowest first).
#[derive(Default)]
pub(super) struct FeatureSpace {
    index: HashMap<u16, usize>,
    cells: Vec<BinaryHeap<Reverse<(u64, u32)>>>,
    /// The cell whose turn is next.
    next: usize,
}

impl FeatureSpace {
    /// The cell of a position with `on_goals` boxes on goals and `unreached` free cells outside
    /// the worker's area: the latter in powers of two, since a cell for every count would spread
    /// the turns over cells that differ by one box's shadow.
    pub(super) fn cell(on_goals: usize, unreached: u16) -> u16 {
        let connectivity = (u16::BITS - unreached.leading_zeros()) as u16;
        ((on_goals as u16) << 5) | connectivity
    }

    pub(super) fn push(&mut self, cell: u16, priority: u64, id: u32) {
        let cells = &mut self.cells;
        let i = *self.index.entry(cell).or_insert_with(|| {
            cells.push(BinaryHeap::new());
            cells.len() - 1
        });
        self.cells[i].push(Reverse((priority, id)));
    }

    /// The best position of the next non-empty cell, in turn.
    pub(super) fn pop(&mut self) -> Option<(u64, u32)> {
        for _ in 0..self.cells.len() {
            let i = self.next % self.cells.len();
            self.next = i + 1;
            if let Some(Reverse(entry)) = self.cells[i].pop() {
                return Some(entry);
            }
        }
        None
    }

    /// Puts back an entry [`FeatureSpace::pop`] gave, as the next to take.
    pub(super) fn unpop(&mut self, cell: u16, priority: u64, id: u32) {
        self.push(cell, priority, id);
        if let Some(&i) = self.index.get(&cell) {
            self.next = i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_taken_in_turn_and_each_gives_its_lowest_first() {
        let mut space = FeatureSpace::default();
        let (a, b) = (FeatureSpace::cell(0, 9), FeatureSpace::cell(1, 0));
        assert_ne!(a, b);
        space.push(a, 5, 1);
        space.push(a, 2, 2);
        space.push(b, 7, 3);
        assert_eq!(space.pop(), Some((2, 2)));
        assert_eq!(space.pop(), Some((7, 3)));
        assert_eq!(space.pop(), Some((5, 1)));
        assert_eq!(space.pop(), None);
        space.unpop(b, 7, 3);
        assert_eq!(space.pop(), Some((7, 3)));
    }

    #[test]
    fn unreached_counts_share_a_cell_by_powers_of_two() {
        assert_eq!(FeatureSpace::cell(2, 4), FeatureSpace::cell(2, 7));
        assert_ne!(FeatureSpace::cell(2, 3), FeatureSpace::cell(2, 4));
        assert_ne!(FeatureSpace::cell(2, 0), FeatureSpace::cell(2, 1));
    }
}
