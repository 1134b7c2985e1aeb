//! The agents' MCP channel wired into the daemon: the relay's pushes
//! recorded as each repo's push state, the user's answers delivered to the
//! asking agent (to its waiting `ask` call, else as a prompt), and what the
//! channel adds to the workstream and board replies. The tools themselves
//! are `compass_dispatcher::mcp`'s.

use crate::convert;
use crate::fleet::Fleet;
use crate::push_relay::Decided;
use compass_core::channel::{AskDelivery, PushState};
use compass_core::id::AgentId;
use compass_core::workstream::Workstream;
use compass_dispatcher::mcp::{Answered, Channel};
use compass_proto::v1 as pb;
use compass_store::{
    Connection, Store, StoreError, agents, asks, board, channel, issues, workstreams,
};
use std::sync::Arc;

/// Records what the push relay decided as the push state of the agent's
/// workstream on that branch (a branch that is no workstream's is left),
/// and a forward as the tip merge detection watches; then rings merge
/// detection (after the record, so the check it starts sees it).
#[derive(Debug)]
pub(crate) struct RecordPushes {
    pub(crate) store: Store,
    pub(crate) forwarded: Arc<tokio::sync::Notify>,
}

impl crate::push_relay::PushObserver for RecordPushes {
    fn decided(
        &self,
        agent: &AgentId,
        repo: &str,
        refs: Vec<(String, Option<String>)>,
        decided: Decided,
    ) {
        let (store, agent, repo) = (self.store.clone(), agent.clone(), repo.to_owned());
        let ring = Arc::clone(&self.forwarded);
        let (state, trunk) = match decided {
            Decided::Forwarded { trunk } => (PushState::Pushed, Some(trunk)),
            Decided::Refused => (PushState::Refused, None),
        };
        let forwarded = trunk.is_some();
        // The relay is answering git; the record follows, off its path.
        tokio::spawn(async move {
            let written = store
                .write(move |tx| {
                    let me = agents::get(tx.conn(), agent.as_str(), None)?;
                    let mine: Vec<Workstream> =
                        workstreams::list(tx.conn(), me.project_id.as_str())?
                            .into_iter()
                            .filter(|w| w.agent_id == agent)
                            .collect();
                    for (refname, new) in refs {
                        let Some(branch) = refname.strip_prefix("refs/heads/") else {
                            continue;
                        };
                        if let Some(ws) = mine.iter().find(|w| w.branch == branch) {
                            if let (Some(trunk), Some(commit)) = (&trunk, &new) {
                                channel::record_forward(
                                    tx,
                                    &ws.id,
                                    &repo,
                                    commit,
                                    trunk.as_deref(),
                                )?;
                            }
                            let commit = new.unwrap_or_default();
                            channel::record_push(tx, ws, &repo, state, &commit)?;
                        }
                    }
                    Ok(())
                })
                .await;
            if let Err(error) = written {
                tracing::warn!(%error, "could not record a push's state");
            }
            if forwarded {
                ring.notify_one();
            }
        });
    }
}

/// Answer question `id`: recorded, then handed to the `ask` call waiting
/// for it, else sent to the agent as a prompt (kept when it is not
/// running). The delivery is an event.
pub(crate) async fn answer(
    store: &Store,
    channel: &Channel,
    fleet: &Fleet,
    id: String,
    text: String,
) -> Result<(compass_core::channel::Ask, AskDelivery, String), StoreError> {
    let answer = text.clone();
    let ask = store
        .write(move |tx| asks::answer(tx, &id, &answer))
        .await?;
    let agent_id = ask.agent_id.clone();
    let agent = store
        .read(move |c| agents::get(c, agent_id.as_str(), None))
        .await?;
    let delivery = match channel.deliver(&ask.id, text.clone()) {
        Answered::ToolResult => AskDelivery::ToolResult,
        Answered::NotWaiting => {
            // The user's answer is trusted text; the question is quoted
            // so the agent knows which one it answers.
            let prompt = format!(
                "The user answered your question {} (\"{}\"):\n\n{text}",
                ask.id,
                ask.question.chars().take(200).collect::<String>()
            );
            match fleet.prompt(agent.id.as_str(), None, prompt).await {
                Ok(()) => AskDelivery::Prompt,
                Err(error) => {
                    tracing::info!(%error, ask = %ask.id, "the answer is kept: the agent cannot take a prompt");
                    AskDelivery::Kept
                }
            }
        }
    };
    let (recorded, who) = (ask.clone(), agent.clone());
    store
        .write(move |tx| asks::delivered(tx, &recorded, &who, delivery))
        .await?;
    Ok((ask, delivery, agent.name.to_string()))
}

/// A workstream with what the channel adds: its issue key, queue entry,
/// pushes and pull requests.
pub(crate) fn workstream_full(
    conn: &Connection,
    ws: Workstream,
) -> Result<pb::Workstream, StoreError> {
    let entry = channel::entry(conn, &ws.id)?;
    let key = issues::get(conn, ws.issue_id.as_str())?.key;
    let prs = channel::pull_requests_of(conn, std::slice::from_ref(&ws.id))?
        .remove(&ws.id)
        .unwrap_or_default()
        .into_iter()
        .map(convert::pull_request)
        .collect();
    let mut out = convert::workstream(ws);
    out.issue_key = key;
    out.ready_at_ms = entry.ready_at_ms.unwrap_or(0);
    out.queue_position = entry.position.map_or(0, |p| p.saturating_add(1));
    out.queue_note = entry.note;
    out.queue_done = entry.done;
    out.pushes = entry.pushes.into_iter().map(convert::repo_push).collect();
    out.pull_requests = prs;
    Ok(out)
}

/// What the cards of `b` show beyond issue and state (see
/// [`convert::BoardExtras`]).
pub(crate) fn board_extras(
    conn: &Connection,
    b: &board::Board,
) -> Result<convert::BoardExtras, StoreError> {
    let mut extras = convert::BoardExtras {
        overlaps: crate::overlaps::of_board(conn, b)?,
        ..convert::BoardExtras::default()
    };
    let mut on_board = Vec::new();
    for row in &b.rows {
        for (_, cards) in &row.columns {
            for card in cards {
                extras
                    .keys
                    .insert(card.issue.id.clone(), card.issue.key.clone());
                if let Some(ws) = &card.workstream {
                    extras
                        .entries
                        .insert(ws.id.clone(), channel::entry(conn, &ws.id)?);
                    on_board.push(ws.id.clone());
                }
            }
        }
    }
    extras.pulls = channel::pull_requests_of(conn, &on_board)?
        .into_iter()
        .collect();
    Ok(extras)
}

/// Rings the pull request poll when an agent signals ready: a push the
/// relay forwarded before the signal gets its pull request now, not at the
/// next periodic poll.
#[derive(Debug)]
struct RingOnReady(Arc<tokio::sync::Notify>);

impl compass_dispatcher::mcp::ReadyListener for RingOnReady {
    fn ready(&self, _workstream: Workstream) {
        self.0.notify_one();
    }
}

/// The channel, built once at the composition root; `ready_for_push`
/// rings `poll` (the same bell as a forwarded push).
pub(crate) fn build(
    store: &Store,
    gate: Arc<dyn compass_core::gate::Gate>,
    ask_wait: std::time::Duration,
    poll: Arc<tokio::sync::Notify>,
) -> Arc<Channel> {
    Channel::new(
        store.clone(),
        gate,
        compass_dispatcher::mcp::ChannelOptions {
            ask_wait,
            ..Default::default()
        },
        Some(Arc::new(RingOnReady(poll))),
    )
}
