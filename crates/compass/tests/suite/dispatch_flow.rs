//! The Dispatcher end to end, as a user meets it: three issues imported
//! from the GitHub-shaped server; proposals made and approved through the
//! CLI — two agents on issues in separate parts of the tree, the third
//! issue (naming the first one's file) given to the same agent, ordered
//! behind it; both agents work at once in their workloads, each calls
//! `ready_for_push` over its MCP channel and pushes through the relay; the
//! pull requests open; a review comment on each reaches its agent, which
//! commits again and so updates its PR; both are squash-merged on trunk;
//! merge detection moves both workstreams to merged and closes both issues
//! on the server; then the ordered-behind workstream starts.

use super::proposals::{id, of, proposals, two_agents};
use super::pulls::{on_forge, opened_as_asked, ready_step, squash_by_hand, step, wait_for};
use super::sources::key_titled;
use super::{TestDaemon, git};
use serde_json::Value;

const LEXER: &str = "Lexer bug in src/parser/lex.rs";
const BUTTONS: &str = "Restyle the buttons in web/app.css";
const TABS: &str = "Handle tabs in src/parser/lex.rs";

/// `agent`'s work on `issue`: turn one writes `file` and commits, calls
/// `ready_for_push`, and pushes its branch; a prompt quoting `review`
/// gets the file rewritten, committed and pushed.
fn scenario(agent: &str, issue: &str, file: &str, review: &str) -> String {
    let commit = |text: &str| {
        format!(
            "mkdir -p \"$(dirname {file})\" && printf '{text}\\n' > {file} && git add -A && \
             git -c user.name=a -c user.email=a@example.com commit -qm {text}"
        )
    };
    let push = format!("git push -q origin HEAD:refs/heads/compass/{agent}/{issue}");
    format!(
        "name = \"{agent}\"\n\
         [[turns]]\nsteps = [ {}, {}, {} ]\n\
         [[turns]]\non_prompt_containing = \"{review}\"\nsteps = [ {}, {} ]\n",
        step(&format!(
            "git checkout -qb work HEAD && {}",
            commit("first")
        )),
        ready_step(issue),
        step(&push),
        step(&commit("second")),
        step(&push),
    )
}

