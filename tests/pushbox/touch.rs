//! Touch gestures and the Back key, fed as Bevy input messages into a headless game. The board is
//! placed on a virtual screen at one logical pixel per world unit: cell (x, y) covers screen
//! pixels x*64..x*64+64, y*64..y*64+64.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKeyCode};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use pushbox::core::Pos;
use pushbox::game::ScreenCommand;
use pushbox::game::Unreachable;
use pushbox::game::{BoardScreen, BoardZoom};
use pushbox::game::{Play, PlayerCommand, Session};

use crate::game::{builtin, settle};

fn app_on(level: usize) -> App {
    let mut app = crate::game::bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(pushbox::game::CurrentLevel {
        collection: builtin(),
        index: level,
        source: "test".into(),
    });
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    let b = app.world().resource::<Session>().game.board().clone();
    let (w, h) = (b.width(), b.height());
    app.insert_resource(BoardScreen {
        origin: Vec2::new(w as f32 * 32.0, h as f32 * 32.0),
        scale: 1.0,
        size: (w, h),
    });
    app.update();
    app
}

fn centre(x: u32, y: u32) -> Vec2 {
    Vec2::new(x as f32 * 64.0 + 32.0, y as f32 * 64.0 + 32.0)
}

fn touch(app: &mut App, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window: Entity::PLACEHOLDER,
        force: None,
        id,
    });
}

fn worker(app: &App) -> Pos {
    app.world().resource::<Session>().game.board().worker_pos()
}

fn moves(app: &App) -> u32 {
    app.world().resource::<Session>().game.board().moves()
}

fn commands(app: &mut App) -> Vec<PlayerCommand> {
    let msgs = app.world().resource::<Messages<PlayerCommand>>();
    msgs.iter_current_update_messages().copied().collect()
}

#[test]
fn a_tap_walks_and_a_tap_on_an_adjacent_box_pushes() {
    // Level 3: worker at (3,3), boxes at (2,2) and (4,2).
    let mut app = app_on(2);
    touch(&mut app, 1, TouchPhase::Started, centre(1, 1));
    app.update();
    touch(
        &mut app,
        1,
        TouchPhase::Ended,
        centre(1, 1) + Vec2::new(6.0, -5.0),
    );
    app.update();
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(1, 1));
    assert_eq!(moves(&app), 4);
    // Walk under the box at (2,2), then tap it and the cell above it: a push up.
    touch(&mut app, 2, TouchPhase::Started, centre(2, 3));
    touch(&mut app, 2, TouchPhase::Ended, centre(2, 3));
    app.update();
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(2, 3));
    for (finger, cell) in [(3, centre(2, 2)), (4, centre(2, 1))] {
        touch(&mut app, finger, TouchPhase::Started, cell);
        touch(&mut app, finger, TouchPhase::Ended, cell);
        app.update();
        settle(&mut app);
    }
    assert_eq!(worker(&app), Pos::new(2, 2));
    assert_eq!(app.world().resource::<Session>().game.board().pushes(), 1);
}

#[test]
fn on_a_slow_device_a_quick_tap_still_taps_and_a_held_finger_does_not() {
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;
    let frame = |app: &mut App, ms: u64| {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            ms,
        )));
    };
    // A frame a second (a phone's browser on a slow GPU): the release comes in the next frame,
    // a whole second after the press, and is still a tap.
    let mut app = app_on(2);
    frame(&mut app, 1000);
    touch(&mut app, 1, TouchPhase::Started, centre(1, 1));
    app.update();
    touch(&mut app, 1, TouchPhase::Ended, centre(1, 1));
    app.update();
    frame(&mut app, 100);
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(1, 1));
    // Ten frames a second: a finger resting for eight frames is not a tap.
    touch(&mut app, 2, TouchPhase::Started, centre(3, 3));
    for _ in 0..8 {
        app.update();
    }
    touch(&mut app, 2, TouchPhase::Ended, centre(3, 3));
    app.update();
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(1, 1), "a hold does not walk");
}

