//! `pushbox rate`: each level's difficulty as the core rates it, one tab-separated line per
//! level and a closing line with the rank correlation between the ratings and the file's order.
//! `pushbox daily`: the day's puzzle of a tier, as XSB.

use std::path::Path;
use std::process::ExitCode;

use super::*;
use crate::core::rating::{self, Features};
use crate::core::tiers::{self, Tier};

const HEADER: &str =
    "level\trating\tmarks\tpushes\tbox lines\tbox changes\ttraps\tpositions\tgap\tsolution";

pub(super) fn rate(levels_path: &Path, solutions: Option<&Path>) -> ExitCode {
    let (c, claims) = match solutions {
        Some(s) => match verify::levels_and_claims(levels_path, s) {
            Ok(x) => x,
            Err(code) => return code,
        },
        None => match load(levels_path) {
            Ok(c) => (c, Vec::new()),
            Err(code) => return code,
        },
    };
    let bar = progress_bar(c.levels.len());
    say!("{HEADER}");
    let mut rated: Vec<(usize, f64)> = Vec::new();
    for (i, l) in c.levels.iter().enumerate() {
        // The solutions file's first solution for the level, else the level's own.
        let given = claims
            .iter()
            .find(|cl| cl.level == i)
            .map(|cl| (cl.lurd.as_str(), "given"))
            .or_else(|| l.solutions.first().map(|s| (s.as_str(), "level's")))
            .or_else(|| {
                l.recording
                    .as_ref()
                    .and_then(|r| r.lurd.as_deref())
                    .map(|s| (s, "level's"))
            });
        let result = l
            .playable()
            .map_err(|e| format!("not playable: {e}"))
            .and_then(|b| {
                rating::measure(&b, given.map(|g| g.0)).map_err(|e| format!("not rated: {e}"))
            });
        bar.inc(1);
        match result {
            Ok(f) => {
                rated.push((i, f.score()));
                say!(
                    "{}\t{}\t{}",
                    i + 1,
                    columns(&f),
                    given.map_or("search", |g| g.1)
                );
            }
            Err(why) => {
                bar.suspend(|| eprintln!("{}: {}: {why}", levels_path.display(), l.label(i)));
                say!("{}\t-\t-\t-\t-\t-\t-\t-\t-\t-", i + 1);
            }
        }
    }
    bar.finish_and_clear();
    let order: Vec<f64> = rated.iter().map(|r| r.0 as f64).collect();
    let scores: Vec<f64> = rated.iter().map(|r| r.1).collect();
    let rho = rating::rank_correlation(&order, &scores);
    say!(
        "# {} rated of {}; rank correlation with the file's order {}",
        rated.len(),
        c.levels.len(),
        rho.map_or("-".to_string(), |r| format!("{r:.3}"))
    );
    if rated.len() == c.levels.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A rating's columns after the level number (the solution's origin aside).
fn columns(f: &Features) -> String {
    format!(
        "{:.2}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        f.score(),
        f.marks(),
        f.pushes,
        f.box_lines,
        f.box_changes,
        f.traps,
        f.positions,
        f.gap
    )
}

/// Parses a tier's name for `--tier`.
pub fn parse_tier(s: &str) -> Result<Tier, String> {
    Tier::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Tier::ALL.iter().map(|t| t.name()).collect();
        format!("{s:?} is not a tier: one of {}", names.join(", "))
    })
}

/// Parses a date `YYYY-MM-DD` for `--date`.
pub fn parse_date(s: &str) -> Result<(i32, u32, u32), String> {
    tiers::parse_date(s).ok_or_else(|| {
        format!("{s:?} is not a date as YYYY-MM-DD (a real day, for example 2026-12-02)")
    })
}

pub(super) fn daily(date: Option<(i32, u32, u32)>, tier: Tier) -> ExitCode {
    let (y, m, d) = date.unwrap_or_else(tiers::utc_today);
    let made = tiers::daily(y, m, d, tier);
    let mut level = made.level;
    level.title = tiers::daily_title(y, m, d, tier);
    level.notes = vec![rating::note(made.features.score())];
    let c = Collection {
        name: "Daily".into(),
        author: "pushbox daily".into(),
        levels: vec![level],
        ..Collection::default()
    };
    say!("{}", xsb::write(&c));
    ExitCode::SUCCESS
}
