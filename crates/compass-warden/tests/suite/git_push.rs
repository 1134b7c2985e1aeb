//! Push resolution against real git repositories: a bare remote and a clone.

use super::support::fixture_with;
use compass_core::gate::{Decision, Gate, GateRequest, OutputAction};
use compass_core::id::AgentId;
use compass_warden::WardenConfig;
use compass_warden::git::{DiscardScope, LocalGit, discardable, resolve_push};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .expect("git must be installed for these tests");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn commit(dir: &Path, file: &str, content: &str, msg: &str) {
    fs_err::write(dir.join(file), content).unwrap();
    git(dir, &["add", file]);
    git(dir, &["commit", "-q", "-m", msg]);
}

/// A bare remote with `main`, and a clone of it.
fn repos() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let remote = tmp.path().join("remote.git");
    let work = tmp.path().join("work");
    git(
        tmp.path(),
        &[
            "init",
            "-q",
            "--bare",
            "-b",
            "main",
            remote.to_str().unwrap(),
        ],
    );
    git(
        tmp.path(),
        &["init", "-q", "-b", "main", work.to_str().unwrap()],
    );
    git(
        &work,
        &["remote", "add", "origin", remote.to_str().unwrap()],
    );
    commit(&work, "README.md", "# app\n", "init");
    git(&work, &["push", "-q", "origin", "main"]);
    (tmp, work)
}

/// A Warden whose workspace is `root`, resolving pushes with the real git.
fn with_git(root: &Path) -> super::support::Fixture {
    fixture_with(
        WardenConfig {
            workspace: compass_warden::output::Workspace {
                roots: vec![root.to_string_lossy().into_owned()],
            },
            ..WardenConfig::default()
        },
        |d| d.git = Some(Arc::new(LocalGit)),
    )
}

fn push(agent: &AgentId, cwd: &Path, command: &str) -> GateRequest {
    GateRequest::Output {
        agent: agent.clone(),
        action: OutputAction::Command {
            command: command.into(),
            cwd: cwd.to_string_lossy().into_owned(),
        },
    }
}

#[tokio::test]
async fn resolves_the_ref_update_plan() {
    let (_tmp, work) = repos();
    let cwd = work.to_str().unwrap();
    git(&work, &["checkout", "-q", "-b", "feature"]);
    commit(&work, "src.txt", "hello\n", "feature work");
    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        cwd,
        &["origin".into(), "feature".into()],
    )
    .await
    .unwrap();
    assert_eq!(plan.updates.len(), 1);
    let u = &plan.updates[0];
    assert_eq!(u.dst, "refs/heads/feature");
    assert_eq!(u.old, None);
    assert_eq!(
        u.new.as_deref(),
        Some(git(&work, &["rev-parse", "HEAD"]).as_str())
    );
    assert!(!u.non_fast_forward && !u.delete && !u.force);
    assert!(plan.diff.contains("+hello"), "{}", plan.diff);
    assert!(!plan.ad_hoc_remote);

    // Rewrite main's history: the plan shows a non-fast-forward.
    git(&work, &["checkout", "-q", "main"]);
    git(&work, &["commit", "-q", "--amend", "-m", "rewritten"]);
    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        cwd,
        &["--force".into(), "origin".into(), "main".into()],
    )
    .await
    .unwrap();
    assert!(plan.updates[0].force && plan.updates[0].non_fast_forward);

    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        cwd,
        &["origin".into(), "--delete".into(), "feature".into()],
    )
    .await
    .unwrap();
    assert!(plan.updates[0].delete);
    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        cwd,
        &["--mirror".into(), "origin".into()],
    )
    .await
    .unwrap();
    assert!(plan.mirror);
}

