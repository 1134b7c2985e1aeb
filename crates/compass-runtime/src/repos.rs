//! Clone-per-agent and worktree-per-workstream. An agent's workload holds a
//! full, independent clone of every repo in the project under `/work/<repo>`;
//! each workstream gets a git worktree per repo at
//! `/work/.streams/<issue-key>/<repo>` on branch `compass/<agent>/<issue-key>`
//! (the same branch name in every repo).
//!
//! Safety rules, each with a reason:
//! - Clones are made on the host into a staging dir outside the agent's
//!   view, then renamed into `work/`: a name the agent pre-planted (a dir or
//!   a symlink) makes the rename fail instead of redirecting the write.
//! - Host-side git never reads agent-writable config: it runs with
//!   `HOME` set to a Compass-owned dir beside (not inside) the agent's home
//!   and `GIT_CONFIG_NOSYSTEM`, so a planted `core.fsmonitor` or
//!   `core.sshCommand` never runs on the host.
//! - Every git operation on an existing clone (worktrees) runs *inside* the
//!   workload, through the runtime, built by `compass_core::safe_git`.
//! - Objects are copied (`--no-hardlinks`), never hardlinked or shared
//!   through alternates: a writable hardlinked object would let the agent
//!   corrupt the source repo, and alternates would tie the clone to it.
//! - Forge credentials never enter the workload: a host-side clone is
//!   given Compass's credential helper (`safe_git::CredentialHelper`, the
//!   daemon answers for the bound origin only) or, for an SSH remote, the
//!   fixed ssh command with the bound key (`safe_git::SshCommand`), nothing is stored in the
//!   scoped home, and URLs with an embedded password are refused.
//! - Provisioning is transactional: the layout's completion marker is
//!   written last, a workload without it is half-made (its daemon was
//!   killed mid-clone) and is rebuilt, never adopted; a host-side clone
//!   runs in a guardian's process group, so it dies with the daemon
//!   (`crate::guardian`), and staging dirs of a dead daemon are removed.
//! - Each staged clone's submodules are listed before its rename and kept
//!   in the state dir (`crate::gitlinks`): Warden's list never comes from
//!   anything the agent could have written.
//!
//! Boundary: clones and branches; pushing and merging are gated elsewhere.

use crate::error::RuntimeError;
use crate::guardian;
use crate::layout::Layout;
use crate::secrets::{self, Secret};
use crate::spec::{Mount, WorkloadName, WorkloadSpec};
use crate::workload::WorkloadRuntime;
use compass_core::name::Name;
use compass_core::safe_git::{RemoteAuth, SafeGit, WorktreeView};
use std::path::{Path, PathBuf};
use std::time::Instant;
use tokio::process::Command;

/// One repo in the project: the directory name under `/work` and where to
/// clone it from (a local path or a URL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepoSource {
    pub name: Name,
    pub source: String,
}

/// How each repo's host-side clone authenticates, by repo name: only what
/// its own remote needs (its forge's credential helper, or the key bound to
/// its SSH host with that host's pinned keys), so one repo's key is never
/// offered to another repo's host. Empty: nothing is lent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RepoAuth(std::collections::BTreeMap<Name, RemoteAuth>);

impl RepoAuth {
    /// Lend `auth` to the clone of repo `name` (replacing what it had).
    pub fn insert(&mut self, name: Name, auth: RemoteAuth) {
        self.0.insert(name, auth);
    }

    /// What the clone of `repo` is lent.
    pub fn of(&self, repo: &RepoSource) -> Option<&RemoteAuth> {
        self.0.get(&repo.name)
    }
}

/// A plain (non-repo) directory in scope, mounted at `/work/<name>`.
/// Writable mounts are single-writer: the sandbox refuses a second one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirScope {
    pub name: Name,
    pub host_path: PathBuf,
    pub writable: bool,
}

impl DirScope {
    /// The mount that puts this directory at `/work/<name>`.
    pub fn mount(&self) -> Mount {
        Mount {
            host_path: self.host_path.clone(),
            workload_path: Path::new(crate::layout::INNER_WORK).join(self.name.as_str()),
            read_only: !self.writable,
        }
    }
}

