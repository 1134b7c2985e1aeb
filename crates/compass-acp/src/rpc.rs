//! JSON-RPC 2.0 over newline-delimited JSON: the wire under ACP.
//!
//! One reader task owns the agent's stdout, one writer task its stdin.
//! Notifications are handed to the [`Inbound`] handler inline, in arrival
//! order, so every `session/update` of a turn is emitted before that turn's
//! `session/prompt` response is delivered. Requests from the agent (fs,
//! terminal, permission) run in their own tasks so a slow workload exec
//! never stalls the stream — except those that carry a file's content
//! ([`FILE_METHODS`]): at most [`MAX_FILE_REQUESTS`] of them are served at
//! once, each until its answer is written, and past that the reader waits,
//! so an agent sending them without end (or never reading its answers)
//! costs the daemon a bounded amount of memory. When the stream ends every
//! waiter is woken with the same typed reason — nothing waits forever.

use crate::error::AcpError;
use futures::StreamExt;
use futures::future::BoxFuture;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, oneshot, watch};
use tokio_util::codec::{FramedRead, LinesCodec, LinesCodecError};

/// A JSON-RPC error object we send back to the agent.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RpcErrorObject {
    pub(crate) code: i64,
    pub(crate) message: String,
}

impl RpcErrorObject {
    pub(crate) const INVALID_PARAMS: i64 = -32602;
    pub(crate) const METHOD_NOT_FOUND: i64 = -32601;
    pub(crate) const INTERNAL: i64 = -32603;
    /// ACP's "resource not found".
    pub(crate) const NOT_FOUND: i64 = -32002;

    pub(crate) fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}

/// What the connection does with traffic the agent starts.
pub(crate) trait Inbound: Send + Sync + 'static {
    /// Called inline on the reader task, in order. An error closes the
    /// connection with that reason.
    fn notification(&self, method: &str, params: Value) -> Result<(), AcpError>;
    /// Called in its own task.
    fn request(
        self: Arc<Self>,
        method: String,
        params: Value,
    ) -> BoxFuture<'static, Result<Value, RpcErrorObject>>;
    /// A line that is not JSON-RPC (its length only: content may be anything).
    fn garbage(&self, bytes: usize);
}

/// Turns "the stream ended" into the most precise reason available (the
/// session looks at the process's exit status and stderr).
pub(crate) type EndProbe = Box<dyn FnOnce() -> BoxFuture<'static, AcpError> + Send>;

type Waiter = oneshot::Sender<Result<Value, AcpError>>;

#[derive(Default)]
struct State {
    pending: HashMap<u64, Waiter>,
    closed: Option<AcpError>,
}

/// Requests whose params or answer carry a file's content (megabytes each).
pub(crate) const FILE_METHODS: &[&str] = &["fs/read_text_file", "fs/write_text_file"];
/// How many [`FILE_METHODS`] requests one connection serves at once.
pub(crate) const MAX_FILE_REQUESTS: usize = 4;

/// A line for the agent, with the turn of the file request it answers
/// (released once the line is written, or dropped unwritten).
struct Outgoing {
    line: String,
    _turn: Option<OwnedSemaphorePermit>,
}

/// Limits on what the agent may send.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WireLimits {
    pub(crate) max_line_bytes: usize,
    pub(crate) garbage_lines_allowed: u32,
}

/// The client end of one JSON-RPC connection.
pub(crate) struct Connection {
    out: mpsc::Sender<Outgoing>,
    state: Mutex<State>,
    next_id: AtomicU64,
    activity: AtomicU64,
    closed_tx: watch::Sender<bool>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("next_id", &self.next_id)
            .finish_non_exhaustive()
    }
}

