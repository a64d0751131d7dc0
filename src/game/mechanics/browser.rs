//! The game in a web page (`wasm32`): the page's `localStorage` as the player's files, the
//! browser's clipboard, files the player opens on the page, downloads, and the page state the
//! browser test reads. Compiled only for the web; `web/index.html` is the other half.
//!
//! The page hands files over through `window.pushboxInbox`, an array of `{name, bytes}` the game
//! empties each frame (the file picker and drops on the page fill it). Answers that come later
//! (the clipboard's text) wait in [`ARRIVED`] until the next frame.
//!
//! Siblings: `widgets` (what the layout rules read of the buttons and texts on screen).

use std::sync::Mutex;

use bevy::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::core::disk::{self, KeyValue};
use crate::game::vocab::ui::CommandButton;
use crate::game::vocab::*;

/// The browser's `localStorage`, as the player's files. Text is kept as it is after a `t`;
/// other bytes (a `.bxb` collection) one character per byte after a `b`.
struct LocalStorage;

fn storage() -> Result<web_sys::Storage, String> {
    let window = web_sys::window().ok_or("no window")?;
    window
        .local_storage()
        .map_err(js_problem)?
        .ok_or_else(|| "this browser keeps no local storage for the page".to_string())
}

/// The text of a JavaScript error (`QuotaExceededError: …`, `SecurityError: …`).
fn js_problem(e: JsValue) -> String {
    if let Some(e) = e.dyn_ref::<web_sys::DomException>() {
        return format!("{}: {}", e.name(), e.message());
    }
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

fn encode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => format!("t{text}"),
        Err(_) => std::iter::once('b')
            .chain(bytes.iter().map(|&b| char::from(b)))
            .collect(),
    }
}

fn decode(stored: &str) -> Result<Vec<u8>, String> {
    match stored.split_at_checked(1) {
        Some(("t", text)) => Ok(text.as_bytes().to_vec()),
        Some(("b", chars)) => chars
            .chars()
            .map(|c| u8::try_from(c).map_err(|_| "a damaged value".to_string()))
            .collect(),
        _ => Err("a value PushBox did not write".into()),
    }
}

impl KeyValue for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, String> {
        match storage()?.get_item(key).map_err(js_problem)? {
            Some(stored) => decode(&stored).map(Some),
            None => Ok(None),
        }
    }

    fn set(&self, key: &str, value: &[u8]) -> Result<(), String> {
        storage()?.set_item(key, &encode(value)).map_err(|e| {
            format!(
                "the browser's storage is full or blocked ({})",
                js_problem(e)
            )
        })
    }

    fn remove(&self, key: &str) {
        if let Ok(s) = storage() {
            let _ = s.remove_item(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        let Ok(s) = storage() else { return Vec::new() };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }
}

/// Where the player's files are in the page's storage.
pub const DATA_FOLDER: &str = "/pushbox";

/// Makes `localStorage` the player's files. `Err` says why the page cannot keep anything
/// (storage disabled, a private window that forbids it).
pub fn install_storage() -> Result<(), String> {
    let installed = probe_storage();
    if let Err(problem) = &installed
        && let Ok(mut kept) = STORAGE_PROBLEM.lock()
    {
        *kept = Some(problem.clone());
    }
    installed
}

/// Why the page's storage could not be used, when it could not.
static STORAGE_PROBLEM: Mutex<Option<String>> = Mutex::new(None);

pub fn storage_problem() -> Option<String> {
    STORAGE_PROBLEM.lock().ok().and_then(|p| p.clone())
}

fn probe_storage() -> Result<(), String> {
    let s = storage()?;
    // Some browsers hand out a storage that refuses every write: find out now, not at the
    // first save.
    s.set_item("/pushbox-probe", "t").map_err(js_problem)?;
    let _ = s.remove_item("/pushbox-probe");
    disk::install(&LocalStorage);
    Ok(())
}

/// Offers `bytes` to the player as a file download named `name`.
pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no page")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(js_problem)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js_problem)?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(js_problem)?
        .dyn_into()
        .map_err(|_| "no link element")?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// What the browser answered after a frame had passed.
enum Arrival {
    Pasted(String),
    ClipboardFailed(String),
    /// The page's address changed to a share link (`#level=…`).
    Link(String),
}

static ARRIVED: Mutex<Vec<Arrival>> = Mutex::new(Vec::new());

fn arrive(a: Arrival) {
    if let Ok(mut list) = ARRIVED.lock() {
        list.push(a);
    }
}

/// Asks the browser for the clipboard's text; it arrives as a [`PastedText`] in a later frame
/// (the browser may ask the player first).
pub fn ask_clipboard_text() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().read_text();
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(text) => arrive(Arrival::Pasted(text.as_string().unwrap_or_default())),
            Err(e) => arrive(Arrival::ClipboardFailed(js_problem(e))),
        }
    });
}

