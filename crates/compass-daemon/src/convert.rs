//! Domain values (`compass-core`) to `compass.v1` messages. Exhaustive
//! matches: a new event kind or state does not compile until it is mapped.

use compass_acp::{AuthScheme, HookProtocol, KindRegistry, Transport};
use compass_core::agent::{Agent, AgentStatus, Lifetime};
use compass_core::event::{AgentUpdate, Event, EventKind, ToolStatus};
use compass_core::gate::{Decision, Severity};
use compass_core::issue::{Issue, Priority};
use compass_core::project::{Project, RepoSource};
use compass_core::proposal::OverlapEnd;
use compass_core::source::{Health, Source, SourceConfig};
use compass_core::theme::Theme;
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_proto::v1 as pb;
use compass_store::board;

/// Every kind of the registry, with its hook matrix and origin. A hooked
/// kind's notes lead with the hook transport its workloads get here
/// (`transport`): the contract has no field of its own for it yet.
pub(crate) fn kinds(
    registry: &KindRegistry,
    transport: impl Fn(&compass_acp::AgentKind) -> compass_acp::TransportChoice,
) -> Vec<pb::AgentKind> {
    registry
        .all()
        .iter()
        .map(|k| pb::AgentKind {
            id: k.id.clone(),
            display_name: k.display_name.clone(),
            transport: match k.transport {
                Transport::Native => pb::KindTransport::Native,
                Transport::Adapter => pb::KindTransport::Adapter,
            }
            .into(),
            command: k.command.clone(),
            credentials: k.credentials.clone(),
            egress: k.egress.clone(),
            hooks: Some(pb::HookMatrix {
                pre_tool: k.hooks.pre_tool,
                post_tool: k.hooks.post_tool,
                protocol: match k.hooks.protocol {
                    None => pb::HookProtocol::Unspecified,
                    Some(HookProtocol::ClaudeCode) => pb::HookProtocol::ClaudeCode,
                    Some(HookProtocol::Codex) => pb::HookProtocol::Codex,
                    Some(HookProtocol::Gemini) => pb::HookProtocol::Gemini,
                    Some(HookProtocol::OpenCode) => pb::HookProtocol::Opencode,
                    Some(HookProtocol::Scripted) => pb::HookProtocol::Scripted,
                }
                .into(),
                surface: k.hooks.surface.clone(),
                gated_tools: k.hooks.gated_tools.clone(),
                ungated_tools: k.hooks.ungated_tools.clone(),
                notes: if k.hooked() {
                    let t = transport(k);
                    let lead =
                        format!("Hook transport here: {} ({}).", t.transport.as_str(), t.why);
                    [lead, k.hooks.notes.clone()]
                        .join(" ")
                        .trim_end()
                        .to_owned()
                } else {
                    k.hooks.notes.clone()
                },
            }),
            user: registry.is_user(&k.id),
            gateway: k.gateway.as_ref().map(|g| pb::KindGateway {
                credential: g.credential.clone(),
                scheme: match g.scheme {
                    AuthScheme::Bearer => pb::GatewayScheme::Bearer,
                    AuthScheme::XApiKey => pb::GatewayScheme::XApiKey,
                    AuthScheme::XGoogApiKey => pb::GatewayScheme::XGoogApiKey,
                }
                .into(),
                base_url: g.base_url.clone(),
                default_base_url: g.default_base_url.clone(),
                web_search: g.web_search,
            }),
        })
        .collect()
}

pub(crate) fn project(p: Project) -> pb::Project {
    pb::Project {
        id: p.id.0,
        name: p.name.into(),
        repos: p
            .repos
            .into_iter()
            .map(|r| {
                let kind = match r {
                    RepoSource::Local(_) => pb::repo::Kind::Local,
                    RepoSource::Remote(_) => pb::repo::Kind::Remote,
                };
                pb::Repo {
                    kind: kind.into(),
                    location: r.location().to_owned(),
                }
            })
            .collect(),
        directories: p.directories,
        theme: p.theme.into(),
        created_at_ms: p.created_at_ms,
    }
}

