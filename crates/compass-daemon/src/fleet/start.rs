//! An agent's start, as named steps: its kind's install (once, in a
//! workload of its own) and program, its workload (created and cloned on
//! first start, adopted after a restart), its configuration and hooks, its
//! secrets, its model gateway, its hook and MCP sockets, its push relay, its worktrees and its ACP
//! session. What the steps did is recorded in a [`Rollback`] guard: when a
//! later step fails, everything done so far is undone (tasks ended, sockets
//! removed, the workload's processes stopped) and the agent is marked
//! failed with the step and the reason; nothing half-started stays behind.

use super::provision::{DEFAULT_SCENARIO, scripted_runs_hooks, write_config};
use super::running::Live;
use super::spec::{directory_mounts, first_clone, repo_names, repo_sources};
use super::{Fleet, FleetError, STOP_GRACE, io};
use agent_client_protocol::v1::schema::{McpServer, McpServerStdio};
use compass_acp::{AgentKind, HookTransport, SessionDriver};
use compass_core::agent::{Agent, AgentStatus};
use compass_core::event::Scope;
use compass_core::id::AgentId;
use compass_core::project::Project;
use compass_runtime::layout::{InnerPaths, Layout};
use compass_runtime::{WorkloadName, WorkloadRuntime, WorkloadSpec, repos};
use compass_store::{Store, agents, projects};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::task::{AbortHandle, JoinHandle};

/// The agent's hook socket in its run dir (`/run/compass/hook.sock` inside
/// an isolated workload): the socket is the agent's identity.
pub(super) const HOOK_SOCKET: &str = "hook.sock";

/// The agent's MCP socket in its run dir (`/run/compass/mcp.sock` inside
/// an isolated workload): the Dispatcher's tools, bound to this agent.
pub(super) const MCP_SOCKET: &str = "mcp.sock";

/// The steps of a start, in order; a failed one names itself in the
/// agent's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The kind's agent installed where no agent can write it (once per
    /// kind and script), and its program found there.
    Install,
    /// Create and clone, or adopt, the workload.
    Workload,
    /// Learn the submodules of the user's repos for Warden.
    Submodules,
    /// Hook config and scenario into the read-only config dir.
    Configure,
    /// The kind's install and hook-wiring steps inside the workload.
    Provision,
    /// Credentials and granted secrets into the workload.
    Secrets,
    /// Bind and serve the agent's model gateway socket (a gateway kind).
    Gateway,
    /// Bind and serve the agent's hook socket.
    HookSocket,
    /// Bind and serve the agent's MCP socket (the Dispatcher's tools).
    McpSocket,
    /// The push relay and its git socket.
    Relay,
    /// Each workstream's worktrees.
    Worktrees,
    /// The ACP session.
    Session,
}

impl Step {
    fn as_str(self) -> &'static str {
        match self {
            Self::Install => "install",
            Self::Workload => "workload",
            Self::Submodules => "submodules",
            Self::Configure => "configure",
            Self::Provision => "provision",
            Self::Secrets => "secrets",
            Self::Gateway => "model gateway",
            Self::HookSocket => "hook socket",
            Self::McpSocket => "mcp socket",
            Self::Relay => "push relay",
            Self::Worktrees => "worktrees",
            Self::Session => "session",
        }
    }
}

/// What a start works on, resolved before anything is changed.
struct Plan {
    agent: Agent,
    kind: AgentKind,
    project: Project,
    workload: WorkloadName,
    state_dir: PathBuf,
    spec: WorkloadSpec,
    inner: InnerPaths,
}

impl Plan {
    fn layout(&self) -> Layout {
        Layout::new(&self.state_dir)
    }
}

