//! Issue sources and the links from imported issues to their tracker. A
//! sync commits page by page: the issues of a page and the cursor after it
//! land together, so a sync that stops half-way resumes where it stopped and
//! nothing it imported is lost.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use crate::issues::{self, NewIssue};
use crate::projects;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{IssueId, ProjectId, SourceId};
use compass_core::issue::Priority;
use compass_core::proposal::Stale;
use compass_core::source::{
    ExternalIssue, Health, Skipped, Source, SourceConfig, StateFilter, Writeback,
};
use rusqlite::{Connection, OptionalExtension, Row, params};

/// A source before it is stored; fields already checked.
#[derive(Debug, Clone)]
pub struct NewSource {
    pub project: String,
    pub config: SourceConfig,
    pub token_secret: String,
    pub writeback: Writeback,
}

/// What one committed page did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageOutcome {
    pub created: u64,
    pub updated: u64,
    pub unchanged: u64,
    pub skipped: Vec<Skipped>,
}

/// Where an imported issue lives in its tracker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub issue_id: IssueId,
    pub source_id: SourceId,
    pub external_id: String,
    pub key: String,
    pub number: u64,
    pub url: String,
    pub open: bool,
    /// Deleted from its tracker (see [`record_probe`]).
    pub gone: bool,
}

const COLUMNS: &str = "s.id, s.project_id, s.config, s.token_secret, s.writeback, s.cursor, \
     s.health, s.last_error, s.last_sync_ms, s.created_at_ms, \
     (SELECT COUNT(*) FROM issue_links l WHERE l.source_id = s.id)";

fn encode<T: serde::Serialize>(what: &'static str, v: &T) -> Result<String> {
    serde_json::to_string(v).map_err(|e| StoreError::corrupt(what, e))
}

/// A JSON column, a decoding failure reported as the column's.
fn json<T: serde::de::DeserializeOwned>(r: &Row<'_>, i: usize) -> rusqlite::Result<T> {
    let raw: String = r.get(i)?;
    serde_json::from_str(&raw).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
    })
}

fn decode(r: &Row<'_>) -> rusqlite::Result<Source> {
    let health: String = r.get(6)?;
    Ok(Source {
        id: SourceId::from_row(r.get(0)?),
        project_id: ProjectId::from_row(r.get(1)?),
        config: json(r, 2)?,
        token_secret: r.get(3)?,
        writeback: json(r, 4)?,
        cursor: r.get(5)?,
        health: Health::parse(&health).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(
                6,
                rusqlite::types::Type::Text,
                format!("unknown source health {health:?}").into(),
            )
        })?,
        last_error: r.get(7)?,
        last_sync_ms: r.get(8)?,
        created_at_ms: r.get(9)?,
        issues: u64::try_from(r.get::<_, i64>(10)?).unwrap_or(0),
    })
}

fn query(conn: &Connection, filter: &str, args: impl rusqlite::Params) -> Result<Vec<Source>> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM sources s {filter} ORDER BY s.id"
        ))
        .map_err(StoreError::sql("listing sources"))?;
    stmt.query_map(args, decode)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing sources"))
}

fn scope(project: &ProjectId) -> Scope {
    Scope {
        project_id: Some(project.clone()),
        ..Scope::default()
    }
}

/// Add a source to a project and emit `SourceAdded`.
pub fn create(tx: &mut Tx<'_>, new: NewSource) -> Result<Source> {
    let conn = tx.conn();
    let project = projects::get(conn, &new.project)?;
    let target = new.config.describe();
    let taken: Option<i64> = conn
        .query_row(
            "SELECT id FROM sources WHERE project_id = ?1 AND target = ?2",
            params![project.id.row(), target],
            |r| r.get(0),
        )
        .optional()
        .map_err(StoreError::sql("reading a source"))?;
    if taken.is_some() {
        return Err(StoreError::AlreadyExists {
            what: "source",
            key: format!("{target} in {}", project.name),
        });
    }
    conn.execute(
        "INSERT INTO sources (project_id, target, config, token_secret, writeback, health, created_at_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            project.id.row(),
            target,
            encode("source config", &new.config)?,
            new.token_secret,
            encode("source writeback", &new.writeback)?,
            Health::New.as_str(),
            tx.now_ms(),
        ],
    )
    .map_err(StoreError::sql("inserting a source"))?;
    let source = get(conn, &SourceId::from_row(conn.last_insert_rowid()).0)?;
    tx.emit(NewEvent {
        scope: scope(&source.project_id),
        kind: EventKind::SourceAdded {
            source: source.clone(),
        },
    })?;
    Ok(source)
}

