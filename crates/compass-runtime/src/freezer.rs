//! Freezing a workload's whole process tree: a freezer cgroup where the
//! kernel offers one (v1 `freezer.state` or v2 `cgroup.freeze`), otherwise a
//! SIGSTOP sweep of the tree that repeats until no new process appears.
//!
//! While a workload is frozen a guardian (`crate::guardian`) stands by
//! outside it: should the daemon die before thawing, the guardian kills the
//! tree and thaws it, so a paused workload never outlives its daemon frozen.
//!
//! Boundary: owns the cgroup directory it creates and nothing else; which
//! processes join it is the sandbox backend's business.

use crate::error::RuntimeError;
use crate::guardian::{self, Guardian};
use crate::procfs;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

const V1_ROOT: &str = "/sys/fs/cgroup/freezer";
const V2_ROOT: &str = "/sys/fs/cgroup";

/// Which cgroup interface a [`Freezer`] drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreezerKind {
    V1,
    V2,
}

/// Where freezer cgroups can be made, if anywhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreezerRoot {
    pub kind: FreezerKind,
    /// The parent directory; each workload gets a child of it.
    pub dir: PathBuf,
}

impl FreezerRoot {
    /// Find a writable freezer hierarchy: v1 first, then a v2 hierarchy we
    /// may create children in. `None` means the SIGSTOP sweep is the fallback.
    pub fn detect() -> Option<Self> {
        let v1 = Path::new(V1_ROOT);
        if v1.join("freezer.state").exists() || v1.join("cgroup.procs").exists() {
            let dir = v1.join("compass");
            if fs_err::create_dir_all(&dir).is_ok() {
                reap_orphans(FreezerKind::V1, &dir);
                return Some(Self {
                    kind: FreezerKind::V1,
                    dir,
                });
            }
        }
        let v2 = Path::new(V2_ROOT);
        if v2.join("cgroup.controllers").exists() {
            let dir = v2.join("compass");
            if fs_err::create_dir_all(&dir).is_ok() && dir.join("cgroup.freeze").exists() {
                reap_orphans(FreezerKind::V2, &dir);
                return Some(Self {
                    kind: FreezerKind::V2,
                    dir,
                });
            }
        }
        None
    }
}

/// One workload's freezer cgroup. Removed (best effort) on drop.
#[derive(Debug)]
pub(crate) struct Freezer {
    kind: FreezerKind,
    dir: PathBuf,
    /// Armed from [`Freezer::freeze`] until [`Freezer::thaw`].
    guardian: Mutex<Option<Guardian>>,
}

impl Freezer {
    pub(crate) fn create(root: &FreezerRoot, leaf: &str) -> Result<Self, RuntimeError> {
        let dir = root.dir.join(leaf);
        fs_err::create_dir(&dir).map_err(|e| RuntimeError::io("creating the freezer cgroup", e))?;
        Ok(Self::at(root.kind, dir))
    }

    fn at(kind: FreezerKind, dir: PathBuf) -> Self {
        Self {
            kind,
            dir,
            guardian: Mutex::default(),
        }
    }

    /// The state file and its (frozen, thawed) values.
    fn state(&self) -> (&'static str, &'static str, &'static str) {
        match self.kind {
            FreezerKind::V1 => ("freezer.state", "FROZEN", "THAWED"),
            FreezerKind::V2 => ("cgroup.freeze", "1", "0"),
        }
    }

    fn guardian(&self) -> MutexGuard<'_, Option<Guardian>> {
        self.guardian
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The file a process writes its pid into to join.
    pub(crate) fn procs_file(&self) -> PathBuf {
        self.dir.join("cgroup.procs")
    }

    pub(crate) fn pids(&self) -> Vec<i32> {
        fs_err::read_to_string(self.procs_file())
            .map(|t| t.lines().filter_map(|l| l.trim().parse().ok()).collect())
            .unwrap_or_default()
    }

    fn write(&self, file: &str, value: &str) -> Result<(), RuntimeError> {
        fs_err::write(self.dir.join(file), value)
            .map_err(|e| RuntimeError::io(format!("writing {value} to the freezer's {file}"), e))
    }

    fn is_frozen(&self) -> bool {
        match self.kind {
            FreezerKind::V1 => fs_err::read_to_string(self.dir.join("freezer.state"))
                .map(|s| s.trim() == "FROZEN")
                .unwrap_or(false),
            FreezerKind::V2 => fs_err::read_to_string(self.dir.join("cgroup.events"))
                .map(|s| s.lines().any(|l| l.trim() == "frozen 1"))
                .unwrap_or(false),
        }
    }

