//! Pull requests wired into the daemon. A project repo is on a
//! GitHub-shaped forge when one of the project's GitHub sources names a
//! repository of the same name (`octo/app` for the repo `app`); that
//! source's API URL and token secret are used. Each poll (after every push
//! the relay forwards, on the merge timer, and on `CheckMerges`):
//!
//! - a workstream whose agent called `ready_for_push` and whose branch the
//!   relay forwarded gets a pull request (found open by head first, else
//!   opened into the default branch); a later forward of a new tip updates
//!   it (`pull_request_opened` with `updated`), and a workstream in progress
//!   moves to in review;
//! - each open pull request's state is read (a change from the recorded
//!   one is a `pull_request_state_changed` event), and what reviewers and CI said
//!   since (`compass_dispatcher::Feedback`) is made one structured prompt,
//!   passed through Warden's input gate, and sent to the owning agent;
//!   only once it was sent are those items recorded as handed back
//!   (`forge_feedback`), so an agent that cannot take it now gets it at the
//!   next poll, and never twice.
//!
//! A pull request's title is its issue's, which an agent may have filed
//! (`file_issue` passes only Warden's input gate): its title and body are
//! checked against every stored secret's value before the request is made,
//! and one that holds any is not opened (a `forge_failed` event says why).
//!
//! A failure (forge down, expired token, malformed answer, agent not
//! running) is a `forge_failed` event — once while it keeps failing the
//! same way — and nothing recorded moves, so the next poll retries.

use crate::fleet::Fleet;
use compass_core::channel::{PullState, PushState};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::gate::{Decision, Gate, GateRequest, InputItem};
use compass_core::id::WorkstreamId;
use compass_core::project::Project;
use compass_core::source::{GithubConfig, SourceConfig};
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_dispatcher::feedback::{MAX_ENTRIES, PullRef};
use compass_dispatcher::{DispatchError, Feedback, Http, PullRequests, Token};
use compass_store::channel::PullRequest;
use compass_store::{Store, StoreError, channel, issues, sources, workstreams};
use std::collections::BTreeMap;

/// The forge a project repo is on: one GitHub source's repo, API and token.
#[derive(Debug, Clone)]
struct Forge {
    source_id: String,
    config: GithubConfig,
    token_secret: String,
}

/// One workstream's repo that is ready for (or has) a pull request.
#[derive(Debug)]
struct Candidate {
    ws: Workstream,
    repo: String,
    forge: Forge,
    /// The last tip the relay forwarded.
    forwarded: String,
    pr: Option<PullRequest>,
    title: String,
    /// The source issue's number, when it is on this forge's repo.
    closes: Option<u64>,
}

/// Looks a token up by secret name.
pub(crate) type TokenOf<'a> = &'a (dyn Fn(&str) -> Result<Token, DispatchError> + Sync);

/// Pull requests across polls: the failures last recorded, and one poll at
/// a time.
#[derive(Debug, Default)]
pub(crate) struct Pulls {
    /// (workstream, repo) → the error last recorded as an event.
    failing: tokio::sync::Mutex<BTreeMap<(WorkstreamId, String), String>>,
}

/// States whose pull request is still worked on.
fn open(state: WorkstreamState) -> bool {
    matches!(
        state,
        WorkstreamState::InProgress | WorkstreamState::InReview
    )
}

/// The project repos on a GitHub-shaped forge, by repo name.
fn forges(project: &Project, all: Vec<compass_core::source::Source>) -> BTreeMap<String, Forge> {
    let names = crate::fleet::repo_names(&project.repos).unwrap_or_default();
    let mut out = BTreeMap::new();
    for s in all {
        let SourceConfig::Github(config) = s.config else {
            continue;
        };
        let Some(name) = config.repo.rsplit('/').next() else {
            continue;
        };
        if names.iter().any(|n| n.as_str() == name) {
            out.entry(name.to_owned()).or_insert(Forge {
                source_id: s.id.0.clone(),
                config,
                token_secret: s.token_secret,
            });
        }
    }
    out
}

