//! A container engine that breaks on purpose: a wrapper around the real
//! engine (podman) that, once broken, fails every call the way podman does
//! when its binary or store is unusable — exit status 125 with an error on
//! stderr. Tests hand its path to a runtime (`OciConfig::engine`) or a
//! daemon (`compass daemon --oci-engine`), then break and mend it under a
//! running workload.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// What the broken engine prints, so a test can look for it in errors.
pub const BROKEN_ENGINE_WORDS: &str =
    "Error: the container storage is unusable (broken on purpose)";

/// The wrapper script and its switch, in a temp dir removed on drop.
#[derive(Debug)]
pub struct BreakableEngine {
    dir: tempfile::TempDir,
}

impl BreakableEngine {
    /// A working wrapper around `real` (the engine every call goes to).
    pub fn around(real: &Path) -> std::io::Result<Self> {
        let engine = Self {
            dir: tempfile::tempdir()?,
        };
        let script = format!(
            "#!/bin/sh\nif [ -e '{}' ]; then echo '{BROKEN_ENGINE_WORDS}' >&2; exit 125; fi\nexec '{}' \"$@\"\n",
            engine.switch().display(),
            real.display()
        );
        fs_err::write(engine.path(), script)?;
        fs_err::set_permissions(engine.path(), std::fs::Permissions::from_mode(0o755))?;
        Ok(engine)
    }

    /// The wrapper: what the runtime or daemon is told the engine is.
    pub fn path(&self) -> PathBuf {
        self.dir.path().join("podman")
    }

    fn switch(&self) -> PathBuf {
        self.dir.path().join("broken")
    }

    /// From now on every call fails.
    pub fn break_now(&self) -> std::io::Result<()> {
        fs_err::write(self.switch(), "")
    }

    /// From now on every call reaches the real engine again.
    pub fn mend(&self) -> std::io::Result<()> {
        fs_err::remove_file(self.switch())
    }
}
