//! A full file table (`EMFILE` on every accept) passes: the connection
//! that waited through it is answered once descriptors are free again, and
//! so is the next one. The table is filled in a child process of its own
//! (this test run again), so no other test shares the shortage.

use compass_listen::{Admission, serve};
use std::io::Read as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tokio::io::AsyncWriteExt as _;

/// Set in the child: it runs the scenario instead of spawning itself.
const CHILD: &str = "COMPASS_LISTEN_SHORTAGE_CHILD";
const TEST: &str =
    "suite::shortage::a_full_file_table_passes_and_the_client_waiting_through_it_is_answered";

#[test]
fn a_full_file_table_passes_and_the_client_waiting_through_it_is_answered() {
    if std::env::var_os(CHILD).is_some() {
        shortage();
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", TEST, "--nocapture", "--test-threads", "1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    // The child really ran the scenario (not a filter that matched nothing).
    assert!(said.contains("1 passed"), "{said}");
}

/// One connection: what the server says.
fn ask(path: &Path) -> String {
    let mut conn = std::os::unix::net::UnixStream::connect(path).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut said = String::new();
    conn.read_to_string(&mut said).unwrap();
    said
}

fn shortage() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sock");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime.block_on(async { tokio::net::UnixListener::bind(&path).unwrap() });
    runtime.spawn(serve(
        listener,
        Admission {
            what: "test socket",
            max: 4,
        },
        |mut stream| async move {
            let _ = stream.write_all(b"served").await;
        },
        |_| async {},
    ));
    assert_eq!(ask(&path), "served");

    // Every descriptor taken but one, which the client gets: the server's
    // accepts now fail with EMFILE.
    let mut hoard = Vec::new();
    loop {
        match std::fs::File::open("/dev/null") {
            Ok(f) => hoard.push(f),
            Err(e) if e.raw_os_error() == Some(24) => break,
            Err(e) => panic!("filling the file table: {e}"),
        }
    }
    assert!(!hoard.is_empty());
    hoard.pop();
    let mut waiting = std::os::unix::net::UnixStream::connect(&path).unwrap();
    waiting
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let mut byte = [0u8; 1];
    let early = waiting.read(&mut byte);
    assert!(
        early.as_ref().is_err_and(|e| matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        )),
        "answered while the table was full, so no accept failed: {early:?}"
    );

    drop(hoard);
    waiting
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut said = String::new();
    waiting.read_to_string(&mut said).unwrap();
    assert_eq!(said, "served", "the client that waited was not served");
    assert_eq!(ask(&path), "served", "the next client was not served");
}

/// Past the bound a connection goes to `refuse`, and a served one frees
/// its slot when it ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_bound_a_connection_is_refused_until_a_slot_frees() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sock");
    let listener = tokio::net::UnixListener::bind(&path).unwrap();
    let (release, held) = tokio::sync::watch::channel(false);
    tokio::spawn(serve(
        listener,
        Admission {
            what: "test socket",
            max: 2,
        },
        move |mut stream| {
            let mut held = held.clone();
            async move {
                let _ = held.wait_for(|go| *go).await;
                let _ = stream.write_all(b"served").await;
            }
        },
        |mut stream| async move {
            let _ = stream.write_all(b"refused").await;
        },
    ));
    let p = path.clone();
    let first = tokio::task::spawn_blocking(move || ask(&p));
    let p = path.clone();
    let second = tokio::task::spawn_blocking(move || ask(&p));
    // Both admitted before the third connects.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let p = path.clone();
    let third = tokio::task::spawn_blocking(move || ask(&p)).await.unwrap();
    assert_eq!(third, "refused");
    release.send(true).unwrap();
    assert_eq!(first.await.unwrap(), "served");
    assert_eq!(second.await.unwrap(), "served");
    let p = path.clone();
    let fourth = tokio::task::spawn_blocking(move || ask(&p)).await.unwrap();
    assert_eq!(fourth, "served");
}