impl Pulls {
    /// One poll of `project`'s pull requests. Returns the workstreams moved
    /// to in review (with where they came from) for the caller to settle.
    pub(crate) async fn poll(
        &self,
        store: &Store,
        http: &Http,
        token: TokenOf<'_>,
        fleet: &Fleet,
        project: &Project,
    ) -> Result<Vec<(Workstream, WorkstreamState)>, StoreError> {
        let mut failing = self.failing.lock().await;
        let candidates = Self::candidates(store, project).await?;
        let mut moved = Vec::new();
        for c in candidates {
            let key = (c.ws.id.clone(), c.repo.clone());
            let number = c.pr.as_ref().map_or(0, |p| p.number);
            let outcome = match token(&c.forge.token_secret) {
                Ok(token) => self.one(store, http, &token, fleet, c, &mut moved).await,
                Err(e) => Err(e.to_string()),
            };
            match outcome {
                Ok(()) => {
                    failing.remove(&key);
                }
                Err(error) if failing.get(&key) != Some(&error) => {
                    tracing::warn!(workstream = %key.0, repo = key.1, %error, "pull request poll failed");
                    failing.insert(key.clone(), error.clone());
                    record_failure(store, &key.0, key.1, number, error).await?;
                }
                Err(_) => {}
            }
        }
        Ok(moved)
    }

    /// Every open workstream's repo that is ready and forwarded, on a forge.
    async fn candidates(store: &Store, project: &Project) -> Result<Vec<Candidate>, StoreError> {
        let project = project.clone();
        store
            .read(move |c| {
                let forges = forges(&project, sources::list(c, Some(project.id.as_str()))?);
                let mut out = Vec::new();
                for ws in workstreams::list(c, project.id.as_str())? {
                    if !open(ws.state) {
                        continue;
                    }
                    let entry = channel::entry(c, &ws.id)?;
                    if entry.ready_at_ms.is_none() {
                        continue;
                    }
                    let issue = issues::get(c, ws.issue_id.as_str())?;
                    let link = sources::link_of(c, &ws.issue_id)?;
                    for (repo, forge) in &forges {
                        let pushed = entry
                            .pushes
                            .iter()
                            .any(|p| &p.repo == repo && p.state == PushState::Pushed);
                        let Some((forwarded, _)) = channel::forward(c, &ws.id, repo)? else {
                            continue;
                        };
                        if !pushed {
                            continue;
                        }
                        let closes = link
                            .as_ref()
                            .filter(|l| l.source_id.0 == forge.source_id)
                            .map(|l| l.number);
                        out.push(Candidate {
                            ws: ws.clone(),
                            repo: repo.clone(),
                            forge: forge.clone(),
                            forwarded,
                            pr: channel::pull_request(c, &ws.id, repo)?,
                            title: issue.title.clone(),
                            closes,
                        });
                    }
                }
                Ok(out)
            })
            .await
    }

