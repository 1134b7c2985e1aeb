//! `compass agent …`: named agents — create, list, start, stop, pause,
//! resume, reload, prompt, read their stream, retire.

use crate::cli::{AgentCmd, AgentTarget};
use crate::client::{Client, Rpc, explain, resolve_project};
use crate::output::show;
use crate::{CliResult, out, render};
use anyhow::{Context, anyhow};
use compass_proto::v1 as pb;
use futures::StreamExt;

impl AgentTarget {
    fn reference(self) -> pb::AgentRef {
        pb::AgentRef {
            agent: self.agent,
            project: self.project.unwrap_or_default(),
        }
    }
}

pub(crate) async fn run(client: &mut Client, cmd: AgentCmd) -> CliResult {
    match cmd {
        AgentCmd::New {
            name,
            project,
            persona,
            kind,
            model,
            ephemeral,
            persistent,
            json,
        } => {
            let project = resolve_project(client, project).await?;
            let lifetime = if ephemeral {
                pb::Lifetime::Ephemeral
            } else if persistent {
                pb::Lifetime::Persistent
            } else {
                pb::Lifetime::Unspecified
            };
            let a = client
                .create_agent(pb::CreateAgentRequest {
                    project,
                    name: name.unwrap_or_default(),
                    persona: persona.unwrap_or_default(),
                    kind: kind.unwrap_or_default(),
                    model: model.unwrap_or_default(),
                    lifetime: lifetime.into(),
                })
                .await
                .rpc()?;
            show(json, &a, render::agent)
        }
        AgentCmd::List { project, all, json } => {
            let list = client
                .list_agents(pb::ListAgentsRequest {
                    project: project.unwrap_or_default(),
                    include_retired: all,
                })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .agents
                    .iter()
                    .map(|a| {
                        vec![
                            a.name.clone(),
                            a.id.clone(),
                            a.kind.clone(),
                            render::lifetime(a.lifetime),
                            render::agent_status(a.status),
                        ]
                    })
                    .collect();
                render::table(&["NAME", "ID", "KIND", "LIFETIME", "STATUS"], &rows)
            })
        }
        AgentCmd::Show {
            agent,
            project,
            json,
        } => {
            let a = client
                .get_agent(pb::GetAgentRequest {
                    agent,
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &a, render::agent)
        }
        AgentCmd::Start {
            agent,
            project,
            scenario,
            secrets,
        } => {
            let scenario = match scenario {
                Some(path) => fs_err::read_to_string(&path).context("reading the scenario")?,
                None => String::new(),
            };
            let agent = Some(pb::AgentRef {
                agent,
                project: project.unwrap_or_default(),
            });
            let a = client
                .start_agent(pb::StartAgentRequest {
                    agent,
                    scenario,
                    secrets,
                })
                .await
                .rpc()?;
            now_is(a)
        }
        AgentCmd::Stop(target) => now_is(client.stop_agent(target.reference()).await.rpc()?),
        AgentCmd::Shell(target) => crate::commands::shell::run(client, target).await,
        AgentCmd::Pause(target) => now_is(client.pause_agent(target.reference()).await.rpc()?),
        AgentCmd::Resume(target) => now_is(client.resume_agent(target.reference()).await.rpc()?),
        AgentCmd::Reload {
            agent,
            project,
            follow,
        } => {
            let (after, reference) = turn_start(client, agent, project).await?;
            let a = client.reload_agent(reference.clone()).await.rpc()?;
            out(&format!("{} is reloading with a fresh context", a.name))?;
            follow_if(follow, client, reference, after).await
        }
        AgentCmd::Prompt {
            agent,
            text,
            project,
            follow,
        } => {
            let (after, reference) = turn_start(client, agent, project).await?;
            client
                .prompt_agent(pb::PromptAgentRequest {
                    agent: Some(reference.clone()),
                    text,
                })
                .await
                .rpc()?;
            follow_if(follow, client, reference, after).await
        }
        AgentCmd::Log {
            agent,
            project,
            limit,
            json,
        } => {
            let log = client
                .list_agent_events(pb::ListAgentEventsRequest {
                    agent: Some(pb::AgentRef {
                        agent,
                        project: project.unwrap_or_default(),
                    }),
                    limit,
                })
                .await
                .rpc()?;
            show(json, &log, |l| {
                l.events
                    .iter()
                    .map(render::event)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
        AgentCmd::Retire { agent, project } => {
            let a = client
                .retire_agent(pb::RetireAgentRequest {
                    agent,
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            out(&format!(
                "retired {}{}",
                a.name,
                if a.codename {
                    "; its codename is free again"
                } else {
                    ""
                }
            ))
        }
    }
}

/// Report an agent's status after a lifecycle verb.
fn now_is(agent: pb::Agent) -> CliResult {
    out(&format!(
        "{} is {}",
        agent.name,
        render::agent_status(agent.status)
    ))
}

/// Where the log ends before a turn starts, and the agent's reference.
async fn turn_start(
    client: &mut Client,
    agent: String,
    project: Option<String>,
) -> anyhow::Result<(u64, pb::AgentRef)> {
    let after = client
        .get_status(pb::GetStatusRequest {})
        .await
        .rpc()?
        .last_seq;
    let reference = pb::AgentRef {
        agent,
        project: project.unwrap_or_default(),
    };
    Ok((after, reference))
}

async fn follow_if(
    follow: bool,
    client: &mut Client,
    reference: pb::AgentRef,
    after: u64,
) -> CliResult {
    if follow {
        follow_turn(client, reference, after).await
    } else {
        Ok(())
    }
}

/// Print the agent's events from `after` until its turn ends or fails.
async fn follow_turn(client: &mut Client, reference: pb::AgentRef, after: u64) -> CliResult {
    let agent = client
        .get_agent(pb::GetAgentRequest {
            agent: reference.agent,
            project: reference.project,
        })
        .await
        .rpc()?;
    let mut stream = client
        .subscribe(pb::SubscribeRequest { after_seq: after })
        .await
        .rpc()?;
    while let Some(event) = stream.next().await {
        let event = event.map_err(explain)?;
        if event.agent_id != agent.id {
            continue;
        }
        out(&render::event(&event))?;
        use pb::agent_update::Update;
        let done = match &event.kind {
            Some(pb::event::Kind::AgentUpdate(u)) => {
                matches!(
                    u.update,
                    Some(Update::TurnEnded(_) | Update::SessionFailed(_))
                )
            }
            Some(pb::event::Kind::AgentStatusChanged(s)) => {
                s.to == pb::AgentStatus::Paused as i32 || s.to == pb::AgentStatus::Failed as i32
            }
            _ => false,
        };
        if done {
            return Ok(());
        }
    }
    Err(anyhow!("the daemon closed the event stream"))
}
