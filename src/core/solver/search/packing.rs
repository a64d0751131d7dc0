//! Festival's packing advisor, as a macro move of the forward fast search: where a goal room
//! holds exactly the first goals of its packing order, a box outside it that can be pushed to the
//! room's next goal with the others where they stand is taken there in one step of the search.
//! The goal macros (`solver::goals`) take a box on from the room's door; this takes it from
//! anywhere, so the search packs the room box by box instead of finding each box's way to the
//! door push by push.

use super::{Node, Search, Step};
use crate::core::solver::bound::FAR;
use crate::core::solver::room::AreaAfterMove;

/// How many boxes the advisor tries per goal, nearest it first (by push distance). XSokoban in
/// 10 s a level: the same levels gained with 4.
const CANDIDATES: usize = 2;

impl Search {
    /// Whether the advisor is asked at node `node`, being expanded: at a start, after a macro
    /// move (a box taken through a tunnel, into its room or by this advisor) and after a push
    /// that opened floor to the worker, the moves that can let a box through to its goal.
    /// XSokoban in 10 s a level: 19, 40, 43 and 71 gained so; asked after macros and at starts
    /// alone, 19 and 40; at every expansion the same four, 40 in 2.8 s against 1.7.
    pub(super) fn packing_wanted(&self, node: &Node) -> bool {
        if !self.packing || self.goal_rooms.is_none() {
            return false;
        }
        match node.parent {
            u32::MAX => true,
            p => node.macro_id != u32::MAX || node.unreached < self.info[p as usize].unreached,
        }
    }

    /// The advisor's moves from node `parent` (being expanded: `self.here`, `self.occupied` and
    /// `self.reach` are its position): of the boxes on no goal, the [`CANDIDATES`] nearest each
    /// room's next goal are tried, and each that gets there is stored as a child.
    pub(super) fn try_packing(&mut self, parent: u32) -> Step {
        let targets: Vec<u16> = match &self.goal_rooms {
            Some(rooms) => rooms.next_goals(&self.occupied).collect(),
            None => return Ok(None),
        };
        for target in targets {
            let column = (0..target as usize).filter(|&c| self.room.goal[c]).count();
            let mut boxes: Vec<(i32, usize)> = (0..self.k)
                .filter(|&i| !self.room.goal[self.here[i] as usize])
                .map(|i| (self.dist.get(column, self.here[i]), i))
                .filter(|&(d, _)| d < FAR)
                .collect();
            boxes.sort_unstable();
            for &(_, i) in boxes.iter().take(CANDIDATES) {
                if let Some(done) = self.pack(parent, i, target)? {
                    return Ok(Some(done));
                }
            }
        }
        Ok(None)
    }

    /// Takes box `i` of node `parent` to `target` when it can get there, and stores the position.
    fn pack(&mut self, parent: u32, i: usize, target: u16) -> Step {
        let b = self.here[i];
        let Some(side) = self.side_in_reach(b) else {
            return Ok(None);
        };
        let Some(rooms) = self.goal_rooms.as_mut() else {
            return Ok(None);
        };
        // The advisor's floods are not counted: the turns and the opening's length, measured in
        // floods, stay those of the positions expanded (counted, XSokoban 76, which the opening
        // solves alone in 0.9 million floods, was lost).
        let floods = self.room.floods;
        let pushes = rooms.box_to_goal(
            &mut self.room,
            &self.live,
            &mut self.occupied,
            (b, side),
            target,
        );
        self.room.floods = floods;
        let Some(pushes) = pushes else {
            return Ok(None);
        };
        if pushes.len() < 2 {
            return Ok(None);
        }
        self.occupied[b as usize] = false;
        self.occupied[target as usize] = true;
        let behind = pushes.last().expect("two pushes or more").0;
        let mut found = Ok(None);
        let (h, table_after) = self.bound_after_move(i, target);
        if let Some(h) = h {
            let (worker, unreached) =
                self.child_area(parent, AreaAfterMove::Unknown, b, target, behind);
            if !self.shut_in_after_flood(target, behind) {
                self.set_child(i, target);
                let parent_node = self.info[parent as usize];
                let (from, dir) = pushes[0];
                self.macros.push(pushes[1..].to_vec());
                let node = Node {
                    parent,
                    from,
                    dir,
                    closed: false,
                    worker,
                    g: parent_node.g + pushes.len() as u16,
                    h: h as u16,
                    unreached,
                    weight: parent_node.weight,
                    cell: 0,
                    macro_id: (self.macros.len() - 1) as u32,
                };
                let stored = self.info.len();
                found = self.add(node);
                self.remember_matching(stored, table_after);
            }
        }
        self.occupied[target as usize] = false;
        self.occupied[b as usize] = true;
        found
    }
}
