//! The client side of the hook socket, for the `compass-hook` binary and
//! the `compass hook` CLI verb.
//!
//! Blocking I/O on one thread: a hook is a short-lived process, and a
//! tokio runtime, or even a second thread, would only add start-up time.
//! One deadline covers the whole call — the agent's stdin, the connect,
//! the request and the answer — and the payload read is capped. It fails closed: a missing socket, a time-out, an
//! oversized or unreadable payload, a malformed answer or an unknown agent
//! kind all become exit code 2 with the reason on stderr, which every
//! supported agent treats as a block (Claude Code lets any *other* non-zero
//! exit through).

use crate::wire::{self, HookRequest, HookResponse};
use compass_core::hook::HookProtocol;
use rustix::buffer::spare_capacity;
use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::io::Errno;
use rustix::net::sockopt::{Timeout, set_socket_timeout};
use rustix::net::{AddressFamily, SocketAddrUnix, SocketFlags, SocketType, connect, socket_with};
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::process::ExitCode;
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
/// Every blocking step waits at most until the deadline: stdin is polled
/// for the time left before each read, the connect and every socket read
/// and write carry the time left as their time-out. All on this one thread:
/// a helper thread (its stack, its malloc arena, its exit) cost more CPU
/// than the rest of the call.
pub fn run_hook_process(
    kind: &str,
    event: &str,
    stdin: impl AsFd,
    socket: &Path,
    timeout: Duration,
) -> HookOutcome {
    let deadline = Instant::now() + timeout;
    match read_payload_until(stdin.as_fd(), deadline) {
        Ok(payload) => run_hook_until(kind, event, &payload, socket, deadline),
        Err(PayloadError::Late) => HookOutcome::blocked(&format!(
            "no decision within {} ms (the payload or the daemon's answer did not arrive); the call is held (fail closed)",
            timeout.as_millis()
        )),
        Err(PayloadError::Failed(reason)) => HookOutcome::blocked(&reason),
    }
}

/// Why the agent's payload could not be read.
#[derive(Debug)]
enum PayloadError {
    /// The agent did not close stdin before the deadline.
    Late,
    Failed(String),
}

/// Read `stdin` to its end before `deadline`, refusing more than
/// [`MAX_PAYLOAD`]. Each read waits for data in `poll` with the time left,
/// so a stdin the agent never closes cannot outlast the deadline. (A read
/// after a ready poll blocks only if another reader drained the pipe in
/// between; the agent hands the hook a pipe of its own.)
fn read_payload_until(stdin: BorrowedFd<'_>, deadline: Instant) -> Result<Vec<u8>, PayloadError> {
    let failed = |e: rustix::io::Errno| {
        PayloadError::Failed(format!(
            "reading the hook payload failed: {}",
            std::io::Error::from(e)
        ))
    };
    let mut payload = Vec::with_capacity(FIRST_READ);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(PayloadError::Late);
        }
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        match poll(&mut fds, Some(&timespec(left))) {
            Ok(0) => return Err(PayloadError::Late),
            Ok(_) if fds[0].revents().contains(PollFlags::NVAL) => {
                return Err(PayloadError::Failed(
                    "reading the hook payload failed: stdin is not open".to_owned(),
                ));
            }
            Ok(_) => {}
            Err(Errno::INTR) => continue,
            Err(e) => return Err(failed(e)),
        }
        if payload.len() == payload.capacity() {
            // Doubling, and one byte past the cap at most: that byte tells
            // an oversized payload from one exactly at the cap.
            let more = payload.capacity().min(MAX_PAYLOAD + 1 - payload.len());
            payload.reserve_exact(more);
        }
        match rustix::io::read(stdin, spare_capacity(&mut payload)) {
            Ok(0) => return Ok(payload),
            Ok(_) if payload.len() > MAX_PAYLOAD => {
                return Err(PayloadError::Failed(format!(
                    "the hook payload is more than {MAX_PAYLOAD} bytes, more than Compass accepts"
                )));
            }
            Ok(_) | Err(Errno::INTR | Errno::AGAIN) => {}
            Err(e) => return Err(failed(e)),
        }
    }
}

/// The payload buffer's first size: most hook payloads fit.
const FIRST_READ: usize = 16 * 1024;

fn timespec(d: Duration) -> Timespec {
    Timespec {
        tv_sec: i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
        tv_nsec: i64::from(d.subsec_nanos()),
    }
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
    let late = || "the Compass daemon did not decide in time; the call is held (fail closed)";
    let mut stream = connect_until(socket, deadline).map_err(|e| match e.kind() {
        ErrorKind::TimedOut | ErrorKind::WouldBlock => late().to_owned(),
        _ => format!(
            "the Compass daemon is not answering on {} ({e}); high-stakes actions are held until it is back",
            socket.display()
        ),
    })?;
    let frame = wire::encode(&HookRequest::new(kind, event, stdin))
        .map_err(|e| format!("sending to the daemon failed: {e}"))?;
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

/// Connect to the hook socket, waiting for room in a full backlog at most
/// until `deadline`: a Unix socket's connect honours the send time-out
/// (`std`'s connect sets none, and would wait for as long as the daemon
/// does not accept).
fn connect_until(socket: &Path, deadline: Instant) -> std::io::Result<UnixStream> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(ErrorKind::TimedOut.into());
    }
    let addr = SocketAddrUnix::new(socket)?;
    let fd = socket_with(
        AddressFamily::UNIX,
        SocketType::STREAM,
        SocketFlags::CLOEXEC,
        None,
    )?;
    set_socket_timeout(&fd, Timeout::Send, Some(left))?;
    connect(&fd, &addr)?;
    Ok(UnixStream::from(fd))
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
    fn set_read_left(&self, left: Duration) -> std::io::Result<()>;
    fn set_write_left(&self, left: Duration) -> std::io::Result<()>;
}

impl TimedSocket for UnixStream {
    fn set_read_left(&self, left: Duration) -> std::io::Result<()> {
        self.set_read_timeout(Some(left))
    }
    fn set_write_left(&self, left: Duration) -> std::io::Result<()> {
        self.set_write_timeout(Some(left))
    }
}

impl TimedSocket for std::net::TcpStream {
    fn set_read_left(&self, left: Duration) -> std::io::Result<()> {
        self.set_read_timeout(Some(left))
    }
    fn set_write_left(&self, left: Duration) -> std::io::Result<()> {
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
        self.stream.set_read_left(self.left()?)?;
        self.stream.read(buf).map_err(timed_out)
    }
}

impl<S: TimedSocket> Write for Deadlined<'_, S> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.stream.set_write_left(self.left()?)?;
        self.stream.write(buf).map_err(timed_out)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.stream.flush()
    }
}
