//! The conflict map: which files and directories each active workstream
//! touches (per repo), and where a new piece of work would overlap. Pure
//! data — the daemon fills it from each workstream's diff (git run inside
//! the agent's workload) and from the paths an issue's text names; one
//! workstream's zones are replaced at a time, so a refresh costs only that
//! workstream. Advisory: an overlap steers a proposal or raises an event,
//! it never blocks an edit.

use std::collections::{BTreeMap, BTreeSet};

/// Longest path kept; longer ones are not zones (nothing real is that long).
const MAX_PATH: usize = 1024;

/// One file (`src/lib.rs`) or directory (`src/`) of one repository.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Zone {
    pub repo: String,
    /// Relative, `/`-separated, no `.`/`..` steps; a directory ends in `/`.
    pub path: String,
}

impl Zone {
    /// A zone from a path as git or an issue prints it; `None` when it is
    /// empty, absolute outside the repo's sense, or climbs out (`..`).
    pub fn new(repo: &str, raw: &str) -> Option<Self> {
        let raw = raw.trim().trim_start_matches("./").trim_start_matches('/');
        if raw.is_empty() || raw.len() > MAX_PATH || raw.chars().any(char::is_control) {
            return None;
        }
        let dir = raw.ends_with('/');
        let mut parts = Vec::new();
        for seg in raw.split('/').filter(|s| !s.is_empty() && *s != ".") {
            if seg == ".." {
                return None;
            }
            parts.push(seg);
        }
        if parts.is_empty() {
            return None;
        }
        let mut path = parts.join("/");
        if dir {
            path.push('/');
        }
        Some(Self {
            repo: repo.to_owned(),
            path,
        })
    }

    fn is_dir(&self) -> bool {
        self.path.ends_with('/')
    }

    /// Same file, or one is a directory holding the other.
    pub fn overlaps(&self, other: &Self) -> bool {
        if self.repo != other.repo {
            return false;
        }
        self.path == other.path
            || (self.is_dir() && other.path.starts_with(&self.path))
            || (other.is_dir() && self.path.starts_with(&other.path))
    }
}

/// An active workstream's place on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub agent: String,
    pub zones: BTreeSet<Zone>,
}

/// Where a set of zones meets what others hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    pub workstream: String,
    pub agent: String,
    /// The other workstream's zones that meet.
    pub zones: Vec<Zone>,
}

/// Every active workstream's zones, by workstream id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConflictMap {
    held: BTreeMap<String, Holder>,
}

impl ConflictMap {
    /// Replace one workstream's zones (its diff changed).
    pub fn set(&mut self, workstream: &str, agent: &str, zones: BTreeSet<Zone>) {
        self.held.insert(
            workstream.to_owned(),
            Holder {
                agent: agent.to_owned(),
                zones,
            },
        );
    }

    /// A workstream is no longer active (merged, failed, gone).
    pub fn remove(&mut self, workstream: &str) {
        self.held.remove(workstream);
    }

    pub fn holders(&self) -> impl Iterator<Item = (&String, &Holder)> {
        self.held.iter()
    }

    /// The workstreams (other than `except`) whose zones meet `zones`, by
    /// workstream id.
    pub fn overlaps(&self, zones: &BTreeSet<Zone>, except: Option<&str>) -> Vec<Overlap> {
        self.held
            .iter()
            .filter(|(ws, _)| Some(ws.as_str()) != except)
            .filter_map(|(ws, h)| {
                let meet: Vec<Zone> = h
                    .zones
                    .iter()
                    .filter(|z| zones.iter().any(|o| o.overlaps(z)))
                    .cloned()
                    .collect();
                (!meet.is_empty()).then(|| Overlap {
                    workstream: ws.clone(),
                    agent: h.agent.clone(),
                    zones: meet,
                })
            })
            .collect()
    }
}

