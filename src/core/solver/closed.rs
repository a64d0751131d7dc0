//! Corral deadlocks, and the table of deadlocks learned that way.
//!
//! When a push shuts off an area the worker cannot reach (a *corral*) and that area is not
//! finished (an empty goal inside, or a box on its border off goal), the boxes around it (on its
//! border, and those next to them) are searched alone: every other box taken off the board. Taking boxes away only helps the worker,
//! so if even then no sequence of pushes gets all of those boxes onto goals or lets the worker into
//! the corral, the position can never be solved, whatever the other boxes do. The search is small
//! (a few boxes, at most [`BUDGET`] positions); when it runs out of budget nothing is concluded.
//!
//! Each answer is kept under the boxes it was about and the worker's area around them alone, so the
//! same corral met again with other boxes elsewhere (the usual way a greedy search walks into the
//! same trap thousands of times) costs one table lookup: a small learned table of deadlock
//! patterns.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use super::freeze::Freeze;
use super::room::{Fnv, NONE, Room};

/// Positions the search around one corral may store before it gives up without an answer.
const BUDGET: usize = 500;
/// Corrals bordered by more boxes than this are not searched (rarely a deadlock, costly).
const MAX_BOXES: usize = 8;

/// Scratch and the learned table, sized to the room.
pub(crate) struct ClosedAreas {
    /// Answers so far: sorted boxes, then the worker's lowest cell → deadlocked.
    known: HashMap<Box<[u16]>, bool, BuildHasherDefault<Fnv>>,
    /// The corral being looked at: a cell is in it when its mark equals `stamp`.
    mark: Vec<u32>,
    stamp: u32,
    cells: Vec<u16>,
    sub: Vec<u16>,
    /// Free cells next to the pushed box and its neighbours that the worker cannot reach.
    starts: Vec<u16>,
    reach: Vec<bool>,
    occupied: Vec<bool>,
    /// The small search: positions stored flat (boxes, then the worker), and those seen.
    states: Vec<u16>,
    seen: HashSet<Box<[u16]>, BuildHasherDefault<Fnv>>,
    child: Vec<u16>,
    /// How many corrals were searched and how many of them proved deadlocks.
    pub searched: u64,
    pub deadlocks: u64,
}

impl ClosedAreas {
    pub fn new(room: &Room) -> ClosedAreas {
        ClosedAreas {
            known: HashMap::default(),
            mark: vec![0; room.len()],
            stamp: 0,
            cells: Vec::new(),
            sub: Vec::new(),
            starts: Vec::new(),
            reach: Vec::new(),
            occupied: vec![false; room.len()],
            states: Vec::new(),
            seen: HashSet::default(),
            child: Vec::new(),
            searched: 0,
            deadlocks: 0,
        }
    }

