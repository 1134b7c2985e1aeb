//! Workloads: where agents run. One trait, several backends (sandbox, host,
//! oci, later ssh and kubernetes); callers never know which.
//!
//! Architecture invariant: only this crate starts sandboxes or containers,
//! and it decides no policy — Warden and the Dispatcher decide, this crate
//! carries out.

pub mod egress;
pub mod freezer;
pub mod host;
pub mod layout;
pub(crate) mod process;
pub(crate) mod procfs;
pub mod relay;
pub mod repos;
pub mod sandbox;
pub mod secrets;
pub mod workload;

pub use host::HostRuntime;
pub use layout::{InnerPaths, Layout};
pub use sandbox::{SandboxConfig, SandboxRuntime};
pub use secrets::Secret;
pub use workload::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, Mount, ProcessHandle, Protection, Resources,
    RuntimeError, SpawnedProcess, WorkloadName, WorkloadRuntime, WorkloadSpec,
};
