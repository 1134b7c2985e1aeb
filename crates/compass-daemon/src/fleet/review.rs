//! A workstream's branch against its base, for review: the commits and the
//! patch in every repo of its project. Git runs inside the agent's own
//! workload (its clones exist only there), through the runtime's exec and
//! built by `compass_core::safe_git` (fixed safe config, no textconv or
//! external diff), never on the host. The base is the newest commit of the
//! branch's history that is on trunk as the daemon's own merge mirror of
//! the remote has it: refs the agent can move never decide what a review
//! leaves out. Nor what it shows: once the relay has forwarded the branch,
//! the tip reviewed is the commit it forwarded (what the remote, a pull
//! request and a merge carry), by its id; before that, the branch by its
//! full name (`refs/heads/…`), so no ref the agent names like it (a tag,
//! `refs/<branch>`) is read instead.

use super::spec::repo_names;
use super::{Fleet, FleetError};
use compass_core::safe_git::SafeGit;
use compass_core::workstream::Workstream;
use compass_runtime::WorkloadName;
use std::path::Path;

/// Most bytes of one repo's patch returned; the rest is cut (`truncated`).
const MAX_PATCH: usize = 1024 * 1024;
/// Most commits listed per repo.
const MAX_COMMITS: &str = "500";

/// One repo's part of the review.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct RepoReview {
    pub(crate) repo: String,
    pub(crate) base: String,
    /// (sha, subject), newest first.
    pub(crate) commits: Vec<(String, String)>,
    pub(crate) patch: String,
    pub(crate) truncated: bool,
    /// Why git could not answer for this repo (the others still do).
    pub(crate) error: String,
}

impl Fleet {
    /// The workstream's diff in every repo; the agent must be running.
    pub(crate) async fn workstream_review(
        &self,
        ws: &Workstream,
        project: &compass_core::project::Project,
        trunks: &super::TrunkHistories,
    ) -> Result<Vec<RepoReview>, FleetError> {
        let Some(workload) = self.running.workload(&ws.agent_id) else {
            return Err(FleetError::State(format!(
                "agent {} is not running: its clones (and so the diff) live in its workload; start it first",
                ws.agent_id
            )));
        };
        let state_dir = self.agents_dir.join(workload.as_str());
        let work = self.runtime.inner_paths(&state_dir).work;
        let names = repo_names(&project.repos)?;
        let forwarded = {
            let (id, repos) = (
                ws.id.clone(),
                names
                    .iter()
                    .map(|n| n.as_str().to_owned())
                    .collect::<Vec<_>>(),
            );
            self.store
                .read(move |c| {
                    let mut tips = std::collections::BTreeMap::new();
                    for repo in repos {
                        if let Some((commit, _)) = compass_store::channel::forward(c, &id, &repo)? {
                            tips.insert(repo, commit);
                        }
                    }
                    Ok(tips)
                })
                .await?
        };
        let branch_ref = format!("refs/heads/{}", ws.branch);
        let mut out = Vec::new();
        for repo in names {
            let clone = work.join(repo.as_str());
            let mut review = RepoReview {
                repo: repo.as_str().to_owned(),
                ..RepoReview::default()
            };
            let trunk = match trunks.get(repo.as_str()) {
                Some(Ok(t)) => Ok(t),
                Some(Err(e)) => Err(format!("trunk could not be read: {e}")),
                None => Err("trunk could not be read".to_owned()),
            };
            // What the remote has (the relay's last forward), else the
            // branch itself: never a name the agent's refs resolve.
            let tip = forwarded.get(repo.as_str()).unwrap_or(&branch_ref);
            let reviewed = match trunk {
                Ok(trunk) => {
                    self.review_repo(&workload, &clone, tip, trunk, &mut review)
                        .await
                }
                Err(e) => Err(e),
            };
            if let Err(error) = reviewed {
                review.error = error;
            }
            out.push(review);
        }
        Ok(out)
    }

    async fn review_repo(
        &self,
        workload: &WorkloadName,
        clone: &Path,
        tip: &str,
        trunk: &std::collections::HashSet<String>,
        review: &mut RepoReview,
    ) -> Result<(), String> {
        let git = |cmd: Result<SafeGit, compass_core::safe_git::GitArgError>| async {
            let cmd = cmd.map_err(|e| e.to_string())?;
            let out = compass_runtime::git::exec(self.runtime.as_ref(), workload, &cmd)
                .await
                .map_err(|e| e.to_string())?;
            // A run cut at the output cap keeps its first part: the patch
            // is cut below anyway, and the other runs print a line or few.
            if !out.success() && !out.truncated {
                return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
            }
            Ok(out.stdout)
        };
        // The base: the branch's newest commit on the mirror's trunk.
        let base = self.trunk_base(workload, clone, tip, trunk).await?;
        let range = format!("{base}..{tip}");
        let log = git(SafeGit::in_dir(clone).and_then(|g| {
            g.args([
                "log",
                "--no-color",
                "--format=%H%x09%s",
                "--max-count",
                MAX_COMMITS,
            ])
            .value("range", &range)
        }))
        .await?;
        review.commits = String::from_utf8_lossy(&log)
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(sha, subject)| (sha.to_owned(), subject.to_owned()))
            .collect();
        let patch = git(SafeGit::in_dir(clone).and_then(|g| {
            g.args([
                "diff",
                "--no-color",
                "--no-textconv",
                "--no-ext-diff",
                "--find-renames",
            ])
            .value("base", &base)?
            .value("tip", tip)
        }))
        .await?;
        review.truncated = patch.len() > MAX_PATCH;
        let cut = &patch[..patch.len().min(MAX_PATCH)];
        review.patch = String::from_utf8_lossy(cut).into_owned();
        review.base = base;
        Ok(())
    }
}
