//! Assignment proposals (the Dispatcher's, decided by the user) and the
//! conflict map's rows: the files each in-flight workstream changes. A new
//! proposal for an issue replaces its open one; a decision is recorded
//! once, with its event, in the same write as what it causes.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use crate::{agents, issues, sources};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{AgentId, IssueId, ProjectId, ProposalId, WorkstreamId};
use compass_core::proposal::{Proposal, ProposalState, Stale};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::collections::{BTreeMap, BTreeSet};

const SELECT: &str = "SELECT p.id, p.project_id, p.issue_id, i.key, p.agent_id, a.name, p.behind, \
     p.reason, p.overlaps, p.state, p.workstream_id, p.created_at_ms \
     FROM proposals p JOIN issues i ON i.id = p.issue_id JOIN agents a ON a.id = p.agent_id";

/// A proposal before it is stored.
#[derive(Debug, Clone)]
pub struct NewProposal {
    pub issue: IssueId,
    pub agent: AgentId,
    pub behind: String,
    pub reason: String,
    pub overlaps: Vec<String>,
}

type Raw = (Proposal, String, String);

fn decode(r: &Row<'_>) -> rusqlite::Result<Raw> {
    Ok((
        Proposal {
            id: ProposalId::from_row(r.get(0)?),
            project_id: ProjectId::from_row(r.get(1)?),
            issue_id: IssueId::from_row(r.get(2)?),
            issue_key: r.get(3)?,
            agent_id: AgentId::from_row(r.get(4)?),
            agent: r.get(5)?,
            behind: r.get(6)?,
            reason: r.get(7)?,
            overlaps: Vec::new(),
            state: ProposalState::Open,
            workstream_id: r.get::<_, Option<i64>>(10)?.map(WorkstreamId::from_row),
            created_at_ms: r.get(11)?,
        },
        r.get(8)?,
        r.get(9)?,
    ))
}

fn finish((mut p, overlaps, state): Raw) -> Result<Proposal> {
    p.state = ProposalState::parse(&state)
        .ok_or_else(|| StoreError::corrupt("proposal state", &state))?;
    p.overlaps = serde_json::from_str(&overlaps)
        .map_err(|_| StoreError::corrupt("proposal overlaps", &overlaps))?;
    Ok(p)
}

fn scope(p: &Proposal) -> Scope {
    Scope {
        project_id: Some(p.project_id.clone()),
        agent_id: Some(p.agent_id.clone()),
        workstream_id: p.workstream_id.clone(),
        tool_call_id: None,
    }
}

/// Store a proposal (the issue's open one, if any, is replaced). Emits
/// `ProposalMade`.
pub fn create(tx: &mut Tx<'_>, new: NewProposal) -> Result<Proposal> {
    let issue = issues::get(tx.conn(), new.issue.as_str())?;
    let agent = agents::get(
        tx.conn(),
        new.agent.as_str(),
        Some(issue.project_id.as_str()),
    )?;
    let now = tx.now_ms();
    let overlaps = serde_json::to_string(&new.overlaps)
        .map_err(|_| StoreError::corrupt("proposal overlaps", "unserialisable"))?;
    tx.conn()
        .execute(
            "UPDATE proposals SET state = ?1, decided_at_ms = ?2 WHERE issue_id = ?3 AND state = ?4",
            params![
                ProposalState::Rejected.as_str(),
                now,
                issue.id.row(),
                ProposalState::Open.as_str()
            ],
        )
        .map_err(StoreError::sql("replacing a proposal"))?;
    tx.conn()
        .execute(
            "INSERT INTO proposals (project_id, issue_id, agent_id, behind, reason, overlaps, state, created_at_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                issue.project_id.row(),
                issue.id.row(),
                agent.id.row(),
                new.behind,
                new.reason,
                overlaps,
                ProposalState::Open.as_str(),
                now
            ],
        )
        .map_err(StoreError::sql("storing a proposal"))?;
    let id = ProposalId::from_row(tx.conn().last_insert_rowid());
    let proposal = get(tx.conn(), id.as_str())?;
    tx.emit(NewEvent {
        scope: scope(&proposal),
        kind: EventKind::ProposalMade {
            proposal: proposal.clone(),
        },
    })?;
    Ok(proposal)
}

