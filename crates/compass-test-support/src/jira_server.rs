//! A Jira-Cloud-shaped tracker: a local HTTP server speaking the REST v3
//! shapes the Dispatcher uses — `GET /rest/api/3/search/jql` (a JQL subset:
//! `project`, `statusCategory`, `updated >=`, `labels`, `assignee`, joined by
//! `AND`, `ORDER BY updated ASC, key ASC`; `nextPageToken`/`isLast` paging),
//! `PUT /rest/api/3/issue/{key}` label updates, transitions, and comments.
//! Like Jira: descriptions and comments are Atlassian Document Format,
//! `updated` carries a `+0000` offset, JQL dates are minutes, auth is Basic
//! `email:api-token` (`401` otherwise), errors are `{"errorMessages": […]}`,
//! and a rate limit is `429` with `Retry-After`. A JQL clause it does not
//! know is a `400`, so a client drifting from the shape fails its test.

use crate::served::{Served, lock};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone)]
struct Issue {
    number: u64,
    summary: String,
    description: String,
    labels: Vec<String>,
    done: bool,
    /// Minutes since the server's epoch (JQL compares minutes).
    updated: u64,
}

#[derive(Debug, Default)]
struct State {
    auth: String,
    project: String,
    issues: Vec<Issue>,
    comments: Vec<(String, Value)>,
    page_size: usize,
    rate_limited: u32,
    clock: u64,
}

impl State {
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    fn key(&self, i: &Issue) -> String {
        format!("{}-{}", self.project, i.number)
    }

    fn issue_json(&self, i: &Issue) -> Value {
        json!({
            "id": format!("{}", 10_000 + i.number),
            "key": self.key(i),
            "fields": {
                "summary": i.summary,
                "description": if i.description.is_empty() { Value::Null } else { json!({
                    "type": "doc", "version": 1, "content": [
                        {"type": "paragraph", "content": [{"type": "text", "text": i.description}]}
                    ]}) },
                "labels": i.labels,
                "status": {"statusCategory": {"key": if i.done { "done" } else { "new" }}},
                "updated": format!("2026-12-01T{:02}:{:02}:00.000+0000", i.updated / 60, i.updated % 60),
            }
        })
    }

    fn find(&mut self, key: &str) -> Option<&mut Issue> {
        let project = self.project.clone();
        self.issues
            .iter_mut()
            .find(|i| format!("{project}-{}", i.number) == key)
    }
}

/// Minutes since the server's epoch (2026-12-01 00:00 UTC) of a JQL date
/// `yyyy/MM/dd HH:mm`; anything earlier is 0.
fn jql_minutes(date: &str) -> Option<u64> {
    let (day, time) = date.split_once(' ')?;
    let mut ymd = day.split('/').map(|p| p.parse::<u64>().ok());
    let (y, mo, d) = (ymd.next()??, ymd.next()??, ymd.next()??);
    let (h, m) = time.split_once(':')?;
    let (h, m): (u64, u64) = (h.parse().ok()?, m.parse().ok()?);
    Some(if (y, mo) < (2026, 12) {
        0
    } else {
        (d - 1) * 1440 + h * 60 + m
    })
}

/// Whether `issue` passes one JQL clause.
fn passes(s: &State, i: &Issue, clause: &str) -> Result<bool, String> {
    let unquote = |v: &str| v.trim().trim_matches('"').replace("\\\"", "\"");
    if let Some(v) = clause.strip_prefix("project = ") {
        return Ok(unquote(v) == s.project);
    }
    if clause == "statusCategory != Done" {
        return Ok(!i.done);
    }
    if clause == "statusCategory = Done" {
        return Ok(i.done);
    }
    if let Some(v) = clause.strip_prefix("updated >= ") {
        let m = jql_minutes(&unquote(v)).ok_or(format!("bad date in {clause:?}"))?;
        return Ok(i.updated >= m);
    }
    if let Some(v) = clause.strip_prefix("labels = ") {
        return Ok(i.labels.contains(&unquote(v)));
    }
    Err(format!("unknown JQL clause {clause:?}"))
}

fn err(status: StatusCode, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"errorMessages": [message], "errors": {}})),
    )
        .into_response()
}

