//! The one error type of the ACP client. Each variant names the operation
//! and what to look at next; [`AcpError::code`] is the stable machine name
//! that `SessionFailed` events carry.

use std::time::Duration;

/// Why driving an agent failed.
#[derive(Debug, thiserror::Error)]
pub enum AcpError {
    #[error("could not start the agent in workload {workload}: {source}")]
    Spawn {
        workload: String,
        #[source]
        source: compass_runtime::RuntimeError,
    },
    #[error("the agent exited ({status}){stderr}")]
    AgentExited { status: String, stderr: String },
    #[error("the agent closed its stdout while still running{stderr}")]
    StdoutClosed { stderr: String },
    #[error("the agent broke the protocol: {what}")]
    Protocol { what: String },
    #[error("the agent did not answer {method} within {after:?}")]
    Timeout { method: String, after: Duration },
    #[error("the agent answered {method} with error {code}: {message}")]
    Rpc {
        method: String,
        code: i64,
        message: String,
    },
    #[error("the agent sent more than {limit} updates in one turn; the turn was stopped")]
    UpdateFlood { limit: u64 },
    #[error("the agent streamed more than {limit} bytes of text in one turn; the turn was stopped")]
    UpdateTextFlood { limit: u64 },
    #[error(
        "the agent needs authentication ({methods}); configure credentials for this agent kind"
    )]
    AuthRequired { methods: String },
    #[error("the session is closed")]
    Closed,
    #[error("preparing the agent's restart failed (its kind's wire step): {stderr}")]
    Prepare { stderr: String },
    #[error("unknown agent kind {0:?}")]
    UnknownKind(String),
    #[error("agent kind registry is invalid: {0}")]
    Registry(String),
    #[error("workload operation failed: {0}")]
    Runtime(#[from] compass_runtime::RuntimeError),
    /// A memory file held the launch before the agent process existed.
    #[error(transparent)]
    MemoryHeld(#[from] crate::memory::MemoryHold),
    #[error("{context}: {source}")]
    Json {
        context: String,
        #[source]
        source: serde_json::Error,
    },
}

impl AcpError {
    /// Stable machine name, used as `SessionFailed.code`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Spawn { .. } => "spawn_failed",
            Self::AgentExited { .. } => "agent_exited",
            Self::StdoutClosed { .. } => "stdout_closed",
            Self::Protocol { .. } => "protocol",
            Self::Timeout { .. } => "timeout",
            Self::Rpc { .. } => "agent_error",
            Self::UpdateFlood { .. } | Self::UpdateTextFlood { .. } => "update_flood",
            Self::AuthRequired { .. } => "auth_required",
            Self::Closed => "closed",
            Self::Prepare { .. } => "prepare_failed",
            Self::UnknownKind(_) => "unknown_kind",
            Self::Registry(_) => "registry",
            Self::Runtime(_) => "runtime",
            Self::Json { .. } => "json",
            Self::MemoryHeld(_) => "memory_held",
        }
    }

    /// Whether the connection to the agent is gone (a reload can help).
    pub fn is_connection_lost(&self) -> bool {
        matches!(
            self,
            Self::AgentExited { .. }
                | Self::StdoutClosed { .. }
                | Self::Protocol { .. }
                | Self::Closed
                | Self::UpdateFlood { .. }
                | Self::UpdateTextFlood { .. }
        )
    }
}

impl Clone for AcpError {
    // The connection fans one close reason out to every waiter; the
    // non-clonable sources are rendered to text on the way.
    fn clone(&self) -> Self {
        match self {
            Self::AgentExited { status, stderr } => Self::AgentExited {
                status: status.clone(),
                stderr: stderr.clone(),
            },
            Self::StdoutClosed { stderr } => Self::StdoutClosed {
                stderr: stderr.clone(),
            },
            Self::Protocol { what } => Self::Protocol { what: what.clone() },
            Self::Timeout { method, after } => Self::Timeout {
                method: method.clone(),
                after: *after,
            },
            Self::Rpc {
                method,
                code,
                message,
            } => Self::Rpc {
                method: method.clone(),
                code: *code,
                message: message.clone(),
            },
            Self::UpdateFlood { limit } => Self::UpdateFlood { limit: *limit },
            Self::UpdateTextFlood { limit } => Self::UpdateTextFlood { limit: *limit },
            Self::AuthRequired { methods } => Self::AuthRequired {
                methods: methods.clone(),
            },
            Self::Closed => Self::Closed,
            Self::Prepare { stderr } => Self::Prepare {
                stderr: stderr.clone(),
            },
            Self::UnknownKind(k) => Self::UnknownKind(k.clone()),
            Self::Registry(r) => Self::Registry(r.clone()),
            Self::MemoryHeld(hold) => Self::MemoryHeld(hold.clone()),
            other => Self::Protocol {
                what: other.to_string(),
            },
        }
    }
}
