//! Resolving a `git push` into what it would really do: the ref-update plan
//! (old/new SHAs, force, delete, mirror, protected refs) and the diff of the
//! commit range that leaves the machine.
//!
//! Git must run where the agent's repository is — inside its workload — so
//! Warden only sees a [`GitInspector`]: "run git with these arguments in this
//! directory". The daemon implements it over the workload's exec;
//! [`LocalGit`] runs the real `git` binary for tests and host workloads.

use crate::error::WardenError;
use compass_core::id::AgentId;
use std::future::Future;
use std::pin::Pin;

/// What one git invocation printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitOutput {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
}

/// A boxed future, so the trait stays object-safe.
pub type GitFuture<'a> = Pin<Box<dyn Future<Output = Result<GitOutput, WardenError>> + Send + 'a>>;

/// Runs read-only git commands in the agent's repository.
pub trait GitInspector: Send + Sync + std::fmt::Debug {
    fn git<'a>(&'a self, agent: &'a AgentId, cwd: &'a str, args: &'a [&'a str]) -> GitFuture<'a>;
}

/// Runs the host's `git` in the given directory.
#[derive(Debug, Default, Clone)]
pub struct LocalGit;

impl GitInspector for LocalGit {
    fn git<'a>(&'a self, _agent: &'a AgentId, cwd: &'a str, args: &'a [&'a str]) -> GitFuture<'a> {
        Box::pin(async move {
            let out = tokio::process::Command::new("git")
                .args(args)
                .current_dir(cwd)
                .env("GIT_TERMINAL_PROMPT", "0")
                .env("GIT_ASKPASS", "true")
                .stdin(std::process::Stdio::null())
                .output()
                .await
                .map_err(|e| WardenError::Git(format!("running git in {cwd}: {e}")))?;
            Ok(GitOutput {
                success: out.status.success(),
                stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            })
        })
    }
}

/// One ref the push would change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefUpdate {
    /// Local source (`refs/heads/x` or a SHA); empty for a delete.
    pub src: String,
    /// Remote ref it lands on (`refs/heads/main`).
    pub dst: String,
    /// The remote's current SHA, if the ref exists there.
    pub old: Option<String>,
    /// The SHA that would land; `None` for a delete.
    pub new: Option<String>,
    pub force: bool,
    pub delete: bool,
    /// The update is not a fast-forward (history is rewritten), or the old
    /// commit is unknown locally so it cannot be shown to be one.
    pub non_fast_forward: bool,
}

/// What a push would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushPlan {
    pub remote: String,
    /// The remote's URL (or path).
    pub url: String,
    /// The remote was given as a URL rather than a configured name.
    pub ad_hoc_remote: bool,
    /// `ls-remote` failed, so the old SHAs are the last-known
    /// remote-tracking refs rather than the remote's own.
    pub remote_unreachable: bool,
    pub mirror: bool,
    pub all: bool,
    pub tags: bool,
    pub updates: Vec<RefUpdate>,
    /// `git diff` of everything the push sends, bounded.
    pub diff: String,
    pub diff_truncated: bool,
}

/// Bound on the diff Warden reads for one push.
pub const MAX_DIFF_BYTES: usize = 2 * 1024 * 1024;
const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/// One repository in one agent's workload.
#[derive(Clone, Copy)]
struct Repo<'a> {
    g: &'a dyn GitInspector,
    agent: &'a AgentId,
    cwd: &'a str,
}

impl Repo<'_> {
    async fn git(&self, args: &[&str]) -> Result<GitOutput, WardenError> {
        self.g.git(self.agent, self.cwd, args).await
    }

    async fn run(&self, args: &[&str]) -> Result<String, WardenError> {
        let out = self.git(args).await?;
        if !out.success {
            return Err(WardenError::Git(format!(
                "git {} failed: {}",
                args.join(" "),
                out.stderr.trim()
            )));
        }
        Ok(out.stdout)
    }

    async fn try_run(&self, args: &[&str]) -> Option<String> {
        self.run(args).await.ok()
    }
}

