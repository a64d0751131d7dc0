//! The real game window under Xvfb with Mesa's software Vulkan: the scripted mode plays a built-in
//! level through the real input path and saves screenshots; the test checks their pixels against
//! what the rules say (worker and boxes where they must be, the solved overlay at the end).
//!
//! Needs `xvfb-run` (`bash .ci/setup` installs it). Set PUSHBOX_SKIP_WINDOW_TESTS=1 to skip on a
//! machine without it; the skip is printed, never silent.

use std::path::{Path, PathBuf};
use std::process::Command;

use pushbox::core::{Direction, Pos, files, lurd};
use pushbox::game::mechanics::art;
use pushbox::game::vocab::palette;

use crate::temp_dir;

struct Shot {
    width: usize,
    rgba: Vec<u8>,
    layout: Vec<(String, u32, u32, f32, f32)>,
    solved: bool,
    moves: u32,
    /// Cell size on screen, in pixels.
    cell: f32,
}

/// A PNG's width and its pixels as RGBA.
fn read_png(path: &Path) -> (usize, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgba: Vec<u8> = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    (info.width as usize, rgba)
}

impl Shot {
    fn load(path: &Path) -> Shot {
        let (width, rgba) = read_png(path);
        let text = std::fs::read_to_string(path.with_extension("png.layout")).unwrap();
        let mut layout = Vec::new();
        let mut solved = false;
        let mut moves = 0;
        for line in text.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f[0] == "moves" {
                moves = f[1].parse().unwrap();
                solved = f[5] == "true";
            } else {
                layout.push((
                    f[0].to_string(),
                    f[1].parse().unwrap(),
                    f[2].parse().unwrap(),
                    f[3].parse().unwrap(),
                    f[4].parse().unwrap(),
                ));
            }
        }
        // "window W H cell PX" opens the buttons file.
        let buttons = std::fs::read_to_string(path.with_extension("png.buttons")).unwrap();
        let cell = buttons
            .lines()
            .next()
            .and_then(|l| l.split_whitespace().nth(4))
            .and_then(|v| v.parse().ok())
            .expect("the cell size in the .png.buttons file");
        Shot {
            width,
            rgba,
            layout,
            solved,
            moves,
            cell,
        }
    }

    fn pixel(&self, x: f32, y: f32) -> [u8; 3] {
        let i = (y as usize * self.width + x as usize) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// The grid cells of the worker and the boxes, as the screenshot's layout lists them.
    fn cells(&self, kind: &str) -> Vec<Pos> {
        let mut v: Vec<Pos> = self
            .layout
            .iter()
            .filter(|l| l.0.starts_with(kind))
            .map(|l| Pos::new(l.1, l.2))
            .collect();
        v.sort();
        v
    }

    /// Checks the colour at the art's probe point of every listed item (the worker's shirt, the
    /// box's panel). With `overlay`, an item is seen dimmed by the backdrop of a screen over the
    /// board, or is hidden under that screen's opaque panel.
    fn check_colours(&self, overlay: bool) {
        for (kind, x, y, sx, sy) in &self.layout {
            let want = match kind.as_str() {
                "worker" => palette::WORKER,
                "box" => palette::BOX,
                _ => palette::BOX_ON_GOAL,
            };
            let (px, py) = art::PROBE;
            let got = self.pixel(sx + (px - 0.5) * self.cell, sy + (py - 0.5) * self.cell);
            let dimmed = over(pushbox::game::vocab::palette::BACKDROP, want);
            let seen = close(got, want)
                || (overlay
                    && (close(got, dimmed)
                        || close(got, over(pushbox::game::vocab::palette::PANEL, dimmed))));
            assert!(
                seen,
                "{kind} at cell {x},{y} (screen {sx},{sy}): pixel {got:?}, expected {:?}",
                srgb(want)
            );
        }
    }

    /// Near-white pixels (text) in a box around the screen's centre.
    fn white_near_centre(&self) -> usize {
        let h = self.rgba.len() / 4 / self.width;
        let (cx, cy) = (self.width / 2, h / 2);
        let mut n = 0;
        for y in cy - 90..cy + 90 {
            for x in cx - 200..cx + 200 {
                let p = self.pixel(x as f32, y as f32);
                n += (p.iter().all(|&c| c > 220)) as usize;
            }
        }
        n
    }
}

fn srgb(c: bevy::color::Color) -> [u8; 3] {
    let s = c.to_srgba();
    [s.red, s.green, s.blue].map(|v| (v * 255.0).round() as u8)
}

/// A colour seen through a translucent layer (alpha blending in linear space, as Bevy renders).
fn over(layer: bevy::color::Color, c: bevy::color::Color) -> bevy::color::Color {
    use bevy::color::{ColorToComponents, LinearRgba};
    let layer = layer.to_linear();
    let a = layer.alpha;
    let under = c.to_linear().to_vec3();
    LinearRgba::from_vec3(layer.to_vec3() * a + under * (1.0 - a)).into()
}

fn close(a: [u8; 3], c: bevy::color::Color) -> bool {
    let b = srgb(c);
    a.iter()
        .zip(b)
        .all(|(x, y)| (*x as i32 - y as i32).abs() <= 12)
}

fn play(args: &[&str]) -> bool {
    play_sized("-screen 0 1280x720x24", args)
}

/// Runs the game under Xvfb with this screen (`-screen 0 WxHxD`).
fn play_sized(screen: &str, args: &[&str]) -> bool {
    run_window(screen, &[&["play"], args].concat())
}

/// Runs `pushbox ARGS` (a command that opens the window) under Xvfb with this screen.
fn run_window(screen: &str, args: &[&str]) -> bool {
    run_window_env(screen, args, &[])
}

/// [`run_window`] with these environment variables set for the game.
fn run_window_env(screen: &str, args: &[&str], vars: &[(&str, &str)]) -> bool {
    if std::env::var_os("PUSHBOX_SKIP_WINDOW_TESTS").is_some() {
        eprintln!("PUSHBOX_SKIP_WINDOW_TESTS is set: the real-window test is SKIPPED");
        return false;
    }
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", screen, env!("CARGO_BIN_EXE_pushbox")])
        .args(args)
        .envs(vars.iter().copied())
        .status()
        .expect("xvfb-run is needed for the window tests: run `bash .ci/setup` (or set PUSHBOX_SKIP_WINDOW_TESTS=1)");
    assert!(status.success(), "the scripted game exited with {status}");
    true
}

#[test]
fn scripted_window_plays_a_builtin_level_to_solved() {
    let d = temp_dir("window");
    let shot = |n: &str| -> PathBuf { d.join(n) };
    let level_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/tutorial.bxb");
    let script = format!(
        "screenshot {}; tap 2,1; wait; screenshot {}; button Undo; wait; screenshot {}; button Redo; wait; key Z; wait; key Y; wait; lurd RR",
        shot("start.png").display(),
        shot("walked.png").display(),
        shot("undone.png").display()
    );
    let level_arg = format!("{}:1", level_file.display());
    let end = shot("end.png");
    let data = d.join("data");
    if !play(&[
        "--data-dir",
        data.to_str().unwrap(),
        "--level",
        &level_arg,
        "--input",
        &script,
        "--screenshot",
        end.to_str().unwrap(),
    ]) {
        return;
    }
    // What the rules say, from the core alone.
    let start = files::load(&level_file).unwrap().collection.levels[0]
        .board()
        .unwrap();
    let mut walked = start.clone();
    walked.step(Direction::Right).unwrap();
    let solved = lurd::apply(start.clone(), &lurd::parse("rRR").unwrap()).unwrap();

    for (name, board) in [
        ("start.png", &start),
        ("walked.png", &walked),
        ("end.png", solved.board()),
    ] {
        let s = Shot::load(&shot(name));
        assert_eq!(s.cells("worker"), [board.worker_pos()], "{name}: worker");
        assert_eq!(s.moves, board.moves(), "{name}: moves");
        let mut boxes: Vec<Pos> = board.boxes().collect();
        boxes.sort();
        assert_eq!(s.cells("box"), boxes, "{name}: boxes");
        s.check_colours(name == "end.png");
    }
    let walked_shot = Shot::load(&shot("walked.png"));
    let end_shot = Shot::load(&shot("end.png"));
    assert!(!walked_shot.solved && end_shot.solved);
    assert_eq!(
        end_shot
            .layout
            .iter()
            .filter(|l| l.0 == "box-on-goal")
            .count(),
        1
    );
    // The solved overlay: its text appears in the middle of the screen, where the board had none.
    // (Before solving, only the worker's small white eye is there.)
    let (before, after) = (
        walked_shot.white_near_centre(),
        end_shot.white_near_centre(),
    );
    assert!(
        after > before + 1500,
        "the solved overlay's text is shown: {before} white pixels before, {after} after"
    );
}

