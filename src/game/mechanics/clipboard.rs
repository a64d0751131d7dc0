//! The system clipboard: one handle for the whole run, opened on first use. On X11 the copied
//! text is served from that handle, so it must live on; making a new one per copy (and leaking
//! it) kept every earlier handle alive. In a web page the browser's clipboard is used instead.
//!
//! Siblings: `browser` (the browser's clipboard).

#[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
use std::sync::Mutex;

/// A lazily opened handle, reused by every read and write.
#[cfg_attr(any(target_os = "android", target_arch = "wasm32"), allow(dead_code))]
struct Shared<C> {
    handle: Option<C>,
    /// How many handles were opened (tests check it stays at one).
    opened: usize,
}

#[cfg_attr(any(target_os = "android", target_arch = "wasm32"), allow(dead_code))]
impl<C> Shared<C> {
    const fn new() -> Self {
        Shared {
            handle: None,
            opened: 0,
        }
    }

    /// Runs `use_it` on the handle, opening it with `open` the first time (or after a failure).
    fn with<T>(
        &mut self,
        open: impl FnOnce() -> Result<C, String>,
        use_it: impl FnOnce(&mut C) -> Result<T, String>,
    ) -> Result<T, String> {
        if self.handle.is_none() {
            self.handle = Some(open()?);
            self.opened += 1;
        }
        use_it(self.handle.as_mut().expect("opened above"))
    }
}

#[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
static CLIPBOARD: Mutex<Shared<arboard::Clipboard>> = Mutex::new(Shared::new());

#[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
fn with_clipboard<T>(
    use_it: impl FnOnce(&mut arboard::Clipboard) -> Result<T, String>,
) -> Result<T, String> {
    let mut shared = CLIPBOARD
        .lock()
        .map_err(|_| "the clipboard is unavailable")?;
    shared.with(
        || arboard::Clipboard::new().map_err(|e| e.to_string()),
        use_it,
    )
}

/// The text on the system clipboard.
#[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
pub fn clipboard_text() -> Result<Option<String>, String> {
    with_clipboard(|c| c.get_text().map(Some).map_err(|e| e.to_string()))
}

/// Puts text on the system clipboard.
#[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
pub fn set_clipboard(text: &str) -> Result<(), String> {
    with_clipboard(|c| c.set_text(text).map_err(|e| e.to_string()))
}

#[cfg(target_os = "android")]
pub fn set_clipboard(_: &str) -> Result<(), String> {
    Err("not available on Android".into())
}

#[cfg(target_os = "android")]
pub fn clipboard_text() -> Result<Option<String>, String> {
    Err("reading the clipboard is not available on Android yet".into())
}

/// In a browser the text comes a frame later, as a [`PastedText`](crate::game::vocab::PastedText):
/// `Ok(None)`.
#[cfg(target_arch = "wasm32")]
pub fn clipboard_text() -> Result<Option<String>, String> {
    crate::game::mechanics::browser::ask_clipboard_text();
    Ok(None)
}

#[cfg(target_arch = "wasm32")]
pub fn set_clipboard(text: &str) -> Result<(), String> {
    crate::game::mechanics::browser::set_clipboard_text(text);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_handle_serves_every_copy() {
        let mut shared: Shared<Vec<String>> = Shared::new();
        for text in ["a", "b", "c"] {
            shared
                .with(
                    || Ok(Vec::new()),
                    |c| {
                        c.push(text.to_string());
                        Ok(())
                    },
                )
                .unwrap();
        }
        assert_eq!(shared.opened, 1);
        assert_eq!(
            shared.handle.as_deref(),
            Some(&["a", "b", "c"].map(String::from)[..])
        );
        // A handle that cannot be opened is tried again next time.
        let mut failing: Shared<()> = Shared::new();
        assert!(
            failing
                .with(|| Err("no display".into()), |_| Ok(()))
                .is_err()
        );
        assert!(failing.with(|| Ok(()), |_| Ok(())).is_ok());
        assert_eq!(failing.opened, 1);
    }
}
