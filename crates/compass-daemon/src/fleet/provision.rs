//! Getting the agent itself ready inside its workload: its hook config and
//! scenario in the read-only config dir, its install step (with its
//! registry reachable only while it runs) and its hook wiring.

use super::spec::run_hosts;
use super::{Fleet, FleetError, io};
use compass_runtime::WorkloadName;
use std::path::Path;

/// The scenario a scripted agent runs when none is given.
pub(super) const DEFAULT_SCENARIO: &str =
    include_str!("../../../compass-scripted-agent/scenarios/fix-a-bug.toml");

impl Fleet {
    /// Install the agent inside its workload unless its command is there
    /// already, then wire its native hooks (every start: idempotent).
    pub(super) async fn provision_kind(
        &self,
        workload: &WorkloadName,
        kind: &compass_acp::AgentKind,
        config_dir: &str,
    ) -> Result<(), FleetError> {
        let present = match kind.program() {
            Some(program) => self
                .sh(
                    workload,
                    &format!("command -v '{}' >/dev/null", program.replace('\'', "")),
                )
                .await
                .is_ok(),
            None => true,
        };
        let install = kind.install_script(config_dir);
        if !present && !install.trim().is_empty() {
            tracing::info!(kind = %kind.id, %workload, "installing the agent in its workload");
            // Egress by phase: the registry is reachable only while the
            // install runs, whichever way it ends.
            let phased = self.runtime.backend() != compass_runtime::Backend::Host
                && !kind.provision.egress.is_empty();
            let run = run_hosts(kind);
            if phased {
                let mut installing = run.clone();
                installing.extend(kind.provision.egress.iter().cloned());
                self.runtime.set_egress(workload, &installing).await?;
            }
            let installed = self.sh(workload, &install).await;
            if phased {
                self.runtime.set_egress(workload, &run).await?;
            }
            installed.map_err(|e| {
                FleetError::State(format!("provisioning {} failed: {e}", kind.display_name))
            })?;
        }
        if let Some(wire) = wire_spec(kind, config_dir) {
            self.run(workload, &wire).await.map_err(|e| {
                FleetError::State(format!("wiring {}'s hooks failed: {e}", kind.display_name))
            })?;
        }
        Ok(())
    }

    /// Run a `sh` script in the workload; its stderr is the error.
    pub(super) async fn sh(&self, workload: &WorkloadName, script: &str) -> Result<(), String> {
        self.run(workload, &sh_spec(script)).await
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
