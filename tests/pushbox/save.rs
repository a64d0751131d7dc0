//! Save and restore, records and replay, in headless apps that share a data folder: one app plays
//! and exits, the next one starts where it left off.

use std::path::Path;

use bevy::prelude::*;
use pushbox::core::save::{self, Progress, Store};
use pushbox::core::{Direction, Game};
use pushbox::game::Notices;
use pushbox::game::ScreenCommand;
use pushbox::game::mechanics::save::{SaveConfig, Saves};
use pushbox::game::screens::replay::PastedText;
use pushbox::game::{CurrentLevel, Play, PlayerCommand, Screen, Session, Settings};
use pushbox::game::{Replay, ReplayCmd};

use crate::game::{bare_app, builtin, check_mirror, send, settle};

/// A headless game on the built-in levels without a data folder, one step per frame.
pub(crate) fn app_on_builtin() -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    assert!(
        pushbox::game::run_until_playing(&mut app, 1000),
        "never reached Playing"
    );
    app
}

/// A headless game on the built-in levels saving into `dir`, one step per frame.
pub(crate) fn app_with_data(dir: &Path) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(SaveConfig {
        dir: Some(dir.to_path_buf()),
        force_instant: false,
    });
    assert!(
        pushbox::game::run_until_playing(&mut app, 1000),
        "never reached Playing"
    );
    // One step per 100 ms frame, whatever the saved settings say.
    *app.world_mut().resource_mut::<Settings>() = Settings {
        step_seconds: 0.1,
        instant: false,
    };
    app.update();
    app
}

