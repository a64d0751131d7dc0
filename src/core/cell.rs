//! Cell bytes: the seed's `Block` encoding (one byte per cell).
//!
//! The low three bits hold the cell kind; bit 0 means "on a goal" for boxes and the worker.
//! The two bits above them (bits 3 and 4) hold the path search's cyclic mark (1, 2 or 3), which
//! is always cleared again before a search returns.

/// Floor ("Land").
pub const LAND: u8 = 0;
/// Goal square ("Slot").
pub const SLOT: u8 = 1;
/// Wall.
pub const WALL: u8 = 2;
/// Decorative wall ("Brick"): behaves exactly like a wall.
pub const BRICK: u8 = 3;
/// Box on floor.
pub const BOX0: u8 = 4;
/// Box on goal.
pub const BOX1: u8 = 5;
/// Worker on floor.
pub const MAN0: u8 = 6;
/// Worker on goal.
pub const MAN1: u8 = 7;

/// Mask of the kind bits.
pub const KIND_MASK: u8 = 0b111;
/// Shift of the search mark above the kind bits.
pub const MARK_SHIFT: u8 = 3;
/// Mask of the search mark bits (after shifting).
pub const MARK_MASK: u8 = 0b11;

/// The eight cell kinds with the seed's byte values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Cell {
    Land = LAND,
    Slot = SLOT,
    Wall = WALL,
    Brick = BRICK,
    Box0 = BOX0,
    Box1 = BOX1,
    Man0 = MAN0,
    Man1 = MAN1,
}

impl Cell {
    /// All kinds in byte order.
    pub const ALL: [Cell; 8] = [
        Cell::Land,
        Cell::Slot,
        Cell::Wall,
        Cell::Brick,
        Cell::Box0,
        Cell::Box1,
        Cell::Man0,
        Cell::Man1,
    ];

    /// The kind stored in the low bits of a map byte (marks are ignored).
    #[inline]
    pub const fn from_byte(byte: u8) -> Cell {
        Cell::ALL[(byte & KIND_MASK) as usize]
    }

    /// The byte value of this kind.
    #[inline]
    pub const fn byte(self) -> u8 {
        self as u8
    }

    /// Whether this kind lies on a goal (goal, box on goal, worker on goal).
    #[inline]
    pub const fn on_goal(self) -> bool {
        is_goal(self as u8)
    }

    /// The kind with the goal bit set or cleared, for kinds that can stand on a goal.
    pub const fn with_goal(self, goal: bool) -> Cell {
        match self {
            Cell::Land | Cell::Slot => Cell::ALL[goal as usize],
            Cell::Box0 | Cell::Box1 => Cell::ALL[BOX0 as usize + goal as usize],
            Cell::Man0 | Cell::Man1 => Cell::ALL[MAN0 as usize + goal as usize],
            other => other,
        }
    }
}

/// Kind of a map byte.
#[inline]
pub const fn kind(byte: u8) -> u8 {
    byte & KIND_MASK
}

/// Search mark of a map byte (0 = unmarked, else 1..=3).
#[inline]
pub const fn mark(byte: u8) -> u8 {
    (byte >> MARK_SHIFT) & MARK_MASK
}

/// The byte with its mark replaced.
#[inline]
pub const fn with_mark(byte: u8, mark: u8) -> u8 {
    (byte & KIND_MASK) | (mark << MARK_SHIFT)
}

/// The mark of the next BFS layer: 1 → 2 → 3 → 1.
#[inline]
pub const fn next_mark(m: u8) -> u8 {
    m % 3 + 1
}

/// The mark of the previous BFS layer: 1 → 3 → 2 → 1.
#[inline]
pub const fn previous_mark(m: u8) -> u8 {
    (m + 1) % 3 + 1
}

/// Floor or goal with no box and no worker (and no mark).
#[inline]
pub const fn is_blank(byte: u8) -> bool {
    byte <= SLOT
}

/// Wall or brick.
#[inline]
pub const fn is_wall(byte: u8) -> bool {
    matches!(kind(byte), WALL | BRICK)
}

/// A box, on floor or on goal.
#[inline]
pub const fn is_box(byte: u8) -> bool {
    matches!(kind(byte), BOX0 | BOX1)
}

/// The worker, on floor or on goal.
#[inline]
pub const fn is_worker(byte: u8) -> bool {
    kind(byte) >= MAN0
}

/// A goal square under whatever stands on it.
#[inline]
pub const fn is_goal(byte: u8) -> bool {
    let k = kind(byte);
    k != WALL && k != BRICK && k & 1 == 1
}

/// The seed's `ManIn`: the worker enters a blank cell.
#[inline]
pub const fn man_in(byte: u8) -> u8 {
    byte + MAN0
}

/// The seed's `ManOut`: the worker leaves a cell.
#[inline]
pub const fn man_out(byte: u8) -> u8 {
    byte - MAN0
}

/// The seed's `BoxIn`: a box enters a blank cell.
#[inline]
pub const fn box_in(byte: u8) -> u8 {
    byte + BOX0
}

/// The seed's `BoxOut`: a box leaves a cell.
#[inline]
pub const fn box_out(byte: u8) -> u8 {
    byte - BOX0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_values_match_the_seed() {
        let values: Vec<u8> = Cell::ALL.iter().map(|c| c.byte()).collect();
        assert_eq!(values, [0, 1, 2, 3, 4, 5, 6, 7]);
        for b in 0..8u8 {
            assert_eq!(Cell::from_byte(b).byte(), b);
        }
    }

    #[test]
    fn marks_cycle_and_reverse() {
        assert_eq!([next_mark(1), next_mark(2), next_mark(3)], [2, 3, 1]);
        assert_eq!(
            [previous_mark(1), previous_mark(2), previous_mark(3)],
            [3, 1, 2]
        );
        for m in 1..=3 {
            assert_eq!(previous_mark(next_mark(m)), m);
        }
    }

    #[test]
    fn marks_live_above_the_kind_bits() {
        for b in 0..8u8 {
            for m in 0..=3 {
                let marked = with_mark(b, m);
                assert_eq!(kind(marked), b);
                assert_eq!(mark(marked), m);
            }
        }
        // Only unmarked floor and goal count as blank.
        assert!(is_blank(LAND) && is_blank(SLOT));
        assert!(!is_blank(with_mark(LAND, 1)));
        assert!((WALL..=MAN1).all(|b| !is_blank(b)));
    }

    #[test]
    fn in_and_out_offsets_keep_the_goal_bit() {
        assert_eq!(man_in(LAND), MAN0);
        assert_eq!(man_in(SLOT), MAN1);
        assert_eq!(man_out(MAN1), SLOT);
        assert_eq!(box_in(SLOT), BOX1);
        assert_eq!(box_out(BOX0), LAND);
        assert!(is_goal(SLOT) && is_goal(BOX1) && is_goal(MAN1));
        assert!(!is_goal(BRICK) && !is_goal(WALL) && !is_goal(BOX0));
        assert_eq!(Cell::Box0.with_goal(true), Cell::Box1);
        assert_eq!(Cell::Man1.with_goal(false), Cell::Man0);
        assert_eq!(Cell::Wall.with_goal(true), Cell::Wall);
    }

    #[test]
    fn kind_predicates() {
        assert!(is_wall(WALL) && is_wall(BRICK) && !is_wall(LAND));
        assert!(is_box(BOX0) && is_box(BOX1) && !is_box(MAN0));
        assert!(is_worker(MAN0) && is_worker(MAN1) && !is_worker(BOX1));
    }
}
