//! Warden's user state in SQLite: clearances, lists and on/off survive a
//! reopen, every user change is an event, and refused changes write nothing.

use super::open;
use compass_core::agent::Lifetime;
use compass_core::event::EventKind;
use compass_core::id::AgentId;
use compass_store::warden::{self, Clearance, List, SourceLists};
use compass_store::{Options, Store, StoreError, agents, events};

fn clearance(agent: i64, session: Option<&str>, source: &str, hash: &str) -> Clearance {
    Clearance {
        agent: AgentId::from_row(agent),
        session: session.map(str::to_owned),
        source: source.into(),
        hash: hash.into(),
        cleared_at_ms: 1_000,
        ttl_ms: 60_000,
    }
}

fn reopen(dir: &tempfile::TempDir) -> Store {
    Store::open(&dir.path().join("compass.db"), Options::default()).unwrap()
}

#[tokio::test]
async fn queued_clearances_survive_a_reopen_per_session() {
    let (dir, store) = open();
    let a = clearance(1, Some("s1"), "file:/work/a", "h1");
    let b = clearance(2, Some("s1"), "file:/work/a", "h2");
    let across = clearance(1, None, "url:https://x", "h3");
    let other = clearance(1, Some("s2"), "file:/work/a", "h4");
    for c in [&a, &b, &across, &other] {
        let c = c.clone();
        store
            .enqueue("test", move |tx| warden::save_clearance(tx, &c))
            .unwrap();
    }
    // Re-clearing the same (session, agent, source) replaces the entry.
    let a2 = Clearance {
        hash: "h1-new".into(),
        cleared_at_ms: 2_000,
        ..a.clone()
    };
    let a2c = a2.clone();
    store
        .enqueue("test", move |tx| warden::save_clearance(tx, &a2c))
        .unwrap();
    store.flush().await.unwrap();
    drop(store);

    let store = reopen(&dir);
    let s1 = store
        .read(|c| warden::clearances(c, Some("s1")))
        .await
        .unwrap();
    assert_eq!(s1, vec![a2, b.clone()]);
    let none = store.read(|c| warden::clearances(c, None)).await.unwrap();
    assert_eq!(none, vec![across]);
    let s2 = store
        .read(|c| warden::clearances(c, Some("s2")))
        .await
        .unwrap();
    assert_eq!(s2, vec![other]);

    // Removing (agent, source) drops it in every session, and only it.
    let removed = store
        .write(|tx| warden::remove_clearance(tx, &AgentId::from_row(1), "file:/work/a"))
        .await
        .unwrap();
    assert_eq!(removed, 2);
    let s1 = store
        .read(|c| warden::clearances(c, Some("s1")))
        .await
        .unwrap();
    assert_eq!(s1, vec![b]);
    // An empty session name is refused: no session means across sessions.
    let err = store
        .read(|c| warden::clearances(c, Some("")))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Invalid { .. }), "{err}");
}

#[tokio::test]
async fn expired_clearances_are_pruned() {
    let (_dir, store) = open();
    let live = clearance(1, None, "file:/live", "h");
    let dead = Clearance {
        cleared_at_ms: 0,
        ttl_ms: 10,
        ..clearance(1, None, "file:/dead", "h")
    };
    for c in [live.clone(), dead] {
        store
            .write(move |tx| warden::save_clearance(tx, &c))
            .await
            .unwrap();
    }
    let pruned = store
        .write(|tx| warden::prune_clearances(tx, 10))
        .await
        .unwrap();
    assert_eq!(pruned, 1);
    let left = store.read(|c| warden::clearances(c, None)).await.unwrap();
    assert_eq!(left, vec![live]);
}

#[tokio::test]
async fn lists_and_on_off_persist_and_every_change_is_an_event() {
    let (dir, store) = open();
    assert_eq!(store.read(warden::enabled).await.unwrap(), None);
    store
        .write(|tx| warden::put(tx, List::Allow, "file:/work/docs/*", "cli"))
        .await
        .unwrap();
    store
        .write(|tx| warden::put(tx, List::Deny, "net:evil.example", "cli"))
        .await
        .unwrap();
    store
        .write(|tx| warden::put(tx, List::Allow, "net:crates.io", "board"))
        .await
        .unwrap();
    // Denying an allowed pattern moves it.
    store
        .write(|tx| warden::put(tx, List::Deny, "net:crates.io", "cli"))
        .await
        .unwrap();
    store
        .write(|tx| warden::set_enabled(tx, false, "cli"))
        .await
        .unwrap();
    drop(store);

    let store = reopen(&dir);
    assert_eq!(
        store.read(warden::lists).await.unwrap(),
        SourceLists {
            allow: vec!["file:/work/docs/*".into()],
            deny: vec!["net:evil.example".into(), "net:crates.io".into()],
        }
    );
    assert_eq!(store.read(warden::enabled).await.unwrap(), Some(false));

    let was = store
        .write(|tx| warden::forget(tx, "net:crates.io", "cli"))
        .await
        .unwrap();
    assert_eq!(was, List::Deny);
    let seq = store.last_seq();
    // Forgetting what is on neither list is refused and emits nothing.
    let err = store
        .write(|tx| warden::forget(tx, "net:crates.io", "cli"))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::NotFound { .. }), "{err}");
    assert_eq!(store.last_seq(), seq);
    store
        .write(|tx| warden::set_enabled(tx, true, "cli"))
        .await
        .unwrap();
    // An allow-once is kept for an agent that exists.
    super::domain::project(&store, "demo", "norse").await;
    let atlas = store
        .write(|tx| {
            agents::create(
                tx,
                super::domain::agent("demo", Some("atlas"), Lifetime::Persistent),
            )
        })
        .await
        .unwrap();
    store
        .write(move |tx| warden::allowed_once(tx, &atlas.id, &"a".repeat(64), "cli"))
        .await
        .unwrap();
    assert_eq!(store.read(warden::enabled).await.unwrap(), Some(true));

    let changes: Vec<(String, String, String)> = store
        .read(|c| events::of_kinds(c, &["warden_changed".into()], 0, 100))
        .await
        .unwrap()
        .into_iter()
        .filter_map(|e| match e.kind {
            EventKind::WardenChanged { what, subject, by } => Some((what, subject, by)),
            _ => None,
        })
        .collect();
    let t = |w: &str, s: &str, b: &str| (w.to_owned(), s.to_owned(), b.to_owned());
    assert_eq!(
        changes,
        vec![
            t("allow", "file:/work/docs/*", "cli"),
            t("deny", "net:evil.example", "cli"),
            t("allow", "net:crates.io", "board"),
            t("deny", "net:crates.io", "cli"),
            t("disabled", "", "cli"),
            t("forget", "net:crates.io", "cli"),
            t("enabled", "", "cli"),
            t("allow_once", &format!("agt_1 {}", "a".repeat(64)), "cli"),
        ]
    );
}
