//! The sandbox backend (the default on Linux): every process of a workload
//! runs under bubblewrap in fresh user, pid, mount, net, ipc and uts
//! namespaces, with a read-only system, a private `$HOME`
//! (`/home/agent`), the agent's clones under `/work`, and `/run/compass`
//! (sockets and config, read-only). The root is an empty tmpfs remounted
//! read-only, so nothing outside those roots is writable or even visible.
//!
//! Each `spawn`/`exec` is its own bwrap invocation over the same state
//! directory. All of a workload's bwraps join one freezer cgroup before they
//! start, so `pause` freezes the whole tree and `stop` kills it (killing a
//! bwrap also takes its pid namespace down: `--die-with-parent`). Where no
//! freezer cgroup can be made, pause falls back to a SIGSTOP sweep.
//!
//! Boundary: carries out the spec's egress policy and mounts; decides none.

use crate::checks::{self, ArgsFile};
use crate::egress::{self, EgressProxy};
use crate::error::RuntimeError;
use crate::freezer::{self, Freezer, FreezerRoot};
use crate::layout::{self, INNER_HOME, INNER_WORK, Layout};
use crate::limits::{Limits, LimitsRoot, PidLimit, PidsRoot};
use crate::pins::{self, LiveExecs};
use crate::process::{self, ChildHandle, KillTarget};
use crate::procfs;
use crate::secret_env::SecretEnv;
use crate::spec::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, KeptSecrets, Mount, Protection, Resources,
    SpawnedProcess, WorkloadName, WorkloadSpec,
};
use crate::table::{Entry, Workloads};
use crate::workload::WorkloadRuntime;
use async_trait::async_trait;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::process::Command;

const BACKEND: &str = "sandbox";

/// Why resize is unsupported when no cpu/memory cgroup can be made.
const NO_LIMITS: &str = "no writable cgroup v1 cpu and memory controllers on this machine";

/// `$1` the cgroup.procs files to join, `:`-separated (or empty), `$2` the
/// args file, the rest bwrap's command line (`bwrap --args 3 ...`, behind
/// the host-side pin opener when the exec has pins, [`crate::pins`]). The command's stdin and stdout travel as fds 4
/// and 5 ([`INNER_STDIO`] puts them back): bwrap keeps its own fds 0-2 open
/// for its whole life but closes higher ones, so only the command holds
/// the pipes, and its closing stdout is an end of file the daemon sees.
///
/// `$3`, when not empty, is the file of the kept secrets of a
/// [`KeptSecrets::Descriptor`] exec: opened read-write on fd 6
/// ([`crate::spec::KEPT_FD`]) and unlinked like the args file; bwrap's own
/// process closes it too, and the agent's `compass-confine launch` reads
/// and empties it.
///
/// `$4`, when not empty, is the file of the exec's environment when the
/// runtime's own binary runs in the sandbox before the command (the egress
/// forwarder, the masks' check): opened on fd 7 ([`crate::relay::ENV_FD`])
/// and unlinked. That binary and the shell before it then start with
/// `PATH` only (an `LD_PRELOAD` the agent put in a terminal's environment
/// would load its code into them); the last link of the chain
/// ([`crate::relay::ENV_FLAG`]) reads the environment from fd 7, closes it
/// and runs the command with exactly that environment.
const WRAPPER: &str = r#"IFS=:
for f in $1; do echo $$ > "$f" || exit 125; done
unset IFS
exec 3< "$2" 4<&0 5>&1 </dev/null >/dev/null || exit 125
rm -f "$2"
if [ -n "$3" ]; then exec 6<> "$3" || exit 125; rm -f "$3"; fi
if [ -n "$4" ]; then exec 7< "$4" || exit 125; rm -f "$4"; fi
shift 4
exec "$@""#;

/// Inside the sandbox, first thing: fds 4 and 5 back to stdin and stdout.
const INNER_STDIO: &str = r#"exec <&4 >&5 4<&- 5>&-; exec "$@""#;

/// Where the egress forwarder binary is mounted inside the sandbox.
const INNER_RELAY: &str = "/run/compass-relay";

/// How long a masked exec waits for processes of its workload that do not
/// pin its paths (a killed predecessor, a daemon's short git run) to end
/// before it is refused.
const UNPINNED_GRACE: Duration = Duration::from_secs(3);

/// System directories bound read-only (or recreated as the same symlink on a
/// merged-/usr system).
pub const SYSTEM_DIRS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// The part of `/etc` a process needs; the rest (shadow, ssh host keys,
/// package-manager tokens) stays invisible.
const ETC_FILES: &[&str] = &[
    "passwd",
    "group",
    "hosts",
    "resolv.conf",
    "nsswitch.conf",
    "host.conf",
    "gai.conf",
    "services",
    "protocols",
    "ssl",
    "ca-certificates",
    "ca-certificates.conf",
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "timezone",
    "os-release",
    "debian_version",
    "terminfo",
    "mime.types",
    "inputrc",
    "bash.bashrc",
    "profile",
    "shells",
    "magic",
    "magic.mime",
    "gitconfig",
    "login.defs",
];

