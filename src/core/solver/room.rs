//! The floor of a level as a compact graph, shared by the searches and the level generator.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::core::{Board, Direction, Pos, cell, validate};

/// No neighbour (a wall or the outside).
pub(crate) const NONE: u16 = u16::MAX;

/// The worker's area after one box moved, as [`Room::area_after_move`] found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AreaAfterMove {
    /// Told from the area before, without a flood: its lowest cell.
    Told(u16),
    /// Flooded: its lowest cell, and [`Room::reached`] and [`Room::flooded`] tell its cells.
    Flooded(u16),
    /// Neither: it takes a [`Room::flood`].
    Unknown,
}

/// The floor of a level as a compact graph: the cells inside the walls, numbered row-major.
#[derive(Clone, Debug)]
pub(crate) struct Room {
    pub width: u32,
    /// Compact number → map index.
    pub grid: Vec<u32>,
    /// Compact number → neighbour per [`Direction`] (`NONE` for a wall).
    pub next: Vec<[u16; 4]>,
    pub goal: Vec<bool>,
    /// Map index → compact number (`NONE` outside the floor).
    pub compact: Vec<u16>,
    /// `next` with every `NONE` made the cell past the last (`len`), which a flood marks seen
    /// before it starts, so that a flood tests no neighbour for a wall.
    flood_next: Vec<[u16; 4]>,
    /// Scratch for floods: a cell is seen when its stamp equals `stamp` (one more than the
    /// cells: the one past the last stands for the walls).
    seen: Vec<u32>,
    stamp: u32,
    /// Floods so far: a measure of a search's work that does not depend on the machine.
    pub floods: u64,
    /// The last flood's cells in the order reached, in the first `flooded` places (one place
    /// more than the cells, written to whether or not a neighbour is taken).
    queue: Vec<u16>,
    flooded: usize,
}

impl Room {
    /// The room of a board: every non-wall cell the worker's area contains.
    pub fn of(board: &Board) -> Room {
        let inside = validate::inside(board);
        let cells = board.cells();
        let mut compact = vec![NONE; cells.len()];
        let mut grid = Vec::new();
        for (i, &b) in cells.iter().enumerate() {
            if inside[i] && !cell::is_wall(b) {
                compact[i] = grid.len() as u16;
                grid.push(i as u32);
            }
        }
        let next: Vec<[u16; 4]> = grid
            .iter()
            .map(|&i| {
                let p = board.pos_of(i);
                Direction::SEARCH_ORDER.map(|d| {
                    board
                        .neighbour(p, d)
                        .and_then(|q| board.index_of(q))
                        .map_or(NONE, |q| compact[q as usize])
                })
            })
            .collect();
        let goal = grid
            .iter()
            .map(|&i| cell::is_goal(cells[i as usize]))
            .collect();
        let n = grid.len();
        let flood_next = next
            .iter()
            .map(|around: &[u16; 4]| around.map(|c| if c == NONE { n as u16 } else { c }))
            .collect();
        Room {
            width: board.width(),
            grid,
            next,
            flood_next,
            goal,
            compact,
            seen: vec![0; n + 1],
            stamp: 0,
            floods: 0,
            queue: vec![0; n + 1],
            flooded: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.grid.len()
    }

    /// The compact number of a map position.
    pub fn at(&self, p: Pos) -> u16 {
        self.compact[(p.y * self.width + p.x) as usize]
    }

    pub fn pos(&self, c: u16) -> Pos {
        let i = self.grid[c as usize];
        Pos::new(i % self.width, i / self.width)
    }

    /// Floods the worker's area from `from` around the boxes (`occupied`); returns the lowest
    /// cell reached, which names the area. Afterwards [`Room::reached`] tells the area's cells.
    pub fn flood(&mut self, occupied: &[bool], from: u16) -> u16 {
        self.floods += 1;
        let (low, _) = self.fill(occupied, from, |_| false);
        low
    }

    /// [`Room::flood`] from `from` that stops once it has reached every cell of `targets`:
    /// `None` then (the flood's marks are left half made), else the lowest cell of the whole
    /// area, flooded as [`Room::flood`] floods it. Not counted in [`Room::floods`].
    fn flood_until(&mut self, occupied: &[bool], from: u16, targets: &[u16]) -> Option<u16> {
        let (low, whole) = self.fill(occupied, from, |room: &Room| {
            targets.iter().all(|&t| room.seen[t as usize] == room.stamp)
        });
        whole.then_some(low)
    }

    /// The flood itself, asking `done` before each cell it takes from the queue: the lowest
    /// cell reached, and whether the whole area was (not stopped by `done`).
    #[inline(always)]
    fn fill(&mut self, occupied: &[bool], from: u16, done: impl Fn(&Room) -> bool) -> (u16, bool) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let last = self.len() - 1;
        self.seen[last + 1] = stamp;
        self.seen[from as usize] = stamp;
        self.queue[0] = from;
        let mut low = from;
        let (mut head, mut tail) = (0, 1);
        // Whether a neighbour is new is as good as random, so it is not branched on: the
        // neighbour is written to the queue's next place anyway (kept only when new), and its
        // stamp rewritten (changed only when new). Past-the-last (a wall) is seen already, so
        // it is never kept, and `occupied` is read within its length for it.
        while head < tail {
            if done(self) {
                return (low, false);
            }
            let c = self.queue[head];
            head += 1;
            low = low.min(c);
            for n in self.flood_next[c as usize] {
                let n = n as usize;
                let seen = self.seen[n];
                let new = (seen != stamp) & !occupied[n.min(last)];
                self.seen[n] = if new { stamp } else { seen };
                self.queue[tail] = n as u16;
                tail += usize::from(new);
            }
        }
        self.flooded = tail;
        (low, true)
    }

