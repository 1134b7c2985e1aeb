//! Exact-value redaction of what the daemon records. Every value in the
//! secret store — so every credential an agent is given — is replaced by
//! `[REDACTED:NAME]` in events, agent status reasons and the audit log
//! (the board stream reads events), by exact match:
//!
//! - as the store's `Scrub`, over every event's text inside the write;
//! - before that, agents' streamed text (message, thought and user chunks,
//!   one tool call's output updates, one terminal's output) through one
//!   `StreamRedactor` per stream, so a value split across chunks never
//!   lands in two events. A stream's held-back tail is released when it
//!   ends: a chat stream at the agent's next update of another kind, a tool
//!   call when it completes or fails, a terminal when it exits, and all of
//!   an agent's streams at the end of a turn or session.
//!
//! A terminal's stdout and stderr are redacted earlier still, each pipe as
//! its own byte stream before its bytes become text (the [`OutputFilter`]
//! the session's terminals ask the sink for): a value that is not UTF-8 is
//! matched as bytes, and one pipe's output cannot interleave a value split
//! across the other's chunks out of sight. Such a value can still reach
//! text decoded lossily (an agent echoing the terminal output it was
//! given): text is searched for that decoding too.
//!
//! Values stay known for the daemon's life once set (a deleted secret may
//! still be in a running workload); a restart reloads the store's.

use crate::secrets::{SecretError, SecretStore};
use compass_acp::OutputFilter;
use compass_core::event::{AgentUpdate, EventKind, NewEvent, Scope, ToolStatus};
use compass_core::id::AgentId;
use compass_runtime::secrets::Secret;
use compass_warden::redact::{ByteStreamRedactor, SecretValues, StreamRedactor};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// One stream of an agent's text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Stream {
    User,
    Message,
    Thought,
    Tool(String),
    Terminal(String),
}

impl Stream {
    fn is_chat(&self) -> bool {
        matches!(self, Self::User | Self::Message | Self::Thought)
    }
}

/// The daemon's exact-value redaction (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct Redaction {
    /// Every `(name, value)` seen in this daemon's life.
    known: Mutex<Vec<(String, Secret)>>,
    values: RwLock<Arc<SecretValues>>,
    streams: Mutex<HashMap<(AgentId, Stream), StreamRedactor>>,
}

impl Redaction {
    /// Know every value in the store.
    pub(crate) fn load(store: &SecretStore) -> Result<Arc<Self>, SecretError> {
        let this = Arc::new(Self::default());
        for info in store.list()? {
            if let Some(value) = store.get(&info.name)? {
                this.learn(&info.name, &value);
            }
        }
        Ok(this)
    }

    /// Know one more value (a secret was set). Values that are not UTF-8
    /// are matched in terminal bytes, and in text as their lossy decoding
    /// (`compass_warden::redact`).
    pub(crate) fn learn(&self, name: &str, value: &Secret) {
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        if known
            .iter()
            .any(|(n, v)| n == name && v.expose() == value.expose())
        {
            return;
        }
        known.push((name.to_owned(), value.clone()));
        // The newest name wins for a value known under several.
        match SecretValues::from_bytes(
            known
                .iter()
                .rev()
                .map(|(n, v)| (n.as_str(), v.expose().as_slice())),
        ) {
            Ok(values) => {
                *self.values.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(values);
            }
            Err(error) => tracing::error!(%error, "could not rebuild the secret matcher"),
        }
    }