impl Fleet {
    /// Start an agent; see the module header for the steps.
    pub(crate) async fn start(
        &self,
        key: &str,
        project: Option<&str>,
        scenario: Option<String>,
        granted: &[String],
    ) -> Result<Agent, FleetError> {
        let retired = |agent: &Agent| FleetError::State(format!("agent {} is retired", agent.name));
        let agent = self.agent(key, project).await?;
        if agent.status == AgentStatus::Retired {
            return Err(retired(&agent));
        }
        let (claim, previous) = self.running.claim(&agent)?;
        if let Some(live) = previous {
            self.end_run(live).await?;
        }
        // Read again under the claim: a retire either ended before it (and
        // is seen here) or is refused until this start ends.
        let agent = self.agent(key, project).await?;
        if agent.status == AgentStatus::Retired {
            return Err(retired(&agent));
        }
        // Refusals (bad kind, scope) change nothing: no rollback needed.
        let mut plan = self.plan(agent).await?;
        let mut rollback = Rollback::new(self, &plan.agent.id);
        match self
            .run_steps(&mut plan, &mut rollback, scenario, granted)
            .await
        {
            Ok(live) => {
                rollback.disarm();
                claim.finish(live);
                self.set_status(&plan.agent.id, AgentStatus::Running, "started")
                    .await
            }
            Err((step, error)) => {
                let reason = format!("could not start ({}): {error}", step.as_str());
                rollback.undo(&reason).await;
                // A memory file Warden flagged holds the start until the
                // user decides: the agent waits paused by Warden (the
                // board lists it), the reason naming the file and hash.
                if let Some(hold) = super::held_by_memory(&error) {
                    let why = format!("{}{hold}", compass_core::agent::WARDEN_PAUSE_PREFIX);
                    self.set_status(&plan.agent.id, AgentStatus::Paused, &why)
                        .await?;
                }
                Err(error)
            }
        }
    }

    /// Resolve the agent's kind and project, check its scope again (a
    /// symlink may point elsewhere by now) and build its workload spec.
    async fn plan(&self, agent: Agent) -> Result<Plan, FleetError> {
        let kind = self
            .kinds
            .get(agent.kind.as_str())
            .map_err(|e| FleetError::Invalid(format!("kind: {e}")))?
            .clone();
        let project_id = agent.project_id.to_string();
        let project = self
            .store
            .read(move |c| projects::get(c, &project_id))
            .await?;
        self.protected
            .check_project(&project.repos, &project.directories)
            .map_err(|e| {
                FleetError::State(format!(
                    "agent {} not started: project {}'s {e}",
                    agent.name, project.name
                ))
            })?;
        let workload = Self::workload_name(&agent)?;
        let state_dir = self.agents_dir.join(workload.as_str());
        let spec = self.workload_spec(&agent, &kind, &project, &workload, &state_dir)?;
        let inner = self.runtime.inner_paths(&state_dir);
        Ok(Plan {
            agent,
            kind,
            project,
            workload,
            state_dir,
            spec,
            inner,
        })
    }

    /// The agent's workload spec: its kind's, plus the project's
    /// directories, none reaching the control socket.
    fn workload_spec(
        &self,
        agent: &Agent,
        kind: &AgentKind,
        project: &Project,
        workload: &WorkloadName,
        state_dir: &std::path::Path,
    ) -> Result<WorkloadSpec, FleetError> {
        let mut spec = self.spec(agent, kind, workload, state_dir)?;
        spec.mounts.extend(directory_mounts(&project.directories)?);
        self.check_socket_unreachable(&spec)?;
        Ok(spec)
    }

