//! Input: keyboard and gamepad through leafwing-input-manager actions, mouse clicks and touch
//! taps through sprite picking. Every source writes the same [`PlayerCommand`] message.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::board::GridPos;
use super::{AppSystems, Screen};
use crate::core::{Direction, Pos};

/// What the player asked for, from any input source.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    /// One step (pushing a box if one is in the way).
    Step(Direction),
    /// Walk to a cell by the shortest path.
    WalkTo(Pos),
    /// A click or tap on a cell: pushes an adjacent box, else walks there.
    Tap(Pos),
    Undo,
    Redo,
    Restart,
    NextLevel,
    PrevLevel,
    /// Open or close the level picker.
    Levels,
    /// Play level N (0-based): of the collection the level browser shows while it is open, else
    /// of the collection being played.
    Choose(usize),
    /// Replay this level's solution: the one just made when solved, else the best recording.
    Replay,
    /// Paste from the clipboard: levels (a new collection) or a LURD solution (replayed).
    Paste,
    /// Open the level designer (on this level when it is the player's own).
    Design,
    /// Show collection N of the player's collections in the level browser.
    OpenCollection(usize),
    /// Export the player's collections in this format (`bxa`, `xsb` or `bxb`).
    Export(&'static str),
    /// Copy the current level to the clipboard as XSB, or as one RLE line.
    Copy {
        rle: bool,
    },
    /// Sound off / on.
    Mute,
    /// Volume up (`true`) or down by a tenth.
    Volume(bool),
    /// Open or close the settings screen.
    Settings,
    /// Walk faster (`true`) or slower.
    Speed(bool),
    /// Instant moves on / off.
    ToggleInstant,
    /// Show level-browser page N (0-based).
    Page(usize),
    /// Open the title screen, or leave it for the level.
    Menu,
    /// Back one screen (Escape, a phone's Back): a screen over the level closes to where it was
    /// opened from, the level opens the title screen, the title screen returns to the level.
    Back,
}

#[derive(Actionlike, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    Undo,
    Redo,
    Restart,
    NextLevel,
    PrevLevel,
    Levels,
    Replay,
    Paste,
    Design,
    CopyXsb,
    CopyRle,
    Mute,
    VolumeDown,
    VolumeUp,
    Settings,
    Menu,
    Back,
}

impl Action {
    fn command(self) -> PlayerCommand {
        match self {
            Action::Up => PlayerCommand::Step(Direction::Up),
            Action::Down => PlayerCommand::Step(Direction::Down),
            Action::Left => PlayerCommand::Step(Direction::Left),
            Action::Right => PlayerCommand::Step(Direction::Right),
            Action::Undo => PlayerCommand::Undo,
            Action::Redo => PlayerCommand::Redo,
            Action::Restart => PlayerCommand::Restart,
            Action::NextLevel => PlayerCommand::NextLevel,
            Action::PrevLevel => PlayerCommand::PrevLevel,
            Action::Levels => PlayerCommand::Levels,
            Action::Replay => PlayerCommand::Replay,
            Action::Paste => PlayerCommand::Paste,
            Action::Design => PlayerCommand::Design,
            Action::CopyXsb => PlayerCommand::Copy { rle: false },
            Action::CopyRle => PlayerCommand::Copy { rle: true },
            Action::Mute => PlayerCommand::Mute,
            Action::VolumeDown => PlayerCommand::Volume(false),
            Action::VolumeUp => PlayerCommand::Volume(true),
            Action::Settings => PlayerCommand::Settings,
            Action::Menu => PlayerCommand::Menu,
            Action::Back => PlayerCommand::Back,
        }
    }

    const ALL: [Action; 21] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Undo,
        Action::Redo,
        Action::Restart,
        Action::NextLevel,
        Action::PrevLevel,
        Action::Levels,
        Action::Replay,
        Action::Paste,
        Action::Design,
        Action::CopyXsb,
        Action::CopyRle,
        Action::Mute,
        Action::VolumeDown,
        Action::VolumeUp,
        Action::Settings,
        Action::Menu,
        Action::Back,
    ];
}

