//! Streamed chunks joined into readable units before they are stored: an
//! agent's message, thought and terminal-output chunks arrive a token (or a
//! character) at a time; the sink joins consecutive chunks of one stream
//! into one event, so the event log, `compass agent log` and the board read
//! in sentences, and the log stays small. A unit ends at anything else the
//! agent does (a tool call, a turn end, a gate decision), at
//! [`MAX_UNIT`] bytes, or when the sink's time window closes.

use compass_core::event::{AgentUpdate, EventKind, NewEvent};
use std::time::Duration;

/// Largest joined text; the next chunk starts a new unit.
pub(crate) const MAX_UNIT: usize = 16 * 1024;
/// How long the sink waits for more chunks after the first of a batch.
pub(crate) const WINDOW: Duration = Duration::from_millis(100);

/// A chunk of a stream that may be joined with the next.
pub(crate) fn is_chunk(e: &NewEvent) -> bool {
    matches!(
        &e.kind,
        EventKind::AgentUpdate {
            update: AgentUpdate::MessageChunk { .. }
                | AgentUpdate::ThoughtChunk { .. }
                | AgentUpdate::TerminalOutput {
                    exit_code: None,
                    ..
                }
        }
    )
}

/// An event after which nothing more of the turn comes: store at once.
pub(crate) fn ends_turn(e: &NewEvent) -> bool {
    matches!(
        &e.kind,
        EventKind::AgentUpdate {
            update: AgentUpdate::TurnEnded { .. } | AgentUpdate::SessionFailed { .. }
        }
    )
}

/// Join `next` onto `into` when both are chunks of the same stream (same
/// agent, workstream and tool call; same terminal) and the unit stays
/// under [`MAX_UNIT`]. Gives `next` back when it starts a new unit.
fn join(into: &mut NewEvent, next: NewEvent) -> Option<NewEvent> {
    if into.scope != next.scope || !is_chunk(into) {
        return Some(next);
    }
    let (EventKind::AgentUpdate { update: a }, EventKind::AgentUpdate { update: b }) =
        (&mut into.kind, &next.kind)
    else {
        return Some(next);
    };
    let (text, more) = match (a, b) {
        (AgentUpdate::MessageChunk { text }, AgentUpdate::MessageChunk { text: more })
        | (AgentUpdate::ThoughtChunk { text }, AgentUpdate::ThoughtChunk { text: more }) => {
            (text, more)
        }
        (
            AgentUpdate::TerminalOutput {
                terminal_id,
                output,
                exit_code,
            },
            AgentUpdate::TerminalOutput {
                terminal_id: other,
                output: more,
                exit_code: last,
            },
        ) if terminal_id == other => {
            if output.len() + more.len() > MAX_UNIT {
                return Some(next);
            }
            output.push_str(more);
            // The exit code closes the unit: nothing joins after it.
            *exit_code = *last;
            return None;
        }
        _ => return Some(next),
    };
    if text.len() + more.len() > MAX_UNIT {
        return Some(next);
    }
    text.push_str(more);
    None
}

/// Coalesce a batch, keeping each agent's order: a chunk joins the latest
/// event of its agent when that is a chunk of the same stream.
pub(crate) fn coalesce(batch: Vec<NewEvent>) -> Vec<NewEvent> {
    let mut out: Vec<NewEvent> = Vec::with_capacity(batch.len());
    for event in batch {
        let last = event.scope.agent_id.as_ref().and_then(|agent| {
            out.iter_mut()
                .rev()
                .find(|e| e.scope.agent_id.as_ref() == Some(agent))
        });
        match last {
            Some(last) => {
                if let Some(event) = join(last, event) {
                    out.push(event);
                }
            }
            None => out.push(event),
        }
    }
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use compass_core::event::Scope;
    use compass_core::id::AgentId;

    /// An update of `agent` (in tool call `tool`), as the sink gets it.
    pub(in crate::fleet) fn ev(agent: &str, tool: Option<&str>, update: AgentUpdate) -> NewEvent {
        NewEvent {
            scope: Scope {
                agent_id: Some(AgentId(agent.to_owned())),
                tool_call_id: tool.map(str::to_owned),
                ..Scope::default()
            },
            kind: EventKind::AgentUpdate { update },
        }
    }
    fn msg(agent: &str, text: &str) -> NewEvent {
        ev(agent, None, AgentUpdate::MessageChunk { text: text.into() })
    }
    fn term(text: &str, exit: Option<i32>) -> NewEvent {
        ev(
            "a",
            Some("t1"),
            AgentUpdate::TerminalOutput {
                terminal_id: "term-1".into(),
                output: text.into(),
                exit_code: exit,
            },
        )
    }
    fn texts(events: &[NewEvent]) -> Vec<String> {
        events
            .iter()
            .map(|e| match &e.kind {
                EventKind::AgentUpdate {
                    update:
                        AgentUpdate::MessageChunk { text }
                        | AgentUpdate::ThoughtChunk { text }
                        | AgentUpdate::TerminalOutput { output: text, .. },
                } => text.clone(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn chunks_of_one_stream_become_one_unit_per_agent() {
        let out = coalesce(vec![
            msg("a", "Hel"),
            msg("b", "Other "),
            msg("a", "lo"),
            msg("b", "agent"),
            ev("a", None, AgentUpdate::ThoughtChunk { text: "hmm".into() }),
            msg("a", "!"),
        ]);
        assert_eq!(texts(&out), ["Hello", "Other agent", "hmm", "!"]);
    }

    #[test]
    fn a_tool_call_ends_the_unit() {
        let call = ev(
            "a",
            Some("t1"),
            AgentUpdate::ToolCall {
                title: "ls".into(),
                tool_kind: "execute".into(),
                status: compass_core::event::ToolStatus::Pending,
                raw_input: None,
            },
        );
        let out = coalesce(vec![msg("a", "one"), call, msg("a", "two")]);
        assert_eq!(out.len(), 3);
        assert_eq!(texts(&out)[2], "two");
    }

    #[test]
    fn terminal_output_joins_per_character_until_its_exit_code() {
        let mut batch: Vec<NewEvent> = "hello\n"
            .chars()
            .map(|c| term(&c.to_string(), None))
            .collect();
        batch.push(term("", Some(0)));
        batch.push(term("late", None));
        let out = coalesce(batch);
        assert_eq!(texts(&out), ["hello\n", "late"]);
        assert!(matches!(
            &out[0].kind,
            EventKind::AgentUpdate {
                update: AgentUpdate::TerminalOutput {
                    exit_code: Some(0),
                    ..
                }
            }
        ));
    }

    #[test]
    fn units_stop_at_the_size_limit() {
        let big = "x".repeat(MAX_UNIT - 1);
        let out = coalesce(vec![msg("a", &big), msg("a", "yy"), msg("a", "z")]);
        assert_eq!(texts(&out), [big, "yyz".to_owned()]);
    }

    #[test]
    fn different_tool_calls_or_workstreams_never_join() {
        let mut other = msg("a", "b");
        other.scope.tool_call_id = Some("t9".into());
        let out = coalesce(vec![msg("a", "a"), other]);
        assert_eq!(out.len(), 2);
    }
}
