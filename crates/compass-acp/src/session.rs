//! One ACP session with one agent process inside its workload: spawn,
//! `initialize` (advertising the fs/terminal methods Compass serves),
//! `authenticate` where configured, `session/new` or `session/load`,
//! `session/prompt`, `session/cancel`. Every `session/update` becomes an
//! event on the sink; every failure becomes exactly one `SessionFailed`
//! event with a typed code, and nothing waits without a time-out.

use crate::error::AcpError;
use crate::executor::{Executor, ExecutorLimits, Oversight, Place};
use crate::rpc::{Connection, EndProbe, Inbound, RpcErrorObject, WireLimits};
use crate::sink::EventSink;
use crate::translate::{Translated, translate};
use agent_client_protocol::v1::schema::{
    McpServer, PermissionOptionKind, RequestPermissionRequest, SessionNotification,
};
use compass_core::event::{AgentUpdate, EventKind, NewEvent, Scope};
use compass_core::gate::Gate;
use compass_core::id::AgentId;
use compass_runtime::{ExecSpec, ProcessHandle, WorkloadName, WorkloadRuntime};
use futures::future::BoxFuture;
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncReadExt;

/// ACP's JSON-RPC code for "authentication required".
const AUTH_REQUIRED_CODE: i64 = -32000;

/// How `session/request_permission` is answered. Never approved blindly:
/// agents run in full auto-approve mode inside their workload, so a
/// permission request is one more action for Warden to judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PermissionPolicy {
    /// Ask the gate about the tool call: `allow_once` when it clears,
    /// `reject_once` (else `reject_always`) when it flags; cancel if the
    /// wanted kind is not offered. A standing permission (`allow_always`)
    /// is never granted: Warden judges each action, so a cleared request
    /// offering no `allow_once` is rejected once (else cancelled), saying
    /// why.
    #[default]
    Gated,
    /// Pick `reject_once`, else `reject_always`; cancel if neither.
    Reject,
}

/// Time-outs for each phase. A prompt turn may run long: it fails only
/// when the agent has been silent for `prompt_idle` (or `prompt_total`, if
/// set, has passed).
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    pub initialize: Duration,
    pub session_setup: Duration,
    pub prompt_idle: Duration,
    pub prompt_total: Option<Duration>,
    /// Other requests (authenticate, set mode).
    pub request: Duration,
    /// How long to wait for the process's exit status once its stdout ends.
    pub exit_grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            initialize: Duration::from_secs(60),
            session_setup: Duration::from_secs(120),
            prompt_idle: Duration::from_secs(600),
            prompt_total: None,
            request: Duration::from_secs(30),
            exit_grace: Duration::from_secs(2),
        }
    }
}

/// Limits on what an agent may send.
#[derive(Debug, Clone)]
pub struct Limits {
    pub max_line_bytes: usize,
    /// Non-JSON-RPC lines tolerated on stdout before the session fails
    /// (0: the first one fails it; stdout belongs to the protocol).
    pub garbage_lines_allowed: u32,
    /// `session/update`s allowed in one turn before it is stopped.
    pub max_updates_per_turn: u64,
    /// Bytes of text (messages, thoughts, tool output, diffs, …) the
    /// agent's updates may carry in one turn before it is stopped: each is
    /// stored in the event log, so without it an agent fills the disk by
    /// talking.
    pub max_update_bytes_per_turn: u64,
    pub executor: ExecutorLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_line_bytes: 32 * 1024 * 1024,
            garbage_lines_allowed: 0,
            max_updates_per_turn: 250_000,
            max_update_bytes_per_turn: 64 * 1024 * 1024,
            executor: ExecutorLimits::default(),
        }
    }
}

/// Which client methods Compass serves (and advertises in `initialize`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServedCapabilities {
    pub read_text_file: bool,
    pub write_text_file: bool,
    pub terminal: bool,
}

impl Default for ServedCapabilities {
    fn default() -> Self {
        Self {
            read_text_file: true,
            write_text_file: true,
            terminal: true,
        }
    }
}

