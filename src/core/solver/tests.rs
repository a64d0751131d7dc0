//! The solvers on the published levels in `tests/data`: push counts against the published
//! push-optimal solutions, the lower bound and the deadlock rules checked at every position of
//! those solutions (a false deadlock would make a solvable level unsolvable), and both modes'
//! solutions replayed by the rules.

use super::closed::ClosedAreas;
use super::freeze::Freeze;
use super::room::AreaAfterMove;
use super::*;
use crate::core::formats::xsb;
use crate::core::level::Collection;
use crate::core::lurd;
use std::time::Duration;

pub(super) fn fixture(rel: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    std::fs::read_to_string(path).expect("the fixture is in the repository")
}

pub(super) fn microban() -> Collection {
    xsb::read("microban", &fixture("levels/microban/Microban_155.xsb")).unwrap()
}

/// The published push-optimal solutions: level number (1-based) → (pushes, LURD).
pub(super) fn published() -> Vec<(usize, u32, String)> {
    fixture("solutions/microban/microban_I_push-optimal.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[1].parse().unwrap(),
                f[3].parse().unwrap(),
                f[4].to_string(),
            )
        })
        .collect()
}

/// The search run to its answer a slice of `slice` at a time (the hint in a browser).
fn run_in_slices(stepper: &mut Stepper, slice: Duration) -> Result<Solution, SolveError> {
    loop {
        if let Some(answer) = stepper.step(Some(slice)) {
            return answer;
        }
    }
}

fn limits(states: usize) -> Limits {
    Limits {
        max_states: states,
        ..Limits::default()
    }
}

#[test]
fn optimal_mode_matches_the_published_push_counts_on_microban_1_to_40() {
    let c = microban();
    for (level, pushes, _) in published().into_iter().filter(|p| p.0 <= 40) {
        let board = c.levels[level - 1].playable().unwrap();
        let s = search(&board, Mode::Optimal, &limits(2_000_000))
            .unwrap_or_else(|e| panic!("Microban {level}: {e}"));
        assert_eq!(s.pushes, pushes, "Microban {level}");
        let g = lurd::check_solution(&board, &s.lurd).unwrap();
        assert!(g.is_solved(), "Microban {level}");
        assert_eq!((g.board().moves(), g.board().pushes()), (s.moves, s.pushes));
    }
}

#[test]
fn fast_mode_solutions_replay_and_are_never_shorter_than_optimal() {
    let c = microban();
    for (level, pushes, _) in published().into_iter().filter(|p| p.0 <= 60) {
        let board = c.levels[level - 1].playable().unwrap();
        let s = search(&board, Mode::Fast, &limits(2_000_000))
            .unwrap_or_else(|e| panic!("Microban {level}: {e}"));
        assert!(lurd::check_solution(&board, &s.lurd).unwrap().is_solved());
        assert!(
            s.pushes >= pushes,
            "Microban {level}: {} < {pushes}",
            s.pushes
        );
    }
}

/// The search in slices (the hint in a browser) gives the answer of the search in one go: the
/// same solution, positions and outcome, however often it pauses. An unsolvable start is
/// answered at the first step.
#[test]
fn a_search_in_slices_answers_as_the_search_in_one_go() {
    let c = microban();
    for level in [1, 7, 19, 33, 58, 96] {
        let board = c.levels[level - 1].playable().unwrap();
        for mode in [Mode::Fast, Mode::Optimal] {
            let whole = search(&board, mode, &limits(2_000_000));
            let mut stepper = Stepper::new(&board, mode, &limits(2_000_000)).unwrap();
            let mut steps = 0;
            // Every slice ends at once: a pause every 16 expansions.
            let sliced = loop {
                steps += 1;
                if let Some(answer) = stepper.step(Some(Duration::ZERO)) {
                    break answer;
                }
            };
            match (&whole, &sliced) {
                (Ok(a), Ok(b)) => {
                    assert_eq!((&a.lurd, a.states), (&b.lurd, b.states), "Microban {level}")
                }
                _ => panic!("Microban {level} {mode:?}: {whole:?} / {sliced:?}"),
            }
            let expected = whole.as_ref().unwrap().states / 256;
            assert!(
                steps >= expected.min(2),
                "Microban {level}: {steps} slices for {expected}"
            );
        }
    }
    let stuck = board("#####|#@$ #|#  .#|#####");
    let mut stepper = Stepper::new(&stuck, Mode::Fast, &limits(1000)).unwrap();
    assert!(matches!(
        stepper.step(None),
        Some(Err(SolveError::Unsolvable { .. }))
    ));
}

