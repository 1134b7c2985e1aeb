//! The on-disk layout of one workload's state directory on the host, and the
//! fixed paths a sandboxed process sees. Every backend lays a workload out
//! the same way, so clones, secrets and config land in the same places.
//!
//! Boundary: this module creates and deletes the state directory and nothing
//! outside it (deletion goes through `agentfs`: home, work and tmp are the
//! agent's); it never starts processes.

use crate::error::RuntimeError;
use crate::spec::{Backend, WorkloadName};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// `$HOME` inside a sandbox or container.
pub const INNER_HOME: &str = "/home/agent";
/// The agent's clones inside a sandbox or container.
pub const INNER_WORK: &str = "/work";
/// Sockets and read-only config inside a sandbox or container.
pub const INNER_RUN: &str = "/run/compass";
/// Read-only config inside a sandbox or container.
pub const INNER_CONFIG: &str = "/run/compass/config";
/// Where the egress forwarder's Unix socket appears inside a sandbox.
pub const INNER_EGRESS_DIR: &str = "/run/compass/egress";

/// Written first: the state dir is Compass's, for this workload.
/// The file name of the kept [`crate::SecretEnv`] in a workload's state dir.
pub(crate) const SECRET_ENV_FILE: &str = "secret-env.json";

const MARKER: &str = "workload.json";
/// Written last, once provisioning (layout and clones) is done: without it
/// the state dir is a half-made workload (a start killed mid-clone), which
/// is rebuilt rather than adopted.
const COMPLETE: &str = "provisioned";

/// Host-side paths of one workload's state directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub state_dir: PathBuf,
    /// The scoped `$HOME` (secrets under `.compass/`, git credentials).
    pub home: PathBuf,
    /// The agent's clones and worktrees.
    pub work: PathBuf,
    /// Becomes `/run/compass` (read-only inside): the daemon's sockets.
    pub run: PathBuf,
    /// Becomes `/run/compass/config` (read-only inside).
    pub config: PathBuf,
    /// The egress proxy's socket directory (`/run/compass/egress` inside).
    pub egress: PathBuf,
    /// The workload's `/tmp`, shared by its processes.
    pub tmp: PathBuf,
}

/// Paths as a process inside the workload sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InnerPaths {
    pub home: PathBuf,
    pub work: PathBuf,
    pub run: PathBuf,
    pub config: PathBuf,
}

impl InnerPaths {
    /// The fixed paths of the sandbox and OCI backends.
    pub fn isolated() -> Self {
        Self {
            home: INNER_HOME.into(),
            work: INNER_WORK.into(),
            run: INNER_RUN.into(),
            config: INNER_CONFIG.into(),
        }
    }
}

/// What the marker file records, so a state dir can be recognised later.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Marker {
    name: String,
    backend: Backend,
}

impl Layout {
    pub fn new(state_dir: &Path) -> Self {
        let run = state_dir.join("run");
        Self {
            state_dir: state_dir.to_path_buf(),
            home: state_dir.join("home"),
            work: state_dir.join("work"),
            config: run.join("config"),
            egress: run.join("egress"),
            run,
            tmp: state_dir.join("tmp"),
        }
    }

    /// The host side of the secrets directory in the scoped home.
    pub fn secrets_dir(&self) -> PathBuf {
        self.home.join(".compass").join("secrets")
    }

    /// The host side of the copy of the env secrets inside the workload.
    /// Agent-writable: never read host-side (only removed, via `agentfs`).
    pub fn env_file(&self) -> PathBuf {
        self.home.join(".compass").join("env")
    }

    /// The runtime's own record of the workload's env secrets (0600, in the
    /// state dir, outside every mount); read again on `adopt`.
    pub fn secret_env_file(&self) -> PathBuf {
        self.state_dir.join(SECRET_ENV_FILE)
    }

    /// The paths as seen by a host-tier process: the host paths themselves.
    pub fn as_inner(&self) -> InnerPaths {
        InnerPaths {
            home: self.home.clone(),
            work: self.work.clone(),
            run: self.run.clone(),
            config: self.config.clone(),
        }
    }