    /// Open or update one pull request, then hand its new feedback over.
    async fn one(
        &self,
        store: &Store,
        http: &Http,
        token: &Token,
        fleet: &Fleet,
        c: Candidate,
        moved: &mut Vec<(Workstream, WorkstreamState)>,
    ) -> Result<(), String> {
        let prs = PullRequests::new(http, &c.forge.config, token);
        let stale = c.pr.as_ref().is_none_or(|p| p.head != c.forwarded);
        let pr = if stale {
            let body = format!(
                "Work of Compass workstream `{}`.{}",
                c.ws.branch,
                c.closes
                    .map(|n| format!("\n\nCloses #{n}"))
                    .unwrap_or_default()
            );
            // The title is the issue's, which an agent may have filed:
            // nothing holding a stored secret's value leaves for the forge.
            for (field, text) in [("title", &c.title), ("body", &body)] {
                if fleet.redaction().holds_secret(text) {
                    return Err(format!(
                        "the pull request's {field} holds the value of a stored secret, so it was not sent to the forge and no pull request is opened: the secret may have leaked to whoever filed the issue (rotate it)"
                    ));
                }
            }
            let opened = prs
                .open(&c.ws.branch, &c.title, &body)
                .await
                .map_err(|e| e.to_string())?;
            let (ws, repo, head) = (c.ws.clone(), c.repo.clone(), c.forwarded.clone());
            let (pr, review) = store
                .write(move |tx| {
                    channel::record_pull_request(
                        tx,
                        &ws,
                        &repo,
                        opened.number,
                        &opened.url,
                        &head,
                        !opened.created,
                    )?;
                    let review = if ws.state == WorkstreamState::InProgress {
                        Some(workstreams::set_state(
                            tx,
                            ws.id.as_str(),
                            WorkstreamState::InReview,
                        )?)
                    } else {
                        None
                    };
                    Ok((channel::pull_request(tx.conn(), &ws.id, &repo)?, review))
                })
                .await
                .map_err(|e| e.to_string())?;
            if let Some(ws) = review {
                moved.push((ws, WorkstreamState::InProgress));
            }
            pr.ok_or("the pull request was not recorded")?
        } else {
            c.pr.ok_or("no pull request")?
        };
        let view = prs.view(pr.number).await.map_err(|e| e.to_string())?;
        if view.state != pr.state {
            let (ws, repo, state) = (c.ws.clone(), c.repo.clone(), view.state);
            store
                .write(move |tx| channel::set_pull_state(tx, &ws, &repo, state))
                .await
                .map_err(|e| e.to_string())?;
        }
        if view.state != PullState::Open {
            return Ok(());
        }
        let items = prs
            .feedback(pr.number, &view.head_sha, &pr.handed_back)
            .await
            .map_err(|e| e.to_string())?;
        if items.is_empty() {
            return Ok(());
        }
        hand_back(store, fleet, &c.ws, &pr, &items).await
    }
}

/// Send `items` to the owning agent as one prompt, gated first; recorded
/// as handed back only once sent.
async fn hand_back(
    store: &Store,
    fleet: &Fleet,
    ws: &Workstream,
    pr: &PullRequest,
    items: &[Feedback],
) -> Result<(), String> {
    let items = &items[..items.len().min(MAX_ENTRIES)];
    let prompt = compass_dispatcher::feedback::prompt(
        PullRef {
            repo: &pr.repo,
            number: pr.number,
            url: &pr.url,
            branch: &ws.branch,
        },
        items,
    );
    // The forge's text is untrusted: Warden reads it before the agent does.
    let request = GateRequest::Input {
        agent: ws.agent_id.clone(),
        item: InputItem {
            source: format!("forge:{}#{}", pr.repo, pr.number),
            content: prompt.clone(),
        },
    };
    if let Decision::Flag { reason } = fleet.warden().check(&request).await.decision {
        return Err(format!(
            "Warden withheld the review feedback of #{}: {reason}",
            pr.number
        ));
    }
    fleet
        .prompt(ws.agent_id.as_str(), None, prompt)
        .await
        .map_err(|e| format!("the agent cannot take the review feedback now: {e}"))?;
    let failing = items
        .iter()
        .filter(|f| matches!(f, Feedback::FailingCheck { .. }))
        .count();
    let comments = items.len() - failing;
    let keys: Vec<String> = items.iter().map(Feedback::key).collect();
    let (ws, pr) = (ws.clone(), pr.clone());
    store
        .write(move |tx| {
            channel::record_feedback(
                tx,
                &ws,
                &pr,
                &keys,
                u32::try_from(comments).unwrap_or(u32::MAX),
                u32::try_from(failing).unwrap_or(u32::MAX),
            )
        })
        .await
        .map_err(|e| e.to_string())
}

async fn record_failure(
    store: &Store,
    ws: &WorkstreamId,
    repo: String,
    number: u64,
    error: String,
) -> Result<(), StoreError> {
    let id = ws.clone();
    store
        .write(move |tx| {
            let ws = workstreams::get(tx.conn(), id.as_str())?;
            tx.emit(NewEvent {
                scope: Scope::of_workstream(&ws),
                kind: EventKind::ForgeFailed {
                    workstream_id: ws.id,
                    repo,
                    number,
                    error,
                },
            })
            .map(drop)
        })
        .await
}
