//! `compass dispatcher …`: the Dispatcher's own verbs — its status across
//! agents (`status`) and merge detection now (`check-merges`).

use crate::cli::DispatcherCmd;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, cmd: DispatcherCmd) -> CliResult {
    match cmd {
        DispatcherCmd::Status { project, json } => {
            let st = client
                .get_dispatcher_status(pb::GetDispatcherStatusRequest {
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &st, render::dispatcher_status)
        }
        DispatcherCmd::CheckMerges { project, json } => {
            let r = client
                .check_merges(pb::CheckMergesRequest {
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &r, render::merges)
        }
    }
}
