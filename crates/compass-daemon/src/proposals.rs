//! Assignment proposals and the conflict map wired into the daemon.
//!
//! The conflict map is refreshed from each in-flight (in progress, in
//! review) workstream's changed files, read by git inside its agent's
//! workload (`fleet/zones.rs`; a stopped agent keeps what was read last),
//! and stored per workstream; two in-flight workstreams that come to share
//! files raise one `workstreams_overlap` event (advisory: nothing is
//! blocked), and one `workstreams_overlap_ended` when their diffs part. Proposals come from `compass_dispatcher::propose` over that map,
//! each agent's queue and persona and the paths each issue names; they are
//! stored open and name the work they would overlap; an issue closed on
//! its tracker is proposed to no one. Only the user's approval creates a
//! workstream.

use crate::dispatch::Dispatch;
use crate::fleet::Fleet;
use crate::status::{from_store, invalid};
use compass_core::agent::AgentStatus;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::WorkstreamId;
use compass_core::project::Project;
use compass_core::proposal::{OverlapEnd, Proposal, Stale};
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_dispatcher::{Ask, Candidate, ConflictMap, Why, Zone, named_paths};
use compass_store::proposals::{NewProposal, Zones};
use compass_store::{Store, agents, issues, projects, proposals, sources, workstreams};
use std::collections::{BTreeMap, BTreeSet};
use tonic::Status;

/// The most issues one request may name.
const MAX_ISSUES: usize = 500;

/// States an agent's queue counts.
fn queued(state: WorkstreamState) -> bool {
    !matches!(state, WorkstreamState::Merged | WorkstreamState::Failed)
}

/// A zone as the map holds it; `None` for a path the map cannot hold.
fn zone(repo: &str, path: &str) -> Option<Zone> {
    Zone::new(repo, path)
}

/// Read each in-flight workstream's changed files (running agents), store
/// them, raise an event for each pair whose shared files grew or whose
/// overlap ended, and return the map with the agents' names. One refresh
/// of a project at a time (the merge watcher, `CheckMergesNow` and
/// `propose` all run it): each reads the files stored by the one before,
/// so an overlap is announced once.
pub(crate) async fn refresh_conflicts(
    store: &Store,
    fleet: &Fleet,
    dispatch: &Dispatch,
    project: &Project,
) -> Result<(ConflictMap, Vec<Workstream>), Status> {
    let _turn = dispatch.conflicts_turn(&project.id).await;
    let pid = project.id.0.clone();
    let (flying, names) = store
        .read(move |c| {
            let flying: Vec<Workstream> = workstreams::list(c, &pid)?
                .into_iter()
                .filter(|w| w.state.in_flight())
                .collect();
            let names: BTreeMap<_, _> = agents::list(c, Some(&pid), true)?
                .into_iter()
                .map(|a| (a.id, a.name.to_string()))
                .collect();
            Ok((flying, names))
        })
        .await
        .map_err(from_store)?;
    if flying.is_empty() {
        return Ok((ConflictMap::default(), flying));
    }
    let trunks = dispatch.trunk_histories(project).await;
    let ids: Vec<WorkstreamId> = flying.iter().map(|w| w.id.clone()).collect();
    let before = store
        .read(move |c| proposals::zones_of(c, &ids))
        .await
        .map_err(from_store)?;
    let mut zones = before.clone();
    let mut changed: BTreeMap<WorkstreamId, Zones> = BTreeMap::new();
    for ws in &flying {
        match fleet.changed_files(ws, project, &trunks).await {
            Ok(Some(files)) => {
                if before.get(&ws.id) != Some(&files) {
                    changed.insert(ws.id.clone(), files.clone());
                }
                zones.insert(ws.id.clone(), files);
            }
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(%error, workstream = %ws.id, "could not read the files it changes");
            }
        }
    }
    if !changed.is_empty() {
        let (flew, now) = (flying.clone(), zones.clone());
        store
            .write(move |tx| {
                // Only work still in flight as this commits: one that left
                // during the reads has had its "ended" event already.
                let mut still = Vec::with_capacity(flew.len());
                for ws in flew {
                    if workstreams::get(tx.conn(), ws.id.as_str())?
                        .state
                        .in_flight()
                    {
                        still.push(ws);
                    }
                }
                let events = overlap_events(&still, &before, &now, &changed);
                for (id, now) in &changed {
                    proposals::set_zones(tx, id, now)?;
                }
                for event in events {
                    tx.emit(event)?;
                }
                Ok(())
            })
            .await
            .map_err(from_store)?;
    }
    let mut map = ConflictMap::default();
    for ws in &flying {
        let held: BTreeSet<Zone> = zones
            .get(&ws.id)
            .into_iter()
            .flatten()
            .filter_map(|(r, p)| zone(r, p))
            .collect();
        let agent = names.get(&ws.agent_id).cloned().unwrap_or_default();
        map.set(ws.id.as_str(), &agent, held);
    }
    Ok((map, flying))
}

