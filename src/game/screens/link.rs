//! The Link mode's screen: the tiles (the project's own faces, `make_link_tiles.py`) over the
//! whole window, a status line (size, variant, clock, tiles and playable pairs left, best time),
//! the buttons (Hint, Shuffle, Undo, Redo, Restart, New deal, Pause, Size, Gravity, Menu), the
//! joining line and vanishing tiles of each removal, and the Paused, Stuck and Cleared panels.
//!
//! The board is laid out in the space between the status line and the buttons, with one empty
//! cell of margin on each side for lines that run round the outside; tiles are at most 96
//! logical pixels. The play itself is `mechanics/link.rs`.

use bevy::prelude::*;

use crate::core::link::{Cell, Line, LinkBoard};
use crate::game::mechanics::art::ArtAssets;
use crate::game::vocab::icons;
use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;

/// The screen's root.
#[derive(Component)]
pub struct LinkScreen;

/// The part of the screen the tiles are laid out in.
#[derive(Component)]
pub struct LinkBoardArea;

/// A tile on screen, at its board cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkTile(pub Cell);

/// The status line.
#[derive(Component)]
struct LinkStatus;

/// The Size and Gravity buttons' labels, which show the choice for new deals.
#[derive(Component, Clone, Copy)]
enum ChoiceLabel {
    Size,
    Gravity,
}

/// A panel over the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkPanel {
    Paused,
    Stuck,
    Cleared,
}

/// A removal's line or vanishing tile, gone after `life` seconds and at least [`EFFECT_FRAMES`]
/// frames (so that even a slow frame shows it).
#[derive(Component)]
struct LinkEffect {
    age: f32,
    frames: u32,
    life: f32,
    /// A vanishing tile shrinks and fades; a line only fades.
    tile: bool,
}

/// Where the tiles are: the top-left of the ring's corner cell in the board area, and the size
/// of a cell, in logical pixels.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct LinkLayout {
    pub origin: Vec2,
    pub cell: f32,
    /// The board size laid out.
    pub board: (i32, i32),
}

impl LinkLayout {
    /// The centre of a cell (ring cells included) in the board area.
    pub fn centre(&self, c: Cell) -> Vec2 {
        self.origin + (Vec2::new(c.x as f32, c.y as f32) + 1.5) * self.cell
    }
}

/// The fewest frames a removal's line and vanishing tiles are drawn in.
const EFFECT_FRAMES: u32 = 12;

/// Tiles at most this many logical pixels.
const MAX_TILE: f32 = 96.0;

pub(crate) fn screen_plugin(app: &mut App) {
    app.init_resource::<LinkLayout>()
        .add_systems(OnEnter(Play::Link), spawn_screen)
        .add_systems(
            Update,
            respawn
                .in_set(AppSystems::SyncView)
                .before(lay_out_tiles)
                .run_if(in_state(Play::Link).and_then(resource_changed::<Layout>)),
        )
        .add_systems(
            Update,
            (
                lay_out_tiles,
                show_status,
                show_choices,
                show_panels,
                draw_removals,
                age_effects,
            )
                .chain()
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Link)),
        );
}

/// The toolbar's buttons: label key, icon, command.
const TOOLS: [(&str, icons::Icon, AnyCommand); 10] = [
    (
        "link-hint",
        icons::HINT,
        AnyCommand::Link(LinkCommand::Hint),
    ),
    (
        "link-shuffle",
        icons::SHUFFLE,
        AnyCommand::Link(LinkCommand::Shuffle),
    ),
    ("hud-undo", icons::UNDO, AnyCommand::Link(LinkCommand::Undo)),
    ("hud-redo", icons::REDO, AnyCommand::Link(LinkCommand::Redo)),
    (
        "hud-restart",
        icons::RESTART,
        AnyCommand::Link(LinkCommand::Restart),
    ),
    (
        "link-new-deal",
        icons::NEXT,
        AnyCommand::Link(LinkCommand::NewDeal),
    ),
    (
        "link-pause",
        icons::PAUSE,
        AnyCommand::Link(LinkCommand::Pause),
    ),
    (
        "link-size",
        icons::SIZE,
        AnyCommand::Link(LinkCommand::NextSize),
    ),
    (
        "link-gravity",
        icons::GRAVITY,
        AnyCommand::Link(LinkCommand::Gravity),
    ),
    (
        "hud-menu",
        icons::HOME,
        AnyCommand::Screen(ScreenCommand::Menu),
    ),
];

