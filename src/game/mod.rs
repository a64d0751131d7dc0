//! The Bevy game, in layers (folders), each importing only the ones below it:
//!
//! - [`vocab`]: the shared vocabulary: states and system sets, messages, the resources and
//!   components many plugins read, the palette and the UI widgets.
//! - [`mechanics`]: how the game plays: levels, input, touch, planning, the board, the view,
//!   art, sound, saves, collections, the keyboard focus on buttons.
//! - [`screens`]: what the player sees over the board: the loading screen, HUD, level browser,
//!   title, settings, replay and designer.
//! - platform and tooling on top: the scripted mode, the app's life on a phone, the window icon.
//!
//! This file only composes them. Frame order (one chained set, configured once): `RecordInput`
//! turns keys, clicks and taps into [`PlayerCommand`] messages; `Plan` turns commands into queued
//! steps (running the cyclic-mark BFS for walks); `Simulate` is the only writer of grid state: it
//! applies one step per animation tick to the core board and mirrors it into the entities'
//! [`GridPos`]; `SyncView` moves sprites, counters and overlays to match. `docs/architecture.md`
//! follows a tap through the files.

// Bevy systems take their data as parameters and queries; long signatures are the norm there.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod lifecycle;
pub mod mechanics;
pub mod screens;
pub mod script;
pub mod vocab;
#[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
mod window_icon;

use bevy::prelude::*;

pub use vocab::*;

/// Everything that runs without a window: states, levels, rules, walking, input actions.
/// Tests add it to `MinimalPlugins` with `AssetPlugin`, `StatesPlugin` and `InputPlugin`.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_sub_state::<Play>()
            .init_resource::<Settings>()
            .configure_sets(
                Update,
                (
                    AppSystems::RecordInput,
                    AppSystems::Plan,
                    AppSystems::Simulate,
                    AppSystems::SyncView,
                )
                    .chain(),
            )
            .configure_sets(Update, ReadActions.in_set(AppSystems::RecordInput))
            .configure_sets(Update, ApplySteps.in_set(AppSystems::Simulate))
            .configure_sets(
                OnEnter(Screen::Playing),
                (
                    LevelSetup::Collections,
                    LevelSetup::Restore,
                    LevelSetup::Choose,
                    LevelSetup::Spawn,
                )
                    .chain(),
            );
        app.init_resource::<PendingGame>()
            .init_resource::<DesignedSize>()
            .init_resource::<vocab::ui::Layout>()
            .add_plugins((
                mechanics::levels::plugin,
                mechanics::board::plugin,
                mechanics::input::plugin,
                mechanics::plan::plugin,
                mechanics::save::plugin,
                screens::replay::plugin,
                mechanics::touch::plugin,
                mechanics::collections::plugin,
                screens::designer::plugin,
                mechanics::sound::plugin,
                screens::settings::plugin,
                screens::title::plugin,
                screens::browser::plugin,
                mechanics::link::plugin,
                mechanics::deadlock::plugin,
            ))
            .add_plugins((
                screens::snapshots::plugin,
                mechanics::reverse::plugin,
                mechanics::language::plugin,
                mechanics::hint::plugin,
                mechanics::improve::plugin,
                screens::level_menu::plugin,
                mechanics::share::plugin,
                mechanics::made::plugin,
                screens::daily::plugin,
            ));
        #[cfg(feature = "link3d")]
        app.add_plugins(mechanics::link3d::plugin);
    }
}

/// The windowed game for players: Bevy's default plugins, the game, and its view.
pub struct AppPlugin {
    /// A level to open instead of the built-in collection's first.
    pub start: Option<CurrentLevel>,
    /// An input script to play (the scripted window mode).
    pub script: Option<script::Script>,
    /// Moves without animation.
    pub instant: bool,
    /// Window size in pixels.
    pub size: (u32, u32),
    /// The display's scale factor in place of the system's (`play --scale`).
    pub scale: Option<f32>,
    /// The player's data folder (`--data-dir`); `None`: the environment or platform default.
    pub data_dir: Option<std::path::PathBuf>,
    /// A solution to verify and replay at start: where it came from, and its text.
    pub replay: Option<(String, String)>,
    /// Level files to import as new collections at start: name and bytes.
    pub import: Vec<(String, Vec<u8>)>,
    /// Open the Link mode at start on this deal (`pushbox link play`).
    pub link: Option<LinkAtStart>,
    /// Open Link 3D at start on this block (`pushbox link play --size WxHxD`).
    pub link3d: Option<Link3dAtStart>,
    /// The language when the settings choose none, instead of the system's (`--lang`).
    pub lang: Option<vocab::i18n::Lang>,
    /// A share link to open at start (`pushbox play URL`, the page's address).
    pub shared: Option<String>,
}

