//! Misbehaving agents — real processes — end in a typed failure event,
//! never a hang: garbage on stdout, stdout closed, exit mid-turn, update
//! floods, silence at initialize and mid-prompt; cancel ends a turn.

use super::*;
use compass_acp::AcpError;
use std::time::Duration;

async fn run(
    scenario: &str,
    tweak: impl FnOnce(&mut SessionConfig),
) -> (Result<String, AcpError>, VecSink) {
    let w = Workload::host("robust").await;
    let mut config = w.scripted(scenario, &w.work);
    tweak(&mut config);
    let (events, sink) = sink();
    let result = match w.try_start(sink, &config).await {
        Ok(session) => {
            let r = session.prompt("go").await.map(|t| t.stop_reason);
            session.shutdown().await;
            r
        }
        Err(e) => Err(e),
    };
    (result, events)
}

#[tokio::test]
async fn garbage_on_stdout_fails_the_session_with_a_protocol_error() {
    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"message\", text = \"hi\" }, { kind = \"garbage\" }, { kind = \"hang\" }]\n",
        |_| {},
    )
    .await;
    assert!(
        matches!(result, Err(AcpError::Protocol { .. })),
        "{result:?}"
    );
    let f = failures(&events);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].0, "protocol");
    assert!(f[0].1.contains("not JSON-RPC"), "{}", f[0].1);
    // What arrived before the garbage was still rendered.
    assert!(
        updates(&events)
            .iter()
            .any(|(_, u)| *u == AgentUpdate::MessageChunk { text: "hi".into() })
    );
}

#[tokio::test]
async fn garbage_within_the_tolerance_is_reported_but_survived() {
    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"garbage\", text = \"npm WARN something\" }, { kind = \"message\", text = \"after\" }]\n",
        |c| c.limits.garbage_lines_allowed = 1,
    )
    .await;
    assert_eq!(result.unwrap(), "end_turn");
    assert!(failures(&events).is_empty());
    let ups = updates(&events);
    assert!(ups.iter().any(|(_, u)| matches!(u, AgentUpdate::Error { message } if message.contains("non-protocol output"))));
    // The garbage itself never reaches an event.
    assert!(!format!("{ups:?}").contains("npm WARN"));
}

#[tokio::test]
async fn closed_stdout_while_alive_is_a_typed_failure() {
    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"close_stdout\" }, { kind = \"hang\" }]\n",
        |c| c.timeouts.exit_grace = Duration::from_millis(300),
    )
    .await;
    assert!(
        matches!(result, Err(AcpError::StdoutClosed { .. })),
        "{result:?}"
    );
    assert_eq!(failures(&events)[0].0, "stdout_closed");
}

#[tokio::test]
async fn exit_mid_turn_reports_the_exit_status() {
    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"message\", text = \"working\" }, { kind = \"exit\", code = 7 }]\n",
        |_| {},
    )
    .await;
    match result {
        Err(AcpError::AgentExited { status, .. }) => assert_eq!(status, "exit code 7"),
        other => panic!("{other:?}"),
    }
    let f = failures(&events);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].0, "agent_exited");
    assert!(f[0].1.contains("exit code 7"));
}

#[tokio::test]
async fn a_flood_beyond_the_limit_stops_the_turn_and_below_it_is_delivered_in_full() {
    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"flood\", count = 5000 }]\n",
        |c| c.limits.max_updates_per_turn = 1000,
    )
    .await;
    assert!(
        matches!(result, Err(AcpError::UpdateFlood { limit: 1000 })),
        "{result:?}"
    );
    assert_eq!(failures(&events)[0].0, "update_flood");

    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"flood\", count = 5000 }]\n",
        |_| {},
    )
    .await;
    assert_eq!(result.unwrap(), "end_turn");
    let chunks = updates(&events)
        .into_iter()
        .filter(|(_, u)| matches!(u, AgentUpdate::MessageChunk { .. }))
        .count();
    assert_eq!(chunks, 5000);
}

