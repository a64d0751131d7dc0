//! The level designer screen: pens for the original's cell kinds, painting by tap, drag (a line)
//! or area, resizing on each side, rotating and mirroring, undo and redo, live validation (counts,
//! the core validator's message, the cells where the worker could walk off the map in red), the
//! levels of the collection (new, duplicate, delete, reorder), and test-play in one step and back.
//! The rules are `core::design`; every finished edit is written to the collection's file at once.

use crate::game::mechanics::fonts::readable;
use crate::game::vocab::icons;
use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::prelude::*;

use crate::game::mechanics::art::{self, Art, ArtAssets, Sheet};
use crate::game::mechanics::collections::{self, Collections};
use crate::game::mechanics::share;

use crate::core::cell;
use crate::core::design::{self, Edit, Editor, Pen};
use crate::core::level::Collection;
use crate::core::{Direction, LevelError, Pos};
use crate::game::mechanics::save::Saves;

/// A stroke in progress: where it started, the last cell, and the undo depth before it.
#[derive(Clone, Copy, Debug)]
struct Stroke {
    start: Pos,
    last: Pos,
    undo_len: usize,
}

/// The level being designed.
#[derive(Resource, Debug)]
pub struct Design {
    pub editor: Editor,
    /// Index into [`Collections::list`] (always a user collection).
    pub collection: usize,
    pub level: usize,
    pub pen: Pen,
    /// Paint rectangles instead of lines.
    pub area: bool,
    stroke: Option<Stroke>,
    /// Done was pressed: the designer is left and this design dropped as the screen closes (its
    /// systems still run until the state changes, so the resource must live until then).
    done: bool,
    /// When the newest edit not yet written was made (seconds of app time): strokes are written
    /// after a pause, not one file write per stroke on the frame that made it.
    unsaved_since: Option<f64>,
    /// The collection's file was backed up (`.bak`) on this visit's first write.
    backed_up: bool,
}

impl Design {
    /// One line for the screen: counts and the validator's verdict.
    pub fn status(&self) -> String {
        let (workers, boxes, goals) = self.editor.counts();
        let problems: Vec<String> = self
            .editor
            .problems()
            .iter()
            .map(|p| match p {
                LevelError::Open { .. } => t!("design-open"),
                e => i18n::level_error(e),
            })
            .collect();
        let verdict = if problems.is_empty() {
            t!("design-playable")
        } else {
            problems.join("; ")
        };
        t!(
            "design-status",
            workers = workers,
            boxes = boxes,
            goals = goals,
            verdict = verdict
        )
    }
}

#[derive(Component)]
struct DesignCell(Pos);

/// The red mark over an open cell.
#[derive(Component)]
struct OpenMark;

/// Without the tile art: a small square marks a goal.
#[derive(Component)]
struct GoalMark;

#[derive(Component)]
struct Item;

#[derive(Component)]
struct DesignRoot;

#[derive(Component)]
struct StatusLine;

#[derive(Component, Clone)]
struct DesignButton(DesignCmd);

impl SendsOnClick for DesignButton {
    type Out = MessageWriter<'static, DesignCmd>;
    fn send(&self, out: &mut MessageWriter<DesignCmd>) {
        out.write(self.0.clone());
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<DesignCmd>()
        .add_systems(
            Update,
            open_designer
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (
                design_keys,
                end_stroke_on_release,
                design_commands,
                write_after_a_pause,
            )
                .chain()
                .in_set(AppSystems::Simulate)
                .run_if(in_state(Play::Design)),
        )
        .add_systems(
            Update,
            (draw_design, update_status, pen_colors)
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Design)),
        )
        .add_systems(
            Update,
            respawn_panel
                .in_set(AppSystems::SyncView)
                .before(update_status)
                .run_if(in_state(Play::Design).and_then(resource_changed::<Layout>)),
        )
        .add_systems(Last, write_before_leaving)
        .add_systems(OnEnter(Play::Design), (hide_board, spawn_panel))
        .add_systems(OnExit(Play::Design), (show_board, drop_finished_design));
}

/// A new level for the designer: a walled room with the worker, one box and one goal.
fn starter_level() -> crate::core::level::Level {
    let mut l = Editor::blank(8, 6);
    let w = l.width as usize;
    l.cells[w + 2] = cell::BOX0;
    l.cells[w + 5] = cell::SLOT;
    l
}

