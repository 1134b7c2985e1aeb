//! A real peer no one here wrote: the npm `@zed-industries/claude-agent-acp`
//! adapter driving the real Claude Code, inside a host workload, through
//! compass-acp. With the scripted model server it runs its real tools
//! offline; without credentials its own error must surface as an event.
//! Needs `npm ci --prefix tools/agents` (the test says so when missing).

use super::*;
use compass_acp::AcpError;
use compass_core::event::ToolStatus;
use compass_test_support::{ModelServer, ScriptedTurn};
use serde_json::json;
use std::time::Duration;

fn claude_config(w: &Workload, cwd: &Path, env: &[(&str, &str)]) -> SessionConfig {
    let acp = compass_test_support::claude_agent_acp();
    let node_dir = compass_test_support::node_bin_dir();
    let mut vars: BTreeMap<String, String> = env
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    vars.insert(
        "PATH".into(),
        format!("{}:/usr/local/bin:/usr/bin:/bin", node_dir.display()),
    );
    vars.insert(
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC".into(),
        "1".into(),
    );
    vars.insert("DISABLE_TELEMETRY".into(), "1".into());
    vars.insert("DISABLE_AUTOUPDATER".into(), "1".into());
    vars.insert("IS_SANDBOX".into(), "1".into());
    let mut config = SessionConfig::new(
        AgentId::from_row(3),
        w.name.clone(),
        ExecSpec {
            argv: vec![
                node_dir.join("node").display().to_string(),
                acp.display().to_string(),
            ],
            cwd: Some(cwd.to_path_buf()),
            env: vars,
            stdin: None,
            max_output: None,
            masks: Vec::new(),
            ..ExecSpec::default()
        },
        cwd.to_path_buf(),
    );
    // Generous for a cold Node start on two busy cores; silence still fails.
    config.timeouts.initialize = Duration::from_secs(60);
    config.timeouts.prompt_idle = Duration::from_secs(90);
    config
}

#[tokio::test]
async fn claude_code_runs_its_real_tools_offline_through_compass() {
    let w = Workload::host("claude-offline").await;
    let repo = w.repo(&[(
        "src/calc.rs",
        "pub fn add(a: i32, b: i32) -> i32 {\n    a - b\n}\n",
    )]);
    let calc = repo.join("src/calc.rs").display().to_string();
    let server = ModelServer::start(vec![
        ScriptedTurn::tool("Bash", json!({"command": "echo made-by-claude > made.txt && cat made.txt", "description": "Make a file", "timeout": 60000}))
            .with_text_first("Let me run a command."),
        ScriptedTurn::tool("Read", json!({"file_path": calc})),
        ScriptedTurn::tool("Edit", json!({"file_path": calc, "old_string": "a - b", "new_string": "a + b"})),
        ScriptedTurn::text("Fixed add() for you."),
    ])
    .await
    .unwrap();
    let config = claude_config(
        &w,
        &repo,
        &[
            ("ANTHROPIC_BASE_URL", &server.base_url()),
            ("ANTHROPIC_API_KEY", "sk-ant-dummy-for-scripted-server"),
        ],
    );
    let (session, events) = w.start(&config).await;
    assert!(
        session.agent_info().name.contains("claude"),
        "{:?}",
        session.agent_info()
    );
    let turn = session.prompt("Fix the add() bug in src/calc.rs").await;
    session.shutdown().await;
    let ups = updates(&events);
    assert_eq!(turn.unwrap().stop_reason, "end_turn", "{ups:#?}");

    // Real tools, really run in the workload. claude-agent-acp runs Claude
    // Code's own tools (not Compass's fs/terminal methods), so its gate is
    // its native hooks, proven through the daemon (`compass`'s
    // `suite::claude`).
    assert_eq!(
        fs_err::read_to_string(repo.join("made.txt")).unwrap(),
        "made-by-claude\n"
    );
    assert!(
        fs_err::read_to_string(repo.join("src/calc.rs"))
            .unwrap()
            .contains("a + b")
    );
    let calls: Vec<(Option<String>, String)> = ups
        .iter()
        .filter_map(|(id, u)| match u {
            AgentUpdate::ToolCall { title, .. } => Some((id.clone(), title.clone())),
            _ => None,
        })
        .collect();
    assert!(calls.len() >= 3, "{ups:#?}");
    assert!(calls.iter().all(|(id, _)| {
        id.as_deref()
            .is_some_and(|i| i.starts_with("toolu_scripted_"))
    }));
    let completed = ups
        .iter()
        .filter(|(_, u)| {
            matches!(
                u,
                AgentUpdate::ToolCallUpdate {
                    status: Some(ToolStatus::Completed),
                    ..
                }
            )
        })
        .count();
    assert!(completed >= 3, "{ups:#?}");
    assert!(ups.iter().any(
        |(_, u)| matches!(u, AgentUpdate::MessageChunk { text } if text.contains("Fixed add()"))
    ));
    assert!(
        ups.iter()
            .any(|(_, u)| matches!(u, AgentUpdate::AvailableCommands { .. }))
    );
    assert!(
        ups.iter()
            .any(|(_, u)| matches!(u, AgentUpdate::Diff { path, .. } if path.ends_with("calc.rs"))),
        "{ups:#?}"
    );
    // The model saw the real tool output.
    let results = format!("{:?}", server.tool_results());
    assert!(results.contains("made-by-claude"), "{results}");
}

