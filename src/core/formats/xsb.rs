//! XSB / SOK / TXT collections (and RLE boards inside them).
//!
//! A *board line* holds at least one wall and only board characters (`#@+$*.` space, the `.sok`
//! alternatives `- _ p P b B W`), or is an RLE row (the same plus digits, `|` and parentheses).
//! A level is a maximal run of board lines; everything else is metadata, placed by these rules:
//!
//! - Text between two boards is split into paragraphs at blank lines. A paragraph that touches the
//!   board above (no blank line between) belongs to that level: its `Title:`/`Author:` keys, its
//!   `Solution` lines, and, if the level has no title yet, a lone line (`; TITLE` after the board).
//! - The last paragraph before a board names it when it is one line (`; 12`, `;screen.12`, `12`,
//!   `Some Title`), or when it holds `Title:`/`Author:` keys. Other paragraphs are notes of the level
//!   above (or of the collection, before the first board).
//! - Before the first board, `Collection:`, `Title:` and `Author:` keys describe the collection.
//! - `::` lines are comments never shown; `Comment:` … `Comment-End:` blocks are notes.
//! - Rows are ragged (padded with floor), a common indentation is removed, CRLF is accepted.

use std::fmt::Write as _;

use super::{FormatError, Place, rle};
use crate::core::board::MAX_SIDE;
use crate::core::cell::*;
use crate::core::level::{Collection, Level};

const BOARD_CHARS: &str = " #@+$*.-_pPbBW";

/// Whether `c` may stand in an RLE board: a board character (in any of the notations read),
/// a count's digit, a row break `|` or a group's parenthesis.
pub fn is_rle_char(c: char) -> bool {
    BOARD_CHARS.contains(c) || c.is_ascii_digit() || "|()".contains(c)
}

fn cell_of(c: char) -> Option<u8> {
    Some(match c {
        '#' | 'W' => WALL,
        ' ' | '-' | '_' => LAND,
        '.' => SLOT,
        '$' | 'b' => BOX0,
        '*' | 'B' => BOX1,
        '@' | 'p' => MAN0,
        '+' | 'P' => MAN1,
        _ => return None,
    })
}

/// The XSB character of a cell (a brick is written as a wall).
pub fn char_of(b: u8) -> char {
    b" .##$*@+"[kind(b) as usize] as char
}

enum Line<'a> {
    Blank,
    /// Rows of board characters (one, or several from an RLE line).
    Board(Vec<String>),
    Text(&'a str),
}

fn has_wall(s: &str) -> bool {
    s.contains(['#', 'W'])
}

fn classify(line: &str) -> Result<Line<'_>, (usize, String)> {
    let t = line.trim_end();
    if t.trim().is_empty() {
        return Ok(Line::Blank);
    }
    if !has_wall(t) {
        return Ok(Line::Text(t));
    }
    if t.chars().all(|c| BOARD_CHARS.contains(c)) {
        return Ok(Line::Board(vec![t.to_string()]));
    }
    let rle_like = t.contains(|c: char| c.is_ascii_digit() || c == '|')
        && t.trim_start().chars().all(is_rle_char);
    if rle_like {
        let lead = t.len() - t.trim_start().len();
        return rle::decode(t.trim_start())
            .map(Line::Board)
            .map_err(|(at, msg)| (lead + at, msg));
    }
    Ok(Line::Text(t))
}

/// A `Key: value` line (the key is a word or a few words), with any `;` prefix removed.
fn key_value(text: &str) -> Option<(String, &str)> {
    let (k, v) = text.split_once(':')?;
    let k = k.trim();
    let ok = !k.is_empty()
        && k.len() <= 32
        && k.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || " _-/(),".contains(c));
    ok.then(|| (k.to_ascii_lowercase(), v.trim()))
}

fn strip_comment(text: &str) -> &str {
    text.trim().strip_prefix(';').unwrap_or(text.trim()).trim()
}

