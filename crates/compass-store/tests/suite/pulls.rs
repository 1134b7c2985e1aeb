//! Pull requests read by workstream: a board asks for its own cards' in
//! one query and gets exactly what reading each one alone gives.

use super::domain::{agent, project};
use super::open;
use compass_core::agent::Lifetime;
use compass_core::issue::Priority;
use compass_core::workstream::Workstream;
use compass_store::issues::{self, NewIssue};
use compass_store::{Store, agents, channel, workstreams};

/// A workstream of a new issue in `project` for its agent `who`, with a
/// pull request in each of `repos` (numbered from `first`).
async fn with_pulls(
    store: &Store,
    project: &str,
    who: &str,
    repos: &[&str],
    first: u64,
) -> Workstream {
    let (p, a) = (project.to_owned(), who.to_owned());
    let ws = store
        .write(move |tx| {
            let issue = issues::create(
                tx,
                NewIssue {
                    project: p,
                    title: "work".into(),
                    body: String::new(),
                    labels: vec![],
                    parent: None,
                    priority: Priority::Medium,
                },
            )?;
            workstreams::create(tx, &issue.key, &a)
        })
        .await
        .unwrap();
    for (i, repo) in repos.iter().enumerate() {
        let (w, repo, n) = (ws.clone(), (*repo).to_owned(), first + i as u64);
        store
            .write(move |tx| {
                let url = format!("https://forge.example/{repo}/pull/{n}");
                channel::record_pull_request(tx, &w, &repo, n, &url, "abc123", false)
            })
            .await
            .unwrap();
    }
    ws
}

#[tokio::test]
async fn a_board_reads_only_its_workstreams_pull_requests_and_reads_them_unchanged() {
    let (_dir, store) = open();
    for (p, who) in [("demo", "atlas"), ("other", "vega")] {
        project(&store, p, "norse").await;
        store
            .write(move |tx| agents::create(tx, agent(p, Some(who), Lifetime::Persistent)))
            .await
            .unwrap();
    }
    let two = with_pulls(&store, "demo", "atlas", &["web", "api"], 1).await;
    let none = with_pulls(&store, "demo", "atlas", &[], 0).await;
    let one = with_pulls(&store, "demo", "atlas", &["api"], 7).await;
    let elsewhere = with_pulls(&store, "other", "vega", &["api"], 9).await;

    let ids = vec![two.id.clone(), none.id.clone(), one.id.clone()];
    let (read, alone) = store
        .read(move |c| {
            let read = channel::pull_requests_of(c, &ids)?;
            let mut alone = Vec::new();
            for (ws, repo) in [(&ids[0], "api"), (&ids[0], "web"), (&ids[2], "api")] {
                alone.push(channel::pull_request(c, ws, repo)?.unwrap());
            }
            Ok((read, alone))
        })
        .await
        .unwrap();
    assert_eq!(read.len(), 2, "{read:?}");
    assert_eq!(read[&two.id], alone[..2], "in repo order, as read alone");
    assert_eq!(read[&one.id], alone[2..]);
    assert!(!read.contains_key(&none.id));
    assert!(!read.contains_key(&elsewhere.id), "another project's");
    let empty = store
        .read(|c| channel::pull_requests_of(c, &[]))
        .await
        .unwrap();
    assert!(empty.is_empty());
}
