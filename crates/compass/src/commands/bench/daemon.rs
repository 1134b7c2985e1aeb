//! Benchmarks through a whole daemon, driven over its own RPCs like any
//! client: each agent a workload with a full clone, its hook socket and a
//! live ACP session.
//!
//! - `compass bench fleet`: N agents started and left idle — start time per
//!   agent, the daemon's memory (the target: under 200 MB with 50 agents),
//!   what the workloads cost together, the daemon's CPU while they idle.
//! - `compass bench agents --through-daemon`: N agents each making tool
//!   calls, every call through the agent's native hooks and Warden, every
//!   update through the store to a client subscribed over gRPC — updates/s
//!   and latency as that client sees them, daemon CPU and RSS per agent.

use super::summarize;
use crate::client::{Client, Rpc, connect};
use crate::{CliResult, out};
use anyhow::{Context, anyhow};
use compass_acp::HookTransport;
use compass_daemon::paths::DataDir;
use compass_daemon::{Daemon, DaemonConfig, RunningDaemon};
use compass_proto::v1 as pb;
use compass_runtime::Backend;
use compass_runtime::bench::{ChildMemory, own_cpu_ms, own_rss};
use futures::StreamExt;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// How long the fleet idles while the daemon's CPU is measured.
const IDLE_WINDOW: Duration = Duration::from_secs(10);
const PROJECT: &str = "bench";

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// CPU time of this process (the daemon), seconds.
fn own_cpu_seconds() -> f64 {
    own_cpu_ms() as f64 / 1000.0
}

/// A small repository the agents clone, with the file bench agents read.
fn make_repo(dir: &std::path::Path) -> anyhow::Result<()> {
    fs_err::create_dir_all(dir.join("src"))?;
    for i in 0..50 {
        fs_err::write(
            dir.join("src").join(format!("m{i}.rs")),
            format!("pub fn f{i}() -> u32 {{ {i} }}\n"),
        )?;
    }
    fs_err::write(dir.join("bench.txt"), "benchmark input\n")?;
    for args in [
        &["init", "-q", "-b", "main"][..],
        &["add", "-A"],
        &[
            "-c",
            "user.name=bench",
            "-c",
            "user.email=bench@compass.invalid",
            "commit",
            "-q",
            "-m",
            "bench repo",
        ],
    ] {
        let ok = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .status()
            .context("running git")?
            .success();
        if !ok {
            return Err(anyhow!("git {} failed", args.join(" ")));
        }
    }
    Ok(())
}

/// A daemon on a scratch data dir with a one-repo project, and a client.
struct Bench {
    daemon: RunningDaemon,
    client: Client,
    _scratch: tempfile::TempDir,
}

impl Bench {
    /// `kinds`: a user kinds file for the daemon (the bench's own kinds).
    async fn start(backend: Backend, kinds: Option<String>) -> anyhow::Result<Self> {
        let scratch = tempfile::tempdir()?;
        let repo = scratch.path().join("repo");
        make_repo(&repo)?;
        let home = scratch.path().join("home");
        if let Some(kinds) = kinds {
            fs_err::create_dir_all(&home)?;
            fs_err::write(home.join("kinds.toml"), kinds)?;
        }
        let mut config = DaemonConfig::new(DataDir::new(home));
        config.backend = backend.as_str().to_owned();
        let daemon = Daemon::start(config).await?;
        let mut client = connect(&daemon.socket).await?;
        client
            .create_project(pb::CreateProjectRequest {
                name: PROJECT.into(),
                repos: vec![repo.display().to_string()],
                directories: vec![],
                theme: String::new(),
            })
            .await
            .rpc()?;
        Ok(Self {
            daemon,
            client,
            _scratch: scratch,
        })
    }

