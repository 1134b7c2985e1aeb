//! The Dispatcher's errors. Each says what failed and what to do next; none
//! carries a token (requests are described by method and path only).

use std::time::Duration;

/// Why talking to a tracker, or a sync, failed.
#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    #[error(
        "the tracker refused the token in secret {secret} (401: expired or revoked?); set a new one with `compass secret set {secret}`"
    )]
    Unauthorized { secret: String },
    #[error("the tracker forbade {what} (403): {message}")]
    Forbidden { what: String, message: String },
    #[error("{what}: not found (404); check the repo name and that the token can see it")]
    NotFound { what: String },
    #[error("the tracker rejected {what} ({status}): {message}")]
    Rejected {
        what: String,
        status: u16,
        message: String,
    },
    #[error("rate limited on {what}; the tracker asks to wait {}s, more than the {}s allowed — sync again later", wait.as_secs(), limit.as_secs())]
    RateLimited {
        what: String,
        wait: Duration,
        limit: Duration,
    },
    #[error("the tracker is failing on {what} ({status}) after {attempts} attempts")]
    Unavailable {
        what: String,
        status: u16,
        attempts: u32,
    },
    #[error("cannot reach the tracker for {what}: {message}")]
    Unreachable { what: String, message: String },
    #[error("the tracker's answer to {what} is malformed: {message}")]
    Malformed { what: String, message: String },
    #[error(
        "secret {0} is not set; set it with `compass secret set {0}` (the token is read from stdin)"
    )]
    MissingToken(String),
    #[error("secret {0} is not a usable token (it must be one line of printable text)")]
    BadToken(String),
    #[error(transparent)]
    Store(#[from] compass_store::StoreError),
}

/// Why merge detection could not look at a repository's trunk.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error(transparent)]
    Arg(#[from] compass_core::safe_git::GitArgError),
    #[error("{field} {value:?} cannot name a ref in the merge mirror")]
    BadName { field: &'static str, value: String },
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("git {command} failed: {stderr}")]
    Git { command: String, stderr: String },
    #[error("the remote {remote} has no HEAD (trunk) to compare with; is it empty?")]
    NoTrunk { remote: String },
    #[error("the forwarded commit {commit} shares no history with trunk")]
    Unrelated { commit: String },
    #[error(transparent)]
    Store(#[from] compass_store::StoreError),
}

/// Why an agent's MCP call was refused. The message is what the agent is
/// told (and what the `mcp_call_refused` event records): it names the
/// argument and what to do instead.
#[derive(Debug, thiserror::Error)]
pub enum ChannelError {
    #[error("argument {field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// The call named work that is not the caller's: a call acts only for
    /// the agent whose socket it came through.
    #[error("{0}")]
    NotYours(String),
    #[error("{0}")]
    NoCurrent(String),
    #[error(
        "you have {limit} questions open already, the most one agent may have; wait until the user answers one before asking again"
    )]
    TooManyAsks { limit: u32 },
    #[error("Warden withheld this {field}: {reason}")]
    Withheld { field: &'static str, reason: String },
    #[error("{0}")]
    Store(#[from] compass_store::StoreError),
}
