//! Touch gestures, read from Bevy's touch input: a tap walks to a cell (or pushes a box next to
//! the worker), a swipe steps once in its direction and holding at the end keeps stepping, two
//! fingers pinch to zoom and drag to pan, and a double tap on empty space fits the board again.
//! A gesture with two fingers never moves the worker, and fingers that land one after the other do
//! not tap. Mouse input never comes here: a mouse drag is not a swipe.
//!
//! Also the Back key (Android's back button): undo while a level has moves, else back one screen
//! as Escape goes.

use std::collections::HashMap;

use bevy::input::keyboard::Key;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;

use super::board::Session;
use super::input::PlayerCommand;
use super::walk::StepQueue;
use super::{AppSystems, Play, Screen, Settings};
use crate::core::{Direction, Pos, cell};

/// A finger that moves this far (logical pixels) is swiping, not tapping.
pub const SWIPE_PX: f32 = 40.0;
/// Longest press that still counts as a tap, in seconds.
const TAP_SECONDS: f32 = 0.5;
/// Two taps this close in time and place are a double tap.
const DOUBLE_TAP_SECONDS: f32 = 0.35;
const DOUBLE_TAP_PX: f32 = 48.0;
/// Holding at the end of a swipe this long starts repeating the step.
const HOLD_SECONDS: f32 = 0.3;
pub const MAX_ZOOM: f32 = 8.0;

/// Where the board is on screen, kept by the view each frame (tests set it): the screen point of
/// the world origin (the board's centre) and logical pixels per world unit.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardScreen {
    pub origin: Vec2,
    pub scale: f32,
    pub size: (u32, u32),
}

impl BoardScreen {
    /// The cell under a screen point, if it is on the board.
    pub fn cell_at(&self, p: Vec2) -> Option<Pos> {
        let world = Vec2::new(p.x - self.origin.x, self.origin.y - p.y) / self.scale;
        let (w, h) = self.size;
        let x = (world.x / super::view::CELL + w as f32 / 2.0).floor();
        let y = (-world.y / super::view::CELL + h as f32 / 2.0).floor();
        (x >= 0.0 && y >= 0.0 && x < w as f32 && y < h as f32).then(|| Pos::new(x as u32, y as u32))
    }
}

/// The player's zoom and pan of the board view (1 = the whole board fits).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardZoom {
    pub zoom: f32,
    /// World units the camera is moved from the board's centre.
    pub pan: Vec2,
}

