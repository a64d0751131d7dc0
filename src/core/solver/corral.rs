//! PI-corral pruning: when the boxes shut off an area the worker cannot reach (a *corral*), the
//! corral is not finished (it holds an empty goal, or a box on its border is off goal), every
//! push a border box can make goes into the corral (*I*), and the worker can make every such push
//! (*P*), then some push into that corral has to come in every solution from here: so only those
//! pushes are worth trying now. Many pushes elsewhere, and all the orders they could be made in,
//! are never generated. This keeps every solution reachable (no level is made unsolvable) but not
//! the shortest, so only the fast search uses it.

use super::room::{NONE, Room};

/// Scratch for finding corrals, sized to the room.
pub(crate) struct Corrals {
    /// Region number of each unreachable free cell (`u32::MAX`: none).
    region: Vec<u32>,
    queue: Vec<u16>,
    /// Per region: whether it holds a goal, and its border boxes (indices into the box list).
    has_goal: Vec<bool>,
    border: Vec<Vec<u16>>,
}

impl Corrals {
    pub fn new(room: &Room) -> Corrals {
        Corrals {
            region: vec![u32::MAX; room.len()],
            queue: Vec::new(),
            has_goal: Vec::new(),
            border: Vec::new(),
        }
    }

    /// The boxes (indices into `boxes`) on the border of the PI-corral with the fewest border
    /// boxes, if there is one. `reach` is the worker's area, `occupied` the boxes.
    pub fn pi_corral(
        &mut self,
        room: &Room,
        live: &[bool],
        occupied: &[bool],
        reach: &[bool],
        boxes: &[u16],
    ) -> Option<&[u16]> {
        let regions = self.label_regions(room, occupied, reach);
        if regions == 0 {
            return None;
        }
        for (i, &b) in boxes.iter().enumerate() {
            for &n in &room.next[b as usize] {
                if n == NONE || self.region[n as usize] == u32::MAX {
                    continue;
                }
                let list = &mut self.border[self.region[n as usize] as usize];
                if list.last() != Some(&(i as u16)) {
                    list.push(i as u16);
                }
            }
        }
        let mut best: Option<usize> = None;
        for r in 0..regions {
            let border = &self.border[r];
            let unfinished = self.has_goal[r]
                || border
                    .iter()
                    .any(|&i| !room.goal[boxes[i as usize] as usize]);
            if !unfinished || border.is_empty() {
                continue;
            }
            // A corral no push can enter now may open after pushes elsewhere: not pruned on.
            let mut inward = 0;
            let pi = border.iter().all(|&i| {
                self.only_pushes_inwards(room, live, reach, boxes[i as usize], r as u32)
                    .inspect(|n| inward += n)
                    .is_some()
            }) && inward > 0;
            if pi && best.is_none_or(|b| self.border[b].len() > border.len()) {
                best = Some(r);
            }
        }
        best.map(|r| self.border[r].as_slice())
    }

    /// Numbers the regions of free cells the worker cannot reach; returns how many there are.
    fn label_regions(&mut self, room: &Room, occupied: &[bool], reach: &[bool]) -> usize {
        self.region.fill(u32::MAX);
        let mut regions = 0usize;
        for start in 0..room.len() {
            if reach[start] || occupied[start] || self.region[start] != u32::MAX {
                continue;
            }
            if self.border.len() <= regions {
                self.border.push(Vec::new());
                self.has_goal.push(false);
            }
            self.border[regions].clear();
            self.has_goal[regions] = false;
            self.region[start] = regions as u32;
            self.queue.clear();
            self.queue.push(start as u16);
            while let Some(c) = self.queue.pop() {
                self.has_goal[regions] |= room.goal[c as usize];
                for &n in &room.next[c as usize] {
                    if n != NONE
                        && !occupied[n as usize]
                        && !reach[n as usize]
                        && self.region[n as usize] == u32::MAX
                    {
                        self.region[n as usize] = regions as u32;
                        self.queue.push(n);
                    }
                }
            }
            regions += 1;
        }
        regions
    }

    /// How many pushes box `b` can make into region `r`, when no push of it could ever go
    /// elsewhere before the worker gets into the corral (I: each other live neighbour has a wall
    /// or a corral cell behind the box) and every push into a free live corral cell can be made
    /// from where the worker is now (P); `None` otherwise.
    fn only_pushes_inwards(
        &self,
        room: &Room,
        live: &[bool],
        reach: &[bool],
        b: u16,
        r: u32,
    ) -> Option<usize> {
        let next = &room.next[b as usize];
        let mut inward = 0;
        for d in 0..4 {
            let (to, back) = (next[d], next[(d + 2) % 4]);
            if to == NONE || !live[to as usize] {
                continue; // never a useful push
            }
            if self.region[to as usize] == r {
                if back == NONE || !reach[back as usize] {
                    return None;
                }
                inward += 1;
            } else if back != NONE && self.region[back as usize] != r {
                // Pushed from outside the corral (now or once a box there moves), it would leave.
                return None;
            }
        }
        Some(inward)
    }
}
