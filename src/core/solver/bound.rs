//! The lower bound: how many pushes the boxes need at least, as the cheapest way to give every box
//! a goal of its own (a minimum-cost perfect matching, the Hungarian method).
//!
//! A box's cost to a goal is its *push distance*: the fewest pushes that bring it there alone on
//! the empty floor, with the worker walking around the box between pushes (it cannot walk through
//! it), from whichever side of the box is best. That never overestimates, so A* with it finds the
//! fewest pushes; it is not consistent (the side the worker is really on can cost more), so the
//! search reopens positions found again with fewer pushes. No perfect matching at a finite cost is
//! the *bipartite* deadlock, found for free.
//!
//! Boxes frozen on their goals are never moved again, so the floor they stand on can be taken
//! for walls ([`Distances::with_walls`]): the others' ways round them are longer or gone, which
//! raises the bound where a goal area is being filled in the wrong order (XSokoban 26 and 32 in
//! about 1 and 2 s instead of not at all within 10).

use super::room::{NONE, Room};
use crate::core::Direction;
use crate::core::blocks::Blocks;

/// The cost of a box that can never reach a goal: large, but the sum of a few dozen still fits.
pub(crate) const FAR: i32 = 1 << 20;

/// Push distances from every floor cell to every goal.
pub(crate) struct Distances {
    n: usize,
    /// `dist[goal * n + cell]`, [`FAR`] when the box cannot get there.
    dist: Vec<i32>,
}

impl Distances {
    /// Push distances to the room's goals.
    pub fn of(room: &Room) -> Distances {
        let goals: Vec<u16> = (0..room.len() as u16)
            .filter(|&c| room.goal[c as usize])
            .collect();
        Distances::build(&room.next, &goals, true)
    }

    /// Push distances to the room's goals with the cells `walls` (boxes frozen on their goals,
    /// which no solution moves again) taken for walls: each of those boxes costs nothing on its
    /// own goal, no other box can get there, and no box or worker passes them.
    pub fn with_walls(room: &Room, walls: &[u16]) -> Distances {
        let mut next = room.next.clone();
        for &w in walls {
            next[w as usize] = [NONE; 4];
        }
        for sides in &mut next {
            for t in sides.iter_mut() {
                if *t != NONE && walls.contains(t) {
                    *t = NONE;
                }
            }
        }
        let goals: Vec<u16> = (0..room.len() as u16)
            .filter(|&c| room.goal[c as usize])
            .collect();
        let mut distances = Distances::build(&next, &goals, true);
        for (g, &goal) in goals.iter().enumerate() {
            if walls.contains(&goal) {
                distances.dist[g * distances.n + goal as usize] = 0;
            }
        }
        distances
    }

    /// Pull distances to `cells` (the backward search's targets: the boxes' starting cells), found
    /// by pushing a box away from each of them.
    pub fn pulls_to(room: &Room, cells: &[u16]) -> Distances {
        Distances::build(&room.next, cells, false)
    }

    /// Whether a box on `cell` can reach some target at all.
    pub fn reachable(&self, cell: u16) -> bool {
        (0..self.dist.len() / self.n).any(|t| self.dist[t * self.n + cell as usize] < FAR)
    }

