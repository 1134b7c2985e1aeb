//! Helpers shared by the suite: spec building, polling with a deadline, and
//! scanning the host's process list.

use compass_runtime::{EgressPolicy, ExecOutput, ExecSpec, Resources, WorkloadName, WorkloadSpec};
pub(crate) use compass_test_support::git::git;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

pub(crate) fn name(raw: &str) -> WorkloadName {
    WorkloadName::parse(raw).unwrap()
}

pub(crate) fn spec(raw: &str, state_dir: &Path, egress: EgressPolicy) -> WorkloadSpec {
    WorkloadSpec {
        name: name(raw),
        state_dir: state_dir.to_path_buf(),
        mounts: Vec::new(),
        env: BTreeMap::from([("COMPASS_TEST_SPEC_VAR".to_owned(), "from-spec".to_owned())]),
        egress,
        resources: Resources::default(),
        config_etc: Vec::new(),
    }
}

pub(crate) fn sh(script: &str) -> ExecSpec {
    ExecSpec {
        argv: vec!["/bin/sh".into(), "-c".into(), script.into()],
        ..ExecSpec::default()
    }
}

pub(crate) fn stdout(out: &ExecOutput) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Poll `cond` until it holds or `limit` passes; returns whether it held.
pub(crate) async fn eventually(limit: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if cond() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Every host process's argv, NUL-separated args joined by spaces.
pub(crate) fn all_cmdlines() -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if let Ok(raw) = std::fs::read(format!("/proc/{pid}/cmdline")) {
            let line = raw
                .split(|b| *b == 0)
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect::<Vec<_>>()
                .join(" ");
            out.push((pid, line));
        }
    }
    out
}

/// Whether any live (non-zombie) host process has `needle` in its argv.
pub(crate) fn process_with_arg(needle: &str) -> bool {
    all_cmdlines().into_iter().any(|(pid, line)| {
        line.contains(needle)
            && fs_err::read_to_string(format!("/proc/{pid}/stat"))
                .map(|s| {
                    let rest = &s[s.rfind(')').unwrap_or(0) + 1..];
                    !rest.trim_start().starts_with('Z')
                })
                .unwrap_or(false)
    })
}

/// A unique decimal number usable as a `sleep` argument marker.
pub(crate) fn marker() -> String {
    let n: u32 = rand_u32();
    format!("7{:09}", n % 1_000_000_000)
}

fn rand_u32() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id() as u64);
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos(),
    );
    h.finish() as u32
}

/// The sandbox runtime under test; fails loudly if bwrap is missing.
pub(crate) fn sandbox() -> compass_runtime::SandboxRuntime {
    sandbox_with(compass_runtime::SandboxConfig::discover())
}

/// The sandbox runtime with the SIGSTOP-sweep fallback instead of a cgroup.
pub(crate) fn sandbox_sweep() -> compass_runtime::SandboxRuntime {
    sandbox_with(compass_runtime::SandboxConfig {
        freezer: None,
        ..compass_runtime::SandboxConfig::discover()
    })
}

pub(crate) fn sandbox_with(
    mut config: compass_runtime::SandboxConfig,
) -> compass_runtime::SandboxRuntime {
    config.relay = Some(env!("CARGO_BIN_EXE_compass-netns-relay").into());
    match compass_runtime::SandboxRuntime::new(config) {
        Ok(rt) => rt,
        Err(e) => panic!("these tests need bubblewrap (apt-get install bubblewrap): {e}"),
    }
}

/// A loopback HTTP server answering every request with `body`; counts the
/// connections it accepted.
pub(crate) struct TestServer {
    pub(crate) port: u16,
    pub(crate) accepted: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

pub(crate) async fn http_server(body: &'static str) -> TestServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = accepted.clone();
    tokio::spawn(async move {
        while let Ok((conn, _)) = listener.accept().await {
            count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            tokio::spawn(answer_once(conn, body));
        }
    });
    TestServer { port, accepted }
}

/// Read one request head from `conn`, answer `body` with 200 and close.
pub(crate) async fn answer_once<C>(mut conn: C, body: &'static str)
where
    C: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut buf = vec![0u8; 8192];
    let mut seen = Vec::new();
    while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
        match conn.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
        }
    }
    let reply = format!(
        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = conn.write_all(reply.as_bytes()).await;
    let _ = conn.shutdown().await;
}

impl TestServer {
    pub(crate) fn accepted(&self) -> usize {
        self.accepted.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A host-side git repo with `files` small files and one commit.
pub(crate) fn make_repo(dir: &Path, files: usize) {
    fs_err::create_dir_all(dir).unwrap();
    for i in 0..files {
        let sub = dir.join(format!("d{}", i % 20));
        fs_err::create_dir_all(&sub).unwrap();
        fs_err::write(sub.join(format!("f{i}.txt")), format!("file {i}\n")).unwrap();
    }
    git(dir, &["init", "--quiet", "-b", "main"]);
    git(dir, &["add", "-A"]);
    git(
        dir,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "--quiet",
            "-m",
            "init",
        ],
    );
}

/// Every `.rs` file under `dir`, recursively.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs_err::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}
