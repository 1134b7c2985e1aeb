//! A starting agent's push relay: its relay repositories, its clones'
//! `origin` pointed at the relay, and the git socket served.

use super::spec::{host_bin_dir, repo_sources};
use super::{Fleet, FleetError, io};
use compass_core::agent::Agent;
use compass_core::name::Name;
use compass_core::project::RepoSource as ProjectRepo;
use compass_runtime::WorkloadName;
use compass_runtime::layout::Layout;
use std::path::Path;
use std::sync::Arc;

impl Fleet {
    /// The agent's push relay (see `push_relay`): its relay repositories,
    /// the clones' `origin` pointed at `compass::<repo>` (safe git inside
    /// the workload, every start), and the git socket served.
    pub(super) async fn start_relay(
        &self,
        agent: &Agent,
        workload: &WorkloadName,
        state_dir: &Path,
        repos: &[ProjectRepo],
    ) -> Result<tokio::task::JoinHandle<()>, FleetError> {
        use compass_core::safe_git::{SafeGit, relay_url};
        let sources: Vec<(Name, String)> = repo_sources(repos)?
            .into_iter()
            .map(|r| (r.name, r.source))
            .collect();
        let helper = host_bin_dir()?.join(crate::push_relay::HELPER);
        let relay = crate::push_relay::PushRelay::prepare(
            agent.id.clone(),
            agent.name.clone(),
            state_dir,
            &sources,
            crate::push_relay::RelayDeps {
                warden: Arc::clone(&self.warden),
                secrets: self.secrets.clone(),
                helper: &helper,
                limits: self.relay,
                observer: Arc::clone(&self.pushes),
            },
        )
        .await?;
        let inner = self.runtime.inner_paths(state_dir);
        for (name, _) in &sources {
            let cmd = SafeGit::in_dir(inner.work.join(name.as_str()))
                .and_then(|c| {
                    c.args(["remote", "set-url", "origin"])
                        .value("relay url", &relay_url(name.as_str()))
                })
                .map_err(|e| FleetError::Invalid(e.to_string()))?;
            let out = compass_runtime::git::exec(self.runtime.as_ref(), workload, &cmd).await?;
            if !out.success() {
                return Err(FleetError::State(format!(
                    "pointing {}'s origin at the push relay failed: {}",
                    name.as_str(),
                    String::from_utf8_lossy(&out.stderr).trim()
                )));
            }
        }
        let socket = Layout::new(state_dir).run.join(crate::push_relay::SOCKET);
        let _ = fs_err::remove_file(&socket);
        let listener = tokio::net::UnixListener::bind(&socket)
            .map_err(io(format!("binding {}", socket.display())))?;
        Ok(relay.serve(listener))
    }
}
