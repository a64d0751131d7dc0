//! The level designer and in-game import/export, in headless apps with a data folder.

use bevy::prelude::*;
use pushbox::core::Pos;
use pushbox::core::design::{Edit, Pen};
use pushbox::core::formats::{self, Format};
use pushbox::core::{Direction, files};
use pushbox::game::DesignCmd;
use pushbox::game::Notices;
use pushbox::game::ScreenCommand;
use pushbox::game::mechanics::collections::{CollectionCmd, Collections};
use pushbox::game::mechanics::save::SaveConfig;
use pushbox::game::screens::designer::Design;
use pushbox::game::screens::replay::PastedText;
use pushbox::game::{CurrentLevel, Play, PlayerCommand, Settings};

use crate::game::{send, settle};

fn app_with_data(dir: &std::path::Path) -> App {
    let mut app = crate::game::bare_app(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    app.insert_resource(SaveConfig {
        dir: Some(dir.to_path_buf()),
        force_instant: false,
    });
    assert!(pushbox::game::run_until_playing(&mut app, 1000));
    *app.world_mut().resource_mut::<Settings>() = Settings {
        step_seconds: 0.1,
        instant: false,
    };
    app.update();
    app
}

fn design(app: &mut App, cmds: impl IntoIterator<Item = DesignCmd>) {
    for c in cmds {
        app.world_mut().write_message(c);
    }
    app.update();
}

fn rows(app: &App) -> Vec<String> {
    let d = app.world().resource::<Design>();
    d.editor
        .level
        .rows()
        .map(|r| r.iter().map(|&b| b" .#%$*@+"[b as usize] as char).collect())
        .collect()
}

fn play(app: &App) -> Play {
    *app.world().resource::<State<Play>>().get()
}

fn notices(app: &App) -> Vec<String> {
    app.world().resource::<Notices>().0.clone()
}

fn open_designer(app: &mut App) {
    send(app, ScreenCommand::Design);
    app.update();
    app.update();
    assert_eq!(play(app), Play::Design);
}

/// Opens the designer (on a copy of the level being played, in "My levels"), adds a new level
/// and moves it first: the designer then shows the starter room as level 1.
fn open_designer_on_starter(app: &mut App) {
    open_designer(app);
    design(app, [DesignCmd::NewLevel, DesignCmd::Shift(true)]);
    assert_eq!(app.world().resource::<Design>().level, 0);
}

const STARTER: [&str; 6] = [
    "########", "# $  . #", "#      #", "#   @  #", "#      #", "########",
];

#[test]
fn designer_paints_resizes_undoes_and_validates() {
    let d = crate::temp_dir("designer");
    let mut app = app_with_data(&d);
    open_designer_on_starter(&mut app);
    assert_eq!(rows(&app), STARTER);
    let status = |app: &App| app.world().resource::<Design>().status();
    assert!(status(&app).ends_with("playable"), "{}", status(&app));
    // A drag with the wall pen: one line, one undo step.
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Wall),
            DesignCmd::Press(Pos::new(1, 4)),
            DesignCmd::Over(Pos::new(2, 4)),
            DesignCmd::Over(Pos::new(4, 4)),
            DesignCmd::Release,
        ],
    );
    assert_eq!(rows(&app)[4], "#####  #");
    // An area of goals, painted under the worker and the box.
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Goal),
            DesignCmd::ToggleArea,
            DesignCmd::Press(Pos::new(2, 1)),
            DesignCmd::Over(Pos::new(3, 2)),
            DesignCmd::Release,
            DesignCmd::ToggleArea,
        ],
    );
    assert_eq!(rows(&app)[1], "# *. . #");
    assert!(
        status(&app).contains("1 box but 5 goals"),
        "{}",
        status(&app)
    );
    design(&mut app, [DesignCmd::Undo]);
    assert_eq!(rows(&app)[1], "# $  . #");
    design(&mut app, [DesignCmd::Undo]);
    assert_eq!(rows(&app), STARTER, "the drag was one step");
    design(&mut app, [DesignCmd::Redo]);
    assert_eq!(rows(&app)[4], "#####  #");
    // Open walls: the red cells, named by the validator.
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Floor),
            DesignCmd::Press(Pos::new(7, 2)),
            DesignCmd::Release,
        ],
    );
    assert!(status(&app).contains("open"), "{}", status(&app));
    assert_eq!(
        app.world().resource::<Design>().editor.open_cells(),
        [Pos::new(7, 2)]
    );
    design(&mut app, [DesignCmd::Undo]);
    // The worker pen moves the one worker.
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Worker),
            DesignCmd::Press(Pos::new(6, 2)),
            DesignCmd::Release,
        ],
    );
    assert_eq!(rows(&app)[2], "#     @#");
    assert_eq!(rows(&app)[3], "#      #");
    // Resize, rotate, mirror.
    design(
        &mut app,
        [DesignCmd::Edit(Edit::Resize {
            left: 0,
            top: 0,
            right: 2,
            bottom: 0,
        })],
    );
    assert_eq!(rows(&app)[0], "########  ");
    design(
        &mut app,
        [DesignCmd::Edit(Edit::Resize {
            left: 0,
            top: 0,
            right: -2,
            bottom: 0,
        })],
    );
    design(&mut app, [DesignCmd::Edit(Edit::Rotate)]);
    assert_eq!(rows(&app).len(), 8);
    design(&mut app, [DesignCmd::Edit(Edit::MirrorX)]);
    design(&mut app, [DesignCmd::Edit(Edit::MirrorY)]);
    design(
        &mut app,
        [DesignCmd::Undo, DesignCmd::Undo, DesignCmd::Undo],
    );
    assert_eq!(rows(&app)[2], "#     @#");
}

