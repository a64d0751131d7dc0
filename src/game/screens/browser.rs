//! The level browser: the levels of a collection as thumbnails in pages of 20, with each solved
//! level's best moves and pushes, Next unsolved, and the player's collections to look through.
//!
//! A collection button shows that collection's levels; a level button plays it (the level being
//! played is resumed as it was, never restarted). Close, Tab, Escape and Back return to the screen
//! the browser was opened from (the level, the solved panel or the title screen).

use crate::game::mechanics::fonts::readable;
use crate::game::vocab::palette;
use crate::game::vocab::ui::*;
use crate::game::vocab::*;
use bevy::prelude::*;

use crate::game::mechanics::collections::{self, Collections};

use crate::core::level::{Collection, Level};

/// Levels per page of the level browser: few enough that a page fits a phone held either way.
pub const PAGE_SIZE: usize = 20;

/// The longest side of a thumbnail in the level browser, in logical pixels.
const THUMB_PX: f32 = 72.0;

/// A level's tile in the level browser: three of them a row on a 360-pixel phone.
const TILE_PX: f32 = 92.0;

/// What the browser shows and where it returns.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Browser {
    /// The collection shown: an index into [`Collections::list`], or `None` for the one being
    /// played (which may be a file opened with `--level`, not in the list).
    pub shown: Option<usize>,
    /// The page shown (0-based).
    pub page: usize,
    /// The screen that Close, Escape and Back return to.
    pub back_to: Play,
}

impl Default for Browser {
    fn default() -> Self {
        Browser {
            shown: None,
            page: 0,
            back_to: Play::Active,
        }
    }
}

impl Browser {
    /// The collection being played, on the page of the level being played.
    fn on_current(current: Option<&CurrentLevel>) -> Browser {
        Browser {
            shown: None,
            page: current.map_or(0, |c| c.index / PAGE_SIZE),
            ..Browser::default()
        }
    }
}

/// The browser's panel (replaced whenever what it shows changes).
#[derive(Component)]
pub struct BrowserPanel;

/// Commands: part of the game in every app.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Browser>().add_systems(
        Update,
        (
            browser_commands.run_if(in_state(Screen::Playing)),
            choose_level.run_if(in_state(Play::Picking)),
        )
            .in_set(AppSystems::Plan),
    );
}

/// The screen: the windowed game adds it.
pub(crate) fn screen_plugin(app: &mut App) {
    app.add_systems(
        Update,
        spawn_browser
            .in_set(AppSystems::SyncView)
            .run_if(in_state(Play::Picking).and_then(resource_changed::<Browser>)),
    )
    .add_systems(OnEnter(Play::Picking), redraw);
}

fn redraw(mut browser: ResMut<Browser>) {
    browser.set_changed();
}

/// Opening and closing the browser, and what its buttons ask for while it is open.
fn browser_commands(
    mut cmds: MessageReader<ScreenCommand>,
    play: Res<State<Play>>,
    mut next_play: ResMut<NextState<Play>>,
    mut browser: ResMut<Browser>,
    current: Option<Res<CurrentLevel>>,
    list: Res<Collections>,
) {
    let here = *play.get();
    for cmd in cmds.read() {
        match (*cmd, here) {
            (ScreenCommand::Levels, Play::Active | Play::Solved | Play::Title) => {
                *browser = Browser {
                    back_to: here,
                    ..Browser::on_current(current.as_deref())
                };
                next_play.set(Play::Picking);
            }
            (ScreenCommand::Levels | ScreenCommand::Back, Play::Picking) => {
                next_play.set(browser.back_to)
            }
            (ScreenCommand::OpenCollection(i), Play::Picking) => {
                let playing =
                    |e: &collections::Entry| current.as_ref().is_some_and(|c| c.source == e.source);
                *browser = match list.list.get(i) {
                    Some(e) if playing(e) => Browser {
                        back_to: browser.back_to,
                        ..Browser::on_current(current.as_deref())
                    },
                    Some(_) => Browser {
                        shown: Some(i),
                        page: 0,
                        ..*browser
                    },
                    None => continue,
                };
            }
            (ScreenCommand::Page(p), Play::Picking) if browser.page != p => browser.page = p,
            _ => {}
        }
    }
}

/// A level button (or Next unsolved) while the browser is open: that level of the collection
/// shown; the level being played is resumed as it was.
fn choose_level(
    mut commands: Commands,
    mut cmds: MessageReader<PlayerCommand>,
    mut next_play: ResMut<NextState<Play>>,
    browser: Res<Browser>,
    mut current: Option<ResMut<CurrentLevel>>,
    list: Res<Collections>,
    mut load: MessageWriter<LoadLevel>,
) {
    for cmd in cmds.read() {
        let PlayerCommand::Choose(k) = *cmd else {
            continue;
        };
        match browser.shown {
            Some(i) => {
                collections::open(&list, i, k, &mut current, &mut commands, &mut load);
                next_play.set(Play::Active);
            }
            None => {
                let Some(c) = current.as_ref() else { continue };
                if k == c.index {
                    // The level being played, as it was: moves, undo and redo kept.
                    next_play.set(match browser.back_to {
                        Play::Solved => Play::Solved,
                        _ => Play::Active,
                    });
                } else if k < c.collection.levels.len() {
                    load.write(LoadLevel(k));
                }
            }
        }
    }
}