#[tokio::test]
async fn warden_judges_the_resolved_push() {
    let (tmp, work) = repos();
    let fx = with_git(tmp.path());
    let a = AgentId::from_row(1);
    git(&work, &["checkout", "-q", "-b", "compass/atlas/demo-1"]);
    commit(
        &work,
        "lib.rs",
        "pub fn add(a: i32, b: i32) -> i32 { a + b }\n",
        "add",
    );
    let v = fx
        .warden
        .check(&push(&a, &work, "git push -u origin compass/atlas/demo-1"))
        .await;
    assert_eq!(v.decision, Decision::Clear, "{v:?}");

    // A secret in the pushed diff is caught even though the command is plain.
    commit(
        &work,
        "config.py",
        "AWS_KEY = 'AKIAIOSFODNN7EXAMPLE'\n",
        "config",
    );
    let v = fx
        .warden
        .check(&push(
            &work_agent(2),
            &work,
            "git push origin compass/atlas/demo-1",
        ))
        .await;
    assert!(v.decision.is_flag(), "{v:?}");
    assert!(v.findings.iter().any(|f| f.detector == "exfiltration"));

    // Plain `git push` to the protected branch, resolved from upstream config.
    git(&work, &["checkout", "-q", "main"]);
    commit(&work, "b.txt", "b\n", "direct");
    git(&work, &["branch", "-q", "--set-upstream-to=origin/main"]);
    let v = fx
        .warden
        .check(&push(&work_agent(3), &work, "git push"))
        .await;
    assert!(v.decision.is_flag(), "{v:?}");
    assert!(
        v.findings
            .iter()
            .any(|f| f.explanation.contains("protected ref refs/heads/main")),
        "{v:?}"
    );

    // History rewrite on a feature branch.
    git(&work, &["checkout", "-q", "compass/atlas/demo-1"]);
    git(&work, &["push", "-q", "origin", "compass/atlas/demo-1"]);
    git(&work, &["reset", "-q", "--hard", "HEAD~1"]);
    commit(&work, "c.txt", "c\n", "other");
    let v = fx
        .warden
        .check(&push(
            &work_agent(4),
            &work,
            "git push -f origin compass/atlas/demo-1",
        ))
        .await;
    assert!(
        v.decision.is_flag()
            && v.findings
                .iter()
                .any(|f| f.explanation.contains("rewrites history")),
        "{v:?}"
    );

    // Pushing to an ad-hoc URL (exfiltrating the repo) is flagged.
    let other = tmp.path().join("elsewhere.git");
    git(
        tmp.path(),
        &["init", "-q", "--bare", other.to_str().unwrap()],
    );
    let v = fx
        .warden
        .check(&push(
            &work_agent(5),
            &work,
            &format!("git push {} HEAD:refs/heads/x", other.display()),
        ))
        .await;
    assert!(
        v.findings
            .iter()
            .any(|f| f.explanation.contains("not a configured remote")),
        "{v:?}"
    );
}

fn work_agent(n: i64) -> AgentId {
    AgentId::from_row(100 + n)
}

#[tokio::test]
async fn without_an_inspector_the_shape_decides() {
    let fx = fixture_with(WardenConfig::default(), |_| {});
    let a = AgentId::from_row(9);
    let v = fx
        .warden
        .check(&push(&a, Path::new("/work/app"), "git push origin feature"))
        .await;
    // A named branch, no force, a configured remote: recorded, not cautioned.
    assert_eq!(v.decision, Decision::Clear, "{v:?}");
    // `HEAD` may be trunk: the shape cannot tell, so it cautions.
    let v = fx
        .warden
        .check(&push(&a, Path::new("/work/app"), "git push -u origin HEAD"))
        .await;
    assert!(matches!(v.decision, Decision::Caution { .. }), "{v:?}");
    let v = fx
        .warden
        .check(&push(
            &a,
            Path::new("/work/app"),
            "git push origin +feature",
        ))
        .await;
    assert!(v.decision.is_flag());
}

fn read(agent: &AgentId, source: &str, content: &str) -> GateRequest {
    GateRequest::Input {
        agent: agent.clone(),
        item: compass_core::gate::InputItem {
            source: source.into(),
            content: content.into(),
        },
    }
}

