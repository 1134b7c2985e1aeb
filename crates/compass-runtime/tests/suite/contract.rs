//! Contract tests: the same assertions for every backend. Each backend's
//! module instantiates them with its own constructor via `contract_tests!`.

use super::support::*;
use compass_runtime::{EgressPolicy, ExecSpec, Resources, RuntimeError, WorkloadRuntime};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

pub(crate) async fn lifecycle(rt: &dyn WorkloadRuntime, egress: EgressPolicy) {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("atlas");
    let s = spec("atlas", &state, egress);
    assert!(!rt.exists(&s.name).await.unwrap());
    rt.create(&s).await.unwrap();
    assert!(rt.exists(&s.name).await.unwrap());
    assert!(matches!(
        rt.create(&s).await,
        Err(RuntimeError::AlreadyExists(_))
    ));
    rt.remove(&s.name).await.unwrap();
    assert!(!rt.exists(&s.name).await.unwrap());
    assert!(!state.exists(), "remove leaves no state behind");
    assert!(matches!(
        rt.exec(&s.name, &sh("true")).await,
        Err(RuntimeError::NotFound(_))
    ));
}

pub(crate) async fn exec_captures_and_nonzero_is_a_result(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let dir = tempfile::tempdir().unwrap();
    let s = spec("boreas", &dir.path().join("w"), egress);
    rt.create(&s).await.unwrap();
    let out = rt
        .exec(&s.name, &sh("echo out; echo err >&2; exit 3"))
        .await
        .unwrap();
    assert_eq!(out.exit_code, Some(3), "{out:?}");
    assert_eq!(stdout(&out), "out\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "err\n");
    let fed = rt
        .exec(
            &s.name,
            &ExecSpec {
                stdin: Some(b"fed through stdin".to_vec()),
                ..sh("cat")
            },
        )
        .await
        .unwrap();
    assert!(fed.success());
    assert_eq!(stdout(&fed), "fed through stdin");
    let empty = rt.exec(&s.name, &ExecSpec::default()).await;
    assert!(
        matches!(empty, Err(RuntimeError::Invalid { .. })),
        "{empty:?}"
    );
    rt.remove(&s.name).await.unwrap();
}

pub(crate) async fn environment_is_scrubbed(rt: &dyn WorkloadRuntime, egress: EgressPolicy) {
    // SAFETY of the test: a unique variable only this test reads.
    // The runtime must not pass the host's environment through.
    let host_var = "COMPASS_TEST_HOST_LEAK";
    // Set via the process environment is unsafe in 2024 edition; use a child
    // probe instead: the parent's own env must simply not reach the workload.
    let dir = tempfile::tempdir().unwrap();
    let s = spec("ceres", &dir.path().join("w"), egress);
    rt.create(&s).await.unwrap();
    let out = rt
        .exec(
            &s.name,
            &ExecSpec {
                env: [("COMPASS_TEST_EXEC_VAR".to_owned(), "from-exec".to_owned())].into(),
                ..sh("env")
            },
        )
        .await
        .unwrap();
    let env = stdout(&out);
    assert!(env.contains("COMPASS_TEST_SPEC_VAR=from-spec"), "{env}");
    assert!(env.contains("COMPASS_TEST_EXEC_VAR=from-exec"), "{env}");
    let home = rt.inner_paths(&s.state_dir).home;
    assert!(env.contains(&format!("HOME={}", home.display())), "{env}");
    for (key, _) in std::env::vars() {
        if matches!(
            key.as_str(),
            "PATH"
                | "HOME"
                | "LANG"
                | "PWD"
                | "SHLVL"
                | "_"
                | "OLDPWD"
                | "TMPDIR"
                | "HOSTNAME"
                | "TERM"
                | "container"
        ) {
            continue;
        }
        assert!(
            !env.lines().any(|l| l.starts_with(&format!("{key}="))),
            "host variable {key} leaked into the workload: {env}"
        );
    }
    assert!(!env.contains(host_var));
    rt.remove(&s.name).await.unwrap();
}

pub(crate) async fn spawn_has_live_pipes_and_kill(rt: &dyn WorkloadRuntime, egress: EgressPolicy) {
    let dir = tempfile::tempdir().unwrap();
    let s = spec("dione", &dir.path().join("w"), egress);
    rt.create(&s).await.unwrap();
    let mut p = rt
        .spawn(&s.name, &sh("while read l; do echo \"got $l\"; done"))
        .await
        .unwrap();
    p.stdin.write_all(b"ping\n").await.unwrap();
    p.stdin.flush().await.unwrap();
    let mut lines = BufReader::new(p.stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
        .await
        .expect("answer within 20s")
        .unwrap();
    assert_eq!(line.as_deref(), Some("got ping"));
    p.handle.kill().await.unwrap();
    let out = tokio::time::timeout(Duration::from_secs(20), p.handle.wait())
        .await
        .expect("killed process is reaped")
        .unwrap();
    assert!(!out.success());
    rt.remove(&s.name).await.unwrap();
}

pub(crate) async fn stop_kills_double_forked_children(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let dir = tempfile::tempdir().unwrap();
    let s = spec("europa", &dir.path().join("w"), egress);
    rt.create(&s).await.unwrap();
    let mark = marker();
    // The grandchild is orphaned (its parent exits at once): a double fork.
    let script = format!("(sleep {mark} &) ; echo started; exec sleep 1000");
    let p = rt.spawn(&s.name, &sh(&script)).await.unwrap();
    let mut lines = BufReader::new(p.stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(line.as_deref(), Some("started"));
    assert!(eventually(Duration::from_secs(10), || process_with_arg(&mark)).await);
    rt.stop(&s.name, Duration::from_millis(500)).await.unwrap();
    assert!(
        eventually(Duration::from_secs(10), || !process_with_arg(&mark)).await,
        "the double-forked child survived stop"
    );
    // A stopped workload still exists and runs the next process.
    assert!(rt.exists(&s.name).await.unwrap());
    let again = rt.exec(&s.name, &sh("echo again")).await.unwrap();
    assert_eq!(stdout(&again), "again\n");
    rt.remove(&s.name).await.unwrap();
}

pub(crate) async fn pause_freezes_and_resume_continues(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("w");
    let s = spec("fenrir", &state, egress);
    rt.create(&s).await.unwrap();
    let work = rt.inner_paths(&state).work;
    let host_count = state.join("work").join("count");
    let script = format!(
        "i=0; while :; do i=$((i+1)); echo $i > {w}/count.tmp; mv {w}/count.tmp {w}/count; done",
        w = work.display()
    );
    let mut p = rt.spawn(&s.name, &sh(&script)).await.unwrap();
    let read = || {
        fs_err::read_to_string(&host_count)
            .ok()
            .and_then(|t| t.trim().parse::<u64>().ok())
    };
    assert!(eventually(Duration::from_secs(20), || read().is_some_and(|n| n > 10)).await);
    rt.pause(&s.name).await.unwrap();
    // Once frozen, nothing can advance the count, however long we look.
    let frozen = read().unwrap_or_else(|| {
        panic!(
            "count unreadable right after pause: {:?} / dir: {:?}",
            fs_err::read_to_string(&host_count),
            fs_err::read_dir(state.join("work"))
                .map(|d| d.flatten().map(|e| e.file_name()).collect::<Vec<_>>())
        )
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(read().unwrap(), frozen, "the counter advanced while paused");
    // Nothing new starts in a paused workload.
    assert!(matches!(
        rt.exec(&s.name, &sh("true")).await,
        Err(RuntimeError::Paused(_))
    ));
    rt.resume(&s.name).await.unwrap();
    assert!(
        eventually(Duration::from_secs(20), || read()
            .is_some_and(|n| n > frozen))
        .await,
        "the counter did not continue after resume"
    );
    rt.stop(&s.name, Duration::from_millis(200)).await.unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(20), p.handle.wait())
        .await
        .unwrap();
    rt.remove(&s.name).await.unwrap();
}

pub(crate) async fn resize_is_typed(rt: &dyn WorkloadRuntime, egress: EgressPolicy) {
    let dir = tempfile::tempdir().unwrap();
    let s = spec("gaia", &dir.path().join("w"), egress);
    rt.create(&s).await.unwrap();
    let res = rt
        .resize(
            &s.name,
            Resources {
                millicpus: Some(500),
                memory_bytes: Some(256 << 20),
            },
        )
        .await;
    assert!(
        matches!(res, Ok(()) | Err(RuntimeError::Unsupported { .. })),
        "resize must succeed or be typed unsupported: {res:?}"
    );
    rt.remove(&s.name).await.unwrap();
}

/// Instantiate every contract test for one backend.
macro_rules! contract_tests {
    ($make:expr, $egress:expr) => {
        #[tokio::test]
        async fn contract_lifecycle() {
            $crate::suite::contract::lifecycle(&$make, $egress).await
        }
        #[tokio::test]
        async fn contract_exec() {
            $crate::suite::contract::exec_captures_and_nonzero_is_a_result(&$make, $egress).await
        }
        #[tokio::test]
        async fn contract_env_scrubbed() {
            $crate::suite::contract::environment_is_scrubbed(&$make, $egress).await
        }
        #[tokio::test]
        async fn contract_spawn() {
            $crate::suite::contract::spawn_has_live_pipes_and_kill(&$make, $egress).await
        }
        #[tokio::test]
        async fn contract_stop_tree() {
            $crate::suite::contract::stop_kills_double_forked_children(&$make, $egress).await
        }
        #[tokio::test]
        async fn contract_pause() {
            $crate::suite::contract::pause_freezes_and_resume_continues(&$make, $egress).await
        }
        #[tokio::test]
        async fn contract_resize() {
            $crate::suite::contract::resize_is_typed(&$make, $egress).await
        }
    };
}
pub(crate) use contract_tests;

mod host {
    super::contract_tests!(
        compass_runtime::HostRuntime::new(),
        compass_runtime::EgressPolicy::Open
    );
}

mod sandbox {
    super::contract_tests!(
        crate::suite::support::sandbox(),
        compass_runtime::EgressPolicy::Deny
    );
}

mod sandbox_sweep {
    super::contract_tests!(
        crate::suite::support::sandbox_sweep(),
        compass_runtime::EgressPolicy::Deny
    );
}

mod sandbox_allowlist {
    super::contract_tests!(
        crate::suite::support::sandbox(),
        compass_runtime::EgressPolicy::Allowlist {
            hosts: vec!["127.0.0.1".into()]
        }
    );
}

/// A new runtime (a restarted daemon) adopts a surviving state dir.
pub(crate) async fn adopt_after_restart(
    first: &dyn WorkloadRuntime,
    second: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("w");
    let s = spec("hermes", &state, egress);
    first.create(&s).await.unwrap();
    fs_err::write(state.join("work/kept.txt"), "kept").unwrap();
    let other = spec("other", &state, s.egress.clone());
    assert!(matches!(
        second.adopt(&other).await,
        Err(RuntimeError::NotFound(_))
    ));
    second.adopt(&s).await.unwrap();
    let work = second.inner_paths(&state).work;
    let out = second
        .exec(&s.name, &sh(&format!("cat {}/kept.txt", work.display())))
        .await
        .unwrap();
    assert_eq!(stdout(&out), "kept");
    second.remove(&s.name).await.unwrap();
    assert!(!state.exists());
}

#[tokio::test]
async fn sandbox_adopts_after_restart() {
    adopt_after_restart(
        &crate::suite::support::sandbox(),
        &crate::suite::support::sandbox(),
        EgressPolicy::Allowlist {
            hosts: vec!["127.0.0.1".into()],
        },
    )
    .await;
}

#[tokio::test]
async fn host_adopts_after_restart() {
    adopt_after_restart(
        &compass_runtime::HostRuntime::new(),
        &compass_runtime::HostRuntime::new(),
        EgressPolicy::Open,
    )
    .await;
}
