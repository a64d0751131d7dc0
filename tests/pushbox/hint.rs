//! The solver's hint in a headless game: its three outcomes (a push to play, no solution from
//! here, no hint within the budget), playing the push and the whole solution (not kept as the
//! player's record), and stopping the search at once on another command.

use std::time::Duration;

use bevy::prelude::*;
use pushbox::core::formats::xsb;
use pushbox::core::level::Level;
use pushbox::core::save::{Progress, Store};
use pushbox::core::{Direction, Pos};
use pushbox::game::mechanics::hint::HintBudget;
use pushbox::game::{
    CurrentLevel, HelpedGame, Notices, Play, PlayerCommand, Replay, ReplayCmd, ScreenCommand,
    Session, SolverHint,
};

use crate::game::{bare_app, builtin, send, settle};
use crate::save::app_with_data;

fn hint(app: &App) -> SolverHint {
    app.world().resource::<SolverHint>().clone()
}

/// Runs frames until the hint is no longer thinking (the search runs on another thread).
fn wait_for_answer(app: &mut App) -> SolverHint {
    for _ in 0..3000 {
        app.update();
        if !matches!(hint(app), SolverHint::Thinking { .. }) {
            return hint(app);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the hint never answered: {:?}", hint(app));
}

/// Runs frames until the level is solved: the hint's search (on another thread, or in slices),
/// then the solution's moves, played at the game's pace.
fn play_until_solved(app: &mut App) {
    let solved = |app: &App| *app.world().resource::<State<Play>>().get() == Play::Solved;
    for _ in 0..5000 {
        if solved(app) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the whole solution was not played: {:?}", hint(app));
}

/// A game on Microban 143 (about 24,000 positions from both ends: many slices in frames).
fn app_on_microban_143(in_frames: bool) -> App {
    let path = crate::fixture("levels/microban/Microban_155.xsb");
    let text = std::fs::read_to_string(path).unwrap();
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(CurrentLevel {
        collection: xsb::read("microban", &text).unwrap(),
        index: 142,
        source: "test".into(),
    })
    .insert_resource(HintBudget {
        in_frames,
        ..HintBudget::default()
    });
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    app
}

/// The level was solved with the hint's help: the notice says so, and the data folder `dir`
/// keeps it neither as the player's record nor, unasked, as the computer's solution.
fn assert_solved_as_the_computers(app: &App, dir: &std::path::Path, level: &Level) {
    let n = &app.world().resource::<Notices>().0;
    assert!(n.iter().any(|m| m.contains("computer's help")), "{n:?}");
    let progress = Store::new(dir).read::<Progress>(Store::PROGRESS).value;
    assert!(
        progress
            .records(level)
            .is_none_or(|r| r.best_moves.is_none() && r.computer.is_none()),
        "the computer's solution was kept unasked, or became the player's record"
    );
}

/// A game on one level drawn as XSB text.
fn app_on(text: &str, budget: HintBudget) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(CurrentLevel {
        collection: xsb::read("test", text).unwrap(),
        index: 0,
        source: "test".into(),
    })
    .insert_resource(budget);
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    app
}

#[test]
fn the_hint_shows_a_push_plays_it_and_plays_the_rest_without_making_it_a_record() {
    let d = crate::temp_dir("hint-found");
    let mut app = app_with_data(&d);
    let level = builtin().levels[0].clone();
    send(&mut app, PlayerCommand::Hint);
    app.update();
    let found = wait_for_answer(&mut app);
    let SolverHint::Found { from, to, pushes } = found else {
        panic!("no push hinted: {found:?}");
    };
    let board = app.world().resource::<Session>().game.board().clone();
    assert!(
        board
            .get(from)
            .is_some_and(|c| pushbox::core::cell::is_box(c.byte())),
        "{from} holds no box"
    );
    assert_eq!(from.x.abs_diff(to.x) + from.y.abs_diff(to.y), 1);
    assert!(pushes >= 1);
    // H again plays that push: the box is on the cell the hint named, and the hint is gone.
    send(&mut app, PlayerCommand::Hint);
    settle(&mut app);
    let after = app.world().resource::<Session>().game.board().clone();
    assert!(
        after
            .get(to)
            .is_some_and(|c| pushbox::core::cell::is_box(c.byte()))
    );
    assert_eq!(after.pushes(), 1);
    assert_eq!(hint(&app), SolverHint::Off);
    // Then the whole solution.
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert!(matches!(
        wait_for_answer(&mut app),
        SolverHint::Found { .. }
    ));
    send(&mut app, PlayerCommand::HintAll);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Solved);
    assert_solved_as_the_computers(&app, &d, &level);
    // Its replay from the solved panel is named as the computer's, and closes back to the panel.
    send(&mut app, ScreenCommand::Replay);
    settle(&mut app);
    let replay = app.world().resource::<Replay>();
    assert_eq!(replay.source, "the computer's solution");
    send(&mut app, ReplayCmd::Close);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Solved);
    // Asked for (K, or the solved panel's button), it is kept as the computer's, and only so.
    let moves = app.world().resource::<Session>().game.board().moves();
    send(&mut app, PlayerCommand::KeepComputerSolution);
    settle(&mut app);
    let progress = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    let records = progress.records(&level).expect("kept");
    assert_eq!(records.computer.as_ref().map(|r| r.moves), Some(moves));
    assert!(!records.solved() && records.best_moves.is_none());
    let n = &app.world().resource::<Notices>().0;
    assert!(
        n.iter()
            .any(|m| m.contains("kept as the computer's solution")),
        "{n:?}"
    );
    // Asking again keeps nothing new, also after a trip to reverse play and back (the hint's
    // help stays with the game).
    for _ in 0..2 {
        send(&mut app, PlayerCommand::Reverse);
        settle(&mut app);
    }
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Solved);
    send(&mut app, PlayerCommand::KeepComputerSolution);
    settle(&mut app);
    let n = &app.world().resource::<Notices>().0;
    assert!(n.iter().any(|m| m.contains("already kept")), "{n:?}");
    // With no solution of the player's own, V replays the computer's.
    send(&mut app, PlayerCommand::Restart);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Active);
    // The restart dropped the hint's moves: there is nothing to redo into a record of the player's.
    send(&mut app, PlayerCommand::Redo);
    settle(&mut app);
    let game = &app.world().resource::<Session>().game;
    assert_eq!((game.history().len(), game.redo_list().len()), (0, 0));
    send(&mut app, ScreenCommand::Replay);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Replay);
    let replay = app.world().resource::<Replay>();
    assert_eq!(
        (replay.source.as_str(), replay.steps),
        ("the computer's solution", moves as usize)
    );
}

