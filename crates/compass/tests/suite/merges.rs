//! Merge detection through the daemon: `compass dispatcher check-merges`
//! against a local bare forge moves a squash-merged workstream to merged
//! (its GitHub issue closed by the writeback) and leaves one whose PR was
//! closed without merging as it was; a forge that cannot be read is an
//! event and moves nothing; a push the relay forwards has the branch
//! watched at once, so a squash that deletes the branch is still detected;
//! only what the relay forwarded counts, and only against trunk commits
//! made after the forward.

use super::{TestDaemon, git, set_secret};
use compass_test_support::GithubServer;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const TOKEN: &str = "ghp_merge_token_7";

/// A bare forge with `main` (one commit) and a clone to act on it.
pub(super) fn forge(dir: &Path) -> (PathBuf, PathBuf) {
    let bare = dir.join("app.git");
    git(dir, &["init", "-q", "--bare", "-b", "main", "app.git"]);
    git(dir, &["clone", "-q", "app.git", "user"]);
    let user = dir.join("user");
    git(&user, &["checkout", "-q", "-b", "main"]);
    fs_err::write(user.join("README.md"), "# app\n").unwrap();
    git(&user, &["add", "-A"]);
    git(&user, &["commit", "-q", "-m", "init"]);
    git(&user, &["push", "-q", "origin", "main"]);
    (bare, user)
}