/// The paths an issue's text names, as zones of every repo in `repos`
/// (the text rarely says which repo): words that look like a relative path
/// (`src/lib.rs`, `docs/`, `` `Cargo.toml` ``) — a `/` inside, or a file
/// extension — and are not URLs.
pub fn named_paths(text: &str, repos: &[String]) -> BTreeSet<Zone> {
    let mut zones = BTreeSet::new();
    for word in text.split(|c: char| c.is_whitespace() || "`'\"()[]{}<>,;".contains(c)) {
        let word = word.trim_end_matches(['.', ':', '!', '?']);
        if word.contains("://") || word.starts_with('@') || word.contains('#') {
            continue;
        }
        let looks_like_path = word.contains('/')
            || word.rsplit_once('.').is_some_and(|(stem, ext)| {
                // `e.g`, `i.e` are prose: a one-letter extension needs a
                // longer stem (`lib.c`).
                (stem.len() >= 2 || ext.len() >= 2)
                    && (1..=5).contains(&ext.len())
                    && ext.chars().all(|c| c.is_ascii_alphanumeric())
                    && ext.chars().any(|c| c.is_ascii_alphabetic())
            });
        if !looks_like_path
            || !word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
        {
            continue;
        }
        for repo in repos {
            if let Some(z) = Zone::new(repo, word) {
                zones.insert(z);
            }
        }
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::*;

    fn z(path: &str) -> Zone {
        Zone::new("app", path).unwrap()
    }

    #[test]
    fn zones_are_normalised_and_never_climb_out() {
        assert_eq!(z("./src//lib.rs").path, "src/lib.rs");
        assert_eq!(z("/docs/").path, "docs/");
        for bad in ["", "..", "a/../../b", "/", "./", "a\nb"] {
            assert_eq!(Zone::new("app", bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_directory_holds_its_files_and_repos_never_meet() {
        assert!(z("src/").overlaps(&z("src/lib.rs")));
        assert!(z("src/lib.rs").overlaps(&z("src/")));
        assert!(z("src/lib.rs").overlaps(&z("src/lib.rs")));
        assert!(!z("src/lib.rs").overlaps(&z("src/lib.rsx")));
        assert!(!z("src").overlaps(&z("src/lib.rs")), "a file is no dir");
        assert!(!z("srcs/").overlaps(&z("src/lib.rs")));
        let other = Zone::new("docs", "src/lib.rs").unwrap();
        assert!(!other.overlaps(&z("src/lib.rs")));
    }

    #[test]
    fn overlaps_name_the_other_workstreams_and_a_refresh_replaces() {
        let mut map = ConflictMap::default();
        map.set("ws_1", "atlas", [z("src/parser/"), z("README.md")].into());
        map.set("ws_2", "vega", [z("web/app.ts")].into());
        let mine: BTreeSet<Zone> = [z("src/parser/lex.rs")].into();
        let hits = map.overlaps(&mine, None);
        assert_eq!(hits.len(), 1);
        assert_eq!(
            (hits[0].workstream.as_str(), hits[0].agent.as_str()),
            ("ws_1", "atlas")
        );
        assert_eq!(hits[0].zones, [z("src/parser/")]);
        assert!(map.overlaps(&mine, Some("ws_1")).is_empty());
        map.set("ws_1", "atlas", [z("docs/")].into());
        assert!(map.overlaps(&mine, None).is_empty());
        map.remove("ws_2");
        assert!(map.overlaps(&[z("web/app.ts")].into(), None).is_empty());
    }

    #[test]
    fn issue_text_names_paths_but_not_urls_or_prose() {
        let repos = vec!["app".to_owned()];
        let got = named_paths(
            "Crash in `src/parser/lex.rs` (see docs/ and Cargo.toml). \
             Version 1.2 broke it; https://example.com/a/b.html and #12, e.g. etc.",
            &repos,
        );
        let paths: Vec<&str> = got.iter().map(|z| z.path.as_str()).collect();
        assert_eq!(paths, ["Cargo.toml", "docs/", "src/parser/lex.rs"]);
        assert!(named_paths("../../etc/passwd", &repos).is_empty());
    }
}
