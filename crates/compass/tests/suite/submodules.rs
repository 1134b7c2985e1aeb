//! Warden ranks a git submodule's checkout as dependency code through a
//! real daemon: the submodule paths are listed in the host-owned clone
//! before it becomes the agent's and kept for every later start, so the
//! same agent-instruction file is someone else's inside the submodule and
//! plain content in the user's own tree.

use super::{TestDaemon, commit_file, git, git_repo};
use serde_json::Value;
use std::path::Path;

/// What a dependency's agent file says to whoever reads it.
const AGENT_NOTES: &str =
    "# Agent notes\n\nAlways run the full check before committing, and keep commits small.\n";

/// The user's repo `app`: `libs/kit` a submodule (a gitlink, cloned from
/// `kit`), `libs/mine` the user's own directory.
fn repo_with_submodule(dir: &Path) -> std::path::PathBuf {
    let kit = dir.join("kit");
    fs_err::create_dir_all(&kit).unwrap();
    git(&kit, &["init", "-q", "-b", "main"]);
    commit_file(&kit, "AGENTS.md", AGENT_NOTES);
    let app = git_repo(dir);
    fs_err::create_dir_all(app.join("libs/mine")).unwrap();
    commit_file(&app, "libs/mine/AGENTS.md", AGENT_NOTES);
    git(
        &app,
        &[
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            kit.to_str().unwrap(),
            "libs/kit",
        ],
    );
    git(&app, &["commit", "-q", "-m", "kit as a submodule"]);
    app
}

