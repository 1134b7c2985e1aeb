//! `compass source …` over a real daemon and GitHub- and Linear-shaped
//! local servers: import, idempotent re-sync, a failing tracker shown as
//! failing with nothing lost, and a workstream's state written back to the
//! issue.

use super::{TestDaemon, git_repo, set_secret};
use compass_test_support::{Fault, GithubServer, JiraServer, LinearServer};

const TOKEN: &str = "ghp_cli_token_42";

fn forge() -> (tokio::runtime::Runtime, GithubServer) {
    let rt = super::merges::runtime();
    let server = rt.block_on(GithubServer::start("octo/app", TOKEN)).unwrap();
    (rt, server)
}

/// `compass source add demo github --repo octo/app --api-url URL --token-secret GH_TOKEN`.
pub(super) fn add_args(api_url: &str) -> Vec<&str> {
    vec![
        "source",
        "add",
        "demo",
        "github",
        "--repo",
        "octo/app",
        "--api-url",
        api_url,
        "--token-secret",
        "GH_TOKEN",
    ]
}

#[test]
fn github_issues_are_imported_resynced_in_place_and_written_back() {
    let (_rt, gh) = forge();
    for i in 1..=120 {
        gh.add_issue(&format!("bug {i}"), "it breaks", &["bug"]);
    }
    gh.add_pull_request("not an issue");
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);

    let url = gh.url();
    // The token secret must exist first; the error names the field.
    let err = d.fails(&add_args(&url));
    assert!(
        err.contains("token_secret") && err.contains("compass secret set GH_TOKEN"),
        "{err}"
    );
    // Plain http to a non-loopback host is refused (the token would cross in the clear).
    set_secret(&d, "GH_TOKEN", TOKEN);
    let err = d.fails(&add_args("http://tracker.example.com"));
    assert!(err.contains("api_url"), "{err}");

    let src = d.json(&add_args(&url));
    assert_eq!(src["name"], "github:octo/app");
    assert_eq!(src["health"], "SOURCE_HEALTH_NEW");
    let id = src["id"].as_str().unwrap().to_owned();

    let r = d.json(&["source", "sync", &id]);
    assert_eq!(r["created"], "120");
    assert_eq!(r["pages"], 2);
    assert_eq!(r["pullRequests"], "1");
    let issues = d.json(&["issue", "list"]);
    assert_eq!(issues["issues"].as_array().unwrap().len(), 120);

    // Re-sync: no duplicates; an edit lands in place.
    gh.retitle(3, "bug 3 (clarified)");
    let r = d.json(&["source", "sync", "github:octo/app"]);
    assert!(r.get("created").is_none(), "{r}");
    assert_eq!(r["updated"], "1");
    let issues = d.json(&["issue", "list"]);
    assert_eq!(issues["issues"].as_array().unwrap().len(), 120);
    assert_eq!(
        d.json(&["issue", "show", "demo-3"])["title"],
        "bug 3 (clarified)"
    );

    // The tracker goes down: a clear error, the source shows failing, nothing lost.
    gh.fail_next(Fault::Status(401));
    let err = d.fails(&["source", "sync", &id]);
    assert!(err.contains("GH_TOKEN") && err.contains("401"), "{err}");
    assert!(!err.contains(TOKEN));
    let list = d.ok(&["source", "list"]);
    assert!(list.contains("failing"), "{list}");
    assert_eq!(
        d.json(&["issue", "list"])["issues"]
            .as_array()
            .unwrap()
            .len(),
        120
    );
    d.ok(&["source", "sync", &id]);
    assert!(d.ok(&["source", "list"]).contains("ok"));

    // Two-way: the workstream's state reaches the issue; merged closes it.
    d.ok(&["agent", "new", "atlas"]);
    let ws = d.json(&["workstream", "add", "demo-1", "atlas"]);
    let ws_id = ws["id"].as_str().unwrap();
    d.ok(&["workstream", "move", ws_id, "in_progress"]);
    assert!(
        gh.issue(1)["labels"]
            .to_string()
            .contains("compass:in-progress")
    );
    d.ok(&["workstream", "move", ws_id, "in_review"]);
    d.ok(&["workstream", "move", ws_id, "merged"]);
    let issue = gh.issue(1);
    assert_eq!(issue["state"], "closed", "{issue}");
    assert!(issue["labels"].to_string().contains("compass:merged"));
    assert!(gh.comments(1).is_empty());
    let events = d.ok(&["events"]);
    assert!(events.contains("writeback close to issue"), "{events}");
    assert!(!events.contains(TOKEN));

    // Removing the source keeps its issues.
    d.ok(&["source", "rm", &id]);
    assert!(d.json(&["source", "list"]).get("sources").is_none());
    assert_eq!(
        d.json(&["issue", "list"])["issues"]
            .as_array()
            .unwrap()
            .len(),
        120
    );
}

