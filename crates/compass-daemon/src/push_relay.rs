//! The push relay: where an agent's pushes land before anything leaves.
//!
//! Each agent has, per project repo, a bare **relay repository** under its
//! state dir (`<state>/relay/<repo>.git`, Compass-owned, never mounted into
//! the workload). The clones' `origin` is `compass::<repo>`: the agent's
//! git runs `git-remote-compass`, which connects to the workload's git
//! socket (`/run/compass/git.sock`; the socket is the agent's identity) and
//! pipes git's pack protocol to a `git receive-pack` (push) or `git
//! upload-pack` (fetch) the daemon runs on the relay with safe git.
//!
//! The relay's `pre-receive` hook is Compass's own (`core.hooksPath` points
//! at a Compass-owned dir; the agent's hooks never run): it hands the
//! received ref updates and the push's quarantine paths to this module over
//! a per-push decision socket. Warden judges exactly those refs and objects
//! ([`compass_warden::git::received_plan`]); only when it clears does the
//! daemon forward them to the real remote (the project's repo location),
//! with `--force-with-lease` on the relay's view of each ref and `--atomic`,
//! authenticated to an HTTP(S) forge by the secret bound to its origin, or
//! to an SSH remote by the key bound to its host (`crate::remote_auth`:
//! lent to the relay's own git, never to the workload).
//! A flag refuses the push (the agent reads Warden's reason in `remote:`
//! lines and is paused, as for any flag); a forward that fails refuses it
//! too — the relay then keeps nothing, the agent's branch is untouched.
//! Compound commands, refspecs, `--no-verify`, `-c` overrides, pushes by URL
//! and new branches all end here, since the check sees what arrived.

use compass_core::id::AgentId;
use compass_core::name::Name;
use compass_core::safe_git::{GitArgError, SafeGit};
use compass_warden::git::{LocalGit, Received, UPSTREAM_REFS};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

/// The git socket's file name in the workload's run dir.
pub(crate) const SOCKET: &str = "git.sock";
/// The helper binary (next to `compass`) that is both ends of the relay.
pub(crate) const HELPER: &str = "git-remote-compass";
/// How long the relay waits for the real remote before serving its last copy.
const REFRESH_TIMEOUT: Duration = Duration::from_secs(60);
/// A refresh that ended less than this long ago serves the next session
/// too, and concurrent sessions share one: each refresh is an authenticated
/// fetch from the user's forge, and an agent looping connections would
/// otherwise spend the user's forge quota (and look like abuse to it). A
/// view this stale is safe: the forward leases each ref on it (a remote
/// that moved refuses the forward), trunk is asked anew for every push, and
/// an older `refs/upstream/` only makes Warden read more. A forward clears
/// it, so the next session sees what was just published.
const REFRESH_REUSE: Duration = Duration::from_secs(10);
/// Bound on a pre-receive request (quarantine paths + ref updates); a
/// longer one refuses the push whole.
const MAX_REQUEST_BYTES: u64 = 1024 * 1024;
/// The longest `<service> <repo>` line a client may send.
const MAX_HEADER_BYTES: u64 = 256;
/// How much longer than the daemon's decision the pre-receive check waits
/// (so the daemon's own refusal, with its reason, arrives first).
const HOOK_GRACE: Duration = Duration::from_secs(30);
/// How many git sessions one agent's relay runs at once; more connections
/// are refused (each session is a host-side git process).
const MAX_SESSIONS: usize = 4;

/// The relay's limits, set by daemon flags (`--relay-max-push-bytes`,
/// `--relay-header-timeout`, `--relay-decide-timeout`,
/// `--relay-session-timeout`). Every one bounds what a hostile client can
/// cost the host: bytes on its disk, a task and a git process held open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RelayLimits {
    /// The most a client may send in one session (a push's commands and
    /// pack): past it git is stopped and the connection closed, nothing
    /// forwarded. Git itself refuses a pack over this size with a reason.
    pub max_push_bytes: u64,
    /// How long a client may take to name its service.
    pub header: Duration,
    /// How long Warden's check and the forward of one push may take; past
    /// it the push is refused with a reason.
    pub decide: Duration,
    /// How long one git session may last in all: a push or fetch that
    /// cannot complete (a client that stalls) ends instead of hanging.
    pub session: Duration,
}

impl Default for RelayLimits {
    fn default() -> Self {
        Self {
            max_push_bytes: 512 * 1024 * 1024,
            header: Duration::from_secs(10),
            decide: Duration::from_secs(300),
            session: Duration::from_secs(600),
        }
    }
}

