//! GitHub Issues: sync (pagination, pull requests passed over, idempotent,
//! in-place updates, cursor), the tracker's failure modes, and writeback.

use super::{Fixture, REPO};
use compass_core::agent::Lifetime;
use compass_core::name::Name;
use compass_core::source::{Health, Writeback, WritebackAction};
use compass_core::workstream::WorkstreamState;
use compass_dispatcher::{DispatchError, Token, sync, writeback};
use compass_store::agents::{self, NewAgent};
use compass_store::{events, workstreams};
use compass_test_support::Fault;

fn seed(f: &Fixture, n: usize) {
    for i in 1..=n {
        f.server.add_issue(&format!("issue {i}"), "body", &["bug"]);
    }
}

#[tokio::test]
async fn a_sync_pages_through_passes_over_pull_requests_and_resyncs_without_duplicates() {
    let f = Fixture::new().await;
    seed(&f, 230);
    f.server.add_pull_request("a PR is not an issue");
    f.server.add_pull_request("neither is this one");
    let src = f.add_source(REPO, Writeback::default()).await;

    let first = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!(
        (first.created, first.pages, first.pull_requests),
        (230, 3, 2)
    );
    let titles = f.issue_titles().await;
    assert_eq!(titles.len(), 230);
    assert!(!titles.iter().any(|t| t.contains("PR")));
    let src = f.source(&src).await;
    assert_eq!(src.health, Health::Ok);
    assert_eq!(src.issues, 230);
    let cursor = src.cursor.clone().unwrap();

    // A no-op re-sync starts at the cursor and creates nothing.
    let again = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!((again.created, again.updated), (0, 0));
    assert_eq!(again.pages, 1);
    let last = f.server.seen().last().unwrap().clone();
    assert!(
        last.query
            .contains(&format!("since={}", cursor.replace(':', "%3A"))),
        "{last:?}"
    );
    assert!(last.query.contains("state=all"));
    assert_eq!(f.issue_titles().await.len(), 230);

    // An edit updates in place; a closed issue is noticed.
    f.server.retitle(7, "issue 7, retitled");
    f.server.close(8);
    let src = f.source(&src).await;
    let edit = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!((edit.created, edit.updated), (0, 2));
    let titles = f.issue_titles().await;
    assert_eq!(titles.len(), 230);
    assert_eq!(titles[6], "issue 7, retitled");
    let updated = f
        .store
        .read(|c| events::of_kinds(c, &["issue_updated".to_owned()], 0, 10))
        .await
        .unwrap();
    assert_eq!(updated.len(), 1);

    // A new issue arrives; a closed one that was never imported does not.
    f.server.add_issue("fresh", "", &[]);
    let closed = f.server.add_issue("closed before we saw it", "", &[]);
    f.server.close(closed);
    let src = f.source(&src).await;
    let fresh = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!(fresh.created, 1);
    assert_eq!(f.issue_titles().await.last().unwrap(), "fresh");
}

#[tokio::test]
async fn rate_limits_are_waited_out_when_short_and_refused_when_long() {
    let f = Fixture::new().await;
    seed(&f, 3);
    let src = f.add_source(REPO, Writeback::default()).await;
    f.server.fail_next(Fault::RetryAfter(1));
    let r = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!(r.created, 3);
    assert!(r.waited.as_secs() >= 1, "{r:?}");

    f.server.fail_next(Fault::RateLimitReset(1));
    let src = f.source(&src).await;
    assert!(sync(&f.store, &f.http, &src, &f.token).await.is_ok());

    // Longer than the policy allows: a clear error at once, source failing.
    f.server.fail_next(Fault::RetryAfter(3600));
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(matches!(err, DispatchError::RateLimited { .. }), "{err}");
    assert!(err.to_string().contains("3600s"), "{err}");
    let failing = f.source(&src).await;
    assert_eq!(failing.health, Health::Failing);
    assert_eq!(failing.issues, 3);
}

