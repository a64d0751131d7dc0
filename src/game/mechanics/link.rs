//! The Link (連連看) mode's play: the game in progress (`vocab::link::LinkPlay`), the player's commands
//! applied to it through the core's rules (`core::link`), the clock, best times, and the game
//! saved to `link.ron` after each move and restored when the mode opens again (also after a
//! restart of the app). The screen that draws it is `screens/link.rs`.
//!
//! Keys in the mode: arrows move the cursor, Enter or Space picks, H hint, X shuffle, Z or
//! Backspace undo, Y redo, R restart, N new deal, P pause, Escape back to the title screen. A
//! gamepad: d-pad, South picks, East undoes, West hints, Start pauses.
//!
//! Siblings: `save` (the data folder and the records the best times join), `sound` (the cues a
//! match, an undo and a cleared board make).

use std::time::Duration;

use crate::core::Direction;
use crate::core::link::{Cell, LinkBoard, LinkGame};
use crate::core::save::{LinkSave, SavedLink, Store};
use crate::game::mechanics::save::{AppLeaving, Saves, offer_link_time};
use crate::game::mechanics::sound::SoundCue;
use crate::game::vocab::*;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<LinkCommand>()
        .add_message::<LinkRemoved>()
        .add_systems(OnEnter(Screen::Playing), open_at_start)
        .add_systems(OnEnter(Play::Link), open_link)
        .add_systems(OnExit(Play::Link), save_link)
        .add_systems(
            Update,
            (
                read_link_keys.in_set(ReadActions),
                play_link.in_set(AppSystems::Plan),
                tick_clock.in_set(AppSystems::Simulate),
                save_after_moves.after(AppSystems::SyncView),
            )
                .run_if(in_state(Play::Link)),
        )
        .add_systems(Last, save_on_exit.run_if(in_state(Play::Link)));
}

/// `link play` on the command line opens the mode at once.
fn open_at_start(at_start: Option<Res<LinkAtStart>>, mut next: ResMut<NextState<Play>>) {
    if at_start.is_some() {
        next.set(Play::Link);
    }
}

/// Opening the mode: the game left on screen, else the saved one, else a new deal (the size the
/// player chose last; on a portrait screen the first time, a portrait size).
fn open_link(
    mut commands: Commands,
    existing: Option<Res<LinkPlay>>,
    at_start: Option<Res<LinkAtStart>>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    window: Query<&Window, With<PrimaryWindow>>,
) {
    if let Some(start) = at_start.as_deref() {
        commands.remove_resource::<LinkAtStart>();
        let game = LinkGame::new(start.board.clone(), start.gravity);
        commands.insert_resource(LinkPlay::new(game, start.seed, Duration::ZERO));
        return;
    }
    if existing.is_some() {
        return;
    }
    let saved = saves
        .store()
        .map(|s| s.read::<LinkSave>(Store::LINK))
        .map(|loaded| {
            for n in loaded.notices {
                notices.say(i18n::store_notice(&n));
            }
            loaded.value
        });
    let file = saves
        .store()
        .map_or_else(String::new, |s| s.path(Store::LINK).display().to_string());
    let mut prefs = saved.unwrap_or_default();
    // New deals get a size whose tiles a finger can pick on this window: the one chosen last if
    // it is, else the first that is.
    let offered = sizes_for(
        window
            .single()
            .ok()
            .map(|w| Vec2::new(w.width(), w.height())),
    );
    if !offered.contains(&(prefs.width, prefs.height)) {
        (prefs.width, prefs.height) = offered[0];
    }
    if let Some(game) = prefs.game.as_ref() {
        match game.restore::<LinkBoard>() {
            Ok(g) => {
                let mut play = LinkPlay::new(g, game.seed, Duration::from_millis(game.millis));
                play.next_size = (prefs.width, prefs.height);
                play.next_gravity = prefs.gravity;
                commands.insert_resource(play);
                return;
            }
            // The file is kept aside (never overwritten by the new deal's saves).
            Err(e) => {
                let kept = saves.store().map(|s| s.set_aside(Store::LINK));
                let kept = match kept {
                    Some(Ok(to)) => format!("; it was moved to {}", to.display()),
                    Some(Err(e)) => format!("; it could not be moved aside ({e})"),
                    None => String::new(),
                };
                notices.say(t!(
                    "link-restore-failed",
                    file = file.to_string(),
                    problem = format!("{e}{kept}")
                ));
            }
        }
    }
    let size = (prefs.width, prefs.height);
    commands.insert_resource(LinkPlay::dealt(size, prefs.gravity, fresh_seed(0)));
}

