//! Projects, agents, codenames, issues, workstreams and the board.

use super::open;
use compass_core::agent::{AgentStatus, Lifetime};
use compass_core::issue::Priority;
use compass_core::name::Name;
use compass_core::project::RepoSource;
use compass_core::workstream::{Column, WorkstreamState};
use compass_store::agents::{self, NewAgent};
use compass_store::issues::{self, NewIssue};
use compass_store::projects::{self, NewProject};
use compass_store::{Store, StoreError, board, events, workstreams};

fn n(s: &str) -> Name {
    Name::parse(s).unwrap()
}

pub(crate) async fn project(store: &Store, name: &str, theme: &str) {
    let new = NewProject {
        name: n(name),
        repos: vec![RepoSource::Remote("https://example.com/a/b.git".into())],
        directories: vec!["/srv/notes".into()],
        theme: n(theme),
    };
    store
        .write(move |tx| projects::create(tx, new))
        .await
        .unwrap();
}

pub(crate) fn agent(project: &str, name: Option<&str>, lifetime: Lifetime) -> NewAgent {
    NewAgent {
        project: project.into(),
        name: name.map(n),
        persona: None,
        kind: n("scripted"),
        model: None,
        lifetime,
    }
}

#[tokio::test]
async fn duplicate_names_are_refused_and_leave_nothing() {
    let (_dir, store) = open();
    project(&store, "demo", "norse").await;
    store
        .write(|tx| agents::create(tx, agent("demo", Some("atlas"), Lifetime::Persistent)))
        .await
        .unwrap();
    let before = store.last_seq();
    let err = store
        .write(|tx| agents::create(tx, agent("demo", Some("atlas"), Lifetime::Persistent)))
        .await;
    assert!(
        matches!(err, Err(StoreError::AlreadyExists { what: "agent", .. })),
        "{err:?}"
    );
    assert_eq!(
        store.last_seq(),
        before,
        "a refused create emitted an event"
    );
    let all = store
        .read(|c| agents::list(c, Some("demo"), true))
        .await
        .unwrap();
    assert_eq!(all.len(), 1);
    let dup = store
        .write(|tx| {
            projects::create(
                tx,
                NewProject {
                    name: n("demo"),
                    repos: vec![],
                    directories: vec![],
                    theme: n("norse"),
                },
            )
        })
        .await;
    assert!(matches!(
        dup,
        Err(StoreError::AlreadyExists {
            what: "project",
            ..
        })
    ));
}

#[tokio::test]
async fn ephemeral_agents_draw_codenames_and_return_them() {
    let (_dir, store) = open();
    project(&store, "demo", "norse").await;
    let first = store
        .write(|tx| agents::create(tx, agent("demo", None, Lifetime::Ephemeral)))
        .await
        .unwrap();
    let second = store
        .write(|tx| agents::create(tx, agent("demo", None, Lifetime::Ephemeral)))
        .await
        .unwrap();
    assert!(first.codename && second.codename);
    assert_ne!(first.name, second.name);
    assert_ne!(first.name.initial(), second.name.initial());
    let retired = store
        .write(move |tx| agents::retire(tx, "agt_1", None))
        .await
        .unwrap();
    assert_eq!(retired.status, AgentStatus::Retired);
    let third = store
        .write(|tx| agents::create(tx, agent("demo", None, Lifetime::Ephemeral)))
        .await
        .unwrap();
    assert_eq!(
        third.name, first.name,
        "the returned codename was not drawn again"
    );
    let log = store.read(|c| events::after(c, 0, 100)).await.unwrap();
    assert!(log.iter().any(|e| matches!(
        &e.kind,
        compass_core::event::EventKind::AgentRetired {
            codename_returned: true,
            ..
        }
    )));
}

#[tokio::test]
async fn an_exhausted_theme_says_what_to_do() {
    let (_dir, store) = open();
    let theme = compass_core::theme::Theme::new("tiny", &["ada".into()], false).unwrap();
    store
        .write(move |tx| compass_store::themes::add(tx, theme))
        .await
        .unwrap();
    project(&store, "demo", "tiny").await;
    store
        .write(|tx| agents::create(tx, agent("demo", None, Lifetime::Ephemeral)))
        .await
        .unwrap();
    let err = store
        .write(|tx| agents::create(tx, agent("demo", None, Lifetime::Ephemeral)))
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("every codename of theme tiny"),
        "{err}"
    );
}

#[tokio::test]
async fn issues_workstreams_and_the_board() {
    let (_dir, store) = open();
    project(&store, "demo", "norse").await;
    store
        .write(|tx| agents::create(tx, agent("demo", Some("atlas"), Lifetime::Persistent)))
        .await
        .unwrap();
    let new_issue = |title: &str, parent: Option<&str>| NewIssue {
        project: "demo".into(),
        title: title.into(),
        body: "details".into(),
        labels: vec!["bug".into()],
        parent: parent.map(str::to_owned),
        priority: Priority::High,
    };
    let a = new_issue("auth refactor", None);
    let parent = store.write(move |tx| issues::create(tx, a)).await.unwrap();
    assert_eq!(parent.key, "demo-1");
    let b = new_issue("follow-up", Some("demo-1"));
    let child = store.write(move |tx| issues::create(tx, b)).await.unwrap();
    assert_eq!(child.parent, Some(parent.id.clone()));
    let bad = new_issue("orphan", Some("demo-99"));
    let err = store
        .write(move |tx| issues::create(tx, bad))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Invalid {
                field: "parent",
                ..
            }
        ),
        "{err}"
    );

    let ws = store
        .write(|tx| workstreams::create(tx, "demo-1", "atlas"))
        .await
        .unwrap();
    assert_eq!(ws.branch, "compass/atlas/demo-1");
    let id = ws.id.to_string();
    let id2 = id.clone();
    store
        .write(move |tx| workstreams::set_state(tx, &id, WorkstreamState::InProgress))
        .await
        .unwrap();
    let err = store
        .write(move |tx| workstreams::set_state(tx, &id2, WorkstreamState::Merged))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("in_progress to merged"), "{err}");

    let board = store.read(|c| board::get(c, "demo")).await.unwrap();
    assert_eq!(board.rows.len(), 2, "one agent row plus the unassigned row");
    let atlas = &board.rows[0];
    assert_eq!(atlas.agent.as_ref().unwrap().name.as_str(), "atlas");
    let in_progress = &atlas
        .columns
        .iter()
        .find(|(c, _)| *c == Column::InProgress)
        .unwrap()
        .1;
    assert_eq!(in_progress.len(), 1);
    assert_eq!(in_progress[0].issue.key, "demo-1");
    let pool = &board.rows[1];
    assert!(pool.agent.is_none());
    let backlog = &pool
        .columns
        .iter()
        .find(|(c, _)| *c == Column::Backlog)
        .unwrap()
        .1;
    assert_eq!(
        backlog
            .iter()
            .map(|c| c.issue.key.as_str())
            .collect::<Vec<_>>(),
        ["demo-2"]
    );
}
