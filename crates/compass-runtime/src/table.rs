//! The workloads a backend holds, by name: one map behind one lock, shared
//! by the backend's clones, and what every backend asks of it the same way
//! (a workload by name or `NotFound`, a new one refused when its name is
//! taken, its layout, its env-shaped secrets kept in memory and on disk).

use crate::error::RuntimeError;
use crate::layout::Layout;
use crate::names::WorkloadName;
use crate::secret_env::SecretEnv;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// What every backend's workload record holds.
pub(crate) trait Entry {
    fn layout(&self) -> &Layout;
    fn secret_env_mut(&mut self) -> &mut SecretEnv;
}

/// A backend's workloads. Cheap to clone; clones share the map.
#[derive(Debug)]
pub(crate) struct Workloads<W>(Arc<Mutex<HashMap<WorkloadName, W>>>);

impl<W> Default for Workloads<W> {
    fn default() -> Self {
        Self(Arc::default())
    }
}

impl<W> Clone for Workloads<W> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<W: Entry> Workloads<W> {
    /// The map, for what looks at several workloads at once. A poisoned map
    /// still holds valid data: each update is one insert, remove or field.
    pub(crate) fn lock(&self) -> MutexGuard<'_, HashMap<WorkloadName, W>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(crate) fn contains(&self, name: &WorkloadName) -> bool {
        self.lock().contains_key(name)
    }

    /// `f` on workload `name` under the lock (never held across an await).
    pub(crate) fn with<T>(
        &self,
        name: &WorkloadName,
        f: impl FnOnce(&mut W) -> T,
    ) -> Result<T, RuntimeError> {
        self.lock()
            .get_mut(name)
            .map(f)
            .ok_or_else(|| RuntimeError::NotFound(name.clone()))
    }

    /// Workload `name`, out of the map.
    pub(crate) fn take(&self, name: &WorkloadName) -> Result<W, RuntimeError> {
        self.lock()
            .remove(name)
            .ok_or_else(|| RuntimeError::NotFound(name.clone()))
    }

    /// Add a new workload under `map` (the lock the caller took to check
    /// what it needed). A name already taken is refused: the value is
    /// handed to `undo` (after the lock is released) so the caller can take
    /// back what it made.
    pub(crate) fn register(
        mut map: MutexGuard<'_, HashMap<WorkloadName, W>>,
        name: &WorkloadName,
        workload: W,
        undo: impl FnOnce(W),
    ) -> Result<(), RuntimeError> {
        if map.contains_key(name) {
            drop(map);
            undo(workload);
            return Err(RuntimeError::AlreadyExists(name.clone()));
        }
        map.insert(name.clone(), workload);
        Ok(())
    }

    /// The host-side layout of workload `name`.
    pub(crate) fn layout(&self, name: &WorkloadName) -> Result<Layout, RuntimeError> {
        self.with(name, |w| w.layout().clone())
    }

    /// Keep `env` as workload `name`'s env-shaped secrets: on disk, then in
    /// memory for every later spawn.
    pub(crate) fn set_secret_env(
        &self,
        name: &WorkloadName,
        env: SecretEnv,
    ) -> Result<(), RuntimeError> {
        let layout = self.layout(name)?;
        crate::secret_env::keep(name, &layout, env, |env| {
            self.with(name, |w| *w.secret_env_mut() = env).is_ok()
        })
    }
}