/// The scripted agent `atlas` runs `command` (git in its clone, pushing
/// through the relay) in one turn; all `pushes` are forwarded (the only
/// pushes of the test).
fn agent_runs(d: &TestDaemon, command: &str, pushes: usize) {
    compass_test_support::bins::scripted_agent();
    let step = serde_json::to_string(command).unwrap();
    d.start_scripted(
        "atlas",
        &format!(
            "name = \"push\"\ndescription = \"the agent pushes through the relay\"\n\
             [[turns]]\nsteps = [ {{ kind = \"run\", command = {step} }} ]\n"
        ),
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    let events = d.ok(&["events"]);
    assert_eq!(events.matches(": pushed ").count(), pushes, "{events}");
}

/// Shell for the agent: commit `file` (content `text`) on a new branch
/// from `from` and push it as `compass/atlas/<issue>`.
fn agent_branch(issue: &str, from: &str, file: &str, text: &str) -> String {
    format!(
        "git checkout -qb {issue} {from} && printf '{text}\\n' > {file} && git add -A && \
         git -c user.name=a -c user.email=a@example.com commit -qm {file} && \
         git push -q origin HEAD:refs/heads/compass/atlas/{issue}"
    )
}

/// Fetch the forge and make `branch` local in the user's clone.
fn user_takes(user: &Path, branch: &str) {
    git(user, &["fetch", "-q", "origin"]);
    git(
        user,
        &["branch", "-q", "-f", branch, &format!("origin/{branch}")],
    );
}

/// What a forge's "squash and merge" does: one commit on main, branch gone.
fn squash_merge(user: &Path, branch: &str) {
    git(user, &["checkout", "-q", "main"]);
    git(user, &["merge", "-q", "--squash", branch]);
    git(user, &["commit", "-q", "-m", "Squashed PR"]);
    git(user, &["push", "-q", "origin", "main"]);
    git(user, &["push", "-q", "origin", "--delete", branch]);
}

fn state_of(d: &TestDaemon, ws: &str) -> String {
    let list = d.json(&["workstream", "list", "--project", "demo"]);
    list["workstreams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == ws)
        .map(|w| w["state"].as_str().unwrap().to_owned())
        .unwrap()
}

#[test]
fn a_squash_merge_is_detected_and_closes_the_issue_and_a_closed_pr_never_counts() {
    let rt = runtime();
    let gh = rt.block_on(GithubServer::start("octo/app", TOKEN)).unwrap();
    gh.add_issue("feature one", "", &[]);
    gh.add_issue("feature two", "", &[]);
    let d = TestDaemon::start();
    let (bare, user) = forge(d.outside());
    d.ok(&["project", "add", "demo", "--repo", bare.to_str().unwrap()]);
    set_secret(&d, "GH_TOKEN", TOKEN);
    let url = gh.url();
    d.ok(&super::sources::add_args(&url));
    d.ok(&["source", "sync", "github:octo/app"]);
    d.ok(&["agent", "new", "atlas"]);
    let one = d.workstream("demo-1", "atlas");
    let two = d.workstream("demo-2", "atlas");
    d.ok(&["workstream", "move", &one, "in_progress"]);
    d.ok(&["workstream", "move", &two, "in_progress"]);
    d.ok(&["workstream", "move", &two, "in_review"]);

    // Nothing pushed yet, then pushed but not merged: nothing moves.
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["checked"], 2, "{r}");
    assert!(r.get("merged").is_none(), "{r}");
    let push = format!(
        "{} && {}",
        agent_branch("demo-1", "HEAD", "one.txt", "one"),
        agent_branch("demo-2", "HEAD~1", "two.txt", "two")
    );
    agent_runs(&d, &push, 2);
    let r = d.json(&["dispatcher", "check-merges", "--project", "demo"]);
    assert!(r.get("merged").is_none(), "{r}");

    // One is squash-merged (branch deleted); two's PR is closed unmerged.
    user_takes(&user, "compass/atlas/demo-1");
    squash_merge(&user, "compass/atlas/demo-1");
    git(
        &user,
        &["push", "-q", "origin", "--delete", "compass/atlas/demo-2"],
    );
    let r = d.json(&["dispatcher", "check-merges"]);
    let merged = r["merged"].as_array().unwrap();
    assert_eq!(merged.len(), 1, "{r}");
    assert_eq!(merged[0]["workstream"]["id"], one.as_str());
    assert_eq!(merged[0]["repos"][0]["repo"], "app");
    assert_eq!(merged[0]["repos"][0]["how"], "MERGE_METHOD_SQUASH");
    assert_eq!(
        merged[0]["repos"][0]["trunkCommit"],
        git(&bare, &["rev-parse", "main"]).as_str()
    );
    assert_eq!(state_of(&d, &one), "WORKSTREAM_STATE_MERGED");
    assert_eq!(state_of(&d, &two), "WORKSTREAM_STATE_IN_REVIEW");
    // The writeback closed issue 1 only.
    assert_eq!(gh.issue(1)["state"], "closed");
    assert_eq!(gh.issue(2)["state"], "open");
    let events = d.ok(&["events"]);
    assert!(
        events.contains("merged on trunk") && events.contains("app squash"),
        "{events}"
    );
    // Checking again changes nothing (merged is final, two still open).
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["checked"], 1, "{r}");
    assert!(r.get("merged").is_none(), "{r}");

    // Bad input: an unknown project is named; a forge that is gone is a
    // failure and an event, and moves nothing.
    let err = d.fails(&["dispatcher", "check-merges", "--project", "nope"]);
    assert!(err.contains("nope"), "{err}");
    fs_err::rename(&bare, d.outside().join("moved.git")).unwrap();
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["failures"][0]["repo"], "app", "{r}");
    assert_eq!(state_of(&d, &two), "WORKSTREAM_STATE_IN_REVIEW");
    // Failing the same way again is in the answer, not a second event.
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["failures"][0]["repo"], "app", "{r}");
    let events = d.ok(&["events"]);
    assert_eq!(
        events.matches("merge check failed for app").count(),
        1,
        "{events}"
    );
}

