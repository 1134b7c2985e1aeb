//! Questions agents ask the user over their MCP channel (`ask`), and the
//! user's answers. An answer is recorded once; how it reached the agent is
//! an event of its own.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use compass_core::agent::Agent;
use compass_core::channel::{Ask, AskDelivery, AskState};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{AgentId, AskId, ProjectId, WorkstreamId};
use rusqlite::{Connection, OptionalExtension, Row, params};

const COLUMNS: &str = "id, agent_id, workstream_id, question, state, answer, created_at_ms";

fn decode(r: &Row<'_>) -> rusqlite::Result<(Ask, String)> {
    Ok((
        Ask {
            id: AskId::from_row(r.get(0)?),
            agent_id: AgentId::from_row(r.get(1)?),
            workstream_id: r.get::<_, Option<i64>>(2)?.map(WorkstreamId::from_row),
            question: r.get(3)?,
            state: AskState::Open,
            answer: r.get(5)?,
            created_at_ms: r.get(6)?,
        },
        r.get(4)?,
    ))
}

fn finish((mut ask, state): (Ask, String)) -> Result<Ask> {
    ask.state = AskState::parse(&state).ok_or_else(|| StoreError::corrupt("ask state", &state))?;
    Ok(ask)
}

fn scope(agent: &Agent, ws: Option<&WorkstreamId>) -> Scope {
    Scope {
        project_id: Some(agent.project_id.clone()),
        agent_id: Some(agent.id.clone()),
        workstream_id: ws.cloned(),
        tool_call_id: None,
    }
}

/// Record `agent`'s question. Emits `AskOpened`.
pub fn open(
    tx: &mut Tx<'_>,
    agent: &Agent,
    workstream: Option<&WorkstreamId>,
    question: &str,
) -> Result<Ask> {
    let agent_row = agent
        .id
        .row()
        .ok_or_else(|| StoreError::corrupt("agent id", &agent.id))?;
    let now = tx.now_ms();
    tx.conn()
        .execute(
            &format!("INSERT INTO asks ({COLUMNS}) VALUES (NULL, ?1, ?2, ?3, ?4, '', ?5)"),
            params![
                agent_row,
                workstream.and_then(WorkstreamId::row),
                question,
                AskState::Open.as_str(),
                now
            ],
        )
        .map_err(StoreError::sql("recording a question"))?;
    let ask = Ask {
        id: AskId::from_row(tx.conn().last_insert_rowid()),
        agent_id: agent.id.clone(),
        workstream_id: workstream.cloned(),
        question: question.to_owned(),
        state: AskState::Open,
        answer: String::new(),
        created_at_ms: now,
    };
    tx.emit(NewEvent {
        scope: scope(agent, workstream),
        kind: EventKind::AskOpened { ask: ask.clone() },
    })?;
    Ok(ask)
}

/// How many of `agent`'s questions are still unanswered.
pub fn open_count(conn: &Connection, agent: &AgentId) -> Result<u32> {
    let row = agent
        .row()
        .ok_or_else(|| StoreError::corrupt("agent id", agent))?;
    conn.query_row(
        "SELECT COUNT(*) FROM asks WHERE agent_id = ?1 AND state = ?2",
        params![row, AskState::Open.as_str()],
        |r| r.get(0),
    )
    .map_err(StoreError::sql("counting open questions"))
}

/// A question by id.
pub fn get(conn: &Connection, id: &str) -> Result<Ask> {
    let not_found = || StoreError::NotFound {
        what: "question",
        key: id.to_owned(),
    };
    let row = AskId(id.to_owned()).row().ok_or_else(not_found)?;
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM asks WHERE id = ?1"),
        [row],
        decode,
    )
    .optional()
    .map_err(StoreError::sql("reading a question"))?
    .map(finish)
    .transpose()?
    .ok_or_else(not_found)
}

/// Questions of a project's agents (all projects when `None`), oldest
/// first; only open ones unless `all`.
pub fn list(conn: &Connection, project: Option<&ProjectId>, all: bool) -> Result<Vec<Ask>> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {cols} FROM asks a WHERE (?1 IS NULL OR a.agent_id IN \
             (SELECT id FROM agents WHERE project_id = ?1)) AND (?2 OR a.state = 'open') \
             ORDER BY a.id",
            cols = COLUMNS
                .split(", ")
                .map(|c| format!("a.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .map_err(StoreError::sql("listing questions"))?;
    let rows: Vec<_> = stmt
        .query_map(params![project.and_then(ProjectId::row), all], decode)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing questions"))?;
    rows.into_iter().map(finish).collect()
}

/// Record the user's answer to an open question; an answered one is
/// refused (an answer is given once).
pub fn answer(tx: &mut Tx<'_>, id: &str, answer: &str) -> Result<Ask> {
    let mut ask = get(tx.conn(), id)?;
    if ask.state == AskState::Answered {
        return Err(StoreError::Conflict(format!(
            "question {} was already answered",
            ask.id
        )));
    }
    let row = ask
        .id
        .row()
        .ok_or_else(|| StoreError::corrupt("ask id", &ask.id))?;
    tx.conn()
        .execute(
            "UPDATE asks SET state = ?1, answer = ?2 WHERE id = ?3",
            params![AskState::Answered.as_str(), answer, row],
        )
        .map_err(StoreError::sql("answering a question"))?;
    ask.state = AskState::Answered;
    ask.answer = answer.to_owned();
    Ok(ask)
}

/// Record how an answer reached the agent. Emits `AskAnswered`.
pub fn delivered(tx: &mut Tx<'_>, ask: &Ask, agent: &Agent, delivery: AskDelivery) -> Result<()> {
    tx.emit(NewEvent {
        scope: scope(agent, ask.workstream_id.as_ref()),
        kind: EventKind::AskAnswered {
            ask_id: ask.id.clone(),
            delivery,
        },
    })
    .map(drop)
}
