//! Assignment proposals as stored: the Dispatcher proposes an agent for an
//! issue (with why, what it would wait behind, and the in-flight work it
//! would overlap); the user approves, edits or rejects it. Only an approval
//! creates a workstream, and only the user's.

use crate::id::{AgentId, IssueId, ProjectId, ProposalId, WorkstreamId};
use serde::{Deserialize, Serialize};

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProposalState {
    /// Waiting for the user.
    Open,
    /// Approved: its workstream exists.
    Approved,
    /// Rejected, or replaced by a newer proposal for the same issue.
    Rejected,
}

impl ProposalState {
    pub const ALL: [Self; 3] = [Self::Open, Self::Approved, Self::Rejected];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// Why an open proposal can no longer be approved or edited: its issue
/// changed since the Dispatcher proposed it. The user rejects it (or, for
/// an issue reopened on its tracker, proposes again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Stale {
    /// The issue was given a workstream meanwhile (by hand or by another
    /// proposal's approval).
    Assigned { workstream_id: WorkstreamId },
    /// The issue was closed on its tracker (as the last sync read it).
    Closed,
    /// The issue is gone from its tracker (deleted: a sync's direct read
    /// answered 404/410); kept here, never proposed again.
    Gone,
}

impl std::fmt::Display for Stale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Assigned { workstream_id } => {
                write!(f, "it was assigned since ({workstream_id})")
            }
            Self::Closed => f.write_str("it was closed on its tracker since"),
            Self::Gone => f.write_str("it was deleted from its tracker since"),
        }
    }
}

/// Why two in-flight workstreams stopped sharing files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OverlapEnd {
    /// A re-read diff no longer touches any file the other one does.
    FilesApart,
    /// One of them left flight (paused, failed, merged, back to backlog).
    LeftFlight,
}

impl OverlapEnd {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FilesApart => "files apart",
            Self::LeftFlight => "left flight",
        }
    }
}

/// One proposal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    pub id: ProposalId,
    pub project_id: ProjectId,
    pub issue_id: IssueId,
    pub issue_key: String,
    pub agent_id: AgentId,
    pub agent: String,
    /// The workstream (or `issue:<key>` of an earlier proposal) to finish
    /// first: overlapping work is ordered, not run side by side.
    pub behind: String,
    /// Why this agent, in words.
    pub reason: String,
    /// In-flight work on the same files: `<workstream> (<agent>): <repo>:<path>, …`.
    pub overlaps: Vec<String>,
    pub state: ProposalState,
    /// The workstream an approval created.
    pub workstream_id: Option<WorkstreamId>,
    pub created_at_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_round_trip() {
        for s in ProposalState::ALL {
            assert_eq!(ProposalState::parse(s.as_str()), Some(s));
        }
        assert_eq!(ProposalState::parse("maybe"), None);
    }
}
