//! `compass bench launch`: the whole-system launch figures. One run measures
//! the Compass launch (create a workload, clone a generated repo into it,
//! spawn a process and read its first answer) against two baselines in the
//! same run — `git worktree add` of the same repo and a bare `bwrap true` —
//! then pause/resume of that running workload, and the memory of many idle
//! agent workloads. Every backend runs it; for containers the memory counts
//! what lives outside the daemon's process tree too (the container's
//! members and its conmon).
//!
//! Boundary: measures and reports; printing is the CLI's job (the report
//! implements `Display`).

use crate::error::RuntimeError;
use crate::repos::{self, RepoSource};
use crate::spec::{
    Backend, EgressPolicy, ExecSpec, Resources, SpawnedProcess, WorkloadName, WorkloadSpec,
};
use crate::workload::WorkloadRuntime;
use crate::{HostRuntime, OciRuntime, SandboxRuntime, procfs};
use compass_core::name::Name;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::Command;

/// What to measure. [`LaunchOptions::new`] gives the defaults.
#[derive(Debug, Clone)]
pub struct LaunchOptions {
    /// Scratch directory; everything made there is removed afterwards.
    pub scratch: PathBuf,
    /// Files in the generated repo.
    pub files: usize,
    /// Launches (and baseline runs) to time.
    pub iterations: usize,
    /// Idle agent workloads for the memory figure.
    pub idle_agents: usize,
    /// `Sandbox` (default), `Host` or `Oci`.
    pub backend: Backend,
}

impl LaunchOptions {
    /// 10,000 files, 10 iterations, 50 idle agents, sandbox backend.
    pub fn new(scratch: impl Into<PathBuf>) -> Self {
        Self {
            scratch: scratch.into(),
            files: 10_000,
            iterations: 10,
            idle_agents: 50,
            backend: Backend::Sandbox,
        }
    }
}

/// Median, p99 and extremes of one measured operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub samples: usize,
    pub median: Duration,
    pub p99: Duration,
    pub min: Duration,
    pub max: Duration,
}

impl Stats {
    /// Nearest-rank statistics; `None` for no samples.
    pub fn of(samples: &[Duration]) -> Option<Self> {
        if samples.is_empty() {
            return None;
        }
        let mut s = samples.to_vec();
        s.sort();
        let rank = |q: f64| {
            let idx = ((q * s.len() as f64).ceil() as usize).clamp(1, s.len()) - 1;
            s[idx]
        };
        Some(Self {
            samples: s.len(),
            median: rank(0.5),
            p99: rank(0.99),
            min: *s.first()?,
            max: *s.last()?,
        })
    }
}

/// Memory of the idle agent workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdleReport {
    pub agents: usize,
    /// The measuring process (the daemon's stand-in) after creating them.
    pub daemon_rss_bytes: u64,
    /// Sum of RSS over every workload process (shared pages counted per process).
    pub workload_rss_bytes: u64,
    /// Sum of PSS over every workload process (shared pages split fairly).
    pub workload_pss_bytes: u64,
    /// Processes the workloads consist of.
    pub workload_processes: usize,
}

/// The figures of one `bench launch` run.
#[derive(Debug, Clone)]
pub struct LaunchReport {
    pub backend: Backend,
    pub cores: usize,
    pub files: usize,
    /// create + clone + spawn + first answer.
    pub launch: Stats,
    /// Of which: the clone alone.
    pub clone: Stats,
    /// Freezing the launched workload with its process running.
    pub pause: Stats,
    /// Thawing it again.
    pub resume: Stats,
    /// Baseline: `git worktree add` of the same repo (git's defaults).
    pub worktree_add: Stats,
    /// Baseline: `git worktree add` with the parallel checkout the clone
    /// uses (`checkout.workers=0`), so the comparison is like for like.
    pub worktree_add_parallel: Stats,
    /// Baseline: a bare `bwrap ... true`.
    pub bwrap_true: Stats,
    pub idle: IdleReport,
}

impl LaunchReport {
    /// Median launch over the faster median `git worktree add` baseline
    /// (target: < 2).
    pub fn ratio_vs_worktree(&self) -> f64 {
        let base = self
            .worktree_add
            .median
            .min(self.worktree_add_parallel.median);
        self.launch.median.as_secs_f64() / base.as_secs_f64().max(1e-9)
    }

