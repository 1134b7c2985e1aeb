//! Native hooks, the way Claude Code runs them: commands from a
//! `settings.json` (`{"hooks": {"PreToolUse": [{"matcher": "*", "hooks":
//! [{"type": "command", "command": "…"}]}], "PostToolUse": […]}}`), each fed
//! the event JSON on stdin. The decision rules are Claude Code's:
//! exit 2 blocks with stderr as the reason; exit 0 may print JSON with
//! `hookSpecificOutput.permissionDecision` (`allow`/`deny`/`ask`) or a
//! top-level `decision: "block"`; any other exit lets the call through.

use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

#[derive(Debug, Clone, Deserialize, Default)]
pub(crate) struct Settings {
    #[serde(default)]
    hooks: BTreeMap<String, Vec<Matcher>>,
}

#[derive(Debug, Clone, Deserialize)]
struct Matcher {
    #[serde(default)]
    matcher: String,
    #[serde(default)]
    hooks: Vec<HookCommand>,
}

#[derive(Debug, Clone, Deserialize)]
struct HookCommand {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    command: String,
    /// Seconds (Claude Code's default is 60).
    #[serde(default)]
    timeout: Option<u64>,
}

/// What the hooks decided about one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HookDecision {
    /// No hook objected (or none ran).
    Proceed,
    /// A hook explicitly allowed it (skips the permission prompt).
    Allow,
    /// Ask the user (`session/request_permission`).
    Ask(String),
    /// Blocked, with the reason shown to the model.
    Block(String),
}

fn matches(matcher: &str, tool: &str) -> bool {
    matcher.is_empty() || matcher == "*" || matcher.split('|').any(|m| m.trim() == tool)
}

impl Settings {
    /// Settings from `--settings`, else `$COMPASS_SCRIPTED_SETTINGS`, else
    /// `<cwd>/.claude/settings.json`, else `$HOME/.claude/settings.json`.
    pub(crate) fn discover(
        explicit: Option<&Path>,
        cwd: &Path,
    ) -> anyhow::Result<(Self, Option<PathBuf>)> {
        let candidates: Vec<PathBuf> = match explicit {
            Some(p) => vec![p.to_path_buf()],
            None => {
                let mut c = Vec::new();
                if let Ok(p) = std::env::var("COMPASS_SCRIPTED_SETTINGS") {
                    c.push(PathBuf::from(p));
                }
                c.push(cwd.join(".claude").join("settings.json"));
                if let Ok(home) = std::env::var("HOME") {
                    c.push(Path::new(&home).join(".claude").join("settings.json"));
                }
                c
            }
        };
        for path in candidates {
            if path.is_file() || explicit.is_some() {
                let text = fs_err::read_to_string(&path)?;
                let settings: Self = serde_json::from_str(&text)
                    .map_err(|e| anyhow::anyhow!("settings {}: {e}", path.display()))?;
                return Ok((settings, Some(path)));
            }
        }
        Ok((Self::default(), None))
    }

    pub(crate) fn has_hooks(&self) -> bool {
        self.hooks.values().any(|m| !m.is_empty())
    }

    /// Run every hook matching `event` and `tool`; the strictest decision wins.
    pub(crate) async fn run(
        &self,
        event: &str,
        tool: &str,
        payload: &Value,
        cwd: &Path,
    ) -> HookDecision {
        let mut decision = HookDecision::Proceed;
        let Some(matchers) = self.hooks.get(event) else {
            return decision;
        };
        for m in matchers.iter().filter(|m| matches(&m.matcher, tool)) {
            for h in m
                .hooks
                .iter()
                .filter(|h| h.kind == "command" || h.kind.is_empty())
            {
                let d = run_one(h, payload, cwd).await;
                decision = stricter(decision, d);
                if matches!(decision, HookDecision::Block(_)) {
                    return decision;
                }
            }
        }
        decision
    }
}

fn rank(d: &HookDecision) -> u8 {
    match d {
        HookDecision::Proceed => 0,
        HookDecision::Allow => 1,
        HookDecision::Ask(_) => 2,
        HookDecision::Block(_) => 3,
    }
}

fn stricter(a: HookDecision, b: HookDecision) -> HookDecision {
    if rank(&b) > rank(&a) { b } else { a }
}

