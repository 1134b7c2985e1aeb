//! Per-agent-kind hook adapters: native hook payloads in, gate requests out,
//! and the gate's verdict back in the agent's own format.
//!
//! Contracts (as each agent documents them):
//! - Claude Code (`PreToolUse` / `PostToolUse`): JSON on stdin; exit 2 blocks
//!   and stderr goes to the model; JSON on stdout is read only on exit 0
//!   (`hookSpecificOutput.permissionDecision`, `additionalContext`,
//!   `decision: "block"` + `reason` after a tool ran, `updatedMCPToolOutput`
//!   for MCP tools); any other exit code lets the call through — so Compass
//!   never exits with anything but 0 or 2.
//! - Codex (`PreToolUse` / `PostToolUse`): the same shape and exit codes
//!   (`Bash` tool with `tool_input.command`, `apply_patch`, MCP tools).
//! - Gemini CLI (`BeforeTool` / `AfterTool`): JSON on stdin, exit 2 blocks
//!   with stderr as the reason, exit 0 with `{"decision":"deny","reason"}`
//!   denies (after a tool ran it replaces the result the model sees) and
//!   `hookSpecificOutput.additionalContext` adds context.
//! - scripted: the scripted agent speaks Claude Code's format.

use super::wire::{HookResponse, PROTOCOL_VERSION};
use compass_core::gate::{Decision, GateRequest, InputItem, OutputAction, Verdict};
use compass_core::id::AgentId;
use serde_json::{Value, json};

/// Which agent program's hook contract to speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentKind {
    ClaudeCode,
    Codex,
    GeminiCli,
    Scripted,
}

impl AgentKind {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "claude-code" | "claude" => Some(Self::ClaudeCode),
            "codex" => Some(Self::Codex),
            "gemini-cli" | "gemini" => Some(Self::GeminiCli),
            "scripted" => Some(Self::Scripted),
            _ => None,
        }
    }
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::ClaudeCode => "claude-code",
            Self::Codex => "codex",
            Self::GeminiCli => "gemini-cli",
            Self::Scripted => "scripted",
        }
    }
    /// Native names of the pre- and post-tool events.
    pub fn events(&self) -> (&'static str, &'static str) {
        match self {
            Self::GeminiCli => ("BeforeTool", "AfterTool"),
            _ => ("PreToolUse", "PostToolUse"),
        }
    }
}

/// Before or after the tool ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Pre,
    Post,
}

/// A native payload, translated.
#[derive(Debug, Clone, PartialEq)]
pub struct Translated {
    pub stage: Stage,
    pub tool: String,
    /// The agent's id for this tool call, which its ACP updates carry too:
    /// the gates and the watch share one decision per call by it.
    pub call_id: Option<String>,
    pub request: GateRequest,
}

/// Why a payload could not be translated. Every one of these blocks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdapterError {
    #[error("unknown agent kind {0:?} (expected claude-code, codex, gemini-cli or scripted)")]
    UnknownKind(String),
    #[error("unknown hook event {0:?} for this agent kind")]
    UnknownEvent(String),
    #[error("hook payload is not valid UTF-8")]
    NotUtf8,
    #[error("hook payload is not JSON: {0}")]
    NotJson(String),
    #[error("hook payload lacks {0}")]
    Missing(&'static str),
}

fn str_field<'a>(v: &'a Value, keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|k| v.get(*k).and_then(Value::as_str))
}

