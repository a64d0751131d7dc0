//! Every screen at every window size a player brings, in both languages: the phones' logical
//! sizes upright and on their side, a tablet and two desktops. The real game window under Xvfb
//! tours the screens; each screenshot's `.targets`, `.fits` and `.texts` files are held to the
//! layout rules:
//!
//! - every button lies wholly inside the window (a scrolling panel may cut one: that part is
//!   what shows, and it scrolls into view);
//! - no two buttons overlap;
//! - every label fits its button;
//! - every touch target is at least 44 x 44 logical pixels;
//! - no text is under 12 logical pixels.
//!
//! Needs `xvfb-run`, as the window tests do (PUSHBOX_SKIP_WINDOW_TESTS=1 skips it, and says so).

use std::path::Path;
use std::process::Command;

use crate::temp_dir;

/// The window sizes, in logical pixels: phones (360x640, 390x844, 412x915) upright and on their
/// side, a tablet, and two desktops.
pub const SIZES: [(u32, u32); 9] = [
    (360, 640),
    (390, 844),
    (412, 915),
    (640, 360),
    (844, 390),
    (915, 412),
    (820, 1180),
    (1280, 720),
    (1920, 1080),
];

/// The tour: (screenshot name, steps from the screen before, the screen it shows). `MORE`,
/// `LINK` and `PAUSE` stand for those buttons' names in the language played.
const TOUR: [(&str, &str, &str); 13] = [
    ("play", "frames 2", "Active"),
    ("level-menu", "button MORE; frames 3", "LevelMenu"),
    ("title", "key Escape; key Home; frames 2", "Title"),
    ("browser", "key Escape; key Tab; frames 3", "Picking"),
    ("settings", "key Escape; key O; frames 2", "Settings"),
    ("snapshots", "key Escape; key F5; frames 2", "Snapshots"),
    ("notice", "key Escape; key Ctrl+C; frames 3", "Active"),
    ("solved", "lurd rRR; frames 3", "Solved"),
    ("replay", "key V; frames 3", "Replay"),
    (
        "link",
        "key Escape; key Escape; button LINK; frames 4",
        "Link",
    ),
    ("link-paused", "button PAUSE; frames 3", "Link"),
    ("link-settings", "key P; key O; frames 3", "Settings"),
    // Last: leaving the designer plays its copy of the level.
    (
        "designer",
        "key Escape; key Escape; key Escape; key E; frames 3",
        "Design",
    ),
];

/// One button of a `.targets` file.
struct Target {
    /// The visible rectangle: x, y, width, height.
    seen: [f32; 4],
    /// The whole button's size.
    whole: [f32; 2],
    /// A scrolling panel cuts it.
    cut: bool,
    name: String,
}

fn read(path: &Path, ext: &str) -> String {
    std::fs::read_to_string(path.with_extension(ext))
        .unwrap_or_else(|e| panic!("{}.{ext}: {e}", path.display()))
}

fn targets(shot: &Path) -> Vec<Target> {
    read(shot, "png.targets")
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.splitn(8, ' ').collect();
            let n = |i: usize| f[i].parse::<f32>().unwrap();
            Target {
                seen: [n(0), n(1), n(2), n(3)],
                whole: [n(4), n(5)],
                cut: f[6] == "1",
                name: f.get(7).unwrap_or(&"").to_string(),
            }
        })
        .collect()
}

/// The screen (`Play` state) a screenshot shows, from its `.buttons` file's first line.
fn screen_of(shot: &Path) -> String {
    let buttons = read(shot, "png.buttons");
    let head = buttons.lines().next().unwrap_or_default();
    head.split_whitespace().nth(6).unwrap_or("none").to_string()
}

/// The rules broken on one screenshot, one line each.
pub fn violations(shot: &Path, (w, h): (f32, f32)) -> Vec<String> {
    let mut out = Vec::new();
    let all = targets(shot);
    for t in &all {
        let [x, y, tw, th] = t.seen;
        if x < -0.5 || y < -0.5 || x + tw > w + 0.5 || y + th > h + 0.5 {
            out.push(format!(
                "button {:?} at {x},{y} ({tw}x{th}) leaves the window",
                t.name
            ));
        }
        let [ww, wh] = t.whole;
        if ww < 44.0 - 0.5 || wh < 44.0 - 0.5 {
            out.push(format!(
                "button {:?} is {ww}x{wh}, under 44x44{}",
                t.name,
                if t.cut { " (cut by its panel)" } else { "" }
            ));
        }
    }
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            let [ax, ay, aw, ah] = a.seen;
            let [bx, by, bw, bh] = b.seen;
            let across = (ax + aw).min(bx + bw) - ax.max(bx);
            let down = (ay + ah).min(by + bh) - ay.max(by);
            if across > 1.0 && down > 1.0 {
                out.push(format!(
                    "buttons {:?} and {:?} overlap by {across:.0}x{down:.0}",
                    a.name, b.name
                ));
            }
        }
    }
    for l in read(shot, "png.fits").lines() {
        let f: Vec<&str> = l.splitn(5, ' ').collect();
        let n = |i: usize| f[i].parse::<f32>().unwrap();
        if n(0) > n(2) + 1.0 || n(1) > n(3) + 1.0 {
            out.push(format!(
                "label {:?} ({}x{}) overflows its button ({}x{})",
                f[4],
                n(0),
                n(1),
                n(2),
                n(3)
            ));
        }
    }
    for l in read(shot, "png.texts").lines() {
        let (size, text) = l.split_once(' ').unwrap_or((l, ""));
        let size: f32 = size.parse().unwrap_or(0.0);
        if size < 12.0 {
            out.push(format!("text {text:?} is {size} px, under 12"));
        }
    }
    out
}

