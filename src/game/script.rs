//! The scripted window mode, for testing as a player would: plays an input script through the
//! real input path (key presses into Bevy's keyboard input, clicks into picking at the cell's
//! place on screen), saves screenshots with Bevy's screenshot API, and exits.
//!
//! Script steps, separated by `;` or new lines:
//! `tap X,Y` (a cell, named as `pushbox path` names it), `pick X,Y,Z` (a Link 3D tile), `button LABEL` (a HUD button), `key NAME` (`Z`, `ArrowUp`, `Ctrl+Z`, …),
//! `lurd MOVES` (arrow-key presses), `drag X,Y X,Y` (a mouse drag over the cells between), `touch X,Y`, `swipe X,Y DIR` and `pinch X,Y FACTOR` (touch
//! gestures into Bevy's touch input), `fling X,Y DX,DY` (a finger's drag from a screen point, in
//! logical pixels, as on a list), `wait` (until the worker stops), `frames N`,
//! `clipboard TEXT` (puts TEXT on the system clipboard), `screenshot FILE.png`. Beside each screenshot a `FILE.png.layout` text lists where the worker
//! and every box are: grid cell and screen pixel, for checking the picture; `FILE.png.buttons`
//! lists the window size, the cell size, the screen (`Play` state) and every visible button's
//! rectangle (logical pixels) and label (its name, for an icon alone); `FILE.png.texts`
//! every text on screen after its size in logical pixels; `FILE.png.fits` each button label's
//! size and the room its button has; `FILE.png.targets` each button's visible rectangle, whole
//! size and whether a scrolling panel cuts it. All are written after the frame's view is
//! updated, from the frame in the picture.

use std::path::PathBuf;
use std::time::Duration;

use crate::game::mechanics::widgets::WidgetsOnScreen;
use crate::game::vocab::*;
use bevy::camera::NormalizedRenderTarget;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{PrimaryWindow, WindowRef};

use crate::core::Pos;
use crate::core::link::Cell;
use crate::game::screens::link::{LinkBoardArea, LinkLayout};

/// One step of a script.
#[derive(Clone, Debug, PartialEq)]
pub enum ScriptStep {
    Tap(u32, u32),
    /// Click the HUD button with this label.
    Button(String),
    Key(Vec<KeyCode>),
    Wait,
    Frames(u32),
    Screenshot(PathBuf),
    /// Put this text on the system clipboard (then `key Ctrl+V` pastes it).
    Clipboard(String),
    /// A touch gesture at a cell, fed to Bevy's touch input.
    Touch(u32, u32, TouchGesture),
    /// A finger pressed at a screen point (logical pixels) and moved by an offset before it is
    /// lifted: a drag of a list, anywhere on screen.
    Fling(Vec2, Vec2),
    /// A mouse drag from one cell to another, through the cells between.
    Drag((u32, u32), (u32, u32)),
    /// A click on a Link 3D tile (x, y, z), on the middle of its side that faces the camera most.
    Pick(crate::core::link3d::Cell3),
}

/// Touch gestures the script can make.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TouchGesture {
    Tap,
    /// 60 pixels in this direction.
    Swipe(crate::core::Direction),
    /// Two fingers 40 pixels apart around the cell, spread (or closed) by this factor.
    Pinch(f32),
}

/// A parsed script plus the screenshot to take at the end.
#[derive(Resource, Clone, Debug, Default)]
pub struct Script {
    pub steps: Vec<ScriptStep>,
}

fn key_code(name: &str) -> Option<KeyCode> {
    use KeyCode::*;
    let n = name.to_ascii_lowercase();
    Some(match n.as_str() {
        "up" | "arrowup" => ArrowUp,
        "down" | "arrowdown" => ArrowDown,
        "left" | "arrowleft" => ArrowLeft,
        "right" | "arrowright" => ArrowRight,
        "backspace" => Backspace,
        "pageup" => PageUp,
        "pagedown" => PageDown,
        "ctrl" | "control" => ControlLeft,
        "shift" => ShiftLeft,
        "space" => Space,
        "tab" => Tab,
        "enter" => Enter,
        "escape" | "esc" => Escape,
        "home" => Home,
        "end" => End,
        "plus" | "equal" => Equal,
        "minus" => Minus,
        "back" | "browserback" => BrowserBack,
        "f5" => F5,
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_lowercase() => {
            const LETTERS: [KeyCode; 26] = [
                KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN,
                KeyO, KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
            ];
            LETTERS[(s.as_bytes()[0] - b'a') as usize]
        }
        s => {
            const DIGITS: [KeyCode; 10] = [
                Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
            ];
            let d = s.strip_prefix("digit").unwrap_or(s);
            match d.as_bytes() {
                [c] if c.is_ascii_digit() => DIGITS[(c - b'0') as usize],
                _ => return None,
            }
        }
    })
}