/// Along every published push-optimal solution, push by push: the bound (with the boxes frozen on
/// goals taken for walls, which raises it on some positions) never exceeds the pushes still to
/// come, no box stands on a dead cell, no box is judged frozen off goal or shutting a
/// deadlocked corral, and the fast search from every fourth position never calls it unsolvable.
#[test]
fn no_rule_fires_on_a_position_of_a_published_solution() {
    let c = microban();
    let (mut positions, mut searched, mut corrals, mut raised) = (0, 0, 0, 0);
    for (level, pushes, moves) in published() {
        let mut board = c.levels[level - 1].playable().unwrap();
        let mut room = Room::of(&board);
        let live = room.live_cells();
        let plain = super::bound::Distances::of(&room);
        let mut freeze = Freeze::new(&room);
        let mut closed = ClosedAreas::new(&room);
        let mut left = pushes;
        for (step, d) in lurd::parse(&moves).unwrap().into_iter().enumerate() {
            let moved = board.step(d).unwrap();
            if !moved.pushed() {
                continue;
            }
            left -= 1;
            positions += 1;
            let bound = lower_bound(&board).expect("a perfect matching exists");
            assert!(
                bound <= left,
                "Microban {level} step {step}: bound {bound} > {left}"
            );
            let cells: Vec<u16> = board
                .boxes()
                .map(|p| room.at(p))
                .filter(|&c| c != NONE)
                .collect();
            let without_walls = super::bound::Matching::default().solve(&plain, &cells);
            raised += (without_walls.unwrap() < bound as i32) as usize;
            let mut occupied = vec![false; room.len()];
            for p in board.boxes() {
                let c = room.at(p);
                if c != NONE {
                    occupied[c as usize] = true;
                    assert!(
                        live[c as usize],
                        "Microban {level} step {step}: {p} is dead"
                    );
                }
            }
            let pushed = board.boxes().map(|p| room.at(p)).collect::<Vec<_>>();
            for c in pushed.into_iter().filter(|&c| c != NONE) {
                assert!(
                    !freeze.deadlocked(&room, &live, &occupied, c),
                    "Microban {level} step {step}: frozen at {}",
                    room.pos(c)
                );
                let worker = room.at(board.worker_pos());
                room.flood(&occupied, worker);
                assert!(
                    !closed.deadlocked(
                        &mut room,
                        &live,
                        &mut freeze,
                        &occupied,
                        c,
                        worker,
                        Room::reached
                    ),
                    "Microban {level} step {step}: corral shut by {}",
                    room.pos(c)
                );
            }
            if positions % 4 == 0 {
                searched += 1;
                let r = search(&board, Mode::Fast, &limits(20_000));
                assert!(
                    !r.as_ref().is_err_and(SolveError::proved),
                    "Microban {level} step {step}: {r:?}"
                );
            }
        }
        corrals += closed.searched;
    }
    assert_eq!((positions, searched), (4822, 1205));
    eprintln!("corrals searched: {corrals}, bounds raised by frozen boxes: {raised}");
    assert!(raised > 0, "no bound raised by frozen boxes");
    assert!(corrals > 1000, "corrals searched: {corrals}");
}

