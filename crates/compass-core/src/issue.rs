//! Issues in the local store: the work the Dispatcher hands out.

use crate::id::{IssueId, ProjectId};
use serde::{Deserialize, Serialize};

pub const MAX_TITLE_LEN: usize = 300;
pub const MAX_BODY_LEN: usize = 256 * 1024;
pub const MAX_LABELS: usize = 32;
pub const MAX_LABEL_LEN: usize = 50;

/// Linear-style priority: 0 none, 1 urgent … 4 low.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    None,
    Urgent,
    High,
    Medium,
    Low,
}

impl Priority {
    pub const ALL: [Self; 5] = [
        Self::None,
        Self::Urgent,
        Self::High,
        Self::Medium,
        Self::Low,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Urgent => "urgent",
            Self::High => "high",
            Self::Medium => "medium",
            Self::Low => "low",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == raw)
    }
}

/// A stored issue. `key` is `<project>-<n>`, unique and stable: it names the
/// workstream branch `compass/<agent>/<key>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Issue {
    pub id: IssueId,
    pub project_id: ProjectId,
    pub key: String,
    pub title: String,
    pub body: String,
    pub labels: Vec<String>,
    pub parent: Option<IssueId>,
    pub priority: Priority,
    pub created_at_ms: i64,
}

/// Why issue fields were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IssueFieldError {
    #[error("must not be empty")]
    EmptyTitle,
    #[error("is {len} characters; the limit is {MAX_TITLE_LEN}")]
    TitleTooLong { len: usize },
    #[error("must be one line with no control characters")]
    TitleControl,
    #[error("is {len} bytes; the limit is {MAX_BODY_LEN}")]
    BodyTooLong { len: usize },
    #[error("{count} given; the limit is {MAX_LABELS}")]
    TooManyLabels { count: usize },
    #[error("{label:?} must be 1-{MAX_LABEL_LEN} printable characters without ','")]
    BadLabel { label: String },
}

/// Validate the user-supplied parts of an issue.
pub fn check_fields(title: &str, body: &str, labels: &[String]) -> Result<(), IssueFieldError> {
    if title.trim().is_empty() {
        return Err(IssueFieldError::EmptyTitle);
    }
    let len = title.chars().count();
    if len > MAX_TITLE_LEN {
        return Err(IssueFieldError::TitleTooLong { len });
    }
    if title.chars().any(char::is_control) {
        return Err(IssueFieldError::TitleControl);
    }
    if body.len() > MAX_BODY_LEN {
        return Err(IssueFieldError::BodyTooLong { len: body.len() });
    }
    if labels.len() > MAX_LABELS {
        return Err(IssueFieldError::TooManyLabels {
            count: labels.len(),
        });
    }
    if let Some(label) = labels.iter().find(|l| {
        l.is_empty()
            || l.chars().count() > MAX_LABEL_LEN
            || l.contains(',')
            || l.chars().any(char::is_control)
            || l.trim() != l.as_str()
    }) {
        return Err(IssueFieldError::BadLabel {
            label: label.clone(),
        });
    }
    Ok(())
}

/// The issue key for the `n`th issue of a project.
pub fn issue_key(project: &str, n: i64) -> String {
    format!("{project}-{n}")
}
