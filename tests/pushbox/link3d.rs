//! Link 3D in headless apps: opened from the Link screen and left back to it, selecting,
//! matching, buried tiles refused, hint, undo, redo, restart, shuffle, pause, a block cleared by
//! its own order with its best time, and the game saved after each move to `link3d.ron` and
//! restored by the next app (a broken file named, kept aside, a new deal).

use std::path::Path;

use bevy::prelude::*;
use pushbox::core::link::LinkGame;
use pushbox::core::link3d::{Block, Cell3, deal};
use pushbox::core::save::{Link3dSave, SavedLink, Store};
use pushbox::game::mechanics::save::{SaveConfig, Saves};
use pushbox::game::{Link3dAtStart, Link3dCommand, Link3dPlay, Link3dRemoved};
use pushbox::game::{Notices, Play, ScreenCommand};

use crate::game::{bare_app, send};

/// A headless app opened in Link 3D on a seeded deal (saving into `data` when given).
fn block_app(size: [i32; 3], seed: u64, data: Option<&Path>) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    let [w, h, d] = size;
    app.insert_resource(Link3dAtStart {
        block: deal(w, h, d, seed).unwrap().0,
        seed,
    });
    if let Some(dir) = data {
        app.insert_resource(SaveConfig {
            dir: Some(dir.to_path_buf()),
            force_instant: false,
        });
    }
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(state(&app), Play::Link3d);
    app
}

fn state(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

fn play(app: &App) -> &Link3dPlay {
    app.world().resource::<Link3dPlay>()
}

fn cmd(app: &mut App, c: Link3dCommand) {
    send(app, c);
    app.update();
}

fn pick(app: &mut App, c: Cell3) {
    cmd(app, Link3dCommand::Pick(c));
}

fn removals(app: &mut App) -> Vec<Link3dRemoved> {
    app.world_mut()
        .resource_mut::<Messages<Link3dRemoved>>()
        .drain()
        .collect()
}

#[test]
fn picking_matching_buried_tiles_and_the_history() {
    let mut app = block_app([4, 4, 4], 3, None);
    let (dealt, order) = deal(4, 4, 4, 3).unwrap();
    assert_eq!(play(&app).block(), &dealt);
    // A buried tile (the middle of a full block) cannot be selected.
    let buried = Cell3::new(1, 1, 1);
    assert!(!dealt.reachable(buried));
    pick(&mut app, buried);
    assert_eq!(play(&app).selected, None);
    // Select and deselect; a wrong second tap selects the new tile.
    let (a, b) = order[0];
    pick(&mut app, a);
    pick(&mut app, a);
    assert_eq!(play(&app).selected, None);
    let other = dealt
        .cells()
        .find(|&c| dealt.get(c) != dealt.get(a) && dealt.reachable(c))
        .unwrap();
    pick(&mut app, a);
    pick(&mut app, other);
    assert_eq!(play(&app).selected, Some(other));
    assert!(removals(&mut app).is_empty());
    // The pair: removed, its line told to the screen.
    pick(&mut app, a);
    pick(&mut app, b);
    assert_eq!(play(&app).block().tiles(), 62);
    let r = removals(&mut app);
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].a, r[0].b), (a, b));
    assert_eq!(dealt.link(a, b), Some(r[0].line));
    // Hint: a playable pair, and the next one when pressed again.
    cmd(&mut app, Link3dCommand::Hint);
    let (h1, h2, line) = play(&app).hint.expect("a hint");
    assert_eq!(play(&app).block().link(h1, h2), Some(line));
    cmd(&mut app, Link3dCommand::Hint);
    if play(&app).playable > 1 {
        assert_ne!(play(&app).hint.map(|h| (h.0, h.1)), Some((h1, h2)));
    }
    // Undo, redo, restart.
    cmd(&mut app, Link3dCommand::Undo);
    assert_eq!(play(&app).block(), &dealt);
    cmd(&mut app, Link3dCommand::Redo);
    assert_eq!(play(&app).block().tiles(), 62);
    cmd(&mut app, Link3dCommand::Restart);
    assert_eq!(play(&app).block(), &dealt);
    // Shuffle keeps the cells that hold tiles and the faces.
    cmd(&mut app, Link3dCommand::Shuffle);
    let shuffled = play(&app).block().clone();
    assert_ne!(shuffled, dealt);
    assert_eq!(shuffled.tiles(), 64);
    // Pause: taps do nothing, the clock stops; Pause again goes on.
    cmd(&mut app, Link3dCommand::Pause);
    assert!(play(&app).paused && play(&app).panel_up());
    let clock = play(&app).clock;
    let &(x, y, _) = &shuffled.playable_pairs()[0];
    pick(&mut app, x);
    pick(&mut app, y);
    assert_eq!(play(&app).block().tiles(), 64);
    assert_eq!(play(&app).clock, clock);
    cmd(&mut app, Link3dCommand::Pause);
    assert!(!play(&app).paused);
    // The keyboard's cursor: Tab goes through the tiles that can be picked, in reading order,
    // never a buried one; Enter picks the one under it.
    let block = play(&app).block().clone();
    let pickable: Vec<Cell3> = block.cells().filter(|&c| block.reachable(c)).collect();
    cmd(&mut app, Link3dCommand::NextTile(true));
    assert_eq!(play(&app).cursor, Some(pickable[0]));
    cmd(&mut app, Link3dCommand::NextTile(true));
    assert_eq!(play(&app).cursor, Some(pickable[1]));
    cmd(&mut app, Link3dCommand::NextTile(false));
    cmd(&mut app, Link3dCommand::NextTile(false));
    assert_eq!(
        play(&app).cursor,
        pickable.last().copied(),
        "round the block"
    );
    cmd(&mut app, Link3dCommand::PickAtCursor);
    assert_eq!(play(&app).selected, pickable.last().copied());
    // Size: the next size is the next offered one, and a new deal of it is dealt.
    cmd(&mut app, Link3dCommand::NextSize);
    let b = play(&app).block();
    assert_eq!([b.width(), b.height(), b.depth()], [6, 4, 4]);
    assert_eq!(b.tiles(), 96);
}

