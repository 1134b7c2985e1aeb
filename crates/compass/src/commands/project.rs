//! `compass project …`: create, list and show projects.

use crate::cli::ProjectCmd;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, cmd: ProjectCmd) -> CliResult {
    match cmd {
        ProjectCmd::Add {
            name,
            repos,
            dirs,
            theme,
            json,
        } => {
            let p = client
                .create_project(pb::CreateProjectRequest {
                    name,
                    repos,
                    directories: dirs,
                    theme: theme.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &p, render::project)
        }
        ProjectCmd::List(json) => {
            let list = client
                .list_projects(pb::ListProjectsRequest {})
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .projects
                    .iter()
                    .map(|p| {
                        vec![
                            p.name.clone(),
                            p.id.clone(),
                            p.repos.len().to_string(),
                            p.theme.clone(),
                        ]
                    })
                    .collect();
                render::table(&["NAME", "ID", "REPOS", "THEME"], &rows)
            })
        }
        ProjectCmd::Show { project, json } => {
            let p = client
                .get_project(pb::GetProjectRequest { project })
                .await
                .rpc()?;
            show(json, &p, render::project)
        }
    }
}
