//! The Dispatcher wired into the daemon: the `*Source` RPCs, the writeback
//! of a workstream's state change, merge detection (`merges.rs`), and the
//! contract shapes of sources and their events. Tokens are read from the secret store here and handed to
//! `compass-dispatcher` as redacting [`Token`]s; they never reach a reply,
//! an event or a log.

use crate::convert::{landed_pb, skipped_pb, source_pb};
use crate::status::{from_store, invalid};
use compass_core::source::{
    GithubConfig, JiraConfig, LinearConfig, Source, SourceConfig, SourceFieldError, StateFilter,
    Writeback,
};
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_dispatcher::{DispatchError, Http, RetryPolicy, Token};
use compass_proto::v1 as pb;
use compass_store::{Store, sources};
use tonic::Status;

/// The Dispatcher's collaborators, built once in `serve.rs`.
#[derive(Debug)]
pub(crate) struct Dispatch {
    store: Store,
    http: Http,
    secrets: crate::secrets::SecretStore,
    merges: std::sync::Arc<crate::merges::Merges>,
    /// Pull requests on the projects' forges, and their feedback.
    pulls: crate::pulls::Pulls,
    /// Rung after every push the relay forwards: a merge check is due.
    forwarded: std::sync::Arc<tokio::sync::Notify>,
    /// Held through each project's conflict-map refresh (see
    /// `proposals::refresh_conflicts`).
    conflicts: crate::serial::PerProject,
}

/// A Dispatcher error as a gRPC status: the tracker's failures are
/// `unavailable` or `failed_precondition` with the message as it is (it
/// names the secret or repo and what to do).
fn from_dispatch(e: DispatchError) -> Status {
    match e {
        DispatchError::Store(e) => from_store(e),
        e @ (DispatchError::MissingToken(_)
        | DispatchError::BadToken(_)
        | DispatchError::Unauthorized { .. }
        | DispatchError::Forbidden { .. }
        | DispatchError::NotFound { .. }
        | DispatchError::Rejected { .. }) => Status::failed_precondition(e.to_string()),
        e @ (DispatchError::RateLimited { .. }
        | DispatchError::Unavailable { .. }
        | DispatchError::Unreachable { .. }
        | DispatchError::Malformed { .. }) => Status::unavailable(e.to_string()),
    }
}

fn field_error(e: SourceFieldError) -> Status {
    let field = match e {
        SourceFieldError::BadRepo(_) => "repo",
        SourceFieldError::BadTeam(_) => "team",
        SourceFieldError::BadProjectKey(_) => "project_key",
        SourceFieldError::BadApiUrl { .. } => "api_url",
        SourceFieldError::BadFilter(_) | SourceFieldError::TooManyLabels { .. } => "filters",
    };
    invalid(field, e)
}

impl Dispatch {
    pub(crate) fn new(
        store: Store,
        secrets: crate::secrets::SecretStore,
        merges_dir: std::path::PathBuf,
    ) -> Result<Self, DispatchError> {
        Ok(Self {
            merges: std::sync::Arc::new(crate::merges::Merges::new(
                store.clone(),
                merges_dir,
                secrets.clone(),
            )),
            pulls: crate::pulls::Pulls::default(),
            store,
            http: Http::new(RetryPolicy::default())?,
            secrets,
            forwarded: std::sync::Arc::new(tokio::sync::Notify::new()),
            conflicts: crate::serial::PerProject::default(),
        })
    }

    /// The Dispatcher's status of `project` (id or name; empty: every
    /// project), from board state and the sources' health.
    pub(crate) async fn status(&self, project: String) -> Result<pb::DispatcherStatus, Status> {
        let project = optional_key(project);
        let (boards, sources) = self
            .store
            .read(move |c| {
                let projects = match &project {
                    Some(p) => vec![compass_store::projects::get(c, p)?],
                    None => compass_store::projects::list(c)?,
                };
                let mut boards = Vec::with_capacity(projects.len());
                for p in &projects {
                    boards.push(compass_store::board::get(c, p.id.as_str())?);
                }
                let sources = sources::list(c, project.as_deref())?;
                Ok((boards, sources))
            })
            .await
            .map_err(from_store)?;
        Ok(status_pb(compass_dispatcher::status(&boards, &sources)))
    }

    /// Trunk's history per repo of `project`, from the merge mirror.
    pub(crate) async fn trunk_histories(
        &self,
        project: &compass_core::project::Project,
    ) -> crate::fleet::TrunkHistories {
        self.merges.trunk_histories(project).await
    }

    /// Wait for `project`'s turn to refresh its conflict map.
    pub(crate) async fn conflicts_turn(
        &self,
        project: &compass_core::id::ProjectId,
    ) -> tokio::sync::OwnedMutexGuard<()> {
        self.conflicts.lock(project).await
    }

    /// What the push relay rings after a forward.
    pub(crate) fn forwarded(&self) -> std::sync::Arc<tokio::sync::Notify> {
        std::sync::Arc::clone(&self.forwarded)
    }