/// Play some moves on level 4 and close the window; start again: the same position. Then replay a
/// solution file to its end, and close the replay: the player's position is back.
#[test]
fn the_window_restores_the_game_and_replays_a_solution() {
    let d = temp_dir("window-save");
    let data = d.join("data");
    let data = data.to_str().unwrap();
    let first = d.join("first.png");
    if !play(&[
        "--data-dir",
        data,
        "--instant",
        "--input",
        "key N; key N; key N; wait; lurd ll; wait; lurd u; wait",
        "--screenshot",
        first.to_str().unwrap(),
    ]) {
        return;
    }
    let again = d.join("again.png");
    play(&["--data-dir", data, "--screenshot", again.to_str().unwrap()]);
    let (a, b) = (Shot::load(&first), Shot::load(&again));
    assert_eq!(a.moves, 3);
    assert_eq!(b.moves, 3, "the counters came back");
    assert_eq!(b.cells("worker"), a.cells("worker"));
    assert_eq!(b.cells("box"), a.cells("box"));
    assert_eq!(b.layout, a.layout, "every item on the same cell and pixel");
    b.check_colours(false);

    let solution = d.join("level4.lurd");
    std::fs::write(&solution, "lluurDurrrddllLrrruulDullddrR\n").unwrap();
    let (replayed, closed) = (d.join("replayed.png"), d.join("closed.png"));
    play(&[
        "--data-dir",
        data,
        "--replay",
        solution.to_str().unwrap(),
        "--input",
        &format!(
            "frames 5; key End; wait; screenshot {}; key Escape; wait",
            replayed.display()
        ),
        "--screenshot",
        closed.to_str().unwrap(),
    ]);
    let r = Shot::load(&replayed);
    assert!(r.solved, "the replay ends solved");
    assert_eq!(r.moves, 29);
    assert!(r.layout.iter().all(|l| l.0 != "box"), "every box on a goal");
    assert_eq!(r.layout.iter().filter(|l| l.0 == "box-on-goal").count(), 2);
    r.check_colours(false);
    let c = Shot::load(&closed);
    assert_eq!(
        c.layout, a.layout,
        "the player's game is back after the replay"
    );

    // The system clipboard: a wrong solution is refused, a right one replayed and kept with the
    // replay screen's buttons (clicked through UI picking).
    let pasted = d.join("pasted.png");
    let level1 = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/tutorial.bxb");
    play(&[
        "--data-dir",
        data,
        "--level",
        &format!("{}:1", level1.display()),
        "--input",
        &format!(
            "clipboard rrrr; frames 5; key Ctrl+V; frames 3; clipboard rlrRR; frames 5; key Ctrl+V; frames 3; button End; wait; screenshot {}; button Keep; frames 2; button Close; frames 3",
            pasted.display()
        ),
    ]);
    let p = Shot::load(&pasted);
    assert!(p.solved && p.moves == 5);
    let progress = std::fs::read_to_string(d.join("data/progress.ron")).unwrap();
    assert!(
        progress.contains("\"rlrRR\""),
        "kept as a record: {progress}"
    );
    assert!(!progress.contains("rrrr"));
}

/// The `.buttons` file beside a screenshot: window size, pixels per cell, button rectangles.
struct Buttons {
    window: (f32, f32),
    cell_px: f32,
    /// The `Play` state when the screenshot was taken.
    screen: String,
    rects: Vec<(f32, f32, f32, f32, String)>,
}

impl Buttons {
    fn load(shot: &Path) -> Buttons {
        let text = std::fs::read_to_string(shot.with_extension("png.buttons")).unwrap();
        let mut lines = text.lines();
        let head: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let rects = lines
            .map(|l| {
                let f: Vec<&str> = l.splitn(5, ' ').collect();
                let n = |i: usize| f[i].parse::<f32>().unwrap();
                (n(0), n(1), n(2), n(3), f.get(4).unwrap_or(&"").to_string())
            })
            .collect();
        Buttons {
            window: (head[1].parse().unwrap(), head[2].parse().unwrap()),
            cell_px: head[4].parse().unwrap(),
            screen: head[6].to_string(),
            rects,
        }
    }

    /// Every button is at least 48 logical pixels each way and lies inside the window.
    fn check_finger_sized(&self, name: &str) {
        assert!(!self.rects.is_empty(), "{name}: no buttons");
        for (x, y, w, h, label) in &self.rects {
            assert!(
                *w >= 48.0 && *h >= 48.0,
                "{name}: button {label:?} is {w}x{h}"
            );
            assert!(
                *x >= 0.0 && *y >= 0.0 && x + w <= self.window.0 && y + h <= self.window.1,
                "{name}: button {label:?} at {x},{y} ({w}x{h}) leaves the {:?} window",
                self.window
            );
        }
    }
}

/// On a phone the solver's hint is played to the end with a tap: the Hint button, then "Play
/// all" beside the hint's line (shown only while a hint is found), finger-sized and on screen.
#[test]
fn a_tap_on_play_all_plays_the_hints_whole_solution() {
    let d = temp_dir("window-play-all");
    let shot = |n: &str| d.join(format!("{n}.png"));
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/tutorial.bxb:7");
    let script = format!(
        "screenshot {}; button Hint; frames 60; screenshot {}; button Play all; wait; frames 4",
        shot("start").display(),
        shot("found").display(),
    );
    if !play_sized(
        "-screen 0 1080x2340x24",
        &[
            "--data-dir",
            d.join("data").to_str().unwrap(),
            "--size",
            "1080x2340",
            "--level",
            level.to_str().unwrap(),
            "--input",
            &script,
            "--screenshot",
            shot("end").to_str().unwrap(),
        ],
    ) {
        return;
    }
    let has_play_all = |b: &Buttons| b.rects.iter().any(|r| r.4.trim() == "Play all");
    let start = Buttons::load(&shot("start"));
    assert!(!has_play_all(&start), "Play all before any hint");
    let found = Buttons::load(&shot("found"));
    assert!(has_play_all(&found), "no Play all once the hint is found");
    found.check_finger_sized("found");
    assert_eq!(found.screen, "Active");
    let end = Buttons::load(&shot("end"));
    assert_eq!(end.screen, "Solved");
    assert!(Shot::load(&shot("end")).solved);
}

/// Phone-shaped windows, portrait and landscape: the HUD, a large level zoomed in with a pinch and
/// played with a swipe, and the level browser; every button finger-sized and on screen.
#[test]
fn phone_windows_fit_the_hud_zoom_and_browser() {
    let d = temp_dir("window-phone");
    let data = d.join("data");
    let big = crate::fixture("levels/microban/Microban_155.xsb");
    for (w, h) in [(1080, 2340), (2340, 1080)] {
        let tag = format!("{w}x{h}");
        let shot = |n: &str| d.join(format!("{tag}-{n}.png"));
        let script = format!(
            "screenshot {}; pinch 20,15 3; frames 3; screenshot {}; swipe 20,15 l; wait; screenshot {}; key Home; frames 3; screenshot {}; key Home; frames 3; key Tab; frames 3",
            shot("hud").display(),
            shot("zoomed").display(),
            shot("swiped").display(),
            shot("title").display(),
        );
        if !play_sized(
            &format!("-screen 0 {}x{}x24", w.max(h), w.max(h)),
            &[
                "--data-dir",
                data.join(&tag).to_str().unwrap(),
                "--size",
                &tag,
                "--level",
                &format!("{}:155", big.display()),
                "--input",
                &script,
                "--screenshot",
                shot("browser").to_str().unwrap(),
            ],
        ) {
            return;
        }
        let hud = Buttons::load(&shot("hud"));
        assert_eq!(hud.window, (w as f32, h as f32));
        hud.check_finger_sized(&format!("{tag} hud"));
        let labels: Vec<&str> = hud.rects.iter().map(|r| r.4.as_str()).collect();
        for l in ["Levels", "Undo", "Redo", "Restart", "Next"] {
            assert!(labels.contains(&l), "{tag}: {l} button: {labels:?}");
        }
        let zoomed = Buttons::load(&shot("zoomed"));
        let ratio = zoomed.cell_px / hud.cell_px;
        assert!(
            (ratio - 3.0).abs() < 0.05,
            "{tag}: a 3x pinch makes cells {ratio:.2}x larger ({} -> {} px)",
            hud.cell_px,
            zoomed.cell_px
        );
        let z = Shot::load(&shot("zoomed"));
        assert_eq!(z.moves, 0, "{tag}: a pinch is not a move");
        // The pinch was around the worker's cell: it is still on screen, near where it was.
        let (_, _, _, sx, sy) = z.layout.iter().find(|l| l.0 == "worker").unwrap().clone();
        assert!(sx > 0.0 && sy > 0.0 && sx < w as f32 && sy < h as f32);
        let s = Shot::load(&shot("swiped"));
        assert_eq!(s.moves, 1, "{tag}: the swipe stepped once");
        let before = Shot::load(&shot("hud")).cells("worker")[0];
        assert_eq!(
            s.cells("worker"),
            [pushbox::core::Pos::new(before.x - 1, before.y)],
            "{tag}: one cell left"
        );
        let title = Buttons::load(&shot("title"));
        assert_eq!(title.screen, "Title", "{tag}");
        title.check_finger_sized(&format!("{tag} title"));
        let browser = Buttons::load(&shot("browser"));
        assert_eq!(browser.screen, "Picking", "{tag}");
        browser.check_finger_sized(&format!("{tag} browser"));
        assert!(
            browser.rects.iter().filter(|r| r.4.contains("155")).count() >= 1,
            "{tag}: the browser lists level 155"
        );
        let levels = browser
            .rects
            .iter()
            .filter(|r| r.4.trim_start_matches("> ").starts_with(char::is_numeric))
            .count();
        assert_eq!(levels, 15, "{tag}: the last page holds levels 141-155");
        assert!(
            browser.rects.iter().any(|r| r.4 == "< Page"),
            "{tag}: pages"
        );
    }
}