/// The collection the browser shows, whether it is the one being played, and its source.
fn shown_collection<'a>(
    browser: &Browser,
    current: &'a CurrentLevel,
    list: &'a Collections,
) -> (&'a Collection, bool) {
    match browser.shown.and_then(|i| list.list.get(i)) {
        Some(e) if e.source != current.source => (&e.collection, false),
        _ => (&current.collection, true),
    }
}

fn spawn_browser(
    mut commands: Commands,
    browser: Res<Browser>,
    current: Option<Res<CurrentLevel>>,
    saves: Res<crate::game::mechanics::save::Saves>,
    list: Res<Collections>,
    mut images: ResMut<Assets<Image>>,
    old: Query<Entity, With<BrowserPanel>>,
) {
    let Some(current) = current else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    let (collection, playing) = shown_collection(&browser, &current, &list);
    let shown_source = if playing {
        current.source.as_str()
    } else {
        browser
            .shown
            .and_then(|i| list.list.get(i))
            .map_or("", |e| e.source.as_str())
    };
    let levels = &collection.levels;
    let pages = levels.len().div_ceil(PAGE_SIZE).max(1);
    let page = browser.page.min(pages - 1);
    let marked = playing.then_some(current.index);
    let from = marked.unwrap_or(levels.len().saturating_sub(1));
    let next_unsolved = saves.progress.next_unsolved(levels, from);
    spawn_overlay(&mut commands, Play::Picking, BrowserPanel, |panel| {
        spawn_collection_row(panel, &list, shown_source);
        let name = i18n::collection_name(shown_source, &collection.name);
        let heading = if collection.author.is_empty() {
            t!("browser-heading", collection = name)
        } else {
            t!(
                "browser-heading-by",
                collection = name,
                author = i18n::collection_author(shown_source, &collection.author)
            )
        };
        panel.spawn(text(readable(&heading), 20.0));
        // The levels scroll when the panel is too short for them; the rows around them do not.
        panel
            .spawn((
                Node {
                    overflow: Overflow::scroll_y(),
                    flex_shrink: 1.0,
                    min_height: px(0),
                    ..wrap_row()
                },
                Scrolls,
                ScrollPosition::default(),
            ))
            .with_children(|grid| {
                let range = page * PAGE_SIZE..((page + 1) * PAGE_SIZE).min(levels.len());
                for i in range {
                    let record = record_line(&saves.progress, &levels[i]);
                    let shown = (shown_source, i, marked == Some(i));
                    spawn_level_button(grid, shown, &levels[i], record, &mut images);
                }
            });
        spawn_action_row(panel, page, pages, next_unsolved);
    });
}

/// The collections to look through: the built-in ones and the player's (designed, imported,
/// pasted); the one shown is marked.
fn spawn_collection_row(panel: &mut ChildSpawnerCommands, list: &Collections, shown: &str) {
    panel.spawn(wrap_row()).with_children(|row| {
        for (i, e) in list.list.iter().enumerate() {
            let mark = if e.source == shown { "> " } else { "" };
            let name = readable(&i18n::collection_name(&e.source, &e.collection.name));
            row.spawn(command_button(
                &format!("{mark}{name} ({})", e.collection.levels.len()),
                None,
                ScreenCommand::OpenCollection(i),
            ))
            .observe(send_on_click::<CommandButton>);
        }
    });
}

/// Paging, Next unsolved, and Close (the level's tools are in the level menu).
fn spawn_action_row(
    panel: &mut ChildSpawnerCommands,
    page: usize,
    pages: usize,
    next_unsolved: Option<usize>,
) {
    let button = |row: &mut ChildSpawnerCommands, label: &str, cmd: AnyCommand| {
        row.spawn(command_button(label, None, cmd))
            .observe(send_on_click::<CommandButton>);
    };
    panel.spawn(wrap_row()).with_children(|row| {
        if pages > 1 {
            if page > 0 {
                button(
                    row,
                    &t!("browser-page-back"),
                    ScreenCommand::Page(page - 1).into(),
                );
            }
            let page_line = t!("browser-page", page = page + 1, pages = pages);
            row.spawn(text(page_line, 20.0));
            if page + 1 < pages {
                button(
                    row,
                    &t!("browser-page-on"),
                    ScreenCommand::Page(page + 1).into(),
                );
            }
        }
        if let Some(n) = next_unsolved {
            button(
                row,
                &t!("browser-next-unsolved"),
                PlayerCommand::Choose(n).into(),
            );
        }
        button(row, &t!("browser-random"), ScreenCommand::Daily.into());
        button(row, &t!("settings-close"), ScreenCommand::Levels.into());
    });
}

