//! The shape of the source tree, read from its `use` paths: no import circle anywhere in `src/`,
//! the core never imports the game or the tools, and in `src/game` no file imports one in a layer
//! above it (vocabulary < mechanics < screens < platform and tooling). A mechanic or a screen
//! that uses a sibling names it in its opening comment (`Siblings: ...`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path (`["game", "mechanics", "view"]`).
type Module = Vec<String>;
/// Each module's file.
type Files = BTreeMap<Module, PathBuf>;
/// Each module's imports.
type Edges = BTreeMap<Module, BTreeSet<Module>>;

/// Module path → file.
fn modules(src: &Path) -> Files {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(src).unwrap().with_extension("");
                let mut parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    parts.pop();
                }
                out.insert(parts, p);
            }
        }
    }
    out
}

/// The code of a file without comments and without its `#[cfg(test)]` module (tests may reach
/// anywhere).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path a file names from `crate`, `super` or `self`, as segments from the crate root.
/// `use a::{b, c::d}` groups are expanded one level deep.
fn paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|h| code[char_offset(&chars, i)..].starts_with(h))
            .filter(|_| i == 0 || !ident(chars[i - 1]) && chars[i - 1] != ':');
        let Some(head) = starts else {
            i += 1;
            continue;
        };
        let mut j = i;
        let mut segs: Vec<String> = Vec::new();
        let mut cur = String::new();
        while j < chars.len() && (ident(chars[j]) || chars[j] == ':') {
            if chars[j] == ':' {
                if !cur.is_empty() {
                    segs.push(std::mem::take(&mut cur));
                }
            } else {
                cur.push(chars[j]);
            }
            j += 1;
        }
        if !cur.is_empty() {
            segs.push(cur);
        }
        let mut base: Vec<String> = match head {
            "crate::" => Vec::new(),
            "super::" => module[..module.len().saturating_sub(1)].to_vec(),
            _ => module.to_vec(),
        };
        let mut rest = &segs[1..];
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        if j < chars.len() && chars[j] == '{' {
            let close = chars[j..]
                .iter()
                .position(|&c| c == '}')
                .map_or(chars.len(), |k| j + k);
            let group: String = chars[j + 1..close].iter().collect();
            for item in group.split(',') {
                let first = item.trim().split("::").next().unwrap_or("").trim();
                let first = first.split_whitespace().next().unwrap_or("");
                if !first.is_empty() && first != "self" && first != "*" {
                    let mut p = base.clone();
                    p.push(first.to_string());
                    out.push(p);
                }
            }
        }
        out.push(base);
        i = j.max(i + 1);
    }
    out
}

fn char_offset(chars: &[char], i: usize) -> usize {
    chars[..i].iter().map(|c| c.len_utf8()).sum()
}

/// The module a path lands in: its longest prefix that is a file.
fn resolve(path: &[String], mods: &Files) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|k| path[..k].to_vec())
        .find(|p| mods.contains_key(p))
}

/// The layer of a file of `src/game` (higher imports lower), or `None` outside the game.
fn layer(m: &[String]) -> Option<(u8, &'static str)> {
    if m.first().map(String::as_str) != Some("game") {
        return None;
    }
    Some(match m.get(1).map(String::as_str) {
        Some("vocab") => (0, "vocabulary"),
        Some("mechanics") => (1, "mechanics"),
        Some("screens") => (2, "screens"),
        _ => (3, "platform and tooling"),
    })
}

fn graph() -> (Files, Edges) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mods = modules(&src);
    let mut edges = BTreeMap::new();
    for (m, file) in &mods {
        let text = std::fs::read_to_string(file).unwrap();
        let targets: BTreeSet<Vec<String>> = paths(m, &code(&text))
            .iter()
            .filter_map(|p| resolve(p, &mods))
            .filter(|t| t != m && !m.starts_with(t))
            .collect();
        edges.insert(m.clone(), targets);
    }
    (mods, edges)
}

/// Import circles: strongly connected groups of more than one file (Tarjan).
fn circles(edges: &Edges) -> Vec<Vec<String>> {
    struct T<'a> {
        edges: &'a Edges,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a Vec<String>) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        for w in &t.edges[v] {
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.stack.contains(&w) {
                let iw = t.index[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut group = Vec::new();
            while let Some(w) = t.stack.pop() {
                group.push(w.join("/"));
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                t.out.push(group);
            }
        }
    }
    let mut t = T {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn no_import_circle_in_src() {
    let (_, edges) = graph();
    assert!(edges.len() > 40, "the tree was read: {} files", edges.len());
    assert_eq!(circles(&edges), Vec::<Vec<String>>::new());
}

#[test]
fn each_layer_imports_only_layers_below_and_named_siblings() {
    let (mods, edges) = graph();
    let mut wrong = Vec::new();
    for (from, targets) in &edges {
        let opening: String = std::fs::read_to_string(&mods[from])
            .unwrap()
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join(" ");
        for to in targets {
            let name = |m: &Vec<String>| m.join("/");
            if from.first().map(String::as_str) == Some("core")
                && to.first().map(String::as_str) != Some("core")
            {
                wrong.push(format!("{} (core) imports {}", name(from), name(to)));
            }
            let (Some((lf, f)), Some((lt, t))) = (layer(from), layer(to)) else {
                continue;
            };
            if lt > lf {
                wrong.push(format!("{} ({f}) imports {} ({t})", name(from), name(to)));
            }
            let sibling = lt == lf && (1..=2).contains(&lf) && to.len() > 2 && from[..2] == to[..2];
            let named = || {
                opening
                    .split("Siblings:")
                    .nth(1)
                    .is_some_and(|s| s.contains(&format!("`{}`", to[2])))
            };
            if sibling && !named() {
                wrong.push(format!(
                    "{} uses its sibling {} without naming it (`Siblings:` in its opening comment)",
                    name(from),
                    name(to)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The reader itself: a path of each kind is found and resolved.
#[test]
fn the_shape_reader_resolves_paths() {
    let m: Vec<String> = ["game", "screens", "hud"].map(String::from).to_vec();
    let found = paths(
        &m,
        "use crate::game::vocab::{ui::text, palette};\nlet x = super::title::f();\nuse self::inner;",
    );
    let s: Vec<String> = found.iter().map(|p| p.join("/")).collect();
    assert!(s.contains(&"game/vocab/ui".to_string()), "{s:?}");
    assert!(s.contains(&"game/vocab/palette".to_string()), "{s:?}");
    assert!(s.contains(&"game/screens/title/f".to_string()), "{s:?}");
    assert!(s.contains(&"game/screens/hud/inner".to_string()), "{s:?}");
    assert_eq!(layer(&m), Some((2, "screens")));
}