#[test]
fn a_user_collection_is_saved_as_made_and_reloads_byte_identically() {
    let d = crate::temp_dir("usercoll");
    let mut app = app_with_data(&d);
    open_designer_on_starter(&mut app);
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Brick),
            DesignCmd::Press(Pos::new(6, 4)),
            DesignCmd::Release,
            DesignCmd::Duplicate,
        ],
    );
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Box),
            DesignCmd::Press(Pos::new(3, 2)),
            DesignCmd::Release,
            DesignCmd::Pen(Pen::Goal),
            DesignCmd::Press(Pos::new(2, 2)),
            DesignCmd::Release,
            DesignCmd::NewLevel,
            DesignCmd::Shift(true),
        ],
    );
    let file = d.join("collections/my-levels.bxb");
    let on_disk = std::fs::read(&file).unwrap();
    let list = app.world().resource::<Collections>();
    let entry = list.list.iter().find(|e| e.is_user()).unwrap();
    // The copy of the level being played, the starter room and the two made from it.
    assert_eq!(entry.collection.levels.len(), 4);
    assert_eq!(
        on_disk,
        formats::write(Format::Bxb, &entry.collection),
        "the file is the collection, written as it was made"
    );
    assert!(
        d.join("collections/my-levels.bxb.bak").exists(),
        "the previous version is kept"
    );
    let levels = entry.collection.levels.clone();
    drop(app);
    // A new start reads the same collection; writing it again gives the same bytes.
    let app = app_with_data(&d);
    let list = app.world().resource::<Collections>();
    let again = list.list.iter().find(|e| e.is_user()).unwrap();
    assert_eq!(again.collection.levels, levels);
    assert_eq!(formats::write(Format::Bxb, &again.collection), on_disk);
}