/// A source by id (`src_3`) or by what it reads (`github:OWNER/NAME`); the
/// latter must be unambiguous across projects.
pub fn get(conn: &Connection, key: &str) -> Result<Source> {
    let not_found = || StoreError::NotFound {
        what: "source",
        key: key.to_owned(),
    };
    let mut found = match SourceId(key.to_owned()).row() {
        Some(row) => query(conn, "WHERE s.id = ?1", [row])?,
        None => query(conn, "WHERE s.target = ?1", [key])?,
    };
    match found.len() {
        0 => Err(not_found()),
        1 => found.pop().ok_or_else(not_found),
        _ => Err(StoreError::Conflict(format!(
            "{key} is a source of several projects; name it by id (`compass source list`)"
        ))),
    }
}

/// Sources, oldest first: one project's (id or name), or all.
pub fn list(conn: &Connection, project: Option<&str>) -> Result<Vec<Source>> {
    match project {
        Some(p) => {
            let project = projects::get(conn, p)?;
            query(conn, "WHERE s.project_id = ?1", [project.id.row()])
        }
        None => query(conn, "", []),
    }
}

/// Remove a source. The issues it imported stay, as local issues.
pub fn remove(tx: &mut Tx<'_>, key: &str) -> Result<Source> {
    let source = get(tx.conn(), key)?;
    let row = source.id.row();
    tx.conn()
        .execute("DELETE FROM issue_links WHERE source_id = ?1", [row])
        .map_err(StoreError::sql("unlinking a source's issues"))?;
    tx.conn()
        .execute("DELETE FROM sources WHERE id = ?1", [row])
        .map_err(StoreError::sql("removing a source"))?;
    tx.emit(NewEvent {
        scope: scope(&source.project_id),
        kind: EventKind::SourceRemoved {
            source_id: source.id.clone(),
            name: source.config.describe(),
        },
    })?;
    Ok(source)
}

fn link_by_external(
    conn: &Connection,
    source: &SourceId,
    external_id: &str,
) -> Result<Option<Link>> {
    find_link(
        conn,
        "source_id = ?1 AND external_id = ?2",
        params![source.row(), external_id],
    )
}

fn find_link(conn: &Connection, filter: &str, args: impl rusqlite::Params) -> Result<Option<Link>> {
    conn.query_row(
        &format!(
            "SELECT issue_id, source_id, external_id, external_key, number, url, open, gone \
             FROM issue_links WHERE {filter}"
        ),
        args,
        |r| {
            Ok(Link {
                issue_id: IssueId::from_row(r.get(0)?),
                source_id: SourceId::from_row(r.get(1)?),
                external_id: r.get(2)?,
                key: r.get(3)?,
                number: u64::try_from(r.get::<_, i64>(4)?).unwrap_or(0),
                url: r.get(5)?,
                open: r.get(6)?,
                gone: r.get(7)?,
            })
        },
    )
    .optional()
    .map_err(StoreError::sql("reading an issue link"))
}

/// Where an issue came from, if it was imported.
pub fn link_of(conn: &Connection, issue: &IssueId) -> Result<Option<Link>> {
    find_link(conn, "issue_id = ?1", [issue.row()])
}

/// The issues of `project` closed on their tracker (as the last sync or
/// writeback read them) or gone from it, and which: out of the backlog the
/// Dispatcher proposes from.
pub fn closed_issues(
    conn: &Connection,
    project: &ProjectId,
) -> Result<std::collections::BTreeMap<IssueId, Stale>> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT l.issue_id, l.gone FROM issue_links l JOIN issues i ON i.id = l.issue_id \
             WHERE (l.open = 0 OR l.gone = 1) AND i.project_id = ?1",
        )
        .map_err(StoreError::sql("listing closed issues"))?;
    stmt.query_map([project.row()], |r| {
        let why = if r.get::<_, bool>(1)? {
            Stale::Gone
        } else {
            Stale::Closed
        };
        Ok((IssueId::from_row(r.get(0)?), why))
    })
    .and_then(Iterator::collect)
    .map_err(StoreError::sql("listing closed issues"))
}

