//! Running a child process to completion with its output capped.
//!
//! What a process prints is often the agent's to shape (git's diff of the
//! agent's commits, a command in its workload), so the host never reads
//! more than a cap of it: the child is killed the moment either stream
//! passes the cap, neither stream is read further (a descendant holding the
//! other pipe open cannot stall the host), and the result says it was cut.
//! A listing too long to hold but needed whole (every gitlink of a tree)
//! is read as [`records`] instead: each record is handed over as it
//! arrives and only the longest record allowed is ever held; once its
//! stdout has ended and the child has exited, only what is already in the
//! stderr pipe is read (a descendant holding it open cannot stall it).
//!
//! Boundary: spawning, feeding stdin and reading; no policy about what the
//! output means.

use std::ops::ControlFlow;
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

/// Bytes of stderr [`records`] keeps.
const RECORDS_STDERR_LIMIT: usize = 64 << 10;

/// Why [`records`] stopped reading before the child's stdout ended (the
/// child is killed then).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// A record grew past the record limit.
    LongRecord,
    /// The caller's `each` said to stop.
    Stopped,
    /// Stderr passed its own cap.
    Stderr,
}

/// What a [`records`] run left.
#[derive(Debug)]
pub struct Streamed {
    pub status: ExitStatus,
    /// At most the first 64 KiB of stderr.
    pub stderr: Vec<u8>,
    /// Set when reading stopped early.
    pub cut: Option<Cut>,
}

