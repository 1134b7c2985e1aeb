//! A start that fails at a late step leaves nothing half-started: the
//! steps already done are undone (hook socket task and file, push relay,
//! the workload's processes) and the agent is failed with the step and
//! the reason. The next start then works.

use super::super::{TestDaemon, git_repo};

/// Processes whose command line names `needle` (the agent's state dir:
/// every process of its workload has it in its bwrap argv or cwd).
fn processes_naming(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs_err::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(needle) {
            found.push(format!("{pid}: {cmdline}"));
        }
    }
    found
}

#[test]
fn a_start_that_fails_late_is_rolled_back() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);

    // The ACP session is the last step: an agent that wants a login
    // Compass does not send fails there, after the workload, the hook
    // socket and the push relay exist.
    let scenario = d.home().join("login.toml");
    fs_err::write(
        &scenario,
        "name = \"login\"\nrequire_auth = \"scripted-login\"\n",
    )
    .unwrap();
    let err = d.fails(&[
        "agent",
        "start",
        "atlas",
        "--scenario",
        scenario.to_str().unwrap(),
    ]);
    assert!(err.to_lowercase().contains("authentication"), "{err}");

    let show = d.json(&["agent", "show", "atlas"]);
    assert_eq!(show["status"], "AGENT_STATUS_FAILED", "{show}");
    let why = show["statusReason"].as_str().unwrap_or_default();
    assert!(
        why.contains("could not start (session)") && why.to_lowercase().contains("authentication"),
        "the failed step and its reason are not on the agent: {show}"
    );

    let state = d.home().join("agents/agt-1");
    assert!(state.join("work/app/.git").exists(), "the clone is kept");
    for socket in ["run/hook.sock", "run/git.sock"] {
        assert!(
            !state.join(socket).exists(),
            "{socket} outlived the failed start"
        );
    }
    let left = processes_naming(state.to_str().unwrap());
    assert!(
        left.is_empty(),
        "the failed start left processes: {left:#?}"
    );

    // Nothing of the failed start is in the way of the next one.
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    assert!(state.join("run/hook.sock").exists());
}