/// Issue numbers of `source` to read one by one at its sync, whether they
/// still exist: open here, not known gone, with an open proposal (the ones
/// a user may act on; at most `limit`, least recently read first, so each
/// is read in turn however many there are; see [`record_probe`]).
pub fn proposed_numbers(conn: &Connection, source: &SourceId, limit: u32) -> Result<Vec<u64>> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT l.number FROM issue_links l WHERE l.source_id = ?1 AND l.open = 1 \
             AND l.gone = 0 AND l.number > 0 AND EXISTS (SELECT 1 FROM proposals p \
             WHERE p.issue_id = l.issue_id AND p.state = 'open') \
             ORDER BY l.checked_at_ms, l.number LIMIT ?2",
        )
        .map_err(StoreError::sql("listing proposed issues"))?;
    stmt.query_map(params![source.row(), limit], |r| r.get::<_, i64>(0))
        .and_then(Iterator::collect::<rusqlite::Result<Vec<i64>>>)
        .map(|n| {
            n.into_iter()
                .filter_map(|n| u64::try_from(n).ok())
                .collect()
        })
        .map_err(StoreError::sql("listing proposed issues"))
}

/// What a direct read of an imported issue found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probe {
    /// The tracker still has it.
    Present,
    /// Deleted from the tracker: the link is kept (foreign keys stay), the
    /// issue is never proposed again, and an open proposal for it is stale
    /// — until a listing shows it again.
    Gone,
    /// The read failed (rate limit, tracker error, network): nothing is
    /// learnt, but the issue still goes to the back of the line so one that
    /// keeps failing does not hold up the others.
    Failed,
}

impl Probe {
    /// What the read says of `gone`; `None` when it says nothing.
    fn gone(self) -> Option<bool> {
        match self {
            Self::Present => Some(false),
            Self::Gone => Some(true),
            Self::Failed => None,
        }
    }
}

/// Record a direct read of `source`'s issue `number`: when it was read,
/// and whether it is gone.
pub fn record_probe(tx: &mut Tx<'_>, source: &SourceId, number: u64, probe: Probe) -> Result<()> {
    let now = tx.now_ms();
    tx.conn()
        .execute(
            "UPDATE issue_links SET checked_at_ms = ?3, gone = COALESCE(?4, gone) \
             WHERE source_id = ?1 AND number = ?2",
            params![
                source.row(),
                i64::try_from(number).unwrap_or(i64::MAX),
                now,
                probe.gone()
            ],
        )
        .map_err(StoreError::sql("recording an issue's read"))?;
    Ok(())
}

/// Commit one page of a sync: create what is new (when it passes the
/// source's state filter), update in place what changed, and move the cursor
/// to `cursor` (never backwards). Emits `SourceSynced`.
pub fn apply_page(
    tx: &mut Tx<'_>,
    source_id: &SourceId,
    page: Vec<ExternalIssue>,
    cursor: Option<String>,
) -> Result<PageOutcome> {
    let source = get(tx.conn(), source_id.as_str())?;
    let filter = source.config.state();
    let mut out = PageOutcome::default();
    for ext in page {
        if let Err(e) = ext.check() {
            out.skipped.push(Skipped {
                key: ext.key.clone(),
                reason: e.to_string(),
            });
            continue;
        }
        match link_by_external(tx.conn(), &source.id, &ext.external_id)? {
            Some(link) => {
                if update_one(tx, &link, &ext)? {
                    out.updated += 1;
                } else {
                    out.unchanged += 1;
                }
            }
            None if admits(filter, ext.open) => {
                create_one(tx, &source, &ext)?;
                out.created += 1;
            }
            None => out.unchanged += 1,
        }
    }
    let cursor = match (source.cursor, cursor) {
        (Some(old), Some(new)) => Some(old.max(new)),
        (old, new) => new.or(old),
    };
    tx.conn()
        .execute(
            "UPDATE sources SET cursor = ?1, health = ?2, last_error = '', last_sync_ms = ?3 WHERE id = ?4",
            params![cursor, Health::Ok.as_str(), tx.now_ms(), source.id.row()],
        )
        .map_err(StoreError::sql("moving a source's cursor"))?;
    tx.emit(NewEvent {
        scope: scope(&source.project_id),
        kind: EventKind::SourceSynced {
            source_id: source.id.clone(),
            created: out.created,
            updated: out.updated,
            unchanged: out.unchanged,
            skipped: out.skipped.clone(),
            cursor,
        },
    })?;
    Ok(out)
}

