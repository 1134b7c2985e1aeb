//! The README's first command, end to end: `compass up --demo` runs three
//! scripted agents in real bubblewrap sandboxes over ACP, and Warden pauses
//! the one that reads a prompt injection.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

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
    let mut child = KillOnDrop(
        Command::new(super::BIN)
            .args(["up", "--demo"])
            .env("COMPASS_HOME", home.path())
            .env("COMPASS_LOG", "warn")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let child = &mut child.0;
    // Read the demo's report up to the point where the daemon serves on.
    let mut stdout = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        stdout.push_str(&line);
        stdout.push('\n');
        if line.starts_with("Press Ctrl-C") {
            break;
        }
    }
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
    // vega copied the secrets it read into a tracked file: the push that
    // would publish them is resolved, caught and held.
    assert!(
        outcome.contains("vega was paused by Warden")
            && outcome.contains("held_secret: The pushed diff carries a credential the agent read earlier: API_TOKEN"),
        "{outcome}"
    );
    assert!(
        !stdout.contains("correct-horse-battery-staple"),
        "a credential value reached the demo's output:\n{stdout}"
    );

    // The reason is shown where the user looks: agent show, the board, warden log.
    let cli = |args: &[&str]| {
        let out = Command::new(super::BIN)
            .args(args)
            .env("COMPASS_HOME", home.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "compass {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let show = cli(&["agent", "show", "scout"]);
    assert!(
        show.contains("status: paused") && show.contains("why: paused by Warden"),
        "{show}"
    );
    let board = cli(&["board"]);
    assert!(
        board.contains("scout [paused]") && board.contains("! scout: paused by Warden"),
        "{board}"
    );
    let flags = cli(&["warden", "log", "--flags", "--agent", "scout"]);
    assert!(
        flags.contains("flag")
            && flags.contains("README.md")
            && flags.contains("instruction_to_ai"),
        "{flags}"
    );
    // Each decision names its hash, which `compass warden allow-once` takes.
    let hash = flags
        .lines()
        .find_map(|l| l.trim().strip_prefix("hash="))
        .unwrap_or_else(|| panic!("no hash= line in {flags}"));
    assert!(
        hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
        "{hash}"
    );
    let vega_flags = cli(&["warden", "log", "--flags", "--agent", "vega"]);
    assert!(
        vega_flags.contains("command:git push origin HEAD") && vega_flags.contains("held_secret"),
        "{vega_flags}"
    );
    assert!(
        !vega_flags.contains("correct-horse-battery-staple"),
        "the audit log holds a credential value: {vega_flags}"
    );
    // What vega read and wrote is in its stream, minus the credentials.
    let vega_log = cli(&["agent", "log", "vega"]);
    let all_events = cli(&["events", "--json"]);
    for text in [&vega_log, &all_events] {
        assert!(
            !text.contains("ghp_demoDemo") && !text.contains("correct-horse-battery-staple"),
            "a credential reached the event log:\n{text}"
        );
    }
    assert!(
        all_events.contains("[REDACTED:github_token]")
            && all_events.contains("[REDACTED:DB_PASSWORD]"),
        "{all_events}"
    );
    let atlas_flags = cli(&["warden", "log", "--flags", "--agent", "atlas"]);
    assert!(
        atlas_flags.trim().is_empty(),
        "the clean scenario was flagged: {atlas_flags}"
    );
    let log = cli(&["agent", "log", "atlas"]);
    assert!(
        log.contains("tool call Edit") && log.contains("turn ended"),
        "{log}"
    );

    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap()),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap();
    assert!(
        child.wait().unwrap().success(),
        "the daemon did not stop cleanly on SIGTERM"
    );

    // atlas really edited and committed inside its own workstream worktree
    // (branch compass/atlas/demo-1 of its own clone), not in the source repo.
    let tree = home
        .path()
        .join("agents/agt-1/work/.streams/demo-1/demo-repo");
    let calc = fs_err::read_to_string(tree.join("src/calc.rs")).unwrap();
    assert!(
        calc.contains("a + b"),
        "atlas's fix is missing from its worktree:\n{calc}"
    );
    // The worktree's .git points at paths inside the sandbox; ask the clone.
    let clone = home.path().join("agents/agt-1/work/demo-repo");
    let out = Command::new("git")
        .args(["log", "-1", "--format=%s by %an", "compass/atlas/demo-1"])
        .current_dir(&clone)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Fix add() to add by atlas"
    );
    let main = fs_err::read_to_string(clone.join("src/calc.rs")).unwrap();
    assert!(
        main.contains("a - b"),
        "the clone's main checkout should be untouched by the workstream"
    );
    // The demo's repo lies beside the data dir (a project may not reach into it).
    let beside = std::path::PathBuf::from(format!("{}.demo", home.path().display()));
    let source = fs_err::read_to_string(beside.join("demo-repo/src/calc.rs")).unwrap();
    let _ = fs_err::remove_dir_all(&beside);
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

/// The daemon must not outlive a failed assertion.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
