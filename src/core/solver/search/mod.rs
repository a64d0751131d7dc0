//! The solver behind `pushbox solve` and the game's hint: a search over push states ordered by the
//! matching lower bound (`solver::bound`).
//!
//! - [`Mode::Optimal`] is A*: the first solved state taken from the open list has the fewest
//!   pushes (the bound never overestimates; a state found again with fewer pushes is reopened).
//! - [`Mode::Fast`] is greedy best-first, in turn with weighted A*, A* and (forwards) breadth-first
//!   and by connectivity on more open lists over the same positions (`FAST_ORDERS`): the state
//!   that looks closest to solved goes first, and the first solved state generated ends the search.
//!   Solutions are usually longer. It searches from both ends in turns ([`Stepper`]): forwards from
//!   the board, and backwards from the solved boxes by pulls towards the boxes' starting cells
//!   (`Search::backward`), and by backward searches towards positions the opening unpacked
//!   (`aim`); a position one direction stores that the other has stored already joins
//!   the two halves.
//!
//! Both prune pushes onto dead cells, pushes that freeze a box off its goal (`solver::freeze`),
//! pushes that shut a corral its boxes can never open or finish (`solver::closed`, with a table of
//! the corrals already judged; the fast forward search from both ends asks it when it expands a
//! position) and positions whose boxes cannot all be matched to goals (the bound
//! is then infinite). Forwards, the bound takes the boxes frozen on goals for walls, with one
//! distance table per set of them met (`Search::frozen_table`); the fast search also pushes
//! only into a PI-corral when there is one (`solver::corral`). States are named by their sorted
//! boxes and the worker's lowest reachable cell, found again through a Zobrist hash (exact: the
//! table's candidates under a hash are compared with the state). The time budget, the cancel
//! flag and the progress figures are looked at every few hundred expansions, well under a
//! millisecond apart.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;
// A browser page has no std clock (`std::time::Instant::now` panics there).
#[cfg(not(target_family = "wasm"))]
use std::time::Instant;
#[cfg(target_family = "wasm")]
use web_time::Instant;

use super::bound::{Distances, Matching};
use super::closed::ClosedAreas;
use super::corral::Corrals;
use super::freeze::Freeze;
use super::goals::{GoalRooms, Pushes};
use super::room::{AreaAfterMove, NONE, Room};
use super::table::{PositionTable, WORKER_KEY_BITS, random_keys};
use super::{Push, Solution, SolveError, start};
use crate::core::{Board, Direction};

mod aim;
mod backward;
mod features;
mod moves;
mod packing;
mod stepper;

use features::FeatureSpace;

#[cfg(test)]
pub(super) use backward::search_backward;
pub use stepper::{Finish, Stepper};

/// How one of the fast search's open lists orders the positions it holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// By `g + w × h`, ties to the smaller `h`; `w = 0` is greedy (by `h`, ties to the smaller
    /// `g`).
    Weighted(u64),
    /// By pushes alone (breadth-first), to [`BREADTH_DEPTH`]. Where the start is crowded, the
    /// backward search gets within a few pulls of it, most often with the worker shut in
    /// another area, and the forward search's bound stays far from solved: the two meet only if
    /// the forward search holds every position a few pushes from the start. XSokoban in 10 s:
    /// 38 levels without it, 39 with it (8 and 61 gained, 4 lost); in both directions 37; in
    /// place of A* 35.
    Breadth,
    /// By the free cells the worker cannot reach, then by the bound: Festival's *connectivity*
    /// feature. Where the start is crowded, the boxes shut the worker out of most of the floor
    /// and the bound does not count opening it up as progress; this list does, and takes first
    /// the positions where the worker reaches most. Its count costs no flood: the flood's own
    /// size, or the parent's count when the area is told without one
    /// ([`Room::unreached_after_move`]). XSokoban in 10 s (solve runs, two at a time): 39
    /// without it, 42 with it once a round (33, 43, 59 and 63 gained, 37 lost; 8, 57, 65 and
    /// 81 in under 0.3 s instead of 4 to 6), 40 by cells plus bound in one number, 38 with ties
    /// to fewer pushes instead of the bound.
    Connected,
    /// Festival's feature space ([`FeatureSpace`]): cells by boxes on goals and unreached free
    /// cells, taken in turn, from each the position with the fewest unadvised pushes. Only the
    /// opening search takes from it (see [`OPENING_TURNS`]).
    Features,
}

/// The fast search's open lists. XSokoban in 10 s on this machine: greedy alone 32 levels; with
/// weight 3 35 (with 2 or 4 instead: 34, 33); with 3 and 1 (A*) 37 or more, among them 4, 34,
/// 65 and 81, which no other order solved.
const FAST_ORDERS: [Order; 6] = [
    Order::Weighted(0),
    Order::Weighted(3),
    Order::Weighted(1),
    Order::Breadth,
    Order::Connected,
    Order::Features,
];

/// The feature-space list among [`FAST_ORDERS`].
const FEATURES_LIST: usize = 5;
const _: () = assert!(matches!(FAST_ORDERS[FEATURES_LIST], Order::Features));

/// The A* list among [`FAST_ORDERS`].
const A_STAR_LIST: usize = 2;
const _: () = assert!(matches!(FAST_ORDERS[A_STAR_LIST], Order::Weighted(1)));

/// How deep the breadth-first list goes: once the next position it holds is more pushes from
/// the start than this, its turns go to A* until a shallower one comes. Deeper, it only slows
/// the others: Microban 153 (a 364-push solution) took 16.5 s with it unbounded and 4.1 s so.
/// XSokoban's levels at the edge search the same positions either way (16: 1,749,285, 46:
/// 3,481,323); stopped at 10 pushes, 16 was lost; at 20, as at 15 (153 in 4.4 s). Its turns
/// given to greedy instead: 153 in 9.6 s.
const BREADTH_DEPTH: u64 = 15;

/// Which list each expansion of a round takes from, forwards and backwards (indices into
/// [`FAST_ORDERS`]). The connected list takes three turns in seven forwards: XSokoban in 10 s,
/// 42 with two in six, 43 with three in seven (11 and 16 for the first time).
const FORWARD_TURNS: [usize; 7] = [0, 1, 2, 3, 4, 4, 4];
/// The opening search's turns ([`Search::opening`]): the forward turns, and the feature-space
/// list three in ten. Taken so in the one search from both ends, the list solved 48 of
/// XSokoban's 90 in 10 s against 42 without it, side by side, but slowed the search where the
/// two ends meet late (Microban 153: 4.8 s to 18.5 s), so it gets a search of its own. The
/// opening alone, 3 s a level: 38 so; 36 with two in nine, 34 with four in eleven, 29 with
/// greedy, weighted, A* and the list three in six, 27 with greedy and the list, 14 with the list
/// alone.
const OPENING_TURNS: [usize; 10] = [0, 1, 2, 3, 4, 4, 4, 5, 5, 5];
/// Greedy three turns in five: where the goals lie in a block, the backward search does nearly
/// all the work (XSokoban 13, 18, 21, 22, 44, 75 and 87 meet 9 to 17 pushes from the start and
/// 149 to 440 from the solved position), and it gets there sooner by diving. XSokoban in 10 s:
/// 54 with greedy, weighted and A* once each, 55 with greedy twice in four, 56 three times in five
/// (11 in 4.8 s, 13 in 9.7 s gained; none lost), 55 with greedy four in six (14 lost) or with
/// weighted twice in seven (13 lost); greedy and weighted alone lost 18, 22, 44 and 87 at 60 s,
/// and the connected list once in four lost six of twelve. Breadth-first backwards too
/// solved fewer (37 of 90); the connected list once in seven 41 (18 gained, 26, 46 and 55 lost).
const BACKWARD_TURNS: [usize; 5] = [0, 0, 0, 1, 2];
/// The backward turns of the search the level rating counts, as they were before
/// [`BACKWARD_TURNS`] (see `Stepper::without_opening`).
const RATED_BACKWARD_TURNS: [usize; 3] = [0, 1, 2];

