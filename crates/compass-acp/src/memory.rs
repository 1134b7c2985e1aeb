//! An agent kind's memory files: the instruction files (`CLAUDE.md`,
//! `AGENTS.md`, `GEMINI.md`, …) its program loads into the model's context
//! when a session starts, not through a tool call, so no hook of Warden's
//! sees them. A kind declares them as data ([`MemoryFiles`], the kinds
//! file's `[kind.memory]`), and before every launch of the agent process
//! the session asks a [`MemoryGate`] — the daemon's, which reads them
//! through `compass_runtime::agentfs` and has Warden inspect each — whether
//! it may start. A hold ([`MemoryHold`]) stops the launch before the agent
//! process exists; cautions become notes the agent is handed with its next
//! prompt.
//!
//! Boundary: this module holds the declaration, its checks and the gate's
//! contract; it reads no file.

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Longest declared memory path.
const MAX_PATH: usize = 256;
/// Most memory paths a kind declares (files and home files each).
const MAX_PATHS: usize = 32;

/// How an agent's memory file pulls in other files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MemoryImports {
    /// It imports nothing.
    #[default]
    None,
    /// `@path` anywhere after a line start or a space imports `path`
    /// (relative to the importing file's dir, `~/` from the home, or
    /// absolute), nested a few levels: Claude Code's `CLAUDE.md` and Gemini
    /// CLI's `GEMINI.md`.
    AtPath,
}

/// The memory files a kind's program loads at a session's start.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemoryFiles {
    /// Paths relative to the session's dir. The last segment may be a
    /// pattern `*SUFFIX` (every entry of that dir whose name ends so), and
    /// the segment before it `**` (that dir and every dir below it):
    /// `.claude/rules/**/*.md`.
    #[serde(default)]
    pub files: Vec<String>,
    /// `files` are loaded from each dir above the session's dir too, up to
    /// the workload's work root (Codex, Gemini CLI and OpenCode walk up to
    /// the repository's root; an agent can remove the `.git` that stops
    /// them).
    #[serde(default)]
    pub parents: bool,
    /// Paths relative to the agent's home, in the same form.
    #[serde(default)]
    pub home_files: Vec<String>,
    /// How the files import others (followed the same way, bounded).
    #[serde(default)]
    pub imports: MemoryImports,
}

impl MemoryFiles {
    /// Whether the kind declares no memory file.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.home_files.is_empty()
    }

    /// Check the declaration; the error names the field and the path.
    pub fn check(&self) -> Result<(), String> {
        for (field, paths) in [("files", &self.files), ("home_files", &self.home_files)] {
            if paths.len() > MAX_PATHS {
                return Err(format!(
                    "{field}: more than {MAX_PATHS} paths ({})",
                    paths.len()
                ));
            }
            for path in paths {
                check_path(path).map_err(|why| format!("{field}: {path:?} {why}"))?;
            }
        }
        Ok(())
    }
}

/// One declared path, parsed: its dir segments, and its last segment as a
/// name or a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryPath<'a> {
    /// The dir segments before the last one (without a trailing `**`).
    pub dirs: Vec<&'a str>,
    pub last: Last<'a>,
}

/// The last segment of a [`MemoryPath`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Last<'a> {
    /// One file of this name.
    Name(&'a str),
    /// Every entry of the dir whose name ends with the suffix; with
    /// `recursive`, of every dir below it too.
    Suffix { suffix: &'a str, recursive: bool },
}

/// Parse a declared path (checked first).
pub fn parse_path(path: &str) -> Result<MemoryPath<'_>, String> {
    check_path(path)?;
    let mut segments: Vec<&str> = path.split('/').collect();
    let last = segments.pop().unwrap_or_default();
    let last = match last.strip_prefix('*') {
        Some(suffix) => {
            let recursive = segments.last() == Some(&"**");
            if recursive {
                segments.pop();
            }
            Last::Suffix { suffix, recursive }
        }
        None => Last::Name(last),
    };
    Ok(MemoryPath {
        dirs: segments,
        last,
    })
}

fn check_path(path: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err("is empty".into());
    }
    if path.len() > MAX_PATH {
        return Err(format!("is longer than {MAX_PATH} bytes"));
    }
    if path.chars().any(|c| c.is_control()) {
        return Err("holds a NUL, a line break or another control character".into());
    }
    if path.starts_with('/') || path.starts_with('~') {
        return Err("must be relative (to the session's dir, or to the home)".into());
    }
    if path.starts_with('-') {
        return Err("must not start with `-`".into());
    }
    let segments: Vec<&str> = path.split('/').collect();
    let n = segments.len();
    for (i, segment) in segments.iter().enumerate() {
        if segment.is_empty() || *segment == "." || *segment == ".." {
            return Err("has an empty, `.` or `..` segment".into());
        }
        let last = i + 1 == n;
        let recursive_marker = *segment == "**" && i + 2 == n;
        if segment.contains('*') && !recursive_marker {
            let pattern = last
                && segment.starts_with('*')
                && !segment[1..].contains('*')
                && segment.len() > 1;
            if !pattern {
                return Err(
                    "may hold `*` only as a last segment `*SUFFIX`, optionally after `**/`".into(),
                );
            }
        }
    }
    if segments.last() == Some(&"**") {
        return Err("may not end with `**`".into());
    }
    if n >= 2 && segments[n - 2] == "**" && !segments[n - 1].starts_with('*') {
        return Err("has `**` before a name, not before a `*SUFFIX` pattern".into());
    }
    Ok(())
}

