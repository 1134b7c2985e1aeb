//! What the Bridge needs from the daemon, through the CLI like any client:
//! a workstream's review (`compass workstream diff`: the forwarded commit
//! read on the host, else the agent's clone, marked unverified) with its
//! bad input, and a stored stream in readable units
//! (streamed chunks coalesced by the daemon). The page itself is tested in
//! headless Chromium by `web/test/` (run from `scripts/test`).

use super::{TestDaemon, git_repo};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(90);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

const SCENARIO: &str = r#"name = "review"
[[turns]]
steps = [
  { kind = "repeat", count = 60, step = { kind = "message", text = "word " } },
  { kind = "write", path = "notes.txt", content = "reviewed line\n" },
  { kind = "git_commit", message = "Add the review notes" },
  { kind = "message", text = "Committed." },
]
"#;

#[test]
fn a_workstream_diff_shows_the_branch_commits_and_patch_and_the_stream_is_coalesced() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["issue", "add", "Write review notes", "-p", "demo"]);
    let ws: Value = d.json(&["workstream", "add", "demo-1", "atlas"]);
    let ws = ws["id"].as_str().unwrap().to_owned();

    // Bad input names the field; an agent that is not running says so.
    assert!(d.fails(&["workstream", "diff", ""]).contains("workstream"));
    assert!(
        d.fails(&["workstream", "diff", "wst-999"])
            .contains("no workstream")
    );
    let idle = d.fails(&["workstream", "diff", &ws]);
    assert!(idle.contains("not running"), "{idle}");

    // In progress: the agent's session works in the workstream's worktree.
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    d.start_scripted("atlas", SCENARIO);
    let turn = d.ok(&["agent", "prompt", "atlas", "write the notes", "--follow"]);
    assert!(turn.contains("turn ended"), "{turn}");

    let text = d.ok(&["workstream", "diff", &ws]);
    assert!(text.contains("compass/atlas/demo-1"), "{text}");
    assert!(text.contains("Add the review notes"), "{text}");
    assert!(text.contains("+reviewed line"), "{text}");
    // Nothing pushed: read from the agent's clone, and said so.
    assert!(
        text.contains("unverified: read from the agent's clone"),
        "{text}"
    );
    let json = d.json(&["workstream", "diff", &ws]);
    let app = &json["repos"][0];
    assert_eq!(app["repo"], "app");
    assert_eq!(app["unverified"], true, "{json}");
    assert_eq!(app["commits"].as_array().map(Vec::len), Some(1), "{json}");
    assert_eq!(app["base"].as_str().map(str::len), Some(40), "{json}");

    // Sixty streamed chunks are stored as a few readable units, whole.
    wait_until("the turn's events to be stored", || {
        d.ok(&["agent", "log", "atlas"]).contains("Committed.")
    });
    let chunks: Vec<String> = d
        .ok(&["events", "--json"])
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|e| {
            e["agentUpdate"]["messageChunk"]["text"]
                .as_str()
                .map(str::to_owned)
        })
        .filter(|t| t.contains("word"))
        .collect();
    assert!(
        !chunks.is_empty() && chunks.len() <= 6,
        "60 chunks stored as {} events: {chunks:?}",
        chunks.len()
    );
    assert_eq!(chunks.concat(), "word ".repeat(60));
}

#[test]
fn a_reviews_base_is_trunk_as_compass_fetched_it_not_the_agents_refs() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["issue", "add", "Two changes", "-p", "demo"]);
    let ws: Value = d.json(&["workstream", "add", "demo-1", "atlas"]);
    let ws = ws["id"].as_str().unwrap().to_owned();
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    // The agent commits twice, then moves its clone's trunk onto its first
    // commit: a base from its refs would leave that commit out.
    d.start_scripted(
        "atlas",
        r#"name = "hide"
[[turns]]
steps = [
  { kind = "write", path = "hidden.txt", content = "hidden line\n" },
  { kind = "git_commit", message = "The hidden change" },
  { kind = "write", path = "notes.txt", content = "visible line\n" },
  { kind = "git_commit", message = "The visible change" },
  { kind = "run", command = "git update-ref refs/heads/main HEAD~1 && git update-ref refs/remotes/origin/main HEAD~1" },
]
"#,
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(turn.contains("turn ended"), "{turn}");
    let json = d.json(&["workstream", "diff", &ws]);
    let app = &json["repos"][0];
    assert_eq!(app["error"].as_str().unwrap_or(""), "", "{json}");
    assert_eq!(app["commits"].as_array().map(Vec::len), Some(2), "{json}");
    let patch = app["patch"].as_str().unwrap();
    assert!(
        patch.contains("+hidden line") && patch.contains("+visible line"),
        "{patch}"
    );
    assert_eq!(
        app["base"].as_str().unwrap(),
        super::git(&repo, &["rev-parse", "main"]),
        "{json}"
    );
}

/// The review of `ws` in its one repo, with no error.
fn reviewed_patch(d: &TestDaemon, ws: &str) -> String {
    let json = d.json(&["workstream", "diff", ws]);
    let app = &json["repos"][0];
    assert_eq!(app["error"].as_str().unwrap_or(""), "", "{json}");
    app["patch"].as_str().unwrap_or("").to_owned()
}

