//! Folding before storage, after chunks are joined (`coalesce.rs`): one
//! stored tool-call record per call, and no empty text units.
//!
//! Adapters announce a tool call before its input is known and again once
//! it is (Claude Code sends `tool_call` at the start of the tool-use block
//! with `{}` as input, then the same id with the full input). A pending
//! call is held back until the next update of its agent or [`HOLD`]; a
//! repeat of the same id in that time folds into it (the later title, kind,
//! status and input win), so the log holds one `tool call` line with the
//! real input instead of two. Held calls always go out before anything else
//! of their agent, so order is kept.
//!
//! Only the agent's own stream (its ACP updates, in order) releases a call
//! still waiting for its input. Warden's decisions reach the sink by
//! another road (the hook socket) and may overtake the repeat, so they wait
//! behind such a call instead of releasing it early (which stored the call
//! twice) and go out with it when its repeat comes; behind a call whose
//! input is known they release it at once, so a pause card is never held
//! back waiting for an update a paused agent will not send.

use compass_core::event::{AgentUpdate, EventKind, NewEvent};
use compass_core::id::AgentId;
use std::time::{Duration, Instant};

/// Longest a pending tool call (and what waits behind it) is held.
pub(crate) const HOLD: Duration = Duration::from_millis(1500);

#[derive(Debug)]
struct Held {
    event: NewEvent,
    since: Instant,
}

/// The sink's folding state: the pending tool calls held back, and the
/// out-of-band events waiting behind them, in arrival order.
#[derive(Debug, Default)]
pub(crate) struct Fold {
    held: Vec<Held>,
}

fn tool_call(e: &NewEvent) -> Option<(&str, &AgentUpdate)> {
    match &e.kind {
        EventKind::AgentUpdate {
            update: u @ AgentUpdate::ToolCall { .. },
        } => e.scope.tool_call_id.as_deref().map(|id| (id, u)),
        _ => None,
    }
}

fn is_pending_call(e: &NewEvent) -> bool {
    matches!(
        tool_call(e),
        Some((
            _,
            AgentUpdate::ToolCall {
                status: compass_core::event::ToolStatus::Pending,
                ..
            }
        ))
    )
}

/// A pending call announced before its input was known: its repeat is
/// certain to follow. (`raw_input` is the compact JSON text of the input.)
fn awaits_input(e: &NewEvent) -> bool {
    match tool_call(e) {
        Some((
            _,
            AgentUpdate::ToolCall {
                status: compass_core::event::ToolStatus::Pending,
                raw_input,
                ..
            },
        )) => matches!(raw_input.as_deref(), None | Some("{}" | "null")),
        _ => false,
    }
}

/// Not part of the agent's own (ordered) update stream: a gate decision or
/// anything else recorded about the agent.
fn out_of_band(e: &NewEvent) -> bool {
    !matches!(e.kind, EventKind::AgentUpdate { .. })
}

/// A message or thought unit with no visible text: shown, it is an empty
/// `says:` line. (A lone space between two stored units is lost with it;
/// units are shown one per line, so nothing readable changes.)
fn is_empty_text(e: &NewEvent) -> bool {
    matches!(
        &e.kind,
        EventKind::AgentUpdate {
            update: AgentUpdate::MessageChunk { text } | AgentUpdate::ThoughtChunk { text }
        } if text.trim().is_empty()
    )
}

/// Fold a repeat of a held call into it: what the later one says wins,
/// except an input it does not have.
fn merge(into: &mut NewEvent, next: NewEvent) {
    if let (
        EventKind::AgentUpdate {
            update:
                AgentUpdate::ToolCall {
                    title,
                    tool_kind,
                    status,
                    raw_input,
                },
        },
        EventKind::AgentUpdate {
            update:
                AgentUpdate::ToolCall {
                    title: t,
                    tool_kind: k,
                    status: s,
                    raw_input: r,
                },
        },
    ) = (&mut into.kind, next.kind)
    {
        *title = t;
        *tool_kind = k;
        *status = s;
        if r.is_some() {
            *raw_input = r;
        }
    }
}

impl Fold {
    /// Whether a call is held (the sink then wakes by [`HOLD`] to release it).
    pub(crate) fn holding(&self) -> bool {
        !self.held.is_empty()
    }

    /// Everything held, released (the channel closed, or the wait ran out).
    pub(crate) fn flush(&mut self) -> Vec<NewEvent> {
        self.held.drain(..).map(|h| h.event).collect()
    }

