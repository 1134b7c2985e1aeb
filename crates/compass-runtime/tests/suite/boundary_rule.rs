//! The boundary rule as a test (docs/architecture.md, "The workload
//! boundary"): host-side code of compass-runtime, compass-daemon,
//! compass-warden and compass-dispatcher touches an agent-writable tree (a workload's home, work,
//! tmp, the env copy, the secrets dir) only through
//! `compass_runtime::agentfs`. The scan is textual and conservative: a
//! statement that makes a direct filesystem call and names an agent-writable
//! path (or a variable bound to one) fails, as does any link-following or
//! tree-deleting call, unless it is on the justified allowlist below.

use super::support::rust_files;
use std::collections::BTreeSet;
use std::path::Path;

/// Expressions that name an agent-writable tree on the host.
const AGENT_PATHS: &[&str] = &[
    ".home",
    ".work",
    ".tmp",
    "env_file()",
    "secrets_dir()",
    "INNER_HOME",
    "INNER_WORK",
];

/// Direct filesystem calls (each follows links or reads without a cap).
const FS_CALLS: &[&str] = &[
    "fs_err::",
    "std::fs::",
    "tokio::fs::",
    "File::open",
    "OpenOptions",
    ".exists()",
    ".is_dir()",
    ".is_file()",
    ".is_symlink()",
    ".metadata()",
    "read_to_string(",
    "read_dir(",
];

/// Calls that follow or delete through links wherever they point, or read
/// a child's whole output whatever its size (`compass_capture` caps it):
/// flagged in any statement.
const ALWAYS: &[&str] = &[
    "remove_dir_all",
    "read_link",
    "symlink_metadata",
    "canonicalize",
    ".output()",
    "wait_with_output",
];

