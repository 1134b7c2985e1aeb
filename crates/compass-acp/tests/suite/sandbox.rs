//! The scripted agent inside a real bubblewrap sandbox: ACP over the
//! sandboxed process's stdio, fs/terminal served inside the sandbox.

use super::*;
use compass_acp::AcpSession;
use compass_core::gate::PassThrough;
use compass_runtime::{Mount, SandboxRuntime};

#[tokio::test]
async fn scripted_agent_runs_in_the_sandbox_and_fs_requests_stay_inside() {
    let dir = tempfile::tempdir().unwrap();
    let (runtime, name, layout, config) = scripted_in_sandbox(
        dir.path(),
        "acp-sandbox",
        7,
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
    .await;
    fs_err::write(layout.work.join("hello.txt"), "inside\n").unwrap();
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

/// A deny-egress sandbox workload `name` in `dir` with the scripted agent
/// mounted at `/opt/compass`, and a session config (agent `id`) that runs
/// it in `/work` with `scenario`, written to the agent's home.
async fn scripted_in_sandbox(
    dir: &Path,
    name: &str,
    id: i64,
    scenario: &str,
) -> (
    Arc<dyn WorkloadRuntime>,
    WorkloadName,
    compass_runtime::Layout,
    SessionConfig,
) {
    let mut sandbox = compass_runtime::SandboxConfig::discover();
    sandbox.relay = Some(compass_test_support::bins::netns_relay());
    let runtime = match SandboxRuntime::new(sandbox) {
        Ok(r) => r,
        Err(e) => panic!("the sandbox backend is required for this test: {e}"),
    };
    let name = WorkloadName::parse(name).unwrap();
    let bin = compass_test_support::scripted_agent();
    runtime
        .create(&WorkloadSpec {
            name: name.clone(),
            state_dir: dir.join("state"),
            mounts: vec![Mount {
                host_path: bin.parent().unwrap().to_path_buf(),
                workload_path: "/opt/compass".into(),
                read_only: true,
            }],
            env: BTreeMap::new(),
            egress: EgressPolicy::Deny,
            resources: Default::default(),
            config_etc: Vec::new(),
        })
        .await
        .unwrap();
    let layout = runtime.layout(&name).unwrap();
    fs_err::write(layout.home.join("s.toml"), scenario).unwrap();
    let mut config = SessionConfig::new(
        AgentId::from_row(id),
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
    (Arc::new(runtime), name, layout, config)
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
            config_etc: Vec::new(),
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
            masks: Vec::new(),
            ..ExecSpec::default()
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

/// A restart into a workstream's worktree (`set_cwd`, then a context
/// reset) masks that worktree's config places, and the sandbox checks them
/// inside before the agent starts: with a link swapped in at a mask
/// between the host's check and bwrap's bind (the runtime's test hook), the
/// start is refused with the check's own words in the driver's error (what
/// the daemon writes into the agent's status), and the agent is not up;
/// without the race the next restart starts the agent, which sees the
/// planted dir empty.
#[tokio::test]
async fn a_restart_whose_mask_was_swapped_for_a_link_is_refused_and_says_why() {
    use compass_acp::ReloadContext;
    use compass_acp::masked::Masked;
    let dir = tempfile::tempdir().unwrap();
    let (runtime, name, layout, mut config) = scripted_in_sandbox(
        dir.path(),
        "acp-mask-race",
        9,
        r#"
[[turns]]
steps = [{ kind = "run", command = "ls -A .opencode; cat opencode.json; pwd" }]
"#,
    )
    .await;
    // The worktree the agent is moved into, with its own plugin planted.
    let worktree = layout.work.join(".streams/demo-1/app");
    fs_err::create_dir_all(worktree.join(".opencode/plugin")).unwrap();
    fs_err::write(worktree.join(".opencode/plugin/x.js"), "planted").unwrap();
    fs_err::write(worktree.join("opencode.json"), "planted").unwrap();
    // Host-owned content a swapped link would carry the mask over.
    fs_err::write(layout.config.join("gate.js"), "the gate").unwrap();
    config.relaunch.masked = Masked {
        dirs: vec![".opencode".into()],
        files: vec!["opencode.json".into()],
        ..Masked::default()
    };
    config.relaunch.work_root = "/work".into();
    config.relaunch.home = "/home/agent".into();
    config.launch.masks = config.relaunch.masks(Path::new("/work"));
    let (events, d) = passed_driver(runtime.clone(), config, ReloadContext::default()).await;

    d.set_cwd("/work/.streams/demo-1/app".into());
    compass_runtime::test_hooks::after_mask_check(layout.state_dir.clone(), |l| {
        let json = l.work.join(".streams/demo-1/app/opencode.json");
        fs_err::remove_file(&json).unwrap();
        std::os::unix::fs::symlink("../../../../run/compass/config/gate.js", &json).unwrap();
    });
    let err = d.reset_context().await.unwrap_err().to_string();
    assert!(
        err.contains("compass-mask-check: refusing to start the agent")
            && err.contains("/work/.streams/demo-1/app/opencode.json")
            && err.contains("link"),
        "{err}"
    );
    assert!(!d.is_alive().await, "the agent started past a swapped mask");

    // The link is the agent's to remove; the next restart checks afresh.
    fs_err::remove_file(worktree.join("opencode.json")).unwrap();
    d.reset_context().await.unwrap();
    d.prompt("look around").await.unwrap();
    d.shutdown().await;
    let outputs: Vec<String> = updates(&events)
        .into_iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::ToolCallUpdate {
                output: Some(o), ..
            } => Some(o),
            _ => None,
        })
        .collect();
    assert!(
        outputs
            .iter()
            .any(|o| o == ".gitignore\n/work/.streams/demo-1/app\n"),
        "{outputs:#?}"
    );
    runtime.remove(&name).await.unwrap();
}
