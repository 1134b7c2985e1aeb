//! Event kinds: everything that happens in Compass, as the store records it.
//!
//! The store gives each event a strictly increasing `seq`; the daemon turns
//! them into `compass.v1` events. Adding a kind here is adding it to the
//! contract too (the daemon's mapping is exhaustive, so the compiler asks).

use crate::agent::{Agent, AgentStatus};
use crate::channel::{Ask, AskDelivery, McpTool, PullState, PushState};
use crate::gate::Verdict;
use crate::id::{AgentId, AskId, IssueId, ProjectId, ProposalId, SourceId, WorkstreamId};
use crate::issue::Issue;
use crate::merge::RepoLanded;
use crate::project::Project;
use crate::proposal::{OverlapEnd, Proposal, ProposalState, Stale};
use crate::source::{Skipped, Source, WritebackAction};
use crate::workstream::{Workstream, WorkstreamState};
use serde::{Deserialize, Serialize};

/// Which things an event is about; every field optional so a filter can
/// match on any of them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scope {
    pub project_id: Option<ProjectId>,
    pub agent_id: Option<AgentId>,
    pub workstream_id: Option<WorkstreamId>,
    pub tool_call_id: Option<String>,
}

impl Scope {
    /// The scope of an event about `ws`: its project, agent and itself.
    pub fn of_workstream(ws: &Workstream) -> Self {
        Self {
            project_id: Some(ws.project_id.clone()),
            agent_id: Some(ws.agent_id.clone()),
            workstream_id: Some(ws.id.clone()),
            tool_call_id: None,
        }
    }
}

/// An event before the store has sequenced it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewEvent {
    pub scope: Scope,
    pub kind: EventKind,
}

