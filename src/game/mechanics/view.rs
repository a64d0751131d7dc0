//! How the board looks: sprites for cells, boxes and the worker, the camera that fits the board to
//! the window (any aspect ratio), sprites gliding to their grid cells, boxes on goals, the worker's
//! facing, and a brief mark on cells that cannot be reached.
//!
//! Siblings: `art` (the tile set), `input` (the click observer every cell carries).

use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::camera::ScalingMode;
use bevy::prelude::*;

use crate::game::mechanics::art::{self, Art, ArtAssets, Sheet};

use crate::game::mechanics::input::on_cell_click;

use crate::core::cell::{self, Cell};
use crate::core::{Direction, Pos};

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

pub(crate) fn plugin(app: &mut App) {
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
            show_box_selection,
            mark_deadlocked_boxes,
            mark_hinted_push,
            shade_dead_squares,
        )
            .chain()
            .in_set(AppSystems::SyncView),
    );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera, Name::new("Board camera")));
}

fn board_size(session: &Session) -> (u32, u32) {
    let b = session.game.board();
    (b.width(), b.height())
}

/// Room kept between the board and the window's edges or the HUD, in logical pixels.
pub const FIT_PADDING: f32 = 12.0;
/// The largest cell the fit makes, in logical pixels (the art's largest sheet); a player's zoom
/// can go further.
pub const MAX_CELL_PX: f32 = 128.0;

/// The camera's fit: the board's scale (logical pixels per world unit) and the camera's place
/// that centre the board between the HUD's bars, easing toward a new fit when the level or the HUD
/// changes.
#[derive(Resource, Default, Debug)]
pub struct CameraFit {
    /// (scale, camera x, camera y) now; `None` until the HUD has been measured.
    now: Option<Vec3>,
    /// The window size the fit was made for (a resize snaps to the new fit).
    window: Vec2,
    /// Still easing toward the target.
    pub settling: bool,
}

/// How much of the window's edges the HUD covers, in logical pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Insets {
    pub top: f32,
    pub bottom: f32,
    pub left: f32,
    pub right: f32,
}

/// The fit of a `w`×`h` board in a window whose edges the HUD covers by `insets`: its scale
/// (logical pixels per world unit) and the camera's place, in world units.
pub fn fit(w: u32, h: u32, window: Vec2, insets: Insets) -> Vec3 {
    let free = Vec2::new(
        window.x - insets.left - insets.right - 2.0 * FIT_PADDING,
        window.y - insets.top - insets.bottom - 2.0 * FIT_PADDING,
    )
    .max(Vec2::splat(32.0));
    let scale = (free.x / (w as f32 * CELL))
        .min(free.y / (h as f32 * CELL))
        .min(MAX_CELL_PX / CELL);
    // How far the free space's centre is from the window's (right, and below); the camera moves
    // the other way by as much (the board then shows that much further right, or lower).
    let right = insets.left + FIT_PADDING + free.x / 2.0 - window.x / 2.0;
    let below = insets.top + FIT_PADDING + free.y / 2.0 - window.y / 2.0;
    Vec3::new(scale, -right / scale, below / scale)
}

/// The window's edges the HUD's bars cover (bars with no size yet are left out); `None` until
/// one has been laid out.
fn measure_bars(
    bars: &Query<(&HudBar, &ComputedNode, &UiGlobalTransform)>,
    window: Vec2,
) -> Option<Insets> {
    let mut insets = None::<Insets>;
    for (bar, node, t) in bars {
        let k = node.inverse_scale_factor();
        let (centre, extent) = (t.translation * k, node.size() * k);
        if extent.y <= 0.0 || extent.x <= 0.0 {
            continue;
        }
        let i = insets.get_or_insert_default();
        let (min, max) = (centre - extent / 2.0, centre + extent / 2.0);
        match bar {
            HudBar::Top => i.top = i.top.max(max.y),
            HudBar::Bottom => i.bottom = i.bottom.max(window.y - min.y),
            HudBar::Left => i.left = i.left.max(max.x),
            HudBar::Right => i.right = i.right.max(window.x - min.x),
        }
    }
    insets
}