/// A push after the agent read a secrets file: a value no pattern knows is
/// caught in the pushed diff because the agent read it, and only that agent.
#[tokio::test]
async fn a_push_carrying_a_credential_the_agent_read_is_blocked() {
    let (tmp, work) = repos();
    let fx = with_git(tmp.path());
    let (reader, other) = (AgentId::from_row(21), AgentId::from_row(22));
    let dotenv = "API_ENDPOINT=https://api.internal.example\nDB_PASSWORD=correct-horse-battery\n";
    let v = fx
        .warden
        .check(&read(&reader, "file:/work/app/.env", dotenv))
        .await;
    assert!(!v.decision.is_flag(), "{v:?}");
    git(&work, &["checkout", "-q", "-b", "compass/vega/demo-3"]);
    commit(
        &work,
        "client.env",
        "endpoint = https://api.internal.example\ndb = correct-horse-battery\n",
        "client config",
    );
    let command = "git push origin compass/vega/demo-3";
    let v = fx.warden.check(&push(&other, &work, command)).await;
    assert_eq!(
        v.decision,
        Decision::Clear,
        "the other agent never read it: {v:?}"
    );
    let v = fx.warden.check(&push(&reader, &work, command)).await;
    let held = v
        .findings
        .iter()
        .find(|f| f.detector == "held_secret")
        .unwrap_or_else(|| panic!("{v:?}"));
    assert!(v.decision.is_flag(), "{v:?}");
    assert!(
        held.explanation
            .contains("DB_PASSWORD (from file:/work/app/.env)")
    );
    let text = format!("{v:?}");
    assert!(!text.contains("correct-horse"), "the value leaked: {text}");
    // The endpoint, a plain setting, is no credential.
    assert!(!held.explanation.contains("API_ENDPOINT"));
}

/// When the remote cannot be reached the plan still resolves, from the
/// remote-tracking refs, so the diff is inspected all the same.
#[tokio::test]
async fn an_unreachable_remote_resolves_from_tracking_refs() {
    let (tmp, work) = repos();
    git(&work, &["fetch", "-q", "origin"]);
    fs_err::rename(tmp.path().join("remote.git"), tmp.path().join("gone.git")).unwrap();
    git(&work, &["checkout", "-q", "-b", "feature"]);
    commit(&work, "k.py", "KEY = 'AKIAIOSFODNN7EXAMPLE'\n", "key");
    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        work.to_str().unwrap(),
        &["origin".into(), "feature".into()],
    )
    .await
    .unwrap();
    assert!(plan.remote_unreachable);
    assert!(plan.diff.contains("AKIAIOSFODNN7EXAMPLE"), "{}", plan.diff);
    assert!(
        !plan.diff.contains("# app"),
        "main is known to the remote: {}",
        plan.diff
    );
    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        work.to_str().unwrap(),
        &["origin".into(), "main".into()],
    )
    .await
    .unwrap();
    assert_eq!(
        plan.updates[0].old.as_deref(),
        Some(git(&work, &["rev-parse", "origin/main"]).as_str())
    );
}

