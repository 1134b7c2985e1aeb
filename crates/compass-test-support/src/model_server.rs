//! A scripted model server: a local HTTP server that speaks the Anthropic
//! Messages API (streaming SSE and plain JSON) and answers with scripted
//! assistant turns — text, thinking and `tool_use` blocks. With it a real
//! Claude Code runs its real tools offline.
//!
//! Which scripted turn a request gets is derived from the conversation it
//! carries (the number of assistant messages so far), not from a counter,
//! so retries and side requests (titles, summaries: requests without
//! tools) never shift the script.

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// One content block of a scripted assistant turn.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Text(String),
    Thinking(String),
    /// A tool call, e.g. `ToolUse { name: "Bash", input: json!({"command": "ls"}) }`.
    ToolUse {
        name: String,
        input: Value,
    },
}

/// One assistant message. It ends with `tool_use` if it holds a tool call,
/// else with `end_turn`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScriptedTurn {
    pub blocks: Vec<Block>,
}

impl ScriptedTurn {
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            blocks: vec![Block::Text(text.into())],
        }
    }

    pub fn tool(name: impl Into<String>, input: Value) -> Self {
        Self {
            blocks: vec![Block::ToolUse {
                name: name.into(),
                input,
            }],
        }
    }

    /// Put a text block before the others.
    pub fn with_text_first(mut self, text: impl Into<String>) -> Self {
        self.blocks.insert(0, Block::Text(text.into()));
        self
    }

    /// Put a thinking block before the others.
    pub fn with_thinking_first(mut self, text: impl Into<String>) -> Self {
        self.blocks.insert(0, Block::Thinking(text.into()));
        self
    }

    fn stop_reason(&self) -> &'static str {
        if self
            .blocks
            .iter()
            .any(|b| matches!(b, Block::ToolUse { .. }))
        {
            "tool_use"
        } else {
            "end_turn"
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ModelServerError {
    #[error("binding the scripted model server: {0}")]
    Bind(#[source] std::io::Error),
}

#[derive(Default)]
struct Inner {
    turns: Vec<ScriptedTurn>,
    requests: Mutex<Vec<Value>>,
}

/// A running scripted model server; stops when dropped.
#[derive(Debug)]
pub struct ModelServer {
    addr: SocketAddr,
    inner: Arc<Inner>,
    task: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Inner({} turns)", self.turns.len())
    }
}

impl Drop for ModelServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl ModelServer {
    /// Serve `turns` on an ephemeral loopback port.
    pub async fn start(turns: Vec<ScriptedTurn>) -> Result<Self, ModelServerError> {
        let inner = Arc::new(Inner {
            turns,
            requests: Mutex::new(Vec::new()),
        });
        let app = Router::new()
            .route("/v1/messages", post(messages))
            .route("/v1/messages/count_tokens", post(count_tokens))
            .fallback(|| async { (StatusCode::NOT_FOUND, Json(json!({"type": "error", "error": {"type": "not_found_error", "message": "not scripted"}}))) })
            .with_state(Arc::clone(&inner));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(ModelServerError::Bind)?;
        let addr = listener.local_addr().map_err(ModelServerError::Bind)?;
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(Self { addr, inner, task })
    }

    /// `http://127.0.0.1:PORT` — the value for `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every `/v1/messages` request body received so far.
    pub fn requests(&self) -> Vec<Value> {
        match self.inner.requests.lock() {
            Ok(r) => r.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }

    /// The `tool_result` blocks the model was shown, in order.
    pub fn tool_results(&self) -> Vec<Value> {
        let mut seen = Vec::new();
        for req in self.requests() {
            for msg in req["messages"].as_array().into_iter().flatten() {
                for block in msg["content"].as_array().into_iter().flatten() {
                    if block["type"] == "tool_result" && !seen.contains(block) {
                        seen.push(block.clone());
                    }
                }
            }
        }
        seen
    }
}

async fn count_tokens() -> Json<Value> {
    Json(json!({"input_tokens": 42}))
}

/// Which scripted turn a request asks for: the number of assistant
/// messages already in its conversation.
fn turn_index(req: &Value) -> usize {
    req["messages"]
        .as_array()
        .map(|m| m.iter().filter(|x| x["role"] == "assistant").count())
        .unwrap_or(0)
}

fn pick(inner: &Inner, req: &Value) -> (ScriptedTurn, String) {
    let has_tools = req["tools"].as_array().is_some_and(|t| !t.is_empty());
    let index = turn_index(req);
    let turn = if !has_tools {
        // A side request (title, summary): never consumes the script.
        ScriptedTurn::text("Scripted session")
    } else {
        inner
            .turns
            .get(index)
            .cloned()
            .unwrap_or_else(|| ScriptedTurn::text("(the scripted model has no more turns)"))
    };
    (turn, format!("{index}"))
}

fn content_json(turn: &ScriptedTurn, tag: &str) -> Vec<Value> {
    turn.blocks
        .iter()
        .enumerate()
        .map(|(i, b)| match b {
            Block::Text(t) => json!({"type": "text", "text": t}),
            Block::Thinking(t) => json!({"type": "thinking", "thinking": t, "signature": "scripted"}),
            Block::ToolUse { name, input } => {
                json!({"type": "tool_use", "id": format!("toolu_scripted_{tag}_{i}"), "name": name, "input": input})
            }
        })
        .collect()
}

fn sse(event: &str, data: &Value) -> String {
    format!("event: {event}\ndata: {data}\n\n")
}

async fn messages(State(inner): State<Arc<Inner>>, Json(req): Json<Value>) -> Response {
    match inner.requests.lock() {
        Ok(mut r) => r.push(req.clone()),
        Err(p) => p.into_inner().push(req.clone()),
    }
    let (turn, tag) = pick(&inner, &req);
    let model = req["model"]
        .as_str()
        .unwrap_or("claude-scripted")
        .to_owned();
    let msg_id = format!("msg_scripted_{tag}");
    let content = content_json(&turn, &tag);
    if req["stream"].as_bool() != Some(true) {
        return Json(json!({
            "id": msg_id, "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": turn.stop_reason(), "stop_sequence": null,
            "usage": {"input_tokens": 10, "output_tokens": 10},
        }))
        .into_response();
    }
    let mut body = sse(
        "message_start",
        &json!({"type": "message_start", "message": {
            "id": msg_id, "type": "message", "role": "assistant", "model": model, "content": [],
            "stop_reason": null, "stop_sequence": null, "usage": {"input_tokens": 10, "output_tokens": 1}}}),
    );
    for (i, block) in content.iter().enumerate() {
        let (start, deltas): (Value, Vec<Value>) = match block["type"].as_str() {
            Some("text") => (
                json!({"type": "text", "text": ""}),
                vec![json!({"type": "text_delta", "text": block["text"]})],
            ),
            Some("thinking") => (
                json!({"type": "thinking", "thinking": ""}),
                vec![
                    json!({"type": "thinking_delta", "thinking": block["thinking"]}),
                    json!({"type": "signature_delta", "signature": "scripted"}),
                ],
            ),
            _ => (
                json!({"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}),
                vec![
                    json!({"type": "input_json_delta", "partial_json": block["input"].to_string()}),
                ],
            ),
        };
        body.push_str(&sse(
            "content_block_start",
            &json!({"type": "content_block_start", "index": i, "content_block": start}),
        ));
        for d in deltas {
            body.push_str(&sse(
                "content_block_delta",
                &json!({"type": "content_block_delta", "index": i, "delta": d}),
            ));
        }
        body.push_str(&sse(
            "content_block_stop",
            &json!({"type": "content_block_stop", "index": i}),
        ));
    }
    body.push_str(&sse(
        "message_delta",
        &json!({"type": "message_delta", "delta": {"stop_reason": turn.stop_reason(), "stop_sequence": null}, "usage": {"output_tokens": 10}}),
    ));
    body.push_str(&sse("message_stop", &json!({"type": "message_stop"})));
    let mut resp = Response::new(Body::from(body));
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_conversation_picks_the_turn() {
        let inner = Inner {
            turns: vec![
                ScriptedTurn::tool("Bash", json!({"command": "ls"})),
                ScriptedTurn::text("done"),
            ],
            requests: Mutex::new(Vec::new()),
        };
        let first =
            json!({"tools": [{"name": "Bash"}], "messages": [{"role": "user", "content": "hi"}]});
        assert_eq!(pick(&inner, &first).0.stop_reason(), "tool_use");
        let second = json!({"tools": [{"name": "Bash"}], "messages": [
            {"role": "user", "content": "hi"}, {"role": "assistant", "content": []}, {"role": "user", "content": []}]});
        assert_eq!(pick(&inner, &second).0, ScriptedTurn::text("done"));
        let side = json!({"messages": [{"role": "user", "content": "title?"}]});
        assert_eq!(
            pick(&inner, &side).0,
            ScriptedTurn::text("Scripted session")
        );
    }
}
