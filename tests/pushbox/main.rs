//! PushBox integration tests: one test crate (every test file would link the whole game).
//!
//! The published levels and solutions are read from `tests/data/` (test fixtures, with their
//! origins in `tests/data/README.md`).

mod art;
mod cli;
mod data;
mod design;
mod docs;
mod game;
mod hint;
mod i18n;
mod improve;
mod layout;
mod link;
mod link3d;
mod save;
mod shape;
mod share;
mod sound;
mod touch;
mod window;

use std::path::PathBuf;

/// A file of the test data in `tests/data/`.
pub fn fixture(rel: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    assert!(p.exists(), "test data {} is missing", p.display());
    p
}

/// A fresh temporary folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pushbox-it-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
