//! The OCI backend: a workload is a container driven through the podman (or
//! docker) CLI, rootful podman with runc on this machine kind, reading the
//! project's own containers.conf (`oci/containers.conf`, via
//! `CONTAINERS_CONF` on every call). The image is the Debian base image
//! `scripts/oci-setup` builds from Debian's packages (no registry), named by
//! a hash of its recipe ([`image::default_image`]).
//!
//! A container starts with the first `spawn`/`exec` after `create`, `adopt`
//! or `stop`, and ends with `stop`: its main process is `sleep infinity`
//! under the engine's init (catatonit), every agent process enters it with
//! `exec`. Its root is read-only; the state dir is bind-mounted the way the
//! sandbox lays it out (`/home/agent`, `/work`, `/tmp`, `/run/compass`
//! read-only, each entry of `config/etc/` read-only under `/etc`). It runs
//! with every capability dropped, `no-new-privileges`, a task cap and the
//! spec's memory and CPU limits.
//!
//! Egress: `deny` is `--network none`; `allowlist` is `--network none` plus
//! the proxy socket (under `/run/compass/egress`) and the forwarder the
//! sandbox uses, which runs as the container's main process around
//! `sleep infinity`; `open` is `--network host`, the sandbox's shared
//! network. Podman never makes a bridge or an iptables rule. Environment
//! reaches `exec` through a 0600 `--env-file`, never argv.
//!
//! Nothing outlives the daemon: each running container has a guardian
//! (`guardian.rs`) that force-removes it (paused or not) when the daemon
//! dies, and every container carries its state dir as a label, so `create`
//! and `adopt` remove any a dead daemon left.
//!
//! Boundary: drives an existing engine and image; never builds images or
//! manages the engine itself.

mod engine;
pub mod image;
mod members;
mod seccomp;

pub use engine::CONTAINERS_CONF;

use crate::checks;
use crate::egress::{self, EgressProxy};
use crate::error::RuntimeError;
use crate::guardian::{Guardian, Order};
use crate::layout::{INNER_HOME, INNER_RUN, INNER_WORK, Layout};
use crate::process::{self, status_to_output};
use crate::secret_env::SecretEnv;
use crate::spec::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, ProcessHandle, Resources, SpawnedProcess,
    WorkloadName, WorkloadSpec,
};
use crate::table::{Entry, Workloads};
use crate::workload::WorkloadRuntime;
use async_trait::async_trait;
use engine::Engine;
use members::Members;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::process::Command;

/// The runtime's own binary inside every container (read-only): the
/// egress forwarder of an allowlisted one, and the first program of every
/// exec ([`crate::exec_domain`]).
const INNER_RELAY: &str = "/run/compass-relay";
/// How long a kill waits for its exec's first process to show in the
/// container before it kills every exec instead (fail closed).
const ROOT_WAIT: Duration = Duration::from_secs(3);
/// How often `pause` asks the engine before it gives up.
const PAUSE_TRIES: u32 = 5;
/// The label naming a container's state dir (orphan removal finds it).
const STATE_LABEL: &str = "compass.state-dir";

/// Which engine and image. Every default is here.
#[derive(Debug, Clone)]
pub struct OciConfig {
    /// `podman` or `docker` (a path or a name on `PATH`).
    pub engine: PathBuf,
    /// The image every workload runs; it needs `/bin/sh` and `sleep`.
    pub image: String,
    /// The egress forwarder for allowlisted workloads.
    pub relay: Option<PathBuf>,
    /// The containers.conf every engine call reads; `None`: the project's
    /// own ([`CONTAINERS_CONF`], written to a private temp dir).
    pub containers_conf: Option<PathBuf>,
    /// The most tasks one container may have at once (`--pids-limit`).
    pub max_pids: u64,
}

impl OciConfig {
    /// podman if installed, else docker; the recipe's base image.
    pub fn discover() -> Self {
        let engine = ["podman", "docker"]
            .into_iter()
            .find_map(|tool| {
                ["/usr/bin", "/usr/local/bin", "/bin"]
                    .iter()
                    .map(|d| Path::new(d).join(tool))
                    .find(|p| p.is_file())
            })
            .unwrap_or_else(|| PathBuf::from("podman"));
        Self {
            engine,
            image: image::default_image(),
            relay: None,
            containers_conf: None,
            max_pids: 4096,
        }
    }
}

/// A started container.
#[derive(Debug)]
struct Running {
    container: String,
    /// Its processes as the host knows them: the kernel's cgroup list, its
    /// init and main process tree at start (the forwarder, `sleep`: never
    /// killed before stop).
    members: Members,
    /// Force-removes the container if the daemon dies.
    _guardian: Guardian,
}

#[derive(Debug)]
struct OciWorkload {
    spec: WorkloadSpec,
    /// Env-shaped secrets: the runtime's own state, never the workload's.
    secret_env: SecretEnv,
    layout: Layout,
    proxy: Option<EgressProxy>,
    relay: Option<PathBuf>,
    running: Option<Running>,
    /// A container whose processes were killed host-side because the
    /// engine could not remove it: removed before the next one starts.
    abandoned: Option<String>,
    paused: bool,
    /// Held while the container starts, so one workload starts one.
    starting: Arc<tokio::sync::Mutex<()>>,
}

