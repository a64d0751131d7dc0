//! The published collections and solutions in `tests/data/`.

use pushbox::core::files;
use pushbox::core::formats::{Format, bxa, bxb, xsb};
use pushbox::core::level::Collection;
use pushbox::core::{lurd, validate};

use crate::{fixture, temp_dir};

fn load(rel: &str) -> Collection {
    let l = files::load(&fixture(rel)).unwrap();
    assert!(l.warnings.is_empty(), "{:?}", l.warnings);
    l.collection
}

fn boards(c: &Collection) -> Vec<(u32, u32, Vec<u8>)> {
    c.levels
        .iter()
        .map(|l| (l.width, l.height, l.cells.clone()))
        .collect()
}

fn titles(c: &Collection) -> Vec<String> {
    c.levels.iter().map(|l| l.title.clone()).collect()
}

#[test]
fn microban_all_155_levels_with_titles() {
    let c = load("levels/microban/Microban_155.xsb");
    assert_eq!(c.levels.len(), 155);
    // `; N` is the level's number, not a title; a quoted line after it is the title.
    let named: Vec<(usize, String)> = titles(&c)
        .into_iter()
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
        .collect();
    let quoted = std::fs::read_to_string(crate::fixture("levels/microban/Microban_155.xsb"))
        .unwrap()
        .lines()
        .filter(|l| l.starts_with('\''))
        .count();
    assert_eq!(named.len(), quoted, "{named:?}");
    assert!(
        named
            .iter()
            .all(|(_, t)| !t.starts_with(char::is_numeric) || t.contains(' '))
    );
    assert_eq!(c.levels[153].title, "Take the long way home.");
    assert_eq!(c.levels[154].title, "The Dungeon");
    assert!(c.levels[153].notes.is_empty());
    for (i, l) in c.levels.iter().enumerate() {
        let b = l.board().unwrap();
        assert_eq!(validate::problems(&b), vec![], "level {}", i + 1);
    }
    // Level 35 is indented one extra space: the indentation is removed but remembered.
    assert_eq!(c.levels[34].source_indent, 1);
    assert_eq!(c.levels[0].source_indent, 0);
    assert!(
        c.notes[0].starts_with("Microban (155 puzzles"),
        "{:?}",
        c.notes
    );
}

#[test]
fn xsokoban_both_copies_give_identical_boards() {
    let lf = load("levels/xsokoban/XSokoban_90.xsb");
    let crlf = load("levels/xsokoban/XSokoban_90_sokobano-crlf.xsb");
    assert_eq!(lf.levels.len(), 90);
    assert_eq!(boards(&lf), boards(&crlf));
    let expected: Vec<String> = (1..=90).map(|n| format!("screen.{n:02}")).collect();
    assert_eq!(titles(&lf), expected);
    assert_eq!(titles(&crlf), expected);
    for l in &lf.levels {
        assert!(
            validate::validate(&l.board().unwrap()).is_ok(),
            "{}",
            l.title
        );
    }
}

/// Records are keyed by the board: the two XSokoban copies (different files, line endings and
/// formats, renamed or converted) share them level by level, and no two boards share a key.
#[test]
fn records_match_across_collections_by_board_fingerprint() {
    use pushbox::core::save::{Progress, fingerprint_key};
    let lf = load("levels/xsokoban/XSokoban_90.xsb");
    let crlf = load("levels/xsokoban/XSokoban_90_sokobano-crlf.xsb");
    let micro = load("levels/microban/Microban_155.xsb");
    let mut keys = std::collections::HashSet::new();
    for l in lf.levels.iter().chain(&micro.levels) {
        assert!(keys.insert(fingerprint_key(l)), "{} shares a key", l.title);
    }
    // Through .bxa and back, with the titles changed: the same keys.
    let d = crate::temp_dir("fingerprints");
    let mut renamed = crlf.clone();
    for l in &mut renamed.levels {
        l.title = format!("renamed {}", l.title);
    }
    let bxa = d.join("copy.bxa");
    pushbox::core::files::save(&bxa, &renamed).unwrap();
    let back = pushbox::core::files::load(&bxa).unwrap().collection;
    let mut p = Progress::default();
    let tsv_rows = tsv("solutions/xsokoban/xsokoban_level1.tsv");
    let (_, moves, pushes, lurd) = &tsv_rows[0];
    p.offer(
        &back.levels[0],
        &pushbox::core::level::Recording {
            moves: *moves,
            pushes: *pushes,
            lurd: Some(lurd.clone()),
        },
    );
    for (a, b) in lf.levels.iter().zip(&back.levels) {
        assert_eq!(fingerprint_key(a), fingerprint_key(b));
    }
    let r = p
        .records(&lf.levels[0])
        .expect("the record is found from the other copy");
    assert_eq!(r.best_moves.as_ref().unwrap().moves, 230);
    assert!(p.records(&lf.levels[1]).is_none());
}