    /// Release, in arrival order, everything held of the agents `which` picks.
    fn release(&mut self, which: impl Fn(Option<&AgentId>) -> bool, out: &mut Vec<NewEvent>) {
        let (gone, kept): (Vec<Held>, Vec<Held>) = self
            .held
            .drain(..)
            .partition(|h| which(h.event.scope.agent_id.as_ref()));
        self.held = kept;
        out.extend(gone.into_iter().map(|h| h.event));
    }

    /// Release everything of each agent with something held [`HOLD`] or
    /// longer: its calls go out even when the agent is quiet.
    fn release_late(&mut self, now: Instant, out: &mut Vec<NewEvent>) {
        let late: Vec<AgentId> = self
            .held
            .iter()
            .filter(|h| now - h.since >= HOLD)
            .filter_map(|h| h.event.scope.agent_id.clone())
            .collect();
        self.release(|agent| agent.is_some_and(|a| late.contains(a)), out);
    }

    /// The events of a (coalesced) batch to store now, in order.
    pub(crate) fn apply(&mut self, batch: Vec<NewEvent>, now: Instant) -> Vec<NewEvent> {
        let mut out = Vec::with_capacity(batch.len());
        self.release_late(now, &mut out);
        for event in batch {
            if is_empty_text(&event) {
                continue;
            }
            if let Some((id, _)) = tool_call(&event) {
                let same = self.held.iter().position(|h| {
                    h.event.scope == event.scope
                        && tool_call(&h.event).is_some_and(|(i, _)| i == id)
                });
                if let Some(at) = same {
                    merge(&mut self.held[at].event, event);
                    let agent = self.held[at].event.scope.agent_id.clone();
                    // A decision waiting behind the call was made on its
                    // full input: with the repeat here, both go out now
                    // (a paused agent sends nothing that would release them).
                    let decided = self
                        .held
                        .iter()
                        .any(|h| h.event.scope.agent_id == agent && out_of_band(&h.event));
                    if decided || !is_pending_call(&self.held[at].event) {
                        self.release(|a| a == agent.as_ref(), &mut out);
                    }
                    continue;
                }
            }
            let behind = out_of_band(&event)
                && self.held.iter().any(|h| {
                    h.event.scope.agent_id == event.scope.agent_id && awaits_input(&h.event)
                });
            if !behind {
                let agent = &event.scope.agent_id;
                self.release(|a| a == agent.as_ref(), &mut out);
            }
            let hold = behind || (is_pending_call(&event) && event.scope.agent_id.is_some());
            if hold {
                self.held.push(Held { event, since: now });
            } else {
                out.push(event);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fleet::coalesce::tests::ev;
    use compass_core::event::{Scope, ToolStatus};

    fn call(agent: &str, id: &str, title: &str, status: ToolStatus, input: &str) -> NewEvent {
        ev(
            agent,
            Some(id),
            AgentUpdate::ToolCall {
                title: title.into(),
                tool_kind: "execute".into(),
                status,
                raw_input: Some(input.into()),
            },
        )
    }
    fn done(agent: &str, id: &str) -> NewEvent {
        ev(
            agent,
            Some(id),
            AgentUpdate::ToolCallUpdate {
                status: Some(ToolStatus::Completed),
                title: None,
                output: Some("ok".into()),
            },
        )
    }
    fn calls(events: &[NewEvent]) -> Vec<(String, String)> {
        events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::AgentUpdate {
                    update:
                        AgentUpdate::ToolCall {
                            title, raw_input, ..
                        },
                } => Some((title.clone(), raw_input.clone().unwrap_or_default())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_repeated_pending_call_folds_into_one_record_with_the_real_input() {
        let t0 = Instant::now();
        let mut fold = Fold::default();
        let out = fold.apply(
            vec![call("a", "t1", "Terminal", ToolStatus::Pending, "{}")],
            t0,
        );
        assert!(out.is_empty(), "the pending call waits for its repeat");
        assert!(fold.holding());
        let out = fold.apply(
            vec![
                call(
                    "a",
                    "t1",
                    "`ls -la`",
                    ToolStatus::Pending,
                    r#"{"command":"ls -la"}"#,
                ),
                done("a", "t1"),
            ],
            t0 + Duration::from_millis(10),
        );
        assert_eq!(
            calls(&out),
            [("`ls -la`".to_owned(), r#"{"command":"ls -la"}"#.to_owned())]
        );
        assert_eq!(out.len(), 2, "the call, then its result: {out:?}");
        assert!(matches!(
            &out[1].kind,
            EventKind::AgentUpdate {
                update: AgentUpdate::ToolCallUpdate { .. }
            }
        ));
        assert!(!fold.holding());
    }

    #[test]
    fn held_calls_keep_order_and_go_out_after_the_hold() {
        let t0 = Instant::now();
        let mut fold = Fold::default();
        assert!(
            fold.apply(vec![call("a", "t1", "x", ToolStatus::Pending, "{}")], t0)
                .is_empty()
        );
        // Another agent's events do not release it early…
        let out = fold.apply(vec![done("b", "t9")], t0 + Duration::from_millis(5));
        assert_eq!(out.len(), 1);
        // …its own next event does, in front of it.
        let out = fold.apply(vec![done("a", "t1")], t0 + Duration::from_millis(6));
        assert_eq!(calls(&out).len(), 1);
        assert_eq!(out.len(), 2);

        fold.apply(vec![call("a", "t2", "y", ToolStatus::Pending, "{}")], t0);
        let out = fold.apply(Vec::new(), t0 + HOLD);
        assert_eq!(calls(&out).len(), 1, "released when the hold runs out");
        fold.apply(vec![call("a", "t3", "z", ToolStatus::Pending, "{}")], t0);
        assert_eq!(calls(&fold.flush()).len(), 1);
    }

    fn gate(agent: &str) -> NewEvent {
        NewEvent {
            scope: Scope {
                agent_id: Some(AgentId(agent.to_owned())),
                ..Scope::default()
            },
            kind: EventKind::GateDecision {
                gate: "action".into(),
                source: "hook".into(),
                hash: String::new(),
                verdict: compass_core::gate::Verdict::clear(),
                latency_us: 1,
                route: "inspected".into(),
                excerpt: String::new(),
            },
        }
    }
    fn is_gate(e: &NewEvent) -> bool {
        matches!(e.kind, EventKind::GateDecision { .. })
    }

    #[test]
    fn a_gate_decision_between_the_two_announcements_waits_behind_the_call() {
        let t0 = Instant::now();
        let mut fold = Fold::default();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut stored = fold.apply(vec![call("a", "t1", "Bash", ToolStatus::Pending, "{}")], t0);
        // Warden's decision, by the hook socket, overtakes the repeat.
        stored.extend(fold.apply(vec![gate("a")], at(1)));
        assert!(stored.is_empty(), "the decision waits: {stored:?}");
        stored.extend(fold.apply(
            vec![call(
                "a",
                "t1",
                "`ls`",
                ToolStatus::Pending,
                r#"{"command":"ls"}"#,
            )],
            at(2),
        ));
        assert_eq!(
            stored.len(),
            2,
            "the repeat releases both at once: {stored:?}"
        );
        stored.extend(fold.apply(vec![done("a", "t1")], at(3)));
        assert_eq!(
            calls(&stored),
            [("`ls`".to_owned(), r#"{"command":"ls"}"#.to_owned())],
            "one record, with the real input: {stored:?}"
        );
        assert_eq!(stored.len(), 3, "{stored:?}");
        assert!(is_gate(&stored[1]), "the call, its decision, its result");
        assert!(!fold.holding());
    }

    #[test]
    fn a_gate_decision_after_a_call_with_its_input_goes_out_at_once() {
        let t0 = Instant::now();
        let mut fold = Fold::default();
        let input = r#"{"command":"ls"}"#;
        assert!(
            fold.apply(vec![call("a", "t1", "ls", ToolStatus::Pending, input)], t0)
                .is_empty()
        );
        let out = fold.apply(vec![gate("a")], t0 + Duration::from_millis(1));
        assert_eq!(out.len(), 2, "the call, then the decision: {out:?}");
        assert!(is_gate(&out[1]));
        // Behind a call still waiting for its input, the hold bounds the wait.
        fold.apply(vec![call("a", "t2", "Bash", ToolStatus::Pending, "{}")], t0);
        fold.apply(vec![gate("a")], t0);
        let out = fold.apply(Vec::new(), t0 + HOLD);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(is_gate(&out[1]));
    }

    #[test]
    fn empty_text_units_are_not_stored() {
        let mut fold = Fold::default();
        let out = fold.apply(
            vec![
                ev("a", None, AgentUpdate::MessageChunk { text: " \n".into() }),
                ev(
                    "a",
                    None,
                    AgentUpdate::ThoughtChunk {
                        text: String::new(),
                    },
                ),
                ev("a", None, AgentUpdate::MessageChunk { text: "hi".into() }),
            ],
            Instant::now(),
        );
        assert_eq!(out.len(), 1);
    }
}