/// The agent's repo configures every driver and hook that could run during
/// an inspection, each writing a canary: Warden's plan still sees the true
/// diff, and nothing ran.
#[tokio::test]
async fn a_hostile_repo_config_runs_nothing_and_hides_nothing() {
    let (tmp, work) = repos();
    let canary = tmp.path().join("canary");
    let touch = format!("sh -c 'echo ran >> {}; cat'", canary.display());
    for (key, value) in [
        ("diff.evil.textconv", touch.as_str()),
        ("diff.evil.command", touch.as_str()),
        ("diff.external", touch.as_str()),
        ("filter.evil.clean", touch.as_str()),
        ("filter.evil.smudge", touch.as_str()),
        ("core.fsmonitor", touch.as_str()),
        ("core.pager", touch.as_str()),
        ("core.sshCommand", touch.as_str()),
        ("remote.origin.uploadpack", touch.as_str()),
        ("core.hooksPath", ".githooks"),
    ] {
        git(&work, &["config", key, value]);
    }
    fs_err::create_dir_all(work.join(".githooks")).unwrap();
    let hook = format!("#!/bin/sh\necho ran >> {}\n", canary.display());
    for name in [
        "pre-push",
        "post-checkout",
        "reference-transaction",
        "post-index-change",
    ] {
        let path = work.join(".githooks").join(name);
        fs_err::write(&path, &hook).unwrap();
        use std::os::unix::fs::PermissionsExt;
        fs_err::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    commit(
        &work,
        ".gitattributes",
        "* diff=evil filter=evil\n",
        "attrs",
    );
    fs_err::remove_file(&canary).ok();
    commit(&work, "secret.txt", "API_TOKEN=the-true-content\n", "add");
    fs_err::remove_file(&canary).ok();

    let plan = resolve_push(
        &LocalGit,
        &AgentId::from_row(1),
        work.to_str().unwrap(),
        &["origin".into(), "HEAD:refs/heads/x".into()],
    )
    .await
    .unwrap();
    assert!(
        plan.diff.contains("+API_TOKEN=the-true-content"),
        "the diff was altered: {}",
        plan.diff
    );
    assert!(
        !canary.exists(),
        "the agent's repo config ran during the inspection: {}",
        fs_err::read_to_string(&canary).unwrap_or_default()
    );
}

/// A credential in a file git takes for binary (a NUL near its start) is
/// inspected too: the push diff is read as text.
#[tokio::test]
async fn a_credential_inside_a_binary_file_is_seen() {
    let (tmp, work) = repos();
    let fx = with_git(tmp.path());
    git(&work, &["checkout", "-q", "-b", "compass/atlas/blob"]);
    fs_err::write(
        work.join("data.bin"),
        b"\0\x01\x02 payload AWS_KEY = 'AKIAIOSFODNN7EXAMPLE'\n",
    )
    .unwrap();
    git(&work, &["add", "data.bin"]);
    git(&work, &["commit", "-q", "-m", "data"]);
    let v = fx
        .warden
        .check(&push(
            &AgentId::from_row(1),
            &work,
            "git push origin compass/atlas/blob",
        ))
        .await;
    assert!(v.decision.is_flag(), "{v:?}");
}

/// A diff larger than Warden reads holds the push even when it goes with a
/// lease to the agent's own branch (a lease lowers only the push-shape
/// findings): what was not read cannot be cleared.
#[tokio::test]
async fn a_diff_read_only_in_part_holds_a_lease_push_too() {
    let (tmp, work) = repos();
    let fx = with_git(tmp.path());
    git(&work, &["checkout", "-q", "-b", "compass/atlas/big"]);
    let line = "generated fixture line, long enough to fill the window quickly\n";
    commit(
        &work,
        "fixture.txt",
        &line.repeat(compass_warden::git::MAX_DIFF_BYTES / line.len() + 100),
        "fixture",
    );
    let v = fx
        .warden
        .check(&push(
            &AgentId::from_row(1),
            &work,
            "git push --force-with-lease origin compass/atlas/big",
        ))
        .await;
    assert!(v.decision.is_flag(), "{v:?}");
    assert!(
        v.findings.iter().any(|f| f.detector == "push_unread"),
        "{v:?}"
    );
}

/// More new commits than the runner keeps of `rev-list`'s output: the
/// oldest still names the diff's base (it is the first line), so the
/// credential in the branch is seen rather than the diff skipped.
#[tokio::test]
async fn a_branch_of_more_commits_than_the_output_cap_is_still_diffed() {
    let (tmp, work) = repos();
    let fx = with_git(tmp.path());
    git(&work, &["checkout", "-q", "-b", "compass/atlas/many"]);
    // Enough commits that their ids pass the cap, made in one fast-import.
    let commits = compass_warden::git::MAX_GIT_OUTPUT / 41 + 2_000;
    let head = git(&work, &["rev-parse", "HEAD"]);
    let mut stream = String::new();
    for n in 0..commits {
        let content = if n == commits / 2 {
            "AWS_KEY = 'AKIAIOSFODNN7EXAMPLE'\n".to_owned()
        } else {
            format!("step {n}\n")
        };
        let file = if n == commits / 2 {
            "config.py"
        } else {
            "steps.txt"
        };
        stream.push_str(&format!(
            "commit refs/heads/compass/atlas/many\ncommitter t <t@example.com> 1700000000 +0000\ndata 1\nx\n{}M 100644 inline {file}\ndata {}\n{content}\n",
            if n == 0 { format!("from {head}\n") } else { String::new() },
            content.len()
        ));
    }
    let mut child = Command::new("git")
        .args(["fast-import", "--quiet", "--force"])
        .current_dir(&work)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stream.as_bytes())
            .unwrap();
    }
    assert!(child.wait().unwrap().success());
    git(&work, &["reset", "-q", "--hard", "compass/atlas/many"]);
    let v = fx
        .warden
        .check(&push(
            &AgentId::from_row(1),
            &work,
            "git push origin compass/atlas/many",
        ))
        .await;
    assert!(v.decision.is_flag(), "{v:?}");
}

