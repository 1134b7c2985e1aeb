//! A reader that goes away ends the CLI quietly, like ripgrep: `compass
//! events --follow | head -n 1` exits 0 with nothing on stderr once the next
//! event finds the pipe closed — no panic, no error, no endless follow.

use super::{BIN, TestDaemon};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn events_follow_into_head_exits_quietly() {
    let d = TestDaemon::start();
    d.ok(&["project", "add", "demo"]);
    let mut pipeline = Command::new("bash")
        .args([
            "-c",
            r#"set -o pipefail; "$0" events --follow | head -n 1"#,
            BIN,
        ])
        .env("COMPASS_HOME", d.home())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // New events until the follower has written into the closed pipe.
    let start = Instant::now();
    let mut n = 0;
    while pipeline.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = pipeline.kill();
            panic!("`compass events --follow | head -n 1` still runs after {n} more events");
        }
        n += 1;
        d.ok(&["issue", "add", &format!("event {n}")]);
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = pipeline.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("project created: demo"), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        out.status.success(),
        "compass must exit 0 when its reader leaves: {:?}, stderr: {stderr}",
        out.status.code()
    );
    assert_eq!(stderr, "", "nothing on stderr: no error, no panic");
}
