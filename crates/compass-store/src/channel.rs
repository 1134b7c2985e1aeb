//! What the agents' MCP channel records about workstreams: each one's entry
//! in its agent's own queue (place, note, done), its ready-for-push signal,
//! each repo's push state, and the pull requests opened for it. Kept beside
//! the `workstreams` table, not in it: the state machine's row stays the
//! state machine's.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use compass_core::channel::{PullState, PushState, QueueEntry, RepoPush};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::{AgentId, WorkstreamId};
use compass_core::workstream::Workstream;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::{BTreeMap, HashMap};

fn row_of(ws: &WorkstreamId) -> Result<i64> {
    ws.row()
        .ok_or_else(|| StoreError::corrupt("workstream id", ws.as_str()))
}

/// Emit `kind`, an event about `ws`.
fn emit_about(tx: &mut Tx<'_>, ws: &Workstream, kind: EventKind) -> Result<()> {
    tx.emit(NewEvent {
        scope: compass_core::event::Scope::of_workstream(ws),
        kind,
    })
    .map(drop)
}

/// The channel's view of one workstream (defaults when nothing recorded).
pub fn entry(conn: &Connection, ws: &WorkstreamId) -> Result<QueueEntry> {
    let row = row_of(ws)?;
    let mut entry = conn
        .query_row(
            "SELECT position, note, done, ready_at_ms FROM workstream_queue WHERE workstream_id = ?1",
            [row],
            |r| {
                Ok(QueueEntry {
                    position: r.get::<_, Option<u32>>(0)?,
                    note: r.get(1)?,
                    done: r.get(2)?,
                    ready_at_ms: r.get(3)?,
                    pushes: Vec::new(),
                })
            },
        )
        .optional()
        .map_err(StoreError::sql("reading a queue entry"))?
        .unwrap_or_default();
    entry.pushes = pushes(conn, row)?;
    Ok(entry)
}

fn pushes(conn: &Connection, row: i64) -> Result<Vec<RepoPush>> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT repo, state, commit_id, updated_at_ms FROM workstream_pushes \
             WHERE workstream_id = ?1 ORDER BY repo",
        )
        .map_err(StoreError::sql("listing pushes"))?;
    let rows: Vec<(String, String, String, i64)> = stmt
        .query_map([row], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing pushes"))?;
    rows.into_iter()
        .map(|(repo, state, commit, updated_at_ms)| {
            Ok(RepoPush {
                repo,
                state: PushState::parse(&state)
                    .ok_or_else(|| StoreError::corrupt("push state", &state))?,
                commit,
                updated_at_ms,
            })
        })
        .collect()
}

/// The channel's view of many workstreams, by id.
pub fn entries(
    conn: &Connection,
    ids: impl IntoIterator<Item = WorkstreamId>,
) -> Result<HashMap<WorkstreamId, QueueEntry>> {
    ids.into_iter()
        .map(|id| Ok((id.clone(), entry(conn, &id)?)))
        .collect()
}

fn ensure_row(tx: &mut Tx<'_>, row: i64) -> Result<()> {
    tx.conn()
        .execute(
            "INSERT OR IGNORE INTO workstream_queue (workstream_id) VALUES (?1)",
            [row],
        )
        .map_err(StoreError::sql("adding a queue entry"))?;
    Ok(())
}

/// What an agent sets on one entry of its queue.
#[derive(Debug, Clone, Copy)]
enum Field {
    Position,
    Note,
    Done,
}

impl Field {
    /// Its `UPDATE`, and what a failure was doing.
    fn update(self) -> (&'static str, &'static str) {
        match self {
            Self::Position => (
                "UPDATE workstream_queue SET position = ?1 WHERE workstream_id = ?2",
                "reordering a queue",
            ),
            Self::Note => (
                "UPDATE workstream_queue SET note = ?1 WHERE workstream_id = ?2",
                "annotating a queue item",
            ),
            Self::Done => (
                "UPDATE workstream_queue SET done = ?1 WHERE workstream_id = ?2",
                "marking a queue item done",
            ),
        }
    }
}

/// Set `field` of the queue entry of workstream row `row` (made if missing).
fn set(tx: &mut Tx<'_>, row: i64, field: Field, value: &dyn rusqlite::ToSql) -> Result<()> {
    ensure_row(tx, row)?;
    let (sql, doing) = field.update();
    tx.conn()
        .execute(sql, params![value, row])
        .map_err(StoreError::sql(doing))?;
    Ok(())
}

