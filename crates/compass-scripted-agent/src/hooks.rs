//! Native hooks, the way Claude Code runs them: commands from a
//! `settings.json` (`{"hooks": {"PreToolUse": [{"matcher": "*", "hooks":
//! [{"type": "command", "command": "…"}]}], "PostToolUse": […]}}`), each fed
//! the event JSON on stdin. The decision rules are Claude Code's:
//! exit 2 blocks with stderr as the reason; exit 0 may print JSON with
//! `hookSpecificOutput.permissionDecision` (`allow`/`deny`/`ask`) or a
//! top-level `decision: "block"`; any other exit lets the call through.
//!
//! HTTP hooks (`{"type": "http", "url", "timeout", "onFailure"}`) POST the
//! same JSON; a 2xx answer's body is read as a command's stdout on exit 0
//! (empty: no decision). A non-2xx answer, a refused connection, a
//! time-out and a 2xx body that is not a JSON object are failures, which
//! Claude Code lets through — unless the hook says `"onFailure": "block"`
//! (Claude Code 2.1.295 and later), which blocks on any failure of an HTTP
//! or a command hook.

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
    /// An HTTP hook's endpoint (`http://HOST:PORT/PATH`).
    #[serde(default)]
    url: String,
    /// Seconds (Claude Code's default is 60).
    #[serde(default)]
    timeout: Option<u64>,
    /// What a hook that fails (cannot run, times out, answers badly) means.
    #[serde(rename = "onFailure", default)]
    on_failure: OnFailure,
}

/// Claude Code's `onFailure`: a failed hook is no decision (`continue`,
/// the default) or a block.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum OnFailure {
    #[default]
    Continue,
    Block,
}

impl HookCommand {
    fn limit(&self) -> Duration {
        Duration::from_secs(self.timeout.unwrap_or(60))
    }

    /// A hook that failed: logged, and a block only under `onFailure: block`.
    fn failed(&self, why: &str) -> HookDecision {
        let what = if self.kind == "http" {
            &self.url
        } else {
            &self.command
        };
        eprintln!("scripted-agent: hook {what:?} failed: {why}");
        match self.on_failure {
            OnFailure::Continue => HookDecision::Proceed,
            OnFailure::Block => HookDecision::Block(format!("hook failed: {why}")),
        }
    }
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
            for h in &m.hooks {
                let d = match h.kind.as_str() {
                    "command" | "" => run_one(h, payload, cwd).await,
                    "http" => post_one(h, payload).await,
                    // Prompt and agent hooks ask a model: not played here.
                    _ => continue,
                };
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
        Err(e) => return hook.failed(&format!("could not start: {e}")),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(payload.to_string().as_bytes()).await;
        drop(stdin);
    }
    let out = match tokio::time::timeout(hook.limit(), child.wait_with_output()).await {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => return hook.failed(&e.to_string()),
        Err(_) => return hook.failed("timed out"),
    };
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    match out.status.code() {
        Some(2) => HookDecision::Block(if stderr.is_empty() {
            "blocked by hook".into()
        } else {
            stderr
        }),
        Some(0) => parse_json_decision(&String::from_utf8_lossy(&out.stdout)),
        other => hook.failed(&format!("exited {other:?}: {stderr}")),
    }
}

/// The largest HTTP hook answer read.
const MAX_HTTP_ANSWER: u64 = 1024 * 1024;

async fn post_one(hook: &HookCommand, payload: &Value) -> HookDecision {
    match tokio::time::timeout(hook.limit(), post(&hook.url, payload)).await {
        Ok(Ok((status, body))) if (200..300).contains(&status) => {
            let body = body.trim();
            if body.is_empty() {
                return HookDecision::Proceed;
            }
            match serde_json::from_str::<Value>(body) {
                Ok(Value::Object(_)) => parse_json_decision(body),
                _ => hook.failed("the answer is not a JSON object"),
            }
        }
        Ok(Ok((status, _))) => hook.failed(&format!("answered HTTP {status}")),
        Ok(Err(e)) => hook.failed(&e.to_string()),
        Err(_) => hook.failed("timed out"),
    }
}

