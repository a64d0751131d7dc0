//! "Improve" in a headless game: the optimizer on the solution being replayed and on the one just
//! made, its result kept as the computer's improvement (never the player's record) and replayed
//! on the next Improve.

use std::time::Duration;

use bevy::prelude::*;
use leafwing_input_manager::user_input::Buttonlike;
use pushbox::core::Direction;
use pushbox::core::save::{Progress, Store};
use pushbox::game::mechanics::improve::ImproveBudget;
use pushbox::game::{
    Improvement, Notices, Play, PlayerCommand, Replay, ReplayCmd, ScreenCommand, StartReplay,
};

use crate::game::{builtin, send, settle};
use crate::save::app_with_data;

fn improvement(app: &App) -> Improvement {
    app.world().resource::<Improvement>().clone()
}

fn play(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

/// Runs frames until the optimizer is done (it runs on another thread).
fn wait_until_done(app: &mut App) -> Improvement {
    for _ in 0..4000 {
        app.update();
        if let i @ Improvement::Done { .. } = improvement(app) {
            return i;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the improvement never finished: {:?}", improvement(app));
}

#[test]
fn improve_in_a_replay_keeps_the_computers_improvement_and_replays_it() {
    let d = crate::temp_dir("improve-replay");
    let mut app = app_with_data(&d);
    improve_in_a_replay(&mut app, &d);
}

/// As in a browser: the optimizer works a slice each frame, with the same result.
#[test]
fn improve_in_frames_gives_the_same_improvement() {
    let d = crate::temp_dir("improve-frames");
    let mut app = app_with_data(&d);
    app.insert_resource(ImproveBudget {
        in_frames: true,
        ..ImproveBudget::default()
    });
    improve_in_a_replay(&mut app, &d);
}

/// Level 1 replayed by a detour, improved (on a task or in frames), kept apart, then replayed.
fn improve_in_a_replay(app: &mut App, d: &std::path::Path) {
    let level = builtin().levels[0].clone();
    // Level 1 ("#@ $ .#") by a detour: 5 moves where 3 do.
    send(
        app,
        StartReplay {
            lurd: "rlrRR".into(),
            source: "a file".into(),
            external: true,
        },
    );
    app.update();
    app.update();
    assert_eq!(play(app), Play::Replay);
    assert_eq!(improvement(app), Improvement::Idle);
    send(app, ReplayCmd::Improve);
    app.update();
    assert!(
        matches!(
            improvement(app),
            Improvement::Running { before: (5, 2), .. } | Improvement::Done { .. }
        ),
        "{:?}",
        improvement(app)
    );
    let Improvement::Done {
        before, best, lurd, ..
    } = wait_until_done(app)
    else {
        unreachable!()
    };
    assert_eq!((before, best, lurd.as_str()), ((5, 2), (3, 2), "rRR"));
    let n = &app.world().resource::<Notices>().0;
    assert!(
        n.iter().any(|m| m.contains("computer's improvement")),
        "{n:?}"
    );
    // Kept apart: the player's records do not have it.
    let progress = Store::new(d).read::<Progress>(Store::PROGRESS).value;
    let records = progress
        .records(&level)
        .expect("the improvement was written");
    assert_eq!(
        records.improved.as_ref().map(|r| (r.moves, r.pushes)),
        Some((3, 2))
    );
    assert!(records.best_moves.is_none() && !records.solved());
    // Improve again: the improvement is replayed, named as the computer's.
    send(app, ReplayCmd::Improve);
    app.update();
    app.update();
    let replay = app.world().resource::<Replay>();
    assert_eq!(
        (replay.steps, replay.source.as_str()),
        (3, "the computer's improvement")
    );
    send(app, ReplayCmd::Close);
    app.update();
    app.update();
    assert_eq!(play(app), Play::Active);
    // V on the unsolved level replays the improvement (the player has no record of it).
    send(app, ScreenCommand::Replay);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Replay>().source,
        "the computer's improvement"
    );
}

#[test]
fn improve_on_the_solved_panel_says_when_nothing_is_shorter() {
    let d = crate::temp_dir("improve-solved");
    let mut app = app_with_data(&d);
    for _ in 0..3 {
        send(&mut app, PlayerCommand::Step(Direction::Right));
        settle(&mut app);
    }
    assert_eq!(play(&app), Play::Solved);
    // The I key, as a player presses it.
    KeyCode::KeyI.press(app.world_mut());
    app.update();
    KeyCode::KeyI.release(app.world_mut());
    app.update();
    let done = wait_until_done(&mut app);
    assert!(
        matches!(
            done,
            Improvement::Done {
                before: (3, 2),
                best: (3, 2),
                ..
            }
        ),
        "{done:?}"
    );
    // Nothing better: nothing kept, and the panel's line says so.
    let progress = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    assert!(
        progress
            .records(&builtin().levels[0])
            .is_some_and(|r| r.improved.is_none())
    );
    let key = pushbox::core::save::fingerprint_key(&builtin().levels[0]);
    assert_eq!(
        done.line(&key).as_deref(),
        Some("No shorter solution found near this one (3 moves, 2 pushes)")
    );
    assert_eq!(done.line("another level"), None);
    // The next level leaves it alone; Improve outside a solved level or a replay does nothing.
    send(&mut app, PlayerCommand::NextLevel);
    app.update();
    app.update();
    assert_eq!(play(&app), Play::Active);
    send(&mut app, ScreenCommand::Improve);
    app.update();
    assert!(
        matches!(improvement(&app), Improvement::Done { .. }),
        "unchanged"
    );
}

/// I while it runs stops it at once, in frames as on a task: the best so far is the answer.
#[test]
fn improve_again_while_it_runs_stops_it_with_the_best_so_far() {
    let levels = crate::fixture("levels/microban/Microban_155.xsb");
    let text = std::fs::read_to_string(levels).unwrap();
    let published = std::fs::read_to_string(crate::fixture(
        "solutions/microban/microban_I_push-optimal.tsv",
    ))
    .unwrap();
    // Microban 123: 500 moves, 101 pushes, seconds of work for the optimizer.
    let lurd = published
        .lines()
        .find(|l| l.starts_with("microban1\t123\t"))
        .and_then(|l| l.rsplit('\t').next())
        .unwrap()
        .to_string();
    let mut app = crate::game::bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(pushbox::game::CurrentLevel {
        collection: pushbox::core::formats::xsb::read("microban", &text).unwrap(),
        index: 122,
        source: "test".into(),
    })
    .insert_resource(ImproveBudget {
        in_frames: true,
        ..ImproveBudget::default()
    });
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    send(
        &mut app,
        StartReplay {
            lurd,
            source: "a file".into(),
            external: true,
        },
    );
    app.update();
    app.update();
    assert_eq!(play(&app), Play::Replay);
    send(&mut app, ReplayCmd::Improve);
    for _ in 0..5 {
        app.update();
    }
    assert!(
        matches!(
            improvement(&app),
            Improvement::Running {
                before: (500, 101),
                ..
            }
        ),
        "{:?}",
        improvement(&app)
    );
    send(&mut app, ReplayCmd::Improve);
    app.update();
    app.update();
    let Improvement::Done { before, best, .. } = improvement(&app) else {
        panic!("not stopped: {:?}", improvement(&app));
    };
    assert_eq!(before, (500, 101));
    assert!(best.0 <= 500 && best.1 == 101, "{best:?}");
}