#[tokio::test]
async fn a_tracker_failing_mid_sync_keeps_what_was_imported_and_the_next_sync_resumes() {
    let f = Fixture::new().await;
    seed(&f, 250);
    let src = f.add_source(REPO, Writeback::default()).await;
    // Page 1 answers; page 2 fails on both tries.
    f.server.fail_next(Fault::Pass);
    f.server.fail_next(Fault::Status(502));
    f.server.fail_next(Fault::Status(502));
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(
        matches!(err, DispatchError::Unavailable { status: 502, .. }),
        "{err}"
    );
    let failing = f.source(&src).await;
    assert_eq!(failing.health, Health::Failing);
    assert!(failing.last_error.contains("502"), "{}", failing.last_error);
    assert_eq!(failing.issues, 100);
    assert!(failing.cursor.is_some());

    let before = f.server.seen().len();
    let r = sync(&f.store, &f.http, &failing, &f.token).await.unwrap();
    assert_eq!(r.created, 150);
    assert!(f.server.seen()[before].query.contains("since="));
    assert_eq!(f.issue_titles().await.len(), 250);
    assert_eq!(f.source(&src).await.health, Health::Ok);
}

#[tokio::test]
async fn bad_answers_are_clear_errors_and_lose_nothing() {
    let f = Fixture::new().await;
    seed(&f, 2);
    let src = f.add_source(REPO, Writeback::default()).await;
    sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    let src = f.source(&src).await;

    f.server.fail_next(Fault::Malformed);
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(matches!(err, DispatchError::Malformed { .. }), "{err}");

    f.server.fail_next(Fault::Hangup);
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(
        matches!(
            err,
            DispatchError::Unreachable { .. } | DispatchError::Malformed { .. }
        ),
        "{err}"
    );

    // A `next` link to another origin is not followed (the token stays home).
    f.server.add_issue("page two needs a link", "", &[]);
    for i in 0..100 {
        f.server.add_issue(&format!("filler {i}"), "", &[]);
    }
    f.server.fail_next(Fault::ForeignLink);
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(err.to_string().contains("not followed"), "{err}");
    assert!(matches!(err, DispatchError::Malformed { .. }), "{err}");

    f.server.fail_next(Fault::Status(403));
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(matches!(err, DispatchError::Forbidden { .. }), "{err}");

    // An expired token: the error names the secret, never the value.
    f.server.set_token("ghp_rotated");
    let err = sync(&f.store, &f.http, &src, &f.token).await.unwrap_err();
    assert!(matches!(err, DispatchError::Unauthorized { .. }), "{err}");
    assert!(err.to_string().contains("GH_TOKEN"));
    assert!(!err.to_string().contains(super::TOKEN));
    f.server.set_token(super::TOKEN);

    let missing = f.add_source("octo/missing", Writeback::default()).await;
    let err = sync(&f.store, &f.http, &missing, &f.token)
        .await
        .unwrap_err();
    assert!(matches!(err, DispatchError::NotFound { .. }), "{err}");
    assert!(err.to_string().contains("octo/missing"), "{err}");

    assert_eq!(f.issue_titles().await.len(), 2);
    let failed = f
        .store
        .read(|c| events::of_kinds(c, &["source_failed".to_owned()], 0, 100))
        .await
        .unwrap();
    assert_eq!(failed.len(), 6);
    let log = serde_json::to_string(&failed).unwrap();
    assert!(!log.contains(super::TOKEN));
}

/// Agent `atlas` of project `demo`, persistent.
fn atlas() -> NewAgent {
    NewAgent {
        project: "demo".into(),
        name: Some(Name::parse("atlas").unwrap()),
        persona: None,
        kind: Name::parse("scripted").unwrap(),
        model: None,
        lifetime: Lifetime::Persistent,
    }
}

async fn workstream_for_first_issue(f: &Fixture) -> compass_core::workstream::Workstream {
    let agent = atlas();
    f.store
        .write(move |tx| agents::create(tx, agent))
        .await
        .unwrap();
    f.store
        .write(|tx| workstreams::create(tx, "demo-1", "atlas"))
        .await
        .unwrap()
}

