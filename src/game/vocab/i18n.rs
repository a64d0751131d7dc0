//! The game's words in the player's language: every string a screen shows comes from
//! `assets/i18n/<language>.ftl` (Project Fluent) through [`tr`] or the [`t!`](crate::t) macro. The files
//! are compiled in, so the words are there from the first frame on every platform (no asset load
//! to wait for). English is the fallback for a key a translation lacks (the tests allow none).
//!
//! The language follows the system's (`sys-locale`: desktop, Android, the browser) until the
//! player picks one in the settings; the choice is saved with the settings. The command line stays
//! English.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    ZhHans,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhHans];

    /// Its BCP 47 tag, as the settings file keeps it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The language a locale tag such as `zh-CN`, `zh_TW.UTF-8` or `en-GB` asks for: Chinese in
    /// any script or region gets Simplified Chinese (the only Chinese there is), the rest English.
    pub fn for_locale(tag: &str) -> Lang {
        let primary = tag.split(['-', '_', '.']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("zh") {
            Lang::ZhHans
        } else {
            Lang::En
        }
    }

    /// The system's language.
    pub fn of_system() -> Lang {
        sys_locale::get_locale().map_or(Lang::En, |t| Lang::for_locale(&t))
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/i18n/en.ftl"),
            Lang::ZhHans => include_str!("../../../assets/i18n/zh-Hans.ftl"),
        }
    }
}

/// The language the screens speak; changing it makes the screens that stay on screen (the HUD)
/// spawn again in the new one.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language(pub Lang);

impl Default for Language {
    fn default() -> Self {
        Language(current())
    }
}

/// A run condition: the language differs from the one this condition saw when it last ran (never
/// at its first run), for screens that stay up while the language is switched and draw again.
pub fn language_switched(language: Res<Language>, mut seen: Local<Option<Lang>>) -> bool {
    seen.replace(language.0).is_some_and(|l| l != language.0)
}

/// The player's choice: `None` follows the system.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguageChoice(pub Option<Lang>);

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Makes `lang` the language [`tr`] speaks.
pub fn set_current(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

pub fn current() -> Lang {
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::ZhHans,
        _ => Lang::En,
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a valid language tag");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks round arguments: the UI font would draw them as boxes.
    b.set_use_isolating(false);
    let res = FluentResource::try_new(lang.source().to_string())
        .unwrap_or_else(|(_, errors)| panic!("assets/i18n/{}.ftl: {errors:?}", lang.code()));
    b.add_resource(res)
        .unwrap_or_else(|e| panic!("assets/i18n/{}.ftl: {e:?}", lang.code()));
    b
}

/// The words of `key` in `lang` with `args`, or `None` when the language lacks the key.
pub fn lookup(lang: Lang, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let b = &bundles()[lang as usize];
    let pattern = b.get_message(key)?.value()?;
    let mut errors = Vec::new();
    Some(b.format_pattern(pattern, args, &mut errors).into_owned())
}

/// The words of `key` in the current language (English when the translation lacks it, the key
/// itself when English lacks it too).
pub fn tr(key: &str) -> String {
    tr_args(key, None)
}

/// [`tr`] with arguments.
pub fn tr_args(key: &str, args: Option<&FluentArgs>) -> String {
    lookup(current(), key, args)
        .or_else(|| lookup(Lang::En, key, args))
        .unwrap_or_else(|| key.to_string())
}

/// Arguments for [`tr_args`]: any number or string.
pub fn arg<'a>(v: impl Into<FluentValue<'a>>) -> FluentValue<'a> {
    v.into()
}

/// `t!("key")` or `t!("key", name = value, ...)`: the words of `key` in the current language.
#[macro_export]
macro_rules! t {
    ($key:expr) => {
        $crate::game::vocab::i18n::tr($key)
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), $crate::game::vocab::i18n::arg($value));)+
        $crate::game::vocab::i18n::tr_args($key, Some(&args))
    }};
}

/// A language's name in itself.
pub fn native_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "English",
        Lang::ZhHans => "简体中文",
    }
}

