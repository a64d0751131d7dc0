//! A level in a link: `…#level=RLE&title=TITLE&lurd=MOVES`, each value percent-encoded as
//! JavaScript's `encodeURIComponent` does (so the RLE's `#` walls are `%23`). The level travels
//! in the fragment, which browsers never send to a server, so a link works from any copy of the
//! web build, and the desktop game reads the same text from its command line.
//!
//! Reading refuses what a stranger's link could hold instead of a level (text that is not RLE, a
//! board without a worker, megabytes of text, markup) with an error that says what is wrong;
//! the solution is only read here and verified by whoever replays it.

use super::formats::{rle, xsb};
use super::level::Level;
use super::lurd::{self, LurdError};
use super::validate::LevelError;

/// The longest link read (characters). A 50×50 level is under 3 000 in RLE and a solution of
/// 10 000 moves under 10 000; anything near this is not a level someone shared.
pub const MAX_LINK: usize = 200_000;

/// The most cells a shared board may expand to (256×256).
pub const MAX_CELLS: usize = 256 * 256;

/// The longest title kept from a link (characters).
pub const MAX_TITLE: usize = 100;

/// The most steps a shared solution may expand to.
pub const MAX_STEPS: usize = 1_000_000;

/// Why a link was not opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    #[error("the link is {chars} characters long; a level's link is at most {MAX_LINK}")]
    TooLong { chars: usize },
    #[error("the link holds no level (no \"#level=\" in it)")]
    NoLevel,
    #[error("the link's {key} has a broken %-escape at character {at}")]
    BadEscape { key: String, at: usize },
    #[error("the link's {key} is not UTF-8 text")]
    NotText { key: String },
    #[error("the level is not RLE: {found:?} at character {at}")]
    NotRle { found: char, at: usize },
    #[error("the level's RLE is broken at character {at}: {problem}")]
    BadRle { at: usize, problem: String },
    #[error("the level is larger than {MAX_CELLS} cells")]
    TooBig,
    #[error("the link holds no board (no wall in it)")]
    NoBoard,
    #[error("the level cannot be played: {0}")]
    Unplayable(#[from] LevelError),
}

/// What a link holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// The level, with the link's title.
    pub level: Level,
    /// A solution as given (its syntax checked, not yet played): `Err` says why it cannot be
    /// read, and the level still opens.
    pub solution: Option<Result<String, LurdError>>,
}

/// The link to `level` from the page at `base` (any fragment of `base` is dropped), with a
/// solution when one is given.
pub fn link(base: &str, level: &Level, solution: Option<&str>) -> String {
    let page = base.split('#').next().unwrap_or_default();
    let mut out = format!("{page}#level={}", encode(&xsb::write_rle(level)));
    if !level.title.is_empty() {
        out.push_str("&title=");
        out.push_str(&encode(&level.title));
    }
    if let Some(moves) = solution {
        out.push_str("&lurd=");
        out.push_str(&encode(&compress_moves(moves)));
    }
    out
}

/// Whether pasted text is meant as a share link (a `#level=` fragment or an address with one)
/// rather than boards or moves.
pub fn looks_like_link(text: &str) -> bool {
    let t = text.trim_start();
    t.contains("#level=") || t.starts_with("level=")
}

/// Reads a link, or the part of one from `#` on, or its fragment without the `#`.
pub fn read(text: &str) -> Result<Shared, ShareError> {
    if text.len() > MAX_LINK {
        return Err(ShareError::TooLong {
            chars: text.chars().count(),
        });
    }
    let fragment = match text.trim().split_once('#') {
        Some((_, f)) => f,
        None => text.trim(),
    };
    let (mut rle_text, mut title, mut moves) = (None, None, None);
    for pair in fragment.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = match key {
            "level" => &mut rle_text,
            "title" => &mut title,
            "lurd" => &mut moves,
            _ => continue,
        };
        if slot.is_none() {
            *slot = Some(decode(key, value)?);
        }
    }
    let rle_text = rle_text.ok_or(ShareError::NoLevel)?;
    let mut level = level_of(&rle_text)?;
    level.playable()?;
    level.title = title.map(|t| clean_title(&t)).unwrap_or_default();
    let solution = moves.map(|m| {
        let steps = lurd::parse(&m)?;
        if steps.len() > MAX_STEPS {
            return Err(LurdError::TooLong);
        }
        Ok(m)
    });
    Ok(Shared { level, solution })
}

