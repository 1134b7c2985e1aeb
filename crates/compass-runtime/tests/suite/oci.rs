//! The OCI backend runs the same contract, clone, secret, boundary, egress
//! and isolation tests as the sandbox, plus what only containers have
//! (limits, orphans after a SIGKILLed daemon, a bad image). `scripts/test`
//! sets the engine up (`scripts/oci-setup`: rootful podman with runc and the
//! base image built from Debian's packages). Where no engine can run the
//! image, every test here is skipped loudly with the engine's error (listed
//! in `scripts/test`'s summary); with `COMPASS_REQUIRE_ALL=1` it fails
//! instead. Never a silent pass.

use super::support::*;
use super::{boundary, contract, egress, isolation, managed, repos, secrets};
use compass_runtime::layout::Layout;
use compass_runtime::{
    EgressPolicy, ExecSpec, OciConfig, OciRuntime, Resources, RuntimeError, WorkloadRuntime,
};
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};

fn config() -> OciConfig {
    OciConfig {
        relay: Some(env!("CARGO_BIN_EXE_compass-netns-relay").into()),
        ..OciConfig::discover()
    }
}

/// The runtime, or `None` after a loud skip where the engine cannot run
/// the image here.
async fn oci(test: &str) -> Option<OciRuntime> {
    let probe = match OciRuntime::new(config()) {
        Ok(rt) => rt.probe().await.map(|()| rt),
        Err(e) => Err(e),
    };
    match probe {
        Ok(rt) => Some(rt),
        Err(e) if compass_test_support::skips_forbidden() => panic!(
            "no container engine can run the agent image here ({e}), and COMPASS_REQUIRE_ALL=1 forbids skipping"
        ),
        Err(e) => {
            compass_test_support::skip_loudly(
                &format!("compass-runtime {test}"),
                &format!("no container engine can run the agent image here: {e}"),
            );
            None
        }
    }
}

