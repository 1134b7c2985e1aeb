//! Warden's one actuator besides the gate decision: `pause_agent` freezes
//! the agent's whole workload and records why.

use super::running::Running;
use compass_core::agent::AgentStatus;
use compass_core::id::AgentId;
use compass_runtime::WorkloadRuntime;
use compass_store::{Store, agents};
use std::sync::Arc;

/// Warden's actuator: freeze the agent's whole workload and mark it paused.
#[derive(Debug)]
pub(crate) struct WorkloadPauser {
    pub(crate) store: Store,
    pub(crate) runtime: Arc<dyn WorkloadRuntime>,
    pub(crate) running: Running,
}

impl compass_warden::pause::AgentPauser for WorkloadPauser {
    fn pause_agent<'a>(
        &'a self,
        agent: &'a AgentId,
        reason: &'a str,
    ) -> compass_warden::pause::PauseFuture<'a> {
        Box::pin(async move {
            let workload = self.running.workload(agent);
            // An agent that is not running has nothing to freeze, and must
            // not be marked paused (it would look live to the user).
            let Some(workload) = workload else {
                return Err(compass_warden::WardenError::Pause(format!(
                    "agent {agent} is not running; nothing to pause"
                )));
            };
            let frozen = self.runtime.pause(&workload).await.map_err(|source| {
                compass_warden::WardenError::Collaborator {
                    doing: format!("freezing agent {agent}'s workload"),
                    source: Box::new(source),
                }
            });
            let (id, note) = (agent.clone(), format!("paused by Warden: {reason}"));
            if let Err(error) = self
                .store
                .write(move |tx| agents::set_status(tx, &id, AgentStatus::Paused, &note))
                .await
            {
                tracing::error!(%error, %agent, "could not record Warden's pause");
            }
            frozen
        })
    }
}