/// Copy a plain directory into the workload at `/work/<name>` (the
/// "snapshot" mode for non-repo scope): the agent works on its own copy and
/// the original is never touched. Symlinks are copied as links (they
/// resolve inside the workload). Staged outside the agent's view, then
/// renamed into place, like clones. Returns the path inside the workload.
pub async fn snapshot_dir(
    rt: &dyn WorkloadRuntime,
    spec: &WorkloadSpec,
    name: &Name,
    host_path: &Path,
) -> Result<PathBuf, RuntimeError> {
    if !host_path.is_dir() {
        return Err(RuntimeError::Invalid {
            what: "snapshot source",
            why: format!("{} is not a directory", host_path.display()),
        });
    }
    let layout = Layout::new(&spec.state_dir);
    let staging = layout
        .state_dir
        .join(format!("{STAGING}{:016x}", rand::random::<u64>()));
    fs_err::create_dir_all(&staging)
        .map_err(|e| RuntimeError::io("creating the snapshot staging dir", e))?;
    let staged = staging.join(name.as_str());
    let mut cp = Command::new("cp");
    cp.env_clear()
        .env("PATH", crate::process::DEFAULT_PATH)
        .args(["-a", "--reflink=auto", "--"])
        .arg(host_path)
        .arg(&staged);
    let out = guardian::output(cp, "cp").await;
    let result = match out {
        Ok(o) if o.status.success() => {
            let dest = layout.work.join(name.as_str());
            fs_err::rename(&staged, &dest).map_err(|e| {
                RuntimeError::io(
                    format!(
                        "placing the snapshot of {} (is /work/{} already taken?)",
                        host_path.display(),
                        name.as_str()
                    ),
                    e,
                )
            })
        }
        Ok(o) => Err(RuntimeError::Command {
            command: "cp -a".to_owned(),
            target: host_path.display().to_string(),
            stderr: String::from_utf8_lossy(&o.stderr).trim().to_owned(),
        }),
        Err(e) => Err(e),
    };
    let _ = fs_err::remove_dir_all(&staging);
    result.map(|()| rt.inner_paths(&spec.state_dir).work.join(name.as_str()))
}

/// What provisioning made, with how long each clone took.
#[derive(Debug, Clone)]
pub struct Provisioned {
    /// Clone paths as seen inside the workload, in input order.
    pub clones: Vec<PathBuf>,
    pub clone_millis: Vec<u128>,
}

/// A workstream's issue key, validated for use in a branch and a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssueKey(String);