/// A sequenced, stored event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub seq: u64,
    pub at_ms: i64,
    pub scope: Scope,
    pub kind: EventKind,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    ProjectCreated {
        project: Project,
    },
    ThemeAdded {
        theme: String,
        names: Vec<String>,
    },
    AgentCreated {
        agent: Agent,
    },
    AgentStatusChanged {
        from: AgentStatus,
        to: AgentStatus,
        reason: String,
    },
    AgentRetired {
        name: String,
        codename_returned: bool,
    },
    IssueCreated {
        issue: Issue,
    },
    WorkstreamCreated {
        workstream: Workstream,
    },
    WorkstreamStateChanged {
        issue_id: IssueId,
        from: WorkstreamState,
        to: WorkstreamState,
    },
    /// Something the agent streamed (over ACP) — rendered by UIs as-is.
    AgentUpdate {
        update: AgentUpdate,
    },
    /// A Warden gate decision, with its audit fields.
    GateDecision {
        gate: String,
        source: String,
        /// BLAKE3 of what was inspected: what `allow once` names. Empty in
        /// events stored before it was recorded.
        #[serde(default)]
        hash: String,
        verdict: Verdict,
        latency_us: u64,
        /// How Warden reached it (`inspected`, `warden_off`, `allow_once`,
        /// `same_action`, …): a decision made with Warden off is recorded as
        /// `warden_off`, never as an inspected `clear`. Empty when the gate
        /// that decided does not say (and in events stored before).
        #[serde(default)]
        route: String,
        /// What was flagged or cautioned about, cut and redacted for the
        /// user; empty for a clear (and in events stored before).
        #[serde(default)]
        excerpt: String,
    },
    /// The user changed Warden's state: `what` is `enabled`, `disabled`,
    /// `allow`, `deny`, `forget` or `allow_once`; `subject` the pattern (or
    /// `agent hash`); `by` which door the change came through (`cli`, `board`).
    WardenChanged {
        what: String,
        subject: String,
        by: String,
    },
    /// A secret was stored or replaced. Names only: a value never enters
    /// the event log.
    SecretSet {
        name: String,
    },
    SecretDeleted {
        name: String,
    },
    /// These secrets were materialized into the agent's workload at start.
    SecretsDelivered {
        names: Vec<String>,
    },
    /// A free-form bench or test marker (`compass bench` uses it).
    Marker {
        label: String,
        payload: String,
    },
    /// An issue source was added to a project.
    SourceAdded {
        source: Source,
    },
    /// A source was removed; the issues it imported stay, as local issues.
    SourceRemoved {
        source_id: SourceId,
        name: String,
    },
    /// A sync (or one page of it) committed.
    SourceSynced {
        source_id: SourceId,
        created: u64,
        updated: u64,
        unchanged: u64,
        skipped: Vec<Skipped>,
        cursor: Option<String>,
    },
    /// A sync stopped; what it imported before stays, and the next sync
    /// resumes from the cursor.
    SourceFailed {
        source_id: SourceId,
        error: String,
    },
    /// An imported issue changed in its tracker and was updated in place.
    IssueUpdated {
        issue: Issue,
    },
    /// A workstream's state was written back to its source issue (or
    /// could not be: `ok` false, `detail` says why).
    SourceWriteback {
        source_id: SourceId,
        issue_id: IssueId,
        action: WritebackAction,
        ok: bool,
        detail: String,
    },
    /// Merge detection found the workstream's change on trunk in every
    /// repository it changed (the state change itself is its own event).
    WorkstreamMerged {
        issue_id: IssueId,
        repos: Vec<RepoLanded>,
    },
    /// Merge detection could not read a repository's trunk; workstreams
    /// there stay as they are until a later check succeeds.
    MergeCheckFailed {
        repo: String,
        error: String,
    },
    /// An agent's MCP call was refused: wrong arguments, or it named work
    /// that is not its own. `error` is what the agent was told.
    McpCallRefused {
        tool: McpTool,
        error: String,
    },
    /// The agent signalled its workstream ready for push, once for all of
    /// the repos it names (a notification: it grants no push).
    ReadyForPush {
        workstream_id: WorkstreamId,
        repos: Vec<String>,
        summary: String,
    },
    /// One repo of a workstream changed push state (the relay forwarded
    /// its branch, or the push was refused).
    RepoPushChanged {
        workstream_id: WorkstreamId,
        repo: String,
        state: PushState,
        commit: String,
    },
    /// An agent asked the user a question.
    AskOpened {
        ask: Ask,
    },
    /// The user answered; `delivery` says how the agent got it.
    AskAnswered {
        ask_id: AskId,
        delivery: AskDelivery,
    },
    /// The agent reordered, annotated or marked items of its own queue.
    QueueUpdated {
        workstream_ids: Vec<WorkstreamId>,
    },
    /// A pull request was opened (or, `updated`, found open and refreshed)
    /// for a workstream's repo on its forge.
    PullRequestOpened {
        workstream_id: WorkstreamId,
        repo: String,
        number: u64,
        url: String,
        updated: bool,
    },
    /// The forge shows a workstream's pull request in another state (closed
    /// without merging, merged, reopened) than the last poll recorded.
    PullRequestStateChanged {
        workstream_id: WorkstreamId,
        repo: String,
        number: u64,
        from: PullState,
        to: PullState,
    },
    /// Review comments and failing checks of a pull request were handed to
    /// the owning agent as a prompt.
    ForgeFeedback {
        workstream_id: WorkstreamId,
        repo: String,
        number: u64,
        comments: u32,
        failing_checks: u32,
    },
    /// Opening, updating or reading a workstream's pull request failed
    /// (`number` 0 when none is open yet); the next poll tries again.
    ForgeFailed {
        workstream_id: WorkstreamId,
        repo: String,
        number: u64,
        error: String,
    },
    /// The Dispatcher proposed an agent for an issue.
    ProposalMade {
        proposal: Proposal,
    },
    /// The user decided a proposal (`workstream_id` when approved).
    ProposalDecided {
        proposal_id: ProposalId,
        issue_id: IssueId,
        state: ProposalState,
        agent_id: AgentId,
        workstream_id: Option<WorkstreamId>,
    },
    /// The user tried to approve or edit a proposal whose issue changed
    /// since it was proposed; nothing was decided.
    ProposalStale {
        proposal_id: ProposalId,
        issue_id: IssueId,
        issue_key: String,
        reason: Stale,
    },
    /// Two in-flight workstreams now change the same files (scope: the one
    /// whose diff was just read). Advisory: nothing is blocked.
    WorkstreamsOverlap {
        other_workstream_id: WorkstreamId,
        other_agent_id: AgentId,
        /// `<repo>:<path>` of each shared file.
        paths: Vec<String>,
    },
    /// Two in-flight workstreams no longer change the same files (scope:
    /// the one whose diff or state changed).
    WorkstreamsOverlapEnded {
        other_workstream_id: WorkstreamId,
        other_agent_id: AgentId,
        why: OverlapEnd,
    },
    /// A person opened a raw shell into the agent's workload (the escape
    /// hatch: a PTY, outside every gate). `by` is the door it came through
    /// (`board` or `cli`); `session` names it until it closes.
    ShellOpened {
        session: String,
        by: String,
    },
    /// That shell ended: the person closed it or its shell exited (`exit_code`
    /// when it exited with one).
    ShellClosed {
        session: String,
        by: String,
        exit_code: Option<i32>,
    },
}

