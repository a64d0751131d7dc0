//! The settings screen: walking speed, instant moves, sound on/off and volume, the deadlock
//! warnings and the language. Every change takes effect at once (a new language redraws the
//! screen) and is saved with the session (`save.rs` writes settings when they change).

use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::prelude::*;

use crate::game::mechanics::sound::SoundSettings;

/// Seconds per step, from fast to slow; the walking speed steps through these.
pub const STEP_SECONDS: [f32; 6] = [0.03, 0.05, 0.07, 0.09, 0.13, 0.18];

/// The settings overlay (for tests and screenshot checks).
#[derive(Component)]
pub struct SettingsPanel;

/// A button whose label shows a setting's current value.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Shows {
    Speed,
    Instant,
    Sound,
    Volume,
    /// A deadlock warning: 0 dead squares, 1 freeze, 2 bipartite, 3 closed diagonal; 4 the
    /// shading of dead squares.
    Warning(u8),
    Language,
}

/// Commands: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        settings_commands
            .in_set(AppSystems::Plan)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The screen: the windowed game adds it.
pub(crate) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::Settings), spawn_settings)
        .add_systems(
            Update,
            (
                show_values,
                respawn_in_new_language.run_if(i18n::language_switched),
            )
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Settings)),
        );
}

/// The index of the speed setting nearest to `seconds`.
fn speed_index(seconds: f32) -> usize {
    (0..STEP_SECONDS.len())
        .min_by(|&a, &b| {
            (STEP_SECONDS[a] - seconds)
                .abs()
                .total_cmp(&(STEP_SECONDS[b] - seconds).abs())
        })
        .unwrap_or(3)
}

fn settings_commands(
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    mut settings: ResMut<Settings>,
    mut warnings: ResMut<WarningSettings>,
    mut shade: ResMut<ShadeDeadSquares>,
    mut language: ResMut<i18n::LanguageChoice>,
    // The screen the settings were opened from: closing returns to the title screen or the level.
    mut back_to: Local<Option<Play>>,
) {
    let close = |back_to: &mut Option<Play>| back_to.take().unwrap_or(Play::Active);
    for cmd in cmds.read() {
        match *cmd {
            ScreenCommand::Settings => match play.get() {
                Play::Settings => next_play.set(close(&mut back_to)),
                from @ (Play::Title | Play::Active | Play::Solved | Play::Picking | Play::Link) => {
                    *back_to = Some(*from);
                    next_play.set(Play::Settings)
                }
                Play::Replay | Play::Design | Play::Snapshots => {}
            },
            ScreenCommand::Speed(faster) => {
                let i = speed_index(settings.step_seconds);
                let j = if faster {
                    i.saturating_sub(1)
                } else {
                    (i + 1).min(STEP_SECONDS.len() - 1)
                };
                settings.step_seconds = STEP_SECONDS[j];
            }
            ScreenCommand::ToggleInstant => settings.instant = !settings.instant,
            // The system's, then each language in turn.
            ScreenCommand::CycleLanguage => {
                language.0 = match language.0 {
                    None => Some(i18n::Lang::ALL[0]),
                    Some(l) => i18n::Lang::ALL.into_iter().skip_while(|&x| x != l).nth(1),
                }
            }
            ScreenCommand::ToggleWarning(k) => {
                let d = &mut warnings.0;
                match k {
                    0 => d.dead_square = !d.dead_square,
                    1 => d.freeze = !d.freeze,
                    2 => d.bipartite = !d.bipartite,
                    3 => d.closed_diagonal = !d.closed_diagonal,
                    _ => shade.0 = !shade.0,
                }
            }
            // Escape and Back close the settings, and so does Tab (the browser's key).
            ScreenCommand::Back | ScreenCommand::Levels if *play.get() == Play::Settings => {
                next_play.set(close(&mut back_to))
            }
            _ => {}
        }
    }
}

/// The screen again, in the language just chosen (only on a change while it is open: the panel
/// is spawned in the language of the moment).
fn respawn_in_new_language(mut commands: Commands, panels: Query<Entity, With<SettingsPanel>>) {
    for p in &panels {
        commands.entity(p).despawn();
    }
    spawn_settings(commands);
}

