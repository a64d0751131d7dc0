//! The game as a headless Bevy App: MinimalPlugins plus only what the game needs, commands and
//! key presses written into the world, `app.update()`, assertions on resources and components.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use leafwing_input_manager::user_input::Buttonlike;
use proptest::prelude::*;
use pushbox::core::level::Collection;
use pushbox::core::{Direction, Pos, files};
use pushbox::game::ScreenCommand;
use pushbox::game::{Crate, StepApplied, Worker};
use pushbox::game::{CurrentLevel, GridPos, Play, PlayerCommand, Screen, Session, Settings};

/// The built-in tutorial (the tests play its first levels).
pub(crate) fn builtin() -> Collection {
    asset_levels("tutorial.bxb")
}

fn asset_levels(name: &str) -> Collection {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels");
    files::load(&path.join(name)).unwrap().collection
}

/// A headless app at 100 ms a frame and 100 ms a step: exactly one step per frame.
fn app(start: Option<(Collection, usize)>) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    if let Some((collection, index)) = start {
        app.insert_resource(CurrentLevel {
            collection,
            index,
            source: "test".into(),
        });
    }
    if pushbox::game::run_until_playing(&mut app, 1000) {
        return app;
    }
    panic!(
        "the app never reached the Playing screen: {:?}",
        app.world().resource::<State<Screen>>().get()
    );
}

pub(crate) fn bare_app(assets: &str) -> App {
    let mut app = pushbox::game::headless_app(assets, true);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )))
    .insert_resource(Settings {
        step_seconds: 0.1,
        instant: false,
    });
    app
}

#[test]
fn a_broken_level_file_shows_the_loaders_error_instead_of_hanging() {
    let d = crate::temp_dir("broken-assets");
    std::fs::create_dir_all(d.join("levels")).unwrap();
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels");
    for name in ["tutorial", "beginner", "easy", "medium", "hard", "expert"] {
        let file = format!("{name}.bxb");
        std::fs::copy(real.join(&file), d.join("levels").join(&file)).unwrap();
    }
    std::fs::write(d.join("levels/pushbox.bxb"), b"\0\0\0\0\x02BOX too short").unwrap();
    let mut app = bare_app(d.to_str().unwrap());
    for _ in 0..500 {
        app.update();
        if *app.world().resource::<State<Screen>>().get() == Screen::LoadFailed {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::LoadFailed
    );
    let errors = &app
        .world()
        .resource::<pushbox::game::mechanics::levels::LoadError>()
        .0;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("levels/pushbox.bxb")
            && errors[0].contains("a .bxb file starts with a 32-byte header"),
        "{errors:?}"
    );
}

#[test]
fn the_level_picker_chooses_a_level() {
    let mut app = app(Some((builtin(), 0)));
    send(&mut app, ScreenCommand::Levels);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Picking);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    app.update();
    assert_eq!(moves(&app), 0, "no moves while picking");
    send(&mut app, PlayerCommand::Choose(3));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<CurrentLevel>().index, 3);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Active);
}

/// Writes a command (a [`PlayerCommand`] or a [`pushbox::game::ScreenCommand`]) for the next frame.
pub(crate) fn send(app: &mut App, cmd: impl Message) {
    app.world_mut().write_message(cmd);
}

fn moves(app: &App) -> u32 {
    app.world().resource::<Session>().game.board().moves()
}

fn worker(app: &App) -> Pos {
    app.world().resource::<Session>().game.board().worker_pos()
}

pub(crate) fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
        let q = app.world().resource::<pushbox::game::StepQueue>();
        if q.is_idle() {
            app.update();
            return;
        }
    }
    panic!("the walk never finished");
}

