//! What an agent's workload looks like: its spec (mounts, env, egress),
//! where the Compass binaries and agent tools appear inside it, and how
//! project repos and directories are named under `/work`.

use super::start::HOOK_SOCKET;
use super::{Fleet, FleetError, io};
use compass_core::agent::Agent;
use compass_core::name::Name;
use compass_core::project::RepoSource as ProjectRepo;
use compass_runtime::layout::Layout;
use compass_runtime::repos::{self, RepoSource};
use compass_runtime::{EgressPolicy, Mount, WorkloadName, WorkloadSpec};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where the Compass binaries (`compass`, `compass-hook`, `compass-scripted-agent`) appear
/// inside a sandbox: the daemon's own directory, mounted read-only.
const INNER_BIN: &str = "/opt/compass/bin";
/// The dedicated hook client (crate `compass-hook`), installed beside
/// `compass`.
pub(crate) const HOOK_BINARY: &str = "compass-hook";
/// Where preinstalled agent CLIs (`--agent-tools`) appear inside a sandbox.
const INNER_AGENT_TOOLS: &str = "/opt/compass/agents";
/// The system's program dirs, last on every workload's `PATH`. No dir the
/// agent can write is on it (not `~/.local/bin`): an agent that starts a
/// helper by name itself (OpenCode runs `rg` for its grep tool, outside
/// the tool confinement, with its whole environment) never finds one the
/// agent planted.
pub(super) const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

impl Fleet {
    pub(super) fn spec(
        &self,
        agent: &Agent,
        kind: &compass_acp::AgentKind,
        workload: &WorkloadName,
        state_dir: &Path,
    ) -> Result<WorkloadSpec, FleetError> {
        let host_bin = host_bin_dir()?;
        let bin = self.inner_bin()?;
        let inner = self.runtime.inner_paths(state_dir);
        let mut env = BTreeMap::new();
        // Commits carry the agent's own name, whatever the workload is called.
        let email = format!("{}@agents.compass.invalid", agent.name);
        for (key, value) in [
            ("GIT_AUTHOR_NAME", agent.name.as_str()),
            ("GIT_COMMITTER_NAME", agent.name.as_str()),
            ("GIT_AUTHOR_EMAIL", email.as_str()),
            ("GIT_COMMITTER_EMAIL", email.as_str()),
        ] {
            env.insert(key.to_owned(), value.to_owned());
        }
        // Read-only dirs only (Compass, the agent tools, the kind's
        // install, the system's): nothing the agent writes is found by
        // name. (The agent's program itself is started by absolute path;
        // its tool commands may add their own dirs.)
        // Mounted only once it exists (a kind whose program is preinstalled
        // never has one).
        let install = self.install_dir(kind).filter(|i| i.host.is_dir());
        let mut path = Vec::new();
        // A kind whose program runs its tool commands with the `bash` on
        // its PATH finds `compass-confine` first (`compass_hook::confine`).
        if kind.provision.confine_shell {
            path.push(
                inner
                    .config
                    .join(compass_acp::kinds::CONFINE_SHELL_DIR)
                    .display()
                    .to_string(),
            );
        }
        // A kind whose program runs git itself finds Compass's first
        // (`compass_hook::own_git`), in the read-only config dir.
        if kind.provision.own_git {
            path.push(
                inner
                    .config
                    .join(compass_acp::kinds::own_git::OWN_GIT_DIR)
                    .display()
                    .to_string(),
            );
            env.insert(
                compass_acp::kinds::own_git::VIEWS_ENV.to_owned(),
                inner
                    .config
                    .join(compass_core::safe_git::VIEW_DIR)
                    .display()
                    .to_string(),
            );
        }
        path.push(bin.display().to_string());
        path.extend(
            self.agent_tools_bins()
                .into_iter()
                .map(|(_, _, inner)| inner.display().to_string()),
        );
        path.extend(
            install
                .iter()
                .map(|i| i.inner.join("bin").display().to_string()),
        );
        path.push(SYSTEM_PATH.to_owned());
        env.insert("PATH".to_owned(), path.join(":"));
        for key in &kind.host_env {
            if let Ok(value) = std::env::var(key) {
                env.insert(key.clone(), value);
            }
        }
        // A gateway kind's workload holds no key: its base URL is the
        // gateway on its own loopback, its credential a placeholder.
        if let Some((gateway, upstream)) = self.gateway_for(kind)? {
            env.insert(gateway.base_url.clone(), upstream.inner_url());
            env.insert(
                gateway.credential.clone(),
                compass_acp::GATEWAY_PLACEHOLDER.to_owned(),
            );
        }
        // The socket the daemon binds, as the workload sees it (on the host
        // tier that is the host path itself).
        env.insert(
            "COMPASS_HOOK_SOCKET".to_owned(),
            inner.run.join(HOOK_SOCKET).display().to_string(),
        );
        // Where `compass mcp` reaches the agent's MCP socket.
        env.insert(
            "COMPASS_MCP_SOCKET".to_owned(),
            inner
                .run
                .join(super::start::MCP_SOCKET)
                .display()
                .to_string(),
        );
        // Where `git-remote-compass` reaches the push relay.
        env.insert(
            "COMPASS_GIT_SOCKET".to_owned(),
            inner
                .run
                .join(crate::push_relay::SOCKET)
                .display()
                .to_string(),
        );
        let mut mounts = Vec::new();
        if bin != host_bin {
            mounts.push(Mount {
                host_path: host_bin,
                workload_path: bin,
                read_only: true,
            });
        }
        if let Some(host_tools) = &self.agent_tools
            && self.runtime.backend() != compass_runtime::Backend::Host
        {
            mounts.push(Mount {
                host_path: host_tools.clone(),
                workload_path: inner_agent_tools_root(host_tools),
                read_only: true,
            });
        }
        // The kind's install (filled before the workload exists, by
        // `ensure_installed`): read-only, at the path it was installed at.
        if let Some(install) = install
            && self.runtime.backend() != compass_runtime::Backend::Host
        {
            mounts.push(Mount {
                host_path: install.host,
                workload_path: install.inner,
                read_only: true,
            });
        }
        Ok(WorkloadSpec {
            name: workload.clone(),
            state_dir: state_dir.to_owned(),
            mounts,
            env,
            // The host tier cannot deny egress (a typed error): it runs open,
            // and the agent shows the protection as missing.
            // An agent reaches its model API and nothing else; one that
            // names no hosts gets no network at all. The install's
            // registry is reached only by the install's own workload
            // (`ensure_installed`), never by an agent's.
            egress: self.egress(kind),
            resources: compass_runtime::Resources::default(),
            config_etc: kind.config_etc(),
        })
    }

