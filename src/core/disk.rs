//! Where the player's files are kept: the file system on a desktop or a phone, or a key-value
//! store in a browser (its `localStorage`), where there is no file system.
//!
//! Saves and the player's collections go through a [`Medium`], so that the rules that keep them
//! safe (write the new version under a second name, then switch; keep the previous one as a
//! backup; move a bad file aside rather than delete it) are the same code on every platform. In
//! a key-value store a path is a key (`/pushbox/session.ron`), a folder is the keys under it, and
//! a rename writes the value under the new key before the old key is removed: each `set` of one
//! key is atomic, so a file is always either its old or its new value.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// A store of named values (a browser's `localStorage`). `set` replaces a value whole or fails
/// and leaves it as it was (storage full or blocked, with the reason).
pub trait KeyValue: Send + Sync {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, String>;
    fn set(&self, key: &str, value: &[u8]) -> Result<(), String>;
    fn remove(&self, key: &str);
    fn keys(&self) -> Vec<String>;
}

/// Where files are read and written.
#[derive(Clone, Copy)]
pub enum Medium {
    Files,
    Keys(&'static dyn KeyValue),
}

impl std::fmt::Debug for Medium {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Medium::Files => "Files",
            Medium::Keys(_) => "Keys",
        })
    }
}

static INSTALLED: OnceLock<Medium> = OnceLock::new();

/// Makes `keys` the medium of every later [`Medium::current`] (a browser build calls this once
/// at start). False if a medium was already in use.
pub fn install(keys: &'static dyn KeyValue) -> bool {
    INSTALLED.set(Medium::Keys(keys)).is_ok()
}

impl Medium {
    /// The installed medium: the file system unless [`install`] chose another.
    pub fn current() -> Medium {
        *INSTALLED.get_or_init(|| Medium::Files)
    }

    /// The file's bytes; `NotFound` when there is none.
    pub fn read(self, path: &Path) -> io::Result<Vec<u8>> {
        match self {
            Medium::Files => std::fs::read(path),
            Medium::Keys(kv) => kv
                .get(&key(path))
                .map_err(io::Error::other)?
                .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file")),
        }
    }

    /// Writes the whole file and flushes it to the disk (not atomic: write under a temporary
    /// name and [`rename`](Medium::rename) for that).
    pub fn write(self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        match self {
            Medium::Files => {
                let mut f = std::fs::File::create(path)?;
                f.write_all(bytes)?;
                f.sync_all()
            }
            Medium::Keys(kv) => kv.set(&key(path), bytes).map_err(io::Error::other),
        }
    }

    /// Replaces `to` with `from` in one step.
    pub fn rename(self, from: &Path, to: &Path) -> io::Result<()> {
        match self {
            Medium::Files => std::fs::rename(from, to),
            Medium::Keys(kv) => {
                let value = self.read(from)?;
                kv.set(&key(to), &value).map_err(io::Error::other)?;
                kv.remove(&key(from));
                Ok(())
            }
        }
    }

    /// `to` becomes a second copy of `from` (a hard link where the file system has them).
    pub fn duplicate(self, from: &Path, to: &Path) -> io::Result<()> {
        match self {
            Medium::Files => {
                let _ = std::fs::remove_file(to);
                if std::fs::hard_link(from, to).is_err() {
                    std::fs::copy(from, to)?;
                }
                Ok(())
            }
            Medium::Keys(kv) => {
                let value = self.read(from)?;
                kv.set(&key(to), &value).map_err(io::Error::other)
            }
        }
    }

    pub fn remove(self, path: &Path) -> io::Result<()> {
        match self {
            Medium::Files => std::fs::remove_file(path),
            Medium::Keys(kv) => {
                kv.remove(&key(path));
                Ok(())
            }
        }
    }

    pub fn exists(self, path: &Path) -> bool {
        match self {
            Medium::Files => path.exists(),
            Medium::Keys(kv) => matches!(kv.get(&key(path)), Ok(Some(_))),
        }
    }

    /// Makes the folder (a key-value store has no folders to make).
    pub fn create_dir_all(self, dir: &Path) -> io::Result<()> {
        match self {
            Medium::Files => std::fs::create_dir_all(dir),
            Medium::Keys(_) => Ok(()),
        }
    }

    /// The files directly in `dir`, sorted.
    pub fn list(self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        let mut out: Vec<PathBuf> = match self {
            Medium::Files => std::fs::read_dir(dir)?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect(),
            Medium::Keys(kv) => {
                let prefix = format!("{}/", key(dir).trim_end_matches('/'));
                kv.keys()
                    .into_iter()
                    .filter_map(|k| {
                        let rest = k.strip_prefix(&prefix)?;
                        (!rest.is_empty() && !rest.contains('/')).then(|| dir.join(rest))
                    })
                    .collect()
            }
        };
        out.sort();
        Ok(out)
    }