/// Entities and byte map agree: every box entity stands on a box cell and vice versa, and the
/// worker entity stands on the worker's cell.
pub(crate) fn check_mirror(app: &mut App) {
    let board = app.world().resource::<Session>().game.board().clone();
    let world = app.world_mut();
    let mut boxes: Vec<Pos> = world
        .query_filtered::<&GridPos, With<Crate>>()
        .iter(world)
        .map(|g| g.0)
        .collect();
    boxes.sort();
    let mut expected: Vec<Pos> = board.boxes().collect();
    expected.sort();
    assert_eq!(boxes, expected, "box entities mirror the byte map");
    let workers: Vec<Pos> = world
        .query_filtered::<&GridPos, With<Worker>>()
        .iter(world)
        .map(|g| g.0)
        .collect();
    assert_eq!(
        workers,
        [board.worker_pos()],
        "the worker entity mirrors the byte map"
    );
}

#[test]
fn a_new_player_starts_the_tutorial_loaded_through_the_asset_server() {
    let mut app = app(None);
    app.update();
    let current = app.world().resource::<CurrentLevel>();
    assert_eq!(current.collection.name, "Tutorial");
    assert_eq!(current.source, pushbox::core::save::TUTORIAL);
    assert_eq!(current.collection.levels.len(), 10);
    assert_eq!(current.index, 0);
    assert_eq!(
        current.level().title,
        "First push",
        "titles come from the sidecar"
    );
    assert!(
        current
            .collection
            .levels
            .iter()
            .all(|l| l.recording.is_some())
    );
}

