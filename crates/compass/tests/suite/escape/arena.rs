//! The arena one attack runs in: a real daemon with its own data dir, a
//! fake host home and canary files outside every workload, a project whose
//! repo the agents clone, and a poller timing `compass status` throughout.
//! [`Arena::finish`] then checks that the host was not touched.
//!
//! Canary contents are words and digits (never token-shaped), so Warden's
//! redactor cannot hide a leaked canary from the checks.

use super::super::{BIN, TestDaemon, git};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

/// The longest `compass status` may take while an attack runs. A frozen
/// daemon never answers; a healthy one answers in tens of milliseconds.
pub(crate) const STATUS_BOUND: Duration = Duration::from_secs(2);
/// How long a CLI call may take before the daemon counts as frozen.
const CLI_LIMIT: Duration = Duration::from_secs(30);
/// How long one scripted turn may take.
const TURN_LIMIT: Duration = Duration::from_secs(60);
/// Printed by a scenario when a step that must fail succeeded. Scenarios
/// spell it `"ESC""APED:<what>"` so the command text itself never matches.
const ESCAPED: &str = "ESCAPED:";

/// The workload backends the suite runs against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backend {
    Sandbox,
    Oci,
    /// No isolation by design (it lists its missing protections): only
    /// the suite's own control runs here, to prove the checks see an escape.
    Host,
}

impl Backend {
    pub(crate) fn flag(self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::Oci => "oci",
            Self::Host => "host",
        }
    }
}

/// Whether Warden gates the agent. The boundary must hold with it off;
/// a few attacks are on Warden itself and need it on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WardenMode {
    On,
    Off,
}

/// A file outside every workload with known content.
#[derive(Debug, Clone)]
struct Canary {
    path: PathBuf,
    content: String,
}

/// What one turn printed, and whether it ended in time.
#[derive(Debug)]
pub(crate) struct Turn {
    pub(crate) text: String,
    pub(crate) ended: bool,
}

pub(crate) struct Arena {
    pub(crate) d: TestDaemon,
    pub(crate) backend: Backend,
    /// Canaries and the fake host home; never mounted anywhere.
    outside: tempfile::TempDir,
    /// Scenario files (not part of the checked tree).
    scratch: tempfile::TempDir,
    pub(crate) repo: PathBuf,
    /// The daemon's loopback (board) port.
    pub(crate) port: u16,
    nonce: String,
    canaries: Vec<Canary>,
    /// Text that must never reach an event, a log or a turn's output.
    forbidden: Vec<(String, String)>,
    /// Host paths that must not exist afterwards, with why.
    absent: Vec<(PathBuf, String)>,
    agents: Vec<String>,
    transcripts: Vec<String>,
    before: BTreeMap<PathBuf, String>,
    poller: Option<Poller>,
    /// Also check the daemon stops on SIGTERM once the checks are done.
    sigterm: bool,
    /// Warden's state as this arena last set it.
    warden: WardenMode,
    failures: Vec<String>,
    /// A private HTTP forge (`forge_project`) and the runtime serving it.
    forge: Option<(compass_test_support::GitHttpServer, tokio::runtime::Runtime)>,
    /// The project's SSH remote (`ssh_project`).
    sshd: Option<compass_test_support::Sshd>,
}

/// A `CANARY_SECRET` stored with `compass secret set` and granted to no
/// agent: its file must stay and its value must never show.
pub(crate) const CANARY_SECRET: &str = "CANARY_SECRET";

impl Arena {
    /// A daemon on `backend` with canaries planted and project `demo`
    /// (repo `app`) added. `None` when the backend cannot run agents here
    /// (skipped loudly, with the daemon's error).
    pub(crate) fn new(backend: Backend, warden: WardenMode) -> Option<Self> {
        Self::with_flags(backend, warden, &[])
    }

