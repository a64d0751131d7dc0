//! The widgets every screen builds with: text, buttons (with an icon), toolbars, wrapping rows,
//! scrolling lists, a panel over the board, the window's layout class, and the markers the
//! keyboard focus and the camera fit read.

use bevy::prelude::*;

use super::icons::{ICON_FONT, Icon};
use super::palette::*;
use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::text::{FontFeatureTag, FontFeatures};

use super::{AnyCommand, CommandWriter, Play};

/// The smallest side of anything a finger taps, in logical pixels (48 dp on a phone: Bevy scales
/// UI by the screen's scale factor).
pub const FINGER: f32 = 48.0;

/// How the window is laid out, from its size in logical pixels: a phone held upright, a phone
/// on its side, or a window with room (a tablet, a desktop). Screens build for it and are built
/// again when it changes (`mechanics/widgets.rs` keeps it).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    #[default]
    Wide,
    Portrait,
    Landscape,
}

impl Layout {
    /// Compact below 600 logical pixels across or 500 high, whatever the platform: a narrow
    /// desktop window gets a phone's screens.
    pub fn of(size: Vec2) -> Layout {
        if size.x >= 600.0 && size.y >= 500.0 {
            Layout::Wide
        } else if size.x > size.y {
            Layout::Landscape
        } else {
            Layout::Portrait
        }
    }

    pub fn compact(self) -> bool {
        self != Layout::Wide
    }
}

/// What a button is for, which sets its colours: the screen's main action, any other, a
/// switch (lit while on), or one that throws something away.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ButtonRole {
    Primary,
    #[default]
    Secondary,
    Toggle,
    Danger,
}

/// A switch's state (with [`ButtonRole::Toggle`]).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Switched(pub bool);

/// A button's name for tests, scripts and screen readers: its label, shown or not (an icon-only
/// toolbar button has one too).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ButtonName(pub String);

/// A text that draws an icon (not a label).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct IconGlyph;

/// A panel that grows into place when it opens (in [`POP_IN_SECONDS`]): from a little smaller,
/// so that nothing of it is ever outside where it comes to rest. The seconds it has been open.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct PopIn(pub f32);

/// How long a panel takes to open.
pub const POP_IN_SECONDS: f32 = 0.12;

/// The size a panel opens from, a fraction of its own.
pub const POP_IN_FROM: f32 = 0.94;

/// A node whose content scrolls by a drag (finger or mouse) and by the wheel.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Scrolls;

/// How far the pointer has moved since it was pressed on a scrolling list: a press that became
/// a drag of the list is not a tap on the button under it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ScrollDrag(pub f32);

/// A drag shorter than this (logical pixels) is still a tap.
pub const TAP_SLOP: f32 = 10.0;

/// An icon of the icon font, `size` logical pixels high.
pub(crate) fn icon_glyph(icon: Icon, size: f32) -> impl Bundle {
    (
        IconGlyph,
        Text::new(icon.0.to_string()),
        TextFont {
            font: ICON_FONT.into(),
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(TEXT),
        Pickable::IGNORE,
    )
}

/// Numbers that must not jitter as they change (counters): tabular figures.
pub(crate) fn figures(s: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font_size: FontSize::Px(size),
            font_features: FontFeatures::builder()
                .enable(FontFeatureTag::TABULAR_FIGURES)
                .build(),
            ..default()
        },
        TextColor(TEXT),
    )
}

/// What every button starts with: what it does (`marker`), its role's colours, its name.
fn named_button(label: String, marker: impl Component) -> impl Bundle {
    (Button, marker, ButtonRole::Secondary, ButtonName(label))
}