    /// Create and start `n` scripted agents playing `scenario`; returns
    /// their references and each start's duration in nanoseconds.
    async fn start_agents(
        &mut self,
        n: usize,
        scenario: impl Fn(usize) -> String,
    ) -> anyhow::Result<(Vec<pb::AgentRef>, Vec<u64>)> {
        let mut agents = Vec::with_capacity(n);
        let mut starts = Vec::with_capacity(n);
        for i in 0..n {
            let agent = self
                .client
                .create_agent(pb::CreateAgentRequest {
                    project: PROJECT.into(),
                    name: format!("bench{i}"),
                    persona: String::new(),
                    kind: "scripted".into(),
                    model: String::new(),
                    lifetime: pb::Lifetime::Persistent.into(),
                })
                .await
                .rpc()?;
            let reference = pb::AgentRef {
                agent: agent.id,
                project: PROJECT.into(),
            };
            let started = Instant::now();
            self.client
                .start_agent(pb::StartAgentRequest {
                    agent: Some(reference.clone()),
                    scenario: scenario(i),
                    ..Default::default()
                })
                .await
                .rpc()
                .with_context(|| format!("starting agent {i}"))?;
            starts.push(u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX));
            agents.push(reference);
        }
        Ok((agents, starts))
    }

    async fn finish(self) -> CliResult {
        drop(self.client);
        self.daemon.shutdown().await?;
        Ok(())
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub(crate) async fn fleet(agents: usize, backend: Backend) -> CliResult {
    let mut bench = Bench::start(backend, None).await?;
    let (rss_empty, _) = own_rss();
    out(&format!(
        "compass bench fleet: {agents} idle agents through the daemon, {} backend, {} cores",
        backend.as_str(),
        cores()
    ))?;
    let all = Instant::now();
    let (_, starts) = bench.start_agents(agents, |_| String::new()).await?;
    let total = all.elapsed();
    let start = summarize(starts);
    out(&format!(
        "  start (workload + clone + hook socket + ACP session): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms; all {agents} in {:.1} s",
        start.p50_ms,
        start.p99_ms,
        start.max_ms,
        total.as_secs_f64()
    ))?;

    let cpu_before = own_cpu_seconds();
    tokio::time::sleep(IDLE_WINDOW).await;
    let idle_cpu = (own_cpu_seconds() - cpu_before) / IDLE_WINDOW.as_secs_f64() * 100.0;
    let (rss, peak) = own_rss();
    let children = ChildMemory::of(i32::try_from(std::process::id()).unwrap_or(0));
    let per_agent = |b: u64| mib(b) / agents as f64;
    out(&format!(
        "  daemon: RSS {:.1} MiB with {agents} agents (target < 200 MiB; {:.1} MiB with none, {:.2} MiB per agent), peak {:.1} MiB; idle CPU {idle_cpu:.1}% of one core over {} s",
        mib(rss),
        mib(rss_empty),
        (mib(rss) - mib(rss_empty)) / agents as f64,
        mib(peak),
        IDLE_WINDOW.as_secs()
    ))?;
    out(&format!(
        "  workloads: {} processes, RSS {:.1} MiB ({:.2} MiB per agent), PSS {:.1} MiB ({:.2} MiB per agent)",
        children.processes,
        mib(children.rss_bytes),
        per_agent(children.rss_bytes),
        mib(children.pss_bytes),
        per_agent(children.pss_bytes)
    ))?;
    bench.finish().await
}

/// `p50 …, p99 …, max … (n=…)` of durations in nanoseconds.
fn spread(nanos: Vec<u64>) -> String {
    let n = nanos.len();
    let s = summarize(nanos);
    format!(
        "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (n={n})",
        s.p50_ms, s.p99_ms, s.max_ms
    )
}

/// `tool_calls` reads of bench.txt, `pace_ms` apart, after `offset_ms`,
/// stamped so the subscriber can tell each update's latency; a stats report
/// at the end. Without `hooks` no hook process runs (isolating the daemon's
/// own path).
fn busy_scenario(tool_calls: u32, pace_ms: u64, offset_ms: u64, hooks: bool) -> String {
    format!(
        "name = \"bench\"\nnative_hooks = {hooks}\nstamp_updates = true\nreport_stats = true\n[[turns]]\nsteps = [\n  {{ kind = \"pause\", ms = {offset_ms} }},\n  {{ kind = \"repeat\", count = {tool_calls}, step = {{ kind = \"group\", steps = [\n    {{ kind = \"read\", path = \"bench.txt\" }},\n    {{ kind = \"pause\", ms = {pace_ms} }},\n  ] }} }},\n]\n"
    )
}

/// A tool call slower than this (the p99 target) marks its burst.
const SLOW_CALL_NS: u64 = 20_000_000;

/// One burst of tool calls: those announced with no gap of half a pace
/// between them.
#[derive(Debug, Clone, PartialEq)]
struct Burst {
    /// Its first call, µs after the run's first call.
    at_us: u64,
    calls: usize,
    /// From its first call's announcement to its last's.
    spread_us: u64,
    max_ns: u64,
    /// Its calls over the slow mark.
    slow: usize,
}

/// The calls `(announced unix µs, latency ns)` grouped into bursts, in time
/// order: a gap of at least half a pace starts a new one.
fn bursts(mut calls: Vec<(u64, u64)>, pace_ms: u64, slow_ns: u64) -> Vec<Burst> {
    calls.sort_unstable();
    let gap_us = pace_ms.saturating_mul(1000) / 2;
    let first = calls.first().map_or(0, |c| c.0);
    let mut out: Vec<Burst> = Vec::new();
    let mut last_sent = None;
    for (sent, lat) in calls {
        let new = last_sent.is_none_or(|l: u64| sent.saturating_sub(l) >= gap_us.max(1));
        if new {
            out.push(Burst {
                at_us: sent - first,
                calls: 0,
                spread_us: 0,
                max_ns: 0,
                slow: 0,
            });
        }
        if let Some(b) = out.last_mut() {
            b.calls += 1;
            b.spread_us = sent - first - b.at_us;
            b.max_ns = b.max_ns.max(lat);
            b.slow += usize::from(lat > slow_ns);
        }
        last_sent = Some(sent);
    }
    out
}

/// Whether a run's slow calls came from bursts whose calls were announced
/// together (queueing for the cores) or from a few bursts that stalled: the
/// bursts, how spread their calls' announcements were, and each burst that
/// held a call over the slow mark.
fn burst_report(calls: Vec<(u64, u64)>, pace_ms: u64, slow_ns: u64) -> String {
    let all = bursts(calls, pace_ms, slow_ns);
    let spreads = summarize(all.iter().map(|b| b.spread_us * 1000).collect());
    let slow: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|(_, b)| b.slow > 0)
        .map(|(i, b)| {
            format!(
                "#{i} at {:.0} ms: {} of {} calls, max {:.1} ms",
                b.at_us as f64 / 1000.0,
                b.slow,
                b.calls,
                b.max_ns as f64 / 1e6
            )
        })
        .collect();
    format!(
        "bursts: {} (a gap of half a pace between calls starts one), each burst's calls announced over p50 {:.1} ms; bursts with a call over {} ms: {}{}",
        all.len(),
        spreads.p50_ms,
        slow_ns / 1_000_000,
        slow.len(),
        if slow.is_empty() {
            String::new()
        } else {
            format!(" ({})", slow.join("; "))
        }
    )
}

