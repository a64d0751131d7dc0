//! Link 3D's play (with the `link3d` feature): the game in progress (`vocab::link3d::Link3dPlay`),
//! the player's commands applied to it through the core's rules (`core::link3d`), the clock,
//! best times, and the game saved to `link3d.ron` after each move and restored when the mode
//! opens again. The screen that draws it and turns the block is `screens/link3d.rs`.
//!
//! Keys: Tab (Shift+Tab) moves the cursor to the next (previous) tile that can be picked, Enter
//! or Space picks it, H hint, X shuffle, Z or Backspace undo, Y redo, R restart, N new deal, P
//! pause, Escape back to the Link screen (the arrows turn the block: the screen's). A gamepad:
//! d-pad right and left move the cursor, South picks, East undoes, West hints, Start pauses.
//!
//! Siblings: `save` (the data folder and the records the best times join), `sound` (the cues a
//! match, an undo and a cleared block make).

use std::time::Duration;

use crate::core::link::LinkGame;
use crate::core::link3d::{Block, Cell3, Line3};
use crate::core::save::{Link3dSave, SavedLink, Store};
use crate::game::mechanics::save::{AppLeaving, Saves, offer_link_time};
use crate::game::mechanics::sound::SoundCue;
use crate::game::vocab::*;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Link3dRemoved>()
        .add_systems(OnEnter(Screen::Playing), open_at_start)
        .add_systems(OnEnter(Play::Link3d), open_link3d)
        .add_systems(OnExit(Play::Link3d), save_on_leaving)
        .add_systems(
            Update,
            (
                read_keys.in_set(ReadActions),
                play_link3d.in_set(AppSystems::Plan),
                tick_clock.in_set(AppSystems::Simulate),
                save_after_moves.after(AppSystems::SyncView),
            )
                .run_if(in_state(Play::Link3d)),
        )
        .add_systems(Last, save_on_exit.run_if(in_state(Play::Link3d)));
}

/// `link play --size WxHxD` opens the mode at once.
fn open_at_start(at_start: Option<Res<Link3dAtStart>>, mut next: ResMut<NextState<Play>>) {
    if at_start.is_some() {
        next.set(Play::Link3d);
    }
}

/// Opening the mode: the game left on screen, else the saved one, else a new deal of the size
/// chosen last. A saved game that does not restore is moved aside and said, never overwritten.
fn open_link3d(
    mut commands: Commands,
    existing: Option<Res<Link3dPlay>>,
    at_start: Option<Res<Link3dAtStart>>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
) {
    if let Some(start) = at_start.as_deref() {
        commands.remove_resource::<Link3dAtStart>();
        let game = LinkGame::new(start.block.clone(), false);
        commands.insert_resource(Link3dPlay::new(game, start.seed, Duration::ZERO));
        return;
    }
    if existing.is_some() {
        return;
    }
    let Some(store) = saves.store() else {
        commands.insert_resource(Link3dPlay::dealt(BLOCK_SIZES[1], fresh_seed(0)));
        return;
    };
    let loaded = store.read::<Link3dSave>(Store::LINK3D);
    for n in &loaded.notices {
        notices.say(i18n::store_notice(n));
    }
    let prefs = loaded.value;
    let size = if BLOCK_SIZES.contains(&prefs.block) {
        prefs.block
    } else {
        BLOCK_SIZES[1]
    };
    if let Some(saved) = prefs.game.as_ref() {
        match saved.restore::<Block>() {
            Ok(g) => {
                let mut play = Link3dPlay::new(g, saved.seed, Duration::from_millis(saved.millis));
                play.next_size = size;
                commands.insert_resource(play);
                return;
            }
            Err(e) => {
                let kept = match store.set_aside(Store::LINK3D) {
                    Ok(to) => format!("; it was moved to {}", to.display()),
                    Err(e) => format!("; it could not be moved aside ({e})"),
                };
                notices.say(t!(
                    "link3d-restore-failed",
                    file = store.path(Store::LINK3D).display().to_string(),
                    problem = format!("{e}{kept}")
                ));
            }
        }
    }
    commands.insert_resource(Link3dPlay::dealt(size, fresh_seed(0)));
}

