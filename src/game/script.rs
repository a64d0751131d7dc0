//! The scripted window mode, for testing as a player would: plays an input script through the
//! real input path (key presses into Bevy's keyboard input, clicks into picking at the cell's
//! place on screen), saves screenshots with Bevy's screenshot API, and exits.
//!
//! Script steps, separated by `;` or new lines:
//! `tap X,Y` (a cell, named as `pushbox path` names it), `button LABEL` (a HUD button), `key NAME` (`Z`, `ArrowUp`, `Ctrl+Z`, …),
//! `lurd MOVES` (arrow-key presses), `drag X,Y X,Y` (a mouse drag over the cells between), `touch X,Y`, `swipe X,Y DIR` and `pinch X,Y FACTOR` (touch
//! gestures into Bevy's touch input), `wait` (until the worker stops), `frames N`,
//! `clipboard TEXT` (puts TEXT on the system clipboard), `screenshot FILE.png`. Beside each screenshot a `FILE.png.layout` text lists where the worker
//! and every box are: grid cell and screen pixel, for checking the picture; `FILE.png.buttons`
//! lists the window size, the cell size, the screen (`Play` state) and every visible button's
//! rectangle (logical pixels) and label; `FILE.png.texts` every text on screen. All three are
//! written after the frame's view is updated, from the frame in the picture.

use std::path::PathBuf;
use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{PrimaryWindow, WindowRef};

use super::board::{Crate, GridPos, Session, Worker};
use super::view::{Animating, BoardCamera, world_of};
use super::walk::StepQueue;
use super::{AppSystems, CurrentLevel, Screen};
use crate::core::Pos;

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
    /// A mouse drag from one cell to another, through the cells between.
    Drag((u32, u32), (u32, u32)),
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
    Plus (or Equal), Minus, Back (a phone's Back key)";

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
            let bad = |m: &str| format!("script step {} ({part:?}): {m}", i + 1);
            match cmd {
                "tap" | "click" => {
                    let (x, y) = crate::core::notation::parse_cell(arg).map_err(|e| bad(&e))?;
                    steps.push(ScriptStep::Tap(x, y));
                    steps.push(ScriptStep::Frames(2));
                }
                "key" => {
                    let keys: Option<Vec<KeyCode>> =
                        arg.split('+').map(|k| key_code(k.trim())).collect();
                    steps.push(ScriptStep::Key(keys.filter(|k| !k.is_empty()).ok_or_else(
                        || bad(&format!("unknown key; the keys are {KEY_NAMES}")),
                    )?));
                    steps.push(ScriptStep::Frames(2));
                }
                "lurd" => {
                    for d in crate::core::lurd::parse(arg).map_err(|e| bad(&e.to_string()))? {
                        let k = match d {
                            crate::core::Direction::Up => KeyCode::ArrowUp,
                            crate::core::Direction::Down => KeyCode::ArrowDown,
                            crate::core::Direction::Left => KeyCode::ArrowLeft,
                            crate::core::Direction::Right => KeyCode::ArrowRight,
                        };
                        steps.push(ScriptStep::Key(vec![k]));
                        steps.push(ScriptStep::Wait);
                    }
                }
                "button" => {
                    if arg.is_empty() {
                        return Err(bad("button needs a label, for example: button Undo"));
                    }
                    steps.push(ScriptStep::Button(arg.to_string()));
                    steps.push(ScriptStep::Frames(2));
                }
                "touch" | "swipe" | "pinch" => {
                    let (cell, rest) = arg.split_once(' ').unwrap_or((arg, ""));
                    let (x, y) = crate::core::notation::parse_cell(cell).map_err(|e| bad(&e))?;
                    let gesture = match cmd {
                        "touch" => TouchGesture::Tap,
                        "swipe" => TouchGesture::Swipe(
                            rest.trim()
                                .chars()
                                .next()
                                .and_then(crate::core::Direction::from_lurd)
                                .ok_or_else(|| bad("swipe X,Y takes a direction: l, u, r or d"))?,
                        ),
                        _ => TouchGesture::Pinch(
                            rest.trim()
                                .parse()
                                .ok()
                                .filter(|f: &f32| *f > 0.0)
                                .ok_or_else(|| bad("pinch X,Y takes a factor such as 3"))?,
                        ),
                    };
                    steps.push(ScriptStep::Touch(x, y, gesture));
                    steps.push(ScriptStep::Frames(2));
                }
                "drag" => {
                    let (a, b) = arg
                        .split_once(' ')
                        .ok_or_else(|| bad("drag takes two cells: drag X,Y X,Y"))?;
                    let a = crate::core::notation::parse_cell(a.trim()).map_err(|e| bad(&e))?;
                    let b = crate::core::notation::parse_cell(b.trim()).map_err(|e| bad(&e))?;
                    steps.push(ScriptStep::Drag(a, b));
                    steps.push(ScriptStep::Frames(2));
                }
                "wait" => steps.push(ScriptStep::Wait),
                "clipboard" => steps.push(ScriptStep::Clipboard(arg.to_string())),
                "frames" => steps.push(ScriptStep::Frames(
                    arg.parse().map_err(|_| bad("frames takes a number"))?,
                )),
                "screenshot" => {
                    steps.push(ScriptStep::Wait);
                    steps.push(ScriptStep::Screenshot(PathBuf::from(arg)));
                }
                _ => {
                    return Err(bad(
                        "unknown step (tap, key, lurd, button, touch, swipe, pinch, clipboard, wait, frames, screenshot)",
                    ));
                }
            }
        }
        if let Some(shot) = final_shot {
            steps.push(ScriptStep::Wait);
            steps.push(ScriptStep::Screenshot(shot));
        }
        Ok(Script { steps })
    }
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