#[test]
fn test_play_solves_and_stores_the_solution_with_the_level() {
    let d = crate::temp_dir("testplay");
    let mut app = app_with_data(&d);
    open_designer_on_starter(&mut app);
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Wall),
            DesignCmd::Press(Pos::new(6, 4)),
            DesignCmd::Release,
        ],
    );
    design(&mut app, [DesignCmd::Test]);
    app.update();
    app.update();
    assert_eq!(play(&app), Play::Active);
    let cur = app.world().resource::<CurrentLevel>();
    assert!(cur.source.ends_with("my-levels.bxb"), "{}", cur.source);
    for ch in "llluuRRR".chars() {
        send(
            &mut app,
            PlayerCommand::Step(Direction::from_lurd(ch).unwrap()),
        );
        settle(&mut app);
    }
    assert_eq!(play(&app), Play::Solved);
    let saved = files::load(&d.join("collections/my-levels.bxb"))
        .unwrap()
        .collection;
    let r = saved.levels[0]
        .recording
        .as_ref()
        .expect("solved in its file");
    assert_eq!((r.moves, r.pushes), (8, 3));
    assert_eq!(r.lurd.as_deref(), Some("llluuRRR"));
    // Back to editing where we left off: the undo history is still there.
    open_designer(&mut app);
    assert!(app.world().resource::<Design>().editor.can_undo());
    // An unplayable level is not test-played: the reason is shown.
    design(
        &mut app,
        [
            DesignCmd::Pen(Pen::Floor),
            DesignCmd::Press(Pos::new(2, 1)),
            DesignCmd::Release,
            DesignCmd::Test,
        ],
    );
    app.update();
    assert_eq!(play(&app), Play::Design);
    assert!(
        notices(&app)
            .last()
            .is_some_and(|n| n.contains("cannot be played yet") && n.contains("no boxes")),
        "{:?}",
        notices(&app)
    );
}

#[test]
fn pasted_levels_in_awkward_formats_become_a_collection() {
    let d = crate::temp_dir("paste");
    let mut app = app_with_data(&d);
    // Everything formats.md lists at once: a title like "500+", CRLF, ragged and indented rows,
    // `-` and `_` floors, a title after the board, an RLE line with groups.
    let text = "500+\r\n #####\r\n #@$.#\r\n #####\r\n\r\n; Second\r\n\
                ####\n#-@#\n#_$###\n#__..#\n# $ #\n#####\n; after\n\n\
                7#|#.@-#-#|#$*-$-#|#3-$-#|#-..--#|#--*--#|7#\n";
    app.world_mut().write_message(PastedText(text.to_string()));
    app.update();
    app.update();
    app.update();
    let list = app.world().resource::<Collections>();
    let pasted = list.list.last().unwrap();
    assert!(pasted.is_user());
    assert_eq!(pasted.collection.name, "Pasted levels");
    assert_eq!(pasted.collection.levels.len(), 3, "{:?}", notices(&app));
    assert_eq!(pasted.collection.levels[0].title, "500+");
    assert_eq!(pasted.collection.levels[2].width, 7);
    let cur = app.world().resource::<CurrentLevel>();
    assert_eq!(cur.source, pasted.source, "the pasted levels are on screen");
    // A solution pasted afterwards is still a solution, not a level.
    app.world_mut().write_message(PastedText("R".into()));
    app.update();
    app.update();
    assert_eq!(play(&app), Play::Replay);
}

#[test]
fn a_partial_import_lists_the_bad_levels_and_keeps_the_rest() {
    let d = crate::temp_dir("partial");
    let mut app = app_with_data(&d);
    let text = "; good\n#####\n#@$.#\n#####\n\n; two workers\n#####\n#@$@#\n#.  #\n#####\n\n\
                ; open\n#####\n#@$. \n#####\n\n; good too\n######\n#@ $.#\n######\n";
    app.world_mut().write_message(CollectionCmd::Import {
        file: "mixed.xsb".into(),
        bytes: text.as_bytes().to_vec(),
    });
    app.update();
    app.update();
    let n = notices(&app);
    assert!(
        n.iter()
            .any(|m| m.contains("level 2 \"two workers\" left out") && m.contains("2 workers")),
        "{n:?}"
    );
    assert!(
        n.iter()
            .any(|m| m.contains("level 3 \"open\" left out") && m.contains("open")),
        "{n:?}"
    );
    assert!(n.iter().any(|m| m.contains("imported 2 level(s)")), "{n:?}");
    let list = app.world().resource::<Collections>();
    let e = list.list.last().unwrap();
    assert_eq!(e.collection.name, "mixed");
    let titles: Vec<&str> = e
        .collection
        .levels
        .iter()
        .map(|l| l.title.as_str())
        .collect();
    assert_eq!(titles, ["good", "good too"]);
    assert!(d.join("collections/mixed.bxb").exists());
    // Nothing playable: nothing imported, and said so.
    app.world_mut().write_message(CollectionCmd::Import {
        file: "none.xsb".into(),
        bytes: b"; only text\n".to_vec(),
    });
    app.update();
    assert!(
        notices(&app)
            .last()
            .is_some_and(|m| m.contains("none.xsb") && m.contains("nothing imported")),
        "{:?}",
        notices(&app)
    );
}