fn is_lurd_line(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| "lurdLURD0123456789() \t".contains(c))
}

struct Para<'a> {
    lines: Vec<&'a str>,
    touches_prev: bool,
    touches_next: bool,
}

impl Para<'_> {
    fn lone_title(&self) -> Option<String> {
        match self.lines.as_slice() {
            [one] if key_value(strip_comment(one)).is_none() => {
                Some(strip_comment(one).to_string())
            }
            [one] => key_value(strip_comment(one))
                .filter(|(k, _)| k == "title")
                .map(|(_, v)| v.to_string()),
            _ => None,
        }
    }

    fn has_level_keys(&self) -> bool {
        self.lines.iter().any(|l| {
            key_value(strip_comment(l)).is_some_and(|(k, _)| k == "title" || k == "author")
        })
    }

    /// A short paragraph of plain lines (`; 154` then `'Take the long way home.'`): a title with notes.
    fn titled_notes(&self) -> bool {
        self.lines.len() <= 3
            && self
                .lines
                .iter()
                .all(|l| key_value(strip_comment(l)).is_none())
    }
}

/// A line's text in a quoted pair (`'The Dungeon'`, `"Hall"`), if it is quoted.
fn quoted(text: &str) -> Option<&str> {
    ['\'', '"'].into_iter().find_map(|q| {
        text.strip_prefix(q)
            .and_then(|t| t.strip_suffix(q))
            .filter(|t| !t.trim().is_empty())
            .map(str::trim)
    })
}

/// What a title line names: its text without quotes, or nothing when it is a bare number (the
/// level's number, which the game shows anyway).
fn title_text(text: &str) -> Option<String> {
    if text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(quoted(text).unwrap_or(text).to_string())
}

/// Applies a paragraph to a level: keys, solutions, notes; a lone line may become the title.
fn apply_to_level(level: &mut Level, para: &Para, lone_is_title: bool) {
    let mut lines = &para.lines[..];
    if lone_is_title && level.title.is_empty() {
        if let Some(t) = para.lone_title() {
            level.title = title_text(&t).unwrap_or_default();
            return;
        }
        if let Some(first) = lines.first()
            && key_value(strip_comment(first)).is_none()
        {
            lines = &lines[1..];
            match title_text(strip_comment(first)) {
                Some(t) => level.title = t,
                // `; 155` then `'The Dungeon'`: the number counts, the quoted line names.
                None => {
                    if let Some(t) = lines.first().and_then(|l| quoted(strip_comment(l))) {
                        level.title = t.to_string();
                        lines = &lines[1..];
                    }
                }
            }
        }
    }
    let mut in_solution = false;
    for line in lines {
        let text = strip_comment(line);
        if in_solution && is_lurd_line(line.trim()) {
            level
                .solutions
                .last_mut()
                .expect("a solution is open")
                .push_str(line.trim());
            continue;
        }
        in_solution = false;
        match key_value(text) {
            Some((k, v)) if k == "title" => level.title = v.to_string(),
            Some((k, v)) if k == "author" => level.author = v.to_string(),
            Some((k, v)) if k.starts_with("solution") && (v.is_empty() || is_lurd_line(v)) => {
                level.solutions.push(v.replace([' ', '\t'], ""));
                in_solution = true;
            }
            Some((k, _)) if k == "comment" || k == "comment-end" || k == "comment_end" => {}
            _ => level.notes.push(text.to_string()),
        }
    }
    level.solutions.retain(|s| !s.is_empty());
}

fn apply_to_collection(c: &mut Collection, para: &Para) {
    for line in &para.lines {
        let text = strip_comment(line);
        match key_value(text) {
            Some((k, v)) if k == "collection" || k == "title" || k == "set" => {
                c.name = v.to_string()
            }
            Some((k, v)) if k == "author" => c.author = v.to_string(),
            Some((k, _)) if k == "comment" || k == "comment-end" || k == "comment_end" => {}
            _ => c.notes.push(text.to_string()),
        }
    }
}

