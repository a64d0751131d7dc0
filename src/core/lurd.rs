//! LURD move strings: `l u r d` walk, `L U R D` push.
//!
//! Reading accepts counts (`3r4U`), nested groups (`2(3(dr)R)`), spaces and line breaks; the
//! letter case is ignored and recomputed when the moves are applied to a level.

use super::board::{Blocked, Board};
use super::direction::{Direction, Step};
use super::history::Game;

/// The most steps a LURD string may expand to (a guard against `999999999(...)`).
pub const MAX_STEPS: usize = 50_000_000;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LurdError {
    #[error("unexpected character {found:?} at character {at}")]
    BadChar { found: char, at: usize },
    #[error("a count at character {at} is not followed by a move or a group")]
    DanglingCount { at: usize },
    #[error("the group opened at character {at} is never closed")]
    Unclosed { at: usize },
    #[error("a ')' at character {at} closes no group")]
    UnmatchedClose { at: usize },
    #[error("the moves expand to more than {MAX_STEPS} steps")]
    TooLong,
}

/// Parses a LURD string into directions (positions in errors count characters from 1).
pub fn parse(text: &str) -> Result<Vec<Direction>, LurdError> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let out = parse_seq(&chars, &mut pos, None)?;
    Ok(out)
}

fn parse_seq(
    chars: &[char],
    pos: &mut usize,
    opened_at: Option<usize>,
) -> Result<Vec<Direction>, LurdError> {
    let mut out = Vec::new();
    loop {
        // Skip white space.
        while *pos < chars.len() && chars[*pos].is_whitespace() {
            *pos += 1;
        }
        let Some(&c) = chars.get(*pos) else {
            return match opened_at {
                Some(at) => Err(LurdError::Unclosed { at: at + 1 }),
                None => Ok(out),
            };
        };
        if c == ')' {
            return match opened_at {
                Some(_) => {
                    *pos += 1;
                    Ok(out)
                }
                None => Err(LurdError::UnmatchedClose { at: *pos + 1 }),
            };
        }
        let count_at = *pos;
        let count = read_count(chars, pos);
        let n = count.unwrap_or(1);
        let item: Vec<Direction> = match chars.get(*pos) {
            Some('(') => {
                let at = *pos;
                *pos += 1;
                parse_seq(chars, pos, Some(at))?
            }
            Some(&c) => match Direction::from_lurd(c) {
                Some(d) => {
                    *pos += 1;
                    vec![d]
                }
                None if count.is_some() && (c.is_whitespace() || c == ')') => {
                    return Err(LurdError::DanglingCount { at: count_at + 1 });
                }
                None => {
                    return Err(LurdError::BadChar {
                        found: c,
                        at: *pos + 1,
                    });
                }
            },
            None if count.is_some() => return Err(LurdError::DanglingCount { at: count_at + 1 }),
            None => unreachable!("end of input is handled above"),
        };
        if out.len().saturating_add(item.len().saturating_mul(n)) > MAX_STEPS {
            return Err(LurdError::TooLong);
        }
        for _ in 0..n {
            out.extend_from_slice(&item);
        }
    }
}

/// Reads the decimal repeat count at `chars[*pos..]` (as in `3r` or `2(…)`), moving `pos` past
/// it; `None` when there is no digit. Saturates instead of overflowing (callers cap the result).
/// Shared by LURD moves and RLE boards.
pub(crate) fn read_count(chars: &[char], pos: &mut usize) -> Option<usize> {
    let mut count: Option<usize> = None;
    while let Some(d) = chars.get(*pos).and_then(|c| c.to_digit(10)) {
        count = Some(
            count
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(d as usize),
        );
        *pos += 1;
    }
    count
}

/// Writes steps as LURD (case from each step's push flag).
pub fn write(steps: &[Step]) -> String {
    steps.iter().map(|s| s.lurd()).collect()
}

/// The first step of a move list that cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {} ({}) is illegal: {reason}", .index + 1, .dir.lurd(false))]
pub struct IllegalStep {
    /// 0-based index into the expanded move list.
    pub index: usize,
    pub dir: Direction,
    pub reason: Blocked,
}

/// Plays `moves` from `start`, one gesture per step. Stops at the first illegal step.
pub fn apply(start: Board, moves: &[Direction]) -> Result<Game, (Game, IllegalStep)> {
    let mut g = Game::new(start);
    for (index, &dir) in moves.iter().enumerate() {
        if let Err(reason) = g.step(dir, true) {
            return Err((g, IllegalStep { index, dir, reason }));
        }
    }
    Ok(g)
}

/// Errors of [`check_solution`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionError {
    #[error("the moves cannot be read: {0}")]
    Syntax(#[from] LurdError),
    #[error("{0}")]
    Illegal(IllegalStep),
    #[error("after all {moves} moves {left} box(es) are still off a goal")]
    NotSolved { moves: u32, left: u32 },
}

/// Parses and plays a LURD solution; Ok with the finished game when it solves the level.
pub fn check_solution(start: &Board, text: &str) -> Result<Game, SolutionError> {
    let moves = parse(text)?;
    let g = apply(start.clone(), &moves).map_err(|(_, e)| SolutionError::Illegal(e))?;
    if g.is_solved() {
        Ok(g)
    } else {
        Err(SolutionError::NotSolved {
            moves: g.board().moves(),
            left: g.board().boxes_off_goal(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    #[test]
    fn counts_groups_and_spaces() {
        assert_eq!(
            parse("3r4U").unwrap(),
            [Right, Right, Right, Up, Up, Up, Up]
        );
        assert_eq!(
            parse("2(3(dr)R)").unwrap().len(),
            2 * (3 * 2 + 1),
            "nested groups expand"
        );
        assert_eq!(parse("l u\r\nR\tD").unwrap(), [Left, Up, Right, Down]);
        assert_eq!(parse("12l").unwrap().len(), 12);
        assert_eq!(parse("").unwrap(), []);
        assert_eq!(parse("(ud)").unwrap(), [Up, Down]);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(parse("ruX"), Err(LurdError::BadChar { found: 'X', at: 3 }));
        assert_eq!(parse("r(ud"), Err(LurdError::Unclosed { at: 2 }));
        assert_eq!(parse("rud)"), Err(LurdError::UnmatchedClose { at: 4 }));
        assert_eq!(parse("r3"), Err(LurdError::DanglingCount { at: 2 }));
        assert_eq!(parse("999999999(rl)"), Err(LurdError::TooLong));
        assert_eq!(parse("99999999999999999999999r"), Err(LurdError::TooLong));
    }

    #[test]
    fn case_is_recomputed_on_apply() {
        let b = Board::from_mask_rows(&["#######", "#(-x+-#", "#######"]).unwrap();
        // Written with the wrong case on purpose.
        let g = check_solution(&b, "RR").unwrap();
        assert_eq!(g.lurd(), "rR");
        assert_eq!(write(g.history()), "rR");
        let e = check_solution(&b, "rrrr").unwrap_err();
        assert_eq!(
            e.to_string(),
            "step 4 (r) is illegal: the box cannot move: a wall is behind it"
        );
        assert!(matches!(
            check_solution(&b, "r"),
            Err(SolutionError::NotSolved { moves: 1, left: 1 })
        ));
    }
}
