//! The loading screen while the built-in levels and art load, and the failure screen that shows
//! the loader's errors when they cannot.

use bevy::prelude::*;

use crate::game::mechanics::levels::LoadError;
use crate::game::vocab::Screen;
use crate::game::vocab::ui::text;
use crate::t;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Loading), loading_screen)
        .add_systems(OnEnter(Screen::LoadFailed), failure_screen);
}

fn loading_screen(mut commands: Commands) {
    commands.spawn((
        Node {
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        DespawnOnExit(Screen::Loading),
        children![text(t!("loading"), 32.0)],
    ));
}

fn failure_screen(mut commands: Commands, errors: Res<LoadError>) {
    let detail = if errors.0.is_empty() {
        t!("loading-asset-failed")
    } else {
        errors.0.join("\n")
    };
    commands.spawn((
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(16),
            padding: UiRect::all(px(24)),
            ..default()
        },
        children![text(t!("loading-failed"), 32.0), text(detail, 18.0)],
    ));
}
