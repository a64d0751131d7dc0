//! The top layer: the screens over the board, one file each, importing the layers below.

pub mod browser;
pub mod daily;
pub mod designer;
pub mod hud;
pub mod level_menu;
pub mod link;
#[cfg(feature = "link3d")]
pub mod link3d;
pub mod loading;
pub mod replay;
pub mod settings;
pub mod snapshots;
pub mod title;
