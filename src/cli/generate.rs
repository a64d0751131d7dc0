//! `pushbox generate`: new levels pulled back from solved, each with its push-optimal solution.

use std::path::Path;
use std::process::ExitCode;

use super::*;

/// The most boxes the generator can place in a room of `width`×`height` cells: one per six cells
/// (each box needs its goal, a cell to be pulled to and room to walk around it). Measured: with
/// one box more, 4 seeds of 50 rooms each made no level on every size from 3x3 to 6x6.
pub fn most_boxes(width: u32, height: u32) -> usize {
    ((width * height) / 6).clamp(1, 12) as usize
}

pub(super) fn generate(
    wanted: u32,
    (width, height): (u32, u32),
    boxes: usize,
    seed: u64,
    max_states: usize,
    to: Option<&Path>,
) -> ExitCode {
    let most = most_boxes(width, height);
    if boxes == 0 || boxes > most {
        return fail(format!(
            "--boxes {boxes}: a {width}x{height} room holds 1 to {most} boxes"
        ));
    }
    let mut out = Collection {
        name: "Generated".into(),
        author: "pushbox generate".into(),
        ..Collection::default()
    };
    for i in 0..wanted as u64 {
        let spec = crate::core::generate::Spec {
            width,
            height,
            boxes,
            seed: seed + i,
            max_states,
        };
        match crate::core::generate::generate(spec, 50) {
            Some(g) => {
                let mut level = g.level;
                let rec = level
                    .recording
                    .clone()
                    .expect("generated levels are solved");
                level.title = format!("Seed {}", seed + i);
                level.notes = vec![format!(
                    "{} pushes, {} moves, {} positions searched",
                    rec.pushes, rec.moves, g.states
                )];
                out.levels.push(level);
            }
            None => eprintln!("seed {}: no level in 50 rooms", seed + i),
        }
    }
    let made = out.levels.len();
    if made == 0 {
        return fail(format!(
            "no level made from {}: try a larger --size or fewer --boxes; nothing was written",
            count(wanted as usize, "seed", "seeds")
        ));
    }
    let made_of = if made < wanted as usize {
        format!("{made} of {wanted} levels")
    } else {
        count(made, "level", "levels")
    };
    match to {
        None => {
            say!("{}", xsb::write(&out));
            eprintln!("made {made_of}");
            ExitCode::SUCCESS
        }
        Some(path) => match files::save(path, &out) {
            Ok(warnings) => {
                for w in warnings {
                    eprintln!("warning: {w}");
                }
                eprintln!("wrote {made_of} to {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        },
    }
}
