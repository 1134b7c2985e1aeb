//! Pickup: when a named (persistent) agent's workstream merges and it has
//! no other work in flight, its next workstream the user already made
//! (assigned, or a proposal approved) moves from backlog to in progress —
//! first by the agent's own queue order, then oldest. Only work the user
//! gave it: the Dispatcher never assigns or reorders on its own say, and an
//! agent that is paused, failed or ephemeral picks up nothing. With nothing
//! waiting, the agent is proposed its next backlog issue instead
//! (`proposals::propose_next`), for the user to approve.

use compass_core::agent::{AgentStatus, Lifetime};
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_store::{Store, StoreError, agents, channel, workstreams};

/// Move `merged`'s agent onto its next backlog workstream, if it is idle
/// now; the moved workstream, for the caller to settle like any move.
pub(crate) async fn next(
    store: &Store,
    merged: &Workstream,
) -> Result<Option<Workstream>, StoreError> {
    let (agent, project) = (merged.agent_id.clone(), merged.project_id.clone());
    store
        .write(move |tx| {
            let me = agents::get(tx.conn(), agent.as_str(), None)?;
            if me.lifetime != Lifetime::Persistent
                || matches!(
                    me.status,
                    AgentStatus::Paused | AgentStatus::Failed | AgentStatus::Retired
                )
            {
                return Ok(None);
            }
            let mine: Vec<Workstream> = workstreams::list(tx.conn(), project.as_str())?
                .into_iter()
                .filter(|w| w.agent_id == me.id)
                .collect();
            if mine.iter().any(|w| {
                matches!(
                    w.state,
                    WorkstreamState::InProgress | WorkstreamState::InReview
                )
            }) {
                return Ok(None);
            }
            let mut waiting = Vec::new();
            for w in mine
                .into_iter()
                .filter(|w| w.state == WorkstreamState::Backlog)
            {
                let entry = channel::entry(tx.conn(), &w.id)?;
                if !entry.done {
                    waiting.push((entry.position.unwrap_or(u32::MAX), w.id.row(), w));
                }
            }
            waiting.sort_by_key(|(position, row, _)| (*position, *row));
            let Some((_, _, next)) = waiting.into_iter().next() else {
                return Ok(None);
            };
            workstreams::set_state(tx, next.id.as_str(), WorkstreamState::InProgress).map(Some)
        })
        .await
}