/// Rows of a TSV solution file: (level, moves, pushes, lurd).
fn tsv(rel: &str) -> Vec<(usize, u32, u32, String)> {
    let text = std::fs::read_to_string(fixture(rel)).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines
        .next()
        .unwrap()
        .trim_start_matches('#')
        .split('\t')
        .map(str::trim)
        .collect();
    let col = |n: &str| header.iter().position(|h| h.starts_with(n)).unwrap();
    let (lc, mc, pc) = (col("level"), col("moves"), col("pushes"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[lc].parse().unwrap(),
                f[mc].parse().unwrap(),
                f[pc].parse().unwrap(),
                f.last().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn every_solution_verifies_with_its_stated_counts() {
    for (levels, solutions, count) in [
        (
            "levels/microban/Microban_155.xsb",
            "solutions/microban/microban_I_push-optimal.tsv",
            152,
        ),
        (
            "levels/xsokoban/XSokoban_90.xsb",
            "solutions/xsokoban/xsokoban_level1.tsv",
            4,
        ),
        (
            "levels/xsokoban/XSokoban_90_sokobano-crlf.xsb",
            "solutions/xsokoban/xsokoban_level1.tsv",
            4,
        ),
    ] {
        let c = load(levels);
        let rows = tsv(solutions);
        assert_eq!(rows.len(), count);
        for (level, moves, pushes, text) in rows {
            let board = c.levels[level - 1].board().unwrap();
            let g = lurd::check_solution(&board, &text)
                .unwrap_or_else(|e| panic!("{levels} level {level}: {e}"));
            assert_eq!(
                (g.board().moves(), g.board().pushes()),
                (moves, pushes),
                "{levels} level {level}"
            );
            assert_eq!(g.lurd(), text, "the case of a correct solution is kept");
        }
    }
}

#[test]
fn a_broken_solution_reports_its_first_illegal_step() {
    let c = load("levels/microban/Microban_155.xsb");
    let board = c.levels[0].board().unwrap();
    // Level 1's solution starts "dlUrrrdL…": drop the first move so the third step hits a wall.
    let e = lurd::check_solution(&board, "lUrrrdLullddrUluRuulDrddrruLdlUU").unwrap_err();
    assert!(
        matches!(e, lurd::SolutionError::Illegal(s) if s.index < 3),
        "{e}"
    );
}

#[test]
fn collections_round_trip_xsb_bxb_bxa_bxb_xsb() {
    let d = temp_dir("roundtrip");
    for rel in [
        "levels/microban/Microban_155.xsb",
        "levels/xsokoban/XSokoban_90.xsb",
    ] {
        let original = load(rel);
        let p1 = d.join("a.bxb");
        files::save(&p1, &original).unwrap();
        let from_bxb = files::load(&p1).unwrap().collection;
        let p2 = d.join("b.bxa");
        files::save(&p2, &from_bxb).unwrap();
        let from_bxa = files::load(&p2).unwrap().collection;
        let p3 = d.join("c.bxb");
        files::save(&p3, &from_bxa).unwrap();
        assert_eq!(
            std::fs::read(&p1).unwrap(),
            std::fs::read(&p3).unwrap(),
            "{rel}: .bxb bytes"
        );
        let from_bxb2 = files::load(&p3).unwrap().collection;
        let p4 = d.join("d.xsb");
        files::save(&p4, &from_bxb2).unwrap();
        let back = files::load(&p4).unwrap().collection;
        assert_eq!(boards(&back), boards(&original), "{rel}: boards");
        assert_eq!(titles(&back), titles(&original), "{rel}: titles");
        assert_eq!(back.name, original.name, "{rel}: name");
        // The .bxb alone (no sidecar) still holds every board.
        let (bare, w) = bxb::read("a.bxb", &std::fs::read(&p1).unwrap()).unwrap();
        assert!(w.is_empty());
        assert_eq!(boards(&bare), boards(&original));
        // And the .bxa text is the .bxb's twin.
        let text = bxa::write(&from_bxb);
        assert_eq!(
            bxb::write(&bxa::read("b.bxa", &text).unwrap()).0,
            std::fs::read(&p1).unwrap()
        );
    }
}

#[test]
fn solutions_become_recordings_in_bxb() {
    let mut c = load("levels/xsokoban/XSokoban_90.xsb");
    for (_, _, _, text) in tsv("solutions/xsokoban/xsokoban_level1.tsv") {
        c.levels[0].solutions.push(text);
    }
    c.levels[0].solutions.push("uuuu".into());
    let problems = c.levels[0].adopt_best_solution(0);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let r = c.levels[0].recording.clone().unwrap();
    assert_eq!((r.moves, r.pushes), (230, 97));
    let (bytes, _) = bxb::write(&c);
    let (back, _) = bxb::read("x.bxb", &bytes).unwrap();
    assert_eq!(back.levels[0].recording, Some(r));
    // Written out as XSB, the recording is a Solution line that reads back.
    let text = xsb::write(&back);
    let again = xsb::read("x.xsb", &text).unwrap();
    assert_eq!(again.levels[0].solutions.len(), 1);
    assert_eq!(
        Format::from_path(std::path::Path::new("A.SOK")),
        Some(Format::Xsb)
    );
}

/// The solver finds the fewest pushes: on the first 40 Microban levels its counts equal the
/// published push-optimal solutions', and its moves replay to solved.
#[test]
fn the_solver_matches_published_push_optimal_counts() {
    let c = load("levels/microban/Microban_155.xsb");
    let tsv =
        std::fs::read_to_string(fixture("solutions/microban/microban_I_push-optimal.tsv")).unwrap();
    let optimal: std::collections::HashMap<usize, u32> = tsv
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[1].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect();
    for (i, level) in c.levels.iter().enumerate().take(40) {
        let board = level.playable().unwrap();
        let s = pushbox::core::solver::solve(&board, 2_000_000)
            .unwrap_or_else(|e| panic!("Microban {}: {e}", i + 1));
        assert_eq!(Some(&s.pushes), optimal.get(&(i + 1)), "Microban {}", i + 1);
        let g = lurd::check_solution(&board, &s.lurd).unwrap();
        assert_eq!((g.board().moves(), g.board().pushes()), (s.moves, s.pushes));
    }
}

/// The deadlock detectors are sound: on positions reached by random play on Microban levels,
/// every position they flag is one the exhaustive solver proves unsolvable (positions it gives
/// up on are skipped). Also counts what they catch, so the test shows they are not idle.
#[test]
fn every_flagged_position_is_proved_unsolvable() {
    use pushbox::core::Direction;
    use pushbox::core::deadlock::{Detector, Detectors};
    use pushbox::core::generate::Rng;
    use pushbox::core::solver::{SolveError, solve};
    let c = load("levels/microban/Microban_155.xsb");
    let mut rng = Rng::new(17);
    let (mut flagged, mut proved, mut closed) = (0, 0, 0);
    for level in c.levels.iter().take(60) {
        let start = level.board().unwrap();
        let detector = Detector::new(&start);
        for _ in 0..6 {
            let mut b = start.clone();
            for _ in 0..60 {
                let d = Direction::SEARCH_ORDER[rng.below(4) as usize];
                if !b.step(d).is_ok_and(|m| m.pushed()) {
                    continue;
                }
                // The closed-diagonal detector alone too: the others usually speak first.
                let alone = Detectors {
                    dead_square: false,
                    freeze: false,
                    closed_diagonal: true,
                    bipartite: false,
                };
                let diagonal = detector.check(&b, alone);
                closed += usize::from(diagonal.is_some());
                if let Some(found) = detector.check(&b, Detectors::ALL).or(diagonal) {
                    flagged += 1;
                    match solve(&b, 100_000) {
                        Err(SolveError::Unsolvable { .. }) => proved += 1,
                        Err(SolveError::GaveUp { .. }) => {}
                        other => panic!("{}: flagged {found:?} but {other:?}\n{b:?}", level.title),
                    }
                    break;
                }
            }
        }
    }
    eprintln!(
        "{flagged} positions flagged ({closed} by the closed-diagonal detector), {proved} proved \
         unsolvable, the rest beyond the solver"
    );
    assert!(
        flagged >= 100,
        "the detectors flagged only {flagged} positions"
    );
    assert!(proved * 10 >= flagged * 8, "{proved} of {flagged} proved");
}

/// Reverse play on Microban I 1–40: each published solution, read backwards as pulls from the
/// goals, is a legal reverse game that ends solved (boxes on their start cells, the worker able to
/// walk home), and the forward solution it converts back to is the published one, step for step.
#[test]
fn published_solutions_pulled_backwards_solve_reverse_play() {
    use pushbox::core::Game;
    let c = load("levels/microban/Microban_155.xsb");
    let rows = tsv("solutions/microban/microban_I_push-optimal.tsv");
    let mut checked = 0;
    for (level, _, pushes, text) in rows.into_iter().filter(|r| r.0 <= 40) {
        let board = c.levels[level - 1].playable().unwrap();
        let forward = lurd::check_solution(&board, &text).unwrap();
        let mut back = Game::reverse(&board)
            .unwrap()
            .placed(forward.board().worker_pos());
        assert_eq!(
            back.board().worker_pos(),
            forward.board().worker_pos(),
            "Microban {level}: the worker starts where the solution ends"
        );
        for (k, s) in forward.history().iter().rev().enumerate() {
            let m = back
                .play(s.dir.opposite(), true, s.push)
                .unwrap_or_else(|e| panic!("Microban {level} pull {k}: {e}"));
            assert_eq!(m.pushed(), s.push, "Microban {level} step {k}");
        }
        assert!(
            back.is_solved(),
            "Microban {level}: reverse play ends solved"
        );
        assert_eq!(back.board().pushes(), pushes);
        let converted = back
            .forward_game(&board)
            .expect("a solved reverse game converts");
        assert!(converted.is_solved());
        assert_eq!(converted.lurd(), text, "Microban {level}");
        checked += 1;
    }
    assert_eq!(checked, 40);
}