    /// The figures as JSON (durations in milliseconds), for `--json`.
    pub fn to_json(&self) -> serde_json::Value {
        let st = |s: &Stats| {
            serde_json::json!({
                "samples": s.samples,
                "median_ms": s.median.as_secs_f64() * 1000.0,
                "p99_ms": s.p99.as_secs_f64() * 1000.0,
                "min_ms": s.min.as_secs_f64() * 1000.0,
                "max_ms": s.max.as_secs_f64() * 1000.0,
            })
        };
        serde_json::json!({
            "backend": self.backend.as_str(),
            "cores": self.cores,
            "files": self.files,
            "launch": st(&self.launch),
            "clone": st(&self.clone),
            "pause": st(&self.pause),
            "resume": st(&self.resume),
            "worktree_add": st(&self.worktree_add),
            "worktree_add_parallel": st(&self.worktree_add_parallel),
            "bwrap_true": st(&self.bwrap_true),
            "ratio_vs_worktree": self.ratio_vs_worktree(),
            "idle": {
                "agents": self.idle.agents,
                "daemon_rss_bytes": self.idle.daemon_rss_bytes,
                "workload_rss_bytes": self.idle.workload_rss_bytes,
                "workload_pss_bytes": self.idle.workload_pss_bytes,
                "workload_processes": self.idle.workload_processes,
            },
            "meets_targets": self.meets_targets(),
        })
    }

    /// Whether both targets hold: launch < 2x worktree, daemon < 200 MB.
    pub fn meets_targets(&self) -> bool {
        self.ratio_vs_worktree() < 2.0 && self.idle.daemon_rss_bytes < 200 * 1024 * 1024
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn mib(b: u64) -> String {
    format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
}

impl fmt::Display for LaunchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "compass bench launch — backend {}, {} cores, repo of {} files, {} runs each",
            self.backend.as_str(),
            self.cores,
            self.files,
            self.launch.samples
        )?;
        writeln!(
            f,
            "{:<44} {:>10} {:>10} {:>10}",
            "operation", "median", "p99", "min"
        )?;
        for (label, s) in [
            ("launch (create+clone+spawn+first answer)", &self.launch),
            ("  of which clone", &self.clone),
            ("pause (running workload)", &self.pause),
            ("resume", &self.resume),
            ("baseline: git worktree add", &self.worktree_add),
            (
                "baseline: git worktree add, parallel",
                &self.worktree_add_parallel,
            ),
            ("baseline: bwrap true", &self.bwrap_true),
        ] {
            writeln!(
                f,
                "{label:<44} {:>10} {:>10} {:>10}",
                ms(s.median),
                ms(s.p99),
                ms(s.min)
            )?;
        }
        writeln!(
            f,
            "ratio launch / faster worktree add (median): {:.2}x (target < 2x)",
            self.ratio_vs_worktree()
        )?;
        writeln!(
            f,
            "{} idle agent workloads: daemon RSS {} (target < 200 MiB); workload processes {}: RSS sum {}, PSS sum {} ({} per agent)",
            self.idle.agents,
            mib(self.idle.daemon_rss_bytes),
            self.idle.workload_processes,
            mib(self.idle.workload_rss_bytes),
            mib(self.idle.workload_pss_bytes),
            mib(self.idle.workload_pss_bytes / self.idle.agents.max(1) as u64),
        )
    }
}

fn err(why: impl Into<String>) -> RuntimeError {
    RuntimeError::Other(format!("bench: {}", why.into()))
}

