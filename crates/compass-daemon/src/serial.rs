//! One async lock per key, for work that must not interleave with itself:
//! a project's conflict-map refresh (two at once would compute events from
//! the same stored state and raise each twice), an agent install (two
//! starts of a kind install it once, while other kinds' starts go on).

use compass_core::id::ProjectId;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tokio::sync::OwnedMutexGuard;

/// A lock per key, made on first use.
#[derive(Debug)]
pub(crate) struct PerKey<K> {
    locks: Mutex<BTreeMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K> Default for PerKey<K> {
    fn default() -> Self {
        Self {
            locks: Mutex::new(BTreeMap::new()),
        }
    }
}

impl<K: Ord + Clone> PerKey<K> {
    /// Wait for `key`'s turn; it is held until the guard drops.
    pub(crate) async fn lock(&self, key: &K) -> OwnedMutexGuard<()> {
        let lock = {
            let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(locks.entry(key.clone()).or_default())
        };
        lock.lock_owned().await
    }
}

/// A lock per project.
pub(crate) type PerProject = PerKey<ProjectId>;

#[cfg(test)]
mod tests {
    use super::PerKey;
    use std::time::Duration;

    #[tokio::test]
    async fn one_keys_holder_never_waits_on_another_key() {
        let locks = PerKey::<&str>::default();
        let _held = locks.lock(&"slow-kind").await;
        tokio::time::timeout(Duration::from_secs(5), locks.lock(&"other-kind"))
            .await
            .expect("another key's lock waited for the held one");
        assert!(
            tokio::time::timeout(Duration::from_millis(50), locks.lock(&"slow-kind"))
                .await
                .is_err(),
            "the same key's lock did not wait"
        );
    }
}
