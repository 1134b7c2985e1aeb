//! Running a `compass_core::safe_git` invocation inside a workload: its
//! argv, directory and *whole* environment become one exec, so the agent's
//! repository config is overridden and nothing else of the safe setup is
//! left to the workload.

use crate::workload::{ExecOutput, ExecSpec, RuntimeError, WorkloadName, WorkloadRuntime};
use compass_core::safe_git::SafeGit;
use std::path::PathBuf;

/// The exec that runs `cmd` in a workload.
pub fn exec_spec(cmd: &SafeGit) -> ExecSpec {
    ExecSpec {
        argv: cmd.argv(),
        cwd: Some(PathBuf::from(cmd.dir())),
        env: cmd.envs().iter().cloned().collect(),
        stdin: None,
    }
}

/// Run `cmd` in the workload `name`; a non-zero exit is `Ok`.
pub async fn exec(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    cmd: &SafeGit,
) -> Result<ExecOutput, RuntimeError> {
    rt.exec(name, &exec_spec(cmd)).await
}

impl From<compass_core::safe_git::GitArgError> for RuntimeError {
    fn from(e: compass_core::safe_git::GitArgError) -> Self {
        RuntimeError::Invalid {
            what: "git argument",
            why: e.to_string(),
        }
    }
}