/// Everything needed to start one session. `Debug` shows env names only:
/// launch env may carry credentials (prefer the runtime's secret files).
#[derive(Clone)]
pub struct SessionConfig {
    pub agent_id: AgentId,
    /// Project and workstream ids for every event (the agent id is filled
    /// in from `agent_id`; the tool-call id per event).
    pub scope: Scope,
    pub workload: WorkloadName,
    /// The agent's command line, env and cwd inside the workload.
    pub launch: ExecSpec,
    /// The session's working directory inside the workload.
    pub cwd: PathBuf,
    /// Where fs/terminal requests may reach; `cwd` when empty.
    pub allowed_roots: Vec<PathBuf>,
    pub mcp_servers: Vec<McpServer>,
    pub permission: PermissionPolicy,
    pub capabilities: ServedCapabilities,
    /// Authenticate with this method id when the agent offers it.
    pub auth_method: Option<String>,
    /// Emit a `GateDecision` event for every fs/terminal gate check. Turn
    /// off when the gate records its own decisions into the event log
    /// (Warden's `AuditSink`), so each decision appears once.
    pub emit_gate_decisions: bool,
    /// `session/set_mode` to this mode right after the session starts
    /// (e.g. claude-agent-acp's `bypassPermissions` for YOLO mode).
    pub initial_mode: Option<String>,
    /// ACP `_meta` of every `session/new` and `session/load` (the kind's
    /// `session_meta`: options its adapter takes from the client).
    pub session_meta: Option<serde_json::Map<String, Value>>,
    pub timeouts: Timeouts,
    pub limits: Limits,
    /// What every launch of the agent process must redo (masks for its
    /// working directory, the kind's wire step); see [`Relaunch`].
    pub relaunch: Relaunch,
    /// Where the view git dirs are inside the workload
    /// (`compass_core::safe_git::WorktreeView`): the reload's workspace
    /// status reads the worktree only through one.
    pub git_views: PathBuf,
    /// Asked before every launch of the agent process (first start,
    /// restart, resume): the memory files it would load are inspected, and
    /// a hold stops the launch before the process exists.
    pub memory: Option<Arc<dyn crate::memory::MemoryGate>>,
}

/// What a restart (reload, context reset, a move into a workstream) redoes
/// before it launches the agent process again, so it never starts from
/// what the agent could change since the first launch.
#[derive(Debug, Clone, Default)]
pub struct Relaunch {
    /// The kind's masked config places, laid over each working directory
    /// from the work root down ([`crate::masked::Masked::at`]).
    pub masked: crate::masked::Masked,
    /// The workload's work root and the agent's home, inside.
    pub work_root: PathBuf,
    pub home: PathBuf,
    /// Run to success in the workload before each restart: the kind's
    /// wire step, which rewrites config files the agent can reach.
    pub prepare: Option<ExecSpec>,
}

impl Relaunch {
    /// The masks for an agent process working in `cwd`.
    pub fn masks(&self, cwd: &std::path::Path) -> Vec<compass_runtime::Mask> {
        self.masked.at(cwd, &self.work_root, &self.home)
    }
}

impl std::fmt::Debug for SessionConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionConfig")
            .field("agent_id", &self.agent_id)
            .field("workload", &self.workload)
            .field("argv", &self.launch.argv)
            .field("env", &self.launch.env.keys().collect::<Vec<_>>())
            .field("cwd", &self.cwd)
            .field("allowed_roots", &self.allowed_roots)
            .field("permission", &self.permission)
            .field("capabilities", &self.capabilities)
            .field("memory_gated", &self.memory.is_some())
            .finish_non_exhaustive()
    }
}

impl SessionConfig {
    /// A config with defaults for everything but the essentials.
    pub fn new(agent_id: AgentId, workload: WorkloadName, launch: ExecSpec, cwd: PathBuf) -> Self {
        Self {
            agent_id,
            scope: Scope::default(),
            workload,
            launch,
            cwd,
            allowed_roots: Vec::new(),
            mcp_servers: Vec::new(),
            permission: PermissionPolicy::default(),
            capabilities: ServedCapabilities::default(),
            auth_method: None,
            initial_mode: None,
            session_meta: None,
            emit_gate_decisions: true,
            timeouts: Timeouts::default(),
            limits: Limits::default(),
            relaunch: Relaunch::default(),
            git_views: compass_runtime::InnerPaths::isolated()
                .config
                .join(compass_core::safe_git::VIEW_DIR),
            memory: None,
        }
    }
}

/// What `initialize` told us about the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentInfo {
    /// `name version`, or `unknown agent`.
    pub name: String,
    pub load_session: bool,
    /// `(id, name)` of each auth method offered.
    pub auth_methods: Vec<(String, String)>,
}

/// How the session came up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartMode {
    New,
    Loaded,
    Reloaded,
}

