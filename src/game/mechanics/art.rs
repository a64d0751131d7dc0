//! The project's tile set and icons: `assets/art/tiles-N.png`, drawn with code by
//! `assets/art/make_art.py` at four cell sizes and loaded as texture atlases through
//! `bevy_asset_loader`. The board shows the sheet closest above the cell size on screen (sharp from
//! a 16-pixel cell on a phone to a 128-pixel one on a desktop); walls pick the tile that joins them
//! to their wall neighbours; the worker faces its way and shows walk and push frames.
//!
//! Only the windowed game loads the art; headless apps keep the plain-colour sprites.

use crate::game::vocab::*;
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use Screen;

/// Tile indices in the sheets, in `make_art.py`'s order.
pub mod tile {
    pub const FLOOR: usize = 0;
    pub const GOAL: usize = 1;
    pub const BRICK: usize = 2;
    pub const BOX: usize = 3;
    pub const BOX_ON_GOAL: usize = 4;
    /// First of 16 walls; add the mask of wall neighbours (N 1, E 2, S 4, W 8).
    pub const WALL: usize = 5;
    /// First of 16 worker tiles: 4 per facing (down, right, up, left) — stand, walk, walk, push.
    pub const WORKER: usize = 21;
    pub const UNDO: usize = 37;
    pub const REDO: usize = 38;
    pub const RESTART: usize = 39;
    pub const LEVELS: usize = 40;
    pub const SETTINGS: usize = 41;
    pub const NEXT: usize = 42;
    pub const PREVIOUS: usize = 43;
    pub const PLAY: usize = 44;
    /// One step back / on (the replay's step buttons), and pause.
    pub const STEP_BACK: usize = 45;
    pub const STEP: usize = 46;
    pub const PAUSE: usize = 47;
    /// The Link mode, its hint and its shuffle.
    pub const LINK: usize = 48;
    pub const HINT: usize = 49;
    pub const SHUFFLE: usize = 50;
}

/// A point of the box and worker tiles (x, y in the cell, 0..1, y down) that shows their key
/// colour, [`palette::BOX`], [`palette::BOX_ON_GOAL`] or [`palette::WORKER`], in
/// every frame: the middle of the box's panel, the worker's shirt. Screenshot tests look there.
pub const PROBE: (f32, f32) = (0.5, 0.66);

/// Cell sizes of the four sheets, in pixels.
pub const SHEET_SIZES: [u32; 4] = [16, 32, 64, 128];

/// Tiles per row and rows in every sheet.
pub const COLUMNS: u32 = 8;
pub const ROWS: u32 = 7;

/// The four sheets, smallest first (in [`SHEET_SIZES`] order), and their atlas layouts.
#[derive(AssetCollection, Resource)]
pub struct ArtAssets {
    #[asset(
        paths(
            "art/tiles-16.png",
            "art/tiles-32.png",
            "art/tiles-64.png",
            "art/tiles-128.png"
        ),
        collection(typed)
    )]
    pub sheets: Vec<Handle<Image>>,
    pub layouts: SheetLayouts,
    /// The Link mode's tiles (`make_link_tiles.py`): 62 faces and a blank tile, 8 x 8, at 64
    /// and 128 pixels.
    #[asset(paths("art/link-64.png", "art/link-128.png"), collection(typed))]
    pub link_sheets: Vec<Handle<Image>>,
    pub link_layouts: LinkLayouts,
}

/// Cell sizes of the two Link sheets, in pixels.
pub const LINK_SHEET_SIZES: [u32; 2] = [64, 128];

/// The blank Link tile (after the 62 faces).
pub const LINK_BLANK: usize = 62;

/// One atlas layout per Link sheet: 8 x 8 tiles framed as the tile set's are.
pub struct LinkLayouts(pub Vec<Handle<TextureAtlasLayout>>);

impl FromWorld for LinkLayouts {
    fn from_world(world: &mut World) -> Self {
        LinkLayouts(framed_layouts(world, &LINK_SHEET_SIZES, 8, 8))
    }
}

