//! The worker's path search, side by side in one run: the cyclic-mark BFS (PushBox), a plain BFS
//! with a `u32` distance array, the `pathfinding` crate's `bfs`, and the `soukoban` crate's player
//! path finding (A*). Same map bytes, same start and destination for all four.
//!
//! Besides the timings, the run prints for each map the walk length, the cells the cyclic-mark
//! search visited and the working memory of the two BFS variants per map cell.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use pushbox::core::cell::{self, LAND, MAN0, WALL};
use pushbox::core::files;
use pushbox::core::path::reference::PlainBfs;
use pushbox::core::samples::serpentine;
use pushbox::core::{Board, Pos, path::PathFinder};

/// A walled n×n room with boxes on about 1 cell in 12 (a fixed pseudo-random pattern), worker in
/// the top-left corner, destination the bottom-right corner.
fn room(n: u32) -> (Board, Pos) {
    let mut cells = vec![LAND; (n * n) as usize];
    let mut seed: u32 = 0x1234_5678;
    for y in 0..n {
        for x in 0..n {
            let i = (y * n + x) as usize;
            if x == 0 || y == 0 || x == n - 1 || y == n - 1 {
                cells[i] = WALL;
            } else {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                if seed.is_multiple_of(12) {
                    cells[i] = cell::BOX0;
                }
            }
        }
    }
    cells[(n + 1) as usize] = MAN0;
    let dest = (n - 2) * n + n - 2;
    cells[dest as usize] = LAND;
    (Board::new(n, n, cells).unwrap(), Pos::new(n - 2, n - 2))
}

/// A published level with the destination its farthest reachable cell from the worker.
fn real(rel: &str, index: usize) -> (Board, Pos) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    let c = files::load(&path)
        .expect("test data in tests/data")
        .collection;
    let mut b = c.levels[index].board().unwrap();
    let far = *PathFinder::new().reachable(&mut b).last().unwrap();
    let far = b.pos_of(far);
    (b, far)
}

fn pathfinding_bfs(b: &Board, dest: Pos) -> Option<usize> {
    let (w, h) = (b.width(), b.height());
    let cells = b.cells();
    let goal = b.index_of(dest)?;
    let succ = move |&c: &u32| {
        let (x, y) = (c % w, c / w);
        let mut v = Vec::with_capacity(4);
        for (ok, n) in [
            (y + 1 < h, c + w),
            (x + 1 < w, c + 1),
            (y > 0, c.wrapping_sub(w)),
            (x > 0, c.wrapping_sub(1)),
        ] {
            if ok && cell::is_blank(cells[n as usize]) {
                v.push(n);
            }
        }
        v
    };
    pathfinding::prelude::bfs(&b.worker_index(), succ, |&c| c == goal).map(|p| p.len() - 1)
}

fn soukoban_astar(b: &Board, dest: Pos) -> Option<usize> {
    use soukoban::Vector2;
    let (w, h) = (b.width() as i32, b.height() as i32);
    let cells = b.cells();
    let walkable = |p: Vector2<i32>| {
        p.x >= 0
            && p.y >= 0
            && p.x < w
            && p.y < h
            && cell::is_blank(cells[(p.y * w + p.x) as usize])
    };
    let wp = b.worker_pos();
    soukoban::path_finding::find_path(
        Vector2::new(wp.x as i32, wp.y as i32),
        Vector2::new(dest.x as i32, dest.y as i32),
        walkable,
    )
    .map(|p| p.len() - 1)
}

fn bench(c: &mut Criterion) {
    let maps: Vec<(&str, (Board, Pos))> = vec![
        ("serpentine127", serpentine(127)),
        ("room1024", room(1024)),
        ("xsokoban1", real("levels/xsokoban/XSokoban_90.xsb", 0)),
        ("microban155", real("levels/microban/Microban_155.xsb", 154)),
    ];
    let mut group = c.benchmark_group("path");
    group.sample_size(20);
    group.warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(2));
    for (name, (board, dest)) in &maps {
        let mut b = board.clone();
        let mut finder = PathFinder::new();
        let len = finder.find_path(&mut b, *dest).expect("reachable").len();
        let visited = finder.visited();
        let mut plain = PlainBfs::default();
        assert_eq!(plain.find_path(board, *dest).unwrap().len(), len);
        assert_eq!(pathfinding_bfs(board, *dest), Some(len));
        assert_eq!(soukoban_astar(board, *dest), Some(len));
        let cells = board.cells().len() as f64;
        eprintln!(
            "map {name}: {}x{}, walk {len} steps, cyclic-mark visited {visited} cells; working memory per cell: cyclic-mark 1 (map) + {:.2} (queue), plain BFS 1 (map) + {:.2} (dist + queue)",
            board.width(),
            board.height(),
            finder.working_bytes() as f64 / cells,
            plain.working_bytes() as f64 / cells,
        );
        group.bench_with_input(BenchmarkId::new("cyclic_mark", name), &(), |bch, _| {
            bch.iter(|| black_box(finder.find_path(&mut b, black_box(*dest)).map(|w| w.len())))
        });
        group.bench_with_input(BenchmarkId::new("plain_bfs", name), &(), |bch, _| {
            bch.iter(|| black_box(plain.find_path(board, black_box(*dest)).map(|w| w.len())))
        });
        group.bench_with_input(BenchmarkId::new("pathfinding_bfs", name), &(), |bch, _| {
            bch.iter(|| black_box(pathfinding_bfs(board, black_box(*dest))))
        });
        group.bench_with_input(BenchmarkId::new("soukoban_astar", name), &(), |bch, _| {
            bch.iter(|| black_box(soukoban_astar(board, black_box(*dest))))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
