//! Fonts: Inter for the screens, Material Icons for the toolbars, and Chinese, Japanese and Korean
//! text in a fallback font where Inter has no glyph. `assets/fonts/PushBoxCJK.otf` (a subset of
//! Noto Sans Mono CJK SC made by `make_cjk_font.py`: all of GB2312, kana, KS X 1001 Hangul)
//! loads with the other assets and becomes the font database's fallback for those scripts, so
//! every text keeps Inter for Latin and falls back per character. The screens show names from
//! level files through [`readable`], which turns characters no font has into [`MISSING`], so
//! that a name is never a row of empty boxes.

use crate::game::vocab::icons::ICON_FONT;
use bevy::prelude::*;
use bevy::text::FontCx;
use bevy_asset_loader::prelude::*;
use fontique::{FallbackKey, Script};

/// The fallback font (windowed game only).
#[derive(AssetCollection, Resource)]
pub struct FontAssets {
    #[asset(path = "fonts/PushBoxCJK.otf")]
    pub cjk: Handle<Font>,
}

/// What a character no font has is shown as: the geta mark 〓, CJK typesetting's sign for a
/// missing character (neither font has U+FFFD).
pub const MISSING: char = '〓';

/// The family name the font registers under.
pub const CJK_FAMILY: &str = "Noto Sans Mono CJK SC";

/// The scripts it serves: Han, the kana, Hangul, Bopomofo, and the common script (CJK
/// punctuation, full-width forms) where Inter has no glyph.
const SCRIPTS: [&[u8; 4]; 7] = [
    b"Hani", b"Hans", b"Hira", b"Kana", b"Hang", b"Bopo", b"Zyyy",
];

/// Whether the fallback is in place (for tests, and so it is set once).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct CjkFallback(pub bool);

/// The interface's typeface: a subset of Inter (`assets/fonts/make_ui_fonts.py`).
const UI_FONT: &[u8] = include_bytes!("../../../assets/fonts/PushBoxUI.otf");
/// The toolbar's icons: a subset of Material Icons.
const ICON_FONT_DATA: &[u8] = include_bytes!("../../../assets/fonts/PushBoxIcons.ttf");

/// The windowed game adds it (headless apps draw no text). Inter takes Fira Mono's place as the
/// default font, so that every text not told otherwise is in it from the first frame; the icons
/// are at [`ICON_FONT`].
pub(crate) fn plugin(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    for (id, bytes) in [
        (AssetId::default(), UI_FONT),
        (ICON_FONT.id(), ICON_FONT_DATA),
    ] {
        if let Err(e) = fonts.insert(id, Font::from_bytes(bytes.to_vec())) {
            error!("a built-in font could not be put in place: {e}");
        }
    }
    app.configure_loading_state(
        LoadingStateConfig::new(crate::game::vocab::Screen::Loading)
            .load_collection::<FontAssets>(),
    )
    .init_resource::<CjkFallback>()
    .add_systems(
        Update,
        set_fallback.run_if(resource_equals(CjkFallback(false))),
    );
}

/// Once Bevy has put the loaded font into its font database, make it the fallback for the CJK
/// scripts. `PUSHBOX_NO_CJK_FALLBACK=1` leaves it out (the window test compares with that).
fn set_fallback(mut font_cx: ResMut<FontCx>, mut done: ResMut<CjkFallback>) {
    if std::env::var_os("PUSHBOX_NO_CJK_FALLBACK").is_some() {
        return;
    }
    let Some(family) = font_cx.collection.family_id(CJK_FAMILY) else {
        return;
    };
    for script in SCRIPTS {
        let key = FallbackKey::new(Script::from_bytes(*script), None);
        font_cx
            .collection
            .append_fallbacks(key, std::iter::once(family));
    }
    done.0 = true;
}

/// Whether the game's fonts draw this character: Inter's ASCII and Latin-1 and the few
/// symbols the UI uses, or the fallback's GB2312, kana, Hangul, CJK punctuation and full-width
/// forms.
pub fn drawable(c: char) -> bool {
    let u = c as u32;
    matches!(u, 0x20..=0x7E | 0xA0..=0xFF | 0x3000..=0x3096 | 0x3099..=0x30FF | 0xFF01..=0xFF5E)
        || matches!(c, '…' | '—' | '×' | '–' | '•' | '→' | '←' | '↑' | '↓' | '·')
        || in_gb2312(c)
        || in_ks_x_1001_hangul(c)
}

/// A string as the game can draw it: characters no font has become [`MISSING`], new lines stay.
pub fn readable(s: &str) -> String {
    s.chars()
        .map(|c| if c == '\n' || drawable(c) { c } else { MISSING })
        .collect()
}

/// GB2312 is the part of GBK whose two bytes are both 0xA1 to 0xFE.
fn in_gb2312(c: char) -> bool {
    let mut buf = [0u8; 4];
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(c.encode_utf8(&mut buf));
    !unmappable
        && bytes.len() == 2
        && (0xA1..=0xF7).contains(&bytes[0])
        && (0xA1..=0xFE).contains(&bytes[1])
}

/// The 2,350 Hangul syllables of KS X 1001 (EUC-KR lead bytes 0xB0 to 0xC8).
fn in_ks_x_1001_hangul(c: char) -> bool {
    if !('\u{AC00}'..='\u{D7A3}').contains(&c) {
        return false;
    }
    let mut buf = [0u8; 4];
    let (bytes, _, unmappable) = encoding_rs::EUC_KR.encode(c.encode_utf8(&mut buf));
    !unmappable && bytes.len() == 2 && (0xB0..=0xC8).contains(&bytes[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_what_the_fonts_draw_and_mark_the_rest() {
        assert_eq!(readable("康佳 | Level 1: 第一关"), "康佳 | Level 1: 第一关");
        assert_eq!(readable("ひらがな カタカナ 한글"), "ひらがな カタカナ 한글");
        // A rare Han character outside GB2312, an emoji and Devanagari: marked, not dropped.
        assert_eq!(readable("𠀀😀क a"), "〓〓〓 a");
        assert!(drawable('é') && drawable('…') && !drawable('\u{0915}'));
    }
}
