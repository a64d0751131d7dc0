//! The game's shared vocabulary, the bottom layer of `src/game`: states and system sets, the
//! messages, the resources and components many plugins read, the palette and the UI widgets.
//! Nothing here imports a file above it (only `crate::core` and Bevy).

pub mod board;
pub mod i18n;
pub mod icons;
pub mod level;
pub mod link;
pub mod link3d;
pub mod messages;
pub mod palette;
pub mod player;
pub mod states;
pub mod ui;

pub use crate::t;
pub use board::*;
pub use level::*;
pub use link::*;
pub use link3d::*;
pub use messages::*;
pub use player::*;
pub use states::*;
