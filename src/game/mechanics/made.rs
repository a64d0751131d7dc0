//! Levels made while the player waits: the daily puzzle of a tier and endless levels ("Another
//! like this" on the solved panel, "Random level" on the daily screen), by `core::tiers` on a
//! background task (in a browser page, which has no threads, a few milliseconds each frame),
//! with a line on screen saying how long it has been working. A made level is played in the
//! "Generated" collection and kept in `DATA/collections/generated.bxb` once the player solves
//! it; a daily puzzle's moves go into the progress, which counts the streak of days.
//!
//! Siblings: `collections` (the Generated collection), `save` (the progress).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use crate::core::level::Level;
use crate::core::tiers::{self, Maker, Tier};
use crate::core::{rating, save};
use crate::game::mechanics::collections::{self, Collections};
use crate::game::mechanics::save::{Saves, write_progress};
use crate::game::vocab::*;

/// The file of the Generated collection in the data folder.
const GENERATED_FILE: &str = "generated.bxb";

/// A level being made.
#[derive(Resource)]
pub struct Making {
    pub tier: Tier,
    /// The day, for a daily puzzle.
    pub daily: Option<(i32, u32, u32)>,
    pub started: Instant,
    job: Job,
    cancel: Arc<AtomicBool>,
}

enum Job {
    #[cfg(not(target_arch = "wasm32"))]
    Task(Task<Option<tiers::Made>>),
    #[cfg(target_arch = "wasm32")]
    Slices(Box<Maker>),
}

/// The level on the board was made here: its tier, and its date (`YYYY-MM-DD`) when it is a
/// daily puzzle.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct MadeLevel {
    pub fingerprint: u64,
    pub tier: Tier,
    pub daily: Option<String>,
}

/// The line that says a level is being made (for tests and screenshots).
#[derive(Component)]
pub struct MakingLine;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<MakeLevel>()
        .add_systems(
            Update,
            (start_making, poll_making)
                .chain()
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(Update, show_making.in_set(AppSystems::SyncView))
        .add_observer(keep_solved);
}

/// Today in the player's calendar: the browser's local date, elsewhere UTC.
pub fn today() -> (i32, u32, u32) {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new_0();
        (d.get_full_year() as i32, d.get_month() + 1, d.get_date())
    }
    #[cfg(not(target_arch = "wasm32"))]
    tiers::utc_today()
}

/// `YYYY-MM-DD`.
pub fn date_key((y, m, d): (i32, u32, u32)) -> String {
    tiers::date_key(y, m, d)
}

/// The tier "Another like this" makes for the level on the board: its collection's, the tier it
/// was made for, or its rating's; Medium when nothing says.
fn tier_of_current(current: Option<&CurrentLevel>, made: Option<&MadeLevel>) -> Tier {
    let Some(c) = current else {
        return Tier::Medium;
    };
    if let Some(t) = save::tier_of(&c.source) {
        return t;
    }
    if let Some(m) = made.filter(|m| m.fingerprint == c.level().fingerprint()) {
        return m.tier;
    }
    rating::from_notes(&c.level().notes).map_or(Tier::Medium, |s| Tier::of_marks(rating::marks(s)))
}