fn spawn_settings(mut commands: Commands) {
    spawn_overlay(&mut commands, Play::Settings, SettingsPanel, |panel| {
        panel.spawn(text(t!("settings-title"), 30.0));
        let row = || Node {
            width: percent(100),
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            column_gap: px(12),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        };
        for (shows, buttons) in [
            (
                Shows::Speed,
                [
                    (t!("settings-slower"), ScreenCommand::Speed(false)),
                    (t!("settings-faster"), ScreenCommand::Speed(true)),
                ],
            ),
            (
                Shows::Volume,
                [
                    (t!("settings-quieter"), ScreenCommand::Volume(false)),
                    (t!("settings-louder"), ScreenCommand::Volume(true)),
                ],
            ),
        ] {
            panel.spawn(row()).with_children(|r| {
                r.spawn((shows, text("", 22.0)));
                r.spawn(wrap_row()).with_children(|b| {
                    for (label, cmd) in buttons {
                        b.spawn(labelled_button(
                            &label,
                            CommandButton(cmd.into()),
                            88.0,
                            20.0,
                        ))
                        .observe(send_on_click::<CommandButton>);
                    }
                });
            });
        }
        // Switches show their value on the button itself.
        panel.spawn(wrap_row()).with_children(|r| {
            for (shows, cmd) in [
                (Shows::Instant, ScreenCommand::ToggleInstant),
                (Shows::Sound, ScreenCommand::Mute),
                (Shows::Warning(0), ScreenCommand::ToggleWarning(0)),
                (Shows::Warning(1), ScreenCommand::ToggleWarning(1)),
                (Shows::Warning(2), ScreenCommand::ToggleWarning(2)),
                (Shows::Warning(3), ScreenCommand::ToggleWarning(3)),
                (Shows::Warning(4), ScreenCommand::ToggleWarning(4)),
                (Shows::Language, ScreenCommand::CycleLanguage),
            ] {
                r.spawn(labelled_button("", CommandButton(cmd.into()), 220.0, 20.0))
                    .insert(shows)
                    .observe(send_on_click::<CommandButton>);
            }
        });
        panel
            .spawn(labelled_button(
                &t!("settings-close"),
                CommandButton(ScreenCommand::Settings.into()),
                88.0,
                20.0,
            ))
            .observe(send_on_click::<CommandButton>);
    });
}

fn value(
    shows: Shows,
    settings: &Settings,
    sound: &SoundSettings,
    (w, shade, language): (&WarningSettings, &ShadeDeadSquares, &i18n::LanguageChoice),
) -> String {
    let on = |b: bool| {
        if b {
            t!("settings-on")
        } else {
            t!("settings-off")
        }
    };
    match shows {
        Shows::Warning(4) if shade.0 => t!("settings-shade-always"),
        Shows::Warning(4) => t!("settings-shade-selected"),
        Shows::Warning(k) => {
            let (key, v) = match k {
                0 => ("settings-warn-dead-square", w.0.dead_square),
                1 => ("settings-warn-freeze", w.0.freeze),
                2 => ("settings-warn-bipartite", w.0.bipartite),
                _ => ("settings-warn-closed-diagonal", w.0.closed_diagonal),
            };
            t!(key, state = on(v))
        }
        Shows::Speed => t!(
            "settings-speed",
            speed = STEP_SECONDS.len() - speed_index(settings.step_seconds),
            of = STEP_SECONDS.len()
        ),
        Shows::Instant => t!("settings-instant", state = on(settings.instant)),
        Shows::Sound => t!("settings-sound", state = on(!sound.muted)),
        Shows::Volume => t!(
            "settings-volume",
            percent = (sound.volume * 100.0).round() as u32
        ),
        Shows::Language => match language.0 {
            None => t!(
                "settings-language-system",
                language = i18n::native_name(i18n::current())
            ),
            Some(l) => t!("settings-language", language = i18n::native_name(l)),
        },
    }
}

/// Labels, and the switches' own text, follow the settings.
fn show_values(
    settings: Res<Settings>,
    sound: Res<SoundSettings>,
    warnings: Res<WarningSettings>,
    shade: Res<ShadeDeadSquares>,
    language: Res<i18n::LanguageChoice>,
    shown: Query<(&Shows, Option<&Children>, Entity)>,
    mut texts: Query<&mut Text>,
) {
    for (shows, children, e) in &shown {
        let s = value(*shows, &settings, &sound, (&warnings, &shade, &language));
        let targets: Vec<Entity> = match children {
            Some(c) => c.iter().collect(),
            None => vec![e],
        };
        for t in targets {
            if let Ok(mut text) = texts.get_mut(t)
                && text.0 != s
            {
                text.0 = s.clone();
            }
        }
    }
}