/// How the sandbox backend finds its tools. Every default is here.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// The bubblewrap binary.
    pub bwrap: PathBuf,
    /// The egress forwarder run inside allowlisted sandboxes (the
    /// `compass-netns-relay` binary of this crate, or any binary whose
    /// `main` calls [`crate::relay::run_if_relay`]). `None`: discover it.
    pub relay: Option<PathBuf>,
    /// Where freezer cgroups are made; `None` uses the SIGSTOP sweep.
    pub freezer: Option<FreezerRoot>,
    /// Where cpu/memory limit cgroups are made; `None`: limits unsupported.
    pub limits: Option<LimitsRoot>,
    /// Where per-workload `pids` cgroups are made; `None`: no task cap.
    pub pids: Option<PidsRoot>,
    /// The most tasks one workload may have at once (a fork bomb stops
    /// there instead of taking the machine and the daemon down).
    pub max_pids: u64,
    /// Extra host directories bound read-only at the same path (e.g. `/opt`
    /// where an agent's runtime is installed).
    pub extra_ro: Vec<PathBuf>,
}

impl SandboxConfig {
    /// `bwrap` from `PATH` (else `/usr/bin/bwrap`), the relay next to the
    /// current executable, and the freezer cgroup the kernel offers.
    pub fn discover() -> Self {
        Self {
            bwrap: find_in_path("bwrap").unwrap_or_else(|| PathBuf::from("/usr/bin/bwrap")),
            relay: None,
            freezer: FreezerRoot::detect(),
            limits: LimitsRoot::detect(),
            pids: PidsRoot::detect(),
            max_pids: 4096,
            extra_ro: Vec::new(),
        }
    }
}

fn find_in_path(tool: &str) -> Option<PathBuf> {
    ["/usr/bin", "/usr/local/bin", "/bin"]
        .iter()
        .map(|d| Path::new(d).join(tool))
        .find(|p| p.is_file())
}