#[test]
fn a_branch_repeating_trunk_work_or_pushed_past_the_relay_never_counts() {
    let d = TestDaemon::start();
    let (bare, user) = forge(d.outside());
    // Someone else's work is on trunk before the agent starts.
    fs_err::write(user.join("b.txt"), "b\n").unwrap();
    git(&user, &["add", "-A"]);
    git(&user, &["commit", "-q", "-m", "someone's b"]);
    git(&user, &["push", "-q", "origin", "main"]);
    d.ok(&["project", "add", "demo", "--repo", bare.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["issue", "add", "repeat", "--project", "demo"]);
    d.ok(&["issue", "add", "past the relay", "--project", "demo"]);
    let one = d.workstream("demo-1", "atlas");
    let two = d.workstream("demo-2", "atlas");
    d.ok(&["workstream", "move", &one, "in_progress"]);
    d.ok(&["workstream", "move", &two, "in_progress"]);
    // The agent forwards a branch, forked before that work, that repeats
    // its patch exactly: a "squash" already on trunk.
    agent_runs(&d, &agent_branch("demo-1", "HEAD~1", "b.txt", "b"), 1);
    // Two's branch reaches the forge without the relay and is
    // fast-forwarded into trunk.
    git(
        &user,
        &["checkout", "-q", "-b", "compass/atlas/demo-2", "main"],
    );
    fs_err::write(user.join("two.txt"), "two\n").unwrap();
    git(&user, &["add", "-A"]);
    git(&user, &["commit", "-q", "-m", "two"]);
    git(&user, &["push", "-q", "origin", "compass/atlas/demo-2"]);
    git(&user, &["checkout", "-q", "main"]);
    git(&user, &["merge", "-q", "--ff-only", "compass/atlas/demo-2"]);
    git(&user, &["push", "-q", "origin", "main"]);
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["checked"], 2, "{r}");
    assert!(r.get("merged").is_none(), "{r}");
    assert_eq!(state_of(&d, &one), "WORKSTREAM_STATE_IN_PROGRESS");
    assert_eq!(state_of(&d, &two), "WORKSTREAM_STATE_IN_PROGRESS");
    // The real merge of one's forwarded tip still counts.
    user_takes(&user, "compass/atlas/demo-1");
    git(
        &user,
        &[
            "merge",
            "-q",
            "--no-ff",
            "-m",
            "Merge #1",
            "compass/atlas/demo-1",
        ],
    );
    git(&user, &["push", "-q", "origin", "main"]);
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["merged"][0]["workstream"]["id"], one.as_str(), "{r}");
    assert_eq!(
        r["merged"][0]["repos"][0]["how"],
        "MERGE_METHOD_MERGE_COMMIT"
    );
}

#[test]
fn a_push_forwarded_by_the_relay_is_watched_at_once() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let (bare, user) = forge(d.outside());
    d.ok(&["project", "add", "demo", "--repo", bare.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["issue", "add", "the feature", "--project", "demo"]);
    let ws = d.workstream("demo-1", "atlas");
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    d.start_scripted(
        "atlas",
        r#"name = "push"
description = "the agent pushes its branch through the relay"
[[turns]]
steps = [
  { kind = "run", command = "git checkout -qb work && printf 'x\n' > feature.txt && git add -A && git -c user.name=a -c user.email=a@example.com commit -qm feature && git push -q origin HEAD:refs/heads/compass/atlas/demo-1" },
]
"#,
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    wait_watched(&d, &ws);
    // The forge squashes and deletes the branch before anyone checks again.
    git(&user, &["fetch", "-q", "origin"]);
    git(
        &user,
        &[
            "branch",
            "-q",
            "compass/atlas/demo-1",
            "origin/compass/atlas/demo-1",
        ],
    );
    squash_merge(&user, "compass/atlas/demo-1");
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["merged"][0]["workstream"]["id"], ws.as_str(), "{r}");
    assert_eq!(state_of(&d, &ws), "WORKSTREAM_STATE_MERGED");
}