/// Tours every screen at one size in one language; the screenshots land in `dir`.
fn tour(dir: &Path, (w, h): (u32, u32), lang: &str) -> bool {
    if std::env::var_os("PUSHBOX_SKIP_WINDOW_TESTS").is_some() {
        eprintln!("PUSHBOX_SKIP_WINDOW_TESTS is set: the layout test is SKIPPED");
        return false;
    }
    let names: [(&str, &str); 3] = if lang == "zh-Hans" {
        [("MORE", "更多"), ("LINK", "连连看"), ("PAUSE", "暂停")]
    } else {
        [("MORE", "More"), ("LINK", "Link"), ("PAUSE", "Pause")]
    };
    let script: Vec<String> = TOUR
        .iter()
        .map(|(name, steps, _)| {
            let steps = names
                .iter()
                .fold(steps.to_string(), |s, (k, v)| s.replace(k, v));
            format!(
                "{steps}; screenshot {}",
                dir.join(format!("{name}.png")).display()
            )
        })
        .collect();
    let side = w.max(h);
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", &format!("-screen 0 {side}x{side}x24")])
        .arg(env!("CARGO_BIN_EXE_pushbox"))
        .args(["play", "--lang", lang, "--size", &format!("{w}x{h}")])
        .arg("--data-dir")
        .arg(dir.join("data"))
        .args(["--input", &script.join("; ")])
        .status()
        .expect("xvfb-run is needed for the layout test: run `bash .ci/setup`");
    assert!(
        status.success(),
        "{w}x{h} {lang}: the game exited with {status}"
    );
    true
}

#[test]
fn every_screen_fits_every_window_in_both_languages() {
    let mut broken = Vec::new();
    let mut shots = 0;
    for lang in ["en", "zh-Hans"] {
        for (w, h) in SIZES {
            let dir = temp_dir(&format!("layout-{lang}-{w}x{h}"));
            if !tour(&dir, (w, h), lang) {
                return;
            }
            for (name, _, want) in TOUR {
                let shot = dir.join(format!("{name}.png"));
                let screen = screen_of(&shot);
                assert_eq!(screen, want, "{w}x{h} {lang} {name}: the screen");
                shots += 1;
                for v in violations(&shot, (w as f32, h as f32)) {
                    broken.push(format!("{w}x{h} {lang} {name}: {v}"));
                }
            }
        }
    }
    assert_eq!(shots, SIZES.len() * 2 * TOUR.len());
    assert!(
        broken.is_empty(),
        "{} layout rules broken in {shots} screenshots:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

/// A finger drags the settings list on a 360x640 phone: the rows below the fold come into
/// view, whole, and no switch under the finger is toggled on the way; dragging back shows the
/// top again.
#[test]
fn a_finger_scrolls_a_long_list_and_taps_nothing_on_the_way() {
    if std::env::var_os("PUSHBOX_SKIP_WINDOW_TESTS").is_some() {
        eprintln!("PUSHBOX_SKIP_WINDOW_TESTS is set: the scrolling test is SKIPPED");
        return;
    }
    let dir = temp_dir("layout-fling");
    let shot = |n: &str| dir.join(format!("{n}.png"));
    let script = format!(
        "key O; frames 4; screenshot {}; fling 300,420 0,-360; frames 6; screenshot {}; \
         fling 300,200 0,360; frames 6; screenshot {}",
        shot("top").display(),
        shot("down").display(),
        shot("back").display()
    );
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 640x640x24"])
        .arg(env!("CARGO_BIN_EXE_pushbox"))
        .args(["play", "--lang", "en", "--size", "360x640", "--data-dir"])
        .arg(dir.join("data"))
        .args(["--input", &script])
        .status()
        .expect("xvfb-run is needed for the layout test: run `bash .ci/setup`");
    assert!(status.success(), "the game exited with {status}");
    let whole = |name: &str, shot: &Path| {
        targets(shot)
            .into_iter()
            .find(|t| t.name.starts_with(name))
            .is_some_and(|t| !t.cut && t.seen[1] + t.seen[3] <= 640.5)
    };
    for n in ["top", "down", "back"] {
        assert_eq!(screen_of(&shot(n)), "Settings", "{n}: still the settings");
    }
    assert!(
        !whole("Language:", &shot("top")),
        "the language row starts below the fold"
    );
    assert!(
        whole("Language:", &shot("down")),
        "a drag up brings the language row into view"
    );
    assert!(
        whole("Instant moves:", &shot("back")),
        "a drag down brings the top back"
    );
    // The switches are as they were: the drags started on rows and toggled none.
    let states = |n: &str| {
        let mut v: Vec<String> = targets(&shot(n))
            .into_iter()
            .map(|t| t.name)
            .filter(|name| name.contains(": "))
            .collect();
        v.sort();
        v
    };
    let (top, back) = (states("top"), states("back"));
    assert!(!top.is_empty(), "switches on screen");
    for s in &top {
        assert!(back.contains(s), "{s:?} changed after the drags: {back:?}");
    }
}