#[test]
fn a_swipe_steps_once_in_its_direction() {
    let mut app = app_on(2);
    let start = centre(3, 3);
    touch(&mut app, 1, TouchPhase::Started, start);
    app.update();
    // Slowly right, in small moves: one step when it passes the swipe distance, not before.
    for dx in [10.0, 20.0, 30.0] {
        touch(&mut app, 1, TouchPhase::Moved, start + Vec2::new(dx, 3.0));
        app.update();
        assert_eq!(moves(&app), 0, "{dx} px is not a swipe yet");
    }
    touch(&mut app, 1, TouchPhase::Moved, start + Vec2::new(45.0, 3.0));
    app.update();
    touch(&mut app, 1, TouchPhase::Ended, start + Vec2::new(50.0, 3.0));
    app.update();
    settle(&mut app);
    assert_eq!(worker(&app), Pos::new(4, 3));
    assert_eq!(moves(&app), 1, "a swipe is one step and not a tap");
    // Up is up: screen y grows downward.
    touch(&mut app, 2, TouchPhase::Started, centre(4, 3));
    touch(
        &mut app,
        2,
        TouchPhase::Moved,
        centre(4, 3) - Vec2::new(0.0, 60.0),
    );
    touch(
        &mut app,
        2,
        TouchPhase::Ended,
        centre(4, 3) - Vec2::new(0.0, 60.0),
    );
    app.update();
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Session>().game.board().pushes(),
        1,
        "pushed the box above"
    );
}

#[test]
fn a_swipe_held_at_its_end_keeps_stepping_until_lifted() {
    // Level 2: the worker at (4,2) in a row of floor up to (7,2).
    let mut app = app_on(1);
    assert_eq!(worker(&app), Pos::new(4, 2));
    let start = centre(4, 2);
    touch(&mut app, 1, TouchPhase::Started, start);
    app.update();
    touch(&mut app, 1, TouchPhase::Moved, start - Vec2::new(50.0, 0.0));
    app.update();
    assert_eq!(moves(&app), 1);
    for _ in 0..3 {
        app.update();
    }
    let after_hold = moves(&app);
    assert!(after_hold >= 2, "holding repeats: {after_hold} moves");
    for _ in 0..10 {
        app.update();
    }
    // (1,2) is the last floor cell to the left: stepping stops at the wall.
    assert_eq!(worker(&app), Pos::new(1, 2));
    let at_wall = moves(&app);
    touch(&mut app, 1, TouchPhase::Ended, start - Vec2::new(50.0, 0.0));
    app.update();
    settle(&mut app);
    assert_eq!(moves(&app), at_wall, "nothing after the finger is lifted");
    // A swipe released at once does not repeat.
    touch(&mut app, 2, TouchPhase::Started, centre(1, 2));
    touch(
        &mut app,
        2,
        TouchPhase::Moved,
        centre(1, 2) + Vec2::new(50.0, 0.0),
    );
    touch(
        &mut app,
        2,
        TouchPhase::Ended,
        centre(1, 2) + Vec2::new(50.0, 0.0),
    );
    for _ in 0..8 {
        app.update();
    }
    assert_eq!(moves(&app), at_wall + 1);
}

#[test]
fn a_pinch_zooms_and_pans_and_moves_nothing() {
    let mut app = app_on(2);
    let (a, b) = (centre(3, 3), centre(4, 3));
    touch(&mut app, 1, TouchPhase::Started, a);
    touch(&mut app, 2, TouchPhase::Started, b);
    app.update();
    // Spread to twice the distance, and drift both fingers 80 px right: far more than a swipe.
    for k in 1..=4 {
        let f = k as f32 / 4.0;
        touch(
            &mut app,
            1,
            TouchPhase::Moved,
            a - Vec2::new(32.0 * f, 0.0) + Vec2::new(80.0 * f, 0.0),
        );
        touch(
            &mut app,
            2,
            TouchPhase::Moved,
            b + Vec2::new(32.0 * f, 0.0) + Vec2::new(80.0 * f, 0.0),
        );
        app.update();
    }
    let z = *app.world().resource::<BoardZoom>();
    assert!((z.zoom - 2.0).abs() < 1e-3, "zoom {}", z.zoom);
    // The board point that was under the fingers' midpoint is under it again: with the camera's
    // centre at the screen point of the old origin, the new origin is where pan and zoom put it.
    let s0 = *app.world().resource::<BoardScreen>();
    let (m0, m1) = ((a + b) / 2.0, (a + b) / 2.0 + Vec2::new(80.0, 0.0));
    let world_at = |origin: Vec2, k: f32, p: Vec2| Vec2::new(p.x - origin.x, origin.y - p.y) / k;
    let origin1 = s0.origin - Vec2::new(z.pan.x, -z.pan.y) * 2.0;
    let (w0, w1) = (world_at(s0.origin, 1.0, m0), world_at(origin1, 2.0, m1));
    assert!(w0.distance(w1) < 1e-3, "{w0} under the fingers, then {w1}");
    touch(&mut app, 1, TouchPhase::Ended, a);
    app.update();
    touch(&mut app, 2, TouchPhase::Ended, b);
    app.update();
    settle(&mut app);
    assert_eq!(moves(&app), 0, "a pinch is never a move or a tap");
    assert_eq!(worker(&app), Pos::new(3, 3));
    // Zoom stays within limits.
    touch(&mut app, 3, TouchPhase::Started, a);
    touch(&mut app, 4, TouchPhase::Started, a + Vec2::new(10.0, 0.0));
    app.update();
    touch(&mut app, 4, TouchPhase::Moved, a + Vec2::new(1000.0, 0.0));
    app.update();
    assert_eq!(app.world().resource::<BoardZoom>().zoom, 8.0);
}