impl AppPlugin {
    /// The game as a phone runs it: fullscreen, the platform's data folder, no script.
    pub fn mobile() -> AppPlugin {
        AppPlugin {
            start: None,
            script: None,
            instant: false,
            size: (1080, 2340),
            scale: None,
            data_dir: None,
            replay: None,
            import: Vec::new(),
            link: None,
            link3d: None,
            lang: None,
            shared: None,
        }
    }

    /// The game in a web page: the canvas `#pushbox` filling its parent, the page's storage.
    /// A share link in the page's address (`#level=…`) opens its level.
    pub fn web() -> AppPlugin {
        #[cfg(target_arch = "wasm32")]
        let shared = mechanics::browser::take_shared_link();
        #[cfg(not(target_arch = "wasm32"))]
        let shared = None;
        AppPlugin {
            size: (1280, 720),
            shared,
            ..AppPlugin::mobile()
        }
    }
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        // On a phone: fullscreen, and frames only while something moves or on input (the
        // lifecycle plugin asks for frames during animations). The desktop draws continuously.
        let mobile = cfg!(any(target_os = "android", target_os = "ios"));
        let assets = asset_root();
        let mode = if mobile {
            bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Primary)
        } else {
            bevy::window::WindowMode::Windowed
        };
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "PushBox".into(),
                        resolution: match self.scale {
                            Some(f) => bevy::window::WindowResolution::from(self.size)
                                .with_scale_factor_override(f),
                            None => self.size.into(),
                        },
                        mode,
                        resizable: !mobile,
                        // In a browser: draw on the page's canvas and follow its size (a phone
                        // in portrait gets the portrait layout, whatever built the game).
                        canvas: cfg!(target_arch = "wasm32").then(|| "#pushbox".into()),
                        fit_canvas_to_parent: true,
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: assets.clone(),
                    meta_check: bevy::asset::AssetMetaCheck::Never,
                    ..default()
                })
                .set(bevy::render::RenderPlugin {
                    // A script's screenshots show every frame whole: a frame drawn while a
                    // pipeline still compiles in the background is black where it would draw
                    // (the window test on a loaded 2-core machine caught a black worker).
                    synchronous_pipeline_compilation: self.script.is_some(),
                    ..default()
                }),
        )
        .insert_resource(ClearColor(vocab::palette::BACKGROUND));
        if let Some(lang) = self.lang {
            app.insert_resource(mechanics::language::SystemLanguage(lang));
        }
        app.add_plugins(GamePlugin);
        if let Some(error) = missing_assets(&assets) {
            app.insert_resource(mechanics::levels::LoadError(vec![error]));
        }
        app.add_plugins((
            mechanics::view::plugin,
            mechanics::art::plugin,
            mechanics::fonts::plugin,
            screens::loading::plugin,
            screens::hud::plugin,
            lifecycle::plugin,
            mechanics::sound::playback_plugin,
            screens::settings::screen_plugin,
            screens::title::screen_plugin,
            screens::browser::screen_plugin,
            screens::link::screen_plugin,
            screens::snapshots::screen_plugin,
            mechanics::focus::plugin,
        ))
        .add_plugins((
            mechanics::widgets::plugin,
            screens::level_menu::screen_plugin,
            screens::daily::screen_plugin,
        ));
        #[cfg(feature = "link3d")]
        app.add_plugins(screens::link3d::screen_plugin);
        #[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
        app.add_plugins(window_icon::plugin);
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(mechanics::browser::plugin);
        if mobile {
            use std::time::Duration;
            app.insert_resource(bevy::winit::WinitSettings {
                focused_mode: bevy::winit::UpdateMode::reactive_low_power(Duration::from_secs(1)),
                unfocused_mode: bevy::winit::UpdateMode::reactive_low_power(Duration::from_secs(
                    60,
                )),
            });
        }
        self.insert_start(app);
    }
}

