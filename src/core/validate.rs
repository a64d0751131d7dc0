//! Level validation: the rules a playable level must meet, with typed errors that say where.

use super::board::{Board, BoardError, Pos, count, list};
use super::cell;

/// Something that makes a level unplayable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("the level has no boxes")]
    NoBoxes,
    #[error("the level has {} but {} (boxes at {}; goals at {})", count(*.boxes, "box", "boxes"), count(*.goals, "goal", "goals"), list(.box_at), list(.goal_at))]
    BoxGoalMismatch {
        boxes: usize,
        goals: usize,
        box_at: Vec<Pos>,
        goal_at: Vec<Pos>,
    },
    #[error("the level is open: the worker can reach the map's edge at {at}")]
    Open { at: Pos },
}

/// Every problem of a built board (an empty list means the level is playable).
pub fn problems(board: &Board) -> Vec<LevelError> {
    let mut out = Vec::new();
    let (mut box_at, mut goal_at) = (Vec::new(), Vec::new());
    for (i, &b) in board.cells().iter().enumerate() {
        let p = board.pos_of(i as u32);
        if cell::is_box(b) {
            box_at.push(p);
        }
        if cell::is_goal(b) {
            goal_at.push(p);
        }
    }
    if box_at.is_empty() {
        out.push(LevelError::NoBoxes);
    } else if box_at.len() != goal_at.len() {
        out.push(LevelError::BoxGoalMismatch {
            boxes: box_at.len(),
            goals: goal_at.len(),
            box_at,
            goal_at,
        });
    }
    if let Some(at) = open_edge(board) {
        out.push(LevelError::Open { at });
    }
    out
}

/// Ok when the board is a playable level, else its first problem.
pub fn validate(board: &Board) -> Result<(), LevelError> {
    problems(board).into_iter().next().map_or(Ok(()), Err)
}

/// Builds a board and validates it in one go.
pub fn playable(width: u32, height: u32, cells: Vec<u8>) -> Result<Board, LevelError> {
    let board = Board::new(width, height, cells)?;
    validate(&board)?;
    Ok(board)
}

/// The first edge cell (in BFS order from the worker) of the worker's area, where the area is every
/// non-wall cell 4-connected to the worker (boxes can be pushed away, so they do not bound it).
pub fn open_edge(board: &Board) -> Option<Pos> {
    open_cells(board).into_iter().next()
}

/// Which cells belong to the worker's area: every non-wall cell 4-connected to the worker.
/// Cells outside it (floor beyond the outer walls, decoration) are not part of the game.
pub fn inside(board: &Board) -> Vec<bool> {
    let mut seen = vec![false; board.cells().len()];
    flood_area(board, &mut seen);
    seen
}

/// All edge cells of the worker's area (for highlighting in the designer), in BFS order.
pub fn open_cells(board: &Board) -> Vec<Pos> {
    let mut seen = vec![false; board.cells().len()];
    flood_area(board, &mut seen)
}

/// Floods the worker's area into `seen`; returns the area's cells on the map's edge.
fn flood_area(board: &Board, seen: &mut [bool]) -> Vec<Pos> {
    let (w, h) = (board.width(), board.height());
    let cells = board.cells();
    let mut queue = vec![board.worker_index()];
    seen[board.worker_index() as usize] = true;
    let mut out = Vec::new();
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        let (x, y) = (c % w, c / w);
        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
            out.push(Pos::new(x, y));
        }
        let neighbours = [
            (y + 1 < h).then(|| c + w),
            (x + 1 < w).then(|| c + 1),
            (y > 0).then(|| c - w),
            (x > 0).then(|| c - 1),
        ];
        for n in neighbours.into_iter().flatten() {
            if !seen[n as usize] && !cell::is_wall(cells[n as usize]) {
                seen[n as usize] = true;
                queue.push(n);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rows: &[&str]) -> Vec<LevelError> {
        problems(&Board::from_mask_rows(rows).unwrap())
    }

    #[test]
    fn a_good_level_passes() {
        assert_eq!(check(&["######", "#(x+##", "######"]), vec![]);
        // Outer walls joined only diagonally still close the level.
        assert_eq!(check(&["-####", "##(x#", "#-+#-", "####-"]), vec![]);
        // Floor outside the walls is fine; unreachable boxes on goals are decoration.
        assert_eq!(check(&["X-#####", "--#(x+#", "--#####"]), vec![]);
    }

    #[test]
    fn each_problem_is_named_with_its_place() {
        assert_eq!(check(&["####", "#(+#", "####"]), vec![LevelError::NoBoxes]);
        let e = check(&["#####", "#(xx+#", "######"]);
        assert_eq!(
            e[0].to_string(),
            "the level has 2 boxes but 1 goal (boxes at (2, 1), (3, 1); goals at (4, 1))"
        );
        let e = check(&["#####", "#(x-#", "#####"]);
        assert_eq!(
            e[0].to_string(),
            "the level has 1 box but 0 goals (boxes at (2, 1); goals at none)"
        );
        let e = check(&["####", "#(x+", "####"]);
        assert_eq!(e, vec![LevelError::Open { at: Pos::new(3, 1) }]);
        assert_eq!(
            e[0].to_string(),
            "the level is open: the worker can reach the map's edge at (3, 1)"
        );
        // A box does not close a gap in the wall.
        let e = check(&["####", "#(+x", "####"]);
        assert!(matches!(e[..], [LevelError::Open { .. }]));
    }

    #[test]
    fn the_workers_area() {
        let b = Board::from_mask_rows(&["-####", "##(x#", "#-+#-", "####-"]).unwrap();
        let inside = inside(&b);
        let got: Vec<usize> = (0..inside.len()).filter(|&i| inside[i]).collect();
        assert_eq!(
            got,
            [7, 8, 11, 12],
            "floor outside the diagonal walls is not inside"
        );
    }

    #[test]
    fn construction_problems_come_through() {
        let e = playable(3, 1, vec![cell::BOX0, cell::SLOT, cell::WALL]).unwrap_err();
        assert_eq!(e, LevelError::Board(BoardError::NoWorker));
        assert_eq!(e.to_string(), "the level has no worker");
    }
}
