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
//! Runs on `CheckMerges`, after every push the relay forwards, and on a
//! timer; one check at a time. A repo that keeps failing the same way is
//! one `merge_check_failed` event, not one per check.

use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::merge::RepoLanded;
use compass_core::project::Project;
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_dispatcher::{Forward, MergeError, Mirror, Watch};
use compass_store::{Store, StoreError, channel, projects, workstreams};
use std::path::PathBuf;

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

/// The mirrors and the one-at-a-time lock.
#[derive(Debug)]
pub(crate) struct Merges {
    store: Store,
    root: PathBuf,
    /// Held for a whole check; also guards the failures last recorded.
    one: tokio::sync::Mutex<Failing>,
}

/// (project id, repo) → the error last recorded as an event: a repo that
/// keeps failing the same way (every poll) is one event, not one per poll.
type Failing = std::collections::BTreeMap<(String, String), String>;

/// States whose work may still land.
fn open(state: WorkstreamState) -> bool {
    matches!(
        state,
        WorkstreamState::InProgress | WorkstreamState::InReview
    )
}

impl Merges {
    pub(crate) fn new(store: Store, root: PathBuf) -> Self {
        Self {
            store,
            root,
            one: tokio::sync::Mutex::new(Failing::new()),
        }
    }

    /// Check `project` (id or name), or every project.
    pub(crate) async fn check(&self, project: Option<String>) -> Result<Report, StoreError> {
        let mut failing = self.one.lock().await;
        let projects = self
            .store
            .read(move |c| match project {
                Some(p) => Ok(vec![projects::get(c, &p)?]),
                None => projects::list(c),
            })
            .await?;
        let mut report = Report::default();
        for p in projects {
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
                    failing.remove(&(project.id.0.clone(), name.clone()));
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
        let key = (project.id.0.clone(), repo.clone());
        if failing.get(&key) != Some(&error) {
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
            failing.insert(key, error.clone());
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
    ) -> Result<Vec<RepoState>, MergeError> {
        let dir = self
            .root
            .join(project.id.as_str())
            .join(format!("{name}.git"));
        let mirror = Mirror::open(&dir, location, None).await?;
        mirror.refresh().await?;
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
                    scope: Scope {
                        project_id: Some(ws.project_id.clone()),
                        agent_id: Some(ws.agent_id.clone()),
                        workstream_id: Some(ws.id.clone()),
                        tool_call_id: None,
                    },
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
