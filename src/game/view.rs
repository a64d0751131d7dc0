//! How the board looks: sprites for cells, boxes and the worker, the camera that fits the board to
//! the window (any aspect ratio), sprites gliding to their grid cells, boxes on goals, the worker's
//! facing, and a brief mark on cells that cannot be reached.

use bevy::camera::ScalingMode;
use bevy::prelude::*;

use super::art::{self, Art, ArtAssets, Sheet};
use super::board::{BoardRoot, Crate, GridPos, Outside, Session, Tile, Worker};
use super::input::on_cell_click;
use super::touch::{BoardScreen, BoardZoom};
use super::walk::Unreachable;
use super::{AppSystems, Settings};
use crate::core::cell::{self, Cell};
use crate::core::{Direction, Pos};

/// World units per cell.
pub const CELL: f32 = 64.0;
/// Room kept around the board for the HUD, in cells.
pub const MARGIN_CELLS: (f32, f32) = (1.0, 3.2);

pub const FLOOR: Color = Color::srgb(0.20, 0.22, 0.26);
pub const GOAL: Color = Color::srgb(0.96, 0.76, 0.20);
pub const WALL: Color = Color::srgb(0.47, 0.50, 0.56);
pub const BRICK: Color = Color::srgb(0.62, 0.32, 0.26);
pub const BOX: Color = Color::srgb(0.82, 0.53, 0.22);
pub const BOX_ON_GOAL: Color = Color::srgb(0.27, 0.74, 0.40);
pub const WORKER: Color = Color::srgb(0.27, 0.52, 0.95);
pub const UNREACHABLE: Color = Color::srgba(0.95, 0.2, 0.2, 0.55);

/// The camera that shows the board.
#[derive(Component)]
pub struct BoardCamera;

/// The worker's eye, showing which way it faces.
#[derive(Component)]
struct Eye;

/// A short-lived mark on a cell the worker cannot reach.
#[derive(Component)]
struct Fading(Timer);

/// While a mouse pointer is over the board, the cells the worker can reach now are lit softly.
#[derive(Resource, Default, Debug)]
pub struct ReachHighlight {
    /// The pointer is over a cell of the board.
    pub hovered: bool,
    /// The session state the highlight was drawn for (`None`: nothing drawn).
    drawn: Option<(u64, u64)>,
}

/// One lit cell of the reachable area.
#[derive(Component)]
pub struct Reachable;

pub const REACH: Color = Color::srgba(1.0, 1.0, 1.0, 0.025);

/// True while any sprite is still gliding to its cell (the scripted mode waits for it).
#[derive(Resource, Default, Debug)]
pub struct Animating(pub bool);

pub(super) fn plugin(app: &mut App) {
    // Cells are plain-colour sprites: pick them by their rectangle, not by image alpha.
    app.insert_resource(bevy::sprite::SpritePickingSettings {
        picking_mode: bevy::sprite::SpritePickingMode::BoundingBox,
        ..default()
    })
    .init_resource::<Animating>()
    .init_resource::<CameraFit>()
    .init_resource::<ReachHighlight>()
    .add_systems(Startup, spawn_camera)
    .add_systems(
        Update,
        (
            fit_camera,
            dress_tiles,
            dress_crates,
            dress_worker,
            glide,
            color_crates,
            face,
            mark_unreachable,
            fade,
            track_screen,
            highlight_reach,
        )
            .chain()
            .in_set(AppSystems::SyncView),
    );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera));
}

/// World position of a cell's centre, the board centred on the origin.
pub fn world_of(p: Pos, width: u32, height: u32) -> Vec2 {
    Vec2::new(
        (p.x as f32 - (width as f32 - 1.0) / 2.0) * CELL,
        -(p.y as f32 - (height as f32 - 1.0) / 2.0) * CELL,
    )
}

fn board_size(session: &Session) -> (u32, u32) {
    let b = session.game.board();
    (b.width(), b.height())
}

/// The camera's fit: the world area it keeps in view (board plus HUD margins) and the vertical
/// shift, easing toward the target when the level or the screen changes.
#[derive(Resource, Default, Debug)]
pub struct CameraFit {
    /// (min width, min height, shift) now; `None` until the first level is shown.
    now: Option<Vec3>,
    /// Still easing toward the target.
    pub settling: bool,
}

