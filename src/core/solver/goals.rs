//! Goal rooms and goal macros: where the goals lie together (XSokoban's levels mostly keep them in
//! one room), the order they must be filled in is worked out once, backwards: from the room full,
//! the box that can be pulled out most easily (with the others still in place) is the one filled
//! last, and so on. During the fast search, a box pushed to the room's doorway while the room holds
//! exactly the first boxes of that order is taken straight on to the next goal of the order, in one
//! step of the search (a *goal macro*), and boxes placed in order are not pushed again. The search
//! then never tries the many orders of filling the room, most of which block it.
//!
//! That pruning can lose solutions (a level that needs a box parked in the room for a while), so a
//! fast search that used it and ran out of positions reports that it gave up, not that there is
//! no solution.

use super::room::{NONE, Room};

/// Whether the goals lie in a block rather than in a line or apart: at least 1.2 pairs of
/// side-by-side goals per goal, as in a block of 2×4 goals or more (2×3 has 7 pairs for 6 goals,
/// a line fewer pairs than goals). XSokoban's goals lie in blocks in 77 of its 90 levels (up to
/// 1.62 pairs per goal), Microban I's in none (1.17 at most).
pub(crate) fn goals_in_a_block(room: &Room) -> bool {
    let goals = (0..room.len()).filter(|&c| room.goal[c]);
    let (count, sides) = goals.fold((0, 0), |(count, sides), c| {
        let beside = room.next[c]
            .iter()
            .filter(|&&n| n != NONE && room.goal[n as usize])
            .count();
        (count + 1, sides + beside)
    });
    // Each pair is counted from both its goals: sides / 2 >= 1.2 * count.
    sides * 5 >= count * 12
}

/// The cells of the areas the floor falls into with the `walls` cells walled up that hold a cell
/// of `starts` (the boxes' and the worker's cells at the start).
fn areas_holding(room: &mut Room, walls: &[bool], starts: &[u16]) -> Vec<bool> {
    let n = room.len() as u16;
    let mut area = vec![false; n as usize];
    for &s in starts {
        if walls[s as usize] || area[s as usize] {
            continue;
        }
        room.flood(walls, s);
        for d in (0..n).filter(|&d| room.reached(d)) {
            area[d as usize] = true;
        }
    }
    area
}

/// One room of goals.
struct GoalRoom {
    /// The goals in the order they are filled.
    order: Vec<u16>,
}

/// The goal rooms of a level.
pub(crate) struct GoalRooms {
    rooms: Vec<GoalRoom>,
    /// Cell → the room it belongs to (`NONE`: none).
    room_of: Vec<u16>,
    /// Cell → the room it is a doorway of (`NONE`: none).
    door_of: Vec<u16>,
    /// Scratch for the searches over (box cell, worker side): the states seen, and those whose
    /// worker area a flood from another side of the same cell told already (`stamp` marks both).
    seen: Vec<u32>,
    told: Vec<u32>,
    stamp: u32,
    states: Vec<(u16, u8, u32)>,
}

/// A macro: the pushes (box cell before the push, direction) after the first.
pub(crate) type Pushes = Vec<(u16, u8)>;

impl GoalRooms {
    /// The rooms of three goals or more whose packing order can be found, the boxes and the
    /// worker starting on `starts`; without them, a box taken out of a room is out on any live
    /// cell off its goals (see `packing_order`).
    pub fn of(room: &mut Room, live: &[bool], starts: Option<&[u16]>) -> GoalRooms {
        let n = room.len();
        let mut rooms = GoalRooms {
            rooms: Vec::new(),
            room_of: vec![NONE; n],
            door_of: vec![NONE; n],
            seen: vec![0; n * 4],
            told: vec![0; n * 4],
            stamp: 0,
            states: Vec::new(),
        };
        let mut label = vec![false; n];
        for start in 0..n {
            if !room.goal[start] || label[start] {
                continue;
            }
            // The goals joined to this one.
            let mut cells = vec![start as u16];
            label[start] = true;
            let mut head = 0;
            while head < cells.len() {
                let c = cells[head];
                head += 1;
                for &m in &room.next[c as usize] {
                    if m != NONE && room.goal[m as usize] && !label[m as usize] {
                        label[m as usize] = true;
                        cells.push(m);
                    }
                }
            }
            if cells.len() < 3 {
                continue;
            }
            if let Some(order) = rooms.packing_order(room, live, &cells, starts) {
                let id = rooms.rooms.len() as u16;
                for &c in &cells {
                    rooms.room_of[c as usize] = id;
                    for &m in &room.next[c as usize] {
                        if m != NONE && !room.goal[m as usize] && rooms.door_of[m as usize] == NONE
                        {
                            rooms.door_of[m as usize] = id;
                        }
                    }
                }
                rooms.rooms.push(GoalRoom { order });
            }
        }
        rooms
    }

    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// Room `id`'s goals in the order they are filled.
    #[cfg(test)]
    pub fn order(&self, id: usize) -> &[u16] {
        &self.rooms[id].order
    }

