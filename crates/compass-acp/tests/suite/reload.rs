//! Named persistent agents: the driver brings a dead agent back with
//! `session/load` where supported, else a new session and a reload prompt
//! built from the workspace state and the task spec.

use super::*;
use compass_acp::{ReloadContext, SessionDriver, StartMode};

const SCENARIO: &str = r#"
load_session = LOAD
[[turns]]
on_prompt_containing = "crash"
steps = [{ kind = "message", text = "about to crash" }, { kind = "exit", code = 9 }]
[[turns]]
on_prompt_containing = "resuming work after your context was reset"
steps = [{ kind = "message", text = "reloaded from the workspace" }]
[[turns]]
steps = [{ kind = "message", text = "normal turn" }]
"#;

async fn driver(load: bool) -> (Workload, VecSink, SessionDriver) {
    let w = Workload::host(if load { "reload-load" } else { "reload-new" }).await;
    let repo = w.repo(&[("a.txt", "a\n")]);
    git(&repo, &["checkout", "-q", "-b", "compass/atlas/demo-1"]);
    let config = w.scripted(
        &SCENARIO.replace("LOAD", if load { "true" } else { "false" }),
        &repo,
    );
    let (events, d) = passed_driver(
        w.runtime.clone(),
        config,
        ReloadContext {
            agent_name: "atlas".into(),
            task_spec: "demo-1: fix add()".into(),
            workspace_state: String::new(),
        },
    )
    .await;
    (w, events, d)
}

#[tokio::test]
async fn a_dead_agent_is_reloaded_with_session_load_where_supported() {
    let (_w, events, d) = driver(true).await;
    let first = d.session_id().unwrap();
    let err = d.prompt("please crash").await.unwrap_err();
    assert!(err.is_connection_lost(), "{err:?}");
    assert!(!d.is_alive().await);
    // The next prompt brings it back: same session id, loaded.
    assert_eq!(d.prompt("carry on").await.unwrap().stop_reason, "end_turn");
    assert_eq!(d.session_id().unwrap(), first);
    let ups = updates(&events);
    let starts: Vec<String> = ups
        .iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::SessionStarted { how, .. } => Some(how.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(starts, vec!["new".to_owned(), "loaded".to_owned()]);
    // The replayed history was not re-emitted.
    assert!(!ups.iter().any(
        |(_, u)| matches!(u, AgentUpdate::UserMessage { text } if text == "(earlier prompt)")
    ));
    assert!(ups.iter().any(|(_, u)| *u
        == AgentUpdate::MessageChunk {
            text: "normal turn".into()
        }));
    d.shutdown().await;
}

#[tokio::test]
async fn without_session_load_a_reload_prompt_carries_task_and_workspace() {
    let (w, events, d) = driver(false).await;
    let first = d.session_id().unwrap();
    d.prompt("please crash").await.unwrap_err();
    // Work in progress, read through the host-owned view git dir.
    fs_err::write(w.work.join("app/a.txt"), "changed\n").unwrap();
    fs_err::write(w.work.join("app/new.txt"), "new\n").unwrap();
    let outcome = d.reload().await.unwrap();
    assert_eq!(outcome.mode, StartMode::Reloaded);
    assert_ne!(outcome.session_id, first);
    assert_eq!(outcome.reload_turn.unwrap().stop_reason, "end_turn");
    let ups = updates(&events);
    let prompt = ups
        .iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::UserMessage { text } if text.contains("context was reset") => {
                Some(text.clone())
            }
            _ => None,
        })
        .next()
        .expect("the reload prompt");
    assert!(prompt.contains("You are atlas"));
    assert!(prompt.contains("demo-1: fix add()"));
    assert!(prompt.contains("branch: compass/atlas/demo-1"), "{prompt}");
    assert!(
        prompt.contains("\n M a.txt\n") && prompt.contains("\n?? new.txt\n"),
        "status missing: {prompt}"
    );
    assert!(
        prompt.contains("initial"),
        "recent commits missing: {prompt}"
    );
    assert!(ups.iter().any(|(_, u)| *u
        == AgentUpdate::MessageChunk {
            text: "reloaded from the workspace".into()
        }));
    assert!(
        ups.iter().any(
            |(_, u)| matches!(u, AgentUpdate::SessionStarted { how, .. } if how == "reloaded")
        )
    );
    d.shutdown().await;
}

#[tokio::test]
async fn a_context_reset_gets_a_fresh_session_the_reload_prompt_then_the_prompt() {
    let w = Workload::host("reload-reset").await;
    let repo = w.repo(&[("a.txt", "a\n")]);
    let scenario = r#"
[[turns]]
on_prompt_containing = "forget"
steps = [{ kind = "message", text = "forgetting" }, { kind = "forget_session" }]
[[turns]]
on_prompt_containing = "resuming work after your context was reset"
steps = [{ kind = "message", text = "reloaded" }]
[[turns]]
on_prompt_containing = "next task"
steps = [{ kind = "message", text = "working on the next task" }]
"#;
    let (events, d) = passed_driver(
        w.runtime.clone(),
        w.scripted(scenario, &repo),
        ReloadContext {
            agent_name: "scout".into(),
            task_spec: "demo-2".into(),
            workspace_state: String::new(),
        },
    )
    .await;
    let first = d.session_id().unwrap();
    d.prompt("please forget").await.unwrap();
    // The agent process is fine, but it no longer knows the session.
    assert_eq!(
        d.prompt("the next task").await.unwrap().stop_reason,
        "end_turn"
    );
    assert_ne!(d.session_id().unwrap(), first);
    let texts: Vec<String> = updates(&events)
        .into_iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::MessageChunk { text } => Some(text),
            AgentUpdate::SessionStarted { how, .. } => Some(format!("started:{how}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        [
            "started:new",
            "forgetting",
            "started:reloaded",
            "reloaded",
            "working on the next task"
        ]
    );
    d.shutdown().await;
}

#[tokio::test]
async fn a_restart_redoes_the_kinds_wire_step_first_and_stops_if_it_fails() {
    let w = Workload::host("reload-prepare").await;
    let repo = w.repo(&[("a.txt", "a\n")]);
    let log = repo.join("../prepared.log");
    let mut config = w.scripted(&SCENARIO.replace("LOAD", "false"), &repo);
    // The wire step rewrites what the agent could have changed; the second
    // time it fails, as one would on a config place the agent broke.
    let script = format!(
        "echo run >> '{log}'; [ \"$(wc -l < '{log}')\" -lt 2 ] || {{ echo 'the config dir is not writable' >&2; exit 3; }}",
        log = log.display()
    );
    config.relaunch.prepare = Some(compass_runtime::ExecSpec {
        argv: vec!["/bin/sh".into(), "-c".into(), script],
        ..Default::default()
    });
    let (_, d) = passed_driver(w.runtime.clone(), config, ReloadContext::default()).await;
    // The first launch is prepared by the daemon's start step, not here.
    assert!(!log.exists());
    d.reload().await.unwrap();
    assert_eq!(fs_err::read_to_string(&log).unwrap().lines().count(), 1);
    let err = d.reset_context().await.unwrap_err();
    assert_eq!(err.code(), "prepare_failed", "{err}");
    assert!(
        err.to_string().contains("the config dir is not writable"),
        "{err}"
    );
    assert!(
        !d.is_alive().await,
        "the agent started without its wire step"
    );
    d.shutdown().await;
}
