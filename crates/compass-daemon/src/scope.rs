//! Project scope: what a project may put in front of an agent. A directory
//! or local repo in scope may neither contain nor lie inside a place only
//! the daemon may touch — the data dir (database, control socket, secrets),
//! any agent's workload state, Compass's install (the daemon's executable
//! dir, the agent tools dir). Paths are compared with symlinks resolved,
//! when a project is created and again at every agent start (a link may
//! have been moved since). At start the workload's mounts are also checked
//! against the control socket: no mount source may contain it.

use compass_core::project::RepoSource;
use std::fmt;
use std::path::{Path, PathBuf};

/// A place the daemon keeps to itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Zone {
    AgentState,
    DataDir,
    Install,
    AgentTools,
}

impl Zone {
    fn describe(self) -> &'static str {
        match self {
            Self::AgentState => "the agents' workload state (their homes and clones)",
            Self::DataDir => "the Compass data dir (its database, control socket and secrets)",
            Self::Install => "Compass's install (the daemon's executable dir)",
            Self::AgentTools => "the agent tools dir (mounted into every workload)",
        }
    }
}

/// How a scope path meets a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overlap {
    Is,
    Contains,
    Inside,
}

/// A scope path that reaches into a protected place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScopeError {
    pub(crate) field: String,
    pub(crate) path: String,
    pub(crate) resolved: PathBuf,
    pub(crate) zone: Zone,
    pub(crate) zone_path: PathBuf,
    pub(crate) overlap: Overlap,
}

impl fmt::Display for ScopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.overlap {
            Overlap::Is => "is",
            Overlap::Contains => "contains",
            Overlap::Inside => "lies inside",
        };
        write!(f, "{}: {}", self.field, self.path)?;
        if Path::new(&self.path) != self.resolved {
            write!(f, " (resolved: {})", self.resolved.display())?;
        }
        write!(
            f,
            " {how} {} at {}; an agent must never reach it — choose a path that neither contains nor lies inside it",
            self.zone.describe(),
            self.zone_path.display()
        )
    }
}

impl std::error::Error for ScopeError {}

/// The protected places of one daemon, resolved.
#[derive(Debug, Clone)]
pub(crate) struct Protected {
    zones: Vec<(Zone, PathBuf)>,
    socket: PathBuf,
}

impl Protected {
    /// `agents` before `data_dir`, so the more precise zone is named.
    pub(crate) fn new(
        data_dir: &Path,
        agents: &Path,
        socket: &Path,
        install: Option<&Path>,
        agent_tools: Option<&Path>,
    ) -> Self {
        let mut zones = vec![
            (Zone::AgentState, resolve(agents)),
            (Zone::DataDir, resolve(data_dir)),
        ];
        zones.extend(install.map(|p| (Zone::Install, resolve(p))));
        zones.extend(agent_tools.map(|p| (Zone::AgentTools, resolve(p))));
        Self {
            zones,
            socket: resolve(socket),
        }
    }

    /// Refuse a directory or local repo that meets a protected place. The
    /// most telling overlap is named: being a zone, then lying inside one
    /// (the agents' state before the data dir around it), then containing
    /// one (the data dir before the agents' state in it).
    pub(crate) fn check_path(&self, field: &str, path: &str) -> Result<(), ScopeError> {
        let resolved = resolve(Path::new(path));
        let found = self
            .zones
            .iter()
            .enumerate()
            .filter_map(|(i, (zone, zone_path))| {
                let (overlap, rank) = if &resolved == zone_path {
                    (Overlap::Is, 0)
                } else if resolved.starts_with(zone_path) {
                    (Overlap::Inside, 1)
                } else if zone_path.starts_with(&resolved) {
                    (Overlap::Contains, 2)
                } else {
                    return None;
                };
                // Containing: the data dir before what lies in it.
                let order = match (overlap, zone) {
                    (Overlap::Contains, Zone::AgentState) => usize::MAX,
                    _ => i,
                };
                Some(((rank, order), *zone, zone_path, overlap))
            })
            .min_by_key(|(key, ..)| *key);
        match found {
            None => Ok(()),
            Some((_, zone, zone_path, overlap)) => Err(ScopeError {
                field: field.to_owned(),
                path: path.to_owned(),
                resolved,
                zone,
                zone_path: zone_path.clone(),
                overlap,
            }),
        }
    }

