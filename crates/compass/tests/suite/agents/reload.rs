//! `compass agent reload`: the agent's context is cleared and it comes back
//! as the same agent, seeded from its worktree's state and its task.

use super::super::{TestDaemon, git_repo};

/// Turn 1 commits half a fix in the workstream's worktree; the reload
/// prompt gets its own answer.
const SCENARIO: &str = r#"
name = "reload"
description = "commit, then be reloaded"

[[turns]]
on_prompt_containing = "context was reset"
steps = [{ kind = "message", text = "Back, picking up where the workspace stands." }]

[[turns]]
steps = [
  { kind = "run", command = "cd /work/.streams/demo-1/app && echo wip > notes.txt && git add notes.txt && git commit -qm 'half of the fix' && echo committed" },
]
"#;

#[test]
fn reload_reseeds_the_same_agent_from_its_worktree_and_task() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    let before = d.json(&["agent", "new", "atlas"]);
    d.start_scripted("atlas", SCENARIO);

    // The task arrives while the agent runs: its session started in the
    // plain clone, the reload must move it into the workstream's worktree.
    d.ok(&[
        "issue",
        "add",
        "Fix add()",
        "--body",
        "add(2, 2) returns 0: it subtracts.",
    ]);
    let ws = d.json(&["workstream", "add", "demo-1", "atlas"]);
    d.ok(&[
        "workstream",
        "move",
        ws["id"].as_str().unwrap(),
        "in_progress",
    ]);
    let turn = d.ok(&[
        "agent",
        "prompt",
        "atlas",
        "commit your progress",
        "--follow",
    ]);
    assert!(turn.contains("committed"), "{turn}");

    // Unknown and stopped agents are refused by name.
    let err = d.fails(&["agent", "reload", "nobody"]);
    assert!(err.contains("nobody"), "{err}");

    let reload = d.ok(&["agent", "reload", "atlas", "--follow"]);
    assert!(
        reload.contains("atlas is reloading"),
        "no acknowledgement: {reload}"
    );
    for expected in [
        "You are atlas",
        "demo-1: Fix add()",
        "add(2, 2) returns 0: it subtracts.",
        "branch: compass/atlas/demo-1",
        "half of the fix",
        "Back, picking up where the workspace stands.",
    ] {
        assert!(
            reload.contains(expected),
            "the reload stream lacks {expected:?}:\n{reload}"
        );
    }

    // Same agent: one atlas, same id, still running; its log says it reloaded
    // into a new session.
    let after = d.json(&["agent", "show", "atlas"]);
    assert_eq!(after["id"], before["id"]);
    assert_eq!(after["status"], "AGENT_STATUS_RUNNING");
    let agents = d.json(&["agent", "list"]);
    assert_eq!(agents["agents"].as_array().unwrap().len(), 1, "{agents}");
    let log = d.json(&["agent", "log", "atlas"]);
    let sessions: Vec<(String, String)> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| {
            let s = e.get("agentUpdate")?.get("sessionStarted")?;
            Some((
                s["sessionId"].as_str()?.to_owned(),
                s["how"].as_str()?.to_owned(),
            ))
        })
        .collect();
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    assert_eq!(sessions[0].1, "new");
    assert_eq!(sessions[1].1, "reloaded");
    assert_ne!(sessions[0].0, sessions[1].0, "the context was not cleared");
    let board = d.ok(&["board"]);
    assert!(board.contains("atlas"), "{board}");

    // A stopped agent has no context to clear.
    d.ok(&["agent", "stop", "atlas"]);
    let err = d.fails(&["agent", "reload", "atlas"]);
    assert!(
        err.contains("atlas is not running") && err.contains("compass agent start atlas"),
        "{err}"
    );
}
