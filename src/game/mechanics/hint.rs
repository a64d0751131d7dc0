//! The solver's hint: H (or the Hint button) searches from the position on the board on a
//! background task (`core::solver::search`, fast mode, 10 s), so the frame never waits for it; the
//! HUD shows the positions searched meanwhile. Then the next push is marked (the view) and H plays
//! it, Shift+H (or the HUD's "Play all") the whole solution; Shift+H before the answer plays the
//! whole solution as soon as one is found. "No solution from here" when the search proves it, "no
//! hint found" when the time runs out. H while it thinks, any other command or a change of the
//! board stops the search at once (a cancel flag the search reads every few hundred positions).
//!
//! A browser page has no threads: there the search runs in slices of a few milliseconds a frame
//! (`solver::Stepper`, the same answer).
//!
//! A level solved with moves the hint played is the computer's solution: `save` and
//! `collections` do not keep it as the player's record ([`HelpedGame`]); K keeps it apart as the
//! computer's solution when the player asks (`save`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::core::Board;
use crate::core::solver::{self, Limits, Mode, Progress, Solution, SolveError};
use crate::game::vocab::*;

/// How long the hint may search and how many positions it may store.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct HintBudget {
    pub seconds: f64,
    pub max_states: usize,
    /// Search a slice each frame instead of on another thread (a browser has no threads).
    pub in_frames: bool,
}

/// How long the search may take of a frame when it runs in frames.
pub const HINT_SLICE: std::time::Duration = std::time::Duration::from_millis(6);

impl Default for HintBudget {
    /// 10 s, and 2 million positions (about 100 MB on large levels: phones too).
    fn default() -> Self {
        HintBudget {
            seconds: 10.0,
            max_states: 2_000_000,
            in_frames: cfg!(target_arch = "wasm32"),
        }
    }
}

/// A search under way.
enum Running {
    Task(Task<Result<Solution, SolveError>>),
    Slices(Box<solver::Stepper>),
    /// Answered before it began (the position cannot be set up).
    Answered(Option<SolveError>),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SolverHint>()
        .init_resource::<HelpedGame>()
        .init_resource::<HintSearch>()
        .init_resource::<HintBudget>()
        .add_systems(
            Update,
            (drop_stale_hint, hint_commands, poll_search)
                .chain()
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        );
}

/// The running search and the answer it gave, for one state of one board.
#[derive(Resource, Default)]
struct HintSearch {
    task: Option<Running>,
    cancel: Arc<AtomicBool>,
    progress: Arc<Progress>,
    /// The session's `(serial, revision)` the search or its answer is for.
    state: Option<(u64, u64)>,
    solution: Option<Solution>,
    budget: HintBudget,
    /// Shift+H came before the answer: the whole solution is played once found.
    play_all_when_found: bool,
}

impl HintSearch {
    fn stop(&mut self, hint: &mut ResMut<SolverHint>) {
        self.cancel.store(true, Ordering::Relaxed);
        // The task ends at its next look at the flag; dropping it detaches nothing we need.
        self.task = None;
        self.state = None;
        self.solution = None;
        self.play_all_when_found = false;
        hint.set_if_neq(SolverHint::Off);
    }

    fn start(&mut self, board: Board, state: (u64, u64), budget: HintBudget) {
        self.cancel = Arc::new(AtomicBool::new(false));
        self.progress = Arc::new(Progress::default());
        self.budget = budget;
        let limits = Limits {
            max_states: budget.max_states,
            cancel: Some(self.cancel.clone()),
            progress: Some(self.progress.clone()),
            ..Limits::seconds(budget.seconds)
        };
        self.task = Some(if budget.in_frames {
            match solver::Stepper::new(&board, Mode::Fast, &limits) {
                Ok(stepper) => Running::Slices(Box::new(stepper)),
                Err(e) => Running::Answered(Some(e)),
            }
        } else {
            Running::Task(
                AsyncComputeTaskPool::get()
                    .spawn(async move { solver::search(&board, Mode::Fast, &limits) }),
            )
        });
        self.state = Some(state);
        self.solution = None;
        self.play_all_when_found = false;
    }
}

fn state_of(s: &Session) -> (u64, u64) {
    (s.serial, s.revision)
}

/// A move, an undo or another level leaves the position the hint was for: it goes.
fn drop_stale_hint(
    session: Option<Res<Session>>,
    mut search: ResMut<HintSearch>,
    mut hint: ResMut<SolverHint>,
) {
    let here = session.as_deref().map(state_of);
    if search.state.is_some() && search.state != here {
        search.stop(&mut hint);
    } else if search.state.is_none() && !matches!(*hint, SolverHint::Off) && here.is_none() {
        hint.set_if_neq(SolverHint::Off);
    }
}

