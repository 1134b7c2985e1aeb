//! `compass bench agents`: N scripted agents, each in its own workload,
//! each running one turn of `tool_calls` tool calls, all at once. Reports
//! session updates per second end to end (agent stdout → sink), update
//! latency (the agent stamps each update with its send time), and CPU and
//! peak RSS per agent (each agent reports its own from /proc) and for the
//! client side (this process).

use crate::error::AcpError;
use crate::session::{AcpSession, SessionConfig};
use crate::sink::EventSink;
use compass_core::event::{AgentUpdate, EventKind, NewEvent};
use compass_core::gate::Gate;
use compass_core::id::AgentId;
use compass_runtime::{
    EgressPolicy, ExecSpec, Layout, Mount, Resources, WorkloadName, WorkloadRuntime, WorkloadSpec,
};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    pub agents: usize,
    pub tool_calls: u32,
    /// Pause between tool calls in each agent (0: as fast as possible —
    /// a throughput figure; latency then measures queueing).
    pub pace_ms: u64,
    /// The scripted agent's path as seen inside the workloads.
    pub agent_bin: PathBuf,
    /// Host directory under which each workload's state dir is made.
    pub state_root: PathBuf,
    /// Where the workload's work dir appears inside (`/work` for the
    /// sandbox); `None`: the host path itself (host backend).
    pub inner_work: Option<PathBuf>,
    pub mounts: Vec<Mount>,
    pub egress: EgressPolicy,
}

/// The figures.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchReport {
    pub agents: usize,
    pub tool_calls_per_agent: u32,
    pub pace_ms: u64,
    pub cores: usize,
    pub updates: u64,
    pub wall: Duration,
    pub updates_per_sec: f64,
    pub latency_p50_ms: f64,
    pub latency_p99_ms: f64,
    pub latency_max_ms: f64,
    pub latency_samples: usize,
    /// Mean CPU time per agent process, as each agent reported it.
    pub agent_cpu_ms_mean: f64,
    /// Mean peak RSS per agent process.
    pub agent_rss_kb_mean: f64,
    /// CPU time of this (client) process during the run, per agent.
    pub client_cpu_ms_per_agent: f64,
    /// Peak RSS of this process.
    pub client_rss_kb: u64,
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "agents={} tool_calls/agent={} pace={}ms cores={} updates={} wall={:.2}s updates/s={:.0} \
latency p50={:.2}ms p99={:.2}ms max={:.2}ms (n={}) agent cpu={:.0}ms rss={:.0}KiB \
client cpu/agent={:.1}ms client rss={}KiB",
            self.agents,
            self.tool_calls_per_agent,
            self.pace_ms,
            self.cores,
            self.updates,
            self.wall.as_secs_f64(),
            self.updates_per_sec,
            self.latency_p50_ms,
            self.latency_p99_ms,
            self.latency_max_ms,
            self.latency_samples,
            self.agent_cpu_ms_mean,
            self.agent_rss_kb_mean,
            self.client_cpu_ms_per_agent,
            self.client_rss_kb,
        )
    }
}

#[derive(Default)]
struct BenchSink {
    updates: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    stats: Mutex<Vec<(u64, u64)>>,
}

/// Wall-clock microseconds, the clock the stamps use.
pub fn now_us() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// The ` @t=<unix µs>` stamp a scripted agent appends in bench mode.
pub fn stamp(text: &str) -> Option<u64> {
    text.rsplit_once(" @t=")?.1.trim().parse().ok()
}

/// A `key=<n>` field of the scripted agent's `stats …` report.
pub fn field(text: &str, key: &str) -> Option<u64> {
    text.split_whitespace()
        .find_map(|w| w.strip_prefix(key))
        .and_then(|v| v.parse().ok())
}

