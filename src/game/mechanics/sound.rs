//! Sound: the project's own synthesised effects (`assets/sounds/make_sounds.py`) for a step, a
//! push, a box onto a goal, an undo and a solved level, with volume and mute. Which sound a move
//! makes is decided here as [`SoundCue`] messages (also in headless apps, where tests read them);
//! the windowed game plays them, and stays silent while the app is in the background (suspended
//! on a phone, or its window hidden or minimised on a desktop).

use crate::game::vocab::*;
use bevy::audio::Volume;
use bevy::prelude::*;
use bevy::window::{AppLifecycle, WindowOccluded};
use bevy_asset_loader::prelude::*;

use crate::core::cell;

/// A sound to play.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundCue {
    Step,
    Push,
    /// A box came to rest on a goal.
    Goal,
    Undo,
    Solved,
}

/// Volume (0 to 1) and mute; saved with the settings.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    pub volume: f32,
    pub muted: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            volume: 0.7,
            muted: false,
        }
    }
}

/// The effects, loaded with the levels (windowed game only).
#[derive(AssetCollection, Resource)]
pub struct SoundAssets {
    #[asset(path = "sounds/step.wav")]
    pub step: Handle<AudioSource>,
    #[asset(path = "sounds/push.wav")]
    pub push: Handle<AudioSource>,
    #[asset(path = "sounds/goal.wav")]
    pub goal: Handle<AudioSource>,
    #[asset(path = "sounds/undo.wav")]
    pub undo: Handle<AudioSource>,
    #[asset(path = "sounds/solved.wav")]
    pub solved: Handle<AudioSource>,
}

/// Cues and settings: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SoundCue>()
        .init_resource::<SoundSettings>()
        .add_systems(
            Update,
            (
                cues.in_set(AppSystems::SyncView),
                sound_commands.in_set(AppSystems::Plan),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_observer(solved_cue);
}

/// Playing the cues: the windowed game adds this (headless apps have no audio).
pub(crate) fn playback_plugin(app: &mut App) {
    app.configure_loading_state(
        LoadingStateConfig::new(Screen::Loading).load_collection::<SoundAssets>(),
    )
    .init_resource::<Background>()
    .add_systems(Update, (track_background, play_cues).chain());
}

/// One cue per kind per frame: a whole walk applied at once (instant mode) is one step sound.
fn cues(
    mut applied: MessageReader<StepApplied>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<SoundCue>,
) {
    let mut seen = std::collections::HashSet::new();
    for a in applied.read() {
        let cue = if a.undo {
            SoundCue::Undo
        } else if let Some(to) = a.moved.box_to {
            let on_goal = session
                .as_ref()
                .and_then(|s| s.game.board().get(to))
                .is_some_and(|c| cell::is_goal(c.byte()));
            if on_goal {
                SoundCue::Goal
            } else {
                SoundCue::Push
            }
        } else {
            SoundCue::Step
        };
        if seen.insert(cue) {
            out.write(cue);
        }
    }
}

fn solved_cue(_: On<LevelSolved>, mut out: MessageWriter<SoundCue>) {
    out.write(SoundCue::Solved);
}

/// M mutes and unmutes; - and = turn the volume down and up by a tenth.
fn sound_commands(
    mut cmds: MessageReader<ScreenCommand>,
    mut sound: ResMut<SoundSettings>,
    mut notices: ResMut<Notices>,
    play: Res<State<Play>>,
) {
    for cmd in cmds.read() {
        // The replay uses - and = for its speed; the designer has keys of its own.
        if matches!(play.get(), Play::Replay | Play::Design) {
            continue;
        }
        match *cmd {
            ScreenCommand::Mute => sound.muted = !sound.muted,
            ScreenCommand::Volume(up) => {
                let step = if up { 0.1 } else { -0.1 };
                sound.volume = ((sound.volume + step) * 10.0).round().clamp(0.0, 10.0) / 10.0;
                sound.muted = false;
            }
            _ => continue,
        }
        notices.say(if sound.muted {
            t!("sound-off")
        } else {
            t!(
                "sound-volume",
                percent = (sound.volume * 100.0).round() as u32
            )
        });
    }
}

/// Whether the app is in the background: suspended (Android) or its window hidden.
#[derive(Resource, Default)]
struct Background {
    suspended: bool,
    hidden: bool,
}

fn track_background(
    mut occluded: MessageReader<WindowOccluded>,
    mut lifecycle: MessageReader<AppLifecycle>,
    mut bg: ResMut<Background>,
) {
    for e in occluded.read() {
        bg.hidden = e.occluded;
    }
    for l in lifecycle.read() {
        bg.suspended = matches!(l, AppLifecycle::WillSuspend | AppLifecycle::Suspended);
    }
}

fn play_cues(
    mut commands: Commands,
    mut cues: MessageReader<SoundCue>,
    sounds: Option<Res<SoundAssets>>,
    settings: Res<SoundSettings>,
    bg: Res<Background>,
) {
    let Some(sounds) = sounds else {
        cues.clear();
        return;
    };
    for cue in cues.read() {
        if settings.muted || settings.volume <= 0.0 || bg.suspended || bg.hidden {
            debug!("silent {cue:?}: muted or in the background");
            continue;
        }
        debug!("sound {cue:?}");
        let handle = match cue {
            SoundCue::Step => &sounds.step,
            SoundCue::Push => &sounds.push,
            SoundCue::Goal => &sounds.goal,
            SoundCue::Undo => &sounds.undo,
            SoundCue::Solved => &sounds.solved,
        };
        commands.spawn((
            AudioPlayer(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
        ));
    }
}
