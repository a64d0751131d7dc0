//! Link 3D's screen (with the `link3d` feature): the block of tiles drawn by Bevy's 3D renderer
//! (small cubes wearing the 2D mode's faces, lit from the camera), an orbit camera that a drag
//! turns (mouse or finger), the wheel or a pinch zooms and the arrow keys step, a tap on a tile
//! picks it (a ray from the camera; tiles buried inside are dimmed and cannot be picked), the
//! joining line drawn in 3D, a status line, the toolbar and the Paused, Stuck and Cleared panels.
//!
//! The block is centred in the room between the status line and the toolbar: the camera keeps
//! the whole window (the UI is drawn by it) and is shifted so that the block's middle falls in
//! that room, at a distance where the block's bounding sphere fits it. While the mode is up the
//! level's 2D camera is switched off. The play itself is `mechanics/link3d.rs`.
//!
//! Siblings: `link` (the clock's text and the Paused, Stuck and Cleared panels, shared with the
//! 2D screen).

use std::collections::HashMap;

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::core::link3d::{Block, Cell3, Line3};
use crate::game::mechanics::art::{ArtAssets, LINK_SHEET_SIZES};
use crate::game::screens::link::{LinkPanel, PanelCommands, clock_text, fill_link_panel};
use crate::game::vocab::icons;
use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;

pub(crate) fn screen_plugin(app: &mut App) {
    app.init_resource::<Orbit>()
        .add_systems(
            OnEnter(Play::Link3d),
            (spawn_scene, spawn_screen, board_camera(false)),
        )
        .add_systems(OnExit(Play::Link3d), board_camera(true))
        .add_systems(
            Update,
            respawn_screen
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Link3d).and_then(resource_changed::<Layout>)),
        )
        .add_systems(
            Update,
            (
                turn_with_keys_wheel_and_pinch,
                place_camera,
                build_tiles,
                show_status,
                show_panels,
                draw_removals,
                age_effects,
            )
                .chain()
                .after(respawn_screen)
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Link3d)),
        );
}

/// The 3D camera.
#[derive(Component)]
pub struct Link3dCamera;

/// The screen's UI root.
#[derive(Component)]
struct Link3dScreen;

/// The room the block is shown in: taps and drags on it pick and turn.
#[derive(Component)]
pub struct Link3dArea;

/// The parent of the tiles and the hint's line, rebuilt when what they show changes.
#[derive(Component)]
struct TilesRoot;

#[derive(Component)]
struct Link3dStatus;

/// A removal's line, gone after a moment (and at least a few frames).
#[derive(Component)]
struct LineEffect {
    age: f32,
    frames: u32,
}

/// The orbit camera: its turn about the block and its zoom, and how far the pointer has moved
/// since it went down (a tap is no drag).
#[derive(Resource, Debug)]
pub struct Orbit {
    /// Turn about the vertical axis and tilt toward the top, in radians.
    pub yaw: f32,
    pub pitch: f32,
    /// 1 fits the block in its room; larger is closer.
    pub zoom: f32,
    dragged: f32,
    /// The distance between two fingers last frame (a pinch under way).
    pinch: Option<f32>,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit {
            yaw: -0.45,
            pitch: 0.5,
            zoom: 1.0,
            dragged: 0.0,
            pinch: None,
        }
    }
}

/// How a tile is drawn: plain, buried (no line can leave it), selected, in the hint's pair, or
/// (while a hint is shown) one of the tiles that have a playable partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Mark {
    Plain,
    Buried,
    Selected,
    Hinted,
    Playable,
    /// Under the keyboard's and gamepad's cursor.
    Cursor,
}

/// The meshes and materials of the scene, made once per visit.
#[derive(Resource)]
struct Scene3d {
    cube: Handle<Mesh>,
    tiles: HashMap<(u8, Mark), Handle<StandardMaterial>>,
    removal_line: Handle<StandardMaterial>,
    hint_line: Handle<StandardMaterial>,
}

