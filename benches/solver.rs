//! The solver side by side with the `soukoban` crate (what sokoban-rs uses): one thread each, the
//! same time budget per level, on XSokoban's 90 levels, Microban I's 155, Sasquatch I's 50 and
//! Box World's 100 (the fixtures in `tests/data/levels`). Prints one line per level and per
//! solver, then per collection "solved by PushBox / by soukoban" and the total seconds each
//! spent. Every solution either finds is replayed by PushBox's rules before it counts.
//!
//! `cargo bench --no-default-features --bench solver -- [--time SECONDS] [--levels N]
//! [--mode fast|optimal] [--only xsokoban,microban,sasquatch,boxworld]` (defaults: 10 s, every
//! level of every collection, fast mode and soukoban's quick strategy; optimal compares with
//! soukoban's push-optimal strategy; `--only` names one collection or several by commas).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use pushbox::core::Board;
use pushbox::core::formats::xsb;
use pushbox::core::lurd;
use pushbox::core::solver::{Limits, Mode, search};

struct Options {
    seconds: f64,
    levels: usize,
    mode: Mode,
    only: Option<String>,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    Options {
        seconds: value("--time").and_then(|v| v.parse().ok()).unwrap_or(10.0),
        levels: value("--levels")
            .and_then(|v| v.parse().ok())
            .unwrap_or(usize::MAX),
        mode: match value("--mode").as_deref() {
            Some("optimal") => Mode::Optimal,
            _ => Mode::Fast,
        },
        only: value("--only"),
    }
}

/// Whether `moves` solve `board` by PushBox's rules.
fn solves(board: &Board, moves: &str) -> bool {
    lurd::check_solution(board, moves).is_ok_and(|g| g.is_solved())
}

/// PushBox's solver: solved (and checked), and the seconds it took.
fn run_pushbox(board: &Board, o: &Options) -> (bool, f64) {
    let started = Instant::now();
    let found = search(board, o.mode, &Limits::seconds(o.seconds));
    let secs = started.elapsed().as_secs_f64();
    (found.is_ok_and(|s| solves(board, &s.lurd)), secs)
}

/// The `soukoban` crate's A* (its quick strategy, or push-optimal), stopped at the budget.
fn run_soukoban(text: &str, board: &Board, o: &Options) -> (bool, f64) {
    use soukoban::solver::{Algorithm, Solver, Strategy};
    let Ok(map) = text.parse::<soukoban::map::Map>() else {
        return (false, 0.0);
    };
    let strategy = match o.mode {
        Mode::Optimal => Strategy::PushOptimal,
        Mode::Fast => Strategy::Quick,
    };
    let started = Instant::now();
    let solver = Solver::new(map, strategy);
    let (done, stop) = mpsc::channel::<()>();
    let watcher = {
        let solver = solver.clone();
        let budget = Duration::from_secs_f64(o.seconds);
        std::thread::spawn(move || {
            if stop.recv_timeout(budget).is_err() {
                solver.request_stop();
            }
        })
    };
    let found = solver.search(Algorithm::AStar);
    let _ = done.send(());
    let _ = watcher.join();
    let secs = started.elapsed().as_secs_f64();
    (found.is_ok_and(|a| solves(board, &a.to_string())), secs)
}

/// The board as XSB rows, nothing else (soukoban's reader takes a bare board).
fn rows(board: &Board) -> String {
    use pushbox::core::cell;
    let mut out = String::new();
    for y in 0..board.height() {
        let mut row = String::new();
        for x in 0..board.width() {
            let c = board.cells()[(y * board.width() + x) as usize];
            row.push(
                match (cell::is_wall(c), cell::is_box(c), cell::is_worker(c)) {
                    (true, _, _) => '#',
                    (_, true, _) if cell::is_goal(c) => '*',
                    (_, true, _) => '$',
                    (_, _, true) if cell::is_goal(c) => '+',
                    (_, _, true) => '@',
                    _ if cell::is_goal(c) => '.',
                    _ => ' ',
                },
            );
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

fn main() {
    let o = options();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/levels");
    let sets = [
        ("xsokoban", root.join("xsokoban/XSokoban_90.xsb")),
        ("microban", root.join("microban/Microban_155.xsb")),
        ("sasquatch", root.join("sasquatch/Sasquatch_50.xsb")),
        ("boxworld", root.join("boxworld/BoxWorld_100.xsb")),
    ];
    println!("level\tpushbox\tseconds\tsoukoban\tseconds");
    let mut summary = Vec::new();
    for (name, path) in sets {
        if o.only
            .as_deref()
            .is_some_and(|x| !x.split(',').any(|n| n == name))
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("the fixture is in the repository");
        let c = xsb::read(name, &text).expect("the fixture reads");
        let (mut ours, mut theirs, mut our_secs, mut their_secs) = (0, 0, 0.0, 0.0);
        let n = c.levels.len().min(o.levels);
        for (i, level) in c.levels.iter().take(n).enumerate() {
            let board = level.playable().expect("the fixture's levels are playable");
            let xsb_text = rows(&board);
            let (a, ta) = run_pushbox(&board, &o);
            let (b, tb) = run_soukoban(&xsb_text, &board, &o);
            ours += usize::from(a);
            theirs += usize::from(b);
            our_secs += ta;
            their_secs += tb;
            let word = |ok: bool| if ok { "solved" } else { "-" };
            println!(
                "{name} {}\t{}\t{ta:.2}\t{}\t{tb:.2}",
                i + 1,
                word(a),
                word(b)
            );
        }
        summary.push(format!(
            "{name}: solved by PushBox {ours} / by soukoban {theirs} of {n} \
             ({our_secs:.0} s / {their_secs:.0} s, {:.0} s a level at most, {:?} mode)",
            o.seconds, o.mode
        ));
    }
    for line in summary {
        println!("{line}");
    }
}