/// The name of the player's collection that designed levels go into, as its file keeps it.
pub const MY_LEVELS: &str = "My levels";

/// A collection's author as the screens show it: the built-in ones' in the current language.
pub fn collection_author(source: &str, author: &str) -> String {
    if crate::core::save::is_builtin(source) {
        tr("collection-author")
    } else {
        author.to_string()
    }
}

/// "level 3 "Walk around"" in the current language, for notices and headings.
pub fn level_label(source: &str, index: usize, title: &str) -> String {
    if title.is_empty() {
        return t!("level-label", number = index + 1);
    }
    let title = builtin_level_text(source, index, "title", title);
    t!("level-label-titled", number = index + 1, title = title)
}

/// Why a level cannot be played, in the current language (the core's errors are English, for
/// the command line).
pub fn level_error(e: &crate::core::LevelError) -> String {
    use crate::core::{BoardError, LevelError};
    let cells = |at: &[crate::core::Pos]| crate::core::board::list(at);
    match e {
        LevelError::NoBoxes => tr("level-error-no-boxes"),
        LevelError::BoxGoalMismatch {
            boxes,
            goals,
            box_at,
            goal_at,
        } => t!(
            "level-error-mismatch",
            boxes = *boxes,
            goals = *goals,
            box_at = cells(box_at),
            goal_at = cells(goal_at)
        ),
        LevelError::Open { at } => t!("level-error-open", at = at.to_string()),
        LevelError::Board(BoardError::NoWorker) => tr("level-error-no-worker"),
        LevelError::Board(BoardError::ManyWorkers { at }) => {
            t!("level-error-workers", workers = at.len(), at = cells(at))
        }
        // Sizes and bytes a level file cannot even hold: the reader reports those.
        LevelError::Board(other) => other.to_string(),
    }
}

/// Why moves are not a solution, in the current language.
pub fn solution_error(e: &crate::core::lurd::SolutionError) -> String {
    use crate::core::board::{Blocked, BoxBlocked};
    use crate::core::lurd::SolutionError;
    match e {
        SolutionError::Syntax(s) => t!("solution-unreadable", problem = s.to_string()),
        SolutionError::Illegal(step) => {
            let reason = match step.reason {
                Blocked::Edge => tr("blocked-edge"),
                Blocked::Box(BoxBlocked::Edge) => tr("blocked-box-edge"),
                Blocked::Wall => tr("blocked-wall"),
                Blocked::Box(BoxBlocked::Wall) => tr("blocked-box-wall"),
                Blocked::Box(BoxBlocked::Box) => tr("blocked-box-box"),
                Blocked::BoxAhead => tr("blocked-box-ahead"),
            };
            t!(
                "solution-illegal",
                number = step.index + 1,
                step = step.dir.lurd(false).to_string(),
                reason = reason
            )
        }
        SolutionError::NotSolved { moves, left } => {
            t!("solution-not-solved", moves = *moves, left = *left)
        }
    }
}

/// A level file that cannot be read, in the current language: the file, the level and the place
/// are worded here; the reader's own message stays English (the format readers name dozens of
/// cases, worded for the command line).
pub fn format_error(e: &crate::core::formats::FormatError) -> String {
    use crate::core::formats::Place;
    let mut s = e.file.clone();
    match &e.level {
        Some((n, title)) if !title.is_empty() => {
            s += &t!(
                "format-error-level-titled",
                number = *n,
                title = title.as_str()
            )
        }
        Some((n, _)) => s += &t!("format-error-level", number = *n),
        None => {}
    }
    match e.place {
        Place::Line { line, column } => s += &t!("format-error-line", line = line, column = column),
        Place::Byte(b) => s += &t!("format-error-byte", byte = b, hex = format!("{b:#x}")),
        Place::Whole => {}
    }
    s + &t!("format-error-message", message = e.message.as_str())
}