#[test]
fn export_writes_every_user_collection_with_its_records() {
    let d = crate::temp_dir("export");
    let mut app = app_with_data(&d);
    open_designer(&mut app);
    design(&mut app, [DesignCmd::Test]);
    app.update();
    app.update();
    for ch in "llluuRRR".chars() {
        send(
            &mut app,
            PlayerCommand::Step(Direction::from_lurd(ch).unwrap()),
        );
        settle(&mut app);
    }
    for ext in ["bxa", "xsb", "bxb"] {
        send(&mut app, ScreenCommand::Export(ext));
        app.update();
        app.update();
        let path = d.join(format!("exports/my-levels.{ext}"));
        let back = files::load(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .collection;
        assert_eq!(back.levels.len(), 1);
        if ext != "xsb" {
            assert!(back.levels[0].recording.is_some(), "{ext}: solved flag");
        }
    }
    assert!(
        notices(&app)
            .last()
            .is_some_and(|m| m.contains("exported") && m.contains("my-levels.bxb")),
        "{:?}",
        notices(&app)
    );
}

#[test]
fn two_fingers_in_the_designer_zoom_and_never_paint() {
    use bevy::input::touch::{TouchInput, TouchPhase};
    let d = crate::temp_dir("designzoom");
    let mut app = app_with_data(&d);
    open_designer_on_starter(&mut app);
    let before = rows(&app);
    // A finger starts a stroke (picking would send this Press); a second finger lands.
    design(
        &mut app,
        [DesignCmd::Pen(Pen::Wall), DesignCmd::Press(Pos::new(2, 2))],
    );
    assert_ne!(rows(&app), before, "the first finger painted");
    let touch = |app: &mut App, id: u64, phase: TouchPhase, x: f32| {
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(x, 100.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id,
        });
    };
    touch(&mut app, 1, TouchPhase::Started, 100.0);
    touch(&mut app, 2, TouchPhase::Started, 150.0);
    app.update();
    app.update();
    assert_eq!(rows(&app), before, "the stroke is taken back");
    assert!(!app.world().resource::<Design>().editor.can_redo());
    touch(&mut app, 1, TouchPhase::Moved, 75.0);
    touch(&mut app, 2, TouchPhase::Moved, 175.0);
    app.update();
    let zoom = app.world().resource::<pushbox::game::BoardZoom>().zoom;
    assert!((zoom - 2.0).abs() < 1e-3, "zoom {zoom}");
    touch(&mut app, 1, TouchPhase::Ended, 75.0);
    touch(&mut app, 2, TouchPhase::Ended, 175.0);
    app.update();
    assert_eq!(rows(&app), before);
    assert_eq!(play(&app), Play::Design);
}

#[test]
fn a_level_file_opened_for_play_designs_into_my_levels() {
    let d = crate::temp_dir("designfile");
    let mut app = app_with_data(&d);
    // As `play --level FILE` leaves it: a collection that is not one of the player's.
    app.world_mut().resource_mut::<CurrentLevel>().source = "/elsewhere/levels.xsb".into();
    open_designer(&mut app);
    let designed = app.world().resource::<Design>();
    let list = app.world().resource::<Collections>();
    let mine = &list.list[designed.collection].collection;
    assert_eq!(mine.name, "My levels");
    // The designer opens on a copy of the level being played, not on a blank room.
    let playing = app.world().resource::<CurrentLevel>().level().clone();
    assert_eq!(mine.levels.len(), 1);
    assert_eq!(mine.levels[0].cells, playing.cells);
    assert_ne!(rows(&app), STARTER);
    // Done, then Design again on the same level: the same copy, not a second one.
    design(&mut app, [DesignCmd::Done]);
    app.update();
    assert_eq!(play(&app), Play::Active);
    app.world_mut().resource_mut::<CurrentLevel>().source = "/elsewhere/levels.xsb".into();
    open_designer(&mut app);
    let list = app.world().resource::<Collections>();
    let mine = list
        .list
        .iter()
        .find(|e| e.collection.name == "My levels")
        .unwrap();
    assert_eq!(mine.collection.levels.len(), 1, "copied once");
}

