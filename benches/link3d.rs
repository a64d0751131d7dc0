//! Link 3D's link test side by side in one run: the seed's method in 3D (`Block::link`: the six
//! straight reaches, turn points on them, the middle segment checked between aligned pairs) and
//! the reference search over (cell, direction) by turns, for one pair and for every same-face
//! pair of a 6x6x6 block (the same pairs for both), and `playable_pairs`. The block is a deal
//! with the first half of its removal order played, so lines have room to run.
//!
//! `cargo bench --bench link3d` (figures in docs/measured.md).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pushbox::core::link::LinkGame;
use pushbox::core::link3d::{Block, Cell3, deal, reference};

fn half_played() -> Block {
    let (block, order) = deal(6, 6, 6, 7).expect("dealt");
    let mut game = LinkGame::new(block, false);
    for &(a, b) in &order[..order.len() / 2] {
        game.remove(a, b).expect("the order clears");
    }
    game.board().clone()
}

/// Every pair of tiles with the same face.
fn same_face_pairs(block: &Block) -> Vec<(Cell3, Cell3)> {
    let tiles: Vec<Cell3> = block.cells().filter(|&c| block.get(c) != 0).collect();
    let mut out = Vec::new();
    for (i, &a) in tiles.iter().enumerate() {
        for &b in &tiles[i + 1..] {
            if block.get(a) == block.get(b) {
                out.push((a, b));
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let block = half_played();
    let pairs = same_face_pairs(&block);
    let linked = block.playable_pairs();
    println!(
        "6x6x6 block half played: {} tiles, {} same-face pairs, {} playable",
        block.tiles(),
        pairs.len(),
        linked.len()
    );
    // A pair whose line turns twice, the test's longest path through its cases.
    let &(a, b, _) = linked
        .iter()
        .max_by_key(|(_, _, l)| (l.turns(), l.length()))
        .expect("a playable pair");
    let mut g = c.benchmark_group("link3d one pair");
    g.bench_function("cross reaches (seed, 3D)", |bn| {
        bn.iter(|| block.link(black_box(a), black_box(b)))
    });
    g.bench_function("reference search", |bn| {
        bn.iter(|| reference::fewest_turns(&block, black_box(a), black_box(b)))
    });
    g.finish();
    let mut g = c.benchmark_group("link3d all same-face pairs 6x6x6");
    g.bench_function("cross reaches (seed, 3D)", |bn| {
        bn.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| block.link(a, b).is_some())
                .count()
        })
    });
    g.bench_function("reference search", |bn| {
        bn.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| reference::fewest_turns(&block, a, b).is_some_and(|t| t.0 <= 2))
                .count()
        })
    });
    g.bench_function("playable_pairs", |bn| {
        bn.iter(|| block.playable_pairs().len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