/// An event as the subscriber got it, with when (unix µs).
type Received = anyhow::Result<(pb::Event, u64)>;

/// The gRPC subscriber, on a thread and runtime of its own as a client
/// process (the board, the CLI) is: on the daemon's runtime its connection
/// would wait in the daemon's own run queue behind the burst it measures,
/// and it would take the daemon's CPU (its decoding counted as the daemon's).
struct Subscriber {
    thread: std::thread::JoinHandle<()>,
    stop: tokio::sync::oneshot::Sender<()>,
}

impl Subscriber {
    /// Subscribe after `after_seq`; returns once the subscription stands.
    async fn start(
        socket: std::path::PathBuf,
        after_seq: u64,
    ) -> anyhow::Result<(Self, tokio::sync::mpsc::UnboundedReceiver<Received>)> {
        let (events, received) = tokio::sync::mpsc::unbounded_channel::<Received>();
        let (ready, subscribed) = tokio::sync::oneshot::channel::<anyhow::Result<()>>();
        let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("bench-subscriber".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = ready.send(Err(e.into()));
                        return;
                    }
                };
                runtime.block_on(async move {
                    let stream = async {
                        let mut client = connect(&socket).await?;
                        client
                            .subscribe(pb::SubscribeRequest { after_seq })
                            .await
                            .rpc()
                            .map_err(|e| anyhow!("subscribing: {e:?}"))
                    };
                    let mut stream = match stream.await {
                        Ok(s) => {
                            let _ = ready.send(Ok(()));
                            s
                        }
                        Err(e) => {
                            let _ = ready.send(Err(e));
                            return;
                        }
                    };
                    loop {
                        let item = tokio::select! {
                            item = stream.next() => item,
                            _ = &mut stopped => return,
                        };
                        let Some(item) = item else { return };
                        let item = item
                            .map(|e| (e, compass_acp::bench::now_us()))
                            .map_err(anyhow::Error::from);
                        if events.send(item).is_err() {
                            return; // the bench is done with it
                        }
                    }
                });
            })?;
        subscribed
            .await
            .map_err(|_| anyhow!("the subscriber thread ended before subscribing"))??;
        Ok((Self { thread, stop }, received))
    }

    fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.thread.join();
    }
}

