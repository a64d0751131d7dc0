//! The title screen: PushBox's name, a picture drawn from the tile set, and Continue (the level in
//! progress), Levels, Daily (the daily puzzle and random levels), Link (the second game mode), Settings and Quit. The game opens on it when a player starts it plainly (no
//! level, script, replay or import on the command line); Menu (the HUD button, Home, the gamepad's
//! Mode button or the phone's back key from the level) returns to it.
//!
//! Keys: Enter / Space / the gamepad's South (A) press the highlighted button (Continue at first;
//! the arrows and the d-pad move the highlight, `focus.rs`); Home, Escape and a phone's Back
//! continue; Tab opens the levels; O the settings.

use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::prelude::*;

use crate::game::mechanics::art::{ArtAssets, tile, worker_tile};
use crate::game::mechanics::fonts::readable;

use crate::core::Direction;
use crate::game::mechanics::save::Saves;

/// Open the title screen when the level screen first appears.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct TitleAtStart;

/// The title screen's root (for tests and screenshot checks).
#[derive(Component)]
pub struct TitlePanel;

/// The "Quit" button (desktop only).
#[derive(Component)]
struct QuitButton;

/// State changes: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        open_at_start.after(LevelSetup::Spawn),
    )
    .add_systems(
        Update,
        title_commands
            .in_set(AppSystems::Plan)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The screen: the windowed game adds it.
pub(crate) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::Title), spawn_title)
        .add_systems(
            Update,
            respawn
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Title).and_then(resource_changed::<Layout>)),
        );
}

/// The screen again for a new layout (a phone turned).
fn respawn(
    mut commands: Commands,
    panels: Query<Entity, With<TitlePanel>>,
    art: Option<Res<ArtAssets>>,
    current: Option<Res<CurrentLevel>>,
    (saves, layout): (Res<Saves>, Res<Layout>),
) {
    for p in &panels {
        commands.entity(p).despawn();
    }
    spawn_title(commands, art, current, saves, layout);
}

fn open_at_start(at_start: Option<Res<TitleAtStart>>, mut next_play: ResMut<NextState<Play>>) {
    if at_start.is_some() {
        next_play.set(Play::Title);
    }
}

fn title_commands(
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    session: Option<Res<Session>>,
) {
    for cmd in cmds.read() {
        match (cmd, play.get()) {
            // Continue: the level as it was left, its solved panel included.
            (ScreenCommand::Menu | ScreenCommand::Back, Play::Title) => {
                next_play.set(if session.as_ref().is_some_and(|s| s.game.is_solved()) {
                    Play::Solved
                } else {
                    Play::Active
                })
            }
            (
                ScreenCommand::Menu,
                Play::Active | Play::Solved | Play::Picking | Play::LevelMenu,
            )
            | (ScreenCommand::Back, Play::Active | Play::Solved) => next_play.set(Play::Title),
            (ScreenCommand::Link, Play::Title) => next_play.set(Play::Link),
            (ScreenCommand::Menu | ScreenCommand::Back, Play::Link) => next_play.set(Play::Title),
            (ScreenCommand::Link3d, Play::Link) => next_play.set(Play::Link3d),
            (ScreenCommand::Menu | ScreenCommand::Back, Play::Link3d) => next_play.set(Play::Link),
            _ => {}
        }
    }
}

/// "Tutorial, level 3: Walk around  (2 of 10 solved)".
fn continue_line(current: &CurrentLevel, saves: &Saves) -> String {
    let level = current.level();
    let mut s = t!(
        "title-continue-level",
        collection = i18n::collection_name(&current.source, &current.collection.name),
        number = current.index + 1
    );
    if !level.title.is_empty() {
        let title = i18n::builtin_level_text(&current.source, current.index, "title", &level.title);
        s += &t!("hud-level-title", title = title);
    }
    let solved = current
        .collection
        .levels
        .iter()
        .filter(|l| saves.progress.records(l).is_some_and(|r| r.solved()))
        .count();
    readable(&s)
        + &t!(
            "title-solved-count",
            solved = solved,
            count = current.collection.levels.len()
        )
}