fn exit(app: &mut App) {
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

fn game(app: &App) -> Game {
    app.world().resource::<Session>().game.clone()
}

fn notices(app: &App) -> Vec<String> {
    app.world().resource::<Notices>().0.clone()
}

fn play_state(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

#[test]
fn a_restart_restores_the_level_board_counters_and_redo_list() {
    let d = crate::temp_dir("restore");
    let mut app = app_with_data(&d);
    send(&mut app, PlayerCommand::Choose(3));
    settle(&mut app);
    for dir in [Direction::Left, Direction::Left, Direction::Up] {
        send(&mut app, PlayerCommand::Step(dir));
        settle(&mut app);
    }
    send(&mut app, PlayerCommand::Tap(pushbox::core::Pos::new(4, 1)));
    settle(&mut app);
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    let before = game(&app);
    assert!(before.history().len() >= 3 && !before.redo_list().is_empty());
    exit(&mut app);
    drop(app);

    let mut again = app_with_data(&d);
    assert!(notices(&again).is_empty(), "{:?}", notices(&again));
    assert_eq!(again.world().resource::<CurrentLevel>().index, 3);
    let after = game(&again);
    assert_eq!(after, before, "board, counters, history and redo list");
    check_mirror(&mut again);
    // The restored redo list works.
    send(&mut again, PlayerCommand::Redo);
    settle(&mut again);
    assert_eq!(game(&again).redo_list().len(), 0);
}

#[test]
fn each_move_group_is_saved_without_an_exit() {
    let d = crate::temp_dir("autosave");
    let mut app = app_with_data(&d);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    let played = game(&app);
    // No exit: a crash right now would find this on disk.
    drop(app);
    let s = Store::new(&d).read::<save::Session>(Store::SESSION);
    let cur = s.value.current.expect("the session was saved");
    assert_eq!(cur.steps, "r");
    assert_eq!(cur.applied, 1);
    let again = app_with_data(&d);
    assert_eq!(game(&again), played);
}

#[test]
fn a_corrupt_save_is_set_aside_and_the_game_still_starts() {
    let d = crate::temp_dir("corrupt");
    std::fs::write(d.join("session.ron"), "(version: 1, current: Some((collec").unwrap();
    std::fs::write(d.join("progress.ron"), "(version: 99, levels: {})").unwrap();
    let app = app_with_data(&d);
    let n = notices(&app);
    assert!(
        n.iter()
            .any(|m| m.contains("session.ron") && m.contains("line 1")),
        "{n:?}"
    );
    assert!(n.iter().any(|m| m.contains("newer PushBox")), "{n:?}");
    assert!(d.join("session.ron.bad-1").exists());
    assert!(d.join("progress.ron.bad-1").exists());
    assert_eq!(game(&app).history().len(), 0, "started fresh");
}

#[test]
fn a_save_naming_a_missing_collection_starts_the_builtin_levels() {
    let d = crate::temp_dir("missing");
    let s = save::Session {
        current: Some(save::SavedGame {
            collection: "/no/such/folder/levels.xsb".into(),
            index: 7,
            board: "0123456789abcdef".into(),
            steps: "rr".into(),
            applied: 2,
            reverse_from: None,
            parked: None,
            helped: false,
        }),
        ..Default::default()
    };
    Store::new(&d).write(Store::SESSION, &s).unwrap();
    let app = app_with_data(&d);
    let n = notices(&app);
    assert!(
        n.iter()
            .any(|m| m.contains("/no/such/folder/levels.xsb") && m.contains("built-in")),
        "{n:?}"
    );
    assert_eq!(app.world().resource::<CurrentLevel>().index, 0);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}

#[test]
fn saved_moves_that_do_not_replay_start_the_level_afresh() {
    let d = crate::temp_dir("badmoves");
    let level = &builtin().levels[0];
    let s = save::Session {
        current: Some(save::SavedGame {
            collection: save::BUILTIN.into(),
            index: 0,
            board: save::fingerprint_key(level),
            steps: "rUUU".into(),
            applied: 4,
            reverse_from: None,
            parked: None,
            helped: false,
        }),
        ..Default::default()
    };
    Store::new(&d).write(Store::SESSION, &s).unwrap();
    let app = app_with_data(&d);
    assert!(
        notices(&app).iter().any(|m| m.contains("step 2 fails")),
        "{:?}",
        notices(&app)
    );
    assert_eq!(game(&app).history().len(), 0);
}

fn solve_first_level(app: &mut App, lurd: &str) {
    for ch in lurd.chars() {
        send(app, PlayerCommand::Step(Direction::from_lurd(ch).unwrap()));
        settle(app);
    }
}

/// A level left solved comes back solved, with its panel: at once when the game opens on the level,
/// and through Continue when it opens on the title screen (which comes first).
#[test]
fn a_game_left_solved_comes_back_with_its_solved_panel() {
    let d = crate::temp_dir("restore-solved");
    let mut app = app_with_data(&d);
    solve_first_level(&mut app, "rRR");
    assert_eq!(play_state(&app), Play::Solved);
    exit(&mut app);
    drop(app);

    let mut again = app_with_data(&d);
    assert!(game(&again).is_solved());
    assert_eq!(play_state(&again), Play::Solved);
    // Undo leaves the solved position, and the panel with it.
    send(&mut again, PlayerCommand::Undo);
    settle(&mut again);
    assert_eq!(play_state(&again), Play::Active);
    send(&mut again, PlayerCommand::Redo);
    settle(&mut again);
    assert_eq!(play_state(&again), Play::Solved);
    exit(&mut again);
    drop(again);

    let mut titled = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    titled
        .insert_resource(SaveConfig {
            dir: Some(d.clone()),
            force_instant: false,
        })
        .insert_resource(pushbox::game::screens::title::TitleAtStart);
    assert!(pushbox::game::run_until_playing(&mut titled, 1000));
    titled.update();
    assert_eq!(play_state(&titled), Play::Title);
    send(&mut titled, ScreenCommand::Menu);
    settle(&mut titled);
    assert_eq!(play_state(&titled), Play::Solved);
}

#[test]
fn solving_keeps_the_best_solutions_on_disk() {
    let d = crate::temp_dir("records");
    let mut app = app_with_data(&d);
    // A roundabout solution first, then the short one.
    solve_first_level(&mut app, "rlrRR");
    assert_eq!(play_state(&app), Play::Solved);
    let level = builtin().levels[0].clone();
    let progress = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    let r = progress.records(&level).expect("recorded");
    assert_eq!(
        r.best_moves.as_ref().unwrap().lurd.as_deref(),
        Some("rlrRR")
    );
    send(&mut app, PlayerCommand::Restart);
    settle(&mut app);
    // Restart keeps the moves as redo; a new first step drops them.
    solve_first_level(&mut app, "rRR");
    let progress = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    let r = progress.records(&level).unwrap();
    assert_eq!(r.best_moves.as_ref().unwrap().moves, 3);
    assert_eq!(r.best_pushes.as_ref().unwrap().pushes, 2);
    // The picker reads the same records.
    let saves = app.world().resource::<Saves>();
    assert_eq!(
        saves
            .progress
            .records(&level)
            .unwrap()
            .best_moves
            .as_ref()
            .unwrap()
            .moves,
        3
    );
}

#[test]
fn a_recording_that_does_not_solve_its_level_is_reported_and_not_kept() {
    let d = crate::temp_dir("badrecord");
    let level = builtin().levels[0].clone();
    let mut p = Progress::default();
    p.offer(
        &level,
        &pushbox::core::level::Recording {
            moves: 3,
            pushes: 2,
            lurd: Some("rUR".into()),
        },
    );
    Store::new(&d).write(Store::PROGRESS, &p).unwrap();
    let app = app_with_data(&d);
    let n = notices(&app);
    assert!(
        n.iter()
            .any(|m| m.contains("does not solve") && m.contains("step 2")),
        "{n:?}"
    );
    let saves = app.world().resource::<Saves>();
    assert!(
        saves
            .progress
            .records(&level)
            .is_none_or(|r| r.best_moves.is_none())
    );
    let kept = std::fs::read_to_string(d.join("progress.rejected.ron")).unwrap();
    assert!(kept.contains("rUR"), "kept aside, not lost: {kept}");
}

#[test]
fn a_pasted_solution_is_verified_replayed_and_the_players_game_comes_back() {
    let d = crate::temp_dir("replay");
    let mut app = app_with_data(&d);
    send(&mut app, PlayerCommand::Choose(3));
    settle(&mut app);
    send(&mut app, PlayerCommand::Step(Direction::Left));
    settle(&mut app);
    let mine = game(&app);

    // Not a solution: said, with the step, and nothing changes.
    app.world_mut()
        .write_message(PastedText("lluurDuXrr".into()));
    app.update();
    app.update();
    assert!(
        notices(&app).iter().any(|m| m.contains("clipboard")),
        "{:?}",
        notices(&app)
    );
    app.world_mut().write_message(PastedText("llll".into()));
    app.update();
    app.update();
    assert!(
        notices(&app)
            .last()
            .is_some_and(|m| m.contains("not a solution") && m.contains("step 3 (l)")),
        "{:?}",
        notices(&app)
    );
    assert_eq!(play_state(&app), Play::Active);

    let solution = "lluurDurrrddllLrrruulDullddrR";
    app.world_mut()
        .write_message(PastedText(format!("  {}\n", solution.to_lowercase())));
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Replay);
    assert_eq!(app.world().resource::<Replay>().steps, solution.len());
    // Plays at one step per 100 ms frame at 1x; 4x does four.
    let at = |app: &App| game(app).history().len();
    let a = at(&app);
    app.update();
    assert_eq!(at(&app), a + 1);
    app.world_mut().write_message(ReplayCmd::Faster);
    app.world_mut().write_message(ReplayCmd::Faster);
    app.update();
    let b = at(&app);
    app.update();
    assert_eq!(at(&app), b + 4, "4x");
    // Pause, step back and forward, scrub, to the end.
    app.world_mut().write_message(ReplayCmd::PlayPause);
    app.update();
    let c = at(&app);
    app.update();
    assert_eq!(at(&app), c, "paused");
    app.world_mut().write_message(ReplayCmd::Back);
    app.update();
    assert_eq!(at(&app), c - 1);
    app.world_mut().write_message(ReplayCmd::Seek(0.5));
    app.update();
    assert_eq!(at(&app), (solution.len() as f32 * 0.5).round() as usize);
    check_mirror(&mut app);
    app.world_mut().write_message(ReplayCmd::ToEnd);
    app.update();
    let end = game(&app);
    assert!(end.is_solved());
    assert_eq!(end.board().moves() as usize, solution.len());
    assert_eq!(end.board().pushes(), 4);
    check_mirror(&mut app);
    // Keep it as a record, then close: the player's own game is back.
    app.world_mut().write_message(ReplayCmd::Keep);
    app.world_mut().write_message(ReplayCmd::Close);
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Active);
    assert_eq!(game(&app), mine);
    check_mirror(&mut app);
    let level = builtin().levels[3].clone();
    let p = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    assert_eq!(
        p.records(&level)
            .unwrap()
            .best_moves
            .as_ref()
            .unwrap()
            .lurd
            .as_deref(),
        Some(solution)
    );
    // V replays the best recording.
    send(&mut app, ScreenCommand::Replay);
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Replay);
    // Exiting during a replay saves the player's game, not the replay's.
    exit(&mut app);
    drop(app);
    let again = app_with_data(&d);
    assert_eq!(game(&again), mine);
}

