//! The widgets every screen builds with: text, buttons (with an icon), wrapping rows, a panel
//! over the board, and the markers the keyboard focus and the camera fit read.

use bevy::prelude::*;

use super::palette::*;
use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};

use super::{AnyCommand, CommandWriter, Play};

/// A button that sends a command when clicked or tapped.
#[derive(Component, Clone, Copy)]
pub struct CommandButton(pub AnyCommand);

pub(crate) fn text(s: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(TEXT),
    )
}

/// A labelled button of any screen: `marker` says what it does.
pub(crate) fn labelled_button(
    label: &str,
    marker: impl Component,
    min_width: f32,
    font: f32,
) -> impl Bundle {
    icon_button(label, None, marker, min_width, font)
}

/// A labelled button with an icon from the tile set before its label.
pub(crate) fn icon_button(
    label: &str,
    icon: Option<ImageNode>,
    marker: impl Component,
    min_width: f32,
    font: f32,
) -> impl Bundle {
    let label = label.to_string();
    (
        Button,
        marker,
        Node {
            min_width: px(min_width),
            // Finger-sized: 48 logical pixels are 48 dp on a phone (Bevy scales UI by the screen's
            // scale factor). Never squeezed below that by a crowded panel.
            min_height: px(48),
            flex_shrink: 0.0,
            padding: UiRect::axes(px(12), px(8)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Children::spawn(SpawnWith(move |b: &mut ChildSpawner| {
            if let Some(mut image) = icon {
                image.color = TEXT;
                b.spawn((
                    image,
                    Node {
                        width: px(font * 1.2),
                        height: px(font * 1.2),
                        margin: UiRect::right(px(6)),
                        ..default()
                    },
                    Pickable::IGNORE,
                ));
            }
            b.spawn((text(label, font), Pickable::IGNORE));
        })),
    )
}

/// A HUD button: its label, an icon when the art is loaded, and the command it sends.
pub(crate) fn command_button(
    label: &str,
    icon: Option<ImageNode>,
    cmd: impl Into<AnyCommand>,
) -> impl Bundle {
    icon_button(label, icon, CommandButton(cmd.into()), 88.0, 20.0)
}

/// A row of buttons that wraps on narrow screens.
pub(crate) fn wrap_row() -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(8),
        row_gap: px(8),
        flex_shrink: 0.0,
        ..default()
    }
}

/// A button's component that says what a click on it sends, and where.
pub trait SendsOnClick: Component {
    /// Where it writes: a message writer, or several.
    type Out: SystemParam + 'static;
    fn send(&self, out: &mut SystemParamItem<Self::Out>);
}

impl SendsOnClick for CommandButton {
    type Out = CommandWriter<'static>;
    fn send(&self, out: &mut CommandWriter) {
        out.write(self.0);
    }
}

/// The one click observer of every button: sends what its [`SendsOnClick`] component names (a
/// HUD or screen button's command, a designer or replay control).
pub fn send_on_click<B: SendsOnClick>(
    click: On<Pointer<Click>>,
    buttons: Query<&B>,
    mut out: StaticSystemParam<B::Out>,
) {
    if let Ok(b) = buttons.get(click.entity) {
        b.send(&mut out);
    }
}

/// A button whose colour its own screen sets (the designer's lit pens, the replay's timeline):
/// the hover colouring here leaves it alone, so that one system writes each colour.
#[derive(Component, Default)]
pub struct OwnColours;

/// A full-screen layer (letting clicks through to the board) that centres one panel, despawned
/// when `state` ends. `fill` spawns the panel's contents.
pub(crate) fn spawn_overlay(
    commands: &mut Commands,
    state: Play,
    marker: impl Bundle,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    // Above the HUD, which it dims too (the title screen is higher still).
    spawn_overlay_at(commands, state, 1, marker, fill);
}

/// [`spawn_overlay`] at a stacking level of its own: a panel over a screen that is itself over
/// the HUD (the Link mode's panels).
pub(crate) fn spawn_overlay_at(
    commands: &mut Commands,
    state: Play,
    z: i32,
    marker: impl Bundle,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands
        .spawn((
            marker,
            Name::new(format!("{state:?} screen")),
            Overlay,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(BACKDROP),
            GlobalZIndex(z),
            Pickable::IGNORE,
            DespawnOnExit(state),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(14),
                    padding: UiRect::all(px(24)),
                    max_width: percent(94),
                    max_height: percent(94),
                    overflow: Overflow::scroll_y(),
                    border_radius: BorderRadius::all(px(14)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ))
            .with_children(fill);
        });
}

/// A bar of the HUD along the top or the bottom edge of the window: the board is fitted into the
/// space between the bars.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HudBar {
    Top,
    Bottom,
}

/// The root of a screen drawn over the board; the buttons inside it take the focus.
#[derive(Component, Default)]
pub struct Overlay;

/// The button a screen highlights first (else its top-left one).
#[derive(Component, Default)]
pub struct DefaultFocus;

/// The highlighted button.
#[derive(Resource, Default, Debug)]
pub struct Focus(pub Option<Entity>);