/// What is wrong with a saved file, in the current language (a RON syntax message stays the
/// `ron` crate's English).
pub fn file_problem(p: &crate::core::save::FileProblem) -> String {
    use crate::core::save::FileProblem;
    match p {
        FileProblem::Unreadable(e) => t!("file-unreadable-short", problem = e.as_str()),
        FileProblem::NotUtf8(byte) => t!("file-not-utf8", byte = *byte),
        FileProblem::Newer(v) => t!(
            "file-newer",
            version = *v,
            reads = crate::core::save::VERSION
        ),
        FileProblem::Syntax {
            line,
            column,
            message,
        } => t!(
            "file-syntax",
            line = *line,
            column = *column,
            message = message.as_str()
        ),
        FileProblem::VersionZero => tr("file-version-zero"),
    }
}

/// What reading a save met and did, in the current language.
pub fn store_notice(n: &crate::core::save::StoreNotice) -> String {
    use crate::core::save::StoreNotice;
    let path = |p: &std::path::Path| p.display().to_string();
    match n {
        StoreNotice::Missing(p) => t!("store-missing", path = path(p)),
        StoreNotice::MovedAside { file, problem, to } => t!(
            "store-moved-aside",
            path = path(file),
            problem = file_problem(problem),
            to = path(to)
        ),
        StoreNotice::LeftInPlace {
            file,
            problem,
            error,
        } => t!(
            "store-left-in-place",
            path = path(file),
            problem = file_problem(problem),
            error = error.as_str()
        ),
        StoreNotice::RestoredBackup(p) => t!("store-restored-backup", path = path(p)),
        StoreNotice::Defaults => tr("store-defaults"),
        StoreNotice::BadBackup { backup, problem } => t!(
            "store-bad-backup",
            path = path(backup),
            problem = file_problem(problem)
        ),
    }
}

/// A kept recording that does not hold up, in the current language.
pub fn record_problem(p: &crate::core::save::RecordProblem) -> String {
    use crate::core::save::RecordProblem;
    let which = |w: &str| tr(&format!("record-{w}"));
    match p {
        RecordProblem::Miscounted {
            label,
            which: w,
            claimed,
            replayed,
        } => t!(
            "record-miscounted",
            level = label.as_str(),
            which = which(w),
            moves = claimed.0,
            pushes = claimed.1,
            real_moves = replayed.0,
            real_pushes = replayed.1
        ),
        RecordProblem::NotASolution {
            label,
            which: w,
            error,
        } => t!(
            "record-not-a-solution",
            level = label.as_str(),
            which = which(w),
            problem = solution_error(error)
        ),
    }
}

/// Why saved moves cannot be put back, in the current language.
pub fn restore_error(e: &crate::core::save::RestoreError) -> String {
    use crate::core::save::RestoreError;
    match e {
        RestoreError::Unreadable(e) => t!("restore-unreadable", problem = e.as_str()),
        RestoreError::NoReverse => tr("restore-no-reverse"),
        RestoreError::BadStart(at) => t!("restore-bad-start", at = at.to_string()),
        RestoreError::StepFails(i) => t!("restore-step-fails", number = *i + 1),
    }
}

/// A built-in level's title or note (`field`) in the current language: the tutorial's come from
/// `tutorial-N-title` / `tutorial-N-note`; others keep the file's words (`english`).
pub fn builtin_level_text(source: &str, index: usize, field: &str, english: &str) -> String {
    if source != crate::core::save::TUTORIAL {
        return english.to_string();
    }
    lookup(current(), &format!("tutorial-{}-{field}", index + 1), None)
        .unwrap_or_else(|| english.to_string())
}

/// A difficulty tier's name in the current language.
pub fn tier_name(tier: crate::core::tiers::Tier) -> String {
    tr(&format!("tier-{}", tier.name()))
}