async fn move_to(
    f: &Fixture,
    ws: &compass_core::workstream::Workstream,
    to: WorkstreamState,
) -> Vec<compass_dispatcher::Written> {
    let from = ws.state;
    let id = ws.id.0.clone();
    let ws = f
        .store
        .write(move |tx| workstreams::set_state(tx, &id, to))
        .await
        .unwrap();
    let token = f.token.clone();
    writeback(&f.store, &f.http, &ws, from, &move |_| Ok(token.clone()))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_workstream_state_is_written_back_as_a_label_and_merged_closes_the_issue() {
    let f = Fixture::new().await;
    seed(&f, 1);
    let src = f.add_source(REPO, Writeback::default()).await;
    sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    let mut ws = workstream_for_first_issue(&f).await;

    let w = move_to(&f, &ws, WorkstreamState::InProgress).await;
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].action, WritebackAction::Label);
    let labels = f.server.issue(1)["labels"].to_string();
    assert!(
        labels.contains("compass:in-progress") && labels.contains("bug"),
        "{labels}"
    );
    ws.state = WorkstreamState::InProgress;

    move_to(&f, &ws, WorkstreamState::InReview).await;
    let labels = f.server.issue(1)["labels"].to_string();
    assert!(labels.contains("compass:in-review"), "{labels}");
    assert!(!labels.contains("compass:in-progress"), "{labels}");
    ws.state = WorkstreamState::InReview;
    assert_eq!(f.server.issue(1)["state"], "open");

    let w = move_to(&f, &ws, WorkstreamState::Merged).await;
    assert!(w.iter().all(|w| w.result.is_ok()), "{w:?}");
    let issue = f.server.issue(1);
    assert_eq!(issue["state"], "closed");
    assert_eq!(issue["state_reason"], "completed");
    // Comments are off unless asked for.
    assert!(f.server.comments(1).is_empty());
    let wb = f
        .store
        .read(|c| events::of_kinds(c, &["source_writeback".to_owned()], 0, 100))
        .await
        .unwrap();
    assert_eq!(wb.len(), 4);
}

#[tokio::test]
async fn comments_when_asked_for_and_a_refused_writeback_is_recorded_not_fatal() {
    let f = Fixture::new().await;
    seed(&f, 1);
    let wb = Writeback {
        state: true,
        labels: false,
        comments: true,
    };
    let src = f.add_source(REPO, wb).await;
    sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    let ws = workstream_for_first_issue(&f).await;
    move_to(&f, &ws, WorkstreamState::InProgress).await;
    let comments = f.server.comments(1);
    assert_eq!(comments.len(), 1);
    assert!(comments[0].contains("compass/atlas/demo-1"), "{comments:?}");

    // The token expired: the state change stands, the failure is an event.
    let mut ws = ws;
    ws.state = WorkstreamState::InProgress;
    let stale = Token::new("GH_TOKEN", b"ghp_stale").unwrap();
    let id = ws.id.0.clone();
    let moved = f
        .store
        .write(move |tx| workstreams::set_state(tx, &id, WorkstreamState::InReview))
        .await
        .unwrap();
    let w = writeback(&f.store, &f.http, &moved, ws.state, &move |_| {
        Ok(stale.clone())
    })
    .await
    .unwrap();
    assert!(w[0].result.as_ref().unwrap_err().contains("GH_TOKEN"));
    let events = f
        .store
        .read(|c| events::of_kinds(c, &["source_writeback".to_owned()], 0, 100))
        .await
        .unwrap();
    let last = serde_json::to_value(&events.last().unwrap().kind).unwrap();
    assert_eq!(last["ok"], false);
    assert_eq!(f.server.comments(1).len(), 1);
}

#[tokio::test]
async fn an_issue_the_store_cannot_hold_is_skipped_with_its_reason_and_the_rest_imported() {
    let f = Fixture::new().await;
    f.server.add_issue("fine", "", &["bug"]);
    f.server
        .add_issue("label with a comma", "", &["needs, triage"]);
    f.server.add_issue("also fine", "", &[]);
    let src = f.add_source(REPO, Writeback::default()).await;
    let r = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!(r.created, 2);
    assert_eq!(r.skipped.len(), 1);
    assert_eq!(r.skipped[0].key, "octo/app#2");
    assert!(
        r.skipped[0].reason.contains("needs, triage"),
        "{:?}",
        r.skipped
    );
    assert_eq!(f.issue_titles().await, ["fine", "also fine"]);
}

