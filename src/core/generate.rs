//! A level generator: carve a room, put the boxes on their goals, then pull them away as far as
//! possible.
//!
//! Pulling is pushing played backwards, so every generated level can be solved. The search runs
//! breadth-first over *pull states* from the solved position (the worker in each area it could
//! stand in); the position with the most pulls (ties: more boxes off their goals) becomes the
//! start, so its fewest-push solution is exactly that many pushes. The push-optimal solver then
//! records a solution, floor the solution never touches is walled in, and the level is cropped.
//!
//! The same seed always gives the same level.

use super::board::Board;
use super::cell;
use super::level::{Level, Recording};
use super::solver::{self, NONE, Room, StateTable};

/// What to make.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Room size inside the outer wall.
    pub width: u32,
    pub height: u32,
    pub boxes: usize,
    pub seed: u64,
    /// Limit of the backwards search and of the solver, in positions.
    pub max_states: usize,
}

/// A generated level with its recorded push-optimal solution.
#[derive(Clone, Debug)]
pub struct Generated {
    pub level: Level,
    /// Positions the forward solver stored to solve it: a rough measure of difficulty.
    pub states: usize,
}

/// A small deterministic random source (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % n as u64) as u32
    }
}

/// Tries up to `attempts` rooms from `spec.seed` on; the first good level, or `None`.
pub fn generate(spec: Spec, attempts: u32) -> Option<Generated> {
    let mut rng = Rng::new(spec.seed);
    (0..attempts).find_map(|_| attempt(&spec, &mut rng))
}

fn attempt(spec: &Spec, rng: &mut Rng) -> Option<Generated> {
    let (w, h) = (spec.width + 2, spec.height + 2);
    let floor = carve(spec.width, spec.height, rng)?;
    let mut cells = vec![cell::WALL; (w * h) as usize];
    let floor_cells: Vec<usize> = (0..cells.len()).filter(|&i| floor[i]).collect();
    if floor_cells.len() < spec.boxes * 3 + 4 {
        return None;
    }
    for &i in &floor_cells {
        cells[i] = cell::LAND;
    }
    // Goals with boxes on them, then the worker on a free cell.
    let mut free = floor_cells.clone();
    for _ in 0..spec.boxes {
        let i = free.swap_remove(rng.below(free.len() as u32) as usize);
        cells[i] = cell::BOX1;
    }
    let i = free[rng.below(free.len() as u32) as usize];
    cells[i] = cell::MAN0;
    let solved = Board::new(w, h, cells).ok()?;
    let start = farthest_pull(&solved, spec.max_states)?;
    let found = solver::solve(&start, spec.max_states).ok()?;
    let trimmed = trim(&start, &found.lurd)?;
    let again = solver::solve(&trimmed, spec.max_states).ok()?;
    if again.pushes < 2 * spec.boxes as u32 {
        return None;
    }
    let mut level = Level::new(trimmed.width(), trimmed.height(), trimmed.cells().to_vec());
    level.recording = Some(Recording {
        moves: again.moves,
        pushes: again.pushes,
        lurd: Some(again.lurd.clone()),
    });
    level.solutions = vec![again.lurd];
    Some(Generated {
        level,
        states: again.states,
    })
}

/// Floor of a room `width`×`height` inside an outer wall: overlapping rectangles, tidied so that
/// there are no dead-end cells and no open 3×3 squares, 4-connected. `None` if it came out poor.
pub(crate) fn carve(width: u32, height: u32, rng: &mut Rng) -> Option<Vec<bool>> {
    carve_open(width, height, 55, rng)
}

