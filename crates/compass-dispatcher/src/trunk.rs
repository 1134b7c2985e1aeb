//! Merge detection on trunk: a Compass-owned bare mirror of one project
//! repository's real remote, and the question "has this workstream's change
//! reached trunk?" answered from trunk's history, never from a PR's state.
//!
//! The mirror fetches the remote's `HEAD` (trunk) and branches; each watched
//! workstream keeps two refs of its own that no fetch prunes:
//! `refs/compass/ws/<id>/tip` (the branch's last tip that was *not* yet on
//! trunk) and `.../base` (where it forked from trunk). A branch seen only
//! when it already sits on trunk has no change of its own and is never
//! watched, so an empty branch cannot look merged. A workstream has landed
//! when its tip is in trunk's history (fast-forward, or a merge commit), when
//! every one of its commits has a patch-equivalent on trunk (rebase merge,
//! `git cherry`), when its whole change has the patch id of one trunk commit
//! (squash merge, `git patch-id --stable`), or when trunk holds every path
//! it changed exactly as it left them (tree comparison: a squash whose
//! conflicts were resolved). A PR closed without merging satisfies none.
//!
//! Git runs host-side through [`SafeGit`] on the mirror only (a Compass-owned
//! directory under the data dir): never on an agent's clone.

use crate::error::MergeError;
pub use compass_core::merge::Landed;
use compass_core::safe_git::{CredentialHelper, SafeGit};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// How long one git command may take (a fetch from a slow remote included).
const GIT_TIMEOUT: Duration = Duration::from_secs(60);
/// The most trunk commits searched for a squash's patch id.
const MAX_TRUNK_COMMITS: &str = "--max-count=5000";
/// Where trunk (the remote's `HEAD`) lands in the mirror.
const TRUNK: &str = "refs/compass/trunk";

/// What watching a workstream's branch found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Watch {
    /// Neither the remote nor the mirror knows the branch yet.
    Unknown,
    /// The branch exists but has nothing that is not on trunk, and was
    /// never seen with a change of its own: not watched.
    NothingOwn,
    /// Watched: the tip with the change, and where it forked.
    Watching { tip: String, base: String },
}

/// A Compass-owned mirror of one repository's real remote.
#[derive(Debug, Clone)]
pub struct Mirror {
    dir: PathBuf,
    remote: String,
    credentials: Option<CredentialHelper>,
}

/// A workstream id made safe as one ref component.
fn ws_ref(ws: &str, which: &'static str) -> Result<String, MergeError> {
    let ok = !ws.is_empty()
        && ws.len() <= 64
        && ws
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !ok {
        return Err(MergeError::BadName {
            field: "workstream",
            value: ws.escape_debug().to_string(),
        });
    }
    Ok(format!("refs/compass/ws/{ws}/{which}"))
}

/// A branch name as the mirror's remote-tracking ref.
fn branch_ref(branch: &str) -> Result<String, MergeError> {
    let ok = !branch.is_empty()
        && branch.len() <= 200
        && !branch.starts_with(['-', '/'])
        && !branch.contains("..")
        && branch
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/_.-".contains(&b));
    if !ok {
        return Err(MergeError::BadName {
            field: "branch",
            value: branch.escape_debug().to_string(),
        });
    }
    Ok(format!("refs/remotes/origin/{branch}"))
}

/// What one git run printed, and whether it succeeded.
struct Out {
    ok: bool,
    stdout: Vec<u8>,
    stderr: String,
}

async fn exec(cmd: &SafeGit, stdin: Option<&[u8]>) -> Result<Out, MergeError> {
    let mut command = tokio::process::Command::from(cmd.command());
    command
        .kill_on_drop(true)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if stdin.is_some() {
        command.stdin(Stdio::piped());
    }
    let run = async {
        let mut child = command.spawn()?;
        if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
            // A closed pipe (git exited early) shows in its status.
            let _ = pipe.write_all(input).await;
        }
        child.wait_with_output().await
    };
    let out = tokio::time::timeout(GIT_TIMEOUT, run)
        .await
        .map_err(|_| MergeError::Git {
            command: cmd.display(),
            stderr: format!("no answer within {}s", GIT_TIMEOUT.as_secs()),
        })?
        .map_err(|source| MergeError::Io {
            context: format!("running git {}", cmd.display()),
            source,
        })?;
    Ok(Out {
        ok: out.status.success(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
    })
}

