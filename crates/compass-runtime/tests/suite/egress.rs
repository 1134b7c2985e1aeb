//! Egress policy against real namespaces and real loopback listeners.

use super::support::*;
use compass_runtime::{EgressPolicy, RuntimeError, SandboxConfig, WorkloadRuntime};

fn curl(args: &str) -> compass_runtime::ExecSpec {
    sh(&format!("curl -sS -f -m 10 {args}"))
}

/// Run curl with `args` inside workload `name`.
async fn curl_in(
    rt: &dyn WorkloadRuntime,
    name: &compass_runtime::WorkloadName,
    args: &str,
) -> compass_runtime::ExecOutput {
    rt.exec(name, &curl(args)).await.unwrap()
}

/// The request got exactly `expected` back.
fn assert_answer(out: &compass_runtime::ExecOutput, expected: &str) {
    assert_eq!(
        stdout(out),
        expected,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test]
async fn deny_cannot_reach_the_hosts_loopback() {
    deny_reaches_nothing(&sandbox()).await;
}

pub(crate) async fn deny_reaches_nothing(rt: &dyn WorkloadRuntime) {
    let server = http_server("host-loopback").await;
    let root = tempfile::tempdir().unwrap();
    let a = spec("kore", &root.path().join("w"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    let out = curl_in(
        rt,
        &a.name,
        &format!("--noproxy '*' http://127.0.0.1:{}/", server.port),
    )
    .await;
    assert!(!out.success(), "deny reached the host: {}", stdout(&out));
    assert_eq!(server.accepted(), 0);
    let out = rt.exec(&a.name, &sh("env | grep -i _proxy")).await.unwrap();
    assert!(!out.success(), "deny must not advertise a proxy");
    let out = rt
        .exec(
            &a.name,
            &sh("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"),
        )
        .await
        .unwrap();
    assert_eq!(stdout(&out), "lo\n", "only loopback exists");
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn allowlist_admits_only_listed_destinations() {
    allowlist_admits_only_listed(&sandbox()).await;
}

pub(crate) async fn allowlist_admits_only_listed(rt: &dyn WorkloadRuntime) {
    let allowed = http_server("allowed-answer").await;
    let other = http_server("must-not-answer").await;
    let root = tempfile::tempdir().unwrap();
    let a = spec(
        "leda",
        &root.path().join("w"),
        EgressPolicy::Allowlist {
            hosts: vec![format!("127.0.0.1:{}", allowed.port)],
        },
    );
    rt.create(&a).await.unwrap();
    // Plain HTTP proxying.
    let out = curl_in(rt, &a.name, &format!("http://127.0.0.1:{}/x", allowed.port)).await;
    assert_answer(&out, "allowed-answer");
    // CONNECT tunnelling (what HTTPS clients do).
    let out = curl_in(
        rt,
        &a.name,
        &format!("-p http://127.0.0.1:{}/y", allowed.port),
    )
    .await;
    assert_answer(&out, "allowed-answer");
    // A destination not on the list is refused, by both methods.
    for flags in ["", "-p"] {
        let out = curl_in(
            rt,
            &a.name,
            &format!("{flags} http://127.0.0.1:{}/", other.port),
        )
        .await;
        assert!(!out.success(), "non-allowed destination answered ({flags})");
    }
    // A client that ignores the proxy variables reaches the allowlisted
    // loopback port through the in-sandbox forwarder (still via the proxy)…
    let out = curl_in(
        rt,
        &a.name,
        &format!("--noproxy '*' http://127.0.0.1:{}/z", allowed.port),
    )
    .await;
    assert_answer(&out, "allowed-answer");
    // …and finds no network at all for anything else.
    let out = curl_in(
        rt,
        &a.name,
        &format!("--noproxy '*' http://127.0.0.1:{}/", other.port),
    )
    .await;
    assert!(!out.success(), "a client bypassed the proxy");
    assert_eq!(other.accepted(), 0, "the refused server saw a connection");
    assert!(allowed.accepted() >= 3);
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn open_reaches_the_host() {
    open_reaches(&sandbox()).await;
}

pub(crate) async fn open_reaches(rt: &dyn WorkloadRuntime) {
    let server = http_server("open-answer").await;
    let root = tempfile::tempdir().unwrap();
    let a = spec("metis", &root.path().join("w"), EgressPolicy::Open);
    rt.create(&a).await.unwrap();
    let out = curl_in(rt, &a.name, &format!("http://127.0.0.1:{}/", server.port)).await;
    assert_eq!(stdout(&out), "open-answer");
    rt.remove(&a.name).await.unwrap();
}

#[tokio::test]
async fn an_allowlist_that_cannot_be_armed_keeps_the_workload_from_starting() {
    let root = tempfile::tempdir().unwrap();
    // No forwarder binary: fail closed.
    let rt = compass_runtime::SandboxRuntime::new(SandboxConfig {
        relay: Some(root.path().join("no-such-relay")),
        ..SandboxConfig::discover()
    })
    .unwrap();
    let state = root.path().join("w");
    let a = spec(
        "nix",
        &state,
        EgressPolicy::Allowlist {
            hosts: vec!["example.com".into()],
        },
    );
    let err = rt.create(&a).await.unwrap_err();
    assert!(matches!(err, RuntimeError::Egress { .. }), "{err}");
    assert!(!state.exists(), "a refused workload left state behind");
    assert!(!rt.exists(&a.name).await.unwrap());
    // A malformed entry: fail closed too, naming the entry.
    let rt = sandbox();
    let bad = spec(
        "nix",
        &state,
        EgressPolicy::Allowlist {
            hosts: vec!["http://example.com/path".into()],
        },
    );
    let err = rt.create(&bad).await.unwrap_err();
    assert!(err.to_string().contains("http://example.com/path"), "{err}");
    assert!(!state.exists());
}

#[tokio::test]
async fn the_host_tier_refuses_egress_policies() {
    let rt = compass_runtime::HostRuntime::new();
    let root = tempfile::tempdir().unwrap();
    for egress in [
        EgressPolicy::Deny,
        EgressPolicy::Allowlist { hosts: vec![] },
    ] {
        let state = root.path().join("w");
        let err = rt
            .create(&spec("oberon", &state, egress))
            .await
            .unwrap_err();
        assert!(matches!(err, RuntimeError::Unsupported { .. }), "{err}");
        assert!(!state.exists());
    }
}