/// What the search looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The fewest pushes (A*).
    Optimal,
    /// Any solution, as soon as possible (greedy best-first).
    #[default]
    Fast,
}

/// Figures a running search publishes for a progress display (another thread may read them).
#[derive(Debug, Default)]
pub struct Progress {
    /// Positions stored so far.
    pub searched: AtomicU64,
    /// Pushes from the start to the position being expanded.
    pub depth: AtomicU32,
    /// The lower bound of the position being expanded (pushes still needed at least).
    pub bound: AtomicU32,
}

/// When a search stops without an answer.
#[derive(Clone, Debug)]
pub struct Limits {
    pub time: Option<Duration>,
    /// Positions stored at most (each costs about `2 × boxes + 30` bytes).
    pub max_states: usize,
    /// Set from another thread to stop the search ([`SolveError::Cancelled`]).
    pub cancel: Option<Arc<AtomicBool>>,
    pub progress: Option<Arc<Progress>>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time: None,
            max_states: 8_000_000,
            cancel: None,
            progress: None,
        }
    }
}

impl Limits {
    pub fn seconds(seconds: f64) -> Limits {
        Limits {
            time: Some(Duration::from_secs_f64(seconds)),
            ..Limits::default()
        }
    }
}

/// Searches for a solution from `board` as it stands (its worker, its boxes).
///
/// The fast search first runs its opening ([`Stepper`]); then, from both ends, it uses goal
/// macros, and when they cut away every solution (the search runs out of positions), it searches
/// again without them in the time that is left.
pub fn search(board: &Board, mode: Mode, limits: &Limits) -> Result<Solution, SolveError> {
    Stepper::new(board, mode, limits)?.run()
}

/// The matching lower bound of a position: pushes still needed at least, with the boxes frozen on
/// goals taken for walls (`None` when the boxes cannot all be matched to goals: a bipartite
/// deadlock, or the level cannot be set up).
pub fn lower_bound(board: &Board) -> Option<u32> {
    let (room, boxes, _) = start(board).ok()?;
    let mut occupied = vec![false; room.len()];
    for &b in &boxes {
        occupied[b as usize] = true;
    }
    let mut stuck = Vec::new();
    Freeze::new(&room).stuck_on_goals(
        &room,
        &room.live_cells(),
        &occupied,
        boxes.iter().copied(),
        &mut stuck,
    );
    let dist = Distances::with_walls(&room, &stuck);
    Matching::default().solve(&dist, &boxes).map(|h| h as u32)
}

/// One stored position: how it was reached and its costs (the boxes are kept apart, `k` a node).
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// The pushed box's cell before the push, and the push's direction (search order).
    from: u16,
    dir: u8,
    closed: bool,
    worker: u16,
    g: u16,
    h: u16,
    /// Free cells outside the worker's area (the [`Order::Connected`] list's order).
    unreached: u16,
    /// Pushes on the way here that improved no feature (the [`Order::Features`] list's order).
    weight: u16,
    /// The feature-space cell it was queued in ([`FeatureSpace::cell`]).
    cell: u16,
    /// The pushes after the first when this position was reached by a goal macro
    /// (`Search::macros`), else `u32::MAX`.
    macro_id: u32,
}

struct Search {
    room: Room,
    live: Vec<bool>,
    dist: Distances,
    freeze: Freeze,
    corrals: Corrals,
    closed: ClosedAreas,
    /// The goal rooms (fast mode, when the level has any).
    goal_rooms: Option<GoalRooms>,
    macros: Vec<Pushes>,
    /// Whether to use goal macros (fast mode).
    goal_macros: bool,
    /// Whether the goal rooms' packing orders take a box in a pocket that only a room's goals
    /// lead to as still in the room ([`GoalRooms::of`]; the fast forward searches but the
    /// rating's, whose counts the shipped levels' notes keep).
    pockets_in_rooms: bool,
    /// Whether to ask the packing advisor (`search::packing`; the fast forward searches but
    /// the rating's).
    packing: bool,
    /// Whether a rule that can lose solutions cut the search (then running out of positions
    /// proves nothing).
    pruned: bool,
    /// Whether the open list ran empty.
    exhausted: bool,
    /// Which boxes of the node being expanded may be pushed (all, or a PI-corral's border).
    movable: Vec<bool>,
    /// Random numbers per cell: boxes first, then the worker.
    zobrist: Vec<u64>,
    mode: Mode,
    /// A backward search: from the solved boxes by pulls to the start (see [`Search::backward`]).
    pulling: bool,
    /// The fast mode's opening: a forward search alone, short, that also takes from the
    /// feature-space list ([`OPENING_TURNS`]); so does the box-move search.
    opening: bool,
    /// Whether positions expanded get Festival's box moves as children as well (`moves`), and
    /// the feature space counts the boxes packed in their goal room's order: the box-move
    /// search (`Stepper::box_search`).
    box_moves: bool,
    /// The box moves' breadth-first search: what it knows of each (cell, side) state
    /// (`moves::UNSEEN` …), and the states.
    move_seen: Vec<u8>,
    move_states: Vec<moves::BoxState>,
    /// Whether the corral test (`solver::closed`) is asked when a position is taken from the open
    /// list, not when it is stored: most stored positions are never expanded (forwards on
    /// XSokoban 11, 80,629 of 377,149 in 8 s), and the test was 39% of the search's time. The
    /// search from both ends does so; the opening (whose turns it reorders: XSokoban 10, solved
    /// in 0.25 s, was lost) and the search the level rating counts do not. Forwards only (the
    /// backward search has no corral test).
    corrals_when_expanded: bool,
    /// Whether the backward search takes its turns by [`BACKWARD_TURNS`] (the search with an
    /// opening), else by [`RATED_BACKWARD_TURNS`].
    diving: bool,
    /// The backward search's end: the worker's area at the start.
    start_area: u16,
    /// Nodes already looked up in the other direction's table (a bidirectional search).
    met_up_to: usize,
    /// The work ([`Room::floods`]) at which this direction's turn ends (`u64::MAX` when
    /// searching alone).
    turn_end: u64,
    /// Positions counted in [`Progress::searched`] so far.
    published: usize,
    limits: Limits,
    started: Instant,
    /// Expansions so far, and an answer found while setting up (the start is solved, or
    /// cannot be).
    expanded: u64,
    early: Option<Result<Vec<Push>, SolveError>>,
    k: usize,
    /// The boxes of node `i` are `boxes[i * k..(i + 1) * k]`, sorted.
    boxes: Vec<u16>,
    info: Vec<Node>,
    /// Stored positions by Zobrist key: it grows a little at a time, never a frame's worth.
    table: PositionTable,
    /// The open lists, priority (lowest first) and node: one for A*; in fast mode one per
    /// [`FAST_ORDERS`], holding the same positions in different orders and taken from in turn
    /// (see [`Search::priority`]).
    open: [BinaryHeap<Reverse<(u64, u32)>>; FAST_ORDERS.len()],
    /// The [`Order::Features`] list (its slot in `open` stays empty).
    features: FeatureSpace,
    /// Positions taken from the open lists so far (whose turn it is).
    taken: u64,
    occupied: Vec<bool>,
    reach: Vec<bool>,
    here: Vec<u16>,
    /// The boxes' part of the key of the node being expanded ([`Search::boxes_key`]).
    here_key: u64,
    child: Vec<u16>,
    /// The matching of the node being expanded, and the row in it of each of its boxes.
    base: Matching,
    rows: Vec<usize>,
    moved: Matching,
    /// The matchings of the positions stored last (node, matching), node `id` in slot
    /// `id % RECENT`: a node expanded soon after it was stored (the greedy list's usual next)
    /// starts from its own matching instead of solving it again, which took a fifth of the
    /// search's time.
    recent: Vec<(u32, usize, Matching)>,
    /// Push distances with the boxes frozen on goals taken for walls, one table per set of
    /// such boxes met (forwards): table `t` is `frozen_dists[t - 1]`, table 0 is `dist`.
    frozen_dists: Vec<Distances>,
    frozen_tables: HashMap<Vec<u16>, usize>,
    /// The table the node being expanded is bounded with.
    table_now: usize,
    frozen_cells: Vec<u16>,
    /// Positions the other direction nearly met (`Stepper::meet`), and their children to
    /// [`FOCUS_DEPTH`] generations: expanded out of turn, every other expansion while any wait,
    /// oldest first, with the generations left.
    focus: VecDeque<(u32, u8)>,
    /// Whether the next expansion takes from `focus`.
    focus_turn: bool,
}