fn handle(
    state: &Mutex<State>,
    method: &Method,
    path: &str,
    query: &HashMap<String, String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Response {
    let mut s = lock(state);
    let auth = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if auth != Some(s.auth.as_str()) {
        return err(
            StatusCode::UNAUTHORIZED,
            "Client must be authenticated to access this resource.",
        );
    }
    if s.rate_limited > 0 {
        s.rate_limited -= 1;
        let mut r = err(StatusCode::TOO_MANY_REQUESTS, "Rate limit exceeded.");
        r.headers_mut().insert(
            "retry-after",
            "1".parse().unwrap_or(header::HeaderValue::from_static("1")),
        );
        return r;
    }
    let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["search", "jql"]) => {
            let jql = query.get("jql").cloned().unwrap_or_default();
            let Some((filter, order)) = jql.split_once(" ORDER BY ") else {
                return err(StatusCode::BAD_REQUEST, "expected ORDER BY");
            };
            if order != "updated ASC, key ASC" {
                return err(StatusCode::BAD_REQUEST, "unexpected ORDER BY");
            }
            let mut matching = Vec::new();
            for i in &s.issues {
                let mut all = true;
                for clause in filter.split(" AND ") {
                    match passes(&s, i, clause) {
                        Ok(p) => all &= p,
                        Err(why) => return err(StatusCode::BAD_REQUEST, &why),
                    }
                }
                if all {
                    matching.push(i.clone());
                }
            }
            matching.sort_by_key(|i| (i.updated, i.number));
            let max: usize = query
                .get("maxResults")
                .and_then(|m| m.parse().ok())
                .unwrap_or(50);
            let start: usize = query
                .get("nextPageToken")
                .and_then(|t| t.strip_prefix("tok-"))
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let end = (start + max.min(s.page_size.max(1))).min(matching.len());
            let issues: Vec<Value> = matching[start.min(end)..end]
                .iter()
                .map(|i| s.issue_json(i))
                .collect();
            let last = end >= matching.len();
            let mut page = json!({"issues": issues, "isLast": last});
            if !last {
                page["nextPageToken"] = json!(format!("tok-{end}"));
            }
            axum::Json(page).into_response()
        }
        ("PUT", ["issue", key]) => {
            let now = s.tick();
            let Some(i) = s.find(key) else {
                return err(
                    StatusCode::NOT_FOUND,
                    "Issue does not exist or you do not have permission to see it.",
                );
            };
            for op in body["update"]["labels"]
                .as_array()
                .cloned()
                .unwrap_or_default()
            {
                if let Some(l) = op["remove"].as_str() {
                    i.labels.retain(|x| x != l);
                }
                if let Some(l) = op["add"].as_str()
                    && !i.labels.iter().any(|x| x == l)
                {
                    i.labels.push(l.to_owned());
                }
            }
            i.updated = now;
            StatusCode::NO_CONTENT.into_response()
        }
        ("GET", ["issue", key, "transitions"]) => {
            if s.find(key).is_none() {
                return err(
                    StatusCode::NOT_FOUND,
                    "Issue does not exist or you do not have permission to see it.",
                );
            }
            axum::Json(json!({"transitions": [
                {"id": "11", "name": "Start", "to": {"statusCategory": {"key": "indeterminate"}}},
                {"id": "31", "name": "Done", "to": {"statusCategory": {"key": "done"}}},
            ]}))
            .into_response()
        }
        ("POST", ["issue", key, "transitions"]) => {
            let now = s.tick();
            let id = body["transition"]["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let Some(i) = s.find(key) else {
                return err(
                    StatusCode::NOT_FOUND,
                    "Issue does not exist or you do not have permission to see it.",
                );
            };
            match id.as_str() {
                "31" => i.done = true,
                "11" => i.done = false,
                _ => {
                    return err(
                        StatusCode::BAD_REQUEST,
                        "Transition id is not valid for this issue.",
                    );
                }
            }
            i.updated = now;
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["issue", key, "comment"]) => {
            if s.find(key).is_none() {
                return err(
                    StatusCode::NOT_FOUND,
                    "Issue does not exist or you do not have permission to see it.",
                );
            }
            if body["body"]["type"] != "doc" {
                return err(
                    StatusCode::BAD_REQUEST,
                    "Comment body is not valid: expected an ADF document.",
                );
            }
            let key = (*key).to_owned();
            s.comments.push((key, body["body"].clone()));
            (StatusCode::CREATED, axum::Json(json!({"id": "1"}))).into_response()
        }
        _ => err(StatusCode::NOT_FOUND, "No such resource."),
    }
}

/// A running Jira-shaped server with one project.
#[derive(Debug)]
pub struct JiraServer {
    served: Served,
    state: Arc<Mutex<State>>,
}

impl JiraServer {
    /// Serve project `project` to `email` with `api_token` (Basic auth).
    pub async fn start(email: &str, api_token: &str, project: &str) -> std::io::Result<Self> {
        let auth = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{email}:{api_token}"))
        );
        let state = Arc::new(Mutex::new(State {
            auth,
            project: project.to_owned(),
            page_size: 100,
            clock: 600,
            ..State::default()
        }));
        let shared = Arc::clone(&state);
        let app = Router::new().route(
            "/rest/api/3/{*path}",
            axum::routing::any(
                move |method: Method,
                      Path(path): Path<String>,
                      Query(query): Query<HashMap<String, String>>,
                      headers: HeaderMap,
                      body: Bytes| {
                    let state = Arc::clone(&shared);
                    async move { handle(&state, &method, &path, &query, &headers, &body) }
                },
            ),
        );
        let served = Served::start(app).await?;
        Ok(Self { served, state })
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.served.addr())
    }

    /// A new issue (done or not); returns its key. Each change is a minute
    /// later than the last (JQL's resolution).
    pub fn add_issue(
        &self,
        summary: &str,
        description: &str,
        labels: &[&str],
        done: bool,
    ) -> String {
        let mut s = lock(&self.state);
        let number = s.issues.len() as u64 + 1;
        let updated = s.tick();
        s.issues.push(Issue {
            number,
            summary: summary.to_owned(),
            description: description.to_owned(),
            labels: labels.iter().map(|l| (*l).to_owned()).collect(),
            done,
            updated,
        });
        format!("{}-{number}", s.project)
    }

    pub fn retitle(&self, key: &str, summary: &str) {
        let mut s = lock(&self.state);
        let now = s.tick();
        if let Some(i) = s.find(key) {
            i.summary = summary.to_owned();
            i.updated = now;
        }
    }

    pub fn set_page_size(&self, n: usize) {
        lock(&self.state).page_size = n;
    }

    pub fn rate_limit_next(&self, n: u32) {
        lock(&self.state).rate_limited = n;
    }

    pub fn labels_of(&self, key: &str) -> Vec<String> {
        lock(&self.state)
            .find(key)
            .map(|i| i.labels.clone())
            .unwrap_or_default()
    }

    pub fn is_done(&self, key: &str) -> bool {
        lock(&self.state).find(key).is_some_and(|i| i.done)
    }
}