    /// A breadth-first search backwards from each target: by pulls when the distances are for
    /// pushing (`pushing`), by pushes when they are for pulling.
    fn build(next: &[[u16; 4]], goals: &[u16], pushing: bool) -> Distances {
        let n = next.len();
        let all = vec![true; n];
        let blocks = Blocks::of(&all, |c, d| {
            let s = Direction::SEARCH_ORDER
                .iter()
                .position(|&x| x == d)
                .unwrap();
            let t = next[c][s];
            (t != NONE).then_some(t as usize)
        });
        // Side classes: with a box on c, the worker can go between sides s and t exactly when
        // their edges share a block.
        let side_block = |c: usize, s: usize| blocks.of_edge(c, Direction::SEARCH_ORDER[s]);
        let mut dist = vec![FAR; goals.len() * n];
        let mut seen = vec![false; n * 4];
        let mut queue: Vec<(u16, u8, i32)> = Vec::new();
        for (g, &goal) in goals.iter().enumerate() {
            seen.fill(false);
            queue.clear();
            // The box on the goal, the worker on any side (wherever the last push left it).
            for s in 0..4 {
                if next[goal as usize][s] != NONE && !seen[goal as usize * 4 + s] {
                    seen[goal as usize * 4 + s] = true;
                    queue.push((goal, s as u8, 0));
                }
            }
            let row = &mut dist[g * n..(g + 1) * n];
            let mut head = 0;
            while head < queue.len() {
                let (c, s, d) = queue[head];
                head += 1;
                let c = c as usize;
                row[c] = row[c].min(d);
                // Walk round the box to every side of the same block (free), then pull.
                for t in 0..4 {
                    let w = next[c][t];
                    if w == NONE || side_block(c, t) != side_block(c, s as usize) {
                        continue;
                    }
                    if !seen[c * 4 + t] {
                        seen[c * 4 + t] = true;
                        queue.push((c as u16, t as u8, d));
                    }
                    let (to, side) = if pushing {
                        // Pull: the box goes to w, the worker to the cell beyond it.
                        (w, next[w as usize][t])
                    } else {
                        // Push from w: the box goes the other way, the worker to where it was.
                        (next[c][(t + 2) % 4], c as u16)
                    };
                    if to != NONE && side != NONE && !seen[to as usize * 4 + t] {
                        seen[to as usize * 4 + t] = true;
                        queue.push((to, t as u8, d + 1));
                    }
                }
            }
        }
        Distances { n, dist }
    }

    /// The push distance from `cell` to goal number `goal`.
    pub fn get(&self, goal: usize, cell: u16) -> i32 {
        self.dist[goal * self.n + cell as usize]
    }
}

/// The Hungarian method on a square cost matrix (rows: boxes, columns: goals), with the dual
/// potentials kept so that moving one box re-solves in O(k²) instead of O(k³).
#[derive(Clone, Default)]
pub(crate) struct Matching {
    k: usize,
    /// The box cell of each row.
    cells: Vec<u16>,
    /// `cost[row * k + col]`.
    cost: Vec<i32>,
    /// Potentials, 1-based as in the textbook form (index 0 is the search's free slot).
    u: Vec<i32>,
    v: Vec<i32>,
    /// Column → row matched to it (0: none).
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i32>,
    used: Vec<bool>,
    /// The columns reached in a round, with the sum of its steps' deltas when each was reached.
    reached: Vec<(usize, i32)>,
}

impl Matching {
    /// Solves the matching of `boxes` to the goals; the total, or `None` when some box cannot be
    /// given a reachable goal of its own.
    pub fn solve(&mut self, dist: &Distances, boxes: &[u16]) -> Option<i32> {
        let k = boxes.len();
        self.k = k;
        self.cells.clear();
        self.cells.extend_from_slice(boxes);
        self.cost.clear();
        for &b in boxes {
            self.cost.extend((0..k).map(|g| dist.get(g, b)));
        }
        self.u.clear();
        self.u.resize(k + 1, 0);
        self.v.clear();
        self.v.resize(k + 1, 0);
        self.p.clear();
        self.p.resize(k + 1, 0);
        for row in 1..=k {
            self.add_row(row);
        }
        self.total()
    }