/// A tile's side, in cells: a little room between tiles shows the block's structure.
pub const TILE: f32 = 0.86;
/// The lines' thickness, in cells.
const LINE: f32 = 0.09;
/// Seconds a removal's line stays.
const LINE_LIFE: f32 = 0.45;
/// The camera's vertical field of view.
const FOV: f32 = std::f32::consts::FRAC_PI_4;

/// The board's 2D camera off while the block is up (nothing of the level shows), on again after.
fn board_camera(active: bool) -> impl Fn(Query<&mut Camera, With<BoardCamera>>) {
    move |mut cameras| {
        for mut c in &mut cameras {
            c.is_active = active;
        }
    }
}

/// The camera (above the board's, so the UI is drawn by it), its light, and the materials.
fn spawn_scene(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut orbit: ResMut<Orbit>,
) {
    *orbit = Orbit::default();
    commands
        .spawn((
            Link3dCamera,
            Name::new("Link 3D camera"),
            Camera3d::default(),
            Camera {
                order: 1,
                clear_color: ClearColorConfig::Custom(palette::BACKGROUND),
                ..default()
            },
            Projection::Perspective(PerspectiveProjection {
                fov: FOV,
                ..default()
            }),
            // No lookup tables are built into the game (Bevy's tonemapping_luts feature).
            Tonemapping::None,
            DespawnOnExit(Play::Link3d),
        ))
        .with_child((
            DirectionalLight {
                illuminance: 3_000.0,
                shadow_maps_enabled: false,
                ..default()
            },
            Transform::from_xyz(0.4, 0.6, 1.0).looking_at(Vec3::ZERO, Vec3::Y),
        ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 900.0,
        affects_lightmapped_meshes: false,
    });
    let line = |c: Color| StandardMaterial {
        base_color: c,
        unlit: true,
        ..default()
    };
    commands.insert_resource(Scene3d {
        cube: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
        tiles: HashMap::new(),
        removal_line: materials.add(line(palette::FOCUS_COLOR)),
        hint_line: materials.add(line(palette::BOX_ON_GOAL)),
    });
}

/// The toolbar's buttons: label key, icon, command.
const TOOLS: [(&str, icons::Icon, AnyCommand); 9] = [
    (
        "link-hint",
        icons::HINT,
        AnyCommand::Link3d(Link3dCommand::Hint),
    ),
    (
        "link-shuffle",
        icons::SHUFFLE,
        AnyCommand::Link3d(Link3dCommand::Shuffle),
    ),
    (
        "hud-undo",
        icons::UNDO,
        AnyCommand::Link3d(Link3dCommand::Undo),
    ),
    (
        "hud-redo",
        icons::REDO,
        AnyCommand::Link3d(Link3dCommand::Redo),
    ),
    (
        "hud-restart",
        icons::RESTART,
        AnyCommand::Link3d(Link3dCommand::Restart),
    ),
    (
        "link-new-deal",
        icons::NEXT,
        AnyCommand::Link3d(Link3dCommand::NewDeal),
    ),
    (
        "link-pause",
        icons::PAUSE,
        AnyCommand::Link3d(Link3dCommand::Pause),
    ),
    (
        "link-size",
        icons::SIZE,
        AnyCommand::Link3d(Link3dCommand::NextSize),
    ),
    (
        "link3d-back",
        icons::BACK,
        AnyCommand::Screen(ScreenCommand::Back),
    ),
];

