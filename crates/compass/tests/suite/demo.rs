//! The README's first command, end to end: `compass up --demo` runs three
//! scripted agents in real bubblewrap sandboxes over ACP, and Warden pauses
//! the one that reads a prompt injection.

use std::process::Command;

#[test]
fn the_demo_runs_agents_in_sandboxes_and_warden_pauses_the_injected_one() {
    assert!(
        std::path::Path::new("/usr/bin/bwrap").exists() || which("bwrap"),
        "bubblewrap is required for the sandbox backend: apt-get install bubblewrap"
    );
    // The daemon finds the scripted agent next to its own binary.
    let agent = compass_test_support::bins::scripted_agent();
    assert_eq!(
        agent.parent(),
        std::path::Path::new(super::BIN).parent(),
        "scripted agent built elsewhere"
    );

    let home = tempfile::tempdir().unwrap();
    let out = Command::new(super::BIN)
        .args(["up", "--demo", "--exit-after-demo"])
        .env("COMPASS_HOME", home.path())
        .env("COMPASS_LOG", "warn")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "demo failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let outcome = stdout
        .split("Demo outcome:")
        .nth(1)
        .unwrap_or_else(|| panic!("no outcome:\n{stdout}"));
    assert!(outcome.contains("atlas finished its turn"), "{outcome}");
    assert!(outcome.contains("scout was paused by Warden"), "{outcome}");
    assert!(
        outcome.contains("instruction_to_ai"),
        "the reason should name the detector: {outcome}"
    );

    // atlas really edited and committed inside its own clone, not the source repo.
    let clone = home.path().join("agents/agt-1/work/demo-repo");
    let calc = fs_err::read_to_string(clone.join("src/calc.rs")).unwrap();
    assert!(
        calc.contains("a + b"),
        "atlas's fix is missing from its clone:\n{calc}"
    );
    let log = Command::new("git")
        .args(["log", "--format=%s"])
        .current_dir(&clone)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&log.stdout).contains("Fix add() to add"));
    let source = fs_err::read_to_string(home.path().join("demo-repo/src/calc.rs")).unwrap();
    assert!(
        source.contains("a - b"),
        "the source repo must be untouched"
    );
}

fn which(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .status()
        .is_ok_and(|s| s.success())
}
