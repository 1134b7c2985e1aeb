//! The scenario file: what the scripted agent says and does, turn by turn.
//! Data only (TOML); the agent never interprets anything it reads while
//! running as an instruction — a file with a prompt injection is just text.

use serde::Deserialize;
use std::path::Path;

/// A whole scenario.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct Scenario {
    #[serde(default)]
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) description: String,
    /// Read/Edit/Write through the client's `fs/*` methods when the client
    /// advertised them (otherwise the agent's own file access).
    #[serde(default)]
    pub(crate) use_client_fs: bool,
    /// Bash through the client's `terminal/*` methods when advertised.
    #[serde(default)]
    pub(crate) use_client_terminal: bool,
    /// Run the native hooks the settings file names around each tool call.
    /// `false` plays an agent whose own tools no hook gates (Codex today):
    /// only the executor paths and Warden's async watch see them.
    #[serde(default = "yes")]
    pub(crate) native_hooks: bool,
    /// Stream updates the way the Claude Code ACP adapter does: each tool
    /// call announced twice (first with `{}` as input), a `_meta`-only
    /// update after it, results as `rawOutput` content blocks followed by an
    /// empty message chunk (what the daemon folds away).
    #[serde(default)]
    pub(crate) claude_updates: bool,
    /// With `claude_updates`, make sure the daemon has the first
    /// announcement before the PreToolUse hook runs (a round trip), and send
    /// the second only after the hook answered: the daemon then sees
    /// Warden's decision between the two, as it does when the ACP stream
    /// lags the hook socket.
    #[serde(default)]
    pub(crate) late_repeat: bool,
    /// Ask `session/request_permission` before every tool call.
    #[serde(default)]
    pub(crate) ask_permission: bool,
    /// The option kinds a permission request offers (ACP's `allow_once`,
    /// `allow_always`, `reject_once`, `reject_always`), in order.
    #[serde(default = "default_permission_options")]
    pub(crate) permission_options: Vec<String>,
    /// Advertise `loadSession` (and accept `session/load`).
    #[serde(default = "yes")]
    pub(crate) load_session: bool,
    /// Never answer this method: `initialize`, `session/new` or
    /// `session/prompt` (the "agent that never answers" double).
    #[serde(default)]
    pub(crate) hang_on: Option<String>,
    /// Append ` @t=<unix µs>` to tool titles and messages (latency bench).
    #[serde(default)]
    pub(crate) stamp_updates: bool,
    /// End every turn with a `stats cpu_ms=… rss_kb=… hook_us=…,…` message
    /// (`hook_us`: how long each native hook call of the turn took).
    #[serde(default)]
    pub(crate) report_stats: bool,
    /// Require `authenticate` with this method id before `session/new`.
    #[serde(default)]
    pub(crate) require_auth: Option<String>,
    #[serde(default)]
    pub(crate) turns: Vec<Turn>,
}

fn yes() -> bool {
    true
}

fn default_permission_options() -> Vec<String> {
    vec!["allow_once".into(), "reject_once".into()]
}

/// What happens on one `session/prompt`.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct Turn {
    #[serde(default)]
    pub(crate) steps: Vec<Step>,
    /// The stop reason to answer with (default `end_turn`).
    #[serde(default)]
    pub(crate) stop_reason: Option<String>,
    /// When set, this turn answers any prompt containing the text (and
    /// does not advance the sequence); otherwise turns play in order.
    #[serde(default)]
    pub(crate) on_prompt_containing: Option<String>,
}

/// One plan entry.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlanItem {
    pub(crate) content: String,
    #[serde(default = "pending")]
    pub(crate) status: String,
    #[serde(default = "medium")]
    pub(crate) priority: String,
}

fn pending() -> String {
    "pending".into()
}
fn medium() -> String {
    "medium".into()
}
fn origin() -> String {
    "origin".into()
}

