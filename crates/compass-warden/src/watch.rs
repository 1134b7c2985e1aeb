//! The async watch: Warden samples each agent's event stream between the
//! gates — tool-result boundaries, new-looking commands, error output, and a
//! heartbeat over output no sample has covered yet (by default up to about
//! 1,000 tokens per agent every two minutes). A finding that flags pauses
//! the agent like a gate flag.
//!
//! The watch is idempotent: text it has reviewed is not reviewed again (an
//! idle agent's old output never re-pauses it), a heartbeat reviews only
//! what arrived since the last review, and an agent that is not running is
//! not sampled at all. What it can name as an action (a tool call id, a
//! command line) shares one decision with the gates that see the same
//! action, so one action gets at most one pause.
//!
//! The daemon feeds [`compass_core::event::Event`]s into a channel and calls
//! [`Watch::run`]; it may also drive heartbeats from its own timer with
//! [`Watch::tick`]. Time comes from an injectable clock.

use crate::clock::Clock;
use crate::output;
use crate::shared::ActionKey;
use crate::taint::content_hash;
use crate::warden::{Decided, Warden};
use compass_core::agent::AgentStatus;
use compass_core::event::{AgentUpdate, Event, EventKind};
use compass_core::id::AgentId;
use std::collections::{HashMap, HashSet, VecDeque};
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
    /// How long a hooked agent's tool call may go without a hook call
    /// before its hooks count as silent.
    pub hook_silence_ms: i64,
}

