//! `compass.v1` served over the store: each handler validates its request
//! (naming the bad field), runs one store read or write, and maps the result.

use crate::convert;
use crate::fleet::Fleet;
use crate::status::{from_change, from_fleet, from_secret, from_store, invalid};
use crate::warden_state::ListChange;
use compass_core::agent::{Lifetime, check_model, check_persona};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::name::Name;
use compass_core::project::{RepoSource, parse_directory};
use compass_core::theme::{DEFAULT_THEME, Theme};
use compass_proto::v1 as pb;
use compass_proto::v1::compass_service_server::CompassService;
use compass_store::agents::NewAgent;
use compass_store::issues::NewIssue;
use compass_store::projects::NewProject;
use compass_store::{Store, agents, board, events, issues, projects, themes, workstreams};
use futures::StreamExt;
use std::path::Path;
use std::pin::Pin;
use tonic::{Request, Response, Status};

/// The agent kind used when a request names none.
pub(crate) const DEFAULT_AGENT_KIND: &str = "scripted";
/// Most events one `ListEvents` call returns.
const MAX_LIST_EVENTS: u32 = 1000;
/// Events buffered per subscriber between the store and the socket.
const SUBSCRIBE_BUFFER: usize = 1024;
/// Largest prompt text.
const MAX_PROMPT: usize = 256 * 1024;
/// Largest scenario file for a scripted agent.
const MAX_SCENARIO: usize = 256 * 1024;
/// Most entries in a request's list (granted secrets, event kinds).
const MAX_LIST_ENTRIES: usize = 64;

/// Refuse a text field larger than `limit`, naming it.
fn bounded(field: &str, value: &str, limit: usize) -> Result<(), Status> {
    if value.len() > limit {
        return Err(invalid(
            field,
            format!("is {} bytes; the limit is {limit}", value.len()),
        ));
    }
    Ok(())
}

/// Refuse a list with more than [`MAX_LIST_ENTRIES`] entries, naming it.
fn bounded_list<T>(field: &str, list: &[T]) -> Result<(), Status> {
    if list.len() > MAX_LIST_ENTRIES {
        return Err(invalid(
            field,
            format!("{} given; the limit is {MAX_LIST_ENTRIES}", list.len()),
        ));
    }
    Ok(())
}

/// Facts about this daemon run, reported by `GetStatus`.
#[derive(Debug, Clone)]
pub(crate) struct RunInfo {
    pub(crate) data_dir: String,
    pub(crate) board_url: String,
}

#[derive(Debug, Clone)]
pub(crate) struct CompassApi {
    pub(crate) store: Store,
    pub(crate) info: RunInfo,
    pub(crate) fleet: std::sync::Arc<Fleet>,
    /// Issue sources and their two-way sync.
    pub(crate) dispatch: std::sync::Arc<crate::dispatch::Dispatch>,
    /// The user's changes to Warden, in order.
    pub(crate) warden: crate::warden_state::WardenControl,
    /// Which door requests come through (`cli`: the socket; `board`: the
    /// loopback port), recorded with every Warden change.
    pub(crate) by: &'static str,
}

type Reply<T> = Result<Response<T>, Status>;

impl CompassApi {
    /// What follows a workstream's move, however it moved: the writeback to
    /// its source issue, then the fleet's part (merged work retires an
    /// ephemeral agent). The move stands either way; a failed retirement is
    /// the caller's answer.
    async fn settle(
        &self,
        ws: &compass_core::workstream::Workstream,
        from: compass_core::workstream::WorkstreamState,
    ) -> Result<(), Status> {
        self.dispatch.workstream_moved(ws, from).await;
        self.fleet
            .workstream_changed(ws)
            .await
            .map_err(from_fleet)?;
        if ws.state != compass_core::workstream::WorkstreamState::Merged {
            return Ok(());
        }
        // Pickup: an idle named agent moves on to its next approved work,
        // else is proposed its next issue from the backlog.
        let Some(next) = crate::pickup::next(&self.store, ws)
            .await
            .map_err(from_store)?
        else {
            let proposed =
                crate::proposals::propose_next(&self.store, &self.fleet, &self.dispatch, ws)
                    .await?;
            if let Some(p) = proposed {
                tracing::info!(proposal = %p.id, "proposed an agent's next issue after a merge");
            }
            return Ok(());
        };
        tracing::info!(workstream = %next.id, "picked up after a merge");
        self.dispatch
            .workstream_moved(&next, compass_core::workstream::WorkstreamState::Backlog)
            .await;
        self.fleet
            .workstream_changed(&next)
            .await
            .map_err(from_fleet)
            .map(drop)
    }

