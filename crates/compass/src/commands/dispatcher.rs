//! `compass dispatcher …`: the Dispatcher's own verbs — its status across
//! agents (`status`), merge detection now (`check-merges`), and assignment
//! proposals (`propose`, `proposals`, `approve`, `reject`, `edit`).

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
        DispatcherCmd::Propose {
            project,
            issues,
            json,
        } => {
            let r = client
                .propose_assignments(pb::ProposeAssignmentsRequest { project, issues })
                .await
                .rpc()?;
            show(json, &r, render::proposals)
        }
        DispatcherCmd::Proposals { project, all, json } => {
            let r = client
                .list_proposals(pb::ListProposalsRequest {
                    project: project.unwrap_or_default(),
                    all,
                })
                .await
                .rpc()?;
            show(json, &r, render::proposals)
        }
        DispatcherCmd::Approve { proposal, json } => {
            decide(client, proposal, pb::ProposalDecision::Approve, "", json).await
        }
        DispatcherCmd::Reject { proposal, json } => {
            decide(client, proposal, pb::ProposalDecision::Reject, "", json).await
        }
        DispatcherCmd::Edit {
            proposal,
            agent,
            json,
        } => decide(client, proposal, pb::ProposalDecision::Edit, &agent, json).await,
    }
}

async fn decide(
    client: &mut Client,
    proposal: String,
    decision: pb::ProposalDecision,
    agent: &str,
    json: crate::cli::JsonFlag,
) -> CliResult {
    let r = client
        .decide_proposal(pb::DecideProposalRequest {
            proposal,
            decision: decision.into(),
            agent: agent.to_owned(),
        })
        .await
        .rpc()?;
    show(json, &r, render::decided)
}
