//! An agent whose session is lost is failed at once. A session reports its
//! loss as one `SessionFailed` event — during a turn, or between turns when
//! the agent's stdout closes or its process exits with nothing pending — and
//! the event store marks the agent failed in the same write, so nobody waits
//! for a next prompt to find out. (A session ended on purpose — stop,
//! reload, shutdown — reports nothing.) A session lost while its agent is
//! still starting is the start's to report: the start fails at its session
//! step and records that step, so the loss does not overwrite it.

use compass_core::agent::AgentStatus;
use compass_core::event::{AgentUpdate, EventKind, NewEvent};
use compass_core::id::AgentId;
use compass_store::{StoreError, Tx};

/// `AcpError::MemoryHeld`'s code.
const MEMORY_HELD: &str = "memory_held";

/// The agent a `SessionFailed` event reports lost, and why. A launch held
/// by a memory file (`memory_held`) lost nothing: the hold is recorded by
/// whoever launched (paused by Warden while the user decides, or failed
/// with the reason), and is not overwritten here.
pub(crate) fn lost_agent(event: &NewEvent) -> Option<(AgentId, String)> {
    match (&event.kind, &event.scope.agent_id) {
        (
            EventKind::AgentUpdate {
                update: AgentUpdate::SessionFailed { code, .. },
            },
            _,
        ) if code == MEMORY_HELD => None,
        (
            EventKind::AgentUpdate {
                update: AgentUpdate::SessionFailed { message, .. },
            },
            Some(agent),
        ) => Some((agent.clone(), format!("session lost: {message}"))),
        _ => None,
    }
}

/// Mark `agent` failed if it was running (or paused). An agent that is not
/// (still starting, gone, retired) is left as it is: the event itself is
/// stored either way.
pub(crate) fn mark_failed(tx: &mut Tx<'_>, agent: &AgentId, why: &str) -> Result<(), StoreError> {
    let status = match compass_store::agents::get(tx.conn(), agent.as_str(), None) {
        Ok(found) => found.status,
        Err(StoreError::NotFound { .. }) => return Ok(()),
        Err(e) => return Err(e),
    };
    if !matches!(status, AgentStatus::Running | AgentStatus::Paused) {
        return Ok(());
    }
    match compass_store::agents::set_status(tx, agent, AgentStatus::Failed, why) {
        Ok(_) | Err(StoreError::Conflict(_) | StoreError::NotFound { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use compass_core::event::Scope;

    #[test]
    fn a_launch_held_by_a_memory_file_is_no_lost_session() {
        let held = compass_acp::AcpError::MemoryHeld(compass_acp::MemoryHold {
            file: "/work/app/CLAUDE.md".into(),
            kind: compass_acp::HoldKind::Flagged {
                hash: "a".repeat(64),
            },
            why: "flagged".into(),
        });
        let failed = |code: &str| NewEvent {
            scope: Scope {
                agent_id: Some(AgentId::from_row(1)),
                ..Scope::default()
            },
            kind: EventKind::AgentUpdate {
                update: AgentUpdate::SessionFailed {
                    code: code.into(),
                    message: held.to_string(),
                },
            },
        };
        assert_eq!(lost_agent(&failed(held.code())), None);
        assert!(lost_agent(&failed("agent_exited")).is_some());
    }
}
