//! The native hook configuration Compass mounts (read-only) into each
//! workload, so every agent kind calls `compass hook <kind> <event>` on its
//! pre- and post-tool events.
//!
//! The agent's own hook time-out is set well above Compass's: an agent that
//! kills a slow hook sees a non-2 exit, which Claude Code treats as "let the
//! call through" — Compass's own deadline must always fire first.

use super::adapters::AgentKind;
use serde_json::{Value, json};
use std::time::Duration;

/// The agent-side time-out for a Compass-side deadline: twice it plus 5 s.
pub fn agent_timeout(compass_timeout: Duration) -> Duration {
    compass_timeout * 2 + Duration::from_secs(5)
}

/// The hooks settings for `kind`, calling `hook_program` (e.g.
/// `/run/compass/bin/compass`). Claude Code and the scripted agent read it
/// from `.claude/settings.json`, Codex from `.codex/hooks.json`, Gemini CLI
/// from `.gemini/settings.json`.
pub fn native_hook_config(kind: AgentKind, hook_program: &str, compass_timeout: Duration) -> Value {
    let (pre, post) = kind.events();
    let t = agent_timeout(compass_timeout);
    let entry = |event: &str| {
        let command = format!("{hook_program} hook {} {event}", kind.as_str());
        match kind {
            // Gemini CLI: regex matcher, time-out in milliseconds.
            AgentKind::GeminiCli => json!([{"matcher": ".*", "hooks": [{
                "type": "command", "name": "compass-warden", "command": command,
                "timeout": u64::try_from(t.as_millis()).unwrap_or(u64::MAX)}]}]),
            // Claude Code, the scripted agent and Codex: time-out in seconds.
            AgentKind::Codex => json!([{"matcher": ".*", "hooks": [{
                "type": "command", "command": command, "timeout": t.as_secs()}]}]),
            AgentKind::ClaudeCode | AgentKind::Scripted => json!([{"matcher": "*", "hooks": [{
                "type": "command", "command": command, "timeout": t.as_secs()}]}]),
        }
    };
    let mut hooks = serde_json::Map::new();
    hooks.insert(pre.to_string(), entry(pre));
    hooks.insert(post.to_string(), entry(post));
    json!({ "hooks": hooks })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_call_compass_on_both_events_with_a_longer_timeout() {
        let c = native_hook_config(
            AgentKind::ClaudeCode,
            "/run/compass/bin/compass",
            Duration::from_secs(5),
        );
        let h = &c["hooks"]["PreToolUse"][0]["hooks"][0];
        assert_eq!(
            h["command"],
            "/run/compass/bin/compass hook claude-code PreToolUse"
        );
        assert_eq!(h["timeout"], 15);
        assert!(c["hooks"]["PostToolUse"].is_array());
        let g = native_hook_config(AgentKind::GeminiCli, "compass", Duration::from_secs(5));
        assert_eq!(g["hooks"]["AfterTool"][0]["hooks"][0]["timeout"], 15_000);
        assert_eq!(
            g["hooks"]["BeforeTool"][0]["hooks"][0]["command"],
            "compass hook gemini-cli BeforeTool"
        );
    }
}
