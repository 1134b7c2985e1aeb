//! The client side of the hook socket, for the `compass-hook` binary and
//! the `compass hook` CLI verb.
//!
//! Blocking std I/O: a hook is a short-lived process and a tokio runtime
//! would only add start-up time. One deadline covers the whole call — the
//! agent's stdin, the connect, the request and the answer — and the payload
//! read is capped. It fails closed: a missing socket, a time-out, an
//! oversized or unreadable payload, a malformed answer or an unknown agent
//! kind all become exit code 2 with the reason on stderr, which every
//! supported agent treats as a block (Claude Code lets any *other* non-zero
//! exit through).

use crate::wire::{self, HookRequest, HookResponse};
use compass_core::hook::HookProtocol;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The largest payload the client reads from the agent: base64 of it still
/// fits in one wire frame. A bigger payload is blocked, not truncated.
pub const MAX_PAYLOAD: usize = wire::MAX_FRAME / 2;

/// What the hook process prints and exits with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookOutcome {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: i32,
}

impl HookOutcome {
    /// The block every supported agent honours (exit 2, reason on stderr).
    pub fn blocked(reason: &str) -> Self {
        let r = HookResponse::blocked(reason);
        Self {
            stdout: r.stdout,
            stderr: r.stderr,
            exit_code: r.exit_code,
        }
    }

    /// Print the outcome and turn it into the process's exit code. A
    /// decision that cannot be printed blocks: some are carried by stdout
    /// on exit 0 (a withheld tool result), and an agent reading nothing
    /// there would let the call through.
    pub fn emit(&self) -> ExitCode {
        let mut stdout = std::io::stdout().lock();
        let printed = stdout
            .write_all(self.stdout.as_bytes())
            .and_then(|()| stdout.flush());
        let _ = std::io::stderr().write_all(self.stderr.as_bytes());
        if self.exit_code == 0 && printed.is_ok() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(2)
        }
    }
}

/// The refusal of a protocol name no adapter decodes.
pub fn unknown_protocol(name: &str) -> String {
    format!(
        "unknown hook protocol {name:?} (expected one of {})",
        HookProtocol::names()
    )
}

/// A whole hook process: read the agent's payload from `stdin` (at most
/// [`MAX_PAYLOAD`] bytes), forward it, and return the answer — all within
/// `timeout`, whatever the agent or the daemon does.
///
/// The work runs on a helper thread and this one waits for it at most
/// until the deadline, so no blocking call (a stdin the agent never closes,
/// a connect to a full backlog) can outlast it. A thread still blocked then
/// is abandoned; the process exits right after answering.
pub fn run_hook_process<R: Read + Send + 'static>(
    kind: &str,
    event: &str,
    stdin: R,
    socket: &Path,
    timeout: Duration,
) -> HookOutcome {
    let deadline = Instant::now() + timeout;
    let (tx, rx) = mpsc::channel();
    let (kind, event, socket): (String, String, PathBuf) =
        (kind.to_owned(), event.to_owned(), socket.to_owned());
    let worker = std::thread::Builder::new()
        .name("compass-hook".into())
        .spawn(move || {
            let outcome = match read_payload(stdin) {
                Ok(payload) => run_hook_until(&kind, &event, &payload, &socket, deadline),
                Err(reason) => HookOutcome::blocked(&reason),
            };
            let _ = tx.send(outcome);
        });
    if let Err(e) = worker {
        return HookOutcome::blocked(&format!("cannot start the hook client: {e}"));
    }
    match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(outcome) => outcome,
        Err(mpsc::RecvTimeoutError::Timeout) => HookOutcome::blocked(&format!(
            "no decision within {} ms (the payload or the daemon's answer did not arrive); the call is held (fail closed)",
            timeout.as_millis()
        )),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            HookOutcome::blocked("the hook client failed before deciding")
        }
    }
}

/// Read the agent's payload to its end, refusing more than [`MAX_PAYLOAD`].
pub fn read_payload<R: Read>(stdin: R) -> Result<Vec<u8>, String> {
    let mut payload = Vec::new();
    let cap = u64::try_from(MAX_PAYLOAD).unwrap_or(u64::MAX);
    stdin
        .take(cap.saturating_add(1))
        .read_to_end(&mut payload)
        .map_err(|e| format!("reading the hook payload failed: {e}"))?;
    if payload.len() > MAX_PAYLOAD {
        return Err(format!(
            "the hook payload is more than {MAX_PAYLOAD} bytes, more than Compass accepts"
        ));
    }
    Ok(payload)
}