/// Translate a native hook payload into a gate request for `agent`. The
/// agent is the socket's, never anything the payload claims.
pub fn translate(
    kind: AgentKind,
    event: &str,
    payload: &[u8],
    agent: &AgentId,
) -> Result<Translated, AdapterError> {
    let (pre, post) = kind.events();
    let stage = if event == pre {
        Stage::Pre
    } else if event == post {
        Stage::Post
    } else {
        return Err(AdapterError::UnknownEvent(event.to_string()));
    };
    let text = std::str::from_utf8(payload).map_err(|_| AdapterError::NotUtf8)?;
    let v: Value = serde_json::from_str(text).map_err(|e| AdapterError::NotJson(e.to_string()))?;
    if !v.is_object() {
        return Err(AdapterError::NotJson("top level is not an object".into()));
    }
    let tool = str_field(&v, &["tool_name"])
        .ok_or(AdapterError::Missing("tool_name"))?
        .to_string();
    let input = v
        .get("tool_input")
        .cloned()
        .unwrap_or(Value::Object(Default::default()));
    let cwd = str_field(&v, &["cwd"]).unwrap_or("/").to_string();

    // claude-code-acp routes Claude's own tools through the ACP client as
    // `mcp__acp__Bash`, `mcp__acp__Read`, …: the same tools, judged the same.
    let native = tool.strip_prefix(ACP_TOOL_PREFIX).unwrap_or(&tool);
    let request = match stage {
        Stage::Pre => GateRequest::Output {
            agent: agent.clone(),
            action: output_action(kind, native, &input, &cwd),
        },
        Stage::Post => {
            let response = v.get("tool_response").cloned().unwrap_or(Value::Null);
            GateRequest::Input {
                agent: agent.clone(),
                item: InputItem {
                    source: input_source(native, &input),
                    content: response_text(&response),
                },
            }
        }
    };
    Ok(Translated {
        stage,
        tool,
        call_id: str_field(&v, &["tool_use_id", "tool_call_id", "call_id"]).map(str::to_string),
        request,
    })
}

/// The prefix claude-code-acp gives the tools it serves over ACP.
const ACP_TOOL_PREFIX: &str = "mcp__acp__";

fn command_of(input: &Value) -> Option<String> {
    match input.get("command") {
        Some(Value::String(s)) => Some(s.clone()),
        // Codex may send argv arrays.
        Some(Value::Array(a)) => Some(
            a.iter()
                .filter_map(Value::as_str)
                .map(|w| {
                    if w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_./=:@".contains(c))
                        && !w.is_empty()
                    {
                        w.to_string()
                    } else {
                        format!("'{}'", w.replace('\'', r"'\''"))
                    }
                })
                .collect::<Vec<_>>()
                .join(" "),
        ),
        _ => None,
    }
}

fn output_action(kind: AgentKind, tool: &str, input: &Value, cwd: &str) -> OutputAction {
    let path = str_field(
        input,
        &["file_path", "absolute_path", "path", "notebook_path"],
    );
    let shell_tools: &[&str] = match kind {
        AgentKind::GeminiCli => &["run_shell_command"],
        _ => &["Bash", "shell", "exec_command", "local_shell"],
    };
    if shell_tools.contains(&tool)
        && let Some(command) = command_of(input)
    {
        let dir = str_field(input, &["dir_path", "directory", "workdir", "cwd"]).unwrap_or(cwd);
        return OutputAction::Command {
            command,
            cwd: dir.to_string(),
        };
    }
    match tool {
        "Write" | "write_file" => {
            if let Some(p) = path {
                return OutputAction::WriteFile {
                    path: p.to_string(),
                    content: str_field(input, &["content"]).unwrap_or("").to_string(),
                };
            }
        }
        "Edit" | "replace" => {
            if let Some(p) = path {
                return OutputAction::WriteFile {
                    path: p.to_string(),
                    content: str_field(input, &["new_string"]).unwrap_or("").to_string(),
                };
            }
        }
        "MultiEdit" => {
            if let Some(p) = path {
                let content = input
                    .get("edits")
                    .and_then(Value::as_array)
                    .map(|e| {
                        e.iter()
                            .filter_map(|x| x["new_string"].as_str())
                            .collect::<Vec<_>>()
                            .join("\n")
                    })
                    .unwrap_or_default();
                return OutputAction::WriteFile {
                    path: p.to_string(),
                    content,
                };
            }
        }
        "WebFetch" => {
            if let Some(url) = str_field(input, &["url"]) {
                return OutputAction::Fetch {
                    url: url.to_string(),
                    method: "GET".into(),
                    body: None,
                };
            }
        }
        _ => {}
    }
    OutputAction::Tool {
        name: tool.to_string(),
        input: input.to_string(),
    }
}

