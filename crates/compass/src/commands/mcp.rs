//! `compass mcp`: the stdio MCP server an agent's MCP client launches
//! (ACP `session/new` names it in `mcpServers`). It only relays bytes
//! between stdio and the agent's own MCP socket, where the daemon serves
//! the Dispatcher's tools; the socket is the agent's identity, so the shim
//! holds nothing and decides nothing. Without the socket it fails at once,
//! saying where it looked.

use crate::cli::McpArgs;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the MCP socket is inside a workload.
const DEFAULT_MCP_SOCKET: &str = "/run/compass/mcp.sock";

pub(crate) fn run(args: McpArgs) -> ExitCode {
    let socket = args
        .socket
        .or_else(|| std::env::var_os("COMPASS_MCP_SOCKET").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_MCP_SOCKET));
    let relayed = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))
        .and_then(|rt| rt.block_on(relay(&socket)));
    match relayed {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "compass mcp: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Copy stdin to the socket and the socket to stdout until the server
/// closes; the client closing stdin ends our half of the conversation.
async fn relay(socket: &std::path::Path) -> Result<(), String> {
    let stream = tokio::net::UnixStream::connect(socket).await.map_err(|e| {
        format!(
            "cannot reach the Dispatcher's MCP socket at {}: {e} (this runs inside a Compass agent's workload; elsewhere pass --socket)",
            socket.display()
        )
    })?;
    let (mut from_server, mut to_server) = stream.into_split();
    let upstream = async {
        let mut stdin = tokio::io::stdin();
        tokio::io::copy(&mut stdin, &mut to_server).await?;
        // The client is done: let the server see end of input.
        tokio::io::AsyncWriteExt::shutdown(&mut to_server).await
    };
    let downstream = async {
        let mut stdout = tokio::io::stdout();
        tokio::io::copy(&mut from_server, &mut stdout).await?;
        tokio::io::AsyncWriteExt::flush(&mut stdout).await
    };
    tokio::pin!(upstream, downstream);
    // The server's end closing ends the session, whatever stdin does.
    tokio::select! {
        down = &mut downstream => down.map_err(|e| format!("relaying to stdout: {e}")),
        up = &mut upstream => {
            up.map_err(|e| format!("relaying stdin: {e}"))?;
            downstream.await.map_err(|e| format!("relaying to stdout: {e}"))
        }
    }
}