/// `play 'LINK'` opens a shared level in "Shared with you" and replays the solution in it;
/// "Copy link" in the level menu puts a link on the real clipboard that Ctrl+V opens; a hostile
/// link is refused with a notice on screen and the game runs on.
#[test]
fn share_links_open_from_the_command_line_and_the_clipboard() {
    let d = temp_dir("window-share");
    let small = "#######\n#@ $ .#\n#######";
    let level = pushbox::core::formats::xsb::read("t", small)
        .unwrap()
        .levels
        .remove(0);
    let link = pushbox::core::share::link("http://localhost:8080/", &level, Some("rRR"));
    let shot = d.join("link.png");
    if !play(&[
        &link,
        "--data-dir",
        d.join("a").to_str().unwrap(),
        "--input",
        "frames 40",
        "--screenshot",
        shot.to_str().unwrap(),
    ]) {
        return;
    }
    let shared = |data: &str| {
        files::load(&d.join(data).join("collections/shared-with-you.bxb"))
            .unwrap()
            .collection
    };
    assert_eq!(shared("a").levels[0].cells, level.cells);
    let replayed = Shot::load(&shot);
    assert!(replayed.moves > 0, "the link's solution replays");

    let five = crate::fixture("levels/xsokoban/XSokoban_90.xsb");
    let five_spec = format!("{}:5", five.display());
    assert!(play(&[
        "--data-dir",
        d.join("b").to_str().unwrap(),
        "--level",
        &five_spec,
        "--input",
        "frames 5; key L; frames 3; button Copy link; frames 3; key Escape; frames 3; key Ctrl+V; frames 5",
        "--screenshot",
        d.join("copied.png").to_str().unwrap(),
    ]));
    let levels = files::load(&five).unwrap().collection.levels;
    assert_eq!(shared("b").levels[0].cells, levels[4].cells);

    let refused = d.join("refused.png");
    assert!(play(&[
        "http://localhost:8080/#level=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "--data-dir",
        d.join("c").to_str().unwrap(),
        "--input",
        "frames 5",
        "--screenshot",
        refused.to_str().unwrap(),
    ]));
    let texts = std::fs::read_to_string(refused.with_extension("png.texts")).unwrap();
    assert!(texts.contains("the link was not opened"), "{texts}");
    assert!(!d.join("c/collections/shared-with-you.bxb").exists());
}

/// Draw a level from scratch in the designer with the mouse (areas, a drag, taps on the palette's
/// pens), test-play it to solved through the real input path, and export it.
#[test]
fn the_designer_draws_test_plays_and_exports_a_level() {
    let d = temp_dir("window-design");
    let data = d.join("data");
    let (designed, solved) = (d.join("designed.png"), d.join("solved.png"));
    let script = format!(
        "key E; frames 3; button New; button Earlier; frames 2; \
         button Wall; button Area; drag 0,0 7,5; button Floor; drag 1,1 6,4; \
         button Area; button Wall; drag 3,2 3,3; button Worker; tap 1,4; button Box; tap 2,2; \
         button Goal; tap 5,1; frames 2; screenshot {}; button Test; wait; frames 3; \
         lurd ruUluRRR; wait; screenshot {}; key L; frames 3; button Export .bxa; frames 3",
        designed.display(),
        solved.display()
    );
    let end = d.join("exported.png");
    if !play(&[
        "--data-dir",
        data.to_str().unwrap(),
        "--input",
        &script,
        "--screenshot",
        end.to_str().unwrap(),
    ]) {
        return;
    }
    let mine = files::load(&data.join("collections/my-levels.bxb"))
        .unwrap()
        .collection;
    let rows: Vec<String> = mine.levels[0]
        .rows()
        .map(|r| r.iter().map(|&b| b" .#%$*@+"[b as usize] as char).collect())
        .collect();
    assert_eq!(
        rows,
        [
            "########", "#    . #", "# $#   #", "#  #   #", "#@     #", "########"
        ]
    );
    let r = mine.levels[0]
        .recording
        .as_ref()
        .expect("solved in test-play");
    assert_eq!(r.lurd.as_deref(), Some("ruUluRRR"));
    let s = Shot::load(&solved);
    assert!(s.solved && s.moves == 8);
    s.check_colours(true);
    let exported = files::load(&data.join("exports/my-levels.bxa"))
        .unwrap()
        .collection;
    assert_eq!(exported.levels[0].cells, mine.levels[0].cells);
    assert!(exported.levels[0].recording.is_some());
    // The designer's palette: finger-sized buttons, all on screen.
    let b = Buttons::load(&designed);
    b.check_finger_sized("designer");
    for l in [
        "Floor", "Goal", "Wall", "Brick", "Box", "Worker", "Test", "Rotate", "+Left",
    ] {
        assert!(b.rects.iter().any(|r| r.4 == l), "the {l} button");
    }
}

/// `play --import FILE` makes a collection of a level file; Ctrl+C copies the level on screen to
/// the system clipboard as XSB and Ctrl+V pastes it back as a new collection: the same board.
#[test]
fn import_copy_and_paste_through_the_real_clipboard() {
    let d = temp_dir("window-clip");
    let data = d.join("data");
    let micro = crate::fixture("levels/microban/Microban_155.xsb");
    let end = d.join("pasted.png");
    if !play(&[
        "--data-dir",
        data.to_str().unwrap(),
        "--import",
        micro.to_str().unwrap(),
        "--input",
        "frames 5; key N; wait; key Ctrl+C; frames 5; key Ctrl+V; frames 5; key Ctrl+Shift+C; frames 5; key Ctrl+V; frames 5",
        "--screenshot",
        end.to_str().unwrap(),
    ]) {
        return;
    }
    let imported = files::load(&data.join("collections/microban-155.bxb"))
        .unwrap()
        .collection;
    assert_eq!(imported.levels.len(), 155);
    let pasted = files::load(&data.join("collections/pasted-levels.bxb"))
        .unwrap()
        .collection;
    assert_eq!(pasted.levels.len(), 1);
    assert_eq!(
        (pasted.levels[0].width, pasted.levels[0].height),
        (imported.levels[1].width, imported.levels[1].height)
    );
    assert_eq!(
        pasted.levels[0].cells, imported.levels[1].cells,
        "level 2, copied and pasted"
    );
    // Copied again as one RLE line (from the pasted collection now on screen), pasted again.
    let rle = files::load(&data.join("collections/pasted-levels-2.bxb"))
        .unwrap()
        .collection;
    assert_eq!(rle.levels[0].cells, imported.levels[1].cells, "through RLE");
}

impl Shot {
    /// How many distinct colours the picture has (a blank or failed frame has one or two).
    fn colours(&self) -> usize {
        let mut seen = std::collections::HashSet::new();
        for p in self.rgba.chunks(4) {
            seen.insert([p[0], p[1], p[2]]);
        }
        seen.len()
    }

    /// Pixels near white inside a rectangle (x, y, w, h): drawn text.
    fn white_in(&self, (x, y, w, h): (f32, f32, f32, f32)) -> usize {
        let mut n = 0;
        for py in y as usize..(y + h) as usize {
            for px in x as usize..(x + w) as usize {
                n += self.pixel(px as f32, py as f32).iter().all(|&c| c > 220) as usize;
            }
        }
        n
    }
}

impl Buttons {
    /// The button labelled `label` at least `min_width` wide (the HUD's buttons are narrower
    /// than the title screen's, and stay listed under it).
    fn get(&self, label: &str, min_width: f32) -> (f32, f32, f32, f32) {
        let r = self
            .rects
            .iter()
            .find(|r| r.4.trim() == label && r.2 >= min_width)
            .unwrap_or_else(|| panic!("no {label:?} button in {:?}", self.rects));
        (r.0, r.1, r.2, r.3)
    }
}

