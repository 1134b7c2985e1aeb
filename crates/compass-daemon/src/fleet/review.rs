//! A workstream's branch against its base, for review: the commits and the
//! patch in every repo of its project, built by `compass_core::safe_git`
//! (fixed safe config, no textconv or external diff). The base is the
//! newest commit of the branch's history that is on trunk as the daemon's
//! own merge mirror of the remote has it: refs the agent can move never
//! decide what a review leaves out.
//!
//! Nor what it shows. Once the relay has forwarded the branch, the review
//! is of the commit it forwarded (what the remote, a pull request and a
//! merge carry), by its id, and git runs **on the host** in the agent's
//! relay repository (`push_relay`: Compass-owned, never mounted into the
//! workload, every object in it came through git's `index-pack` or
//! `unpack-objects`, which hash what they store). Git does not check an
//! object's hash when `log` or `diff` read it, so the agent's own clone
//! cannot back a review: it could overwrite a pushed blob's loose object
//! with a harmless one after the push. Before any forward there is nothing
//! else to read: the review is then read inside the agent's workload from
//! its clone, by the branch's full name (`refs/heads/…`, so no ref the
//! agent names like it is read instead), and marked **unverified**
//! (`RepoReview::unverified`): a preview of what the agent has, which a
//! user must not take for what it will publish.

use super::spec::repo_names;
use super::{Fleet, FleetError};
use compass_core::safe_git::{GitArgError, SafeGit};
use compass_core::workstream::Workstream;
use compass_runtime::WorkloadName;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Most bytes of one repo's patch returned; the rest is cut (`truncated`).
const MAX_PATCH: usize = 1024 * 1024;
/// Most commits listed per repo.
const MAX_COMMITS: &str = "500";
/// How far back the branch's history is searched for its base.
const MAX_HISTORY: &str = "5000";
/// How long one host-side git run on the relay repository may take.
const HOST_GIT_TIMEOUT: Duration = Duration::from_secs(60);

/// One repo's part of the review.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct RepoReview {
    pub(crate) repo: String,
    pub(crate) base: String,
    /// (sha, subject), newest first.
    pub(crate) commits: Vec<(String, String)>,
    pub(crate) patch: String,
    pub(crate) truncated: bool,
    /// Read from the agent's own clone (nothing forwarded yet): what the
    /// agent's object store says, which it can rewrite at will.
    pub(crate) unverified: bool,
    /// Why git could not answer for this repo (the others still do).
    pub(crate) error: String,
}

/// Where one repo's review is read from.
enum Source<'a> {
    /// On the host, in the relay repository at `dir`, the forwarded commit.
    Relay { dir: PathBuf, commit: &'a str },
    /// Inside the workload, the clone at `clone`, the branch by full name.
    Clone { clone: PathBuf, branch: &'a str },
}

impl Source<'_> {
    fn tip(&self) -> &str {
        match self {
            Self::Relay { commit, .. } => commit,
            Self::Clone { branch, .. } => branch,
        }
    }

    fn dir(&self) -> &Path {
        match self {
            Self::Relay { dir, .. } => dir,
            Self::Clone { clone, .. } => clone,
        }
    }
}

