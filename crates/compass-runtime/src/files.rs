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

/// Run `script` under `/bin/sh` in the workload with `args` after it
/// (`$0` names the step in `ps`), `stdin` fed in; a failure says `doing`
/// on which path.
async fn shell(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    doing: &str,
    path: &str,
    script: &str,
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
) -> Result<Vec<u8>, RuntimeError> {
    let mut argv = vec!["/bin/sh".into(), "-c".into(), script.into()];
    argv.extend(args);
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
    let args = vec![
        "compass-read".into(),
        p.clone(),
        READ_SECONDS.to_string(),
        (MAX_READ + 1).to_string(),
    ];
    let body = shell(rt, name, "reading a file", &p, READ, args, None).await?;
    if body.len() as u64 > MAX_READ {
        return Err(RuntimeError::Invalid {
            what: "workload file",
            why: format!("{p} is larger than {MAX_READ} bytes"),
        });
    }
    Ok(body)
}

/// Creates the parents, then writes stdin to `$1`.
const WRITE: &str = r#"mkdir -p -- "$(dirname -- "$1")" && cat > "$1""#;

/// Write `body` to `path` inside the workload (parents created), with the
/// workload's own permissions: a read-only path fails.
pub async fn write(
    rt: &dyn WorkloadRuntime,
    name: &WorkloadName,
    path: &Path,
    body: &[u8],
) -> Result<(), RuntimeError> {
    let p = check(path)?;
    let args = vec!["compass-write".into(), p.clone()];
    shell(
        rt,
        name,
        "writing a file",
        &p,
        WRITE,
        args,
        Some(body.to_vec()),
    )
    .await
    .map(drop)
}
