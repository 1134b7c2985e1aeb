//! The daemon killed at awkward moments, and agents that fail: nothing is
//! left running or frozen without a daemon, a half-made workload is
//! rebuilt, and a failed agent starts again.

use super::{BIN, TestDaemon, git_repo};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Every process below `root`, with its command line.
fn descendants(root: i32) -> Vec<(i32, String)> {
    let procs: Vec<(i32, i32, String)> = fs_err::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(|pid| {
            let stat = fs_err::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // `pid (comm) state ppid ...`: comm may hold spaces and parens.
            let ppid = stat.rsplit_once(')')?.1.split_whitespace().nth(1)?;
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            Some((pid, ppid.parse().ok()?, cmdline))
        })
        .collect();
    let mut found: Vec<(i32, String)> = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for (pid, ppid, cmdline) in &procs {
            if *ppid == parent && !found.iter().any(|(p, _)| p == pid) {
                found.push((*pid, cmdline.clone()));
                frontier.push(*pid);
            }
        }
    }
    found
}

/// Alive, and not merely a zombie waiting for its reaper.
fn alive(pid: i32) -> bool {
    fs_err::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().next().map(|st| st != "Z"))
        })
        .unwrap_or(false)
}

/// The v1 freezer state of `pid`'s cgroup, where it has one.
fn freezer_state(pid: i32) -> Option<String> {
    let cgroups = fs_err::read_to_string(format!("/proc/{pid}/cgroup")).ok()?;
    let path = cgroups
        .lines()
        .find_map(|l| l.split_once(":freezer:").map(|(_, p)| p.to_owned()))?;
    fs_err::read_to_string(format!("/sys/fs/cgroup/freezer{path}/freezer.state"))
        .ok()
        .map(|s| s.trim().to_owned())
}

fn wait_all_gone(pids: &[(i32, String)], within: Duration, what: &str) {
    let deadline = Instant::now() + within;
    loop {
        let left: Vec<&(i32, String)> = pids.iter().filter(|(p, _)| alive(*p)).collect();
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: still running {within:?} after the daemon was killed: {left:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn daemon_pid(d: &TestDaemon) -> i32 {
    i32::try_from(d.child.as_ref().unwrap().id()).unwrap()
}

/// A project `demo` with one repo outside the data dir, and agent `atlas`.
fn project_with_agent(d: &TestDaemon) -> (tempfile::TempDir, std::path::PathBuf) {
    let src = tempfile::tempdir().unwrap();
    let repo = git_repo(src.path());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    (src, repo)
}

/// SIGKILL while an agent is paused (frozen): its guardian thaws and kills
/// the tree, with no later daemon start needed.
#[test]
fn a_paused_agent_does_not_outlive_a_killed_daemon() {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start();
    let _src = project_with_agent(&d);
    d.ok(&["agent", "start", "atlas"]);
    assert!(
        d.ok(&["agent", "pause", "atlas"])
            .contains("atlas is paused")
    );
    let workload: Vec<(i32, String)> = descendants(daemon_pid(&d))
        .into_iter()
        .filter(|(_, cmd)| !cmd.contains("compass-guardian"))
        .collect();
    let bwraps: Vec<i32> = workload
        .iter()
        .filter(|(_, cmd)| cmd.contains("bwrap"))
        .map(|(p, _)| *p)
        .collect();
    assert!(
        !bwraps.is_empty(),
        "the agent's sandbox is not running: {workload:?}"
    );
    if let Some(state) = freezer_state(bwraps[0]) {
        assert_eq!(state, "FROZEN", "the paused workload is not frozen");
    }
    d.kill9();
    wait_all_gone(
        &workload,
        Duration::from_secs(20),
        "the paused agent's processes",
    );
}

/// SIGKILL during the first clone: the host-side clone dies with the
/// daemon, and the half-made workload is rebuilt by the next start.
#[test]
fn a_daemon_killed_mid_clone_leaves_nothing_running_and_the_next_start_rebuilds() {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start();
    let (_src, repo) = project_with_agent(&d);
    // A FIFO among the source's objects: the clone blocks copying it.
    let fifo = repo.join(".git/objects/ff/blocker");
    fs_err::create_dir_all(fifo.parent().unwrap()).unwrap();
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());

    let mut start = Command::new(BIN)
        .args(["agent", "start", "atlas"])
        .env("COMPASS_HOME", d.home())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let source = repo.to_str().unwrap().to_owned();
    let deadline = Instant::now() + Duration::from_secs(60);
    let clone = loop {
        let clone: Vec<(i32, String)> = descendants(daemon_pid(&d))
            .into_iter()
            .filter(|(_, cmd)| cmd.contains(" clone ") && cmd.contains(&source))
            .collect();
        if !clone.is_empty() {
            break clone;
        }
        assert!(
            Instant::now() < deadline,
            "the host-side clone never started"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let state_dir = d.home().join("agents/agt-1");
    assert!(
        state_dir.join("workload.json").exists(),
        "no half-made workload"
    );

    d.kill9();
    wait_all_gone(&clone, Duration::from_secs(20), "the host-side git clone");
    let _ = start.wait();
    assert!(
        !state_dir.join("provisioned").exists(),
        "a half-made workload is marked complete"
    );

    fs_err::remove_file(&fifo).unwrap();
    d.spawn();
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    assert!(
        state_dir.join("work/app/.git").exists(),
        "the rebuilt workload has no clone"
    );
    let leftovers: Vec<String> = fs_err::read_dir(&state_dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("staging-"))
        .collect();
    assert!(leftovers.is_empty(), "staging dirs left: {leftovers:?}");
}

/// An agent that closes its stdout is failed within seconds (not after the
/// 600 s prompt timeout), and `start` brings a failed agent back.
#[test]
fn a_closed_stdout_fails_the_agent_at_once_and_start_brings_it_back() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let _src = project_with_agent(&d);
    d.start_scripted(
        "atlas",
        "name = \"mute\"\ndescription = \"closes its stdout and hangs\"\n[[turns]]\nsteps = [{ kind = \"close_stdout\" }, { kind = \"hang\" }]\n",
    );
    d.ok(&["agent", "prompt", "atlas", "go"]);
    let show = d.failed_within("atlas", Duration::from_secs(60), "a closed stdout");
    assert!(show.contains("closed its stdout"), "{show}");
    assert!(
        d.ok(&["agent", "start", "atlas"])
            .contains("atlas is running")
    );
    // The new run is a working one.
    assert!(
        d.ok(&["agent", "show", "atlas"])
            .contains("status: running")
    );
}

/// An agent whose stdout closes *between* turns (nothing pending on its
/// session) is failed at once, without waiting for a next prompt.
#[test]
fn a_stdout_closed_between_turns_fails_the_agent_without_a_prompt() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let _src = project_with_agent(&d);
    d.start_scripted(
        "atlas",
        "name = \"mute-later\"\ndescription = \"ends its turn, then closes its stdout\"\n[[turns]]\nsteps = [{ kind = \"message\", text = \"done\" }, { kind = \"close_stdout\", after_ms = 1000 }]\n",
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(turn.contains("done"), "{turn}");
    let show = d.failed_within(
        "atlas",
        Duration::from_secs(30),
        "a stdout closed between turns",
    );
    assert!(show.contains("closed its stdout"), "{show}");
}
