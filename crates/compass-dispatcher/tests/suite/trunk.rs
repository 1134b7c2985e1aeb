//! Merge detection against a local bare "forge" repository: each way work
//! lands on trunk (fast-forward, merge commit, rebase, squash — also of a
//! branch that merged trunk into itself — and by hand in other commits) is
//! detected, and a branch closed without merging, a partly applied one, an
//! empty branch, a branch reset to trunk, a branch that only repeats a trunk
//! commit's patch or tree, or a branch the relay never forwarded never is.

use compass_dispatcher::{Forward, Landed, Mirror, Watch};
use compass_test_support::git::git;
use std::path::PathBuf;
use std::sync::Mutex;

const BRANCH: &str = "compass/atlas/demo-1";

/// A bare forge with one commit on `main`, a clone of it (the user's and
/// the agent's side both, for the test), and a mirror of the forge.
struct Forge {
    _dir: tempfile::TempDir,
    work: PathBuf,
    mirror: Mirror,
    /// What the relay forwarded last (the tests' pushes of the branch).
    forward: Mutex<Option<Forward>>,
}

impl Forge {
    async fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let bare = dir.path().join("forge.git");
        git(dir.path(), &["init", "-q", "--bare", "forge.git"]);
        git(dir.path(), &["clone", "-q", "forge.git", "work"]);
        let work = dir.path().join("work");
        fs_err::write(work.join("README.md"), "# app\n").unwrap();
        fs_err::write(work.join("lib.rs"), "fn a() {}\n\nfn b() {}\n").unwrap();
        git(&work, &["add", "-A"]);
        git(&work, &["commit", "-qm", "init"]);
        git(&work, &["push", "-q", "origin", "HEAD:main"]);
        let mirror = Mirror::open(
            &dir.path().join("mirror/app.git"),
            bare.to_str().unwrap(),
            None,
        )
        .await
        .unwrap();
        Self {
            _dir: dir,
            work,
            mirror,
            forward: Mutex::new(None),
        }
    }

    fn commit(&self, file: &str, text: &str, msg: &str) {
        fs_err::write(self.work.join(file), text).unwrap();
        git(&self.work, &["add", "-A"]);
        git(&self.work, &["commit", "-qm", msg]);
    }

    /// The agent's work: a branch with two commits, pushed.
    fn agent_work(&self) {
        git(&self.work, &["checkout", "-qb", BRANCH, "main"]);
        self.commit("feature.rs", "fn feature() {}\n", "feature");
        self.commit("lib.rs", "fn a() { 1 }\n\nfn b() {}\n", "lib a");
        self.forward_branch(BRANCH);
        git(&self.work, &["checkout", "-q", "main"]);
    }

    /// Push `rev` as the branch through "the relay": recorded as forwarded,
    /// with the forge's trunk just before.
    fn forward_branch(&self, rev: &str) {
        let trunk = git(&self.work, &["ls-remote", "origin", "refs/heads/main"]);
        let commit = git(&self.work, &["rev-parse", &format!("{rev}^{{commit}}")]);
        git(
            &self.work,
            &[
                "push",
                "-q",
                "-f",
                "origin",
                &format!("{rev}:refs/heads/{BRANCH}"),
            ],
        );
        *self.forward.lock().unwrap() = Some(Forward {
            commit,
            trunk: trunk.split_whitespace().next().map(str::to_owned),
        });
    }

    /// Someone else moves trunk meanwhile.
    fn trunk_moves(&self) {
        git(&self.work, &["checkout", "-q", "main"]);
        self.commit("README.md", "# app\n\nmore\n", "docs");
        git(&self.work, &["push", "-q", "origin", "main"]);
    }

    fn push_main(&self) {
        git(&self.work, &["push", "-q", "origin", "main"]);
    }

    /// The forge deletes the head branch (GitHub does after a merge).
    fn delete_branch(&self) {
        git(&self.work, &["push", "-q", "origin", "--delete", BRANCH]);
    }

    async fn watch(&self) -> Watch {
        self.mirror.refresh().await.unwrap();
        let forward = self.forward.lock().unwrap().clone();
        self.mirror.watch("ws_1", forward.as_ref()).await.unwrap()
    }

    async fn landed(&self) -> Option<Landed> {
        self.watch().await;
        self.mirror.landed("ws_1").await.unwrap()
    }
}