/// Leaving the designer by every way out never loses the game: Done (Escape) on a playable and
/// on an unplayable level, Back, and Done after test-play and Design again. Each used to panic
/// ("Resource does not exist") in the frame after Done.
#[test]
fn every_way_out_of_the_designer_keeps_the_app_running() {
    let d = crate::temp_dir("designexit");
    let mut app = app_with_data(&d);
    for leave in 0..4 {
        open_designer(&mut app);
        match leave {
            0 => design(&mut app, [DesignCmd::Done]),
            1 => {
                design(&mut app, [DesignCmd::Test]);
                app.update();
                assert_eq!(play(&app), Play::Active);
                open_designer(&mut app);
                design(&mut app, [DesignCmd::Done]);
            }
            2 => {
                use leafwing_input_manager::user_input::Buttonlike;
                KeyCode::BrowserBack.press(app.world_mut());
                app.update();
                KeyCode::BrowserBack.release(app.world_mut());
            }
            _ => {
                // Unplayable (no boxes left): Done returns to the level that was on the board.
                design(
                    &mut app,
                    [
                        DesignCmd::Pen(Pen::Floor),
                        DesignCmd::ToggleArea,
                        DesignCmd::Press(Pos::new(0, 0)),
                        DesignCmd::Over(Pos::new(6, 2)),
                        DesignCmd::Release,
                        DesignCmd::ToggleArea,
                        DesignCmd::Done,
                    ],
                );
            }
        }
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(play(&app), Play::Active, "way out {leave}");
        assert!(
            !app.world().contains_resource::<Design>(),
            "way out {leave}"
        );
    }
}

/// Strokes are written after a pause, not one file write per stroke; the `.bak` is the collection
/// as it was when the designer opened, not one stroke old; leaving writes what is left.
#[test]
fn the_designer_writes_after_a_pause_and_backs_up_the_visits_start() {
    let d = crate::temp_dir("designwrite");
    let mut app = app_with_data(&d);
    open_designer_on_starter(&mut app);
    let file = d.join("collections/my-levels.bxb");
    let bak = d.join("collections/my-levels.bxb.bak");
    let at_start = std::fs::read(&file).unwrap();
    let stroke = |app: &mut App, x: u32| {
        design(
            app,
            [
                DesignCmd::Pen(Pen::Wall),
                DesignCmd::Press(Pos::new(x, 2)),
                DesignCmd::Release,
            ],
        );
    };
    stroke(&mut app, 2);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        at_start,
        "not written on the stroke's frame"
    );
    for _ in 0..12 {
        app.update(); // 100 ms a frame: past the pause
    }
    let first = std::fs::read(&file).unwrap();
    assert_ne!(first, at_start, "written after the pause");
    stroke(&mut app, 3);
    for _ in 0..12 {
        app.update();
    }
    let second = std::fs::read(&file).unwrap();
    assert_ne!(second, first);
    let backup = std::fs::read(&bak).unwrap();
    assert_ne!(backup, first, "the backup is not one stroke old");
    // A stroke, then Done at once: leaving writes it.
    stroke(&mut app, 4);
    design(&mut app, [DesignCmd::Done]);
    app.update();
    app.update();
    let saved = files::load(&file).unwrap().collection;
    assert_eq!(
        saved.levels[0].rows().nth(2).map(|r| r[4]),
        Some(pushbox::core::cell::WALL)
    );
}
