//! `compass warden …`: Warden's state, switch, source lists, allow-once and
//! audit log over the daemon's RPCs; `eval` runs the gates in this process
//! over a corpus and needs no daemon.

use crate::cli::{JsonFlag, WardenCmd};
use crate::client::{Client, Rpc, connect};
use crate::output::show;
use crate::{CliResult, out, render, warn};
use compass_daemon::paths::DataDir;
use compass_proto::v1 as pb;

/// What turning Warden off means, said every time it happens.
const OFF_WARNING: &str = "warning: Warden is OFF. Agents' reads and actions now pass without inspection (each is still logged as warden_off); nothing will be flagged or paused. It stays off across daemon restarts. Turn it back on with `compass warden on`.";

pub(crate) async fn run(dir: &DataDir, cmd: WardenCmd) -> CliResult {
    let client = || async { connect(&dir.socket()).await };
    let pattern = |source: String| pb::SourcePatternRequest { pattern: source };
    let (json, state) = match cmd {
        WardenCmd::Eval {
            dir: corpus,
            json,
            judge,
        } => {
            // The judge runs only when asked for: figures stay rules-only
            // unless `--judge` is given, whatever judge.toml says.
            let backend = match judge.provider {
                Some(_) => match compass_daemon::judge::resolve(dir, judge.into())? {
                    Some(spec) => compass_daemon::judge::backend(dir, &spec)?,
                    None => None,
                },
                None => None,
            };
            let report = compass_warden::eval::eval_dir_with(&corpus, backend).await?;
            if !json {
                return out(&report.to_string());
            }
            let mut lines = String::new();
            for row in report.rows() {
                lines.push_str(&render::json_line(row)?);
                lines.push('\n');
            }
            return out(lines.trim_end());
        }
        WardenCmd::Log { agent, flags, json } => {
            return log(&mut client().await?, agent, flags, json).await;
        }
        WardenCmd::AllowOnce {
            agent,
            hash,
            project,
        } => return allow_once(&mut client().await?, agent, hash, project).await,
        WardenCmd::Status(json) => (
            json,
            client().await?.get_warden(pb::GetWardenRequest {}).await,
        ),
        WardenCmd::On(json) => (json, switch(&mut client().await?, true).await),
        WardenCmd::Off(json) => (json, switch(&mut client().await?, false).await),
        WardenCmd::Allow { source, json } => {
            (json, client().await?.allow_source(pattern(source)).await)
        }
        WardenCmd::Deny { source, json } => {
            (json, client().await?.deny_source(pattern(source)).await)
        }
        WardenCmd::Forget { source, json } => {
            (json, client().await?.forget_source(pattern(source)).await)
        }
    };
    show(json, &state.rpc()?, render::warden)
}

/// Turn Warden on or off; turning it off is said out loud.
async fn switch(
    client: &mut Client,
    enabled: bool,
) -> Result<tonic::Response<pb::WardenStatus>, tonic::Status> {
    let state = client
        .set_warden_enabled(pb::SetWardenEnabledRequest { enabled })
        .await;
    if state.is_ok() && !enabled {
        warn(OFF_WARNING);
    }
    state
}

async fn allow_once(
    client: &mut Client,
    agent: String,
    hash: String,
    project: Option<String>,
) -> CliResult {
    let shown = agent.clone();
    let a = client
        .allow_once(pb::AllowOnceRequest {
            agent: Some(pb::AgentRef {
                agent,
                project: project.unwrap_or_default(),
            }),
            hash,
        })
        .await
        .rpc()?;
    out(&format!(
        "Warden will let {shown}'s request {} pass once; resume the agent (`compass agent resume {shown}`) so it can retry.",
        a.hash
    ))
}

/// The audit log: every gate decision, paged from the start.
async fn log(client: &mut Client, agent: Option<String>, flags: bool, json: JsonFlag) -> CliResult {
    let agent_id = match agent {
        Some(a) => Some(
            client
                .get_agent(pb::GetAgentRequest {
                    agent: a,
                    project: String::new(),
                })
                .await
                .rpc()?
                .id,
        ),
        None => None,
    };
    let mut after = 0;
    loop {
        let page = client
            .list_events(pb::ListEventsRequest {
                after_seq: after,
                limit: 0,
                kinds: vec!["gate_decision".into()],
            })
            .await
            .rpc()?;
        let Some(last) = page.events.last() else {
            return Ok(());
        };
        after = last.seq;
        for e in &page.events {
            let Some(pb::event::Kind::GateDecision(d)) = &e.kind else {
                continue;
            };
            if agent_id.as_ref().is_some_and(|id| *id != e.agent_id)
                || (flags && d.decision != "flag")
            {
                continue;
            }
            out(&if json.json {
                render::json_line(e)?
            } else {
                render::gate_decision(e, d)
            })?;
        }
    }
}