    /// Makes the folder's renames durable (the file system only).
    pub fn sync_dir(self, dir: &Path) {
        #[cfg(unix)]
        if let Medium::Files = self
            && let Ok(d) = std::fs::File::open(dir)
        {
            let _ = d.sync_all();
        }
        let _ = (self, dir);
    }
}

/// A path as a key: its text with `/` between the parts, whatever the platform.
fn key(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    format!("/{}", parts.join("/"))
}

/// A key-value store in memory, with a size limit like a browser's: for tests, and for a
/// browser whose storage is blocked (the game then plays on and says nothing is kept).
#[derive(Default)]
pub struct Memory {
    values: Mutex<BTreeMap<String, Vec<u8>>>,
    /// The most bytes (keys and values) it holds; `None`: no limit.
    pub limit: Option<usize>,
}

impl Memory {
    pub fn with_limit(limit: usize) -> Memory {
        Memory {
            limit: Some(limit),
            ..Memory::default()
        }
    }

    fn size(values: &BTreeMap<String, Vec<u8>>) -> usize {
        values.iter().map(|(k, v)| k.len() + v.len()).sum()
    }
}

impl KeyValue for Memory {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, String> {
        Ok(self.values.lock().expect("not poisoned").get(key).cloned())
    }

    fn set(&self, key: &str, value: &[u8]) -> Result<(), String> {
        let mut values = self.values.lock().expect("not poisoned");
        let old = values.insert(key.to_string(), value.to_vec());
        if let Some(limit) = self.limit
            && Memory::size(&values) > limit
        {
            match old {
                Some(old) => values.insert(key.to_string(), old),
                None => values.remove(key),
            };
            return Err(format!("storage is full ({limit} bytes)"));
        }
        Ok(())
    }

    fn remove(&self, key: &str) {
        self.values.lock().expect("not poisoned").remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.values
            .lock()
            .expect("not poisoned")
            .keys()
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory(limit: Option<usize>) -> Medium {
        Medium::Keys(Box::leak(Box::new(Memory {
            limit,
            ..Memory::default()
        })))
    }

    #[test]
    fn keys_behave_as_files_in_folders() {
        let m = memory(None);
        let dir = Path::new("/pushbox/collections");
        m.create_dir_all(dir).unwrap();
        assert_eq!(
            m.read(&dir.join("a.bxb")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        m.write(&dir.join("b.bxb"), &[0, 255, 7]).unwrap();
        m.write(&dir.join("a.bxb"), b"first").unwrap();
        m.write(&dir.join("deeper/c.bxb"), b"not listed").unwrap();
        m.write(Path::new("/pushbox/session.ron"), b"not listed")
            .unwrap();
        assert_eq!(
            m.list(dir).unwrap(),
            vec![dir.join("a.bxb"), dir.join("b.bxb")]
        );
        m.rename(&dir.join("a.bxb"), &dir.join("b.bxb")).unwrap();
        assert!(!m.exists(&dir.join("a.bxb")));
        assert_eq!(m.read(&dir.join("b.bxb")).unwrap(), b"first");
        m.duplicate(&dir.join("b.bxb"), &dir.join("b.bxb.bak"))
            .unwrap();
        assert_eq!(m.read(&dir.join("b.bxb.bak")).unwrap(), b"first");
        m.remove(&dir.join("b.bxb")).unwrap();
        assert_eq!(m.list(dir).unwrap(), vec![dir.join("b.bxb.bak")]);
    }

    #[test]
    fn a_full_store_keeps_the_old_value() {
        let m = memory(Some(100));
        let p = Path::new("/p/progress.ron");
        m.write(p, &[b'a'; 20]).unwrap();
        let err = m.write(p, &[b'b'; 90]).unwrap_err();
        assert!(err.to_string().contains("full"), "{err}");
        assert_eq!(m.read(p).unwrap(), vec![b'a'; 20]);
        // A rename that does not fit leaves both keys as they were.
        let tmp = Path::new("/p/big.tmp");
        m.write(tmp, &[b'c'; 30]).unwrap();
        assert!(m.rename(tmp, Path::new("/p/other")).is_err());
        assert_eq!(m.read(tmp).unwrap(), vec![b'c'; 30]);
        assert_eq!(m.read(p).unwrap(), vec![b'a'; 20]);
    }
}