/// The board of an RLE text, refusing anything else.
fn level_of(text: &str) -> Result<Level, ShareError> {
    if let Some((at, found)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| !xsb::is_rle_char(c))
    {
        return Err(ShareError::NotRle { found, at: at + 1 });
    }
    let rows = rle::decode_within(text, MAX_CELLS).map_err(|(at, problem)| ShareError::BadRle {
        at: at + 1,
        problem,
    })?;
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    if width.saturating_mul(rows.len()) > MAX_CELLS {
        return Err(ShareError::TooBig);
    }
    // One RLE line is a board of its own to the XSB reader, every row kept as it is.
    let one_line = rle::encode_full(&rows);
    let read = xsb::read("link", &one_line).map_err(|e| ShareError::BadRle {
        at: 1,
        problem: e.to_string(),
    })?;
    read.levels.into_iter().next().ok_or(ShareError::NoBoard)
}

/// A title as shown: one line, no control characters, at most [`MAX_TITLE`] characters.
fn clean_title(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_TITLE)
        .collect::<String>()
        .trim()
        .to_string()
}

/// Runs of three or more equal moves as a count (`rrrr` → `4r`): LURD readers take counts.
fn compress_moves(moves: &str) -> String {
    let chars: Vec<char> = moves.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|&&c| c == chars[i]).count();
        if run >= 3 {
            out.push_str(&run.to_string());
            out.push(chars[i]);
        } else {
            out.extend(std::iter::repeat_n(chars[i], run));
        }
        i += run;
    }
    out
}

