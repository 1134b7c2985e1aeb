//! The daemon's life: one per data dir, a 0600 socket, SIGKILL loses nothing
//! acknowledged, and the loopback port refuses requests without the token.

use super::{TestDaemon, git_repo};
use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;

#[test]
fn a_second_daemon_on_the_same_data_dir_refuses_to_start() {
    let d = TestDaemon::start();
    let out = std::process::Command::new(super::BIN)
        .arg("daemon")
        .env("COMPASS_HOME", d.home())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("already running on data dir"), "{err}");
    let pid = d.child.as_ref().unwrap().id();
    assert!(
        err.contains(&format!("pid {pid}")),
        "the message should name the running pid: {err}"
    );
    // The first daemon is unharmed.
    d.ok(&["status"]);
}

/// The lock is the data dir's own, held on an fd: removing `daemon.lock`
/// (by hand, or a cleanup script) must not let a second daemon share the
/// store, the socket and the agents.
#[test]
fn deleting_the_lock_file_does_not_admit_a_second_daemon() {
    let d = TestDaemon::start();
    fs_err::remove_file(d.home().join("daemon.lock")).unwrap();
    let mut second = std::process::Command::new(super::BIN)
        .arg("daemon")
        .env("COMPASS_HOME", d.home())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A daemon that got in would keep running; a refused one exits at once.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = second.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() >= deadline {
            let _ = second.kill();
            let _ = second.wait();
            panic!("a second daemon started on the data dir after daemon.lock was deleted");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut err = String::new();
    second
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!status.success());
    assert!(err.contains("already running on data dir"), "{err}");
    // The first daemon is unharmed.
    d.ok(&["status"]);
}

#[test]
fn the_socket_and_data_dir_are_private() {
    let d = TestDaemon::start();
    let mode = std::fs::metadata(d.socket()).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "socket mode is {mode:o}");
    let mode = std::fs::metadata(d.home()).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode & 0o077, 0, "data dir is readable by others: {mode:o}");
}

#[test]
fn acknowledged_writes_survive_sigkill() {
    let mut d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    // Acked, then killed at once: the next instant nothing can be flushed.
    let issue = d.json(&["issue", "add", "survive the kill", "--label", "durability"]);
    let seq_before = d.last_seq();
    d.kill9();
    d.spawn();
    let shown = d.json(&["issue", "show", issue["key"].as_str().unwrap()]);
    assert_eq!(shown["title"], "survive the kill");
    assert_eq!(
        d.last_seq(),
        seq_before,
        "events were lost or invented across the kill"
    );
    let agents = d.json(&["agent", "list"]);
    assert_eq!(agents["agents"][0]["name"], "atlas");
    // The log continues without a gap after the restart.
    d.ok(&["issue", "add", "after restart"]);
    assert_eq!(d.last_seq(), seq_before + 1);
}

fn http_board_address(d: &TestDaemon) -> (String, String) {
    let url = d.json(&["status"])["boardUrl"].as_str().unwrap().to_owned();
    let rest = url.strip_prefix("http://").unwrap();
    let (addr, query) = rest.split_once("/?token=").unwrap();
    (addr.to_owned(), query.to_owned())
}

/// One gRPC-Web call (GetStatus) over plain HTTP/1.1; returns the raw reply.
fn grpc_web_status(addr: &str, token: Option<&str>) -> String {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    let body = [0u8, 0, 0, 0, 0]; // one uncompressed frame, empty message
    let token_header = token
        .map(|t| format!("x-compass-token: {t}\r\n"))
        .unwrap_or_default();
    let head = format!(
        "POST /compass.v1.CompassService/GetStatus HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/grpc-web+proto\r\nx-grpc-web: 1\r\n{token_header}content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&body).unwrap();
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).unwrap();
    String::from_utf8_lossy(&reply).into_owned()
}

#[test]
fn the_board_port_requires_the_per_start_token() {
    let d = TestDaemon::start();
    let (addr, token) = http_board_address(&d);
    assert!(
        addr.starts_with("127.0.0.1:"),
        "the board must listen on loopback only: {addr}"
    );
    assert_eq!(token.len(), 48, "token should be 24 random bytes in hex");

    let refused = grpc_web_status(&addr, None);
    assert!(refused.starts_with("HTTP/1.1 401"), "no token: {refused}");
    let wrong = grpc_web_status(&addr, Some(&"0".repeat(48)));
    assert!(wrong.starts_with("HTTP/1.1 401"), "wrong token: {wrong}");

    let ok = grpc_web_status(&addr, Some(&token));
    assert!(ok.starts_with("HTTP/1.1 200"), "right token: {ok}");
    assert!(
        ok.contains("grpc-status:0"),
        "the gRPC-Web call did not succeed: {ok}"
    );
    assert!(
        ok.contains(d.home().to_str().unwrap()),
        "GetStatus reply should carry the data dir: {ok}"
    );
}

#[test]
fn a_restarted_daemon_gets_a_new_token() {
    let mut d = TestDaemon::start();
    let (_, first) = http_board_address(&d);
    d.kill9();
    d.spawn();
    let (addr, second) = http_board_address(&d);
    assert_ne!(first, second);
    assert!(grpc_web_status(&addr, Some(&first)).starts_with("HTTP/1.1 401"));
}
