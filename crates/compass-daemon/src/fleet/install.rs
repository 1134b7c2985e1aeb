//! The agent's program, out of the agent's reach. A kind's install step
//! runs once per kind and install script, in a throwaway workload of the
//! daemon's backend that reaches only the install's registry, with a
//! daemon-owned directory (`<agents dir>/installs/<kind>-<hash>`) mounted
//! read-write at [`INNER_INSTALL`] and named by
//! [`compass_acp::INSTALL_PREFIX_ENV`]; the workload is removed afterwards
//! whatever happened. The directory is staged and renamed into place only
//! when the script succeeded (a failed or killed install never counts as
//! installed), and one lock makes concurrent starts install once. An
//! install that outlives its kind's time-out (`provision.install_timeout_s`,
//! ten minutes unless the kind says; counted from the workload's creation,
//! which on OCI runs the engine first) is killed with its workload and
//! counts as failed, so it never holds that lock for ever. Every agent of the kind
//! sees it read-only at the same path.
//!
//! The agent's program is then started by its absolute path, found at
//! every start in read-only dirs only (the Compass bin dir, the agent
//! tools, the kind's install dir; [`Fleet::programs`]): never through
//! `PATH`, never from the agent's home, so nothing the agent writes under
//! its program's name is ever run, and nothing it plants makes an install
//! look done.

use super::spec::{SYSTEM_PATH, host_bin_dir};
use super::{Fleet, FleetError, io};
use compass_acp::{AgentKind, CONFINE_BINARY, INSTALL_PREFIX_ENV, Programs};
use compass_runtime::{Backend, EgressPolicy, ExecSpec, Mount, WorkloadName, WorkloadSpec};
use sha2::{Digest as _, Sha256};
use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

/// Where a kind's install dir appears in its agents' workloads (read-only)
/// and in its install's workload (read-write): one path, so whatever the
/// install records about where it lives stays true.
pub(super) const INNER_INSTALL: &str = "/opt/compass/install";
/// The install dirs' parent, in the daemon's agents dir (beside, never
/// inside, any agent's state: those are `agt-<n>`).
const INSTALLS: &str = "installs";

/// A kind's install dir on the host, and as workloads see it.
#[derive(Debug, Clone)]
pub(super) struct InstallDir {
    pub(super) host: PathBuf,
    pub(super) inner: PathBuf,
}

impl Fleet {
    /// The kind's install dir (present or not yet), or `None` for a kind
    /// with nothing to install.
    pub(super) fn install_dir(&self, kind: &AgentKind) -> Option<InstallDir> {
        if kind.provision.install.trim().is_empty() {
            return None;
        }
        let backend = self.runtime.backend();
        let host = self
            .agents_dir
            .join(INSTALLS)
            .join(install_key(kind, backend));
        let inner = match backend {
            Backend::Host => host.clone(),
            _ => PathBuf::from(INNER_INSTALL),
        };
        Some(InstallDir { host, inner })
    }

    /// Install the kind's agent unless this kind and script were installed
    /// already (see the module header).
    pub(super) async fn ensure_installed(&self, kind: &AgentKind) -> Result<(), FleetError> {
        let Some(dir) = self.install_dir(kind) else {
            return Ok(());
        };
        // Preinstalled (`--agent-tools`, the Compass bin dir): read-only
        // already, nothing to install.
        if dir.host.is_dir() || self.find_program(kind, false)?.is_some() {
            return Ok(());
        }
        let _one = self.installing.lock(&dir.host).await;
        // A start waited for here may have installed it.
        if dir.host.is_dir() {
            return Ok(());
        }
        let parent = dir
            .host
            .parent()
            .ok_or_else(|| FleetError::State("the install dir has no parent".into()))?;
        fs_err::create_dir_all(parent).map_err(io("creating the agents' install dir"))?;
        let stem = dir
            .host
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let staging = parent.join(format!(".staging-{stem}"));
        let state_dir = parent.join(format!(".work-{stem}"));
        // Left by an install a killed daemon cut short: never counted.
        remove_leftover(&staging)?;
        remove_leftover(&state_dir)?;
        fs_err::create_dir_all(&staging).map_err(io("creating the install's staging dir"))?;
        let ran = self.install_into(kind, &staging, &state_dir).await;
        let _ = remove_leftover(&state_dir);
        if let Err(error) = ran {
            let _ = remove_leftover(&staging);
            return Err(error);
        }
        fs_err::rename(&staging, &dir.host).map_err(io("moving the installed agent into place"))?;
        tracing::info!(kind = %kind.id, dir = %dir.host.display(), "agent installed");
        Ok(())
    }

