//! The Dispatcher: the workstream layer's coordinator. Today: issue sources
//! (GitHub Issues over REST, Linear over GraphQL, Jira Cloud over REST) synced both ways — incremental, idempotent,
//! resumable imports, and a workstream's state written back to its issue;
//! merge detection from trunk's history (`trunk.rs`); pull requests on a
//! GitHub-shaped forge and their review and CI feedback (`pulls.rs`,
//! `feedback.rs`); and the agents' MCP channel (`mcp`).
//!
//! Architecture invariant: the Dispatcher never pushes, merges or starts an
//! agent on its own; it reads trackers, writes what the store decided back to
//! them, and proposes. Tokens come from the secret store (as [`Token`]) and
//! reach only the `Authorization` header of requests to the source's own API
//! origin.

mod conflict;
mod error;
pub mod feedback;
mod github;
mod http;
mod jira;
mod linear;
pub mod mcp;
mod paging;
mod propose;
mod pulls;
mod status;
mod sync;
mod times;
mod token;
mod tracker_errors;
mod trunk;
mod writeback;

pub use conflict::{ConflictMap, Holder, Overlap, Zone, named_paths};
pub use error::{ChannelError, DispatchError, MergeError};
pub use http::{Http, RetryPolicy};
pub use propose::{Ask, Candidate, Proposal, Why, propose};
pub use pulls::{Feedback, Opened, PullRequests, PullView};
pub use status::{Blocked, BlockedKind, Doing, Status, Waiting, WaitingKind, Work, status};
pub use sync::{SyncReport, sync};
pub use token::Token;
pub use trunk::{Forward, Landed, Mirror, Watch};
pub use writeback::{Written, writeback};
