//! The command-line tools, run as a player would run them.

use std::process::{Command, Output};

use pushbox::core::files;

use crate::{fixture, temp_dir};

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
    let levels = fixture("levels/microban/Microban_155.xsb");
    let sols = fixture("solutions/microban/microban_I_push-optimal.tsv");
    let o = pushbox(&["verify", s(&levels), s(&sols)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 153);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("level 1 (line 2): ok, 33 moves, 8 pushes"),
        "{out}"
    );
    assert_eq!(out.lines().last().unwrap(), "152 passed, 0 failed");
}

#[test]
fn verify_fails_on_a_wrong_count_or_a_bad_solution() {
    let d = temp_dir("verify");
    let levels = fixture("levels/xsokoban/XSokoban_90.xsb");
    let tsv = d.join("bad.tsv");
    std::fs::write(&tsv, "level\tmoves\tpushes\tlurd\n1\t231\t97\tullluuuLUllDlldddrRRRRRRRRRRRllllllluuululldDDuulldddrRRRRRRRRRRurDllllllllllllulldRRRRRRRRRRRRRdrUluRRlldlllllluuululldDDDDDuulldddrRRRRRRRRRRRurDllllllllllllulldRRRRRRRRRRRRRRRRRRRRRRRRR\n2\t1\t0\tu\n").unwrap();
    let o = pushbox(&["verify", s(&levels), s(&tsv)]);
    assert!(!o.status.success());
    let out = stdout(&o);
    assert!(out.contains("FAILED"), "{out}");
    assert_eq!(out.lines().last().unwrap(), "0 passed, 2 failed");
    // A plain LURD file: one line per level in order.
    let lurd = d.join("one.lurd.txt");
    let first = std::fs::read_to_string(fixture("solutions/xsokoban/xsokoban_level1.tsv")).unwrap();
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

/// `path --box X,Y --to X,Y`: a box's move with the fewest pushes as LURD (walks lower case,
/// pushes upper case), or why there is none, naming the cells as the user wrote them.
#[test]
fn path_moves_a_box_or_says_why_not() {
    let micro = fixture("levels/microban/Microban_155.xsb");
    let run = |args: &[&str]| pushbox(&[&["path", s(&micro), "--level", "1"], args].concat());
    let o = run(&["--box", "1,3", "--to", "1,1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "dlUU\n");
    assert_eq!(stdout(&run(&["--box", "3,4", "--to", "2,4"])), "rrdL\n");
    for (args, why) in [
        (["--box", "2,4", "--to", "2,2"], "there is no box on 2,4"),
        (["--box", "3,4", "--to", "3,4"], "already there"),
        (["--box", "3,4", "--to", "3,3"], "no sequence of pushes"),
        (["--box", "3,4", "--to", "9,9"], "outside the 6×7 board"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn path_prints_the_shortest_walk_or_fails() {
    let levels = fixture("levels/xsokoban/XSokoban_90.xsb");
    let o = pushbox(&["path", s(&levels), "--level", "1", "--to", "16,6"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "urrrrru\n");
    let o = pushbox(&["path", s(&levels), "--level", "1", "--to", "0,0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot be reached"), "{}", stderr(&o));
    // Microban 35 is indented: columns count as written in the file.
    let micro = fixture("levels/microban/Microban_155.xsb");
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
    let micro = fixture("levels/microban/Microban_155.xsb");
    let out = d.join("micro.bxb");
    let o = pushbox(&["convert", s(&micro), "--to", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("(155 levels)"));
    let batch = d.join("batch");
    let o = pushbox(&[
        "convert",
        s(&out),
        s(&fixture("levels/xsokoban/XSokoban_90.xsb")),
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
    // Microban's `; 1` is the level's number, not a title.
    assert!(info.contains("   1 -   "), "{info}");
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

/// A writer killed at random points never leaves a save that does not load: each file reads back
/// whole, as the state of one write (the newest or the one before), never a mix or a fragment.
#[test]
fn a_killed_writer_always_leaves_a_loadable_save() {
    use pushbox::core::save::{Progress, Session, Store};
    let d = temp_dir("kill");
    let store = Store::new(&d);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut last = 0;
    let mut kills_mid_write = 0;
    for round in 0..40 {
        // This test binary again, running only `save_writer` with a folder: it writes forever.
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "cli::save_writer",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env(WRITER_DIR, &d)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(std::time::Duration::from_micros(2_000 + seed % 60_000));
        child.kill().unwrap();
        child.wait().unwrap();
        kills_mid_write +=
            d.join("progress.ron.tmp").exists() as u32 + d.join("session.ron.tmp").exists() as u32;
        let session = store.read::<Session>(Store::SESSION);
        let progress = store.read::<Progress>(Store::PROGRESS);
        assert!(
            session.notices.is_empty() && progress.notices.is_empty(),
            "round {round}: {:?} {:?}",
            session.notices,
            progress.notices
        );
        let k = session.value.current.map_or(0, |c| c.index);
        assert!(
            k >= last,
            "round {round}: went back from state {last} to {k}"
        );
        last = k;
        // Progress: all 2,000 records from one whole write, never from a later write than the
        // session's (the writer writes the session first).
        let n = progress.value.levels.len();
        assert!(n == 0 || n == 2000, "round {round}: {n} records");
        let ks: std::collections::BTreeSet<u32> = progress
            .value
            .levels
            .values()
            .map(|r| r.best_moves.as_ref().unwrap().moves)
            .collect();
        assert!(ks.len() <= 1, "round {round}: a mix of writes {ks:?}");
        if let Some(&pk) = ks.first() {
            assert!(
                pk as usize <= k,
                "round {round}: session {k}, progress {pk}"
            );
        }
    }
    assert!(last > 0, "the writer wrote something");
    eprintln!(
        "40 kills, {last} writes in all, {kills_mid_write} kills left a temporary file behind"
    );
}

#[test]
fn backup_export_and_import_merge_the_better_solutions() {
    use pushbox::core::level::Recording;
    use pushbox::core::save::{Progress, Store};
    let level = files::load(&fixture("levels/xsokoban/XSokoban_90.xsb"))
        .unwrap()
        .collection
        .levels[0]
        .clone();
    let rec = |m: u32, p: u32| Recording {
        moves: m,
        pushes: p,
        lurd: Some(format!("{m}-{p}")),
    };
    let (a, b) = (temp_dir("backup-a"), temp_dir("backup-b"));
    let mut pa = Progress::default();
    pa.offer(&level, &rec(300, 100));
    Store::new(&a).write(Store::PROGRESS, &pa).unwrap();
    let mut pb = Progress::default();
    pb.offer(&level, &rec(250, 120));
    pb.offer(&level, &rec(400, 97));
    Store::new(&b).write(Store::PROGRESS, &pb).unwrap();
    let file = b.join("my-backup.ron");
    let o = pushbox(&["backup", "export", s(&file), "--data-dir", s(&b)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("1 level records written"),
        "{}",
        stdout(&o)
    );
    let o = pushbox(&["backup", "import", s(&file), "--data-dir", s(&a)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 records improved"), "{}", stdout(&o));
    let merged = Store::new(&a).read::<Progress>(Store::PROGRESS).value;
    let r = merged.records(&level).unwrap();
    assert_eq!(r.best_moves.as_ref().unwrap().moves, 250);
    assert_eq!(r.best_pushes.as_ref().unwrap().pushes, 97);
    // The previous progress file is kept as the backup.
    assert!(a.join("progress.ron.bak").exists());
    // A broken backup file is refused with the place.
    std::fs::write(
        &file,
        "(version: 1, levels: {\"x\": (best_moves: Some((moves: 1,",
    )
    .unwrap();
    let o = pushbox(&["backup", "import", s(&file), "--data-dir", s(&a)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("my-backup.ron: line 1"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn convert_with_records_writes_the_players_solutions_into_the_export() {
    use pushbox::core::save::{Progress, Store};
    let src = fixture("levels/xsokoban/XSokoban_90.xsb");
    let c = files::load(&src).unwrap().collection;
    let data = temp_dir("records-export");
    let mut p = Progress::default();
    // Level 1's published solution.
    let tsv = std::fs::read_to_string(fixture("solutions/xsokoban/xsokoban_level1.tsv")).unwrap();
    let lurd = tsv
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .nth(5)
        .unwrap()
        .to_string();
    let board = c.levels[0].board().unwrap();
    let g = pushbox::core::lurd::check_solution(&board, &lurd).unwrap();
    p.offer(&c.levels[0], &pushbox::core::level::Recording::of(&g));
    Store::new(&data).write(Store::PROGRESS, &p).unwrap();
    let out = data.join("x.bxa");
    let o = pushbox(&[
        "convert",
        s(&src),
        "--to",
        s(&out),
        "--records",
        "--data-dir",
        s(&data),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("1 level takes the player's records"),
        "{}",
        stdout(&o)
    );
    let back = files::load(&out).unwrap().collection;
    let r = back.levels[0].recording.as_ref().unwrap();
    assert_eq!((r.moves, r.pushes), (g.board().moves(), g.board().pushes()));
    assert!(back.levels[1].recording.is_none());
}

#[test]
fn solve_and_generate_write_solutions_that_verify() {
    let tutorial = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/levels/tutorial.sok");
    let o = pushbox(&["solve", tutorial, "--level", "1", "--optimal"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "level\tresult\tpushes\tmoves\tpositions\tseconds\tlurd"
    );
    let f: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(
        (f[0], f[1], f[2], f[3], f[6]),
        ("1", "solved", "2", "3", "rRR"),
        "{out}"
    );
    assert_eq!(lines[2], "# 1 solved of 1");
    // All the tutorial in both modes: the output is a solutions file `verify` accepts.
    let d = temp_dir("cli-solve-all");
    for mode in ["--fast", "--optimal"] {
        let o = pushbox(&["solve", tutorial, "--all", mode, "--time", "10"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).ends_with("# 10 solved of 10\n"),
            "{}",
            stdout(&o)
        );
        let file = d.join("solutions.tsv");
        std::fs::write(&file, stdout(&o)).unwrap();
        let v = pushbox(&["verify", tutorial, s(&file)]);
        assert!(v.status.success(), "{}", stdout(&v));
        assert!(stdout(&v).contains("10 passed, 0 failed"), "{}", stdout(&v));
    }
    let o = pushbox(&["solve", tutorial, "--level", "11"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("there is no level 11 (the file has 10)"),
        "{}",
        stderr(&o)
    );
    // Generated levels carry solutions that `verify` accepts.
    let d = temp_dir("cli-generate");
    let out = d.join("new.sok");
    let o = pushbox(&[
        "generate",
        "--count",
        "3",
        "--size",
        "6x5",
        "--boxes",
        "2",
        "--seed",
        "7",
        "--to",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = pushbox(&["verify", s(&out), s(&out)]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("3 passed, 0 failed"), "{}", stdout(&o));
    let o = pushbox(&["generate", "--size", "2x9"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("not a room side of 3 to 30 cells"),
        "{}",
        stderr(&o)
    );
}

/// Microban 155 has ten boxes sealed on their goals outside the worker's area: `solve` treats them
/// as decoration. Exit codes: 0 solved, 3 no solution, 4 gave up, 1 bad input.
#[test]
fn solve_exit_codes_and_sealed_boxes_on_goals() {
    let micro = fixture("levels/microban/Microban_155.xsb");
    let o = pushbox(&["solve", s(&micro), "--level", "155"]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let line = stdout(&o).lines().nth(1).unwrap().to_string();
    assert!(line.starts_with("155\tsolved\t"), "{line}");
    let lurd = line.rsplit('\t').next().unwrap().to_string();
    let level = files::load(&micro).unwrap().collection.levels[154].clone();
    let g = pushbox::core::lurd::check_solution(&level.board().unwrap(), &lurd).unwrap();
    assert!(g.is_solved());

    let d = temp_dir("cli-solve-codes");
    let stuck = d.join("stuck.xsb");
    std::fs::write(&stuck, "#####\n#$ .#\n#  @#\n#####\n").unwrap();
    let o = pushbox(&["solve", s(&stuck)]);
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(stderr(&o).contains("no solution"), "{}", stderr(&o));
    // The message names the file and the level.
    assert!(
        stderr(&o).starts_with(&format!("{}: level 1: not solved:", stuck.display())),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("1\tunsolved\t-\t-\t-\t"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).ends_with("# 0 solved of 1\n"), "{}", stdout(&o));
    let o = pushbox(&["solve", s(&micro), "--level", "60", "--max-states", "3"]);
    assert_eq!(o.status.code(), Some(4), "{}", stdout(&o));
    assert!(stderr(&o).contains("gave up after"), "{}", stderr(&o));
    let o = pushbox(&["solve", s(&micro), "--level", "153", "--time", "0.05"]);
    assert_eq!(o.status.code(), Some(4), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("no solution found in"),
        "{}",
        stderr(&o)
    );
    for wrong in [
        vec!["--time", "0"],
        vec!["--time", "soon"],
        vec!["--fast", "--optimal"],
        vec!["--all", "--level", "2"],
    ] {
        let mut args = vec!["solve", s(&micro)];
        args.extend(wrong.iter().copied());
        let o = pushbox(&args);
        assert_eq!(o.status.code(), Some(2), "{wrong:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{wrong:?}");
    }
    let o = pushbox(&["solve", s(&d.join("missing.xsb"))]);
    assert_eq!(o.status.code(), Some(1));
    let help = stdout(&pushbox(&["solve", "--help"]));
    assert!(help.contains("Exit status: 0 when every level"), "{help}");
}

/// Wrong inputs say what is wrong, exit non-zero and write nothing.
#[test]
fn tools_refuse_empty_files_impossible_settings_and_cells_off_the_board() {
    let d = temp_dir("cli-wrong");
    let text = d.join("notes.txt");
    std::fs::write(&text, "just some words\nand no board\n").unwrap();
    let out = d.join("out.bxb");
    for args in [
        vec!["info", s(&text)],
        vec!["convert", s(&text), "--to", s(&out)],
    ] {
        let o = pushbox(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains("no level found"), "{}", stderr(&o));
    }
    assert!(!out.exists(), "no empty collection written");
    let o = pushbox(&["convert", s(&text), "--to", s(&out), "--allow-empty"]);
    assert!(o.status.success() && out.exists(), "{}", stderr(&o));
    assert!(stdout(&o).contains("(0 levels)"), "{}", stdout(&o));

    let sok = d.join("gen.sok");
    let o = pushbox(&["generate", "--size", "3x3", "--boxes", "5", "--to", s(&sok)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("a 3x3 room holds 1 to 1 boxes"),
        "{}",
        stderr(&o)
    );
    let o = pushbox(&[
        "generate",
        "--size",
        "4x3",
        "--boxes",
        "2",
        "--count",
        "2",
        "--seed",
        "3",
        "--to",
        s(&sok),
    ]);
    let made = stderr(&o);
    if o.status.success() {
        assert!(made.contains(&format!("to {}", s(&sok))), "{made}");
        assert!(sok.exists());
    } else {
        assert!(
            made.contains("nothing was written") && !sok.exists(),
            "{made}"
        );
    }

    let xsok = fixture("levels/xsokoban/XSokoban_90.xsb");
    let o = pushbox(&["path", s(&xsok), "--level", "1", "--to", "99,99"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cell 99,99 is outside the 19×11 board"),
        "{}",
        stderr(&o)
    );
    let o = pushbox(&["path", s(&xsok), "--level", "1", "--to", "-1,2"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("\"-1\" is not a column number"),
        "{}",
        stderr(&o)
    );
    // Counts read as English: "1 box", never "1 boxes".
    let tutorial = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/levels/tutorial.bxb");
    let info = stdout(&pushbox(&["info", tutorial]));
    assert!(
        info.contains(", 1 box,") && !info.contains("1 boxes"),
        "{info}"
    );
    assert!(info.contains("1 solution in the file"), "{info}");
}

/// Where `save_writer` writes forever when the crash-safety test starts it as a child process.
const WRITER_DIR: &str = "PUSHBOX_TEST_SAVE_WRITER_DIR";

/// Rewrites both save files, each write a consistent state numbered `k`: the session's level index
/// is `k` and every one of 2,000 records has `k` moves. Run by the crash-safety test as a child
/// (with `WRITER_DIR` set) it writes until it is killed; run as a test of its own it writes three
/// states and checks that the last one reads back.
#[test]
fn save_writer() {
    use pushbox::core::level::Recording;
    use pushbox::core::save::{self, Progress, Records, SavedGame, Session, Store};
    let forever = std::env::var_os(WRITER_DIR);
    let dir = forever
        .as_ref()
        .map_or_else(|| temp_dir("save-writer"), std::path::PathBuf::from);
    let store = Store::new(&dir);
    let mut k = store
        .read::<Session>(Store::SESSION)
        .value
        .current
        .map_or(0, |c| c.index);
    let first = k;
    while forever.is_some() || k < first + 3 {
        k += 1;
        let session = Session {
            current: Some(SavedGame {
                collection: save::BUILTIN.into(),
                index: k,
                board: String::new(),
                steps: "r".repeat(k % 500),
                applied: k % 500,
                reverse_from: None,
                parked: None,
                helped: false,
            }),
            ..Default::default()
        };
        let mut progress = Progress::default();
        for i in 0..2000u32 {
            progress.levels.insert(
                format!("{i:016x}"),
                Records {
                    best_moves: Some(Recording {
                        moves: k as u32,
                        pushes: i,
                        lurd: Some("lurdLURD".repeat(16)),
                    }),
                    best_pushes: None,
                    computer: None,
                    improved: None,
                },
            );
        }
        store.write(Store::SESSION, &session).unwrap();
        store.write(Store::PROGRESS, &progress).unwrap();
    }
    let back = store.read::<Session>(Store::SESSION);
    assert_eq!(back.value.current.map(|c| c.index), Some(first + 3));
    assert_eq!(
        store.read::<Progress>(Store::PROGRESS).value.levels.len(),
        2000
    );
}

/// `link deal` prints a board and an order that clears it; `link check` reads the board back,
/// lists the playable pairs and finds it clearable; a crossed board is not.
#[test]
fn link_deal_and_check() {
    use pushbox::core::link::{Cell, LinkBoard, LinkGame};
    let o = pushbox(&["link", "deal", "--size", "8x6", "--seed", "7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let (board_text, rest) = out
        .split_once("\n\n")
        .expect("a blank line after the board");
    let board = LinkBoard::from_text(board_text).unwrap();
    assert_eq!((board.width(), board.height(), board.tiles()), (8, 6, 48));
    let cell = |s: &str| {
        let (x, y) = s.split_once(',').unwrap();
        Cell::new(x.parse().unwrap(), y.parse().unwrap())
    };
    let order = rest.trim().strip_prefix("order: ").expect("an order line");
    let mut game = LinkGame::new(board, false);
    for pair in order.split(' ') {
        let (a, b) = pair.split_once('-').unwrap();
        assert!(game.remove(cell(a), cell(b)).is_some(), "{pair}");
    }
    assert!(game.is_cleared());
    let d = temp_dir("link");
    let dealt = d.join("dealt.txt");
    std::fs::write(&dealt, board_text).unwrap();
    let o = pushbox(&["link", "check", s(&dealt)]);
    let checked = stdout(&o);
    assert!(checked.lines().count() >= 2, "{checked}");
    assert!(
        checked
            .lines()
            .last()
            .unwrap()
            .starts_with("clearable: yes ")
    );
    let crossed = d.join("crossed.txt");
    std::fs::write(&crossed, "ab\nba\n").unwrap();
    assert_eq!(
        stdout(&pushbox(&["link", "check", s(&crossed)])),
        "clearable: no\n"
    );
    let o = pushbox(&["link", "deal", "--size", "3x3"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("odd number of tiles"), "{}", stderr(&o));
    // With gravity: the order names the cells as they are when each pair goes.
    let o = pushbox(&["link", "deal", "--size", "6x4", "--seed", "3", "--gravity"]);
    let out = stdout(&o);
    let (board_text, rest) = out.split_once("\n\n").unwrap();
    let mut game = LinkGame::new(LinkBoard::from_text(board_text).unwrap(), true);
    for pair in rest.trim().strip_prefix("order: ").unwrap().split(' ') {
        let (a, b) = pair.split_once('-').unwrap();
        assert!(game.remove(cell(a), cell(b)).is_some(), "gravity: {pair}");
    }
    assert!(game.is_cleared());
    assert_eq!(
        stdout(&pushbox(&["link", "check", "--gravity", s(&crossed)])),
        "clearable: no\n"
    );
    std::fs::write(&crossed, "ab\nabc\n").unwrap();
    let o = pushbox(&["link", "check", s(&crossed)]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
}

/// `link deal --size WxHxD` prints a block's layers and an order that clears it; `link check`
/// reads the layers back and ends with the verdict; wrong sizes and files are refused, named.
#[test]
fn link_deal_and_check_in_three_dimensions() {
    use pushbox::core::link::LinkGame;
    use pushbox::core::link3d::{Block, Cell3};
    let o = pushbox(&["link", "deal", "--size", "4x4x2", "--seed", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let (text, order) = out
        .rsplit_once("\n\norder: ")
        .expect("layers, a blank line, the order");
    let layers: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(layers.len(), 2, "{out}");
    assert!(layers.iter().all(|l| l.lines().count() == 4));
    let block = Block::from_text(text).unwrap();
    assert_eq!(
        (block.width(), block.height(), block.depth(), block.tiles()),
        (4, 4, 2, 32)
    );
    let mut game = LinkGame::new(block, false);
    for pair in order.trim().split(' ') {
        let (a, b) = pair.split_once('-').unwrap();
        let (a, b): (Cell3, Cell3) = (a.parse().unwrap(), b.parse().unwrap());
        assert!(game.remove(a, b).is_some(), "{pair}");
    }
    assert!(game.is_cleared());
    let d = temp_dir("link3d-cli");
    let dealt = d.join("block.txt");
    std::fs::write(&dealt, &out).unwrap();
    let checked = stdout(&pushbox(&["link", "check", s(&dealt)]));
    let last = checked.lines().last().unwrap();
    assert!(last.starts_with("clearable: yes "), "{last}");
    // The playable pairs first, each with its line's points as X,Y,Z.
    let first = checked.lines().next().unwrap();
    assert_eq!(
        first.split([' ', '-']).next().unwrap().split(',').count(),
        3,
        "{first}"
    );
    // Crossed pairs in one layer, an empty layer beside it: a line over it would turn three
    // times, so nothing links.
    let crossed = d.join("crossed.txt");
    std::fs::write(&crossed, "ab\nba\n\n..\n..\n").unwrap();
    assert!(stdout(&pushbox(&["link", "check", s(&crossed)])).ends_with("clearable: no\n"));
    for (size, says) in [
        ("3x3x3", "odd number of tiles"),
        ("4x4x13", "block side of 1 to 12"),
        ("4x0x4", "block side of 1 to 12"),
        ("4x4x", "block side"),
    ] {
        let o = pushbox(&["link", "deal", "--size", size]);
        assert_eq!(o.status.code(), Some(2), "{size}");
        assert!(stderr(&o).contains(says), "{size}: {}", stderr(&o));
    }
    let o = pushbox(&["link", "deal", "--size", "4x4x4", "--gravity"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--gravity is for 2D boards"),
        "{}",
        stderr(&o)
    );
    let o = pushbox(&["link", "check", "--gravity", s(&dealt)]);
    assert!(
        stderr(&o).contains("--gravity is for 2D boards"),
        "{}",
        stderr(&o)
    );
    // A second layer a row short is named by its line.
    std::fs::write(&crossed, "ab\nba\n\nab\n").unwrap();
    let o = pushbox(&["link", "check", s(&crossed)]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("crossed.txt") && e.contains("line 4") && e.contains("layer 2"),
        "{e}"
    );
}

/// `deadlocks LEVELS SOLUTIONS`: the detectors never flag a position the published solutions go
/// through (every push of Microban I's 155 and XSokoban 1); a position that is flagged is
/// printed with its level, push, detector and boxes, and the exit status says so.
#[test]
fn deadlocks_never_flag_a_published_solution() {
    for (levels, solutions, positions) in [
        (
            "levels/microban/Microban_155.xsb",
            "solutions/microban/microban_I_push-optimal.tsv",
            4822,
        ),
        (
            "levels/xsokoban/XSokoban_90.xsb",
            "solutions/xsokoban/xsokoban_level1.tsv",
            388,
        ),
    ] {
        let o = pushbox(&["deadlocks", s(&fixture(levels)), s(&fixture(solutions))]);
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        assert_eq!(
            stdout(&o),
            format!("{positions} positions checked, 0 flagged\n")
        );
    }
    // A "solution" that pushes the box into a corner first: flagged at its first push.
    let d = temp_dir("deadlocks");
    let level = d.join("corner.xsb");
    std::fs::write(&level, "#####\n#@$ #\n# . #\n#####\n").unwrap();
    let bad = d.join("bad.txt");
    std::fs::write(&bad, "R\n").unwrap();
    let o = pushbox(&["deadlocks", s(&level), s(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("push 1: dead-square 3,1"), "{out}");
    assert!(out.ends_with("1 positions checked, 1 flagged\n"), "{out}");
    // A step into a wall: refused, naming the solutions file and the line.
    std::fs::write(&bad, "U\n").unwrap();
    let o = pushbox(&["deadlocks", s(&level), s(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("bad.txt: level 1 (line 1): step 1:"),
        "{}",
        stderr(&o)
    );
}

/// A language the game does not have is refused before any window opens, naming the ones it has.
#[test]
fn an_unknown_language_is_refused() {
    let o = pushbox(&["play", "--lang", "fr"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("en and zh-Hans"), "{}", stderr(&o));
    let o = pushbox(&["link", "play", "--lang", "klingon"]);
    assert_eq!(o.status.code(), Some(2), "a wrong argument");
    assert!(stderr(&o).contains("en and zh-Hans"), "{}", stderr(&o));
}

#[test]
fn rate_prints_a_line_per_level_and_the_rank_correlation() {
    let beginner = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/levels/beginner.sok");
    let o = pushbox(&["rate", beginner]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("level\trating\tmarks\tpushes"));
    assert_eq!(lines.len(), 62, "{out}");
    for l in &lines[1..61] {
        let cols: Vec<&str> = l.split('\t').collect();
        assert_eq!(cols.len(), 10, "{l}");
        assert_eq!(cols[2], "1", "a Beginner level rates one mark: {l}");
        assert_eq!(cols[9], "level's");
    }
    assert!(lines[61].starts_with("# 60 rated of 60; rank correlation with the file's order"));

    let dir = temp_dir("rate");
    let levels = dir.join("l.xsb");
    std::fs::write(&levels, "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n").unwrap();
    // Given solutions win; a level without one is solved by the search.
    let sols = dir.join("s.txt");
    std::fs::write(&sols, "R\n").unwrap();
    let o = pushbox(&["rate", s(&levels), s(&sols)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("\tgiven\n") && out.contains("\tsearch\n"),
        "{out}"
    );
    // A wrong solution is named, and the exit status says a level was not rated.
    std::fs::write(&sols, "L\n").unwrap();
    let o = pushbox(&["rate", s(&levels), s(&sols)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("step 1"), "{}", stderr(&o));
    assert!(stdout(&o).contains("# 1 rated of 2"));
    // No such file, no level.
    let o = pushbox(&["rate", "/nonexistent.xsb"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/nonexistent.xsb"));
}

#[test]
fn daily_prints_the_same_level_for_the_same_day_and_refuses_bad_dates() {
    let a = pushbox(&["daily", "--date", "2026-12-02", "--tier", "easy"]);
    assert!(a.status.success(), "{}", stderr(&a));
    let b = pushbox(&["daily", "--date", "2026-12-02", "--tier", "easy"]);
    assert_eq!(stdout(&a), stdout(&b));
    assert!(
        stdout(&a).contains("; Daily 2026-12-02 (easy)"),
        "{}",
        stdout(&a)
    );
    assert!(stdout(&a).contains("Solution: "));
    let other = pushbox(&["daily", "--date", "2026-12-03", "--tier", "easy"]);
    assert_ne!(stdout(&a), stdout(&other));
    for (args, says) in [
        (["daily", "--date", "2026-02-30"], "not a date"),
        (["daily", "--date", "yesterday"], "not a date"),
        (["daily", "--tier", "impossible"], "not a tier"),
    ] {
        let o = pushbox(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let o = pushbox(&["generate", "--tier", "easy", "--boxes", "3"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `optimize` improves solutions it reads as `verify` does, prints `solve`'s columns with the
/// counts before and after, and its output is a solutions file `verify` accepts.
#[test]
fn optimize_prints_better_solutions_that_verify() {
    let d = temp_dir("cli-optimize");
    let levels = fixture("levels/microban/Microban_155.xsb");
    let published =
        std::fs::read_to_string(fixture("solutions/microban/microban_I_push-optimal.tsv")).unwrap();
    // The header and the first five published solutions.
    let tsv: Vec<&str> = published.lines().take(6).collect();
    let first: Vec<&str> = tsv[1].split('\t').collect();
    let input = d.join("some.tsv");
    std::fs::write(&input, tsv.join("\n")).unwrap();
    let o = pushbox(&["optimize", s(&levels), s(&input), "--time", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "level\tresult\tpushes\tmoves\tpositions\tseconds\tbefore\tafter\tlurd"
    );
    assert_eq!(lines.len(), 7, "{out}");
    for line in &lines[1..6] {
        let f: Vec<&str> = line.split('\t').collect();
        let (before, after) = (f[6], f[7]);
        let count = |x: &str, i: usize| -> u32 { x.split('/').nth(i).unwrap().parse().unwrap() };
        assert_eq!(
            count(before, 1),
            count(after, 1),
            "push-optimal pushes stay: {line}"
        );
        assert!(count(after, 0) <= count(before, 0), "{line}");
        assert_eq!(
            f[1] == "improved",
            count(after, 0) < count(before, 0),
            "{line}"
        );
        assert_eq!(after, format!("{}/{}", f[3], f[2]), "{line}");
    }
    assert!(lines[6].starts_with("# "), "{out}");
    assert!(lines[6].contains(" improved of 5 ("), "{out}");
    let file = d.join("better.tsv");
    std::fs::write(&file, &out).unwrap();
    let v = pushbox(&["verify", s(&levels), s(&file)]);
    assert!(v.status.success(), "{}", stdout(&v));
    assert!(stdout(&v).contains("5 passed, 0 failed"), "{}", stdout(&v));

    // A detour (right, left) is walked straight; by pushes a plain LURD line works too.
    let lurd = d.join("one.txt");
    std::fs::write(&lurd, format!("rl{}\n", first[4])).unwrap();
    let o = pushbox(&["optimize", s(&levels), s(&lurd), "--pushes", "--time", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let row: Vec<String> = stdout(&o)
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .map(String::from)
        .collect();
    assert_eq!(
        (row[1].as_str(), row[6].as_str()),
        ("improved", "35/8"),
        "{row:?}"
    );
    assert!(
        stdout(&o).ends_with("# 1 improved of 1 (2 moves and 0 pushes saved)\n"),
        "{}",
        stdout(&o)
    );

    // Wrong input: a solution that does not solve its level, a missing file, wrong arguments.
    let bad = d.join("bad.txt");
    std::fs::write(&bad, "uuuu\n").unwrap();
    let o = pushbox(&["optimize", s(&levels), s(&bad), "--time", "1"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(
            "bad.txt: level 1 (line 1): the solution does not solve the level: step 3 (u)"
        ),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("1\tfailed\t-"), "{}", stdout(&o));
    let o = pushbox(&["optimize", s(&levels), s(&d.join("none.tsv"))]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("none.tsv: cannot read"),
        "{}",
        stderr(&o)
    );
    let o = pushbox(&["optimize", s(&levels), s(&input), "--moves", "--pushes"]);
    assert_eq!(o.status.code(), Some(2));
    let o = pushbox(&["optimize", s(&levels), s(&input), "--time", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is not a number of seconds"),
        "{}",
        stderr(&o)
    );
}
