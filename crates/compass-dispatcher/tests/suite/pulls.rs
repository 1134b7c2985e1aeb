//! Pull requests against the GitHub-shaped server backed by a real bare
//! repo: open (its head a real branch), find instead of opening twice
//! (the `owner:` head filter; a `422` when one appeared meanwhile), the
//! forge's validation refusals, feedback (reviews, review comments, failing
//! check runs of the head, paged by `Link`, each new one once), and the
//! failure modes: an expired token, a missing repo, a malformed answer, a
//! forge that hangs up.

use super::{REPO, TOKEN};
use compass_core::channel::PullState;
use compass_core::source::{GithubConfig, StateFilter};
use compass_dispatcher::{DispatchError, Feedback, Http, PullRequests, RetryPolicy, Token};
use compass_test_support::git::git;
use compass_test_support::{Fault, GithubServer};
use std::path::Path;
use std::time::Duration;

/// A bare forge repo with `main` and branch `feature` one commit ahead;
/// returns (bare, work clone).
fn forge(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    git(dir, &["init", "-q", "--bare", "-b", "main", "app.git"]);
    git(dir, &["clone", "-q", "app.git", "work"]);
    let work = dir.join("work");
    git(&work, &["checkout", "-q", "-b", "main"]);
    fs_err::write(work.join("README.md"), "# app\n").unwrap();
    git(&work, &["add", "-A"]);
    git(&work, &["commit", "-q", "-m", "init"]);
    git(&work, &["push", "-q", "origin", "main"]);
    git(&work, &["checkout", "-q", "-b", "feature"]);
    fs_err::write(work.join("f.txt"), "f\n").unwrap();
    git(&work, &["add", "-A"]);
    git(&work, &["commit", "-q", "-m", "feature"]);
    git(&work, &["push", "-q", "origin", "feature"]);
    (dir.join("app.git"), work)
}

struct Setup {
    _dir: tempfile::TempDir,
    server: GithubServer,
    http: Http,
    config: GithubConfig,
    token: Token,
    work: std::path::PathBuf,
}

async fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let (bare, work) = forge(dir.path());
    let server = GithubServer::start(REPO, TOKEN).await.unwrap();
    server.serve_repo(&bare);
    let http = Http::new(RetryPolicy {
        attempts: 2,
        max_wait: Duration::from_secs(2),
        backoff: Duration::from_millis(10),
    })
    .unwrap();
    let config = GithubConfig {
        repo: REPO.into(),
        api_url: server.url(),
        labels: vec![],
        assignee: None,
        state: StateFilter::Open,
    };
    Setup {
        _dir: dir,
        server,
        http,
        config,
        token: Token::new("GH_TOKEN", TOKEN.as_bytes()).unwrap(),
        work,
    }
}

#[tokio::test]
async fn a_pull_request_is_opened_once_for_a_real_branch_and_found_after() {
    let s = setup().await;
    let prs = PullRequests::new(&s.http, &s.config, &s.token);
    // A bare branch name in the head filter would match every PR: a PR
    // for another head must not be taken for ours.
    git(&s.work, &["checkout", "-q", "-b", "other"]);
    fs_err::write(s.work.join("o.txt"), "o\n").unwrap();
    git(&s.work, &["add", "-A"]);
    git(&s.work, &["commit", "-q", "-m", "other"]);
    git(&s.work, &["push", "-q", "origin", "other"]);
    let other = prs.open("other", "other work", "").await.unwrap();
    assert!(other.created);

    let opened = prs.open("feature", "Add f", "Closes #1").await.unwrap();
    assert!(opened.created, "{opened:?}");
    assert_ne!(opened.number, other.number);
    assert_eq!(
        opened.url,
        format!("https://github.example/{REPO}/pull/{}", opened.number)
    );
    let pulls = s.server.pulls();
    let pr = pulls.iter().find(|p| p["number"] == opened.number).unwrap();
    assert_eq!(pr["head"]["ref"], "feature");
    assert_eq!(pr["base"]["ref"], "main");
    assert_eq!(pr["body"], "Closes #1");
    let post = s
        .server
        .seen()
        .into_iter()
        .rfind(|r| r.method == "POST")
        .unwrap();
    assert_eq!(post.path, format!("/repos/{REPO}/pulls"));
    assert_eq!(post.body["head"], "feature");

    // Again: found, not opened twice.
    let again = prs.open("feature", "Add f", "").await.unwrap();
    assert_eq!((again.number, again.created), (opened.number, false));
    assert_eq!(s.server.pulls().len(), 2);

    let view = prs.view(opened.number).await.unwrap();
    assert_eq!(view.state, PullState::Open);
    assert_eq!(view.head_sha, git(&s.work, &["rev-parse", "feature"]));

    // Closed on the forge: state read as such; merged by its button too.
    s.server.close_pull(other.number, false);
    assert_eq!(
        prs.view(other.number).await.unwrap().state,
        PullState::Closed
    );
    s.server.close_pull(opened.number, true);
    assert_eq!(
        prs.view(opened.number).await.unwrap().state,
        PullState::Merged
    );
}