/// A `key=<n>,<n>,…` list field of the scripted agent's `stats …` report
/// (empty when the field is absent or empty).
pub fn list(text: &str, key: &str) -> Vec<u64> {
    text.split_whitespace()
        .find_map(|w| w.strip_prefix(key))
        .map(|v| v.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default()
}

impl EventSink for BenchSink {
    fn emit(&self, event: NewEvent) {
        let EventKind::AgentUpdate { update } = &event.kind else {
            return;
        };
        self.updates.fetch_add(1, Ordering::Relaxed);
        let text = match update {
            AgentUpdate::ToolCall { title, .. } => title.as_str(),
            AgentUpdate::MessageChunk { text } => text.as_str(),
            _ => return,
        };
        if let Some(sent) = stamp(text) {
            let lat = now_us().saturating_sub(sent);
            if let Ok(mut l) = self.latencies_us.lock() {
                l.push(lat);
            }
        }
        if text.starts_with("stats ")
            && let (Some(cpu), Some(rss)) = (field(text, "cpu_ms="), field(text, "rss_kb="))
            && let Ok(mut s) = self.stats.lock()
        {
            s.push((cpu, rss));
        }
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * (sorted.len() as f64 - 1.0)).round() as usize;
    sorted[rank.min(sorted.len() - 1)] as f64 / 1000.0
}

/// Run the benchmark. Workloads `bench-0..N` are created under
/// `state_root` and removed afterwards.
pub async fn bench_agents(
    runtime: Arc<dyn WorkloadRuntime>,
    gate: Arc<dyn Gate>,
    opts: &BenchOptions,
) -> Result<BenchReport, AcpError> {
    let sink = Arc::new(BenchSink::default());
    let mut names = Vec::new();
    let mut configs = Vec::new();
    for i in 0..opts.agents {
        let name = WorkloadName::parse(&format!("bench-{i}"))
            .map_err(|e| AcpError::Registry(e.to_string()))?;
        let state_dir = opts.state_root.join(format!("bench-{i}"));
        runtime
            .create(&WorkloadSpec {
                name: name.clone(),
                state_dir: state_dir.clone(),
                mounts: opts.mounts.clone(),
                env: BTreeMap::new(),
                egress: opts.egress.clone(),
                resources: Resources::default(),
                config_etc: Vec::new(),
            })
            .await?;
        names.push(name.clone());
        let host_work = Layout::new(&state_dir).work;
        fs_err::write(host_work.join("bench.txt"), "benchmark input\n")
            .map_err(|e| AcpError::Runtime(compass_runtime::RuntimeError::Other(e.to_string())))?;
        let cwd = opts.inner_work.clone().unwrap_or(host_work);
        let mut config = SessionConfig::new(
            AgentId(format!("agt_bench{i}")),
            name,
            ExecSpec {
                argv: vec![
                    opts.agent_bin.display().to_string(),
                    "--bench".into(),
                    opts.tool_calls.to_string(),
                    "--bench-file".into(),
                    "bench.txt".into(),
                    "--bench-pace-ms".into(),
                    opts.pace_ms.to_string(),
                ],
                cwd: Some(cwd.clone()),
                ..ExecSpec::default()
            },
            cwd,
        );
        config.timeouts.prompt_idle = Duration::from_secs(120);
        configs.push(config);
    }
    let result = run(&runtime, &gate, &sink, &configs, opts).await;
    for name in &names {
        let _ = runtime.remove(name).await;
    }
    result
}

async fn run(
    runtime: &Arc<dyn WorkloadRuntime>,
    gate: &Arc<dyn Gate>,
    sink: &Arc<BenchSink>,
    configs: &[SessionConfig],
    opts: &BenchOptions,
) -> Result<BenchReport, AcpError> {
    let starts = configs.iter().map(|c| {
        let sink: Arc<dyn EventSink> = sink.clone();
        AcpSession::start(Arc::clone(runtime), Arc::clone(gate), sink, c, None)
    });
    let sessions: Vec<AcpSession> = futures::future::join_all(starts)
        .await
        .into_iter()
        .collect::<Result<_, _>>()?;
    let before_updates = sink.updates.load(Ordering::Relaxed);
    let cpu_before = compass_runtime::bench::own_cpu_ms();
    let started = Instant::now();
    let turns = futures::future::join_all(sessions.iter().map(|s| s.prompt("bench"))).await;
    let wall = started.elapsed();
    let cpu_after = compass_runtime::bench::own_cpu_ms();
    for s in &sessions {
        s.shutdown().await;
    }
    for t in turns {
        t?;
    }
    let updates = sink.updates.load(Ordering::Relaxed) - before_updates;
    let mut lat = match sink.latencies_us.lock() {
        Ok(l) => l.clone(),
        Err(p) => p.into_inner().clone(),
    };
    lat.sort_unstable();
    let stats = match sink.stats.lock() {
        Ok(s) => s.clone(),
        Err(p) => p.into_inner().clone(),
    };
    let n = stats.len().max(1) as f64;
    let agents = opts.agents.max(1) as f64;
    Ok(BenchReport {
        agents: opts.agents,
        tool_calls_per_agent: opts.tool_calls,
        pace_ms: opts.pace_ms,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        updates,
        wall,
        updates_per_sec: updates as f64 / wall.as_secs_f64().max(1e-9),
        latency_p50_ms: percentile(&lat, 50.0),
        latency_p99_ms: percentile(&lat, 99.0),
        latency_max_ms: lat.last().map_or(0.0, |m| *m as f64 / 1000.0),
        latency_samples: lat.len(),
        agent_cpu_ms_mean: stats.iter().map(|s| s.0 as f64).sum::<f64>() / n,
        agent_rss_kb_mean: stats.iter().map(|s| s.1 as f64).sum::<f64>() / n,
        client_cpu_ms_per_agent: cpu_after.saturating_sub(cpu_before) as f64 / agents,
        client_rss_kb: compass_runtime::bench::own_rss().1 / 1024,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_and_stats_parse() {
        assert_eq!(stamp("Read /w/bench.txt @t=1234"), Some(1234));
        assert_eq!(stamp("no stamp"), None);
        assert_eq!(
            field("stats cpu_ms=30 rss_kb=4000 @t=5", "rss_kb="),
            Some(4000)
        );
        let report = "stats cpu_ms=30 rss_kb=4000 hook_us=900,1200,15000 @t=5";
        assert_eq!(list(report, "hook_us="), [900, 1200, 15000]);
        assert!(list("stats cpu_ms=30 hook_us= @t=5", "hook_us=").is_empty());
        assert!(list("stats cpu_ms=30", "hook_us=").is_empty());
        assert_eq!(percentile(&[1000, 2000, 3000], 50.0), 2.0);
        assert_eq!(percentile(&[], 99.0), 0.0);
    }
}
