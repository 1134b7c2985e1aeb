//! A real ACP agent driven by a scenario file: the demo agent and the test
//! double. It speaks ACP on stdio, streams thoughts, messages and plans,
//! makes tool calls it performs itself (or through the client's fs/terminal
//! methods), and — like Claude Code — runs its native PreToolUse/PostToolUse
//! hooks around each call and obeys them. It is never proof that a real
//! agent works; that is what the claude-agent-acp tests are for.
//!
//! Usage: `compass-scripted-agent --scenario FILE [--settings FILE]`, or
//! `compass-scripted-agent --bench TOOL_CALLS --bench-file FILE`.

// stdout belongs to the protocol; stderr is this agent's log, as for every
// ACP agent.
#![allow(clippy::print_stderr)]

mod hooks;
mod mcp;
mod scenario;
mod tools;
mod wire;

use anyhow::{Context, bail};
use hooks::{HookDecision, Settings};
use scenario::{Scenario, Step, Turn};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::AsyncBufReadExt;
use tokio::sync::Notify;
use tools::{Channels, ToolResult};
use wire::Wire;

#[derive(Default)]
struct Cancel {
    flag: AtomicBool,
    notify: Notify,
}

struct SessionState {
    cwd: PathBuf,
    /// The `mcpServers` the client gave in `session/new`.
    mcp_servers: Vec<Value>,
    turn: usize,
    cancel: Arc<Cancel>,
}

#[derive(Default, Clone, Copy)]
struct ClientCaps {
    read: bool,
    write: bool,
    terminal: bool,
}

struct Agent {
    wire: Wire,
    scenario: Scenario,
    settings_path: Option<PathBuf>,
    settings: Mutex<Option<Settings>>,
    caps: Mutex<ClientCaps>,
    sessions: Mutex<HashMap<String, SessionState>>,
    authenticated: AtomicBool,
    next_id: AtomicU64,
    /// Set by an `unhook` step: native hooks no longer run.
    unhooked: AtomicBool,
    /// How long each native hook call kept a tool call waiting (µs), for
    /// the turn's stats report.
    hook_waits: Mutex<Vec<u64>>,
}

fn now_us() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros())
        .unwrap_or(0)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// A tool call as the hooks and the client see it.
struct ToolSpec {
    name: &'static str,
    kind: &'static str,
    title: String,
    input: Value,
}

enum Flow {
    Continue,
    Stop(&'static str),
}

impl Agent {
    fn stamp(&self, text: String) -> String {
        if self.scenario.stamp_updates {
            format!("{text} @t={}", now_us())
        } else {
            text
        }
    }

    async fn update(&self, sid: &str, update: Value) {
        self.wire
            .notify(
                "session/update",
                json!({"sessionId": sid, "update": update}),
            )
            .await;
    }

    async fn chunk(&self, sid: &str, kind: &str, text: String) {
        self.update(
            sid,
            json!({"sessionUpdate": kind, "content": {"type": "text", "text": self.stamp(text)}}),
        )
        .await;
    }

    fn settings(&self, cwd: &Path) -> Settings {
        let mut s = lock(&self.settings);
        if s.is_none() {
            match Settings::discover(self.settings_path.as_deref(), cwd) {
                Ok((settings, _)) => *s = Some(settings),
                Err(e) => {
                    eprintln!("scripted-agent: {e:#}");
                    *s = Some(Settings::default());
                }
            }
        }
        s.clone().unwrap_or_default()
    }

    fn channels(&self) -> Channels {
        let caps = *lock(&self.caps);
        Channels {
            client_fs_read: self.scenario.use_client_fs && caps.read,
            client_fs_write: self.scenario.use_client_fs && caps.write,
            client_terminal: self.scenario.use_client_terminal && caps.terminal,
        }
    }

