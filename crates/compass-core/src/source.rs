//! Issue sources: the trackers a project's issues come from besides the local
//! store, how each is configured, and the one issue shape every tracker's
//! answer is normalised to before the store sees it.
//!
//! A source names the secret that holds its token; the token itself never
//! enters this type, the store, argv or an event.

use crate::id::{ProjectId, SourceId};
use crate::issue::{IssueFieldError, check_fields};
use crate::workstream::WorkstreamState;
use serde::{Deserialize, Serialize};

/// Where GitHub's REST API lives unless a source says otherwise.
pub const GITHUB_API: &str = "https://api.github.com";
/// Where Linear's GraphQL API lives (`POST {LINEAR_API}/graphql`).
pub const LINEAR_API: &str = "https://api.linear.app";
/// The label a workstream's state puts on its source issue (two-way sync).
pub const LABEL_PREFIX: &str = "compass:";
/// Most label filters one source takes.
pub const MAX_FILTER_LABELS: usize = 16;

/// Which tracker a source speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    Github,
    Linear,
    Jira,
}

impl SourceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Github => "github",
            Self::Linear => "linear",
            Self::Jira => "jira",
        }
    }
}

/// Which issues a tracker hands over by their state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StateFilter {
    #[default]
    Open,
    Closed,
    All,
}

impl StateFilter {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Closed => "closed",
            Self::All => "all",
        }
    }
}

/// A GitHub repository's issues.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GithubConfig {
    /// `OWNER/NAME`, checked by [`check_repo`].
    pub repo: String,
    /// The REST base URL (GitHub Enterprise: `https://HOST/api/v3`), checked
    /// by [`check_api_url`].
    pub api_url: String,
    /// Only issues carrying every one of these labels.
    pub labels: Vec<String>,
    /// Only issues assigned to this login (`none`, `*` as GitHub reads them).
    pub assignee: Option<String>,
    pub state: StateFilter,
}

/// A Linear team's issues.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinearConfig {
    /// The team's key (`ENG`), checked by [`check_team`].
    pub team: String,
    /// The API origin (`POST …/graphql`), checked by [`check_api_url`].
    pub api_url: String,
    /// Only issues carrying every one of these labels.
    pub labels: Vec<String>,
    /// Only issues assigned to this email.
    pub assignee: Option<String>,
    /// Open: not completed or canceled in the team's workflow.
    pub state: StateFilter,
}

/// A Jira project's issues (Jira Cloud's REST v3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JiraConfig {
    /// The project's key (`ENG`), checked by [`check_project_key`].
    pub project: String,
    /// The site (`https://SITE.atlassian.net`), checked by [`check_api_url`].
    pub api_url: String,
    /// Only issues carrying every one of these labels.
    pub labels: Vec<String>,
    /// Only issues assigned to this account id.
    pub assignee: Option<String>,
    /// Open: not in the "done" status category.
    pub state: StateFilter,
}

/// What a source is, per tracker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SourceConfig {
    Github(GithubConfig),
    Linear(LinearConfig),
    Jira(JiraConfig),
}

impl SourceConfig {
    pub fn kind(&self) -> SourceKind {
        match self {
            Self::Github(_) => SourceKind::Github,
            Self::Linear(_) => SourceKind::Linear,
            Self::Jira(_) => SourceKind::Jira,
        }
    }

    /// What the user reads: `github:OWNER/NAME`, `linear:TEAM`.
    pub fn describe(&self) -> String {
        match self {
            Self::Github(g) => format!("github:{}", g.repo),
            Self::Linear(l) => format!("linear:{}", l.team),
            Self::Jira(j) => format!("jira:{}", j.project),
        }
    }

    /// The issue states the source imports on a first sync.
    pub fn state(&self) -> StateFilter {
        self.filters().3
    }

    /// What every tracker's source has: its API URL, label filters,
    /// assignee filter and state filter.
    pub fn filters(&self) -> (&str, &[String], Option<&str>, StateFilter) {
        match self {
            Self::Github(g) => (&g.api_url, &g.labels, g.assignee.as_deref(), g.state),
            Self::Linear(l) => (&l.api_url, &l.labels, l.assignee.as_deref(), l.state),
            Self::Jira(j) => (&j.api_url, &j.labels, j.assignee.as_deref(), j.state),
        }
    }
}