    /// Merge detection, then each move settled. A settle that fails (an
    /// ephemeral agent not retired) is logged: the merge stands.
    pub(crate) async fn check_merges_now(
        &self,
        project: String,
    ) -> Result<crate::merges::Report, Status> {
        // Pull requests first: a forward becomes a PR and its review is
        // handed back before trunk is judged.
        for (ws, from) in self
            .dispatch
            .poll_pulls(project.clone(), &self.fleet)
            .await?
        {
            if let Err(e) = self.settle(&ws, from).await {
                tracing::warn!(workstream = %ws.id, error = %e.message(), "a workstream in review's follow-up failed");
            }
        }
        let report = self.dispatch.check_merges(project.clone()).await?;
        for m in &report.merged {
            if let Err(e) = self.settle(&m.workstream, m.from).await {
                tracing::warn!(workstream = %m.workstream.id, error = %e.message(), "a merged workstream's follow-up failed");
            }
        }
        // The conflict map follows the same beat (after every forward, on
        // the timer): each in-flight workstream's changed files again.
        let projects = self
            .read(move |c| match project.as_str() {
                "" => compass_store::projects::list(c),
                p => Ok(vec![compass_store::projects::get(c, p)?]),
            })
            .await?;
        for p in projects {
            if let Err(e) =
                crate::proposals::refresh_conflicts(&self.store, &self.fleet, &self.dispatch, &p)
                    .await
            {
                tracing::warn!(project = %p.id, error = %e.message(), "the conflict map could not be refreshed");
            }
        }
        Ok(report)
    }
}

/// A proposal refused as stale: the decision's precondition failed.
fn stale(s: compass_store::proposals::StaleProposal) -> Status {
    Status::failed_precondition(s.to_string())
}

fn name(field: &str, raw: &str) -> Result<Name, Status> {
    Name::parse(raw).map_err(|e| invalid(field, format!("{raw:?} {e}")))
}

fn optional(raw: String) -> Option<String> {
    if raw.is_empty() { None } else { Some(raw) }
}

/// A local repo must exist and be a git repository (a work tree or bare).
fn check_local_repo(field: &str, path: &str) -> Result<(), Status> {
    let p = Path::new(path);
    if !p.is_dir() {
        return Err(invalid(
            field,
            format!("{path} does not exist or is not a directory"),
        ));
    }
    if !(p.join(".git").exists() || (p.join("HEAD").is_file() && p.join("objects").is_dir())) {
        return Err(invalid(
            field,
            format!(
                "{path} is not a git repository (no .git); run `git init` there or add it as a directory"
            ),
        ));
    }
    Ok(())
}

fn parse_project(req: pb::CreateProjectRequest) -> Result<NewProject, Status> {
    let project_name = name("name", &req.name)?;
    let mut repos = Vec::with_capacity(req.repos.len());
    for (i, raw) in req.repos.iter().enumerate() {
        let field = format!("repos[{i}]");
        let repo = RepoSource::parse(raw).map_err(|e| invalid(&field, e))?;
        if let RepoSource::Local(path) = &repo {
            check_local_repo(&field, path)?;
        }
        repos.push(repo);
    }
    let mut directories = Vec::with_capacity(req.directories.len());
    for (i, raw) in req.directories.iter().enumerate() {
        let field = format!("directories[{i}]");
        let dir = parse_directory(raw).map_err(|e| invalid(&field, e))?;
        if !Path::new(&dir).is_dir() {
            return Err(invalid(
                &field,
                format!("{dir} does not exist or is not a directory"),
            ));
        }
        directories.push(dir);
    }
    let theme = if req.theme.is_empty() {
        DEFAULT_THEME
    } else {
        &req.theme
    };
    Ok(NewProject {
        name: project_name,
        repos,
        directories,
        theme: name("theme", theme)?,
    })
}

fn parse_agent(req: pb::CreateAgentRequest) -> Result<NewAgent, Status> {
    if req.project.is_empty() {
        return Err(invalid("project", "is required (a project id or name)"));
    }
    let agent_name = optional(req.name).map(|n| name("name", &n)).transpose()?;
    let persona = optional(req.persona);
    if let Some(p) = &persona {
        check_persona(p).map_err(|e| invalid("persona", e))?;
    }
    let model = optional(req.model);
    if let Some(m) = &model {
        check_model(m).map_err(|e| invalid("model", e))?;
    }
    let kind = if req.kind.is_empty() {
        DEFAULT_AGENT_KIND
    } else {
        &req.kind
    };
    let lifetime = match pb::Lifetime::try_from(req.lifetime) {
        Ok(pb::Lifetime::Persistent) => Lifetime::Persistent,
        Ok(pb::Lifetime::Ephemeral) => Lifetime::Ephemeral,
        // Unnamed agents are the ephemeral surge pool; named ones persist.
        Ok(pb::Lifetime::Unspecified) if agent_name.is_none() => Lifetime::Ephemeral,
        Ok(pb::Lifetime::Unspecified) => Lifetime::Persistent,
        Err(_) => {
            return Err(invalid(
                "lifetime",
                format!("unknown value {}", req.lifetime),
            ));
        }
    };
    Ok(NewAgent {
        project: req.project,
        name: agent_name,
        persona,
        kind: name("kind", kind)?,
        model,
        lifetime,
    })
}

fn parse_issue(req: pb::CreateIssueRequest) -> Result<NewIssue, Status> {
    if req.project.is_empty() {
        return Err(invalid("project", "is required (a project id or name)"));
    }
    let priority = pb::Priority::try_from(req.priority)
        .map_err(|_| invalid("priority", format!("unknown value {}", req.priority)))?;
    compass_core::issue::check_fields(&req.title, &req.body, &req.labels).map_err(|e| {
        let field = match e {
            compass_core::issue::IssueFieldError::EmptyTitle
            | compass_core::issue::IssueFieldError::TitleTooLong { .. }
            | compass_core::issue::IssueFieldError::TitleControl => "title",
            compass_core::issue::IssueFieldError::BodyTooLong { .. } => "body",
            _ => "labels",
        };
        invalid(field, e)
    })?;
    Ok(NewIssue {
        project: req.project,
        title: req.title,
        body: req.body,
        labels: req.labels,
        parent: optional(req.parent),
        priority: convert::priority_from(priority),
    })
}