    /// The order the room's goals (`cells`) are filled in. A box taken out of the full room is
    /// out once it stands on a live cell of an area (the room full) where a box or the worker
    /// starts (`starts`), not in a pocket that only the room's goals lead to: XSokoban 28's room
    /// has two such cells below it, and a box pulled into them counted as out there put its
    /// bottom corner goal last but one, after both goals a box must cross to reach it. Where no
    /// order gets every box that far, or without `starts`, every live cell off the goals counts.
    fn packing_order(
        &mut self,
        room: &mut Room,
        live: &[bool],
        cells: &[u16],
        starts: Option<&[u16]>,
    ) -> Option<Vec<u16>> {
        let n = room.len();
        let mut inside = vec![false; n];
        for &c in cells {
            inside[c as usize] = true;
        }
        let from_starts = starts.and_then(|starts| {
            let outside = areas_holding(room, &inside, starts);
            self.order_out(room, live, cells, &outside)
        });
        from_starts.or_else(|| {
            let off_the_room: Vec<bool> = inside.iter().map(|&i| !i).collect();
            self.order_out(room, live, cells, &off_the_room)
        })
    }

    /// Takes the goals out one by one, each time the one that is pulled out of the room (onto a
    /// live cell of `out`) in the fewest pulls with the others in place; the filling order is the
    /// reverse. `None` when at some point no box can get out.
    fn order_out(
        &mut self,
        room: &mut Room,
        live: &[bool],
        cells: &[u16],
        out: &[bool],
    ) -> Option<Vec<u16>> {
        let mut filled = vec![false; room.len()];
        for &c in cells {
            filled[c as usize] = true;
        }
        let mut order = Vec::with_capacity(cells.len());
        while order.len() < cells.len() {
            let mut best: Option<(u32, u16)> = None;
            for &g in cells {
                if !filled[g as usize] {
                    continue;
                }
                filled[g as usize] = false;
                let pulls = self.pulls_out(room, live, &filled, out, g);
                filled[g as usize] = true;
                if let Some(p) = pulls
                    && best.is_none_or(|b| (p, g) < b)
                {
                    best = Some((p, g));
                }
            }
            let best = best?;
            filled[best.1 as usize] = false;
            order.push(best.1);
        }
        order.reverse();
        Some(order)
    }

    /// The fewest pulls that bring a box from goal `g` onto a live cell of `out`, the worker
    /// coming from there and the `filled` goals in the way.
    fn pulls_out(
        &mut self,
        room: &mut Room,
        live: &[bool],
        filled: &[bool],
        out: &[bool],
        g: u16,
    ) -> Option<u32> {
        let mut blocked = filled.to_vec();
        // Where the worker can be: anywhere it can walk to from out there, around the box.
        blocked[g as usize] = true;
        let outside = (0..room.len() as u16).find(|&c| out[c as usize])?;
        room.flood(&blocked, outside);
        let sides: Vec<u8> = (0..4u8)
            .filter(|&s| {
                let w = room.next[g as usize][s as usize];
                w != NONE && room.reached(w)
            })
            .collect();
        self.next_stamp();
        self.states.clear();
        for s in sides {
            self.mark(g, s);
            self.states.push((g, s, 0));
        }
        let mut head = 0;
        while head < self.states.len() {
            let (c, s, pulls) = self.states[head];
            head += 1;
            if out[c as usize] && live[c as usize] {
                return Some(pulls);
            }
            blocked[c as usize] = true;
            room.flood(&blocked, room.next[c as usize][s as usize]);
            blocked[c as usize] = false;
            for t in 0..4u8 {
                let w = room.next[c as usize][t as usize];
                if w == NONE || !room.reached(w) {
                    continue;
                }
                // Pull towards t: the box to w, the worker one further.
                let beyond = room.next[w as usize][t as usize];
                if beyond != NONE && !blocked[beyond as usize] && !self.marked(w, t) {
                    self.mark(w, t);
                    self.states.push((w, t, pulls + 1));
                }
            }
        }
        None
    }

    /// When the box pushed from `from` to `to` should be taken on to its room's next goal: the
    /// pushes after this one that do it, and the goal. `occupied` holds the boxes after the push.
    pub fn goal_macro(
        &mut self,
        room: &mut Room,
        live: &[bool],
        occupied: &mut [bool],
        from: u16,
        to: u16,
    ) -> Option<(Pushes, u16)> {
        let id = match (self.door_of[to as usize], self.room_of[to as usize]) {
            (NONE, NONE) => return None,
            (NONE, r) => r,
            (d, _) => d,
        };
        let target = self.next_goal(id as usize, occupied, to)?;
        if target == to {
            return None;
        }
        let side = (0..4u8).find(|&s| room.next[to as usize][s as usize] == from)?;
        let within = |c: u16, rooms: &GoalRooms| rooms.room_of[c as usize] == id || c == to;
        let pushes = self.push_path(room, live, occupied, (to, side), target, within)?;
        Some((pushes, target))
    }

