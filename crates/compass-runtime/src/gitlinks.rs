//! The submodule checkouts of an agent's clones, for Warden, which ranks
//! what the agent reads there as dependency code. They are the gitlink
//! entries (mode `160000`) of the commit each clone was made from, listed
//! by safe git (replace objects off) in the host-owned staging clone, after
//! `git clone` and before the rename into `work/`: nothing the agent wrote
//! is there yet, and it is the very commit the agent's checkout starts at
//! (a local repo's `HEAD`, a URL repo's default branch, as cloned).
//!
//! The lists are kept in the agent's state dir (Compass's own, never
//! mounted), so a restart or an adopted workload reuses them: the clone's
//! base does not move when the source repo or its remote does.
//!
//! Fail closed: a submodule left out would be read as the user's own code.
//! Only a clone whose `HEAD` names a branch that does not exist (an empty
//! repo or remote) has none; any other git failure fails the clone, and a
//! git that does not end within [`GIT_DEADLINE`] is killed.
//!
//! The listing is `ls-tree -r` of the whole tree, streamed
//! ([`compass_capture::records`]): only gitlink lines are kept, so a tree
//! of any size is listed, one line at a time of at most a path's length.
//! Reading `.gitmodules` and checking each path it names would be cheaper,
//! but it misses a gitlink with no `.gitmodules` entry (the agent can add
//! the entry and check the third party's code out there).

use crate::error::RuntimeError;
use compass_core::safe_git::{SafeGit, check_commit_id};
use compass_core::submodules::{MAX_SUBMODULE_PATH, MAX_SUBMODULES};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Longest one listing git may run: a stalled disk or a huge tree fails
/// the clone instead of holding the start forever.
pub const GIT_DEADLINE: Duration = Duration::from_secs(60);

/// The file in the state dir holding every clone's list.
const RECORD: &str = "submodules.json";

/// Largest record read back: every repo at Warden's full limits.
const RECORD_LIMIT: u64 = 64 * 1024 * 1024;

/// Git's mode for a gitlink (a submodule's commit).
const GITLINK: &[u8] = b"160000 ";

/// Longest `ls-tree -z` line read: `<mode> <type> <id>\t<path>` with the
/// longest path a submodule may have (a longer one cannot be checked out).
const LINE_LIMIT: usize = MAX_SUBMODULE_PATH + 128;

/// Bytes of a short git answer (a commit id, a ref name) read.
const ANSWER_LIMIT: usize = 4096;

/// One clone's base and the submodule paths in its tree.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloneGitlinks {
    /// The commit the clone was made from; `None` for an empty repo.
    pub commit: Option<String>,
    /// The gitlink paths, relative to the repo's root.
    pub paths: Vec<String>,
}

/// Every clone's list in the agent's state dir, by repo directory name.
pub type Recorded = BTreeMap<String, CloneGitlinks>;

/// The lists recorded for the agent whose state dir is `state_dir`; empty
/// when none was (a workload cloned before lists were kept).
pub fn recorded(state_dir: &Path) -> Result<Recorded, RuntimeError> {
    let path = record_path(state_dir);
    let file = match fs_err::File::open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Recorded::new()),
        Err(e) => return Err(RuntimeError::io("opening the submodule record", e)),
    };
    let mut bytes = Vec::new();
    file.take(RECORD_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RuntimeError::io("reading the submodule record", e))?;
    if bytes.len() as u64 > RECORD_LIMIT {
        return Err(invalid("it is larger than its limit".to_owned()));
    }
    serde_json::from_slice(&bytes).map_err(|e| invalid(e.to_string()))
}

/// Add `lists` to the record in `state_dir` (a repo listed again replaces
/// its old list).
pub(crate) fn record(state_dir: &Path, lists: Recorded) -> Result<(), RuntimeError> {
    let mut all = recorded(state_dir)?;
    all.extend(lists);
    let json = serde_json::to_vec(&all).map_err(|e| invalid(e.to_string()))?;
    crate::secret_env::write_host_file(&record_path(state_dir), &json)
}

fn record_path(state_dir: &Path) -> PathBuf {
    state_dir.join(RECORD)
}

