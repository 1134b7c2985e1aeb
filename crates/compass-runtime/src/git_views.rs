//! The view git dirs through which git for the host reads or writes an
//! agent's worktree content (`compass_core::safe_git::WorktreeView`),
//! written into a workload's read-only config dir, so the agent can neither
//! write them nor steer what they say. Apart from [`crate::git`] (which
//! runs git in a workload) so that laying out a workload needs nothing of
//! the runtime.

use crate::error::RuntimeError;
use compass_core::safe_git::{ObjectFormat, VIEW_DIR, VIEW_DIRS};
use std::path::{Path, PathBuf};

/// Write (or mend) the view git dirs under `config_dir`, the host side of
/// a workload's read-only config dir; returns `<config_dir>/git-view`.
/// Idempotent and cheap: files already right are left alone.
pub fn write_views(config_dir: &Path) -> Result<PathBuf, RuntimeError> {
    let root = config_dir.join(VIEW_DIR);
    for format in ObjectFormat::ALL {
        let dir = root.join(format.as_str());
        for sub in VIEW_DIRS {
            fs_err::create_dir_all(dir.join(sub))
                .map_err(|e| RuntimeError::io("creating a view git dir", e))?;
        }
        for (name, body) in format.view_files() {
            let path = dir.join(name);
            if fs_err::read(&path).is_ok_and(|b| b == body.as_bytes()) {
                continue;
            }
            fs_err::write(&path, body)
                .map_err(|e| RuntimeError::io("writing a view git dir", e))?;
        }
    }
    Ok(root)
}