/// `ScreenCommand::Design`: opens the designer on the level being played. A level of the
/// player's own collections is designed in place; any other (built-in, or a file opened with
/// `--level`) is first copied into the player's "My levels" (made on first use), once: the same
/// board there is opened again instead of copied twice.
fn open_designer(
    mut commands: Commands,
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    current: Option<Res<CurrentLevel>>,
    design: Option<Res<Design>>,
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
) {
    for cmd in cmds.read() {
        if *cmd != ScreenCommand::Design || matches!(play.get(), Play::Design | Play::Link) {
            continue;
        }
        // Back from test-play: the editor as it was, undo history included.
        if let (Some(d), Some(c)) = (&design, &current)
            && list
                .list
                .get(d.collection)
                .is_some_and(|e| e.source == c.source)
            && d.level == c.index
        {
            next_play.set(Play::Design);
            continue;
        }
        let Some((collection, level)) =
            design_target(&mut list, &saves, &mut notices, current.as_deref())
        else {
            continue;
        };
        let level_data = list.list[collection].collection.levels[level].clone();
        commands.insert_resource(Design {
            editor: Editor::new(level_data),
            collection,
            level,
            pen: Pen::Wall,
            area: false,
            stroke: None,
            done: false,
            unsaved_since: None,
            backed_up: false,
        });
        next_play.set(Play::Design);
    }
}

/// Where the designer opens: (collection, level) of the player's own collections.
fn design_target(
    list: &mut Collections,
    saves: &Saves,
    notices: &mut Notices,
    current: Option<&CurrentLevel>,
) -> Option<(usize, usize)> {
    let own = current
        .filter(|c| !crate::core::save::is_builtin(&c.source))
        .and_then(|c| list.position(&c.source).map(|i| (i, c.index)));
    if own.is_some() {
        return own;
    }
    let copy = current.map_or_else(starter_level, |c| {
        let mut l = c.level().clone();
        l.recording = None;
        l.solutions.clear();
        l
    });
    let mine = list
        .list
        .iter()
        .position(|e| e.is_user() && e.collection.name == i18n::MY_LEVELS);
    let Some(i) = mine else {
        let c = Collection {
            name: i18n::MY_LEVELS.into(),
            levels: vec![copy],
            ..Default::default()
        };
        return collections::add_user(list, saves, notices, c).map(|i| (i, 0));
    };
    let levels = &mut list.list[i].collection.levels;
    let fingerprint = copy.fingerprint();
    if let Some(at) = levels.iter().position(|l| l.fingerprint() == fingerprint) {
        return Some((i, at));
    }
    levels.push(copy);
    let at = levels.len() - 1;
    collections::write_user(&list.list[i], notices, true);
    Some((i, at))
}

/// Leaving the designer writes what is not written yet; after Done the design goes with the
/// screen.
fn drop_finished_design(
    mut commands: Commands,
    design: Option<ResMut<Design>>,
    mut list: ResMut<Collections>,
    mut notices: ResMut<Notices>,
) {
    let Some(mut design) = design else { return };
    if design.unsaved_since.is_some() {
        store(&mut design, &mut list, &mut notices);
    }
    if design.done {
        commands.remove_resource::<Design>();
    }
}

/// How long the designer waits after the last edit before writing the collection's file.
const WRITE_PAUSE_SECONDS: f64 = 1.0;

/// Writes the designed level once the player has paused for [`WRITE_PAUSE_SECONDS`].
fn write_after_a_pause(
    time: Res<Time>,
    mut design: ResMut<Design>,
    mut list: ResMut<Collections>,
    mut notices: ResMut<Notices>,
) {
    let paused = design
        .unsaved_since
        .is_some_and(|t| time.elapsed_secs_f64() - t >= WRITE_PAUSE_SECONDS);
    if paused && design.stroke.is_none() {
        store(&mut design, &mut list, &mut notices);
    }
}

/// The app closing or going to the background (a phone) writes what the designer has not yet.
fn write_before_leaving(
    mut exits: MessageReader<AppExit>,
    mut lifecycle: MessageReader<bevy::window::AppLifecycle>,
    design: Option<ResMut<Design>>,
    mut list: ResMut<Collections>,
    mut notices: ResMut<Notices>,
) {
    let leaving = exits.read().count() > 0
        || lifecycle
            .read()
            .any(|l| matches!(l, bevy::window::AppLifecycle::WillSuspend));
    if let Some(mut design) = design.filter(|d| leaving && d.unsaved_since.is_some()) {
        store(&mut design, &mut list, &mut notices);
    }
}

