//! A scripted model server: a local HTTP server that speaks the Anthropic
//! Messages API (streaming SSE and plain JSON), the OpenAI Responses API
//! (streaming SSE, what Codex uses), the OpenAI Chat Completions API
//! ([`chat`], what OpenAI-compatible providers speak) and the Gemini API
//! ([`gemini`]), and
//! answers with scripted assistant turns — text, thinking and tool calls.
//! With it a real Claude Code, Codex, Gemini CLI or OpenCode runs its real tools
//! offline. It also serves web pages (`GET /pages/NAME`, and `GET
//! /v1/pages/NAME`) for an agent's fetch tool. (A sandboxed agent reaches
//! this server only through Compass's model gateway, which answers its
//! agent process alone and model calls only: a tool's fetch of a page
//! there is refused.)
//!
//! Every request's credentials are kept too ([`ModelServer::auth_seen`]):
//! the auth headers it carried and a `key` query parameter, so a test can
//! show which key reached the model API, in which header.
//!
//! Which scripted turn a request gets is derived from the conversation it
//! carries (the number of assistant messages so far), not from a counter,
//! so retries and side requests (titles, summaries: requests without
//! tools) never shift the script.

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

mod chat;
mod gemini;
pub use chat::tool_messages as chat_tool_messages;
pub use gemini::function_responses as gemini_function_responses;

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

/// The credentials one request carried ([`ModelServer::auth_seen`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenAuth {
    pub path: String,
    /// Each auth header sent (`authorization`, `x-api-key`,
    /// `x-goog-api-key`, `api-key`), lowercase name and value.
    pub headers: Vec<(String, String)>,
    /// The query string, if any (Gemini's key may ride in `key=`).
    pub query: Option<String>,
}

/// The headers [`SeenAuth`] keeps.
const AUTH_HEADERS: [&str; 4] = ["authorization", "x-api-key", "x-goog-api-key", "api-key"];