/// One atlas layout per sheet: [`COLUMNS`] × [`ROWS`] tiles of the sheet's size, each in a
/// 1-pixel frame (so 2 pixels between tiles and 1 around the edge).
pub struct SheetLayouts(pub Vec<Handle<TextureAtlasLayout>>);

impl FromWorld for SheetLayouts {
    fn from_world(world: &mut World) -> Self {
        SheetLayouts(framed_layouts(world, &SHEET_SIZES, COLUMNS, ROWS))
    }
}

/// An atlas layout for each tile size: `columns` × `rows` tiles, each in a 1-pixel frame.
fn framed_layouts(
    world: &mut World,
    sizes: &[u32],
    columns: u32,
    rows: u32,
) -> Vec<Handle<TextureAtlasLayout>> {
    let mut layouts = world.resource_mut::<Assets<TextureAtlasLayout>>();
    sizes
        .iter()
        .map(|&size| {
            layouts.add(TextureAtlasLayout::from_grid(
                UVec2::splat(size),
                columns,
                rows,
                Some(UVec2::splat(2)),
                Some(UVec2::ONE),
            ))
        })
        .collect()
}

impl ArtAssets {
    /// Sheet `n` (0: 16 px … 3: 128 px) and its layout.
    pub fn sheet(&self, n: usize) -> (&Handle<Image>, &Handle<TextureAtlasLayout>) {
        let n = n.min(SHEET_SIZES.len() - 1);
        (&self.sheets[n], &self.layouts.0[n])
    }

    /// A board sprite showing `index` from sheet `n`, one cell in size.
    pub fn sprite(&self, n: usize, index: usize) -> Sprite {
        let (image, layout) = self.sheet(n);
        let mut s = Sprite::from_atlas_image(
            image.clone(),
            TextureAtlas {
                layout: layout.clone(),
                index,
            },
        );
        s.custom_size = Some(Vec2::splat(CELL));
        s
    }

    /// A Link tile for the UI: face 1 to 62, or 0 for the blank tile; the 128-pixel sheet for
    /// tiles over 64 pixels on screen.
    pub fn link_tile(&self, face: u8, px: f32) -> ImageNode {
        let n = usize::from(px > 64.0);
        let index = if face == 0 {
            LINK_BLANK
        } else {
            face as usize - 1
        };
        ImageNode::from_atlas_image(
            self.link_sheets[n].clone(),
            TextureAtlas {
                layout: self.link_layouts.0[n].clone(),
                index,
            },
        )
    }

    /// An icon for the UI (white, tinted by the node's colour), from the 64-pixel sheet.
    pub fn icon(&self, index: usize) -> ImageNode {
        let (image, layout) = self.sheet(2);
        ImageNode::from_atlas_image(
            image.clone(),
            TextureAtlas {
                layout: layout.clone(),
                index,
            },
        )
    }
}

/// Which tile a board entity shows (kept in step with the sheet in use).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Art(pub usize);

/// The sheet the board uses now (index into [`SHEET_SIZES`]).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sheet(pub usize);

impl Default for Sheet {
    fn default() -> Self {
        Sheet(2)
    }
}

/// The sheet for cells of `px` pixels on screen: the smallest at least that big (the largest
/// above 128).
pub fn sheet_for(px: f32) -> usize {
    SHEET_SIZES
        .iter()
        .position(|&s| s as f32 >= px - 0.5)
        .unwrap_or(SHEET_SIZES.len() - 1)
}

/// The wall tile for a wall whose neighbours are walls as given (north, east, south, west).
pub fn wall_tile(n: bool, e: bool, s: bool, w: bool) -> usize {
    tile::WALL + n as usize + 2 * e as usize + 4 * s as usize + 8 * w as usize
}

/// The worker's tile: its facing (in `Direction` order: down, right, up, left) and frame
/// (0 stand, 1 and 2 walk, 3 push).
pub fn worker_tile(facing: crate::core::Direction, frame: usize) -> usize {
    tile::WORKER + facing as usize * 4 + frame.min(3)
}

