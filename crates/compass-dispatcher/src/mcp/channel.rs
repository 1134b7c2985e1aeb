//! What each of the agents' tools does, for one calling agent: resolve the
//! caller's own workstream, pass agent text a model may read later through
//! Warden's input gate, write the store (each change with its event), and
//! hold an `ask` open until the user answers or its wait runs out.

use crate::error::ChannelError;
use compass_core::agent::Agent;
use compass_core::channel::{Ask, MAX_TEXT_LEN, McpTool};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::gate::{Decision, Gate, GateRequest, InputItem};
use compass_core::id::{AgentId, AskId, WorkstreamId};
use compass_core::issue::{Issue, Priority};
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_store::channel::QueueChange;
use compass_store::{Store, agents, asks, channel, issues, projects, workstreams};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::oneshot;

/// Told when an agent signals a workstream ready for push (the daemon's
/// forge opens pull requests for repos already pushed).
pub trait ReadyListener: Send + Sync {
    fn ready(&self, workstream: Workstream);
}

/// The channel's settings.
#[derive(Debug, Clone)]
pub struct ChannelOptions {
    /// How long an `ask` call waits for the user's answer before it returns
    /// "no answer yet"; a later answer then reaches the agent as a prompt.
    pub ask_wait: Duration,
    /// The most unanswered questions one agent may have open: past it,
    /// `ask` is refused until the user answers (an agent cannot bury the
    /// user's "waiting for me" under questions).
    pub max_open_asks: u32,
}

impl Default for ChannelOptions {
    fn default() -> Self {
        Self {
            ask_wait: Duration::from_secs(600),
            max_open_asks: 8,
        }
    }
}

/// How an answer given by the user was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answered {
    /// An `ask` call was waiting: it returns the answer as its result.
    ToolResult,
    /// No call waits for it (timed out, or the agent restarted).
    NotWaiting,
}

/// The Dispatcher's side of every agent's channel (one per daemon).
pub struct Channel {
    store: Store,
    gate: Arc<dyn Gate>,
    options: ChannelOptions,
    /// `ask` calls waiting for their answer.
    waiting: Mutex<HashMap<AskId, oneshot::Sender<String>>>,
    ready: Option<Arc<dyn ReadyListener>>,
}

impl std::fmt::Debug for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Channel")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// The arguments of `ready_for_push`.
#[derive(Debug, Clone, Default)]
pub(crate) struct ReadyArgs {
    pub(crate) issue: Option<String>,
    pub(crate) repos: Option<Vec<String>>,
    pub(crate) summary: String,
}

/// The arguments of `file_issue`.
#[derive(Debug, Clone, Default)]
pub(crate) struct FileArgs {
    pub(crate) title: String,
    pub(crate) body: String,
    pub(crate) labels: Vec<String>,
    pub(crate) priority: Option<String>,
    pub(crate) parent: Option<String>,
}

/// The arguments of `update_queue` (issue keys, the caller's own).
#[derive(Debug, Clone, Default)]
pub(crate) struct QueueArgs {
    pub(crate) order: Vec<String>,
    pub(crate) notes: Vec<(String, String)>,
    pub(crate) done: Vec<String>,
}

fn check_text(field: &'static str, text: &str) -> Result<(), ChannelError> {
    if text.len() > MAX_TEXT_LEN {
        return Err(ChannelError::Invalid {
            field,
            message: format!("is {} bytes; the limit is {MAX_TEXT_LEN}", text.len()),
        });
    }
    if text.contains('\0') {
        return Err(ChannelError::Invalid {
            field,
            message: "must not contain NUL".into(),
        });
    }
    Ok(())
}

