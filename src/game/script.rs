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
//! lists the window size, the cell size, the screen (`Play` state) and every button's rectangle
//! (logical pixels) and label.

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
        s if s.len() == 1 && s.as_bytes()[0].is_ascii_lowercase() => {
            const LETTERS: [KeyCode; 26] = [
                KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN,
                KeyO, KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
            ];
            LETTERS[(s.as_bytes()[0] - b'a') as usize]
        }
        _ => return None,
    })
}

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
                    let (x, y) = crate::cli::parse_cell(arg).map_err(|e| bad(&e))?;
                    steps.push(ScriptStep::Tap(x, y));
                    steps.push(ScriptStep::Frames(2));
                }
                "key" => {
                    let keys: Option<Vec<KeyCode>> =
                        arg.split('+').map(|k| key_code(k.trim())).collect();
                    steps.push(ScriptStep::Key(
                        keys.filter(|k| !k.is_empty())
                            .ok_or_else(|| bad("unknown key"))?,
                    ));
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
                    let (x, y) = crate::cli::parse_cell(cell).map_err(|e| bad(&e))?;
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
                    let a = crate::cli::parse_cell(a.trim()).map_err(|e| bad(&e))?;
                    let b = crate::cli::parse_cell(b.trim()).map_err(|e| bad(&e))?;
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
            run_script
                .before(AppSystems::RecordInput)
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
    mut commands: Commands,
    script: Res<Script>,
    mut runner: ResMut<Runner>,
    window: Single<Entity, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    session: Option<Res<Session>>,
    current: Option<Res<CurrentLevel>>,
    queue: Res<StepQueue>,
    animating: Res<Animating>,
    movers: Query<(&GridPos, Has<Worker>), Or<(With<Crate>, With<Worker>)>>,
    mut keys: MessageWriter<KeyboardInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut exit: MessageWriter<AppExit>,
    problem: Res<super::hud::LevelProblem>,
    (buttons, labels, window_info, mut touch_out, mut mouse_buttons, design, play): (
        Query<(&UiGlobalTransform, &Children, &ComputedNode), With<Button>>,
        Query<&Text>,
        Single<&Window, With<PrimaryWindow>>,
        MessageWriter<TouchInput>,
        MessageWriter<MouseButtonInput>,
        Option<Res<super::designer::Design>>,
        Option<Res<State<super::Play>>>,
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
    let (cam, cam_t) = *camera;
    let board = session.as_ref().map(|s| s.game.board());
    // In the designer, cells are the designed level's.
    let designing = play
        .as_ref()
        .is_some_and(|p| *p.get() == super::Play::Design);
    let design_size = design
        .as_ref()
        .filter(|_| designing)
        .map(|d| (d.editor.level.width, d.editor.level.height));
    let indent = if designing {
        0
    } else {
        current.as_ref().map_or(0, |c| c.level().source_indent)
    };
    let screen_of = |p: Pos| {
        let (w, h) = design_size.or(board.map(|b| (b.width(), b.height())))?;
        cam.world_to_viewport(cam_t, world_of(p, w, h).extend(0.0))
            .ok()
    };
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
            let found = buttons.iter().find(|(_, children, _)| {
                children
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
            let mut layout = String::new();
            let mut items: Vec<(bool, Pos)> =
                movers.iter().map(|(g, worker)| (worker, g.0)).collect();
            items.sort_by_key(|(worker, p)| (!worker, p.y, p.x));
            for (worker, p) in items {
                let s = screen_of(p).unwrap_or(Vec2::NAN);
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
            // Every button on screen: its rectangle in logical pixels and its label.
            let scale = window_info.scale_factor();
            let cell_px = match (screen_of(Pos::new(0, 0)), screen_of(Pos::new(1, 0))) {
                (Some(a), Some(b)) => a.distance(b),
                _ => 0.0,
            };
            let screen = play
                .as_ref()
                .map_or("none".to_string(), |p| format!("{:?}", p.get()));
            let mut rects = format!(
                "window {} {} cell {cell_px:.1} screen {screen}\n",
                window_info.width(),
                window_info.height()
            );
            for (t, children, node) in &buttons {
                let label: String = children
                    .iter()
                    .filter_map(|c| labels.get(c).ok())
                    .map(|t| t.0.clone())
                    .collect();
                let size = node.size() / scale;
                let top_left = t.translation / scale - size / 2.0;
                rects += &format!(
                    "{:.1} {:.1} {:.1} {:.1} {label}\n",
                    top_left.x, top_left.y, size.x, size.y
                );
            }
            let _ = std::fs::remove_file(&path);
            let written = std::fs::write(path.with_extension("png.layout"), layout)
                .and_then(|()| std::fs::write(path.with_extension("png.buttons"), rects));
            if let Err(e) = written {
                error!("{}: {e}", path.display());
            }
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()));
            runner.shot = Some(path);
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