    /// The steps in order, each recording in `rollback` what it did.
    async fn run_steps(
        &self,
        plan: &mut Plan,
        rollback: &mut Rollback,
        scenario: Option<String>,
        granted: &[String],
    ) -> Result<Live, (Step, FleetError)> {
        let at = |step: Step| move |e: FleetError| (step, e);
        // Before the workload: it mounts the install dir, read-only. The
        // program is found at every start, by absolute path.
        self.ensure_installed(&plan.kind)
            .await
            .map_err(at(Step::Install))?;
        let mut programs = self.programs(&plan.kind).map_err(at(Step::Install))?;
        let execute_only = self
            .execute_only_program(&plan.kind)
            .map_err(at(Step::Install))?;
        // Again, now that the install dir it mounts exists.
        plan.spec = self
            .workload_spec(
                &plan.agent,
                &plan.kind,
                &plan.project,
                &plan.workload,
                &plan.state_dir,
            )
            .map_err(at(Step::Install))?;
        let plan = &*plan;
        rollback.workload = Some(plan.workload.clone());
        self.step_workload(plan).await.map_err(at(Step::Workload))?;
        // Read back at every start (after a daemon restart too): listed
        // in the host-owned clone before it became the agent's, so they
        // name the clone's base, not the source repo or remote now.
        let submodules = super::submodules::learn(&plan.project, &plan.state_dir)
            .map_err(at(Step::Submodules))?;
        self.warden.set_submodules(&plan.agent.id, submodules);
        let hooked = self
            .step_configure(plan, scenario.as_deref())
            .map_err(at(Step::Configure))?;
        if let Some(native) = &execute_only {
            programs.agent = native
                .name()
                .and_then(|name| {
                    execute_only_copy(
                        &plan.layout().config,
                        &plan.inner.config,
                        native,
                        compass_acp::kinds::EXECUTE_ONLY_DIR,
                        name,
                    )
                })
                .map_err(at(Step::Configure))?;
        }
        // A hooked agent's tool calls must each reach its hook; the watch
        // pauses it when they stop (its settings removed or replaced).
        self.warden.expect_hooks(&plan.agent.id, hooked);
        rollback.hooks_expected = hooked;
        let config_dir = plan.inner.config.display().to_string();
        self.provision_kind(&plan.workload, &plan.kind, &config_dir)
            .await
            .map_err(at(Step::Provision))?;
        // A gateway kind's agent presents a token of this start's to its
        // gateway, delivered to the agent process alone with the secrets.
        let token = self
            .gateway_active(&plan.kind)
            .then(crate::gateway::GatewayToken::fresh);
        // Before the agent process exists, so its spawn gets the env secrets.
        self.deliver_secrets(
            &plan.agent,
            &plan.kind,
            &plan.workload,
            &plan.state_dir,
            granted,
            token.as_ref(),
        )
        .await
        .map_err(at(Step::Secrets))?;
        // Before the agent process exists: its first request finds it.
        let gateway = self
            .step_gateway(plan, token, rollback)
            .map_err(at(Step::Gateway))?;
        let hook = self
            .step_hook_socket(plan, rollback)
            .map_err(at(Step::HookSocket))?;
        let mcp = self
            .step_mcp_socket(plan, rollback)
            .map_err(at(Step::McpSocket))?;
        rollback
            .sockets
            .push(plan.layout().run.join(crate::push_relay::SOCKET));
        let relay = self
            .start_relay(
                &plan.agent,
                &plan.workload,
                &plan.state_dir,
                &plan.project.repos,
            )
            .await
            .map_err(at(Step::Relay))?;
        rollback.tasks.push(relay.abort_handle());
        let cwd = self
            .step_worktrees(plan)
            .await
            .map_err(at(Step::Worktrees))?;
        let driver = self
            .step_session(plan, cwd, &programs)
            .await
            .map_err(at(Step::Session))?;
        Ok(Live {
            driver,
            workload: plan.workload.clone(),
            hook,
            mcp,
            relay,
            gateway,
        })
    }

    /// Only a completely provisioned workload is adopted (after a daemon
    /// restart; after a plain stop the runtime still knows it); a half-made
    /// one, cut short by a killed daemon, is built again.
    async fn step_workload(&self, plan: &Plan) -> Result<(), FleetError> {
        let runtime = self.runtime.as_ref();
        if runtime.exists(&plan.workload).await? || plan.layout().is_complete() {
            repos::adopt_agent(runtime, &plan.spec).await?;
        } else {
            let sources = repo_sources(&plan.project.repos)?;
            // A private forge or SSH repo is cloned with its bound secret,
            // lent to that repo's host-side clone only, while it runs.
            let helper = super::spec::host_bin_dir()?.join(crate::push_relay::HELPER);
            let lent = crate::remote_auth::ReposAuth::start(&self.secrets, &helper, &sources)?;
            repos::provision_agent(runtime, &plan.spec, &sources, lent.auth()).await?;
        }
        Ok(())
    }