#[test]
fn every_builtin_level_is_valid_and_its_recording_solves_it() {
    let mut fingerprints = std::collections::HashSet::new();
    for (name, count) in [("tutorial", 10), ("pushbox", 40)] {
        let c = asset_levels(&format!("{name}.bxb"));
        assert_eq!(c.levels.len(), count, "{name}.bxb");
        for (i, l) in c.levels.iter().enumerate() {
            let at = format!("{name}.bxb level {} {:?}", i + 1, l.title);
            let board = l.playable().unwrap_or_else(|e| panic!("{at}: {e}"));
            let rec = l.recording.as_ref().expect("a recorded solution");
            let lurd = rec.lurd.clone().expect("the recording's moves");
            let g = pushbox::core::lurd::check_solution(&board, &lurd)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(
                (g.board().moves(), g.board().pushes()),
                (rec.moves, rec.pushes)
            );
            assert!(!l.title.is_empty() && l.author == "PushBox project", "{at}");
            assert!(fingerprints.insert(l.fingerprint()), "{at} is a duplicate");
            // Every tutorial level has its lesson.
            assert!(
                name != "tutorial" || !l.notes.is_empty(),
                "{at} has no hint"
            );
        }
        // The .bxb is built from the .sok source: they must agree.
        let src = asset_levels(&format!("{name}.sok"));
        let boards = |c: &Collection| {
            c.levels
                .iter()
                .map(|l| (l.title.clone(), l.cells.clone(), l.notes.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            boards(&src),
            boards(&c),
            "assets/levels/{name}.bxb is out of date: rebuild it from {name}.sok"
        );
    }
}

/// The forty levels rise in difficulty: the fewest pushes (the recordings are push-optimal, found
/// by the solver) grow from the first ten to the last ten, and so do the boxes.
#[test]
fn the_forty_levels_get_harder() {
    let c = asset_levels("pushbox.bxb");
    let pushes: Vec<u32> = c
        .levels
        .iter()
        .map(|l| l.recording.as_ref().unwrap().pushes)
        .collect();
    let boxes: Vec<usize> = c
        .levels
        .iter()
        .map(|l| l.board().unwrap().boxes().count())
        .collect();
    let mean = |v: &[u32]| v.iter().sum::<u32>() as f32 / v.len() as f32;
    let first: Vec<u32> = pushes[..10].to_vec();
    let last: Vec<u32> = pushes[30..].to_vec();
    assert!(mean(&last) > 2.5 * mean(&first), "{pushes:?}");
    assert!(boxes[30..].iter().sum::<usize>() > boxes[..10].iter().sum::<usize>() * 3 / 2);
    // Spot-check that the recorded counts are the fewest pushes, as the solver finds them.
    for i in [0, 19, 39] {
        let b = c.levels[i].playable().unwrap();
        let s = pushbox::core::solver::solve(&b, 3_000_000).unwrap();
        assert_eq!(s.pushes, pushes[i], "level {}", i + 1);
    }
}

#[test]
fn each_key_action() {
    let c = builtin();
    let mut app = app(Some((c, 2))); // "Two boxes": worker at (3,3)
    let press = |app: &mut App, key: KeyCode| {
        key.press(app.world_mut());
        app.update();
        key.release(app.world_mut());
        app.update();
    };
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(worker(&app), Pos::new(2, 3));
    for k in [KeyCode::KeyD, KeyCode::ArrowRight] {
        press(&mut app, k);
    }
    assert_eq!(worker(&app), Pos::new(4, 3));
    press(&mut app, KeyCode::KeyW);
    assert_eq!(
        worker(&app),
        Pos::new(4, 2),
        "up from (4,3) pushes the box at (4,2) into (4,1)"
    );
    assert_eq!(app.world().resource::<Session>().game.board().pushes(), 1);
    press(&mut app, KeyCode::KeyZ);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(moves(&app), 2);
    press(&mut app, KeyCode::KeyY);
    assert_eq!(moves(&app), 3);
    press(&mut app, KeyCode::KeyR);
    assert_eq!(moves(&app), 0);
    assert_eq!(
        app.world().resource::<Session>().game.redo_list().len(),
        4,
        "restart keeps redo"
    );
    press(&mut app, KeyCode::KeyN);
    assert_eq!(app.world().resource::<CurrentLevel>().index, 3);
    press(&mut app, KeyCode::PageUp);
    press(&mut app, KeyCode::KeyP);
    assert_eq!(app.world().resource::<CurrentLevel>().index, 1);
    check_mirror(&mut app);
}

#[test]
fn ctrl_chords_undo_and_redo() {
    let mut app = app(Some((builtin(), 2)));
    let chord = |app: &mut App, keys: &[KeyCode]| {
        for k in keys {
            k.press(app.world_mut());
        }
        app.update();
        for k in keys {
            k.release(app.world_mut());
        }
        app.update();
    };
    chord(&mut app, &[KeyCode::ArrowLeft]);
    chord(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(moves(&app), 2);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(moves(&app), 1);
    chord(
        &mut app,
        &[KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyZ],
    );
    assert_eq!(
        moves(&app),
        2,
        "Ctrl+Shift+Z redoes (and does not also undo)"
    );
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(moves(&app), 2);
}

#[test]
fn a_tap_walks_the_bfs_path_one_step_per_tick() {
    let mut app = app(Some((builtin(), 2)));
    send(&mut app, PlayerCommand::Tap(Pos::new(1, 1)));
    let mut seen = Vec::new();
    for expected in 1..=4 {
        app.update();
        assert_eq!(moves(&app), expected, "one step per animation tick");
        let msgs = app.world().resource::<Messages<StepApplied>>();
        seen.extend(msgs.iter_current_update_messages().map(|m| m.moved.to));
        check_mirror(&mut app);
    }
    app.update();
    assert_eq!(
        moves(&app),
        4,
        "the shortest walk from (3,3) to (1,1) is 4 steps"
    );
    assert_eq!(worker(&app), Pos::new(1, 1));
    assert_eq!(seen.len(), 4);
    assert_eq!(seen.last(), Some(&Pos::new(1, 1)));
}

#[test]
fn a_tap_during_a_walk_redirects_it() {
    let mut app = app(Some((builtin(), 2)));
    send(&mut app, PlayerCommand::Tap(Pos::new(1, 1)));
    app.update();
    assert_eq!(moves(&app), 1);
    let here = worker(&app);
    send(&mut app, PlayerCommand::Tap(Pos::new(5, 3)));
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(5, 3));
    let second = (here.x as i32 - 5).unsigned_abs() + (here.y as i32 - 3).unsigned_abs();
    assert_eq!(
        moves(&app),
        1 + second,
        "the rest of the first walk was dropped"
    );
}

#[test]
fn undo_of_a_walk_undoes_the_whole_walk() {
    let mut app = app(Some((builtin(), 2)));
    let start = app.world().resource::<Session>().game.board().clone();
    send(&mut app, PlayerCommand::Tap(Pos::new(5, 1)));
    settle(&mut app);
    assert!(moves(&app) > 2);
    send(&mut app, PlayerCommand::Undo);
    app.update();
    assert_eq!(app.world().resource::<Session>().game.board(), &start);
    check_mirror(&mut app);
}

#[test]
fn unreachable_taps_do_nothing_but_say_so() {
    let mut app = app(Some((builtin(), 2)));
    send(&mut app, PlayerCommand::Tap(Pos::new(0, 0)));
    app.update();
    let msgs = app
        .world()
        .resource::<Messages<pushbox::game::Unreachable>>();
    assert_eq!(msgs.iter_current_update_messages().count(), 1);
    assert_eq!(moves(&app), 0);
    // During a walk, an unreachable tap leaves the walk going.
    send(&mut app, PlayerCommand::Tap(Pos::new(1, 1)));
    app.update();
    send(&mut app, PlayerCommand::Tap(Pos::new(0, 0)));
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(1, 1));
    assert_eq!(moves(&app), 4);
}

#[test]
fn a_tap_on_a_box_selects_it_and_a_tap_on_a_lit_cell_moves_it_there() {
    use pushbox::game::BoxSelection;
    let selection = |app: &App| app.world().resource::<BoxSelection>().0.clone();
    let mut app = app(Some((builtin(), 0))); // "#@ $ .#"
    send(&mut app, PlayerCommand::Tap(Pos::new(3, 1)));
    settle(&mut app);
    let sel = selection(&app).expect("selected");
    assert_eq!(sel.at, Pos::new(3, 1));
    assert_eq!(
        sel.targets,
        [Pos::new(4, 1), Pos::new(5, 1)],
        "right only; not back"
    );
    assert_eq!(moves(&app), 0, "selecting moves nothing");
    // The same box again lets it go; so does a tap elsewhere (which only deselects).
    send(&mut app, PlayerCommand::Tap(Pos::new(3, 1)));
    settle(&mut app);
    assert!(selection(&app).is_none());
    send(&mut app, PlayerCommand::Tap(Pos::new(3, 1)));
    settle(&mut app);
    send(&mut app, PlayerCommand::Tap(Pos::new(2, 1)));
    settle(&mut app);
    assert!(selection(&app).is_none());
    assert_eq!(moves(&app), 0);
    // Select, then the goal: the walk and both pushes, one gesture; the level is solved.
    send(&mut app, PlayerCommand::Tap(Pos::new(3, 1)));
    settle(&mut app);
    send(&mut app, PlayerCommand::Tap(Pos::new(5, 1)));
    settle(&mut app);
    let board = app.world().resource::<Session>().game.board().clone();
    assert_eq!((board.moves(), board.pushes()), (3, 2));
    assert!(board.is_solved());
    assert!(selection(&app).is_none());
    check_mirror(&mut app);
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    assert_eq!(moves(&app), 0, "one undo takes the whole move back");
    // A key step lets a selected box go.
    send(&mut app, PlayerCommand::Tap(Pos::new(3, 1)));
    settle(&mut app);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    assert!(selection(&app).is_none());
}

#[test]
fn solving_triggers_solved_and_undo_leaves_it() {
    let mut app = app(Some((builtin(), 0)));
    for d in [Direction::Right, Direction::Right, Direction::Right] {
        send(&mut app, PlayerCommand::Step(d));
        settle(&mut app);
    }
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Solved);
    send(&mut app, PlayerCommand::Undo);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Active);
    send(&mut app, PlayerCommand::NextLevel);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<CurrentLevel>().index, 1);
    check_mirror(&mut app);
}

