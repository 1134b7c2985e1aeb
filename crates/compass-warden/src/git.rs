//! Resolving a `git push` into what it would really do: the ref-update plan
//! (old/new SHAs, force, delete, mirror, protected refs) and the diff of the
//! commit range that leaves the machine — and the same plan for a push a
//! relay has received ([`received_plan`]), where refs and objects are exact.
//!
//! Git must run where the agent's repository is — inside its workload — so
//! Warden only sees a [`GitInspector`]: "run this [`SafeGit`] invocation".
//! Every invocation is built with `compass_core::safe_git` (no hooks,
//! textconv, external diff, filters, fsmonitor or transports); a remote's
//! refs are asked of the inspector by URL, which it resolves as data
//! (the daemon answers `compass::<repo>` from its relay) — Warden never makes
//! the agent's git open a transport. [`LocalGit`] runs the host's `git` for
//! tests and host workloads.

use crate::error::WardenError;
use compass_core::id::AgentId;
use compass_core::safe_git::{
    EMPTY_TREE, GitArgError, LIST_UNTRACKED, ObjectFormat, SafeGit, VIEW_DIRS, WorktreeView,
};
use std::future::Future;
use std::pin::Pin;

/// What one git invocation printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitOutput {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
    /// The output passed the runner's cap: git was killed there and
    /// `stdout` is only its first part (never `success`).
    pub truncated: bool,
}

/// A boxed future, so the trait stays object-safe.
pub type GitFuture<'a> = Pin<Box<dyn Future<Output = Result<GitOutput, WardenError>> + Send + 'a>>;
/// A remote's refs as `(ref, sha)` pairs.
pub type RefsFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Vec<(String, String)>, WardenError>> + Send + 'a>>;

/// Runs read-only git in the agent's repository.
pub trait GitInspector: Send + Sync + std::fmt::Debug {
    /// Run one safe invocation where the agent's repository is.
    fn git<'a>(&'a self, agent: &'a AgentId, cmd: &'a SafeGit) -> GitFuture<'a>;
    /// The refs of the remote at `url` (a URL read from the agent's config
    /// as data). An error means "unreachable": the plan then falls back to
    /// remote-tracking refs.
    fn remote_refs<'a>(&'a self, agent: &'a AgentId, url: &'a str) -> RefsFuture<'a>;
    /// Where the view git dirs are as [`Self::git`]'s git sees them
    /// (`compass_core::safe_git::WorktreeView`): git that reads the
    /// agent's worktree runs only through one. An error: nothing that
    /// reads the worktree runs (the caller fails closed).
    fn git_views(&self, agent: &AgentId) -> Result<String, WardenError>;
}

impl From<GitArgError> for WardenError {
    fn from(e: GitArgError) -> Self {
        WardenError::Git(e.to_string())
    }
}

/// Run a safe invocation on the host.
pub async fn run_local(cmd: &SafeGit) -> Result<GitOutput, WardenError> {
    let out = compass_capture::capture(cmd.command().into(), None, MAX_GIT_OUTPUT)
        .await
        .map_err(|e| WardenError::Git(format!("running git in {}: {e}", cmd.dir())))?;
    Ok(GitOutput {
        success: out.status.success() && !out.truncated,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        truncated: out.truncated,
    })
}

/// Runs the host's `git`; a remote is listed only when it is a local path
/// (from a neutral directory, so no repository config applies).
#[derive(Debug, Default, Clone)]
pub struct LocalGit;

/// The host's view git dirs for [`LocalGit`]: written once per process
/// into a fresh private temp dir.
fn local_views() -> Result<String, WardenError> {
    static VIEWS: std::sync::OnceLock<Result<tempfile::TempDir, String>> =
        std::sync::OnceLock::new();
    let made = VIEWS.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("compass-git-view-")
            .tempdir()
            .map_err(|e| e.to_string())?;
        for format in ObjectFormat::ALL {
            let view = dir.path().join(format.as_str());
            for sub in VIEW_DIRS {
                fs_err::create_dir_all(view.join(sub)).map_err(|e| e.to_string())?;
            }
            for (name, body) in format.view_files() {
                fs_err::write(view.join(name), body).map_err(|e| e.to_string())?;
            }
        }
        Ok(dir)
    });
    match made {
        Ok(dir) => Ok(dir.path().to_string_lossy().into_owned()),
        Err(e) => Err(WardenError::Git(format!("making the view git dirs: {e}"))),
    }
}

