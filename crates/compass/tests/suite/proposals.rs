//! Assignment proposals through the CLI against a real daemon: proposals
//! follow personas and steer overlapping issues to one agent, ordered; the
//! user approves (the workstream is created as `issue assign` does), edits
//! or rejects each; the conflict map is filled from the files each
//! in-flight workstream changed (git inside its agent's workload), so a new
//! issue naming those files goes behind that work and says so; two
//! in-flight workstreams touching the same file raise an overlap event and
//! mark both cards on the board (until one leaves flight); bad input is a
//! clear error, and so is deciding a proposal whose issue was assigned or
//! closed on its tracker since (with a `proposal_stale` event).

use super::pulls::on_forge;
use super::{TestDaemon, git_repo};
use serde_json::Value;

pub(super) fn proposals(v: &Value) -> Vec<Value> {
    v["proposals"].as_array().cloned().unwrap_or_default()
}

pub(super) fn of<'a>(list: &'a [Value], issue: &str) -> &'a Value {
    list.iter()
        .find(|p| p["issueKey"] == issue)
        .unwrap_or_else(|| panic!("no proposal for {issue}: {list:?}"))
}

pub(super) fn id(v: &Value) -> String {
    v["id"].as_str().unwrap().to_owned()
}

/// Agents `atlas` (parser and compiler work) and `vega` (web css styling).
pub(super) fn two_agents(d: &TestDaemon) {
    d.ok(&[
        "agent",
        "new",
        "atlas",
        "--persona",
        "parser and compiler work",
    ]);
    d.ok(&["agent", "new", "vega", "--persona", "web css styling"]);
}

/// The agent writes `file` on its workstream's branch and commits.
fn edits(file: &str) -> String {
    format!(
        "name = \"edit\"\n[[turns]]\nsteps = [\n  {{ kind = \"write\", path = \"{file}\", content = \"changed\\n\" }},\n  {{ kind = \"git_commit\", message = \"edit {file}\" }},\n]\n\
         [[turns]]\non_prompt_containing = \"undo\"\nsteps = [ {{ kind = \"run\", command = \"git -c user.name=a -c user.email=a@example.com revert --no-edit HEAD\" }} ]\n"
    )
}