/// Resolve `git push <args>` run in `cwd` into its plan.
pub async fn resolve_push(
    g: &dyn GitInspector,
    agent: &AgentId,
    cwd: &str,
    args: &[String],
) -> Result<PushPlan, WardenError> {
    let repo = Repo { g, agent, cwd };
    let mut force = false;
    let mut delete = false;
    let mut mirror = false;
    let mut all = false;
    let mut tags = false;
    let mut positional: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-f" | "--force" | "--force-if-includes" => force = true,
            s if s.starts_with("--force-with-lease") => force = true,
            "-d" | "--delete" => delete = true,
            "--mirror" => mirror = true,
            "--all" | "--branches" => all = true,
            "--tags" | "--follow-tags" => tags = true,
            "-o" | "--push-option" | "--repo" | "--receive-pack" | "--exec" => i += 1,
            "--" => {}
            s if s.starts_with('-') => {
                // Combined short flags such as -fu.
                if !s.starts_with("--") && s.contains('f') {
                    force = true;
                }
                if !s.starts_with("--") && s.contains('d') {
                    delete = true;
                }
            }
            s => positional.push(s),
        }
        i += 1;
    }

    let branch = repo
        .try_run(&["symbolic-ref", "--quiet", "--short", "HEAD"])
        .await
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    let remote = match positional.first() {
        Some(r) => (*r).to_string(),
        None => {
            let mut r = String::new();
            if !branch.is_empty() {
                for key in [
                    format!("branch.{branch}.pushRemote"),
                    "remote.pushDefault".to_string(),
                    format!("branch.{branch}.remote"),
                ] {
                    if let Some(v) = repo.try_run(&["config", "--get", &key]).await {
                        r = v.trim().to_string();
                        break;
                    }
                }
            }
            if r.is_empty() {
                "origin".to_string()
            } else {
                r
            }
        }
    };
    let configured_url = repo
        .try_run(&["remote", "get-url", "--push", &remote])
        .await;
    let ad_hoc_remote = configured_url.is_none();
    let url = configured_url
        .map(|u| u.trim().to_string())
        .unwrap_or_else(|| remote.clone());

    // The remote's refs as they are now; when it cannot be reached (no
    // network in the workload, a path outside it) the last-known
    // remote-tracking refs stand in, and the plan says so.
    let (remote_refs, remote_unreachable) = match repo.run(&["ls-remote", &remote]).await {
        Ok(listing) => (parse_ls_remote(&listing), false),
        Err(_) if !ad_hoc_remote => (tracking_refs(repo, &remote).await?, true),
        Err(e) => return Err(e),
    };
    let remote_sha = |dst: &str| {
        remote_refs
            .iter()
            .find(|(n, _)| n == dst)
            .map(|(_, s)| s.clone())
    };

    let mut specs: Vec<String> = positional
        .iter()
        .skip(1)
        .map(|s| (*s).to_string())
        .collect();
    if mirror || all {
        let pattern = if mirror { "refs/" } else { "refs/heads/" };
        let list = repo
            .run(&["for-each-ref", "--format=%(refname)", pattern])
            .await?;
        specs = list
            .lines()
            .filter(|r| !r.starts_with("refs/remotes/"))
            .map(|r| format!("{r}:{r}"))
            .collect();
        if mirror {
            // A mirror push also deletes remote refs that do not exist here.
            for (name, _) in &remote_refs {
                if name.starts_with("refs/")
                    && !name.ends_with("^{}")
                    && !list.lines().any(|l| l == name)
                {
                    specs.push(format!(":{name}"));
                }
            }
            force = true;
        }
    }
    if specs.is_empty() {
        if branch.is_empty() {
            return Err(WardenError::Git("no refspec and HEAD is detached".into()));
        }
        let upstream = repo
            .try_run(&["config", "--get", &format!("branch.{branch}.merge")])
            .await
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| format!("refs/heads/{branch}"));
        specs.push(format!("refs/heads/{branch}:{upstream}"));
    }

    let mut updates = Vec::new();
    for spec in specs {
        let (plus, spec) = match spec.strip_prefix('+') {
            Some(s) => (true, s.to_string()),
            None => (false, spec),
        };
        let (src, dst) = match spec.split_once(':') {
            Some((s, d)) => (s.to_string(), d.to_string()),
            None => (spec.clone(), spec.clone()),
        };
        let is_delete = delete || src.is_empty();
        let src_name = if is_delete && delete && !spec.contains(':') {
            String::new()
        } else {
            src.clone()
        };
        let dst_full = full_remote_ref(repo, &dst, &src_name).await;
        let old = remote_sha(&dst_full);
        let new = if is_delete {
            None
        } else {
            Some(
                repo.run(&["rev-parse", "--verify", &format!("{src_name}^{{commit}}")])
                    .await?
                    .trim()
                    .to_string(),
            )
        };
        let mut non_ff = false;
        if let (Some(o), Some(n)) = (&old, &new)
            && o != n
        {
            let known = repo
                .git(&["cat-file", "-e", &format!("{o}^{{commit}}")])
                .await
                .is_ok_and(|o| o.success);
            non_ff = !known
                || !repo
                    .git(&["merge-base", "--is-ancestor", o, n])
                    .await
                    .is_ok_and(|o| o.success);
        }
        updates.push(RefUpdate {
            src: src_name,
            dst: dst_full,
            old,
            new,
            force: force || plus,
            delete: is_delete,
            non_fast_forward: non_ff,
        });
    }

    // The diff of what leaves: for each update, from the remote's old commit
    // (or the nearest commit the remote already has) to the new one.
    let mut diff = String::new();
    let mut truncated = false;
    for u in &updates {
        let Some(new) = &u.new else { continue };
        let base = match &u.old {
            Some(o)
                if repo
                    .git(&["cat-file", "-e", &format!("{o}^{{commit}}")])
                    .await
                    .is_ok_and(|x| x.success) =>
            {
                repo.try_run(&["merge-base", o, new])
                    .await
                    .map(|s| s.trim().to_string())
            }
            _ => None,
        };
        let base = match base {
            Some(b) if !b.is_empty() => b,
            _ => {
                // New ref: diff from the parent of the oldest commit no
                // remote-tracking ref has yet, else from the empty tree.
                let fresh = repo
                    .try_run(&[
                        "rev-list",
                        "--topo-order",
                        "--reverse",
                        new,
                        "--not",
                        "--remotes",
                    ])
                    .await;
                match fresh
                    .as_deref()
                    .and_then(|s| s.lines().next())
                    .map(str::to_string)
                {
                    Some(oldest) => repo
                        .try_run(&["rev-parse", "--verify", "--quiet", &format!("{oldest}^")])
                        .await
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .unwrap_or_else(|| EMPTY_TREE.to_string()),
                    None => new.clone(),
                }
            }
        };
        if &base == new {
            continue;
        }
        let d = repo
            .run(&["diff", "--no-color", "--no-ext-diff", &base, new])
            .await?;
        diff.push_str(&d);
        if diff.len() > MAX_DIFF_BYTES {
            let mut cut = MAX_DIFF_BYTES;
            while !diff.is_char_boundary(cut) {
                cut -= 1;
            }
            diff.truncate(cut);
            truncated = true;
            break;
        }
    }

    Ok(PushPlan {
        remote,
        url,
        ad_hoc_remote,
        remote_unreachable,
        mirror,
        all,
        tags,
        updates,
        diff,
        diff_truncated: truncated,
    })
}