fn arb_command() -> impl Strategy<Value = PlayerCommand> {
    let dir = (0u8..4).prop_map(Direction::from_index);
    prop_oneof![
        4 => dir.prop_map(PlayerCommand::Step),
        2 => (0u32..9, 0u32..6).prop_map(|(x, y)| PlayerCommand::Tap(Pos::new(x, y))),
        1 => (0u32..9, 0u32..6).prop_map(|(x, y)| PlayerCommand::WalkTo(Pos::new(x, y))),
        2 => Just(PlayerCommand::Undo),
        1 => Just(PlayerCommand::Redo),
        1 => Just(PlayerCommand::Restart),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Thousands of random commands (16 runs × up to 250), some while walks are still playing:
    /// after every frame the entities and the byte map agree.
    #[test]
    fn entities_mirror_the_byte_map(level in 0usize..4, cmds in prop::collection::vec((arb_command(), 0u8..3), 100..250)) {
        let mut app = app(Some((builtin(), level)));
        for (cmd, frames) in cmds {
            send(&mut app, cmd);
            for _ in 0..=frames {
                app.update();
                check_mirror(&mut app);
            }
        }
    }
}

/// A plain start opens the title screen; Continue (Menu) plays, Menu comes back; the settings
/// opened from the title screen return to it; the levels open from it; steps do nothing there.
#[test]
fn the_title_screen_opens_at_a_plain_start_and_leads_everywhere() {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(pushbox::game::screens::title::TitleAtStart);
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    app.update();
    let play = |app: &App| *app.world().resource::<State<Play>>().get();
    assert_eq!(play(&app), Play::Title);
    // The arrows do not move the worker under the title screen.
    send(&mut app, PlayerCommand::Step(Direction::Right));
    app.update();
    app.update();
    assert_eq!(moves(&app), 0);
    for (cmd, then) in [
        (ScreenCommand::Settings, Play::Settings),
        (ScreenCommand::Settings, Play::Title),
        (ScreenCommand::Settings, Play::Settings),
        (ScreenCommand::Levels, Play::Title), // Escape closes the settings too
        (ScreenCommand::Menu, Play::Active),
        (ScreenCommand::Menu, Play::Title),
        (ScreenCommand::Levels, Play::Picking),
        (ScreenCommand::Menu, Play::Title),
        (ScreenCommand::Menu, Play::Active),
    ] {
        send(&mut app, cmd);
        app.update();
        app.update();
        assert_eq!(play(&app), then, "after {cmd:?}");
    }
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    assert_eq!(moves(&app), 1, "playing again");
}

fn play_now(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

fn two_frames(app: &mut App, cmd: impl Message + std::fmt::Debug) {
    send(app, cmd);
    app.update();
    app.update();
}

/// Choosing the level being played in the browser returns to it as it was: moves, undo and redo.
#[test]
fn choosing_the_current_level_in_the_browser_keeps_its_moves() {
    let mut app = app(Some((builtin(), 1)));
    for d in [Direction::Up, Direction::Left] {
        send(&mut app, PlayerCommand::Step(d));
        settle(&mut app);
    }
    let made = moves(&app);
    assert!(made > 0);
    two_frames(&mut app, ScreenCommand::Levels);
    assert_eq!(play_now(&app), Play::Picking);
    two_frames(&mut app, PlayerCommand::Choose(1));
    assert_eq!(play_now(&app), Play::Active);
    assert_eq!(moves(&app), made, "the moves are kept");
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    assert_eq!(moves(&app), made - 1, "and can be undone");
    // Another level of the same collection starts that level.
    two_frames(&mut app, ScreenCommand::Levels);
    two_frames(&mut app, PlayerCommand::Choose(2));
    assert_eq!(app.world().resource::<CurrentLevel>().index, 2);
    assert_eq!(moves(&app), 0);
}

/// A collection button shows that collection's levels; the level being played is untouched until
/// a level of it is chosen. Escape (Back) closes the browser where it was opened from.
#[test]
fn a_collection_button_shows_its_levels_before_anything_is_played() {
    use pushbox::game::mechanics::collections::Collections;
    use pushbox::game::screens::browser::Browser;
    let d = crate::temp_dir("browse");
    let mut app = crate::save::app_with_data(&d);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    let before = app.world().resource::<CurrentLevel>().clone();
    two_frames(&mut app, ScreenCommand::Levels);
    let pushbox_at = app
        .world()
        .resource::<Collections>()
        .list
        .iter()
        .position(|e| e.collection.name == "PushBox")
        .unwrap();
    two_frames(&mut app, ScreenCommand::OpenCollection(pushbox_at));
    assert_eq!(play_now(&app), Play::Picking, "still browsing");
    assert_eq!(app.world().resource::<Browser>().shown, Some(pushbox_at));
    let now = app.world().resource::<CurrentLevel>();
    assert_eq!(
        (now.source.as_str(), now.index),
        (before.source.as_str(), before.index)
    );
    assert_eq!(moves(&app), 1, "nothing was played or restarted");
    two_frames(&mut app, ScreenCommand::Page(1));
    assert_eq!(app.world().resource::<Browser>().page, 1);
    two_frames(&mut app, ScreenCommand::Back);
    assert_eq!(play_now(&app), Play::Active);
    assert_eq!(moves(&app), 1);
    // Open it again, look at PushBox, and choose its level 5.
    two_frames(&mut app, ScreenCommand::Levels);
    assert_eq!(
        app.world().resource::<Browser>().shown,
        None,
        "opens on the current one"
    );
    two_frames(&mut app, ScreenCommand::OpenCollection(pushbox_at));
    two_frames(&mut app, PlayerCommand::Choose(4));
    app.update();
    let now = app.world().resource::<CurrentLevel>();
    assert_eq!((now.collection.name.as_str(), now.index), ("PushBox", 4));
    assert_eq!(play_now(&app), Play::Active);
    assert_eq!(moves(&app), 0);
}

/// Escape (`ScreenCommand::Back`) on every screen that has no keys of its own: one screen back.
#[test]
fn escape_goes_back_one_screen_everywhere() {
    let mut app = app(Some((builtin(), 0)));
    for (cmd, then) in [
        (ScreenCommand::Back, Play::Title),
        (ScreenCommand::Back, Play::Active),
        (ScreenCommand::Settings, Play::Settings),
        (ScreenCommand::Back, Play::Active),
        (ScreenCommand::Levels, Play::Picking),
        (ScreenCommand::Back, Play::Active),
        (ScreenCommand::Menu, Play::Title),
        (ScreenCommand::Settings, Play::Settings),
        (ScreenCommand::Back, Play::Title),
        (ScreenCommand::Levels, Play::Picking),
        (ScreenCommand::Levels, Play::Title),
        (ScreenCommand::Back, Play::Active),
    ] {
        two_frames(&mut app, cmd);
        assert_eq!(play_now(&app), then, "after {cmd:?}");
    }
    // Solved: Escape leaves the panel for the title screen; Continue comes back to it.
    for d in "rRR".chars() {
        send(
            &mut app,
            PlayerCommand::Step(Direction::from_lurd(d).unwrap()),
        );
        settle(&mut app);
    }
    assert_eq!(play_now(&app), Play::Solved);
    two_frames(&mut app, ScreenCommand::Back);
    assert_eq!(play_now(&app), Play::Title);
}

/// A collection file with no level in the data folder is not listed (a notice names it) and is
/// left as it is; nothing can open it.
#[test]
fn an_empty_collection_in_the_data_folder_is_not_listed() {
    use pushbox::game::mechanics::collections::{CollectionCmd, Collections};
    let d = crate::temp_dir("emptycoll");
    std::fs::create_dir_all(d.join("collections")).unwrap();
    let empty = pushbox::core::formats::write(
        pushbox::core::formats::Format::Bxb,
        &Collection {
            name: "Nothing".into(),
            ..Default::default()
        },
    );
    std::fs::write(d.join("collections/nothing.bxb"), &empty).unwrap();
    let mut app = crate::save::app_with_data(&d);
    let list = app.world().resource::<Collections>();
    assert!(list.list.iter().all(|e| e.collection.name != "Nothing"));
    let notices = &app.world().resource::<pushbox::game::Notices>().0;
    assert!(
        notices
            .iter()
            .any(|n| n.contains("nothing.bxb") && n.contains("has no level")),
        "{notices:?}"
    );
    // Opening an index that is not there does nothing either.
    app.world_mut().write_message(CollectionCmd::Open(99));
    app.update();
    app.update();
    assert_eq!(
        std::fs::read(d.join("collections/nothing.bxb")).unwrap(),
        empty
    );
    assert_eq!(play_now(&app), Play::Active);
}

/// A built-in level opened from its file (`play --level assets/levels/tutorial.bxb:4`) shows its
/// hint line, as it does when reached from the built-in collection.
#[test]
fn tutorial_hints_show_when_the_file_is_opened_directly() {
    use pushbox::game::mechanics::collections::Collections;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/tutorial.bxb");
    let c = files::load(&path).unwrap().collection;
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(CurrentLevel {
        collection: c.clone(),
        index: 3,
        source: path.display().to_string(),
    });
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    app.update();
    let current = app.world().resource::<CurrentLevel>();
    let list = app.world().resource::<Collections>();
    let note = pushbox::game::screens::hud::builtin_note(current, list);
    assert!(!c.levels[3].notes.is_empty());
    assert_eq!(note.as_deref(), Some(c.levels[3].notes[0].as_str()));
    // A level that is not one of the game's shows no note line.
    let mut other = current.clone();
    other.collection.levels[3].cells.reverse();
    assert_eq!(
        pushbox::game::screens::hud::builtin_note(&other, list),
        None
    );
}

/// A push into a dead corner raises the deadlock warning with the box named; the undo clears it,
/// a redo raises it again; with that warning switched off in the settings, nothing is said.
#[test]
fn a_deadlocking_push_is_flagged_until_undone() {
    use pushbox::core::deadlock::Deadlock;
    use pushbox::game::{DeadlockWarning, WarningSettings};
    let c = pushbox::core::formats::xsb::read("wall.xsb", "#####\n#@  #\n# $ #\n# . #\n#####\n")
        .unwrap();
    let mut app = app(Some((c, 0)));
    let warning = |app: &App| app.world().resource::<DeadlockWarning>().0.clone();
    assert_eq!(warning(&app), None);
    send(&mut app, PlayerCommand::Step(Direction::Down));
    settle(&mut app);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    assert_eq!(warning(&app), Some(Deadlock::DeadSquare(Pos::new(3, 2))));
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    assert_eq!(warning(&app), None, "the undo clears it");
    send(&mut app, PlayerCommand::Redo);
    settle(&mut app);
    assert!(warning(&app).is_some(), "a redo raises it again");
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    // Each detector sees it in its own way; switched off one by one, the next one speaks.
    for (k, next) in [(0, Some("freeze")), (1, Some("bipartite")), (2, None)] {
        send(&mut app, ScreenCommand::ToggleWarning(k));
        settle(&mut app);
        assert_eq!(
            warning(&app).map(|d| d.kind()),
            next,
            "after switching off {k}"
        );
    }
    assert_eq!(
        *app.world().resource::<WarningSettings>(),
        WarningSettings(pushbox::core::deadlock::Detectors {
            dead_square: false,
            freeze: false,
            closed_diagonal: true,
            bipartite: false
        })
    );
}

/// Reverse play: B switches the board to the boxes on the goals; a tap on a box lights the cells
/// it can be pulled to, a tap on one pulls it there; pulling every box home solves the level, and
/// the forward solution it stands for joins the records. Each direction keeps its own game.
#[test]
fn reverse_play_pulls_the_boxes_home_and_solves_the_level() {
    use pushbox::game::BoxSelection;
    use pushbox::game::mechanics::save::Saves;
    let mut app = app(Some((builtin(), 0))); // "#@ $ .#"
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    assert_eq!(moves(&app), 1);
    send(&mut app, PlayerCommand::Reverse);
    settle(&mut app);
    let game = || |app: &App| app.world().resource::<Session>().game.clone();
    let g = game()(&app);
    assert!(g.is_reverse());
    assert_eq!(g.board().boxes().collect::<Vec<_>>(), [Pos::new(5, 1)]);
    assert_eq!((worker(&app), moves(&app)), (Pos::new(1, 1), 0));
    check_mirror(&mut app);
    // The box on the goal can be pulled left, never into the corner by the wall.
    send(&mut app, PlayerCommand::Tap(Pos::new(5, 1)));
    settle(&mut app);
    let sel = app.world().resource::<BoxSelection>().0.clone().unwrap();
    assert_eq!(
        sel.targets,
        [Pos::new(2, 1), Pos::new(3, 1), Pos::new(4, 1)]
    );
    send(&mut app, PlayerCommand::Tap(Pos::new(3, 1)));
    settle(&mut app);
    let g = game()(&app);
    assert_eq!(
        (g.board().moves(), g.board().pushes()),
        (5, 2),
        "{:?}",
        g.board()
    );
    assert_eq!(play_now(&app), Play::Solved);
    check_mirror(&mut app);
    let records = app
        .world()
        .resource::<Saves>()
        .progress
        .records(&builtin().levels[0])
        .cloned()
        .expect("the forward solution is a record");
    let best = records.best_moves.unwrap();
    assert_eq!((best.moves, best.pushes), (3, 2));
    assert_eq!(best.lurd.as_deref(), Some("rRR"));
    // Undo leaves the solved state; B goes back to the forward game as it was, and again to
    // reverse play as it was.
    send(&mut app, PlayerCommand::Undo);
    settle(&mut app);
    assert_eq!(play_now(&app), Play::Active);
    send(&mut app, PlayerCommand::Reverse);
    settle(&mut app);
    assert!(!game()(&app).is_reverse());
    assert_eq!(moves(&app), 1, "the forward game kept its move");
    check_mirror(&mut app);
    send(&mut app, PlayerCommand::Reverse);
    settle(&mut app);
    assert!(game()(&app).is_reverse());
    assert_eq!(
        game()(&app).redo_list().len(),
        5,
        "the reverse game kept its redo"
    );
}

/// Before the first pull the worker may start on any free cell, even one it cannot walk to.
#[test]
fn reverse_play_starts_the_worker_where_the_player_taps() {
    let c = pushbox::core::formats::xsb::read("r.xsb", "#######\n#@ $. #\n#######\n").unwrap();
    let mut app = app(Some((c, 0)));
    send(&mut app, PlayerCommand::Reverse);
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(1, 1));
    send(&mut app, PlayerCommand::Tap(Pos::new(5, 1)));
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(5, 1), "placed beyond the box");
    check_mirror(&mut app);
    send(&mut app, PlayerCommand::Tap(Pos::new(2, 1)));
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(2, 1), "and back");
    // After a pull the worker walks only where it can.
    send(&mut app, PlayerCommand::Step(Direction::Right));
    settle(&mut app);
    send(&mut app, PlayerCommand::Step(Direction::Left));
    settle(&mut app);
    let g = app.world().resource::<Session>().game.clone();
    assert_eq!(g.board().pushes(), 1, "{:?}", g.board());
    send(&mut app, PlayerCommand::Tap(Pos::new(5, 1)));
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(2, 1), "no jump after a pull");
    assert_eq!(moves(&app), 2);
}

