//! GitHub Issues over REST: list a repository's issues page by page (the
//! `Link` header's `next`, which must stay on the configured API origin), and
//! write a workstream's state back (close, label, comment). GitHub lists
//! pull requests among issues; they are passed over here.

use crate::error::DispatchError;
use crate::http::{Answer, Api, Http};
use crate::times::normalise_time;
use crate::token::Token;
use compass_core::source::{ExternalIssue, GithubConfig};
use serde::Deserialize;
use std::time::Duration;
use url::Url;

/// Issues per page (GitHub's maximum).
const PER_PAGE: &str = "100";

/// One page of a repository's issues.
#[derive(Debug)]
pub(crate) struct Page {
    pub(crate) issues: Vec<ExternalIssue>,
    pub(crate) pull_requests: u64,
    pub(crate) next: Option<Url>,
    pub(crate) waited: Duration,
}

#[derive(Deserialize)]
struct GhIssue {
    id: u64,
    number: u64,
    title: String,
    body: Option<String>,
    #[serde(default)]
    labels: Vec<GhLabel>,
    state: GhState,
    updated_at: String,
    #[serde(default)]
    html_url: String,
    #[serde(default)]
    pull_request: Option<serde_json::Value>,
}

#[derive(Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
enum GhState {
    Open,
    Closed,
}

/// GitHub documents a label as an object or a bare name.
#[derive(Deserialize)]
#[serde(untagged)]
enum GhLabel {
    Name(String),
    Object { name: String },
}

/// A GitHub repository's issues, as one source sees them.
#[derive(Debug)]
pub(crate) struct Github<'a> {
    pub(crate) http: &'a Http,
    pub(crate) config: &'a GithubConfig,
    pub(crate) token: &'a Token,
}

