//! The HUD over the level: collection and level, moves and pushes, the hint line, notices, the
//! undo / redo / restart / previous / next buttons (mouse and touch), and the solved panel.

use crate::game::mechanics::fonts::readable;
use crate::game::vocab::icons::{self, Icon};
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use crate::game::vocab::{i18n, palette};
use bevy::prelude::*;

#[derive(Component)]
struct HintLine;

/// The hint line's text.
#[derive(Component)]
struct HintText;

/// The hint line's panel (its colour says a warning from a hint).
#[derive(Component)]
struct HintPanel;

/// Beside the solver's hint, once it found a solution: the whole of it played with one tap
/// (Shift+H on a keyboard; a phone has no other way).
#[derive(Component)]
struct HintPlayAll;

#[derive(Component)]
struct LevelName;

/// The row of the HUD's buttons: shown only while the level is on screen (not under the title,
/// settings, browser, replay or designer screens, where they would be covered or in the way).
#[derive(Component)]
struct HudButtons;

#[derive(Component)]
struct Counters;

/// The line that shows notices about the player's data (tap it to hide it).
#[derive(Component)]
pub struct NoticeLine;

/// How long a notice stays on screen, and how many the line has shown.
#[derive(Resource, Default)]
struct NoticeClock {
    shown: usize,
    left: f32,
}

/// The HUD's root.
#[derive(Component)]
struct HudRoot;

/// The solved overlay (for tests and the screenshot checks).
#[derive(Component)]
pub struct SolvedOverlay;

/// The solved panel's "Keep as the computer's" button: gone once K or a click has used it (the
/// notice line says what came of it).
#[derive(Component)]
struct KeepComputerButton;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LevelProblem>()
        .init_resource::<FirstPlayHint>()
        .init_resource::<FullLevelName>()
        .init_resource::<NoticeClock>()
        .add_systems(OnEnter(Screen::Playing), spawn_hud)
        .add_systems(OnEnter(Play::Solved), spawn_solved)
        .add_systems(
            Update,
            (
                update_texts,
                show_notices,
                show_hint,
                show_hud_buttons,
                drop_keep_button,
                sync_improve_text.run_if(in_state(Play::Solved)),
                respawn_in_new_language.run_if(i18n::language_switched),
                respawn_for_layout
                    .run_if(resource_changed::<Layout>.and_then(not(resource_added::<Layout>))),
            )
                .in_set(AppSystems::SyncView)
                .run_if(in_state(Screen::Playing)),
        );
}

/// On a phone the title line shows the level's short name until a tap shows it whole.
#[derive(Resource, Default)]
struct FullLevelName(bool);

fn spawn_hud(mut commands: Commands, layout: Res<Layout>) {
    let layout = *layout;
    commands
        .spawn((
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                padding: UiRect::all(px(if layout.compact() { 8 } else { 12 })),
                ..default()
            },
            Pickable::IGNORE,
            DespawnOnExit(Screen::Playing),
            Name::new("HUD"),
            HudRoot,
        ))
        .with_children(|root| {
            spawn_top_bar(root, layout);
            spawn_notice_line(root);
            // The bottom: the hint line, and under it the toolbar (beside the board instead on a
            // phone held sideways, so that the board keeps the height).
            root.spawn((
                HudBar::Bottom,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(8),
                    margin: clear_of_side_column(layout),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|bottom| {
                spawn_hint_line(bottom);
                if layout != Layout::Landscape {
                    spawn_toolbar(bottom, layout);
                }
            });
            if layout == Layout::Landscape {
                spawn_toolbar(root, layout);
            }
        });
}

/// The width of the toolbar's column on a phone held sideways.
const SIDE_COLUMN: f32 = 64.0;

/// The margin that keeps a bar clear of the toolbar's column (on a phone held sideways).
fn clear_of_side_column(layout: Layout) -> UiRect {
    let width = if layout == Layout::Landscape {
        SIDE_COLUMN
    } else {
        0.0
    };
    UiRect::right(px(width))
}

