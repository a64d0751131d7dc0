//! Festival's *box moves* (FESS, Shoham and Schaeffer), for the box-move search
//! ([`Search::box_moves`]): besides its single pushes, a position expanded gets as children every
//! cell each box can be pushed to with the other boxes where they stand, each reached in one
//! step (the pushes on the way kept as a macro). The feature-space list counts a step, not a
//! push, as unadvised: a box taken across the level costs what one push costs, so a cell's best
//! position is the one reached by the fewest box moves that improved nothing, Festival's weight.
//! XSokoban 27, which the single-push searches do not solve in 60 s, is solved so in 12,582
//! positions.

use super::{Limits, Mode, Node, Search, Step};

/// The box-move search's positions from which it takes from the feature-space list alone,
/// Festival's one list, instead of the opening's turns. Alone, from the start, that list solves
/// XSokoban 23 in 1,273,984 positions (5.9 s) instead of 1,826,906 (10.3 s) and 35 in 333,929
/// instead of 1,149,427, but needs 82,710 for 27 (12,582) and leaves 75 unsolved at 2 million
/// (27,101): the opening's turns keep the first positions, in which the stepper's early start
/// solves those two. Side by side at 60 s (turns of 2,000 floods, uncapped): 23 in 37.7 s from
/// here, 44.1 s from 200,000 positions, unsolved without.
pub(super) const FEATURES_ALONE_FROM: usize = 30_000;
use crate::core::solver::room::{NONE, Room};

/// A state of the breadth-first search over a box's moves: the box's cell, the worker's side of
/// it, the state it was pushed from (`u32::MAX` at the start) and the pushes from the start.
pub(super) type BoxState = (u16, u8, u32, u16);

/// What the box moves' breadth-first search knows of a (cell, side) state
/// ([`Search::move_seen`]): not reached; reached; its worker area told by the flood of a state
/// on another side of the cell that stored the child.
pub(super) const UNSEEN: u8 = 0;
const SEEN: u8 = 1;
const TOLD: u8 = 2;

impl Search {
    /// The box-move search from `boxes` and the worker on `worker`: forwards, alone, its
    /// positions sorted into the feature space's cells as the opening's are, with goal macros
    /// and the packing advisor.
    pub(super) fn box_search(room: Room, limits: Limits, boxes: Vec<u16>, worker: u16) -> Search {
        let mut search = Search::new(room, Mode::Fast, limits);
        search.opening = true;
        search.box_moves = true;
        search.goal_macros = true;
        search.pockets_in_rooms = true;
        search.packing = true;
        search.begin(boxes, worker);
        search
    }

    /// Stores the box moves of node `parent` (being expanded: `self.here`, `self.occupied`,
    /// `self.reach` and `self.movable` are its position): every box that may move, to every
    /// cell two pushes or more away.
    pub(super) fn try_box_moves(&mut self, parent: u32) -> Step {
        for i in 0..self.k {
            if !self.movable[i] {
                continue;
            }
            let b = self.here[i];
            let Some(side) = self.side_in_reach(b) else {
                continue;
            };
            self.occupied[b as usize] = false;
            let found = self.moves_of_box(parent, i, side);
            self.occupied[b as usize] = true;
            if let Some(done) = found? {
                return Ok(Some(done));
            }
        }
        Ok(None)
    }