/// What a workstream's state change writes back to its source issue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Writeback {
    /// Close the issue when its workstream merges.
    pub state: bool,
    /// Keep one `compass:<state>` label on the issue.
    pub labels: bool,
    /// Comment on each state change (off unless asked for: it notifies
    /// everyone watching the issue).
    pub comments: bool,
}

impl Default for Writeback {
    fn default() -> Self {
        Self {
            state: true,
            labels: true,
            comments: false,
        }
    }
}

/// One thing written back to a source issue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WritebackAction {
    Close,
    Label,
    Comment,
}

impl WritebackAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Close => "close",
            Self::Label => "label",
            Self::Comment => "comment",
        }
    }
}

/// The label a state puts on the source issue, if any.
pub fn state_label(state: WorkstreamState) -> String {
    format!("{LABEL_PREFIX}{}", state.as_str().replace('_', "-"))
}

/// How the last sync went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Health {
    /// Never synced.
    New,
    Ok,
    /// The last sync failed; what it imported before stays.
    Failing,
}

impl Health {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Ok => "ok",
            Self::Failing => "failing",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::New, Self::Ok, Self::Failing]
            .into_iter()
            .find(|h| h.as_str() == raw)
    }
}

/// A stored source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub id: SourceId,
    pub project_id: ProjectId,
    pub config: SourceConfig,
    /// The secret holding the token (its name, never its value).
    pub token_secret: String,
    pub writeback: Writeback,
    /// Where the next incremental sync starts (the tracker's own
    /// updated-at of the newest issue seen).
    pub cursor: Option<String>,
    pub health: Health,
    pub last_error: String,
    pub last_sync_ms: Option<i64>,
    pub created_at_ms: i64,
    /// Issues imported from it.
    pub issues: u64,
}

/// An issue as a tracker reported it, normalised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExternalIssue {
    /// The tracker's stable id (GitHub's numeric `id`).
    pub external_id: String,
    /// What people call it: `OWNER/NAME#12`.
    pub key: String,
    /// The tracker's number (GitHub) used to address it when writing back.
    pub number: u64,
    pub title: String,
    pub body: String,
    pub labels: Vec<String>,
    pub open: bool,
    /// The tracker's updated-at (RFC 3339), the sync cursor's unit.
    pub updated_at: String,
    pub url: String,
}

impl ExternalIssue {
    /// Whether the local store can hold it as it is.
    pub fn check(&self) -> Result<(), IssueFieldError> {
        check_fields(&self.title, &self.body, &self.labels)
    }
}

/// An issue a sync could not import, and why (it is retried when the
/// tracker reports it changed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    pub key: String,
    pub reason: String,
}

/// Why a source's fields were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceFieldError {
    #[error("{0:?} must be OWNER/NAME (letters, digits, '-', '_', '.')")]
    BadRepo(String),
    #[error(
        "{0:?} must be a Linear team key: an upper-case letter, then up to 9 upper-case letters, digits or '_'"
    )]
    BadTeam(String),
    #[error(
        "{0:?} must be a Jira project key: an upper-case letter, then 1 to 9 upper-case letters, digits or '_'"
    )]
    BadProjectKey(String),
    #[error("{url:?}: {why}")]
    BadApiUrl { url: String, why: &'static str },
    #[error("{0:?} must be 1-100 printable characters")]
    BadFilter(String),
    #[error("{count} label filters given; the limit is {MAX_FILTER_LABELS}")]
    TooManyLabels { count: usize },
}

fn slug_part(part: &str, max: usize) -> bool {
    !part.is_empty()
        && part.len() <= max
        && !part.starts_with(['.', '-'])
        && part
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// `OWNER/NAME` as GitHub allows them.
pub fn check_repo(raw: &str) -> Result<(), SourceFieldError> {
    match raw.split_once('/') {
        Some((owner, name)) if slug_part(owner, 39) && slug_part(name, 100) && name != ".." => {
            Ok(())
        }
        _ => Err(SourceFieldError::BadRepo(raw.to_owned())),
    }
}

/// A Linear team key as Linear makes them (`ENG`, `WEB2`).
pub fn check_team(raw: &str) -> Result<(), SourceFieldError> {
    let mut chars = raw.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_uppercase());
    let rest_ok = chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if first_ok && rest_ok && raw.len() <= 10 {
        Ok(())
    } else {
        Err(SourceFieldError::BadTeam(raw.to_owned()))
    }
}