/// What the user can do to a running agent's process tree.
#[derive(Debug, Clone, Copy)]
enum Control {
    Stop,
    Pause,
    Resume,
    Reload,
}

impl CompassApi {
    /// One store read, its error as a gRPC status.
    /// A new workstream's worktrees (as `issue assign` makes them): the
    /// workstream is recorded already; when the agent cannot take them now
    /// they follow at its next start.
    async fn open_worktrees(&self, ws: &compass_core::workstream::Workstream) {
        if let Err(e) = self.fleet.open_workstream(ws).await {
            tracing::warn!(error = %e, workstream = %ws.id, "could not create the worktrees yet");
        }
    }

    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&compass_store::Connection) -> Result<T, compass_store::StoreError>
        + Send
        + 'static,
    ) -> Result<T, Status> {
        self.store.read(f).await.map_err(from_store)
    }

    /// One store write (a transaction with its events), its error as a gRPC status.
    async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut compass_store::Tx<'_>) -> Result<T, compass_store::StoreError>
        + Send
        + 'static,
    ) -> Result<T, Status> {
        self.store.write(f).await.map_err(from_store)
    }

    /// What a request names by `field` (required), read with `get` and
    /// shown with `show`: the shape of the plain read handlers.
    async fn named<T: Send + 'static, P>(
        &self,
        field: &'static str,
        key: &str,
        get: fn(&compass_store::Connection, &str) -> Result<T, compass_store::StoreError>,
        show: impl FnOnce(T) -> P,
    ) -> Reply<P> {
        let key = required(field, key)?.to_owned();
        let found = self.read(move |c| get(c, &key)).await?;
        Ok(Response::new(show(found)))
    }

    /// An agent as the contract shows it, with the tier it runs in.
    fn agent_pb(&self, agent: compass_core::agent::Agent) -> pb::Agent {
        let (backend, missing) = self.fleet.tier();
        pb::Agent {
            backend: backend.to_owned(),
            missing_protections: missing,
            ..convert::agent(agent)
        }
    }

    /// Warden's state as the contract shows it.
    fn warden_pb(&self) -> pb::WardenStatus {
        let warden = self.fleet.warden();
        convert::warden_status(warden.status(), warden.config().taint.session.clone())
    }

    async fn change_list(&self, change: ListChange, pattern: String) -> Reply<pb::WardenStatus> {
        self.warden
            .change_list(self.fleet.warden(), change, pattern, self.by)
            .await
            .map_err(from_change)?;
        Ok(Response::new(self.warden_pb()))
    }

    /// Record a secret event (it carries the name only).
    async fn secret_event(&self, kind: EventKind) -> Result<(), Status> {
        let event = NewEvent {
            scope: Scope::default(),
            kind,
        };
        self.write(move |tx| tx.emit(event).map(drop)).await
    }

    async fn control(&self, reference: pb::AgentRef, control: Control) -> Reply<pb::Agent> {
        let (agent, project) = agent_ref(Some(reference))?;
        let project = project.as_deref();
        let result = match control {
            Control::Stop => self.fleet.stop(&agent, project).await,
            Control::Pause => self.fleet.freeze(&agent, project, true).await,
            Control::Resume => self.fleet.freeze(&agent, project, false).await,
            Control::Reload => self.fleet.reload(&agent, project).await,
        };
        Ok(Response::new(self.agent_pb(result.map_err(from_fleet)?)))
    }
}

fn agent_ref(r: Option<pb::AgentRef>) -> Result<(String, Option<String>), Status> {
    let r = r.unwrap_or_default();
    named_agent(r.agent, r.project)
}

/// An agent's name (required) and its project (optional) from a request.
fn named_agent(agent: String, project: String) -> Result<(String, Option<String>), Status> {
    required("agent", &agent)?;
    Ok((agent, optional(project)))
}

fn required<'a>(field: &str, value: &'a str) -> Result<&'a str, Status> {
    if value.is_empty() {
        Err(invalid(field, "is required"))
    } else {
        Ok(value)
    }
}

#[tonic::async_trait]
impl CompassService for CompassApi {
    async fn get_status(&self, _: Request<pb::GetStatusRequest>) -> Reply<pb::GetStatusResponse> {
        Ok(Response::new(pb::GetStatusResponse {
            version: env!("CARGO_PKG_VERSION").to_owned(),
            data_dir: self.info.data_dir.clone(),
            pid: std::process::id(),
            last_seq: self.store.last_seq(),
            board_url: self.info.board_url.clone(),
            warden_enabled: self.fleet.warden().is_enabled(),
        }))
    }

    async fn create_project(&self, req: Request<pb::CreateProjectRequest>) -> Reply<pb::Project> {
        let new = parse_project(req.into_inner())?;
        self.fleet
            .protected()
            .check_project(&new.repos, &new.directories)
            .map_err(|e| Status::invalid_argument(e.to_string()))?;
        let project = self.write(move |tx| projects::create(tx, new)).await?;
        Ok(Response::new(convert::project(project)))
    }

