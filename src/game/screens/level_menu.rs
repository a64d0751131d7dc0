//! The level menu ("More" on the toolbar): the level's tools the toolbar has no room for. The
//! previous and next levels, reverse play, snapshots, the designer, copying the level or a link
//! to it (with the player's best solution once there is one), the exports, the settings and the title screen, one row each with its icon; Close, Escape, Back and
//! More again return to the level.

use bevy::prelude::*;

use crate::game::mechanics::save::Saves;
use crate::game::mechanics::share;
use crate::game::vocab::icons::{self, Icon};
use crate::game::vocab::ui::*;
use crate::game::vocab::*;

/// The menu's panel (for tests and screenshot checks).
#[derive(Component)]
pub struct LevelMenuPanel;

/// Commands: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        level_menu_commands
            .in_set(AppSystems::Plan)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The screen: the windowed game adds it.
pub(crate) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::LevelMenu), spawn_menu)
        .add_systems(
            Update,
            respawn.in_set(AppSystems::SyncView).run_if(
                in_state(Play::LevelMenu)
                    .and_then(i18n::language_switched.or_else(resource_changed::<Layout>)),
            ),
        );
}

/// Opens the menu over the level (played or solved) and closes it to where it was opened; an
/// action that changes the level closes it too (the other screens open from it themselves).
fn level_menu_commands(
    mut screens: MessageReader<ScreenCommand>,
    mut players: MessageReader<PlayerCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    session: Option<Res<Session>>,
) {
    let here = *play.get();
    let back = || {
        if session.as_ref().is_some_and(|s| s.game.is_solved()) {
            Play::Solved
        } else {
            Play::Active
        }
    };
    for cmd in screens.read() {
        match (*cmd, here) {
            (ScreenCommand::LevelMenu, Play::Active | Play::Solved) => {
                next_play.set(Play::LevelMenu)
            }
            (ScreenCommand::LevelMenu | ScreenCommand::Back, Play::LevelMenu) => {
                next_play.set(back())
            }
            _ => {}
        }
    }
    if here == Play::LevelMenu
        && players.read().any(|c| {
            matches!(
                c,
                PlayerCommand::PrevLevel | PlayerCommand::NextLevel | PlayerCommand::Reverse
            )
        })
    {
        next_play.set(Play::Active);
    }
}

/// The menu's rows: label, icon, command, role; "Copy link with solution" only when the player
/// has solved the level.
fn rows(solved: bool) -> Vec<(String, Icon, AnyCommand, ButtonRole)> {
    let s = ButtonRole::Secondary;
    let link_with_solution = solved.then(|| {
        (
            t!("menu-copy-link-solution"),
            icons::SHARE,
            ScreenCommand::CopyLink { solution: true }.into(),
            s,
        )
    });
    let mut rows = vec![
        (
            t!("menu-prev"),
            icons::PREVIOUS,
            PlayerCommand::PrevLevel.into(),
            s,
        ),
        (
            t!("menu-next"),
            icons::NEXT,
            PlayerCommand::NextLevel.into(),
            s,
        ),
        (
            t!("browser-reverse"),
            icons::REVERSE,
            PlayerCommand::Reverse.into(),
            s,
        ),
        (
            t!("browser-snapshots"),
            icons::SNAPSHOT,
            ScreenCommand::Snapshots.into(),
            s,
        ),
        (
            t!("hud-design"),
            icons::DESIGN,
            ScreenCommand::Design.into(),
            s,
        ),
        (
            t!("menu-copy"),
            icons::COPY,
            ScreenCommand::Copy { rle: false }.into(),
            s,
        ),
        (
            t!("menu-copy-link"),
            icons::SHARE,
            ScreenCommand::CopyLink { solution: false }.into(),
            s,
        ),
    ];
    rows.extend(link_with_solution);
    rows.extend([
        (
            t!("browser-export", format = ".bxa"),
            icons::EXPORT,
            ScreenCommand::Export("bxa").into(),
            s,
        ),
        (
            t!("browser-export", format = ".xsb"),
            icons::EXPORT,
            ScreenCommand::Export("xsb").into(),
            s,
        ),
        (
            t!("browser-export", format = ".bxb"),
            icons::EXPORT,
            ScreenCommand::Export("bxb").into(),
            s,
        ),
        (
            t!("title-settings"),
            icons::SETTINGS,
            ScreenCommand::Settings.into(),
            s,
        ),
        (
            t!("menu-title-screen"),
            icons::HOME,
            ScreenCommand::Menu.into(),
            s,
        ),
        (
            t!("settings-close"),
            icons::CLOSE,
            ScreenCommand::LevelMenu.into(),
            ButtonRole::Primary,
        ),
    ]);
    rows
}

/// Whether the player has a solution of the level on the board to share.
fn solved(current: Option<&CurrentLevel>, saves: &Saves) -> bool {
    current.is_some_and(|c| share::best_solution(saves, c.level()).is_some())
}

fn spawn_menu(
    mut commands: Commands,
    layout: Res<Layout>,
    current: Option<Res<CurrentLevel>>,
    saves: Res<Saves>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    let solved = solved(current.as_deref(), &saves);
    // One column on a phone held upright; two on a desktop; three on a phone on its side when
    // they have room, so that Close shows without scrolling.
    let wide = window.single().is_ok_and(|w| w.width() >= 3.0 * 260.0);
    let columns = match *layout {
        Layout::Portrait => 1,
        Layout::Landscape if wide => 3,
        _ => 2,
    };
    spawn_overlay(&mut commands, Play::LevelMenu, LevelMenuPanel, |panel| {
        panel.spawn(text(t!("menu-heading"), 22.0));
        panel
            .spawn(Node {
                display: Display::Grid,
                grid_template_columns: RepeatedGridTrack::flex(columns, 1.0),
                column_gap: px(8),
                row_gap: px(8),
                width: px(280.0 * columns as f32),
                max_width: percent(100),
                ..default()
            })
            .with_children(|grid| {
                for (label, icon, cmd, role) in rows(solved) {
                    let mut row =
                        grid.spawn(glyph_button(&label, icon, CommandButton(cmd), 0.0, 18.0));
                    row.insert(role).observe(send_on_click::<CommandButton>);
                    if role == ButtonRole::Primary {
                        row.insert(DefaultFocus);
                    }
                }
            });
    });
}

fn respawn(
    mut commands: Commands,
    panels: Query<Entity, With<LevelMenuPanel>>,
    layout: Res<Layout>,
    (current, saves): (Option<Res<CurrentLevel>>, Res<Saves>),
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    for p in &panels {
        commands.entity(p).despawn();
    }
    spawn_menu(commands, layout, current, saves, window);
}
