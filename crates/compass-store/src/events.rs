//! The event log: read any range by `seq`, and subscribe from any `seq` with
//! no gap and no duplicate, across the seam between stored and live events.

use crate::db::Store;
use crate::error::{Result, StoreError};
use compass_core::event::{Event, EventKind, Scope};
use compass_core::id::{AgentId, ProjectId, WorkstreamId};
use rusqlite::{Connection, Row, params};
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc};

/// Events read from disk per catch-up query.
const CATCH_UP_PAGE: u32 = 1024;

fn decode(row: &Row<'_>) -> rusqlite::Result<(i64, i64, [Option<String>; 4], String)> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        [row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?],
        row.get(6)?,
    ))
}

fn to_event((seq, at_ms, ids, payload): (i64, i64, [Option<String>; 4], String)) -> Result<Event> {
    let kind: EventKind =
        serde_json::from_str(&payload).map_err(|e| StoreError::corrupt("decoding an event", e))?;
    let [project, agent, workstream, tool_call] = ids;
    Ok(Event {
        seq: u64::try_from(seq).map_err(|e| StoreError::corrupt("event seq", e))?,
        at_ms,
        scope: Scope {
            project_id: project.map(ProjectId),
            agent_id: agent.map(AgentId),
            workstream_id: workstream.map(WorkstreamId),
            tool_call_id: tool_call,
        },
        kind,
    })
}

/// Up to `limit` events with `seq > after`, oldest first.
pub fn after(conn: &Connection, after: u64, limit: u32) -> Result<Vec<Event>> {
    let after = i64::try_from(after).unwrap_or(i64::MAX);
    let mut stmt = conn
        .prepare_cached(
            "SELECT seq, at_ms, project_id, agent_id, workstream_id, tool_call_id, payload
             FROM events WHERE seq > ?1 ORDER BY seq LIMIT ?2",
        )
        .map_err(StoreError::sql("reading events"))?;
    let rows = stmt
        .query_map(params![after, limit], decode)
        .map_err(StoreError::sql("reading events"))?;
    rows.map(|row| to_event(row.map_err(StoreError::sql("reading events"))?))
        .collect()
}

/// Up to `limit` events of the given kinds with `seq > after`, oldest first.
pub fn of_kinds(conn: &Connection, kinds: &[String], after: u64, limit: u32) -> Result<Vec<Event>> {
    let after = i64::try_from(after).unwrap_or(i64::MAX);
    let kinds =
        serde_json::to_string(kinds).map_err(|e| StoreError::corrupt("encoding kinds", e))?;
    let mut stmt = conn
        .prepare_cached(
            "SELECT seq, at_ms, project_id, agent_id, workstream_id, tool_call_id, payload
             FROM events WHERE kind IN (SELECT value FROM json_each(?1)) AND seq > ?2 ORDER BY seq LIMIT ?3",
        )
        .map_err(StoreError::sql("reading events by kind"))?;
    let rows = stmt
        .query_map(params![kinds, after, limit], decode)
        .map_err(StoreError::sql("reading events by kind"))?;
    rows.map(|row| to_event(row.map_err(StoreError::sql("reading events by kind"))?))
        .collect()
}

/// The events of one agent, newest `limit`, returned oldest first.
pub fn for_agent(conn: &Connection, agent: &AgentId, limit: u32) -> Result<Vec<Event>> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT seq, at_ms, project_id, agent_id, workstream_id, tool_call_id, payload
             FROM events WHERE agent_id = ?1 ORDER BY seq DESC LIMIT ?2",
        )
        .map_err(StoreError::sql("reading agent events"))?;
    let rows = stmt
        .query_map(params![agent.as_str(), limit], decode)
        .map_err(StoreError::sql("reading agent events"))?;
    let mut events: Vec<Event> = rows
        .map(|row| to_event(row.map_err(StoreError::sql("reading agent events"))?))
        .collect::<Result<_>>()?;
    events.reverse();
    Ok(events)
}

/// Every event with `seq > after_seq`, then every later one as it commits,
/// each exactly once and in order. The stream ends when the receiver is
/// dropped or the store closes; a read failure is delivered, then it ends.
pub fn subscribe(
    store: &Store,
    after_seq: u64,
    buffer: usize,
) -> mpsc::Receiver<Result<Arc<Event>>> {
    let (tx, rx) = mpsc::channel(buffer.max(1));
    // Listen before reading the disk, so nothing committed in between is
    // missed; anything seen twice is dropped by the seq cursor.
    let live = store.live();
    let store = store.clone();
    tokio::spawn(async move {
        if let Err(e) = pump(&store, after_seq, live, &tx).await {
            let _ = tx.send(Err(e)).await;
        }
    });
    rx
}

async fn pump(
    store: &Store,
    mut cursor: u64,
    mut live: broadcast::Receiver<Arc<Event>>,
    out: &mpsc::Sender<Result<Arc<Event>>>,
) -> Result<()> {
    loop {
        // Catch up from disk until it has nothing newer than the cursor.
        loop {
            let page = store
                .read(move |conn| after(conn, cursor, CATCH_UP_PAGE))
                .await?;
            let full = page.len() == CATCH_UP_PAGE as usize;
            for event in page {
                cursor = event.seq;
                if out.send(Ok(Arc::new(event))).await.is_err() {
                    return Ok(());
                }
            }
            if !full {
                break;
            }
        }
        // Then follow the live feed until it skips ahead or lags.
        loop {
            match live.recv().await {
                Ok(event) if event.seq <= cursor => {}
                Ok(event) if event.seq == cursor + 1 => {
                    cursor = event.seq;
                    if out.send(Ok(event)).await.is_err() {
                        return Ok(());
                    }
                }
                // A gap (an event published before we listened was missed)
                // or a lag: go back to the disk, which has everything.
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => break,
                Err(broadcast::error::RecvError::Closed) => return Ok(()),
            }
        }
    }
}
