//! The tile sheets drawn by `assets/art/make_art.py`: sizes and layout as the game's atlas layouts
//! say, the key colours where screenshot tests look for them, joined walls, framed tiles.

use std::path::Path;

use pushbox::game::mechanics::art::{self, PROBE, SHEET_SIZES, tile};
use pushbox::game::vocab::palette;

struct Sheet {
    size: usize,
    width: usize,
    rgba: Vec<u8>,
}

impl Sheet {
    fn load(size: u32) -> Sheet {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/art/tiles-{size}.png"));
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
        let cell = size as usize + 2;
        let (columns, rows) = (art::COLUMNS as usize, art::ROWS as usize);
        assert_eq!(
            (info.width as usize, info.height as usize),
            (columns * cell, rows * cell),
            "{}: {columns} x {rows} tiles of {size} px with a 1-pixel frame",
            path.display()
        );
        Sheet {
            size: size as usize,
            width: info.width as usize,
            rgba: buf[..info.buffer_size()].to_vec(),
        }
    }

    /// Pixel (x, y) of tile `index`, in the tile's own pixels (-1 and `size` are its frame).
    fn at(&self, index: usize, x: i64, y: i64) -> [u8; 4] {
        let cell = self.size as i64 + 2;
        let columns = art::COLUMNS as usize;
        let (col, row) = ((index % columns) as i64, (index / columns) as i64);
        let (px, py) = (col * cell + 1 + x, row * cell + 1 + y);
        let i = (py as usize * self.width + px as usize) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    fn probe(&self, index: usize) -> [u8; 4] {
        let s = self.size as f32;
        self.at(index, (PROBE.0 * s) as i64, (PROBE.1 * s) as i64)
    }
}

fn rgb(c: bevy::color::Color) -> [u8; 3] {
    let s = c.to_srgba();
    [s.red, s.green, s.blue].map(|v| (v * 255.0).round() as u8)
}

fn near(p: [u8; 4], c: bevy::color::Color) -> bool {
    let want = rgb(c);
    p[3] == 255 && (0..3).all(|i| (p[i] as i32 - want[i] as i32).abs() <= 3)
}

#[test]
fn every_sheet_shows_the_key_colours_at_the_probe() {
    use pushbox::core::Direction::*;
    for size in SHEET_SIZES {
        let sheet = Sheet::load(size);
        assert!(
            near(sheet.probe(tile::BOX), palette::BOX),
            "{size}: box {:?}",
            sheet.probe(tile::BOX)
        );
        assert!(
            near(sheet.probe(tile::BOX_ON_GOAL), palette::BOX_ON_GOAL),
            "{size}: box on goal {:?}",
            sheet.probe(tile::BOX_ON_GOAL)
        );
        for facing in [Down, Right, Up, Left] {
            for frame in 0..4 {
                let i = art::worker_tile(facing, frame);
                assert!(
                    near(sheet.probe(i), palette::WORKER),
                    "{size}: worker {facing:?} frame {frame}: {:?}",
                    sheet.probe(i)
                );
            }
        }
    }
}

#[test]
fn floors_and_joined_walls_cover_their_cells_and_frames_continue_them() {
    for size in SHEET_SIZES {
        let sheet = Sheet::load(size);
        let s = size as i64;
        let opaque =
            |index: usize| (-1..=s).all(|y| (-1..=s).all(|x| sheet.at(index, x, y)[3] == 255));
        // Floor, goal and a wall joined on all four sides fill their cell and its frame.
        assert!(opaque(tile::FLOOR), "{size}: floor");
        assert!(opaque(tile::GOAL), "{size}: goal");
        assert!(
            opaque(art::wall_tile(true, true, true, true)),
            "{size}: inner wall"
        );
        // A lone wall is rounded: its corners are clear; a wall joined east and west reaches
        // both side edges but not the top corners.
        let lone = art::wall_tile(false, false, false, false);
        assert_eq!(sheet.at(lone, 0, 0)[3], 0, "{size}: lone wall corner");
        assert_eq!(
            sheet.at(lone, s / 2, s / 2)[3],
            255,
            "{size}: lone wall middle"
        );
        let row = art::wall_tile(false, true, false, true);
        assert_eq!(sheet.at(row, 0, s / 2)[3], 255, "{size}: wall joined west");
        assert_eq!(
            sheet.at(row, s - 1, s / 2)[3],
            255,
            "{size}: wall joined east"
        );
        // The joined sides continue into the frame with the same colour (no seams when filtered).
        assert_eq!(
            sheet.at(row, -1, s / 2),
            sheet.at(row, 0, s / 2),
            "{size}: frame"
        );
        // Icons are white on clear.
        for icon in [
            tile::UNDO,
            tile::REDO,
            tile::RESTART,
            tile::LEVELS,
            tile::SETTINGS,
            tile::NEXT,
            tile::STEP_BACK,
            tile::STEP,
            tile::PAUSE,
        ] {
            let solid: Vec<[u8; 4]> = (0..s)
                .flat_map(|y| (0..s).map(move |x| (x, y)))
                .map(|(x, y)| sheet.at(icon, x, y))
                .filter(|p| p[3] == 255)
                .collect();
            assert!(
                solid.len() as i64 * 20 > s * s,
                "{size}: icon {icon} has {} solid pixels",
                solid.len()
            );
            assert!(
                solid.iter().all(|p| p[..3] == [255, 255, 255]),
                "{size}: icon {icon} is white"
            );
            assert_eq!(sheet.at(icon, 0, 0)[3], 0, "{size}: icon {icon} corner");
        }
    }
}
