//! The OCI backend: a workload is a container driven through the podman or
//! docker CLI. The container's main process is `sleep infinity`; every agent
//! process enters it with `exec`. The state dir is bind-mounted the same way
//! the sandbox lays it out (`/home/agent`, `/work`, `/run/compass` read-only).
//!
//! Egress: `deny` is `--network none`; `allowlist` is `--network none` plus
//! the same proxy socket and forwarder the sandbox uses; `open` is the
//! engine's default network. Environment reaches `exec` through a 0600
//! `--env-file`, never argv.
//!
//! Boundary: drives an existing engine; never builds images or manages the
//! engine itself.

use crate::checks;
use crate::egress::{self, EgressProxy};
use crate::layout::{INNER_HOME, INNER_RUN, INNER_WORK, Layout};
use crate::process::{self, status_to_output};
use crate::secrets::SecretEnv;
use crate::workload::{
    Backend, EgressPolicy, ExecOutput, ExecSpec, ProcessHandle, Resources, RuntimeError,
    SpawnedProcess, WorkloadName, WorkloadRuntime, WorkloadSpec,
};
use async_trait::async_trait;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::process::Command;

const INNER_RELAY: &str = "/run/compass-relay";
/// Where a spawned process records its pid inside the container, so kill
/// can reach it (killing the `exec` client does not).
const PID_DIR: &str = "/tmp/.compass-pids";

/// Which engine and image. Every default is here.
#[derive(Debug, Clone)]
pub struct OciConfig {
    /// `podman` or `docker` (a path or a name on `PATH`).
    pub engine: PathBuf,
    /// The image every workload runs; it needs `/bin/sh` and `sleep`.
    pub image: String,
    /// The egress forwarder for allowlisted workloads.
    pub relay: Option<PathBuf>,
}

impl OciConfig {
    /// podman if installed, else docker; a small Debian image.
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
            image: "docker.io/library/debian:bookworm-slim".to_owned(),
            relay: None,
        }
    }
}

#[derive(Debug)]
struct OciWorkload {
    spec: WorkloadSpec,
    /// Env-shaped secrets: the runtime's own state, never the workload's.
    secret_env: SecretEnv,
    layout: Layout,
    container: String,
    proxy: Option<EgressProxy>,
    stopped: bool,
}

/// The container runtime. Cheap to clone; clones share their workloads.
#[derive(Debug, Clone)]
pub struct OciRuntime {
    config: Arc<OciConfig>,
    workloads: Arc<Mutex<HashMap<WorkloadName, OciWorkload>>>,
}

impl OciRuntime {
    /// Check the engine's client runs. Whether it can *run containers* is
    /// [`OciRuntime::probe`]'s question.
    pub fn new(config: OciConfig) -> Result<Self, RuntimeError> {
        let out = std::process::Command::new(&config.engine)
            .arg("--version")
            .output()
            .map_err(|e| RuntimeError::MissingTool {
                tool: "podman or docker",
                package: "podman",
                why: format!("{}: {e}", config.engine.display()),
            })?;
        if !out.status.success() {
            return Err(RuntimeError::MissingTool {
                tool: "podman or docker",
                package: "podman",
                why: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            });
        }
        Ok(Self {
            config: Arc::new(config),
            workloads: Arc::default(),
        })
    }

    pub fn discover() -> Result<Self, RuntimeError> {
        Self::new(OciConfig::discover())
    }

    pub fn config(&self) -> &OciConfig {
        &self.config
    }

