//! CPU and memory limits for sandbox workloads through cgroup v1 `cpu` and
//! `memory` controllers (where the kernel offers writable ones). Each
//! workload gets a child cgroup in each; its bwraps join both before they
//! fork, like the freezer.
//!
//! Boundary: owns the cgroup directories it creates; no policy on what the
//! limits should be.

use crate::error::RuntimeError;
use crate::spec::Resources;
use std::path::{Path, PathBuf};

const CPU_ROOT: &str = "/sys/fs/cgroup/cpu";
const MEMORY_ROOT: &str = "/sys/fs/cgroup/memory";
const PERIOD_US: u64 = 100_000;

/// Where limit cgroups can be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitsRoot {
    pub cpu: PathBuf,
    pub memory: PathBuf,
}

impl LimitsRoot {
    /// Writable v1 `cpu` and `memory` hierarchies, or `None`.
    pub fn detect() -> Option<Self> {
        let cpu = Path::new(CPU_ROOT);
        let memory = Path::new(MEMORY_ROOT);
        if !cpu.join("cpu.cfs_quota_us").exists() || !memory.join("memory.limit_in_bytes").exists()
        {
            return None;
        }
        let root = Self {
            cpu: cpu.join("compass"),
            memory: memory.join("compass"),
        };
        let made = fs_err::create_dir_all(&root.cpu).is_ok()
            && fs_err::create_dir_all(&root.memory).is_ok();
        if made {
            crate::freezer::reap_stale(&root.cpu);
            crate::freezer::reap_stale(&root.memory);
        }
        made.then_some(root)
    }
}

/// One workload's limit cgroups; removed (best effort) on drop.
#[derive(Debug)]
pub(crate) struct Limits {
    cpu: PathBuf,
    memory: PathBuf,
}

impl Limits {
    pub(crate) fn create(root: &LimitsRoot, leaf: &str) -> Result<Self, RuntimeError> {
        let cpu = root.cpu.join(leaf);
        let memory = root.memory.join(leaf);
        fs_err::create_dir(&cpu).map_err(|e| RuntimeError::io("creating the cpu cgroup", e))?;
        if let Err(e) = fs_err::create_dir(&memory) {
            let _ = fs_err::remove_dir(&cpu);
            return Err(RuntimeError::io("creating the memory cgroup", e));
        }
        Ok(Self { cpu, memory })
    }

    pub(crate) fn procs_files(&self) -> [PathBuf; 2] {
        [
            self.cpu.join("cgroup.procs"),
            self.memory.join("cgroup.procs"),
        ]
    }

    /// Apply `resources`; `None` fields mean unlimited.
    pub(crate) fn apply(&self, resources: Resources) -> Result<(), RuntimeError> {
        let quota = match resources.millicpus {
            Some(0) => {
                return Err(RuntimeError::Invalid {
                    what: "resources",
                    why: "millicpus must be at least 1".to_owned(),
                });
            }
            Some(m) => (u64::from(m) * PERIOD_US / 1000).max(1000).to_string(),
            None => "-1".to_owned(),
        };
        let write = |file: PathBuf, value: &str| {
            fs_err::write(&file, value).map_err(|e| RuntimeError::io(format!("setting {value}"), e))
        };
        write(self.cpu.join("cpu.cfs_period_us"), &PERIOD_US.to_string())?;
        write(self.cpu.join("cpu.cfs_quota_us"), &quota)?;
        let memory = resources
            .memory_bytes
            .map_or_else(|| "-1".to_owned(), |b| b.to_string());
        // memory+swap must stay >= memory: lift it, set memory, then pin
        // memory+swap to the same value so the limit cannot be dodged by
        // swapping (the file exists only with swap accounting).
        let memsw = self.memory.join("memory.memsw.limit_in_bytes");
        let has_memsw = memsw.exists();
        if has_memsw {
            write(memsw.clone(), "-1")?;
        }
        write(self.memory.join("memory.limit_in_bytes"), &memory)?;
        if has_memsw {
            write(memsw, &memory)?;
        }
        Ok(())
    }

    /// Read back (cpu quota in µs per 100 ms period, memory limit in bytes).
    pub(crate) fn read(&self) -> (Option<i64>, Option<u64>) {
        let num = |p: PathBuf| {
            fs_err::read_to_string(p)
                .ok()
                .and_then(|t| t.trim().parse::<i64>().ok())
        };
        let quota = num(self.cpu.join("cpu.cfs_quota_us"));
        let memory =
            num(self.memory.join("memory.limit_in_bytes")).and_then(|v| u64::try_from(v).ok());
        (quota, memory)
    }
}

impl Drop for Limits {
    fn drop(&mut self) {
        let _ = fs_err::remove_dir(&self.cpu);
        let _ = fs_err::remove_dir(&self.memory);
    }
}

const PIDS_ROOT: &str = "/sys/fs/cgroup/pids";

/// Where per-workload `pids` cgroups (fork-bomb containment) can be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PidsRoot {
    pub dir: PathBuf,
}

impl PidsRoot {
    /// A writable `pids` hierarchy (v1), or `None`.
    pub fn detect() -> Option<Self> {
        let root = Path::new(PIDS_ROOT);
        if !root.join("cgroup.procs").exists() {
            return None;
        }
        let dir = root.join("compass");
        if fs_err::create_dir_all(&dir).is_err() {
            return None;
        }
        crate::freezer::reap_stale(&dir);
        Some(Self { dir })
    }
}

/// One workload's `pids` cgroup: at most `max` tasks, however they fork.
#[derive(Debug)]
pub(crate) struct PidLimit {
    dir: PathBuf,
}

impl PidLimit {
    pub(crate) fn create(root: &PidsRoot, leaf: &str, max: u64) -> Result<Self, RuntimeError> {
        let dir = root.dir.join(leaf);
        fs_err::create_dir(&dir).map_err(|e| RuntimeError::io("creating the pids cgroup", e))?;
        let this = Self { dir };
        fs_err::write(this.dir.join("pids.max"), max.to_string())
            .map_err(|e| RuntimeError::io("setting pids.max", e))?;
        Ok(this)
    }

    pub(crate) fn procs_file(&self) -> PathBuf {
        self.dir.join("cgroup.procs")
    }
}

impl Drop for PidLimit {
    fn drop(&mut self) {
        let _ = fs_err::remove_dir(&self.dir);
    }
}
