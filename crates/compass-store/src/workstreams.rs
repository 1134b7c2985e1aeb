//! Workstreams: an issue assigned to an agent on its branch, and the state
//! machine moves that carry it across the board.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use crate::{agents, issues, projects, proposals};
use compass_core::agent::AgentStatus;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{AgentId, IssueId, ProjectId, WorkstreamId};
use compass_core::proposal::OverlapEnd;
use compass_core::workstream::{Workstream, WorkstreamState, branch_name};
use rusqlite::{Connection, OptionalExtension, Row, params};

const COLUMNS: &str = "id, project_id, issue_id, agent_id, branch, state, created_at_ms";

/// Assign an issue to an agent of its project: a workstream in `Backlog`.
pub fn create(tx: &mut Tx<'_>, issue_key: &str, agent_key: &str) -> Result<Workstream> {
    let conn = tx.conn();
    let issue = issues::get(conn, issue_key)?;
    let project = projects::get(conn, issue.project_id.as_str())?;
    let agent = agents::get(conn, agent_key, Some(project.id.as_str()))?;
    if agent.status == AgentStatus::Retired {
        return Err(StoreError::Conflict(format!(
            "agent {} is retired",
            agent.name
        )));
    }
    if let Some(existing) = for_issue(conn, &issue.id)? {
        return Err(StoreError::AlreadyExists {
            what: "workstream for issue",
            key: format!("{} ({})", issue.key, existing.branch),
        });
    }
    let branch = branch_name(&agent.name, &issue.key);
    conn.execute(
        &format!("INSERT INTO workstreams ({COLUMNS}) VALUES (NULL, ?1, ?2, ?3, ?4, ?5, ?6)"),
        params![
            project.id.row(),
            issue.id.row(),
            agent.id.row(),
            branch,
            WorkstreamState::Backlog.as_str(),
            tx.now_ms()
        ],
    )
    .map_err(StoreError::sql("inserting a workstream"))?;
    let ws = Workstream {
        id: WorkstreamId::from_row(conn.last_insert_rowid()),
        project_id: project.id,
        issue_id: issue.id,
        agent_id: agent.id,
        branch,
        state: WorkstreamState::Backlog,
        created_at_ms: tx.now_ms(),
    };
    tx.emit(NewEvent {
        scope: Scope::of_workstream(&ws),
        kind: EventKind::WorkstreamCreated {
            workstream: ws.clone(),
        },
    })?;
    Ok(ws)
}

/// Move a workstream to `to` if the state machine allows it.
pub fn set_state(tx: &mut Tx<'_>, id: &str, to: WorkstreamState) -> Result<Workstream> {
    let mut ws = get(tx.conn(), id)?;
    let from = ws.state;
    ws.state = from
        .transition(to)
        .map_err(|e| StoreError::invalid("state", e))?;
    tx.conn()
        .execute(
            "UPDATE workstreams SET state = ?1 WHERE id = ?2",
            params![to.as_str(), ws.id.row()],
        )
        .map_err(StoreError::sql("updating a workstream"))?;
    tx.emit(NewEvent {
        scope: Scope::of_workstream(&ws),
        kind: EventKind::WorkstreamStateChanged {
            issue_id: ws.issue_id.clone(),
            from,
            to,
        },
    })?;
    if from.in_flight() != to.in_flight() {
        flight_changed(tx, &ws)?;
    }
    Ok(ws)
}

/// `ws` entered or left flight: each overlap with in-flight work over its
/// recorded files begins or ends with it (the conflict map's refresh sees
/// only changed diffs, so it would miss these).
fn flight_changed(tx: &mut Tx<'_>, ws: &Workstream) -> Result<()> {
    for (other, paths) in sharing_files(tx.conn(), ws)? {
        let kind = if ws.state.in_flight() {
            EventKind::WorkstreamsOverlap {
                other_workstream_id: other.id,
                other_agent_id: other.agent_id,
                paths,
            }
        } else {
            EventKind::WorkstreamsOverlapEnded {
                other_workstream_id: other.id,
                other_agent_id: other.agent_id,
                why: OverlapEnd::LeftFlight,
            }
        };
        tx.emit(NewEvent {
            scope: Scope::of_workstream(ws),
            kind,
        })?;
    }
    Ok(())
}