/// A proposal by id.
pub fn get(conn: &Connection, id: &str) -> Result<Proposal> {
    let not_found = || StoreError::NotFound {
        what: "proposal",
        key: id.to_owned(),
    };
    let row = ProposalId(id.to_owned()).row().ok_or_else(not_found)?;
    let raw = conn
        .query_row(&format!("{SELECT} WHERE p.id = ?1"), [row], decode)
        .optional()
        .map_err(StoreError::sql("reading a proposal"))?
        .ok_or_else(not_found)?;
    finish(raw)
}

/// Proposals of `project` (every project: `None`), open ones only unless
/// `all`, oldest first.
pub fn list(conn: &Connection, project: Option<&ProjectId>, all: bool) -> Result<Vec<Proposal>> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "{SELECT} WHERE (?1 IS NULL OR p.project_id = ?1) AND (?2 OR p.state = 'open') ORDER BY p.id"
        ))
        .map_err(StoreError::sql("listing proposals"))?;
    let rows: Vec<Raw> = stmt
        .query_map(params![project.and_then(ProjectId::row), all], decode)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing proposals"))?;
    rows.into_iter().map(finish).collect()
}

/// An open proposal, or why it cannot be decided.
fn open(conn: &Connection, id: &str) -> Result<Proposal> {
    let p = get(conn, id)?;
    if p.state != ProposalState::Open {
        return Err(StoreError::Conflict(format!(
            "proposal {id} is {} already",
            p.state.as_str()
        )));
    }
    Ok(p)
}

/// Why open proposal `p` no longer stands, if it does not: its issue got a
/// workstream, or was closed on its tracker, since it was proposed.
pub fn staleness(conn: &Connection, p: &Proposal) -> Result<Option<Stale>> {
    let assigned: Option<i64> = conn
        .query_row(
            "SELECT id FROM workstreams WHERE issue_id = ?1 ORDER BY id LIMIT 1",
            [p.issue_id.row()],
            |r| r.get(0),
        )
        .optional()
        .map_err(StoreError::sql("reading an issue's workstream"))?;
    if let Some(ws) = assigned {
        return Ok(Some(Stale::Assigned {
            workstream_id: WorkstreamId::from_row(ws),
        }));
    }
    Ok(match sources::link_of(conn, &p.issue_id)? {
        Some(l) if l.gone => Some(Stale::Gone),
        Some(l) if !l.open => Some(Stale::Closed),
        _ => None,
    })
}

/// An open proposal the user may still approve or edit: `Ok(Err(…))` when
/// it went stale, with a `ProposalStale` event emitted (the caller commits
/// it and refuses the decision).
pub fn fresh(tx: &mut Tx<'_>, id: &str) -> Result<std::result::Result<Proposal, StaleProposal>> {
    let p = open(tx.conn(), id)?;
    let Some(reason) = staleness(tx.conn(), &p)? else {
        return Ok(Ok(p));
    };
    tx.emit(NewEvent {
        scope: scope(&p),
        kind: EventKind::ProposalStale {
            proposal_id: p.id.clone(),
            issue_id: p.issue_id.clone(),
            issue_key: p.issue_key.clone(),
            reason: reason.clone(),
        },
    })?;
    Ok(Err(StaleProposal {
        proposal: p,
        reason,
    }))
}

/// A proposal refused as stale, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaleProposal {
    pub proposal: Proposal,
    pub reason: Stale,
}

impl std::fmt::Display for StaleProposal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "proposal {} is stale: issue {} changed since it was proposed — {}; reject it",
            self.proposal.id, self.proposal.issue_key, self.reason
        )
    }
}

