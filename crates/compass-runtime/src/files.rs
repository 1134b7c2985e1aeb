//! Reading and writing files *inside* a workload, for serving ACP `fs/*`
//! requests. Both go through a process in the workload (`cat`), never
//! through host-side paths: a symlink the agent planted resolves inside its
//! own sandbox, so it can never make the daemon read or write a host file.
//!
//! Boundary: moves bytes; the gates on what is read or written are Warden's.

use crate::error::RuntimeError;
use crate::spec::{ExecSpec, WorkloadName};
use crate::workload::WorkloadRuntime;
use std::path::Path;

fn check(path: &Path) -> Result<String, RuntimeError> {
    let text = path.to_str().ok_or_else(|| RuntimeError::Invalid {
        what: "workload path",
        why: format!("{} is not UTF-8", path.display()),
    })?;
    if !path.is_absolute() || text.contains('\0') {
        return Err(RuntimeError::Invalid {
            what: "workload path",
            why: format!("{text:?} must be absolute"),
        });
    }
    Ok(text.to_owned())
}

/// The most `read` returns: a larger file is refused, not truncated.
pub const MAX_READ: u64 = 16 * 1024 * 1024;

/// Seconds a read may take inside the workload before it is killed.
const READ_SECONDS: u32 = 30;

/// Reads only a regular file (a FIFO or a device the agent planted would
/// block or never end), at most one byte past the cap, under a deadline in
/// case the agent swaps the file for a FIFO after the check.
const READ: &str = r#"[ -f "$1" ] || { echo "$1: not a regular file" >&2; exit 1; }
exec timeout -s KILL "$2" head -c "$3" -- "$1""#;

/// The bytes of `path` as the workload sees it.
pub async fn read(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    path: &Path,
) -> Result<Vec<u8>, RuntimeError> {
    let p = check(path)?;
    let out = rt
        .exec(
            name,
            &ExecSpec {
                argv: vec![
                    "/bin/sh".into(),
                    "-c".into(),
                    READ.into(),
                    "compass-read".into(),
                    p.clone(),
                    READ_SECONDS.to_string(),
                    (MAX_READ + 1).to_string(),
                ],
                ..ExecSpec::default()
            },
        )
        .await?;
    if !out.success() {
        return Err(RuntimeError::Command {
            command: "reading a file".to_owned(),
            target: format!("{name}:{p}"),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    if out.stdout.len() as u64 > MAX_READ {
        return Err(RuntimeError::Invalid {
            what: "workload file",
            why: format!("{p} is larger than {MAX_READ} bytes"),
        });
    }
    Ok(out.stdout)
}

/// Write `body` to `path` inside the workload (parents created), with the
/// workload's own permissions: a read-only path fails.
pub async fn write(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    path: &Path,
    body: &[u8],
) -> Result<(), RuntimeError> {
    let p = check(path)?;
    let out = rt
        .exec(
            name,
            &ExecSpec {
                argv: vec![
                    "/bin/sh".into(),
                    "-c".into(),
                    r#"mkdir -p -- "$(dirname -- "$1")" && cat > "$1""#.into(),
                    "compass-write".into(),
                    p.clone(),
                ],
                stdin: Some(body.to_vec()),
                ..ExecSpec::default()
            },
        )
        .await?;
    if !out.success() {
        return Err(RuntimeError::Command {
            command: "writing a file".to_owned(),
            target: format!("{name}:{p}"),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(())
}
