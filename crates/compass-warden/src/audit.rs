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
    pub gate: GateKind,
    pub source: String,
    /// BLAKE3 of what was inspected (content, or the action's canonical JSON).
    pub hash: String,
    pub detectors: Vec<String>,
    pub verdict: Verdict,
    pub latency_us: u64,
    /// How the decision was reached.
    pub path: Route,
    /// What was flagged (or cautioned about), cut and redacted for the
    /// user (`excerpt.rs`); empty for a clear.
    #[serde(default)]
    pub excerpt: String,
}

/// Which gate decided: a closed set, serialized in snake_case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GateKind {
    /// What an agent is about to read.
    Input,
    /// What an agent is about to do.
    Output,
    /// The async watch over the event stream.
    Watch,
}

impl GateKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Input => "input",
            Self::Output => "output",
            Self::Watch => "watch",
        }
    }
}

impl std::fmt::Display for GateKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a decision was reached: a closed set, so a misspelt route cannot
/// silently change a security decision. Serialized in snake_case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// Detectors (and a judge, where configured) ran on it.
    Inspected,
    /// The taint registry had cleared the same source and content.
    TaintCleared,
    /// The user allow-listed the source.
    Allowlisted,
    /// The user deny-listed the source: always a flag.
    Denylisted,
    /// The user let this one flagged item through once.
    AllowOnce,
    /// Warden is off: nothing was inspected.
    WardenOff,
    /// Another gate point decided the same action already.
    SameAction,
}

impl Route {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Inspected => "inspected",
            Self::TaintCleared => "taint_cleared",
            Self::Allowlisted => "allowlisted",
            Self::Denylisted => "denylisted",
            Self::AllowOnce => "allow_once",
            Self::WardenOff => "warden_off",
            Self::SameAction => "same_action",
        }
    }

    /// Routes that clear whatever the findings say: the user's explicit
    /// choices, Warden off, and content already cleared.
    pub fn clears_regardless(self) -> bool {
        matches!(
            self,
            Self::AllowOnce | Self::Allowlisted | Self::WardenOff | Self::TaintCleared
        )
    }
}

impl std::fmt::Display for Route {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
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
                gate: self.gate.as_str().to_string(),
                source: self.source.clone(),
                hash: self.hash.clone(),
                verdict: self.verdict.clone(),
                latency_us: self.latency_us,
                route: self.path.as_str().to_owned(),
                excerpt: self.excerpt.clone(),
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