    /// Festival's packing advisor: for each goal room that holds exactly the first goals of its
    /// order, that next goal, while no box stands on it.
    pub fn next_goals<'a>(&'a self, occupied: &'a [bool]) -> impl Iterator<Item = u16> + 'a {
        (0..self.rooms.len())
            .filter_map(move |id| self.next_goal(id, occupied, NONE))
            .filter(|&g| !occupied[g as usize])
    }

    /// The pushes (box cell before each, direction) that take the box on `b` to `target` with
    /// the other boxes where they stand (`occupied`), the worker starting on side `side` of it.
    pub fn box_to_goal(
        &mut self,
        room: &mut Room,
        live: &[bool],
        occupied: &mut [bool],
        (b, side): (u16, u8),
        target: u16,
    ) -> Option<Pushes> {
        self.push_path(room, live, occupied, (b, side), target, |_, _| true)
    }

    /// A breadth-first search over (box cell, worker side) that takes the box on `start.0` to
    /// `target` through cells `within` allows, the worker first on side `start.1`: the pushes
    /// on the way, each a (box cell before it, direction), or `None`.
    fn push_path(
        &mut self,
        room: &mut Room,
        live: &[bool],
        occupied: &mut [bool],
        (start, side): (u16, u8),
        target: u16,
        within: impl Fn(u16, &GoalRooms) -> bool,
    ) -> Option<Pushes> {
        occupied[start as usize] = false;
        self.next_stamp();
        self.states.clear();
        self.mark(start, side);
        self.states.push((start, side, u32::MAX));
        let mut head = 0;
        let mut found = None;
        while head < self.states.len() {
            let (c, s, _) = self.states[head];
            if c == target {
                found = Some(head);
                break;
            }
            head += 1;
            // A side the worker reached from another of the same cell has that side's children,
            // all seen already. Its flood is counted all the same: the turns, measured in floods,
            // stay those of the positions searched.
            if self.told[c as usize * 4 + s as usize] == self.stamp {
                room.floods += 1;
                continue;
            }
            occupied[c as usize] = true;
            room.flood(occupied, room.next[c as usize][s as usize]);
            occupied[c as usize] = false;
            for (side, &w) in room.next[c as usize].iter().enumerate() {
                if w != NONE && room.reached(w) {
                    self.told[c as usize * 4 + side] = self.stamp;
                }
            }
            for t in 0..4usize {
                let back = room.next[c as usize][(t + 2) % 4];
                let dest = room.next[c as usize][t];
                let pushable = back != NONE && room.reached(back) && dest != NONE;
                if !pushable || occupied[dest as usize] || !live[dest as usize] {
                    continue;
                }
                let side = ((t + 2) % 4) as u8;
                if within(dest, self) && !self.marked(dest, side) {
                    self.mark(dest, side);
                    self.states.push((dest, side, (head - 1) as u32));
                }
            }
        }
        occupied[start as usize] = true;
        let mut at = found?;
        let mut pushes = Vec::new();
        while self.states[at].2 != u32::MAX {
            let (c, _, parent) = self.states[at];
            let prev = self.states[parent as usize].0;
            let dir = (0..4u8).find(|&t| room.next[prev as usize][t as usize] == c)?;
            pushes.push((prev, dir));
            at = parent as usize;
        }
        pushes.reverse();
        Some(pushes)
    }

    /// The goal the room fills next, when the room holds exactly the first goals of its order
    /// (the box at `arriving` not counted).
    fn next_goal(&self, id: usize, occupied: &[bool], arriving: u16) -> Option<u16> {
        let order = &self.rooms[id].order;
        let filled = order
            .iter()
            .take_while(|&&g| occupied[g as usize] && g != arriving)
            .count();
        let stray = order[filled..]
            .iter()
            .any(|&g| occupied[g as usize] && g != arriving);
        (!stray && filled < order.len()).then(|| order[filled])
    }

    /// The boxes packed among `boxes` (sorted): in a goal room those on the first goals of its
    /// order, elsewhere those on goals.
    pub fn packed(&self, goal: &[bool], boxes: &[u16]) -> usize {
        let loose = boxes
            .iter()
            .filter(|&&b| goal[b as usize] && self.room_of[b as usize] == NONE)
            .count();
        let in_order = self.rooms.iter().map(|room| {
            room.order
                .iter()
                .take_while(|g| boxes.binary_search(g).is_ok())
                .count()
        });
        loose + in_order.sum::<usize>()
    }

    /// Whether the box on `c` sits on a goal of a room filled in order up to it: it stays.
    pub fn placed(&self, occupied: &[bool], c: u16) -> bool {
        let id = self.room_of[c as usize];
        if id == NONE {
            return false;
        }
        let order = &self.rooms[id as usize].order;
        for &g in order {
            if !occupied[g as usize] {
                return false;
            }
            if g == c {
                return true;
            }
        }
        false
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.told.fill(0);
            self.stamp = 1;
        }
    }

    fn mark(&mut self, c: u16, s: u8) {
        self.seen[c as usize * 4 + s as usize] = self.stamp;
    }

    fn marked(&self, c: u16, s: u8) -> bool {
        self.seen[c as usize * 4 + s as usize] == self.stamp
    }
}
