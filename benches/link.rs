//! Link's link test side by side in one run: the seed's cross-path method (`LinkBoard::link`)
//! and the reference breadth-first search over (cell, direction, turns), for one pair and for
//! every pair of a 24x12 board (the same pairs for both). The board is a solvable deal with its
//! first half of the removal order played, so lines have room to run.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pushbox::core::link::{Cell, LinkBoard, LinkGame, deal, reference};

fn half_played() -> LinkBoard {
    let (board, order) = deal(24, 12, false, 7).expect("dealt");
    let mut game = LinkGame::new(board, false);
    for &(a, b) in &order[..order.len() / 2] {
        game.remove(a, b).expect("the order clears");
    }
    game.board().clone()
}

/// Every pair of tiles with the same face.
fn same_face_pairs(board: &LinkBoard) -> Vec<(Cell, Cell)> {
    let tiles: Vec<Cell> = board.cells().filter(|&c| board.get(c) != 0).collect();
    let mut out = Vec::new();
    for (i, &a) in tiles.iter().enumerate() {
        for &b in &tiles[i + 1..] {
            if board.get(a) == board.get(b) {
                out.push((a, b));
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let board = half_played();
    let pairs = same_face_pairs(&board);
    let linked = board.playable_pairs();
    println!(
        "24x12 board: {} tiles, {} same-face pairs, {} playable",
        board.tiles(),
        pairs.len(),
        linked.len()
    );
    let (a, b) = (linked[0].0, linked[0].1);
    let mut g = c.benchmark_group("link one pair");
    g.bench_function("cross paths (seed)", |bn| {
        bn.iter(|| board.link(black_box(a), black_box(b)))
    });
    g.bench_function("reference BFS", |bn| {
        bn.iter(|| reference::fewest_turns(&board, black_box(a), black_box(b)))
    });
    g.finish();
    let mut g = c.benchmark_group("link all same-face pairs 24x12");
    g.bench_function("cross paths (seed)", |bn| {
        bn.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| board.link(a, b).is_some())
                .count()
        })
    });
    g.bench_function("reference BFS", |bn| {
        bn.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| reference::fewest_turns(&board, a, b).is_some_and(|t| t <= 2))
                .count()
        })
    });
    g.bench_function("playable_pairs", |bn| {
        bn.iter(|| board.playable_pairs().len())
    });
    let (full, _) = deal(24, 12, false, 7).expect("dealt");
    g.bench_function("playable_pairs, the full deal (288 tiles)", |bn| {
        bn.iter(|| full.playable_pairs().len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