pub(crate) fn theme(t: Theme) -> pb::Theme {
    pb::Theme {
        name: t.name.into(),
        names: t.names.into_iter().map(Into::into).collect(),
        builtin: t.builtin,
    }
}

pub(crate) fn lifetime(l: Lifetime) -> pb::Lifetime {
    match l {
        Lifetime::Persistent => pb::Lifetime::Persistent,
        Lifetime::Ephemeral => pb::Lifetime::Ephemeral,
    }
}

pub(crate) fn agent_status(s: AgentStatus) -> pb::AgentStatus {
    match s {
        AgentStatus::Idle => pb::AgentStatus::Idle,
        AgentStatus::Running => pb::AgentStatus::Running,
        AgentStatus::Paused => pb::AgentStatus::Paused,
        AgentStatus::Failed => pb::AgentStatus::Failed,
        AgentStatus::Retired => pb::AgentStatus::Retired,
    }
}

pub(crate) fn agent(a: Agent) -> pb::Agent {
    pb::Agent {
        id: a.id.0,
        project_id: a.project_id.0,
        name: a.name.into(),
        persona: a.persona.unwrap_or_default(),
        kind: a.kind.into(),
        model: a.model.unwrap_or_default(),
        lifetime: lifetime(a.lifetime).into(),
        status: agent_status(a.status).into(),
        codename: a.codename,
        created_at_ms: a.created_at_ms,
        status_reason: a.status_reason,
        // The tier is the fleet's to fill in (`CompassApi::agent_pb`).
        backend: String::new(),
        missing_protections: Vec::new(),
    }
}

pub(crate) fn priority(p: Priority) -> pb::Priority {
    match p {
        Priority::None => pb::Priority::None,
        Priority::Urgent => pb::Priority::Urgent,
        Priority::High => pb::Priority::High,
        Priority::Medium => pb::Priority::Medium,
        Priority::Low => pb::Priority::Low,
    }
}

pub(crate) fn priority_from(p: pb::Priority) -> Priority {
    match p {
        pb::Priority::None => Priority::None,
        pb::Priority::Urgent => Priority::Urgent,
        pb::Priority::High => Priority::High,
        pb::Priority::Medium => Priority::Medium,
        pb::Priority::Low => Priority::Low,
    }
}

pub(crate) fn issue(i: Issue) -> pb::Issue {
    pb::Issue {
        id: i.id.0,
        project_id: i.project_id.0,
        key: i.key,
        title: i.title,
        body: i.body,
        labels: i.labels,
        parent_id: i.parent.map(|p| p.0).unwrap_or_default(),
        priority: priority(i.priority).into(),
        created_at_ms: i.created_at_ms,
    }
}

pub(crate) fn state(s: WorkstreamState) -> pb::WorkstreamState {
    match s {
        WorkstreamState::Backlog => pb::WorkstreamState::Backlog,
        WorkstreamState::InProgress => pb::WorkstreamState::InProgress,
        WorkstreamState::InReview => pb::WorkstreamState::InReview,
        WorkstreamState::Merged => pb::WorkstreamState::Merged,
        WorkstreamState::Paused => pb::WorkstreamState::Paused,
        WorkstreamState::Failed => pb::WorkstreamState::Failed,
    }
}

pub(crate) fn state_from(s: pb::WorkstreamState) -> Option<WorkstreamState> {
    Some(match s {
        pb::WorkstreamState::Unspecified => return None,
        pb::WorkstreamState::Backlog => WorkstreamState::Backlog,
        pb::WorkstreamState::InProgress => WorkstreamState::InProgress,
        pb::WorkstreamState::InReview => WorkstreamState::InReview,
        pb::WorkstreamState::Merged => WorkstreamState::Merged,
        pb::WorkstreamState::Paused => WorkstreamState::Paused,
        pb::WorkstreamState::Failed => WorkstreamState::Failed,
    })
}