    /// [`Arena::new`] with more daemon flags (limits an attack tests).
    pub(crate) fn with_flags(backend: Backend, warden: WardenMode, flags: &[&str]) -> Option<Self> {
        compass_test_support::bins::scripted_agent();
        if !backend_runs_agents(backend) {
            return None;
        }
        let outside = tempfile::tempdir().unwrap();
        let scratch = tempfile::tempdir().unwrap();
        let nonce = format!(
            "{}{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .subsec_nanos()
        );
        let host_home = outside.path().join("host-home");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let port_flag = port.to_string();
        let mut args = vec!["--backend", backend.flag(), "--port", &port_flag];
        args.extend_from_slice(flags);
        let d = TestDaemon::start_with_env(&args, &[("HOME", host_home.to_str().unwrap())]);
        let repo = outside.path().join("src/app");
        fs_err::create_dir_all(&repo).unwrap();
        git(&repo, &["init", "-q", "-b", "main"]);
        fs_err::write(repo.join("README.md"), "# app\n").unwrap();
        fs_err::write(repo.join(".env"), super::DOTENV).unwrap();
        git(&repo, &["add", "-A"]);
        git(&repo, &["commit", "-q", "-m", "init"]);
        let mut arena = Self {
            d,
            backend,
            outside,
            scratch,
            repo,
            port,
            nonce,
            canaries: Vec::new(),
            forbidden: Vec::new(),
            absent: Vec::new(),
            agents: Vec::new(),
            transcripts: Vec::new(),
            before: BTreeMap::new(),
            poller: None,
            sigterm: false,
            warden: WardenMode::On,
            failures: Vec::new(),
            forge: None,
            sshd: None,
        };
        let data = arena.d.home().to_owned();
        for (path, what) in [
            (host_home.join(".ssh/id_rsa"), "ssh key"),
            (
                host_home.join(".cargo/credentials.toml"),
                "cargo credentials",
            ),
            (arena.outside.path().join("canary.txt"), "outside file"),
            (data.join("canary.txt"), "data dir file"),
        ] {
            let content = arena.content(what);
            arena.plant(&path, &content);
        }
        // An env-shaped host file (for the env-file symlink attack) and a
        // host git config.
        let env_value = arena.content("host env");
        arena.plant(
            &host_home.join(".config/creds.env"),
            &format!("CANARY_ENV={env_value}\n"),
        );
        arena.forbid(&env_value, "a host env file's value");
        let gitconfig = arena.content("host gitconfig");
        arena.plant(
            &host_home.join(".gitconfig"),
            &format!("[user]\n\tname = {gitconfig}\n"),
        );
        let secret = arena.content("stored secret");
        super::super::set_secret(&arena.d, CANARY_SECRET, &secret);
        arena.canaries.push(Canary {
            path: data.join("secrets").join(CANARY_SECRET),
            content: secret.clone(),
        });
        arena.forbid(&secret, "a stored secret no agent was granted");
        // The daemon redacts every stored value by exact match, so a leak
        // of it shows in the logs as its redaction marker.
        arena.forbid(
            &format!("[REDACTED:{CANARY_SECRET}]"),
            "a stored secret no agent was granted",
        );
        if warden == WardenMode::Off {
            arena.set_warden(WardenMode::Off);
        }
        arena.d.ok(&[
            "project",
            "add",
            "demo",
            "--repo",
            arena.repo.to_str().unwrap(),
        ]);
        arena.snapshot();
        arena.poller = Some(Poller::start(arena.d.home()));
        Some(arena)
    }

    /// Canary text: words and digits, unique to this arena.
    fn content(&self, what: &str) -> String {
        format!("canary {what} words {} stay home", self.nonce)
    }

    fn plant(&mut self, path: &Path, content: &str) {
        fs_err::create_dir_all(path.parent().unwrap()).unwrap();
        fs_err::write(path, content).unwrap();
        self.canaries.push(Canary {
            path: path.to_owned(),
            content: content.to_owned(),
        });
        self.forbid(content, &format!("the canary {}", path.display()));
    }

    /// A canary inside another agent's state (its home or clone).
    pub(crate) fn plant_in(&mut self, path: &Path, what: &str) {
        let content = self.content(what);
        self.plant(path, &content);
    }

    /// `text` must never show in an event, a log or a turn's output.
    pub(crate) fn forbid(&mut self, text: &str, why: &str) {
        self.forbidden.push((text.to_owned(), why.to_owned()));
    }

    /// `path` must not exist when the attack is over.
    pub(crate) fn must_not_exist(&mut self, path: PathBuf, why: &str) {
        self.absent.push((path, why.to_owned()));
    }

    /// End [`Arena::finish`] with SIGTERM: the daemon must exit within
    /// [`CLI_LIMIT`] (a worker stuck on an agent's file would keep it up).
    pub(crate) fn expect_sigterm_to_stop_the_daemon(&mut self) {
        self.sigterm = true;
    }