/// The key names a script may use (`key NAME`, or several joined with `+`).
pub const KEY_NAMES: &str = "A to Z, 0 to 9 (or Digit0 to Digit9), Up, Down, Left, Right \
    (or ArrowUp …), Backspace, PageUp, PageDown, Ctrl, Shift, Space, Tab, Enter, Escape, Home, End, \
    Plus (or Equal), Minus, F5, Back (a phone's Back key)";

impl Script {
    /// Parses a script; `final_shot` is appended as a last screenshot (after a wait).
    pub fn parse(text: &str, final_shot: Option<PathBuf>) -> Result<Script, String> {
        // First let the board appear and the camera fit it, as a player would.
        let mut steps = vec![ScriptStep::Frames(3)];
        for (i, part) in text
            .split([';', '\n'])
            .map(str::trim)
            .enumerate()
            .filter(|(_, p)| !p.is_empty())
        {
            let (cmd, arg) = part
                .split_once(char::is_whitespace)
                .map_or((part, ""), |(c, a)| (c, a.trim()));
            let parsed = parse_step(cmd, arg)
                .map_err(|m| format!("script step {} ({part:?}): {m}", i + 1))?;
            steps.extend(parsed);
        }
        if let Some(shot) = final_shot {
            steps.push(ScriptStep::Wait);
            steps.push(ScriptStep::Screenshot(shot));
        }
        Ok(Script { steps })
    }
}