impl StartMode {
    fn as_str(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Loaded => "loaded",
            Self::Reloaded => "reloaded",
        }
    }
}

/// The end of one prompt turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnOutcome {
    /// ACP's stop reason: `end_turn`, `cancelled`, `max_tokens`, `refusal`, …
    pub stop_reason: String,
    /// `session/update`s received during the turn.
    pub updates: u64,
}

struct Shared {
    sink: Arc<dyn EventSink>,
    scope: Scope,
    failed: AtomicBool,
    shutting_down: AtomicBool,
}

impl Shared {
    fn emit(&self, tool_call_id: Option<String>, update: AgentUpdate) {
        let mut scope = self.scope.clone();
        scope.tool_call_id = tool_call_id;
        self.sink.emit(NewEvent {
            scope,
            kind: EventKind::AgentUpdate { update },
        });
    }

    /// Report the session's failure, once.
    fn fail(&self, err: &AcpError) {
        if self.shutting_down.load(Ordering::SeqCst) {
            return;
        }
        if !self.failed.swap(true, Ordering::SeqCst) {
            tracing::warn!(agent = ?self.scope.agent_id, code = err.code(), "agent session failed: {err}");
            self.emit(
                None,
                AgentUpdate::SessionFailed {
                    code: err.code().to_owned(),
                    message: err.to_string(),
                },
            );
        }
    }
}

struct SessionInbound {
    shared: Arc<Shared>,
    executor: Arc<Executor>,
    policy: PermissionPolicy,
    caps: ServedCapabilities,
    updates: AtomicU64,
    max_updates: u64,
    /// Bytes of text this turn's updates carried (reset with `updates`).
    update_bytes: AtomicU64,
    max_update_bytes: u64,
    /// While `session/load` replays history, updates are not re-emitted:
    /// the store already has them.
    replaying: AtomicBool,
}

const KNOWN_UPDATES: &[&str] = &[
    "user_message_chunk",
    "agent_message_chunk",
    "agent_thought_chunk",
    "tool_call",
    "tool_call_update",
    "plan",
    "available_commands_update",
    "current_mode_update",
];

impl Inbound for SessionInbound {
    fn notification(&self, method: &str, params: Value) -> Result<(), AcpError> {
        if method != "session/update" {
            tracing::debug!(method, "ignoring notification");
            return Ok(());
        }
        let n = self.updates.fetch_add(1, Ordering::Relaxed) + 1;
        if n > self.max_updates {
            return Err(AcpError::UpdateFlood {
                limit: self.max_updates,
            });
        }
        if self.replaying.load(Ordering::Relaxed) {
            return Ok(());
        }
        let kind = params
            .pointer("/update/sessionUpdate")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        match serde_json::from_value::<SessionNotification>(params) {
            Ok(note) => {
                let mut translated = translate(&note.update);
                let mut bytes = 0u64;
                for t in &mut translated {
                    bytes += t
                        .update
                        .texts_mut()
                        .iter()
                        .map(|text| text.len() as u64)
                        .sum::<u64>();
                }
                let total = self.update_bytes.fetch_add(bytes, Ordering::Relaxed) + bytes;
                if total > self.max_update_bytes {
                    return Err(AcpError::UpdateTextFlood {
                        limit: self.max_update_bytes,
                    });
                }
                for Translated {
                    tool_call_id,
                    update,
                } in translated
                {
                    self.shared.emit(tool_call_id, update);
                }
            }
            Err(e) if KNOWN_UPDATES.contains(&kind.as_str()) => self.shared.emit(
                None,
                AgentUpdate::Error {
                    message: format!("the agent sent a malformed {kind} update: {e}"),
                },
            ),
            // A kind newer than our schema, or one Compass does not render.
            Err(_) => tracing::debug!(kind, "ignoring session/update"),
        }
        Ok(())
    }