/// The level's name and the counters; on a phone the name is short (collection · n/N) and a tap
/// shows it whole.
fn spawn_top_bar(root: &mut ChildSpawnerCommands, layout: Layout) {
    let font = if layout.compact() { 16.0 } else { 22.0 };
    root.spawn((
        HudBar::Top,
        Node {
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            column_gap: px(if layout.compact() { 8 } else { 24 }),
            margin: clear_of_side_column(layout),
            ..default()
        },
        Pickable::IGNORE,
    ))
    .with_children(|top| {
        if layout.compact() {
            top.spawn((
                Button,
                ButtonRole::Secondary,
                ButtonName(t!("hud-level-name")),
                HudButtons,
                OwnColours,
                BackgroundColor(Color::NONE),
                Node {
                    min_height: px(FINGER),
                    flex_shrink: 1.0,
                    align_items: AlignItems::Center,
                    ..default()
                },
            ))
            .observe(|_: On<Pointer<Click>>, mut full: ResMut<FullLevelName>| full.0 = !full.0)
            .with_children(|b| {
                b.spawn((LevelName, text("", font), Pickable::IGNORE));
            });
        } else {
            top.spawn((LevelName, text("", font), Pickable::IGNORE));
        }
        top.spawn((
            Counters,
            figures("", font),
            TextLayout::justify(Justify::Right),
            Node {
                flex_shrink: 0.0,
                ..default()
            },
            Pickable::IGNORE,
        ));
    });
}