    /// Merge detection over `project` (id or name; empty: every project).
    /// The caller settles each move (writeback, retirement).
    pub(crate) async fn check_merges(
        &self,
        project: String,
    ) -> Result<crate::merges::Report, Status> {
        self.merges
            .check(optional_key(project))
            .await
            .map_err(from_store)
    }

    /// Poll the pull requests of `project` (id or name; empty: every
    /// project): open or update them, hand their feedback to the agents.
    /// Returns the workstreams moved to in review, for the caller to settle.
    pub(crate) async fn poll_pulls(
        &self,
        project: String,
        fleet: &crate::fleet::Fleet,
    ) -> Result<Vec<(Workstream, WorkstreamState)>, Status> {
        let project = optional_key(project);
        let projects = self
            .store
            .read(move |c| match project {
                Some(p) => Ok(vec![compass_store::projects::get(c, &p)?]),
                None => compass_store::projects::list(c),
            })
            .await
            .map_err(from_store)?;
        let token = |name: &str| self.token(name);
        let mut moved = Vec::new();
        for p in projects {
            moved.extend(
                self.pulls
                    .poll(&self.store, &self.http, &token, fleet, &p)
                    .await
                    .map_err(from_store)?,
            );
        }
        Ok(moved)
    }

    /// The token in secret `name`.
    fn token(&self, name: &str) -> Result<Token, DispatchError> {
        match self.secrets.get(name) {
            Ok(Some(v)) => Token::new(name, v.expose()),
            Ok(None) => Err(DispatchError::MissingToken(name.to_owned())),
            Err(e) => Err(DispatchError::Unreachable {
                what: format!("secret {name}"),
                message: e.to_string(),
            }),
        }
    }

    pub(crate) async fn add(&self, req: pb::AddSourceRequest) -> Result<pb::Source, Status> {
        if req.project.is_empty() {
            return Err(invalid("project", "is required (a project id or name)"));
        }
        let state = match req.state.as_str() {
            "" | "open" => StateFilter::Open,
            "closed" => StateFilter::Closed,
            "all" => StateFilter::All,
            other => {
                return Err(invalid(
                    "state",
                    format!("{other:?} must be open, closed or all"),
                ));
            }
        };
        let api_url = |default: &str| {
            if req.api_url.is_empty() {
                default.to_owned()
            } else {
                req.api_url.clone()
            }
        };
        let assignee = (!req.assignee.is_empty()).then(|| req.assignee.clone());
        let config = match pb::SourceKind::try_from(req.kind) {
            Ok(pb::SourceKind::Github) => {
                if req.repo.is_empty() {
                    return Err(invalid(
                        "repo",
                        "is required for a github source (OWNER/NAME)",
                    ));
                }
                SourceConfig::Github(
                    GithubConfig {
                        repo: req.repo.clone(),
                        api_url: api_url(compass_core::source::GITHUB_API),
                        labels: req.labels.clone(),
                        assignee,
                        state,
                    }
                    .checked()
                    .map_err(field_error)?,
                )
            }
            Ok(pb::SourceKind::Linear) => {
                if req.team.is_empty() {
                    return Err(invalid(
                        "team",
                        "is required for a linear source (the team key, e.g. ENG)",
                    ));
                }
                SourceConfig::Linear(
                    LinearConfig {
                        team: req.team.clone(),
                        api_url: api_url(compass_core::source::LINEAR_API),
                        labels: req.labels.clone(),
                        assignee,
                        state,
                    }
                    .checked()
                    .map_err(field_error)?,
                )
            }
            Ok(pb::SourceKind::Jira) => {
                if req.project_key.is_empty() {
                    return Err(invalid(
                        "project_key",
                        "is required for a jira source (the project key, e.g. ENG)",
                    ));
                }
                if req.api_url.is_empty() {
                    return Err(invalid(
                        "api_url",
                        "is required for a jira source (the site, e.g. https://SITE.atlassian.net)",
                    ));
                }
                SourceConfig::Jira(
                    JiraConfig {
                        project: req.project_key.clone(),
                        api_url: req.api_url.clone(),
                        labels: req.labels.clone(),
                        assignee,
                        state,
                    }
                    .checked()
                    .map_err(field_error)?,
                )
            }
            _ => return Err(invalid("kind", format!("unknown source kind {}", req.kind))),
        };
        crate::secrets::check_name(&req.token_secret).map_err(|e| invalid("token_secret", e))?;
        // The token must exist now; its value is checked, never shown.
        self.token(&req.token_secret)
            .map_err(|e| invalid("token_secret", e))?;
        let new = sources::NewSource {
            project: req.project,
            config,
            token_secret: req.token_secret,
            writeback: Writeback {
                state: !req.no_writeback_state,
                labels: !req.no_writeback_labels,
                comments: req.writeback_comments,
            },
        };
        let source = self
            .store
            .write(move |tx| sources::create(tx, new))
            .await
            .map_err(from_store)?;
        Ok(source_pb(source))
    }

    pub(crate) async fn list(&self, project: String) -> Result<Vec<pb::Source>, Status> {
        let project = (!project.is_empty()).then_some(project);
        let all = self
            .store
            .read(move |c| sources::list(c, project.as_deref()))
            .await
            .map_err(from_store)?;
        Ok(all.into_iter().map(source_pb).collect())
    }