#[derive(Default)]
struct Inner {
    turns: Vec<ScriptedTurn>,
    /// `GET /pages/NAME` → (content type, body).
    pages: BTreeMap<String, (String, String)>,
    requests: Mutex<Vec<Value>>,
    auth: Mutex<Vec<SeenAuth>>,
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
        Self::start_with_pages(&[], |_| turns).await
    }

    /// [`ModelServer::start`], also serving each `(name, content type,
    /// body)` of `pages` at `/pages/NAME`; the turns are made knowing the
    /// server's base URL (`http://127.0.0.1:PORT`), so a tool call can
    /// name a page.
    pub async fn start_with_pages(
        pages: &[(&str, &str, &str)],
        turns: impl FnOnce(&str) -> Vec<ScriptedTurn>,
    ) -> Result<Self, ModelServerError> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(ModelServerError::Bind)?;
        let addr = listener.local_addr().map_err(ModelServerError::Bind)?;
        let inner = Arc::new(Inner {
            turns: turns(&format!("http://{addr}")),
            pages: pages
                .iter()
                .map(|(name, kind, body)| {
                    ((*name).to_owned(), ((*kind).to_owned(), (*body).to_owned()))
                })
                .collect(),
            requests: Mutex::new(Vec::new()),
            auth: Mutex::new(Vec::new()),
        });
        let app = Router::new()
            .route("/v1/messages", post(messages))
            .route("/v1/messages/count_tokens", post(count_tokens))
            .route("/v1/responses", post(responses))
            .route("/v1/chat/completions", post(chat::completions))
            .route("/v1beta/models/{model_method}", post(gemini::models))
            .route("/pages/{name}", get(page))
            // The same pages under the OpenAI base path: an agent whose
            // model API is reached only through Compass's model gateway
            // (which passes its base path alone) fetches them there.
            .route("/v1/pages/{name}", get(page))
            .fallback(|| async { (StatusCode::NOT_FOUND, Json(json!({"type": "error", "error": {"type": "not_found_error", "message": "not scripted"}}))) })
            .layer(axum::middleware::from_fn_with_state(Arc::clone(&inner), record_auth))
            .with_state(Arc::clone(&inner));
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(Self { addr, inner, task })
    }

    /// `http://127.0.0.1:PORT` — the value for `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every model request body received so far (any of the APIs).
    pub fn requests(&self) -> Vec<Value> {
        match self.inner.requests.lock() {
            Ok(r) => r.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }

    /// The credentials of every request received so far, in order.
    pub fn auth_seen(&self) -> Vec<SeenAuth> {
        match self.inner.auth.lock() {
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

/// Keep a request's credentials for [`ModelServer::auth_seen`].
async fn record_auth(
    State(inner): State<Arc<Inner>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let seen = SeenAuth {
        path: req.uri().path().to_owned(),
        headers: AUTH_HEADERS
            .iter()
            .flat_map(|name| {
                req.headers()
                    .get_all(*name)
                    .iter()
                    .map(|v| {
                        (
                            (*name).to_owned(),
                            String::from_utf8_lossy(v.as_bytes()).into_owned(),
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .collect(),
        query: req.uri().query().map(str::to_owned),
    };
    match inner.auth.lock() {
        Ok(mut a) => a.push(seen),
        Err(p) => p.into_inner().push(seen),
    }
    next.run(req).await
}

/// Keep a request body for [`ModelServer::requests`].
fn record(inner: &Inner, req: &Value) {
    match inner.requests.lock() {
        Ok(mut r) => r.push(req.clone()),
        Err(p) => p.into_inner().push(req.clone()),
    }
}

async fn page(State(inner): State<Arc<Inner>>, Path(name): Path<String>) -> Response {
    match inner.pages.get(&name) {
        Some((kind, body)) => {
            let mut resp = Response::new(Body::from(body.clone()));
            if let Ok(kind) = HeaderValue::from_str(kind) {
                resp.headers_mut().insert(header::CONTENT_TYPE, kind);
            }
            resp
        }
        None => (StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

async fn count_tokens() -> Json<Value> {
    Json(json!({"input_tokens": 42}))
}

/// Which scripted turn a Responses request asks for: the number of runs of
/// model output items (messages, function calls, reasoning) in its input.
fn responses_turn_index(req: &Value) -> usize {
    let mut count = 0;
    let mut in_run = false;
    for item in req["input"].as_array().into_iter().flatten() {
        let t = item["type"].as_str().unwrap_or("message");
        let out = t == "function_call"
            || t == "reasoning"
            || (t == "message" && item["role"] == "assistant");
        if out && !in_run {
            count += 1;
        }
        in_run = out;
    }
    count
}

async fn responses(State(inner): State<Arc<Inner>>, Json(req): Json<Value>) -> Response {
    record(&inner, &req);
    let has_tools = req["tools"].as_array().is_some_and(|t| !t.is_empty());
    let index = responses_turn_index(&req);
    let turn = if has_tools {
        inner
            .turns
            .get(index)
            .cloned()
            .unwrap_or_else(|| ScriptedTurn::text("(the scripted model has no more turns)"))
    } else {
        ScriptedTurn::text("Scripted session")
    };
    let resp_id = format!("resp_scripted_{index}");
    let mut items = Vec::new();
    for (i, b) in turn.blocks.iter().enumerate() {
        items.push(match b {
            Block::Text(t) => json!({"type": "message", "id": format!("msg_{index}_{i}"), "role": "assistant", "status": "completed",
                "content": [{"type": "output_text", "text": t, "annotations": []}]}),
            Block::Thinking(t) => json!({"type": "reasoning", "id": format!("rs_{index}_{i}"), "summary": [{"type": "summary_text", "text": t}]}),
            Block::ToolUse { name, input } => json!({"type": "function_call", "id": format!("fc_{index}_{i}"), "call_id": format!("call_scripted_{index}_{i}"),
                "name": name, "arguments": input.to_string(), "status": "completed"}),
        });
    }
    let mut body = sse(
        "response.created",
        &json!({"type": "response.created", "response": {"id": resp_id, "object": "response", "status": "in_progress", "output": []}}),
    );
    for (i, item) in items.iter().enumerate() {
        let mut added = item.clone();
        if added["type"] == "message" {
            added["content"] = json!([]);
            added["status"] = json!("in_progress");
        }
        body.push_str(&sse(
            "response.output_item.added",
            &json!({"type": "response.output_item.added", "output_index": i, "item": added}),
        ));
        if item["type"] == "message" {
            let text = item["content"][0]["text"].clone();
            body.push_str(&sse("response.output_text.delta", &json!({"type": "response.output_text.delta", "item_id": item["id"], "output_index": i, "content_index": 0, "delta": text})));
        }
        body.push_str(&sse(
            "response.output_item.done",
            &json!({"type": "response.output_item.done", "output_index": i, "item": item}),
        ));
    }
    body.push_str(&sse(
        "response.completed",
        &json!({"type": "response.completed", "response": {"id": resp_id, "object": "response", "status": "completed", "output": items,
            "usage": {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 10, "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 20}}}),
    ));
    let mut resp = Response::new(Body::from(body));
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    resp
}

/// The `function_call_output` items a Responses client sent back, in order.
pub fn function_outputs(requests: &[Value]) -> Vec<Value> {
    let mut seen = Vec::new();
    for req in requests {
        for item in req["input"].as_array().into_iter().flatten() {
            if item["type"] == "function_call_output" && !seen.contains(item) {
                seen.push(item.clone());
            }
        }
    }
    seen
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
    record(&inner, &req);
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
            ..Inner::default()
        };
        let first =
            json!({"tools": [{"name": "Bash"}], "messages": [{"role": "user", "content": "hi"}]});
        assert_eq!(pick(&inner, &first).0.stop_reason(), "tool_use");
        let second = json!({"tools": [{"name": "Bash"}], "messages": [
            {"role": "user", "content": "hi"}, {"role": "assistant", "content": []}, {"role": "user", "content": []}]});
        assert_eq!(pick(&inner, &second).0, ScriptedTurn::text("done"));
        let side = json!({"messages": [{"role": "user", "content": "title?"}]});
        let r = json!({"input": [
            {"type": "message", "role": "user"}, {"type": "message", "role": "assistant"}, {"type": "function_call"},
            {"type": "function_call_output"}, {"type": "function_call"}, {"type": "function_call_output"}]});
        assert_eq!(responses_turn_index(&r), 2);
        assert_eq!(
            pick(&inner, &side).0,
            ScriptedTurn::text("Scripted session")
        );
    }
}
