//! The command-line tools, run as a player would run them.

use std::process::{Command, Output};

use crate::{shared, temp_dir};

fn pushbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pushbox"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn verify_prints_a_line_per_solution_and_a_closing_count() {
    let levels = shared("levels/microban/Microban_155.xsb");
    let sols = shared("solutions/microban/microban_I_push-optimal.tsv");
    let o = pushbox(&["verify", s(&levels), s(&sols)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 153);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("level 1 \"1\" (line 2): ok, 33 moves, 8 pushes"),
        "{out}"
    );
    assert_eq!(out.lines().last().unwrap(), "152 passed, 0 failed");
}

#[test]
fn verify_fails_on_a_wrong_count_or_a_bad_solution() {
    let d = temp_dir("verify");
    let levels = shared("levels/xsokoban/XSokoban_90.xsb");
    let tsv = d.join("bad.tsv");
    std::fs::write(&tsv, "level\tmoves\tpushes\tlurd\n1\t231\t97\tullluuuLUllDlldddrRRRRRRRRRRRllllllluuululldDDuulldddrRRRRRRRRRRurDllllllllllllulldRRRRRRRRRRRRRdrUluRRlldlllllluuululldDDDDDuulldddrRRRRRRRRRRRurDllllllllllllulldRRRRRRRRRRRRRRRRRRRRRRRRR\n2\t1\t0\tu\n").unwrap();
    let o = pushbox(&["verify", s(&levels), s(&tsv)]);
    assert!(!o.status.success());
    let out = stdout(&o);
    assert!(out.contains("FAILED"), "{out}");
    assert_eq!(out.lines().last().unwrap(), "0 passed, 2 failed");
    // A plain LURD file: one line per level in order.
    let lurd = d.join("one.lurd.txt");
    let first = std::fs::read_to_string(shared("solutions/xsokoban/xsokoban_level1.tsv")).unwrap();
    let sol = first
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .next_back()
        .unwrap()
        .to_string();
    std::fs::write(&lurd, format!("; level 1\n{sol}\n")).unwrap();
    let o = pushbox(&["verify", s(&levels), s(&lurd)]);
    assert_eq!(
        stdout(&o).lines().last().unwrap(),
        "1 passed, 0 failed",
        "{}",
        stdout(&o)
    );
}

#[test]
fn path_prints_the_shortest_walk_or_fails() {
    let levels = shared("levels/xsokoban/XSokoban_90.xsb");
    let o = pushbox(&["path", s(&levels), "--level", "1", "--to", "16,6"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "urrrrru\n");
    let o = pushbox(&["path", s(&levels), "--level", "1", "--to", "0,0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot be reached"), "{}", stderr(&o));
    // Microban 35 is indented: columns count as written in the file.
    let micro = shared("levels/microban/Microban_155.xsb");
    let text = std::fs::read_to_string(&micro).unwrap();
    let start = text.lines().position(|l| l == "; 35").unwrap();
    let rows: Vec<&str> = text
        .lines()
        .skip(start + 2)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let (wy, row) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.contains('@'))
        .unwrap();
    let wx = row.find('@').unwrap();
    let o = pushbox(&[
        "path",
        s(&micro),
        "--level",
        "35",
        "--to",
        &format!("{wx},{wy}"),
    ]);
    assert_eq!(
        stdout(&o),
        "\n",
        "the worker's own cell, as written: {}",
        stderr(&o)
    );
    let o = pushbox(&["path", s(&micro), "--level", "999", "--to", "1,1"]);
    assert!(stderr(&o).contains("there is no level 999"));
}

#[test]
fn convert_one_file_and_a_batch() {
    let d = temp_dir("convert");
    let micro = shared("levels/microban/Microban_155.xsb");
    let out = d.join("micro.bxb");
    let o = pushbox(&["convert", s(&micro), "--to", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("(155 levels)"));
    let batch = d.join("batch");
    let o = pushbox(&[
        "convert",
        s(&out),
        s(&shared("levels/xsokoban/XSokoban_90.xsb")),
        "--to",
        s(&batch),
        "--format",
        "bxa",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(batch.join("micro.bxa").exists() && batch.join("XSokoban_90.bxa").exists());
    let o = pushbox(&["info", s(&batch.join("micro.bxa"))]);
    let info = stdout(&o);
    assert!(
        info.starts_with(&format!(
            "{}: \"Microban_155\", 155 levels, 0 solved",
            batch.join("micro.bxa").display()
        )),
        "{info}"
    );
    assert!(info.contains("   1 \"1\""), "{info}");
    // Several inputs need a folder and a format.
    let o = pushbox(&["convert", s(&out), s(&micro), "--to", s(&d.join("x.bxa"))]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--format"), "{}", stderr(&o));
}

#[test]
fn bad_files_give_clear_messages() {
    let d = temp_dir("badfiles");
    let bad = d.join("broken.bxb");
    let mut bytes = b"\0\0\0\0\x02BOXname".to_vec();
    bytes.resize(24, 0);
    bytes.extend_from_slice(&5i32.to_le_bytes()); // five levels
    bytes.extend_from_slice(&0xFFFFi32.to_le_bytes()); // a table far past the end
    assert_eq!(bytes.len(), 32);
    std::fs::write(&bad, bytes).unwrap();
    let o = pushbox(&["info", s(&bad)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("broken.bxb: byte 28 (0x1c): the level table"),
        "{}",
        stderr(&o)
    );
    let o = pushbox(&["info", s(&d.join("nope.xsb"))]);
    assert!(
        stderr(&o).contains("nope.xsb: cannot read"),
        "{}",
        stderr(&o)
    );
}
