//! The replay screen: plays a recording on the board with play/pause, step forward and back,
//! speed from 0.25× to 16×, and a timeline to scrub, with the move and push counters following.
//! The player's own game is set aside while the replay borrows the board, and comes back after.
//!
//! A replay starts from the best recording of the level (V, or the solved overlay's button), from
//! a LURD solution pasted from the clipboard (Ctrl+V), dropped on the window as a file, or given
//! with `--replay FILE`. Every solution is verified first; one that does not solve the level is
//! reported with the step where it fails and is not replayed.

use crate::game::vocab::icons;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::prelude::*;

use crate::core::level::Recording;
use crate::core::{Game, Step, lurd};
use crate::game::mechanics::board::{BoardMirror, respawn};
use crate::game::mechanics::save::{Saves, offer};

pub use crate::game::vocab::StartReplay;

/// A solution to replay as soon as the level is on the board (`--replay FILE`).
#[derive(Resource, Default)]
pub struct ReplayAtStart(pub Option<StartReplay>);

pub use crate::game::vocab::PastedText;

#[derive(Component, Clone, Copy)]
struct ReplayButton(ReplayCmd);

impl SendsOnClick for ReplayButton {
    type Out = MessageWriter<'static, ReplayCmd>;
    fn send(&self, out: &mut MessageWriter<ReplayCmd>) {
        out.write(self.0);
    }
}

#[derive(Component)]
struct Timeline;

#[derive(Component)]
struct TimelineFill;

#[derive(Component)]
struct ReplayText;

#[derive(Component)]
struct PlayLabel;

/// The replay panel (for tests and screenshot checks).
#[derive(Component)]
pub struct ReplayPanel;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<StartReplay>()
        .add_message::<ReplayCmd>()
        .add_message::<PastedText>()
        .add_message::<OpenedFile>()
        .add_message::<bevy::window::FileDragAndDrop>()
        .init_resource::<ReplayAtStart>()
        .add_systems(
            Update,
            (read_clipboard, dropped_files, opened_files)
                .chain()
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (commands_to_replays, pasted_solutions, replay_at_start)
                .in_set(AppSystems::Plan)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (start_replay, (replay_keys, control, advance).chain())
                .chain()
                .in_set(AppSystems::Simulate)
                .after(ApplySteps)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            sync_panel
                .in_set(AppSystems::SyncView)
                .run_if(resource_exists::<Replay>),
        )
        .add_systems(OnEnter(Play::Replay), spawn_panel);
}

/// V and the solved overlay's Replay button: the solution just made when the level is solved,
/// else the player's best recording by moves, else the computer's improvement of a solution,
/// else the computer's solution they kept, else the level's own recording.
fn commands_to_replays(
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    saves: Res<Saves>,
    helped: Res<HelpedGame>,
    mut notices: ResMut<Notices>,
    mut out: MessageWriter<StartReplay>,
) {
    for cmd in cmds.read() {
        if *cmd != ScreenCommand::Replay || !matches!(play.get(), Play::Active | Play::Solved) {
            continue;
        }
        let (Some(current), Some(session)) = (current.as_ref(), session.as_ref()) else {
            continue;
        };
        if *play.get() == Play::Solved {
            let solution = current.solution_of(&session.game);
            let by_hint = helped.0 == Some(session.serial);
            out.write(StartReplay {
                lurd: solution.and_then(|r| r.lurd).unwrap_or_default(),
                source: if by_hint {
                    t!("replay-source-computer")
                } else {
                    t!("replay-source-yours")
                },
                external: false,
            });
            continue;
        }
        // The player's own best, else the computer's solution they kept, else the level's own.
        let records = saves.progress.records(current.level());
        let lurd = |r: Option<&Recording>| r.and_then(|r| r.lurd.clone());
        let replay = lurd(records.and_then(|r| r.best_moves.as_ref()))
            .map(|l| (l, t!("replay-source-best")))
            .or_else(|| {
                lurd(records.and_then(|r| r.improved.as_ref()))
                    .map(|l| (l, t!("replay-source-improved")))
            })
            .or_else(|| {
                lurd(records.and_then(|r| r.computer.as_ref()))
                    .map(|l| (l, t!("replay-source-computer")))
            })
            .or_else(|| {
                lurd(current.level().recording.as_ref()).map(|l| (l, t!("replay-source-best")))
            });
        match replay {
            Some((lurd, source)) => {
                out.write(StartReplay {
                    lurd,
                    source,
                    external: false,
                });
            }
            None => notices.say(t!("replay-none", level = current.label())),
        }
    }
}