    async fn list_projects(
        &self,
        _: Request<pb::ListProjectsRequest>,
    ) -> Reply<pb::ListProjectsResponse> {
        let all = self.read(projects::list).await?;
        Ok(Response::new(pb::ListProjectsResponse {
            projects: all.into_iter().map(convert::project).collect(),
        }))
    }

    async fn get_project(&self, req: Request<pb::GetProjectRequest>) -> Reply<pb::Project> {
        self.named(
            "project",
            &req.get_ref().project,
            projects::get,
            convert::project,
        )
        .await
    }

    async fn list_themes(
        &self,
        _: Request<pb::ListThemesRequest>,
    ) -> Reply<pb::ListThemesResponse> {
        let all = self.read(themes::list).await?;
        Ok(Response::new(pb::ListThemesResponse {
            themes: all.into_iter().map(convert::theme).collect(),
        }))
    }

    async fn list_kinds(&self, _: Request<pb::ListKindsRequest>) -> Reply<pb::ListKindsResponse> {
        Ok(Response::new(pb::ListKindsResponse {
            kinds: convert::kinds(self.fleet.kinds(), |k| self.fleet.hook_transport(k)),
        }))
    }

    async fn add_theme(&self, req: Request<pb::AddThemeRequest>) -> Reply<pb::Theme> {
        let req = req.into_inner();
        let theme = Theme::new(&req.name, &req.names, false).map_err(|e| invalid("theme", e))?;
        let theme = self.write(move |tx| themes::add(tx, theme)).await?;
        Ok(Response::new(convert::theme(theme)))
    }

    async fn create_agent(&self, req: Request<pb::CreateAgentRequest>) -> Reply<pb::Agent> {
        let new = parse_agent(req.into_inner())?;
        self.fleet
            .check_kind(new.kind.as_str())
            .map_err(|e| invalid("kind", e))?;
        let agent = self.write(move |tx| agents::create(tx, new)).await?;
        Ok(Response::new(self.agent_pb(agent)))
    }

    async fn list_agents(
        &self,
        req: Request<pb::ListAgentsRequest>,
    ) -> Reply<pb::ListAgentsResponse> {
        let req = req.into_inner();
        let project = optional(req.project);
        let all = self
            .read(move |c| agents::list(c, project.as_deref(), req.include_retired))
            .await?;
        Ok(Response::new(pb::ListAgentsResponse {
            agents: all.into_iter().map(|a| self.agent_pb(a)).collect(),
        }))
    }

    async fn get_agent(&self, req: Request<pb::GetAgentRequest>) -> Reply<pb::Agent> {
        let req = req.into_inner();
        let (name, project) = named_agent(req.agent, req.project)?;
        let agent = self
            .read(move |c| agents::get(c, &name, project.as_deref()))
            .await?;
        Ok(Response::new(self.agent_pb(agent)))
    }

    async fn retire_agent(&self, req: Request<pb::RetireAgentRequest>) -> Reply<pb::Agent> {
        let req = req.into_inner();
        let (name, project) = named_agent(req.agent, req.project)?;
        let found = {
            let (name, project) = (name.clone(), project.clone());
            self.read(move |c| agents::get(c, &name, project.as_deref()))
                .await?
        };
        // Held until Warden has forgotten it: a start begun now would run
        // the agent with no submodule list.
        let _hold = self.fleet.retiring(&found).map_err(from_fleet)?;
        let agent = self
            .write(move |tx| agents::retire(tx, &name, project.as_deref()))
            .await?;
        self.fleet.warden().forget_agent(&agent.id);
        Ok(Response::new(self.agent_pb(agent)))
    }

    async fn start_agent(&self, req: Request<pb::StartAgentRequest>) -> Reply<pb::Agent> {
        let req = req.into_inner();
        let (agent, project) = agent_ref(req.agent)?;
        bounded("scenario", &req.scenario, MAX_SCENARIO)?;
        bounded_list("secrets", &req.secrets)?;
        let agent = self
            .fleet
            .start(
                &agent,
                project.as_deref(),
                optional(req.scenario),
                &req.secrets,
            )
            .await
            .map_err(from_fleet)?;
        Ok(Response::new(self.agent_pb(agent)))
    }

    async fn stop_agent(&self, req: Request<pb::AgentRef>) -> Reply<pb::Agent> {
        self.control(req.into_inner(), Control::Stop).await
    }

    async fn pause_agent(&self, req: Request<pb::AgentRef>) -> Reply<pb::Agent> {
        self.control(req.into_inner(), Control::Pause).await
    }

    async fn resume_agent(&self, req: Request<pb::AgentRef>) -> Reply<pb::Agent> {
        self.control(req.into_inner(), Control::Resume).await
    }

    async fn reload_agent(&self, req: Request<pb::AgentRef>) -> Reply<pb::Agent> {
        self.control(req.into_inner(), Control::Reload).await
    }

    async fn prompt_agent(
        &self,
        req: Request<pb::PromptAgentRequest>,
    ) -> Reply<pb::PromptAgentResponse> {
        let req = req.into_inner();
        let (agent, project) = agent_ref(req.agent)?;
        if req.text.trim().is_empty() {
            return Err(invalid("text", "must not be empty"));
        }
        bounded("text", &req.text, MAX_PROMPT)?;
        self.fleet
            .prompt(&agent, project.as_deref(), req.text)
            .await
            .map_err(from_fleet)?;
        Ok(Response::new(pb::PromptAgentResponse {}))
    }

