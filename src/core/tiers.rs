//! Levels made to a difficulty: five tiers, each a recipe (room size, boxes, pushes, rating band)
//! that the [`Maker`] fills by trying rooms until one passes a level designer's rules. The daily
//! puzzle is the tier's level for a date's seed.
//!
//! One attempt: carve a room ([`generate`](super::generate)'s rooms), put the boxes on their
//! goals, pull them away at random (each pull favouring a box moving farther from the goals),
//! drop the boxes that never moved, wall in the floor the pulls never touched, then search for a
//! shorter solution than the pulls played backwards. The shorter of the two is the level's
//! best-known solution; floor it never touches is walled in and the level searched again. The
//! rules: enough pushes, every box pushed at least twice (no trivial box), no floor the solution
//! leaves unused (no dead floor), the rating in the tier's band. Duplicates (up to rotation and
//! mirroring, [`canonical`]) are for the caller to refuse, who knows the other levels.
//!
//! A [`Maker`] works a slice at a time (a browser page has no threads); the result does not
//! depend on the slices or the machine, only on the tier and the seed.

use std::time::Duration;
// A browser page has no std clock (`std::time::Instant::now` panics there).
#[cfg(not(target_family = "wasm"))]
use std::time::Instant;
#[cfg(target_family = "wasm")]
use web_time::Instant;

use super::board::Board;
use super::cell;
use super::direction::Direction;
use super::generate::{Rng, carve_open, trim};
use super::level::{Level, Recording};
use super::path::PathFinder;
use super::rating::{self, Features};
use super::solver::{Limits, Mode, Push, Solution, SolveError, Stepper, checked_play_out};

/// The five tiers, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    Beginner,
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Tier {
    pub const ALL: [Tier; 5] = [
        Tier::Beginner,
        Tier::Easy,
        Tier::Medium,
        Tier::Hard,
        Tier::Expert,
    ];

    /// The tier's name in files and on the command line (`beginner` … `expert`).
    pub fn name(self) -> &'static str {
        match self {
            Tier::Beginner => "beginner",
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Expert => "expert",
        }
    }

    pub fn parse(s: &str) -> Option<Tier> {
        Tier::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
    }

    /// 0 for Beginner … 4 for Expert.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The tier whose marks a rating gives (one mark: Beginner).
    pub fn of_marks(marks: u8) -> Tier {
        Tier::ALL[(marks.clamp(1, 5) - 1) as usize]
    }

    fn recipe(self) -> Recipe {
        let r = |rooms, boxes, pulls_per_box, min_pushes, open_percent, spare_percent| Recipe {
            rooms,
            boxes,
            pulls_per_box,
            min_pushes,
            open_percent,
            spare_percent,
        };
        match self {
            Tier::Beginner => r([(5, 4), (6, 5)], (2, 2), 10, 6, 55, 25),
            Tier::Easy => r([(6, 5), (8, 6)], (2, 3), 14, 12, 55, 25),
            Tier::Medium => r([(8, 6), (10, 7)], (3, 4), 20, 24, 60, 25),
            Tier::Hard => r([(11, 8), (13, 9)], (6, 7), 30, 61, 75, 25),
            // More boxes than Hard, not more pushes: five marks come from the search's work,
            // and rooms with 7 to 10 boxes reach them twice as often as 6 to 8 with 75 pushes
            // (measured in docs/levels.md).
            Tier::Expert => r([(11, 8), (13, 9)], (7, 10), 40, 61, 75, 50),
        }
    }
}

/// What a tier's levels are made of.
#[derive(Clone, Copy, Debug)]
struct Recipe {
    /// The smallest and largest room inside the outer wall.
    rooms: [(u32, u32); 2],
    /// Fewest and most boxes.
    boxes: (usize, usize),
    /// Random pulls per box.
    pulls_per_box: u32,
    /// Fewest pushes of the best-known solution.
    min_pushes: u32,
    /// How much of the room is carved open (the rest walls): the big tiers need room to walk
    /// around the boxes they pull.
    open_percent: u32,
    /// Boxes placed beyond the number wanted, in per cent of it: the walk seldom reaches the
    /// boxes deep in the store room, and those it never moves are taken off.
    spare_percent: usize,
}

