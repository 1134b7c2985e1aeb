//! The `WorkloadRuntime` seam: the operations every backend offers, and the
//! data they take. Shared by the daemon (lifecycle), `compass-acp` (spawning
//! agents, serving fs/terminal inside the workload) and Warden (`pause`).

pub use crate::error::RuntimeError;
use crate::layout::InnerPaths;
use crate::secrets::SecretEnv;
use async_trait::async_trait;
use compass_core::name::{Name, NameError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::process::{ChildStderr, ChildStdin, ChildStdout};

/// A workload's name: a validated [`Name`] (no `/`, `..`, NUL or newline),
/// so it is safe as a directory, cgroup and container name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct WorkloadName(Name);

impl WorkloadName {
    pub fn parse(raw: &str) -> Result<Self, NameError> {
        Name::parse(raw).map(Self)
    }

    /// [`WorkloadName::parse`] with the runtime's error type, naming the input.
    pub fn parse_checked(raw: &str) -> Result<Self, RuntimeError> {
        Self::parse(raw).map_err(|source| RuntimeError::BadName {
            what: "workload name",
            raw: raw.to_owned(),
            source,
        })
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl From<Name> for WorkloadName {
    fn from(name: Name) -> Self {
        Self(name)
    }
}

impl fmt::Display for WorkloadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which backend runs a workload. Recorded by the daemon so the UI can show
/// which protections a tier lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backend {
    Sandbox,
    Host,
    Oci,
}

impl Backend {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::Host => "host",
            Self::Oci => "oci",
        }
    }

    /// The protections this backend structurally lacks, for the UI and the
    /// event log ("egress: unenforced (host tier)"). Empty means the backend
    /// offers every protection in [`Protection`].
    pub fn missing_protections(self) -> &'static [Protection] {
        match self {
            Self::Sandbox | Self::Oci => &[],
            Self::Host => &[
                Protection::FilesystemIsolation,
                Protection::InterAgentIsolation,
                Protection::EgressPolicy,
                Protection::ProcessTreeContainment,
                Protection::ResourceLimits,
            ],
        }
    }

    /// Parse a backend name; the error lists the valid ones.
    pub fn parse(raw: &str) -> Result<Self, RuntimeError> {
        match raw {
            "sandbox" => Ok(Self::Sandbox),
            "host" => Ok(Self::Host),
            "oci" => Ok(Self::Oci),
            other => Err(RuntimeError::UnknownBackend(other.to_owned())),
        }
    }
}

/// A protection a workload backend may offer. [`Backend::missing_protections`]
/// lists what a tier lacks so the daemon can record it and the UI show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// A private root: the agent sees only system dirs, its home and clones.
    FilesystemIsolation,
    /// One agent cannot read another agent's home, clones or sockets.
    InterAgentIsolation,
    /// The egress policy (deny / allowlist) is enforced.
    EgressPolicy,
    /// Stop kills and pause freezes every descendant, double-forked and
    /// `setsid` children included.
    ProcessTreeContainment,
    /// CPU/memory limits can be applied and resized.
    ResourceLimits,
}

impl Protection {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FilesystemIsolation => "filesystem_isolation",
            Self::InterAgentIsolation => "inter_agent_isolation",
            Self::EgressPolicy => "egress_policy",
            Self::ProcessTreeContainment => "process_tree_containment",
            Self::ResourceLimits => "resource_limits",
        }
    }
}

/// Network policy for a workload. Fail closed: a policy that cannot be armed
/// keeps the workload from starting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum EgressPolicy {
    /// No network at all.
    Deny,
    /// Only through a per-workload proxy admitting these `host[:port]`s.
    Allowlist { hosts: Vec<String> },
    /// Unrestricted.
    Open,
}

/// A host path made visible inside the workload.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mount {
    pub host_path: PathBuf,
    pub workload_path: PathBuf,
    pub read_only: bool,
}

/// CPU/memory limits, where a backend can apply them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Resources {
    /// Millicores (1000 = one core).
    pub millicpus: Option<u32>,
    pub memory_bytes: Option<u64>,
}

/// What a workload is made of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkloadSpec {
    pub name: WorkloadName,
    /// The host directory that holds this workload's state (scoped `$HOME`,
    /// `/work` clones, `/run/compass`); the backend lays it out.
    pub state_dir: PathBuf,
    pub mounts: Vec<Mount>,
    /// The only environment the workload's processes see (plus what each
    /// exec adds); nothing leaks in from the host's environment.
    pub env: BTreeMap<String, String>,
    pub egress: EgressPolicy,
    pub resources: Resources,
}