/// Each screen at a desktop size renders what its layout says: the title screen (name, picture,
/// Continue / Levels / Settings / Quit), the level browser, a level in play and the solved panel.
/// Keys only: Home, the arrows and Enter move through the screens as a keyboard player would.
#[test]
fn every_screen_renders_at_desktop_size() {
    let d = temp_dir("window-screens");
    let shot = |n: &str| d.join(format!("{n}.png"));
    let script = format!(
        "key Home; frames 4; screenshot {}; key ArrowDown; frames 2; key Enter; frames 4; screenshot {}; key Tab; frames 3; key Escape; frames 3; screenshot {}; lurd rRR; wait; frames 4",
        shot("title").display(),
        shot("browser").display(),
        shot("level").display(),
    );
    let level_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/tutorial.bxb");
    if !play(&[
        "--data-dir",
        d.join("data").to_str().unwrap(),
        "--level",
        &format!("{}:1", level_file.display()),
        "--input",
        &script,
        "--screenshot",
        shot("solved").to_str().unwrap(),
    ]) {
        return;
    }
    for name in ["title", "browser", "level", "solved"] {
        let s = Shot::load(&shot(name));
        assert!(
            s.colours() > 40,
            "{name}: {} colours, looks blank",
            s.colours()
        );
        let b = Buttons::load(&shot(name));
        assert_eq!(b.window, (1280.0, 720.0), "{name}");
        b.check_finger_sized(name);
    }
    // The title screen: its buttons in a column, the name in large text above them.
    let title = Buttons::load(&shot("title"));
    assert_eq!(title.screen, "Title");
    let t = Shot::load(&shot("title"));
    let labels = ["Continue", "Levels", "Settings", "Quit"];
    let rects: Vec<_> = labels.iter().map(|l| title.get(l, 260.0)).collect();
    for pair in rects.windows(2) {
        assert!(
            pair[1].1 > pair[0].1,
            "title buttons in a column: {rects:?}"
        );
    }
    for (label, r) in labels.iter().zip(&rects) {
        assert!(t.white_in(*r) > 40, "the {label} button shows its label");
    }
    let above = (rects[0].0, rects[0].1 - 150.0, rects[0].2, 110.0);
    assert!(
        t.white_in(above) > 2000,
        "the name above the buttons: {}",
        t.white_in(above)
    );
    // The arrow moved to Levels and Enter pressed it: the level browser, one button per level.
    let browser = Buttons::load(&shot("browser"));
    assert_eq!(browser.screen, "Picking");
    let levels = browser
        .rects
        .iter()
        .filter(|r| r.4.trim_start_matches("> ").starts_with(char::is_numeric))
        .count();
    assert_eq!(levels, 10, "the tutorial's ten levels");
    // The two built-in collections to switch to.
    browser.get("Tutorial (10)", 48.0);
    browser.get("PushBox (40)", 48.0);
    // The level: worker and box where the rules put them, in their colours.
    let level = Shot::load(&shot("level"));
    assert_eq!(Buttons::load(&shot("level")).screen, "Active");
    assert_eq!(level.cells("worker"), [Pos::new(1, 1)]);
    assert_eq!(level.cells("box"), [Pos::new(3, 1)]);
    level.check_colours(false);
    // Solved: the panel with its buttons over the board.
    let solved = Shot::load(&shot("solved"));
    let sb = Buttons::load(&shot("solved"));
    assert_eq!(sb.screen, "Solved");
    assert!(solved.solved);
    solved.check_colours(true);
    assert!(solved.white_near_centre() > 300, "the solved text");
    sb.get("Next level", 48.0);
}

/// The screen tour: from a level, every screen by every way in and every way out it has (Escape,
/// the phone's Back, Done, Close, the buttons), a screenshot after each step and the screen it
/// must be. The game must never panic on the way (leaving the designer used to).
#[test]
fn the_screen_tour_visits_and_leaves_every_screen() {
    // (steps, the screen after them)
    let tour: &[(&str, &str)] = &[
        ("frames 2", "Active"),
        ("key Home", "Title"),
        ("key Escape", "Active"),
        ("key Home; button Levels", "Picking"),
        ("key Escape", "Title"),
        ("key Back", "Active"),
        ("key Tab; button PushBox (40)", "Picking"),
        ("button Close", "Active"),
        ("key Tab; button Tutorial (10)", "Picking"),
        ("key Back", "Active"),
        ("key O", "Settings"),
        ("key Escape", "Active"),
        ("key Home; button Settings", "Settings"),
        ("button Close", "Title"),
        ("button Continue", "Active"),
        ("button Menu; key O; key Back", "Title"),
        ("key Escape; key F5", "Snapshots"),
        ("button Keep this position", "Snapshots"),
        ("key Escape", "Active"),
        ("key L", "LevelMenu"),
        ("key Escape", "Active"),
        ("button More", "LevelMenu"),
        ("button Close", "Active"),
        ("key L; key Back", "Active"),
        ("key L; key L", "Active"),
        ("key L; button Settings", "Settings"),
        ("key Escape", "LevelMenu"),
        ("button Title screen", "Title"),
        ("key Escape; key L; button Snapshots", "Snapshots"),
        ("button Restore", "Active"),
        ("key F5; button Close", "Active"),
        ("key F5; key Back; key Home", "Title"),
        ("button Link", "Link"),
        ("key Escape", "Title"),
        ("button Link; button Menu", "Title"),
        ("button Link; key Back", "Title"),
        ("button Link; key O", "Settings"),
        ("key Escape", "Link"),
        ("key Home", "Title"),
        ("key Escape; key E", "Design"),
        ("key Escape", "Active"),
        ("button Design", "Design"),
        ("button Done", "Active"),
        ("key E; key T", "Active"),
        ("button Design", "Design"),
        ("key Escape", "Active"),
        ("key E; key Back", "Active"),
        ("key E; key 4; tap 1,1; frames 2", "Design"),
        ("button Done", "Active"),
        ("key E; button Worker; tap 1,1; frames 2", "Design"),
        ("button Done", "Active"),
        ("lurd rRR", "Solved"),
        ("key Escape", "Title"),
        ("key Escape", "Solved"),
        ("button Replay", "Replay"),
        ("button Close", "Solved"),
        ("key V", "Replay"),
        ("key Escape", "Solved"),
        ("key V; key Back", "Solved"),
        ("key Tab", "Picking"),
        ("button Close", "Solved"),
        ("key Z", "Active"),
    ];
    let d = temp_dir("window-tour");
    let level_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/tutorial.bxb");
    for (w, h) in [(1280, 720), (1080, 2340)] {
        let shot = |i: usize| d.join(format!("{w}x{h}-{i:02}.png"));
        let script: Vec<String> = tour
            .iter()
            .enumerate()
            .map(|(i, (steps, _))| format!("{steps}; frames 3; screenshot {}", shot(i).display()))
            .collect();
        let screen = format!("-screen 0 {}x{}x24", w.max(h), w.max(h));
        let data = d.join(format!("data-{w}x{h}"));
        if !play_sized(
            &screen,
            &[
                "--data-dir",
                data.to_str().unwrap(),
                "--size",
                &format!("{w}x{h}"),
                "--level",
                &format!("{}:1", level_file.display()),
                "--input",
                &script.join("; "),
            ],
        ) {
            return;
        }
        for (i, (steps, want)) in tour.iter().enumerate() {
            let b = Buttons::load(&shot(i));
            assert_eq!(b.screen, *want, "{w}x{h} step {i} ({steps})");
            b.check_finger_sized(&format!("{w}x{h} step {i} ({steps})"));
        }
        // The designer was left by Done, Escape and Back; what it made is in "My levels".
        let mine = files::load(&data.join("collections/my-levels.bxb")).unwrap();
        assert_eq!(mine.collection.levels.len(), 1, "one copy of the level");
        // The browser showed PushBox's first page while the tutorial level stayed on the board.
        let browsed = Buttons::load(&shot(6));
        let levels: Vec<&str> = browsed
            .rects
            .iter()
            .map(|r| r.4.as_str())
            .filter(|l| l.starts_with(char::is_numeric))
            .collect();
        let mut numbers: Vec<u32> = levels
            .iter()
            .filter_map(|l| l.split(' ').next()?.parse().ok())
            .collect();
        numbers.sort_unstable();
        assert_eq!(
            numbers,
            (1..=20).collect::<Vec<u32>>(),
            "{w}x{h}: every level button of the first page: {levels:?}"
        );
        browsed.get("Close", 48.0);
        browsed.get("> PushBox (40)", 48.0);
        let back = Shot::load(&shot(7));
        assert_eq!(
            back.cells("worker"),
            [Pos::new(1, 1)],
            "still tutorial level 1"
        );
        // The replay's buttons are one width and stay put when Play becomes Pause; its text
        // counts what the layout (the same frame) says.
        let replays: Vec<usize> = (0..tour.len()).filter(|&i| tour[i].1 == "Replay").collect();
        assert!(replays.len() >= 2);
        let mut starts = Vec::new();
        for &i in &replays {
            let b = Buttons::load(&shot(i));
            for label in ["Start", "Prev", "Next", "End", "Slower", "Faster", "Close"] {
                assert_eq!(b.get(label, 48.0).2, 128.0, "{w}x{h} step {i}: {label}");
            }
            let play = b
                .rects
                .iter()
                .find(|r| r.4 == "Play" || r.4 == "Pause")
                .unwrap();
            assert_eq!(play.2, 128.0);
            starts.push(b.get("Start", 48.0));
            let moves = Shot::load(&shot(i)).moves;
            let texts = std::fs::read_to_string(shot(i).with_extension("png.texts")).unwrap();
            assert!(
                texts.contains(&format!("Moves {moves} ")),
                "{w}x{h} step {i}: the layout's {moves} moves on screen: {texts}"
            );
        }
        assert!(starts.windows(2).all(|p| p[0] == p[1]), "{starts:?}");
        // The HUD's buttons are listed (and shown) only while the level is on screen.
        for (i, (_, want)) in tour.iter().enumerate() {
            let b = Buttons::load(&shot(i));
            // The Link mode has a Restart of its own; the HUD's Prev tells the HUD there.
            let hud_label = if *want == "Link" { "Prev" } else { "Restart" };
            let hud = b.rects.iter().any(|r| r.4 == hud_label);
            assert_eq!(
                hud,
                matches!(*want, "Active" | "Solved"),
                "{w}x{h} step {i} ({want}): {:?}",
                b.rects
            );
        }
    }
}