/// The bits of a position's key the worker's area changes ([`Search::find_keyed`]).
const WORKER_BITS: u64 = (1 << WORKER_KEY_BITS) - 1;

/// How many tables [`Search::frozen_dists`] holds at most (each `4 × goals × cells` bytes);
/// positions with a set of frozen boxes met after that are bounded without them.
const MAX_FROZEN_TABLES: usize = 4096;

/// Distance table `t` (see [`Search::frozen_dists`]).
fn table<'a>(dist: &'a Distances, frozen: &'a [Distances], t: usize) -> &'a Distances {
    if t == 0 { dist } else { &frozen[t - 1] }
}

/// How many stored positions' matchings [`Search::recent`] keeps.
const RECENT: usize = 64;

/// How many generations a near miss's focus reaches ([`Search::focus`]): the position itself
/// and three more. XSokoban's levels at the edge, 10 s each (solve runs, two at a time): with
/// 1 generation 21 and 22 stayed over 10 s (46 in 9.0 s); with 2, 21 and 46 came in (5.8 and
/// 7.2 s) but not 22 (12.3 s); with 3, 22 and 61 in 4.9 and 3.3 s but not 21; with 4, all four
/// (21 6.0 s, 22 8.0, 46 7.8, 61 4.5). Newest first instead of oldest, 4 generations lost 61, 5
/// lost 22 and 61.
const FOCUS_DEPTH: u8 = 4;

/// Positions waiting in [`Search::focus`] at most: near misses come by the dozen each turn,
/// and four generations of each are hundreds of positions.
const FOCUS_QUEUE: usize = 20_000;

/// A child of the node being expanded, located ([`Search::locate_child`]).
struct Located {
    /// Its worker's area (the lowest cell) and the free cells outside it.
    worker: u16,
    unreached: u16,
    /// The area when it was told without a flood.
    told: Option<u16>,
    /// Its key in the table, and its node when stored already.
    key: u64,
    old: Option<u32>,
}

/// The search found a solved position (node number), or must stop.
type Step = Result<Option<u32>, SolveError>;

impl Search {
    fn new(room: Room, mode: Mode, limits: Limits) -> Search {
        let n = room.len();
        let zobrist = random_keys(2 * n, 0x9e37_79b9_7f4a_7c15);
        Search {
            live: room.live_cells(),
            dist: Distances::of(&room),
            freeze: Freeze::new(&room),
            corrals: Corrals::new(&room),
            closed: ClosedAreas::new(&room),
            goal_rooms: None,
            macros: Vec::new(),
            goal_macros: false,
            pockets_in_rooms: false,
            packing: false,
            pruned: false,
            exhausted: false,
            movable: Vec::new(),
            zobrist,
            mode,
            pulling: false,
            opening: false,
            box_moves: false,
            move_seen: Vec::new(),
            move_states: Vec::new(),
            corrals_when_expanded: false,
            diving: false,
            start_area: NONE,
            met_up_to: 0,
            turn_end: u64::MAX,
            published: 0,
            limits,
            started: Instant::now(),
            expanded: 0,
            early: None,
            k: 0,
            boxes: Vec::new(),
            info: Vec::new(),
            table: PositionTable::default(),
            open: std::array::from_fn(|_| BinaryHeap::new()),
            features: FeatureSpace::default(),
            taken: 0,
            occupied: vec![false; n],
            reach: Vec::with_capacity(n),
            here: Vec::new(),
            here_key: 0,
            child: Vec::new(),
            base: Matching::default(),
            rows: Vec::new(),
            moved: Matching::default(),
            recent: vec![(u32::MAX, 0, Matching::default()); RECENT],
            frozen_dists: Vec::new(),
            frozen_tables: HashMap::new(),
            table_now: 0,
            frozen_cells: Vec::new(),
            focus: VecDeque::new(),
            focus_turn: false,
            room,
        }
    }

    /// Sets the search up from the start position.
    fn begin(&mut self, mut boxes: Vec<u16>, worker: u16) {
        if self.goal_macros {
            let starts: Option<Vec<u16>> = self
                .pockets_in_rooms
                .then(|| boxes.iter().copied().chain([worker]).collect());
            let rooms = GoalRooms::of(&mut self.room, &self.live, starts.as_deref());
            self.goal_rooms = (!rooms.is_empty()).then_some(rooms);
        }
        boxes.sort_unstable();
        self.k = boxes.len();
        self.occupied.fill(false);
        for &b in &boxes {
            self.occupied[b as usize] = true;
        }
        let worker = self.room.flood(&self.occupied, worker);
        let unreached = self.unreached_after_flood();
        let Some(h) = self.base.solve(&self.dist, &boxes) else {
            self.early = Some(Err(SolveError::Unsolvable { states: 1 }));
            return;
        };
        self.child = boxes;
        self.add_root(worker, h as u16, unreached);
    }

