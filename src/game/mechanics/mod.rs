//! The middle layer: how the game plays. Each file imports the vocabulary and, where its
//! opening comment names one, a sibling.

pub mod art;
pub mod board;
#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod clipboard;
pub mod collections;
pub mod deadlock;
pub mod focus;
pub mod fonts;
pub mod hint;
pub mod improve;
pub mod input;
pub mod language;
pub mod levels;
pub mod link;
#[cfg(feature = "link3d")]
pub mod link3d;
pub mod made;
pub mod plan;
pub mod reverse;
pub mod save;
pub mod share;
pub mod sound;
pub mod touch;
pub mod view;
pub mod widgets;