/// Why a memory file holds a launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoldKind {
    /// Warden flagged its content: the user decides (allow it once by this
    /// decision hash, or deny it).
    Flagged { hash: String },
    /// The user deny-listed it: the agent does not start while it is so.
    Denied,
    /// It could not be read as a memory file (a link, a dir, a FIFO, too
    /// big, an import outside the agent's dirs, …): refused, never skipped.
    Unreadable,
}

/// A launch held by a memory file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct MemoryHold {
    /// The file, as the agent sees it (`/work/app/CLAUDE.md`).
    pub file: String,
    pub kind: HoldKind,
    /// Warden's reason, or why the file could not be read.
    pub why: String,
}

impl MemoryHold {
    /// Whether the hold waits for the user's decision (a flag).
    pub fn is_pending(&self) -> bool {
        matches!(self.kind, HoldKind::Flagged { .. })
    }

    fn describe(&self) -> String {
        let file = &self.file;
        match &self.kind {
            HoldKind::Flagged { hash } => format!(
                "the agent's memory file {file} was flagged by Warden before its session started, so the agent was not started: {} (decision {hash}; allow it once with `compass warden allow-once AGENT {hash}`, then start the agent again — or, if it was running, resume it and its next prompt starts it — or keep it held)",
                self.why
            ),
            HoldKind::Denied => format!(
                "the agent's memory file {file} is deny-listed, so the agent was not started: {} (take it off the list with `compass warden forget`, or remove the file)",
                self.why
            ),
            HoldKind::Unreadable => format!(
                "the agent's memory file {file} cannot be inspected, so the agent was not started: {} (make it a regular file in the agent's clone, or remove it)",
                self.why
            ),
        }
    }
}

/// What a cleared launch carries: cautions to hand the agent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoryCleared {
    /// Warden's caution notes, each naming its file, for the agent's next
    /// prompt (as for cautioned tool output).
    pub notes: Vec<String>,
}

/// Decides, before each launch of the agent process, whether its memory
/// files let it start. Implemented by the daemon (`fleet/memory.rs`).
pub trait MemoryGate: Send + Sync {
    /// Inspect the memory files a launch in `cwd` (a path inside the
    /// workload) would load.
    fn inspect<'a>(&'a self, cwd: &'a Path) -> BoxFuture<'a, Result<MemoryCleared, MemoryHold>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_pattern_paths_parse() {
        assert_eq!(
            parse_path(".claude/CLAUDE.md").unwrap(),
            MemoryPath {
                dirs: vec![".claude"],
                last: Last::Name("CLAUDE.md")
            }
        );
        assert_eq!(
            parse_path(".claude/rules/**/*.md").unwrap(),
            MemoryPath {
                dirs: vec![".claude", "rules"],
                last: Last::Suffix {
                    suffix: ".md",
                    recursive: true
                }
            }
        );
        assert_eq!(
            parse_path("docs/*.md").unwrap().last,
            Last::Suffix {
                suffix: ".md",
                recursive: false
            }
        );
    }

    #[test]
    fn paths_that_could_escape_or_confuse_are_refused() {
        for bad in [
            "",
            "/etc/CLAUDE.md",
            "~/.claude/CLAUDE.md",
            "../CLAUDE.md",
            "a/../CLAUDE.md",
            "./CLAUDE.md",
            "a//b.md",
            "CLAUDE.md\n",
            "CLAUDE\0.md",
            "-rf",
            "*",
            "**",
            "a/**",
            "**/CLAUDE.md",
            "a*/b.md",
            "a/*b*.md",
            "a/b*.md",
        ] {
            let files = MemoryFiles {
                files: vec![bad.to_owned()],
                ..MemoryFiles::default()
            };
            assert!(files.check().is_err(), "{bad:?} was accepted");
            let home = MemoryFiles {
                home_files: vec![bad.to_owned()],
                ..MemoryFiles::default()
            };
            let err = home.check().unwrap_err();
            assert!(err.starts_with("home_files: "), "{err}");
        }
        let many = MemoryFiles {
            files: (0..=MAX_PATHS).map(|i| format!("f{i}.md")).collect(),
            ..MemoryFiles::default()
        };
        assert!(many.check().unwrap_err().contains("more than"));
    }

    #[test]
    fn a_hold_names_its_file_and_what_to_do() {
        let hold = MemoryHold {
            file: "/work/app/CLAUDE.md".into(),
            kind: HoldKind::Flagged {
                hash: "ab".repeat(32),
            },
            why: "injection".into(),
        };
        let shown = hold.to_string();
        assert!(shown.contains("/work/app/CLAUDE.md"), "{shown}");
        assert!(shown.contains("allow-once"), "{shown}");
        assert!(hold.is_pending());
        let link = MemoryHold {
            kind: HoldKind::Unreadable,
            ..hold
        };
        assert!(!link.is_pending());
        assert!(link.to_string().contains("cannot be inspected"));
    }
}