    fn sigterm_stops_the_daemon(&mut self) {
        let Some(mut child) = self.d.child.take() else {
            return;
        };
        let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap());
        let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM);
        let deadline = Instant::now() + CLI_LIMIT;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = child.kill();
        let _ = child.wait();
        self.fail(format!("the daemon ignored SIGTERM for {CLI_LIMIT:?}"));
    }

    /// Record a failed expectation; [`Arena::finish`] reports them all.
    pub(crate) fn fail(&mut self, why: String) {
        self.failures.push(why);
    }

    pub(crate) fn outside(&self) -> &Path {
        self.outside.path()
    }

    pub(crate) fn host_home(&self) -> PathBuf {
        self.outside().join("host-home")
    }

    /// The host state dir of agent `name` (`agents/agt-<row>`).
    pub(crate) fn state_dir(&self, name: &str) -> PathBuf {
        let id = self.d.json(&["agent", "show", name])["id"]
            .as_str()
            .unwrap()
            .replace('_', "-");
        self.d.home().join("agents").join(id)
    }

    /// The scenario with its placeholders filled in.
    pub(crate) fn fill(&self, scenario: &str) -> String {
        scenario
            .replace("@OUTSIDE@", self.outside().to_str().unwrap())
            .replace("@HOSTHOME@", self.host_home().to_str().unwrap())
            .replace("@DATA@", self.d.home().to_str().unwrap())
            .replace("@BIN@", Path::new(BIN).parent().unwrap().to_str().unwrap())
            .replace("@PORT@", &self.port.to_string())
    }

    /// Store a secret (before the attack: the snapshot is taken again).
    pub(crate) fn set_secret(&mut self, name: &str, value: &str) {
        super::super::set_secret(&self.d, name, value);
        self.snapshot();
    }

    /// Store a secret of any bytes (before the attack, like `set_secret`).
    pub(crate) fn set_secret_bytes(&mut self, name: &str, value: &[u8]) {
        let out = super::super::secret_set_bytes(&self.d, &[name], value);
        assert!(
            out.status.success(),
            "compass secret set {name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.snapshot();
    }

    /// `agent new` in `project` (default `demo`).
    pub(crate) fn new_agent(&mut self, name: &str, project: Option<&str>) {
        let mut args = vec!["agent", "new", name];
        if let Some(p) = project {
            args.extend(["--project", p]);
        }
        self.d.ok(&args);
        self.agents.push(name.to_owned());
    }

    /// `agent start` with this scenario (placeholders filled); `Err` with
    /// the CLI's stderr when the start is refused.
    pub(crate) fn start_agent(
        &mut self,
        name: &str,
        scenario: &str,
        extra: &[&str],
    ) -> Result<(), String> {
        let file = self.scratch.path().join(format!("{name}.toml"));
        fs_err::write(&file, self.fill(scenario)).unwrap();
        let mut args = vec!["agent", "start", name, "--scenario", file.to_str().unwrap()];
        args.extend(extra);
        let out = self.cli_for(&args, CLI_LIMIT);
        match out {
            Some(o) if o.status.success() => Ok(()),
            Some(o) => Err(String::from_utf8_lossy(&o.stderr).into_owned()),
            None => Err(format!(
                "`compass {args:?}` did not answer within {CLI_LIMIT:?}"
            )),
        }
    }

    /// New agent `name` in `demo`, started on `scenario`; panics if refused.
    pub(crate) fn agent(&mut self, name: &str, scenario: &str) {
        self.new_agent(name, None);
        if let Err(e) = self.start_agent(name, scenario, &[]) {
            panic!("agent {name} did not start: {e}");
        }
    }

    /// One turn, followed to its end (or [`TURN_LIMIT`]).
    pub(crate) fn turn(&mut self, name: &str) -> Turn {
        let out = self.cli_for(&["agent", "prompt", name, "go", "--follow"], TURN_LIMIT);
        let turn = match out {
            Some(o) => Turn {
                text: format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                ),
                ended: o.status.success(),
            },
            None => Turn {
                text: String::new(),
                ended: false,
            },
        };
        // With Warden off nothing may block a step: a blocked step means
        // the attack never ran, and its passing would prove nothing.
        if self.warden == WardenMode::Off && turn.text.contains("Blocked by PreToolUse hook") {
            self.fail(format!(
                "a step of {name}'s turn was blocked with Warden off: the attack did not run"
            ));
        }
        self.transcripts.push(turn.text.clone());
        turn
    }

    /// A turn that must end; its failure to end is recorded.
    pub(crate) fn turn_ends(&mut self, name: &str) -> Turn {
        let turn = self.turn(name);
        if !turn.ended {
            self.fail(format!(
                "{name}'s turn did not end within {TURN_LIMIT:?}: {}",
                turn.text
            ));
        }
        turn
    }

    /// Stop and start `name` again (the host redoes its start-time work).
    pub(crate) fn restart_agent(&mut self, name: &str) -> Result<(), String> {
        match self.cli_for(&["agent", "stop", name], CLI_LIMIT) {
            Some(o) if o.status.success() => {}
            Some(o) => return Err(String::from_utf8_lossy(&o.stderr).into_owned()),
            None => return Err("`agent stop` did not answer".to_owned()),
        }
        match self.cli_for(&["agent", "start", name], CLI_LIMIT) {
            Some(o) if o.status.success() => Ok(()),
            Some(o) => Err(String::from_utf8_lossy(&o.stderr).into_owned()),
            None => Err("`agent start` did not answer".to_owned()),
        }
    }

    /// Project `name` whose real remote is a bare copy of the demo repo
    /// kept outside the checked trees: an attack whose own pushes must
    /// land somewhere (to keep a relay decision busy) pushes there.
    pub(crate) fn bare_project(&mut self, name: &str) -> PathBuf {
        let bare = self.scratch.path().join(format!("{name}.git"));
        git(
            self.scratch.path(),
            &[
                "clone",
                "-q",
                "--bare",
                self.repo.to_str().unwrap(),
                bare.to_str().unwrap(),
            ],
        );
        self.d
            .ok(&["project", "add", name, "--repo", bare.to_str().unwrap()]);
        bare
    }

    /// Project `name` whose real remote is repo `app.git` on a private HTTP
    /// forge (loopback, basic auth, kept outside the checked trees), with
    /// the forge's token stored as `FORGE_TOKEN` bound to its origin: a
    /// canary no agent, log or event may ever hold. Returns the bare repo
    /// and the forge's `host:port`.
    pub(crate) fn forge_project(&mut self, name: &str) -> (PathBuf, String) {
        use compass_test_support::git_http_server::{GitHttpServer, bare_repo};
        let root = self.scratch.path().join("forge");
        fs_err::create_dir_all(&root).unwrap();
        let bare = bare_repo(&root, "app.git", &[("README.md", "# app\n")]);
        let token = self.content("forge token");
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let server = rt
            .block_on(GitHttpServer::start(&root, "bot", &token))
            .unwrap();
        let out = super::super::secret_set_with(
            &self.d,
            &[
                "FORGE_TOKEN",
                "--forge",
                &server.origin(),
                "--username",
                "bot",
            ],
            &token,
        );
        assert!(
            out.status.success(),
            "binding the forge token: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.canaries.push(Canary {
            path: self.d.home().join("secrets/FORGE_TOKEN"),
            content: token.clone(),
        });
        self.forbid(&token, "the forge token the relay lends its own git");
        self.forbid(
            "[REDACTED:FORGE_TOKEN]",
            "the forge token the relay lends its own git",
        );
        self.d
            .ok(&["project", "add", name, "--repo", &server.url("app.git")]);
        let host = server.origin().trim_start_matches("http://").to_owned();
        self.forge = Some((server, rt));
        self.snapshot();
        (bare, host)
    }

    /// Requests the forge answered (see [`Self::forge_project`]).
    /// Project `name` on a bare repo behind a real sshd (`None` where no
    /// sshd runs), its private key bound with `--ssh-key` (a canary: the
    /// key file must stay as it is, and no line of it may show anywhere).
    /// Returns the bare repo and the server's port.
    pub(crate) fn ssh_project(&mut self, name: &str) -> Option<(PathBuf, u16)> {
        use compass_test_support::git_http_server::bare_repo;
        if !compass_test_support::Sshd::available() {
            assert!(
                !compass_test_support::skips_forbidden(),
                "no sshd, and COMPASS_REQUIRE_ALL=1 forbids skipping"
            );
            compass_test_support::skip_loudly(
                "compass escape (ssh key)",
                "no /usr/sbin/sshd (apt-get install openssh-server)",
            );
            return None;
        }
        let root = self.scratch.path().join("ssh");
        let sshd = compass_test_support::Sshd::start(&root.join("sshd")).unwrap();
        let bare = bare_repo(&root, "app.git", &[("README.md", "# app\n")]);
        let known = root.join("known_hosts");
        fs_err::write(&known, sshd.known_hosts()).unwrap();
        let out = super::super::secret_set_with(
            &self.d,
            &[
                "DEPLOY_KEY",
                "--ssh-key",
                &sshd.origin(),
                "--known-hosts",
                known.to_str().unwrap(),
            ],
            sshd.client_key(),
        );
        assert!(
            out.status.success(),
            "binding the SSH key: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.canaries.push(Canary {
            path: self.d.home().join("secrets/DEPLOY_KEY"),
            content: sshd.client_key().to_owned(),
        });
        for line in sshd
            .client_key()
            .lines()
            .filter(|l| !l.starts_with("-----"))
        {
            self.forbid(line, "the SSH key the relay's ssh uses");
        }
        self.d
            .ok(&["project", "add", name, "--repo", &sshd.url(&bare)]);
        let port = sshd.port();
        self.sshd = Some(sshd);
        self.snapshot();
        Some((bare, port))
    }

    pub(crate) fn forge_requests(&self) -> Vec<compass_test_support::GitRequest> {
        self.forge
            .as_ref()
            .map(|(s, _)| s.requests())
            .unwrap_or_default()
    }

    /// Everything agent `name` streamed, in full (`agent log --json`): a
    /// turn's followed output shows each tool's first line only.
    pub(crate) fn agent_log(&self, name: &str) -> String {
        let args = ["agent", "log", name, "--json", "--limit", "100000"];
        match self.cli_for(&args, CLI_LIMIT) {
            Some(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
            _ => String::new(),
        }
    }

    /// Turn Warden on or off (as the user would).
    pub(crate) fn set_warden(&mut self, mode: WardenMode) {
        self.warden = mode;
        let verb = match mode {
            WardenMode::On => "on",
            WardenMode::Off => "off",
        };
        self.d.ok(&["warden", verb]);
    }

    /// Whether Warden is on, as the daemon says.
    pub(crate) fn warden_on(&self) -> bool {
        self.d.json(&["warden", "status"])["enabled"].as_bool() == Some(true)
    }

    /// A CLI call with a deadline: `None` if it did not finish.
    pub(crate) fn cli_for(&self, args: &[&str], limit: Duration) -> Option<Output> {
        let mut cmd = Command::new(BIN);
        cmd.args(args).env("COMPASS_HOME", self.d.home());
        run_for(cmd, limit)
    }

    /// A CLI call left running (stdin, stdout and stderr piped): the
    /// caller writes, waits or kills it.
    pub(crate) fn cli_spawn(&self, args: &[&str]) -> std::process::Child {
        Command::new(BIN)
            .args(args)
            .env("COMPASS_HOME", self.d.home())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Every file and symlink under the checked trees: the outside dir and
    /// the data dir minus the agents' state and the daemon's own files.
    fn tree(&self) -> BTreeMap<PathBuf, String> {
        let mut map = BTreeMap::new();
        walk(self.outside(), &mut map);
        let skip = [
            "agents",
            "compass.db",
            "compass.db-wal",
            "compass.db-shm",
            "compass.sock",
            "daemon.lock",
            // Warden's memory of credentials agents read, written by the
            // daemon itself (owner-only) so it survives a restart.
            "warden-held",
        ];
        for entry in fs_err::read_dir(self.d.home()).unwrap().flatten() {
            let name = entry.file_name();
            if !skip.iter().any(|s| name == *s) {
                walk(&entry.path(), &mut map);
            }
        }
        map
    }

    fn snapshot(&mut self) {
        self.before = self.tree();
    }

    /// Every log the daemon keeps that an agent's words reach.
    fn logs(&mut self) -> Vec<(String, String)> {
        let mut queries: Vec<(String, Vec<String>)> = vec![
            (
                "the event log".into(),
                vec!["events".into(), "--json".into()],
            ),
            (
                "Warden's audit log".into(),
                vec!["warden".into(), "log".into(), "--json".into()],
            ),
            (
                "the board".into(),
                ["board", "--project", "demo", "--json"]
                    .map(str::to_owned)
                    .to_vec(),
            ),
        ];
        for name in &self.agents {
            // The agent's record: a pause reason is stored and shown there.
            queries.push((
                format!("{name}'s record"),
                ["agent", "show", name, "--json"]
                    .map(str::to_owned)
                    .to_vec(),
            ));
            queries.push((
                format!("{name}'s log"),
                ["agent", "log", name, "--json", "--limit", "100000"]
                    .map(str::to_owned)
                    .to_vec(),
            ));
        }
        let mut logs = Vec::new();
        for (label, args) in queries {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            match self.cli_for(&args, CLI_LIMIT) {
                Some(o) if o.status.success() => {
                    logs.push((label, String::from_utf8_lossy(&o.stdout).into_owned()));
                }
                _ => self.failures.push(format!(
                    "`compass {args:?}` did not answer after the attack"
                )),
            }
        }
        for (i, t) in self.transcripts.iter().enumerate() {
            logs.push((format!("turn {i}'s output"), t.clone()));
        }
        logs
    }

    /// The output of the last turn followed (empty if none answered).
    pub(crate) fn last_turn(&self) -> String {
        self.transcripts.last().cloned().unwrap_or_default()
    }

    /// The checks every attack ends with; panics listing every failure.
    pub(crate) fn finish(mut self) {
        let (max, polls) = self.poller.take().map_or((Duration::ZERO, 0), Poller::stop);
        if max > STATUS_BOUND {
            self.fail(format!(
                "`compass status` took {max:?} during the attack (bound {STATUS_BOUND:?}, {polls} polls): the daemon froze"
            ));
        }
        for c in self.canaries.clone() {
            match fs_err::read_to_string(&c.path) {
                Ok(now) if now == c.content => {}
                Ok(now) => self.fail(format!(
                    "canary {} was changed to {now:?}",
                    c.path.display()
                )),
                Err(e) => self.fail(format!("canary {} is gone: {e}", c.path.display())),
            }
        }
        let after = self.tree();
        for (path, was) in &self.before {
            match after.get(path) {
                None => self
                    .failures
                    .push(format!("{} was deleted", path.display())),
                Some(now) if now != was => {
                    self.failures
                        .push(format!("{} changed: {was} -> {now}", path.display()));
                }
                Some(_) => {}
            }
        }
        for (path, what) in &after {
            if !self.before.contains_key(path) {
                self.failures.push(format!(
                    "{} appeared outside the state dir ({what})",
                    path.display()
                ));
            }
        }
        for (path, why) in self.absent.clone() {
            if fs_err::symlink_metadata(&path).is_ok() {
                self.fail(format!("{} exists: {why}", path.display()));
            }
        }
        let start = Instant::now();
        match self.cli_for(&["status"], STATUS_BOUND * 5) {
            Some(o) if o.status.success() && start.elapsed() <= STATUS_BOUND => {}
            Some(o) if o.status.success() => {
                let took = start.elapsed();
                self.fail(format!("`compass status` took {took:?} after the attack"));
            }
            _ => {
                // Frozen: every later query would wait out its limit too.
                self.fail("the daemon does not answer `compass status` after the attack".into());
                if self.sigterm {
                    self.sigterm_stops_the_daemon();
                }
                self.finish_failed();
            }
        }
        if let Some(child) = self.d.child.as_mut()
            && let Ok(Some(status)) = child.try_wait()
        {
            self.fail(format!("the daemon exited: {status}"));
        }
        let debug = std::env::var_os("ESCAPE_DEBUG").is_some();
        for (label, text) in self.logs() {
            if debug {
                eprintln!("===== {label}\n{text}");
            }
            for (needle, why) in &self.forbidden {
                if text.contains(needle.as_str()) {
                    self.failures.push(format!("{why} is in {label}"));
                }
            }
            // Every marker, each once per log (JSON escapes newlines, so
            // a marker ends at a backslash, a quote or whitespace).
            let mut seen = std::collections::BTreeSet::new();
            for (at, _) in text.match_indices(ESCAPED) {
                let what: String = text[at..]
                    .chars()
                    .take_while(|c| !matches!(c, '\\' | '"') && !c.is_whitespace())
                    .take(80)
                    .collect();
                if seen.insert(what.clone()) {
                    self.failures.push(format!(
                        "the agent reported a step that must fail: {what} (in {label})"
                    ));
                }
            }
        }
        if self.sigterm {
            self.sigterm_stops_the_daemon();
        }
        self.finish_failed();
    }

    /// Panic with every failure recorded so far (if any).
    fn finish_failed(&mut self) {
        self.failures.dedup();
        assert!(
            self.failures.is_empty(),
            "the {:?} boundary did not hold:\n  - {}",
            self.backend,
            self.failures.join("\n  - ")
        );
    }
}

/// Path -> what is there (file content hash, link target, dir).
fn walk(path: &Path, map: &mut BTreeMap<PathBuf, String>) {
    let Ok(meta) = fs_err::symlink_metadata(path) else {
        return;
    };
    let what = if meta.is_symlink() {
        format!("link to {:?}", fs_err::read_link(path).ok())
    } else if meta.is_dir() {
        if let Ok(entries) = fs_err::read_dir(path) {
            for e in entries.flatten() {
                walk(&e.path(), map);
            }
        }
        "dir".to_owned()
    } else if meta.is_file() {
        let body = fs_err::read(path).unwrap_or_default();
        format!("file of {} bytes, hash {:x}", body.len(), fnv(&body))
    } else {
        format!("special file {:?}", meta.file_type())
    };
    map.insert(path.to_owned(), what);
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Run `cmd` to completion or `limit`; `None` (and the child killed) if it
/// did not finish.
pub(crate) fn run_for(mut cmd: Command, limit: Duration) -> Option<Output> {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    if let Ok(out) = rx.recv_timeout(limit) {
        return Some(out.unwrap());
    }
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
    None
}

/// Times `compass status` over and over until stopped.
struct Poller {
    stop: Arc<AtomicBool>,
    max: Arc<Mutex<(Duration, u32)>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Poller {
    fn start(home: &Path) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let max = Arc::new(Mutex::new((Duration::ZERO, 0)));
        let home = home.to_owned();
        let thread = {
            let (stop, max) = (Arc::clone(&stop), Arc::clone(&max));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let mut cmd = Command::new(BIN);
                    cmd.arg("status").env("COMPASS_HOME", &home);
                    let start = Instant::now();
                    // A hung call counts as the whole limit it was given.
                    let took = match run_for(cmd, STATUS_BOUND * 5) {
                        Some(o) if o.status.success() => start.elapsed(),
                        _ => STATUS_BOUND * 5,
                    };
                    let mut m = max.lock().unwrap();
                    m.0 = m.0.max(took);
                    m.1 += 1;
                    drop(m);
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        };
        Self {
            stop,
            max,
            thread: Some(thread),
        }
    }

    /// The slowest answer and how many polls ran.
    fn stop(mut self) -> (Duration, u32) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        *self.max.lock().unwrap()
    }
}

impl Drop for Poller {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Whether the daemon can run an agent on `backend` here, probed once per
/// test process. Where it cannot, the test is skipped loudly with the
/// daemon's error (listed in `scripts/test`'s summary), or fails under
/// `COMPASS_REQUIRE_ALL=1`.
pub(crate) fn backend_runs_agents(backend: Backend) -> bool {
    static OCI: OnceLock<Result<(), String>> = OnceLock::new();
    if backend != Backend::Oci {
        return true;
    }
    let probe = OCI.get_or_init(|| {
        let d = TestDaemon::start_with(&["--backend", "oci"]);
        // Outside the data dir: a project may not reach into it.
        let scratch = tempfile::tempdir().unwrap();
        let repo = super::super::git_repo(scratch.path());
        d.ok(&["project", "add", "probe", "--repo", repo.to_str().unwrap()]);
        d.ok(&["agent", "new", "probe"]);
        let out = d.cli(&["agent", "start", "probe"]);
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).trim().to_owned())
        }
    });
    match probe {
        Ok(()) => true,
        Err(e) if compass_test_support::skips_forbidden() => panic!(
            "the oci backend cannot run an agent here ({e}), and COMPASS_REQUIRE_ALL=1 forbids skipping"
        ),
        Err(e) => {
            compass_test_support::skip_loudly(
                "compass escape::oci (every attack)",
                &format!("`compass agent start` on --backend oci said: {e}"),
            );
            false
        }
    }
}