/// What one `--through-daemon` run does.
pub(crate) struct BusyRun<'a> {
    pub(crate) counts: &'a [usize],
    pub(crate) tool_calls: u32,
    pub(crate) pace_ms: u64,
    pub(crate) backend: Backend,
    /// Run each agent's native hooks (a `compass hook` process per call).
    pub(crate) hooks: bool,
    /// Spread the agents' first calls evenly over one pace (else all N
    /// call at once every pace).
    pub(crate) stagger: bool,
    /// How the hooks reach Warden; `None`: what the claude-code kind gets
    /// in an allowlisted sandbox.
    pub(crate) transport: Option<HookTransport>,
}

/// The transport the claude-code kind's hooks get in an allowlisted
/// workload of `backend`: what a real Claude would get.
fn claude_transport(backend: Backend) -> anyhow::Result<HookTransport> {
    let kinds = compass_acp::KindRegistry::builtin()?;
    let allowlisted = compass_runtime::EgressPolicy::Allowlist { hosts: vec![] };
    Ok(kinds
        .get("claude-code")?
        .hook_transport(compass_runtime::relay::serves_http_hooks(
            backend,
            &allowlisted,
        ))
        .transport)
}

/// The bench's kinds file: the scripted kind, replaced by one whose
/// workload is allowlisted (a never-used loopback port) as a real agent's
/// is (it reaches its model API), so it runs the egress forwarder and the
/// HTTP hook endpoint; with `Command` it has no HTTP form.
fn bench_kinds(transport: HookTransport) -> anyhow::Result<String> {
    #[derive(serde::Serialize)]
    struct File<'a> {
        version: u32,
        kind: [&'a compass_acp::AgentKind; 1],
    }
    let kinds = compass_acp::KindRegistry::builtin()?;
    let mut kind = kinds.get("scripted")?.clone();
    kind.egress = vec!["127.0.0.1:4099".into()];
    if transport == HookTransport::Command {
        kind.provision.http_hooks = None;
    }
    Ok(toml::to_string(&File {
        version: 1,
        kind: [&kind],
    })?)
}