/// The engine as the runtime calls it (its containers.conf, no host env).
fn podman(args: &[&str]) -> String {
    let out = std::process::Command::new(OciConfig::discover().engine)
        .args(args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env(
            "CONTAINERS_CONF",
            concat!(env!("CARGO_MANIFEST_DIR"), "/oci/containers.conf"),
        )
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The containers labelled with this state dir (running or not).
fn containers_of(state: &Path) -> String {
    podman(&[
        "ps",
        "-a",
        "-q",
        "--filter",
        &format!("label=compass.state-dir={}", state.display()),
    ])
}

#[tokio::test]
async fn oci_contract() {
    let Some(rt) = oci("oci_contract").await else {
        return;
    };
    for egress in [
        EgressPolicy::Deny,
        EgressPolicy::Open,
        EgressPolicy::Allowlist {
            hosts: vec!["127.0.0.1".into()],
        },
    ] {
        contract::lifecycle(&rt, egress.clone()).await;
        contract::exec_captures_and_nonzero_is_a_result(&rt, egress.clone()).await;
        contract::environment_is_scrubbed(&rt, egress.clone()).await;
        contract::spawn_has_live_pipes_and_kill(&rt, egress.clone()).await;
        contract::stop_kills_double_forked_children(&rt, egress.clone()).await;
        contract::pause_freezes_and_resume_continues(&rt, egress.clone()).await;
        contract::resize_is_typed(&rt, egress).await;
    }
}

#[tokio::test]
async fn oci_adopts_after_restart() {
    let (Some(first), Some(second)) = (
        oci("oci_adopts_after_restart").await,
        oci("oci_adopts_after_restart").await,
    ) else {
        return;
    };
    contract::adopt_after_restart(
        &first,
        &second,
        EgressPolicy::Allowlist {
            hosts: vec!["127.0.0.1".into()],
        },
    )
    .await;
}

#[tokio::test]
async fn oci_clone_per_agent_and_worktrees() {
    let Some(rt) = oci("oci_clone_per_agent_and_worktrees").await else {
        return;
    };
    repos::clones_and_worktrees(&rt, EgressPolicy::Deny).await;
}

#[tokio::test]
async fn oci_secrets_never_in_argv() {
    let Some(rt) = oci("oci_secrets_never_in_argv").await else {
        return;
    };
    secrets::secrets_never_in_argv(&rt, EgressPolicy::Deny).await;
}

#[tokio::test]
async fn oci_boundary() {
    let Some(rt) = oci("oci_boundary").await else {
        return;
    };
    boundary::planted_env_files_never_reach_a_spawn(&rt, EgressPolicy::Deny).await;
    boundary::a_symlinked_dot_compass_redirects_nothing(&rt, EgressPolicy::Deny).await;
    boundary::removal_never_follows_planted_links(&rt, EgressPolicy::Deny).await;
}

#[tokio::test]
async fn oci_egress_deny_allowlist_open() {
    let Some(rt) = oci("oci_egress_deny_allowlist_open").await else {
        return;
    };
    egress::deny_reaches_nothing(&rt).await;
    egress::allowlist_admits_only_listed(&rt).await;
    egress::open_reaches(&rt).await;
}

#[tokio::test]
async fn oci_isolation_probes() {
    let Some(rt) = oci("oci_isolation_probes").await else {
        return;
    };
    isolation::other_agents_are_invisible(&rt).await;
    isolation::config_and_system_read_only(&rt).await;
    isolation::setsid_children_die(&rt).await;
    managed::managed_settings_are_read_only(&rt).await;
}

/// The host's files are not the container's: a probe either fails or sees
/// the image's own file, never the host's.
#[tokio::test]
async fn oci_host_files_are_invisible() {
    let Some(rt) = oci("oci_host_files_are_invisible").await else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let a = spec("ceres", &root.path().join("ceres"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    let here = std::env::current_dir().unwrap();
    let canary = root.path().join("host-canary.txt");
    fs_err::write(&canary, format!("host canary {}", marker())).unwrap();
    for (probe, host) in [
        (
            "cat /etc/shadow".to_owned(),
            fs_err::read("/etc/shadow").ok(),
        ),
        ("ls -A /root".to_owned(), None),
        (format!("ls {}", here.display()), None),
        (format!("cat {}/Cargo.toml", here.display()), None),
        (format!("cat {}", canary.display()), None),
        (format!("ls {}", root.path().display()), None),
    ] {
        let out = rt.exec(&a.name, &sh(&probe)).await.unwrap();
        if let Some(host) = host {
            assert_ne!(out.stdout, host, "{probe} showed the host's file");
        } else if probe.contains("/root") {
            let host_root: Vec<String> = fs_err::read_dir("/root")
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            assert!(
                !host_root
                    .iter()
                    .filter(|n| !matches!(n.as_str(), ".bashrc" | ".profile"))
                    .any(|n| stdout(&out).lines().any(|l| l == n)),
                "the host's /root is visible: {}",
                stdout(&out)
            );
        } else {
            assert!(!out.success(), "{probe} succeeded: {}", stdout(&out));
        }
    }
    let out = rt
        .exec(
            &a.name,
            &sh("echo $HOME; hostname; grep CapEff /proc/self/status"),
        )
        .await
        .unwrap();
    assert_eq!(
        stdout(&out),
        "/home/agent\nceres\nCapEff:\t0000000000000000\n"
    );
    for escape in [
        "unshare -U true",
        "unshare -m true",
        "mount -t tmpfs none /mnt",
    ] {
        let out = rt.exec(&a.name, &sh(escape)).await.unwrap();
        assert!(!out.success(), "{escape} was allowed");
    }
    rt.remove(&a.name).await.unwrap();
}

/// Memory, CPU and task limits reach the container's cgroups and hold;
/// resize changes them on the running container.
#[tokio::test]
async fn oci_limits_are_enforced_and_resizable() {
    let Some(rt) = oci("oci_limits_are_enforced_and_resizable").await else {
        return;
    };
    let rt = OciRuntime::new(OciConfig {
        max_pids: 64,
        ..rt.config().clone()
    })
    .unwrap();
    let root = tempfile::tempdir().unwrap();
    let mut a = spec("gaia", &root.path().join("w"), EgressPolicy::Deny);
    a.resources = Resources {
        millicpus: Some(500),
        memory_bytes: Some(64 << 20),
    };
    rt.create(&a).await.unwrap();
    let ok = rt.exec(&a.name, &sh("echo up")).await.unwrap();
    assert_eq!(stdout(&ok), "up\n");
    assert_eq!(
        rt.applied_limits(&a.name),
        Some((Some(50_000), Some(64 << 20), Some(64)))
    );
    // 200 MB in one shell variable: more than the container may hold.
    let hog = sh("x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo ${#x}");
    let out = rt.exec(&a.name, &hog).await.unwrap();
    assert!(!out.success(), "the memory limit did not hold: {out:?}");
    // A fork bomb stops at the task cap, and the container still answers.
    let bomb = sh("i=0; while [ $i -lt 200 ]; do sleep 30 & i=$((i+1)); done; wait");
    let out = rt.exec(&a.name, &bomb).await.unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("fork")
            || String::from_utf8_lossy(&out.stderr).contains("Resource temporarily unavailable"),
        "200 tasks ran under a cap of 64: {out:?}"
    );
    rt.stop(&a.name, Duration::ZERO).await.unwrap();
    rt.resize(
        &a.name,
        Resources {
            millicpus: Some(250),
            memory_bytes: Some(512 << 20),
        },
    )
    .await
    .unwrap();
    let out = rt.exec(&a.name, &hog).await.unwrap();
    assert_eq!(stdout(&out), "200000000\n", "{out:?}");
    assert_eq!(
        rt.applied_limits(&a.name),
        Some((Some(25_000), Some(512 << 20), Some(64)))
    );
    rt.resize(
        &a.name,
        Resources {
            millicpus: Some(1000),
            memory_bytes: Some(128 << 20),
        },
    )
    .await
    .unwrap();
    assert_eq!(
        rt.applied_limits(&a.name),
        Some((Some(100_000), Some(128 << 20), Some(64)))
    );
    rt.remove(&a.name).await.unwrap();
}

/// A process ignoring SIGTERM is killed once stop's timeout passes, and
/// no container is left.
#[tokio::test]
async fn oci_stop_kills_what_ignores_sigterm() {
    let Some(rt) = oci("oci_stop_kills_what_ignores_sigterm").await else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let a = spec("hyperion", &root.path().join("w"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    let mark = marker();
    let p = rt
        .spawn(
            &a.name,
            &sh(&format!(
                "trap '' TERM; echo ready; sleep {mark}; echo survived"
            )),
        )
        .await
        .unwrap();
    let mut lines = BufReader::new(p.stdout).lines();
    assert_eq!(lines.next_line().await.unwrap().as_deref(), Some("ready"));
    assert!(eventually(Duration::from_secs(10), || process_with_arg(&mark)).await);
    rt.stop(&a.name, Duration::from_millis(300)).await.unwrap();
    assert!(
        eventually(Duration::from_secs(10), || !process_with_arg(&mark)).await,
        "a process ignoring SIGTERM survived stop"
    );
    assert_eq!(lines.next_line().await.unwrap(), None);
    assert_eq!(containers_of(&a.state_dir), "", "stop left a container");
    rt.remove(&a.name).await.unwrap();
}

/// An exec's environment is the agent's to choose (a terminal's `env`):
/// an `LD_PRELOAD` in it loads agent code into the command, never into
/// the runtime's wrapper that starts first to enter the exec's Landlock
/// domain (code run there would run outside any domain, able to read the
/// agent's environment and memory).
#[tokio::test]
async fn oci_an_execs_ld_preload_never_reaches_its_wrapper() {
    let Some(rt) = oci("oci_an_execs_ld_preload_never_reaches_its_wrapper").await else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let a = spec("preload", &root.path().join("w"), EgressPolicy::Deny);
    egress::ld_preload_reaches_only_the_command(&rt, &a, root.path()).await;
}

/// A missing image is named with how to build it, and nothing is made.
#[tokio::test]
async fn oci_a_missing_image_is_named_and_nothing_is_made() {
    if oci("oci_a_missing_image_is_named_and_nothing_is_made")
        .await
        .is_none()
    {
        return;
    }
    let rt = OciRuntime::new(OciConfig {
        image: "localhost/compass-missing:nope".into(),
        ..config()
    })
    .unwrap();
    let root = tempfile::tempdir().unwrap();
    let a = spec("io", &root.path().join("w"), EgressPolicy::Deny);
    let err = rt.create(&a).await.unwrap_err();
    assert!(matches!(err, RuntimeError::Image { .. }), "{err:?}");
    assert!(
        err.to_string().contains("localhost/compass-missing:nope"),
        "{err}"
    );
    assert!(!a.state_dir.exists(), "a state dir was made");
    assert!(!rt.exists(&a.name).await.unwrap());
    // An image that cannot run a shell: named, nothing made either.
    let empty = root.path().join("empty.tar");
    let status = std::process::Command::new("tar")
        .args(["-cf", empty.to_str().unwrap(), "-T", "/dev/null"])
        .status()
        .unwrap();
    assert!(status.success());
    let tag = format!("localhost/compass-empty:{}", marker());
    podman(&["import", "-q", empty.to_str().unwrap(), &tag]);
    let rt = OciRuntime::new(OciConfig {
        image: tag.clone(),
        ..config()
    })
    .unwrap();
    let err = rt.create(&a).await.unwrap_err();
    assert!(
        matches!(&err, RuntimeError::Image { image, .. } if *image == tag),
        "{err:?}"
    );
    assert!(!a.state_dir.exists());
    podman(&["rmi", "-f", &tag]);
}

/// What `oci_no_container_outlives_a_killed_daemon` runs in a child process
/// standing in for the daemon: a workload with a running process (paused
/// when asked), then it waits to be SIGKILLed.
#[tokio::test]
async fn oci_daemon_stand_in() {
    let Ok(state) = std::env::var("COMPASS_OCI_STAND_IN") else {
        return;
    };
    let mark = std::env::var("COMPASS_OCI_MARK").unwrap();
    let rt = OciRuntime::new(config()).unwrap();
    let s = spec("tethys", Path::new(&state), EgressPolicy::Deny);
    rt.create(&s).await.unwrap();
    let mut p = rt
        .spawn(
            &s.name,
            &sh(&format!("(sleep {mark} &); exec sleep {mark}")),
        )
        .await
        .unwrap();
    assert!(eventually(Duration::from_secs(20), || process_with_arg(&mark)).await);
    if std::env::var_os("COMPASS_OCI_PAUSE").is_some() {
        rt.pause(&s.name).await.unwrap();
    }
    fs_err::write(format!("{state}.ready"), "").unwrap();
    let _ = p.handle.wait().await;
    tokio::time::sleep(Duration::from_secs(600)).await;
}

/// A SIGKILLed daemon leaves no container running or frozen, and the next
/// daemon adopts the workload's state.
#[tokio::test]
async fn oci_no_container_outlives_a_killed_daemon() {
    let Some(rt) = oci("oci_no_container_outlives_a_killed_daemon").await else {
        return;
    };
    for paused in [false, true] {
        let root = tempfile::tempdir().unwrap();
        let state = root.path().join("w");
        let mark = marker();
        let mut cmd = std::process::Command::new(std::env::current_exe().unwrap());
        cmd.args([
            "--exact",
            "suite::oci::oci_daemon_stand_in",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("COMPASS_OCI_STAND_IN", &state)
        .env("COMPASS_OCI_MARK", &mark)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
        if paused {
            cmd.env("COMPASS_OCI_PAUSE", "1");
        }
        let mut daemon = cmd.spawn().unwrap();
        let ready = root.path().join("w.ready");
        assert!(
            eventually(Duration::from_secs(60), || ready.exists()).await,
            "the stand-in daemon did not get ready"
        );
        assert_ne!(containers_of(&state), "");
        daemon.kill().unwrap();
        daemon.wait().unwrap();
        assert!(
            eventually(Duration::from_secs(20), || !process_with_arg(&mark)).await,
            "a workload process outlived the killed daemon (paused: {paused})"
        );
        assert!(
            eventually(Duration::from_secs(20), || containers_of(&state).is_empty()).await,
            "a container outlived the killed daemon (paused: {paused})"
        );
        let s = spec("tethys", &state, EgressPolicy::Deny);
        assert!(Layout::new(&state).is_workload(&s.name, compass_runtime::Backend::Oci));
        rt.adopt(&s).await.unwrap();
        let out = rt
            .exec(
                &s.name,
                &ExecSpec {
                    cwd: Some("/home/agent".into()),
                    ..sh("echo adopted")
                },
            )
            .await
            .unwrap();
        assert_eq!(stdout(&out), "adopted\n");
        rt.remove(&s.name).await.unwrap();
    }
}

/// `bench launch` runs on containers as on the sandbox: launches with a
/// clone, pause/resume of the running container (the thawed process
/// answers again), and the idle memory counts each container's own
/// processes (init, `sleep infinity`, the agent, conmon), which are not
/// the daemon's descendants. Nothing is left behind.
#[tokio::test]
async fn oci_bench_launch_reports_pause_and_container_memory() {
    if oci("oci_bench_launch_reports_pause_and_container_memory")
        .await
        .is_none()
    {
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let mut options = compass_runtime::bench::LaunchOptions::new(scratch.path());
    options.files = 50;
    options.iterations = 2;
    options.idle_agents = 2;
    options.backend = compass_runtime::Backend::Oci;
    let report = compass_runtime::bench::launch(options).await.unwrap();
    let text = report.to_string();
    assert!(text.contains("backend oci"), "{text}");
    assert_eq!(report.launch.samples, 2, "{text}");
    assert_eq!(report.pause.samples, 2, "{text}");
    assert_eq!(report.resume.samples, 2, "{text}");
    assert_eq!(report.idle.agents, 2, "{text}");
    assert!(
        report.idle.workload_processes >= 4 * 2,
        "the containers' own processes were not counted: {text}"
    );
    assert!(report.idle.workload_pss_bytes > 0, "{text}");
    assert_eq!(
        fs_err::read_dir(scratch.path()).unwrap().count(),
        0,
        "bench left files behind"
    );
    let left = podman(&[
        "ps",
        "-a",
        "--format",
        "{{.Labels}}",
        "--filter",
        "label=compass.state-dir",
    ]);
    let scratch_dir = scratch.path().display().to_string();
    assert!(
        !left.contains(&scratch_dir),
        "bench left containers: {left}"
    );
}

/// The SHA-256 of a file, as `sha256:<hex>` (how the engine names a layer).
fn sha256_of(path: &Path) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    std::io::copy(&mut fs_err::File::open(path).unwrap(), &mut hasher).unwrap();
    let hex: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256:{hex}")
}

/// The recipe's root filesystem tarball, built into `out` the way the
/// image's was (`scripts/oci-setup --rootfs`: the same recipe, mirror and
/// `SOURCE_DATE_EPOCH`); its digest.
fn build_rootfs(out: &Path) -> String {
    let setup = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/oci-setup");
    let built = std::process::Command::new(setup)
        .arg("--rootfs")
        .arg(out)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "building the base image's root filesystem failed: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    sha256_of(out)
}

/// Where two tarballs differ, entry by entry (mode, owner, size, time,
/// name), at most 20 lines of each: what a failed comparison shows.
fn listing_difference(a: &Path, b: &Path) -> String {
    let list = |t: &Path| -> std::collections::BTreeSet<String> {
        let out = std::process::Command::new("tar")
            .args(["--full-time", "-tvf"])
            .arg(t)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let (la, lb) = (list(a), list(b));
    let only = |x: &std::collections::BTreeSet<String>, y: &std::collections::BTreeSet<String>| {
        x.difference(y)
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "only in the first:\n{}\nonly in the second:\n{}",
        only(&la, &lb),
        only(&lb, &la)
    )
}

/// The base image's build is reproducible: the recipe built again now
/// gives a root filesystem tarball whose digest is the very digest of the
/// layer the image in the engine's store was imported from (an import
/// keeps the tarball as its one layer, named by its SHA-256). Built with
/// `SOURCE_DATE_EPOCH` and no logs, caches or machine ids, so the same
/// packages give the same bytes.
///
/// The recipe names a suite, not package versions: should Debian publish
/// a point release between the store's build and this one, their packages
/// differ. Then a second build now must match this one byte for byte (the
/// build stays reproducible), and the stale image is named loudly.
#[tokio::test]
async fn oci_the_base_image_build_is_reproducible() {
    let Some(rt) = oci("oci_the_base_image_build_is_reproducible").await else {
        return;
    };
    let image = &rt.config().image;
    let stored = podman(&[
        "image",
        "inspect",
        "--format",
        "{{len .RootFS.Layers}} {{index .RootFS.Layers 0}} {{index .Labels \"compass.recipe\"}}",
        image,
    ]);
    let fields: Vec<&str> = stored.split_whitespace().collect();
    assert_eq!(
        fields,
        [
            "1",
            fields.get(1).copied().unwrap_or("?"),
            &compass_runtime::oci::image::tag()
        ],
        "{image} is not one layer labelled with its recipe's tag: {stored}"
    );
    let layer = fields[1];
    let scratch = tempfile::tempdir().unwrap();
    let first = scratch.path().join("first.tar");
    let built = build_rootfs(&first);
    if built == layer {
        return;
    }
    let second = scratch.path().join("second.tar");
    assert_eq!(
        build_rootfs(&second),
        built,
        "two builds of the recipe differ:\n{}",
        listing_difference(&first, &second)
    );
    compass_test_support::skip_loudly(
        "compass-runtime oci_the_base_image_build_is_reproducible (store comparison)",
        &format!(
            "two builds now agree ({built}), but {image} in the store has layer {layer}: \
             Debian's packages changed since it was built; rebuild it with \
             `podman rmi {image} && scripts/oci-setup`"
        ),
    );
}

/// The engine breaks under a running workload, paused or not (every call
/// fails as podman does when its binary or store is unusable: exit 125
/// with its error): stop cannot remove the container, so it SIGKILLs the
/// container's members host-side (thawing a frozen one first) and returns
/// the engine's error; nothing runs on. Once the engine is back, the next
/// exec starts a new container and the one left behind is removed.
#[tokio::test]
async fn oci_stop_with_a_broken_engine_leaves_nothing_running() {
    if oci("oci_stop_with_a_broken_engine_leaves_nothing_running")
        .await
        .is_none()
    {
        return;
    }
    let engine =
        compass_test_support::BreakableEngine::around(&OciConfig::discover().engine).unwrap();
    let rt = OciRuntime::new(OciConfig {
        engine: engine.path(),
        ..config()
    })
    .unwrap();
    let root = tempfile::tempdir().unwrap();
    for paused in [false, true] {
        let a = spec(
            "pallas",
            &root.path().join(format!("w-{paused}")),
            EgressPolicy::Deny,
        );
        rt.create(&a).await.unwrap();
        let mark = marker();
        let p = rt
            .spawn(&a.name, &sh(&format!("echo ready; exec sleep {mark}")))
            .await
            .unwrap();
        let mut lines = BufReader::new(p.stdout).lines();
        assert_eq!(lines.next_line().await.unwrap().as_deref(), Some("ready"));
        assert!(eventually(Duration::from_secs(10), || process_with_arg(&mark)).await);
        if paused {
            rt.pause(&a.name).await.unwrap();
        }
        engine.break_now().unwrap();
        let err = rt
            .stop(&a.name, Duration::from_millis(300))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, RuntimeError::Engine { stderr, .. }
                if stderr.contains(compass_test_support::BROKEN_ENGINE_WORDS)),
            "{err:?}"
        );
        assert!(
            eventually(Duration::from_secs(10), || !process_with_arg(&mark)).await,
            "a process outlived stop with the engine broken (paused: {paused})"
        );
        engine.mend().unwrap();
        let out = rt.exec(&a.name, &sh("echo back")).await.unwrap();
        assert_eq!(stdout(&out), "back\n");
        let left = containers_of(&a.state_dir);
        assert_eq!(left.lines().count(), 1, "(paused: {paused}) {left}");
        rt.remove(&a.name).await.unwrap();
        assert_eq!(containers_of(&a.state_dir), "");
    }
}
