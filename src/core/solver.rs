//! A push-optimal solver for small levels, and the room model it shares with the level generator.
//!
//! The search is a breadth-first search over *push states*: the sorted box cells plus the
//! worker's area, named by the lowest cell the worker can reach. Walking is free; each edge is one
//! push, so the first solved state found has the fewest pushes. Two cheap deadlock rules prune it:
//! boxes never go to *dead* cells (from which no goal can be reached even on an empty board), and a
//! push that closes a 2×2 square of walls and boxes with a box off its goal is never made. The
//! pushes are turned into moves with the cyclic-mark walk search ([`super::PathFinder`]).
//!
//! It is meant for levels of the built-in collections' size (a few boxes, up to a few hundred
//! floor cells), for checking that a designed level can be solved and for recording a solution.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::count;
use super::{Board, Direction, Game, PathFinder, Pos, cell, validate};

/// No neighbour (a wall or the outside).
pub(crate) const NONE: u16 = u16::MAX;

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
    /// Scratch for floods: a cell is seen when its stamp equals `stamp`.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u16>,
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
        let next = grid
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
        Room {
            width: board.width(),
            grid,
            next,
            goal,
            compact,
            seen: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
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
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(from);
        self.seen[from as usize] = stamp;
        let mut low = from;
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head];
            head += 1;
            low = low.min(c);
            for &n in &self.next[c as usize] {
                if n != NONE && self.seen[n as usize] != stamp && !occupied[n as usize] {
                    self.seen[n as usize] = stamp;
                    self.queue.push(n);
                }
            }
        }
        low
    }

    /// Sets up a state for expanding: its boxes (all of `key` but the last number) in `occupied`,
    /// and in `reach` the cells the worker can reach from its area (the last number).
    pub fn enter(&mut self, key: &[u16], occupied: &mut [bool], reach: &mut Vec<bool>) {
        let (boxes, worker) = key.split_at(key.len() - 1);
        occupied.fill(false);
        for &b in boxes {
            occupied[b as usize] = true;
        }
        self.flood(occupied, worker[0]);
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

/// One box push: the box's cell before it and the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    pub from: Pos,
    pub dir: Direction,
}

/// A solution found by [`solve`].
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves, in LURD (pushes in capitals).
    pub lurd: String,
    pub moves: u32,
    /// The fewest pushes that solve the level.
    pub pushes: u32,
    /// How many push states the search stored (a measure of how hard the level is to search).
    pub states: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("the level has no solution (all {states} reachable positions searched)")]
    Unsolvable { states: usize },
    #[error("gave up after {states} positions without a solution")]
    GaveUp { states: usize },
    #[error(
        "the worker's area has {} but {}",
        count(*.boxes, "box", "boxes"),
        count(*.goals, "goal", "goals")
    )]
    Unbalanced { boxes: usize, goals: usize },
    #[error("the box at {at} is off its goal where the worker can never reach it")]
    Stranded { at: Pos },
}

struct Node {
    parent: u32,
    push: (u16, u8),
}

/// Finds a solution with the fewest pushes, searching at most `max_states` positions.
pub fn solve(board: &Board, max_states: usize) -> Result<Solution, SolveError> {
    let (pushes, states) = solve_pushes(board, max_states)?;
    let mut game = Game::new(board.clone());
    let mut finder = PathFinder::new();
    for p in &pushes {
        let (dx, dy) = p.dir.offset();
        let stand = Pos::new((p.from.x as i32 - dx) as u32, (p.from.y as i32 - dy) as u32);
        game.walk_to(&mut finder, stand)
            .expect("the search only pushes from cells the worker can reach");
        game.step(p.dir, true)
            .expect("the search only makes legal pushes");
    }
    debug_assert!(game.is_solved());
    Ok(Solution {
        lurd: game.lurd(),
        moves: game.board().moves(),
        pushes: game.board().pushes(),
        states,
    })
}

