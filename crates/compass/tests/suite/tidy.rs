//! Workspace hygiene: every crate's source files start with `//!` lines
//! saying their job, and inside each crate the top-level modules' imports
//! (`crate::x`) form no circle — a circle means two modules are one job
//! split badly, and neither can be read or changed alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs_err::read_dir(dir) else {
        return;
    };
    for e in entries {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Each crate's `src` dir, by crate dir name.
fn crate_sources() -> BTreeMap<String, PathBuf> {
    fs_err::read_dir(workspace().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, p.join("src"))
        })
        .collect()
}

#[test]
fn every_source_file_has_a_header() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for src in crate_sources().values() {
        let mut files = Vec::new();
        rust_files(src, &mut files);
        for f in files {
            seen += 1;
            let text = fs_err::read_to_string(&f).unwrap();
            // Generated contract code is checked by compass-proto's own test.
            let generated = f.components().any(|c| c.as_os_str() == "gen");
            if !generated && !text.trim_start().starts_with("//!") {
                missing.push(f);
            }
        }
    }
    assert!(seen > 100, "found only {seen} source files");
    assert!(
        missing.is_empty(),
        "files without a //! header: {missing:#?}"
    );
}

/// The code of `text` without comments and without its unit-test module
/// (tests may reach anywhere).
fn code_of(text: &str) -> String {
    let text = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at]);
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The top-level modules `code` names as `crate::m` or `crate::{m, n::x}`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `other_crate::`
        }
        if let Some(group) = rest.strip_prefix('{') {
            // Items at depth one start after `{` or a `,`.
            let mut depth = 1;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => item_start = true,
                    c if c.is_whitespace() => {}
                    _ if item_start && depth == 1 => {
                        item_start = false;
                        let name = ident_at(&group[i..]);
                        if !name.is_empty() {
                            found.insert(name.to_owned());
                        }
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident_at(rest);
            if !name.is_empty() {
                found.insert(name.to_owned());
            }
        }
    }
    found
}

/// module -> (module it imports -> a file that does).
type Graph = BTreeMap<String, BTreeMap<String, PathBuf>>;

fn module_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut graph = Graph::new();
    for f in &files {
        let rel = f.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_owned();
        if ["lib", "main", "bin"].contains(&module.as_str()) {
            continue;
        }
        let code = code_of(&fs_err::read_to_string(f).unwrap());
        let edges = graph.entry(module.clone()).or_default();
        for to in crate_paths(&code) {
            if to != module {
                edges.entry(to).or_insert_with(|| f.clone());
            }
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for edges in graph.values_mut() {
        edges.retain(|to, _| modules.contains(to));
    }
    graph
}

/// A circle in `graph`, as the modules along it, if there is one.
fn find_circle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        graph: &Graph,
        at: &str,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(at) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|m| m == at).unwrap_or(0);
                let mut circle = path[from..].to_vec();
                circle.push(at.to_owned());
                return Some(circle);
            }
            None => {}
        }
        marks.insert(at.to_owned(), Mark::Open);
        path.push(at.to_owned());
        for to in graph.get(at).into_iter().flat_map(BTreeMap::keys) {
            if let Some(circle) = visit(graph, to, marks, path) {
                return Some(circle);
            }
        }
        path.pop();
        marks.insert(at.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|m| visit(graph, m, &mut marks, &mut Vec::new()))
}

#[test]
fn no_crate_has_a_circle_of_module_imports() {
    let mut circles = Vec::new();
    for (name, src) in crate_sources() {
        let graph = module_graph(&src);
        if let Some(circle) = find_circle(&graph) {
            let why: Vec<String> = circle
                .windows(2)
                .map(|w| format!("{} -> {} ({})", w[0], w[1], graph[&w[0]][&w[1]].display()))
                .collect();
            circles.push(format!("{name}: {}", why.join(", ")));
        }
    }
    assert!(
        circles.is_empty(),
        "module import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_circle_check_sees_grouped_imports_and_circles() {
    let paths = crate_paths(
        "use crate::{a, b::{c, d}, e::F};\nlet x = crate::g::h();\nuse other_crate::z;",
    );
    assert_eq!(paths.into_iter().collect::<Vec<_>>(), ["a", "b", "e", "g"]);
    let mut graph = Graph::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        graph
            .entry(from.to_owned())
            .or_default()
            .insert(to.to_owned(), PathBuf::from(format!("{from}.rs")));
    }
    assert_eq!(find_circle(&graph).unwrap(), ["a", "b", "c", "a"]);
    graph.get_mut("c").unwrap().remove("a");
    assert_eq!(find_circle(&graph), None);
}
