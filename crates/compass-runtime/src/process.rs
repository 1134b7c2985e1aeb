//! Process plumbing shared by the backends: the scrubbed environment, spawning
//! with pipes, capturing `exec` output, and the kill/wait handle.
//!
//! Boundary: knows nothing about namespaces; each backend says how a spawned
//! process is killed ([`KillTarget`]).

use crate::error::RuntimeError;
use crate::secret_env::SecretEnv;
use crate::spec::{ExecOutput, ExecSpec, ProcessHandle, SpawnedProcess};
use async_trait::async_trait;
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::Pid;
use std::collections::BTreeMap;
use std::os::unix::process::ExitStatusExt;
use std::process::{ExitStatus, Stdio};

use tokio::process::{Child, Command};

/// `PATH` when the spec names none.
pub(crate) const DEFAULT_PATH: &str =
    "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// The only environment a workload process sees: a minimal base, the spec's
/// variables, the workload's env secrets (the runtime's own state, never
/// read from the workload), and the exec's own variables, later layers
/// winning. Nothing comes from the host. Every name and value is checked.
/// `descriptor`: the backend delivers a
/// [`crate::spec::KeptSecrets::Descriptor`] exec's kept secrets through
/// its descriptor (else they are in the environment like the others).
pub(crate) fn workload_env(
    spec_env: &BTreeMap<String, String>,
    secret_env: &SecretEnv,
    home_inside: &str,
    exec: &ExecSpec,
    descriptor: bool,
) -> Result<BTreeMap<String, String>, RuntimeError> {
    let mut env = BTreeMap::new();
    env.insert("PATH".to_owned(), DEFAULT_PATH.to_owned());
    env.insert("HOME".to_owned(), home_inside.to_owned());
    env.insert("LANG".to_owned(), "C.UTF-8".to_owned());
    env.extend(spec_env.iter().map(|(k, v)| (k.clone(), v.clone())));
    // A kept secret delivered through a descriptor, or withheld, is in no
    // environment.
    let kept_in_env = match exec.kept_secrets {
        crate::spec::KeptSecrets::Env => true,
        crate::spec::KeptSecrets::Descriptor => !descriptor,
        crate::spec::KeptSecrets::Withheld => false,
    };
    env.extend(
        secret_env
            .expose()
            .iter()
            .filter(|(k, _)| kept_in_env || !secret_env.is_kept(k))
            .map(|(k, v)| (k.clone(), v.clone())),
    );
    env.extend(exec.env.iter().map(|(k, v)| (k.clone(), v.clone())));
    crate::checks::env(&env)?;
    Ok(env)
}

/// The proxy variables of a workload whose egress goes through the
/// allowlist proxy.
pub(crate) fn proxy_env(env: &mut BTreeMap<String, String>) {
    let url = format!("http://{}", crate::egress::INNER_LISTEN);
    for key in [
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ] {
        env.insert(key.to_owned(), url.clone());
    }
    // The HTTP hook endpoint is the workload's own loopback service: an
    // agent that sent its hooks to the proxy would have them refused (and
    // a fail-closed hook then blocks every call). Kept beside whatever the
    // kind already exempts.
    // So is the model gateway's port (a client that proxies it anyway
    // reaches the gateway too: the egress proxy routes that address to it).
    for key in ["NO_PROXY", "no_proxy"] {
        let list = env.entry(key.to_owned()).or_default();
        for own in [compass_hook::http::LISTEN, crate::relay::GATEWAY_LISTEN] {
            if !list.split(',').any(|h| h.trim() == own) {
                if !list.is_empty() {
                    list.push(',');
                }
                list.push_str(own);
            }
        }
    }
}

/// How a spawned process and its descendants are killed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum KillTarget {
    /// Signal the whole process group (host backend).
    Group(i32),
    /// Kill this pid: a bwrap whose death takes its pid namespace with it.
    Pid(i32),
}

