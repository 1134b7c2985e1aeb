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

/// The model gateway's address inside (`relay::GATEWAY_LISTEN`) reaches
/// the workload's gateway socket in its run dir by every path — proxied
/// (plain HTTP and `CONNECT`) and direct (the forwarder) — and never the
/// host's own port of that number, even when a list names it.
#[tokio::test]
async fn the_gateway_address_reaches_the_gateway_socket_and_never_the_hosts_port() {
    use tokio::io::AsyncWriteExt;
    let rt = sandbox();
    // The host's own 127.0.0.1:3130: a connection here would be the
    // workload reaching the host's port instead of its gateway.
    let host_port = tokio::net::TcpListener::bind(compass_runtime::relay::GATEWAY_LISTEN)
        .await
        .expect("the host's 127.0.0.1:3130 is free for this test");
    let host_hits = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let hits = host_hits.clone();
    tokio::spawn(async move {
        while let Ok((mut conn, _)) = host_port.accept().await {
            hits.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let _ = conn
                .write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nhost")
                .await;
        }
    });
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("w");
    let a = spec(
        "tyche",
        &state,
        EgressPolicy::Allowlist {
            hosts: vec![compass_runtime::relay::GATEWAY_LISTEN.to_owned()],
        },
    );
    rt.create(&a).await.unwrap();
    // The daemon binds the gateway socket after the workload exists.
    let socket = compass_runtime::layout::Layout::new(&state)
        .run
        .join(compass_runtime::relay::GATEWAY_SOCKET_NAME);
    let listener = tokio::net::UnixListener::bind(&socket).unwrap();
    tokio::spawn(async move {
        while let Ok((conn, _)) = listener.accept().await {
            tokio::spawn(answer_once(conn, "gateway"));
        }
    });
    for flags in ["", "-p", "--noproxy '*'"] {
        let out = curl_in(
            &rt,
            &a.name,
            &format!("{flags} http://127.0.0.1:3130/v1/models"),
        )
        .await;
        assert_eq!(
            stdout(&out),
            "gateway",
            "{flags}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        host_hits.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "the workload reached the host's own port"
    );
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

/// An exec's environment is the agent's to choose (a terminal's `env`):
/// an `LD_PRELOAD` in it loads agent code into the command it runs, never
/// into the runtime's own in-sandbox binary (the egress forwarder, the
/// masks' check), which starts with a cleared environment. The preload
/// writes the executable of every process it is loaded into.
#[tokio::test]
async fn an_execs_ld_preload_never_reaches_the_forwarder() {
    let root = tempfile::tempdir().unwrap();
    let a = spec(
        "preload",
        &root.path().join("w"),
        EgressPolicy::Allowlist { hosts: vec![] },
    );
    ld_preload_reaches_only_the_command(&sandbox(), &a, root.path()).await;
}

/// Run `sh -c 'echo ran'` with an `LD_PRELOAD` in the exec's environment
/// (a library built here that writes the executable of every process it
/// is loaded into) and assert it reached the command alone: no program of
/// the runtime's and no shell before the command.
pub(crate) async fn ld_preload_reaches_only_the_command(
    rt: &impl WorkloadRuntime,
    a: &compass_runtime::WorkloadSpec,
    scratch: &std::path::Path,
) {
    rt.create(a).await.unwrap();
    let work = a.state_dir.join("work");
    let source = scratch.join("seen.c");
    fs_err::write(
        &source,
        r#"#include <stdio.h>
#include <unistd.h>
__attribute__((constructor)) static void seen(void) {
    char exe[512];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n < 0) return;
    exe[n] = 0;
    FILE *f = fopen("/work/preload-seen", "a");
    if (!f) return;
    fprintf(f, "%s\n", exe);
    fclose(f);
}
"#,
    )
    .unwrap();
    let built = std::process::Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(work.join("seen.so"))
        .arg(&source)
        .output()
        .expect("a C compiler (cc) is needed to build the test's preload");
    assert!(built.status.success(), "{built:?}");
    let mut exec = sh("echo ran");
    exec.env
        .insert("LD_PRELOAD".to_owned(), "/work/seen.so".to_owned());
    let out = rt.exec(&a.name, &exec).await.unwrap();
    assert_eq!(
        stdout(&out).trim(),
        "ran",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let seen = fs_err::read_to_string(work.join("preload-seen")).unwrap_or_default();
    // The command itself is the agent's: the preload reached it.
    assert!(
        seen.lines()
            .any(|l| l.ends_with("sh") || l.ends_with("dash")),
        "{seen}"
    );
    assert!(
        !seen.lines().any(|l| l.contains("compass")),
        "the exec's LD_PRELOAD was loaded into the runtime's own binary: {seen}"
    );
    // Nor into the shell that starts the chain before the check.
    assert_eq!(seen.lines().count(), 1, "{seen}");
    rt.remove(&a.name).await.unwrap();
}
