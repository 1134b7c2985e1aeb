//! A GitHub-shaped forge: a local HTTP server speaking the documented REST
//! shapes of the Issues API that the Dispatcher uses — list repository issues
//! (`state`, `labels`, `assignee`, `since`, `sort`, `direction`, `per_page`,
//! `page`, answered with a `Link` header), update an issue, add and remove
//! labels, comment, and read one issue (`410 Gone` once deleted; a test may
//! make one issue's reads fail). Like
//! GitHub it lists pull requests among the issues
//! (with a `pull_request` key), answers `401 Bad credentials`, `404 Not
//! Found`, and rate limits with `429`/`403` plus `Retry-After` or
//! `x-ratelimit-remaining: 0` and `x-ratelimit-reset`. Faults are queued by
//! the test ([`Fault`]) and served to the next requests in order. Given the
//! forge's bare repo ([`GithubServer::serve_repo`]) it also speaks pull
//! requests, their reviews and review comments, and check runs
//! (`github_server/pulls.rs`).

mod pulls;

use crate::served::{Served, lock};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;
use pulls::Forge;
use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

/// What the next request gets instead of its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Answered normally (to let a request through before a fault).
    Pass,
    /// A bare status with GitHub's error body (`{"message": …}`).
    Status(u16),
    /// `429` with `Retry-After: secs`.
    RetryAfter(u64),
    /// `403` with `x-ratelimit-remaining: 0` and a reset `secs` from now.
    RateLimitReset(u64),
    /// `200` with a body that is not the documented JSON.
    Malformed,
    /// The connection is dropped without an answer.
    Hangup,
    /// Answered normally, but the `Link` header's `next` points at another
    /// origin (a client must not carry its token there).
    ForeignLink,
    /// `200` with an empty list (a list read just before something was
    /// made: a race the client must survive).
    EmptyList,
}

/// A request the server saw: method, path, raw query, body and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub query: String,
    pub body: Value,
    pub at: std::time::Instant,
}

#[derive(Debug, Clone)]
struct Item {
    id: u64,
    number: u64,
    title: String,
    body: Option<String>,
    labels: Vec<String>,
    assignee: Option<String>,
    open: bool,
    state_reason: Option<String>,
    pull_request: bool,
    updated: u64,
    comments: Vec<String>,
}

#[derive(Debug, Default)]
pub(crate) struct State {
    pub(crate) repo: String,
    token: String,
    items: BTreeMap<u64, Item>,
    next_number: u64,
    pub(crate) clock: u64,
    faults: VecDeque<Fault>,
    seen: Vec<Seen>,
    /// Numbers of issues deleted: a direct read answers `410 Gone`.
    deleted: std::collections::BTreeSet<u64>,
    /// Issues whose every direct read answers a fault instead (see
    /// [`GithubServer::fail_reads_of`]).
    failing_reads: BTreeMap<u64, Fault>,
    /// Pull requests, reviews and checks over a real bare repo.
    pub(crate) forge: Forge,
    /// What the web addresses (`html_url`) start with; a test may make it
    /// hostile (`javascript:`), as a compromised forge could.
    html_base: Option<String>,
}

