//! The host backend: the opt-in host tier. A workload is a state directory
//! plus the process groups spawned for it, running under the daemon's own
//! uid with the user's full filesystem and network.
//!
//! What the tier structurally lacks is declared, not weakened
//! ([`crate::Backend::missing_protections`]): no filesystem or inter-agent
//! isolation, no egress enforcement, no containment of processes that leave
//! their process group (`setsid`), no resource limits. Operations that would
//! need those return [`RuntimeError::Unsupported`] — never a silent success.

use crate::checks;
use crate::error::RuntimeError;
use crate::layout::{InnerPaths, Layout};
use crate::process::{self, ChildHandle, KillTarget};
use crate::procfs;
use crate::secret_env::SecretEnv;
use crate::spec::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, Resources, SpawnedProcess, WorkloadName,
    WorkloadSpec,
};
use crate::table::{Entry, Workloads};
use crate::workload::WorkloadRuntime;
use async_trait::async_trait;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::process::Command;

const BACKEND: &str = "host";

/// A process group the backend started, identified by its leader's pid and
/// start time (so a recycled pid is never signalled).
#[derive(Debug, Clone, Copy)]
struct Group {
    pgid: i32,
    starttime: u64,
}

#[derive(Debug)]
struct HostWorkload {
    spec: WorkloadSpec,
    /// Env-shaped secrets: the runtime's own state, never the workload's.
    secret_env: SecretEnv,
    layout: Layout,
    groups: Vec<Group>,
    paused: bool,
}

impl Entry for HostWorkload {
    fn layout(&self) -> &Layout {
        &self.layout
    }
    fn secret_env_mut(&mut self) -> &mut SecretEnv {
        &mut self.secret_env
    }
}

/// The host-tier runtime. Cheap to clone; clones share their workloads.
#[derive(Debug, Clone, Default)]
pub struct HostRuntime {
    workloads: Workloads<HostWorkload>,
}

impl HostRuntime {
    pub fn new() -> Self {
        Self::default()
    }

    /// The host paths of a workload (the host tier has no private view).
    pub fn layout(&self, name: &WorkloadName) -> Result<Layout, RuntimeError> {
        self.workloads.layout(name)
    }

    fn live_groups(&self, name: &WorkloadName) -> Result<Vec<i32>, RuntimeError> {
        let procs = procfs::all();
        self.workloads.with(name, |w| {
            w.groups.retain(|g| group_alive(&procs, g));
            w.groups.iter().map(|g| g.pgid).collect()
        })
    }

    fn signal_all(&self, name: &WorkloadName, signal: Signal) -> Result<usize, RuntimeError> {
        let groups = self.live_groups(name)?;
        for pgid in &groups {
            match killpg(Pid::from_raw(*pgid), signal) {
                Ok(()) | Err(nix::errno::Errno::ESRCH) => {}
                Err(e) => {
                    return Err(RuntimeError::io(
                        format!("sending {signal} to {name}"),
                        e.into(),
                    ));
                }
            }
        }
        Ok(groups.len())
    }

    fn command(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<Command, RuntimeError> {
        checks::exec(exec)?;
        crate::masks::unsupported("host", exec)?;
        let (spec_env, secret_env, layout) = self.workloads.with(name, |w| {
            if w.paused {
                return Err(RuntimeError::Paused(name.clone()));
            }
            Ok((w.spec.env.clone(), w.secret_env.clone(), w.layout.clone()))
        })??;
        let home = layout.home.to_string_lossy().into_owned();
        let mut env = process::workload_env(&spec_env, &secret_env, &home, exec, false)?;
        env.entry("TMPDIR".to_owned())
            .or_insert_with(|| layout.tmp.to_string_lossy().into_owned());
        let cwd: PathBuf = exec.cwd.clone().unwrap_or_else(|| layout.work.clone());
        let mut cmd = Command::new(&exec.argv[0]);
        cmd.args(&exec.argv[1..])
            .env_clear()
            .envs(env)
            .current_dir(cwd)
            .process_group(0);
        Ok(cmd)
    }

    fn record(&self, name: &WorkloadName, pid: Option<u32>) {
        let Some(pid) = pid.and_then(|p| i32::try_from(p).ok()) else {
            return;
        };
        let starttime = procfs::stat(pid).map(|s| s.starttime).unwrap_or(0);
        let _ = self.workloads.with(name, |w| {
            w.groups.push(Group {
                pgid: pid,
                starttime,
            });
        });
    }
}

/// A group is alive while a non-zombie member exists and its leader pid
/// has not been recycled by an unrelated process.
fn group_alive(procs: &[procfs::ProcStat], g: &Group) -> bool {
    if let Some(leader) = procs.iter().find(|p| p.pid == g.pgid)
        && leader.starttime != g.starttime
        && leader.pgrp == g.pgid
    {
        return false;
    }
    procs.iter().any(|p| p.pgrp == g.pgid && !p.is_zombie())
}

#[async_trait]
impl WorkloadRuntime for HostRuntime {
    fn backend(&self) -> Backend {
        Backend::Host
    }

