//! The runtime's one error type: every variant names the workload or the
//! input at fault, and I/O errors keep their source.

use crate::names::WorkloadName;
use compass_core::name::NameError;
use std::path::PathBuf;

/// Why a workload operation failed. Each variant names the workload or input.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error("unknown workload backend {0:?}; choose one of: sandbox, host, oci")]
    UnknownBackend(String),
    #[error("{what} {raw:?} is not a valid name: {source}")]
    BadName {
        what: &'static str,
        raw: String,
        #[source]
        source: NameError,
    },
    #[error("invalid {what}: {why}")]
    Invalid { what: &'static str, why: String },
    /// A host-side operation inside an agent-writable tree was refused
    /// ([`crate::agentfs`]).
    #[error("refused {}: {why}", path.display())]
    Refused {
        path: PathBuf,
        why: crate::refusal::Refusal,
    },
    #[error("workload {0} is paused; resume it first")]
    Paused(WorkloadName),
    #[error(
        "workload {workload}: an exec with masks cannot start: {} process(es) of the workload running before it ({}) lack its masks' pins and could rename a masked path away; close any shell into the agent (`compass pty`) and let them end, then start it again",
        running.len(),
        running.join(", ")
    )]
    Unpinned {
        workload: WorkloadName,
        /// The programs (file names) running without its pins.
        running: Vec<String>,
    },
    #[error("{command} failed for {target}: {stderr}")]
    Command {
        command: String,
        target: String,
        stderr: String,
    },
    /// The container engine itself failed (its binary or its store), as
    /// opposed to a command in a workload: the workload cannot be driven.
    /// (Two fields, so `Command` stays the one largest variant.)
    #[error("the container engine failed: `{command}`: {stderr}")]
    Engine {
        /// The engine, its subcommand and what it acted on.
        command: String,
        stderr: String,
    },
    #[error("workload {0} does not exist")]
    NotFound(WorkloadName),
    #[error("workload {0} already exists")]
    AlreadyExists(WorkloadName),
    #[error("the {backend} backend cannot {operation}: {why}")]
    Unsupported {
        backend: &'static str,
        operation: &'static str,
        why: &'static str,
    },
    #[error(
        "{tool} is not installed or not runnable ({why}); install it (e.g. `apt-get install {package}`)"
    )]
    MissingTool {
        tool: &'static str,
        package: &'static str,
        why: String,
    },
    /// The OCI image is missing, or a container of it cannot start.
    #[error("OCI image {image} is not usable: {why}")]
    Image { image: String, why: String },
    #[error("egress policy for {workload} could not be armed: {why}")]
    Egress { workload: WorkloadName, why: String },
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Other(String),
}

impl RuntimeError {
    /// An I/O error with what was being done.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            context: context.into(),
            source,
        }
    }
}
