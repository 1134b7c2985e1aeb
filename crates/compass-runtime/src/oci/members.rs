//! Which process in a running container is whose, as the host sees it:
//! the container's members come from the kernel's cgroup list, their
//! parents and start times from the host's `/proc`, and an exec's first
//! process from the arguments the engine recorded for that exec (podman's
//! exec monitor, conmon, outside the container). Nothing here is read from
//! a file the container can write, so an agent can neither point a kill
//! at another process nor hide one from it.
//!
//! What the kernel's view gives: an exec's first process is the only kind
//! of member whose parent is outside the container (the engine's monitor);
//! a process whose parent died is reparented to the container's init (a
//! pid namespace's orphans go to its init whatever subreaper is outside
//! it), so an orphan is a child of init that is not part of the
//! container's main process tree (spared at start). An agent cannot make
//! a process whose parent is outside the container, nor reparent one into
//! another exec's tree.
//!
//! Boundary: reads `/proc` and the cgroup list, sends signals; never
//! execs anything.

use crate::procfs::{self, ProcStat};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

/// A process as the host identified it: its pid and its start time, so a
/// pid the kernel reused names another process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Tracked {
    pub(super) pid: i32,
    pub(super) starttime: u64,
}

impl Tracked {
    fn of(stat: &ProcStat) -> Self {
        Self {
            pid: stat.pid,
            starttime: stat.starttime,
        }
    }

    /// The process now, if it is still this one (and not a zombie).
    fn alive(self) -> Option<ProcStat> {
        procfs::stat(self.pid).filter(|s| s.starttime == self.starttime && !s.is_zombie())
    }
}

/// The bounded number of sweeps a kill makes (a tree forking as it is
/// killed leaves orphans the next sweep finds), and the pause between.
const SWEEPS: u32 = 100;
const SWEEP_PAUSE: Duration = Duration::from_millis(10);

/// A running container's processes, host-side.
#[derive(Debug, Clone, Default)]
pub(super) struct Members {
    /// The host path of the container's `cgroup.procs`.
    pub(super) procs: Option<PathBuf>,
    /// The container's init (the engine's, catatonit).
    pub(super) init: Option<Tracked>,
    /// The container's main process tree at start (the egress forwarder,
    /// `sleep`), init included: never killed before stop.
    pub(super) spared: Vec<Tracked>,
}

impl Members {
    /// What the host knows of a container whose init is `init` (host pid).
    pub(super) fn of_init(init: i32) -> Self {
        let Some(stat) = procfs::stat(init) else {
            return Self::default();
        };
        let spared = procfs::descendants(init)
            .into_iter()
            .filter_map(procfs::stat)
            .map(|s| Tracked::of(&s))
            .collect();
        Self {
            procs: super::cgroup_procs(init),
            init: Some(Tracked::of(&stat)),
            spared,
        }
    }

