//! A reference for the link test, independent of the cross-path method: a breadth-first search
//! over (cell, direction, turns) through empty cells and the ring. The tests compare the two on
//! random boards; the benchmark runs them side by side.

use super::{Cell, LinkBoard};
use std::collections::VecDeque;

/// The fewest turns of a line from tile `a` to tile `b` (up to three), if one exists.
pub fn fewest_turns(board: &LinkBoard, a: Cell, b: Cell) -> Option<usize> {
    const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let stride = (board.width + 2) as usize;
    let mut best = vec![u8::MAX; board.cells.len() * 4];
    let mut queue = VecDeque::new();
    for d in 0..4 {
        queue.push_back((a, d, 0usize));
    }
    let mut found: Option<usize> = None;
    while let Some((at, d, turns)) = queue.pop_front() {
        let next = Cell::new(at.x + DIRS[d].0, at.y + DIRS[d].1);
        if next == b {
            found = Some(found.map_or(turns, |f| f.min(turns)));
            continue;
        }
        if !board.free(next) {
            continue;
        }
        let i = ((next.y + 1) as usize * stride + (next.x + 1) as usize) * 4;
        for nd in 0..4 {
            let t = turns + usize::from(nd != d);
            if t > 3 || best[i + nd] as usize <= t {
                continue;
            }
            best[i + nd] = t as u8;
            queue.push_back((next, nd, t));
        }
    }
    found
}
