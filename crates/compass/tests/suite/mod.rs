//! Fixtures: a real `compass daemon` child process per test, in its own data dir.

mod agents;
mod bad_input;
mod bridge;
mod broken_pipe;
mod claude;
mod codex;
mod daemon;
mod demo;
mod dispatch_flow;
mod dispatcher_status;
mod domain;
mod egress_flood;
mod egress_phase;
mod escape;
mod fold;
mod gates;
mod gemini;
mod hook_argv;
mod hooks;
mod http_hooks;
mod judge;
mod kinds;
mod mcp;
mod memory;
mod merges;
mod oci;
mod opencode;
mod program;
mod proposals;
mod pulls;
mod real_agent;
mod relay;
mod relay_ssh;
mod restart;
mod scope;
mod shell;
mod sources;
mod stream;
mod submodules;
mod tidy;
mod warden;
mod warden_restart;
mod watch;

pub(crate) use compass_test_support::git::git;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_compass");

/// A daemon child process; killed when dropped.
pub(crate) struct TestDaemon {
    pub(crate) home: tempfile::TempDir,
    /// Beside the data dir, never in it: where tests keep the repos and
    /// directories a project scopes (the daemon refuses any in its data dir).
    outside: tempfile::TempDir,
    pub(crate) child: Option<Child>,
    args: Vec<String>,
    envs: Vec<(String, String)>,
}

impl TestDaemon {
    pub(crate) fn start() -> Self {
        Self::start_with(&[])
    }

    /// A daemon started with extra `compass daemon` flags.
    pub(crate) fn start_with(args: &[&str]) -> Self {
        Self::start_with_env(args, &[])
    }

    /// A daemon started with extra flags and environment variables.
    pub(crate) fn start_with_env(args: &[&str], envs: &[(&str, &str)]) -> Self {
        // Beside `compass`, as installed: the hook configs call it, the
        // kinds start through compass-confine, and every allowlisted
        // sandbox runs the relay (a stale one misreads today's options).
        compass_test_support::bins::compass_hook();
        compass_test_support::bins::compass_confine();
        compass_test_support::bins::netns_relay();
        let home = tempfile::tempdir().unwrap();
        let args = args.iter().map(|a| (*a).to_owned()).collect();
        let envs = envs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let mut daemon = Self {
            home,
            outside: tempfile::tempdir().unwrap(),
            child: None,
            args,
            envs,
        };
        daemon.spawn();
        daemon
    }

    pub(crate) fn home(&self) -> &Path {
        self.home.path()
    }

    /// A scratch dir outside the data dir, for project repos and dirs.
    pub(crate) fn outside(&self) -> &Path {
        self.outside.path()
    }

    pub(crate) fn socket(&self) -> PathBuf {
        self.home().join("compass.sock")
    }