/// The relay next to the running executable (or one level up, for test
/// binaries under `target/*/deps`).
pub fn discover_relay() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    [
        dir.join(crate::relay::BINARY),
        dir.parent()?.join(crate::relay::BINARY),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

#[derive(Debug, Clone, Copy)]
struct Tracked {
    pid: i32,
    starttime: u64,
}

/// A spawn's copy of its workload's state (see [`SandboxRuntime::plan`]).
#[derive(Debug)]
struct SpawnPlan {
    spec: WorkloadSpec,
    secret_env: SecretEnv,
    layout: Layout,
    proxied: bool,
    relay: Option<PathBuf>,
    /// The cgroup `procs` files the spawn joins before bwrap starts.
    procs: Vec<PathBuf>,
    /// The masks of the workload's live masked processes this one pins.
    others: Vec<crate::spec::Mask>,
}

/// A process about to start: the wrapper command, its args file, and its
/// place among the workload's live processes.
#[derive(Debug)]
struct Prepared {
    cmd: Command,
    args_file: PathBuf,
    /// The kept secrets' file of a [`KeptSecrets::Descriptor`] exec, and
    /// the environment's file of an exec the runtime's binary starts.
    other_files: Vec<PathBuf>,
    slot: LiveSlot,
}

impl Prepared {
    /// The wrapper unlinks the files itself; this covers a failed start.
    fn remove_files(args_file: &Path, other_files: &[PathBuf]) {
        let _ = fs_err::remove_file(args_file);
        for file in other_files {
            let _ = fs_err::remove_file(file);
        }
    }
}

/// An exec's entry in its workload's [`LiveExecs`]: dropped, it is forgotten
/// (the exec ended, or never started); [`LiveSlot::spawned`] hands it to
/// the bwrap pid instead, live while that pid is.
#[derive(Debug)]
struct LiveSlot {
    workloads: Workloads<SandboxWorkload>,
    name: WorkloadName,
    id: u64,
    armed: bool,
}

impl LiveSlot {
    fn spawned(mut self, pid: i32) {
        self.armed = false;
        let id = self.id;
        let _ = self.workloads.with(&self.name, |w| w.live.started(id, pid));
    }
}

impl Drop for LiveSlot {
    fn drop(&mut self) {
        if self.armed {
            let id = self.id;
            let _ = self.workloads.with(&self.name, |w| w.live.ended(id));
        }
    }
}

#[derive(Debug)]
struct SandboxWorkload {
    spec: WorkloadSpec,
    /// Env-shaped secrets: the runtime's own state, never the workload's.
    secret_env: SecretEnv,
    layout: Layout,
    freezer: Option<Arc<Freezer>>,
    limits: Option<Limits>,
    pid_limit: Option<PidLimit>,
    proxy: Option<EgressProxy>,
    relay: Option<PathBuf>,
    /// Host paths this workload mounts writable (single-writer claims).
    rw_claims: Vec<PathBuf>,
    procs: Vec<Tracked>,
    /// What each live process pins (masks held against the others).
    live: LiveExecs,
    paused: bool,
}

impl Entry for SandboxWorkload {
    fn layout(&self) -> &Layout {
        &self.layout
    }
    fn secret_env_mut(&mut self) -> &mut SecretEnv {
        &mut self.secret_env
    }
}

/// The bubblewrap runtime. Cheap to clone; clones share their workloads.
#[derive(Debug, Clone)]
pub struct SandboxRuntime {
    config: Arc<SandboxConfig>,
    workloads: Workloads<SandboxWorkload>,
}

impl SandboxRuntime {
    /// Check that bwrap runs, then build the runtime. A missing or broken
    /// bwrap is [`RuntimeError::MissingTool`].
    pub fn new(config: SandboxConfig) -> Result<Self, RuntimeError> {
        let probe = std::process::Command::new(&config.bwrap)
            .arg("--version")
            .env_clear()
            .output();
        match probe {
            Ok(out) if out.status.success() => {}
            Ok(out) => {
                return Err(RuntimeError::MissingTool {
                    tool: "bwrap",
                    package: "bubblewrap",
                    why: format!(
                        "{} --version exited with {}: {}",
                        config.bwrap.display(),
                        out.status,
                        String::from_utf8_lossy(&out.stderr).trim()
                    ),
                });
            }
            Err(e) => {
                return Err(RuntimeError::MissingTool {
                    tool: "bwrap",
                    package: "bubblewrap",
                    why: format!("{}: {e}", config.bwrap.display()),
                });
            }
        }
        Ok(Self {
            config: Arc::new(config),
            workloads: Workloads::default(),
        })
    }

    /// [`SandboxRuntime::new`] with [`SandboxConfig::discover`].
    pub fn discover() -> Result<Self, RuntimeError> {
        Self::new(SandboxConfig::discover())
    }

    pub fn config(&self) -> &SandboxConfig {
        &self.config
    }

    /// The host-side layout of a workload.
    pub fn layout(&self, name: &WorkloadName) -> Result<Layout, RuntimeError> {
        self.workloads.layout(name)
    }

    /// Whether pause uses a freezer cgroup (`true`) or the SIGSTOP sweep.
    pub fn uses_freezer_cgroup(&self) -> bool {
        self.config.freezer.is_some()
    }

    fn relay_path(&self) -> Option<PathBuf> {
        self.config.relay.clone().or_else(discover_relay)
    }

    /// Refuse a writable mount of a path another workload already writes,
    /// or one inside/around it: a plain directory has a single writer.
    fn claims_conflict(
        &self,
        map: &HashMap<WorkloadName, SandboxWorkload>,
        path: &Path,
    ) -> Option<WorkloadName> {
        map.iter().find_map(|(name, w)| {
            w.rw_claims
                .iter()
                .any(|c| c.starts_with(path) || path.starts_with(c))
                .then(|| name.clone())
        })
    }

    /// What one spawn needs from the workload's state, copied out under the
    /// lock so no file I/O happens while it is held; the exec is registered
    /// as live ([`LiveSlot`]) in the same step, so no masked exec starts
    /// between what it was told to pin and its registration.
    fn plan(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<(SpawnPlan, LiveSlot), RuntimeError> {
        let (plan, id) = self.workloads.with(name, |w| {
            if w.paused {
                return Err(RuntimeError::Paused(name.clone()));
            }
            let reserved = w.live.reserve(exec).map_err(|u| RuntimeError::Unpinned {
                workload: name.clone(),
                running: u.running,
            })?;
            let mut procs: Vec<PathBuf> = Vec::new();
            procs.extend(w.freezer.as_ref().map(|f| f.procs_file()));
            if let Some(l) = &w.limits {
                procs.extend(l.procs_files());
            }
            procs.extend(w.pid_limit.as_ref().map(PidLimit::procs_file));
            let plan = SpawnPlan {
                spec: w.spec.clone(),
                secret_env: w.secret_env.clone(),
                layout: w.layout.clone(),
                proxied: w.proxy.is_some(),
                relay: w.relay.clone(),
                procs,
                others: reserved.others,
            };
            Ok((plan, reserved.id))
        })??;
        let slot = LiveSlot {
            workloads: self.workloads.clone(),
            name: name.clone(),
            id,
            armed: true,
        };
        Ok((plan, slot))
    }

    /// [`Self::command`], waiting a little for processes that would refuse
    /// a masked exec ([`RuntimeError::Unpinned`]) to end.
    async fn prepare(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<Prepared, RuntimeError> {
        let deadline = Instant::now() + UNPINNED_GRACE;
        loop {
            match self.command(name, exec) {
                Err(RuntimeError::Unpinned { .. }) if Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                other => return other,
            }
        }
    }

    /// The full bwrap command line for one process. Holds no lock: the
    /// args file is written from a [`SpawnPlan`] copy.
    fn command(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<Prepared, RuntimeError> {
        checks::exec(exec)?;
        if !exec.masks.is_empty() {
            crate::masks::create_missing(&self.layout(name)?, &exec.masks)?;
        }
        let (w, slot) = self.plan(name, exec)?;
        let others: Vec<&crate::spec::Mask> = w.others.iter().collect();
        let pins = pins::pins(&exec.masks, &others);
        pins::check(&w.layout, &w.spec.mounts, &pins)?;
        let mut env = process::workload_env(&w.spec.env, &w.secret_env, INNER_HOME, exec, true)?;
        env.insert("TMPDIR".to_owned(), "/tmp".to_owned());
        // A kept secret of a descriptor exec: never in bwrap's args (which
        // bwrap's pid 1 keeps in its memory) nor in any environment but
        // the agent's, set by its `compass-confine launch`.
        let kept_body = match exec.kept_secrets {
            KeptSecrets::Descriptor => w.secret_env.kept_body(),
            KeptSecrets::Env | KeptSecrets::Withheld => None,
        };
        if kept_body.is_some() {
            env.insert(
                crate::spec::KEPT_FD_ENV.to_owned(),
                crate::spec::KEPT_FD.to_string(),
            );
        }
        if w.proxied {
            process::proxy_env(&mut env);
        }
        let cwd = exec
            .cwd
            .clone()
            .unwrap_or_else(|| PathBuf::from(INNER_WORK));
        // Every value goes through a checked push: the args file is
        // NUL-separated, and a NUL inside a value would add options.
        let mut args = ArgsFile::default();
        let helper = self.in_sandbox_binary(&w, exec, !pins.is_empty())?;
        // The environment travels as `--setenv` inside the args file (never
        // in bwrap's own environment, where e.g. LD_PRELOAD would act on
        // the host side, and never in argv). When the runtime's own binary
        // runs first inside, it and the shell before it get `PATH` only,
        // and the environment goes to the command through fd 7 (`WRAPPER`).
        args.fixed(&["--clearenv"]);
        let env_body = match &helper {
            Some(_) => {
                args.setenv("PATH", process::DEFAULT_PATH)?;
                Some(crate::relay::env_body(&env))
            }
            None => {
                for (k, v) in &env {
                    args.setenv(k, v)?;
                }
                None
            }
        };
        args.fixed(&["--unshare-all", "--unshare-user", "--disable-userns"]);
        if w.spec.egress == EgressPolicy::Open {
            args.fixed(&["--share-net"]);
        }
        args.fixed(&["--die-with-parent", "--new-session", "--cap-drop", "ALL"]);
        args.hostname(name.as_str())?;
        for dir in SYSTEM_DIRS {
            let path = Path::new(dir);
            // The host's own root-owned system dirs, not an agent's tree.
            match fs_err::read_link(path) {
                Ok(target) => args.symlink(&target, path)?,
                Err(_) if path.is_dir() => args.paths("system dir", "--ro-bind", &[path, path])?,
                Err(_) => {}
            }
        }
        for file in ETC_FILES {
            let path = Path::new("/etc").join(file);
            args.paths("/etc file", "--ro-bind-try", &[&path, &path])?;
        }
        // Settings an agent may not override (Claude Code's managed
        // settings): the daemon writes them under the read-only config
        // dir's `etc/`, and each entry appears read-only under /etc.
        if let Ok(entries) = fs_err::read_dir(w.layout.config.join("etc")) {
            for entry in entries.flatten() {
                let inner = Path::new("/etc").join(entry.file_name());
                args.paths(
                    "managed settings file",
                    "--ro-bind",
                    &[&entry.path(), &inner],
                )?;
            }
        }
        for extra in &self.config.extra_ro {
            args.paths("extra read-only dir", "--ro-bind", &[extra, extra])?;
        }
        args.fixed(&["--proc", "/proc", "--dev", "/dev"]);
        let bind = |args: &mut ArgsFile, flag, host: &Path, inner: &str| {
            args.paths("workload dir", flag, &[host, Path::new(inner)])
        };
        bind(&mut args, "--bind", &w.layout.home, INNER_HOME)?;
        bind(&mut args, "--bind", &w.layout.work, INNER_WORK)?;
        bind(&mut args, "--bind", &w.layout.tmp, "/tmp")?;
        // The host's own content: config, sockets, the relay, mounts.
        let host_content = |args: &mut ArgsFile, read_only_only: bool| {
            bind(args, "--ro-bind", &w.layout.run, layout::INNER_RUN)?;
            if let Some(helper) = &helper {
                bind(args, "--ro-bind", helper, INNER_RELAY)?;
            }
            for m in w
                .spec
                .mounts
                .iter()
                .filter(|m| m.read_only || !read_only_only)
            {
                let flag = if m.read_only { "--ro-bind" } else { "--bind" };
                args.paths("mount", flag, &[&m.host_path, &m.workload_path])?;
            }
            Ok::<_, RuntimeError>(())
        };
        host_content(&mut args, false)?;
        // Each pin a self-bind of the descriptor the host-side opener
        // holds for it; shallowest first, and before the masks (a pin of a
        // dir would cover a mask inside it).
        for (i, pin) in pins.iter().enumerate() {
            let fd = pins::FIRST_FD + i32::try_from(i).unwrap_or(i32::MAX);
            args.bind_fd(fd, pin.path)?;
        }
        if !pins.is_empty() {
            // A pin binds the agent's dir as the host has it, without the
            // workload's mounts beneath it: every mount (writable ones too)
            // goes on again over the pins, before the masks (a mask inside
            // a mount must stay on top).
            host_content(&mut args, false)?;
        }
        // After the workload's mounts, so none covers them again. The
        // in-sandbox check knows each stand-in by its device and inode.
        let mut stand_ins = crate::mask_check::StandIns::default();
        for mask in &exec.masks {
            let stand_in = crate::masks::stand_in(&w.layout, mask)?;
            // The runtime's own file in the state dir, outside every mount.
            let meta = fs_err::metadata(&stand_in)
                .map_err(|e| RuntimeError::io("reading a mask's stand-in", e))?;
            let id = Some((
                std::os::unix::fs::MetadataExt::dev(&meta),
                std::os::unix::fs::MetadataExt::ino(&meta),
            ));
            match mask.shape {
                crate::spec::MaskShape::Dir => stand_ins.dir = id,
                crate::spec::MaskShape::File => stand_ins.file = id,
            }
            args.paths("mask", "--ro-bind", &[&stand_in, &mask.path])?;
        }
        if !exec.masks.is_empty() {
            // bwrap follows a link at a mask's path: one swapped in after
            // the check would lay the empty stand-in over what it points
            // at (the gate plugin). The host's read-only content goes on
            // again over whatever a stray mask covered.
            host_content(&mut args, true)?;
            // Test builds only: swap a mask's path between the check above
            // and bwrap's bind, as a racing agent process would.
            #[cfg(feature = "test-hooks")]
            crate::test_hooks::run_after_mask_check(&w.layout);
        }
        args.fixed(&["--remount-ro", "/"]);
        args.paths("cwd", "--chdir", &[&cwd])?;
        // bwrap takes the command itself only from its real argv.
        let mut command: Vec<OsString> = vec!["--".into()];
        for part in ["/bin/sh", "-c", INNER_STDIO, "compass-stdio"] {
            command.push(part.into());
        }
        // First inside, after every mount: the masks landed where declared
        // (a link swapped in after the host's check carries a bind
        // elsewhere), else the command never starts.
        if !exec.masks.is_empty() || !pins.is_empty() {
            command.push(INNER_RELAY.into());
            command.extend(crate::mask_check::args(&exec.masks, &pins, &stand_ins)?);
        }
        if w.relay.is_some() {
            for part in [
                INNER_RELAY,
                crate::relay::FLAG,
                egress::INNER_LISTEN,
                egress::INNER_SOCKET,
            ] {
                command.push(part.into());
            }
            if let EgressPolicy::Allowlist { hosts } = &w.spec.egress {
                for target in egress::loopback_forwards(hosts) {
                    command.push("--forward".into());
                    command.push(target.into());
                }
            }
            command.extend(crate::relay::hook_http_args().map(OsString::from));
            command.extend(crate::relay::gateway_args().map(OsString::from));
            command.push("--".into());
        }
        if env_body.is_some() {
            for part in [INNER_RELAY, crate::relay::ENV_FLAG, "--"] {
                command.push(part.into());
            }
        }
        command.extend(exec.argv.iter().map(OsString::from));
        let body = args.encode()?;
        // bwrap reads its arguments from a 0600 file in the (unmounted)
        // state dir through `--args 3`, so /proc/*/cmdline never shows the
        // environment (only the command, as any process's would). A tiny
        // shell joins the freezer cgroup first (so every descendant
        // inherits it), opens the file on fd 3, unlinks it, and execs bwrap.
        let args_file = w
            .layout
            .state_dir
            .join(format!("spawn-{:016x}.args", rand::random::<u64>()));
        crate::secret_env::write_host_file(&args_file, &body)?;
        let mut other_files = Vec::new();
        for (ext, body) in [
            ("kept", kept_body.as_ref().map(|k| k.expose().as_slice())),
            ("env", env_body.as_deref()),
        ] {
            let Some(body) = body else { continue };
            let path = w
                .layout
                .state_dir
                .join(format!("spawn-{:016x}.{ext}", rand::random::<u64>()));
            if let Err(e) = crate::secret_env::write_host_file(&path, body) {
                Prepared::remove_files(&args_file, &other_files);
                return Err(e);
            }
            other_files.push(path);
        }
        let file_of = |ext: &str| {
            other_files
                .iter()
                .find(|p| p.extension().is_some_and(|e| e == ext))
                .map_or(Path::new(""), PathBuf::as_path)
        };
        let procs_list = w
            .procs
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(":");
        let mut cmd = Command::new("/bin/sh");
        cmd.arg("-c")
            .arg(WRAPPER)
            .arg("compass-sandbox")
            .arg(procs_list)
            .arg(&args_file)
            .arg(file_of("kept"))
            .arg(file_of("env"));
        if let (false, Some(opener)) = (pins.is_empty(), &helper) {
            // The pinned entries are opened host-side as fds `pins::FIRST_FD`.. right
            // before bwrap binds them (`--bind-fd`), never by path.
            cmd.arg(opener)
                .args(pins::open_args(&w.layout, &pins)?)
                .arg("--");
        }
        cmd.arg(&self.config.bwrap)
            .args(["--args", "3"])
            .args(command)
            .env_clear()
            .env("PATH", process::DEFAULT_PATH);
        Ok(Prepared {
            cmd,
            args_file,
            other_files,
            slot,
        })
    }

    /// The runtime's in-sandbox binary, if this exec needs it: the egress
    /// forwarder of an allowlisted workload, and the masks' check of an
    /// exec with masks or pins (also its host-side pin opener). Masks or
    /// pins without it refuse the exec (fail closed).
    fn in_sandbox_binary(
        &self,
        w: &SpawnPlan,
        exec: &ExecSpec,
        pinned: bool,
    ) -> Result<Option<PathBuf>, RuntimeError> {
        if w.relay.is_some() || (exec.masks.is_empty() && !pinned) {
            return Ok(w.relay.clone());
        }
        match self.relay_path().filter(|p| p.is_file()) {
            Some(binary) => Ok(Some(binary)),
            None => Err(RuntimeError::Other(format!(
                "an exec with masks (or pins of another's) has them checked inside the sandbox by `{}`, which was not found next to the executable; build it (`cargo build -p compass-runtime --bin {}`) or set SandboxConfig::relay",
                crate::relay::BINARY,
                crate::relay::BINARY
            ))),
        }
    }

    fn track(&self, name: &WorkloadName, pid: Option<u32>) -> i32 {
        let Some(pid) = pid.and_then(|p| i32::try_from(p).ok()) else {
            return 0;
        };
        let starttime = procfs::stat(pid).map(|s| s.starttime).unwrap_or(0);
        let _ = self
            .workloads
            .with(name, |w| w.procs.push(Tracked { pid, starttime }));
        pid
    }

    /// The live bwrap roots of a workload (recycled pids dropped).
    fn live_roots(&self, name: &WorkloadName) -> Result<Vec<i32>, RuntimeError> {
        self.workloads.with(name, |w| {
            w.procs.retain(|t| {
                procfs::stat(t.pid).is_some_and(|s| s.starttime == t.starttime && !s.is_zombie())
            });
            w.procs.iter().map(|t| t.pid).collect()
        })
    }

    /// Every live process of the workload: the cgroup's members, or the
    /// trees under the bwrap roots.
    fn members(&self, name: &WorkloadName) -> Result<Vec<i32>, RuntimeError> {
        let roots = self.live_roots(name)?;
        let mut pids = self
            .workloads
            .with(name, |w| w.freezer.as_ref().map(|f| f.pids()))?
            .unwrap_or_default();
        for root in roots {
            for pid in procfs::descendants(root) {
                if !pids.contains(&pid) {
                    pids.push(pid);
                }
            }
        }
        pids.retain(|p| procfs::stat(*p).is_some_and(|s| !s.is_zombie()));
        Ok(pids)
    }

    async fn kill_everything(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        for root in self.live_roots(name)? {
            let _ = kill(Pid::from_raw(root), Signal::SIGKILL);
        }
        if let Some(freezer) = self.freezer(name) {
            freezer.kill_all().await?;
        }
        for pid in self.members(name)? {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        Ok(())
    }

    fn freezer(&self, name: &WorkloadName) -> Option<Arc<Freezer>> {
        self.workloads
            .with(name, |w| w.freezer.clone())
            .ok()
            .flatten()
    }

    /// Create (`fresh`) or adopt a workload: lay out or check the state dir,
    /// make the freezer cgroup, arm egress. A fresh layout is removed again
    /// on any failure.
    async fn register(&self, spec: &WorkloadSpec, fresh: bool) -> Result<(), RuntimeError> {
        if spec.resources != Resources::default() && self.config.limits.is_none() {
            return Err(RuntimeError::Unsupported {
                backend: BACKEND,
                operation: "limit resources",
                why: NO_LIMITS,
            });
        }
        let (rw_claims, relay) = self.prepare_create(spec)?;
        // Copied out first: paths are resolved without the lock held.
        let others: Vec<(WorkloadName, PathBuf)> = {
            let map = self.workloads.lock();
            if map.contains_key(&spec.name) {
                return Err(RuntimeError::AlreadyExists(spec.name.clone()));
            }
            map.iter()
                .map(|(n, w)| (n.clone(), w.layout.state_dir.clone()))
                .collect()
        };
        let resolve = |dir: &Path| fs_err::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        let own = resolve(&spec.state_dir);
        let others: Vec<(WorkloadName, PathBuf)> = others
            .into_iter()
            .map(|(n, dir)| (n, resolve(&dir)))
            .collect();
        for m in &spec.mounts {
            let host = fs_err::canonicalize(&m.host_path)
                .map_err(|e| RuntimeError::io("resolving a mount", e))?;
            // No mount may expose (or sit inside) another workload's state.
            for (other, theirs) in &others {
                if host.starts_with(theirs) || theirs.starts_with(&host) {
                    return Err(RuntimeError::Invalid {
                        what: "mount",
                        why: format!(
                            "{} overlaps the state of workload {other}; one agent never sees another's home or clones",
                            m.host_path.display()
                        ),
                    });
                }
            }
            // Its own state dir holds the secret env and the args files.
            if host.starts_with(&own) || own.starts_with(&host) {
                return Err(RuntimeError::Invalid {
                    what: "mount",
                    why: format!(
                        "{} overlaps this workload's own state dir; its home and clones are mounted already",
                        m.host_path.display()
                    ),
                });
            }
        }
        {
            let map = self.workloads.lock();
            for claim in &rw_claims {
                if let Some(holder) = self.claims_conflict(&map, claim) {
                    return Err(RuntimeError::Invalid {
                        what: "mount",
                        why: format!(
                            "{} is already mounted writable by workload {holder}; a plain directory has a single writer (mount it read-only)",
                            claim.display()
                        ),
                    });
                }
            }
        }
        let layout = Layout::new(&spec.state_dir);
        let secret_env = if fresh {
            layout.create(&spec.name, Backend::Sandbox)?;
            SecretEnv::default()
        } else if layout.is_workload(&spec.name, Backend::Sandbox) {
            SecretEnv::load(&layout)?
        } else {
            return Err(RuntimeError::NotFound(spec.name.clone()));
        };
        let undo = |layout: &Layout| {
            if fresh {
                layout.cleanup(false);
            }
        };
        let freezer = match &self.config.freezer {
            Some(root) => {
                let leaf = freezer::leaf_name(spec.name.as_str());
                match Freezer::create(root, &leaf) {
                    Ok(f) => Some(Arc::new(f)),
                    Err(e) => {
                        undo(&layout);
                        return Err(e);
                    }
                }
            }
            None => None,
        };
        let limits = match &self.config.limits {
            Some(root) => {
                let leaf = freezer::leaf_name(spec.name.as_str());
                match Limits::create(root, &leaf).and_then(|l| l.apply(spec.resources).map(|()| l))
                {
                    Ok(l) => Some(l),
                    Err(e) => {
                        drop(freezer);
                        undo(&layout);
                        return Err(e);
                    }
                }
            }
            None => None,
        };
        let pid_limit = match &self.config.pids {
            Some(root) => {
                match PidLimit::create(
                    root,
                    &freezer::leaf_name(spec.name.as_str()),
                    self.config.max_pids,
                ) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        drop(limits);
                        drop(freezer);
                        undo(&layout);
                        return Err(e);
                    }
                }
            }
            None => None,
        };
        let proxy = match egress::proxy_for(spec, &layout).await {
            Ok(proxy) => proxy,
            Err(e) => {
                drop(pid_limit);
                drop(limits);
                drop(freezer);
                undo(&layout);
                return Err(e);
            }
        };
        Workloads::register(
            self.workloads.lock(),
            &spec.name,
            SandboxWorkload {
                spec: spec.clone(),
                secret_env,
                layout,
                freezer,
                limits,
                pid_limit,
                proxy,
                relay,
                rw_claims,
                procs: Vec::new(),
                live: LiveExecs::default(),
                paused: false,
            },
            |refused| {
                drop(refused.proxy);
                drop(refused.pid_limit);
                drop(refused.limits);
                drop(refused.freezer);
                undo(&refused.layout);
            },
        )
    }

    fn prepare_create(
        &self,
        spec: &WorkloadSpec,
    ) -> Result<(Vec<PathBuf>, Option<PathBuf>), RuntimeError> {
        let mut rw = Vec::new();
        for m in &spec.mounts {
            validate_mount(m)?;
            if !m.read_only {
                let canonical = fs_err::canonicalize(&m.host_path)
                    .map_err(|e| RuntimeError::io("resolving a writable mount", e))?;
                rw.push(canonical);
            }
        }
        let relay = match &spec.egress {
            EgressPolicy::Allowlist { hosts } => {
                egress::Allowlist::parse(hosts).map_err(|why| RuntimeError::Egress {
                    workload: spec.name.clone(),
                    why,
                })?;
                let relay = self.relay_path().ok_or_else(|| RuntimeError::Egress {
                    workload: spec.name.clone(),
                    why: format!(
                        "the egress forwarder `{}` was not found next to the executable; build it (`cargo build -p compass-runtime --bin {}`) or set SandboxConfig::relay",
                        crate::relay::BINARY,
                        crate::relay::BINARY
                    ),
                })?;
                if !relay.is_file() {
                    return Err(RuntimeError::Egress {
                        workload: spec.name.clone(),
                        why: format!("the egress forwarder {} does not exist", relay.display()),
                    });
                }
                Some(relay)
            }
            _ => None,
        };
        Ok((rw, relay))
    }
}

pub(crate) fn validate_mount(m: &Mount) -> Result<(), RuntimeError> {
    let bad = |why: String| RuntimeError::Invalid { what: "mount", why };
    checks::path("mount host path", &m.host_path)?;
    checks::path("mount workload path", &m.workload_path)?;
    if !m.workload_path.is_absolute()
        || m.workload_path
            .components()
            .any(|c| matches!(c, Component::ParentDir | Component::CurDir))
    {
        return Err(bad(format!(
            "workload path {} must be absolute without `.` or `..`",
            m.workload_path.display()
        )));
    }
    for reserved in [
        "/proc",
        "/dev",
        layout::INNER_RUN,
        INNER_HOME,
        "/usr",
        "/etc",
        "/tmp",
    ] {
        if m.workload_path.starts_with(reserved)
            || Path::new(reserved).starts_with(&m.workload_path)
        {
            return Err(bad(format!(
                "workload path {} overlaps the reserved {reserved}",
                m.workload_path.display()
            )));
        }
    }
    if m.workload_path == Path::new(INNER_WORK) {
        return Err(bad("a mount cannot replace /work itself".to_owned()));
    }
    if !m.host_path.is_dir() && !m.host_path.is_file() {
        return Err(bad(format!(
            "host path {} does not exist",
            m.host_path.display()
        )));
    }
    Ok(())
}

#[async_trait]
impl WorkloadRuntime for SandboxRuntime {
    fn backend(&self) -> Backend {
        Backend::Sandbox
    }

    /// Everything, except resource limits where no cgroup can be made.
    fn missing_protections(&self) -> &'static [Protection] {
        if self.config.limits.is_some() {
            &[]
        } else {
            &[Protection::ResourceLimits]
        }
    }

    /// Lay out the state dir, make the freezer cgroup, and arm the egress
    /// policy (allowlist: start the proxy; the forwarder is checked). Any
    /// failure undoes all of it: the workload does not exist.
    async fn create(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        self.register(spec, true).await
    }

    /// Re-register a workload whose state dir survives from an earlier
    /// daemon (its processes died with that daemon: `--die-with-parent`).
    /// Re-arms the freezer cgroup and the egress proxy.
    async fn adopt(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        self.register(spec, false).await
    }

    async fn spawn(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<SpawnedProcess, RuntimeError> {
        let Prepared {
            cmd,
            args_file,
            other_files,
            slot,
        } = self.prepare(name, exec).await?;
        let spawned = process::spawn_piped(cmd, &format!("bwrap for {name}"));
        if spawned.is_err() {
            Prepared::remove_files(&args_file, &other_files);
        }
        let (child, pipes) = spawned?;
        let pid = self.track(name, child.id());
        slot.spawned(pid);
        Ok(pipes.into_spawned(ChildHandle::new(child, KillTarget::Pid(pid))))
    }

    async fn exec(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<ExecOutput, RuntimeError> {
        let Prepared {
            cmd,
            args_file,
            other_files,
            slot,
        } = self.prepare(name, exec).await?;
        let out = process::capture(
            cmd,
            exec.stdin.as_deref(),
            exec.output_limit(),
            &format!("bwrap for {name}"),
        )
        .await;
        Prepared::remove_files(&args_file, &other_files);
        // Ended: it pins nothing any more (the capture waited for it; were
        // this future dropped, the capture kills it).
        drop(slot);
        out
    }

    /// Freeze the whole tree: the freezer cgroup, or a SIGSTOP sweep.
    async fn pause(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let roots = self.live_roots(name)?;
        match self.freezer(name) {
            Some(freezer) => freezer.freeze().await?,
            None => {
                freezer::sweep(&roots, Signal::SIGSTOP);
            }
        }
        let _ = self.workloads.with(name, |w| w.paused = true);
        Ok(())
    }

    async fn set_egress(&self, name: &WorkloadName, hosts: &[String]) -> Result<(), RuntimeError> {
        self.workloads.with(name, |w| {
            egress::set_phase_hosts(name, &mut w.spec.egress, w.proxy.as_ref(), hosts)
        })?
    }

    async fn resume(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let roots = self.live_roots(name)?;
        match self.freezer(name) {
            Some(freezer) => freezer.thaw()?,
            None => {
                freezer::sweep(&roots, Signal::SIGCONT);
            }
        }
        let _ = self.workloads.with(name, |w| w.paused = false);
        Ok(())
    }

    /// SIGTERM every process in the workload but the bwrap supervisors,
    /// then, after `timeout`, SIGKILL the whole tree (double-forked and
    /// `setsid` children included: they are in the cgroup and the pid
    /// namespace, both of which die).
    async fn stop(&self, name: &WorkloadName, timeout: Duration) -> Result<(), RuntimeError> {
        self.resume(name).await?;
        let bwrap_roots = self.live_roots(name)?;
        for pid in self.members(name)? {
            if bwrap_roots.contains(&pid) || is_bwrap(pid) {
                continue;
            }
            let _ = kill(Pid::from_raw(pid), Signal::SIGTERM);
        }
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline && self.members(name)?.iter().any(|p| !is_bwrap(*p)) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            self.kill_everything(name).await?;
            if self.members(name)?.is_empty() {
                break;
            }
            if Instant::now() >= deadline {
                return Err(RuntimeError::Other(format!(
                    "workload {name}: processes survived SIGKILL for 10s"
                )));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        Ok(())
    }

    /// Stop everything, disarm egress, drop the cgroup, delete the state.
    async fn remove(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        self.stop(name, Duration::ZERO).await?;
        let w = self.workloads.take(name)?;
        drop(w.proxy);
        // A cgroup cannot be removed while a dead task is still being
        // reaped; give the reaper a bounded moment.
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut files: Vec<PathBuf> = w.freezer.iter().map(|f| f.procs_file()).collect();
        files.extend(w.limits.iter().flat_map(Limits::procs_files));
        files.extend(w.pid_limit.iter().map(PidLimit::procs_file));
        while Instant::now() < deadline
            && files
                .iter()
                .any(|f| fs_err::read_to_string(f).is_ok_and(|t| !t.trim().is_empty()))
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop(w.freezer);
        drop(w.limits);
        drop(w.pid_limit);
        w.layout.remove().await
    }

    async fn exists(&self, name: &WorkloadName) -> Result<bool, RuntimeError> {
        Ok(self.workloads.contains(name))
    }

    async fn set_secret_env(
        &self,
        name: &WorkloadName,
        env: SecretEnv,
    ) -> Result<(), RuntimeError> {
        self.workloads.set_secret_env(name, env)
    }

    /// Rewrite the workload's cpu quota and memory limit in place; typed
    /// `Unsupported` where the kernel offers no writable controllers.
    async fn resize(&self, name: &WorkloadName, resources: Resources) -> Result<(), RuntimeError> {
        self.workloads.with(name, |w| {
            let Some(limits) = &w.limits else {
                return Err(RuntimeError::Unsupported {
                    backend: BACKEND,
                    operation: "resize",
                    why: NO_LIMITS,
                });
            };
            limits.apply(resources)?;
            w.spec.resources = resources;
            Ok(())
        })?
    }
}

impl SandboxRuntime {
    /// The applied limits as the kernel reports them: (cpu quota in µs per
    /// 100 ms, memory limit in bytes). `None` without limit cgroups.
    pub fn applied_limits(&self, name: &WorkloadName) -> Option<(Option<i64>, Option<u64>)> {
        self.workloads
            .with(name, |w| w.limits.as_ref().map(Limits::read))
            .ok()
            .flatten()
    }
}

fn is_bwrap(pid: i32) -> bool {
    fs_err::read_to_string(format!("/proc/{pid}/comm"))
        .map(|c| c.trim() == "bwrap")
        .unwrap_or(false)
}
