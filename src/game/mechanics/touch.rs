//! Touch gestures, read from Bevy's touch input: a tap is a [`PlayerCommand::Tap`] (walk to the
//! cell, select a box, move the selected box), a swipe steps once in its direction and holding at the end keeps stepping, two
//! fingers pinch to zoom and drag to pan, and a double tap on empty space fits the board again.
//! A gesture with two fingers never moves the worker, and fingers that land one after the other do
//! not tap. Mouse input never comes here: a mouse drag is not a swipe.
//!
//! Also the Back key (Android's back button): undo while a level has moves, else back one screen
//! as Escape goes.

use std::collections::HashMap;

use crate::game::vocab::*;
use bevy::input::keyboard::Key;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;

use crate::core::{Direction, cell};

/// A finger that moves this far (logical pixels) is swiping, not tapping.
pub const SWIPE_PX: f32 = 40.0;
/// Longest press that still counts as a tap, in seconds.
const TAP_SECONDS: f32 = 0.5;
/// A finger lifted within this many frames of landing taps however long they took: on a slow
/// device (a phone's browser drawing a frame a second) a quick tap otherwise reads as a hold.
const TAP_FRAMES: u32 = 2;
/// Two taps this close in time and place are a double tap.
const DOUBLE_TAP_SECONDS: f32 = 0.35;
const DOUBLE_TAP_PX: f32 = 48.0;
/// Holding at the end of a swipe this long starts repeating the step.
const HOLD_SECONDS: f32 = 0.3;
const HOLD_FRAMES: u32 = 3;
pub const MAX_ZOOM: f32 = 8.0;

#[derive(Clone, Copy, Debug)]
struct Finger {
    start: Vec2,
    at: Vec2,
    /// Seconds since it landed.
    age: f32,
    /// Frames since it landed.
    frames: u32,
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
        /// Frames since the swipe last stepped: a hold lasts at least [`HOLD_FRAMES`] of them,
        /// so that on a slow device the frame the finger lifts in comes first.
        since: u32,
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

pub(crate) fn plugin(app: &mut App) {
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
    g.age(dt);
    let playing = matches!(play.get(), Play::Active);
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => {
                let on_ui = over_ui(t.id, hover.as_deref(), &buttons);
                g.down(t.id, t.position, on_ui, screen.as_deref(), &zoom);
            }
            TouchPhase::Moved => {
                if let Some(dir) = g.moved(t.id, t.position, screen.as_deref(), &mut zoom)
                    && playing
                {
                    out.write(PlayerCommand::Step(dir));
                }
            }
            TouchPhase::Ended | TouchPhase::Canceled => {
                let g = &mut *g;
                if let Some(at) = g.up(t.id, t.phase == TouchPhase::Ended) {
                    tapped(
                        at,
                        screen.as_deref(),
                        session.as_deref(),
                        playing || *play.get() == Play::Solved,
                        &mut g.last_empty_tap,
                        &mut zoom,
                        &mut out,
                    );
                }
            }
        }
    }
    let idle = queue.is_none_or(|q| q.is_idle());
    if let Some(dir) = g.held(dt, idle && playing, settings.step_seconds) {
        out.write(PlayerCommand::Step(dir));
    }
}

impl Gestures {
    /// Time passes for the fingers down and the last tap on empty space.
    fn age(&mut self, dt: f32) {
        for f in self.fingers.values_mut() {
            f.age += dt;
            f.frames += 1;
        }
        if let Some((_, age)) = &mut self.last_empty_tap {
            *age += dt;
        }
    }

    /// A finger lands: one finger may tap or swipe; a second starts a pinch and pan from the
    /// view as it is; any more spend the gesture.
    fn down(
        &mut self,
        id: u64,
        at: Vec2,
        on_ui: bool,
        screen: Option<&BoardScreen>,
        zoom: &BoardZoom,
    ) {
        self.fingers.insert(
            id,
            Finger {
                start: at,
                at,
                age: 0.0,
                frames: 0,
                on_ui,
            },
        );
        self.gesture = match (self.gesture, self.fingers.len()) {
            (Gesture::None, 1) if !on_ui => Gesture::One {
                id,
                swiped: None,
                hold: 0.0,
                since: 0,
            },
            (Gesture::None | Gesture::One { .. }, 2) => self.two_fingers(screen, zoom),
            (Gesture::None, _) => Gesture::None,
            // A third finger, or one after a two-finger gesture: nothing.
            _ => Gesture::Spent,
        };
    }