    /// A breadth-first search over (box cell, worker side) for box `i`, taken off
    /// `self.occupied`, the worker first on `side`: each state's flood is the worker's area in
    /// the child with the box there, so a child costs no flood of its own. Each cell and side is
    /// reached by the fewest pushes.
    fn moves_of_box(&mut self, parent: u32, i: usize, side: u8) -> Step {
        let start = self.here[i];
        self.move_seen.clear();
        self.move_seen.resize(self.room.len() * 4, UNSEEN);
        self.move_seen[start as usize * 4 + side as usize] = SEEN;
        let mut states = std::mem::take(&mut self.move_states);
        states.clear();
        states.push((start, side, u32::MAX, 0));
        let mut found = Ok(None);
        let mut head = 0;
        while head < states.len() {
            let (c, s, _, pushes) = states[head];
            head += 1;
            // One push is a child of the search's own; the box back home is its parent.
            let stores = pushes >= 2 && c != start;
            // A side the worker reached from another of the same cell that stored its child is
            // the same child, with the same children, all seen already. (A state that stores
            // nothing tells no other side: one that would store may reach that side later.) A
            // flood told is counted as one, so that the turns, measured in floods, stay those of
            // the positions searched.
            if self.move_seen[c as usize * 4 + s as usize] == TOLD {
                self.room.floods += 1;
                continue;
            }
            let behind = self.room.next[c as usize][s as usize];
            self.occupied[c as usize] = true;
            let area = self.room.flood(&self.occupied, behind);
            if stores {
                for side in 0..4 {
                    let w = self.room.next[c as usize][side];
                    if w != NONE && self.room.reached(w) {
                        self.move_seen[c as usize * 4 + side] = TOLD;
                    }
                }
            }
            for t in 0..4usize {
                let back = self.room.next[c as usize][(t + 2) % 4];
                let dest = self.room.next[c as usize][t];
                let pushable = back != NONE && self.room.reached(back) && dest != NONE;
                if !pushable || self.occupied[dest as usize] || !self.live[dest as usize] {
                    continue;
                }
                let seen = &mut self.move_seen[dest as usize * 4 + (t + 2) % 4];
                if *seen == UNSEEN {
                    *seen = SEEN;
                    states.push((dest, ((t + 2) % 4) as u8, (head - 1) as u32, pushes + 1));
                }
            }
            if stores {
                let unreached = self.unreached_after_flood();
                found =
                    self.store_box_move(parent, i, (behind, area, unreached), &states, head - 1);
            }
            self.occupied[c as usize] = false;
            if !matches!(found, Ok(None)) {
                break;
            }
        }
        self.move_states = states;
        found
    }