    /// Pause: arm a guardian first (so there is no instant at which the
    /// daemon could die leaving the tree frozen and unguarded), then freeze.
    /// On failure the guardian stays armed: the tree may be half frozen.
    pub(crate) async fn freeze(&self) -> Result<(), RuntimeError> {
        if self.guardian().is_none() {
            let (state_file, frozen, thawed) = self.state();
            let armed = Guardian::arm(guardian::Order::Freezer {
                leaf: &self.dir,
                state_file,
                frozen,
                thawed,
            })?;
            *self.guardian() = Some(armed);
        }
        self.freeze_and_wait().await
    }

    /// Freeze and wait until the kernel reports every task frozen.
    async fn freeze_and_wait(&self) -> Result<(), RuntimeError> {
        let (state_file, frozen, _) = self.state();
        self.write(state_file, frozen)?;
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut polls = 0u32;
        while !self.is_frozen() {
            if Instant::now() >= deadline {
                return Err(RuntimeError::Other(
                    "the freezer cgroup did not reach FROZEN within 10s".to_owned(),
                ));
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
            polls += 1;
            // A v1 freezer can stay FREEZING when a task forks while the
            // kernel walks the cgroup; writing FROZEN again re-walks it.
            if polls.is_multiple_of(10) && self.kind == FreezerKind::V1 {
                self.write(state_file, frozen)?;
            }
        }
        Ok(())
    }

    /// Thaw, then release the guardian: in that order, so a daemon dying in
    /// between leaves a thawed tree (which its die-with-parent kills) and
    /// a guardian that kills it anyway.
    pub(crate) fn thaw(&self) -> Result<(), RuntimeError> {
        let (state_file, _, thawed) = self.state();
        self.write(state_file, thawed)?;
        if let Some(guardian) = self.guardian().take() {
            guardian.release();
        }
        Ok(())
    }

    /// SIGKILL every member without a fork racing the sweep: freeze, kill,
    /// thaw (a frozen task dies once thawed).
    pub(crate) async fn kill_all(&self) -> Result<(), RuntimeError> {
        if self.pids().is_empty() {
            return Ok(());
        }
        if self.kind == FreezerKind::V2 && self.dir.join("cgroup.kill").exists() {
            return self.write("cgroup.kill", "1");
        }
        self.freeze_and_wait().await?;
        for pid in self.pids() {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        self.thaw()
    }
}

impl Freezer {
    /// SIGKILL every task of an abandoned leaf and wait (briefly) for them
    /// to go: frozen first so none forks away, thawed so they can die.
    fn kill_orphans(&self) {
        if self.pids().is_empty() {
            return;
        }
        let (state_file, frozen, _) = self.state();
        let _ = self.write(state_file, frozen);
        for pid in self.pids() {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        let _ = self.thaw();
        let deadline = Instant::now() + Duration::from_secs(2);
        while !self.pids().is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Freezer {
    fn drop(&mut self) {
        let _ = self.thaw();
        let _ = fs_err::remove_dir(&self.dir);
    }
}

/// The fallback: SIGSTOP (or SIGCONT) every process in the trees under
/// `roots`, repeating until a sweep finds no process it has not signalled,
/// so a child forked mid-sweep is caught by the next pass.
pub(crate) fn sweep(roots: &[i32], signal: Signal) -> usize {
    let mut done: Vec<i32> = Vec::new();
    for _ in 0..64 {
        let mut fresh = false;
        for root in roots {
            for pid in procfs::descendants(*root) {
                if !done.contains(&pid) {
                    let _ = kill(Pid::from_raw(pid), signal);
                    done.push(pid);
                    fresh = true;
                }
            }
        }
        if !fresh {
            break;
        }
    }
    done.len()
}

/// A cgroup leaf name that records the creating process, so stale leaves
/// of a dead daemon can be reaped: `<workload>-<pid>-<random>`.
pub(crate) fn leaf_name(workload: &str) -> String {
    format!(
        "{workload}-{}-{:012x}",
        std::process::id(),
        rand::random::<u64>() >> 16
    )
}

/// Remove empty leaves under `dir` whose creating process is gone (a
/// daemon that died without cleaning up). Leaves of live creators are never
/// touched, and rmdir refuses a cgroup that still has tasks.
pub(crate) fn reap_stale(dir: &Path) {
    for_abandoned_leaves(dir, |leaf| {
        let _ = fs_err::remove_dir(leaf);
    });
}

/// Clear out the freezer leaves of dead daemons: their tasks are orphans no
/// daemon supervises — typically a workload paused when its daemon was
/// killed, which a v1 freezer keeps frozen even through SIGKILL — so they
/// are killed and the leaf removed.
fn reap_orphans(kind: FreezerKind, dir: &Path) {
    for_abandoned_leaves(dir, |leaf| {
        // Dropping the freezer thaws and removes the leaf.
        Freezer::at(kind, leaf.to_owned()).kill_orphans();
    });
}

/// Calls `f` for each leaf named `<workload>-<pid>-<random>` whose pid is gone.
fn for_abandoned_leaves(dir: &Path, mut f: impl FnMut(&Path)) {
    let Ok(entries) = fs_err::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let mut parts = name.rsplitn(3, '-');
        let (Some(_rand), Some(pid), Some(_workload)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let Ok(pid) = pid.parse::<i32>() else {
            continue;
        };
        if path.is_dir() && procfs::stat(pid).is_none() {
            f(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reaps_only_empty_leaves_of_dead_creators() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dir.path().join("my-agent-999999999-abc");
        let alive = dir.path().join(leaf_name("my-agent"));
        let busy = dir.path().join("other-999999999-def");
        for d in [&dead, &alive, &busy] {
            fs_err::create_dir(d).unwrap();
        }
        fs_err::write(busy.join("task"), "1").unwrap();
        reap_stale(dir.path());
        assert!(!dead.exists());
        assert!(alive.exists());
        assert!(
            busy.exists(),
            "a plain dir is not a cgroup: rmdir refuses it"
        );
    }

    /// A workload frozen when its daemon died: a v1 freezer keeps it alive
    /// through SIGKILL, so the next daemon's start must kill it.
    #[test]
    fn kills_the_frozen_orphans_of_a_dead_daemon() {
        let Some(root) = FreezerRoot::detect() else {
            eprintln!("no writable freezer cgroup here: the SIGSTOP sweep is used instead");
            return;
        };
        let leaf = root.dir.join("orphan-999999999-abcdef");
        let _ = fs_err::remove_dir(&leaf);
        fs_err::create_dir(&leaf).unwrap();
        let mut child = std::process::Command::new("sleep")
            .arg("1000")
            .spawn()
            .unwrap();
        let pid = i32::try_from(child.id()).unwrap();
        fs_err::write(leaf.join("cgroup.procs"), pid.to_string()).unwrap();
        let frozen = Freezer::at(root.kind, leaf.clone());
        let (state_file, value, _) = frozen.state();
        frozen.write(state_file, value).unwrap();
        std::mem::forget(frozen); // it belongs to the "dead daemon" now
        reap_orphans(root.kind, &root.dir);
        let status = child.wait().unwrap();
        assert!(!status.success(), "the orphan was not killed");
        assert!(!leaf.exists(), "the orphan's leaf was left behind");
    }

    /// A `sleep` in a fresh leaf, frozen through [`Freezer::freeze`] (so
    /// with its guardian armed); `None` where no freezer cgroup can be made.
    async fn frozen_sleeper(name: &str) -> Option<(Freezer, std::process::Child)> {
        let Some(root) = FreezerRoot::detect() else {
            eprintln!("no writable freezer cgroup here: the SIGSTOP sweep is used instead");
            return None;
        };
        let freezer = Freezer::create(&root, &leaf_name(name)).unwrap();
        let child = std::process::Command::new("sleep")
            .arg("1000")
            .spawn()
            .unwrap();
        fs_err::write(freezer.procs_file(), child.id().to_string()).unwrap();
        freezer.freeze().await.unwrap();
        assert!(freezer.is_frozen());
        Some((freezer, child))
    }

    /// The daemon dies while a workload is paused: the guardian SIGKILLs
    /// the frozen tree, thaws it so the kills land, and removes the leaf —
    /// no later daemon start is needed.
    #[tokio::test]
    async fn a_guardian_kills_the_frozen_tree_when_the_daemon_dies() {
        let Some((freezer, mut child)) = frozen_sleeper("guarded").await else {
            return;
        };
        let leaf = freezer.dir.clone();
        let guardian = freezer.guardian().take().unwrap();
        std::mem::forget(freezer); // a dead daemon cleans nothing up
        guardian.abandon();
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "the frozen orphan was not killed"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(!status.success());
        while leaf.exists() {
            assert!(
                Instant::now() < deadline,
                "the guardian left the leaf behind"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A resumed workload's guardian is released: it neither kills nor
    /// thaws anything later.
    #[tokio::test]
    async fn thawing_releases_the_guardian() {
        let Some((freezer, mut child)) = frozen_sleeper("released").await else {
            return;
        };
        let guardian_pid = freezer.guardian().as_ref().unwrap().process_group();
        freezer.thaw().unwrap();
        assert!(freezer.guardian().is_none());
        let deadline = Instant::now() + Duration::from_secs(10);
        while procfs::stat(guardian_pid).is_some_and(|s| !s.is_zombie()) {
            assert!(Instant::now() < deadline, "the released guardian lingers");
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "a released guardian killed the workload"
        );
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
