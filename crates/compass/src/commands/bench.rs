//! `compass bench …`: whole-system figures, printed so runs can be compared
//! (medians, p99, the core count, and a baseline measured in the same run).

mod confine;
mod daemon;
mod dispatch;
#[cfg(feature = "bench")]
mod sync;

use crate::cli::BenchCmd;
use crate::client::{Rpc, connect};
use crate::{CliResult, out};
use anyhow::{Context, anyhow};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_daemon::paths::DataDir;
use compass_daemon::{Daemon, DaemonConfig};
use compass_proto::v1 as pb;
use compass_runtime::Backend;
use futures::StreamExt;
use std::time::{Duration, Instant};

pub(crate) async fn run(cmd: BenchCmd) -> CliResult {
    match cmd {
        BenchCmd::Events {
            subscribers,
            events,
            writers,
            rate,
            paced_events,
        } => {
            events_bench(
                subscribers,
                events,
                writers.max(1),
                rate.max(1),
                paced_events,
            )
            .await
        }
        BenchCmd::Launch {
            files,
            iterations,
            idle,
            backend,
        } => {
            let scratch = tempfile::tempdir()?;
            let mut options = compass_runtime::bench::LaunchOptions::new(scratch.path());
            options.files = files;
            options.iterations = iterations.max(1);
            options.idle_agents = idle;
            options.backend = backend.into();
            out(&compass_runtime::bench::launch(options).await?.to_string())?;
            Ok(())
        }
        BenchCmd::Agents {
            agents,
            tool_calls,
            pace_ms,
            backend,
            through_daemon: false,
            ..
        } => agents_bench(&agents, tool_calls, pace_ms, backend.into()).await,
        BenchCmd::Agents {
            agents,
            tool_calls,
            pace_ms,
            backend,
            through_daemon: true,
            no_hooks,
            stagger,
            hook_transport,
        } => {
            daemon::agents(daemon::BusyRun {
                counts: &agents,
                tool_calls,
                pace_ms,
                backend: backend.into(),
                hooks: !no_hooks,
                stagger,
                transport: hook_transport.map(Into::into),
            })
            .await
        }
        BenchCmd::Dispatch {
            issues,
            agents,
            selected,
            runs,
        } => {
            dispatch::run(dispatch::DispatchRun {
                issues: issues.max(1),
                agents: agents.max(1),
                selected: selected.max(1),
                runs: runs.max(1),
            })
            .await
        }
        BenchCmd::Fleet { agents, backend } => daemon::fleet(agents.max(1), backend.into()).await,
        BenchCmd::Confine { iterations } => {
            out(&confine::run(iterations.max(1))?.to_string())?;
            Ok(())
        }
        BenchCmd::Gate {
            iterations,
            hook_iterations,
        } => {
            out(&compass_warden::bench::bench_gate(iterations.max(1))
                .await?
                .to_string())?;
            out(&compass_warden::bench::bench_hook_roundtrip(
                hook_clients()?,
                hook_iterations.max(1),
            )
            .await?
            .to_string())?;
            Ok(())
        }
    }
}

/// The hook clients `bench gate` measures: the `compass-hook` binary the
/// daemon's hook configs call (when installed beside this one) and the
/// `compass hook` verb, each asking the socket it is given.
fn hook_clients() -> anyhow::Result<Vec<compass_warden::bench::HookClient>> {
    let me = std::env::current_exe()?;
    let small = me.with_file_name("compass-hook");
    let mut clients: Vec<compass_warden::bench::HookClient> = Vec::new();
    if small.is_file() {
        clients.push((
            "compass-hook".to_owned(),
            std::sync::Arc::new(move |socket: &std::path::Path| {
                let mut cmd = std::process::Command::new(&small);
                cmd.args(["claude-code", "PreToolUse", "--socket"])
                    .arg(socket);
                cmd
            }),
        ));
    }
    clients.push((
        "compass hook".to_owned(),
        std::sync::Arc::new(move |socket: &std::path::Path| {
            let mut cmd = std::process::Command::new(&me);
            cmd.args(["hook", "claude-code", "PreToolUse", "--socket"])
                .arg(socket);
            cmd
        }),
    ));
    Ok(clients)
}

