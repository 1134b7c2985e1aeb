//! Serving one agent's MCP socket: each connection is one MCP session
//! (newline-delimited JSON-RPC, what the `compass mcp` shim relays from the
//! agent's stdio) bound to the agent the socket belongs to. Bounded: a few
//! sessions at once, a line at most [`MAX_LINE`] bytes, so a flood costs the
//! daemon little and only the flooding agent its channel.

use super::channel::Channel;
use super::tools::AgentTools;
use compass_core::id::AgentId;
use rmcp::ServiceExt;
use rmcp::transport::async_rw::AsyncRwTransport;
use std::sync::Arc;
use tokio::net::UnixListener;

/// How many MCP sessions one agent may hold open at once; past that a
/// connection is closed unread.
pub(crate) const MAX_SESSIONS: usize = 8;
/// The longest JSON-RPC line a session reads (an issue body is at most
/// 256 KiB; the rest is headroom for JSON escaping).
pub(crate) const MAX_LINE: usize = 2 * 1024 * 1024;
/// How long a connection may take to finish MCP's `initialize`: a client
/// that speaks something else (a gRPC client pointed at this socket waits
/// for an HTTP/2 answer that never comes) is closed, not held open.
pub(crate) const HANDSHAKE: std::time::Duration = std::time::Duration::from_secs(5);

/// Serve `agent`'s channel on `listener` until the task is aborted (an
/// accept error is rested through, never the end: `compass_listen`). Bind
/// it on the agent's own path (`/run/compass/mcp.sock` inside its
/// workload): whoever connects speaks for that agent only.
pub async fn serve_mcp_socket(listener: UnixListener, agent: AgentId, channel: Arc<Channel>) {
    let admission = compass_listen::Admission {
        what: "MCP socket",
        max: MAX_SESSIONS,
    };
    let span = tracing::info_span!("mcp_socket", agent = %agent);
    let refused = agent.clone();
    tracing::Instrument::instrument(
        compass_listen::serve(
            listener,
            admission,
            move |stream| session(stream, agent.clone(), Arc::clone(&channel)),
            move |stream| {
                tracing::warn!(agent = %refused, "too many MCP sessions at once; one was closed");
                drop(stream);
                std::future::ready(())
            },
        ),
        span,
    )
    .await;
}

/// One MCP session, bound to `agent`.
async fn session(stream: tokio::net::UnixStream, agent: AgentId, channel: Arc<Channel>) {
    let tools = AgentTools::new(agent.clone(), channel);
    let (read, write) = stream.into_split();
    let transport = AsyncRwTransport::new_server(read, write).with_max_line_length(MAX_LINE);
    match tokio::time::timeout(HANDSHAKE, tools.serve(transport)).await {
        Ok(Ok(running)) => {
            let _ = running.waiting().await;
        }
        Ok(Err(error)) => tracing::info!(%agent, %error, "an MCP session did not start"),
        Err(_) => {
            tracing::info!(%agent, "an MCP client did not initialize in time; closed")
        }
    }
}
