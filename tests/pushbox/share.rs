//! Levels shared by link, in headless apps with a data folder: a link opens its level in
//! "Shared with you" (once, however often it is opened, and still there after a restart), a
//! solution in it is verified and replayed, and broken or hostile links are refused with a notice
//! while the game goes on as it was.

use bevy::prelude::*;
use pushbox::core::level::Level;
use pushbox::core::{files, formats, share};
use pushbox::game::{CurrentLevel, Notices, Play, Replay, SharedLink};

use crate::save::{app_on_builtin, app_with_data};

fn xsokoban(n: usize) -> Level {
    let path = crate::fixture("levels/xsokoban/XSokoban_90.xsb");
    let text = std::fs::read_to_string(path).unwrap();
    formats::xsb::read("XSokoban_90.xsb", &text)
        .unwrap()
        .levels
        .remove(n - 1)
}

fn open(app: &mut App, link: &str) {
    app.world_mut().write_message(SharedLink(link.to_string()));
    frames(app, 4);
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn current(app: &App) -> CurrentLevel {
    app.world().resource::<CurrentLevel>().clone()
}

fn play_state(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

fn notices(app: &App) -> Vec<String> {
    app.world().resource::<Notices>().0.clone()
}

#[test]
fn a_link_opens_its_level_in_shared_with_you_once_and_it_stays() {
    let d = crate::temp_dir("share-open");
    let shared_file = d.join("collections/shared-with-you.bxb");
    let five = Level {
        title: "Five".into(),
        ..xsokoban(5)
    };
    let link = share::link("https://example.org/pushbox/", &five, None);
    {
        let mut app = app_with_data(&d);
        open(&mut app, &link);
        let c = current(&app);
        assert_eq!(c.level().cells, five.cells);
        assert_eq!(c.level().title, "Five");
        assert_eq!(c.source, shared_file.display().to_string());
        assert_eq!(play_state(&app), Play::Active);
        assert!(
            notices(&app).iter().any(|n| n.contains("from a link")),
            "{:?}",
            notices(&app)
        );
        // Opened again, and another level: one copy each.
        open(&mut app, &link);
        open(&mut app, &share::link("", &xsokoban(1), None));
        open(&mut app, &link);
        assert_eq!(current(&app).index, 0);
        let kept = files::load(&shared_file).unwrap().collection;
        assert_eq!(kept.name, "Shared with you");
        assert_eq!(kept.levels.len(), 2);
        assert_eq!(kept.levels[1].cells, xsokoban(1).cells);
    }
    // The next start lists the collection with both levels.
    let app = app_with_data(&d);
    let list = app
        .world()
        .resource::<pushbox::game::mechanics::collections::Collections>();
    let i = list
        .position(&shared_file.display().to_string())
        .expect("listed after a restart");
    assert_eq!(list.list[i].collection.levels.len(), 2);
}

#[test]
fn a_solution_in_a_link_is_verified_and_replayed() {
    let d = crate::temp_dir("share-solution");
    let mut app = app_with_data(&d);
    let level = formats::xsb::read("t", "#######\n#@ $ .#\n#######")
        .unwrap()
        .levels
        .remove(0);
    open(&mut app, &share::link("", &level, Some("rRR")));
    frames(&mut app, 4);
    assert_eq!(play_state(&app), Play::Replay);
    assert_eq!(app.world().resource::<Replay>().steps, 3);
    assert_eq!(current(&app).level().cells, level.cells);

    // A solution that does not solve the level: the level opens, the replay does not.
    let mut app = app_with_data(&crate::temp_dir("share-wrong-solution"));
    open(&mut app, &share::link("", &level, Some("rR")));
    frames(&mut app, 4);
    assert_eq!(play_state(&app), Play::Active);
    assert_eq!(current(&app).level().cells, level.cells);
    assert!(
        notices(&app).iter().any(|n| n.contains("not a solution")),
        "{:?}",
        notices(&app)
    );
}

#[test]
fn broken_and_hostile_links_are_refused_with_a_notice() {
    let d = crate::temp_dir("share-broken");
    let mut app = app_with_data(&d);
    let before = current(&app);
    let links = [
        "https://example.org/#level=hello".to_string(),
        "https://example.org/#level=5%23%7C%23.%24-%23%7C5%23".to_string(),
        format!("https://example.org/#level={}", "%23".repeat(4_000_000)),
        "https://example.org/#level=%3Cscript%3Ealert(1)%3C%2Fscript%3E".to_string(),
        "https://example.org/#level=99999(99999%23)".to_string(),
    ];
    for (n, link) in links.iter().enumerate() {
        open(&mut app, link);
        let said = notices(&app);
        assert!(
            said.last()
                .is_some_and(|m| m.starts_with("the link was not opened")),
            "link {n}: {said:?}"
        );
        assert_eq!(current(&app).source, before.source, "link {n}");
        assert_eq!(current(&app).index, before.index, "link {n}");
        assert_eq!(play_state(&app), Play::Active, "link {n}");
    }
    assert!(!d.join("collections/shared-with-you.bxb").exists());
}

#[test]
fn without_a_data_folder_the_shared_level_is_played_all_the_same() {
    let mut app = app_on_builtin();
    let level = xsokoban(2);
    open(&mut app, &share::link("", &level, None));
    assert_eq!(current(&app).level().cells, level.cells);
    assert_eq!(play_state(&app), Play::Active);
    assert!(
        notices(&app)
            .iter()
            .any(|n| n.contains("the collection cannot be kept")),
        "{:?}",
        notices(&app)
    );
}
