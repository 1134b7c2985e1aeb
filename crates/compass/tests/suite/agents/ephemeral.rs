//! Ephemeral agents run one task: when its work merges the agent is stopped,
//! its workload and state dir are removed, and its codename returns to the
//! pool. A persistent agent's merged work leaves it running.

use super::super::{TestDaemon, git_repo};

fn merge(d: &TestDaemon, ws: &serde_json::Value) -> String {
    let id = ws["id"].as_str().unwrap();
    for state in ["in_progress", "in_review"] {
        d.ok(&["workstream", "move", id, state]);
    }
    d.ok(&["workstream", "move", id, "merged"])
}

#[test]
fn merged_work_retires_an_ephemeral_agent_and_keeps_a_persistent_one() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    // No name: a codename from the theme, ephemeral.
    let eph = d.json(&["agent", "new"]);
    let codename = eph["name"].as_str().unwrap().to_owned();
    assert_eq!(eph["lifetime"], "LIFETIME_EPHEMERAL");
    assert_eq!(eph["codename"], true);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["agent", "start", &codename]);
    d.ok(&["agent", "start", "atlas"]);
    let eph_dir = d.home().join("agents/agt-1");
    let atlas_dir = d.home().join("agents/agt-2");
    assert!(eph_dir.join("work/app/.git").exists());

    d.ok(&["issue", "add", "One task"]);
    d.ok(&["issue", "add", "Another task"]);
    let ws1 = d.json(&["workstream", "add", "demo-1", &codename]);
    let ws2 = d.json(&["workstream", "add", "demo-2", "atlas"]);
    assert!(eph_dir.join("work/.streams/demo-1/app").exists());

    // Review is not merge: still running.
    d.ok(&[
        "workstream",
        "move",
        ws1["id"].as_str().unwrap(),
        "in_progress",
    ]);
    d.ok(&[
        "workstream",
        "move",
        ws1["id"].as_str().unwrap(),
        "in_review",
    ]);
    assert_eq!(
        d.json(&["agent", "show", &codename])["status"],
        "AGENT_STATUS_RUNNING"
    );
    d.ok(&["workstream", "move", ws1["id"].as_str().unwrap(), "merged"]);

    let all = d.json(&["agent", "list", "--all"]);
    let retired = all["agents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == eph["id"])
        .unwrap();
    assert_eq!(retired["status"], "AGENT_STATUS_RETIRED", "{retired}");
    assert!(
        retired["statusReason"]
            .as_str()
            .unwrap()
            .contains("its work merged (demo-1)"),
        "{retired}"
    );
    assert!(!eph_dir.exists(), "the ephemeral agent's state dir is left");
    // `events --json` is one event per line.
    let events: Vec<serde_json::Value> = d
        .ok(&["events", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let retirement: Vec<&serde_json::Value> = events
        .iter()
        .filter_map(|e| e.get("agentRetired"))
        .collect();
    assert_eq!(retirement.len(), 1, "{retirement:?}");
    assert_eq!(retirement[0]["name"], codename.as_str());
    assert_eq!(retirement[0]["codenameReturned"], true);
    // Its process tree is gone with it: nothing runs from its state dir.
    let leftovers = processes_mentioning(eph_dir.to_str().unwrap());
    assert!(leftovers.is_empty(), "still running: {leftovers:?}");
    // The codename is free again: the next unnamed agent draws it.
    assert_eq!(d.json(&["agent", "new"])["name"], codename.as_str());

    // A persistent agent's merged work leaves it running, workload and all.
    merge(&d, &ws2);
    let atlas = d.json(&["agent", "show", "atlas"]);
    assert_eq!(atlas["status"], "AGENT_STATUS_RUNNING", "{atlas}");
    assert!(atlas_dir.join("work/app/.git").exists());
    d.ok(&["agent", "prompt", "atlas", "still there?", "--follow"]);
}

/// Processes whose command line or cwd names `needle`.
fn processes_mentioning(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs_err::read_dir("/proc").unwrap().flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        if !pid.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let cwd = std::fs::read_link(entry.path().join("cwd"))
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        if cmdline.contains(needle) || cwd.contains(needle) {
            found.push(format!("{pid}: {cmdline} (cwd {cwd})"));
        }
    }
    found
}
