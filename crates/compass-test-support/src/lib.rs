//! Test support shared by the workspace's tests: the scripted model server
//! (Anthropic Messages API, OpenAI Responses API), locating workspace and npm-installed agent
//! binaries, and a rule gate for tests about the agent path.

pub mod bins;
pub mod gates;
pub mod model_server;

pub use bins::{
    claude_code_acp, codex_acp, node_bin_dir, scenarios_dir, scripted_agent, workspace_root,
};
pub use gates::RuleGate;
pub use model_server::{Block, ModelServer, ScriptedTurn, function_outputs};