    async fn list_agent_events(
        &self,
        req: Request<pb::ListAgentEventsRequest>,
    ) -> Reply<pb::ListEventsResponse> {
        let req = req.into_inner();
        let (agent, project) = agent_ref(req.agent)?;
        let limit = if req.limit == 0 {
            MAX_LIST_EVENTS
        } else {
            req.limit.min(MAX_LIST_EVENTS)
        };
        let list = self
            .read(move |c| {
                let agent = agents::get(c, &agent, project.as_deref())?;
                events::for_agent(c, &agent.id, limit)
            })
            .await?;
        Ok(Response::new(pb::ListEventsResponse {
            events: list.iter().map(convert::event).collect(),
        }))
    }

    async fn create_issue(&self, req: Request<pb::CreateIssueRequest>) -> Reply<pb::Issue> {
        let new = parse_issue(req.into_inner())?;
        let issue = self.write(move |tx| issues::create(tx, new)).await?;
        Ok(Response::new(convert::issue(issue)))
    }

    async fn list_issues(
        &self,
        req: Request<pb::ListIssuesRequest>,
    ) -> Reply<pb::ListIssuesResponse> {
        self.named("project", &req.get_ref().project, issues::list, |all| {
            pb::ListIssuesResponse {
                issues: all.into_iter().map(convert::issue).collect(),
            }
        })
        .await
    }

    async fn get_issue(&self, req: Request<pb::GetIssueRequest>) -> Reply<pb::Issue> {
        self.named("issue", &req.get_ref().issue, issues::get, convert::issue)
            .await
    }

    async fn create_workstream(
        &self,
        req: Request<pb::CreateWorkstreamRequest>,
    ) -> Reply<pb::Workstream> {
        let req = req.into_inner();
        required("issue", &req.issue)?;
        required("agent", &req.agent)?;
        let ws = self
            .write(move |tx| workstreams::create(tx, &req.issue, &req.agent))
            .await?;
        self.open_worktrees(&ws).await;
        Ok(Response::new(convert::workstream(ws)))
    }

    async fn list_workstreams(
        &self,
        req: Request<pb::ListWorkstreamsRequest>,
    ) -> Reply<pb::ListWorkstreamsResponse> {
        let full = |c: &compass_store::Connection, project: &str| {
            workstreams::list(c, project)?
                .into_iter()
                .map(|w| crate::channel::workstream_full(c, w))
                .collect::<Result<Vec<_>, _>>()
        };
        self.named("project", &req.get_ref().project, full, |workstreams| {
            pb::ListWorkstreamsResponse { workstreams }
        })
        .await
    }

    async fn set_workstream_state(
        &self,
        req: Request<pb::SetWorkstreamStateRequest>,
    ) -> Reply<pb::Workstream> {
        let req = req.into_inner();
        required("workstream", &req.workstream)?;
        let to = pb::WorkstreamState::try_from(req.state)
            .ok()
            .and_then(convert::state_from)
            .ok_or_else(|| {
                invalid(
                    "state",
                    "must be one of backlog, in_progress, in_review, merged, paused, failed",
                )
            })?;
        let (ws, from) = self
            .write(move |tx| {
                let from = workstreams::get(tx.conn(), &req.workstream)?.state;
                Ok((workstreams::set_state(tx, &req.workstream, to)?, from))
            })
            .await?;
        self.settle(&ws, from).await?;
        Ok(Response::new(convert::workstream(ws)))
    }

    async fn set_secret(&self, req: Request<pb::SetSecretRequest>) -> Reply<pb::SecretInfo> {
        // Into the redacting type at once; the request is dropped here.
        let pb::SetSecretRequest {
            name,
            value,
            forge,
            forge_username,
            ssh_key,
            known_hosts,
        } = req.into_inner();
        let value = compass_runtime::secrets::Secret::new(value);
        crate::secrets::check_name(&name).map_err(from_secret)?;
        crate::secrets::check_value(&value).map_err(from_secret)?;
        let binding = forge_binding(&forge, &forge_username, &value).map_err(from_secret)?;
        let ssh = ssh_binding(&ssh_key, &known_hosts, &forge, &value).map_err(from_secret)?;
        // Known to the redaction before an agent can be given it.
        self.fleet.redaction().learn(&name, &value);
        let store = self.fleet.secrets();
        let info = match ssh {
            // ssh reads a key file only when it ends in a newline (the CLI
            // drops the one a file ends with).
            Some(ssh) => {
                let mut key = value.expose().to_vec();
                if !key.ends_with(b"\n") {
                    key.push(b'\n');
                }
                store.set_ssh(&name, &compass_runtime::secrets::Secret::new(key), &ssh)
            }
            None => store.set(&name, &value, binding.as_ref()),
        }
        .map_err(from_secret)?;
        tracing::info!(secret = %info.name, "secret set");
        self.secret_event(EventKind::SecretSet {
            name: info.name.clone(),
        })
        .await?;
        Ok(Response::new(secret_info(info)))
    }