#[test]
fn proposals_follow_personas_and_the_conflict_map_and_only_approval_assigns() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    two_agents(&d);
    for title in [
        "Lexer bug in src/parser/lex.rs",
        "Restyle the buttons in web/app.css",
        "Handle tabs in src/parser/lex.rs",
    ] {
        d.ok(&["issue", "add", title, "-p", "demo"]);
    }

    // A batch: persona matches, and the third issue names the first's file,
    // so it goes to the same agent, behind it.
    let list = proposals(&d.json(&["dispatcher", "propose", "-p", "demo"]));
    assert_eq!(list.len(), 3, "{list:?}");
    let (p1, p2, p3) = (
        of(&list, "demo-1"),
        of(&list, "demo-2"),
        of(&list, "demo-3"),
    );
    assert_eq!(p1["agent"], "atlas", "{p1}");
    assert!(p1["reason"].as_str().unwrap().contains("parser"), "{p1}");
    assert_eq!(p2["agent"], "vega", "{p2}");
    assert_eq!(p3["agent"], "atlas", "{p3}");
    assert_eq!(p3["behind"], "issue:demo-1", "{p3}");
    assert!(
        d.json(&["workstream", "list", "--project", "demo"])["workstreams"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "a proposal assigns nothing"
    );

    // Approve one (the workstream as `issue assign` makes it), edit one to
    // another agent and approve it, reject the third.
    let approved = d.json(&["dispatcher", "approve", &id(p1)]);
    assert_eq!(approved["proposal"]["state"], "PROPOSAL_STATE_APPROVED");
    let ws1 = approved["workstream"]["id"].as_str().unwrap().to_owned();
    assert_eq!(approved["workstream"]["branch"], "compass/atlas/demo-1");
    let edited = d.json(&["dispatcher", "edit", &id(p2), "--agent", "atlas"]);
    assert_eq!(edited["proposal"]["agent"], "atlas");
    assert_eq!(edited["proposal"]["state"], "PROPOSAL_STATE_OPEN");
    d.ok(&["dispatcher", "edit", &id(p2), "--agent", "vega"]);
    let ws2 = d.json(&["dispatcher", "approve", &id(p2)])["workstream"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    d.ok(&["dispatcher", "reject", &id(p3)]);
    assert!(proposals(&d.json(&["dispatcher", "proposals"])).is_empty());
    assert_eq!(
        proposals(&d.json(&["dispatcher", "proposals", "--all"])).len(),
        3
    );
    // Decided is final; unknown ids and agents are named.
    let again = d.fails(&["dispatcher", "approve", &id(p1)]);
    assert!(again.contains("approved already"), "{again}");
    assert!(
        d.fails(&["dispatcher", "reject", "prp_99"])
            .contains("prp_99")
    );
    let bad = d.fails(&["dispatcher", "edit", &id(p3), "--agent", "nobody"]);
    assert!(bad.contains("rejected already"), "{bad}");
    let bad = d.fails(&["dispatcher", "propose", "-p", "demo", "demo-77"]);
    assert!(bad.contains("demo-77"), "{bad}");
    let bad = d.fails(&["dispatcher", "propose", "-p", "demo", "demo-1"]);
    assert!(bad.contains("assigned already"), "{bad}");

    // Atlas works on demo-1 in its workload: the map holds the file it
    // changed, so an issue naming it goes behind that work and says so.
    d.ok(&["workstream", "move", &ws1, "in_progress"]);
    d.start_scripted("atlas", &edits("src/parser/lex.rs"));
    d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    d.ok(&[
        "issue",
        "add",
        "Speed up the lexer",
        "-p",
        "demo",
        "--body",
        "profile src/parser/lex.rs first",
    ]);
    let list = proposals(&d.json(&["dispatcher", "propose", "-p", "demo", "demo-4"]));
    let p4 = of(&list, "demo-4");
    assert_eq!(p4["agent"], "atlas", "{p4}");
    assert_eq!(p4["behind"], ws1.as_str(), "{p4}");
    assert_eq!(
        p4["overlaps"][0],
        format!("{ws1} (atlas): app:src/parser/lex.rs").as_str(),
        "{p4}"
    );
    // A proposal whose issue was assigned meanwhile can be neither
    // approved nor edited: the error names it and why, an event says so
    // each time, and nothing is decided (rejecting it still works).
    let ws4 = d.workstream("demo-4", "vega");
    let p4 = id(p4);
    for attempt in [
        &["dispatcher", "approve", &p4][..],
        &["dispatcher", "edit", &p4, "--agent", "vega"],
    ] {
        let stale = d.fails(attempt);
        assert!(
            stale.contains(&format!("proposal {p4} is stale"))
                && stale.contains("issue demo-4 changed")
                && stale.contains(&format!("assigned since ({ws4})")),
            "{stale}"
        );
    }
    let events = d.ok(&["events"]);
    assert_eq!(
        events
            .matches(&format!(
                "proposal {p4} stale: issue demo-4 was assigned since ({ws4})"
            ))
            .count(),
        2,
        "{events}"
    );
    let listed = d.json(&["dispatcher", "proposals"]);
    assert_eq!(
        of(&proposals(&listed), "demo-4")["state"],
        "PROPOSAL_STATE_OPEN"
    );
    d.ok(&["dispatcher", "reject", &p4]);

    // Vega edits the same file on demo-2: an overlap event (once, though
    // two refreshes run at the same time), and nothing is blocked.
    d.ok(&["workstream", "move", &ws2, "in_progress"]);
    d.start_scripted("vega", &edits("src/parser/lex.rs"));
    d.ok(&["agent", "prompt", "vega", "go", "--follow"]);
    check_merges_twice_at_once(&d);
    let events = d.ok(&["events"]);
    assert_eq!(events.matches("overlap with").count(), 1, "{events}");
    assert!(events.contains(&format!("overlap with {ws1}")), "{events}");

    // The board marks both cards with the other work and the shared file.
    let card = d.board_card("demo", "demo-1");
    assert_eq!(card["overlaps"].as_array().map(Vec::len), Some(1), "{card}");
    let o = &card["overlaps"][0];
    assert_eq!(o["workstreamId"], ws2.as_str(), "{card}");
    assert_eq!(o["agentName"], "vega", "{card}");
    assert_eq!(o["issueKey"], "demo-2", "{card}");
    assert_eq!(o["paths"][0], "app:src/parser/lex.rs", "{card}");
    let card = d.board_card("demo", "demo-2");
    assert_eq!(card["overlaps"][0]["agentName"], "atlas", "{card}");
    let text = d.ok(&["board", "-p", "demo"]);
    assert!(
        text.contains("~ demo-1 shares app:src/parser/lex.rs with demo-2 (vega)"),
        "{text}"
    );
    // Work that leaves flight leaves the marker: one event says the
    // overlap ended; back in flight, it begins again (once more).
    d.ok(&["workstream", "move", &ws2, "paused"]);
    let card = d.board_card("demo", "demo-1");
    assert!(card["overlaps"].is_null(), "{card}");
    d.ok(&["dispatcher", "check-merges"]);
    let ended = format!("no longer overlaps {ws1} (");
    let events = d.ok(&["events"]);
    assert_eq!(events.matches(&ended).count(), 1, "{events}");
    assert!(events.contains("left flight"), "{events}");
    d.ok(&["workstream", "move", &ws2, "in_progress"]);
    d.ok(&["dispatcher", "check-merges"]);
    let events = d.ok(&["events"]);
    assert_eq!(events.matches("overlap with").count(), 2, "{events}");
    assert_eq!(
        d.board_card("demo", "demo-1")["overlaps"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );

    // Vega takes its change back: the diffs no longer meet, one event says
    // so, and polling again says nothing more.
    d.ok(&["agent", "prompt", "vega", "undo", "--follow"]);
    check_merges_twice_at_once(&d);
    let events = d.ok(&["events"]);
    assert_eq!(events.matches(&ended).count(), 2, "{events}");
    assert_eq!(events.matches(": files apart").count(), 1, "{events}");
    assert_eq!(events.matches("overlap with").count(), 2, "{events}");
    let card = d.board_card("demo", "demo-1");
    assert!(card["overlaps"].is_null(), "{card}");
}

/// Two `check-merges` at once: each refreshes the conflict map (without the
/// project's refresh turns, both would announce the same overlap).
fn check_merges_twice_at_once(d: &TestDaemon) {
    std::thread::scope(|s| {
        let runs = [(); 2].map(|()| s.spawn(|| d.ok(&["dispatcher", "check-merges"])));
        for run in runs {
            run.join().unwrap();
        }
    });
}

/// `compass bench dispatch` at a small size: what it printed.
fn bench_dispatch(issues: &str, agents: &str, selected: &str, runs: &str) -> String {
    let out = std::process::Command::new(super::BIN)
        .args(["bench", "dispatch", "--issues", issues, "--agents", agents])
        .args(["--selected", selected, "--runs", runs])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn bench_dispatch_prints_its_figures_against_a_baseline() {
    let text = bench_dispatch("2000", "20", "50", "5");
    assert!(text.contains("2000 issues, 20 agents"), "{text}");
    assert!(text.contains("proposals (50 made)"), "{text}");
    for figure in [
        "baseline (empty map)",
        "ratio",
        "map refresh (1 ws)",
        "cores",
    ] {
        assert!(text.contains(figure), "{figure}: {text}");
    }
}

#[test]
fn bench_dispatch_times_a_full_sync_and_a_no_op_resync() {
    let text = bench_dispatch("300", "5", "10", "3");
    // Paged at 100: every issue created through three pages, then a
    // re-sync from the cursor that reads one page and changes nothing.
    assert!(
        text.contains("full sync (300 issues, 3 pages, 300 created)"),
        "{text}"
    );
    assert!(text.contains("issues/s"), "{text}");
    assert!(
        text.contains("no-op re-sync (1 page, 0 created, 0 updated, 3 runs)"),
        "{text}"
    );
}

/// An imported issue closed on its tracker after it was proposed: its
/// proposal is stale once a sync has read the close, and the issue is
/// proposed to no one while it stays closed.
#[test]
fn a_proposal_whose_issue_closed_on_its_tracker_is_refused_as_stale() {
    let f = refused_once_off_the_tracker(
        |gh, n| gh.close(n),
        "closed on its tracker since",
        "is closed on its tracker",
    );
    assert_eq!(f.gh.issue(1)["state"], "closed");
}

/// An imported issue deleted from its tracker after it was proposed: the
/// next sync reads it directly (the listing never shows a deletion), gets
/// `410 Gone`, and marks it gone — kept here, never proposed, its proposal
/// refused as stale saying so.
#[test]
fn a_proposal_whose_issue_was_deleted_from_its_tracker_is_refused_as_stale() {
    let f = refused_once_off_the_tracker(
        |gh, n| gh.delete(n),
        "deleted from its tracker since",
        "was deleted from its tracker",
    );
    let reads: Vec<_> =
        f.gh.seen()
            .into_iter()
            .filter(|s| s.method == "GET" && s.path.starts_with("/repos/octo/app/issues/"))
            .map(|s| s.path)
            .collect();
    assert!(
        reads.contains(&"/repos/octo/app/issues/1".to_owned()),
        "{reads:?}"
    );
    // Kept locally: the issue and its key still answer.
    let issues = f.d.json(&["issue", "list"]);
    assert!(issues.to_string().contains("\"first\""), "{issues}");
}

/// A direct read of a proposed issue that the tracker rate-limits past
/// what a sync waits for: the sync still succeeds (its pages committed, the
/// source healthy), says the read failed (text and JSON), and the issue's
/// proposal stands.
#[test]
fn a_rate_limited_read_of_a_proposed_issue_does_not_fail_the_sync() {
    let (f, numbers) = on_forge(&[], &[("first", "one")]);
    let d = &f.d;
    d.ok(&["agent", "new", "atlas"]);
    assert_eq!(
        proposals(&d.json(&["dispatcher", "propose", "-p", "demo"])).len(),
        1
    );
    f.gh.fail_reads_of(numbers[0], compass_test_support::Fault::RetryAfter(3600));
    f.gh.add_issue("second", "two", &[]);
    let synced = d.ok(&["source", "sync", "github:octo/app"]);
    assert!(synced.contains("1 new"), "{synced}");
    assert!(
        synced.contains("probe errors: 1 read(s) of proposed issues failed"),
        "{synced}"
    );
    assert!(!synced.contains("gone from the tracker"), "{synced}");
    let again = d.json(&["source", "sync", "github:octo/app"]);
    assert_eq!(again["probeErrors"], "1", "{again}");
    assert!(again.get("gone").is_none(), "{again}");
    let listed = d.ok(&["source", "list"]);
    assert!(!listed.contains("failing"), "{listed}");
    let open = d.json(&["dispatcher", "proposals"]);
    assert_eq!(proposals(&open).len(), 1, "{open}");
}

/// Two issues imported and proposed; the first (number 1) is taken off
/// the tracker by `remove`, and a sync reads that: approving its proposal
/// is refused naming `stale_why` (with a `proposal_stale` event), nothing
/// is assigned, proposing it again is refused naming `propose_why`, and
/// the other proposal still stands.
fn refused_once_off_the_tracker(
    remove: impl Fn(&compass_test_support::GithubServer, u64),
    stale_why: &str,
    propose_why: &str,
) -> super::pulls::OnForge {
    let (f, numbers) = on_forge(&[], &[("first", "one"), ("second", "two")]);
    let d = &f.d;
    d.ok(&["agent", "new", "atlas"]);
    let list = proposals(&d.json(&["dispatcher", "propose", "-p", "demo"]));
    assert_eq!(list.len(), 2, "{list:?}");
    let key = super::sources::key_titled(&d.json(&["issue", "list"]), "first");
    let off = of(&list, &key).clone();
    assert_eq!(numbers[0], 1);
    remove(&f.gh, numbers[0]);
    // Compass learns of it from the next sync, which says so when the
    // issue was deleted (a close is an ordinary update).
    let synced = d.ok(&["source", "sync", "github:octo/app"]);
    let deleted = stale_why.starts_with("deleted");
    assert_eq!(
        synced.contains("gone from the tracker: 1 proposed issue(s)"),
        deleted,
        "{synced}"
    );
    let stale = d.fails(&["dispatcher", "approve", &id(&off)]);
    assert!(
        stale.contains(&format!("proposal {} is stale", id(&off)))
            && stale.contains(&format!("issue {key} changed"))
            && stale.contains(stale_why),
        "{stale}"
    );
    let events = d.ok(&["events"]);
    assert!(
        events.contains(&format!(
            "proposal {} stale: issue {key} was {stale_why}",
            id(&off)
        )),
        "{events}"
    );
    assert!(
        d.json(&["workstream", "list", "--project", "demo"])["workstreams"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "nothing was assigned"
    );
    // Rejected, it is not proposed again.
    d.ok(&["dispatcher", "reject", &id(&off)]);
    let bad = d.fails(&["dispatcher", "propose", "-p", "demo", &key]);
    assert!(bad.contains(&format!("issue {key} {propose_why}")), "{bad}");
    // The other issue's proposal still stands.
    let other = list.iter().find(|p| p["issueKey"] != key.as_str()).unwrap();
    let approved = d.json(&["dispatcher", "approve", &id(other)]);
    assert_eq!(approved["proposal"]["state"], "PROPOSAL_STATE_APPROVED");
    assert!(proposals(&d.json(&["dispatcher", "propose", "-p", "demo"])).is_empty());
    f
}
