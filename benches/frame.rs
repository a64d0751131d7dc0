//! One headless frame of the game (`app.update()`) on a 100×100 level with 500 boxes while the
//! worker walks, the time from a tap to the first step message (the BFS runs in that frame), and
//! frames while the solver's hint thinks about XSokoban's fiftieth level: on a task (the frame only
//! reads its progress) and in a slice of each frame (as in a browser, which has no threads); the
//! longest of 300 such frames is printed too.

use std::hint::black_box;
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use criterion::{Criterion, criterion_group, criterion_main};
use pushbox::core::Pos;
use pushbox::core::cell::{BOX0, LAND, MAN0, SLOT, WALL};
use pushbox::core::level::{Collection, Level};
use pushbox::game::StepApplied;
use pushbox::game::StepQueue;
use pushbox::game::{CurrentLevel, PlayerCommand, Session, Settings, SolverHint};

/// A walled 100×100 room with 500 boxes (on a 4×4 lattice, each with a goal to its left), leaving
/// three free rows in four for walking; worker in the top-left corner.
fn level() -> Level {
    let n = 100u32;
    let mut cells = vec![LAND; (n * n) as usize];
    let mut boxes = 0;
    for y in 0..n {
        for x in 0..n {
            let i = (y * n + x) as usize;
            if x == 0 || y == 0 || x == n - 1 || y == n - 1 {
                cells[i] = WALL;
            } else if boxes < 500 && x % 4 == 2 && y % 4 == 3 {
                cells[i] = BOX0;
                cells[i - 1] = SLOT;
                boxes += 1;
            }
        }
    }
    assert_eq!(boxes, 500);
    cells[(n + 1) as usize] = MAN0;
    Level::new(n, n, cells)
}

fn app(single_threaded: bool) -> App {
    let collection = Collection {
        levels: vec![level()],
        ..default()
    };
    app_on(single_threaded, collection, 0)
}

fn app_on(single_threaded: bool, collection: Collection, index: usize) -> App {
    let mut app = pushbox::game::headless_app(
        concat!(env!("CARGO_MANIFEST_DIR"), "/assets"),
        single_threaded,
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )))
    .insert_resource(Settings {
        step_seconds: 0.1,
        instant: false,
    })
    .insert_resource(CurrentLevel {
        collection,
        index,
        source: "bench".into(),
    });
    if pushbox::game::run_until_playing(&mut app, 1000) {
        return app;
    }
    panic!("never reached Playing");
}

/// A game on XSokoban's fiftieth level (beyond the hint's 10 s: 1.6 million positions stored in
/// that time), asking for a hint. It was the tenth, which has the most corrals to search for
/// deadlocks, until the fast search's opening solved it in 0.15 s.
fn thinking_app() -> App {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/levels/xsokoban/XSokoban_90.xsb"
    );
    let text = std::fs::read_to_string(path).expect("the fixture is in the repository");
    let collection = pushbox::core::formats::xsb::read("xsokoban", &text).unwrap();
    app_on(false, collection, 49)
}

/// Keeps the hint thinking: asks again whenever it has answered.
fn think(app: &mut App) {
    if !matches!(
        *app.world().resource::<SolverHint>(),
        SolverHint::Thinking { .. }
    ) {
        app.world_mut().write_message(PlayerCommand::Hint);
    }
    app.update();
}

fn hint_frames(c: &mut Criterion) {
    // On a thread (desktop, Android), and a slice a frame (a browser, which has no threads).
    for (name, in_frames) in [("multi_threaded", false), ("in_frames", true)] {
        let mut app = thinking_app();
        app.insert_resource(pushbox::game::mechanics::hint::HintBudget {
            in_frames,
            ..Default::default()
        });
        let mut g = c.benchmark_group("frame");
        g.sample_size(30);
        g.bench_function(format!("update_while_the_hint_thinks/{name}"), |b| {
            b.iter(|| think(&mut app))
        });
        g.finish();
        let (mut longest, mut thinking) = (Duration::ZERO, 0);
        for _ in 0..300 {
            let t = std::time::Instant::now();
            think(&mut app);
            longest = longest.max(t.elapsed());
            thinking += usize::from(matches!(
                *app.world().resource::<SolverHint>(),
                SolverHint::Thinking { .. }
            ));
        }
        assert!(
            thinking >= 290,
            "{name}: the hint thought in only {thinking} of 300 frames"
        );
        println!(
            "frame/update_while_the_hint_thinks/{name}: longest of 300 frames {longest:?} \
             (thinking after {thinking} of them)"
        );
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("frame");
    g.sample_size(30);
    for (name, single) in [("single_threaded", true), ("multi_threaded", false)] {
        let mut app = app(single);
        let corners = [Pos::new(98, 98), Pos::new(1, 1)];
        let mut next = 0;
        g.bench_function(
            format!("update_while_walking_100x100_500_boxes/{name}"),
            |b| {
                b.iter(|| {
                    if app.world().resource::<StepQueue>().is_idle() {
                        app.world_mut()
                            .write_message(PlayerCommand::Tap(corners[next]));
                        next = 1 - next;
                    }
                    app.update();
                    black_box(app.world().resource::<Session>().game.board().moves())
                })
            },
        );
        g.bench_function(format!("tap_to_first_step_100x100_500_boxes/{name}"), |b| {
            b.iter(|| {
                app.world_mut()
                    .write_message(PlayerCommand::Tap(corners[next]));
                next = 1 - next;
                app.update();
                let steps = app
                    .world()
                    .resource::<Messages<StepApplied>>()
                    .iter_current_update_messages()
                    .count();
                assert_eq!(
                    steps, 1,
                    "the first step is applied in the frame of the tap"
                );
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench, hint_frames);
criterion_main!(benches);