/// Wait until the merge check a forward rang has watched `ws`'s tip in
/// the Compass-owned mirror of project `demo`'s repo `app` (that check,
/// pull requests first, has run).
pub(super) fn wait_watched(d: &TestDaemon, ws: &str) {
    let project = d.json(&["project", "show", "demo"])["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mirror = d.home().join("merges").join(project).join("app.git");
    let tip = format!("refs/compass/ws/{ws}/tip");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !mirror.join(&tip).is_file() && !packed(&mirror, &tip) {
        assert!(
            Instant::now() < deadline,
            "the forward did not start a merge check"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn packed(repo: &Path, name: &str) -> bool {
    fs_err::read_to_string(repo.join("packed-refs")).is_ok_and(|p| p.contains(name))
}

/// A runtime for the local forges (they serve while the test blocks).
pub(super) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn the_mirror_fetches_a_private_forge_with_the_secret_bound_to_it() {
    use compass_test_support::git_http_server::{GitHttpServer, bare_repo};
    let rt = runtime();
    let d = TestDaemon::start();
    let root = d.outside().join("forge");
    fs_err::create_dir_all(&root).unwrap();
    let bare = bare_repo(&root, "app.git", &[("README.md", "# app\n")]);
    let forge = rt
        .block_on(GitHttpServer::start(&root, "bot", TOKEN))
        .unwrap();
    let out = super::secret_set_with(
        &d,
        &[
            "FORGE_TOKEN",
            "--forge",
            &forge.origin(),
            "--username",
            "bot",
        ],
        TOKEN,
    );
    assert!(out.status.success(), "{out:?}");
    d.ok(&["project", "add", "demo", "--repo", &forge.url("app.git")]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["issue", "add", "private", "--project", "demo"]);
    let ws = d.workstream("demo-1", "atlas");
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    agent_runs(&d, &agent_branch("demo-1", "HEAD", "one.txt", "one"), 1);
    // The user squash-merges on the forge's own disk.
    git(
        d.outside(),
        &["clone", "-q", bare.to_str().unwrap(), "user"],
    );
    let user = d.outside().join("user");
    user_takes(&user, "compass/atlas/demo-1");
    squash_merge(&user, "compass/atlas/demo-1");
    forge.watch(TOKEN);
    let r = d.json(&["dispatcher", "check-merges"]);
    assert!(r.get("failures").is_none(), "{r}");
    assert_eq!(r["merged"][0]["workstream"]["id"], ws.as_str(), "{r}");
    assert!(forge.leaks().is_empty(), "{:?}", forge.leaks());
}

#[test]
fn a_stalled_forge_holds_up_only_its_own_projects_check() {
    use compass_test_support::git_http_server::{GitHttpServer, bare_repo};
    use std::process::{Command, Stdio};
    let rt = runtime();
    let d = TestDaemon::start();
    let root = d.outside().join("forge");
    fs_err::create_dir_all(&root).unwrap();
    bare_repo(&root, "app.git", &[("README.md", "# app\n")]);
    let (bare, _user) = forge(d.outside());
    let http = rt
        .block_on(GitHttpServer::start(&root, "bot", TOKEN))
        .unwrap();
    for (project, repo, agent) in [
        ("slow", http.url("app.git"), "hermes"),
        ("demo", bare.to_str().unwrap().to_owned(), "atlas"),
    ] {
        d.ok(&["project", "add", project, "--repo", &repo]);
        d.ok(&["agent", "new", agent, "--project", project]);
        d.ok(&["issue", "add", "work", "--project", project]);
        let ws = d.workstream(&format!("{project}-1"), agent);
        d.ok(&["workstream", "move", &ws, "in_progress"]);
    }
    http.stall(true);
    let mut slow = Command::new(env!("CARGO_BIN_EXE_compass"))
        .args(["dispatcher", "check-merges", "--project", "slow", "--json"])
        .env("COMPASS_HOME", d.home())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while http.requests().is_empty() {
        assert!(Instant::now() < deadline, "the slow check never fetched");
        std::thread::sleep(Duration::from_millis(50));
    }
    // While its fetch hangs: another project's check, a check of all
    // (the slow project reported busy) and the status all answer.
    let started = Instant::now();
    let r = d.json(&["dispatcher", "check-merges", "--project", "demo"]);
    assert_eq!(r["checked"], 1, "{r}");
    let r = d.json(&["dispatcher", "check-merges"]);
    assert!(
        r["failures"][0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("still running")),
        "{r}"
    );
    assert_eq!(
        r["failures"][0]["repo"], "app",
        "the busy repo is named: {r}"
    );
    d.ok(&["dispatcher", "status"]);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "answers waited for the stalled fetch: {:?}",
        started.elapsed()
    );
    assert!(
        slow.try_wait().unwrap().is_none(),
        "the slow check ended early"
    );
    http.stall(false);
    let out = slow.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn a_named_agent_picks_up_its_next_approved_workstream_when_one_merges() {
    let d = TestDaemon::start();
    let (bare, user) = forge(d.outside());
    d.ok(&["project", "add", "demo", "--repo", bare.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    for title in ["first", "second", "third"] {
        d.ok(&["issue", "add", title, "--project", "demo"]);
    }
    // Three approved proposals for atlas, one in progress.
    let mut ids = Vec::new();
    for issue in ["demo-1", "demo-2", "demo-3"] {
        let p = d.json(&["dispatcher", "propose", "-p", "demo", issue]);
        let id = p["proposals"][0]["id"].as_str().unwrap().to_owned();
        let ws = d.json(&["dispatcher", "approve", &id])["workstream"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        ids.push(ws);
    }
    d.ok(&["workstream", "move", &ids[0], "in_progress"]);
    agent_runs(&d, &agent_branch("demo-1", "HEAD", "one.txt", "one"), 1);
    user_takes(&user, "compass/atlas/demo-1");
    git(&user, &["merge", "-q", "--ff-only", "compass/atlas/demo-1"]);
    git(&user, &["push", "-q", "origin", "main"]);
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["merged"][0]["workstream"]["id"], ids[0].as_str(), "{r}");
    // The next one (oldest) is picked up; the third waits.
    assert_eq!(state_of(&d, &ids[1]), "WORKSTREAM_STATE_IN_PROGRESS");
    assert_eq!(state_of(&d, &ids[2]), "WORKSTREAM_STATE_BACKLOG");
    // Nothing more is picked up while that one is in flight.
    d.ok(&["dispatcher", "check-merges"]);
    assert_eq!(state_of(&d, &ids[2]), "WORKSTREAM_STATE_BACKLOG");
    // With work of its own waiting, it is proposed nothing new.
    assert_eq!(open_proposals(&d).len(), 0);
}

fn open_proposals(d: &TestDaemon) -> Vec<serde_json::Value> {
    d.json(&["dispatcher", "proposals"])["proposals"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Pickup's other half: a named agent whose workstream merged and that has
/// no other work is *proposed* its next issue from the project backlog —
/// the one its persona matches — and never given it: no workstream is made
/// until the user approves, and a later check proposes nothing more.
#[test]
fn a_named_agent_with_no_work_left_is_proposed_its_next_issue_when_one_merges() {
    let d = TestDaemon::start();
    let (bare, user) = forge(d.outside());
    d.ok(&["project", "add", "demo", "--repo", bare.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas", "--persona", "docs writer"]);
    for title in ["first", "tune the parser", "write the install docs"] {
        d.ok(&["issue", "add", title, "--project", "demo"]);
    }
    let ws = d.json(&["workstream", "add", "demo-1", "atlas"])["id"]
        .as_str()
        .unwrap()
        .to_owned();
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    assert_eq!(open_proposals(&d).len(), 0);
    agent_runs(&d, &agent_branch("demo-1", "HEAD", "one.txt", "one"), 1);
    user_takes(&user, "compass/atlas/demo-1");
    git(&user, &["merge", "-q", "--ff-only", "compass/atlas/demo-1"]);
    git(&user, &["push", "-q", "origin", "main"]);
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["merged"][0]["workstream"]["id"], ws.as_str(), "{r}");
    let open = open_proposals(&d);
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(open[0]["issueKey"], "demo-3", "{open:?}");
    assert_eq!(open[0]["agent"], "atlas", "{open:?}");
    assert!(
        open[0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("after its work merged") && r.contains("docs")),
        "{open:?}"
    );
    // Proposed, not started: still its one workstream; nothing more later.
    d.ok(&["dispatcher", "check-merges"]);
    assert_eq!(open_proposals(&d).len(), 1);
    let list = d.json(&["workstream", "list", "--project", "demo"]);
    assert_eq!(
        list["workstreams"].as_array().map_or(0, Vec::len),
        1,
        "{list}"
    );
}