/// How many attempts each rule turned away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rejections {
    /// The room came out too small or split, or too few boxes moved.
    pub poor_room: u32,
    pub too_few_pushes: u32,
    pub trivial_box: u32,
    pub dead_floor: u32,
    /// The rating fell outside the tier's marks.
    pub off_tier: u32,
}

impl Rejections {
    /// Adds another maker's counts to these.
    pub fn add(&mut self, other: &Rejections) {
        self.poor_room += other.poor_room;
        self.too_few_pushes += other.too_few_pushes;
        self.trivial_box += other.trivial_box;
        self.dead_floor += other.dead_floor;
        self.off_tier += other.off_tier;
    }
}

/// A level made for a tier.
#[derive(Clone, Debug)]
pub struct Made {
    /// The level, with its best-known solution as its recording.
    pub level: Level,
    pub features: Features,
    /// Rooms tried for it (the last one kept).
    pub attempts: u32,
}

/// Makes one level of a tier from a seed, a slice at a time.
pub struct Maker {
    tier: Tier,
    rng: Rng,
    attempts: u32,
    pub rejected: Rejections,
    /// The attempt whose search is under way.
    pending: Option<Pending>,
}

/// An attempt waiting for its search: the board, the best solution so far, the searches run.
struct Pending {
    board: Board,
    best: Solution,
    stepper: Stepper,
    searches: u32,
}

/// The most positions an attempt's searches store (the rating's cap: its count is the rating's).
const SEARCH_CAP: usize = rating::SEARCH_CAP;

impl Maker {
    pub fn new(tier: Tier, seed: u64) -> Maker {
        Maker {
            tier,
            rng: Rng::new(seed ^ (tier.index() as u64).wrapping_mul(0x5851_f42d_4c95_7f2d)),
            attempts: 0,
            rejected: Rejections::default(),
            pending: None,
        }
    }

    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// Rooms tried so far.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Works for about `slice` (to the end with `None`): the level once it is made.
    pub fn step(&mut self, slice: Option<Duration>) -> Option<Made> {
        let until = slice.map(|d| Instant::now() + d);
        loop {
            let Some(p) = self.pending.as_mut() else {
                self.attempts += 1;
                self.pending = self.begin();
                continue;
            };
            let left = until.map(|t| t.saturating_duration_since(Instant::now()));
            if let Some(answer) = p.stepper.step(left) {
                let p = self.pending.take().expect("an attempt is under way");
                if let Some(made) = self.searched(p, answer) {
                    return Some(made);
                }
            }
            if until.is_some_and(|t| Instant::now() >= t) {
                return None;
            }
        }
    }

    /// A new room with its boxes pulled away, its search begun; `None` when the room is poor.
    fn begin(&mut self) -> Option<Pending> {
        let recipe = self.tier.recipe();
        let [(w0, h0), (w1, h1)] = recipe.rooms;
        let width = w0 + self.rng.below(w1 - w0 + 1);
        let height = h0 + self.rng.below(h1 - h0 + 1);
        // Boxes the walk never moves are taken off: start with spare ones.
        let (b0, b1) = recipe.boxes;
        let boxes = b0 + self.rng.below((b1 - b0 + 1) as u32) as usize;
        let placed = boxes + boxes * recipe.spare_percent / 100;
        let Some(pulled) = self.pulled_room(width, height, placed, recipe) else {
            self.rejected.poor_room += 1;
            return None;
        };
        let (board, best) = pulled;
        // A search only finds shorter solutions: too short already is too short.
        if best.pushes < recipe.min_pushes {
            self.rejected.too_few_pushes += 1;
            return None;
        }
        self.search(board, best, 0)
    }

