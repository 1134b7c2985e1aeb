//! The model judge against a local HTTP server speaking the Anthropic
//! Messages and OpenAI chat-completions wire formats.

use super::support::fixture_with;
use compass_core::gate::{Decision, Gate, GateRequest, InputItem};
use compass_core::id::AgentId;
use compass_warden::WardenConfig;
use compass_warden::judge::{HttpJudge, HttpJudgeConfig, JudgeWire};
use compass_warden::secret::Secret;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[derive(Debug, Clone)]
struct Seen {
    path: String,
    headers: String,
    body: serde_json::Value,
}

/// A minimal HTTP/1.1 server on 127.0.0.1 that records requests and answers
/// each with `answer(decision_text)` in the wire format of its path.
async fn model_server(decision: &'static str) -> (String, Arc<Mutex<Vec<Seen>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut sock, _)) = listener.accept().await else {
                return;
            };
            let s = s.clone();
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut tmp = [0u8; 8192];
                let (head_end, len) = loop {
                    let n = sock.read(&mut tmp).await.unwrap_or(0);
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&tmp[..n]);
                    if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                        let head = String::from_utf8_lossy(&buf[..i]).to_lowercase();
                        let len = head
                            .lines()
                            .find_map(|l| {
                                l.strip_prefix("content-length:")
                                    .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                            })
                            .unwrap_or(0);
                        break (i + 4, len);
                    }
                };
                while buf.len() < head_end + len {
                    let n = sock.read(&mut tmp).await.unwrap_or(0);
                    if n == 0 {
                        break;
                    }
                    buf.extend_from_slice(&tmp[..n]);
                }
                let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
                let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
                let body: serde_json::Value =
                    serde_json::from_slice(&buf[head_end..head_end + len]).unwrap_or_default();
                s.lock().unwrap().push(Seen {
                    path: path.clone(),
                    headers: head.to_lowercase(),
                    body,
                });
                let verdict = format!("{{\"decision\":\"{decision}\",\"reason\":\"test\"}}");
                let answer = if path == "/v1/messages" {
                    serde_json::json!({"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                        "content": [{"type": "text", "text": verdict}], "stop_reason": "end_turn",
                        "usage": {"input_tokens": 10, "output_tokens": 5}})
                } else {
                    serde_json::json!({"id": "c1", "object": "chat.completion", "model": "m",
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": verdict}, "finish_reason": "stop"}]})
                };
                let body = answer.to_string();
                let resp = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = sock.write_all(resp.as_bytes()).await;
            });
        }
    });
    (format!("http://{addr}"), seen)
}

fn cfg(base: &str) -> HttpJudgeConfig {
    HttpJudgeConfig {
        base_url: base.into(),
        model: "claude-haiku-test".into(),
        api_key: Secret::new("sk-test-key-0000").into(),
        timeout: Duration::from_secs(10),
        max_tokens: 128,
    }
}

/// A Warden with `judge` and small judge windows (1,000 bytes, 100 overlap).
fn windowed(judge: Arc<dyn compass_warden::judge::JudgeBackend>) -> super::support::Fixture {
    fixture_with(
        WardenConfig {
            judge_window_bytes: 1000,
            judge_overlap_bytes: 100,
            ..WardenConfig::default()
        },
        |d| d.judge = Some(judge),
    )
}

fn read(n: i64, content: &str) -> GateRequest {
    GateRequest::Input {
        agent: AgentId::from_row(n),
        item: InputItem {
            source: "url:https://example.org/page".into(),
            content: content.into(),
        },
    }
}

#[tokio::test]
async fn anthropic_judge_sees_redacted_windows_and_can_flag() {
    let (base, seen) = model_server("flag").await;
    let judge = Arc::new(HttpJudge::new(JudgeWire::Anthropic, cfg(&base)).unwrap());
    let fx = windowed(judge);
    // Subtle text the rules do not flag, with a secret in it, 3 windows long.
    let text = format!(
        "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB {} {}",
        "lorem ipsum ".repeat(100),
        "dolor sit ".repeat(80)
    );
    let v = fx.warden.check(&read(1, &text)).await;
    assert!(v.decision.is_flag(), "{v:?}");
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen[0].path, "/v1/messages");
    assert!(seen[0].headers.contains("x-api-key: sk-test-key-0000"));
    assert!(seen[0].headers.contains("anthropic-version: 2023-06-01"));
    assert_eq!(seen[0].body["model"], "claude-haiku-test");
    for s in &seen {
        assert!(
            !s.body.to_string().contains("ghp_abc"),
            "a secret reached the hosted model"
        );
    }
    assert!(
        seen.iter()
            .any(|s| s.body.to_string().contains("[REDACTED:github_token]"))
    );
}

