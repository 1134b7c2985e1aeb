//! The pull-request side of the GitHub-shaped server, backed by a real bare
//! git repository (the forge's copy of the repo): `GET /repos/{o}/{r}`
//! (`default_branch` is the bare repo's `HEAD`), list pull requests
//! (`state`, `head=owner:branch`, `base`, paged with `Link`), open one (head
//! and base must be real branches with commits between them; a second open
//! one for the same head is GitHub's `422 Validation Failed`, "A pull
//! request already exists for owner:branch."), get one (its `head.sha` is
//! the branch's commit now), its reviews and review comments, and a
//! commit's check runs (`{"total_count", "check_runs"}`, paged). Quirk kept:
//! a `head` filter without the `owner:` prefix is ignored, as GitHub does.

use super::{State, message, paged, query_map, reply, timestamp};
use axum::http::{Method, StatusCode, Uri};
use axum::response::Response;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A pull request on the forge.
#[derive(Debug, Clone)]
pub(crate) struct Pull {
    number: u64,
    title: String,
    body: String,
    head: String,
    base: String,
    open: bool,
    merged: bool,
    reviews: Vec<Value>,
    comments: Vec<Value>,
}

/// What the forge keeps beside the issues.
#[derive(Debug, Default)]
pub(crate) struct Forge {
    pub(crate) bare: Option<PathBuf>,
    pub(crate) pulls: BTreeMap<u64, Pull>,
    /// Check runs by head commit.
    pub(crate) checks: BTreeMap<String, Vec<Value>>,
    next_id: u64,
}

impl Forge {
    pub(crate) fn id(&mut self) -> u64 {
        self.next_id += 1;
        70_000_000 + self.next_id
    }
}