/// The pushes of a push-optimal solution, and how many states the search stored.
pub fn solve_pushes(board: &Board, max_states: usize) -> Result<(Vec<Push>, usize), SolveError> {
    let mut room = Room::of(board);
    // Boxes outside the worker's area never move: on their goals they are decoration (Microban
    // 155's sealed rooms), off them the level cannot be solved.
    let mut boxes: Vec<u16> = Vec::new();
    for p in board.boxes() {
        match room.at(p) {
            NONE if board.get(p).is_some_and(|c| c.on_goal()) => {}
            NONE => return Err(SolveError::Stranded { at: p }),
            c => boxes.push(c),
        }
    }
    let goals = room.goal.iter().filter(|g| **g).count();
    if boxes.len() != goals {
        return Err(SolveError::Unbalanced {
            boxes: boxes.len(),
            goals,
        });
    }
    let live = room.live_cells();
    let k = boxes.len();
    let mut occupied = vec![false; room.len()];
    for &b in &boxes {
        occupied[b as usize] = true;
    }
    let worker = room.at(board.worker_pos());
    let mut key: Vec<u16> = boxes.clone();
    key.sort_unstable();
    key.push(room.flood(&occupied, worker));
    let mut table = StateTable::default();
    let mut nodes = vec![Node {
        parent: u32::MAX,
        push: (0, 0),
    }];
    let mut keys: Vec<u16> = key.clone();
    table.insert(key.into_boxed_slice(), 0);
    let goal = room.goal.clone();
    let solved = |boxes: &[u16]| boxes.iter().all(|&b| goal[b as usize]);
    if solved(&keys[..k]) {
        return Ok((Vec::new(), 1));
    }
    let mut head = 0usize;
    let mut next_key = vec![0u16; k + 1];
    // The state being expanded, copied out of `keys` (which grows meanwhile), and its reach.
    let (mut here, mut reach) = (Vec::with_capacity(k + 1), Vec::new());
    while head < nodes.len() {
        here.clear();
        here.extend_from_slice(&keys[head * (k + 1)..(head + 1) * (k + 1)]);
        room.enter(&here, &mut occupied, &mut reach);
        let bx = &here[..k];
        for (i, &b) in bx.iter().enumerate() {
            for d in 0..4u8 {
                let back = room.next[b as usize][(d as usize + 2) % 4];
                let to = room.next[b as usize][d as usize];
                if back == NONE || !reach[back as usize] || to == NONE {
                    continue;
                }
                if occupied[to as usize] || !live[to as usize] {
                    continue;
                }
                occupied[b as usize] = false;
                occupied[to as usize] = true;
                if !room.frozen_square(&occupied, to) {
                    next_key[..k].copy_from_slice(bx);
                    next_key[i] = to;
                    next_key[..k].sort_unstable();
                    next_key[k] = room.flood(&occupied, b);
                    if !table.contains_key(next_key.as_slice()) {
                        let id = nodes.len() as u32;
                        table.insert(next_key.clone().into_boxed_slice(), id);
                        nodes.push(Node {
                            parent: head as u32,
                            push: (b, d),
                        });
                        keys.extend_from_slice(&next_key);
                        if solved(&next_key[..k]) {
                            return Ok((pushes_to(&room, &nodes, id), nodes.len()));
                        }
                        if nodes.len() >= max_states {
                            return Err(SolveError::GaveUp {
                                states: nodes.len(),
                            });
                        }
                    }
                }
                occupied[to as usize] = false;
                occupied[b as usize] = true;
            }
        }
        head += 1;
    }
    Err(SolveError::Unsolvable {
        states: nodes.len(),
    })
}

