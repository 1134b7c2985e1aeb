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
        WorkstreamCmd::Diff { workstream, json } => {
            let d = client
                .get_workstream_diff(pb::GetWorkstreamDiffRequest { workstream })
                .await
                .rpc()?;
            show(json, &d, diff_text)
        }
    }
}

/// What marks a repo's review read from the agent's own clone.
const UNVERIFIED: &str = "unverified: read from the agent's clone (nothing forwarded yet; the agent can rewrite what it shows)";

/// A workstream's review as text: per repo, its commits then its patch
/// (the agent's bytes: `out` keeps their terminal escapes off the terminal).
fn diff_text(d: &pb::WorkstreamDiff) -> String {
    let mut text = format!("workstream {} on {}", d.workstream_id, d.branch);
    for r in &d.repos {
        text.push_str(&format!("\n\n== {}", r.repo));
        if !r.error.is_empty() {
            text.push_str(&format!(": git failed: {}", r.error));
            continue;
        }
        text.push_str(&format!(
            " (base {}, {} commits)",
            r.base.get(..12).unwrap_or(&r.base),
            r.commits.len()
        ));
        if r.unverified {
            text.push_str(&format!("\n  {UNVERIFIED}"));
        }
        for c in &r.commits {
            text.push_str(&format!(
                "\n  {} {}",
                c.sha.get(..12).unwrap_or(&c.sha),
                c.subject
            ));
        }
        if !r.patch.is_empty() {
            text.push_str("\n\n");
            text.push_str(r.patch.trim_end());
        }
        if r.truncated {
            text.push_str("\n… (patch cut at 1 MiB)");
        }
    }
    text
}
