//! Opaque ids for stored things. The store mints them; everyone else only
//! passes them around, so they are plain strings behind a type per kind.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            /// The prefix that makes an id's kind readable in logs (`agt_…`).
            pub const PREFIX: &'static str = $prefix;

            /// Build an id from a store-assigned row number.
            pub fn from_row(row: i64) -> Self {
                Self(format!("{}{}", $prefix, row))
            }

            /// The row number, if this is a well-formed id of this kind.
            pub fn row(&self) -> Option<i64> {
                self.0.strip_prefix($prefix)?.parse().ok().filter(|n: &i64| *n > 0)
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

id_type!(
    /// A project.
    ProjectId, "prj_"
);
id_type!(
    /// A named agent.
    AgentId, "agt_"
);
id_type!(
    /// An issue in the local store.
    IssueId, "iss_"
);
id_type!(
    /// A workstream: one issue being worked by one agent on one branch.
    WorkstreamId, "wst_"
);
id_type!(
    /// An issue source of a project (a GitHub repo's issues, …).
    SourceId, "src_"
);
id_type!(
    /// A question an agent asked the user over its MCP channel.
    AskId, "ask_"
);
id_type!(
    /// The Dispatcher's proposal to assign an issue to an agent.
    ProposalId, "prp_"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_rows_and_rejects_foreign_ids() {
        let id = AgentId::from_row(42);
        assert_eq!(id.as_str(), "agt_42");
        assert_eq!(id.row(), Some(42));
        assert_eq!(AgentId("prj_42".into()).row(), None);
        assert_eq!(AgentId("agt_".into()).row(), None);
        assert_eq!(AgentId("agt_-3".into()).row(), None);
        assert_eq!(AgentId("agt_x".into()).row(), None);
    }
}