/// Fits the board (with room for the HUD) to any window, easing from the last level's fit to the
/// next one's in about a quarter of a second, then applies the player's zoom and pan at once (a
/// pinch must follow the fingers).
fn fit_camera(
    session: Option<Res<Session>>,
    zoom: Res<BoardZoom>,
    play: Option<Res<State<super::Play>>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut fit: ResMut<CameraFit>,
    mut camera: Query<(&mut Projection, &mut Transform), With<BoardCamera>>,
) {
    let Some(session) = session else { return };
    // The designer fits the camera to the level it draws (and leaving it refits).
    let state_changed = play.as_ref().is_some_and(|p| p.is_changed());
    if play
        .as_ref()
        .is_some_and(|p| *p.get() == super::Play::Design)
    {
        return;
    }
    let (w, h) = board_size(&session);
    // The replay's panel is taller than the HUD's buttons: more room below, board moved up.
    let replaying = play.is_some_and(|p| *p.get() == super::Play::Replay);
    let (extra, shift) = if replaying {
        (4.0, -2.0 * CELL)
    } else {
        (0.0, 0.0)
    };
    let target = Vec3::new(
        (w as f32 + MARGIN_CELLS.0) * CELL,
        (h as f32 + MARGIN_CELLS.1 + extra) * CELL,
        shift,
    );
    let now = match fit.now {
        Some(now) if !settings.instant => {
            // Exponential ease: 1 - e^(-12 t) of the way each frame; snaps when within a pixel.
            let k = 1.0 - (-12.0 * time.delta_secs()).exp();
            let next = now + (target - now) * k;
            if (target - next).abs().max_element() < 1.0 {
                target
            } else {
                next
            }
        }
        _ => target,
    };
    let changed = fit.now != Some(now);
    fit.settling = now != target;
    fit.now = Some(now);
    if !changed && !zoom.is_changed() && !state_changed {
        return;
    }
    for (mut p, mut t) in &mut camera {
        if let Projection::Orthographic(o) = &mut *p {
            o.scaling_mode = ScalingMode::AutoMin {
                min_width: now.x,
                min_height: now.y,
            };
            o.viewport_origin = Vec2::new(0.5, 0.5);
            o.scale = 1.0 / zoom.zoom.max(0.01);
        }
        t.translation = (zoom.pan + Vec2::new(0.0, now.z)).extend(t.translation.z);
    }
}

/// Keeps [`BoardScreen`] (where the board is on screen) for the touch gestures.
fn track_screen(
    mut commands: Commands,
    session: Option<Res<Session>>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    current: Option<Res<BoardScreen>>,
) {
    let Some(session) = session else { return };
    let Ok((cam, t)) = camera.single() else {
        return;
    };
    let (Ok(origin), Ok(x1)) = (
        cam.world_to_viewport(t, Vec3::ZERO),
        cam.world_to_viewport(t, Vec3::new(CELL, 0.0, 0.0)),
    ) else {
        return;
    };
    let now = BoardScreen {
        origin,
        scale: (x1.x - origin.x) / CELL,
        size: board_size(&session),
    };
    if current.as_deref() != Some(&now) {
        commands.insert_resource(now);
    }
}

fn sprite(color: Color, size: f32) -> Sprite {
    Sprite::from_color(color, Vec2::splat(size * CELL))
}

fn place(p: Pos, session: &Session, z: f32) -> Transform {
    let (w, h) = board_size(session);
    Transform::from_translation(world_of(p, w, h).extend(z))
}

fn hover_in(ev: On<Pointer<Over>>, mut reach: ResMut<ReachHighlight>) {
    if !ev.pointer_id.is_touch() {
        reach.hovered = true;
    }
}

fn hover_out(ev: On<Pointer<Out>>, mut reach: ResMut<ReachHighlight>) {
    if !ev.pointer_id.is_touch() {
        reach.hovered = false;
    }
}