pub(crate) fn workstream(w: Workstream) -> pb::Workstream {
    pb::Workstream {
        id: w.id.0,
        project_id: w.project_id.0,
        issue_id: w.issue_id.0,
        agent_id: w.agent_id.0,
        branch: w.branch,
        state: state(w.state).into(),
        created_at_ms: w.created_at_ms,
        ..Default::default()
    }
}

pub(crate) fn pull_state(s: compass_core::channel::PullState) -> pb::PullRequestState {
    use compass_core::channel::PullState;
    match s {
        PullState::Open => pb::PullRequestState::Open,
        PullState::Closed => pb::PullRequestState::Closed,
        PullState::Merged => pb::PullRequestState::Merged,
    }
}

pub(crate) fn repo_push(p: compass_core::channel::RepoPush) -> pb::RepoPush {
    pb::RepoPush {
        repo: p.repo,
        state: p.state.as_str().to_owned(),
        commit: p.commit,
        updated_at_ms: p.updated_at_ms,
    }
}

/// The board; `warden_enabled` is the daemon's, not the store's.
pub(crate) fn board(b: board::Board, warden_enabled: bool, extras: &BoardExtras) -> pb::Board {
    pb::Board {
        warden_enabled,
        project: Some(project(b.project)),
        rows: b
            .rows
            .into_iter()
            .map(|row| {
                let (agent_id, agent_name, agent_status, agent_status_reason) = match row.agent {
                    Some(a) => (
                        a.id.0,
                        a.name.into(),
                        agent_status(a.status).into(),
                        a.status_reason,
                    ),
                    None => (
                        String::new(),
                        String::new(),
                        pb::AgentStatus::Unspecified.into(),
                        String::new(),
                    ),
                };
                pb::BoardRow {
                    agent_id,
                    agent_name,
                    agent_status,
                    agent_status_reason,
                    columns: row
                        .columns
                        .into_iter()
                        .map(|(column, cards)| pb::BoardColumn {
                            title: column.title().to_owned(),
                            cards: cards.into_iter().map(|c| card(c, extras)).collect(),
                        })
                        .collect(),
                }
            })
            .collect(),
    }
}

fn card(c: board::Card, extras: &BoardExtras) -> pb::BoardCard {
    let id = c.workstream.as_ref().map(|w| &w.id);
    let entry = id
        .and_then(|id| extras.entries.get(id))
        .cloned()
        .unwrap_or_default();
    let overlaps = id
        .and_then(|id| extras.overlaps.get(id))
        .into_iter()
        .flatten()
        .map(|o| pb::CardOverlap {
            workstream_id: o.workstream_id.0.clone(),
            agent_id: o.agent_id.0.clone(),
            agent_name: o.agent_name.clone(),
            issue_key: o.issue_key.clone(),
            paths: o.paths.clone(),
        })
        .collect();
    let pull_requests = id
        .and_then(|id| extras.pulls.get(id))
        .into_iter()
        .flatten()
        .cloned()
        .map(pull_request)
        .collect();
    let (workstream_id, state) = match c.workstream {
        Some(w) => (w.id.0, self::state(w.state)),
        None => (String::new(), pb::WorkstreamState::Backlog),
    };
    let parent_key = c
        .issue
        .parent
        .as_ref()
        .and_then(|p| extras.keys.get(p))
        .cloned()
        .unwrap_or_default();
    pb::BoardCard {
        issue_id: c.issue.id.0,
        issue_key: c.issue.key,
        title: c.issue.title,
        workstream_id,
        state: state.into(),
        priority: priority(c.issue.priority).into(),
        parent_key,
        pushes: entry.pushes.into_iter().map(repo_push).collect(),
        ready_for_push: entry.ready_at_ms.is_some(),
        queue_note: entry.note,
        queue_done: entry.done,
        overlaps,
        pull_requests,
    }
}