/// Ctrl+V: reads the system clipboard's text.
fn read_clipboard(
    mut cmds: MessageReader<ScreenCommand>,
    mut out: MessageWriter<PastedText>,
    mut notices: ResMut<Notices>,
    play: Option<Res<State<Play>>>,
) {
    for cmd in cmds.read() {
        // The Link mode has no levels or solutions to paste.
        if *cmd != ScreenCommand::Paste || play.as_ref().is_some_and(|p| *p.get() == Play::Link) {
            continue;
        }
        match crate::game::mechanics::clipboard::clipboard_text() {
            Ok(Some(t)) => {
                out.write(PastedText(t));
            }
            // The browser answers in a later frame.
            Ok(None) => {}
            Err(e) => notices.say(t!("clipboard-failed", problem = e.to_string())),
        }
    }
}

/// Pasted text: a share link opens its level, boards become a new collection; anything else is
/// read as a LURD solution of the current level, verified, then replayed.
fn pasted_solutions(
    mut pasted: MessageReader<PastedText>,
    mut out: MessageWriter<StartReplay>,
    mut levels: MessageWriter<crate::game::mechanics::collections::PastedLevels>,
    mut links: MessageWriter<SharedLink>,
) {
    for PastedText(t) in pasted.read() {
        if crate::core::share::looks_like_link(t) {
            links.write(SharedLink(t.trim().to_string()));
            continue;
        }
        if crate::game::mechanics::collections::has_boards(t) {
            levels.write(crate::game::mechanics::collections::PastedLevels(t.clone()));
            continue;
        }
        out.write(StartReplay {
            lurd: t.clone(),
            source: t!("replay-source-clipboard"),
            external: true,
        });
    }
}

/// Files dropped on the window, read into [`OpenedFile`]s.
fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut opened: MessageWriter<OpenedFile>,
    mut notices: ResMut<Notices>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            match crate::core::disk::Medium::Files.read(path_buf) {
                Ok(bytes) => {
                    opened.write(OpenedFile {
                        name: path_buf.display().to_string(),
                        bytes,
                    });
                }
                Err(e) => notices.say(t!(
                    "file-unreadable",
                    path = path_buf.display().to_string(),
                    problem = e.to_string()
                )),
            }
        }
    }
}

