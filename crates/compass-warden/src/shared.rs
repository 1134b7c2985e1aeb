//! One decision per action. An action can pass several gate points — the
//! agent's native hook, then Compass's own file/terminal executor, while the
//! async watch reads the same tool call from the event stream — and each
//! point names the action by what it knows: the tool call id, the command
//! line, the source read. Warden keeps here the decisions that must apply
//! once across all of them: a flag (one action, one pause) and the user's
//! allow-once (it lets that action through every point, once).
//!
//! A point that already took an entry and asks again is a new attempt (the
//! agent retried), and gets a fresh decision.

use compass_core::gate::{GatePoint, Verdict};
use compass_core::id::AgentId;
use std::sync::Mutex;

/// How long a shared decision waits for the action's other points.
pub const SHARED_TTL_MS: i64 = 10 * 60 * 1000;
/// Bound on remembered actions; the oldest go first.
const MAX_ENTRIES: usize = 1024;

/// One name of an action. Reads and writes of the same tool call are
/// different actions, so the direction is part of every key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ActionKey {
    /// The agent's tool call id (Claude Code's `tool_use_id`, which the ACP
    /// adapter also uses as its `toolCallId`).
    Call { output: bool, id: String },
    /// An output action by its hash (a command line's, a write's).
    Action(String),
    /// An input by its source (`file:/work/app/README.md`).
    Source(String),
}

/// Why a decision is shared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharedRoute {
    /// Flagged: later points block without a second pause.
    Flag,
    /// The user let it through once: later points let it through too.
    AllowOnce,
}

/// A decision another point of the same action made.
#[derive(Debug, Clone)]
pub struct Shared {
    pub verdict: Verdict,
    /// The first decision's audit hash (what `allow-once` names).
    pub hash: String,
    pub route: SharedRoute,
}

#[derive(Debug)]
struct Entry {
    agent: AgentId,
    keys: Vec<ActionKey>,
    seen: Vec<GatePoint>,
    at_ms: i64,
    shared: Shared,
}

/// The shared decisions of every agent.
#[derive(Debug, Default)]
pub struct SharedDecisions(Mutex<Vec<Entry>>);

impl SharedDecisions {
    /// The decision another point made on this action, if it is still
    /// waiting for `point`; taking it marks `point` as served and adds the
    /// names this point knows the action by.
    pub fn take(
        &self,
        agent: &AgentId,
        keys: &[ActionKey],
        point: GatePoint,
        now_ms: i64,
    ) -> Option<Shared> {
        let mut entries = self.0.lock().ok()?;
        entries.retain(|e| now_ms - e.at_ms < SHARED_TTL_MS);
        let e = entries
            .iter_mut()
            .rev()
            .find(|e| &e.agent == agent && e.keys.iter().any(|k| keys.contains(k)))?;
        if e.seen.contains(&point) {
            return None; // this point asks again: a new attempt
        }
        e.seen.push(point);
        for k in keys {
            if !e.keys.contains(k) {
                e.keys.push(k.clone());
            }
        }
        Some(e.shared.clone())
    }

    /// Remember `point`'s decision on this action for its other points; it
    /// replaces what an earlier attempt left under the same names. Another
    /// point that decided the same action meanwhile (both inspected at
    /// once) keeps its decision, and this point joins it.
    pub fn put(
        &self,
        agent: &AgentId,
        keys: Vec<ActionKey>,
        point: GatePoint,
        shared: Shared,
        now_ms: i64,
    ) {
        let Ok(mut entries) = self.0.lock() else {
            return;
        };
        entries.retain(|e| now_ms - e.at_ms < SHARED_TTL_MS);
        let same = |e: &Entry| &e.agent == agent && e.keys.iter().any(|k| keys.contains(k));
        if let Some(e) = entries
            .iter_mut()
            .rev()
            .find(|e| same(e) && !e.seen.contains(&point))
        {
            e.seen.push(point);
            for k in keys {
                if !e.keys.contains(&k) {
                    e.keys.push(k);
                }
            }
            return;
        }
        entries.retain(|e| !same(e));
        let excess = (entries.len() + 1).saturating_sub(MAX_ENTRIES);
        entries.drain(..excess);
        entries.push(Entry {
            agent: agent.clone(),
            keys,
            seen: vec![point],
            at_ms: now_ms,
            shared,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag() -> Shared {
        Shared {
            verdict: Verdict::flag("no"),
            hash: "h".into(),
            route: SharedRoute::Flag,
        }
    }

    #[test]
    fn points_deciding_the_same_action_at_once_join_one_decision() {
        let s = SharedDecisions::default();
        let a = AgentId::from_row(1);
        let cmd = ActionKey::Action("c".into());
        // The watch and the hook both inspected before either shared.
        s.put(&a, vec![cmd.clone()], GatePoint::Watch, flag(), 0);
        s.put(&a, vec![cmd.clone()], GatePoint::Hook, flag(), 1);
        // So the hook asking again is a new attempt, not the watch's flag.
        assert!(
            s.take(&a, std::slice::from_ref(&cmd), GatePoint::Hook, 2)
                .is_none()
        );
        assert!(
            s.take(&a, std::slice::from_ref(&cmd), GatePoint::Executor, 2)
                .is_some()
        );
    }

    #[test]
    fn each_other_point_takes_a_decision_once_and_a_repeat_is_a_new_attempt() {
        let s = SharedDecisions::default();
        let a = AgentId::from_row(1);
        let cmd = ActionKey::Action("c".into());
        let call = ActionKey::Call {
            output: true,
            id: "t1".into(),
        };
        s.put(
            &a,
            vec![call.clone(), cmd.clone()],
            GatePoint::Hook,
            flag(),
            0,
        );
        // The executor knows the command only; the watch the call id only.
        assert!(
            s.take(&a, std::slice::from_ref(&cmd), GatePoint::Executor, 1)
                .is_some()
        );
        assert!(
            s.take(&a, std::slice::from_ref(&call), GatePoint::Watch, 2)
                .is_some()
        );
        // The hook asking again is the agent's retry.
        assert!(
            s.take(&a, std::slice::from_ref(&call), GatePoint::Hook, 3)
                .is_none()
        );
        // Another agent, another direction, or too late: nothing shared.
        s.put(&a, vec![cmd.clone()], GatePoint::Hook, flag(), 10);
        assert!(
            s.take(
                &AgentId::from_row(2),
                std::slice::from_ref(&cmd),
                GatePoint::Executor,
                11
            )
            .is_none()
        );
        let read = ActionKey::Call {
            output: false,
            id: "t1".into(),
        };
        assert!(s.take(&a, &[read], GatePoint::Watch, 11).is_none());
        assert!(
            s.take(&a, &[cmd], GatePoint::Executor, 10 + SHARED_TTL_MS)
                .is_none()
        );
    }
}