/// A toolbar's button: an icon, with its label under it when `show_label` (else the label is
/// only its [`ButtonName`]); at least finger-sized.
pub(crate) fn tool_button(
    label: &str,
    icon: Icon,
    marker: impl Component,
    show_label: bool,
) -> impl Bundle {
    let label = label.to_string();
    (
        named_button(label.clone(), marker),
        Node {
            min_width: px(FINGER),
            min_height: px(FINGER),
            flex_direction: FlexDirection::Column,
            flex_shrink: 0.0,
            padding: UiRect::axes(px(if show_label { 8 } else { 4 }), px(4)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(12)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Children::spawn(SpawnWith(move |b: &mut ChildSpawner| {
            b.spawn(icon_glyph(icon, 26.0));
            if show_label {
                b.spawn((text(label, 13.0), Pickable::IGNORE));
            }
        })),
    )
}

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
    let lead = icon.map_or(Lead::Nothing, Lead::Tile);
    lead_button(label, lead, marker, min_width, font)
}

/// What stands before a button's label: nothing, a tile of the art, or an icon of the icon font.
enum Lead {
    Nothing,
    Tile(ImageNode),
    Glyph(Icon),
}

/// A labelled button, finger-sized, its picture (if any) before its label.
fn lead_button(
    label: &str,
    lead: Lead,
    marker: impl Component,
    min_width: f32,
    font: f32,
) -> impl Bundle {
    let label = label.to_string();
    (
        named_button(label.clone(), marker),
        Node {
            min_width: px(min_width),
            // Finger-sized: 48 logical pixels are 48 dp on a phone (Bevy scales UI by the screen's
            // scale factor). Never squeezed below that by a crowded panel.
            min_height: px(FINGER),
            flex_shrink: 0.0,
            padding: UiRect::axes(px(12), px(8)),
            column_gap: px(8),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Children::spawn(SpawnWith(move |b: &mut ChildSpawner| {
            match lead {
                Lead::Nothing => {}
                Lead::Tile(mut image) => {
                    image.color = TEXT;
                    b.spawn((
                        image,
                        Node {
                            width: px(font * 1.2),
                            height: px(font * 1.2),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ));
                }
                Lead::Glyph(icon) => {
                    b.spawn(icon_glyph(icon, font * 1.25));
                }
            }
            b.spawn((text(label, font), Pickable::IGNORE));
        })),
    )
}

/// A button that is a picture alone (a pen's tile), named by `label`; finger-sized.
pub(crate) fn image_button(
    label: &str,
    mut image: ImageNode,
    marker: impl Component,
) -> impl Bundle {
    image.color = Color::WHITE;
    (
        named_button(label.to_string(), marker),
        Node {
            min_width: px(44),
            min_height: px(FINGER),
            flex_shrink: 0.0,
            padding: UiRect::all(px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![(
            image,
            Node {
                width: px(32),
                height: px(32),
                ..default()
            },
            Pickable::IGNORE,
        )],
    )
}

/// A labelled button with an icon of the icon font before its label.
pub(crate) fn glyph_button(
    label: &str,
    icon: Icon,
    marker: impl Component,
    min_width: f32,
    font: f32,
) -> impl Bundle {
    lead_button(label, Lead::Glyph(icon), marker, min_width, font)
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
/// HUD or screen button's command, a designer or replay control). A press that dragged a list
/// is no click.
pub fn send_on_click<B: SendsOnClick>(
    click: On<Pointer<Click>>,
    buttons: Query<&B>,
    drag: Option<Res<ScrollDrag>>,
    mut out: StaticSystemParam<B::Out>,
) {
    if drag.is_some_and(|d| d.0 > TAP_SLOP) {
        return;
    }
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
                    padding: UiRect::all(px(16)),
                    max_width: percent(96),
                    max_height: percent(96),
                    overflow: Overflow::scroll_y(),
                    border_radius: BorderRadius::all(px(16)),
                    ..default()
                },
                BackgroundColor(PANEL),
                Scrolls,
                ScrollPosition::default(),
                PopIn::default(),
                UiTransform::from_scale(Vec2::splat(POP_IN_FROM)),
            ))
            .with_children(fill);
        });
}

/// A bar of the HUD along an edge of the window (a toolbar's column beside the board on a phone
/// held sideways): the board is fitted into the space between the bars.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HudBar {
    Top,
    Bottom,
    Left,
    Right,
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
