//! Codex through the npm `@zed-industries/codex-acp` adapter, offline
//! against the scripted model server's OpenAI Responses API: initialize,
//! authenticate with its env-var method, session/new, a prompt whose real
//! `exec_command` tool call runs in the workload, end_turn.

use super::*;
use compass_test_support::{ModelServer, ScriptedTurn, function_outputs};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn codex_runs_its_real_tool_offline_through_compass() {
    let w = Workload::host("codex-offline").await;
    let repo = w.repo(&[("a.txt", "a\n")]);
    let server = ModelServer::start(vec![
        ScriptedTurn::tool(
            "exec_command",
            json!({"cmd": "echo made-by-codex > codex.txt && cat codex.txt"}),
        ),
        ScriptedTurn::text("Codex is done."),
    ])
    .await
    .unwrap();
    fs_err::create_dir_all(w.home.join(".codex")).unwrap();
    fs_err::write(
        w.home.join(".codex/config.toml"),
        format!(
            "model = \"gpt-5-codex\"\nmodel_provider = \"scripted\"\n[model_providers.scripted]\nname = \"scripted\"\nbase_url = \"{}/v1\"\nwire_api = \"responses\"\nenv_key = \"OPENAI_API_KEY\"\nrequest_max_retries = 0\nstream_max_retries = 0\n",
            server.base_url()
        ),
    )
    .unwrap();
    let env: BTreeMap<String, String> = [
        ("OPENAI_API_KEY", "sk-dummy-for-scripted-server"),
        ("RUST_LOG", "error"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    let mut config = SessionConfig::new(
        AgentId::from_row(4),
        w.name.clone(),
        ExecSpec {
            argv: vec![compass_test_support::codex_acp().display().to_string()],
            cwd: Some(repo.clone()),
            env,
            stdin: None,
            max_output: None,
            masks: Vec::new(),
            ..ExecSpec::default()
        },
        repo.clone(),
    );
    config.auth_method = Some("openai-api-key".into());
    config.initial_mode = Some("full-access".into());
    config.timeouts.prompt_idle = Duration::from_secs(60);
    let (session, events) = w.start(&config).await;
    assert!(
        session.agent_info().name.contains("codex"),
        "{:?}",
        session.agent_info()
    );
    let turn = session.prompt("make a file").await;
    session.shutdown().await;
    let ups = updates(&events);
    assert_eq!(turn.unwrap().stop_reason, "end_turn", "{ups:#?}");
    assert_eq!(
        fs_err::read_to_string(repo.join("codex.txt")).unwrap(),
        "made-by-codex\n"
    );
    assert!(
        ups.iter()
            .any(|(id, u)| id.is_some() && matches!(u, AgentUpdate::ToolCall { .. })),
        "{ups:#?}"
    );
    assert!(ups.iter().any(|(_, u)| matches!(u, AgentUpdate::MessageChunk { text } if text.contains("Codex is done"))), "{ups:#?}");
    let outputs = format!("{:?}", function_outputs(&server.requests()));
    assert!(outputs.contains("made-by-codex"), "{outputs}");
}
