//! Workstreams: one issue, one agent, one branch — and the state machine that
//! moves it across the board.

use crate::id::{AgentId, IssueId, ProjectId, WorkstreamId};
use crate::name::Name;
use serde::{Deserialize, Serialize};

/// Where a workstream stands. The board's columns are the first four;
/// `Paused` and `Failed` render in the column the workstream was in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkstreamState {
    Backlog,
    InProgress,
    InReview,
    Merged,
    Paused,
    Failed,
}

/// A transition the state machine refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a workstream cannot go from {} to {}", from.as_str(), to.as_str())]
pub struct TransitionError {
    pub from: WorkstreamState,
    pub to: WorkstreamState,
}

impl WorkstreamState {
    pub const ALL: [Self; 6] = [
        Self::Backlog,
        Self::InProgress,
        Self::InReview,
        Self::Merged,
        Self::Paused,
        Self::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Backlog => "backlog",
            Self::InProgress => "in_progress",
            Self::InReview => "in_review",
            Self::Merged => "merged",
            Self::Paused => "paused",
            Self::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    /// `Merged` is final: merged work is never reopened, a follow-up is a new
    /// issue. Everything else can be paused, fail, or be retried.
    pub fn can_become(self, to: Self) -> bool {
        use WorkstreamState::*;
        matches!(
            (self, to),
            (Backlog, InProgress)
                | (InProgress, InReview)
                | (InReview, InProgress)
                | (InReview, Merged)
                | (Backlog | InProgress | InReview, Paused)
                | (Paused, Backlog | InProgress | InReview)
                | (Backlog | InProgress | InReview | Paused, Failed)
                | (Failed, Backlog | InProgress)
        )
    }

    /// Whether work in this state is being changed, so on the conflict map
    /// (in progress or in review).
    pub fn in_flight(self) -> bool {
        matches!(self, Self::InProgress | Self::InReview)
    }

    pub fn transition(self, to: Self) -> Result<Self, TransitionError> {
        if self.can_become(to) {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }
}

/// The board column a state is shown in. Paused/failed work stays where it
/// was, flagged, so the user sees what stalled; the caller supplies that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    Backlog,
    InProgress,
    InReview,
    Merged,
}

impl Column {
    pub const ALL: [Self; 4] = [
        Self::Backlog,
        Self::InProgress,
        Self::InReview,
        Self::Merged,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Self::Backlog => "Backlog",
            Self::InProgress => "In Progress",
            Self::InReview => "In Review",
            Self::Merged => "Merged",
        }
    }

    /// The column for a state; paused and failed work shows under In Progress
    /// unless the caller knows better.
    pub fn of(state: WorkstreamState) -> Self {
        match state {
            WorkstreamState::Backlog => Self::Backlog,
            WorkstreamState::InProgress | WorkstreamState::Paused | WorkstreamState::Failed => {
                Self::InProgress
            }
            WorkstreamState::InReview => Self::InReview,
            WorkstreamState::Merged => Self::Merged,
        }
    }
}

/// The branch every repo of a workstream uses: `compass/<agent>/<issue-key>`.
pub fn branch_name(agent: &Name, issue_key: &str) -> String {
    format!("compass/{agent}/{issue_key}")
}

/// Whether `refname` (a full ref name) is in the workstream branches'
/// namespace but not under `agent`'s own `refs/heads/compass/<agent>/`:
/// another agent's branch, or a ref named like a directory of them
/// (`refs/heads/compass`, `refs/heads/compass/<other>`), which git keeps as
/// a path and so blocks every branch beneath it.
pub fn is_others_workstream_ref(refname: &str, agent: &Name) -> bool {
    let Some(rest) = refname.strip_prefix("refs/heads/compass") else {
        return false;
    };
    if rest.is_empty() {
        return true;
    }
    let Some(rest) = rest.strip_prefix('/') else {
        return false;
    };
    let own = rest
        .strip_prefix(agent.as_str())
        .and_then(|tail| tail.strip_prefix('/'))
        .is_some_and(|branch| !branch.is_empty());
    !own
}

/// A stored workstream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Workstream {
    pub id: WorkstreamId,
    pub project_id: ProjectId,
    pub issue_id: IssueId,
    pub agent_id: AgentId,
    pub branch: String,
    pub state: WorkstreamState,
    pub created_at_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn happy_path_and_refusals() {
        use WorkstreamState::*;
        let s = Backlog.transition(InProgress).unwrap();
        let s = s.transition(InReview).unwrap();
        let s = s.transition(Merged).unwrap();
        assert_eq!(
            s.transition(InProgress),
            Err(TransitionError {
                from: Merged,
                to: InProgress
            })
        );
        assert!(Backlog.transition(Merged).is_err());
        assert!(Backlog.transition(InReview).is_err());
        assert!(Paused.transition(Merged).is_err());
    }

    fn any_state() -> impl Strategy<Value = WorkstreamState> {
        proptest::sample::select(WorkstreamState::ALL.to_vec())
    }

    proptest! {
        #[test]
        fn merged_is_terminal_and_only_review_merges(path in proptest::collection::vec(any_state(), 0..30)) {
            let mut state = WorkstreamState::Backlog;
            for next in path {
                let before = state;
                if let Ok(s) = state.transition(next) {
                    prop_assert_ne!(before, WorkstreamState::Merged);
                    if s == WorkstreamState::Merged {
                        prop_assert_eq!(before, WorkstreamState::InReview);
                    }
                    state = s;
                }
            }
        }
    }

    #[test]
    fn branch_names_follow_the_convention() {
        assert_eq!(
            branch_name(&Name::parse("atlas").unwrap(), "demo-7"),
            "compass/atlas/demo-7"
        );
    }

    #[test]
    fn only_the_agents_own_namespace_is_its_own() {
        let atlas = Name::parse("atlas").unwrap();
        for others in [
            "refs/heads/compass",
            "refs/heads/compass/",
            "refs/heads/compass/bravo/demo-1",
            "refs/heads/compass/bravo",
            "refs/heads/compass/atlas",
            "refs/heads/compass/atlas/",
            "refs/heads/compass/atlasx/demo-1",
            "refs/heads/compass/atla/demo-1",
        ] {
            assert!(is_others_workstream_ref(others, &atlas), "{others}");
        }
        for fine in [
            "refs/heads/compass/atlas/demo-1",
            "refs/heads/compass/atlas/demo-1/part",
            "refs/heads/feature",
            "refs/heads/compassion",
            "refs/tags/compass/bravo/demo-1",
            "refs/heads/x/compass/bravo/demo-1",
        ] {
            assert!(!is_others_workstream_ref(fine, &atlas), "{fine}");
        }
        assert!(!is_others_workstream_ref(
            &format!("refs/heads/{}", branch_name(&atlas, "demo-3")),
            &atlas
        ));
    }
}
