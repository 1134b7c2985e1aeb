//! Agents on `--backend oci` through the daemon, where the container
//! differs from the sandbox: the tier's protections as `agent show` states
//! them, the engine removing a container under a running agent or breaking
//! itself (the agent is failed with the reason, nothing of it runs on, the
//! daemon keeps serving), a process ignoring SIGTERM at stop, a missing or
//! corrupt image, and a SIGKILLed daemon (no container outlives it; the
//! next daemon offers the agent again). Skipped loudly where no engine can
//! run an agent here, as the escape suite's `escape::oci::*`.

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

/// Whether OCI agents can run here (a loud skip when not).
fn oci_runs() -> bool {
    compass_test_support::bins::scripted_agent();
    backend_runs_agents(Backend::Oci)
}

/// The full id of the running container of the agent whose state dir is
/// `state`.
fn container_id(state: &std::path::Path) -> String {
    podman(&[
        "ps",
        "-q",
        "--no-trunc",
        "--filter",
        &format!("label=compass.state-dir={}", state.display()),
    ])
}

/// A daemon on the oci backend with project `demo` and agent `atlas`
/// started; `None` after a loud skip.
fn oci_daemon() -> Option<(TestDaemon, tempfile::TempDir)> {
    oci_daemon_with(&[])
}

/// [`oci_daemon`] with more `compass daemon` flags.
fn oci_daemon_with(flags: &[&str]) -> Option<(TestDaemon, tempfile::TempDir)> {
    if !oci_runs() {
        return None;
    }
    let mut args = vec!["--backend", "oci"];
    args.extend_from_slice(flags);
    let d = TestDaemon::start_with(&args);
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
    if !oci_runs() {
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

/// The host processes in the container whose full id is `id` (found by
/// the kernel's cgroup of each process, so the container's own pid
/// namespace hides nothing).
fn processes_in(id: &str) -> Vec<i32> {
    assert!(id.len() == 64, "not a full container id: {id:?}");
    fs_err::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            fs_err::read_to_string(format!("/proc/{pid}/cgroup")).is_ok_and(|c| c.contains(id))
        })
        .collect()
}

