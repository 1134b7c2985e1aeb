//! `compass bench confine`: what `compass-confine` adds to each tool
//! command of a confined agent. Each iteration spawns `bash -c true` and
//! `compass-confine -c true` (the same shell, after dropping the
//! credentials, closing inherited descriptors and entering a Landlock
//! domain), each to its end; it reports the wall time and the CPU each
//! used. (Unconfined, OpenCode runs bash as a login shell, `bash -l -c`,
//! which also reads the profiles: the baseline here is the cheaper form.) `compass-confine` refuses a process that could
//! hold `CAP_SYS_PTRACE`, so where this one could (a root shell) both run
//! under `setpriv`, which drops every capability first.

use super::summarize;
use anyhow::{Context, bail};
use nix::sys::resource::{UsageWho, getrusage};
use std::fmt;
use std::process::{Command, Stdio};
use std::time::Instant;

/// One measured command's figures.
struct Row {
    label: &'static str,
    p50_ms: f64,
    p99_ms: f64,
    cpu_us: u64,
}

pub(super) struct ConfineBench {
    iterations: usize,
    through_setpriv: bool,
    rows: [Row; 2],
}

impl fmt::Display for ConfineBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "tool command spawn to exit, {} iterations{}",
            self.iterations,
            if self.through_setpriv {
                " (both under setpriv: this process holds capabilities)"
            } else {
                ""
            }
        )?;
        for r in &self.rows {
            writeln!(
                f,
                "  {:<24} p50 {:>7.3} ms  p99 {:>7.3} ms  CPU {:>5} µs per call",
                r.label, r.p50_ms, r.p99_ms, r.cpu_us
            )?;
        }
        let [bare, confined] = &self.rows;
        writeln!(
            f,
            "  added by compass-confine: p50 {:+.3} ms, CPU {:+} µs per call",
            confined.p50_ms - bare.p50_ms,
            i128::from(confined.cpu_us) - i128::from(bare.cpu_us)
        )
    }
}

/// CPU (user + system) of this process's reaped children so far, µs.
fn children_cpu_us() -> anyhow::Result<u64> {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).context("getrusage")?;
    let us = |t: nix::sys::time::TimeVal| t.tv_sec() * 1_000_000 + t.tv_usec();
    Ok(u64::try_from(us(usage.user_time()) + us(usage.system_time())).unwrap_or(0))
}

/// Run `argv` to its end: its wall time (ns) and CPU (µs).
fn timed(argv: &[&str]) -> anyhow::Result<(u64, u64)> {
    let [program, args @ ..] = argv else {
        bail!("nothing to run");
    };
    let cpu = children_cpu_us()?;
    let start = Instant::now();
    let status = Command::new(program)
        .args(args)
        // As `launch` leaves it for the agent's shell (the shell mode
        // refuses without it); the same for both rows.
        .env(compass_hook::confine::SECRETS_ENV, "COMPASS_BENCH_KEY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .with_context(|| format!("running {argv:?}"))?;
    let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    if !status.success() {
        bail!("{argv:?} failed ({status}); run it by hand to see why");
    }
    Ok((ns, children_cpu_us()?.saturating_sub(cpu)))
}

pub(super) fn run(iterations: usize) -> anyhow::Result<ConfineBench> {
    let me = std::env::current_exe()?;
    let confine = me.with_file_name(compass_hook::confine::BINARY);
    if !confine.is_file() {
        bail!(
            "{} is not installed beside {} (cargo build -p compass-hook)",
            compass_hook::confine::BINARY,
            me.display()
        );
    }
    let status = fs_err::read_to_string("/proc/self/status")?;
    let through_setpriv = compass_hook::confine::check_no_ptrace_capability(&status).is_err();
    let confine = confine.to_str().context("the binary's path is not UTF-8")?;
    let prefix: &[&str] = if through_setpriv {
        &["setpriv", "--inh-caps=-all", "--bounding-set=-all", "--"]
    } else {
        &[]
    };
    let with_prefix = |cmd: &[&str]| -> Vec<String> {
        prefix.iter().chain(cmd).map(|s| (*s).to_owned()).collect()
    };
    let commands = [
        with_prefix(&["bash", "-c", "true"]),
        with_prefix(&[confine, "-c", "true"]),
    ];
    let mut times: [Vec<u64>; 2] = std::array::from_fn(|_| Vec::with_capacity(iterations));
    let mut cpu = [0u64; 2];
    for _ in 0..iterations {
        for (i, cmd) in commands.iter().enumerate() {
            let cmd: Vec<&str> = cmd.iter().map(String::as_str).collect();
            let (ns, us) = timed(&cmd)?;
            times[i].push(ns);
            cpu[i] += us;
        }
    }
    let per_call = |total: u64| total / u64::try_from(iterations).unwrap_or(1);
    let [bare_t, confined_t] = times;
    let row = |label, t: Vec<u64>, c: u64| {
        let s = summarize(t);
        Row {
            label,
            p50_ms: s.p50_ms,
            p99_ms: s.p99_ms,
            cpu_us: per_call(c),
        }
    };
    Ok(ConfineBench {
        iterations,
        through_setpriv,
        rows: [
            row("bash -c true", bare_t, cpu[0]),
            row("compass-confine -c true", confined_t, cpu[1]),
        ],
    })
}