/// Fits the board between the HUD's bars in any window, easing from one fit to the next in about a
/// quarter of a second, then applies the player's zoom and pan at once (a pinch must follow the
/// fingers).
fn fit_camera(
    session: Option<Res<Session>>,
    zoom: Res<BoardZoom>,
    play: Option<Res<State<Play>>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut fit_now: ResMut<CameraFit>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    bars: Query<(&HudBar, &ComputedNode, &UiGlobalTransform)>,
    mut camera: Query<(&mut Projection, &mut Transform), With<BoardCamera>>,
    designed: Res<DesignedSize>,
) {
    let Some(session) = session else { return };
    let state_changed = play.as_ref().is_some_and(|p| p.is_changed()) || designed.is_changed();
    let Ok(window) = windows.single() else { return };
    let size = Vec2::new(window.width(), window.height());
    let insets = measure_bars(&bars, size);
    // In the designer: its level, framed between its bars (and leaving it refits the board).
    let (w, h) = designed.0.unwrap_or_else(|| board_size(&session));
    let target = fit(w, h, size, insets.unwrap_or_default());
    let now = match fit_now.now {
        Some(now) if !settings.instant && fit_now.window == size => {
            // Exponential ease: 1 - e^(-12 t) of the way each frame; snaps when within 0.2 %.
            let k = 1.0 - (-12.0 * time.delta_secs()).exp();
            let next = now + (target - now) * k;
            let close = (target.x - next.x).abs() < target.x * 0.002
                && (target.yz() - next.yz()).abs().max_element() * target.x < 0.5;
            if close { target } else { next }
        }
        _ => target,
    };
    let changed = fit_now.now != Some(now);
    fit_now.settling = now != target;
    // Until the HUD has been laid out, fit without it and start from the measured fit later.
    fit_now.now = insets.is_some().then_some(now);
    fit_now.window = size;
    if !changed && !zoom.is_changed() && !state_changed {
        return;
    }
    for (mut p, mut t) in &mut camera {
        if let Projection::Orthographic(o) = &mut *p {
            o.scaling_mode = ScalingMode::WindowSize;
            o.viewport_origin = Vec2::new(0.5, 0.5);
            o.scale = 1.0 / (now.x * zoom.zoom.max(0.01));
        }
        t.translation = (zoom.pan + now.yz()).extend(t.translation.z);
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
    play: Option<Res<State<Play>>>,
    lit: Query<Entity, With<Reachable>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let active = play.is_some_and(|p| *p.get() == Play::Active);
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
            sprite(palette::REACH, 1.0),
            Transform::from_translation(world_of(p, w, h).extend(0.05)),
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
}

/// A mark of the box selection: the ring on the selected box, or a lit cell it can go to.
#[derive(Component, Clone, Copy)]
struct SelectionMark;

/// The selected box gets a ring and every cell it can be pushed to a lit square; redrawn when
/// the selection changes.
fn show_box_selection(
    mut commands: Commands,
    selection: Res<BoxSelection>,
    session: Option<Res<Session>>,
    marks: Query<Entity, With<SelectionMark>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !selection.is_changed() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let (Some(sel), Some(session), Ok(root)) = (&selection.0, session, roots.single()) else {
        return;
    };
    let at = [sel.at];
    let mark = |cells, colour, size| CellMarks {
        cells,
        colour,
        size,
        z: 2.5,
    };
    mark(&at, palette::SELECTED_BOX, 1.0).spawn(&mut commands, root, &session, SelectionMark);
    mark(&sel.targets, palette::BOX_TARGET, 0.5).spawn(
        &mut commands,
        root,
        &session,
        SelectionMark,
    );
}

/// Plain-colour squares over some cells of the board (marks the view redraws as a whole).
struct CellMarks<'a> {
    cells: &'a [Pos],
    colour: Color,
    /// In cells.
    size: f32,
    z: f32,
}

