//! Reading and writing collection files on disk, by extension.
//!
//! `.bxb` has no room for titles, authors, notes or a name longer than 16 bytes, and its layout
//! never changes; those live in a sidecar `NAME.titles.ron` beside `NAME.bxb`, matched to levels by
//! position and board fingerprint. Writes are atomic: a temporary file in the same folder is
//! flushed and renamed over the target.

use std::path::{Path, PathBuf};

use super::disk::Medium;

use super::formats::{self, Format, FormatError, Place, bxb};
use super::level::Collection;

/// A collection read from disk, with warnings about anything dropped on the way.
#[derive(Debug)]
pub struct Loaded {
    pub collection: Collection,
    pub warnings: Vec<String>,
}

#[derive(serde::Serialize, serde::Deserialize, Default, PartialEq, Debug)]
struct Sidecar {
    name: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    levels: Vec<SidecarLevel>,
}

#[derive(serde::Serialize, serde::Deserialize, Default, PartialEq, Debug)]
struct SidecarLevel {
    fingerprint: u64,
    #[serde(default)]
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    solutions: Vec<String>,
}

/// The sidecar path of a `.bxb` file: `NAME.titles.ron`.
pub fn sidecar_path(bxb: &Path) -> PathBuf {
    bxb.with_extension("titles.ron")
}

fn label(path: &Path) -> String {
    path.display().to_string()
}

fn format_of(path: &Path) -> Result<Format, FormatError> {
    Format::from_path(path).ok_or_else(|| {
        FormatError::new(
            &label(path),
            Place::Whole,
            "unknown file type (use .bxb, .bxa, .xsb, .sok or .txt)",
        )
    })
}

/// Reads a collection file, choosing the format by extension.
pub fn load(path: &Path) -> Result<Loaded, FormatError> {
    let format = format_of(path)?;
    let bytes = Medium::current()
        .read(path)
        .map_err(|e| FormatError::new(&label(path), Place::Whole, format!("cannot read: {e}")))?;
    let (mut collection, mut warnings) = formats::read(format, &label(path), &bytes)?;
    if format == Format::Bxb {
        apply_sidecar(path, &mut collection, &mut warnings);
    }
    if collection.name.is_empty() {
        collection.name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    Ok(Loaded {
        collection,
        warnings,
    })
}

fn apply_sidecar(path: &Path, c: &mut Collection, warnings: &mut Vec<String>) {
    let side = sidecar_path(path);
    if let Ok(bytes) = Medium::current().read(&side) {
        apply_sidecar_text(&side.display().to_string(), &bytes, c, warnings);
    }
}

/// Applies the text of a `NAME.titles.ron` sidecar (named `side` in messages) to a collection
/// read from `NAME.bxb`.
pub fn apply_sidecar_text(
    side: &str,
    bytes: &[u8],
    c: &mut Collection,
    warnings: &mut Vec<String>,
) {
    let meta: Sidecar = match std::str::from_utf8(bytes)
        .map_err(|e| e.to_string())
        .and_then(|t| ron::from_str(t).map_err(|e| e.to_string()))
    {
        Ok(m) => m,
        Err(e) => {
            warnings.push(format!(
                "{side}: {e}; titles and notes from it are not used"
            ));
            return;
        }
    };
    // The .bxb keeps a shortened name; the sidecar's full name wins only if it starts the same way.
    let short = c.name.trim_end_matches('\u{FFFD}');
    if meta.name.starts_with(short) {
        c.name = meta.name;
    }
    c.author = meta.author;
    c.notes = meta.notes;
    for (i, (level, m)) in c.levels.iter_mut().zip(meta.levels).enumerate() {
        if level.fingerprint() != m.fingerprint {
            warnings.push(format!(
                "{side}: level {} has changed since its title was saved; the title is not used",
                i + 1
            ));
            continue;
        }
        level.title = m.title;
        level.author = m.author;
        level.notes = m.notes;
        level.solutions = m.solutions;
    }
}

/// Writes bytes atomically: a temporary file beside the target, flushed, then renamed over it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = dir.join(format!(".{name}.{}.tmp", process_id()));
    let m = Medium::current();
    let result = m.write(&tmp, bytes).and_then(|()| m.rename(&tmp, path));
    if result.is_err() {
        let _ = m.remove(&tmp);
    }
    result
}

/// This process's id, to keep two programs' temporary files apart; a browser page has none
/// (`std::process::id` panics there) and is the only writer of its storage.
fn process_id() -> u32 {
    #[cfg(not(target_family = "wasm"))]
    return std::process::id();
    #[cfg(target_family = "wasm")]
    return 0;
}