/// A collection's name as the screens show it: the built-in ones' in the current language.
pub fn collection_name(source: &str, name: &str) -> String {
    match source {
        crate::core::save::TUTORIAL => tr("collection-tutorial"),
        crate::core::save::BUILTIN => tr("collection-builtin"),
        s if crate::core::save::tier_of(s).is_some() => {
            tier_name(crate::core::save::tier_of(s).expect("a tier"))
        }
        // The designer's collection (named so in its file whatever the language).
        _ if name == MY_LEVELS => tr("collection-my-levels"),
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_pick_the_language() {
        for (tag, lang) in [
            ("zh-CN", Lang::ZhHans),
            ("zh_TW.UTF-8", Lang::ZhHans),
            ("zh-Hans-SG", Lang::ZhHans),
            ("en-GB", Lang::En),
            ("C.UTF-8", Lang::En),
            ("", Lang::En),
        ] {
            assert_eq!(Lang::for_locale(tag), lang, "{tag}");
        }
        assert_eq!(Lang::from_code("zh-hans"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_code("fr"), None);
    }

    /// In English the translated errors read as the core's own (which the command line prints).
    #[test]
    fn english_errors_read_as_the_cores() {
        use crate::core::Board;
        use crate::core::lurd::check_solution;
        use crate::core::validate::problems;
        let en = |f: &dyn Fn() -> String| {
            set_current(Lang::En);
            f()
        };
        for rows in [
            &["#####", "#(xx+#", "#####"][..],
            &["#####", "#(--#", "#####"][..],
            &["(x+-"][..],
        ] {
            let b = Board::from_mask_rows(rows).unwrap();
            for e in problems(&b) {
                assert_eq!(en(&|| level_error(&e)), e.to_string());
            }
        }
        let b = Board::from_mask_rows(&["#######", "#(-x-+#", "#--x-+#", "#######"]).unwrap();
        for moves in ["rRRR", "u", "rRlldrR", "zz", "rr(r"] {
            let e = check_solution(&b, moves).unwrap_err();
            assert_eq!(en(&|| solution_error(&e)), e.to_string(), "{moves}");
        }
        use crate::core::save::{FileProblem, RecordProblem, RestoreError, StoreNotice};
        let problems = [
            FileProblem::Unreadable("denied".into()),
            FileProblem::NotUtf8(3),
            FileProblem::Newer(9),
            FileProblem::Syntax {
                line: 2,
                column: 5,
                message: "Expected a comma".into(),
            },
            FileProblem::VersionZero,
        ];
        for p in &problems {
            let path = std::path::PathBuf::from("/d/session.ron");
            for n in [
                StoreNotice::Missing(path.clone()),
                StoreNotice::MovedAside {
                    file: path.clone(),
                    problem: p.clone(),
                    to: "/d/session.ron.bad-1".into(),
                },
                StoreNotice::LeftInPlace {
                    file: path.clone(),
                    problem: p.clone(),
                    error: "busy".into(),
                },
                StoreNotice::RestoredBackup(path.clone()),
                StoreNotice::Defaults,
                StoreNotice::BadBackup {
                    backup: path.clone(),
                    problem: p.clone(),
                },
            ] {
                assert_eq!(en(&|| store_notice(&n)), n.to_string());
            }
        }
        let e = check_solution(&b, "u").unwrap_err();
        for r in [
            RecordProblem::Miscounted {
                label: "level 1".into(),
                which: "best-moves",
                claimed: (9, 9),
                replayed: (3, 2),
            },
            RecordProblem::NotASolution {
                label: "level 2".into(),
                which: "best-pushes",
                error: e,
            },
        ] {
            assert_eq!(en(&|| record_problem(&r)), r.to_string());
        }
        // A level file's errors (a line and column; a byte): the same English as the core's.
        use crate::core::formats::{Format, read};
        for (format, bytes) in [
            (Format::Bxa, &b"hello"[..]),
            (Format::Bxb, &b"\x00\x01garbage"[..]),
        ] {
            let e = read(format, "bad", bytes).unwrap_err();
            assert_eq!(en(&|| format_error(&e)), e.to_string());
        }
        for r in [
            RestoreError::Unreadable("character 1 ('q') is not a LURD letter".into()),
            RestoreError::NoReverse,
            RestoreError::BadStart(crate::core::Pos::new(0, 0)),
            RestoreError::StepFails(2),
        ] {
            assert_eq!(en(&|| restore_error(&r)), r.to_string());
        }
    }
}