pub(crate) fn pull_request(p: compass_store::channel::PullRequest) -> pb::PullRequest {
    pb::PullRequest {
        repo: p.repo,
        number: p.number,
        url: p.url,
        head: p.head,
        state: pull_state(p.state).into(),
    }
}

fn tool_status(s: ToolStatus) -> pb::ToolStatus {
    match s {
        ToolStatus::Pending => pb::ToolStatus::Pending,
        ToolStatus::InProgress => pb::ToolStatus::InProgress,
        ToolStatus::Completed => pb::ToolStatus::Completed,
        ToolStatus::Failed => pb::ToolStatus::Failed,
    }
}

fn severity(s: Severity) -> pb::Severity {
    match s {
        Severity::Low => pb::Severity::Low,
        Severity::Medium => pb::Severity::Medium,
        Severity::High => pb::Severity::High,
        Severity::Critical => pb::Severity::Critical,
    }
}

fn agent_update(u: AgentUpdate) -> pb::AgentUpdate {
    use pb::agent_update as au;
    let text = |text: String| au::Text { text };
    let update = match u {
        AgentUpdate::UserMessage { text: t } => au::Update::UserMessage(text(t)),
        AgentUpdate::MessageChunk { text: t } => au::Update::MessageChunk(text(t)),
        AgentUpdate::ThoughtChunk { text: t } => au::Update::ThoughtChunk(text(t)),
        AgentUpdate::ToolCall {
            title,
            tool_kind,
            status,
            raw_input,
        } => au::Update::ToolCall(au::ToolCall {
            title,
            tool_kind,
            status: tool_status(status).into(),
            raw_input,
        }),
        AgentUpdate::ToolCallUpdate {
            status,
            title,
            output,
        } => au::Update::ToolCallUpdate(au::ToolCallUpdate {
            status: status
                .map(tool_status)
                .unwrap_or(pb::ToolStatus::Unspecified)
                .into(),
            title,
            output,
        }),
        AgentUpdate::Diff {
            path,
            old_text,
            new_text,
        } => au::Update::Diff(au::Diff {
            path,
            old_text,
            new_text,
        }),
        AgentUpdate::Plan { entries } => au::Update::Plan(au::Plan {
            entries: entries
                .into_iter()
                .map(|e| pb::PlanEntry {
                    content: e.content,
                    priority: e.priority,
                    status: e.status,
                })
                .collect(),
        }),
        AgentUpdate::AvailableCommands { commands } => {
            au::Update::AvailableCommands(au::AvailableCommands { commands })
        }
        AgentUpdate::ModeChanged { mode } => au::Update::ModeChanged(text(mode)),
        AgentUpdate::PermissionRequested {
            title,
            options,
            chosen,
        } => au::Update::PermissionRequested(au::PermissionRequested {
            title,
            options,
            chosen,
        }),
        AgentUpdate::TerminalOutput {
            terminal_id,
            output,
            exit_code,
        } => au::Update::TerminalOutput(au::TerminalOutput {
            terminal_id,
            output,
            exit_code,
        }),
        AgentUpdate::TurnEnded { stop_reason } => au::Update::TurnEnded(text(stop_reason)),
        AgentUpdate::Error { message } => au::Update::Error(text(message)),
        AgentUpdate::SessionStarted {
            session_id,
            agent,
            how,
        } => au::Update::SessionStarted(au::SessionStarted {
            session_id,
            agent,
            how,
        }),
        AgentUpdate::SessionFailed { code, message } => {
            au::Update::SessionFailed(au::SessionFailed { code, message })
        }
    };
    pb::AgentUpdate {
        update: Some(update),
    }
}

