//! Level files as Bevy assets: a `.bxb` loader (the core reader), the built-in collection loaded
//! through `bevy_asset_loader`, and the level being played.

use crate::game::vocab::*;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoadFailedEvent, AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use crate::core::formats::{self, Format};
use crate::core::level::Collection;
use crate::core::save;
use Screen;

/// A collection file loaded as an asset.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelFile {
    pub collection: Collection,
    pub warnings: Vec<String>,
}

/// Loads `.bxb` files with the core reader (and `NAME.titles.ron` beside them, when present).
#[derive(Default, TypePath)]
pub struct BxbLoader;

impl AssetLoader for BxbLoader {
    type Asset = LevelFile;
    type Settings = ();
    type Error = formats::FormatError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LevelFile, Self::Error> {
        let path = load_context.path().to_string();
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await.map_err(|e| {
            formats::FormatError::new(&path, formats::Place::Whole, format!("cannot read: {e}"))
        })?;
        let (mut collection, mut warnings) = formats::read(Format::Bxb, &path, &bytes)?;
        let side = load_context.path().path().with_extension("titles.ron");
        if let Ok(text) = load_context.read_asset_bytes(side.clone()).await {
            crate::core::files::apply_sidecar_text(
                &side.display().to_string(),
                &text,
                &mut collection,
                &mut warnings,
            );
        }
        for w in &warnings {
            warn!("{w}");
        }
        Ok(LevelFile {
            collection,
            warnings,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["bxb"]
    }
}

/// The built-in collections, listed explicitly (folder loading does not work on Android).
#[derive(AssetCollection, Resource)]
pub struct LevelAssets {
    #[asset(path = "levels/tutorial.bxb")]
    pub tutorial: Handle<LevelFile>,
    #[asset(path = "levels/pushbox.bxb")]
    pub builtin: Handle<LevelFile>,
    /// The rated collections, made by `assets/levels/make_rated.sh`.
    #[asset(path = "levels/beginner.bxb")]
    pub beginner: Handle<LevelFile>,
    #[asset(path = "levels/easy.bxb")]
    pub easy: Handle<LevelFile>,
    #[asset(path = "levels/medium.bxb")]
    pub medium: Handle<LevelFile>,
    #[asset(path = "levels/hard.bxb")]
    pub hard: Handle<LevelFile>,
    #[asset(path = "levels/expert.bxb")]
    pub expert: Handle<LevelFile>,
}

impl LevelAssets {
    /// The built-in collections in menu order, with the names saves use for them.
    pub fn all(&self) -> [(&'static str, &Handle<LevelFile>); 7] {
        [
            (save::TUTORIAL, &self.tutorial),
            (save::BUILTIN, &self.builtin),
            (save::TIERS[0], &self.beginner),
            (save::TIERS[1], &self.easy),
            (save::TIERS[2], &self.medium),
            (save::TIERS[3], &self.hard),
            (save::TIERS[4], &self.expert),
        ]
    }

    /// The built-in collection saves call `source`.
    pub fn get<'a>(&self, source: &str, files: &'a Assets<LevelFile>) -> Option<&'a Collection> {
        let (_, h) = self.all().into_iter().find(|(s, _)| *s == source)?;
        files.get(h).map(|f| &f.collection)
    }
}

/// Why loading failed, shown on the failure screen.
#[derive(Resource, Default, Debug)]
pub struct LoadError(pub Vec<String>);

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<LevelFile>()
        .init_asset_loader::<BxbLoader>()
        .init_resource::<LoadError>()
        .add_loading_state(
            LoadingState::new(Screen::Loading)
                .continue_to_state(Screen::Playing)
                .on_failure_continue_to_state(Screen::LoadFailed)
                .load_collection::<LevelAssets>(),
        )
        .add_systems(Update, record_load_errors)
        .add_systems(
            OnEnter(Screen::Playing),
            choose_level.in_set(LevelSetup::Choose),
        );
}

fn record_load_errors(
    mut failed: MessageReader<AssetLoadFailedEvent<LevelFile>>,
    mut errors: ResMut<LoadError>,
) {
    for e in failed.read() {
        errors.0.push(format!("{}: {}", e.path, e.error));
    }
}

/// Plays the tutorial's first level unless a level was chosen already.
fn choose_level(
    mut commands: Commands,
    current: Option<Res<CurrentLevel>>,
    assets: Res<LevelAssets>,
    files: Res<Assets<LevelFile>>,
) {
    if current.is_some() {
        return;
    }
    if let Some(collection) = assets.get(save::TUTORIAL, &files) {
        commands.insert_resource(CurrentLevel {
            collection: collection.clone(),
            index: 0,
            source: save::TUTORIAL.to_string(),
        });
    }
}