impl EventKind {
    /// The short kind name used in the store's `kind` column and in filters.
    pub fn name(&self) -> &'static str {
        match self {
            Self::ProjectCreated { .. } => "project_created",
            Self::ThemeAdded { .. } => "theme_added",
            Self::AgentCreated { .. } => "agent_created",
            Self::AgentStatusChanged { .. } => "agent_status_changed",
            Self::AgentRetired { .. } => "agent_retired",
            Self::IssueCreated { .. } => "issue_created",
            Self::WorkstreamCreated { .. } => "workstream_created",
            Self::WorkstreamStateChanged { .. } => "workstream_state_changed",
            Self::AgentUpdate { .. } => "agent_update",
            Self::GateDecision { .. } => "gate_decision",
            Self::WardenChanged { .. } => "warden_changed",
            Self::SecretSet { .. } => "secret_set",
            Self::SecretDeleted { .. } => "secret_deleted",
            Self::SecretsDelivered { .. } => "secrets_delivered",
            Self::Marker { .. } => "marker",
            Self::SourceAdded { .. } => "source_added",
            Self::SourceRemoved { .. } => "source_removed",
            Self::SourceSynced { .. } => "source_synced",
            Self::SourceFailed { .. } => "source_failed",
            Self::IssueUpdated { .. } => "issue_updated",
            Self::SourceWriteback { .. } => "source_writeback",
            Self::WorkstreamMerged { .. } => "workstream_merged",
            Self::MergeCheckFailed { .. } => "merge_check_failed",
            Self::McpCallRefused { .. } => "mcp_call_refused",
            Self::ReadyForPush { .. } => "ready_for_push",
            Self::RepoPushChanged { .. } => "repo_push_changed",
            Self::AskOpened { .. } => "ask_opened",
            Self::AskAnswered { .. } => "ask_answered",
            Self::QueueUpdated { .. } => "queue_updated",
            Self::PullRequestOpened { .. } => "pull_request_opened",
            Self::PullRequestStateChanged { .. } => "pull_request_state_changed",
            Self::ForgeFeedback { .. } => "forge_feedback",
            Self::ForgeFailed { .. } => "forge_failed",
            Self::ProposalMade { .. } => "proposal_made",
            Self::ProposalDecided { .. } => "proposal_decided",
            Self::ProposalStale { .. } => "proposal_stale",
            Self::WorkstreamsOverlap { .. } => "workstreams_overlap",
            Self::WorkstreamsOverlapEnded { .. } => "workstreams_overlap_ended",
            Self::ShellOpened { .. } => "shell_opened",
            Self::ShellClosed { .. } => "shell_closed",
        }
    }
}

impl EventKind {
    /// The free text an event carries (agent output, gate sources and
    /// reasons, status reasons, markers), for a pass over it before it is
    /// stored — such as taking secrets out. Names, ids and enums are left.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        match self {
            Self::AgentUpdate { update } => update.texts_mut(),
            Self::GateDecision {
                source,
                verdict,
                excerpt,
                ..
            } => {
                let mut texts = vec![source, excerpt];
                texts.extend(verdict.texts_mut());
                texts
            }
            Self::AgentStatusChanged { reason, .. } => vec![reason],
            Self::WardenChanged { subject, .. } => vec![subject],
            Self::Marker { payload, .. } => vec![payload],
            Self::SourceFailed { error, .. } => vec![error],
            Self::SourceWriteback { detail, .. } => vec![detail],
            Self::MergeCheckFailed { error, .. } | Self::ForgeFailed { error, .. } => vec![error],
            Self::McpCallRefused { error, .. } => vec![error],
            Self::ReadyForPush { summary, .. } => vec![summary],
            Self::AskOpened { ask } => vec![&mut ask.question, &mut ask.answer],
            Self::SourceSynced { skipped, .. } => {
                skipped.iter_mut().map(|s| &mut s.reason).collect()
            }
            // An agent files issues (the Dispatcher's `file_issue`), and a
            // tracker's text is anyone's.
            Self::IssueCreated { issue } | Self::IssueUpdated { issue } => {
                let mut texts = vec![&mut issue.title, &mut issue.body];
                texts.extend(issue.labels.iter_mut());
                texts
            }
            Self::ProjectCreated { .. }
            | Self::ThemeAdded { .. }
            | Self::AgentCreated { .. }
            | Self::AgentRetired { .. }
            | Self::WorkstreamCreated { .. }
            | Self::WorkstreamStateChanged { .. }
            | Self::SecretSet { .. }
            | Self::SecretDeleted { .. }
            | Self::SecretsDelivered { .. }
            | Self::SourceAdded { .. }
            | Self::SourceRemoved { .. }
            | Self::WorkstreamMerged { .. } => vec![],
            Self::RepoPushChanged { .. }
            | Self::AskAnswered { .. }
            | Self::QueueUpdated { .. }
            | Self::PullRequestOpened { .. }
            | Self::PullRequestStateChanged { .. }
            | Self::ForgeFeedback { .. }
            | Self::ProposalMade { .. }
            | Self::ProposalDecided { .. }
            | Self::ProposalStale { .. }
            | Self::WorkstreamsOverlap { .. }
            | Self::WorkstreamsOverlapEnded { .. }
            | Self::ShellOpened { .. }
            | Self::ShellClosed { .. } => vec![],
        }
    }
}

