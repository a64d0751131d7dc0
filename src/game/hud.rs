//! On-screen text and buttons: collection and level, moves and pushes, undo / redo / restart /
//! previous / next buttons (mouse and touch), the solved overlay, the loading and failure
//! screens, and the widgets the other screens build with (buttons, rows, overlays).

use bevy::prelude::*;

use super::board::Session;
use super::input::PlayerCommand;
use super::levels::LoadError;
use super::{AppSystems, CurrentLevel, Play, Screen};

/// The first-play hint is on screen until the player's first move (once per data folder).
#[derive(Resource, Default, Debug)]
pub struct FirstPlayHint(pub bool);

#[derive(Component)]
struct HintLine;

/// The hint line's text.
#[derive(Component)]
struct HintText;

/// Why the current level cannot be played, if it cannot.
#[derive(Resource, Default, Debug)]
pub struct LevelProblem(pub Option<String>);

#[derive(Component)]
struct LevelName;

/// The row of the HUD's buttons: shown only while the level is on screen (not under the title,
/// settings, browser, replay or designer screens, where they would be covered or in the way).
#[derive(Component)]
struct HudButtons;

#[derive(Component)]
struct Counters;

/// The line that shows notices about the player's data (tap it to hide it).
#[derive(Component)]
pub struct NoticeLine;

/// How long a notice stays on screen, and how many the line has shown.
#[derive(Resource, Default)]
struct NoticeClock {
    shown: usize,
    left: f32,
}

/// A button that sends a command when clicked or tapped.
#[derive(Component, Clone, Copy)]
pub struct CommandButton(pub PlayerCommand);

/// The solved overlay (for tests and the screenshot checks).
#[derive(Component)]
pub struct SolvedOverlay;

pub const TEXT: Color = Color::srgb(0.92, 0.93, 0.95);
pub const BUTTON: Color = Color::srgb(0.25, 0.28, 0.34);
pub const BUTTON_HOVER: Color = Color::srgb(0.33, 0.37, 0.45);
/// A screen's panel over the board: opaque, so nothing of the board shows through its text.
pub const PANEL: Color = Color::srgb(0.12, 0.13, 0.16);
/// Behind a screen's panel: the board dimmed, so the panel stands out and the level still shows.
pub const BACKDROP: Color = Color::srgba(0.0, 0.0, 0.0, 0.65);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LevelProblem>()
        .init_resource::<FirstPlayHint>()
        .init_resource::<NoticeClock>()
        .add_systems(OnEnter(Screen::Loading), loading_screen)
        .add_systems(OnEnter(Screen::LoadFailed), failure_screen)
        .add_systems(OnEnter(Screen::Playing), spawn_hud)
        .add_systems(OnEnter(Play::Solved), spawn_solved)
        .add_systems(
            Update,
            (
                update_texts,
                button_colors,
                show_notices,
                show_hint,
                show_hud_buttons,
            )
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Screen::Playing)),
        );
}

pub(super) fn text(s: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(TEXT),
    )
}

fn loading_screen(mut commands: Commands) {
    commands.spawn((
        Node {
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        DespawnOnExit(Screen::Loading),
        children![text("Loading…", 32.0)],
    ));
}

fn failure_screen(mut commands: Commands, errors: Res<LoadError>) {
    let detail = if errors.0.is_empty() {
        "an asset failed to load".to_string()
    } else {
        errors.0.join("\n")
    };
    commands.spawn((
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(16),
            padding: UiRect::all(px(24)),
            ..default()
        },
        children![
            text("PushBox could not load its levels", 32.0),
            text(detail, 18.0)
        ],
    ));
}

/// A labelled button of any screen: `marker` says what it does.
pub(super) fn labelled_button(
    label: &str,
    marker: impl Component,
    min_width: f32,
    font: f32,
) -> impl Bundle {
    icon_button(label, None, marker, min_width, font)
}