/// The worker's area after a push or a pull, told without a flood or flooded whole where it
/// may have split, is the flood's: on every position of the published Microban solutions, for
/// every box, direction, push and pull.
#[test]
fn the_area_after_a_move_without_a_flood_is_the_floods() {
    let c = microban();
    let (mut told, mut flooded, mut split) = (0, 0, 0);
    for (level, _, moves) in published() {
        let mut board = c.levels[level - 1].playable().unwrap();
        let mut room = Room::of(&board);
        for d in lurd::parse(&moves).unwrap() {
            let mut occupied = vec![false; room.len()];
            let boxes: Vec<u16> = board
                .boxes()
                .map(|p| room.at(p))
                .filter(|&c| c != NONE)
                .collect();
            for &b in &boxes {
                occupied[b as usize] = true;
            }
            let worker = room.at(board.worker_pos());
            let low = room.flood(&occupied, worker);
            let reach: Vec<bool> = (0..room.len() as u16).map(|c| room.reached(c)).collect();
            for &b in &boxes {
                for dir in 0..4 {
                    let (to, stand) = (
                        room.next[b as usize][dir],
                        room.next[b as usize][(dir + 2) % 4],
                    );
                    let beyond = if to == NONE {
                        NONE
                    } else {
                        room.next[to as usize][dir]
                    };
                    // A push from `stand`, or a pull by a worker on `to` stepping to `beyond`.
                    let push = stand != NONE && reach[stand as usize];
                    let pull = to != NONE
                        && reach[to as usize]
                        && beyond != NONE
                        && !occupied[beyond as usize];
                    for (legal, worker_after) in [(push, b), (pull, beyond)] {
                        if !legal || to == NONE || occupied[to as usize] {
                            continue;
                        }
                        occupied[b as usize] = false;
                        occupied[to as usize] = true;
                        let area =
                            room.area_after_move(&reach, low, &occupied, (b, to), worker_after);
                        if let AreaAfterMove::Flooded(flooded_low) = area {
                            // Flooded whole: as a flood from the worker.
                            let cells: Vec<bool> =
                                (0..room.len() as u16).map(|c| room.reached(c)).collect();
                            let size = room.flooded();
                            let low = room.flood(&occupied, worker_after);
                            let again: Vec<bool> =
                                (0..room.len() as u16).map(|c| room.reached(c)).collect();
                            assert_eq!(
                                (flooded_low, cells, size),
                                (low, again, room.flooded()),
                                "Microban {level}"
                            );
                            split += 1;
                        }
                        if let AreaAfterMove::Told(fast) = area {
                            told += 1;
                            assert_eq!(
                                fast,
                                room.flood(&occupied, worker_after),
                                "Microban {level}"
                            );
                            // The free cells outside the area, told without the flood.
                            let free = room.len() - boxes.len();
                            let before = (free - reach.iter().filter(|&&r| r).count()) as u16;
                            assert_eq!(
                                room.unreached_after_move(&reach, before, b, to) as usize,
                                free - room.flooded(),
                                "Microban {level}"
                            );
                            let touches = room.next[b as usize]
                                .iter()
                                .any(|&n| n != NONE && n != to && reach[n as usize]);
                            for c in 0..room.len() as u16 {
                                let inside = if c == b {
                                    touches
                                } else {
                                    c != to && reach[c as usize]
                                };
                                assert!(occupied[c as usize] || room.reached(c) == inside);
                            }
                        } else {
                            flooded += 1;
                        }
                        occupied[to as usize] = false;
                        occupied[b as usize] = true;
                    }
                }
            }
            board.step(d).unwrap();
        }
    }
    eprintln!("told {told}, flooded {flooded}, of which split {split}");
    assert!(
        told > 10_000 && flooded > 1_000 && split > 100,
        "told {told}, flooded {flooded}, of which split {split}"
    );
}

#[test]
fn the_time_budget_and_the_cancel_flag_stop_the_search() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let xs = xsb::read("x", &fixture("levels/xsokoban/XSokoban_90.xsb")).unwrap();
    // XSokoban 30: no search here solves it in 10 s.
    let hard = xs.levels[29].playable().unwrap();
    let limits = Limits::seconds(0.05);
    assert!(matches!(
        search(&hard, Mode::Fast, &limits),
        Err(SolveError::TimedOut { .. })
    ));
    let cancel = Arc::new(AtomicBool::new(true));
    let progress = Arc::new(Progress::default());
    let limits = Limits {
        cancel: Some(cancel),
        progress: Some(progress.clone()),
        ..Limits::default()
    };
    let r = search(&hard, Mode::Optimal, &limits);
    assert!(matches!(r, Err(SolveError::Cancelled { .. })), "{r:?}");
    assert!(progress.searched.load(std::sync::atomic::Ordering::Relaxed) > 0);
}