/// A Jira project key as Jira makes them (`ENG`, `WEB2`).
pub fn check_project_key(raw: &str) -> Result<(), SourceFieldError> {
    match check_team(raw) {
        Ok(()) if raw.len() >= 2 => Ok(()),
        _ => Err(SourceFieldError::BadProjectKey(raw.to_owned())),
    }
}

/// An API base URL: https (plain http only to a loopback address, so a
/// token never crosses a network in the clear), no credentials, query or
/// fragment. Returns it without a trailing `/`.
pub fn check_api_url(raw: &str) -> Result<String, SourceFieldError> {
    let bad = |why| SourceFieldError::BadApiUrl {
        url: raw.to_owned(),
        why,
    };
    let url = url::Url::parse(raw).map_err(|_| bad("is not a URL"))?;
    let loopback = match url.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(d)) => d == "localhost",
        None => return Err(bad("has no host")),
    };
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        "http" => return Err(bad("must be https (plain http only to a loopback address)")),
        _ => return Err(bad("must be an https URL")),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad("must not carry credentials (use --token-secret)"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(bad("must not have a query or fragment"));
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// A filter value (label, assignee): one printable line.
pub fn check_filter(raw: &str) -> Result<(), SourceFieldError> {
    if raw.is_empty() || raw.chars().count() > 100 || raw.chars().any(char::is_control) {
        return Err(SourceFieldError::BadFilter(raw.to_owned()));
    }
    Ok(())
}

/// The label and assignee filters every tracker's source takes.
fn check_filters(labels: &[String], assignee: Option<&String>) -> Result<(), SourceFieldError> {
    if labels.len() > MAX_FILTER_LABELS {
        return Err(SourceFieldError::TooManyLabels {
            count: labels.len(),
        });
    }
    labels
        .iter()
        .chain(assignee)
        .try_for_each(|l| check_filter(l))
}

impl GithubConfig {
    /// Check every field; the API URL comes back normalised.
    pub fn checked(mut self) -> Result<Self, SourceFieldError> {
        check_repo(&self.repo)?;
        self.api_url = check_api_url(&self.api_url)?;
        check_filters(&self.labels, self.assignee.as_ref())?;
        Ok(self)
    }
}

impl JiraConfig {
    /// Check every field; the API URL comes back normalised.
    pub fn checked(mut self) -> Result<Self, SourceFieldError> {
        check_project_key(&self.project)?;
        self.api_url = check_api_url(&self.api_url)?;
        check_filters(&self.labels, self.assignee.as_ref())?;
        Ok(self)
    }
}

impl LinearConfig {
    /// Check every field; the API URL comes back normalised.
    pub fn checked(mut self) -> Result<Self, SourceFieldError> {
        check_team(&self.team)?;
        self.api_url = check_api_url(&self.api_url)?;
        check_filters(&self.labels, self.assignee.as_ref())?;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repos_are_owner_slash_name() {
        assert!(check_repo("octo/hello-world.rs").is_ok());
        for bad in [
            "octo", "/x", "octo/", "a/b/c", "octo/..", "-x/y", "o/x y", "o/x\n",
        ] {
            assert!(check_repo(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn api_urls_keep_tokens_off_the_wire_in_the_clear() {
        assert_eq!(
            check_api_url("https://ghe.example.com/api/v3/").unwrap(),
            "https://ghe.example.com/api/v3"
        );
        assert!(check_api_url("http://127.0.0.1:8080").is_ok());
        assert!(check_api_url("http://localhost:1").is_ok());
        for bad in [
            "http://example.com",
            "ftp://127.0.0.1",
            "https://u:p@example.com",
            "https://example.com/?x=1",
            "not a url",
        ] {
            assert!(check_api_url(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn team_keys_are_linear_shaped() {
        for good in ["ENG", "W2", "A_B"] {
            assert!(check_team(good).is_ok(), "{good:?}");
        }
        for bad in ["", "eng", "2X", "ENG-1", "ENG ", "ABCDEFGHIJK", "-E"] {
            assert!(check_team(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn state_labels_are_stable() {
        assert_eq!(state_label(WorkstreamState::InReview), "compass:in-review");
    }
}