impl CellMarks<'_> {
    fn spawn(
        &self,
        commands: &mut Commands,
        root: Entity,
        session: &Session,
        marker: impl Component + Copy,
    ) {
        for &p in self.cells {
            commands.spawn((
                marker,
                sprite(self.colour, self.size),
                place(p, session, self.z),
                Pickable::IGNORE,
                ChildOf(root),
            ));
        }
    }
}

/// The soft shade over a dead square.
#[derive(Component, Clone, Copy)]
struct DeadShade;

/// Dead squares (no box there can ever reach a goal) are shaded while a box is selected, or
/// always when the player chose that; redrawn when either changes or a level opens.
fn shade_dead_squares(
    mut commands: Commands,
    selection: Res<BoxSelection>,
    always: Res<ShadeDeadSquares>,
    session: Option<Res<Session>>,
    shades: Query<Entity, With<DeadShade>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut shown: Local<bool>,
) {
    let want = always.0 || selection.0.is_some();
    let level_opened = session.as_ref().is_some_and(|s| s.is_added());
    if want == *shown && !level_opened {
        return;
    }
    for e in &shades {
        commands.entity(e).despawn();
    }
    *shown = want;
    let (true, Some(session), Ok(root)) = (want, session, roots.single()) else {
        return;
    };
    // Dead squares are a forward idea: pulled boxes die in other places.
    if session.game.is_reverse() {
        return;
    }
    let board = session.game.board();
    CellMarks {
        cells: &crate::core::deadlock::Detector::new(board).dead_squares(board),
        colour: palette::DEAD_SQUARE,
        size: 1.0,
        z: 0.06,
    }
    .spawn(&mut commands, root, &session, DeadShade);
}

/// A mark on a box a deadlock warning names.
#[derive(Component, Clone, Copy)]
struct DeadlockMark;

/// The boxes of a deadlock warning get a red mark; redrawn when the warning changes.
fn mark_deadlocked_boxes(
    mut commands: Commands,
    warning: Res<DeadlockWarning>,
    session: Option<Res<Session>>,
    marks: Query<Entity, With<DeadlockMark>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !warning.is_changed() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let (Some(found), Some(session), Ok(root)) = (&warning.0, session, roots.single()) else {
        return;
    };
    CellMarks {
        cells: &found.boxes(),
        colour: palette::DEADLOCKED,
        size: 1.0,
        z: 2.6,
    }
    .spawn(&mut commands, root, &session, DeadlockMark);
}

/// A mark of the solver's hint: the box and the cell it goes to.
#[derive(Component, Clone, Copy)]
struct HintMark;

/// The hinted push: the box gets a violet mark, the cell it goes to a violet dot; redrawn when
/// the hint changes.
fn mark_hinted_push(
    mut commands: Commands,
    hint: Res<SolverHint>,
    session: Option<Res<Session>>,
    marks: Query<Entity, With<HintMark>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !hint.is_changed() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let (SolverHint::Found { from, to, .. }, Some(session), Ok(root)) =
        (&*hint, session, roots.single())
    else {
        return;
    };
    for (cell, size) in [(*from, 1.0), (*to, 0.3)] {
        CellMarks {
            cells: &[cell],
            colour: palette::HINT,
            size,
            z: 2.7,
        }
        .spawn(&mut commands, root, &session, HintMark);
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
                (palette::WALL, 1.0, Some(joined))
            }
            Cell::Brick => (palette::BRICK, 0.9, Some(art::tile::BRICK)),
            _ if outside => (Color::NONE, 1.0, None),
            Cell::Slot => (palette::FLOOR, 1.0, Some(art::tile::GOAL)),
            _ => (palette::FLOOR, 1.0, Some(art::tile::FLOOR)),
        };
        let mut ec = commands.entity(e);
        let fallback = sprite(color, size);
        let look = match index {
            Some(i) => look(&mut ec, art.as_deref(), sheet.as_deref(), i, fallback),
            None => fallback,
        };
        dress(&mut ec, look, place(p, &session, 0.0));
        if tile.0 == Cell::Slot && art.is_none() {
            ec.with_child((
                sprite(palette::GOAL, 0.32),
                Transform::from_xyz(0.0, 0.0, 0.1),
                Pickable::IGNORE,
            ));
        }
    }
}