    /// The egress a kind's workload gets on this daemon's backend
    /// ([`egress_policy`]).
    fn egress(&self, kind: &compass_acp::AgentKind) -> EgressPolicy {
        egress_policy(kind, self.runtime.backend(), &|k| std::env::var(k).ok())
    }

    /// Whether a kind's agents here reach their model through a gateway
    /// ([`gateway_active_on`]).
    pub(crate) fn gateway_active(&self, kind: &compass_acp::AgentKind) -> bool {
        gateway_active_on(kind, self.runtime.backend())
    }

    /// A kind's gateway here and its upstream (the daemon's value of its
    /// base-URL setting, else the kind's default), checked.
    pub(crate) fn gateway_for<'k>(
        &self,
        kind: &'k compass_acp::AgentKind,
    ) -> Result<Option<(&'k compass_acp::Gateway, crate::gateway::Upstream)>, FleetError> {
        let Some(g) = kind.gateway.as_ref().filter(|_| self.gateway_active(kind)) else {
            return Ok(None);
        };
        let raw = std::env::var(&g.base_url).unwrap_or_else(|_| g.default_base_url.clone());
        let upstream = crate::gateway::Upstream::parse(&raw)
            .map_err(|e| FleetError::Invalid(format!("kind {}: {}: {e}", kind.id, g.base_url)))?;
        Ok(Some((g, upstream)))
    }

    /// How a kind's hooks reach Warden in its workloads here: over HTTP
    /// only where the workload's loopback is its own (see
    /// [`compass_acp::AgentKind::hook_transport`]).
    pub(crate) fn hook_transport(
        &self,
        kind: &compass_acp::AgentKind,
    ) -> compass_acp::TransportChoice {
        kind.hook_transport(compass_runtime::relay::serves_http_hooks(
            self.runtime.backend(),
            &self.egress(kind),
        ))
    }

    /// No host path the workload will see may contain the control socket.
    pub(super) fn check_socket_unreachable(&self, spec: &WorkloadSpec) -> Result<(), FleetError> {
        let layout = Layout::new(&spec.state_dir);
        let system: &[&str] = match self.runtime.backend() {
            compass_runtime::Backend::Sandbox => compass_runtime::sandbox::SYSTEM_DIRS,
            _ => &[],
        };
        let sources = spec
            .mounts
            .iter()
            .map(|m| m.host_path.as_path())
            .chain([&layout.home, &layout.work, &layout.tmp, &layout.run].map(PathBuf::as_path))
            .chain(system.iter().map(Path::new));
        self.protected
            .check_mount_sources(sources)
            .map_err(FleetError::State)
    }

    /// The preinstalled agent CLIs' bin dirs: `(host dir, the tools dir
    /// on the host, the dir as the workload sees it)`.
    pub(super) fn agent_tools_bins(&self) -> Vec<(PathBuf, PathBuf, PathBuf)> {
        let Some(host) = &self.agent_tools else {
            return Vec::new();
        };
        let inner = match self.runtime.backend() {
            compass_runtime::Backend::Host => host.clone(),
            _ => inner_agent_tools_root(host),
        };
        [".bin", "bin"]
            .iter()
            .filter(|b| host.join(b).is_dir())
            .map(|b| (host.join(b), host.clone(), inner.join(b)))
            .collect()
    }

    /// The hook client an agent's hook config calls, as the workload sees
    /// it: the small [`HOOK_BINARY`] beside the daemon's own binary (read
    /// only, with the rest of the directory), else the `compass hook` verb,
    /// which decides the same way at several times the cost per call.
    pub(super) fn hook_command(&self) -> Result<String, FleetError> {
        let bin = self.inner_bin()?;
        if host_bin_dir()?.join(HOOK_BINARY).is_file() {
            return Ok(bin.join(HOOK_BINARY).display().to_string());
        }
        tracing::warn!(
            "{HOOK_BINARY} is not installed beside the compass binary; hooks run `compass hook` (slower per tool call)"
        );
        Ok(format!("{} hook", bin.join("compass").display()))
    }

    /// The binaries' directory as the workload sees it.
    pub(super) fn inner_bin(&self) -> Result<PathBuf, FleetError> {
        match self.runtime.backend() {
            compass_runtime::Backend::Host => host_bin_dir(),
            _ => Ok(PathBuf::from(INNER_BIN)),
        }
    }
}