#[test]
fn a_backup_dropped_on_the_window_merges_into_the_records() {
    let d = crate::temp_dir("dropbackup");
    let mut app = app_with_data(&d);
    let level = builtin().levels[0].clone();
    let mut theirs = Progress::default();
    theirs.offer(
        &level,
        &pushbox::core::level::Recording {
            moves: 3,
            pushes: 2,
            lurd: Some("rRR".into()),
        },
    );
    let file = d.join("from-my-phone.ron");
    Store::new(&d).write("from-my-phone.ron", &theirs).unwrap();
    let window = app.world_mut().spawn_empty().id();
    app.world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile {
            window,
            path_buf: file.clone(),
        });
    app.update();
    assert!(
        notices(&app)
            .iter()
            .any(|m| m.contains("from-my-phone.ron: merged 1 level records, 1 improved")),
        "{:?}",
        notices(&app)
    );
    let p = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    assert_eq!(
        p.records(&level)
            .unwrap()
            .best_moves
            .as_ref()
            .unwrap()
            .moves,
        3
    );
    // A broken one is named, with its place, and changes nothing.
    std::fs::write(&file, "(version: 1, levels: {").unwrap();
    app.world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile {
            window,
            path_buf: file,
        });
    app.update();
    assert!(
        notices(&app)
            .last()
            .is_some_and(|m| m.contains("not a PushBox backup: line 1")),
        "{:?}",
        notices(&app)
    );
}

