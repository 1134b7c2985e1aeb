//! Reading and writing files *inside* a workload, for serving ACP `fs/*`
//! requests. Both go through a process in the workload (`head`, `tee`), never
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

/// Seconds a read or write may take inside the workload before it is
/// killed.
const IO_SECONDS: u32 = 30;

/// Reads only a regular file (a FIFO or a device the agent planted would
/// block or never end), at most `$3` bytes, under a deadline in case the
/// agent swaps the file for a FIFO after the check.
const READ: &str = r#"[ -f "$1" ] || { echo "$1: not a regular file" >&2; exit 1; }
exec timeout -s KILL "$2" head -c "$3" -- "$1""#;

/// Creates the parents, then writes stdin to `$1`: only a regular file or
/// a new one (opening a FIFO the agent planted blocks until a reader comes,
/// which may be never), and the open itself under the deadline (`tee`
/// opens it, not the shell), in case the file is swapped after the check.
const WRITE: &str = r#"if [ -e "$1" ] || [ -L "$1" ]; then [ -f "$1" ] || { echo "$1: not a regular file" >&2; exit 1; }; fi
mkdir -p -- "$(dirname -- "$1")" && exec timeout -s KILL "$2" tee -- "$1" >/dev/null"#;

/// The argv (`/bin/sh -c …`) that prints at most `max` bytes of `path`
/// inside a workload: a regular file only, killed after [`IO_SECONDS`].
/// Every read of a file in a workload goes through it (the ACP `fs/*`
/// methods here, the gate's read of a file a network command sends).
pub fn read_argv(path: &str, max: u64) -> Vec<String> {
    vec![
        "/bin/sh".into(),
        "-c".into(),
        READ.into(),
        "compass-read".into(),
        path.into(),
        IO_SECONDS.to_string(),
        max.to_string(),
    ]
}

/// The argv (`/bin/sh -c …`) that writes its stdin to `path` inside a
/// workload (parents created): a regular or new file only, killed after
/// [`IO_SECONDS`].
pub fn write_argv(path: &str) -> Vec<String> {
    vec![
        "/bin/sh".into(),
        "-c".into(),
        WRITE.into(),
        "compass-write".into(),
        path.into(),
        IO_SECONDS.to_string(),
    ]
}

/// Run `argv` ([`read_argv`], [`write_argv`]) in the workload, `stdin`
/// fed in; a failure says `doing` on which path.
async fn shell(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    doing: &str,
    path: &str,
    argv: Vec<String>,
    stdin: Option<Vec<u8>>,
) -> Result<Vec<u8>, RuntimeError> {
    let out = rt
        .exec(
            name,
            &ExecSpec {
                argv,
                stdin,
                ..ExecSpec::default()
            },
        )
        .await?;
    if !out.success() {
        return Err(RuntimeError::Command {
            command: doing.to_owned(),
            target: format!("{name}:{path}"),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(out.stdout)
}

/// The bytes of `path` as the workload sees it.
pub async fn read(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    path: &Path,
) -> Result<Vec<u8>, RuntimeError> {
    let p = check(path)?;
    // One byte past the cap: a larger file is refused, not cut.
    let argv = read_argv(&p, MAX_READ + 1);
    let body = shell(rt, name, "reading a file", &p, argv, None).await?;
    if body.len() as u64 > MAX_READ {
        return Err(RuntimeError::Invalid {
            what: "workload file",
            why: format!("{p} is larger than {MAX_READ} bytes"),
        });
    }
    Ok(body)
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
    let argv = write_argv(&p);
    shell(rt, name, "writing a file", &p, argv, Some(body.to_vec()))
        .await
        .map(drop)
}