    /// Every repo and directory of a project; fields as the request names
    /// them (`repos[i]`, `directories[i]`).
    pub(crate) fn check_project(
        &self,
        repos: &[RepoSource],
        directories: &[String],
    ) -> Result<(), ScopeError> {
        for (i, repo) in repos.iter().enumerate() {
            if let Some(path) = local_path(repo) {
                self.check_path(&format!("repos[{i}]"), &path)?;
            }
        }
        for (i, dir) in directories.iter().enumerate() {
            self.check_path(&format!("directories[{i}]"), dir)?;
        }
        Ok(())
    }

    /// The host paths a workload will see must not contain the control
    /// socket: a read-only mount does not stop `connect()`.
    pub(crate) fn check_mount_sources<'a>(
        &self,
        sources: impl IntoIterator<Item = &'a Path>,
    ) -> Result<(), String> {
        for source in sources {
            let resolved = resolve(source);
            if self.socket.starts_with(&resolved) {
                return Err(format!(
                    "the workload would see {} (resolved: {}), which contains the control socket {}; refusing to start",
                    source.display(),
                    resolved.display(),
                    self.socket.display()
                ));
            }
        }
        Ok(())
    }
}

/// The path on this machine a repo is cloned from, if it is local.
fn local_path(repo: &RepoSource) -> Option<String> {
    match repo {
        RepoSource::Local(p) => Some(p.clone()),
        RepoSource::Remote(u) => url::Url::parse(u)
            .ok()
            .filter(|u| u.scheme() == "file")
            .and_then(|u| u.to_file_path().ok())
            .map(|p| p.display().to_string()),
    }
}

/// `path` with every symlink resolved. A path that does not exist (yet) is
/// resolved up to its deepest existing ancestor, the rest appended as given.
fn resolve(path: &Path) -> PathBuf {
    let mut rest = Vec::new();
    let mut cur = path;
    loop {
        if let Ok(real) = fs_err::canonicalize(cur) {
            return rest.iter().rev().fold(real, |acc, c| acc.join(c));
        }
        match (cur.parent(), cur.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                cur = parent;
            }
            _ => return path.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> (tempfile::TempDir, Protected) {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("home/.local/share/compass");
        fs_err::create_dir_all(data.join("agents/agt-1/home")).unwrap();
        fs_err::create_dir_all(root.path().join("home/src/app")).unwrap();
        fs_err::create_dir_all(root.path().join("opt/compass/bin")).unwrap();
        let p = Protected::new(
            &data,
            &data.join("agents"),
            &data.join("compass.sock"),
            Some(&root.path().join("opt/compass/bin")),
            None,
        );
        (root, p)
    }

    #[test]
    fn paths_meeting_the_data_dir_are_refused_either_way() {
        let (root, p) = fixture();
        let r = root.path();
        let data = r.join("home/.local/share/compass");
        let check = |path: &Path| p.check_path("directories[0]", path.to_str().unwrap());
        assert_eq!(
            check(&r.join("home")).unwrap_err().overlap,
            Overlap::Contains
        );
        assert_eq!(check(&data).unwrap_err().overlap, Overlap::Is);
        let inside = check(&data.join("agents/agt-1/home")).unwrap_err();
        assert_eq!(
            (inside.zone, inside.overlap),
            (Zone::AgentState, Overlap::Inside)
        );
        assert_eq!(check(&r.join("opt")).unwrap_err().zone, Zone::Install);
        check(&r.join("home/src/app")).unwrap();
        // Through a symlink: the link's target is what counts.
        std::os::unix::fs::symlink(&data, r.join("home/src/link")).unwrap();
        let err = check(&r.join("home/src/link")).unwrap_err();
        assert_eq!(err.overlap, Overlap::Is);
        assert!(err.to_string().contains("resolved:"), "{err}");
        // A path that does not exist yet resolves through its parents.
        assert_eq!(
            check(&r.join("home/src/link/new")).unwrap_err().overlap,
            Overlap::Inside
        );
    }

    #[test]
    fn file_urls_are_local_paths() {
        let (root, p) = fixture();
        let url = format!("file://{}", root.path().join("home").display());
        let err = p
            .check_project(&[RepoSource::Remote(url)], &[])
            .unwrap_err();
        assert_eq!(err.field, "repos[0]");
    }

    #[test]
    fn a_mount_containing_the_socket_is_refused() {
        let (root, p) = fixture();
        let home = root.path().join("home");
        assert!(p.check_mount_sources([home.as_path()]).is_err());
        assert!(
            p.check_mount_sources([root.path().join("home/src").as_path()])
                .is_ok()
        );
    }
}
