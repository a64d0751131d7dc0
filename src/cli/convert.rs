//! `pushbox convert`: any level format to any other, one file or a batch into a folder.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::*;

pub(super) fn convert(
    inputs: &[PathBuf],
    to: &Path,
    format: Option<&str>,
    records: Option<&save::Progress>,
    allow_empty: bool,
) -> ExitCode {
    let files_in = match level_files(inputs) {
        Ok(f) => f,
        Err(c) => return c,
    };
    let targets = match targets(inputs, &files_in, to, format) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let mut failed = 0;
    for (src, dst) in &targets {
        if let Err(e) = convert_one(src, dst, records, allow_empty) {
            if let Some(e) = e {
                eprintln!("pushbox: {e}");
            }
            failed += 1;
        }
    }
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Each input with the file it becomes: `to` itself, or for a batch (several inputs, a folder,
/// or `--format`) a file of the format's type in the folder `to`, made if need be.
fn targets(
    inputs: &[PathBuf],
    files_in: &[PathBuf],
    to: &Path,
    format: Option<&str>,
) -> Result<Vec<(PathBuf, PathBuf)>, ExitCode> {
    let batch =
        to.is_dir() || format.is_some() || files_in.len() > 1 || inputs.iter().any(|p| p.is_dir());
    if !batch {
        return Ok(vec![(files_in[0].clone(), to.to_path_buf())]);
    }
    let Some(ext) = format.map(|f| f.trim_start_matches('.').to_ascii_lowercase()) else {
        return Err(fail(
            "converting several files needs a folder as --to and --format bxb|bxa|xsb|sok|txt",
        ));
    };
    if Format::from_path(Path::new(&format!("x.{ext}"))).is_none() {
        return Err(fail(format!(
            "unknown output format {ext:?} (use bxb, bxa, xsb, sok or txt)"
        )));
    }
    if let Err(e) = std::fs::create_dir_all(to) {
        return Err(fail(format!("{}: {e}", to.display())));
    }
    Ok(files_in
        .iter()
        .map(|f| {
            (
                f.clone(),
                to.join(Path::new(f.file_stem().unwrap_or_default()).with_extension(&ext)),
            )
        })
        .collect())
}

/// Converts one file. An error with a message to print, or `None` when it was printed already.
fn convert_one(
    src: &Path,
    dst: &Path,
    records: Option<&save::Progress>,
    allow_empty: bool,
) -> Result<(), Option<String>> {
    if src
        .canonicalize()
        .ok()
        .is_some_and(|s| dst.canonicalize().ok() == Some(s))
    {
        return Err(Some(format!(
            "{}: refusing to overwrite the input",
            dst.display()
        )));
    }
    let loaded = if allow_empty {
        load_any(src)
    } else {
        load(src)
    };
    let mut c = loaded.map_err(|_| None)?;
    if matches!(Format::from_path(dst), Some(Format::Bxb | Format::Bxa)) {
        for (i, l) in c.levels.iter_mut().enumerate() {
            for p in l.adopt_best_solution(i) {
                eprintln!("warning: {}: {p}", src.display());
            }
        }
    }
    if let Some(progress) = records {
        take_records(src, &mut c, progress);
    }
    let warnings = files::save(dst, &c).map_err(|e| Some(e.to_string()))?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    say!(
        "{} -> {} ({})",
        src.display(),
        dst.display(),
        count(c.levels.len(), "level", "levels")
    );
    Ok(())
}

/// Writes the player's checked best solutions into the collection's levels (`--records`).
fn take_records(src: &Path, c: &mut Collection, progress: &save::Progress) {
    let mut checked = progress.clone();
    for (i, l) in c.levels.iter().enumerate() {
        if let Some(r) = checked.levels.get_mut(&save::fingerprint_key(l)) {
            for p in r.verify(l, &l.label(i)) {
                eprintln!("warning: {}: {p}", src.display());
            }
        }
    }
    let n = checked.apply_to(&mut c.levels);
    say!(
        "{}: {} the player's records",
        src.display(),
        count(n, "level takes", "levels take")
    );
}