/// Sorted latencies in nanoseconds, summarised.
pub(crate) struct Summary {
    pub(crate) p50_ms: f64,
    pub(crate) p99_ms: f64,
    pub(crate) max_ms: f64,
}

pub(crate) fn summarize(mut nanos: Vec<u64>) -> Summary {
    nanos.sort_unstable();
    let at = |q: f64| {
        let idx = ((nanos.len() as f64 - 1.0) * q).round() as usize;
        nanos.get(idx).copied().unwrap_or(0) as f64 / 1e6
    };
    Summary {
        p50_ms: at(0.50),
        p99_ms: at(0.99),
        max_ms: at(1.0),
    }
}

fn marker(label: &str, sent_ns: u64) -> NewEvent {
    NewEvent {
        scope: Scope::default(),
        kind: EventKind::Marker {
            label: label.to_owned(),
            payload: sent_ns.to_string(),
        },
    }
}

fn elapsed_ns(epoch: Instant) -> u64 {
    u64::try_from(epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// One subscribed client: receives `expect` markers labelled `label` and
/// returns each one's append→receive latency.
async fn subscriber(
    socket: std::path::PathBuf,
    after: u64,
    label: &'static str,
    expect: usize,
    epoch: Instant,
    ready: tokio::sync::mpsc::Sender<()>,
) -> anyhow::Result<Vec<u64>> {
    let mut client = connect(&socket).await?;
    let mut stream = client
        .subscribe(pb::SubscribeRequest { after_seq: after })
        .await
        .rpc()?;
    let _ = ready.send(()).await;
    let mut latencies = Vec::with_capacity(expect);
    while latencies.len() < expect {
        let event = stream
            .next()
            .await
            .ok_or_else(|| anyhow!("stream ended early"))??;
        if let Some(pb::event::Kind::Marker(m)) = event.kind
            && m.label == label
        {
            let sent: u64 = m.payload.parse().context("marker payload")?;
            latencies.push(elapsed_ns(epoch).saturating_sub(sent));
        }
    }
    Ok(latencies)
}

async fn events_bench(
    subscribers: usize,
    events: usize,
    writers: usize,
    rate: u32,
    paced: usize,
) -> CliResult {
    let tmp = tempfile::tempdir()?;
    let daemon = Daemon::start(DaemonConfig::new(DataDir::new(tmp.path()))).await?;
    let store = daemon.store.clone();
    let epoch = Instant::now();
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    out(&format!(
        "compass bench events: {cores} cores, {subscribers} subscribers on the Unix socket, SQLite WAL"
    ))?;

    // Baseline: the store appending alone, nobody listening.
    let started = Instant::now();
    append(&store, "baseline", events, writers, epoch).await?;
    let baseline = events as f64 / started.elapsed().as_secs_f64();
    out(&format!(
        "  baseline (append only, {writers} writers): {baseline:.0} events/s"
    ))?;

    // Throughput: the same appends with every subscriber receiving all.
    let (subs, ready) =
        spawn_subscribers(&daemon, subscribers, "throughput", events, epoch).await?;
    drop(ready);
    let started = Instant::now();
    append(&store, "throughput", events, writers, epoch).await?;
    let latencies = collect(subs).await?;
    let secs = started.elapsed().as_secs_f64();
    let throughput = events as f64 / secs;
    let saturated = summarize(latencies);
    out(&format!(
        "  throughput: {events} events to {subscribers} subscribers in {secs:.2} s = {throughput:.0} events/s ({:.0} deliveries/s, {:.2}x of baseline)",
        throughput * subscribers as f64,
        throughput / baseline
    ))?;
    out(&format!(
        "    append->receive under saturation: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        saturated.p50_ms, saturated.p99_ms, saturated.max_ms
    ))?;

    // Latency: a paced load, the figure a UI feels.
    let (subs, ready) = spawn_subscribers(&daemon, subscribers, "paced", paced, epoch).await?;
    drop(ready);
    let interval = Duration::from_secs_f64(1.0 / f64::from(rate));
    let mut tick = tokio::time::interval(interval);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut pending = Vec::with_capacity(paced);
    for _ in 0..paced {
        tick.tick().await;
        let store = store.clone();
        pending.push(tokio::spawn(async move {
            store
                .write(move |tx| tx.emit(marker("paced", elapsed_ns(epoch))))
                .await
        }));
    }
    for p in pending {
        p.await??;
    }
    let paced_summary = summarize(collect(subs).await?);
    out(&format!(
        "  latency at {rate} events/s ({paced} events): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        paced_summary.p50_ms, paced_summary.p99_ms, paced_summary.max_ms
    ))?;
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    out(&format!(
        "  targets: >= 50000 events/s {}; p99 < 5 ms at {subscribers} subscribers {}",
        verdict(throughput >= 50_000.0),
        verdict(paced_summary.p99_ms < 5.0)
    ))?;
    daemon.shutdown().await?;
    Ok(())
}

type Subs = Vec<tokio::task::JoinHandle<anyhow::Result<Vec<u64>>>>;

async fn spawn_subscribers(
    daemon: &compass_daemon::RunningDaemon,
    n: usize,
    label: &'static str,
    expect: usize,
    epoch: Instant,
) -> anyhow::Result<(Subs, tokio::sync::mpsc::Sender<()>)> {
    let after = daemon.store.last_seq();
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel(n.max(1));
    let subs = (0..n)
        .map(|_| {
            tokio::spawn(subscriber(
                daemon.socket.clone(),
                after,
                label,
                expect,
                epoch,
                ready_tx.clone(),
            ))
        })
        .collect();
    for _ in 0..n {
        ready_rx
            .recv()
            .await
            .ok_or_else(|| anyhow!("a subscriber failed to connect"))?;
    }
    Ok((subs, ready_tx))
}

async fn collect(subs: Subs) -> anyhow::Result<Vec<u64>> {
    let mut all = Vec::new();
    for s in subs {
        all.extend(s.await??);
    }
    Ok(all)
}

async fn append(
    store: &compass_store::Store,
    label: &'static str,
    n: usize,
    writers: usize,
    epoch: Instant,
) -> CliResult {
    let per = n.div_ceil(writers);
    let mut tasks = Vec::new();
    for w in 0..writers {
        let store = store.clone();
        let count = per.min(n.saturating_sub(w * per));
        tasks.push(tokio::spawn(async move {
            for _ in 0..count {
                store
                    .write(move |tx| tx.emit(marker(label, elapsed_ns(epoch))))
                    .await?;
            }
            Ok::<_, compass_store::StoreError>(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    Ok(())
}

async fn agents_bench(
    counts: &[usize],
    tool_calls: u32,
    pace_ms: u64,
    backend: Backend,
) -> CliResult {
    use compass_runtime::{EgressPolicy, Mount};
    let runtime = compass_runtime::runtime_for(backend)?;
    let gate: std::sync::Arc<dyn compass_core::gate::Gate> =
        std::sync::Arc::new(compass_warden::Warden::rules_only()?);
    let bin_dir = std::env::current_exe()?
        .parent()
        .map(std::path::Path::to_owned)
        .ok_or_else(|| anyhow!("no binary dir"))?;
    let host_agent = bin_dir.join("compass-scripted-agent");
    if !host_agent.exists() {
        return Err(anyhow!(
            "{} is missing; build it with `cargo build --release`",
            host_agent.display()
        ));
    }
    for &n in counts {
        let scratch = tempfile::tempdir()?;
        let (agent_bin, inner_work, mounts, egress) = match backend {
            Backend::Host => (host_agent.clone(), None, vec![], EgressPolicy::Open),
            _ => (
                std::path::PathBuf::from("/opt/compass/bin/compass-scripted-agent"),
                Some(std::path::PathBuf::from("/work")),
                vec![Mount {
                    host_path: bin_dir.clone(),
                    workload_path: "/opt/compass/bin".into(),
                    read_only: true,
                }],
                EgressPolicy::Deny,
            ),
        };
        let opts = compass_acp::bench::BenchOptions {
            agents: n,
            tool_calls,
            pace_ms,
            agent_bin,
            state_root: scratch.path().to_owned(),
            inner_work,
            mounts,
            egress,
        };
        let report = compass_acp::bench::bench_agents(
            std::sync::Arc::clone(&runtime),
            std::sync::Arc::clone(&gate),
            &opts,
        )
        .await?;
        out(&format!(
            "{} backend, Warden rules-only gate:\n{report}",
            backend.as_str()
        ))?;
    }
    Ok(())
}
