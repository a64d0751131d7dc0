//! Keyboard and gamepad control of the screens' buttons: on the title screen, the level browser,
//! the settings and the solved panel, the arrow keys or the d-pad move a highlight between the
//! buttons (to the nearest one that way), and Enter, Space or the gamepad's South (A) press the
//! highlighted one: exactly what a click on it does. The highlight starts on the screen's
//! [`DefaultFocus`] button (the current level in the browser, Next level when solved) or its first
//! one (top left), so Enter on the title screen continues the game.
//!
//! Siblings: `input` (the action state the highlight moves with).

use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowRef};
use leafwing_input_manager::prelude::ActionState;

use crate::game::mechanics::input::{Action, PlayerInput};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Focus>().add_systems(
        Update,
        navigate
            .in_set(AppSystems::RecordInput)
            .before(ReadActions)
            .run_if(in_state(Screen::Playing)),
    );
}

/// A direction key or d-pad button pressed this frame, as a screen direction (y down).
fn direction(keys: &ButtonInput<KeyCode>, pads: &Query<&Gamepad>) -> Option<Vec2> {
    let pressed = |k: KeyCode, b: GamepadButton| {
        keys.just_pressed(k) || pads.iter().any(|p| p.just_pressed(b))
    };
    [
        (KeyCode::ArrowUp, GamepadButton::DPadUp, Vec2::NEG_Y),
        (KeyCode::ArrowDown, GamepadButton::DPadDown, Vec2::Y),
        (KeyCode::ArrowLeft, GamepadButton::DPadLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, GamepadButton::DPadRight, Vec2::X),
    ]
    .into_iter()
    .find(|&(k, b, _)| pressed(k, b))
    .map(|(_, _, d)| d)
}

/// Sorts buttons top to bottom, then left to right. A button not laid out yet (a NaN position)
/// sorts last instead of stopping the game.
pub fn reading_order(buttons: &mut [(Entity, Vec2)]) {
    buttons.sort_by(|a, b| a.1.y.total_cmp(&b.1.y).then(a.1.x.total_cmp(&b.1.x)));
}

/// The button to move to from `from` in direction `dir`: ahead of it, nearest, favouring ones in
/// line (a sideways offset counts double).
pub fn next_in_direction(from: Vec2, dir: Vec2, others: &[(Entity, Vec2)]) -> Option<Entity> {
    others
        .iter()
        .filter_map(|&(e, p)| {
            let d = p - from;
            let ahead = d.dot(dir);
            (ahead > 1.0).then(|| (e, ahead + 2.0 * d.perp_dot(dir).abs()))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(e, _)| e)
}

fn navigate(
    mut commands: Commands,
    play: Res<State<Play>>,
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    buttons: Query<(Entity, &UiGlobalTransform, &ComputedNode), With<Button>>,
    defaults: Query<(), With<DefaultFocus>>,
    parents: Query<&ChildOf>,
    overlays: Query<(), With<Overlay>>,
    mut focus: ResMut<Focus>,
    windows: Query<Entity, With<PrimaryWindow>>,
    mut actions: Single<&mut ActionState<Action>, With<PlayerInput>>,
) {
    let old = focus.0;
    let on = matches!(
        play.get(),
        Play::Title
            | Play::Picking
            | Play::Settings
            | Play::Solved
            | Play::Link
            | Play::Link3d
            | Play::Snapshots
    );
    // The buttons of the screen on top, with their centres, in reading order.
    let mut here: Vec<(Entity, Vec2)> = if on {
        buttons
            .iter()
            .filter(|(_, _, n)| n.size().min_element() > 0.0)
            .filter(|(e, _, _)| parents.iter_ancestors(*e).any(|a| overlays.contains(a)))
            .map(|(e, t, _)| (e, t.translation))
            .collect()
    } else {
        Vec::new()
    };
    reading_order(&mut here);
    let mut now = focus
        .0
        .filter(|f| here.iter().any(|(e, _)| e == f))
        .or_else(|| here.iter().map(|(e, _)| *e).find(|e| defaults.contains(*e)))
        .or_else(|| here.first().map(|(e, _)| *e));
    if let (Some(f), Some(dir)) = (now, direction(&keys, &pads)) {
        let from = here.iter().find(|(e, _)| *e == f).map(|(_, p)| *p);
        if let Some(next) = from.and_then(|p| next_in_direction(p, dir, &here)) {
            now = Some(next);
        }
    }
    let activate = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]
        .iter()
        .any(|k| keys.just_pressed(*k))
        || pads.iter().any(|p| p.just_pressed(GamepadButton::South));
    if let (Some(f), true, Ok(window)) = (now, activate, windows.single()) {
        // The gamepad's South is also Undo: on a screen it only presses the button.
        actions.reset(&Action::Undo);
        let Some(target) = WindowRef::Primary.normalize(Some(window)) else {
            return;
        };
        let at = here
            .iter()
            .find(|(e, _)| *e == f)
            .map_or(Vec2::ZERO, |p| p.1);
        commands.trigger(Pointer::new(
            PointerId::Mouse,
            Location {
                target: NormalizedRenderTarget::Window(target),
                position: at,
            },
            Click {
                button: PointerButton::Primary,
                hit: HitData::new(f, 0.0, None, None),
                duration: std::time::Duration::ZERO,
                count: 1,
            },
            f,
        ));
    }
    if now != old {
        if let Some(e) = old
            && let Ok(mut ec) = commands.get_entity(e)
        {
            ec.try_remove::<Outline>();
        }
        if let Some(e) = now {
            commands
                .entity(e)
                .insert(Outline::new(px(3), px(2), palette::FOCUS_COLOR));
        }
        focus.0 = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_to_the_nearest_button_that_way() {
        let e = |i: u32| Entity::from_raw_u32(i).unwrap();
        // A 2 x 2 grid and one far to the right.
        let all = [
            (e(1), Vec2::new(0.0, 0.0)),
            (e(2), Vec2::new(100.0, 0.0)),
            (e(3), Vec2::new(0.0, 60.0)),
            (e(4), Vec2::new(100.0, 60.0)),
            (e(5), Vec2::new(400.0, 10.0)),
        ];
        assert_eq!(next_in_direction(all[0].1, Vec2::X, &all), Some(e(2)));
        assert_eq!(next_in_direction(all[0].1, Vec2::Y, &all), Some(e(3)));
        assert_eq!(next_in_direction(all[1].1, Vec2::X, &all), Some(e(5)));
        assert_eq!(next_in_direction(all[3].1, Vec2::NEG_Y, &all), Some(e(2)));
        assert_eq!(next_in_direction(all[0].1, Vec2::NEG_X, &all), None);
    }

    #[test]
    fn reading_order_survives_a_button_not_laid_out() {
        let e = |i: u32| Entity::from_raw_u32(i).unwrap();
        let mut v = vec![
            (e(1), Vec2::new(5.0, 10.0)),
            (e(2), Vec2::new(f32::NAN, f32::NAN)),
            (e(3), Vec2::new(1.0, 10.0)),
            (e(4), Vec2::new(9.0, 2.0)),
        ];
        reading_order(&mut v);
        let order: Vec<Entity> = v.iter().map(|b| b.0).collect();
        assert_eq!(order, [e(4), e(3), e(1), e(2)]);
    }
}