#[tokio::test]
async fn a_create_refused_as_already_there_takes_the_open_one() {
    let s = setup().await;
    let prs = PullRequests::new(&s.http, &s.config, &s.token);
    let first = prs.open("feature", "Add f", "").await.unwrap();
    // The first list answers empty (someone opens one right after), so
    // the create meets GitHub's 422.
    s.server.fail_next(Fault::EmptyList);
    let again = prs.open("feature", "Add f", "").await.unwrap();
    assert_eq!((again.number, again.created), (first.number, false));
    let seen = s.server.seen();
    assert!(
        seen.iter()
            .any(|r| r.method == "POST" && r.path.ends_with("/pulls")),
        "{seen:?}"
    );
    assert_eq!(s.server.pulls().len(), 1);
}

#[tokio::test]
async fn the_forge_refuses_what_cannot_be_a_pull_request() {
    let s = setup().await;
    let prs = PullRequests::new(&s.http, &s.config, &s.token);
    // No such branch on the forge.
    let err = prs.open("nope", "x", "").await.unwrap_err();
    assert!(
        matches!(&err, DispatchError::Rejected { status: 422, message, .. } if message.contains("Validation Failed")),
        "{err:?}"
    );
    // Nothing between trunk and the branch.
    git(&s.work, &["push", "-q", "origin", "main:refs/heads/same"]);
    let err = prs.open("same", "x", "").await.unwrap_err();
    assert!(
        err.to_string().contains("No commits between main and same"),
        "{err}"
    );
    // An expired token names its secret; a repo that is not there is a 404.
    s.server.set_token("ghp_new");
    let err = prs.open("feature", "x", "").await.unwrap_err();
    assert!(
        matches!(&err, DispatchError::Unauthorized { secret } if secret == "GH_TOKEN"),
        "{err:?}"
    );
    assert!(!err.to_string().contains(TOKEN));
    s.server.set_token(TOKEN);
    let mut missing = s.config.clone();
    missing.repo = "octo/gone".into();
    let gone = PullRequests::new(&s.http, &missing, &s.token);
    assert!(matches!(
        gone.open("feature", "x", "").await,
        Err(DispatchError::NotFound { .. })
    ));
    // A forge that keeps failing, or hangs up.
    s.server.fail_next(Fault::Status(502));
    s.server.fail_next(Fault::Status(502));
    assert!(matches!(
        prs.open("feature", "x", "").await,
        Err(DispatchError::Unavailable { status: 502, .. })
    ));
    s.server.fail_next(Fault::Hangup);
    assert!(matches!(
        prs.open("feature", "x", "").await,
        Err(DispatchError::Unreachable { .. })
    ));
    assert!(s.server.pulls().is_empty());
}

#[tokio::test]
async fn feedback_is_reviews_comments_and_failing_checks_of_the_head_each_once() {
    let s = setup().await;
    let prs = PullRequests::new(&s.http, &s.config, &s.token);
    let pr = prs.open("feature", "Add f", "").await.unwrap();
    let head = prs.view(pr.number).await.unwrap().head_sha;
    let approve = s.server.add_review(pr.number, "carol", "APPROVED", "");
    let changes = s.server.add_review(
        pr.number,
        "alice",
        "CHANGES_REQUESTED",
        "Please add a test.",
    );
    // 120 line comments: two pages of the list.
    let mut comments = Vec::new();
    for i in 0..120 {
        comments.push(s.server.add_review_comment(
            pr.number,
            "bob",
            "f.txt",
            1,
            &format!("nit {i}"),
        ));
    }
    let failed = s
        .server
        .add_check_run(&head, "ci/test", "failure", "1 test failed");
    s.server.add_check_run(&head, "ci/lint", "success", "");
    s.server.add_check_run(
        "0000000000000000000000000000000000000000",
        "ci/old",
        "failure",
        "",
    );

    let got = prs.feedback(pr.number, &head, &[]).await.unwrap();
    assert_eq!(got.len(), 1 + 120 + 1, "{got:?}");
    assert!(!got.iter().any(|f| f.key() == format!("review:{approve}")));
    assert_eq!(
        got[0],
        Feedback::Review {
            id: changes,
            author: "alice".into(),
            verdict: "CHANGES_REQUESTED".into(),
            body: "Please add a test.".into(),
        }
    );
    assert!(
        matches!(&got[121], Feedback::FailingCheck { id, name, .. } if *id == failed && name == "ci/test")
    );
    let pages = s
        .server
        .seen()
        .iter()
        .filter(|r| r.path.ends_with("/comments"))
        .count();
    assert_eq!(pages, 2);

    // What was handed back is not handed again; a new comment is.
    let handed: Vec<String> = got.iter().map(Feedback::key).collect();
    assert!(
        prs.feedback(pr.number, &head, &handed)
            .await
            .unwrap()
            .is_empty()
    );
    let later = s
        .server
        .add_review_comment(pr.number, "alice", "f.txt", 1, "one more");
    let new = prs.feedback(pr.number, &head, &handed).await.unwrap();
    assert_eq!(
        new.iter().map(Feedback::key).collect::<Vec<_>>(),
        [format!("comment:{later}")]
    );

    // A malformed answer is an error naming the request, nothing guessed.
    s.server.fail_next(Fault::Malformed);
    let err = prs.feedback(pr.number, &head, &handed).await.unwrap_err();
    assert!(
        matches!(&err, DispatchError::Malformed { what, .. } if what.contains("/reviews")),
        "{err:?}"
    );
    // A Link header leaving the forge is not followed (the token stays).
    s.server.fail_next(Fault::Pass);
    s.server.fail_next(Fault::ForeignLink);
    let err = prs.feedback(pr.number, &head, &handed).await.unwrap_err();
    assert!(err.to_string().contains("not followed"), "{err}");
}
