//! The data dir and the files in it. Every default location is written here.

use std::path::{Path, PathBuf};

/// The environment variable that picks the data dir.
pub const HOME_ENV: &str = "COMPASS_HOME";

/// The data dir: `$COMPASS_HOME`, else the platform data dir
/// (`~/.local/share/compass` on Linux).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataDir(PathBuf);

impl DataDir {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self(root.into())
    }

    /// Resolve from the environment; `None` when neither `$COMPASS_HOME` nor
    /// a home directory is known.
    pub fn from_env() -> Option<Self> {
        if let Some(home) = std::env::var_os(HOME_ENV).filter(|v| !v.is_empty()) {
            return Some(Self(PathBuf::from(home)));
        }
        directories::ProjectDirs::from("", "", "compass").map(|d| Self(d.data_dir().to_owned()))
    }

    pub fn root(&self) -> &Path {
        &self.0
    }

    /// The SQLite database.
    pub fn database(&self) -> PathBuf {
        self.0.join("compass.db")
    }

    /// The CLI's Unix socket (mode 0600).
    pub fn socket(&self) -> PathBuf {
        self.0.join("compass.sock")
    }

    /// Holds the running daemon's pid (locked too; the authority is the
    /// flock on the data dir itself).
    pub fn lock(&self) -> PathBuf {
        self.0.join("daemon.lock")
    }

    /// Secret values, one 0600 file per secret (dir 0700); never in SQLite.
    pub fn secrets(&self) -> PathBuf {
        self.0.join("secrets")
    }

    /// The user's own agent kinds (the built-in registry's schema); read
    /// once at daemon start.
    pub fn kinds(&self) -> PathBuf {
        self.0.join("kinds.toml")
    }

    /// Credential values agents read, which Warden watches for in what
    /// they send (0700 dir, 0600 files; see `held_files.rs`).
    pub fn held(&self) -> PathBuf {
        self.0.join("warden-held")
    }

    /// The model judge's settings (`compass up|daemon --judge…` flags go
    /// over them); read at start and by `compass warden eval --judge`.
    pub fn judge(&self) -> PathBuf {
        self.0.join("judge.toml")
    }

    /// Merge detection's mirrors of each project repo's real remote
    /// (`<project>/<repo>.git`, bare, Compass-owned, never mounted).
    pub fn merges(&self) -> PathBuf {
        self.0.join("merges")
    }

    /// Per-agent state (homes, clones, sockets).
    pub fn agents(&self) -> PathBuf {
        self.0.join("agents")
    }
}
