//! `compass bench fleet`: N named agents started through the daemon's own
//! RPCs — each a workload with a full clone, a hook socket and a live ACP
//! session — then left idle. Reports the start time per agent, the daemon's
//! memory (the target: under 200 MB with 50 agents), what the workloads
//! cost together, and the daemon's CPU while the fleet idles.

use crate::bench::summarize;
use crate::client::{Rpc, connect};
use crate::{CliResult, out};
use anyhow::{Context, anyhow};
use compass_daemon::paths::DataDir;
use compass_daemon::{Daemon, DaemonConfig};
use compass_proto::v1 as pb;
use compass_runtime::bench::{ChildMemory, own_rss};
use std::time::{Duration, Instant};

/// How long the fleet idles while the daemon's CPU is measured.
const IDLE_WINDOW: Duration = Duration::from_secs(10);

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// User + system CPU time of this process, seconds.
fn own_cpu_seconds() -> f64 {
    let stat = fs_err::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the parenthesised command: utime is the 12th, stime the 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // USER_HZ is 100 on Linux.
    (ticks(11) + ticks(12)) / 100.0
}

/// A small repository the agents clone.
fn make_repo(dir: &std::path::Path) -> anyhow::Result<()> {
    fs_err::create_dir_all(dir.join("src"))?;
    for i in 0..50 {
        fs_err::write(
            dir.join("src").join(format!("m{i}.rs")),
            format!("pub fn f{i}() -> u32 {{ {i} }}\n"),
        )?;
    }
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

pub(crate) async fn fleet_bench(agents: usize, backend: &str) -> CliResult {
    let scratch = tempfile::tempdir()?;
    let repo = scratch.path().join("repo");
    make_repo(&repo)?;
    let mut config = DaemonConfig::new(DataDir::new(scratch.path().join("home")));
    config.backend = backend.to_owned();
    let daemon = Daemon::start(config).await?;
    let mut client = connect(&daemon.socket).await?;
    let (rss_empty, _) = own_rss();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    out(&format!(
        "compass bench fleet: {agents} idle agents through the daemon, {backend} backend, {cores} cores"
    ));
    client
        .create_project(pb::CreateProjectRequest {
            name: "bench".into(),
            repos: vec![repo.display().to_string()],
            directories: vec![],
            theme: String::new(),
        })
        .await
        .rpc()?;

    let mut starts = Vec::with_capacity(agents);
    let all = Instant::now();
    for i in 0..agents {
        let agent = client
            .create_agent(pb::CreateAgentRequest {
                project: "bench".into(),
                name: format!("bench{i}"),
                persona: String::new(),
                kind: "scripted".into(),
                model: String::new(),
                lifetime: pb::Lifetime::Persistent.into(),
            })
            .await
            .rpc()?;
        let started = Instant::now();
        client
            .start_agent(pb::StartAgentRequest {
                agent: Some(pb::AgentRef {
                    agent: agent.id,
                    project: "bench".into(),
                }),
                scenario: String::new(),
            })
            .await
            .rpc()
            .with_context(|| format!("starting agent {i}"))?;
        starts.push(u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX));
    }
    let total = all.elapsed();
    let start = summarize(starts);
    out(&format!(
        "  start (workload + clone + hook socket + ACP session): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms; all {agents} in {:.1} s",
        start.p50_ms,
        start.p99_ms,
        start.max_ms,
        total.as_secs_f64()
    ));

    let cpu_before = own_cpu_seconds();
    tokio::time::sleep(IDLE_WINDOW).await;
    let idle_cpu = (own_cpu_seconds() - cpu_before) / IDLE_WINDOW.as_secs_f64() * 100.0;
    let (rss, peak) = own_rss();
    let me = i32::try_from(std::process::id()).unwrap_or(0);
    let children = ChildMemory::of(me);
    let per_agent = |b: u64| mib(b) / agents.max(1) as f64;
    out(&format!(
        "  daemon: RSS {:.1} MiB with {agents} agents (target < 200 MiB; {:.1} MiB with none, {:.2} MiB per agent), peak {:.1} MiB; idle CPU {idle_cpu:.1}% of one core over {} s",
        mib(rss),
        mib(rss_empty),
        (mib(rss) - mib(rss_empty)) / agents.max(1) as f64,
        mib(peak),
        IDLE_WINDOW.as_secs()
    ));
    out(&format!(
        "  workloads: {} processes, RSS {:.1} MiB ({:.2} MiB per agent), PSS {:.1} MiB ({:.2} MiB per agent)",
        children.processes,
        mib(children.rss_bytes),
        per_agent(children.rss_bytes),
        mib(children.pss_bytes),
        per_agent(children.pss_bytes)
    ));
    drop(client);
    daemon.shutdown().await?;
    Ok(())
}