/// Where the agent tools dir is mounted: under its own name, so an npm
/// `node_modules` stays one and Node still resolves packages inside it.
fn inner_agent_tools_root(host: &Path) -> PathBuf {
    let name = host.file_name().map_or_else(
        || std::ffi::OsString::from("tools"),
        std::ffi::OsStr::to_os_string,
    );
    Path::new(INNER_AGENT_TOOLS).join(name)
}

/// The daemon's environment as a lookup (injected in tests).
type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// What the agent reaches while it runs: the hosts its kind names (its
/// model API) and the host of each `host_env` URL set for the daemon
/// (`var`).
fn run_hosts(kind: &compass_acp::AgentKind, var: EnvLookup<'_>) -> Vec<String> {
    let mut hosts = kind.egress.clone();
    for key in &kind.host_env {
        if let Some(value) = var(key) {
            hosts.extend(url_host_port(&value));
        }
    }
    hosts
}

/// Whether a kind's agents on `backend` reach their model through a
/// gateway: the kind has one, and its workloads' loopback is their own
/// (an isolated backend, whose egress is then an allowlist). The host
/// tier's loopback is shared with every local process: there the key is
/// delivered as without a gateway.
pub(super) fn gateway_active_on(
    kind: &compass_acp::AgentKind,
    backend: compass_runtime::Backend,
) -> bool {
    kind.gateway.is_some()
        && matches!(
            backend,
            compass_runtime::Backend::Sandbox | compass_runtime::Backend::Oci
        )
}

/// The egress a kind's workload gets on `backend`. A gateway kind's model
/// API (its default upstream and the daemon's override) is not on it:
/// only the gateway reaches it. Such a workload's egress is always an
/// allowlist, even an empty one: the forwarder that serves the gateway's
/// loopback port runs only there.
fn egress_policy(
    kind: &compass_acp::AgentKind,
    backend: compass_runtime::Backend,
    var: EnvLookup<'_>,
) -> EgressPolicy {
    let mut hosts = run_hosts(kind, var);
    let gateway = gateway_active_on(kind, backend);
    if let (true, Some(g)) = (gateway, &kind.gateway) {
        let upstreams: Vec<String> = [Some(g.default_base_url.clone()), var(&g.base_url)]
            .into_iter()
            .flatten()
            .filter_map(|u| url_host_port(&u))
            .collect();
        hosts.retain(|h| !upstreams.contains(h));
    }
    match backend {
        compass_runtime::Backend::Host => EgressPolicy::Open,
        _ if hosts.is_empty() && !gateway => EgressPolicy::Deny,
        _ => EgressPolicy::Allowlist { hosts },
    }
}

/// `host:port` of a URL setting (`http://127.0.0.1:8080/v1` → `127.0.0.1:8080`).
fn url_host_port(value: &str) -> Option<String> {
    let url = url::Url::parse(value).ok()?;
    let host = url.host_str()?;
    let port = url.port_or_known_default()?;
    Some(format!("{host}:{port}"))
}

