//! Project scope and input checks through the daemon: a project can never
//! put the data dir (secrets, the control socket, other agents' state) or
//! Compass's install in front of an agent — refused at creation with the
//! field named and nothing stored, and again at start; credentials in repo
//! URLs and unknown agent kinds are refused before anything is stored.

use super::{TestDaemon, git_repo};

/// Refused with `expect` in the message, and nothing written.
fn refused(d: &TestDaemon, args: &[&str], expect: &[&str]) -> String {
    let before = d.last_seq();
    let err = d.fails(args);
    for e in expect {
        assert!(
            err.contains(e),
            "compass {args:?}: expected {e:?} in {err:?}"
        );
    }
    assert_eq!(d.last_seq(), before, "compass {args:?} wrote something");
    err
}

#[test]
fn a_project_cannot_reach_the_data_dir_or_the_install() {
    let d = TestDaemon::start();
    let home = d.home().to_str().unwrap().to_owned();
    let parent = d.home().parent().unwrap().to_str().unwrap().to_owned();
    let inside = d.home().join("notes");
    fs_err::create_dir_all(&inside).unwrap();
    let link = d.outside().join("innocent");
    std::os::unix::fs::symlink(d.home(), &link).unwrap();
    let repo_inside = git_repo(&d.home().join("repos"));
    let exe_dir = std::path::Path::new(super::BIN).parent().unwrap();

    // `--dir ~`-style: a directory that contains the data dir.
    refused(
        &d,
        &["project", "add", "x", "--dir", &parent],
        &["directories[0]:", "contains the Compass data dir"],
    );
    refused(
        &d,
        &["project", "add", "x", "--dir", &home],
        &["directories[0]:", "is the Compass data dir"],
    );
    refused(
        &d,
        &["project", "add", "x", "--dir", inside.to_str().unwrap()],
        &["directories[0]:", "lies inside the Compass data dir"],
    );
    refused(
        &d,
        &["project", "add", "x", "--dir", link.to_str().unwrap()],
        &["directories[0]:", "resolved:", "is the Compass data dir"],
    );
    refused(
        &d,
        &[
            "project",
            "add",
            "x",
            "--repo",
            repo_inside.to_str().unwrap(),
        ],
        &["repos[0]:", "lies inside the Compass data dir"],
    );
    let file_url = format!("file://{}", repo_inside.display());
    refused(
        &d,
        &["project", "add", "x", "--repo", &file_url],
        &["repos[0]:"],
    );
    refused(
        &d,
        &[
            "project",
            "add",
            "x",
            "--dir",
            exe_dir.parent().unwrap().to_str().unwrap(),
        ],
        &["directories[0]:", "contains Compass's install"],
    );
    // The second of two is named by its index.
    let ok = d.outside().join("ok");
    fs_err::create_dir_all(&ok).unwrap();
    refused(
        &d,
        &[
            "project",
            "add",
            "x",
            "--dir",
            ok.to_str().unwrap(),
            "--dir",
            &home,
        ],
        &["directories[1]:"],
    );
    let projects = d.json(&["project", "list"]);
    assert_eq!(projects["projects"].as_array().map_or(0, Vec::len), 0);
}

#[test]
fn a_link_moved_after_creation_is_refused_at_start() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    let notes = d.outside().join("notes");
    fs_err::create_dir_all(&notes).unwrap();
    let link = d.outside().join("docs");
    std::os::unix::fs::symlink(&notes, &link).unwrap();
    d.project_with_dir("demo", &repo, &link);
    d.ok(&["agent", "new", "atlas"]);
    // Now the link points at the data dir.
    fs_err::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(d.home(), &link).unwrap();
    let err = d.fails(&["agent", "start", "atlas"]);
    assert!(
        err.contains("atlas not started")
            && err.contains("directories[0]:")
            && err.contains("is the Compass data dir"),
        "{err}"
    );
    assert!(!d.ok(&["agent", "show", "atlas"]).contains("running"));
    assert!(
        !d.home().join("agents/agt-1/work").exists(),
        "a workload was provisioned although the scope was refused"
    );
    // Pointed back, the agent starts.
    fs_err::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(&notes, &link).unwrap();
    d.ok(&["agent", "start", "atlas"]);
    d.ok(&["agent", "stop", "atlas"]);
}

