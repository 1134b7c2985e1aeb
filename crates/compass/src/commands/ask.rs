//! `compass ask …`: the questions agents asked over their MCP channel, and
//! the user's answers (delivered to the waiting call, or as a prompt).

use crate::cli::AskCmd;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, cmd: AskCmd) -> CliResult {
    match cmd {
        AskCmd::List { project, all, json } => {
            let list = client
                .list_asks(pb::ListAsksRequest {
                    project: project.unwrap_or_default(),
                    all,
                })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .asks
                    .iter()
                    .map(|a| {
                        vec![
                            a.id.clone(),
                            a.agent_name.clone(),
                            a.state.clone(),
                            a.question.clone(),
                            a.answer.clone(),
                        ]
                    })
                    .collect();
                render::table(&["ID", "AGENT", "STATE", "QUESTION", "ANSWER"], &rows)
            })
        }
        AskCmd::Answer { ask, answer, json } => {
            let r = client
                .answer_ask(pb::AnswerAskRequest { ask, answer })
                .await
                .rpc()?;
            show(json, &r, |r| {
                let id = r.ask.as_ref().map(|a| a.id.as_str()).unwrap_or("");
                let how = match r.delivery.as_str() {
                    "tool_result" => "the agent's waiting call returned it",
                    "prompt" => "sent to the agent as a message",
                    _ => {
                        "kept: the agent is not running; it is shown with `compass ask list --all`"
                    }
                };
                format!("answered {id}: {how}")
            })
        }
    }
}