impl State {
    pub(crate) fn html_base(&self) -> &str {
        self.html_base
            .as_deref()
            .unwrap_or("https://github.example")
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// A new issue (or a pull request's issue: they share numbers).
    pub(crate) fn insert_item(&mut self, title: &str, body: &str, pull_request: bool) -> u64 {
        let number = self.next_number;
        self.next_number += 1;
        let updated = self.tick();
        self.items.insert(
            number,
            Item {
                id: 9_000_000 + number,
                number,
                title: title.to_owned(),
                body: (!body.is_empty()).then(|| body.to_owned()),
                labels: Vec::new(),
                assignee: None,
                open: true,
                state_reason: None,
                pull_request,
                updated,
                comments: Vec::new(),
            },
        );
        number
    }
}

/// GitHub's timestamp shape, for the server's clock (seconds since
/// 2026-01-01T00:00:00Z; good for a month of ticks).
pub fn timestamp(tick: u64) -> String {
    let (d, s) = (tick / 86_400, tick % 86_400);
    format!(
        "2026-01-{:02}T{:02}:{:02}:{:02}Z",
        d + 1,
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// The server; stops when dropped.
#[derive(Debug)]
pub struct GithubServer {
    served: Served,
    state: Arc<Mutex<State>>,
}

impl GithubServer {
    /// Serve the issues of `repo` (`OWNER/NAME`) to requests carrying
    /// `token`, on an ephemeral loopback port.
    pub async fn start(repo: &str, token: &str) -> std::io::Result<Self> {
        let state = Arc::new(Mutex::new(State {
            repo: repo.to_owned(),
            token: token.to_owned(),
            next_number: 1,
            ..State::default()
        }));
        let shared = Arc::clone(&state);
        let app = Router::new().fallback(
            move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
                let state = Arc::clone(&shared);
                async move { handle(&state, method, uri, headers, body) }
            },
        );
        let served = Served::start(app).await?;
        Ok(Self { served, state })
    }

    /// The API base URL (`--api-url`).
    pub fn url(&self) -> String {
        format!("http://{}", self.served.addr())
    }

    fn insert(&self, title: &str, body: &str, labels: &[&str], pull_request: bool) -> u64 {
        let mut s = lock(&self.state);
        let number = s.insert_item(title, body, pull_request);
        if let Some(item) = s.items.get_mut(&number) {
            item.labels = labels.iter().map(|l| (*l).to_owned()).collect();
        }
        number
    }

    /// Back the repository's pull requests with the bare repo `bare` (the
    /// forge's copy: heads, bases and commits are read from it).
    pub fn serve_repo(&self, bare: &std::path::Path) {
        lock(&self.state).forge.bare = Some(bare.to_owned());
    }

    /// Every pull request as the API shows it, by number.
    pub fn pulls(&self) -> Vec<Value> {
        let s = lock(&self.state);
        s.forge
            .pulls
            .values()
            .map(|p| pulls::render_pull(&s, p))
            .collect()
    }

    fn with_pull<T>(&self, number: u64, f: impl FnOnce(&mut pulls::Pull, u64) -> T) -> T {
        let mut s = lock(&self.state);
        let id = s.forge.id();
        let pull = s
            .forge
            .pulls
            .get_mut(&number)
            .unwrap_or_else(|| panic!("no pull request #{number}"));
        f(pull, id)
    }

    /// The head commit of pull request `number` now.
    fn pull_head(&self, number: u64) -> String {
        let s = lock(&self.state);
        let head = s.forge.pulls.get(&number).map(|p| p.head().to_owned());
        head.zip(s.forge.bare.clone())
            .and_then(|(h, bare)| pulls::branch_sha(&bare, &h))
            .unwrap_or_default()
    }

    /// A reviewer submits a review (`APPROVED`, `CHANGES_REQUESTED`,
    /// `COMMENTED`); returns its id.
    pub fn add_review(&self, number: u64, user: &str, state: &str, body: &str) -> u64 {
        let commit = self.pull_head(number);
        self.with_pull(number, |p, id| {
            p.reviews_mut()
                .push(pulls::review(id, user, state, body, &commit));
            id
        })
    }

    /// A reviewer comments on `path` line `line` of the diff; returns its id.
    pub fn add_review_comment(
        &self,
        number: u64,
        user: &str,
        path: &str,
        line: u64,
        body: &str,
    ) -> u64 {
        let commit = self.pull_head(number);
        self.with_pull(number, |p, id| {
            p.comments_mut()
                .push(pulls::review_comment(id, user, path, line, body, &commit));
            id
        })
    }

    /// CI reports a completed check run `name` on commit `sha`; returns its id.
    pub fn add_check_run(&self, sha: &str, name: &str, conclusion: &str, summary: &str) -> u64 {
        let mut s = lock(&self.state);
        let id = s.forge.id();
        let run = pulls::check_run(id, name, conclusion, summary, sha);
        s.forge.checks.entry(sha.to_owned()).or_default().push(run);
        id
    }

    /// Close pull request `number`, as merged by the forge's button or not
    /// (the test does the git side of a merge itself).
    pub fn close_pull(&self, number: u64, merged: bool) {
        self.with_pull(number, |p, _| p.close(merged));
    }

    /// Open an issue; returns its number.
    pub fn add_issue(&self, title: &str, body: &str, labels: &[&str]) -> u64 {
        self.insert(title, body, labels, false)
    }

    /// Open a pull request (it shows in the issues list, as on GitHub).
    pub fn add_pull_request(&self, title: &str) -> u64 {
        self.insert(title, "", &[], true)
    }

    fn edit(&self, number: u64, f: impl FnOnce(&mut Item)) {
        let mut s = lock(&self.state);
        let updated = s.tick();
        if let Some(item) = s.items.get_mut(&number) {
            f(item);
            item.updated = updated;
        }
    }

    /// Change an issue's title (bumps its `updated_at`).
    pub fn retitle(&self, number: u64, title: &str) {
        self.edit(number, |i| i.title = title.to_owned());
    }

    /// Assign an issue to `login`.
    pub fn assign(&self, number: u64, login: &str) {
        self.edit(number, |i| i.assignee = Some(login.to_owned()));
    }

    /// Close an issue on the forge.
    pub fn close(&self, number: u64) {
        self.edit(number, |i| i.open = false);
    }

    /// Delete an issue, as an admin can: it leaves every listing, and a
    /// direct read answers `410 Gone` (GitHub's documented answer when the
    /// reader may see the repository).
    pub fn delete(&self, number: u64) {
        let mut s = lock(&self.state);
        s.items.remove(&number);
        s.deleted.insert(number);
    }

    /// The issue as the API shows it.
    pub fn issue(&self, number: u64) -> Value {
        let s = lock(&self.state);
        s.items.get(&number).map_or(Value::Null, |i| render(&s, i))
    }

    /// Comments posted on an issue, oldest first.
    pub fn comments(&self, number: u64) -> Vec<String> {
        lock(&self.state)
            .items
            .get(&number)
            .map(|i| i.comments.clone())
            .unwrap_or_default()
    }

    /// Answer every direct read of issue `number` with `fault` from now on
    /// (a tracker failing on one issue: retries see it fail again).
    pub fn fail_reads_of(&self, number: u64, fault: Fault) {
        lock(&self.state).failing_reads.insert(number, fault);
    }

    /// Serve `fault` to the next request (after those queued before).
    pub fn fail_next(&self, fault: Fault) {
        lock(&self.state).faults.push_back(fault);
    }

    /// Start the web addresses (`html_url`) of what is made or shown from
    /// now on with `base` instead of `https://github.example`.
    pub fn set_html_base(&self, base: &str) {
        lock(&self.state).html_base = Some(base.to_owned());
    }

    /// Accept only `token` from now on (the old one has "expired").
    pub fn set_token(&self, token: &str) {
        lock(&self.state).token = token.to_owned();
    }

    /// Every request seen, oldest first.
    pub fn seen(&self) -> Vec<Seen> {
        lock(&self.state).seen.clone()
    }
}

fn render(s: &State, i: &Item) -> Value {
    let html = format!("{}/{}/issues/{}", s.html_base(), s.repo, i.number);
    let mut v = json!({
        "id": i.id,
        "node_id": format!("I_{}", i.id),
        "number": i.number,
        "title": i.title,
        "body": i.body,
        "state": if i.open { "open" } else { "closed" },
        "state_reason": i.state_reason,
        "labels": i.labels.iter().map(|l| json!({"name": l, "color": "ededed"})).collect::<Vec<_>>(),
        "assignee": i.assignee.as_ref().map(|a| json!({"login": a})),
        "html_url": html,
        "comments": i.comments.len(),
        "created_at": timestamp(1),
        "updated_at": timestamp(i.updated),
        "user": {"login": "octocat"},
    });
    if i.pull_request {
        v["pull_request"] = json!({"url": format!("https://api.github.example/repos/{}/pulls/{}", s.repo, i.number)});
    }
    v
}

pub(crate) fn reply(status: StatusCode, body: &Value) -> Response {
    let mut r = Response::new(Body::from(body.to_string()));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    r
}

pub(crate) fn message(status: StatusCode, text: &str) -> Response {
    reply(
        status,
        &json!({"message": text, "documentation_url": "https://docs.github.com/rest"}),
    )
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn fault(f: Fault) -> Response {
    match f {
        Fault::Pass | Fault::ForeignLink => message(StatusCode::OK, "pass"),
        Fault::EmptyList => reply(StatusCode::OK, &json!([])),
        Fault::Status(code) => {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            message(status, status.canonical_reason().unwrap_or("error"))
        }
        Fault::RetryAfter(secs) => {
            let mut r = message(
                StatusCode::TOO_MANY_REQUESTS,
                "You have exceeded a secondary rate limit.",
            );
            r.headers_mut()
                .insert("retry-after", HeaderValue::from(secs));
            r
        }
        Fault::RateLimitReset(secs) => {
            let mut r = message(StatusCode::FORBIDDEN, "API rate limit exceeded for user.");
            let h = r.headers_mut();
            h.insert("x-ratelimit-limit", HeaderValue::from(5000));
            h.insert("x-ratelimit-remaining", HeaderValue::from(0));
            h.insert("x-ratelimit-reset", HeaderValue::from(now_secs() + secs));
            r
        }
        Fault::Malformed => {
            let mut r = Response::new(Body::from("[{\"id\": 1, \"number\": \"oops\""));
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            r
        }
        Fault::Hangup => Response::new(Body::from_stream(futures::stream::once(async {
            Err::<Bytes, std::io::Error>(std::io::Error::other("hang up"))
        }))),
    }
}

pub(crate) fn query_map(query: &str) -> BTreeMap<String, String> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_owned(), decode(v)))
        .collect()
}