impl AppPlugin {
    /// What the command line asked for: the data folder, instant moves, imports, a replay, a
    /// level, a script; a plain start opens on the title screen.
    fn insert_start(&self, app: &mut App) {
        app.insert_resource(mechanics::save::SaveConfig {
            dir: mechanics::save::data_folder(self.data_dir.as_deref()),
            force_instant: self.instant,
        });
        if self.instant {
            app.insert_resource(Settings {
                instant: true,
                ..default()
            });
        }
        if !self.import.is_empty() {
            app.insert_resource(mechanics::collections::ImportAtStart(self.import.clone()));
        }
        if let Some((source, lurd)) = &self.replay {
            app.insert_resource(screens::replay::ReplayAtStart(Some(
                screens::replay::StartReplay {
                    lurd: lurd.clone(),
                    source: source.clone(),
                    external: true,
                },
            )));
        }
        if let Some(start) = &self.start {
            app.insert_resource(start.clone());
        }
        if let Some(link) = &self.link {
            app.insert_resource(link.clone());
        }
        if let Some(block) = &self.link3d {
            app.insert_resource(block.clone());
        }
        if let Some(shared) = &self.shared {
            app.insert_resource(mechanics::share::SharedLinkAtStart(Some(shared.clone())));
        }
        if self.start.is_none()
            && self.link.is_none()
            && self.link3d.is_none()
            && self.shared.is_none()
            && self.script.is_none()
            && self.replay.is_none()
            && self.import.is_empty()
        {
            app.insert_resource(screens::title::TitleAtStart);
        }
        if let Some(s) = &self.script {
            app.insert_resource(s.clone()).add_plugins(script::plugin);
        }
    }
}

/// A headless game app (no window, no rendering) for tests, benchmarks and tools: Bevy's minimal
/// plugins, the asset server reading `assets`, states, input, and [`GamePlugin`].
///
/// With `single_threaded`, every schedule runs on the calling thread. A headless frame is about a
/// hundred tiny systems, and on a small machine waking the multi-threaded executor's thread pool
/// for them costs more than their work (measured: `benches/frame.rs` runs both side by side).
pub fn headless_app(assets: &str, single_threaded: bool) -> App {
    let mut app = App::new();
    // Tests read the English words, whatever the machine's locale.
    app.insert_resource(mechanics::language::SystemLanguage(vocab::i18n::Lang::En));
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: assets.into(),
            ..default()
        },
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        GamePlugin,
    ));
    if single_threaded {
        for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
        }
    }
    app
}

/// Updates a headless app until the level is on the board (the built-in collection loads
/// asynchronously). Returns false if that has not happened after `frames` updates.
pub fn run_until_playing(app: &mut App, frames: usize) -> bool {
    for _ in 0..frames {
        app.update();
        if *app.world().resource::<State<Screen>>().get() == Screen::Playing
            && app.world().contains_resource::<Session>()
        {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    false
}

/// Where the game's assets are: `BEVY_ASSET_ROOT/assets` when that is set, else an `assets` folder
/// beside the executable (an installed game), else the source tree's (a development build), else
/// the working directory's (a development build copied or moved away from the tree it was built
/// in). When none exists, the source tree's, so that the failure screen names it.
pub fn asset_root() -> String {
    // A web page fetches its assets beside itself (`web/dist/assets`): a relative URL.
    if cfg!(target_arch = "wasm32") {
        return "assets".into();
    }
    if let Ok(root) = std::env::var("BEVY_ASSET_ROOT") {
        return std::path::Path::new(&root)
            .join("assets")
            .display()
            .to_string();
    }
    let source_tree = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join("assets")));
    let working_dir = std::env::current_dir().ok().map(|d| d.join("assets"));
    [beside_exe, Some(source_tree.clone()), working_dir]
        .into_iter()
        .flatten()
        .find(|d| d.is_dir())
        .unwrap_or(source_tree)
        .display()
        .to_string()
}

/// The failure screen's words when the assets folder `root` is missing: every built-in level and
/// picture would fail to load, and the loader's own errors do not say why.
fn missing_assets(root: &str) -> Option<String> {
    (!cfg!(target_arch = "wasm32") && !std::path::Path::new(root).is_dir()).then(|| {
        format!(
            "{root}: no such folder; run PushBox from its source folder, or set BEVY_ASSET_ROOT \
             to the folder that holds `assets`"
        )
    })
}

/// Opens the game window and runs until it closes.
pub fn run(plugin: AppPlugin) -> AppExit {
    App::new().add_plugins(plugin).run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_assets_folder_is_named_and_a_present_one_is_not() {
        let error =
            missing_assets("/no/such/pushbox/assets").expect("a missing folder is an error");
        assert!(error.starts_with("/no/such/pushbox/assets: no such folder"));
        assert!(error.contains("BEVY_ASSET_ROOT"));
        let root = asset_root();
        assert!(
            std::path::Path::new(&root).join("levels").is_dir(),
            "{root}"
        );
        assert_eq!(missing_assets(&root), None);
    }
}
