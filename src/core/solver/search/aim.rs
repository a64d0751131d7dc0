//! Backward searches aimed at positions the opening reached, not at the start.
//!
//! Where the boxes start packed (XSokoban 42: thirty boxes, the worker shut in a corner), the
//! backward search gets its boxes within a few pulls of their starting cells in half a second,
//! and then needs twenty more to pull them into exactly the start's order with the worker in
//! exactly its pocket: the matching bound counts pulls to cells and not the boxes in the way.
//! The opening has by then unpacked the start forwards, and stored positions where the worker
//! reaches every free cell. Aimed at one of those, a backward search has no pocket to find and
//! no packed order to rebuild: from the one that XSokoban 42's opening stored with the fewest
//! pushes plus bound, the backward search alone reached it in 0.08 s (23,193 positions).
//! Which target is alive cannot be told beforehand, so two are aimed at, boxes apart, and
//! where the goals lie in a block more later, at the forward search's positions
//! (`Stepper`'s late aims).

use super::{Limits, Search};
use crate::core::solver::Push;
use crate::core::solver::room::Room;

/// A backward search aimed at a target, and the pushes from the board to it.
pub(super) struct Aim {
    pub(super) search: Box<Search>,
    pub(super) prefix: Vec<Push>,
    /// The target's boxes, which a later target must stand [`APART`] from.
    pub(super) boxes: Vec<u16>,
    /// Set at the forward search's positions after the opening (not at the opening's targets):
    /// the oldest such aim gives way when too many search at once.
    pub(super) late: bool,
}

impl Aim {
    /// Backward searches in `room` aimed at the targets `opening` stored
    /// ([`Search::aim_targets`]), with the limits left; none when it has none.
    pub(super) fn at_targets_of(opening: &Search, room: Room, limits: Limits) -> Vec<Aim> {
        let targets = opening.aim_targets();
        let aim = |target| Aim::at(opening, target, room.clone(), limits.clone());
        targets.into_iter().map(aim).collect()
    }

    /// A backward search in `room` aimed at position `target` of `forward`.
    pub(super) fn at(forward: &Search, target: u32, room: Room, limits: Limits) -> Aim {
        let (boxes, worker) = forward.position(target as usize);
        let mut search = Search::backward(room, limits, boxes.to_vec(), worker);
        search.turn_end = 0;
        search.diving = true;
        Aim {
            search: Box::new(search),
            prefix: forward.pushes_to(target),
            boxes: boxes.to_vec(),
            late: false,
        }
    }
}

/// Boxes a second target must have on other cells than the first's: one push from a dead
/// target is most often dead too.
pub(super) const APART: usize = 3;

impl Search {
    /// Stored positions, other than the start, where the worker reaches every free cell: the
    /// one with the fewest pushes plus bound (ties to the smaller bound), unpacked and as close
    /// to solved as the pushes it took allow; and the one with the fewest pushes (ties to the
    /// smaller bound) whose boxes stand [`APART`] from the first's, hardly unpacked but seldom
    /// dead. The backward search alone reached XSokoban 42's first in 0.08 s (23,193
    /// positions) and its fewest-pushes one in 2.9 s; 87's the other way round (not in 20 s,
    /// 4.2 s). The smallest bound alone picks the greedy list's deepest dive, often a deadlock
    /// no rule sees (42: unsolved in 30 s from it).
    fn aim_targets(&self) -> Vec<u32> {
        let Some(first) = self.target_apart_from::<Vec<u16>>(&[]) else {
            return Vec::new();
        };
        let first_boxes = self.position(first as usize).0;
        let by_pushes = |i: usize| (self.info[i].g, self.info[i].h);
        let second = self.best_unpacked_apart(by_pushes, &[first_boxes]);
        [Some(first), second].into_iter().flatten().collect()
    }
}

impl Search {
    /// The stored position, unpacked, with the fewest pushes plus bound (ties to the smaller
    /// bound, then to the first stored) whose boxes stand [`APART`] from each of `taken`: the
    /// first aim's target when `taken` is empty, and a later aim's (`Stepper`'s late aims).
    pub(super) fn target_apart_from<T: AsRef<[u16]>>(&self, taken: &[T]) -> Option<u32> {
        let by_pushes_and_bound = |i: usize| (self.info[i].g + self.info[i].h, self.info[i].h);
        self.best_unpacked_apart(by_pushes_and_bound, taken)
    }

    /// The unpacked stored position lowest by `key` (ties to the first stored) whose boxes stand
    /// [`APART`] from each of `taken`.
    fn best_unpacked_apart<K: Ord, T: AsRef<[u16]>>(
        &self,
        key: impl Fn(usize) -> K,
        taken: &[T],
    ) -> Option<u32> {
        let mut best: Option<usize> = None;
        for i in self.unpacked_from(1) {
            // The boxes are compared only for a position that would be the best yet: one
            // comparison for each of 68,750 unpacked positions took XSokoban 42 15 ms.
            if best.is_some_and(|b| key(b) <= key(i)) {
                continue;
            }
            let boxes = self.position(i).0;
            if taken.iter().all(|t| APART <= differing(t.as_ref(), boxes)) {
                best = Some(i);
            }
        }
        best.map(|i| i as u32)
    }

    /// The stored positions from number `from` on (the start, number 0, is never one) where the
    /// worker reaches every free cell: the ones an aim can be set at.
    pub(super) fn unpacked_from(&self, from: usize) -> impl Iterator<Item = usize> + '_ {
        (from.max(1)..self.info.len()).filter(|&i| self.info[i].unreached == 0)
    }
}

/// How many of the boxes on sorted cells `a` are not on sorted cells `b`.
pub(super) fn differing(a: &[u16], b: &[u16]) -> usize {
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    a.len() - common
}

#[cfg(test)]
mod tests {
    use super::differing;

    #[test]
    fn boxes_on_other_cells_are_counted_once_each() {
        assert_eq!(differing(&[1, 4, 7], &[1, 4, 7]), 0);
        assert_eq!(differing(&[1, 4, 7], &[1, 5, 7]), 1);
        assert_eq!(differing(&[1, 4, 7], &[2, 5, 8]), 3);
        assert_eq!(differing(&[1, 2, 3], &[3, 4, 5]), 2);
    }
}
