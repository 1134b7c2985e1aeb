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

use crate::error::RuntimeError;
use crate::layout::Layout;
use crate::spec::{ExecSpec, WorkloadName};
use crate::workload::WorkloadRuntime;
use std::path::{Path, PathBuf};

pub use crate::secret_env::{Secret, SecretEnv};

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
    inject_env_kept(rt, name, state_dir, vars, &[]).await
}

/// [`inject_env`], with `kept` besides: secrets the runtime never writes
/// into the workload (an agent's model key: its own program takes it from
/// its environment, and a copy in `$HOME/.compass/env` would be a file its
/// tools, running as the same user, can read), and gives a process as its
/// spec's [`crate::KeptSecrets`] says: in its environment, or through a
/// descriptor only its `compass-confine launch` reads. The copy holds
/// `vars` only; a name in both is kept out of it.
pub async fn inject_env_kept(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    state_dir: &Path,
    vars: &[(String, Secret)],
    kept: &[(String, Secret)],
) -> Result<(), RuntimeError> {
    let copied: Vec<(String, Secret)> = vars
        .iter()
        .filter(|(n, _)| !kept.iter().any(|(k, _)| k == n))
        .cloned()
        .collect();
    let body = SecretEnv::new(&copied)?.file_body();
    rt.set_secret_env(name, SecretEnv::new_kept(vars, kept)?)
        .await?;
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
        // Which are kept survives a restart of the daemon.
        let kept = SecretEnv::new_kept(
            &[("A".into(), Secret::new("1"))],
            &[("K".into(), Secret::new("2"))],
        )
        .unwrap();
        assert!(kept.is_kept("K") && !kept.is_kept("A"));
        kept.persist(&layout).unwrap();
        let loaded = SecretEnv::load(&layout).unwrap();
        assert_eq!(loaded, kept);
        assert!(loaded.is_kept("K"));
        // What an older daemon kept (a plain map) loads with nothing kept.
        fs_err::write(layout.secret_env_file(), r#"{"A":"1","K":"2"}"#).unwrap();
        let old = SecretEnv::load(&layout).unwrap();
        assert_eq!(old.names().collect::<Vec<_>>(), ["A", "K"]);
        assert!(!old.is_kept("K"));
    }

    #[test]
    fn redacts() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s}"), "[redacted]");
        assert!(!format!("{s:?}").contains("hunter2"));
        assert!(!format!("{:?}", Some(&s)).contains("hunter2"));
    }
}