/// A file brought into the game: a level file (`.bxb`, `.bxa`, `.xsb`, `.sok`, or a `.txt`
/// holding boards) becomes a new collection; a progress backup (`.ron`) is merged into the
/// records; any other text is a solution of the level on the board, verified, then replayed.
fn opened_files(
    mut files: MessageReader<OpenedFile>,
    mut out: MessageWriter<StartReplay>,
    mut notices: ResMut<Notices>,
    mut saves: ResMut<Saves>,
    mut import: MessageWriter<crate::game::mechanics::collections::CollectionCmd>,
) {
    for OpenedFile { name, bytes } in files.read() {
        let ext = std::path::Path::new(name)
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if ext == "ron" {
            crate::game::mechanics::save::import_backup(&mut saves, &mut notices, name, bytes);
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        let levels = matches!(ext.as_str(), "bxb" | "bxa" | "xsb" | "sok")
            || (ext == "txt" && crate::game::mechanics::collections::has_boards(&text));
        if levels {
            import.write(crate::game::mechanics::collections::CollectionCmd::Import {
                file: name.clone(),
                bytes: bytes.clone(),
            });
            continue;
        }
        match std::str::from_utf8(bytes) {
            Ok(lurd) => {
                out.write(StartReplay {
                    lurd: lurd.to_string(),
                    source: name.clone(),
                    external: true,
                });
            }
            Err(e) => notices.say(t!(
                "file-unreadable",
                path = name.clone(),
                problem = e.to_string()
            )),
        }
    }
}

/// `--replay FILE`: starts once the level is on the board.
fn replay_at_start(
    mut at_start: ResMut<ReplayAtStart>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<StartReplay>,
) {
    if session.is_some()
        && let Some(r) = at_start.0.take()
    {
        out.write(r);
    }
}

/// Verifies a solution and, when it solves the level, puts it on the board as a replay.
fn start_replay(
    mut commands: Commands,
    mut requests: MessageReader<StartReplay>,
    current: Option<Res<CurrentLevel>>,
    session: Option<ResMut<Session>>,
    replay: Option<Res<Replay>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut notices: ResMut<Notices>,
    mut next_play: ResMut<NextState<Play>>,
    helped: Res<HelpedGame>,
) {
    let Some(req) = requests.read().last().cloned() else {
        return;
    };
    let (Some(current), Some(session)) = (current, session) else {
        notices.say(t!("replay-no-level", source = req.source.as_str()));
        return;
    };
    let level = current.level();
    let Ok(start) = level.playable() else { return };
    let game = match lurd::check_solution(&start, &req.lurd) {
        Ok(g) => g,
        Err(e) => {
            notices.say(t!(
                "replay-not-a-solution",
                source = req.source.as_str(),
                level = current.label(),
                problem = i18n::solution_error(&e)
            ));
            return;
        }
    };
    let steps: Vec<Step> = game.history().to_vec();
    let recording = Recording::of(&game);
    let replayed = Game::from_steps(start, &steps, 0).expect("a verified solution replays");
    // A replay started during a replay keeps the player's game set aside.
    let (stashed, stashed_helped) = match replay {
        Some(r) => (r.stashed.clone(), r.stashed_helped),
        None => (session.game.clone(), helped.0 == Some(session.serial)),
    };
    commands.insert_resource(Replay {
        steps: steps.len(),
        playing: true,
        speed: NORMAL_SPEED,
        clock: 0.0,
        source: req.source.clone(),
        keepable: req.external.then_some(recording),
        stashed,
        stashed_helped,
    });
    respawn(&mut commands, &roots, &current, replayed);
    next_play.set(Play::Replay);
}

/// Keyboard controls while replaying: Space play/pause, arrows step, Home/End, +/- speed,
/// Escape closes.
fn replay_keys(
    keys: Res<ButtonInput<KeyCode>>,
    replay: Option<Res<Replay>>,
    play: Res<State<Play>>,
    mut out: MessageWriter<ReplayCmd>,
) {
    if replay.is_none() || *play.get() != Play::Replay {
        return;
    }
    use KeyCode::*;
    for (key, cmd) in [
        (Space, ReplayCmd::PlayPause),
        (ArrowRight, ReplayCmd::Forward),
        (ArrowLeft, ReplayCmd::Back),
        (Home, ReplayCmd::ToStart),
        (End, ReplayCmd::ToEnd),
        (Equal, ReplayCmd::Faster),
        (NumpadAdd, ReplayCmd::Faster),
        (Minus, ReplayCmd::Slower),
        (NumpadSubtract, ReplayCmd::Slower),
        (Escape, ReplayCmd::Close),
    ] {
        if keys.just_pressed(key) {
            out.write(cmd);
        }
    }
}

fn control(
    mut commands: Commands,
    mut cmds: MessageReader<ReplayCmd>,
    replay: Option<ResMut<Replay>>,
    session: Option<ResMut<Session>>,
    current: Option<Res<CurrentLevel>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut mirror: BoardMirror,
    mut saves: ResMut<Saves>,
    mut notices: ResMut<Notices>,
    mut next_play: ResMut<NextState<Play>>,
    mut helped: ResMut<HelpedGame>,
) {
    let (Some(mut replay), Some(mut session), Some(current)) = (replay, session, current) else {
        cmds.clear();
        return;
    };
    for cmd in cmds.read().copied() {
        let at = session.game.history().len();
        let n = replay.steps;
        match cmd {
            ReplayCmd::PlayPause => {
                if at == n {
                    mirror.seek(&mut session, 0);
                    replay.playing = true;
                } else {
                    replay.playing = !replay.playing;
                }
                replay.clock = 0.0;
            }
            ReplayCmd::Forward | ReplayCmd::Back | ReplayCmd::ToStart | ReplayCmd::ToEnd => {
                replay.playing = false;
                let to = match cmd {
                    ReplayCmd::Forward => (at + 1).min(n),
                    ReplayCmd::Back => at.saturating_sub(1),
                    ReplayCmd::ToStart => 0,
                    _ => n,
                };
                mirror.seek(&mut session, to);
            }
            ReplayCmd::Seek(f) => {
                let to = (f.clamp(0.0, 1.0) * n as f32).round() as usize;
                mirror.seek(&mut session, to);
                replay.clock = 0.0;
            }
            // The optimizer's own (`mechanics/improve.rs`).
            ReplayCmd::Improve => {}
            ReplayCmd::Faster => replay.speed = (replay.speed + 1).min(SPEEDS.len() - 1),
            ReplayCmd::Slower => replay.speed = replay.speed.saturating_sub(1),
            ReplayCmd::Keep => {
                if let Some(r) = replay.keepable.take() {
                    let level = current.level();
                    if offer(&mut saves, &mut notices, level, &r) {
                        notices.say(t!(
                            "replay-kept",
                            source = replay.source.as_str(),
                            moves = r.moves,
                            pushes = r.pushes
                        ));
                    } else {
                        notices.say(t!(
                            "replay-not-kept",
                            source = replay.source.as_str(),
                            moves = r.moves,
                            pushes = r.pushes
                        ));
                    }
                }
            }
            ReplayCmd::Close => {
                let game = replay.stashed.clone();
                let solved = game.is_solved();
                commands.remove_resource::<Replay>();
                let serial = respawn(&mut commands, &roots, &current, game);
                // The hint's help stays with the game it helped.
                if replay.stashed_helped {
                    helped.0 = serial;
                }
                next_play.set(if solved { Play::Solved } else { Play::Active });
                return;
            }
        }
    }
}

/// Plays the recording at the chosen speed while playing.
fn advance(
    time: Res<Time>,
    settings: Res<Settings>,
    replay: Option<ResMut<Replay>>,
    session: Option<ResMut<Session>>,
    mut mirror: BoardMirror,
) {
    let (Some(mut replay), Some(mut session)) = (replay, session) else {
        return;
    };
    if !replay.playing {
        return;
    }
    let step_time = settings.step_seconds.max(0.01);
    replay.clock += time.delta_secs() * replay.speed() / step_time;
    let owed = replay.clock.floor();
    if owed < 1.0 {
        return;
    }
    replay.clock -= owed;
    let at = session.game.history().len();
    let to = (at + owed as usize).min(replay.steps);
    mirror.seek(&mut session, to);
    if to == replay.steps {
        replay.playing = false;
    }
}

/// The replay's buttons are all this wide, so that none moves when Play becomes Pause.
const REPLAY_BUTTON_WIDTH: f32 = 128.0;

fn replay_button(label: &str, icon: Option<ImageNode>, cmd: ReplayCmd) -> impl Bundle {
    icon_button(label, icon, ReplayButton(cmd), REPLAY_BUTTON_WIDTH, 20.0)
}

/// A click or drag on the timeline seeks to that point.
fn on_timeline<E: std::fmt::Debug + Clone + Reflect>(
    ev: On<Pointer<E>>,
    nodes: Query<(&ComputedNode, &bevy::ui::UiGlobalTransform)>,
    mut out: MessageWriter<ReplayCmd>,
) {
    let Ok((node, transform)) = nodes.get(ev.entity) else {
        return;
    };
    let physical = ev.pointer_location.position / node.inverse_scale_factor();
    if let Some(p) = node.normalize_point(*transform, physical) {
        out.write(ReplayCmd::Seek(p.x + 0.5));
    }
}

fn spawn_panel(
    mut commands: Commands,
    replay: Option<Res<Replay>>,
    art: Option<Res<crate::game::mechanics::art::ArtAssets>>,
    layout: Res<Layout>,
) {
    let keepable = replay.is_some_and(|r| r.keepable.is_some());
    commands
        .spawn((
            ReplayPanel,
            Name::new("Replay panel"),
            HudBar::Bottom,
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                right: px(0),
                bottom: px(0),
                flex_direction: FlexDirection::Column,
                row_gap: px(10),
                padding: UiRect::all(px(12)),
                ..default()
            },
            // Opaque: the game's own buttons are underneath.
            BackgroundColor(palette::BAR),
            DespawnOnExit(Play::Replay),
        ))
        .with_children(|panel| {
            let compact = layout.compact();
            let size = if compact { 15.0 } else { 20.0 };
            panel.spawn((ReplayText, text("", size), Pickable::IGNORE));
            spawn_timeline(panel);
            spawn_controls(panel, art.as_deref(), keepable, compact);
        });
}