/// Reads an XSB / SOK / TXT collection.
pub fn read(file: &str, text: &str) -> Result<Collection, FormatError> {
    let lines = classify_lines(file, text)?;
    let (boards, gaps) = boards_and_gaps(&lines);
    let mut levels = Vec::with_capacity(boards.len());
    for (k, b) in boards.iter().enumerate() {
        levels.push(level_from_rows(file, k, b.first_line, &b.rows, b.plain)?);
    }
    let mut c = Collection::default();
    attach_paragraphs(&mut c, &mut levels, gaps);
    c.levels = levels;
    Ok(c)
}

/// Step 1: each line as a board row, a blank or text (with its number), keeping `Comment:`
/// blocks as text and dropping `::` lines.
fn classify_lines<'a>(file: &str, text: &'a str) -> Result<Vec<(usize, Line<'a>)>, FormatError> {
    let mut lines = Vec::new();
    let mut in_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let t = raw.trim();
        if t.starts_with("::") {
            continue;
        }
        let key = key_value(strip_comment(t)).map(|(k, _)| k);
        if in_comment {
            if matches!(key.as_deref(), Some("comment-end" | "comment_end")) {
                in_comment = false;
            }
            lines.push((n, Line::Text(raw)));
            continue;
        }
        if key.as_deref() == Some("comment") && key_value(t).is_some_and(|(_, v)| v.is_empty()) {
            in_comment = true;
            lines.push((n, Line::Text(raw)));
            continue;
        }
        let line = classify(raw).map_err(|(at, msg)| {
            FormatError::new(
                file,
                Place::Line {
                    line: n,
                    column: raw[..at.min(raw.len())].chars().count() + 1,
                },
                msg,
            )
        })?;
        lines.push((n, line));
    }
    Ok(lines)
}

/// The rows of one board, as read.
struct BoardRows {
    first_line: usize,
    rows: Vec<String>,
    /// Plain XSB rows (not RLE): their common indentation is not part of the board.
    plain: bool,
}

/// Step 2: the boards, and the paragraphs of text in each gap around them (gap `g` lies
/// between board `g - 1` and board `g`).
fn boards_and_gaps<'a>(lines: &[(usize, Line<'a>)]) -> (Vec<BoardRows>, Vec<Vec<Para<'a>>>) {
    let mut boards: Vec<BoardRows> = Vec::new();
    let mut gaps: Vec<Vec<Para>> = vec![Vec::new()];
    let mut prev_board = false;
    let mut blank_since_board = false;
    for (n, line) in lines {
        match line {
            Line::Board(rows) => {
                if !prev_board {
                    if let Some(p) = gaps.last_mut().and_then(|g| g.last_mut())
                        && !blank_since_board
                    {
                        p.touches_next = true;
                    }
                    boards.push(BoardRows {
                        first_line: *n,
                        rows: Vec::new(),
                        plain: true,
                    });
                    gaps.push(Vec::new());
                }
                let b = boards.last_mut().expect("pushed above");
                b.plain &= rows.len() == 1 && !rows[0].contains('|');
                b.rows.extend(rows.iter().cloned());
                prev_board = true;
                blank_since_board = false;
            }
            Line::Blank => {
                prev_board = false;
                blank_since_board = true;
            }
            Line::Text(t) => {
                let gap = gaps.last_mut().expect("one gap at least");
                match gap.last_mut() {
                    Some(p) if !blank_since_board && !prev_board => p.lines.push(*t),
                    _ => gap.push(Para {
                        lines: vec![*t],
                        touches_prev: prev_board,
                        touches_next: false,
                    }),
                }
                prev_board = false;
                blank_since_board = false;
            }
        }
    }
    (boards, gaps)
}

