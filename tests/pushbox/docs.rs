//! The documents' links: every relative link in README.md, README.zh-CN.md and docs/ names a file
//! that exists, and its `#anchor`, when it has one, a heading of that file (as GitHub makes a
//! heading's anchor).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents to check: the two READMEs and every Markdown file under docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md"), root().join("README.zh-CN.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                docs.push(path);
            }
        }
    }
    docs.sort();
    docs
}

/// The text outside fenced code blocks and inline code spans: (line number, text).
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Every other backtick opens or closes a code span.
        let outside: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        out.push((n + 1, outside));
    }
    out
}

/// The targets of `[text](target)` and `![alt](target)` links on a line.
fn link_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    out
}

/// GitHub's anchor for a heading: lower case, punctuation dropped (letters of any script,
/// digits, `-` and `_` kept), spaces as `-`.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every heading anchor of a Markdown file (a repeated heading gets `-1`, `-2`, … as on GitHub).
fn anchors(path: &Path) -> HashSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = HashSet::new();
    for (_, line) in prose(&text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let base = anchor_of(heading.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut n = 1;
        while seen.contains(&anchor) {
            anchor = format!("{base}-{n}");
            n += 1;
        }
        seen.insert(anchor);
    }
    seen
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(anchor_of("Link (連連看)"), "link-連連看");
    assert_eq!(anchor_of("The `.bxa` layout"), "the-bxa-layout");
    assert_eq!(
        anchor_of("Play in a browser (phones too)"),
        "play-in-a-browser-phones-too"
    );
    assert_eq!(
        link_targets("see [a](b.md#c) and ![d](e.png), not (f)"),
        ["b.md#c", "e.png"]
    );
}

#[test]
fn every_relative_link_in_the_documents_leads_somewhere() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let dir = doc.parent().unwrap();
        for (n, line) in prose(&text) {
            for target in link_targets(&line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
                let path = if file.is_empty() {
                    doc.clone()
                } else {
                    dir.join(file)
                };
                let place = format!("{}:{n}: {target}", doc.display());
                if !path.exists() {
                    broken.push(format!("{place}: no such file"));
                } else if !anchor.is_empty() && !anchors(&path).contains(anchor) {
                    broken.push(format!("{place}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 30, "only {checked} relative links found");
}
