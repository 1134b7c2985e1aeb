//! Warden's error type. Errors never leave Warden as a pass: every gate path
//! turns them into a `Flag` naming the error (fail closed).

use std::path::PathBuf;

/// What went wrong inside Warden.
#[derive(Debug, thiserror::Error)]
pub enum WardenError {
    #[error("rule file {origin}: {message}")]
    Rules { origin: String, message: String },
    #[error("rule {rule}: example {example:?} {problem}")]
    RuleExample {
        rule: String,
        example: String,
        problem: &'static str,
    },
    #[error("invalid regex in rule {rule}: {source}")]
    Regex {
        rule: String,
        #[source]
        source: regex::Error,
    },
    #[error("i/o on {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("corpus {path} line {line}: {message}")]
    Corpus {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("git: {0}")]
    Git(String),
    #[error("model judge: {0}")]
    Judge(String),
    #[error("pause failed: {0}")]
    Pause(String),
    /// A collaborator the daemon plugged in (the workload runtime running
    /// git or a read for Warden, the pauser) failed; its error is kept.
    #[error("{doing}: {source}")]
    Collaborator {
        doing: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("store: {0}")]
    Store(String),
    /// A submodule path the daemon learned from the user's repository is
    /// not a plain relative path (or there are too many).
    #[error("submodule path {path:?}: {problem}")]
    Submodule { path: String, problem: &'static str },
}