fn hide_board(mut roots: Query<&mut Visibility, With<BoardRoot>>, mut zoom: ResMut<BoardZoom>) {
    for mut v in &mut roots {
        *v = Visibility::Hidden;
    }
    *zoom = BoardZoom::default();
}

fn show_board(
    mut commands: Commands,
    mut roots: Query<&mut Visibility, With<BoardRoot>>,
    design_roots: Query<Entity, With<DesignRoot>>,
    mut zoom: ResMut<BoardZoom>,
    mut framed: ResMut<DesignedSize>,
) {
    framed.0 = None;
    for mut v in &mut roots {
        *v = Visibility::Inherited;
    }
    for e in &design_roots {
        commands.entity(e).despawn();
    }
    // Refit the camera to the game's board.
    zoom.set_changed();
}

/// Keys in the designer: 1–6 pens, A area, Z / Ctrl+Z undo, Y / Ctrl+Y redo, T test,
/// Escape done.
fn design_keys(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<DesignCmd>) {
    use KeyCode::*;
    for (k, pen) in [Digit1, Digit2, Digit3, Digit4, Digit5, Digit6]
        .into_iter()
        .zip(Pen::ALL)
    {
        if keys.just_pressed(k) {
            out.write(DesignCmd::Pen(pen));
        }
    }
    for (k, cmd) in [
        (KeyA, DesignCmd::ToggleArea),
        (KeyZ, DesignCmd::Undo),
        (KeyY, DesignCmd::Redo),
        (KeyT, DesignCmd::Test),
        (Escape, DesignCmd::Done),
        (PageDown, DesignCmd::Next),
        (PageUp, DesignCmd::Prev),
    ] {
        if keys.just_pressed(k) {
            out.write(cmd);
        }
    }
}

/// A stroke ends when no mouse button or finger is down any more, wherever the pointer is.
fn end_stroke_on_release(
    design: Res<Design>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    mut out: MessageWriter<DesignCmd>,
) {
    if design.stroke.is_none() {
        return;
    }
    let mouse_down = mouse.is_some_and(|m| m.pressed(MouseButton::Left));
    let fingers = touches.map_or(0, |t| t.iter().count());
    if fingers >= 2 {
        out.write(DesignCmd::CancelStroke);
    } else if !mouse_down && fingers == 0 {
        out.write(DesignCmd::Release);
    }
}

/// Puts the edited level into its collection (in memory); the file follows after a pause.
fn stage(design: &mut Design, list: &mut Collections, now: f64) {
    if design.put_into(list).is_some() {
        design.unsaved_since = Some(now);
    }
}

/// Puts the edited level into its collection and writes the collection's file now, backing the
/// file up on the visit's first write.
fn store(design: &mut Design, list: &mut Collections, notices: &mut Notices) {
    let Some(entry) = design.put_into(list) else {
        return;
    };
    if collections::write_user(entry, notices, !design.backed_up) {
        design.backed_up = true;
        design.unsaved_since = None;
    }
}

fn design_commands(
    mut commands: Commands,
    mut cmds: MessageReader<DesignCmd>,
    mut design: ResMut<Design>,
    mut list: ResMut<Collections>,
    mut notices: ResMut<Notices>,
    mut current: Option<ResMut<CurrentLevel>>,
    mut load: MessageWriter<LoadLevel>,
    mut next_play: ResMut<NextState<Play>>,
    time: Res<Time>,
) {
    for cmd in cmds.read().cloned() {
        let d = &mut *design;
        let changed = match cmd {
            DesignCmd::Pen(p) => {
                d.pen = p;
                false
            }
            DesignCmd::ToggleArea => {
                d.area = !d.area;
                false
            }
            DesignCmd::Press(_)
            | DesignCmd::Over(_)
            | DesignCmd::CancelStroke
            | DesignCmd::Release => d.stroke(&cmd),
            DesignCmd::Edit(e) => d.editor.apply(&e),
            DesignCmd::Undo => d.editor.undo(),
            DesignCmd::Redo => d.editor.redo(),
            DesignCmd::CopyLink => {
                share::copy_link(&d.editor.level, None, &mut notices);
                false
            }
            DesignCmd::NewLevel
            | DesignCmd::Duplicate
            | DesignCmd::Delete
            | DesignCmd::Shift(_)
            | DesignCmd::Prev
            | DesignCmd::Next => {
                store(d, &mut list, &mut notices);
                change_level(d, &cmd, &mut list, &mut notices);
                false
            }
            DesignCmd::Test | DesignCmd::Done => {
                store(d, &mut list, &mut notices);
                let problems = d.editor.problems();
                if let Some(p) = problems.first().filter(|_| cmd == DesignCmd::Test) {
                    notices.say(t!("design-not-playable", problem = i18n::level_error(p)));
                } else {
                    if problems.is_empty() {
                        collections::open(
                            &list,
                            d.collection,
                            d.level,
                            &mut current,
                            &mut commands,
                            &mut load,
                        );
                    }
                    next_play.set(Play::Active);
                    d.done = cmd == DesignCmd::Done;
                }
                return;
            }
        };
        if changed {
            stage(d, &mut list, time.elapsed_secs_f64());
        }
    }
}