    /// Create a fresh layout. Refuses a state dir that already holds files
    /// (another workload's state must never be reused by accident). On
    /// failure nothing created here is left behind.
    pub(crate) fn create(&self, name: &WorkloadName, backend: Backend) -> Result<(), RuntimeError> {
        let existed = match fs_err::read_dir(&self.state_dir) {
            Ok(mut entries) => {
                if entries.next().is_some() {
                    return Err(RuntimeError::AlreadyExists(name.clone()));
                }
                true
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(RuntimeError::io("reading the workload state dir", e)),
        };
        let result = self.create_inner(name, backend);
        if result.is_err() {
            self.cleanup(existed);
        }
        result
    }

    fn create_inner(&self, name: &WorkloadName, backend: Backend) -> Result<(), RuntimeError> {
        use std::os::unix::fs::PermissionsExt;
        let restrict = |dir: &Path| {
            fs_err::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
                .map_err(|e| RuntimeError::io("restricting the workload layout", e))
        };
        fs_err::create_dir_all(&self.state_dir)
            .map_err(|e| RuntimeError::io("creating the workload state dir", e))?;
        restrict(&self.state_dir)?;
        // The marker comes first, so a layout cut short is still known as
        // ours (and as unfinished: no completion marker) and can be rebuilt.
        let marker = Marker {
            name: name.as_str().to_owned(),
            backend,
        };
        let body = serde_json::to_vec(&marker)
            .map_err(|e| RuntimeError::Other(format!("encoding the workload marker: {e}")))?;
        fs_err::write(self.state_dir.join(MARKER), body)
            .map_err(|e| RuntimeError::io("writing the workload marker", e))?;
        for dir in [
            &self.home,
            &self.work,
            &self.run,
            &self.config,
            &self.egress,
            &self.tmp,
        ] {
            fs_err::create_dir_all(dir)
                .map_err(|e| RuntimeError::io("creating the workload layout", e))?;
            restrict(dir)?;
        }
        // Git for the host reads the agent's worktrees through these.
        crate::git_views::write_views(&self.config)?;
        // The shared /tmp keeps the sticky, world-writable shape tools expect.
        fs_err::set_permissions(&self.tmp, std::fs::Permissions::from_mode(0o1777))
            .map_err(|e| RuntimeError::io("setting /tmp permissions", e))?;
        Ok(())
    }

    /// Whether provisioning finished (see [`Layout::mark_complete`]). The
    /// marker sits in the state dir's root, which no workload mounts.
    pub fn is_complete(&self) -> bool {
        self.state_dir.join(COMPLETE).is_file()
    }

    /// Record that provisioning finished: the last write of a provisioning.
    pub(crate) fn mark_complete(&self) -> Result<(), RuntimeError> {
        fs_err::write(self.state_dir.join(COMPLETE), b"")
            .map_err(|e| RuntimeError::io("writing the workload's completion marker", e))
    }

    /// Whether `state_dir` holds a workload of this name and backend.
    pub fn is_workload(&self, name: &WorkloadName, backend: Backend) -> bool {
        let Ok(body) = fs_err::read(self.state_dir.join(MARKER)) else {
            return false;
        };
        serde_json::from_slice::<Marker>(&body)
            .map(|m| m.name == name.as_str() && m.backend == backend)
            .unwrap_or(false)
    }

    /// Delete the state dir (or, if it pre-existed empty, its contents),
    /// through [`crate::agentfs`]: its home, clones and tmp are the agent's,
    /// and no link in them is followed. Best effort: undoing a failed create.
    pub(crate) fn cleanup(&self, keep_root: bool) {
        let _ = if keep_root {
            crate::agentfs::AgentTree::open(&self.state_dir).and_then(|t| t.clear())
        } else {
            crate::agentfs::remove_tree(&self.state_dir).map(drop)
        };
    }

    /// Delete everything under the state dir, the dir included, through
    /// [`crate::agentfs`] (links are removed, never followed).
    /// A big tree takes a while: it runs off the async workers.
    pub(crate) async fn remove(&self) -> Result<(), RuntimeError> {
        let dir = self.state_dir.clone();
        tokio::task::spawn_blocking(move || crate::agentfs::remove_tree(&dir).map(drop))
            .await
            .map_err(|e| RuntimeError::Other(format!("removing the workload state: {e}")))?
    }
}