/// Why the relay could not be set up or run a git command.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RelayError {
    #[error(transparent)]
    Arg(#[from] GitArgError),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("git {command} failed: {stderr}")]
    Git { command: String, stderr: String },
    #[error(transparent)]
    Secret(#[from] crate::secrets::SecretError),
}

fn io_err(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> RelayError {
    let context = context.into();
    move |source| RelayError::Io { context, source }
}

/// Run a host-side safe git command on a Compass-owned repository.
async fn run(cmd: &SafeGit) -> Result<String, RelayError> {
    let out = compass_capture::capture(cmd.command().into(), None, compass_capture::DEFAULT_LIMIT)
        .await
        .map_err(io_err(format!("running git {}", cmd.display())))?;
    if out.truncated {
        return Err(RelayError::Git {
            command: cmd.display(),
            stderr: format!("printed more than {} bytes", compass_capture::DEFAULT_LIMIT),
        });
    }
    if !out.status.success() {
        return Err(RelayError::Git {
            command: cmd.display(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The relay directory of an agent's state dir.
pub(crate) fn relay_root(state_dir: &Path) -> PathBuf {
    state_dir.join("relay")
}

/// The real remote's refs as an agent's relay last fetched them (its
/// `refs/upstream/`, named as on the remote),
/// for Warden's early push plan; `None` when `url` is no relay URL or the
/// relay does not exist.
pub(crate) async fn relay_refs(state_dir: &Path, url: &str) -> Option<Vec<(String, String)>> {
    let repo = Name::parse(url.strip_prefix(compass_core::safe_git::RELAY_PREFIX)?).ok()?;
    let dir = relay_root(state_dir).join(format!("{}.git", repo.as_str()));
    if !dir.is_dir() {
        return None;
    }
    let cmd = SafeGit::in_dir(&dir)
        .ok()?
        .args(["for-each-ref", "--format=%(refname) %(objectname)"])
        .value("namespace", UPSTREAM_REFS)
        .ok()?;
    let listing = run(&cmd).await.ok()?;
    Some(
        listing
            .lines()
            .filter_map(|l| l.split_once(' '))
            .filter_map(|(r, s)| {
                Some((
                    format!("refs/{}", r.strip_prefix(UPSTREAM_REFS)?),
                    s.to_owned(),
                ))
            })
            .collect(),
    )
}

/// Which git service a client asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Service {
    Receive,
    Upload,
}

impl Service {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "git-receive-pack" => Some(Self::Receive),
            "git-upload-pack" => Some(Self::Upload),
            _ => None,
        }
    }
}

/// Why a relay session ended before git did.
enum Ended {
    Exited(std::io::Result<std::process::ExitStatus>),
    OverCap,
}

/// Read a client's `<service> <repo>\n` line: a service the relay serves
/// and one of `served` (this agent's own repositories), named exactly.
/// `Err` says why, for the client.
fn parse_request<'a>(
    line: &[u8],
    served: impl Iterator<Item = &'a String> + Clone,
) -> Result<(Service, String), String> {
    let list = || {
        served
            .clone()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(line) = line.strip_suffix(b"\n") else {
        return Err(format!(
            "no request line (`<service> <repo>` and a newline, at most {MAX_HEADER_BYTES} bytes)"
        ));
    };
    let line = std::str::from_utf8(line).map_err(|_| "the request line is not UTF-8".to_owned())?;
    let Some((service, repo)) = line.split_once(' ') else {
        return Err(format!(
            "the request line {:?} names no repository",
            line.escape_debug().to_string()
        ));
    };
    let service = Service::parse(service).ok_or_else(|| {
        format!(
            "the Compass relay serves git-receive-pack and git-upload-pack, not {:?}",
            service.escape_debug().to_string()
        )
    })?;
    let known = Name::parse(repo).is_ok() && served.clone().any(|r| r == repo);
    if !known {
        return Err(format!(
            "{:?} is not a repository of this agent's relay (it serves {})",
            repo.escape_debug().to_string(),
            list()
        ));
    }
    Ok((service, repo.to_owned()))
}

/// What the relay did with one push.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decided {
    /// Refused (by Warden, or the forward failed): nothing reached the remote.
    Refused,
    /// Forwarded to the real remote, whose trunk was `trunk` just before
    /// (`None` when the relay could not tell).
    Forwarded { trunk: Option<String> },
}

/// Told of each push the relay decided: the refs it carried (name and new
/// commit; `None` deletes) and what became of them. The agents' channel
/// records each repo's push state from it, and merge detection the
/// forwards (the only tips it counts).
pub(crate) trait PushObserver: Send + Sync {
    fn decided(
        &self,
        agent: &AgentId,
        repo: &str,
        refs: Vec<(String, Option<String>)>,
        decided: Decided,
    );
}

/// One agent's relay: its repositories and where each forwards to.
#[derive(Debug)]
pub(crate) struct PushRelay {
    agent: AgentId,
    /// The agent's name: its workstream branches are `compass/<name>/…`,
    /// and no other agent's are its to push.
    name: Name,
    root: PathBuf,
    /// Repo name → the project's real remote (a path or URL).
    upstreams: BTreeMap<String, String>,
    warden: Arc<compass_warden::Warden>,
    /// Where forge-bound secrets are lent from (`crate::forge`).
    secrets: crate::secrets::SecretStore,
    /// The host's `git-remote-compass` (also git's credential helper).
    helper: PathBuf,
    limits: RelayLimits,
    /// Told of every push forwarded or refused (each repo's push state).
    observer: Arc<dyn PushObserver>,
    /// Repo name → when its last refresh ended; the lock makes concurrent
    /// sessions share one ([`REFRESH_REUSE`]).
    refreshed: BTreeMap<String, tokio::sync::Mutex<Option<tokio::time::Instant>>>,
}

impl std::fmt::Debug for dyn PushObserver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PushObserver")
    }
}

/// What every agent's relay shares with the daemon.
#[derive(Debug, Clone)]
pub(crate) struct RelayDeps<'a> {
    pub(crate) warden: Arc<compass_warden::Warden>,
    /// Where forge-bound secrets are lent from.
    pub(crate) secrets: crate::secrets::SecretStore,
    /// The `git-remote-compass` binary on the host.
    pub(crate) helper: &'a Path,
    pub(crate) limits: RelayLimits,
    pub(crate) observer: Arc<dyn PushObserver>,
}

