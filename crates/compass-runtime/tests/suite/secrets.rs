//! Secrets reach a workload over stdin into 0600 files, never argv: a
//! process-list probe scans every /proc/*/cmdline while the injection runs.

use super::support::*;
use compass_runtime::secrets;
use compass_runtime::{Backend, EgressPolicy, KeptSecrets, Secret, WorkloadRuntime};
use std::os::unix::fs::PermissionsExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Scan every process's argv (and the sandbox supervisors' environment)
/// for `needle` until `stop`; returns (scans, hits).
fn probe(
    needle: String,
    stop: Arc<AtomicBool>,
    scans: Arc<AtomicUsize>,
) -> std::thread::JoinHandle<Vec<String>> {
    std::thread::spawn(move || {
        let mut hits = Vec::new();
        while !stop.load(Ordering::SeqCst) {
            for (pid, line) in all_cmdlines() {
                if line.contains(&needle) {
                    hits.push(format!("argv of {pid}: {line}"));
                }
                if line.starts_with("bwrap")
                    && let Ok(env) = fs_err::read(format!("/proc/{pid}/environ"))
                    && String::from_utf8_lossy(&env).contains(&needle)
                {
                    hits.push(format!("environment of bwrap {pid}"));
                }
            }
            scans.fetch_add(1, Ordering::SeqCst);
        }
        hits
    })
}

pub(crate) async fn secrets_never_in_argv(rt: &dyn WorkloadRuntime, egress: EgressPolicy) {
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("w");
    let s = spec("selene", &state, egress);
    rt.create(&s).await.unwrap();
    let value = format!("sekrit-{}", marker());
    let stop = Arc::new(AtomicBool::new(false));
    let scans = Arc::new(AtomicUsize::new(0));
    let prober = probe(value.clone(), stop.clone(), scans.clone());
    // Inject repeatedly so the probe sees the injection processes live.
    while scans.load(Ordering::SeqCst) < 20 {
        secrets::inject_file(rt, &s.name, &state, "token", &Secret::new(value.clone()))
            .await
            .unwrap();
        secrets::inject_env(
            rt,
            &s.name,
            &state,
            &[("API_TOKEN".to_owned(), Secret::new(value.clone()))],
        )
        .await
        .unwrap();
        // A spawn that reads the env file: the value must not be in its argv.
        let out = rt.exec(&s.name, &sh("printenv API_TOKEN")).await.unwrap();
        assert_eq!(stdout(&out), format!("{value}\n"));
    }
    stop.store(true, Ordering::SeqCst);
    let hits = prober.join().unwrap();
    assert!(
        hits.is_empty(),
        "the secret appeared in the process list: {hits:?}"
    );
    let inner = rt.inner_paths(&state);
    let out = rt
        .exec(
            &s.name,
            &sh(&format!(
                "cat {}/.compass/secrets/token",
                inner.home.display()
            )),
        )
        .await
        .unwrap();
    assert_eq!(stdout(&out), value);
    for file in [
        state.join("home/.compass/secrets/token"),
        state.join("home/.compass/env"),
    ] {
        let mode = fs_err::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", file.display());
    }
    // Nothing readable by others on the way either.
    let dir_mode = fs_err::metadata(state.join("home/.compass/secrets"))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(dir_mode, 0o700);
    // A kept secret (an agent's model key) reaches spawns like the others,
    // and never the copy in the workload, which the agent's tools can read.
    let kept = format!("kept-{}", marker());
    secrets::inject_env_kept(
        rt,
        &s.name,
        &state,
        &[("API_TOKEN".to_owned(), Secret::new(value.clone()))],
        &[("MODEL_KEY".to_owned(), Secret::new(kept.clone()))],
    )
    .await
    .unwrap();
    // A kept secret reaches only an exec that asks for it: by default
    // (the daemon's git, an operator's shell) it is withheld.
    let both = "printf '%s|%s\\n' \"${MODEL_KEY-unset}\" \"$API_TOKEN\"";
    let out = rt.exec(&s.name, &sh(both)).await.unwrap();
    assert_eq!(stdout(&out), format!("unset|{value}\n"));
    let mut in_env = sh(both);
    in_env.kept_secrets = KeptSecrets::Env;
    let out = rt.exec(&s.name, &in_env).await.unwrap();
    assert_eq!(stdout(&out), format!("{kept}|{value}\n"));
    let copy = fs_err::read_to_string(state.join("home/.compass/env")).unwrap();
    assert!(
        copy.contains("API_TOKEN=") && !copy.contains(&kept) && !copy.contains("MODEL_KEY"),
        "{copy}"
    );
    // For the agent's own start (`KeptSecrets::Descriptor`) the sandbox
    // backend gives it on fd 6 only, in no environment (bwrap's args and
    // the start chain's environment never hold it); the others keep giving
    // it in the environment. A withheld exec (an ACP terminal) gets none.
    let show = "printf '%s|%s|' \"${MODEL_KEY-unset}\" \"${COMPASS_KEPT_FD-unset}\"; cat 2>/dev/null <&6 || echo nofd";
    let mut by_fd = sh(show);
    by_fd.kept_secrets = KeptSecrets::Descriptor;
    let out = stdout(&rt.exec(&s.name, &by_fd).await.unwrap());
    if rt.backend() == Backend::Sandbox {
        assert_eq!(out, format!("unset|6|MODEL_KEY={kept}\n"));
    } else {
        assert_eq!(out, format!("{kept}|unset|nofd\n"));
    }
    let leftovers: Vec<_> = fs_err::read_dir(&state)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".kept") || n.ends_with(".args"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let mut withheld = sh(show);
    withheld.kept_secrets = KeptSecrets::Withheld;
    let out = stdout(&rt.exec(&s.name, &withheld).await.unwrap());
    assert_eq!(out, "unset|unset|nofd\n");
    // Bad names and values are refused with a reason.
    assert!(
        secrets::inject_file(rt, &s.name, &state, "../x", &Secret::new("v"))
            .await
            .is_err()
    );
    assert!(
        secrets::inject_env(rt, &s.name, &state, &[("BAD-KEY".into(), Secret::new("v"))])
            .await
            .is_err()
    );
    assert!(
        secrets::inject_env(rt, &s.name, &state, &[("K".into(), Secret::new("a\nb"))])
            .await
            .is_err()
    );
    rt.remove(&s.name).await.unwrap();
}

#[tokio::test]
async fn sandbox_secrets_never_in_argv() {
    secrets_never_in_argv(&sandbox(), EgressPolicy::Deny).await;
}

#[tokio::test]
async fn host_secrets_never_in_argv() {
    secrets_never_in_argv(&compass_runtime::HostRuntime::new(), EgressPolicy::Open).await;
}

#[test]
fn secret_redacts() {
    let s = Secret::new("hunter2");
    assert_eq!(s.to_string(), "[redacted]");
    assert!(!format!("{s:?}").contains("hunter2"));
}