    async fn handle_request(self: &Arc<Self>, id: Value, method: &str, params: Value) {
        if self.scenario.hang_on.as_deref() == Some(method) {
            return;
        }
        match method {
            "initialize" => {
                let caps = ClientCaps {
                    read: params
                        .pointer("/clientCapabilities/fs/readTextFile")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    write: params
                        .pointer("/clientCapabilities/fs/writeTextFile")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    terminal: params
                        .pointer("/clientCapabilities/terminal")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                };
                *lock(&self.caps) = caps;
                let auth: Vec<Value> = self
                    .scenario
                    .require_auth
                    .iter()
                    .map(|m| json!({"id": m, "name": "Scripted login", "description": null}))
                    .collect();
                self.wire
                    .respond(
                        id,
                        json!({
                            "protocolVersion": 1,
                            "agentCapabilities": {"loadSession": self.scenario.load_session, "promptCapabilities": {}},
                            "authMethods": auth,
                            "agentInfo": {"name": "compass-scripted-agent", "title": self.scenario.name, "version": env!("CARGO_PKG_VERSION")},
                            "_meta": {"compass/scenario": self.scenario.name, "compass/description": self.scenario.description},
                        }),
                    )
                    .await;
            }
            "authenticate" => {
                let m = params.get("methodId").and_then(Value::as_str).unwrap_or("");
                if self.scenario.require_auth.as_deref() == Some(m) {
                    self.authenticated.store(true, Ordering::SeqCst);
                    self.wire.respond(id, json!({})).await;
                } else {
                    self.wire
                        .respond_error(id, -32602, "unknown auth method")
                        .await;
                }
            }
            "session/new" | "session/load" => {
                if self.scenario.require_auth.is_some()
                    && !self.authenticated.load(Ordering::SeqCst)
                {
                    self.wire
                        .respond_error(id, -32000, "Authentication required")
                        .await;
                    return;
                }
                let cwd = PathBuf::from(params.get("cwd").and_then(Value::as_str).unwrap_or("/"));
                let loading = method == "session/load";
                if loading && !self.scenario.load_session {
                    self.wire
                        .respond_error(id, -32601, "session/load is not supported")
                        .await;
                    return;
                }
                let sid = if loading {
                    params
                        .get("sessionId")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned()
                } else {
                    // Not the pid: inside a pid namespace every agent is
                    // pid 2, and a restarted agent must not reuse an id.
                    let started = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_micros());
                    format!(
                        "scripted-{started}-{}",
                        self.next_id.fetch_add(1, Ordering::Relaxed)
                    )
                };
                let mcp_servers = params
                    .get("mcpServers")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                lock(&self.sessions).insert(
                    sid.clone(),
                    SessionState {
                        cwd,
                        mcp_servers,
                        turn: 0,
                        cancel: Arc::new(Cancel::default()),
                    },
                );
                if loading {
                    // Replay (a token of) the history, as session/load requires.
                    self.chunk(&sid, "user_message_chunk", "(earlier prompt)".into())
                        .await;
                    self.wire.respond(id, json!({})).await;
                } else {
                    self.wire.respond(id, json!({"sessionId": sid})).await;
                }
            }
            "session/set_mode" => {
                let sid = params
                    .get("sessionId")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned();
                let mode = params
                    .get("modeId")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned();
                self.update(
                    &sid,
                    json!({"sessionUpdate": "current_mode_update", "currentModeId": mode}),
                )
                .await;
                self.wire.respond(id, json!({})).await;
            }
            "session/prompt" => {
                let agent = Arc::clone(self);
                tokio::spawn(async move {
                    let sid = params
                        .get("sessionId")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let text: String = params["prompt"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|b| b["text"].as_str())
                        .collect::<Vec<_>>()
                        .join("\n");
                    if !lock(&agent.sessions).contains_key(&sid) {
                        agent
                            .wire
                            .respond_error(id, -32002, &format!("Session not found: {sid}"))
                            .await;
                        return;
                    }
                    match agent.run_turn(&sid, &text).await {
                        Ok(stop) => agent.wire.respond(id, json!({"stopReason": stop})).await,
                        Err(e) => {
                            agent
                                .wire
                                .respond_error(id, -32603, &format!("{e:#}"))
                                .await
                        }
                    }
                });
            }
            other => {
                self.wire
                    .respond_error(id, -32601, &format!("method not found: {other}"))
                    .await;
            }
        }
    }

    fn handle_notification(&self, method: &str, params: &Value) {
        if method == "session/cancel" {
            let sid = params
                .get("sessionId")
                .and_then(Value::as_str)
                .unwrap_or("");
            if let Some(s) = lock(&self.sessions).get(sid) {
                s.cancel.flag.store(true, Ordering::SeqCst);
                s.cancel.notify.notify_waiters();
            }
        }
    }