pub(crate) fn event(e: &Event) -> pb::Event {
    use pb::event::Kind;
    let kind = match e.kind.clone() {
        EventKind::ProjectCreated { project: p } => Kind::ProjectCreated(pb::ProjectCreated {
            project: Some(project(p)),
        }),
        EventKind::ThemeAdded { theme, names } => Kind::ThemeAdded(pb::ThemeAdded {
            theme: Some(pb::Theme {
                name: theme,
                names,
                builtin: false,
            }),
        }),
        EventKind::AgentCreated { agent: a } => Kind::AgentCreated(pb::AgentCreated {
            agent: Some(agent(a)),
        }),
        EventKind::AgentStatusChanged { from, to, reason } => {
            Kind::AgentStatusChanged(pb::AgentStatusChanged {
                from: agent_status(from).into(),
                to: agent_status(to).into(),
                reason,
            })
        }
        EventKind::AgentRetired {
            name,
            codename_returned,
        } => Kind::AgentRetired(pb::AgentRetired {
            name,
            codename_returned,
        }),
        EventKind::IssueCreated { issue: i } => Kind::IssueCreated(pb::IssueCreated {
            issue: Some(issue(i)),
        }),
        EventKind::WorkstreamCreated { workstream: w } => {
            Kind::WorkstreamCreated(pb::WorkstreamCreated {
                workstream: Some(workstream(w)),
            })
        }
        EventKind::WorkstreamStateChanged { issue_id, from, to } => {
            Kind::WorkstreamStateChanged(pb::WorkstreamStateChanged {
                issue_id: issue_id.0,
                from: state(from).into(),
                to: state(to).into(),
            })
        }
        EventKind::AgentUpdate { update } => Kind::AgentUpdate(agent_update(update)),
        EventKind::GateDecision {
            gate,
            source,
            hash,
            verdict,
            latency_us,
            route,
            excerpt,
        } => {
            let detail = match &verdict.decision {
                Decision::Clear => String::new(),
                Decision::Caution { note } => note.clone(),
                Decision::Flag { reason } => reason.clone(),
            };
            Kind::GateDecision(pb::GateDecision {
                gate,
                source,
                decision: verdict.decision.label().to_owned(),
                detail,
                findings: verdict
                    .findings
                    .into_iter()
                    .map(|f| pb::Finding {
                        detector: f.detector,
                        severity: severity(f.severity).into(),
                        explanation: f.explanation,
                    })
                    .collect(),
                latency_us,
                hash,
                route,
                excerpt,
            })
        }
        EventKind::Marker { label, payload } => Kind::Marker(pb::Marker { label, payload }),
        EventKind::WardenChanged { what, subject, by } => {
            Kind::WardenChanged(pb::WardenChanged { what, subject, by })
        }
        EventKind::SecretSet { name } => Kind::SecretSet(pb::SecretSet { name }),
        EventKind::SecretDeleted { name } => Kind::SecretDeleted(pb::SecretDeleted { name }),
        EventKind::ShellOpened { session, by } => {
            Kind::ShellOpened(pb::ShellOpened { session, by })
        }
        EventKind::ShellClosed {
            session,
            by,
            exit_code,
        } => Kind::ShellClosed(pb::ShellClosed {
            session,
            by,
            exit_code,
        }),
        EventKind::SecretsDelivered { names } => {
            Kind::SecretsDelivered(pb::SecretsDelivered { names })
        }

        EventKind::SourceAdded { source } => Kind::SourceAdded(pb::SourceAdded {
            source: Some(source_pb(source)),
        }),
        EventKind::SourceRemoved { source_id, name } => Kind::SourceRemoved(pb::SourceRemoved {
            source_id: source_id.0,
            name,
        }),
        EventKind::SourceSynced {
            source_id,
            created,
            updated,
            unchanged,
            skipped,
            cursor,
        } => Kind::SourceSynced(pb::SourceSynced {
            source_id: source_id.0,
            created,
            updated,
            unchanged,
            skipped: skipped.into_iter().map(skipped_pb).collect(),
            cursor: cursor.unwrap_or_default(),
        }),
        EventKind::SourceFailed { source_id, error } => Kind::SourceFailed(pb::SourceFailed {
            source_id: source_id.0,
            error,
        }),
        EventKind::IssueUpdated { issue: i } => Kind::IssueUpdated(pb::IssueUpdated {
            issue: Some(issue(i)),
        }),
        EventKind::SourceWriteback {
            source_id,
            issue_id,
            action,
            ok,
            detail,
        } => Kind::SourceWriteback(pb::SourceWriteback {
            source_id: source_id.0,
            issue_id: issue_id.0,
            action: action.as_str().to_owned(),
            ok,
            detail,
        }),
        EventKind::WorkstreamMerged { issue_id, repos } => {
            Kind::WorkstreamMerged(pb::WorkstreamMerged {
                issue_id: issue_id.0,
                repos: repos.into_iter().map(landed_pb).collect(),
            })
        }
        EventKind::MergeCheckFailed { repo, error } => {
            Kind::MergeCheckFailed(pb::MergeCheckFailed { repo, error })
        }
        EventKind::McpCallRefused { tool, error } => Kind::McpCallRefused(pb::McpCallRefused {
            tool: tool.as_str().to_owned(),
            error,
        }),
        EventKind::ReadyForPush {
            workstream_id,
            repos,
            summary,
        } => Kind::ReadyForPush(pb::ReadyForPush {
            workstream_id: workstream_id.0,
            repos,
            summary,
        }),
        EventKind::RepoPushChanged {
            workstream_id,
            repo,
            state,
            commit,
        } => Kind::RepoPushChanged(pb::RepoPushChanged {
            workstream_id: workstream_id.0,
            repo,
            state: state.as_str().to_owned(),
            commit,
        }),
        EventKind::AskOpened { ask } => Kind::AskOpened(pb::AskOpened {
            ask: Some(ask_pb(ask, String::new())),
        }),
        EventKind::AskAnswered { ask_id, delivery } => Kind::AskAnswered(pb::AskAnswered {
            ask_id: ask_id.0,
            delivery: delivery.as_str().to_owned(),
        }),
        EventKind::QueueUpdated { workstream_ids } => Kind::QueueUpdated(pb::QueueUpdated {
            workstream_ids: workstream_ids.into_iter().map(|w| w.0).collect(),
        }),
        EventKind::PullRequestOpened {
            workstream_id,
            repo,
            number,
            url,
            updated,
        } => Kind::PullRequestOpened(pb::PullRequestOpened {
            workstream_id: workstream_id.0,
            repo,
            number,
            url,
            updated,
        }),
        EventKind::PullRequestStateChanged {
            workstream_id,
            repo,
            number,
            from,
            to,
        } => Kind::PullRequestStateChanged(pb::PullRequestStateChanged {
            workstream_id: workstream_id.0,
            repo,
            number,
            from: pull_state(from).into(),
            to: pull_state(to).into(),
        }),
        EventKind::ForgeFeedback {
            workstream_id,
            repo,
            number,
            comments,
            failing_checks,
        } => Kind::ForgeFeedback(pb::ForgeFeedback {
            workstream_id: workstream_id.0,
            repo,
            number,
            comments,
            failing_checks,
        }),
        EventKind::ForgeFailed {
            workstream_id,
            repo,
            number,
            error,
        } => Kind::ForgeFailed(pb::ForgeFailed {
            workstream_id: workstream_id.0,
            repo,
            number,
            error,
        }),
        EventKind::ProposalMade { proposal } => Kind::ProposalMade(pb::ProposalMade {
            proposal: Some(proposal_pb(proposal)),
        }),
        EventKind::ProposalDecided {
            proposal_id,
            issue_id,
            state,
            agent_id,
            workstream_id,
        } => Kind::ProposalDecided(pb::ProposalDecided {
            proposal_id: proposal_id.0,
            issue_id: issue_id.0,
            state: proposal_state_pb(state).into(),
            agent_id: agent_id.0,
            workstream_id: workstream_id.map(|w| w.0).unwrap_or_default(),
        }),
        EventKind::ProposalStale {
            proposal_id,
            issue_id,
            issue_key,
            reason,
        } => {
            use compass_core::proposal::Stale;
            let (reason, workstream_id) = match reason {
                Stale::Assigned { workstream_id } => (pb::StaleReason::Assigned, workstream_id.0),
                Stale::Closed => (pb::StaleReason::Closed, String::new()),
                Stale::Gone => (pb::StaleReason::Gone, String::new()),
            };
            Kind::ProposalStale(pb::ProposalStale {
                proposal_id: proposal_id.0,
                issue_id: issue_id.0,
                issue_key,
                reason: reason.into(),
                workstream_id,
            })
        }
        EventKind::WorkstreamsOverlap {
            other_workstream_id,
            other_agent_id,
            paths,
        } => Kind::WorkstreamsOverlap(pb::WorkstreamsOverlap {
            other_workstream_id: other_workstream_id.0,
            other_agent_id: other_agent_id.0,
            paths,
        }),
        EventKind::WorkstreamsOverlapEnded {
            other_workstream_id,
            other_agent_id,
            why,
        } => Kind::WorkstreamsOverlapEnded(pb::WorkstreamsOverlapEnded {
            other_workstream_id: other_workstream_id.0,
            other_agent_id: other_agent_id.0,
            why: match why {
                OverlapEnd::FilesApart => pb::OverlapEnd::FilesApart,
                OverlapEnd::LeftFlight => pb::OverlapEnd::LeftFlight,
            }
            .into(),
        }),
    };
    let id = |v: &Option<compass_core::id::ProjectId>| {
        v.as_ref().map(|i| i.0.clone()).unwrap_or_default()
    };
    pb::Event {
        seq: e.seq,
        at_ms: e.at_ms,
        project_id: id(&e.scope.project_id),
        agent_id: e
            .scope
            .agent_id
            .as_ref()
            .map(|i| i.0.clone())
            .unwrap_or_default(),
        workstream_id: e
            .scope
            .workstream_id
            .as_ref()
            .map(|i| i.0.clone())
            .unwrap_or_default(),
        tool_call_id: e.scope.tool_call_id.clone().unwrap_or_default(),
        kind: Some(kind),
    }
}

