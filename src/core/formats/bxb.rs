//! `.bxb`: the original game's binary collection ("group") file. Little-endian throughout.
//!
//! ```text
//! file header (32 bytes)            level header (32 bytes)        then
//! 0x00 4  reserved (0)              +0  1  '@'                     +32 width×height cells
//! 0x04 1  version = 2               +1  1  flags, bit 0 = solved   then, when solved, the
//! 0x05 3  "BOX"                     +2  4  i32 total steps         recorded solution as LURD
//! 0x08 16 group name, GB2312, NUL   +6  4  i32 pushes              bytes, one per step
//! 0x18 4  i32 number of levels      +10 14 reserved (0)
//! 0x1C 4  i32 offset of level table +24 4  i32 width               level table at the end:
//!                                   +28 4  i32 height              one i32 offset per level
//! ```
//!
//! Reading goes through the level table, never by position. Every count, offset and size is
//! checked against the file's length before anything is allocated, and levels may not overlap,
//! so a hostile file costs at most its own size in memory.

use encoding_rs::GBK;

use super::{FormatError, Place};
use crate::core::board::MAX_SIDE;
use crate::core::cell;
use crate::core::level::{Collection, Level, Recording};

pub const FILE_HEADER: usize = 32;
pub const LEVEL_HEADER: usize = 32;
pub const NAME_BYTES: usize = 16;
pub const VERSION: u8 = 2;

