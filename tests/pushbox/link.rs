//! The Link mode in headless apps: selecting, matching, wrong second taps, hint, shuffle, stuck,
//! gravity, the clock and best times, leaving and coming back, and the game saved after each
//! move and restored by the next app on the same data folder.

use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;
use pushbox::core::link::{Cell, LinkBoard, LinkGame, deal};
use pushbox::core::save::{LinkSave, Store};
use pushbox::game::mechanics::save::SaveConfig;
use pushbox::game::mechanics::sound::SoundCue;
use pushbox::game::{LinkAtStart, LinkPlay, LinkRemoved};
use pushbox::game::{LinkCommand, Notices, Play, PlayerCommand, ScreenCommand, Session};

use crate::game::{bare_app, send};

/// A headless app opened in the Link mode on a seeded deal (saving into `data` when given).
fn link_app(size: (i32, i32), gravity: bool, seed: u64, data: Option<&Path>) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(LinkAtStart {
        board: deal(size.0, size.1, gravity, seed).unwrap().0,
        gravity,
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
    assert_eq!(play_state(&app), Play::Link);
    app
}

/// A headless app on the data folder `d`, opened at the title screen as a plain start is.
fn title_app(d: &Path) -> App {
    let mut app = bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(SaveConfig {
        dir: Some(d.to_path_buf()),
        force_instant: false,
    });
    app.insert_resource(pushbox::game::screens::title::TitleAtStart);
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    app
}

fn play_state(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

fn link(app: &App) -> &LinkPlay {
    app.world().resource::<LinkPlay>()
}

fn cmd(app: &mut App, c: LinkCommand) {
    send(app, c);
    app.update();
}

fn pick(app: &mut App, c: Cell) {
    cmd(app, LinkCommand::Pick(c));
}

/// The removals the screen was told about since the last call.
fn removals(app: &mut App) -> Vec<LinkRemoved> {
    app.world_mut()
        .resource_mut::<Messages<LinkRemoved>>()
        .drain()
        .collect()
}

fn cues(app: &mut App) -> Vec<SoundCue> {
    app.world_mut()
        .resource_mut::<Messages<SoundCue>>()
        .drain()
        .collect()
}

/// Two tiles of one face that no line joins on this board.
fn unlinked_pair(board: &LinkBoard) -> Option<(Cell, Cell)> {
    let tiles: Vec<Cell> = board.cells().filter(|&c| board.get(c) != 0).collect();
    tiles.iter().enumerate().find_map(|(i, &a)| {
        tiles[i + 1..]
            .iter()
            .find(|&&b| board.get(a) == board.get(b) && board.link(a, b).is_none())
            .map(|&b| (a, b))
    })
}

#[test]
fn selecting_matching_and_wrong_second_taps() {
    let mut app = link_app((18, 8), false, 7, None);
    let (dealt, order) = deal(18, 8, false, 7).unwrap();
    assert_eq!(link(&app).board(), &dealt, "the seeded deal");
    let (a, b) = order[0];
    // Select, then the same tile again: deselected.
    pick(&mut app, a);
    assert_eq!(link(&app).selected, Some(a));
    pick(&mut app, a);
    assert_eq!(link(&app).selected, None);
    // A tile of another face second: that one is selected instead, nothing removed.
    let other = dealt
        .cells()
        .find(|&c| dealt.get(c) != dealt.get(a))
        .unwrap();
    pick(&mut app, a);
    pick(&mut app, other);
    assert_eq!(link(&app).selected, Some(other));
    assert_eq!(link(&app).board().tiles(), 144);
    // Same face but no line: also a wrong second tap.
    let (u, v) = unlinked_pair(&dealt).expect("a full deal has unlinked same-face pairs");
    pick(&mut app, u);
    pick(&mut app, v);
    assert_eq!(link(&app).selected, Some(v));
    assert_eq!(link(&app).board().tiles(), 144);
    assert!(removals(&mut app).is_empty());
    // The pair: removed, its line told to the screen on the board as it was.
    cues(&mut app);
    pick(&mut app, a);
    pick(&mut app, b);
    let board = link(&app).board().clone();
    assert_eq!((board.get(a), board.get(b), board.tiles()), (0, 0, 142));
    let r = removals(&mut app);
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].a, r[0].b), (a, b));
    assert_eq!(r[0].before, dealt);
    assert_eq!(dealt.link(a, b), Some(r[0].line));
    assert!(cues(&mut app).contains(&SoundCue::Goal));
    // A tap on an empty cell deselects.
    pick(&mut app, order[1].0);
    pick(&mut app, a);
    assert_eq!(link(&app).selected, None);
    // The Sokoban keys do nothing to the level under the Link screen.
    send(&mut app, PlayerCommand::Undo);
    app.update();
    assert_eq!(link(&app).board().tiles(), 142);
}