#[test]
fn suspending_the_app_saves_the_game_mid_walk() {
    let d = crate::temp_dir("suspend");
    let mut app = app_with_data(&d);
    send(&mut app, PlayerCommand::Choose(2));
    settle(&mut app);
    // A long walk in progress: two steps made, two to go.
    send(&mut app, PlayerCommand::Tap(pushbox::core::Pos::new(1, 1)));
    app.update();
    app.update();
    let made = game(&app).history().len();
    assert!(made >= 1 && !app.world().resource::<pushbox::game::StepQueue>().is_idle());
    app.world_mut()
        .write_message(bevy::window::AppLifecycle::WillSuspend);
    app.update();
    let s = Store::new(&d).read::<save::Session>(Store::SESSION).value;
    let cur = s.current.unwrap();
    assert_eq!(cur.index, 2);
    assert!(
        cur.applied >= made,
        "{} steps saved, {made} made",
        cur.applied
    );
}

#[test]
fn the_first_play_hint_shows_until_the_first_move_once() {
    use pushbox::game::FirstPlayHint;
    let d = crate::temp_dir("hint");
    let mut app = app_with_data(&d);
    assert!(app.world().resource::<FirstPlayHint>().0, "a new player");
    app.update();
    assert!(
        app.world().resource::<FirstPlayHint>().0,
        "not gone by itself"
    );
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    assert!(!app.world().resource::<FirstPlayHint>().0);
    exit(&mut app);
    drop(app);
    let again = app_with_data(&d);
    assert!(!again.world().resource::<FirstPlayHint>().0, "shown once");
}