    /// Whether the box just pushed to `dest` closed a corral that can never be opened or
    /// finished. `occupied` holds the boxes after the push, and the room's last flood is the
    /// worker's area after it (from `worker`), whose cells `in_area` tells (from the room's last
    /// flood, or without one: [`Room::area_after_move`]). The room's flood marks are used up.
    #[allow(clippy::too_many_arguments)]
    pub fn deadlocked(
        &mut self,
        room: &mut Room,
        live: &[bool],
        freeze: &mut Freeze,
        occupied: &[bool],
        dest: u16,
        worker: u16,
        in_area: impl Fn(&Room, u16) -> bool,
    ) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        // The corrals beside the box or beside a box next to it (a push can shut a corral it does
        // not touch: the last box of a cluster that held the worker out). The cells to start from
        // are taken first: the floods below use up the room's marks.
        self.starts.clear();
        let next = &room.next;
        let around = std::iter::once(dest).chain(
            next[dest as usize]
                .iter()
                .copied()
                .filter(|&n| n != NONE && occupied[n as usize]),
        );
        for b in around {
            self.starts.extend(
                next[b as usize]
                    .iter()
                    .copied()
                    .filter(|&n| n != NONE && !occupied[n as usize] && !in_area(room, n)),
            );
        }
        for j in 0..self.starts.len() {
            let n = self.starts[j];
            if self.marked(n) || !self.corral_from(room, occupied, n) {
                continue;
            }
            if self.corral_deadlocked(room, live, freeze, worker) {
                return true;
            }
        }
        false
    }

    /// Whether the corral in `cells`, bordered by the boxes in `sub`, is deadlocked.
    fn corral_deadlocked(
        &mut self,
        room: &mut Room,
        live: &[bool],
        freeze: &mut Freeze,
        worker: u16,
    ) -> bool {
        let unfinished = self.cells.iter().any(|&c| room.goal[c as usize])
            || self.sub.iter().any(|&b| !room.goal[b as usize]);
        if !unfinished {
            return false;
        }
        self.sub.sort_unstable();
        self.occupied.fill(false);
        for &b in &self.sub {
            self.occupied[b as usize] = true;
        }
        let low = room.flood(&self.occupied, worker);
        self.child.clear();
        self.child.extend_from_slice(&self.sub);
        self.child.push(low);
        if let Some(&answer) = self.known.get(self.child.as_slice()) {
            return answer;
        }
        let key: Box<[u16]> = self.child.as_slice().into();
        self.searched += 1;
        let answer = self.search_shut(room, live, freeze, &key);
        self.deadlocks += answer as u64;
        self.known.insert(key, answer);
        answer
    }

    /// Collects in `cells` the corral of free cells the worker cannot reach joined to `start`, and
    /// in `sub` the boxes bordering it: `false` when there are more than [`MAX_BOXES`].
    fn corral_from(&mut self, room: &Room, occupied: &[bool], start: u16) -> bool {
        self.cells.clear();
        self.sub.clear();
        self.mark[start as usize] = self.stamp;
        self.cells.push(start);
        let mut head = 0;
        while head < self.cells.len() {
            let c = self.cells[head];
            head += 1;
            for &n in &room.next[c as usize] {
                if n == NONE || self.marked(n) {
                    continue;
                }
                if occupied[n as usize] {
                    if !self.sub.contains(&n) {
                        self.sub.push(n);
                    }
                } else {
                    self.mark[n as usize] = self.stamp;
                    self.cells.push(n);
                }
            }
            if self.sub.len() > MAX_BOXES {
                // Too large to search: left unmarked in part, so met again it stops again here.
                return false;
            }
        }
        // The boxes that hold the border boxes in place belong to the question too (a box behind
        // a border box can be what keeps the worker from getting round it).
        let border = self.sub.len();
        for i in 0..border {
            for &n in &room.next[self.sub[i] as usize] {
                if n != NONE && occupied[n as usize] && !self.sub.contains(&n) {
                    self.sub.push(n);
                }
            }
        }
        self.sub.len() <= MAX_BOXES
    }

    fn marked(&self, c: u16) -> bool {
        self.mark[c as usize] == self.stamp
    }

    /// Breadth-first over the pushes of the corral's boxes alone from `start` (boxes, then the
    /// worker's lowest cell): `true` when every position is searched without the boxes all
    /// reaching goals or the worker getting into the corral.
    fn search_shut(
        &mut self,
        room: &mut Room,
        live: &[bool],
        freeze: &mut Freeze,
        start: &[u16],
    ) -> bool {
        let k = start.len() - 1;
        self.states.clear();
        self.states.extend_from_slice(start);
        self.seen.clear();
        self.seen.insert(start.into());
        let mut head = 0;
        while head * (k + 1) < self.states.len() {
            let at = head * (k + 1);
            head += 1;
            room.enter(
                &self.states[at..=at + k],
                &mut self.occupied,
                &mut self.reach,
            );
            for i in 0..k {
                for d in 0..4 {
                    match self.push(room, live, freeze, at, i, d) {
                        Push::Opened => return false,
                        Push::New if self.seen.len() > BUDGET => return false,
                        _ => {}
                    }
                }
            }
        }
        true
    }

    /// Box `i` of the position at `at` pushed in direction `d` (`reach` is the worker's area).
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        room: &mut Room,
        live: &[bool],
        freeze: &mut Freeze,
        at: usize,
        i: usize,
        d: usize,
    ) -> Push {
        let k = self.sub.len();
        let b = self.states[at + i];
        let (to, back) = (room.next[b as usize][d], room.next[b as usize][(d + 2) % 4]);
        if back == NONE || !self.reach[back as usize] || to == NONE {
            return Push::Nothing;
        }
        if self.occupied[to as usize] || !live[to as usize] {
            return Push::Nothing;
        }
        self.occupied[b as usize] = false;
        self.occupied[to as usize] = true;
        let mut outcome = Push::Nothing;
        if !freeze.deadlocked(room, live, &self.occupied, to) {
            self.child.clear();
            self.child.extend_from_slice(&self.states[at..at + k]);
            self.child[i] = to;
            let low = room.flood(&self.occupied, b);
            let opened = self.cells.iter().any(|&c| room.reached(c));
            if opened || self.child.iter().all(|&c| room.goal[c as usize]) {
                outcome = Push::Opened;
            } else {
                self.child.sort_unstable();
                self.child.push(low);
                if !self.seen.contains(self.child.as_slice()) {
                    self.seen.insert(self.child.as_slice().into());
                    self.states.extend_from_slice(&self.child);
                    outcome = Push::New;
                }
            }
        }
        self.occupied[to as usize] = false;
        self.occupied[b as usize] = true;
        outcome
    }
}

