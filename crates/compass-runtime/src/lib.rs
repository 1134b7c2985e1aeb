//! Workloads: where agents run. One trait, several backends (sandbox, host,
//! oci, later ssh and kubernetes); callers never know which.
//!
//! Architecture invariant: only this crate starts sandboxes or containers,
//! and it decides no policy — Warden and the Dispatcher decide, this crate
//! carries out.
//!
//! Further invariants, each relied on by a test:
//! - Fail closed: a workload whose egress policy cannot be armed does not
//!   exist (no state dir, no cgroup).
//! - Secrets never travel in argv or in a supervisor's environment: values
//!   go over stdin into 0600 files; bwrap reads its options (the
//!   environment included) from an unlinked 0600 args file.
//! - Host-side code never runs git in, nor follows paths through, anything
//!   the agent can write: clones are staged outside its view; worktrees and
//!   `fs/*` I/O run inside the workload; reads, listings and deletions in an
//!   agent's tree go through [`agentfs`] only (a test scans for others).
//! - What a workload's processes get is the runtime's own state: the env
//!   secrets are never re-read from the workload, and every value handed to
//!   bwrap or podman is checked (`checks`) so none can add options.
//! - Each sandbox `spawn`/`exec` is its own bwrap (own pid and net
//!   namespace); the workload-wide freezer, cpu, memory and pids cgroups
//!   tie them together for pause, stop and limits.
//! - A SIGKILLed daemon leaves no workload process running or frozen, and
//!   no host-side clone: guardians (`guardian.rs`) outlive it for that.
//! - A workload is complete only once its completion marker is written,
//!   last; a half-made one is rebuilt, never adopted.
//! - A backend that cannot provide an operation says so with a typed
//!   `Unsupported`, and lists what it lacks in `missing_protections`.

pub mod agentfs;
#[cfg(feature = "bench")]
pub mod bench;
pub(crate) mod checks;
pub mod egress;
pub mod error;
pub mod exec_domain;
pub mod files;
pub mod freezer;
pub mod git;
mod git_views;
pub mod gitlinks;
pub(crate) mod guardian;
pub mod host;
pub mod layout;
pub mod limits;
pub mod mask_check;
mod masks;
pub mod names;
pub mod oci;
pub mod pins;
pub(crate) mod process;
pub(crate) mod procfs;
pub mod refusal;
pub mod relay;
pub mod repos;
pub mod sandbox;
pub mod secret_env;
pub mod secrets;
pub mod spec;
pub(crate) mod table;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;
pub mod workload;

pub use error::RuntimeError;
pub use host::HostRuntime;
pub use layout::{InnerPaths, Layout};
pub use oci::{OciConfig, OciRuntime};
pub use sandbox::{SandboxConfig, SandboxRuntime};
pub use secret_env::{Secret, SecretEnv};
pub use spec::{
    Backend, DEFAULT_MAX_OUTPUT, EgressPolicy, ExecOutput, ExecSpec, KeptSecrets, Mask, MaskShape,
    Mount, ProcessHandle, Protection, Resources, SpawnedProcess, WorkloadName, WorkloadSpec,
};
pub use workload::WorkloadRuntime;

use std::sync::Arc;

/// The backend used when a project or agent names none: the sandbox.
pub const DEFAULT_BACKEND: Backend = Backend::Sandbox;

/// Build the runtime for `backend` with discovered defaults (bwrap on
/// `PATH`, the freezer cgroup the kernel offers, podman before docker).
/// A missing tool is a [`RuntimeError::MissingTool`] naming it.
pub fn runtime_for(backend: Backend) -> Result<Arc<dyn WorkloadRuntime>, RuntimeError> {
    Ok(match backend {
        Backend::Sandbox => Arc::new(SandboxRuntime::discover()?),
        Backend::Host => Arc::new(HostRuntime::new()),
        Backend::Oci => Arc::new(OciRuntime::discover()?),
    })
}

/// What the user chose for the OCI backend; `None`: the discovered default.
#[derive(Debug, Clone, Default)]
pub struct OciChoice {
    /// The image (default: the recipe's content-hashed base image).
    pub image: Option<String>,
    /// The engine, podman or docker: a path or a name on `PATH` (default:
    /// podman if installed, else docker).
    pub engine: Option<std::path::PathBuf>,
}

/// [`runtime_for`] with the OCI backend's image and engine chosen. A
/// choice for another backend is refused rather than silently unused.
pub fn runtime_with(
    backend: Backend,
    oci: OciChoice,
) -> Result<Arc<dyn WorkloadRuntime>, RuntimeError> {
    let refuse = |what| RuntimeError::Invalid {
        what,
        why: format!("it is for the oci backend, not {}", backend.as_str()),
    };
    match (backend, oci) {
        (Backend::Oci, OciChoice { image, engine }) => {
            let default = OciConfig::discover();
            Ok(Arc::new(OciRuntime::new(OciConfig {
                image: image.unwrap_or(default.image),
                engine: engine.unwrap_or(default.engine),
                ..default
            })?))
        }
        (_, OciChoice { image: Some(_), .. }) => Err(refuse("oci image")),
        (
            _,
            OciChoice {
                engine: Some(_), ..
            },
        ) => Err(refuse("oci engine")),
        (_, _) => runtime_for(backend),
    }
}

/// [`runtime_for`] from a user-typed backend name (`sandbox`, `host`,
/// `oci`); an unknown name is [`RuntimeError::UnknownBackend`].
pub fn runtime_named(raw: &str) -> Result<Arc<dyn WorkloadRuntime>, RuntimeError> {
    runtime_for(Backend::parse(raw)?)
}