    async fn run_turn(self: &Arc<Self>, sid: &str, prompt: &str) -> anyhow::Result<String> {
        let keyed = self.scenario.turns.iter().find(|t| {
            t.on_prompt_containing
                .as_deref()
                .is_some_and(|k| prompt.contains(k))
        });
        let (cwd, index, cancel) = {
            let mut sessions = lock(&self.sessions);
            let s = sessions
                .get_mut(sid)
                .with_context(|| format!("unknown session {sid:?}"))?;
            let index = s.turn;
            if keyed.is_none() {
                s.turn += 1;
            }
            s.cancel = Arc::new(Cancel::default());
            (s.cwd.clone(), index, Arc::clone(&s.cancel))
        };
        let sequential: Vec<&Turn> = self
            .scenario
            .turns
            .iter()
            .filter(|t| t.on_prompt_containing.is_none())
            .collect();
        let turn = match keyed.or_else(|| sequential.get(index).copied()) {
            Some(t) => t.clone(),
            None => Turn {
                steps: vec![Step::Message {
                    text: format!("The scenario has no turn {}; nothing to do.", index + 1),
                }],
                stop_reason: None,
                on_prompt_containing: None,
            },
        };
        for step in &turn.steps {
            if cancel.flag.load(Ordering::SeqCst) {
                return Ok("cancelled".into());
            }
            if let Flow::Stop(reason) = self.step(sid, &cwd, step, &cancel).await? {
                return Ok(reason.into());
            }
        }
        if self.scenario.report_stats {
            let (cpu_ms, rss_kb) = self_stats();
            let waits = std::mem::take(&mut *lock(&self.hook_waits));
            let waits: Vec<String> = waits.iter().map(u64::to_string).collect();
            self.chunk(
                sid,
                "agent_message_chunk",
                format!(
                    "stats cpu_ms={cpu_ms} rss_kb={rss_kb} hook_us={}",
                    waits.join(",")
                ),
            )
            .await;
        }
        Ok(turn.stop_reason.unwrap_or_else(|| "end_turn".into()))
    }

