//! The client side of the hook socket, for the `compass hook` CLI verb.
//!
//! Blocking std I/O with deadlines: a hook is a short-lived process and a
//! tokio runtime would only add start-up time. It fails closed: a missing
//! socket, a time-out, a malformed answer or an unknown agent kind all become
//! exit code 2 with the reason on stderr, which every supported agent treats
//! as a block (Claude Code lets any *other* non-zero exit through).

use super::adapters::{self, AgentKind};
use super::wire::{self, HookRequest};
use std::io::ErrorKind;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, Instant};

/// What the hook process prints and exits with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookOutcome {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: i32,
}

impl HookOutcome {
    fn blocked(reason: &str) -> Self {
        let r = adapters::block(reason);
        Self {
            stdout: r.stdout,
            stderr: r.stderr,
            exit_code: r.exit_code,
        }
    }
}

/// Forward one native hook call to the agent's hook socket and return the
/// answer in the agent's format. Never returns an exit code other than 0 or 2.
pub fn run_hook(
    kind: &str,
    event: &str,
    stdin: &[u8],
    socket: &Path,
    timeout: Duration,
) -> HookOutcome {
    if AgentKind::parse(kind).is_none() {
        return HookOutcome::blocked(&format!(
            "unknown agent kind {kind:?}; expected claude-code, codex, gemini-cli or scripted"
        ));
    }
    if stdin.len() > wire::MAX_FRAME / 2 {
        return HookOutcome::blocked(&format!(
            "the hook payload is {} bytes, more than Compass accepts ({})",
            stdin.len(),
            wire::MAX_FRAME / 2
        ));
    }
    match exchange(kind, event, stdin, socket, timeout) {
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
    timeout: Duration,
) -> Result<wire::HookResponse, String> {
    let deadline = Instant::now() + timeout;
    let left = || {
        deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1))
    };
    let mut stream = UnixStream::connect(socket).map_err(|e| {
        format!(
            "the Compass daemon is not answering on {} ({e}); high-stakes actions are held until it is back",
            socket.display()
        )
    })?;
    stream
        .set_write_timeout(Some(left()))
        .map_err(|e| e.to_string())?;
    let req = HookRequest::new(kind, event, stdin);
    wire::write_frame_sync(&mut stream, &req)
        .map_err(|e| format!("sending to the daemon failed: {e}"))?;
    stream
        .set_read_timeout(Some(left()))
        .map_err(|e| e.to_string())?;
    let body = wire::read_frame_sync(&mut stream).map_err(|e| match e {
        wire::WireError::Io(io)
            if matches!(io.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
        {
            format!(
                "the Compass daemon did not decide within {} ms; the call is held (fail closed)",
                timeout.as_millis()
            )
        }
        other => format!("reading the daemon's answer failed: {other}"),
    })?;
    wire::decode_response(&body).map_err(|e| format!("the daemon's answer is malformed: {e}"))
}
