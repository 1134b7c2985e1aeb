//! Merged work: how a workstream's change reached trunk, as merge
//! detection (in the Dispatcher) confirmed it from trunk's history.

use serde::{Deserialize, Serialize};

/// How a workstream's change reached trunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Landed {
    /// Trunk was moved to the branch's tip (its first-parent line holds it).
    FastForward,
    /// A merge commit brought the tip into trunk.
    MergeCommit,
    /// Every commit of the branch was replayed onto trunk.
    Rebase,
    /// The branch's whole change is one trunk commit.
    Squash,
    /// Trunk holds every path the branch changed as the branch left it.
    Tree,
}

impl Landed {
    pub const ALL: [Self; 5] = [
        Self::FastForward,
        Self::MergeCommit,
        Self::Rebase,
        Self::Squash,
        Self::Tree,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::FastForward => "fast_forward",
            Self::MergeCommit => "merge_commit",
            Self::Rebase => "rebase",
            Self::Squash => "squash",
            Self::Tree => "tree",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.as_str() == raw)
    }
}

/// One repository of a merged workstream: how it landed and trunk's commit
/// that holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoLanded {
    pub repo: String,
    pub how: Landed,
    pub trunk: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for l in Landed::ALL {
            assert_eq!(Landed::parse(l.as_str()), Some(l));
        }
        assert_eq!(Landed::parse("pr_state"), None);
    }
}