/// Warden's state; `taint_session` `None` means across sessions.
pub(crate) fn warden_status(
    s: compass_warden::WardenStatus,
    taint_session: Option<String>,
) -> pb::WardenStatus {
    pb::WardenStatus {
        enabled: s.enabled,
        judge: s.judge,
        rules: u32::try_from(s.rules).unwrap_or(u32::MAX),
        decisions: s.decisions,
        flags: s.flags,
        detector_runs: s.detector_runs,
        taint_hits: s.taint_hits,
        allow: s.lists.allow,
        deny: s.lists.deny,
        taint_session: taint_session.unwrap_or_default(),
    }
}

/// One repo's review of a workstream (`GetWorkstreamDiff`).
pub(crate) fn repo_review(r: crate::fleet::RepoReview) -> pb::RepoDiff {
    pb::RepoDiff {
        repo: r.repo,
        base: r.base,
        commits: r
            .commits
            .into_iter()
            .map(|(sha, subject)| pb::DiffCommit { sha, subject })
            .collect(),
        patch: r.patch,
        truncated: r.truncated,
        error: r.error,
        unverified: r.unverified,
    }
}

/// What the board's cards show beyond issue and state, by workstream:
/// queue entries, pull requests and overlaps; and issue keys by id (for a
/// child issue's parent).
#[derive(Debug, Default)]
pub(crate) struct BoardExtras {
    pub(crate) entries: std::collections::HashMap<
        compass_core::id::WorkstreamId,
        compass_core::channel::QueueEntry,
    >,
    pub(crate) keys: std::collections::HashMap<compass_core::id::IssueId, String>,
    pub(crate) pulls: std::collections::HashMap<
        compass_core::id::WorkstreamId,
        Vec<compass_store::channel::PullRequest>,
    >,
    pub(crate) overlaps:
        std::collections::HashMap<compass_core::id::WorkstreamId, Vec<crate::overlaps::Overlap>>,
}