/// The [`ProcessHandle`] of every backend.
#[derive(Debug)]
pub(crate) struct ChildHandle {
    child: Child,
    target: KillTarget,
    /// Kept alive as long as the process (e.g. the egress forwarder's guard).
    _guard: Option<Box<dyn std::fmt::Debug + Send + Sync>>,
}

impl ChildHandle {
    pub(crate) fn new(child: Child, target: KillTarget) -> Self {
        Self {
            child,
            target,
            _guard: None,
        }
    }
}

pub(crate) fn status_to_output(status: ExitStatus, stdout: Vec<u8>, stderr: Vec<u8>) -> ExecOutput {
    ExecOutput {
        exit_code: status.code(),
        signal: status.signal(),
        stdout,
        stderr,
        truncated: false,
    }
}

#[async_trait]
impl ProcessHandle for ChildHandle {
    async fn kill(&mut self) -> Result<(), RuntimeError> {
        let result = match self.target {
            KillTarget::Group(pgid) => killpg(Pid::from_raw(pgid), Signal::SIGKILL),
            KillTarget::Pid(pid) => kill(Pid::from_raw(pid), Signal::SIGKILL),
        };
        match result {
            Ok(()) | Err(nix::errno::Errno::ESRCH) => Ok(()),
            Err(e) => Err(RuntimeError::io("killing a workload process", e.into())),
        }
    }

    async fn wait(&mut self) -> Result<ExecOutput, RuntimeError> {
        let status = self
            .child
            .wait()
            .await
            .map_err(|e| RuntimeError::io("waiting for a workload process", e))?;
        Ok(status_to_output(status, Vec::new(), Vec::new()))
    }
}

/// Spawn `cmd` with three pipes.
pub(crate) fn spawn_piped(
    mut cmd: Command,
    what: &str,
) -> Result<(Child, SpawnedPipes), RuntimeError> {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(false);
    let mut child = cmd
        .spawn()
        .map_err(|e| RuntimeError::io(format!("starting {what}"), e))?;
    let (Some(stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err(RuntimeError::Other(format!("{what}: stdio pipes missing")));
    };
    Ok((
        child,
        SpawnedPipes {
            stdin,
            stdout,
            stderr,
        },
    ))
}

/// The pipes of a freshly spawned child.
#[derive(Debug)]
pub(crate) struct SpawnedPipes {
    pub(crate) stdin: tokio::process::ChildStdin,
    pub(crate) stdout: tokio::process::ChildStdout,
    pub(crate) stderr: tokio::process::ChildStderr,
}

impl SpawnedPipes {
    pub(crate) fn into_spawned(self, handle: ChildHandle) -> SpawnedProcess {
        SpawnedProcess {
            stdin: self.stdin,
            stdout: self.stdout,
            stderr: self.stderr,
            handle: Box::new(handle),
        }
    }
}

/// Run `cmd` to completion through [`compass_capture::capture`]: at most
/// `limit` bytes of each stream (past it the process is killed and the
/// output `truncated`). A non-zero exit is a result, not an error.
pub(crate) async fn capture(
    cmd: Command,
    stdin: Option<&[u8]>,
    limit: usize,
    what: &str,
) -> Result<ExecOutput, RuntimeError> {
    let got = compass_capture::capture(cmd, stdin, limit)
        .await
        .map_err(|e| RuntimeError::io(format!("running {what}"), e))?;
    let mut out = status_to_output(got.status, got.stdout, got.stderr);
    out.truncated = got.truncated;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::proxy_env;
    use std::collections::BTreeMap;

    #[test]
    fn the_hook_endpoint_is_exempt_from_the_proxy_beside_the_kinds_own() {
        let mut env = BTreeMap::from([("NO_PROXY".to_owned(), "127.0.0.1".to_owned())]);
        proxy_env(&mut env);
        proxy_env(&mut env);
        assert_eq!(env["NO_PROXY"], "127.0.0.1,127.0.0.1:3129,127.0.0.1:3130");
        assert_eq!(env["no_proxy"], "127.0.0.1:3129,127.0.0.1:3130");
        assert_eq!(env["HTTPS_PROXY"], "http://127.0.0.1:3128");
    }
}