/// Step 3: each gap's paragraphs to the level above it, except a title for the level below
/// it; the first gap's to the collection.
fn attach_paragraphs(c: &mut Collection, levels: &mut [Level], gaps: Vec<Vec<Para>>) {
    let n = levels.len();
    for (g, mut paras) in gaps.into_iter().enumerate() {
        let next_title = match paras.last() {
            Some(p)
                if g < n
                    && (p.lone_title().is_some()
                        || (g > 0 && p.has_level_keys())
                        || (!p.touches_prev && p.titled_notes() && (g > 0 || paras.len() > 1))) =>
            {
                // A lone paragraph that touches the board above and not this one belongs above.
                let above_owns = g > 0 && paras.len() == 1 && p.touches_prev && !p.touches_next;
                if above_owns { None } else { paras.pop() }
            }
            _ => None,
        };
        if g == 0 {
            for p in &paras {
                apply_to_collection(c, p);
            }
        } else {
            let above = &mut levels[g - 1];
            for (j, p) in paras.iter().enumerate() {
                apply_to_level(above, p, j == 0 && p.touches_prev);
            }
        }
        if let Some(p) = next_title {
            apply_to_level(&mut levels[g], &p, true);
        }
    }
}

fn level_from_rows(
    file: &str,
    index: usize,
    first_line: usize,
    rows: &[String],
    plain: bool,
) -> Result<Level, FormatError> {
    let indent = if plain {
        rows.iter()
            .map(|r| r.len() - r.trim_start_matches(' ').len())
            .min()
            .unwrap_or(0)
    } else {
        0
    };
    let rows: Vec<&str> = rows.iter().map(|r| r.get(indent..).unwrap_or("")).collect();
    let source_indent = indent as u32;
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let height = rows.len();
    if width > MAX_SIDE as usize || height > MAX_SIDE as usize {
        return Err(FormatError::new(
            file,
            Place::Line {
                line: first_line,
                column: 1,
            },
            format!("the board is {width}×{height}; each side must be at most {MAX_SIDE}"),
        )
        .in_level(index, ""));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (y, r) in rows.iter().enumerate() {
        let mut n = 0;
        for (x, ch) in r.chars().enumerate() {
            let b = cell_of(ch).ok_or_else(|| {
                FormatError::new(
                    file,
                    Place::Line {
                        line: first_line + if plain { y } else { 0 },
                        column: indent + x + 1,
                    },
                    format!("{ch:?} is not a board character"),
                )
                .in_level(index, "")
            })?;
            cells.push(b);
            n += 1;
        }
        cells.extend(std::iter::repeat_n(LAND, width - n));
    }
    Ok(Level {
        source_indent,
        ..Level::new(width as u32, height as u32, cells)
    })
}

/// Rows of XSB characters, trailing floor removed.
pub fn rows_of(level: &Level) -> Vec<String> {
    level
        .rows()
        .map(|r| {
            r.iter()
                .map(|&b| char_of(b))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// Whether plain XSB rows would lose part of this board on reading back (an empty row, an empty
/// first or last column), so it is written as one RLE line that keeps every cell.
fn needs_rle(level: &Level) -> bool {
    let floor = |b: &u8| kind(*b) == LAND;
    let w = level.width as usize;
    level.rows().any(|r| !r.iter().any(|&b| is_wall(b)))
        || level.rows().all(|r| floor(&r[0]))
        || level.rows().all(|r| floor(&r[w - 1]))
}

/// Writes a collection as XSB text with titles, authors, notes and solutions (`.sok` style keys).
pub fn write(c: &Collection) -> String {
    let mut s = String::new();
    if !c.name.is_empty() {
        let _ = writeln!(s, "Collection: {}", one_line(&c.name));
    }
    if !c.author.is_empty() {
        let _ = writeln!(s, "Author: {}", one_line(&c.author));
    }
    for n in &c.notes {
        let _ = writeln!(s, "; {}", one_line(n));
    }
    for l in &c.levels {
        if !s.is_empty() {
            s.push('\n');
        }
        if !l.title.is_empty() {
            let _ = writeln!(s, "; {}", one_line(&l.title));
        }
        if needs_rle(l) {
            let full: Vec<String> = l
                .rows()
                .map(|r| {
                    r.iter()
                        .map(|&b| char_of(b))
                        .collect::<String>()
                        .replace(' ', "-")
                })
                .collect();
            let _ = writeln!(s, "{}", rle::encode_full(&full));
        } else {
            for row in rows_of(l) {
                let _ = writeln!(s, "{row}");
            }
        }
        if !l.author.is_empty() {
            let _ = writeln!(s, "Author: {}", one_line(&l.author));
        }
        if !l.notes.is_empty() {
            let _ = writeln!(s, "Comment:");
            for n in &l.notes {
                let _ = writeln!(s, "{}", one_line(n));
            }
            let _ = writeln!(s, "Comment-End:");
        }
        let mut sols: Vec<&str> = l
            .recording
            .iter()
            .filter_map(|r| r.lurd.as_deref())
            .collect();
        for sol in &l.solutions {
            if !sols.contains(&sol.as_str()) {
                sols.push(sol);
            }
        }
        for sol in sols {
            let _ = writeln!(s, "Solution: {sol}");
        }
    }
    s
}

/// One level as XSB (for the clipboard).
pub fn write_level(level: &Level) -> String {
    write(&Collection {
        levels: vec![level.clone()],
        ..Collection::default()
    })
}

/// One level as a single RLE line.
pub fn write_rle(level: &Level) -> String {
    rle::encode(&rows_of(level))
}

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles(c: &Collection) -> Vec<&str> {
        c.levels.iter().map(|l| l.title.as_str()).collect()
    }

    const A: &str = "#####\n#@$.#\n#####";
    const B: &str = "######\n#@$ .#\n######";

    #[test]
    fn title_before_with_and_without_blank_line() {
        // A bare number is the level's number, not a title.
        let c = read("t", &format!("; 1\n\n{A}\n\n; 2\n{B}\n")).unwrap();
        assert_eq!(titles(&c), ["", ""]);
        assert_eq!(c.levels.len(), 2);
        let c = read("t", &format!(";screen.01\n{A}\n\n\n;screen.02\n{B}\n")).unwrap();
        assert_eq!(titles(&c), ["screen.01", "screen.02"]);
        let c = read(
            "t",
            &format!("1\n{A}\nTitle: First\nAuthor: Me\n\n2\n{B}\nTitle: Second\n"),
        )
        .unwrap();
        assert_eq!(titles(&c), ["First", "Second"]);
        assert_eq!(c.levels[0].author, "Me");
    }

    #[test]
    fn a_title_with_a_subtitle_line() {
        let c = read(
            "t",
            &format!("; 1\n\n{A}\n\n; 154\n'Take the long way home.'\n\n{B}\n"),
        )
        .unwrap();
        // Microban's style: the number, then the quoted title.
        assert_eq!(titles(&c), ["", "Take the long way home."]);
        assert!(c.levels[1].notes.is_empty());
        assert!(c.levels[0].notes.is_empty());
        let c = read("t", &format!("; 1\n\n{A}\n\n; 155\n'The Dungeon'\n\n{B}\n")).unwrap();
        assert_eq!(titles(&c), ["", "The Dungeon"]);
        let c = read("t", &format!("\"Quoted\"\n{A}\n\n; 7 more words\n{B}\n")).unwrap();
        assert_eq!(titles(&c), ["Quoted", "7 more words"]);
    }

    #[test]
    fn title_after_the_board() {
        let c = read("t", &format!("{A}\n; First\n\n{B}\n; Second\n")).unwrap();
        assert_eq!(titles(&c), ["First", "Second"]);
    }

    #[test]
    fn strict_board_lines() {
        // "500+" has no wall: a title, not a board line.
        let c = read("t", &format!("500+\n{A}\n")).unwrap();
        assert_eq!(titles(&c), ["500+"]);
        assert_eq!(c.levels.len(), 1);
    }

    #[test]
    fn header_keys_comments_and_notes() {
        let text = format!(
            "Collection: Test Set\nAuthor: Someone\n:: hidden\nComment:\nA note with # in it\n\nstill the note\nComment-End:\n\n; One\n\n{A}\n"
        );
        let c = read("t", &text).unwrap();
        assert_eq!(c.name, "Test Set");
        assert_eq!(c.author, "Someone");
        assert!(
            c.notes.contains(&"A note with # in it".to_string()),
            "{:?}",
            c.notes
        );
        assert_eq!(titles(&c), ["One"]);
    }

    #[test]
    fn sok_alternatives_crlf_ragged_and_indented_rows() {
        let c = read("t", "Title\r\n  #####\r\n  #pb.#\r\n  ###\r\n").unwrap();
        let l = &c.levels[0];
        assert_eq!(l.source_indent, 2);
        assert_eq!((l.width, l.height), (5, 3));
        assert_eq!(&l.cells[5..10], &[WALL, MAN0, BOX0, SLOT, WALL]);
        assert_eq!(
            &l.cells[13..],
            &[LAND, LAND],
            "ragged rows padded with floor"
        );
        let c = read("t", "#####\n#-_P#\n#B###\n#####").unwrap();
        assert_eq!(&c.levels[0].cells[5..10], &[WALL, LAND, LAND, MAN1, WALL]);
    }

    #[test]
    fn rle_boards_and_solutions() {
        let c = read(
            "t",
            "; RLE\n7#|#.@-#-#|#$*-$-#|#3-$-#|#-..--#|#--*--#|7#\nSolution: 3r\nDD\n\n; Next\n2(3(#-)#)\n",
        )
        .unwrap();
        assert_eq!(titles(&c), ["RLE", "Next"]);
        assert_eq!((c.levels[0].width, c.levels[0].height), (7, 7));
        assert_eq!(c.levels[0].solutions, ["3rDD"]);
        assert_eq!(c.levels[1].width, 14);
    }

    #[test]
    fn bad_rle_is_an_error_with_line_and_column() {
        let e = read("f.sok", "; x\n\n#2(#|#\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.sok: line 3, column 3: the group is never closed"
        );
    }

    #[test]
    fn writing_round_trips() {
        let text = format!(
            "Collection: Set\n; note\n\n; One\n{A}\nAuthor: Me\n\n; Two\n{B}\nSolution: rrR\n"
        );
        let c = read("t", &text).unwrap();
        let again = read("t", &write(&c)).unwrap();
        assert_eq!(again, c);
        assert!(
            write(&c).contains("; Two\n######\n#@$ .#\n"),
            "{}",
            write(&c)
        );
        assert_eq!(c.levels[1].solutions, ["rrR"]);
    }

    #[test]
    fn one_level_as_rle_and_back() {
        let c = read("t", "; x\n#######\n#.@ # #\n#$* $ #\n#   $ #\n#######\n").unwrap();
        let line = write_rle(&c.levels[0]);
        assert_eq!(line, "7#|#.@-#-#|#$*-$-#|#3-$-#|7#");
        let back = read("t", &line).unwrap();
        assert_eq!(back.levels[0].cells, c.levels[0].cells);
        assert!(write_level(&c.levels[0]).starts_with("; x\n#######\n"));
    }

    #[test]
    fn awkward_boards_round_trip_through_rle() {
        let c = Collection {
            levels: vec![Level::new(
                3,
                3,
                vec![LAND, LAND, LAND, LAND, MAN0, LAND, WALL, WALL, LAND],
            )],
            ..Collection::default()
        };
        let text = write(&c);
        assert_eq!(read("t", &text).unwrap(), c, "{text}");
    }
}