fn board(text: &str) -> crate::core::Board {
    xsb::read("t", text).unwrap().levels[0].board().unwrap()
}

/// The fast search's PI-corral: found when every push of its border boxes goes in and can be made
/// now, not when a border box could be pushed away outside it.
#[test]
fn pi_corrals_are_found_only_where_every_border_push_goes_in() {
    use super::corral::Corrals;
    let find = |text: &str| {
        let b = board(text);
        let mut room = Room::of(&b);
        let live = room.live_cells();
        let boxes: Vec<u16> = b.boxes().map(|p| room.at(p)).collect();
        let mut occupied = vec![false; room.len()];
        for &c in &boxes {
            occupied[c as usize] = true;
        }
        room.flood(&occupied, room.at(b.worker_pos()));
        let reach: Vec<bool> = (0..room.len() as u16).map(|c| room.reached(c)).collect();
        let mut corrals = Corrals::new(&room);
        corrals
            .pi_corral(&room, &live, &occupied, &reach, &boxes)
            .map(|border| {
                let mut cells: Vec<_> = border
                    .iter()
                    .map(|&i| room.pos(boxes[i as usize]))
                    .collect();
                cells.sort_by_key(|p| (p.y, p.x));
                cells
            })
    };
    // The goals behind the box in the doorway can only be reached by pushing that box in.
    let door = "########\n#  #####\n#  #####\n#@ $  .#\n#  #####\n#  #####\n########\n";
    assert_eq!(
        find(door),
        Some(vec![crate::core::Pos::new(3, 3)]),
        "{door}"
    );
    // The same box with room to be pushed up or down outside: not an I-corral.
    let open = "########\n#   ####\n#   ####\n#@ $  .#\n#   ####\n#   ####\n########\n";
    assert_eq!(find(open), None, "{open}");
}

