//! Named agents: creation (drawing a codename when none is given), lookup,
//! status changes and retirement (which returns the codename to the pool).

use crate::db::Tx;
use crate::error::{Result, StoreError};
use crate::{projects, themes};
use compass_core::agent::{Agent, AgentStatus, Lifetime};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{AgentId, ProjectId};
use compass_core::name::Name;
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::collections::BTreeSet;

/// A new agent; `name: None` draws a codename from the project's theme.
#[derive(Debug, Clone)]
pub struct NewAgent {
    pub project: String,
    pub name: Option<Name>,
    pub persona: Option<String>,
    pub kind: Name,
    pub model: Option<String>,
    pub lifetime: Lifetime,
}

const COLUMNS: &str = "id, project_id, name, persona, kind, model, lifetime, status, codename, created_at_ms, status_reason";

/// Create an agent and emit `AgentCreated`.
pub fn create(tx: &mut Tx<'_>, new: NewAgent) -> Result<Agent> {
    let conn = tx.conn();
    let project = projects::get(conn, &new.project)?;
    let project_row = project
        .id
        .row()
        .ok_or_else(|| StoreError::corrupt("project id", &project.id))?;
    let taken = live_names(conn, project_row)?;
    let (name, codename) = match new.name {
        Some(name) => {
            if taken.contains(name.as_str()) {
                return Err(StoreError::AlreadyExists {
                    what: "agent",
                    key: format!("{name} in project {}", project.name),
                });
            }
            (name, false)
        }
        None => {
            let theme = themes::get(conn, project.theme.as_str())?;
            let taken: BTreeSet<&str> = taken.iter().map(String::as_str).collect();
            let drawn = theme.draw(&taken).cloned().ok_or_else(|| {
                StoreError::Conflict(format!(
                    "every codename of theme {} is in use in project {}; retire an agent, add names with `compass theme add`, or give the agent a name",
                    theme.name, project.name
                ))
            })?;
            (drawn, true)
        }
    };
    conn.execute(
        &format!(
            "INSERT INTO agents ({COLUMNS}) VALUES (NULL, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, '')"
        ),
        params![
            project_row,
            name.as_str(),
            new.persona,
            new.kind.as_str(),
            new.model,
            new.lifetime.as_str(),
            AgentStatus::Idle.as_str(),
            codename,
            tx.now_ms()
        ],
    )
    .map_err(StoreError::sql("inserting an agent"))?;
    let agent = Agent {
        id: AgentId::from_row(conn.last_insert_rowid()),
        project_id: project.id,
        name,
        persona: new.persona,
        kind: new.kind,
        model: new.model,
        lifetime: new.lifetime,
        status: AgentStatus::Idle,
        status_reason: String::new(),
        codename,
        created_at_ms: tx.now_ms(),
    };
    tx.emit(NewEvent {
        scope: scope_of(&agent),
        kind: EventKind::AgentCreated {
            agent: agent.clone(),
        },
    })?;
    Ok(agent)
}

fn live_names(conn: &Connection, project_row: i64) -> Result<BTreeSet<String>> {
    let mut stmt = conn
        .prepare_cached("SELECT name FROM agents WHERE project_id = ?1 AND status != 'retired'")
        .map_err(StoreError::sql("listing agent names"))?;
    stmt.query_map([project_row], |r| r.get(0))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing agent names"))
}

fn scope_of(agent: &Agent) -> Scope {
    Scope {
        project_id: Some(agent.project_id.clone()),
        agent_id: Some(agent.id.clone()),
        ..Scope::default()
    }
}

/// An agent row as stored, before its text fields are validated.
struct AgentRow {
    id: i64,
    project: i64,
    name: String,
    persona: Option<String>,
    kind: String,
    model: Option<String>,
    lifetime: String,
    status: String,
    codename: bool,
    created_at_ms: i64,
    status_reason: String,
}

fn from_row(r: &Row<'_>) -> rusqlite::Result<AgentRow> {
    Ok(AgentRow {
        id: r.get(0)?,
        project: r.get(1)?,
        name: r.get(2)?,
        persona: r.get(3)?,
        kind: r.get(4)?,
        model: r.get(5)?,
        lifetime: r.get(6)?,
        status: r.get(7)?,
        codename: r.get(8)?,
        created_at_ms: r.get(9)?,
        status_reason: r.get(10)?,
    })
}