/// What one push of the small search led to.
enum Push {
    Nothing,
    New,
    /// The boxes all on goals, or the worker in the corral: no deadlock shown.
    Opened,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Pos;
    use crate::core::formats::xsb;

    /// Whether pushing the box to `dest` (already drawn there) in the level `text` closed a
    /// deadlocked corral, and how many corrals were searched to say so.
    fn closed_at(text: &str, dest: (u32, u32)) -> (bool, u64) {
        let board = xsb::read("t", text).unwrap().levels[0].board().unwrap();
        let mut room = Room::of(&board);
        let live = room.live_cells();
        let mut occupied = vec![false; room.len()];
        for p in board.boxes() {
            occupied[room.at(p) as usize] = true;
        }
        let worker = room.at(board.worker_pos());
        room.flood(&occupied, worker);
        let mut freeze = Freeze::new(&room);
        let mut closed = ClosedAreas::new(&room);
        let dest = room.at(Pos::new(dest.0, dest.1));
        let answer = closed.deadlocked(
            &mut room,
            &live,
            &mut freeze,
            &occupied,
            dest,
            worker,
            Room::reached,
        );
        (answer, closed.searched)
    }

    #[test]
    fn flags_a_corral_its_boxes_cannot_open() {
        // XSokoban 2 near its end: the two boxes on the bottom row shut the floor under them off,
        // and the only push (the right box to the left) freezes both.
        let level = "\
############
#**  #     ###
#..  #      #
#**  # ####  #
#**    @ ##  #
#**  # #    ##
###### ##    #
  # $ $      #
  #    #     #
  ############
";
        assert_eq!(closed_at(level, (6, 7)), (true, 1));
        // The same corral early in the level: the box from (7, 7) pushed one to the left.
        let start = "\
############
#..  #     ###
#..    $  $  #
#..  #$####  #
#..      ##  #
#..  # #   $##
###### ##$$  #
  # $ $@ $ $ #
  #    #     #
  ############
";
        assert_eq!(closed_at(start, (6, 7)), (true, 1));
    }

    #[test]
    fn leaves_a_corral_alone_when_its_boxes_can_open_it() {
        // A box in the doorway shuts the right-hand room (with its goal) off, but the worker
        // pushes it in.
        let doorway = "#######\n#  #  #\n#  $ .#\n#@ #  #\n#######\n";
        assert_eq!(closed_at(doorway, (3, 2)), (false, 1));
        // Two boxes shut a pocket with a goal off, but the upper one can be pushed in onto it.
        let pocket = "#######\n#. $  #\n##$   #\n#    @#\n#######\n";
        assert_eq!(closed_at(pocket, (3, 1)), (false, 1));
        // Finished: the corral holds no goal and the box shutting it is on its goal.
        let done = "######\n#  *@#\n######\n";
        assert_eq!(closed_at(done, (3, 1)), (false, 0));
    }
}