/// Run `cmd` to completion, handing each `sep`-terminated record of its
/// stdout (without the separator; a last one without it too) to `each`
/// as it arrives. No byte cap on the whole output: only one record is ever
/// held, and one longer than `record_limit` stops the run
/// ([`Cut::LongRecord`]), as does `each` breaking. A non-zero exit is a
/// result, not an error.
pub async fn records(
    mut cmd: Command,
    sep: u8,
    record_limit: usize,
    mut each: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> std::io::Result<Streamed> {
    const CHUNK: usize = 64 * 1024;
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = cmd.spawn()?;
    let (Some(mut out), Some(mut err)) = (child.stdout.take(), child.stderr.take()) else {
        return Err(std::io::Error::other(
            "the child's output pipes are missing",
        ));
    };
    let (mut out_buf, mut err_buf) = (vec![0u8; CHUNK], vec![0u8; CHUNK]);
    let (mut out_open, mut err_open) = (true, true);
    let (mut pending, mut stderr) = (Vec::new(), Vec::new());
    let (mut cut, mut exited) = (None, None);
    while cut.is_none() && (out_open || err_open) {
        if exited.is_some() {
            // The child is gone and its stdout ended: only what is already
            // in the stderr pipe is read, so a descendant holding it open
            // cannot stall the run.
            cut = drain_stderr(&mut err, &mut stderr).await?;
            break;
        }
        tokio::select! {
            // Cancel-safe: a wait not taken loses nothing.
            status = child.wait(), if !out_open => exited = Some(status?),
            n = out.read(&mut out_buf), if out_open => match n? {
                0 => {
                    out_open = false;
                    if !pending.is_empty() && each(&pending).is_break() {
                        cut = Some(Cut::Stopped);
                    }
                }
                n => cut = split_records(&mut pending, &out_buf[..n], sep, record_limit, &mut each),
            },
            n = err.read(&mut err_buf), if err_open => match n? {
                0 => err_open = false,
                n => {
                    keep(&mut stderr, &err_buf[..n], RECORDS_STDERR_LIMIT);
                    if stderr.len() > RECORDS_STDERR_LIMIT {
                        stderr.truncate(RECORDS_STDERR_LIMIT);
                        cut = Some(Cut::Stderr);
                    }
                }
            },
        }
    }
    if cut.is_some() {
        // Killed while its pipes are open, as in [`capture`].
        let _ = child.start_kill();
    }
    drop((out, err));
    let status = match exited {
        Some(status) => status,
        None => child.wait().await?,
    };
    Ok(Streamed {
        status,
        stderr,
        cut,
    })
}

/// How long a read of an exited child's stderr waits for more bytes.
const DRAIN_WAIT: std::time::Duration = std::time::Duration::from_millis(50);

/// Read what is left in `err`, keeping it in `stderr` up to its cap,
/// until it ends or nothing more comes within [`DRAIN_WAIT`].
async fn drain_stderr(
    err: &mut (impl AsyncRead + Unpin),
    stderr: &mut Vec<u8>,
) -> std::io::Result<Option<Cut>> {
    let mut buf = vec![0u8; 64 * 1024];
    while let Ok(n) = tokio::time::timeout(DRAIN_WAIT, err.read(&mut buf)).await {
        match n? {
            0 => break,
            n => {
                keep(stderr, &buf[..n], RECORDS_STDERR_LIMIT);
                if stderr.len() > RECORDS_STDERR_LIMIT {
                    stderr.truncate(RECORDS_STDERR_LIMIT);
                    return Ok(Some(Cut::Stderr));
                }
            }
        }
    }
    Ok(None)
}

/// Append `bytes` to the record in progress, handing every record it
/// completes to `each`; what stopped the reading, if anything did.
fn split_records(
    pending: &mut Vec<u8>,
    bytes: &[u8],
    sep: u8,
    limit: usize,
    each: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Option<Cut> {
    let mut rest = bytes;
    while let Some(at) = rest.iter().position(|&b| b == sep) {
        let (head, tail) = (&rest[..at], &rest[at + 1..]);
        rest = tail;
        if pending.len() + head.len() > limit {
            return Some(Cut::LongRecord);
        }
        let stop = if pending.is_empty() {
            each(head)
        } else {
            pending.extend_from_slice(head);
            let stop = each(pending);
            pending.clear();
            stop
        };
        if stop.is_break() {
            return Some(Cut::Stopped);
        }
    }
    if pending.len() + rest.len() > limit {
        return Some(Cut::LongRecord);
    }
    pending.extend_from_slice(rest);
    None
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

    #[tokio::test]
    async fn records_are_handed_over_one_at_a_time_without_a_total_cap() {
        // 6 MB of records, each 5 bytes: far more than any one is allowed.
        let mut seen = 0usize;
        let mut last = Vec::new();
        let out = records(
            sh("yes abcd | head -n 1200000; printf tail"),
            b'\n',
            8,
            |r| {
                seen += 1;
                last = r.to_vec();
                ControlFlow::Continue(())
            },
        )
        .await
        .unwrap();
        assert_eq!(
            (out.cut, seen, last.as_slice()),
            (None, 1_200_001, &b"tail"[..])
        );
        assert!(out.status.success());
    }

    #[tokio::test]
    async fn records_end_with_the_child_though_a_descendant_holds_stderr() {
        // The child exits; its background descendant keeps stderr open
        // (its stdout closed) for far longer than the run may take.
        let script = "printf 'a\\0b\\0'; printf 'said\\n' >&2; (exec >/dev/null; sleep 20) &";
        let mut seen = Vec::new();
        let run = records(sh(script), b'\0', 16, |r| {
            seen.push(r.to_vec());
            ControlFlow::Continue(())
        });
        let out = tokio::time::timeout(std::time::Duration::from_secs(10), run)
            .await
            .expect("records waited for the descendant")
            .unwrap();
        assert!(out.status.success() && out.cut.is_none(), "{out:?}");
        assert_eq!(seen, [b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(out.stderr, b"said\n");
    }

    #[tokio::test]
    async fn a_record_past_the_limit_or_a_break_stops_the_run() {
        let long = records(sh("printf 'ok\\0'; exec yes"), 0, 100, |_| {
            ControlFlow::Continue(())
        })
        .await
        .unwrap();
        assert_eq!(long.cut, Some(Cut::LongRecord));
        assert_eq!(long.status.signal(), Some(9));
        let mut seen = 0;
        let stopped = records(sh("exec yes"), b'\n', 100, |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .await
        .unwrap();
        assert_eq!((stopped.cut, seen), (Some(Cut::Stopped), 3));
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