/// Forward one native hook call to the agent's hook socket and return the
/// answer in the agent's format, within `timeout` for the exchange as a
/// whole. Never returns an exit code other than 0 or 2.
pub fn run_hook(
    kind: &str,
    event: &str,
    stdin: &[u8],
    socket: &Path,
    timeout: Duration,
) -> HookOutcome {
    run_hook_until(kind, event, stdin, socket, Instant::now() + timeout)
}

pub(crate) fn run_hook_until(
    kind: &str,
    event: &str,
    stdin: &[u8],
    socket: &Path,
    deadline: Instant,
) -> HookOutcome {
    if HookProtocol::parse(kind).is_none() {
        return HookOutcome::blocked(&unknown_protocol(kind));
    }
    if stdin.len() > MAX_PAYLOAD {
        return HookOutcome::blocked(&format!(
            "the hook payload is {} bytes, more than Compass accepts ({MAX_PAYLOAD})",
            stdin.len(),
        ));
    }
    match exchange(kind, event, stdin, socket, deadline) {
        Ok(resp) if resp.exit_code == 0 || resp.exit_code == 2 => HookOutcome {
            stdout: resp.stdout,
            stderr: resp.stderr,
            exit_code: resp.exit_code,
        },
        Ok(resp) => HookOutcome::blocked(&format!(
            "the daemon answered with exit code {}",
            resp.exit_code
        )),
        Err(reason) => HookOutcome::blocked(&reason),
    }
}

fn exchange(
    kind: &str,
    event: &str,
    stdin: &[u8],
    socket: &Path,
    deadline: Instant,
) -> Result<wire::HookResponse, String> {
    let mut stream = UnixStream::connect(socket).map_err(|e| {
        format!(
            "the Compass daemon is not answering on {} ({e}); high-stakes actions are held until it is back",
            socket.display()
        )
    })?;
    let frame = wire::encode(&HookRequest::new(kind, event, stdin))
        .map_err(|e| format!("sending to the daemon failed: {e}"))?;
    let late = || "the Compass daemon did not decide in time; the call is held (fail closed)";
    let mut timed = Deadlined {
        stream: &mut stream,
        deadline,
    };
    timed.write_all(&frame).map_err(|e| match e.kind() {
        ErrorKind::TimedOut => late().to_owned(),
        _ => format!("sending to the daemon failed: {e}"),
    })?;
    let body = wire::read_frame_sync(&mut timed).map_err(|e| match e {
        wire::WireError::Io(io) if io.kind() == ErrorKind::TimedOut => late().to_owned(),
        other => format!("reading the daemon's answer failed: {other}"),
    })?;
    wire::decode_response(&body).map_err(|e| format!("the daemon's answer is malformed: {e}"))
}

/// A stream whose every read and write gets only the time left before one
/// deadline, so a peer trickling bytes cannot stretch the call: a socket
/// timeout alone restarts with each read.
pub(crate) struct Deadlined<'a, S> {
    pub(crate) stream: &'a mut S,
    pub(crate) deadline: Instant,
}

/// A socket whose reads and writes can be given a time-out (Unix and TCP).
pub(crate) trait TimedSocket: Read + Write {
    fn set_timeouts(&self, left: Duration) -> std::io::Result<()>;
}

impl TimedSocket for UnixStream {
    fn set_timeouts(&self, left: Duration) -> std::io::Result<()> {
        self.set_read_timeout(Some(left))?;
        self.set_write_timeout(Some(left))
    }
}

impl TimedSocket for std::net::TcpStream {
    fn set_timeouts(&self, left: Duration) -> std::io::Result<()> {
        self.set_read_timeout(Some(left))?;
        self.set_write_timeout(Some(left))
    }
}

impl<S> Deadlined<'_, S> {
    fn left(&self) -> std::io::Result<Duration> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            Err(ErrorKind::TimedOut.into())
        } else {
            Ok(left)
        }
    }
}

/// A socket time-out surfaces as `WouldBlock`; call it what it is.
fn timed_out(e: std::io::Error) -> std::io::Error {
    if e.kind() == ErrorKind::WouldBlock {
        ErrorKind::TimedOut.into()
    } else {
        e
    }
}

impl<S: TimedSocket> Read for Deadlined<'_, S> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.stream.set_timeouts(self.left()?)?;
        self.stream.read(buf).map_err(timed_out)
    }
}

impl<S: TimedSocket> Write for Deadlined<'_, S> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.stream.set_timeouts(self.left()?)?;
        self.stream.write(buf).map_err(timed_out)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.stream.flush()
    }
}