/// A labelled button with an icon from the tile set before its label.
pub(super) fn icon_button(
    label: &str,
    icon: Option<ImageNode>,
    marker: impl Component,
    min_width: f32,
    font: f32,
) -> impl Bundle {
    let label = label.to_string();
    (
        Button,
        marker,
        Node {
            min_width: px(min_width),
            // Finger-sized: 48 logical pixels are 48 dp on a phone (Bevy scales UI by the screen's
            // scale factor). Never squeezed below that by a crowded panel.
            min_height: px(48),
            flex_shrink: 0.0,
            padding: UiRect::axes(px(12), px(8)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Children::spawn(SpawnWith(move |b: &mut ChildSpawner| {
            if let Some(mut image) = icon {
                image.color = TEXT;
                b.spawn((
                    image,
                    Node {
                        width: px(font * 1.2),
                        height: px(font * 1.2),
                        margin: UiRect::right(px(6)),
                        ..default()
                    },
                    Pickable::IGNORE,
                ));
            }
            b.spawn((text(label, font), Pickable::IGNORE));
        })),
    )
}

/// A HUD button: its label, an icon when the art is loaded, and the command it sends.
pub(super) fn command_button(
    label: &str,
    icon: Option<ImageNode>,
    cmd: PlayerCommand,
) -> impl Bundle {
    icon_button(label, icon, CommandButton(cmd), 88.0, 20.0)
}

/// A row of buttons that wraps on narrow screens.
pub(super) fn wrap_row() -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(8),
        row_gap: px(8),
        flex_shrink: 0.0,
        ..default()
    }
}

