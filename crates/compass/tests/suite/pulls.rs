//! Pull requests through the daemon, against the GitHub-shaped server
//! backed by the project's real bare forge repo: an agent calls
//! `ready_for_push` and pushes through the relay → a PR opens (head the
//! forwarded branch, base trunk) and the workstream moves to in review; a
//! review comment and a failing check reach the agent once, as one gated
//! prompt that carries the reviewer's words; its new commit updates the PR;
//! an expired token is a `forge_failed` event and the feedback waits for
//! the next poll; a squash merge by hand (PR closed, not merged) is
//! detected on trunk and closes the source issue. A `ready_for_push` that
//! comes after the push opens the PR at once, not at the next poll.

use super::merges::forge;
use super::{TestDaemon, git, set_secret};
use compass_test_support::GithubServer;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const TOKEN: &str = "ghp_pulls_token_3";

/// A daemon whose project `demo` is the bare forge repo `app`, which a
/// GitHub-shaped server serves as `octo/app`; its issues are imported
/// through a github source (token in secret `GH_TOKEN`).
pub(super) struct OnForge {
    pub(super) d: TestDaemon,
    pub(super) gh: GithubServer,
    pub(super) bare: PathBuf,
    /// A clone of the forge to act on it as the user.
    pub(super) user: PathBuf,
    /// Serves `gh` while the test blocks (dropped last).
    _rt: tokio::runtime::Runtime,
}

/// [`OnForge`] with a daemon started with `daemon_args` and `issues`
/// (title, body) on the server, imported by one sync; their numbers.
pub(super) fn on_forge(daemon_args: &[&str], issues: &[(&str, &str)]) -> (OnForge, Vec<u64>) {
    let rt = super::merges::runtime();
    let gh = rt.block_on(GithubServer::start("octo/app", TOKEN)).unwrap();
    let numbers = issues
        .iter()
        .map(|(title, body)| gh.add_issue(title, body, &[]))
        .collect();
    let d = TestDaemon::start_with(daemon_args);
    let (bare, user) = forge(d.outside());
    gh.serve_repo(&bare);
    d.ok(&["project", "add", "demo", "--repo", bare.to_str().unwrap()]);
    set_secret(&d, "GH_TOKEN", TOKEN);
    d.ok(&super::sources::add_args(&gh.url()));
    let synced = d.json(&["source", "sync", "github:octo/app"]);
    assert_eq!(
        synced["created"],
        issues.len().to_string().as_str(),
        "{synced}"
    );
    let f = OnForge {
        d,
        gh,
        bare,
        user,
        _rt: rt,
    };
    (f, numbers)
}

