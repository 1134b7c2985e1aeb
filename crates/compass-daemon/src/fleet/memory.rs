//! The agent's memory files, inspected before every launch of its process
//! (first start, restart, resume): the instruction files its kind declares
//! (`[kind.memory]`, e.g. Claude Code's `CLAUDE.md`, `.claude/CLAUDE.md`,
//! `.claude/rules/**/*.md` and their `@path` imports) reach the model when
//! the session starts, with no tool call a hook could gate. The daemon
//! reads them only through `compass_runtime::agentfs` (beneath the work
//! root's or the home's dir fd, no link followed, regular files only,
//! size-capped) and has Warden inspect each as a file the agent reads
//! (`file:<path inside>`, so a dependency's or a submodule's file ranks as
//! a dependency's).
//!
//! Flagged: the launch is held until the user decides (the agent is
//! paused by Warden, the board and `compass warden log` name the file and
//! the decision's hash). Deny-listed: it does not start. Cautioned: it
//! starts, and the caution is handed to the agent with its next prompt.
//! A memory file that cannot be read as one — a link (at the file or at a
//! dir above it), a dir or FIFO where a file loads, a file over the cap,
//! an import outside the agent's work root and home, too many files — is
//! refused: the agent does not start, with the reason naming the file.
//! Nothing is skipped silently.

use super::pauser::WorkloadPauser;
use super::running::Running;
use compass_acp::memory::{Last, MemoryPath, parse_path};
use compass_acp::{HoldKind, MemoryCleared, MemoryFiles, MemoryGate, MemoryHold, MemoryImports};
use compass_core::gate::{Decision, InputItem};
use compass_core::id::AgentId;
use compass_runtime::agentfs::{AgentTree, Kind};
use compass_warden::audit::Route;
use compass_warden::pause::AgentPauser as _;
use futures::future::BoxFuture;
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// Largest memory file read (Claude Code warns above 40,000 characters).
pub(super) const MAX_FILE_BYTES: u64 = 256 * 1024;
/// Most memory files (imports included) one launch reads.
const MAX_FILES: usize = 64;
/// How deep imports are followed (Claude Code stops at five levels).
const MAX_IMPORT_DEPTH: usize = 5;
/// How deep a `**` pattern descends.
const MAX_DIR_DEPTH: usize = 8;

/// A dir the agent can write, as the host and the agent see it.
#[derive(Debug, Clone)]
pub(super) struct Place {
    pub(super) host: PathBuf,
    pub(super) inner: PathBuf,
}

/// The daemon's [`MemoryGate`] for one agent.
pub(super) struct MemoryInspector {
    pub(super) agent: AgentId,
    pub(super) spec: MemoryFiles,
    pub(super) work: Place,
    pub(super) home: Place,
    pub(super) warden: Arc<compass_warden::Warden>,
    pub(super) running: Running,
    pub(super) pauser: WorkloadPauser,
}

/// One memory file read.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Read {
    /// Its path as the agent sees it.
    shown: PathBuf,
    content: String,
    /// How many imports deep it was reached.
    depth: usize,
}

/// Why a memory file could not be read: its path inside, and the reason.
type Refused = (PathBuf, String);

impl MemoryGate for MemoryInspector {
    fn inspect<'a>(&'a self, cwd: &'a Path) -> BoxFuture<'a, Result<MemoryCleared, MemoryHold>> {
        Box::pin(async move {
            if self.spec.is_empty() {
                return Ok(MemoryCleared::default());
            }
            let reads =
                collect(&self.spec, &self.work, &self.home, cwd).map_err(|(file, why)| {
                    MemoryHold {
                        file: file.display().to_string(),
                        kind: HoldKind::Unreadable,
                        why,
                    }
                })?;
            let mut notes = Vec::new();
            for read in reads {
                let file = read.shown.display().to_string();
                let item = InputItem {
                    source: format!("file:{file}"),
                    content: read.content,
                };
                let decided = self.warden.inspect_memory_file(&self.agent, &item).await;
                match decided.verdict.decision {
                    Decision::Clear => {}
                    Decision::Caution { note } => notes.push(format!(
                        "Compass Warden cautions about the memory file {file}, loaded at the start of this session: {note}"
                    )),
                    Decision::Flag { reason } => {
                        let kind = if decided.record.path == Route::Denylisted {
                            HoldKind::Denied
                        } else {
                            HoldKind::Flagged {
                                hash: decided.record.hash.clone(),
                            }
                        };
                        let hold = MemoryHold {
                            file,
                            kind,
                            why: reason,
                        };
                        self.hold_running(&hold).await;
                        return Err(hold);
                    }
                }
            }
            Ok(MemoryCleared { notes })
        })
    }
}