impl Entry for OciWorkload {
    fn layout(&self) -> &Layout {
        &self.layout
    }
    fn secret_env_mut(&mut self) -> &mut SecretEnv {
        &mut self.secret_env
    }
}

/// The container runtime. Cheap to clone; clones share their workloads.
#[derive(Debug, Clone)]
pub struct OciRuntime {
    config: Arc<OciConfig>,
    engine: Engine,
    /// The seccomp profile of every container (`None`: the engine's own).
    seccomp: Option<PathBuf>,
    /// Set once the image was found and ran `/bin/sh`.
    image_ok: Arc<tokio::sync::OnceCell<()>>,
    workloads: Workloads<OciWorkload>,
}

impl OciRuntime {
    /// Check the engine's client runs and write the project's
    /// containers.conf. Whether it can *run containers* is
    /// [`OciRuntime::probe`]'s question.
    pub fn new(config: OciConfig) -> Result<Self, RuntimeError> {
        let missing = |why: String| RuntimeError::MissingTool {
            tool: "podman or docker",
            package: "podman",
            why,
        };
        let out = std::process::Command::new(&config.engine)
            .arg("--version")
            .env_clear()
            .env("PATH", process::DEFAULT_PATH)
            .output()
            .map_err(|e| missing(format!("{}: {e}", config.engine.display())))?;
        if !out.status.success() {
            return Err(missing(
                String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            ));
        }
        checks::name("image", &config.image)?;
        let conf = match &config.containers_conf {
            Some(path) => {
                checks::path("containers.conf", path)?;
                path.clone()
            }
            None => engine::project_conf()?,
        };
        let seccomp = engine::seccomp_profile(&config.engine)?;
        Ok(Self {
            seccomp,
            engine: Engine::new(config.engine.clone(), Some(conf)),
            config: Arc::new(config),
            image_ok: Arc::default(),
            workloads: Workloads::default(),
        })
    }

    pub fn discover() -> Result<Self, RuntimeError> {
        Self::new(OciConfig::discover())
    }

    pub fn config(&self) -> &OciConfig {
        &self.config
    }

    /// Whether the engine can really run a container of the configured
    /// image here. The error says why not (a missing image names itself
    /// and how to build it).
    pub async fn probe(&self) -> Result<(), RuntimeError> {
        self.check_image().await
    }

    /// The image is there and runs `/bin/sh` and `sleep` (checked once).
    async fn check_image(&self) -> Result<(), RuntimeError> {
        let image = &self.config.image;
        self.image_ok
            .get_or_try_init(|| async {
                let bad = |why: String| RuntimeError::Image {
                    image: image.clone(),
                    why,
                };
                let found = self
                    .engine
                    .run(&["image", "inspect", "--format", "{{.Id}}", image])
                    .await?;
                if !found.success() {
                    return Err(bad(format!(
                        "it is not in the engine's store ({}); {}",
                        String::from_utf8_lossy(&found.stderr).trim(),
                        image::build_hint(image)
                    )));
                }
                let ran = self
                    .engine
                    .run(&[
                        "run",
                        "--rm",
                        "--network",
                        "none",
                        "--read-only",
                        image,
                        "/bin/sh",
                        "-c",
                        "command -v sleep >/dev/null",
                    ])
                    .await?;
                if !ran.success() {
                    return Err(bad(format!(
                        "a container of it cannot run /bin/sh and sleep ({}); {}",
                        String::from_utf8_lossy(&ran.stderr).trim(),
                        image::build_hint(image)
                    )));
                }
                Ok(())
            })
            .await
            .map(|_| ())
    }

    /// Force-remove every container labelled with this state dir: what a
    /// dead daemon (or a guardian killed with it) left behind.
    async fn remove_leftovers(&self, state_dir: &Path) -> Result<(), RuntimeError> {
        let filter = format!("label={STATE_LABEL}={}", state_dir.display());
        let out = self
            .engine
            .ok(
                &["ps", "-a", "-q", "--no-trunc", "--filter", &filter],
                &filter,
            )
            .await?;
        for id in String::from_utf8_lossy(&out.stdout).split_whitespace() {
            checks::name("container", id)?;
            self.engine.ok(&["rm", "-f", "-t", "0", id], id).await?;
        }
        Ok(())
    }