    fn request(
        self: Arc<Self>,
        method: String,
        params: Value,
    ) -> BoxFuture<'static, Result<Value, RpcErrorObject>> {
        Box::pin(async move {
            let ex = &self.executor;
            let not_served = || {
                Err(RpcErrorObject::new(
                    RpcErrorObject::METHOD_NOT_FOUND,
                    format!("{method} is not offered by this client"),
                ))
            };
            match method.as_str() {
                "session/request_permission" => self.permission(params).await,
                "fs/read_text_file" if self.caps.read_text_file => ex.read_text_file(params).await,
                "fs/write_text_file" if self.caps.write_text_file => {
                    ex.write_text_file(params).await
                }
                "terminal/create" if self.caps.terminal => ex.terminal_create(params).await,
                "terminal/output" if self.caps.terminal => ex.terminal_output(params).await,
                "terminal/wait_for_exit" if self.caps.terminal => ex.terminal_wait(params).await,
                "terminal/kill" if self.caps.terminal => ex.terminal_kill(params).await,
                "terminal/release" if self.caps.terminal => ex.terminal_release(params).await,
                _ => not_served(),
            }
        })
    }

    fn garbage(&self, bytes: usize) {
        self.shared.emit(
            None,
            AgentUpdate::Error {
                message: format!("the agent wrote {bytes} bytes of non-protocol output to stdout"),
            },
        );
    }
}

impl SessionInbound {
    async fn permission(&self, params: Value) -> Result<Value, RpcErrorObject> {
        let req: RequestPermissionRequest = serde_json::from_value(params).map_err(|e| {
            RpcErrorObject::new(
                RpcErrorObject::INVALID_PARAMS,
                format!("invalid params: {e}"),
            )
        })?;
        let tool_call_id = req.tool_call.tool_call_id.0.to_string();
        let fields = &req.tool_call.fields;
        let title = fields.title.clone().unwrap_or_else(|| tool_call_id.clone());
        let allowed = match self.policy {
            PermissionPolicy::Gated => self
                .executor
                .gate_permission(
                    &tool_call_id,
                    fields.kind,
                    &title,
                    fields.raw_input.as_ref(),
                    &crate::executor::ShownWrite::all(fields.content.as_deref()),
                )
                .await
                .is_ok(),
            PermissionPolicy::Reject => false,
        };
        let offered = |k: PermissionOptionKind| req.options.iter().find(|o| o.kind == k);
        // A standing allowance would let later actions of this kind past
        // Warden unasked: never chosen. Without `allow_once` the cleared
        // request is refused once (a standing refusal would outlive it).
        let once = allowed.then(|| offered(PermissionOptionKind::AllowOnce));
        let chosen = match once {
            Some(Some(o)) => Some(o),
            Some(None) => {
                self.shared.emit(
                    Some(tool_call_id.clone()),
                    AgentUpdate::Error {
                        message: format!(
                            "Compass refused the permission request for {title:?}: the agent offered no allow-once option, and Compass never grants a standing permission (each action is Warden's to judge)"
                        ),
                    },
                );
                offered(PermissionOptionKind::RejectOnce)
            }
            None => offered(PermissionOptionKind::RejectOnce)
                .or_else(|| offered(PermissionOptionKind::RejectAlways)),
        };
        self.shared.emit(
            Some(tool_call_id.clone()),
            AgentUpdate::PermissionRequested {
                title,
                options: req.options.iter().map(|o| o.name.clone()).collect(),
                chosen: chosen.map(|o| o.name.clone()),
            },
        );
        Ok(match chosen {
            Some(o) => {
                json!({"outcome": {"outcome": "selected", "optionId": o.option_id.0.as_ref()}})
            }
            None => json!({"outcome": {"outcome": "cancelled"}}),
        })
    }
}

struct Process {
    handle: tokio::sync::Mutex<Box<dyn ProcessHandle>>,
    stderr_tail: Arc<Mutex<VecDeque<u8>>>,
    stderr_task: tokio::sync::Mutex<Option<tokio::task::JoinHandle<()>>>,
}

const STDERR_TAIL: usize = 4096;

impl Process {
    /// Let the stderr reader catch up (bounded) before its tail is used.
    async fn drain_stderr(&self, grace: Duration) {
        let task = self.stderr_task.lock().await.take();
        if let Some(task) = task {
            let _ = tokio::time::timeout(grace, task).await;
        }
    }

    fn tail(&self) -> String {
        let tail = match self.stderr_tail.lock() {
            Ok(t) => t.iter().copied().collect::<Vec<u8>>(),
            Err(p) => p.into_inner().iter().copied().collect(),
        };
        let text = String::from_utf8_lossy(&tail);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let last: Vec<&str> = lines.iter().rev().take(6).rev().copied().collect();
        if last.is_empty() {
            String::new()
        } else {
            format!("; its last stderr lines: {}", redact(&last.join(" | ")))
        }
    }

    async fn kill(&self) {
        let mut h = self.handle.lock().await;
        let _ = h.kill().await;
    }
}