    /// Hook config and scenario go in the config dir, read-only inside.
    /// Returns whether the agent's tool calls run through its hooks.
    fn step_configure(&self, plan: &Plan, scenario: Option<&str>) -> Result<bool, FleetError> {
        let layout = plan.layout();
        let config_dir = plan.inner.config.display().to_string();
        // The one place hook configs are rendered: the agent's hook
        // time-out is always above Compass's own deadline (Warden's rule).
        let agent_timeout =
            compass_warden::hook::agent_timeout(compass_warden::hook::HOOK_DEADLINE);
        let transport = plan
            .kind
            .hook_transport(compass_runtime::relay::serves_http_hooks(
                self.runtime.backend(),
                &plan.spec.egress,
            ));
        tracing::info!(agent = %plan.agent.name, transport = transport.transport.as_str(), why = %transport.why, "hook transport");
        let config = match transport.transport {
            HookTransport::Http => plan.kind.http_hook_config(&config_dir, agent_timeout),
            HookTransport::Command => {
                plan.kind
                    .hook_config_calling(&self.hook_command()?, &config_dir, agent_timeout)
            }
        };
        if let Some((rel, body)) = config {
            write_config(&layout.config.join(rel), &body)?;
        }
        // Config the agent's program reads that the agent must not write
        // (OpenCode's provider config): rendered here, read-only inside.
        let rendered = plan
            .kind
            .rendered(&plan.spec.env, &config_dir)
            .map_err(|e| {
                FleetError::State(format!(
                    "rendering {}'s config failed: {e}",
                    plan.kind.display_name
                ))
            })?;
        for (rel, body) in rendered {
            write_config(&layout.config.join(rel), &body)?;
        }
        if plan.kind.provision.own_git {
            // A copy, not a link: the agent's program runs its `git` with
            // its whole environment (its model key), and only a program its
            // user cannot read starts non-dumpable, unreadable from `/proc`
            // by the agent's tools from its first instruction.
            execute_only_copy(
                &layout.config,
                &plan.inner.config,
                &super::install::ProgramFile {
                    root: super::spec::host_bin_dir()?,
                    rel: compass_acp::CONFINE_BINARY.into(),
                },
                compass_acp::kinds::own_git::OWN_GIT_DIR,
                compass_acp::kinds::own_git::GIT_NAME.as_ref(),
            )?;
        }
        if plan.kind.provision.confine_shell {
            confine_link(
                &layout.config,
                &self.inner_bin()?,
                compass_acp::kinds::CONFINE_SHELL_DIR,
                compass_acp::kinds::CONFINE_SHELL_NAME,
            )?;
        }
        let mut hooked = plan.kind.hooks.pre_tool;
        if plan.kind.id == "scripted" {
            let scenario = scenario.unwrap_or(DEFAULT_SCENARIO);
            write_config(&layout.config.join("scripted/scenario.toml"), scenario)?;
            // The test double can play an agent whose own tools no hook
            // gates (`native_hooks = false`).
            hooked &= scripted_runs_hooks(scenario);
        }
        Ok(hooked)
    }

    /// A gateway kind's model gateway (`crate::gateway`): its socket in
    /// the run dir, where the workload's forwarder (and egress proxy)
    /// reach it; it answers only requests that carry `token` (this start's,
    /// delivered to the agent process alone), and reads the key from the
    /// secret store at each request (a key that is not set, or is bound to
    /// a remote, is not used: the request is answered with why).
    fn step_gateway(
        &self,
        plan: &Plan,
        token: Option<crate::gateway::GatewayToken>,
        rollback: &mut Rollback,
    ) -> Result<Option<JoinHandle<()>>, FleetError> {
        let socket = plan
            .layout()
            .run
            .join(compass_runtime::relay::GATEWAY_SOCKET_NAME);
        let _ = fs_err::remove_file(&socket);
        let Some((g, upstream)) = self.gateway_for(&plan.kind)? else {
            return Ok(None);
        };
        // Fail closed: a gateway is never served without a token.
        let token = token.ok_or_else(|| {
            FleetError::State(format!(
                "the model gateway of {} has no token for this start",
                plan.agent.id
            ))
        })?;
        let gateway = crate::gateway::Gateway::new(crate::gateway::GatewaySetup {
            agent: plan.agent.id.to_string(),
            kind: plan.kind.id.clone(),
            scheme: g.scheme,
            search: crate::gateway::ProviderSearch::of(g),
            token,
            keys: Box::new(crate::gateway::StoreKey {
                store: self.secrets.clone(),
                name: g.credential.clone(),
            }),
            upstream,
            limits: crate::gateway::Limits::default(),
        })
        .map_err(|e| FleetError::State(e.to_string()))?;
        rollback.sockets.push(socket.clone());
        let listener = tokio::net::UnixListener::bind(&socket)
            .map_err(io(format!("binding {}", socket.display())))?;
        let task = tokio::spawn(crate::gateway::serve(listener, Arc::new(gateway)));
        rollback.tasks.push(task.abort_handle());
        Ok(Some(task))
    }

