//! `pushbox verify LEVELS SOLUTIONS`: replay solutions (a `.sok`/`.xsb` with `Solution:` lines, a
//! TSV with a header line, or LURD lines) and print one line each and a closing count.

use std::path::Path;
use std::process::ExitCode;

use super::*;

/// One solution to check: the level (0-based), the moves, and counts to compare if given.
pub(super) struct Claim {
    pub(super) level: usize,
    pub(super) lurd: String,
    moves: Option<u32>,
    pushes: Option<u32>,
    pub(super) origin: String,
}

/// The solutions of a file: a TSV with a header line, a `.sok`/`.xsb` with `Solution:` lines
/// (matched to `levels` by board), or plain LURD lines, one per level in order.
fn read_claims(path: &Path, levels: &Collection) -> Result<Vec<Claim>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let text = formats::text(&path.display().to_string(), &bytes).map_err(|e| e.to_string())?;
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let name = path.display().to_string();
    if first.contains('\t') {
        return tsv_claims(&name, &text, first);
    }
    if let Ok(c) = xsb::read(&name, &text)
        && !c.levels.is_empty()
    {
        return Ok(sok_claims(&c, levels));
    }
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with([';', '#']))
        .enumerate()
        .map(|(k, (i, l))| Claim {
            level: k,
            lurd: l.trim().to_string(),
            moves: None,
            pushes: None,
            origin: format!("line {}", i + 1),
        })
        .collect())
}

/// Solutions from a TSV whose first line names its columns (`level`, optional `moves` and
/// `pushes`, the LURD last; rows whose LURD is `-` and lines starting with `#` are skipped).
fn tsv_claims(name: &str, text: &str, header: &str) -> Result<Vec<Claim>, String> {
    let header: Vec<String> = header
        .trim_start_matches('#')
        .split('\t')
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let col = |n: &str| {
        header
            .iter()
            .position(|h| h == n || h.starts_with(&format!("{n}(")))
    };
    let level_col = col("level").ok_or(format!(
        "{name}: line 1: the header has no \"level\" column"
    ))?;
    let (moves_col, pushes_col) = (col("moves"), col("pushes"));
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .skip_while(|(_, l)| l.trim().is_empty())
        .skip(1)
    {
        // Comments (`solve`'s closing count) and levels without a solution (`solve`'s "-").
        if line.trim().is_empty() || line.starts_with('#') || line.ends_with("\t-") {
            continue;
        }
        let n = i + 1;
        let cells: Vec<&str> = line.split('\t').collect();
        let num = |c: Option<usize>, what: &str| -> Result<Option<u32>, String> {
            match c.and_then(|c| cells.get(c)) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("{name}: line {n}: {what} {v:?} is not a number")),
            }
        };
        let level = num(Some(level_col), "level")?.ok_or(format!("{name}: line {n}: no level"))?;
        if level == 0 {
            return Err(format!("{name}: line {n}: levels are numbered from 1"));
        }
        out.push(Claim {
            level: level as usize - 1,
            lurd: cells.last().unwrap_or(&"").trim().to_string(),
            moves: num(moves_col, "moves")?,
            pushes: num(pushes_col, "pushes")?,
            origin: format!("line {n}"),
        });
    }
    Ok(out)
}

/// The `Solution:` lines of a level file, each for the level with the same board (or, when
/// none has it, the level in the same place).
fn sok_claims(c: &Collection, levels: &Collection) -> Vec<Claim> {
    let mut out = Vec::new();
    for (i, l) in c.levels.iter().enumerate() {
        let fp = l.fingerprint();
        let target = levels
            .levels
            .iter()
            .position(|t| t.fingerprint() == fp)
            .unwrap_or(i);
        for (k, s) in l.solutions.iter().enumerate() {
            out.push(Claim {
                level: target,
                lurd: s.clone(),
                moves: None,
                pushes: None,
                origin: format!("level {} solution {}", i + 1, k + 1),
            });
        }
    }
    out
}

/// A collection and the solutions claimed for its levels, or the failure said.
pub(super) fn levels_and_claims(
    levels_path: &Path,
    solutions: &Path,
) -> Result<(Collection, Vec<Claim>), ExitCode> {
    let levels = load(levels_path)?;
    let claims = read_claims(solutions, &levels).map_err(fail)?;
    Ok((levels, claims))
}

pub(super) fn verify(levels_path: &Path, solutions: &Path) -> ExitCode {
    let (levels, claims) = match levels_and_claims(levels_path, solutions) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let (mut passed, mut failed) = (0, 0);
    for c in claims {
        let Some(level) = levels.levels.get(c.level) else {
            say!(
                "level {} ({}): FAILED: the collection has only {} levels",
                c.level + 1,
                c.origin,
                levels.levels.len()
            );
            failed += 1;
            continue;
        };
        let label = level.label(c.level);
        let result = level
            .board()
            .map_err(|e| e.to_string())
            .and_then(|b| lurd::check_solution(&b, &c.lurd).map_err(|e| e.to_string()))
            .and_then(|g| {
                let (m, p) = (g.board().moves(), g.board().pushes());
                match (c.moves, c.pushes) {
                    (Some(cm), _) if cm != m => Err(format!("{m} moves, but {cm} are stated")),
                    (_, Some(cp)) if cp != p => Err(format!("{p} pushes, but {cp} are stated")),
                    _ => Ok((m, p)),
                }
            });
        match result {
            Ok((m, p)) => {
                passed += 1;
                say!("{label} ({}): ok, {m} moves, {p} pushes", c.origin);
            }
            Err(e) => {
                failed += 1;
                say!("{label} ({}): FAILED: {e}", c.origin);
            }
        }
    }
    say!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
