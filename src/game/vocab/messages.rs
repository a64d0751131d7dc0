//! The messages (buffered streams) and events that several plugins write or read.

use bevy::prelude::*;

use super::link3d::Link3dCommand;
use crate::core::design::{Edit, Pen};
use crate::core::link::Cell;
use crate::core::{Direction, Moved, Pos};

/// What the player does on the board: steps, walks, taps, the history, and which level is played.
/// `mechanics/plan.rs` routes them (the level browser chooses with [`PlayerCommand::Choose`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    /// One step (pushing a box if one is in the way).
    Step(Direction),
    /// Walk to a cell by the shortest path.
    WalkTo(Pos),
    /// A click or tap on a cell: selects a box, moves the selected box to a lit cell, else walks
    /// there.
    Tap(Pos),
    Undo,
    Redo,
    Restart,
    NextLevel,
    PrevLevel,
    /// Play level N (0-based): of the collection the level browser shows while it is open, else
    /// of the collection being played.
    Choose(usize),
    /// Switch between forward and reverse play of the level (each keeps its own game).
    Reverse,
    /// The solver's hint: search from here; while it searches, stop; once found, play its push.
    Hint,
    /// Play the whole solution the hint found.
    HintAll,
    /// Keep the solution the hint played, once solved, as the level's computer's solution (a
    /// record with the computer's mark, never the player's).
    KeepComputerSolution,
}

/// What the player asks of the screens and the app: opening and closing screens, the browser's
/// paging, the clipboard, export, sound and settings. Each screen reads the ones that are its own.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenCommand {
    /// Open or close the level browser.
    Levels,
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
    Copy { rle: bool },
    /// Copy a link that opens the current level (`core::share`), with the player's best
    /// solution in it when `solution`.
    CopyLink { solution: bool },
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
    /// Open the Link mode (from the title screen).
    Link,
    /// Open Link 3D (from the Link screen; with the `link3d` feature).
    Link3d,
    /// Open or close the snapshots of the level.
    Snapshots,
    /// Keep the position on the board (with its moves) as a snapshot of the level.
    TakeSnapshot,
    /// Go back to snapshot N of the level.
    RestoreSnapshot(usize),
    /// A deadlock warning on or off: 0 dead squares, 1 freeze, 2 bipartite, 3 closed diagonal;
    /// 4: dead squares shaded always or only while a box is selected.
    ToggleWarning(u8),
    /// The screens' language: the system's, then each language in turn.
    CycleLanguage,
    /// Open or close the level menu ("More").
    LevelMenu,
    /// Open or close the daily puzzle and random levels screen.
    Daily,
    /// Improve the solution on the board (solved, or being replayed) with the optimizer; while
    /// it runs, stop it; once it found a better one, replay that.
    Improve,
}

/// What the player does in the Link mode: `mechanics/link.rs` plays them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkCommand {
    /// A tap or click on a tile: selects it, or removes the pair when it matches the selected
    /// tile and a line joins them (a wrong second tap selects the new tile instead).
    Pick(Cell),
    /// Move the keyboard's and gamepad's cursor one tile.
    Cursor(Direction),
    /// Pick the tile under the cursor.
    PickAtCursor,
    /// Show a playable pair and its line.
    Hint,
    /// Deal the tiles left again so that they can still be cleared.
    Shuffle,
    Undo,
    Redo,
    /// The same deal from its start.
    Restart,
    NewDeal,
    /// Stop the clock and hide the board, or go on.
    Pause,
    /// New deals get the next board size.
    NextSize,
    /// Gravity on or off for new deals (deals one now).
    Gravity,
}

/// Either kind of command, for a button or a key that may send one or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyCommand {
    Play(PlayerCommand),
    Screen(ScreenCommand),
    Link(LinkCommand),
    Link3d(Link3dCommand),
}

impl From<Link3dCommand> for AnyCommand {
    fn from(c: Link3dCommand) -> AnyCommand {
        AnyCommand::Link3d(c)
    }
}

impl From<LinkCommand> for AnyCommand {
    fn from(c: LinkCommand) -> AnyCommand {
        AnyCommand::Link(c)
    }
}

impl From<PlayerCommand> for AnyCommand {
    fn from(c: PlayerCommand) -> AnyCommand {
        AnyCommand::Play(c)
    }
}

impl From<ScreenCommand> for AnyCommand {
    fn from(c: ScreenCommand) -> AnyCommand {
        AnyCommand::Screen(c)
    }
}

/// Writes a [`Command`] into its stream.
#[derive(bevy::ecs::system::SystemParam)]
pub struct CommandWriter<'w> {
    play: MessageWriter<'w, PlayerCommand>,
    screen: MessageWriter<'w, ScreenCommand>,
    link: MessageWriter<'w, LinkCommand>,
    link3d: MessageWriter<'w, Link3dCommand>,
}

impl CommandWriter<'_> {
    pub fn write(&mut self, c: impl Into<AnyCommand>) {
        match c.into() {
            AnyCommand::Play(c) => {
                self.play.write(c);
            }
            AnyCommand::Screen(c) => {
                self.screen.write(c);
            }
            AnyCommand::Link(c) => {
                self.link.write(c);
            }
            AnyCommand::Link3d(c) => {
                self.link3d.write(c);
            }
        }
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
    /// Copy a link that opens the designed level.
    CopyLink,
}

/// What the replay controls ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum ReplayCmd {
    PlayPause,
    Forward,
    Back,
    ToStart,
    ToEnd,
    Faster,
    Slower,
    /// Jump to this fraction of the recording (0 to 1).
    Seek(f32),
    /// Keep an outside solution as a record.
    Keep,
    /// Improve the solution being replayed (`mechanics/improve.rs`).
    Improve,
    Close,
}

/// Something moved: written once per applied step (undo and redo included).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct StepApplied {
    pub moved: Moved,
    pub undo: bool,
}

/// Loads level `index` of the current collection (next/previous level, restart from a menu).
#[derive(Message, Clone, Copy, Debug)]
pub struct LoadLevel(pub usize);

/// The level was solved.
#[derive(Event, Clone, Copy, Debug)]
pub struct LevelSolved {
    pub moves: u32,
    pub pushes: u32,
}

/// A tap on a cell the worker cannot reach.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Unreachable(pub Pos);

/// Text the player pasted (Ctrl+V), from the system clipboard or, in tests, written directly.
#[derive(Message, Clone, Debug)]
pub struct PastedText(pub String);

/// A file the player brought into the game: dropped on the window, or (in a browser) chosen in
/// the page's file picker or dropped on the page. `name` ends with the file's extension.
#[derive(Message, Clone, Debug)]
pub struct OpenedFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Asks for a level to be made (`mechanics/made.rs`): of `tier` (the level on the board's
/// tier when `None`: "Another like this"), today's daily puzzle when `daily`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MakeLevel {
    pub tier: Option<crate::core::tiers::Tier>,
    pub daily: bool,
}

/// A share link to open (`#level=…`): from the page's address or the command line.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SharedLink(pub String);

/// Asks for a replay of a LURD solution of the current level (the replay screen verifies it).
#[derive(Message, Clone, Debug)]
pub struct StartReplay {
    pub lurd: String,
    /// Shown on screen and in messages: "best by moves", "clipboard", a file's path.
    pub source: String,
    /// The solution comes from outside the game: offer to keep it.
    pub external: bool,
}