/// One process to run inside a workload.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ExecSpec {
    pub argv: Vec<String>,
    /// Working directory inside the workload; the backend's default if unset.
    pub cwd: Option<PathBuf>,
    pub env: BTreeMap<String, String>,
    /// Bytes fed to stdin (for `exec`); secrets travel here, never in argv.
    pub stdin: Option<Vec<u8>>,
}

/// Captured result of `exec`. A non-zero exit is a result, not an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExecOutput {
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl ExecOutput {
    pub fn success(&self) -> bool {
        self.exit_code == Some(0)
    }
}

/// Kill and wait for a spawned process (and, where the backend can, its tree).
#[async_trait]
pub trait ProcessHandle: Send + Sync + fmt::Debug {
    async fn kill(&mut self) -> Result<(), RuntimeError>;
    async fn wait(&mut self) -> Result<ExecOutput, RuntimeError>;
}

/// A live process inside a workload, with its pipes.
#[derive(Debug)]
pub struct SpawnedProcess {
    pub stdin: ChildStdin,
    pub stdout: ChildStdout,
    pub stderr: ChildStderr,
    pub handle: Box<dyn ProcessHandle>,
}

/// Add a new workload to a backend's map, under the lock the caller took.
/// A name already taken is refused: the value is handed to `undo` (after
/// the lock is released) so the caller can take back what it made.
pub(crate) fn register<W>(
    mut map: std::sync::MutexGuard<'_, std::collections::HashMap<WorkloadName, W>>,
    name: &WorkloadName,
    workload: W,
    undo: impl FnOnce(W),
) -> Result<(), crate::RuntimeError> {
    if map.contains_key(name) {
        drop(map);
        undo(workload);
        return Err(crate::RuntimeError::AlreadyExists(name.clone()));
    }
    map.insert(name.clone(), workload);
    Ok(())
}

/// The seam every backend implements. Contract tests run each backend
/// through the same assertions.
#[async_trait]
pub trait WorkloadRuntime: Send + Sync + fmt::Debug {
    fn backend(&self) -> Backend;
    /// What this backend structurally lacks; see [`Backend::missing_protections`].
    fn missing_protections(&self) -> &'static [Protection] {
        self.backend().missing_protections()
    }
    /// Lay out the workload's state and arm its policies. Nothing is left on
    /// disk if this fails.
    async fn create(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError>;
    /// Re-register a workload whose state dir already exists (daemon
    /// restart recovery). Backends that cannot re-attach say so, typed.
    async fn adopt(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        let _ = spec;
        Err(RuntimeError::Unsupported {
            backend: self.backend().as_str(),
            operation: "adopt an existing workload",
            why: "this backend cannot re-attach to workload state yet",
        })
    }
    /// Replace the allowlist of a workload created with
    /// [`EgressPolicy::Allowlist`], for new connections: egress by phase
    /// (provisioning reaches the install's registry, the agent afterwards
    /// only what it runs with).
    async fn set_egress(&self, name: &WorkloadName, hosts: &[String]) -> Result<(), RuntimeError> {
        let _ = (name, hosts);
        Err(RuntimeError::Unsupported {
            backend: self.backend().as_str(),
            operation: "change a workload's egress allowlist",
            why: "this backend has no allowlist proxy",
        })
    }
    /// Start a process with live stdio.
    async fn spawn(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<SpawnedProcess, RuntimeError>;
    /// Run a process to completion and capture its output.
    async fn exec(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<ExecOutput, RuntimeError>;
    /// Freeze every process in the workload.
    async fn pause(&self, name: &WorkloadName) -> Result<(), RuntimeError>;
    async fn resume(&self, name: &WorkloadName) -> Result<(), RuntimeError>;
    /// Stop every process: politely, then by force after `timeout`.
    async fn stop(&self, name: &WorkloadName, timeout: Duration) -> Result<(), RuntimeError>;
    /// Stop and delete the workload's state.
    async fn remove(&self, name: &WorkloadName) -> Result<(), RuntimeError>;
    async fn exists(&self, name: &WorkloadName) -> Result<bool, RuntimeError>;
    async fn resize(&self, name: &WorkloadName, resources: Resources) -> Result<(), RuntimeError>;
    /// Replace the env-shaped secrets every later `spawn` and `exec` gets.
    /// The runtime keeps them as its own state — in memory, and in a 0600
    /// file in the state dir outside every mount, so `adopt` restores them
    /// — and never reads anything back from inside the workload.
    async fn set_secret_env(&self, name: &WorkloadName, env: SecretEnv)
    -> Result<(), RuntimeError>;
    /// The paths a process inside a workload with this state dir sees:
    /// fixed (`/home/agent`, `/work`, `/run/compass`) for isolated backends,
    /// the host paths themselves for the host tier.
    fn inner_paths(&self, state_dir: &Path) -> InnerPaths {
        let _ = state_dir;
        InnerPaths::isolated()
    }
}