    fn step<'a>(
        self: &'a Arc<Self>,
        sid: &'a str,
        cwd: &'a Path,
        step: &'a Step,
        cancel: &'a Arc<Cancel>,
    ) -> futures::future::BoxFuture<'a, anyhow::Result<Flow>> {
        Box::pin(async move {
            match step {
                Step::Thought { text } => {
                    self.chunk(sid, "agent_thought_chunk", text.clone()).await
                }
                Step::Message { text } => {
                    self.chunk(sid, "agent_message_chunk", text.clone()).await
                }
                Step::Plan { entries } => {
                    let entries: Vec<Value> = entries
                        .iter()
                        .map(|e| json!({"content": e.content, "status": e.status, "priority": e.priority}))
                        .collect();
                    self.update(sid, json!({"sessionUpdate": "plan", "entries": entries}))
                        .await;
                }
                Step::Mode { mode } => {
                    self.update(
                        sid,
                        json!({"sessionUpdate": "current_mode_update", "currentModeId": mode}),
                    )
                    .await;
                }
                Step::Commands { names } => {
                    let cmds: Vec<Value> = names
                        .iter()
                        .map(|n| json!({"name": n, "description": n}))
                        .collect();
                    self.update(sid, json!({"sessionUpdate": "available_commands_update", "availableCommands": cmds})).await;
                }
                Step::Read { path } => {
                    let p = tools::resolve(cwd, path);
                    let spec = ToolSpec {
                        name: "Read",
                        kind: "read",
                        title: format!("Read {}", p.display()),
                        input: json!({"file_path": p}),
                    };
                    self.tool(sid, cwd, spec, || async {
                        tools::read(&self.wire, self.channels(), sid, &p).await
                    })
                    .await?;
                }
                Step::Edit { path, old, new } => {
                    let p = tools::resolve(cwd, path);
                    let spec = ToolSpec {
                        name: "Edit",
                        kind: "edit",
                        title: format!("Edit {}", p.display()),
                        input: json!({"file_path": p, "old_string": old, "new_string": new, "replace_all": false}),
                    };
                    self.tool(sid, cwd, spec, || async {
                        tools::edit(&self.wire, self.channels(), sid, &p, old, new).await
                    })
                    .await?;
                }
                Step::Write { path, content } => {
                    let p = tools::resolve(cwd, path);
                    let spec = ToolSpec {
                        name: "Write",
                        kind: "edit",
                        title: format!("Write {}", p.display()),
                        input: json!({"file_path": p, "content": content}),
                    };
                    self.tool(sid, cwd, spec, || async {
                        tools::write(&self.wire, self.channels(), sid, &p, content).await
                    })
                    .await?;
                }
                Step::Run { command } => self.bash(sid, cwd, command.clone()).await?,
                Step::GitCommit { message } => {
                    let quoted = format!("'{}'", message.replace('\'', r"'\''"));
                    self.bash(sid, cwd, format!("git add -A && git commit -q -m {quoted}"))
                        .await?;
                }
                Step::GitPush { remote, branch } => {
                    let refspec = match branch {
                        Some(b) => format!("HEAD:{b}"),
                        None => "HEAD".into(),
                    };
                    self.bash(sid, cwd, format!("git push {remote} {refspec}"))
                        .await?;
                }
                Step::Fetch { url } => {
                    let spec = ToolSpec {
                        name: "WebFetch",
                        kind: "fetch",
                        title: format!("Fetch {url}"),
                        input: json!({"url": url, "prompt": "Summarize the page"}),
                    };
                    self.tool(sid, cwd, spec, || async { tools::fetch(url).await })
                        .await?;
                }
                Step::Mcp {
                    server,
                    tool,
                    arguments,
                } => {
                    let found = lock(&self.sessions).get(sid).and_then(|s| {
                        s.mcp_servers
                            .iter()
                            .find(|m| {
                                server.as_deref().is_none_or(|want| {
                                    m.get("name").and_then(Value::as_str) == Some(want)
                                })
                            })
                            .cloned()
                    });
                    let arguments = if arguments.is_null() {
                        json!({})
                    } else {
                        arguments.clone()
                    };
                    let spec = ToolSpec {
                        name: "mcp",
                        kind: "other",
                        title: format!("MCP {tool}"),
                        input: json!({"tool": tool, "arguments": arguments}),
                    };
                    self.tool(sid, cwd, spec, || async move {
                        let server = found.ok_or_else(|| {
                            anyhow::anyhow!("session/new named no MCP server {server:?}")
                        })?;
                        mcp::call(&server, tool, arguments).await
                    })
                    .await?;
                }
                Step::Unhook => self.unhooked.store(true, Ordering::Relaxed),
                Step::Pause { ms } => {
                    tokio::time::sleep(std::time::Duration::from_millis(*ms)).await
                }
                Step::Group { steps } => {
                    for step in steps {
                        if let Flow::Stop(r) = self.step(sid, cwd, step, cancel).await? {
                            return Ok(Flow::Stop(r));
                        }
                    }
                }
                Step::Repeat { count, step } => {
                    for _ in 0..*count {
                        if cancel.flag.load(Ordering::SeqCst) {
                            return Ok(Flow::Stop("cancelled"));
                        }
                        if let Flow::Stop(r) = self.step(sid, cwd, step, cancel).await? {
                            return Ok(Flow::Stop(r));
                        }
                    }
                }
                Step::Garbage { text } => {
                    self.wire
                        .line(
                            text.clone()
                                .unwrap_or_else(|| "this is not JSON-RPC".into()),
                        )
                        .await;
                }
                Step::Request { method, params } => {
                    let mut params = params.clone();
                    if let Some(map) = params.as_object_mut() {
                        map.entry("sessionId").or_insert_with(|| json!(sid));
                    }
                    let answer = tokio::time::timeout(
                        std::time::Duration::from_secs(10),
                        self.wire.request(method, params),
                    )
                    .await;
                    let text = match answer {
                        Ok(Ok(Ok(v))) => format!("answer to {method}: {v}"),
                        Ok(Ok(Err(e))) => format!("error from {method}: {e}"),
                        Ok(Err(e)) => format!("no answer to {method}: {e}"),
                        // Spelled in two parts so no scenario text matches.
                        Err(_) => format!("ESC{}:no-answer-to-{method}-in-10s", "APED"),
                    };
                    let text: String = text.chars().take(400).collect();
                    self.chunk(sid, "agent_message_chunk", format!("{text}\n"))
                        .await;
                }
                Step::Burst {
                    method,
                    params,
                    count,
                } => {
                    let mut params = params.clone();
                    if let Some(map) = params.as_object_mut() {
                        map.entry("sessionId").or_insert_with(|| json!(sid));
                    }
                    let all = (0..*count).map(|_| self.wire.request(method, params.clone()));
                    let answered = tokio::time::timeout(
                        std::time::Duration::from_secs(120),
                        futures::future::join_all(all),
                    )
                    .await;
                    let text = match answered {
                        Ok(answers) => {
                            let ok = answers.iter().filter(|a| matches!(a, Ok(Ok(_)))).count();
                            format!("burst of {count} {method}: {ok} answered with a result\n")
                        }
                        Err(_) => format!("burst of {count} {method}: not all answered in 120s\n"),
                    };
                    self.chunk(sid, "agent_message_chunk", text).await;
                }
                Step::CloseStdout { after_ms: None } => self.wire.close_stdout().await,
                Step::CloseStdout { after_ms: Some(ms) } => {
                    let wire = self.wire.clone();
                    let ms = *ms;
                    tokio::spawn(async move {
                        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                        wire.close_stdout().await;
                    });
                }
                Step::Exit { code } => {
                    self.wire.flush().await;
                    std::process::exit(*code);
                }
                Step::Flood { count } => {
                    for i in 0..*count {
                        self.update(sid, json!({"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": format!("flood {i}")}})).await;
                    }
                }
                Step::Hang => std::future::pending::<()>().await,
                Step::ForgetSession => {
                    lock(&self.sessions).remove(sid);
                }
                Step::WaitForCancel => {
                    loop {
                        let notified = cancel.notify.notified();
                        if cancel.flag.load(Ordering::SeqCst) {
                            break;
                        }
                        notified.await;
                    }
                    return Ok(Flow::Stop("cancelled"));
                }
            }
            Ok(Flow::Continue)
        })
    }

    async fn bash(self: &Arc<Self>, sid: &str, cwd: &Path, command: String) -> anyhow::Result<()> {
        let spec = ToolSpec {
            name: "Bash",
            kind: "execute",
            title: format!("`{command}`"),
            input: json!({"command": command, "description": "scripted step"}),
        };
        let cmd = command.clone();
        self.tool(sid, cwd, spec, || async move {
            tools::bash(&self.wire, self.channels(), sid, cwd, &cmd).await
        })
        .await
    }

    /// Ask the client whether `spec` may run, the way Claude Code's and
    /// Codex's adapters do: the tool call with its kind and raw input.
    async fn permission(&self, sid: &str, call_id: &str, spec: &ToolSpec) -> anyhow::Result<bool> {
        let resp = self
            .wire
            .request(
                "session/request_permission",
                json!({
                    "sessionId": sid,
                    "toolCall": {
                        "toolCallId": call_id,
                        "title": spec.title,
                        "kind": spec.kind,
                        "rawInput": spec.input,
                    },
                    "options": self.scenario.permission_options.iter().map(|kind| {
                        let (id, name) = match kind.as_str() {
                            "allow_once" => ("allow", "Allow"),
                            "reject_once" => ("reject", "Reject"),
                            "allow_always" => ("allow_always", "Always allow"),
                            _ => ("reject_always", "Always reject"),
                        };
                        json!({"optionId": id, "name": name, "kind": kind})
                    }).collect::<Vec<_>>(),
                }),
            )
            .await?;
        Ok(match resp {
            Ok(v) => v
                .pointer("/outcome/optionId")
                .and_then(Value::as_str)
                .is_some_and(|id| id.starts_with("allow")),
            Err(_) => false,
        })
    }

    /// One tool call, Claude Code style: announce, hooks, run, hooks, report.
    async fn tool<F, Fut>(
        self: &Arc<Self>,
        sid: &str,
        cwd: &Path,
        spec: ToolSpec,
        run: F,
    ) -> anyhow::Result<()>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = anyhow::Result<ToolResult>>,
    {
        let call_id = format!("call_{}", self.next_id.fetch_add(1, Ordering::Relaxed));
        let title = self.stamp(spec.title.clone());
        if self.scenario.claude_updates {
            self.update(sid, json!({"sessionUpdate": "tool_call", "toolCallId": call_id, "title": spec.name, "kind": spec.kind, "status": "pending", "rawInput": {}})).await;
        }
        let announce = json!({"sessionUpdate": "tool_call", "toolCallId": call_id, "title": title, "kind": spec.kind, "status": "pending", "rawInput": spec.input});
        let late = self.scenario.claude_updates && self.scenario.late_repeat;
        if late {
            // A round trip (an extension method the client does not offer):
            // the client handles notifications in order before it answers,
            // so the first announcement is in before the hook runs.
            let _not_offered = self.wire.request("_scripted/barrier", json!({})).await?;
        } else {
            self.update(sid, announce.clone()).await;
        }
        let settings = self.settings(cwd);
        let hooked = self.scenario.native_hooks
            && !self.unhooked.load(Ordering::Relaxed)
            && settings.has_hooks();
        let pre = if hooked {
            let payload = hooks::payload(
                "PreToolUse",
                sid,
                cwd,
                spec.name,
                &spec.input,
                &call_id,
                None,
            );
            self.run_hooks(&settings, "PreToolUse", spec.name, &payload, cwd)
                .await
        } else {
            HookDecision::Proceed
        };
        if late {
            self.update(sid, announce).await;
        }
        let blocked = match pre {
            HookDecision::Block(reason) => Some(format!("Blocked by PreToolUse hook: {reason}")),
            HookDecision::Ask(_) => (!self.permission(sid, &call_id, &spec).await?)
                .then(|| "Permission denied".to_owned()),
            HookDecision::Allow => None,
            HookDecision::Proceed if self.scenario.ask_permission => {
                (!self.permission(sid, &call_id, &spec).await?)
                    .then(|| "Permission denied".to_owned())
            }
            HookDecision::Proceed => None,
        };
        if let Some(reason) = blocked {
            self.finish(sid, &call_id, "failed", &reason, None, None)
                .await;
            return Ok(());
        }
        self.update(sid, json!({"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": "in_progress"})).await;
        let result = match run().await {
            Ok(r) => r,
            Err(e) => {
                self.finish(sid, &call_id, "failed", &format!("{e:#}"), None, None)
                    .await;
                return Ok(());
            }
        };
        if hooked {
            let payload = hooks::payload(
                "PostToolUse",
                sid,
                cwd,
                spec.name,
                &spec.input,
                &call_id,
                Some(&result.response),
            );
            if let HookDecision::Block(reason) = self
                .run_hooks(&settings, "PostToolUse", spec.name, &payload, cwd)
                .await
            {
                // The input gate: the result never reaches the model.
                let text = format!("Tool result withheld by PostToolUse hook: {reason}");
                self.finish(sid, &call_id, "failed", &text, None, None)
                    .await;
                return Ok(());
            }
        }
        let status = if result.failed { "failed" } else { "completed" };
        self.finish(
            sid,
            &call_id,
            status,
            &result.text,
            result.diff.as_ref(),
            result.terminal_id.as_deref(),
        )
        .await;
        Ok(())
    }

    /// Run the native hooks of `event`, keeping how long the tool call
    /// waited for them when the turn reports its stats.
    async fn run_hooks(
        &self,
        settings: &Settings,
        event: &str,
        tool: &str,
        payload: &Value,
        cwd: &Path,
    ) -> HookDecision {
        let started = std::time::Instant::now();
        let decision = settings.run(event, tool, payload, cwd).await;
        if self.scenario.report_stats {
            let waited = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
            lock(&self.hook_waits).push(waited);
        }
        decision
    }

    async fn finish(
        &self,
        sid: &str,
        call_id: &str,
        status: &str,
        text: &str,
        diff: Option<&(String, String, String)>,
        terminal: Option<&str>,
    ) {
        if self.scenario.claude_updates {
            self.update(sid, json!({"sessionUpdate": "tool_call_update", "toolCallId": call_id, "_meta": {"claudeCode": {"toolName": "Bash"}}})).await;
            if diff.is_none() && terminal.is_none() {
                let blocks = [json!({"type": "text", "text": text})];
                self.update(sid, json!({"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": status, "rawOutput": blocks})).await;
                self.chunk(sid, "agent_message_chunk", String::new()).await;
                return;
            }
        }
        let mut content = Vec::new();
        if let Some(tid) = terminal {
            content.push(json!({"type": "terminal", "terminalId": tid}));
        }
        if let Some((path, old, new)) = diff {
            content.push(json!({"type": "diff", "path": path, "oldText": old, "newText": new}));
        }
        content.push(json!({"type": "content", "content": {"type": "text", "text": text}}));
        self.update(sid, json!({"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": status, "content": content})).await;
    }
}