impl GitInspector for LocalGit {
    fn git<'a>(&'a self, _agent: &'a AgentId, cmd: &'a SafeGit) -> GitFuture<'a> {
        Box::pin(run_local(cmd))
    }

    fn git_views(&self, _agent: &AgentId) -> Result<String, WardenError> {
        local_views()
    }

    fn remote_refs<'a>(&'a self, _agent: &'a AgentId, url: &'a str) -> RefsFuture<'a> {
        Box::pin(async move {
            let url = url.strip_prefix("file://").unwrap_or(url);
            let cmd = SafeGit::in_dir("/")?
                .allow_local_transport()
                .args(["ls-remote"])
                .path("remote path", std::path::Path::new(url))?;
            let out = run_local(&cmd).await?;
            if !out.success {
                return Err(WardenError::Git(format!(
                    "git ls-remote {url} failed: {}",
                    out.stderr.trim()
                )));
            }
            Ok(parse_ls_remote(&out.stdout))
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
    /// The remote's default branch (`refs/heads/…`, its `HEAD`) when known:
    /// protected whatever its name, so an agent cannot land its own work
    /// on trunk (merge detection would take it for merged).
    pub trunk: Option<String>,
    /// `git diff` of everything the push sends, bounded.
    pub diff: String,
    pub diff_truncated: bool,
}

/// Bound on the diff Warden reads for one push.
pub const MAX_DIFF_BYTES: usize = 2 * 1024 * 1024;

/// What an inspector keeps of one git run's output: enough for the whole
/// bounded diff, so the agent's repo cannot make Warden hold more.
pub const MAX_GIT_OUTPUT: usize = 2 * MAX_DIFF_BYTES;

/// One repository: the agent's, in its workload, or a relay's on the host
/// (with the quarantine of a push it is receiving in `env`).
/// What a git run printed: all of it, or its first part.
enum Text {
    Whole(String),
    Cut(String),
}

#[derive(Clone, Copy)]
struct Repo<'a> {
    g: &'a dyn GitInspector,
    agent: &'a AgentId,
    cwd: &'a str,
    env: &'a [(&'static str, String)],
}