    /// The container's members now (host pids), from the kernel's list.
    pub(super) fn pids(&self) -> Vec<i32> {
        self.procs
            .as_ref()
            .and_then(|p| fs_err::read_to_string(p).ok())
            .map(|t| {
                t.split_whitespace()
                    .filter_map(|p| p.parse().ok())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn stats(&self) -> Vec<ProcStat> {
        self.pids()
            .into_iter()
            .filter_map(procfs::stat)
            .filter(|s| !s.is_zombie())
            .collect()
    }

    /// The members not spared at start (host pids), now.
    pub(super) fn unspared(&self) -> Vec<i32> {
        self.stats()
            .iter()
            .filter(|s| !self.is_spared(s))
            .map(|s| s.pid)
            .collect()
    }

    /// Whether `stat` is one of the processes spared at start.
    pub(super) fn is_spared(&self, stat: &ProcStat) -> bool {
        self.spared.contains(&Tracked::of(stat))
    }

    /// The first process of the exec the runtime named `id`, if it is in
    /// the container now: the member whose parent, outside the container,
    /// is the engine's monitor of an exec whose recorded arguments are
    /// `… --compass-exec ID --` ([`crate::exec_domain`]).
    pub(super) fn exec_root(&self, id: &str) -> Option<Tracked> {
        let stats = self.stats();
        let inside: BTreeSet<i32> = stats.iter().map(|s| s.pid).collect();
        stats
            .iter()
            .filter(|s| !inside.contains(&s.ppid) && s.ppid > 1)
            .find(|s| engine_exec_args(s.ppid).is_some_and(|args| names_exec(&args, id)))
            .map(Tracked::of)
    }

    /// SIGKILL `root` (if it is still that process) and every member
    /// descended from it. What it forks meanwhile is orphaned, and the
    /// orphan sweep ([`Members::kill_orphans`]) ends it.
    pub(super) async fn kill_tree(&self, root: Tracked) {
        for _ in 0..SWEEPS {
            if root.alive().is_none() {
                return;
            }
            let stats = self.stats();
            let tree = tree_of(&stats, root.pid);
            for pid in &tree {
                let _ = kill(Pid::from_raw(*pid), Signal::SIGKILL);
            }
            tokio::time::sleep(SWEEP_PAUSE).await;
        }
    }

    /// SIGKILL every orphan (a member whose parent is the container's
    /// init, not spared at start) and its tree, sweeping until none is
    /// left (bounded). What an exec left behind when it ended (a `setsid`
    /// or double-forked background process) is such an orphan.
    pub(super) async fn kill_orphans(&self) {
        let Some(init) = self.init else {
            return;
        };
        for _ in 0..SWEEPS {
            if init.alive().is_none() {
                return;
            }
            let stats = self.stats();
            let orphans: Vec<i32> = stats
                .iter()
                .filter(|s| s.ppid == init.pid && !self.is_spared(s))
                .flat_map(|s| tree_of(&stats, s.pid))
                .collect();
            if orphans.is_empty() {
                return;
            }
            for pid in orphans {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            }
            tokio::time::sleep(SWEEP_PAUSE).await;
        }
    }

    /// SIGKILL every member not spared at start (every exec and all it
    /// started): what a kill does when it cannot tell its exec's process.
    pub(super) async fn kill_all_but_spared(&self) {
        for _ in 0..SWEEPS {
            let targets = self.unspared();
            if targets.is_empty() {
                return;
            }
            for pid in targets {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            }
            tokio::time::sleep(SWEEP_PAUSE).await;
        }
    }
}

/// `root` and every process among `stats` descended from it.
fn tree_of(stats: &[ProcStat], root: i32) -> Vec<i32> {
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let parent = found[i];
        for s in stats {
            if s.ppid == parent && !found.contains(&s.pid) {
                found.push(s.pid);
            }
        }
        i += 1;
    }
    found
}

/// The arguments the engine recorded for the exec whose monitor is
/// `monitor` (a host process outside the container): podman's conmon is
/// given `--exec-process-spec FILE`, the exec's OCI process spec in the
/// engine's own storage, whose `args` are the exec's command line as the
/// runtime asked for it. `None` for any other process (another engine's
/// shim: the caller then cannot tell, and fails closed).
fn engine_exec_args(monitor: i32) -> Option<Vec<String>> {
    let cmdline = fs_err::read(format!("/proc/{monitor}/cmdline")).ok()?;
    let args: Vec<&[u8]> = cmdline.split(|b| *b == 0).collect();
    let spec = args
        .windows(2)
        .find(|w| w[0] == b"--exec-process-spec")
        .map(|w| std::str::from_utf8(w[1]).ok())??;
    // The engine's own file, root's, outside every workload.
    let text = fs_err::read(spec).ok()?;
    if text.len() > 1 << 20 {
        return None;
    }
    let value: serde_json::Value = serde_json::from_slice(&text).ok()?;
    value
        .get("args")?
        .as_array()?
        .iter()
        .map(|a| a.as_str().map(str::to_owned))
        .collect()
}

/// Whether an exec's recorded command line is the runtime's exec `id`.
fn names_exec(args: &[String], id: &str) -> bool {
    matches!(args, [_, flag, given, sep, ..]
        if flag == crate::exec_domain::FLAG && given == id && sep == "--")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(pid: i32, ppid: i32) -> ProcStat {
        ProcStat {
            pid,
            ppid,
            pgrp: pid,
            state: 'S',
            starttime: 1,
        }
    }

    #[test]
    fn a_tree_is_what_descends_from_its_root() {
        let stats = [
            stat(10, 1),
            stat(11, 10),
            stat(12, 11),
            stat(13, 1),
            stat(14, 13),
        ];
        let mut tree = tree_of(&stats, 10);
        tree.sort_unstable();
        assert_eq!(tree, [10, 11, 12]);
    }

    #[test]
    fn an_exec_is_named_by_its_recorded_arguments_only() {
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let id = "0123456789abcdef";
        assert!(names_exec(
            &args(&["/run/compass-relay", "--compass-exec", id, "--", "sh"]),
            id
        ));
        for other in [
            args(&[
                "/run/compass-relay",
                "--compass-exec",
                "fedcba9876543210",
                "--",
                "sh",
            ]),
            args(&["sh", "-c", "--compass-exec 0123456789abcdef --"]),
            args(&["/run/compass-relay", "--compass-exec", id]),
        ] {
            assert!(!names_exec(&other, id), "{other:?}");
        }
    }
}
