//! `compass dispatcher status` over a real daemon: who is doing what, what
//! is blocked, what waits for the user — from the board, in a fixed order,
//! the same answer twice; an unknown project is named.

use super::{TestDaemon, git_repo};

#[test]
fn status_answers_who_does_what_and_what_waits_deterministically() {
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    for title in [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ] {
        d.ok(&["issue", "add", title, "--project", "demo"]);
    }
    // Created out of order: the answer is by name, not by creation.
    d.ok(&["agent", "new", "vega"]);
    d.ok(&["agent", "new", "atlas"]);
    let ws = |issue: &str, agent: &str| d.workstream(issue, agent);
    let a10 = ws("demo-10", "atlas");
    let a9 = ws("demo-9", "atlas");
    let _a2 = ws("demo-2", "atlas");
    let v3 = ws("demo-3", "vega");
    let v4 = ws("demo-4", "vega");
    for (w, states) in [
        (&a10, &["in_progress"][..]),
        (&a9, &["in_progress"][..]),
        (&v3, &["in_progress", "in_review"][..]),
        (&v4, &["in_progress", "paused"][..]),
    ] {
        for s in states {
            d.ok(&["workstream", "move", w, s]);
        }
    }
    let st = d.json(&["dispatcher", "status"]);
    let doing = st["doing"].as_array().unwrap();
    assert_eq!(doing[0]["agent"], "atlas", "{st}");
    assert_eq!(doing[1]["agent"], "vega");
    let current: Vec<&str> = doing[0]["current"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["issueKey"].as_str().unwrap())
        .collect();
    assert_eq!(current, ["demo-9", "demo-10"], "numeric order: {st}");
    assert_eq!(doing[0]["queued"][0]["issueKey"], "demo-2");
    assert_eq!(doing[1]["current"][0]["issueKey"], "demo-4");
    assert_eq!(st["blocked"][0]["kind"], "BLOCKED_KIND_WORKSTREAM_PAUSED");
    assert_eq!(st["blocked"][0]["subject"], "demo-4");
    assert_eq!(st["waiting"][0]["kind"], "WAITING_KIND_REVIEW");
    assert_eq!(st["waiting"][0]["issueKey"], "demo-3");
    assert_eq!(st["waiting"][0]["agent"], "vega");
    assert_eq!(st["unassigned"], "5");
    // Deterministic: asked again, the same bytes.
    assert_eq!(
        d.ok(&["dispatcher", "status", "--json"]),
        d.ok(&["dispatcher", "status", "--project", "demo", "--json"])
    );
    let text = d.ok(&["dispatcher", "status"]);
    assert!(
        text.contains("atlas (idle)")
            && text.contains("demo-9 [in_progress] nine")
            && text.contains("queued: demo-2")
            && text.contains("workstream paused: demo-4")
            && text.contains("review demo-3 by vega")
            && text.contains("Unassigned issues: 5"),
        "{text}"
    );
    let err = d.fails(&["dispatcher", "status", "--project", "nope"]);
    assert!(err.contains("nope"), "{err}");
}
