//! Secrets into a starting agent's workload: those granted to this start,
//! as 0600 files and (single-line ones) env, and the kind's credentials, in
//! the agent's environment only (no file its tools could read).
//! A forge-bound secret is never delivered (see `crate::forge`).

use super::{Fleet, FleetError};
use compass_core::agent::Agent;
use compass_core::event::{NewEvent, Scope};
use compass_runtime::WorkloadName;
use std::path::Path;

impl Fleet {
    /// Materialize the secrets the agent's kind names as credentials, plus
    /// those granted to this start, into its workload. A granted secret is
    /// for the agent's tools: a 0600 file `$HOME/.compass/secrets/<NAME>`
    /// (over stdin, through the runtime), and a single-line one also in the
    /// runtime's env for every spawn (kept on the daemon's side, never read
    /// back from the workload) and its copy `$HOME/.compass/env`. A kind's
    /// own credential that is not granted (its model key) is its program's:
    /// single-line, it is in the runtime's env only, never in a file of the
    /// workload (its tools run as the same user and could read one). What an
    /// earlier start delivered is cleared first, so a deleted or ungranted
    /// secret does not linger. A granted secret that is not set is refused;
    /// an unset kind credential is skipped (the agent may authenticate
    /// otherwise, and says so itself if it cannot). Where the kind's model
    /// gateway is active, its credential is never delivered (granting it
    /// is refused): `gateway_token` takes its place, kept like a model key.
    pub(super) async fn deliver_secrets(
        &self,
        agent: &Agent,
        kind: &compass_acp::AgentKind,
        workload: &WorkloadName,
        state_dir: &Path,
        granted: &[String],
        gateway_token: Option<&crate::gateway::GatewayToken>,
    ) -> Result<Vec<String>, FleetError> {
        // Host-side deletion in the agent's home goes through the runtime's
        // audited agentfs: a planted link is removed, never followed.
        compass_runtime::secrets::clear(self.runtime.as_ref(), workload, state_dir).await?;
        // A gateway kind's model key stays in the daemon: the gateway
        // reads it, the agent process holds this start's gateway token
        // under its name, the rest of the workload a placeholder.
        let gateway = kind
            .gateway
            .as_ref()
            .filter(|_| self.gateway_active(kind))
            .map(|g| g.credential.as_str());
        let mut wanted: Vec<(&str, bool)> = Vec::new();
        for name in granted {
            crate::secrets::check_name(name)?;
            if gateway == Some(name.as_str()) {
                return Err(crate::secrets::SecretError::Invalid {
                    field: "secrets",
                    why: format!(
                        "{name} is {}'s model key, which its model gateway adds to each model request: granted, it would be written into the workload its tools read; start the agent without --secret {name}",
                        kind.display_name
                    ),
                }
                .into());
            }
            wanted.push((name, true));
        }
        for name in &kind.credentials {
            if gateway == Some(name.as_str()) {
                continue;
            }
            if !wanted.iter().any(|(n, _)| n == name) {
                wanted.push((name, false));
            }
        }
        let mut env = Vec::new();
        let mut kept = Vec::new();
        let mut delivered = Vec::new();
        if let (Some(name), Some(token)) = (gateway, gateway_token) {
            // Kept like a model key (the agent process alone: fd 6 of a
            // confined launch); not a stored secret, so not listed.
            kept.push((
                name.to_owned(),
                compass_runtime::secrets::Secret::new(token.expose().as_bytes().to_vec()),
            ));
        }
        for (name, explicit) in wanted {
            // A forge credential or SSH key authenticates Compass's own git
            // to its remote; the workload never holds it (the relay forwards).
            if let Some(bound) = self.secrets.bound_to(name)? {
                if explicit {
                    return Err(crate::secrets::SecretError::Invalid {
                        field: "secrets",
                        why: format!(
                            "{name} is bound to {bound} and is never given to an agent; its pushes reach that remote through the relay"
                        ),
                    }
                    .into());
                }
                tracing::warn!(agent = %agent.id, secret = name, "the kind's credential is bound to a remote; not delivered");
                continue;
            }
            let Some(value) = self.secrets.get(name)? else {
                if explicit {
                    return Err(crate::secrets::SecretError::NotFound(name.to_owned()).into());
                }
                tracing::info!(agent = %agent.id, secret = name, "the kind's credential is not set; not delivered");
                continue;
            };
            let env_shaped =
                std::str::from_utf8(value.expose()).is_ok_and(|v| !v.contains(['\n', '\r']));
            if env_shaped && !explicit {
                // The kind's own credential (its model key) is its
                // program's alone: in the environment the agent starts
                // with, never in a file its tools could read.
                kept.push((name.to_owned(), value));
            } else {
                compass_runtime::secrets::inject_file(
                    self.runtime.as_ref(),
                    workload,
                    state_dir,
                    name,
                    &value,
                )
                .await?;
                if env_shaped {
                    env.push((name.to_owned(), value));
                }
            }
            delivered.push(name.to_owned());
        }
        if !env.is_empty() || !kept.is_empty() {
            compass_runtime::secrets::inject_env_kept(
                self.runtime.as_ref(),
                workload,
                state_dir,
                &env,
                &kept,
            )
            .await?;
        }
        if !delivered.is_empty() {
            let event = NewEvent {
                scope: Scope {
                    project_id: Some(agent.project_id.clone()),
                    agent_id: Some(agent.id.clone()),
                    ..Scope::default()
                },
                kind: compass_core::event::EventKind::SecretsDelivered {
                    names: delivered.clone(),
                },
            };
            self.store.write(move |tx| tx.emit(event).map(drop)).await?;
        }
        Ok(delivered)
    }
}
