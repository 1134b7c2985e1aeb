//! What the `WorkloadRuntime` seam takes and gives: backends and their
//! missing protections, workload and exec specs, outputs and live
//! processes. Values only; the trait is in [`crate::workload`].

use crate::error::RuntimeError;
pub use crate::names::WorkloadName;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use tokio::process::{ChildStderr, ChildStdin, ChildStdout};

impl WorkloadName {
    /// [`WorkloadName::parse`] with the runtime's error type, naming the input.
    pub fn parse_checked(raw: &str) -> Result<Self, RuntimeError> {
        Self::parse(raw).map_err(|source| RuntimeError::BadName {
            what: "workload name",
            raw: raw.to_owned(),
            source,
        })
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
    /// Every protection, in the order the UI lists them.
    pub const ALL: [Self; 5] = [
        Self::FilesystemIsolation,
        Self::InterAgentIsolation,
        Self::EgressPolicy,
        Self::ProcessTreeContainment,
        Self::ResourceLimits,
    ];

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

/// A path inside the workload that one process sees as an empty,
/// read-only stand-in: where an agent would load config or code the agent
/// itself can write (OpenCode's project `.opencode/`), nothing is there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mask {
    /// Absolute, under the workload's `/work` or `$HOME`.
    pub path: PathBuf,
    pub shape: MaskShape,
}

impl Mask {
    pub fn new(path: impl Into<PathBuf>, shape: MaskShape) -> Self {
        Self {
            path: path.into(),
            shape,
        }
    }
}

/// What stands in at a [`Mask`]'s path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MaskShape {
    /// An empty directory.
    Dir,
    /// An empty regular file.
    File,
}

impl MaskShape {
    /// The entry kind an agent's tree may already hold at a masked path.
    pub fn kind(self) -> crate::refusal::Kind {
        match self {
            Self::Dir => crate::refusal::Kind::Dir,
            Self::File => crate::refusal::Kind::File,
        }
    }

    /// How the runtime's in-sandbox and host-side helpers name the shape
    /// on their command lines.
    pub(crate) fn flag(self) -> &'static str {
        match self {
            Self::Dir => "--dir",
            Self::File => "--file",
        }
    }

    /// The shape a [`Self::flag`] names.
    pub(crate) fn from_flag(flag: &str) -> Option<Self> {
        [Self::Dir, Self::File]
            .into_iter()
            .find(|s| s.flag() == flag)
    }
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
    /// Directories of the read-only config dir's `etc/` that appear under
    /// `/etc` (plain names, e.g. `claude-code`: Claude Code's managed
    /// settings), made empty with the layout: a container's mounts are
    /// fixed when it is made, before the daemon writes what goes in them.
    #[serde(default)]
    pub config_etc: Vec<String>,
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
    /// Bytes of each output stream `exec` keeps ([`DEFAULT_MAX_OUTPUT`]
    /// when unset): what the process prints is the agent's to shape, so a
    /// process that prints more is killed and its output marked truncated.
    pub max_output: Option<usize>,
    /// Paths this process sees as empty and read-only (see [`Mask`]); a
    /// backend that cannot mask refuses the spawn.
    #[serde(default)]
    pub masks: Vec<Mask>,
    /// How the workload's kept secrets (an agent's model key) reach this
    /// process: in its environment, or (the sandbox backend) only through
    /// a descriptor its `compass-confine launch` drains ([`KeptSecrets`]).
    #[serde(default)]
    pub kept_secrets: KeptSecrets,
}

/// How a process gets the workload's kept secrets (a kind's model key,
/// [`crate::SecretEnv::new_kept`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeptSecrets {
    /// In its environment, like every other env secret: the agent of a
    /// kind whose tools are not confined.
    Env,
    /// Never in the environment bwrap, the egress relay or any other
    /// process of the start chain holds: the sandbox backend puts them in
    /// a 0600 file of its state dir, opened read-write as descriptor
    /// [`KEPT_FD`] (then unlinked) for the process, whose `compass-confine
    /// launch` reads it, empties it and hands them to the agent alone
    /// ([`KEPT_FD_ENV`] names the descriptor). A backend that cannot
    /// (OCI, host) gives them in the environment. The built-in kinds'
    /// sandboxes have no key to keep (their model gateway holds it, the
    /// daemon's): this serves a `confine_credentials` kind without a
    /// gateway (a user's).
    Descriptor,
    /// Never: every process but the agent's own start (an ACP terminal,
    /// the daemon's git, an operator's shell, the wire step), so one that
    /// runs what the agent wrote (its `.bashrc`, its repo's config) never
    /// holds the key unless a spec asks for it.
    #[default]
    Withheld,
}

pub use compass_hook::confine::{KEPT_FD, KEPT_FD_ENV};

/// Bytes of stdout, and of stderr, an `exec` keeps unless its spec says.
pub const DEFAULT_MAX_OUTPUT: usize = compass_capture::DEFAULT_LIMIT;

impl ExecSpec {
    /// The per-stream output cap of this exec.
    pub fn output_limit(&self) -> usize {
        self.max_output.unwrap_or(DEFAULT_MAX_OUTPUT)
    }
}

/// Captured result of `exec`. A non-zero exit is a result, not an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExecOutput {
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// A stream passed the spec's output cap: the process was killed there,
    /// and each stream holds at most the cap's first bytes.
    #[serde(default)]
    pub truncated: bool,
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