    /// Run the kind's install script in a throwaway workload whose prefix
    /// is `staging`; the workload is removed whatever happened.
    async fn install_into(
        &self,
        kind: &AgentKind,
        staging: &Path,
        state_dir: &Path,
    ) -> Result<(), FleetError> {
        let backend = self.runtime.backend();
        let hash = install_key(kind, backend);
        let short = hash.rsplit('-').next().unwrap_or_default();
        let name = WorkloadName::parse(&format!("install-{short}"))
            .map_err(|e| FleetError::Invalid(format!("install workload name: {e}")))?;
        let prefix = match backend {
            Backend::Host => staging.to_owned(),
            _ => PathBuf::from(INNER_INSTALL),
        };
        let host_bin = host_bin_dir()?;
        let bin = self.inner_bin()?;
        let mut mounts = Vec::new();
        if backend != Backend::Host {
            mounts.push(Mount {
                host_path: host_bin,
                workload_path: bin.clone(),
                read_only: true,
            });
            mounts.push(Mount {
                host_path: staging.to_owned(),
                workload_path: prefix.clone(),
                read_only: false,
            });
        }
        let inner = self.runtime.inner_paths(state_dir);
        let mut env = BTreeMap::new();
        env.insert(
            "PATH".to_owned(),
            [
                bin.display().to_string(),
                prefix.join("bin").display().to_string(),
                SYSTEM_PATH.to_owned(),
                inner.home.join(".local/bin").display().to_string(),
            ]
            .join(":"),
        );
        env.insert(INSTALL_PREFIX_ENV.to_owned(), prefix.display().to_string());
        let spec = WorkloadSpec {
            name: name.clone(),
            state_dir: state_dir.to_owned(),
            mounts,
            env: env.clone(),
            // The registry, and nothing else; the agent never reaches it.
            egress: match backend {
                Backend::Host => EgressPolicy::Open,
                _ if kind.provision.egress.is_empty() => EgressPolicy::Deny,
                _ => EgressPolicy::Allowlist {
                    hosts: kind.provision.egress.clone(),
                },
            },
            resources: compass_runtime::Resources::default(),
            config_etc: Vec::new(),
        };
        self.check_socket_unreachable(&spec)?;
        tracing::info!(kind = %kind.id, "installing the agent in a workload of its own");
        // Bounded as a whole, from the first engine call: creating the
        // workload (on OCI: the engine checks, and may fetch, the image)
        // can hang as surely as the script, and a hanging install would
        // hold the kind's lock, and with it every start of the kind, for
        // ever. Past the deadline the step's future is dropped (the engine
        // process it ran is killed with it: every host-run child is
        // `kill_on_drop`) and the removal below kills whatever the
        // workload still runs, before the caller removes the staging dir.
        let limit = kind.install_timeout();
        let deadline = tokio::time::Instant::now() + limit;
        // Armed before the workload exists: a start dropped mid-create
        // still removes whatever the create registered.
        let mut throwaway = Throwaway {
            runtime: Some(std::sync::Arc::clone(&self.runtime)),
            name: name.clone(),
        };
        let create = async {
            // One a cancelled start left registered goes first.
            if self.runtime.exists(&name).await? {
                self.runtime.remove(&name).await?;
            }
            self.runtime.create(&spec).await
        };
        let script = kind.install_script(&inner.config.display().to_string());
        let exec = ExecSpec {
            argv: vec!["/bin/sh".into(), "-c".into(), script],
            env,
            ..Default::default()
        };
        let failed = |why: String| {
            FleetError::State(format!("installing {} failed: {why}", kind.display_name))
        };
        let ran = match tokio::time::timeout_at(deadline, create).await {
            Err(_) => Err(InstallPhase::Workload),
            // The runtime's own words (a missing image names itself).
            Ok(Err(error)) => Ok(Err(FleetError::from(error))),
            Ok(Ok(())) => tokio::time::timeout_at(deadline, self.runtime.exec(&name, &exec))
                .await
                .map(|ran| ran.map_err(|e| failed(e.to_string())))
                .map_err(|_| InstallPhase::Script),
        };
        throwaway.runtime = None;
        self.remove_install_workload(kind, &name).await;
        let ran = match ran {
            Ok(ran) => ran,
            Err(phase) => {
                tracing::warn!(kind = %kind.id, timeout_s = limit.as_secs(), phase = phase.as_str(), "the agent's install timed out");
                return Err(FleetError::State(format!(
                    "installing {} (kind {:?}) timed out after {}s while {} (its provision.install_timeout_s bounds the whole install, the workload's creation included): the install was stopped and nothing was installed; the next start tries again (raise the time-out in the kind if the install needs longer)",
                    kind.display_name,
                    kind.id,
                    limit.as_secs(),
                    phase.as_str()
                )));
            }
        };
        let out = ran?;
        if !out.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
            return Err(failed(
                tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
            ));
        }
        Ok(())
    }

    /// Remove the install's workload (bounded; one the create never
    /// registered is nothing to remove).
    async fn remove_install_workload(&self, kind: &AgentKind, name: &WorkloadName) {
        match tokio::time::timeout(REMOVE_GRACE, self.runtime.remove(name)).await {
            Ok(Ok(())) | Ok(Err(compass_runtime::RuntimeError::NotFound(_))) => {}
            Ok(Err(error)) => {
                tracing::warn!(%error, kind = %kind.id, "could not remove the install's workload");
            }
            Err(_) => {
                tracing::warn!(kind = %kind.id, "removing the install's workload timed out");
            }
        }
    }

    /// The absolute paths, inside the workload, of the kind's program and
    /// of `compass-confine`, found in read-only dirs only, in `PATH`'s
    /// order: the Compass bin dir, the agent tools, the kind's install dir.
    /// A program in none of them, or one whose file lies outside the dir
    /// that names it (a link out), is refused, naming the kind.
    pub(super) fn programs(&self, kind: &AgentKind) -> Result<Programs, FleetError> {
        let host_bin = host_bin_dir()?;
        let bin = self.inner_bin()?;
        let confine = bin.join(CONFINE_BINARY);
        if kind.starts_confined() && !host_bin.join(CONFINE_BINARY).is_file() {
            return Err(FleetError::State(format!(
                "{} starts through {CONFINE_BINARY}, which is not installed beside the compass binary ({})",
                kind.display_name,
                host_bin.display()
            )));
        }
        let name = kind.program().unwrap_or_default();
        if let Some(agent) = self.find_program(kind, true)? {
            return Ok(Programs { agent, confine });
        }
        let refuse = |why: &str| {
            FleetError::State(format!(
                "kind {:?} not started: its program {name:?} {why}. An agent's program runs only from where no agent can write it: the Compass bin dir, the agent tools (`compass up --agent-tools DIR`), or the kind's install dir, which its install step fills through ${INSTALL_PREFIX_ENV} (`npm install -g --prefix \"${INSTALL_PREFIX_ENV}\" …`)",
                kind.id
            ))
        };
        if !bare(name) {
            return Err(refuse("is not a bare program name"));
        }
        Err(refuse(match self.install_dir(kind) {
            Some(_) => {
                "is not in the kind's install dir after its install step ran (does the script install into $COMPASS_INSTALL_PREFIX?)"
            }
            None => "is in none of them and the kind has no install step",
        }))
    }

    /// The program's path inside the workload, from the first read-only
    /// dir (in `PATH`'s order) holding it as a runnable file that stays
    /// inside that dir; the kind's install dir only with `with_install`.
    fn find_program(
        &self,
        kind: &AgentKind,
        with_install: bool,
    ) -> Result<Option<PathBuf>, FleetError> {
        Ok(self
            .locate_program(kind, with_install)?
            .map(|found| found.inner))
    }

    /// The kind's [`compass_acp::kinds::Provision::execute_only`] program
    /// on the host, found from its launcher (the program) as node resolves
    /// a package: `node_modules/<path>` in the launcher's dir or any
    /// above it, inside the read-only dir the launcher was found in.
    /// `None` when the kind has none; an error when it has one that is not
    /// there (the agent must not start through its launcher instead).
    pub(super) fn execute_only_program(
        &self,
        kind: &AgentKind,
    ) -> Result<Option<ProgramFile>, FleetError> {
        let Some(rel) = kind.provision.execute_only_path() else {
            return Ok(None);
        };
        let refuse = |why: String| {
            FleetError::State(format!(
                "kind {:?} not started: its execute-only program {why}",
                kind.id
            ))
        };
        let rel = rel.map_err(&refuse)?;
        let found = self
            .locate_program(kind, true)?
            .ok_or_else(|| refuse("has no launcher to be found from".into()))?;
        for dir in found.real.ancestors().skip(1) {
            if !dir.starts_with(&found.root) {
                break;
            }
            let mut candidates = vec![dir.join("node_modules").join(&rel)];
            if dir.file_name() == Some(std::ffi::OsStr::new("node_modules")) {
                candidates.push(dir.join(&rel));
            }
            for candidate in candidates {
                let Ok(real) = fs_err::canonicalize(&candidate) else {
                    continue;
                };
                if let Ok(rel) = real.strip_prefix(&found.root)
                    && fs_err::metadata(&real).is_ok_and(|m| m.is_file())
                {
                    return Ok(Some(ProgramFile {
                        root: found.root.clone(),
                        rel: rel.to_path_buf(),
                    }));
                }
            }
        }
        Err(refuse(format!(
            "{} is in no node_modules above {}",
            rel.display(),
            found.real.display()
        )))
    }

    /// [`Fleet::find_program`], with where it was found on the host.
    fn locate_program(
        &self,
        kind: &AgentKind,
        with_install: bool,
    ) -> Result<Option<Located>, FleetError> {
        let Some(name) = kind.program().filter(|n| bare(n)) else {
            return Ok(None);
        };
        let host_bin = host_bin_dir()?;
        // (dir searched, the root its file must stay in, the dir inside).
        let mut dirs = vec![(host_bin.clone(), host_bin, self.inner_bin()?)];
        dirs.extend(self.agent_tools_bins());
        if let Some(install) = self.install_dir(kind).filter(|_| with_install) {
            dirs.push((
                install.host.join("bin"),
                install.host.clone(),
                install.inner.join("bin"),
            ));
        }
        for (host, root, inner) in dirs {
            let (Ok(real), Ok(root)) = (
                fs_err::canonicalize(host.join(name)),
                fs_err::canonicalize(&root),
            ) else {
                continue;
            };
            let runnable = fs_err::metadata(&real)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
            if real.starts_with(&root) && runnable {
                return Ok(Some(Located {
                    inner: inner.join(name),
                    real,
                    root,
                }));
            }
        }
        Ok(None)
    }
}