/// A workstream's state as `workstream show` gives it.
fn state(d: &TestDaemon, ws: &str) -> String {
    d.json(&["workstream", "show", ws])["state"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The issue keys an agent's `dispatcher status` entry lists under `what`.
fn doing(status: &Value, agent: &str, what: &str) -> Vec<String> {
    status["doing"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["agent"] == agent)
        .and_then(|a| a[what].as_array())
        .into_iter()
        .flatten()
        .map(|w| w["issueKey"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn issues_flow_from_the_tracker_through_two_agents_and_their_pull_requests_to_merged() {
    // No periodic poll within the test: each step is rung by what the
    // agents do, or asked for by `check-merges`.
    let (f, numbers) = on_forge(
        &["--merge-poll", "3600"],
        &[
            (LEXER, "the lexer drops the last token"),
            (BUTTONS, "the buttons look flat"),
            (TABS, "a tab counts as one column"),
        ],
    );
    let d = &f.d;
    let listed = d.json(&["issue", "list"]);
    let [lexer, buttons, tabs] = [LEXER, BUTTONS, TABS].map(|t| key_titled(&listed, t));
    two_agents(d);

    // Proposals: personas place the first two; the third names the
    // first's file, so it goes to the same agent, behind it, and says so.
    let list = proposals(&d.json(&["dispatcher", "propose", "-p", "demo"]));
    assert_eq!(list.len(), 3, "{list:?}");
    assert_eq!(of(&list, &lexer)["agent"], "atlas", "{list:?}");
    assert_eq!(of(&list, &buttons)["agent"], "vega", "{list:?}");
    let behind = of(&list, &tabs);
    assert_eq!(behind["agent"], "atlas", "{behind}");
    assert_eq!(behind["behind"], format!("issue:{lexer}").as_str());
    assert!(
        behind["reason"]
            .as_str()
            .unwrap()
            .contains("ordered behind"),
        "{behind}"
    );
    // Approved through the CLI: each a workstream in its agent's backlog.
    let approve = |key: &str| {
        let r = d.json(&["dispatcher", "approve", &id(of(&list, key))]);
        assert_eq!(r["proposal"]["state"], "PROPOSAL_STATE_APPROVED", "{r}");
        assert_eq!(r["workstream"]["state"], "WORKSTREAM_STATE_BACKLOG", "{r}");
        r["workstream"]["id"].as_str().unwrap().to_owned()
    };
    let (ws_lexer, ws_buttons, ws_tabs) = (approve(&lexer), approve(&buttons), approve(&tabs));
    d.ok(&["workstream", "move", &ws_lexer, "in_progress"]);
    d.ok(&["workstream", "move", &ws_buttons, "in_progress"]);
    let status = d.json(&["dispatcher", "status"]);
    assert_eq!(
        doing(&status, "atlas", "current"),
        [lexer.as_str()],
        "{status}"
    );
    assert_eq!(
        doing(&status, "atlas", "queued"),
        [tabs.as_str()],
        "{status}"
    );
    assert_eq!(
        doing(&status, "vega", "current"),
        [buttons.as_str()],
        "{status}"
    );

    // Both agents work at once, each in its own workload and zone.
    compass_test_support::bins::scripted_agent();
    let atlas = scenario("atlas", &lexer, "src/parser/lex.rs", "tighten the lexer");
    let vega = scenario("vega", &buttons, "web/app.css", "darker buttons");
    d.start_scripted("atlas", &atlas);
    d.start_scripted("vega", &vega);
    let turns = ["atlas", "vega"].map(|a| d.cli_child(&["agent", "prompt", a, "go", "--follow"]));
    for turn in turns {
        let out = turn.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{out:?}");
        assert!(text.contains("Compass forwarded this push"), "{text}");
    }
    let events = wait_for(d, "both pull requests", |e| {
        e.matches(" opened for app").count() == 2
    });
    assert_eq!(events.matches("ready for push").count(), 2, "{events}");
    // Separate zones: the conflict map (refreshed by every check) sees no
    // overlap.
    d.ok(&["dispatcher", "check-merges"]);
    assert!(!d.ok(&["events"]).contains("overlap with"));

    // One PR per workstream on the server, each closing its issue.
    let pulls = f.gh.pulls();
    assert_eq!(pulls.len(), 2, "{pulls:?}");
    let pr = |agent: &str, key: &str, issue: u64| {
        let branch = format!("compass/{agent}/{key}");
        let p = pulls
            .iter()
            .find(|p| p["head"]["ref"] == branch.as_str())
            .unwrap_or_else(|| panic!("no PR from {branch}: {pulls:?}"));
        let (number, head) = opened_as_asked(p, &branch, issue, &f.bare);
        (number, branch, head)
    };
    let (pr_atlas, branch_atlas, head_atlas) = pr("atlas", &lexer, numbers[0]);
    let (pr_vega, branch_vega, head_vega) = pr("vega", &buttons, numbers[1]);
    for ws in [&ws_lexer, &ws_buttons] {
        assert_eq!(state(d, ws), "WORKSTREAM_STATE_IN_REVIEW");
    }
    assert_eq!(state(d, &ws_tabs), "WORKSTREAM_STATE_BACKLOG");

    // A review comment on each reaches its own agent, which commits again:
    // the PR follows the new tip.
    f.gh.add_review_comment(
        pr_atlas,
        "alice",
        "src/parser/lex.rs",
        1,
        "please tighten the lexer",
    );
    f.gh.add_review_comment(pr_vega, "bob", "web/app.css", 1, "darker buttons, please");
    d.ok(&["dispatcher", "check-merges"]);
    let events = wait_for(d, "both updated pull requests", |e| {
        e.contains(&format!("pull request #{pr_atlas} updated"))
            && e.contains(&format!("pull request #{pr_vega} updated"))
    });
    for n in [pr_atlas, pr_vega] {
        assert_eq!(
            events
                .matches(&format!(
                    "review of #{n} (app) handed to the agent: 1 comments, 0 failing checks"
                ))
                .count(),
            1,
            "{events}"
        );
    }
    for (branch, head, file, ws) in [
        (&branch_atlas, &head_atlas, "src/parser/lex.rs", &ws_lexer),
        (&branch_vega, &head_vega, "web/app.css", &ws_buttons),
    ] {
        let new = git(&f.bare, &["rev-parse", branch]);
        assert_ne!(&new, head, "{branch}");
        assert_eq!(git(&f.bare, &["show", &format!("{new}:{file}")]), "second");
        let w = d.json(&["workstream", "show", ws]);
        assert_eq!(w["pullRequests"][0]["head"], new.as_str(), "{w}");
    }
    assert_eq!(f.gh.pulls().len(), 2);

    // Both squash-merged on trunk: one with the forge's button, one by
    // hand with the PR closed unmerged. Trunk's history decides.
    squash_by_hand(&f.user, &branch_atlas);
    f.gh.close_pull(pr_atlas, true);
    squash_by_hand(&f.user, &branch_vega);
    f.gh.close_pull(pr_vega, false);
    let r = d.json(&["dispatcher", "check-merges"]);
    let merged = r["merged"].as_array().unwrap();
    assert_eq!(merged.len(), 2, "{r}");
    for ws in [&ws_lexer, &ws_buttons] {
        let m = merged
            .iter()
            .find(|m| m["workstream"]["id"] == ws.as_str())
            .unwrap_or_else(|| panic!("{ws} not merged: {r}"));
        assert_eq!(m["repos"][0]["how"], "MERGE_METHOD_SQUASH", "{r}");
        assert_eq!(state(d, ws), "WORKSTREAM_STATE_MERGED");
    }
    for n in &numbers[..2] {
        assert_eq!(f.gh.issue(*n)["state"], "closed", "issue #{n}");
    }
    assert_eq!(f.gh.issue(numbers[2])["state"], "open");

    // The ordered-behind issue starts once the work it waited for merged.
    assert_eq!(state(d, &ws_tabs), "WORKSTREAM_STATE_IN_PROGRESS");
    let status = d.json(&["dispatcher", "status"]);
    assert_eq!(doing(&status, "atlas", "current"), [tabs], "{status}");
    assert!(doing(&status, "vega", "current").is_empty(), "{status}");
}
