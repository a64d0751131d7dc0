//! The level designer screen: pens for the original's cell kinds, painting by tap, drag (a line)
//! or area, resizing on each side, rotating and mirroring, undo and redo, live validation (counts,
//! the core validator's message, the cells where the worker could walk off the map in red), the
//! levels of the collection (new, duplicate, delete, reorder), and test-play in one step and back.
//! The rules are `core::design`; every finished edit is written to the collection's file at once.

use bevy::prelude::*;

use super::board::BoardRoot;
use super::collections::{self, Collections};
use super::hud::{BUTTON, BUTTON_HOVER, text};
use super::input::PlayerCommand;
use super::save::{Notices, Saves};
use super::view::{CELL, world_of};
use super::{AppSystems, CurrentLevel, Play, Screen};
use crate::core::cell;
use crate::core::design::{self, Edit, Editor, Pen};
use crate::core::level::Collection;
use crate::core::{LevelError, Pos};

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
}

impl Design {
    /// One line for the screen: counts and the validator's verdict.
    pub fn status(&self) -> String {
        let (workers, boxes, goals) = self.editor.counts();
        let verdict = match self.editor.problems().first() {
            None => "playable".to_string(),
            Some(LevelError::Open { .. }) => {
                "open: the worker can walk off the map at the red cells".to_string()
            }
            Some(e) => e.to_string(),
        };
        format!("Workers {workers}   Boxes {boxes}   Goals {goals}   |   {verdict}")
    }
}

/// What the designer's buttons, keys and pointer ask for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum DesignCmd {
    Pen(Pen),
    ToggleArea,
    /// The pointer went down on a cell, moved over one with the button held, or came up.
    Press(Pos),
    Over(Pos),
    Release,
    /// A second finger landed: the stroke was the start of a pinch, and is taken back.
    CancelStroke,
    Edit(Edit),
    Undo,
    Redo,
    NewLevel,
    Duplicate,
    Delete,
    /// Move the level earlier (`true`) or later in the collection.
    Shift(bool),
    Prev,
    Next,
    /// Play the level now (it must be playable); the Edit button comes back here.
    Test,
    /// Leave the designer, playing the designed level when it is playable.
    Done,
}

#[derive(Component)]
struct DesignCell(Pos);

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

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DesignCmd>()
        .add_systems(
            Update,
            open_designer
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (design_keys, end_stroke_on_release, design_commands)
                .chain()
                .in_set(AppSystems::Simulate)
                .run_if(in_state(Play::Design)),
        )
        .add_systems(
            Update,
            (draw_design, zoom_design, update_status, pen_colors)
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Play::Design)),
        )
        .add_systems(OnEnter(Play::Design), (hide_board, spawn_panel))
        .add_systems(OnExit(Play::Design), show_board);
}

/// A new level for the designer: a walled room with the worker, one box and one goal.
fn starter_level() -> crate::core::level::Level {
    let mut l = Editor::blank(8, 6);
    let w = l.width as usize;
    l.cells[w + 2] = cell::BOX0;
    l.cells[w + 5] = cell::SLOT;
    l
}

