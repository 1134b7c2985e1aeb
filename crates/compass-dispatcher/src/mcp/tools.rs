//! The MCP surface of one agent's channel: the four tools, their argument
//! schemas (what `tools/list` shows), and their results as JSON text. A
//! refused call — wrong arguments, work that is not the caller's, text
//! Warden withheld — is a tool error the agent reads, and an event.

use super::channel::{Channel, FileArgs, QueueArgs, ReadyArgs};
use crate::error::ChannelError;
use compass_core::channel::McpTool;
use compass_core::id::AgentId;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;

/// `ready_for_push`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReadyForPush {
    /// The issue key of your workstream (e.g. `app-3`); defaults to your
    /// one workstream in progress.
    #[serde(default)]
    pub(crate) issue: Option<String>,
    /// The repos this workstream changed (their directory names under
    /// /work); defaults to all of the project's repos.
    #[serde(default)]
    pub(crate) repos: Option<Vec<String>>,
    /// What the change does, for the pull request and the board.
    #[serde(default)]
    pub(crate) summary: String,
}

/// `file_issue`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileIssue {
    /// One line.
    pub(crate) title: String,
    #[serde(default)]
    pub(crate) body: String,
    #[serde(default)]
    pub(crate) labels: Vec<String>,
    /// none, urgent, high, medium or low.
    #[serde(default)]
    pub(crate) priority: Option<String>,
    /// The issue key of your workstream it is a child of; defaults to your
    /// current one.
    #[serde(default)]
    pub(crate) parent: Option<String>,
}

/// `ask`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AskUser {
    /// The question for the user.
    pub(crate) question: String,
    /// The issue key of your workstream it is about (optional).
    #[serde(default)]
    pub(crate) issue: Option<String>,
}

/// One note for `update_queue`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct QueueNote {
    pub(crate) issue: String,
    pub(crate) note: String,
}

/// `update_queue`'s arguments: issue keys of your own workstreams.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct UpdateQueue {
    /// Your workstreams in the order you will take them (first is next).
    #[serde(default)]
    pub(crate) order: Vec<String>,
    /// Notes on items of your queue.
    #[serde(default)]
    pub(crate) notes: Vec<QueueNote>,
    /// Items you consider done (the board shows it; merged still follows
    /// the merge).
    #[serde(default)]
    pub(crate) done: Vec<String>,
}

/// One agent's MCP server: every call acts for `agent` only.
#[derive(Clone)]
pub struct AgentTools {
    agent: AgentId,
    channel: Arc<Channel>,
    tool_router: ToolRouter<Self>,
}

impl std::fmt::Debug for AgentTools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentTools")
            .field("agent", &self.agent)
            .finish_non_exhaustive()
    }
}

impl AgentTools {
    pub fn new(agent: AgentId, channel: Arc<Channel>) -> Self {
        Self {
            agent,
            channel,
            tool_router: Self::tool_router(),
        }
    }

    /// A tool's outcome as MCP sees it (`call_tool` records a refusal).
    fn answer(outcome: Result<Value, ChannelError>) -> CallToolResult {
        match outcome {
            Ok(value) => CallToolResult::structured(value),
            Err(error) => CallToolResult::error(vec![ContentBlock::text(error.to_string())]),
        }
    }
}

#[tool_router]
impl AgentTools {
    #[tool(
        description = "Signal that your workstream's branch is ready to push, once for all the repos it changed. Then push each repo's branch with git: the push is checked by Warden and forwarded; a pull request opens for GitHub-hosted repos."
    )]
    async fn ready_for_push(&self, Parameters(args): Parameters<ReadyForPush>) -> CallToolResult {
        let outcome = self
            .channel
            .ready_for_push(
                &self.agent,
                ReadyArgs {
                    issue: args.issue,
                    repos: args.repos,
                    summary: args.summary,
                },
            )
            .await;
        Self::answer(outcome)
    }

    #[tool(
        description = "File a new issue you discovered, as a child of your current issue. It lands in the backlog for the user to assign."
    )]
    async fn file_issue(&self, Parameters(args): Parameters<FileIssue>) -> CallToolResult {
        let outcome = self
            .channel
            .file_issue(
                &self.agent,
                FileArgs {
                    title: args.title,
                    body: args.body,
                    labels: args.labels,
                    priority: args.priority,
                    parent: args.parent,
                },
            )
            .await;
        Self::answer(outcome)
    }

    #[tool(
        description = "Ask the user a question. Waits for the answer for a while; if none comes in time, the answer reaches you later as a message."
    )]
    async fn ask(&self, Parameters(args): Parameters<AskUser>) -> CallToolResult {
        let outcome = self
            .channel
            .ask(&self.agent, args.question, args.issue)
            .await;
        Self::answer(outcome)
    }

    #[tool(
        description = "Reorder, annotate or mark done items of your own queue (your workstreams, by issue key)."
    )]
    async fn update_queue(&self, Parameters(args): Parameters<UpdateQueue>) -> CallToolResult {
        let outcome = self
            .channel
            .update_queue(
                &self.agent,
                QueueArgs {
                    order: args.order,
                    notes: args.notes.into_iter().map(|n| (n.issue, n.note)).collect(),
                    done: args.done,
                },
            )
            .await;
        Self::answer(outcome)
    }
}

#[tool_handler]
impl ServerHandler for AgentTools {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("compass-dispatcher", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "The Compass Dispatcher. Every call acts for you only: your workstreams, your queue.",
            )
    }

    /// The router's call; every refusal — the tool's own, arguments that
    /// do not match the schema (the router answers those itself), an
    /// unknown tool — is recorded here, once.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = McpTool::parse(&request.name);
        let name = request.name.to_string();
        let tcc = ToolCallContext::new(self, request, context);
        let result = self.tool_router.call(tcc).await;
        let refusal = match &result {
            Err(error) => Some(error.message.to_string()),
            Ok(CallToolResponse::Complete(done)) if done.is_error == Some(true) => Some(
                done.content
                    .iter()
                    .filter_map(|c| c.as_text().map(|t| t.text.clone()))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Ok(_) => None,
        };
        if let Some(text) = refusal {
            match tool {
                Some(tool) => self.channel.refused(&self.agent, tool, &text).await,
                None => {
                    tracing::info!(agent = %self.agent, %name, %text, "unknown MCP tool called")
                }
            }
        }
        result
    }
}