/// Shift+H before any hint, or while the hint thinks, searches and then plays the whole solution
/// as soon as it is found (still the computer's, not the player's record).
#[test]
fn shift_h_before_the_answer_plays_the_whole_solution_once_found() {
    let d = crate::temp_dir("hint-all-first");
    let mut app = app_with_data(&d);
    let level = builtin().levels[0].clone();
    send(&mut app, PlayerCommand::HintAll);
    app.update();
    play_until_solved(&mut app);
    assert_solved_as_the_computers(&app, &d, &level);

    // Asked while the search runs (in frames: Microban 143 takes many of them).
    let mut app = app_on_microban_143(true);
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert!(matches!(hint(&app), SolverHint::Thinking { .. }));
    send(&mut app, PlayerCommand::HintAll);
    app.update();
    assert!(
        matches!(hint(&app), SolverHint::Thinking { .. }),
        "Shift+H stopped the search"
    );
    play_until_solved(&mut app);

    // In reverse play it says there is no hint, as H does.
    let mut app = app_on("#####\n#@$.#\n#####\n", HintBudget::default());
    send(&mut app, PlayerCommand::Reverse);
    app.update();
    send(&mut app, PlayerCommand::HintAll);
    app.update();
    assert_eq!(hint(&app), SolverHint::NotInReverse);
}

/// K does nothing after a level the player solved alone: the computer's mark is for the hint's.
#[test]
fn keep_as_the_computers_does_nothing_for_the_players_own_solution() {
    let d = crate::temp_dir("hint-own");
    let mut app = app_with_data(&d);
    let level = builtin().levels[0].clone();
    use pushbox::core::solver::{Limits, Mode, search};
    let solution = search(
        &level.playable().unwrap(),
        Mode::Optimal,
        &Limits::default(),
    )
    .unwrap();
    for d in pushbox::core::lurd::parse(&solution.lurd).unwrap() {
        send(&mut app, PlayerCommand::Step(d));
        settle(&mut app);
    }
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Solved);
    send(&mut app, PlayerCommand::KeepComputerSolution);
    settle(&mut app);
    let progress = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    let records = progress.records(&level).expect("the player's record");
    assert!(records.solved() && records.computer.is_none());
}

#[test]
fn no_solution_from_here_and_no_hint_within_the_budget() {
    // The box is in a corner off its goal: proved unsolvable.
    let mut app = app_on("#####\n#$ .#\n#  @#\n#####\n", HintBudget::default());
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert_eq!(wait_for_answer(&mut app), SolverHint::NoSolution);
    // A level the search cannot finish in 20 positions.
    let budget = HintBudget {
        seconds: 3.0,
        max_states: 20,
        in_frames: false,
    };
    let mut app = app_on(
        "#########\n#.  $  .#\n#   @   #\n#.  $  .#\n#  $ $  #\n#       #\n#########\n",
        budget,
    );
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert_eq!(
        wait_for_answer(&mut app),
        SolverHint::NotFound { seconds: 3 }
    );
    // Reverse play has no hint.
    send(&mut app, PlayerCommand::Reverse);
    app.update();
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert_eq!(hint(&app), SolverHint::NotInReverse);
}