    /// How many cells the last flood reached.
    pub fn flooded(&self) -> usize {
        self.flooded
    }

    /// The free cells outside the worker's area after a move [`Room::area_after_move`] told
    /// without a flood, `unreached` before it: `to` leaves the area when it was in it, `from`
    /// joins it when a free cell beside it is in it (always for a push: the worker stood there).
    pub fn unreached_after_move(&self, reach: &[bool], unreached: u16, from: u16, to: u16) -> u16 {
        let touches = self.next[from as usize]
            .iter()
            .any(|&n| n != NONE && n != to && reach[n as usize]);
        unreached + reach[to as usize] as u16 - touches as u16
    }

    /// The worker's area after one box moved from `from` to `to`, the worker ending on `worker`,
    /// told without a flood when the move cannot have split the area or joined another to it.
    /// `reach` is the area before the move, whose lowest cell is `low`, and `occupied` holds the
    /// boxes after it. Most pushes and pulls in open floor take this way; a flood was a third of
    /// the search's time. Counted in [`Room::floods`] as one when told or flooded.
    ///
    /// The area after is `reach` less `to`, plus `from` when it touches the rest, provided that
    /// every free neighbour of `from` was in the area (no other area joins) and `to`'s neighbours
    /// in the area stay joined without it: every cell of the area reached `to` through one of
    /// them. Joined through their shared diagonals, they are told at once; else a flood from
    /// the worker looks for them and stops when it has them all. On XSokoban 42 a third of the
    /// floods were for such moves, most of which split nothing.
    pub fn area_after_move(
        &mut self,
        reach: &[bool],
        low: u16,
        occupied: &[bool],
        (from, to): (u16, u16),
        worker: u16,
    ) -> AreaAfterMove {
        if to == low {
            return AreaAfterMove::Unknown;
        }
        let inside = |c: u16| c != NONE && c != to && (c == from || reach[c as usize]);
        let mut touches = false;
        for &n in &self.next[from as usize] {
            if n == NONE || n == to || occupied[n as usize] {
                continue;
            }
            if !reach[n as usize] {
                return AreaAfterMove::Unknown;
            }
            touches = true;
        }
        if reach[to as usize] {
            let around = self.next[to as usize];
            let mut runs = 0;
            for d in 0..4 {
                let (n, before) = (around[d], around[(d + 3) % 4]);
                if !inside(n) {
                    continue;
                }
                // Joined to the neighbour before it in the ring through their shared diagonal?
                let joined = inside(before) && inside(self.next[before as usize][d]);
                runs += usize::from(!joined);
            }
            if runs > 1 {
                // Not joined around `to`: a flood from the worker looks for them all.
                let mut targets = [NONE; 4];
                let mut len = 0;
                for n in around.into_iter().filter(|&n| inside(n)) {
                    targets[len] = n;
                    len += 1;
                }
                if let Some(low) = self.flood_until(occupied, worker, &targets[..len]) {
                    self.floods += 1;
                    return AreaAfterMove::Flooded(low);
                }
            }
        }
        self.floods += 1;
        AreaAfterMove::Told(if touches { low.min(from) } else { low })
    }

