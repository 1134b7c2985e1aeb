//! The agent's end of JSON-RPC over stdio: one writer task owns stdout,
//! outgoing requests (to the client's fs/terminal/permission methods) wait
//! on their response by id. Misbehaviours (garbage, closing stdout) go
//! through the writer so they land in order with real messages.

use anyhow::{Context, anyhow};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::AsyncWriteExt;
use tokio::sync::{mpsc, oneshot};

pub(crate) enum Out {
    Line(String),
    CloseStdout,
    Flush(oneshot::Sender<()>),
}

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;

#[derive(Clone)]
pub(crate) struct Wire {
    tx: mpsc::Sender<Out>,
    pending: Pending,
    next_id: Arc<AtomicU64>,
}

impl Wire {
    pub(crate) fn start() -> Self {
        let (tx, rx) = mpsc::channel(1024);
        tokio::spawn(write_loop(rx));
        Self {
            tx,
            pending: Arc::new(Mutex::new(HashMap::new())),
            next_id: Arc::new(AtomicU64::new(1)),
        }
    }

    async fn send(&self, out: Out) {
        let _ = self.tx.send(out).await;
    }

    pub(crate) async fn line(&self, line: String) {
        self.send(Out::Line(line)).await;
    }

    pub(crate) async fn notify(&self, method: &str, params: Value) {
        self.line(json!({"jsonrpc": "2.0", "method": method, "params": params}).to_string())
            .await;
    }

    pub(crate) async fn respond(&self, id: Value, result: Value) {
        self.line(json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string())
            .await;
    }

    pub(crate) async fn respond_error(&self, id: Value, code: i64, message: &str) {
        self.line(
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
                .to_string(),
        )
        .await;
    }

    /// Call a client method and wait for its answer; a JSON-RPC error comes
    /// back as `Err(message)`.
    pub(crate) async fn request(
        &self,
        method: &str,
        params: Value,
    ) -> anyhow::Result<Result<Value, String>> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.pending
            .lock()
            .map_err(|_| anyhow!("pending map poisoned"))?
            .insert(id, tx);
        self.line(
            json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        )
        .await;
        rx.await.context("the client went away before answering")
    }

    /// Route a response from the client.
    pub(crate) fn deliver(&self, msg: &Value) {
        let Some(id) = msg.get("id").and_then(Value::as_u64) else {
            return;
        };
        let waiter = self.pending.lock().ok().and_then(|mut p| p.remove(&id));
        if let Some(w) = waiter {
            let result = match msg.get("error") {
                Some(e) => Err(e
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("error")
                    .to_owned()),
                None => Ok(msg.get("result").cloned().unwrap_or(Value::Null)),
            };
            let _ = w.send(result);
        }
    }

    pub(crate) async fn close_stdout(&self) {
        self.send(Out::CloseStdout).await;
    }

    /// Wait until everything queued so far is written.
    pub(crate) async fn flush(&self) {
        let (tx, rx) = oneshot::channel();
        self.send(Out::Flush(tx)).await;
        let _ = rx.await;
    }
}

async fn write_loop(mut rx: mpsc::Receiver<Out>) {
    let mut stdout = Some(tokio::io::stdout());
    while let Some(out) = rx.recv().await {
        match out {
            Out::Line(mut line) => {
                if let Some(s) = stdout.as_mut() {
                    line.push('\n');
                    if s.write_all(line.as_bytes()).await.is_err() || s.flush().await.is_err() {
                        stdout = None;
                    }
                }
            }
            Out::CloseStdout => {
                if let Some(mut s) = stdout.take() {
                    let _ = s.flush().await;
                    // Point fd 1 at /dev/null: the pipe's write end closes, so
                    // the client sees end-of-stream while this process lives.
                    if let Ok(null) = fs_err::File::open("/dev/null") {
                        let _ = nix::unistd::dup2_stdout(null.file());
                    }
                }
            }
            Out::Flush(done) => {
                if let Some(s) = stdout.as_mut() {
                    let _ = s.flush().await;
                }
                let _ = done.send(());
            }
        }
    }
}