fn invalid(why: String) -> RuntimeError {
    RuntimeError::Invalid {
        what: "submodule record",
        why,
    }
}

/// The base and gitlinks of the fresh, host-owned clone at `clone`.
pub(crate) async fn list(clone: &Path) -> Result<CloneGitlinks, String> {
    let Some(commit) = head(clone).await? else {
        return Ok(CloneGitlinks::default());
    };
    let paths = gitlinks(clone, &commit).await?;
    Ok(CloneGitlinks {
        commit: Some(commit),
        paths,
    })
}

/// The commit `HEAD` of the repository at `dir` names; `None` when it
/// names a branch that does not exist yet (nothing committed).
async fn head(dir: &Path) -> Result<Option<String>, String> {
    let resolved = ask(dir, &["rev-parse", "-q", "--verify", "HEAD^{commit}"]).await?;
    match resolved {
        Answer::Said(commit) => check_commit_id("HEAD", &commit)
            .map(Some)
            .map_err(|e| e.to_string()),
        // Also what a broken branch says: unborn only if HEAD names a
        // branch and no ref of exactly that name exists, broken or not.
        Answer::No => {
            let Answer::Said(branch) = ask(dir, &["symbolic-ref", "-q", "HEAD"]).await? else {
                return Err("its HEAD names no commit and no branch".to_owned());
            };
            let cmd = git(dir)?
                .args(["show-ref", "--exists"])
                .value("ref", &branch)
                .map_err(|e| e.to_string())?;
            let out = run(
                &cmd,
                compass_capture::capture(cmd.command().into(), None, ANSWER_LIMIT),
            )
            .await?;
            match out.status.code() {
                // git show-ref --exists: 2 is "no such ref".
                Some(2) => Ok(None),
                Some(0) => Err(format!(
                    "its HEAD branch {branch} does not name a commit (a broken ref?)"
                )),
                _ => Err(format!(
                    "git {} failed: {}",
                    cmd.display(),
                    String::from_utf8_lossy(&out.stderr).trim()
                )),
            }
        }
    }
}

/// What a short git question got: a line, or nothing (exit 1 or no
/// output, with nothing on stderr). Anything else is an error.
enum Answer {
    Said(String),
    No,
}