#[tokio::test]
async fn a_fast_forward_is_merged() {
    let f = Forge::new().await;
    f.agent_work();
    assert!(matches!(f.watch().await, Watch::Watching { .. }));
    assert_eq!(f.landed().await, None, "pushed is not merged");
    git(&f.work, &["merge", "-q", "--ff-only", BRANCH]);
    f.push_main();
    assert_eq!(f.landed().await, Some(Landed::FastForward));
}

#[tokio::test]
async fn a_merge_commit_is_merged() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    f.trunk_moves();
    git(
        &f.work,
        &["merge", "-q", "--no-ff", "-m", "Merge pull request", BRANCH],
    );
    f.push_main();
    assert_eq!(f.landed().await, Some(Landed::MergeCommit));
}

#[tokio::test]
async fn a_rebase_merge_is_merged_though_every_commit_is_new() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    f.trunk_moves();
    git(&f.work, &["checkout", "-qb", "rebased", BRANCH]);
    git(&f.work, &["rebase", "-q", "main"]);
    git(&f.work, &["checkout", "-q", "main"]);
    git(&f.work, &["merge", "-q", "--ff-only", "rebased"]);
    f.push_main();
    f.delete_branch();
    assert_eq!(f.landed().await, Some(Landed::Rebase));
}

#[tokio::test]
async fn a_squash_merge_with_the_branch_deleted_is_merged() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    f.trunk_moves();
    git(&f.work, &["merge", "-q", "--squash", BRANCH]);
    git(&f.work, &["commit", "-qm", "Squashed PR (#1)"]);
    f.push_main();
    f.delete_branch();
    assert_eq!(f.landed().await, Some(Landed::Squash));
}

#[tokio::test]
async fn a_change_landed_in_other_commits_is_merged_by_its_trees() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    f.trunk_moves();
    // The user lands the branch's change by hand, cut differently: neither
    // one commit with its whole patch nor a replay of its commits.
    f.commit("feature.rs", "fn feature() {{}}\n", "feature (typo)");
    f.commit("feature.rs", "fn feature() {}\n", "fix feature");
    f.commit("lib.rs", "fn a() { 1 }\n\nfn b() {}\n", "lib a");
    f.push_main();
    f.delete_branch();
    assert_eq!(f.landed().await, Some(Landed::Tree));
}

#[tokio::test]
async fn a_squash_of_a_branch_seen_after_it_merged_trunk_is_a_squash() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    f.trunk_moves();
    git(&f.work, &["checkout", "-q", BRANCH]);
    git(
        &f.work,
        &["merge", "-q", "--no-ff", "-m", "sync trunk", "main"],
    );
    f.forward_branch(BRANCH);
    git(&f.work, &["checkout", "-q", "main"]);
    // Seen: the fork moves up to trunk, so the squash is the branch's diff.
    f.watch().await;
    git(&f.work, &["merge", "-q", "--squash", BRANCH]);
    git(&f.work, &["commit", "-qm", "Squashed PR (#1)"]);
    f.push_main();
    assert_eq!(f.landed().await, Some(Landed::Squash));
}

#[tokio::test]
async fn a_branch_closed_without_merging_is_not_merged() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    f.trunk_moves();
    // Trunk gets a different change to the same file, and more.
    f.commit("lib.rs", "fn a() { 2 }\n\nfn b() {}\n", "someone else's a");
    f.push_main();
    f.delete_branch();
    assert_eq!(f.landed().await, None);
    // Still watched: its change is kept, and still not on trunk.
    assert!(matches!(f.watch().await, Watch::Watching { .. }));
}

