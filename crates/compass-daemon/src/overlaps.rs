//! The board's overlap marker: for each in-flight workstream on a board,
//! the other in-flight workstreams changing the same files, read from the
//! conflict map as last stored (`proposals::refresh_conflicts` keeps it
//! and raises `workstreams_overlap` when a pair starts sharing files and
//! `workstreams_overlap_ended` when its diff moves off them; a workstream
//! entering or leaving flight raises them in the store's state change).
//! The board shows the overlaps as they stand now, and re-reads them on
//! those events.

use compass_core::id::{AgentId, WorkstreamId};
use compass_core::workstream::Workstream;
use compass_store::board::Board;
use compass_store::proposals::{self, Zones, shared_files};
use compass_store::{Connection, StoreError};
use std::collections::HashMap;

/// Another in-flight workstream sharing files with a card's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Overlap {
    pub(crate) workstream_id: WorkstreamId,
    pub(crate) agent_id: AgentId,
    pub(crate) agent_name: String,
    pub(crate) issue_key: String,
    /// `<repo>:<path>` of each shared file.
    pub(crate) paths: Vec<String>,
}

/// A card's in-flight workstream, with its lane's agent and its issue key.
struct Flying<'a> {
    ws: &'a Workstream,
    agent_name: String,
    issue_key: &'a str,
}

/// The overlaps of each in-flight workstream on `board` that shares files
/// with another one there (a workstream without any is absent).
pub(crate) fn of_board(
    conn: &Connection,
    board: &Board,
) -> Result<HashMap<WorkstreamId, Vec<Overlap>>, StoreError> {
    let mut flying = Vec::new();
    for row in &board.rows {
        let agent_name = row.agent.as_ref().map(|a| a.name.to_string());
        for (_, cards) in &row.columns {
            for card in cards {
                if let Some(ws) = card.workstream.as_ref().filter(|w| w.state.in_flight()) {
                    flying.push(Flying {
                        ws,
                        agent_name: agent_name.clone().unwrap_or_default(),
                        issue_key: &card.issue.key,
                    });
                }
            }
        }
    }
    let ids: Vec<WorkstreamId> = flying.iter().map(|f| f.ws.id.clone()).collect();
    let zones = proposals::zones_of(conn, &ids)?;
    let none = Zones::new();
    let zones_of = |f: &Flying<'_>| zones.get(&f.ws.id).unwrap_or(&none);
    let mut out: HashMap<WorkstreamId, Vec<Overlap>> = HashMap::new();
    for me in &flying {
        for other in flying.iter().filter(|o| o.ws.id != me.ws.id) {
            let paths = shared_files(zones_of(me), zones_of(other));
            if paths.is_empty() {
                continue;
            }
            out.entry(me.ws.id.clone()).or_default().push(Overlap {
                workstream_id: other.ws.id.clone(),
                agent_id: other.ws.agent_id.clone(),
                agent_name: other.agent_name.clone(),
                issue_key: other.issue_key.to_owned(),
                paths,
            });
        }
    }
    Ok(out)
}