impl Connection {
    /// Start the reader and writer tasks over the agent's pipes.
    pub(crate) fn start<R, W>(
        reader: R,
        writer: W,
        inbound: Arc<dyn Inbound>,
        limits: WireLimits,
        end_probe: EndProbe,
    ) -> Arc<Self>
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let (out, out_rx) = mpsc::channel::<Outgoing>(256);
        let (closed_tx, _) = watch::channel(false);
        let conn = Arc::new(Self {
            out,
            state: Mutex::new(State::default()),
            next_id: AtomicU64::new(1),
            activity: AtomicU64::new(0),
            closed_tx,
        });
        tokio::spawn(write_loop(writer, out_rx));
        tokio::spawn(read_loop(
            Arc::clone(&conn),
            reader,
            inbound,
            limits,
            end_probe,
        ));
        conn
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        }
    }

    /// Why the connection closed, if it did.
    pub(crate) fn closed_reason(&self) -> Option<AcpError> {
        self.lock().closed.clone()
    }

    /// Resolves once the connection is closed.
    pub(crate) async fn closed(&self) {
        let mut rx = self.closed_tx.subscribe();
        let _ = rx.wait_for(|c| *c).await;
    }

    /// Close with `reason`, waking every waiter. The first reason wins.
    pub(crate) fn close(&self, reason: AcpError) {
        let waiters: Vec<Waiter> = {
            let mut st = self.lock();
            if st.closed.is_some() {
                return;
            }
            st.closed = Some(reason.clone());
            st.pending.drain().map(|(_, w)| w).collect()
        };
        for w in waiters {
            let _ = w.send(Err(reason.clone()));
        }
        self.closed_tx.send_replace(true);
    }

    /// How many messages the agent has sent so far (idle detection).
    pub(crate) fn activity(&self) -> u64 {
        self.activity.load(Ordering::Relaxed)
    }

    async fn send_line(&self, line: String) -> Result<(), AcpError> {
        self.send_holding(line, None).await
    }

    /// Send `line`, keeping `turn` until it is written.
    async fn send_holding(
        &self,
        line: String,
        turn: Option<OwnedSemaphorePermit>,
    ) -> Result<(), AcpError> {
        if let Some(reason) = self.closed_reason() {
            return Err(reason);
        }
        self.out
            .send(Outgoing { line, _turn: turn })
            .await
            .map_err(|_| AcpError::Closed)
    }

    /// Send a notification.
    pub(crate) async fn notify(&self, method: &str, params: Value) -> Result<(), AcpError> {
        let msg = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.send_line(msg.to_string()).await
    }

    /// Answer a request the agent made, keeping `turn` (a file request's)
    /// until the answer is written.
    async fn respond_holding(
        &self,
        id: Value,
        result: Result<Value, RpcErrorObject>,
        turn: Option<OwnedSemaphorePermit>,
    ) {
        let msg = match result {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err(e) => {
                json!({"jsonrpc": "2.0", "id": id, "error": {"code": e.code, "message": e.message}})
            }
        };
        let _ = self.send_holding(msg.to_string(), turn).await;
    }

    fn register(&self) -> Result<(u64, oneshot::Receiver<Result<Value, AcpError>>), AcpError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        let mut st = self.lock();
        if let Some(reason) = &st.closed {
            return Err(reason.clone());
        }
        st.pending.insert(id, tx);
        Ok((id, rx))
    }

    fn forget(&self, id: u64) {
        self.lock().pending.remove(&id);
    }

    async fn send_request(
        &self,
        method: &str,
        params: Value,
    ) -> Result<(u64, oneshot::Receiver<Result<Value, AcpError>>), AcpError> {
        let (id, rx) = self.register()?;
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        if let Err(e) = self.send_line(msg.to_string()).await {
            self.forget(id);
            return Err(e);
        }
        Ok((id, rx))
    }

    /// Send a request and wait at most `timeout` for its answer.
    pub(crate) async fn request(
        &self,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<Value, AcpError> {
        let (id, rx) = self.send_request(method, params).await?;
        match tokio::time::timeout(timeout, rx).await {
            Ok(Ok(result)) => name_method(result, method),
            Ok(Err(_)) => Err(self.closed_reason().unwrap_or(AcpError::Closed)),
            Err(_) => {
                self.forget(id);
                Err(AcpError::Timeout {
                    method: method.to_owned(),
                    after: timeout,
                })
            }
        }
    }

    /// Send a request that may legitimately run long (a prompt turn): it
    /// times out only when the agent has sent nothing at all for `idle`,
    /// or when `total` has passed.
    pub(crate) async fn request_with_idle(
        &self,
        method: &str,
        params: Value,
        idle: Duration,
        total: Option<Duration>,
    ) -> Result<Value, AcpError> {
        let (id, mut rx) = self.send_request(method, params).await?;
        let started = tokio::time::Instant::now();
        let mut seen = self.activity();
        loop {
            let mut wait = idle;
            if let Some(total) = total {
                let left = total.saturating_sub(started.elapsed());
                if left.is_zero() {
                    self.forget(id);
                    return Err(AcpError::Timeout {
                        method: method.to_owned(),
                        after: total,
                    });
                }
                wait = wait.min(left);
            }
            match tokio::time::timeout(wait, &mut rx).await {
                Ok(Ok(result)) => return name_method(result, method),
                Ok(Err(_)) => return Err(self.closed_reason().unwrap_or(AcpError::Closed)),
                Err(_) => {
                    let now = self.activity();
                    let total_hit = total.is_some_and(|t| started.elapsed() >= t);
                    if now == seen || total_hit {
                        self.forget(id);
                        return Err(AcpError::Timeout {
                            method: method.to_owned(),
                            after: if total_hit {
                                total.unwrap_or(idle)
                            } else {
                                idle
                            },
                        });
                    }
                    seen = now;
                }
            }
        }
    }

    fn deliver(&self, id: u64, result: Result<Value, AcpError>) {
        let waiter = self.lock().pending.remove(&id);
        match waiter {
            Some(w) => {
                let _ = w.send(result);
            }
            None => tracing::debug!(id, "response to an unknown or expired request"),
        }
    }
}

async fn write_loop<W: AsyncWrite + Unpin>(mut writer: W, mut rx: mpsc::Receiver<Outgoing>) {
    // Each line's turn (if any) is released when it is dropped, written.
    while let Some(Outgoing { mut line, _turn }) = rx.recv().await {
        line.push('\n');
        if writer.write_all(line.as_bytes()).await.is_err() || writer.flush().await.is_err() {
            // The agent closed its stdin; the reader sees the end of the
            // stream and reports why.
            break;
        }
    }
    let _ = writer.shutdown().await;
}