pub(crate) async fn agents(run: BusyRun<'_>) -> CliResult {
    let BusyRun {
        counts,
        tool_calls,
        pace_ms,
        backend,
        hooks,
        stagger,
        transport,
    } = run;
    let transport = match transport {
        Some(t) => t,
        None => claude_transport(backend)?,
    };
    if hooks
        && transport == HookTransport::Http
        && !compass_runtime::relay::serves_http_hooks(
            backend,
            &compass_runtime::EgressPolicy::Allowlist { hosts: vec![] },
        )
    {
        return Err(anyhow!(
            "HTTP hooks need a workload with a loopback of its own: --backend sandbox or oci"
        ));
    }
    for &n in counts {
        let kinds = if hooks {
            Some(bench_kinds(transport)?)
        } else {
            None
        };
        let mut bench = Bench::start(backend, kinds).await?;
        let (refs, _) = bench
            .start_agents(n, |i| {
                let offset_ms = if stagger {
                    pace_ms * i as u64 / n as u64
                } else {
                    0
                };
                busy_scenario(tool_calls, pace_ms, offset_ms, hooks)
            })
            .await?;
        let ids: HashSet<String> = refs.iter().map(|r| r.agent.clone()).collect();
        let after = bench
            .client
            .get_status(pb::GetStatusRequest {})
            .await
            .rpc()?
            .last_seq;
        let (subscriber, mut stream) =
            Subscriber::start(bench.daemon.socket.clone(), after).await?;
        let cpu_before = own_cpu_seconds();
        let started = Instant::now();
        for r in &refs {
            bench
                .client
                .prompt_agent(pb::PromptAgentRequest {
                    agent: Some(r.clone()),
                    text: "bench".into(),
                })
                .await
                .rpc()?;
        }
        let (mut updates, mut ended) = (0u64, 0usize);
        let mut latencies = Vec::new();
        // The tool calls' announcements alone (the rest: the agents' messages).
        let mut call_latencies = Vec::new();
        // Each call's stamp (when the agent announced it, unix µs) and
        // latency (ns), to tell the bursts apart.
        let mut calls: Vec<(u64, u64)> = Vec::new();
        let mut stats: Vec<(u64, u64)> = Vec::new();
        let mut hook_waits = Vec::new();
        use pb::agent_update::Update;
        while ended < n {
            let (event, received_us) =
                tokio::time::timeout(Duration::from_secs(120), stream.recv())
                    .await
                    .map_err(|_| anyhow!("no update for 120 s ({ended}/{n} agents done)"))?
                    .ok_or_else(|| anyhow!("the daemon closed the event stream"))??;
            let Some(pb::event::Kind::AgentUpdate(u)) = &event.kind else {
                continue;
            };
            if !ids.contains(&event.agent_id) {
                continue;
            }
            updates += 1;
            let is_call = matches!(&u.update, Some(Update::ToolCall(_)));
            let text = match &u.update {
                Some(Update::ToolCall(t)) => t.title.as_str(),
                Some(Update::MessageChunk(m)) => m.text.as_str(),
                Some(Update::TurnEnded(_)) => {
                    ended += 1;
                    continue;
                }
                Some(Update::SessionFailed(f)) => {
                    return Err(anyhow!("an agent failed: {}", f.message));
                }
                _ => continue,
            };
            if let Some(sent) = compass_acp::bench::stamp(text) {
                let lat_us = received_us.saturating_sub(sent);
                latencies.push(lat_us * 1000);
                if is_call {
                    call_latencies.push(lat_us * 1000);
                    calls.push((sent, lat_us * 1000));
                }
            }
            if text.starts_with("stats ")
                && let (Some(cpu), Some(rss)) = (
                    compass_acp::bench::field(text, "cpu_ms="),
                    compass_acp::bench::field(text, "rss_kb="),
                )
            {
                stats.push((cpu, rss));
                hook_waits.extend(
                    compass_acp::bench::list(text, "hook_us=")
                        .into_iter()
                        .map(|us| us * 1000),
                );
            }
        }
        let wall = started.elapsed().as_secs_f64();
        let daemon_cpu_ms = (own_cpu_seconds() - cpu_before) * 1000.0;
        let (rss, _) = own_rss();
        let samples = latencies.len();
        let lat = summarize(latencies);
        let reported = stats.len().max(1) as f64;
        out(&format!(
            "compass bench agents --through-daemon: {n} agents x {tool_calls} tool calls ({pace_ms} ms apart{}), {} backend, {} cores; {}Warden, store, gRPC subscriber",
            if stagger {
                ", staggered"
            } else {
                ", all agents at once"
            },
            backend.as_str(),
            cores(),
            match (hooks, transport) {
                (false, _) => "no hooks, ",
                (true, HookTransport::Http) =>
                    "2 HTTP hook requests per call (no process) to the endpoint in the workload, ",
                (true, HookTransport::Command) =>
                    "2 native hook processes per call (sh + compass-hook), ",
            }
        ))?;
        out(&format!(
            "  {updates} updates in {wall:.2} s = {:.0} updates/s at the subscriber; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (n={samples}, target p99 < 20 ms)",
            updates as f64 / wall.max(1e-9),
            lat.p50_ms,
            lat.p99_ms,
            lat.max_ms
        ))?;
        out(&format!(
            "  of which tool calls: latency {}",
            spread(call_latencies)
        ))?;
        out(&format!(
            "  daemon: CPU {:.1} ms per agent, RSS {:.1} MiB ({:.2} MiB per agent); agent: CPU {:.0} ms, RSS {:.1} MiB (means)",
            daemon_cpu_ms / n as f64,
            mib(rss),
            mib(rss) / n as f64,
            stats.iter().map(|s| s.0 as f64).sum::<f64>() / reported,
            stats.iter().map(|s| s.1 as f64).sum::<f64>() / reported / 1024.0
        ))?;
        if !hook_waits.is_empty() {
            out(&format!(
                "  gate as the agents wait for it (hook start to decision, pre and post): {}",
                spread(hook_waits)
            ))?;
        }
        out(&format!("  {}", burst_report(calls, pace_ms, SLOW_CALL_NS)))?;
        drop(stream);
        subscriber.stop();
        bench.finish().await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Burst, burst_report, bursts};

    const MS: u64 = 1_000_000;

    #[test]
    fn calls_split_into_bursts_at_half_a_pace() {
        // Two bursts 250 ms apart; the second's calls spread over 40 ms
        // and one of them slow.
        let t0 = 1_000_000_000;
        let calls = vec![
            (t0 + 250_000 + 40_000, 3 * MS),
            (t0, 2 * MS),
            (t0 + 2_000, 4 * MS),
            (t0 + 250_000, 25 * MS),
            (t0 + 124_000, MS), // less than half a pace after the last: same burst
        ];
        let got = bursts(calls, 250, 20 * MS);
        assert_eq!(
            got,
            vec![
                Burst {
                    at_us: 0,
                    calls: 3,
                    spread_us: 124_000,
                    max_ns: 4 * MS,
                    slow: 0
                },
                Burst {
                    at_us: 250_000,
                    calls: 2,
                    spread_us: 40_000,
                    max_ns: 25 * MS,
                    slow: 1
                },
            ]
        );
        let report = burst_report(vec![(t0, 2 * MS), (t0 + 250_000, 25 * MS)], 250, 20 * MS);
        assert!(
            report.contains("bursts: 2")
                && report.contains("#1 at 250 ms: 1 of 1 calls, max 25.0 ms"),
            "{report}"
        );
        assert!(bursts(Vec::new(), 250, 20 * MS).is_empty());
    }
}
