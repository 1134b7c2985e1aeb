//! Warden's window into an agent's workload: git and file reads run
//! *inside* the agent's own workload (its clones and paths exist only
//! there), through the runtime's exec — never on the host.

use compass_core::id::AgentId;
use compass_runtime::{ExecSpec, WorkloadName, WorkloadRuntime};
use compass_warden::WardenError;
use compass_warden::files::{FilesFuture, WorkloadFiles};
use compass_warden::git::{GitFuture, GitInspector, GitOutput};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Workloads by agent, shared with the fleet and the pauser.
pub(crate) type Workloads = Arc<Mutex<HashMap<AgentId, WorkloadName>>>;

/// Runs read-only git and file reads in an agent's workload.
#[derive(Debug, Clone)]
pub(crate) struct WorkloadInspector {
    pub(crate) runtime: Arc<dyn WorkloadRuntime>,
    pub(crate) workloads: Workloads,
}

impl WorkloadInspector {
    fn workload(&self, agent: &AgentId) -> Result<WorkloadName, String> {
        self.workloads
            .lock()
            .ok()
            .and_then(|w| w.get(agent).cloned())
            .ok_or_else(|| format!("agent {agent} has no running workload"))
    }

    async fn exec(
        &self,
        agent: &AgentId,
        argv: Vec<String>,
        cwd: Option<&str>,
    ) -> Result<compass_runtime::ExecOutput, String> {
        let workload = self.workload(agent)?;
        let env = BTreeMap::from(
            // Never prompt, never ask a helper for credentials: Warden only reads.
            [("GIT_TERMINAL_PROMPT", "0"), ("GIT_ASKPASS", "true")]
                .map(|(k, v)| (k.to_owned(), v.to_owned())),
        );
        let spec = ExecSpec {
            argv,
            cwd: cwd.map(PathBuf::from),
            env,
            stdin: None,
        };
        self.runtime
            .exec(&workload, &spec)
            .await
            .map_err(|e| e.to_string())
    }
}

impl GitInspector for WorkloadInspector {
    fn git<'a>(&'a self, agent: &'a AgentId, cwd: &'a str, args: &'a [&'a str]) -> GitFuture<'a> {
        Box::pin(async move {
            let argv = std::iter::once("git")
                .chain(args.iter().copied())
                .map(str::to_owned)
                .collect();
            let out = self
                .exec(agent, argv, Some(cwd))
                .await
                .map_err(|e| WardenError::Git(format!("running git in {cwd}: {e}")))?;
            Ok(GitOutput {
                success: out.success(),
                stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
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
            let argv = ["head", "-c", &max.to_string(), "--", path]
                .map(str::to_owned)
                .to_vec();
            let out = self.exec(agent, argv, None).await.map_err(failed)?;
            if !out.success() {
                return Err(failed(
                    String::from_utf8_lossy(&out.stderr).trim().to_owned(),
                ));
            }
            Ok(out.stdout)
        })
    }
}
