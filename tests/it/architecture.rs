//! Keeps ARCHITECTURE.md true: the arrows between the crate's modules that its "Dependencies"
//! block allows are exactly the arrows the code's paths draw (`crate::x`, `super::x`), no
//! module's submodules import each other round in a circle (the terminal program's screens
//! excepted, as the block says), and every source file opens with a doc comment saying what
//! it owns.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside the crate: `["league", "check"]` for `src/league/check.rs`.
type ModPath = Vec<String>;

/// The block of ARCHITECTURE.md between these lines: `module -> other, other` a line.
const BEGIN: &str = "<!-- dependencies: begin -->";
const END: &str = "<!-- dependencies: end -->";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The allowed arrows, and the modules whose submodules may form circles.
fn allowed() -> (BTreeMap<String, BTreeSet<String>>, BTreeSet<String>) {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let start = doc
        .find(BEGIN)
        .expect("ARCHITECTURE.md has the dependencies block")
        + BEGIN.len();
    let end = doc[start..].find(END).expect("the block is closed") + start;
    let mut arrows = BTreeMap::new();
    let mut circles_allowed = BTreeSet::new();
    for line in doc[start..end].lines().map(str::trim) {
        if line.is_empty() || line.starts_with("```") || line.starts_with('#') {
            continue;
        }
        if let Some(m) = line.strip_prefix("circles allowed in ") {
            circles_allowed.insert(m.trim().to_string());
            continue;
        }
        let (from, to) = line
            .split_once("->")
            .unwrap_or_else(|| panic!("a line of the block is `module -> modules`: {line}"));
        let to = to
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let old = arrows.insert(from.trim().to_string(), to);
        assert!(old.is_none(), "{} is listed twice", from.trim());
    }
    (arrows, circles_allowed)
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(file: &Path) -> ModPath {
    let rel = file.strip_prefix(root().join("src")).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Whether a file is test code only: its paths are not the program's arrows.
fn is_test_file(m: &ModPath) -> bool {
    m.iter().any(|p| p == "tests")
}

/// The file's code: comment lines dropped, and the `#[cfg(test)] mod tests` at its end cut.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names of a path's tail: `x` of `x::y`, or each name of `{x, y::z, self}`.
fn first_names(tail: &str) -> Vec<String> {
    let tail = tail.trim_start();
    if let Some(group) = tail.strip_prefix('{') {
        let mut depth = 0usize;
        let mut names = Vec::new();
        let mut item = String::new();
        for c in group.chars() {
            match c {
                '{' => {
                    depth += 1;
                    item.push(c)
                }
                '}' if depth == 0 => break,
                '}' => {
                    depth -= 1;
                    item.push(c)
                }
                ',' if depth == 0 => names.push(std::mem::take(&mut item)),
                _ => item.push(c),
            }
        }
        names.push(item);
        names
            .iter()
            .filter_map(|n| {
                let n = n.trim();
                let first: String = n
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                (!first.is_empty() && first != "self").then_some(first)
            })
            .collect()
    } else {
        let first: String = tail
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if first.is_empty() {
            Vec::new()
        } else {
            vec![first]
        }
    }
}

/// The modules a file's code names, resolved from the crate's root.
fn targets(m: &ModPath, code: &str) -> Vec<ModPath> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let starts_word = |i: usize| {
        i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b':')
    };
    for (i, _) in code.match_indices("crate::") {
        if starts_word(i) {
            for name in first_names(&code[i + "crate::".len()..]) {
                out.push(vec![name]);
            }
        }
    }
    for (i, _) in code.match_indices("super::") {
        if !starts_word(i) {
            continue;
        }
        let mut ups = 0;
        let mut rest = &code[i..];
        while let Some(r) = rest.strip_prefix("super::") {
            ups += 1;
            rest = r;
        }
        if ups > m.len() {
            continue;
        }
        for name in first_names(rest) {
            let mut t: ModPath = m[..m.len() - ups].to_vec();
            t.push(name);
            out.push(t);
        }
    }
    out
}

struct Graph {
    /// Arrows between top-level modules, each with a file that draws it.
    top: BTreeMap<(String, String), String>,
    /// Arrows between the submodules of each top-level module.
    inner: BTreeMap<String, BTreeSet<(String, String)>>,
    /// Files with no opening doc comment.
    undocumented: Vec<String>,
    /// Every top-level module that has code.
    modules: BTreeSet<String>,
}