/// Percent-decoding for the few characters the client encodes.
fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn handle(
    state: &Mutex<State>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut s = lock(state);
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    s.seen.push(Seen {
        method: method.to_string(),
        path: uri.path().to_owned(),
        query: uri.query().unwrap_or_default().to_owned(),
        body: body.clone(),
        at: std::time::Instant::now(),
    });
    let foreign = match s.faults.pop_front() {
        None | Some(Fault::Pass) => false,
        Some(Fault::ForeignLink) => true,
        Some(f) => return fault(f),
    };
    let auth = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let token = auth
        .strip_prefix("Bearer ")
        .or_else(|| auth.strip_prefix("token "));
    if token != Some(s.token.as_str()) {
        return message(StatusCode::UNAUTHORIZED, "Bad credentials");
    }
    let path = uri.path().to_owned();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1");
    let host = if foreign {
        "attacker.example:8443"
    } else {
        host
    };
    let Some(rest) = path.strip_prefix(&format!("/repos/{}", s.repo)) else {
        return message(StatusCode::NOT_FOUND, "Not Found");
    };
    let parts: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
    let Some(("issues", parts)) = parts.split_first().map(|(f, r)| (*f, r)) else {
        return pulls::handle(&mut s, &method, &parts, &uri, &body, host)
            .unwrap_or_else(|| message(StatusCode::NOT_FOUND, "Not Found"));
    };
    match (method, parts) {
        (Method::GET, []) => list(&s, &uri, host),
        (Method::GET, [n]) => {
            let number = n.parse::<u64>().ok();
            if let Some(f) = number.and_then(|n| s.failing_reads.get(&n)) {
                return fault(f.clone());
            }
            if number.is_some_and(|n| s.deleted.contains(&n)) {
                return message(StatusCode::GONE, "This issue was deleted");
            }
            match number.and_then(|n| s.items.get(&n)) {
                Some(item) => reply(StatusCode::OK, &render(&s, item)),
                None => message(StatusCode::NOT_FOUND, "Not Found"),
            }
        }
        (Method::PATCH, [n]) => with_item(&mut s, n, |item| {
            if let Some(state) = body["state"].as_str() {
                item.open = state == "open";
            }
            if let Some(r) = body["state_reason"].as_str() {
                item.state_reason = Some(r.to_owned());
            }
            if let Some(t) = body["title"].as_str() {
                item.title = t.to_owned();
            }
        }),
        (Method::POST, [n, "labels"]) => with_item(&mut s, n, |item| {
            for l in body["labels"].as_array().into_iter().flatten() {
                if let Some(l) = l.as_str()
                    && !item.labels.iter().any(|x| x == l)
                {
                    item.labels.push(l.to_owned());
                }
            }
        }),
        (Method::DELETE, [n, "labels", name]) => {
            let name = decode(name);
            let present = n
                .parse::<u64>()
                .ok()
                .and_then(|n| s.items.get(&n))
                .is_some_and(|i| i.labels.contains(&name));
            if !present {
                return message(StatusCode::NOT_FOUND, "Label does not exist");
            }
            with_item(&mut s, n, |item| item.labels.retain(|l| *l != name))
        }
        (Method::POST, [n, "comments"]) => {
            let Some(text) = body["body"].as_str().map(str::to_owned) else {
                return message(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "Invalid request: body is missing",
                );
            };
            let r = with_item(&mut s, n, |item| item.comments.push(text.clone()));
            if r.status() == StatusCode::OK {
                let mut created = reply(StatusCode::CREATED, &json!({"id": 1, "body": text}));
                created.headers_mut().clear();
                return created;
            }
            r
        }
        _ => message(StatusCode::NOT_FOUND, "Not Found"),
    }
}

