//! `compass source …`: a project's issue sources (GitHub Issues, Linear), their
//! health, a sync now, and removal (imported issues stay).

use crate::cli::{SourceCmd, SourceKind, SourceState};
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, out, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, cmd: SourceCmd) -> CliResult {
    match cmd {
        SourceCmd::Add {
            project,
            kind,
            repo,
            team,
            key,
            api_url,
            token_secret,
            labels,
            assignee,
            state,
            no_close,
            no_labels,
            comments,
            json,
        } => {
            let kind = match kind {
                SourceKind::Github => pb::SourceKind::Github,
                SourceKind::Linear => pb::SourceKind::Linear,
                SourceKind::Jira => pb::SourceKind::Jira,
            };
            let state = match state {
                SourceState::Open => "open",
                SourceState::Closed => "closed",
                SourceState::All => "all",
            };
            let s = client
                .add_source(pb::AddSourceRequest {
                    project,
                    kind: kind.into(),
                    repo: repo.unwrap_or_default(),
                    team: team.unwrap_or_default(),
                    project_key: key.unwrap_or_default(),
                    api_url: api_url.unwrap_or_default(),
                    token_secret,
                    labels,
                    assignee: assignee.unwrap_or_default(),
                    state: state.to_owned(),
                    no_writeback_state: no_close,
                    no_writeback_labels: no_labels,
                    writeback_comments: comments,
                })
                .await
                .rpc()?;
            show(json, &s, render::source)
        }
        SourceCmd::List { project, json } => {
            let list = client
                .list_sources(pb::ListSourcesRequest {
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .sources
                    .iter()
                    .map(|s| {
                        vec![
                            s.id.clone(),
                            s.name.clone(),
                            render::source_health(s.health),
                            s.issues.to_string(),
                            s.last_error.clone(),
                        ]
                    })
                    .collect();
                render::table(&["ID", "SOURCE", "HEALTH", "ISSUES", "LAST ERROR"], &rows)
            })
        }
        SourceCmd::Sync { source, json } => {
            let r = client
                .sync_source(pb::SyncSourceRequest { source })
                .await
                .rpc()?;
            show(json, &r, |r| {
                let mut text = format!(
                    "{} new, {} updated, {} unchanged, {} skipped ({} pages, {} pull requests passed over)",
                    r.created,
                    r.updated,
                    r.unchanged,
                    r.skipped.len(),
                    r.pages,
                    r.pull_requests
                );
                if r.gone > 0 {
                    text.push_str(&format!(
                        "\n  gone from the tracker: {} proposed issue(s) (kept here, proposed to no one)",
                        r.gone
                    ));
                }
                if r.probe_errors > 0 {
                    text.push_str(&format!(
                        "\n  probe errors: {} read(s) of proposed issues failed (read again at the next sync)",
                        r.probe_errors
                    ));
                }
                for s in &r.skipped {
                    text.push_str(&format!("\n  skipped {}: {}", s.key, s.reason));
                }
                text
            })
        }
        SourceCmd::Rm { source } => {
            let r = client
                .remove_source(pb::RemoveSourceRequest { source })
                .await
                .rpc()?;
            let name = r.source.map(|s| s.name).unwrap_or_default();
            out(&format!("source {name} removed; its issues stay"))
        }
    }
}
