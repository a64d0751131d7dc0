//! Every colour of the game in one place: the board's plain colours (the tile set's key colours,
//! and the fallback when the art is not loaded) and the UI's.

use bevy::prelude::*;

pub const FLOOR: Color = Color::srgb(0.20, 0.22, 0.26);

pub const GOAL: Color = Color::srgb(0.96, 0.76, 0.20);

pub const WALL: Color = Color::srgb(0.47, 0.50, 0.56);

pub const BRICK: Color = Color::srgb(0.62, 0.32, 0.26);

pub const BOX: Color = Color::srgb(0.82, 0.53, 0.22);

pub const BOX_ON_GOAL: Color = Color::srgb(0.27, 0.74, 0.40);

pub const WORKER: Color = Color::srgb(0.27, 0.52, 0.95);

pub const UNREACHABLE: Color = Color::srgba(0.95, 0.2, 0.2, 0.55);

pub const REACH: Color = Color::srgba(1.0, 1.0, 1.0, 0.025);

/// Over the box a tap selected.
pub const SELECTED_BOX: Color = Color::srgba(0.27, 0.52, 0.95, 0.45);

/// Over a dead square (a box there can never reach a goal).
pub const DEAD_SQUARE: Color = Color::srgba(0.0, 0.0, 0.0, 0.35);

/// Over a box a deadlock warning names.
pub const DEADLOCKED: Color = Color::srgba(0.95, 0.2, 0.2, 0.45);

/// Behind the HUD's line when it warns of a deadlock.
pub const WARNING: Color = Color::srgba(0.55, 0.12, 0.10, 0.95);

/// A cell the selected box can be pushed to.
pub const BOX_TARGET: Color = Color::srgba(0.27, 0.74, 0.40, 0.55);

pub const TEXT: Color = Color::srgb(0.92, 0.93, 0.95);

pub const BUTTON: Color = Color::srgb(0.25, 0.28, 0.34);

pub const BUTTON_HOVER: Color = Color::srgb(0.33, 0.37, 0.45);

/// A screen's panel over the board: opaque, so nothing of the board shows through its text.
pub const PANEL: Color = Color::srgb(0.12, 0.13, 0.16);

/// Behind a screen's panel: the board dimmed, so the panel stands out and the level still shows.
pub const BACKDROP: Color = Color::srgba(0.0, 0.0, 0.0, 0.65);

pub const FOCUS_COLOR: Color = Color::srgb(0.96, 0.76, 0.20);

/// A button that is lit (the designer's chosen pen, the replay's progress).
pub const BUTTON_LIT: Color = Color::srgb(0.27, 0.52, 0.95);
/// The bars of the designer and replay screens.
pub const BAR: Color = Color::srgb(0.06, 0.07, 0.09);
/// The replay's timeline track.
pub const TRACK: Color = Color::srgb(0.16, 0.18, 0.22);
/// The window behind the board.
pub const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.14);
/// The title screen's (nearly opaque) background.
pub const TITLE_BACKGROUND: Color = Color::srgba(0.07, 0.08, 0.10, 0.97);
/// The notice line about the player's data.
pub const NOTICE: Color = Color::srgba(0.45, 0.18, 0.12, 0.92);
/// Over a designed cell where the worker could walk off the map.
pub const OPEN_CELL: Color = Color::srgba(0.9, 0.15, 0.15, 0.6);
/// The box the solver's hint would push, and the dot on the cell it goes to.
pub const HINT: Color = Color::srgba(0.62, 0.36, 0.95, 0.6);
/// A button pressed by a finger or the mouse (every role darkens, so a press shows).
pub const BUTTON_PRESSED: Color = Color::srgb(0.17, 0.19, 0.23);
/// The main action of a screen, and a switch that is on.
pub const PRIMARY: Color = Color::srgb(0.22, 0.45, 0.88);
pub const PRIMARY_HOVER: Color = Color::srgb(0.30, 0.54, 0.96);
pub const PRIMARY_PRESSED: Color = Color::srgb(0.15, 0.33, 0.68);
/// A button that throws something away.
pub const DANGER: Color = Color::srgb(0.62, 0.20, 0.18);
pub const DANGER_HOVER: Color = Color::srgb(0.72, 0.26, 0.23);
pub const DANGER_PRESSED: Color = Color::srgb(0.46, 0.14, 0.12);
/// A toolbar's background strip.
pub const TOOLBAR: Color = Color::srgba(0.08, 0.09, 0.11, 0.92);
/// Headings of a list's groups, quieter than the rows.
pub const MUTED_TEXT: Color = Color::srgb(0.60, 0.64, 0.70);
