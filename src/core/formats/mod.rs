//! Level files: the original game's `.bxb` (binary) and `.bxa` (text), and the community's
//! XSB / SOK / RLE text formats. Every reader returns a typed error naming the file, the level and
//! the place; none panics on any input.

pub mod bxa;
pub mod bxb;
pub mod rle;
pub mod xsb;

#[cfg(test)]
mod fuzz;

use std::fmt;
use std::path::Path;

use super::level::Collection;

/// Where in a file something is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// 1-based line and column (characters).
    Line {
        line: usize,
        column: usize,
    },
    /// Byte offset from the start of the file.
    Byte(u64),
    Whole,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Line { line, column } => write!(f, "line {line}, column {column}"),
            Place::Byte(b) => write!(f, "byte {b} ({b:#x})"),
            Place::Whole => Ok(()),
        }
    }
}

/// A file that could not be read, with the file, the level (1-based index and title) and the place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub file: String,
    pub level: Option<(usize, String)>,
    pub place: Place,
    pub message: String,
}

impl FormatError {
    pub fn new(file: &str, place: Place, message: impl Into<String>) -> FormatError {
        FormatError {
            file: file.to_string(),
            level: None,
            place,
            message: message.into(),
        }
    }

    pub fn in_level(mut self, index: usize, title: &str) -> FormatError {
        self.level = Some((index + 1, title.to_string()));
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        match &self.level {
            Some((n, t)) if !t.is_empty() => write!(f, ": level {n} \"{t}\"")?,
            Some((n, _)) => write!(f, ": level {n}")?,
            None => {}
        }
        if self.place != Place::Whole {
            write!(f, ": {}", self.place)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for FormatError {}

/// The file formats PushBox reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Bxb,
    Bxa,
    /// XSB / SOK / TXT (all read alike; RLE boards are read inside them).
    Xsb,
}

impl Format {
    /// The format for a file name's extension (case-insensitive).
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "bxb" => Some(Format::Bxb),
            "bxa" => Some(Format::Bxa),
            "xsb" | "sok" | "txt" => Some(Format::Xsb),
            _ => None,
        }
    }
}

/// Reads a collection from bytes in the given format. `file` names the source in messages.
/// Warnings (things dropped but not fatal) are returned beside the collection.
pub fn read(
    format: Format,
    file: &str,
    bytes: &[u8],
) -> Result<(Collection, Vec<String>), FormatError> {
    match format {
        Format::Bxb => bxb::read(file, bytes),
        Format::Bxa => Ok((bxa::read(file, &text(file, bytes)?)?, Vec::new())),
        Format::Xsb => Ok((xsb::read(file, &text(file, bytes)?)?, Vec::new())),
    }
}

/// Writes a collection in the given format.
pub fn write(format: Format, c: &Collection) -> Vec<u8> {
    match format {
        Format::Bxb => bxb::write(c).0,
        Format::Bxa => bxa::write(c).into_bytes(),
        Format::Xsb => xsb::write(c).into_bytes(),
    }
}

/// Decodes a text file as UTF-8 (a byte-order mark is skipped).
pub fn text(file: &str, bytes: &[u8]) -> Result<String, FormatError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let column =
                String::from_utf8_lossy(good.rsplit(|&b| b == b'\n').next().unwrap_or(b""))
                    .chars()
                    .count()
                    + 1;
            Err(FormatError::new(
                file,
                Place::Line { line, column },
                format!(
                    "the text is not UTF-8 (byte {:#04x} at offset {})",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A broken byte is told by its value, its offset, and its line and column.
    #[test]
    fn text_that_is_not_utf8_names_the_byte_and_where_it_is() {
        let err = text("bad.xsb", b"####\n#@\xff").unwrap_err().to_string();
        assert!(err.contains("bad.xsb"), "{err}");
        assert!(err.contains("line 2, column 3"), "{err}");
        assert!(err.contains("byte 0xff at offset 7"), "{err}");
        assert_eq!(text("ok.xsb", b"\xEF\xBB\xBF#").unwrap(), "#");
    }
}
