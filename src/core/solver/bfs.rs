//! The exhaustive push-optimal search for small levels.
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

use super::{NONE, Push, Room, Solution, SolveError, StateTable, play_out, start};
use crate::core::{Board, Direction};

struct Node {
    parent: u32,
    push: (u16, u8),
}

/// Finds a solution with the fewest pushes, searching at most `max_states` positions.
pub fn solve(board: &Board, max_states: usize) -> Result<Solution, SolveError> {
    let (pushes, states) = solve_pushes(board, max_states)?;
    Ok(play_out(board, pushes, states))
}

/// The pushes of a push-optimal solution, and how many states the search stored.
pub fn solve_pushes(board: &Board, max_states: usize) -> Result<(Vec<Push>, usize), SolveError> {
    let (mut room, boxes, worker) = start(board)?;
    let live = room.live_cells();
    let k = boxes.len();
    let mut occupied = vec![false; room.len()];
    for &b in &boxes {
        occupied[b as usize] = true;
    }
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
    use crate::core::Pos;
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
