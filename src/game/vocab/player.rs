//! What belongs to the player across screens: settings that change how the game plays, notices
//! about their data, and the first-play hint.

use bevy::prelude::*;

/// Messages for the player about their data (a save set aside, a recording that does not solve
/// its level, a solution pasted from the clipboard); the HUD shows them.
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

impl Notices {
    pub fn say(&mut self, s: impl Into<String>) {
        let s = s.into();
        warn!("{s}");
        self.0.push(s);
    }
}

/// The first-play hint is on screen until the player's first move (once per data folder).
#[derive(Resource, Default, Debug)]
pub struct FirstPlayHint(pub bool);