/// The status line on top, the room for the block, and the toolbar under it (beside it on a
/// phone held sideways). Only the bars have a background: the block shows through the room.
fn spawn_screen(mut commands: Commands, layout: Res<Layout>) {
    let side = *layout == Layout::Landscape;
    let compact = layout.compact();
    commands
        .spawn((
            Link3dScreen,
            Name::new("Link 3D screen"),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: if side {
                    FlexDirection::Row
                } else {
                    FlexDirection::Column
                },
                ..default()
            },
            GlobalZIndex(1),
            Pickable::IGNORE,
            DespawnOnExit(Play::Link3d),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    min_height: px(0),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|main| {
                main.spawn((
                    Node {
                        justify_content: JustifyContent::Center,
                        padding: UiRect::all(px(6)),
                        ..default()
                    },
                    BackgroundColor(palette::PANEL),
                ))
                .with_child((
                    Link3dStatus,
                    text("", if compact { 15.0 } else { 20.0 }),
                    TextLayout::justify(Justify::Center),
                ));
                main.spawn((
                    Link3dArea,
                    Name::new("Link 3D block"),
                    Node {
                        flex_grow: 1.0,
                        min_height: px(0),
                        ..default()
                    },
                ))
                .observe(press_area)
                .observe(drag_area)
                .observe(tap_area);
            });
            spawn_toolbar(root, side, compact);
        });
}

fn spawn_toolbar(root: &mut ChildSpawnerCommands, side: bool, compact: bool) {
    root.spawn((
        Node {
            flex_direction: if side {
                FlexDirection::Column
            } else {
                FlexDirection::Row
            },
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            align_content: AlignContent::Center,
            column_gap: px(4),
            row_gap: px(4),
            padding: UiRect::all(px(4)),
            flex_shrink: 0.0,
            max_width: if side { px(120) } else { percent(100) },
            ..default()
        },
        BackgroundColor(palette::PANEL),
    ))
    .with_children(|bar| {
        for (key, icon, cmd) in TOOLS {
            bar.spawn(tool_button(&t!(key), icon, CommandButton(cmd), !compact))
                .observe(send_on_click::<CommandButton>);
        }
    });
}

/// The screen again for a new layout (a phone turned).
fn respawn_screen(
    mut commands: Commands,
    screens: Query<Entity, With<Link3dScreen>>,
    layout: Res<Layout>,
) {
    for e in &screens {
        commands.entity(e).despawn();
    }
    spawn_screen(commands, layout);
}

/// A pointer went down on the block's room: no drag yet.
fn press_area(_press: On<Pointer<Press>>, mut orbit: ResMut<Orbit>) {
    orbit.dragged = 0.0;
}

/// A drag turns the block (one finger or the mouse; two fingers pinch instead).
fn drag_area(drag: On<Pointer<Drag>>, mut orbit: ResMut<Orbit>, touches: Res<Touches>) {
    orbit.dragged = orbit.dragged.max(drag.distance.length());
    if touches.iter().count() >= 2 {
        return;
    }
    orbit.yaw -= drag.delta.x * 0.01;
    orbit.pitch = (orbit.pitch + drag.delta.y * 0.01).clamp(-1.45, 1.45);
}

/// A tap (not a drag) picks the tile the ray from the camera meets first, when a line could
/// leave it.
fn tap_area(
    click: On<Pointer<Click>>,
    orbit: Res<Orbit>,
    play: Option<Res<Link3dPlay>>,
    camera: Single<(&Camera, &GlobalTransform), With<Link3dCamera>>,
    mut out: MessageWriter<Link3dCommand>,
) {
    let Some(play) = play.filter(|p| !p.panel_up()) else {
        return;
    };
    if orbit.dragged > TAP_SLOP {
        return;
    }
    let (camera, at) = *camera;
    let Ok(ray) = camera.viewport_to_world(at, click.pointer_location.position) else {
        return;
    };
    if let Some(c) = first_tile_hit(play.block(), ray)
        && play.block().reachable(c)
    {
        out.write(Link3dCommand::Pick(c));
    }
}

