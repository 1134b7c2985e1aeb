//! Hooks for tests that race the runtime (feature `test-hooks`, turned on
//! by the dev-dependencies of this crate and of `compass-acp` only: a
//! release build has none, while a test build of the workspace compiles
//! them into the daemon and the CLI too, inert, since nothing outside
//! tests registers a hook). Each hook is keyed by a workload's state dir,
//! so tests running side by side never fire each other's.

use crate::layout::Layout;
use std::path::PathBuf;
use std::sync::Mutex;

/// What runs once, given the workload's layout.
type Hook = Box<dyn FnOnce(&Layout) + Send>;

static AFTER_MASK_CHECK: Mutex<Vec<(PathBuf, Hook)>> = Mutex::new(Vec::new());

/// Run `hook` once, at the next exec with masks of the workload whose state
/// dir is `state_dir`: after the host checked each mask's path, before
/// bwrap binds them (what an agent process racing the start could do).
pub fn after_mask_check(state_dir: PathBuf, hook: impl FnOnce(&Layout) + Send + 'static) {
    if let Ok(mut hooks) = AFTER_MASK_CHECK.lock() {
        hooks.push((state_dir, Box::new(hook)));
    }
}

/// Fire (and drop) the hooks armed for `layout`'s workload.
pub(crate) fn run_after_mask_check(layout: &Layout) {
    let due: Vec<Hook> = match AFTER_MASK_CHECK.lock() {
        Ok(mut hooks) => {
            let (due, kept) = hooks
                .drain(..)
                .partition::<Vec<_>, _>(|(dir, _)| *dir == layout.state_dir);
            *hooks = kept;
            due.into_iter().map(|(_, hook)| hook).collect()
        }
        Err(_) => Vec::new(),
    };
    for hook in due {
        hook(layout);
    }
}