/// A program found in a read-only dir ([`Fleet::locate_program`]).
struct Located {
    /// Its path inside the workload.
    inner: PathBuf,
    /// Its real path on the host.
    real: PathBuf,
    /// The (canonical) dir it must stay in.
    root: PathBuf,
}

/// A program file on the host, found below a read-only dir it must stay
/// in: opened beneath that dir without following links
/// ([`ProgramFile::open`]), so what is copied is what was found.
pub(super) struct ProgramFile {
    /// The (canonical) dir it was found in.
    pub(super) root: PathBuf,
    /// Its path below `root`, with no link on the way.
    pub(super) rel: PathBuf,
}

impl ProgramFile {
    /// The file, opened beneath `root` with no link followed; a regular
    /// file or an error naming it.
    pub(super) fn open(&self) -> Result<std::fs::File, FleetError> {
        compass_runtime::agentfs::AgentTree::open(&self.root)?
            .open_file(&self.rel)?
            .ok_or_else(|| {
                FleetError::State(format!(
                    "{} is gone from {}",
                    self.rel.display(),
                    self.root.display()
                ))
            })
    }

    /// Its file name (the copy's).
    pub(super) fn name(&self) -> Result<&std::ffi::OsStr, FleetError> {
        self.rel
            .file_name()
            .ok_or_else(|| FleetError::State(format!("{} has no file name", self.rel.display())))
    }
}

