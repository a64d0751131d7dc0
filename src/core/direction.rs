//! Directions and steps.

/// A direction on the grid; y grows downwards.
///
/// The declaration order is the seed's neighbour order: South, East, North, West.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    Down = 0,
    Right = 1,
    Up = 2,
    Left = 3,
}

impl Direction {
    /// The seed's neighbour order: South, East, North, West.
    pub const SEARCH_ORDER: [Direction; 4] = [
        Direction::Down,
        Direction::Right,
        Direction::Up,
        Direction::Left,
    ];

    /// (dx, dy) of one step.
    #[inline]
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Direction::Down => (0, 1),
            Direction::Right => (1, 0),
            Direction::Up => (0, -1),
            Direction::Left => (-1, 0),
        }
    }

    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Down => Direction::Up,
            Direction::Right => Direction::Left,
            Direction::Up => Direction::Down,
            Direction::Left => Direction::Right,
        }
    }

    /// The LURD letter for a walk (lower case) or a push (upper case).
    #[inline]
    pub const fn lurd(self, push: bool) -> char {
        let c = match self {
            Direction::Down => b'd',
            Direction::Right => b'r',
            Direction::Up => b'u',
            Direction::Left => b'l',
        };
        (if push { c.to_ascii_uppercase() } else { c }) as char
    }

    /// Reads a LURD letter in either case.
    pub const fn from_lurd(c: char) -> Option<Direction> {
        match c {
            'd' | 'D' => Some(Direction::Down),
            'r' | 'R' => Some(Direction::Right),
            'u' | 'U' => Some(Direction::Up),
            'l' | 'L' => Some(Direction::Left),
            _ => None,
        }
    }

    #[inline]
    pub const fn from_index(i: u8) -> Direction {
        Direction::SEARCH_ORDER[(i & 3) as usize]
    }
}

/// One applied move: its direction and whether it pushed a box.
///
/// `group_start` marks the first step of a player gesture (a tap-walk, a push, a key press);
/// undo and redo by group stop at these marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub dir: Direction,
    pub push: bool,
    pub group_start: bool,
}

impl Step {
    pub const fn lurd(self) -> char {
        self.dir.lurd(self.push)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lurd_letters_round_trip() {
        for d in Direction::SEARCH_ORDER {
            assert_eq!(Direction::from_lurd(d.lurd(false)), Some(d));
            assert_eq!(Direction::from_lurd(d.lurd(true)), Some(d));
            assert!(d.lurd(true).is_ascii_uppercase());
            assert_eq!(d.opposite().opposite(), d);
            let (dx, dy) = d.offset();
            let (ox, oy) = d.opposite().offset();
            assert_eq!((dx + ox, dy + oy), (0, 0));
            assert_eq!(Direction::from_index(d as u8), d);
        }
        assert_eq!(Direction::from_lurd('x'), None);
    }
}