#[test]
fn settings_change_at_once_and_are_saved() {
    let d = crate::temp_dir("settings");
    let mut app = app_with_data(&d);
    send(&mut app, ScreenCommand::Settings);
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Settings);
    for cmd in [
        ScreenCommand::Speed(true),
        ScreenCommand::Speed(true),
        ScreenCommand::ToggleInstant,
    ] {
        send(&mut app, cmd);
        app.update();
    }
    send(&mut app, PlayerCommand::Step(Direction::Right));
    app.update();
    let s = app.world().resource::<Settings>().clone();
    assert_eq!(
        (s.step_seconds, s.instant),
        (0.05, true),
        "0.1 s → 0.07 → 0.05"
    );
    assert_eq!(
        game(&app).history().len(),
        0,
        "no moves behind the settings"
    );
    send(&mut app, ScreenCommand::Levels);
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Active, "Escape closes");
    let saved = Store::new(&d).read::<save::Session>(Store::SESSION).value;
    assert_eq!(
        (saved.settings.step_seconds, saved.settings.instant),
        (0.05, true)
    );
    // Slower stops at the slowest.
    for _ in 0..10 {
        send(&mut app, ScreenCommand::Speed(false));
        app.update();
    }
    assert_eq!(app.world().resource::<Settings>().step_seconds, 0.18);
}

/// Snapshots (issue 17): keep the position with its moves, play on, go back to it; the snapshot
/// is in `progress.ron`, so the next app on the same folder still has it, and a restore there
/// gives the same game (undo history included).
#[test]
fn a_kept_position_comes_back_and_survives_a_restart() {
    let d = crate::temp_dir("snapshots");
    let mut app = app_with_data(&d);
    for dir in [Direction::Right, Direction::Right] {
        send(&mut app, PlayerCommand::Step(dir));
        settle(&mut app);
    }
    let kept = game(&app);
    send(&mut app, ScreenCommand::Snapshots);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Play>>().get(),
        Play::Snapshots
    );
    send(&mut app, ScreenCommand::TakeSnapshot);
    app.update();
    send(&mut app, ScreenCommand::Back);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Active);
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    assert_eq!(game(&app).board().moves(), 0);
    exit(&mut app);
    drop(app);

    let on_disk = Store::new(&d).read::<Progress>(Store::PROGRESS).value;
    assert_eq!(on_disk.snapshots.values().map(Vec::len).sum::<usize>(), 1);
    let mut next = app_with_data(&d);
    send(&mut next, ScreenCommand::Snapshots);
    next.update();
    next.update();
    send(&mut next, ScreenCommand::RestoreSnapshot(0));
    for _ in 0..3 {
        next.update();
    }
    let back = game(&next);
    assert_eq!(back.board(), kept.board());
    assert_eq!(back.history(), kept.history());
    assert_eq!(*next.world().resource::<State<Play>>().get(), Play::Active);
    check_mirror(&mut next);
    // A snapshot that is not there is said, not guessed.
    send(&mut next, ScreenCommand::Snapshots);
    next.update();
    next.update();
    send(&mut next, ScreenCommand::RestoreSnapshot(7));
    next.update();
    assert!(
        notices(&next).iter().any(|n| n.contains("snapshot 8")),
        "{:?}",
        notices(&next)
    );
}

