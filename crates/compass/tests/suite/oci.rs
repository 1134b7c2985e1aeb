//! Agents on `--backend oci` through the daemon, where the container
//! differs from the sandbox: the tier's protections as `agent show` states
//! them, the engine removing a container under a running agent (the agent
//! is failed with the reason, the daemon keeps serving), and a SIGKILLed
//! daemon (no container outlives it; the next daemon offers the agent
//! again). Skipped loudly where no engine can run an agent here, as the
//! escape suite's `escape::oci::*`.

use super::escape::arena::{Backend, backend_runs_agents, run_for};
use super::{TestDaemon, git_repo};
use std::time::{Duration, Instant};

/// The engine as the runtime calls it (the project's containers.conf).
fn podman(args: &[&str]) -> String {
    let out = std::process::Command::new("podman")
        .args(args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env(
            "CONTAINERS_CONF",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../compass-runtime/oci/containers.conf"
            ),
        )
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// The containers (running or not) of the agent whose state dir is `state`.
fn containers_of(state: &std::path::Path) -> String {
    podman(&[
        "ps",
        "-a",
        "-q",
        "--filter",
        &format!("label=compass.state-dir={}", state.display()),
    ])
}

/// A daemon on the oci backend with project `demo` and agent `atlas`
/// started; `None` after a loud skip.
fn oci_daemon() -> Option<(TestDaemon, tempfile::TempDir)> {
    compass_test_support::bins::scripted_agent();
    if !backend_runs_agents(Backend::Oci) {
        return None;
    }
    let d = TestDaemon::start_with(&["--backend", "oci"]);
    let src = tempfile::tempdir().unwrap();
    let repo = git_repo(src.path());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    Some((d, src))
}

fn wait_for(d: &TestDaemon, what: &str, limit: Duration, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + limit;
    loop {
        let show = d.ok(&["agent", "show", "atlas"]);
        if done(&show) {
            return show;
        }
        assert!(Instant::now() < deadline, "{what} within {limit:?}: {show}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A container is every protection: `agent show` says so, none missing.
#[test]
fn oci_agent_show_states_every_protection() {
    let Some((d, _src)) = oci_daemon() else {
        return;
    };
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(show.contains("workload: oci"), "{show}");
    assert!(
        show.contains(
            "protections: filesystem_isolation, inter_agent_isolation, egress_policy, process_tree_containment, resource_limits\n"
        ),
        "{show}"
    );
    assert!(!show.contains("missing protections"), "{show}");
}

/// The engine removes the container under a running agent: the agent is
/// failed with the reason, the daemon keeps serving (another agent
/// starts), and `start` brings the failed one back.
#[test]
fn oci_a_container_removed_under_an_agent_fails_it_and_the_daemon_serves() {
    let Some((d, _src)) = oci_daemon() else {
        return;
    };
    let state = d.home().join("agents/agt-1");
    let ids = containers_of(&state);
    assert!(!ids.is_empty(), "no container labelled {}", state.display());
    podman(&["rm", "-f", "-t", "0", &ids]);
    let show = wait_for(
        &d,
        "the agent was not failed",
        Duration::from_secs(60),
        |s| s.contains("status: failed"),
    );
    assert!(
        show.contains("why: session lost: the agent exited"),
        "no reason given: {show}"
    );
    // The daemon keeps serving: a second agent starts and answers.
    d.ok(&["agent", "new", "hermes"]);
    assert!(
        d.ok(&["agent", "start", "hermes"])
            .contains("hermes is running")
    );
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    assert!(
        !containers_of(&state).is_empty(),
        "the restarted agent has no container"
    );
}

/// A SIGKILLed daemon leaves no container (its guardian removes it), and
/// the next daemon offers the agent again on its kept clone.
#[test]
fn oci_no_container_outlives_a_killed_daemon_and_the_next_adopts() {
    let Some((mut d, _src)) = oci_daemon() else {
        return;
    };
    let state = d.home().join("agents/agt-1");
    assert!(!containers_of(&state).is_empty());
    d.kill9();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !containers_of(&state).is_empty() {
        assert!(
            Instant::now() < deadline,
            "a container outlived the SIGKILLed daemon: {}",
            containers_of(&state)
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    d.spawn();
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(
        show.contains("the daemon restarted while it was running"),
        "{show}"
    );
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    assert!(state.join("work/app/.git").exists(), "the clone was lost");
    assert!(!containers_of(&state).is_empty());
}

/// An agent started on an image that is not there: the error names the
/// image and how to build it, nothing is half-started (no container, the
/// agent not running), and the daemon keeps serving. An image with a
/// non-OCI backend is refused at start.
#[test]
fn oci_a_missing_image_is_named_at_agent_start_and_nothing_is_half_started() {
    compass_test_support::bins::scripted_agent();
    if !backend_runs_agents(Backend::Oci) {
        return;
    }
    let image = "localhost/compass-missing:nope";
    let d = TestDaemon::start_with(&["--backend", "oci", "--oci-image", image]);
    let src = tempfile::tempdir().unwrap();
    let repo = git_repo(src.path());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let err = d.fails(&["agent", "start", "atlas"]);
    assert!(
        err.contains(image) && err.contains("podman import") && err.contains("--oci-image"),
        "{err}"
    );
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(!show.contains("status: running"), "{show}");
    assert_eq!(
        containers_of(&d.home().join("agents/agt-1")),
        "",
        "a container was made"
    );
    // Still serving: the same failure again, named again.
    assert!(d.fails(&["agent", "start", "atlas"]).contains(image));
    assert!(d.ok(&["agent", "list"]).contains("atlas"));
}

#[test]
fn an_oci_image_with_another_backend_is_refused_at_start() {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = std::process::Command::new(super::BIN);
    cmd.args([
        "daemon",
        "--backend",
        "host",
        "--oci-image",
        "localhost/x:y",
    ])
    .env("COMPASS_HOME", home.path());
    // A daemon that accepted the flag would serve on: give up on it.
    let out = run_for(cmd, Duration::from_secs(30)).expect("the daemon served on");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("oci image") && err.contains("host"), "{err}");
}