fn decode(row: AgentRow) -> Result<Agent> {
    let corrupt =
        |what: &str, value: &str| StoreError::corrupt("agent row", format!("{what} {value:?}"));
    Ok(Agent {
        id: AgentId::from_row(row.id),
        project_id: ProjectId::from_row(row.project),
        name: Name::parse(&row.name).map_err(|_| corrupt("name", &row.name))?,
        persona: row.persona,
        kind: Name::parse(&row.kind).map_err(|_| corrupt("kind", &row.kind))?,
        model: row.model,
        lifetime: Lifetime::parse(&row.lifetime)
            .ok_or_else(|| corrupt("lifetime", &row.lifetime))?,
        status: AgentStatus::parse(&row.status).ok_or_else(|| corrupt("status", &row.status))?,
        status_reason: row.status_reason,
        codename: row.codename,
        created_at_ms: row.created_at_ms,
    })
}

/// Agents, optionally of one project, oldest first.
pub fn list(conn: &Connection, project: Option<&str>, include_retired: bool) -> Result<Vec<Agent>> {
    let project_row = project
        .map(|p| projects::get(conn, p))
        .transpose()?
        .and_then(|p| p.id.row());
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM agents
             WHERE (?1 IS NULL OR project_id = ?1) AND (?2 OR status != 'retired') ORDER BY id"
        ))
        .map_err(StoreError::sql("listing agents"))?;
    let rows: Vec<AgentRow> = stmt
        .query_map(params![project_row, include_retired], from_row)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing agents"))?;
    rows.into_iter().map(decode).collect()
}

/// An agent by id, or by name (live agents; `project` narrows the search and
/// is required when several projects have an agent of that name).
pub fn get(conn: &Connection, key: &str, project: Option<&str>) -> Result<Agent> {
    if let Some(row) = AgentId(key.to_owned()).row() {
        let found = conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM agents WHERE id = ?1"),
                [row],
                from_row,
            )
            .optional()
            .map_err(StoreError::sql("reading an agent"))?;
        return found
            .map(decode)
            .transpose()?
            .ok_or_else(|| StoreError::NotFound {
                what: "agent",
                key: key.to_owned(),
            });
    }
    let mut matches: Vec<Agent> = list(conn, project, false)?
        .into_iter()
        .filter(|a| a.name.as_str() == key)
        .collect();
    match matches.len() {
        0 => Err(StoreError::NotFound {
            what: "agent",
            key: key.to_owned(),
        }),
        1 => Ok(matches.remove(0)),
        n => Err(StoreError::invalid(
            "project",
            format!("{n} projects have an agent named {key:?}; name the project too (--project)"),
        )),
    }
}

/// Move an agent to `to` and emit `AgentStatusChanged` (no event if unchanged).
pub fn set_status(tx: &mut Tx<'_>, id: &AgentId, to: AgentStatus, reason: &str) -> Result<Agent> {
    let mut agent = get(tx.conn(), id.as_str(), None)?;
    if agent.status == AgentStatus::Retired {
        return Err(StoreError::Conflict(format!(
            "agent {} is retired",
            agent.name
        )));
    }
    if agent.status == to {
        return Ok(agent);
    }
    let from = agent.status;
    let mut reason = reason.to_owned();
    tx.scrub(&mut reason);
    tx.conn()
        .execute(
            "UPDATE agents SET status = ?1, status_reason = ?2 WHERE id = ?3",
            params![to.as_str(), reason, id.row()],
        )
        .map_err(StoreError::sql("updating an agent"))?;
    agent.status = to;
    agent.status_reason.clone_from(&reason);
    tx.emit(NewEvent {
        scope: scope_of(&agent),
        kind: EventKind::AgentStatusChanged { from, to, reason },
    })?;
    Ok(agent)
}

/// Retire an agent: it stays in history, its name (or codename) is free again.
pub fn retire(tx: &mut Tx<'_>, key: &str, project: Option<&str>) -> Result<Agent> {
    retire_because(tx, key, project, "retired")
}

/// [`retire`], with why (e.g. "its work merged") as the status reason.
pub fn retire_because(
    tx: &mut Tx<'_>,
    key: &str,
    project: Option<&str>,
    reason: &str,
) -> Result<Agent> {
    let agent = get(tx.conn(), key, project)?;
    if agent.status == AgentStatus::Running || agent.status == AgentStatus::Paused {
        return Err(StoreError::Conflict(format!(
            "agent {} is {}; stop it before retiring it",
            agent.name,
            agent.status.as_str()
        )));
    }
    let agent = set_status(tx, &agent.id, AgentStatus::Retired, reason)?;
    tx.emit(NewEvent {
        scope: scope_of(&agent),
        kind: EventKind::AgentRetired {
            name: agent.name.to_string(),
            codename_returned: agent.codename,
        },
    })?;
    Ok(agent)
}