/// Status of a tool call, as ACP reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolStatus {
    Pending,
    InProgress,
    Completed,
    Failed,
}

/// One entry of an agent's plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanEntry {
    pub content: String,
    pub priority: String,
    pub status: String,
}

/// The agent's live stream, in Compass's own terms (UIs never speak ACP).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "update", rename_all = "snake_case")]
pub enum AgentUpdate {
    UserMessage {
        text: String,
    },
    MessageChunk {
        text: String,
    },
    ThoughtChunk {
        text: String,
    },
    ToolCall {
        title: String,
        tool_kind: String,
        status: ToolStatus,
        raw_input: Option<String>,
    },
    ToolCallUpdate {
        status: Option<ToolStatus>,
        title: Option<String>,
        output: Option<String>,
    },
    Diff {
        path: String,
        old_text: Option<String>,
        new_text: String,
    },
    Plan {
        entries: Vec<PlanEntry>,
    },
    AvailableCommands {
        commands: Vec<String>,
    },
    ModeChanged {
        mode: String,
    },
    PermissionRequested {
        title: String,
        options: Vec<String>,
        chosen: Option<String>,
    },
    TerminalOutput {
        terminal_id: String,
        output: String,
        exit_code: Option<i32>,
    },
    TurnEnded {
        stop_reason: String,
    },
    /// The agent (or Compass about the agent) reports a problem.
    Error {
        message: String,
    },
    /// An ACP session is up: created fresh, loaded, or re-created by a reload.
    SessionStarted {
        session_id: String,
        /// The agent's own name and version, as `initialize` reported them.
        agent: String,
        /// `new`, `loaded` (session/load) or `reloaded` (session/new plus a
        /// reload prompt after the agent died or its context was reset).
        how: String,
    },
    /// The session can no longer be driven; `code` is a stable machine name
    /// (`agent_exited`, `stdout_closed`, `protocol`, `timeout`, `update_flood`, …).
    SessionFailed {
        code: String,
        message: String,
    },
}

impl AgentUpdate {
    /// The free text the agent wrote (messages, tool input and output,
    /// diffs, plans), for a pass over it before it is stored — such as
    /// taking credentials out.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        match self {
            Self::UserMessage { text }
            | Self::MessageChunk { text }
            | Self::ThoughtChunk { text } => {
                vec![text]
            }
            Self::ToolCall {
                title, raw_input, ..
            } => std::iter::once(title).chain(raw_input.as_mut()).collect(),
            Self::ToolCallUpdate { title, output, .. } => {
                title.as_mut().into_iter().chain(output.as_mut()).collect()
            }
            Self::Diff {
                old_text, new_text, ..
            } => old_text.as_mut().into_iter().chain([new_text]).collect(),
            Self::Plan { entries } => entries.iter_mut().map(|e| &mut e.content).collect(),
            Self::PermissionRequested { title, .. } => vec![title],
            Self::TerminalOutput { output, .. } => vec![output],
            Self::Error { message } | Self::SessionFailed { message, .. } => vec![message],
            Self::AvailableCommands { .. }
            | Self::ModeChanged { .. }
            | Self::TurnEnded { .. }
            | Self::SessionStarted { .. } => vec![],
        }
    }
}
