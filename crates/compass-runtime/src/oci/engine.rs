//! The container engine's CLI: every podman (or docker) call the OCI backend
//! makes goes through [`Engine::command`], with a scrubbed environment (no
//! host variable, e.g. `LD_PRELOAD`, acts on the host-side client) and the
//! project's own containers.conf in `CONTAINERS_CONF`.

use crate::error::RuntimeError;
use crate::process::{self, DEFAULT_PATH};
use crate::spec::ExecOutput;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use tokio::process::Command;

/// Compass's podman settings (see the file for why each is there).
pub const CONTAINERS_CONF: &str = include_str!("../../oci/containers.conf");

/// One engine binary and the containers.conf it reads.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    path: PathBuf,
    conf: Option<PathBuf>,
}

impl Engine {
    pub(crate) fn new(path: PathBuf, conf: Option<PathBuf>) -> Self {
        Self { path, conf }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn conf(&self) -> Option<&Path> {
        self.conf.as_deref()
    }

    /// The engine with nothing from the host's environment but `PATH`.
    pub(crate) fn command(&self) -> Command {
        let mut cmd = Command::new(&self.path);
        cmd.env_clear().env("PATH", DEFAULT_PATH);
        if let Some(conf) = &self.conf {
            cmd.env("CONTAINERS_CONF", conf);
        }
        cmd
    }

    /// Run `<engine> ARGS`; a non-zero exit is a result.
    pub(crate) async fn run(&self, args: &[&str]) -> Result<ExecOutput, RuntimeError> {
        let mut cmd = self.command();
        cmd.args(args);
        process::capture(
            cmd,
            None,
            crate::DEFAULT_MAX_OUTPUT,
            &self.path.display().to_string(),
        )
        .await
    }

    /// Run `<engine> ARGS`; a non-zero exit is a [`RuntimeError::Engine`]
    /// naming `target` and carrying the engine's own words.
    pub(crate) async fn ok(&self, args: &[&str], target: &str) -> Result<ExecOutput, RuntimeError> {
        let out = self.run(args).await?;
        if out.success() {
            Ok(out)
        } else {
            Err(RuntimeError::Engine {
                command: format!(
                    "{} {} {target}",
                    self.path.display(),
                    args.first().copied().unwrap_or_default()
                ),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            })
        }
    }
}

/// Write `content` where every podman call (and a guardian that outlives
/// the daemon) can read it: `<tmp>/compass-oci-<uid>/<stem>-<hash>.<ext>`
/// (the dir 0700, ours, never a link; one file per content, so versions
/// never clash). The files are Compass's own settings, never secrets.
pub(crate) fn private_file(stem: &str, ext: &str, content: &str) -> Result<PathBuf, RuntimeError> {
    let uid = nix::unistd::geteuid().as_raw();
    let dir = std::env::temp_dir().join(format!("compass-oci-{uid}"));
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(RuntimeError::io(format!("creating {}", dir.display()), e)),
    }
    let meta = fs_err::symlink_metadata(&dir)
        .map_err(|e| RuntimeError::io("checking the engine settings dir", e))?;
    if !meta.is_dir() || meta.uid() != uid || meta.permissions().mode() & 0o077 != 0 {
        return Err(RuntimeError::Invalid {
            what: "engine settings dir",
            why: format!(
                "{} must be a directory owned by uid {uid} with mode 0700 (not a link)",
                dir.display()
            ),
        });
    }
    let file = dir.join(format!(
        "{stem}-{}.{ext}",
        super::image::short_sha256(content)
    ));
    if fs_err::read_to_string(&file).is_ok_and(|t| t == content) {
        return Ok(file);
    }
    let staged = dir.join(format!(".{stem}-{:016x}", rand::random::<u64>()));
    fs_err::write(&staged, content)
        .and_then(|()| fs_err::rename(&staged, &file))
        .map_err(|e| RuntimeError::io(format!("writing {}", file.display()), e))?;
    Ok(file)
}

/// The project's containers.conf ([`CONTAINERS_CONF`]) as a file.
pub(crate) fn project_conf() -> Result<PathBuf, RuntimeError> {
    private_file("containers", "conf", CONTAINERS_CONF)
}

/// The seccomp profile containers run under (see `seccomp.rs`): podman's
/// default less new user namespaces. Docker's own default already refuses
/// them without `CAP_SYS_ADMIN`: `None` there.
pub(crate) fn seccomp_profile(engine: &Path) -> Result<Option<PathBuf>, RuntimeError> {
    match fs_err::read_to_string(super::seccomp::ENGINE_DEFAULT) {
        Ok(default) => {
            let profile = super::seccomp::without_user_namespaces(&default)?;
            private_file("seccomp", "json", &profile).map(Some)
        }
        Err(_) if engine.file_name().is_some_and(|n| n == "docker") => Ok(None),
        Err(e) => Err(RuntimeError::MissingTool {
            tool: "podman's default seccomp profile",
            package: "golang-github-containers-common",
            why: format!("{}: {e}", super::seccomp::ENGINE_DEFAULT),
        }),
    }
}