#[tokio::test]
async fn claude_code_without_credentials_surfaces_its_own_error() {
    let w = Workload::host("claude-nocreds").await;
    // No model server, no key; the base URL points at a closed local port so
    // nothing leaves the machine.
    let config = claude_config(&w, &w.work, &[("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")]);
    let (session, events) = w.start(&config).await;
    let result = session.prompt("hello").await;
    session.shutdown().await;
    let ups = updates(&events);
    assert!(
        matches!(&result, Err(AcpError::AuthRequired { .. })),
        "{result:?}"
    );
    // The agent's own words reach the event stream, and the turn ended
    // without a hang (the session stays usable).
    assert!(
        ups.iter().any(|(_, u)| matches!(u, AgentUpdate::Error { message } if message.contains("Authentication required") && message.contains("configure credentials"))),
        "{ups:#?}"
    );
    assert!(failures(&events).is_empty());
}

#[tokio::test]
async fn claude_code_native_tools_fire_its_real_hooks() {
    // Compass serves no fs/terminal here: Claude Code uses its own Bash and
    // Read, and its own PreToolUse/PostToolUse hooks from .claude/settings.json
    // fire — the surface Warden's gate rides.
    let w = Workload::host("claude-hooks").await;
    let repo = w.repo(&[("notes.txt", "plain notes\n")]);
    let log = w.home.join("hook-log.jsonl");
    let settings = serde_json::json!({"hooks": {
        "PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": format!(
            "i=$(cat); echo \"$i\" >> {log}; case \"$i\" in *'git push'*) echo 'Compass: pushes need review' >&2; exit 2;; esac; exit 0", log = log.display())}]}],
        "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": format!("cat >> {}", log.display())}]}]
    }});
    fs_err::create_dir_all(repo.join(".claude")).unwrap();
    fs_err::write(repo.join(".claude/settings.json"), settings.to_string()).unwrap();
    let notes = repo.join("notes.txt").display().to_string();
    let server = ModelServer::start(vec![
        ScriptedTurn::tool("Read", json!({"file_path": notes})),
        ScriptedTurn::tool("Bash", json!({"command": "git push origin main", "description": "Push", "timeout": 60000})),
        ScriptedTurn::tool("Bash", json!({"command": "echo native > native.txt", "description": "Write", "timeout": 60000})),
        ScriptedTurn::text("Done."),
    ])
    .await
    .unwrap();
    let mut config = claude_config(
        &w,
        &repo,
        &[
            ("ANTHROPIC_BASE_URL", &server.base_url()),
            ("ANTHROPIC_API_KEY", "sk-ant-dummy-for-scripted-server"),
        ],
    );
    config.capabilities = compass_acp::ServedCapabilities {
        read_text_file: false,
        write_text_file: false,
        terminal: false,
    };
    let (session, events) = w.start(&config).await;
    let turn = session.prompt("push it").await;
    session.shutdown().await;
    let ups = updates(&events);
    assert_eq!(turn.unwrap().stop_reason, "end_turn", "{ups:#?}");
    assert_eq!(
        fs_err::read_to_string(repo.join("native.txt")).unwrap(),
        "native\n"
    );
    // The hooks saw Claude Code's own tool calls, with its JSON.
    let hook_log = fs_err::read_to_string(&log).unwrap();
    assert!(
        hook_log.contains("\"hook_event_name\":\"PreToolUse\""),
        "{hook_log}"
    );
    assert!(
        hook_log.contains("\"hook_event_name\":\"PostToolUse\""),
        "{hook_log}"
    );
    assert!(hook_log.contains("\"tool_name\":\"Read\""), "{hook_log}");
    // Exit 2 blocked the push and the model was told why.
    let results = format!("{:?}", server.tool_results());
    assert!(results.contains("Compass: pushes need review"), "{results}");
    assert!(results.contains("plain notes"), "{results}");
    // No Compass fs/terminal request was made (none was offered): every
    // decision is on a permission request, filed under its tool call.
    assert!(
        !events
            .events()
            .iter()
            .any(|e| matches!(e.kind, EventKind::GateDecision { .. })
                && e.scope.tool_call_id.is_none()),
        "{ups:#?}"
    );
    assert!(ups.iter().any(|(_, u)| matches!(
        u,
        AgentUpdate::ToolCallUpdate {
            status: Some(ToolStatus::Completed),
            ..
        }
    )));
}