/// Where an install was when its time-out passed (named in the error).
#[derive(Debug, Clone, Copy)]
enum InstallPhase {
    /// Creating its workload (on OCI: checking, or fetching, the image).
    Workload,
    /// Running the kind's install script.
    Script,
}

impl InstallPhase {
    fn as_str(self) -> &'static str {
        match self {
            Self::Workload => "creating its workload",
            Self::Script => "running its install script",
        }
    }
}

/// How long removing an install's workload may take: an engine that hangs
/// there too must not hold the kind's lock; what it left is removed by the
/// next install of the kind (`exists`, then `remove`) or the guardian.
const REMOVE_GRACE: std::time::Duration = std::time::Duration::from_secs(30);

/// The install's workload while its script runs: removed in the
/// background if the start is dropped midway (its caller went away).
struct Throwaway {
    runtime: Option<std::sync::Arc<dyn compass_runtime::WorkloadRuntime>>,
    name: WorkloadName,
}

impl Drop for Throwaway {
    fn drop(&mut self) {
        let Some(runtime) = self.runtime.take() else {
            return;
        };
        let name = self.name.clone();
        if let Ok(handle) = tokio::runtime::Handle::try_current() {
            handle.spawn(async move {
                match runtime.remove(&name).await {
                    // A start cancelled before its create registered it.
                    Ok(()) | Err(compass_runtime::RuntimeError::NotFound(_)) => {}
                    Err(error) => {
                        tracing::warn!(%error, %name, "could not remove a cancelled install's workload");
                    }
                }
            });
        }
    }
}

