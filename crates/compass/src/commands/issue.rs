//! `compass issue …`: issues in the local store.

use crate::cli::IssueCmd;
use crate::client::{Client, Rpc, resolve_project};
use crate::output::show;
use crate::{CliResult, render};
use anyhow::Context;
use compass_proto::v1 as pb;
use std::path::PathBuf;

pub(crate) async fn run(client: &mut Client, cmd: IssueCmd) -> CliResult {
    match cmd {
        IssueCmd::Add {
            title,
            project,
            body,
            body_file,
            labels,
            parent,
            priority,
            json,
        } => {
            let body = read_body(body, body_file)?;
            let project = resolve_project(client, project).await?;
            let i = client
                .create_issue(pb::CreateIssueRequest {
                    project,
                    title,
                    body,
                    labels,
                    parent: parent.unwrap_or_default(),
                    priority: pb::Priority::from(priority).into(),
                })
                .await
                .rpc()?;
            show(json, &i, render::issue)
        }
        IssueCmd::List { project, json } => {
            let project = resolve_project(client, project).await?;
            let list = client
                .list_issues(pb::ListIssuesRequest { project })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .issues
                    .iter()
                    .map(|i| {
                        vec![
                            i.key.clone(),
                            render::priority(i.priority),
                            i.labels.join(","),
                            i.title.clone(),
                        ]
                    })
                    .collect();
                render::table(&["KEY", "PRIORITY", "LABELS", "TITLE"], &rows)
            })
        }
        IssueCmd::Show { issue, json } => {
            let i = client
                .get_issue(pb::GetIssueRequest { issue })
                .await
                .rpc()?;
            show(json, &i, render::issue)
        }
    }
}

/// The body as given, or read from a file (`-`: stdin).
fn read_body(body: String, file: Option<PathBuf>) -> anyhow::Result<String> {
    match file {
        Some(path) if path.as_os_str() == "-" => {
            std::io::read_to_string(std::io::stdin()).context("reading the body from stdin")
        }
        Some(path) => fs_err::read_to_string(&path)
            .with_context(|| format!("reading the body from {}", path.display())),
        None => Ok(body),
    }
}
