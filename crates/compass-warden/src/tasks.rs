//! The agent's current task, put beside a high-stakes action for the model
//! judge's alignment check. The daemon reads it from the store (the issue of
//! the agent's workstream, else its last prompt); evals and tests keep it in
//! memory.

use compass_core::id::AgentId;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;

pub type TaskFuture<'a> = Pin<Box<dyn Future<Output = Option<String>> + Send + 'a>>;

/// Where an agent's current task is read from.
pub trait TaskSource: Send + Sync + std::fmt::Debug {
    /// The task in words, `None` when the agent has none yet.
    fn current_task<'a>(&'a self, agent: &'a AgentId) -> TaskFuture<'a>;
}

/// Tasks set by hand (evals, tests).
#[derive(Debug, Default)]
pub struct MemoryTasks {
    tasks: Mutex<HashMap<AgentId, String>>,
}

impl MemoryTasks {
    pub fn set(&self, agent: &AgentId, task: impl Into<String>) {
        if let Ok(mut t) = self.tasks.lock() {
            t.insert(agent.clone(), task.into());
        }
    }
}

impl TaskSource for MemoryTasks {
    fn current_task<'a>(&'a self, agent: &'a AgentId) -> TaskFuture<'a> {
        let task = self.tasks.lock().ok().and_then(|t| t.get(agent).cloned());
        Box::pin(async move { task })
    }
}