    /// Whether the engine can really run a container here: runs
    /// `<engine> run --rm <image> true`. The error says why not.
    pub async fn probe(&self) -> Result<(), RuntimeError> {
        let out = self
            .engine(&[
                "run",
                "--rm",
                "--network",
                "none",
                &self.config.image,
                "true",
            ])
            .await?;
        if out.success() {
            Ok(())
        } else {
            Err(RuntimeError::Command {
                command: format!("{} run", self.config.engine.display()),
                target: self.config.image.clone(),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            })
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<WorkloadName, OciWorkload>> {
        self.workloads
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    async fn engine(&self, args: &[&str]) -> Result<ExecOutput, RuntimeError> {
        let mut cmd = Command::new(&self.config.engine);
        cmd.args(args);
        process::capture(cmd, None, &format!("{}", self.config.engine.display())).await
    }

    async fn engine_ok(&self, args: &[&str], target: &str) -> Result<ExecOutput, RuntimeError> {
        let out = self.engine(args).await?;
        if !out.success() {
            return Err(RuntimeError::Command {
                command: format!(
                    "{} {}",
                    self.config.engine.display(),
                    args.first().unwrap_or(&"")
                ),
                target: target.to_owned(),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            });
        }
        Ok(out)
    }

    fn container(&self, name: &WorkloadName) -> Result<(String, bool), RuntimeError> {
        let map = self.lock();
        let w = map
            .get(name)
            .ok_or_else(|| RuntimeError::NotFound(name.clone()))?;
        Ok((w.container.clone(), w.stopped))
    }

    async fn ensure_started(&self, name: &WorkloadName) -> Result<String, RuntimeError> {
        let (container, stopped) = self.container(name)?;
        if stopped {
            self.engine_ok(&["start", &container], &container).await?;
            if let Some(w) = self.lock().get_mut(name) {
                w.stopped = false;
            }
        }
        Ok(container)
    }

    /// `<engine> exec -i --env-file F -w CWD C sh -c 'record pid; exec "$@"' ARGV`.
    async fn exec_command(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
        id: &str,
    ) -> Result<(Command, PathBuf), RuntimeError> {
        checks::exec(exec)?;
        let container = self.ensure_started(name).await?;
        // Copied out under the lock; the env file is written without it.
        let (spec_env, secret_env, state_dir, proxied) = {
            let map = self.lock();
            let w = map
                .get(name)
                .ok_or_else(|| RuntimeError::NotFound(name.clone()))?;
            (
                w.spec.env.clone(),
                w.secret_env.clone(),
                w.layout.state_dir.clone(),
                w.proxy.is_some(),
            )
        };
        let mut env = process::workload_env(&spec_env, &secret_env, INNER_HOME, exec)?;
        if proxied {
            process::proxy_env(&mut env);
        }
        let mut body = String::new();
        for (k, v) in env {
            checks::env_line_value(&k, &v)?;
            body.push_str(&format!("{k}={v}\n"));
        }
        let env_file = state_dir.join(format!("exec-{id}.env"));
        crate::secrets::write_host_file(&env_file, body.as_bytes())?;
        // `checks::exec` checked a given cwd: absolute, so never an option.
        let cwd = exec
            .cwd
            .clone()
            .unwrap_or_else(|| PathBuf::from(INNER_WORK));
        let mut cmd = Command::new(&self.config.engine);
        cmd.arg("exec")
            .arg("-i")
            .arg("--env-file")
            .arg(&env_file)
            .arg("-w")
            .arg(&cwd)
            .arg(&container)
            .arg("/bin/sh")
            .arg("-c")
            .arg(format!(
                "mkdir -p {PID_DIR} && echo $$ > {PID_DIR}/{id} && exec setsid \"$@\""
            ))
            .arg("compass-exec");
        cmd.args(&exec.argv);
        Ok((cmd, env_file))
    }
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
    engine: PathBuf,
    container: String,
    id: String,
}

#[async_trait]
impl ProcessHandle for OciHandle {
    /// Kill the process group inside the container (killing the `exec`
    /// client alone would leave it running), then the client.
    async fn kill(&mut self) -> Result<(), RuntimeError> {
        let script = format!(
            "kill -KILL -- -$(cat {PID_DIR}/{id}) 2>/dev/null; true",
            id = self.id
        );
        let mut cmd = Command::new(&self.engine);
        cmd.args(["exec", &self.container, "/bin/sh", "-c", &script]);
        process::capture(cmd, None, "killing a container process").await?;
        let _ = self.child.start_kill();
        Ok(())
    }

    async fn wait(&mut self) -> Result<ExecOutput, RuntimeError> {
        let status = self
            .child
            .wait()
            .await
            .map_err(|e| RuntimeError::io("waiting for a container exec", e))?;
        Ok(status_to_output(status, Vec::new(), Vec::new()))
    }
}

#[async_trait]
impl WorkloadRuntime for OciRuntime {
    fn backend(&self) -> Backend {
        Backend::Oci
    }

    /// Lay out the state dir, arm egress, create and start the container
    /// (`sleep infinity`). Any failure removes all of it.
    async fn create(&self, spec: &WorkloadSpec) -> Result<(), RuntimeError> {
        if self.lock().contains_key(&spec.name) {
            return Err(RuntimeError::AlreadyExists(spec.name.clone()));
        }
        let relay = match &spec.egress {
            EgressPolicy::Allowlist { hosts } => {
                egress::Allowlist::parse(hosts).map_err(|why| RuntimeError::Egress {
                    workload: spec.name.clone(),
                    why,
                })?;
                Some(
                    self.config
                        .relay
                        .clone()
                        .or_else(crate::sandbox::discover_relay)
                        .filter(|p| p.is_file())
                        .ok_or_else(|| RuntimeError::Egress {
                            workload: spec.name.clone(),
                            why: format!(
                                "the egress forwarder `{}` was not found",
                                crate::relay::BINARY
                            ),
                        })?,
                )
            }
            _ => None,
        };
        checks::name("hostname", spec.name.as_str())?;
        checks::name("image", &self.config.image)?;
        checks::env(&spec.env)?;
        let layout = Layout::new(&spec.state_dir);
        layout.create(&spec.name, Backend::Oci)?;
        let container = format!("compass-{}-{:08x}", spec.name, rand::random::<u32>());
        let proxy = match &spec.egress {
            EgressPolicy::Allowlist { hosts } => {
                match egress::start(&layout.egress.join(egress::SOCKET_NAME), hosts).await {
                    Ok(p) => Some(p),
                    Err(why) => {
                        layout.cleanup(false);
                        return Err(RuntimeError::Egress {
                            workload: spec.name.clone(),
                            why,
                        });
                    }
                }
            }
            _ => None,
        };
        let mut args: Vec<String> = vec![
            "run".into(),
            "-d".into(),
            "--name".into(),
            container.clone(),
            "--hostname".into(),
            spec.name.to_string(),
            "--init".into(),
            "--cap-drop".into(),
            "ALL".into(),
            "--security-opt".into(),
            "no-new-privileges".into(),
        ];
        if spec.egress != EgressPolicy::Open {
            args.extend(["--network".into(), "none".into()]);
        }
        let mut binds = vec![
            (layout.home.clone(), PathBuf::from(INNER_HOME), false),
            (layout.work.clone(), PathBuf::from(INNER_WORK), false),
            (layout.tmp.clone(), PathBuf::from("/tmp"), false),
            (layout.run.clone(), PathBuf::from(INNER_RUN), true),
        ];
        if let Some(relay) = &relay {
            binds.push((relay.clone(), PathBuf::from(INNER_RELAY), true));
        }
        for m in &spec.mounts {
            binds.push((m.host_path.clone(), m.workload_path.clone(), m.read_only));
        }
        for (host, inner, ro) in &binds {
            match volume(host, inner, *ro) {
                Ok(v) => args.extend(["-v".into(), v]),
                Err(e) => {
                    drop(proxy);
                    layout.cleanup(false);
                    return Err(e);
                }
            }
        }
        if let Some(m) = spec.resources.millicpus {
            args.extend(["--cpus".into(), format!("{}", f64::from(m) / 1000.0)]);
        }
        if let Some(b) = spec.resources.memory_bytes {
            args.extend(["--memory".into(), b.to_string()]);
        }
        args.push(self.config.image.clone());
        // All execs share the container's netns, so the forwarder runs once,
        // as the container's main process, around `sleep infinity`.
        if let (Some(_), EgressPolicy::Allowlist { hosts }) = (&relay, &spec.egress) {
            args.extend([
                INNER_RELAY.to_owned(),
                crate::relay::FLAG.to_owned(),
                egress::INNER_LISTEN.to_owned(),
                egress::INNER_SOCKET.to_owned(),
            ]);
            for target in egress::loopback_forwards(hosts) {
                args.extend(["--forward".to_owned(), target]);
            }
            args.push("--".to_owned());
        }
        args.extend(["sleep".into(), "infinity".into()]);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        if let Err(e) = self.engine_ok(&refs, &container).await {
            let _ = self.engine(&["rm", "-f", &container]).await;
            drop(proxy);
            layout.cleanup(false);
            return Err(e);
        }
        self.lock().insert(
            spec.name.clone(),
            OciWorkload {
                spec: spec.clone(),
                secret_env: SecretEnv::default(),
                layout,
                container,
                proxy,
                stopped: false,
            },
        );
        Ok(())
    }

    async fn spawn(
        &self,
        name: &WorkloadName,
        exec: &ExecSpec,
    ) -> Result<SpawnedProcess, RuntimeError> {
        let id = format!("{:016x}", rand::random::<u64>());
        let (cmd, env_file) = self.exec_command(name, exec, &id).await?;
        let spawned = process::spawn_piped(cmd, &format!("exec in {name}"));
        // The engine has read the env file once the exec is running; it is
        // removed on the first wait or kill at the latest (see below).
        let (child, pipes) = match spawned {
            Ok(x) => x,
            Err(e) => {
                let _ = fs_err::remove_file(&env_file);
                return Err(e);
            }
        };
        let container = self.container(name)?.0;
        let engine = self.config.engine.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(5)).await;
            let _ = fs_err::remove_file(&env_file);
        });
        Ok(SpawnedProcess {
            stdin: pipes.stdin,
            stdout: pipes.stdout,
            stderr: pipes.stderr,
            handle: Box::new(OciHandle {
                child,
                engine,
                container,
                id,
            }),
        })
    }