impl Design {
    /// Puts the edited level into its collection (in memory); the collection's entry, if it is
    /// still there.
    fn put_into<'a>(&self, list: &'a mut Collections) -> Option<&'a mut collections::Entry> {
        let entry = list.list.get_mut(self.collection)?;
        if let Some(l) = entry.collection.levels.get_mut(self.level) {
            *l = self.editor.level.clone();
        }
        Some(entry)
    }

    /// A stroke of the pointer: paints a line as it goes, or an area on release; a second
    /// finger takes the stroke back. True when a finished stroke changed the level.
    fn stroke(&mut self, cmd: &DesignCmd) -> bool {
        match *cmd {
            DesignCmd::Press(p) => {
                let undo_len = self.editor.undo_len();
                self.stroke = Some(Stroke {
                    start: p,
                    last: p,
                    undo_len,
                });
                if !self.area {
                    self.editor.apply(&Edit::Paint(self.pen, vec![p]));
                }
            }
            DesignCmd::Over(p) => {
                if let Some(s) = &mut self.stroke
                    && s.last != p
                {
                    if !self.area {
                        self.editor.apply(&Edit::Line(self.pen, s.last, p));
                    }
                    s.last = p;
                }
            }
            DesignCmd::CancelStroke => {
                if let Some(s) = self.stroke.take() {
                    self.editor.revert_to(s.undo_len);
                }
            }
            DesignCmd::Release => {
                if let Some(s) = self.stroke.take() {
                    if self.area {
                        self.editor.apply(&Edit::Area(self.pen, s.start, s.last));
                    }
                    self.editor.merge_since(s.undo_len);
                    return self.editor.undo_len() > s.undo_len;
                }
            }
            _ => {}
        }
        false
    }
}

/// The collection's level operations (new, copy, delete, move) and moving to the previous or
/// next level; the designer then shows the level they lead to.
fn change_level(d: &mut Design, cmd: &DesignCmd, list: &mut Collections, notices: &mut Notices) {
    let Some(entry) = list.list.get_mut(d.collection) else {
        return;
    };
    let levels = &mut entry.collection.levels;
    let n = levels.len();
    let (to, rewritten) = match *cmd {
        DesignCmd::NewLevel => (
            Some(design::levels::insert_after(
                levels,
                d.level,
                starter_level(),
            )),
            true,
        ),
        DesignCmd::Duplicate => (design::levels::duplicate(levels, d.level), true),
        DesignCmd::Delete => (design::levels::delete(levels, d.level), true),
        DesignCmd::Shift(up) => (design::levels::shift(levels, d.level, up), true),
        DesignCmd::Next => ((d.level + 1 < n).then_some(d.level + 1), false),
        DesignCmd::Prev => (d.level.checked_sub(1), false),
        _ => (None, false),
    };
    let Some(to) = to else { return };
    if rewritten {
        collections::write_user(entry, notices, false);
    }
    d.level = to;
    d.editor = Editor::new(entry.collection.levels[to].clone());
}

/// The designed level's look: a cell's ground and the item on it, as tiles of the game's art
/// (walls joined to their wall neighbours, as on the board) with plain colours as the fallback.
struct CellLook {
    ground: (usize, Color),
    item: Option<(usize, Color)>,
}