/// The first-play hint goes at the first move; the board must not jump (be refitted) when it goes.
#[test]
fn the_board_stays_put_when_the_first_play_hint_goes() {
    let d = temp_dir("window-hint");
    let level_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/pushbox.bxb");
    let level = files::load(&level_file).unwrap().collection.levels[0].clone();
    assert!(
        level.notes.is_empty(),
        "a level whose line shows only the first-play hint"
    );
    let board = level.board().unwrap();
    let dir = Direction::SEARCH_ORDER
        .into_iter()
        .find(|&d| board.clone().step(d).is_ok())
        .expect("a first step");
    let (before, after) = (d.join("before.png"), d.join("after.png"));
    if !play(&[
        "--data-dir",
        d.join("data").to_str().unwrap(),
        "--level",
        &format!("{}:1", level_file.display()),
        "--input",
        &format!(
            "screenshot {}; lurd {}; wait; frames 30; screenshot {}",
            before.display(),
            dir.lurd(false),
            after.display()
        ),
    ]) {
        return;
    }
    let (a, b) = (Buttons::load(&before), Buttons::load(&after));
    assert!(a.cell_px > 0.0);
    assert!(
        (a.cell_px - b.cell_px).abs() < 0.01,
        "cells {} px before the first move, {} px after",
        a.cell_px,
        b.cell_px
    );
    let (sa, sb) = (Shot::load(&before), Shot::load(&after));
    let box_a: Vec<_> = sa.layout.iter().filter(|l| l.0 != "worker").collect();
    let box_b: Vec<_> = sb.layout.iter().filter(|l| l.0 != "worker").collect();
    if dir_pushes_nothing(&board, dir) {
        assert_eq!(box_a, box_b, "the boxes stay at the same pixels");
    }
}

fn dir_pushes_nothing(board: &pushbox::core::Board, dir: Direction) -> bool {
    board.clone().step(dir).is_ok_and(|m| m.box_to.is_none())
}

/// A screenshot of the Link mode: its pixels, the game's state line and each tile's cell, face
/// and screen point (`.layout`), the cell size (`.buttons`) and the texts on screen.
struct LinkShot {
    width: usize,
    rgba: Vec<u8>,
    state: String,
    tiles: Vec<(pushbox::core::link::Cell, f32, f32)>,
    cell: f32,
    texts: String,
}

impl LinkShot {
    fn load(path: &Path) -> LinkShot {
        let (width, rgba) = read_png(path);
        let layout = std::fs::read_to_string(path.with_extension("png.layout")).unwrap();
        let mut lines = layout.lines();
        let state = lines.next().unwrap().to_string();
        assert!(state.starts_with("link "), "{state}");
        let tiles = lines
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let cell =
                    pushbox::core::link::Cell::new(f[1].parse().unwrap(), f[2].parse().unwrap());
                (cell, f[4].parse().unwrap(), f[5].parse().unwrap())
            })
            .collect();
        let buttons = std::fs::read_to_string(path.with_extension("png.buttons")).unwrap();
        let cell = buttons
            .lines()
            .next()
            .and_then(|l| l.split_whitespace().nth(4))
            .and_then(|v| v.parse().ok())
            .unwrap();
        let texts = std::fs::read_to_string(path.with_extension("png.texts")).unwrap();
        LinkShot {
            width,
            rgba,
            state,
            tiles,
            cell,
            texts,
        }
    }

    fn pixel(&self, at: (f32, f32)) -> [u8; 3] {
        let i = (at.1 as usize * self.width + at.0 as usize) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Where the centre of a cell (ring cells included) is on screen, from the listed tiles.
    fn centre(&self, c: pushbox::core::link::Cell, from: &LinkShot) -> (f32, f32) {
        let (t, x, y) = from.tiles[0];
        (
            x + (c.x - t.x) as f32 * self.cell,
            y + (c.y - t.y) as f32 * self.cell,
        )
    }

    /// The screen point halfway along a line's longest segment.
    fn middle_of_longest(&self, line: &pushbox::core::link::Line, from: &LinkShot) -> (f32, f32) {
        let longest = line
            .points()
            .windows(2)
            .max_by_key(|s| (s[0].x - s[1].x).abs() + (s[0].y - s[1].y).abs())
            .unwrap();
        let (a, b) = (self.centre(longest[0], from), self.centre(longest[1], from));
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    }

    /// The tile's ivory face shows at the cell's top-left quarter (clear of every symbol).
    fn ivory_at(&self, centre: (f32, f32)) -> bool {
        let p = self.pixel((centre.0 - 0.3 * self.cell, centre.1 - 0.3 * self.cell));
        let ivory = [240, 233, 216];
        p.iter()
            .zip(ivory)
            .all(|(a, b)| (*a as i32 - b).abs() <= 14)
    }
}

/// A yellow-orange pixel (the removal's line) rather than the dark background or an ivory tile.
fn yellowish(p: [u8; 3]) -> bool {
    p[0] > 120 && p[1] > 80 && p[2] < 110
}

/// Greenish (the hint's line).
fn greenish(p: [u8; 3]) -> bool {
    let [r, g, b] = p.map(i32::from);
    g > 120 && g > r + 40 && g > b + 20
}