/// Poll `cond` for up to `limit`; whether it held.
fn eventually(limit: Duration, cond: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while !cond() {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    true
}

/// The engine itself breaks under a running agent — its binary or its
/// store unusable: here every engine call fails as podman does then (exit
/// 125 with its error), through `--oci-engine`. The user's pause cannot
/// freeze the workload, so the agent is stopped rather than left running
/// unwatched: every process of its container is killed host-side and the
/// agent is failed with the engine's words. The daemon keeps serving (a
/// second agent's start fails naming the engine, half-starting nothing).
/// Once the engine is back the agent starts again, and the container the
/// broken engine could not remove is gone.
#[test]
fn oci_an_engine_breaking_under_an_agent_fails_it_and_nothing_runs_on() {
    let engine =
        compass_test_support::BreakableEngine::around(std::path::Path::new("/usr/bin/podman"))
            .unwrap();
    let words = compass_test_support::BROKEN_ENGINE_WORDS;
    let Some((d, _src)) = oci_daemon_with(&["--oci-engine", engine.path().to_str().unwrap()])
    else {
        return;
    };
    let state = d.home().join("agents/agt-1");
    let id = container_id(&state);
    assert!(
        !processes_in(&id).is_empty(),
        "the agent's container runs nothing"
    );

    engine.break_now().unwrap();
    let err = d.fails(&["agent", "pause", "atlas"]);
    assert!(
        err.contains("could not be frozen") && err.contains(words),
        "{err}"
    );
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(
        show.contains("status: failed")
            && show.contains("could not be frozen, so it was stopped")
            && show.contains(words),
        "{show}"
    );
    assert!(
        eventually(Duration::from_secs(20), || processes_in(&id).is_empty()),
        "the agent's processes outlived the broken engine: {:?}",
        processes_in(&id)
    );

    // Still serving; a start needing the broken engine fails, naming it.
    d.ok(&["agent", "new", "hermes"]);
    let err = d.fails(&["agent", "start", "hermes"]);
    assert!(err.contains(words), "{err}");
    let show = d.ok(&["agent", "show", "hermes"]);
    assert!(!show.contains("status: running"), "{show}");
    assert_eq!(containers_of(&d.home().join("agents/agt-2")), "");

    // The engine is back: the agent starts on a new container, and the
    // one the broken engine could not remove is removed.
    engine.mend().unwrap();
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    let now = containers_of(&state);
    assert_eq!(now.lines().count(), 1, "{now}");
    assert!(!id.starts_with(&now), "the old container is still there");
}

/// A process in the container that ignores SIGTERM (started by the agent,
/// in a session of its own so no group kill reaches it) is killed once
/// `agent stop`'s grace passes: the stop completes, the agent is stopped,
/// and neither the process nor the container is left.
#[test]
fn oci_a_process_ignoring_sigterm_is_killed_at_agent_stop_and_nothing_is_left() {
    if !oci_runs() {
        return;
    }
    let d = TestDaemon::start_with(&["--backend", "oci"]);
    // A number no other process sleeps for: how the process is found.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let mark = (7_000_000 + nanos % 1_000_000).to_string();
    let scenario = format!(
        "name = \"stubborn\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n  {{ kind = \"run\", command = \"setsid sh -c \\\"trap '' TERM; exec sleep {mark}\\\" </dev/null >/dev/null 2>&1 & echo started\" }},\n]\n"
    );
    d.scripted_agent("atlas", &scenario);
    let state = d.home().join("agents/agt-1");
    let id = container_id(&state);
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(turn.contains("started"), "{turn}");
    let stubborn = || {
        processes_in(&id).into_iter().any(|pid| {
            fs_err::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(&mark))
        })
    };
    assert!(
        eventually(Duration::from_secs(20), stubborn),
        "the SIGTERM-ignoring process did not start"
    );
    assert!(d.ok(&["agent", "stop", "atlas"]).contains("atlas"));
    assert!(
        eventually(Duration::from_secs(10), || processes_in(&id).is_empty()),
        "a process ignoring SIGTERM outlived agent stop"
    );
    assert_eq!(containers_of(&state), "", "stop left a container");
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(show.contains("status: idle"), "{show}");
}

/// An image whose shell is corrupt (not an executable at all): the start
/// fails with an error naming the image and the engine's words, nothing is
/// half-started (no container, no running agent), and the daemon serves.
#[test]
fn oci_a_corrupt_image_is_named_at_agent_start_and_nothing_is_half_started() {
    if !oci_runs() {
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("root");
    fs_err::create_dir_all(root.join("bin")).unwrap();
    fs_err::write(root.join("bin/sh"), b"\x7fELF but truncated garbage").unwrap();
    fs_err::set_permissions(
        root.join("bin/sh"),
        <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o755),
    )
    .unwrap();
    let tar = scratch.path().join("corrupt.tar");
    let status = std::process::Command::new("tar")
        .arg("-cf")
        .arg(&tar)
        .arg("-C")
        .arg(&root)
        .arg("bin")
        .status()
        .unwrap();
    assert!(status.success());
    let image = format!("localhost/compass-corrupt:{}", std::process::id());
    podman(&["import", "-q", tar.to_str().unwrap(), &image]);
    let d = TestDaemon::start_with(&["--backend", "oci", "--oci-image", &image]);
    let src = tempfile::tempdir().unwrap();
    let repo = git_repo(src.path());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let err = d.fails(&["agent", "start", "atlas"]);
    podman(&["rmi", "-f", &image]);
    assert!(
        err.contains(&image) && err.contains("cannot run /bin/sh"),
        "{err}"
    );
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(!show.contains("status: running"), "{show}");
    assert_eq!(containers_of(&d.home().join("agents/agt-1")), "");
    assert!(d.ok(&["agent", "list"]).contains("atlas"));
}