    /// The total after box `row` (0-based, in the order given to [`Matching::solve`]) moves to
    /// `cell`, solved from `base` (the matching before the move) into `self`.
    pub fn moved(
        &mut self,
        base: &Matching,
        dist: &Distances,
        row: usize,
        cell: u16,
    ) -> Option<i32> {
        let k = base.k;
        self.k = k;
        self.cells.clone_from(&base.cells);
        self.cells[row] = cell;
        self.cost.clone_from(&base.cost);
        self.u.clone_from(&base.u);
        self.v.clone_from(&base.v);
        self.p.clone_from(&base.p);
        for g in 0..k {
            self.cost[row * k + g] = dist.get(g, cell);
        }
        let r = row + 1;
        // (Slot 0 is the search's scratch, which may still name this row.)
        let col = (1..=k).find(|&j| self.p[j] == r);
        if let Some(col) = col {
            self.p[col] = 0;
        }
        // Make the new row feasible again, then find it a column.
        let reduced = |j: usize| self.cost[row * k + j - 1] - self.v[j];
        self.u[r] = (1..=k).map(reduced).min().unwrap_or(0);
        match col {
            // Its goal is still one of its cheapest by the potentials (a push towards it, most
            // often): every edge stays feasible and the matched ones tight, so it is optimal.
            Some(col) if reduced(col) == self.u[r] => self.p[col] = r,
            _ => self.add_row(r),
        }
        self.total()
    }

    /// The row of the box on `cell` (a matching made by [`Matching::moved`] keeps the rows of
    /// its base, which need not be in the order of the boxes sorted).
    pub fn row_of(&self, cell: u16) -> Option<usize> {
        self.cells.iter().position(|&c| c == cell)
    }

    fn total(&self) -> Option<i32> {
        let k = self.k;
        let sum: i32 = (1..=k)
            .map(|j| self.cost[(self.p[j] - 1) * k + j - 1])
            .sum();
        (sum < FAR).then_some(sum)
    }

