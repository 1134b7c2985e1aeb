//! Workstreams and retirement: each workstream of an agent gets its
//! worktrees (branch `compass/<agent>/<issue-key>` in every repo), a running
//! agent's reload context follows its current task, and an ephemeral agent
//! whose work has all merged is stopped, its workload and state removed,
//! and retired.

use super::spec::repo_names;
use super::{Fleet, FleetError};
use compass_core::agent::{Agent, AgentStatus};
use compass_core::workstream::Workstream;
use compass_runtime::WorkloadName;
use compass_runtime::layout::Layout;
use compass_runtime::repos;
use compass_store::agents;
use std::path::{Path, PathBuf};

impl Fleet {
    /// A workstream moved: a running agent's reload context follows its
    /// current task, and an ephemeral agent whose work has all merged is
    /// retired (see [`Self::retire_merged`]). Returns the retired agent.
    pub(crate) async fn workstream_changed(
        &self,
        ws: &Workstream,
    ) -> Result<Option<Agent>, FleetError> {
        use compass_core::agent::Lifetime;
        use compass_core::workstream::WorkstreamState;
        let agent = self.agent(ws.agent_id.as_str(), None).await?;
        if agent.status == AgentStatus::Retired {
            return Ok(None);
        }
        let open = self.workstreams_of(&agent).await?;
        if ws.state == WorkstreamState::Merged
            && agent.lifetime == Lifetime::Ephemeral
            && open.is_empty()
        {
            let issue_id = ws.issue_id.to_string();
            let key = self
                .store
                .read(move |c| compass_store::issues::get(c, &issue_id))
                .await?
                .key;
            return self
                .retire_merged(&agent, &key)
                .await
                .map(Some)
                .map_err(|e| {
                    FleetError::State(format!(
                        "workstream {key} is merged, but retiring the ephemeral agent {} failed: {e}",
                        agent.name
                    ))
                });
        }
        if let Some(driver) = self.running.driver(&agent.id) {
            let (context, cwd) = self.task_context(&agent).await?;
            driver.set_context(context);
            if let Some(cwd) = cwd {
                driver.set_cwd(cwd);
            }
        }
        Ok(None)
    }

    /// An ephemeral agent ran its one task and the work merged: stop it,
    /// remove its workload (process tree, egress, cgroups) and its state dir
    /// (home, clones, worktrees), and retire it, which frees its codename.
    async fn retire_merged(&self, agent: &Agent, issue_key: &str) -> Result<Agent, FleetError> {
        let workload = Self::workload_name(agent)?;
        if self.running.is_live(&agent.id) {
            self.stop(agent.id.as_str(), None).await?;
        }
        match self.runtime.remove(&workload).await {
            // Not known to this daemon (never started since a restart):
            // nothing runs, only the state dir is left.
            Ok(()) | Err(compass_runtime::RuntimeError::NotFound(_)) => {}
            Err(e) => return Err(e.into()),
        }
        let state_dir = self.agents_dir.join(workload.as_str());
        compass_runtime::agentfs::remove_tree(&state_dir)?;
        tracing::info!(agent = %agent.id, name = %agent.name, issue = issue_key, "retired an ephemeral agent: its work merged");
        let (id, reason) = (
            agent.id.to_string(),
            format!("its work merged ({issue_key}); workload removed"),
        );
        let retired = self
            .store
            .write(move |tx| agents::retire_because(tx, &id, None, &reason))
            .await?;
        self.warden.forget_agent(&retired.id);
        Ok(retired)
    }

    /// The agent's open workstreams with their issue keys.
    pub(super) async fn workstreams_of(
        &self,
        agent: &Agent,
    ) -> Result<Vec<(Workstream, String)>, FleetError> {
        let (project, id) = (agent.project_id.to_string(), agent.id.clone());
        Ok(self
            .store
            .read(move |c| {
                let mut out = Vec::new();
                for ws in compass_store::workstreams::list(c, &project)? {
                    if ws.agent_id == id
                        && ws.state != compass_core::workstream::WorkstreamState::Merged
                    {
                        let key = compass_store::issues::get(c, ws.issue_id.as_str())?.key;
                        out.push((ws, key));
                    }
                }
                Ok(out)
            })
            .await?)
    }

    /// The workstream's worktrees inside the workload, made if missing.
    pub(super) async fn ensure_worktrees(
        &self,
        workload: &WorkloadName,
        state_dir: &Path,
        key: &str,
        branch: &str,
        repos: &[compass_core::name::Name],
    ) -> Result<Vec<PathBuf>, FleetError> {
        let inner = self.runtime.inner_paths(state_dir);
        let trees: Vec<PathBuf> = repos
            .iter()
            .map(|r| inner.work.join(".streams").join(key).join(r.as_str()))
            .collect();
        let made = compass_runtime::agentfs::AgentTree::open(&Layout::new(state_dir).work)?
            .kind(&Path::new(".streams").join(key))?
            .is_some();
        if repos.is_empty() || made {
            return Ok(trees);
        }
        let issue = repos::IssueKey::parse(key)?;
        Ok(repos::create_worktrees(
            self.runtime.as_ref(),
            workload,
            state_dir,
            &issue,
            branch,
            repos,
            None,
        )
        .await?)
    }

    /// A new workstream for a running agent gets its worktrees now; for an
    /// agent not running, at its next start.
    pub(crate) async fn open_workstream(&self, ws: &Workstream) -> Result<(), FleetError> {
        let Some(workload) = self.running.workload(&ws.agent_id) else {
            return Ok(());
        };
        let (issue, project) = (ws.issue_id.to_string(), ws.project_id.to_string());
        let (key, project) = self
            .store
            .read(move |c| {
                Ok((
                    compass_store::issues::get(c, &issue)?.key,
                    compass_store::projects::get(c, &project)?,
                ))
            })
            .await?;
        let names = repo_names(&project.repos)?;
        let state_dir = self.agents_dir.join(workload.as_str());
        self.ensure_worktrees(&workload, &state_dir, &key, &ws.branch, &names)
            .await
            .map(drop)
    }
}