/// Whole-worktree discards are resolved where the repository is: flagged
/// when they would destroy uncommitted work (or it cannot be known), not
/// when the worktree holds nothing to lose.
#[tokio::test]
async fn a_discard_is_flagged_only_when_the_worktree_has_work_to_lose() {
    let (_tmp, work) = repos();
    let fx = with_git(work.parent().unwrap());
    let decide = |n: i64, command: &str| {
        let req = push(&AgentId::from_row(n), &work, command);
        let warden = fx.warden.clone();
        async move { warden.check(&req).await.decision }
    };
    // Clean worktree: nothing to lose.
    for (n, c) in [
        (1, "git reset --hard"),
        (2, "git checkout -- ."),
        (3, "git clean -fdx"),
    ] {
        let d = decide(n, c).await;
        assert!(!d.is_flag(), "{c} on a clean worktree: {d:?}");
    }
    // A tracked change: reset and checkout would destroy it; clean would not.
    fs_err::write(work.join("README.md"), "# app, edited\n").unwrap();
    for (n, c) in [(4, "git reset --hard"), (5, "git checkout -- .")] {
        let d = decide(n, c).await;
        assert!(d.is_flag(), "{c} on a dirty worktree: {d:?}");
    }
    assert!(!decide(6, "git clean -fd").await.is_flag());
    // An untracked file: clean destroys it.
    git(&work, &["checkout", "-q", "--", "."]);
    fs_err::write(work.join("notes.txt"), "mine\n").unwrap();
    assert!(decide(7, "git clean -fdx").await.is_flag());
    assert!(!decide(8, "git reset --hard").await.is_flag());
    // An ignored file: only `-x` reaches it.
    fs_err::remove_file(work.join("notes.txt")).unwrap();
    fs_err::write(work.join(".git/info/exclude"), ".env\n").unwrap();
    fs_err::write(work.join(".env"), "TOKEN=x\n").unwrap();
    assert!(decide(9, "git clean -fdx").await.is_flag());
    assert!(!decide(10, "git clean -fd").await.is_flag());
    // Where the repository cannot be asked, the discard stays flagged.
    let none = super::support::fixture_with(
        WardenConfig {
            workspace: compass_warden::output::Workspace {
                roots: vec![work.parent().unwrap().to_string_lossy().into_owned()],
            },
            ..WardenConfig::default()
        },
        |_| {},
    );
    let d = none
        .warden
        .check(&push(&AgentId::from_row(11), &work, "git reset --hard"))
        .await
        .decision;
    assert!(d.is_flag(), "{d:?}");
}

/// The discard check reads the worktree, and the repository is the agent's:
/// a filter `.git/info/attributes` selects (git reads that file whatever
/// `attr.tree` and `core.attributesFile` say) and the repository's config
/// defines must never run, on either side, for any scope.
#[tokio::test]
async fn the_discard_check_runs_no_filter_the_repository_selects() {
    let (tmp, work) = repos();
    let marks = tmp.path().join("marks");
    fs_err::create_dir(&marks).unwrap();
    let m = |name: &str| format!("touch {}/{name}", marks.display());
    fs_err::write(
        work.join(".git/info/attributes"),
        "* filter=evil\nREADME.md filter=proc\n",
    )
    .unwrap();
    git(
        &work,
        &[
            "config",
            "filter.evil.clean",
            &format!("{}; cat", m("clean")),
        ],
    );
    git(
        &work,
        &[
            "config",
            "filter.evil.smudge",
            &format!("{}; cat", m("smudge")),
        ],
    );
    git(
        &work,
        &[
            "config",
            "filter.proc.process",
            &format!("sh -c '{}; exit 1'", m("process")),
        ],
    );
    // Stat-dirty (same content, another mtime), and a new file beside.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    fs_err::File::options()
        .write(true)
        .open(work.join("README.md"))
        .unwrap()
        .set_modified(old)
        .unwrap();
    fs_err::write(work.join("new.txt"), "new\n").unwrap();
    let agent = AgentId::from_row(1);
    let cwd = work.to_str().unwrap();
    for scope in [
        DiscardScope::Tracked,
        DiscardScope::Untracked { ignored: false },
        DiscardScope::Untracked { ignored: true },
    ] {
        let _ = discardable(&LocalGit, &agent, cwd, scope).await;
    }
    let ran: Vec<_> = fs_err::read_dir(&marks)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        ran.is_empty(),
        "git run for Warden ran the repository's filters: {ran:?}"
    );
    // It still answers: one untracked file, and a tracked one whose stat
    // changed counts as possibly changed (never as clean).
    assert!(
        discardable(
            &LocalGit,
            &agent,
            cwd,
            DiscardScope::Untracked { ignored: false }
        )
        .await
        .unwrap()
            >= 1
    );
}

