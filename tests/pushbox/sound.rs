//! Which sound each move makes, and the sound settings (headless: the cues, not the speakers).

use bevy::prelude::*;
use pushbox::core::Direction;
use pushbox::game::PlayerCommand;
use pushbox::game::ScreenCommand;
use pushbox::game::mechanics::sound::{SoundCue, SoundSettings};

use crate::game::{send, settle};

fn cues_of(app: &mut App, cmd: PlayerCommand) -> Vec<SoundCue> {
    send(app, cmd);
    let mut all = Vec::new();
    for _ in 0..5 {
        app.update();
        let m = app.world().resource::<Messages<SoundCue>>();
        all.extend(m.iter_current_update_messages().copied());
    }
    settle(app);
    all
}

#[test]
fn steps_pushes_goals_undo_and_solving_each_have_their_sound() {
    // Level 1: "#@ $ .#", the worker two cells left of the box, the goal two to its right.
    let mut app = crate::save::app_on_builtin();
    assert_eq!(
        cues_of(&mut app, PlayerCommand::Step(Direction::Right)),
        [SoundCue::Step]
    );
    assert_eq!(
        cues_of(&mut app, PlayerCommand::Step(Direction::Right)),
        [SoundCue::Push]
    );
    let last = cues_of(&mut app, PlayerCommand::Step(Direction::Right));
    assert!(
        last.contains(&SoundCue::Goal) && last.contains(&SoundCue::Solved),
        "{last:?}"
    );
    assert_eq!(cues_of(&mut app, PlayerCommand::Undo), [SoundCue::Undo]);
}

#[test]
fn mute_and_volume_change_and_are_saved() {
    let d = crate::temp_dir("sound");
    let mut app = crate::save::app_with_data(&d);
    send(&mut app, ScreenCommand::Mute);
    app.update();
    assert!(app.world().resource::<SoundSettings>().muted);
    send(&mut app, ScreenCommand::Volume(false));
    app.update();
    send(&mut app, ScreenCommand::Volume(false));
    app.update();
    let s = *app.world().resource::<SoundSettings>();
    assert_eq!((s.volume, s.muted), (0.5, false), "volume down unmutes");
    for _ in 0..12 {
        send(&mut app, ScreenCommand::Volume(true));
        app.update();
    }
    assert_eq!(
        app.world().resource::<SoundSettings>().volume,
        1.0,
        "at most full"
    );
    send(&mut app, ScreenCommand::Mute);
    app.update();
    app.update();
    let saved = pushbox::core::save::Store::new(&d)
        .read::<pushbox::core::save::Session>("session.ron")
        .value;
    assert_eq!((saved.settings.volume, saved.settings.muted), (1.0, true));
    drop(app);
    let again = crate::save::app_with_data(&d);
    let s = *again.world().resource::<SoundSettings>();
    assert_eq!((s.volume, s.muted), (1.0, true), "restored");
}