#[test]
fn no_mount_may_contain_the_control_socket() {
    compass_test_support::bins::scripted_agent();
    // The agent tools dir is mounted into every workload: here it holds
    // the data dir, and so the socket.
    let tmp = std::env::temp_dir();
    let d = TestDaemon::start_with(&["--agent-tools", tmp.to_str().unwrap()]);
    // The repo must lie outside the tools dir (itself refused otherwise),
    // also when the checkout itself is under the temp dir.
    let target_tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let outside_tmp = if target_tmp.starts_with(&tmp) {
        std::path::Path::new("/var/tmp")
    } else {
        target_tmp
    };
    let beside = tempfile::tempdir_in(outside_tmp).unwrap();
    let repo = git_repo(beside.path());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let err = d.fails(&["agent", "start", "atlas"]);
    assert!(
        err.contains("contains the control socket") && err.contains("refusing to start"),
        "{err}"
    );
}

#[test]
fn credentials_in_repo_urls_are_refused_before_anything_is_stored() {
    let d = TestDaemon::start();
    for (url, secret) in [
        (
            "https://someone:hunter2-pw@example.com/org/app.git",
            "hunter2-pw",
        ),
        (
            "https://ghp_s3cr3tt0ken@example.com/org/app.git",
            "ghp_s3cr3tt0ken",
        ),
        ("ssh://git:pa55word@example.com/org/app.git", "pa55word"),
    ] {
        let err = refused(
            &d,
            &["project", "add", "x", "--repo", url],
            &["repos[0]:", "carries credentials", "compass secret set"],
        );
        assert!(!err.contains(secret), "the error echoes the secret: {err}");
        let events = d.ok(&["events", "--json"]);
        assert!(!events.contains(secret), "the event log holds {secret}");
        for db in ["compass.db", "compass.db-wal"] {
            let bytes = fs_err::read(d.home().join(db)).unwrap_or_default();
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "{db} holds {secret}"
            );
        }
    }
    assert_eq!(
        d.json(&["project", "list"])["projects"]
            .as_array()
            .map_or(0, Vec::len),
        0
    );
}

#[test]
fn unknown_kinds_are_refused_at_agent_new_with_the_known_ones() {
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    let err = refused(
        &d,
        &["agent", "new", "atlas", "--kind", "gpt-9000"],
        &[
            "kind:",
            "\"gpt-9000\" is not a known agent kind",
            "known kinds:",
            "scripted",
        ],
    );
    assert!(err.contains("claude"), "{err}");
}

#[test]
fn oversized_fields_are_refused_by_name() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.ok(&["agent", "start", "atlas"]);
    // Past the transport's default 4 MiB too: the field is still named.
    let huge = "p".repeat(5 * 1024 * 1024);
    // (A prompt over its 256 KiB limit cannot pass through argv, whose
    // strings stop at 128 KiB; the handler checks `text` the same way.)
    let scenario = d.outside().join("big.toml");
    fs_err::write(&scenario, &huge).unwrap();
    d.ok(&["agent", "stop", "atlas"]);
    refused(
        &d,
        &[
            "agent",
            "start",
            "atlas",
            "--scenario",
            scenario.to_str().unwrap(),
        ],
        &["scenario: is 5242880 bytes; the limit is 262144"],
    );
    let body = d.outside().join("body.txt");
    fs_err::write(&body, &huge).unwrap();
    refused(
        &d,
        &[
            "issue",
            "add",
            "huge",
            "--body-file",
            body.to_str().unwrap(),
        ],
        &["body: is 5242880 bytes"],
    );
}