pub(crate) fn ask_pb(a: compass_core::channel::Ask, agent_name: String) -> pb::Ask {
    pb::Ask {
        id: a.id.0,
        agent_id: a.agent_id.0,
        agent_name,
        workstream_id: a.workstream_id.map(|w| w.0).unwrap_or_default(),
        question: a.question,
        state: a.state.as_str().to_owned(),
        answer: a.answer,
        created_at_ms: a.created_at_ms,
    }
}
pub(crate) fn proposal_state_pb(s: compass_core::proposal::ProposalState) -> pb::ProposalState {
    use compass_core::proposal::ProposalState as S;
    match s {
        S::Open => pb::ProposalState::Open,
        S::Approved => pb::ProposalState::Approved,
        S::Rejected => pb::ProposalState::Rejected,
    }
}

pub(crate) fn proposal_pb(p: compass_core::proposal::Proposal) -> pb::Proposal {
    pb::Proposal {
        id: p.id.0,
        project_id: p.project_id.0,
        issue_id: p.issue_id.0,
        issue_key: p.issue_key,
        agent_id: p.agent_id.0,
        agent: p.agent,
        behind: p.behind,
        reason: p.reason,
        overlaps: p.overlaps,
        state: proposal_state_pb(p.state).into(),
        workstream_id: p.workstream_id.map(|w| w.0).unwrap_or_default(),
        created_at_ms: p.created_at_ms,
    }
}

