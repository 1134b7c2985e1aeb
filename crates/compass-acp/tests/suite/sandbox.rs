//! The scripted agent inside a real bubblewrap sandbox: ACP over the
//! sandboxed process's stdio, fs/terminal served inside the sandbox.

use super::*;
use compass_acp::AcpSession;
use compass_core::gate::PassThrough;
use compass_runtime::{Mount, SandboxRuntime};

#[tokio::test]
async fn scripted_agent_runs_in_the_sandbox_and_fs_requests_stay_inside() {
    let runtime = match SandboxRuntime::discover() {
        Ok(r) => r,
        Err(e) => panic!("the sandbox backend is required for this test: {e}"),
    };
    let dir = tempfile::tempdir().unwrap();
    let name = WorkloadName::parse("acp-sandbox").unwrap();
    let bin = compass_test_support::scripted_agent();
    let bin_dir = bin.parent().unwrap().to_path_buf();
    runtime
        .create(&WorkloadSpec {
            name: name.clone(),
            state_dir: dir.path().join("state"),
            mounts: vec![Mount {
                host_path: bin_dir,
                workload_path: "/opt/compass".into(),
                read_only: true,
            }],
            env: BTreeMap::new(),
            egress: EgressPolicy::Deny,
            resources: Default::default(),
        })
        .await
        .unwrap();
    let layout = runtime.layout(&name).unwrap();
    fs_err::write(layout.work.join("hello.txt"), "inside\n").unwrap();
    fs_err::write(
        layout.home.join("s.toml"),
        r#"
use_client_fs = true
use_client_terminal = true
[[turns]]
steps = [
  { kind = "read", path = "/work/hello.txt" },
  { kind = "write", path = "/work/out.txt", content = "written\n" },
  { kind = "run", command = "cat /work/out.txt; ls /home" },
  { kind = "read", path = "/etc/shadow" },
]
"#,
    )
    .unwrap();
    let mut config = SessionConfig::new(
        AgentId::from_row(7),
        name.clone(),
        ExecSpec {
            argv: vec![
                "/opt/compass/compass-scripted-agent".into(),
                "--scenario".into(),
                "/home/agent/s.toml".into(),
            ],
            cwd: Some("/work".into()),
            ..ExecSpec::default()
        },
        "/work".into(),
    );
    config.allowed_roots = vec!["/work".into()];
    let runtime: Arc<dyn WorkloadRuntime> = Arc::new(runtime);
    let (events, sink) = sink();
    let session = AcpSession::start(runtime.clone(), Arc::new(PassThrough), sink, &config, None)
        .await
        .unwrap();
    assert_eq!(session.prompt("go").await.unwrap().stop_reason, "end_turn");
    session.shutdown().await;
    let outputs: Vec<String> = updates(&events)
        .into_iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::ToolCallUpdate {
                status: Some(_),
                output: Some(o),
                ..
            } => Some(o),
            _ => None,
        })
        .collect();
    assert!(outputs.iter().any(|o| o == "inside\n"), "{outputs:#?}");
    assert!(
        outputs
            .iter()
            .any(|o| o.contains("written") && o.contains("agent")),
        "{outputs:#?}"
    );
    assert!(
        outputs
            .iter()
            .any(|o| o.contains("outside the workload's allowed roots")),
        "{outputs:#?}"
    );
    // The write landed in the workload's /work, i.e. its state dir on the host.
    assert_eq!(
        fs_err::read_to_string(layout.work.join("out.txt")).unwrap(),
        "written\n"
    );
    runtime.remove(&name).await.unwrap();
}

#[tokio::test]
async fn claude_code_runs_in_the_sandbox_against_the_scripted_model_server() {
    use compass_test_support::{ModelServer, ScriptedTurn};
    use serde_json::json;
    let runtime =
        SandboxRuntime::discover().expect("the sandbox backend is required for this test");
    let acp = compass_test_support::claude_agent_acp();
    let agents_dir = compass_test_support::workspace_root().join("tools/agents");
    let dir = tempfile::tempdir().unwrap();
    let name = WorkloadName::parse("claude-sandbox").unwrap();
    // Open egress keeps the host's loopback, where the model server listens.
    runtime
        .create(&WorkloadSpec {
            name: name.clone(),
            state_dir: dir.path().join("state"),
            mounts: vec![Mount {
                host_path: agents_dir.clone(),
                workload_path: "/opt/agents".into(),
                read_only: true,
            }],
            env: BTreeMap::new(),
            egress: EgressPolicy::Open,
            resources: Default::default(),
        })
        .await
        .unwrap();
    let layout = runtime.layout(&name).unwrap();
    let server = ModelServer::start(vec![
        ScriptedTurn::tool("Bash", json!({"command": "echo in-sandbox > /work/proof.txt; cat /work/proof.txt; ls /opt", "description": "Prove", "timeout": 60000})),
        ScriptedTurn::text("Sandboxed and done."),
    ])
    .await
    .unwrap();
    let inner_acp = format!(
        "/opt/agents/{}",
        acp.strip_prefix(&agents_dir).unwrap().display()
    );
    let env: BTreeMap<String, String> = [
        ("ANTHROPIC_BASE_URL", server.base_url()),
        (
            "ANTHROPIC_API_KEY",
            "sk-ant-dummy-for-scripted-server".to_owned(),
        ),
        ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1".to_owned()),
        ("DISABLE_TELEMETRY", "1".to_owned()),
        ("DISABLE_AUTOUPDATER", "1".to_owned()),
        ("IS_SANDBOX", "1".to_owned()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let mut config = SessionConfig::new(
        AgentId::from_row(8),
        name.clone(),
        ExecSpec {
            argv: vec!["/usr/bin/node".into(), inner_acp],
            cwd: Some("/work".into()),
            env,
            stdin: None,
            max_output: None,
        },
        "/work".into(),
    );
    config.allowed_roots = vec!["/work".into()];
    config.timeouts.initialize = std::time::Duration::from_secs(60);
    config.timeouts.prompt_idle = std::time::Duration::from_secs(90);
    let runtime: Arc<dyn WorkloadRuntime> = Arc::new(runtime);
    let (events, sink) = sink();
    let session = AcpSession::start(runtime.clone(), Arc::new(PassThrough), sink, &config, None)
        .await
        .unwrap();
    let turn = session.prompt("prove you are sandboxed").await;
    session.shutdown().await;
    let ups = updates(&events);
    assert_eq!(turn.unwrap().stop_reason, "end_turn", "{ups:#?}");
    // The command ran inside: /work is the workload's work dir on the host,
    // and the sandbox's /opt holds only the mounted agents.
    assert_eq!(
        fs_err::read_to_string(layout.work.join("proof.txt")).unwrap(),
        "in-sandbox\n"
    );
    let results = format!("{:?}", server.tool_results());
    assert!(results.contains("in-sandbox"), "{results}");
    assert!(results.contains("agents"), "{results}");
    assert!(ups.iter().any(|(_, u)| matches!(u, AgentUpdate::MessageChunk { text } if text.contains("Sandboxed and done"))));
    runtime.remove(&name).await.unwrap();
}
