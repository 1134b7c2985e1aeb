//! Imported issues read one by one for deletion: every proposed issue is
//! read in turn, and a listing that shows a "gone" issue again clears it.

use super::domain::{agent, project};
use compass_core::agent::Lifetime;
use compass_core::clock::ManualClock;
use compass_core::proposal::Stale;
use compass_core::source::{
    ExternalIssue, GithubConfig, Source, SourceConfig, StateFilter, Writeback,
};
use compass_store::proposals::{self, NewProposal};
use compass_store::sources::{self, NewSource, Probe};
use compass_store::{Options, Store, agents, issues};
use std::sync::Arc;

fn external(number: u64, title: &str) -> ExternalIssue {
    ExternalIssue {
        external_id: format!("id-{number}"),
        key: format!("octo/app#{number}"),
        number,
        title: title.into(),
        body: String::new(),
        labels: vec![],
        open: true,
        updated_at: format!("2026-01-01T00:00:{:02}Z", number % 60),
        url: format!("https://github.example/octo/app/issues/{number}"),
    }
}

/// A store on a manual clock with project `demo`, a GitHub source, issues
/// 1..=`n` imported from it, and an open proposal for each.
async fn proposed(n: u64) -> (tempfile::TempDir, Store, ManualClock, Source) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(1_000);
    let options = Options {
        clock: Arc::new(clock.clone()),
        ..Options::default()
    };
    let store = Store::open(&dir.path().join("compass.db"), options).unwrap();
    project(&store, "demo", "norse").await;
    let source = store
        .write(move |tx| {
            let config = GithubConfig {
                repo: "octo/app".into(),
                api_url: "https://api.github.example".into(),
                labels: vec![],
                assignee: None,
                state: StateFilter::Open,
            }
            .checked()
            .unwrap();
            let source = sources::create(
                tx,
                NewSource {
                    project: "demo".into(),
                    config: SourceConfig::Github(config),
                    token_secret: "GH_TOKEN".into(),
                    writeback: Writeback::default(),
                },
            )?;
            let page = (1..=n)
                .map(|i| external(i, &format!("issue {i}")))
                .collect();
            sources::apply_page(tx, &source.id, page, None)?;
            let atlas = agents::create(tx, agent("demo", Some("atlas"), Lifetime::Persistent))?;
            for issue in issues::list(tx.conn(), "demo")? {
                proposals::create(
                    tx,
                    NewProposal {
                        issue: issue.id,
                        agent: atlas.id.clone(),
                        behind: String::new(),
                        reason: "test".into(),
                        overlaps: vec![],
                    },
                )?;
            }
            Ok(source)
        })
        .await
        .unwrap();
    (dir, store, clock, source)
}

async fn next_reads(store: &Store, source: &Source) -> Vec<u64> {
    let id = source.id.clone();
    store
        .read(move |c| sources::proposed_numbers(c, &id, 100))
        .await
        .unwrap()
}

async fn probe(store: &Store, source: &Source, numbers: Vec<u64>, probe: Probe) {
    let id = source.id.clone();
    store
        .write(move |tx| {
            for n in numbers {
                sources::record_probe(tx, &id, n, probe)?;
            }
            Ok(())
        })
        .await
        .unwrap();
}

/// With more proposed issues than one sync reads, each sync reads those
/// read least recently: the 50 never read come before the 100 just read,
/// and a read that failed still goes to the back of the line.
#[tokio::test]
async fn reads_rotate_past_the_first_hundred() {
    let (_dir, store, clock, source) = proposed(150).await;
    let first = next_reads(&store, &source).await;
    assert_eq!(first, (1..=100).collect::<Vec<_>>());
    clock.advance_ms(1_000);
    probe(&store, &source, first, Probe::Present).await;
    let second = next_reads(&store, &source).await;
    assert_eq!(second[..50], (101..=150).collect::<Vec<_>>()[..]);
    assert_eq!(second[50..], (1..=50).collect::<Vec<_>>()[..]);
    // 101 fails, the rest of the batch is left unread: 101 goes last.
    clock.advance_ms(1_000);
    probe(&store, &source, vec![101], Probe::Failed).await;
    let third = next_reads(&store, &source).await;
    assert_eq!(third[..49], (102..=150).collect::<Vec<_>>()[..]);
    assert_eq!(third[49..], (1..=51).collect::<Vec<_>>()[..]);
    // Only a read that found it gone leaves the issue stale.
    let project = source.project_id.clone();
    let closed = store
        .read(move |c| sources::closed_issues(c, &project))
        .await
        .unwrap();
    assert!(closed.is_empty(), "{closed:?}");
}

/// An issue a read found gone is stale and read no more; once a listing
/// shows it again (the 404 was transient, or it came back) it is not gone,
/// counts as updated, and is read again in turn.
#[tokio::test]
async fn a_listed_issue_is_no_longer_gone() {
    let (_dir, store, clock, source) = proposed(3).await;
    clock.advance_ms(1_000);
    probe(&store, &source, vec![2], Probe::Gone).await;
    assert_eq!(next_reads(&store, &source).await, vec![1, 3]);
    let (id, project) = (source.id.clone(), source.project_id.clone());
    let (link, closed) = store
        .read(move |c| {
            let issue = issues::list(c, "demo")?
                .into_iter()
                .find(|i| i.title == "issue 2")
                .unwrap();
            Ok((
                sources::link_of(c, &issue.id)?.unwrap(),
                sources::closed_issues(c, &project)?,
            ))
        })
        .await
        .unwrap();
    assert!(link.gone);
    assert_eq!(closed.get(&link.issue_id), Some(&Stale::Gone));
    // The same issue, unchanged, in a later listing.
    let outcome = store
        .write(move |tx| sources::apply_page(tx, &id, vec![external(2, "issue 2")], None))
        .await
        .unwrap();
    assert_eq!((outcome.updated, outcome.unchanged), (1, 0));
    let (issue, project) = (link.issue_id.clone(), source.project_id.clone());
    let (link, closed) = store
        .read(move |c| {
            Ok((
                sources::link_of(c, &issue)?.unwrap(),
                sources::closed_issues(c, &project)?,
            ))
        })
        .await
        .unwrap();
    assert!(!link.gone);
    assert!(closed.is_empty(), "{closed:?}");
    // Read again, in its turn.
    assert_eq!(next_reads(&store, &source).await, vec![1, 3, 2]);
}