    /// Carves a room, places the boxes and pulls them away: the start and the pulls played back.
    fn pulled_room(
        &mut self,
        width: u32,
        height: u32,
        boxes: usize,
        recipe: Recipe,
    ) -> Option<(Board, Solution)> {
        let floor = carve_open(width, height, recipe.open_percent, &mut self.rng)?;
        let (w, h) = (width + 2, height + 2);
        let mut cells = vec![cell::WALL; (w * h) as usize];
        let mut free: Vec<usize> = (0..cells.len()).filter(|&i| floor[i]).collect();
        if free.len() < boxes * 3 + 4 {
            return None;
        }
        for &i in &free {
            cells[i] = cell::LAND;
        }
        // The goals together (a store room, as designers make them), the boxes on them.
        for i in goal_cluster(&floor, w as usize, boxes, &mut self.rng)? {
            cells[i] = cell::BOX1;
            free.retain(|&f| f != i);
        }
        cells[free[self.rng.below(free.len() as u32) as usize]] = cell::MAN0;
        let solved = Board::new(w, h, cells).ok()?;
        let pulls = boxes as u32 * recipe.pulls_per_box;
        let (start, pushes) = scramble(&solved, pulls, &mut self.rng)?;
        if !(recipe.boxes.0..=recipe.boxes.1).contains(&start.boxes().count()) {
            return None;
        }
        let played = checked_play_out(&start, pushes, 0)?;
        let trimmed = trim(&start, &played.lurd)?;
        let again = super::lurd::check_solution(&trimmed, &played.lurd).ok()?;
        let best = Solution {
            lurd: played.lurd,
            moves: again.board().moves(),
            pushes: again.board().pushes(),
            push_list: Vec::new(),
            states: 0,
        };
        Some((trimmed, best))
    }

    /// Begins the search of `board` (the `searches`-th for this attempt).
    fn search(&mut self, board: Board, best: Solution, searches: u32) -> Option<Pending> {
        let limits = Limits {
            max_states: SEARCH_CAP,
            ..Limits::default()
        };
        match Stepper::without_opening(&board, Mode::Fast, &limits) {
            Ok(stepper) => Some(Pending {
                board,
                best,
                stepper,
                searches: searches + 1,
            }),
            Err(_) => {
                self.rejected.poor_room += 1;
                None
            }
        }
    }

    /// A search ended: keep the shorter solution, wall in what it leaves unused (and search
    /// again), then apply the rules.
    fn searched(&mut self, p: Pending, answer: Result<Solution, SolveError>) -> Option<Made> {
        let positions = match &answer {
            Ok(s) => s.states.min(SEARCH_CAP),
            Err(_) => SEARCH_CAP,
        } as u32;
        let best = match answer {
            Ok(s)
                if s.pushes < p.best.pushes
                    || (s.pushes == p.best.pushes && s.moves < p.best.moves) =>
            {
                s
            }
            _ => p.best,
        };
        let trimmed = trim(&p.board, &best.lurd)?;
        if trimmed.cells() != p.board.cells() || trimmed.width() != p.board.width() {
            // Floor the shorter solution does not use: wall it in and search the smaller level.
            if p.searches >= 3 {
                self.rejected.dead_floor += 1;
                return None;
            }
            self.pending = self.search(trimmed, best, p.searches);
            return None;
        }
        self.judge(p.board, best, positions)
    }

    /// The rules a level designer applies; the level when it passes them.
    fn judge(&mut self, board: Board, best: Solution, positions: u32) -> Option<Made> {
        let recipe = self.tier.recipe();
        if best.pushes < recipe.min_pushes {
            self.rejected.too_few_pushes += 1;
            return None;
        }
        if least_pushed_box(&board, &best.lurd) < 2 {
            self.rejected.trivial_box += 1;
            return None;
        }
        let features = rating::measure_with(&board, &best.lurd, positions).ok()?;
        if Tier::of_marks(features.marks()) != self.tier {
            self.rejected.off_tier += 1;
            return None;
        }
        let mut level = Level::new(board.width(), board.height(), board.cells().to_vec());
        level.recording = Some(Recording {
            moves: best.moves,
            pushes: best.pushes,
            lurd: Some(best.lurd.clone()),
        });
        level.solutions = vec![best.lurd];
        Some(Made {
            level,
            features,
            attempts: self.attempts,
        })
    }
}

/// Makes a level of `tier` from `seed` in one go.
pub fn make(tier: Tier, seed: u64) -> Made {
    let mut maker = Maker::new(tier, seed);
    loop {
        if let Some(m) = maker.step(None) {
            return m;
        }
    }
}

/// The day's puzzle of a tier.
pub fn daily(year: i32, month: u32, day: u32, tier: Tier) -> Made {
    make(tier, daily_seed(year, month, day))
}