pub(crate) fn landed_pb(l: compass_core::merge::RepoLanded) -> pb::RepoLanded {
    use compass_core::merge::Landed;
    let how = match l.how {
        Landed::FastForward => pb::MergeMethod::FastForward,
        Landed::MergeCommit => pb::MergeMethod::MergeCommit,
        Landed::Rebase => pb::MergeMethod::Rebase,
        Landed::Squash => pb::MergeMethod::Squash,
        Landed::Tree => pb::MergeMethod::Tree,
    };
    pb::RepoLanded {
        repo: l.repo,
        how: how.into(),
        trunk_commit: l.trunk,
    }
}

fn health_pb(h: Health) -> pb::SourceHealth {
    match h {
        Health::New => pb::SourceHealth::New,
        Health::Ok => pb::SourceHealth::Ok,
        Health::Failing => pb::SourceHealth::Failing,
    }
}

pub(crate) fn skipped_pb(s: compass_core::source::Skipped) -> pb::SkippedIssue {
    pb::SkippedIssue {
        key: s.key,
        reason: s.reason,
    }
}

pub(crate) fn source_pb(s: Source) -> pb::Source {
    let name = s.config.describe();
    let (api_url, labels, assignee, state) = s.config.filters();
    let common = pb::Source {
        api_url: api_url.to_owned(),
        labels: labels.to_vec(),
        assignee: assignee.unwrap_or_default().to_owned(),
        state: state.as_str().to_owned(),
        ..pb::Source::default()
    };
    let out = match s.config {
        SourceConfig::Github(g) => pb::Source {
            kind: pb::SourceKind::Github.into(),
            repo: g.repo,
            ..common
        },
        SourceConfig::Linear(l) => pb::Source {
            kind: pb::SourceKind::Linear.into(),
            team: l.team,
            ..common
        },
        SourceConfig::Jira(j) => pb::Source {
            kind: pb::SourceKind::Jira.into(),
            project_key: j.project,
            ..common
        },
    };
    pb::Source {
        id: s.id.0,
        project_id: s.project_id.0,
        name,
        token_secret: s.token_secret,
        writeback_state: s.writeback.state,
        writeback_labels: s.writeback.labels,
        writeback_comments: s.writeback.comments,
        cursor: s.cursor.unwrap_or_default(),
        health: health_pb(s.health).into(),
        last_error: s.last_error,
        last_sync_ms: s.last_sync_ms.unwrap_or(0),
        created_at_ms: s.created_at_ms,
        issues: s.issues,
        ..out
    }
}