/// Levels read for import into the game: the playable ones, and a message for each level left
/// out (naming it and saying why). An error when the text holds no level at all.
pub fn import_levels(
    file: &str,
    format: Format,
    bytes: &[u8],
) -> Result<(Collection, Vec<String>), FormatError> {
    let (mut c, warnings) = formats::read(format, file, bytes)?;
    let mut problems: Vec<String> = warnings
        .into_iter()
        .map(|w| format!("{file}: {w}"))
        .collect();
    let total = c.levels.len();
    let mut kept = Vec::with_capacity(total);
    for (i, mut level) in std::mem::take(&mut c.levels).into_iter().enumerate() {
        match level.playable() {
            Ok(_) => {
                for p in level.adopt_best_solution(i) {
                    problems.push(format!("{file}: {p}"));
                }
                kept.push(level);
            }
            Err(e) => problems.push(format!("{file}: {} left out: {e}", level.label(i))),
        }
    }
    if kept.is_empty() {
        let why = if total == 0 {
            "no level found".to_string()
        } else {
            format!("none of its {total} levels can be played")
        };
        return Err(FormatError::new(file, Place::Whole, why));
    }
    c.levels = kept;
    Ok((c, problems))
}

/// Keeps the current `path` (if any) as `PATH.bak` before it is rewritten, without ever leaving
/// `path` missing: a link (or copy) under a temporary name is renamed over the old backup.
pub fn keep_backup(path: &Path) -> std::io::Result<()> {
    let m = Medium::current();
    if !m.exists(path) {
        return Ok(());
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let bak = path.with_file_name(format!("{name}.bak"));
    let tmp = path.with_file_name(format!("{name}.bak.tmp"));
    m.duplicate(path, &tmp)?;
    m.rename(&tmp, &bak)
}

/// Writes a collection file, choosing the format by extension. Returns warnings.
pub fn save(path: &Path, c: &Collection) -> Result<Vec<String>, FormatError> {
    let format = format_of(path)?;
    let io = |e: std::io::Error| {
        FormatError::new(&label(path), Place::Whole, format!("cannot write: {e}"))
    };
    let mut warnings = Vec::new();
    let bytes = if format == Format::Bxb {
        let (bytes, w) = bxb::write(c);
        warnings.extend(w.into_iter().map(|w| format!("{}: {w}", label(path))));
        bytes
    } else {
        formats::write(format, c)
    };
    write_atomic(path, &bytes).map_err(io)?;
    if format == Format::Bxb {
        let meta = Sidecar {
            name: c.name.clone(),
            author: c.author.clone(),
            notes: c.notes.clone(),
            levels: c
                .levels
                .iter()
                .map(|l| SidecarLevel {
                    fingerprint: l.fingerprint(),
                    title: l.title.clone(),
                    author: l.author.clone(),
                    notes: l.notes.clone(),
                    solutions: l.solutions.clone(),
                })
                .collect(),
        };
        let (_, lost) = bxb::encode_name(&c.name);
        let needed = lost
            || !meta.author.is_empty()
            || !meta.notes.is_empty()
            || meta.levels.iter().any(|l| {
                !(l.title.is_empty()
                    && l.author.is_empty()
                    && l.notes.is_empty()
                    && l.solutions.is_empty())
            });
        let side = sidecar_path(path);
        if needed {
            let text = ron::ser::to_string_pretty(&meta, ron::ser::PrettyConfig::default())
                .expect("plain data serialises");
            write_atomic(&side, text.as_bytes()).map_err(io)?;
        } else if Medium::current().exists(&side) {
            Medium::current().remove(&side).map_err(io)?;
        }
    }
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::bxb::tests::kangjia;
    use std::fs;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("pushbox-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn bxb_keeps_titles_in_its_sidecar() {
        let d = temp_dir("sidecar");
        let mut c = kangjia();
        c.name = "A name much longer than sixteen bytes".into();
        c.levels[1].title = "Second".into();
        let p = d.join("set.bxb");
        let w = save(&p, &c).unwrap();
        assert_eq!(w.len(), 1, "the shortened name is reported");
        assert!(d.join("set.titles.ron").exists());
        let back = load(&p).unwrap();
        assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        assert_eq!(back.collection, c);
        // Without the sidecar the .bxb alone still loads, with the shortened name.
        fs::remove_file(d.join("set.titles.ron")).unwrap();
        let bare = load(&p).unwrap().collection;
        assert_eq!(bare.name, "A name much long");
        assert_eq!(bare.levels[1].title, "");
    }

    #[test]
    fn a_changed_level_does_not_take_a_stale_title() {
        let d = temp_dir("stale");
        let mut c = kangjia();
        c.levels[0].title = "First".into();
        let p = d.join("k.bxb");
        save(&p, &c).unwrap();
        let mut bytes = fs::read(&p).unwrap();
        bytes[32 + 32 + 11] = crate::core::cell::WALL; // a floor cell of level 1
        fs::write(&p, bytes).unwrap();
        let back = load(&p).unwrap();
        assert_eq!(back.collection.levels[0].title, "");
        assert!(
            back.warnings[0].contains("level 1 has changed"),
            "{:?}",
            back.warnings
        );
    }

    #[test]
    fn errors_name_the_file() {
        let d = temp_dir("errors");
        let e = load(&d.join("missing.xsb")).unwrap_err();
        assert!(e.to_string().contains("missing.xsb: cannot read"), "{e}");
        let e = load(&d.join("x.png")).unwrap_err();
        assert!(e.to_string().contains("unknown file type"), "{e}");
        fs::write(d.join("bad.bxb"), b"nonsense").unwrap();
        let e = load(&d.join("bad.bxb")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("{}", d.join("bad.bxb").display())),
            "{e}"
        );
    }
}
