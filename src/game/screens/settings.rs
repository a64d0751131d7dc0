//! The settings screen: walking speed, instant moves, sound on/off and volume, the deadlock
//! warnings and the language. Every change takes effect at once (a new language redraws the
//! screen) and is saved with the session (`save.rs` writes settings when they change).

use crate::game::vocab::icons::{self, Icon};
use crate::game::vocab::palette;
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
                respawn.run_if(i18n::language_switched.or_else(resource_changed::<Layout>)),
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
                from @ (Play::Title
                | Play::Active
                | Play::Solved
                | Play::Picking
                | Play::Link
                | Play::LevelMenu) => {
                    *back_to = Some(*from);
                    next_play.set(Play::Settings)
                }
                Play::Replay | Play::Design | Play::Snapshots | Play::Daily | Play::Link3d => {}
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

/// The screen again, in the language just chosen or for a new layout (only on a change while
/// it is open: the panel is spawned as things are at the moment).
fn respawn(
    mut commands: Commands,
    panels: Query<Entity, With<SettingsPanel>>,
    layout: Res<Layout>,
) {
    for p in &panels {
        commands.entity(p).despawn();
    }
    spawn_settings(commands, layout);
}

/// What a row's control is: a switch, a value with − and +, or a button that cycles.
#[derive(Clone, Copy)]
enum Control {
    Switch(ScreenCommand),
    Stepper([(&'static str, Icon, ScreenCommand); 2]),
    Cycle(ScreenCommand),
}

/// A topic's heading and its rows (label, what it shows, control).
type Group = (&'static str, Vec<(&'static str, Shows, Control)>);

/// The settings by topic.
fn groups() -> [Group; 4] {
    use Control::*;
    use ScreenCommand::*;
    let stepper = |less: (&'static str, ScreenCommand), more: (&'static str, ScreenCommand)| {
        Stepper([
            (less.0, icons::MINUS, less.1),
            (more.0, icons::PLUS, more.1),
        ])
    };
    [
        (
            "settings-group-play",
            vec![
                (
                    "settings-row-speed",
                    Shows::Speed,
                    stepper(
                        ("settings-slower", Speed(false)),
                        ("settings-faster", Speed(true)),
                    ),
                ),
                (
                    "settings-row-instant",
                    Shows::Instant,
                    Switch(ToggleInstant),
                ),
            ],
        ),
        (
            "settings-group-sound",
            vec![
                ("settings-row-sound", Shows::Sound, Switch(Mute)),
                (
                    "settings-row-volume",
                    Shows::Volume,
                    stepper(
                        ("settings-quieter", Volume(false)),
                        ("settings-louder", Volume(true)),
                    ),
                ),
            ],
        ),
        (
            "settings-group-warnings",
            vec![
                (
                    "settings-row-dead-square",
                    Shows::Warning(0),
                    Switch(ToggleWarning(0)),
                ),
                (
                    "settings-row-freeze",
                    Shows::Warning(1),
                    Switch(ToggleWarning(1)),
                ),
                (
                    "settings-row-bipartite",
                    Shows::Warning(2),
                    Switch(ToggleWarning(2)),
                ),
                (
                    "settings-row-closed-diagonal",
                    Shows::Warning(3),
                    Switch(ToggleWarning(3)),
                ),
                (
                    "settings-row-shade",
                    Shows::Warning(4),
                    Switch(ToggleWarning(4)),
                ),
            ],
        ),
        (
            "settings-group-language",
            vec![(
                "settings-row-language",
                Shows::Language,
                Cycle(CycleLanguage),
            )],
        ),
    ]
}

/// A list of rows grouped by topic: the label on the left, its control on the right. On a phone
/// one column that scrolls between the title and Close; with room, two columns.
fn spawn_settings(mut commands: Commands, layout: Res<Layout>) {
    let columns = if layout.compact() { 1 } else { 2 };
    spawn_overlay(&mut commands, Play::Settings, SettingsPanel, |panel| {
        panel.spawn(text(t!("settings-title"), 26.0));
        panel
            .spawn((
                Node {
                    display: Display::Grid,
                    grid_template_columns: RepeatedGridTrack::flex(columns, 1.0),
                    column_gap: px(32),
                    width: px(440.0 * columns as f32),
                    max_width: percent(100),
                    flex_shrink: 1.0,
                    min_height: px(0),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                Scrolls,
                ScrollPosition::default(),
            ))
            .with_children(|grid| {
                let groups = groups();
                let per_column = groups.len().div_ceil(columns as usize);
                for column in groups.chunks(per_column) {
                    grid.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(4),
                        ..default()
                    })
                    .with_children(|list| {
                        for (heading, rows) in column {
                            spawn_group(list, heading, rows);
                        }
                    });
                }
            });
        panel
            .spawn(glyph_button(
                &t!("settings-close"),
                icons::CHECK,
                CommandButton(ScreenCommand::Settings.into()),
                160.0,
                18.0,
            ))
            .insert(ButtonRole::Primary)
            .observe(send_on_click::<CommandButton>);
    });
}

/// A topic's heading and its rows.
fn spawn_group(
    list: &mut ChildSpawnerCommands,
    heading: &str,
    rows: &[(&'static str, Shows, Control)],
) {
    list.spawn((
        text(t!(heading), 14.0),
        Node {
            margin: UiRect::top(px(10)),
            ..default()
        },
    ))
    .insert(TextColor(palette::MUTED_TEXT));
    for (label, shows, control) in rows {
        spawn_row(list, &t!(label), *shows, *control);
    }
}

/// One setting: its label, and its control (named by its full state, "Instant moves: off").
fn spawn_row(list: &mut ChildSpawnerCommands, label: &str, shows: Shows, control: Control) {
    list.spawn(Node {
        width: percent(100),
        min_height: px(FINGER),
        justify_content: JustifyContent::SpaceBetween,
        align_items: AlignItems::Center,
        column_gap: px(12),
        ..default()
    })
    .with_children(|row| {
        row.spawn((
            text(label, 17.0),
            Node {
                flex_shrink: 1.0,
                ..default()
            },
        ));
        row.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(6),
            flex_shrink: 0.0,
            ..default()
        })
        .with_children(|c| spawn_control(c, shows, control));
    });
}

fn spawn_control(c: &mut ChildSpawnerCommands, shows: Shows, control: Control) {
    match control {
        Control::Switch(cmd) => {
            c.spawn(labelled_button("", CommandButton(cmd.into()), 72.0, 16.0))
                .insert((shows, ButtonRole::Toggle, Switched(false)))
                .observe(send_on_click::<CommandButton>);
        }
        Control::Cycle(cmd) => {
            c.spawn(labelled_button("", CommandButton(cmd.into()), 120.0, 16.0))
                .insert(shows)
                .observe(send_on_click::<CommandButton>);
        }
        Control::Stepper([(less, less_icon, less_cmd), (more, more_icon, more_cmd)]) => {
            c.spawn(tool_button(
                &t!(less),
                less_icon,
                CommandButton(less_cmd.into()),
                false,
            ))
            .observe(send_on_click::<CommandButton>);
            c.spawn((
                shows,
                figures("", 17.0),
                TextLayout::justify(Justify::Center),
                Node {
                    min_width: px(56),
                    ..default()
                },
            ));
            c.spawn(tool_button(
                &t!(more),
                more_icon,
                CommandButton(more_cmd.into()),
                false,
            ))
            .observe(send_on_click::<CommandButton>);
        }
    }
}

/// What a setting shows: its full state (the control's name: "Instant moves: off"), the short
/// form its control shows ("Off", "4/6", "English"), and a switch's state.
struct Value {
    full: String,
    short: String,
    on: Option<bool>,
}

fn value(
    shows: Shows,
    settings: &Settings,
    sound: &SoundSettings,
    (w, shade, language): (&WarningSettings, &ShadeDeadSquares, &i18n::LanguageChoice),
) -> Value {
    let on = |b: bool| {
        if b {
            t!("settings-on")
        } else {
            t!("settings-off")
        }
    };
    let switch = |full: String, state: bool| Value {
        full,
        short: t!(if state {
            "settings-switch-on"
        } else {
            "settings-switch-off"
        }),
        on: Some(state),
    };
    let shown = |full: String, short: String| Value {
        full,
        short,
        on: None,
    };
    match shows {
        Shows::Warning(4) if shade.0 => switch(t!("settings-shade-always"), true),
        Shows::Warning(4) => switch(t!("settings-shade-selected"), false),
        Shows::Warning(k) => {
            let (key, v) = match k {
                0 => ("settings-warn-dead-square", w.0.dead_square),
                1 => ("settings-warn-freeze", w.0.freeze),
                2 => ("settings-warn-bipartite", w.0.bipartite),
                _ => ("settings-warn-closed-diagonal", w.0.closed_diagonal),
            };
            switch(t!(key, state = on(v)), v)
        }
        Shows::Speed => {
            let (speed, of) = (
                STEP_SECONDS.len() - speed_index(settings.step_seconds),
                STEP_SECONDS.len(),
            );
            shown(
                t!("settings-speed", speed = speed, of = of),
                format!("{speed}/{of}"),
            )
        }
        Shows::Instant => switch(
            t!("settings-instant", state = on(settings.instant)),
            settings.instant,
        ),
        Shows::Sound => switch(t!("settings-sound", state = on(!sound.muted)), !sound.muted),
        Shows::Volume => {
            let percent = (sound.volume * 100.0).round() as u32;
            shown(
                t!("settings-volume", percent = percent),
                format!("{percent}%"),
            )
        }
        Shows::Language => match language.0 {
            None => {
                let system = i18n::native_name(i18n::current());
                shown(
                    t!("settings-language-system", language = system),
                    t!("settings-system-language", language = system),
                )
            }
            Some(l) => shown(
                t!("settings-language", language = i18n::native_name(l)),
                i18n::native_name(l).to_string(),
            ),
        },
    }
}

/// The controls' texts, names and switches follow the settings.
fn show_values(
    settings: Res<Settings>,
    sound: Res<SoundSettings>,
    (warnings, shade, language): (
        Res<WarningSettings>,
        Res<ShadeDeadSquares>,
        Res<i18n::LanguageChoice>,
    ),
    mut shown: Query<(
        &Shows,
        Option<&Children>,
        Entity,
        Option<&mut ButtonName>,
        Option<&mut Switched>,
    )>,
    mut texts: Query<&mut Text>,
) {
    for (shows, children, e, name, switched) in &mut shown {
        let v = value(*shows, &settings, &sound, (&warnings, &shade, &language));
        if let Some(mut name) = name
            && name.0 != v.full
        {
            name.0.clone_from(&v.full);
        }
        if let (Some(mut s), Some(on)) = (switched, v.on) {
            s.set_if_neq(Switched(on));
        }
        let targets: Vec<Entity> = match children {
            Some(c) => c.iter().collect(),
            None => vec![e],
        };
        for t in targets {
            if let Ok(mut text) = texts.get_mut(t)
                && text.0 != v.short
            {
                text.0.clone_from(&v.short);
            }
        }
    }
}