/// One step of a script as the steps it plays (input, then the frames it lets pass).
fn parse_step(cmd: &str, arg: &str) -> Result<Vec<ScriptStep>, String> {
    use crate::core::notation::parse_cell;
    let then_frames = |step| vec![step, ScriptStep::Frames(2)];
    Ok(match cmd {
        "tap" | "click" => {
            let (x, y) = parse_cell(arg)?;
            then_frames(ScriptStep::Tap(x, y))
        }
        "key" => {
            let keys: Option<Vec<KeyCode>> = arg.split('+').map(|k| key_code(k.trim())).collect();
            let keys = keys
                .filter(|k| !k.is_empty())
                .ok_or_else(|| format!("unknown key; the keys are {KEY_NAMES}"))?;
            then_frames(ScriptStep::Key(keys))
        }
        "lurd" => {
            let mut steps = Vec::new();
            for d in crate::core::lurd::parse(arg).map_err(|e| e.to_string())? {
                steps.push(ScriptStep::Key(vec![arrow_key(d)]));
                steps.push(ScriptStep::Wait);
            }
            steps
        }
        "button" if arg.is_empty() => {
            return Err("button needs a label, for example: button Undo".into());
        }
        "button" => then_frames(ScriptStep::Button(arg.to_string())),
        "fling" => {
            let numbers = |p: &str| -> Option<Vec2> {
                let (x, y) = p.split_once(',')?;
                Some(Vec2::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
            };
            let (at, by) = arg
                .split_once(' ')
                .and_then(|(a, b)| Some((numbers(a)?, numbers(b.trim())?)))
                .ok_or(
                    "fling takes a screen point and an offset in logical pixels: fling X,Y DX,DY",
                )?;
            then_frames(ScriptStep::Fling(at, by))
        }
        "touch" | "swipe" | "pinch" => {
            let (cell, rest) = arg.split_once(' ').unwrap_or((arg, ""));
            let (x, y) = parse_cell(cell)?;
            then_frames(ScriptStep::Touch(x, y, gesture(cmd, rest.trim())?))
        }
        "drag" => {
            let (a, b) = arg
                .split_once(' ')
                .ok_or("drag takes two cells: drag X,Y X,Y")?;
            then_frames(ScriptStep::Drag(
                parse_cell(a.trim())?,
                parse_cell(b.trim())?,
            ))
        }
        "pick" => {
            let cell = arg.parse().map_err(|e| format!("pick X,Y,Z: {e}"))?;
            then_frames(ScriptStep::Pick(cell))
        }
        "wait" => vec![ScriptStep::Wait],
        "clipboard" => vec![ScriptStep::Clipboard(arg.to_string())],
        "frames" => vec![ScriptStep::Frames(
            arg.parse().map_err(|_| "frames takes a number")?,
        )],
        "screenshot" => vec![ScriptStep::Wait, ScriptStep::Screenshot(PathBuf::from(arg))],
        _ => {
            return Err(
                "unknown step (tap, pick, key, lurd, button, touch, swipe, pinch, fling, drag, \
                 clipboard, wait, frames, screenshot)"
                    .into(),
            );
        }
    })
}

/// The arrow key that steps this way.
fn arrow_key(d: crate::core::Direction) -> KeyCode {
    match d {
        crate::core::Direction::Up => KeyCode::ArrowUp,
        crate::core::Direction::Down => KeyCode::ArrowDown,
        crate::core::Direction::Left => KeyCode::ArrowLeft,
        crate::core::Direction::Right => KeyCode::ArrowRight,
    }
}

/// The gesture of a `touch`, `swipe DIR` or `pinch FACTOR` step.
fn gesture(cmd: &str, rest: &str) -> Result<TouchGesture, String> {
    Ok(match cmd {
        "touch" => TouchGesture::Tap,
        "swipe" => TouchGesture::Swipe(
            rest.chars()
                .next()
                .and_then(crate::core::Direction::from_lurd)
                .ok_or("swipe X,Y takes a direction: l, u, r or d")?,
        ),
        _ => TouchGesture::Pinch(
            rest.parse()
                .ok()
                .filter(|f: &f32| *f > 0.0)
                .ok_or("pinch X,Y takes a factor such as 3")?,
        ),
    })
}

#[derive(Resource, Default)]
struct Runner {
    at: usize,
    frames_left: u32,
    /// Keys to release on the next frame.
    release: Vec<KeyCode>,
    /// Mouse events still to send, one batch per frame: the pointer's action at a screen
    /// point, and the mouse button's change if any.
    mouse: std::collections::VecDeque<(PointerAction, Vec2, Option<ButtonState>)>,
    /// A screenshot to take once this frame's view is updated.
    pending_shot: Option<PathBuf>,
    /// A screenshot being written.
    shot: Option<PathBuf>,
    /// Touch events still to send, one batch per frame.
    touches: std::collections::VecDeque<Vec<(u64, TouchPhase, Vec2)>>,
    next_finger: u64,
    elapsed: Duration,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Runner>()
        .add_systems(
            Update,
            (
                run_script.before(AppSystems::RecordInput),
                take_screenshot.after(AppSystems::SyncView),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(Update, time_limit)
        .add_systems(OnEnter(Screen::LoadFailed), give_up);
}

fn give_up(
    errors: Res<crate::game::mechanics::levels::LoadError>,
    mut exit: MessageWriter<AppExit>,
) {
    error!(
        "the levels could not be loaded, so the script cannot run: {:?}",
        errors.0
    );
    exit.write(AppExit::error());
}

/// How long a script may run before the game gives up on it. A guard against a script that can
/// never finish, not a speed check: the long screen tours, under software rendering on a 2-core
/// machine running the other window tests beside them, took more than 90 s.
const SCRIPT_TIME_LIMIT: Duration = Duration::from_secs(300);

fn time_limit(time: Res<Time<Real>>, mut runner: ResMut<Runner>, mut exit: MessageWriter<AppExit>) {
    runner.elapsed += time.delta();
    if runner.elapsed > SCRIPT_TIME_LIMIT {
        error!(
            "the script did not finish within {} s",
            SCRIPT_TIME_LIMIT.as_secs()
        );
        exit.write(AppExit::error());
    }
}

fn run_script(
    script: Res<Script>,
    mut runner: ResMut<Runner>,
    window: Single<Entity, With<PrimaryWindow>>,
    cells: CellsOnScreen,
    (queue, animating, problem): (Res<StepQueue>, Res<Animating>, Res<LevelProblem>),
    mut out: ScriptOutput,
    mut exit: MessageWriter<AppExit>,
    (on_screen, window_info): (WidgetsOnScreen, Single<&Window, With<PrimaryWindow>>),
) {
    let window = *window;
    if out.deliver_queued(&mut runner, window) || runner.busy() {
        return;
    }
    let Some(step) = script.steps.get(runner.at).cloned() else {
        exit.write(AppExit::Success);
        return;
    };
    // The centre of the part of the button a player sees (none: scrolled out of its panel).
    let find_button = |label: &str| {
        on_screen
            .seen_centre(label)
            // From physical to logical pixels.
            .map(|at| at / window_info.scale_factor())
            .ok_or_else(|| format!("button {label:?}: there is no such button on screen"))
    };
    let idle = queue.is_idle() && !animating.0;
    match act(step, &mut runner, &cells, idle, &problem, find_button) {
        Err(e) => {
            error!("{e}");
            exit.write(AppExit::error());
        }
        Ok(Act::Hold) => {}
        Ok(Act::Next) => runner.at += 1,
        Ok(Act::Click(at)) => {
            runner.click(at);
            runner.at += 1;
        }
        Ok(Act::Keys(ks)) => {
            for &k in &ks {
                out.key(window, k, ButtonState::Pressed);
            }
            runner.release = ks;
            runner.at += 1;
        }
    }
}

/// What a script step asks for this frame.
enum Act {
    /// Not yet (a wait for the worker to stop): the same step next frame.
    Hold,
    /// Done (or queued in the runner): the next step next frame.
    Next,
    /// A mouse click at this screen point (moved there now, pressed and released after).
    Click(Vec2),
    /// Key presses (released next frame).
    Keys(Vec<KeyCode>),
}

/// Turns one step into input, or says why it cannot be played.
fn act(
    step: ScriptStep,
    runner: &mut Runner,
    cells: &CellsOnScreen,
    idle: bool,
    problem: &LevelProblem,
    find_button: impl Fn(&str) -> Result<Vec2, String>,
) -> Result<Act, String> {
    Ok(match step {
        ScriptStep::Wait if !idle => Act::Hold,
        ScriptStep::Wait => {
            runner.frames_left = 2;
            Act::Next
        }
        ScriptStep::Frames(n) => {
            runner.frames_left = n;
            Act::Next
        }
        ScriptStep::Key(ks) => Act::Keys(ks),
        ScriptStep::Drag(a, b) => {
            let line = crate::core::design::line(Pos::new(a.0, a.1), Pos::new(b.0, b.1));
            let points: Option<Vec<Vec2>> = line.iter().map(|&p| cells.screen_of(p)).collect();
            let points = points.ok_or_else(|| {
                format!(
                    "drag {},{} {},{}: a cell is not on screen",
                    a.0, a.1, b.0, b.1
                )
            })?;
            runner.drag(&points);
            Act::Next
        }
        ScriptStep::Tap(x, y) => Act::Click(tap_point(cells, problem, x, y)?),
        ScriptStep::Pick(c) => Act::Click(cells.pick_point(c)?),
        ScriptStep::Fling(at, by) => {
            let finger = runner.next_finger;
            runner.next_finger += 1;
            runner.touches.extend(fling_batches(at, by, finger));
            Act::Next
        }
        ScriptStep::Touch(x, y, gesture) => {
            let at = x
                .checked_sub(cells.indent())
                .and_then(|x| cells.screen_of(Pos::new(x, y)))
                .ok_or_else(|| format!("touch {x},{y}: the cell is not on screen"))?;
            let first = runner.next_finger;
            runner.next_finger += 2;
            runner.touches.extend(touch_batches(at, gesture, first));
            Act::Next
        }
        ScriptStep::Button(label) => Act::Click(find_button(&label)?),
        ScriptStep::Clipboard(text) => {
            crate::game::mechanics::clipboard::set_clipboard(&text)
                .map_err(|e| format!("clipboard: {e}"))?;
            Act::Next
        }
        ScriptStep::Screenshot(path) => {
            // Taken after this frame's view is updated (`take_screenshot`), so that the layout
            // files describe the frame in the picture.
            runner.pending_shot = Some(path);
            Act::Next
        }
    })
}

/// Where a tap on cell `x`,`y` (columns as written in the level file) lands on screen.
fn tap_point(
    cells: &CellsOnScreen,
    problem: &LevelProblem,
    x: u32,
    y: u32,
) -> Result<Vec2, String> {
    if cells.session.is_none() && !cells.designing() && !cells.linking() {
        return Err(format!(
            "tap {x},{y}: there is no playable level: {}",
            problem.0.as_deref().unwrap_or("none loaded")
        ));
    }
    let cell = x
        .checked_sub(cells.indent())
        .map(|x| Pos::new(x, y))
        .ok_or_else(|| format!("tap {x},{y}: that column lies outside the level"))?;
    cells
        .screen_of(cell)
        .ok_or_else(|| format!("tap {x},{y}: the cell is not on screen"))
}

/// A touch gesture at a screen point as batches of touch events, one batch per frame; fingers
/// are numbered from `a`.
/// A finger's drag from `at` by `by`, in eight moves, one a frame.
fn fling_batches(at: Vec2, by: Vec2, finger: u64) -> Vec<Vec<(u64, TouchPhase, Vec2)>> {
    let mut v = vec![vec![(finger, TouchPhase::Started, at)]];
    for i in 1..=8 {
        v.push(vec![(finger, TouchPhase::Moved, at + by * i as f32 / 8.0)]);
    }
    v.push(vec![(finger, TouchPhase::Ended, at + by)]);
    v
}

fn touch_batches(at: Vec2, gesture: TouchGesture, a: u64) -> Vec<Vec<(u64, TouchPhase, Vec2)>> {
    use TouchPhase::*;
    let b = a + 1;
    match gesture {
        TouchGesture::Tap => vec![vec![(a, Started, at)], vec![(a, Ended, at)]],
        TouchGesture::Swipe(d) => {
            let (dx, dy) = d.offset();
            let to = at + Vec2::new(dx as f32, dy as f32) * 60.0;
            vec![
                vec![(a, Started, at)],
                vec![(a, Moved, (at + to) / 2.0)],
                vec![(a, Moved, to)],
                vec![(a, Ended, to)],
            ]
        }
        TouchGesture::Pinch(f) => {
            let half = |k: f32| Vec2::new(20.0 * k, 0.0);
            let mut v = vec![vec![
                (a, Started, at - half(1.0)),
                (b, Started, at + half(1.0)),
            ]];
            for i in 1..=4 {
                let k = 1.0 + (f - 1.0) * i as f32 / 4.0;
                v.push(vec![(a, Moved, at - half(k)), (b, Moved, at + half(k))]);
            }
            v.push(vec![(a, Ended, at - half(f)), (b, Ended, at + half(f))]);
            v
        }
    }
}

impl Runner {
    /// Still waiting: for a screenshot to be written, or for frames to pass.
    fn busy(&mut self) -> bool {
        if self.pending_shot.is_some() {
            return true;
        }
        if let Some(shot) = &self.shot {
            if !shot.exists() {
                return true;
            }
            self.shot = None;
        }
        if self.frames_left > 0 {
            self.frames_left -= 1;
            return true;
        }
        false
    }

    /// A click at a screen point: the pointer moves there, presses, releases (one frame each).
    fn click(&mut self, at: Vec2) {
        self.drag(&[at]);
    }

    /// A mouse drag through screen points: press at the first, move through the rest, release
    /// at the last (a click when there is one point).
    fn drag(&mut self, points: &[Vec2]) {
        let (first, last) = (points[0], points[points.len() - 1]);
        let moving = PointerAction::Move { delta: Vec2::ZERO };
        self.mouse.push_back((moving, first, None));
        self.mouse.push_back((
            PointerAction::Press(PointerButton::Primary),
            first,
            Some(ButtonState::Pressed),
        ));
        for &p in &points[1..] {
            self.mouse.push_back((moving, p, None));
        }
        self.mouse.push_back((
            PointerAction::Release(PointerButton::Primary),
            last,
            Some(ButtonState::Released),
        ));
    }
}

/// Where the script's input goes: Bevy's keyboard, pointer, mouse button and touch input.
#[derive(bevy::ecs::system::SystemParam)]
struct ScriptOutput<'w> {
    keys: MessageWriter<'w, KeyboardInput>,
    pointer: MessageWriter<'w, PointerInput>,
    mouse_buttons: MessageWriter<'w, MouseButtonInput>,
    touches: MessageWriter<'w, TouchInput>,
    /// A real window reports each touch twice, as here: picking reads the window's events.
    window_events: MessageWriter<'w, bevy::window::WindowEvent>,
}

impl ScriptOutput<'_> {
    fn key(&mut self, window: Entity, key_code: KeyCode, state: ButtonState) {
        self.keys.write(KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window,
        });
    }

    /// Sends what earlier steps queued: key releases, then one batch of touches or one mouse
    /// event. True when this frame carried touch or mouse input (the next step waits).
    fn deliver_queued(&mut self, runner: &mut Runner, window: Entity) -> bool {
        for k in std::mem::take(&mut runner.release) {
            self.key(window, k, ButtonState::Released);
        }
        if let Some(batch) = runner.touches.pop_front() {
            for (id, phase, position) in batch {
                let touch = TouchInput {
                    phase,
                    position,
                    window,
                    force: None,
                    id,
                };
                self.touches.write(touch);
                self.window_events
                    .write(bevy::window::WindowEvent::TouchInput(touch));
            }
            return true;
        }
        let Some((action, at, button)) = runner.mouse.pop_front() else {
            return false;
        };
        // Picking needs a frame to hover the cell before the press, and the release after it.
        let target = NormalizedRenderTarget::Window(
            WindowRef::Primary
                .normalize(Some(window))
                .expect("primary window"),
        );
        let loc = Location {
            target,
            position: at,
        };
        self.pointer
            .write(PointerInput::new(PointerId::Mouse, loc, action));
        if let Some(state) = button {
            self.mouse_buttons.write(MouseButtonInput {
                button: MouseButton::Left,
                state,
                window,
            });
        }
        true
    }
}