impl MemoryInspector {
    /// A running agent whose restart is held waits paused by Warden, the
    /// reason naming the file (a first start is marked by the start).
    async fn hold_running(&self, hold: &MemoryHold) {
        if !hold.is_pending() || self.running.workload(&self.agent).is_none() {
            return;
        }
        let reason = hold_reason(hold);
        if let Err(error) = self.pauser.pause_agent(&self.agent, &reason).await {
            tracing::error!(agent = %self.agent, %error, "could not pause an agent whose memory file was flagged");
        }
    }
}

/// The status reason of an agent whose memory file holds its start (after
/// `paused by Warden: `).
pub(super) fn hold_reason(hold: &MemoryHold) -> String {
    hold.to_string()
}

/// Every memory file a launch in `cwd` loads, imports followed.
fn collect(
    spec: &MemoryFiles,
    work: &Place,
    home: &Place,
    cwd: &Path,
) -> Result<Vec<Read>, Refused> {
    let refuse = |path: &Path, why: &str| Err((path.to_path_buf(), why.to_owned()));
    let Ok(rel) = cwd.strip_prefix(&work.inner) else {
        return refuse(cwd, "the session's dir is outside the agent's work root");
    };
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return refuse(cwd, "the session's dir is not a plain path");
    }
    let work_tree = open(work)?;
    let home_tree = open(home)?;
    let mut found = Found::default();
    let mut dirs = vec![rel.to_path_buf()];
    if spec.parents {
        let mut up = rel.to_path_buf();
        while up.pop() {
            dirs.push(up.clone());
        }
    }
    for dir in &dirs {
        for path in &spec.files {
            let parsed = parse_path(path).map_err(|why| (work.inner.join(path), why))?;
            expand(&work_tree, work, dir, &parsed, &mut found)?;
        }
    }
    for path in &spec.home_files {
        let parsed = parse_path(path).map_err(|why| (home.inner.join(path), why))?;
        expand(&home_tree, home, Path::new(""), &parsed, &mut found)?;
    }
    if spec.imports == MemoryImports::AtPath {
        let mut next = 0;
        while next < found.reads.len() {
            let read = found.reads[next].clone();
            next += 1;
            if read.depth >= MAX_IMPORT_DEPTH {
                continue;
            }
            let dir = read.shown.parent().unwrap_or(Path::new("/"));
            for import in at_imports(&read.content) {
                let Some(target) = resolve_import(&import, dir, &home.inner) else {
                    return refuse(
                        &read.shown,
                        &format!("it imports {import:?}, which is not a plain path"),
                    );
                };
                let (tree, place) = if target.starts_with(&work.inner) {
                    (&work_tree, work)
                } else if target.starts_with(&home.inner) {
                    (&home_tree, home)
                } else {
                    return refuse(
                        &read.shown,
                        &format!(
                            "it imports {}, outside the agent's work root and home",
                            target.display()
                        ),
                    );
                };
                let rel = target.strip_prefix(&place.inner).unwrap_or(Path::new(""));
                found.file(tree, place, rel, read.depth + 1)?;
            }
        }
    }
    Ok(found.reads)
}

fn open(place: &Place) -> Result<AgentTree, Refused> {
    AgentTree::open(&place.host).map_err(|e| (place.inner.clone(), e.to_string()))
}

/// The files read so far, each once.
#[derive(Default)]
struct Found {
    reads: Vec<Read>,
    seen: HashSet<PathBuf>,
}

