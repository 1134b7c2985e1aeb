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

/// One hook client's figures.
#[derive(Debug, Clone, Default)]
pub struct ClientFigures {
    /// What was run (`compass-hook`, `compass hook`).
    pub label: String,
    pub p50_us: u64,
    pub p99_us: u64,
    /// p50 / the bare spawn's p50.
    pub ratio: f64,
    /// CPU (user + system) the client process used per call, µs.
    pub cpu_us: u64,
}

/// Hook round-trip figures.
#[derive(Debug, Clone, Default)]
pub struct RoundTripBench {
    pub iterations: usize,
    pub clients: Vec<ClientFigures>,
    pub spawn_p50_us: u64,
    pub spawn_p99_us: u64,
    /// CPU a bare `/bin/true` used per spawn, µs.
    pub spawn_cpu_us: u64,
    /// Every hook call answered with exit 0 (clear).
    pub all_answered: bool,
}

impl fmt::Display for RoundTripBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "hook round trip (process start to answer, rules-only Warden), {} iterations",
            self.iterations
        )?;
        for c in &self.clients {
            writeln!(
                f,
                "  {:<14} p50 {:>6} µs  p99 {:>6} µs  {:.2}x a bare spawn (p50)  CPU {:>5} µs per call",
                c.label, c.p50_us, c.p99_us, c.ratio, c.cpu_us
            )?;
        }
        writeln!(
            f,
            "  {:<14} p50 {:>6} µs  p99 {:>6} µs                           CPU {:>5} µs per call",
            "bare spawn", self.spawn_p50_us, self.spawn_p99_us, self.spawn_cpu_us
        )?;
        writeln!(f, "  answered every call: {}", self.all_answered)
    }
}

/// A hook client to measure: its label and the command that runs it
/// against the socket path it is given (e.g. `compass-hook claude-code
/// PreToolUse --socket P`).
pub type HookClient = (String, Arc<dyn Fn(&Path) -> Command + Send + Sync>);

/// CPU time (user + system) of this process's reaped children, in µs
/// (`/proc/self/stat` cutime + cstime, USER_HZ = 100 ticks a second). A
/// child's time is added when it is waited for.
fn reaped_children_cpu_us() -> u64 {
    fs_err::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| {
            let fields: Vec<u64> = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .skip(13)
                .take(2)
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            Some(fields.iter().sum::<u64>() * 10_000)
        })
        .unwrap_or(0)
}

/// Run `cmd` to its end with `stdin` fed; its duration in µs, its CPU
/// in µs and whether it exited 0.
fn timed_run(mut cmd: Command, stdin: &[u8]) -> Result<(u64, u64, bool), WardenError> {
    let io = |what: &str| {
        let what = what.to_owned();
        move |e| WardenError::Io {
            path: what.into(),
            source: e,
        }
    };
    let cpu = reaped_children_cpu_us();
    let t = Instant::now();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(io("hook command"))?;
    if let Some(mut pipe) = child.stdin.take() {
        use std::io::Write;
        pipe.write_all(stdin).map_err(io("hook stdin"))?;
    }
    let out = child.wait_with_output().map_err(io("hook command"))?;
    Ok((
        us(t),
        reaped_children_cpu_us().saturating_sub(cpu),
        out.status.success(),
    ))
}

/// Measure each hook client from process start to answer, interleaved
/// with spawning `/bin/true` (the baseline, measured in the same run). The
/// function serves a rules-only Warden on a temporary socket for the run.
pub async fn bench_hook_roundtrip(
    clients: Vec<HookClient>,
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
        let mut times = vec![Vec::with_capacity(iterations); clients.len()];
        let mut cpu = vec![0u64; clients.len()];
        let (mut spawn_t, mut spawn_cpu) = (Vec::with_capacity(iterations), 0u64);
        let mut all_answered = true;
        for _ in 0..iterations {
            let (t, c, _) = timed_run(Command::new("/bin/true"), b"")?;
            spawn_t.push(t);
            spawn_cpu += c;
            for (i, (_, hook)) in clients.iter().enumerate() {
                let (t, c, ok) = timed_run(hook(&sock2), payload)?;
                times[i].push(t);
                cpu[i] += c;
                all_answered &= ok;
            }
        }
        spawn_t.sort_unstable();
        let spawn_p50 = percentile(&spawn_t, 50.0).max(1);
        let per_call = |total: u64| total / u64::try_from(iterations.max(1)).unwrap_or(1);
        let figures = clients
            .iter()
            .zip(times.iter_mut().zip(cpu))
            .map(|((label, _), (t, c))| {
                t.sort_unstable();
                let p50 = percentile(t, 50.0);
                ClientFigures {
                    label: label.clone(),
                    p50_us: p50,
                    p99_us: percentile(t, 99.0),
                    ratio: p50 as f64 / spawn_p50 as f64,
                    cpu_us: per_call(c),
                }
            })
            .collect();
        Ok(RoundTripBench {
            iterations,
            clients: figures,
            spawn_p50_us: spawn_p50,
            spawn_p99_us: percentile(&spawn_t, 99.0),
            spawn_cpu_us: per_call(spawn_cpu),
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