/// `<kind>-<hash>`: the hash covers what decides the install's content (the
/// script, its registry, the backend it ran on), so a changed script is
/// installed anew and never found done.
fn install_key(kind: &AgentKind, backend: Backend) -> String {
    let mut hash = Sha256::new();
    for part in [
        kind.id.as_str(),
        backend.as_str(),
        kind.provision.install.as_str(),
        &kind.provision.egress.join(","),
    ] {
        hash.update(part.len().to_le_bytes());
        hash.update(part.as_bytes());
    }
    let id: String = kind
        .id
        .chars()
        .take(40)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("{id}-{}", &hex::encode(hash.finalize())[..16])
}

/// A program name `PATH` would look up: no path, nothing special.
fn bare(name: &str) -> bool {
    !(name.is_empty() || name.contains('/') || name == "." || name == "..")
}

/// Remove what an earlier install left (the daemon's own dirs; a link in
/// them is removed, never followed).
fn remove_leftover(path: &Path) -> Result<(), FleetError> {
    match fs_err::symlink_metadata(path) {
        Err(_) => Ok(()),
        Ok(m) if m.is_dir() => {
            fs_err::remove_dir_all(path).map_err(io("removing an unfinished install"))
        }
        Ok(_) => fs_err::remove_file(path).map_err(io("removing an unfinished install")),
    }
}

#[cfg(test)]
mod tests {
    use super::install_key;
    use compass_runtime::Backend;

    #[test]
    fn a_changed_script_or_backend_is_another_install() {
        let registry = compass_acp::KindRegistry::builtin().unwrap();
        let kind = registry.get("opencode").unwrap().clone();
        let key = install_key(&kind, Backend::Sandbox);
        assert!(key.starts_with("opencode-"), "{key}");
        assert_eq!(key, install_key(&kind, Backend::Sandbox));
        assert_ne!(key, install_key(&kind, Backend::Oci));
        let mut bumped = kind.clone();
        bumped.provision.install = bumped.provision.install.replace("1.18.33", "1.18.34");
        assert_ne!(key, install_key(&bumped, Backend::Sandbox));
        let mut odd = kind;
        odd.id = "My Agent/../x".into();
        let key = install_key(&odd, Backend::Sandbox);
        // One path segment, nothing a path would read as a dir.
        assert!(key.starts_with("my_agent____x-"), "{key}");
        assert!(!key.contains('/') && !key.contains('.'), "{key}");
    }
}