/// The Link mode in the real window, at desktop and phone sizes: a seeded deal played to the end
/// with mouse clicks (desktop) and finger taps (phone) through the real input path. The pixels show every tile the rules leave (and none
/// where pairs went), the hint's line and a removal's line, and the Cleared panel at the end.
#[test]
fn the_link_mode_plays_a_deal_to_the_end_in_the_window() {
    use pushbox::core::link::deal;
    for (screen, window, (w, h), seed) in [
        ("-screen 0 1280x720x24", "1280x720", (10, 6), 11),
        ("-screen 0 1080x2340x24", "1080x2340", (6, 8), 12),
    ] {
        let d = temp_dir(&format!("window-link-{w}x{h}"));
        let shot = |n: &str| d.join(format!("{n}.png"));
        let (dealt, order) = deal(w, h, false, seed).unwrap();
        let half = order.len() / 2;
        let tap = if window == "1080x2340" {
            "touch"
        } else {
            "tap"
        };
        let mut script = format!(
            "frames 2; key H; frames 2; screenshot {}",
            shot("hint").display()
        );
        for (i, (a, b)) in order.iter().enumerate() {
            // A finger on the phone, the mouse on the desktop.
            script += &format!("; {tap} {a}; {tap} {b}");
            if i == 0 {
                script += &format!("; screenshot {}", shot("line").display());
            }
            if i + 1 == half {
                script += &format!("; frames 20; screenshot {}", shot("half").display());
            }
        }
        script += "; frames 4";
        let size = format!("{w}x{h}");
        let seed = seed.to_string();
        if !run_window(
            screen,
            &[
                "link",
                "play",
                "--size",
                &size,
                "--seed",
                &seed,
                "--window",
                window,
                "--data-dir",
                d.join("data").to_str().unwrap(),
                "--input",
                &script,
                "--screenshot",
                shot("cleared").to_str().unwrap(),
            ],
        ) {
            return;
        }
        // The deal: every tile on its ivory face, and the hint's line in green.
        let start = LinkShot::load(&shot("hint"));
        assert_eq!(start.tiles.len() as i32, w * h, "{window}");
        for &(c, x, y) in &start.tiles {
            assert!(
                start.ivory_at((x, y)),
                "{window}: tile {c} at {x},{y}: {:?}",
                start.pixel((x, y))
            );
        }
        let (_, _, hint) = dealt.playable_pairs()[0];
        let at = start.middle_of_longest(&hint, &start);
        assert!(
            greenish(start.pixel(at)),
            "{window}: the hint's line at {at:?}: {:?}",
            start.pixel(at)
        );
        // Right after the first pair: its line, over the cells it runs through.
        let line = LinkShot::load(&shot("line"));
        let removed = dealt.link(order[0].0, order[0].1).unwrap();
        let at = line.middle_of_longest(&removed, &start);
        assert!(
            yellowish(line.pixel(at)),
            "{window}: the removal's line at {at:?}: {:?}",
            line.pixel(at)
        );
        // Half way: the tiles the rules leave, and none where the removed pairs were.
        let mid_shot = LinkShot::load(&shot("half"));
        assert_eq!(
            mid_shot.tiles.len(),
            (w * h) as usize - 2 * half,
            "{window}"
        );
        for &(c, x, y) in &mid_shot.tiles {
            assert!(mid_shot.ivory_at((x, y)), "{window}: tile {c}");
        }
        for &(a, b) in &order[..half] {
            for c in [a, b] {
                let at = mid_shot.centre(c, &start);
                assert!(
                    !mid_shot.ivory_at(at),
                    "{window}: {c} was removed but shows a tile"
                );
            }
        }
        // The end: no tile, the Cleared panel.
        let end = LinkShot::load(&shot("cleared"));
        assert!(
            end.state.contains("tiles 0") && end.state.contains("cleared true"),
            "{}",
            end.state
        );
        assert!(end.texts.contains("Cleared!"), "{}", end.texts);
        let b = Buttons::load(&shot("cleared"));
        assert_eq!(b.screen, "Link");
        b.get("New deal", 48.0);
        b.check_finger_sized(window);
    }
}

/// The ink of the HUD's first text line (light text on the dark bar): its rows, and the runs of
/// columns with ink (a glyph, or glyphs touching), left to right, in the left 70 % of the window.
fn hud_ink(shot: &Shot) -> ((usize, usize), Vec<(usize, usize)>) {
    let ink = |x: usize, y: usize| shot.pixel(x as f32, y as f32)[0] > 128;
    let right = shot.width * 7 / 10;
    let rows: Vec<usize> = (0..100)
        .filter(|&y| (0..right).any(|x| ink(x, y)))
        .collect();
    let (top, bottom) = (rows[0], *rows.last().unwrap());
    let mut runs = Vec::new();
    let mut x = 0;
    while x < right {
        if (top..=bottom).any(|y| ink(x, y)) {
            let start = x;
            while x < right && (top..=bottom).any(|y| ink(x, y)) {
                x += 1;
            }
            runs.push((start, x));
        } else {
            x += 1;
        }
    }
    ((top, bottom), runs)
}

/// Whether a glyph's box has ink in its middle third (a hollow "missing glyph" box has none).
fn inked_middle(shot: &Shot, (top, bottom): (usize, usize), (x0, x1): (usize, usize)) -> bool {
    let (w, h) = (x1 - x0, bottom - top + 1);
    (x0 + w / 3..x1 - w / 3)
        .any(|x| (top + h / 3..bottom - h / 3).any(|y| shot.pixel(x as f32, y as f32)[0] > 128))
}

/// Chinese names (issue 18): a `.bxb` whose collection is 康佳 (stored in GB2312) and whose
/// level is titled 第一关, followed by a character no font has, opened at desktop and phone
/// sizes with the CJK fallback font and without it (`PUSHBOX_NO_CJK_FALLBACK`, the old tofu).
/// With it, the HUD draws six different full-width glyphs with ink in their middles (康 佳 第 一
/// 关 and the 〓 that stands for the missing character); without it, the same missing-glyph box
/// for each.
#[test]
fn chinese_names_show_their_characters() {
    let d = temp_dir("window-cjk");
    let bxa = d.join("kj.bxa");
    std::fs::write(
        &bxa,
        "PushBox BXA 1\nGroup: 康佳\nLevels: 1\n\nLevel: 1\nTitle: 第一关，😀\nSize: 6x3\nSolved: no\n######\n#(x-+#\n######\n",
    )
    .unwrap();
    let bxb = d.join("kj.bxb");
    let converted = Command::new(env!("CARGO_BIN_EXE_pushbox"))
        .args([
            "convert",
            bxa.to_str().unwrap(),
            "--to",
            bxb.to_str().unwrap(),
        ])
        .status()
        .unwrap();
    assert!(converted.success());
    for (w, h) in [(1280, 720), (1080, 2340)] {
        let screen = format!("-screen 0 {w}x{h}x24");
        let mut shots = Vec::new();
        for fallback in [true, false] {
            let shot = d.join(format!("{w}x{h}-{fallback}.png"));
            let vars: &[(&str, &str)] = if fallback {
                &[]
            } else {
                &[("PUSHBOX_NO_CJK_FALLBACK", "1")]
            };
            let data = d.join(format!("data-{w}-{fallback}"));
            if !run_window_env(
                &screen,
                &[
                    "play",
                    "--size",
                    &format!("{w}x{h}"),
                    "--level",
                    bxb.to_str().unwrap(),
                    "--data-dir",
                    data.to_str().unwrap(),
                    "--input",
                    "frames 3",
                    "--screenshot",
                    shot.to_str().unwrap(),
                ],
                vars,
            ) {
                return;
            }
            let texts = std::fs::read_to_string(shot.with_extension("png.texts")).unwrap();
            assert!(
                texts.contains("康佳  |  Level 1/1: 第一关，〓"),
                "{w}x{h}: the name as read from the file, the emoji shown as 〓: {texts}"
            );
            shots.push(Shot::load(&shot));
        }
        let (cjk, tofu) = (&shots[0], &shots[1]);
        let full_width = |shot: &Shot| {
            let (band, runs) = hud_ink(shot);
            let height = band.1 - band.0;
            runs.into_iter()
                .filter(|(a, b)| b - a >= height * 2 / 3)
                .map(|r| (r, inked_middle(shot, band, r)))
                .collect::<Vec<_>>()
        };
        let drawn = full_width(cjk);
        assert_eq!(drawn.len(), 6, "{w}x{h}: six full-width glyphs: {drawn:?}");
        assert!(drawn.iter().all(|(_, inked)| *inked), "{w}x{h}: {drawn:?}");
        // Six different pictures with the font; without it, every character is the same
        // missing-glyph box.
        let pictures = |shot: &Shot| {
            let (band, _) = hud_ink(shot);
            let mut p: Vec<Vec<bool>> = full_width(shot)
                .into_iter()
                .map(|(run, _)| ink_picture(shot, band, run))
                .collect();
            p.sort();
            p.dedup();
            p.len()
        };
        assert_eq!(pictures(cjk), 6, "{w}x{h}: six different glyphs");
        let boxes = full_width(tofu);
        assert!(!boxes.is_empty(), "{w}x{h}: the missing glyphs are drawn");
        assert!(
            pictures(tofu) < boxes.len(),
            "{w}x{h}: without the font, the same box for every character: {boxes:?}"
        );
    }
}

/// The ink of a run of columns over the text band, as one picture (for comparing glyphs).
fn ink_picture(shot: &Shot, (top, bottom): (usize, usize), (x0, x1): (usize, usize)) -> Vec<bool> {
    (top..=bottom)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .map(|(x, y)| shot.pixel(x as f32, y as f32)[0] > 128)
        .collect()
}

/// Box to target in the real window (issue 17), at 1280x720 by mouse and at 1080x2340 by
/// finger: a tap on a box lights the cells it can be pushed to (green squares where the rules
/// say, none where they do not), a tap on a lit cell walks and pushes it there, and one undo takes
/// the whole move back; a push into a corner draws the deadlock warning; B turns to reverse play,
/// where the boxes stand on the goals and a tapped box lights the cells the core can pull it to.
#[test]
fn a_clicked_box_goes_to_a_clicked_lit_cell() {
    for (screen, size, tap) in [
        ("-screen 0 1280x720x24", "1280x720", "tap"),
        ("-screen 0 2340x2340x24", "1080x2340", "touch"),
    ] {
        box_moves_in_a_window(screen, size, tap);
    }
}

