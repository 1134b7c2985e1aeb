//! The push relay to SSH remotes, through the daemon, against a real sshd
//! (Debian's `openssh-server`, run by the test on 127.0.0.1): `ssh://` and
//! scp-style remotes are cloned and forwarded to with a private key bound
//! by `compass secret set --ssh-key` that the workload never holds; ssh
//! trusts only the host keys pinned with it (an unknown host key fails
//! closed, saying so); a push Warden flags never arrives; a remote whose
//! default branch cannot be read gets no push at all (any ref might be
//! trunk), and says why.

use super::relay::has_ref;
use super::{TestDaemon, files_holding, secret_set_with};
use compass_test_support::Sshd;
use compass_test_support::git_http_server::{bare_repo, scan_processes};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const TOKEN: &str = "ghp_sshRelaySshRelaySshRelaySshRelay00";

/// `compass secret set DEPLOY_KEY --ssh-key ORIGIN --known-hosts FILE`.
fn bind(d: &TestDaemon, origin: &str, known_hosts: &str, key: &str) -> std::process::Output {
    let file = d.outside().join("known_hosts");
    fs_err::write(&file, known_hosts).unwrap();
    secret_set_with(
        d,
        &[
            "DEPLOY_KEY",
            "--ssh-key",
            origin,
            "--known-hosts",
            file.to_str().unwrap(),
        ],
        key,
    )
}

fn bound(d: &TestDaemon, origin: &str, known_hosts: &str, key: &str) {
    let out = bind(d, origin, known_hosts, key);
    assert!(
        out.status.success(),
        "secret set --ssh-key: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Scans every process's argv and environment for `needle` until stopped.
struct Scanner {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<Vec<String>>,
}

impl Scanner {
    fn start(needle: &str) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, needle) = (Arc::clone(&stop), needle.as_bytes().to_vec());
        let thread = std::thread::spawn(move || {
            let mut found = Vec::new();
            while !flag.load(Ordering::Relaxed) {
                found.extend(scan_processes(&needle));
                std::thread::sleep(Duration::from_millis(20));
            }
            found
        });
        Self { stop, thread }
    }

    fn finish(self) -> Vec<String> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}

/// Whether the machine runs sshd (else a loud skip, or a failure where
/// skips are forbidden).
fn sshd_here(test: &str) -> bool {
    if Sshd::available() {
        return true;
    }
    assert!(
        !compass_test_support::skips_forbidden(),
        "no sshd ({}), and COMPASS_REQUIRE_ALL=1 forbids skipping",
        compass_test_support::sshd::SSHD
    );
    compass_test_support::skip_loudly(test, "no /usr/sbin/sshd (apt-get install openssh-server)");
    false
}

