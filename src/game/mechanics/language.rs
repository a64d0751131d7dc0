//! Which language the screens speak (`vocab::i18n`): the player's choice from the settings when
//! there is one (saved by `save.rs` with the settings), else the system's ([`SystemLanguage`]: the
//! locale, or `--lang` for the scripted mode and English for headless test apps).

use bevy::prelude::*;

use crate::game::vocab::i18n::{self, Lang, Language, LanguageChoice};

/// The language when the player has chosen none.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemLanguage(pub Lang);

pub(crate) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SystemLanguage>() {
        app.insert_resource(SystemLanguage(Lang::of_system()));
    }
    app.init_resource::<LanguageChoice>()
        .init_resource::<Language>()
        // After the saves are read (they hold the player's choice).
        .add_systems(PostStartup, apply_language)
        .add_systems(
            PreUpdate,
            apply_language.run_if(
                resource_changed::<LanguageChoice>.or_else(resource_changed::<SystemLanguage>),
            ),
        );
}

fn apply_language(
    choice: Res<LanguageChoice>,
    system: Res<SystemLanguage>,
    mut language: ResMut<Language>,
) {
    let lang = choice.0.unwrap_or(system.0);
    i18n::set_current(lang);
    language.set_if_neq(Language(lang));
}