impl PushRelay {
    /// Make (or adopt) the agent's relay repositories and the Compass-owned
    /// hook that calls back here.
    pub(crate) async fn prepare(
        agent: AgentId,
        name: Name,
        state_dir: &Path,
        repos: &[(Name, String)],
        deps: RelayDeps<'_>,
    ) -> Result<Arc<Self>, RelayError> {
        use std::os::unix::fs::PermissionsExt;
        let RelayDeps {
            warden,
            secrets,
            helper,
            limits,
            observer,
        } = deps;
        let root = relay_root(state_dir);
        let hooks = root.join("hooks");
        fs_err::create_dir_all(&hooks).map_err(io_err("creating the relay dir"))?;
        fs_err::set_permissions(&root, std::fs::Permissions::from_mode(0o700))
            .map_err(io_err("restricting the relay dir"))?;
        let helper_path = helper.to_string_lossy();
        compass_core::safe_git::check_path("relay helper", &helper_path)?;
        if helper_path.contains('\'') || !helper.is_file() {
            return Err(RelayError::Io {
                context: format!("the relay helper {helper_path} (built next to compass)"),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            });
        }
        let hook = hooks.join("pre-receive");
        fs_err::write(
            &hook,
            format!("#!/bin/sh\nexec '{helper_path}' --pre-receive\n"),
        )
        .map_err(io_err("writing the relay's pre-receive check"))?;
        fs_err::set_permissions(&hook, std::fs::Permissions::from_mode(0o700))
            .map_err(io_err("making the pre-receive check executable"))?;
        let relay = Self {
            agent,
            name,
            root,
            upstreams: repos
                .iter()
                .map(|(n, u)| (n.as_str().to_owned(), u.trim().to_owned()))
                .collect(),
            warden,
            secrets,
            helper: helper.to_owned(),
            limits,
            observer,
            refreshed: repos
                .iter()
                .map(|(n, _)| (n.as_str().to_owned(), tokio::sync::Mutex::new(None)))
                .collect(),
        };
        for name in relay.upstreams.keys() {
            let dir = relay.repo_dir(name);
            if !dir.join("HEAD").is_file() {
                run(&SafeGit::in_dir(&relay.root)?
                    .args(["init", "--quiet", "--bare"])
                    .path("relay repository", &dir)?)
                .await?;
            }
            relay.refresh_shared(name).await;
        }
        Ok(Arc::new(relay))
    }

    fn repo_dir(&self, name: &str) -> PathBuf {
        self.root.join(format!("{name}.git"))
    }

    /// Safe git on a relay repository that talks to `upstream`: transports
    /// open, and the secret bound to the upstream's forge or SSH host lent
    /// to it for as long as the returned lease lives (keep it until git has
    /// ended).
    fn git_to(
        &self,
        dir: &Path,
        upstream: &str,
    ) -> Result<(SafeGit, crate::remote_auth::HostAuth), RelayError> {
        let cmd = SafeGit::in_dir(dir)?.allow_transports();
        let lent = crate::remote_auth::HostAuth::start(&self.secrets, &self.helper, [upstream])?;
        Ok(match lent.auth() {
            Some(auth) => (cmd.remote_auth(auth), lent),
            None => (cmd, lent),
        })
    }