#[test]
fn hint_undo_redo_restart_and_the_cursor() {
    let mut app = link_app((14, 6), false, 3, None);
    let dealt = link(&app).board().clone();
    cmd(&mut app, LinkCommand::Hint);
    let (a, b, line) = link(&app).hint.expect("a hint on a fresh deal");
    assert_eq!(dealt.link(a, b), Some(line));
    // Hint again: the next playable pair, and round to the first after the last.
    let pairs = dealt.playable_pairs();
    cmd(&mut app, LinkCommand::Hint);
    assert_eq!(link(&app).hint, Some(pairs[1]));
    for _ in 1..pairs.len() {
        cmd(&mut app, LinkCommand::Hint);
    }
    assert_eq!(link(&app).hint, Some(pairs[0]));
    pick(&mut app, a);
    pick(&mut app, b);
    assert!(link(&app).hint.is_none(), "the hint goes with the move");
    let after = link(&app).board().clone();
    cmd(&mut app, LinkCommand::Undo);
    assert_eq!(link(&app).board(), &dealt);
    cmd(&mut app, LinkCommand::Redo);
    assert_eq!(link(&app).board(), &after);
    cmd(&mut app, LinkCommand::Restart);
    assert_eq!(link(&app).board(), &dealt);
    cmd(&mut app, LinkCommand::Redo);
    assert_eq!(link(&app).board(), &after);
    // The cursor wraps round the edges and picks what it is on.
    for _ in 0..3 {
        cmd(
            &mut app,
            LinkCommand::Cursor(pushbox::core::Direction::Left),
        );
    }
    assert_eq!(link(&app).cursor, Cell::new((b.x - 3).rem_euclid(14), b.y));
    let c = link(&app).cursor;
    cmd(&mut app, LinkCommand::PickAtCursor);
    assert_eq!(
        link(&app).selected,
        (link(&app).board().get(c) != 0).then_some(c)
    );
}

#[test]
fn stuck_offers_shuffle_and_undo_and_stops_the_clock() {
    let mut app = link_app((6, 4), false, 1, None);
    // Two pairs crossed: nothing can be joined.
    let crossed = LinkBoard::from_text("ab\nba\n").unwrap();
    app.insert_resource(LinkPlay::new(
        LinkGame::new(crossed.clone(), false),
        5,
        Duration::from_secs(10),
    ));
    app.update();
    assert!(link(&app).stuck());
    let clock = link(&app).clock;
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(link(&app).clock, clock, "the clock stops while stuck");
    cmd(&mut app, LinkCommand::Shuffle);
    assert!(!link(&app).stuck(), "the shuffle deals a clearable board");
    let mut faces = link(&app).board().faces();
    faces.sort_unstable();
    assert_eq!(faces, [1, 1, 2, 2]);
    cmd(&mut app, LinkCommand::Undo);
    assert_eq!(link(&app).board(), &crossed, "undo takes the shuffle back");
    assert!(link(&app).stuck());
}

#[test]
fn gravity_lets_tiles_fall_and_the_order_clears_the_board() {
    let mut app = link_app((8, 12), true, 5, None);
    let (dealt, order) = deal(8, 12, true, 5).unwrap();
    assert_eq!(link(&app).board(), &dealt);
    for &(a, b) in &order {
        pick(&mut app, a);
        pick(&mut app, b);
        let board = link(&app).board();
        // Every column is packed at the bottom.
        for x in 0..8 {
            let filled: Vec<bool> = (0..12).map(|y| board.get(Cell::new(x, y)) != 0).collect();
            assert!(
                filled.windows(2).all(|w| !w[0] || w[1]),
                "column {x} has a gap"
            );
        }
    }
    assert!(link(&app).game.is_cleared());
    let finish = link(&app).finish.expect("finished");
    assert!(finish.record && finish.best_before.is_none());
}

#[test]
fn pause_hides_nothing_from_the_rules_but_stops_the_clock_and_taps() {
    let mut app = link_app((6, 4), false, 2, None);
    let (_, order) = deal(6, 4, false, 2).unwrap();
    app.update();
    let before = link(&app).clock;
    assert!(before > Duration::ZERO, "the clock runs");
    cmd(&mut app, LinkCommand::Pause);
    let paused = link(&app).clock;
    pick(&mut app, order[0].0);
    pick(&mut app, order[0].1);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(link(&app).clock, paused);
    assert_eq!(link(&app).board().tiles(), 24, "no taps while paused");
    cmd(&mut app, LinkCommand::Pause);
    app.update();
    assert!(link(&app).clock > paused);
}

