//! Isolation tests that really try to escape the sandbox: each assertion
//! fails if isolation breaks. Model: codex-rs linux-sandbox tests.

use super::support::*;
use compass_core::name::Name;
use compass_runtime::repos::{DirScope, RepoSource};
use compass_runtime::{EgressPolicy, RuntimeError, WorkloadRuntime};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};

#[tokio::test]
async fn agent_cannot_read_another_agents_home_clones_or_processes() {
    other_agents_are_invisible(&sandbox()).await;
}

pub(crate) async fn other_agents_are_invisible(rt: &dyn WorkloadRuntime) {
    let root = tempfile::tempdir().unwrap();
    let a = spec("ares", &root.path().join("ares"), EgressPolicy::Deny);
    let b = spec("boreas", &root.path().join("boreas"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    rt.create(&b).await.unwrap();
    let secret = format!("b-secret-{}", marker());
    fs_err::write(root.path().join("boreas/home/notes.txt"), &secret).unwrap();
    fs_err::create_dir_all(root.path().join("boreas/work/repo")).unwrap();
    fs_err::write(root.path().join("boreas/work/repo/code.rs"), &secret).unwrap();
    let mark = marker();
    let mut sleeper = rt
        .spawn(&b.name, &sh(&format!("exec sleep {mark}")))
        .await
        .unwrap();
    assert!(eventually(Duration::from_secs(10), || process_with_arg(&mark)).await);
    let b_root = root.path().join("boreas");
    let probes = [
        format!("cat {}/home/notes.txt", b_root.display()),
        format!("cat {}/work/repo/code.rs", b_root.display()),
        format!("ls {}", root.path().display()),
        "cat /home/*/notes.txt".to_owned(),
        "cat /work/repo/code.rs".to_owned(),
        "cat /work/../boreas/home/notes.txt".to_owned(),
        format!(
            "for f in /proc/[0-9]*/cmdline; do tr '\\0' ' ' < $f; echo; done | grep '^sleep {mark}'"
        ),
    ];
    // Controls: the same probes work from B itself, so a failure in A is
    // isolation, not a broken probe.
    let own = rt
        .exec(&b.name, &sh("cat /home/agent/notes.txt /work/repo/code.rs"))
        .await
        .unwrap();
    assert_eq!(stdout(&own), format!("{secret}{secret}"));
    // (Each spawn/exec has its own pid namespace, so the process control
    // runs the sleeper and the probe in one exec.)
    let own = rt
        .exec(&b.name, &sh(&format!(
            "sleep {mark} & i=0; until {} >/dev/null; do i=$((i+1)); [ $i -gt 2000 ] && exit 1; done",
            probes[6]
        )))
        .await
        .unwrap();
    assert!(own.success(), "the process probe does not work: {own:?}");
    for probe in probes {
        let out = rt.exec(&a.name, &sh(&probe)).await.unwrap();
        assert!(
            !out.success(),
            "probe {probe:?} succeeded: {}",
            stdout(&out)
        );
        assert!(
            !stdout(&out).contains(&secret),
            "probe {probe:?} read B's data"
        );
    }
    // B's process is not in A's pid namespace: its host pid is meaningless.
    let host_pid = all_cmdlines()
        .into_iter()
        .find(|(_, l)| l.contains(&mark) && l.starts_with("sleep"))
        .map(|(p, _)| p)
        .unwrap();
    let out = rt
        .exec(
            &a.name,
            &sh(&format!(
                "ls /proc/{host_pid}/root/ && cat /proc/{host_pid}/environ"
            )),
        )
        .await
        .unwrap();
    assert!(
        !out.success() || !stdout(&out).contains("home"),
        "A reached B's process: {}",
        stdout(&out)
    );
    sleeper.handle.kill().await.unwrap();
    rt.remove(&a.name).await.unwrap();
    rt.remove(&b.name).await.unwrap();
}

#[tokio::test]
async fn host_home_etc_secrets_and_checkout_are_invisible() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let a = spec("ceres", &root.path().join("ceres"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    let here = std::env::current_dir().unwrap();
    for probe in [
        "ls -A /root".to_owned(),
        "cat /etc/shadow".to_owned(),
        "ls /etc/ssh".to_owned(),
        format!("ls {}", here.display()),
        format!("cat {}/Cargo.toml", here.display()),
    ] {
        let out = rt.exec(&a.name, &sh(&probe)).await.unwrap();
        assert!(
            !out.success(),
            "probe {probe:?} succeeded: {}",
            stdout(&out)
        );
    }
    let out = rt
        .exec(&a.name, &sh("echo $HOME; id -u; hostname"))
        .await
        .unwrap();
    assert_eq!(stdout(&out), "/home/agent\n0\nceres\n");
    // No capabilities, and no way to gain them in a nested user namespace.
    let out = rt
        .exec(&a.name, &sh("grep CapEff /proc/self/status"))
        .await
        .unwrap();
    assert!(
        stdout(&out).contains("0000000000000000"),
        "{}",
        stdout(&out)
    );
    let out = rt.exec(&a.name, &sh("unshare -U true")).await.unwrap();
    assert!(!out.success(), "a nested user namespace was allowed");
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn setsid_and_double_forked_children_die_on_stop() {
    setsid_children_die(&sandbox()).await;
}

#[tokio::test]
async fn setsid_children_die_on_stop_without_a_freezer_cgroup() {
    setsid_children_die(&sandbox_sweep()).await;
}

pub(crate) async fn setsid_children_die(rt: &dyn WorkloadRuntime) {
    let root = tempfile::tempdir().unwrap();
    let a = spec("dione", &root.path().join("dione"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    let (m1, m2) = (marker(), marker());
    let script = format!(
        "setsid sh -c 'sleep {m1} & exit 0' ; (setsid sleep {m2} &) ; echo ready; exec sleep 1000"
    );
    let p = rt.spawn(&a.name, &sh(&script)).await.unwrap();
    let mut lines = BufReader::new(p.stdout).lines();
    assert_eq!(lines.next_line().await.unwrap().as_deref(), Some("ready"));
    assert!(
        eventually(Duration::from_secs(10), || process_with_arg(&m1)
            && process_with_arg(&m2))
        .await
    );
    rt.stop(&a.name, Duration::from_millis(300)).await.unwrap();
    assert!(
        eventually(Duration::from_secs(10), || !process_with_arg(&m1)
            && !process_with_arg(&m2))
        .await,
        "a setsid/double-forked child survived stop"
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn config_and_system_are_read_only() {
    config_and_system_read_only(&sandbox()).await;
}

pub(crate) async fn config_and_system_read_only(rt: &dyn WorkloadRuntime) {
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("europa");
    let a = spec("europa", &state, EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    fs_err::write(state.join("run/config/agent.toml"), "mode = 'safe'\n").unwrap();
    let out = rt
        .exec(&a.name, &sh("cat /run/compass/config/agent.toml"))
        .await
        .unwrap();
    assert_eq!(stdout(&out), "mode = 'safe'\n");
    for probe in [
        "echo \"mode = 'yolo'\" > /run/compass/config/agent.toml",
        "rm -f /run/compass/config/agent.toml",
        "touch /run/compass/new",
        "touch /usr/pwned",
        "touch /etc/pwned",
        "touch /pwned",
        "mount -t tmpfs none /run/compass/config",
    ] {
        let out = rt.exec(&a.name, &sh(probe)).await.unwrap();
        assert!(!out.success(), "probe {probe:?} succeeded");
    }
    assert_eq!(
        fs_err::read_to_string(state.join("run/config/agent.toml")).unwrap(),
        "mode = 'safe'\n"
    );
    // The allowed roots are writable.
    let out = rt
        .exec(
            &a.name,
            &sh("touch /work/ok /home/agent/ok /tmp/ok && echo yes"),
        )
        .await
        .unwrap();
    assert_eq!(
        stdout(&out),
        "yes\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn symlink_swaps_do_not_escape_the_allowed_roots() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("fenrir");
    let victim_dir = root.path().join("victim");
    fs_err::create_dir_all(&victim_dir).unwrap();
    let victim = victim_dir.join("precious.txt");
    fs_err::write(&victim, "intact\n").unwrap();
    let a = spec("fenrir", &state, EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    // Symlinks planted inside resolve inside: the host path does not exist there.
    let out = rt
        .exec(
            &a.name,
            &sh(&format!(
                "ln -s {v} /work/link && echo pwned >> /work/link; ln -s /etc/passwd /home/agent/pw && echo x >> /home/agent/pw",
                v = victim.display()
            )),
        )
        .await
        .unwrap();
    assert!(!out.success());
    assert_eq!(fs_err::read_to_string(&victim).unwrap(), "intact\n");
    // A name the agent pre-planted as a symlink makes a later host-side
    // clone fail instead of writing through the link.
    let src = root.path().join("src-app");
    make_repo(&src, 3);
    let out = rt
        .exec(
            &a.name,
            &sh(&format!("ln -s {} /work/app", victim_dir.display())),
        )
        .await
        .unwrap();
    assert!(out.success());
    let res = compass_runtime::repos::add_repos(
        &rt,
        &a,
        &[RepoSource {
            name: Name::parse("app").unwrap(),
            source: src.display().to_string(),
        }],
        &compass_runtime::repos::RepoAuth::default(),
    )
    .await;
    assert!(res.is_err(), "cloning over a planted symlink must fail");
    assert_eq!(
        fs_err::read_dir(&victim_dir).unwrap().count(),
        1,
        "the clone wrote through the planted symlink"
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn git_config_in_a_read_only_mount_cannot_be_written() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let docs = root.path().join("docs");
    make_repo(&docs, 2);
    let before = fs_err::read_to_string(docs.join(".git/config")).unwrap();
    let mut a = spec("gaia", &root.path().join("gaia"), EgressPolicy::Deny);
    a.mounts.push(
        DirScope {
            name: Name::parse("docs").unwrap(),
            host_path: docs.clone(),
            writable: false,
        }
        .mount(),
    );
    rt.create(&a).await.unwrap();
    let out = rt
        .exec(&a.name, &sh("cat /work/docs/d0/f0.txt"))
        .await
        .unwrap();
    assert_eq!(stdout(&out), "file 0\n");
    for probe in [
        "git -C /work/docs config core.fsmonitor 'touch /tmp/pwned'",
        "echo '[core] hooksPath = /tmp' >> /work/docs/.git/config",
        "mv /work/docs/.git /work/docs/.git2",
        "ln -sf /tmp /work/docs/.git/hooks",
    ] {
        let out = rt.exec(&a.name, &sh(probe)).await.unwrap();
        assert!(!out.success(), "probe {probe:?} succeeded");
    }
    assert_eq!(
        fs_err::read_to_string(docs.join(".git/config")).unwrap(),
        before
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn a_plain_directory_has_a_single_writer() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let shared = root.path().join("shared");
    fs_err::create_dir_all(&shared).unwrap();
    let scope = |writable| DirScope {
        name: Name::parse("shared").unwrap(),
        host_path: shared.clone(),
        writable,
    };
    let mut a = spec("hyperion", &root.path().join("a"), EgressPolicy::Deny);
    a.mounts.push(scope(true).mount());
    rt.create(&a).await.unwrap();
    let mut b = spec("iapetus", &root.path().join("b"), EgressPolicy::Deny);
    b.mounts.push(scope(true).mount());
    let err = rt.create(&b).await.unwrap_err();
    assert!(matches!(err, RuntimeError::Invalid { .. }), "{err}");
    assert!(err.to_string().contains("hyperion"), "{err}");
    assert!(
        !root.path().join("b").exists(),
        "a refused workload left state behind"
    );
    let mut c = spec("janus", &root.path().join("c"), EgressPolicy::Deny);
    c.mounts.push(scope(false).mount());
    rt.create(&c).await.unwrap();
    let out = rt.exec(&c.name, &sh("touch /work/shared/x")).await.unwrap();
    assert!(!out.success(), "a read-only scope was writable");
    let out = rt
        .exec(&a.name, &sh("touch /work/shared/x && echo ok"))
        .await
        .unwrap();
    assert_eq!(stdout(&out), "ok\n");
    rt.remove(&a.name).await.unwrap();
    rt.remove(&c.name).await.unwrap();
}

#[tokio::test]
async fn memory_and_cpu_limits_are_enforced_and_resizable() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let mut a = spec("kale", &root.path().join("kale"), EgressPolicy::Deny);
    a.resources = compass_runtime::Resources {
        millicpus: Some(500),
        memory_bytes: Some(64 << 20),
    };
    rt.create(&a).await.unwrap();
    assert_eq!(
        rt.applied_limits(&a.name),
        Some((Some(50_000), Some(64 << 20)))
    );
    let hog = sh("python3 -c 'b = bytearray(256 * 1024 * 1024); print(len(b))'");
    let out = rt.exec(&a.name, &hog).await.unwrap();
    assert!(
        !out.success(),
        "allocating 256 MiB under a 64 MiB limit succeeded"
    );
    rt.resize(
        &a.name,
        compass_runtime::Resources {
            millicpus: Some(1500),
            memory_bytes: Some(512 << 20),
        },
    )
    .await
    .unwrap();
    assert_eq!(
        rt.applied_limits(&a.name),
        Some((Some(150_000), Some(512 << 20)))
    );
    let out = rt.exec(&a.name, &hog).await.unwrap();
    assert_eq!(
        stdout(&out),
        "268435456\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn serving_fs_requests_never_follows_a_planted_symlink_onto_the_host() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let host_secret = root.path().join("host-secret.txt");
    fs_err::write(&host_secret, "host only").unwrap();
    let a = spec("lysithea", &root.path().join("w"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    compass_runtime::files::write(
        &rt,
        &a.name,
        std::path::Path::new("/work/src/main.rs"),
        b"fn main() {}",
    )
    .await
    .unwrap();
    let back =
        compass_runtime::files::read(&rt, &a.name, std::path::Path::new("/work/src/main.rs"))
            .await
            .unwrap();
    assert_eq!(back, b"fn main() {}");
    let out = rt
        .exec(
            &a.name,
            &sh(&format!("ln -s {} /work/leak", host_secret.display())),
        )
        .await
        .unwrap();
    assert!(out.success());
    let res = compass_runtime::files::read(&rt, &a.name, std::path::Path::new("/work/leak")).await;
    assert!(
        res.is_err(),
        "the planted symlink reached the host file: {res:?}"
    );
    let res =
        compass_runtime::files::write(&rt, &a.name, std::path::Path::new("/work/leak"), b"x").await;
    assert!(res.is_err());
    assert_eq!(fs_err::read_to_string(&host_secret).unwrap(), "host only");
    assert!(
        compass_runtime::files::write(
            &rt,
            &a.name,
            std::path::Path::new("/run/compass/config/x"),
            b"x"
        )
        .await
        .is_err()
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn a_fork_bomb_hits_the_workloads_task_cap() {
    let config = compass_runtime::SandboxConfig {
        max_pids: 40,
        ..compass_runtime::SandboxConfig::discover()
    };
    assert!(
        config.pids.is_some(),
        "this machine offers a pids cgroup; the test needs it"
    );
    let rt = sandbox_with(config);
    let root = tempfile::tempdir().unwrap();
    let a = spec("mimas", &root.path().join("w"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    // The shell dies when fork fails; the last number written says how far it got.
    let out = rt
        .exec(
            &a.name,
            &sh("for i in $(seq 100); do sleep 30 & echo $i > /tmp/n; done; echo all-forked"),
        )
        .await
        .unwrap();
    assert!(
        !stdout(&out).contains("all-forked"),
        "100 forks succeeded under a cap of 40"
    );
    let n = rt.exec(&a.name, &sh("cat /tmp/n")).await.unwrap();
    let started: usize = stdout(&n).trim().parse().unwrap();
    assert!(
        (1..40).contains(&started),
        "{started} tasks ran under a cap of 40"
    );
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn a_mount_cannot_expose_another_agents_state() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let b_state = root.path().join("b");
    let b = spec("nereid", &b_state, EgressPolicy::Deny);
    rt.create(&b).await.unwrap();
    for host in [b_state.join("home"), root.path().to_path_buf()] {
        let mut a = spec("naiad", &root.path().join("a"), EgressPolicy::Deny);
        a.mounts.push(compass_runtime::Mount {
            host_path: host.clone(),
            workload_path: "/work/peek".into(),
            read_only: true,
        });
        let err = rt.create(&a).await.unwrap_err();
        assert!(
            err.to_string().contains("nereid"),
            "{}: {err}",
            host.display()
        );
        assert!(!root.path().join("a").exists());
    }
    rt.remove(&b.name).await.unwrap();
}

#[tokio::test]
async fn every_namespace_is_new() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let a = spec("oceanus", &root.path().join("w"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    for ns in ["user", "pid", "mnt", "net", "ipc", "uts"] {
        let host = fs_err::read_link(format!("/proc/self/ns/{ns}")).unwrap();
        let out = rt
            .exec(&a.name, &sh(&format!("readlink /proc/self/ns/{ns}")))
            .await
            .unwrap();
        let inside = stdout(&out);
        assert!(inside.starts_with(&format!("{ns}:[")), "{ns}: {out:?}");
        assert_ne!(
            inside.trim(),
            host.to_string_lossy(),
            "the {ns} namespace is the host's"
        );
    }
    rt.remove(&a.name).await.unwrap();
}