    async fn list_secrets(
        &self,
        _: Request<pb::ListSecretsRequest>,
    ) -> Reply<pb::ListSecretsResponse> {
        let all = self.fleet.secrets().list().map_err(from_secret)?;
        Ok(Response::new(pb::ListSecretsResponse {
            secrets: all.into_iter().map(secret_info).collect(),
        }))
    }

    async fn delete_secret(
        &self,
        req: Request<pb::DeleteSecretRequest>,
    ) -> Reply<pb::DeleteSecretResponse> {
        let name = req.into_inner().name;
        self.fleet.secrets().delete(&name).map_err(from_secret)?;
        tracing::info!(secret = %name, "secret deleted");
        self.secret_event(EventKind::SecretDeleted { name }).await?;
        Ok(Response::new(pb::DeleteSecretResponse {}))
    }

    async fn get_board(&self, req: Request<pb::GetBoardRequest>) -> Reply<pb::Board> {
        let with_extras = |c: &compass_store::Connection, project: &str| {
            let b = board::get(c, project)?;
            let extras = crate::channel::board_extras(c, &b)?;
            Ok::<_, compass_store::StoreError>((b, extras))
        };
        let warden_on = self.fleet.warden().is_enabled();
        self.named(
            "project",
            &req.get_ref().project,
            with_extras,
            |(b, extras)| convert::board(b, warden_on, &extras),
        )
        .await
    }

    async fn list_events(
        &self,
        req: Request<pb::ListEventsRequest>,
    ) -> Reply<pb::ListEventsResponse> {
        let req = req.into_inner();
        bounded_list("kinds", &req.kinds)?;
        let limit = if req.limit == 0 {
            MAX_LIST_EVENTS
        } else {
            req.limit.min(MAX_LIST_EVENTS)
        };
        let list = self
            .read(move |c| {
                if req.kinds.is_empty() {
                    events::after(c, req.after_seq, limit)
                } else {
                    events::of_kinds(c, &req.kinds, req.after_seq, limit)
                }
            })
            .await?;
        Ok(Response::new(pb::ListEventsResponse {
            events: list.iter().map(convert::event).collect(),
        }))
    }

    type SubscribeStream = Pin<Box<dyn futures::Stream<Item = Result<pb::Event, Status>> + Send>>;

    async fn subscribe(&self, req: Request<pb::SubscribeRequest>) -> Reply<Self::SubscribeStream> {
        let rx = events::subscribe(&self.store, req.get_ref().after_seq, SUBSCRIBE_BUFFER);
        let stream = tokio_stream::wrappers::ReceiverStream::new(rx)
            .map(|item| item.map(|event| convert::event(&event)).map_err(from_store));
        Ok(Response::new(Box::pin(stream)))
    }

    async fn append_marker(
        &self,
        req: Request<pb::AppendMarkerRequest>,
    ) -> Reply<pb::AppendMarkerResponse> {
        let req = req.into_inner();
        let label = name("label", &req.label)?.to_string();
        if req.payload.len() > 64 * 1024 {
            return Err(invalid("payload", "is larger than 64 KiB"));
        }
        let event = NewEvent {
            scope: Scope::default(),
            kind: EventKind::Marker {
                label,
                payload: req.payload,
            },
        };
        let seq = self.write(move |tx| tx.emit(event)).await?;
        Ok(Response::new(pb::AppendMarkerResponse { seq }))
    }

    async fn get_warden(&self, _: Request<pb::GetWardenRequest>) -> Reply<pb::WardenStatus> {
        Ok(Response::new(self.warden_pb()))
    }

    async fn set_warden_enabled(
        &self,
        req: Request<pb::SetWardenEnabledRequest>,
    ) -> Reply<pb::WardenStatus> {
        self.warden
            .set_enabled(self.fleet.warden(), req.get_ref().enabled, self.by)
            .await
            .map_err(from_change)?;
        Ok(Response::new(self.warden_pb()))
    }

    async fn allow_source(
        &self,
        req: Request<pb::SourcePatternRequest>,
    ) -> Reply<pb::WardenStatus> {
        self.change_list(ListChange::Allow, req.into_inner().pattern)
            .await
    }

    async fn deny_source(&self, req: Request<pb::SourcePatternRequest>) -> Reply<pb::WardenStatus> {
        self.change_list(ListChange::Deny, req.into_inner().pattern)
            .await
    }

    async fn forget_source(
        &self,
        req: Request<pb::SourcePatternRequest>,
    ) -> Reply<pb::WardenStatus> {
        self.change_list(ListChange::Forget, req.into_inner().pattern)
            .await
    }

    async fn allow_once(&self, req: Request<pb::AllowOnceRequest>) -> Reply<pb::AllowOnceResponse> {
        let req = req.into_inner();
        let (agent, project) = agent_ref(req.agent)?;
        let id = self
            .warden
            .allow_once(self.fleet.warden(), agent, project, &req.hash, self.by)
            .await
            .map_err(from_change)?;
        Ok(Response::new(pb::AllowOnceResponse {
            agent_id: id.0,
            hash: req.hash.to_ascii_lowercase(),
        }))
    }

    async fn add_source(&self, req: Request<pb::AddSourceRequest>) -> Reply<pb::Source> {
        Ok(Response::new(self.dispatch.add(req.into_inner()).await?))
    }

