//! The Dispatcher: the workstream layer's coordinator. Today: issue sources
//! (GitHub Issues over REST) synced both ways — incremental, idempotent,
//! resumable imports, and a workstream's state written back to its issue —
//! and the agents' MCP channel (`mcp`).
//!
//! Architecture invariant: the Dispatcher never pushes, merges or starts an
//! agent on its own; it reads trackers, writes what the store decided back to
//! them, and proposes. Tokens come from the secret store (as [`Token`]) and
//! reach only the `Authorization` header of requests to the source's own API
//! origin.

mod error;
mod github;
mod http;
pub mod mcp;
mod sync;
mod token;
mod writeback;

pub use error::{ChannelError, DispatchError};
pub use http::{Http, RetryPolicy};
pub use sync::{SyncReport, sync};
pub use token::Token;
pub use writeback::{Written, writeback};