/// Blank out anything that looks like a credential before stderr text goes
/// into an event.
pub fn redact(text: &str) -> String {
    text.split_inclusive(|c: char| c.is_whitespace() || c == '"' || c == '\'')
        .map(|word| {
            let core = word.trim_end_matches(|c: char| c.is_whitespace() || c == '"' || c == '\'');
            let rest = &word[core.len()..];
            let lower = core.to_ascii_lowercase();
            let keyish = ["sk-", "ghp_", "gho_", "github_pat_", "xox", "akia"]
                .iter()
                .any(|p| lower.starts_with(p))
                || (core.len() >= 32
                    && core
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c)))
                || ["key=", "token=", "secret=", "password="]
                    .iter()
                    .any(|p| lower.contains(p));
            if keyish {
                format!("[redacted]{rest}")
            } else {
                word.to_owned()
            }
        })
        .collect()
}

/// A live ACP session.
pub struct AcpSession {
    conn: Arc<Connection>,
    shared: Arc<Shared>,
    inbound: Arc<SessionInbound>,
    process: Arc<Process>,
    session_id: String,
    info: AgentInfo,
    timeouts: Timeouts,
    mode: StartMode,
    /// Warden's cautions on the memory files this launch loaded, handed to
    /// the agent with its next prompt (as a caution rides a tool result).
    notes: Mutex<Vec<String>>,
}

impl std::fmt::Debug for AcpSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AcpSession")
            .field("session_id", &self.session_id)
            .field("agent", &self.info.name)
            .finish_non_exhaustive()
    }
}

impl AcpSession {
    /// Spawn the agent in its workload and bring a session up: a fresh one,
    /// or `resume` via `session/load` when the agent supports it (falling
    /// back to `session/new`).
    pub async fn start(
        runtime: Arc<dyn WorkloadRuntime>,
        gate: Arc<dyn Gate>,
        sink: Arc<dyn EventSink>,
        config: &SessionConfig,
        resume: Option<&str>,
    ) -> Result<Self, AcpError> {
        Self::start_inner(runtime, gate, sink, config, resume, StartMode::New).await
    }