/// A solved level's best moves and pushes: `  [33m/8p]`.
fn record_line(progress: &crate::core::save::Progress, level: &Level) -> String {
    progress
        .records(level)
        .and_then(|r| {
            let m = r.best_moves.as_ref()?.moves;
            let p = r.best_pushes.as_ref()?.pushes;
            Some(t!("browser-record", moves = m, pushes = p))
        })
        .unwrap_or_default()
}

/// A level's tile: its thumbnail, its number (and title), and a solved level's best moves and
/// pushes under it; `(collection source, level number, whether it is the one being played)`.
fn spawn_level_button(
    grid: &mut ChildSpawnerCommands,
    (source, i, playing): (&str, usize, bool),
    level: &Level,
    record: String,
    images: &mut Assets<Image>,
) {
    let mark = if playing { "> " } else { "" };
    let title = if level.title.is_empty() {
        String::new()
    } else {
        let title = i18n::builtin_level_text(source, i, "title", &level.title);
        format!(" {}", readable(&title))
    };
    let solved = !record.is_empty();
    let (image, size) = thumbnail(level, images);
    grid.spawn((
        Button,
        CommandButton(PlayerCommand::Choose(i).into()),
        ButtonRole::Secondary,
        ButtonName(format!("{mark}{}{title}{record}", i + 1)),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(4),
            width: px(TILE_PX),
            min_height: px(FINGER),
            padding: UiRect::all(px(6)),
            border_radius: BorderRadius::all(px(10)),
            border: UiRect::all(px(if solved { 2 } else { 0 })),
            flex_shrink: 0.0,
            ..default()
        },
        BorderColor::all(palette::BOX_ON_GOAL),
        BackgroundColor(palette::BUTTON),
    ))
    .insert_if(DefaultFocus, || playing)
    .observe(send_on_click::<CommandButton>)
    .with_children(|b| {
        b.spawn((
            ImageNode::new(image),
            Node {
                width: px(size.x),
                height: px(size.y),
                ..default()
            },
            Pickable::IGNORE,
        ));
        b.spawn((
            text(format!("{mark}{}{title}", i + 1), 15.0),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE,
        ));
        if let Some(score) = crate::core::rating::from_notes(&level.notes) {
            spawn_marks(b, crate::core::rating::marks(score));
        }
        if solved {
            b.spawn((figures(record.trim().to_string(), 12.0), Pickable::IGNORE))
                .insert(TextColor(palette::MUTED_TEXT));
        }
    });
}

/// A rated level's difficulty: one to five stars of five, the rest dimmed.
fn spawn_marks(tile: &mut ChildSpawnerCommands, marks: u8) {
    tile.spawn((
        RatingMarks(marks),
        Node {
            column_gap: px(1),
            ..default()
        },
        Pickable::IGNORE,
    ))
    .with_children(|row| {
        for k in 0..5 {
            let colour = if k < marks {
                palette::BOX_ON_GOAL
            } else {
                palette::MUTED_TEXT.with_alpha(0.35)
            };
            row.spawn(icon_glyph(icons::STAR, 13.0))
                .insert(TextColor(colour));
        }
    });
}

/// The marks a level tile shows (for tests: how many of the five stars are lit).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingMarks(pub u8);

/// The level browser's thumbnail of a level: its byte map, a few pixels per cell.
fn thumbnail(level: &Level, images: &mut Assets<Image>) -> (Handle<Image>, Vec2) {
    use crate::core::thumbnail;
    use bevy::color::ColorToPacked;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let c = |c: Color| c.to_srgba().to_u8_array();
    let palette = thumbnail::Palette {
        floor: c(palette::FLOOR),
        goal: c(palette::GOAL),
        wall: c(palette::WALL),
        brick: c(palette::BRICK),
        box_off_goal: c(palette::BOX),
        box_on_goal: c(palette::BOX_ON_GOAL),
        worker: c(palette::WORKER),
    };
    let scale = thumbnail::scale_for(level, THUMB_PX as u32);
    let (w, h, rgba) = thumbnail::draw(level, scale, &palette);
    let mut image = Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        rgba,
        TextureFormat::Rgba8UnormSrgb,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = bevy::image::ImageSampler::nearest();
    // Shown at most THUMB_PX wide or high, keeping the board's shape.
    let k = THUMB_PX / (w.max(h) as f32);
    (
        images.add(image),
        Vec2::new(w as f32, h as f32) * k.min(1.0),
    )
}
