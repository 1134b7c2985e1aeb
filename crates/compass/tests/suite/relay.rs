//! The push relay through the daemon, with a real bare remote: a sandboxed
//! agent's pushes (by remote name, by relay URL, new branches, compound
//! commands) land in its relay, Warden judges exactly what arrived, and only
//! a cleared push reaches the real remote.

use super::{TestDaemon, git};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const TOKEN: &str = "ghp_relayRelayRelayRelayRelayRelay0000";

/// A bare "real remote" holding one commit (and a `.env` with a token).
fn remote(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    fs_err::create_dir_all(&src).unwrap();
    git(&src, &["init", "-q", "-b", "main"]);
    fs_err::write(src.join(".env"), format!("API_TOKEN={TOKEN}\n")).unwrap();
    fs_err::write(src.join("README.md"), "# app\n").unwrap();
    git(&src, &["add", "-A"]);
    git(&src, &["commit", "-q", "-m", "init"]);
    let bare = dir.join("app.git");
    git(
        dir,
        &["clone", "-q", "--bare", "src", bare.to_str().unwrap()],
    );
    bare
}

fn has_ref(remote: &Path, r: &str) -> bool {
    std::process::Command::new("git")
        .args(["rev-parse", "--verify", "--quiet", r])
        .current_dir(remote)
        .output()
        .unwrap()
        .status
        .success()
}

fn agent_with(d: &TestDaemon, remote: &Path, name: &str, steps: &str) {
    d.ok(&["project", "add", "demo", "--repo", remote.to_str().unwrap()]);
    d.ok(&["agent", "new", name]);
    let scenario = d.outside().join(format!("{name}.toml"));
    fs_err::write(
        &scenario,
        format!("name = \"relay\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n{steps}]\n"),
    )
    .unwrap();
    d.ok(&[
        "agent",
        "start",
        name,
        "--scenario",
        scenario.to_str().unwrap(),
    ]);
}

#[test]
fn cleared_pushes_reach_the_real_remote_through_the_relay() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let remote = remote(d.outside());
    agent_with(
        &d,
        &remote,
        "atlas",
        r#"  { kind = "run", command = "git remote get-url origin" },
  { kind = "run", command = "printf 'hello\n' > notes.txt && git add -A && git commit -qm notes && git push origin HEAD:refs/heads/clean" },
  { kind = "run", command = "git checkout -qb feat && printf 'x\n' > feat.txt && git add -A && git commit -qm feat && git push -q origin feat" },
  { kind = "run", command = "git push compass::app HEAD:refs/heads/byurl" },
  { kind = "run", command = "git clone -q compass::app /tmp/through-relay && git -C /tmp/through-relay log -1 --format=fetched-%s origin/clean" },
"#,
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(
        turn.contains("compass::app"),
        "origin is not the relay: {turn}"
    );
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    assert!(
        turn.contains("fetched-notes"),
        "a fetch through the relay failed: {turn}"
    );
    for r in ["refs/heads/clean", "refs/heads/feat", "refs/heads/byurl"] {
        assert!(
            has_ref(&remote, r),
            "the remote did not receive {r}: {turn}"
        );
    }
    assert_eq!(git(&remote, &["show", "clean:notes.txt"]), "hello");
    assert_eq!(git(&remote, &["show", "feat:feat.txt"]), "x");
}

#[test]
fn a_compound_commit_and_push_carrying_a_read_credential_never_reaches_the_remote() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let remote = remote(d.outside());
    agent_with(
        &d,
        &remote,
        "vega",
        &format!(
            r#"  {{ kind = "read", path = ".env" }},
  {{ kind = "write", path = "config.env", content = "API_TOKEN={TOKEN}\n" }},
  {{ kind = "run", command = "git add -A && git commit -qm x && git push origin HEAD:refs/heads/x" }},
"#
        ),
    );
    let turn = d.ok(&["agent", "prompt", "vega", "push", "--follow"]);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let show = d.ok(&["agent", "show", "vega"]);
        if show.contains("status: paused") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "vega was never paused: {show}\n{turn}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let flags = d.ok(&["warden", "log", "--flags", "--agent", "vega"]);
    assert!(
        flags.contains("push:app refs/heads/x") && flags.contains("held_secret"),
        "the relay did not flag the push: {flags}"
    );
    assert!(!flags.contains(TOKEN), "{flags}");
    assert!(
        !has_ref(&remote, "refs/heads/x"),
        "the flagged push reached the remote"
    );
}