/// Percent-encodes as `encodeURIComponent`: letters, digits and `-_.!~*'()` stay as they are.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Undoes [`encode`] (and any other %-escapes); `key` names the value in errors.
fn decode(key: &str, text: &str) -> Result<String, ShareError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| ShareError::BadEscape {
                    key: key.into(),
                    at: text[..i].chars().count() + 1,
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| ShareError::NotText { key: key.into() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rows: &[&str], title: &str) -> Level {
        let text = rows.join("\n");
        let mut l = xsb::read("test", &text).unwrap().levels.remove(0);
        l.title = title.into();
        l
    }

    fn sample() -> Level {
        level(
            &["#######", "#.@ $ #", "#  *  #", "#######"],
            "Two & one #3",
        )
    }

    #[test]
    fn a_link_holds_the_level_its_title_and_a_solution() {
        let l = sample();
        let url = link(
            "https://example.org/pushbox/index.html#old",
            &l,
            Some("llllLR"),
        );
        assert!(
            url.starts_with("https://example.org/pushbox/index.html#level=7%23%7C%23.%40-%24-%23"),
            "{url}"
        );
        assert!(url.contains("&title=Two%20%26%20one%20%233"), "{url}");
        assert!(url.ends_with("&lurd=4lLR"), "{url}");
        let shared = read(&url).unwrap();
        assert_eq!(shared.level.cells, l.cells);
        assert_eq!((shared.level.width, shared.level.height), (7, 4));
        assert_eq!(shared.level.title, "Two & one #3");
        assert_eq!(shared.solution, Some(Ok("4lLR".into())));
        // The fragment alone, with or without its `#`, reads the same.
        let fragment = &url[url.find('#').unwrap()..];
        assert_eq!(read(fragment).unwrap(), shared);
        assert_eq!(read(&fragment[1..]).unwrap(), shared);
    }

    #[test]
    fn a_solution_in_a_link_solves_the_level() {
        let l = level(&["#####", "#@$.#", "#####"], "");
        let url = link("http://localhost:8000/", &l, Some("R"));
        let shared = read(&url).unwrap();
        let start = shared.level.playable().unwrap();
        let moves = shared.solution.unwrap().unwrap();
        assert!(lurd::check_solution(&start, &moves).is_ok());
        assert_eq!(shared.level.title, "");
    }

    #[test]
    fn rows_without_walls_and_leading_floor_survive() {
        let l = level(&["  #####", "  #@$.#", "  #####"], "");
        let shared = read(&link("", &l, None)).unwrap();
        assert_eq!(shared.level.cells, l.cells);
    }

    #[test]
    fn broken_and_hostile_links_are_refused_and_say_why() {
        type Expected = fn(&ShareError) -> bool;
        let cases: [(String, Expected); 9] = [
            ("https://x/#level=hello%20world".into(), |e| {
                matches!(e, ShareError::NotRle { found: 'h', at: 1 })
            }),
            ("https://x/#level=5%23%7C%23.%24-%23%7C5%23".into(), |e| {
                matches!(e, ShareError::Unplayable(_))
            }),
            (
                format!("https://x/#level={}", "3%23".repeat(2_600_000)),
                |e| matches!(e, ShareError::TooLong { .. }),
            ),
            (
                "https://x/#level=%3Cscript%3Ealert(1)%3C%2Fscript%3E".into(),
                |e| matches!(e, ShareError::NotRle { found: '<', .. }),
            ),
            ("https://x/#level=4%2".into(), |e| {
                matches!(e, ShareError::BadEscape { at: 2, .. })
            }),
            ("https://x/#title=nothing".into(), |e| {
                matches!(e, ShareError::NoLevel)
            }),
            ("https://x/#level=9999(9999%23)".into(), |e| {
                matches!(e, ShareError::BadRle { .. })
            }),
            ("https://x/#level=%FF".into(), |e| {
                matches!(e, ShareError::NotText { .. })
            }),
            ("https://x/#level=5-".into(), |e| {
                matches!(e, ShareError::NoBoard)
            }),
        ];
        for (url, expected) in &cases {
            let e = read(url).expect_err(&url[..url.len().min(60)]);
            assert!(expected(&e), "{}: {e}", &url[..url.len().min(60)]);
            assert!(!e.to_string().is_empty());
        }
        // 10 MB: refused before anything is decoded.
        let huge = format!("#level={}", "#".repeat(10 << 20));
        assert_eq!(
            read(&huge),
            Err(ShareError::TooLong {
                chars: 7 + (10 << 20)
            })
        );
    }

    #[test]
    fn a_broken_solution_still_opens_the_level() {
        let l = sample();
        let url = format!("{}&lurd=rrX", link("", &l, None));
        let shared = read(&url).unwrap();
        assert!(matches!(
            shared.solution,
            Some(Err(LurdError::BadChar { found: 'X', .. }))
        ));
        let url = format!("{}&lurd=999999(lr)", link("", &l, None));
        assert_eq!(read(&url).unwrap().solution, Some(Err(LurdError::TooLong)));
    }

    #[test]
    fn titles_are_one_short_line() {
        let l = sample();
        let url = format!(
            "{}&title={}",
            link(
                "",
                &Level {
                    title: String::new(),
                    ..l
                },
                None
            ),
            encode(&format!("a\nb{}", "x".repeat(500)))
        );
        let title = read(&url).unwrap().level.title;
        assert!(title.starts_with("a b"));
        assert_eq!(title.chars().count(), MAX_TITLE);
    }

    #[test]
    fn encoding_matches_encode_uri_component() {
        // encodeURIComponent("#@$.* _-|()+推") in a browser.
        assert_eq!(
            encode("#@$.* _-|()+推"),
            "%23%40%24.*%20_-%7C()%2B%E6%8E%A8"
        );
        assert_eq!(
            decode("k", "%23%40%24.*%20_-%7C()%2B%E6%8E%A8").unwrap(),
            "#@$.* _-|()+推"
        );
        assert_eq!(compress_moves("rrrUUllllD d"), "3rUU4lDd");
    }
}