    /// (Re)start the daemon on this data dir and wait until it answers.
    pub(crate) fn spawn(&mut self) {
        let child = Command::new(BIN)
            .arg("daemon")
            .args(&self.args)
            .envs(self.envs.iter().map(|(k, v)| (k, v)))
            .env("COMPASS_HOME", self.home())
            .env("COMPASS_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if self.cli(&["status"]).status.success() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the daemon did not answer within 20 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// SIGKILL the daemon: no chance to flush or clean up.
    pub(crate) fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap()),
                nix::sys::signal::Signal::SIGKILL,
            )
            .unwrap();
            child.wait().unwrap();
        }
    }

    /// Run a CLI verb against this daemon.
    pub(crate) fn cli(&self, args: &[&str]) -> Output {
        Command::new(BIN)
            .args(args)
            .env("COMPASS_HOME", self.home())
            .output()
            .unwrap()
    }

    /// Start a CLI verb without waiting for it (verbs run side by side);
    /// its stdout and stderr are piped.
    pub(crate) fn cli_child(&self, args: &[&str]) -> Child {
        Command::new(BIN)
            .args(args)
            .env("COMPASS_HOME", self.home())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// A project `demo` on a fresh repo and a started scripted agent `name`
    /// playing `scenario` (TOML), as most agent tests begin.
    pub(crate) fn scripted_agent(&self, name: &str, scenario: &str) {
        let repo = git_repo(self.outside());
        self.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
        self.ok(&["agent", "new", name]);
        let path = self.home().join(format!("{name}-scenario.toml"));
        fs_err::write(&path, scenario).unwrap();
        self.ok(&["agent", "start", name, "--scenario", path.to_str().unwrap()]);
    }

    /// Run a verb that must succeed; returns stdout.
    pub(crate) fn ok(&self, args: &[&str]) -> String {
        let out = self.cli(args);
        assert!(
            out.status.success(),
            "compass {args:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Run a verb that must fail; returns stderr.
    pub(crate) fn fails(&self, args: &[&str]) -> String {
        let out = self.cli(args);
        assert!(
            !out.status.success(),
            "compass {args:?} should have failed but printed {}",
            String::from_utf8_lossy(&out.stdout)
        );
        String::from_utf8(out.stderr).unwrap()
    }

    /// `compass agent start AGENT --scenario FILE`, the scripted agent's
    /// `scenario` (TOML) written to a file first; returns stdout.
    pub(crate) fn start_scripted(&self, agent: &str, scenario: &str) -> String {
        self.start_scripted_with(agent, scenario, &[])
    }

    /// [`Self::start_scripted`] with more `agent start` arguments.
    pub(crate) fn start_scripted_with(&self, agent: &str, scenario: &str, more: &[&str]) -> String {
        let file = self.home().join(format!("{agent}-scenario.toml"));
        fs_err::write(&file, scenario).unwrap();
        let mut args = vec![
            "agent",
            "start",
            agent,
            "--scenario",
            file.to_str().unwrap(),
        ];
        args.extend_from_slice(more);
        self.ok(&args)
    }

    /// Restart (killed, as a crash would) on `kinds` as the user's kinds
    /// file, which the daemon reads at start.
    pub(crate) fn restart_on_kinds(&mut self, kinds: &str) {
        fs_err::write(self.home().join("kinds.toml"), kinds).unwrap();
        self.kill9();
        self.spawn();
    }

    /// Restart on `kinds` as the user's kinds file (read at start), then
    /// add project `demo`: a fresh repo and, as its read-only dir, `notes`
    /// holding `files` (name, content). The notes dir.
    pub(crate) fn restart_with_kinds(&mut self, kinds: &str, files: &[(&str, &str)]) -> PathBuf {
        let repo = git_repo(self.outside());
        let notes = self.outside().join("notes");
        fs_err::create_dir_all(&notes).unwrap();
        for (name, content) in files {
            fs_err::write(notes.join(name), content).unwrap();
        }
        self.restart_on_kinds(kinds);
        self.project_with_dir("demo", &repo, &notes);
        notes
    }

    /// `project add NAME --repo REPO --dir DIR`, which must succeed.
    pub(crate) fn project_with_dir(&self, name: &str, repo: &Path, dir: &Path) -> String {
        let (repo, dir) = (repo.to_str().unwrap(), dir.to_str().unwrap());
        self.ok(&["project", "add", name, "--repo", repo, "--dir", dir])
    }

    /// A new workstream of `issue` for `agent`; its id.
    pub(crate) fn workstream(&self, issue: &str, agent: &str) -> String {
        self.json(&["workstream", "add", issue, agent])["id"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// `agent show` once it says `status: failed`, within `within` (else
    /// the test fails saying what was not noticed).
    pub(crate) fn failed_within(&self, agent: &str, within: Duration, what: &str) -> String {
        let deadline = Instant::now() + within;
        loop {
            let show = self.ok(&["agent", "show", agent]);
            if show.contains("status: failed") {
                return show;
            }
            assert!(
                Instant::now() < deadline,
                "{what} was not noticed within {within:?}: {show}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Prompt `agent` and follow the turn; if Warden paused it, resume it
    /// and wait for the turn to end. Returns what the prompt printed.
    pub(crate) fn turn_resuming(&self, agent: &str, prompt: &str) -> String {
        let ended = || {
            self.ok(&["agent", "log", agent])
                .matches("turn ended")
                .count()
        };
        let before = ended();
        let out = self.ok(&["agent", "prompt", agent, prompt, "--follow"]);
        if out.contains("paused by Warden") {
            self.ok(&["agent", "resume", agent]);
            let deadline = Instant::now() + Duration::from_secs(60);
            while ended() == before {
                assert!(Instant::now() < deadline, "the turn did not end: {out}");
                std::thread::sleep(Duration::from_millis(200));
            }
        }
        out
    }

    /// The card of issue `key` on `project`'s board (`compass board --json`).
    pub(crate) fn board_card(&self, project: &str, key: &str) -> serde_json::Value {
        let board = self.json(&["board", "-p", project]);
        board["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r["columns"].as_array().into_iter().flatten())
            .flat_map(|c| c["cards"].as_array().into_iter().flatten())
            .find(|c| c["issueKey"] == key)
            .cloned()
            .unwrap_or_else(|| panic!("no card {key} on the board: {board}"))
    }

    pub(crate) fn json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = args.to_vec();
        all.push("--json");
        serde_json::from_str(&self.ok(&all)).unwrap()
    }

    pub(crate) fn last_seq(&self) -> u64 {
        self.json(&["status"])["lastSeq"]
            .as_str()
            .map_or(0, |s| s.parse().unwrap())
    }
}

impl Drop for TestDaemon {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A real git repository with one commit.
pub(crate) fn git_repo(dir: &Path) -> PathBuf {
    let repo = dir.join("app");
    fs_err::create_dir_all(&repo).unwrap();
    git(&repo, &["init", "-q", "-b", "main"]);
    git(&repo, &["commit", "-q", "--allow-empty", "-m", "init"]);
    repo
}

/// Write `name` in `repo` and commit it.
pub(crate) fn commit_file(repo: &Path, name: &str, content: &str) {
    fs_err::write(repo.join(name), content).unwrap();
    git(repo, &["add", name]);
    git(repo, &["commit", "-q", "-m", name]);
}

/// `compass secret set NAME` with `value` (and a newline, as typed) on
/// stdin — never argv.
pub(crate) fn secret_set(d: &TestDaemon, name: &str, value: &str) -> Output {
    secret_set_with(d, &[name], value)
}

/// `compass secret set ARGS…` (the name and flags) with `value` on stdin.
pub(crate) fn secret_set_with(d: &TestDaemon, args: &[&str], value: &str) -> Output {
    secret_set_bytes(d, args, format!("{value}\n").as_bytes())
}

/// `compass secret set ARGS…` with exactly `value` on stdin (any bytes).
pub(crate) fn secret_set_bytes(d: &TestDaemon, args: &[&str], value: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["secret", "set"])
        .args(args)
        .env("COMPASS_HOME", d.home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(value).unwrap();
    child.wait_with_output().unwrap()
}

/// Store a secret that must be accepted.
pub(crate) fn set_secret(d: &TestDaemon, name: &str, value: &str) {
    let out = secret_set(d, name, value);
    assert!(
        out.status.success(),
        "compass secret set {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every file under `dir` (not following links) whose bytes hold `needle`.
pub(crate) fn files_holding(dir: &Path, needle: &[u8], skip: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs_err::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = fs_err::symlink_metadata(&path) else {
            continue;
        };
        if path == skip {
            continue;
        }
        if meta.is_dir() {
            found.extend(files_holding(&path, needle, skip));
        } else if meta.is_file()
            && fs_err::read(&path).is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle))
        {
            found.push(path);
        }
    }
    found
}