fn input_source(tool: &str, input: &Value) -> String {
    if let Some(p) = str_field(
        input,
        &["file_path", "absolute_path", "path", "notebook_path"],
    ) {
        return format!("file:{p}");
    }
    if let Some(u) = str_field(input, &["url"]) {
        return format!("url:{u}");
    }
    if let Some(c) = command_of(input) {
        let c: String = c.chars().take(200).collect();
        return format!("command:{c}");
    }
    if tool.starts_with("mcp__") {
        return format!("mcp:{tool}");
    }
    if let Some(q) = str_field(input, &["query", "pattern"]) {
        return format!("tool:{tool}:{q}");
    }
    format!("tool:{tool}")
}

/// The text a tool result puts in front of the model.
pub fn response_text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Object(o) => {
            let mut parts = Vec::new();
            for k in [
                "stdout",
                "stderr",
                "output",
                "content",
                "result",
                "text",
                "llmContent",
                "returnDisplay",
                "error",
            ] {
                match o.get(k) {
                    Some(Value::String(s)) if !s.is_empty() => parts.push(s.clone()),
                    Some(Value::Array(a)) => parts.push(array_text(a)),
                    _ => {}
                }
            }
            if let Some(Value::Object(file)) = o.get("file")
                && let Some(Value::String(s)) = file.get("content")
            {
                parts.push(s.clone());
            }
            if parts.is_empty() {
                v.to_string()
            } else {
                parts.join("\n")
            }
        }
        Value::Array(a) => array_text(a),
        other => other.to_string(),
    }
}

