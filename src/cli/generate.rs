//! `pushbox generate`: new levels pulled back from solved, each with its push-optimal solution, or
//! levels of a difficulty tier (`--tier`) with their best-known solutions and ratings.

use std::path::{Path, PathBuf};

use crate::core::rating;
use crate::core::tiers::{self, Rejections, Tier};
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
    write_out(&out, to, &made_of)
}

/// `generate --tier`: `wanted` levels of a tier from seeds `seed`, `seed + 1`, …, none equal (up
/// to rotation and mirroring) to another or to a level of the `avoid` files; each with its
/// best-known solution and its rating in its notes. Ends with the time each level took and the
/// share of rooms each rule turned away, on stderr.
pub(super) fn tiered(
    wanted: u32,
    tier: Tier,
    seed: u64,
    avoid: &[PathBuf],
    to: Option<&Path>,
) -> ExitCode {
    let mut seen = std::collections::HashSet::new();
    for path in avoid {
        let c = match load(path) {
            Ok(c) => c,
            Err(code) => return code,
        };
        seen.extend(
            c.levels
                .iter()
                .filter_map(|l| l.board().ok())
                .map(|b| tiers::canonical(&b)),
        );
    }
    let mut out = Collection {
        name: format!("{} levels", title_case(tier.name())),
        author: "PushBox project".into(),
        ..Collection::default()
    };
    let bar = progress_bar(wanted as usize);
    let (mut times, mut rejected, mut attempts, mut duplicates) =
        (Vec::new(), Rejections::default(), 0u32, 0u32);
    let mut next = seed;
    while out.levels.len() < wanted as usize {
        let started = std::time::Instant::now();
        let mut maker = tiers::Maker::new(tier, next);
        let made = loop {
            if let Some(m) = maker.step(None) {
                break m;
            }
        };
        times.push(started.elapsed().as_secs_f64());
        rejected.add(&maker.rejected);
        attempts += made.attempts;
        next += 1;
        let board = made.level.board().expect("a made level is a board");
        if !seen.insert(tiers::canonical(&board)) {
            duplicates += 1;
            continue;
        }
        let mut level = made.level;
        level.title = format!("{} {}", title_case(tier.name()), out.levels.len() + 1);
        level.author = "PushBox project".into();
        level.notes = vec![
            rating::note(made.features.score()),
            format!(
                "Made by `pushbox generate --tier {}` from seed {}",
                tier.name(),
                next - 1
            ),
        ];
        out.levels.push(level);
        bar.inc(1);
    }
    bar.finish_and_clear();
    times.sort_by(f64::total_cmp);
    let share = |n: u32| format!("{:.1}%", 100.0 * n as f64 / attempts.max(1) as f64);
    eprintln!(
        "{} {} levels in {:.1} s: median {:.3} s, longest {:.3} s a level; {attempts} rooms tried, \
         turned away: poor room {}, too few pushes {}, trivial box {}, dead floor {}, off tier {}; \
         duplicates {duplicates}",
        out.levels.len(),
        tier.name(),
        times.iter().sum::<f64>(),
        times[times.len() / 2],
        times.last().copied().unwrap_or(0.0),
        share(rejected.poor_room),
        share(rejected.too_few_pushes),
        share(rejected.trivial_box),
        share(rejected.dead_floor),
        share(rejected.off_tier),
    );
    write_out(&out, to, &count(out.levels.len(), "level", "levels"))
}

fn title_case(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// Writes the made levels to `to` (standard output without it) and says how many.
fn write_out(out: &Collection, to: Option<&Path>, made_of: &str) -> ExitCode {
    match to {
        None => {
            say!("{}", xsb::write(out));
            eprintln!("made {made_of}");
            ExitCode::SUCCESS
        }
        Some(path) => match files::save(path, out) {
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
