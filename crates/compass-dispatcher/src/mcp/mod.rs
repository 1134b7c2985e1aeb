//! The agents' channel to the Dispatcher: one MCP server (the official SDK,
//! `rmcp`) per agent, on the agent's own Unix socket inside its workload
//! (`/run/compass/mcp.sock`, reached through the `compass mcp` stdio shim).
//! The socket is the identity: every call is bound to the agent whose
//! socket it came through and can act only on that agent's workstreams.
//!
//! - `channel`: what each tool does (store writes, Warden's input gate on
//!   agent text that a model may read later, questions waiting for answers);
//! - `tools`: the MCP surface (`ready_for_push`, `file_issue`, `ask`,
//!   `update_queue`) over `channel`;
//! - `socket`: serving one agent's socket, a connection at a time each an
//!   MCP session.
//!
//! Agent text is untrusted data: a question is shown to the user as-is; an
//! issue body, a note or a summary that a model may later read passes the
//! input gate first, and a flag refuses the call.

mod channel;
mod socket;
mod tools;

pub use channel::{Answered, Channel, ChannelOptions, ReadyListener};
pub use socket::serve_mcp_socket;
pub use tools::AgentTools;
