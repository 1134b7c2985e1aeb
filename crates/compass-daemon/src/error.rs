//! The daemon's errors: why it could not start or serve ([`DaemonError`],
//! public), and why a fleet operation failed ([`FleetError`]). Sources are
//! kept as sources (never flattened into strings), so a caller can walk
//! the chain; `status.rs` is the one place they become gRPC status codes.

use compass_store::StoreError;
use std::path::PathBuf;

/// Longest Unix socket path the kernel accepts (sun_path, less the NUL).
pub(crate) const MAX_SOCKET_PATH: usize = 107;

/// A crate-internal error carried as a source of a public one.
type Inner = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why the daemon could not start or serve.
#[derive(Debug, thiserror::Error)]
pub enum DaemonError {
    #[error(
        "another Compass daemon{} is already running on data dir {}; stop it first, or set COMPASS_HOME to use another data dir",
        pid.map(|p| format!(" (pid {p})")).unwrap_or_default(),
        data_dir.display()
    )]
    AlreadyRunning { data_dir: PathBuf, pid: Option<u32> },
    #[error(
        "socket path {0} is longer than the {MAX_SOCKET_PATH} bytes Unix sockets allow; choose a shorter COMPASS_HOME"
    )]
    SocketPathTooLong(PathBuf),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A part of the daemon could not start (the secret store, the
    /// dispatcher, the workload backend, the agent kinds, recovery).
    #[error("{part}: {source}")]
    Part {
        part: &'static str,
        #[source]
        source: Inner,
    },
    /// The user's kinds file is invalid: the daemon does not start with
    /// a registry other than the one asked for.
    #[error(
        "the agent kinds file {} is invalid: {source}; fix it (`compass kind check {}` checks it) or move it away",
        path.display(),
        path.display()
    )]
    Kinds {
        path: PathBuf,
        #[source]
        source: compass_acp::AcpError,
    },
    #[error("Warden could not start: {0}")]
    Warden(#[source] compass_warden::WardenError),
    #[error("serving compass.v1 failed: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("a listener task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

impl DaemonError {
    /// `part` of the daemon could not start because of `source`.
    pub(crate) fn part(
        part: &'static str,
    ) -> impl FnOnce(Box<dyn std::error::Error + Send + Sync + 'static>) -> Self {
        move |source| Self::Part { part, source }
    }
}

/// `context` for an I/O error of the daemon.
pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> DaemonError {
    let context = context.into();
    move |source| DaemonError::Io { context, source }
}

/// Why a fleet operation failed; `status::from_fleet` maps each to a code.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FleetError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The request names something that cannot be (a bad kind, a repo
    /// that cannot be named under `/work`).
    #[error("{0}")]
    Invalid(String),
    /// The agent is not in a state for this (already running, retired…),
    /// or a step inside its workload failed (its stderr is the message).
    #[error("{0}")]
    State(String),
    #[error(transparent)]
    Runtime(#[from] compass_runtime::RuntimeError),
    /// A pause that could not freeze the workload: the agent was stopped
    /// and failed rather than left running unwatched (the reason holds
    /// the runtime's error).
    #[error("agent {agent} {reason}")]
    Unfrozen { agent: String, reason: String },
    #[error(transparent)]
    Acp(#[from] compass_acp::AcpError),
    #[error(transparent)]
    Secret(#[from] crate::secrets::SecretError),
    #[error("the push relay could not be set up: {0}")]
    Relay(#[from] crate::push_relay::RelayError),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
}

/// `context` for an I/O error of a fleet operation.
pub(crate) fn fleet_io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> FleetError {
    let context = context.into();
    move |source| FleetError::Io { context, source }
}