async fn ask(dir: &Path, args: &[&'static str]) -> Result<Answer, String> {
    let cmd = git(dir)?.args(args.iter().copied());
    let out = run(
        &cmd,
        compass_capture::capture(cmd.command().into(), None, ANSWER_LIMIT),
    )
    .await?;
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    match (out.status.code(), stdout.is_empty(), stderr.is_empty()) {
        _ if out.truncated => Err(format!("git {} printed too much", cmd.display())),
        (Some(0), false, _) => Ok(Answer::Said(stdout)),
        (Some(0 | 1), true, true) => Ok(Answer::No),
        _ => Err(format!("git {} failed: {stderr}", cmd.display())),
    }
}

/// `cmd`'s run, given at most [`GIT_DEADLINE`]: dropped on expiry, which
/// kills the child (`compass_capture` spawns it `kill_on_drop`).
async fn run<T>(
    cmd: &SafeGit,
    running: impl Future<Output = std::io::Result<T>>,
) -> Result<T, String> {
    match tokio::time::timeout(GIT_DEADLINE, running).await {
        Ok(done) => done.map_err(|e| format!("running git {}: {e}", cmd.display())),
        Err(_) => Err(format!(
            "git {} did not end within {} s and was stopped",
            cmd.display(),
            GIT_DEADLINE.as_secs()
        )),
    }
}

fn git(dir: &Path) -> Result<SafeGit, String> {
    SafeGit::in_dir(dir).map_err(|e| e.to_string())
}

/// Why a listing was refused.
#[derive(Debug)]
enum Refused {
    TooMany,
    NotUtf8,
}

/// The paths of the gitlinks in `commit`'s tree in the repository at
/// `dir`: `ls-tree -r -z` streamed, every other line dropped as read.
async fn gitlinks(dir: &Path, commit: &str) -> Result<Vec<String>, String> {
    let cmd = git(dir)?
        .args(["ls-tree", "-r", "-z", "--full-tree"])
        .value("commit", commit)
        .map_err(|e| e.to_string())?;
    let (mut found, mut refused) = (Vec::new(), None);
    let listing =
        compass_capture::records(
            cmd.command().into(),
            b'\0',
            LINE_LIMIT,
            |line| match gitlink(line) {
                None => ControlFlow::Continue(()),
                Some(_) if found.len() == MAX_SUBMODULES => {
                    refused = Some(Refused::TooMany);
                    ControlFlow::Break(())
                }
                Some(Ok(path)) => {
                    found.push(path.to_owned());
                    ControlFlow::Continue(())
                }
                Some(Err(_)) => {
                    refused = Some(Refused::NotUtf8);
                    ControlFlow::Break(())
                }
            },
        );
    let out = run(&cmd, listing).await?;
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    match (out.cut, refused) {
        (Some(compass_capture::Cut::LongRecord), _) => Err(format!(
            "its tree at {commit} holds a path longer than {MAX_SUBMODULE_PATH} bytes"
        )),
        (_, Some(Refused::TooMany)) => Err(format!(
            "its tree at {commit} holds more than {MAX_SUBMODULES} submodules (gitlinks); Warden keeps no more"
        )),
        (_, Some(Refused::NotUtf8)) => Err(format!(
            "its tree at {commit} holds a submodule whose path is not UTF-8"
        )),
        (Some(cut), None) => Err(format!("listing its tree at {commit} stopped: {cut:?}")),
        (None, None) if !out.status.success() => {
            Err(format!("its tree at {commit} cannot be listed: {stderr}"))
        }
        (None, None) => Ok(found),
    }
}

/// The path of a gitlink line of `ls-tree -z` (`<mode> <type>
/// <object>\t<path>`); `None` for any other entry.
fn gitlink(line: &[u8]) -> Option<Result<&str, std::str::Utf8Error>> {
    if !line.starts_with(GITLINK) {
        return None;
    }
    let tab = line.iter().position(|&b| b == b'\t')?;
    Some(std::str::from_utf8(&line[tab + 1..]))
}

#[cfg(test)]
mod tests {
    use super::{gitlink, list};
    use std::path::Path;

    fn git(dir: &Path, args: &[&str]) {
        let out = std::process::Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
    }

    #[tokio::test]
    async fn an_unborn_head_has_none_even_beside_a_branch_it_prefixes() {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q", "-b", "feat"]);
        assert_eq!(list(dir.path()).await.unwrap(), Default::default());
        // `feat/x` exists, `feat` (HEAD's) still does not.
        git(dir.path(), &["commit", "-q", "--allow-empty", "-m", "x"]);
        git(dir.path(), &["branch", "-m", "feat", "feat/x"]);
        git(dir.path(), &["symbolic-ref", "HEAD", "refs/heads/feat"]);
        assert_eq!(list(dir.path()).await.unwrap(), Default::default());
    }

    #[tokio::test]
    async fn a_broken_head_branch_is_an_error_not_an_empty_repo() {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q", "-b", "main"]);
        git(dir.path(), &["commit", "-q", "--allow-empty", "-m", "x"]);
        fs_err::write(dir.path().join(".git/refs/heads/main"), "not a commit\n").unwrap();
        let err = list(dir.path()).await.unwrap_err();
        assert!(err.contains("HEAD"), "{err}");
    }

    #[test]
    fn only_gitlink_entries_are_submodules() {
        let listing = "040000 tree 226f\tlibs\x00160000 commit c15b\tlibs/kit\x00100644 blob 4d59\tsrc/160000 x\x00160000 commit 9a9a\tthird party/ui";
        let paths: Vec<_> = listing
            .split('\0')
            .filter_map(|line| gitlink(line.as_bytes()))
            .map(Result::unwrap)
            .collect();
        assert_eq!(paths, ["libs/kit", "third party/ui"]);
        assert!(gitlink(b"160000 commit c15b\t\xff").unwrap().is_err());
    }
}