impl Repo<'_> {
    /// `git <literals> <values>`: the values are data, checked by
    /// [`SafeGit::value`].
    fn cmd(&self, literals: &[&'static str], values: &[&str]) -> Result<SafeGit, WardenError> {
        let mut cmd = SafeGit::in_dir(self.cwd)?.args(literals.iter().copied());
        for v in values {
            cmd = cmd.value("revision or name", v)?;
        }
        for (key, value) in self.env {
            cmd = cmd.env(key, "relay path", value)?;
        }
        Ok(cmd)
    }

    async fn git(
        &self,
        literals: &[&'static str],
        values: &[&str],
    ) -> Result<GitOutput, WardenError> {
        let cmd = self.cmd(literals, values)?;
        self.g.git(self.agent, &cmd).await
    }

    async fn ok(&self, literals: &[&'static str], values: &[&str]) -> bool {
        self.git(literals, values).await.is_ok_and(|o| o.success)
    }

    async fn run(&self, literals: &[&'static str], values: &[&str]) -> Result<String, WardenError> {
        match self.text(literals, values).await? {
            Text::Whole(text) => Ok(text),
            Text::Cut(_) => Err(WardenError::Git(format!(
                "git {} printed more than its output cap",
                literals.join(" ")
            ))),
        }
    }

    /// Text meant to be read only in part (a diff, a log with patches): its
    /// first part when git printed more than the runner's cap.
    async fn text(&self, literals: &[&'static str], values: &[&str]) -> Result<Text, WardenError> {
        let cmd = self.cmd(literals, values)?;
        let out = self.g.git(self.agent, &cmd).await?;
        if out.truncated {
            return Ok(Text::Cut(out.stdout));
        }
        if !out.success {
            return Err(WardenError::Git(format!(
                "git {} failed: {}",
                cmd.display(),
                out.stderr.trim()
            )));
        }
        Ok(Text::Whole(out.stdout))
    }

    /// The first line of a command's output, trimmed; `None` when it failed
    /// or printed nothing. Output cut at the runner's cap still has its
    /// first line when a line break came before the cut (a `rev-list
    /// --reverse` of more commits than the cap holds names its oldest).
    async fn line(&self, literals: &[&'static str], values: &[&str]) -> Option<String> {
        let first = match self.text(literals, values).await.ok()? {
            Text::Whole(t) => t.lines().next().map(str::to_owned),
            Text::Cut(t) => t.split_once('\n').map(|(l, _)| l.to_owned()),
        };
        first.map(|l| l.trim().to_owned()).filter(|l| !l.is_empty())
    }
}

/// What a whole-worktree discard would destroy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscardScope {
    /// Uncommitted changes to tracked files (`reset --hard`, `checkout .`).
    Tracked,
    /// Untracked files (`clean -f`), and ignored ones too with `-x`.
    Untracked { ignored: bool },
}

/// How many paths a discard of `scope` would destroy in the repository at
/// `cwd`, read where the repository is (in the workload). The worktree is
/// read only through a view (`compass_core::safe_git::WorktreeView`), so no
/// filter the agent's attributes select runs: staged changes
/// (`diff-index --cached` against HEAD), unstaged ones (`diff-files`: a file
/// whose stat changed counts, its content is not read through any filter)
/// and untracked or ignored files (`ls-files --others`, with the repo's
/// `info/exclude` read as an excludes file).
pub async fn discardable(
    g: &dyn GitInspector,
    agent: &AgentId,
    cwd: &str,
    scope: DiscardScope,
) -> Result<usize, WardenError> {
    let repo = Repo {
        g,
        agent,
        cwd,
        env: &[],
    };
    let views = g.git_views(agent)?;
    let located = whole(g, agent, &WorktreeView::locate(cwd)?).await?;
    let view = WorktreeView::parse(std::path::Path::new(&views), &located)?;
    let lists: Vec<SafeGit> = match scope {
        DiscardScope::Tracked => {
            let head = repo
                .line(&["rev-parse", "--verify", "--quiet"], &["HEAD^{commit}"])
                .await;
            // An unborn (or unreadable) HEAD: everything staged counts.
            let base = head.as_deref().unwrap_or(view.format().empty_tree());
            vec![
                view.git()?
                    .args(["diff-index", "--cached", "--name-only", "-z"])
                    .value("commit", base)?,
                view.git()?.args(["diff-files", "--name-only", "-z"]),
            ]
        }
        DiscardScope::Untracked { ignored } => {
            let mut lists = vec![view.git()?.args(LIST_UNTRACKED)];
            if ignored {
                lists.push(view.git()?.args(LIST_UNTRACKED).args(["--ignored"]));
            }
            lists
        }
    };
    let mut paths = std::collections::BTreeSet::new();
    for cmd in &lists {
        let out = whole(g, agent, cmd).await?;
        paths.extend(out.split('\0').filter(|p| !p.is_empty()).map(str::to_owned));
    }
    Ok(paths.len())
}

/// What `cmd` printed, when it succeeded within the output cap.
async fn whole(
    g: &dyn GitInspector,
    agent: &AgentId,
    cmd: &SafeGit,
) -> Result<String, WardenError> {
    let out = g.git(agent, cmd).await?;
    if out.success && !out.truncated {
        return Ok(out.stdout);
    }
    Err(WardenError::Git(format!(
        "git {} failed: {}",
        cmd.display(),
        out.stderr.trim()
    )))
}

/// Whether a whole-worktree discard would destroy nothing, asked of the
/// repository where it is. No inspector, a failed `git status`, or anything
/// to lose: `false`, and the discard stays flagged.
pub async fn nothing_to_discard(
    g: Option<&dyn GitInspector>,
    agent: &AgentId,
    cwd: &str,
    scope: DiscardScope,
) -> bool {
    match g {
        Some(g) => discardable(g, agent, cwd, scope)
            .await
            .is_ok_and(|n| n == 0),
        None => false,
    }
}

/// Resolve `git push <args>` run in `cwd` into its plan.
pub async fn resolve_push(
    g: &dyn GitInspector,
    agent: &AgentId,
    cwd: &str,
    args: &[String],
) -> Result<PushPlan, WardenError> {
    let repo = Repo {
        g,
        agent,
        cwd,
        env: &[],
    };
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
        .line(&["symbolic-ref", "--quiet", "--short", "HEAD"], &[])
        .await
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
                    if let Some(v) = repo.line(&["config", "--get"], &[&key]).await {
                        r = v;
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
    // The URL is config read as data; the remote's refs are then asked of
    // the inspector by URL, never through the agent's git transport.
    let configured_url = repo
        .line(&["remote", "get-url", "--push"], &[&remote])
        .await;
    let url = configured_url.clone().unwrap_or_else(|| remote.clone());
    // The agent's own relay named by URL is still the project's remote
    // (and the relay judges what it receives).
    let ad_hoc_remote =
        configured_url.is_none() && !url.starts_with(compass_core::safe_git::RELAY_PREFIX);

    // The remote's refs as they are now; when they cannot be had, the
    // last-known remote-tracking refs stand in, and the plan says so.
    let (remote_refs, remote_unreachable) = match g.remote_refs(agent, &url).await {
        Ok(refs) => (refs, false),
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
            .run(&["for-each-ref", "--format=%(refname)"], &[pattern])
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
            .line(&["config", "--get"], &[&format!("branch.{branch}.merge")])
            .await
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
                repo.run(
                    &["rev-parse", "--verify"],
                    &[&format!("{src_name}^{{commit}}")],
                )
                .await?
                .trim()
                .to_string(),
            )
        };
        let non_ff = match (&old, &new) {
            (Some(o), Some(n)) => non_fast_forward(repo, o, n).await,
            _ => false,
        };
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
    let mut diff = Bounded::default();
    for u in &updates {
        let Some(new) = &u.new else { continue };
        let base = match &u.old {
            Some(o)
                if repo
                    .ok(&["cat-file", "-e"], &[&format!("{o}^{{commit}}")])
                    .await =>
            {
                repo.line(&["merge-base"], &[o, new]).await
            }
            _ => None,
        };
        let base = match base {
            Some(b) => b,
            // New ref: from the parent of the oldest commit no
            // remote-tracking ref has yet, else from the empty tree.
            None => match repo
                .line(
                    &[
                        "rev-list",
                        "--topo-order",
                        "--reverse",
                        "--not",
                        "--remotes",
                        "--not",
                    ],
                    &[new],
                )
                .await
            {
                Some(oldest) => parent_or_empty(repo, &oldest).await,
                None => new.clone(),
            },
        };
        if &base == new {
            continue;
        }
        // `--text`: a file git takes for binary (a NUL near its start) is
        // shown, not summed up as "Binary files differ", so what it carries
        // is inspected too.
        if !diff.push_text(repo.text(&["diff", "--text"], &[&base, new]).await?) {
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
        trunk: None,
        diff: diff.text,
        diff_truncated: diff.truncated,
    })
}

/// One ref update a relay received (from its pre-receive check): exact
/// SHAs, `None` for "absent" (git's all-zero id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub old: Option<String>,
    pub new: Option<String>,
    pub refname: String,
}

/// Parse the pre-receive input (`<old> <new> <ref>` per line, each line
/// ended by its line break). Refuses anything that is not exactly that, so
/// a malformed push is never judged on a guess: input that does not end in
/// a line break was cut short somewhere (a last line cut inside its refname
/// still looks like a ref), so the whole push is refused.
pub fn parse_received(input: &str) -> Result<Vec<Received>, WardenError> {
    let sha = |s: &str| -> Result<Option<String>, WardenError> {
        let hex = (s.len() == 40 || s.len() == 64) && s.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex {
            return Err(WardenError::Git(format!(
                "bad object id {s:?} in a received push"
            )));
        }
        Ok((!s.bytes().all(|b| b == b'0')).then(|| s.to_ascii_lowercase()))
    };
    let Some(body) = input.strip_suffix('\n') else {
        return Err(WardenError::Git(
            "the ref updates do not end with a line break (cut short), so none of them is judged"
                .into(),
        ));
    };
    let mut out = Vec::new();
    for line in body.split('\n') {
        let mut parts = line.split(' ');
        let (Some(old), Some(new), Some(refname), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(WardenError::Git(format!("bad ref update line {line:?}")));
        };
        compass_core::safe_git::check_value("received ref", refname)?;
        if !refname.starts_with("refs/") || refname.bytes().any(|b| b.is_ascii_control()) {
            return Err(WardenError::Git(format!(
                "received ref {refname:?} is not a ref name under refs/"
            )));
        }
        out.push(Received {
            old: sha(old)?,
            new: sha(new)?,
            refname: refname.to_owned(),
        });
    }
    Ok(out)
}

/// Where a relay repository keeps the real remote's refs as it last
/// fetched them (`refs/upstream/heads/*`, `refs/upstream/tags/*`): a
/// namespace only Compass writes (the relay hides it from the agent's git
/// and refuses pushes to it). "What the remote lacks" is computed against
/// it alone, never against every ref of a repository the agent pushes
/// into.
pub const UPSTREAM_REFS: &str = "refs/upstream/";
/// [`UPSTREAM_REFS`] as a revision-walk argument.
const UPSTREAM_GLOB: &str = "--glob=refs/upstream/*";
/// How deep a chain of tags (a tag of a tag of a commit) a pushed ref may
/// be; each tag's own text is read.
const MAX_TAG_DEPTH: usize = 8;

/// The plan of a push a relay has received: `dir` is the relay repository
/// (the real remote's refs as last fetched are under [`UPSTREAM_REFS`]),
/// `env` points git at the push's quarantined objects. The text Warden
/// reads is every commit the remote lacks with its patch (an
/// added-then-removed secret still leaves in the objects) plus every
/// annotated tag pushed, bounded. A ref whose new object, peeled, is not a
/// commit is an error (the caller refuses the push), as is a ref with
/// nothing to read whose commit the remote does not have.
pub async fn received_plan(
    g: &dyn GitInspector,
    agent: &AgentId,
    dir: &str,
    env: &[(&'static str, String)],
    remote: &str,
    url: &str,
    received: &[Received],
) -> Result<PushPlan, WardenError> {
    let repo = Repo {
        g,
        agent,
        cwd: dir,
        env,
    };
    let mut updates = Vec::new();
    let mut text = Bounded::default();
    for r in received {
        let non_ff = match (&r.old, &r.new) {
            (Some(o), Some(n)) => non_fast_forward(repo, o, n).await,
            _ => false,
        };
        if let Some(new) = &r.new {
            // Only commits (and tags of commits) leave: a tree or blob
            // carries content no patch shows (`git log -p <tree>` prints
            // nothing and succeeds). Each tag of a chain is read.
            let mut object = new.clone();
            let mut depth = 0;
            loop {
                let kind = repo.run(&["cat-file", "-t"], &[&object]).await?;
                match kind.trim() {
                    "commit" => break,
                    "tag" if depth < MAX_TAG_DEPTH => {
                        let tag = repo.text(&["cat-file", "tag"], &[&object]).await?;
                        let target = match &tag {
                            Text::Whole(t) | Text::Cut(t) => t
                                .lines()
                                .next()
                                .and_then(|l| l.strip_prefix("object "))
                                .map(str::to_owned),
                        };
                        text.push_text(tag);
                        object = target.ok_or_else(|| {
                            WardenError::Git(format!("the tag {object} names no object"))
                        })?;
                        depth += 1;
                    }
                    "tag" => {
                        return Err(WardenError::Git(format!(
                            "{} is a chain of more than {MAX_TAG_DEPTH} tags",
                            r.refname
                        )));
                    }
                    other => {
                        return Err(WardenError::Git(format!(
                            "{} would point at a {other}, not a commit: only commits (and tags of commits) are pushed through Compass, since a {other} carries content no patch shows",
                            r.refname,
                            other = other.escape_debug()
                        )));
                    }
                }
            }
            // Every commit the remote does not have yet, each with its
            // patch: what the remote has is the relay's fetched copy of it
            // (`refs/upstream/`), never whatever else the relay holds.
            let log = repo
                .text(
                    &[
                        "log",
                        "-p",
                        "--text",
                        "--diff-merges=first-parent",
                        "--format=commit %H%n%B",
                        "--not",
                        UPSTREAM_GLOB,
                        "--not",
                    ],
                    &[new],
                )
                .await?;
            // Nothing to read is only right when the remote already has the
            // commit; otherwise fail closed rather than clear unread text.
            if matches!(&log, Text::Whole(t) if t.trim().is_empty()) {
                let on_remote = repo
                    .run(
                        &[
                            "for-each-ref",
                            "--count=1",
                            "--format=%(refname)",
                            "--contains",
                        ],
                        &[&object, UPSTREAM_REFS],
                    )
                    .await?;
                if on_remote.trim().is_empty() {
                    return Err(WardenError::Git(format!(
                        "nothing of {} could be read, yet the remote does not have it",
                        r.refname
                    )));
                }
            }
            text.push_text(log);
        }
        updates.push(RefUpdate {
            src: r.new.clone().unwrap_or_default(),
            dst: r.refname.clone(),
            old: r.old.clone(),
            new: r.new.clone(),
            force: non_ff,
            delete: r.new.is_none(),
            non_fast_forward: non_ff,
        });
    }
    Ok(PushPlan {
        remote: remote.to_owned(),
        url: url.to_owned(),
        ad_hoc_remote: false,
        remote_unreachable: false,
        mirror: false,
        all: false,
        tags: false,
        updates,
        trunk: None,
        diff: text.text,
        diff_truncated: text.truncated,
    })
}

/// Text capped at [`MAX_DIFF_BYTES`].
#[derive(Default)]
struct Bounded {
    text: String,
    truncated: bool,
}

impl Bounded {
    /// Append a git run's text; a run cut at the runner's cap is as much
    /// truncation as this cap's own. `false` once the cap is reached.
    fn push_text(&mut self, more: Text) -> bool {
        match more {
            Text::Whole(t) => self.push(&t),
            Text::Cut(t) => {
                self.push(&t);
                self.truncated = true;
                false
            }
        }
    }

    /// Append what fits; `false` once the cap is reached (the rest is cut
    /// off, never copied first).
    fn push(&mut self, more: &str) -> bool {
        if self.truncated {
            return false;
        }
        let room = MAX_DIFF_BYTES - self.text.len();
        if more.len() <= room {
            self.text.push_str(more);
        } else {
            let mut cut = room;
            while !more.is_char_boundary(cut) {
                cut -= 1;
            }
            self.text.push_str(&more[..cut]);
            self.truncated = true;
        }
        !self.truncated
    }
}

/// The update is not a fast-forward, or the old commit is unknown here so
/// it cannot be shown to be one.
async fn non_fast_forward(repo: Repo<'_>, old: &str, new: &str) -> bool {
    old != new
        && !(repo
            .ok(&["cat-file", "-e"], &[&format!("{old}^{{commit}}")])
            .await
            && repo.ok(&["merge-base", "--is-ancestor"], &[old, new]).await)
}

async fn parent_or_empty(repo: Repo<'_>, commit: &str) -> String {
    repo.line(
        &["rev-parse", "--verify", "--quiet"],
        &[&format!("{commit}^")],
    )
    .await
    .unwrap_or_else(|| EMPTY_TREE.to_string())
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
        .run(
            &["for-each-ref", "--format=%(objectname) %(refname)"],
            &[&prefix],
        )
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
            .line(&["symbolic-ref", "--short", "HEAD"], &[])
            .await
            .unwrap_or_default();
        return format!("refs/heads/{b}");
    }
    // A tag stays a tag.
    if !src.is_empty()
        && repo
            .ok(
                &["show-ref", "--verify", "--quiet"],
                &[&format!("refs/tags/{src}")],
            )
            .await
    {
        return format!("refs/tags/{dst}");
    }
    format!("refs/heads/{dst}")
}

/// The CI configuration files a push's patch text changes (added, edited,
/// removed or renamed): what a forge runs by itself when the push lands,
/// with the repository's secrets and a network the agent does not have
/// (GitHub takes a push's workflows from the pushed commit itself). Read
/// from git's own patch headers (`--- a/…`, `+++ b/…`, `rename from/to`,
/// `copy from/to`), quoted paths included.
pub fn ci_config_changes(diff: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in diff.lines() {
        let path = if let Some(p) = line
            .strip_prefix("--- ")
            .or_else(|| line.strip_prefix("+++ "))
        {
            let p = p.trim_start_matches('"');
            match p.strip_prefix("a/").or_else(|| p.strip_prefix("b/")) {
                Some(p) => p,
                None => continue,
            }
        } else if let Some(p) = ["rename from ", "rename to ", "copy from ", "copy to "]
            .iter()
            .find_map(|h| line.strip_prefix(h))
        {
            p.trim_start_matches('"')
        } else {
            continue;
        };
        let path = path.trim_end_matches('"');
        if crate::ci::is_ci_config(path) && !out.iter().any(|o| o == path) {
            out.push(path.to_owned());
        }
    }
    out
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