#[tokio::test]
async fn text_beyond_the_turns_byte_limit_stops_the_turn_and_below_it_is_delivered() {
    // 200 messages of 1000 bytes: 200 kB of text in one turn.
    let scenario = format!(
        "[[turns]]\nsteps = [{{ kind = \"repeat\", count = 200, step = {{ kind = \"message\", text = \"{}\" }} }}]\n",
        "x".repeat(1000)
    );
    let (result, events) = run(&scenario, |c| {
        c.limits.max_update_bytes_per_turn = 100_000;
    })
    .await;
    assert!(
        matches!(result, Err(AcpError::UpdateTextFlood { limit: 100_000 })),
        "{result:?}"
    );
    assert_eq!(failures(&events)[0].0, "update_flood");
    let stored: usize = updates(&events)
        .into_iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::MessageChunk { text } => Some(text.len()),
            _ => None,
        })
        .sum();
    assert!(stored <= 100_000, "{stored} bytes emitted past the limit");

    let (result, _) = run(&scenario, |c| {
        c.limits.max_update_bytes_per_turn = 300_000;
    })
    .await;
    assert_eq!(result.unwrap(), "end_turn");
}

#[tokio::test]
async fn silence_at_initialize_times_out() {
    let (result, events) = run("hang_on = \"initialize\"\n", |c| {
        c.timeouts.initialize = Duration::from_millis(400)
    })
    .await;
    match result {
        Err(AcpError::Timeout { method, .. }) => assert_eq!(method, "initialize"),
        other => panic!("{other:?}"),
    }
    assert_eq!(failures(&events)[0].0, "timeout");
}

#[tokio::test]
async fn silence_mid_prompt_times_out_on_idle() {
    let (result, events) = run(
        "[[turns]]\nsteps = [{ kind = \"message\", text = \"thinking…\" }, { kind = \"hang\" }]\n",
        |c| c.timeouts.prompt_idle = Duration::from_millis(400),
    )
    .await;
    match result {
        Err(AcpError::Timeout { method, .. }) => assert_eq!(method, "session/prompt"),
        other => panic!("{other:?}"),
    }
    let f = failures(&events);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].0, "timeout");
}

#[tokio::test]
async fn cancel_ends_the_turn_with_cancelled() {
    let w = Workload::host("cancel").await;
    let config = w.scripted(
        "[[turns]]\nsteps = [{ kind = \"message\", text = \"waiting\" }, { kind = \"wait_for_cancel\" }]\n",
        &w.work,
    );
    let (events, sink) = sink();
    let session = Arc::new(w.try_start(sink, &config).await.unwrap());
    let s2 = Arc::clone(&session);
    let turn = tokio::spawn(async move { s2.prompt("go").await });
    // Cancel once the agent is demonstrably mid-turn.
    loop {
        if updates(&events).iter().any(|(_, u)| {
            *u == AgentUpdate::MessageChunk {
                text: "waiting".into(),
            }
        }) {
            break;
        }
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    session.cancel().await.unwrap();
    assert_eq!(turn.await.unwrap().unwrap().stop_reason, "cancelled");
    assert!(session.is_alive());
    session.shutdown().await;
    assert!(failures(&events).is_empty());
}

#[tokio::test]
async fn a_process_that_is_not_an_agent_fails_fast() {
    // A real program that exits at once without speaking ACP.
    let w = Workload::host("notagent").await;
    let mut config = w.scripted("", &w.work);
    config.launch.argv = vec![
        "/bin/sh".into(),
        "-c".into(),
        "echo 'boom: missing config' >&2; exit 12".into(),
    ];
    let (events, sink) = sink();
    let err = w.try_start(sink, &config).await.unwrap_err();
    match &err {
        AcpError::AgentExited { status, stderr } => {
            assert_eq!(status, "exit code 12");
            assert!(stderr.contains("boom: missing config"), "{stderr}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(failures(&events).len(), 1);
}

#[tokio::test]
async fn dropping_a_session_stops_its_agent() {
    let w = Workload::host("dropped").await;
    let config = w.scripted(
        "[[turns]]\nsteps = [{ kind = \"message\", text = \"x\" }]\n",
        &w.work,
    );
    let (session, events) = w.start(&config).await;
    drop(session);
    // Match this workload's scenario path (bracketed so pgrep's own shell
    // does not match itself).
    let home = w.home.display().to_string();
    let pattern = format!("[{}]{}", &home[..1], &home[1..]);
    // The workload has no live process left once the watcher has run.
    let mut rounds = 0;
    loop {
        let out = w
            .runtime
            .exec(
                &w.name,
                &ExecSpec {
                    argv: vec![
                        "/bin/sh".into(),
                        "-c".into(),
                        format!("pgrep -f '{pattern}/scenario' | wc -l"),
                    ],
                    ..ExecSpec::default()
                },
            )
            .await
            .unwrap();
        if String::from_utf8_lossy(&out.stdout).trim() == "0" {
            break;
        }
        rounds += 1;
        assert!(rounds < 200, "the agent outlived its session");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(failures(&events).is_empty());
}
