//! Hooks that went silent. An agent whose kind gates its tools through
//! native hooks calls `compass hook` for every tool call; the same calls
//! show up on ACP with the same id. A tool call seen on ACP that no hook
//! call matches within a window means the agent's hooks stopped speaking —
//! their settings were removed, replaced or bypassed — and its tools now run
//! ungated, so the watch pauses it with that reason.
//!
//! Only agents the daemon says are hooked are tracked, and only while they
//! run: time spent paused or stopped never makes a call overdue.

use compass_core::id::AgentId;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Mutex;

/// Bound on the call ids remembered per agent, heard or waiting.
const MAX_IDS: usize = 512;

#[derive(Debug, Default)]
struct AgentHooks {
    expected: bool,
    heard: VecDeque<String>,
    heard_set: HashSet<String>,
    /// Tool calls seen on ACP, not yet matched: id and when it was seen.
    waiting: Vec<(String, i64)>,
}

/// Hook calls heard and ACP tool calls seen, per agent.
#[derive(Debug, Default)]
pub struct HookSilence(Mutex<HashMap<AgentId, AgentHooks>>);

impl HookSilence {
    /// Whether `agent`'s tool calls must each be matched by a hook call
    /// (the daemon sets this at start from the agent's kind).
    pub fn expect(&self, agent: &AgentId, hooked: bool) {
        if let Ok(mut m) = self.0.lock() {
            let a = m.entry(agent.clone()).or_default();
            a.expected = hooked;
            a.waiting.clear();
        }
    }

    /// A hook call for tool call `id` reached Warden.
    pub fn heard(&self, agent: &AgentId, id: &str) {
        let Ok(mut m) = self.0.lock() else {
            return;
        };
        let a = m.entry(agent.clone()).or_default();
        a.waiting.retain(|(w, _)| w != id);
        if a.heard_set.insert(id.to_string()) {
            a.heard.push_back(id.to_string());
            if a.heard.len() > MAX_IDS
                && let Some(old) = a.heard.pop_front()
            {
                a.heard_set.remove(&old);
            }
        }
    }

    /// ACP reported tool call `id` at `now_ms`.
    pub fn tool_call(&self, agent: &AgentId, id: &str, now_ms: i64) {
        let Ok(mut m) = self.0.lock() else {
            return;
        };
        let Some(a) = m.get_mut(agent).filter(|a| a.expected) else {
            return;
        };
        if a.heard_set.contains(id) || a.waiting.iter().any(|(w, _)| w == id) {
            return;
        }
        if a.waiting.len() < MAX_IDS {
            a.waiting.push((id.to_string(), now_ms));
        }
    }

    /// The agent stopped running (paused, stopped): nothing it has not done
    /// yet is overdue.
    pub fn rest(&self, agent: &AgentId) {
        if let Ok(mut m) = self.0.lock()
            && let Some(a) = m.get_mut(agent)
        {
            a.waiting.clear();
        }
    }

    /// Tool calls of `agent` seen more than `window_ms` ago that no hook
    /// call matched; they are reported once.
    pub fn overdue(&self, agent: &AgentId, now_ms: i64, window_ms: i64) -> Vec<String> {
        let Ok(mut m) = self.0.lock() else {
            return vec![];
        };
        let Some(a) = m.get_mut(agent) else {
            return vec![];
        };
        let (late, keep): (Vec<_>, Vec<_>) = a
            .waiting
            .drain(..)
            .partition(|(_, at)| now_ms - at >= window_ms);
        a.waiting = keep;
        late.into_iter().map(|(id, _)| id).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmatched_calls_of_a_hooked_agent_become_overdue_once() {
        let s = HookSilence::default();
        let a = AgentId::from_row(1);
        // Not expected to be hooked: never tracked.
        s.tool_call(&a, "t0", 0);
        assert!(s.overdue(&a, 100_000, 10).is_empty());
        s.expect(&a, true);
        s.heard(&a, "t1"); // the hook may speak before ACP reports the call
        s.tool_call(&a, "t1", 0);
        s.tool_call(&a, "t2", 0);
        s.tool_call(&a, "t3", 0);
        s.heard(&a, "t3");
        assert!(s.overdue(&a, 5, 10).is_empty(), "not yet");
        assert_eq!(s.overdue(&a, 10, 10), vec!["t2".to_string()]);
        assert!(s.overdue(&a, 20, 10).is_empty(), "reported once");
        // Paused: what was waiting is forgiven.
        s.tool_call(&a, "t4", 30);
        s.rest(&a);
        assert!(s.overdue(&a, 1_000, 10).is_empty());
    }
}