/// The status line over the board, and the toolbar under it (beside it on a phone held
/// sideways), within the room [`link_chrome`] sets aside for them.
fn spawn_screen(mut commands: Commands, layout: Res<Layout>) {
    let layout = *layout;
    let side = layout == Layout::Landscape;
    commands
        .spawn((
            LinkScreen,
            Name::new("Link screen"),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: if side {
                    FlexDirection::Row
                } else {
                    FlexDirection::Column
                },
                padding: UiRect::all(px(4)),
                row_gap: px(6),
                column_gap: px(6),
                ..default()
            },
            BackgroundColor(palette::BACKGROUND),
            GlobalZIndex(1),
            DespawnOnExit(Play::Link),
        ))
        .with_children(|root| {
            root.spawn(Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                row_gap: px(6),
                min_height: px(0),
                ..default()
            })
            .with_children(|main| {
                main.spawn((
                    LinkStatus,
                    text("", if layout.compact() { 15.0 } else { 20.0 }),
                    TextLayout::justify(Justify::Center),
                    Node {
                        align_self: AlignSelf::Center,
                        ..default()
                    },
                ));
                main.spawn((
                    LinkBoardArea,
                    Node {
                        flex_grow: 1.0,
                        min_height: px(0),
                        ..default()
                    },
                ));
            });
            spawn_toolbar(root, layout);
        });
}

/// Icons alone on a phone (two rows, or two columns beside the board), labelled where there is
/// room; Size and Gravity show the choice for the next deal.
fn spawn_toolbar(root: &mut ChildSpawnerCommands, layout: Layout) {
    let side = layout == Layout::Landscape;
    let mut bar = root.spawn(Node {
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        align_content: AlignContent::Center,
        column_gap: px(4),
        row_gap: px(4),
        flex_shrink: 0.0,
        ..default()
    });
    if side {
        bar.insert(Node {
            flex_direction: FlexDirection::Column,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            align_content: AlignContent::Center,
            column_gap: px(4),
            row_gap: px(4),
            height: percent(100),
            width: px(link_chrome(layout).x - 14.0),
            flex_shrink: 0.0,
            ..default()
        });
    }
    bar.with_children(|row| {
        for (key, icon, cmd) in TOOLS {
            let label = t!(key);
            let cmd = CommandButton(cmd);
            // Size and Gravity show the next deal's choice under their icon, even on a phone.
            let choice = matches!(key, "link-size" | "link-gravity");
            let mut b = row.spawn(tool_button(&label, icon, cmd, choice || !layout.compact()));
            b.observe(send_on_click::<CommandButton>);
            match key {
                "link-size" => b.insert(ChoiceLabel::Size),
                "link-gravity" => b.insert(ChoiceLabel::Gravity),
                _ => &mut b,
            };
        }
        // The third mode: on a phone upright "3D" under its icon (the icon alone would not say
        // it; its name says it in full). Held sideways the two columns of icons have room for
        // no third labelled button, and it is the icon alone.
        #[cfg(feature = "link3d")]
        {
            let cmd = CommandButton(ScreenCommand::Link3d.into());
            let mut b = row.spawn(tool_button(
                &t!("link3d-open"),
                icons::LINK,
                cmd,
                !layout.compact(),
            ));
            b.observe(send_on_click::<CommandButton>);
            if layout == Layout::Portrait {
                b.with_child((text("3D", 13.0), Pickable::IGNORE));
            }
        }
    });
}

/// The screen again for a new layout (a phone turned); the tiles follow their new area.
fn respawn(
    mut commands: Commands,
    screens: Query<Entity, With<LinkScreen>>,
    layout: Res<Layout>,
    mut play: Option<ResMut<LinkPlay>>,
) {
    for e in &screens {
        commands.entity(e).despawn();
    }
    spawn_screen(commands, layout);
    // The choice labels are written when the game changes.
    if let Some(p) = play.as_mut() {
        p.set_changed();
    }
}

/// What the tiles on screen show: they are laid out again only when this changes (never for
/// the clock, so that a tile stays the same entity from a press to its release).
#[derive(Clone, PartialEq)]
struct Shown {
    /// The board area (a new one when the screen is built again) and its size.
    area_entity: Entity,
    area: Vec2,
    board: LinkBoard,
    selected: Option<Cell>,
    hint: Option<Line>,
    cursor: Option<Cell>,
    art: bool,
}

