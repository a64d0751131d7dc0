//! The optimizer's vicinity: the box positions a solution passes through, and those that differ
//! from one of them by a few boxes each a few cells away. The shorter solution is looked for
//! among these positions only ([`super::shortest`]), which keeps the search small enough to be
//! exhaustive however long the level's full search would be.

use crate::core::solver::room::{NONE, Room};
use crate::core::solver::table::PositionTable;

/// How far a vicinity reaches: `boxes` boxes at once, each moved to any live cell at most
/// `radius` steps from where the solution had it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spread {
    pub boxes: usize,
    pub radius: u32,
}

/// A set of box positions (each sorted), found by their Zobrist key.
pub(super) struct Vicinity {
    k: usize,
    /// Position `i` is `cells[i * k..(i + 1) * k]`, sorted.
    cells: Vec<u16>,
    keys: Vec<u64>,
    table: PositionTable,
}

impl Vicinity {
    pub fn new(k: usize) -> Vicinity {
        Vicinity {
            k,
            cells: Vec::new(),
            keys: Vec::new(),
            table: PositionTable::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn boxes(&self, id: u32) -> &[u16] {
        let i = id as usize * self.k;
        &self.cells[i..i + self.k]
    }

    pub fn key(&self, id: u32) -> u64 {
        self.keys[id as usize]
    }

    /// The position stored under this key.
    fn stored(&self, key: u64) -> Option<u32> {
        self.table.get(key, |id| self.keys[id as usize] == key)
    }

    /// The position with this key and these (sorted) boxes. Two positions sharing a key (one
    /// chance in 2⁶⁴ a pair) keep the first: the second is left out of the vicinity.
    pub fn find(&self, key: u64, sorted: &[u16]) -> Option<u32> {
        self.stored(key).filter(|&id| self.boxes(id) == sorted)
    }

    /// Whether some position has this key (the one with these boxes, but for one chance in
    /// 2⁶⁴).
    pub fn has_key(&self, key: u64) -> bool {
        self.stored(key).is_some()
    }

    /// Adds a position (its boxes sorted) unless it is there already.
    pub fn insert(&mut self, key: u64, sorted: &[u16]) {
        if self.stored(key).is_none() {
            self.table.insert(key, self.keys.len() as u32);
            self.keys.push(key);
            self.cells.extend_from_slice(sorted);
        }
    }
}

/// The live cells at most `radius` steps from each cell (the cell itself first), walking the
/// floor as the worker does.
pub(super) fn balls(room: &Room, live: &[bool], radius: u32) -> Vec<Vec<u16>> {
    let n = room.len();
    let mut depth = vec![u32::MAX; n];
    let mut queue = Vec::new();
    (0..n as u16)
        .map(|c| {
            queue.clear();
            queue.push(c);
            depth[c as usize] = 0;
            let mut head = 0;
            while head < queue.len() {
                let x = queue[head];
                head += 1;
                if depth[x as usize] == radius {
                    continue;
                }
                for &y in &room.next[x as usize] {
                    if y != NONE && depth[y as usize] == u32::MAX {
                        depth[y as usize] = depth[x as usize] + 1;
                        queue.push(y);
                    }
                }
            }
            for &x in &queue {
                depth[x as usize] = u32::MAX;
            }
            let mut ball: Vec<u16> = queue
                .iter()
                .copied()
                .filter(|&x| live[x as usize])
                .collect();
            // The cell itself first (a box may stay), whether or not it is live.
            ball.retain(|&x| x != c);
            ball.insert(0, c);
            ball
        })
        .collect()
}

/// An upper bound on the positions `spread` makes around `path` (before removing repeats):
/// for each position, the sum over every choice of `spread.boxes` boxes of the product of
/// their balls' sizes (the elementary symmetric polynomial of the sizes).
pub(super) fn estimate(path: &Vicinity, balls: &[Vec<u16>], spread: Spread) -> f64 {
    let m = spread.boxes;
    (0..path.len() as u32)
        .map(|id| {
            let mut e = vec![0f64; m + 1];
            e[0] = 1.0;
            for &b in path.boxes(id) {
                let s = balls[b as usize].len() as f64;
                for j in (1..=m).rev() {
                    e[j] += e[j - 1] * s;
                }
            }
            e[m]
        })
        .sum()
}

/// Adds to `out` every position made from `from` by moving `spread.boxes` of its boxes within
/// their balls (fewer when some stay) onto free cells, the first of them box `first`: one call
/// per box, so that a slice of work stays small (a browser's frame).
pub(super) fn spread_around(
    from: &[u16],
    first: usize,
    balls: &[Vec<u16>],
    zobrist: &[u64],
    spread: Spread,
    occupied: &mut [bool],
    out: &mut Vicinity,
) {
    if first >= from.len() {
        return;
    }
    let mut cells = from.to_vec();
    let key = from.iter().fold(0, |h, &b| h ^ zobrist[b as usize]);
    for &b in from {
        occupied[b as usize] = true;
    }
    let mut sorted = Vec::with_capacity(from.len());
    let mut generator = Generator {
        balls,
        zobrist,
        occupied,
        cells: &mut cells,
        sorted: &mut sorted,
        out,
    };
    generator.move_box(first, spread.boxes, key);
    for &b in from {
        occupied[b as usize] = false;
    }
}

struct Generator<'a> {
    balls: &'a [Vec<u16>],
    zobrist: &'a [u64],
    occupied: &'a mut [bool],
    cells: &'a mut Vec<u16>,
    sorted: &'a mut Vec<u16>,
    out: &'a mut Vicinity,
}

impl Generator<'_> {
    /// Box `j` moved to each free cell of its ball, then `left - 1` more of the boxes after it.
    fn move_box(&mut self, j: usize, left: usize, key: u64) {
        let home = self.cells[j];
        let balls = self.balls;
        for &c in &balls[home as usize][1..] {
            if self.occupied[c as usize] {
                continue;
            }
            self.occupied[home as usize] = false;
            self.occupied[c as usize] = true;
            self.cells[j] = c;
            let moved = key ^ self.zobrist[home as usize] ^ self.zobrist[c as usize];
            self.choose(j + 1, left - 1, moved);
            self.cells[j] = home;
            self.occupied[c as usize] = false;
            self.occupied[home as usize] = true;
        }
    }

    /// Moves `left` more boxes, choosing among boxes `first..`.
    fn choose(&mut self, first: usize, left: usize, key: u64) {
        if left == 0 || first == self.cells.len() {
            self.sorted.clear();
            self.sorted.extend_from_slice(self.cells);
            self.sorted.sort_unstable();
            self.out.insert(key, self.sorted);
            return;
        }
        for j in first..self.cells.len() {
            self.move_box(j, left, key);
        }
        // Fewer than `left` boxes moved: the position as it stands.
        self.choose(self.cells.len(), 0, key);
    }
}