    /// The hook socket is the agent's identity: a hook cannot speak for
    /// another.
    fn step_hook_socket(
        &self,
        plan: &Plan,
        rollback: &mut Rollback,
    ) -> Result<JoinHandle<()>, FleetError> {
        let socket = plan.layout().run.join(HOOK_SOCKET);
        let _ = fs_err::remove_file(&socket);
        rollback.sockets.push(socket.clone());
        let listener = tokio::net::UnixListener::bind(&socket)
            .map_err(io(format!("binding {}", socket.display())))?;
        let task = tokio::spawn(compass_warden::hook::serve_hook_socket(
            listener,
            plan.agent.id.clone(),
            Arc::clone(&self.gate),
        ));
        rollback.tasks.push(task.abort_handle());
        Ok(task)
    }

    /// The MCP socket is the agent's identity too: every call through it
    /// acts for this agent only (`compass_dispatcher::mcp`).
    fn step_mcp_socket(
        &self,
        plan: &Plan,
        rollback: &mut Rollback,
    ) -> Result<JoinHandle<()>, FleetError> {
        let socket = plan.layout().run.join(MCP_SOCKET);
        let _ = fs_err::remove_file(&socket);
        rollback.sockets.push(socket.clone());
        let listener = tokio::net::UnixListener::bind(&socket)
            .map_err(io(format!("binding {}", socket.display())))?;
        let task = tokio::spawn(compass_dispatcher::mcp::serve_mcp_socket(
            listener,
            plan.agent.id.clone(),
            Arc::clone(&self.channel),
        ));
        rollback.tasks.push(task.abort_handle());
        Ok(task)
    }

    /// Each workstream of the agent gets its worktrees; the session works
    /// in the one in progress, else in the first clone.
    async fn step_worktrees(&self, plan: &Plan) -> Result<PathBuf, FleetError> {
        let names = repo_names(&plan.project.repos)?;
        let mut cwd = first_clone(&plan.inner.work, &plan.project.repos);
        for (ws, key) in self.workstreams_of(&plan.agent).await? {
            let trees = self
                .ensure_worktrees(&plan.workload, &plan.state_dir, &key, &ws.branch, &names)
                .await?;
            if ws.state == compass_core::workstream::WorkstreamState::InProgress
                && let Some(first) = trees.first()
            {
                cwd = first.clone();
            }
        }
        Ok(cwd)
    }

