//! Lighting a box's targets (issue 17's aim: under 1 ms on a 100×100 room with 500 boxes, so
//! that a tap never drops a frame): `box_targets` (pushes, dead squares left out) and
//! `pull_targets` (reverse play), and one fewest-pushes `box_move` across the room, side by side
//! in one run.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pushbox::core::cell::{self, LAND, MAN0, SLOT, WALL};
use pushbox::core::push_path::{box_move, box_targets, pull_targets};
use pushbox::core::{Board, Pos};

/// A walled n×n room with `boxes` boxes and as many goals on pseudo-random cells, the worker in
/// the top-left corner.
fn room(n: u32, boxes: usize) -> Board {
    let mut cells = vec![LAND; (n * n) as usize];
    for y in 0..n {
        for x in 0..n {
            if x == 0 || y == 0 || x == n - 1 || y == n - 1 {
                cells[(y * n + x) as usize] = WALL;
            }
        }
    }
    let mut seed: u32 = 0x9e37_79b9;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for want in [cell::BOX0, SLOT] {
        let mut placed = 0;
        while placed < boxes {
            let i = (next() % (n * n)) as usize;
            if cells[i] == LAND && i != (n + 1) as usize {
                cells[i] = want;
                placed += 1;
            }
        }
    }
    cells[(n + 1) as usize] = MAN0;
    Board::new(n, n, cells).unwrap()
}

fn bench(c: &mut Criterion) {
    let board = room(100, 500);
    // The box nearest the middle of the room.
    let mid = Pos::new(50, 50);
    let d = |p: Pos| (p.x as i64 - mid.x as i64).abs() + (p.y as i64 - mid.y as i64).abs();
    let chosen = board.boxes().min_by_key(|&p| d(p)).unwrap();
    let lit = box_targets(&board, chosen);
    let far = *lit.iter().max_by_key(|&&p| d(p)).unwrap();
    let m = box_move(&board, chosen, far).unwrap();
    eprintln!(
        "100x100 room, 500 boxes: box at {chosen} reaches {} cells by pushes ({} by pulls); \
         to {far}: {} pushes, {} steps",
        lit.len(),
        pull_targets(&board, chosen).len(),
        m.pushes,
        m.steps.len()
    );
    let mut g = c.benchmark_group("box_move_100x100_500_boxes");
    g.bench_function("box_targets", |b| {
        b.iter(|| box_targets(black_box(&board), chosen))
    });
    g.bench_function("pull_targets", |b| {
        b.iter(|| pull_targets(black_box(&board), chosen))
    });
    g.bench_function("box_move_far", |b| {
        b.iter(|| box_move(black_box(&board), chosen, far))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
