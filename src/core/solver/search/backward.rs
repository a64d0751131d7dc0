//! The backward half of the fast search: from the solved position, by pulls, towards the boxes'
//! starting cells. Packing a crowded goal area is hard forwards (the order matters) and easy
//! backwards (any box at the area's edge can be pulled out), and the other way round for the
//! start. Taking turns with the forward search ([`super::stepper`]) took XSokoban from 14 levels
//! solved in 10 s to 32.

use super::{Limits, Located, Mode, Node, Search, Step};
use crate::core::solver::SolveError;
use crate::core::solver::bound::Distances;
use crate::core::solver::room::{NONE, Room};
#[cfg(test)]
use crate::core::{
    Board,
    solver::{Solution, play_out, start},
};

impl Search {
    /// A backward search from the solved position: the boxes on the goals, the worker in any of
    /// the areas they leave (each a start), pulling boxes until they stand where `boxes` start
    /// with the worker in `worker`'s area. Its bound is the matching by pull distances to the
    /// starting cells; it has no deadlock rules but dead cells (a box that can never be pulled
    /// to a starting cell).
    pub(super) fn backward(room: Room, limits: Limits, mut boxes: Vec<u16>, worker: u16) -> Search {
        let mut search = Search::new(room, Mode::Fast, limits);
        search.pulling = true;
        boxes.sort_unstable();
        search.dist = Distances::pulls_to(&search.room, &boxes);
        let n = search.room.len();
        search.live = (0..n as u16).map(|c| search.dist.reachable(c)).collect();
        search.k = boxes.len();
        search.occupied.fill(false);
        for &b in &boxes {
            search.occupied[b as usize] = true;
        }
        search.start_area = search.room.flood(&search.occupied, worker);
        let goals: Vec<u16> = (0..n as u16)
            .filter(|&c| search.room.goal[c as usize])
            .collect();
        search.occupied.fill(false);
        for &g in &goals {
            search.occupied[g as usize] = true;
        }
        let Some(h) = search.base.solve(&search.dist, &goals) else {
            search.early = Some(Err(SolveError::Unsolvable { states: 0 }));
            return search;
        };
        let mut seen = vec![false; n];
        for c in 0..n as u16 {
            if search.occupied[c as usize] || seen[c as usize] {
                continue;
            }
            let area = search.room.flood(&search.occupied, c);
            let unreached = search.unreached_after_flood();
            for (cell, s) in seen.iter_mut().enumerate() {
                *s |= search.room.reached(cell as u16);
            }
            search.child.clone_from(&goals);
            search.add_root(area, h as u16, unreached);
        }
        search
    }

    /// Backwards: pulls box `i` of the node being expanded one cell in direction `d` (the worker
    /// stands there and steps back one more), if both cells are free and the box can still be
    /// pulled to a starting cell from there.
    pub(super) fn try_pull(&mut self, parent: u32, i: usize, d: usize) -> Step {
        let b = self.here[i];
        let to = self.room.next[b as usize][d];
        if to == NONE || !self.reach[to as usize] || !self.live[to as usize] {
            return Ok(None);
        }
        let beyond = self.room.next[to as usize][d];
        if beyond == NONE || self.occupied[beyond as usize] {
            return Ok(None);
        }
        self.occupied[b as usize] = false;
        self.occupied[to as usize] = true;
        let Located {
            worker,
            unreached,
            key,
            old,
            ..
        } = self.locate_child(parent, (i, b, to), beyond, true);
        let mut found = Ok(None);
        if old.is_none()
            && let Some(h) = self.moved.moved(&self.base, &self.dist, self.rows[i], to)
        {
            let node = Node {
                parent,
                from: b,
                dir: d as u8,
                closed: false,
                worker,
                g: self.info[parent as usize].g + 1,
                h: h as u16,
                unreached,
                weight: 0,
                cell: 0,
                macro_id: u32::MAX,
            };
            let stored = self.info.len();
            found = self.store(node, key, None);
            self.remember_matching(stored, 0);
        }
        self.occupied[to as usize] = false;
        self.occupied[b as usize] = true;
        found
    }
}

/// The backward search alone, to the end (for tests of it).
#[cfg(test)]
pub(in crate::core::solver) fn search_backward(
    board: &Board,
    limits: &Limits,
) -> Result<Solution, SolveError> {
    let (room, boxes, worker) = start(board)?;
    let mut back = Search::backward(room, limits.clone(), boxes, worker);
    let pushes = back
        .resume(None)
        .expect("a search without a time slice runs to its end")?;
    Ok(play_out(board, pushes, back.info.len()))
}