/// The tile a ray meets first.
pub fn first_tile_hit(block: &Block, ray: Ray3d) -> Option<Cell3> {
    let half = Vec3::splat(TILE / 2.0);
    block
        .cells()
        .filter(|&c| block.get(c) != 0)
        .filter_map(|c| {
            let centre = world_of(block, c);
            let t = ray_box(ray.origin, *ray.direction, centre - half, centre + half)?;
            Some((t, c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Where a ray from `origin` along `dir` enters a box (the slab test), if it does ahead.
fn ray_box(origin: Vec3, dir: Vec3, lo: Vec3, hi: Vec3) -> Option<f32> {
    let inv = dir.recip();
    let (a, b) = ((lo - origin) * inv, (hi - origin) * inv);
    let (near, far) = (a.min(b).max_element(), a.max(b).min_element());
    (near <= far && far >= 0.0).then_some(near.max(0.0))
}

/// A cell's centre in the world: the block's middle at the origin, rows downward, layer z = 0
/// at the back (the last layer dealt faces the camera at first).
pub fn world_of(block: &Block, c: Cell3) -> Vec3 {
    let half = |n: i32| (n - 1) as f32 / 2.0;
    Vec3::new(
        c.x as f32 - half(block.width()),
        half(block.height()) - c.y as f32,
        c.z as f32 - half(block.depth()),
    )
}

/// The arrow keys turn by a step (unless a panel is up: they are its buttons' then), the wheel
/// and a pinch zoom.
fn turn_with_keys_wheel_and_pinch(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    touches: Res<Touches>,
    play: Option<Res<Link3dPlay>>,
    mut orbit: ResMut<Orbit>,
) {
    const STEP: f32 = std::f32::consts::PI / 12.0;
    let panel = play.is_none_or(|p| p.panel_up());
    for (k, yaw, pitch) in [
        (KeyCode::ArrowLeft, STEP, 0.0),
        (KeyCode::ArrowRight, -STEP, 0.0),
        (KeyCode::ArrowUp, 0.0, STEP),
        (KeyCode::ArrowDown, 0.0, -STEP),
    ] {
        if keys.just_pressed(k) && !panel {
            orbit.yaw += yaw;
            orbit.pitch = (orbit.pitch + pitch).clamp(-1.45, 1.45);
        }
    }
    for w in wheel.read() {
        let lines = match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 40.0,
        };
        orbit.zoom *= 1.1f32.powf(lines);
    }
    let fingers: Vec<Vec2> = touches.iter().map(|t| t.position()).collect();
    orbit.pinch = match fingers[..] {
        [a, b, ..] => {
            let d = a.distance(b);
            if let Some(before) = orbit.pinch.filter(|&p| p > 1.0) {
                orbit.zoom *= d / before;
            }
            Some(d)
        }
        _ => None,
    };
    orbit.zoom = orbit.zoom.clamp(0.5, 4.0);
}

/// The camera on its orbit, at the distance where the block fits its room, shifted so that the
/// block's middle is the room's.
fn place_camera(
    orbit: Res<Orbit>,
    play: Option<Res<Link3dPlay>>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Single<(&ComputedNode, &UiGlobalTransform), With<Link3dArea>>,
    mut camera: Single<&mut Transform, With<Link3dCamera>>,
) {
    let Some(play) = play else { return };
    let b = play.block();
    let win = Vec2::new(window.width(), window.height());
    let (node, t) = *area;
    let room = node.size() * node.inverse_scale_factor();
    if room.min_element() < 1.0 || win.y < 1.0 {
        return;
    }
    let centre = t.translation * node.inverse_scale_factor();
    let radius = 0.5 * Vec3::new(b.width() as f32, b.height() as f32, b.depth() as f32).length();
    let tan = (FOV / 2.0).tan() * room.min_element() / win.y;
    let distance = radius * (1.0 + tan * tan).sqrt() / tan / orbit.zoom;
    let rotation = Quat::from_euler(EulerRot::YXZ, orbit.yaw, -orbit.pitch, 0.0);
    let per_px = 2.0 * distance * (FOV / 2.0).tan() / win.y;
    let offset = centre - win / 2.0;
    let shift = rotation * Vec3::new(-offset.x * per_px, offset.y * per_px, 0.0);
    **camera =
        Transform::from_translation(rotation * Vec3::Z * distance + shift).with_rotation(rotation);
}

/// What the tiles show: rebuilt only when this changes.
#[derive(Clone, PartialEq)]
struct Shown {
    block: Block,
    selected: Option<Cell3>,
    cursor: Option<Cell3>,
    hint: Option<Line3>,
    paused: bool,
    art: bool,
}

/// The tiles (and the hint's line) again when the block or its marks changed.
fn build_tiles(
    mut commands: Commands,
    play: Option<Res<Link3dPlay>>,
    art: Option<Res<ArtAssets>>,
    mut scene: ResMut<Scene3d>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    roots: Query<Entity, With<TilesRoot>>,
    mut shown: Local<Option<Shown>>,
) {
    let Some(play) = play else { return };
    let now = Shown {
        block: play.block().clone(),
        selected: play.selected,
        cursor: play.cursor,
        hint: play.hint.map(|(_, _, l)| l),
        paused: play.paused,
        art: art.is_some(),
    };
    if roots.iter().next().is_some() && shown.as_ref() == Some(&now) {
        return;
    }
    for e in &roots {
        commands.entity(e).despawn();
    }
    let block = play.block();
    let hinted = |c| play.hint.is_some_and(|(a, b, _)| a == c || b == c);
    // While a hint is shown, every tile that some line could take away now is lit too.
    let playable: Vec<Cell3> = match play.hint {
        Some(_) => block
            .playable_pairs()
            .iter()
            .flat_map(|&(a, b, _)| [a, b])
            .collect(),
        None => Vec::new(),
    };
    let mut root = commands.spawn((
        TilesRoot,
        Transform::default(),
        if play.paused {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        },
        DespawnOnExit(Play::Link3d),
    ));
    root.with_children(|tiles| {
        for c in block.cells().filter(|&c| block.get(c) != 0) {
            let mark = match () {
                _ if play.selected == Some(c) => Mark::Selected,
                _ if play.cursor == Some(c) => Mark::Cursor,
                _ if hinted(c) => Mark::Hinted,
                _ if playable.contains(&c) => Mark::Playable,
                _ if !block.reachable(c) => Mark::Buried,
                _ => Mark::Plain,
            };
            let material = tile_material(
                &mut scene,
                &mut materials,
                art.as_deref(),
                block.get(c),
                mark,
            );
            tiles.spawn((
                Mesh3d(scene.cube.clone()),
                MeshMaterial3d(material),
                Transform::from_translation(world_of(block, c)).with_scale(Vec3::splat(TILE)),
            ));
        }
        if let Some((_, _, line)) = play.hint {
            for segment in segments(block, &line, scene.hint_line.clone(), &scene.cube) {
                tiles.spawn(segment);
            }
        }
    });
    *shown = Some(now);
}

/// A tile's material: its face from the Link sheet (tinted by its mark), made once.
fn tile_material(
    scene: &mut Scene3d,
    materials: &mut Assets<StandardMaterial>,
    art: Option<&ArtAssets>,
    face: u8,
    mark: Mark,
) -> Handle<StandardMaterial> {
    scene
        .tiles
        .entry((face, mark))
        .or_insert_with(|| {
            let tint = match mark {
                Mark::Plain => Color::WHITE,
                Mark::Buried => Color::srgb(0.42, 0.42, 0.48),
                Mark::Selected => Color::srgb(1.0, 0.82, 0.35),
                Mark::Hinted => Color::srgb(0.55, 1.0, 0.55),
                Mark::Playable => Color::srgb(0.85, 1.0, 0.85),
                Mark::Cursor => Color::srgb(0.55, 0.75, 1.0),
            };
            // The sheet: 8 x 8 tiles of 64 pixels, each in a 1-pixel frame.
            let cell = LINK_SHEET_SIZES[0] as f32;
            let sheet = 8.0 * (cell + 2.0);
            let i = face.saturating_sub(1) as usize;
            let corner = Vec2::new((i % 8) as f32, (i / 8) as f32) * (cell + 2.0) + 1.0;
            materials.add(StandardMaterial {
                base_color: tint,
                base_color_texture: art.map(|a| a.link_sheets[0].clone()),
                uv_transform: Affine2::from_scale_angle_translation(
                    Vec2::splat(cell / sheet),
                    0.0,
                    corner / sheet,
                ),
                perceptual_roughness: 0.9,
                ..default()
            })
        })
        .clone()
}

/// A line as thin boxes, one per straight segment.
fn segments(
    block: &Block,
    line: &Line3,
    material: Handle<StandardMaterial>,
    cube: &Handle<Mesh>,
) -> Vec<impl Bundle + use<>> {
    line.points()
        .windows(2)
        .map(|w| {
            let (a, b) = (world_of(block, w[0]), world_of(block, w[1]));
            let size = (b - a).abs() + Vec3::splat(LINE);
            (
                Mesh3d(cube.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation((a + b) / 2.0).with_scale(size),
            )
        })
        .collect()
}

/// Each removal's line, drawn for a moment where the tiles were.
fn draw_removals(
    mut commands: Commands,
    mut removed: MessageReader<Link3dRemoved>,
    play: Option<Res<Link3dPlay>>,
    scene: Res<Scene3d>,
) {
    let Some(play) = play else { return };
    for r in removed.read() {
        for segment in segments(
            play.block(),
            &r.line,
            scene.removal_line.clone(),
            &scene.cube,
        ) {
            commands.spawn((
                segment,
                LineEffect {
                    age: 0.0,
                    frames: 0,
                },
                DespawnOnExit(Play::Link3d),
            ));
        }
    }
}

fn age_effects(
    mut commands: Commands,
    time: Res<Time>,
    mut effects: Query<(Entity, &mut LineEffect)>,
) {
    for (e, mut fx) in &mut effects {
        fx.age += time.delta_secs();
        fx.frames += 1;
        if fx.age > LINE_LIFE && fx.frames >= 12 {
            commands.entity(e).despawn();
        }
    }
}

fn show_status(
    play: Option<Res<Link3dPlay>>,
    saves: Res<crate::game::mechanics::save::Saves>,
    mut status: Query<&mut Text, With<Link3dStatus>>,
) {
    let Some(play) = play else { return };
    let b = play.block();
    let best = saves
        .progress
        .link_best
        .get(&play.best_key())
        .map_or(String::new(), |&ms| {
            t!("link-status-best", time = clock_text(ms))
        });
    let size = [b.width(), b.height(), b.depth()];
    // The size the Size button chose for the next deal, while it differs.
    let next = if play.next_size == size {
        String::new()
    } else {
        let [w, h, d] = play.next_size;
        t!("link3d-next", size = format!("{w}x{h}x{d}"))
    };
    let line = t!(
        "link3d-status",
        size = format!("{}x{}x{}", size[0], size[1], size[2]),
        next = next,
        time = clock_text(play.clock.as_millis() as u64),
        tiles = b.tiles(),
        pairs = play.playable,
        best = best
    );
    for mut s in &mut status {
        if s.0 != line {
            s.0.clone_from(&line);
        }
    }
}

/// The panel the game calls for (paused, stuck, cleared).
fn show_panels(
    mut commands: Commands,
    play: Option<Res<Link3dPlay>>,
    panels: Query<(Entity, &LinkPanel)>,
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
    if panels.iter().next().map(|(_, p)| *p) == wanted {
        return;
    }
    for (e, _) in &panels {
        commands.entity(e).despawn();
    }
    let Some(kind) = wanted else { return };
    let best = saves.progress.link_best.get(&play.best_key()).copied();
    let cmds = PanelCommands {
        pause: Link3dCommand::Pause.into(),
        shuffle: Link3dCommand::Shuffle.into(),
        undo: Link3dCommand::Undo.into(),
        new_deal: Link3dCommand::NewDeal.into(),
        leave: (t!("link3d-back"), ScreenCommand::Back.into()),
    };
    let state = (play.block().tiles(), play.finish);
    spawn_overlay_at(&mut commands, Play::Link3d, 2, kind, |panel| {
        fill_link_panel(panel, kind, &cmds, state, best)
    });
}