    /// `fresh` is the mode a `session/new` is reported as (`Reloaded` when
    /// the driver re-creates a lost session).
    pub(crate) async fn start_inner(
        runtime: Arc<dyn WorkloadRuntime>,
        gate: Arc<dyn Gate>,
        sink: Arc<dyn EventSink>,
        config: &SessionConfig,
        resume: Option<&str>,
        fresh: StartMode,
    ) -> Result<Self, AcpError> {
        let mut scope = config.scope.clone();
        scope.agent_id = Some(config.agent_id.clone());
        scope.tool_call_id = None;
        let shared = Arc::new(Shared {
            sink: Arc::clone(&sink),
            scope: scope.clone(),
            failed: AtomicBool::new(false),
            shutting_down: AtomicBool::new(false),
        });
        // The memory files the agent process would load at start reach its
        // model with no tool call: inspected first, and a hold means the
        // process is never spawned.
        let notes = match &config.memory {
            Some(gate) => match gate.inspect(&config.cwd).await {
                Ok(cleared) => cleared.notes,
                Err(hold) => {
                    let err = AcpError::MemoryHeld(hold);
                    shared.fail(&err);
                    return Err(err);
                }
            },
            None => Vec::new(),
        };
        let proc = match runtime.spawn(&config.workload, &config.launch).await {
            Ok(p) => p,
            Err(source) => {
                let err = AcpError::Spawn {
                    workload: config.workload.to_string(),
                    source,
                };
                shared.fail(&err);
                return Err(err);
            }
        };
        let compass_runtime::SpawnedProcess {
            stdin,
            stdout,
            mut stderr,
            handle,
        } = proc;
        let stderr_tail = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_TAIL)));
        let stderr_task = {
            let tail = Arc::clone(&stderr_tail);
            tokio::spawn(async move {
                let mut buf = vec![0u8; 8192];
                while let Ok(n) = stderr.read(&mut buf).await {
                    if n == 0 {
                        break;
                    }
                    let mut t = match tail.lock() {
                        Ok(t) => t,
                        Err(p) => p.into_inner(),
                    };
                    t.extend(&buf[..n]);
                    let excess = t.len().saturating_sub(STDERR_TAIL);
                    t.drain(..excess);
                }
            })
        };
        let process = Arc::new(Process {
            handle: tokio::sync::Mutex::new(handle),
            stderr_tail,
            stderr_task: tokio::sync::Mutex::new(Some(stderr_task)),
        });
        let roots = if config.allowed_roots.is_empty() {
            vec![config.cwd.clone()]
        } else {
            config.allowed_roots.clone()
        };
        let executor = Arc::new(Executor::new(
            Place {
                runtime,
                workload: config.workload.clone(),
                roots,
                default_cwd: config.cwd.clone(),
            },
            Oversight {
                gate,
                sink,
                scope,
                agent: config.agent_id.clone(),
                emit_decisions: config.emit_gate_decisions,
            },
            config.limits.executor.clone(),
        ));
        let inbound = Arc::new(SessionInbound {
            shared: Arc::clone(&shared),
            executor,
            policy: config.permission,
            caps: config.capabilities,
            updates: AtomicU64::new(0),
            max_updates: config.limits.max_updates_per_turn,
            update_bytes: AtomicU64::new(0),
            max_update_bytes: config.limits.max_update_bytes_per_turn,
            replaying: AtomicBool::new(false),
        });
        let probe_proc = Arc::clone(&process);
        let grace = config.timeouts.exit_grace;
        let end_probe: EndProbe = Box::new(move || {
            Box::pin(async move {
                let waited = {
                    let mut h = probe_proc.handle.lock().await;
                    tokio::time::timeout(grace, h.wait()).await
                };
                if matches!(waited, Ok(Ok(_))) {
                    probe_proc.drain_stderr(grace).await;
                }
                match waited {
                    Ok(Ok(out)) => AcpError::AgentExited {
                        status: match (out.exit_code, out.signal) {
                            (Some(c), _) => format!("exit code {c}"),
                            (None, Some(s)) => format!("killed by signal {s}"),
                            _ => "unknown status".into(),
                        },
                        stderr: probe_proc.tail(),
                    },
                    Ok(Err(e)) => AcpError::AgentExited {
                        status: format!("status unavailable: {e}"),
                        stderr: probe_proc.tail(),
                    },
                    Err(_) => {
                        probe_proc.kill().await;
                        AcpError::StdoutClosed {
                            stderr: probe_proc.tail(),
                        }
                    }
                }
            })
        });
        let inbound_dyn: Arc<dyn Inbound> = inbound.clone();
        let conn = Connection::start(
            stdout,
            stdin,
            inbound_dyn,
            WireLimits {
                max_line_bytes: config.limits.max_line_bytes,
                garbage_lines_allowed: config.limits.garbage_lines_allowed,
            },
            end_probe,
        );
        // The one watcher that reports a connection lost between calls.
        {
            let conn = Arc::clone(&conn);
            let shared = Arc::clone(&shared);
            let process = Arc::clone(&process);
            tokio::spawn(async move {
                conn.closed().await;
                if let Some(reason) = conn.closed_reason() {
                    shared.fail(&reason);
                }
                process.kill().await;
            });
        }
        let mut session = Self {
            conn,
            shared,
            inbound,
            process,
            session_id: String::new(),
            info: AgentInfo {
                name: "unknown agent".into(),
                load_session: false,
                auth_methods: Vec::new(),
            },
            timeouts: config.timeouts,
            mode: fresh,
            notes: Mutex::new(notes),
        };
        match session.handshake(config, resume).await {
            Ok(()) => Ok(session),
            Err(err) => {
                session.abort(&err).await;
                Err(err)
            }
        }
    }

    async fn abort(&self, err: &AcpError) {
        self.shared.fail(err);
        self.conn.close(err.clone());
        self.process.kill().await;
        self.inbound.executor.shutdown().await;
    }

    async fn handshake(
        &mut self,
        config: &SessionConfig,
        resume: Option<&str>,
    ) -> Result<(), AcpError> {
        let caps = config.capabilities;
        let init = self
            .conn
            .request(
                "initialize",
                json!({
                    "protocolVersion": 1,
                    "clientCapabilities": {
                        "fs": {"readTextFile": caps.read_text_file, "writeTextFile": caps.write_text_file},
                        "terminal": caps.terminal,
                    },
                    "clientInfo": {"name": "compass", "title": "Compass", "version": env!("CARGO_PKG_VERSION")},
                }),
                config.timeouts.initialize,
            )
            .await?;
        self.info = parse_info(&init);
        if let Some(method) = &config.auth_method
            && self.info.auth_methods.iter().any(|(id, _)| id == method)
        {
            self.conn
                .request(
                    "authenticate",
                    json!({"methodId": method}),
                    config.timeouts.request,
                )
                .await?;
        }
        let mcp = serde_json::to_value(&config.mcp_servers).map_err(|source| AcpError::Json {
            context: "encoding mcp servers".into(),
            source,
        })?;
        let cwd = config.cwd.display().to_string();
        let with_meta = |mut params: Value| {
            if let Some(meta) = &config.session_meta {
                params["_meta"] = Value::Object(meta.clone());
            }
            params
        };
        if let Some(id) = resume
            && self.info.load_session
        {
            self.inbound.replaying.store(true, Ordering::SeqCst);
            let loaded = self
                .conn
                .request(
                    "session/load",
                    with_meta(json!({"sessionId": id, "cwd": cwd, "mcpServers": mcp})),
                    config.timeouts.session_setup,
                )
                .await;
            self.inbound.replaying.store(false, Ordering::SeqCst);
            match loaded {
                Ok(_) => {
                    self.session_id = id.to_owned();
                    self.mode = StartMode::Loaded;
                    self.started();
                    return Ok(());
                }
                Err(e) if e.is_connection_lost() => return Err(e),
                Err(e) => tracing::info!("session/load failed, starting a new session: {e}"),
            }
        }
        let created = self
            .conn
            .request(
                "session/new",
                with_meta(json!({"cwd": cwd, "mcpServers": mcp})),
                config.timeouts.session_setup,
            )
            .await
            .map_err(|e| self.auth_hint(e))?;
        self.session_id = created
            .get("sessionId")
            .and_then(Value::as_str)
            .ok_or_else(|| AcpError::Protocol {
                what: "session/new answered without a sessionId".into(),
            })?
            .to_owned();
        if let Some(mode) = &config.initial_mode {
            self.conn
                .request(
                    "session/set_mode",
                    json!({"sessionId": self.session_id, "modeId": mode}),
                    config.timeouts.request,
                )
                .await?;
        }
        self.started();
        Ok(())
    }

    fn auth_hint(&self, e: AcpError) -> AcpError {
        match e {
            AcpError::Rpc { code, message, .. } if code == AUTH_REQUIRED_CODE => {
                let offered: Vec<String> = self
                    .info
                    .auth_methods
                    .iter()
                    .map(|(id, name)| format!("{id} ({name})"))
                    .collect();
                AcpError::AuthRequired {
                    methods: if offered.is_empty() {
                        message
                    } else {
                        format!("{message}; the agent offers: {}", offered.join(", "))
                    },
                }
            }
            other => other,
        }
    }

    fn started(&self) {
        self.shared.emit(
            None,
            AgentUpdate::SessionStarted {
                session_id: self.session_id.clone(),
                agent: self.info.name.clone(),
                how: self.mode.as_str().into(),
            },
        );
    }

    /// The agent's session id (keep it to `session/load` later).
    pub fn session_id(&self) -> &str {
        &self.session_id
    }

    pub fn agent_info(&self) -> &AgentInfo {
        &self.info
    }

    pub fn start_mode(&self) -> StartMode {
        self.mode
    }

    /// Whether the connection is still up.
    pub fn is_alive(&self) -> bool {
        self.conn.closed_reason().is_none()
    }

    /// Why the connection is gone, if it is.
    pub fn failure(&self) -> Option<AcpError> {
        self.conn.closed_reason()
    }

    /// Run one prompt turn to its end. The prompt text is emitted as a
    /// `UserMessage` first, the stop reason as `TurnEnded` last. An error
    /// the agent itself answers with is emitted as `Error` (the session
    /// stays usable); a lost connection or a time-out fails the session.
    pub async fn prompt(&self, text: &str) -> Result<TurnOutcome, AcpError> {
        self.prompt_blocks(text, vec![json!({"type": "text", "text": text})])
            .await
    }

    /// Like [`prompt`](Self::prompt) with explicit ACP content blocks.
    pub async fn prompt_blocks(
        &self,
        shown: &str,
        blocks: Vec<Value>,
    ) -> Result<TurnOutcome, AcpError> {
        if let Some(reason) = self.conn.closed_reason() {
            return Err(reason);
        }
        let notes = std::mem::take(&mut *self.notes.lock().unwrap_or_else(|p| p.into_inner()));
        let blocks = if notes.is_empty() {
            blocks
        } else {
            notes
                .into_iter()
                .map(|note| json!({"type": "text", "text": note}))
                .chain(blocks)
                .collect()
        };
        self.shared.emit(
            None,
            AgentUpdate::UserMessage {
                text: shown.to_owned(),
            },
        );
        self.inbound.updates.store(0, Ordering::Relaxed);
        self.inbound.update_bytes.store(0, Ordering::Relaxed);
        let result = self
            .conn
            .request_with_idle(
                "session/prompt",
                json!({"sessionId": self.session_id, "prompt": blocks}),
                self.timeouts.prompt_idle,
                self.timeouts.prompt_total,
            )
            .await;
        let updates = self.inbound.updates.load(Ordering::Relaxed);
        match result {
            Ok(resp) => {
                let stop_reason = resp
                    .get("stopReason")
                    .and_then(Value::as_str)
                    .unwrap_or("unknown")
                    .to_owned();
                self.shared.emit(
                    None,
                    AgentUpdate::TurnEnded {
                        stop_reason: stop_reason.clone(),
                    },
                );
                Ok(TurnOutcome {
                    stop_reason,
                    updates,
                })
            }
            Err(err @ AcpError::Rpc { .. }) => {
                let err = self.auth_hint(err);
                self.shared.emit(
                    None,
                    AgentUpdate::Error {
                        message: err.to_string(),
                    },
                );
                Err(err)
            }
            Err(err) => {
                // A time-out or a lost connection: the agent cannot be
                // trusted to finish this turn. Stop it.
                self.abort(&err).await;
                Err(err)
            }
        }
    }

    /// Ask the agent to stop the current turn (`session/cancel`); the
    /// pending prompt then ends with `cancelled`.
    pub async fn cancel(&self) -> Result<(), AcpError> {
        self.conn
            .notify("session/cancel", json!({"sessionId": self.session_id}))
            .await
    }

    /// Stop the agent and its terminals. No failure event is emitted.
    pub async fn shutdown(&self) {
        self.shared.shutting_down.store(true, Ordering::SeqCst);
        self.conn.close(AcpError::Closed);
        self.process.kill().await;
        self.inbound.executor.shutdown().await;
    }
}