    /// Create (`fresh`) or adopt a workload: validate everything the
    /// container will be started with, check the image, lay out (or find)
    /// the state dir, remove leftover containers, arm egress.
    async fn register(&self, spec: &WorkloadSpec, fresh: bool) -> Result<(), RuntimeError> {
        if self.workloads.contains(&spec.name) {
            return Err(RuntimeError::AlreadyExists(spec.name.clone()));
        }
        checks::name("hostname", spec.name.as_str())?;
        checks::env(&spec.env)?;
        checks::path("state dir", &spec.state_dir)?;
        for m in &spec.mounts {
            crate::sandbox::validate_mount(m)?;
            volume(&m.host_path, &m.workload_path, m.read_only)?;
        }
        if let EgressPolicy::Allowlist { hosts } = &spec.egress {
            egress::Allowlist::parse(hosts).map_err(|why| RuntimeError::Egress {
                workload: spec.name.clone(),
                why,
            })?;
        }
        // Every exec starts through it (its own Landlock domain), so a
        // container without it never runs anything.
        let relay = self
            .config
            .relay
            .clone()
            .or_else(crate::sandbox::discover_relay)
            .filter(|p| p.is_file())
            .ok_or_else(|| RuntimeError::MissingTool {
                tool: crate::relay::BINARY,
                package: "compass (the runtime's binary, beside the daemon)",
                why: format!(
                    "every container exec starts through `{}`, and it was not found",
                    crate::relay::BINARY
                ),
            })?;
        volume(&relay, Path::new(INNER_RELAY), true)?;
        let relay = Some(relay);
        self.check_image().await?;
        let layout = Layout::new(&spec.state_dir);
        for dir in [&layout.home, &layout.work, &layout.tmp, &layout.run] {
            volume(dir, Path::new("/"), true)?;
        }
        self.remove_leftovers(&spec.state_dir).await?;
        let secret_env = if fresh {
            layout.create(&spec.name, Backend::Oci)?;
            SecretEnv::default()
        } else if layout.is_workload(&spec.name, Backend::Oci) {
            SecretEnv::load(&layout)?
        } else {
            return Err(RuntimeError::NotFound(spec.name.clone()));
        };
        // The config's `etc/` dirs exist before the container is made, so
        // its mounts show what the daemon writes there at every start.
        if let Err(e) = config_etc_dirs(&layout, &spec.config_etc) {
            if fresh {
                layout.cleanup(false);
            }
            return Err(e);
        }
        let proxy = match egress::proxy_for(spec, &layout).await {
            Ok(proxy) => proxy,
            Err(e) => {
                if fresh {
                    layout.cleanup(false);
                }
                return Err(e);
            }
        };
        Workloads::register(
            self.workloads.lock(),
            &spec.name,
            OciWorkload {
                spec: spec.clone(),
                secret_env,
                layout,
                proxy,
                relay,
                running: None,
                abandoned: None,
                paused: false,
                starting: Arc::default(),
            },
            |refused| {
                // The proxy stops before the state dir it serves goes.
                let layout = refused.layout.clone();
                drop(refused);
                if fresh {
                    layout.cleanup(false);
                }
            },
        )
    }

    /// The running container of `name`, started now if there is none.
    async fn ensure_started(&self, name: &WorkloadName) -> Result<String, RuntimeError> {
        let container = |w: &OciWorkload| w.running.as_ref().map(|r| r.container.clone());
        let (paused, running, starting) = self
            .workloads
            .with(name, |w| (w.paused, container(w), Arc::clone(&w.starting)))?;
        if paused {
            return Err(RuntimeError::Paused(name.clone()));
        }
        if let Some(c) = running {
            return Ok(c);
        }
        let _one = starting.lock().await;
        // Started by another caller while this one waited.
        let (running, spec, layout, relay) = self.workloads.with(name, |w| {
            (
                container(w),
                w.spec.clone(),
                w.layout.clone(),
                w.relay.clone(),
            )
        })?;
        if let Some(c) = running {
            return Ok(c);
        }
        self.remove_abandoned(name).await?;
        let running = self.start(&spec, &layout, relay.as_deref()).await?;
        let container = running.container.clone();
        // Removed meanwhile: the guardian goes with `running`.
        self.workloads
            .with(name, |w| w.running = Some(running))
            .map(|()| container)
    }

    /// Remove the container a failed stop left (the engine could not),
    /// now that a new one is to start; kept for later if it still cannot.
    async fn remove_abandoned(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let abandoned = self
            .workloads
            .with(name, |w| w.abandoned.take())
            .ok()
            .flatten();
        let Some(container) = abandoned else {
            return Ok(());
        };
        let removed = self
            .engine
            .ok(&["rm", "-f", "-t", "0", &container], &container)
            .await;
        if removed.is_err() {
            let _ = self.workloads.with(name, |w| w.abandoned = Some(container));
        }
        removed.map(drop)
    }