/// The agent signalled `ws` ready for push: each named repo not pushed yet
/// awaits its push (one already pushed keeps its state: pushing before
/// signalling counts). Emits `ReadyForPush`.
pub fn mark_ready(
    tx: &mut Tx<'_>,
    ws: &Workstream,
    repos: &[String],
    summary: &str,
) -> Result<QueueEntry> {
    let row = row_of(&ws.id)?;
    ensure_row(tx, row)?;
    let now = tx.now_ms();
    tx.conn()
        .execute(
            "UPDATE workstream_queue SET ready_at_ms = ?1 WHERE workstream_id = ?2",
            params![now, row],
        )
        .map_err(StoreError::sql("marking a workstream ready"))?;
    for repo in repos {
        tx.conn()
            .execute(
                "INSERT INTO workstream_pushes (workstream_id, repo, state, updated_at_ms) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (workstream_id, repo) DO UPDATE \
                 SET state = excluded.state, updated_at_ms = excluded.updated_at_ms \
                 WHERE workstream_pushes.state != 'pushed'",
                params![row, repo, PushState::Awaiting.as_str(), now],
            )
            .map_err(StoreError::sql("recording a push state"))?;
    }
    let kind = EventKind::ReadyForPush {
        workstream_id: ws.id.clone(),
        repos: repos.to_vec(),
        summary: summary.to_owned(),
    };
    emit_about(tx, ws, kind)?;
    entry(tx.conn(), &ws.id)
}

/// Record one repo's push of `ws` (the relay forwarded it, or refused).
/// Emits `RepoPushChanged`.
pub fn record_push(
    tx: &mut Tx<'_>,
    ws: &Workstream,
    repo: &str,
    state: PushState,
    commit: &str,
) -> Result<QueueEntry> {
    let row = row_of(&ws.id)?;
    let now = tx.now_ms();
    tx.conn()
        .execute(
            "INSERT INTO workstream_pushes (workstream_id, repo, state, commit_id, updated_at_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (workstream_id, repo) DO UPDATE \
             SET state = excluded.state, commit_id = excluded.commit_id, \
                 updated_at_ms = excluded.updated_at_ms",
            params![row, repo, state.as_str(), commit, now],
        )
        .map_err(StoreError::sql("recording a push"))?;
    let kind = EventKind::RepoPushChanged {
        workstream_id: ws.id.clone(),
        repo: repo.to_owned(),
        state,
        commit: commit.to_owned(),
    };
    emit_about(tx, ws, kind)?;
    entry(tx.conn(), &ws.id)
}

/// Record that the relay forwarded `commit` as `ws`'s branch in `repo` to
/// the real remote, trunk being `trunk` just before (replaces the last).
pub fn record_forward(
    tx: &mut Tx<'_>,
    ws: &WorkstreamId,
    repo: &str,
    commit: &str,
    trunk: Option<&str>,
) -> Result<()> {
    let row = row_of(ws)?;
    let now = tx.now_ms();
    tx.conn()
        .execute(
            "INSERT INTO workstream_forwards (workstream_id, repo, commit_id, trunk_id, forwarded_at_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (workstream_id, repo) DO UPDATE \
             SET commit_id = excluded.commit_id, trunk_id = excluded.trunk_id, \
                 forwarded_at_ms = excluded.forwarded_at_ms",
            params![row, repo, commit, trunk, now],
        )
        .map_err(StoreError::sql("recording a forward"))?;
    Ok(())
}