/// `(file, statement fragment, why it is not an agent-writable tree)`.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "compass-runtime/src/sandbox.rs",
        "fs_err::read_link(path)",
        "the host's own root-owned system dirs (/usr, /bin, /lib…)",
    ),
    (
        "compass-runtime/src/sandbox.rs",
        "fs_err::canonicalize(dir)",
        "workload state dirs under Compass's data dir: the dir itself is never mounted",
    ),
    (
        "compass-runtime/src/sandbox.rs",
        "fs_err::canonicalize(&m.host_path)",
        "a mount source the user configured; it is the mount point inside, which an agent cannot replace",
    ),
    (
        "compass-runtime/src/repos.rs",
        "fs_err::remove_dir_all(&staging)",
        "staging dirs are made in the state dir, outside every mount, and never seen by the agent",
    ),
    (
        "compass-runtime/src/repos.rs",
        "fs_err::rename(&staged, &dest)",
        "rename(2) of a staged clone onto a new name in /work: the last component is never followed and an existing entry (or link) makes it fail",
    ),
    (
        "compass-runtime/src/repos.rs",
        "fs_err::rename(staging.join(repo.name.as_str()), &dest)",
        "as above: rename(2) never follows the destination's last component",
    ),
    (
        "compass-runtime/src/layout.rs",
        "fs_err::set_permissions(&self.tmp",
        "at create: the dir was just made in an empty state dir, before any agent process exists",
    ),
    (
        "compass-runtime/src/oci/engine.rs",
        "fs_err::symlink_metadata(&dir)",
        "Compass's own engine settings dir in the host's temp dir, mounted into no workload; checked to be ours, 0700 and no link",
    ),
    (
        "compass-daemon/src/fleet/spec.rs",
        "fs_err::canonicalize(d)",
        "a project directory the user named (its parent is never mounted, so no agent can swap it); resolved to mount what the scope check judged",
    ),
    (
        "compass-daemon/src/scope.rs",
        "fs_err::canonicalize(cur)",
        "the scope check resolves the user's project paths and the data dir before any workload sees them",
    ),
    (
        "compass-daemon/src/push_relay.rs",
        "fs_err::symlink_metadata(p)",
        "a push's quarantine in the agent's relay repository: Compass-owned under the state dir, never mounted; checked to be a real directory, never followed",
    ),
    (
        "compass-runtime/src/mask_check.rs",
        "fs_err::symlink_metadata(&mask.path)",
        "not host-side: the masks' check runs inside the sandbox, in the agent's own mount namespace, before its program; it is the lstat that finds a link",
    ),
    (
        "compass-runtime/src/mask_check.rs",
        "fs_err::canonicalize(&mask.path)",
        "not host-side: inside the sandbox, before the agent's program; resolving is how it finds a link above a mask",
    ),
    (
        "compass-daemon/src/fleet/install.rs",
        "fs_err::canonicalize(host.join(name))",
        "the program's lookup in the Compass bin dir, the user's agent tools dir and the daemon's install dirs: each mounted read-only into every agent workload (an install dir is written only by its kind's install, in a throwaway workload no agent runs in); resolved to check the program stays inside its dir",
    ),
    (
        "compass-daemon/src/fleet/install.rs",
        "fs_err::symlink_metadata(path)",
        "an unfinished install's staging dir under the daemon's install dirs, never mounted into an agent's workload; a link there is removed, never followed",
    ),
    (
        "compass-daemon/src/fleet/install.rs",
        "fs_err::remove_dir_all(path)",
        "as above: the daemon's own staging dir of an install that did not finish (remove_dir_all does not follow links)",
    ),
    (
        "compass-daemon/src/fleet/install.rs",
        "fs_err::canonicalize(&candidate)",
        "a kind's execute-only program, looked up beside its launcher in the same read-only dirs as the program (the Compass bin dir, the agent tools dir, the daemon's install dirs); resolved to check it stays inside the dir the launcher was found in",
    ),
    (
        "compass-daemon/src/fleet/start.rs",
        "fs_err::read_link(&link)",
        "a link of the daemon's own in the workload's config dir (own-git/, compass-confine-shell/), which the workload sees read-only: no agent writes it; read, never followed",
    ),
    (
        "compass-daemon/src/fleet/start.rs",
        "fs_err::symlink_metadata(&copy)",
        "the execute-only copy in the workload's config dir, the daemon's and read-only inside: an lstat, following nothing",
    ),
    (
        "compass-runtime/src/bench.rs",
        "fs_err::remove_dir_all(&root)",
        "the benchmark's own scratch dir",
    ),
    (
        "compass-runtime/src/bench.rs",
        ".output()",
        "git on the benchmark's own scratch repo",
    ),
    (
        "compass-runtime/src/sandbox.rs",
        "arg(\"--version\") .env_clear() .output()",
        "the configured bwrap's `--version`, before any workload exists",
    ),
    (
        "compass-runtime/src/oci.rs",
        "arg(\"--version\") .env_clear()",
        "the configured engine's `--version`, before any workload exists",
    ),
    (
        "compass-warden/src/bench.rs",
        "wait_with_output",
        "the hook benchmark's own client on its own payloads",
    ),
];

