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
