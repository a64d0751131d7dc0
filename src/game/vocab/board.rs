//! The board on screen: the components of its entities, the camera, and where the board is on
//! screen (for taps, gestures and the scripted mode).

use bevy::prelude::*;

use crate::core::cell::Cell;
use crate::core::{Direction, Pos};

/// A cell position on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridPos(pub Pos);

/// The worker, and the direction it faces.
#[derive(Component, Debug)]
pub struct Worker {
    pub facing: Direction,
    /// The last step pushed a box (the view shows the push frame).
    pub pushing: bool,
}

/// A box.
#[derive(Component, Debug)]
pub struct Crate;

/// A fixed cell: floor, goal, wall or brick.
#[derive(Component, Debug)]
pub struct Tile(pub Cell);

/// A floor cell outside the worker's area (beyond the outer walls): not drawn.
#[derive(Component, Debug)]
pub struct Outside;

/// The parent of every board entity of the level on screen.
#[derive(Component, Debug)]
pub struct BoardRoot;

/// World units per cell.
pub const CELL: f32 = 64.0;

/// The camera that shows the board.
#[derive(Component)]
pub struct BoardCamera;

/// True while any sprite is still gliding to its cell (the scripted mode waits for it).
#[derive(Resource, Default, Debug)]
pub struct Animating(pub bool);

/// World position of a cell's centre, the board centred on the origin.
pub fn world_of(p: Pos, width: u32, height: u32) -> Vec2 {
    Vec2::new(
        (p.x as f32 - (width as f32 - 1.0) / 2.0) * CELL,
        -(p.y as f32 - (height as f32 - 1.0) / 2.0) * CELL,
    )
}

/// Where the board is on screen, kept by the view each frame (tests set it): the screen point of
/// the world origin (the board's centre) and logical pixels per world unit.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardScreen {
    pub origin: Vec2,
    pub scale: f32,
    pub size: (u32, u32),
}

impl BoardScreen {
    /// The cell under a screen point, if it is on the board.
    pub fn cell_at(&self, p: Vec2) -> Option<Pos> {
        let world = Vec2::new(p.x - self.origin.x, self.origin.y - p.y) / self.scale;
        let (w, h) = self.size;
        let x = (world.x / CELL + w as f32 / 2.0).floor();
        let y = (-world.y / CELL + h as f32 / 2.0).floor();
        (x >= 0.0 && y >= 0.0 && x < w as f32 && y < h as f32).then(|| Pos::new(x as u32, y as u32))
    }
}

/// The player's zoom and pan of the board view (1 = the whole board fits).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardZoom {
    pub zoom: f32,
    /// World units the camera is moved from the board's centre.
    pub pan: Vec2,
}

impl Default for BoardZoom {
    fn default() -> Self {
        BoardZoom {
            zoom: 1.0,
            pan: Vec2::ZERO,
        }
    }
}

/// The size of the level the designer shows, `None` outside the designer: the view frames that
/// instead of the board (the view is the camera's one owner).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DesignedSize(pub Option<(u32, u32)>);
