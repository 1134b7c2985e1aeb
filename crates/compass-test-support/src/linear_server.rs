//! A Linear-shaped tracker: a local HTTP server speaking the GraphQL wire
//! format of the operations the Dispatcher sends (`POST /graphql` with
//! `query` and `variables`, told apart by operation name). Like Linear: a
//! personal API key is the bare `Authorization` value (anything else,
//! `Bearer <key>` included, is an `AUTHENTICATION_ERROR` under HTTP 400);
//! errors come as an `errors` array; issues are listed newest change
//! first, paged with `pageInfo { hasNextPage endCursor }`; a rate limit is
//! a `RATELIMITED` error (HTTP 400) with `x-ratelimit-requests-reset` in
//! epoch milliseconds. An issue filter it does not know is an error, so a
//! client drifting from the documented shape fails its test.

use crate::served::{Served, lock};
use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone)]
struct Issue {
    id: String,
    number: u64,
    title: String,
    description: Option<String>,
    state_id: String,
    label_ids: Vec<String>,
    assignee: Option<String>,
    updated_at: String,
}

#[derive(Debug, Default)]
struct State {
    key: String,
    team_id: String,
    team_key: String,
    /// `(id, name)`.
    labels: Vec<(String, String)>,
    /// `(id, type, position)`.
    states: Vec<(String, String, f64)>,
    issues: Vec<Issue>,
    /// `(issue id, body)`.
    comments: Vec<(String, String)>,
    page_size: usize,
    rate_limited: u32,
    operations: Vec<String>,
    clock: u64,
}

impl State {
    fn tick(&mut self) -> String {
        self.clock += 1;
        format!(
            "2026-12-01T00:{:02}:{:02}.000Z",
            self.clock / 60,
            self.clock % 60
        )
    }

    fn label_id(&mut self, name: &str) -> String {
        if let Some((id, _)) = self.labels.iter().find(|(_, n)| n == name) {
            return id.clone();
        }
        let id = format!("lbl-{}", self.labels.len() + 1);
        self.labels.push((id.clone(), name.to_owned()));
        id
    }

    fn state_type(&self, state_id: &str) -> &str {
        self.states
            .iter()
            .find(|(id, _, _)| id == state_id)
            .map_or("unstarted", |(_, t, _)| t.as_str())
    }

    fn issue_json(&self, i: &Issue) -> Value {
        let labels: Vec<Value> = i
            .label_ids
            .iter()
            .filter_map(|l| self.labels.iter().find(|(id, _)| id == l))
            .map(|(id, name)| json!({"id": id, "name": name}))
            .collect();
        json!({
            "id": i.id,
            "identifier": format!("{}-{}", self.team_key, i.number),
            "number": i.number,
            "title": i.title,
            "description": i.description,
            "url": format!("https://linear.app/test/issue/{}-{}", self.team_key, i.number),
            "updatedAt": i.updated_at,
            "state": {"type": self.state_type(&i.state_id)},
            "labels": {"nodes": labels},
        })
    }

    fn by_identifier(&mut self, identifier: &str) -> &mut Issue {
        let team = self.team_key.clone();
        self.issues
            .iter_mut()
            .find(|i| format!("{team}-{}", i.number) == identifier)
            .unwrap_or_else(|| panic!("no issue {identifier}"))
    }
}

/// Whether `issue` passes one `and` entry of an issue filter.
fn passes(s: &State, i: &Issue, f: &Value) -> Result<bool, String> {
    let obj = f.as_object().ok_or("a filter entry is not an object")?;
    let (key, cond) = obj.iter().next().ok_or("an empty filter entry")?;
    Ok(match key.as_str() {
        "team" => cond["key"]["eq"] == s.team_key.as_str(),
        "updatedAt" => i.updated_at.as_str() > cond["gt"].as_str().ok_or("updatedAt without gt")?,
        "state" => {
            let t = s.state_type(&i.state_id);
            let list = |k: &str| cond["type"][k].as_array().map(|a| a.iter().any(|v| v == t));
            match (list("in"), list("nin")) {
                (Some(hit), None) => hit,
                (None, Some(hit)) => !hit,
                _ => return Err("state.type needs in or nin".into()),
            }
        }
        "labels" => {
            let want = cond["some"]["name"]["eq"]
                .as_str()
                .ok_or("labels.some.name.eq")?;
            i.label_ids
                .iter()
                .any(|l| s.labels.iter().any(|(id, n)| id == l && n == want))
        }
        "assignee" => i.assignee.as_deref() == cond["email"]["eq"].as_str(),
        other => return Err(format!("unknown issue filter {other:?}")),
    })
}

