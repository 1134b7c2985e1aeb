//! The server side of the hook socket: one listener per agent, so the socket
//! is the agent's identity. Each connection carries one request; the answer
//! is the gate's verdict rendered in the agent's format. Malformed input,
//! unknown events and slow clients get a block, never a crash or a pass.

use super::adapters;
use super::wire::{self, HookResponse};
use compass_core::gate::{Gate, GatePoint, Verdict};
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
    // The call's own writes first (no call id: each is its own action);
    // the first flag answers, without pausing the agent once per file.
    let mut verdict = Verdict::clear();
    for write in &translated.writes {
        verdict = verdict.strictest(gate.check_at(point, None, write).await);
        if verdict.decision.is_flag() {
            return adapters::render(kind, &translated, &verdict);
        }
    }
    let call = gate
        .check_at(point, translated.call_id.as_deref(), &translated.request)
        .await;
    adapters::render(kind, &translated, &verdict.strictest(call))
}

/// How many requests of one socket are read at once: each may hold a frame
/// of up to [`wire::MAX_FRAME`] bytes in the daemon's memory.
pub const MAX_READING: usize = 4;
/// How many more connections may wait for their turn to be read. Past
/// that a request is blocked at once: a flood costs the daemon neither
/// memory nor file descriptors, and only the flooding agent its hooks.
pub const MAX_WAITING: usize = 64;

async fn serve_one(
    mut stream: UnixStream,
    agent: AgentId,
    gate: Arc<dyn Gate>,
    reading: Arc<tokio::sync::Semaphore>,
) {
    let read = async {
        // Held while the frame is read, released before the gate decides.
        let _turn = reading.acquire().await;
        tokio::time::timeout(READ_TIMEOUT, wire::read_frame(&mut stream)).await
    };
    let resp = match read.await {
        Ok(Ok(body)) => handle_hook_request(&body, &agent, gate.as_ref()).await,
        Ok(Err(e)) => adapters::block(&format!("reading the hook request failed: {e}")),
        Err(_) => adapters::block("the hook request did not arrive in time"),
    };
    if let Err(e) = wire::write_frame(&mut stream, &resp).await {
        tracing::warn!(agent = %agent, error = %e, "hook client went away before its answer");
    }
}

/// A connection past [`MAX_WAITING`]: blocked without reading it.
async fn refuse(mut stream: UnixStream) {
    let resp = adapters::block("too many hook requests at once; this one was not read");
    let _ = tokio::time::timeout(READ_TIMEOUT, wire::write_frame(&mut stream, &resp)).await;
}

/// Serve `agent`'s hook socket until the task is aborted (an accept error
/// is rested through, never the end: `compass_listen`). Bind the listener
/// on the agent's own path (e.g. `/run/compass/hook.sock` inside its
/// workload); whoever connects speaks for that agent only. Requests are
/// read [`MAX_READING`] at a time, with [`MAX_WAITING`] more queued.
pub async fn serve_hook_socket(listener: UnixListener, agent: AgentId, gate: Arc<dyn Gate>) {
    let reading = Arc::new(tokio::sync::Semaphore::new(MAX_READING));
    let admission = compass_listen::Admission {
        what: "hook socket",
        max: MAX_READING + MAX_WAITING,
    };
    let span = tracing::info_span!("hook_socket", agent = %agent);
    tracing::Instrument::instrument(
        compass_listen::serve(
            listener,
            admission,
            move |stream| serve_one(stream, agent.clone(), gate.clone(), Arc::clone(&reading)),
            refuse,
        ),
        span,
    )
    .await;
}