/// Clearing a board records the time with the best times (a second, slower clear keeps the
/// first); Escape goes to the title screen and Link comes back to the same game.
#[test]
fn best_times_leaving_and_coming_back() {
    let d = crate::temp_dir("link-best");
    let mut app = link_app((6, 4), false, 4, Some(&d));
    let (_, order) = deal(6, 4, false, 4).unwrap();
    for &(a, b) in &order {
        pick(&mut app, a);
        pick(&mut app, b);
    }
    let first = link(&app).finish.expect("cleared");
    assert!(first.record);
    let progress = app
        .world()
        .resource::<pushbox::game::mechanics::save::Saves>()
        .progress
        .clone();
    assert_eq!(progress.link_best["6x4"], first.millis);
    let on_disk = Store::new(&d)
        .read::<pushbox::core::save::Progress>(Store::PROGRESS)
        .value;
    assert_eq!(on_disk.link_best["6x4"], first.millis);
    // Undo the last pair, wait, clear again: slower, not a record.
    cmd(&mut app, LinkCommand::Undo);
    assert!(link(&app).finish.is_none());
    for _ in 0..5 {
        app.update();
    }
    let last = *order.last().unwrap();
    pick(&mut app, last.0);
    pick(&mut app, last.1);
    let second = link(&app).finish.unwrap();
    assert!(!second.record && second.millis > first.millis);
    assert_eq!(second.best_before, Some(first.millis));
    // Back to the title screen and into the mode again: the same game.
    let board = link(&app).board().clone();
    send(&mut app, ScreenCommand::Back);
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Title);
    send(&mut app, ScreenCommand::Link);
    app.update();
    app.update();
    assert_eq!(play_state(&app), Play::Link);
    assert_eq!(link(&app).board(), &board);
    // The Sokoban level under it is untouched.
    assert_eq!(app.world().resource::<Session>().game.board().moves(), 0);
}

/// The game is written after each move; the next app on the same folder, opening the mode from
/// the title screen, has it back exactly (board, undo and redo, clock). A broken file is named
/// in a notice, kept aside, and a new deal starts.
#[test]
fn the_game_is_saved_after_each_move_and_restored_by_the_next_app() {
    let d = crate::temp_dir("link-save");
    let mut app = link_app((14, 6), true, 9, Some(&d));
    let (_, order) = deal(14, 6, true, 9).unwrap();
    for &(a, b) in &order[..4] {
        pick(&mut app, a);
        pick(&mut app, b);
    }
    cmd(&mut app, LinkCommand::Undo);
    for _ in 0..3 {
        app.update();
    }
    let saved = Store::new(&d).read::<LinkSave>(Store::LINK).value;
    assert_eq!(saved.game.as_ref().map(|g| g.moves.len()), Some(4));
    assert_eq!(saved.game.as_ref().map(|g| g.applied), Some(3));
    let board = link(&app).board().clone();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let clock = link(&app).clock;
    drop(app);

    let mut next = title_app(&d);
    next.update();
    assert_eq!(play_state(&next), Play::Title);
    send(&mut next, ScreenCommand::Link);
    next.update();
    next.update();
    assert_eq!(link(&next).board(), &board);
    assert!(link(&next).game.gravity());
    // The clock goes on from where it was saved (a frame or two of 100 ms since).
    let on = link(&next).clock.saturating_sub(clock).as_millis();
    assert!(link(&next).clock >= clock && on <= 200, "{on} ms");
    cmd(&mut next, LinkCommand::Redo);
    assert_eq!(link(&next).board().tiles(), 14 * 6 - 8);
    drop(next);

    // A broken file: said, moved aside, a new deal.
    std::fs::write(d.join(Store::LINK), "(version: 1, width: oops").unwrap();
    let _ = std::fs::remove_file(d.join("link.ron.bak"));
    let mut third = title_app(&d);
    send(&mut third, ScreenCommand::Link);
    third.update();
    third.update();
    assert_eq!(
        link(&third).board().tiles(),
        18 * 8,
        "a new deal of the default size"
    );
    let notices = third.world().resource::<Notices>().0.join("\n");
    assert!(notices.contains("link.ron"), "{notices}");
    let aside = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| e.file_name().to_string_lossy().starts_with("link.ron.bad"));
    assert!(aside, "the broken file is kept aside");
    drop(third);

    // A file that reads but whose moves do not replay: named, kept aside, a new deal.
    let (board, _) = deal(6, 4, false, 1).unwrap();
    let bad = LinkSave {
        game: Some(pushbox::core::save::SavedLink {
            deal: board.text(),
            gravity: false,
            seed: 1,
            moves: vec!["0,0-5,3".into()],
            applied: 1,
            millis: 5,
        }),
        ..LinkSave::default()
    };
    for f in std::fs::read_dir(&d).unwrap().filter_map(|e| e.ok()) {
        let _ = std::fs::remove_file(f.path());
    }
    Store::new(&d).write(Store::LINK, &bad).unwrap();
    let mut fourth = title_app(&d);
    send(&mut fourth, ScreenCommand::Link);
    fourth.update();
    fourth.update();
    let notices = fourth.world().resource::<Notices>().0.join("\n");
    assert!(
        notices.contains("move 1 (0,0-5,3) is not legal"),
        "{notices}"
    );
    let kept = std::fs::read_to_string(d.join("link.ron.bad-1")).unwrap();
    assert!(
        kept.contains("0,0-5,3"),
        "the player's file is kept as it was"
    );
}
