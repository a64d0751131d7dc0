//! Generated boards shared by the tests and the benchmarks.

use super::board::{Board, Pos};
use super::cell::{LAND, MAN0, WALL};

/// The seed's worst case for the path search: an n×n serpentine (n odd) with no enclosing wall,
/// corridors on the even rows joined at alternate ends, the worker in the top-left corner.
/// Returns the board and the far end of the corridor, (n² − 1) / 2 + n − 1 steps away.
pub fn serpentine(n: u32) -> (Board, Pos) {
    let mut cells = vec![LAND; (n * n) as usize];
    for y in (1..n).step_by(2) {
        let gap = if (y / 2).is_multiple_of(2) { n - 1 } else { 0 };
        for x in 0..n {
            if x != gap {
                cells[(y * n + x) as usize] = WALL;
            }
        }
    }
    cells[0] = MAN0;
    let corridors = n.div_ceil(2);
    let end = Pos::new(
        if corridors.is_multiple_of(2) {
            0
        } else {
            n - 1
        },
        n - 1,
    );
    (Board::new(n, n, cells).expect("a valid board"), end)
}