#[test]
fn a_step_stops_the_search_in_the_same_frame() {
    // XSokoban 30: far beyond a few frames of search (the solver leaves it unsolved at 60 s).
    let path = crate::fixture("levels/xsokoban/XSokoban_90.xsb");
    let text = std::fs::read_to_string(path).unwrap();
    let collection = xsb::read("xsokoban", &text).unwrap();
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(CurrentLevel {
        collection,
        index: 29,
        source: "test".into(),
    });
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    send(&mut app, PlayerCommand::Hint);
    app.update();
    for _ in 0..20 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    let SolverHint::Thinking { positions } = hint(&app) else {
        panic!("not thinking: {:?}", hint(&app));
    };
    assert!(positions > 0, "no progress shown while thinking");
    // H stops it; so does a step.
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert_eq!(hint(&app), SolverHint::Off);
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert!(matches!(hint(&app), SolverHint::Thinking { .. }));
    let before = app.world().resource::<Session>().game.board().worker_pos();
    send(&mut app, PlayerCommand::Step(Direction::Left));
    app.update();
    assert_eq!(hint(&app), SolverHint::Off);
    let after = app.world().resource::<Session>().game.board().worker_pos();
    assert_eq!(after, Pos::new(before.x - 1, before.y));
}

/// A browser has no threads: there the search runs a slice each frame, over many frames, and
/// gives the answer the thread gives; a step still stops it in the same frame.
#[test]
fn in_frames_the_hint_searches_a_slice_a_frame_and_answers_the_same() {
    let answers: Vec<SolverHint> = [false, true]
        .into_iter()
        .map(|in_frames| {
            let mut app = app_on_microban_143(in_frames);
            send(&mut app, PlayerCommand::Hint);
            app.update();
            let mut thinking = 0;
            while matches!(hint(&app), SolverHint::Thinking { .. }) && thinking < 5000 {
                app.update();
                thinking += 1;
            }
            let answer = hint(&app);
            if in_frames {
                assert!(thinking > 3, "one search over {thinking} frames");
                send(&mut app, PlayerCommand::Hint);
                app.update();
                send(&mut app, PlayerCommand::Hint);
                app.update();
                assert!(matches!(hint(&app), SolverHint::Thinking { .. }));
                send(&mut app, PlayerCommand::Step(Direction::Left));
                app.update();
                assert_eq!(hint(&app), SolverHint::Off, "a step stops it");
            }
            answer
        })
        .collect();
    assert!(
        matches!(answers[0], SolverHint::Found { .. }),
        "{answers:?}"
    );
    assert_eq!(answers[0], answers[1]);
}

/// Pushes the hint played stay the computer's help through an exit and the next start, and
/// through a snapshot taken of them: finishing by hand afterwards is no record of the player's.
#[test]
fn the_hints_help_is_kept_across_a_restart_and_in_a_snapshot() {
    let d = crate::temp_dir("hint-kept");
    let level = builtin().levels[0].clone();
    let mut app = app_with_data(&d);
    send(&mut app, PlayerCommand::Hint);
    app.update();
    assert!(matches!(
        wait_for_answer(&mut app),
        SolverHint::Found { .. }
    ));
    send(&mut app, PlayerCommand::Hint);
    settle(&mut app);
    assert_eq!(app.world().resource::<Session>().game.board().pushes(), 1);
    send(&mut app, ScreenCommand::Snapshots);
    app.update();
    app.update();
    send(&mut app, ScreenCommand::TakeSnapshot);
    app.update();
    send(&mut app, ScreenCommand::Back);
    app.update();
    app.update();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    drop(app);

    let mut next = app_with_data(&d);
    let helped = |app: &App| {
        app.world().resource::<HelpedGame>().0 == Some(app.world().resource::<Session>().serial)
    };
    assert_eq!(next.world().resource::<Session>().game.board().pushes(), 1);
    assert!(helped(&next), "the restart forgot the hint's help");
    // A restart drops the hint's pushes and its mark; the snapshot of them brings both back.
    send(&mut next, PlayerCommand::Restart);
    settle(&mut next);
    assert!(!helped(&next));
    send(&mut next, ScreenCommand::Snapshots);
    next.update();
    next.update();
    send(&mut next, ScreenCommand::RestoreSnapshot(0));
    settle(&mut next);
    assert_eq!(next.world().resource::<Session>().game.board().pushes(), 1);
    assert!(helped(&next), "the snapshot forgot the hint's help");
    // The rest played by hand, step by step, solves the level as the computer's.
    let board = next.world().resource::<Session>().game.board().clone();
    let rest = pushbox::core::solver::solve(&board, 1_000_000).unwrap();
    for c in rest.lurd.chars() {
        send(
            &mut next,
            PlayerCommand::Step(Direction::from_lurd(c).unwrap()),
        );
        next.update();
    }
    settle(&mut next);
    assert_eq!(*next.world().resource::<State<Play>>().get(), Play::Solved);
    assert_solved_as_the_computers(&next, &d, &level);
}