/// Puts text on the clipboard (the browser does it a moment later; a refusal is said then).
pub fn set_clipboard_text(text: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
            arrive(Arrival::ClipboardFailed(js_problem(e)));
        }
    });
}

/// The share link in the page's address (`…#level=…`), taken out of the address so that the
/// address bar and a reload show the game's own page.
pub fn take_shared_link() -> Option<String> {
    let window = web_sys::window()?;
    let location = window.location();
    let hash = location.hash().ok()?;
    if !hash.contains("level=") {
        return None;
    }
    let link = location.href().ok()?;
    let page = link.split('#').next().unwrap_or_default().to_string();
    // history.replaceState, reached through JavaScript's reflection: web-sys's `History`
    // feature would rebuild every crate above web-sys for one call.
    let replace = js_sys::Reflect::get(&window, &"history".into()).and_then(|history| {
        let call = js_sys::Reflect::get(&history, &"replaceState".into())?;
        call.dyn_into::<js_sys::Function>()?.call3(
            &history,
            &JsValue::NULL,
            &"".into(),
            &page.into(),
        )
    });
    if let Err(e) = replace {
        warn!("pushbox: the address keeps its link: {}", js_problem(e));
    }
    Some(link)
}

/// Listens for share links put into the page's address while the game runs (a link opened in
/// the tab the game is in changes only the fragment: no reload).
fn listen_for_links() {
    use wasm_bindgen::closure::Closure;
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_change = Closure::<dyn FnMut()>::new(|| {
        if let Some(link) = take_shared_link() {
            arrive(Arrival::Link(link));
        }
    });
    let _ =
        window.add_event_listener_with_callback("hashchange", on_change.as_ref().unchecked_ref());
    // The page lives as long as the game: the listener is never removed.
    on_change.forget();
}

/// Sets `data-NAME` on the page's body: the state a browser test reads (the screen, the
/// worker's cell, the move count).
pub fn show_on_page(name: &str, value: &str) {
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        let _ = body.set_attribute(&format!("data-{name}"), value);
    }
}

pub(crate) fn plugin(app: &mut App) {
    listen_for_links();
    app.add_message::<PastedText>()
        .add_message::<SharedLink>()
        .add_message::<OpenedFile>()
        .add_systems(
            Update,
            (deliver_arrivals, empty_inbox).in_set(AppSystems::RecordInput),
        )
        .add_systems(Update, show_state.after(AppSystems::SyncView));
}

fn deliver_arrivals(
    mut pasted: MessageWriter<PastedText>,
    mut links: MessageWriter<SharedLink>,
    mut notices: ResMut<Notices>,
) {
    let arrived = ARRIVED
        .lock()
        .map(|mut list| std::mem::take(&mut *list))
        .unwrap_or_default();
    for a in arrived {
        match a {
            Arrival::Pasted(text) => {
                pasted.write(PastedText(text));
            }
            Arrival::ClipboardFailed(problem) => {
                notices.say(t!("clipboard-failed", problem = problem));
            }
            Arrival::Link(link) => {
                links.write(SharedLink(link));
            }
        }
    }
}