/// For each pair of in-flight workstreams with at least one `changed`
/// diff: `workstreams_overlap` when they came to share a file they did not
/// share `before`, `workstreams_overlap_ended` when they shared files and
/// no longer do. The event is about the changed one (the first, if both).
fn overlap_events(
    flying: &[Workstream],
    before: &BTreeMap<WorkstreamId, Zones>,
    now: &BTreeMap<WorkstreamId, Zones>,
    changed: &BTreeMap<WorkstreamId, Zones>,
) -> Vec<NewEvent> {
    let none = Zones::new();
    let files = |map: &BTreeMap<WorkstreamId, Zones>, a: &Workstream, b: &Workstream| {
        let of = |w: &Workstream| map.get(&w.id).unwrap_or(&none);
        of(a).intersection(of(b)).cloned().collect::<Zones>()
    };
    let mut events = Vec::new();
    for (i, a) in flying.iter().enumerate() {
        for b in &flying[i + 1..] {
            let (me, other) = match (changed.contains_key(&a.id), changed.contains_key(&b.id)) {
                (true, _) => (a, b),
                (false, true) => (b, a),
                (false, false) => continue,
            };
            let (was, is) = (files(before, me, other), files(now, me, other));
            let kind = if !is.is_subset(&was) {
                EventKind::WorkstreamsOverlap {
                    other_workstream_id: other.id.clone(),
                    other_agent_id: other.agent_id.clone(),
                    paths: proposals::labels(&is),
                }
            } else if is.is_empty() && !was.is_empty() {
                EventKind::WorkstreamsOverlapEnded {
                    other_workstream_id: other.id.clone(),
                    other_agent_id: other.agent_id.clone(),
                    why: OverlapEnd::FilesApart,
                }
            } else {
                continue;
            };
            events.push(NewEvent {
                scope: Scope::of_workstream(me),
                kind,
            });
        }
    }
    events
}

/// Why, in words.
fn reason(why: &Why, behind: Option<&str>) -> String {
    match why {
        Why::Overlap { zones } => format!(
            "holds work on {} — ordered behind {}",
            zones
                .iter()
                .map(|z| format!("{}:{}", z.repo, z.path))
                .collect::<Vec<_>>()
                .join(", "),
            behind.unwrap_or("it")
        ),
        Why::Persona { words } => format!("persona matches: {}", words.join(", ")),
        Why::ShortestQueue => "no overlap or persona match: the shortest queue".to_owned(),
    }
}

