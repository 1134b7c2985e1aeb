//! Jira Cloud over REST v3: a project's issues page by page (`GET
//! /rest/api/3/search/jql`, `nextPageToken` until `isLast`), and a
//! workstream's state written back (its `compass:<state>` label, the first
//! transition into the "done" status category, a comment). Jira's quirks,
//! handled here: descriptions and comments are Atlassian Document Format
//! (a JSON tree, read and written as plain text); `updated` carries a
//! `+0000` offset (no colon, not RFC 3339); JQL compares times to the
//! minute in the Jira user's own time zone, so a sync asks from a day
//! before its cursor (a re-read is idempotent) and never skips a change.

use crate::error::DispatchError;
use crate::http::{Api, Http};
use crate::paging::{Page, TokenPaged};
use crate::times::normalise_time;
use crate::token::Token;
use compass_core::source::{ExternalIssue, JiraConfig, StateFilter};
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

/// Issues per page (Jira Cloud answers at most 100 with fields).
const PER_PAGE: &str = "100";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SearchPage {
    #[serde(default)]
    issues: Vec<JiraIssue>,
    next_page_token: Option<String>,
    #[serde(default)]
    is_last: Option<bool>,
}

#[derive(Deserialize)]
struct JiraIssue {
    id: String,
    key: String,
    fields: Fields,
}

#[derive(Deserialize)]
struct Fields {
    summary: String,
    description: Option<Value>,
    #[serde(default)]
    labels: Vec<String>,
    status: Option<Status>,
    updated: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    status_category: Option<Category>,
}

#[derive(Deserialize)]
struct Category {
    key: String,
}

/// Jira's `2026-12-01T10:00:00.000+0000` as RFC 3339 UTC.
pub(crate) fn jira_time(raw: &str) -> Option<String> {
    let fixed = match raw.len().checked_sub(5).map(|i| raw.split_at(i)) {
        Some((head, tail))
            if (tail.starts_with('+') || tail.starts_with('-'))
                && tail[1..].bytes().all(|b| b.is_ascii_digit()) =>
        {
            format!("{head}{}:{}", &tail[..3], &tail[3..])
        }
        _ => raw.to_owned(),
    };
    normalise_time(&fixed)
}

/// The plain text of an Atlassian Document Format tree: its text nodes,
/// block nodes on lines of their own.
pub(crate) fn adf_text(doc: &Value) -> String {
    fn walk(node: &Value, out: &mut String) {
        if let Some(t) = node["text"].as_str() {
            out.push_str(t);
        }
        if node["type"] == "hardBreak" {
            out.push('\n');
        }
        if let Some(children) = node["content"].as_array() {
            for c in children {
                walk(c, out);
            }
            let block = matches!(
                node["type"].as_str(),
                Some("paragraph" | "heading" | "codeBlock" | "listItem" | "blockquote")
            );
            if block && !out.ends_with('\n') {
                out.push('\n');
            }
        }
    }
    let mut out = String::new();
    walk(doc, &mut out);
    out.trim_end().to_owned()
}

/// Plain text as a one-paragraph ADF document.
fn adf(text: &str) -> Value {
    json!({"type": "doc", "version": 1, "content": [
        {"type": "paragraph", "content": [{"type": "text", "text": text}]}
    ]})
}

/// A Jira project's issues, as one source sees them.
#[derive(Debug)]
pub(crate) struct Jira<'a> {
    pub(crate) http: &'a Http,
    pub(crate) config: &'a JiraConfig,
    pub(crate) token: &'a Token,
}

