//! The shortest solution through a vicinity: A* over (box position, worker's cell) pairs whose box
//! position is in the [`Vicinity`], by moves then pushes or by pushes then moves. The worker's
//! cell is kept exactly (not its area), since walking is what the moves count; each push costs
//! the walk to its side plus one.
//!
//! By moves, a solution may not have more pushes than the one given, so a pair reached with
//! fewer moves but more pushes does not make the way there with fewer pushes useless: each pair
//! keeps every (moves, pushes) *label* no other label of it beats in both, and labels are
//! expanded one by one (a multi-objective search; most pairs keep one or two).
//!
//! The bound is the sum over boxes of the push distance to the nearest goal: a push moves one
//! box one cell, so it never drops by more than the push costs (consistent), and it bounds the
//! moves as well as the pushes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::Metric;
use super::vicinity::Vicinity;
use crate::core::Direction;
use crate::core::solver::Push;
use crate::core::solver::room::{NONE, Room};
use crate::core::solver::table::PositionTable;

/// One label: a way to reach a (position, worker) pair, and what it cost.
#[derive(Clone, Copy)]
struct Node {
    position: u32,
    worker: u16,
    /// The push that led here: the box's cell before it and the direction (search order).
    from: u16,
    dir: u8,
    moves: u32,
    pushes: u32,
    parent: u32,
    /// The pair's next label (`NO_LABEL`: none).
    next: u32,
    /// Beaten by a later label of the same pair: not expanded.
    dead: bool,
}

const NO_LABEL: u32 = u32::MAX;

/// What the search minimizes and what it must keep.
pub(super) struct Costs<'a> {
    pub metric: Metric,
    /// The push distance from each cell to the nearest goal.
    pub near: &'a [u32],
    /// Pushes a solution may have at most (fewer moves must not cost more pushes).
    pub push_limit: u32,
}

impl Costs<'_> {
    fn bound(&self, boxes: &[u16]) -> u32 {
        boxes.iter().map(|&b| self.near[b as usize]).sum()
    }

    /// The open list's order: the metric first, the other count next, each with the bound.
    fn priority(&self, moves: u32, pushes: u32, h: u32) -> (u32, u32) {
        match self.metric {
            Metric::Moves => (moves + h, pushes + h),
            Metric::Pushes => (pushes + h, moves + h),
        }
    }

    /// Whether label `a` makes label `b` of the same pair useless: by moves, no more moves and
    /// no more pushes (the push limit makes pushes count); by pushes, first by pushes then moves.
    fn beats(&self, a: &Node, b: &Node) -> bool {
        match self.metric {
            Metric::Moves => a.moves <= b.moves && a.pushes <= b.pushes,
            Metric::Pushes => (a.pushes, a.moves) <= (b.pushes, b.moves),
        }
    }
}

pub(super) struct Shortest {
    nodes: Vec<Node>,
    /// (position, worker) → its first label.
    table: PositionTable,
    open: BinaryHeap<Reverse<(u32, u32, u32)>>,
    occupied: Vec<bool>,
    /// The worker's walking distance to each cell from the node being expanded (`u32::MAX`: out
    /// of reach), and the cells it reached.
    walk: Vec<u32>,
    reached: Vec<u16>,
    moved: Vec<u16>,
}

/// `boxes` (sorted) with box `i` moved to `to`, sorted, into `out`: one box out of order is
/// moved into place rather than the whole list sorted.
fn moved_boxes(boxes: &[u16], i: usize, to: u16, out: &mut Vec<u16>) {
    out.clear();
    out.extend_from_slice(boxes);
    out[i] = to;
    let mut j = i;
    while j > 0 && out[j - 1] > out[j] {
        out.swap(j - 1, j);
        j -= 1;
    }
    while j + 1 < out.len() && out[j] > out[j + 1] {
        out.swap(j, j + 1);
        j += 1;
    }
}