impl Found {
    /// Read the regular file `rel` of `tree`, if it is there; a link, a
    /// FIFO, a dir or a file over the cap is refused. A dir above it that
    /// is missing, or is no dir, holds nothing; one that is a link is
    /// refused (the agent would follow it).
    fn file(
        &mut self,
        tree: &AgentTree,
        place: &Place,
        rel: &Path,
        depth: usize,
    ) -> Result<(), Refused> {
        let shown = place.inner.join(rel);
        if rel.as_os_str().is_empty() || !self.seen.insert(shown.clone()) {
            return Ok(());
        }
        if !dirs_above(tree, place, rel)? {
            return Ok(());
        }
        match tree.kind(rel) {
            Ok(None) => return Ok(()),
            Ok(Some(Kind::File)) => {}
            Ok(Some(kind)) => {
                return Err((
                    shown,
                    format!("it is a {kind}, not a regular file (links are never followed)"),
                ));
            }
            Err(e) => return Err((shown, e.to_string())),
        }
        if self.reads.len() >= MAX_FILES {
            return Err((
                shown,
                format!("more than {MAX_FILES} memory files would load"),
            ));
        }
        let bytes = match tree.read(rel, MAX_FILE_BYTES) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(()),
            Err(e) => return Err((shown, e.to_string())),
        };
        self.reads.push(Read {
            shown,
            content: String::from_utf8_lossy(&bytes).into_owned(),
            depth,
        });
        Ok(())
    }
}

/// Whether every dir above `rel` is a dir (`false` when one is missing or
/// is no dir: nothing loads from below it); a link among them is refused.
fn dirs_above(tree: &AgentTree, place: &Place, rel: &Path) -> Result<bool, Refused> {
    let mut prefix = PathBuf::new();
    let parts: Vec<_> = rel.components().collect();
    for part in parts.iter().take(parts.len().saturating_sub(1)) {
        prefix.push(part);
        match tree.kind(&prefix) {
            Ok(Some(Kind::Dir)) => {}
            Ok(Some(Kind::Symlink)) => {
                return Err((
                    place.inner.join(rel),
                    format!(
                        "{} is a symlink (links are never followed)",
                        place.inner.join(&prefix).display()
                    ),
                ));
            }
            Ok(_) => return Ok(false),
            Err(e) => return Err((place.inner.join(rel), e.to_string())),
        }
    }
    Ok(true)
}

/// The files `path` names below `dir` of `tree`.
fn expand(
    tree: &AgentTree,
    place: &Place,
    dir: &Path,
    path: &MemoryPath<'_>,
    found: &mut Found,
) -> Result<(), Refused> {
    let mut base = dir.to_path_buf();
    base.extend(&path.dirs);
    match path.last {
        Last::Name(name) => found.file(tree, place, &base.join(name), 0),
        Last::Suffix { suffix, recursive } => {
            // The listed dir itself: missing or no dir, nothing loads.
            if !dirs_above(tree, place, &base.join("x"))? {
                return Ok(());
            }
            match tree.kind(&base) {
                Ok(Some(Kind::Dir)) => {}
                Ok(Some(Kind::Symlink)) => {
                    return Err((
                        place.inner.join(&base),
                        "it is a symlink (links are never followed)".into(),
                    ));
                }
                Ok(_) => return Ok(()),
                Err(e) => return Err((place.inner.join(&base), e.to_string())),
            }
            list(tree, place, &base, suffix, recursive, 0, found)
        }
    }
}