/// Propose an agent for each of `keys` (none: every issue of `project`
/// without a workstream or an open proposal), and store the proposals.
pub(crate) async fn propose(
    store: &Store,
    fleet: &Fleet,
    dispatch: &Dispatch,
    project: String,
    keys: Vec<String>,
) -> Result<Vec<Proposal>, Status> {
    if project.is_empty() {
        return Err(invalid("project", "is required"));
    }
    if keys.len() > MAX_ISSUES {
        return Err(invalid(
            "issues",
            format!("{} given; the limit is {MAX_ISSUES}", keys.len()),
        ));
    }
    let project = store
        .read(move |c| projects::get(c, &project))
        .await
        .map_err(from_store)?;
    let (map, repos) = map_and_repos(store, fleet, dispatch, &project).await?;
    let pid = project.id.0.clone();
    let (issues, candidates) = store
        .read(move |c| {
            let all = workstreams::list(c, &pid)?;
            let open: BTreeSet<_> = proposals::list(c, None, false)?
                .into_iter()
                .map(|p| p.issue_id)
                .collect();
            let closed = sources::closed_issues(c, &compass_core::id::ProjectId(pid.clone()))?;
            let issues = if keys.is_empty() {
                issues::list(c, &pid)?
                    .into_iter()
                    .filter(|i| {
                        !all.iter().any(|w| w.issue_id == i.id)
                            && !open.contains(&i.id)
                            && !closed.contains_key(&i.id)
                    })
                    .collect()
            } else {
                let mut named = Vec::with_capacity(keys.len());
                for k in &keys {
                    let issue = issues::get(c, k)?;
                    if issue.project_id.0 != pid {
                        return Err(compass_store::StoreError::NotFound {
                            what: "issue in this project",
                            key: k.clone(),
                        });
                    }
                    if let Some(w) = all.iter().find(|w| w.issue_id == issue.id) {
                        return Err(compass_store::StoreError::Conflict(format!(
                            "issue {} is assigned already ({})",
                            issue.key, w.id
                        )));
                    }
                    match closed.get(&issue.id) {
                        Some(Stale::Gone) => {
                            return Err(compass_store::StoreError::Conflict(format!(
                                "issue {} was deleted from its tracker",
                                issue.key
                            )));
                        }
                        Some(_) => {
                            return Err(compass_store::StoreError::Conflict(format!(
                                "issue {} is closed on its tracker",
                                issue.key
                            )));
                        }
                        None => {}
                    }
                    named.push(issue);
                }
                named
            };
            let candidates: Vec<(compass_core::id::AgentId, Candidate)> =
                agents::list(c, Some(&pid), false)?
                    .into_iter()
                    .filter(|a| a.status != AgentStatus::Retired)
                    .map(|a| {
                        let queue = all
                            .iter()
                            .filter(|w| w.agent_id == a.id && queued(w.state))
                            .count();
                        let candidate = Candidate {
                            agent: a.name.to_string(),
                            persona: a.persona.clone().unwrap_or_default(),
                            queue,
                        };
                        (a.id, candidate)
                    })
                    .collect();
            Ok((issues, candidates))
        })
        .await
        .map_err(from_store)?;
    let asks: Vec<Ask> = issues.iter().map(|i| ask_of(i, &repos)).collect();
    let team: Vec<Candidate> = candidates.iter().map(|(_, c)| c.clone()).collect();
    let made = compass_dispatcher::propose(&asks, &team, &map);
    let mut news = Vec::with_capacity(made.len());
    for (p, ask) in made.iter().zip(&asks) {
        let (Some(issue), Some((agent, _))) = (
            issues.iter().find(|i| i.key == p.issue_key),
            candidates.iter().find(|(_, c)| c.agent == p.agent),
        ) else {
            continue;
        };
        news.push(NewProposal {
            issue: issue.id.clone(),
            agent: agent.clone(),
            behind: p.behind.clone().unwrap_or_default(),
            reason: reason(&p.why, p.behind.as_deref()),
            overlaps: overlap_notes(&map, ask),
        });
    }
    store
        .write(move |tx| {
            news.into_iter()
                .map(|n| proposals::create(tx, n))
                .collect::<Result<Vec<_>, _>>()
        })
        .await
        .map_err(from_store)
}

/// The project's conflict map, refreshed now, and its repos' names (what
/// the paths an issue names are read against).
async fn map_and_repos(
    store: &Store,
    fleet: &Fleet,
    dispatch: &Dispatch,
    project: &Project,
) -> Result<(ConflictMap, Vec<String>), Status> {
    let (map, _) = refresh_conflicts(store, fleet, dispatch, project).await?;
    let repos = crate::fleet::repo_names(&project.repos)
        .map_err(|e| invalid("project", e))?
        .into_iter()
        .map(|n| n.as_str().to_owned())
        .collect();
    Ok((map, repos))
}

