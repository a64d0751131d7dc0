//! The app's life on a phone: when Android suspends the app the game is saved (`save.rs`) and
//! sound pauses; on resume sound plays again and the board is as it was. With the low-power
//! update mode (Android), frames are drawn only while something moves or on input: this plugin
//! asks for the next frame while an animation, a walk, a replay or a notice is running.

use crate::game::vocab::*;
use bevy::audio::AudioSinkPlayback;
use bevy::prelude::*;
use bevy::window::{AppLifecycle, RequestRedraw};

/// Sounds the app paused when it was suspended (to play again on resume).
#[derive(Component)]
struct PausedBySuspend;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<AppLifecycle>()
        .add_message::<RequestRedraw>()
        .add_systems(Update, (pause_sound_in_background, keep_drawing));
}

fn pause_sound_in_background(
    mut commands: Commands,
    mut lifecycle: MessageReader<AppLifecycle>,
    sinks: Query<(Entity, &AudioSink, Has<PausedBySuspend>)>,
) {
    for l in lifecycle.read() {
        match l {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => {
                for (e, sink, _) in &sinks {
                    if !sink.is_paused() {
                        sink.pause();
                        commands.entity(e).insert(PausedBySuspend);
                    }
                }
            }
            AppLifecycle::WillResume | AppLifecycle::Running => {
                for (e, sink, paused_by_us) in &sinks {
                    if paused_by_us {
                        sink.play();
                        commands.entity(e).remove::<PausedBySuspend>();
                    }
                }
            }
            AppLifecycle::Idle => {}
        }
    }
}

/// In the reactive update mode, keeps frames coming while anything is in motion.
fn keep_drawing(
    animating: Option<Res<Animating>>,
    queue: Option<Res<StepQueue>>,
    replay: Option<Res<Replay>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let moving = animating.is_some_and(|a| a.0)
        || queue.is_some_and(|q| !q.is_idle())
        || replay.is_some_and(|r| r.playing);
    if moving {
        redraw.write(RequestRedraw);
    }
}