pub(super) fn host_bin_dir() -> Result<PathBuf, FleetError> {
    let exe = std::env::current_exe().map_err(io("locating the compass binary"))?;
    exe.parent()
        .map(Path::to_owned)
        .ok_or_else(|| FleetError::State("the compass binary has no directory".into()))
}

/// Each project repo gets a directory under `/work`, named after its last
/// path segment (`/src/app.git` → `app`).
pub(super) fn repo_sources(repos: &[ProjectRepo]) -> Result<Vec<RepoSource>, FleetError> {
    repos
        .iter()
        .map(|r| {
            let name = repo_dir_name(r.location());
            let name = compass_core::name::Name::parse(&name).map_err(|e| {
                FleetError::Invalid(format!(
                    "repo {}: cannot name its directory {name:?}: {e}",
                    r.location()
                ))
            })?;
            Ok(RepoSource {
                name,
                source: r.location().to_owned(),
            })
        })
        .collect()
}

fn repo_dir_name(location: &str) -> String {
    compass_core::project::repo_dir_name(location)
}

/// The directory names of a project's repos under `/work`.
pub(crate) fn repo_names(repos: &[ProjectRepo]) -> Result<Vec<Name>, FleetError> {
    Ok(repo_sources(repos)?.into_iter().map(|r| r.name).collect())
}

/// Plain directories in scope appear read-only at `/work/<name>`: every
/// agent can read them, none can clobber them.
pub(super) fn directory_mounts(dirs: &[String]) -> Result<Vec<Mount>, FleetError> {
    dirs.iter()
        .map(|d| {
            let name = compass_core::name::Name::parse(&repo_dir_name(d))
                .map_err(|e| FleetError::Invalid(format!("directory {d}: {e}")))?;
            // The resolved path is mounted: the one the scope check judged.
            let host_path = fs_err::canonicalize(d)
                .map_err(|e| FleetError::Invalid(format!("directory {d}: {e}")))?;
            Ok(repos::DirScope {
                name,
                host_path,
                writable: false,
            }
            .mount())
        })
        .collect()
}

pub(super) fn first_clone(work: &Path, repos: &[ProjectRepo]) -> PathBuf {
    repos
        .first()
        .map(|r| work.join(repo_dir_name(r.location())))
        .unwrap_or_else(|| work.to_owned())
}

#[cfg(test)]
mod tests {
    use super::{EgressPolicy, egress_policy, gateway_active_on, repo_dir_name};
    use compass_runtime::Backend;

    /// A gateway kind's model API leaves its workload's allowlist (the
    /// default upstream and the daemon's override alike), which stays an
    /// allowlist even empty; the host tier keeps its open egress and no
    /// gateway; a kind without a gateway keeps its model API.
    #[test]
    fn a_gateway_kinds_model_api_is_on_no_allowlist() {
        let kinds = compass_acp::KindRegistry::builtin().unwrap();
        let claude = kinds.get("claude-code").unwrap();
        let set = |k: &str| (k == "ANTHROPIC_BASE_URL").then(|| "http://127.0.0.1:9999".to_owned());
        let unset = |_: &str| None;
        for backend in [Backend::Sandbox, Backend::Oci] {
            assert!(gateway_active_on(claude, backend));
            assert_eq!(
                egress_policy(claude, backend, &set),
                EgressPolicy::Allowlist { hosts: vec![] }
            );
            assert_eq!(
                egress_policy(claude, backend, &unset),
                EgressPolicy::Allowlist { hosts: vec![] }
            );
        }
        assert!(!gateway_active_on(claude, Backend::Host));
        assert_eq!(
            egress_policy(claude, Backend::Host, &set),
            EgressPolicy::Open
        );
        // Without its gateway the same kind reaches its API directly.
        let mut direct = claude.clone();
        direct.gateway = None;
        assert_eq!(
            egress_policy(&direct, Backend::Sandbox, &set),
            EgressPolicy::Allowlist {
                hosts: vec![
                    "api.anthropic.com:443".to_owned(),
                    "127.0.0.1:9999".to_owned()
                ]
            }
        );
        // Another host the kind names stays.
        let mut more = claude.clone();
        more.egress.push("docs.example.com:443".to_owned());
        assert_eq!(
            egress_policy(&more, Backend::Sandbox, &set),
            EgressPolicy::Allowlist {
                hosts: vec!["docs.example.com:443".to_owned()]
            }
        );
    }

    #[test]
    fn repo_directories_are_named_from_the_location() {
        assert_eq!(repo_dir_name("/src/App.git"), "app");
        assert_eq!(
            repo_dir_name("https://example.com/org/my.lib.git/"),
            "my-lib"
        );
        assert_eq!(repo_dir_name("git@example.com:org/2fa.git"), "r2fa");
    }
}