    async fn step_session(
        &self,
        plan: &Plan,
        cwd: PathBuf,
        programs: &compass_acp::Programs,
    ) -> Result<Arc<SessionDriver>, FleetError> {
        let config_dir = plan.inner.config.display().to_string();
        let agent = &plan.agent;
        let mut config = plan.kind.session_config(
            agent.id.clone(),
            plan.workload.clone(),
            cwd,
            &config_dir,
            &[],
            programs,
        )?;
        config.scope = Scope {
            project_id: Some(agent.project_id.clone()),
            ..Scope::default()
        };
        config.allowed_roots = vec![plan.inner.work.clone()];
        // Config places the kind would load from that the agent can write
        // (OpenCode's project `.opencode/`) are empty and read-only to it.
        // A restart redoes both: the masks for the directory it starts
        // in, and the wire step that rewrites configs the agent can reach.
        config.relaunch = compass_acp::Relaunch {
            masked: plan.kind.provision.masked.clone(),
            work_root: plan.inner.work.clone(),
            home: plan.inner.home.clone(),
            prepare: super::provision::wire_spec(&plan.kind, &config_dir),
        };
        config.launch.masks = config.relaunch.masks(&config.cwd);
        // Git for the host reads the agent's worktree only through a view
        // git dir in its read-only config dir (mended for older workloads).
        let layout = compass_runtime::Layout::new(&plan.state_dir);
        compass_runtime::git::write_views(&layout.config)?;
        config.git_views = plan.inner.config.join(compass_core::safe_git::VIEW_DIR);
        // The Dispatcher's tools, as a stdio MCP server the agent launches
        // inside its workload: the shim relays to the agent's MCP socket.
        let compass = self.inner_bin()?.join("compass");
        let socket = plan.inner.run.join(MCP_SOCKET).display().to_string();
        config.mcp_servers = vec![McpServer::Stdio(
            McpServerStdio::new("compass", compass).args(vec![
                "mcp".to_owned(),
                "--socket".to_owned(),
                socket,
            ]),
        )];
        // Warden's audit sink records every decision as an event already.
        config.emit_gate_decisions = false;
        // The memory files the agent loads at each launch, inspected first.
        config.memory = Some(Arc::new(super::memory::MemoryInspector {
            agent: agent.id.clone(),
            spec: plan.kind.memory.clone(),
            work: super::memory::Place {
                host: layout.work.clone(),
                inner: plan.inner.work.clone(),
            },
            home: super::memory::Place {
                host: layout.home.clone(),
                inner: plan.inner.home.clone(),
            },
            warden: Arc::clone(&self.warden),
            running: self.running.clone(),
            pauser: super::WorkloadPauser {
                store: self.store.clone(),
                runtime: Arc::clone(&self.runtime),
                running: self.running.clone(),
            },
        }));
        // A reload later (asked for, or after the agent died) re-seeds the
        // agent from its current task; the workspace state is read then.
        let context = self.task_context(agent).await?.0;
        let driver = SessionDriver::start(
            Arc::clone(&self.runtime),
            Arc::clone(&self.gate),
            Arc::clone(&self.sink) as Arc<dyn compass_acp::EventSink>,
            config,
            context,
            None,
        )
        .await?;
        Ok(Arc::new(driver))
    }
}

/// What a start has done so far, to undo when a later step fails. Undone
/// explicitly ([`Rollback::undo`]) on a failed step; if the start itself
/// is dropped midway (its caller went away), `Drop` undoes it in the
/// background.
struct Rollback {
    agent: AgentId,
    runtime: Arc<dyn WorkloadRuntime>,
    store: Store,
    warden: Arc<compass_warden::Warden>,
    armed: bool,
    /// The workload the start created or adopted: its processes stop.
    workload: Option<WorkloadName>,
    /// Warden was told to expect the agent's hooks.
    hooks_expected: bool,
    /// Tasks serving the agent's sockets (hook, MCP, push relay).
    tasks: Vec<AbortHandle>,
    /// Sockets bound in the agent's run dir (daemon-owned, read-only inside).
    sockets: Vec<PathBuf>,
}

impl Rollback {
    fn new(fleet: &Fleet, agent: &AgentId) -> Self {
        Self {
            agent: agent.clone(),
            runtime: Arc::clone(&fleet.runtime),
            store: fleet.store.clone(),
            warden: Arc::clone(&fleet.warden),
            armed: true,
            workload: None,
            hooks_expected: false,
            tasks: Vec::new(),
            sockets: Vec::new(),
        }
    }

    /// Every step succeeded: what they made now belongs to the agent's run.
    fn disarm(&mut self) {
        self.armed = false;
    }

    /// Undo what the steps did (the host side now, the workload's
    /// processes after) and mark the agent failed with `reason`.
    async fn undo(mut self, reason: &str) {
        self.armed = false;
        self.release_host_side();
        if let Some(workload) = self.workload.take() {
            stop_quietly(self.runtime.as_ref(), &workload).await;
        }
        mark_failed(&self.store, &self.agent, reason).await;
    }

    /// End the socket tasks, remove their sockets, and tell Warden the
    /// agent's hooks are no longer expected. Synchronous (also on drop).
    fn release_host_side(&mut self) {
        for task in self.tasks.drain(..) {
            task.abort();
        }
        for socket in self.sockets.drain(..) {
            let _ = fs_err::remove_file(&socket);
        }
        if self.hooks_expected {
            self.warden.expect_hooks(&self.agent, false);
        }
    }
}