fn cell_look(level: &crate::core::level::Level, p: Pos) -> CellLook {
    let (w, h) = (level.width, level.height);
    let at = |q: Pos| level.cells[(q.y * w + q.x) as usize];
    let b = at(p);
    let is_wall = |dx: i32, dy: i32| {
        let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
        (0..w as i32).contains(&x)
            && (0..h as i32).contains(&y)
            && at(Pos::new(x as u32, y as u32)) & cell::KIND_MASK == cell::WALL
    };
    let ground = match b & cell::KIND_MASK {
        cell::WALL => (
            art::wall_tile(is_wall(0, -1), is_wall(1, 0), is_wall(0, 1), is_wall(-1, 0)),
            palette::WALL,
        ),
        cell::BRICK => (art::tile::BRICK, palette::BRICK),
        _ if cell::is_goal(b) => (art::tile::GOAL, palette::FLOOR),
        _ => (art::tile::FLOOR, palette::FLOOR),
    };
    let item = if cell::is_worker(b) {
        Some((art::worker_tile(Direction::Down, 0), palette::WORKER))
    } else if cell::is_box(b) && cell::is_goal(b) {
        Some((art::tile::BOX_ON_GOAL, palette::BOX_ON_GOAL))
    } else if cell::is_box(b) {
        Some((art::tile::BOX, palette::BOX))
    } else {
        None
    };
    CellLook { ground, item }
}

/// A sprite showing tile `index` when the art is loaded (the entity then carries [`Art`], which
/// `art.rs` keeps on the sheet in use), else a plain square of `color` and `size` cells.
fn tile_sprite(
    art: Option<&ArtAssets>,
    sheet: Sheet,
    (index, color): (usize, Color),
    size: f32,
) -> (Sprite, Option<Art>) {
    match art {
        Some(a) => (a.sprite(sheet.0, index), Some(Art(index))),
        None => (Sprite::from_color(color, Vec2::splat(CELL * size)), None),
    }
}

/// Draws the designed level with the game's tiles (rebuilt when the size changes, re-tiled
/// otherwise): the ground, the item on it, and the open cells in red; tells the view its size.
fn draw_design(
    mut commands: Commands,
    design: Res<Design>,
    mut framed: ResMut<DesignedSize>,
    art: Option<Res<ArtAssets>>,
    sheet: Option<Res<Sheet>>,
    roots: Query<Entity, With<DesignRoot>>,
    mut cells: Query<(&DesignCell, &mut Sprite, Option<&mut Art>, &Children), Without<Item>>,
    mut items: Query<
        (&mut Sprite, Option<&mut Art>, &mut Visibility),
        (With<Item>, Without<OpenMark>, Without<GoalMark>),
    >,
    mut marks: Query<&mut Visibility, (With<OpenMark>, Without<Item>, Without<GoalMark>)>,
    mut goals: Query<&mut Visibility, (With<GoalMark>, Without<Item>, Without<OpenMark>)>,
) {
    if !design.is_changed() {
        return;
    }
    let level = &design.editor.level;
    let (w, h) = (level.width, level.height);
    let open: std::collections::HashSet<Pos> = design.editor.open_cells().into_iter().collect();
    if cells.iter().count() != (w * h) as usize || roots.is_empty() {
        for r in &roots {
            commands.entity(r).despawn();
        }
        let sheet = sheet.map_or_else(Sheet::default, |s| *s);
        spawn_design_cells(&mut commands, level, &open, art.as_deref(), sheet);
        framed.set_if_neq(DesignedSize(Some((w, h))));
        return;
    }
    for (dc, mut sprite, ground_art, children) in &mut cells {
        let look = cell_look(level, dc.0);
        match ground_art {
            Some(mut a) => {
                a.set_if_neq(Art(look.ground.0));
            }
            None => sprite.color = look.ground.1,
        }
        for c in children.iter() {
            if let Ok(mut v) = marks.get_mut(c) {
                v.set_if_neq(shown(open.contains(&dc.0)));
            }
            if let Ok(mut v) = goals.get_mut(c) {
                v.set_if_neq(shown(look.ground.0 == art::tile::GOAL));
            }
            if let Ok((mut s, item_art, mut v)) = items.get_mut(c) {
                v.set_if_neq(shown(look.item.is_some()));
                if let Some((index, color)) = look.item {
                    match item_art {
                        Some(mut a) => {
                            a.set_if_neq(Art(index));
                        }
                        None => s.color = color,
                    }
                }
            }
        }
    }
}

