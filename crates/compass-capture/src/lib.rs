//! Running a child process to completion with its output capped.
//!
//! What a process prints is often the agent's to shape (git's diff of the
//! agent's commits, a command in its workload), so the host never reads
//! more than a cap of it: the child is killed the moment either stream
//! passes the cap, neither stream is read further (a descendant holding the
//! other pipe open cannot stall the host), and the result says it was cut.
//!
//! Boundary: spawning, feeding stdin and reading; no policy about what the
//! output means.

use std::process::{ExitStatus, Stdio};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::process::Command;

/// Bytes of stdout, and of stderr, kept unless the caller says.
pub const DEFAULT_LIMIT: usize = 16 << 20;

/// What a capped run left.
#[derive(Debug)]
pub struct Captured {
    pub status: ExitStatus,
    /// At most the cap's first bytes of each stream.
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// A stream passed the cap and the child was killed there.
    pub truncated: bool,
}

/// Run `cmd` to completion, feeding `stdin`, keeping at most `limit` bytes
/// of each output stream. A non-zero exit is a result, not an error; so is
/// output past the limit (`truncated`).
pub async fn capture(
    mut cmd: Command,
    stdin: Option<&[u8]>,
    limit: usize,
) -> std::io::Result<Captured> {
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .kill_on_drop(true);
    let mut child = cmd.spawn()?;
    let writer = match (stdin, child.stdin.take()) {
        (Some(bytes), Some(mut pipe)) => {
            let bytes = bytes.to_vec();
            Some(tokio::spawn(async move {
                // A child that exits without reading its stdin is not an error.
                let _ = pipe.write_all(&bytes).await;
                let _ = pipe.shutdown().await;
            }))
        }
        _ => None,
    };
    let (Some(mut stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
        return Err(std::io::Error::other(
            "the child's output pipes are missing",
        ));
    };
    let streams = read_capped(&mut stdout, &mut stderr, limit).await?;
    if streams.truncated {
        // Killed while its pipes are still open, so it dies of the kill
        // (not of a broken pipe it might catch). Already gone is fine.
        let _ = child.start_kill();
    }
    drop((stdout, stderr));
    let status = child.wait().await?;
    if let Some(writer) = writer {
        writer.abort();
        let _ = writer.await;
    }
    Ok(Captured {
        status,
        stdout: streams.stdout,
        stderr: streams.stderr,
        truncated: streams.truncated,
    })
}

/// Both output streams, each at most the cap.
#[derive(Debug, Default)]
struct Streams {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    truncated: bool,
}

/// Read `out` and `err` together until both end or either passes `limit`
/// (then both are cut at `limit` and reading stops).
async fn read_capped(
    mut out: impl AsyncRead + Unpin,
    mut err: impl AsyncRead + Unpin,
    limit: usize,
) -> std::io::Result<Streams> {
    const CHUNK: usize = 64 * 1024;
    let mut got = Streams::default();
    let (mut out_buf, mut err_buf) = (vec![0u8; CHUNK], vec![0u8; CHUNK]);
    let (mut out_open, mut err_open) = (true, true);
    while out_open || err_open {
        // `read` is cancel-safe: the branch not taken loses no bytes.
        tokio::select! {
            n = out.read(&mut out_buf), if out_open => match n? {
                0 => out_open = false,
                n => keep(&mut got.stdout, &out_buf[..n], limit),
            },
            n = err.read(&mut err_buf), if err_open => match n? {
                0 => err_open = false,
                n => keep(&mut got.stderr, &err_buf[..n], limit),
            },
        }
        if got.stdout.len() > limit || got.stderr.len() > limit {
            got.stdout.truncate(limit);
            got.stderr.truncate(limit);
            got.truncated = true;
            break;
        }
    }
    Ok(got)
}

/// Append `bytes` to `buf`, keeping at most one byte past `limit` (the sign
/// the stream passed it) and never growing `buf`'s allocation beyond that.
fn keep(buf: &mut Vec<u8>, bytes: &[u8], limit: usize) {
    let bytes = &bytes[..bytes.len().min(limit + 1 - buf.len())];
    if buf.capacity() - buf.len() < bytes.len() {
        let grown = (buf.capacity() * 2).max(buf.len() + bytes.len());
        buf.reserve_exact(grown.min(limit + 1) - buf.len());
    }
    buf.extend_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    fn sh(script: &str) -> Command {
        let mut cmd = Command::new("/bin/sh");
        cmd.args(["-c", script]);
        cmd
    }

    #[tokio::test]
    async fn output_within_the_cap_is_whole() {
        let out = capture(sh("cat; printf def >&2; exit 3"), Some(b"abc"), 16)
            .await
            .unwrap();
        assert_eq!(
            (
                out.stdout.as_slice(),
                out.stderr.as_slice(),
                out.status.code(),
                out.truncated
            ),
            (&b"abc"[..], &b"def"[..], Some(3), false)
        );
    }

    #[tokio::test]
    async fn an_endless_stream_is_cut_at_the_cap_and_the_child_killed() {
        // `yes` never ends on its own: without the cap this never returns.
        let out = capture(sh("exec yes escape"), None, 1 << 20).await.unwrap();
        assert!(out.truncated);
        assert_eq!(out.stdout.len(), 1 << 20);
        assert!(out.stdout.starts_with(b"escape\nescape\n"));
        assert_eq!(out.status.signal(), Some(9));
        assert!(
            out.stdout.capacity() <= (1 << 20) + 1,
            "kept no more than the cap"
        );
    }

    #[tokio::test]
    async fn a_descendant_holding_the_other_pipe_does_not_stall_the_cut() {
        // stderr stays open in a sleeping grandchild while stdout floods.
        let out = capture(
            sh("sleep 30 & exec head -c 4000000 /dev/zero"),
            None,
            1 << 20,
        )
        .await
        .unwrap();
        assert!(out.truncated);
        assert_eq!(out.stdout.len(), 1 << 20);
    }

    #[tokio::test]
    async fn stderr_past_the_cap_truncates_too() {
        let out = capture(sh("head -c 300000 /dev/zero >&2; echo late"), None, 100_000)
            .await
            .unwrap();
        assert!(out.truncated);
        assert_eq!(out.stderr.len(), 100_000);
    }

    #[test]
    fn keep_never_passes_one_byte_over() {
        let mut buf = Vec::new();
        for _ in 0..10 {
            keep(&mut buf, &[7; 300], 1000);
        }
        assert_eq!(buf.len(), 1001);
        assert!(buf.capacity() <= 1001);
    }
}
