//! Secrets into a workload: values travel over a process's stdin into 0600
//! files under the workload's scoped `$HOME` — never argv, never an
//! environment dump, never a log. Env-shaped secrets go into one 0600 env
//! file (`$HOME/.compass/env`) that every spawn reads.
//!
//! Boundary: this module moves values the daemon resolved; where secrets come
//! from (keyring, secretspec) is the daemon's business.

use crate::layout::Layout;
use crate::workload::{ExecSpec, RuntimeError, WorkloadName, WorkloadRuntime};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A secret value. `Display` and `Debug` print `[redacted]`; the bytes are
/// reachable only through [`Secret::expose`].
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl Secret {
    pub fn new(value: impl Into<Vec<u8>>) -> Self {
        Self(value.into())
    }

    /// The raw value. Call sites are the audit surface: keep them few.
    pub fn expose(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Parse the 0600 env file: `KEY=VALUE` lines; a missing file is empty.
pub(crate) fn read_env_file(path: &Path) -> Result<BTreeMap<String, String>, RuntimeError> {
    let text = match fs_err::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(RuntimeError::io("reading the workload env file", e)),
    };
    Ok(text
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect())
}

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

/// Set env-shaped secrets: merged into the workload's 0600 env file
/// (`$HOME/.compass/env`) that every later spawn and exec reads. Keys are
/// `[A-Za-z_][A-Za-z0-9_]*`; values may not contain newline or NUL.
pub async fn inject_env(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    state_dir: &Path,
    vars: &[(String, Secret)],
) -> Result<(), RuntimeError> {
    let layout = Layout::new(state_dir);
    let mut env = read_env_file(&layout.env_file())?;
    for (key, value) in vars {
        let mut chars = key.chars();
        let key_ok = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !key_ok {
            return Err(RuntimeError::Invalid {
                what: "env secret name",
                why: format!("{key:?} is not a shell variable name"),
            });
        }
        let text = std::str::from_utf8(value.expose()).map_err(|_| RuntimeError::Invalid {
            what: "env secret value",
            why: format!("the value of {key} is not UTF-8"),
        })?;
        if text.contains(['\n', '\0']) {
            return Err(RuntimeError::Invalid {
                what: "env secret value",
                why: format!("the value of {key} contains a newline or NUL; inject it as a file"),
            });
        }
        env.insert(key.clone(), text.to_owned());
    }
    let mut body = String::new();
    for (k, v) in &env {
        body.push_str(k);
        body.push('=');
        body.push_str(v);
        body.push('\n');
    }
    let path = rt.inner_paths(state_dir).home.join(".compass").join("env");
    write_file(rt, name, &path, &Secret::new(body)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s}"), "[redacted]");
        assert!(!format!("{s:?}").contains("hunter2"));
        assert!(!format!("{:?}", Some(&s)).contains("hunter2"));
    }
}
