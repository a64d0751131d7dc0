//! The blocks (biconnected components) of a grid's free cells, for box moves without a walk per
//! push. Two free neighbours `u`, `v` of a cell `c` are joined by a path that avoids `c` exactly
//! when the edges `c–u` and `c–v` lie in the same block: so one depth-first search over the
//! grid answers "with the box on `c`, which of its sides can the worker reach from this one?" in
//! constant time for every `c` (Hopcroft and Tarjan's low-link method, iterative here).

use super::direction::Direction;

/// No edge (a wall, another box or the map's edge on that side).
pub const NO_BLOCK: u32 = u32::MAX;

/// The block of each edge, as `edge[cell * 4 + direction]`.
pub struct Blocks {
    edge: Vec<u32>,
}

/// A frame of the depth-first search: the cell, the direction it was entered by (from its
/// parent), and the next direction to look at.
struct Frame {
    cell: u32,
    entered: Option<Direction>,
    next: u8,
}

impl Blocks {
    /// The blocks of the cells `free` marks on a `width`-wide grid; `step(cell, direction)` is the
    /// neighbour on the grid, if any.
    pub fn of(free: &[bool], step: impl Fn(usize, Direction) -> Option<usize>) -> Blocks {
        let n = free.len();
        let mut edge = vec![NO_BLOCK; n * 4];
        let mut disc = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut clock = 0u32;
        let mut blocks = 0u32;
        let mut frames: Vec<Frame> = Vec::new();
        // Tree and back edges not yet given a block, as (cell, direction) from their upper end.
        let mut edges: Vec<(u32, Direction)> = Vec::new();
        for root in (0..n).filter(|&c| free[c]) {
            if disc[root] != u32::MAX {
                continue;
            }
            disc[root] = clock;
            low[root] = clock;
            clock += 1;
            frames.push(Frame {
                cell: root as u32,
                entered: None,
                next: 0,
            });
            while let Some(top) = frames.last_mut() {
                let u = top.cell as usize;
                if top.next < 4 {
                    let d = Direction::SEARCH_ORDER[top.next as usize];
                    top.next += 1;
                    let back = top.entered.map(Direction::opposite);
                    let Some(v) = step(u, d).filter(|&v| free[v]) else {
                        continue;
                    };
                    if disc[v] == u32::MAX {
                        edges.push((u as u32, d));
                        disc[v] = clock;
                        low[v] = clock;
                        clock += 1;
                        frames.push(Frame {
                            cell: v as u32,
                            entered: Some(d),
                            next: 0,
                        });
                    } else if Some(d) != back && disc[v] < disc[u] {
                        edges.push((u as u32, d));
                        low[u] = low[u].min(disc[v]);
                    }
                    continue;
                }
                let done = frames.pop().expect("the top frame");
                let (Some(parent), Some(entered)) = (frames.last(), done.entered) else {
                    continue;
                };
                let p = parent.cell as usize;
                low[p] = low[p].min(low[u]);
                if low[u] >= disc[p] {
                    // Everything pushed since the edge p→u is one block.
                    while let Some((a, d)) = edges.pop() {
                        let a = a as usize;
                        let b = step(a, d).expect("a pushed edge has both ends");
                        edge[a * 4 + d as usize] = blocks;
                        edge[b * 4 + d.opposite() as usize] = blocks;
                        if a == p && d == entered {
                            break;
                        }
                    }
                    blocks += 1;
                }
            }
        }
        Blocks { edge }
    }

    /// The block of the edge from `cell` towards `d`, or [`NO_BLOCK`].
    pub fn of_edge(&self, cell: usize, d: Direction) -> u32 {
        self.edge[cell * 4 + d as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    fn grid_step(w: usize, h: usize) -> impl Fn(usize, Direction) -> Option<usize> {
        move |c, d| {
            let (dx, dy) = d.offset();
            let (x, y) = ((c % w) as i32 + dx, (c / w) as i32 + dy);
            ((0..w as i32).contains(&x) && (0..h as i32).contains(&y))
                .then(|| y as usize * w + x as usize)
        }
    }

    /// Whether `a` reaches `b` over free cells without entering `avoid`.
    fn connected_avoiding(
        free: &[bool],
        step: &impl Fn(usize, Direction) -> Option<usize>,
        a: usize,
        b: usize,
        avoid: usize,
    ) -> bool {
        let mut seen = vec![false; free.len()];
        let mut q = VecDeque::from([a]);
        seen[a] = true;
        while let Some(c) = q.pop_front() {
            if c == b {
                return true;
            }
            for d in Direction::SEARCH_ORDER {
                if let Some(v) = step(c, d)
                    && free[v]
                    && v != avoid
                    && !seen[v]
                {
                    seen[v] = true;
                    q.push_back(v);
                }
            }
        }
        false
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Same block exactly when the two neighbours are joined around the cell.
        #[test]
        fn same_block_means_joined_around_the_cell(
            w in 2usize..9, h in 2usize..9, cells in proptest::collection::vec(0u8..10, 81),
        ) {
            let free: Vec<bool> = (0..w * h).map(|i| cells[i] >= 3).collect();
            let step = grid_step(w, h);
            let blocks = Blocks::of(&free, &step);
            for c in (0..w * h).filter(|&c| free[c]) {
                for (i, d) in Direction::SEARCH_ORDER.into_iter().enumerate() {
                    let Some(u) = step(c, d).filter(|&u| free[u]) else {
                        prop_assert_eq!(blocks.of_edge(c, d), NO_BLOCK);
                        continue;
                    };
                    prop_assert_ne!(blocks.of_edge(c, d), NO_BLOCK);
                    for e in Direction::SEARCH_ORDER.into_iter().skip(i + 1) {
                        let Some(v) = step(c, e).filter(|&v| free[v]) else { continue };
                        let same = blocks.of_edge(c, d) == blocks.of_edge(c, e);
                        prop_assert_eq!(same, connected_avoiding(&free, &step, u, v, c),
                            "cell {} sides {:?} {:?}", c, d, e);
                    }
                }
            }
        }
    }
}
