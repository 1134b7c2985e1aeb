//! Credential values agents have read (Warden's held-secret memory), kept
//! the way the secret store keeps secrets: one owner-only (0600) file per
//! agent in a 0700 dir of the data dir, never in SQLite, an event or a log.
//! A restart loads them back, so a secret read before it is still caught
//! in a push after it. Only the daemon writes here; no workload mounts it.

use compass_core::id::AgentId;
use compass_warden::held::HeldStore;
use compass_warden::secret::Secret;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::PathBuf;

#[derive(Serialize, Deserialize)]
struct KeptFile {
    held: Vec<Kept>,
}

#[derive(Serialize, Deserialize)]
struct Kept {
    label: String,
    value: String,
}

/// The held-secret files under one dir.
#[derive(Debug)]
pub(crate) struct HeldFiles {
    dir: PathBuf,
}

impl HeldFiles {
    pub(crate) fn open(dir: PathBuf) -> std::io::Result<Self> {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&dir)?;
        Ok(Self { dir })
    }

    /// `agt_N.toml` for an agent id that is a store row (nothing else is
    /// ever written or read).
    fn file(&self, agent: &AgentId) -> Option<PathBuf> {
        agent.row().map(|_| self.dir.join(format!("{agent}.toml")))
    }

    fn write(&self, agent: &AgentId, held: &[(String, Secret)]) -> std::io::Result<()> {
        let Some(path) = self.file(agent) else {
            return Ok(());
        };
        let kept: Vec<Kept> = held
            .iter()
            .map(|(label, value)| Kept {
                label: label.clone(),
                value: value.expose().clone(),
            })
            .collect();
        let text = toml::to_string(&KeptFile { held: kept }).map_err(std::io::Error::other)?;
        let tmp = path.with_extension("tmp");
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs_err::rename(&tmp, &path)
    }
}

impl HeldStore for HeldFiles {
    fn load(&self) -> Vec<(AgentId, String, Secret)> {
        let Ok(entries) = fs_err::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(agent) = name
                .to_str()
                .and_then(|n| n.strip_suffix(".toml"))
                .map(|n| AgentId(n.to_owned()))
                .filter(|a| a.row().is_some())
            else {
                continue;
            };
            let kept = match fs_err::read_to_string(entry.path())
                .map_err(|e| e.to_string())
                .and_then(|t| toml::from_str::<KeptFile>(&t).map_err(|e| e.to_string()))
            {
                Ok(k) => k.held,
                Err(error) => {
                    tracing::error!(%agent, %error, "could not load the credentials Warden saw this agent read");
                    continue;
                }
            };
            out.extend(
                kept.into_iter()
                    .map(|k| (agent.clone(), k.label, Secret::new(k.value))),
            );
        }
        out
    }

    fn save(&self, agent: &AgentId, held: &[(String, Secret)]) {
        if let Err(error) = self.write(agent, held) {
            tracing::error!(%agent, %error, "could not keep the credentials this agent read; a restart will forget them");
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn values_round_trip_in_owner_only_files() {
        let tmp = tempfile::tempdir().unwrap();
        let files = HeldFiles::open(tmp.path().join("held")).unwrap();
        let agent = AgentId::from_row(3);
        files.save(
            &agent,
            &[(
                "API_TOKEN (from file:/w/.env)".into(),
                Secret::new("v-123456789".to_owned()),
            )],
        );
        files.save(
            &AgentId("not-an-id".into()),
            &[("X".into(), Secret::new("y".to_owned()))],
        );
        let back = HeldFiles::open(tmp.path().join("held")).unwrap().load();
        assert_eq!(back.len(), 1);
        assert_eq!(
            (&back[0].0, back[0].2.expose().as_str()),
            (&agent, "v-123456789")
        );
        let mode = fs_err::metadata(tmp.path().join("held/agt_3.toml"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
