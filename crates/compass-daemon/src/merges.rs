//! Merge detection wired into the daemon: each project repository's trunk is
//! fetched into a Compass-owned mirror (`<data>/merges/<project>/<repo>.git`,
//! never an agent's clone), every open workstream's last tip the push relay
//! forwarded (recorded by `channel::RecordPushes`) is watched there,
//! and one whose change is on trunk in every repository it changed moves to
//! merged with a `workstream_merged` event (from in progress it passes
//! through review in the same write: the user merged it, so it was
//! reviewed). The caller then settles the move like any other (writeback to
//! the source issue, retirement of an ephemeral agent).
//!
//! The mirror's fetch authenticates to an HTTP(S) forge with the secret
//! bound to its origin, lent for that one command exactly as for the relay's
//! forward (`crate::forge`).
//!
//! Runs on `CheckMerges`, after every push the relay forwards, and on a
//! timer. One check of a project at a time, and only that: a project whose
//! check is still running after a short wait (a remote that is slow to
//! answer) is reported busy by a second check, which judges every other
//! project meanwhile, so
//! a stalled forge never holds up another project's check or any other RPC.
//! A repo that keeps failing the same way is one `merge_check_failed`
//! event, not one per check.

use crate::fleet::TrunkHistories;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::merge::RepoLanded;
use compass_core::project::Project;
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_dispatcher::{Forward, MergeError, Mirror, Watch};
use compass_store::{Store, StoreError, channel, projects, workstreams};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// A workstream merge detection moved to merged.
#[derive(Debug, Clone)]
pub(crate) struct Merged {
    pub(crate) workstream: Workstream,
    pub(crate) from: WorkstreamState,
    pub(crate) repos: Vec<RepoLanded>,
}

/// A repository whose trunk could not be read.
#[derive(Debug, Clone)]
pub(crate) struct Failure {
    pub(crate) project_id: String,
    pub(crate) repo: String,
    pub(crate) error: String,
}

/// What one check did.
#[derive(Debug, Default)]
pub(crate) struct Report {
    pub(crate) checked: u32,
    pub(crate) merged: Vec<Merged>,
    pub(crate) failures: Vec<Failure>,
}

/// The mirrors and the per-project locks.
#[derive(Debug)]
pub(crate) struct Merges {
    store: Store,
    root: PathBuf,
    /// Where forge-bound secrets are lent from for the mirror's fetch.
    secrets: crate::secrets::SecretStore,
    /// Project id → its lock, held for that project's whole check (fetches
    /// included); it also guards the failures last recorded for it.
    projects: std::sync::Mutex<BTreeMap<String, Arc<tokio::sync::Mutex<Failing>>>>,
}

/// Repo → the error last recorded as an event: a repo that keeps failing
/// the same way (every poll) is one event, not one per poll.
type Failing = BTreeMap<String, String>;

