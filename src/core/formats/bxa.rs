//! `.bxa`: the text twin of a `.bxb` collection, for export and import.
//!
//! Each cell is one character of the seed's mask `-+#%xX()` (index = cell byte). The layout:
//!
//! ```text
//! PushBox BXA 1                  first line, names the format and its version
//! Group: 康佳                    collection name (the .bxb keeps 16 bytes of it in GB2312)
//! Author: …                      optional, any number of `Note:` lines too
//! Levels: 3                      number of levels
//!
//! Level: 1                       each level: its 1-based number,
//! Title: …                       optional title and author (and `Note:` lines),
//! Size: 8x7                      width x height,
//! Solved: yes                    the solved flag,
//! Steps: 2                       total steps and pushes of the recorded solution,
//! Pushes: 1
//! Recording: rR                  the recorded moves as LURD, when known,
//! %%####%%                       then exactly `height` rows of `width` mask characters.
//! ```
//!
//! Lines starting with `;` are comments. `.bxb → .bxa → .bxb` gives the same bytes.

use std::fmt::Write as _;

use super::{FormatError, Place};
use crate::core::board::MAX_SIDE;
use crate::core::level::{Collection, Level, Recording};

pub const MASK: &str = "-+#%xX()";
pub const MAGIC: &str = "PushBox BXA 1";

/// Writes a collection as `.bxa` text.
pub fn write(c: &Collection) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{MAGIC}");
    let _ = writeln!(s, "Group: {}", one_line(&c.name));
    if !c.author.is_empty() {
        let _ = writeln!(s, "Author: {}", one_line(&c.author));
    }
    for n in &c.notes {
        let _ = writeln!(s, "Note: {}", one_line(n));
    }
    let _ = writeln!(s, "Levels: {}", c.levels.len());
    for (i, l) in c.levels.iter().enumerate() {
        let _ = writeln!(s, "\nLevel: {}", i + 1);
        if !l.title.is_empty() {
            let _ = writeln!(s, "Title: {}", one_line(&l.title));
        }
        if !l.author.is_empty() {
            let _ = writeln!(s, "Author: {}", one_line(&l.author));
        }
        for n in &l.notes {
            let _ = writeln!(s, "Note: {}", one_line(n));
        }
        let _ = writeln!(s, "Size: {}x{}", l.width, l.height);
        match &l.recording {
            None => {
                let _ = writeln!(s, "Solved: no");
            }
            Some(r) => {
                let _ = writeln!(s, "Solved: yes\nSteps: {}\nPushes: {}", r.moves, r.pushes);
                if let Some(lurd) = &r.lurd {
                    let _ = writeln!(s, "Recording: {lurd}");
                }
            }
        }
        for row in l.rows() {
            s.extend(row.iter().map(|&b| MASK.as_bytes()[b as usize & 7] as char));
            s.push('\n');
        }
    }
    s
}

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

struct Reader<'a> {
    file: &'a str,
    lines: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Reader<'a> {
    fn err(&self, line: usize, column: usize, msg: impl Into<String>) -> FormatError {
        FormatError::new(self.file, Place::Line { line, column }, msg)
    }

    fn peek(&self) -> Option<(usize, &'a str)> {
        self.lines.get(self.next).copied()
    }

    /// The next `Key: value` line, if the next line is one.
    fn key(&mut self) -> Option<(usize, &'a str, &'a str)> {
        let (n, line) = self.peek()?;
        let (k, v) = line.split_once(':')?;
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        self.next += 1;
        Some((n, k, v.trim()))
    }
}

fn number(r: &Reader, n: usize, key: &str, v: &str) -> Result<u32, FormatError> {
    v.parse::<u32>().map_err(|_| {
        r.err(
            n,
            key.len() + 3,
            format!("{key} must be a whole number, not \"{v}\""),
        )
    })
}

