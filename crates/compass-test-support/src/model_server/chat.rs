//! The OpenAI Chat Completions API (`POST /v1/chat/completions`, streaming
//! SSE ending in `data: [DONE]`, or one JSON object), what OpenAI-compatible
//! providers speak — OpenCode's `@ai-sdk/openai-compatible` among them.
//! The scripted turn is the number of assistant messages so far; requests
//! without tools (titles, summaries) never consume the script.

use super::{Block, Inner, pick, record};
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;

pub(super) async fn completions(
    State(inner): State<Arc<Inner>>,
    Json(req): Json<Value>,
) -> Response {
    record(&inner, &req);
    let (turn, tag) = pick(&inner, &req);
    let model = req["model"].as_str().unwrap_or("scripted").to_owned();
    let id = format!("chatcmpl-scripted-{tag}");
    let text: String = turn
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect();
    let calls: Vec<Value> = turn
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::ToolUse { name, input } => Some((name, input)),
            _ => None,
        })
        .enumerate()
        .map(|(i, (name, input))| {
            json!({"index": i, "id": format!("call_scripted_{tag}_{i}"), "type": "function",
                "function": {"name": name, "arguments": input.to_string()}})
        })
        .collect();
    let finish = if calls.is_empty() {
        "stop"
    } else {
        "tool_calls"
    };
    let usage = json!({"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20});
    let mut message = json!({"role": "assistant", "content": if text.is_empty() { Value::Null } else { json!(text) }});
    if !calls.is_empty() {
        message["tool_calls"] = json!(calls);
    }
    if req["stream"].as_bool() != Some(true) {
        return Json(json!({"id": id, "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}], "usage": usage}))
        .into_response();
    }
    let chunk = |choices: Value, usage: Option<&Value>| {
        let mut c = json!({"id": id, "object": "chat.completion.chunk", "created": 0, "model": model, "choices": choices});
        if let Some(u) = usage {
            c["usage"] = u.clone();
        }
        format!("data: {c}\n\n")
    };
    let mut body = chunk(
        json!([{"index": 0, "delta": message, "finish_reason": null}]),
        None,
    );
    body.push_str(&chunk(
        json!([{"index": 0, "delta": {}, "finish_reason": finish}]),
        None,
    ));
    body.push_str(&chunk(json!([]), Some(&usage)));
    body.push_str("data: [DONE]\n\n");
    let mut resp = Response::new(Body::from(body));
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    resp
}

/// The `tool` messages a Chat Completions client sent back, in order.
pub fn tool_messages(requests: &[Value]) -> Vec<Value> {
    let mut seen = Vec::new();
    for req in requests {
        for m in req["messages"].as_array().into_iter().flatten() {
            if m["role"] == "tool" && !seen.contains(m) {
                seen.push(m.clone());
            }
        }
    }
    seen
}