/// The mode's keys and gamepad buttons (the arrows turn the block: the screen reads them).
fn read_keys(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    play: Option<Res<Link3dPlay>>,
    mut out: MessageWriter<Link3dCommand>,
) {
    let pad = |b: GamepadButton| pads.iter().any(|p| p.just_pressed(b));
    // While a panel is up the arrows and Enter are its buttons' (`mechanics/focus.rs`).
    if play.is_some_and(|p| !p.panel_up()) {
        let back = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        if keys.just_pressed(KeyCode::Tab) {
            out.write(Link3dCommand::NextTile(!back));
        }
        for (b, forward) in [
            (GamepadButton::DPadRight, true),
            (GamepadButton::DPadLeft, false),
        ] {
            if pad(b) {
                out.write(Link3dCommand::NextTile(forward));
            }
        }
        if keys.any_just_pressed([KeyCode::Enter, KeyCode::Space]) || pad(GamepadButton::South) {
            out.write(Link3dCommand::PickAtCursor);
        }
    }
    for (k, c) in [
        (KeyCode::KeyH, Link3dCommand::Hint),
        (KeyCode::KeyX, Link3dCommand::Shuffle),
        (KeyCode::KeyZ, Link3dCommand::Undo),
        (KeyCode::Backspace, Link3dCommand::Undo),
        (KeyCode::KeyY, Link3dCommand::Redo),
        (KeyCode::KeyR, Link3dCommand::Restart),
        (KeyCode::KeyN, Link3dCommand::NewDeal),
        (KeyCode::KeyP, Link3dCommand::Pause),
        (KeyCode::Pause, Link3dCommand::Pause),
    ] {
        if keys.just_pressed(k) {
            out.write(c);
        }
    }
    for (b, c) in [
        (GamepadButton::East, Link3dCommand::Undo),
        (GamepadButton::West, Link3dCommand::Hint),
        (GamepadButton::Start, Link3dCommand::Pause),
    ] {
        if pad(b) {
            out.write(c);
        }
    }
}

/// The commands, through the core's rules.
fn play_link3d(
    mut cmds: MessageReader<Link3dCommand>,
    play: Option<ResMut<Link3dPlay>>,
    mut removed: MessageWriter<Link3dRemoved>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    mut cues: MessageWriter<SoundCue>,
) {
    let Some(mut play) = play else { return };
    for &cmd in cmds.read() {
        // While paused only Pause (and leaving) does anything.
        if play.paused && cmd != Link3dCommand::Pause {
            continue;
        }
        let (moves, seed) = (play.game.applied(), play.seed);
        match cmd {
            Link3dCommand::Pick(c) => pick(&mut play, c, &mut removed),
            Link3dCommand::PickAtCursor => {
                if let Some(c) = play.cursor {
                    pick(&mut play, c, &mut removed);
                }
            }
            Link3dCommand::NextTile(forward) => play.cursor = next_tile(&play, forward),
            Link3dCommand::Hint => play.hint = next_hint(&play),
            _ => history(&mut play, cmd),
        }
        if play.seed != seed {
            continue;
        }
        match play.game.applied().cmp(&moves) {
            std::cmp::Ordering::Greater => cues.write(SoundCue::Goal),
            std::cmp::Ordering::Less => cues.write(SoundCue::Undo),
            std::cmp::Ordering::Equal => continue,
        };
        if play.game.is_cleared() && play.finish.is_none() && play.game.applied() > 0 {
            play.finish = Some(finished(&play, &mut saves, &mut notices));
            cues.write(SoundCue::Solved);
        }
    }
}

/// The tile that can be picked after (or before) the cursor, in reading order, round the block.
fn next_tile(play: &Link3dPlay, forward: bool) -> Option<Cell3> {
    let block = play.block();
    let mut tiles: Vec<Cell3> = block.cells().filter(|&c| block.reachable(c)).collect();
    if !forward {
        tiles.reverse();
    }
    let after = play.cursor.and_then(|c| tiles.iter().position(|&t| t == c));
    let next = match after {
        Some(i) => tiles.get(i + 1),
        // From a tile that went (or none): the first past where it was.
        None => play
            .cursor
            .and_then(|c| tiles.iter().find(|&&t| if forward { t > c } else { t < c })),
    };
    next.or(tiles.first()).copied()
}

/// The playable pair after the one shown, round to the first.
fn next_hint(play: &Link3dPlay) -> Option<(Cell3, Cell3, Line3)> {
    let pairs = play.block().playable_pairs();
    let after = play
        .hint
        .and_then(|(a, b, _)| pairs.iter().position(|&(x, y, _)| (x, y) == (a, b)))
        .map_or(0, |i| i + 1);
    pairs.get(after).or(pairs.first()).copied()
}

