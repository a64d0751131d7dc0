//! What the widgets do on their own, on every screen: the window's layout class is kept up to
//! date, buttons take their role's colours (hovered and pressed too, so that a finger sees its
//! press), and lists scroll by a drag or the wheel.

use bevy::input::mouse::MouseScrollUnit;
use bevy::picking::events::{Drag, Press, Scroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::vocab::palette;
use crate::game::vocab::ui::*;

/// The windowed game adds it.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ScrollDrag>()
        .add_systems(PreUpdate, track_layout)
        .add_systems(PostUpdate, role_colours)
        .add_observer(start_press)
        .add_observer(drag_scroll)
        .add_observer(wheel_scroll);
}

/// The layout class of the primary window's logical size (changed only when the class does).
fn track_layout(window: Query<&Window, With<PrimaryWindow>>, mut layout: ResMut<Layout>) {
    if let Ok(w) = window.single() {
        layout.set_if_neq(Layout::of(Vec2::new(w.width(), w.height())));
    }
}

/// A role's colours: idle, under the pointer, pressed.
fn colours(role: ButtonRole, on: bool) -> [Color; 3] {
    use palette::*;
    match role {
        ButtonRole::Primary => [PRIMARY, PRIMARY_HOVER, PRIMARY_PRESSED],
        ButtonRole::Toggle if on => [PRIMARY, PRIMARY_HOVER, PRIMARY_PRESSED],
        ButtonRole::Secondary | ButtonRole::Toggle => [BUTTON, BUTTON_HOVER, BUTTON_PRESSED],
        ButtonRole::Danger => [DANGER, DANGER_HOVER, DANGER_PRESSED],
    }
}

/// Every button's colour from its role, its switch and the pointer (a button whose screen sets
/// its colour itself, [`OwnColours`], is left alone).
fn role_colours(
    mut buttons: Query<
        (
            &Interaction,
            &ButtonRole,
            Option<&Switched>,
            &mut BackgroundColor,
        ),
        (
            Or<(Changed<Interaction>, Changed<ButtonRole>, Changed<Switched>)>,
            Without<OwnColours>,
        ),
    >,
) {
    for (i, role, switched, mut bg) in &mut buttons {
        let [idle, hover, pressed] = colours(*role, switched.is_some_and(|s| s.0));
        bg.set_if_neq(BackgroundColor(match i {
            Interaction::None => idle,
            Interaction::Hovered => hover,
            Interaction::Pressed => pressed,
        }));
    }
}

/// A new press starts with no drag.
fn start_press(_: On<Pointer<Press>>, mut drag: ResMut<ScrollDrag>) {
    drag.0 = 0.0;
}

/// The nearest scrolling node at or above `entity`.
fn scroller(
    entity: Entity,
    parents: &Query<&ChildOf>,
    lists: &Query<(), With<Scrolls>>,
) -> Option<Entity> {
    std::iter::once(entity)
        .chain(parents.iter_ancestors(entity))
        .find(|e| lists.contains(*e))
}

/// Moves a scrolling node's content by `by` logical pixels, within its extent.
fn scroll_by(node: &ComputedNode, at: &mut ScrollPosition, by: Vec2) {
    let room = (node.content_size() - node.size()) * node.inverse_scale_factor();
    let next = (at.0 - by).clamp(Vec2::ZERO, room.max(Vec2::ZERO));
    if at.0 != next {
        at.0 = next;
    }
}

/// A drag (finger or mouse) over a list scrolls the nearest scrolling node under it; once it
/// has gone past a tap's slop, the release is no tap.
fn drag_scroll(
    drag: On<Pointer<Drag>>,
    parents: Query<&ChildOf>,
    lists: Query<(), With<Scrolls>>,
    mut nodes: Query<(&ComputedNode, &mut ScrollPosition)>,
    mut moved: ResMut<ScrollDrag>,
) {
    // Pointer events bubble up: act once, at the entity the pointer is over.
    if drag.original_event_target() != drag.entity {
        return;
    }
    let Some(list) = scroller(drag.entity, &parents, &lists) else {
        return;
    };
    moved.0 = moved.0.max(drag.distance.length());
    if moved.0 <= TAP_SLOP {
        return;
    }
    if let Ok((node, mut at)) = nodes.get_mut(list) {
        scroll_by(node, &mut at, drag.delta);
    }
}

/// The wheel scrolls the nearest scrolling node under the pointer.
fn wheel_scroll(
    wheel: On<Pointer<Scroll>>,
    parents: Query<&ChildOf>,
    lists: Query<(), With<Scrolls>>,
    mut nodes: Query<(&ComputedNode, &mut ScrollPosition)>,
) {
    if wheel.original_event_target() != wheel.entity {
        return;
    }
    let Some(list) = scroller(wheel.entity, &parents, &lists) else {
        return;
    };
    let step = match wheel.unit {
        MouseScrollUnit::Line => 40.0,
        MouseScrollUnit::Pixel => 1.0,
    };
    if let Ok((node, mut at)) = nodes.get_mut(list) {
        scroll_by(node, &mut at, Vec2::new(wheel.x, wheel.y) * step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_compact_either_way_and_tablets_and_desktops_wide() {
        for (w, h, want) in [
            (360.0, 640.0, Layout::Portrait),
            (412.0, 915.0, Layout::Portrait),
            (640.0, 360.0, Layout::Landscape),
            (915.0, 412.0, Layout::Landscape),
            (820.0, 1180.0, Layout::Wide),
            (1280.0, 720.0, Layout::Wide),
            (1080.0, 2340.0, Layout::Wide),
        ] {
            assert_eq!(Layout::of(Vec2::new(w, h)), want, "{w}x{h}");
        }
    }
}