impl Jira<'_> {
    fn url(&self, path: &str) -> Result<Url, DispatchError> {
        Url::parse(&format!("{}/rest/api/3/{path}", self.config.api_url)).map_err(|e| {
            DispatchError::Malformed {
                what: "the API URL".into(),
                message: e.to_string(),
            }
        })
    }

    /// The JQL of a sync from `cursor` (a day early: JQL reads minutes in
    /// the user's time zone), oldest change first.
    fn jql(&self, cursor: Option<&str>) -> String {
        let mut clauses = vec![format!("project = \"{}\"", self.config.project)];
        match cursor.and_then(day_before) {
            Some(since) => clauses.push(format!("updated >= \"{since}\"")),
            None => match self.config.state {
                StateFilter::Open => clauses.push("statusCategory != Done".into()),
                StateFilter::Closed => clauses.push("statusCategory = Done".into()),
                StateFilter::All => {}
            },
        }
        for label in &self.config.labels {
            clauses.push(format!("labels = \"{}\"", jql_escape(label)));
        }
        if let Some(a) = &self.config.assignee {
            clauses.push(format!("assignee = \"{}\"", jql_escape(a)));
        }
        format!("{} ORDER BY updated ASC, key ASC", clauses.join(" AND "))
    }

    /// Fetch the page after `token` of a sync from `cursor`.
    async fn issues_page(
        &self,
        cursor: Option<&str>,
        after: Option<&str>,
    ) -> Result<Page, DispatchError> {
        let mut url = self.url("search/jql")?;
        {
            let mut q = url.query_pairs_mut();
            q.append_pair("jql", &self.jql(cursor))
                .append_pair("fields", "summary,description,labels,status,updated")
                .append_pair("maxResults", PER_PAGE);
            if let Some(t) = after {
                q.append_pair("nextPageToken", t);
            }
        }
        let what = "GET /rest/api/3/search/jql".to_owned();
        let (answer, waited) = self
            .http
            .send(Api::Jira, &what, self.token, |c| c.get(url.clone()))
            .await?;
        let malformed = |message: String| DispatchError::Malformed {
            what: what.clone(),
            message,
        };
        let page: SearchPage =
            serde_json::from_slice(&answer.body).map_err(|e| malformed(e.to_string()))?;
        let mut issues = Vec::with_capacity(page.issues.len());
        for i in page.issues {
            let updated_at = jira_time(&i.fields.updated).ok_or_else(|| {
                malformed(format!("{} has updated {:?}", i.key, i.fields.updated))
            })?;
            let number = i
                .key
                .rsplit_once('-')
                .and_then(|(_, n)| n.parse::<u64>().ok())
                .ok_or_else(|| malformed(format!("issue key {:?} has no number", i.key)))?;
            let done = i
                .fields
                .status
                .and_then(|s| s.status_category)
                .is_some_and(|c| c.key == "done");
            issues.push(ExternalIssue {
                external_id: i.id,
                url: format!("{}/browse/{}", self.config.api_url, i.key),
                key: i.key,
                number,
                title: i.fields.summary,
                body: i
                    .fields
                    .description
                    .as_ref()
                    .map(adf_text)
                    .unwrap_or_default(),
                labels: i.fields.labels,
                open: !done,
                updated_at,
            });
        }
        let next = match (page.is_last, page.next_page_token) {
            (Some(true), _) | (_, None) => None,
            (_, Some(t)) => Some(t),
        };
        Ok(Page {
            issues,
            next,
            waited,
        })
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Vec<u8>, DispatchError> {
        let url = self.url(path)?;
        let what = format!("{method} {}", url.path());
        self.http
            .send(Api::Jira, &what, self.token, |c| {
                let req = c.request(method.clone(), url.clone());
                match &body {
                    Some(b) => req.json(b),
                    None => req,
                }
            })
            .await
            .map(|(a, _)| a.body)
    }

    /// Swap the issue's `remove` label for `add` (Jira makes labels on use).
    pub(crate) async fn relabel(
        &self,
        key: &str,
        remove: &str,
        add: &str,
    ) -> Result<(), DispatchError> {
        let body = json!({"update": {"labels": [{"remove": remove}, {"add": add}]}});
        self.call(reqwest::Method::PUT, &format!("issue/{key}"), Some(body))
            .await
            .map(drop)
    }

    /// Take the issue's first transition into the "done" status category.
    pub(crate) async fn complete(&self, key: &str) -> Result<(), DispatchError> {
        let path = format!("issue/{key}/transitions");
        let body = self.call(reqwest::Method::GET, &path, None).await?;
        let v: Value = serde_json::from_slice(&body).map_err(|e| DispatchError::Malformed {
            what: format!("GET {path}"),
            message: e.to_string(),
        })?;
        let id = v["transitions"]
            .as_array()
            .and_then(|ts| {
                ts.iter()
                    .find(|t| t["to"]["statusCategory"]["key"] == "done")
                    .and_then(|t| t["id"].as_str())
            })
            .ok_or_else(|| DispatchError::NotFound {
                what: format!("a transition of {key} into a done status"),
            })?
            .to_owned();
        self.call(
            reqwest::Method::POST,
            &path,
            Some(json!({"transition": {"id": id}})),
        )
        .await
        .map(drop)
    }

    pub(crate) async fn comment(&self, key: &str, text: &str) -> Result<(), DispatchError> {
        self.call(
            reqwest::Method::POST,
            &format!("issue/{key}/comment"),
            Some(json!({"body": adf(text)})),
        )
        .await
        .map(drop)
    }
}

/// A JQL date (`yyyy/MM/dd HH:mm`) a day before an RFC 3339 cursor.
fn day_before(cursor: &str) -> Option<String> {
    use time::format_description::well_known::Rfc3339;
    let t = time::OffsetDateTime::parse(cursor, &Rfc3339).ok()? - time::Duration::days(1);
    let f = time::macros::format_description!("[year]/[month]/[day] [hour]:[minute]");
    t.format(&f).ok()
}

/// A value inside a JQL double-quoted string.
fn jql_escape(raw: &str) -> String {
    raw.replace('\\', "\\\\").replace('"', "\\\"")
}

impl TokenPaged for Jira<'_> {
    const OLDEST_FIRST: bool = true;
    const WHAT: &'static str = "GET /rest/api/3/search/jql";

    async fn page(&self, cursor: Option<&str>, after: Option<&str>) -> Result<Page, DispatchError> {
        self.issues_page(cursor, after).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jira_times_become_rfc3339_utc() {
        assert_eq!(
            jira_time("2026-12-01T10:00:00.000+0100").as_deref(),
            Some("2026-12-01T09:00:00Z")
        );
        assert_eq!(jira_time("yesterday"), None);
    }

    #[test]
    fn adf_reads_as_plain_text() {
        let doc = json!({"type": "doc", "version": 1, "content": [
            {"type": "paragraph", "content": [{"type": "text", "text": "first"}, {"type": "hardBreak"}, {"type": "text", "text": "line"}]},
            {"type": "paragraph", "content": [{"type": "text", "text": "second"}]}
        ]});
        assert_eq!(adf_text(&doc), "first\nline\nsecond");
    }

    #[test]
    fn cursors_ask_from_a_day_before_to_the_minute() {
        assert_eq!(
            day_before("2026-12-02T10:30:59Z").as_deref(),
            Some("2026/12/01 10:30")
        );
    }
}