/// Undo, redo, restart, shuffle, new deals, pause and the next size.
fn history(play: &mut Link3dPlay, cmd: Link3dCommand) {
    let changed = match cmd {
        Link3dCommand::Undo => play.game.undo(),
        Link3dCommand::Redo => play.game.redo(),
        Link3dCommand::Restart => {
            play.game.restart();
            true
        }
        Link3dCommand::Shuffle => {
            let seed = play.seed ^ (play.game.applied() as u64 + 1).wrapping_mul(0x9e37_79b9);
            play.game.shuffle(seed)
        }
        Link3dCommand::Pause => {
            play.paused = !play.paused && play.finish.is_none();
            false
        }
        Link3dCommand::NewDeal | Link3dCommand::NextSize => {
            let mut size = play.next_size;
            if cmd == Link3dCommand::NextSize {
                let i = BLOCK_SIZES
                    .iter()
                    .position(|&s| s == size)
                    .map_or(0, |i| i + 1);
                size = BLOCK_SIZES[i % BLOCK_SIZES.len()];
            }
            *play = Link3dPlay::dealt(size, fresh_seed(play.seed));
            false
        }
        Link3dCommand::Pick(_)
        | Link3dCommand::PickAtCursor
        | Link3dCommand::NextTile(_)
        | Link3dCommand::Hint => false,
    };
    if changed {
        play.selected = None;
        if !play.game.is_cleared() {
            play.finish = None;
        }
        play.refresh();
    }
}

/// A tap on a tile: select it, deselect it, or remove the pair it makes with the selection.
/// Tiles buried inside the block cannot be picked (the screen never sends them; a script might).
fn pick(play: &mut Link3dPlay, c: Cell3, removed: &mut MessageWriter<Link3dRemoved>) {
    let face = play.block().get(c);
    if face == 0 || !play.block().reachable(c) {
        play.selected = None;
        return;
    }
    match play.selected {
        Some(s) if s == c => play.selected = None,
        Some(s) => match play.game.remove(s, c) {
            Some(line) => {
                play.selected = None;
                play.refresh();
                removed.write(Link3dRemoved {
                    a: s,
                    b: c,
                    face,
                    line,
                });
            }
            None => play.selected = Some(c),
        },
        None => play.selected = Some(c),
    }
}

/// The block is clear: the time joins the best times (kept with the records).
fn finished(play: &Link3dPlay, saves: &mut Saves, notices: &mut Notices) -> Finish {
    let millis = play.clock.as_millis() as u64;
    let key = play.best_key();
    let best_before = saves.progress.link_best.get(&key).copied();
    let record = offer_link_time(saves, notices, &key, millis);
    Finish {
        millis,
        best_before,
        record,
    }
}

fn tick_clock(time: Res<Time>, play: Option<ResMut<Link3dPlay>>) {
    if let Some(mut play) = play
        && !play.panel_up()
    {
        play.clock += time.delta();
    }
}

/// Writes `link3d.ron` (a failure is said once, in the notice line).
fn write_link3d(saves: &Saves, notices: &mut Notices, play: &Link3dPlay, failing: &mut bool) {
    let Some(store) = saves.store() else { return };
    let file = Link3dSave {
        block: play.next_size,
        game: Some(SavedLink::of(
            &play.game,
            play.seed,
            play.clock.as_millis() as u64,
        )),
        ..Link3dSave::default()
    };
    match store.write(Store::LINK3D, &file) {
        Ok(()) => *failing = false,
        Err(e) if !*failing => {
            *failing = true;
            notices.say(t!(
                "link-save-failed",
                path = store.path(Store::LINK3D).display().to_string(),
                problem = e.to_string()
            ));
        }
        Err(_) => {}
    }
}

/// After each move (and each new deal or size), the game is written.
fn save_after_moves(
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    play: Option<Res<Link3dPlay>>,
    mut written: Local<Option<(u64, usize, usize, [i32; 3])>>,
    mut failing: Local<bool>,
) {
    let Some(play) = play else { return };
    let now = (
        play.seed,
        play.game.moves().len(),
        play.game.applied(),
        play.next_size,
    );
    if *written != Some(now) {
        write_link3d(&saves, &mut notices, &play, &mut failing);
        *written = Some(now);
    }
}

/// Leaving the mode keeps the clock's time too.
fn save_on_leaving(saves: Res<Saves>, mut notices: ResMut<Notices>, play: Option<Res<Link3dPlay>>) {
    if let Some(play) = play {
        write_link3d(&saves, &mut notices, &play, &mut false);
    }
}

/// The app closing (or a phone suspending it) while the mode is open.
fn save_on_exit(
    mut leaving: AppLeaving,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    play: Option<Res<Link3dPlay>>,
) {
    if leaving.now()
        && let Some(play) = play
    {
        write_link3d(&saves, &mut notices, &play, &mut false);
    }
}