    async fn exec(&self, name: &WorkloadName, exec: &ExecSpec) -> Result<ExecOutput, RuntimeError> {
        let id = format!("{:016x}", rand::random::<u64>());
        let (cmd, env_file) = self.exec_command(name, exec, &id).await?;
        let out = process::capture(cmd, exec.stdin.as_deref(), &format!("exec in {name}")).await;
        let _ = fs_err::remove_file(&env_file);
        out
    }

    /// `<engine> pause`: the engine's cgroup freezer stops the whole tree.
    async fn pause(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let c = self.ensure_started(name).await?;
        self.engine_ok(&["pause", &c], &c).await.map(|_| ())
    }

    async fn set_egress(&self, name: &WorkloadName, hosts: &[String]) -> Result<(), RuntimeError> {
        let mut map = self.lock();
        let w = map
            .get_mut(name)
            .ok_or_else(|| RuntimeError::NotFound(name.clone()))?;
        egress::set_phase_hosts(name, &mut w.spec.egress, w.proxy.as_ref(), hosts)
    }

    async fn resume(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let (c, _) = self.container(name)?;
        self.engine_ok(&["unpause", &c], &c).await.map(|_| ())
    }

    /// `<engine> stop -t`: SIGTERM to the container, SIGKILL after the
    /// timeout; the container (and every process in it) ends. The next
    /// spawn or exec starts it again.
    async fn stop(&self, name: &WorkloadName, timeout: Duration) -> Result<(), RuntimeError> {
        let (c, stopped) = self.container(name)?;
        if stopped {
            return Ok(());
        }
        let _ = self.engine(&["unpause", &c]).await;
        let secs = timeout
            .as_secs()
            .max(u64::from(!timeout.is_zero()))
            .to_string();
        self.engine_ok(&["stop", "-t", &secs, &c], &c).await?;
        if let Some(w) = self.lock().get_mut(name) {
            w.stopped = true;
        }
        Ok(())
    }

