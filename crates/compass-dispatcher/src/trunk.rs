//! Merge detection on trunk: a Compass-owned bare mirror of one project
//! repository's real remote, and the question "has this workstream's change
//! reached trunk?" answered from trunk's history, never from a PR's state.
//!
//! Only a tip the push relay forwarded counts ([`Forward`]: the commit, and
//! trunk as the relay saw it just before). The mirror fetches the remote's
//! `HEAD` (trunk) and branches; each watched workstream keeps three refs of
//! its own that no fetch prunes: `refs/compass/ws/<id>/tip` (the forwarded
//! tip), `.../base` (where it forked from trunk) and `.../after` (trunk at
//! the forward). A forward already on trunk has no change of its own and is
//! never watched, so an empty branch cannot look merged. A workstream has
//! landed when its tip is in trunk's history (fast-forward, or a merge
//! commit), or — judged against trunk commits made *after* the forward
//! only, so a branch that merely repeats a trunk commit's patch or tree
//! never counts — when every one of its commits has a patch-equivalent
//! there (rebase merge), when its whole change has the patch id of one of
//! them (squash merge, `git patch-id --stable`), or when trunk now holds
//! every path it changed exactly as it left them and did not at the
//! forward (tree comparison: a squash whose conflicts were resolved). A PR
//! closed without merging satisfies none.
//!
//! Git runs host-side through [`SafeGit`] on the mirror only (a Compass-owned
//! directory under the data dir): never on an agent's clone.

use crate::error::MergeError;
pub use compass_core::merge::Landed;
use compass_core::safe_git::{RemoteAuth, SafeGit};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long one git command may take (a fetch from a slow remote included).
const GIT_TIMEOUT: Duration = Duration::from_secs(60);
/// The most trunk commits searched for a squash's patch id.
const MAX_TRUNK_COMMITS: &str = "--max-count=5000";
/// Where trunk (the remote's `HEAD`) lands in the mirror.
const TRUNK: &str = "refs/compass/trunk";

/// What watching a workstream's forwarded tip found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Watch {
    /// Nothing was forwarded, or the mirror does not have it (yet).
    Unknown,
    /// What was forwarded has nothing that was not on trunk then, and no
    /// change of its own was ever forwarded: not watched.
    NothingOwn,
    /// Watched: the tip with the change, and where it forked.
    Watching { tip: String, base: String },
}

/// A push the relay forwarded to the real remote: the branch's new tip,
/// and the remote's trunk commit as the relay saw it just before (`None`
/// when it could not tell; then the mirror's trunk when it first sees the
/// forward stands in, which can only miss a merge, never invent one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forward {
    pub commit: String,
    pub trunk: Option<String>,
}

/// A Compass-owned mirror of one repository's real remote.
#[derive(Debug, Clone)]
pub struct Mirror {
    dir: PathBuf,
    remote: String,
    auth: Option<RemoteAuth>,
}

/// A watched workstream's own refs in the mirror.
struct WsRefs {
    tip: String,
    base: String,
    after: String,
}

impl WsRefs {
    /// The refs of workstream `ws`, its id made safe as one ref component.
    fn of(ws: &str) -> Result<Self, MergeError> {
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
        let at = |which: &str| format!("refs/compass/ws/{ws}/{which}");
        Ok(Self {
            tip: at("tip"),
            base: at("base"),
            after: at("after"),
        })
    }
}

/// A commit id as recorded (hex, full length): never a ref name or an
/// option, so a recorded value cannot name anything else in the mirror.
fn check_sha(sha: &str) -> Result<String, MergeError> {
    compass_core::safe_git::check_commit_id("commit", sha).map_err(|_| MergeError::BadName {
        field: "commit",
        value: sha.escape_debug().to_string(),
    })
}

/// What one git run printed, and whether it succeeded.
struct Out {
    ok: bool,
    stdout: Vec<u8>,
    stderr: String,
}

