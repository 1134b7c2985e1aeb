//! A scripted model judge: a local server speaking the Anthropic Messages
//! API (`POST /v1/messages`) and OpenAI chat completions
//! (`POST /v1/chat/completions`, what local model servers serve). Each
//! request is answered by the first scripted marker found in its user
//! message: a verdict, an answer that is not one, an HTTP error, or
//! silence past the caller's time-out; a request with no marker is cleared.
//! Verdicts carry each API's usual wrapping (prose before the JSON from
//! Claude, a fenced block from chat models), which a judge must read.

use crate::served::{Served, lock};
use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How the judge answers a request whose user message holds a marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeAnswer {
    /// `clear`, `caution` or `flag`, as a strict JSON verdict.
    Verdict(&'static str),
    /// A well-formed API answer whose text is not a verdict.
    Garbage,
    /// The API's error body with this status (e.g. 529 overloaded).
    Error(u16),
    /// No answer for this long (longer than the caller waits).
    Hang(Duration),
}

/// One request the judge received.
#[derive(Debug, Clone)]
pub struct JudgeSeen {
    pub path: String,
    /// `x-api-key` (Anthropic) or the bearer token (OpenAI), if sent.
    pub key: Option<String>,
    pub body: Value,
    /// The user message the markers were looked for in.
    pub user: String,
}

#[derive(Debug, Default)]
struct Judge {
    script: Vec<(String, JudgeAnswer)>,
    seen: Mutex<Vec<JudgeSeen>>,
}

/// A running scripted judge; stops when dropped.
#[derive(Debug)]
pub struct JudgeServer {
    served: Served,
    judge: Arc<Judge>,
}

impl JudgeServer {
    /// Serve `script`: (marker, answer), first match wins.
    pub async fn start(script: Vec<(&str, JudgeAnswer)>) -> std::io::Result<Self> {
        let judge = Arc::new(Judge {
            script: script.into_iter().map(|(m, a)| (m.to_owned(), a)).collect(),
            seen: Mutex::default(),
        });
        let app = Router::new()
            .route("/v1/messages", post(anthropic))
            .route("/v1/chat/completions", post(openai))
            .with_state(Arc::clone(&judge));
        Ok(Self {
            served: Served::start(app).await?,
            judge,
        })
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.served.addr())
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<JudgeSeen> {
        lock(&self.judge.seen).clone()
    }
}

/// The user turns' text, where the markers are looked for.
fn user_text(body: &Value) -> String {
    body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["role"] == "user")
        .filter_map(|m| m["content"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

impl Judge {
    /// Record the request and pick its answer.
    fn hear(&self, path: &str, headers: &HeaderMap, body: Value) -> JudgeAnswer {
        let header = |n: &str| headers.get(n).and_then(|v| v.to_str().ok());
        let key = header("x-api-key").map(str::to_owned).or_else(|| {
            header("authorization")
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::to_owned)
        });
        let user = user_text(&body);
        let answer = self
            .script
            .iter()
            .find(|(m, _)| user.contains(m.as_str()))
            .map_or(JudgeAnswer::Verdict("clear"), |(_, a)| a.clone());
        lock(&self.seen).push(JudgeSeen {
            path: path.to_owned(),
            key,
            body,
            user,
        });
        answer
    }
}

fn verdict(decision: &str) -> String {
    json!({"decision": decision, "reason": "scripted judge"}).to_string()
}

/// Wait out a hang; `Some` is the answer text, `None` an error status.
async fn text_of(answer: &JudgeAnswer, garbage: &str) -> Result<String, u16> {
    match answer {
        JudgeAnswer::Verdict(d) => Ok(verdict(d)),
        JudgeAnswer::Garbage => Ok(garbage.to_owned()),
        JudgeAnswer::Error(status) => Err(*status),
        JudgeAnswer::Hang(d) => {
            tokio::time::sleep(*d).await;
            Ok(verdict("clear"))
        }
    }
}

fn status(code: u16) -> StatusCode {
    StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

async fn anthropic(
    State(judge): State<Arc<Judge>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    let model = body["model"].as_str().unwrap_or("claude").to_owned();
    let answer = judge.hear("/v1/messages", &headers, body);
    match text_of(&answer, "I can't assess this content.").await {
        Ok(text) => {
            // Claude often puts a sentence before the JSON it was asked for.
            let text = match answer {
                JudgeAnswer::Verdict(_) => format!("Here is my assessment:\n{text}"),
                _ => text,
            };
            Json(json!({
                "id": "msg_judge", "type": "message", "role": "assistant", "model": model,
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn", "stop_sequence": null,
                "usage": {"input_tokens": 100, "output_tokens": 20},
            }))
            .into_response()
        }
        Err(code) => (
            status(code),
            Json(json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})),
        )
            .into_response(),
    }
}

async fn openai(
    State(judge): State<Arc<Judge>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    let model = body["model"].as_str().unwrap_or("local").to_owned();
    let answer = judge.hear("/v1/chat/completions", &headers, body);
    match text_of(&answer, "{\"decision\": \"maybe\", \"reason\": \"unsure\"}").await {
        Ok(text) => {
            // Chat models like to fence JSON.
            let text = match answer {
                JudgeAnswer::Verdict(_) => format!("```json\n{text}\n```"),
                _ => text,
            };
            Json(json!({
                "id": "chatcmpl-judge", "object": "chat.completion", "created": 1_700_000_000, "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
            }))
            .into_response()
        }
        Err(code) => (
            status(code),
            Json(json!({"error": {"message": "The server is overloaded", "type": "server_error", "code": null}})),
        )
            .into_response(),
    }
}