#[test]
fn fingers_landing_one_after_the_other_do_not_tap() {
    let mut app = app_on(2);
    touch(&mut app, 1, TouchPhase::Started, centre(1, 1));
    app.update();
    touch(&mut app, 2, TouchPhase::Started, centre(5, 1));
    app.update();
    touch(&mut app, 1, TouchPhase::Ended, centre(1, 1));
    app.update();
    let sent = commands(&mut app);
    touch(&mut app, 2, TouchPhase::Ended, centre(5, 1));
    app.update();
    let sent2 = commands(&mut app);
    settle(&mut app);
    assert!(sent.is_empty() && sent2.is_empty(), "{sent:?} {sent2:?}");
    assert_eq!(moves(&app), 0);
    let unreachable = app.world().resource::<Messages<Unreachable>>();
    assert_eq!(unreachable.len(), 0);
}

#[test]
fn a_double_tap_on_empty_space_fits_the_board_again() {
    let mut app = app_on(2);
    *app.world_mut().resource_mut::<BoardZoom>() = BoardZoom {
        zoom: 3.0,
        pan: Vec2::new(50.0, -20.0),
    };
    let outside = Vec2::new(-40.0, -40.0);
    for id in [1, 2] {
        touch(&mut app, id, TouchPhase::Started, outside);
        touch(&mut app, id, TouchPhase::Ended, outside);
        app.update();
        if id == 1 {
            assert_eq!(app.world().resource::<BoardZoom>().zoom, 3.0, "one tap");
        }
    }
    assert_eq!(*app.world().resource::<BoardZoom>(), BoardZoom::default());
    // A wall cell is empty space too; a single tap there moves nothing.
    touch(&mut app, 3, TouchPhase::Started, centre(0, 0));
    touch(&mut app, 3, TouchPhase::Ended, centre(0, 0));
    app.update();
    settle(&mut app);
    assert_eq!(moves(&app), 0);
}

fn back(app: &mut App) {
    let window = Entity::PLACEHOLDER;
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Unidentified(NativeKeyCode::Unidentified),
            logical_key: Key::BrowserBack,
            state,
            text: None,
            repeat: false,
            window,
        });
        app.update();
    }
    app.update();
}

#[test]
fn the_back_key_undoes_then_goes_back_one_screen_at_a_time() {
    let mut app = app_on(2);
    crate::game::send(
        &mut app,
        PlayerCommand::Step(pushbox::core::Direction::Left),
    );
    settle(&mut app);
    assert_eq!(moves(&app), 1);
    back(&mut app);
    settle(&mut app);
    assert_eq!(moves(&app), 0, "undone");
    let play = |app: &App| *app.world().resource::<State<Play>>().get();
    assert_eq!(play(&app), Play::Active);
    back(&mut app);
    assert_eq!(play(&app), Play::Title, "at the start: the title screen");
    #[derive(Resource, Default)]
    struct Exits(usize);
    app.init_resource::<Exits>().add_systems(
        Last,
        |mut r: MessageReader<AppExit>, mut n: ResMut<Exits>| n.0 += r.read().count(),
    );
    let exits = |app: &App| app.world().resource::<Exits>().0;
    back(&mut app);
    assert_eq!(
        play(&app),
        Play::Active,
        "back on the title screen returns to the level"
    );
    assert_eq!(exits(&app), 0, "and never closes the game");
    // The browser, the settings and the solved panel close to where they were opened from.
    for (open, from) in [
        (ScreenCommand::Levels, Play::Active),
        (ScreenCommand::Settings, Play::Active),
    ] {
        crate::game::send(&mut app, open);
        app.update();
        app.update();
        assert_ne!(play(&app), from, "{open:?} opened");
        back(&mut app);
        assert_eq!(play(&app), from, "back from {open:?}");
    }
    crate::game::send(&mut app, ScreenCommand::Menu);
    app.update();
    app.update();
    crate::game::send(&mut app, ScreenCommand::Levels);
    app.update();
    app.update();
    assert_eq!(play(&app), Play::Picking);
    back(&mut app);
    assert_eq!(
        play(&app),
        Play::Title,
        "the browser opened from the title returns there"
    );
    assert_eq!(exits(&app), 0);
}