fn with_item(s: &mut State, n: &str, f: impl FnOnce(&mut Item)) -> Response {
    let updated = s.tick();
    let Some(item) = n.parse::<u64>().ok().and_then(|n| s.items.get_mut(&n)) else {
        return message(StatusCode::NOT_FOUND, "Not Found");
    };
    f(item);
    item.updated = updated;
    let item = item.clone();
    reply(StatusCode::OK, &render(s, &item))
}

fn list(s: &State, uri: &Uri, host: &str) -> Response {
    let q = query_map(uri.query().unwrap_or_default());
    let state = q.get("state").map_or("open", String::as_str);
    let labels: Vec<&str> = q
        .get("labels")
        .map(|l| l.split(',').filter(|l| !l.is_empty()).collect())
        .unwrap_or_default();
    let since = q.get("since").cloned().unwrap_or_default();
    let mut items: Vec<&Item> = s
        .items
        .values()
        .filter(|i| match state {
            "all" => true,
            "closed" => !i.open,
            _ => i.open,
        })
        .filter(|i| labels.iter().all(|l| i.labels.iter().any(|x| x == l)))
        .filter(|i| match q.get("assignee").map(String::as_str) {
            None => true,
            Some("none") => i.assignee.is_none(),
            Some("*") => i.assignee.is_some(),
            Some(who) => i.assignee.as_deref() == Some(who),
        })
        .filter(|i| since.is_empty() || timestamp(i.updated) >= since)
        .collect();
    let key = |i: &&Item| match q.get("sort").map(String::as_str) {
        Some("updated") => i.updated,
        _ => i.number,
    };
    items.sort_by_key(key);
    if q.get("direction").map(String::as_str) != Some("asc") {
        items.reverse();
    }
    // Only the page asked for is rendered: a large repo pages cheaply.
    paged(uri, host, items, |page| {
        Value::Array(page.iter().map(|i| render(s, i)).collect())
    })
}

