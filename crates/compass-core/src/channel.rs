//! The agents' channel to the Dispatcher (the MCP tools `ready_for_push`,
//! `file_issue`, `ask`, `update_queue`): the closed vocabularies its calls,
//! per-repo push states and questions are recorded in. Behaviour lives in
//! `compass-dispatcher`; this is data.

use crate::id::{AgentId, AskId, WorkstreamId};
use serde::{Deserialize, Serialize};

/// The tools an agent's MCP server offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum McpTool {
    ReadyForPush,
    FileIssue,
    Ask,
    UpdateQueue,
}

impl McpTool {
    pub const ALL: [Self; 4] = [
        Self::ReadyForPush,
        Self::FileIssue,
        Self::Ask,
        Self::UpdateQueue,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::ReadyForPush => "ready_for_push",
            Self::FileIssue => "file_issue",
            Self::Ask => "ask",
            Self::UpdateQueue => "update_queue",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == raw)
    }
}

/// Where one repo of a workstream stands on its way to the forge. A
/// workstream spanning several repos has one per repo: pushes are not
/// atomic across repos, so the board shows each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PushState {
    /// The agent said the workstream is ready; this repo's branch has not
    /// been pushed (forwarded by the relay) since.
    Awaiting,
    /// The relay forwarded the branch to the real remote, Warden cleared.
    Pushed,
    /// Warden or the remote refused the push of this repo's branch.
    Refused,
}

impl PushState {
    pub const ALL: [Self; 3] = [Self::Awaiting, Self::Pushed, Self::Refused];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Awaiting => "awaiting",
            Self::Pushed => "pushed",
            Self::Refused => "refused",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// Where a pull request Compass opened stands on its forge, as last read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PullState {
    Open,
    /// Closed without the forge's merge (a squash done by hand looks like
    /// this too: merge detection judges trunk, not this state).
    Closed,
    /// Closed by the forge's merge button.
    Merged,
}

impl PullState {
    pub const ALL: [Self; 3] = [Self::Open, Self::Closed, Self::Merged];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Closed => "closed",
            Self::Merged => "merged",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// One repo's push state in a workstream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoPush {
    pub repo: String,
    pub state: PushState,
    /// The commit the relay forwarded (empty until pushed).
    pub commit: String,
    pub updated_at_ms: i64,
}

/// What the channel adds to a workstream: the agent's own queue entry and
/// its ready signal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueEntry {
    /// Place in the agent's own queue (0 first); `None` until reordered.
    pub position: Option<u32>,
    /// The agent's note (untrusted text: shown to the user, never obeyed).
    pub note: String,
    /// The agent marked the item done in its queue (not a state change:
    /// Merged follows the merge, never the agent's word).
    pub done: bool,
    /// When the agent last signalled `ready_for_push`.
    pub ready_at_ms: Option<i64>,
    pub pushes: Vec<RepoPush>,
}

/// Whether a question waits for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AskState {
    Open,
    Answered,
}

impl AskState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Answered => "answered",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Open, Self::Answered]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }
}

/// How an answer reached the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AskDelivery {
    /// The `ask` call was still waiting: the answer is its tool result.
    ToolResult,
    /// The call had timed out: the answer went to the agent as a prompt.
    Prompt,
    /// Neither was possible (the agent is not running); the answer is kept
    /// and shown by `compass ask list`.
    Kept,
}

impl AskDelivery {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ToolResult => "tool_result",
            Self::Prompt => "prompt",
            Self::Kept => "kept",
        }
    }
}

/// A question an agent asked the user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ask {
    pub id: AskId,
    pub agent_id: AgentId,
    pub workstream_id: Option<WorkstreamId>,
    /// The agent's question, as it wrote it: shown to the user only.
    pub question: String,
    pub state: AskState,
    pub answer: String,
    pub created_at_ms: i64,
}

/// The longest question, note or summary an agent may send.
pub const MAX_TEXT_LEN: usize = 16 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabularies_round_trip() {
        for t in McpTool::ALL {
            assert_eq!(McpTool::parse(t.as_str()), Some(t));
        }
        for s in PushState::ALL {
            assert_eq!(PushState::parse(s.as_str()), Some(s));
        }
        assert_eq!(AskState::parse("answered"), Some(AskState::Answered));
        assert_eq!(McpTool::parse("spawn_agent"), None);
    }
}