pub(crate) fn plugin(app: &mut App) {
    app.configure_loading_state(
        LoadingStateConfig::new(Screen::Loading).load_collection::<ArtAssets>(),
    )
    .init_resource::<Sheet>()
    .add_systems(
        Update,
        (choose_sheet, animate_worker, show_art)
            .chain()
            .after(AppSystems::SyncView)
            .run_if(resource_exists::<ArtAssets>),
    );
}

/// Picks the sheet for the cell size on screen.
fn choose_sheet(screen: Option<Res<BoardScreen>>, mut sheet: ResMut<Sheet>) {
    let Some(screen) = screen else { return };
    let want = Sheet(sheet_for(screen.scale * CELL));
    if *sheet != want {
        *sheet = want;
    }
}

/// The worker's frame: walk frames alternate each half cell while it glides, the push frame
/// while it pushes, standing otherwise.
fn animate_worker(
    session: Option<Res<Session>>,
    mut workers: Query<(&Worker, &GridPos, &Transform, &mut Art)>,
) {
    let Some(session) = session else { return };
    let b = session.game.board();
    for (w, g, t, mut art) in &mut workers {
        let target = world_of(g.0, b.width(), b.height());
        let gap = (target - t.translation.truncate()).length();
        let want = Art(worker_tile(w.facing, worker_frame(gap / CELL, w.pushing)));
        if *art != want {
            *art = want;
        }
    }
}

/// The worker's frame while `gap` cells from its cell: standing when there, the push frame while
/// pushing, else the two walk frames, one per half cell.
pub fn worker_frame(gap: f32, pushing: bool) -> usize {
    if gap < 0.01 {
        0
    } else if pushing {
        3
    } else if gap > 0.5 {
        1
    } else {
        2
    }
}

/// Puts each entity's tile from the current sheet on its sprite.
fn show_art(art: Res<ArtAssets>, sheet: Res<Sheet>, mut sprites: Query<(Ref<Art>, &mut Sprite)>) {
    let (image, layout) = art.sheet(sheet.0);
    for (a, mut s) in &mut sprites {
        if !a.is_changed() && !sheet.is_changed() {
            continue;
        }
        s.image = image.clone();
        s.texture_atlas = Some(TextureAtlas {
            layout: layout.clone(),
            index: a.0,
        });
        s.custom_size = Some(Vec2::splat(CELL));
        s.color = Color::WHITE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Direction;

    #[test]
    fn sheets_are_chosen_by_cell_size() {
        assert_eq!(sheet_for(10.0), 0);
        assert_eq!(sheet_for(16.0), 0);
        assert_eq!(sheet_for(17.0), 1);
        assert_eq!(sheet_for(48.0), 2);
        assert_eq!(sheet_for(64.0), 2);
        assert_eq!(sheet_for(100.0), 3);
        assert_eq!(sheet_for(400.0), 3);
    }

    #[test]
    fn the_worker_steps_then_stands() {
        assert_eq!(worker_frame(0.0, false), 0);
        assert_eq!(worker_frame(0.0, true), 0, "standing after a push");
        assert_eq!(worker_frame(0.9, false), 1);
        assert_eq!(worker_frame(0.3, false), 2);
        assert_eq!(worker_frame(0.6, true), 3);
    }

    #[test]
    fn tile_numbers_follow_the_script() {
        assert_eq!(wall_tile(false, false, false, false), 5);
        assert_eq!(wall_tile(true, true, true, true), 20);
        assert_eq!(worker_tile(Direction::Down, 0), 21);
        assert_eq!(worker_tile(Direction::Left, 3), 36);
        assert_eq!(tile::UNDO, 37);
        assert_eq!(tile::PLAY, 44);
        assert_eq!(tile::PAUSE, 47);
        assert_eq!(tile::SHUFFLE, 50);
    }
}