pub(super) fn plugin(app: &mut App) {
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

fn give_up(errors: Res<super::levels::LoadError>, mut exit: MessageWriter<AppExit>) {
    error!(
        "the levels could not be loaded, so the script cannot run: {:?}",
        errors.0
    );
    exit.write(AppExit::error());
}

fn time_limit(time: Res<Time<Real>>, mut runner: ResMut<Runner>, mut exit: MessageWriter<AppExit>) {
    runner.elapsed += time.delta();
    if runner.elapsed > Duration::from_secs(90) {
        error!("the script did not finish within 90 s");
        exit.write(AppExit::error());
    }
}

fn run_script(
    script: Res<Script>,
    mut runner: ResMut<Runner>,
    window: Single<Entity, With<PrimaryWindow>>,
    cells: CellsOnScreen,
    queue: Res<StepQueue>,
    animating: Res<Animating>,
    mut keys: MessageWriter<KeyboardInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut exit: MessageWriter<AppExit>,
    problem: Res<super::hud::LevelProblem>,
    (buttons, labels, window_info, mut touch_out, mut mouse_buttons): (
        Query<(&UiGlobalTransform, &Children, &InheritedVisibility), With<Button>>,
        Query<&Text>,
        Single<&Window, With<PrimaryWindow>>,
        MessageWriter<TouchInput>,
        MessageWriter<MouseButtonInput>,
    ),
) {
    let window = *window;
    let target = NormalizedRenderTarget::Window(
        WindowRef::Primary
            .normalize(Some(window))
            .expect("primary window"),
    );
    let key_event = |k: KeyCode, state: ButtonState| KeyboardInput {
        key_code: k,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window,
    };
    for k in std::mem::take(&mut runner.release) {
        keys.write(key_event(k, ButtonState::Released));
    }
    if let Some(batch) = runner.touches.pop_front() {
        for (id, phase, position) in batch {
            touch_out.write(TouchInput {
                phase,
                position,
                window,
                force: None,
                id,
            });
        }
        return;
    }
    if let Some((action, at, button)) = runner.mouse.pop_front() {
        // Picking needs a frame to hover the cell before the press, and the release after it.
        let loc = Location {
            target: target.clone(),
            position: at,
        };
        pointer.write(PointerInput::new(PointerId::Mouse, loc, action));
        if let Some(state) = button {
            mouse_buttons.write(MouseButtonInput {
                button: MouseButton::Left,
                state,
                window,
            });
        }
        return;
    }
    if runner.pending_shot.is_some() {
        return;
    }
    if let Some(shot) = &runner.shot {
        if !shot.exists() {
            return;
        }
        runner.shot = None;
    }
    if runner.frames_left > 0 {
        runner.frames_left -= 1;
        return;
    }
    let board = cells.session.as_ref().map(|s| s.game.board());
    // In the designer, cells are the designed level's.
    let designing = cells.designing();
    let indent = cells.indent();
    let screen_of = |p: Pos| cells.screen_of(p);
    let Some(step) = script.steps.get(runner.at).cloned() else {
        exit.write(AppExit::Success);
        return;
    };
    // Where to click (a cell or a button): the pointer moves there now, presses and releases in
    // the next two frames.
    let mut click_at = None;
    match step {
        ScriptStep::Wait => {
            if !queue.is_idle() || animating.0 {
                return;
            }
            runner.frames_left = 2;
        }
        ScriptStep::Frames(n) => runner.frames_left = n,
        ScriptStep::Key(ks) => {
            for &k in &ks {
                keys.write(key_event(k, ButtonState::Pressed));
            }
            runner.release = ks;
        }
        ScriptStep::Drag(a, b) => {
            let cells = crate::core::design::line(Pos::new(a.0, a.1), Pos::new(b.0, b.1));
            let points: Option<Vec<Vec2>> = cells.iter().map(|&p| screen_of(p)).collect();
            let Some(points) = points else {
                error!(
                    "drag {},{} {},{}: a cell is not on screen",
                    a.0, a.1, b.0, b.1
                );
                exit.write(AppExit::error());
                return;
            };
            let (first, last) = (points[0], points[points.len() - 1]);
            let moving = PointerAction::Move { delta: Vec2::ZERO };
            runner.mouse.push_back((moving, first, None));
            runner.mouse.push_back((
                PointerAction::Press(PointerButton::Primary),
                first,
                Some(ButtonState::Pressed),
            ));
            for &p in &points[1..] {
                runner.mouse.push_back((moving, p, None));
            }
            runner.mouse.push_back((
                PointerAction::Release(PointerButton::Primary),
                last,
                Some(ButtonState::Released),
            ));
        }
        ScriptStep::Tap(x, y) => {
            if board.is_none() && !designing {
                error!(
                    "tap {x},{y}: there is no playable level: {}",
                    problem.0.as_deref().unwrap_or("none loaded")
                );
                exit.write(AppExit::error());
                return;
            }
            let Some(cell) = x.checked_sub(indent).map(|x| Pos::new(x, y)) else {
                error!("tap {x},{y}: that column lies outside the level");
                exit.write(AppExit::error());
                return;
            };
            let Some(at) = screen_of(cell) else {
                error!("tap {x},{y}: the cell is not on screen");
                exit.write(AppExit::error());
                return;
            };
            click_at = Some(at);
        }
        ScriptStep::Touch(x, y, gesture) => {
            let Some(at) = x
                .checked_sub(indent)
                .and_then(|x| screen_of(Pos::new(x, y)))
            else {
                error!("touch {x},{y}: the cell is not on screen");
                exit.write(AppExit::error());
                return;
            };
            let a = runner.next_finger;
            runner.next_finger += 2;
            let b = a + 1;
            use TouchPhase::*;
            let batches: Vec<Vec<(u64, TouchPhase, Vec2)>> = match gesture {
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
            };
            runner.touches.extend(batches);
        }
        ScriptStep::Button(label) => {
            let found = buttons.iter().find(|(_, children, visible)| {
                visible.get()
                    && children
                        .iter()
                        .any(|c| labels.get(c).is_ok_and(|t| t.0 == label))
            });
            let Some((at, _, _)) = found else {
                error!("button {label:?}: there is no such button on screen");
                exit.write(AppExit::error());
                return;
            };
            // The node's centre, from physical to logical pixels.
            let at = at.translation / window_info.scale_factor();
            click_at = Some(at);
        }
        ScriptStep::Clipboard(text) => {
            if let Err(e) = super::replay::set_clipboard(&text) {
                error!("clipboard: {e}");
                exit.write(AppExit::error());
                return;
            }
        }
        ScriptStep::Screenshot(path) => {
            // Taken after this frame's view is updated (`take_screenshot`), so that the layout
            // files describe the frame in the picture.
            runner.pending_shot = Some(path);
        }
    }
    if let Some(at) = click_at {
        runner
            .mouse
            .push_back((PointerAction::Move { delta: Vec2::ZERO }, at, None));
        runner.mouse.push_back((
            PointerAction::Press(PointerButton::Primary),
            at,
            Some(ButtonState::Pressed),
        ));
        runner.mouse.push_back((
            PointerAction::Release(PointerButton::Primary),
            at,
            Some(ButtonState::Released),
        ));
    }
    runner.at += 1;
}

/// Where the script's cells are on screen: the board's (or, in the designer, the designed
/// level's) cells through the board camera, columns as written in the file.
#[derive(bevy::ecs::system::SystemParam)]
struct CellsOnScreen<'w, 's> {
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<BoardCamera>>,
    session: Option<Res<'w, Session>>,
    current: Option<Res<'w, CurrentLevel>>,
    design: Option<Res<'w, super::designer::Design>>,
    play: Option<Res<'w, State<super::Play>>>,
}

impl CellsOnScreen<'_, '_> {
    fn designing(&self) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| *p.get() == super::Play::Design)
    }

    /// Columns are counted as written in the level file (its rows may be indented).
    fn indent(&self) -> u32 {
        if self.designing() {
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

    /// The screen point of a cell (in the level's own columns).
    fn screen_of(&self, p: Pos) -> Option<Vec2> {
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
    problem: Res<super::hud::LevelProblem>,
    buttons: Query<
        (
            &UiGlobalTransform,
            &Children,
            &ComputedNode,
            &InheritedVisibility,
            Option<&bevy::ui::CalculatedClip>,
        ),
        With<Button>,
    >,
    labels: Query<&Text>,
    texts: Query<(&Text, &InheritedVisibility)>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let Some(path) = runner.pending_shot.take() else {
        return;
    };
    // Every text on screen, one per line (new lines shown as ` / `).
    let shown: String = texts
        .iter()
        .filter(|(t, v)| v.get() && !t.0.is_empty())
        .map(|(t, _)| t.0.replace('\n', " / ") + "\n")
        .collect();
    let layout = layout_text(&cells, &movers, &problem);
    let scale = window.scale_factor();
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
    let mut rects = format!(
        "window {} {} cell {cell_px:.1} screen {screen}\n",
        window.width(),
        window.height()
    );
    // Every button the player can see: the part of its rectangle inside the panel that clips it
    // (a button cut by a panel's edge is listed cut), in logical pixels, and its label.
    for (t, children, node, visible, clip) in &buttons {
        let size = node.size();
        let mut rect = Rect::from_center_size(t.translation, size);
        if let Some(c) = clip {
            rect = rect.intersect(c.clip);
        }
        if !visible.get() || rect.is_empty() || size.x <= 0.0 {
            continue;
        }
        let label: String = children
            .iter()
            .filter_map(|c| labels.get(c).ok())
            .map(|t| t.0.clone())
            .collect();
        let (min, size) = (rect.min / scale, rect.size() / scale);
        rects += &format!(
            "{:.1} {:.1} {:.1} {:.1} {label}\n",
            min.x, min.y, size.x, size.y
        );
    }
    let _ = std::fs::remove_file(&path);
    let written = std::fs::write(path.with_extension("png.layout"), layout)
        .and_then(|()| std::fs::write(path.with_extension("png.buttons"), rects))
        .and_then(|()| std::fs::write(path.with_extension("png.texts"), shown));
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
    problem: &super::hud::LevelProblem,
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