    /// Sets up a state for expanding: its boxes (all of `key` but the last number) in `occupied`,
    /// and in `reach` the cells the worker can reach from its area (the last number).
    pub fn enter(&mut self, key: &[u16], occupied: &mut [bool], reach: &mut Vec<bool>) {
        let (boxes, worker) = key.split_at(key.len() - 1);
        self.enter_boxes(boxes, worker[0], occupied, reach);
    }

    /// [`Room::enter`] with the boxes and the worker's cell apart.
    pub fn enter_boxes(
        &mut self,
        boxes: &[u16],
        worker: u16,
        occupied: &mut [bool],
        reach: &mut Vec<bool>,
    ) {
        occupied.fill(false);
        for &b in boxes {
            occupied[b as usize] = true;
        }
        self.flood(occupied, worker);
        reach.clear();
        reach.extend((0..self.len() as u16).map(|c| self.reached(c)));
    }

    /// Whether the last [`Room::flood`] reached `c`.
    pub fn reached(&self, c: u16) -> bool {
        self.seen[c as usize] == self.stamp
    }

    /// The cells from which a lone box can still be pushed onto some goal.
    pub fn live_cells(&self) -> Vec<bool> {
        let mut live = self.goal.clone();
        let mut queue: Vec<u16> = (0..self.len() as u16)
            .filter(|&c| live[c as usize])
            .collect();
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            // Pulling the box from c one cell further along d needs two free cells that way.
            for d in 0..4 {
                let b = self.next[c as usize][d];
                if b == NONE || live[b as usize] {
                    continue;
                }
                if self.next[b as usize][d] != NONE {
                    live[b as usize] = true;
                    queue.push(b);
                }
            }
        }
        live
    }

    /// Whether a box just moved to `t` closes a 2×2 square of walls and boxes holding a box that
    /// is not on a goal (none of those boxes can ever move again).
    pub fn frozen_square(&self, occupied: &[bool], t: u16) -> bool {
        const PAIRS: [(usize, usize); 4] = [(0, 1), (1, 2), (2, 3), (3, 0)];
        let blocked = |c: u16| c == NONE || occupied[c as usize];
        for (a, b) in PAIRS {
            let ca = self.next[t as usize][a];
            let cb = self.next[t as usize][b];
            if !blocked(ca) || !blocked(cb) {
                continue;
            }
            let diagonal = if ca != NONE {
                self.next[ca as usize][b]
            } else if cb != NONE {
                self.next[cb as usize][a]
            } else {
                // Two walls: a corner. Only a goal makes it safe.
                if !self.goal[t as usize] {
                    return true;
                }
                continue;
            };
            if !blocked(diagonal) {
                continue;
            }
            let off_goal = |c: u16| c != NONE && occupied[c as usize] && !self.goal[c as usize];
            if off_goal(t) || off_goal(ca) || off_goal(cb) || off_goal(diagonal) {
                return true;
            }
        }
        false
    }
}

/// FNV-1a, for the state table (keys are short arrays of small numbers).
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(crate) type StateTable = HashMap<Box<[u16]>, u32, BuildHasherDefault<Fnv>>;
