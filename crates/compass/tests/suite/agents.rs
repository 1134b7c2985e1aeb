//! An agent's life through the CLI: start (a real sandbox, a real clone),
//! pause and resume, prompt, stop, and the refusals in between.

mod ephemeral;
mod reload;
mod rollback;
mod secrets;

use super::{TestDaemon, git_repo};

#[test]
fn start_pause_resume_prompt_stop() {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start();
    let repo = git_repo(d.outside());
    let notes = d.outside().join("notes");
    fs_err::create_dir_all(&notes).unwrap();
    fs_err::write(notes.join("plan.md"), "the plan").unwrap();
    d.project_with_dir("demo", &repo, &notes);
    d.ok(&["agent", "new", "atlas"]);

    let err = d.fails(&["agent", "prompt", "atlas", "hello"]);
    assert!(
        err.contains("atlas is not running") && err.contains("compass agent start atlas"),
        "{err}"
    );

    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    // The clone exists inside the agent's own state, independent of the source.
    assert!(
        d.home().join("agents/agt-1/work/app/.git").exists(),
        "no clone was made"
    );
    let err = d.fails(&["agent", "start", "atlas"]);
    assert!(err.contains("already running"), "{err}");
    // The sandbox tier states what it has here; resource limits are
    // either had or listed missing (they need a delegated cgroup).
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(
        show.contains(
            "protections: filesystem_isolation, inter_agent_isolation, egress_policy, process_tree_containment"
        ),
        "{show}"
    );
    assert!(
        show.contains("process_tree_containment, resource_limits\n")
            || show.contains("missing protections: resource_limits"),
        "{show}"
    );

    assert!(
        d.ok(&["agent", "pause", "atlas"])
            .contains("atlas is paused")
    );
    let err = d.fails(&["agent", "prompt", "atlas", "hello"]);
    assert!(err.contains("paused; resume it first"), "{err}");
    assert!(
        d.ok(&["agent", "show", "atlas"])
            .contains("why: paused by the user")
    );
    assert!(
        d.ok(&["agent", "resume", "atlas"])
            .contains("atlas is running")
    );

    assert!(d.ok(&["agent", "stop", "atlas"]).contains("atlas is idle"));
    let err = d.fails(&["agent", "stop", "atlas"]);
    assert!(err.contains("is not running"), "{err}");
    // A second start adopts the existing workload and clone.
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    let events = d.ok(&["agent", "log", "atlas"]);
    assert_eq!(
        events.matches("started (compass-scripted-agent").count(),
        2,
        "{events}"
    );

    // Plain directories are in scope read-only, at /work/<name>.
    let scenario = d.home().join("probe.toml");
    fs_err::write(
        &scenario,
        "name = \"probe\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n  { kind = \"run\", command = \"cat /work/notes/plan.md\" },\n  { kind = \"run\", command = \"touch /work/notes/scribble\" },\n]\n",
    )
    .unwrap();
    d.ok(&["agent", "new", "scout"]);
    d.ok(&[
        "agent",
        "start",
        "scout",
        "--scenario",
        scenario.to_str().unwrap(),
    ]);
    let turn = d.ok(&["agent", "prompt", "scout", "probe", "--follow"]);
    assert!(
        turn.contains("the plan"),
        "the directory is not readable: {turn}"
    );
    assert!(
        turn.contains("Read-only file system"),
        "the directory is writable: {turn}"
    );
    assert!(!notes.join("scribble").exists());

    // SIGKILL the daemon under a running agent: the restarted daemon says
    // what happened, and the agent starts again on its kept clone.
    d.kill9();
    d.spawn();
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(
        show.contains("status: idle") && show.contains("the daemon restarted while it was running"),
        "{show}"
    );
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
}

#[test]
fn an_unknown_agent_kind_is_refused_at_agent_new() {
    let d = TestDaemon::start();
    d.ok(&["project", "add", "demo"]);
    let err = d.fails(&["agent", "new", "atlas", "--kind", "nosuchagent"]);
    assert!(
        err.contains("kind:") && err.contains("nosuchagent") && err.contains("known kinds:"),
        "{err}"
    );
    // Never created, so never left unstartable.
    assert!(d.fails(&["agent", "show", "atlas"]).contains("no agent"));
}

#[test]
fn the_host_tier_says_which_protections_it_lacks() {
    let d = TestDaemon::start_with(&["--backend", "host"]);
    d.ok(&["project", "add", "demo"]);
    let agent = d.json(&["agent", "new", "atlas"]);
    assert_eq!(agent["backend"], "host");
    let missing: Vec<&str> = agent["missingProtections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for p in [
        "filesystem_isolation",
        "inter_agent_isolation",
        "egress_policy",
    ] {
        assert!(
            missing.contains(&p),
            "{p} should be listed as missing: {missing:?}"
        );
    }
    let show = d.ok(&["agent", "show", "atlas"]);
    assert!(
        show.contains("missing protections: filesystem_isolation"),
        "{show}"
    );
    // It has only what it does not lack: resource limits are not claimed.
    assert!(show.contains("protections: none\n"), "{show}");
}