/// The detectors of the input decision on the source ending in `suffix`.
fn detectors_of(log: &str, suffix: &str) -> Vec<String> {
    let decision = log
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|e| e.get("gateDecision").cloned())
        .find(|d| d["gate"] == "input" && d["source"].as_str().unwrap_or("").ends_with(suffix))
        .unwrap_or_else(|| panic!("no input decision on {suffix}: {log}"));
    decision["findings"]
        .as_array()
        .map(|f| {
            f.iter()
                .map(|f| f["detector"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// A scripted agent `atlas` on project `demo` (its repo at `location`):
/// it checks the submodule out (writes what `git submodule update` would;
/// the clone leaves its directory empty) and reads the same agent file in
/// the submodule and in the user's own directory.
fn reader_on(d: &TestDaemon, location: &str) {
    agent_on(d, location);
    start_reader(d);
}

/// Project `demo` on the repo at `location` and its agent `atlas`.
fn agent_on(d: &TestDaemon, location: &str) {
    d.ok(&["project", "add", "demo", "--repo", location]);
    d.ok(&["agent", "new", "atlas"]);
}

/// An agent on a repository with no commit yet (`git init` with `init`),
/// named by `location`, starts: nothing to list.
fn an_empty_repository_starts(init: &[&str], location: impl FnOnce(&Path) -> String) {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = d.outside().join("app");
    fs_err::create_dir_all(&repo).unwrap();
    git(&repo, &[&["init", "-q", "-b", "main"], init].concat());
    agent_on(&d, &location(&repo));
    d.ok(&["agent", "start", "atlas"]);
}

/// (Re)start `atlas` as the reader of [`reader_on`].
fn start_reader(d: &TestDaemon) {
    d.start_scripted(
        "atlas",
        &format!(
            r#"name = "reader"
description = "d"
[[turns]]
steps = [
  {{ kind = "write", path = "libs/kit/AGENTS.md", content = {AGENT_NOTES:?} }},
  {{ kind = "read", path = "libs/kit/AGENTS.md" }},
  {{ kind = "read", path = "libs/mine/AGENTS.md" }},
]
"#
        ),
    );
}

/// The reader's turn: the submodule's file is ranked as a dependency's,
/// the user's own is not.
fn assert_kit_is_a_dependency(d: &TestDaemon) {
    let turn = d.ok(&["agent", "prompt", "atlas", "read the notes", "--follow"]);
    let log = d.ok(&["warden", "log", "--agent", "atlas", "--json"]);
    let kit = detectors_of(&log, "/app/libs/kit/AGENTS.md");
    assert!(
        kit.iter().any(|d| d == "untrusted_instructions"),
        "the submodule's agent file was not ranked as a dependency's: {kit:?}\n{turn}"
    );
    let mine = detectors_of(&log, "/app/libs/mine/AGENTS.md");
    assert!(
        !mine.iter().any(|d| d == "untrusted_instructions"),
        "the user's own file was ranked as a dependency's: {mine:?}"
    );
}

/// A daemon, and the user's repo `app` with its submodule.
fn daemon_with_app() -> (TestDaemon, std::path::PathBuf) {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let app = repo_with_submodule(d.outside());
    (d, app)
}

#[test]
fn a_submodules_agent_file_is_ranked_as_a_dependencys_and_the_users_own_is_not() {
    let (d, app) = daemon_with_app();
    reader_on(&d, app.to_str().unwrap());
    assert_kit_is_a_dependency(&d);
}

#[test]
fn a_url_projects_submodules_are_listed_in_its_host_owned_clone() {
    let (d, app) = daemon_with_app();
    reader_on(&d, &format!("file://{}", app.display()));
    assert_kit_is_a_dependency(&d);
}

#[test]
fn a_restart_uses_the_list_of_the_clones_base_not_the_remotes_trunk_now() {
    // Upstream drops the submodule after the clone: the agent's checkout
    // still holds it, and its list must too.
    let (d, app) = daemon_with_app();
    reader_on(&d, &format!("file://{}", app.display()));
    d.ok(&["agent", "stop", "atlas"]);
    git(&app, &["rm", "-q", "libs/kit"]);
    git(&app, &["commit", "-q", "-m", "no more kit"]);
    start_reader(&d);
    assert_kit_is_a_dependency(&d);
}

#[test]
fn a_tree_of_more_than_16_mib_still_has_its_submodules_known() {
    // 130 chains of 18 nested 200-byte directory names, 40 files at the
    // end of each: `ls-tree -r` prints about 19 MB; only the gitlink
    // lines are kept, so no whole-output cap is in the way.
    let (d, app) = daemon_with_app();
    for chain in 0..130 {
        let mut dir = app.join(format!("deep{chain:03}"));
        for level in 0..18 {
            dir.push(format!("{level:02}{}", "d".repeat(198)));
        }
        fs_err::create_dir_all(&dir).unwrap();
        for file in 0..40 {
            fs_err::write(dir.join(format!("f{file:02}")), "x").unwrap();
        }
    }
    git(&app, &["add", "-A"]);
    git(&app, &["commit", "-q", "-m", "deep trees"]);
    reader_on(&d, app.to_str().unwrap());
    assert_kit_is_a_dependency(&d);
}

#[test]
fn a_tree_with_too_many_submodules_fails_the_start_naming_the_repo() {
    // A submodule left out would be read as the user's own code: more
    // than Warden keeps is refused, not cut.
    let (d, app) = daemon_with_app();
    let kit = git(&app, &["rev-parse", "HEAD:libs/kit"]);
    let entries: Vec<String> = (0..=compass_core::submodules::MAX_SUBMODULES)
        .map(|i| format!("160000,{kit},many/m{i}"))
        .collect();
    let mut args = vec!["update-index", "--add"];
    for entry in &entries {
        args.extend(["--cacheinfo", entry.as_str()]);
    }
    git(&app, &args);
    git(&app, &["commit", "-q", "-m", "many submodules"]);
    agent_on(&d, app.to_str().unwrap());
    let refused = d.fails(&["agent", "start", "atlas"]);
    for needed in ["submodules", app.to_str().unwrap(), "more than 1024"] {
        assert!(refused.contains(needed), "{needed:?} not in: {refused}");
    }
    let shown = d.ok(&["agent", "show", "atlas"]);
    assert!(shown.contains("failed"), "{shown}");
}

#[test]
fn an_empty_repository_starts_with_no_submodules() {
    // Its HEAD names a branch with no commit yet.
    an_empty_repository_starts(&[], |repo| repo.display().to_string());
}

#[test]
fn an_empty_url_remote_starts_with_no_submodules() {
    // `git clone` of an empty remote succeeds; so does the start.
    an_empty_repository_starts(&["--bare"], |repo| format!("file://{}", repo.display()));
}

#[test]
fn an_agent_cannot_be_retired_while_its_start_is_under_way() {
    // Retired mid-start, the agent would run with no submodule list (its
    // reads ranked as the user's own). A remote that accepts and never
    // answers holds the clone, so the start, open.
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let stalled = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/app.git", stalled.local_addr().unwrap());
    agent_on(&d, &url);
    let start = d.cli_child(&["agent", "start", "atlas"]);
    stalled.set_nonblocking(true).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let clone = loop {
        match stalled.accept() {
            Ok((clone, _)) => break clone,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                assert!(std::time::Instant::now() < deadline, "no clone came");
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(e) => panic!("{e}"),
        }
    };
    let refused = d.fails(&["agent", "retire", "atlas"]);
    assert!(refused.contains("is starting"), "{refused}");
    // The remote hangs up: the clone, so the start, fails; then it retires.
    drop((clone, stalled));
    let started = start.wait_with_output().unwrap();
    assert!(!started.status.success(), "{started:?}");
    d.ok(&["agent", "retire", "atlas"]);
}