impl Default for BoardZoom {
    fn default() -> Self {
        BoardZoom {
            zoom: 1.0,
            pan: Vec2::ZERO,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Finger {
    start: Vec2,
    at: Vec2,
    /// Seconds since it landed.
    age: f32,
    /// It landed on a button: the UI has it.
    on_ui: bool,
}

#[derive(Clone, Copy, Debug, Default)]
enum Gesture {
    #[default]
    None,
    /// One finger: a tap until it moves, then a swipe.
    One {
        id: u64,
        /// The last swipe's direction and where it stepped.
        swiped: Option<(Direction, Vec2)>,
        /// Seconds until the held swipe steps again.
        hold: f32,
    },
    /// Two fingers: pinch and pan from the state at the start. The board point that was under
    /// the fingers' midpoint stays under it.
    Two {
        a: u64,
        b: u64,
        distance: f32,
        zoom: f32,
        /// The world point under the starting midpoint.
        anchor: Vec2,
        /// The screen point of the camera's centre, and pixels per world unit, at the start.
        centre: Vec2,
        scale: f32,
    },
    /// A two-finger gesture ended or a finger was cancelled: nothing more until all are up.
    Spent,
}

/// The touch gesture in progress.
#[derive(Resource, Default, Debug)]
pub struct Gestures {
    fingers: HashMap<u64, Finger>,
    gesture: Gesture,
    /// The last tap on empty space: where and how long ago.
    last_empty_tap: Option<(Vec2, f32)>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TouchInput>()
        .init_resource::<Gestures>()
        .init_resource::<BoardZoom>()
        .add_systems(
            Update,
            (gestures, back_key)
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            reset_zoom
                .run_if(resource_added::<Session>)
                .in_set(AppSystems::SyncView),
        );
}

fn reset_zoom(mut zoom: ResMut<BoardZoom>) {
    *zoom = BoardZoom::default();
}

fn direction_of(d: Vec2) -> Direction {
    if d.x.abs() > d.y.abs() {
        if d.x > 0.0 {
            Direction::Right
        } else {
            Direction::Left
        }
    } else if d.y > 0.0 {
        Direction::Down
    } else {
        Direction::Up
    }
}

/// Whether a touch landed on a UI button (the HUD handles it through picking).
fn over_ui(
    id: u64,
    hover: Option<&bevy::picking::hover::HoverMap>,
    buttons: &Query<(), With<Button>>,
) -> bool {
    let Some(hover) = hover else { return false };
    hover
        .get(&bevy::picking::pointer::PointerId::Touch(id))
        .is_some_and(|hits| hits.keys().any(|e| buttons.contains(*e)))
}

fn gestures(
    time: Res<Time>,
    mut touches: MessageReader<TouchInput>,
    mut g: ResMut<Gestures>,
    mut zoom: ResMut<BoardZoom>,
    screen: Option<Res<BoardScreen>>,
    session: Option<Res<Session>>,
    queue: Option<Res<StepQueue>>,
    settings: Res<Settings>,
    play: Res<State<Play>>,
    hover: Option<Res<bevy::picking::hover::HoverMap>>,
    buttons: Query<(), With<Button>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    let dt = time.delta_secs();
    let g = &mut *g;
    for f in g.fingers.values_mut() {
        f.age += dt;
    }
    if let Some((_, age)) = &mut g.last_empty_tap {
        *age += dt;
    }
    let playing = matches!(play.get(), Play::Active);
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => {
                let on_ui = over_ui(t.id, hover.as_deref(), &buttons);
                g.fingers.insert(
                    t.id,
                    Finger {
                        start: t.position,
                        at: t.position,
                        age: 0.0,
                        on_ui,
                    },
                );
                g.gesture = match (g.gesture, g.fingers.len()) {
                    (Gesture::None, 1) if !on_ui => Gesture::One {
                        id: t.id,
                        swiped: None,
                        hold: 0.0,
                    },
                    (Gesture::None | Gesture::One { .. }, 2) => {
                        let mut ids = g.fingers.keys().copied();
                        let (a, b) = (ids.next().unwrap(), ids.next().unwrap());
                        let (pa, pb) = (g.fingers[&a].at, g.fingers[&b].at);
                        let middle = (pa + pb) / 2.0;
                        let s = screen.as_deref().copied().unwrap_or(BoardScreen {
                            origin: Vec2::ZERO,
                            scale: 1.0,
                            size: (0, 0),
                        });
                        let flip = |v: Vec2| Vec2::new(v.x, -v.y);
                        Gesture::Two {
                            a,
                            b,
                            distance: pa.distance(pb).max(1.0),
                            zoom: zoom.zoom,
                            anchor: flip(middle - s.origin) / s.scale,
                            centre: s.origin + flip(zoom.pan) * s.scale,
                            scale: s.scale,
                        }
                    }
                    (Gesture::None, _) => Gesture::None,
                    // A third finger, or one after a two-finger gesture: nothing.
                    _ => Gesture::Spent,
                };
            }
            TouchPhase::Moved => {
                if let Some(f) = g.fingers.get_mut(&t.id) {
                    f.at = t.position;
                }
                match &mut g.gesture {
                    Gesture::One { id, swiped, hold } if *id == t.id => {
                        let f = g.fingers[id];
                        let from = swiped.map_or(f.start, |(_, p)| p);
                        let d = f.at - from;
                        if d.length() >= SWIPE_PX {
                            let dir = direction_of(d);
                            *swiped = Some((dir, f.at));
                            *hold = HOLD_SECONDS;
                            if playing {
                                out.write(PlayerCommand::Step(dir));
                            }
                        }
                    }
                    Gesture::Two {
                        a,
                        b,
                        distance,
                        zoom: z0,
                        anchor,
                        centre,
                        scale,
                    } => {
                        let (Some(fa), Some(fb)) = (g.fingers.get(a), g.fingers.get(b)) else {
                            continue;
                        };
                        let (pa, pb) = (fa.at, fb.at);
                        let z = (*z0 * pa.distance(pb).max(1.0) / *distance).clamp(1.0, MAX_ZOOM);
                        // Where the world origin must be on screen for the anchor to sit under
                        // the midpoint at the new scale; the camera's centre follows from it.
                        let flip = |v: Vec2| Vec2::new(v.x, -v.y);
                        let k = *scale * z / *z0;
                        let origin = (pa + pb) / 2.0 - flip(*anchor) * k;
                        let pan = flip(*centre - origin) / k;
                        let limit = screen.as_ref().map_or(Vec2::splat(f32::MAX), |s| {
                            Vec2::new(s.size.0 as f32, s.size.1 as f32) * super::view::CELL / 2.0
                        });
                        zoom.zoom = z;
                        zoom.pan = pan.clamp(-limit, limit);
                    }
                    _ => {}
                }
            }
            TouchPhase::Ended | TouchPhase::Canceled => {
                let Some(f) = g.fingers.remove(&t.id) else {
                    continue;
                };
                let ended = t.phase == TouchPhase::Ended;
                match g.gesture {
                    Gesture::One { id, swiped, .. } if id == t.id => {
                        g.gesture = Gesture::None;
                        let tap = ended
                            && swiped.is_none()
                            && !f.on_ui
                            && f.age <= TAP_SECONDS
                            && f.at.distance(f.start) < SWIPE_PX;
                        if tap {
                            tapped(
                                f.at,
                                screen.as_deref(),
                                session.as_deref(),
                                playing || *play.get() == Play::Solved,
                                &mut g.last_empty_tap,
                                &mut zoom,
                                &mut out,
                            );
                        }
                    }
                    Gesture::Two { .. } => g.gesture = Gesture::Spent,
                    _ => {}
                }
                if !ended {
                    g.gesture = Gesture::Spent;
                }
                if g.fingers.is_empty() {
                    g.gesture = Gesture::None;
                }
            }
        }
    }
    // Holding still at the end of a swipe keeps stepping, one step at a time.
    if let Gesture::One {
        swiped: Some((dir, _)),
        hold,
        ..
    } = &mut g.gesture
    {
        *hold -= dt;
        let idle = queue.is_none_or(|q| q.is_idle());
        if *hold <= 0.0 && idle && playing {
            out.write(PlayerCommand::Step(*dir));
            *hold = settings.step_seconds.max(0.05);
        }
    }
}

/// A finished tap: a cell of the level is a tap command; empty space (off the board, a wall,
/// outside the walls) does nothing, and twice in a row fits the board again.
fn tapped(
    at: Vec2,
    screen: Option<&BoardScreen>,
    session: Option<&Session>,
    allowed: bool,
    last_empty: &mut Option<(Vec2, f32)>,
    zoom: &mut BoardZoom,
    out: &mut MessageWriter<PlayerCommand>,
) {
    let cell = screen.and_then(|s| s.cell_at(at));
    let on_level = match (cell, session) {
        (Some(p), Some(s)) => {
            let b = s.game.board();
            let inside = crate::core::validate::inside(b);
            b.index_of(p).is_some_and(|i| inside[i as usize])
                || b.get(p).is_some_and(|c| cell::is_box(c.byte()))
        }
        _ => false,
    };
    if on_level {
        *last_empty = None;
        if allowed && let Some(p) = cell {
            out.write(PlayerCommand::Tap(p));
        }
        return;
    }
    match *last_empty {
        Some((p, age)) if age <= DOUBLE_TAP_SECONDS && p.distance(at) <= DOUBLE_TAP_PX => {
            *zoom = BoardZoom::default();
            *last_empty = None;
        }
        _ => *last_empty = Some((at, 0.0)),
    }
}

/// The Back key (Android's back button, a keyboard's Browser Back): in a level with moves made it
/// undoes; anywhere else it goes back one screen, as Escape does (the replay closes, the designer
/// is done, a level at its start opens the title screen, the title screen returns to the level).
fn back_key(
    keys: Res<ButtonInput<Key>>,
    codes: Res<ButtonInput<KeyCode>>,
    play: Res<State<Play>>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<PlayerCommand>,
    mut replay: MessageWriter<super::replay::ReplayCmd>,
    mut design: MessageWriter<super::designer::DesignCmd>,
) {
    if !(keys.just_pressed(Key::BrowserBack) || codes.just_pressed(KeyCode::BrowserBack)) {
        return;
    }
    match play.get() {
        Play::Replay => {
            replay.write(super::replay::ReplayCmd::Close);
        }
        Play::Design => {
            design.write(super::designer::DesignCmd::Done);
        }
        Play::Active if session.is_some_and(|s| !s.game.history().is_empty()) => {
            out.write(PlayerCommand::Undo);
        }
        _ => {
            out.write(PlayerCommand::Back);
        }
    }
}
