//! The event log: strictly increasing seq, atomic writes, gap-free subscribe.

use super::{marker, open};
use compass_store::{StoreError, events};
use std::collections::BTreeSet;

#[tokio::test]
async fn seqs_strictly_increase_across_concurrent_writers() {
    let (_dir, store) = open();
    let mut tasks = Vec::new();
    for w in 0..8 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut seqs = Vec::new();
            for i in 0..50 {
                seqs.push(
                    store
                        .write(move |tx| tx.emit(marker(&format!("{w}-{i}"))))
                        .await
                        .unwrap(),
                );
            }
            seqs
        }));
    }
    let mut all = BTreeSet::new();
    for t in tasks {
        let seqs = t.await.unwrap();
        assert!(
            seqs.windows(2).all(|w| w[0] < w[1]),
            "one writer's seqs went backwards: {seqs:?}"
        );
        all.extend(seqs);
    }
    assert_eq!(all.len(), 400, "seqs were reused");
    assert_eq!(store.last_seq(), 400);
    let stored = store.read(|c| events::after(c, 0, 1000)).await.unwrap();
    assert_eq!(
        stored.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=400).collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn a_failed_write_leaves_nothing_and_spares_its_batch() {
    let (_dir, store) = open();
    let mut tasks = Vec::new();
    for i in 0..20 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store
                .write(move |tx| {
                    tx.emit(marker(&format!("ok-{i}")))?;
                    if i % 2 == 0 {
                        return Err(StoreError::Conflict(format!("job {i} refuses")));
                    }
                    Ok(i)
                })
                .await
        }));
    }
    let mut ok = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(i) => {
                assert_eq!(i % 2, 1);
                ok += 1;
            }
            Err(StoreError::Conflict(msg)) => assert!(msg.contains("refuses")),
            Err(other) => panic!("unexpected error {other}"),
        }
    }
    assert_eq!(ok, 10);
    let stored = store.read(|c| events::after(c, 0, 100)).await.unwrap();
    assert_eq!(
        stored.len(),
        10,
        "a failed job's event survived: {stored:?}"
    );
    for e in &stored {
        let compass_core::event::EventKind::Marker { label, .. } = &e.kind else {
            panic!()
        };
        let n: u32 = label.trim_start_matches("ok-").parse().unwrap();
        assert_eq!(n % 2, 1, "event of failed job {n} was kept");
    }
}

#[tokio::test]
async fn subscribe_joins_history_and_live_without_gaps_or_repeats() {
    let (_dir, store) = open();
    for i in 0..300 {
        store
            .write(move |tx| tx.emit(marker(&i.to_string())))
            .await
            .unwrap();
    }
    // Subscribe from the middle of history while a writer keeps appending.
    let mut rx = events::subscribe(&store, 150, 16);
    let writer = {
        let store = store.clone();
        tokio::spawn(async move {
            for i in 300..2300 {
                store
                    .write(move |tx| tx.emit(marker(&i.to_string())))
                    .await
                    .unwrap();
            }
        })
    };
    let mut expected = 151;
    while expected <= 2300 {
        let event = rx.recv().await.expect("stream ended early").unwrap();
        assert_eq!(event.seq, expected, "gap or repeat in the stream");
        expected += 1;
    }
    writer.await.unwrap();
}

#[tokio::test]
async fn reopening_keeps_every_event_and_continues_the_seq() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("compass.db");
    {
        let store = compass_store::Store::open(&path, Default::default()).unwrap();
        for i in 0..10 {
            store
                .write(move |tx| tx.emit(marker(&i.to_string())))
                .await
                .unwrap();
        }
    }
    let store = compass_store::Store::open(&path, Default::default()).unwrap();
    assert_eq!(store.last_seq(), 10);
    assert_eq!(
        store.write(|tx| tx.emit(marker("after"))).await.unwrap(),
        11
    );
}
