//! The hook protocols: how an agent program's native hooks speak (their
//! payloads, event names and exit codes). One closed vocabulary shared by
//! the agent kinds registry (`compass-acp`: which protocol a kind's hooks
//! speak) and Warden's hook adapters (`compass-warden`: how each protocol
//! is decoded and answered). A user-defined kind names one of these.

use serde::{Deserialize, Serialize};

/// A native hook protocol Warden can decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HookProtocol {
    /// Claude Code's `PreToolUse`/`PostToolUse` command hooks.
    ClaudeCode,
    /// Codex's `PreToolUse`/`PostToolUse` hooks (Claude Code's shape).
    Codex,
    /// Gemini CLI's `BeforeTool`/`AfterTool` hooks.
    Gemini,
    /// OpenCode's `tool.execute.before/after` plugin hooks, as Compass's
    /// gate plugin forwards them.
    #[serde(rename = "opencode")]
    OpenCode,
    /// The scripted agent (Claude Code's format).
    Scripted,
}

impl HookProtocol {
    /// Every protocol, for listings and cross-checks.
    pub const ALL: [Self; 5] = [
        Self::ClaudeCode,
        Self::Codex,
        Self::Gemini,
        Self::OpenCode,
        Self::Scripted,
    ];

    /// The protocol's name, as kinds files and `compass hook` spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ClaudeCode => "claude-code",
            Self::Codex => "codex",
            Self::Gemini => "gemini",
            Self::OpenCode => "opencode",
            Self::Scripted => "scripted",
        }
    }

    /// A protocol by name; the built-in kind ids of the same agents are
    /// accepted too (`claude`, `gemini-cli`), as older hook configs call them.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "claude-code" | "claude" => Some(Self::ClaudeCode),
            "codex" => Some(Self::Codex),
            "gemini" | "gemini-cli" => Some(Self::Gemini),
            "opencode" => Some(Self::OpenCode),
            "scripted" => Some(Self::Scripted),
            _ => None,
        }
    }

    /// The names a list of protocols is given in errors.
    pub fn names() -> String {
        Self::ALL.map(Self::as_str).join(", ")
    }

    /// Native names of the pre- and post-tool events.
    pub fn events(self) -> (&'static str, &'static str) {
        match self {
            Self::Gemini => ("BeforeTool", "AfterTool"),
            Self::OpenCode => ("tool-execute-before", "tool-execute-after"),
            Self::ClaudeCode | Self::Codex | Self::Scripted => ("PreToolUse", "PostToolUse"),
        }
    }
}

impl std::fmt::Display for HookProtocol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::HookProtocol;

    #[test]
    fn names_round_trip_and_match_serde() {
        for p in HookProtocol::ALL {
            assert_eq!(HookProtocol::parse(p.as_str()), Some(p));
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{}\"", p.as_str()));
        }
        assert_eq!(
            HookProtocol::parse("gemini-cli"),
            Some(HookProtocol::Gemini)
        );
        assert_eq!(HookProtocol::parse("amp"), None);
    }
}
