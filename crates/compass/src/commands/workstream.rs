//! `compass workstream …`: an issue assigned to an agent on its branch, and
//! moves between states.

use crate::cli::WorkstreamCmd;
use crate::client::{Client, Rpc, resolve_project};
use crate::output::show;
use crate::{CliResult, out, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, cmd: WorkstreamCmd) -> CliResult {
    match cmd {
        WorkstreamCmd::Add { issue, agent, json } => {
            let w = client
                .create_workstream(pb::CreateWorkstreamRequest { issue, agent })
                .await
                .rpc()?;
            show(json, &w, |w| {
                format!(
                    "workstream {} on {} ({})",
                    w.id,
                    w.branch,
                    render::state(w.state)
                )
            })
        }
        WorkstreamCmd::Move { workstream, state } => {
            let w = client
                .set_workstream_state(pb::SetWorkstreamStateRequest {
                    workstream,
                    state: pb::WorkstreamState::from(state).into(),
                })
                .await
                .rpc()?;
            out(&format!(
                "workstream {} is now {}",
                w.id,
                render::state(w.state)
            ))
        }
        WorkstreamCmd::List { project, json } => {
            let project = resolve_project(client, project).await?;
            let list = client
                .list_workstreams(pb::ListWorkstreamsRequest { project })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .workstreams
                    .iter()
                    .map(|w| {
                        let pushes: Vec<String> = w
                            .pushes
                            .iter()
                            .map(|p| format!("{}:{}", p.repo, p.state))
                            .collect();
                        vec![
                            w.id.clone(),
                            w.branch.clone(),
                            render::state(w.state),
                            if w.ready_at_ms > 0 { "yes" } else { "" }.to_owned(),
                            pushes.join(" "),
                        ]
                    })
                    .collect();
                render::table(&["ID", "BRANCH", "STATE", "READY", "PUSHES"], &rows)
            })
        }
        WorkstreamCmd::Show { workstream, json } => {
            let w = client
                .get_workstream(pb::GetWorkstreamRequest { workstream })
                .await
                .rpc()?;
            show(json, &w, render::workstream)
        }
    }
}