#[tokio::test]
async fn openai_compatible_judge_covers_every_window() {
    let (base, seen) = model_server("clear").await;
    let judge = compass_warden::judge::build(compass_warden::judge::JudgeConfig::OpenAiCompatible(
        cfg(&base),
    ))
    .unwrap()
    .unwrap();
    let fx = windowed(judge);
    let text = "a plain build log line\n".repeat(200); // 4,600 bytes
    let v = fx.warden.check(&read(2, &text)).await;
    assert_eq!(v.decision, Decision::Clear);
    let seen = seen.lock().unwrap().clone();
    assert!(seen.iter().all(|s| s.path == "/v1/chat/completions"));
    assert!(
        seen[0]
            .headers
            .contains("authorization: bearer sk-test-key-0000")
    );
    // 4,600 bytes in 1,000-byte windows overlapping by 100: 0, 900, 1800, 2700, 3600.
    assert_eq!(seen.len(), 5, "every window is judged");
    assert_eq!(fx.warden.judge_calls(), 5);
    // A cleared re-read costs no model call.
    fx.warden.check(&read(2, &text)).await;
    assert_eq!(fx.warden.judge_calls(), 5);
}

#[test]
fn none_means_rules_only() {
    assert!(
        compass_warden::judge::build(compass_warden::judge::JudgeConfig::None)
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn an_unreachable_judge_cautions_never_clears() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let judge = Arc::new(HttpJudge::new(JudgeWire::Anthropic, cfg(&base)).unwrap());
    let fx = fixture_with(WardenConfig::default(), |d| d.judge = Some(judge));
    let v = fx.warden.check(&read(3, "an ordinary paragraph")).await;
    assert!(matches!(v.decision, Decision::Caution { .. }), "{v:?}");
}

/// The watch runs the alignment check too: with a judge, an unhooked
/// agent's command the rules caution on (a new dependency) is reviewed and
/// weighed against the agent's task; a judge that finds it misaligned
/// flags it and the agent is paused. Without a judge the watch leaves such
/// a command to the gates.
#[tokio::test]
async fn the_watch_weighs_a_cautioned_command_against_the_task() {
    use compass_core::event::{AgentUpdate, Event, EventKind, Scope, ToolStatus};
    use compass_warden::watch::{Watch, WatchConfig};
    let call = |agent: &AgentId| Event {
        seq: 1,
        at_ms: 0,
        scope: Scope {
            agent_id: Some(agent.clone()),
            tool_call_id: Some("call_1".into()),
            ..Scope::default()
        },
        kind: EventKind::AgentUpdate {
            update: AgentUpdate::ToolCall {
                title: "Terminal".into(),
                tool_kind: "execute".into(),
                status: ToolStatus::Pending,
                raw_input: Some(serde_json::json!({ "command": "cargo add serde" }).to_string()),
            },
        },
    };
    let (base, seen) = model_server("flag").await;
    let judge = Arc::new(HttpJudge::new(JudgeWire::Anthropic, cfg(&base)).unwrap());
    let fx = fixture_with(WardenConfig::default(), |d| d.judge = Some(judge));
    let mut watch = Watch::new(
        fx.warden.clone(),
        Arc::new(fx.clock.clone()),
        WatchConfig::default(),
    );
    let a = AgentId::from_row(71);
    let d = watch
        .observe(&call(&a))
        .await
        .expect("the command is reviewed");
    assert!(d.verdict.decision.is_flag(), "{:?}", d.record);
    assert!(
        d.record.detectors.iter().any(|x| x == "model_alignment"),
        "{:?}",
        d.record
    );
    assert_eq!(fx.pauser.paused().len(), 1);
    let asked = seen.lock().unwrap().clone();
    let user = asked
        .iter()
        .map(|s| s.body.to_string())
        .find(|b| b.contains("cargo add serde"))
        .expect("the judge saw the command");
    assert!(
        user.contains("gate=watch") && user.contains("TASK"),
        "{user}"
    );

    let rules_only = super::support::fixture();
    let mut watch = Watch::new(
        rules_only.warden.clone(),
        Arc::new(rules_only.clock.clone()),
        WatchConfig::default(),
    );
    let b = AgentId::from_row(72);
    let d = watch.observe(&call(&b)).await;
    assert!(
        d.as_ref().is_none_or(|d| !d.verdict.decision.is_flag()),
        "{:?}",
        d.map(|d| d.record)
    );
    assert!(rules_only.pauser.paused().is_empty());
}

/// A received push of `lines` added lines to the agent's own branch.
fn push_of(lines: usize) -> compass_warden::git::PushPlan {
    push_adding((0..lines).map(|i| format!("+benign line {i}\n")).collect())
}

/// A received push adding `added` (diff lines) to the agent's own branch.
fn push_adding(added: String) -> compass_warden::git::PushPlan {
    compass_warden::git::PushPlan {
        remote: "origin".into(),
        url: "/src/app.git".into(),
        ad_hoc_remote: false,
        remote_unreachable: false,
        mirror: false,
        all: false,
        tags: false,
        updates: vec![compass_warden::git::RefUpdate {
            src: "refs/heads/notes".into(),
            dst: "refs/heads/notes".into(),
            old: None,
            new: Some("a".repeat(40)),
            force: false,
            delete: false,
            non_fast_forward: false,
        }],
        trunk: Some("refs/heads/main".into()),
        diff: format!(
            "diff --git a/notes.txt b/notes.txt\n--- /dev/null\n+++ b/notes.txt\n{added}"
        ),
        diff_truncated: false,
    }
}

/// The relay's alignment check gives the judge every window of a pushed
/// diff, up to [`compass_warden::MAX_PUSH_JUDGE_WINDOWS`]; a diff that
/// needs more is held for the user without a judge call.
#[tokio::test]
async fn a_push_is_judged_window_by_window_up_to_a_bound() {
    let (base, seen) = model_server("clear").await;
    let judge = Arc::new(HttpJudge::new(JudgeWire::Anthropic, cfg(&base)).unwrap());
    let fx = windowed(judge);
    // About 20 windows: every one is put to the judge, and it clears.
    let agent = AgentId::from_row(3);
    let d = fx
        .warden
        .inspect_received_push(&agent, &push_of(1000))
        .await;
    assert_eq!(d.verdict.decision, Decision::Clear, "{:?}", d.verdict);
    let asked = seen.lock().unwrap().len();
    assert!(
        (18..=compass_warden::MAX_PUSH_JUDGE_WINDOWS).contains(&asked),
        "{asked}"
    );

    // Past the bound: held, and no window is put to the judge.
    let lines = compass_warden::MAX_PUSH_JUDGE_WINDOWS * 60;
    let d = fx
        .warden
        .inspect_received_push(&agent, &push_of(lines))
        .await;
    assert!(d.verdict.decision.is_flag(), "{:?}", d.verdict);
    assert!(
        d.verdict
            .findings
            .iter()
            .any(|f| f.detector == "model_alignment" && f.explanation.contains("judge windows")),
        "{:?}",
        d.verdict
    );
    assert_eq!(
        seen.lock().unwrap().len(),
        asked,
        "the judge was asked past the bound"
    );
}

/// The bound counts the windows of the text the judge reads (credentials
/// redacted), not of the raw diff: long tokens that redact short leave a
/// push within the bound (the pushed token is held on its own).
#[tokio::test]
async fn a_pushs_windows_are_counted_on_the_redacted_diff() {
    let (base, _) = model_server("clear").await;
    let judge = Arc::new(HttpJudge::new(JudgeWire::Anthropic, cfg(&base)).unwrap());
    let fx = windowed(judge);
    let token = format!("ghp_{}", "A1b2".repeat(50));
    let added: String = (0..400).map(|_| format!("+{token}\n")).collect();
    assert!(added.len() > compass_warden::MAX_PUSH_JUDGE_WINDOWS * 1000);
    let d = fx
        .warden
        .inspect_received_push(&AgentId::from_row(4), &push_adding(added))
        .await;
    assert!(d.verdict.decision.is_flag(), "{:?}", d.verdict);
    assert!(
        !d.verdict
            .findings
            .iter()
            .any(|f| f.explanation.contains("judge windows")),
        "{:?}",
        d.verdict
    );
}
