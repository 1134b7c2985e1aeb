//! The async watch: Warden samples each agent's event stream between the
//! gates — tool-result boundaries, new-looking commands, error output, and a
//! heartbeat of recent output (by default about 1,000 tokens per agent every
//! two minutes). A finding that flags pauses the agent like a gate flag.
//!
//! The daemon feeds [`compass_core::event::Event`]s into a channel and calls
//! [`Watch::run`]; it may also drive heartbeats from its own timer with
//! [`Watch::tick`]. Time comes from an injectable clock.

use crate::clock::Clock;
use crate::output;
use crate::warden::{Decided, Warden};
use compass_core::event::{AgentUpdate, Event, EventKind};
use compass_core::id::AgentId;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Watch settings.
#[derive(Debug, Clone)]
pub struct WatchConfig {
    pub heartbeat_interval_ms: i64,
    /// About 1,000 tokens (4 bytes a token).
    pub heartbeat_sample_bytes: usize,
    /// Output window size for oversized tool results.
    pub window_bytes: usize,
}

impl Default for WatchConfig {
    fn default() -> Self {
        Self {
            heartbeat_interval_ms: 2 * 60 * 1000,
            heartbeat_sample_bytes: 4_000,
            window_bytes: 64 * 1024,
        }
    }
}

/// What the watch did, for tests and `compass warden log`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WatchStats {
    pub events: u64,
    pub samples: u64,
    pub heartbeats: u64,
    pub flags: u64,
}

#[derive(Debug, Default)]
struct AgentState {
    recent: String,
    last_heartbeat_ms: i64,
    unsampled: bool,
    shapes: HashSet<String>,
}

/// The watch over one daemon's event stream.
#[derive(Debug)]
pub struct Watch {
    warden: Arc<Warden>,
    clock: Arc<dyn Clock>,
    config: WatchConfig,
    agents: HashMap<AgentId, AgentState>,
    stats: WatchStats,
}

impl Watch {
    pub fn new(warden: Arc<Warden>, clock: Arc<dyn Clock>, config: WatchConfig) -> Self {
        Self {
            warden,
            clock,
            config,
            agents: HashMap::new(),
            stats: WatchStats::default(),
        }
    }

    pub fn stats(&self) -> &WatchStats {
        &self.stats
    }

