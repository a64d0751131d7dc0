//! Freeze deadlocks on the room: a box that can move neither along nor across, off its goal or
//! holding another frozen box that is off its goal, can never be fixed.
//!
//! An axis is blocked for a box when a wall is on either side of it, when both sides are dead
//! cells (it may move, but only onto a dead cell), or when a box on either side is itself frozen
//! with this one taken for a wall. The general case (chains and clusters of boxes against walls) is
//! the recursion; the 2×2 square is its smallest instance.

use super::room::{NONE, Room};

/// Scratch for the freeze test, sized to the room.
pub(crate) struct Freeze {
    /// Boxes taken for walls while the recursion asks about their neighbours.
    wall: Vec<bool>,
    off_goal: bool,
}

impl Freeze {
    pub fn new(room: &Room) -> Freeze {
        Freeze {
            wall: vec![false; room.len()],
            off_goal: false,
        }
    }

    /// Whether the box just pushed to `c` (with `occupied` the boxes after the push) froze with a
    /// box off its goal.
    pub fn deadlocked(&mut self, room: &Room, live: &[bool], occupied: &[bool], c: u16) -> bool {
        self.off_goal = false;
        let frozen = self.frozen(room, live, occupied, c);
        frozen && self.off_goal
    }

    /// The boxes among `boxes` that stand on goals and can never move again (or only onto a
    /// dead cell), sorted, in `out`; `occupied` holds all the boxes. No solution moves them, so
    /// the bound may take them for walls ([`super::bound::Distances::with_walls`]).
    pub fn stuck_on_goals(
        &mut self,
        room: &Room,
        live: &[bool],
        occupied: &[bool],
        boxes: impl IntoIterator<Item = u16>,
        out: &mut Vec<u16>,
    ) {
        out.clear();
        for c in boxes {
            if room.goal[c as usize] && self.frozen(room, live, occupied, c) {
                out.push(c);
            }
        }
        out.sort_unstable();
    }

    fn frozen(&mut self, room: &Room, live: &[bool], occupied: &[bool], c: u16) -> bool {
        self.wall[c as usize] = true;
        let frozen = (0..2).all(|axis| self.axis_blocked(room, live, occupied, c, axis));
        self.wall[c as usize] = false;
        if frozen && !room.goal[c as usize] {
            self.off_goal = true;
        }
        frozen
    }

    /// Whether box `c` cannot move along `axis` (0: directions 0 and 2, 1: directions 1 and 3).
    fn axis_blocked(
        &mut self,
        room: &Room,
        live: &[bool],
        occupied: &[bool],
        c: u16,
        axis: usize,
    ) -> bool {
        let a = room.next[c as usize][axis];
        let b = room.next[c as usize][axis + 2];
        let solid = |x: u16| x == NONE || self.wall[x as usize];
        if solid(a) || solid(b) {
            return true;
        }
        if !live[a as usize] && !live[b as usize] {
            return true;
        }
        (occupied[a as usize] && self.frozen(room, live, occupied, a))
            || (occupied[b as usize] && self.frozen(room, live, occupied, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Pos;
    use crate::core::formats::xsb;

    /// Whether the box at `at` is frozen off goal in the level drawn by `text`.
    fn frozen_at(text: &str, at: (u32, u32)) -> bool {
        let board = xsb::read("t", text).unwrap().levels[0].board().unwrap();
        let room = Room::of(&board);
        let live = room.live_cells();
        let mut occupied = vec![false; room.len()];
        for p in board.boxes() {
            occupied[room.at(p) as usize] = true;
        }
        let mut f = Freeze::new(&room);
        f.deadlocked(&room, &live, &occupied, room.at(Pos::new(at.0, at.1)))
    }

    #[test]
    fn flags_frozen_boxes() {
        // Two boxes side by side along the top wall.
        assert!(frozen_at("#######\n#  $$ #\n# @ ..#\n#######\n", (3, 1)));
        // A 2×2 block of boxes in the open, one off goal.
        assert!(frozen_at(
            "########\n#      #\n# $$   #\n# $* @.#\n#   ...#\n########\n",
            (2, 2)
        ));
        // A box along the top wall between two dead cells: it could only slide onto one.
        assert!(frozen_at("#######\n#  $  #\n# @ ..#\n#######\n", (3, 1)));
        // A chain: the box in the corner holds the one below it, which holds the pushed box
        // under the wall; the two on goals are fine, the pushed one is not.
        assert!(frozen_at(
            "######\n#*#  #\n#*$ @#\n#   .#\n######\n",
            (2, 2)
        ));
    }

    #[test]
    fn leaves_movable_boxes_alone() {
        // Against the top wall but free to slide along it towards a goal.
        assert!(!frozen_at("#######\n#  $ .#\n# @   #\n#######\n", (3, 1)));
        // Both frozen but both on goals: not a deadlock.
        assert!(!frozen_at("#######\n#  ** #\n# @ $.#\n#######\n", (3, 1)));
        // Side by side in the open: each can still be pushed up or down.
        assert!(!frozen_at(
            "########\n#      #\n# $$ @ #\n#  ..  #\n########\n",
            (2, 2)
        ));
    }
}
