//! Audit: every gate decision becomes a record (agent, gate, source, hash,
//! detectors fired, decision, latency) and an event. The daemon implements
//! [`AuditSink`] over its store and event log; [`MemoryAudit`] keeps them in
//! memory for tests and tools.

use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::gate::Verdict;
use compass_core::id::AgentId;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// One decision, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditRecord {
    pub at_ms: i64,
    pub agent: AgentId,
    /// `input`, `output` or `watch`.
    pub gate: String,
    pub source: String,
    /// BLAKE3 of what was inspected (content, or the action's canonical JSON).
    pub hash: String,
    pub detectors: Vec<String>,
    pub verdict: Verdict,
    pub latency_us: u64,
    /// How the decision was reached: `inspected`, `taint_cleared`,
    /// `allowlisted`, `denylisted`, `allow_once`, `warden_off`,
    /// `destination_cleared`.
    pub path: String,
}

impl AuditRecord {
    /// The event the daemon appends for this record.
    pub fn to_event(&self) -> NewEvent {
        NewEvent {
            scope: Scope {
                agent_id: Some(self.agent.clone()),
                ..Scope::default()
            },
            kind: EventKind::GateDecision {
                gate: self.gate.clone(),
                source: self.source.clone(),
                hash: self.hash.clone(),
                verdict: self.verdict.clone(),
                latency_us: self.latency_us,
            },
        }
    }
}

/// Where audit records go. Must not block for long: it runs on the gate path.
pub trait AuditSink: Send + Sync + std::fmt::Debug {
    fn record(&self, record: &AuditRecord);
}

/// Keeps records and their events in memory.
#[derive(Debug, Default, Clone)]
pub struct MemoryAudit {
    records: Arc<Mutex<Vec<AuditRecord>>>,
}

impl MemoryAudit {
    pub fn records(&self) -> Vec<AuditRecord> {
        self.records.lock().map(|r| r.clone()).unwrap_or_default()
    }
    pub fn events(&self) -> Vec<NewEvent> {
        self.records().iter().map(AuditRecord::to_event).collect()
    }
}

impl AuditSink for MemoryAudit {
    fn record(&self, record: &AuditRecord) {
        if let Ok(mut r) = self.records.lock() {
            r.push(record.clone());
        }
    }
}

/// Discards records (benchmarks).
#[derive(Debug, Default, Clone, Copy)]
pub struct NullAudit;

impl AuditSink for NullAudit {
    fn record(&self, _record: &AuditRecord) {}
}