fn admits(filter: StateFilter, open: bool) -> bool {
    match filter {
        StateFilter::Open => open,
        StateFilter::Closed => !open,
        StateFilter::All => true,
    }
}

fn create_one(tx: &mut Tx<'_>, source: &Source, ext: &ExternalIssue) -> Result<()> {
    let issue = issues::create(
        tx,
        NewIssue {
            project: source.project_id.0.clone(),
            title: ext.title.clone(),
            body: ext.body.clone(),
            labels: ext.labels.clone(),
            parent: None,
            priority: Priority::None,
        },
    )?;
    tx.conn()
        .execute(
            "INSERT INTO issue_links (issue_id, source_id, external_id, external_key, number, url, open, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                issue.id.row(),
                source.id.row(),
                ext.external_id,
                ext.key,
                i64::try_from(ext.number).unwrap_or(i64::MAX),
                ext.url,
                ext.open,
                ext.updated_at,
            ],
        )
        .map_err(StoreError::sql("linking an imported issue"))?;
    Ok(())
}

/// Update an imported issue in place; true if anything the user sees changed.
fn update_one(tx: &mut Tx<'_>, link: &Link, ext: &ExternalIssue) -> Result<bool> {
    let issue = issues::get(tx.conn(), link.issue_id.as_str())?;
    let fields_changed =
        issue.title != ext.title || issue.body != ext.body || issue.labels != ext.labels;
    if fields_changed {
        issues::update_fields(
            tx,
            &issue.id,
            ext.title.clone(),
            ext.body.clone(),
            ext.labels.clone(),
        )?;
    }
    tx.conn()
        .execute(
            // Listed, so not gone (a deletion is never listed: an earlier
            // 404 was transient, or the issue came back).
            "UPDATE issue_links SET open = ?1, updated_at = ?2, external_key = ?3, url = ?4, gone = 0 \
             WHERE issue_id = ?5",
            params![ext.open, ext.updated_at, ext.key, ext.url, issue.id.row()],
        )
        .map_err(StoreError::sql("updating an issue link"))?;
    Ok(fields_changed || link.open != ext.open || link.gone)
}

/// A sync stopped: the source shows as failing with `error`; its cursor and
/// imported issues stay. Emits `SourceFailed`.
pub fn record_failure(tx: &mut Tx<'_>, source_id: &SourceId, error: String) -> Result<()> {
    let source = get(tx.conn(), source_id.as_str())?;
    let mut error = error;
    tx.scrub(&mut error);
    tx.conn()
        .execute(
            "UPDATE sources SET health = ?1, last_error = ?2, last_sync_ms = ?3 WHERE id = ?4",
            params![
                Health::Failing.as_str(),
                error,
                tx.now_ms(),
                source.id.row()
            ],
        )
        .map_err(StoreError::sql("recording a source failure"))?;
    tx.emit(NewEvent {
        scope: scope(&source.project_id),
        kind: EventKind::SourceFailed {
            source_id: source.id,
            error,
        },
    })?;
    Ok(())
}

/// Record that a writeback to the tracker was tried; a closed issue's link
/// says so at once (the next sync would confirm it).
pub fn record_writeback(
    tx: &mut Tx<'_>,
    link: &Link,
    action: compass_core::source::WritebackAction,
    result: std::result::Result<(), String>,
) -> Result<()> {
    let source = get(tx.conn(), link.source_id.as_str())?;
    let ok = result.is_ok();
    if ok && action == compass_core::source::WritebackAction::Close {
        tx.conn()
            .execute(
                "UPDATE issue_links SET open = 0 WHERE issue_id = ?1",
                [link.issue_id.row()],
            )
            .map_err(StoreError::sql("updating an issue link"))?;
    }
    tx.emit(NewEvent {
        scope: scope(&source.project_id),
        kind: EventKind::SourceWriteback {
            source_id: source.id,
            issue_id: link.issue_id.clone(),
            action,
            ok,
            detail: result.err().unwrap_or_default(),
        },
    })?;
    Ok(())
}