/// The entries of dir `rel` whose names end with `suffix` (and those of
/// every dir below it, with `recursive`), in name order.
fn list(
    tree: &AgentTree,
    place: &Place,
    rel: &Path,
    suffix: &str,
    recursive: bool,
    depth: usize,
    found: &mut Found,
) -> Result<(), Refused> {
    let shown = place.inner.join(rel);
    if depth > MAX_DIR_DEPTH {
        return Err((shown, format!("it is more than {MAX_DIR_DEPTH} dirs deep")));
    }
    let mut entries = tree.list(rel).map_err(|e| (shown.clone(), e.to_string()))?;
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    for entry in entries {
        let Some(name) = entry.name.to_str() else {
            return Err((shown.join(&entry.name), "its name is not UTF-8".to_owned()));
        };
        let child = rel.join(name);
        let matches = name.ends_with(suffix);
        match entry.kind {
            Kind::Dir if recursive => {
                list(tree, place, &child, suffix, recursive, depth + 1, found)?
            }
            Kind::Symlink if matches || recursive => {
                return Err((
                    place.inner.join(&child),
                    "it is a symlink (links are never followed)".into(),
                ));
            }
            Kind::File if matches => found.file(tree, place, &child, 0)?,
            Kind::Dir | Kind::File | Kind::Symlink => {}
            other if matches => {
                return Err((
                    place.inner.join(&child),
                    format!("it is a {other}, not a regular file"),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The `@path` imports of a memory file, as Claude Code reads them (an `@`
/// at a line's start or after white space, up to white space; `\ ` is a
/// space; a `#` ends the path), taken everywhere in the text: code spans
/// and blocks included, where Claude Code reads none — more is inspected,
/// never less.
fn at_imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i] == '@' && (i == 0 || chars[i - 1].is_whitespace());
        if !starts {
            i += 1;
            continue;
        }
        let mut path = String::new();
        let mut j = i + 1;
        while j < chars.len() {
            match chars[j] {
                '\\' if chars.get(j + 1) == Some(&' ') => {
                    path.push(' ');
                    j += 2;
                }
                '\\' => break,
                c if c.is_whitespace() => break,
                c => {
                    path.push(c);
                    j += 1;
                }
            }
        }
        i = j;
        let path = path.split('#').next().unwrap_or("").to_owned();
        let imports = path.starts_with("./")
            || path.starts_with("~/")
            || (path.starts_with('/') && path != "/")
            || path
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
        if imports && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

/// An import's path inside the workload: `~/` from the home, absolute as
/// given, otherwise from the importing file's dir; `.` and `..` resolved
/// by name (as Claude Code resolves them). `None` for a path with a NUL.
fn resolve_import(import: &str, dir: &Path, home: &Path) -> Option<PathBuf> {
    if import.contains('\0') {
        return None;
    }
    let joined = if let Some(rest) = import.strip_prefix("~/") {
        home.join(rest)
    } else if import.starts_with('/') {
        PathBuf::from(import)
    } else {
        dir.join(import)
    };
    let mut out = PathBuf::from("/");
    for c in joined.components() {
        match c {
            Component::Normal(part) => out.push(part),
            Component::ParentDir => {
                out.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(root: &Path) -> (Place, Place) {
        let work = root.join("work");
        let home = root.join("home");
        fs_err::create_dir_all(work.join("app")).unwrap();
        fs_err::create_dir_all(&home).unwrap();
        (
            Place {
                host: work,
                inner: "/work".into(),
            },
            Place {
                host: home,
                inner: "/home/agent".into(),
            },
        )
    }

    fn claude() -> MemoryFiles {
        MemoryFiles {
            files: vec![
                "CLAUDE.md".into(),
                ".claude/CLAUDE.md".into(),
                ".claude/rules/**/*.md".into(),
            ],
            parents: false,
            home_files: vec![],
            imports: MemoryImports::AtPath,
        }
    }

    fn shown(reads: &[Read]) -> Vec<String> {
        reads
            .iter()
            .map(|r| r.shown.display().to_string())
            .collect()
    }

    #[test]
    fn imports_are_read_as_claude_code_reads_them() {
        assert_eq!(
            at_imports(
                "See @docs/team.md and @./x.md#part, mail a@b.c, @~/n.md\n@/abs/p.md @@x @/ @#x @my\\ file.md"
            ),
            [
                "docs/team.md",
                "./x.md",
                "~/n.md",
                "/abs/p.md",
                "my file.md"
            ]
        );
        let dir = Path::new("/work/app");
        let home = Path::new("/home/agent");
        assert_eq!(
            resolve_import("../other/x.md", dir, home),
            Some(PathBuf::from("/work/other/x.md"))
        );
        assert_eq!(
            resolve_import("~/x.md", dir, home),
            Some(PathBuf::from("/home/agent/x.md"))
        );
        assert_eq!(
            resolve_import("../../../../etc/passwd", dir, home),
            Some(PathBuf::from("/etc/passwd"))
        );
    }

    #[test]
    fn declared_files_rules_and_imports_are_read_beneath_the_trees() {
        let tmp = tempfile::tempdir().unwrap();
        let (work, home) = places(tmp.path());
        let app = work.host.join("app");
        fs_err::write(app.join("CLAUDE.md"), "Read @docs/team.md and @types/node").unwrap();
        fs_err::create_dir_all(app.join("docs")).unwrap();
        fs_err::write(app.join("docs/team.md"), "birds @../CLAUDE.md").unwrap();
        fs_err::create_dir_all(app.join(".claude/rules/deep")).unwrap();
        fs_err::write(app.join(".claude/rules/a.md"), "a").unwrap();
        fs_err::write(app.join(".claude/rules/deep/b.md"), "b").unwrap();
        fs_err::write(app.join(".claude/rules/notes.txt"), "not loaded").unwrap();
        fs_err::write(work.host.join("CLAUDE.md"), "above: not loaded").unwrap();
        let reads = collect(&claude(), &work, &home, Path::new("/work/app")).unwrap();
        assert_eq!(
            shown(&reads),
            [
                "/work/app/CLAUDE.md",
                "/work/app/.claude/rules/a.md",
                "/work/app/.claude/rules/deep/b.md",
                "/work/app/docs/team.md",
            ]
        );
        // With `parents`, the dir above loads too.
        let up = MemoryFiles {
            parents: true,
            ..claude()
        };
        let reads = collect(&up, &work, &home, Path::new("/work/app")).unwrap();
        assert!(shown(&reads).contains(&"/work/CLAUDE.md".to_owned()));
    }

    #[test]
    fn links_dirs_fifos_big_files_and_outside_imports_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let (work, home) = places(tmp.path());
        let app = work.host.join("app");
        let outside = tmp.path().join("secret.md");
        fs_err::write(&outside, "host file").unwrap();
        let check = |why: &str| {
            let (file, reason) =
                collect(&claude(), &work, &home, Path::new("/work/app")).unwrap_err();
            assert!(
                reason.contains(why),
                "{why:?} not in {reason:?} ({})",
                file.display()
            );
            file
        };

        std::os::unix::fs::symlink(&outside, app.join("CLAUDE.md")).unwrap();
        assert_eq!(check("symlink"), PathBuf::from("/work/app/CLAUDE.md"));
        fs_err::remove_file(app.join("CLAUDE.md")).unwrap();

        fs_err::create_dir_all(app.join("CLAUDE.md")).unwrap();
        check("directory");
        fs_err::remove_dir(app.join("CLAUDE.md")).unwrap();

        let made = std::process::Command::new("mkfifo")
            .arg(app.join("CLAUDE.md"))
            .status()
            .unwrap();
        assert!(made.success());
        check("FIFO");
        fs_err::remove_file(app.join("CLAUDE.md")).unwrap();

        std::os::unix::fs::symlink(tmp.path(), app.join(".claude")).unwrap();
        check("symlink");
        fs_err::remove_file(app.join(".claude")).unwrap();

        fs_err::write(
            app.join("CLAUDE.md"),
            "x".repeat(MAX_FILE_BYTES as usize + 1),
        )
        .unwrap();
        check("larger than");

        fs_err::write(app.join("CLAUDE.md"), "see @/etc/passwd").unwrap();
        check("outside the agent's work root and home");

        fs_err::write(app.join("CLAUDE.md"), "see @../../../../etc/passwd").unwrap();
        check("outside the agent's work root and home");

        // A missing import, or a name that is a plain file above nothing,
        // loads nothing and holds nothing.
        fs_err::write(app.join("CLAUDE.md"), "see @missing.md").unwrap();
        fs_err::write(app.join(".claude"), "a file, not a dir").unwrap();
        let reads = collect(&claude(), &work, &home, Path::new("/work/app")).unwrap();
        assert_eq!(shown(&reads), ["/work/app/CLAUDE.md"]);
    }

    #[test]
    fn a_session_dir_outside_the_work_root_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let (work, home) = places(tmp.path());
        let err = collect(&claude(), &work, &home, Path::new("/tmp/x")).unwrap_err();
        assert!(err.1.contains("outside"), "{err:?}");
    }
}
