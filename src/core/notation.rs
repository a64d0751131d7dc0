//! How cells and sizes are written on the command line and in scripts: `X,Y` (0-based column and
//! row, as `pushbox path` names them) and `WxH`. One parser for the CLI and the scripted mode.

use std::ops::RangeInclusive;

/// Parses a cell `X,Y`.
pub fn parse_cell(s: &str) -> Result<(u32, u32), String> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("{s:?}: a cell is written X,Y, for example 5,3"))?;
    let n = |v: &str, what: &str| {
        v.trim().parse::<u32>().map_err(|_| {
            format!("{v:?} is not a {what} number (cells are counted from 0,0 at the top left)")
        })
    };
    Ok((n(x, "column")?, n(y, "row")?))
}

/// Parses a size `WxH` whose sides lie in `sides`, counted in `unit`s; `what` names a side in
/// messages ("room side") and `example` shows a size.
pub fn parse_size(
    s: &str,
    sides: RangeInclusive<u32>,
    (what, unit): (&str, &str),
    example: &str,
) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{s:?}: a size is written WxH, for example {example}"))?;
    let n = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| sides.contains(n))
            .ok_or_else(|| {
                format!(
                    "{v:?} is not a {what} of {} to {} {unit}",
                    sides.start(),
                    sides.end()
                )
            })
    };
    Ok((n(w)?, n(h)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells() {
        assert_eq!(parse_cell("5,3"), Ok((5, 3)));
        assert_eq!(parse_cell(" 5 , 3 "), Ok((5, 3)));
        assert!(
            parse_cell("-1,2")
                .unwrap_err()
                .contains("\"-1\" is not a column number")
        );
        assert!(parse_cell("4,x").unwrap_err().contains("not a row number"));
        assert!(parse_cell("53").unwrap_err().contains("written X,Y"));
    }

    #[test]
    fn sizes() {
        let room = |s| parse_size(s, 3..=30, ("room side", "cells"), "8x7");
        assert_eq!(room("8x7"), Ok((8, 7)));
        assert_eq!(room("8X7"), Ok((8, 7)));
        assert_eq!(
            room("2x7").unwrap_err(),
            "\"2\" is not a room side of 3 to 30 cells"
        );
        assert!(room("87").unwrap_err().contains("WxH, for example 8x7"));
    }
}