    /// Bookkeeping over a state dir: lays out `home/`, `work/`, `run/`;
    /// no process starts. Refuses (typed `Unsupported`) any egress policy
    /// but `Open`, any mount, and any resource limit: the host tier cannot
    /// enforce them and must not pretend to.
    async fn create(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        if spec.egress != EgressPolicy::Open {
            return Err(RuntimeError::Unsupported {
                backend: BACKEND,
                operation: "enforce an egress policy",
                why: "a host process has no private network namespace; use egress = open or the sandbox backend",
            });
        }
        if !spec.mounts.is_empty() {
            return Err(RuntimeError::Unsupported {
                backend: BACKEND,
                operation: "mount paths",
                why: "a host process sees the host filesystem as is; refer to host paths directly",
            });
        }
        if spec.resources != Resources::default() {
            return Err(RuntimeError::Unsupported {
                backend: BACKEND,
                operation: "limit resources",
                why: "the host backend owns no cgroup",
            });
        }
        if self.workloads.contains(&spec.name) {
            return Err(RuntimeError::AlreadyExists(spec.name.clone()));
        }
        let layout = Layout::new(&spec.state_dir);
        layout.create(&spec.name, Backend::Host)?;
        Workloads::register(
            self.workloads.lock(),
            &spec.name,
            HostWorkload {
                spec: spec.clone(),
                secret_env: SecretEnv::default(),
                layout,
                groups: Vec::new(),
                paused: false,
            },
            drop,
        )
    }

    /// Bookkeeping again: re-register an existing state dir (its marker must
    /// name this workload and the host backend). Processes of an earlier
    /// daemon are not re-attached.
    async fn adopt(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        let layout = Layout::new(&spec.state_dir);
        if !layout.is_workload(&spec.name, Backend::Host) {
            return Err(RuntimeError::NotFound(spec.name.clone()));
        }
        let secret_env = SecretEnv::load(&layout)?;
        Workloads::register(
            self.workloads.lock(),
            &spec.name,
            HostWorkload {
                spec: spec.clone(),
                secret_env,
                layout,
                groups: Vec::new(),
                paused: false,
            },
            drop,
        )
    }

    /// A host child in its own process group, stdio piped; `HOME` is the
    /// workload's scoped home and the environment is the spec's only.
    async fn spawn(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<SpawnedProcess, RuntimeError> {
        let cmd = self.command(name, exec)?;
        let (child, pipes) = process::spawn_piped(cmd, &format!("{:?} in {name}", exec.argv[0]))?;
        let pid = child.id();
        self.record(name, pid);
        let pgid = pid.and_then(|p| i32::try_from(p).ok()).unwrap_or(0);
        Ok(pipes.into_spawned(ChildHandle::new(child, KillTarget::Group(pgid))))
    }

    async fn exec(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<ExecOutput, RuntimeError> {
        let cmd = self.command(name, exec)?;
        process::capture(
            cmd,
            exec.stdin.as_deref(),
            exec.output_limit(),
            &format!("{:?} in {name}", exec.argv[0]),
        )
        .await
    }

    /// SIGSTOP to every process group the backend spawned. Partial by
    /// construction: a process that left its group (`setsid`) keeps running.
    async fn pause(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        self.signal_all(name, Signal::SIGSTOP)?;
        let _ = self.workloads.with(name, |w| w.paused = true);
        Ok(())
    }

    async fn resume(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        self.signal_all(name, Signal::SIGCONT)?;
        let _ = self.workloads.with(name, |w| w.paused = false);
        Ok(())
    }

    /// SIGTERM to the spawned process groups, SIGKILL after `timeout`.
    /// A process that left its group (`setsid`) is not reached: the host
    /// tier's declared leak.
    async fn stop(&self, name: &WorkloadName, timeout: Duration) -> Result<(), RuntimeError> {
        self.signal_all(name, Signal::SIGCONT)?;
        self.signal_all(name, Signal::SIGTERM)?;
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline && !self.live_groups(name)?.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        self.signal_all(name, Signal::SIGKILL)?;
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline && !self.live_groups(name)?.is_empty() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let _ = self.workloads.with(name, |w| w.paused = false);
        Ok(())
    }

    /// Kill the process groups, then delete the state dir. Writes the agent
    /// made elsewhere on the host stay: that is the tier's posture.
    async fn remove(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        self.stop(name, Duration::ZERO).await?;
        let layout = self.layout(name)?;
        layout.remove().await?;
        self.workloads.take(name).map(drop)
    }

    /// Handle existence: the backend knows this name (no container registry).
    async fn exists(&self, name: &WorkloadName) -> Result<bool, RuntimeError> {
        Ok(self.workloads.contains(name))
    }

    async fn set_secret_env(
        &self,
        name: &WorkloadName,
        env: SecretEnv,
    ) -> Result<(), RuntimeError> {
        self.workloads.set_secret_env(name, env)
    }

    /// Always `Unsupported`: the host backend owns no cgroup.
    async fn resize(&self, name: &WorkloadName, _resources: Resources) -> Result<(), RuntimeError> {
        if !self.workloads.contains(name) {
            return Err(RuntimeError::NotFound(name.clone()));
        }
        Err(RuntimeError::Unsupported {
            backend: BACKEND,
            operation: "resize",
            why: "the host backend owns no cgroup",
        })
    }

    fn inner_paths(&self, state_dir: &Path) -> InnerPaths {
        Layout::new(state_dir).as_inner()
    }
}