#[test]
fn ssh_remotes_get_cleared_pushes_with_a_bound_key_the_workload_never_holds() {
    if !sshd_here("compass relay_ssh (pushes)") {
        return;
    }
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let root = d.outside().join("ssh");
    let sshd = Sshd::start(&root.join("sshd")).unwrap();
    let app = bare_repo(
        &root,
        "app.git",
        &[
            (".env", &format!("API_TOKEN={TOKEN}\n")),
            ("README.md", "# app\n"),
        ],
    );
    let lib = bare_repo(&root, "lib.git", &[("README.md", "# lib\n")]);
    let key = sshd.client_key().to_owned();
    // A line from the middle of the private key: never anywhere but the
    // secret store (and sshd's test dir).
    let key_line = key.lines().nth(2).unwrap().to_owned();
    let origin = sshd.origin();

    // Bad bindings are refused, naming the field; nothing is stored.
    for (origin, known_hosts, value, field) in [
        (origin.as_str(), "", key.as_str(), "known_hosts"),
        (origin.as_str(), "# nothing\n", key.as_str(), "known_hosts"),
        (
            "ssh://-oProxyCommand=x",
            "h ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA\n",
            key.as_str(),
            "ssh_key",
        ),
        (
            "git@127.0.0.1",
            "h ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA\n",
            key.as_str(),
            "ssh_key",
        ),
        (
            origin.as_str(),
            &sshd.known_hosts(),
            "ghp_not_a_key",
            "value",
        ),
    ] {
        let out = bind(&d, origin, known_hosts, value);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(field),
            "{origin} {known_hosts:?}: {err}"
        );
    }
    assert!(!d.ok(&["secret", "list"]).contains("DEPLOY_KEY"));

    d.ok(&[
        "project",
        "add",
        "demo",
        "--repo",
        &sshd.url(&app),
        "--repo",
        &sshd.scp_url(&lib),
    ]);
    d.ok(&["agent", "new", "atlas"]);
    let scenario = d.outside().join("ssh.toml");
    fs_err::write(
        &scenario,
        format!(
            r#"name = "ssh"
description = "d"
[[turns]]
steps = [
  {{ kind = "run", command = "git remote get-url origin && git commit --allow-empty -qm clean && git push origin HEAD:refs/heads/compass/atlas/clean" }},
  {{ kind = "run", command = "cd ../lib && git commit --allow-empty -qm libclean && git push origin HEAD:refs/heads/compass/atlas/libclean" }},
]
[[turns]]
steps = [
  {{ kind = "run", command = "git commit --allow-empty -qm hostkey && git push origin HEAD:refs/heads/compass/atlas/hostkey; git log -1 --format=kept-%s" }},
]
[[turns]]
steps = [
  {{ kind = "read", path = ".env" }},
  {{ kind = "write", path = "config.env", content = "API_TOKEN={TOKEN}\n" }},
  {{ kind = "run", command = "git add -A && git commit -qm x && git push origin HEAD:refs/heads/compass/atlas/x" }},
]
"#
        ),
    )
    .unwrap();
    let start = [
        "agent",
        "start",
        "atlas",
        "--scenario",
        scenario.to_str().unwrap(),
    ];
    // No key bound: the first clone fails closed, saying how to bind one.
    let refused = d.fails(&start);
    assert!(
        refused.contains(&format!("no SSH key is bound to {origin}")),
        "{refused}"
    );
    // A host key other than the server's pinned: ssh refuses the host.
    let wrong = format!(
        "[127.0.0.1]:{} {}\n",
        sshd.port(),
        fs_err::read_to_string(root.join("sshd/client_key.pub"))
            .unwrap()
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    );
    bound(&d, &origin, &wrong, &key);
    let refused = d.fails(&start);
    assert!(
        refused.contains("Host key verification failed"),
        "{refused}"
    );
    bound(&d, &origin, &sshd.known_hosts(), &key);
    assert!(d.ok(&["secret", "list"]).contains(&origin));
    // An SSH-bound key is never granted to an agent.
    let refused = d.fails(&["agent", "start", "atlas", "--secret", "DEPLOY_KEY"]);
    assert!(refused.contains("never given to an agent"), "{refused}");

    let scanner = Scanner::start(&key_line);
    d.ok(&start);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("compass::app"), "{turn}");
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    assert!(
        has_ref(&app, "refs/heads/compass/atlas/clean"),
        "ssh:// push missing: {turn}"
    );
    assert!(
        has_ref(&lib, "refs/heads/compass/atlas/libclean"),
        "scp-style push missing: {turn}"
    );

    // The host's key is no longer the pinned one: the forward fails
    // closed, visibly; the agent's commit stays, the remote gets nothing.
    bound(&d, &origin, &wrong, &key);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("kept-hostkey"), "{turn}");
    let events = d.ok(&["events", "--json"]);
    assert!(
        events.contains("SSH host's key is not one pinned for it"),
        "the refusal does not say why: {turn}"
    );
    assert!(!has_ref(&app, "refs/heads/compass/atlas/hostkey"), "{turn}");

    // Warden flags a push carrying a read credential: it never arrives.
    bound(&d, &origin, &sshd.known_hosts(), &key);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    let deadline = Instant::now() + Duration::from_secs(60);
    while !d.ok(&["agent", "show", "atlas"]).contains("status: paused") {
        assert!(Instant::now() < deadline, "atlas was never paused: {turn}");
        std::thread::sleep(Duration::from_millis(200));
    }
    let flags = d.ok(&["warden", "log", "--flags", "--agent", "atlas"]);
    assert!(
        flags.contains("push:app refs/heads/compass/atlas/x") && flags.contains("held_secret"),
        "{flags}"
    );
    assert!(
        !has_ref(&app, "refs/heads/compass/atlas/x"),
        "the flagged push arrived"
    );

    // The key was in no process's argv or environment while ssh ran, in
    // no file of the data dir but the secret store, in no event.
    assert_eq!(scanner.finish(), Vec::<String>::new());
    let held = files_holding(d.home(), key_line.as_bytes(), &d.home().join("secrets"));
    assert_eq!(held, Vec::<PathBuf>::new());
    let events = d.ok(&["events", "--json"]);
    assert!(!events.contains(&key_line), "{events}");
}

/// `trunk_of` failing used to leave the default branch unknown and the push
/// judged as if the remote had none: a push to a trunk not named `main`
/// went through. Now the push is refused, saying why, and nothing moves —
/// when only the remote's fetch side fails, and when it is down.
#[test]
fn a_remote_whose_default_branch_cannot_be_read_gets_no_push() {
    if !sshd_here("compass relay_ssh (default branch unknown)") {
        return;
    }
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let root = d.outside().join("ssh");
    let sshd = Sshd::start(&root.join("sshd")).unwrap();
    let app = bare_repo(&root, "app.git", &[("README.md", "# app\n")]);
    let git = |args: &[&str]| super::git(&app, args);
    git(&["branch", "-m", "main", "trunk"]);
    let before = git(&["rev-parse", "refs/heads/trunk"]);
    bound(&d, &sshd.origin(), &sshd.known_hosts(), sshd.client_key());
    d.ok(&["project", "add", "demo", "--repo", &sshd.url(&app)]);
    d.ok(&["agent", "new", "atlas"]);
    let push = |r: &str| {
        format!(
            "[[turns]]\nsteps = [\n  {{ kind = \"run\", command = \"git commit --allow-empty -qm {r} && git push origin HEAD:refs/heads/compass/atlas/{r}; git log -1 --format=kept-%s\" }},\n]\n"
        )
    };
    d.start_scripted(
        "atlas",
        &format!(
            "name = \"trunk\"\ndescription = \"d\"\n{}{}",
            push("trunk"),
            push("feature")
        ),
    );
    // The remote takes pushes but will not say what its HEAD is.
    sshd.refuse_fetches(true).unwrap();
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("kept-trunk"), "{turn}");
    assert_eq!(
        git(&["rev-parse", "refs/heads/trunk"]),
        before,
        "the push landed on the remote's trunk: {turn}"
    );
    let events = d.ok(&["events", "--json"]);
    assert!(
        events.contains("could not read app's default branch"),
        "the refusal does not say why: {turn}"
    );
    // The remote is down: the same refusal, nothing lost from the branch.
    drop(sshd);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("kept-feature"), "{turn}");
    assert!(!has_ref(&app, "refs/heads/compass/atlas/feature"), "{turn}");
}
