//! The `WorkloadRuntime` seam: the operations every backend offers (the
//! data they take is in [`crate::spec`]). Shared by the daemon (lifecycle),
//! `compass-acp` (spawning agents, serving fs/terminal inside the workload)
//! and Warden (`pause`).

use crate::error::RuntimeError;
use crate::layout::InnerPaths;
use crate::secret_env::SecretEnv;
pub use crate::spec::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, Mask, MaskShape, Mount, ProcessHandle, Protection,
    Resources, SpawnedProcess, WorkloadName, WorkloadSpec,
};
use async_trait::async_trait;
use std::fmt;
use std::path::Path;
use std::time::Duration;

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