fn spawn_hud(mut commands: Commands, art: Option<Res<super::art::ArtAssets>>) {
    commands
        .spawn((
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                padding: UiRect::all(px(12)),
                ..default()
            },
            Pickable::IGNORE,
            DespawnOnExit(Screen::Playing),
        ))
        .with_children(|root| {
            root.spawn((
                super::view::HudBar::Top,
                Node {
                    justify_content: JustifyContent::SpaceBetween,
                    column_gap: px(24),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|top| {
                top.spawn((LevelName, text("", 22.0), Pickable::IGNORE));
                top.spawn((Counters, text("", 22.0), Pickable::IGNORE));
            });
            root.spawn((
                NoticeLine,
                Node {
                    position_type: PositionType::Absolute,
                    top: px(64),
                    left: px(12),
                    right: px(12),
                    padding: UiRect::axes(px(12), px(8)),
                    border_radius: BorderRadius::all(px(8)),
                    display: Display::None,
                    ..default()
                },
                BackgroundColor(Color::srgba(0.45, 0.18, 0.12, 0.92)),
            ))
            .observe(|_: On<Pointer<Click>>, mut clock: ResMut<NoticeClock>| clock.left = 0.0)
            .with_children(|n| {
                n.spawn((text("", 18.0), Pickable::IGNORE));
            });
            // The bottom: the first-play hint just above the buttons, however many rows they wrap to.
            root.spawn((
                super::view::HudBar::Bottom,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(8),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|bottom| {
                bottom
                    .spawn((
                        HintLine,
                        Node {
                            justify_content: JustifyContent::Center,
                            ..default()
                        },
                        Pickable::IGNORE,
                    ))
                    .with_children(|h| {
                        h.spawn((
                            Node {
                                padding: UiRect::axes(px(12), px(6)),
                                border_radius: BorderRadius::all(px(8)),
                                ..default()
                            },
                            BackgroundColor(PANEL),
                            Pickable::IGNORE,
                        ))
                        .with_children(|p| {
                            p.spawn((HintText, text(FIRST_HINT, 18.0), Pickable::IGNORE));
                        });
                    });
                bottom
                    .spawn((
                        HudButtons,
                        Node {
                            justify_content: JustifyContent::Center,
                            column_gap: px(10),
                            flex_wrap: FlexWrap::Wrap,
                            row_gap: px(8),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ))
                    .with_children(|bar| {
                        use super::art::tile;
                        for (label, cmd, icon) in [
                            ("Menu", PlayerCommand::Menu, None),
                            ("Levels", PlayerCommand::Levels, Some(tile::LEVELS)),
                            ("Prev", PlayerCommand::PrevLevel, Some(tile::PREVIOUS)),
                            ("Undo", PlayerCommand::Undo, Some(tile::UNDO)),
                            ("Redo", PlayerCommand::Redo, Some(tile::REDO)),
                            ("Restart", PlayerCommand::Restart, Some(tile::RESTART)),
                            ("Next", PlayerCommand::NextLevel, Some(tile::NEXT)),
                            ("Design", PlayerCommand::Design, None),
                        ] {
                            let icon = art.as_ref().zip(icon).map(|(a, i)| a.icon(i));
                            bar.spawn(command_button(label, icon, cmd))
                                .observe(on_button);
                        }
                    });
            });
        });
}

pub(super) fn on_button(
    click: On<Pointer<Click>>,
    buttons: Query<&CommandButton>,
    mut out: MessageWriter<PlayerCommand>,
) {
    if let Ok(b) = buttons.get(click.entity) {
        out.write(b.0);
    }
}

/// A button whose colour its own screen sets (the designer's lit pens, the replay's timeline):
/// the hover colouring here leaves it alone, so that one system writes each colour.
#[derive(Component, Default)]
pub struct OwnColours;

fn button_colors(
    mut buttons: Query<
        (&Interaction, &mut BackgroundColor),
        (Changed<Interaction>, With<Button>, Without<OwnColours>),
    >,
) {
    for (i, mut bg) in &mut buttons {
        bg.0 = if *i == Interaction::None {
            BUTTON
        } else {
            BUTTON_HOVER
        };
    }
}

fn update_texts(
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    problem: Res<LevelProblem>,
    mut name: Query<&mut Text, (With<LevelName>, Without<Counters>)>,
    mut counters: Query<&mut Text, (With<Counters>, Without<LevelName>)>,
) {
    if let (Some(c), Ok(mut t)) = (current.as_ref(), name.single_mut()) {
        let level = c.level();
        let mut s = format!(
            "{}  |  Level {}/{}",
            c.collection.name,
            c.index + 1,
            c.collection.levels.len()
        );
        if !level.title.is_empty() {
            s += &format!(": {}", level.title);
        }
        // The level's author, when known and not the whole collection's (the level browser
        // names that one).
        if !level.author.is_empty() && level.author != c.collection.author {
            s += &format!(" by {}", level.author);
        }
        if let Some(p) = &problem.0 {
            s += &format!("\nThis level cannot be played: {p}");
        }
        if t.0 != s {
            t.0 = s;
        }
    }
    if let (Some(sess), Ok(mut t)) = (session, counters.single_mut()) {
        let b = sess.game.board();
        let s = format!("Moves {}   Pushes {}", b.moves(), b.pushes());
        if t.0 != s {
            t.0 = s;
        }
    }
}

const FIRST_HINT: &str = "Tap or click a cell to walk there; arrows step; Z undoes";

/// The hint line shows a built-in level's note (the tutorial's lessons) while it is played, from
/// the game's own collections or from the same file opened with `--level` (found by its board),
/// or else the first-play hint while that is on (`save.rs` turns it off at the first move). The
/// line keeps its place when empty, so that the board does not jump when it goes.
fn show_hint(
    hint: Res<FirstPlayHint>,
    current: Option<Res<CurrentLevel>>,
    list: Res<super::collections::Collections>,
    mut line: Query<&mut Visibility, With<HintLine>>,
    mut texts: Query<&mut Text, With<HintText>>,
) {
    let changed = hint.is_changed() || list.is_changed();
    if !changed && !current.as_ref().is_some_and(|c| c.is_changed()) {
        return;
    }
    let note = current
        .as_ref()
        .and_then(|c| builtin_note(c, &list))
        .map(str::to_string);
    let shown = if hint.0 || note.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut line {
        v.set_if_neq(shown);
    }
    let text = note.as_deref().unwrap_or(FIRST_HINT);
    for mut t in &mut texts {
        if t.0 != text {
            t.0 = text.to_string();
        }
    }
}

/// The note of the level being played when it is one of the game's own (by its board).
pub fn builtin_note<'a>(
    current: &'a CurrentLevel,
    list: &'a super::collections::Collections,
) -> Option<&'a str> {
    let level = current.level();
    if crate::core::save::is_builtin(&current.source) {
        return level.notes.first().map(String::as_str);
    }
    let fingerprint = level.fingerprint();
    list.list
        .iter()
        .filter(|e| !e.is_user())
        .flat_map(|e| &e.collection.levels)
        .find(|l| l.fingerprint() == fingerprint)
        .and_then(|l| l.notes.first())
        .map(String::as_str)
}

/// The HUD's buttons show while the level is played or solved.
fn show_hud_buttons(play: Res<State<Play>>, mut rows: Query<&mut Visibility, With<HudButtons>>) {
    let shown = match play.get() {
        Play::Active | Play::Solved => Visibility::Inherited,
        _ => Visibility::Hidden,
    };
    for mut v in &mut rows {
        v.set_if_neq(shown);
    }
}

/// Shows the newest notices for 12 seconds (or until tapped).
fn show_notices(
    time: Res<Time>,
    notices: Res<super::save::Notices>,
    mut clock: ResMut<NoticeClock>,
    mut line: Query<(&mut Node, &Children), With<NoticeLine>>,
    mut texts: Query<&mut Text>,
) {
    let Ok((mut node, children)) = line.single_mut() else {
        return;
    };
    if notices.0.len() > clock.shown {
        let new = &notices.0[clock.shown..];
        let start = new.len().saturating_sub(3);
        let s = new[start..].join("\n");
        for c in children {
            if let Ok(mut t) = texts.get_mut(*c) {
                t.0 = s.clone();
            }
        }
        clock.shown = notices.0.len();
        clock.left = 12.0;
    }
    clock.left -= time.delta_secs();
    let display = if clock.left > 0.0 {
        Display::Flex
    } else {
        Display::None
    };
    if node.display != display {
        node.display = display;
    }
}

/// A full-screen layer (letting clicks through to the board) that centres one panel, despawned
/// when `state` ends. `fill` spawns the panel's contents.
pub(super) fn spawn_overlay(
    commands: &mut Commands,
    state: Play,
    marker: impl Bundle,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands
        .spawn((
            marker,
            super::focus::Overlay,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(BACKDROP),
            // Above the HUD, which it dims too (the title screen is higher still).
            GlobalZIndex(1),
            Pickable::IGNORE,
            DespawnOnExit(state),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(14),
                    padding: UiRect::all(px(24)),
                    max_width: percent(94),
                    max_height: percent(94),
                    overflow: Overflow::scroll_y(),
                    border_radius: BorderRadius::all(px(14)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ))
            .with_children(fill);
        });
}

fn spawn_solved(mut commands: Commands, session: Option<Res<Session>>) {
    let (m, p) = session
        .map(|s| (s.game.board().moves(), s.game.board().pushes()))
        .unwrap_or_default();
    spawn_overlay(&mut commands, Play::Solved, SolvedOverlay, |panel| {
        panel.spawn(text("Solved!", 44.0));
        panel.spawn(text(format!("{m} moves, {p} pushes"), 24.0));
        panel
            .spawn(Node {
                column_gap: px(10),
                ..default()
            })
            .with_children(|row| {
                row.spawn(command_button("Replay", None, PlayerCommand::Replay))
                    .observe(on_button);
                row.spawn((
                    command_button("Next level", None, PlayerCommand::NextLevel),
                    super::focus::DefaultFocus,
                ))
                .observe(on_button);
            });
    });
}