const LINEAR_KEY: &str = "lin_api_cli_key_42";

/// `compass source add demo linear --team ENG --api-url URL --token-secret LINEAR_KEY`.
/// The first sync of source `id` (its tracker answering the first page
/// with a rate limit): the five open issues of three pages, none done.
/// Returns the issue list.
fn first_sync(d: &TestDaemon, id: &str) -> serde_json::Value {
    let r = d.json(&["source", "sync", id]);
    assert_eq!(r["created"], "5", "{r}");
    assert_eq!(r["pages"], 3, "{r}");
    let issues = d.json(&["issue", "list"]);
    assert_eq!(issues["issues"].as_array().unwrap().len(), 5);
    assert!(!issues.to_string().contains("shipped long ago"), "{issues}");
    issues
}

/// The key of the issue titled `title` in an issue list.
pub(super) fn key_titled(issues: &serde_json::Value, title: &str) -> String {
    issues["issues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["title"] == title)
        .and_then(|i| i["key"].as_str())
        .unwrap()
        .to_owned()
}

fn linear_args<'a>(api_url: &'a str, team: &'a str) -> Vec<&'a str> {
    vec![
        "source",
        "add",
        "demo",
        "linear",
        "--team",
        team,
        "--api-url",
        api_url,
        "--token-secret",
        "LINEAR_KEY",
    ]
}

#[test]
fn linear_issues_are_imported_resynced_and_written_back() {
    let rt = super::merges::runtime();
    let ln = rt.block_on(LinearServer::start(LINEAR_KEY, "ENG")).unwrap();
    for n in 1..=5 {
        ln.add_issue(&format!("task {n}"), "do it", &["backend"], true);
    }
    ln.add_issue("shipped long ago", "", &[], false);
    // Fewer than the client asks for a page: it must follow endCursor.
    ln.set_page_size(2);
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    set_secret(&d, "LINEAR_KEY", LINEAR_KEY);
    let url = ln.url();

    // Bad input names the field; nothing is stored.
    let err = d.fails(&linear_args(&url, "eng"));
    assert!(err.contains("team"), "{err}");
    let err = d.fails(&[
        "source",
        "add",
        "demo",
        "linear",
        "--token-secret",
        "LINEAR_KEY",
    ]);
    assert!(err.contains("team") && err.contains("required"), "{err}");

    let src = d.json(&linear_args(&url, "ENG"));
    assert_eq!(src["name"], "linear:ENG");
    let id = src["id"].as_str().unwrap().to_owned();

    // A rate limit is waited out; only open issues come on a first sync.
    ln.rate_limit_next(1);
    first_sync(&d, &id);

    // Re-sync from the cursor: an edit lands in place, nothing doubles.
    ln.retitle("ENG-3", "task 3 (clarified)");
    let r = d.json(&["source", "sync", "linear:ENG"]);
    assert!(r.get("created").is_none(), "{r}");
    assert_eq!(r["updated"], "1", "{r}");
    let issues = d.json(&["issue", "list"]);
    assert_eq!(issues["issues"].as_array().unwrap().len(), 5);
    assert!(
        issues.to_string().contains("task 3 (clarified)"),
        "{issues}"
    );

    // Two-way: the workstream's state becomes a label; merged completes
    // the issue (the team's first completed state by position).
    let local = key_titled(&issues, "task 1");
    d.ok(&["agent", "new", "atlas"]);
    let ws = d.json(&["workstream", "add", &local, "atlas"]);
    let ws_id = ws["id"].as_str().unwrap();
    d.ok(&["workstream", "move", ws_id, "in_progress"]);
    let labels = ln.labels_of("ENG-1");
    assert!(
        labels.contains(&"compass:in-progress".to_owned()),
        "{labels:?}"
    );
    assert!(labels.contains(&"backend".to_owned()), "{labels:?}");
    d.ok(&["workstream", "move", ws_id, "in_review"]);
    d.ok(&["workstream", "move", ws_id, "merged"]);
    let labels = ln.labels_of("ENG-1");
    assert!(labels.contains(&"compass:merged".to_owned()), "{labels:?}");
    assert!(
        !labels.contains(&"compass:in-review".to_owned()),
        "{labels:?}"
    );
    assert_eq!(ln.state_of("ENG-1"), "st-done");
    assert!(ln.comments_of("ENG-1").is_empty());

    // A wrong key: the error names the secret, never shows the key, and
    // the source shows failing with its issues kept.
    set_secret(&d, "LINEAR_KEY", "lin_api_wrong");
    let err = d.fails(&["source", "sync", &id]);
    assert!(err.contains("LINEAR_KEY"), "{err}");
    assert!(
        !err.contains(LINEAR_KEY) && !err.contains("lin_api_wrong"),
        "{err}"
    );
    assert!(d.ok(&["source", "list"]).contains("failing"));
    assert_eq!(
        d.json(&["issue", "list"])["issues"]
            .as_array()
            .unwrap()
            .len(),
        5
    );
    let ops = ln.operations();
    assert!(ops.iter().all(|o| o.starts_with("Compass")), "{ops:?}");
}

const JIRA_EMAIL: &str = "dev@example.com";
const JIRA_API_TOKEN: &str = "jira-cli-token-42";

#[test]
fn jira_issues_are_imported_resynced_and_written_back() {
    fn run(args: &[String]) -> Vec<&str> {
        args.iter().map(String::as_str).collect()
    }
    let rt = super::merges::runtime();
    let jira = rt
        .block_on(JiraServer::start(JIRA_EMAIL, JIRA_API_TOKEN, "ENG"))
        .unwrap();
    for n in 1..=5 {
        jira.add_issue(
            &format!("task {n}"),
            "the description, in ADF",
            &["backend"],
            false,
        );
    }
    jira.add_issue("shipped long ago", "", &[], true);
    jira.set_page_size(2);
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    set_secret(&d, "JIRA_TOKEN", &format!("{JIRA_EMAIL}:{JIRA_API_TOKEN}"));
    let url = jira.url();
    let add = |key: &str, url: &str| -> Vec<String> {
        let mut args = vec!["source", "add", "demo", "jira", "--key"];
        args.extend([key, "--token-secret", "JIRA_TOKEN"]);
        if !url.is_empty() {
            args.extend(["--api-url", url]);
        }
        args.into_iter().map(str::to_owned).collect()
    };
    // Bad input names the field.
    assert!(d.fails(&run(&add("eng", &url))).contains("project_key"));
    assert!(d.fails(&run(&add("ENG", ""))).contains("api_url"));

    let src = d.json(&run(&add("ENG", &url)));
    assert_eq!(src["name"], "jira:ENG");
    let id = src["id"].as_str().unwrap().to_owned();

    // A 429 is waited out; only unfinished issues come on a first sync;
    // the ADF description arrives as text.
    jira.rate_limit_next(1);
    let issues = first_sync(&d, &id);
    let first = key_titled(&issues, "task 1");
    let shown = d.json(&["issue", "show", &first]);
    assert_eq!(shown["body"], "the description, in ADF", "{shown}");

    // Re-sync (from a day before the cursor: JQL reads minutes in the
    // user's zone): an edit lands in place, nothing doubles.
    jira.retitle("ENG-3", "task 3 (clarified)");
    let r = d.json(&["source", "sync", "jira:ENG"]);
    assert!(r.get("created").is_none(), "{r}");
    assert_eq!(r["updated"], "1", "{r}");
    assert_eq!(
        d.json(&["issue", "list"])["issues"]
            .as_array()
            .unwrap()
            .len(),
        5
    );

    // Two-way: labels follow the state; merged takes the done transition.
    d.ok(&["agent", "new", "atlas"]);
    let ws = d.json(&["workstream", "add", &first, "atlas"]);
    let ws_id = ws["id"].as_str().unwrap();
    d.ok(&["workstream", "move", ws_id, "in_progress"]);
    let labels = jira.labels_of("ENG-1");
    assert!(
        labels.contains(&"compass:in-progress".to_owned()),
        "{labels:?}"
    );
    d.ok(&["workstream", "move", ws_id, "in_review"]);
    d.ok(&["workstream", "move", ws_id, "merged"]);
    let labels = jira.labels_of("ENG-1");
    assert!(labels.contains(&"compass:merged".to_owned()), "{labels:?}");
    assert!(
        !labels.contains(&"compass:in-review".to_owned()),
        "{labels:?}"
    );
    assert!(labels.contains(&"backend".to_owned()), "{labels:?}");
    assert!(jira.is_done("ENG-1"));

    // A wrong token: the error names the secret, never the token.
    set_secret(&d, "JIRA_TOKEN", &format!("{JIRA_EMAIL}:wrong"));
    let err = d.fails(&["source", "sync", &id]);
    assert!(err.contains("JIRA_TOKEN"), "{err}");
    assert!(!err.contains(JIRA_API_TOKEN), "{err}");
    assert!(d.ok(&["source", "list"]).contains("failing"));
}
