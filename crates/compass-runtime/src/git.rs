//! Running a `compass_core::safe_git` invocation inside a workload: its
//! argv, directory and *whole* environment become one exec, so the agent's
//! repository config is overridden and nothing else of the safe setup is
//! left to the workload. Each run is time-limited: the repository is the
//! agent's to shape, and a FIFO where git reads (its config, attributes,
//! packed refs) would otherwise block it, and the host work waiting on it,
//! forever.
//!
//! It also writes the view git dirs ([`write_views`]) through which git for
//! the host reads or writes an agent's worktree content
//! (`compass_core::safe_git::WorktreeView`): in the workload's read-only
//! config dir, so the agent can neither write them nor steer what they say.

use crate::error::RuntimeError;
pub use crate::git_views::write_views;
use crate::spec::{ExecOutput, ExecSpec, WorkloadName};
use crate::workload::WorkloadRuntime;
use compass_core::safe_git::SafeGit;
use std::path::PathBuf;
use std::time::Duration;

/// How long one git run inside a workload may take. `timeout` (coreutils,
/// in every workload) kills git there when it is up; the host stops
/// waiting [`HOST_GRACE`] later whatever happened inside.
pub const TIME_LIMIT: Duration = Duration::from_secs(30);
const HOST_GRACE: Duration = Duration::from_secs(10);

/// The exec that runs `cmd` in a workload, killed after [`TIME_LIMIT`].
pub fn exec_spec(cmd: &SafeGit) -> ExecSpec {
    let mut argv = vec![
        "timeout".to_owned(),
        "-s".to_owned(),
        "KILL".to_owned(),
        TIME_LIMIT.as_secs().to_string(),
    ];
    argv.extend(cmd.argv());
    ExecSpec {
        argv,
        cwd: Some(PathBuf::from(cmd.dir())),
        env: cmd.envs().iter().cloned().collect(),
        stdin: None,
        max_output: None,
        masks: Vec::new(),
        ..ExecSpec::default()
    }
}

/// Run `cmd` in the workload `name`; a non-zero exit (a git killed at its
/// time limit or at the output cap included) is `Ok`.
pub async fn exec(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    cmd: &SafeGit,
) -> Result<ExecOutput, RuntimeError> {
    exec_capped(rt, name, cmd, None).await
}

/// [`exec`], keeping at most `max_output` bytes of each stream (the
/// runtime's default when `None`).
pub async fn exec_capped(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    cmd: &SafeGit,
    max_output: Option<usize>,
) -> Result<ExecOutput, RuntimeError> {
    let spec = ExecSpec {
        max_output,
        ..exec_spec(cmd)
    };
    tokio::time::timeout(TIME_LIMIT + HOST_GRACE, rt.exec(name, &spec))
        .await
        .unwrap_or_else(|_| {
            Err(RuntimeError::Command {
                command: format!("git {}", cmd.display()),
                target: name.to_string(),
                stderr: format!("no answer within {}s", (TIME_LIMIT + HOST_GRACE).as_secs()),
            })
        })
}

impl From<compass_core::safe_git::GitArgError> for RuntimeError {
    fn from(e: compass_core::safe_git::GitArgError) -> Self {
        RuntimeError::Invalid {
            what: "git argument",
            why: e.to_string(),
        }
    }
}