    async fn list_sources(
        &self,
        req: Request<pb::ListSourcesRequest>,
    ) -> Reply<pb::ListSourcesResponse> {
        let sources = self.dispatch.list(req.into_inner().project).await?;
        Ok(Response::new(pb::ListSourcesResponse { sources }))
    }

    async fn sync_source(
        &self,
        req: Request<pb::SyncSourceRequest>,
    ) -> Reply<pb::SyncSourceResponse> {
        Ok(Response::new(
            self.dispatch.sync(req.into_inner().source).await?,
        ))
    }

    async fn remove_source(
        &self,
        req: Request<pb::RemoveSourceRequest>,
    ) -> Reply<pb::RemoveSourceResponse> {
        let source = self.dispatch.remove(req.into_inner().source).await?;
        Ok(Response::new(pb::RemoveSourceResponse {
            source: Some(source),
        }))
    }

    async fn get_workstream(
        &self,
        req: Request<pb::GetWorkstreamRequest>,
    ) -> Reply<pb::Workstream> {
        let full = |c: &compass_store::Connection, id: &str| {
            crate::channel::workstream_full(c, workstreams::get(c, id)?)
        };
        self.named("workstream", &req.get_ref().workstream, full, |ws| ws)
            .await
    }

    async fn list_asks(&self, req: Request<pb::ListAsksRequest>) -> Reply<pb::ListAsksResponse> {
        let req = req.into_inner();
        let found = self
            .read(move |c| {
                let project = if req.project.is_empty() {
                    None
                } else {
                    Some(projects::get(c, &req.project)?.id)
                };
                compass_store::asks::list(c, project.as_ref(), req.all)?
                    .into_iter()
                    .map(|a| {
                        let name = agents::get(c, a.agent_id.as_str(), None)?.name.to_string();
                        Ok(convert::ask_pb(a, name))
                    })
                    .collect::<Result<Vec<_>, compass_store::StoreError>>()
            })
            .await?;
        Ok(Response::new(pb::ListAsksResponse { asks: found }))
    }

    async fn answer_ask(&self, req: Request<pb::AnswerAskRequest>) -> Reply<pb::AnswerAskResponse> {
        let req = req.into_inner();
        required("ask", &req.ask)?;
        if req.answer.trim().is_empty() {
            return Err(invalid("answer", "is required"));
        }
        bounded("answer", &req.answer, MAX_PROMPT)?;
        let (ask, delivery, name) = crate::channel::answer(
            &self.store,
            self.fleet.channel(),
            &self.fleet,
            req.ask,
            req.answer,
        )
        .await
        .map_err(from_store)?;
        Ok(Response::new(pb::AnswerAskResponse {
            ask: Some(convert::ask_pb(ask, name)),
            delivery: delivery.as_str().to_owned(),
        }))
    }

    async fn get_workstream_diff(
        &self,
        req: Request<pb::GetWorkstreamDiffRequest>,
    ) -> Reply<pb::WorkstreamDiff> {
        let id = required("workstream", &req.into_inner().workstream)?.to_owned();
        bounded("workstream", &id, 64)?;
        let ws = self.read(move |c| workstreams::get(c, &id)).await?;
        let project_id = ws.project_id.to_string();
        let project = self
            .read(move |c| compass_store::projects::get(c, &project_id))
            .await?;
        let trunks = self.dispatch.trunk_histories(&project).await;
        let repos = self
            .fleet
            .workstream_review(&ws, &project, &trunks)
            .await
            .map_err(from_fleet)?;
        Ok(Response::new(pb::WorkstreamDiff {
            workstream_id: ws.id.to_string(),
            branch: ws.branch,
            repos: repos.into_iter().map(convert::repo_review).collect(),
        }))
    }

    async fn propose_assignments(
        &self,
        req: Request<pb::ProposeAssignmentsRequest>,
    ) -> Reply<pb::ListProposalsResponse> {
        let req = req.into_inner();
        bounded("project", &req.project, 256)?;
        for issue in &req.issues {
            bounded("issues", issue, 256)?;
        }
        let made = crate::proposals::propose(
            &self.store,
            &self.fleet,
            &self.dispatch,
            req.project,
            req.issues,
        )
        .await?;
        Ok(Response::new(pb::ListProposalsResponse {
            proposals: made.into_iter().map(convert::proposal_pb).collect(),
        }))
    }

    async fn list_proposals(
        &self,
        req: Request<pb::ListProposalsRequest>,
    ) -> Reply<pb::ListProposalsResponse> {
        let req = req.into_inner();
        bounded("project", &req.project, 256)?;
        let list = self
            .read(move |c| {
                let project = match req.project.as_str() {
                    "" => None,
                    p => Some(compass_store::projects::get(c, p)?.id),
                };
                compass_store::proposals::list(c, project.as_ref(), req.all)
            })
            .await?;
        Ok(Response::new(pb::ListProposalsResponse {
            proposals: list.into_iter().map(convert::proposal_pb).collect(),
        }))
    }