/// Shown or hidden, as a flag says.
fn shown(on: bool) -> Visibility {
    if on {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

/// Spawns one entity per cell of the designed level, each with its item and open mark.
fn spawn_design_cells(
    commands: &mut Commands,
    level: &crate::core::level::Level,
    open: &std::collections::HashSet<Pos>,
    art: Option<&ArtAssets>,
    sheet: Sheet,
) {
    let (w, h) = (level.width, level.height);
    let root = commands
        .spawn((
            DesignRoot,
            Name::new("Designed level"),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Play::Design),
        ))
        .id();
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x, y);
            let look = cell_look(level, p);
            let (ground, ground_art) = tile_sprite(art, sheet, look.ground, 1.0);
            let (item, item_art) =
                tile_sprite(art, sheet, look.item.unwrap_or((0, Color::NONE)), 0.72);
            let mut cell = commands.spawn((
                DesignCell(p),
                ground,
                Transform::from_translation(world_of(p, w, h).extend(0.0)),
                Pickable::default(),
                ChildOf(root),
            ));
            if let Some(a) = ground_art {
                cell.insert(a);
            }
            cell.observe(on_press).observe(on_over).with_children(|c| {
                let mut it = c.spawn((
                    Item,
                    item,
                    Transform::from_xyz(0.0, 0.0, 0.2),
                    shown(look.item.is_some()),
                    Pickable::IGNORE,
                ));
                if let Some(a) = item_art {
                    it.insert(a);
                }
                if art.is_none() {
                    // The plain fallback marks goals with a small square.
                    c.spawn((
                        GoalMark,
                        Sprite::from_color(palette::GOAL, Vec2::splat(CELL * 0.32)),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                        shown(look.ground.0 == art::tile::GOAL),
                        Pickable::IGNORE,
                    ));
                }
                c.spawn((
                    OpenMark,
                    Sprite::from_color(palette::OPEN_CELL, Vec2::splat(CELL)),
                    Transform::from_xyz(0.0, 0.0, 0.3),
                    shown(open.contains(&p)),
                    Pickable::IGNORE,
                ));
            });
        }
    }
}

fn on_press(
    ev: On<Pointer<Press>>,
    cells: Query<&DesignCell>,
    touches: Option<Res<Touches>>,
    mut out: MessageWriter<DesignCmd>,
) {
    // Two fingers pinch and pan; they never paint.
    let fingers = touches.map_or(0, |t| t.iter().count());
    if ev.button != PointerButton::Primary || fingers >= 2 {
        return;
    }
    if let Ok(c) = cells.get(ev.entity) {
        out.write(DesignCmd::Press(c.0));
    }
}

fn on_over(ev: On<Pointer<Over>>, cells: Query<&DesignCell>, mut out: MessageWriter<DesignCmd>) {
    if let Ok(c) = cells.get(ev.entity) {
        out.write(DesignCmd::Over(c.0));
    }
}

fn design_button(label: &str, cmd: DesignCmd) -> impl Bundle {
    (
        labelled_button(label, DesignButton(cmd), 56.0, 18.0),
        OwnColours,
    )
}

/// The palette's rows of buttons: pens and area; edits; the collection's levels, Test and Done.
/// The designer's buttons, row by row: (the key of the label's words, command).
fn palette_rows() -> Vec<Vec<(&'static str, DesignCmd)>> {
    let resize = |l, t, r, b| {
        DesignCmd::Edit(Edit::Resize {
            left: l,
            top: t,
            right: r,
            bottom: b,
        })
    };
    vec![
        Pen::ALL
            .iter()
            .map(|&p| (pen_key(p), DesignCmd::Pen(p)))
            .chain([("design-area", DesignCmd::ToggleArea)])
            .collect(),
        vec![
            ("hud-undo", DesignCmd::Undo),
            ("hud-redo", DesignCmd::Redo),
            ("design-rotate", DesignCmd::Edit(Edit::Rotate)),
            ("design-flip-h", DesignCmd::Edit(Edit::MirrorX)),
            ("design-flip-v", DesignCmd::Edit(Edit::MirrorY)),
            ("design-grow-left", resize(1, 0, 0, 0)),
            ("design-shrink-left", resize(-1, 0, 0, 0)),
            ("design-grow-top", resize(0, 1, 0, 0)),
            ("design-shrink-top", resize(0, -1, 0, 0)),
            ("design-grow-right", resize(0, 0, 1, 0)),
            ("design-shrink-right", resize(0, 0, -1, 0)),
            ("design-grow-bottom", resize(0, 0, 0, 1)),
            ("design-shrink-bottom", resize(0, 0, 0, -1)),
        ],
        vec![
            ("hud-prev", DesignCmd::Prev),
            ("hud-next", DesignCmd::Next),
            ("design-new", DesignCmd::NewLevel),
            ("design-copy", DesignCmd::Duplicate),
            ("design-copy-link", DesignCmd::CopyLink),
            ("design-delete", DesignCmd::Delete),
            ("design-earlier", DesignCmd::Shift(true)),
            ("design-later", DesignCmd::Shift(false)),
            ("design-test", DesignCmd::Test),
            ("design-done", DesignCmd::Done),
        ],
    ]
}