/// The line of notices about the player's data (a tap hides it).
fn spawn_notice_line(root: &mut ChildSpawnerCommands) {
    root.spawn((
        NoticeLine,
        Node {
            position_type: PositionType::Absolute,
            top: px(64),
            left: px(12),
            right: px(12),
            padding: UiRect::axes(px(12), px(8)),
            border_radius: BorderRadius::all(px(8)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(palette::NOTICE),
        // Over every screen (the title screen and the Link mode cover the rest of the HUD).
        GlobalZIndex(6),
    ))
    .observe(|_: On<Pointer<Click>>, mut clock: ResMut<NoticeClock>| clock.left = 0.0)
    .with_children(|n| {
        n.spawn((text("", 18.0), Pickable::IGNORE));
    });
}

/// The hint line: a level's lesson or the first-play hint, or the solver's hint with its
/// "Play all" button.
fn spawn_hint_line(bottom: &mut ChildSpawnerCommands) {
    bottom
        .spawn((
            HintLine,
            Node {
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                // "Play all" beside the solver's hint, or under it when the line is full.
                flex_wrap: FlexWrap::Wrap,
                column_gap: px(8),
                row_gap: px(8),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|h| {
            h.spawn((
                Node {
                    padding: UiRect::axes(px(12), px(6)),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                BackgroundColor(palette::PANEL),
                HintPanel,
                Pickable::IGNORE,
            ))
            .with_children(|p| {
                p.spawn((HintText, text(t!("hud-first-hint"), 18.0), Pickable::IGNORE));
            });
            h.spawn((
                HintPlayAll,
                Node {
                    display: Display::None,
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|b| {
                b.spawn(command_button(
                    &t!("hud-hint-all"),
                    None,
                    PlayerCommand::HintAll,
                ))
                .observe(send_on_click::<CommandButton>);
            });
        });
}

/// The toolbar's actions: label key, icon, command. With room to spare (a tablet, a desktop)
/// all of them, each with its label.
const TOOLS: [(&str, Icon, AnyCommand); 10] = [
    (
        "hud-menu",
        icons::HOME,
        AnyCommand::Screen(ScreenCommand::Menu),
    ),
    (
        "hud-hint",
        icons::HINT,
        AnyCommand::Play(PlayerCommand::Hint),
    ),
    (
        "hud-levels",
        icons::LEVELS,
        AnyCommand::Screen(ScreenCommand::Levels),
    ),
    (
        "hud-prev",
        icons::PREVIOUS,
        AnyCommand::Play(PlayerCommand::PrevLevel),
    ),
    (
        "hud-undo",
        icons::UNDO,
        AnyCommand::Play(PlayerCommand::Undo),
    ),
    (
        "hud-redo",
        icons::REDO,
        AnyCommand::Play(PlayerCommand::Redo),
    ),
    (
        "hud-restart",
        icons::RESTART,
        AnyCommand::Play(PlayerCommand::Restart),
    ),
    (
        "hud-next",
        icons::NEXT,
        AnyCommand::Play(PlayerCommand::NextLevel),
    ),
    (
        "hud-design",
        icons::DESIGN,
        AnyCommand::Screen(ScreenCommand::Design),
    ),
    (
        "hud-more",
        icons::MORE,
        AnyCommand::Screen(ScreenCommand::LevelMenu),
    ),
];

/// On a phone, the ones a level is played with, in this order (indices into [`TOOLS`]): Undo,
/// Redo, Restart, Hint, Levels, More; the rest are in the level menu.
const PHONE_TOOLS: [usize; 6] = [4, 5, 6, 1, 2, 9];

/// The HUD's toolbar: a row under the board, or a column beside it on a phone held sideways;
/// icons alone on a phone, icons and labels where there is room.
fn spawn_toolbar(parent: &mut ChildSpawnerCommands, layout: Layout) {
    let column = layout == Layout::Landscape;
    let mut bar = parent.spawn((
        HudButtons,
        Node {
            justify_content: if layout.compact() {
                JustifyContent::SpaceEvenly
            } else {
                JustifyContent::Center
            },
            align_items: AlignItems::Center,
            column_gap: px(if layout.compact() { 4 } else { 8 }),
            row_gap: px(if column { 4 } else { 8 }),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        },
        Pickable::IGNORE,
    ));
    if column {
        bar.insert((
            HudBar::Right,
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(0),
                bottom: px(0),
                width: px(SIDE_COLUMN),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceEvenly,
                align_items: AlignItems::Center,
                padding: UiRect::vertical(px(8)),
                ..default()
            },
            BackgroundColor(palette::TOOLBAR),
        ));
    }
    let tools: Vec<usize> = if layout.compact() {
        PHONE_TOOLS.to_vec()
    } else {
        (0..TOOLS.len()).collect()
    };
    bar.with_children(|bar| {
        for (key, icon, cmd) in tools.into_iter().map(|i| TOOLS[i]) {
            bar.spawn(tool_button(
                &t!(key),
                icon,
                CommandButton(cmd),
                !layout.compact(),
            ))
            .observe(send_on_click::<CommandButton>);
        }
    });
}

/// The HUD again for a new layout (the phone turned, the window resized past a class).
fn respawn_for_layout(
    mut commands: Commands,
    roots: Query<Entity, With<HudRoot>>,
    layout: Res<Layout>,
) {
    for r in &roots {
        commands.entity(r).despawn();
    }
    spawn_hud(commands, layout);
}

/// The HUD again in the language just chosen (it stays on screen under the settings).
fn respawn_in_new_language(
    commands: Commands,
    roots: Query<Entity, With<HudRoot>>,
    layout: Res<Layout>,
) {
    respawn_for_layout(commands, roots, layout);
}

fn update_texts(
    (layout, full): (Res<Layout>, Res<FullLevelName>),
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    saves: Option<Res<crate::game::mechanics::save::Saves>>,
    problem: Res<LevelProblem>,
    mut name: Query<&mut Text, (With<LevelName>, Without<Counters>)>,
    mut counters: Query<&mut Text, (With<Counters>, Without<LevelName>)>,
) {
    if let (Some(c), Ok(mut t)) = (current.as_ref(), name.single_mut()) {
        let level = c.level();
        let short = layout.compact() && !full.0;
        let key = if short {
            "hud-level-short"
        } else {
            "hud-level"
        };
        let mut s = t!(
            key,
            collection = i18n::collection_name(&c.source, &c.collection.name),
            number = c.index + 1,
            count = c.collection.levels.len()
        );
        if !level.title.is_empty() && !short {
            let title = i18n::builtin_level_text(&c.source, c.index, "title", &level.title);
            s += &t!("hud-level-title", title = title);
        }
        // The level's author, when known and not the whole collection's (the level browser
        // names that one).
        if !level.author.is_empty() && level.author != c.collection.author && !short {
            s += &t!("hud-by", author = level.author.as_str());
        }
        if let Some(p) = &problem.0 {
            s += "\n";
            s += &t!("hud-unplayable", problem = p.as_str());
        }
        let s = readable(&s);
        if t.0 != s {
            t.0 = s;
        }
    }
    if let (Some(sess), Ok(mut t)) = (session, counters.single_mut()) {
        let records = current
            .as_ref()
            .zip(saves.as_ref())
            .and_then(|(c, s)| s.progress.records(c.level()));
        let s = counters_text(&sess.game, records);
        if t.0 != s {
            t.0 = s;
        }
    }
}

/// Moves and pushes; forward, the level's best (fewest moves, fewest pushes) and how far the
/// game is from them, and the computer's solution when one was kept; in reverse, that it is
/// reverse play and its pulls.
fn counters_text(game: &crate::core::Game, records: Option<&crate::core::save::Records>) -> String {
    let b = game.board();
    if game.is_reverse() {
        return t!(
            "hud-counters-reverse",
            moves = b.moves(),
            pulls = b.pushes()
        );
    }
    let mut s = t!("hud-counters", moves = b.moves(), pushes = b.pushes());
    let best = records.and_then(|r| Some((r.best_moves.as_ref()?, r.best_pushes.as_ref()?)));
    if let Some((m, p)) = best {
        let diff = |now: u32, best: u32| match now.cmp(&best) {
            std::cmp::Ordering::Less => format!("-{}", best - now),
            std::cmp::Ordering::Equal => "=".to_string(),
            std::cmp::Ordering::Greater => format!("+{}", now - best),
        };
        s += "\n";
        s += &t!(
            "hud-best",
            moves = m.moves,
            pushes = p.pushes,
            moves_diff = diff(b.moves(), m.moves),
            pushes_diff = diff(b.pushes(), p.pushes)
        );
    }
    if let Some(c) = records.and_then(|r| r.computer.as_ref()) {
        s += "\n";
        s += &t!("hud-computer", moves = c.moves, pushes = c.pushes);
    }
    if let Some(c) = records.and_then(|r| r.improved.as_ref()) {
        s += "\n";
        s += &t!("hud-improved", moves = c.moves, pushes = c.pushes);
    }
    s
}

/// The hint line shows a built-in level's note (the tutorial's lessons) while it is played, from
/// the game's own collections or from the same file opened with `--level` (found by its board),
/// or else the first-play hint while that is on (`save.rs` turns it off at the first move). The
/// line keeps its place when empty, so that the board does not jump when it goes.
fn show_hint(
    hint: Res<FirstPlayHint>,
    current: Option<Res<CurrentLevel>>,
    session: Option<Res<Session>>,
    list: Res<crate::game::mechanics::collections::Collections>,
    warning: Res<DeadlockWarning>,
    solver: Res<SolverHint>,
    mut line: Query<&mut Visibility, With<HintLine>>,
    mut texts: Query<&mut Text, With<HintText>>,
    mut panels: Query<&mut BackgroundColor, With<HintPanel>>,
    mut play_all: Query<&mut Node, With<HintPlayAll>>,
) {
    let reverse = session.as_ref().is_some_and(|s| s.game.is_reverse());
    let changed = hint.is_changed()
        || list.is_changed()
        || warning.is_changed()
        || solver.is_changed()
        || session.as_ref().is_some_and(|s| s.is_changed());
    if !changed && !current.as_ref().is_some_and(|c| c.is_changed()) {
        return;
    }
    // The solver's hint, then a deadlock warning, take the line over while they last.
    let note = solver_line(&solver).or_else(|| match &warning.0 {
        Some(d) => Some(t!(
            "hud-deadlock",
            detector = t!(&format!("deadlock-{}", d.kind()))
        )),
        None if reverse => Some(t!("hud-reverse-hint")),
        None => current.as_ref().and_then(|c| builtin_note(c, &list)),
    });
    let colour = if warning.0.is_some() || *solver == SolverHint::NoSolution {
        palette::WARNING
    } else {
        palette::PANEL
    };
    for mut bg in &mut panels {
        bg.set_if_neq(BackgroundColor(colour));
    }
    let shown = if hint.0 || note.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut line {
        v.set_if_neq(shown);
    }
    let found = matches!(*solver, SolverHint::Found { .. });
    for mut node in &mut play_all {
        let display = if found { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    let text = note.unwrap_or_else(|| t!("hud-first-hint"));
    for mut t in &mut texts {
        if t.0 != text {
            t.0 = text.clone();
        }
    }
}

/// What the solver's hint says, while it says something.
fn solver_line(hint: &SolverHint) -> Option<String> {
    Some(match *hint {
        SolverHint::Off => return None,
        SolverHint::Thinking { positions } => t!("hud-hint-thinking", positions = positions),
        SolverHint::Found { pushes, .. } => t!("hud-hint-found", pushes = pushes),
        SolverHint::NoSolution => t!("hud-hint-none"),
        SolverHint::NotFound { seconds } => t!("hud-hint-not-found", seconds = seconds),
        SolverHint::NotInReverse => t!("hud-hint-reverse"),
    })
}

/// The note of the level being played when it is one of the game's own (by its board), in the
/// player's language.
pub fn builtin_note(
    current: &CurrentLevel,
    list: &crate::game::mechanics::collections::Collections,
) -> Option<String> {
    let level = current.level();
    if crate::core::save::is_builtin(&current.source) {
        let note = level.notes.first()?;
        return Some(i18n::builtin_level_text(
            &current.source,
            current.index,
            "note",
            note,
        ));
    }
    let fingerprint = level.fingerprint();
    list.list.iter().filter(|e| !e.is_user()).find_map(|e| {
        let i = (e.collection.levels.iter()).position(|l| l.fingerprint() == fingerprint)?;
        let note = e.collection.levels[i].notes.first()?;
        Some(i18n::builtin_level_text(&e.source, i, "note", note))
    })
}

/// The HUD's buttons show while the level is played or solved; the whole HUD hides under Link
/// 3D, whose screen lets the block show through where other screens cover the HUD.
fn show_hud_buttons(
    play: Res<State<Play>>,
    mut rows: Query<&mut Visibility, (With<HudButtons>, Without<HudRoot>)>,
    mut roots: Query<&mut Visibility, With<HudRoot>>,
) {
    let shown = match play.get() {
        Play::Active | Play::Solved => Visibility::Inherited,
        _ => Visibility::Hidden,
    };
    for mut v in &mut rows {
        v.set_if_neq(shown);
    }
    let hud = if *play.get() == Play::Link3d {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut v in &mut roots {
        v.set_if_neq(hud);
    }
}

/// Shows the newest notices for 12 seconds (or until tapped).
fn show_notices(
    time: Res<Time>,
    notices: Res<Notices>,
    mut clock: ResMut<NoticeClock>,
    mut line: Query<(&mut Node, &Children), With<NoticeLine>>,
    mut texts: Query<&mut Text>,
) {
    let Ok((mut node, children)) = line.single_mut() else {
        return;
    };
    if notices.0.len() > clock.shown {
        let new = &notices.0[clock.shown..];
        let start = new.len().saturating_sub(3);
        let s = new[start..].join("\n");
        for c in children {
            if let Ok(mut t) = texts.get_mut(*c) {
                t.0 = s.clone();
            }
        }
        clock.shown = notices.0.len();
        clock.left = 12.0;
    }
    clock.left -= time.delta_secs();
    let display = if clock.left > 0.0 {
        Display::Flex
    } else {
        Display::None
    };
    if node.display != display {
        node.display = display;
    }
}

fn drop_keep_button(
    mut cmds: MessageReader<PlayerCommand>,
    buttons: Query<Entity, With<KeepComputerButton>>,
    mut commands: Commands,
) {
    if cmds
        .read()
        .any(|c| *c == PlayerCommand::KeepComputerSolution)
    {
        for button in &buttons {
            commands.entity(button).despawn();
        }
    }
}

fn spawn_solved(mut commands: Commands, session: Option<Res<Session>>, helped: Res<HelpedGame>) {
    let (m, p) = session
        .as_ref()
        .map(|s| (s.game.board().moves(), s.game.board().pushes()))
        .unwrap_or_default();
    let reverse = session.as_ref().is_some_and(|s| s.game.is_reverse());
    let by_hint = session.as_ref().is_some_and(|s| helped.0 == Some(s.serial)) && !reverse;
    spawn_overlay(&mut commands, Play::Solved, SolvedOverlay, |panel| {
        if reverse {
            panel.spawn(text(t!("solved-reverse"), 44.0));
            panel.spawn(text(
                t!("solved-counts-reverse", moves = m, pulls = p),
                24.0,
            ));
        } else {
            panel.spawn(text(t!("solved"), 44.0));
            panel.spawn(text(t!("solved-counts", moves = m, pushes = p), 24.0));
            if by_hint {
                panel.spawn(text(t!("solved-helped"), 20.0));
            }
        }
        panel.spawn((ImproveText, text("", 18.0)));
        panel.spawn(wrap_row()).with_children(|row| {
            row.spawn(command_button(
                &t!("solved-replay"),
                None,
                ScreenCommand::Replay,
            ))
            .observe(send_on_click::<CommandButton>);
            if by_hint {
                row.spawn((
                    command_button(
                        &t!("solved-keep-computer"),
                        None,
                        PlayerCommand::KeepComputerSolution,
                    ),
                    KeepComputerButton,
                ))
                .observe(send_on_click::<CommandButton>);
            }
            row.spawn(command_button(
                &t!("improve-button"),
                None,
                ScreenCommand::Improve,
            ))
            .observe(send_on_click::<CommandButton>);
            row.spawn((
                command_button(&t!("solved-next"), None, PlayerCommand::NextLevel),
                DefaultFocus,
            ))
            .observe(send_on_click::<CommandButton>);
            row.spawn(labelled_button(
                &t!("solved-another"),
                AnotherLikeThis,
                88.0,
                20.0,
            ))
            .observe(send_on_click::<AnotherLikeThis>);
        });
    });
}

/// The solved panel's line about the optimizer ("Improve").
#[derive(Component)]
struct ImproveText;

fn sync_improve_text(
    improvement: Res<Improvement>,
    current: Option<Res<CurrentLevel>>,
    mut texts: Query<(&mut Text, &mut Node), With<ImproveText>>,
) {
    let here = current.map(|c| crate::core::save::fingerprint_key(c.level()));
    let line = here.and_then(|h| improvement.line(&h)).unwrap_or_default();
    // Without a line it takes no room (a landscape phone has little height to spare).
    let display = if line.is_empty() {
        Display::None
    } else {
        Display::Flex
    };
    for (mut t, mut node) in &mut texts {
        if t.0 != line {
            t.0.clone_from(&line);
        }
        if node.display != display {
            node.display = display;
        }
    }
}

/// "Another like this": a new level of the solved level's tier.
#[derive(Component, Clone, Copy)]
struct AnotherLikeThis;

impl SendsOnClick for AnotherLikeThis {
    type Out = MessageWriter<'static, MakeLevel>;
    fn send(&self, out: &mut MessageWriter<MakeLevel>) {
        out.write(MakeLevel {
            tier: None,
            daily: false,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keep_button_goes_once_used() {
        let mut app = App::new();
        app.add_message::<PlayerCommand>()
            .add_systems(Update, drop_keep_button);
        let button = app.world_mut().spawn(KeepComputerButton).id();
        app.world_mut().write_message(PlayerCommand::Undo);
        app.update();
        assert!(app.world().get_entity(button).is_ok(), "another command");
        app.world_mut()
            .write_message(PlayerCommand::KeepComputerSolution);
        app.update();
        assert!(app.world().get_entity(button).is_err());
    }
}