async fn run(cmd: &mut Command, what: &str) -> Result<(), RuntimeError> {
    let out = cmd
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .await
        .map_err(|e| RuntimeError::io(format!("bench: running {what}"), e))?;
    if !out.status.success() {
        return Err(err(format!(
            "{what} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(())
}

fn git(dir: &Path) -> Command {
    let mut c = Command::new("git");
    c.arg("-C")
        .arg(dir)
        .env("HOME", dir)
        .env("GIT_CONFIG_NOSYSTEM", "1");
    c
}

/// How long `git worktree add` of `source` at `wt` takes (git run with
/// `options` first); the worktree is removed again after.
async fn timed_worktree(
    source: &Path,
    wt: &Path,
    options: &[&str],
) -> Result<Duration, RuntimeError> {
    // Flush dirty pages before each timed step, so one step's writeback
    // is not billed to the next.
    nix::unistd::sync();
    let t = Instant::now();
    run(
        git(source)
            .args(options)
            .args(["worktree", "add", "--quiet", "--detach"])
            .arg(wt)
            .arg("HEAD"),
        "git worktree add",
    )
    .await?;
    let took = t.elapsed();
    run(
        git(source).args(["worktree", "remove", "--force"]).arg(wt),
        "git worktree remove",
    )
    .await?;
    Ok(took)
}

/// A repo of `files` small files in 100 directories, one commit, packed.
async fn generate_repo(dir: &Path, files: usize) -> Result<(), RuntimeError> {
    for i in 0..files {
        let sub = dir.join(format!("mod{:02}", i % 100));
        if i < 100 {
            fs_err::create_dir_all(&sub).map_err(|e| RuntimeError::io("bench: generating", e))?;
        }
        fs_err::write(
            sub.join(format!("file{i:05}.rs")),
            format!("// generated file {i}\npub fn f{i}() -> usize {{ {i} }}\n"),
        )
        .map_err(|e| RuntimeError::io("bench: generating", e))?;
    }
    run(git(dir).args(["init", "--quiet", "-b", "main"]), "git init").await?;
    run(git(dir).args(["add", "-A"]), "git add").await?;
    run(
        git(dir).args([
            "-c",
            "user.name=bench",
            "-c",
            "user.email=b@b",
            "commit",
            "--quiet",
            "-m",
            "gen",
        ]),
        "git commit",
    )
    .await?;
    run(
        git(dir).args(["repack", "-a", "-d", "--quiet"]),
        "git repack",
    )
    .await
}

fn spec(name: &WorkloadName, state: PathBuf) -> WorkloadSpec {
    WorkloadSpec {
        name: name.clone(),
        state_dir: state,
        mounts: Vec::new(),
        env: BTreeMap::new(),
        egress: EgressPolicy::Deny,
        resources: Resources::default(),
        config_etc: Vec::new(),
    }
}

fn answer_exec() -> ExecSpec {
    ExecSpec {
        argv: vec![
            "/bin/sh".into(),
            "-c".into(),
            // Answers every line, so a resumed workload can be asked again.
            "while read l; do echo \"ready $l\"; done".into(),
        ],
        ..ExecSpec::default()
    }
}

async fn first_answer(p: &mut SpawnedProcess) -> Result<(), RuntimeError> {
    answer(p, "go").await
}

/// Send `word`, expect `ready <word>` back.
async fn answer(p: &mut SpawnedProcess, word: &str) -> Result<(), RuntimeError> {
    p.stdin
        .write_all(format!("{word}\n").as_bytes())
        .await
        .map_err(|e| RuntimeError::io("bench: writing to the agent", e))?;
    let mut line = String::new();
    BufReader::new(&mut p.stdout)
        .read_line(&mut line)
        .await
        .map_err(|e| RuntimeError::io("bench: reading the agent", e))?;
    if line.trim() != format!("ready {word}") {
        return Err(err(format!("unexpected answer {line:?} to {word:?}")));
    }
    Ok(())
}

/// Run the whole benchmark. Everything it makes under `scratch` is removed.
pub async fn launch(options: LaunchOptions) -> Result<LaunchReport, RuntimeError> {
    let mut oci = None;
    let rt: Arc<dyn WorkloadRuntime> = match options.backend {
        Backend::Sandbox => Arc::new(SandboxRuntime::discover()?),
        Backend::Host => Arc::new(HostRuntime::new()),
        Backend::Oci => {
            let rt = OciRuntime::discover()?;
            // Before anything is made: a missing image is named up front.
            rt.probe().await?;
            oci = Some(rt.clone());
            Arc::new(rt)
        }
    };
    let root = options
        .scratch
        .join(format!("bench-{:08x}", rand::random::<u32>()));
    fs_err::create_dir_all(&root).map_err(|e| RuntimeError::io("bench: scratch dir", e))?;
    let result = launch_in(&*rt, oci.as_ref(), &options, &root).await;
    let _ = fs_err::remove_dir_all(&root);
    result
}

async fn launch_in(
    rt: &dyn WorkloadRuntime,
    oci: Option<&OciRuntime>,
    options: &LaunchOptions,
    root: &Path,
) -> Result<LaunchReport, RuntimeError> {
    let source = root.join("source");
    generate_repo(&source, options.files).await?;
    let bwrap = crate::SandboxConfig::discover().bwrap;
    let repo = RepoSource {
        name: Name::parse("app").map_err(|e| err(e.to_string()))?,
        source: source.display().to_string(),
    };
    let (mut launches, mut clones, mut worktrees, mut bwraps) = (vec![], vec![], vec![], vec![]);
    let (mut pauses, mut resumes) = (vec![], vec![]);
    let mut parallel = vec![];
    for i in 0..options.iterations.max(1) {
        // Baseline 1: git worktree add of the same repo.
        let wt = root.join(format!("wt{i}"));
        worktrees.push(timed_worktree(&source, &wt, &[]).await?);
        parallel.push(timed_worktree(&source, &wt, &["-c", "checkout.workers=0"]).await?);
        // Baseline 2: a bare bwrap.
        nix::unistd::sync();
        let t = Instant::now();
        run(
            Command::new(&bwrap).args([
                "--ro-bind",
                "/usr",
                "/usr",
                "--symlink",
                "usr/bin",
                "/bin",
                "--symlink",
                "usr/lib",
                "/lib",
                "--symlink",
                "usr/lib64",
                "/lib64",
                "--proc",
                "/proc",
                "--dev",
                "/dev",
                "--unshare-all",
                "--die-with-parent",
                "true",
            ]),
            "bwrap true",
        )
        .await?;
        bwraps.push(t.elapsed());
        // The Compass launch.
        let name = WorkloadName::parse(&format!("bench{i}")).map_err(|e| err(e.to_string()))?;
        let s = spec(&name, root.join(format!("agent{i}")));
        nix::unistd::sync();
        let t = Instant::now();
        let made = repos::provision_agent(
            rt,
            &s,
            std::slice::from_ref(&repo),
            &repos::RepoAuth::default(),
        )
        .await?;
        let mut p = rt.spawn(&name, &answer_exec()).await?;
        first_answer(&mut p).await?;
        launches.push(t.elapsed());
        clones.push(Duration::from_millis(
            made.clone_millis
                .first()
                .copied()
                .unwrap_or(0)
                .try_into()
                .unwrap_or(u64::MAX),
        ));
        let t = Instant::now();
        rt.pause(&name).await?;
        pauses.push(t.elapsed());
        let t = Instant::now();
        rt.resume(&name).await?;
        resumes.push(t.elapsed());
        // Untimed honesty check: the thawed process answers again.
        answer(&mut p, "again").await?;
        // Untimed honesty check: the clone really holds every file.
        let checked_out = count_files(&s.state_dir.join("work").join("app"));
        if checked_out < options.files {
            return Err(err(format!(
                "the clone holds {checked_out} of {} files",
                options.files
            )));
        }
        rt.remove(&name).await?;
        let _ = p.handle.wait().await;
    }
    let idle = idle_agents(rt, oci, options.idle_agents, root).await?;
    let stats = |s: &[Duration]| Stats::of(s).ok_or_else(|| err("no samples"));
    Ok(LaunchReport {
        backend: rt.backend(),
        cores: std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
        files: options.files,
        launch: stats(&launches)?,
        clone: stats(&clones)?,
        pause: stats(&pauses)?,
        resume: stats(&resumes)?,
        worktree_add: stats(&worktrees)?,
        worktree_add_parallel: stats(&parallel)?,
        bwrap_true: stats(&bwraps)?,
        idle,
    })
}

/// Create `n` workloads, each with an idle agent process, and measure.
async fn idle_agents(
    rt: &dyn WorkloadRuntime,
    oci: Option<&OciRuntime>,
    n: usize,
    root: &Path,
) -> Result<IdleReport, RuntimeError> {
    let me = i32::try_from(std::process::id()).unwrap_or(0);
    let mut names = Vec::new();
    let mut procs = Vec::new();
    let mut result = Ok(());
    for i in 0..n {
        let name = WorkloadName::parse(&format!("idle{i}")).map_err(|e| err(e.to_string()))?;
        if let Err(e) = rt.create(&spec(&name, root.join(format!("idle{i}")))).await {
            result = Err(e);
            break;
        }
        names.push(name.clone());
        match rt.spawn(&name, &answer_exec()).await {
            Ok(mut p) => {
                if let Err(e) = first_answer(&mut p).await {
                    result = Err(e);
                    break;
                }
                procs.push(p);
            }
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    let mut report = IdleReport {
        agents: names.len(),
        daemon_rss_bytes: status_kib(me, "VmRSS:") * 1024,
        workload_rss_bytes: 0,
        workload_pss_bytes: 0,
        workload_processes: 0,
    };
    if result.is_ok() {
        // A container's processes are not the daemon's descendants: its
        // members and conmon are counted as well.
        let mut pids = procfs::descendants(me);
        if let Some(oci) = oci {
            for name in &names {
                pids.extend(oci.host_processes(name).await);
            }
        }
        pids.retain(|p| *p != me);
        let children = ChildMemory::of_pids(pids);
        report.workload_processes = children.processes;
        report.workload_rss_bytes = children.rss_bytes;
        report.workload_pss_bytes = children.pss_bytes;
    }
    for name in &names {
        let _ = rt.remove(name).await;
    }
    for mut p in procs {
        let _ = p.handle.wait().await;
    }
    result.map(|()| report)
}

/// Regular files under `dir`, `.git` excluded.
fn count_files(dir: &Path) -> usize {
    let Ok(entries) = fs_err::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| e.file_name() != ".git")
        .map(|e| {
            let p = e.path();
            if p.is_symlink() {
                0
            } else if p.is_dir() {
                count_files(&p)
            } else {
                1
            }
        })
        .sum()
}

/// Memory of every process below `root` (its workloads, for a daemon).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChildMemory {
    pub processes: usize,
    pub rss_bytes: u64,
    /// Proportional set size: shared pages split among their sharers, so
    /// the sum is what the processes really cost together.
    pub pss_bytes: u64,
}

impl ChildMemory {
    /// Every process below `root`, `root` itself excluded.
    pub fn of(root: i32) -> Self {
        Self::of_pids(procfs::descendants(root).into_iter().filter(|p| *p != root))
    }

    /// These processes, each counted once.
    pub fn of_pids(pids: impl IntoIterator<Item = i32>) -> Self {
        let pids: std::collections::BTreeSet<i32> = pids.into_iter().collect();
        let mut m = Self::default();
        for pid in pids {
            m.processes += 1;
            m.rss_bytes += status_kib(pid, "VmRSS:") * 1024;
            m.pss_bytes += rollup_kib(pid, "Pss:") * 1024;
        }
        m
    }
}

/// User + system CPU time this process has used, milliseconds.
pub fn own_cpu_ms() -> u64 {
    fs_err::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the parenthesised command: utime is the 12th,
            // stime the 13th, in USER_HZ (100 on Linux) ticks.
            let rest = s.rsplit_once(')')?.1.to_owned();
            let f: Vec<&str> = rest.split_whitespace().collect();
            Some((f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?) * 10)
        })
        .unwrap_or(0)
}

/// This process's resident set and its peak, bytes.
pub fn own_rss() -> (u64, u64) {
    let me = i32::try_from(std::process::id()).unwrap_or(0);
    (
        status_kib(me, "VmRSS:") * 1024,
        status_kib(me, "VmHWM:") * 1024,
    )
}

fn field_kib(text: &str, key: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn status_kib(pid: i32, key: &str) -> u64 {
    fs_err::read_to_string(format!("/proc/{pid}/status"))
        .map(|t| field_kib(&t, key))
        .unwrap_or(0)
}

fn rollup_kib(pid: i32, key: &str) -> u64 {
    fs_err::read_to_string(format!("/proc/{pid}/smaps_rollup"))
        .map(|t| field_kib(&t, key))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_nearest_rank() {
        let s: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        let st = Stats::of(&s).unwrap();
        assert_eq!(st.median, Duration::from_millis(50));
        assert_eq!(st.p99, Duration::from_millis(99));
        assert_eq!(st.max, Duration::from_millis(100));
        assert!(Stats::of(&[]).is_none());
    }
}
