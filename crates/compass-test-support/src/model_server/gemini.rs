//! The Gemini API's `generateContent` / `streamGenerateContent` (SSE with
//! `alt=sse`) and `countTokens`, as Gemini CLI calls them under
//! `GOOGLE_GEMINI_BASE_URL`: `POST /v1beta/models/{model}:{method}`.
//!
//! The scripted turn is the number of model turns in `contents`. Requests
//! without tools are Gemini CLI's side calls (model routing, next-speaker
//! checks): they never consume the script, and one that asks for JSON
//! (`responseJsonSchema` / `responseSchema`) gets the plainest value its
//! schema allows — an enum's first value, so the next speaker is the user.

use super::{Block, Inner, ScriptedTurn, record};
use axum::Json;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;

/// `POST /v1beta/models/{model}:{method}`.
pub(super) async fn models(
    State(inner): State<Arc<Inner>>,
    Path(model_method): Path<String>,
    RawQuery(query): RawQuery,
    Json(req): Json<Value>,
) -> Response {
    let Some((model, method)) = model_method.split_once(':') else {
        return not_found(&model_method);
    };
    if method == "countTokens" {
        return Json(json!({"totalTokens": 42})).into_response();
    }
    if method != "generateContent" && method != "streamGenerateContent" {
        return not_found(method);
    }
    record(&inner, &req);
    let reply = reply(&inner, &req, model);
    if method == "generateContent" {
        return Json(reply).into_response();
    }
    let sse = query.as_deref().is_some_and(|q| q.contains("alt=sse"));
    let (body, content_type) = if sse {
        (format!("data: {reply}\r\n\r\n"), "text/event-stream")
    } else {
        // Without `alt=sse` the stream is one JSON array of responses.
        (json!([reply]).to_string(), "application/json")
    };
    let mut resp = Response::new(Body::from(body));
    resp.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    resp
}

fn not_found(what: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({"error": {"code": 404, "message": format!("{what} is not scripted"), "status": "NOT_FOUND"}})),
    )
        .into_response()
}

/// One `GenerateContentResponse` for `req`.
fn reply(inner: &Inner, req: &Value, model: &str) -> Value {
    let has_tools = req["tools"].as_array().is_some_and(|t| !t.is_empty());
    let config = &req["generationConfig"];
    let schema = config
        .get("responseJsonSchema")
        .or_else(|| config.get("responseSchema"));
    let parts: Vec<Value> = match (has_tools, schema) {
        (true, _) => inner
            .turns
            .get(turn_index(req))
            .cloned()
            .unwrap_or_else(|| ScriptedTurn::text("(the scripted model has no more turns)"))
            .blocks
            .iter()
            .map(part)
            .collect(),
        (false, Some(schema)) => vec![json!({"text": plainest(schema).to_string()})],
        (false, None) => vec![json!({"text": "Scripted session"})],
    };
    json!({
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 10, "totalTokenCount": 20},
        "modelVersion": model,
    })
}

fn part(block: &Block) -> Value {
    match block {
        Block::Text(t) => json!({"text": t}),
        Block::Thinking(t) => json!({"text": t, "thought": true}),
        Block::ToolUse { name, input } => json!({"functionCall": {"name": name, "args": input}}),
    }
}

/// Which scripted turn a request asks for: the model turns it carries.
fn turn_index(req: &Value) -> usize {
    req["contents"]
        .as_array()
        .map(|c| c.iter().filter(|x| x["role"] == "model").count())
        .unwrap_or(0)
}

/// The plainest value a (Gemini or JSON) schema allows.
fn plainest(schema: &Value) -> Value {
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    let ty = schema["type"]
        .as_str()
        .unwrap_or("object")
        .to_ascii_lowercase();
    match ty.as_str() {
        "object" => Value::Object(
            schema["properties"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.clone(), plainest(v)))
                .collect(),
        ),
        "string" => json!("scripted"),
        "integer" | "number" => json!(1),
        "boolean" => json!(false),
        "array" => json!([]),
        _ => Value::Null,
    }
}

/// The `functionResponse` parts a Gemini client sent back, in order.
pub fn function_responses(requests: &[Value]) -> Vec<Value> {
    let mut seen = Vec::new();
    for req in requests {
        for content in req["contents"].as_array().into_iter().flatten() {
            for p in content["parts"].as_array().into_iter().flatten() {
                if let Some(r) = p.get("functionResponse")
                    && !seen.contains(r)
                {
                    seen.push(r.clone());
                }
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_calls_get_the_plainest_schema_value_and_turns_come_from_the_contents() {
        let next_speaker = json!({"type": "object", "properties": {
            "reasoning": {"type": "string"}, "next_speaker": {"type": "string", "enum": ["user", "model"]}}});
        assert_eq!(
            plainest(&next_speaker),
            json!({"reasoning": "scripted", "next_speaker": "user"})
        );
        let router =
            json!({"type": "OBJECT", "properties": {"complexity_score": {"type": "INTEGER"}}});
        assert_eq!(plainest(&router), json!({"complexity_score": 1}));
        let req = json!({"contents": [{"role": "user"}, {"role": "model"}, {"role": "user"}]});
        assert_eq!(turn_index(&req), 1);
    }
}