fn i32_at(bytes: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

/// Reads a `.bxb` file. Returns the collection and warnings about data that was dropped.
pub fn read(file: &str, bytes: &[u8]) -> Result<(Collection, Vec<String>), FormatError> {
    let mut warnings = Vec::new();
    let header = read_header(file, bytes, &mut warnings)?;
    let table = LevelTable::read(file, bytes, &header)?;
    let mut levels = Vec::with_capacity(header.count);
    for i in 0..header.count {
        read_level(file, bytes, &table, i, &mut warnings, &mut levels)?;
    }
    Ok((
        Collection {
            name: header.name,
            levels,
            ..Collection::default()
        },
        warnings,
    ))
}

/// An error at byte `at` of the file.
fn byte_error(file: &str, at: usize, msg: String) -> FormatError {
    FormatError::new(file, Place::Byte(at as u64), msg)
}

/// What the 32-byte file header says.
struct FileHeader {
    name: String,
    count: usize,
    /// Where the level table starts (checked to fit in the file).
    table: usize,
}

/// Step 1: the signature, the version, the group name, and where the level table is.
fn read_header(
    file: &str,
    bytes: &[u8],
    warnings: &mut Vec<String>,
) -> Result<FileHeader, FormatError> {
    let err = |at: usize, msg: String| byte_error(file, at, msg);
    let len = bytes.len();
    if len < FILE_HEADER {
        return Err(err(
            len,
            format!("the file is {len} bytes long; a .bxb file starts with a 32-byte header"),
        ));
    }
    if &bytes[5..8] != b"BOX" {
        return Err(err(
            5,
            "this is not a .bxb file (no \"BOX\" signature)".into(),
        ));
    }
    if bytes[4] != VERSION {
        return Err(err(
            4,
            format!(
                "format version {} is not supported (expected {VERSION})",
                bytes[4]
            ),
        ));
    }
    let raw_name = &bytes[8..8 + NAME_BYTES];
    let raw_name = &raw_name[..raw_name.iter().position(|&b| b == 0).unwrap_or(NAME_BYTES)];
    let (name, had_errors) = GBK.decode_without_bom_handling(raw_name);
    if had_errors {
        warnings.push(format!(
            "{file}: the group name is not valid GB2312; unreadable characters are shown as \u{FFFD}"
        ));
    }
    let count = i32_at(bytes, 0x18);
    let table = i32_at(bytes, 0x1C);
    if count < 0 {
        return Err(err(0x18, format!("the level count is negative ({count})")));
    }
    let count = count as usize;
    if table < FILE_HEADER as i32 || table as u64 + count as u64 * 4 > len as u64 {
        return Err(err(
            0x1C,
            format!(
                "the level table ({count} levels at offset {table}) does not fit in the file ({len} bytes)"
            ),
        ));
    }
    Ok(FileHeader {
        name: name.into_owned(),
        count,
        table: table as usize,
    })
}

/// The level table: each level's offset, and every place a level's data must stop.
struct LevelTable {
    /// Where the table is in the file.
    at: usize,
    /// The offsets as written (for messages).
    raw: Vec<i32>,
    /// The offsets, a negative one as `usize::MAX`.
    offsets: Vec<usize>,
    /// The other levels' starts, the table and the end of the file, sorted.
    bounds: Vec<usize>,
}

impl LevelTable {
    /// Step 2: the offsets, refusing two entries that name the same place (that would make two
    /// levels out of one map).
    fn read(file: &str, bytes: &[u8], header: &FileHeader) -> Result<LevelTable, FormatError> {
        let (len, table) = (bytes.len(), header.table);
        let raw: Vec<i32> = (0..header.count)
            .map(|i| i32_at(bytes, table + 4 * i))
            .collect();
        let offsets: Vec<usize> = raw
            .iter()
            .map(|&o| if o < 0 { usize::MAX } else { o as usize })
            .collect();
        let mut bounds: Vec<usize> = offsets.iter().copied().filter(|&o| o < len).collect();
        bounds.push(table);
        bounds.push(len);
        bounds.sort_unstable();
        bounds.dedup();
        let mut by_offset: Vec<(usize, usize)> = offsets.iter().copied().zip(0..).collect();
        by_offset.sort_unstable();
        if let Some(w) = by_offset
            .windows(2)
            .find(|w| w[0].0 == w[1].0 && w[0].0 < len)
        {
            let i = w[0].1.max(w[1].1);
            return Err(byte_error(
                file,
                table + 4 * i,
                format!("the level's offset {} is used twice", w[0].0),
            )
            .in_level(i, ""));
        }
        Ok(LevelTable {
            at: table,
            raw,
            offsets,
            bounds,
        })
    }

    /// The first boundary after a level's start (binary search: `bounds` is sorted).
    #[inline]
    fn end_of(&self, at: usize) -> usize {
        self.bounds[self.bounds.partition_point(|&b| b <= at)]
    }
}

/// Step 3: level `i`: its header, its map within its space, then what follows the map; the
/// level is added to `levels` (built in place: a large value returned in a `Result` is copied).
#[inline]
fn read_level(
    file: &str,
    bytes: &[u8],
    table: &LevelTable,
    i: usize,
    warnings: &mut Vec<String>,
    levels: &mut Vec<Level>,
) -> Result<(), FormatError> {
    let err = |at: usize, msg: String| byte_error(file, at, msg).in_level(i, "");
    let (len, at) = (bytes.len(), table.offsets[i]);
    if at < FILE_HEADER || at.saturating_add(LEVEL_HEADER) > len {
        return Err(err(
            table.at + 4 * i,
            format!(
                "the level's offset {} lies outside the file ({len} bytes)",
                table.raw[i]
            ),
        ));
    }
    let end_limit = table.end_of(at);
    if bytes[at] != b'@' {
        return Err(err(
            at,
            format!(
                "a level starts with '@' but this one has byte {:#04x}",
                bytes[at]
            ),
        ));
    }
    let width = i32_at(bytes, at + 24);
    let height = i32_at(bytes, at + 28);
    if !(1..=MAX_SIDE as i32).contains(&width) || !(1..=MAX_SIDE as i32).contains(&height) {
        return Err(err(
            at + 24,
            format!("the level is {width}×{height}; each side must be between 1 and {MAX_SIDE}"),
        ));
    }
    let cells_at = at + LEVEL_HEADER;
    if cells_at > end_limit {
        return Err(err(
            at,
            format!(
                "the level's 32-byte header overlaps the next level or the table at byte {end_limit}"
            ),
        ));
    }
    let n = width as usize * height as usize;
    if cells_at + n > end_limit {
        return Err(err(
            cells_at,
            format!(
                "the {width}×{height} map runs past the end of its space ({} bytes available)",
                end_limit - cells_at
            ),
        ));
    }
    let cells = bytes[cells_at..cells_at + n].to_vec();
    if let Some(k) = cells.iter().position(|&b| b > cell::MAN1) {
        return Err(err(
            cells_at + k,
            format!(
                "cell ({}, {}) holds byte {:#04x}, which is not a cell kind (0 to 7)",
                k % width as usize,
                k / width as usize,
                cells[k]
            ),
        ));
    }
    let after_map = AfterMap {
        file,
        level: i,
        solved: bytes[at + 1] & 1 == 1,
        steps: i32_at(bytes, at + 2),
        pushes: i32_at(bytes, at + 6),
        trailing: &bytes[cells_at + n..end_limit],
    };
    let recording = after_map.recording(warnings);
    levels.push(Level::new(width as u32, height as u32, cells));
    levels.last_mut().expect("pushed").recording = recording;
    Ok(())
}

/// A level's solved flag and counts, and the bytes between its map and the next boundary.
struct AfterMap<'a> {
    file: &'a str,
    level: usize,
    solved: bool,
    steps: i32,
    pushes: i32,
    trailing: &'a [u8],
}