/// The timeline: a finger-tall strip (48 px) around a thinner visible track that fills up.
fn spawn_timeline(panel: &mut ChildSpawnerCommands) {
    panel
        .spawn((
            Timeline,
            Button,
            OwnColours,
            BackgroundColor(Color::NONE),
            Node {
                width: percent(100),
                height: px(48),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .observe(on_timeline::<Click>)
        .observe(on_timeline::<Drag>)
        .with_children(|t| {
            t.spawn((
                Node {
                    width: percent(100),
                    height: px(20),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(palette::TRACK),
                Pickable::IGNORE,
            ))
            .with_children(|track| {
                track.spawn((
                    TimelineFill,
                    Node {
                        width: percent(0),
                        height: percent(100),
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    },
                    BackgroundColor(palette::BUTTON_LIT),
                    Pickable::IGNORE,
                ));
            });
        });
}

/// Start, Prev, Play/Pause, Next, End (with icons), Slower, Faster, Keep (a solution from
/// outside), Improve (`mechanics/improve.rs`) and Close.
/// On a phone the same controls are icons alone, in as few rows as fit.
fn spawn_controls(
    panel: &mut ChildSpawnerCommands,
    art: Option<&crate::game::mechanics::art::ArtAssets>,
    keepable: bool,
    compact: bool,
) {
    use crate::game::mechanics::art::tile;
    let mut buttons = vec![
        (
            "replay-start",
            Some(tile::PREVIOUS),
            icons::FIRST,
            ReplayCmd::ToStart,
        ),
        (
            "replay-back",
            Some(tile::STEP_BACK),
            icons::BACK,
            ReplayCmd::Back,
        ),
        (
            "replay-pause",
            Some(tile::PAUSE),
            icons::PAUSE,
            ReplayCmd::PlayPause,
        ),
        (
            "replay-forward",
            Some(tile::STEP),
            icons::FORWARD,
            ReplayCmd::Forward,
        ),
        (
            "replay-end",
            Some(tile::NEXT),
            icons::LAST,
            ReplayCmd::ToEnd,
        ),
        ("settings-slower", None, icons::SLOWER, ReplayCmd::Slower),
        ("settings-faster", None, icons::FASTER, ReplayCmd::Faster),
    ];
    if keepable {
        buttons.push(("replay-keep", None, icons::SAVE, ReplayCmd::Keep));
    }
    buttons.push(("replay-improve", None, icons::TUNE, ReplayCmd::Improve));
    buttons.push(("settings-close", None, icons::CLOSE, ReplayCmd::Close));
    panel
        .spawn(Node {
            justify_content: JustifyContent::Center,
            column_gap: px(8),
            row_gap: px(8),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        })
        .with_children(|bar| {
            for (key, icon, glyph, cmd) in buttons {
                let icon = art.zip(icon).map(|(a, i)| a.icon(i));
                let mut b = if compact {
                    bar.spawn(tool_button(&t!(key), glyph, ReplayButton(cmd), false))
                } else {
                    bar.spawn(replay_button(&t!(key), icon, cmd))
                };
                b.observe(send_on_click::<ReplayButton>);
                if cmd == ReplayCmd::PlayPause {
                    b.insert(PlayLabel);
                }
            }
        });
}

fn sync_panel(
    replay: Res<Replay>,
    session: Option<Res<Session>>,
    (current, improvement): (Option<Res<CurrentLevel>>, Res<Improvement>),
    mut texts: Query<&mut Text, With<ReplayText>>,
    mut fill: Query<&mut Node, With<TimelineFill>>,
    mut play_buttons: Query<(&Children, &mut ButtonName), With<PlayLabel>>,
    mut labels: Query<&mut Text, (Without<ReplayText>, Without<IconGlyph>)>,
    (mut icons, mut glyphs): (
        Query<&mut ImageNode>,
        Query<&mut Text, (With<IconGlyph>, Without<ReplayText>)>,
    ),
) {
    let Some(session) = session else { return };
    let b = session.game.board();
    let at = session.game.history().len();
    let mut s = t!(
        "replay-status",
        source = replay.source.as_str(),
        step = at,
        steps = replay.steps,
        moves = b.moves(),
        pushes = b.pushes(),
        speed = replay.speed().to_string()
    );
    if replay.keepable.is_some() {
        s += &t!("replay-keep-hint");
    }
    let here = current.map(|c| crate::core::save::fingerprint_key(c.level()));
    if let Some(line) = here.and_then(|h| improvement.line(&h)) {
        s += "\n";
        s += &line;
    }
    for mut t in &mut texts {
        if t.0 != s {
            t.0 = s.clone();
        }
    }
    let frac = if replay.steps == 0 {
        1.0
    } else {
        at as f32 / replay.steps as f32
    };
    for mut n in &mut fill {
        n.width = percent(frac * 100.0);
    }
    let (label, icon, glyph) = if replay.playing {
        (
            t!("replay-pause"),
            crate::game::mechanics::art::tile::PAUSE,
            icons::PAUSE,
        )
    } else {
        (
            t!("replay-play"),
            crate::game::mechanics::art::tile::PLAY,
            icons::PLAY,
        )
    };
    for (children, mut name) in &mut play_buttons {
        if name.0 != label {
            name.0.clone_from(&label);
        }
        for c in children {
            if let Ok(mut t) = glyphs.get_mut(*c)
                && t.0 != glyph.0.to_string()
            {
                t.0 = glyph.0.to_string();
            }
            if let Ok(mut t) = labels.get_mut(*c)
                && t.0 != label
            {
                t.0 = label.to_string();
            }
            if let Ok(mut image) = icons.get_mut(*c)
                && let Some(atlas) = image.texture_atlas.as_mut()
                && atlas.index != icon
            {
                atlas.index = icon;
            }
        }
    }
}