/// The key of a pen's name.
fn pen_key(p: Pen) -> &'static str {
    match p {
        Pen::Floor => "pen-floor",
        Pen::Goal => "pen-goal",
        Pen::Wall => "pen-wall",
        Pen::Brick => "pen-brick",
        Pen::Box => "pen-box",
        Pen::Worker => "pen-worker",
    }
}

/// The designer's screen: the status line at the top and the palette at the bottom, the level
/// framed between them (`view.rs` fits it). With room, every tool in three rows; on a phone a
/// compact palette (the pens as their tiles, Area, Undo, Redo, Test, Done) and the other tools
/// in a sheet that "Tools" opens.
fn spawn_panel(mut commands: Commands, layout: Res<Layout>, art: Option<Res<ArtAssets>>) {
    let compact = layout.compact();
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                padding: UiRect::all(px(if compact { 4 } else { 8 })),
                ..default()
            },
            Pickable::IGNORE,
            Name::new("Designer panel"),
            DesignerPanel,
            DespawnOnExit(Play::Design),
        ))
        .with_children(|root| {
            root.spawn((
                HudBar::Top,
                Node {
                    padding: UiRect::axes(px(10), px(6)),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                BackgroundColor(palette::BAR),
                Pickable::IGNORE,
            ))
            .with_children(|top| {
                let size = if compact { 13.0 } else { 20.0 };
                top.spawn((StatusLine, text("", size), Pickable::IGNORE));
            });
            root.spawn((
                HudBar::Bottom,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    padding: UiRect::all(px(if compact { 4 } else { 8 })),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                BackgroundColor(palette::BAR),
            ))
            .with_children(|panel| {
                if compact {
                    spawn_compact_palette(panel, art.as_deref());
                } else {
                    for row in palette_rows() {
                        spawn_button_row(panel, row);
                    }
                }
            });
        });
}