/// The relay's last forward of `ws` in `repo`: (commit, trunk before).
pub fn forward(
    conn: &Connection,
    ws: &WorkstreamId,
    repo: &str,
) -> Result<Option<(String, Option<String>)>> {
    let row = row_of(ws)?;
    conn.query_row(
        "SELECT commit_id, trunk_id FROM workstream_forwards WHERE workstream_id = ?1 AND repo = ?2",
        params![row, repo],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
    .map_err(StoreError::sql("reading a forward"))
}

/// One change an agent makes to its own queue.
#[derive(Debug, Clone, Default)]
pub struct QueueChange {
    /// The agent's workstreams in their new order (first is next); ones
    /// not named keep their place after these.
    pub order: Vec<WorkstreamId>,
    /// A note per workstream (replaces the earlier one).
    pub notes: Vec<(WorkstreamId, String)>,
    /// Items the agent marks done in its queue.
    pub done: Vec<WorkstreamId>,
}

/// Apply `change` to `agent`'s queue. Every workstream named must be the
/// agent's own: one that is not refuses the whole change, naming it.
/// Emits `QueueUpdated`.
pub fn update_queue(
    tx: &mut Tx<'_>,
    agent: &AgentId,
    project: &compass_core::id::ProjectId,
    change: &QueueChange,
) -> Result<Vec<WorkstreamId>> {
    let own: Vec<Workstream> = crate::workstreams::list(tx.conn(), project.as_str())?
        .into_iter()
        .filter(|w| &w.agent_id == agent)
        .collect();
    let named = change
        .order
        .iter()
        .chain(change.notes.iter().map(|(w, _)| w))
        .chain(change.done.iter());
    for id in named.clone() {
        if !own.iter().any(|w| &w.id == id) {
            return Err(StoreError::invalid(
                "workstream",
                format!("{id} is not in this agent's queue"),
            ));
        }
    }
    for (position, id) in (0_i64..).zip(change.order.iter()) {
        set(tx, row_of(id)?, Field::Position, &position)?;
    }
    // Unnamed items keep their relative order after the named ones.
    let mut rest: Vec<(Option<u32>, i64)> = Vec::new();
    for w in &own {
        if !change.order.contains(&w.id) {
            let row = row_of(&w.id)?;
            rest.push((entry(tx.conn(), &w.id)?.position, row));
        }
    }
    if !change.order.is_empty() {
        rest.sort_by_key(|(p, row)| (p.unwrap_or(u32::MAX), *row));
        let first = i64::try_from(change.order.len()).unwrap_or(i64::MAX);
        for (position, (_, row)) in (first..).zip(rest) {
            set(tx, row, Field::Position, &position)?;
        }
    }
    for (id, note) in &change.notes {
        set(tx, row_of(id)?, Field::Note, note)?;
    }
    for id in &change.done {
        set(tx, row_of(id)?, Field::Done, &true)?;
    }
    let mut touched: Vec<WorkstreamId> = named.cloned().collect();
    touched.sort();
    touched.dedup();
    tx.emit(NewEvent {
        scope: Scope {
            project_id: Some(project.clone()),
            agent_id: Some(agent.clone()),
            ..Scope::default()
        },
        kind: EventKind::QueueUpdated {
            workstream_ids: touched.clone(),
        },
    })?;
    Ok(touched)
}

/// An agent's queue: its workstreams that are not merged, in queue order
/// (reordered ones by place, then the rest oldest first).
pub fn queue(
    conn: &Connection,
    agent: &AgentId,
    project: &compass_core::id::ProjectId,
) -> Result<Vec<(Workstream, QueueEntry)>> {
    let mut items: Vec<(Workstream, QueueEntry)> =
        crate::workstreams::list(conn, project.as_str())?
            .into_iter()
            .filter(|w| {
                &w.agent_id == agent && w.state != compass_core::workstream::WorkstreamState::Merged
            })
            .map(|w| {
                let e = entry(conn, &w.id)?;
                Ok((w, e))
            })
            .collect::<Result<_>>()?;
    items.sort_by_key(|(w, e)| (e.position.unwrap_or(u32::MAX), w.id.row()));
    Ok(items)
}

/// A pull request Compass opened for one repo of a workstream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullRequest {
    pub workstream_id: WorkstreamId,
    pub repo: String,
    pub number: u64,
    pub url: String,
    /// The head commit it was last opened or updated at.
    pub head: String,
    /// Its state on the forge at the last poll.
    pub state: PullState,
    /// Review comment and check-run ids already handed to the agent.
    pub handed_back: Vec<String>,
}

/// A pull request's columns as [`PULL_COLUMNS`] selects them.
type PullRow = (i64, String, i64, String, String, String, String);

/// The columns [`decode_pull`] reads, in order.
const PULL_COLUMNS: &str = "workstream_id, repo, number, url, head, handed_back, state";

fn pull_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PullRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
    ))
}

fn decode_pull((row, repo, number, url, head, handed, state): PullRow) -> Result<PullRequest> {
    Ok(PullRequest {
        workstream_id: WorkstreamId::from_row(row),
        repo,
        number: u64::try_from(number)
            .map_err(|_| StoreError::corrupt("pull request number", number))?,
        url,
        head,
        handed_back: serde_json::from_str(&handed)
            .map_err(|e| StoreError::corrupt("handed-back ids", e))?,
        state: PullState::parse(&state)
            .ok_or_else(|| StoreError::corrupt("pull request state", &state))?,
    })
}

/// The pull request of `ws`'s `repo`, if one was opened.
pub fn pull_request(
    conn: &Connection,
    ws: &WorkstreamId,
    repo: &str,
) -> Result<Option<PullRequest>> {
    let row = row_of(ws)?;
    conn.query_row(
        &format!("SELECT {PULL_COLUMNS} FROM pull_requests WHERE workstream_id = ?1 AND repo = ?2"),
        params![row, repo],
        pull_row,
    )
    .optional()
    .map_err(StoreError::sql("reading a pull request"))?
    .map(decode_pull)
    .transpose()
}

