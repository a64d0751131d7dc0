//! "Improve": the optimizer (`core::solver::optimize`, fewer moves, never more pushes) on the
//! solution on the board, the one just made (the solved panel) or the one being replayed, on a
//! background task so that the frame never waits. [`Improvement`] tells the screens the best
//! found so far. I (or the panels' Improve button) starts it; while it runs, stops it (the best
//! so far counts); once it has found a better solution, replays that one.
//!
//! A better solution is kept as the level's computer's improvement (`Records::improved`, written
//! with `save`'s progress file), never as the player's record. It keeps running when the player
//! goes on to another level or screen, and is kept for the level it was started on (closing the
//! game drops a search still under way).
//!
//! A browser page has no threads: there it runs in slices of a few milliseconds a frame
//! ([`Optimizer::step`], the same search).
//!
//! Siblings: `save` (the progress file it writes to).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::core::level::{Level, Recording};
use crate::core::lurd;
use crate::core::save::fingerprint_key;
use crate::core::solver::{Limits, Metric, Optimized, Optimizer};
use crate::game::mechanics::save::{Saves, write_progress};
use crate::game::vocab::*;

/// How long an improvement may run and how many positions it may hold.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ImproveBudget {
    pub seconds: f64,
    pub max_states: usize,
    /// Work a slice each frame instead of on another thread (a browser has no threads).
    pub in_frames: bool,
}

impl Default for ImproveBudget {
    /// 20 s, and the hint's 2 million positions (phones too).
    fn default() -> Self {
        ImproveBudget {
            seconds: 20.0,
            max_states: 2_000_000,
            in_frames: cfg!(target_arch = "wasm32"),
        }
    }
}

/// Work per frame where there are no threads.
const SLICE: Duration = Duration::from_millis(6);
/// How often the task publishes its best so far.
const REPORT: Duration = Duration::from_millis(100);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Improvement>()
        .init_resource::<ImproveRun>()
        .init_resource::<ImproveBudget>()
        .add_systems(
            Update,
            (
                improve_commands.run_if(in_state(Screen::Playing)),
                // Also on other screens: the improvement is kept wherever the player went.
                poll_improvement,
            )
                .chain()
                .in_set(AppSystems::Plan),
        );
}

enum Running {
    Task(Task<Optimized>),
    Slices(Box<Optimizer>),
}

/// The improvement under way and the level it is for.
#[derive(Resource, Default)]
struct ImproveRun {
    task: Option<Running>,
    cancel: Arc<AtomicBool>,
    /// The best so far (moves, pushes), published by the task.
    best: Arc<[AtomicU32; 2]>,
    level: Option<Level>,
}

impl ImproveRun {
    /// Starts on `lurd`, a solution of `level`.
    fn start(
        &mut self,
        level: &Level,
        lurd: &str,
        budget: &ImproveBudget,
        improvement: &mut Improvement,
    ) {
        let Ok(board) = level.playable() else { return };
        self.cancel = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            cancel: Some(self.cancel.clone()),
            max_states: budget.max_states,
            ..Limits::seconds(budget.seconds)
        };
        let Ok(optimizer) = Optimizer::new(&board, lurd, Metric::Moves, &limits) else {
            return;
        };
        let before = optimizer.before();
        self.best = Arc::new([AtomicU32::new(before.0), AtomicU32::new(before.1)]);
        self.task = Some(if budget.in_frames {
            Running::Slices(Box::new(optimizer))
        } else {
            let best = self.best.clone();
            Running::Task(AsyncComputeTaskPool::get().spawn(async move { run(optimizer, &best) }))
        });
        self.level = Some(level.clone());
        *improvement = Improvement::Running {
            level: fingerprint_key(level),
            before,
            best: before,
        };
    }
}

/// The optimizer to the end on a background task, publishing its best now and then.
fn run(mut optimizer: Optimizer, best: &[AtomicU32; 2]) -> Optimized {
    while !optimizer.step(Some(REPORT)) {
        let b = optimizer.best();
        best[0].store(b.moves, Ordering::Relaxed);
        best[1].store(b.pushes, Ordering::Relaxed);
    }
    optimizer.finish()
}