/// `compass events` once `ready` holds of it, within a minute.
pub(super) fn wait_for(d: &TestDaemon, what: &str, ready: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let events = d.ok(&["events"]);
        if ready(&events) {
            return events;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}:\n{events}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A scenario step running `command` (in the agent's clone).
pub(super) fn step(command: &str) -> String {
    format!(
        "{{ kind = \"run\", command = {} }}",
        serde_json::to_string(command).unwrap()
    )
}

/// A scenario step calling `ready_for_push` for `issue`.
pub(super) fn ready_step(issue: &str) -> String {
    format!(
        "{{ kind = \"mcp\", tool = \"ready_for_push\", arguments = {{ issue = \"{issue}\", summary = \"ready for review\" }} }}"
    )
}

/// Pull request `pr` (as the server lists it) is from `branch` into main,
/// says it closes `issue` and has the branch's tip on the forge `bare` as
/// its head; its number and head.
pub(super) fn opened_as_asked(pr: &Value, branch: &str, issue: u64, bare: &Path) -> (u64, String) {
    assert_eq!(pr["head"]["ref"], branch, "{pr}");
    assert_eq!(pr["base"]["ref"], "main", "{pr}");
    assert!(
        pr["body"]
            .as_str()
            .unwrap()
            .contains(&format!("Closes #{issue}")),
        "{pr}"
    );
    let head = pr["head"]["sha"].as_str().unwrap().to_owned();
    assert_eq!(head, git(bare, &["rev-parse", branch]));
    (pr["number"].as_u64().unwrap(), head)
}

/// Squash-merge `branch` into trunk by hand from the user's clone (the
/// branch stays on the forge).
pub(super) fn squash_by_hand(user: &Path, branch: &str) {
    git(user, &["fetch", "-q", "origin"]);
    git(user, &["checkout", "-q", "main"]);
    git(
        user,
        &["merge", "-q", "--squash", &format!("origin/{branch}")],
    );
    git(user, &["commit", "-q", "-m", &format!("Squashed {branch}")]);
    git(user, &["push", "-q", "origin", "main"]);
}

const BRANCH: &str = "compass/atlas/demo-1";

/// The agent: turn one commits, signals ready and pushes; the review's
/// prompt (it quotes the reviewer) gets a second commit, pushed.
fn scenario() -> String {
    let first = "git checkout -qb work HEAD && printf 'one\\n' > one.txt && git add -A && \
         git -c user.name=a -c user.email=a@example.com commit -qm one";
    let push = format!("git push -q origin HEAD:refs/heads/{BRANCH}");
    let second = "printf 'two\\n' > one.txt && git add -A && \
         git -c user.name=a -c user.email=a@example.com commit -qm 'say two'";
    format!(
        "name = \"pr\"\ndescription = \"works, asks for review, answers it\"\n\
         [[turns]]\nsteps = [ {}, {}, {} ]\n\
         [[turns]]\non_prompt_containing = \"please say two\"\nsteps = [ {}, {} ]\n\
         [[turns]]\non_prompt_containing = \"also a test\"\nsteps = [ {{ kind = \"message\", text = \"noted\" }} ]\n",
        step(first),
        ready_step("demo-1"),
        step(&push),
        step(second),
        step(&push),
    )
}

/// Poll the forge twice, then the event log: what a poll hands on is
/// counted once however often it runs.
fn events_after_two_polls(d: &TestDaemon) -> String {
    d.ok(&["dispatcher", "check-merges"]);
    d.ok(&["dispatcher", "check-merges"]);
    d.ok(&["events"])
}

fn show(d: &TestDaemon, ws: &str) -> serde_json::Value {
    d.json(&["workstream", "show", ws])
}

#[test]
fn a_ready_push_opens_a_pull_request_whose_review_reaches_the_agent_and_whose_squash_merges() {
    let (f, numbers) = on_forge(&[], &[("say one", "write one.txt")]);
    let (d, gh, bare, user, issue) = (&f.d, &f.gh, &f.bare, &f.user, numbers[0]);
    d.ok(&["agent", "new", "atlas"]);
    let ws = d.workstream("demo-1", "atlas");
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    compass_test_support::bins::scripted_agent();
    d.start_scripted("atlas", &scenario());

    // Nothing is opened before the agent says it is ready and pushes.
    d.ok(&["dispatcher", "check-merges"]);
    assert!(gh.pulls().is_empty());
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    // The forward rings the poll; a check runs it too (one at a time).
    d.ok(&["dispatcher", "check-merges"]);
    let events = wait_for(d, "the pull request", |e| e.contains("opened for app"));
    let pulls = gh.pulls();
    assert_eq!(pulls.len(), 1, "{pulls:?}");
    let pr = &pulls[0];
    let (number, head) = opened_as_asked(pr, BRANCH, issue, bare);
    assert_eq!(pr["title"], "say one");
    assert_eq!(
        events
            .matches(&format!("pull request #{number} opened"))
            .count(),
        1,
        "{events}"
    );
    let w = show(d, &ws);
    assert_eq!(w["state"], "WORKSTREAM_STATE_IN_REVIEW", "{w}");
    assert_eq!(w["pullRequests"][0]["number"], number.to_string().as_str());
    assert_eq!(w["pullRequests"][0]["state"], "PULL_REQUEST_STATE_OPEN");
    assert_eq!(w["pullRequests"][0]["head"], head.as_str());
    let text = d.ok(&["workstream", "show", &ws]);
    assert!(
        text.contains(&format!("pull request app #{number} (open)")),
        "{text}"
    );
    // The board's card carries it too.
    let card = d.board_card("demo", "demo-1");
    let pr = &card["pullRequests"][0];
    assert_eq!(pr["number"], number.to_string().as_str(), "{card}");
    assert_eq!(pr["state"], "PULL_REQUEST_STATE_OPEN", "{card}");
    assert_eq!(pr["url"], pulls[0]["html_url"], "{card}");
    let text = d.ok(&["board", "-p", "demo"]);
    assert!(text.contains(&format!("#{number} open")), "{text}");
    // The writeback labelled the issue for review.
    assert!(
        gh.issue(issue)["labels"]
            .to_string()
            .contains("compass:in-review")
    );

    // A review comment and a failing check: handed to the agent once, as
    // one prompt it acts on (its turn is keyed on the reviewer's words).
    gh.add_review_comment(number, "alice", "one.txt", 1, "please say two");
    gh.add_check_run(&head, "ci/test", "failure", "1 test failed");
    gh.add_check_run(&head, "ci/lint", "success", "");
    d.ok(&["dispatcher", "check-merges"]);
    let events = wait_for(d, "the updated pull request", |e| {
        e.contains(&format!("pull request #{number} updated"))
    });
    assert!(
        events.contains(&format!(
            "review of #{number} (app) handed to the agent: 1 comments, 1 failing checks"
        )),
        "{events}"
    );
    let new_head = git(bare, &["rev-parse", BRANCH]);
    assert_ne!(new_head, head);
    assert_eq!(git(bare, &["show", &format!("{new_head}:one.txt")]), "two");
    let w = show(d, &ws);
    assert_eq!(w["pullRequests"][0]["head"], new_head.as_str(), "{w}");
    assert_eq!(gh.pulls().len(), 1);
    // Polling again hands nothing twice.
    d.ok(&["dispatcher", "check-merges"]);
    let events = d.ok(&["events"]);
    assert_eq!(events.matches("handed to the agent").count(), 1, "{events}");

    // An expired token: an event naming the secret, the feedback kept for
    // the next poll, then delivered once the token works again.
    gh.add_review(number, "alice", "CHANGES_REQUESTED", "also a test");
    gh.set_token("ghp_rotated");
    let events = events_after_two_polls(d);
    assert_eq!(
        events
            .matches(&format!(
                "pull request of app in workstream {ws} (#{number}) failed"
            ))
            .count(),
        1,
        "{events}"
    );
    assert!(events.contains("secret GH_TOKEN"), "{events}");
    assert!(!events.contains(TOKEN), "{events}");
    assert_eq!(events.matches("handed to the agent").count(), 1);
    gh.set_token(TOKEN);
    d.ok(&["dispatcher", "check-merges"]);
    let events = d.ok(&["events"]);
    assert!(
        events.contains(&format!(
            "review of #{number} (app) handed to the agent: 1 comments, 0 failing checks"
        )),
        "{events}"
    );

    // The PR closed without the merge button, nothing on trunk: the
    // workstream stays in review, and the state change is one event (the
    // board re-reads its card on it).
    gh.close_pull(number, false);
    let events = events_after_two_polls(d);
    assert_eq!(
        events
            .matches(&format!(
                "pull request #{number} of app in workstream {ws} is closed (was open)"
            ))
            .count(),
        1,
        "{events}"
    );
    assert_eq!(show(d, &ws)["state"], "WORKSTREAM_STATE_IN_REVIEW");
    let card = d.board_card("demo", "demo-1");
    assert_eq!(
        card["pullRequests"][0]["state"], "PULL_REQUEST_STATE_CLOSED",
        "{card}"
    );

    // Then squash-merged by hand: trunk says merged; the issue closes; the
    // PR shows closed.
    squash_by_hand(user, BRANCH);
    let r = d.json(&["dispatcher", "check-merges"]);
    assert_eq!(r["merged"][0]["workstream"]["id"], ws.as_str(), "{r}");
    assert_eq!(r["merged"][0]["repos"][0]["how"], "MERGE_METHOD_SQUASH");
    let w = show(d, &ws);
    assert_eq!(w["state"], "WORKSTREAM_STATE_MERGED");
    assert_eq!(w["pullRequests"][0]["state"], "PULL_REQUEST_STATE_CLOSED");
    let card = d.board_card("demo", "demo-1");
    assert_eq!(
        card["pullRequests"][0]["state"], "PULL_REQUEST_STATE_CLOSED",
        "{card}"
    );
    assert_eq!(gh.issue(issue)["state"], "closed");
}

/// Agent atlas with demo-1 in progress (its scenario still to start); the
/// workstream's id.
fn atlas_in_progress(d: &TestDaemon) -> String {
    d.ok(&["agent", "new", "atlas"]);
    let ws = d.workstream("demo-1", "atlas");
    d.ok(&["workstream", "move", &ws, "in_progress"]);
    compass_test_support::bins::scripted_agent();
    ws
}

/// The agent's command: commit `one.txt` and push it as the branch.
fn commit_and_push() -> String {
    format!(
        "git checkout -qb work HEAD && printf 'one\\n' > one.txt && git add -A && \
         git -c user.name=a -c user.email=a@example.com commit -qm one && \
         git push -q origin HEAD:refs/heads/{BRANCH}"
    )
}

/// The push first, `ready_for_push` after: the signal itself runs the poll,
/// so the PR opens at once. The periodic poll is an hour away and nothing
/// else asks for a check, so only the signal can explain it.
#[test]
fn ready_for_push_after_the_push_opens_the_pull_request_at_once() {
    let (f, _) = on_forge(&["--merge-poll", "3600"], &[("say one", "write one.txt")]);
    let d = &f.d;
    let ws = atlas_in_progress(d);
    let work = commit_and_push();
    d.start_scripted(
        "atlas",
        &format!(
            "name = \"late\"\n[[turns]]\nsteps = [ {} ]\n\
             [[turns]]\non_prompt_containing = \"ready\"\nsteps = [ {} ]\n",
            step(&work),
            ready_step("demo-1"),
        ),
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    // The check the forward rang has run (pull requests first): not ready,
    // so nothing was opened.
    super::merges::wait_watched(d, &ws);
    assert!(f.gh.pulls().is_empty(), "{:?}", f.gh.pulls());
    assert!(!d.ok(&["events"]).contains("opened for app"));

    d.ok(&["agent", "prompt", "atlas", "you are ready", "--follow"]);
    wait_for(d, "the pull request", |e| e.contains("opened for app"));
    let pulls = f.gh.pulls();
    assert_eq!(pulls.len(), 1, "{pulls:?}");
    assert_eq!(pulls[0]["head"]["ref"], BRANCH);
    assert_eq!(
        show(d, &ws)["state"],
        "WORKSTREAM_STATE_IN_REVIEW",
        "{}",
        show(d, &ws)
    );
}

/// An agent calling `ready_for_push` in a loop: the rings of the burst
/// (a second apart, all inside one gap) cost one poll at once and one more
/// when the gap ends — never one per ring, and the last ring is not lost.
/// A poll with an open pull request reads it once (`GET …/pulls/N`), so
/// those reads count the polls; the periodic poll is an hour away.
#[test]
fn ready_for_push_in_a_loop_polls_the_forge_at_most_once_per_gap() {
    const GAP: Duration = Duration::from_secs(6);
    let (f, _) = on_forge(
        &["--merge-poll", "3600", "--merge-ring-gap", "6"],
        &[("say one", "write one.txt")],
    );
    let (d, gh) = (&f.d, &f.gh);
    atlas_in_progress(d);
    let work = commit_and_push();
    let mut burst = vec![ready_step("demo-1")];
    for _ in 0..3 {
        burst.push(step("sleep 1"));
        burst.push(ready_step("demo-1"));
    }
    d.start_scripted(
        "atlas",
        &format!(
            "name = \"loop\"\n[[turns]]\nsteps = [ {}, {} ]\n\
             [[turns]]\non_prompt_containing = \"again\"\nsteps = [ {} ]\n",
            ready_step("demo-1"),
            step(&work),
            burst.join(", "),
        ),
    );
    d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    wait_for(d, "the pull request", |e| e.contains("opened for app"));
    let number = gh.pulls()[0]["number"].as_u64().unwrap();
    let view = format!("/repos/octo/app/pulls/{number}");
    let polls = || -> Vec<Instant> {
        gh.seen()
            .into_iter()
            .filter(|s| s.method == "GET" && s.path == view)
            .map(|s| s.at)
            .collect()
    };
    // Let the opening poll's gap pass: nothing is left to ring.
    std::thread::sleep(GAP + Duration::from_secs(1));
    let before = polls().len();

    let started = Instant::now();
    d.ok(&["agent", "prompt", "atlas", "again", "--follow"]);
    let rings = started.elapsed();
    assert!(rings < GAP, "the burst outlasted the gap ({rings:?})");
    let deadline = Instant::now() + Duration::from_secs(60);
    while polls().len() < before + 2 {
        assert!(Instant::now() < deadline, "the last ring was never polled");
        std::thread::sleep(Duration::from_millis(100));
    }
    // Nothing more comes after the gap that followed.
    std::thread::sleep(GAP + Duration::from_secs(1));
    let after = polls();
    assert_eq!(after.len(), before + 2, "four rings, two polls: {after:?}");
    // The server sees arrivals and the daemon spaces its sends, so the two
    // may differ by a request's transit (a few ms under load); a poll
    // inside the gap would come seconds early.
    let spacing = after[before + 1] - after[before];
    assert!(
        spacing + Duration::from_millis(250) >= GAP,
        "polls {spacing:?} apart, inside the gap"
    );
    let events = d.ok(&["events"]);
    assert_eq!(events.matches("ready for push: ").count(), 5, "{events}");
}

/// A held secret the agent knows.
const HELD: &str = "deploy-key-7f3a9c21e5b04d";

/// An agent files an issue whose title carries a secret's value
/// (`file_issue` passes only Warden's input gate, here off: the boundary
/// must hold without it); a workstream on that issue, pushed and ready,
/// opens a pull request titled by it. Stored while the value was not yet
/// a secret, the title is checked against every held secret before
/// anything goes to the forge: no request to the forge ever carries the
/// value, no pull request opens, and a `forge_failed` event says why.
#[test]
fn a_held_secret_in_a_filed_issues_title_never_reaches_the_forge() {
    let (f, events) = filed_with_the_secret_in_its_title(SecretSet::AfterFiling);
    assert!(
        events.contains("holds the value of a stored secret"),
        "{events}"
    );
    assert!(f.gh.pulls().is_empty(), "{:?}", f.gh.pulls());
    never_reached_the_forge(&f, &events);
}

/// The same with the secret stored first: the issue is stored with the
/// value taken out, so neither its event (the board's stream), nor the
/// issue list, nor the pull request it opens ever shows it.
#[test]
fn a_filed_issue_is_stored_without_a_held_secrets_value() {
    let (f, events) = filed_with_the_secret_in_its_title(SecretSet::BeforeFiling);
    let pulls = f.gh.pulls();
    assert_eq!(pulls.len(), 1, "{pulls:?}\n{events}");
    for shown in [
        f.d.ok(&["events", "--json"]),
        f.d.ok(&["issue", "list", "--json"]),
        format!("{pulls:?}"),
    ] {
        assert!(!shown.contains(HELD), "the held secret is shown: {shown}");
    }
    never_reached_the_forge(&f, &events);
}

/// When the agent's secret becomes a stored one.
#[derive(Clone, Copy, PartialEq)]
enum SecretSet {
    BeforeFiling,
    AfterFiling,
}

/// Atlas files `rotate <HELD>` as a child issue, pushes its workstream
/// and declares it ready; returns once its pull request opened or was
/// refused, with the events then.
fn filed_with_the_secret_in_its_title(when: SecretSet) -> (OnForge, String) {
    let (f, _) = on_forge(&["--merge-poll", "3600"], &[("say one", "write one.txt")]);
    let d = &f.d;
    d.ok(&["warden", "off"]);
    if when == SecretSet::BeforeFiling {
        set_secret(d, "DEPLOY_KEY", HELD);
    }
    let ws = atlas_in_progress(d);
    let child_branch = "compass/atlas/demo-2";
    let push = format!(
        "git checkout -qb work HEAD && printf 'one\\n' > one.txt && git add -A && \
         git -c user.name=a -c user.email=a@example.com commit -qm one && \
         git push -q origin HEAD:refs/heads/{child_branch}"
    );
    d.start_scripted(
        "atlas",
        &format!(
            "name = \"leak-title\"\n[[turns]]\nsteps = [ {{ kind = \"mcp\", tool = \"file_issue\", arguments = {{ title = \"rotate {HELD}\", body = \"found while working\" }} }} ]\n\
             [[turns]]\non_prompt_containing = \"push it\"\nsteps = [ {}, {} ]\n",
            step(&push),
            ready_step("demo-2"),
        ),
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "file it", "--follow"]);
    assert!(turn.contains("mcp file_issue:"), "{turn}");
    if when == SecretSet::AfterFiling {
        set_secret(d, "DEPLOY_KEY", HELD);
    }
    let child = d.workstream("demo-2", "atlas");
    assert_ne!(child, ws);
    assert_eq!(
        d.json(&["workstream", "show", &child])["branch"],
        child_branch
    );
    d.ok(&["workstream", "move", &child, "in_progress"]);
    let turn = d.ok(&["agent", "prompt", "atlas", "push it", "--follow"]);
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    let events = wait_for(d, "the pull request opened or refused", |e| {
        e.contains("holds the value of a stored secret") || e.contains("opened for app")
    });
    d.ok(&["dispatcher", "check-merges"]);
    (f, events)
}

/// No request the forge saw carried the held value.
fn never_reached_the_forge(f: &OnForge, events: &str) {
    for seen in f.gh.seen() {
        let body = seen.body.to_string();
        assert!(
            !body.contains(HELD) && !seen.path.contains(HELD) && !seen.query.contains(HELD),
            "the held secret reached the forge: {} {} {body}\n{events}",
            seen.method,
            seen.path
        );
    }
}