impl AfterMap<'_> {
    /// Step 4: the recorded solution, when the level is solved and its counts are possible
    /// (the moves only when the bytes after the map are LURD); warnings for what is dropped.
    #[inline]
    fn recording(&self, warnings: &mut Vec<String>) -> Option<Recording> {
        let (file, n) = (self.file, self.level + 1);
        let (steps, pushes, trailing) = (self.steps, self.pushes, self.trailing);
        if !self.solved {
            if !trailing.is_empty() {
                warnings.push(format!(
                    "{file}: level {n}: {} unknown bytes after the map of an unsolved level are dropped",
                    trailing.len()
                ));
            }
            return None;
        }
        if steps < 0 || pushes < 0 || pushes > steps {
            warnings.push(format!(
                "{file}: level {n}: the recorded counts ({steps} steps, {pushes} pushes) are impossible; the recording is dropped"
            ));
            return None;
        }
        let steps_n = steps as usize;
        let lurd = trailing
            .get(..steps_n)
            .filter(|s| s.iter().all(|b| b"lurdLURD".contains(b)))
            .map(|s| String::from_utf8(s.to_vec()).expect("ASCII"));
        if lurd.is_none() && !trailing.is_empty() {
            warnings.push(format!(
                "{file}: level {n}: {} bytes after the map are not a LURD recording of {steps} steps (an older file?); the moves are dropped, the counts kept",
                trailing.len()
            ));
        } else if lurd.is_some() && trailing.len() > steps_n {
            warnings.push(format!(
                "{file}: level {n}: {} unknown bytes after the recording are dropped",
                trailing.len() - steps_n
            ));
        }
        Some(Recording {
            moves: steps as u32,
            pushes: pushes as u32,
            lurd,
        })
    }
}

/// The group name as at most 16 bytes of GB2312 (GBK), cut at a character boundary.
/// Returns the bytes and whether anything was lost.
pub fn encode_name(name: &str) -> ([u8; NAME_BYTES], bool) {
    let mut out = [0u8; NAME_BYTES];
    let mut used = 0;
    let mut lost = false;
    let mut buf = [0u8; 4];
    for ch in name.chars() {
        let (enc, _, unmappable) = GBK.encode(ch.encode_utf8(&mut buf));
        let enc: &[u8] = if unmappable { b"?" } else { &enc };
        lost |= unmappable;
        if used + enc.len() > NAME_BYTES {
            lost = true;
            break;
        }
        out[used..used + enc.len()].copy_from_slice(enc);
        used += enc.len();
    }
    (out, lost)
}