    async fn remove(&self, name: &WorkloadName) -> Result<(), RuntimeError> {
        let (c, _) = self.container(name)?;
        self.engine_ok(&["rm", "-f", &c], &c).await?;
        let removed = self.lock().remove(name);
        match removed {
            Some(w) => {
                drop(w.proxy);
                w.layout.remove().await
            }
            None => Ok(()),
        }
    }

    async fn exists(&self, name: &WorkloadName) -> Result<bool, RuntimeError> {
        Ok(self.lock().contains_key(name))
    }

    async fn set_secret_env(
        &self,
        name: &WorkloadName,
        env: SecretEnv,
    ) -> Result<(), RuntimeError> {
        let layout = self
            .lock()
            .get(name)
            .map(|w| w.layout.clone())
            .ok_or_else(|| RuntimeError::NotFound(name.clone()))?;
        crate::secrets::keep(name, &layout, env, |env| {
            self.lock()
                .get_mut(name)
                .map(|w| w.secret_env = env)
                .is_some()
        })
    }

    /// `<engine> update --cpus/--memory` on the live container.
    async fn resize(&self, name: &WorkloadName, resources: Resources) -> Result<(), RuntimeError> {
        let (c, _) = self.container(name)?;
        let mut args = vec!["update".to_owned()];
        if let Some(m) = resources.millicpus {
            args.extend(["--cpus".to_owned(), format!("{}", f64::from(m) / 1000.0)]);
        }
        if let Some(b) = resources.memory_bytes {
            args.extend([
                "--memory".to_owned(),
                b.to_string(),
                "--memory-swap".to_owned(),
                b.to_string(),
            ]);
        }
        args.push(c.clone());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        self.engine_ok(&refs, &c).await.map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