/// `(ref, sha)` pairs from `git ls-remote` output.
fn parse_ls_remote(listing: &str) -> Vec<(String, String)> {
    listing
        .lines()
        .filter_map(|l| {
            let (sha, name) = l.split_once('\t')?;
            Some((name.trim().to_string(), sha.trim().to_string()))
        })
        .collect()
}

/// The remote's refs as this clone last saw them: `refs/remotes/<remote>/x`
/// stands for the remote's `refs/heads/x`.
async fn tracking_refs(repo: Repo<'_>, remote: &str) -> Result<Vec<(String, String)>, WardenError> {
    let prefix = format!("refs/remotes/{remote}/");
    let listing = repo
        .run(&["for-each-ref", "--format=%(objectname) %(refname)", &prefix])
        .await?;
    Ok(listing
        .lines()
        .filter_map(|l| {
            let (sha, name) = l.split_once(' ')?;
            let branch = name.strip_prefix(&prefix)?;
            (branch != "HEAD").then(|| (format!("refs/heads/{branch}"), sha.to_string()))
        })
        .collect())
}

async fn full_remote_ref(repo: Repo<'_>, dst: &str, src: &str) -> String {
    if dst.starts_with("refs/") {
        return dst.to_string();
    }
    if dst == "HEAD" || dst.is_empty() {
        let b = repo
            .try_run(&["symbolic-ref", "--short", "HEAD"])
            .await
            .unwrap_or_default();
        return format!("refs/heads/{}", b.trim());
    }
    // A tag stays a tag.
    if !src.is_empty()
        && repo
            .try_run(&[
                "show-ref",
                "--verify",
                "--quiet",
                &format!("refs/tags/{src}"),
            ])
            .await
            .is_some()
    {
        return format!("refs/tags/{dst}");
    }
    format!("refs/heads/{dst}")
}

/// Whether a remote ref is protected under `patterns` (`main`,
/// `release/*`, `refs/tags/*`).
pub fn is_protected(dst: &str, patterns: &[String]) -> bool {
    let short = dst.strip_prefix("refs/heads/").unwrap_or(dst);
    patterns.iter().any(|p| {
        let cands = [short, dst];
        cands.iter().any(|c| match p.strip_suffix('*') {
            Some(prefix) => c.starts_with(prefix),
            None => c == p,
        })
    })
}