fn start_making(
    mut commands: Commands,
    mut asked: MessageReader<MakeLevel>,
    making: Option<Res<Making>>,
    current: Option<Res<CurrentLevel>>,
    made: Option<Res<MadeLevel>>,
) {
    let Some(ask) = asked.read().last().copied() else {
        return;
    };
    if let Some(old) = making {
        old.cancel.store(true, Ordering::Relaxed);
    }
    let tier = ask
        .tier
        .unwrap_or_else(|| tier_of_current(current.as_deref(), made.as_deref()));
    let daily = ask.daily.then(today);
    let seed = match daily {
        Some((y, m, d)) => tiers::daily_seed(y, m, d),
        None => endless_seed(),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    commands.insert_resource(Making {
        tier,
        daily,
        started: Instant::now(),
        job: start_job(tier, seed, cancel.clone()),
        cancel,
    });
}

/// A seed no earlier endless level of this run had: the clock, and a count.
fn endless_seed() -> u64 {
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos
        ^ COUNT
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[cfg(not(target_arch = "wasm32"))]
fn start_job(tier: Tier, seed: u64, cancel: Arc<AtomicBool>) -> Job {
    Job::Task(AsyncComputeTaskPool::get().spawn(async move {
        let mut maker = Maker::new(tier, seed);
        // In slices, so that a newer request or leaving the game stops it.
        while !cancel.load(Ordering::Relaxed) {
            if let Some(made) = maker.step(Some(Duration::from_millis(20))) {
                return Some(made);
            }
        }
        None
    }))
}

#[cfg(target_arch = "wasm32")]
fn start_job(tier: Tier, seed: u64, _cancel: Arc<AtomicBool>) -> Job {
    Job::Slices(Box::new(Maker::new(tier, seed)))
}

/// A browser frame's share of the work: the page stays smooth at 60 frames a second.
#[cfg(target_arch = "wasm32")]
const SLICE: Duration = Duration::from_millis(6);

fn poll_making(
    mut commands: Commands,
    making: Option<ResMut<Making>>,
    mut list: ResMut<Collections>,
    saves: Res<Saves>,
    mut notices: ResMut<Notices>,
    mut current: Option<ResMut<CurrentLevel>>,
    mut load: MessageWriter<LoadLevel>,
    mut next_play: ResMut<NextState<Play>>,
) {
    let Some(mut making) = making else { return };
    let done = match &mut making.job {
        #[cfg(not(target_arch = "wasm32"))]
        Job::Task(task) => block_on(poll_once(task)),
        #[cfg(target_arch = "wasm32")]
        Job::Slices(maker) => maker.step(Some(SLICE)).map(Some),
    };
    let Some(made) = done else { return };
    commands.remove_resource::<Making>();
    let Some(made) = made else { return };
    let mut level = made.level;
    let tier_name = i18n::tier_name(making.tier);
    level.title = match making.daily {
        Some(day) => t!("made-daily-title", date = date_key(day), tier = tier_name),
        None => t!("made-title", tier = tier_name),
    };
    level.notes = vec![rating::note(made.features.score())];
    let fingerprint = level.fingerprint();
    let (i, at) = generated_entry(&mut list, &saves, level);
    commands.insert_resource(MadeLevel {
        fingerprint,
        tier: making.tier,
        daily: making.daily.map(date_key),
    });
    if saves.store().is_none() {
        notices.say(t!("collection-no-folder"));
    }
    collections::open(&list, i, at, &mut current, &mut commands, &mut load);
    next_play.set(Play::Active);
}

/// Adds a made level to the Generated collection as this run holds it (the file keeps only the
/// solved ones): the collection's index and the level's.
fn generated_entry(list: &mut Collections, saves: &Saves, level: Level) -> (usize, usize) {
    let source = collections::user_path(saves, GENERATED_FILE)
        .display()
        .to_string();
    let i = collections::entry_for(list, source, || crate::core::level::Collection {
        name: t!("collection-generated"),
        author: "PushBox".into(),
        ..Default::default()
    });
    (i, collections::place_level(list, i, level).0)
}

/// A made level solved by the player: kept in the Generated file (with the other solved ones),
/// and a daily puzzle's moves kept in the progress.
fn keep_solved(
    solved: On<LevelSolved>,
    made: Option<Res<MadeLevel>>,
    (current, session): (Option<Res<CurrentLevel>>, Option<Res<Session>>),
    list: Res<Collections>,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    replay: Option<Res<Replay>>,
) {
    let (Some(made), Some(current), Some(session)) = (made, current, session) else {
        return;
    };
    if replay.is_some() || current.level().fingerprint() != made.fingerprint {
        return;
    }
    if let Some(date) = &made.daily
        && saves
            .progress
            .offer_daily(date, made.tier.name(), solved.moves)
    {
        write_progress(&saves, &mut notices);
    }
    let Some(i) = list.position(&current.source) else {
        return;
    };
    if saves.store().is_none() {
        return;
    }
    // The file holds the levels solved before and this one.
    let entry = &list.list[i];
    let mut kept = entry.clone();
    kept.collection.levels.retain(|l| {
        l.fingerprint() == made.fingerprint || saves.progress.records(l).is_some_and(|r| r.solved())
    });
    if let Some(l) = kept
        .collection
        .levels
        .iter_mut()
        .find(|l| l.fingerprint() == made.fingerprint)
    {
        l.recording = current.solution_of(&session.game);
    }
    if collections::write_user(&kept, &mut notices, false) {
        notices.say(t!("made-kept", level = current.label()));
    }
}

/// "Making a Hard level… 1.2 s" while a level is being made.
fn show_making(
    mut commands: Commands,
    making: Option<Res<Making>>,
    mut lines: Query<(Entity, &mut Text), With<MakingLine>>,
) {
    let Some(making) = making else {
        for (e, _) in &lines {
            commands.entity(e).despawn();
        }
        return;
    };
    let line = t!(
        "made-making",
        tier = i18n::tier_name(making.tier),
        seconds = format!("{:.1}", making.started.elapsed().as_secs_f32())
    );
    if let Some((_, mut text)) = lines.iter_mut().next() {
        if text.0 != line {
            text.0 = line;
        }
        return;
    }
    commands.spawn((
        MakingLine,
        Name::new("Making a level"),
        crate::game::vocab::ui::text(line, 18.0),
        Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: px(8),
            padding: UiRect::all(px(8)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(crate::game::vocab::palette::BUTTON),
        GlobalZIndex(50),
    ));
}
