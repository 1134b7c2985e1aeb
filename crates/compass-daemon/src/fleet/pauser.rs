//! Warden's one actuator besides the gate decision: `pause_agent` freezes
//! the agent's whole workload and records why. A workload that cannot be
//! frozen is stopped instead, and its agent failed (fail closed).

use super::running::Running;
use compass_core::agent::AgentStatus;
use compass_core::id::AgentId;
use compass_runtime::{RuntimeError, WorkloadRuntime};
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
            if let Err(source) = self.runtime.pause(&workload).await {
                fail_unfrozen(&self.store, &*self.runtime, &self.running, agent, &source).await;
                return Err(compass_warden::WardenError::Collaborator {
                    doing: format!("freezing agent {agent}'s workload"),
                    source: Box::new(source),
                });
            }
            let (id, note) = (
                agent.clone(),
                format!("{}{reason}", compass_core::agent::WARDEN_PAUSE_PREFIX),
            );
            if let Err(error) = self
                .store
                .write(move |tx| agents::set_status(tx, &id, AgentStatus::Paused, &note))
                .await
            {
                tracing::error!(%error, %agent, "could not record Warden's pause");
            }
            Ok(())
        })
    }
}

/// A pause that could not freeze the workload (the engine broke, say) must
/// not leave the agent running unwatched: the pause is Warden's one
/// actuator and the user's brake. Its run is ended — every process killed,
/// host-side when the engine cannot — and the agent failed with why.
/// Returns the reason recorded.
pub(crate) async fn fail_unfrozen(
    store: &Store,
    runtime: &dyn WorkloadRuntime,
    running: &Running,
    agent: &AgentId,
    error: &RuntimeError,
) -> String {
    let mut reason = format!("could not be frozen, so it was stopped: {error}");
    if let Some(live) = running.take(agent)
        && let Err(stop) = live.end(runtime).await
    {
        reason.push_str(&format!("; stopping: {stop}"));
    }
    let (id, why) = (agent.clone(), reason.clone());
    if let Err(error) = store
        .write(move |tx| agents::set_status(tx, &id, AgentStatus::Failed, &why))
        .await
    {
        tracing::error!(%error, %agent, "could not record a failed pause");
    }
    reason
}
