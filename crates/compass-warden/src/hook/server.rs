//! The server side of the hook socket: one listener per agent, so the socket
//! is the agent's identity. Each connection carries one request; the answer
//! is the gate's verdict rendered in the agent's format. Malformed input,
//! unknown events and slow clients get a block, never a crash or a pass.

use super::adapters;
use super::wire::{self, HookResponse};
use compass_core::gate::{Gate, GatePoint};
use compass_core::hook::HookProtocol;
use compass_core::id::AgentId;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{UnixListener, UnixStream};

/// How long a client may take to send its request.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Decide one hook request for `agent` (exposed for tests and the ACP path).
pub async fn handle_hook_request(body: &[u8], agent: &AgentId, gate: &dyn Gate) -> HookResponse {
    let req = match wire::decode_request(body) {
        Ok(r) => r,
        Err(e) => return adapters::block(&format!("malformed hook message: {e}")),
    };
    let Some(kind) = HookProtocol::parse(&req.kind) else {
        return adapters::block(&adapters::AdapterError::UnknownProtocol(req.kind).to_string());
    };
    let Some(stdin) = req.stdin() else {
        return adapters::block("hook payload is not valid base64");
    };
    let translated = match adapters::translate(kind, &req.event, &stdin, agent) {
        Ok(t) => t,
        Err(e) => return adapters::block(&e.to_string()),
    };
    let point = if translated.stage == adapters::Stage::Post
        && !adapters::result_replaceable(kind, &translated.tool)
    {
        GatePoint::HookResultKept
    } else {
        GatePoint::Hook
    };
    let verdict = gate
        .check_at(point, translated.call_id.as_deref(), &translated.request)
        .await;
    adapters::render(kind, &translated, &verdict)
}

async fn serve_one(mut stream: UnixStream, agent: AgentId, gate: Arc<dyn Gate>) {
    let resp = match tokio::time::timeout(READ_TIMEOUT, wire::read_frame(&mut stream)).await {
        Ok(Ok(body)) => handle_hook_request(&body, &agent, gate.as_ref()).await,
        Ok(Err(e)) => adapters::block(&format!("reading the hook request failed: {e}")),
        Err(_) => adapters::block("the hook request did not arrive in time"),
    };
    if let Err(e) = wire::write_frame(&mut stream, &resp).await {
        tracing::warn!(agent = %agent, error = %e, "hook client went away before its answer");
    }
}

/// Serve `agent`'s hook socket until the listener fails. Bind the listener
/// on the agent's own path (e.g. `/run/compass/hook.sock` inside its
/// workload); whoever connects speaks for that agent only.
pub async fn serve_hook_socket(
    listener: UnixListener,
    agent: AgentId,
    gate: Arc<dyn Gate>,
) -> std::io::Result<()> {
    loop {
        let (stream, _) = listener.accept().await?;
        tokio::spawn(serve_one(stream, agent.clone(), gate.clone()));
    }
}
