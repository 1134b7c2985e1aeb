//! Whole-path speed figures for `compass bench gate`: in-process decision
//! time (rules only), proof that a cleared re-read runs no detector, and the
//! hook round trip from process start to answer against a bare process spawn
//! measured in the same run.

use crate::error::WardenError;
use crate::eval::percentile;
use crate::hook::serve_hook_socket;
use crate::warden::{Warden, WardenConfig, WardenDeps};
use compass_core::gate::{Gate, GateRequest, InputItem, OutputAction};
use compass_core::id::AgentId;
use std::fmt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Instant;

/// In-process figures.
#[derive(Debug, Clone, Default)]
pub struct GateBench {
    pub cores: usize,
    pub iterations: usize,
    /// New content (inspected) on the input gate.
    pub input_p50_us: u64,
    pub input_p99_us: u64,
    /// Commands on the output gate.
    pub output_p50_us: u64,
    pub output_p99_us: u64,
    /// Re-reads of cleared content.
    pub reread_p50_us: u64,
    pub reread_p99_us: u64,
    /// Detector runs during the re-reads (must be 0).
    pub reread_detector_runs: u64,
}

impl fmt::Display for GateBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "gate (rules only), {} iterations, {} cores",
            self.iterations, self.cores
        )?;
        writeln!(
            f,
            "  input  (new content)  p50 {:>6} µs  p99 {:>6} µs",
            self.input_p50_us, self.input_p99_us
        )?;
        writeln!(
            f,
            "  output (commands)     p50 {:>6} µs  p99 {:>6} µs",
            self.output_p50_us, self.output_p99_us
        )?;
        writeln!(
            f,
            "  cleared re-read       p50 {:>6} µs  p99 {:>6} µs  detector runs {}",
            self.reread_p50_us, self.reread_p99_us, self.reread_detector_runs
        )
    }
}

const SAMPLE_TEXT: &str = include_str!("../README.md");
const SAMPLE_COMMANDS: &[&str] = &[
    "cargo test -p compass-warden",
    "git status && git diff --stat",
    "grep -rn 'fn main' src | head -20",
    "curl -s https://api.github.com/repos/rust-lang/rust",
    "npm install && npm run build",
    "FOO=1 sudo -E make install",
];

fn us(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// Measure in-process decisions on a rules-only Warden.
pub async fn bench_gate(iterations: usize) -> Result<GateBench, WardenError> {
    let warden = Warden::new(
        WardenConfig {
            pause_on_flag: false,
            ..WardenConfig::default()
        },
        WardenDeps {
            audit: Arc::new(crate::audit::NullAudit),
            ..WardenDeps::in_memory()
        },
    )?;
    let agent = AgentId::from_row(1);
    let mut input = Vec::with_capacity(iterations);
    let mut output = Vec::with_capacity(iterations);
    let mut reread = Vec::with_capacity(iterations);
    let chunk: String = SAMPLE_TEXT.chars().take(4096).collect();
    // The i-th document: new the first time, a cleared re-read the second.
    let document = |i: usize| GateRequest::Input {
        agent: agent.clone(),
        item: InputItem {
            source: format!("file:/work/bench/{i}.md"),
            content: format!("{chunk}\n{i}"),
        },
    };
    for i in 0..iterations {
        let req = document(i);
        let t = Instant::now();
        let _ = warden.check(&req).await;
        input.push(us(t));
        let out = GateRequest::Output {
            agent: AgentId::from_row(i as i64 + 2),
            action: OutputAction::Command {
                command: SAMPLE_COMMANDS[i % SAMPLE_COMMANDS.len()].to_string(),
                cwd: "/work/app".into(),
            },
        };
        let t = Instant::now();
        let _ = warden.check(&out).await;
        output.push(us(t));
    }
    let runs_before = warden.detector_runs();
    for i in 0..iterations {
        let req = document(i);
        let t = Instant::now();
        let _ = warden.check(&req).await;
        reread.push(us(t));
    }
    let reread_detector_runs = warden.detector_runs() - runs_before;
    for v in [&mut input, &mut output, &mut reread] {
        v.sort_unstable();
    }
    Ok(GateBench {
        cores: std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
        iterations,
        input_p50_us: percentile(&input, 50.0),
        input_p99_us: percentile(&input, 99.0),
        output_p50_us: percentile(&output, 50.0),
        output_p99_us: percentile(&output, 99.0),
        reread_p50_us: percentile(&reread, 50.0),
        reread_p99_us: percentile(&reread, 99.0),
        reread_detector_runs,
    })
}

/// Hook round-trip figures.
#[derive(Debug, Clone, Default)]
pub struct RoundTripBench {
    pub iterations: usize,
    pub hook_p50_us: u64,
    pub hook_p99_us: u64,
    pub spawn_p50_us: u64,
    pub spawn_p99_us: u64,
    /// hook p50 / spawn p50.
    pub ratio: f64,
    /// The hook answered with exit 0 (clear) every time.
    pub all_answered: bool,
}

impl fmt::Display for RoundTripBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "hook round trip, {} iterations", self.iterations)?;
        writeln!(
            f,
            "  compass hook   p50 {:>6} µs  p99 {:>6} µs",
            self.hook_p50_us, self.hook_p99_us
        )?;
        writeln!(
            f,
            "  bare spawn     p50 {:>6} µs  p99 {:>6} µs",
            self.spawn_p50_us, self.spawn_p99_us
        )?;
        writeln!(
            f,
            "  ratio (p50)    {:.2}x  answered every call: {}",
            self.ratio, self.all_answered
        )
    }
}