/// One page of `all` as `wrap` shapes it (`per_page`, `page`), with
/// GitHub's `Link` header (`next`, `last`, `first`, `prev`) on `host`.
pub(crate) fn paged<T>(
    uri: &Uri,
    host: &str,
    all: Vec<T>,
    wrap: impl FnOnce(&[T]) -> Value,
) -> Response {
    let q = query_map(uri.query().unwrap_or_default());
    let per_page: usize = q
        .get("per_page")
        .and_then(|p| p.parse().ok())
        .unwrap_or(30)
        .clamp(1, 100);
    let page: usize = q
        .get("page")
        .and_then(|p| p.parse().ok())
        .unwrap_or(1)
        .max(1);
    let pages = all.len().div_ceil(per_page).max(1);
    let start = ((page - 1) * per_page).min(all.len());
    let end = (start + per_page).min(all.len());
    let mut r = reply(StatusCode::OK, &wrap(&all[start..end]));
    let link_to = |p: usize| {
        let others: Vec<String> = uri
            .query()
            .unwrap_or_default()
            .split('&')
            .filter(|kv| !kv.starts_with("page=") && !kv.is_empty())
            .map(str::to_owned)
            .collect();
        format!(
            "<http://{host}{}?{}&page={p}>",
            uri.path(),
            others.join("&")
        )
    };
    let mut links = Vec::new();
    if page < pages {
        links.push(format!("{}; rel=\"next\"", link_to(page + 1)));
        links.push(format!("{}; rel=\"last\"", link_to(pages)));
    }
    if page > 1 {
        links.push(format!("{}; rel=\"first\"", link_to(1)));
        links.push(format!("{}; rel=\"prev\"", link_to(page - 1)));
    }
    if !links.is_empty()
        && let Ok(v) = HeaderValue::from_str(&links.join(", "))
    {
        r.headers_mut().insert(header::LINK, v);
    }
    let h = r.headers_mut();
    h.insert("x-ratelimit-limit", HeaderValue::from(5000));
    h.insert("x-ratelimit-remaining", HeaderValue::from(4999));
    r
}
