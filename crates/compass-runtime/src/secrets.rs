//! Secrets into a workload: values travel over a process's stdin into 0600
//! files under the workload's scoped `$HOME` — never argv, never an
//! environment dump, never a log. Env-shaped secrets are the runtime's own
//! state ([`SecretEnv`], kept in memory and in a 0600 file in the state dir
//! outside every mount) and reach every spawn through bwrap's args file or
//! podman's env file; the copy written into the workload
//! (`$HOME/.compass/env`) is for tools that source it and is never read
//! back. Clearing earlier deliveries deletes through [`crate::agentfs`].
//!
//! Boundary: this module moves values the daemon resolved; where secrets come
//! from (keyring, secretspec) is the daemon's business.

use crate::layout::Layout;
use crate::workload::{ExecSpec, RuntimeError, WorkloadName, WorkloadRuntime};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A secret value (bytes): `compass_core::secret::Secret`, the one
/// redacting wrapper.
pub type Secret = compass_core::secret::Secret<Vec<u8>>;

/// The most a persisted [`SecretEnv`] may weigh when it is loaded again.
const MAX_SECRET_ENV_BYTES: u64 = 1 << 20;

/// A workload's env-shaped secrets: variable names and single-line values,
/// checked when made. `Debug` shows the names only.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct SecretEnv(BTreeMap<String, String>);

impl SecretEnv {
    /// Check and collect `vars`: names `[A-Za-z_][A-Za-z0-9_]*`, values
    /// UTF-8 without NUL or line breaks (a multi-line secret goes in as a
    /// file). A later duplicate name wins.
    pub fn new(vars: &[(String, Secret)]) -> Result<Self, RuntimeError> {
        let mut env = BTreeMap::new();
        for (key, value) in vars {
            let text = std::str::from_utf8(value.expose()).map_err(|_| RuntimeError::Invalid {
                what: "env secret value",
                why: format!("the value of {key} is not UTF-8"),
            })?;
            env.insert(key.clone(), text.to_owned());
        }
        Self::checked(env)
    }