/// Run and require success; stdout as text.
async fn run(cmd: &SafeGit) -> Result<String, MergeError> {
    let out = exec(cmd, None).await?;
    if !out.ok {
        return Err(MergeError::Git {
            command: cmd.display(),
            stderr: out.stderr,
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

impl Mirror {
    /// The mirror at `dir` (made when missing) of `remote` (a path or URL
    /// git can fetch), authenticating to a forge through Compass's own
    /// credential helper when given.
    pub async fn open(
        dir: &Path,
        remote: &str,
        credentials: Option<CredentialHelper>,
    ) -> Result<Self, MergeError> {
        compass_core::safe_git::check_value("remote", remote.trim())?;
        let mirror = Self {
            dir: dir.to_owned(),
            remote: remote.trim().to_owned(),
            credentials,
        };
        if !dir.join("HEAD").is_file() {
            fs_err::create_dir_all(dir).map_err(|source| MergeError::Io {
                context: format!("creating {}", dir.display()),
                source,
            })?;
            run(&SafeGit::in_dir(dir)?.args(["init", "--quiet", "--bare"])).await?;
        }
        Ok(mirror)
    }

    fn git(&self) -> Result<SafeGit, MergeError> {
        Ok(SafeGit::in_dir(&self.dir)?)
    }

    /// Fetch trunk and the branches. Branch refs the remote deleted go
    /// (`--prune` covers only `refs/remotes/origin/*`); watched refs stay.
    pub async fn refresh(&self) -> Result<(), MergeError> {
        let mut cmd = self.git()?.allow_transports();
        if let Some(helper) = &self.credentials {
            cmd = cmd.credential_helper(helper);
        }
        let cmd = cmd
            .args(["fetch", "--quiet", "--prune", "--no-tags"])
            .value("remote", &self.remote)?
            .args([
                "+HEAD:refs/compass/trunk",
                "+refs/heads/*:refs/remotes/origin/*",
            ]);
        run(&cmd).await.map(drop)
    }

    async fn resolve(&self, name: &str) -> Result<Option<String>, MergeError> {
        let spec = format!("{name}^{{commit}}");
        let out = exec(
            &self
                .git()?
                .args(["rev-parse", "--verify", "--quiet"])
                .value("ref", &spec)?,
            None,
        )
        .await?;
        Ok(out
            .ok
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned()))
    }

    async fn is_ancestor(&self, a: &str, b: &str) -> Result<bool, MergeError> {
        let cmd = self
            .git()?
            .args(["merge-base", "--is-ancestor"])
            .value("commit", a)?
            .value("commit", b)?;
        let out = exec(&cmd, None).await?;
        match (out.ok, out.stderr.is_empty()) {
            (true, _) => Ok(true),
            (false, true) => Ok(false),
            (false, false) => Err(MergeError::Git {
                command: cmd.display(),
                stderr: out.stderr,
            }),
        }
    }

    async fn set_ref(&self, name: &str, sha: &str) -> Result<(), MergeError> {
        run(&self
            .git()?
            .args(["update-ref"])
            .value("ref", name)?
            .value("commit", sha)?)
        .await
        .map(drop)
    }

    /// Trunk's commit, once fetched.
    pub async fn trunk(&self) -> Result<Option<String>, MergeError> {
        self.resolve(TRUNK).await
    }

    /// Look at workstream `ws`'s `branch` after a refresh: a tip with a
    /// change not on trunk becomes the watched tip (a later push moves it);
    /// a branch that is on trunk keeps the tip watched before (so a branch
    /// reset to trunk never makes its old change look merged).
    pub async fn watch(&self, ws: &str, branch: &str) -> Result<Watch, MergeError> {
        let (tip_ref, base_ref) = (ws_ref(ws, "tip")?, ws_ref(ws, "base")?);
        let Some(trunk) = self.trunk().await? else {
            return Err(MergeError::NoTrunk {
                remote: self.remote.clone(),
            });
        };
        if let Some(now) = self.resolve(&branch_ref(branch)?).await?
            && !self.is_ancestor(&now, &trunk).await?
        {
            let base = run(&self
                .git()?
                .args(["merge-base"])
                .value("commit", &now)?
                .value("commit", &trunk)?)
            .await?
            .trim()
            .to_owned();
            if base.is_empty() {
                return Err(MergeError::Unrelated {
                    branch: branch.to_owned(),
                });
            }
            self.set_ref(&tip_ref, &now).await?;
            self.set_ref(&base_ref, &base).await?;
            return Ok(Watch::Watching { tip: now, base });
        }
        match (
            self.resolve(&tip_ref).await?,
            self.resolve(&base_ref).await?,
        ) {
            (Some(tip), Some(base)) => Ok(Watch::Watching { tip, base }),
            _ if self.resolve(&branch_ref(branch)?).await?.is_some() => Ok(Watch::NothingOwn),
            _ => Ok(Watch::Unknown),
        }
    }

    /// Whether the watched change of `ws` (see [`Self::watch`]) is on trunk,
    /// and how.
    pub async fn landed(&self, ws: &str) -> Result<Option<Landed>, MergeError> {
        let (Some(tip), Some(base), Some(trunk)) = (
            self.resolve(&ws_ref(ws, "tip")?).await?,
            self.resolve(&ws_ref(ws, "base")?).await?,
            self.trunk().await?,
        ) else {
            return Ok(None);
        };
        if tip == base {
            return Ok(None);
        }
        if self.is_ancestor(&tip, &trunk).await? {
            let line = run(&self
                .git()?
                .args(["rev-list", "--first-parent"])
                .value("range", &format!("{base}..{trunk}"))?)
            .await?;
            let ff = line.lines().any(|l| l.trim() == tip);
            return Ok(Some(if ff {
                Landed::FastForward
            } else {
                Landed::MergeCommit
            }));
        }
        // Squash first: a one-commit branch squashed is also a replay of
        // its commits, and "squash" is what the user did.
        if self.squashed(&trunk, &tip, &base).await? {
            return Ok(Some(Landed::Squash));
        }
        if self.rebased(&trunk, &tip, &base).await? {
            return Ok(Some(Landed::Rebase));
        }
        if self.same_trees(&trunk, &tip, &base).await? {
            return Ok(Some(Landed::Tree));
        }
        Ok(None)
    }

    /// Every commit of `base..tip` has a patch-equivalent on trunk.
    async fn rebased(&self, trunk: &str, tip: &str, base: &str) -> Result<bool, MergeError> {
        let out = run(&self
            .git()?
            .args(["cherry"])
            .value("upstream", trunk)?
            .value("head", tip)?
            .value("limit", base)?)
        .await?;
        let marks: Vec<&str> = out.lines().filter_map(|l| l.get(..1)).collect();
        Ok(!marks.is_empty() && marks.iter().all(|m| *m == "-"))
    }

    /// Stable patch ids of what git printed, each with the commit it names
    /// (or the zero id for a bare diff).
    async fn patch_ids(&self, patches: &[u8]) -> Result<BTreeMap<String, String>, MergeError> {
        let cmd = self.git()?.args(["patch-id", "--stable"]);
        let out = exec(&cmd, Some(patches)).await?;
        if !out.ok {
            return Err(MergeError::Git {
                command: cmd.display(),
                stderr: out.stderr,
            });
        }
        Ok(String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_once(' '))
            .map(|(id, commit)| (id.to_owned(), commit.to_owned()))
            .collect())
    }

    /// The branch's whole change (`base..tip` as one diff) has the patch id
    /// of a trunk commit made after the fork.
    async fn squashed(&self, trunk: &str, tip: &str, base: &str) -> Result<bool, MergeError> {
        let diff = exec(
            &self
                .git()?
                .args(["diff", "--full-index", "--no-renames"])
                .value("base", base)?
                .value("tip", tip)?,
            None,
        )
        .await?;
        if !diff.ok || diff.stdout.is_empty() {
            return Ok(false);
        }
        let Some(change) = self.patch_ids(&diff.stdout).await?.into_keys().next() else {
            return Ok(false);
        };
        let log = run(&self
            .git()?
            .args([
                "log",
                "-p",
                "--no-merges",
                "--full-index",
                "--no-renames",
                "--no-decorate",
                "--pretty=medium",
                MAX_TRUNK_COMMITS,
            ])
            .value("range", &format!("{base}..{trunk}"))?)
        .await?;
        Ok(self.patch_ids(log.as_bytes()).await?.contains_key(&change))
    }

    /// Trunk holds every path `base..tip` changed exactly as `tip` has it
    /// (absent where the branch deleted it).
    async fn same_trees(&self, trunk: &str, tip: &str, base: &str) -> Result<bool, MergeError> {
        let changed = run(&self
            .git()?
            .args(["diff", "--name-only", "-z", "--no-renames"])
            .value("base", base)?
            .value("tip", tip)?)
        .await?;
        let paths: BTreeSet<&str> = changed.split('\0').filter(|p| !p.is_empty()).collect();
        if paths.is_empty() {
            return Ok(false);
        }
        let (at_tip, at_trunk) = (self.tree(tip).await?, self.tree(trunk).await?);
        Ok(paths.iter().all(|p| at_tip.get(*p) == at_trunk.get(*p)))
    }

    /// Path → `mode object` of every file in `commit`'s tree.
    async fn tree(&self, commit: &str) -> Result<BTreeMap<String, String>, MergeError> {
        let listing = run(&self
            .git()?
            .args(["ls-tree", "-r", "-z", "--full-tree"])
            .value("commit", commit)?)
        .await?;
        Ok(listing
            .split('\0')
            .filter_map(|entry| {
                let (meta, path) = entry.split_once('\t')?;
                let mut parts = meta.split(' ');
                let (mode, _kind, object) = (parts.next()?, parts.next()?, parts.next()?);
                Some((path.to_owned(), format!("{mode} {object}")))
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_refs_only_when_safe() {
        assert_eq!(ws_ref("ws_3", "tip").unwrap(), "refs/compass/ws/ws_3/tip");
        assert!(ws_ref("../x", "tip").is_err());
        assert!(ws_ref("", "tip").is_err());
        assert_eq!(
            branch_ref("compass/atlas/demo-1").unwrap(),
            "refs/remotes/origin/compass/atlas/demo-1"
        );
        for bad in ["-x", "/x", "a..b", "a b", "a\nb", "a~1", "a^", "a:b", ""] {
            assert!(branch_ref(bad).is_err(), "{bad:?}");
        }
    }
}