    fn values(&self) -> Arc<SecretValues> {
        Arc::clone(&self.values.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Pass one event on to `send`, its streamed text redacted; tails a
    /// stream held back are sent first, as events of their own, when this
    /// event ends their stream. `send` runs under the stream lock, so what
    /// concurrent emitters send keeps each stream's order.
    pub(crate) fn pass(&self, mut event: NewEvent, mut send: impl FnMut(NewEvent)) {
        let values = self.values();
        let mut streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        let (Some(agent), EventKind::AgentUpdate { update }) =
            (event.scope.agent_id.clone(), &mut event.kind)
        else {
            return send(event);
        };
        let tool = event.scope.tool_call_id.clone().unwrap_or_default();
        let this = match update {
            AgentUpdate::UserMessage { .. } => Some(Stream::User),
            AgentUpdate::MessageChunk { .. } => Some(Stream::Message),
            AgentUpdate::ThoughtChunk { .. } => Some(Stream::Thought),
            AgentUpdate::ToolCallUpdate { .. } => Some(Stream::Tool(tool)),
            AgentUpdate::TerminalOutput { terminal_id, .. } => {
                Some(Stream::Terminal(terminal_id.clone()))
            }
            _ => None,
        };
        let session_over = matches!(
            update,
            AgentUpdate::TurnEnded { .. }
                | AgentUpdate::SessionFailed { .. }
                | AgentUpdate::SessionStarted { .. }
        );
        // Streams this event ends, released before it.
        let ended: Vec<(AgentId, Stream)> = streams
            .keys()
            .filter(|(a, s)| {
                a == &agent && (session_over || (s.is_chat() && this.as_ref() != Some(s)))
            })
            .cloned()
            .collect();
        for key in ended {
            if let Some(mut held) = streams.remove(&key) {
                let tail = held.finish(&values);
                if !tail.is_empty() {
                    send(released(&event.scope, key.1, tail));
                }
            }
        }
        if let Some(stream) = this {
            let key = (agent, stream);
            let mut slot = streams.remove(&key).unwrap_or_default();
            let chunk = take_text(update);
            let mut shown = slot.push(&values, chunk.as_deref().unwrap_or_default());
            if ends_its_stream(update) {
                shown.push_str(&slot.finish(&values));
            } else if slot.held() > 0 {
                streams.insert(key, slot);
            }
            put_text(update, chunk.is_some(), shown);
        }
        send(event);
        drop(streams);
    }

    /// A filter for one terminal pipe: its bytes redacted as a stream of
    /// their own, with the values known at each chunk.
    pub(crate) fn output_filter(self: &Arc<Self>) -> Box<dyn OutputFilter> {
        Box::new(PipeFilter {
            redaction: Arc::clone(self),
            state: ByteStreamRedactor::default(),
        })
    }

    /// Whether `text` holds the value of any secret known (text headed out
    /// of Compass, such as a pull request's title, is checked with it).
    pub(crate) fn holds_secret(&self, text: &str) -> bool {
        matches!(self.values().redact(text), std::borrow::Cow::Owned(_))
    }

    /// Whole-text redaction (no stream state).
    pub(crate) fn redact(&self, text: &mut String) {
        let values = self.values();
        if let std::borrow::Cow::Owned(clean) = values.redact(text) {
            *text = clean;
        }
    }
}

impl compass_store::Scrub for Redaction {
    fn scrub(&self, text: &mut String) {
        self.redact(text);
    }
}

/// One terminal pipe's redaction (see [`Redaction::output_filter`]).
struct PipeFilter {
    redaction: Arc<Redaction>,
    state: ByteStreamRedactor,
}

impl OutputFilter for PipeFilter {
    fn push(&mut self, chunk: &[u8]) -> Vec<u8> {
        self.state.push(&self.redaction.values(), chunk)
    }

    fn finish(&mut self) -> Vec<u8> {
        self.state.finish(&self.redaction.values())
    }
}

/// The last update of its stream: a finished tool call, an exited terminal.
fn ends_its_stream(update: &AgentUpdate) -> bool {
    match update {
        AgentUpdate::ToolCallUpdate { status, .. } => {
            matches!(status, Some(ToolStatus::Completed | ToolStatus::Failed))
        }
        AgentUpdate::TerminalOutput { exit_code, .. } => exit_code.is_some(),
        _ => false,
    }
}

/// Take a streamed update's text out (`None`: a tool update without output).
fn take_text(update: &mut AgentUpdate) -> Option<String> {
    match update {
        AgentUpdate::UserMessage { text }
        | AgentUpdate::MessageChunk { text }
        | AgentUpdate::ThoughtChunk { text }
        | AgentUpdate::TerminalOutput { output: text, .. } => Some(std::mem::take(text)),
        AgentUpdate::ToolCallUpdate { output, .. } => output.take(),
        _ => None,
    }
}

/// Put the redacted text back (a tool update gains output only if some).
fn put_text(update: &mut AgentUpdate, had: bool, shown: String) {
    match update {
        AgentUpdate::UserMessage { text }
        | AgentUpdate::MessageChunk { text }
        | AgentUpdate::ThoughtChunk { text }
        | AgentUpdate::TerminalOutput { output: text, .. } => *text = shown,
        AgentUpdate::ToolCallUpdate { output, .. } if had || !shown.is_empty() => {
            *output = Some(shown);
        }
        _ => {}
    }
}

/// The event that carries a stream's released tail.
fn released(scope: &Scope, stream: Stream, tail: String) -> NewEvent {
    let mut scope = scope.clone();
    scope.tool_call_id = None;
    let update = match stream {
        Stream::User => AgentUpdate::UserMessage { text: tail },
        Stream::Message => AgentUpdate::MessageChunk { text: tail },
        Stream::Thought => AgentUpdate::ThoughtChunk { text: tail },
        Stream::Tool(id) => {
            scope.tool_call_id = Some(id);
            AgentUpdate::ToolCallUpdate {
                status: None,
                title: None,
                output: Some(tail),
            }
        }
        Stream::Terminal(terminal_id) => AgentUpdate::TerminalOutput {
            terminal_id,
            output: tail,
            exit_code: None,
        },
    };
    NewEvent {
        scope,
        kind: EventKind::AgentUpdate { update },
    }
}