    fn checked(env: BTreeMap<String, String>) -> Result<Self, RuntimeError> {
        for (key, value) in &env {
            crate::checks::env_key(key).map_err(|_| RuntimeError::Invalid {
                what: "env secret name",
                why: format!("{key:?} is not a shell variable name"),
            })?;
            crate::checks::env_line_value(key, value).map_err(|_| RuntimeError::Invalid {
                what: "env secret value",
                why: format!("the value of {key} contains a newline or NUL; inject it as a file"),
            })?;
        }
        Ok(Self(env))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The variable names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// The variables with their values; only the backends' env builders call this.
    pub(crate) fn expose(&self) -> &BTreeMap<String, String> {
        &self.0
    }

    /// `KEY=VALUE` lines, for the copy inside the workload.
    fn file_body(&self) -> Secret {
        let mut body = String::new();
        for (k, v) in &self.0 {
            body.push_str(k);
            body.push('=');
            body.push_str(v);
            body.push('\n');
        }
        Secret::new(body)
    }

    /// Keep it in the workload's state dir (0600, outside every mount), so
    /// `adopt` after a daemon restart has it without asking the workload.
    pub(crate) fn persist(&self, layout: &Layout) -> Result<(), RuntimeError> {
        let body = serde_json::to_vec(&self.0)
            .map_err(|e| RuntimeError::Other(format!("encoding the secret env: {e}")))?;
        write_host_file(&layout.secret_env_file(), &body)
    }

    /// What [`SecretEnv::persist`] kept; empty if nothing was.
    pub(crate) fn load(layout: &Layout) -> Result<Self, RuntimeError> {
        let tree = crate::agentfs::AgentTree::open(&layout.state_dir)?;
        let Some(body) = tree.read(Path::new(SECRET_ENV_FILE), MAX_SECRET_ENV_BYTES)? else {
            return Ok(Self::default());
        };
        let env = serde_json::from_slice(&body)
            .map_err(|e| RuntimeError::Other(format!("decoding the kept secret env: {e}")))?;
        Self::checked(env)
    }
}

impl fmt::Debug for SecretEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SecretEnv")
            .field(&self.0.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// Keep `env` as workload `name`'s env secrets: persist it next to the
/// layout, then `store` puts it in the backend's map (`false`: the workload
/// is gone). No lock is held across the write.
pub(crate) fn keep(
    name: &WorkloadName,
    layout: &Layout,
    env: SecretEnv,
    store: impl FnOnce(SecretEnv) -> bool,
) -> Result<(), RuntimeError> {
    env.persist(layout)?;
    if store(env) {
        Ok(())
    } else {
        Err(RuntimeError::NotFound(name.clone()))
    }
}

/// The file name of the kept [`SecretEnv`] in a workload's state dir.
pub(crate) const SECRET_ENV_FILE: &str = "secret-env.json";

/// Write a Compass-owned host file atomically with mode 0600 (a temp file
/// in the same dir, then rename). For files outside any workload's view.
pub(crate) fn write_host_file(path: &Path, body: &[u8]) -> Result<(), RuntimeError> {
    use fs_err::os::unix::fs::OpenOptionsExt;
    use std::io::Write;
    let tmp = path.with_extension(format!("tmp{:08x}", rand::random::<u32>()));
    let mut f = fs_err::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .map_err(|e| RuntimeError::io("creating a 0600 file", e))?;
    f.write_all(body)
        .map_err(|e| RuntimeError::io("writing a 0600 file", e))?;
    drop(f);
    fs_err::rename(&tmp, path).map_err(|e| {
        let _ = fs_err::remove_file(&tmp);
        RuntimeError::io("placing a 0600 file", e)
    })
}

/// The script that receives a secret on stdin: `$1` is the path inside the
/// workload. umask 077 before anything is created; temp file then rename.
const RECEIVE: &str = r#"umask 077
d=$(dirname -- "$1") && mkdir -p -- "$d" && chmod 700 -- "$d" || exit 1
t="$1.tmp.$$"
cat > "$t" && chmod 600 -- "$t" && mv -f -- "$t" "$1" || { rm -f -- "$t"; exit 1; }"#;

/// Write `value` into the workload at `inner_path` (a path as the workload
/// sees it, usually under its `$HOME`) through a process inside the
/// workload: the value travels over that process's stdin only.
pub async fn write_file(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    inner_path: &Path,
    value: &Secret,
) -> Result<(), RuntimeError> {
    let exec = ExecSpec {
        argv: vec![
            "/bin/sh".to_owned(),
            "-c".to_owned(),
            RECEIVE.to_owned(),
            "compass-secret".to_owned(),
            inner_path.to_string_lossy().into_owned(),
        ],
        stdin: Some(value.expose().to_vec()),
        ..ExecSpec::default()
    };
    let out = rt.exec(name, &exec).await?;
    if !out.success() {
        return Err(RuntimeError::Command {
            command: "writing a secret file".to_owned(),
            target: format!("{name}:{}", inner_path.display()),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(())
}

/// Put a file-shaped secret at `$HOME/.compass/secrets/<file_name>` (0600)
/// and return its path inside the workload.
pub async fn inject_file(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    state_dir: &Path,
    file_name: &str,
    value: &Secret,
) -> Result<PathBuf, RuntimeError> {
    if file_name.is_empty()
        || file_name.starts_with('.')
        || !file_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    {
        return Err(RuntimeError::Invalid {
            what: "secret file name",
            why: format!(
                "{file_name:?}: use letters, digits, '.', '_' and '-', not starting with '.'"
            ),
        });
    }
    let path = rt
        .inner_paths(state_dir)
        .home
        .join(".compass")
        .join("secrets")
        .join(file_name);
    write_file(rt, name, &path, value).await?;
    Ok(path)
}

/// Set the workload's env-shaped secrets to exactly `vars` (replacing what
/// an earlier call set). The runtime keeps them and adds them to every later
/// spawn and exec; a 0600 copy also goes into the workload at
/// `$HOME/.compass/env` for tools that source it. The host never reads that
/// copy back. Names are `[A-Za-z_][A-Za-z0-9_]*`; values may not contain a
/// newline or NUL.
pub async fn inject_env(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    state_dir: &Path,
    vars: &[(String, Secret)],
) -> Result<(), RuntimeError> {
    let env = SecretEnv::new(vars)?;
    let body = env.file_body();
    rt.set_secret_env(name, env).await?;
    let path = rt.inner_paths(state_dir).home.join(".compass").join("env");
    write_file(rt, name, &path, &body).await
}

/// Undo earlier deliveries before new ones: forget the workload's env
/// secrets, and delete `$HOME/.compass/env` and `$HOME/.compass/secrets`
/// host-side through [`crate::agentfs`] — a link there is removed, never
/// followed. A `.compass` that is not a real directory is removed itself,
/// so the next delivery lands in a fresh one.
pub async fn clear(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    state_dir: &Path,
) -> Result<(), RuntimeError> {
    use crate::agentfs::{AgentTree, Kind};
    rt.set_secret_env(name, SecretEnv::default()).await?;
    let home = Layout::new(state_dir).home;
    let removal = tokio::task::spawn_blocking(move || {
        let tree = AgentTree::open(&home)?;
        let dir = Path::new(".compass");
        match tree.kind(dir)? {
            Some(Kind::Dir) => {
                tree.remove(&dir.join("env"))?;
                tree.remove(&dir.join("secrets"))?;
            }
            Some(_) => {
                tree.remove(dir)?;
            }
            None => {}
        }
        Ok(())
    });
    removal
        .await
        .map_err(|e| RuntimeError::Other(format!("clearing delivered secrets: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_env_debug_shows_names_only() {
        let env = SecretEnv::new(&[("TOKEN".into(), Secret::new("hunter2"))]).unwrap();
        let shown = format!("{env:?}");
        assert!(
            shown.contains("TOKEN") && !shown.contains("hunter2"),
            "{shown}"
        );
        for (key, value) in [
            ("BAD-KEY", "v"),
            ("K", "a\nb"),
            ("K", "a\0b"),
            ("K", "a\rb"),
        ] {
            assert!(SecretEnv::new(&[(key.into(), Secret::new(value))]).is_err());
        }
    }

    #[test]
    fn secret_env_persists_and_loads_again() {
        let dir = tempfile::tempdir().unwrap();
        let layout = Layout::new(dir.path());
        assert!(SecretEnv::load(&layout).unwrap().is_empty());
        let env = SecretEnv::new(&[("A".into(), Secret::new("1"))]).unwrap();
        env.persist(&layout).unwrap();
        assert_eq!(SecretEnv::load(&layout).unwrap(), env);
        use std::os::unix::fs::PermissionsExt;
        let mode = fs_err::metadata(layout.secret_env_file())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn redacts() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s}"), "[redacted]");
        assert!(!format!("{s:?}").contains("hunter2"));
        assert!(!format!("{:?}", Some(&s)).contains("hunter2"));
    }
}