fn box_moves_in_a_window(screen: &str, size: &str, tap: &str) {
    let d = temp_dir(&format!("window-box-move-{size}"));
    let shot = |n: &str| d.join(format!("{n}.png"));
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/pushbox.bxb");
    let start = pushbox::core::files::load(&level)
        .unwrap()
        .collection
        .levels[4]
        .playable()
        .unwrap();
    let reverse = pushbox::core::Game::reverse(&start).unwrap();
    let pulled = reverse.board().boxes().next().unwrap();
    let script = [
        format!(
            "{tap} 2,1; frames 2; screenshot {}",
            shot("selected").display()
        ),
        format!(
            "{tap} 4,1; wait; frames 2; screenshot {}",
            shot("moved").display()
        ),
        format!(
            "key Z; wait; frames 2; screenshot {}",
            shot("undone").display()
        ),
        format!(
            "lurd RRRRR; frames 2; screenshot {}",
            shot("cornered").display()
        ),
        "key Z; wait; key B; wait; frames 2".to_string(),
        format!("{tap} {},{}; frames 2", pulled.x, pulled.y),
    ]
    .join("; ");
    if !play_sized(
        screen,
        &[
            "--data-dir",
            d.join("data").to_str().unwrap(),
            "--size",
            size,
            "--level",
            &format!("{}:5", level.display()),
            "--input",
            &script,
            "--screenshot",
            shot("reverse").to_str().unwrap(),
        ],
    ) {
        return;
    }
    let green = |p: [u8; 3]| p[1] as i32 > p[0] as i32 + 30 && p[1] as i32 > p[2] as i32 + 20;
    let selected = Shot::load(&shot("selected"));
    let (_, wx, wy, sx, sy) = selected.layout[0].clone();
    assert_eq!((wx, wy), (1, 1), "the worker");
    let centre = |shot: &Shot, x: u32, y: u32| {
        let (_, wx, wy, sx, sy) = shot.layout[0].clone();
        (
            sx + (x as f32 - wx as f32) * shot.cell,
            sy + (y as f32 - wy as f32) * shot.cell,
        )
    };
    let _ = (sx, sy);
    // Level 5, "Hallway": the box at 2,1 can go right along the top row (3,1 to 5,1), not to the
    // dead corner at 6,1 and not down past the wall.
    for x in 3..=5 {
        let (px, py) = centre(&selected, x, 1);
        let p = selected.pixel(px, py);
        assert!(green(p), "{size}: {x},1 lit: {p:?}");
    }
    for (x, y) in [(6, 1), (2, 2), (4, 3)] {
        let (px, py) = centre(&selected, x, y);
        assert!(!green(selected.pixel(px, py)), "{size}: {x},{y} not lit");
    }
    let moved = Shot::load(&shot("moved"));
    assert!(
        moved.cells("box").contains(&Pos::new(4, 1)),
        "{size}: {:?}",
        moved.layout
    );
    assert_eq!(moved.cells("worker"), [Pos::new(3, 1)]);
    let mut core = pushbox::core::Game::new(start.clone());
    let m = pushbox::core::push_path::box_move(&start, Pos::new(2, 1), Pos::new(4, 1)).unwrap();
    for &(dir, _) in &m.steps {
        core.step(dir, false).unwrap();
    }
    assert_eq!(
        moved.moves,
        core.board().moves(),
        "{size}: the core's count"
    );
    let undone = Shot::load(&shot("undone"));
    assert_eq!(undone.moves, 0);
    assert!(undone.cells("box").contains(&Pos::new(2, 1)));
    // Into the corner: the warning's dark red panel is drawn, and only then.
    let warning = |shot: &Shot| {
        let want = srgb(palette::WARNING);
        (shot.rgba.chunks(4))
            .filter(|p| {
                p.iter()
                    .zip(want)
                    .all(|(&a, b)| (a as i32 - b as i32).abs() < 12)
            })
            .count()
    };
    let cornered = Shot::load(&shot("cornered"));
    assert!(cornered.cells("box").contains(&Pos::new(6, 1)));
    assert!(warning(&cornered) > 2_000, "{size}: {}", warning(&cornered));
    assert!(warning(&moved) < 200, "{size}: {}", warning(&moved));
    // Reverse play: boxes where the core's reverse start has them, the pull targets lit.
    let rev = Shot::load(&shot("reverse"));
    assert_eq!(
        rev.cells("box"),
        reverse.board().boxes().collect::<Vec<_>>(),
        "{size}"
    );
    let texts = std::fs::read_to_string(shot("reverse").with_extension("png.texts")).unwrap();
    assert!(texts.contains("Reverse"), "{size}: {texts}");
    let targets = pushbox::core::push_path::pull_targets(reverse.board(), pulled);
    assert!(!targets.is_empty());
    // (The worker's sprite covers the mark of its own cell; a goal's ring its middle.)
    for t in targets
        .into_iter()
        .filter(|t| !rev.cells("worker").contains(t))
    {
        let (px, py) = centre(&rev, t.x, t.y);
        let (px, py) = (px - 0.21 * rev.cell, py - 0.21 * rev.cell);
        assert!(green(rev.pixel(px, py)), "{size}: pull target {t} lit");
    }
}

/// The screens in Chinese and in English (issue 18), at 1280x720 and 1080x2340: the title, the
/// level, the settings, the level browser, snapshots, the designer, the solved panel, the replay
/// and Link. In Chinese every text on screen is Chinese (names of levels and collections aside;
/// key names and file types may stay Latin); in both, every button's label fits its button.
#[test]
fn every_screen_speaks_chinese_and_no_label_overflows() {
    // (name, steps, the screen they lead to)
    let screens = [
        ("hud", "frames 2", "Active"),
        ("title", "key Home; frames 2", "Title"),
        ("settings", "key O; frames 2", "Settings"),
        (
            "browser",
            "key Escape; key Escape; key Tab; frames 2",
            "Picking",
        ),
        ("snapshots", "key Escape; key F5; frames 2", "Snapshots"),
        ("solved", "key Escape; lurd rRR; frames 3", "Solved"),
        ("replay", "key V; frames 3", "Replay"),
        (
            "link",
            "key Escape; key Home; button LINK; frames 4",
            "Link",
        ),
        // Last: leaving the designer plays its copy of the level (a level of the player's).
        (
            "designer",
            "key Escape; key Escape; key E; frames 2",
            "Design",
        ),
    ];
    // Latin words a Chinese screen may show: key names, file types, the formats.
    let allowed = [
        "Tab", "Ctrl", "RLE", "XSB", "bxa", "xsb", "bxb", "sok", "txt",
    ];
    let runs = [
        ("zh-Hans", "1280x720", "1280x1280"),
        ("zh-Hans", "1080x2340", "2340x2340"),
        ("en", "1280x720", "1280x1280"),
        ("en", "1080x2340", "2340x2340"),
    ];
    for (lang, size, screen) in runs {
        let chinese = lang == "zh-Hans";
        let d = temp_dir(&format!("window-{lang}-{size}"));
        let shot = |n: &str| d.join(format!("{n}.png"));
        let script: Vec<String> = screens
            .iter()
            .map(|(name, steps, _)| {
                let link = if chinese { "连连看" } else { "Link" };
                let steps = steps.replace("LINK", link);
                format!("{steps}; screenshot {}", shot(name).display())
            })
            .collect();
        if !play_sized(
            &format!("-screen 0 {screen}x24"),
            &[
                "--lang",
                lang,
                "--size",
                size,
                "--data-dir",
                d.join("data").to_str().unwrap(),
                "--input",
                &script.join("; "),
            ],
        ) {
            return;
        }
        for (name, _, want) in screens {
            let base = shot(name);
            let buttons = std::fs::read_to_string(base.with_extension("png.buttons")).unwrap();
            assert!(
                buttons
                    .lines()
                    .next()
                    .unwrap()
                    .ends_with(&format!("screen {want}")),
                "{lang} {size} {name}: {}",
                buttons.lines().next().unwrap()
            );
            let texts = std::fs::read_to_string(base.with_extension("png.texts")).unwrap();
            let has_chinese = texts
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            assert!(
                !chinese || has_chinese,
                "{lang} {size} {name}: no Chinese at all:\n{texts}"
            );
            for line in texts.lines().filter(|_| chinese) {
                let english: Vec<&str> = line
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() >= 3 && !allowed.contains(w))
                    .collect();
                assert!(
                    english.is_empty(),
                    "{lang} {size} {name}: English words {english:?} in {line:?}"
                );
            }
            let fits = std::fs::read_to_string(base.with_extension("png.fits")).unwrap();
            for l in fits.lines() {
                let f: Vec<&str> = l.splitn(5, ' ').collect();
                let n = |i: usize| f[i].parse::<f32>().unwrap();
                assert!(
                    n(0) <= n(2) + 1.0 && n(1) <= n(3) + 1.0,
                    "{lang} {size} {name}: the label {:?} ({}x{}) overflows its button ({}x{})",
                    f[4],
                    n(0),
                    n(1),
                    n(2),
                    n(3)
                );
            }
        }
    }
}