    /// One round of the Hungarian method: finds row `row` (1-based) a column by a shortest
    /// augmenting path over reduced costs, updating the potentials. (Next to the worker's flood the
    /// solver's hottest loop: the scan works on slices of exactly `k` so that it runs without
    /// bounds checks.)
    ///
    /// The textbook round lowers every unreached column's `minv` and shifts every reached
    /// column's potentials by each step's `delta`, a second pass over all `k` columns per step.
    /// Here the steps' deltas are summed instead (`reached`): `minv` holds the slack plus that
    /// sum, and a reached column's potentials are shifted once at the end by the sum since it
    /// was reached. The values, ties and paths are exactly the textbook's.
    fn add_row(&mut self, row: usize) {
        let k = self.k;
        self.minv.resize(k + 1, 0);
        self.way.resize(k + 1, 0);
        self.used.clear();
        self.used.resize(k + 1, false);
        self.reached.clear();
        self.p[0] = row;
        let mut j0 = 0;
        let mut sum = 0;
        loop {
            self.used[j0] = true;
            self.reached.push((j0, sum));
            let i0 = self.p[j0];
            let ui = self.u[i0] - sum;
            let costs = &self.cost[(i0 - 1) * k..i0 * k];
            let (used, v) = (&self.used[1..=k], &self.v[1..=k]);
            let (minv, way) = (&mut self.minv[1..=k], &mut self.way[1..=k]);
            let mut least = i32::MAX;
            let mut j1 = 0;
            if j0 == 0 {
                // The first step reaches every column: no earlier `minv` to compare with.
                for j in 0..k {
                    minv[j] = costs[j] - ui - v[j];
                    way[j] = 0;
                    if minv[j] < least {
                        least = minv[j];
                        j1 = j + 1;
                    }
                }
            } else {
                for j in 0..k {
                    if used[j] {
                        continue;
                    }
                    let cur = costs[j] - ui - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < least {
                        least = minv[j];
                        j1 = j + 1;
                    }
                }
            }
            sum = least;
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        for &(j, at) in &self.reached {
            self.u[self.p[j]] += sum - at;
            self.v[j] -= sum - at;
        }
        loop {
            let j1 = self.way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The cheapest assignment by trying every permutation (small k only).
    fn brute(cost: &[Vec<i32>]) -> i32 {
        fn go(cost: &[Vec<i32>], row: usize, used: &mut Vec<bool>) -> i32 {
            if row == cost.len() {
                return 0;
            }
            let mut best = i32::MAX;
            for c in 0..cost.len() {
                if !used[c] {
                    used[c] = true;
                    best = best.min(cost[row][c] + go(cost, row + 1, used));
                    used[c] = false;
                }
            }
            best
        }
        go(cost, 0, &mut vec![false; cost.len()])
    }

    /// A distance table straight from a matrix: "cell" b is box b's row.
    fn table(cost: &[Vec<i32>]) -> Distances {
        let k = cost.len();
        let mut dist = vec![0; k * k];
        for (b, row) in cost.iter().enumerate() {
            for (g, &c) in row.iter().enumerate() {
                dist[g * k + b] = c;
            }
        }
        Distances { n: k, dist }
    }

    proptest! {
        #[test]
        fn matches_brute_force_and_updates_by_one_row(
            k in 1usize..6,
            raw in proptest::collection::vec(0i32..9, 36),
            row in 0usize..6,
            moved_to in 0usize..6,
        ) {
            let cost: Vec<Vec<i32>> = (0..k).map(|r| raw[r * 6..r * 6 + k].to_vec()).collect();
            let dist = table(&cost);
            let boxes: Vec<u16> = (0..k as u16).collect();
            let mut m = Matching::default();
            prop_assert_eq!(m.solve(&dist, &boxes), Some(brute(&cost)));
            // Box `row` now costs what box `moved_to` costs.
            let (row, moved_to) = (row % k, moved_to % k);
            let mut after = Matching::default();
            let got = after.moved(&m, &dist, row, moved_to as u16);
            let mut changed = cost.clone();
            changed[row] = cost[moved_to].clone();
            prop_assert_eq!(got, Some(brute(&changed)));
        }
    }

    /// The textbook round that [`Matching::add_row`] defers the updates of: every step shifts
    /// the potentials of the columns reached and lowers the others' `minv`.
    fn textbook_add_row(m: &mut Matching, row: usize) {
        let k = m.k;
        let (mut minv, mut used, mut way) =
            (vec![i32::MAX; k + 1], vec![false; k + 1], vec![0; k + 1]);
        m.p[0] = row;
        let mut j0 = 0;
        loop {
            used[j0] = true;
            let i0 = m.p[j0];
            let (mut delta, mut j1) = (i32::MAX, 0);
            for j in 1..=k {
                if !used[j] {
                    let cur = m.cost[(i0 - 1) * k + j - 1] - m.u[i0] - m.v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=k {
                if used[j] {
                    m.u[m.p[j]] += delta;
                    m.v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if m.p[j0] == 0 {
                break;
            }
        }
        while j0 != 0 {
            let j1 = way[j0];
            m.p[j0] = m.p[j1];
            j0 = j1;
        }
    }

    proptest! {
        #[test]
        fn rounds_leave_the_textbooks_potentials_and_pairs(
            k in 1usize..9,
            raw in proptest::collection::vec(0i32..12, 64),
        ) {
            let cost: Vec<Vec<i32>> = (0..k).map(|r| raw[r * 8..r * 8 + k].to_vec()).collect();
            let boxes: Vec<u16> = (0..k as u16).collect();
            let mut deferred = Matching::default();
            deferred.solve(&table(&cost), &boxes);
            let mut textbook = Matching { k, cost: cost.concat(), ..Matching::default() };
            textbook.u = vec![0; k + 1];
            textbook.v = vec![0; k + 1];
            textbook.p = vec![0; k + 1];
            for row in 1..=k {
                textbook_add_row(&mut textbook, row);
            }
            prop_assert_eq!(&deferred.u, &textbook.u);
            prop_assert_eq!(&deferred.v, &textbook.v);
            prop_assert_eq!(&deferred.p, &textbook.p);
        }
    }

    #[test]
    fn no_perfect_matching_is_none() {
        let cost = vec![vec![1, FAR], vec![2, FAR]];
        let mut m = Matching::default();
        assert_eq!(m.solve(&table(&cost), &[0, 1]), None);
    }
}