/// [`carve`] with `open` percent of the room carved before it is tidied.
pub(crate) fn carve_open(
    width: u32,
    height: u32,
    open_percent: u32,
    rng: &mut Rng,
) -> Option<Vec<bool>> {
    let (w, h) = (width + 2, height + 2);
    let mut floor = vec![false; (w * h) as usize];
    let area = width * height;
    let mut open = 0;
    let mut tries = 0;
    while open * 100 < area * open_percent && tries < 200 {
        tries += 1;
        let rw = 1 + rng.below(3.min(width));
        let rh = 1 + rng.below(3.min(height));
        let x0 = 1 + rng.below(width - rw + 1);
        let y0 = 1 + rng.below(height - rh + 1);
        for y in y0..y0 + rh {
            for x in x0..x0 + rw {
                let i = (y * w + x) as usize;
                open += !floor[i] as u32;
                floor[i] = true;
            }
        }
    }
    // No open 3×3 squares: wall in the centre of each.
    for y in 1..h - 3 {
        for x in 1..w - 3 {
            let all = (0..3).all(|dy| (0..3).all(|dx| floor[((y + dy) * w + x + dx) as usize]));
            if all {
                floor[((y + 1) * w + x + 1) as usize] = false;
            }
        }
    }
    // Dead ends carry nothing: fill them until none are left.
    loop {
        let mut changed = false;
        for i in 0..floor.len() {
            if floor[i] {
                let n = [i - w as usize, i + w as usize, i - 1, i + 1]
                    .iter()
                    .filter(|&&j| floor[j])
                    .count();
                if n <= 1 {
                    floor[i] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Keep the largest connected part.
    let mut part = vec![u32::MAX; floor.len()];
    let mut best = (0, 0);
    for s in 0..floor.len() {
        if !floor[s] || part[s] != u32::MAX {
            continue;
        }
        let mut stack = vec![s];
        part[s] = s as u32;
        let mut n = 0;
        while let Some(i) = stack.pop() {
            n += 1;
            for j in [i - w as usize, i + w as usize, i - 1, i + 1] {
                if floor[j] && part[j] == u32::MAX {
                    part[j] = s as u32;
                    stack.push(j);
                }
            }
        }
        if n > best.0 {
            best = (n, s as u32);
        }
    }
    for i in 0..floor.len() {
        floor[i] = floor[i] && part[i] == best.1;
    }
    (best.0 * 100 >= area as usize * 35).then_some(floor)
}

struct PullNode {
    parent: u32,
    depth: u32,
}

/// The start farthest (in pulls) from the solved board, as a board.
fn farthest_pull(solved: &Board, max_states: usize) -> Option<Board> {
    let mut room = Room::of(solved);
    let goals: Vec<u16> = solved.boxes().map(|p| room.at(p)).collect();
    let k = goals.len();
    let n = room.len();
    let mut occupied = vec![false; n];
    for &g in &goals {
        occupied[g as usize] = true;
    }
    let mut sorted = goals.clone();
    sorted.sort_unstable();
    let mut table = StateTable::default();
    let mut keys: Vec<u16> = Vec::new();
    let mut nodes: Vec<PullNode> = Vec::new();
    // The solved boxes with the worker in each area it can be in.
    for c in 0..n as u16 {
        if occupied[c as usize] {
            continue;
        }
        let low = room.flood(&occupied, c);
        let mut key = sorted.clone();
        key.push(low);
        if !table.contains_key(key.as_slice()) {
            table.insert(key.clone().into_boxed_slice(), nodes.len() as u32);
            keys.extend_from_slice(&key);
            nodes.push(PullNode {
                parent: u32::MAX,
                depth: 0,
            });
        }
    }
    let mut head = 0;
    let mut next_key = vec![0u16; k + 1];
    // The state being expanded, copied out of `keys` (which grows meanwhile), and its reach.
    let (mut here, mut reach) = (Vec::with_capacity(k + 1), Vec::new());
    while head < nodes.len() && nodes.len() < max_states {
        here.clear();
        here.extend_from_slice(&keys[head * (k + 1)..(head + 1) * (k + 1)]);
        room.enter(&here, &mut occupied, &mut reach);
        let bx = &here[..k];
        for (i, &b) in bx.iter().enumerate() {
            for d in 0..4 {
                // The worker stands beside the box on side d and steps further that way.
                let stand = room.next[b as usize][d];
                if stand == NONE || !reach[stand as usize] {
                    continue;
                }
                let behind = room.next[stand as usize][d];
                if behind == NONE || occupied[behind as usize] {
                    continue;
                }
                occupied[b as usize] = false;
                occupied[stand as usize] = true;
                next_key[..k].copy_from_slice(bx);
                next_key[i] = stand;
                next_key[..k].sort_unstable();
                next_key[k] = room.flood(&occupied, behind);
                occupied[stand as usize] = false;
                occupied[b as usize] = true;
                if !table.contains_key(next_key.as_slice()) {
                    table.insert(next_key.clone().into_boxed_slice(), nodes.len() as u32);
                    keys.extend_from_slice(&next_key);
                    nodes.push(PullNode {
                        parent: head as u32,
                        depth: nodes[head].depth + 1,
                    });
                }
            }
        }
        head += 1;
    }
    let off_goal = |id: usize| {
        keys[id * (k + 1)..id * (k + 1) + k]
            .iter()
            .filter(|&&b| !room.goal[b as usize])
            .count()
    };
    let best = (0..nodes.len()).max_by_key(|&id| (nodes[id].depth, off_goal(id), id))?;
    if nodes[best].depth == 0 || nodes[best].parent == u32::MAX {
        return None;
    }
    // Build that board: goals stay, boxes move, the worker stands at the area's lowest cell.
    let mut cells: Vec<u8> = solved
        .cells()
        .iter()
        .map(|&b| if cell::is_wall(b) { b } else { b & cell::SLOT })
        .collect();
    let key = &keys[best * (k + 1)..(best + 1) * (k + 1)];
    for &b in &key[..k] {
        cells[room.grid[b as usize] as usize] |= cell::BOX0;
    }
    cells[room.grid[key[k] as usize] as usize] |= cell::MAN0;
    Board::new(solved.width(), solved.height(), cells).ok()
}

/// Walls in the floor that `lurd` never touches (worker or box), then crops the level to its walls.
pub(crate) fn trim(start: &Board, lurd: &str) -> Option<Board> {
    let moves = super::lurd::parse(lurd).ok()?;
    let mut used = vec![false; start.cells().len()];
    let mut b = start.clone();
    used[b.worker_index() as usize] = true;
    for p in b.boxes().collect::<Vec<_>>() {
        used[b.index_of(p)? as usize] = true;
    }
    for d in moves {
        b.step(d).ok()?;
        used[b.worker_index() as usize] = true;
        for p in b.boxes().collect::<Vec<_>>() {
            used[b.index_of(p)? as usize] = true;
        }
    }
    let (w, h) = (start.width() as usize, start.height() as usize);
    let mut cells: Vec<u8> = start
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if cell::is_wall(c) || used[i] || cell::is_goal(c) {
                c
            } else {
                cell::WALL
            }
        })
        .collect();
    // Walls with no floor among their eight neighbours are outside the level.
    let is_floor = |c: u8| !cell::is_wall(c);
    let keep: Vec<bool> = (0..cells.len())
        .map(|i| {
            let (x, y) = ((i % w) as i64, (i / w) as i64);
            is_floor(cells[i])
                || (-1..=1).any(|dy| {
                    (-1..=1).any(|dx| {
                        let (nx, ny) = (x + dx, y + dy);
                        nx >= 0
                            && ny >= 0
                            && (nx as usize) < w
                            && (ny as usize) < h
                            && is_floor(cells[ny as usize * w + nx as usize])
                    })
                })
        })
        .collect();
    for i in 0..cells.len() {
        if !keep[i] {
            cells[i] = cell::LAND;
        }
    }
    let rows: Vec<usize> = (0..h)
        .filter(|&y| (0..w).any(|x| keep[y * w + x]))
        .collect();
    let cols: Vec<usize> = (0..w)
        .filter(|&x| (0..h).any(|y| keep[y * w + x]))
        .collect();
    let (y0, y1) = (*rows.first()?, *rows.last()?);
    let (x0, x1) = (*cols.first()?, *cols.last()?);
    let mut out = Vec::new();
    for y in y0..=y1 {
        out.extend_from_slice(&cells[y * w + x0..=y * w + x1]);
    }
    Board::new((x1 - x0 + 1) as u32, (y1 - y0 + 1) as u32, out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{lurd, validate};

    #[test]
    fn generated_levels_are_valid_solvable_and_repeatable() {
        for seed in 1..=6 {
            let spec = Spec {
                width: 7,
                height: 6,
                boxes: 2,
                seed,
                max_states: 50_000,
            };
            let Some(g) = generate(spec, 20) else {
                panic!("seed {seed}: no level in 20 attempts")
            };
            let board = g.level.board().unwrap();
            validate::validate(&board).unwrap();
            let rec = g.level.recording.clone().unwrap();
            let game = lurd::check_solution(&board, rec.lurd.as_deref().unwrap()).unwrap();
            assert_eq!(game.board().pushes(), rec.pushes);
            assert!(rec.pushes >= 4, "seed {seed}: {} pushes", rec.pushes);
            // The recording is push-optimal: the solver finds no shorter one.
            let again = solver::solve(&board, 50_000).unwrap();
            assert_eq!(again.pushes, rec.pushes);
            let twice = generate(spec, 20).unwrap();
            assert_eq!(
                twice.level.cells, g.level.cells,
                "seed {seed} is not repeatable"
            );
        }
    }

    #[test]
    fn trim_walls_unused_floor_and_crops() {
        let b = xsb_board("#######\n#     #\n#@$.  #\n#     #\n#######\n");
        let t = trim(&b, "R").unwrap();
        let text: Vec<String> = (0..t.height())
            .map(|y| {
                (0..t.width())
                    .map(|x| {
                        crate::core::formats::xsb::char_of(t.cells()[(y * t.width() + x) as usize])
                    })
                    .collect()
            })
            .collect();
        assert_eq!(text, ["#####", "#@$.#", "#####"]);
    }

    fn xsb_board(text: &str) -> Board {
        crate::core::formats::xsb::read("t", text).unwrap().levels[0]
            .board()
            .unwrap()
    }
}