/// The code of a file without comments and without its trailing
/// `#[cfg(test)]` module (tests build their own fixtures).
fn code_of(text: &str) -> String {
    let body = text.split("#[cfg(test)]").next().unwrap_or("");
    body.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Statements, roughly: split at `;`, `{` and `}`, whitespace collapsed.
fn statements(code: &str) -> Vec<String> {
    code.split([';', '{', '}'])
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `stmt` contains `needle` as a whole token (not inside a longer
/// identifier, e.g. `.home` but not `.homepage`).
fn has_token(stmt: &str, needle: &str) -> bool {
    stmt.match_indices(needle).any(|(i, _)| {
        let before = stmt[..i].chars().next_back();
        let after = stmt[i + needle.len()..].chars().next();
        let starts_ident = needle.starts_with(is_ident);
        let ends_ident = needle.ends_with(is_ident);
        let glued_before = starts_ident && before.is_some_and(is_ident);
        let glued_after = ends_ident && after.is_some_and(is_ident);
        !(glued_before || glued_after)
    })
}

/// Variables bound (`let x = …`) to an agent-writable path, transitively.
fn tainted(stmts: &[String]) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = BTreeSet::new();
    loop {
        let before = names.len();
        for s in stmts {
            let Some(rest) = s.strip_prefix("let ") else {
                continue;
            };
            let Some((lhs, rhs)) = rest.split_once(" = ") else {
                continue;
            };
            let name = lhs
                .trim_start_matches("mut ")
                .split(':')
                .next()
                .unwrap_or("")
                .trim();
            if !name.chars().all(is_ident) || name.is_empty() {
                continue;
            }
            if AGENT_PATHS.iter().any(|p| has_token(rhs, p))
                || names.iter().any(|n| has_token(rhs, n))
            {
                names.insert(name.to_owned());
            }
        }
        if names.len() == before {
            return names;
        }
    }
}

/// Each statement with the variables tainted in its function (a new scope
/// starts at every `fn` item).
fn scoped(stmts: &[String]) -> Vec<(String, BTreeSet<String>)> {
    let mut out = Vec::new();
    let mut scope: Vec<String> = Vec::new();
    let flush = |scope: &mut Vec<String>, out: &mut Vec<(String, BTreeSet<String>)>| {
        let taint = tainted(scope);
        out.extend(scope.drain(..).map(|s| (s, taint.clone())));
    };
    for s in stmts {
        if has_token(s, "fn") {
            flush(&mut scope, &mut out);
        }
        scope.push(s.clone());
    }
    flush(&mut scope, &mut out);
    out
}

/// Every statement of the host-side sources that breaks the rule and is
/// not allowlisted, plus the allowlist entries that matched.
fn scan(extra: Option<(&str, &str)>) -> (Vec<String>, BTreeSet<usize>) {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in [
        "compass-runtime",
        "compass-daemon",
        "compass-warden",
        "compass-dispatcher",
    ] {
        rust_files(&crates.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 30, "found only {} files", files.len());
    let mut violations = Vec::new();
    let mut used = BTreeSet::new();
    let mut sources: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let shown = f
                .strip_prefix(&crates)
                .unwrap_or(f)
                .display()
                .to_string()
                .replace("./", "");
            (shown, fs_err::read_to_string(f).unwrap())
        })
        .collect();
    if let Some((file, text)) = extra {
        sources.push((file.to_owned(), text.to_owned()));
    }
    for (file, text) in sources {
        if file.ends_with("compass-runtime/src/agentfs.rs") {
            continue;
        }
        for (s, taint) in scoped(&statements(&code_of(&text))) {
            let fs_call = FS_CALLS.iter().any(|c| s.contains(c));
            let agent_path = AGENT_PATHS.iter().any(|p| has_token(&s, p))
                || taint.iter().any(|n| has_token(&s, n));
            let s = s.as_str();
            let always = ALWAYS.iter().any(|c| s.contains(c));
            if !(always || (fs_call && agent_path)) {
                continue;
            }
            match ALLOWED
                .iter()
                .position(|(f, frag, _)| file.ends_with(f) && s.contains(frag))
            {
                Some(i) => {
                    used.insert(i);
                }
                None => violations.push(format!("{file}: {s}")),
            }
        }
    }
    (violations, used)
}

#[test]
fn host_code_touches_agent_trees_only_through_agentfs() {
    let (violations, used) = scan(None);
    assert!(
        violations.is_empty(),
        "direct filesystem calls on agent-writable paths (use compass_runtime::agentfs, \
         or run the operation inside the workload):\n{}",
        violations.join("\n")
    );
    let stale: Vec<_> = ALLOWED
        .iter()
        .enumerate()
        .filter(|(i, _)| !used.contains(i))
        .map(|(_, (f, frag, _))| format!("{f}: {frag}"))
        .collect();
    assert!(
        stale.is_empty(),
        "allowlist entries that match nothing: {stale:?}"
    );
}

#[test]
fn the_scan_catches_the_attacks_it_exists_for() {
    // The deletions and reads issue 9 found, as they were written.
    for (file, bad) in [
        (
            "compass-daemon/src/fleet/start.rs",
            "fn f() { match fs_err::remove_file(layout.env_file()) { Ok(()) => {} } }",
        ),
        (
            "compass-daemon/src/fleet/start.rs",
            "fn f() { let _ = fs_err::remove_dir_all(layout.secrets_dir()); }",
        ),
        (
            "compass-runtime/src/process.rs",
            "fn f() { let p = layout.home.join(\".compass\");\n let env = p.join(\"env\");\n let t = fs_err::read_to_string(&env); }",
        ),
        (
            "compass-daemon/src/fleet/start.rs",
            "fn f() { if Layout::new(d).work.join(\".streams\").exists() {} }",
        ),
    ] {
        let (violations, _) = scan(Some((file, bad)));
        assert!(
            violations.iter().any(|v| v.starts_with(file)),
            "not caught: {bad}"
        );
    }
}
