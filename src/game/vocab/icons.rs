//! The toolbar's icons: Material Icons glyphs by codepoint, drawn with `assets/fonts/PushBoxIcons.ttf`
//! (a subset made by `assets/fonts/make_ui_fonts.py`, which lists the same codepoints).

use bevy::asset::uuid_handle;
use bevy::prelude::*;

/// The icon font, put at this handle by `mechanics/fonts.rs` (a fixed handle, so that every
/// widget can draw an icon without a resource).
pub const ICON_FONT: Handle<Font> = uuid_handle!("6f1c5a36-2f7e-4d8b-9a55-2b8f0e7c4d11");

/// An icon: a codepoint of the icon font.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Icon(pub char);

pub const UNDO: Icon = Icon('\u{e166}');
pub const REDO: Icon = Icon('\u{e15a}');
pub const RESTART: Icon = Icon('\u{f053}');
pub const HINT: Icon = Icon('\u{e0f0}');
pub const LEVELS: Icon = Icon('\u{e9b0}');
pub const MORE: Icon = Icon('\u{e5d3}');
pub const HOME: Icon = Icon('\u{e88a}');
pub const SETTINGS: Icon = Icon('\u{e8b8}');
pub const PREVIOUS: Icon = Icon('\u{e045}');
pub const NEXT: Icon = Icon('\u{e044}');
pub const DESIGN: Icon = Icon('\u{e3c9}');
pub const CLOSE: Icon = Icon('\u{e5cd}');
pub const COPY: Icon = Icon('\u{e14d}');
pub const SNAPSHOT: Icon = Icon('\u{e412}');
pub const REVERSE: Icon = Icon('\u{e8d4}');
pub const EXPORT: Icon = Icon('\u{e2c4}');
pub const PLAY: Icon = Icon('\u{e037}');
pub const PAUSE: Icon = Icon('\u{e034}');
pub const FIRST: Icon = Icon('\u{e5dc}');
pub const LAST: Icon = Icon('\u{e5dd}');
pub const BACK: Icon = Icon('\u{e5cb}');
pub const FORWARD: Icon = Icon('\u{e5cc}');
pub const FASTER: Icon = Icon('\u{e01f}');
pub const SLOWER: Icon = Icon('\u{e020}');
pub const SHUFFLE: Icon = Icon('\u{e043}');
pub const LINK: Icon = Icon('\u{e157}');
pub const PLUS: Icon = Icon('\u{e145}');
pub const MINUS: Icon = Icon('\u{e15b}');
pub const CHECK: Icon = Icon('\u{e5ca}');
pub const STAR: Icon = Icon('\u{e838}');
pub const TROPHY: Icon = Icon('\u{ea23}');
pub const REPLAY: Icon = Icon('\u{e042}');
pub const SAVE: Icon = Icon('\u{e161}');
pub const OPEN: Icon = Icon('\u{e2c8}');
pub const PLAY_ALL: Icon = Icon('\u{e877}');
pub const AREA: Icon = Icon('\u{e3c2}');
pub const TUNE: Icon = Icon('\u{e429}');
pub const DELETE: Icon = Icon('\u{e872}');
pub const INFO: Icon = Icon('\u{e88e}');
pub const MENU: Icon = Icon('\u{e5d2}');
pub const ZOOM_IN: Icon = Icon('\u{e8ff}');
pub const ZOOM_OUT: Icon = Icon('\u{e900}');
pub const PLAY_CIRCLE: Icon = Icon('\u{e1c4}');
pub const SIZE: Icon = Icon('\u{e85b}');
pub const GRAVITY: Icon = Icon('\u{e5db}');
pub const SHARE: Icon = Icon('\u{e80d}');
