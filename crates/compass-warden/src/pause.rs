//! Warden's one actuator: pausing an agent. The daemon implements
//! [`AgentPauser`] by freezing the agent's whole workload (every process in
//! it); resume and "allow once" are user actions that Warden never takes.

use crate::error::WardenError;
use compass_core::id::AgentId;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

pub type PauseFuture<'a> = Pin<Box<dyn Future<Output = Result<(), WardenError>> + Send + 'a>>;

/// Freezes an agent's workload. `reason` is the user-facing explanation.
pub trait AgentPauser: Send + Sync + std::fmt::Debug {
    fn pause_agent<'a>(&'a self, agent: &'a AgentId, reason: &'a str) -> PauseFuture<'a>;
}

/// Records pauses (tests, and before the daemon wires its runtime).
#[derive(Debug, Default, Clone)]
pub struct RecordingPauser {
    paused: Arc<Mutex<Vec<(AgentId, String)>>>,
}

impl RecordingPauser {
    pub fn paused(&self) -> Vec<(AgentId, String)> {
        self.paused.lock().map(|p| p.clone()).unwrap_or_default()
    }
}

impl AgentPauser for RecordingPauser {
    fn pause_agent<'a>(&'a self, agent: &'a AgentId, reason: &'a str) -> PauseFuture<'a> {
        Box::pin(async move {
            self.paused
                .lock()
                .map_err(|_| WardenError::Pause("pauser lock poisoned".into()))?
                .push((agent.clone(), reason.to_string()));
            Ok(())
        })
    }
}