impl Drop for AcpSession {
    // A session dropped without `shutdown` must not leave its agent running:
    // closing the connection wakes the watcher, which kills the process.
    fn drop(&mut self) {
        self.shared.shutting_down.store(true, Ordering::SeqCst);
        self.conn.close(AcpError::Closed);
    }
}

fn parse_info(init: &Value) -> AgentInfo {
    let name = init
        .pointer("/agentInfo/name")
        .and_then(Value::as_str)
        .map(
            |n| match init.pointer("/agentInfo/version").and_then(Value::as_str) {
                Some(v) => format!("{n} {v}"),
                None => n.to_owned(),
            },
        )
        .unwrap_or_else(|| "unknown agent".into());
    let load_session = init
        .pointer("/agentCapabilities/loadSession")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let auth_methods = init
        .get("authMethods")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|m| {
                    let id = m.get("id")?.as_str()?.to_owned();
                    let name = m
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    Some((id, name))
                })
                .collect()
        })
        .unwrap_or_default();
    AgentInfo {
        name,
        load_session,
        auth_methods,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_credentials_but_keeps_prose() {
        let out = redact("error: invalid key sk-ant-abc123 for ANTHROPIC_API_KEY=xyz");
        assert!(!out.contains("sk-ant-abc123"));
        assert!(!out.contains("xyz"));
        assert!(out.contains("error: invalid key"));
    }

    #[test]
    fn config_debug_hides_env_values() {
        let mut launch = ExecSpec::default();
        launch
            .env
            .insert("ANTHROPIC_API_KEY".into(), "sk-ant-secret".into());
        let c = SessionConfig::new(
            AgentId::from_row(1),
            WorkloadName::parse("atlas").unwrap(),
            launch,
            "/work".into(),
        );
        let shown = format!("{c:?}");
        assert!(shown.contains("ANTHROPIC_API_KEY"));
        assert!(!shown.contains("sk-ant-secret"));
    }

    #[test]
    fn parses_agent_info() {
        let info = parse_info(&json!({
            "protocolVersion": 1,
            "agentCapabilities": {"loadSession": true},
            "authMethods": [{"id": "claude-login", "name": "Log in"}],
            "agentInfo": {"name": "claude-agent-acp", "version": "0.10"}
        }));
        assert_eq!(info.name, "claude-agent-acp 0.10");
        assert!(info.load_session);
        assert_eq!(
            info.auth_methods,
            vec![("claude-login".into(), "Log in".into())]
        );
    }
}