    async fn get(&self, key: String) -> Result<Source, Status> {
        if key.is_empty() {
            return Err(invalid(
                "source",
                "is required (an id, github:OWNER/NAME, linear:TEAM or jira:KEY)",
            ));
        }
        self.store
            .read(move |c| sources::get(c, &key))
            .await
            .map_err(from_store)
    }

    pub(crate) async fn sync(&self, key: String) -> Result<pb::SyncSourceResponse, Status> {
        let source = self.get(key).await?;
        let report = match self.token(&source.token_secret) {
            Ok(token) => compass_dispatcher::sync(&self.store, &self.http, &source, &token).await,
            Err(e) => {
                // A missing token fails the source like any other sync error.
                let (id, text) = (source.id.clone(), e.to_string());
                self.store
                    .write(move |tx| sources::record_failure(tx, &id, text))
                    .await
                    .map_err(from_store)?;
                Err(e)
            }
        }
        .map_err(from_dispatch)?;
        let source = self.get(source.id.0).await?;
        Ok(pb::SyncSourceResponse {
            source: Some(source_pb(source)),
            created: report.created,
            updated: report.updated,
            unchanged: report.unchanged,
            skipped: report.skipped.into_iter().map(skipped_pb).collect(),
            pages: report.pages,
            pull_requests: report.pull_requests,
            waited_ms: u64::try_from(report.waited.as_millis()).unwrap_or(u64::MAX),
            gone: report.gone,
            probe_errors: report.probe_errors,
        })
    }

    pub(crate) async fn remove(&self, key: String) -> Result<pb::Source, Status> {
        if key.is_empty() {
            return Err(invalid(
                "source",
                "is required (an id, github:OWNER/NAME, linear:TEAM or jira:KEY)",
            ));
        }
        let source = self
            .store
            .write(move |tx| sources::remove(tx, &key))
            .await
            .map_err(from_store)?;
        Ok(source_pb(source))
    }

    /// Write a workstream's move back to its source issue. Failures are
    /// events (`source_writeback`, ok false) and logs; the move stands.
    pub(crate) async fn workstream_moved(&self, ws: &Workstream, from: WorkstreamState) {
        let token = |name: &str| self.token(name);
        if let Err(e) =
            compass_dispatcher::writeback(&self.store, &self.http, ws, from, &token).await
        {
            tracing::warn!(workstream = %ws.id, error = %e, "writeback could not run");
        }
    }
}

fn status_pb(st: compass_dispatcher::Status) -> pb::DispatcherStatus {
    use compass_dispatcher::{BlockedKind, WaitingKind};
    let work = |w: compass_dispatcher::Work| pb::DispatcherWork {
        issue_key: w.issue_key,
        title: w.title,
        branch: w.branch,
        state: crate::convert::state(w.state).into(),
    };
    pb::DispatcherStatus {
        doing: st
            .doing
            .into_iter()
            .map(|d| pb::AgentDoing {
                agent: d.agent,
                status: crate::convert::agent_status(d.status).into(),
                current: d.current.into_iter().map(work).collect(),
                queued: d.queued.into_iter().map(work).collect(),
            })
            .collect(),
        blocked: st
            .blocked
            .into_iter()
            .map(|b| pb::BlockedItem {
                kind: match b.kind {
                    BlockedKind::AgentPaused => pb::BlockedKind::AgentPaused,
                    BlockedKind::AgentFailed => pb::BlockedKind::AgentFailed,
                    BlockedKind::WorkstreamPaused => pb::BlockedKind::WorkstreamPaused,
                    BlockedKind::WorkstreamFailed => pb::BlockedKind::WorkstreamFailed,
                    BlockedKind::SourceFailing => pb::BlockedKind::SourceFailing,
                }
                .into(),
                subject: b.subject,
                agent: b.agent,
                detail: b.detail,
            })
            .collect(),
        waiting: st
            .waiting
            .into_iter()
            .map(|w| pb::WaitingItem {
                kind: match w.kind {
                    WaitingKind::WardenPause => pb::WaitingKind::WardenPause,
                    WaitingKind::Review => pb::WaitingKind::Review,
                }
                .into(),
                agent: w.agent,
                issue_key: w.issue_key,
                detail: w.detail,
            })
            .collect(),
        unassigned: st.unassigned,
    }
}

fn optional_key(raw: String) -> Option<String> {
    (!raw.is_empty()).then_some(raw)
}

/// A merge check's answer.
pub(crate) fn merges_pb(r: crate::merges::Report) -> pb::CheckMergesResponse {
    pb::CheckMergesResponse {
        checked: r.checked,
        merged: r
            .merged
            .into_iter()
            .map(|m| pb::MergedWorkstream {
                workstream: Some(crate::convert::workstream(m.workstream)),
                repos: m.repos.into_iter().map(landed_pb).collect(),
            })
            .collect(),
        failures: r
            .failures
            .into_iter()
            .map(|f| pb::MergeCheckFailure {
                project_id: f.project_id,
                repo: f.repo,
                error: f.error,
            })
            .collect(),
    }
}