/// `git rev-parse` of `refs/heads/<branch>` in the forge's bare repo.
pub(crate) fn branch_sha(bare: &Path, branch: &str) -> Option<String> {
    let out = std::process::Command::new("git")
        .args(["rev-parse", "--verify", "--quiet"])
        .arg(format!("refs/heads/{branch}^{{commit}}"))
        .current_dir(bare)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The branch the bare repo's `HEAD` names.
fn default_branch(bare: &Path) -> String {
    std::process::Command::new("git")
        .args(["symbolic-ref", "--short", "HEAD"])
        .current_dir(bare)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or_else(
            || "main".to_owned(),
            |o| String::from_utf8_lossy(&o.stdout).trim().to_owned(),
        )
}

/// Whether `base` already holds every commit of `head`.
fn nothing_between(bare: &Path, base: &str, head: &str) -> bool {
    std::process::Command::new("git")
        .args(["merge-base", "--is-ancestor", head, base])
        .current_dir(bare)
        .status()
        .is_ok_and(|s| s.success())
}

fn owner(s: &State) -> &str {
    s.repo.split('/').next().unwrap_or_default()
}

pub(crate) fn render_pull(s: &State, p: &Pull) -> Value {
    let bare = s.forge.bare.as_deref();
    let sha = |b: &str| bare.and_then(|bare| branch_sha(bare, b));
    json!({
        "id": 5_000_000 + p.number,
        "number": p.number,
        "state": if p.open { "open" } else { "closed" },
        "title": p.title,
        "body": p.body,
        "html_url": format!("{}/{}/pull/{}", s.html_base(), s.repo, p.number),
        "url": format!("https://api.github.example/repos/{}/pulls/{}", s.repo, p.number),
        "merged": p.merged,
        "merged_at": p.merged.then(|| timestamp(s.clock)),
        "draft": false,
        "head": {"label": format!("{}:{}", owner(s), p.head), "ref": p.head, "sha": sha(&p.head)},
        "base": {"label": format!("{}:{}", owner(s), p.base), "ref": p.base, "sha": sha(&p.base)},
        "user": {"login": "compass-bot"},
    })
}

fn validation(errors: &Value) -> Response {
    reply(
        StatusCode::UNPROCESSABLE_ENTITY,
        &json!({
            "message": "Validation Failed",
            "errors": errors,
            "documentation_url": "https://docs.github.com/rest/pulls/pulls#create-a-pull-request",
            "status": "422",
        }),
    )
}

/// Requests under `/repos/{owner}/{repo}` other than issues; `None` when
/// the path is not one of them.
pub(crate) fn handle(
    s: &mut State,
    method: &Method,
    parts: &[&str],
    uri: &Uri,
    body: &Value,
    host: &str,
) -> Option<Response> {
    let Some(bare) = s.forge.bare.clone() else {
        return Some(message(StatusCode::NOT_FOUND, "Not Found"));
    };
    Some(match (method.clone(), parts) {
        (Method::GET, []) => reply(
            StatusCode::OK,
            &json!({
                "id": 1_296_269,
                "full_name": s.repo,
                "default_branch": default_branch(&bare),
                "private": true,
            }),
        ),
        (Method::GET, ["pulls"]) => {
            let q = query_map(uri.query().unwrap_or_default());
            let state = q.get("state").map_or("open", String::as_str);
            // GitHub ignores a head filter that lacks `owner:`.
            let head = q
                .get("head")
                .and_then(|h| h.split_once(':'))
                .map(|(o, b)| (o.to_owned(), b.to_owned()));
            let all: Vec<Value> = s
                .forge
                .pulls
                .values()
                .filter(|p| match state {
                    "all" => true,
                    "closed" => !p.open,
                    _ => p.open,
                })
                .filter(|p| {
                    head.as_ref()
                        .is_none_or(|(o, b)| o == owner(s) && *b == p.head)
                })
                .filter(|p| q.get("base").is_none_or(|b| *b == p.base))
                .map(|p| render_pull(s, p))
                .collect();
            paged(uri, host, all, |page| Value::Array(page.to_vec()))
        }
        (Method::POST, ["pulls"]) => open(s, &bare, body),
        (Method::GET, ["pulls", n]) => match n.parse().ok().and_then(|n| s.forge.pulls.get(&n)) {
            Some(p) => reply(StatusCode::OK, &render_pull(s, p)),
            None => message(StatusCode::NOT_FOUND, "Not Found"),
        },
        (Method::GET, ["pulls", n, which @ ("reviews" | "comments")]) => {
            match n.parse().ok().and_then(|n| s.forge.pulls.get(&n)) {
                Some(p) => {
                    let all = if *which == "reviews" {
                        p.reviews.clone()
                    } else {
                        p.comments.clone()
                    };
                    paged(uri, host, all, |page| Value::Array(page.to_vec()))
                }
                None => message(StatusCode::NOT_FOUND, "Not Found"),
            }
        }
        (Method::GET, ["commits", sha, "check-runs"]) => {
            let all = s.forge.checks.get(*sha).cloned().unwrap_or_default();
            let total = all.len();
            paged(
                uri,
                host,
                all,
                |page| json!({"total_count": total, "check_runs": page}),
            )
        }
        _ => return None,
    })
}

/// `POST /repos/{o}/{r}/pulls`, validated as GitHub does.
fn open(s: &mut State, bare: &Path, body: &Value) -> Response {
    let (Some(title), Some(head), Some(base)) = (
        body["title"].as_str(),
        body["head"].as_str(),
        body["base"].as_str(),
    ) else {
        return validation(&json!([{"resource": "PullRequest", "code": "missing_field"}]));
    };
    let head = head
        .strip_prefix(&format!("{}:", owner(s)))
        .unwrap_or(head)
        .to_owned();
    let mut errors = Vec::new();
    if branch_sha(bare, &head).is_none() {
        errors.push(json!({"resource": "PullRequest", "field": "head", "code": "invalid"}));
    }
    if branch_sha(bare, base).is_none() {
        errors.push(json!({"resource": "PullRequest", "field": "base", "code": "invalid"}));
    }
    if !errors.is_empty() {
        return validation(&Value::Array(errors));
    }
    if s.forge.pulls.values().any(|p| p.open && p.head == head) {
        return validation(&json!([{
            "resource": "PullRequest",
            "code": "custom",
            "message": format!("A pull request already exists for {}:{head}.", owner(s)),
        }]));
    }
    if nothing_between(bare, base, &head) {
        return validation(&json!([{
            "resource": "PullRequest",
            "code": "custom",
            "message": format!("No commits between {base} and {head}"),
        }]));
    }
    let number = s.insert_item(title, "", true);
    let pull = Pull {
        number,
        title: title.to_owned(),
        body: body["body"].as_str().unwrap_or_default().to_owned(),
        head,
        base: base.to_owned(),
        open: true,
        merged: false,
        reviews: Vec::new(),
        comments: Vec::new(),
    };
    let rendered = render_pull(s, &pull);
    s.forge.pulls.insert(number, pull);
    reply(StatusCode::CREATED, &rendered)
}

/// A review as GitHub lists it.
pub(crate) fn review(id: u64, user: &str, state: &str, body: &str, commit: &str) -> Value {
    json!({
        "id": id,
        "node_id": format!("PRR_{id}"),
        "user": {"login": user},
        "body": body,
        "state": state,
        "commit_id": commit,
        "submitted_at": timestamp(id % 1000),
        "author_association": "MEMBER",
    })
}

/// A review comment (on a line of the diff) as GitHub lists it.
pub(crate) fn review_comment(
    id: u64,
    user: &str,
    path: &str,
    line: u64,
    body: &str,
    commit: &str,
) -> Value {
    json!({
        "id": id,
        "node_id": format!("PRRC_{id}"),
        "user": {"login": user},
        "body": body,
        "path": path,
        "line": line,
        "side": "RIGHT",
        "commit_id": commit,
        "diff_hunk": "@@ -1 +1 @@",
        "created_at": timestamp(id % 1000),
    })
}

/// A completed check run as GitHub lists it.
pub(crate) fn check_run(id: u64, name: &str, conclusion: &str, summary: &str, sha: &str) -> Value {
    json!({
        "id": id,
        "name": name,
        "head_sha": sha,
        "status": "completed",
        "conclusion": conclusion,
        "details_url": format!("https://ci.example/runs/{id}"),
        "output": {"title": format!("{name}: {conclusion}"), "summary": summary},
        "app": {"slug": "ci"},
    })
}

impl Pull {
    pub(crate) fn head(&self) -> &str {
        &self.head
    }
    pub(crate) fn reviews_mut(&mut self) -> &mut Vec<Value> {
        &mut self.reviews
    }
    pub(crate) fn comments_mut(&mut self) -> &mut Vec<Value> {
        &mut self.comments
    }
    /// Closed on the forge; `merged` when by its merge button.
    pub(crate) fn close(&mut self, merged: bool) {
        self.open = false;
        self.merged = merged;
    }
}