/// Lights the worker's reachable area (the core's `PathFinder::reachable`, the same flood as the
/// walk search) while the mouse is over the board and the level is being played; redrawn when
/// the board changes.
fn highlight_reach(
    mut commands: Commands,
    mut reach: ResMut<ReachHighlight>,
    session: Option<ResMut<Session>>,
    play: Option<Res<State<super::Play>>>,
    lit: Query<Entity, With<Reachable>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let active = play.is_some_and(|p| *p.get() == super::Play::Active);
    let want = match (&session, reach.hovered && active) {
        (Some(s), true) => Some(s.state_key()),
        _ => None,
    };
    if want == reach.drawn {
        return;
    }
    for e in &lit {
        commands.entity(e).despawn();
    }
    reach.drawn = want;
    let (Some(mut session), Some(_), Ok(root)) = (session, want, roots.single()) else {
        return;
    };
    let s = &mut *session;
    let (w, h) = (s.game.board().width(), s.game.board().height());
    let cells: Vec<u32> = s.finder.reachable(s.game.board_for_search()).to_vec();
    for i in cells {
        let p = Pos::new(i % w, i / w);
        commands.spawn((
            Reachable,
            sprite(REACH, 1.0),
            Transform::from_translation(world_of(p, w, h).extend(0.05)),
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
}

fn dress_tiles(
    mut commands: Commands,
    tiles: Query<(Entity, &Tile, &GridPos, Has<Outside>), Added<Tile>>,
    session: Option<Res<Session>>,
    art: Option<Res<ArtAssets>>,
    sheet: Option<Res<Sheet>>,
) {
    let Some(session) = session else { return };
    let board = session.game.board();
    let is_wall = |p: Pos, d: Direction| {
        board
            .neighbour(p, d)
            .and_then(|q| board.get(q))
            .is_some_and(|c| c == Cell::Wall)
    };
    for (e, tile, g, outside) in &tiles {
        let p = g.0;
        let (color, size, index) = match tile.0 {
            Cell::Wall => {
                let joined = art::wall_tile(
                    is_wall(p, Direction::Up),
                    is_wall(p, Direction::Right),
                    is_wall(p, Direction::Down),
                    is_wall(p, Direction::Left),
                );
                (WALL, 1.0, Some(joined))
            }
            Cell::Brick => (BRICK, 0.9, Some(art::tile::BRICK)),
            _ if outside => (Color::NONE, 1.0, None),
            Cell::Slot => (FLOOR, 1.0, Some(art::tile::GOAL)),
            _ => (FLOOR, 1.0, Some(art::tile::FLOOR)),
        };
        let mut ec = commands.entity(e);
        let look = match (&art, &sheet, index) {
            (Some(art), Some(sheet), Some(i)) => {
                ec.insert(Art(i));
                art.sprite(sheet.0, i)
            }
            _ => sprite(color, size),
        };
        dress(&mut ec, look, place(p, &session, 0.0));
        if tile.0 == Cell::Slot && art.is_none() {
            ec.with_child((
                sprite(GOAL, 0.32),
                Transform::from_xyz(0.0, 0.0, 0.1),
                Pickable::IGNORE,
            ));
        }
    }
}

/// Gives a board entity its sprite and place, and the pointer's reactions: a click or tap walks
/// there (or pushes), hovering lights the reachable area.
fn dress<'a, 'b>(
    ec: &'b mut EntityCommands<'a>,
    sprite: Sprite,
    at: Transform,
) -> &'b mut EntityCommands<'a> {
    ec.insert((sprite, at, Pickable::default()))
        .observe(on_cell_click)
        .observe(hover_in)
        .observe(hover_out)
}

fn dress_crates(
    mut commands: Commands,
    crates: Query<(Entity, &GridPos), Added<Crate>>,
    session: Option<Res<Session>>,
    art: Option<Res<ArtAssets>>,
    sheet: Option<Res<Sheet>>,
) {
    let Some(session) = session else { return };
    for (e, g) in &crates {
        let mut ec = commands.entity(e);
        let look = match (&art, &sheet) {
            (Some(art), Some(sheet)) => {
                ec.insert(Art(art::tile::BOX));
                art.sprite(sheet.0, art::tile::BOX)
            }
            _ => sprite(BOX, 0.82),
        };
        dress(&mut ec, look, place(g.0, &session, 1.0));
    }
}

fn dress_worker(
    mut commands: Commands,
    workers: Query<(Entity, &GridPos, &Worker), Added<Worker>>,
    session: Option<Res<Session>>,
    art: Option<Res<ArtAssets>>,
    sheet: Option<Res<Sheet>>,
) {
    let Some(session) = session else { return };
    for (e, g, w) in &workers {
        let mut ec = commands.entity(e);
        if let (Some(art), Some(sheet)) = (&art, &sheet) {
            let i = art::worker_tile(w.facing, 0);
            ec.insert(Art(i));
            dress(&mut ec, art.sprite(sheet.0, i), place(g.0, &session, 2.0));
            continue;
        }
        dress(&mut ec, sprite(WORKER, 0.66), place(g.0, &session, 2.0)).with_child((
            Eye,
            sprite(Color::WHITE, 0.18),
            Transform::from_xyz(0.0, -0.16 * CELL, 0.1),
            Pickable::IGNORE,
        ));
    }
}

/// Moves boxes and the worker toward their cells, one cell per step time (snaps in instant mode).
fn glide(
    session: Option<Res<Session>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut movers: Query<(&GridPos, &mut Transform), Or<(With<Crate>, With<Worker>)>>,
    mut animating: ResMut<Animating>,
    fit: Res<CameraFit>,
) {
    let Some(session) = session else { return };
    let (w, h) = board_size(&session);
    let speed = CELL / settings.step_seconds.max(0.001);
    let mut any = false;
    for (g, mut t) in &mut movers {
        let target = world_of(g.0, w, h);
        let here = t.translation.truncate();
        let gap = target - here;
        let step = speed * time.delta_secs();
        if settings.instant || gap.length() <= step || gap.length() > CELL * 1.5 {
            t.translation = target.extend(t.translation.z);
        } else {
            t.translation += (gap.normalize() * step).extend(0.0);
            any = true;
        }
    }
    animating.0 = any || fit.settling;
}

/// Boxes on goals look different: another tile with the art, another colour without.
fn color_crates(
    session: Option<Res<Session>>,
    mut crates: Query<(&GridPos, &mut Sprite, Option<&mut Art>), (With<Crate>, Changed<GridPos>)>,
) {
    let Some(session) = session else { return };
    let board = session.game.board();
    for (g, mut s, art) in &mut crates {
        let on_goal = board.get(g.0).is_some_and(|c| cell::is_goal(c.byte()));
        match art {
            Some(mut a) => {
                a.0 = if on_goal {
                    art::tile::BOX_ON_GOAL
                } else {
                    art::tile::BOX
                }
            }
            None => s.color = if on_goal { BOX_ON_GOAL } else { BOX },
        }
    }
}

fn face(
    workers: Query<(&Worker, &Children), Changed<Worker>>,
    mut eyes: Query<&mut Transform, With<Eye>>,
) {
    for (w, children) in &workers {
        let (dx, dy) = w.facing.offset();
        for c in children.iter() {
            if let Ok(mut t) = eyes.get_mut(c) {
                t.translation = Vec3::new(dx as f32 * 0.16 * CELL, -(dy as f32) * 0.16 * CELL, 0.1);
            }
        }
    }
}

fn mark_unreachable(
    mut commands: Commands,
    mut taps: MessageReader<Unreachable>,
    session: Option<Res<Session>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let Some(session) = session else { return };
    let Ok(root) = roots.single() else { return };
    for Unreachable(p) in taps.read() {
        commands.spawn((
            sprite(UNREACHABLE, 0.9),
            place(*p, &session, 3.0),
            Fading(Timer::from_seconds(0.45, TimerMode::Once)),
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut marks: Query<(Entity, &mut Fading, &mut Sprite)>,
) {
    for (e, mut f, mut s) in &mut marks {
        f.0.tick(time.delta());
        s.color.set_alpha(0.55 * f.0.fraction_remaining());
        if f.0.is_finished() {
            commands.entity(e).despawn();
        }
    }
}