fn hint_commands(
    mut cmds: MessageReader<PlayerCommand>,
    session: Option<Res<Session>>,
    play: Res<State<Play>>,
    mut search: ResMut<HintSearch>,
    mut hint: ResMut<SolverHint>,
    mut queue: ResMut<StepQueue>,
    mut helped: ResMut<HelpedGame>,
    budget: Res<HintBudget>,
) {
    for cmd in cmds.read() {
        let Some(s) = session.as_deref() else {
            continue;
        };
        match cmd {
            PlayerCommand::Hint if *play.get() == Play::Active => match &*hint {
                SolverHint::Thinking { .. } => search.stop(&mut hint),
                SolverHint::Found { .. } => {
                    play_next_push(&mut search, s, &mut queue);
                    helped.0 = Some(s.serial);
                }
                _ => begin_search(&mut search, &mut hint, s, *budget),
            },
            PlayerCommand::HintAll if *play.get() == Play::Active => match &*hint {
                SolverHint::Found { .. } => {
                    play_whole_solution(&search, s, &mut queue, &mut helped);
                }
                SolverHint::Thinking { .. } => search.play_all_when_found = true,
                _ => {
                    begin_search(&mut search, &mut hint, s, *budget);
                    search.play_all_when_found = search.task.is_some();
                }
            },
            PlayerCommand::Hint | PlayerCommand::HintAll => {}
            // The restart itself ends the hint's help (`board`): it drops the hint's moves.
            PlayerCommand::Restart => search.stop(&mut hint),
            _ => search.stop(&mut hint),
        }
    }
}

/// Starts a search from the board as it stands (reverse play has no hint).
fn begin_search(search: &mut HintSearch, hint: &mut SolverHint, s: &Session, budget: HintBudget) {
    if s.game.is_reverse() {
        *hint = SolverHint::NotInReverse;
    } else {
        search.start(s.game.board().clone(), state_of(s), budget);
        *hint = SolverHint::Thinking { positions: 0 };
    }
}

/// Queues every move of the solution found, and marks the game as helped.
fn play_whole_solution(
    search: &HintSearch,
    s: &Session,
    queue: &mut StepQueue,
    helped: &mut HelpedGame,
) {
    if let Some(solution) = &search.solution {
        let steps = crate::core::lurd::parse(&solution.lurd).unwrap_or_default();
        queue.replace_moves(steps.into_iter().map(|d| (d, true)));
        helped.0 = Some(s.serial);
    }
}

/// Queues the walk to the hinted push and the push itself, as one gesture.
fn play_next_push(search: &mut HintSearch, s: &Session, queue: &mut StepQueue) {
    let Some(push) = search.solution.as_ref().and_then(|x| x.push_list.first()) else {
        return;
    };
    let mut finder = crate::core::PathFinder::new();
    let mut board = s.game.board().clone();
    let walk = finder
        .find_path(&mut board, push.stand())
        .map(<[_]>::to_vec)
        .unwrap_or_default();
    queue.replace_moves(
        walk.into_iter()
            .map(|d| (d, false))
            .chain([(push.dir, true)]),
    );
}

/// Shows the search's progress and takes its answer when it is done (never waits for it); the
/// whole solution is played at once when Shift+H asked for it before the answer.
fn poll_search(
    mut search: ResMut<HintSearch>,
    mut hint: ResMut<SolverHint>,
    session: Option<Res<Session>>,
    mut queue: ResMut<StepQueue>,
    mut helped: ResMut<HelpedGame>,
) {
    let Some(task) = search.task.as_mut() else {
        return;
    };
    let answer = match task {
        Running::Task(task) => block_on(poll_once(task)),
        Running::Slices(stepper) => stepper.step(Some(HINT_SLICE)),
        Running::Answered(e) => e.take().map(Err),
    };
    let Some(result) = answer else {
        let positions = search.progress.searched.load(Ordering::Relaxed);
        hint.set_if_neq(SolverHint::Thinking { positions });
        return;
    };
    search.task = None;
    *hint = match result {
        Ok(solution) => match solution.push_list.first() {
            Some(p) => {
                let found = SolverHint::Found {
                    from: p.from,
                    to: p.to(),
                    pushes: solution.pushes,
                };
                search.solution = Some(solution);
                found
            }
            None => SolverHint::Off,
        },
        Err(e) if e.proved() => SolverHint::NoSolution,
        Err(SolveError::Cancelled { .. }) => SolverHint::Off,
        Err(_) => SolverHint::NotFound {
            seconds: search.budget.seconds.round() as u32,
        },
    };
    if std::mem::take(&mut search.play_all_when_found)
        && matches!(*hint, SolverHint::Found { .. })
        && let Some(s) = session.as_deref()
    {
        play_whole_solution(&search, s, &mut queue, &mut helped);
    }
}