    async fn decide_proposal(
        &self,
        req: Request<pb::DecideProposalRequest>,
    ) -> Reply<pb::DecideProposalResponse> {
        use compass_core::proposal::ProposalState;
        use compass_store::proposals;
        let req = req.into_inner();
        let id = required("proposal", &req.proposal)?.to_owned();
        bounded("proposal", &id, 64)?;
        bounded("agent", &req.agent, 256)?;
        let decision = pb::ProposalDecision::try_from(req.decision)
            .ok()
            .filter(|d| *d != pb::ProposalDecision::Unspecified)
            .ok_or_else(|| invalid("decision", "must be approve, reject or edit"))?;
        let (proposal, ws) = match decision {
            pb::ProposalDecision::Approve => {
                // The workstream exactly as CreateWorkstream makes it, in
                // the same write as the decision.
                // A stale proposal's event is committed; the approval is not.
                let (p, ws) = self
                    .write(move |tx| {
                        let p = match proposals::fresh(tx, &id)? {
                            Ok(p) => p,
                            Err(stale) => return Ok(Err(stale)),
                        };
                        let ws = workstreams::create(tx, p.issue_id.as_str(), p.agent_id.as_str())?;
                        let p = proposals::decide(tx, &id, ProposalState::Approved, Some(&ws.id))?;
                        Ok(Ok((p, ws)))
                    })
                    .await?
                    .map_err(stale)?;
                self.open_worktrees(&ws).await;
                (p, Some(ws))
            }
            pb::ProposalDecision::Reject => (
                self.write(move |tx| proposals::decide(tx, &id, ProposalState::Rejected, None))
                    .await?,
                None,
            ),
            pb::ProposalDecision::Edit | pb::ProposalDecision::Unspecified => {
                let agent = required("agent", &req.agent)?.to_owned();
                (
                    self.write(move |tx| proposals::edit(tx, &id, &agent))
                        .await?
                        .map_err(stale)?,
                    None,
                )
            }
        };
        Ok(Response::new(pb::DecideProposalResponse {
            proposal: Some(convert::proposal_pb(proposal)),
            workstream: ws.map(convert::workstream),
        }))
    }

    async fn check_merges(
        &self,
        req: Request<pb::CheckMergesRequest>,
    ) -> Reply<pb::CheckMergesResponse> {
        let report = self.check_merges_now(req.into_inner().project).await?;
        Ok(Response::new(crate::dispatch::merges_pb(report)))
    }

    async fn get_dispatcher_status(
        &self,
        req: Request<pb::GetDispatcherStatusRequest>,
    ) -> Reply<pb::DispatcherStatus> {
        Ok(Response::new(
            self.dispatch.status(req.into_inner().project).await?,
        ))
    }
}

/// A secret's listing: its name, time and forge binding, never its value.
fn secret_info(i: crate::secrets::SecretInfo) -> pb::SecretInfo {
    let (forge, forge_username) = i
        .forge
        .map(|f| (f.origin.as_url(), f.username))
        .unwrap_or_default();
    pb::SecretInfo {
        name: i.name,
        set_at_ms: i.set_at_ms,
        forge,
        forge_username,
        ssh_key: i.ssh.map(|h| h.as_url()).unwrap_or_default(),
    }
}

/// The SSH binding a `SetSecret` asks for, checked (the value must be a
/// private key, the known hosts pinned keys); none when `ssh_key` is empty.
fn ssh_binding(
    ssh_key: &str,
    known_hosts: &str,
    forge: &str,
    value: &compass_runtime::secrets::Secret,
) -> Result<Option<crate::secrets::SshBinding>, crate::secrets::SecretError> {
    let invalid = |field, why: &str| crate::secrets::SecretError::Invalid {
        field,
        why: why.to_owned(),
    };
    if ssh_key.is_empty() {
        if !known_hosts.is_empty() {
            return Err(invalid(
                "known_hosts",
                "is given without an SSH host to bind the key to (--ssh-key)",
            ));
        }
        return Ok(None);
    }
    if !forge.is_empty() {
        return Err(invalid(
            "ssh_key",
            "and forge both given; a secret is bound to one remote",
        ));
    }
    let host = crate::secrets::SshHost::parse_binding(ssh_key)?;
    if known_hosts.is_empty() {
        return Err(invalid(
            "known_hosts",
            "is missing: an SSH key is bound with the host keys to trust (--known-hosts FILE; unknown hosts are refused)",
        ));
    }
    let known_hosts = crate::secrets::check_known_hosts(known_hosts)?;
    crate::secrets::check_ssh_key(value.expose())?;
    Ok(Some(crate::secrets::SshBinding { host, known_hosts }))
}

/// The forge binding a `SetSecret` asks for, checked (the value must fit
/// git's credential protocol); none when `forge` is empty.
fn forge_binding(
    forge: &str,
    username: &str,
    value: &compass_runtime::secrets::Secret,
) -> Result<Option<crate::secrets::ForgeBinding>, crate::secrets::SecretError> {
    if forge.is_empty() {
        if !username.is_empty() {
            return Err(crate::secrets::SecretError::Invalid {
                field: "forge_username",
                why: "is given without a forge to bind the secret to".into(),
            });
        }
        return Ok(None);
    }
    let origin = crate::secrets::Origin::parse_binding(forge)?;
    let username = if username.is_empty() {
        crate::secrets::DEFAULT_USERNAME.to_owned()
    } else {
        username.to_owned()
    };
    crate::secrets::check_username(&username)?;
    crate::secrets::check_forge_value(value.expose())?;
    Ok(Some(crate::secrets::ForgeBinding { origin, username }))
}
