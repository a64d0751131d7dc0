//! The daily screen: today's puzzle in each tier (the same level for every player, made from
//! the date) with the player's moves where solved, the streak of days in a row, and a random
//! level of a chosen tier. "Daily" on the title screen and "Random level" in the level browser
//! open it; a tier's button makes its level (`mechanics/made.rs`) and plays it; Close, Escape
//! and Back return to where it was opened from.

use bevy::prelude::*;

use crate::core::tiers::Tier;
use crate::game::mechanics::made::{date_key, today};
use crate::game::mechanics::save::Saves;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;

/// The screen's panel (for tests and screenshot checks).
#[derive(Component)]
pub struct DailyPanel;

/// Where the screen was opened from, to go back there.
#[derive(Resource, Clone, Copy, Debug)]
struct OpenedFrom(Play);

/// A tier's button: make today's puzzle (`daily`) or a random level of it.
#[derive(Component, Clone, Copy, Debug)]
struct TierButton {
    tier: Tier,
    daily: bool,
}

/// Commands: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        daily_commands
            .in_set(AppSystems::Plan)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The screen: the windowed game adds it.
pub(crate) fn screen_plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::Daily), spawn_daily)
        .add_systems(
            Update,
            respawn.in_set(AppSystems::SyncView).run_if(
                in_state(Play::Daily)
                    .and_then(i18n::language_switched.or_else(resource_changed::<Layout>)),
            ),
        );
}

fn daily_commands(
    mut commands: Commands,
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    from: Option<Res<OpenedFrom>>,
    mut next_play: ResMut<NextState<Play>>,
) {
    let here = *play.get();
    for cmd in cmds.read() {
        match (*cmd, here) {
            (ScreenCommand::Daily, Play::Title | Play::Picking | Play::Active | Play::Solved) => {
                commands.insert_resource(OpenedFrom(here));
                next_play.set(Play::Daily);
            }
            (ScreenCommand::Daily | ScreenCommand::Back | ScreenCommand::Menu, Play::Daily) => {
                next_play.set(from.as_deref().map_or(Play::Title, |f| f.0));
            }
            _ => {}
        }
    }
}

fn respawn(mut commands: Commands, panels: Query<Entity, With<DailyPanel>>, saves: Res<Saves>) {
    for p in &panels {
        commands.entity(p).despawn();
    }
    spawn_daily(commands, saves);
}

fn spawn_daily(mut commands: Commands, saves: Res<Saves>) {
    let day = today();
    let key = date_key(day);
    let days = crate::core::tiers::days_from_civil(day.0, day.1, day.2);
    let streak = saves.progress.daily_streak(days);
    let solved = saves.progress.daily.get(&key);
    spawn_overlay(&mut commands, Play::Daily, DailyPanel, |panel| {
        panel.spawn(text(t!("daily-heading", date = key.clone()), 22.0));
        panel.spawn(text(t!("daily-streak", days = streak), 16.0));
        panel.spawn(wrap_row()).with_children(|row| {
            for tier in Tier::ALL {
                let moves = solved.and_then(|s| s.get(tier.name()));
                let label = match moves {
                    Some(m) => t!(
                        "daily-tier-solved",
                        tier = i18n::tier_name(tier),
                        moves = *m
                    ),
                    None => i18n::tier_name(tier),
                };
                spawn_tier_button(row, label, tier, true);
            }
        });
        panel.spawn(text(t!("daily-random"), 20.0));
        panel.spawn(wrap_row()).with_children(|row| {
            for tier in Tier::ALL {
                spawn_tier_button(row, i18n::tier_name(tier), tier, false);
            }
        });
        panel
            .spawn(command_button(
                &t!("settings-close"),
                None,
                ScreenCommand::Daily,
            ))
            .observe(send_on_click::<CommandButton>);
    });
}

fn spawn_tier_button(row: &mut ChildSpawnerCommands, label: String, tier: Tier, daily: bool) {
    row.spawn(labelled_button(
        &label,
        TierButton { tier, daily },
        120.0,
        18.0,
    ))
    .observe(send_on_click::<TierButton>);
}

impl SendsOnClick for TierButton {
    type Out = MessageWriter<'static, MakeLevel>;
    fn send(&self, out: &mut MessageWriter<MakeLevel>) {
        out.write(MakeLevel {
            tier: Some(self.tier),
            daily: self.daily,
        });
    }
}
