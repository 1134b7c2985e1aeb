//! Warden's window into an agent's workload: git and file reads run
//! *inside* the agent's own workload (its clones and paths exist only
//! there), through the runtime's exec — never on the host. Git runs as
//! `compass_core::safe_git` builds it (fixed safe config and environment);
//! a remote's refs come from the agent's push relay on the host, never
//! through a transport of the agent's git.

use compass_core::id::AgentId;
use compass_core::safe_git::SafeGit;
use compass_runtime::{ExecSpec, WorkloadName, WorkloadRuntime};
use compass_warden::WardenError;
use compass_warden::files::{FilesFuture, WorkloadFiles};
use compass_warden::git::{GitFuture, GitInspector, GitOutput, RefsFuture};
use std::path::PathBuf;
use std::sync::Arc;

/// Runs read-only git and file reads in an agent's workload.
#[derive(Debug, Clone)]
pub(crate) struct WorkloadInspector {
    pub(crate) runtime: Arc<dyn WorkloadRuntime>,
    /// The fleet's running agents (their workloads).
    pub(crate) running: crate::fleet::Running,
    /// Where agents' state dirs (and so their relays) live.
    pub(crate) agents_dir: PathBuf,
}

impl WorkloadInspector {
    fn workload(&self, agent: &AgentId) -> Result<WorkloadName, WardenError> {
        self.running
            .workload(agent)
            .ok_or_else(|| WardenError::Git(format!("agent {agent} has no running workload")))
    }

    /// Run `spec` in the agent's workload; `doing` says what for, in the
    /// error that keeps the runtime's as its source.
    async fn exec(
        &self,
        agent: &AgentId,
        spec: ExecSpec,
        doing: impl FnOnce() -> String,
    ) -> Result<compass_runtime::ExecOutput, WardenError> {
        let workload = self.workload(agent)?;
        self.runtime
            .exec(&workload, &spec)
            .await
            .map_err(|source| WardenError::Collaborator {
                doing: doing(),
                source: Box::new(source),
            })
    }
}

impl GitInspector for WorkloadInspector {
    fn git<'a>(&'a self, agent: &'a AgentId, cmd: &'a SafeGit) -> GitFuture<'a> {
        Box::pin(async move {
            let workload = self.workload(agent)?;
            let max = Some(compass_warden::git::MAX_GIT_OUTPUT);
            let out = compass_runtime::git::exec_capped(self.runtime.as_ref(), &workload, cmd, max)
                .await
                .map_err(|source| WardenError::Collaborator {
                    doing: format!("running git in {}", cmd.dir()),
                    source: Box::new(source),
                })?;
            Ok(GitOutput {
                success: out.success(),
                stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
                truncated: out.truncated,
            })
        })
    }

    fn git_views(&self, agent: &AgentId) -> Result<String, WardenError> {
        let workload = self.workload(agent)?;
        let state_dir = self.agents_dir.join(workload.as_str());
        // Mended host-side first (a workload made before views existed).
        let layout = compass_runtime::Layout::new(&state_dir);
        compass_runtime::git::write_views(&layout.config).map_err(|source| {
            WardenError::Collaborator {
                doing: format!("writing agent {agent}'s view git dirs"),
                source: Box::new(source),
            }
        })?;
        let inner = self.runtime.inner_paths(&state_dir);
        Ok(inner
            .config
            .join(compass_core::safe_git::VIEW_DIR)
            .to_string_lossy()
            .into_owned())
    }

    fn remote_refs<'a>(&'a self, agent: &'a AgentId, url: &'a str) -> RefsFuture<'a> {
        Box::pin(async move {
            let workload = self.workload(agent)?;
            let state_dir = self.agents_dir.join(workload.as_str());
            crate::push_relay::relay_refs(&state_dir, url)
                .await
                .ok_or_else(|| {
                    WardenError::Git(format!(
                        "{url} is not a Compass relay of agent {agent}; its refs are not fetched"
                    ))
                })
        })
    }
}

impl WorkloadFiles for WorkloadInspector {
    fn read<'a>(&'a self, agent: &'a AgentId, path: &'a str, max: usize) -> FilesFuture<'a> {
        Box::pin(async move {
            let failed = |message: String| WardenError::Io {
                path: PathBuf::from(path),
                source: std::io::Error::other(message),
            };
            // A regular file only, under a deadline: a FIFO the agent
            // planted would leave the gate undecided.
            let spec = ExecSpec {
                argv: compass_runtime::files::read_argv(path, max as u64),
                ..ExecSpec::default()
            };
            let out = self
                .exec(agent, spec, || format!("reading {path} in the workload"))
                .await?;
            if !out.success() {
                return Err(failed(
                    String::from_utf8_lossy(&out.stderr).trim().to_owned(),
                ));
            }
            Ok(out.stdout)
        })
    }
}