/// The keyboard and the gamepad in the mode (the arrows and Enter move and press a panel's
/// buttons instead while one is up).
fn read_link_keys(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    play: Option<Res<LinkPlay>>,
    mut out: MessageWriter<LinkCommand>,
) {
    let panel = play.as_ref().is_none_or(|p| p.panel_up());
    let pressed = |k: KeyCode| keys.just_pressed(k);
    let pad = |b: GamepadButton| pads.iter().any(|p| p.just_pressed(b));
    let mut send = |c| {
        out.write(c);
    };
    if !panel {
        for (k, b, d) in [
            (KeyCode::ArrowUp, GamepadButton::DPadUp, Direction::Up),
            (KeyCode::ArrowDown, GamepadButton::DPadDown, Direction::Down),
            (KeyCode::ArrowLeft, GamepadButton::DPadLeft, Direction::Left),
            (
                KeyCode::ArrowRight,
                GamepadButton::DPadRight,
                Direction::Right,
            ),
        ] {
            if pressed(k) || pad(b) {
                send(LinkCommand::Cursor(d));
            }
        }
        if pressed(KeyCode::Enter) || pressed(KeyCode::Space) || pad(GamepadButton::South) {
            send(LinkCommand::PickAtCursor);
        }
    }
    for (k, c) in [
        (KeyCode::KeyH, LinkCommand::Hint),
        (KeyCode::KeyX, LinkCommand::Shuffle),
        (KeyCode::KeyZ, LinkCommand::Undo),
        (KeyCode::Backspace, LinkCommand::Undo),
        (KeyCode::KeyY, LinkCommand::Redo),
        (KeyCode::KeyR, LinkCommand::Restart),
        (KeyCode::KeyN, LinkCommand::NewDeal),
        (KeyCode::KeyP, LinkCommand::Pause),
        (KeyCode::Pause, LinkCommand::Pause),
    ] {
        if pressed(k) {
            send(c);
        }
    }
    for (b, c) in [
        (GamepadButton::East, LinkCommand::Undo),
        (GamepadButton::West, LinkCommand::Hint),
        (GamepadButton::Start, LinkCommand::Pause),
    ] {
        if pad(b) {
            send(c);
        }
    }
}

/// The commands, through the core's rules.
fn play_link(
    mut cmds: MessageReader<LinkCommand>,
    play: Option<ResMut<LinkPlay>>,
    mut removed: MessageWriter<LinkRemoved>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    mut cues: MessageWriter<SoundCue>,
    window: Query<&Window, With<PrimaryWindow>>,
) {
    let Some(mut play) = play else { return };
    let offered = sizes_for(
        window
            .single()
            .ok()
            .map(|w| Vec2::new(w.width(), w.height())),
    );
    for &cmd in cmds.read() {
        // While paused only Pause (and leaving) does anything.
        if play.paused && cmd != LinkCommand::Pause {
            continue;
        }
        let (moves, seed) = (play.game.applied(), play.seed);
        match cmd {
            LinkCommand::Pick(c) => pick(&mut play, c, &mut removed),
            LinkCommand::PickAtCursor => {
                let c = play.cursor;
                pick(&mut play, c, &mut removed);
            }
            LinkCommand::Cursor(d) => move_cursor(&mut play, d),
            LinkCommand::Hint => play.hint = next_hint(&play),
            _ => history(&mut play, cmd, &offered),
        }
        if play.seed != seed {
            continue;
        }
        match play.game.applied().cmp(&moves) {
            std::cmp::Ordering::Greater => cues.write(SoundCue::Goal),
            std::cmp::Ordering::Less => cues.write(SoundCue::Undo),
            std::cmp::Ordering::Equal => continue,
        };
        // A board cleared by the player's moves (an empty deal is never a time).
        if play.game.is_cleared() && play.finish.is_none() && play.game.applied() > 0 {
            play.finish = Some(finished(&play, &mut saves, &mut notices));
            cues.write(SoundCue::Solved);
        }
    }
}

/// The playable pair after the one shown (in reading order, round to the first): Hint pressed
/// again shows another pair.
fn next_hint(play: &LinkPlay) -> Option<(Cell, Cell, crate::core::link::Line)> {
    let pairs = play.board().playable_pairs();
    let after = play
        .hint
        .and_then(|(a, b, _)| pairs.iter().position(|&(x, y, _)| (x, y) == (a, b)))
        .map_or(0, |i| i + 1);
    pairs.get(after).or(pairs.first()).copied()
}