    /// Stores box `i` moved by the pushes to `states[at]` (`self.occupied` as it stands after,
    /// the room flooded from the worker's cell `behind`: its `area` and the `unreached` cells
    /// outside), unless it is stored already, dead or shut in.
    fn store_box_move(
        &mut self,
        parent: u32,
        i: usize,
        (behind, area, unreached): (u16, u16, u16),
        states: &[BoxState],
        at: usize,
    ) -> Step {
        let (b, target) = (self.here[i], states[at].0);
        self.set_child(i, target);
        let (key, old) = self.find(&self.child, area);
        if old.is_some() {
            return Ok(None);
        }
        let (Some(h), table_after) = self.bound_after_move(i, target) else {
            return Ok(None);
        };
        if self.shut_in_after_flood(target, behind) {
            return Ok(None);
        }
        let mut pushes = Vec::with_capacity(states[at].3 as usize);
        let mut j = at;
        while states[j].2 != u32::MAX {
            let (_, side, from, _) = states[j];
            pushes.push((states[from as usize].0, (side + 2) % 4));
            j = from as usize;
        }
        pushes.reverse();
        let parent_node = self.info[parent as usize];
        let advised = (self.room.goal[target as usize] && !self.room.goal[b as usize])
            || unreached < parent_node.unreached;
        let (from, dir) = pushes[0];
        self.macros.push(pushes.split_off(1));
        let node = Node {
            parent,
            from,
            dir,
            closed: false,
            worker: area,
            g: parent_node.g + states[at].3,
            h: h as u16,
            unreached,
            weight: parent_node.weight.saturating_add(u16::from(!advised)),
            cell: 0,
            macro_id: (self.macros.len() - 1) as u32,
        };
        let stored = self.info.len();
        let found = self.store(node, key, None);
        self.remember_matching(stored, table_after);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;
    use crate::core::formats::xsb;
    use crate::core::lurd;
    use crate::core::solver::tests::fixture;
    use crate::core::solver::{SolveError, play_out, start};
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    fn box_search(board: &Board, box_moves: bool, max_states: usize) -> Search {
        let (room, boxes, worker) = start(board).unwrap();
        let limits = Limits {
            max_states,
            ..Limits::default()
        };
        let mut search = Search::box_search(room, limits, boxes, worker);
        search.box_moves = box_moves;
        search
    }

    /// The start's children: the box pushed one cell (the search's own push), and each cell
    /// further on in one step, with as many pushes; the last is solved.
    #[test]
    fn a_box_goes_to_every_cell_it_can_reach_in_one_step() {
        let text = "#######\n#     #\n#@$  .#\n#     #\n#######\n";
        let board = xsb::read("x", text).unwrap().levels[0].playable().unwrap();
        let mut search = box_search(&board, true, 100);
        assert_eq!(search.expand(0).unwrap(), Some(3));
        let children: Vec<(u16, u16)> = (1..search.info.len())
            .map(|id| (search.position(id).0[0], search.info[id].g))
            .collect();
        let start = search.position(0).0[0];
        assert_eq!(children, [(start + 1, 1), (start + 2, 2), (start + 3, 3)]);
        let mut pushing = box_search(&board, false, 100);
        assert_eq!(pushing.expand(0).unwrap(), None);
        assert_eq!(pushing.info.len(), 2);
    }

    /// In open floor every side of a cell is in the worker's one area, so each cell's first
    /// state tells the others (not flooded again): still every live cell the box reaches is one
    /// child, at its fewest pushes, the goal last.
    #[test]
    fn in_open_floor_each_cell_the_box_reaches_is_one_child_at_its_fewest_pushes() {
        let text = "#######\n#     #\n# $ @ #\n#    .#\n#######\n";
        let board = xsb::read("x", text).unwrap().levels[0].playable().unwrap();
        let mut search = box_search(&board, true, 100);
        let solved = search
            .expand(0)
            .unwrap()
            .expect("the goal is reached in one step");
        let mut children: Vec<(u32, u32, u16)> = (1..search.info.len())
            .map(|id| {
                let p = search.room.pos(search.position(id).0[0]);
                (p.x, p.y, search.info[id].g)
            })
            .collect();
        let goal = search.room.pos(search.position(solved as usize).0[0]);
        assert_eq!((goal.x, goal.y, search.info[solved as usize].g), (5, 3, 4));
        children.sort_unstable();
        let expected = [
            (2, 3, 1),
            (3, 2, 1),
            (3, 3, 2),
            (4, 2, 2),
            (4, 3, 3),
            (5, 2, 3),
            (5, 3, 4),
        ];
        assert_eq!(children, expected);
    }

    /// Up to [`FEATURES_ALONE_FROM`] positions the box-move search takes the opening's turns;
    /// past them the feature-space list alone, so the other lists get none of the later ones.
    #[test]
    fn past_its_first_positions_the_box_move_search_takes_from_the_feature_space_alone() {
        let text = fixture("levels/xsokoban/XSokoban_90.xsb");
        let board = xsb::read("x", &text).unwrap().levels[22]
            .playable()
            .unwrap();
        let mut search = box_search(&board, true, FEATURES_ALONE_FROM + 5_000);
        assert_eq!(search.turns(), &super::super::OPENING_TURNS);
        let given_up = search.resume(None).expect("an answer");
        assert!(matches!(given_up, Err(SolveError::GaveUp { .. })));
        assert!(search.info.len() > FEATURES_ALONE_FROM);
        assert_eq!(search.turns(), &[super::super::FEATURES_LIST]);
        let later = |list: &BinaryHeap<Reverse<(u64, u32)>>| {
            list.iter()
                .filter(|Reverse((_, id))| *id as usize >= FEATURES_ALONE_FROM)
                .count()
        };
        let queued: Vec<usize> = search.open.iter().map(later).collect();
        assert!(queued.iter().all(|&n| n == 0), "{queued:?}");
        assert!(search.open.iter().any(|list| !list.is_empty()));
    }

    /// XSokoban 27, which the single-push searches do not solve in 60 s, in a few thousand
    /// positions (12,582 when written); its solution replays to solved. The same search by
    /// single pushes gives up at 50,000.
    #[test]
    fn box_moves_solve_xsokoban_27() {
        let text = fixture("levels/xsokoban/XSokoban_90.xsb");
        let board = xsb::read("x", &text).unwrap().levels[26]
            .playable()
            .unwrap();
        let mut search = box_search(&board, true, 50_000);
        let pushes = search.resume(None).expect("an answer").expect("solved");
        let solution = play_out(&board, pushes, search.info.len());
        assert!(
            lurd::check_solution(&board, &solution.lurd)
                .unwrap()
                .is_solved()
        );
        assert!(solution.states < 20_000, "{} positions", solution.states);
        let mut pushing = box_search(&board, false, 50_000);
        let given_up = pushing.resume(None).expect("an answer");
        assert!(
            matches!(given_up, Err(SolveError::GaveUp { .. })),
            "{given_up:?}"
        );
    }
}