/// The pull requests of the workstreams `ids` (in one query: a board reads
/// only its own cards'), by workstream, each in repo order.
pub fn pull_requests_of(
    conn: &Connection,
    ids: &[WorkstreamId],
) -> Result<BTreeMap<WorkstreamId, Vec<PullRequest>>> {
    let rows: Vec<i64> = ids.iter().filter_map(WorkstreamId::row).collect();
    let rows = serde_json::to_string(&rows).map_err(|e| StoreError::corrupt("row ids", e))?;
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {PULL_COLUMNS} FROM pull_requests \
             WHERE workstream_id IN (SELECT value FROM json_each(?1)) \
             ORDER BY workstream_id, repo"
        ))
        .map_err(StoreError::sql("listing pull requests"))?;
    let found: Vec<PullRow> = stmt
        .query_map([rows], pull_row)
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing pull requests"))?;
    let mut out: BTreeMap<WorkstreamId, Vec<PullRequest>> = BTreeMap::new();
    for pr in found {
        let pr = decode_pull(pr)?;
        out.entry(pr.workstream_id.clone()).or_default().push(pr);
    }
    Ok(out)
}

/// Record a pull request opened (`updated` false) or refreshed at a new
/// head. Emits `PullRequestOpened`.
pub fn record_pull_request(
    tx: &mut Tx<'_>,
    ws: &Workstream,
    repo: &str,
    number: u64,
    url: &str,
    head: &str,
    updated: bool,
) -> Result<()> {
    let row = row_of(&ws.id)?;
    tx.conn()
        .execute(
            "INSERT INTO pull_requests (workstream_id, repo, number, url, head, state) \
             VALUES (?1, ?2, ?3, ?4, ?5, 'open') ON CONFLICT (workstream_id, repo) DO UPDATE \
             SET number = excluded.number, url = excluded.url, head = excluded.head, \
                 state = 'open'",
            params![
                row,
                repo,
                i64::try_from(number).unwrap_or(i64::MAX),
                url,
                head
            ],
        )
        .map_err(StoreError::sql("recording a pull request"))?;
    let kind = EventKind::PullRequestOpened {
        workstream_id: ws.id.clone(),
        repo: repo.to_owned(),
        number,
        url: url.to_owned(),
        updated,
    };
    emit_about(tx, ws, kind)
}

/// Record the state the forge shows for `ws`'s pull request in `repo`.
/// Emits `PullRequestStateChanged` when it is not the one recorded.
pub fn set_pull_state(
    tx: &mut Tx<'_>,
    ws: &Workstream,
    repo: &str,
    state: PullState,
) -> Result<()> {
    let Some(pr) = pull_request(tx.conn(), &ws.id, repo)? else {
        return Ok(());
    };
    if pr.state == state {
        return Ok(());
    }
    let row = row_of(&ws.id)?;
    tx.conn()
        .execute(
            "UPDATE pull_requests SET state = ?1 WHERE workstream_id = ?2 AND repo = ?3",
            params![state.as_str(), row, repo],
        )
        .map_err(StoreError::sql("recording a pull request's state"))?;
    let kind = EventKind::PullRequestStateChanged {
        workstream_id: ws.id.clone(),
        repo: repo.to_owned(),
        number: pr.number,
        from: pr.state,
        to: state,
    };
    emit_about(tx, ws, kind)
}

/// Record feedback handed back to the agent: its ids are not handed again.
/// Emits `ForgeFeedback`.
pub fn record_feedback(
    tx: &mut Tx<'_>,
    ws: &Workstream,
    pr: &PullRequest,
    new_ids: &[String],
    comments: u32,
    failing_checks: u32,
) -> Result<()> {
    let row = row_of(&ws.id)?;
    let mut all = pr.handed_back.clone();
    all.extend(new_ids.iter().cloned());
    let encoded = serde_json::to_string(&all).map_err(|e| StoreError::corrupt("ids", e))?;
    tx.conn()
        .execute(
            "UPDATE pull_requests SET handed_back = ?1 WHERE workstream_id = ?2 AND repo = ?3",
            params![encoded, row, pr.repo],
        )
        .map_err(StoreError::sql("recording feedback"))?;
    let kind = EventKind::ForgeFeedback {
        workstream_id: ws.id.clone(),
        repo: pr.repo.clone(),
        number: pr.number,
        comments,
        failing_checks,
    };
    emit_about(tx, ws, kind)
}