#[tokio::test]
async fn a_partly_applied_branch_is_not_merged() {
    let f = Forge::new().await;
    f.agent_work();
    f.watch().await;
    // Only the first of the two commits is cherry-picked to trunk.
    let first = git(&f.work, &["rev-parse", &format!("{BRANCH}~1")]);
    git(&f.work, &["cherry-pick", &first]);
    f.push_main();
    assert_eq!(f.landed().await, None);
}

#[tokio::test]
async fn an_empty_branch_and_a_branch_reset_to_trunk_never_look_merged() {
    let f = Forge::new().await;
    assert_eq!(f.watch().await, Watch::Unknown);
    f.forward_branch("main");
    assert_eq!(f.watch().await, Watch::NothingOwn);
    assert_eq!(f.landed().await, None);
    // Work is pushed, then the branch is reset to trunk: its change is
    // still the watched one, and it is not on trunk.
    f.agent_work();
    f.watch().await;
    f.forward_branch("main");
    assert_eq!(f.landed().await, None);
}

#[tokio::test]
async fn a_branch_repeating_a_trunk_commits_patch_or_tree_is_not_merged() {
    let f = Forge::new().await;
    // Trunk gains a commit; the agent's branch, forked before it, repeats
    // its patch exactly (a squash's patch id, a rebase's commits).
    f.commit("feature.rs", "fn feature() {}\n", "someone's feature");
    f.push_main();
    git(&f.work, &["checkout", "-qb", BRANCH, "main~1"]);
    f.commit("feature.rs", "fn feature() {}\n", "the same patch");
    f.forward_branch(BRANCH);
    git(&f.work, &["checkout", "-q", "main"]);
    assert!(matches!(f.watch().await, Watch::Watching { .. }));
    assert_eq!(f.landed().await, None);
    // Trunk moving on with something else does not make it count.
    f.trunk_moves();
    assert_eq!(f.landed().await, None);

    // Trunk changes two paths in one commit; the branch repeats one of
    // them as trunk has it (every path it changed matches trunk's tree).
    f.commit("lib.rs", "fn a() { 3 }\n\nfn b() {}\n", "a");
    fs_err::write(f.work.join("README.md"), "# app\n\nnew\n").unwrap();
    f.commit("lib.rs", "fn a() { 4 }\n\nfn b() {}\n", "lib and docs");
    f.push_main();
    git(&f.work, &["checkout", "-q", BRANCH]);
    f.commit("lib.rs", "fn a() { 4 }\n\nfn b() {}\n", "the same lib");
    f.forward_branch(BRANCH);
    git(&f.work, &["checkout", "-q", "main"]);
    assert_eq!(f.landed().await, None);
}

#[tokio::test]
async fn a_branch_the_relay_never_forwarded_is_not_watched() {
    let f = Forge::new().await;
    git(&f.work, &["checkout", "-qb", BRANCH, "main"]);
    f.commit("feature.rs", "fn feature() {}\n", "feature");
    git(&f.work, &["push", "-q", "origin", BRANCH]);
    git(&f.work, &["checkout", "-q", "main"]);
    git(&f.work, &["merge", "-q", "--ff-only", BRANCH]);
    f.push_main();
    assert_eq!(f.watch().await, Watch::Unknown);
    assert_eq!(f.landed().await, None);
}

#[tokio::test]
async fn bad_names_and_an_empty_remote_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q", "--bare", "empty.git"]);
    let mirror = Mirror::open(
        &dir.path().join("m.git"),
        dir.path().join("empty.git").to_str().unwrap(),
        None,
    )
    .await
    .unwrap();
    let err = mirror.refresh().await.unwrap_err().to_string();
    assert!(err.contains("fetch"), "{err}");
    let err = mirror.watch("ws_1", None).await.unwrap_err().to_string();
    assert!(err.contains("no HEAD"), "{err}");
    let err = mirror.watch("../x", None).await.unwrap_err().to_string();
    assert!(err.contains("workstream"), "{err}");
    assert!(
        Mirror::open(&dir.path().join("n.git"), "--upload-pack=x", None)
            .await
            .is_err()
    );
}