fn spawn_title(
    mut commands: Commands,
    art: Option<Res<ArtAssets>>,
    current: Option<Res<CurrentLevel>>,
    saves: Res<Saves>,
    layout: Res<Layout>,
) {
    let line = current
        .as_ref()
        .map(|c| continue_line(c, &saves))
        .unwrap_or_default();
    let layout = *layout;
    // A phone on its side: the name beside the menu (one above the other would not fit).
    let side_by_side = layout == Layout::Landscape;
    let gap = if layout.compact() { 10.0 } else { 18.0 };
    commands
        .spawn((
            TitlePanel,
            Name::new("Title screen"),
            Overlay,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: if side_by_side {
                    FlexDirection::Row
                } else {
                    FlexDirection::Column
                },
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: px(gap),
                column_gap: px(32),
                padding: UiRect::all(px(if layout.compact() { 12 } else { 24 })),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            Scrolls,
            ScrollPosition::default(),
            BackgroundColor(palette::TITLE_BACKGROUND),
            GlobalZIndex(5),
            DespawnOnExit(Play::Title),
        ))
        .with_children(|root| {
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(gap),
                flex_shrink: 0.0,
                ..default()
            })
            .with_children(|head| {
                let tile = if layout.compact() { 44.0 } else { 72.0 };
                if let Some(art) = &art {
                    spawn_picture(head, art, tile);
                }
                head.spawn(text(t!("title-name"), tile));
                head.spawn((
                    text(
                        t!("title-tagline"),
                        if layout.compact() { 16.0 } else { 20.0 },
                    ),
                    TextLayout::justify(Justify::Center),
                ));
            });
            spawn_menu(root, art.as_deref(), line, layout);
        });
}

/// The picture: the worker pushing a box toward its goal, from the tile set (`tile` pixels a
/// cell).
fn spawn_picture(root: &mut ChildSpawnerCommands, art: &ArtAssets, tile: f32) {
    root.spawn(Node {
        column_gap: px(0),
        ..default()
    })
    .with_children(|row| {
        for i in [
            tile::WALL + 2,
            worker_tile(Direction::Right, 3),
            tile::BOX,
            tile::FLOOR,
            tile::GOAL,
            tile::WALL + 8,
        ] {
            row.spawn((
                art.icon(i),
                Node {
                    width: px(tile),
                    height: px(tile),
                    ..default()
                },
            ));
        }
    });
}

/// Continue (with where it leads under it), Levels, Settings, and Quit on a desktop.
fn spawn_menu(
    root: &mut ChildSpawnerCommands,
    art: Option<&ArtAssets>,
    line: String,
    layout: Layout,
) {
    root.spawn(Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Stretch,
        row_gap: px(if layout.compact() { 8 } else { 12 }),
        margin: UiRect::top(px(if layout.compact() { 4 } else { 12 })),
        flex_shrink: 0.0,
        ..default()
    })
    .with_children(|col| {
        let icon = |i| art.map(|a| a.icon(i));
        for (label, i, cmd, font) in [
            (t!("title-continue"), tile::PLAY, ScreenCommand::Menu, 28.0),
            (
                t!("title-levels"),
                tile::LEVELS,
                ScreenCommand::Levels,
                24.0,
            ),
            (t!("title-daily"), tile::LEVELS, ScreenCommand::Daily, 24.0),
            (t!("title-link"), tile::LINK, ScreenCommand::Link, 24.0),
            (
                t!("title-settings"),
                tile::SETTINGS,
                ScreenCommand::Settings,
                24.0,
            ),
        ] {
            let mut button = col.spawn(icon_button(
                &label,
                icon(i),
                CommandButton(cmd.into()),
                260.0,
                font,
            ));
            button.observe(send_on_click::<CommandButton>);
            if cmd == ScreenCommand::Menu {
                button.insert(ButtonRole::Primary);
                col.spawn((
                    text(line.clone(), 14.0),
                    TextLayout::justify(Justify::Center),
                    Node {
                        align_self: AlignSelf::Center,
                        max_width: px(300),
                        margin: UiRect::bottom(px(6)),
                        ..default()
                    },
                ));
            }
        }
        // A phone app is left from the system, a web page by closing its tab.
        if !cfg!(any(
            target_os = "android",
            target_os = "ios",
            target_arch = "wasm32"
        )) {
            col.spawn(icon_button(
                &t!("title-quit"),
                None,
                QuitButton,
                260.0,
                24.0,
            ))
            .observe(|_: On<Pointer<Click>>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            });
        }
    });
}
