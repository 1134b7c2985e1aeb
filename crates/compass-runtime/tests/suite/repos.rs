//! Clone-per-agent and worktree-per-workstream with real git, on the
//! sandbox and host backends.

use super::support::*;
use compass_core::name::Name;
use compass_runtime::repos::{self, IssueKey, RepoSource};
use compass_runtime::{EgressPolicy, RuntimeError, WorkloadRuntime};
use std::os::unix::fs::MetadataExt;

fn repo(name: &str, src: &std::path::Path) -> RepoSource {
    RepoSource {
        name: Name::parse(name).unwrap(),
        source: src.display().to_string(),
    }
}

pub(crate) async fn clones_and_worktrees(rt: &dyn WorkloadRuntime, egress: EgressPolicy) {
    let root = tempfile::tempdir().unwrap();
    make_repo(&root.path().join("src/app"), 5);
    make_repo(&root.path().join("src/lib"), 5);
    let state = root.path().join("agent");
    let s = spec("atlas", &state, egress);
    let made = repos::provision_agent(
        rt,
        &s,
        &[
            repo("app", &root.path().join("src/app")),
            repo("lib", &root.path().join("src/lib")),
        ],
        &repos::RepoAuth::default(),
    )
    .await
    .unwrap();
    let work = rt.inner_paths(&state).work;
    assert_eq!(made.clones, vec![work.join("app"), work.join("lib")]);
    // Full and independent: no alternates, objects not hardlinked to the source.
    for name in ["app", "lib"] {
        let clone = state.join("work").join(name);
        assert!(clone.join("d0/f0.txt").is_file());
        assert!(!clone.join(".git/objects/info/alternates").exists());
        for entry in walk(&clone.join(".git/objects")) {
            assert_eq!(
                fs_err::metadata(&entry).unwrap().nlink(),
                1,
                "{} is hardlinked",
                entry.display()
            );
        }
    }
    // No forge credential in the workload: no store, no helper.
    assert!(!state.join("home/.git-credentials").exists());
    let helper = rt
        .exec(&s.name, &sh("git config --global credential.helper"))
        .await
        .unwrap();
    assert_eq!(stdout(&helper), "");
    // A workstream: the same branch in both repos.
    let issue = IssueKey::parse("ENG-7").unwrap();
    let trees = repos::create_worktrees(
        rt,
        &s.name,
        &state,
        &issue,
        "compass/atlas/ENG-7",
        &[Name::parse("app").unwrap(), Name::parse("lib").unwrap()],
        None,
    )
    .await
    .unwrap();
    assert_eq!(trees.len(), 2);
    for tree in &trees {
        let out = rt
            .exec(
                &s.name,
                &sh(&format!(
                    "git -C {} rev-parse --abbrev-ref HEAD",
                    tree.display()
                )),
            )
            .await
            .unwrap();
        assert_eq!(
            stdout(&out),
            "compass/atlas/ENG-7\n",
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The agent commits on its branch; the source repo is untouched.
    let out = rt
        .exec(
            &s.name,
            &sh(&format!(
                "cd {} && echo change > new.txt && git add new.txt && git commit -qm work && git log --format=%an -1",
                trees[0].display()
            )),
        )
        .await
        .unwrap();
    assert_eq!(
        stdout(&out),
        "atlas\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!git(&root.path().join("src/app"), &["branch", "--list"]).contains("compass/"));
    // The same workstream twice is refused, naming the repo.
    let again = repos::create_worktrees(
        rt,
        &s.name,
        &state,
        &issue,
        "compass/atlas/ENG-7",
        &[Name::parse("app").unwrap()],
        None,
    )
    .await;
    assert!(
        matches!(again, Err(RuntimeError::Command { .. })),
        "{again:?}"
    );
    rt.remove(&s.name).await.unwrap();
    assert!(!state.exists());
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in fs_err::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[tokio::test]
async fn sandbox_clone_per_agent_and_worktrees() {
    clones_and_worktrees(&sandbox(), EgressPolicy::Deny).await;
}

#[tokio::test]
async fn host_clone_per_agent_and_worktrees() {
    clones_and_worktrees(&compass_runtime::HostRuntime::new(), EgressPolicy::Open).await;
}

/// The clone is the agent's: `.git/info/attributes` (which git reads
/// whatever `attr.tree` and `core.attributesFile` say) selects filters its
/// `.git/config` defines. Making a workstream checks a worktree out; no
/// filter may run, and the files are the commit's, byte for byte.
pub(crate) async fn a_worktree_runs_no_filter_the_clone_selects(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let root = tempfile::tempdir().unwrap();
    make_repo(&root.path().join("src/app"), 3);
    let state = root.path().join("agent");
    let s = spec("atlas", &state, egress);
    repos::provision_agent(
        rt,
        &s,
        &[repo("app", &root.path().join("src/app"))],
        &repos::RepoAuth::default(),
    )
    .await
    .unwrap();
    let inner = rt.inner_paths(&state);
    let clone = inner.work.join("app");
    let marks = inner.work.join("marks");
    let plant = format!(
        "cd {clone} && mkdir -p {marks} && \
         printf '* filter=evil\\nd0/* filter=proc\\n' > .git/info/attributes && \
         git config filter.evil.smudge 'touch {marks}/smudge; tr a-z A-Z' && \
         git config filter.evil.clean 'touch {marks}/clean; cat' && \
         git config filter.proc.process \"sh -c 'touch {marks}/process; exit 1'\" && \
         git config filter.evil.required true && echo planted",
        clone = clone.display(),
        marks = marks.display(),
    );
    let out = rt.exec(&s.name, &sh(&plant)).await.unwrap();
    assert_eq!(
        stdout(&out),
        "planted\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let trees = repos::create_worktrees(
        rt,
        &s.name,
        &state,
        &IssueKey::parse("ENG-9").unwrap(),
        "compass/atlas/ENG-9",
        &[Name::parse("app").unwrap()],
        None,
    )
    .await
    .unwrap();
    let ran: Vec<_> = fs_err::read_dir(state.join("work/marks"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(ran.is_empty(), "the host's worktree checkout ran: {ran:?}");
    let tree = state.join("work/.streams/ENG-9/app");
    assert_eq!(trees, vec![inner.work.join(".streams/ENG-9/app")]);
    for (path, body) in [("d0/f0.txt", "file 0\n"), ("d2/f2.txt", "file 2\n")] {
        assert_eq!(
            fs_err::read_to_string(tree.join(path)).unwrap(),
            body,
            "{path}"
        );
    }
    // Checked out for real: the index matches the branch's commit.
    let out = rt
        .exec(
            &s.name,
            &sh(&format!(
                "cd {} && git rev-parse --abbrev-ref HEAD && git diff-index --cached --name-only HEAD && echo same",
                trees[0].display()
            )),
        )
        .await
        .unwrap();
    assert_eq!(
        stdout(&out),
        "compass/atlas/ENG-9\nsame\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    rt.remove(&s.name).await.unwrap();
}

#[tokio::test]
async fn sandbox_a_worktree_runs_no_filter_the_clone_selects() {
    a_worktree_runs_no_filter_the_clone_selects(&sandbox(), EgressPolicy::Deny).await;
}

#[tokio::test]
async fn a_repo_that_fails_to_clone_leaves_nothing_behind() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    make_repo(&root.path().join("good"), 2);
    let state = root.path().join("agent");
    let s = spec("boreas", &state, EgressPolicy::Deny);
    let bad = RepoSource {
        name: Name::parse("broken").unwrap(),
        // Nothing listens on port 1: the clone fails fast.
        source: "http://127.0.0.1:1/nope.git".into(),
    };
    let err = repos::provision_agent(
        &rt,
        &s,
        &[repo("good", &root.path().join("good")), bad],
        &repos::RepoAuth::default(),
    )
    .await
    .unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("broken") && msg.contains("127.0.0.1:1"),
        "{msg}"
    );
    assert!(!state.exists(), "a failed provision left state behind");
    assert!(!rt.exists(&s.name).await.unwrap());
    // A local path that does not exist, and a URL with a password.
    for source in [
        root.path().join("missing").display().to_string(),
        "https://u:pw@example.com/r.git".into(),
    ] {
        let err = repos::provision_agent(
            &rt,
            &s,
            &[RepoSource {
                name: Name::parse("x").unwrap(),
                source,
            }],
            &repos::RepoAuth::default(),
        )
        .await
        .unwrap_err();
        assert!(matches!(err, RuntimeError::Invalid { .. }), "{err}");
        assert!(!state.exists());
    }
}

#[tokio::test]
async fn a_snapshot_dir_is_the_agents_own_copy() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let docs = root.path().join("docs");
    fs_err::create_dir_all(docs.join("sub")).unwrap();
    fs_err::write(docs.join("sub/a.md"), "original").unwrap();
    let state = root.path().join("agent");
    let s = spec("carme", &state, EgressPolicy::Deny);
    rt.create(&s).await.unwrap();
    let inner = repos::snapshot_dir(&rt, &s, &Name::parse("docs").unwrap(), &docs)
        .await
        .unwrap();
    let out = rt
        .exec(
            &s.name,
            &sh(&format!(
                "cat {p}/sub/a.md && echo changed > {p}/sub/a.md",
                p = inner.display()
            )),
        )
        .await
        .unwrap();
    assert_eq!(stdout(&out), "original");
    assert_eq!(
        fs_err::read_to_string(docs.join("sub/a.md")).unwrap(),
        "original"
    );
    // Taken names are refused.
    assert!(
        repos::snapshot_dir(&rt, &s, &Name::parse("docs").unwrap(), &docs)
            .await
            .is_err()
    );
    rt.remove(&s.name).await.unwrap();
}