    /// The pinch-and-pan gesture of the two fingers down.
    fn two_fingers(&self, screen: Option<&BoardScreen>, zoom: &BoardZoom) -> Gesture {
        let mut ids = self.fingers.keys().copied();
        let (Some(a), Some(b)) = (ids.next(), ids.next()) else {
            return Gesture::Spent;
        };
        let (pa, pb) = (self.fingers[&a].at, self.fingers[&b].at);
        let middle = (pa + pb) / 2.0;
        let s = screen.copied().unwrap_or(BoardScreen {
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

    /// A finger moves: a swipe's step (returned), or the pinch and pan follow the fingers.
    fn moved(
        &mut self,
        id: u64,
        at: Vec2,
        screen: Option<&BoardScreen>,
        zoom: &mut BoardZoom,
    ) -> Option<Direction> {
        if let Some(f) = self.fingers.get_mut(&id) {
            f.at = at;
        }
        match &mut self.gesture {
            Gesture::One {
                id: one,
                swiped,
                hold,
                since,
            } if *one == id => {
                let f = self.fingers[one];
                let from = swiped.map_or(f.start, |(_, p)| p);
                let d = f.at - from;
                if d.length() < SWIPE_PX {
                    return None;
                }
                let dir = direction_of(d);
                *swiped = Some((dir, f.at));
                *hold = HOLD_SECONDS;
                *since = 0;
                Some(dir)
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
                let (fa, fb) = (self.fingers.get(a)?, self.fingers.get(b)?);
                let (pa, pb) = (fa.at, fb.at);
                let z = (*z0 * pa.distance(pb).max(1.0) / *distance).clamp(1.0, MAX_ZOOM);
                // Where the world origin must be on screen for the anchor to sit under the
                // midpoint at the new scale; the camera's centre follows from it.
                let flip = |v: Vec2| Vec2::new(v.x, -v.y);
                let k = *scale * z / *z0;
                let origin = (pa + pb) / 2.0 - flip(*anchor) * k;
                let pan = flip(*centre - origin) / k;
                let limit = screen.map_or(Vec2::splat(f32::MAX), |s| {
                    Vec2::new(s.size.0 as f32, s.size.1 as f32) * CELL / 2.0
                });
                zoom.zoom = z;
                zoom.pan = pan.clamp(-limit, limit);
                None
            }
            _ => None,
        }
    }

    /// A finger lifts (or is cancelled): where it tapped, when the gesture was a tap.
    fn up(&mut self, id: u64, ended: bool) -> Option<Vec2> {
        let f = self.fingers.remove(&id)?;
        let mut tap = None;
        match self.gesture {
            Gesture::One {
                id: one, swiped, ..
            } if one == id => {
                self.gesture = Gesture::None;
                let is_tap = ended
                    && swiped.is_none()
                    && !f.on_ui
                    && (f.age <= TAP_SECONDS || f.frames <= TAP_FRAMES)
                    && f.at.distance(f.start) < SWIPE_PX;
                tap = is_tap.then_some(f.at);
            }
            Gesture::Two { .. } => self.gesture = Gesture::Spent,
            _ => {}
        }
        if !ended {
            self.gesture = Gesture::Spent;
        }
        if self.fingers.is_empty() {
            self.gesture = Gesture::None;
        }
        tap
    }

    /// Holding still at the end of a swipe keeps stepping, one step at a time (when `ready`).
    fn held(&mut self, dt: f32, ready: bool, step_seconds: f32) -> Option<Direction> {
        let Gesture::One {
            swiped: Some((dir, _)),
            hold,
            since,
            ..
        } = &mut self.gesture
        else {
            return None;
        };
        *hold -= dt;
        *since += 1;
        if *hold > 0.0 || *since < HOLD_FRAMES || !ready {
            return None;
        }
        *hold = step_seconds.max(0.05);
        Some(*dir)
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
    mut out: CommandWriter,
    mut replay: MessageWriter<ReplayCmd>,
    mut design: MessageWriter<DesignCmd>,
) {
    if !(keys.just_pressed(Key::BrowserBack) || codes.just_pressed(KeyCode::BrowserBack)) {
        return;
    }
    match play.get() {
        Play::Replay => {
            replay.write(ReplayCmd::Close);
        }
        Play::Design => {
            design.write(DesignCmd::Done);
        }
        Play::Active if session.is_some_and(|s| !s.game.history().is_empty()) => {
            out.write(PlayerCommand::Undo);
        }
        _ => {
            out.write(ScreenCommand::Back);
        }
    }
}