/// Lays the tiles out again when the board, its marks or the space for it changed.
fn lay_out_tiles(
    mut commands: Commands,
    play: Option<Res<LinkPlay>>,
    art: Option<Res<ArtAssets>>,
    area: Single<(Entity, &ComputedNode), With<LinkBoardArea>>,
    tiles: Query<Entity, Or<(With<LinkTile>, With<HintLine>)>>,
    mut layout: ResMut<LinkLayout>,
    mut shown: Local<Option<Shown>>,
) {
    let Some(play) = play else { return };
    let (area_entity, node) = *area;
    let size = node.size() * node.inverse_scale_factor();
    let now = Shown {
        area_entity,
        area: size,
        board: play.board().clone(),
        selected: play.selected,
        hint: play.hint.map(|(_, _, line)| line),
        cursor: play.cursor_shown.then_some(play.cursor),
        art: art.is_some(),
    };
    if size.min_element() <= 0.0 || shown.as_ref() == Some(&now) {
        return;
    }
    *shown = Some(now);
    let board = play.board();
    let (w, h) = (board.width(), board.height());
    let cell = (size.x / (w + 2) as f32)
        .min(size.y / (h + 2) as f32)
        .min(MAX_TILE)
        .floor();
    let origin = ((size - Vec2::new((w + 2) as f32, (h + 2) as f32) * cell) / 2.0).floor();
    *layout = LinkLayout {
        origin,
        cell,
        board: (w, h),
    };
    for t in &tiles {
        commands.entity(t).despawn();
    }
    let tiles: Vec<_> = board
        .cells()
        .filter(|&c| board.get(c) != 0)
        .map(|c| tile_bundle(&play, &layout, art.as_deref(), board, c))
        .collect();
    commands.entity(area_entity).with_children(|a| {
        for t in tiles {
            a.spawn(t).observe(pick_tile);
        }
        if let Some((_, _, line)) = &play.hint {
            for segment in segments(&layout, line) {
                a.spawn((HintLine, segment, BackgroundColor(palette::BOX_ON_GOAL)));
            }
        }
    });
}

/// The hint's line, drawn until the next move.
#[derive(Component)]
struct HintLine;

/// A line's segments as nodes in the board area, from cell centre to cell centre, a tenth of a
/// cell thick (at least 3 pixels), over the tiles.
fn segments(layout: &LinkLayout, line: &Line) -> Vec<impl Bundle + use<>> {
    let thick = (layout.cell / 10.0).max(3.0);
    line.points()
        .windows(2)
        .map(|w| {
            let (p, q) = (layout.centre(w[0]), layout.centre(w[1]));
            let min = p.min(q) - thick / 2.0;
            let size = (p - q).abs() + thick;
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Px(min.x),
                    top: Val::Px(min.y),
                    width: Val::Px(size.x),
                    height: Val::Px(size.y),
                    border_radius: BorderRadius::all(Val::Px(thick / 2.0)),
                    ..default()
                },
                ZIndex(2),
                Pickable::IGNORE,
            )
        })
        .collect()
}

/// One tile: its face, and an outline when it is selected, hinted or under the cursor.
fn tile_bundle(
    play: &LinkPlay,
    layout: &LinkLayout,
    art: Option<&ArtAssets>,
    board: &LinkBoard,
    c: Cell,
) -> impl Bundle + use<> {
    let at = layout.centre(c) - layout.cell / 2.0;
    let px = layout.cell;
    let hinted = play.hint.is_some_and(|(a, b, _)| a == c || b == c);
    let selected = play.selected == Some(c);
    let cursor = play.cursor_shown && play.cursor == c;
    let (outline, colour) = if selected {
        (3.0, palette::FOCUS_COLOR)
    } else if hinted {
        (3.0, palette::BOX_ON_GOAL)
    } else if cursor {
        (2.0, palette::TEXT)
    } else {
        (0.0, Color::NONE)
    };
    let mut image = art.map(|a| a.link_tile(board.get(c), px * 2.0));
    if let Some(i) = image.as_mut()
        && selected
    {
        i.color = Color::srgb(1.0, 0.9, 0.6);
    }
    (
        LinkTile(c),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(at.x),
            top: Val::Px(at.y),
            width: Val::Px(px),
            height: Val::Px(px),
            ..default()
        },
        Outline::new(Val::Px(outline), Val::Px(-outline), colour),
        image.unwrap_or_default(),
    )
}

/// A click or tap on a tile picks it.
fn pick_tile(
    click: On<Pointer<Click>>,
    tiles: Query<&LinkTile>,
    mut out: MessageWriter<LinkCommand>,
) {
    if click.button == PointerButton::Primary
        && let Ok(t) = tiles.get(click.entity)
    {
        out.write(LinkCommand::Pick(t.0));
    }
}