/// CPU time (ms) and peak RSS (KiB) of this process, from /proc.
fn self_stats() -> (u64, u64) {
    let cpu = fs_err::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1.to_owned();
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
            Some(ticks * 10)
        })
        .unwrap_or(0);
    let rss = fs_err::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0);
    (cpu, rss)
}

struct Args {
    scenario: Scenario,
    settings: Option<PathBuf>,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut args = std::env::args().skip(1);
    let mut scenario_path: Option<PathBuf> =
        std::env::var_os("COMPASS_SCENARIO").map(PathBuf::from);
    let mut settings = None;
    let mut bench: Option<u32> = None;
    let mut bench_file: Option<String> = None;
    let mut bench_pace: u64 = 0;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--scenario" => {
                scenario_path = Some(args.next().context("--scenario needs a file")?.into())
            }
            "--settings" => {
                settings = Some(PathBuf::from(
                    args.next().context("--settings needs a file")?,
                ))
            }
            "--bench" => {
                bench = Some(
                    args.next()
                        .context("--bench needs a count")?
                        .parse()
                        .context("--bench count")?,
                )
            }
            "--bench-pace-ms" => {
                bench_pace = args
                    .next()
                    .context("--bench-pace-ms needs a number")?
                    .parse()
                    .context("--bench-pace-ms")?
            }
            "--bench-file" => bench_file = Some(args.next().context("--bench-file needs a path")?),
            "--help" | "-h" => {
                bail!(
                    "usage: compass-scripted-agent --scenario FILE [--settings FILE] | --bench N --bench-file PATH"
                )
            }
            other => bail!("unknown argument {other:?}; see --help"),
        }
    }
    let scenario = match (bench, scenario_path) {
        (Some(n), _) => Scenario::bench(
            n,
            bench_file.as_deref().unwrap_or("/etc/hostname"),
            bench_pace,
        ),
        (None, Some(p)) => Scenario::load(&p)?,
        (None, None) => bail!("no scenario: pass --scenario FILE (or set COMPASS_SCENARIO)"),
    };
    Ok(Args { scenario, settings })
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args = parse_args()?;
    let agent = Arc::new(Agent {
        wire: Wire::start(),
        scenario: args.scenario,
        settings_path: args.settings,
        settings: Mutex::new(None),
        caps: Mutex::new(ClientCaps::default()),
        sessions: Mutex::new(HashMap::new()),
        authenticated: AtomicBool::new(false),
        next_id: AtomicU64::new(1),
        unhooked: AtomicBool::new(false),
        hook_waits: Mutex::new(Vec::new()),
    });
    let mut lines = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    while let Some(line) = lines.next_line().await? {
        let Ok(msg) = serde_json::from_str::<Value>(&line) else {
            eprintln!("scripted-agent: ignoring a line that is not JSON");
            continue;
        };
        let method = msg.get("method").and_then(Value::as_str).map(str::to_owned);
        let id = msg.get("id").cloned().filter(|v| !v.is_null());
        let params = msg.get("params").cloned().unwrap_or(Value::Null);
        match (method, id) {
            (Some(m), Some(id)) => agent.handle_request(id, &m, params).await,
            (Some(m), None) => agent.handle_notification(&m, &params),
            (None, Some(_)) => agent.wire.deliver(&msg),
            (None, None) => {}
        }
    }
    // The client closed our stdin: the session is over.
    agent.wire.flush().await;
    Ok(())
}
