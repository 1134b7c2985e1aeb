//! Status questions, answered from board state alone: who is doing what,
//! what is blocked, and what waits for the user (Warden's pauses, work in
//! review). Deterministic: the same board gives the same answer, in the
//! same order (agents by name, work by issue key).

use compass_core::agent::{AgentStatus, WARDEN_PAUSE_PREFIX};
use compass_core::source::{Health, Source};
use compass_core::workstream::WorkstreamState;
use compass_store::board::Board;

/// One piece of work on an agent's plate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Work {
    pub issue_key: String,
    pub title: String,
    pub branch: String,
    pub state: WorkstreamState,
}

/// What one agent is doing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doing {
    pub agent: String,
    pub status: AgentStatus,
    /// In progress, paused or failed: what the agent holds now.
    pub current: Vec<Work>,
    /// Assigned, not started.
    pub queued: Vec<Work>,
}

/// Why something cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum BlockedKind {
    /// The agent is paused (by Warden or the user).
    AgentPaused,
    /// The agent's process failed.
    AgentFailed,
    WorkstreamPaused,
    WorkstreamFailed,
    /// An issue source's last sync failed.
    SourceFailing,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    pub kind: BlockedKind,
    /// The agent's name, the issue key or the source's name.
    pub subject: String,
    pub agent: String,
    pub detail: String,
}

/// What waits for the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum WaitingKind {
    /// Warden paused the agent: allow once, resume, or stop it.
    WardenPause,
    /// Work in review: review and merge it (merge detection follows trunk).
    Review,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub kind: WaitingKind,
    pub agent: String,
    /// The issue key (reviews) or empty (pauses).
    pub issue_key: String,
    pub detail: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    pub doing: Vec<Doing>,
    pub blocked: Vec<Blocked>,
    pub waiting: Vec<Waiting>,
    /// Issues nobody holds yet.
    pub unassigned: u64,
}

/// The status of `boards` (one per project) and their `sources`.
pub fn status(boards: &[Board], sources: &[Source]) -> Status {
    let mut st = Status::default();
    for board in boards {
        for row in &board.rows {
            let Some(agent) = &row.agent else {
                st.unassigned += row
                    .columns
                    .iter()
                    .flat_map(|(_, cards)| cards)
                    .filter(|c| c.workstream.is_none())
                    .count() as u64;
                continue;
            };
            let name = agent.name.as_str().to_owned();
            let mut doing = Doing {
                agent: name.clone(),
                status: agent.status,
                current: Vec::new(),
                queued: Vec::new(),
            };
            match agent.status {
                AgentStatus::Paused if agent.status_reason.starts_with(WARDEN_PAUSE_PREFIX) => {
                    st.waiting.push(Waiting {
                        kind: WaitingKind::WardenPause,
                        agent: name.clone(),
                        issue_key: String::new(),
                        detail: agent.status_reason.clone(),
                    });
                    st.blocked
                        .push(blocked(BlockedKind::AgentPaused, &name, &name, agent));
                }
                AgentStatus::Paused => {
                    st.blocked
                        .push(blocked(BlockedKind::AgentPaused, &name, &name, agent));
                }
                AgentStatus::Failed => {
                    st.blocked
                        .push(blocked(BlockedKind::AgentFailed, &name, &name, agent));
                }
                AgentStatus::Idle | AgentStatus::Running | AgentStatus::Retired => {}
            }
            for card in row.columns.iter().flat_map(|(_, cards)| cards) {
                let Some(ws) = &card.workstream else { continue };
                let work = Work {
                    issue_key: card.issue.key.clone(),
                    title: card.issue.title.clone(),
                    branch: ws.branch.clone(),
                    state: ws.state,
                };
                match ws.state {
                    WorkstreamState::Backlog => doing.queued.push(work),
                    WorkstreamState::InProgress => doing.current.push(work),
                    WorkstreamState::InReview => st.waiting.push(Waiting {
                        kind: WaitingKind::Review,
                        agent: name.clone(),
                        issue_key: work.issue_key,
                        detail: work.branch,
                    }),
                    WorkstreamState::Paused | WorkstreamState::Failed => {
                        let kind = if ws.state == WorkstreamState::Paused {
                            BlockedKind::WorkstreamPaused
                        } else {
                            BlockedKind::WorkstreamFailed
                        };
                        st.blocked.push(Blocked {
                            kind,
                            subject: work.issue_key.clone(),
                            agent: name.clone(),
                            detail: work.branch.clone(),
                        });
                        doing.current.push(work);
                    }
                    WorkstreamState::Merged => {}
                }
            }
            doing
                .current
                .sort_by(|a, b| key_order(&a.issue_key, &b.issue_key));
            doing
                .queued
                .sort_by(|a, b| key_order(&a.issue_key, &b.issue_key));
            st.doing.push(doing);
        }
    }
    for s in sources.iter().filter(|s| s.health == Health::Failing) {
        st.blocked.push(Blocked {
            kind: BlockedKind::SourceFailing,
            subject: s.config.describe(),
            agent: String::new(),
            detail: s.last_error.clone(),
        });
    }
    st.doing.sort_by(|a, b| a.agent.cmp(&b.agent));
    st.blocked.sort_by(|a, b| {
        (a.kind, &a.agent)
            .cmp(&(b.kind, &b.agent))
            .then_with(|| key_order(&a.subject, &b.subject))
    });
    st.waiting.sort_by(|a, b| {
        (a.kind, &a.agent)
            .cmp(&(b.kind, &b.agent))
            .then_with(|| key_order(&a.issue_key, &b.issue_key))
    });
    st
}

fn blocked(
    kind: BlockedKind,
    subject: &str,
    agent: &str,
    a: &compass_core::agent::Agent,
) -> Blocked {
    Blocked {
        kind,
        subject: subject.to_owned(),
        agent: agent.to_owned(),
        detail: a.status_reason.clone(),
    }
}

/// Issue keys (`demo-9`, `demo-10`) in numeric order, others as text.
fn key_order(a: &str, b: &str) -> std::cmp::Ordering {
    let split = |k: &str| {
        k.rsplit_once('-')
            .and_then(|(p, n)| n.parse::<u64>().ok().map(|n| (p.to_owned(), n)))
    };
    match (split(a), split(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        _ => a.cmp(b),
    }
}

#[cfg(test)]
mod tests {
    use super::key_order;
    use std::cmp::Ordering;

    #[test]
    fn issue_keys_sort_by_number() {
        assert_eq!(key_order("demo-9", "demo-10"), Ordering::Less);
        assert_eq!(key_order("demo-10", "demo-10"), Ordering::Equal);
        assert_eq!(key_order("app-1", "demo-0"), Ordering::Less);
        assert_eq!(key_order("x", "demo-1"), Ordering::Greater);
    }
}