/// The daily puzzle's title: "Daily 2026-12-02 (medium)".
pub fn daily_title(year: i32, month: u32, day: u32, tier: Tier) -> String {
    format!("Daily {} ({})", date_key(year, month, day), tier.name())
}

/// A date as `YYYY-MM-DD`: how the daily puzzle's title, the progress and the screens name it.
pub fn date_key(year: i32, month: u32, day: u32) -> String {
    format!("{year:04}-{month:02}-{day:02}")
}

/// Today in UTC, by the system clock (not in a browser page, which has no std clock).
pub fn utc_today() -> (i32, u32, u32) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_from_days((secs / 86_400) as i64)
}

/// The seed of a day's puzzle: the same date gives every player the same level.
pub fn daily_seed(year: i32, month: u32, day: u32) -> u64 {
    let days = days_from_civil(year, month, day);
    (days as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xda11_0000
}

/// Days since 1970-01-01 of a date in the proleptic Gregorian calendar.
pub fn days_from_civil(year: i32, month: u32, day: u32) -> i64 {
    let y = year as i64 - (month <= 2) as i64;
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = month as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01 (the inverse of [`days_from_civil`]).
pub fn civil_from_days(days: i64) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    ((yoe + era * 400 + (month <= 2) as i64) as i32, month, day)
}

/// Parses `YYYY-MM-DD` (a real date).
pub fn parse_date(s: &str) -> Option<(i32, u32, u32)> {
    let mut parts = s.trim().splitn(3, '-');
    let y: i32 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    let real =
        (1..=12).contains(&m) && d >= 1 && civil_from_days(days_from_civil(y, m, d)) == (y, m, d);
    (real && (1..=9999).contains(&y)).then_some((y, m, d))
}

/// Pulls boxes away from their goals at random, `pulls` times: the position along the way with
/// the boxes farthest from the goals, and the pushes that solve it (those pulls backwards). Boxes
/// never pulled are taken off with their goals.
fn scramble(solved: &Board, pulls: u32, rng: &mut Rng) -> Option<(Board, Vec<Push>)> {
    let distance = goal_distances(solved);
    let mut b = solved.clone();
    let mut finder = PathFinder::new();
    // Pulls so far of the box on each cell.
    let mut moved = vec![0u32; b.cells().len()];
    let mut pushes = Vec::new();
    let mut options: Vec<Pull> = Vec::new();
    // The boxes' distances from the goals, added up (0 on the goals), now and at the position
    // kept: the farthest along the walk.
    let (mut spread, mut kept_spread) = (0i32, 0i32);
    let mut farthest = (0usize, b.clone(), moved.clone());
    for _ in 0..pulls {
        pull_options(&mut b, &mut finder, &distance, &mut options);
        // Shut in with nothing to pull: the walk ends (its farthest position is kept).
        if options.is_empty() {
            break;
        }
        // Seven pulls in eight take a box farther from the goals when one can, the box pulled
        // least so far first (so that every box leaves the store room, not one box far).
        let least = options
            .iter()
            .filter(|o| o.gain > 0)
            .map(|o| moved[o.box_at])
            .min();
        let pick = match least {
            Some(least) if rng.below(8) < 7 => {
                let fewest: Vec<_> = options
                    .iter()
                    .filter(|o| o.gain > 0 && moved[o.box_at] == least)
                    .collect();
                *fewest[rng.below(fewest.len() as u32) as usize]
            }
            _ => options[rng.below(options.len() as u32) as usize],
        };
        let (from, to) = pull(&mut b, pick.stand, pick.dir)?;
        moved[to] = moved[from] + 1;
        moved[from] = 0;
        pushes.push(Push {
            from: b.pos_of(to as u32),
            dir: pick.dir.opposite(),
        });
        spread += pick.gain;
        if spread >= kept_spread {
            kept_spread = spread;
            farthest = (pushes.len(), b.clone(), moved.clone());
        }
    }
    let (kept, b, moved) = farthest;
    pushes.truncate(kept);
    pushes.reverse();
    // Boxes never pulled sit on their goals: both go.
    let mut cells = b.cells().to_vec();
    for (i, c) in cells.iter_mut().enumerate() {
        if cell::is_box(*c) && moved[i] == 0 && cell::is_goal(*c) {
            *c = cell::LAND;
        }
    }
    let start = Board::new(b.width(), b.height(), cells).ok()?;
    Some((start, pushes))
}

/// A pull the worker can make: where it stands, the way it steps, the box's cell, and how much
/// farther from the goals the box gets.
#[derive(Clone, Copy)]
struct Pull {
    stand: u32,
    dir: Direction,
    box_at: usize,
    gain: i32,
}

/// Every pull the worker can make from where it is.
fn pull_options(b: &mut Board, finder: &mut PathFinder, distance: &[i32], out: &mut Vec<Pull>) {
    out.clear();
    let w = b.width() as i64;
    let reach: Vec<u32> = finder.reachable(b).to_vec();
    for &stand in &reach {
        for d in Direction::SEARCH_ORDER {
            let (dx, dy) = d.offset();
            let step = dy as i64 * w + dx as i64;
            let (bx, to) = (stand as i64 - step, stand as i64 + step);
            if bx < 0 || to < 0 || to as usize >= b.cells().len() {
                continue;
            }
            if cell::is_box(b.cells()[bx as usize]) && cell::is_blank(b.cells()[to as usize]) {
                out.push(Pull {
                    stand,
                    dir: d,
                    box_at: bx as usize,
                    gain: distance[stand as usize] - distance[bx as usize],
                });
            }
        }
    }
}

/// The worker walks to `stand` and pulls the box behind it one cell `d`: the box's cells before
/// and after.
fn pull(b: &mut Board, stand: u32, d: Direction) -> Option<(usize, usize)> {
    if stand != b.worker_index() {
        b.place_worker(b.pos_of(stand));
    }
    let m = b.pull_step(d, true).ok()?;
    Some((
        b.index_of(m.box_from?)? as usize,
        b.index_of(m.box_to?)? as usize,
    ))
}

/// `n` floor cells next to one another, grown from a cell at an end of the room (`None` if the
/// floor is too small).
fn goal_cluster(floor: &[bool], w: usize, n: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    let cells: Vec<usize> = (0..floor.len()).filter(|&i| floor[i]).collect();
    // At an end of the room: the floor cell farthest from a random one.
    let seed = *cells.get(rng.below(cells.len().max(1) as u32) as usize)?;
    let mut dist = vec![usize::MAX; floor.len()];
    let mut queue = std::collections::VecDeque::from([seed]);
    dist[seed] = 0;
    let mut first = seed;
    while let Some(i) = queue.pop_front() {
        first = i;
        for j in [i - w, i + w, i - 1, i + 1] {
            if floor[j] && dist[j] == usize::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    let mut chosen = vec![first];
    let mut frontier: Vec<usize> = Vec::new();
    while chosen.len() < n {
        frontier.clear();
        for &c in &chosen {
            for j in [c - w, c + w, c - 1, c + 1] {
                if floor[j] && !chosen.contains(&j) && !frontier.contains(&j) {
                    frontier.push(j);
                }
            }
        }
        if frontier.is_empty() {
            return None;
        }
        chosen.push(frontier[rng.below(frontier.len() as u32) as usize]);
    }
    Some(chosen)
}

/// Steps from each cell to the nearest goal, walls and boxes aside (`i32::MAX / 2` unreachable).
fn goal_distances(board: &Board) -> Vec<i32> {
    let w = board.width() as i64;
    let cells = board.cells();
    let far = i32::MAX / 2;
    let mut dist = vec![far; cells.len()];
    let mut queue: std::collections::VecDeque<usize> = (0..cells.len())
        .filter(|&i| cell::is_goal(cells[i]))
        .collect();
    for &g in &queue {
        dist[g] = 0;
    }
    while let Some(i) = queue.pop_front() {
        for step in [-w, w, -1, 1] {
            let j = i as i64 + step;
            if j < 0 || j as usize >= cells.len() || cell::is_wall(cells[j as usize]) {
                continue;
            }
            if dist[j as usize] == far {
                dist[j as usize] = dist[i] + 1;
                queue.push_back(j as usize);
            }
        }
    }
    dist
}

/// The fewest pushes any one box gets in `lurd` (each box followed from cell to cell).
fn least_pushed_box(board: &Board, lurd: &str) -> u32 {
    let Ok(steps) = super::lurd::parse(lurd) else {
        return 0;
    };
    let mut b = board.clone();
    // Pushes of the box now on each cell.
    let mut count: Vec<Option<u32>> = b
        .cells()
        .iter()
        .map(|&c| cell::is_box(c).then_some(0))
        .collect();
    for d in steps {
        let Ok(m) = b.step(d) else { return 0 };
        if let (Some(from), Some(to)) = (m.box_from, m.box_to) {
            let (fi, ti) = (b.index_of(from).unwrap_or(0), b.index_of(to).unwrap_or(0));
            let n = count[fi as usize].take().unwrap_or(0);
            count[ti as usize] = Some(n + 1);
        }
    }
    count.into_iter().flatten().min().unwrap_or(0)
}

/// A level's form up to rotation and mirroring: the smallest of its eight turned and flipped
/// byte maps (the worker left out, the floor outside the walls marked apart), with the size.
pub fn canonical(board: &Board) -> (u32, u32, Vec<u8>) {
    const OUTSIDE: u8 = 0xff;
    let inside = super::validate::inside(board);
    let (w, h) = (board.width() as usize, board.height() as usize);
    let plain: Vec<u8> = board
        .cells()
        .iter()
        .zip(&inside)
        .map(|(&c, &ins)| {
            let k = if cell::is_worker(c) {
                cell::man_out(c)
            } else {
                c
            } & cell::KIND_MASK;
            if ins || cell::is_wall(k) { k } else { OUTSIDE }
        })
        .collect();
    let mut best: Option<(u32, u32, Vec<u8>)> = None;
    for t in 0..8 {
        let (tw, th) = if t & 4 != 0 { (h, w) } else { (w, h) };
        let mut out = vec![0u8; w * h];
        for y in 0..h {
            for x in 0..w {
                let (mut nx, mut ny) = (x, y);
                if t & 1 != 0 {
                    nx = w - 1 - nx;
                }
                if t & 2 != 0 {
                    ny = h - 1 - ny;
                }
                if t & 4 != 0 {
                    std::mem::swap(&mut nx, &mut ny);
                }
                out[ny * tw + nx] = plain[y * w + x];
            }
        }
        let cand = (tw as u32, th as u32, out);
        if best.as_ref().is_none_or(|b| cand < *b) {
            best = Some(cand);
        }
    }
    best.expect("eight forms")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_and_bad_dates_are_refused() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2026, 12, 2), 20_789);
        for d in [-1000, 0, 59, 60, 20_789, 100_000] {
            let (y, m, day) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, day), d);
        }
        assert_eq!(parse_date("2024-02-29"), Some((2024, 2, 29)));
        for bad in [
            "2023-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-1",
            "x",
            "2026-04-31",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        assert_ne!(daily_seed(2026, 12, 2), daily_seed(2026, 12, 3));
    }

    #[test]
    fn canonical_forms_agree_on_turned_and_mirrored_boards() {
        let read = |t: &str| {
            crate::core::formats::xsb::read("t", t).unwrap().levels[0]
                .board()
                .unwrap()
        };
        let a = read("#####\n#@$.#\n# $.#\n#####\n");
        let mirrored = read("#####\n#.$@#\n#.$ #\n#####\n");
        let turned = read("####\n#@ #\n#$$#\n#..#\n####\n");
        let other = read("#####\n#@$.#\n#$ .#\n#####\n");
        assert_eq!(canonical(&a), canonical(&mirrored));
        assert_eq!(canonical(&a), canonical(&turned));
        assert_ne!(canonical(&a), canonical(&other));
    }

    #[test]
    fn a_made_level_keeps_its_tiers_rules_and_repeats() {
        let made = make(Tier::Beginner, 7);
        let board = made.level.board().unwrap();
        let rec = made.level.recording.clone().unwrap();
        let game = crate::core::lurd::check_solution(&board, rec.lurd.as_deref().unwrap()).unwrap();
        assert!(game.is_solved());
        assert!(rec.pushes >= Tier::Beginner.recipe().min_pushes);
        assert_eq!(made.features.marks(), 1);
        assert!(least_pushed_box(&board, rec.lurd.as_deref().unwrap()) >= 2);
        // The same seed, sliced finely, gives the same level.
        let mut maker = Maker::new(Tier::Beginner, 7);
        let again = loop {
            if let Some(m) = maker.step(Some(Duration::from_micros(200))) {
                break m;
            }
        };
        assert_eq!(again.level.cells, made.level.cells);
        assert_eq!(again.features, made.features);
    }
}