#[test]
fn ci_configuration_a_patch_changes_is_named_from_gits_headers() {
    let diff = "commit 1\nAdd CI\n\
diff --git a/.github/workflows/build.yml b/.github/workflows/build.yml\n\
new file mode 100644\n--- /dev/null\n+++ b/.github/workflows/build.yml\n@@ -0,0 +1 @@\n+on: push\n\
diff --git a/.gitlab-ci.yml b/.gitlab-ci.yml\ndeleted file mode 100644\n--- a/.gitlab-ci.yml\n+++ /dev/null\n\
diff --git a/ci.yml b/.circleci/config.yml\nsimilarity index 100%\nrename from ci.yml\nrename to .circleci/config.yml\n\
diff --git \"a/.github/workflows/\\303\\251.yml\" \"b/.github/workflows/\\303\\251.yml\"\n--- \"a/.github/workflows/\\303\\251.yml\"\n+++ \"b/.github/workflows/\\303\\251.yml\"\n\
diff --git a/src/lib.rs b/src/lib.rs\n--- a/src/lib.rs\n+++ b/src/lib.rs\n+// .github/workflows/not-a-header.yml\n\
diff --git a/docs/.github/workflows/x.yml b/docs/.github/workflows/x.yml\n--- a/docs/.github/workflows/x.yml\n+++ b/docs/.github/workflows/x.yml\n";
    assert_eq!(
        compass_warden::git::ci_config_changes(diff),
        vec![
            ".github/workflows/build.yml".to_owned(),
            ".gitlab-ci.yml".to_owned(),
            ".circleci/config.yml".to_owned(),
            ".github/workflows/\\303\\251.yml".to_owned(),
        ]
    );
    assert!(compass_warden::git::ci_config_changes("+++ b/src/main.rs\n").is_empty());
    let more = "+++ b/Jenkinsfile\n+++ b/.drone.yml\n+++ b/ci/test.gitlab-ci.yml\n+++ b/.github/README.md\n";
    assert_eq!(
        compass_warden::git::ci_config_changes(more),
        vec![
            "Jenkinsfile".to_owned(),
            ".drone.yml".to_owned(),
            "ci/test.gitlab-ci.yml".to_owned(),
        ]
    );
}

/// `git` with `input` on stdin.
fn git_in(dir: &Path, args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("git")
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "git {args:?}");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// A relay repository as the daemon keeps one: the remote's refs fetched
/// under `refs/upstream/`, and whatever else an agent pushed into it.
fn relay_of(tmp: &Path, work: &Path) -> std::path::PathBuf {
    let relay = tmp.join("relay.git");
    git(tmp, &["init", "-q", "--bare", relay.to_str().unwrap()]);
    git(
        &relay,
        &[
            "fetch",
            "-q",
            work.to_str().unwrap(),
            "+refs/heads/main:refs/upstream/heads/main",
        ],
    );
    relay
}

async fn plan_of(
    relay: &Path,
    updates: &str,
) -> Result<compass_warden::git::PushPlan, compass_warden::WardenError> {
    let received = compass_warden::git::parse_received(updates)?;
    compass_warden::git::received_plan(
        &LocalGit,
        &AgentId::from_row(1),
        relay.to_str().unwrap(),
        &[],
        "app",
        "/remote",
        &received,
    )
    .await
}

const ZERO: &str = "0000000000000000000000000000000000000000";