/// Run `cmd` with its output capped ([`compass_capture`]): the mirror
/// holds commits agents pushed, so a diff or tree listing can be as large
/// as they made it; a run cut at the cap is a failure, never half an answer.
async fn exec(cmd: &SafeGit, stdin: Option<&[u8]>) -> Result<Out, MergeError> {
    let command = tokio::process::Command::from(cmd.command());
    let run = compass_capture::capture(command, stdin, compass_capture::DEFAULT_LIMIT);
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
    if out.truncated {
        return Err(MergeError::Git {
            command: cmd.display(),
            stderr: format!("printed more than {} bytes", compass_capture::DEFAULT_LIMIT),
        });
    }
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
        auth: Option<RemoteAuth>,
    ) -> Result<Self, MergeError> {
        compass_core::safe_git::check_value("remote", remote.trim())?;
        let mirror = Self {
            dir: dir.to_owned(),
            remote: remote.trim().to_owned(),
            auth,
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
        if let Some(auth) = &self.auth {
            cmd = cmd.remote_auth(auth);
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

    /// Every commit in trunk's history (newest first, at most `max`), once
    /// fetched; empty before.
    pub async fn trunk_history(&self, max: u32) -> Result<Vec<String>, MergeError> {
        if self.trunk().await?.is_none() {
            return Ok(Vec::new());
        }
        let out = run(&self
            .git()?
            .args(["rev-list"])
            .flag_value("--max-count=", "max", &max.to_string())?
            .args([TRUNK]))
        .await?;
        Ok(out.lines().map(|l| l.trim().to_owned()).collect())
    }

    /// Trunk's commit, once fetched.
    pub async fn trunk(&self) -> Result<Option<String>, MergeError> {
        self.resolve(TRUNK).await
    }

    /// Look at workstream `ws`'s last forward after a refresh: a forwarded
    /// tip with a change not on trunk at the forward becomes the watched tip
    /// (a later forward moves it); one that was on trunk keeps the tip
    /// watched before (so a branch reset to trunk never makes its old change
    /// look merged). A tip the mirror lacks (the remote deleted the branch
    /// before any fetch) keeps what was watched.
    pub async fn watch(&self, ws: &str, forward: Option<&Forward>) -> Result<Watch, MergeError> {
        let refs = WsRefs::of(ws)?;
        let Some(trunk) = self.trunk().await? else {
            return Err(MergeError::NoTrunk {
                remote: self.remote.clone(),
            });
        };
        let watched = (
            self.resolve(&refs.tip).await?,
            self.resolve(&refs.base).await?,
        );
        let mut on_trunk = false;
        if let Some(f) = forward
            && let Some(now) = self.resolve(&check_sha(&f.commit)?).await?
        {
            if let (Some(tip), Some(base)) = &watched
                && *tip == now
            {
                return Ok(Watch::Watching {
                    tip: tip.clone(),
                    base: base.clone(),
                });
            }
            let after = match &f.trunk {
                Some(t) => self.resolve(&check_sha(t)?).await?.unwrap_or(trunk.clone()),
                None => trunk.clone(),
            };
            on_trunk = self.is_ancestor(&now, &after).await?;
            if !on_trunk {
                let base = run(&self
                    .git()?
                    .args(["merge-base"])
                    .value("commit", &now)?
                    .value("commit", &after)?)
                .await?
                .trim()
                .to_owned();
                if base.is_empty() {
                    return Err(MergeError::Unrelated {
                        commit: now.clone(),
                    });
                }
                self.set_ref(&refs.tip, &now).await?;
                self.set_ref(&refs.base, &base).await?;
                self.set_ref(&refs.after, &after).await?;
                return Ok(Watch::Watching { tip: now, base });
            }
        }
        match watched {
            (Some(tip), Some(base)) => Ok(Watch::Watching { tip, base }),
            _ if on_trunk => Ok(Watch::NothingOwn),
            _ => Ok(Watch::Unknown),
        }
    }

    /// Whether the watched change of `ws` (see [`Self::watch`]) is on trunk,
    /// and how.
    pub async fn landed(&self, ws: &str) -> Result<Option<Landed>, MergeError> {
        let refs = WsRefs::of(ws)?;
        let (Some(tip), Some(base), Some(trunk)) = (
            self.resolve(&refs.tip).await?,
            self.resolve(&refs.base).await?,
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
        // Watched before `after` was kept: only trunk's own history counts.
        let Some(after) = self.resolve(&refs.after).await? else {
            return Ok(None);
        };
        let since = self.patch_ids_of_log(&format!("{after}..{trunk}")).await?;
        if since.is_empty() {
            return Ok(None);
        }
        // Squash first: a one-commit branch squashed is also a replay of
        // its commits, and "squash" is what the user did.
        if self.squashed(&since, &tip, &base).await? {
            return Ok(Some(Landed::Squash));
        }
        if self.rebased(&since, &tip, &base).await? {
            return Ok(Some(Landed::Rebase));
        }
        if self.same_trees(&trunk, &after, &tip, &base).await? {
            return Ok(Some(Landed::Tree));
        }
        Ok(None)
    }

    /// Every commit of `base..tip` has a patch-equivalent among `since`.
    async fn rebased(
        &self,
        since: &BTreeMap<String, String>,
        tip: &str,
        base: &str,
    ) -> Result<bool, MergeError> {
        let own = self.patch_ids_of_log(&format!("{base}..{tip}")).await?;
        Ok(!own.is_empty() && own.keys().all(|id| since.contains_key(id)))
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

    /// Patch id → commit of each non-merge commit in `range`.
    async fn patch_ids_of_log(&self, range: &str) -> Result<BTreeMap<String, String>, MergeError> {
        let log = exec(
            &self
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
                .value("range", range)?,
            None,
        )
        .await?;
        if !log.ok {
            return Err(MergeError::Git {
                command: format!("log {range}"),
                stderr: log.stderr,
            });
        }
        if log.stdout.is_empty() {
            return Ok(BTreeMap::new());
        }
        self.patch_ids(&log.stdout).await
    }

    /// The branch's whole change (`base..tip` as one diff) has the patch id
    /// of one of `since`.
    async fn squashed(
        &self,
        since: &BTreeMap<String, String>,
        tip: &str,
        base: &str,
    ) -> Result<bool, MergeError> {
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
        Ok(since.contains_key(&change))
    }

    /// Trunk holds every path `base..tip` changed exactly as `tip` has it
    /// (absent where the branch deleted it), and trunk at the forward
    /// (`after`) did not: the match was made after the forward.
    async fn same_trees(
        &self,
        trunk: &str,
        after: &str,
        tip: &str,
        base: &str,
    ) -> Result<bool, MergeError> {
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
        let (at_tip, at_trunk, then) = (
            self.tree(tip).await?,
            self.tree(trunk).await?,
            self.tree(after).await?,
        );
        let now = paths.iter().all(|p| at_tip.get(*p) == at_trunk.get(*p));
        let before = paths.iter().all(|p| at_tip.get(*p) == then.get(*p));
        Ok(now && !before)
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
        assert_eq!(WsRefs::of("ws_3").unwrap().tip, "refs/compass/ws/ws_3/tip");
        assert_eq!(
            WsRefs::of("ws_3").unwrap().after,
            "refs/compass/ws/ws_3/after"
        );
        assert!(WsRefs::of("../x").is_err());
        assert!(WsRefs::of("").is_err());
        let sha = "0123456789abcdef0123456789ABCDEF01234567";
        assert_eq!(check_sha(sha).unwrap(), sha.to_ascii_lowercase());
        for bad in [
            "HEAD",
            "main",
            "-x",
            "0123",
            &format!("{sha}\n"),
            &"g".repeat(40),
        ] {
            assert!(check_sha(bad).is_err(), "{bad:?}");
        }
    }
}