/// The shipped collections (assets/levels), as a player gets them.
#[cfg(test)]
mod shipped {
    use super::*;
    use crate::core::files;

    const FILES: [&str; 7] = [
        "tutorial", "pushbox", "beginner", "easy", "medium", "hard", "expert",
    ];

    fn load(name: &str) -> Vec<Level> {
        let path = format!("{}/assets/levels/{name}.bxb", env!("CARGO_MANIFEST_DIR"));
        files::load(std::path::Path::new(&path))
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .collection
            .levels
    }

    #[test]
    fn every_shipped_solution_replays() {
        let mut checked = 0;
        for name in FILES {
            for (i, l) in load(name).iter().enumerate() {
                let board = l.board().unwrap();
                let rec = l
                    .recording
                    .as_ref()
                    .unwrap_or_else(|| panic!("{name} {}: no solution", i + 1));
                let lurd = rec
                    .lurd
                    .as_deref()
                    .or(l.solutions.first().map(String::as_str))
                    .unwrap();
                let game = crate::core::lurd::check_solution(&board, lurd)
                    .unwrap_or_else(|e| panic!("{name} level {}: {e}", i + 1));
                assert_eq!(game.board().pushes(), rec.pushes, "{name} level {}", i + 1);
                assert_eq!(game.board().moves(), rec.moves, "{name} level {}", i + 1);
                checked += 1;
            }
        }
        assert_eq!(checked, 10 + 40 + 300);
    }

