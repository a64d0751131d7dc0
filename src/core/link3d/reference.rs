//! A reference for the 3D link test, independent of the cross method: a search over (cell,
//! direction) through empty cells and the shell, ordered by turns and then by length (Dijkstra's
//! on the pair). The tests compare the two on random blocks; the benchmark runs them side by side.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Block, Cell3};

/// The six directions: axis and sign.
const DIRS: [(usize, i32); 6] = [(0, 1), (0, -1), (1, 1), (1, -1), (2, 1), (2, -1)];

/// The fewest turns of a line from tile `a` to tile `b` (up to three) and the shortest length
/// among the lines with that many turns, if a line exists.
pub fn fewest_turns(block: &Block, a: Cell3, b: Cell3) -> Option<(usize, i32)> {
    let mut best = vec![(u8::MAX, i32::MAX); block.cells.len() * 6];
    let mut queue = BinaryHeap::new();
    for d in 0..6 {
        queue.push(Reverse((0usize, 0i32, a, d)));
    }
    while let Some(Reverse((turns, length, at, d))) = queue.pop() {
        let (axis, sign) = DIRS[d];
        let next = at.step(axis, sign);
        if next == b {
            // The first arrival is the least (turns, length): the queue is ordered so.
            return Some((turns, length + 1));
        }
        if !block.free(next) {
            continue;
        }
        let Some(i) = block.index(next) else { continue };
        for nd in 0..6 {
            let t = turns + usize::from(nd != d);
            let cost = (t as u8, length + 1);
            if t > 3 || best[i * 6 + nd] <= cost {
                continue;
            }
            best[i * 6 + nd] = cost;
            queue.push(Reverse((t, length + 1, next, nd)));
        }
    }
    None
}