/// The sprite for tile `index`: from the tile set when it is loaded (the entity then keeps an
/// [`Art`], so it follows the sheet for the cell size on screen), else the plain `fallback`.
fn look(
    ec: &mut EntityCommands,
    art: Option<&ArtAssets>,
    sheet: Option<&Sheet>,
    index: usize,
    fallback: Sprite,
) -> Sprite {
    match (art, sheet) {
        (Some(art), Some(sheet)) => {
            ec.insert(Art(index));
            art.sprite(sheet.0, index)
        }
        _ => fallback,
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
        let fallback = sprite(palette::BOX, 0.82);
        let look = look(
            &mut ec,
            art.as_deref(),
            sheet.as_deref(),
            art::tile::BOX,
            fallback,
        );
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
        let i = art::worker_tile(w.facing, 0);
        let look = look(
            &mut ec,
            art.as_deref(),
            sheet.as_deref(),
            i,
            sprite(palette::WORKER, 0.66),
        );
        dress(&mut ec, look, place(g.0, &session, 2.0));
        // Without the tile set, an eye shows which way the worker faces.
        if art.is_none() {
            ec.with_child((
                Eye,
                sprite(Color::WHITE, 0.18),
                Transform::from_xyz(0.0, -0.16 * CELL, 0.1),
                Pickable::IGNORE,
            ));
        }
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
            None => {
                s.color = if on_goal {
                    palette::BOX_ON_GOAL
                } else {
                    palette::BOX
                }
            }
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
            sprite(palette::UNREACHABLE, 0.9),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_between_the_bars() {
        let bars = |top, bottom| Insets {
            top,
            bottom,
            ..Insets::default()
        };
        // A 10 x 5 board in 1280 x 720 with a 50 px top bar and a 110 px bottom bar: the height
        // limits it (720 - 160 - 24 = 536 px for 5 cells: 107.2 px a cell).
        let f = fit(10, 5, Vec2::new(1280.0, 720.0), bars(50.0, 110.0));
        assert!((f.x * CELL - 107.2).abs() < 0.01, "{}", f.x * CELL);
        // The free space's centre is 30 px above the window's: the camera goes down by as much.
        assert!((f.z * f.x + 30.0).abs() < 0.01, "{}", f.z * f.x);
        assert_eq!(f.y, 0.0);
        // A tiny level is not blown up past the art's largest sheet.
        let f = fit(3, 3, Vec2::new(1280.0, 720.0), Insets::default());
        assert_eq!(f.x * CELL, MAX_CELL_PX);
        // A wide level in a portrait phone window: the width limits it.
        let f = fit(30, 17, Vec2::new(411.0, 891.0), bars(40.0, 200.0));
        assert!((f.x * CELL - (411.0 - 24.0) / 30.0).abs() < 0.01);
    }

    #[test]
    fn a_side_column_moves_the_board_beside_it() {
        // A phone on its side, 915 x 412, with a 40 px title bar and a 72 px toolbar on the
        // right: 915 - 72 - 24 = 819 px across, 412 - 40 - 24 = 348 px down for a 20 x 10 board.
        let insets = Insets {
            top: 40.0,
            right: 72.0,
            ..Insets::default()
        };
        let f = fit(20, 10, Vec2::new(915.0, 412.0), insets);
        assert!((f.x * CELL - 34.8).abs() < 0.01, "{}", f.x * CELL);
        // The free space's centre is 36 px left of the window's and 20 px below it: the camera
        // goes right by 36 and up by 20 (in world units, y up: +36, and below/scale).
        assert!((f.y * f.x - 36.0).abs() < 0.01, "{}", f.y * f.x);
        assert!((f.z * f.x - 20.0).abs() < 0.01, "{}", f.z * f.x);
    }
}