/// What the Dispatcher reads of an issue: its text and the paths it names.
fn ask_of(issue: &compass_core::issue::Issue, repos: &[String]) -> Ask {
    let text = format!(
        "{}\n{}\n{}",
        issue.title,
        issue.body,
        issue.labels.join(" ")
    );
    Ask {
        issue_key: issue.key.clone(),
        zones: named_paths(&text, repos),
        text,
    }
}

/// Each in-flight workstream `ask` would overlap, with the shared zones.
fn overlap_notes(map: &ConflictMap, ask: &Ask) -> Vec<String> {
    map.overlaps(&ask.zones, None)
        .into_iter()
        .map(|o| {
            format!(
                "{} ({}): {}",
                o.workstream,
                o.agent,
                o.zones
                    .iter()
                    .map(|z| format!("{}:{}", z.repo, z.path))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect()
}

/// Pickup's other half: when `merged`'s agent — a named one, not paused or
/// failed — is left with no work in flight or waiting and no open
/// proposal, it is *proposed* its next issue from the project backlog
/// (issues no workstream or open proposal holds): the one whose files its
/// zones overlap, else the one its persona matches best, else the oldest.
/// Only a proposal: the user approves it; nothing starts on its own.
pub(crate) async fn propose_next(
    store: &Store,
    fleet: &Fleet,
    dispatch: &Dispatch,
    merged: &Workstream,
) -> Result<Option<Proposal>, Status> {
    let (agent, pid) = (merged.agent_id.clone(), merged.project_id.clone());
    let found = store
        .read(move |c| {
            let me = agents::get(c, agent.as_str(), None)?;
            let all = workstreams::list(c, pid.as_str())?;
            let open = proposals::list(c, None, false)?;
            let idle = me.lifetime == compass_core::agent::Lifetime::Persistent
                && !matches!(
                    me.status,
                    AgentStatus::Paused | AgentStatus::Failed | AgentStatus::Retired
                )
                && !all.iter().any(|w| w.agent_id == me.id && queued(w.state))
                && !open.iter().any(|p| p.agent_id == me.id);
            if !idle {
                return Ok(None);
            }
            let closed = sources::closed_issues(c, &pid)?;
            let backlog: Vec<_> = issues::list(c, pid.as_str())?
                .into_iter()
                .filter(|i| {
                    !all.iter().any(|w| w.issue_id == i.id)
                        && !open.iter().any(|p| p.issue_id == i.id)
                        && !closed.contains_key(&i.id)
                })
                .collect();
            Ok(Some((me, projects::get(c, pid.as_str())?, backlog)))
        })
        .await
        .map_err(from_store)?;
    let Some((me, project, backlog)) = found else {
        return Ok(None);
    };
    if backlog.is_empty() {
        return Ok(None);
    }
    let (map, repos) = map_and_repos(store, fleet, dispatch, &project).await?;
    let asks: Vec<Ask> = backlog.iter().map(|i| ask_of(i, &repos)).collect();
    let team = [Candidate {
        agent: me.name.to_string(),
        persona: me.persona.clone().unwrap_or_default(),
        queue: 0,
    }];
    let made = compass_dispatcher::propose(&asks, &team, &map);
    // Oldest first within each rank: the backlog is listed in creation order.
    let rank = |why: &Why| match why {
        Why::Overlap { .. } => 0,
        Why::Persona { .. } => 1,
        Why::ShortestQueue => 2,
    };
    let Some((best, ask)) = made.iter().zip(&asks).min_by_key(|(p, _)| rank(&p.why)) else {
        return Ok(None);
    };
    let Some(issue) = backlog.iter().find(|i| i.key == best.issue_key) else {
        return Ok(None);
    };
    let new = NewProposal {
        issue: issue.id.clone(),
        agent: me.id.clone(),
        behind: best.behind.clone().unwrap_or_default(),
        reason: format!(
            "next for {} after its work merged; {}",
            me.name,
            reason(&best.why, best.behind.as_deref())
        ),
        overlaps: overlap_notes(&map, ask),
    };
    store
        .write(move |tx| proposals::create(tx, new))
        .await
        .map(Some)
        .map_err(from_store)
}