async fn read_loop<R: AsyncRead + Unpin>(
    conn: Arc<Connection>,
    reader: R,
    inbound: Arc<dyn Inbound>,
    limits: WireLimits,
    end_probe: EndProbe,
) {
    let mut lines = FramedRead::new(
        reader,
        LinesCodec::new_with_max_length(limits.max_line_bytes),
    );
    let mut garbage = 0u32;
    let files = Arc::new(Semaphore::new(MAX_FILE_REQUESTS));
    let reason = loop {
        let line = match lines.next().await {
            None => break None,
            Some(Ok(line)) => line,
            Some(Err(LinesCodecError::MaxLineLengthExceeded)) => {
                break Some(AcpError::Protocol {
                    what: format!(
                        "a message longer than {} bytes (max_line_bytes)",
                        limits.max_line_bytes
                    ),
                });
            }
            Some(Err(LinesCodecError::Io(e))) => {
                break Some(AcpError::Protocol {
                    what: format!("reading the agent's stdout failed: {e}"),
                });
            }
        };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        conn.activity.fetch_add(1, Ordering::Relaxed);
        let msg = match serde_json::from_str::<Value>(trimmed) {
            Ok(Value::Object(map)) => map,
            _ => {
                inbound.garbage(trimmed.len());
                garbage += 1;
                if garbage > limits.garbage_lines_allowed {
                    break Some(AcpError::Protocol {
                        what: format!(
                            "the agent wrote a line to stdout that is not JSON-RPC ({} bytes); stdout is reserved for the protocol",
                            trimmed.len()
                        ),
                    });
                }
                continue;
            }
        };
        let method = msg.get("method").and_then(Value::as_str).map(str::to_owned);
        let id = msg.get("id").cloned().filter(|v| !v.is_null());
        match (method, id) {
            (Some(method), None) => {
                let params = msg.get("params").cloned().unwrap_or(Value::Null);
                if let Err(reason) = inbound.notification(&method, params) {
                    break Some(reason);
                }
            }
            (Some(method), Some(id)) => {
                let params = msg.get("params").cloned().unwrap_or(Value::Null);
                // A file request waits for its turn here, so the reader
                // reads no more while the file requests in flight are many.
                let turn = if FILE_METHODS.contains(&method.as_str()) {
                    Arc::clone(&files).acquire_owned().await.ok()
                } else {
                    None
                };
                let handler = Arc::clone(&inbound);
                let conn2 = Arc::clone(&conn);
                tokio::spawn(async move {
                    let result = handler.request(method, params).await;
                    conn2.respond_holding(id, result, turn).await;
                });
            }
            (None, Some(id)) => {
                let Some(id) = id.as_u64() else {
                    tracing::debug!("response with a foreign id");
                    continue;
                };
                let result = if let Some(err) = msg.get("error") {
                    Err(AcpError::Rpc {
                        method: String::new(),
                        code: err.get("code").and_then(Value::as_i64).unwrap_or(0),
                        message: rpc_error_message(err),
                    })
                } else {
                    Ok(msg.get("result").cloned().unwrap_or(Value::Null))
                };
                conn.deliver(id, result);
            }
            (None, None) => {
                inbound.garbage(trimmed.len());
                garbage += 1;
                if garbage > limits.garbage_lines_allowed {
                    break Some(AcpError::Protocol {
                        what: "the agent sent a JSON object that is neither request, response nor notification".into(),
                    });
                }
            }
        }
    };
    let reason = match reason {
        Some(reason) => reason,
        None => end_probe().await,
    };
    conn.close(reason);
}

fn name_method(result: Result<Value, AcpError>, method: &str) -> Result<Value, AcpError> {
    match result {
        Err(AcpError::Rpc { code, message, .. }) => Err(AcpError::Rpc {
            method: method.to_owned(),
            code,
            message,
        }),
        other => other,
    }
}

/// The message of a JSON-RPC error object, with `data.details` or a string
/// `data` appended when the agent put the real cause there (claude-agent-acp
/// and codex-acp do).
fn rpc_error_message(err: &Value) -> String {
    let mut message = err
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("(no message)")
        .to_owned();
    let detail = match err.get("data") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Object(o)) => o
            .get("details")
            .or_else(|| o.get("message"))
            .and_then(Value::as_str)
            .map(str::to_owned),
        _ => None,
    };
    if let Some(detail) = detail
        && !detail.is_empty()
        && !message.contains(&detail)
    {
        message.push_str(": ");
        message.push_str(&detail);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_message_includes_details() {
        let err = json!({"code": -32603, "message": "Internal error", "data": {"details": "Invalid API key"}});
        assert_eq!(rpc_error_message(&err), "Internal error: Invalid API key");
        let err = json!({"code": 1, "message": "x"});
        assert_eq!(rpc_error_message(&err), "x");
    }
}
