//! Run-length encoded boards: `7#|#.@-#-#|…`. A count precedes a character or a parenthesised
//! group; `|` separates rows; `-` or `_` is floor; trailing floor of a row may be left out.

/// The most characters one RLE text may expand to.
pub const MAX_EXPANDED: usize = 64 * 1024 * 1024;

/// Expands RLE text into rows of plain board characters (floor as `-`).
/// On error returns the 0-based character index and a message.
pub fn decode(text: &str) -> Result<Vec<String>, (usize, String)> {
    decode_within(text, MAX_EXPANDED)
}

/// As [`decode`], refusing text that expands to more than `limit` characters (a level in a
/// link is far smaller than a level in a file may be).
pub fn decode_within(text: &str, limit: usize) -> Result<Vec<String>, (usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let mut total = 0;
    let expanded = expand(&chars, &mut pos, false, &mut total, limit)?;
    Ok(expanded.split('|').map(str::to_string).collect())
}

fn expand(
    chars: &[char],
    pos: &mut usize,
    in_group: bool,
    total: &mut usize,
    limit: usize,
) -> Result<String, (usize, String)> {
    let mut out = String::new();
    while *pos < chars.len() {
        let c = chars[*pos];
        if c == ')' {
            if !in_group {
                return Err((*pos, "')' closes no group".into()));
            }
            *pos += 1;
            return Ok(out);
        }
        let count_at = *pos;
        let count = crate::core::lurd::read_count(chars, pos);
        let n = count.unwrap_or(1);
        let item = match chars.get(*pos) {
            Some('(') => {
                let open = *pos;
                *pos += 1;
                let inner = expand(chars, pos, true, total, limit)?;
                if chars.get(*pos - 1) != Some(&')') {
                    return Err((open, "the group is never closed".into()));
                }
                inner
            }
            Some(&c) if c != ')' => {
                *pos += 1;
                c.to_string()
            }
            _ => {
                return Err((
                    count_at,
                    "a count is not followed by a character or group".into(),
                ));
            }
        };
        let grow = item.len().saturating_mul(n);
        *total = total.saturating_add(grow);
        if *total > limit {
            return Err((
                count_at,
                format!("the board expands to more than {limit} characters"),
            ));
        }
        for _ in 0..n {
            out.push_str(&item);
        }
    }
    if in_group {
        // Reported by the caller with the group's opening position.
        *pos = chars.len() + 1;
    }
    Ok(out)
}

/// Run-length encodes rows of board characters (runs of 2 or more get a count), rows joined by
/// `|`, trailing floor left out, floor written `-`.
pub fn encode(rows: &[String]) -> String {
    encode_rows(rows, true)
}

/// As [`encode`], but keeps trailing floor so the board's width survives.
pub fn encode_full(rows: &[String]) -> String {
    encode_rows(rows, false)
}

fn encode_rows(rows: &[String], trim: bool) -> String {
    let mut parts = Vec::with_capacity(rows.len());
    for row in rows {
        let row = if trim {
            row.trim_end_matches([' ', '-', '_'])
        } else {
            row
        };
        let mut s = String::new();
        let chars: Vec<char> = row
            .chars()
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let mut j = i;
            while j < chars.len() && chars[j] == c {
                j += 1;
            }
            if j - i > 1 {
                s.push_str(&(j - i).to_string());
            }
            s.push(c);
            i = j;
        }
        parts.push(s);
    }
    parts.join("|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_rows_and_groups() {
        assert_eq!(decode("4#").unwrap(), ["####"]);
        assert_eq!(decode("2(3(#-)#)").unwrap(), ["#-#-#-##-#-#-#"]);
        assert_eq!(
            decode("7#|#.@-#-#|#$*-$-#|#3-$-#|#-..--#|#--*--#|7#").unwrap(),
            [
                "#######", "#.@-#-#", "#$*-$-#", "#---$-#", "#-..--#", "#--*--#", "#######"
            ]
        );
    }

    #[test]
    fn bad_rle_says_where() {
        assert_eq!(decode("3").unwrap_err().0, 0);
        assert_eq!(
            decode("#2(#").unwrap_err(),
            (2, "the group is never closed".into())
        );
        assert_eq!(decode("#)").unwrap_err().0, 1);
        assert!(decode("99999999999(##)").unwrap_err().1.contains("expands"));
    }

    #[test]
    fn encode_round_trips() {
        let rows: Vec<String> = ["#######", "#.@ # #", "#$* $ #", "#   $ #", "#######"]
            .map(String::from)
            .into();
        let text = encode(&rows);
        assert_eq!(text, "7#|#.@-#-#|#$*-$-#|#3-$-#|7#");
        let back: Vec<String> = decode(&text)
            .unwrap()
            .into_iter()
            .map(|r| r.replace('-', " "))
            .collect();
        assert_eq!(back, rows);
    }
}