/// The user proposes another agent instead (still open, to be approved);
/// `Ok(Err(…))` when the proposal went stale (see [`fresh`]).
pub fn edit(
    tx: &mut Tx<'_>,
    id: &str,
    agent: &str,
) -> Result<std::result::Result<Proposal, StaleProposal>> {
    let p = match fresh(tx, id)? {
        Ok(p) => p,
        Err(stale) => return Ok(Err(stale)),
    };
    let agent = agents::get(tx.conn(), agent, Some(p.project_id.as_str()))?;
    tx.conn()
        .execute(
            "UPDATE proposals SET agent_id = ?1, reason = ?2 WHERE id = ?3",
            params![
                agent.id.row(),
                format!("the user chose {} (proposed: {})", agent.name, p.agent),
                ProposalId(id.to_owned()).row()
            ],
        )
        .map_err(StoreError::sql("editing a proposal"))?;
    get(tx.conn(), id).map(Ok)
}

/// Record the user's decision on open proposal `id` (approved: with the
/// workstream made in the same write). Emits `ProposalDecided`.
pub fn decide(
    tx: &mut Tx<'_>,
    id: &str,
    state: ProposalState,
    workstream: Option<&WorkstreamId>,
) -> Result<Proposal> {
    open(tx.conn(), id)?;
    let now = tx.now_ms();
    tx.conn()
        .execute(
            "UPDATE proposals SET state = ?1, workstream_id = ?2, decided_at_ms = ?3 WHERE id = ?4",
            params![
                state.as_str(),
                workstream.and_then(WorkstreamId::row),
                now,
                ProposalId(id.to_owned()).row()
            ],
        )
        .map_err(StoreError::sql("deciding a proposal"))?;
    let p = get(tx.conn(), id)?;
    tx.emit(NewEvent {
        scope: scope(&p),
        kind: EventKind::ProposalDecided {
            proposal_id: p.id.clone(),
            issue_id: p.issue_id.clone(),
            state,
            agent_id: p.agent_id.clone(),
            workstream_id: p.workstream_id.clone(),
        },
    })?;
    Ok(p)
}

/// `(repo, path)` of each file a workstream changes.
pub type Zones = BTreeSet<(String, String)>;

/// Replace the files `ws` changes; returns what was recorded before.
pub fn set_zones(tx: &mut Tx<'_>, ws: &WorkstreamId, zones: &Zones) -> Result<Zones> {
    let row = ws
        .row()
        .ok_or_else(|| StoreError::corrupt("workstream id", ws.as_str()))?;
    let before = zones_of(tx.conn(), std::slice::from_ref(ws))?
        .remove(ws)
        .unwrap_or_default();
    tx.conn()
        .execute(
            "DELETE FROM workstream_zones WHERE workstream_id = ?1",
            [row],
        )
        .map_err(StoreError::sql("replacing zones"))?;
    for (repo, path) in zones {
        tx.conn()
            .execute(
                "INSERT INTO workstream_zones (workstream_id, repo, path) VALUES (?1, ?2, ?3)",
                params![row, repo, path],
            )
            .map_err(StoreError::sql("recording a zone"))?;
    }
    Ok(before)
}

/// `<repo>:<path>` of each file both `a` and `b` change.
pub fn shared_files(a: &Zones, b: &Zones) -> Vec<String> {
    labels(a.intersection(b))
}

/// `<repo>:<path>` of each file.
pub fn labels<'a>(zones: impl IntoIterator<Item = &'a (String, String)>) -> Vec<String> {
    zones.into_iter().map(|(r, p)| format!("{r}:{p}")).collect()
}

/// The recorded files of each of `ids`.
pub fn zones_of(conn: &Connection, ids: &[WorkstreamId]) -> Result<BTreeMap<WorkstreamId, Zones>> {
    let mut stmt = conn
        .prepare_cached("SELECT repo, path FROM workstream_zones WHERE workstream_id = ?1")
        .map_err(StoreError::sql("reading zones"))?;
    let mut out = BTreeMap::new();
    for id in ids {
        let Some(row) = id.row() else { continue };
        let zones: Zones = stmt
            .query_map([row], |r| Ok((r.get(0)?, r.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(StoreError::sql("reading zones"))?;
        out.insert(id.clone(), zones);
    }
    Ok(out)
}
