//! Named agents: identity that outlives any one task or process.

use crate::id::{AgentId, ProjectId};
use crate::name::Name;
use serde::{Deserialize, Serialize};

/// Longest persona (system-prompt addition) accepted.
pub const MAX_PERSONA_LEN: usize = 16 * 1024;
/// Longest model identifier accepted.
pub const MAX_MODEL_LEN: usize = 200;

/// Whether Compass keeps the agent's identity and workload across tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lifetime {
    /// A durable team member: same name, workload and clones across tasks.
    Persistent,
    /// One task (or a short stack); retired when its work merges and its
    /// codename goes back to the theme's pool.
    Ephemeral,
}

impl Lifetime {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Persistent => "persistent",
            Self::Ephemeral => "ephemeral",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "persistent" => Some(Self::Persistent),
            "ephemeral" => Some(Self::Ephemeral),
            _ => None,
        }
    }
}

/// What the agent is doing now, as far as Compass knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentStatus {
    /// Defined, no workload running.
    Idle,
    /// Workload up, agent process driven.
    Running,
    /// Frozen by the user or by Warden.
    Paused,
    /// The agent process failed; see the events for why.
    Failed,
    /// Retired: kept for history, never started again.
    Retired,
}

/// How a pause by Warden begins its status reason (the rest is Warden's
/// reason): what tells the user's own pauses from Warden's.
pub const WARDEN_PAUSE_PREFIX: &str = "paused by Warden: ";

impl AgentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Idle => "idle",
            Self::Running => "running",
            Self::Paused => "paused",
            Self::Failed => "failed",
            Self::Retired => "retired",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [
            Self::Idle,
            Self::Running,
            Self::Paused,
            Self::Failed,
            Self::Retired,
        ]
        .into_iter()
        .find(|s| s.as_str() == raw)
    }
}

/// A stored agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agent {
    pub id: AgentId,
    pub project_id: ProjectId,
    pub name: Name,
    pub persona: Option<String>,
    /// Which agent program drives this agent (`scripted`, `claude-code`, …).
    pub kind: Name,
    pub model: Option<String>,
    pub lifetime: Lifetime,
    pub status: AgentStatus,
    /// Why the agent is in its status (e.g. what Warden flagged).
    pub status_reason: String,
    /// Set when the name came from the project's codename theme.
    pub codename: bool,
    pub created_at_ms: i64,
}

/// Why agent fields were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AgentFieldError {
    #[error("persona is {len} bytes; the limit is {MAX_PERSONA_LEN}")]
    PersonaTooLong { len: usize },
    #[error("model is {len} bytes; the limit is {MAX_MODEL_LEN}")]
    ModelTooLong { len: usize },
    #[error("model must be printable with no spaces, e.g. claude-sonnet-4-5")]
    ModelBadChar,
}

/// Validate an optional persona: any text, bounded.
pub fn check_persona(persona: &str) -> Result<(), AgentFieldError> {
    if persona.len() > MAX_PERSONA_LEN {
        return Err(AgentFieldError::PersonaTooLong { len: persona.len() });
    }
    Ok(())
}

/// Validate an optional model id: printable, no whitespace, bounded.
pub fn check_model(model: &str) -> Result<(), AgentFieldError> {
    if model.len() > MAX_MODEL_LEN {
        return Err(AgentFieldError::ModelTooLong { len: model.len() });
    }
    if !model.chars().all(|c| c.is_ascii_graphic()) {
        return Err(AgentFieldError::ModelBadChar);
    }
    Ok(())
}