/// One step of a turn.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum Step {
    Thought {
        text: String,
    },
    Message {
        text: String,
    },
    Plan {
        entries: Vec<PlanItem>,
    },
    Mode {
        mode: String,
    },
    Commands {
        names: Vec<String>,
    },
    /// Read a file (Claude Code's `Read`).
    Read {
        path: String,
    },
    /// Replace `old` by `new` in a file (`Edit`).
    Edit {
        path: String,
        old: String,
        new: String,
    },
    /// Write a whole file (`Write`).
    Write {
        path: String,
        content: String,
    },
    /// Run a shell command (`Bash`).
    Run {
        command: String,
    },
    /// `git add -A && git commit -m …` (`Bash`).
    GitCommit {
        message: String,
    },
    /// `git push <remote> HEAD[:branch]` (`Bash`).
    GitPush {
        #[serde(default = "origin")]
        remote: String,
        #[serde(default)]
        branch: Option<String>,
    },
    /// HTTP GET (`WebFetch`; plain `http://` only).
    Fetch {
        url: String,
    },
    /// Call a tool of an MCP server the client named in `session/new`
    /// (`mcpServers`, by name; the first when none is given).
    Mcp {
        #[serde(default)]
        server: Option<String>,
        tool: String,
        #[serde(default)]
        arguments: serde_json::Value,
    },
    /// Wait (pacing, like a model taking its time; the bench uses it).
    Pause {
        ms: u64,
    },
    /// Several steps as one (for `repeat`).
    Group {
        steps: Vec<Step>,
    },
    /// Do `step` `count` times.
    Repeat {
        count: u32,
        step: Box<Step>,
    },
    // Misbehaviours, for robustness tests.
    /// Stop running native hooks from here on: an agent that disarmed its
    /// own gate (its tool calls still show on ACP).
    Unhook,
    /// Write a line that is not JSON-RPC.
    Garbage {
        #[serde(default)]
        text: Option<String>,
    },
    /// Close stdout and keep running; with `after_ms`, that long from now
    /// while the turn goes on (and ends): an agent lost between turns.
    CloseStdout {
        #[serde(default)]
        after_ms: Option<u64>,
    },
    /// Exit the process mid-turn.
    Exit {
        #[serde(default)]
        code: i32,
    },
    /// Send `count` message chunks as fast as possible.
    Flood {
        count: u32,
    },
    /// Never finish the turn, not even on cancel.
    Hang,
    /// Block until the client cancels, then end with `cancelled`.
    WaitForCancel,
    /// Send the client any JSON-RPC request (`sessionId` added when the
    /// params lack one) and say what came back, as a message: a hostile
    /// agent's hand-made `terminal/create`, `fs/read_text_file`, …. A
    /// request left unanswered for 10 s is reported as an escape (the
    /// client hung on it).
    Request {
        method: String,
        #[serde(default)]
        params: serde_json::Value,
    },
    /// Send `count` copies of one JSON-RPC request at once, without
    /// waiting for any answer first, then wait (at most 120 s) for them
    /// all and say how many were answered: a hostile agent's flood of
    /// requests that each cost the client work and memory.
    Burst {
        method: String,
        #[serde(default)]
        params: serde_json::Value,
        count: u32,
    },
    /// Drop this session's context (as after a crash of the model side):
    /// later prompts to it fail with "Session not found".
    ForgetSession,
}

impl Scenario {
    pub(crate) fn load(path: &Path) -> anyhow::Result<Self> {
        let text = fs_err::read_to_string(path)?;
        Self::parse(&text).map_err(|e| anyhow::anyhow!("scenario {}: {e}", path.display()))
    }

    pub(crate) fn parse(text: &str) -> Result<Self, toml::de::Error> {
        toml::from_str(text)
    }

    /// The benchmark scenario: `tool_calls` reads of `path`, stamped,
    /// `pace_ms` apart.
    pub(crate) fn bench(tool_calls: u32, path: &str, pace_ms: u64) -> Self {
        let read = Step::Read { path: path.into() };
        let step = if pace_ms == 0 {
            read
        } else {
            Step::Group {
                steps: vec![read, Step::Pause { ms: pace_ms }],
            }
        };
        Self {
            name: "bench".into(),
            stamp_updates: true,
            report_stats: true,
            turns: vec![Turn {
                steps: vec![
                    Step::Message {
                        text: "benchmark turn".into(),
                    },
                    Step::Repeat {
                        count: tool_calls,
                        step: Box::new(step),
                    },
                ],
                stop_reason: None,
                on_prompt_containing: None,
            }],
            ..Self::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every scenario in `dir` parses and has turns; how many there are.
    fn all_parse(dir: &Path) -> usize {
        let mut n = 0;
        for entry in fs_err::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let s = Scenario::load(&path).unwrap();
                assert!(!s.turns.is_empty(), "{} has no turns", path.display());
                n += 1;
            }
        }
        n
    }

    #[test]
    fn shipped_scenarios_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        assert!(all_parse(&dir) >= 3);
        // The escape suite's hostile scenarios (`@PLACEHOLDER@`s are filled
        // in by the suite, inside strings).
        assert!(all_parse(&dir.join("escape")) >= 20);
    }

    #[test]
    fn unknown_step_kinds_are_rejected() {
        let err = Scenario::parse("[[turns]]\nsteps = [{kind = \"teleport\"}]\n").unwrap_err();
        assert!(err.to_string().contains("teleport"), "{err}");
    }
}
