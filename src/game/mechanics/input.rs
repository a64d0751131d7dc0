//! Input: keyboard and gamepad through leafwing-input-manager actions, mouse clicks and touch
//! taps through sprite picking. Every source writes the same messages: [`PlayerCommand`] for the
//! board, [`ScreenCommand`] for the screens.

use crate::game::vocab::*;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::core::Direction;

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
    Snapshots,
    /// The level menu ("More").
    LevelMenu,
    Reverse,
    Hint,
    HintAll,
    KeepComputerSolution,
    Improve,
}

impl Action {
    fn command(self) -> AnyCommand {
        match self {
            Action::Up => PlayerCommand::Step(Direction::Up).into(),
            Action::Down => PlayerCommand::Step(Direction::Down).into(),
            Action::Left => PlayerCommand::Step(Direction::Left).into(),
            Action::Right => PlayerCommand::Step(Direction::Right).into(),
            Action::Undo => PlayerCommand::Undo.into(),
            Action::Redo => PlayerCommand::Redo.into(),
            Action::Restart => PlayerCommand::Restart.into(),
            Action::NextLevel => PlayerCommand::NextLevel.into(),
            Action::PrevLevel => PlayerCommand::PrevLevel.into(),
            Action::Levels => ScreenCommand::Levels.into(),
            Action::Replay => ScreenCommand::Replay.into(),
            Action::Improve => ScreenCommand::Improve.into(),
            Action::Paste => ScreenCommand::Paste.into(),
            Action::Design => ScreenCommand::Design.into(),
            Action::CopyXsb => ScreenCommand::Copy { rle: false }.into(),
            Action::CopyRle => ScreenCommand::Copy { rle: true }.into(),
            Action::Mute => ScreenCommand::Mute.into(),
            Action::VolumeDown => ScreenCommand::Volume(false).into(),
            Action::VolumeUp => ScreenCommand::Volume(true).into(),
            Action::Settings => ScreenCommand::Settings.into(),
            Action::Menu => ScreenCommand::Menu.into(),
            Action::Back => ScreenCommand::Back.into(),
            Action::Snapshots => ScreenCommand::Snapshots.into(),
            Action::LevelMenu => ScreenCommand::LevelMenu.into(),
            Action::Reverse => PlayerCommand::Reverse.into(),
            Action::Hint => PlayerCommand::Hint.into(),
            Action::HintAll => PlayerCommand::HintAll.into(),
            Action::KeepComputerSolution => PlayerCommand::KeepComputerSolution.into(),
        }
    }

    const ALL: [Action; 28] = [
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
        Action::Snapshots,
        Action::LevelMenu,
        Action::Reverse,
        Action::Hint,
        Action::HintAll,
        Action::KeepComputerSolution,
        Action::Improve,
    ];
}

/// The default bindings: arrows / WASD, Z / Backspace / Ctrl+Z undo, Y / Ctrl+Y /
/// Ctrl+Shift+Z redo, R restart, N / PageDown next, P / PageUp previous, Tab the level browser,
/// Escape back one screen, V replay, Ctrl+V paste (levels or a solution), E designer, Ctrl+C / Ctrl+Shift+C copy
/// the level as XSB / RLE, M mute, - / = volume, O settings, Home the title screen, F5 snapshots,
/// B reverse play on and off, H the solver's hint (again: play its push), Shift+H play the hint's
/// whole solution, K keep that solution as the computer's once it solved the level, I improve the
/// solution on the board (solved or replayed: `improve.rs`); and the
/// gamepad's d-pad, South (A) undo, East (B) redo, Select restart, triggers for levels, Start for
/// the picker, North (Y) settings, Mode the title screen. (On screens with buttons, the arrows, the
/// d-pad, Enter, Space and South move between and press the buttons: `focus.rs`.)
pub fn default_input_map() -> InputMap<Action> {
    use KeyCode::*;
    let mut map = InputMap::default();
    for (action, keys) in [
        (Action::Up, [ArrowUp, KeyW]),
        (Action::Down, [ArrowDown, KeyS]),
        (Action::Left, [ArrowLeft, KeyA]),
        (Action::Right, [ArrowRight, KeyD]),
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
        .insert(Action::Snapshots, F5)
        .insert(Action::LevelMenu, KeyL)
        .insert(Action::LevelMenu, ContextMenu)
        .insert(Action::Reverse, KeyB)
        .insert(Action::Hint, KeyH)
        .insert(Action::KeepComputerSolution, KeyK)
        .insert(Action::Improve, KeyI)
        .insert(
            Action::HintAll,
            ButtonlikeChord::modified(ModifierKey::Shift, KeyH),
        )
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

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PlayerCommand>()
        .add_message::<ScreenCommand>()
        .add_message::<Link3dCommand>()
        .add_plugins(InputManagerPlugin::<Action>::default())
        .add_systems(Startup, spawn_input)
        .add_systems(
            Update,
            actions_to_commands
                .in_set(ReadActions)
                .run_if(in_state(Screen::Playing)),
        );
}

fn spawn_input(mut commands: Commands) {
    commands.spawn((PlayerInput, Name::new("Player input"), default_input_map()));
}

fn actions_to_commands(
    actions: Single<&ActionState<Action>, With<PlayerInput>>,
    mut out: CommandWriter,
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
