//! The CLI verbs over a real daemon: projects, agents, codenames, issues,
//! workstreams and the text board, in text and `--json`.

use super::{TestDaemon, git_repo};

#[test]
fn projects_agents_issues_and_the_board() {
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    let notes = d.outside().join("notes");
    fs_err::create_dir_all(&notes).unwrap();
    let project = d.json(&[
        "project",
        "add",
        "demo",
        "--repo",
        repo.to_str().unwrap(),
        "--repo",
        "https://example.com/org/lib.git",
        "--dir",
        notes.to_str().unwrap(),
        "--theme",
        "norse",
    ]);
    assert_eq!(project["repos"][0]["kind"], "KIND_LOCAL");
    assert_eq!(project["repos"][1]["kind"], "KIND_REMOTE");
    assert!(d.ok(&["project", "list"]).contains("demo"));
    assert!(
        d.ok(&["project", "show", "demo"])
            .contains("https://example.com/org/lib.git")
    );

    let atlas = d.json(&[
        "agent",
        "new",
        "atlas",
        "--persona",
        "careful reviewer",
        "--model",
        "claude-sonnet-4-5",
    ]);
    assert_eq!(atlas["lifetime"], "LIFETIME_PERSISTENT");
    let drawn = d.json(&["agent", "new"]);
    assert_eq!(drawn["lifetime"], "LIFETIME_EPHEMERAL");
    assert_eq!(drawn["codename"], true);
    let codename = drawn["name"].as_str().unwrap().to_owned();
    assert!(d.ok(&["agent", "list"]).contains(&codename));
    assert!(
        d.ok(&["agent", "show", "atlas"])
            .contains("careful reviewer")
    );

    let parent = d.json(&[
        "issue",
        "add",
        "Refactor auth",
        "--priority",
        "high",
        "--label",
        "auth",
    ]);
    assert_eq!(parent["key"], "demo-1");
    let child = d.json(&["issue", "add", "Split token module", "--parent", "demo-1"]);
    assert_eq!(child["parentId"], parent["id"]);
    d.ok(&["issue", "add", "Flaky test"]);
    assert!(d.ok(&["issue", "list"]).contains("Split token module"));

    let ws = d.json(&["workstream", "add", "demo-1", "atlas"]);
    assert_eq!(ws["branch"], "compass/atlas/demo-1");
    let ws_id = ws["id"].as_str().unwrap();
    d.ok(&["workstream", "move", ws_id, "in_progress"]);
    let ws2 = d.json(&["workstream", "add", "demo-2", &codename]);
    d.ok(&[
        "workstream",
        "move",
        ws2["id"].as_str().unwrap(),
        "in_progress",
    ]);
    d.ok(&[
        "workstream",
        "move",
        ws2["id"].as_str().unwrap(),
        "in_review",
    ]);

    let board = d.ok(&["board"]);
    for column in ["Backlog", "In Progress", "In Review", "Merged"] {
        assert!(
            board.contains(column),
            "board lacks column {column}:\n{board}"
        );
    }
    let atlas_line = board
        .lines()
        .find(|l| l.starts_with("atlas"))
        .expect("atlas row");
    let cells: Vec<&str> = atlas_line.split('|').collect();
    assert!(
        cells[2].contains("demo-1"),
        "demo-1 should be In Progress for atlas:\n{board}"
    );
    let drawn_line = board
        .lines()
        .find(|l| l.starts_with(codename.as_str()))
        .expect("codename row");
    assert!(
        drawn_line.split('|').nth(3).unwrap().contains("demo-2"),
        "demo-2 should be In Review:\n{board}"
    );
    let pool = board
        .lines()
        .find(|l| l.starts_with("(unassigned)"))
        .expect("unassigned row");
    assert!(
        pool.split('|').nth(1).unwrap().contains("demo-3"),
        "demo-3 should be unassigned backlog:\n{board}"
    );

    let json = d.json(&["board"]);
    assert_eq!(json["rows"].as_array().unwrap().len(), 3);

    // Retiring returns the codename: the next unnamed agent gets it back.
    d.ok(&["agent", "retire", &codename]);
    assert!(!d.ok(&["agent", "list"]).contains(&codename));
    assert!(d.ok(&["agent", "list", "--all"]).contains(&codename));
    assert_eq!(d.json(&["agent", "new"])["name"], codename.as_str());
}

#[test]
fn user_themes_name_ephemeral_agents() {
    let d = TestDaemon::start();
    d.ok(&["theme", "add", "birds", "kestrel", "osprey"]);
    assert!(d.ok(&["theme", "list"]).contains("kestrel osprey"));
    d.ok(&["project", "add", "nest", "--theme", "birds"]);
    assert_eq!(d.json(&["agent", "new"])["name"], "kestrel");
    assert_eq!(d.json(&["agent", "new"])["name"], "osprey");
    let err = d.fails(&["agent", "new"]);
    assert!(err.contains("every codename of theme birds"), "{err}");
}

#[test]
fn events_lists_and_follows_the_log() {
    let d = TestDaemon::start();
    d.ok(&["project", "add", "demo"]);
    d.ok(&["agent", "new", "atlas"]);
    let all = d.ok(&["events"]);
    assert!(
        all.contains("#1") && all.contains("project created: demo"),
        "{all}"
    );
    assert!(all.contains("agent created: atlas"), "{all}");
    let later = d.ok(&["events", "--from", "1"]);
    assert!(
        !later.contains("project created"),
        "--from 1 must skip seq 1: {later}"
    );
    let lines: Vec<serde_json::Value> = d
        .ok(&["events", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["agentCreated"]["agent"]["name"], "atlas");
}