/// Why one repository could not be checked.
#[derive(Debug, thiserror::Error)]
enum RepoError {
    #[error(transparent)]
    Merge(#[from] MergeError),
    #[error(transparent)]
    Secret(#[from] crate::secrets::SecretError),
    #[error("the Compass binary's directory (for git's credential helper): {0}")]
    Helper(std::io::Error),
    #[error("{BUSY}")]
    Busy,
}

/// How much of trunk's history a review's base is looked for in.
const MAX_TRUNK_HISTORY: u32 = 100_000;

/// How long a check waits for another check of the same project before it
/// calls that project busy.
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// What a second check reports for a project whose check still runs.
const BUSY: &str = "a merge check of this project is still running (a remote is slow to answer); \
     its workstreams are judged when that check ends";

/// What names each repository of `project` in a failure: its name, or its
/// location when the names cannot be derived.
fn repo_labels(project: &Project) -> Vec<String> {
    match crate::fleet::repo_names(&project.repos) {
        Ok(names) => names.into_iter().map(|n| n.as_str().to_owned()).collect(),
        Err(_) => project
            .repos
            .iter()
            .map(|r| r.location().to_owned())
            .collect(),
    }
}

/// States whose work may still land.
fn open(state: WorkstreamState) -> bool {
    matches!(
        state,
        WorkstreamState::InProgress | WorkstreamState::InReview
    )
}

impl Merges {
    pub(crate) fn new(store: Store, root: PathBuf, secrets: crate::secrets::SecretStore) -> Self {
        Self {
            store,
            root,
            secrets,
            projects: std::sync::Mutex::default(),
        }
    }

    /// The lock of project `id` (made on first use).
    fn lock_of(&self, id: &str) -> Arc<tokio::sync::Mutex<Failing>> {
        let mut all = self
            .projects
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Arc::clone(all.entry(id.to_owned()).or_default())
    }

    /// Trunk's history in each repository of `project` as the mirror has
    /// it (fetched first when the mirror has none yet): what a review takes
    /// a branch's base from, never the agent's own refs. A repo that cannot
    /// be read maps to why.
    pub(crate) async fn trunk_histories(&self, project: &Project) -> TrunkHistories {
        let names = match crate::fleet::repo_names(&project.repos) {
            Ok(n) => n,
            Err(e) => return TrunkHistories::from([(String::new(), Err(e.to_string()))]),
        };
        let mut out = TrunkHistories::new();
        for (repo, name) in project.repos.iter().zip(names) {
            let history = self
                .trunk_history(project, name.as_str(), repo.location())
                .await
                .map(|h| h.into_iter().collect())
                .map_err(|e| e.to_string());
            out.insert(name.as_str().to_owned(), history);
        }
        out
    }

    async fn trunk_history(
        &self,
        project: &Project,
        name: &str,
        location: &str,
    ) -> Result<Vec<String>, RepoError> {
        let dir = self.mirror_dir(project, name);
        let mirror = Mirror::open(&dir, location, None).await?;
        let history = mirror.trunk_history(MAX_TRUNK_HISTORY).await?;
        if !history.is_empty() {
            return Ok(history);
        }
        // Never waits behind a running check (a slow remote): busy is an
        // answer too.
        let Ok(_one) = self.locked(project.id.as_str()).await else {
            return Err(RepoError::Busy);
        };
        self.fetched(&dir, location).await?;
        Ok(mirror.trunk_history(MAX_TRUNK_HISTORY).await?)
    }

    fn mirror_dir(&self, project: &Project, name: &str) -> PathBuf {
        self.root
            .join(project.id.as_str())
            .join(format!("{name}.git"))
    }

    /// The mirror at `dir`, fetched from `location` with what the relay's
    /// forward is lent for it (a forge's bound secret, an SSH host's bound
    /// key), kept alive until the fetch has ended.
    async fn fetched(&self, dir: &std::path::Path, location: &str) -> Result<Mirror, RepoError> {
        let helper = std::env::current_exe()
            .map_err(RepoError::Helper)?
            .with_file_name(crate::push_relay::HELPER);
        let lent = crate::remote_auth::HostAuth::start(&self.secrets, &helper, [location.trim()])?;
        let mirror = Mirror::open(dir, location, lent.auth().cloned()).await?;
        mirror.refresh().await?;
        drop(lent);
        Ok(mirror)
    }

    /// Project `id`'s lock, waiting at most [`BUSY_WAIT`] for a check that
    /// holds it (a normal check ends well within; a stalled fetch does not).
    async fn locked(
        &self,
        id: &str,
    ) -> Result<tokio::sync::OwnedMutexGuard<Failing>, tokio::time::error::Elapsed> {
        tokio::time::timeout(BUSY_WAIT, self.lock_of(id).lock_owned()).await
    }

    /// Check `project` (id or name), or every project.
    pub(crate) async fn check(&self, project: Option<String>) -> Result<Report, StoreError> {
        let projects = self
            .store
            .read(move |c| match project {
                Some(p) => Ok(vec![projects::get(c, &p)?]),
                None => projects::list(c),
            })
            .await?;
        let mut report = Report::default();
        for p in projects {
            let Ok(mut failing) = self.locked(p.id.as_str()).await else {
                // None of the project's repositories is checked this time.
                report
                    .failures
                    .extend(repo_labels(&p).into_iter().map(|repo| Failure {
                        project_id: p.id.0.clone(),
                        repo,
                        error: BUSY.to_owned(),
                    }));
                continue;
            };
            self.check_project(&p, &mut report, &mut failing).await?;
        }
        Ok(report)
    }

    async fn check_project(
        &self,
        project: &Project,
        report: &mut Report,
        failing: &mut Failing,
    ) -> Result<(), StoreError> {
        let id = project.id.0.clone();
        let candidates: Vec<Workstream> = self
            .store
            .read(move |c| workstreams::list(c, &id))
            .await?
            .into_iter()
            .filter(|w| open(w.state))
            .collect();
        if candidates.is_empty() {
            return Ok(());
        }
        report.checked += u32::try_from(candidates.len()).unwrap_or(u32::MAX);
        // Per workstream: what landed, and whether a watched repo has not.
        let mut landed: Vec<(Vec<RepoLanded>, bool)> = vec![(Vec::new(), false); candidates.len()];
        let names: Vec<String> = match crate::fleet::repo_names(&project.repos) {
            Ok(n) => n.into_iter().map(|n| n.as_str().to_owned()).collect(),
            Err(e) => {
                self.failed(project, String::new(), e.to_string(), report, failing)
                    .await?;
                return Ok(());
            }
        };
        for (repo, name) in project.repos.iter().zip(names) {
            match self
                .check_repo(project, &name, repo.location(), &candidates)
                .await
            {
                Ok(found) => {
                    failing.remove(&name);
                    for (slot, f) in landed.iter_mut().zip(found) {
                        match f {
                            RepoState::Landed(l) => slot.0.push(l),
                            RepoState::Pending => slot.1 = true,
                            RepoState::Untouched => {}
                        }
                    }
                }
                Err(e) => {
                    self.failed(project, name, e.to_string(), report, failing)
                        .await?;
                    // A repo we cannot read may hold unmerged work: no
                    // workstream of this project is called merged now.
                    for slot in &mut landed {
                        slot.1 = true;
                    }
                }
            }
        }
        for (ws, (repos, pending)) in candidates.into_iter().zip(landed) {
            if pending || repos.is_empty() {
                continue;
            }
            // A workstream moved meanwhile (paused, failed) stays as the
            // user left it; the next check looks again.
            let id = ws.id.clone();
            match self.mark(ws, repos).await {
                Ok(m) => report.merged.push(m),
                Err(e) => {
                    tracing::warn!(workstream = %id, error = %e, "merged on trunk, but not moved");
                }
            }
        }
        Ok(())
    }

    /// Record that `repo` of `project` could not be checked: in the report
    /// always, as an event when it is not the failure recorded last time.
    async fn failed(
        &self,
        project: &Project,
        repo: String,
        error: String,
        report: &mut Report,
        failing: &mut Failing,
    ) -> Result<(), StoreError> {
        if failing.get(&repo) != Some(&error) {
            tracing::warn!(project = %project.id, repo, %error, "merge check failed");
            let scope = Scope {
                project_id: Some(project.id.clone()),
                ..Scope::default()
            };
            let kind = EventKind::MergeCheckFailed {
                repo: repo.clone(),
                error: error.clone(),
            };
            self.store
                .write(move |tx| tx.emit(NewEvent { scope, kind }).map(drop))
                .await?;
            failing.insert(repo.clone(), error.clone());
        }
        report.failures.push(Failure {
            project_id: project.id.0.clone(),
            repo,
            error,
        });
        Ok(())
    }

    async fn check_repo(
        &self,
        project: &Project,
        name: &str,
        location: &str,
        candidates: &[Workstream],
    ) -> Result<Vec<RepoState>, RepoError> {
        let mirror = self
            .fetched(&self.mirror_dir(project, name), location)
            .await?;
        let trunk = mirror.trunk().await?.unwrap_or_default();
        let forwards = self.forwards(name, candidates).await?;
        let mut found = Vec::with_capacity(candidates.len());
        for (ws, forward) in candidates.iter().zip(forwards) {
            let judged = async {
                Ok::<_, MergeError>(
                    match mirror.watch(ws.id.as_str(), forward.as_ref()).await? {
                        Watch::Unknown | Watch::NothingOwn => RepoState::Untouched,
                        Watch::Watching { .. } => match mirror.landed(ws.id.as_str()).await? {
                            Some(how) => RepoState::Landed(RepoLanded {
                                repo: name.to_owned(),
                                how,
                                trunk: trunk.clone(),
                            }),
                            None => RepoState::Pending,
                        },
                    },
                )
            };
            // One workstream's branch (an orphan an agent pushed, say) is
            // its own problem: it stays pending, the others are judged.
            found.push(judged.await.unwrap_or_else(|error| {
                tracing::warn!(%error, workstream = %ws.id, repo = name, "merge check of one workstream failed");
                RepoState::Pending
            }));
        }
        Ok(found)
    }

    /// The relay's last forward of each candidate in `repo`: the only tips
    /// merge detection counts.
    async fn forwards(
        &self,
        repo: &str,
        candidates: &[Workstream],
    ) -> Result<Vec<Option<Forward>>, MergeError> {
        let (repo, ids): (String, Vec<_>) = (
            repo.to_owned(),
            candidates.iter().map(|w| w.id.clone()).collect(),
        );
        self.store
            .read(move |c| {
                ids.iter()
                    .map(|id| {
                        Ok(channel::forward(c, id, &repo)?
                            .map(|(commit, trunk)| Forward { commit, trunk }))
                    })
                    .collect()
            })
            .await
            .map_err(MergeError::from)
    }

    /// Move `ws` to merged (through review from in progress) with its event.
    async fn mark(&self, ws: Workstream, repos: Vec<RepoLanded>) -> Result<Merged, StoreError> {
        let from = ws.state;
        let id = ws.id.0.clone();
        let landed = repos.clone();
        let workstream = self
            .store
            .write(move |tx| {
                if from == WorkstreamState::InProgress {
                    workstreams::set_state(tx, &id, WorkstreamState::InReview)?;
                }
                let ws = workstreams::set_state(tx, &id, WorkstreamState::Merged)?;
                tx.emit(NewEvent {
                    scope: Scope::of_workstream(&ws),
                    kind: EventKind::WorkstreamMerged {
                        issue_id: ws.issue_id.clone(),
                        repos: landed,
                    },
                })?;
                Ok(ws)
            })
            .await?;
        tracing::info!(workstream = %workstream.id, branch = workstream.branch, "merge detected on trunk");
        Ok(Merged {
            workstream,
            from,
            repos,
        })
    }
}

/// One workstream in one repository.
enum RepoState {
    /// The branch never had a change of its own here.
    Untouched,
    /// Its change is not on trunk (yet).
    Pending,
    Landed(RepoLanded),
}
