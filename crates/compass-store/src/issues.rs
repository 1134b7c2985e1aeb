//! Issues in the local store, keyed `<project>-<n>`.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use crate::projects;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{IssueId, ProjectId};
use compass_core::issue::{Issue, Priority, issue_key};
use rusqlite::{Connection, OptionalExtension, Row, params};

/// A new issue; fields validated by `compass_core::issue::check_fields`.
#[derive(Debug, Clone)]
pub struct NewIssue {
    pub project: String,
    pub title: String,
    pub body: String,
    pub labels: Vec<String>,
    /// Parent issue id or key (same project).
    pub parent: Option<String>,
    pub priority: Priority,
}

const COLUMNS: &str =
    "id, project_id, key, title, body, labels, parent_id, priority, created_at_ms";

/// Create an issue and emit `IssueCreated`.
pub fn create(tx: &mut Tx<'_>, mut new: NewIssue) -> Result<Issue> {
    scrub_fields(tx, &mut new.title, &mut new.body, &mut new.labels);
    compass_core::issue::check_fields(&new.title, &new.body, &new.labels)
        .map_err(|e| StoreError::invalid("issue", e))?;
    let conn = tx.conn();
    let project = projects::get(conn, &new.project)?;
    let project_row = project
        .id
        .row()
        .ok_or_else(|| StoreError::corrupt("project id", &project.id))?;
    let parent = match &new.parent {
        Some(key) => {
            let parent = get(conn, key).map_err(|e| match e {
                StoreError::NotFound { key, .. } => {
                    StoreError::invalid("parent", format!("no issue {key:?}"))
                }
                other => other,
            })?;
            if parent.project_id != project.id {
                return Err(StoreError::invalid(
                    "parent",
                    format!("issue {} is in another project", parent.key),
                ));
            }
            Some(parent.id)
        }
        None => None,
    };
    let number: i64 = conn
        .query_row(
            "SELECT COALESCE(MAX(number), 0) + 1 FROM issues WHERE project_id = ?1",
            [project_row],
            |r| r.get(0),
        )
        .map_err(StoreError::sql("numbering an issue"))?;
    let key = issue_key(project.name.as_str(), number);
    let labels = serde_json::to_string(&new.labels)
        .map_err(|e| StoreError::corrupt("encoding labels", e))?;
    conn.execute(
        &format!("INSERT INTO issues (number, {COLUMNS}) VALUES (?1, NULL, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
        params![
            number,
            project_row,
            key,
            new.title,
            new.body,
            labels,
            parent.as_ref().and_then(IssueId::row),
            new.priority.as_str(),
            tx.now_ms()
        ],
    )
    .map_err(StoreError::sql("inserting an issue"))?;
    let issue = Issue {
        id: IssueId::from_row(conn.last_insert_rowid()),
        project_id: project.id,
        key,
        title: new.title,
        body: new.body,
        labels: new.labels,
        parent,
        priority: new.priority,
        created_at_ms: tx.now_ms(),
    };
    tx.emit(NewEvent {
        scope: Scope {
            project_id: Some(issue.project_id.clone()),
            ..Scope::default()
        },
        kind: EventKind::IssueCreated {
            issue: issue.clone(),
        },
    })?;
    Ok(issue)
}

fn decode(r: &Row<'_>) -> rusqlite::Result<(Issue, String, String)> {
    let labels: String = r.get(5)?;
    let priority: String = r.get(7)?;
    Ok((
        Issue {
            id: IssueId::from_row(r.get(0)?),
            project_id: ProjectId::from_row(r.get(1)?),
            key: r.get(2)?,
            title: r.get(3)?,
            body: r.get(4)?,
            labels: Vec::new(),
            parent: r.get::<_, Option<i64>>(6)?.map(IssueId::from_row),
            priority: Priority::None,
            created_at_ms: r.get(8)?,
        },
        labels,
        priority,
    ))
}

fn finish((mut issue, labels, priority): (Issue, String, String)) -> Result<Issue> {
    issue.labels =
        serde_json::from_str(&labels).map_err(|e| StoreError::corrupt("issue labels", e))?;
    issue.priority = Priority::parse(&priority)
        .ok_or_else(|| StoreError::corrupt("issue priority", &priority))?;
    Ok(issue)
}

/// An issue by id or key.
pub fn get(conn: &Connection, key: &str) -> Result<Issue> {
    let row = IssueId(key.to_owned()).row().unwrap_or(-1);
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM issues WHERE id = ?1 OR key = ?2"),
        params![row, key],
        decode,
    )
    .optional()
    .map_err(StoreError::sql("reading an issue"))?
    .map(finish)
    .transpose()?
    .ok_or_else(|| StoreError::NotFound {
        what: "issue",
        key: key.to_owned(),
    })
}

/// A project's issues, oldest first.
pub fn list(conn: &Connection, project: &str) -> Result<Vec<Issue>> {
    let project = projects::get(conn, project)?;
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM issues WHERE project_id = ?1 ORDER BY number"
        ))
        .map_err(StoreError::sql("listing issues"))?;
    let rows: Vec<_> = stmt
        .query_map([project.id.row()], decode)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing issues"))?;
    rows.into_iter().map(finish).collect()
}

/// Take secrets out of an issue's text before it is stored: agents file
/// issues (the Dispatcher's `file_issue`) and trackers carry anyone's text,
/// and both are shown on the board and may become a pull request's.
fn scrub_fields(tx: &Tx<'_>, title: &mut String, body: &mut String, labels: &mut [String]) {
    tx.scrub(title);
    tx.scrub(body);
    for label in labels {
        tx.scrub(label);
    }
}

/// Replace an issue's title, body and labels (a tracker edited it) and emit
/// `IssueUpdated`. Its key, parent and workstream stay.
pub fn update_fields(
    tx: &mut Tx<'_>,
    id: &IssueId,
    mut title: String,
    mut body: String,
    mut labels: Vec<String>,
) -> Result<Issue> {
    scrub_fields(tx, &mut title, &mut body, &mut labels);
    compass_core::issue::check_fields(&title, &body, &labels)
        .map_err(|e| StoreError::invalid("issue", e))?;
    let mut issue = get(tx.conn(), id.as_str())?;
    let encoded =
        serde_json::to_string(&labels).map_err(|e| StoreError::corrupt("encoding labels", e))?;
    tx.conn()
        .execute(
            "UPDATE issues SET title = ?1, body = ?2, labels = ?3 WHERE id = ?4",
            params![title, body, encoded, id.row()],
        )
        .map_err(StoreError::sql("updating an issue"))?;
    issue.title = title;
    issue.body = body;
    issue.labels = labels;
    tx.emit(NewEvent {
        scope: Scope {
            project_id: Some(issue.project_id.clone()),
            ..Scope::default()
        },
        kind: EventKind::IssueUpdated {
            issue: issue.clone(),
        },
    })?;
    Ok(issue)
}