/// Reads `.bxa` text.
pub fn read(file: &str, text: &str) -> Result<Collection, FormatError> {
    let mut r = Reader {
        file,
        lines: text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with(';'))
            .collect(),
        next: 0,
    };
    match r.peek() {
        Some((_, l)) if l.trim() == MAGIC => r.next += 1,
        Some((n, _)) => return Err(r.err(n, 1, format!("a .bxa file starts with \"{MAGIC}\""))),
        None => return Err(r.err(1, 1, "the file is empty")),
    }
    let mut c = Collection::default();
    let mut declared = None;
    while let Some((n, k, v)) = r.key() {
        match k {
            "Group" => c.name = v.to_string(),
            "Author" => c.author = v.to_string(),
            "Note" => c.notes.push(v.to_string()),
            "Levels" => declared = Some((n, number(&r, n, k, v)?)),
            "Level" => {
                r.next -= 1;
                break;
            }
            _ => return Err(r.err(n, 1, format!("unknown key \"{k}\""))),
        }
    }
    while let Some((n, k, v)) = r.key() {
        if k != "Level" {
            return Err(r.err(n, 1, format!("expected \"Level: {}\"", c.levels.len() + 1)));
        }
        let index = c.levels.len();
        if number(&r, n, k, v)? as usize != index + 1 {
            return Err(r.err(n, 8, format!("expected level number {}", index + 1)));
        }
        c.levels.push(read_level(&mut r, index, n)?);
    }
    if let Some((n, _)) = r.peek() {
        return Err(r.err(n, 1, "expected \"Level: N\" or the end of the file"));
    }
    if let Some((n, count)) = declared
        && count as usize != c.levels.len()
    {
        return Err(r.err(
            n,
            9,
            format!(
                "the file declares {count} levels but holds {}",
                c.levels.len()
            ),
        ));
    }
    Ok(c)
}

/// One level: its keys, then its recording, then its rows.
fn read_level(r: &mut Reader, index: usize, start: usize) -> Result<Level, FormatError> {
    let keys = LevelKeys::read(r, index)?;
    let mut l = keys.level.clone();
    let in_level = |e: FormatError| e.in_level(index, &keys.level.title);
    let (w, h) = keys
        .size
        .ok_or_else(|| in_level(r.err(start, 1, "the level has no Size line")))?;
    l.recording = keys.recording(r, start).map_err(in_level)?;
    l.width = w;
    l.height = h;
    l.cells = read_rows(r, w, h).map_err(in_level)?;
    Ok(l)
}

/// A level's `Key: value` lines, as read.
#[derive(Default)]
struct LevelKeys {
    /// Title, author and notes.
    level: Level,
    size: Option<(u32, u32)>,
    solved: Option<bool>,
    steps: Option<u32>,
    pushes: Option<u32>,
    lurd: Option<String>,
}

impl LevelKeys {
    /// Step 1: every key up to the rows (or the next `Level:`).
    fn read(r: &mut Reader, index: usize) -> Result<LevelKeys, FormatError> {
        let mut keys = LevelKeys::default();
        while let Some((n, k, v)) = r.key() {
            if k == "Level" {
                r.next -= 1;
                break;
            }
            keys.take(r, index, n, k, v)?;
        }
        Ok(keys)
    }

    /// One key on line `n` (the errors of a key's form name the line alone; those of a
    /// known key's meaning name the level too).
    fn take(
        &mut self,
        r: &Reader,
        index: usize,
        n: usize,
        k: &str,
        v: &str,
    ) -> Result<(), FormatError> {
        let in_level = |e: FormatError| e.in_level(index, &self.level.title);
        match k {
            "Title" => self.level.title = v.to_string(),
            "Author" => self.level.author = v.to_string(),
            "Note" => self.level.notes.push(v.to_string()),
            "Size" => {
                let (w, h) = v
                    .split_once(['x', 'X', '×'])
                    .and_then(|(w, h)| {
                        Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?))
                    })
                    .ok_or_else(|| r.err(n, 7, format!("Size must look like 8x7, not \"{v}\"")))?;
                if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
                    return Err(in_level(r.err(
                        n,
                        7,
                        format!("the level is {w}×{h}; each side must be between 1 and {MAX_SIDE}"),
                    )));
                }
                self.size = Some((w, h));
            }
            "Solved" => {
                self.solved = Some(match v {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(r.err(n, 9, format!("Solved must be yes or no, not \"{v}\""))),
                })
            }
            "Steps" => self.steps = Some(number(r, n, k, v)?),
            "Pushes" => self.pushes = Some(number(r, n, k, v)?),
            "Recording" => {
                if let Some(bad) = v.find(|c: char| !"lurdLURD".contains(c)) {
                    return Err(in_level(r.err(
                        n,
                        12 + bad,
                        "a recording holds only the letters l u r d L U R D",
                    )));
                }
                self.lurd = Some(v.to_string());
            }
            _ => return Err(in_level(r.err(n, 1, format!("unknown key \"{k}\"")))),
        }
        Ok(())
    }

    /// Step 2: the recording a solved level must have (its counts, and moves that match them);
    /// errors name the level's first line, `start`.
    fn recording(&self, r: &Reader, start: usize) -> Result<Option<Recording>, FormatError> {
        match self.solved {
            Some(true) => {}
            Some(false) => return Ok(None),
            None => return Err(r.err(start, 1, "the level has no Solved line")),
        }
        let moves = self
            .steps
            .ok_or_else(|| r.err(start, 1, "a solved level needs a Steps line"))?;
        let pushes = self
            .pushes
            .ok_or_else(|| r.err(start, 1, "a solved level needs a Pushes line"))?;
        if let Some(lurd) = &self.lurd
            && lurd.len() != moves as usize
        {
            return Err(r.err(
                start,
                1,
                format!(
                    "the recording has {} moves but Steps says {moves}",
                    lurd.len()
                ),
            ));
        }
        Ok(Some(Recording {
            moves,
            pushes,
            lurd: self.lurd.clone(),
        }))
    }
}