/// Reverse play is saved like forward play: the next app starts in reverse play where it was
/// (the worker's chosen start, the pulls, the redo list), and the forward game parked beside it
/// comes back with B.
#[test]
fn reverse_play_and_the_parked_forward_game_survive_a_restart() {
    let d = crate::temp_dir("reverse");
    let mut app = app_with_data(&d);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    let forward = game(&app);
    send(&mut app, PlayerCommand::Reverse);
    settle(&mut app);
    for dir in [
        Direction::Right,
        Direction::Right,
        Direction::Right,
        Direction::Left,
    ] {
        send(&mut app, PlayerCommand::Step(dir));
        settle(&mut app);
    }
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    let reverse = game(&app);
    assert!(reverse.is_reverse() && !reverse.redo_list().is_empty());
    exit(&mut app);
    drop(app);
    let s = Store::new(&d).read::<save::Session>(Store::SESSION).value;
    let cur = s.current.expect("saved");
    assert!(
        cur.reverse_from.is_some() && cur.parked.is_some(),
        "{cur:?}"
    );

    let mut again = app_with_data(&d);
    assert!(notices(&again).is_empty(), "{:?}", notices(&again));
    assert_eq!(game(&again), reverse);
    check_mirror(&mut again);
    send(&mut again, PlayerCommand::Reverse);
    settle(&mut again);
    assert_eq!(game(&again), forward);
    check_mirror(&mut again);
}

/// Today's Beginner puzzle: made in the background, played in Generated, the same level
/// `pushbox daily` prints; once solved it is kept in `generated.bxb`, its moves in the progress,
/// and the streak counts the day. Then "Another like this" makes a new Beginner level.
#[test]
fn a_daily_puzzle_is_made_played_kept_and_counted() {
    use pushbox::core::tiers::{self, Tier};
    use pushbox::game::MakeLevel;
    use pushbox::game::mechanics::made::{date_key, today};
    let d = crate::temp_dir("daily");
    let mut app = app_with_data(&d);
    let wait_for_made = |app: &mut App, before: &str| {
        for _ in 0..3000 {
            app.update();
            let c = app.world().resource::<CurrentLevel>();
            if c.level().title != before {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        panic!("no level made");
    };
    let before = app.world().resource::<CurrentLevel>().level().title.clone();
    send(
        &mut app,
        MakeLevel {
            tier: Some(Tier::Beginner),
            daily: true,
        },
    );
    wait_for_made(&mut app, &before);
    settle(&mut app);
    let current = app.world().resource::<CurrentLevel>().clone();
    assert!(
        current.source.ends_with("generated.bxb"),
        "{}",
        current.source
    );
    let day = today();
    assert!(current.level().title.contains(&date_key(day)));
    let expected = tiers::daily(day.0, day.1, day.2, Tier::Beginner);
    assert_eq!(current.level().cells, expected.level.cells);
    // Not kept before it is solved.
    assert!(!d.join("collections/generated.bxb").exists());
    let lurd = expected.level.recording.unwrap().lurd.unwrap();
    solve_first_level(&mut app, &lurd);
    assert_eq!(play_state(&app), Play::Solved);
    let kept = pushbox::core::files::load(&d.join("collections/generated.bxb")).unwrap();
    assert_eq!(kept.collection.levels.len(), 1);
    assert_eq!(kept.collection.levels[0].cells, expected.level.cells);
    let progress = &app.world().resource::<Saves>().progress;
    let moves = progress.daily[&date_key(day)]["beginner"];
    assert_eq!(moves, game(&app).board().moves());
    let days = tiers::days_from_civil(day.0, day.1, day.2);
    assert_eq!(progress.daily_streak(days), 1);
    // Another like this: a Beginner level again, a new one.
    let solved_title = current.level().title.clone();
    send(
        &mut app,
        MakeLevel {
            tier: None,
            daily: false,
        },
    );
    wait_for_made(&mut app, &solved_title);
    settle(&mut app);
    let next = app.world().resource::<CurrentLevel>();
    assert_ne!(next.level().cells, expected.level.cells);
    let score = pushbox::core::rating::from_notes(&next.level().notes).unwrap();
    assert_eq!(pushbox::core::rating::marks(score), 1);
    assert_eq!(play_state(&app), Play::Active);
}