impl Drop for Rollback {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        self.release_host_side();
        let (runtime, store, agent) = (
            Arc::clone(&self.runtime),
            self.store.clone(),
            self.agent.clone(),
        );
        let workload = self.workload.take();
        if let Ok(handle) = tokio::runtime::Handle::try_current() {
            handle.spawn(async move {
                if let Some(workload) = workload {
                    stop_quietly(runtime.as_ref(), &workload).await;
                }
                mark_failed(&store, &agent, "could not start: the start was cancelled").await;
            });
        }
    }
}

async fn stop_quietly(runtime: &dyn WorkloadRuntime, workload: &WorkloadName) {
    if let Err(error) = runtime.stop(workload, STOP_GRACE).await {
        tracing::warn!(%error, %workload, "could not stop a failed start's workload");
    }
}

async fn mark_failed(store: &Store, agent: &AgentId, reason: &str) {
    let (id, reason) = (agent.clone(), reason.to_owned());
    if let Err(error) = store
        .write(move |tx| agents::set_status(tx, &id, AgentStatus::Failed, &reason))
        .await
    {
        tracing::error!(%error, %agent, "could not record a failed start");
    }
}

/// `native` (a kind's execute-only program, or `compass-confine` as a
/// kind's own `git`, on the host) copied to `dir/name` in the config dir
/// (read-only inside) with mode 0111, unless a copy of the same size and
/// age is there; returns its path inside (`inner_config`). Its user can
/// run it but not read it, so the kernel makes its process non-dumpable
/// at exec: no other process of the user reads its environment or memory.
/// Copied from the one handle that was checked (opened beneath its dir,
/// no link followed), so nothing swapped in between is copied instead.
/// Host-owned, never an agent's: the config dir is read-only to the
/// workload.
fn execute_only_copy(
    config: &std::path::Path,
    inner_config: &std::path::Path,
    native: &super::install::ProgramFile,
    dir: &str,
    name: &std::ffi::OsStr,
) -> Result<PathBuf, FleetError> {
    use fs_err::os::unix::fs::OpenOptionsExt as _;
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let shown = native.root.join(&native.rel);
    let inner_dir = inner_config.join(dir);
    let dir = config.join(dir);
    fs_err::create_dir_all(&dir).map_err(io(format!("creating {}", dir.display())))?;
    let copy = dir.join(name);
    let mut source = native.open()?;
    let meta = source
        .metadata()
        .map_err(io(format!("reading {}", shown.display())))?;
    let current = fs_err::symlink_metadata(&copy).ok().is_some_and(|m| {
        m.is_file()
            && m.len() == meta.len()
            && m.mtime() >= meta.mtime()
            && m.permissions().mode() & 0o7777 == 0o111
    });
    if !current {
        let tmp = dir.join(format!(
            ".{}.tmp{:08x}",
            name.to_string_lossy(),
            rand::random::<u32>()
        ));
        let made = fs_err::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)
            .and_then(|mut out| std::io::copy(&mut source, &mut out))
            .and_then(|_| fs_err::set_permissions(&tmp, std::fs::Permissions::from_mode(0o111)))
            .and_then(|()| fs_err::rename(&tmp, &copy));
        if let Err(e) = made {
            let _ = fs_err::remove_file(&tmp);
            return Err(io(format!("copying {} execute-only", shown.display()))(e));
        }
    }
    Ok(inner_dir.join(name))
}

/// A link `dir/name` in the config dir (read-only inside) to
/// `compass-confine` in the Compass bin dir as the workload sees it, first
/// on the agent's `PATH`: the `git` of a kind with `provision.own_git`,
/// the `bash` of one with `provision.confine_shell`. Written by the host,
/// never followed by it.
fn confine_link(
    config: &std::path::Path,
    inner_bin: &std::path::Path,
    dir: &str,
    name: &str,
) -> Result<(), FleetError> {
    let dir = config.join(dir);
    fs_err::create_dir_all(&dir).map_err(io(format!("creating {}", dir.display())))?;
    let link = dir.join(name);
    let target = inner_bin.join(compass_acp::CONFINE_BINARY);
    if fs_err::read_link(&link).is_ok_and(|t| t == target) {
        return Ok(());
    }
    let _ = fs_err::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).map_err(io(format!("linking {}", link.display())))
}
