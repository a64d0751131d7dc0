//! What the widgets do on their own, on every screen: the window's layout class is kept up to
//! date, buttons take their role's colours (hovered and pressed too, so that a finger sees its
//! press), and lists scroll by a drag or the wheel. And what a test reads of them: where every
//! button is and what it says, and every text with its size ([`WidgetsOnScreen`]).

use bevy::ecs::system::SystemParam;
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
        .add_systems(
            PostUpdate,
            (role_colours, pop_in.before(bevy::ui::UiSystems::Prepare)),
        )
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

/// A panel opening grows from [`POP_IN_FROM`] to its size, easing out (fast, then settling), in
/// [`POP_IN_SECONDS`] of real time.
fn pop_in(
    time: Res<Time<Real>>,
    mut commands: Commands,
    mut panels: Query<(Entity, &mut PopIn, &mut UiTransform)>,
) {
    for (e, mut pop, mut transform) in &mut panels {
        pop.0 += time.delta_secs();
        let t = (pop.0 / POP_IN_SECONDS).min(1.0);
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        transform.scale = Vec2::splat(POP_IN_FROM + (1.0 - POP_IN_FROM) * eased);
        if t >= 1.0 {
            commands.entity(e).remove::<PopIn>();
        }
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

/// The buttons and texts on screen, for the layout rules (the scripted mode's files beside a
/// screenshot, the web page's `data-` attributes).
#[derive(SystemParam)]
pub struct WidgetsOnScreen<'w, 's> {
    buttons: Query<
        'w,
        's,
        (
            &'static UiGlobalTransform,
            Option<&'static Children>,
            Option<&'static ButtonName>,
            &'static ComputedNode,
            &'static InheritedVisibility,
            Option<&'static bevy::ui::CalculatedClip>,
        ),
        With<Button>,
    >,
    labels: Query<'w, 's, (&'static Text, &'static ComputedNode), Without<IconGlyph>>,
    texts: Query<
        'w,
        's,
        (
            &'static Text,
            &'static TextFont,
            &'static InheritedVisibility,
        ),
        Without<IconGlyph>,
    >,
}

/// What [`WidgetsOnScreen::report`] lists, a line an item, in logical pixels.
#[derive(Default, Debug)]
pub struct LayoutReport {
    /// Each button's visible rectangle (the part inside the panel that clips it) and label:
    /// `x y w h label`.
    pub buttons: String,
    /// Each button label's size and the room its button has for it (the content box):
    /// `w h room_w room_h label`.
    pub fits: String,
    /// Each button's visible rectangle, whole size, whether a scrolling panel cuts it (1 or 0)
    /// and name: `x y w h whole_w whole_h cut name`.
    pub targets: String,
    /// Every text after its size: `size text` (new lines shown as ` / `).
    pub texts: String,
}

impl WidgetsOnScreen<'_, '_> {
    /// The name of a button: its [`ButtonName`], else its label's texts.
    fn name(&self, children: Option<&Children>, name: Option<&ButtonName>) -> String {
        match name {
            Some(n) => n.0.clone(),
            None => children
                .into_iter()
                .flat_map(|c| c.iter())
                .filter_map(|c| self.labels.get(c).ok())
                .map(|(t, _)| t.0.as_str())
                .collect(),
        }
    }

    /// The centre of the part a player sees of the button named `label`, in physical pixels
    /// (none: no such button, or scrolled out of its panel).
    pub fn seen_centre(&self, label: &str) -> Option<Vec2> {
        self.buttons
            .iter()
            .filter(|(_, children, name, ..)| self.name(*children, *name) == label)
            .find_map(|(at, _, _, node, visible, clip)| {
                let rect = Rect::from_center_size(at.translation, node.size());
                let seen = clip.map_or(rect, |c| rect.intersect(c.clip));
                (visible.get() && !seen.is_empty()).then(|| seen.center())
            })
    }

    /// Everything the layout rules read, at this display scale.
    pub fn report(&self, scale: f32) -> LayoutReport {
        let mut out = LayoutReport::default();
        for (t, children, name, node, visible, clip) in &self.buttons {
            let size = node.size();
            let whole = Rect::from_center_size(t.translation, size);
            let rect = clip.map_or(whole, |c| whole.intersect(c.clip));
            if !visible.get() || rect.is_empty() || size.x <= 0.0 {
                continue;
            }
            let room = node.content_box().size() / scale;
            for c in children.into_iter().flat_map(|c| c.iter()) {
                if let Ok((text, n)) = self.labels.get(c) {
                    let fit = n.size() / scale;
                    out.fits += &format!(
                        "{:.1} {:.1} {:.1} {:.1} {}\n",
                        fit.x, fit.y, room.x, room.y, text.0
                    );
                }
            }
            let label = self.name(children, name);
            let (min, seen, full) = (rect.min / scale, rect.size() / scale, size / scale);
            out.buttons += &format!(
                "{:.1} {:.1} {:.1} {:.1} {label}\n",
                min.x, min.y, seen.x, seen.y
            );
            out.targets += &format!(
                "{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} {} {label}\n",
                min.x,
                min.y,
                seen.x,
                seen.y,
                full.x,
                full.y,
                u8::from(rect != whole)
            );
        }
        for (t, font, visible) in &self.texts {
            if visible.get() && !t.0.is_empty() {
                let px = match font.font_size {
                    FontSize::Px(px) => px,
                    _ => 0.0,
                };
                out.texts += &format!("{px:.1} {}\n", t.0.replace('\n', " / "));
            }
        }
        out
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