/// Step 3: `h` rows of exactly `w` mask characters.
fn read_rows(r: &mut Reader, w: u32, h: u32) -> Result<Vec<u8>, FormatError> {
    let mut cells = Vec::with_capacity(w as usize * h as usize);
    for y in 0..h {
        let Some((n, row)) = r.peek() else {
            return Err(r.err(
                r.lines.last().map_or(1, |l| l.0),
                1,
                format!("the file ends after {y} of {h} rows"),
            ));
        };
        r.next += 1;
        let mut count = 0;
        for (col, ch) in row.chars().enumerate() {
            let Some(b) = MASK.find(ch) else {
                return Err(r.err(
                    n,
                    col + 1,
                    format!("{ch:?} is not a cell character (the mask is {MASK})"),
                ));
            };
            if col as u32 >= w {
                return Err(r.err(
                    n,
                    col + 1,
                    format!("the row is longer than the level's width {w}"),
                ));
            }
            cells.push(b as u8);
            count += 1;
        }
        if count != w {
            return Err(r.err(
                n,
                count as usize + 1,
                format!("the row has {count} cells; the level is {w} wide"),
            ));
        }
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::bxb;

    #[test]
    fn bxb_to_bxa_to_bxb_is_byte_identical() {
        let mut c = bxb::tests::kangjia();
        c.levels[1].recording = Some(Recording {
            moves: 3,
            pushes: 0,
            lurd: Some("lrl".into()),
        });
        c.levels[2].recording = Some(Recording {
            moves: 40,
            pushes: 9,
            lurd: None,
        });
        let (bytes, _) = bxb::write(&c);
        let (read_back, _) = bxb::read("k.bxb", &bytes).unwrap();
        let text = write(&read_back);
        assert!(text.starts_with("PushBox BXA 1\nGroup: 康佳\nLevels: 3\n\nLevel: 1\nSize: 8x7\nSolved: no\n%%####%%\n"), "{text}");
        let again = read("k.bxa", &text).unwrap();
        assert_eq!(again, read_back);
        assert_eq!(bxb::write(&again).0, bytes);
    }

    #[test]
    fn titles_and_notes_survive() {
        let mut c = bxb::tests::kangjia();
        c.author = "A. Author".into();
        c.notes = vec!["first".into(), "second".into()];
        c.levels[0].title = "Hello: world".into();
        c.levels[0].author = "Me".into();
        c.levels[0].notes = vec!["a note".into()];
        assert_eq!(read("t.bxa", &write(&c)).unwrap(), c);
    }

    #[test]
    fn errors_give_line_and_column() {
        let text = write(&bxb::tests::kangjia());
        let bad = text.replacen("%##--#%%", "%##-@#%%", 1);
        let e = read("bad.bxa", &bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad.bxa: level 1: line 9, column 5: '@' is not a cell character (the mask is -+#%xX())"
        );
        let e = read("bad.bxa", &text.replacen("%##--#%%", "%##--#%", 1)).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 9, column 8: the row has 7 cells"),
            "{e}"
        );
        let e = read("bad.bxa", &text.replacen("Levels: 3", "Levels: 4", 1)).unwrap_err();
        assert!(
            e.to_string().contains("declares 4 levels but holds 3"),
            "{e}"
        );
        let e = read("bad.bxa", "hello").unwrap_err();
        assert!(
            e.to_string().starts_with("bad.bxa: line 1, column 1"),
            "{e}"
        );
        let cut: String = text.lines().take(12).collect::<Vec<_>>().join("\n");
        let e = read("bad.bxa", &cut).unwrap_err();
        assert!(e.to_string().contains("ends after 5 of 7 rows"), "{e}");
    }
}