impl Channel {
    pub fn new(
        store: Store,
        gate: Arc<dyn Gate>,
        options: ChannelOptions,
        ready: Option<Arc<dyn ReadyListener>>,
    ) -> Arc<Self> {
        Arc::new(Self {
            store,
            gate,
            options,
            waiting: Mutex::new(HashMap::new()),
            ready,
        })
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, HashMap<AskId, oneshot::Sender<String>>> {
        // Nothing holding the lock can panic halfway through.
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hand the user's answer to the `ask` call waiting for it, if one is.
    pub fn deliver(&self, ask: &AskId, answer: String) -> Answered {
        // Under the lock: a call that gave up has removed itself first, so
        // an answer is either taken by its call or by the caller's prompt.
        let mut waiting = self.waiting();
        match waiting.remove(ask).map(|tx| tx.send(answer)) {
            Some(Ok(())) => Answered::ToolResult,
            Some(Err(_)) | None => Answered::NotWaiting,
        }
    }

    /// Record a refused call as an event (what the agent was told).
    pub(crate) async fn refused(&self, agent: &AgentId, tool: McpTool, error: &str) {
        let agent_row = agent.clone();
        let project = self
            .store
            .read(move |c| agents::get(c, agent_row.as_str(), None))
            .await
            .ok()
            .map(|a| a.project_id);
        let (agent, error) = (agent.clone(), error.to_owned());
        let written = self
            .store
            .write(move |tx| {
                tx.emit(NewEvent {
                    scope: Scope {
                        project_id: project,
                        agent_id: Some(agent),
                        ..Scope::default()
                    },
                    kind: EventKind::McpCallRefused { tool, error },
                })
            })
            .await;
        if let Err(error) = written {
            tracing::warn!(%error, "could not record a refused MCP call");
        }
    }

    async fn caller(&self, agent: &AgentId) -> Result<Agent, ChannelError> {
        let id = agent.clone();
        Ok(self
            .store
            .read(move |c| agents::get(c, id.as_str(), None))
            .await?)
    }

    /// The caller's workstream named by `issue` (a key or id), or, when
    /// none is named, its one workstream in progress (or its only open
    /// one). Work of another agent is refused, never acted on.
    async fn own_workstream(
        &self,
        agent: &Agent,
        issue: Option<&str>,
    ) -> Result<(Workstream, Issue), ChannelError> {
        let (project, me, issue) = (
            agent.project_id.clone(),
            agent.id.clone(),
            issue.map(str::to_owned),
        );
        let name = agent.name.to_string();
        self.store
            .read(move |c| {
                let all = workstreams::list(c, project.as_str())?;
                if let Some(key) = issue {
                    let found = match issues::get(c, &key) {
                        Ok(i) if i.project_id == project => i,
                        _ => {
                            return Ok(Err(ChannelError::Invalid {
                                field: "issue",
                                message: format!("no issue {key:?} in this project"),
                            }));
                        }
                    };
                    return Ok(match all.into_iter().find(|w| w.issue_id == found.id) {
                        Some(ws) if ws.agent_id == me => Ok((ws, found)),
                        Some(_) => Err(ChannelError::NotYours(format!(
                            "issue {} is another agent's workstream; you ({name}) can act only on your own",
                            found.key
                        ))),
                        None => Err(ChannelError::NotYours(format!(
                            "issue {} is not assigned to you ({name})",
                            found.key
                        ))),
                    });
                }
                let mine: Vec<Workstream> = all
                    .into_iter()
                    .filter(|w| w.agent_id == me && w.state != WorkstreamState::Merged)
                    .collect();
                let in_progress: Vec<&Workstream> = mine
                    .iter()
                    .filter(|w| w.state == WorkstreamState::InProgress)
                    .collect();
                let pick = match (in_progress.as_slice(), mine.as_slice()) {
                    ([one], _) => Some((*one).clone()),
                    ([], [only]) => Some(only.clone()),
                    _ => None,
                };
                Ok(match pick {
                    Some(ws) => {
                        let issue = issues::get(c, ws.issue_id.as_str())?;
                        Ok((ws, issue))
                    }
                    None if mine.is_empty() => Err(ChannelError::NoCurrent(format!(
                        "you ({name}) have no open workstream"
                    ))),
                    None => {
                        let keys: Vec<String> = mine
                            .iter()
                            .filter_map(|w| issues::get(c, w.issue_id.as_str()).ok())
                            .map(|i| i.key)
                            .collect();
                        Err(ChannelError::NoCurrent(format!(
                            "you have several open workstreams; name one with the `issue` argument: {}",
                            keys.join(", ")
                        )))
                    }
                })
            })
            .await?
    }

    /// Agent text a model may read later passes Warden's input gate; a
    /// flag refuses the call (Warden pauses the agent and tells the user).
    async fn gate_text(
        &self,
        agent: &AgentId,
        field: &'static str,
        text: &str,
    ) -> Result<(), ChannelError> {
        if text.is_empty() {
            return Ok(());
        }
        let request = GateRequest::Input {
            agent: agent.clone(),
            item: InputItem {
                source: format!("mcp:{field}:{}", blake3::hash(text.as_bytes()).to_hex()),
                content: text.to_owned(),
            },
        };
        match self.gate.check(&request).await.decision {
            Decision::Flag { reason } => Err(ChannelError::Withheld { field, reason }),
            Decision::Clear | Decision::Caution { .. } => Ok(()),
        }
    }

    pub(crate) async fn ready_for_push(
        &self,
        agent: &AgentId,
        args: ReadyArgs,
    ) -> Result<Value, ChannelError> {
        check_text("summary", &args.summary)?;
        let caller = self.caller(agent).await?;
        let (ws, issue) = self.own_workstream(&caller, args.issue.as_deref()).await?;
        let project_id = caller.project_id.to_string();
        let project = self
            .store
            .read(move |c| projects::get(c, &project_id))
            .await?;
        let all: Vec<String> = project
            .repos
            .iter()
            .map(|r| compass_core::project::repo_dir_name(r.location()))
            .collect();
        let repos = match args.repos {
            None => all.clone(),
            Some(named) if named.is_empty() => {
                return Err(ChannelError::Invalid {
                    field: "repos",
                    message: "name at least one repo, or leave it out for all".into(),
                });
            }
            Some(named) => {
                if let Some(bad) = named.iter().find(|r| !all.contains(r)) {
                    return Err(ChannelError::Invalid {
                        field: "repos",
                        message: format!(
                            "{bad:?} is not a repo of this project; its repos: {}",
                            all.join(", ")
                        ),
                    });
                }
                let mut named = named;
                named.sort();
                named.dedup();
                named
            }
        };
        self.gate_text(agent, "summary", &args.summary).await?;
        let (w, r, summary) = (ws.clone(), repos.clone(), args.summary);
        let entry = self
            .store
            .write(move |tx| channel::mark_ready(tx, &w, &r, &summary))
            .await?;
        if let Some(listener) = &self.ready {
            listener.ready(ws.clone());
        }
        let pushes: Vec<Value> = entry
            .pushes
            .iter()
            .filter(|p| repos.contains(&p.repo))
            .map(|p| json!({"repo": p.repo, "state": p.state.as_str(), "commit": p.commit}))
            .collect();
        Ok(json!({
            "issue": issue.key,
            "branch": ws.branch,
            "repos": pushes,
            "note": "recorded; push each repo's branch (git push) if you have not: the push is what Warden checks and forwards",
        }))
    }

    pub(crate) async fn file_issue(
        &self,
        agent: &AgentId,
        args: FileArgs,
    ) -> Result<Value, ChannelError> {
        compass_core::issue::check_fields(&args.title, &args.body, &args.labels).map_err(|e| {
            ChannelError::Invalid {
                field: "issue",
                message: e.to_string(),
            }
        })?;
        let priority = match args.priority.as_deref() {
            None => Priority::None,
            Some(raw) => Priority::parse(raw).ok_or_else(|| ChannelError::Invalid {
                field: "priority",
                message: format!("{raw:?} is not one of none, urgent, high, medium, low"),
            })?,
        };
        let caller = self.caller(agent).await?;
        let (_, parent) = self.own_workstream(&caller, args.parent.as_deref()).await?;
        // The body is read later by whichever agent takes the issue.
        self.gate_text(agent, "title", &args.title).await?;
        self.gate_text(agent, "body", &args.body).await?;
        let project = caller.project_id.to_string();
        let new = issues::NewIssue {
            project,
            title: args.title,
            body: args.body,
            labels: args.labels,
            parent: Some(parent.key.clone()),
            priority,
        };
        let issue = self.store.write(move |tx| issues::create(tx, new)).await?;
        Ok(json!({"issue": issue.key, "parent": parent.key, "title": issue.title}))
    }

    /// Ask the user; wait for the answer up to the channel's `ask_wait`.
    pub(crate) async fn ask(
        &self,
        agent: &AgentId,
        question: String,
        issue: Option<String>,
    ) -> Result<Value, ChannelError> {
        if question.trim().is_empty() {
            return Err(ChannelError::Invalid {
                field: "question",
                message: "must not be empty".into(),
            });
        }
        check_text("question", &question)?;
        let caller = self.caller(agent).await?;
        let ws = match self.own_workstream(&caller, issue.as_deref()).await {
            Ok((ws, _)) => Some(ws.id),
            // A question needs no workstream; naming someone else's is refused.
            Err(ChannelError::NoCurrent(_)) if issue.is_none() => None,
            Err(e) => return Err(e),
        };
        let (who, limit) = (caller.clone(), self.options.max_open_asks);
        // Counted and opened in one write: concurrent calls cannot pass
        // the cap together.
        let opened: Option<Ask> = self
            .store
            .write(move |tx| {
                if asks::open_count(tx.conn(), &who.id)? >= limit {
                    return Ok(None);
                }
                asks::open(tx, &who, ws.as_ref(), &question).map(Some)
            })
            .await?;
        let Some(ask) = opened else {
            return Err(ChannelError::TooManyAsks { limit });
        };
        let (tx, mut rx) = oneshot::channel();
        self.waiting().insert(ask.id.clone(), tx);
        let answer = match tokio::time::timeout(self.options.ask_wait, &mut rx).await {
            Ok(Ok(answer)) => Some(answer),
            _ => {
                // Gave up: leave first, then look once more (an answer sent
                // just before is in the channel already).
                self.waiting().remove(&ask.id);
                rx.try_recv().ok()
            }
        };
        Ok(match answer {
            Some(answer) => json!({"ask": ask.id.0, "answered": true, "answer": answer}),
            None => json!({
                "ask": ask.id.0,
                "answered": false,
                "note": "no answer yet; the user's answer will reach you as a message",
            }),
        })
    }

    pub(crate) async fn update_queue(
        &self,
        agent: &AgentId,
        args: QueueArgs,
    ) -> Result<Value, ChannelError> {
        if args.order.is_empty() && args.notes.is_empty() && args.done.is_empty() {
            return Err(ChannelError::Invalid {
                field: "order",
                message: "nothing to change: give order, notes or done".into(),
            });
        }
        for (_, note) in &args.notes {
            check_text("notes", note)?;
        }
        let caller = self.caller(agent).await?;
        let mut ids: HashMap<String, WorkstreamId> = HashMap::new();
        let keys = args
            .order
            .iter()
            .chain(args.notes.iter().map(|(k, _)| k))
            .chain(args.done.iter());
        for key in keys {
            if !ids.contains_key(key) {
                let (ws, _) = self.own_workstream(&caller, Some(key)).await?;
                ids.insert(key.clone(), ws.id);
            }
        }
        for (_, note) in &args.notes {
            self.gate_text(agent, "notes", note).await?;
        }
        let id = |k: &String| {
            ids.get(k).cloned().ok_or_else(|| ChannelError::Invalid {
                field: "issue",
                message: format!("no issue {k:?}"),
            })
        };
        let change = QueueChange {
            order: args.order.iter().map(id).collect::<Result<_, _>>()?,
            notes: args
                .notes
                .iter()
                .map(|(k, n)| Ok((id(k)?, n.clone())))
                .collect::<Result<_, ChannelError>>()?,
            done: args.done.iter().map(id).collect::<Result<_, _>>()?,
        };
        let (me, project) = (caller.id.clone(), caller.project_id.clone());
        let queue = self
            .store
            .write(move |tx| {
                channel::update_queue(tx, &me, &project, &change)?;
                let queue = channel::queue(tx.conn(), &me, &project)?;
                queue
                    .into_iter()
                    .map(|(w, e)| {
                        let key = issues::get(tx.conn(), w.issue_id.as_str())?.key;
                        Ok(json!({"issue": key, "note": e.note, "done": e.done, "state": w.state.as_str()}))
                    })
                    .collect::<Result<Vec<Value>, compass_store::StoreError>>()
            })
            .await?;
        Ok(json!({"queue": queue}))
    }
}
