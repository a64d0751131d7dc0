//! `pushbox info`: what level files hold (name, levels, sizes, boxes, solved flags, problems).

use std::path::PathBuf;
use std::process::ExitCode;

use super::*;

pub(super) fn info(paths: &[PathBuf]) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for p in paths {
        let Ok(c) = load(p) else {
            status = ExitCode::FAILURE;
            continue;
        };
        let solved = c.levels.iter().filter(|l| l.recording.is_some()).count();
        say!(
            "{}: \"{}\", {}, {} solved",
            p.display(),
            c.name,
            count(c.levels.len(), "level", "levels"),
            solved
        );
        if !c.author.is_empty() {
            say!("  author: {}", c.author);
        }
        for (i, l) in c.levels.iter().enumerate() {
            say!("  {}", level_line(i, l));
        }
    }
    status
}

fn level_line(i: usize, l: &Level) -> String {
    let boxes = l
        .cells
        .iter()
        .filter(|&&b| crate::core::cell::is_box(b))
        .count();
    let mut s = format!(
        "{:>4} {:<24} {}×{}, {}",
        i + 1,
        quoted(&l.title),
        l.width,
        l.height,
        count(boxes, "box", "boxes")
    );
    match &l.recording {
        Some(r) => s += &format!(", solved ({} moves, {} pushes)", r.moves, r.pushes),
        None => s += ", unsolved",
    }
    if !l.solutions.is_empty() {
        s += &format!(
            ", {} in the file",
            count(l.solutions.len(), "solution", "solutions")
        );
    }
    let problem = match l.board() {
        Err(e) => Some(e.to_string()),
        Ok(b) => validate::validate(&b).err().map(|e| e.to_string()),
    };
    if let Some(p) = problem {
        s += &format!(" — not playable: {p}");
    }
    s
}

fn quoted(t: &str) -> String {
    if t.is_empty() {
        "-".into()
    } else {
        format!("\"{t}\"")
    }
}
