//! One deadline bounds a hook call whatever the daemon does: a daemon
//! that never accepts the connection (its backlog full) blocks the call
//! when the deadline passes, like one that never answers.

use compass_hook::run_hook;
use rustix::net::{AddressFamily, SocketAddrUnix, SocketType, bind, listen, socket};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn a_daemon_that_never_accepts_blocks_the_call_at_the_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("full.sock");
    let listener = socket(AddressFamily::UNIX, SocketType::STREAM, None).unwrap();
    bind(&listener, &SocketAddrUnix::new(&path).unwrap()).unwrap();
    // A backlog of 0 holds one connection; nothing accepts it, so the
    // next connect waits for room.
    listen(&listener, 0).unwrap();
    let _queued = std::os::unix::net::UnixStream::connect(&path).unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let outcome = run_hook(
            "claude-code",
            "PreToolUse",
            br#"{"tool_name":"Bash"}"#,
            &path,
            Duration::from_millis(500),
        );
        let _ = tx.send(outcome);
    });
    let outcome = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the hook call still waits to connect, long past its deadline");
    assert_eq!(outcome.exit_code, 2, "{outcome:?}");
    assert!(
        outcome.stderr.contains("did not decide in time"),
        "{outcome:?}"
    );
}
