//! Getting the agent itself ready inside its workload: its hook config and
//! scenario in the read-only config dir, and its hook wiring. (Its install
//! runs in a workload of its own: `install.rs`.)

use super::{Fleet, FleetError, io};
use compass_runtime::WorkloadName;
use std::path::Path;

/// The scenario a scripted agent runs when none is given.
pub(super) const DEFAULT_SCENARIO: &str =
    include_str!("../../../compass-scripted-agent/scenarios/fix-a-bug.toml");

impl Fleet {
    /// Wire the kind's native hooks (every start: idempotent). Its install
    /// ran before the workload existed, elsewhere (`install.rs`).
    pub(super) async fn provision_kind(
        &self,
        workload: &WorkloadName,
        kind: &compass_acp::AgentKind,
        config_dir: &str,
    ) -> Result<(), FleetError> {
        if let Some(wire) = wire_spec(kind, config_dir) {
            self.run(workload, &wire).await.map_err(|e| {
                FleetError::State(format!("wiring {}'s hooks failed: {e}", kind.display_name))
            })?;
        }
        Ok(())
    }

    async fn run(
        &self,
        workload: &WorkloadName,
        spec: &compass_runtime::ExecSpec,
    ) -> Result<(), String> {
        let out = self
            .runtime
            .exec(workload, spec)
            .await
            .map_err(|e| e.to_string())?;
        if out.success() {
            Ok(())
        } else {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
            Err(tail.into_iter().rev().collect::<Vec<_>>().join("\n"))
        }
    }
}

/// The kind's wire step (hooks, configs in the agent's home) as one exec,
/// or none: run at every start and before every restart.
pub(super) fn wire_spec(
    kind: &compass_acp::AgentKind,
    config_dir: &str,
) -> Option<compass_runtime::ExecSpec> {
    let wire = kind.wire_script(config_dir);
    (!wire.trim().is_empty()).then(|| sh_spec(&wire))
}

fn sh_spec(script: &str) -> compass_runtime::ExecSpec {
    compass_runtime::ExecSpec {
        argv: vec!["/bin/sh".into(), "-c".into(), script.to_owned()],
        ..Default::default()
    }
}

pub(super) fn write_config(path: &Path, body: &str) -> Result<(), FleetError> {
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir).map_err(io("creating the agent's config dir"))?;
    }
    fs_err::write(path, body).map_err(io("writing the agent's config"))
}

/// Whether a scripted agent's scenario runs its native hooks (the default).
pub(super) fn scripted_runs_hooks(scenario: &str) -> bool {
    toml::from_str::<toml::Value>(scenario)
        .ok()
        .and_then(|v| v.get("native_hooks").and_then(toml::Value::as_bool))
        .unwrap_or(true)
}