/// Run a safe git command on the host in a Compass-owned repository, its
/// output capped; a run cut at the cap keeps its first part (the patch is
/// cut below anyway, and the other runs print a line or few).
async fn host_git(cmd: Result<SafeGit, GitArgError>) -> Result<Vec<u8>, String> {
    let cmd = cmd.map_err(|e| e.to_string())?;
    let run = compass_capture::capture(cmd.command().into(), None, compass_capture::DEFAULT_LIMIT);
    let out = tokio::time::timeout(HOST_GIT_TIMEOUT, run)
        .await
        .map_err(|_| {
            format!(
                "git {} gave no answer within {}s",
                cmd.display(),
                HOST_GIT_TIMEOUT.as_secs()
            )
        })?
        .map_err(|e| format!("running git {}: {e}", cmd.display()))?;
    if !out.status.success() && !out.truncated {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
    }
    Ok(out.stdout)
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
        let relays = crate::push_relay::relay_root(&state_dir);
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
            let mut review = RepoReview {
                repo: repo.as_str().to_owned(),
                ..RepoReview::default()
            };
            let trunk = match trunks.get(repo.as_str()) {
                Some(Ok(t)) => Ok(t),
                Some(Err(e)) => Err(format!("trunk could not be read: {e}")),
                None => Err("trunk could not be read".to_owned()),
            };
            // What the remote has (the relay's last forward, read where the
            // relay received it), else the branch in the agent's clone.
            let source = match forwarded.get(repo.as_str()) {
                Some(commit) => Source::Relay {
                    dir: relays.join(format!("{}.git", repo.as_str())),
                    commit,
                },
                None => Source::Clone {
                    clone: work.join(repo.as_str()),
                    branch: &branch_ref,
                },
            };
            review.unverified = matches!(source, Source::Clone { .. });
            let reviewed = match trunk {
                Ok(trunk) => {
                    self.review_repo(&workload, &source, trunk, &mut review)
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

    /// One safe git run where `source` lives: on the host for the relay,
    /// through the runtime's exec inside the workload for the clone.
    async fn review_git(
        &self,
        workload: &WorkloadName,
        source: &Source<'_>,
        cmd: Result<SafeGit, GitArgError>,
    ) -> Result<Vec<u8>, String> {
        match source {
            Source::Relay { .. } => host_git(cmd).await,
            Source::Clone { .. } => {
                let cmd = cmd.map_err(|e| e.to_string())?;
                let out = compass_runtime::git::exec(self.runtime.as_ref(), workload, &cmd)
                    .await
                    .map_err(|e| e.to_string())?;
                if !out.success() && !out.truncated {
                    return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
                }
                Ok(out.stdout)
            }
        }
    }

    async fn review_repo(
        &self,
        workload: &WorkloadName,
        source: &Source<'_>,
        trunk: &HashSet<String>,
        review: &mut RepoReview,
    ) -> Result<(), String> {
        let dir = source.dir();
        let tip = match source {
            // A recorded id, checked as one (never a ref or an option), and
            // a relay repository that is there: a missing one is an error,
            // never a fall back to the agent's clone.
            Source::Relay { commit, .. } => {
                let commit = compass_core::safe_git::check_commit_id("commit", commit)
                    .map_err(|e| e.to_string())?;
                if !dir.join("HEAD").is_file() {
                    return Err(format!(
                        "the relay's copy of forwarded commit {commit} is gone ({} has no repository); nothing else Compass holds backs a review",
                        dir.display()
                    ));
                }
                commit
            }
            Source::Clone { .. } => source.tip().to_owned(),
        };
        // The base: the branch's newest commit on the mirror's trunk.
        let history = self
            .review_git(
                workload,
                source,
                SafeGit::in_dir(dir).and_then(|g| {
                    g.args(["rev-list", "--topo-order", "--max-count", MAX_HISTORY])
                        .value("tip", &tip)
                }),
            )
            .await?;
        let base = String::from_utf8_lossy(&history)
            .lines()
            .map(str::trim)
            .find(|c| trunk.contains(*c))
            .map(str::to_owned)
            .ok_or_else(|| {
                format!("{tip} shares no commit with trunk as Compass last fetched it")
            })?;
        let range = format!("{base}..{tip}");
        let log = self
            .review_git(
                workload,
                source,
                SafeGit::in_dir(dir).and_then(|g| {
                    g.args([
                        "log",
                        "--no-color",
                        "--format=%H%x09%s",
                        "--max-count",
                        MAX_COMMITS,
                    ])
                    .value("range", &range)
                }),
            )
            .await?;
        review.commits = String::from_utf8_lossy(&log)
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(sha, subject)| (sha.to_owned(), subject.to_owned()))
            .collect();
        let patch = self
            .review_git(
                workload,
                source,
                SafeGit::in_dir(dir).and_then(|g| {
                    g.args([
                        "diff",
                        "--no-color",
                        "--no-textconv",
                        "--no-ext-diff",
                        "--find-renames",
                    ])
                    .value("base", &base)?
                    .value("tip", &tip)
                }),
            )
            .await?;
        review.truncated = patch.len() > MAX_PATCH;
        let cut = &patch[..patch.len().min(MAX_PATCH)];
        review.patch = String::from_utf8_lossy(cut).into_owned();
        review.base = base;
        Ok(())
    }
}
