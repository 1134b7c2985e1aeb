//! One stored gate decision per action. An action passes several gates
//! (the agent's hook, then the async watch reading the same tool call from
//! the stream); when Warden reuses a decision it says so (`same_action`),
//! but two gates that inspect the same action at once each decide. The
//! audit log keeps the first: a later record of the same agent, content
//! hash and decision (clear, caution or flag — each gate words its reason
//! its own way) from a gate that has not recorded it yet is the same
//! decision again. Any decision that differs — a caution after a clear, a
//! flag after a caution — is stored. The same gate deciding again is a new attempt (the
//! agent retried) and is stored.

use compass_warden::audit::{AuditRecord, GateKind, Route};
use std::collections::VecDeque;
use std::sync::Mutex;

/// How long a decision stands for its action's other gates (Warden's own
/// window for sharing a decision between them).
const WINDOW_MS: i64 = compass_warden::shared::SHARED_TTL_MS;
/// Bound on remembered decisions; the oldest go first.
const MAX_SEEN: usize = 1024;

#[derive(Debug)]
struct Seen {
    agent: String,
    hash: String,
    decision: &'static str,
    gates: Vec<GateKind>,
    at_ms: i64,
}

/// The decisions stored lately, by the gates that made them.
#[derive(Debug, Default)]
pub(crate) struct OnceAudit(Mutex<VecDeque<Seen>>);

impl OnceAudit {
    /// Whether `record` is to be stored (false: another gate's record of
    /// the same decision on the same action is stored already).
    pub(crate) fn first(&self, record: &AuditRecord) -> bool {
        if record.path == Route::SameAction {
            return false;
        }
        if record.hash.is_empty() {
            return true; // nothing names the action: never merged
        }
        let Ok(mut seen) = self.0.lock() else {
            return true;
        };
        let now = record.at_ms;
        seen.retain(|s| now - s.at_ms < WINDOW_MS);
        let decision = record.verdict.decision.label();
        let same = seen
            .iter_mut()
            .rev()
            .find(|s| s.agent == record.agent.0 && s.hash == record.hash && s.decision == decision);
        if let Some(s) = same {
            if !s.gates.contains(&record.gate) {
                s.gates.push(record.gate);
                return false;
            }
            // The same gate again: a new attempt, stored, and the window
            // starts over for it.
            s.gates = vec![record.gate];
            s.at_ms = now;
            return true;
        }
        if seen.len() >= MAX_SEEN {
            seen.pop_front();
        }
        seen.push_back(Seen {
            agent: record.agent.0.clone(),
            hash: record.hash.clone(),
            decision,
            gates: vec![record.gate],
            at_ms: now,
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use compass_core::gate::{Decision, Verdict};
    use compass_core::id::AgentId;

    fn record(gate: GateKind, hash: &str, flag: bool, at_ms: i64, path: Route) -> AuditRecord {
        AuditRecord {
            at_ms,
            agent: AgentId("agt-1".into()),
            gate,
            source: "command:x".into(),
            hash: hash.into(),
            detectors: Vec::new(),
            verdict: Verdict {
                decision: if flag {
                    Decision::Flag { reason: "r".into() }
                } else {
                    Decision::Clear
                },
                findings: Vec::new(),
            },
            latency_us: 1,
            path,
            excerpt: String::new(),
        }
    }

    #[test]
    fn one_record_per_decision_per_action_and_retries_are_new() {
        let once = OnceAudit::default();
        let hook = record(GateKind::Output, "h1", true, 0, Route::Inspected);
        let watch = record(GateKind::Watch, "h1", true, 5, Route::Inspected);
        assert!(once.first(&hook));
        assert!(!once.first(&watch), "the watch's flag of the same action");
        assert!(
            !once.first(&record(GateKind::Input, "h1", true, 6, Route::SameAction)),
            "a reused decision"
        );
        assert!(
            once.first(&record(GateKind::Output, "h1", true, 9, Route::Inspected)),
            "a retry"
        );
        assert!(once.first(&record(GateKind::Output, "h2", true, 9, Route::Inspected)));
        assert!(
            once.first(&record(GateKind::Watch, "h1", false, 9, Route::Inspected)),
            "a different decision on it"
        );
        assert!(
            once.first(&record(
                GateKind::Watch,
                "h2",
                true,
                9 + WINDOW_MS,
                Route::Inspected
            )),
            "after the window"
        );
        assert!(once.first(&record(GateKind::Watch, "", true, 9, Route::Inspected)));
        assert!(once.first(&record(GateKind::Output, "", true, 9, Route::Inspected)));
    }

    fn deciding(gate: GateKind, hash: &str, decision: Decision, at_ms: i64) -> AuditRecord {
        let mut r = record(gate, hash, false, at_ms, Route::Inspected);
        r.verdict.decision = decision;
        r
    }

    #[test]
    fn every_decision_that_differs_is_kept() {
        let once = OnceAudit::default();
        let caution = |note: &str| Decision::Caution { note: note.into() };
        let flag = |reason: &str| Decision::Flag {
            reason: reason.into(),
        };
        assert!(once.first(&deciding(GateKind::Input, "h", Decision::Clear, 0)));
        assert!(
            once.first(&deciding(GateKind::Watch, "h", caution("n"), 1)),
            "a caution after a clear of the same action"
        );
        assert!(
            !once.first(&deciding(
                GateKind::Output,
                "h",
                caution("worded otherwise"),
                2
            )),
            "the same caution from a third gate"
        );
        assert!(
            !once.first(&deciding(GateKind::Watch, "h", Decision::Clear, 3)),
            "the clear again, from another gate"
        );
        assert!(
            once.first(&deciding(GateKind::Output, "h", flag("a"), 4)),
            "a flag after a caution"
        );
        assert!(
            !once.first(&deciding(GateKind::Watch, "h", flag("a, shorter"), 5)),
            "the watch's flag of it"
        );
        assert!(
            once.first(&deciding(GateKind::Watch, "other", caution("n"), 6)),
            "another action"
        );
    }
}