    /// The worker's area (its lowest cell) and the free cells outside it after box `b` of node
    /// `parent` moved to `to`, as [`Room::area_after_move`] found it, or by a flood from
    /// `worker` when it did not.
    fn child_area(
        &mut self,
        parent: u32,
        area: AreaAfterMove,
        b: u16,
        to: u16,
        worker: u16,
    ) -> (u16, u16) {
        match area {
            AreaAfterMove::Told(low) => {
                let unreached = self.info[parent as usize].unreached;
                let after = self
                    .room
                    .unreached_after_move(&self.reach, unreached, b, to);
                (low, after)
            }
            AreaAfterMove::Flooded(low) => (low, self.unreached_after_flood()),
            AreaAfterMove::Unknown => {
                let low = self.room.flood(&self.occupied, worker);
                (low, self.unreached_after_flood())
            }
        }
    }

    /// The free cells outside the area the last flood filled.
    fn unreached_after_flood(&self) -> u16 {
        (self.room.len() - self.k - self.room.flooded()) as u16
    }

    /// Stores the position in `self.child`, the worker in `worker`'s area, as a start; an answer
    /// that comes of it at once (it is solved, or there is no room) waits for the first resume.
    fn add_root(&mut self, worker: u16, h: u16, unreached: u16) {
        let root = Node {
            parent: u32::MAX,
            from: 0,
            dir: 0,
            closed: false,
            worker,
            g: 0,
            h,
            unreached,
            weight: 0,
            cell: 0,
            macro_id: u32::MAX,
        };
        match self.add(root) {
            Ok(Some(done)) => self.early = Some(Ok(self.pushes_to(done))),
            Ok(None) => {}
            Err(e) => self.early = Some(Err(e)),
        }
    }

    /// Searches on until `until` or an answer. The limits are looked at every 256 expansions,
    /// or 16 in slices, and the slice's end before each expansion: one expansion of a large
    /// level (its corrals searched for deadlocks) can take milliseconds, so 16 of them overran a
    /// 6 ms slice by up to 30 ms.
    fn resume(&mut self, until: Option<Instant>) -> Option<Result<Vec<Push>, SolveError>> {
        if let Some(answer) = self.early.take() {
            return Some(answer);
        }
        Some(match self.expand_until(until) {
            Ok(Some(pushes)) => Ok(pushes),
            Ok(None) => return None,
            Err(e) => Err(e),
        })
    }

    /// `Ok(None)`: `until` or the end of the turn came first.
    fn expand_until(&mut self, until: Option<Instant>) -> Result<Option<Vec<Push>>, SolveError> {
        // At least one expansion a slice, however short, so that slices always move on.
        let mut first = true;
        loop {
            if self.room.floods >= self.turn_end {
                return Ok(None);
            }
            self.focus_turn = !self.focus_turn;
            if self.focus_turn
                && let Some((id, generations)) = self.focus.pop_front()
            {
                if let Some(done) = self.expand_focused(id, generations, until.is_some())? {
                    return Ok(Some(self.pushes_to(done)));
                }
                continue;
            }
            // Each list a direction takes from holds every open position, so any of them
            // running empty means all are closed.
            let list = self.next_list();
            let Some((priority, id)) = self.pop(list) else {
                break;
            };
            let node = self.info[id as usize];
            if node.closed || priority != self.priority(list, &node) {
                continue; // expanded already, or queued again with a smaller g
            }
            self.info[id as usize].closed = true;
            if self.solved(&node) {
                return Ok(Some(self.pushes_to(id)));
            }
            self.count_expansion(&node, until.is_some())?;
            if !std::mem::take(&mut first) && until.is_some_and(|t| Instant::now() >= t) {
                // Not expanded yet: back on its list, whose turn it is again next time (and
                // not the focus's), so that slices expand in the same order as one run.
                self.info[id as usize].closed = false;
                self.unpop(list, priority, id);
                self.taken -= 1;
                self.focus_turn = !self.focus_turn;
                return Ok(None);
            }
            if let Some(done) = self.expand(id)? {
                return Ok(Some(self.pushes_to(done)));
            }
        }
        let states = self.info.len();
        self.exhausted = true;
        if self.pruned {
            return Err(SolveError::GaveUp { states });
        }
        Err(SolveError::Unsolvable { states })
    }

    /// Counts an expansion of `node`, and every 256 (16 in slices) looks at the limits.
    fn count_expansion(&mut self, node: &Node, sliced: bool) -> Result<(), SolveError> {
        self.expanded += 1;
        // A box-move expansion searches every box's moves, a flood for each cell and side a
        // box reaches: its limits are looked at after each.
        let every = match (self.box_moves, sliced) {
            (true, _) => 1,
            (false, true) => 16,
            (false, false) => 256,
        };
        match self.expanded.is_multiple_of(every) {
            true => self.check(node),
            false => Ok(()),
        }
    }

    /// Expands node `id` out of turn ([`Search::focus`]), and queues its children there while
    /// `generations` last. A node expanded already is passed over.
    fn expand_focused(&mut self, id: u32, generations: u8, sliced: bool) -> Step {
        let node = self.info[id as usize];
        if node.closed {
            return Ok(None);
        }
        self.info[id as usize].closed = true;
        if self.solved(&node) {
            return Ok(Some(id));
        }
        self.count_expansion(&node, sliced)?;
        let before = self.info.len();
        let done = self.expand(id)?;
        if done.is_none() && generations > 1 {
            let room = FOCUS_QUEUE.saturating_sub(self.focus.len());
            let children = (before..self.info.len()).take(room);
            self.focus
                .extend(children.map(|c| (c as u32, generations - 1)));
        }
        Ok(done)
    }

    /// Queues node `id`, which the other direction nearly met, for [`Search::focus`].
    fn focus_on(&mut self, id: u32) {
        if self.focus.len() < FOCUS_QUEUE {
            self.focus.push_back((id, FOCUS_DEPTH));
        }
    }

    /// The list whose turn it is: the mode's turns in order ([`Search::turns`]), except that the
    /// breadth-first list hands its turn to A* once it is [`BREADTH_DEPTH`] pushes deep.
    fn next_list(&mut self) -> usize {
        let turns = self.turns();
        let list = turns[(self.taken % turns.len() as u64) as usize];
        self.taken += 1;
        let too_deep = |&Reverse((priority, _)): &Reverse<(u64, u32)>| {
            // The breadth-first priority is pushes, then the bound in the low 16 bits.
            priority >> 16 > BREADTH_DEPTH
        };
        match self.mode == Mode::Fast
            && FAST_ORDERS[list] == Order::Breadth
            && self.open[list].peek().is_some_and(too_deep)
        {
            true => A_STAR_LIST,
            false => list,
        }
    }