/// The solution on the board: the one just made when solved, the one being replayed.
fn solution_on_board(play: Play, current: &CurrentLevel, session: &Session) -> Option<String> {
    match play {
        Play::Solved => current.solution_of(&session.game)?.lurd,
        Play::Replay => Some(lurd::write(session.game.all_steps())),
        _ => None,
    }
}

fn improve_commands(
    mut screen: MessageReader<ScreenCommand>,
    mut replay: MessageReader<ReplayCmd>,
    play: Res<State<Play>>,
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    mut run: ResMut<ImproveRun>,
    mut improvement: ResMut<Improvement>,
    mut replays: MessageWriter<StartReplay>,
    budget: Res<ImproveBudget>,
) {
    let asked = screen
        .read()
        .filter(|c| **c == ScreenCommand::Improve)
        .count()
        + replay.read().filter(|c| **c == ReplayCmd::Improve).count();
    let (Some(current), Some(session)) = (current, session) else {
        return;
    };
    if asked == 0 || !matches!(play.get(), Play::Solved | Play::Replay) {
        return;
    }
    let here = fingerprint_key(current.level());
    match &*improvement {
        Improvement::Running { .. } => run.cancel.store(true, Ordering::Relaxed),
        Improvement::Done {
            level,
            before,
            best,
            lurd,
        } if *level == here && best != before => {
            replays.write(StartReplay {
                lurd: lurd.clone(),
                source: t!("replay-source-improved"),
                external: false,
            });
        }
        _ => {
            if let Some(lurd) = solution_on_board(*play.get(), &current, &session) {
                run.start(current.level(), &lurd, &budget, &mut improvement);
            }
        }
    }
}

/// Shows the best so far, and takes the result when the optimizer is done (never waits for it).
fn poll_improvement(
    mut run: ResMut<ImproveRun>,
    mut improvement: ResMut<Improvement>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
) {
    let run = &mut *run;
    let finished = match run.task.take() {
        None => return,
        Some(Running::Task(mut task)) => {
            let out = block_on(poll_once(&mut task));
            if out.is_none() {
                run.task = Some(Running::Task(task));
            }
            out
        }
        Some(Running::Slices(mut optimizer)) => {
            if run.cancel.load(Ordering::Relaxed) || optimizer.step(Some(SLICE)) {
                Some(optimizer.finish())
            } else {
                let b = optimizer.best();
                run.best[0].store(b.moves, Ordering::Relaxed);
                run.best[1].store(b.pushes, Ordering::Relaxed);
                run.task = Some(Running::Slices(optimizer));
                None
            }
        }
    };
    let Some(out) = finished else {
        if let Improvement::Running { best, .. } = &mut *improvement {
            let now = [0, 1].map(|i| run.best[i].load(Ordering::Relaxed));
            if *best != (now[0], now[1]) {
                *best = (now[0], now[1]);
            }
        }
        return;
    };
    let Some(level) = run.level.take() else {
        return;
    };
    let best = &out.best;
    if out.improved() {
        keep(&mut saves, &mut notices, &level, best);
    }
    *improvement = Improvement::Done {
        level: fingerprint_key(&level),
        before: out.before,
        best: (best.moves, best.pushes),
        lurd: best.lurd.clone(),
    };
}

/// Keeps a better solution as the level's computer's improvement and says so.
fn keep(
    saves: &mut Saves,
    notices: &mut Notices,
    level: &Level,
    best: &crate::core::solver::Solution,
) {
    let r = Recording {
        moves: best.moves,
        pushes: best.pushes,
        lurd: Some(best.lurd.clone()),
    };
    if saves.progress.offer_improved(level, &r) {
        write_progress(saves, notices);
        notices.say(t!("improve-kept", moves = r.moves, pushes = r.pushes));
    } else {
        notices.say(t!("improve-not-better", moves = r.moves, pushes = r.pushes));
    }
}