fn ok(data: Value) -> Response {
    axum::Json(json!({"data": data})).into_response()
}

fn error(status: StatusCode, code: &str, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"errors": [{"message": message, "extensions": {"code": code}}]})),
    )
        .into_response()
}

fn handle(state: &Mutex<State>, headers: &HeaderMap, body: &[u8]) -> Response {
    let mut s = lock(state);
    let auth = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if auth != Some(s.key.as_str()) {
        return error(
            StatusCode::BAD_REQUEST,
            "AUTHENTICATION_ERROR",
            "Authentication required, not authenticated",
        );
    }
    let Ok(req) = serde_json::from_slice::<Value>(body) else {
        return error(
            StatusCode::BAD_REQUEST,
            "GRAPHQL_PARSE_FAILED",
            "Body is not JSON",
        );
    };
    let query = req["query"].as_str().unwrap_or_default();
    let vars = &req["variables"];
    let op = query
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .split('(')
        .next()
        .unwrap_or_default()
        .to_owned();
    s.operations.push(op.clone());
    if s.rate_limited > 0 {
        s.rate_limited -= 1;
        let reset = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis())
            + 300;
        let mut r = error(
            StatusCode::BAD_REQUEST,
            "RATELIMITED",
            "Rate limit exceeded",
        );
        if let Ok(v) = reset.to_string().parse() {
            r.headers_mut().insert("x-ratelimit-requests-reset", v);
        }
        return r;
    }
    match op.as_str() {
        "CompassIssues" => {
            let first = query
                .split("first: ")
                .nth(1)
                .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(50);
            let filters = vars["filter"]["and"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut matching = Vec::new();
            for i in &s.issues {
                let mut all = true;
                for f in &filters {
                    match passes(&s, i, f) {
                        Ok(p) => all &= p,
                        Err(why) => return error(StatusCode::BAD_REQUEST, "INVALID_INPUT", &why),
                    }
                }
                if all {
                    matching.push(i.clone());
                }
            }
            matching.sort_by(|a, b| b.updated_at.cmp(&a.updated_at));
            let start = vars["after"]
                .as_str()
                .and_then(|c| c.strip_prefix("cur-"))
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0);
            let size = first.min(s.page_size.max(1));
            let end = (start + size).min(matching.len());
            let nodes: Vec<Value> = matching[start.min(end)..end]
                .iter()
                .map(|i| s.issue_json(i))
                .collect();
            ok(json!({"issues": {"nodes": nodes, "pageInfo": {
                "hasNextPage": end < matching.len(),
                "endCursor": (end > 0).then(|| format!("cur-{end}")),
            }}}))
        }
        "CompassTeam" => {
            let nodes = if vars["key"] == s.team_key.as_str() {
                let labels: Vec<Value> = s
                    .labels
                    .iter()
                    .map(|(id, n)| json!({"id": id, "name": n}))
                    .collect();
                let states: Vec<Value> = s
                    .states
                    .iter()
                    .map(|(id, t, p)| json!({"id": id, "type": t, "position": p}))
                    .collect();
                vec![
                    json!({"id": s.team_id, "labels": {"nodes": labels}, "states": {"nodes": states}}),
                ]
            } else {
                Vec::new()
            };
            ok(json!({"teams": {"nodes": nodes}}))
        }
        "CompassIssueLabels" => match s.issues.iter().find(|i| vars["id"] == i.id.as_str()) {
            Some(i) => {
                let v = s.issue_json(i);
                ok(json!({"issue": {"labels": v["labels"]}}))
            }
            None => error(StatusCode::OK, "INVALID_INPUT", "Entity not found"),
        },
        "CompassLabelCreate" => {
            let name = vars["input"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            if vars["input"]["teamId"] != s.team_id.as_str() || name.is_empty() {
                return error(
                    StatusCode::OK,
                    "INVALID_INPUT",
                    "teamId and name are required",
                );
            }
            let id = s.label_id(&name);
            ok(
                json!({"issueLabelCreate": {"success": true, "issueLabel": {"id": id, "name": name}}}),
            )
        }
        "CompassIssueUpdate" => {
            let now = s.tick();
            let known: Vec<String> = s.labels.iter().map(|(id, _)| id.clone()).collect();
            let states: Vec<String> = s.states.iter().map(|(id, _, _)| id.clone()).collect();
            let Some(i) = s.issues.iter_mut().find(|i| vars["id"] == i.id.as_str()) else {
                return error(StatusCode::OK, "INVALID_INPUT", "Entity not found");
            };
            let input = &vars["input"];
            if let Some(ids) = input["labelIds"].as_array() {
                let ids: Vec<String> = ids
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect();
                if ids.iter().any(|id| !known.contains(id)) {
                    return error(StatusCode::OK, "INVALID_INPUT", "unknown label id");
                }
                i.label_ids = ids;
            }
            if let Some(state) = input["stateId"].as_str() {
                if !states.iter().any(|s| s == state) {
                    return error(StatusCode::OK, "INVALID_INPUT", "unknown state id");
                }
                i.state_id = state.to_owned();
            }
            i.updated_at = now;
            ok(json!({"issueUpdate": {"success": true}}))
        }
        "CompassCommentCreate" => {
            let issue = vars["input"]["issueId"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let body = vars["input"]["body"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            s.comments.push((issue, body));
            ok(json!({"commentCreate": {"success": true}}))
        }
        other => error(
            StatusCode::BAD_REQUEST,
            "GRAPHQL_VALIDATION_FAILED",
            &format!("unknown operation {other:?}"),
        ),
    }
}

/// A running Linear-shaped server with one team.
#[derive(Debug)]
pub struct LinearServer {
    served: Served,
    state: Arc<Mutex<State>>,
}

impl LinearServer {
    /// Serve team `team_key` to the personal API key `key`.
    pub async fn start(key: &str, team_key: &str) -> std::io::Result<Self> {
        let state = Arc::new(Mutex::new(State {
            key: key.to_owned(),
            team_id: "team-1".into(),
            team_key: team_key.to_owned(),
            states: vec![
                ("st-todo".into(), "unstarted".into(), 1.0),
                ("st-doing".into(), "started".into(), 2.0),
                ("st-done-late".into(), "completed".into(), 9.0),
                ("st-done".into(), "completed".into(), 3.0),
                ("st-canceled".into(), "canceled".into(), 4.0),
            ],
            page_size: 250,
            ..State::default()
        }));
        let shared = Arc::clone(&state);
        let app = Router::new().route(
            "/graphql",
            axum::routing::post(move |headers: HeaderMap, body: Bytes| {
                let state = Arc::clone(&shared);
                async move { handle(&state, &headers, &body) }
            }),
        );
        let served = Served::start(app).await?;
        Ok(Self { served, state })
    }

    /// The API origin a source is given (`--api-url`).
    pub fn url(&self) -> String {
        format!("http://{}", self.served.addr())
    }

    /// A new issue; `open: false` makes it completed. Returns its identifier.
    pub fn add_issue(&self, title: &str, description: &str, labels: &[&str], open: bool) -> String {
        let mut s = lock(&self.state);
        let number = s.issues.len() as u64 + 1;
        let label_ids = labels.iter().map(|l| s.label_id(l)).collect();
        let updated_at = s.tick();
        s.issues.push(Issue {
            id: format!("uuid-{number}"),
            number,
            title: title.to_owned(),
            description: (!description.is_empty()).then(|| description.to_owned()),
            state_id: if open { "st-todo" } else { "st-done" }.into(),
            label_ids,
            assignee: None,
            updated_at,
        });
        format!("{}-{number}", s.team_key)
    }

    /// Rename an issue (a change the next sync picks up).
    pub fn retitle(&self, identifier: &str, title: &str) {
        let mut s = lock(&self.state);
        let now = s.tick();
        let i = s.by_identifier(identifier);
        i.title = title.to_owned();
        i.updated_at = now;
    }

    /// Answer at most `n` issues a page, whatever the client asks.
    pub fn set_page_size(&self, n: usize) {
        lock(&self.state).page_size = n;
    }

    /// Rate-limit the next `n` requests.
    pub fn rate_limit_next(&self, n: u32) {
        lock(&self.state).rate_limited = n;
    }

    /// The label names on an issue.
    pub fn labels_of(&self, identifier: &str) -> Vec<String> {
        let mut s = lock(&self.state);
        let ids = s.by_identifier(identifier).label_ids.clone();
        ids.iter()
            .filter_map(|l| s.labels.iter().find(|(id, _)| id == l))
            .map(|(_, n)| n.clone())
            .collect()
    }

    /// The workflow state id an issue is in.
    pub fn state_of(&self, identifier: &str) -> String {
        lock(&self.state).by_identifier(identifier).state_id.clone()
    }

    /// The comments on an issue.
    pub fn comments_of(&self, identifier: &str) -> Vec<String> {
        let mut s = lock(&self.state);
        let id = s.by_identifier(identifier).id.clone();
        s.comments
            .iter()
            .filter(|(i, _)| *i == id)
            .map(|(_, b)| b.clone())
            .collect()
    }

    /// The operation names received, in order.
    pub fn operations(&self) -> Vec<String> {
        lock(&self.state).operations.clone()
    }
}