fn pushes_to(room: &Room, nodes: &[Node], mut id: u32) -> Vec<Push> {
    let mut out = Vec::new();
    while nodes[id as usize].parent != u32::MAX {
        let (c, d) = nodes[id as usize].push;
        out.push(Push {
            from: room.pos(c),
            dir: Direction::SEARCH_ORDER[d as usize],
        });
        id = nodes[id as usize].parent;
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::xsb;
    use crate::core::lurd;

    fn board(text: &str) -> Board {
        xsb::read("t", text).unwrap().levels[0].board().unwrap()
    }

    #[test]
    fn one_push() {
        let b = board("#####\n#@$.#\n#####\n");
        let s = solve(&b, 100).unwrap();
        assert_eq!(s.lurd, "R");
        assert_eq!((s.moves, s.pushes), (1, 1));
    }

    #[test]
    fn walks_around_to_push_back() {
        // The box must be pushed left, so the worker walks around it first.
        let b = board("######\n#    #\n#.$@ #\n#    #\n######\n");
        let s = solve(&b, 1000).unwrap();
        assert_eq!(s.pushes, 1);
        let g = lurd::check_solution(&b, &s.lurd).unwrap();
        assert!(g.is_solved());
        assert_eq!(s.lurd, "L");
    }

    #[test]
    fn solution_replays_and_is_push_optimal() {
        let b = board(
            "#######\n#.   .#\n# $ $ #\n#  @  #\n#######\n", // the built-in "Two boxes"
        );
        let s = solve(&b, 10_000).unwrap();
        assert!(lurd::check_solution(&b, &s.lurd).unwrap().is_solved());
        // Each box needs one push up and one sideways: 4 pushes at least.
        assert_eq!(s.pushes, 4);
    }

    #[test]
    fn already_solved_is_empty() {
        let b = board("####\n#@*#\n####\n");
        let s = solve(&b, 10).unwrap();
        assert_eq!((s.lurd.as_str(), s.pushes), ("", 0));
    }

    #[test]
    fn reports_unsolvable_and_unbalanced() {
        // The box sits in a corner off its goal.
        let b = board("#####\n#$ .#\n#  @#\n#####\n");
        assert!(matches!(
            solve(&b, 1000),
            Err(SolveError::Unsolvable { .. })
        ));
        let b = board("#####\n#$$.#\n#  @#\n#####\n");
        let e = solve(&b, 1000).unwrap_err();
        assert_eq!(e, SolveError::Unbalanced { boxes: 2, goals: 1 });
        assert_eq!(e.to_string(), "the worker's area has 2 boxes but 1 goal");
        // A box sealed off its goal outside the worker's area can never be reached.
        let b = board("#######\n#@$.#$#\n#######\n");
        let e = solve(&b, 1000).unwrap_err();
        assert_eq!(e, SolveError::Stranded { at: Pos::new(5, 1) });
    }

    #[test]
    fn sealed_boxes_on_goals_are_decoration() {
        // Like Microban 155: boxes on goals in walled-off rooms, one box to push.
        let b = board("#########\n#*#@$ .##\n#########\n#**#\n####\n");
        let s = solve(&b, 1000).unwrap();
        assert_eq!((s.lurd.as_str(), s.pushes), ("RR", 2));
    }

    #[test]
    fn gives_up_at_the_limit() {
        let b =
            board("#########\n#.  $  .#\n#   @   #\n#.  $  .#\n#  $ $  #\n#       #\n#########\n");
        assert_eq!(solve(&b, 3).unwrap_err(), SolveError::GaveUp { states: 3 });
        assert!(solve(&b, 1_000_000).is_ok());
    }

    #[test]
    fn dead_cells_and_frozen_squares() {
        let b = board("######\n#.   #\n#  $ #\n#@   #\n######\n");
        let room = Room::of(&b);
        let live = room.live_cells();
        // Corners other than the goal are dead, and so is the wall row without a goal.
        assert!(live[room.at(Pos::new(1, 1)) as usize]);
        assert!(!live[room.at(Pos::new(4, 1)) as usize]);
        assert!(!live[room.at(Pos::new(4, 3)) as usize]);
        assert!(!live[room.at(Pos::new(2, 3)) as usize]);
        assert!(live[room.at(Pos::new(2, 2)) as usize]);
        // Two boxes side by side against the top wall, off goals: frozen.
        let mut occupied = vec![false; room.len()];
        occupied[room.at(Pos::new(2, 1)) as usize] = true;
        occupied[room.at(Pos::new(3, 1)) as usize] = true;
        assert!(room.frozen_square(&occupied, room.at(Pos::new(3, 1))));
        occupied[room.at(Pos::new(3, 1)) as usize] = false;
        occupied[room.at(Pos::new(3, 2)) as usize] = true;
        assert!(!room.frozen_square(&occupied, room.at(Pos::new(3, 2))));
    }
}