/// The other in-flight workstreams of `ws`'s project whose recorded files
/// meet `ws`'s, each with the shared files.
pub fn sharing_files(conn: &Connection, ws: &Workstream) -> Result<Vec<(Workstream, Vec<String>)>> {
    let others: Vec<Workstream> = list(conn, ws.project_id.as_str())?
        .into_iter()
        .filter(|o| o.id != ws.id && o.state.in_flight())
        .collect();
    let mut ids: Vec<WorkstreamId> = others.iter().map(|o| o.id.clone()).collect();
    ids.push(ws.id.clone());
    let zones = proposals::zones_of(conn, &ids)?;
    let none = proposals::Zones::new();
    let mine = zones.get(&ws.id).unwrap_or(&none);
    Ok(others
        .into_iter()
        .filter_map(|o| {
            let shared = proposals::shared_files(mine, zones.get(&o.id).unwrap_or(&none));
            (!shared.is_empty()).then_some((o, shared))
        })
        .collect())
}

fn decode(r: &Row<'_>) -> rusqlite::Result<(Workstream, String)> {
    Ok((
        Workstream {
            id: WorkstreamId::from_row(r.get(0)?),
            project_id: ProjectId::from_row(r.get(1)?),
            issue_id: IssueId::from_row(r.get(2)?),
            agent_id: AgentId::from_row(r.get(3)?),
            branch: r.get(4)?,
            state: WorkstreamState::Backlog,
            created_at_ms: r.get(6)?,
        },
        r.get(5)?,
    ))
}

fn finish((mut ws, state): (Workstream, String)) -> Result<Workstream> {
    ws.state = WorkstreamState::parse(&state)
        .ok_or_else(|| StoreError::corrupt("workstream state", &state))?;
    Ok(ws)
}

/// A workstream by id.
pub fn get(conn: &Connection, id: &str) -> Result<Workstream> {
    let row = WorkstreamId(id.to_owned())
        .row()
        .ok_or_else(|| StoreError::NotFound {
            what: "workstream",
            key: id.to_owned(),
        })?;
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM workstreams WHERE id = ?1"),
        [row],
        decode,
    )
    .optional()
    .map_err(StoreError::sql("reading a workstream"))?
    .map(finish)
    .transpose()?
    .ok_or_else(|| StoreError::NotFound {
        what: "workstream",
        key: id.to_owned(),
    })
}

fn for_issue(conn: &Connection, issue: &IssueId) -> Result<Option<Workstream>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM workstreams WHERE issue_id = ?1"),
        [issue.row()],
        decode,
    )
    .optional()
    .map_err(StoreError::sql("reading a workstream"))?
    .map(finish)
    .transpose()
}

/// The agent's newest workstream still being worked on (in progress,
/// paused or in review), if any.
pub fn live_for_agent(conn: &Connection, agent: &AgentId) -> Result<Option<Workstream>> {
    conn.query_row(
        &format!(
            "SELECT {COLUMNS} FROM workstreams WHERE agent_id = ?1
             AND state IN ('in_progress', 'paused', 'in_review') ORDER BY id DESC LIMIT 1"
        ),
        [agent.row()],
        decode,
    )
    .optional()
    .map_err(StoreError::sql("reading an agent's workstream"))?
    .map(finish)
    .transpose()
}

/// A project's workstreams, oldest first.
pub fn list(conn: &Connection, project: &str) -> Result<Vec<Workstream>> {
    let project = projects::get(conn, project)?;
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM workstreams WHERE project_id = ?1 ORDER BY id"
        ))
        .map_err(StoreError::sql("listing workstreams"))?;
    let rows: Vec<_> = stmt
        .query_map([project.id.row()], decode)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing workstreams"))?;
    rows.into_iter().map(finish).collect()
}