impl IssueKey {
    /// `[A-Za-z0-9][A-Za-z0-9._-]*`, at most 64 long, no `..`, not ending in
    /// `.` or `.lock` (git's ref rules), e.g. `ENG-42` or `123`.
    pub fn parse(raw: &str) -> Result<Self, RuntimeError> {
        let bad = |why: &str| RuntimeError::Invalid {
            what: "issue key",
            why: format!("{raw:?} {why}"),
        };
        let mut chars = raw.chars();
        match chars.next() {
            None => return Err(bad("is empty")),
            Some(c) if !c.is_ascii_alphanumeric() => {
                return Err(bad("must start with a letter or digit"));
            }
            _ => {}
        }
        if raw.len() > 64 {
            return Err(bad("is longer than 64 characters"));
        }
        if !raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        {
            return Err(bad("may contain only letters, digits, '.', '_' and '-'"));
        }
        if raw.contains("..") || raw.ends_with('.') || raw.ends_with(".lock") {
            return Err(bad("must not contain '..' or end in '.' or '.lock'"));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Staging dirs are `<state dir>/staging-<random>`, outside every mount.
const STAGING: &str = "staging-";

/// The Compass-owned git home for host-side clones (never mounted).
fn host_git_home(layout: &Layout) -> PathBuf {
    layout.state_dir.join("host-git")
}

/// Refuse sources git would store a password from, or that name nothing.
fn check_source(repo: &RepoSource) -> Result<(), RuntimeError> {
    let src = repo.source.trim();
    if src.is_empty() {
        return Err(RuntimeError::Invalid {
            what: "repo source",
            why: format!("repo {} has an empty source", repo.name.as_str()),
        });
    }
    if let Some((_, rest)) = src.split_once("://") {
        let authority = rest.split('/').next().unwrap_or_default();
        if let Some((userinfo, _)) = authority.rsplit_once('@')
            && userinfo.contains(':')
        {
            return Err(RuntimeError::Invalid {
                what: "repo source",
                why: format!(
                    "the URL for repo {} embeds a password, which git would store in .git/config; store it with `compass secret set NAME --forge ORIGIN` instead",
                    repo.name.as_str()
                ),
            });
        }
        if src.starts_with("ext::") {
            return Err(RuntimeError::Invalid {
                what: "repo source",
                why: "ext:: transports run commands and are refused".to_owned(),
            });
        }
    } else if !src.contains(':') && !Path::new(src).exists() {
        return Err(RuntimeError::Invalid {
            what: "repo source",
            why: format!(
                "local repo path {src} for {} does not exist",
                repo.name.as_str()
            ),
        });
    }
    Ok(())
}

/// A host-side git command with a scrubbed environment and a Compass-owned
/// `HOME`.
fn host_git(git_home: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.env_clear()
        .env("PATH", crate::process::DEFAULT_PATH)
        .env("HOME", git_home)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("LANG", "C.UTF-8");
    cmd
}

fn gitconfig(agent: &WorkloadName) -> String {
    format!(
        "[user]\n\tname = {agent}\n\temail = {agent}@agents.compass.invalid\n[init]\n\tdefaultBranch = main\n[safe]\n\tdirectory = *\n"
    )
}

/// Check every source, and that no two share a name (each is cloned to
/// `/work/<name>`).
fn check_sources(repos: &[RepoSource]) -> Result<(), RuntimeError> {
    for (i, a) in repos.iter().enumerate() {
        check_source(a)?;
        if repos[..i].iter().any(|b| b.name == a.name) {
            return Err(RuntimeError::Invalid {
                what: "repo list",
                why: format!("repo name {} appears twice", a.name.as_str()),
            });
        }
    }
    Ok(())
}

/// Create the agent's workload and a full clone of every repo in it (in
/// parallel). `auth` authenticates each host-side clone to its forge or
/// SSH remote (the workload never sees it). If
/// anything fails the workload is removed: nothing half-made stays on disk.
/// The completion marker is written last; a half-made workload a killed
/// daemon left at `spec.state_dir` is removed and built again.
pub async fn provision_agent(
    rt: &dyn WorkloadRuntime,
    spec: &WorkloadSpec,
    repos: &[RepoSource],
    auth: &RepoAuth,
) -> Result<Provisioned, RuntimeError> {
    check_sources(repos)?;
    discard_half_made(rt, spec).await?;
    rt.create(spec).await?;
    let provisioned = provision_inner(rt, spec, repos, auth)
        .await
        .and_then(|p| Layout::new(&spec.state_dir).mark_complete().map(|()| p));
    match provisioned {
        Ok(p) => Ok(p),
        Err(e) => {
            let _ = rt.remove(&spec.name).await;
            let _ = crate::agentfs::remove_tree(&spec.state_dir);
            Err(e)
        }
    }
}

/// Remove a half-made workload: one this runtime does not run, whose state
/// dir carries the layout marker (it is Compass's, for this workload) but
/// not the completion marker. Anything else is left for `create` to judge
/// (a foreign non-empty dir is refused there).
async fn discard_half_made(
    rt: &dyn WorkloadRuntime,
    spec: &WorkloadSpec,
) -> Result<(), RuntimeError> {
    let layout = Layout::new(&spec.state_dir);
    if rt.exists(&spec.name).await?
        || layout.is_complete()
        || !layout.is_workload(&spec.name, rt.backend())
    {
        return Ok(());
    }
    tracing::warn!(workload = %spec.name, "rebuilding a half-made workload (its provisioning was cut short)");
    // Its home and clones were the agent's: through the audited module.
    crate::agentfs::remove_tree(&spec.state_dir).map(|_| ())
}

/// Re-register a complete workload after a daemon restart (see
/// [`WorkloadRuntime::adopt`]); one the runtime runs already is left as it
/// is. Staging dirs the dead daemon left are removed first: no operation of
/// this daemon can be using them yet.
pub async fn adopt_agent(
    rt: &dyn WorkloadRuntime,
    spec: &WorkloadSpec,
) -> Result<(), RuntimeError> {
    if rt.exists(&spec.name).await? {
        return Ok(());
    }
    let layout = Layout::new(&spec.state_dir);
    if let Ok(entries) = fs_err::read_dir(&layout.state_dir) {
        for entry in entries.flatten() {
            let stale = entry
                .file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(STAGING));
            if stale {
                // Compass's own dir, outside every mount; removed through
                // agentfs all the same (a clone's contents came from a repo).
                let _ = crate::agentfs::remove_tree(&entry.path());
            }
        }
    }
    rt.adopt(spec).await
}

async fn provision_inner(
    rt: &dyn WorkloadRuntime,
    spec: &WorkloadSpec,
    repos: &[RepoSource],
    auth: &RepoAuth,
) -> Result<Provisioned, RuntimeError> {
    let layout = Layout::new(&spec.state_dir);
    let git_home = host_git_home(&layout);
    fs_err::create_dir_all(&git_home)
        .map_err(|e| RuntimeError::io("creating the host git home", e))?;
    // The host git home is Compass's own: written directly, 0600.
    crate::secret_env::write_host_file(
        &git_home.join(".gitconfig"),
        gitconfig(&spec.name).as_bytes(),
    )?;
    // The agent's copy goes in over stdin, like every secret.
    let inner = rt.inner_paths(&spec.state_dir);
    secrets::write_file(
        rt,
        &spec.name,
        &inner.home.join(".gitconfig"),
        &Secret::new(gitconfig(&spec.name)),
    )
    .await?;
    add_repos(rt, spec, repos, auth).await
}

/// Clone more repos into an existing workload (e.g. the project gained
/// one). Safe after the agent has run: staging is outside its view and the
/// host-side git reads only Compass's own config; `auth` as for
/// [`provision_agent`].
pub async fn add_repos(
    rt: &dyn WorkloadRuntime,
    spec: &WorkloadSpec,
    repos: &[RepoSource],
    auth: &RepoAuth,
) -> Result<Provisioned, RuntimeError> {
    check_sources(repos)?;
    let layout = Layout::new(&spec.state_dir);
    let git_home = host_git_home(&layout);
    let staging = layout
        .state_dir
        .join(format!("{STAGING}{:016x}", rand::random::<u64>()));
    fs_err::create_dir_all(&staging)
        .map_err(|e| RuntimeError::io("creating the clone staging dir", e))?;
    let clones = futures::future::join_all(
        repos
            .iter()
            .map(|repo| clone_one(&git_home, &staging, repo, auth.of(repo))),
    )
    .await;
    let mut millis = Vec::new();
    let mut failure = None;
    for result in clones {
        match result {
            Ok(ms) => millis.push(ms),
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    }
    if let Some(e) = failure {
        let _ = fs_err::remove_dir_all(&staging);
        return Err(e);
    }
    // Listed while the clones are still Compass's own, before the rename.
    let lists = match list_gitlinks(&staging, repos).await {
        Ok(lists) => lists,
        Err(e) => {
            let _ = fs_err::remove_dir_all(&staging);
            return Err(e);
        }
    };
    let inner = rt.inner_paths(&spec.state_dir);
    let mut placed: Vec<PathBuf> = Vec::new();
    for repo in repos {
        let dest = layout.work.join(repo.name.as_str());
        // rename(2) onto an existing dir or a planted symlink fails: no
        // write is ever redirected.
        if let Err(e) = fs_err::rename(staging.join(repo.name.as_str()), &dest) {
            for done in &placed {
                let _ = crate::agentfs::remove_tree(done);
            }
            let _ = fs_err::remove_dir_all(&staging);
            return Err(RuntimeError::io(
                format!(
                    "placing the clone of {} (is /work/{} already taken?)",
                    repo.name.as_str(),
                    repo.name.as_str()
                ),
                e,
            ));
        }
        placed.push(dest);
    }
    let _ = fs_err::remove_dir_all(&staging);
    if let Err(e) = crate::gitlinks::record(&layout.state_dir, lists) {
        for done in &placed {
            let _ = crate::agentfs::remove_tree(done);
        }
        return Err(e);
    }
    Ok(Provisioned {
        clones: repos
            .iter()
            .map(|r| inner.work.join(r.name.as_str()))
            .collect(),
        clone_millis: millis,
    })
}

/// The gitlinks of every staged clone of `repos`, by repo name.
async fn list_gitlinks(
    staging: &Path,
    repos: &[RepoSource],
) -> Result<crate::gitlinks::Recorded, RuntimeError> {
    let mut lists = crate::gitlinks::Recorded::new();
    for repo in repos {
        let name = repo.name.as_str();
        let list = crate::gitlinks::list(&staging.join(name))
            .await
            .map_err(|why| RuntimeError::Invalid {
                what: "submodules",
                why: format!(
                    "repo {}: its submodules cannot be known: {why}",
                    repo.source.trim()
                ),
            })?;
        lists.insert(name.to_owned(), list);
    }
    Ok(lists)
}

async fn clone_one(
    git_home: &Path,
    staging: &Path,
    repo: &RepoSource,
    auth: Option<&RemoteAuth>,
) -> Result<u128, RuntimeError> {
    let start = Instant::now();
    let dest = staging.join(repo.name.as_str());
    // In a guardian's process group: a clone never outlives the daemon.
    let mut clone = host_git(git_home);
    if let Some(auth) = auth {
        if let Some((key, socket)) = auth.env() {
            clone.env(key, socket);
        }
        for (key, value) in auth.config() {
            clone.arg("-c").arg(format!("{key}={value}"));
        }
    }
    clone
        .args([
            "-c",
            "checkout.workers=0",
            "-c",
            "protocol.ext.allow=never",
            "clone",
            "--quiet",
            "--no-hardlinks",
            "--",
        ])
        .arg(repo.source.trim())
        .arg(&dest);
    let out = guardian::output(clone, "git clone (is git installed?)").await?;
    if !out.status.success() {
        return Err(RuntimeError::Command {
            command: "git clone".to_owned(),
            target: format!("{} from {}", repo.name.as_str(), repo.source.trim()),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(start.elapsed().as_millis())
}

/// Create a workstream: a worktree per repo on `branch` (the caller names
/// it: `compass_core::workstream::branch_name`), run inside the workload,
/// at `/work/.streams/<issue-key>/<repo>`. Returns the
/// worktree paths as seen inside. Fails (and removes what it made) if any
/// repo cannot get the branch.
pub async fn create_worktrees(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    state_dir: &Path,
    issue: &IssueKey,
    branch: &str,
    repos: &[Name],
    base: Option<&str>,
) -> Result<Vec<PathBuf>, RuntimeError> {
    let inner = rt.inner_paths(state_dir);
    crate::git_views::write_views(&Layout::new(state_dir).config)?;
    let views = inner.config.join(compass_core::safe_git::VIEW_DIR);
    let mut made: Vec<(PathBuf, PathBuf)> = Vec::new();
    for repo in repos {
        let clone = inner.work.join(repo.as_str());
        let tree = inner
            .work
            .join(".streams")
            .join(issue.as_str())
            .join(repo.as_str());
        // Safe git: the agent's hooks and fsmonitor stay inert. The files
        // are not checked out in the clone's git dir (its `info/attributes`
        // and config could select and define a filter): `--no-checkout`,
        // then a checkout through the host-owned view.
        let out = match add_worktree(rt, name, &views, &clone, &tree, branch, base).await {
            Ok(out) => out,
            Err(e) => {
                for (clone, tree) in &made {
                    let _ = remove_worktree(rt, name, clone, tree, branch).await;
                }
                return Err(e);
            }
        };
        if !out.success() {
            for (clone, tree) in &made {
                let _ = remove_worktree(rt, name, clone, tree, branch).await;
            }
            return Err(RuntimeError::Command {
                command: "git worktree add".to_owned(),
                target: format!("{}/{}", name, repo.as_str()),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            });
        }
        made.push((clone, tree));
    }
    Ok(made.into_iter().map(|(_, tree)| tree).collect())
}

/// `git worktree add` without a checkout, then the checkout through the
/// view (`compass_core::safe_git::WorktreeView`). The first failing step's
/// output is returned (a failure of the worktree add leaves nothing; a
/// later one leaves the worktree for the caller to remove).
async fn add_worktree(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    views: &Path,
    clone: &Path,
    tree: &Path,
    branch: &str,
    base: Option<&str>,
) -> Result<crate::spec::ExecOutput, RuntimeError> {
    // One commit for both steps, named by its id.
    let resolve = SafeGit::in_dir(clone)?
        .args(["rev-parse", "--verify", "--quiet"])
        .value("base", &format!("{}^{{commit}}", base.unwrap_or("HEAD")))?;
    let out = crate::git::exec(rt, name, &resolve).await?;
    if !out.success() {
        return Ok(out);
    }
    let commit = compass_core::safe_git::check_commit_id(
        "base commit",
        String::from_utf8_lossy(&out.stdout).trim(),
    )?;
    let add = SafeGit::in_dir(clone)?
        .args(["worktree", "add", "--quiet", "--no-checkout", "-b"])
        .value("branch", branch)?
        .path("worktree path", tree)?
        .value("base", &commit)?;
    let out = crate::git::exec(rt, name, &add).await?;
    if !out.success() {
        return Ok(out);
    }
    // From here on the worktree is this call's: removed again on failure.
    let checked_out = check_out(rt, name, views, tree, &commit).await;
    if !matches!(&checked_out, Ok(out) if out.success()) {
        let _ = remove_worktree(rt, name, clone, tree, branch).await;
    }
    checked_out
}

/// Check `commit` out into the new worktree at `tree`, through the view.
async fn check_out(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    views: &Path,
    tree: &Path,
    commit: &str,
) -> Result<crate::spec::ExecOutput, RuntimeError> {
    let out = crate::git::exec(rt, name, &WorktreeView::locate(tree)?).await?;
    if !out.success() {
        return Err(RuntimeError::Command {
            command: "git rev-parse (locating the new worktree)".to_owned(),
            target: format!("{name}:{}", tree.display()),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    let view = WorktreeView::parse(views, &String::from_utf8_lossy(&out.stdout))?;
    let checkout = view
        .git()?
        .args(["read-tree", "--reset", "-u"])
        .value("commit", commit)?;
    crate::git::exec(rt, name, &checkout).await
}

async fn remove_worktree(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    clone: &Path,
    tree: &Path,
    branch: &str,
) -> Result<(), RuntimeError> {
    for cmd in [
        SafeGit::in_dir(clone)?
            .args(["worktree", "remove", "--force"])
            .path("worktree path", tree)?,
        SafeGit::in_dir(clone)?
            .args(["branch", "-D"])
            .value("branch", branch)?,
    ] {
        crate::git::exec(rt, name, &cmd).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_keys() {
        for good in ["ENG-42", "123", "a.b_c-d"] {
            assert!(IssueKey::parse(good).is_ok(), "{good}");
        }
        for bad in ["", "-x", "a/b", "a..b", "x.lock", "x.", "a b", "a\nb", ".x"] {
            assert!(IssueKey::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn refuses_passwords_in_urls() {
        let repo = RepoSource {
            name: Name::parse("app").unwrap(),
            source: "https://me:hunter2@example.com/app.git".into(),
        };
        let err = check_source(&repo).unwrap_err().to_string();
        assert!(err.contains("password"), "{err}");
        assert!(
            !err.contains("hunter2"),
            "the error must not echo the password: {err}"
        );
    }
}
