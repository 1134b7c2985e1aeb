//! One async lock per project, for work on a project that must not
//! interleave with itself (the conflict map's refresh: two at once would
//! compute events from the same stored state and raise each twice).

use compass_core::id::ProjectId;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tokio::sync::OwnedMutexGuard;

/// A lock per project, made on first use.
#[derive(Debug, Default)]
pub(crate) struct PerProject {
    locks: Mutex<BTreeMap<ProjectId, Arc<tokio::sync::Mutex<()>>>>,
}

impl PerProject {
    /// Wait for `project`'s turn; it is held until the guard drops.
    pub(crate) async fn lock(&self, project: &ProjectId) -> OwnedMutexGuard<()> {
        let lock = {
            let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(locks.entry(project.clone()).or_default())
        };
        lock.lock_owned().await
    }
}