fn graph() -> Graph {
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    let mut g = Graph {
        top: BTreeMap::new(),
        inner: BTreeMap::new(),
        undocumented: Vec::new(),
        modules: BTreeSet::new(),
    };
    for file in files {
        let m = module_of(&file);
        let text = std::fs::read_to_string(&file).expect("a source file");
        let name = file
            .strip_prefix(root())
            .expect("under the root")
            .display()
            .to_string();
        if !text.trim_start().starts_with("//!") {
            g.undocumented.push(name.clone());
        }
        if m.is_empty() || is_test_file(&m) {
            continue;
        }
        g.modules.insert(m[0].clone());
        for t in targets(&m, &code_of(&text)) {
            if t[0] != m[0] {
                g.top
                    .entry((m[0].clone(), t[0].clone()))
                    .or_insert_with(|| name.clone());
            } else if m.len() > 1 && t.len() > 1 && t[1] != m[1] {
                g.inner
                    .entry(m[0].clone())
                    .or_default()
                    .insert((m[1].clone(), t[1].clone()));
            }
        }
    }
    g
}

/// The circles among `arrows`: each strongly connected set of more than one node.
fn circles(arrows: &BTreeSet<(String, String)>) -> Vec<BTreeSet<String>> {
    let nodes: BTreeSet<&String> = arrows.iter().flat_map(|(a, b)| [a, b]).collect();
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for (a, b) in arrows {
                if *a == n && seen.insert(b.clone()) {
                    todo.push(b.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut found: Vec<BTreeSet<String>> = Vec::new();
    for n in &nodes {
        let set: BTreeSet<String> = nodes
            .iter()
            .filter(|m| reaches[*n].contains(**m) && reaches[**m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        if set.len() > 1 && !found.contains(&set) {
            found.push(set);
        }
    }
    found
}

#[test]
fn the_arrows_between_modules_are_the_ones_architecture_md_allows() {
    let (allowed, _) = allowed();
    let g = graph();
    let mut wrong = Vec::new();
    for ((from, to), file) in &g.top {
        if !allowed.get(from).is_some_and(|a| a.contains(to)) {
            wrong.push(format!("{from} -> {to} (in {file}) is not allowed"));
        }
    }
    for (from, tos) in &allowed {
        assert!(
            g.modules.contains(from),
            "ARCHITECTURE.md lists a module {from} that has no code"
        );
        for to in tos {
            if !g.top.contains_key(&(from.clone(), to.clone())) {
                wrong.push(format!(
                    "{from} -> {to} is allowed but no code draws it: take it out of the block"
                ));
            }
        }
    }
    for m in &g.modules {
        if !allowed.contains_key(m) {
            wrong.push(format!("the module {m} is not in the block"));
        }
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's dependencies block and the code disagree:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_modules_submodules_import_each_other_in_a_circle() {
    let (_, circles_allowed) = allowed();
    let g = graph();
    let mut found = Vec::new();
    for (top, arrows) in &g.inner {
        if circles_allowed.contains(top) {
            continue;
        }
        for c in circles(arrows) {
            found.push(format!(
                "{top}: {}",
                c.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    assert!(found.is_empty(), "circles:\n{}", found.join("\n"));
}

#[test]
fn the_top_level_modules_draw_no_circle() {
    let g = graph();
    let arrows: BTreeSet<(String, String)> = g.top.keys().cloned().collect();
    let found = circles(&arrows);
    assert!(found.is_empty(), "circles between modules: {found:?}");
}

#[test]
fn every_source_file_opens_with_a_doc_comment() {
    assert!(
        graph().undocumented.is_empty(),
        "files without an opening `//!` comment: {:?}",
        graph().undocumented
    );
}

#[test]
fn the_reader_of_paths_resolves_crate_super_and_groups() {
    let m: ModPath = vec!["league".into(), "check".into()];
    let t = targets(
        &m,
        "use crate::{engine::Side, cards};\nuse super::{competition::X, self};\nlet x = super::super::text::wrap;",
    );
    let t: Vec<String> = t.iter().map(|p| p.join("::")).collect();
    assert_eq!(t, ["engine", "cards", "league::competition", "text"]);
    let mut arrows = BTreeSet::new();
    arrows.insert(("a".to_string(), "b".to_string()));
    assert!(circles(&arrows).is_empty());
    arrows.insert(("b".to_string(), "a".to_string()));
    assert_eq!(circles(&arrows).len(), 1);
}