/// Undo, redo, restart, shuffle, new deals, pause, size (from those `offered`) and variant.
fn history(play: &mut LinkPlay, cmd: LinkCommand, offered: &[(i32, i32)]) {
    let changed = match cmd {
        LinkCommand::Undo => play.game.undo(),
        LinkCommand::Redo => play.game.redo(),
        LinkCommand::Restart => {
            play.game.restart();
            true
        }
        LinkCommand::Shuffle => {
            let seed = play.seed ^ (play.game.applied() as u64 + 1).wrapping_mul(0x9e37_79b9);
            play.game.shuffle(seed)
        }
        LinkCommand::Pause => {
            play.paused = !play.paused && play.finish.is_none();
            false
        }
        LinkCommand::NewDeal | LinkCommand::NextSize | LinkCommand::Gravity => {
            let (mut size, mut gravity) = (play.next_size, play.next_gravity);
            if cmd == LinkCommand::NextSize {
                let i = offered.iter().position(|&s| s == size).map_or(0, |i| i + 1);
                size = offered[i % offered.len()];
            }
            gravity ^= cmd == LinkCommand::Gravity;
            *play = LinkPlay::dealt(size, gravity, fresh_seed(play.seed));
            false
        }
        _ => false,
    };
    if changed {
        play.selected = None;
        // Undoing the last pair of a cleared board plays on.
        if !play.game.is_cleared() {
            play.finish = None;
        }
        play.refresh();
    }
}

/// A tap on a tile: select it, deselect it, or remove the pair it makes with the selection.
fn pick(play: &mut LinkPlay, c: Cell, removed: &mut MessageWriter<LinkRemoved>) {
    let face = play.board().get(c);
    if face == 0 {
        play.selected = None;
        return;
    }
    play.cursor = c;
    match play.selected {
        Some(s) if s == c => play.selected = None,
        Some(s) => {
            let before = play.board().clone();
            match play.game.remove(s, c) {
                Some(line) => {
                    play.selected = None;
                    play.refresh();
                    removed.write(LinkRemoved {
                        a: s,
                        b: c,
                        face,
                        line,
                        before,
                    });
                }
                // A wrong second tap selects that tile instead.
                None => play.selected = Some(c),
            }
        }
        None => play.selected = Some(c),
    }
}

/// The cursor moves one cell and wraps round the board's edges.
fn move_cursor(play: &mut LinkPlay, d: Direction) {
    let (w, h) = (play.board().width(), play.board().height());
    let (dx, dy) = match d {
        Direction::Up => (0, -1),
        Direction::Down => (0, 1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
    };
    let c = play.cursor;
    play.cursor = Cell::new((c.x + dx).rem_euclid(w), (c.y + dy).rem_euclid(h));
    play.cursor_shown = true;
}

/// The board is clear: the time joins the best times (kept with the records).
fn finished(play: &LinkPlay, saves: &mut Saves, notices: &mut Notices) -> Finish {
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

fn tick_clock(time: Res<Time>, play: Option<ResMut<LinkPlay>>) {
    if let Some(mut play) = play
        && !play.panel_up()
    {
        play.clock += time.delta();
    }
}

/// What the file holds: the game and the choices for new deals.
fn link_save(play: &LinkPlay) -> LinkSave {
    LinkSave {
        width: play.next_size.0,
        height: play.next_size.1,
        gravity: play.next_gravity,
        game: Some(SavedLink::of(
            &play.game,
            play.seed,
            play.clock.as_millis() as u64,
        )),
        ..LinkSave::default()
    }
}

/// Writes `link.ron` (a failure is said once, in the notice line).
fn write_link(saves: &Saves, notices: &mut Notices, play: &LinkPlay, failing: &mut bool) {
    let Some(store) = saves.store() else { return };
    match store.write(Store::LINK, &link_save(play)) {
        Ok(()) => *failing = false,
        Err(e) if !*failing => {
            *failing = true;
            notices.say(t!(
                "link-save-failed",
                path = store.path(Store::LINK).display().to_string(),
                problem = e.to_string()
            ));
        }
        Err(_) => {}
    }
}

/// After each move (and each new deal or choice), the game is written.
fn save_after_moves(
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    play: Option<Res<LinkPlay>>,
    mut written: Local<Option<(u64, usize, usize, (i32, i32), bool)>>,
    mut failing: Local<bool>,
) {
    let Some(play) = play else { return };
    let now = (
        play.seed,
        play.game.moves().len(),
        play.game.applied(),
        play.next_size,
        play.next_gravity,
    );
    if *written != Some(now) {
        write_link(&saves, &mut notices, &play, &mut failing);
        *written = Some(now);
    }
}

/// Leaving the mode keeps the clock's time too.
fn save_link(saves: Res<Saves>, mut notices: ResMut<Notices>, play: Option<Res<LinkPlay>>) {
    if let Some(play) = play {
        write_link(&saves, &mut notices, &play, &mut false);
    }
}

/// The app closing (or a phone suspending it) while the mode is open.
fn save_on_exit(
    mut leaving: AppLeaving,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    play: Option<Res<LinkPlay>>,
) {
    if leaving.now()
        && let Some(play) = play
    {
        write_link(&saves, &mut notices, &play, &mut false);
    }
}