/// Where the script's cells are on screen: the board's (or, in the designer, the designed
/// level's) cells through the board camera, columns as written in the file.
#[derive(bevy::ecs::system::SystemParam)]
struct CellsOnScreen<'w, 's> {
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<BoardCamera>>,
    session: Option<Res<'w, Session>>,
    current: Option<Res<'w, CurrentLevel>>,
    design: Option<Res<'w, crate::game::screens::designer::Design>>,
    play: Option<Res<'w, State<Play>>>,
    link: Option<Res<'w, LinkPlay>>,
    link_layout: Option<Res<'w, LinkLayout>>,
    link_area:
        Query<'w, 's, (&'static ComputedNode, &'static UiGlobalTransform), With<LinkBoardArea>>,
    #[cfg(feature = "link3d")]
    link3d: Option<Res<'w, Link3dPlay>>,
    #[cfg(feature = "link3d")]
    camera3d: Query<
        'w,
        's,
        (&'static Camera, &'static GlobalTransform),
        With<crate::game::screens::link3d::Link3dCamera>,
    >,
}

impl CellsOnScreen<'_, '_> {
    /// Where a click picks a Link 3D tile: the middle of its open side that faces the camera
    /// most, checked to be the first tile a ray through that point meets.
    #[cfg(feature = "link3d")]
    fn pick_point(&self, c: crate::core::link3d::Cell3) -> Result<Vec2, String> {
        use crate::game::screens::link3d::{TILE, first_tile_hit, world_of};
        let block = self
            .link3d
            .as_ref()
            .ok_or("pick: Link 3D is not on screen")?
            .block();
        let (camera, at) = self
            .camera3d
            .single()
            .map_err(|_| "pick: no Link 3D camera")?;
        let eye = at.translation();
        let centre = world_of(block, c);
        // The world's axes for x, y (rows run downward) and z, each way.
        let sides = (0..3).flat_map(|axis| [-1, 1].map(|sign| (axis, sign)));
        let face = sides
            .filter(|&(axis, sign)| block.get(c.step(axis, sign)) == 0)
            .map(|(axis, sign)| {
                let mut dir = Vec3::ZERO;
                dir[axis] = if axis == 1 { -sign } else { sign } as f32;
                let point = centre + dir * (TILE / 2.0 + 0.01);
                (dir.dot((eye - point).normalize()), point)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .filter(|&(facing, _)| facing > 0.0)
            .ok_or_else(|| format!("pick {c}: no open side of the tile faces the camera"))?;
        let screen = camera
            .world_to_viewport(at, face.1)
            .map_err(|e| format!("pick {c}: {e:?}"))?;
        let ray = camera
            .viewport_to_world(at, screen)
            .map_err(|e| format!("pick {c}: {e:?}"))?;
        if first_tile_hit(block, ray) != Some(c) {
            return Err(format!("pick {c}: another tile hides it from the camera"));
        }
        Ok(screen)
    }

    /// The `.layout` text under Link 3D: the game's state, then each tile with its cell, face
    /// letter, whether it can be picked, and where a pick clicks (`-` when hidden).
    #[cfg(feature = "link3d")]
    fn link3d_layout_text(&self) -> Option<String> {
        if self.play.as_ref().is_none_or(|p| *p.get() != Play::Link3d) {
            return None;
        }
        let play = self.link3d.as_deref()?;
        let b = play.block();
        let selected = play.selected.map_or("-".to_string(), |c| c.to_string());
        let mut out = format!(
            "link3d {}x{}x{} tiles {} playable {} cleared {} paused {} selected {selected}\n",
            b.width(),
            b.height(),
            b.depth(),
            b.tiles(),
            play.playable,
            play.game.is_cleared(),
            play.paused,
        );
        for c in b.cells().filter(|&c| b.get(c) != 0) {
            let face = crate::core::link::FACE_CHARS[b.get(c) as usize - 1] as char;
            let at = self
                .pick_point(c)
                .map_or("-".to_string(), |s| format!("{:.0} {:.0}", s.x, s.y));
            out += &format!("tile {c} {face} {} {at}\n", b.reachable(c));
        }
        Some(out)
    }

    #[cfg(not(feature = "link3d"))]
    fn link3d_layout_text(&self) -> Option<String> {
        None
    }

    #[cfg(not(feature = "link3d"))]
    fn pick_point(&self, c: crate::core::link3d::Cell3) -> Result<Vec2, String> {
        Err(format!("pick {c}: this build has no Link 3D"))
    }

    /// The Link mode is on screen: cells are its tiles.
    fn linking(&self) -> bool {
        self.play.as_ref().is_some_and(|p| *p.get() == Play::Link)
    }

    /// The screen point (logical pixels) of a Link cell.
    fn link_screen_of(&self, p: Pos) -> Option<Vec2> {
        let layout = self.link_layout.as_deref()?;
        let (node, t) = self.link_area.single().ok()?;
        let scale = node.inverse_scale_factor();
        let top_left = (t.translation - node.size() / 2.0) * scale;
        let (w, h) = layout.board;
        ((p.x as i32) < w && (p.y as i32) < h)
            .then(|| top_left + layout.centre(Cell::new(p.x as i32, p.y as i32)))
    }

    fn designing(&self) -> bool {
        self.play.as_ref().is_some_and(|p| *p.get() == Play::Design)
    }

    /// Columns are counted as written in the level file (its rows may be indented).
    fn indent(&self) -> u32 {
        if self.designing() || self.linking() {
            0
        } else {
            self.current.as_ref().map_or(0, |c| c.level().source_indent)
        }
    }

    fn size(&self) -> Option<(u32, u32)> {
        if self.designing() {
            let d = self.design.as_ref()?;
            return Some((d.editor.level.width, d.editor.level.height));
        }
        let b = self.session.as_ref()?.game.board();
        Some((b.width(), b.height()))
    }

    /// The screen point of a cell (in the level's own columns; in the Link mode, a tile cell).
    fn screen_of(&self, p: Pos) -> Option<Vec2> {
        if self.linking() {
            return self.link_screen_of(p);
        }
        let (w, h) = self.size()?;
        let (cam, cam_t) = *self.camera;
        cam.world_to_viewport(cam_t, world_of(p, w, h).extend(0.0))
            .ok()
    }
}

/// Writes a pending screenshot's `.layout` and `.buttons` files from this frame's state, after the
/// view has been updated, and asks Bevy for the picture of the same frame.
fn take_screenshot(
    mut commands: Commands,
    mut runner: ResMut<Runner>,
    cells: CellsOnScreen,
    movers: Query<(&GridPos, Has<Worker>), Or<(With<Crate>, With<Worker>)>>,
    problem: Res<LevelProblem>,
    on_screen: WidgetsOnScreen,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let Some(path) = runner.pending_shot.take() else {
        return;
    };
    let layout = match cells.link.as_deref() {
        Some(play) if cells.linking() => link_layout_text(&cells, play),
        _ => cells
            .link3d_layout_text()
            .unwrap_or_else(|| layout_text(&cells, &movers, &problem)),
    };
    let cell_px = match (
        cells.screen_of(Pos::new(0, 0)),
        cells.screen_of(Pos::new(1, 0)),
    ) {
        (Some(a), Some(b)) => a.distance(b),
        _ => 0.0,
    };
    let screen = cells
        .play
        .as_ref()
        .map_or("none".to_string(), |p| format!("{:?}", p.get()));
    let head = format!(
        "window {} {} cell {cell_px:.1} screen {screen}\n",
        window.width(),
        window.height()
    );
    let lists = on_screen.report(window.scale_factor());
    let rects = head + &lists.buttons;
    let _ = std::fs::remove_file(&path);
    let written = std::fs::write(path.with_extension("png.layout"), layout)
        .and_then(|()| std::fs::write(path.with_extension("png.buttons"), rects))
        .and_then(|()| std::fs::write(path.with_extension("png.texts"), lists.texts))
        .and_then(|()| std::fs::write(path.with_extension("png.fits"), lists.fits))
        .and_then(|()| std::fs::write(path.with_extension("png.targets"), lists.targets));
    if let Err(e) = written {
        error!("{}: {e}", path.display());
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path.clone()));
    runner.shot = Some(path);
}

/// The `.layout` text: the worker and each box with its cell and screen pixel, then the counters.
fn layout_text(
    cells: &CellsOnScreen,
    movers: &Query<(&GridPos, Has<Worker>), Or<(With<Crate>, With<Worker>)>>,
    problem: &LevelProblem,
) -> String {
    let board = cells.session.as_ref().map(|s| s.game.board());
    let indent = cells.indent();
    let mut layout = String::new();
    let mut items: Vec<(bool, Pos)> = movers.iter().map(|(g, worker)| (worker, g.0)).collect();
    items.sort_by_key(|(worker, p)| (!worker, p.y, p.x));
    for (worker, p) in items {
        let s = cells.screen_of(p).unwrap_or(Vec2::NAN);
        let kind = if worker {
            "worker"
        } else if board.and_then(|b| b.get(p)).is_some_and(|c| c.on_goal()) {
            "box-on-goal"
        } else {
            "box"
        };
        layout += &format!("{kind} {} {} {:.0} {:.0}\n", p.x + indent, p.y, s.x, s.y);
    }
    match board {
        Some(b) => {
            layout += &format!(
                "moves {} pushes {} solved {}\n",
                b.moves(),
                b.pushes(),
                b.is_solved()
            )
        }
        None => {
            layout += &format!(
                "no playable level: {}\n",
                problem.0.as_deref().unwrap_or("none loaded")
            )
        }
    }
    layout
}

/// The `.layout` text in the Link mode: the game's state, then each tile with its cell, face
/// letter and screen pixel.
fn link_layout_text(cells: &CellsOnScreen, play: &LinkPlay) -> String {
    let b = play.board();
    let selected = play.selected.map_or("-".to_string(), |c| c.to_string());
    let mut out = format!(
        "link {}x{} gravity {} tiles {} playable {} cleared {} paused {} selected {selected}\n",
        b.width(),
        b.height(),
        play.game.gravity(),
        b.tiles(),
        play.playable,
        play.game.is_cleared(),
        play.paused,
    );
    for c in b.cells().filter(|&c| b.get(c) != 0) {
        let s = cells
            .link_screen_of(Pos::new(c.x as u32, c.y as u32))
            .unwrap_or(Vec2::NAN);
        let face = crate::core::link::FACE_CHARS[b.get(c) as usize - 1] as char;
        out += &format!("tile {} {} {face} {:.0} {:.0}\n", c.x, c.y, s.x, s.y);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_named_keys_parse_and_a_wrong_key_lists_the_names() {
        let s = Script::parse("key 4; key Digit6; key Ctrl+Z; key Back", None).unwrap();
        let keys: Vec<&Vec<KeyCode>> = s
            .steps
            .iter()
            .filter_map(|s| match s {
                ScriptStep::Key(k) => Some(k),
                _ => None,
            })
            .collect();
        assert_eq!(
            keys,
            [
                &vec![KeyCode::Digit4],
                &vec![KeyCode::Digit6],
                &vec![KeyCode::ControlLeft, KeyCode::KeyZ],
                &vec![KeyCode::BrowserBack],
            ]
        );
        let e = Script::parse("key F13", None).unwrap_err();
        assert!(e.contains("unknown key") && e.contains("0 to 9"), "{e}");
        let e = Script::parse("tap -1,2", None).unwrap_err();
        assert!(e.contains("not a column number"), "{e}");
    }
}