    /// Bring the relay's refs up to the real remote's, so what the agent
    /// sees advertised is the remote as it is now. The same refs are kept
    /// under `refs/upstream/` (`compass_warden::git::UPSTREAM_REFS`), which
    /// only this fetch writes: the agent's git never sees it nor pushes
    /// to it, and Warden's base ("what the remote lacks") is read there
    /// alone. `--prune` drops what the remote no longer has from both.
    async fn refresh(&self, name: &str) -> Result<(), RelayError> {
        let upstream = &self.upstreams[name];
        let (cmd, _lent) = self.git_to(&self.repo_dir(name), upstream)?;
        let cmd = cmd
            .args(["fetch", "--quiet", "--prune", "--no-tags"])
            .value("remote", upstream)?
            .args([
                "+refs/heads/*:refs/heads/*",
                "+refs/tags/*:refs/tags/*",
                "+refs/heads/*:refs/upstream/heads/*",
                "+refs/tags/*:refs/upstream/tags/*",
            ]);
        run(&cmd).await.map(drop)
    }

    /// [`Self::refresh`], at most once per [`REFRESH_REUSE`] per repo and
    /// shared by concurrent sessions; best effort (the last copy is served
    /// when the remote does not answer in time).
    async fn refresh_shared(&self, name: &str) {
        let Some(slot) = self.refreshed.get(name) else {
            return;
        };
        let mut last = slot.lock().await;
        if last.is_some_and(|t| t.elapsed() < REFRESH_REUSE) {
            return;
        }
        match tokio::time::timeout(REFRESH_TIMEOUT, self.refresh(name)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::warn!(agent = %self.agent, error = %e, repo = name, "the relay serves its last copy: the real remote did not answer");
            }
            Err(_) => {
                tracing::warn!(agent = %self.agent, repo = name, "the relay serves its last copy: the real remote did not answer in time");
            }
        }
        // A failed refresh counts too: a remote that is down is not asked
        // again by every connection.
        *last = Some(tokio::time::Instant::now());
    }

    /// The next session refreshes (a forward changed the remote).
    async fn refresh_needed(&self, name: &str) {
        if let Some(slot) = self.refreshed.get(name) {
            *slot.lock().await = None;
        }
    }

    /// The real remote's default branch (`refs/heads/…`), which Warden
    /// protects whatever its name; `Ok(None)` when the remote names none
    /// (HEAD is no branch). `Err` when it could not be asked: the caller
    /// then does not know which branch is trunk and refuses the push.
    async fn trunk_of(&self, name: &str) -> Result<Option<String>, RelayError> {
        let upstream = &self.upstreams[name];
        let (cmd, _lent) = self.git_to(&self.repo_dir(name), upstream)?;
        let cmd = cmd
            .args(["ls-remote", "--symref"])
            .value("remote", upstream)?
            .args(["HEAD"]);
        let out = run(&cmd).await?;
        Ok(out.lines().find_map(|l| {
            let (target, name) = l.strip_prefix("ref: ")?.split_once('\t')?;
            (name == "HEAD" && target.starts_with("refs/heads/")).then(|| target.to_owned())
        }))
    }

    /// The commit `name` (a full ref) names in relay repository `dir`.
    async fn commit_of(&self, dir: &Path, name: &str) -> Option<String> {
        let spec = format!("{name}^{{commit}}");
        let cmd = SafeGit::in_dir(dir)
            .ok()?
            .args(["rev-parse", "--verify", "--quiet"])
            .value("ref", &spec)
            .ok()?;
        let sha = run(&cmd).await.ok()?.trim().to_owned();
        (!sha.is_empty()).then_some(sha)
    }

    /// Serve the workload's git socket until the task is aborted (an
    /// accept error is rested through, never the end: `compass_listen`),
    /// [`MAX_SESSIONS`] git sessions at once; a client past that is told
    /// why and closed.
    pub(crate) fn serve(self: Arc<Self>, listener: UnixListener) -> tokio::task::JoinHandle<()> {
        let admission = compass_listen::Admission {
            what: "git relay socket",
            max: MAX_SESSIONS,
        };
        let span = tracing::info_span!("relay_socket", agent = %self.agent);
        tokio::spawn(tracing::Instrument::instrument(
            compass_listen::serve(
                listener,
                admission,
                move |stream| {
                    let relay = Arc::clone(&self);
                    async move {
                        if let Err(e) = Arc::clone(&relay).connection(stream).await {
                            tracing::warn!(agent = %relay.agent, error = %e, "a relay connection failed");
                        }
                    }
                },
                |mut stream| async move {
                    let why = format!(
                        "error the Compass relay runs at most {MAX_SESSIONS} git sessions at once; try again when one has ended\n"
                    );
                    let _ = tokio::time::timeout(
                        Duration::from_secs(5),
                        stream.write_all(why.as_bytes()),
                    )
                    .await;
                },
            ),
            span,
        ))
    }

    /// One client: `<service> <repo>\n`, then git's own protocol. A
    /// client that names no service in time, one this relay does not
    /// serve, or a repository that is not its own is told why and closed.
    async fn connection(self: Arc<Self>, stream: UnixStream) -> Result<(), RelayError> {
        let (read, mut write) = stream.into_split();
        let mut reader = BufReader::new(read);
        let mut header = Vec::new();
        let got = tokio::time::timeout(
            self.limits.header,
            (&mut reader)
                .take(MAX_HEADER_BYTES)
                .read_until(b'\n', &mut header),
        )
        .await;
        let request = match got {
            Ok(Ok(_)) => parse_request(&header, self.upstreams.keys()),
            Ok(Err(e)) => Err(format!("the request line could not be read: {e}")),
            Err(_) => Err(format!(
                "no request line within {}s",
                self.limits.header.as_secs_f32()
            )),
        };
        let (service, repo) = match request {
            Ok(r) => r,
            Err(why) => {
                tracing::info!(agent = %self.agent, why, "the relay refused a client");
                let _ = write.write_all(format!("error {why}\n").as_bytes()).await;
                return Ok(());
            }
        };
        self.refresh_shared(&repo).await;
        let dir = self.repo_dir(&repo);
        // The fetched copy of the remote is Compass's alone: never shown
        // to the agent's git, and a push to it is refused by git.
        let mut cmd = SafeGit::in_dir(&dir)?.hide_refs(UPSTREAM_REFS);
        let mut decision = None;
        cmd = match service {
            Service::Upload => cmd.args(["upload-pack"]),
            Service::Receive => {
                let socket = self
                    .root
                    .join(format!("decide-{:016x}.sock", rand::random::<u64>()));
                let listener = UnixListener::bind(&socket)
                    .map_err(io_err(format!("binding {}", socket.display())))?;
                let relay = Arc::clone(&self);
                let name = repo.clone();
                decision = Some((
                    socket.clone(),
                    tokio::spawn(async move { relay.decide_one(listener, &name).await }),
                ));
                cmd.hooks_from(&self.root.join("hooks"))?
                    .receive_checks(self.limits.max_push_bytes)
                    .env(
                        "COMPASS_RELAY_DECIDE",
                        "decision socket",
                        &socket.to_string_lossy(),
                    )?
                    .env(
                        "COMPASS_RELAY_VERDICT_SECS",
                        "verdict time limit",
                        &(self.limits.decide + HOOK_GRACE).as_secs().to_string(),
                    )?
                    .args(["receive-pack"])
            }
        }
        .path("relay repository", &dir)?;
        let result = self.pipe(&cmd, reader, write).await;
        if let Some((socket, task)) = decision {
            task.abort();
            let _ = fs_err::remove_file(socket);
        }
        result
    }

    /// Run `cmd` with its stdio joined to the client.
    async fn pipe(
        &self,
        cmd: &SafeGit,
        mut reader: BufReader<tokio::net::unix::OwnedReadHalf>,
        mut write: tokio::net::unix::OwnedWriteHalf,
    ) -> Result<(), RelayError> {
        let mut child = tokio::process::Command::from(cmd.command())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(io_err(format!("starting git {}", cmd.display())))?;
        write
            .write_all(b"ok\n")
            .await
            .map_err(io_err("answering the relay client"))?;
        let (Some(mut stdin), Some(mut stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(RelayError::Io {
                context: "git's pipes".into(),
                source: std::io::Error::other("missing"),
            });
        };
        // Client → git, at most the cap: past it the session ends (a
        // client that only ever sends never makes `up` finish otherwise).
        let cap = self.limits.max_push_bytes;
        let up = async move {
            let copied = tokio::io::copy(&mut (&mut reader).take(cap + 1), &mut stdin)
                .await
                .unwrap_or(0);
            drop(stdin);
            if copied <= cap {
                std::future::pending::<()>().await;
            }
        };
        let down = async move {
            let _ = tokio::io::copy(&mut stdout, &mut write).await;
            let _ = write.shutdown().await;
        };
        let mut errors = String::new();
        let mut limited = (&mut stderr).take(64 * 1024);
        let errs = limited.read_to_string(&mut errors);
        let session = async {
            tokio::select! {
                () = up => Ended::OverCap,
                (_, _, status) = async { tokio::join!(down, errs, child.wait()) } => Ended::Exited(status),
            }
        };
        let ended = tokio::time::timeout(self.limits.session, session).await;
        // Killed on every path but a clean exit; the client sees the hang-up.
        let _ = child.start_kill();
        let status = match ended {
            Ok(Ended::Exited(status)) => status.map_err(io_err("waiting for git"))?,
            Ok(Ended::OverCap) => {
                tracing::warn!(agent = %self.agent, command = %cmd.display(), cap, "a relay client sent more than the relay takes; the session was ended");
                return Ok(());
            }
            Err(_) => {
                tracing::warn!(agent = %self.agent, command = %cmd.display(), "a relay git session ran past its time limit and was ended");
                return Ok(());
            }
        };
        if !status.success() {
            tracing::info!(agent = %self.agent, command = %cmd.display(), stderr = %errors.trim(), "relay git ended with an error");
        }
        Ok(())
    }

    /// Answer the one pre-receive check of a push.
    async fn decide_one(&self, listener: UnixListener, repo: &str) {
        let Ok((mut stream, _)) = listener.accept().await else {
            return;
        };
        let mut request = String::new();
        // One byte past the cap: a longer request is refused whole, never
        // decided on its first part (receive-pack would apply the rest).
        let read = (&mut stream)
            .take(MAX_REQUEST_BYTES + 1)
            .read_to_string(&mut request)
            .await;
        let (accept, message) = match read {
            Ok(n) if n as u64 > MAX_REQUEST_BYTES => (
                false,
                format!(
                    "Compass refused this push: its ref updates are more than {MAX_REQUEST_BYTES} bytes, so none of them was judged; push fewer refs at once. Nothing was forwarded."
                ),
            ),
            Ok(_) => tokio::time::timeout(self.limits.decide, self.decide(repo, &request))
                .await
                .unwrap_or_else(|_| {
                    (
                        false,
                        format!(
                            "Compass refused this push: checking and forwarding it took longer than {}s",
                            self.limits.decide.as_secs()
                        ),
                    )
                }),
            Err(e) => (false, format!("Compass could not read the push: {e}")),
        };
        let verdict = if accept { "accept" } else { "refuse" };
        let _ = stream
            .write_all(format!("{verdict}\n{message}\n").as_bytes())
            .await;
    }

    /// Judge a received push and, when Warden clears it, forward it.
    /// Returns whether to accept, and what the agent is told.
    async fn decide(&self, repo: &str, request: &str) -> (bool, String) {
        let dir = self.repo_dir(repo);
        let upstream = &self.upstreams[repo];
        let (head, updates) = request.split_once("\n\n").unwrap_or((request, ""));
        let env = match quarantine_env(&dir, head) {
            Ok(env) => env,
            Err(why) => return (false, format!("Compass refused this push: {why}")),
        };
        let received = match compass_warden::git::parse_received(updates) {
            Ok(r) => r,
            Err(e) => return (false, format!("Compass refused this push: {e}")),
        };
        let refs: Vec<(String, Option<String>)> = received
            .iter()
            .map(|r| (r.refname.clone(), r.new.clone()))
            .collect();
        // The socket is the agent's identity: it publishes under its own
        // name only, and only branches. Another agent's workstream branch
        // is the one Compass opens that agent's pull request from and
        // reviews as its work; any other ref (trunk, `gh-pages`, tags,
        // `refs/replace/`, `refs/for/`, `refs/meta/config`, notes) changes
        // what the forge builds, serves or merges without a review: the
        // user's merges are the daemon's, never an agent's push. Refused
        // before Warden, so with Warden off too.
        if let Some(other) = received
            .iter()
            .find(|r| !is_own_branch(&r.refname, &self.name))
        {
            self.observer
                .decided(&self.agent, repo, refs, Decided::Refused);
            return (
                false,
                format!(
                    "Compass refused this push: {} is not under refs/heads/compass/{}/, this agent's own branches, and the relay forwards nothing else (another agent's branches, trunk, other branches, tags and other refs change through the user); nothing was forwarded.",
                    other.refname.escape_debug(),
                    self.name
                ),
            );
        }
        let dir_str = dir.to_string_lossy();
        let plan = compass_warden::git::received_plan(
            &LocalGit,
            &self.agent,
            &dir_str,
            &env,
            repo,
            upstream,
            &received,
        )
        .await;
        let mut plan = match plan {
            Ok(p) => p,
            Err(e) => {
                return (
                    false,
                    format!("Compass refused this push: it could not be inspected ({e})"),
                );
            }
        };
        // Without the remote's default branch, any ref may be trunk: fail
        // closed rather than let an agent land its work there unprotected.
        plan.trunk = match self.trunk_of(repo).await {
            Ok(trunk) => trunk,
            Err(e) => {
                tracing::warn!(agent = %self.agent, repo, error = %e, "the real remote's default branch could not be read; the push is refused");
                self.observer
                    .decided(&self.agent, repo, refs, Decided::Refused);
                return (
                    false,
                    format!(
                        "Compass could not read {repo}'s default branch from its remote, so it refused this push (trunk is protected){}; nothing was forwarded and your branch is as it was ({e}).",
                        why_failed(&e)
                    ),
                );
            }
        };
        // Trunk's commit as the relay fetched it for this push: merge
        // detection counts only trunk commits made after the forward.
        let trunk_before = match &plan.trunk {
            Some(name) => self.commit_of(&dir, name).await,
            None => None,
        };
        let decided = self.warden.inspect_received_push(&self.agent, &plan).await;
        let note = match decided.verdict.decision {
            compass_core::gate::Decision::Flag { reason } => {
                self.observer
                    .decided(&self.agent, repo, refs, Decided::Refused);
                return (
                    false,
                    format!(
                        "Warden refused this push: {reason}\nNothing was forwarded to {repo}'s remote; the agent is paused until the user decides (hash {}).",
                        decided.record.hash
                    ),
                );
            }
            compass_core::gate::Decision::Caution { note } => format!("\nWarden: {note}"),
            compass_core::gate::Decision::Clear => String::new(),
        };
        let forwarded = self.forward(&dir, &env, upstream, &received).await;
        if forwarded.is_ok() {
            self.refresh_needed(repo).await;
        }
        let decided = match forwarded {
            Ok(()) => Decided::Forwarded {
                trunk: trunk_before,
            },
            Err(_) => Decided::Refused,
        };
        self.observer.decided(&self.agent, repo, refs, decided);
        match forwarded {
            Ok(()) => (
                true,
                format!("Compass forwarded this push to {repo}'s remote.{note}"),
            ),
            Err(e) => (
                false,
                format!(
                    "Compass could not forward this push to {repo}'s remote{} ({e}); nothing changed there and your branch is as it was.",
                    why_failed(&e)
                ),
            ),
        }
    }

    /// Push exactly the received updates to the real remote, from the
    /// push's quarantine: each ref only if the remote still has what the
    /// relay saw, all or none.
    async fn forward(
        &self,
        dir: &Path,
        env: &[(&'static str, String)],
        upstream: &str,
        received: &[Received],
    ) -> Result<(), RelayError> {
        let (cmd, _lent) = self.git_to(dir, upstream)?;
        let mut cmd = cmd.args(["push", "--quiet", "--atomic", "--no-verify"]);
        for r in received {
            let lease = format!("{}:{}", r.refname, r.old.as_deref().unwrap_or(""));
            cmd = cmd.flag_value("--force-with-lease=", "lease", &lease)?;
        }
        cmd = cmd.value("remote", upstream)?;
        for r in received {
            let spec = format!("{}:{}", r.new.as_deref().unwrap_or(""), r.refname);
            cmd = cmd.value("refspec", &spec)?;
        }
        // The objects are read from the quarantine, but `GIT_QUARANTINE_PATH`
        // stays behind: it would reach the remote's receive-pack (git does
        // not clear it for a local transport), which then refuses every ref
        // update as "inside quarantine".
        for (key, value) in env.iter().filter(|(k, _)| *k != "GIT_QUARANTINE_PATH") {
            cmd = cmd.env(key, "quarantine path", value)?;
        }
        run(&cmd).await.map(drop)
    }
}

/// Whether `refname` is one of `agent`'s own branches,
/// `refs/heads/compass/<agent>/<branch>`: the only refs its relay takes.
fn is_own_branch(refname: &str, agent: &Name) -> bool {
    refname
        .strip_prefix("refs/heads/compass/")
        .and_then(|rest| rest.strip_prefix(agent.as_str()))
        .and_then(|rest| rest.strip_prefix('/'))
        .is_some_and(|branch| !branch.is_empty())
        && !compass_core::workstream::is_others_workstream_ref(refname, agent)
}

/// What a failed talk with the real remote means, said before git's own
/// words (`: …`, or nothing): an SSH host key that is not the pinned one.
fn why_failed(e: &RelayError) -> String {
    match e {
        RelayError::Git { stderr, .. } => crate::remote_auth::ssh_failure(stderr)
            .map(|w| format!(": {w}"))
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// The quarantine variables from the hook, checked to be exactly what
/// git's receive-pack sets for this relay repository (they come from git,
/// but over a socket): the object directory and the quarantine are one
/// real directory directly inside `objects`, the alternate is `objects`.
/// Nothing else on the host is ever read as a push's objects.
fn quarantine_env(dir: &Path, head: &str) -> Result<Vec<(&'static str, String)>, String> {
    let objects = dir.join("objects");
    let mut env = Vec::new();
    for line in head.lines() {
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("bad request line {:?}", line.escape_debug().to_string()))?;
        let key: &'static str = match key {
            "GIT_OBJECT_DIRECTORY" => "GIT_OBJECT_DIRECTORY",
            "GIT_ALTERNATE_OBJECT_DIRECTORIES" => "GIT_ALTERNATE_OBJECT_DIRECTORIES",
            "GIT_QUARANTINE_PATH" => "GIT_QUARANTINE_PATH",
            other => {
                return Err(format!(
                    "unexpected request field {:?}",
                    other.escape_debug().to_string()
                ));
            }
        };
        if value.is_empty() {
            continue;
        }
        let p = Path::new(value);
        let inside = if key == "GIT_ALTERNATE_OBJECT_DIRECTORIES" {
            p == objects
        } else {
            p.parent() == Some(objects.as_path())
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.contains("incoming-") && !n.starts_with('.'))
                && fs_err::symlink_metadata(p).is_ok_and(|m| m.is_dir())
        };
        if !inside || env.iter().any(|(k, _)| *k == key) {
            return Err(format!(
                "{key} {:?} is not this push's quarantine in the relay",
                value.escape_debug().to_string()
            ));
        }
        env.push((key, value.to_owned()));
    }
    let quarantine = env.iter().find(|(k, _)| *k == "GIT_QUARANTINE_PATH");
    let objects_dir = env.iter().find(|(k, _)| *k == "GIT_OBJECT_DIRECTORY");
    match (quarantine, objects_dir) {
        (None, _) => Err("the push arrived without a quarantine".into()),
        (Some((_, q)), Some((_, o))) if q != o => {
            Err("the push's object directory is not its quarantine".into())
        }
        _ => Ok(env),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarantine_paths_must_be_this_pushs_quarantine() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("relay/app.git");
        let objects = dir.join("objects");
        let q = objects.join("tmp_objdir-incoming-x1");
        fs_err::create_dir_all(&q).unwrap();
        fs_err::create_dir_all(tmp.path().join("elsewhere")).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("elsewhere"), objects.join("incoming-link"))
            .unwrap();
        let (o, q) = (objects.display(), q.display());
        let ok = format!(
            "GIT_OBJECT_DIRECTORY={q}\nGIT_ALTERNATE_OBJECT_DIRECTORIES={o}\nGIT_QUARANTINE_PATH={q}"
        );
        assert_eq!(quarantine_env(&dir, &ok).unwrap().len(), 3);
        for bad in [
            "GIT_QUARANTINE_PATH=/etc".to_owned(),
            format!("GIT_QUARANTINE_PATH={o}/../../x"),
            format!("GIT_QUARANTINE_PATH={q}/../../../elsewhere"),
            format!("GIT_QUARANTINE_PATH={o}/incoming-link"),
            format!("GIT_QUARANTINE_PATH={o}/incoming-missing"),
            format!("GIT_QUARANTINE_PATH={o}"),
            format!("GIT_QUARANTINE_PATH={o}/pack"),
            "GIT_QUARANTINE_PATH=relay/app.git/objects/tmp_objdir-incoming-x1".to_owned(),
            format!("GIT_QUARANTINE_PATH={q}\nGIT_ALTERNATE_OBJECT_DIRECTORIES={o}:/etc"),
            format!("GIT_QUARANTINE_PATH={q}\nGIT_ALTERNATE_OBJECT_DIRECTORIES=/etc"),
            format!("GIT_QUARANTINE_PATH={q}\nGIT_QUARANTINE_PATH={q}"),
            format!("GIT_QUARANTINE_PATH={q}\nGIT_OBJECT_DIRECTORY={o}"),
            format!("GIT_QUARANTINE_PATH={q}\nGIT_EXTERNAL_DIFF=/bin/sh"),
            format!("GIT_OBJECT_DIRECTORY={q}"),
        ] {
            assert!(quarantine_env(&dir, &bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn only_the_agents_own_branches_are_taken() {
        let atlas = Name::parse("atlas").unwrap();
        for ok in [
            "refs/heads/compass/atlas/demo-1",
            "refs/heads/compass/atlas/a/b",
        ] {
            assert!(is_own_branch(ok, &atlas), "{ok}");
        }
        for bad in [
            "refs/heads/main",
            "refs/heads/develop",
            "refs/heads/gh-pages",
            "refs/heads/compass",
            "refs/heads/compass/atlas",
            "refs/heads/compass/atlas/",
            "refs/heads/compass/atlasx/demo-1",
            "refs/heads/compass/bravo/demo-1",
            "refs/tags/compass/atlas/v1",
            "refs/replace/0123",
            "refs/for/main",
            "refs/meta/config",
            "refs/notes/commits",
            "refs/upstream/heads/compass/atlas/x",
            "refs/x/compass/atlas/y",
        ] {
            assert!(!is_own_branch(bad, &atlas), "{bad}");
        }
    }

    #[test]
    fn a_client_names_one_of_its_own_repositories_and_a_service() {
        let served = ["app".to_owned(), "docs".to_owned()];
        let parse = |line: &[u8]| parse_request(line, served.iter());
        assert_eq!(
            parse(b"git-receive-pack app\n").unwrap(),
            (Service::Receive, "app".to_owned())
        );
        assert_eq!(
            parse(b"git-upload-pack docs\n").unwrap(),
            (Service::Upload, "docs".to_owned())
        );
        for bad in [
            &b"git-receive-pack other\n"[..],
            b"git-receive-pack ../app\n",
            b"git-receive-pack app/../app\n",
            b"git-receive-pack /data/agents/agt-2/relay/app.git\n",
            b"git-receive-pack app\0x\n",
            b"git-receive-pack app \n",
            b"git-receive-pack  app\n",
            b"git-receive-pack app",
            b"git-upload-archive app\n",
            b"git-receive-pack\n",
            b"\xff app\n",
            b"\n",
        ] {
            let err = parse(bad).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
        }
    }
}