/// The table's key of a (position, worker) pair: a bijection of the pair, mixed so that the
/// high bits (the table's slot) vary.
fn key(position: u32, worker: u16) -> u64 {
    ((position as u64) << 16 | worker as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Shortest {
    pub fn new(cells: usize, start: u32, worker: u16, vicinity: &Vicinity, costs: &Costs) -> Self {
        let mut s = Shortest {
            nodes: Vec::new(),
            table: PositionTable::default(),
            open: BinaryHeap::new(),
            occupied: vec![false; cells],
            walk: vec![u32::MAX; cells],
            reached: Vec::new(),
            moved: Vec::new(),
        };
        let root = Node {
            position: start,
            worker,
            from: NONE,
            dir: 0,
            moves: 0,
            pushes: 0,
            parent: u32::MAX,
            next: NO_LABEL,
            dead: false,
        };
        s.add(root, vicinity, costs);
        s
    }

    /// Labels stored so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Stores a label unless one of its pair beats it; labels it beats are not expanded.
    fn add(&mut self, node: Node, vicinity: &Vicinity, costs: &Costs) {
        let h = costs.bound(vicinity.boxes(node.position));
        if costs.metric == Metric::Moves && node.pushes + h > costs.push_limit {
            return;
        }
        let id = self.nodes.len() as u32;
        let k = key(node.position, node.worker);
        let nodes = &self.nodes;
        let first = self.table.get(k, |at| {
            let old = &nodes[at as usize];
            (old.position, old.worker) == (node.position, node.worker)
        });
        match first {
            Some(first) => {
                let mut at = first;
                let mut last = first;
                while at != NO_LABEL {
                    let old = self.nodes[at as usize];
                    if !old.dead && costs.beats(&old, &node) {
                        return;
                    }
                    if costs.beats(&node, &old) {
                        self.nodes[at as usize].dead = true;
                    }
                    last = at;
                    at = old.next;
                }
                self.nodes[last as usize].next = id;
            }
            None => self.table.insert(k, id),
        }
        self.nodes.push(node);
        let (f, g) = costs.priority(node.moves, node.pushes, h);
        self.open.push(Reverse((f, g, id)));
    }

    /// Expands up to `count` positions. `Some(Some(node))`: the best solution through the
    /// vicinity ends at `node`; `Some(None)`: there is none; `None`: not done yet.
    pub fn run(
        &mut self,
        count: usize,
        room: &Room,
        live: &[bool],
        vicinity: &Vicinity,
        zobrist: &[u64],
        costs: &Costs,
    ) -> Option<Option<u32>> {
        for _ in 0..count {
            let Some(Reverse((_, _, id))) = self.open.pop() else {
                return Some(None);
            };
            let node = self.nodes[id as usize];
            if node.dead {
                continue; // Beaten by a label found since this one was queued.
            }
            let boxes = vicinity.boxes(node.position);
            if boxes.iter().all(|&b| room.goal[b as usize]) {
                return Some(Some(id));
            }
            self.expand(id, room, live, vicinity, zobrist, costs);
        }
        if self.open.is_empty() {
            Some(None)
        } else {
            None
        }
    }

    fn expand(
        &mut self,
        id: u32,
        room: &Room,
        live: &[bool],
        vicinity: &Vicinity,
        zobrist: &[u64],
        costs: &Costs,
    ) {
        let node = self.nodes[id as usize];
        let boxes = vicinity.boxes(node.position);
        for &b in boxes {
            self.occupied[b as usize] = true;
        }
        self.walk_from(room, node.worker);
        let base = vicinity.key(node.position);
        for (i, &b) in boxes.iter().enumerate() {
            for d in 0..4 {
                let to = room.next[b as usize][d];
                let stand = room.next[b as usize][(d + 2) & 3];
                if to == NONE
                    || stand == NONE
                    || self.occupied[to as usize]
                    || !live[to as usize]
                    || self.walk[stand as usize] == u32::MAX
                {
                    continue;
                }
                // Most pushes leave the vicinity: the key alone says so, before any copying.
                let k = base ^ zobrist[b as usize] ^ zobrist[to as usize];
                if !vicinity.has_key(k) {
                    continue;
                }
                moved_boxes(boxes, i, to, &mut self.moved);
                if let Some(position) = vicinity.find(k, &self.moved) {
                    let child = Node {
                        position,
                        worker: b,
                        from: b,
                        dir: d as u8,
                        moves: node.moves + self.walk[stand as usize] + 1,
                        pushes: node.pushes + 1,
                        parent: id,
                        next: NO_LABEL,
                        dead: false,
                    };
                    self.add(child, vicinity, costs);
                }
            }
        }
        for &c in &self.reached {
            self.walk[c as usize] = u32::MAX;
        }
        for &b in vicinity.boxes(node.position) {
            self.occupied[b as usize] = false;
        }
    }

    /// Walking distances from `from` around the boxes (`occupied`).
    fn walk_from(&mut self, room: &Room, from: u16) {
        self.reached.clear();
        self.reached.push(from);
        self.walk[from as usize] = 0;
        let mut head = 0;
        while head < self.reached.len() {
            let c = self.reached[head];
            head += 1;
            for &n in &room.next[c as usize] {
                if n != NONE && self.walk[n as usize] == u32::MAX && !self.occupied[n as usize] {
                    self.walk[n as usize] = self.walk[c as usize] + 1;
                    self.reached.push(n);
                }
            }
        }
    }

    /// The pushes from the start to `end`.
    pub fn pushes(&self, room: &Room, end: u32) -> Vec<Push> {
        let mut out = Vec::new();
        let mut id = end;
        while self.nodes[id as usize].parent != u32::MAX {
            let n = self.nodes[id as usize];
            out.push(Push {
                from: room.pos(n.from),
                dir: Direction::SEARCH_ORDER[n.dir as usize],
            });
            id = n.parent;
        }
        out.reverse();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::moved_boxes;

    #[test]
    fn a_moved_box_is_put_in_order() {
        let mut out = Vec::new();
        for (i, to, want) in [
            (0, 9, vec![3, 5, 7, 9]),
            (3, 0, vec![0, 1, 3, 5]),
            (1, 4, vec![1, 4, 5, 7]),
            (2, 2, vec![1, 2, 3, 7]),
        ] {
            moved_boxes(&[1, 3, 5, 7], i, to, &mut out);
            assert_eq!(out, want, "box {i} to {to}");
        }
    }
}
