//! Running agents: for each started agent, its workload (with a full clone
//! of every repo in the project), its hook socket served by Warden, and its
//! ACP session, whose events flow into the store.
//!
//! Wiring only: workloads are `compass-runtime`'s, sessions `compass-acp`'s,
//! decisions Warden's; Warden and its collaborators are assembled at the
//! composition root (`serve.rs`) and handed in. The modules:
//! - `start`: an agent's start as named steps, undone by a rollback guard;
//! - `running`: the one map of starting and running agents (each run
//!   holds its hook, MCP and git socket tasks);
//! - `spec`, `provision`, `deliver`, `relay`: what the start steps build
//!   (workload spec, the agent inside it, its secrets, its push relay);
//! - `context`: reload and the seed of a fresh context;
//! - `workstreams`: worktrees per workstream and retirement on merge;
//! - `sink`, `pauser`: the event writer and Warden's pause actuator.

mod coalesce;
mod context;
mod deliver;
mod fold;
mod install;
mod memory;
mod once;
mod pauser;
mod provision;
mod relay;
mod review;
mod running;
mod shell;
mod sink;
mod spec;
mod start;
mod submodules;
mod workstreams;
mod zones;

pub(crate) use zones::TrunkHistories;

pub(crate) use pauser::WorkloadPauser;
pub(crate) use review::RepoReview;
pub(crate) use running::Running;
pub(crate) use shell::OpenShell;
pub(crate) use sink::StoreSink;
pub(crate) use spec::repo_names;

pub(crate) use crate::error::FleetError;
use crate::error::fleet_io as io;
use compass_acp::{KindRegistry, SessionDriver};
use compass_core::agent::{Agent, AgentStatus};
use compass_core::gate::Gate;
use compass_core::id::AgentId;
use compass_runtime::{WorkloadName, WorkloadRuntime};
use compass_store::{Store, agents};
use running::Live;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The pending hold of a memory file Warden flagged, if that is why a
/// start failed ([`memory`]).
fn held_by_memory(error: &FleetError) -> Option<&compass_acp::MemoryHold> {
    match error {
        FleetError::Acp(e) => held_by_memory_acp(e),
        _ => None,
    }
}

/// [`held_by_memory`] for a session's error.
fn held_by_memory_acp(error: &compass_acp::AcpError) -> Option<&compass_acp::MemoryHold> {
    match error {
        compass_acp::AcpError::MemoryHeld(hold) if hold.is_pending() => Some(hold),
        _ => None,
    }
}

/// Grace period before a stopping workload is killed.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// The running agents of this daemon.
pub(crate) struct Fleet {
    store: Store,
    agents_dir: PathBuf,
    runtime: Arc<dyn WorkloadRuntime>,
    /// Preinstalled agent CLIs on the host, mounted into every workload.
    agent_tools: Option<PathBuf>,
    kinds: KindRegistry,
    gate: Arc<dyn Gate>,
    /// The same Warden, for the user-state calls (on/off, lists, allow once).
    warden: Arc<compass_warden::Warden>,
    sink: Arc<StoreSink>,
    running: Running,
    /// Secret values at rest; materialized into workloads at start.
    secrets: crate::secrets::SecretStore,
    /// Warden's async watch over the event stream.
    watch: tokio::task::JoinHandle<()>,
    /// Secret values taken out of everything recorded.
    redaction: Arc<crate::redaction::Redaction>,
    /// Places a project's scope may not reach.
    protected: crate::scope::Protected,
    /// The push relay's byte cap and time limits.
    relay: crate::push_relay::RelayLimits,
    /// The agents' MCP channel (one for all agents; each socket binds it
    /// to its agent).
    channel: Arc<compass_dispatcher::mcp::Channel>,
    /// Told of every push the relay forwarded or refused.
    pushes: Arc<dyn crate::push_relay::PushObserver>,
    /// Held per install dir while a kind's agent is installed: concurrent
    /// starts of a kind install it once (`install::ensure_installed`), and
    /// a slow install holds back no other kind's start.
    installing: crate::serial::PerKey<std::path::PathBuf>,
}

impl std::fmt::Debug for Fleet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fleet")
            .field("backend", &self.runtime.backend())
            .finish_non_exhaustive()
    }
}

/// What the fleet runs agents with, assembled by the composition root.
pub(crate) struct FleetParts {
    pub(crate) store: Store,
    pub(crate) agents_dir: PathBuf,
    pub(crate) runtime: Arc<dyn WorkloadRuntime>,
    pub(crate) agent_tools: Option<PathBuf>,
    pub(crate) kinds: KindRegistry,
    pub(crate) warden: Arc<compass_warden::Warden>,
    /// Writes session and audit events (Warden records through it too).
    pub(crate) sink: Arc<StoreSink>,
    /// Shared with Warden's pauser and workload inspector.
    pub(crate) running: Running,
    /// Warden's async watch, ended at shutdown.
    pub(crate) watch: tokio::task::JoinHandle<()>,
    pub(crate) secrets: crate::secrets::SecretStore,
    pub(crate) redaction: Arc<crate::redaction::Redaction>,
    pub(crate) protected: crate::scope::Protected,
    pub(crate) relay: crate::push_relay::RelayLimits,
    pub(crate) channel: Arc<compass_dispatcher::mcp::Channel>,
    pub(crate) pushes: Arc<dyn crate::push_relay::PushObserver>,
}

