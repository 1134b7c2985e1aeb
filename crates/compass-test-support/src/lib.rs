//! Test support shared by the workspace's tests: the scripted model server
//! (Anthropic Messages API, OpenAI Responses and Chat Completions APIs, Gemini
//! API), a scripted model judge (Anthropic Messages, OpenAI chat
//! completions), locating workspace and npm-installed agent
//! binaries, a rule gate for tests about the agent path, a private git forge
//! over smart HTTP (`git http-backend` behind basic auth), a real sshd for
//! SSH remotes, git run the same way in every suite, a container engine that
//! breaks on purpose, and loud skips.

pub mod bins;
pub mod breakable_engine;
pub mod gates;
pub mod git;
pub mod git_http_server;
pub mod github_server;
pub mod jira_server;
pub mod judge_server;
pub mod linear_server;
pub mod model_server;
mod served;
pub mod skip;
pub mod sshd;

pub use bins::{
    claude_agent_acp, codex_acp, gemini_cli, node_bin_dir, npm_agent, opencode, scenarios_dir,
    scripted_agent, workspace_root,
};
pub use breakable_engine::{BROKEN_ENGINE_WORDS, BreakableEngine};
pub use gates::RuleGate;
pub use git_http_server::{GitHttpServer, GitRequest};
pub use github_server::{Fault, GithubServer};
pub use jira_server::JiraServer;
pub use judge_server::{JudgeAnswer, JudgeServer};
pub use linear_server::LinearServer;
pub use model_server::{
    Block, ModelServer, ScriptedTurn, SeenAuth, chat_tool_messages, function_outputs,
    gemini_function_responses,
};
pub use skip::{skip_loudly, skips_forbidden};
pub use sshd::Sshd;