/// Files the page put in `window.pushboxInbox`.
fn empty_inbox(mut opened: MessageWriter<OpenedFile>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(inbox) = js_sys::Reflect::get(&window, &"pushboxInbox".into()) else {
        return;
    };
    let Some(inbox) = inbox.dyn_ref::<js_sys::Array>() else {
        return;
    };
    while inbox.length() > 0 {
        let item = inbox.shift();
        let name = js_sys::Reflect::get(&item, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        let bytes = js_sys::Reflect::get(&item, &"bytes".into())
            .ok()
            .and_then(|b| b.dyn_into::<js_sys::Uint8Array>().ok())
            .map(|b| b.to_vec())
            .unwrap_or_default();
        info!("pushbox: opened {name} ({} bytes)", bytes.len());
        opened.write(OpenedFile { name, bytes });
    }
}

/// What a browser test reads from the page, as `data-` attributes of its body: the screen
/// (`Playing/Title`), the worker's cell, the move count and the board's rows (XSB, `|` between),
/// the board's place (`x,y,cell,w,h` in CSS pixels: its top-left corner, a cell's size, the size
/// in cells), the centres of the buttons on screen (`Screen(Menu)@x,y;…`), and for the layout
/// rules the lines the scripted mode writes beside a screenshot: `targets`, `fits` and `texts`
/// (in CSS pixels). Each is set only when it changes.
fn show_state(
    screen: Res<State<Screen>>,
    play: Option<Res<State<Play>>>,
    session: Option<Res<Session>>,
    board: Option<Res<BoardScreen>>,
    buttons: Query<(
        &CommandButton,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
    )>,
    mut shown: Local<std::collections::HashMap<&'static str, String>>,
    (on_screen, window): (
        super::widgets::WidgetsOnScreen,
        Query<&Window, With<bevy::window::PrimaryWindow>>,
    ),
) {
    let mut set = |name: &'static str, value: String| {
        if shown.get(name) != Some(&value) {
            if name == "screen" {
                info!("pushbox: screen {value}");
            }
            show_on_page(name, &value);
            shown.insert(name, value);
        }
    };
    let play = play.map(|p| format!("/{:?}", p.get())).unwrap_or_default();
    set("screen", format!("{:?}{play}", screen.get()));
    // The board's rows only when the game changed (not every frame).
    if let Some(session) = session.filter(|s| s.is_changed()) {
        let b = session.game.board();
        let worker = b.worker_pos();
        set("worker", format!("{},{}", worker.x, worker.y));
        set("moves", b.moves().to_string());
        let rows: Vec<String> = b
            .cells()
            .chunks(b.width() as usize)
            .map(|row| {
                row.iter()
                    .map(|&c| crate::core::formats::xsb::char_of(c))
                    .collect()
            })
            .collect();
        set("rows", rows.join("|"));
    }
    if let Some(board) = board {
        let cell = CELL * board.scale;
        let (w, h) = board.size;
        let left = board.origin.x - w as f32 * cell / 2.0;
        let top = board.origin.y - h as f32 * cell / 2.0;
        set("board", format!("{left:.1},{top:.1},{cell:.2},{w},{h}"));
    }
    let mut list: Vec<String> = buttons
        .iter()
        .filter(|(.., visible)| visible.get())
        .map(|(button, node, at, _)| {
            let centre = at.affine().translation * node.inverse_scale_factor();
            format!("{:?}@{:.0},{:.0}", button.0, centre.x, centre.y)
        })
        .collect();
    list.sort();
    set("buttons", list.join(";"));
    if let Ok(w) = window.single() {
        let report = on_screen.report(w.scale_factor());
        set("targets", report.targets);
        set("fits", report.fits);
        set("texts", report.texts);
    }
}