/// The language switch in the settings: system → English → 简体中文 redraws the settings and the
/// HUD at once, and the next start remembers it.
#[test]
fn the_language_switch_takes_effect_at_once_and_is_remembered() {
    let d = temp_dir("window-language");
    let data = d.join("data");
    let shot = |n: &str| d.join(format!("{n}.png"));
    let script = format!(
        "key O; frames 2; button Language: as the system (English); frames 2; \
         button Language: English; frames 3; screenshot {}; key Escape; frames 3",
        shot("settings").display()
    );
    let args = |extra: &[&str]| {
        let mut a = vec!["--lang", "en", "--data-dir", data.to_str().unwrap()];
        a.extend_from_slice(extra);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let first = args(&[
        "--input",
        &script,
        "--screenshot",
        shot("hud").to_str().unwrap(),
    ]);
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    if !play(&first) {
        return;
    }
    let texts = |n: &str| std::fs::read_to_string(shot(n).with_extension("png.texts")).unwrap();
    assert!(texts("settings").contains("设置"), "{}", texts("settings"));
    assert!(
        texts("settings").contains(" 简体中文\n"),
        "the language's own name on its switch: {}",
        texts("settings")
    );
    assert!(
        texts("hud").contains("撤销"),
        "the HUD too: {}",
        texts("hud")
    );
    // The next start (still told "en" as the system's language) keeps the choice.
    let again = args(&["--screenshot", shot("again").to_str().unwrap()]);
    let again: Vec<&str> = again.iter().map(String::as_str).collect();
    assert!(play(&again));
    assert!(texts("again").contains("撤销"), "{}", texts("again"));
}

/// A Link 3D tile in a layout file: its cell, whether it can be picked, where a pick clicks.
type BlockTile = (String, bool, Option<(f32, f32)>);

/// A Link 3D layout file: the state line, and each tile's cell, whether it can be picked, and
/// where a pick clicks (`None` when no open side of it faces the camera).
struct BlockShot {
    state: String,
    tiles: Vec<BlockTile>,
    rgba: Vec<u8>,
}

impl BlockShot {
    fn load(path: &Path) -> BlockShot {
        let text = std::fs::read_to_string(path.with_extension("png.layout")).unwrap();
        let mut lines = text.lines();
        let state = lines.next().unwrap().to_string();
        let tiles = lines
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let at = (f.len() == 6).then(|| (f[4].parse().unwrap(), f[5].parse().unwrap()));
                (f[1].to_string(), f[3] == "true", at)
            })
            .collect();
        BlockShot {
            state,
            tiles,
            rgba: read_png(path).1,
        }
    }

    /// How many pixels are `kind` here and not in `other` (the same window size).
    fn gained(&self, other: &BlockShot, kind: fn([u8; 3]) -> bool) -> usize {
        let px = |rgba: &[u8], i: usize| [rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]];
        (0..self.rgba.len() / 4)
            .filter(|&i| kind(px(&self.rgba, i)) && !kind(px(&other.rgba, i)))
            .count()
    }

    fn at(&self, cell: &str) -> Option<(f32, f32)> {
        self.tiles.iter().find(|t| t.0 == cell).and_then(|t| t.2)
    }
}

/// Link 3D in the real window, at desktop and phone sizes, opened from the 2D Link screen's
/// button: the block drawn (every tile listed where a pick clicks), the hint's line and tiles in
/// green, a removal's line in yellow that goes again, pairs picked by mouse clicks through the
/// 3D ray, a finger's drag turning the block, the buttons finger-sized, Escape back to Link.
#[test]
fn link3d_opens_from_link_picks_pairs_by_ray_and_turns_under_a_drag() {
    use pushbox::core::link3d::deal;
    for (screen, window, centre) in [
        ("-screen 0 1280x720x24", "1280x720", "640,360"),
        ("-screen 0 1280x1024x24", "412x915", "206,450"),
    ] {
        let d = temp_dir(&format!("window-link3d-{window}"));
        let shot = |n: &str| d.join(format!("{n}.png"));
        let (dealt, order) = deal(4, 4, 4, 3).unwrap();
        let mut script = format!(
            "frames 3; screenshot {start}; key H; frames 2; screenshot {hint}; pick {a}; pick {b}; \
             screenshot {line}; frames 20; screenshot {after}",
            start = shot("start").display(),
            hint = shot("hint").display(),
            line = shot("line").display(),
            after = shot("after").display(),
            a = order[0].0,
            b = order[0].1,
        );
        for (a, b) in &order[1..7] {
            script += &format!("; pick {a}; pick {b}");
        }
        script += &format!(
            "; frames 3; screenshot {}; fling {centre} 150,0; frames 3; screenshot {}; key Escape; \
             frames 3",
            shot("seven").display(),
            shot("turned").display()
        );
        // The deal the data folder's new Link 3D game gets is random: the 2D screen's button
        // opens it, then the seeded block is the one `link play --size` opens, checked here.
        if !run_window(
            screen,
            &[
                "link",
                "play",
                "--size",
                "4x4x4",
                "--seed",
                "3",
                "--window",
                window,
                "--data-dir",
                d.join("data").to_str().unwrap(),
                "--input",
                &script,
                "--screenshot",
                shot("back").to_str().unwrap(),
            ],
        ) {
            return;
        }
        let start = BlockShot::load(&shot("start"));
        assert!(
            start.state.starts_with("link3d 4x4x4 tiles 64 "),
            "{}",
            start.state
        );
        assert_eq!(start.tiles.len(), 64);
        // The outside tiles can be picked; of the eight inside, those beside their twin only.
        let buried: Vec<String> = (dealt.cells().filter(|&c| !dealt.reachable(c)))
            .map(|c| c.to_string())
            .collect();
        assert!(!buried.is_empty() && buried.len() <= 8);
        for (cell, pickable, at) in &start.tiles {
            assert_eq!(!pickable, buried.contains(cell), "{window}: {cell}");
            // A buried tile has no pick point; the front layer (z = 3) faces the camera.
            if buried.contains(cell) || cell.ends_with(",3") {
                assert_eq!(at.is_none(), buried.contains(cell), "{window}: {cell}");
            }
        }
        let hint = BlockShot::load(&shot("hint"));
        let green = hint.gained(&start, greenish);
        assert!(green > 300, "{window}: {green} pixels of the hint's green");
        let line = BlockShot::load(&shot("line"));
        let after = BlockShot::load(&shot("after"));
        assert!(line.state.contains("tiles 62"), "{}", line.state);
        let yellow = line.gained(&after, yellowish);
        assert!(
            yellow > 150,
            "{window}: {yellow} pixels of the removal's line"
        );
        let seven = BlockShot::load(&shot("seven"));
        assert!(
            seven.state.contains("tiles 50"),
            "{window}: {}",
            seven.state
        );
        for (a, b) in &order[..7] {
            for c in [a, b] {
                assert!(seven.at(&c.to_string()).is_none(), "{c} was removed");
            }
        }
        // The drag turned the block: the tiles a pick reaches moved on screen.
        let turned = BlockShot::load(&shot("turned"));
        let moved = seven
            .tiles
            .iter()
            .filter_map(|t| Some((t.2?, turned.at(&t.0)?)))
            .filter(|(a, b)| (a.0 - b.0).abs() + (a.1 - b.1).abs() > 20.0)
            .count();
        assert!(moved > 10, "{window}: {moved} tiles moved under the drag");
        let b = Buttons::load(&shot("turned"));
        assert_eq!(b.screen, "Link3d");
        for label in ["Hint", "Shuffle", "Undo", "New deal", "Link"] {
            b.get(label, 48.0);
        }
        b.check_finger_sized(window);
        // Escape: back to the 2D Link screen, whose toolbar has the Link 3D button.
        let back = Buttons::load(&shot("back"));
        assert_eq!(back.screen, "Link", "{window}");
        back.get("Link 3D", 48.0);
        back.check_finger_sized(window);
    }
}

/// A save set aside at start-up is told in the screens' language: with `--lang zh-Hans` and a
/// session file that is not UTF-8, the notice is Chinese, not the core's English.
#[test]
fn a_save_set_aside_at_start_up_is_told_in_the_screens_language() {
    let d = temp_dir("window-zh-notice");
    let data = d.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("session.ron"), b"garbage\x00\xff\n").unwrap();
    let shot = d.join("notice.png");
    let script = format!("frames 4; screenshot {}", shot.display());
    if !play(&[
        "--lang",
        "zh-Hans",
        "--size",
        "360x640",
        "--data-dir",
        data.to_str().unwrap(),
        "--input",
        &script,
    ]) {
        return;
    }
    let texts = std::fs::read_to_string(shot.with_extension("png.texts")).unwrap();
    assert!(texts.contains("不是 UTF-8 文本"), "{texts}");
    assert!(!texts.contains("not UTF-8"), "{texts}");
    assert!(data.join("session.ron.bad-1").exists());
}