/// Writes a `.bxb` file. Returns the bytes and warnings (a name that did not fit).
pub fn write(c: &Collection) -> (Vec<u8>, Vec<String>) {
    let mut warnings = Vec::new();
    let (name, lost) = encode_name(&c.name);
    if lost {
        warnings.push(format!(
            "the collection name \"{}\" does not fit in 16 bytes of GB2312; the .bxb keeps a shortened name",
            c.name
        ));
    }
    let mut out = Vec::new();
    out.extend_from_slice(&[0, 0, 0, 0, VERSION, b'B', b'O', b'X']);
    out.extend_from_slice(&name);
    out.extend_from_slice(&(c.levels.len() as i32).to_le_bytes());
    out.extend_from_slice(&[0; 4]); // table offset, filled in below
    let mut table = Vec::with_capacity(c.levels.len());
    for level in &c.levels {
        table.push(out.len() as i32);
        let (steps, pushes, lurd) = match &level.recording {
            Some(r) => {
                let lurd = r.lurd.as_deref().unwrap_or("");
                let steps = if r.lurd.is_some() {
                    lurd.len() as u32
                } else {
                    r.moves
                };
                (steps, r.pushes, lurd.as_bytes())
            }
            None => (0, 0, &b""[..]),
        };
        out.push(b'@');
        out.push(level.recording.is_some() as u8);
        out.extend_from_slice(&(steps as i32).to_le_bytes());
        out.extend_from_slice(&(pushes as i32).to_le_bytes());
        out.extend_from_slice(&[0; 14]);
        out.extend_from_slice(&(level.width as i32).to_le_bytes());
        out.extend_from_slice(&(level.height as i32).to_le_bytes());
        out.extend_from_slice(&level.cells);
        out.extend_from_slice(lurd);
    }
    let table_at = out.len() as i32;
    out[0x1C..0x20].copy_from_slice(&table_at.to_le_bytes());
    for t in table {
        out.extend_from_slice(&t.to_le_bytes());
    }
    (out, warnings)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::board::Board;

    fn level(rows: &[&str]) -> Level {
        let b = Board::from_mask_rows(rows).unwrap();
        Level::new(b.width(), b.height(), b.cells().to_vec())
    }

    /// The seed's worked example: group "康佳", three levels of 8×7, 8×7 and 9×5.
    pub(crate) fn kangjia() -> Collection {
        Collection {
            name: "康佳".into(),
            levels: vec![
                level(&[
                    "%%####%%", "%##--#%%", "##(x-###", "#-x-x--#", "#-+#-+-#", "##-+-###",
                    "%#####%%",
                ]),
                level(&[
                    "########", "#-(----#", "#-xx-#-#", "#-#++x-#", "#---+--#", "##-----#",
                    "########",
                ]),
                level(&[
                    "#########",
                    "#(x-+-x-#",
                    "#-#####+#",
                    "#-------#",
                    "#########",
                ]),
            ],
            ..Collection::default()
        }
    }

    #[test]
    fn golden_kangjia_297_bytes_table_at_0x11d() {
        let c = kangjia();
        let (bytes, warnings) = write(&c);
        assert!(warnings.is_empty());
        assert_eq!(bytes.len(), 297);
        assert_eq!(i32_at(&bytes, 0x1C), 0x11D);
        assert_eq!(&bytes[4..8], b"\x02BOX");
        assert_eq!(&bytes[8..12], &[0xBF, 0xB5, 0xBC, 0xD1], "康佳 in GB2312");
        assert_eq!(i32_at(&bytes, 0x18), 3);
        assert_eq!(i32_at(&bytes, 0x11D), 32);
        assert_eq!(i32_at(&bytes, 0x121), 32 + 32 + 56);
        let (back, warnings) = read("kangjia.bxb", &bytes).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(back, c);
    }

    #[test]
    fn a_recording_follows_the_map() {
        let mut c = kangjia();
        c.levels[2].recording = Some(Recording {
            moves: 2,
            pushes: 1,
            lurd: Some("rR".into()),
        });
        let (bytes, _) = write(&c);
        assert_eq!(bytes.len(), 299);
        let (back, w) = read("x.bxb", &bytes).unwrap();
        assert!(w.is_empty());
        assert_eq!(back, c);
    }

    #[test]
    fn old_step_bytes_are_dropped_with_a_warning() {
        let mut c = kangjia();
        c.levels[0].recording = Some(Recording {
            moves: 3,
            pushes: 1,
            lurd: Some("rRd".into()),
        });
        let (mut bytes, _) = write(&c);
        // Turn the recording into bytes an older program might have written.
        let at = 32 + 32 + 56;
        bytes[at..at + 3].copy_from_slice(&[1, 2, 3]);
        let (back, w) = read("old.bxb", &bytes).unwrap();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("old.bxb: level 1"), "{}", w[0]);
        let r = back.levels[0].recording.clone().unwrap();
        assert_eq!((r.moves, r.pushes, r.lurd), (3, 1, None));
        assert_eq!(back.levels[1], c.levels[1]);
    }

    #[test]
    fn hostile_files_are_errors_not_allocations() {
        let (good, _) = write(&kangjia());
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (good[..20].to_vec(), "byte 20"),
            (
                {
                    let mut b = good.clone();
                    b[5] = b'X';
                    b
                },
                "signature",
            ),
            (
                {
                    let mut b = good.clone();
                    b[4] = 9;
                    b
                },
                "version 9",
            ),
            (
                {
                    let mut b = good.clone();
                    b[0x18..0x1C].copy_from_slice(&i32::MAX.to_le_bytes());
                    b
                },
                "does not fit",
            ),
            (
                {
                    let mut b = good.clone();
                    b[0x18..0x1C].copy_from_slice(&(-1i32).to_le_bytes());
                    b
                },
                "negative",
            ),
            (
                {
                    let mut b = good.clone();
                    b[0x1C..0x20].copy_from_slice(&(-5i32).to_le_bytes());
                    b
                },
                "does not fit",
            ),
            (
                {
                    let mut b = good.clone();
                    b[0x11D..0x121].copy_from_slice(&9999i32.to_le_bytes());
                    b
                },
                "outside the file",
            ),
            (
                {
                    let mut b = good.clone();
                    b[32 + 24..32 + 28].copy_from_slice(&i32::MAX.to_le_bytes());
                    b
                },
                "each side",
            ),
            (
                {
                    let mut b = good.clone();
                    b[32 + 24..32 + 28].copy_from_slice(&1000i32.to_le_bytes());
                    b
                },
                "runs past",
            ),
            (
                {
                    let mut b = good.clone();
                    b[0x121..0x125].copy_from_slice(&32i32.to_le_bytes());
                    b
                },
                "used twice",
            ),
            (
                {
                    let mut b = good.clone();
                    b[32] = b'#';
                    b
                },
                "'@'",
            ),
            (
                {
                    let mut b = good.clone();
                    b[64 + 9] = 0x4F;
                    b
                },
                "not a cell kind",
            ),
        ];
        for (bytes, expect) in cases {
            let e = read("bad.bxb", &bytes).unwrap_err();
            let msg = e.to_string();
            assert!(msg.starts_with("bad.bxb"), "{msg}");
            assert!(msg.contains(expect), "{msg} should mention {expect}");
        }
        let e = read("bad.bxb", &{
            let mut b = good.clone();
            b[64 + 9] = 0x4F;
            b
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad.bxb: level 1: byte 73 (0x49): cell (1, 1) holds byte 0x4f, which is not a cell kind (0 to 7)"
        );
    }

    #[test]
    fn long_names_are_cut_at_a_character_boundary() {
        let (bytes, lost) = encode_name("推箱子推箱子推箱子"); // 9 characters, 18 bytes
        assert!(lost);
        let (name, _) = GBK.decode_without_bom_handling(&bytes);
        assert_eq!(
            name, "推箱子推箱子推箱",
            "8 two-byte characters fill the 16 bytes"
        );
        let (bytes, lost) = encode_name("a推箱子推箱子推箱"); // 1 + 16 bytes
        assert!(lost);
        assert_eq!(
            bytes[15], 0,
            "a character never splits: 7 fit after the a, in 15 bytes"
        );
        assert_eq!(
            GBK.decode_without_bom_handling(&bytes[..15]).0,
            "a推箱子推箱子推"
        );
        let (bytes, lost) = encode_name("Microban");
        assert!(!lost);
        assert_eq!(&bytes[..8], b"Microban");
    }
}
