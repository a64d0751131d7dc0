//! Property tests of the rules core on random maps and random command sequences.

use proptest::prelude::*;

use super::cell::*;
use super::path::reference::PlainBfs;
use super::*;

/// A random map up to 24×24: walls, floor, goals and boxes, with or without an enclosing wall,
/// and exactly one worker.
fn arb_board() -> impl Strategy<Value = Board> {
    (1u32..24, 1u32..24, any::<bool>()).prop_flat_map(|(w, h, walled)| {
        let n = (w * h) as usize;
        (
            prop::collection::vec(
                prop_oneof![5 => Just(LAND), 1 => Just(SLOT), 2 => Just(WALL), 1 => Just(BRICK), 1 => Just(BOX0), 1 => Just(BOX1)],
                n,
            ),
            0..n,
        )
            .prop_map(move |(mut cells, worker)| {
                if walled {
                    for y in 0..h {
                        for x in 0..w {
                            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                                cells[(y * w + x) as usize] = WALL;
                            }
                        }
                    }
                }
                cells[worker] = if cells[worker] == SLOT { MAN1 } else { MAN0 };
                Board::new(w, h, cells).unwrap()
            })
    })
}

fn arb_dirs(max: usize) -> impl Strategy<Value = Vec<Direction>> {
    prop::collection::vec((0u8..4).prop_map(Direction::from_index), 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bfs_walk_is_valid_shortest_and_leaves_the_map_unchanged(b in arb_board(), dx in 0u32..24, dy in 0u32..24) {
        let mut board = b.clone();
        let dest = Pos::new(dx % b.width(), dy % b.height());
        let mut finder = PathFinder::new();
        let walk = finder.find_path(&mut board, dest).map(|w| w.to_vec());
        prop_assert_eq!(&board, &b, "map bytes unchanged");
        let reference = PlainBfs::default().find_path(&b, dest);
        // Both rebuild from the worker by the same rule (first neighbour south, east, north, west
        // one layer closer), so the walks are the same, not only equally short.
        prop_assert_eq!(&walk, &reference);
        if let Some(walk) = walk {
            let mut g = board.clone();
            for d in walk {
                let m = g.step(d).unwrap();
                prop_assert!(!m.pushed(), "walks never push");
            }
            prop_assert_eq!(g.worker_pos(), dest);
        }
    }

    #[test]
    fn reachable_matches_the_reference(b in arb_board()) {
        let mut board = b.clone();
        let mut finder = PathFinder::new();
        let mut area: Vec<u32> = finder.reachable(&mut board).to_vec();
        prop_assert_eq!(&board, &b);
        area.sort_unstable();
        let mut plain = PlainBfs::default();
        let expected: Vec<u32> = (0..b.cells().len() as u32)
            .filter(|&i| i == b.worker_index() || plain.find_path(&b, b.pos_of(i)).is_some())
            .collect();
        prop_assert_eq!(area, expected);
    }

    #[test]
    fn undo_returns_the_start_and_redo_the_end(b in arb_board(), dirs in arb_dirs(200), groups in prop::collection::vec(any::<bool>(), 200)) {
        let mut g = Game::new(b.clone());
        for (d, s) in dirs.iter().zip(groups.iter().chain(std::iter::repeat(&true))) {
            let _ = g.step(*d, *s);
        }
        let end = g.board().clone();
        let n = g.history().len();
        while !g.undo_group().is_empty() {}
        prop_assert_eq!(g.board(), &b);
        prop_assert_eq!(g.redo_list().len(), n);
        while !g.redo_group().is_empty() {}
        prop_assert_eq!(g.board(), &end);
        g.restart();
        prop_assert_eq!(g.board(), &b);
        while g.redo_step().is_some() {}
        prop_assert_eq!(g.board(), &end);
        prop_assert_eq!(g.board().moves() as usize, n);
    }

    #[test]
    fn lurd_round_trips(b in arb_board(), dirs in arb_dirs(100)) {
        let mut g = Game::new(b.clone());
        for d in dirs {
            let _ = g.step(d, true);
        }
        let text = lurd::write(g.history());
        let replay = lurd::check_solution(&b, &text);
        let parsed = lurd::parse(&text).unwrap();
        let replayed = lurd::apply(b.clone(), &parsed).unwrap();
        prop_assert_eq!(replayed.board(), g.board());
        prop_assert_eq!(replayed.lurd(), text);
        prop_assert_eq!(replay.is_ok(), g.is_solved());
    }

    #[test]
    fn lurd_parser_never_panics(text in "[lurdLURD0-9() \n\rx]{0,40}") {
        let _ = lurd::parse(&text);
    }
}