    /// SIGKILL every member of the running container host-side, thawing
    /// its freezer between sweeps so the kills land, until none is left
    /// (bounded): what stop does when the engine cannot remove it. The
    /// members come from the kernel's cgroup list, never from the workload.
    async fn kill_members(&self, name: &WorkloadName) {
        let freezer = self
            .cgroup_procs(name)
            .and_then(|procs| sibling_controller(&procs, "freezer"));
        // Every member goes, the main process tree too: the container is
        // being abandoned.
        for _ in 0..100 {
            let members = self.members(name);
            if members.is_empty() {
                return;
            }
            for pid in members {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            }
            if let Some(dir) = &freezer {
                let _ = fs_err::write(dir.join("freezer.state"), "THAWED");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// `<engine> run -d …`: the container, its guardian, and what stop
    /// needs to know about it. A failed start leaves no container.
    async fn start(
        &self,
        spec: &WorkloadSpec,
        layout: &Layout,
        relay: Option<&Path>,
    ) -> Result<Running, RuntimeError> {
        let container = format!("compass-{}-{:08x}", spec.name, rand::random::<u32>());
        let args = run_args(
            &self.config,
            self.seccomp.as_deref(),
            spec,
            layout,
            relay,
            &container,
        )?;
        // Armed first: a daemon killed mid-start still leaves no container.
        let guardian = Guardian::arm(Order::Container {
            engine: self.engine.path(),
            conf: self.engine.conf(),
            container: &container,
        })?;
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        // The image was checked at create: a failure here is the engine's.
        if let Err(e) = self.engine.ok(&refs, &container).await {
            let _ = self.engine.run(&["rm", "-f", "-t", "0", &container]).await;
            return Err(e);
        }
        let pid = self
            .engine
            .ok(
                &["inspect", "--format", "{{.State.Pid}}", &container],
                &container,
            )
            .await
            .ok()
            .and_then(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .trim()
                    .parse::<i32>()
                    .ok()
            });
        Ok(Running {
            container,
            members: pid.map(Members::of_init).unwrap_or_default(),
            _guardian: guardian,
        })
    }

    /// `<engine> exec -i --env-file F -w CWD C RELAY --compass-exec ID -- ARGV`:
    /// the command in a Landlock domain of its own ([`crate::exec_domain`]),
    /// its first process known to the host by `ID` in the engine's record.
    async fn exec_command(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
        id: &str,
    ) -> Result<(Command, PathBuf, String, Members), RuntimeError> {
        checks::exec(exec)?;
        if !crate::exec_domain::valid_id(id) {
            return Err(RuntimeError::Other(format!("{id:?} is not an exec id")));
        }
        crate::masks::unsupported("oci", exec)?;
        let container = self.ensure_started(name).await?;
        // Copied out under the lock; the env file is written without it.
        let (spec_env, secret_env, state_dir, proxied, members) =
            self.workloads.with(name, |w| {
                (
                    w.spec.env.clone(),
                    w.secret_env.clone(),
                    w.layout.state_dir.clone(),
                    w.proxy.is_some(),
                    w.running
                        .as_ref()
                        .map(|r| r.members.clone())
                        .unwrap_or_default(),
                )
            })?;
        let mut env = process::workload_env(&spec_env, &secret_env, INNER_HOME, exec, false)?;
        env.insert("TMPDIR".to_owned(), "/tmp".to_owned());
        if proxied {
            process::proxy_env(&mut env);
        }
        let mut body = String::new();
        for (k, v) in env {
            checks::env_line_value(&k, &v)?;
            // Carried under a prefix past the wrapper, which starts
            // before its domain (`exec_domain::ENV_PREFIX`).
            let prefix = crate::exec_domain::ENV_PREFIX;
            body.push_str(&format!("{prefix}{k}={v}\n"));
        }
        let env_file = state_dir.join(format!("exec-{id}.env"));
        crate::secret_env::write_host_file(&env_file, body.as_bytes())?;
        // `checks::exec` checked a given cwd: absolute, so never an option.
        let cwd = exec
            .cwd
            .clone()
            .unwrap_or_else(|| PathBuf::from(INNER_WORK));
        let mut cmd = self.engine.command();
        cmd.arg("exec")
            .arg("-i")
            .arg("--env-file")
            .arg(&env_file)
            .arg("-w")
            .arg(&cwd)
            .arg(&container)
            .arg(INNER_RELAY)
            .arg(crate::exec_domain::FLAG)
            .arg(id)
            .arg("--");
        cmd.args(&exec.argv);
        Ok((cmd, env_file, container, members))
    }

    /// What the host knows of the running container's processes.
    fn running_members(&self, name: &WorkloadName) -> Option<Members> {
        self.workloads
            .with(name, |w| w.running.as_ref().map(|r| r.members.clone()))
            .ok()
            .flatten()
    }

    /// The host path of the running container's `cgroup.procs`, if known.
    fn cgroup_procs(&self, name: &WorkloadName) -> Option<PathBuf> {
        self.running_members(name).and_then(|m| m.procs)
    }

    /// The container's members now (host pids), if its cgroup is known.
    fn members(&self, name: &WorkloadName) -> Vec<i32> {
        self.running_members(name)
            .map(|m| m.pids())
            .unwrap_or_default()
    }
}

/// The host path of `cgroup.procs` of the cgroup `pid` is in: the v1
/// `pids` hierarchy (or the unified one).
fn cgroup_procs(pid: i32) -> Option<PathBuf> {
    let text = fs_err::read_to_string(format!("/proc/{pid}/cgroup")).ok()?;
    let mut unified = None;
    for line in text.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let path = path.trim_start_matches('/');
        if controllers.split(',').any(|c| c == "pids") {
            return Some(
                Path::new("/sys/fs/cgroup/pids")
                    .join(path)
                    .join("cgroup.procs"),
            );
        }
        if controllers.is_empty() {
            unified = Some(Path::new("/sys/fs/cgroup").join(path).join("cgroup.procs"));
        }
    }
    unified.filter(|p| p.is_file())
}

/// The container's cgroup dir under another v1 controller:
/// `…/pids/<path>/cgroup.procs` → `/sys/fs/cgroup/<controller>/<path>`.
fn sibling_controller(procs: &Path, controller: &str) -> Option<PathBuf> {
    let rel = procs.parent()?.strip_prefix("/sys/fs/cgroup/pids").ok()?;
    Some(Path::new("/sys/fs/cgroup").join(controller).join(rel))
}

/// Every argument of `<engine> run` for one workload's container, each
/// value checked so none can add an option.
fn run_args(
    config: &OciConfig,
    seccomp: Option<&Path>,
    spec: &WorkloadSpec,
    layout: &Layout,
    relay: Option<&Path>,
    container: &str,
) -> Result<Vec<String>, RuntimeError> {
    checks::name("container", container)?;
    checks::name("hostname", spec.name.as_str())?;
    checks::name("image", &config.image)?;
    checks::path("state dir", &spec.state_dir)?;
    let mut args: Vec<String> = [
        "run",
        "-d",
        "--name",
        container,
        "--hostname",
        spec.name.as_str(),
        "--init",
        "--read-only",
        "--cap-drop",
        "ALL",
        "--security-opt",
        "no-new-privileges",
        "--network",
        if spec.egress == EgressPolicy::Open {
            "host"
        } else {
            "none"
        },
    ]
    .map(str::to_owned)
    .to_vec();
    if let Some(profile) = seccomp {
        checks::path("seccomp profile", profile)?;
        args.extend([
            "--security-opt".into(),
            format!("seccomp={}", profile.display()),
        ]);
    }
    args.push("--label".into());
    args.push(format!("{STATE_LABEL}={}", spec.state_dir.display()));
    args.extend(["--pids-limit".into(), config.max_pids.to_string()]);
    args.extend(resource_args(spec.resources));
    let mut binds = vec![
        (layout.home.clone(), PathBuf::from(INNER_HOME), false),
        (layout.work.clone(), PathBuf::from(INNER_WORK), false),
        (layout.tmp.clone(), PathBuf::from("/tmp"), false),
        (layout.run.clone(), PathBuf::from(INNER_RUN), true),
    ];
    match relay {
        Some(relay) => binds.push((relay.to_owned(), PathBuf::from(INNER_RELAY), true)),
        // Every exec starts through it: no container without it.
        None => {
            return Err(RuntimeError::MissingTool {
                tool: crate::relay::BINARY,
                package: "compass (the runtime's binary, beside the daemon)",
                why: "every container exec starts through it".to_owned(),
            });
        }
    }
    // Settings an agent may not override (Claude Code's managed settings):
    // the daemon writes them under the read-only config dir's `etc/`.
    if let Ok(entries) = fs_err::read_dir(layout.config.join("etc")) {
        for entry in entries.flatten() {
            binds.push((
                entry.path(),
                Path::new("/etc").join(entry.file_name()),
                true,
            ));
        }
    }
    for m in &spec.mounts {
        binds.push((m.host_path.clone(), m.workload_path.clone(), m.read_only));
    }
    for (host, inner, ro) in &binds {
        args.extend(["-v".into(), volume(host, inner, *ro)?]);
    }
    args.push(config.image.clone());
    // All execs share the container's netns, so the forwarder runs once,
    // as the container's main process, around `sleep infinity`.
    if let (Some(_), EgressPolicy::Allowlist { hosts }) = (relay, &spec.egress) {
        args.extend([
            INNER_RELAY.to_owned(),
            crate::relay::FLAG.to_owned(),
            egress::INNER_LISTEN.to_owned(),
            egress::INNER_SOCKET.to_owned(),
        ]);
        for target in egress::loopback_forwards(hosts) {
            args.extend(["--forward".to_owned(), target]);
        }
        args.extend(crate::relay::hook_http_args().map(str::to_owned));
        args.extend(crate::relay::gateway_args().map(str::to_owned));
        args.push("--".to_owned());
    }
    args.extend(["sleep".into(), "infinity".into()]);
    Ok(args)
}

/// `--memory/--memory-swap/--cpus` for the limits that are set.
fn resource_args(resources: Resources) -> Vec<String> {
    let mut args = Vec::new();
    if let Some(b) = resources.memory_bytes {
        args.extend([
            "--memory".to_owned(),
            b.to_string(),
            "--memory-swap".to_owned(),
            b.to_string(),
        ]);
    }
    if let Some(m) = resources.millicpus {
        args.extend(["--cpus".to_owned(), format!("{}", f64::from(m) / 1000.0)]);
    }
    args
}

/// A `-v HOST:INNER[:ro]` value. `-v` splits on `:` and reads options after
/// it, so a path holding `:` or `,` (or NUL, a line break, or not absolute)
/// is refused by name.
fn volume(host: &Path, inner: &Path, read_only: bool) -> Result<String, RuntimeError> {
    for (what, p) in [("mount host path", host), ("mount workload path", inner)] {
        checks::path(what, p)?;
        let text = p.to_str().ok_or_else(|| RuntimeError::Invalid {
            what,
            why: format!("{} is not UTF-8", p.display()),
        })?;
        if text.contains([':', ',']) {
            return Err(RuntimeError::Invalid {
                what,
                why: format!("{text:?} contains ':' or ',', which podman's -v reads as options"),
            });
        }
    }
    Ok(format!(
        "{}:{}{}",
        host.display(),
        inner.display(),
        if read_only { ":ro" } else { "" }
    ))
}

/// Kill/wait for a process inside a container.
#[derive(Debug)]
struct OciHandle {
    child: tokio::process::Child,
    /// The container's processes as the host knows them, when it started.
    members: Members,
    id: String,
    env_file: PathBuf,
}

#[async_trait]
impl ProcessHandle for OciHandle {
    /// Kill the exec's process tree inside the container host-side
    /// (killing the `exec` client alone would leave it running), then the
    /// client, then every orphan in the container: what this process (or
    /// any exec that ended before) left running detached (`setsid`,
    /// double-forked) dies before anything starts again (the next wire
    /// step, the next agent). Its process is found by its id in the
    /// engine's record, never through a file the container can write;
    /// one that cannot be found while the client lives (an engine whose
    /// record this backend cannot read) costs every exec of the container
    /// instead (fail closed).
    async fn kill(&mut self) -> Result<(), RuntimeError> {
        let _ = fs_err::remove_file(&self.env_file);
        let deadline = Instant::now() + ROOT_WAIT;
        let root = loop {
            if let Some(root) = self.members.exec_root(&self.id) {
                break Some(root);
            }
            // Ended (or never started): nothing of its own is left but
            // orphans.
            if !matches!(self.child.try_wait(), Ok(None)) {
                break None;
            }
            if Instant::now() >= deadline {
                tracing::warn!(
                    exec = %self.id,
                    "a container exec's process could not be told apart: killing every exec of the container"
                );
                self.members.kill_all_but_spared().await;
                break None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        if let Some(root) = root {
            self.members.kill_tree(root).await;
        }
        let _ = self.child.start_kill();
        self.members.kill_orphans().await;
        Ok(())
    }

    /// Wait for the exec to end; then every orphan in the container goes,
    /// as in [`OciHandle::kill`] (a sandbox's process takes its whole pid
    /// namespace with it when it ends).
    async fn wait(&mut self) -> Result<ExecOutput, RuntimeError> {
        let status = self
            .child
            .wait()
            .await
            .map_err(|e| RuntimeError::io("waiting for a container exec", e))?;
        let _ = fs_err::remove_file(&self.env_file);
        self.members.kill_orphans().await;
        Ok(status_to_output(status, Vec::new(), Vec::new()))
    }
}

#[async_trait]
impl WorkloadRuntime for OciRuntime {
    fn backend(&self) -> Backend {
        Backend::Oci
    }

    /// Check the image and every value the container will get, lay out the
    /// state dir and arm egress. Any failure leaves nothing behind. The
    /// container itself starts with the first process.
    async fn create(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        self.register(spec, true).await
    }

    /// Re-register a workload whose state dir survives an earlier daemon;
    /// a container that daemon left (its guardian died too) is removed.
    async fn adopt(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        self.register(spec, false).await
    }

    async fn spawn(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<SpawnedProcess, RuntimeError> {
        let id = format!("{:016x}", rand::random::<u64>());
        let (cmd, env_file, _, members) = self.exec_command(name, exec, &id).await?;
        let (child, pipes) = match process::spawn_piped(cmd, &format!("exec in {name}")) {
            Ok(x) => x,
            Err(e) => {
                let _ = fs_err::remove_file(&env_file);
                return Err(e);
            }
        };
        // The engine has read the env file once the exec runs; it goes on
        // the first wait or kill, or after a few seconds, whichever is first.
        {
            let env_file = env_file.clone();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_secs(5)).await;
                let _ = fs_err::remove_file(&env_file);
            });
        }
        Ok(SpawnedProcess {
            stdin: pipes.stdin,
            stdout: pipes.stdout,
            stderr: pipes.stderr,
            handle: Box::new(OciHandle {
                child,
                members,
                id,
                env_file,
            }),
        })
    }

