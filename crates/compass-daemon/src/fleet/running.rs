//! The one map of this daemon's agents that are starting or running. The
//! fleet, Warden's pauser and Warden's workload inspector all read it, so
//! "which workload is this agent's" has one answer.

use super::FleetError;
use compass_acp::SessionDriver;
use compass_core::agent::{Agent, AgentStatus};
use compass_core::id::AgentId;
use compass_runtime::{RuntimeError, WorkloadName, WorkloadRuntime};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A started agent: what its run holds, ended together by [`Live::end`].
pub(crate) struct Live {
    pub(crate) driver: Arc<SessionDriver>,
    pub(crate) workload: WorkloadName,
    /// Serves the agent's hook socket (Warden).
    pub(crate) hook: tokio::task::JoinHandle<()>,
    /// Serves the agent's MCP socket (the Dispatcher's tools).
    pub(crate) mcp: tokio::task::JoinHandle<()>,
    /// Serves the workload's git socket (the push relay).
    pub(crate) relay: tokio::task::JoinHandle<()>,
    /// Serves the agent's model gateway socket, for a gateway kind.
    pub(crate) gateway: Option<tokio::task::JoinHandle<()>>,
}

impl Live {
    /// End this run: its session, hook and MCP sockets, push relay and
    /// every process of its workload (the workload itself and its clones
    /// stay). The one teardown of stop, stop-all, a failed agent's restart
    /// and a workload that could not be frozen.
    pub(crate) async fn end(self, runtime: &dyn WorkloadRuntime) -> Result<(), RuntimeError> {
        // A frozen tree must thaw before it can be told to exit.
        let _ = runtime.resume(&self.workload).await;
        self.driver.shutdown().await;
        self.hook.abort();
        self.mcp.abort();
        self.relay.abort();
        if let Some(gateway) = &self.gateway {
            gateway.abort();
        }
        runtime.stop(&self.workload, super::STOP_GRACE).await
    }
}

/// Where an agent of this daemon is in its run.
enum Slot {
    /// `start` is under way; no other start or stop may touch it.
    Starting,
    /// It is being retired; no start may begin.
    Retiring,
    Live(Live),
}

/// Agents being started or running, by id. Cheap to clone (shared).
#[derive(Clone, Default)]
pub(crate) struct Running(Arc<Mutex<HashMap<AgentId, Slot>>>);

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running")
            .field("agents", &self.lock().len())
            .finish()
    }
}

impl Running {
    fn lock(&self) -> MutexGuard<'_, HashMap<AgentId, Slot>> {
        // No code holding the lock can panic halfway through a change.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The workload of a running agent (`None` while it starts).
    pub(crate) fn workload(&self, agent: &AgentId) -> Option<WorkloadName> {
        match self.lock().get(agent) {
            Some(Slot::Live(live)) => Some(live.workload.clone()),
            _ => None,
        }
    }

    /// The session of a running agent.
    pub(crate) fn driver(&self, agent: &AgentId) -> Option<Arc<SessionDriver>> {
        match self.lock().get(agent) {
            Some(Slot::Live(live)) => Some(Arc::clone(&live.driver)),
            _ => None,
        }
    }

    pub(crate) fn is_live(&self, agent: &AgentId) -> bool {
        matches!(self.lock().get(agent), Some(Slot::Live(_)))
    }

    /// Claim `agent` for a start without holding any lock while it runs
    /// (cloning takes a while; other agents must not wait). A failed
    /// agent's leftover run is handed back to be ended first.
    pub(crate) fn claim(&self, agent: &Agent) -> Result<(StartClaim, Option<Live>), FleetError> {
        let mut map = self.lock();
        let previous = match map.remove(&agent.id) {
            None => None,
            Some(busy @ (Slot::Starting | Slot::Retiring)) => {
                let what = if matches!(busy, Slot::Starting) {
                    "already starting"
                } else {
                    "being retired"
                };
                map.insert(agent.id.clone(), busy);
                return Err(FleetError::State(format!("agent {} is {what}", agent.name)));
            }
            Some(Slot::Live(live)) if agent.status != AgentStatus::Failed => {
                map.insert(agent.id.clone(), Slot::Live(live));
                return Err(FleetError::State(format!(
                    "agent {} is already running",
                    agent.name
                )));
            }
            // A failed agent's session is gone; what is left of its run is
            // ended before the new start.
            Some(Slot::Live(live)) => Some(live),
        };
        map.insert(agent.id.clone(), Slot::Starting);
        let claim = StartClaim {
            running: self.clone(),
            agent: Some(agent.id.clone()),
        };
        Ok((claim, previous))
    }

    /// Hold `agent` while it is retired, so no start begins meanwhile. A
    /// start under way refuses the retire: it would go on and run the
    /// agent with nothing Warden keeps for it (its submodule list).
    pub(crate) fn retiring(&self, agent: &Agent) -> Result<RetireHold, FleetError> {
        let mut map = self.lock();
        match map.get(&agent.id) {
            Some(Slot::Starting | Slot::Retiring) => Err(FleetError::State(format!(
                "agent {} is starting (or being retired); retire it once its start has ended",
                agent.name
            ))),
            // Whether a run may be retired is the store's rule (its status).
            Some(Slot::Live(_)) => Ok(RetireHold {
                _held: StartClaim {
                    running: self.clone(),
                    agent: None,
                },
            }),
            None => {
                map.insert(agent.id.clone(), Slot::Retiring);
                Ok(RetireHold {
                    _held: StartClaim {
                        running: self.clone(),
                        agent: Some(agent.id.clone()),
                    },
                })
            }
        }
    }

    /// Take a running agent's run out of the map (to end it).
    pub(crate) fn take(&self, agent: &AgentId) -> Option<Live> {
        let mut map = self.lock();
        match map.remove(agent)? {
            Slot::Live(live) => Some(live),
            busy @ (Slot::Starting | Slot::Retiring) => {
                map.insert(agent.clone(), busy);
                None
            }
        }
    }

    /// Take every running agent's run (daemon shutdown).
    pub(crate) fn take_all(&self) -> Vec<(AgentId, Live)> {
        let mut map = self.lock();
        let ids: Vec<AgentId> = map
            .iter()
            .filter(|(_, slot)| matches!(slot, Slot::Live(_)))
            .map(|(id, _)| id.clone())
            .collect();
        ids.into_iter()
            .filter_map(|id| match map.remove(&id) {
                Some(Slot::Live(live)) => Some((id, live)),
                _ => None,
            })
            .collect()
    }
}

/// An agent being started; its slot is released when the start ends
/// either way, or becomes the agent's run on [`StartClaim::finish`].
pub(crate) struct StartClaim {
    running: Running,
    agent: Option<AgentId>,
}

impl StartClaim {
    /// The start succeeded: the agent is running.
    pub(crate) fn finish(mut self, live: Live) {
        if let Some(agent) = self.agent.take() {
            self.running.lock().insert(agent, Slot::Live(live));
        }
    }
}

impl Drop for StartClaim {
    fn drop(&mut self) {
        if let Some(agent) = self.agent.take() {
            let mut map = self.running.lock();
            if matches!(map.get(&agent), Some(Slot::Starting | Slot::Retiring)) {
                map.remove(&agent);
            }
        }
    }
}

/// An agent held while it is retired; released when dropped.
pub(crate) struct RetireHold {
    _held: StartClaim,
}