    /// Consume events until the channel closes; returns the final stats.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Event>) -> WatchStats {
        while let Some(ev) = rx.recv().await {
            self.observe(&ev).await;
        }
        self.stats
    }

    async fn sample(&mut self, agent: &AgentId, source: &str, text: &str) -> Option<Decided> {
        if text.trim().is_empty() {
            return None;
        }
        // Oversized text is inspected whole, window by window.
        let mut last = None;
        for w in crate::judge::windows(text, self.config.window_bytes, 256) {
            self.stats.samples += 1;
            let d = self.warden.watch_sample(agent, source, w).await;
            let flagged = d.verdict.decision.is_flag();
            last = Some(d);
            if flagged {
                self.stats.flags += 1;
                break;
            }
        }
        last
    }

    /// Look at one event; returns the decision when it was sampled.
    pub async fn observe(&mut self, ev: &Event) -> Option<Decided> {
        self.stats.events += 1;
        let agent = ev.scope.agent_id.clone()?;
        let EventKind::AgentUpdate { update } = &ev.kind else {
            return None;
        };
        let now = self.clock.now_ms();
        let cap = self.config.heartbeat_sample_bytes;
        let state = self
            .agents
            .entry(agent.clone())
            .or_insert_with(|| AgentState {
                last_heartbeat_ms: now,
                ..AgentState::default()
            });
        let (source, text): (String, String) = match update {
            AgentUpdate::ToolCallUpdate {
                output: Some(out), ..
            } => {
                push_recent(&mut state.recent, out, cap);
                state.unsampled = true;
                ("watch:tool_result".into(), out.clone())
            }
            AgentUpdate::TerminalOutput {
                output,
                exit_code,
                terminal_id,
            } => {
                push_recent(&mut state.recent, output, cap);
                state.unsampled = true;
                if exit_code.is_some_and(|c| c != 0) {
                    (format!("watch:error_output:{terminal_id}"), output.clone())
                } else {
                    return self.maybe_heartbeat(&agent).await;
                }
            }
            AgentUpdate::Error { message } => ("watch:error".into(), message.clone()),
            AgentUpdate::ToolCall {
                raw_input: Some(raw),
                tool_kind,
                ..
            } => {
                let command = serde_json::from_str::<serde_json::Value>(raw)
                    .ok()
                    .and_then(|v| {
                        v.get("command")
                            .and_then(|c| c.as_str())
                            .map(str::to_string)
                    })
                    .unwrap_or_else(|| raw.clone());
                let shape = command_shape(&command);
                if tool_kind == "execute" && state.shapes.insert(shape) {
                    // A new-looking command: run it through the output analysis.
                    let a = output::analyze(&command, "/work", &self.warden.config().workspace);
                    if a.findings
                        .iter()
                        .any(|f| f.severity >= compass_core::gate::Severity::High)
                    {
                        let d = self
                            .warden
                            .watch_sample(&agent, "watch:new_command", &command)
                            .await;
                        self.stats.samples += 1;
                        return Some(d);
                    }
                }
                return self.maybe_heartbeat(&agent).await;
            }
            _ => return self.maybe_heartbeat(&agent).await,
        };
        let d = self.sample(&agent, &source, &text).await;
        if let Some(s) = self.agents.get_mut(&agent) {
            s.unsampled = false;
        }
        d
    }

    async fn maybe_heartbeat(&mut self, agent: &AgentId) -> Option<Decided> {
        let now = self.clock.now_ms();
        let due = self
            .agents
            .get(agent)
            .is_some_and(|s| now - s.last_heartbeat_ms >= self.config.heartbeat_interval_ms);
        if due {
            self.heartbeat(agent).await
        } else {
            None
        }
    }

    async fn heartbeat(&mut self, agent: &AgentId) -> Option<Decided> {
        let now = self.clock.now_ms();
        let sample = {
            let s = self.agents.get_mut(agent)?;
            s.last_heartbeat_ms = now;
            s.recent.clone()
        };
        self.stats.heartbeats += 1;
        self.sample(agent, "watch:heartbeat", &sample).await
    }

    /// Run every heartbeat that is due (the daemon calls this on a timer).
    pub async fn tick(&mut self) -> Vec<Decided> {
        let now = self.clock.now_ms();
        let due: Vec<AgentId> = self
            .agents
            .iter()
            .filter(|(_, s)| now - s.last_heartbeat_ms >= self.config.heartbeat_interval_ms)
            .map(|(a, _)| a.clone())
            .collect();
        let mut out = Vec::new();
        for a in due {
            if let Some(d) = self.heartbeat(&a).await {
                out.push(d);
            }
        }
        out
    }
}

fn push_recent(buf: &mut String, text: &str, cap: usize) {
    buf.push_str(text);
    buf.push('\n');
    if buf.len() > cap {
        let mut cut = buf.len() - cap;
        while !buf.is_char_boundary(cut) {
            cut += 1;
        }
        buf.drain(..cut);
    }
}

/// A command's shape: its programs and subcommands, without arguments, so
/// `cargo test -p a` and `cargo test -p b` look alike.
pub fn command_shape(command: &str) -> String {
    match crate::shell::parse(command) {
        Ok(p) => p
            .commands
            .iter()
            .map(|c| {
                let sub = c
                    .args()
                    .iter()
                    .find(|a| !a.starts_with('-'))
                    .map(String::as_str)
                    .unwrap_or("");
                format!("{} {}", c.program(), sub)
            })
            .collect::<Vec<_>>()
            .join(" | "),
        Err(_) => command.chars().take(64).collect(),
    }
}