impl Github<'_> {
    fn base(&self) -> Result<Url, DispatchError> {
        Url::parse(&format!(
            "{}/repos/{}/",
            self.config.api_url, self.config.repo
        ))
        .map_err(|e| DispatchError::Malformed {
            what: "the API URL".into(),
            message: e.to_string(),
        })
    }

    fn issues_url(&self) -> Result<Url, DispatchError> {
        self.base()?
            .join("issues")
            .map_err(|e| DispatchError::Malformed {
                what: "the API URL".into(),
                message: e.to_string(),
            })
    }

    /// The first page of a sync from `cursor`: oldest change first, so the
    /// cursor only moves forward. Without a cursor the state filter applies;
    /// with one every state is asked for, so a closed or reopened issue that
    /// was imported updates in place.
    pub(crate) fn first_page(&self, cursor: Option<&str>) -> Result<Url, DispatchError> {
        let mut url = self.issues_url()?;
        {
            let mut q = url.query_pairs_mut();
            let state = match cursor {
                Some(_) => "all",
                None => self.config.state.as_str(),
            };
            q.append_pair("state", state)
                .append_pair("sort", "updated")
                .append_pair("direction", "asc")
                .append_pair("per_page", PER_PAGE);
            if let Some(c) = cursor {
                q.append_pair("since", c);
            }
            if !self.config.labels.is_empty() {
                q.append_pair("labels", &self.config.labels.join(","));
            }
            if let Some(a) = &self.config.assignee {
                q.append_pair("assignee", a);
            }
        }
        Ok(url)
    }

    /// Fetch one page.
    pub(crate) async fn page(&self, url: &Url) -> Result<Page, DispatchError> {
        let what = format!("GET {}", url.path());
        let (Answer { headers, body }, waited) = self
            .http
            .send(Api::Github, &what, self.token, |c| c.get(url.clone()))
            .await?;
        let raw: Vec<GhIssue> =
            serde_json::from_slice(&body).map_err(|e| DispatchError::Malformed {
                what: what.clone(),
                message: e.to_string(),
            })?;
        let mut issues = Vec::with_capacity(raw.len());
        let mut pull_requests = 0;
        for i in raw {
            if i.pull_request.is_some() {
                pull_requests += 1;
                continue;
            }
            let updated_at =
                normalise_time(&i.updated_at).ok_or_else(|| DispatchError::Malformed {
                    what: what.clone(),
                    message: format!("issue #{} has updated_at {:?}", i.number, i.updated_at),
                })?;
            issues.push(ExternalIssue {
                external_id: i.id.to_string(),
                key: format!("{}#{}", self.config.repo, i.number),
                number: i.number,
                title: i.title,
                body: i.body.unwrap_or_default(),
                labels: i
                    .labels
                    .into_iter()
                    .map(|l| match l {
                        GhLabel::Name(n) | GhLabel::Object { name: n } => n,
                    })
                    .collect(),
                open: i.state == GhState::Open,
                updated_at,
                url: i.html_url,
            });
        }
        let next = self.next_link(&headers, &what, &self.issues_url()?)?;
        Ok(Page {
            issues,
            pull_requests,
            next,
            waited,
        })
    }

    /// The `rel="next"` of a `Link` header; it must point at the list
    /// asked for (`listed`) on the configured origin (the token goes nowhere
    /// else).
    pub(crate) fn next_link(
        &self,
        headers: &reqwest::header::HeaderMap,
        what: &str,
        listed: &Url,
    ) -> Result<Option<Url>, DispatchError> {
        let Some(link) = headers
            .get(reqwest::header::LINK)
            .and_then(|v| v.to_str().ok())
        else {
            return Ok(None);
        };
        let Some(raw) = link.split(',').find_map(|part| {
            let (target, params) = part.trim().split_once(';')?;
            params
                .split(';')
                .any(|p| p.trim() == "rel=\"next\"")
                .then(|| target.trim().trim_start_matches('<').trim_end_matches('>'))
        }) else {
            return Ok(None);
        };
        let bad = |message: String| DispatchError::Malformed {
            what: what.to_owned(),
            message,
        };
        let next = Url::parse(raw).map_err(|e| bad(format!("Link next {raw:?}: {e}")))?;
        if next.origin() != listed.origin() || next.path() != listed.path() {
            return Err(bad(format!(
                "Link next {raw:?} leaves {}; not followed",
                listed.path()
            )));
        }
        Ok(Some(next))
    }

    fn issue_url(&self, number: u64, tail: &[&str]) -> Result<Url, DispatchError> {
        let n = number.to_string();
        let mut path = vec!["issues", n.as_str()];
        path.extend(tail);
        self.repo_url(&path)
    }

    /// `{api}/repos/{owner}/{name}/` then `path`, each segment escaped.
    pub(crate) fn repo_url(&self, path: &[&str]) -> Result<Url, DispatchError> {
        let mut url = self.base()?;
        url.path_segments_mut()
            .map_err(|()| DispatchError::Malformed {
                what: "the API URL".into(),
                message: "cannot carry a path".into(),
            })?
            .pop_if_empty()
            .extend(path);
        Ok(url)
    }

    pub(crate) async fn call(
        &self,
        method: reqwest::Method,
        url: Url,
        body: Option<serde_json::Value>,
    ) -> Result<(), DispatchError> {
        let what = format!("{method} {}", url.path());
        self.http
            .send(Api::Github, &what, self.token, |c| {
                let req = c.request(method.clone(), url.clone());
                match &body {
                    Some(b) => req.json(b),
                    None => req,
                }
            })
            .await
            .map(drop)
    }

    /// Whether issue `number` is still on the tracker: a direct read
    /// answers 410 Gone when it was deleted (404 when the token may not see
    /// where it went), per GitHub's documentation of "Get an issue".
    pub(crate) async fn exists(&self, number: u64) -> Result<bool, DispatchError> {
        let url = self.issue_url(number, &[])?;
        match self.call(reqwest::Method::GET, url, None).await {
            Ok(()) => Ok(true),
            Err(DispatchError::NotFound { .. }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Close an issue as completed.
    pub(crate) async fn close(&self, number: u64) -> Result<(), DispatchError> {
        let url = self.issue_url(number, &[])?;
        let body = serde_json::json!({"state": "closed", "state_reason": "completed"});
        self.call(reqwest::Method::PATCH, url, Some(body)).await
    }

    pub(crate) async fn add_label(&self, number: u64, label: &str) -> Result<(), DispatchError> {
        let url = self.issue_url(number, &["labels"])?;
        let body = serde_json::json!({"labels": [label]});
        self.call(reqwest::Method::POST, url, Some(body)).await
    }

    /// Take a label off; one that is not there is no error.
    pub(crate) async fn remove_label(&self, number: u64, label: &str) -> Result<(), DispatchError> {
        let url = self.issue_url(number, &["labels", label])?;
        match self.call(reqwest::Method::DELETE, url, None).await {
            Err(DispatchError::NotFound { .. }) => Ok(()),
            other => other,
        }
    }

    pub(crate) async fn comment(&self, number: u64, text: &str) -> Result<(), DispatchError> {
        let url = self.issue_url(number, &["comments"])?;
        let body = serde_json::json!({"body": text});
        self.call(reqwest::Method::POST, url, Some(body)).await
    }
}
