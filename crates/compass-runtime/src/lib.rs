//! Workloads: where agents run. One trait, several backends (sandbox, host,
//! oci, later ssh and kubernetes); callers never know which.
//!
//! Architecture invariant: only this crate starts sandboxes or containers,
//! and it decides no policy — Warden and the Dispatcher decide, this crate
//! carries out.

pub mod workload;

pub use workload::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, Mount, ProcessHandle, Resources, RuntimeError,
    SpawnedProcess, WorkloadName, WorkloadRuntime, WorkloadSpec,
};