/// The received updates are judged only when they are whole: a list that
/// does not end in a line break was cut (its last refname may be a
/// prefix), so it is refused, not judged on what arrived.
#[test]
fn received_updates_are_refused_unless_each_line_is_whole() {
    let sha = "1".repeat(40);
    let line = format!("{ZERO} {sha} refs/heads/compass/atlas/x\n");
    assert_eq!(compass_warden::git::parse_received(&line).unwrap().len(), 1);
    for bad in [
        line.trim_end().to_owned(),
        format!("{line}{ZERO} {sha} refs/heads/compass/atlas/cut"),
        format!("{ZERO} {sha} refs/heads/compass/atlas/x\r\n"),
        format!("{line}\n"),
        String::new(),
        "\n".to_owned(),
    ] {
        assert!(
            compass_warden::git::parse_received(&bad).is_err(),
            "{bad:?}"
        );
    }
}

/// What the remote lacks is read against the relay's fetched copy of the
/// remote (`refs/upstream/`), never every ref of the relay: a ref an
/// earlier push left in the relay unforwarded hides nothing from Warden.
#[tokio::test]
async fn a_ref_left_in_the_relay_hides_no_commit_from_the_received_plan() {
    let (tmp, work) = repos();
    let relay = relay_of(tmp.path(), &work);
    git(&work, &["checkout", "-q", "-b", "loot"]);
    commit(&work, "loot.env", "LOOT_MARKER=1\n", "loot");
    let loot = git(&work, &["rev-parse", "HEAD"]);
    // The loot reached the relay under a ref of its own, not forwarded.
    git(
        &work,
        &[
            "push",
            "-q",
            relay.to_str().unwrap(),
            "loot:refs/heads/compass/atlas/hidden",
        ],
    );
    let plan = plan_of(
        &relay,
        &format!("{ZERO} {loot} refs/heads/compass/atlas/out\n"),
    )
    .await
    .unwrap();
    assert!(plan.diff.contains("+LOOT_MARKER=1"), "{}", plan.diff);
    // A commit the remote has is nothing new: cleared with nothing read.
    let main = git(&work, &["rev-parse", "main"]);
    let plan = plan_of(
        &relay,
        &format!("{ZERO} {main} refs/heads/compass/atlas/same\n"),
    )
    .await
    .unwrap();
    assert!(plan.diff.is_empty(), "{}", plan.diff);
}

/// Only commits (and tags of commits) are pushed: `git log -p` of a tree
/// or blob prints nothing and succeeds, so a tree, a blob, or a tag of one
/// would leave unread. Every tag of a chain is read.
#[tokio::test]
async fn a_received_tree_blob_or_tag_of_one_is_refused_and_tags_of_commits_are_read() {
    let (tmp, work) = repos();
    let relay = relay_of(tmp.path(), &work);
    let blob = git_in(&relay, &["hash-object", "-w", "--stdin"], "LOOT_MARKER=1\n");
    let tree = git_in(
        &relay,
        &["mktree"],
        &format!("100644 blob {blob}\tloot.env\n"),
    );
    let tag = |object: &str, kind: &str, name: &str, message: &str| {
        git_in(
            &relay,
            &["mktag"],
            &format!(
                "object {object}\ntype {kind}\ntag {name}\ntagger t <t@example.com> 0 +0000\n\n{message}\n"
            ),
        )
    };
    let tag_of_blob = tag(&blob, "blob", "b", "a blob");
    let tag_of_tree = tag(&tree, "tree", "t", "a tree");
    let main = git(&work, &["rev-parse", "main"]);
    let inner = tag(&main, "commit", "inner", "INNER_TAG_TEXT");
    let outer = tag(&inner, "tag", "outer", "OUTER_TAG_TEXT");
    for (object, r) in [
        (&tree, "refs/x/loot"),
        (&blob, "refs/notes/loot"),
        (&tag_of_blob, "refs/tags/loot"),
        (&tag_of_tree, "refs/heads/compass/atlas/loot"),
    ] {
        let err = plan_of(&relay, &format!("{ZERO} {object} {r}\n"))
            .await
            .unwrap_err();
        assert!(err.to_string().contains("not a commit"), "{r}: {err}");
    }
    let plan = plan_of(&relay, &format!("{ZERO} {outer} refs/tags/v1\n"))
        .await
        .unwrap();
    assert!(
        plan.diff.contains("OUTER_TAG_TEXT") && plan.diff.contains("INNER_TAG_TEXT"),
        "{}",
        plan.diff
    );
}