/// The daily screen opens from the title screen, the level and the level browser, and Close,
/// Escape and Menu go back to where it was opened from.
#[test]
fn the_daily_screen_opens_from_everywhere_and_goes_back_there() {
    let mut app = app(Some((builtin(), 0)));
    for (cmd, then) in [
        (ScreenCommand::Back, Play::Title),
        (ScreenCommand::Daily, Play::Daily),
        (ScreenCommand::Back, Play::Title),
        (ScreenCommand::Daily, Play::Daily),
        (ScreenCommand::Daily, Play::Title),
        (ScreenCommand::Back, Play::Active),
        (ScreenCommand::Daily, Play::Daily),
        (ScreenCommand::Menu, Play::Active),
        (ScreenCommand::Levels, Play::Picking),
        (ScreenCommand::Daily, Play::Daily),
        (ScreenCommand::Back, Play::Picking),
        (ScreenCommand::Back, Play::Active),
    ] {
        two_frames(&mut app, cmd);
        assert_eq!(play_now(&app), then, "after {cmd:?}");
    }
    // The settings do not open over it (it has no way back to them).
    two_frames(&mut app, ScreenCommand::Daily);
    two_frames(&mut app, ScreenCommand::Settings);
    assert_eq!(play_now(&app), Play::Daily);
}