impl Default for WatchConfig {
    fn default() -> Self {
        Self {
            heartbeat_interval_ms: 2 * 60 * 1000,
            heartbeat_sample_bytes: 4_000,
            window_bytes: 64 * 1024,
            hook_silence_ms: 30_000,
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
    /// Texts skipped because the watch had reviewed them already.
    pub repeats: u64,
}

/// How many reviewed texts an agent's memory keeps.
const MAX_REVIEWED: usize = 4096;

#[derive(Debug, Default)]
struct AgentState {
    /// Output no sample has covered yet: what the next heartbeat reviews.
    pending: String,
    last_heartbeat_ms: i64,
    shapes: HashSet<String>,
    /// Hashes of the texts already reviewed, oldest first.
    reviewed: VecDeque<String>,
    reviewed_set: HashSet<String>,
    /// Not running (stopped, failed, retired, paused): nothing is sampled.
    dormant: bool,
}

impl AgentState {
    /// Note `text` as reviewed; `false` when it had been already.
    fn review(&mut self, text: &str) -> bool {
        let h = content_hash(text);
        if !self.reviewed_set.insert(h.clone()) {
            return false;
        }
        self.reviewed.push_back(h);
        if self.reviewed.len() > MAX_REVIEWED
            && let Some(old) = self.reviewed.pop_front()
        {
            self.reviewed_set.remove(&old);
        }
        true
    }
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

/// What one event asks the watch to review.
enum Review {
    /// Text to sample now, with the action names it belongs to.
    Sample {
        source: String,
        text: String,
        keys: Vec<ActionKey>,
    },
    /// A command an unhooked agent runs, judged as an action.
    Command {
        command: String,
        keys: Vec<ActionKey>,
    },
    /// Nothing now; a heartbeat may be due.
    Later,
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

    /// Review `text` (window by window when it is large) unless it was
    /// reviewed before.
    async fn sample(
        &mut self,
        agent: &AgentId,
        source: &str,
        text: &str,
        keys: Vec<ActionKey>,
    ) -> Option<Decided> {
        if text.trim().is_empty() {
            return None;
        }
        let fresh = self.agents.get_mut(agent).is_some_and(|s| s.review(text));
        if !fresh {
            self.stats.repeats += 1;
            return None;
        }
        let windows = crate::judge::windows(text, self.config.window_bytes, 256);
        let whole = windows.len() == 1;
        let mut last = None;
        for w in windows {
            self.stats.samples += 1;
            // A window of a larger text is not the action the keys name.
            let d = if whole {
                self.warden
                    .watch_action(agent, source, w, keys.clone())
                    .await
            } else {
                self.warden.watch_sample(agent, source, w).await
            };
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
        let now = self.clock.now_ms();
        let update = match &ev.kind {
            EventKind::AgentStatusChanged { to, .. } => {
                let state = self.agents.entry(agent.clone()).or_default();
                state.dormant = *to != AgentStatus::Running;
                if state.dormant {
                    self.warden.hook_silence().rest(&agent);
                    // Whatever it left unreviewed cannot reach a model that
                    // is not running; the next start begins afresh.
                    state.pending.clear();
                }
                state.last_heartbeat_ms = now;
                return None;
            }
            EventKind::AgentUpdate { update } => update,
            _ => return None,
        };
        let cap = self.config.heartbeat_sample_bytes;
        let state = self
            .agents
            .entry(agent.clone())
            .or_insert_with(|| AgentState {
                last_heartbeat_ms: now,
                ..AgentState::default()
            });
        if state.dormant {
            return None;
        }
        let call = ev.scope.tool_call_id.as_deref();
        if let (AgentUpdate::ToolCall { .. }, Some(id)) = (update, call) {
            self.warden.hook_silence().tool_call(&agent, id, now);
        }
        let review = match update {
            AgentUpdate::ToolCallUpdate {
                output: Some(out), ..
            } => Review::Sample {
                source: "watch:tool_result".into(),
                text: out.clone(),
                keys: call_keys(call, false),
            },
            AgentUpdate::TerminalOutput {
                output,
                exit_code,
                terminal_id,
            } => {
                if exit_code.is_some_and(|c| c != 0) {
                    let text = std::mem::take(&mut state.pending) + output;
                    Review::Sample {
                        source: format!("watch:error_output:{terminal_id}"),
                        text,
                        keys: Vec::new(),
                    }
                } else {
                    push_recent(&mut state.pending, output, cap);
                    Review::Later
                }
            }
            AgentUpdate::Error { message } => Review::Sample {
                source: "watch:error".into(),
                text: message.clone(),
                keys: Vec::new(),
            },
            // An announcement whose input is not filled in yet (`{}`, as
            // Claude Code sends first) names no command to judge.
            AgentUpdate::ToolCall {
                raw_input: Some(raw),
                ..
            } if serde_json::from_str::<serde_json::Value>(raw)
                .is_ok_and(|v| v.as_object().is_some_and(serde_json::Map::is_empty)) =>
            {
                Review::Later
            }
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
                // With a judge, a command the rules caution on is reviewed
                // too: the alignment check weighs it against the task.
                let at_least = if self.warden.has_judge() {
                    compass_core::gate::Severity::Medium
                } else {
                    compass_core::gate::Severity::High
                };
                let risky = tool_kind == "execute"
                    && state.shapes.insert(shape)
                    && output::analyze(&command, "/work", &self.warden.config().workspace)
                        .findings
                        .iter()
                        .any(|f| f.severity >= at_least);
                if risky {
                    // A new-looking command: the same action the gates see.
                    let mut keys = call_keys(call, true);
                    keys.push(ActionKey::Action(content_hash(&command)));
                    Review::Command { command, keys }
                } else {
                    Review::Later
                }
            }
            _ => Review::Later,
        };
        let decided = match review {
            Review::Sample { source, text, keys } => {
                self.sample(&agent, &source, &text, keys).await
            }
            Review::Command { command, keys } => {
                self.stats.samples += 1;
                let d = self.warden.watch_command(&agent, &command, keys).await;
                self.stats.flags += u64::from(d.verdict.decision.is_flag());
                Some(d)
            }
            Review::Later => self.maybe_heartbeat(&agent).await,
        };
        match self.check_silence(&agent).await {
            Some(silent) => Some(silent),
            None => decided,
        }
    }

    /// Flag a running agent whose tool calls went unmatched by its hooks.
    async fn check_silence(&mut self, agent: &AgentId) -> Option<Decided> {
        if self.agents.get(agent).is_none_or(|s| s.dormant) {
            return None;
        }
        let now = self.clock.now_ms();
        let late = self
            .warden
            .hook_silence()
            .overdue(agent, now, self.config.hook_silence_ms);
        if late.is_empty() {
            return None;
        }
        self.stats.flags += 1;
        Some(self.warden.hooks_went_silent(agent, &late).await)
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

    /// Review what arrived since the last review; nothing new, nothing done.
    async fn heartbeat(&mut self, agent: &AgentId) -> Option<Decided> {
        let now = self.clock.now_ms();
        let sample = {
            let s = self.agents.get_mut(agent)?;
            s.last_heartbeat_ms = now;
            if s.dormant || s.pending.trim().is_empty() {
                return None;
            }
            std::mem::take(&mut s.pending)
        };
        self.stats.heartbeats += 1;
        self.sample(agent, "watch:heartbeat", &sample, Vec::new())
            .await
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
        let all: Vec<AgentId> = self.agents.keys().cloned().collect();
        for a in all {
            if let Some(d) = self.check_silence(&a).await {
                out.push(d);
            }
        }
        out
    }
}

/// The key of the tool call an event belongs to, if it names one.
fn call_keys(call: Option<&str>, output: bool) -> Vec<ActionKey> {
    call.filter(|id| !id.is_empty())
        .map(|id| ActionKey::Call {
            output,
            id: id.to_string(),
        })
        .into_iter()
        .collect()
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