/// A daemon whose agent `atlas` ran one turn of `scenario` on issue
/// `demo-1`'s workstream, in progress on a fresh repo: the daemon, the
/// repo, the workstream and what the turn showed.
fn one_turn_on_a_workstream(scenario: &str) -> (TestDaemon, PathBuf, String, String) {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["issue", "add", "One change", "-p", "demo"]);
    let ws = d.workstream("demo-1", "atlas");
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    d.start_scripted("atlas", scenario);
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    (d, repo, ws, turn)
}

/// A review shows what the relay forwarded to the remote — what a pull
/// request and a merge carry — not the branch as it stands in the agent's
/// clone: an agent that pushes a change and then moves its branch back
/// cannot show the user a diff that is not the one it published.
#[test]
fn a_review_shows_the_pushed_tip_not_the_branch_the_agent_moved_after_it() {
    let (d, repo, ws, turn) = one_turn_on_a_workstream(
        r#"name = "swap"
[[turns]]
steps = [
  { kind = "write", path = "pushed.txt", content = "published line\n" },
  { kind = "git_commit", message = "The published change" },
  { kind = "run", command = "git push -q origin HEAD && echo pushed-it" },
  { kind = "run", command = "git update-ref refs/heads/compass/atlas/demo-1 HEAD~1 && echo moved-back" },
]
"#,
    );
    assert!(
        turn.contains("pushed-it") && turn.contains("moved-back"),
        "{turn}"
    );
    let published = super::git(&repo, &["rev-parse", "refs/heads/compass/atlas/demo-1"]);
    assert_eq!(
        super::git(&repo, &["show", &format!("{published}:pushed.txt")]),
        "published line"
    );
    let patch = reviewed_patch(&d, &ws);
    assert!(
        patch.contains("+published line"),
        "the review is not what was pushed ({published}): {patch}"
    );
}

/// Before any push the review reads the workstream's branch itself: a tag
/// (or any ref) the agent names like the branch, which git would prefer
/// when it resolves the short name, changes nothing.
#[test]
fn a_review_reads_the_branch_not_a_ref_the_agent_named_like_it() {
    let (d, _, ws, turn) = one_turn_on_a_workstream(
        r#"name = "shadow"
[[turns]]
steps = [
  { kind = "write", path = "branch.txt", content = "branch line\n" },
  { kind = "git_commit", message = "The branch change" },
  { kind = "run", command = "git tag compass/atlas/demo-1 HEAD~1 && git update-ref refs/compass/atlas/demo-1 HEAD~1 && echo shadowed" },
]
"#,
    );
    assert!(turn.contains("shadowed"), "{turn}");
    let patch = reviewed_patch(&d, &ws);
    assert!(
        patch.contains("+branch line"),
        "the review read a ref named like the branch, not the branch: {patch:?}"
    );
}

/// Git does not check an object's hash when `log` and `diff` read it: an
/// agent that pushed a change can then overwrite the loose object of the
/// pushed file in its own clone with a harmless one. The review is built
/// on the host from what the relay received (objects that came through
/// git's index-pack, by the forwarded commit's id), so it still shows the
/// file the remote holds, and says it is verified.
#[test]
fn a_review_shows_the_pushed_blob_not_an_object_the_agent_overwrote_after_the_push() {
    let (d, repo, ws, turn) = one_turn_on_a_workstream(
        r#"name = "object-swap"
[[turns]]
steps = [
  { kind = "write", path = "install.sh", content = "the pushed line\n" },
  { kind = "git_commit", message = "Add the installer" },
  { kind = "run", command = "git push -q origin HEAD && echo pushed-it" },
  { kind = "run", command = "b=$(git rev-parse HEAD:install.sh); g=$(printf 'echo harmless\\n' | git hash-object -w --stdin); o=$(git rev-parse --git-common-dir)/objects; p=$o/$(echo $b | cut -c1-2)/$(echo $b | cut -c3-); q=$o/$(echo $g | cut -c1-2)/$(echo $g | cut -c3-); chmod u+w $p && cp $q $p && git show HEAD:install.sh && echo swapped-it" },
]
"#,
    );
    assert!(
        turn.contains("pushed-it") && turn.contains("swapped-it"),
        "{turn}"
    );
    let published = super::git(&repo, &["rev-parse", "refs/heads/compass/atlas/demo-1"]);
    assert_eq!(
        super::git(&repo, &["show", &format!("{published}:install.sh")]),
        "the pushed line"
    );
    let json = d.json(&["workstream", "diff", &ws]);
    let app = &json["repos"][0];
    assert_eq!(app["error"].as_str().unwrap_or(""), "", "{json}");
    let patch = app["patch"].as_str().unwrap_or("");
    assert!(
        patch.contains("+the pushed line") && !patch.contains("harmless"),
        "the review read the agent's overwritten object, not what was pushed ({published}): {patch}"
    );
    assert_ne!(app["unverified"], true, "{json}");
    let text = d.ok(&["workstream", "diff", &ws]);
    assert!(!text.contains("unverified"), "{text}");
}