impl Fleet {
    pub(crate) fn new(parts: FleetParts) -> Self {
        let FleetParts {
            store,
            agents_dir,
            runtime,
            agent_tools,
            kinds,
            warden,
            sink,
            running,
            watch,
            secrets,
            redaction,
            protected,
            relay,
            channel,
            pushes,
        } = parts;
        Self {
            store,
            agents_dir,
            runtime,
            agent_tools,
            kinds,
            gate: Arc::clone(&warden) as Arc<dyn Gate>,
            warden,
            sink,
            running,
            secrets,
            watch,
            redaction,
            protected,
            relay,
            channel,
            pushes,
            installing: crate::serial::PerKey::default(),
        }
    }

    /// The exact-value redaction (the service teaches it new secrets).
    pub(crate) fn redaction(&self) -> &crate::redaction::Redaction {
        &self.redaction
    }

    /// Where a project's scope may not reach (checked at creation too).
    pub(crate) fn protected(&self) -> &crate::scope::Protected {
        &self.protected
    }

    /// Refuse a kind this daemon cannot run, naming those it can.
    pub(crate) fn check_kind(&self, kind: &str) -> Result<(), String> {
        if self.kinds.get(kind).is_ok() {
            return Ok(());
        }
        let known: Vec<&str> = self.kinds.all().iter().map(|k| k.id.as_str()).collect();
        Err(format!(
            "{kind:?} is not a known agent kind; known kinds: {}",
            known.join(", ")
        ))
    }

    /// The agent kinds this daemon runs (built-in and the user's).
    pub(crate) fn kinds(&self) -> &KindRegistry {
        &self.kinds
    }

    /// The agents' MCP channel (the service answers questions through it).
    pub(crate) fn channel(&self) -> &compass_dispatcher::mcp::Channel {
        &self.channel
    }

    /// Warden, for the user-state calls.
    /// Hold `agent` while it is retired ([`Running::retiring`]).
    pub(crate) fn retiring(&self, agent: &Agent) -> Result<running::RetireHold, FleetError> {
        self.running.retiring(agent)
    }

    pub(crate) fn warden(&self) -> &compass_warden::Warden {
        &self.warden
    }

    pub(super) async fn agent(
        &self,
        key: &str,
        project: Option<&str>,
    ) -> Result<Agent, FleetError> {
        let (key, project) = (key.to_owned(), project.map(str::to_owned));
        Ok(self
            .store
            .read(move |c| agents::get(c, &key, project.as_deref()))
            .await?)
    }

    pub(super) async fn set_status(
        &self,
        agent: &AgentId,
        to: AgentStatus,
        reason: &str,
    ) -> Result<Agent, FleetError> {
        let (id, reason) = (agent.clone(), reason.to_owned());
        Ok(self
            .store
            .write(move |tx| agents::set_status(tx, &id, to, &reason))
            .await?)
    }

    pub(super) fn workload_name(agent: &Agent) -> Result<WorkloadName, FleetError> {
        let row = agent
            .id
            .row()
            .ok_or_else(|| FleetError::Invalid(format!("bad agent id {}", agent.id)))?;
        WorkloadName::parse(&format!("agt-{row}")).map_err(|e| FleetError::Invalid(e.to_string()))
    }

    /// The secret store (the service's secret RPCs use it directly).
    pub(crate) fn secrets(&self) -> &crate::secrets::SecretStore {
        &self.secrets
    }

    fn driver(&self, agent: &Agent) -> Result<Arc<SessionDriver>, FleetError> {
        self.running.driver(&agent.id).ok_or_else(|| {
            FleetError::State(format!(
                "agent {} is not running; start it with `compass agent start {}`",
                agent.name, agent.name
            ))
        })
    }

    /// A running agent that is not paused, with its session driver.
    pub(super) async fn awake(
        &self,
        key: &str,
        project: Option<&str>,
    ) -> Result<(Agent, Arc<SessionDriver>), FleetError> {
        let agent = self.agent(key, project).await?;
        if agent.status == AgentStatus::Paused {
            return Err(FleetError::State(format!(
                "agent {} is paused; resume it first",
                agent.name
            )));
        }
        let driver = self.driver(&agent)?;
        Ok((agent, driver))
    }