/// A row of the designer's labelled buttons, wrapping when narrow.
fn spawn_button_row(panel: &mut ChildSpawnerCommands, row: Vec<(&'static str, DesignCmd)>) {
    panel
        .spawn(Node {
            justify_content: JustifyContent::Center,
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(6),
            row_gap: px(6),
            ..default()
        })
        .with_children(|r| {
            for (key, cmd) in row {
                r.spawn(design_button(&t!(key), cmd))
                    .observe(send_on_click::<DesignButton>);
            }
        });
}

/// The designer's screen root (built again for a new layout).
#[derive(Component)]
struct DesignerPanel;

/// The sheet of the tools a phone's palette has no room for.
#[derive(Component)]
struct ToolsSheet;

/// A pen's tile in the tile set, for its button on a phone.
fn pen_tile(p: Pen) -> usize {
    match p {
        Pen::Floor => art::tile::FLOOR,
        Pen::Goal => art::tile::GOAL,
        Pen::Wall => art::tile::WALL,
        Pen::Brick => art::tile::BRICK,
        Pen::Box => art::tile::BOX,
        Pen::Worker => art::tile::WORKER,
    }
}

/// A phone's palette: the pens and Area in one row, Undo, Redo, Tools, Test and Done in the
/// next, and over them the sheet of the other tools (hidden until Tools opens it).
fn spawn_compact_palette(panel: &mut ChildSpawnerCommands, art: Option<&ArtAssets>) {
    panel
        .spawn((
            ToolsSheet,
            Node {
                display: Display::None,
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                ..default()
            },
            Visibility::Hidden,
        ))
        .with_children(|sheet| {
            for row in palette_rows().into_iter().skip(1) {
                let row = row
                    .into_iter()
                    .filter(|(k, _)| {
                        !matches!(*k, "hud-undo" | "hud-redo" | "design-test" | "design-done")
                    })
                    .collect();
                spawn_button_row(sheet, row);
            }
        });
    let row = || Node {
        justify_content: JustifyContent::SpaceEvenly,
        column_gap: px(2),
        ..default()
    };
    panel.spawn(row()).with_children(|r| {
        for p in Pen::ALL {
            let label = t!(pen_key(p));
            match art {
                Some(a) => r.spawn(image_button(
                    &label,
                    a.icon(pen_tile(p)),
                    DesignButton(DesignCmd::Pen(p)),
                )),
                None => r.spawn(labelled_button(
                    &label,
                    DesignButton(DesignCmd::Pen(p)),
                    44.0,
                    14.0,
                )),
            }
            .insert(OwnColours)
            .observe(send_on_click::<DesignButton>);
        }
        r.spawn(tool_button(
            &t!("design-area"),
            icons::AREA,
            DesignButton(DesignCmd::ToggleArea),
            false,
        ))
        .insert(OwnColours)
        .observe(send_on_click::<DesignButton>);
    });
    panel.spawn(row()).with_children(|r| {
        for (key, icon, cmd) in [
            ("hud-undo", icons::UNDO, DesignCmd::Undo),
            ("hud-redo", icons::REDO, DesignCmd::Redo),
        ] {
            r.spawn(tool_button(&t!(key), icon, DesignButton(cmd), false))
                .observe(send_on_click::<DesignButton>);
        }
        r.spawn(tool_button(
            &t!("design-tools"),
            icons::TUNE,
            ToolsToggle,
            false,
        ))
        .observe(toggle_tools);
        for (key, icon, cmd) in [
            ("design-test", icons::PLAY, DesignCmd::Test),
            ("design-done", icons::CHECK, DesignCmd::Done),
        ] {
            r.spawn(tool_button(&t!(key), icon, DesignButton(cmd), false))
                .insert(ButtonRole::Primary)
                .observe(send_on_click::<DesignButton>);
        }
    });
}

/// The "Tools" button of a phone's palette.
#[derive(Component)]
struct ToolsToggle;

/// Tools opens the sheet of the other tools, or closes it.
fn toggle_tools(
    _: On<Pointer<Click>>,
    mut sheets: Query<(&mut Node, &mut Visibility), With<ToolsSheet>>,
) {
    for (mut node, mut v) in &mut sheets {
        let open = node.display == Display::None;
        node.display = if open { Display::Flex } else { Display::None };
        *v = if open {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

/// The screen again for a new layout (a phone turned).
fn respawn_panel(
    mut commands: Commands,
    panels: Query<Entity, With<DesignerPanel>>,
    layout: Res<Layout>,
    art: Option<Res<ArtAssets>>,
) {
    for p in &panels {
        commands.entity(p).despawn();
    }
    spawn_panel(commands, layout, art);
}

fn update_status(
    design: Res<Design>,
    list: Res<Collections>,
    mut lines: Query<&mut Text, With<StatusLine>>,
    fresh: Query<(), Added<StatusLine>>,
) {
    if !design.is_changed() && fresh.is_empty() {
        return;
    }
    let (name, n) = list
        .list
        .get(design.collection)
        .map_or(("?".to_string(), 0), |e| {
            let name = i18n::collection_name(&e.source, &e.collection.name);
            (readable(&name), e.collection.levels.len())
        });
    let mut s = t!(
        "design-heading",
        collection = name,
        number = design.level + 1,
        count = n,
        width = design.editor.level.width,
        height = design.editor.level.height,
        pen = t!(pen_key(design.pen))
    );
    if design.area {
        s += &t!("design-area-on");
    }
    s += "\n";
    s += &design.status();
    for mut t in &mut lines {
        t.0 = s.clone();
    }
}

/// The chosen pen and the area mode are lit; Delete is in the colour of what throws away.
fn pen_colors(
    design: Res<Design>,
    mut buttons: Query<(&DesignButton, &Interaction, &mut BackgroundColor)>,
) {
    for (b, i, mut bg) in &mut buttons {
        let on = match b.0 {
            DesignCmd::Pen(p) => p == design.pen,
            DesignCmd::ToggleArea => design.area,
            _ => false,
        };
        let [idle, hover, pressed] = if b.0 == DesignCmd::Delete {
            [
                palette::DANGER,
                palette::DANGER_HOVER,
                palette::DANGER_PRESSED,
            ]
        } else {
            [
                palette::BUTTON,
                palette::BUTTON_HOVER,
                palette::BUTTON_PRESSED,
            ]
        };
        bg.set_if_neq(BackgroundColor(match i {
            _ if on => palette::BUTTON_LIT,
            Interaction::None => idle,
            Interaction::Hovered => hover,
            Interaction::Pressed => pressed,
        }));
    }
}
