//! What a workstream changes, for the conflict map: per repo, the files
//! its branch changed since its base, read by git inside the agent's own
//! workload (through the runtime's exec, built by `SafeGit`). The base is
//! the branch's newest commit on trunk as the daemon's merge mirror has it
//! (shared with the review), never a ref the agent can move.

use super::spec::repo_names;
use super::{Fleet, FleetError};
use compass_core::safe_git::{GitArgError, SafeGit};
use compass_core::workstream::Workstream;
use compass_runtime::WorkloadName;
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// Repo name → the commits of its trunk's history as the daemon's merge
/// mirror has it (or why it is unknown): what a branch's base is taken from.
pub(crate) type TrunkHistories =
    std::collections::BTreeMap<String, Result<HashSet<String>, String>>;

/// How far back the branch's history is searched for its base.
const MAX_HISTORY: &str = "5000";
/// Most files taken from one repo's diff (a vendored tree is one zone's worth).
const MAX_FILES: usize = 10_000;

impl Fleet {
    /// Run one safe git command inside `workload`; its stdout on success.
    pub(super) async fn workload_git(
        &self,
        workload: &WorkloadName,
        cmd: Result<SafeGit, GitArgError>,
    ) -> Result<Vec<u8>, String> {
        let cmd = cmd.map_err(|e| e.to_string())?;
        let out = compass_runtime::git::exec(self.runtime.as_ref(), workload, &cmd)
            .await
            .map_err(|e| e.to_string())?;
        if !out.success() {
            return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
        }
        Ok(out.stdout)
    }

    /// The newest commit of `branch`'s history (in the clone at `clone`)
    /// that is in `trunk` (the mirror's trunk history).
    pub(super) async fn trunk_base(
        &self,
        workload: &WorkloadName,
        clone: &Path,
        branch: &str,
        trunk: &HashSet<String>,
    ) -> Result<String, String> {
        let line = self
            .workload_git(
                workload,
                SafeGit::in_dir(clone).and_then(|g| {
                    g.args(["rev-list", "--topo-order", "--max-count", MAX_HISTORY])
                        .value("branch", branch)
                }),
            )
            .await?;
        String::from_utf8_lossy(&line)
            .lines()
            .map(str::trim)
            .find(|c| trunk.contains(*c))
            .map(str::to_owned)
            .ok_or_else(|| {
                format!("{branch} shares no commit with trunk as Compass last fetched it")
            })
    }

    /// The `(repo, path)` of every file `ws`'s branch changed; `None` when
    /// its agent is not running (its clones live in its workload). A repo
    /// that cannot be read (no branch there yet) adds nothing.
    pub(crate) async fn changed_files(
        &self,
        ws: &Workstream,
        project: &compass_core::project::Project,
        trunks: &TrunkHistories,
    ) -> Result<Option<BTreeSet<(String, String)>>, FleetError> {
        let Some(workload) = self.running.workload(&ws.agent_id) else {
            return Ok(None);
        };
        let work = self
            .runtime
            .inner_paths(&self.agents_dir.join(workload.as_str()))
            .work;
        // By its full name: a tag or `refs/<branch>` the agent names like
        // the branch would win git's short-name lookup.
        let branch = format!("refs/heads/{}", ws.branch);
        let mut out = BTreeSet::new();
        for repo in repo_names(&project.repos)? {
            let Some(Ok(trunk)) = trunks.get(repo.as_str()) else {
                continue;
            };
            let clone = work.join(repo.as_str());
            let files = async {
                let base = self.trunk_base(&workload, &clone, &branch, trunk).await?;
                self.workload_git(
                    &workload,
                    SafeGit::in_dir(&clone).and_then(|g| {
                        g.args(["diff", "--name-only", "-z", "--no-renames"])
                            .value("base", &base)?
                            .value("branch", &branch)
                    }),
                )
                .await
            };
            match files.await {
                Ok(listing) => out.extend(
                    String::from_utf8_lossy(&listing)
                        .split('\0')
                        .filter(|p| !p.is_empty())
                        .take(MAX_FILES)
                        .map(|p| (repo.as_str().to_owned(), p.to_owned())),
                ),
                Err(error) => {
                    tracing::debug!(%error, workstream = %ws.id, repo = repo.as_str(), "no changed files read");
                }
            }
        }
        Ok(Some(out))
    }
}