    async fn exec(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<ExecOutput, RuntimeError> {
        let id = format!("{:016x}", rand::random::<u64>());
        let (cmd, env_file, _, members) = self.exec_command(name, exec, &id).await?;
        let out = process::capture(
            cmd,
            exec.stdin.as_deref(),
            exec.output_limit(),
            &format!("exec in {name}"),
        )
        .await;
        let _ = fs_err::remove_file(&env_file);
        // The client is gone; a process it leaves in the container (killed
        // at its output cap, or failed) goes too, with its tree.
        if let Some(root) = members.exec_root(&id) {
            members.kill_tree(root).await;
        }
        out
    }

    /// `<engine> pause`: the cgroup freezer stops the whole tree. Nothing
    /// new starts until `resume`; a daemon dying meanwhile still leaves no
    /// container (the guardian removes it frozen).
    async fn pause(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let container = self
            .workloads
            .with(name, |w| w.running.as_ref().map(|r| r.container.clone()))?;
        if let Some(c) = container {
            // runc gives up ("unable to freeze") when the tree forks faster
            // than a v1 freezer walks it, and thaws again; another try
            // walks it anew.
            let mut tries = 0;
            while let Err(e) = self.engine.ok(&["pause", &c], &c).await {
                tries += 1;
                if tries == PAUSE_TRIES {
                    return Err(e);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
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
        let container = self.workloads.with(name, |w| {
            w.running
                .as_ref()
                .filter(|_| w.paused)
                .map(|r| r.container.clone())
        })?;
        if let Some(c) = container {
            self.engine.ok(&["unpause", &c], &c).await?;
        }
        let _ = self.workloads.with(name, |w| w.paused = false);
        Ok(())
    }

    /// SIGTERM every process of the container but its init and main
    /// process, then, once they are gone or after `timeout`, remove the
    /// container by force: every process in it (double-forked and `setsid`
    /// children included) dies with its pid namespace. The next spawn or
    /// exec starts a new container on the same state.
    ///
    /// Should the engine fail (its binary or store broken), the container's
    /// members are SIGKILLed host-side instead, so nothing runs on, its
    /// record is removed before the next container starts, and the engine's
    /// error is returned.
    async fn stop(&self, name: &WorkloadName, timeout: Duration) -> Result<(), RuntimeError> {
        // A frozen tree must thaw before it can be told to exit; if the
        // engine cannot thaw it, the kill below thaws it itself.
        let thawed = self.resume(name).await;
        let running = self.workloads.with(name, |w| {
            w.running
                .as_ref()
                .map(|r| (r.container.clone(), r.members.clone()))
        })?;
        let Some((container, members)) = running else {
            return Ok(());
        };
        if thawed.is_ok() {
            for pid in members.unspared() {
                let _ = kill(Pid::from_raw(pid), Signal::SIGTERM);
            }
            let deadline = Instant::now() + timeout;
            while Instant::now() < deadline && !members.unspared().is_empty() {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        let removed = match thawed {
            Ok(()) => self
                .engine
                .ok(&["rm", "-f", "-t", "0", &container], &container)
                .await
                .map(drop),
            Err(e) => Err(e),
        };
        if removed.is_err() {
            self.kill_members(name).await;
        }
        let _ = self.workloads.with(name, |w| {
            w.running = None;
            if removed.is_err() {
                w.abandoned = Some(container);
            }
            w.paused = false;
        });
        removed
    }

    /// Stop (removing the container), disarm egress, delete the state.
    async fn remove(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        self.stop(name, Duration::ZERO).await?;
        let w = self.workloads.take(name)?;
        drop(w.proxy);
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

    /// New limits for the next container, and `<engine> update` on the
    /// running one.
    async fn resize(&self, name: &WorkloadName, resources: Resources) -> Result<(), RuntimeError> {
        let container = self.workloads.with(name, |w| {
            w.spec.resources = resources;
            w.running.as_ref().map(|r| r.container.clone())
        })?;
        let Some(c) = container else {
            return Ok(());
        };
        let mut args = vec!["update".to_owned()];
        args.extend(resource_args(resources));
        if args.len() == 1 {
            return Ok(());
        }
        args.push(c.clone());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        self.engine.ok(&refs, &c).await.map(|_| ())
    }
}

impl OciRuntime {
    /// The host processes a running workload costs outside the daemon's
    /// own tree: the container's members and the engine's monitor
    /// (conmon), which is reparented away from the daemon. Empty when it
    /// is not running. For measuring (`bench launch`), never for signals.
    pub async fn host_processes(&self, name: &WorkloadName) -> Vec<i32> {
        let container = self
            .workloads
            .with(name, |w| w.running.as_ref().map(|r| r.container.clone()))
            .ok()
            .flatten();
        let Some(container) = container else {
            return Vec::new();
        };
        let mut pids = self.members(name);
        if let Ok(out) = self
            .engine
            .ok(
                &["inspect", "--format", "{{.State.ConmonPid}}", &container],
                &container,
            )
            .await
            && let Ok(conmon) = String::from_utf8_lossy(&out.stdout).trim().parse::<i32>()
            && conmon > 0
        {
            pids.push(conmon);
        }
        pids
    }
}

impl OciRuntime {
    /// The applied limits of the running container as the kernel reports
    /// them: (cpu quota in µs per 100 ms, memory limit in bytes, task cap).
    pub fn applied_limits(
        &self,
        name: &WorkloadName,
    ) -> Option<(Option<i64>, Option<u64>, Option<u64>)> {
        let procs = self.cgroup_procs(name)?;
        let read = |controller: &str, file: &str| {
            fs_err::read_to_string(sibling_controller(&procs, controller)?.join(file))
                .ok()
                .map(|t| t.trim().to_owned())
        };
        Some((
            read("cpu", "cpu.cfs_quota_us").and_then(|t| t.parse().ok()),
            read("memory", "memory.limit_in_bytes").and_then(|t| t.parse().ok()),
            read("pids", "pids.max").and_then(|t| t.parse().ok()),
        ))
    }
}

/// Make each of `names` (plain names) a directory of the config's `etc/`
/// (host-owned: no agent writes there).
fn config_etc_dirs(layout: &Layout, names: &[String]) -> Result<(), RuntimeError> {
    for name in names {
        if name.is_empty()
            || name == "."
            || name == ".."
            || name.starts_with('-')
            || name.contains(['/', '\0', '\n', '\r'])
        {
            return Err(RuntimeError::Other(format!(
                "{name:?} is not a plain directory name for the config's etc/"
            )));
        }
        fs_err::create_dir_all(layout.config.join("etc").join(name))
            .map_err(|e| RuntimeError::io("creating the config's etc/ dirs", e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn volumes_refuse_values_podman_would_read_as_options() {
        let ok = volume(Path::new("/srv/a"), Path::new("/work/a"), true).unwrap();
        assert_eq!(ok, "/srv/a:/work/a:ro");
        for (host, inner) in [
            ("/srv/a:/etc", "/work/a"),
            ("/srv/a", "/work/a:rw,exec"),
            ("relative", "/work/a"),
            ("/srv/a\nb", "/work/a"),
        ] {
            let err = volume(Path::new(host), Path::new(inner), false).unwrap_err();
            assert!(err.to_string().contains("mount"), "{host} {inner}: {err}");
        }
    }

    /// A relay binary's host path (run_args only names it).
    const RELAY: &str = "/usr/libexec/compass/compass-netns-relay";

    fn spec(state: &Path, egress: EgressPolicy) -> WorkloadSpec {
        WorkloadSpec {
            name: WorkloadName::parse("atlas").unwrap(),
            state_dir: state.to_owned(),
            mounts: Vec::new(),
            env: BTreeMap::new(),
            egress,
            resources: Resources {
                millicpus: Some(500),
                memory_bytes: Some(64 << 20),
            },
            config_etc: Vec::new(),
        }
    }

    /// A kind's `etc/` dirs exist before the container's mounts are
    /// fixed, so each is bound read-only under `/etc` from the first start;
    /// a name that is not one plain component is refused.
    #[test]
    fn config_etc_dirs_are_bound_from_the_first_start() {
        let tmp = tempfile::tempdir().unwrap();
        let layout = Layout::new(tmp.path());
        config_etc_dirs(&layout, &["claude-code".to_owned()]).unwrap();
        assert!(layout.config.join("etc/claude-code").is_dir());
        let args = run_args(
            &OciConfig::discover(),
            None,
            &spec(tmp.path(), EgressPolicy::Deny),
            &layout,
            Some(Path::new(RELAY)),
            "compass-atlas-1",
        )
        .unwrap();
        let bind = format!(
            "-v {}:/etc/claude-code:ro",
            layout.config.join("etc/claude-code").display()
        );
        assert!(args.join(" ").contains(&bind), "{args:?}");
        for bad in ["", ".", "..", "a/b", "-v", "a\nb"] {
            assert!(
                config_etc_dirs(&layout, &[bad.to_owned()]).is_err(),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn run_args_isolate_and_limit_the_container() {
        let state = Path::new("/srv/state/atlas");
        let config = OciConfig {
            max_pids: 99,
            ..OciConfig::discover()
        };
        let args = run_args(
            &config,
            Some(Path::new("/etc/compass/seccomp.json")),
            &spec(state, EgressPolicy::Deny),
            &Layout::new(state),
            Some(Path::new(RELAY)),
            "compass-atlas-1",
        )
        .unwrap();
        let text = args.join(" ");
        for part in [
            "--read-only",
            "--cap-drop ALL",
            "--security-opt no-new-privileges",
            "--network none",
            "--init",
            "--pids-limit 99",
            "--memory 67108864 --memory-swap 67108864",
            "--cpus 0.5",
            "--label compass.state-dir=/srv/state/atlas",
            "--security-opt seccomp=/etc/compass/seccomp.json",
            "-v /srv/state/atlas/run:/run/compass:ro",
            "-v /srv/state/atlas/home:/home/agent",
        ] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
        assert!(text.ends_with("sleep infinity"), "{text}");
        // Every exec's first program, mounted whatever the egress.
        assert!(
            text.contains(&format!("-v {RELAY}:{INNER_RELAY}:ro")),
            "{text}"
        );
        let err = run_args(
            &config,
            None,
            &spec(state, EgressPolicy::Deny),
            &Layout::new(state),
            None,
            "compass-atlas-1",
        )
        .unwrap_err();
        assert!(err.to_string().contains(crate::relay::BINARY), "{err}");
        let open = run_args(
            &config,
            None,
            &spec(state, EgressPolicy::Open),
            &Layout::new(state),
            Some(Path::new(RELAY)),
            "c",
        )
        .unwrap();
        assert!(open.join(" ").contains("--network host"));
    }

    #[test]
    fn run_args_refuse_option_like_values() {
        let state = Path::new("/srv/state/atlas");
        let layout = Layout::new(state);
        let bad_image = OciConfig {
            image: "--privileged".into(),
            ..OciConfig::discover()
        };
        let err = run_args(
            &bad_image,
            None,
            &spec(state, EgressPolicy::Deny),
            &layout,
            Some(Path::new(RELAY)),
            "c",
        )
        .unwrap_err();
        assert!(err.to_string().contains("image"), "{err}");
        let err = run_args(
            &OciConfig::discover(),
            None,
            &spec(state, EgressPolicy::Deny),
            &layout,
            Some(Path::new(RELAY)),
            "-c",
        )
        .unwrap_err();
        assert!(err.to_string().contains("container"), "{err}");
        let colon = Path::new("/srv/st:ate");
        let err = run_args(
            &OciConfig::discover(),
            None,
            &spec(colon, EgressPolicy::Deny),
            &Layout::new(colon),
            Some(Path::new(RELAY)),
            "c",
        )
        .unwrap_err();
        assert!(err.to_string().contains("mount"), "{err}");
    }
}