#[test]
fn a_block_cleared_by_its_order_keeps_its_best_time_and_the_link_screen_is_one_step_back() {
    let d = crate::temp_dir("link3d-best");
    let mut app = block_app([4, 4, 2], 5, Some(&d));
    let (_, order) = deal(4, 4, 2, 5).unwrap();
    for &(a, b) in &order {
        assert!(play(&app).block().reachable(a) && play(&app).block().reachable(b));
        pick(&mut app, a);
        pick(&mut app, b);
    }
    let finish = play(&app).finish.expect("cleared");
    assert!(finish.record && finish.best_before.is_none());
    let best = app.world().resource::<Saves>().progress.link_best["4x4x2"];
    assert_eq!(best, finish.millis);
    // Back goes to the 2D Link screen; the Link 3D command comes back to the same game.
    send(&mut app, ScreenCommand::Back);
    app.update();
    app.update();
    assert_eq!(state(&app), Play::Link);
    send(&mut app, ScreenCommand::Link3d);
    app.update();
    app.update();
    assert_eq!(state(&app), Play::Link3d);
    assert!(play(&app).game.is_cleared());
    // Escape's Back twice: the Link screen, then the title screen.
    send(&mut app, ScreenCommand::Back);
    app.update();
    app.update();
    send(&mut app, ScreenCommand::Back);
    app.update();
    app.update();
    assert_eq!(state(&app), Play::Title);
}

/// A headless app on the data folder `d` that opens Link 3D from the title screen through the
/// Link screen, as a player does.
fn app_through_the_screens(d: &Path) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(SaveConfig {
        dir: Some(d.to_path_buf()),
        force_instant: false,
    });
    app.insert_resource(pushbox::game::screens::title::TitleAtStart);
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    app.update();
    for c in [ScreenCommand::Link, ScreenCommand::Link3d] {
        send(&mut app, c);
        app.update();
        app.update();
    }
    assert_eq!(state(&app), Play::Link3d);
    app
}

#[test]
fn the_game_is_saved_after_each_move_and_a_broken_file_is_kept_aside() {
    let d = crate::temp_dir("link3d-save");
    let mut app = block_app([6, 4, 4], 8, Some(&d));
    let (_, order) = deal(6, 4, 4, 8).unwrap();
    for &(a, b) in &order[..5] {
        pick(&mut app, a);
        pick(&mut app, b);
    }
    cmd(&mut app, Link3dCommand::Undo);
    app.update();
    let saved = Store::new(&d).read::<Link3dSave>(Store::LINK3D).value;
    let game = saved.game.as_ref().expect("saved");
    assert_eq!((game.moves.len(), game.applied), (5, 4));
    assert_eq!(saved.block, [6, 4, 4]);
    let block = play(&app).block().clone();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    drop(app);
    // The 2D game's file is not touched by Link 3D.
    assert!(!d.join(Store::LINK).exists());

    let mut next = app_through_the_screens(&d);
    assert_eq!(play(&next).block(), &block);
    cmd(&mut next, Link3dCommand::Redo);
    assert_eq!(play(&next).block().tiles(), 96 - 10);
    drop(next);

    // A file whose moves do not replay: named in a notice, kept aside, a new deal.
    let (b, _) = deal(4, 4, 2, 1).unwrap();
    let bad = Link3dSave {
        game: Some(SavedLink::of(&LinkGame::<Block>::new(b, false), 1, 0)),
        ..Link3dSave::default()
    };
    let mut bad = bad;
    if let Some(g) = bad.game.as_mut() {
        g.moves = vec!["0,0,0-3,3,1".into()];
        g.applied = 1;
    }
    Store::new(&d).write(Store::LINK3D, &bad).unwrap();
    let third = app_through_the_screens(&d);
    let notices = third.world().resource::<Notices>().0.join("\n");
    assert!(
        notices.contains("link3d.ron") && notices.contains("move 1"),
        "{notices}"
    );
    assert_eq!(play(&third).block().tiles(), 64, "a new 4x4x4 deal");
    let aside = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("link3d.ron.bad")
        });
    assert!(aside, "the broken file is kept aside");
}