    /// The open lists the mode takes from, in turn, one expansion each.
    fn turns(&self) -> &'static [usize] {
        match self.mode {
            Mode::Optimal => &[0],
            Mode::Fast if self.pulling && self.diving => &BACKWARD_TURNS,
            Mode::Fast if self.pulling => &RATED_BACKWARD_TURNS,
            Mode::Fast if self.box_moves && self.info.len() >= moves::FEATURES_ALONE_FROM => {
                &[FEATURES_LIST]
            }
            Mode::Fast if self.opening => &OPENING_TURNS,
            Mode::Fast => &FORWARD_TURNS,
        }
    }

    /// The order of open list `list`. A*: by `g + h`, ties to the smaller `h` (deeper). Fast:
    /// greedy by `h`, ties to the smaller `g`, in turn with the other lists ([`FAST_ORDERS`]).
    /// The greedy list dives, and stalls where the bound is flat (a crowded start, a goal area
    /// filled in the wrong order); the weighted ones widen the search among positions with few
    /// pushes behind them, where the greedy one never returns. Sharing one table, none repeats
    /// another's work, and each solves levels the others do not (weighted by 2 alone solved 26
    /// of XSokoban's 90, five of them beyond greedy's 32).
    fn priority(&self, list: usize, node: &Node) -> u64 {
        let (g, h) = (node.g as u64, node.h as u64);
        match self.mode {
            Mode::Optimal => ((g + h) << 16) | h,
            Mode::Fast => match FAST_ORDERS[list] {
                Order::Weighted(0) => (h << 16) | g,
                Order::Weighted(w) => ((g + w * h) << 16) | h,
                Order::Breadth => (g << 16) | h,
                Order::Connected => ((node.unreached as u64) << 32) | (h << 16) | g,
                Order::Features => ((node.weight as u64) << 32) | (h << 16) | g,
            },
        }
    }

    /// Queues node `id` on every open list the mode takes from ([`Search::turns`]).
    fn queue(&mut self, id: u32, node: &Node) {
        let turns = self.turns();
        for list in (0..FAST_ORDERS.len()).filter(|l| turns.contains(l)) {
            let priority = self.priority(list, node);
            match list {
                FEATURES_LIST => {
                    let cell = self.cell(id);
                    self.info[id as usize].cell = cell;
                    self.features.push(cell, priority, id);
                }
                _ => self.open[list].push(Reverse((priority, id))),
            }
        }
    }

    /// The feature-space cell of stored node `id`. The box-move search counts Festival's
    /// packing feature (in a goal room only the boxes on the first goals of its order): XSokoban
    /// 35 alone in 9.9 s instead of 30.5, 23 and 27 in about as many positions either way.
    fn cell(&self, id: u32) -> u16 {
        let (boxes, _) = self.position(id as usize);
        let on_goals = match &self.goal_rooms {
            Some(rooms) if self.box_moves => rooms.packed(&self.room.goal, boxes),
            _ => boxes
                .iter()
                .filter(|&&b| self.room.goal[b as usize])
                .count(),
        };
        FeatureSpace::cell(on_goals, self.info[id as usize].unreached)
    }

    /// The next entry (priority, node) of open list `list`.
    fn pop(&mut self, list: usize) -> Option<(u64, u32)> {
        match list {
            FEATURES_LIST => self.features.pop(),
            _ => self.open[list].pop().map(|Reverse(entry)| entry),
        }
    }

    /// Puts an entry [`Search::pop`] gave back on its list, to be taken first next time.
    fn unpop(&mut self, list: usize, priority: u64, id: u32) {
        match list {
            FEATURES_LIST => self
                .features
                .unpop(self.info[id as usize].cell, priority, id),
            _ => self.open[list].push(Reverse((priority, id))),
        }
    }

    /// Publishes progress and stops for the cancel flag or the time budget.
    fn check(&mut self, node: &Node) -> Result<(), SolveError> {
        let states = self.info.len();
        if let Some(p) = &self.limits.progress {
            // Added, not set: the searches of both directions and both passes count together.
            p.searched
                .fetch_add((states - self.published) as u64, Ordering::Relaxed);
            self.published = states;
            if !self.pulling {
                p.depth.store(node.g as u32, Ordering::Relaxed);
                p.bound.store((node.g + node.h) as u32, Ordering::Relaxed);
            }
        }
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(SolveError::Cancelled { states });
        }
        if let Some(t) = self.limits.time {
            let spent = self.started.elapsed();
            if spent >= t {
                return Err(SolveError::TimedOut {
                    states,
                    millis: spent.as_millis() as u64,
                });
            }
        }
        Ok(())
    }

    /// Generates every push from node `id`.
    fn expand(&mut self, id: u32) -> Step {
        let k = self.k;
        let node = self.enter(id);
        if self.shut_by_last_push(&node) || !self.matching_of(id) {
            return Ok(None);
        }
        if self.pulling {
            for i in 0..k {
                for d in 0..4 {
                    if let Some(done) = self.try_pull(id, i, d)? {
                        return Ok(Some(done));
                    }
                }
            }
            return Ok(None);
        }
        self.movable.clear();
        self.movable.resize(k, true);
        if self.mode == Mode::Fast
            && let Some(border) = self.corrals.pi_corral(
                &self.room,
                &self.live,
                &self.occupied,
                &self.reach,
                &self.here,
            )
        {
            self.movable.fill(false);
            for &i in border {
                self.movable[i as usize] = true;
            }
        }
        if let Some(rooms) = &self.goal_rooms {
            for (i, &c) in self.here.iter().enumerate() {
                if self.movable[i] && rooms.placed(&self.occupied, c) {
                    self.movable[i] = false;
                    self.pruned = true;
                }
            }
        }
        for i in 0..k {
            if !self.movable[i] {
                continue;
            }
            for d in 0..4 {
                if let Some(done) = self.try_push(id, i, d)? {
                    return Ok(Some(done));
                }
            }
        }
        if self.box_moves
            && let Some(done) = self.try_box_moves(id)?
        {
            return Ok(Some(done));
        }
        if self.packing_wanted(&node) {
            return self.try_packing(id);
        }
        Ok(None)
    }

    /// Sets up node `id` for expanding: its boxes in `self.here` and `self.occupied`, the
    /// worker's area in `self.reach`.
    fn enter(&mut self, id: u32) -> Node {
        let k = self.k;
        let node = self.info[id as usize];
        self.here.clear();
        self.here
            .extend_from_slice(&self.boxes[id as usize * k..(id as usize + 1) * k]);
        self.here_key = self.boxes_key(&self.here);
        self.room
            .enter_boxes(&self.here, node.worker, &mut self.occupied, &mut self.reach);
        node
    }

    /// Whether the push that made `node` (being expanded: `self.occupied` and `self.reach` are
    /// its boxes and the worker's area) shut a corral that can never be opened or finished
    /// (`solver::closed`), when [`Search::corrals_when_expanded`].
    fn shut_by_last_push(&mut self, node: &Node) -> bool {
        if !self.corrals_when_expanded || node.parent == u32::MAX {
            return false;
        }
        let (from, dir) = match node.macro_id {
            u32::MAX => (node.from, node.dir),
            m => *self.macros[m as usize].last().expect("a macro has pushes"),
        };
        let dest = self.room.next[from as usize][dir as usize];
        let reach = &self.reach;
        self.closed.deadlocked(
            &mut self.room,
            &self.live,
            &mut self.freeze,
            &self.occupied,
            dest,
            from,
            |_: &Room, c: u16| reach[c as usize],
        )
    }

    /// Sets `self.base` to the matching of node `id`, whose boxes are in `self.here`, with
    /// the boxes frozen on goals taken for walls; false when they leave some box no goal.
    fn matching_of(&mut self, id: u32) -> bool {
        self.rows.clear();
        self.table_now = self.frozen_table(None);
        let slot = id as usize % RECENT;
        if self.recent[slot].0 == id && self.recent[slot].1 == self.table_now {
            std::mem::swap(&mut self.base, &mut self.recent[slot].2);
            self.recent[slot].0 = u32::MAX;
            let base = &self.base;
            self.rows.extend(
                self.here
                    .iter()
                    .map(|&c| base.row_of(c).expect("the same boxes")),
            );
            return true;
        }
        let dist = table(&self.dist, &self.frozen_dists, self.table_now);
        if self.base.solve(dist, &self.here).is_none() {
            return false;
        }
        self.rows.extend(0..self.k);
        true
    }

    /// The distance table for the boxes frozen on goals in the node being expanded
    /// (`self.here`), with box `i` moved to `to` when `moved` (`self.occupied` as they stand);
    /// made when first met. Frozen boxes never move again, so every box's way round them is
    /// part of any solution: the bound rises where a goal area is filled in the wrong order.
    fn frozen_table(&mut self, moved: Option<(usize, u16)>) -> usize {
        if self.pulling {
            return 0;
        }
        let boxes = self.here.iter().enumerate().map(|(j, &at)| match moved {
            Some((i, to)) if i == j => to,
            _ => at,
        });
        self.freeze.stuck_on_goals(
            &self.room,
            &self.live,
            &self.occupied,
            boxes,
            &mut self.frozen_cells,
        );
        if self.frozen_cells.is_empty() {
            return 0;
        }
        if let Some(&t) = self.frozen_tables.get(self.frozen_cells.as_slice()) {
            return t;
        }
        if self.frozen_dists.len() >= MAX_FROZEN_TABLES {
            return 0;
        }
        self.frozen_dists
            .push(Distances::with_walls(&self.room, &self.frozen_cells));
        let t = self.frozen_dists.len();
        self.frozen_tables.insert(self.frozen_cells.clone(), t);
        t
    }

    /// Keeps the matching just made ([`Search::moved`]) when `add` stored a new node with it.
    fn remember_matching(&mut self, stored_before: usize, table: usize) {
        if self.info.len() > stored_before {
            let slot = &mut self.recent[stored_before % RECENT];
            slot.0 = stored_before as u32;
            slot.1 = table;
            std::mem::swap(&mut slot.2, &mut self.moved);
        }
    }

    /// Pushes box `i` of the node being expanded in direction `d`, if that is legal and leads to a
    /// position that is not dead.
    fn try_push(&mut self, parent: u32, i: usize, d: usize) -> Step {
        let b = self.here[i];
        let next = &self.room.next[b as usize];
        let (to, back) = (next[d], next[(d + 2) % 4]);
        if back == NONE || !self.reach[back as usize] || to == NONE {
            return Ok(None);
        }
        if self.occupied[to as usize] || !self.live[to as usize] {
            return Ok(None);
        }
        self.occupied[b as usize] = false;
        self.occupied[to as usize] = true;
        let mut rest: Pushes = Vec::new();
        let (mut dest, mut behind) = (to, b);
        if self.mode == Mode::Fast {
            (behind, dest) = self.through_tunnel(b, to, d, &mut rest);
        }
        // A box at a goal room's door goes on to the room's next goal in one step.
        if let Some(rooms) = self.goal_rooms.as_mut()
            && let Some((pushes, goal)) =
                rooms.goal_macro(&mut self.room, &self.live, &mut self.occupied, behind, dest)
        {
            self.occupied[dest as usize] = false;
            self.occupied[goal as usize] = true;
            behind = pushes.last().map_or(behind, |p| p.0);
            dest = goal;
            rest.extend(pushes);
            self.pruned = true;
        }
        let found = match self
            .freeze
            .deadlocked(&self.room, &self.live, &self.occupied, dest)
        {
            true => Ok(None),
            false => self.store_push(parent, (i, d as u8), (b, to), (behind, dest), rest),
        };
        self.occupied[dest as usize] = false;
        self.occupied[b as usize] = true;
        found
    }

    /// Stores the child of a push that froze nothing (`self.occupied` as it stands after it):
    /// box `i` of node `parent` pushed from `b` to `to` in direction `d`, ending on `dest` with
    /// the worker on `behind` after the `rest` of a macro. It is looked up before its bound and
    /// corral test, which a position stored already does not need: a third to a half of the
    /// forward search's children are (XSokoban 11, 37 and 46: 34, 31 and 52 %). XSokoban's 54
    /// levels solved in 10 s took 44.7 s in all so, 47.6 s bounded first.
    fn store_push(
        &mut self,
        parent: u32,
        (i, d): (usize, u8),
        (b, to): (u16, u16),
        (behind, dest): (u16, u16),
        rest: Pushes,
    ) -> Step {
        let plain = behind == b && dest == to;
        let Located {
            worker,
            unreached,
            told: unflooded,
            key,
            old,
        } = self.locate_child(parent, (i, b, dest), behind, plain);
        let mut found = Ok(None);
        let g = self.info[parent as usize].g + 1 + rest.len() as u16;
        if !self.known(old, g)
            && let (Some(h), table_after) = self.child_bound(i, dest)
        {
            let reach = &self.reach;
            let shut = !self.corrals_when_expanded
                && self.closed.deadlocked(
                    &mut self.room,
                    &self.live,
                    &mut self.freeze,
                    &self.occupied,
                    dest,
                    behind,
                    |room: &Room, c: u16| match unflooded {
                        Some(_) => c == b || (c != to && reach[c as usize]),
                        None => room.reached(c),
                    },
                );
            if !shut {
                let parent_node = self.info[parent as usize];
                // Festival's advisors: a push that puts a box on a goal or opens floor to the
                // worker improves a feature, and costs the feature-space list nothing.
                let advised = (self.room.goal[dest as usize] && !self.room.goal[b as usize])
                    || unreached < parent_node.unreached;
                let node = Node {
                    parent,
                    from: b,
                    dir: d,
                    closed: false,
                    worker,
                    g,
                    h: h as u16,
                    unreached,
                    weight: parent_node.weight.saturating_add(u16::from(!advised)),
                    cell: 0,
                    macro_id: if rest.is_empty() {
                        u32::MAX
                    } else {
                        self.macros.push(rest);
                        (self.macros.len() - 1) as u32
                    },
                };
                let stored = self.info.len();
                found = self.store(node, key, old);
                self.remember_matching(stored, table_after);
            }
        }
        found
    }

    /// The child where box `i` of node `parent` (being expanded) moved from `b` to `dest`,
    /// the worker on `behind` (`self.occupied` as it stands after the move), set in
    /// `self.child` and looked up: its worker's area, told without a flood when the move is
    /// `plain` (one cell, no macro), and its key and node if stored. The table slot is named by
    /// the boxes alone ([`Search::find_keyed`]), so it is prefetched before the flood, which
    /// takes long enough to hide the fetch.
    fn locate_child(
        &mut self,
        parent: u32,
        (i, b, dest): (usize, u16, u16),
        behind: u16,
        plain: bool,
    ) -> Located {
        let boxes_key = self.here_key ^ self.zobrist[b as usize] ^ self.zobrist[dest as usize];
        self.table.prefetch(boxes_key);
        let low = self.info[parent as usize].worker;
        let area = match plain {
            true => {
                (self.room).area_after_move(&self.reach, low, &self.occupied, (b, dest), behind)
            }
            false => AreaAfterMove::Unknown,
        };
        let told = match area {
            AreaAfterMove::Told(low) => Some(low),
            _ => None,
        };
        let (worker, unreached) = self.child_area(parent, area, b, dest, behind);
        self.set_child(i, dest);
        let (key, old) = self.find_keyed(&self.child, boxes_key, worker);
        Located {
            worker,
            unreached,
            told,
            key,
            old,
        }
    }

    /// The bound after box `i` of the node being expanded went to `dest` (`self.occupied` as
    /// it stands after the move), `None` when the box froze off its goal or no matching is left,
    /// and the distance table it was made with.
    fn bound_after_move(&mut self, i: usize, dest: u16) -> (Option<i32>, usize) {
        match self
            .freeze
            .deadlocked(&self.room, &self.live, &self.occupied, dest)
        {
            true => (None, self.table_now),
            false => self.child_bound(i, dest),
        }
    }

    /// The bound after box `i` of the node being expanded went to `dest` (`self.occupied` as
    /// it stands after the push) into `self.moved`, and the distance table it was made with.
    /// Only a push onto a goal or beside a box on one can freeze boxes on goals; otherwise, and
    /// when it froze none, the parent's matching is moved by one row.
    fn child_bound(&mut self, i: usize, dest: u16) -> (Option<i32>, usize) {
        let (room, occupied) = (&self.room, &self.occupied);
        let beside_goal_box = room.next[dest as usize]
            .iter()
            .any(|&n| n != NONE && occupied[n as usize] && room.goal[n as usize]);
        let after = match room.goal[dest as usize] || beside_goal_box {
            true => self.frozen_table(Some((i, dest))),
            false => self.table_now,
        };
        if after == self.table_now {
            let dist = table(&self.dist, &self.frozen_dists, after);
            return (
                self.moved.moved(&self.base, dist, self.rows[i], dest),
                after,
            );
        }
        self.set_child(i, dest);
        let dist = table(&self.dist, &self.frozen_dists, after);
        (self.moved.solve(dist, &self.child), after)
    }

    /// Whether the move that left box `dest` there, the worker on `behind`, shut an unfinished
    /// area off (the corral test, unless it waits for the expansion), the room flooded from the
    /// worker as the move left it.
    fn shut_in_after_flood(&mut self, dest: u16, behind: u16) -> bool {
        !self.corrals_when_expanded
            && self.closed.deadlocked(
                &mut self.room,
                &self.live,
                &mut self.freeze,
                &self.occupied,
                dest,
                behind,
                |room: &Room, c: u16| room.reached(c),
            )
    }

    /// The first side of the box on `b` that the worker's area of the node being expanded
    /// (`self.reach`) holds: where the worker can start pushing it.
    fn side_in_reach(&self, b: u16) -> Option<u8> {
        (0..4u8).find(|&s| {
            let w = self.room.next[b as usize][s as usize];
            w != NONE && self.reach[w as usize]
        })
    }

    /// `self.child`: the boxes of the node being expanded with box `i` moved to `to`, sorted.
    fn set_child(&mut self, i: usize, to: u16) {
        self.child.clear();
        self.child.extend_from_slice(&self.here);
        self.child[i] = to;
        self.child.sort_unstable();
    }

    /// A box pushed into a tunnel (walls on both sides of it and of the worker behind it, no goal)
    /// goes on through it: stopping there never helps, it only blocks the tunnel. Returns where
    /// the worker and the box end, with the extra pushes added to `rest` and `occupied` updated.
    fn through_tunnel(
        &mut self,
        mut behind: u16,
        mut at: u16,
        d: usize,
        rest: &mut Pushes,
    ) -> (u16, u16) {
        let next = &self.room.next;
        let walled =
            |c: u16| next[c as usize][(d + 1) % 4] == NONE && next[c as usize][(d + 3) % 4] == NONE;
        while walled(behind) && walled(at) && !self.room.goal[at as usize] {
            let on = next[at as usize][d];
            if on == NONE || self.occupied[on as usize] || !self.live[on as usize] {
                break;
            }
            rest.push((at, d as u8));
            self.occupied[at as usize] = false;
            self.occupied[on as usize] = true;
            (behind, at) = (at, on);
        }
        (behind, at)
    }

    /// Stores the position in `self.child` reached as `node`, unless it is known already with as
    /// few pushes; queues it. In fast mode a solved position ends the search here.
    fn add(&mut self, node: Node) -> Step {
        let (key, found) = self.find(&self.child, node.worker);
        self.store(node, key, found)
    }

    /// Whether a position reached in `g` pushes and found stored as `old` needs no more work:
    /// the fast search keeps the first way found, A* the shortest.
    fn known(&self, old: Option<u32>, g: u16) -> bool {
        old.is_some_and(|o| self.mode == Mode::Fast || self.info[o as usize].g <= g)
    }

    /// [`Search::add`] after the lookup: `key` is the position's, `found` its node if stored.
    fn store(&mut self, node: Node, key: u64, found: Option<u32>) -> Step {
        if let Some(old) = found {
            // The bound is admissible but not consistent (a push can lower it by more than one
            // when the worker's side matters), so A* reopens a position found again with fewer
            // pushes, even one already expanded.
            if self.mode == Mode::Optimal && node.g < self.info[old as usize].g {
                self.info[old as usize] = Node {
                    closed: false,
                    ..node
                };
                self.queue(old, &node);
            }
            return Ok(None);
        }
        let id = self.info.len() as u32;
        if self.info.len() >= self.limits.max_states {
            return Err(SolveError::GaveUp {
                states: id as usize,
            });
        }
        self.table.insert(key, id);
        self.info.push(node);
        self.boxes.extend_from_slice(&self.child);
        if self.mode == Mode::Fast && self.solved(&node) {
            return Ok(Some(id));
        }
        self.queue(id, &node);
        Ok(None)
    }

    /// The table's key for a position (sorted boxes, the worker's area), and its node if stored.
    /// Both directions of a bidirectional search use the same random numbers, so each can look
    /// up the other's positions.
    fn find(&self, boxes: &[u16], worker: u16) -> (u64, Option<u32>) {
        self.find_keyed(boxes, self.boxes_key(boxes), worker)
    }

    /// [`Search::find`]'s node for these boxes and worker area (`Ok`), or else a node stored
    /// with the same boxes and the worker in another area, if any (a near miss, `Err`): one
    /// walk over the table's slots for both, since the worker changes only a key's low bits.
    fn find_or_near(&self, boxes: &[u16], worker: u16) -> Result<u32, Option<u32>> {
        let k = self.k;
        let mut near = None;
        let found = self.table.get_any_worker(self.boxes_key(boxes), |old| {
            let o = old as usize;
            if self.boxes[o * k..(o + 1) * k] != *boxes {
                return false;
            }
            if self.info[o].worker == worker {
                return true;
            }
            near.get_or_insert(old);
            false
        });
        found.ok_or(near)
    }

    /// The boxes' part of a position's key.
    fn boxes_key(&self, boxes: &[u16]) -> u64 {
        boxes
            .iter()
            .fold(0u64, |h, &b| h ^ self.zobrist[b as usize])
    }

    /// [`Search::find`] with the boxes' key made already. The worker's area changes only the
    /// key's bits below 36, and the table's slot is named by the bits above (to 2²⁸ slots): the
    /// slot is known before the worker's flood, and prefetched ([`PositionTable::prefetch`]).
    fn find_keyed(&self, boxes: &[u16], boxes_key: u64, worker: u16) -> (u64, Option<u32>) {
        let k = self.k;
        let key = boxes_key ^ (self.zobrist[self.room.len() + worker as usize] & WORKER_BITS);
        let found = self.table.get(key, |old| {
            let o = old as usize;
            self.info[o].worker == worker && self.boxes[o * k..(o + 1) * k] == *boxes
        });
        (key, found)
    }

    /// Whether a node ends the search: all boxes on goals, or backwards all boxes on their
    /// starting cells with the worker in its starting area.
    fn solved(&self, node: &Node) -> bool {
        node.h == 0 && (!self.pulling || node.worker == self.start_area)
    }

    /// The boxes and worker area of node `id`.
    fn position(&self, id: usize) -> (&[u16], u16) {
        (
            &self.boxes[id * self.k..(id + 1) * self.k],
            self.info[id].worker,
        )
    }

    /// The pushes from the start to node `id`; backwards, the pushes from node `id` to the
    /// solved position its search started from (each pull played forwards, in the other order).
    fn pushes_to(&self, mut id: u32) -> Vec<Push> {
        if self.pulling {
            let mut out = Vec::new();
            while self.info[id as usize].parent != u32::MAX {
                let n = self.info[id as usize];
                let box_at = self.room.next[n.from as usize][n.dir as usize];
                out.push(Push {
                    from: self.room.pos(box_at),
                    dir: Direction::SEARCH_ORDER[(n.dir as usize + 2) % 4],
                });
                id = n.parent;
            }
            return out;
        }
        let push = |(from, dir): (u16, u8)| Push {
            from: self.room.pos(from),
            dir: Direction::SEARCH_ORDER[dir as usize],
        };
        let mut out = Vec::new();
        while self.info[id as usize].parent != u32::MAX {
            let n = self.info[id as usize];
            if n.macro_id != u32::MAX {
                out.extend(
                    self.macros[n.macro_id as usize]
                        .iter()
                        .rev()
                        .map(|&p| push(p)),
                );
            }
            out.push(push((n.from, n.dir)));
            id = n.parent;
        }
        out.reverse();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::xsb;

    /// One round of turns of a fast forward search whose breadth-first list holds one position
    /// `depth` pushes from the start.
    fn round_with_breadth_at(depth: u64) -> Vec<usize> {
        let board = xsb::read("t", "#######\n#.$ @ #\n#######\n")
            .unwrap()
            .levels[0]
            .board()
            .unwrap();
        let (room, boxes, worker) = start(&board).unwrap();
        let mut search = Search::new(room, Mode::Fast, Limits::default());
        search.begin(boxes, worker);
        let breadth = FAST_ORDERS
            .iter()
            .position(|&o| o == Order::Breadth)
            .unwrap();
        search.open[breadth].clear();
        search.open[breadth].push(Reverse(((depth << 16) | 1, 0)));
        (0..FORWARD_TURNS.len())
            .map(|_| search.next_list())
            .collect()
    }

    /// The forward search from `text` with the corral test asked when positions are stored or
    /// when they are expanded, after expanding its start.
    fn first_pushes(text: &str, corrals_when_expanded: bool) -> Search {
        let board = xsb::read("t", text).unwrap().levels[0].board().unwrap();
        let (room, boxes, worker) = start(&board).unwrap();
        let mut search = Search::new(room, Mode::Fast, Limits::default());
        search.corrals_when_expanded = corrals_when_expanded;
        search.begin(boxes, worker);
        search.expand(0).unwrap();
        search
    }

    #[test]
    fn the_corral_test_on_expanding_drops_what_it_dropped_on_storing() {
        // XSokoban 2 early: pushing the box left of the worker shuts the floor under the bottom
        // row off for good (solver::closed's test), the other pushes do not.
        let level = "\
############
#..  #     ###
#..    $  $  #
#..  #$####  #
#..      ##  #
#..  # #   $##
###### ##$$  #
  # $  $@$ $ #
  #    #     #
  ############
";
        let on_storing = first_pushes(level, false);
        let mut on_expanding = first_pushes(level, true);
        assert!(on_expanding.info.len() > on_storing.info.len());
        for id in 1..on_expanding.info.len() as u32 {
            let (boxes, worker) = on_expanding.position(id as usize);
            let stored = on_storing.find(boxes, worker).1.is_some();
            let node = on_expanding.enter(id);
            assert_eq!(on_expanding.shut_by_last_push(&node), !stored, "child {id}");
        }
    }

    #[test]
    fn the_breadth_first_list_hands_its_turns_to_a_star_beyond_its_depth() {
        assert_eq!(round_with_breadth_at(BREADTH_DEPTH), FORWARD_TURNS);
        let handed: Vec<usize> = FORWARD_TURNS
            .iter()
            .map(|&l| match FAST_ORDERS[l] {
                Order::Breadth => A_STAR_LIST,
                _ => l,
            })
            .collect();
        assert_ne!(handed, FORWARD_TURNS);
        assert_eq!(round_with_breadth_at(BREADTH_DEPTH + 1), handed);
    }
}