/// One `POST` of `payload` to a plain `http://HOST:PORT/PATH` URL; the
/// status and the body.
async fn post(url: &str, payload: &Value) -> std::io::Result<(u16, String)> {
    use tokio::io::AsyncReadExt;
    let bad = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, why);
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| bad(format!("{url:?} is not an http:// URL")))?;
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let path = if path.is_empty() { "/" } else { path };
    let mut conn = tokio::net::TcpStream::connect(authority).await?;
    let body = payload.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    conn.write_all(head.as_bytes()).await?;
    conn.write_all(body.as_bytes()).await?;
    let mut answer = Vec::new();
    (&mut conn)
        .take(MAX_HTTP_ANSWER)
        .read_to_end(&mut answer)
        .await?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .ok_or_else(|| bad("the answer has no head".into()))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("the answer has no status".into()))?;
    Ok((status, body.to_owned()))
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

    /// A one-shot HTTP server answering every request with `raw` (or
    /// never, for `None`); its URL.
    fn server(raw: Option<&'static str>) -> String {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            for mut conn in listener.incoming().flatten() {
                // Read the whole request first: closing with bytes unread
                // resets the connection, and the client then sees a reset
                // instead of this answer.
                let mut got = Vec::new();
                let mut buf = [0u8; 65536];
                while !whole_request(&got) {
                    match conn.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                match raw {
                    Some(raw) => {
                        let _ = conn.write_all(raw.as_bytes());
                    }
                    None => std::thread::sleep(Duration::from_secs(3)),
                }
            }
        });
        format!("http://{addr}/hook/scripted/PreToolUse")
    }

    /// Whether `got` holds a request's head and all of its declared body.
    fn whole_request(got: &[u8]) -> bool {
        let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") else {
            return false;
        };
        let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
        let body_len = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok())
            .unwrap_or(0);
        got.len() >= end + 4 + body_len
    }

    async fn http_decision(url: &str, on_failure: Option<&str>) -> HookDecision {
        let mut hook = json!({"type": "http", "url": url, "timeout": 1});
        if let Some(f) = on_failure {
            hook["onFailure"] = json!(f);
        }
        let settings: Settings = serde_json::from_value(
            json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [hook]}]}}),
        )
        .unwrap();
        let p = payload(
            "PreToolUse",
            "s",
            Path::new("/"),
            "Bash",
            &json!({"command": "ls"}),
            "t1",
            None,
        );
        settings.run("PreToolUse", "Bash", &p, Path::new("/")).await
    }

    fn http(status: &str, body: &'static str) -> &'static str {
        Box::leak(
            format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
            .into_boxed_str(),
        )
    }

    /// Claude Code's HTTP hook semantics: a 2xx body is the decision, and
    /// every failure lets the call through unless `onFailure` is `block`.
    #[tokio::test]
    async fn http_hooks_follow_claude_code() {
        let deny = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}"#;
        for on_failure in [None, Some("continue"), Some("block")] {
            assert_eq!(
                http_decision(&server(Some(http("200 OK", deny))), on_failure).await,
                HookDecision::Block("no".into())
            );
            assert_eq!(
                http_decision(&server(Some(http("200 OK", ""))), on_failure).await,
                HookDecision::Proceed
            );
        }
        let closed = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            format!("http://{}/hook", l.local_addr().unwrap())
        };
        for (url, why) in [
            (server(Some(http("503 Service Unavailable", deny))), "503"),
            (server(Some(http("200 OK", "allow"))), "not a JSON object"),
            (server(None), "timed out"),
            (closed, "refused"),
            ("https://127.0.0.1:1/hook".to_owned(), "http://"),
        ] {
            assert_eq!(
                http_decision(&url, None).await,
                HookDecision::Proceed,
                "{why}: fails open without onFailure"
            );
            match http_decision(&url, Some("block")).await {
                HookDecision::Block(reason) => {
                    assert!(
                        reason.to_lowercase().contains(&why.to_lowercase()),
                        "{why}: {reason}"
                    )
                }
                other => panic!("{why}: {other:?} under onFailure block"),
            }
        }
    }

    #[tokio::test]
    async fn on_failure_block_applies_to_command_hooks_too() {
        let dir = tempfile::tempdir().unwrap();
        let settings: Settings = serde_json::from_value(json!({"hooks": {"PreToolUse": [
            {"matcher": "*", "hooks": [{"type": "command", "command": "exit 1", "onFailure": "block"}]}
        ]}}))
        .unwrap();
        let p = payload("PreToolUse", "s", dir.path(), "Bash", &json!({}), "t", None);
        assert!(matches!(
            settings.run("PreToolUse", "Bash", &p, dir.path()).await,
            HookDecision::Block(_)
        ));
        let bad = serde_json::from_value::<Settings>(json!({"hooks": {"PreToolUse": [
            {"matcher": "*", "hooks": [{"type": "http", "url": "http://x", "onFailure": "maybe"}]}
        ]}}));
        assert!(bad.is_err(), "an unknown onFailure is refused");
    }
}