/// Measure `hook` (a command that runs the hook verb against the socket path
/// it is given, e.g. `compass hook claude-code PreToolUse --socket P`) from
/// process start to answer, against spawning `/bin/true`. The function
/// serves a rules-only Warden on a temporary socket for the run.
pub async fn bench_hook_roundtrip(
    hook: Arc<dyn Fn(&Path) -> Command + Send + Sync>,
    iterations: usize,
) -> Result<RoundTripBench, WardenError> {
    let dir = std::env::temp_dir().join(format!("compass-warden-bench-{}", std::process::id()));
    fs_err::create_dir_all(&dir).map_err(|e| WardenError::Io {
        path: dir.clone(),
        source: e,
    })?;
    let sock = dir.join("hook.sock");
    let _ = fs_err::remove_file(&sock);
    let listener = tokio::net::UnixListener::bind(&sock).map_err(|e| WardenError::Io {
        path: sock.clone(),
        source: e,
    })?;
    let warden: Arc<dyn Gate> = Arc::new(Warden::new(
        WardenConfig {
            pause_on_flag: false,
            ..WardenConfig::default()
        },
        WardenDeps::in_memory(),
    )?);
    let server = tokio::spawn(serve_hook_socket(listener, AgentId::from_row(1), warden));
    let payload = br#"{"session_id":"bench","cwd":"/work/app","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cargo test"},"tool_use_id":"t1"}"#;
    let sock2 = sock.clone();
    let result = tokio::task::spawn_blocking(move || -> Result<RoundTripBench, WardenError> {
        let mut hook_t = Vec::with_capacity(iterations);
        let mut spawn_t = Vec::with_capacity(iterations);
        let mut all_answered = true;
        for _ in 0..iterations {
            let t = Instant::now();
            let st = Command::new("/bin/true")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .status()
                .map_err(|e| WardenError::Io {
                    path: "/bin/true".into(),
                    source: e,
                })?;
            spawn_t.push(us(t));
            all_answered &= st.success();

            let t = Instant::now();
            let mut cmd = hook(&sock2);
            let mut child = cmd
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .map_err(|e| WardenError::Io {
                    path: "hook command".into(),
                    source: e,
                })?;
            if let Some(mut stdin) = child.stdin.take() {
                use std::io::Write;
                stdin.write_all(payload).map_err(|e| WardenError::Io {
                    path: "hook stdin".into(),
                    source: e,
                })?;
            }
            let out = child.wait_with_output().map_err(|e| WardenError::Io {
                path: "hook command".into(),
                source: e,
            })?;
            hook_t.push(us(t));
            all_answered &= out.status.code() == Some(0);
        }
        hook_t.sort_unstable();
        spawn_t.sort_unstable();
        let hook_p50 = percentile(&hook_t, 50.0);
        let spawn_p50 = percentile(&spawn_t, 50.0).max(1);
        Ok(RoundTripBench {
            iterations,
            hook_p50_us: hook_p50,
            hook_p99_us: percentile(&hook_t, 99.0),
            spawn_p50_us: spawn_p50,
            spawn_p99_us: percentile(&spawn_t, 99.0),
            ratio: hook_p50 as f64 / spawn_p50 as f64,
            all_answered,
        })
    })
    .await
    .map_err(|e| WardenError::Store(format!("bench thread failed: {e}")))?;
    server.abort();
    let _ = fs_err::remove_file(&sock);
    let _ = fs_err::remove_dir(&dir);
    result
}