fn array_text(a: &[Value]) -> String {
    a.iter()
        .map(|x| match x {
            Value::String(s) => s.clone(),
            Value::Object(o) => o
                .get("text")
                .and_then(Value::as_str)
                .map_or_else(|| x.to_string(), str::to_string),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether the agent lets a post-tool hook replace the result the model
/// gets: Claude Code and Codex only for MCP tools (`updatedMCPToolOutput`;
/// claude-code-acp's own `mcp__acp__*` tools included), Gemini CLI always
/// (`decision: deny`), the scripted agent always. Where it cannot, a flag
/// must end the agent's context instead of claiming a withholding.
pub fn result_replaceable(kind: AgentKind, tool: &str) -> bool {
    match kind {
        AgentKind::GeminiCli | AgentKind::Scripted => true,
        AgentKind::ClaudeCode | AgentKind::Codex => tool.starts_with("mcp__"),
    }
}

fn response(stdout: String, stderr: String, exit_code: i32, decision: &str) -> HookResponse {
    HookResponse {
        v: PROTOCOL_VERSION,
        stdout,
        stderr,
        exit_code,
        decision: decision.to_string(),
    }
}

/// A block in the agent's format, for errors and time-outs: exit code 2 and
/// the reason on stderr is honoured by every supported agent before and
/// after a tool runs.
pub fn block(reason: &str) -> HookResponse {
    response(
        String::new(),
        format!("Compass Warden blocked this call: {reason}\n"),
        2,
        "error",
    )
}

/// Render a verdict in the agent's format.
pub fn render(kind: AgentKind, t: &Translated, verdict: &Verdict) -> HookResponse {
    let (pre_name, post_name) = kind.events();
    let gemini = kind == AgentKind::GeminiCli;
    match (&verdict.decision, t.stage) {
        (Decision::Clear, _) => response(
            if gemini { "{}".into() } else { String::new() },
            String::new(),
            0,
            "clear",
        ),
        (Decision::Caution { note }, stage) => {
            let event = if stage == Stage::Pre {
                pre_name
            } else {
                post_name
            };
            let body = json!({
                "hookSpecificOutput": {"hookEventName": event, "additionalContext": note},
                "systemMessage": "Compass Warden attached a caution to this tool call.",
            });
            response(body.to_string(), String::new(), 0, "caution")
        }
        (Decision::Flag { reason }, Stage::Pre) => response(
            String::new(),
            format!(
                "Compass Warden blocked this action and paused the agent; the user has been told. Reason: {reason}\n"
            ),
            2,
            "flag",
        ),
        (Decision::Flag { reason }, Stage::Post) if !result_replaceable(kind, &t.tool) => {
            // The result cannot be taken back here: stop the agent before
            // its next model call (`continue: false`); on resume its
            // session restarts without the result. Nothing claims it was
            // withheld from a context that holds it.
            let kept = format!(
                "Compass Warden flagged this tool result and paused the agent; the user has been told. The result cannot be taken back at this point, so this session stops here and restarts without it. Reason: {reason}"
            );
            let body = json!({
                "continue": false,
                "stopReason": kept,
                "decision": "block",
                "reason": kept,
                "hookSpecificOutput": {"hookEventName": post_name, "additionalContext": kept},
            });
            response(body.to_string(), String::new(), 0, "flag")
        }
        (Decision::Flag { reason }, Stage::Post) => {
            let withheld = format!(
                "Compass Warden withheld this tool result and paused the agent; the user has been told. Reason: {reason}"
            );
            let body = if gemini {
                json!({"decision": "deny", "reason": withheld})
            } else {
                let mut specific =
                    json!({"hookEventName": post_name, "additionalContext": withheld});
                if t.tool.starts_with("mcp__") {
                    specific["updatedMCPToolOutput"] = json!(withheld);
                }
                json!({"decision": "block", "reason": withheld, "hookSpecificOutput": specific})
            };
            response(body.to_string(), String::new(), 0, "flag")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent() -> AgentId {
        AgentId::from_row(7)
    }

    #[test]
    fn claude_bash_becomes_a_command() {
        let p = br#"{"session_id":"s","cwd":"/work/app","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push","description":"d"},"tool_use_id":"t"}"#;
        let t = translate(AgentKind::ClaudeCode, "PreToolUse", p, &agent()).unwrap();
        assert_eq!(
            t.request,
            GateRequest::Output {
                agent: agent(),
                action: OutputAction::Command {
                    command: "git push".into(),
                    cwd: "/work/app".into()
                }
            }
        );
    }

    #[test]
    fn claude_code_acp_tools_are_judged_like_the_native_ones() {
        let p = br#"{"cwd":"/work/app","hook_event_name":"PreToolUse","tool_name":"mcp__acp__Bash","tool_input":{"command":"git push -f origin main"}}"#;
        let t = translate(AgentKind::ClaudeCode, "PreToolUse", p, &agent()).unwrap();
        assert!(matches!(
            t.request,
            GateRequest::Output { action: OutputAction::Command { ref command, .. }, .. } if command == "git push -f origin main"
        ));
        assert_eq!(
            t.tool, "mcp__acp__Bash",
            "the agent's own name is kept for the reply"
        );
        let p = br#"{"hook_event_name":"PostToolUse","tool_name":"mcp__acp__Read","tool_input":{"file_path":"/work/app/README.md"},"tool_response":"hi"}"#;
        let t = translate(AgentKind::ClaudeCode, "PostToolUse", p, &agent()).unwrap();
        let GateRequest::Input { item, .. } = t.request else {
            panic!("not an input")
        };
        assert_eq!(item.source, "file:/work/app/README.md");
    }

    #[test]
    fn scripted_agent_speaks_claude_code_format() {
        let p = br#"{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"/work"}"#;
        let t = translate(AgentKind::Scripted, "PreToolUse", p, &agent()).unwrap();
        assert_eq!(t.stage, Stage::Pre);
        assert_eq!(AgentKind::parse("scripted"), Some(AgentKind::Scripted));
        let r = render(AgentKind::Scripted, &t, &Verdict::flag("no"));
        assert_eq!(r.exit_code, 2);
        let c = render(
            AgentKind::Scripted,
            &t,
            &Verdict {
                decision: Decision::Caution { note: "n".into() },
                findings: vec![],
            },
        );
        let v: Value = serde_json::from_str(&c.stdout).unwrap();
        assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PreToolUse");
        assert_eq!(v["hookSpecificOutput"]["additionalContext"], "n");
    }

    #[test]
    fn gemini_after_tool_becomes_input() {
        let p = br#"{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{"absolute_path":"/work/a.md"},"tool_response":{"llmContent":"hello"}}"#;
        let t = translate(AgentKind::GeminiCli, "AfterTool", p, &agent()).unwrap();
        let GateRequest::Input { item, .. } = &t.request else {
            panic!("input expected")
        };
        assert_eq!(item.source, "file:/work/a.md");
        assert_eq!(item.content, "hello");
        assert!(translate(AgentKind::GeminiCli, "PostToolUse", p, &agent()).is_err());
    }

    #[test]
    fn codex_argv_commands_are_quoted() {
        let p = br#"{"tool_name":"Bash","tool_input":{"command":["bash","-lc","curl x | sh"]},"cwd":"/w"}"#;
        let t = translate(AgentKind::Codex, "PreToolUse", p, &agent()).unwrap();
        let GateRequest::Output {
            action: OutputAction::Command { command, .. },
            ..
        } = t.request
        else {
            panic!()
        };
        assert_eq!(command, "bash -lc 'curl x | sh'");
    }

    #[test]
    fn verdicts_render_per_contract() {
        let p = br#"{"tool_name":"mcp__gh__issue","tool_input":{},"tool_response":"x"}"#;
        let t = translate(AgentKind::ClaudeCode, "PostToolUse", p, &agent()).unwrap();
        let flag = Verdict::flag("bad");
        let r = render(AgentKind::ClaudeCode, &t, &flag);
        assert_eq!(r.exit_code, 0);
        let v: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["decision"], "block");
        assert!(
            v["hookSpecificOutput"]["updatedMCPToolOutput"]
                .as_str()
                .unwrap()
                .contains("withheld")
        );
        let pre = translate(AgentKind::ClaudeCode, "PreToolUse", p, &agent()).unwrap();
        let r = render(AgentKind::ClaudeCode, &pre, &flag);
        assert_eq!(r.exit_code, 2);
        assert!(r.stderr.contains("bad"));
        let g = translate(AgentKind::GeminiCli, "AfterTool", p, &agent()).unwrap();
        let r = render(AgentKind::GeminiCli, &g, &flag);
        assert_eq!(
            serde_json::from_str::<Value>(&r.stdout).unwrap()["decision"],
            "deny"
        );
    }

    #[test]
    fn a_result_that_cannot_be_replaced_stops_the_agent_instead_of_claiming_a_withholding() {
        let p =
            br#"{"tool_name":"Grep","tool_input":{"pattern":"x"},"tool_response":{"content":"x"}}"#;
        let t = translate(AgentKind::ClaudeCode, "PostToolUse", p, &agent()).unwrap();
        assert!(!result_replaceable(AgentKind::ClaudeCode, &t.tool));
        let r = render(AgentKind::ClaudeCode, &t, &Verdict::flag("bad"));
        let v: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["continue"], false);
        assert!(!r.stdout.contains("withheld"), "{}", r.stdout);
        // An MCP tool's result is replaced by the marker.
        let p = br#"{"tool_name":"mcp__acp__Read","tool_input":{"file_path":"/w/a"},"tool_response":"x","tool_use_id":"toolu_1"}"#;
        let t = translate(AgentKind::ClaudeCode, "PostToolUse", p, &agent()).unwrap();
        assert_eq!(t.call_id.as_deref(), Some("toolu_1"));
        let r = render(AgentKind::ClaudeCode, &t, &Verdict::flag("bad"));
        let v: Value = serde_json::from_str(&r.stdout).unwrap();
        assert!(v.get("continue").is_none());
        assert!(
            v["hookSpecificOutput"]["updatedMCPToolOutput"]
                .as_str()
                .unwrap()
                .contains("withheld")
        );
    }

    #[test]
    fn malformed_payloads_are_errors() {
        for bad in [&b"{"[..], b"[]", b"\xff\xfe", br#"{"tool_input":{}}"#] {
            assert!(translate(AgentKind::ClaudeCode, "PreToolUse", bad, &agent()).is_err());
        }
    }
}
