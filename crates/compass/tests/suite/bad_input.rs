//! Bad input gets a message naming the field, a non-zero exit, and leaves the
//! store exactly as it was.

use super::{TestDaemon, git_repo};

fn refused(d: &TestDaemon, args: &[&str], expect: &str) {
    let before = d.last_seq();
    let err = d.fails(args);
    assert!(
        err.contains(expect),
        "compass {args:?}: expected {expect:?} in {err:?}"
    );
    assert_eq!(
        d.last_seq(),
        before,
        "compass {args:?} wrote something although it failed"
    );
}

#[test]
fn bad_input_is_refused_with_the_field_named() {
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let long = "a".repeat(41);
    let not_git = d.outside().join("plain");
    fs_err::create_dir_all(&not_git).unwrap();

    refused(&d, &["project", "add", ""], "name: \"\" must not be empty");
    refused(
        &d,
        &["project", "add", "Demo"],
        "name: \"Demo\" must start with a letter",
    );
    refused(&d, &["project", "add", "a/b"], "name: \"a/b\" contains '/'");
    refused(&d, &["project", "add", &long], "name:");
    refused(
        &d,
        &["project", "add", "demo"],
        "project \"demo\" already exists",
    );
    refused(
        &d,
        &["project", "add", "x", "--repo", "/does/not/exist"],
        "repos[0]: /does/not/exist does not exist",
    );
    refused(
        &d,
        &["project", "add", "x", "--repo", not_git.to_str().unwrap()],
        "is not a git repository",
    );
    refused(
        &d,
        &["project", "add", "x", "--repo", "ftp://example.com/r.git"],
        "repos[0]:",
    );
    refused(
        &d,
        &["project", "add", "x", "--repo", "https://"],
        "repos[0]:",
    );
    refused(
        &d,
        &["project", "add", "x", "--repo", "relative/path"],
        "repos[0]: \"relative/path\" is not an absolute path",
    );
    refused(
        &d,
        &["project", "add", "x", "--dir", "/nope/none"],
        "directories[0]: /nope/none does not exist",
    );
    refused(
        &d,
        &["project", "add", "x", "--theme", "nosuch"],
        "no theme \"nosuch\"",
    );
    refused(
        &d,
        &["project", "show", "prj_999"],
        "no project \"prj_999\"",
    );

    refused(
        &d,
        &["agent", "new", "atlas"],
        "agent \"atlas in project demo\" already exists",
    );
    refused(&d, &["agent", "new", "bad name"], "name: \"bad name\"");
    refused(
        &d,
        &["agent", "new", "scout", "--model", "has space"],
        "model:",
    );
    refused(
        &d,
        &["agent", "new", "scout", "--project", "nosuch"],
        "no project \"nosuch\"",
    );
    refused(&d, &["agent", "show", "agt_999"], "no agent \"agt_999\"");
    refused(&d, &["agent", "retire", "ghost"], "no agent \"ghost\"");

    refused(&d, &["issue", "add", ""], "title: must not be empty");
    refused(
        &d,
        &["issue", "add", "two\nlines"],
        "title: must be one line",
    );
    refused(&d, &["issue", "add", &"t".repeat(301)], "title:");
    refused(
        &d,
        &["issue", "add", "ok", "--parent", "demo-42"],
        "parent: no issue \"demo-42\"",
    );
    refused(&d, &["issue", "add", "ok", "--label", "a,b"], "labels:");
    refused(&d, &["issue", "show", "iss_404"], "no issue \"iss_404\"");
    refused(
        &d,
        &["workstream", "add", "demo-9", "atlas"],
        "no issue \"demo-9\"",
    );
    refused(
        &d,
        &["theme", "add", "dup", "ada", "alan"],
        "both start with 'a'",
    );
    refused(
        &d,
        &["theme", "add", "norse", "zed"],
        "theme \"norse\" already exists",
    );

    // Oversized bodies are refused before they reach the store.
    let body = d.home().join("body.txt");
    fs_err::write(&body, "x".repeat(300 * 1024)).unwrap();
    refused(
        &d,
        &[
            "issue",
            "add",
            "huge",
            "--body-file",
            body.to_str().unwrap(),
        ],
        "body: is 307200 bytes",
    );

    d.ok(&["issue", "add", "real"]);
    let ws = d.json(&["workstream", "add", "demo-1", "atlas"]);
    refused(
        &d,
        &["workstream", "move", ws["id"].as_str().unwrap(), "merged"],
        "cannot go from backlog to merged",
    );
    refused(
        &d,
        &["workstream", "add", "demo-1", "atlas"],
        "already exists",
    );
}

#[test]
fn the_cli_says_how_to_start_a_missing_daemon() {
    let home = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(super::BIN)
        .arg("board")
        .env("COMPASS_HOME", home.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot reach the Compass daemon") && err.contains("compass up"),
        "{err}"
    );
}
