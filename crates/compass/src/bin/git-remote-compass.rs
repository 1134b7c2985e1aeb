//! `git-remote-compass`: the two ends of an agent's push relay that git
//! itself starts. Std only and small; shipped next to `compass`.
//!
//! - **Remote helper** (inside the workload): a remote URL `compass::<repo>`
//!   makes git run `git-remote-compass <remote> <repo>`. It answers git's
//!   helper protocol with the `connect` capability, and on `connect
//!   git-receive-pack` (push) or `connect git-upload-pack` (fetch) it opens
//!   the workload's git socket (`$COMPASS_GIT_SOCKET`, served by the daemon:
//!   the socket is the agent's identity), sends `<service> <repo>`, and
//!   becomes a byte pipe between git and the daemon's `git receive-pack` /
//!   `upload-pack` on the agent's relay repository.
//! - **Pre-receive check** (on the host, `--pre-receive`): the relay's
//!   Compass-owned `pre-receive` hook runs this. It sends the received ref
//!   updates and the push's quarantine paths to the daemon's per-push
//!   decision socket (`$COMPASS_RELAY_DECIDE`) and exits with its verdict;
//!   what it prints reaches the pushing agent as `remote:` lines.
//! - **Credential helper** (on the host, `--credential <action>`): the
//!   relay's and the clone's own git name it as `credential.helper` while
//!   the daemon lends a forge-bound secret. It sends `<action>` and git's
//!   request to the daemon's credential socket (`$COMPASS_CREDENTIAL_SOCKET`)
//!   and prints the answer for git; the daemon answers only for the bound
//!   origin. The value passes through a pipe, never an argv or env.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::process::ExitCode;
use std::time::Duration;

/// Where the git socket is inside a sandbox when the env names none.
const DEFAULT_SOCKET: &str = "/run/compass/git.sock";
/// How long the daemon may take to answer `ok` (it first refreshes the
/// relay from the real remote, for at most a minute).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);
/// How long the pre-receive check waits for the daemon's verdict when the
/// relay names no limit (`COMPASS_RELAY_VERDICT_SECS`: the daemon's own
/// decision limit plus a grace, so its refusal arrives first).
const VERDICT_TIMEOUT: Duration = Duration::from_secs(330);
/// Bound on the ref-update list a pre-receive hook forwards: a longer list
/// refuses the push whole (never judged on a prefix).
const MAX_UPDATES_BYTES: u64 = 1024 * 1024;
/// Bounds on a credential request from git and the daemon's answer.
const MAX_CREDENTIAL_BYTES: u64 = 8 * 1024;
/// How long the daemon may take to answer a credential request.
const CREDENTIAL_TIMEOUT: Duration = Duration::from_secs(10);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1).map(String::as_str) {
        Some("--pre-receive") => pre_receive(),
        Some("--credential") if args.len() == 3 => credential(&args[2]),
        Some(_) if args.len() == 3 => remote_helper(&args[2]),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "usage: git-remote-compass <remote> <repo> (run by git for compass::<repo> URLs)",
        )),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            say(&format!("compass relay: {e}"));
            ExitCode::FAILURE
        }
    }
}

/// A line on stderr: git shows it to the user (or, from the hook, to the
/// pushing client as `remote: …`).
#[allow(clippy::print_stderr)]
fn say(line: &str) {
    eprintln!("{line}");
}

fn remote_helper(repo: &str) -> io::Result<ExitCode> {
    // Unlocked handles: the pipe moves stdin to another thread.
    let mut input = BufReader::new(io::stdin());
    let mut out = io::stdout();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(ExitCode::SUCCESS);
        }
        match line.trim_end() {
            "capabilities" => {
                out.write_all(b"connect\n\n")?;
                out.flush()?;
            }
            "" => return Ok(ExitCode::SUCCESS),
            cmd => {
                let service = match cmd.strip_prefix("connect ") {
                    Some(s @ ("git-receive-pack" | "git-upload-pack")) => s,
                    _ => {
                        return Err(io::Error::new(
                            io::ErrorKind::Unsupported,
                            format!("unsupported helper command {cmd:?}"),
                        ));
                    }
                };
                let sock = open(service, repo)?;
                out.write_all(b"\n")?;
                out.flush()?;
                return pipe(input, out, sock);
            }
        }
    }
}

/// Open the git socket and ask for `service` on `repo`; the daemon answers
/// `ok` or `error <why>` before any git byte flows.
fn open(service: &str, repo: &str) -> io::Result<UnixStream> {
    let path = std::env::var("COMPASS_GIT_SOCKET").unwrap_or_else(|_| DEFAULT_SOCKET.to_owned());
    let mut sock = UnixStream::connect(&path)
        .map_err(|e| io::Error::new(e.kind(), format!("connecting to {path}: {e}")))?;
    sock.write_all(format!("{service} {repo}\n").as_bytes())?;
    sock.set_read_timeout(Some(ANSWER_TIMEOUT))?;
    // Byte at a time so nothing of git's own stream is read past the line.
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while answer.len() < 4096 {
        let n = sock.read(&mut byte).map_err(|e| timed_out(e, "answer"))?;
        if n == 0 || byte[0] == b'\n' {
            break;
        }
        answer.push(byte[0]);
    }
    // The session itself is bounded by the daemon.
    sock.set_read_timeout(None)?;
    let answer = String::from_utf8_lossy(&answer);
    match answer.as_ref() {
        "ok" => Ok(sock),
        other => Err(io::Error::other(
            other.strip_prefix("error ").unwrap_or(other).to_owned(),
        )),
    }
}