    /// Send a prompt; the turn runs in the background and streams as events.
    pub(crate) async fn prompt(
        &self,
        key: &str,
        project: Option<&str>,
        text: String,
    ) -> Result<(), FleetError> {
        let (agent, driver) = self.awake(key, project).await?;
        // A flagged result the agent's hook could not take back is still in
        // its context (the hook stopped it before its next model call):
        // that context restarts without it before the agent hears more.
        let restart = self.withheld_context(&agent).await?;
        let store = self.store.clone();
        tokio::spawn(async move {
            let restarted = match restart {
                Some((context, cwd)) => {
                    driver.set_context(context);
                    if let Some(cwd) = cwd {
                        driver.set_cwd(cwd);
                    }
                    driver.reset_context().await.map(drop)
                }
                None => Ok(()),
            };
            let turn = match restarted {
                Ok(()) => driver.prompt(&text).await.map(drop),
                Err(e) => Err(e),
            };
            if let Err(e) = turn {
                // A restart held by a flagged memory file left the agent
                // paused by Warden, waiting for the user's decision.
                if held_by_memory_acp(&e).is_some() {
                    return;
                }
                let id = agent.id.clone();
                let reason = format!("turn failed: {e}");
                let _ = store
                    .write(move |tx| agents::set_status(tx, &id, AgentStatus::Failed, &reason))
                    .await;
            }
        });
        Ok(())
    }

    pub(crate) async fn stop(&self, key: &str, project: Option<&str>) -> Result<Agent, FleetError> {
        let agent = self.agent(key, project).await?;
        let Some(live) = self.running.take(&agent.id) else {
            return Err(FleetError::State(format!(
                "agent {} is not running",
                agent.name
            )));
        };
        if let Err(error) = self.end_run(live).await {
            // Its processes are gone (killed host-side if need be), but
            // not cleanly: say so rather than leave it shown running.
            let reason = format!("stopping it failed: {error}");
            self.set_status(&agent.id, AgentStatus::Failed, &reason)
                .await?;
            return Err(error);
        }
        self.set_status(&agent.id, AgentStatus::Idle, "stopped")
            .await
    }

    /// End a run taken out of the running map ([`Live::end`]).
    pub(super) async fn end_run(&self, live: Live) -> Result<(), FleetError> {
        Ok(live.end(self.runtime.as_ref()).await?)
    }

    /// Freeze (`true`) or continue (`false`) the agent's whole process tree.
    pub(crate) async fn freeze(
        &self,
        key: &str,
        project: Option<&str>,
        frozen: bool,
    ) -> Result<Agent, FleetError> {
        let agent = self.agent(key, project).await?;
        let workload = self
            .running
            .workload(&agent.id)
            .ok_or_else(|| FleetError::State(format!("agent {} is not running", agent.name)))?;
        if frozen {
            if let Err(error) = self.runtime.pause(&workload).await {
                let reason = pauser::fail_unfrozen(
                    &self.store,
                    &*self.runtime,
                    &self.running,
                    &agent.id,
                    &error,
                )
                .await;
                return Err(FleetError::Unfrozen {
                    agent: agent.name.to_string(),
                    reason,
                });
            }
            self.set_status(&agent.id, AgentStatus::Paused, "paused by the user")
                .await
        } else {
            self.runtime.resume(&workload).await?;
            self.set_status(&agent.id, AgentStatus::Running, "resumed by the user")
                .await
        }
    }

    /// The workload tier and the protections it lacks.
    pub(crate) fn tier(&self) -> (&'static str, Vec<String>) {
        let missing = self
            .runtime
            .missing_protections()
            .iter()
            .map(|p| p.as_str().to_owned())
            .collect();
        (self.runtime.backend().as_str(), missing)
    }

    /// Start-up recovery: agent processes do not outlive the daemon that ran
    /// them, so agents the store still calls running or paused are marked
    /// idle, with what they were doing in the reason. Their workloads and
    /// clones stay; `start` adopts them.
    pub(crate) async fn recover(&self) -> Result<(), FleetError> {
        let stale: Vec<Agent> = self
            .store
            .read(|c| agents::list(c, None, false))
            .await?
            .into_iter()
            .filter(|a| matches!(a.status, AgentStatus::Running | AgentStatus::Paused))
            .collect();
        for agent in stale {
            let reason = format!(
                "the daemon restarted while it was {} ({}); start it again to continue",
                agent.status.as_str(),
                agent.status_reason
            );
            self.set_status(&agent.id, AgentStatus::Idle, &reason)
                .await?;
        }
        Ok(())
    }

    /// Stop every running agent (daemon shutdown).
    pub(crate) async fn stop_all(&self) {
        self.watch.abort();
        for (id, live) in self.running.take_all() {
            if let Err(error) = self.end_run(live).await {
                tracing::warn!(%error, agent = %id, "could not stop the agent's workload");
            }
            let _ = self
                .set_status(&id, AgentStatus::Idle, "daemon stopped")
                .await;
        }
    }
}