#[test]
fn both_modes_solve_a_small_level() {
    let b = board("####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
    for mode in [Mode::Optimal, Mode::Fast] {
        let s = search(&b, mode, &Limits::default()).unwrap();
        assert!(lurd::check_solution(&b, &s.lurd).unwrap().is_solved());
    }
}

#[test]
fn a_tunnel_is_pushed_through_in_one_step_of_the_search() {
    let b = board("#########\n#@$    .#\n#########\n");
    let s = search(&b, Mode::Fast, &Limits::default()).unwrap();
    assert_eq!((s.pushes, s.lurd.as_str()), (5, "RRRRR"));
    // The start and the position after the tunnel: the opening search solves it alone.
    assert!(s.states <= 3, "{} positions", s.states);
}

/// XSokoban level `n` (1-based) and its first goal room's packing order, worked out from the
/// start's boxes and worker when `from_starts` (the search's), or without them (the rating's).
fn xsokoban_room_order(n: usize, from_starts: bool) -> (crate::core::Board, Vec<crate::core::Pos>) {
    let xs = xsb::read("x", &fixture("levels/xsokoban/XSokoban_90.xsb")).unwrap();
    let b = xs.levels[n - 1].playable().unwrap();
    let (mut room, mut starts, worker) = start(&b).unwrap();
    starts.push(worker);
    let live = room.live_cells();
    let starts = from_starts.then_some(&starts[..]);
    let rooms = super::goals::GoalRooms::of(&mut room, &live, starts);
    let order = rooms.order(0).iter().map(|&c| room.pos(c)).collect();
    (b, order)
}

/// XSokoban 2's goal room (two columns of five goals, the door on the right) is filled from the
/// far wall: the first goal filled is in the far column, the last one beside the door.
#[test]
fn a_goal_room_is_filled_from_its_far_side() {
    let (b, order) = xsokoban_room_order(2, true);
    assert_eq!(order.len(), 10);
    assert_eq!(order[0].x, 1, "{order:?}");
    assert_eq!(order[9].x, 2, "{order:?}");
    // And the fast search solves the level with its goal macros (it did not without them).
    let s = search(&b, Mode::Fast, &limits(3_000_000)).unwrap();
    assert!(lurd::check_solution(&b, &s.lurd).unwrap().is_solved());
}

/// XSokoban 28's goal room has a pocket of two cells below it that only its goals lead to: a box
/// taken out of the full room is not out until it is past them, so the bottom corner goal, which
/// a box reaches only across the goal above it or the one beside the pocket, is filled before
/// both (it was filled after them, and the search stalled with 13 of 20 boxes placed). The
/// rating's search keeps the order it had, so that the shipped levels' ratings stay put.
#[test]
fn a_goal_rooms_order_does_not_count_its_pockets_as_out() {
    let place = |order: &[crate::core::Pos], x, y| {
        let at = order.iter().position(|&p| p == crate::core::Pos::new(x, y));
        at.expect("a goal of the room")
    };
    let (_, order) = xsokoban_room_order(28, true);
    assert_eq!(order.len(), 20);
    let corner = place(&order, 15, 11);
    for (x, y) in [(15, 10), (14, 10)] {
        let before = place(&order, x, y);
        assert!(
            corner < before,
            "({x}, {y}) at {before}, the corner at {corner}: {order:?}"
        );
    }
    let (_, rating) = xsokoban_room_order(28, false);
    assert_eq!(place(&rating, 15, 11), 18, "{rating:?}");
}

/// The packing advisor takes a box from wherever it stands to its goal room's next goal in one
/// step: here the room's far corner first, by three pushes; and the fast search stores 51
/// positions on XSokoban 1 (six goals in one room) where it stored 1,011 without the advisor.
#[test]
fn the_packing_advisor_takes_a_box_to_its_rooms_next_goal() {
    let b = board("########\n#.. $  #\n#.  $ @#\n#   $  #\n########\n");
    let (mut room, boxes, worker) = start(&b).unwrap();
    let live = room.live_cells();
    let starts: Vec<u16> = boxes.iter().copied().chain([worker]).collect();
    let mut rooms = super::goals::GoalRooms::of(&mut room, &live, Some(&starts));
    let mut occupied = vec![false; room.len()];
    for &c in &boxes {
        occupied[c as usize] = true;
    }
    let first = rooms.order(0)[0];
    assert_eq!(rooms.next_goals(&occupied).collect::<Vec<_>>(), [first]);
    room.flood(&occupied, worker);
    let reach: Vec<bool> = (0..room.len() as u16).map(|c| room.reached(c)).collect();
    let before = occupied.clone();
    let (from, pushes) = boxes
        .iter()
        .find_map(|&c| {
            let side = (0..4u8).find(|&s| {
                let w = room.next[c as usize][s as usize];
                w != room::NONE && reach[w as usize]
            })?;
            let pushes = rooms.box_to_goal(&mut room, &live, &mut occupied, (c, side), first)?;
            Some((c, pushes))
        })
        .expect("a box gets to the room's first goal");
    assert_eq!(occupied, before, "the boxes are as they were");
    assert!(pushes.len() >= 2, "{pushes:?}");
    let mut at = from;
    for &(cell, dir) in &pushes {
        assert_eq!(
            cell, at,
            "each push goes on from where the last one left the box"
        );
        at = room.next[cell as usize][dir as usize];
    }
    assert_eq!((room.pos(first), at), (crate::core::Pos::new(1, 1), first));

    let xs = xsb::read("x", &fixture("levels/xsokoban/XSokoban_90.xsb")).unwrap();
    let b = xs.levels[0].playable().unwrap();
    let s = search(&b, Mode::Fast, &limits(3_000_000)).unwrap();
    assert!(lurd::check_solution(&b, &s.lurd).unwrap().is_solved());
    assert!(s.states <= 100, "{} positions", s.states);
}

/// The forward search's shorter turns go to levels whose goals lie in a block: 2×4 is one, 2×3
/// and a line are not, nor any of Microban I's levels; most of XSokoban's are.
#[test]
fn goals_in_a_block_are_told_from_lines_and_small_groups() {
    use super::goals::goals_in_a_block;
    let in_block = |goals: &str| {
        let rows: Vec<String> = goals.lines().map(|l| format!("#{l} #")).collect();
        let width = rows[0].len();
        let wall = "#".repeat(width);
        let boxes = goals.matches('.').count();
        let text = format!(
            "{wall}\n{}\n#@{}#\n#{}#\n{wall}\n",
            rows.join("\n"),
            " ".repeat(width - 3),
            "$".repeat(boxes) + &" ".repeat(width - 2 - boxes),
        );
        goals_in_a_block(&Room::of(&board(&text)))
    };
    assert!(in_block("....      \n....      "));
    assert!(!in_block("...       \n...       "));
    assert!(!in_block(".........."));
    let levels = |path: &str| xsb::read("x", &fixture(path)).unwrap().levels;
    let microban = levels("levels/microban/Microban_155.xsb");
    assert!(
        microban
            .iter()
            .all(|l| !goals_in_a_block(&Room::of(&l.playable().unwrap())))
    );
    let xsokoban = levels("levels/xsokoban/XSokoban_90.xsb");
    let blocks = xsokoban
        .iter()
        .filter(|l| goals_in_a_block(&Room::of(&l.playable().unwrap())))
        .count();
    assert_eq!(blocks, 77);
}

/// The backward search's bound: the pull distance from a cell to a target is the push distance
/// from the target to the cell, on every pair of cells of a level with pillars and corners.
#[test]
fn pull_distances_are_push_distances_the_other_way() {
    use super::bound::Distances;
    let b = board("#######\n#  .  #\n# #$# #\n#  @  #\n# #$# #\n#  .  #\n#######\n");
    let room = Room::of(&b);
    let n = room.len() as u16;
    let mut finite = 0;
    for target in 0..n {
        let pulls = Distances::pulls_to(&room, &[target]);
        for cell in 0..n {
            let mut only = room.clone();
            only.goal = (0..n).map(|c| c == cell).collect();
            let pushes = Distances::of(&only).get(0, target);
            assert_eq!(pulls.get(0, cell), pushes, "{cell} to {target}");
            finite += (pushes < super::bound::FAR) as usize;
        }
    }
    // Not all pairs are far apart: boxes can go most ways here, but not out of corners.
    assert!(
        finite > n as usize * 4 && finite < (n * n) as usize,
        "{finite} of {}",
        n * n
    );
}

/// A box frozen on its goal is a wall to the rest: in a corridor, the goal beyond it is out of
/// reach, and its own goal costs it nothing.
#[test]
fn distances_with_walls_go_round_the_frozen_boxes() {
    use super::bound::{Distances, FAR};
    let b = board("########\n#.  .$@#\n########\n");
    let room = Room::of(&b);
    let at = |x| room.at(crate::core::Pos::new(x, 1));
    let (plain, walled) = (Distances::of(&room), Distances::with_walls(&room, &[at(4)]));
    // Goal 0 is the far one (x = 1), goal 1 the near one (x = 4).
    assert_eq!(plain.get(0, at(5)), 4);
    assert_eq!(walled.get(0, at(5)), FAR);
    // Nor can the worker stand on it to push a box beside it.
    assert_eq!(walled.get(0, at(3)), FAR);
    assert_eq!(walled.get(0, at(2)), 1);
    assert_eq!(walled.get(1, at(4)), 0);
    assert_eq!(walled.get(1, at(5)), FAR);
    assert_eq!(plain.get(1, at(5)), 1);
}

/// The backward search alone (from the solved boxes, by pulls) solves the first Microban levels;
/// every answer is played forwards by the rules.
#[test]
fn the_backward_search_alone_solves_small_levels() {
    let c = microban();
    for level in 1..=30 {
        let board = c.levels[level - 1].playable().unwrap();
        let s = super::search::search_backward(&board, &limits(500_000))
            .unwrap_or_else(|e| panic!("Microban {level}: {e}"));
        assert!(lurd::check_solution(&board, &s.lurd).unwrap().is_solved());
    }
    // Run out, it has proved the level unsolvable: no position the solved boxes can be pulled
    // to is the start (here the box can never leave the wall).
    let stuck = board("######|#@$  #|#   .#|######");
    let r = super::search::search_backward(&stuck, &limits(10_000));
    assert!(matches!(r, Err(SolveError::Unsolvable { .. })), "{r:?}");
}

/// The fast search ends in each of its four ways somewhere in Microban (in the opening, forwards,
/// backwards to the board, the two meeting), and every joined solution replays to solved.
#[test]
fn the_two_directions_each_end_some_searches_and_their_joins_replay() {
    use super::search::Finish;
    let c = microban();
    let mut ends = std::collections::HashMap::new();
    for (i, level) in c.levels.iter().enumerate() {
        let board = level.playable().unwrap();
        let mut stepper = Stepper::new(&board, Mode::Fast, &limits(300_000)).unwrap();
        let Ok(s) = stepper.run() else { continue };
        assert!(
            lurd::check_solution(&board, &s.lurd).unwrap().is_solved(),
            "Microban {}",
            i + 1
        );
        *ends.entry(stepper.finish()).or_insert(0) += 1;
    }
    for way in [
        Finish::Opening,
        Finish::Forward,
        Finish::Backward,
        Finish::Met,
    ] {
        assert!(ends.get(&way).is_some_and(|&n| n > 0), "{ends:?}");
    }
}

/// Where the goals lie in a block, the backward search takes turns with the opening, and the two
/// meet: XSokoban 26 in 64,466 positions (both searches counted; 41,754 before its room's order
/// stopped counting pockets as out), long before the opening's million floods are done (it
/// stores some 200,000 positions in them). In slices, the same answer.
#[test]
fn the_backward_search_meets_the_opening_where_the_goals_lie_in_a_block() {
    use super::goals::goals_in_a_block;
    use super::search::Finish;
    let xsokoban = xsb::read("x", &fixture("levels/xsokoban/XSokoban_90.xsb")).unwrap();
    let board = xsokoban.levels[25].playable().unwrap();
    assert!(goals_in_a_block(&Room::of(&board)));
    let mut stepper = Stepper::new(&board, Mode::Fast, &limits(300_000)).unwrap();
    let whole = stepper.run().expect("solved");
    assert_eq!(stepper.finish(), Finish::Met);
    assert!(whole.states < 100_000, "{} positions", whole.states);
    assert!(
        lurd::check_solution(&board, &whole.lurd)
            .unwrap()
            .is_solved()
    );
    let mut stepper = Stepper::new(&board, Mode::Fast, &limits(300_000)).unwrap();
    let sliced = run_in_slices(&mut stepper, Duration::ZERO).expect("solved");
    assert_eq!((&whole.lurd, whole.states), (&sliced.lurd, sliced.states));
}

/// XSokoban 18's boxes start packed around the worker. The backward search gets them within a
/// few pulls of their starting cells at once and then cannot order them (35 s without an aim);
/// aimed at a position the opening unpacked, a second backward search reaches it. The pushes to
/// it and from it replay to solved, and in slices (the hint in a browser) the search ends the
/// same way with the same answer.
#[test]
fn a_backward_search_aimed_at_an_unpacked_position_joins_the_opening_to_solved() {
    use super::search::Finish;
    let xsokoban = xsb::read("x", &fixture("levels/xsokoban/XSokoban_90.xsb")).unwrap();
    let board = xsokoban.levels[17].playable().unwrap();
    let mut stepper = Stepper::new(&board, Mode::Fast, &limits(600_000)).unwrap();
    let whole = stepper.run().expect("solved");
    assert_eq!(stepper.finish(), Finish::Aimed);
    assert!(
        lurd::check_solution(&board, &whole.lurd)
            .unwrap()
            .is_solved()
    );
    let mut stepper = Stepper::new(&board, Mode::Fast, &limits(600_000)).unwrap();
    let sliced = run_in_slices(&mut stepper, Duration::from_millis(5)).expect("solved");
    assert_eq!(stepper.finish(), Finish::Aimed);
    assert_eq!((&whole.lurd, whole.states), (&sliced.lurd, sliced.states));
}

#[test]
fn the_bench_collections_read_and_every_level_is_playable() {
    for (rel, count) in [
        ("levels/sasquatch/Sasquatch_50.xsb", 50),
        ("levels/boxworld/BoxWorld_100.xsb", 100),
    ] {
        let c = xsb::read(rel, &fixture(rel)).unwrap();
        assert_eq!(c.levels.len(), count, "{rel}");
        for (i, level) in c.levels.iter().enumerate() {
            let board = level
                .playable()
                .unwrap_or_else(|e| panic!("{rel} {}: {e}", i + 1));
            assert!(!board.is_solved(), "{rel} {} starts solved", i + 1);
        }
    }
}

/// Box World 60: twenty boxes in a checkerboard between two rows of goals with pockets at the
/// corners. The bound-ordered lists fill the open goals first and then search a plateau of
/// positions whose pockets can no longer be filled (over a million, with greedy, A* and the
/// connectivity list each alone); the opening's feature-space list follows pushes onto goals to
/// the end.
#[test]
fn the_opening_solves_what_the_bound_lists_stall_on() {
    use super::search::Finish;
    let rel = "levels/boxworld/BoxWorld_100.xsb";
    let c = xsb::read(rel, &fixture(rel)).unwrap();
    let board = c.levels[59].playable().unwrap();
    let mut stepper = Stepper::new(&board, Mode::Fast, &limits(300_000)).unwrap();
    let solution = stepper.run().expect("solved");
    assert_eq!(stepper.finish(), Finish::Opening);
    let played = lurd::check_solution(&board, &solution.lurd).unwrap();
    assert!(played.is_solved());
}

#[test]
fn an_unsolvable_level_says_whether_its_start_was_already_dead() {
    // The box is in a corner off its goal before any push.
    let stuck = board("#####\n#$ .#\n#  @#\n#####\n");
    for mode in [Mode::Fast, Mode::Optimal] {
        let e = search(&stuck, mode, &Limits::default()).unwrap_err();
        assert!(matches!(e, SolveError::Unsolvable { .. }), "{e:?}");
        assert!(e.to_string().contains("deadlocked from the start"), "{e}");
    }
    assert_eq!(
        SolveError::Unsolvable { states: 40 }.to_string(),
        "the level has no solution (all 40 reachable positions searched)"
    );
}

/// Near misses are searched around out of turn (`Search::focus`), every other expansion: a
/// slice that ends between the two must leave the turn where it was, or the slices expand in
/// another order than one run (XSokoban 5 stored 11,603 positions so against 13,539; 53 9,583
/// against 9,636). XSokoban 5's two ends meet after 37 near misses, 53's backward search
/// reaches the board after 44.
#[test]
fn slices_search_around_near_misses_in_the_order_one_run_does() {
    let xsokoban = xsb::read("x", &fixture("levels/xsokoban/XSokoban_90.xsb")).unwrap();
    for level in [5, 53] {
        let board = xsokoban.levels[level - 1].playable().unwrap();
        let mut stepper = Stepper::new(&board, Mode::Fast, &limits(300_000)).unwrap();
        let whole = stepper.run().expect("solved");
        let mut stepper = Stepper::new(&board, Mode::Fast, &limits(300_000)).unwrap();
        let sliced = run_in_slices(&mut stepper, Duration::ZERO).expect("solved");
        assert_eq!(
            (&whole.lurd, whole.states),
            (&sliced.lurd, sliced.states),
            "XSokoban {level}"
        );
    }
}
