//! `compass board`: a project's agents by Backlog / In Progress / In Review /
//! Merged, as text or JSON.

use crate::cli::JsonFlag;
use crate::client::{Client, Rpc, resolve_project};
use crate::output::show;
use crate::{CliResult, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, project: Option<String>, json: JsonFlag) -> CliResult {
    let project = resolve_project(client, project).await?;
    let b = client
        .get_board(pb::GetBoardRequest { project })
        .await
        .rpc()?;
    show(json, &b, render::board)
}