#[tokio::test]
async fn filters_pick_issues_by_every_label_and_the_assignee() {
    let f = Fixture::new().await;
    f.server.add_issue("bug for alice", "", &["bug", "backend"]);
    f.server.add_issue("bug, frontend", "", &["bug"]);
    f.server
        .add_issue("backend for bob", "", &["bug", "backend"]);
    f.server.assign(1, "alice");
    f.server.assign(3, "bob");
    let config = compass_core::source::GithubConfig {
        repo: REPO.into(),
        api_url: f.server.url(),
        labels: vec!["bug".into(), "backend".into()],
        assignee: Some("alice".into()),
        state: compass_core::source::StateFilter::Open,
    };
    let src = f.add_configured(config, Writeback::default()).await;
    let r = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!(r.created, 1);
    assert_eq!(f.issue_titles().await, ["bug for alice"]);
    let q = f.server.seen().last().unwrap().query.clone();
    assert!(
        q.contains("labels=bug%2Cbackend") && q.contains("assignee=alice"),
        "{q}"
    );
}

/// Each proposed issue is read directly after the listing (a deletion is
/// never listed). A read the tracker keeps failing (500 on every try) is
/// logged and counted, ends this sync's reads, and fails nothing: the pages
/// stay committed and the source healthy. The next sync reads the others
/// first, and finds the deleted one.
#[tokio::test]
async fn a_failing_read_of_a_proposed_issue_does_not_fail_the_sync() {
    let f = Fixture::new().await;
    seed(&f, 3);
    let src = f.add_source(REPO, Writeback::default()).await;
    sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    propose_all(&f).await;
    f.server.fail_reads_of(1, Fault::Status(500));
    f.server.delete(2);
    f.server.add_issue("issue 4", "body", &["bug"]);

    let before = f.server.seen().len();
    let src = f.source(&src).await;
    let r = sync(&f.store, &f.http, &src, &f.token).await.unwrap();
    assert_eq!((r.created, r.gone, r.probe_errors), (1, 0, 1), "{r:?}");
    assert_eq!(issue_reads(&f, before), ["1", "1"]);
    let synced = f.source(&src).await;
    assert_eq!(synced.health, Health::Ok);
    assert_eq!(synced.issues, 4);

    let before = f.server.seen().len();
    let r = sync(&f.store, &f.http, &synced, &f.token).await.unwrap();
    assert_eq!((r.gone, r.probe_errors), (1, 1), "{r:?}");
    assert_eq!(issue_reads(&f, before), ["2", "3", "1", "1"]);
    let link = f
        .store
        .read(|c| {
            let issue = compass_store::issues::list(c, "demo")?
                .into_iter()
                .find(|i| i.title == "issue 2")
                .unwrap();
            compass_store::sources::link_of(c, &issue.id)
        })
        .await
        .unwrap()
        .unwrap();
    assert!(link.gone);
    assert_eq!(f.source(&src).await.health, Health::Ok);
}

/// An open proposal for every issue of `demo`, all to one agent.
async fn propose_all(f: &Fixture) {
    let agent = atlas();
    f.store
        .write(move |tx| {
            let atlas = agents::create(tx, agent)?;
            for issue in compass_store::issues::list(tx.conn(), "demo")? {
                compass_store::proposals::create(
                    tx,
                    compass_store::proposals::NewProposal {
                        issue: issue.id,
                        agent: atlas.id.clone(),
                        behind: String::new(),
                        reason: "test".into(),
                        overlaps: vec![],
                    },
                )?;
            }
            Ok(())
        })
        .await
        .unwrap();
}

/// The issue numbers read one by one since request `from`, in order.
fn issue_reads(f: &Fixture, from: usize) -> Vec<String> {
    let prefix = format!("/repos/{REPO}/issues/");
    f.server.seen()[from..]
        .iter()
        .filter(|s| s.method == "GET")
        .filter_map(|s| s.path.strip_prefix(&prefix).map(str::to_owned))
        .collect()
}