    #[test]
    fn no_two_shipped_levels_are_equal_up_to_turning_and_mirroring() {
        let mut seen = std::collections::HashMap::new();
        for name in FILES {
            for (i, l) in load(name).iter().enumerate() {
                let key = canonical(&l.board().unwrap());
                if let Some(first) = seen.insert(key, format!("{name} level {}", i + 1)) {
                    panic!("{name} level {} is {first} turned or mirrored", i + 1);
                }
            }
        }
    }

    #[test]
    fn rated_collections_keep_their_tiers_rules() {
        for tier in Tier::ALL {
            let levels = load(tier.name());
            assert_eq!(levels.len(), 60, "{}", tier.name());
            let recipe = tier.recipe();
            for (i, l) in levels.iter().enumerate() {
                let score = rating::from_notes(&l.notes)
                    .unwrap_or_else(|| panic!("{} {}: no rating", tier.name(), i + 1));
                assert_eq!(
                    Tier::of_marks(rating::marks(score)),
                    tier,
                    "{} {}",
                    tier.name(),
                    i + 1
                );
                let board = l.board().unwrap();
                let boxes = board.boxes().count();
                assert!((recipe.boxes.0..=recipe.boxes.1).contains(&boxes));
                let rec = l.recording.as_ref().unwrap();
                assert!(rec.pushes >= recipe.min_pushes);
                assert!(least_pushed_box(&board, rec.lurd.as_deref().unwrap()) >= 2);
                // No dead floor: walling in what the solution leaves unused changes nothing.
                let trimmed = trim(&board, rec.lurd.as_deref().unwrap()).unwrap();
                assert_eq!(trimmed.cells(), board.cells(), "{} {}", tier.name(), i + 1);
            }
        }
    }

    #[test]
    fn the_script_makes_the_same_levels_again() {
        // The first level of the small tiers from the seed its notes name (the big ones take
        // seconds in a test build; `assets/levels/make_rated.sh` remakes them all).
        for tier in [Tier::Beginner, Tier::Easy] {
            let l = &load(tier.name())[0];
            let seed: u64 = l.notes[1].rsplit(' ').next().unwrap().parse().unwrap();
            let again = make(tier, seed);
            assert_eq!(again.level.cells, l.cells, "{}", tier.name());
            let score = rating::from_notes(&l.notes).unwrap();
            assert!((again.features.score() - score).abs() < 0.006);
        }
    }
}