/// Copy git → socket on a thread and socket → git here, flushing each
/// chunk. When the daemon closes its side the exchange is over: exit at
/// once (git keeps our stdin open until we exit, so waiting for the other
/// copy would deadlock).
fn pipe(
    mut input: impl Read + Send + 'static,
    mut out: impl Write,
    sock: UnixStream,
) -> io::Result<ExitCode> {
    let mut upstream = sock.try_clone()?;
    std::thread::spawn(move || {
        // What git already sent past the `connect` line sits in the
        // buffered reader and goes first.
        let _ = io::copy(&mut input, &mut upstream);
        let _ = upstream.shutdown(std::net::Shutdown::Write);
    });
    let mut down = &sock;
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let n = match down.read(&mut chunk) {
            Ok(0) => return Ok(ExitCode::SUCCESS),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        // Flush every chunk: stdout is line-buffered and pkt-lines do not
        // end in newlines (a trailing `0000` flush-pkt would sit in the
        // buffer while both ends wait for it).
        out.write_all(&chunk[..n])?;
        out.flush()?;
    }
}

/// A read that hit its time limit, said plainly.
fn timed_out(e: io::Error, what: &str) -> io::Error {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => io::Error::new(
            io::ErrorKind::TimedOut,
            format!("the Compass daemon sent no {what} in time, so this ended"),
        ),
        _ => e,
    }
}

fn pre_receive() -> io::Result<ExitCode> {
    let path = std::env::var("COMPASS_RELAY_DECIDE")
        .map_err(|_| io::Error::other("COMPASS_RELAY_DECIDE is not set: not run by the relay"))?;
    // One byte past the cap is read: more than the cap refuses the whole
    // push (receive-pack would otherwise apply the updates never read).
    let mut updates = String::new();
    io::stdin()
        .lock()
        .take(MAX_UPDATES_BYTES + 1)
        .read_to_string(&mut updates)?;
    if updates.len() as u64 > MAX_UPDATES_BYTES {
        say(&format!(
            "Compass refused this push: its ref updates are more than {MAX_UPDATES_BYTES} bytes, so none of them was judged; push fewer refs at once. Nothing was forwarded."
        ));
        return Ok(ExitCode::FAILURE);
    }
    let mut request = String::new();
    for key in [
        "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_QUARANTINE_PATH",
    ] {
        let value = std::env::var(key).unwrap_or_default();
        if value.contains('\n') {
            return Err(io::Error::other(format!("{key} holds a line break")));
        }
        request.push_str(&format!("{key}={value}\n"));
    }
    request.push('\n');
    request.push_str(&updates);
    let mut sock = UnixStream::connect(&path)?;
    let verdict_timeout = std::env::var("COMPASS_RELAY_VERDICT_SECS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&s| s > 0)
        .map_or(VERDICT_TIMEOUT, Duration::from_secs);
    sock.set_read_timeout(Some(verdict_timeout))?;
    sock.write_all(request.as_bytes())?;
    sock.shutdown(std::net::Shutdown::Write)?;
    let mut answer = String::new();
    BufReader::new(sock)
        .read_to_string(&mut answer)
        .map_err(|e| timed_out(e, "verdict on this push"))?;
    let (verdict, message) = answer.split_once('\n').unwrap_or((answer.as_str(), ""));
    for line in message.lines() {
        say(line);
    }
    Ok(if verdict == "accept" {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Relay one credential request to the daemon. Only `get` is asked; git's
/// `store` and `erase` have nothing to change, so they end at once.
fn credential(action: &str) -> io::Result<ExitCode> {
    if action != "get" {
        return Ok(ExitCode::SUCCESS);
    }
    let path = std::env::var("COMPASS_CREDENTIAL_SOCKET").map_err(|_| {
        io::Error::other("COMPASS_CREDENTIAL_SOCKET is not set: not run by Compass's git")
    })?;
    let mut request = String::from("get\n");
    io::stdin()
        .lock()
        .take(MAX_CREDENTIAL_BYTES)
        .read_to_string(&mut request)?;
    let mut sock = UnixStream::connect(&path)?;
    sock.set_read_timeout(Some(CREDENTIAL_TIMEOUT))?;
    sock.write_all(request.as_bytes())?;
    sock.shutdown(std::net::Shutdown::Write)?;
    let mut answer = Vec::new();
    sock.take(MAX_CREDENTIAL_BYTES)
        .read_to_end(&mut answer)
        .map_err(|e| timed_out(e, "credential"))?;
    let mut out = io::stdout().lock();
    out.write_all(&answer)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