/// `PlayerCommand::Design`: opens the designer on the level being played when it belongs to the
/// player, else on the player's own collection "My levels" (made on first use).
fn open_designer(
    mut commands: Commands,
    mut cmds: MessageReader<PlayerCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    current: Option<Res<CurrentLevel>>,
    design: Option<Res<Design>>,
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
) {
    for cmd in cmds.read() {
        if *cmd != PlayerCommand::Design || *play.get() == Play::Design {
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
        // The player's own collection on screen: its level. Otherwise (the built-in levels, a
        // file opened with --level): the player's "My levels".
        let own = current
            .as_ref()
            .filter(|c| !crate::core::save::is_builtin(&c.source))
            .and_then(|c| list.position(&c.source).map(|i| (i, c.index)));
        let (collection, level) = match own {
            Some(found) => found,
            None => {
                let mine = list
                    .list
                    .iter()
                    .position(|e| e.is_user() && e.collection.name == "My levels");
                match mine {
                    Some(i) => (i, 0),
                    None => {
                        let c = Collection {
                            name: "My levels".into(),
                            levels: vec![starter_level()],
                            ..Default::default()
                        };
                        match collections::add_user(&mut list, &saves, &mut notices, c) {
                            Some(i) => (i, 0),
                            None => continue,
                        }
                    }
                }
            }
        };
        let level_data = list.list[collection].collection.levels[level].clone();
        commands.insert_resource(Design {
            editor: Editor::new(level_data),
            collection,
            level,
            pen: Pen::Wall,
            area: false,
            stroke: None,
        });
        next_play.set(Play::Design);
    }
}

fn hide_board(
    mut roots: Query<&mut Visibility, With<BoardRoot>>,
    mut zoom: ResMut<super::touch::BoardZoom>,
) {
    for mut v in &mut roots {
        *v = Visibility::Hidden;
    }
    *zoom = super::touch::BoardZoom::default();
}

fn show_board(
    mut commands: Commands,
    mut roots: Query<&mut Visibility, With<BoardRoot>>,
    design_roots: Query<Entity, With<DesignRoot>>,
    mut zoom: ResMut<super::touch::BoardZoom>,
) {
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

/// Writes the edited level into its collection and the collection to disk.
fn store(design: &Design, list: &mut Collections, notices: &mut Notices) {
    let Some(entry) = list.list.get_mut(design.collection) else {
        return;
    };
    if let Some(l) = entry.collection.levels.get_mut(design.level) {
        *l = design.editor.level.clone();
    }
    collections::write_user(entry, notices);
}

fn design_commands(
    mut commands: Commands,
    mut cmds: MessageReader<DesignCmd>,
    mut design: ResMut<Design>,
    mut list: ResMut<Collections>,
    mut notices: ResMut<Notices>,
    mut current: Option<ResMut<CurrentLevel>>,
    mut load: MessageWriter<super::board::LoadLevel>,
    mut next_play: ResMut<NextState<Play>>,
) {
    for cmd in cmds.read().cloned() {
        let d = &mut *design;
        let mut changed = false;
        match cmd {
            DesignCmd::Pen(p) => d.pen = p,
            DesignCmd::ToggleArea => d.area = !d.area,
            DesignCmd::Press(p) => {
                let undo_len = d.editor.undo_len();
                d.stroke = Some(Stroke {
                    start: p,
                    last: p,
                    undo_len,
                });
                if !d.area {
                    d.editor.apply(&Edit::Paint(d.pen, vec![p]));
                }
            }
            DesignCmd::Over(p) => {
                if let Some(s) = &mut d.stroke
                    && s.last != p
                {
                    if !d.area {
                        d.editor.apply(&Edit::Line(d.pen, s.last, p));
                    }
                    s.last = p;
                }
            }
            DesignCmd::CancelStroke => {
                if let Some(s) = d.stroke.take() {
                    d.editor.revert_to(s.undo_len);
                }
            }
            DesignCmd::Release => {
                if let Some(s) = d.stroke.take() {
                    if d.area {
                        d.editor.apply(&Edit::Area(d.pen, s.start, s.last));
                    }
                    d.editor.merge_since(s.undo_len);
                    changed = d.editor.undo_len() > s.undo_len;
                }
            }
            DesignCmd::Edit(e) => changed = d.editor.apply(&e),
            DesignCmd::Undo => changed = d.editor.undo(),
            DesignCmd::Redo => changed = d.editor.redo(),
            DesignCmd::NewLevel
            | DesignCmd::Duplicate
            | DesignCmd::Delete
            | DesignCmd::Shift(_) => {
                store(d, &mut list, &mut notices);
                let Some(entry) = list.list.get_mut(d.collection) else {
                    continue;
                };
                let levels = &mut entry.collection.levels;
                let to = match cmd {
                    DesignCmd::NewLevel => Some(design::levels::insert_after(
                        levels,
                        d.level,
                        starter_level(),
                    )),
                    DesignCmd::Duplicate => design::levels::duplicate(levels, d.level),
                    DesignCmd::Delete => design::levels::delete(levels, d.level),
                    DesignCmd::Shift(up) => design::levels::shift(levels, d.level, up),
                    _ => None,
                };
                if let Some(to) = to {
                    collections::write_user(entry, &mut notices);
                    d.level = to;
                    d.editor = Editor::new(entry.collection.levels[to].clone());
                }
            }
            DesignCmd::Prev | DesignCmd::Next => {
                store(d, &mut list, &mut notices);
                let n = list.list[d.collection].collection.levels.len();
                let to = if cmd == DesignCmd::Next {
                    (d.level + 1 < n).then_some(d.level + 1)
                } else {
                    d.level.checked_sub(1)
                };
                if let Some(to) = to {
                    d.level = to;
                    d.editor = Editor::new(list.list[d.collection].collection.levels[to].clone());
                }
            }
            DesignCmd::Test | DesignCmd::Done => {
                store(d, &mut list, &mut notices);
                let problems = d.editor.problems();
                if problems.is_empty() {
                    collections::open(
                        &list,
                        d.collection,
                        d.level,
                        &mut current,
                        &mut commands,
                        &mut load,
                    );
                    next_play.set(Play::Active);
                    if cmd == DesignCmd::Done {
                        commands.remove_resource::<Design>();
                    }
                } else if cmd == DesignCmd::Test {
                    notices.say(format!("this level cannot be played yet: {}", problems[0]));
                } else {
                    next_play.set(Play::Active);
                    commands.remove_resource::<Design>();
                }
                return;
            }
        }
        if changed {
            store(d, &mut list, &mut notices);
        }
    }
}

fn base_color(b: u8, open: bool) -> Color {
    let c = match b & cell::KIND_MASK {
        cell::WALL => super::view::WALL,
        cell::BRICK => super::view::BRICK,
        _ => super::view::FLOOR,
    };
    if open {
        c.mix(&Color::srgb(0.9, 0.15, 0.15), 0.6)
    } else {
        c
    }
}

fn item_color(b: u8) -> Option<Color> {
    if cell::is_worker(b) {
        Some(super::view::WORKER)
    } else if cell::is_box(b) {
        Some(if cell::is_goal(b) {
            super::view::BOX_ON_GOAL
        } else {
            super::view::BOX
        })
    } else {
        None
    }
}

/// Draws the designed level: a sprite per cell (rebuilt when the size changes, recoloured
/// otherwise), goals, boxes, the worker, and open cells in red; fits the camera to it.
/// The player's pinch zoom and pan apply in the designer too (the fit is the designer's own).
fn zoom_design(
    zoom: Res<super::touch::BoardZoom>,
    mut camera: Query<(&mut Projection, &mut Transform), With<super::view::BoardCamera>>,
) {
    if !zoom.is_changed() {
        return;
    }
    for (mut proj, mut t) in &mut camera {
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = 1.0 / zoom.zoom.max(0.01);
        }
        t.translation = (DESIGN_OFFSET + zoom.pan).extend(t.translation.z);
    }
}

/// Where the designer's camera looks without pan: a little below the level's centre, so the level
/// sits between the status line and the palette.
const DESIGN_OFFSET: Vec2 = Vec2::new(0.0, -2.0 * CELL);

fn draw_design(
    mut commands: Commands,
    design: Res<Design>,
    zoom: Res<super::touch::BoardZoom>,
    roots: Query<Entity, With<DesignRoot>>,
    mut cells: Query<(&DesignCell, &mut Sprite, &Children), (Without<GoalMark>, Without<Item>)>,
    mut goals: Query<&mut Visibility, (With<GoalMark>, Without<Item>)>,
    mut items: Query<(&mut Sprite, &mut Visibility), (With<Item>, Without<GoalMark>)>,
    mut camera: Query<(&mut Projection, &mut Transform), With<super::view::BoardCamera>>,
) {
    if !design.is_changed() {
        return;
    }
    let level = &design.editor.level;
    let (w, h) = (level.width, level.height);
    let open: std::collections::HashSet<Pos> = design.editor.open_cells().into_iter().collect();
    let count = cells.iter().count();
    if count != (w * h) as usize || roots.is_empty() {
        for r in &roots {
            commands.entity(r).despawn();
        }
        let root = commands
            .spawn((
                DesignRoot,
                Transform::default(),
                Visibility::default(),
                DespawnOnExit(Play::Design),
            ))
            .id();
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x, y);
                let b = level.cells[(y * w + x) as usize];
                commands
                    .spawn((
                        DesignCell(p),
                        Sprite::from_color(base_color(b, open.contains(&p)), Vec2::splat(CELL)),
                        Transform::from_translation(world_of(p, w, h).extend(0.0)),
                        Pickable::default(),
                        ChildOf(root),
                    ))
                    .observe(on_press)
                    .observe(on_over)
                    .with_children(|c| {
                        c.spawn((
                            GoalMark,
                            Sprite::from_color(super::view::GOAL, Vec2::splat(CELL * 0.32)),
                            Transform::from_xyz(0.0, 0.0, 0.1),
                            if cell::is_goal(b) {
                                Visibility::Inherited
                            } else {
                                Visibility::Hidden
                            },
                            Pickable::IGNORE,
                        ));
                        c.spawn((
                            Item,
                            Sprite::from_color(
                                item_color(b).unwrap_or(Color::NONE),
                                Vec2::splat(CELL * 0.72),
                            ),
                            Transform::from_xyz(0.0, 0.0, 0.2),
                            if item_color(b).is_some() {
                                Visibility::Inherited
                            } else {
                                Visibility::Hidden
                            },
                            Pickable::IGNORE,
                        ));
                    });
            }
        }
        for (mut proj, mut t) in &mut camera {
            if let Projection::Orthographic(o) = &mut *proj {
                o.scaling_mode = bevy::camera::ScalingMode::AutoMin {
                    min_width: (w as f32 + 1.0) * CELL,
                    min_height: (h as f32 + 9.0) * CELL,
                };
                o.scale = 1.0 / zoom.zoom.max(0.01);
            }
            // Room for the status line above and the palette below.
            t.translation = (DESIGN_OFFSET + zoom.pan).extend(t.translation.z);
        }
        return;
    }
    for (dc, mut sprite, children) in &mut cells {
        let p = dc.0;
        let b = level.cells[(p.y * w + p.x) as usize];
        sprite.color = base_color(b, open.contains(&p));
        for c in children.iter() {
            if let Ok(mut v) = goals.get_mut(c) {
                *v = if cell::is_goal(b) {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
            if let Ok((mut s, mut v)) = items.get_mut(c) {
                match item_color(b) {
                    Some(col) => {
                        s.color = col;
                        *v = Visibility::Inherited;
                    }
                    None => *v = Visibility::Hidden,
                }
            }
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
    super::hud::labelled_button(label, DesignButton(cmd), 56.0, 18.0)
}

fn on_design_button(
    click: On<Pointer<Click>>,
    buttons: Query<&DesignButton>,
    mut out: MessageWriter<DesignCmd>,
) {
    if let Ok(b) = buttons.get(click.entity) {
        out.write(b.0.clone());
    }
}

fn spawn_panel(mut commands: Commands) {
    let resize = |l, t, r, b| {
        DesignCmd::Edit(Edit::Resize {
            left: l,
            top: t,
            right: r,
            bottom: b,
        })
    };
    let rows: Vec<Vec<(&str, DesignCmd)>> = vec![
        Pen::ALL
            .iter()
            .map(|&p| (p.name(), DesignCmd::Pen(p)))
            .chain([("Area", DesignCmd::ToggleArea)])
            .collect(),
        vec![
            ("Undo", DesignCmd::Undo),
            ("Redo", DesignCmd::Redo),
            ("Rotate", DesignCmd::Edit(Edit::Rotate)),
            ("Flip H", DesignCmd::Edit(Edit::MirrorX)),
            ("Flip V", DesignCmd::Edit(Edit::MirrorY)),
            ("+Left", resize(1, 0, 0, 0)),
            ("-Left", resize(-1, 0, 0, 0)),
            ("+Top", resize(0, 1, 0, 0)),
            ("-Top", resize(0, -1, 0, 0)),
            ("+Right", resize(0, 0, 1, 0)),
            ("-Right", resize(0, 0, -1, 0)),
            ("+Bottom", resize(0, 0, 0, 1)),
            ("-Bottom", resize(0, 0, 0, -1)),
        ],
        vec![
            ("Prev", DesignCmd::Prev),
            ("Next", DesignCmd::Next),
            ("New", DesignCmd::NewLevel),
            ("Copy", DesignCmd::Duplicate),
            ("Delete", DesignCmd::Delete),
            ("Earlier", DesignCmd::Shift(true)),
            ("Later", DesignCmd::Shift(false)),
            ("Test", DesignCmd::Test),
            ("Done", DesignCmd::Done),
        ],
    ];
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                padding: UiRect::all(px(8)),
                ..default()
            },
            Pickable::IGNORE,
            DespawnOnExit(Play::Design),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    padding: UiRect::axes(px(10), px(6)),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.06, 0.07, 0.09)),
                Pickable::IGNORE,
            ))
            .with_children(|top| {
                top.spawn((StatusLine, text("", 20.0), Pickable::IGNORE));
            });
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    padding: UiRect::all(px(8)),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.06, 0.07, 0.09)),
            ))
            .with_children(|panel| {
                for row in rows {
                    panel
                        .spawn(Node {
                            justify_content: JustifyContent::Center,
                            flex_wrap: FlexWrap::Wrap,
                            column_gap: px(6),
                            row_gap: px(6),
                            ..default()
                        })
                        .with_children(|r| {
                            for (label, cmd) in row {
                                r.spawn(design_button(label, cmd)).observe(on_design_button);
                            }
                        });
                }
            });
        });
}

fn update_status(
    design: Res<Design>,
    list: Res<Collections>,
    mut lines: Query<&mut Text, With<StatusLine>>,
) {
    if !design.is_changed() {
        return;
    }
    let (name, n) = list
        .list
        .get(design.collection)
        .map_or(("?".to_string(), 0), |e| {
            (e.collection.name.clone(), e.collection.levels.len())
        });
    let s = format!(
        "Designing {name}: level {}/{n} ({}x{})   Pen: {}{}\n{}",
        design.level + 1,
        design.editor.level.width,
        design.editor.level.height,
        design.pen.name(),
        if design.area { " (area)" } else { "" },
        design.status()
    );
    for mut t in &mut lines {
        t.0 = s.clone();
    }
}

/// The chosen pen and the area mode are lit.
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
        bg.0 = if on {
            Color::srgb(0.27, 0.52, 0.95)
        } else if *i != Interaction::None {
            BUTTON_HOVER
        } else {
            BUTTON
        };
    }
}