/// `1:05`, `12:40`, `1:02:03`.
pub fn clock_text(millis: u64) -> String {
    let s = millis / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

fn show_status(
    play: Option<Res<LinkPlay>>,
    saves: Res<crate::game::mechanics::save::Saves>,
    mut status: Single<&mut Text, With<LinkStatus>>,
) {
    let Some(play) = play else { return };
    let b = play.board();
    let variant = if play.game.gravity() {
        t!("link-status-gravity")
    } else {
        String::new()
    };
    let best = saves
        .progress
        .link_best
        .get(&play.best_key())
        .map_or(String::new(), |&ms| {
            t!("link-status-best", time = clock_text(ms))
        });
    let line = t!(
        "link-status",
        width = b.width(),
        height = b.height(),
        variant = variant,
        time = clock_text(play.clock.as_millis() as u64),
        tiles = b.tiles(),
        pairs = play.playable,
        best = best
    );
    if status.0 != line {
        status.0 = line;
    }
}

/// The Size and Gravity buttons say what the next deal gets: in full where there is room, as
/// "14x6" and "on" under their icons on a phone (their names say it in full).
fn show_choices(
    play: Option<Res<LinkPlay>>,
    layout: Res<Layout>,
    mut buttons: Query<(&ChoiceLabel, &Children, &mut ButtonName)>,
    mut texts: Query<&mut Text, Without<IconGlyph>>,
) {
    let Some(play) = play.filter(|p| p.is_changed()) else {
        return;
    };
    let (w, h) = play.next_size;
    let on = play.next_gravity;
    for (choice, children, mut name) in &mut buttons {
        let (full, short) = match choice {
            ChoiceLabel::Size => (
                t!("link-size-value", width = w, height = h),
                format!("{w}x{h}"),
            ),
            ChoiceLabel::Gravity => (
                t!(if on {
                    "link-gravity-on"
                } else {
                    "link-gravity-off"
                }),
                t!(if on { "settings-on" } else { "settings-off" }),
            ),
        };
        let shown = if layout.compact() { &short } else { &full };
        name.0.clone_from(&full);
        for c in children {
            if let Ok(mut t) = texts.get_mut(*c) {
                t.0.clone_from(shown);
            }
        }
    }
}

/// The panel the game calls for (paused, stuck, cleared), and the board hidden while paused.
fn show_panels(
    mut commands: Commands,
    play: Option<Res<LinkPlay>>,
    panels: Query<(Entity, &LinkPanel)>,
    mut area: Single<&mut Visibility, With<LinkBoardArea>>,
    saves: Res<crate::game::mechanics::save::Saves>,
) {
    let Some(play) = play else { return };
    let wanted = if play.paused {
        Some(LinkPanel::Paused)
    } else if play.finish.is_some() {
        Some(LinkPanel::Cleared)
    } else if play.stuck() {
        Some(LinkPanel::Stuck)
    } else {
        None
    };
    area.set_if_neq(if play.paused {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    });
    let shown = panels.iter().next().map(|(_, p)| *p);
    if shown == wanted {
        return;
    }
    for (e, _) in &panels {
        commands.entity(e).despawn();
    }
    let Some(kind) = wanted else { return };
    let best = saves.progress.link_best.get(&play.best_key()).copied();
    spawn_overlay_at(&mut commands, Play::Link, 2, kind, |panel| {
        fill_panel(panel, kind, &play, best)
    });
}

/// What a panel's buttons send and say, in the 2D mode or in Link 3D.
pub(crate) struct PanelCommands {
    pub pause: AnyCommand,
    pub shuffle: AnyCommand,
    pub undo: AnyCommand,
    pub new_deal: AnyCommand,
    /// Leaving the mode: the label and what it sends.
    pub leave: (String, AnyCommand),
}

fn fill_panel(
    panel: &mut ChildSpawnerCommands,
    kind: LinkPanel,
    play: &LinkPlay,
    best: Option<u64>,
) {
    let cmds = PanelCommands {
        pause: LinkCommand::Pause.into(),
        shuffle: LinkCommand::Shuffle.into(),
        undo: LinkCommand::Undo.into(),
        new_deal: LinkCommand::NewDeal.into(),
        leave: (t!("hud-menu"), ScreenCommand::Menu.into()),
    };
    fill_link_panel(
        panel,
        kind,
        &cmds,
        (play.board().tiles(), play.finish),
        best,
    );
}

/// A panel's words and buttons: Paused (go on, leave), Stuck (the tiles left; shuffle, undo),
/// Cleared (the time against the best; new deal, undo, leave). `state` is the tiles left and
/// the finish.
pub(crate) fn fill_link_panel(
    panel: &mut ChildSpawnerCommands,
    kind: LinkPanel,
    cmds: &PanelCommands,
    (tiles, finish): (usize, Option<Finish>),
    best: Option<u64>,
) {
    let button = |row: &mut ChildSpawnerCommands, label: &str, cmd: AnyCommand, first: bool| {
        let mut b = row.spawn(command_button(label, None, cmd));
        b.observe(send_on_click::<CommandButton>);
        if first {
            b.insert(DefaultFocus);
        }
    };
    let (leave_label, leave) = &cmds.leave;
    match kind {
        LinkPanel::Paused => {
            panel.spawn(text(t!("link-paused"), 36.0));
            panel.spawn(wrap_row()).with_children(|row| {
                button(row, &t!("link-go-on"), cmds.pause, true);
                button(row, leave_label, *leave, false);
            });
        }
        LinkPanel::Stuck => {
            panel.spawn(text(t!("link-stuck"), 30.0));
            panel.spawn(text(t!("link-tiles-left", tiles = tiles), 20.0));
            panel.spawn(wrap_row()).with_children(|row| {
                button(row, &t!("link-shuffle"), cmds.shuffle, true);
                button(row, &t!("hud-undo"), cmds.undo, false);
            });
        }
        LinkPanel::Cleared => {
            let Some(f) = finish else { return };
            panel.spawn(text(t!("link-cleared"), 44.0));
            panel.spawn(text(t!("link-time", time = clock_text(f.millis)), 24.0));
            let line = match (f.record, f.best_before) {
                (true, Some(before)) => t!("link-new-best", time = clock_text(before)),
                (true, None) => t!("link-first-time"),
                (false, _) => t!("link-best", time = clock_text(best.unwrap_or(f.millis))),
            };
            panel.spawn(text(line, 20.0));
            panel.spawn(wrap_row()).with_children(|row| {
                button(row, &t!("link-new-deal"), cmds.new_deal, true);
                button(row, &t!("hud-undo"), cmds.undo, false);
                button(row, leave_label, *leave, false);
            });
        }
    }
}

/// A removal: its line and the two tiles vanishing, where they were before anything fell.
fn draw_removals(
    mut commands: Commands,
    mut removed: MessageReader<LinkRemoved>,
    layout: Res<LinkLayout>,
    art: Option<Res<ArtAssets>>,
    area: Single<Entity, With<LinkBoardArea>>,
) {
    for r in removed.read() {
        commands.entity(*area).with_children(|a| {
            for segment in segments(&layout, &r.line) {
                a.spawn((
                    LinkEffect {
                        age: 0.0,
                        frames: 0,
                        life: 0.45,
                        tile: false,
                    },
                    segment,
                    BackgroundColor(palette::GOAL),
                ));
            }
            for c in [r.a, r.b] {
                let at = layout.centre(c) - layout.cell / 2.0;
                let image = art
                    .as_ref()
                    .map(|art| art.link_tile(r.before.get(c), layout.cell * 2.0));
                a.spawn((
                    LinkEffect {
                        age: 0.0,
                        frames: 0,
                        life: 0.3,
                        tile: true,
                    },
                    Node {
                        position_type: PositionType::Absolute,
                        left: Val::Px(at.x),
                        top: Val::Px(at.y),
                        width: Val::Px(layout.cell),
                        height: Val::Px(layout.cell),
                        ..default()
                    },
                    image.unwrap_or_default(),
                    ZIndex(1),
                    Pickable::IGNORE,
                ));
            }
        });
    }
}

/// Lines fade; vanishing tiles shrink and fade; both go when their time is up.
fn age_effects(
    mut commands: Commands,
    time: Res<Time>,
    mut effects: Query<(
        Entity,
        &mut LinkEffect,
        &mut UiTransform,
        Option<&mut ImageNode>,
        Option<&mut BackgroundColor>,
    )>,
) {
    for (e, mut fx, mut transform, image, bg) in &mut effects {
        fx.age += time.delta_secs();
        fx.frames += 1;
        // As far along as the slower of the clock and the frame count.
        let done = (fx.age / fx.life).min(fx.frames as f32 / EFFECT_FRAMES as f32);
        let left = 1.0 - done;
        if left <= 0.0 {
            commands.entity(e).despawn();
            continue;
        }
        if fx.tile {
            transform.scale = Vec2::splat(0.4 + 0.6 * left);
        }
        if let Some(mut i) = image {
            i.color.set_alpha(left);
        }
        if let Some(mut b) = bg {
            b.0.set_alpha(left.sqrt());
        }
    }
}
