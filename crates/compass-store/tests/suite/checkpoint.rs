//! The write-ahead log is copied into the database by the store's own
//! checkpointer, not by a commit: writes reach the database file though no
//! commit ran a checkpoint (SQLite's automatic one is off).

use super::{marker, open};
use std::time::{Duration, Instant};

#[tokio::test]
async fn committed_writes_reach_the_database_file_without_a_checkpoint_in_any_commit() {
    let (dir, store) = open();
    let db = dir.path().join("compass.db");
    let wal = dir.path().join("compass.db-wal");
    let size = |path: &std::path::Path| std::fs::metadata(path).map_or(0, |m| m.len());
    let before = size(&db);
    // One commit each, past the checkpointer's cadence (250 commits) and
    // below SQLite's own threshold (1,000 log pages): only the
    // checkpointer can move them into the database file.
    for i in 0..300 {
        store
            .write(move |tx| tx.emit(marker(&format!("event {i} {}", "x".repeat(200)))))
            .await
            .unwrap();
    }
    assert!(size(&wal) > 0, "the writes went past the log");
    let start = Instant::now();
    while size(&db) <= before {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the log was never checkpointed: the database file is still {before} bytes"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
