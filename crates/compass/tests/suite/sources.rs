//! `compass source …` over a real daemon and a GitHub-shaped local server:
//! import, idempotent re-sync, a failing tracker shown as failing with
//! nothing lost, and a workstream's state written back to the issue.

use super::{TestDaemon, git_repo, set_secret};
use compass_test_support::{Fault, GithubServer};

const TOKEN: &str = "ghp_cli_token_42";

fn forge() -> (tokio::runtime::Runtime, GithubServer) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let server = rt.block_on(GithubServer::start("octo/app", TOKEN)).unwrap();
    (rt, server)
}

/// `compass source add demo github --repo octo/app --api-url URL --token-secret GH_TOKEN`.
fn add_args(api_url: &str) -> Vec<&str> {
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