/// The default bindings: arrows / WASD / hjkl, Z / Backspace / Ctrl+Z undo, Y / Ctrl+Y /
/// Ctrl+Shift+Z redo, R restart, N / PageDown next, P / PageUp previous, Tab the level browser,
/// Escape back one screen, V replay, Ctrl+V paste (levels or a solution), E designer, Ctrl+C / Ctrl+Shift+C copy
/// the level as XSB / RLE, M mute, - / = volume, O settings, Home the title screen; and the
/// gamepad's d-pad, South (A) undo, East (B) redo, Select restart, triggers for levels, Start for
/// the picker, North (Y) settings, Mode the title screen. (On screens with buttons, the arrows, the
/// d-pad, Enter, Space and South move between and press the buttons: `focus.rs`.)
pub fn default_input_map() -> InputMap<Action> {
    use KeyCode::*;
    let mut map = InputMap::default();
    for (action, keys) in [
        (Action::Up, [ArrowUp, KeyW, KeyK]),
        (Action::Down, [ArrowDown, KeyS, KeyJ]),
        (Action::Left, [ArrowLeft, KeyA, KeyH]),
        (Action::Right, [ArrowRight, KeyD, KeyL]),
    ] {
        for k in keys {
            map.insert(action, k);
        }
    }
    map.insert(Action::Undo, KeyZ)
        .insert(Action::Undo, Backspace)
        .insert(
            Action::Undo,
            ButtonlikeChord::modified(ModifierKey::Control, KeyZ),
        )
        .insert(Action::Redo, KeyY)
        .insert(
            Action::Redo,
            ButtonlikeChord::modified(ModifierKey::Control, KeyY),
        )
        .insert(
            Action::Redo,
            ButtonlikeChord::new([ModifierKey::Control, ModifierKey::Shift]).with(KeyZ),
        )
        .insert(Action::Restart, KeyR)
        .insert(Action::NextLevel, KeyN)
        .insert(Action::NextLevel, PageDown)
        .insert(Action::PrevLevel, KeyP)
        .insert(Action::PrevLevel, PageUp)
        .insert(Action::Levels, Tab)
        .insert(Action::Back, Escape)
        .insert(Action::Replay, KeyV)
        .insert(Action::Design, KeyE)
        .insert(Action::Mute, KeyM)
        .insert(Action::Settings, KeyO)
        .insert(Action::Menu, Home)
        .insert(Action::VolumeDown, Minus)
        .insert(Action::VolumeUp, Equal)
        .insert(
            Action::CopyXsb,
            ButtonlikeChord::modified(ModifierKey::Control, KeyC),
        )
        .insert(
            Action::CopyRle,
            ButtonlikeChord::new([ModifierKey::Control, ModifierKey::Shift]).with(KeyC),
        )
        .insert(
            Action::Paste,
            ButtonlikeChord::modified(ModifierKey::Control, KeyV),
        );
    map.insert(Action::Up, GamepadButton::DPadUp)
        .insert(Action::Down, GamepadButton::DPadDown)
        .insert(Action::Left, GamepadButton::DPadLeft)
        .insert(Action::Right, GamepadButton::DPadRight)
        .insert(Action::Undo, GamepadButton::South)
        .insert(Action::Redo, GamepadButton::East)
        .insert(Action::Restart, GamepadButton::Select)
        .insert(Action::NextLevel, GamepadButton::RightTrigger)
        .insert(Action::PrevLevel, GamepadButton::LeftTrigger)
        .insert(Action::Levels, GamepadButton::Start)
        .insert(Action::Settings, GamepadButton::North)
        .insert(Action::Menu, GamepadButton::Mode);
    map
}

/// The entity that carries the player's input map and action state.
#[derive(Component)]
pub struct PlayerInput;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayerCommand>()
        .add_plugins(InputManagerPlugin::<Action>::default())
        .add_systems(Startup, spawn_input)
        .add_systems(
            Update,
            actions_to_commands
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        );
}

fn spawn_input(mut commands: Commands) {
    commands.spawn((PlayerInput, default_input_map()));
}

pub(super) fn actions_to_commands(
    actions: Single<&ActionState<Action>, With<PlayerInput>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    for a in Action::ALL {
        if actions.just_pressed(&a) {
            out.write(a.command());
        }
    }
}

/// Observer on every cell sprite: a primary click or tap becomes a [`PlayerCommand::Tap`].
pub fn on_cell_click(
    click: On<Pointer<Click>>,
    cells: Query<&GridPos>,
    mut out: MessageWriter<PlayerCommand>,
) {
    // Whether a tap counts now (not while solved or picking) is decided in `walk::plan`. Touches
    // are read as gestures (`touch`), so that a pinch or a swipe never taps.
    if click.button != PointerButton::Primary || click.pointer_id.is_touch() {
        return;
    }
    if let Ok(g) = cells.get(click.entity) {
        out.write(PlayerCommand::Tap(g.0));
    }
}