async fn run_one(hook: &HookCommand, payload: &Value, cwd: &Path) -> HookDecision {
    let mut cmd = tokio::process::Command::new("/bin/sh");
    cmd.arg("-c")
        .arg(&hook.command)
        .current_dir(cwd)
        .env("CLAUDE_PROJECT_DIR", cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "scripted-agent: hook {:?} could not start: {e}",
                hook.command
            );
            return HookDecision::Proceed;
        }
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(payload.to_string().as_bytes()).await;
        drop(stdin);
    }
    let limit = Duration::from_secs(hook.timeout.unwrap_or(60));
    let out = match tokio::time::timeout(limit, child.wait_with_output()).await {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => {
            eprintln!("scripted-agent: hook {:?} failed: {e}", hook.command);
            return HookDecision::Proceed;
        }
        Err(_) => {
            // Claude Code treats a timed-out hook as a non-blocking error.
            eprintln!("scripted-agent: hook {:?} timed out", hook.command);
            return HookDecision::Proceed;
        }
    };
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    match out.status.code() {
        Some(2) => HookDecision::Block(if stderr.is_empty() {
            "blocked by hook".into()
        } else {
            stderr
        }),
        Some(0) => parse_json_decision(&String::from_utf8_lossy(&out.stdout)),
        other => {
            eprintln!(
                "scripted-agent: hook {:?} exited {other:?} (non-blocking): {stderr}",
                hook.command
            );
            HookDecision::Proceed
        }
    }
}

fn parse_json_decision(stdout: &str) -> HookDecision {
    let Ok(v) = serde_json::from_str::<Value>(stdout.trim()) else {
        return HookDecision::Proceed;
    };
    let reason = |key: &str| {
        v.pointer(key)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    if let Some(d) = v
        .pointer("/hookSpecificOutput/permissionDecision")
        .and_then(Value::as_str)
    {
        let why = reason("/hookSpecificOutput/permissionDecisionReason");
        return match d {
            "deny" => HookDecision::Block(if why.is_empty() {
                "denied by hook".into()
            } else {
                why
            }),
            "ask" => HookDecision::Ask(why),
            "allow" => HookDecision::Allow,
            _ => HookDecision::Proceed,
        };
    }
    match v.get("decision").and_then(Value::as_str) {
        Some("block") | Some("deny") => {
            let why = reason("/reason");
            HookDecision::Block(if why.is_empty() {
                "blocked by hook".into()
            } else {
                why
            })
        }
        Some("approve") | Some("allow") => HookDecision::Allow,
        _ => HookDecision::Proceed,
    }
}

/// The PreToolUse/PostToolUse payload Claude Code sends.
pub(crate) fn payload(
    event: &str,
    session_id: &str,
    cwd: &Path,
    tool_name: &str,
    tool_input: &Value,
    tool_use_id: &str,
    tool_response: Option<&Value>,
) -> Value {
    let mut v = json!({
        "session_id": session_id,
        "transcript_path": "",
        "cwd": cwd.display().to_string(),
        "permission_mode": "bypassPermissions",
        "hook_event_name": event,
        "tool_name": tool_name,
        "tool_input": tool_input,
        "tool_use_id": tool_use_id,
    });
    if let Some(r) = tool_response {
        v["tool_response"] = r.clone();
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_decisions_follow_claude_code() {
        assert_eq!(
            parse_json_decision(
                r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no push"}}"#
            ),
            HookDecision::Block("no push".into())
        );
        assert_eq!(
            parse_json_decision(r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#),
            HookDecision::Ask(String::new())
        );
        assert_eq!(
            parse_json_decision(r#"{"hookSpecificOutput":{"permissionDecision":"allow"}}"#),
            HookDecision::Allow
        );
        assert_eq!(
            parse_json_decision(r#"{"decision":"block","reason":"r"}"#),
            HookDecision::Block("r".into())
        );
        assert_eq!(parse_json_decision("not json"), HookDecision::Proceed);
    }

    #[test]
    fn matchers() {
        assert!(matches("*", "Bash"));
        assert!(matches("", "Bash"));
        assert!(matches("Edit|Write", "Write"));
        assert!(!matches("Edit|Write", "Bash"));
    }

    #[tokio::test]
    async fn exit_codes_follow_claude_code() {
        let dir = tempfile::tempdir().unwrap();
        let settings: Settings = serde_json::from_value(json!({"hooks": {"PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "cat > got.json; echo 'nope' >&2; exit 2"}]},
            {"matcher": "Read", "hooks": [{"type": "command", "command": "exit 1"}]}
        ]}}))
        .unwrap();
        let p = payload(
            "PreToolUse",
            "s",
            dir.path(),
            "Bash",
            &json!({"command": "ls"}),
            "t1",
            None,
        );
        assert_eq!(
            settings.run("PreToolUse", "Bash", &p, dir.path()).await,
            HookDecision::Block("nope".into())
        );
        let got: Value =
            serde_json::from_str(&fs_err::read_to_string(dir.path().join("got.json")).unwrap())
                .unwrap();
        assert_eq!(got["tool_input"]["command"], "ls");
        assert_eq!(got["hook_event_name"], "PreToolUse");
        // Any other non-zero exit lets the call through, as in Claude Code.
        assert_eq!(
            settings.run("PreToolUse", "Read", &p, dir.path()).await,
            HookDecision::Proceed
        );
    }
}
