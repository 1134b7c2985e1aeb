//! Fixtures: a real `compass daemon` child process per test, in its own data dir.

mod agents;
mod bad_input;
mod daemon;
mod demo;
mod domain;
mod stream;
mod watch;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_compass");

/// A daemon child process; killed when dropped.
pub(crate) struct TestDaemon {
    pub(crate) home: tempfile::TempDir,
    pub(crate) child: Option<Child>,
    args: Vec<String>,
}

impl TestDaemon {
    pub(crate) fn start() -> Self {
        Self::start_with(&[])
    }

    /// A daemon started with extra `compass daemon` flags.
    pub(crate) fn start_with(args: &[&str]) -> Self {
        let home = tempfile::tempdir().unwrap();
        let args = args.iter().map(|a| (*a).to_owned()).collect();
        let mut daemon = Self {
            home,
            child: None,
            args,
        };
        daemon.spawn();
        daemon
    }

    pub(crate) fn home(&self) -> &Path {
        self.home.path()
    }

    pub(crate) fn socket(&self) -> PathBuf {
        self.home().join("compass.sock")
    }

    /// (Re)start the daemon on this data dir and wait until it answers.
    pub(crate) fn spawn(&mut self) {
        let child = Command::new(BIN)
            .arg("daemon")
            .args(&self.args)
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
    for args in [
        vec!["init", "-q", "-b", "main"],
        vec![
            "-c",
            "user.email=t@example.com",
            "-c",
            "user.name=t",
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "init",
        ],
    ] {
        let status = Command::new("git")
            .args(&args)
            .current_dir(&repo)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?} failed");
    }
    repo
}
