//! The in-workload HTTP hook endpoint: Claude Code's `"type": "http"` hooks
//! POST their event JSON here and get Warden's decision back, with no
//! process started per tool call.
//!
//! It runs inside the workload's own network namespace (beside the egress
//! forwarder, `compass_runtime::relay`), on a fixed loopback port only that
//! one agent can reach, and forwards each `POST /hook/<protocol>/<event>`
//! body as one frame to the agent's hook socket, exactly as `compass-hook`
//! forwards stdin. The answer is Claude Code's HTTP hook response: a 2xx
//! whose JSON body carries the decision (a block is a `deny` before a tool
//! runs, a `decision: "block"` after it).
//!
//! Fails closed. Claude Code treats a non-2xx answer, a refused connection
//! and a time-out as a non-blocking error unless the hook says
//! `"onFailure": "block"`, so the daemon configures that — and this
//! endpoint answers every failure it can still answer (daemon silent, late,
//! an oversized or unreadable body) with a 200 that blocks, which blocks
//! whatever the client's failure handling. Only a request it cannot place
//! (a bad method, path or head) gets a 4xx, which a fail-closed client
//! blocks. Bounded: a head and body cap, one deadline per connection and a
//! cap on connections served at once. Blocking std I/O, a thread per
//! connection: no async runtime.

use crate::client::{self, Deadlined, HookOutcome};
use compass_core::hook::HookProtocol;
use serde_json::json;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Where the endpoint listens inside a workload with a private network
/// namespace (beside the egress forwarder's `127.0.0.1:3128`).
pub const LISTEN: &str = "127.0.0.1:3129";
/// The path prefix of every hook: `/hook/<protocol>/<event>`.
pub const PATH_PREFIX: &str = "/hook/";
/// The largest request head read.
pub const MAX_HEAD: usize = 16 * 1024;
/// The largest body forwarded (what `compass-hook` accepts on stdin).
pub const MAX_BODY: usize = client::MAX_PAYLOAD;
/// Connections served at once; past it a request is refused at once.
pub const MAX_CONNECTIONS: usize = 32;

/// The bounds one endpoint serves under.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// One deadline per connection: the request, the daemon's decision and
    /// the answer (below the agent's own hook time-out).
    pub deadline: Duration,
    pub max_body: usize,
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            deadline: Duration::from_millis(crate::DEADLINE_MS),
            max_body: MAX_BODY,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

/// The protocols whose hooks can be HTTP hooks: those answered in Claude
/// Code's format.
pub fn speaks_http(protocol: HookProtocol) -> bool {
    matches!(protocol, HookProtocol::ClaudeCode | HookProtocol::Scripted)
}

/// The URL prefix a hook config names: `{hook_url}/<event>`.
pub fn hook_url(protocol: HookProtocol) -> String {
    format!("http://{LISTEN}{PATH_PREFIX}{protocol}")
}

/// Check the endpoint's command-line values: a loopback address to listen
/// on and an absolute socket path with nothing a shell or option parser
/// would read differently. The error names the value.
pub fn check_endpoint(listen: &str, socket: &str) -> Result<(SocketAddr, PathBuf), String> {
    let addr: SocketAddr = listen
        .parse()
        .map_err(|_| format!("hook listen address {listen:?} is not IP:PORT"))?;
    if !addr.ip().is_loopback() {
        return Err(format!(
            "hook listen address {listen:?} is not a loopback address"
        ));
    }
    if !socket.starts_with('/') || socket.contains(['\0', '\n', '\r']) {
        return Err(format!(
            "hook socket {socket:?} must be an absolute path without NUL or line breaks"
        ));
    }
    Ok((addr, PathBuf::from(socket)))
}

/// Serve `listener` until it fails: every connection on its own thread,
/// at most `limits.max_connections` at once.
pub fn serve(listener: TcpListener, socket: PathBuf, limits: Limits) {
    let socket = Arc::new(socket);
    let busy = Arc::new(AtomicUsize::new(0));
    for conn in crate::accept::connections(&listener) {
        if busy.fetch_add(1, Ordering::AcqRel) >= limits.max_connections {
            busy.fetch_sub(1, Ordering::AcqRel);
            // A small answer fits the socket buffer: this never waits long.
            let _ = conn.set_write_timeout(Some(Duration::from_millis(100)));
            let _ = write_response(
                &mut &conn,
                &Answer::status(503, "too many hook requests at once"),
            );
            continue;
        }
        let (socket, done) = (Arc::clone(&socket), Arc::clone(&busy));
        let spawned = std::thread::Builder::new()
            .name("compass-hook-http".into())
            .spawn(move || {
                handle(conn, &socket, limits);
                done.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            busy.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// Bind `listen` now (so the agent's first hook finds it) and serve it on a
/// thread of its own.
pub fn spawn(listen: &str, socket: &str) -> std::io::Result<()> {
    let (addr, socket) = check_endpoint(listen, socket)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let listener = TcpListener::bind(addr)?;
    std::thread::Builder::new()
        .name("compass-hook-http-accept".into())
        .spawn(move || serve(listener, socket, Limits::default()))?;
    Ok(())
}

/// One HTTP answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    /// A refusal of a request that names no hook this endpoint serves.
    fn status(status: u16, why: &str) -> Self {
        Self {
            status,
            body: json!({ "error": format!("Compass hook endpoint: {why}") }).to_string(),
        }
    }

    /// Warden's decision (or the client's fail-closed block) as Claude
    /// Code's HTTP hook response: exit 0's stdout is the body as-is (JSON
    /// or empty); a block becomes the event's blocking JSON.
    pub fn from_outcome(event: Event, outcome: &HookOutcome) -> Self {
        if outcome.exit_code == 0 {
            return Self {
                status: 200,
                body: outcome.stdout.clone(),
            };
        }
        Self::block(event, outcome.stderr.trim())
    }

    /// A 200 that blocks, whatever the client's failure handling.
    pub fn block(event: Event, reason: &str) -> Self {
        let body = match event {
            Event::Pre => json!({"hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": reason,
            }}),
            Event::Post => json!({
                "decision": "block",
                "reason": reason,
                "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": reason},
            }),
        };
        Self {
            status: 200,
            body: body.to_string(),
        }
    }
}

/// The two events served: before and after a tool runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Pre,
    Post,
}

/// `/hook/<protocol>/<event>` → the protocol and event, else why not.
pub fn parse_path(path: &str) -> Result<(HookProtocol, Event, &str), String> {
    let rest = path
        .strip_prefix(PATH_PREFIX)
        .ok_or_else(|| format!("{path:?} is not under {PATH_PREFIX}"))?;
    let (protocol, event) = rest
        .split_once('/')
        .ok_or_else(|| format!("{path:?} is not {PATH_PREFIX}<protocol>/<event>"))?;
    let protocol = HookProtocol::parse(protocol)
        .filter(|p| speaks_http(*p))
        .ok_or_else(|| format!("{protocol:?} is not a hook protocol served over HTTP"))?;
    let (pre, post) = protocol.events();
    let which = if event == pre {
        Event::Pre
    } else if event == post {
        Event::Post
    } else {
        return Err(format!("{event:?} is not a {protocol} tool event"));
    };
    Ok((protocol, which, event))
}

fn handle(mut conn: TcpStream, socket: &Path, limits: Limits) {
    let deadline = Instant::now() + limits.deadline;
    let answer = {
        let mut timed = Deadlined {
            stream: &mut conn,
            deadline,
        };
        answer(&mut timed, socket, limits, deadline)
    };
    let mut timed = Deadlined {
        stream: &mut conn,
        deadline: Instant::now() + Duration::from_secs(1),
    };
    let _ = write_response(&mut timed, &answer);
}

/// Read one request from `conn` and decide it.
fn answer<R: Read>(conn: &mut R, socket: &Path, limits: Limits, deadline: Instant) -> Answer {
    let (head, early) = match read_head(conn) {
        Ok(parts) => parts,
        Err(why) => return Answer::status(400, &why),
    };
    let Some((method, path)) = head.lines().next().and_then(|line| {
        let mut words = line.split(' ');
        Some((words.next()?, words.next()?))
    }) else {
        return Answer::status(400, "no request line");
    };
    let (protocol, event, event_name) = match parse_path(path) {
        Ok(parsed) => parsed,
        Err(why) => return Answer::status(404, &why),
    };
    if method != "POST" {
        return Answer::status(405, &format!("{method} is not POST"));
    }
    // From here the event is known: every failure is a 200 that blocks.
    let body = match read_body(conn, &head, early, limits.max_body) {
        Ok(body) => body,
        Err(why) => {
            return Answer::block(event, &format!("Compass Warden blocked this call: {why}"));
        }
    };
    let left = deadline.saturating_duration_since(Instant::now());
    let outcome = client::run_hook(protocol.as_str(), event_name, &body, socket, left);
    Answer::from_outcome(event, &outcome)
}

/// The head up to its blank line, and any body bytes read with it.
fn read_head<R: Read>(conn: &mut R) -> Result<(String, Vec<u8>), String> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let early = buf.split_off(end + 4);
            let head = String::from_utf8(buf).map_err(|_| "the head is not UTF-8".to_owned())?;
            return Ok((head, early));
        }
        if buf.len() > MAX_HEAD {
            return Err(format!("the head is longer than {MAX_HEAD} bytes"));
        }
        let n = conn
            .read(&mut chunk)
            .map_err(|e| format!("reading the request failed: {e}"))?;
        if n == 0 {
            return Err("the request ended before its head did".into());
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// The body, by its `Content-Length` (required; no chunked bodies).
fn read_body<R: Read>(
    conn: &mut R,
    head: &str,
    mut body: Vec<u8>,
    max: usize,
) -> Result<Vec<u8>, String> {
    let header = |name: &str| {
        head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    };
    if header("transfer-encoding").is_some() {
        return Err("a chunked hook request is not accepted (send Content-Length)".into());
    }
    let len: usize = header("content-length")
        .ok_or("the hook request has no Content-Length")?
        .parse()
        .map_err(|_| "the hook request's Content-Length is not a number".to_owned())?;
    if len > max {
        return Err(format!(
            "the hook payload is {len} bytes, more than Compass accepts ({max})"
        ));
    }
    if body.len() > len {
        return Err("the hook request carries more than its Content-Length".into());
    }
    let start = body.len();
    body.resize(len, 0);
    conn.read_exact(&mut body[start..])
        .map_err(|e| format!("the hook payload did not arrive whole: {e}"))?;
    Ok(body)
}

fn write_response<W: Write>(conn: &mut W, answer: &Answer) -> std::io::Result<()> {
    let reason = match answer.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "Service Unavailable",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        answer.status,
        answer.body.len()
    );
    conn.write_all(head.as_bytes())?;
    conn.write_all(answer.body.as_bytes())?;
    conn.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{self, HookResponse};
    use serde_json::Value;
    use std::os::unix::net::UnixListener;

    /// A hook socket answering each frame with `answer` (the daemon's
    /// side, over a real socket), recording the requests.
    fn daemon(
        dir: &Path,
        answer: impl Fn(&wire::HookRequest) -> Option<HookResponse> + Send + 'static,
    ) -> (PathBuf, std::sync::mpsc::Receiver<wire::HookRequest>) {
        let path = dir.join("hook.sock");
        let listener = UnixListener::bind(&path).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for mut conn in listener.incoming().flatten() {
                let body = wire::read_frame_sync(&mut conn).unwrap();
                let req = wire::decode_request(&body).unwrap();
                let resp = answer(&req);
                let _ = tx.send(req);
                match resp {
                    Some(resp) => wire::write_frame_sync(&mut conn, &resp).unwrap(),
                    // Silent: hold the connection past the deadline.
                    None => std::thread::sleep(Duration::from_secs(2)),
                }
            }
        });
        (path, rx)
    }

    fn endpoint(socket: PathBuf, limits: Limits) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || serve(listener, socket, limits));
        addr
    }

    fn post(addr: SocketAddr, raw: &[u8]) -> (u16, String) {
        let mut conn = TcpStream::connect(addr).unwrap();
        conn.write_all(raw).unwrap();
        let mut out = String::new();
        let _ = conn.read_to_string(&mut out);
        let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, body.to_owned())
    }

    fn request(path: &str, body: &str) -> Vec<u8> {
        format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    }

    fn decision(body: &str) -> Value {
        serde_json::from_str(body).unwrap_or(Value::Null)
    }

    fn limits() -> Limits {
        Limits {
            deadline: Duration::from_millis(500),
            ..Limits::default()
        }
    }

    #[test]
    fn a_clear_passes_the_daemons_answer_and_a_block_denies() {
        let dir = tempfile::tempdir().unwrap();
        let (socket, seen) = daemon(dir.path(), |req| {
            let stdin = String::from_utf8(req.stdin().unwrap()).unwrap();
            Some(if stdin.contains("rm -rf") {
                HookResponse::blocked("no")
            } else {
                HookResponse {
                    v: wire::PROTOCOL_VERSION,
                    stdout: String::new(),
                    stderr: String::new(),
                    exit_code: 0,
                    decision: "clear".into(),
                }
            })
        });
        let addr = endpoint(socket, limits());
        let (status, body) = post(
            addr,
            &request("/hook/claude-code/PreToolUse", r#"{"tool_name":"Bash"}"#),
        );
        assert_eq!((status, body.as_str()), (200, ""));
        let req = seen.recv().unwrap();
        assert_eq!(
            (req.kind.as_str(), req.event.as_str()),
            ("claude-code", "PreToolUse")
        );
        assert_eq!(req.stdin().unwrap(), br#"{"tool_name":"Bash"}"#);
        let (status, body) = post(
            addr,
            &request("/hook/scripted/PreToolUse", r#"{"command":"rm -rf /"}"#),
        );
        assert_eq!(status, 200);
        let v = decision(&body);
        assert_eq!(
            v["hookSpecificOutput"]["permissionDecision"], "deny",
            "{body}"
        );
        assert!(
            v["hookSpecificOutput"]["permissionDecisionReason"]
                .as_str()
                .unwrap()
                .contains("no")
        );
        let (_, body) = post(
            addr,
            &request("/hook/scripted/PostToolUse", r#"{"command":"rm -rf /"}"#),
        );
        assert_eq!(decision(&body)["decision"], "block", "{body}");
    }

    #[test]
    fn every_failure_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let (silent, _seen) = daemon(dir.path(), |_| None);
        let addr = endpoint(silent, limits());
        let denied = |(status, body): (u16, String)| {
            assert_eq!(status, 200, "{body}");
            assert_eq!(
                decision(&body)["hookSpecificOutput"]["permissionDecision"],
                "deny",
                "{body}"
            );
        };
        // The daemon never answers: blocked at the deadline.
        denied(post(addr, &request("/hook/claude-code/PreToolUse", "{}")));
        // No daemon at all.
        let gone = endpoint(dir.path().join("missing.sock"), limits());
        denied(post(gone, &request("/hook/claude-code/PreToolUse", "{}")));
        // Oversized, chunked, or missing its length.
        let small = endpoint(
            dir.path().join("missing.sock"),
            Limits {
                max_body: 8,
                ..limits()
            },
        );
        denied(post(
            small,
            &request("/hook/claude-code/PreToolUse", "{\"a\":\"0123456789\"}"),
        ));
        denied(post(
            gone,
            b"POST /hook/claude-code/PreToolUse HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        ));
        denied(post(
            gone,
            b"POST /hook/claude-code/PreToolUse HTTP/1.1\r\n\r\n{}",
        ));
        // A body cut short: the connection ends before Content-Length.
        denied(post(
            gone,
            b"POST /hook/claude-code/PreToolUse HTTP/1.1\r\nContent-Length: 100\r\n\r\n{}",
        ));
        // What names no hook is a 4xx: a fail-closed client blocks.
        for (raw, want) in [
            (request("/hook/codex/PreToolUse", "{}"), 404),
            (request("/hook/claude-code/Stop", "{}"), 404),
            (request("/other", "{}"), 404),
            (
                b"GET /hook/claude-code/PreToolUse HTTP/1.1\r\n\r\n".to_vec(),
                405,
            ),
            (vec![b'x'; MAX_HEAD + 10], 400),
        ] {
            assert_eq!(
                post(gone, &raw).0,
                want,
                "{}",
                String::from_utf8_lossy(&raw[..40])
            );
        }
    }

    #[test]
    fn past_the_connection_cap_requests_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (silent, _seen) = daemon(dir.path(), |_| None);
        let addr = endpoint(
            silent,
            Limits {
                max_connections: 1,
                ..limits()
            },
        );
        // The first holds the only slot (its daemon is silent)…
        let mut first = TcpStream::connect(addr).unwrap();
        first
            .write_all(&request("/hook/claude-code/PreToolUse", "{}"))
            .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        // …so the second is refused at once.
        assert_eq!(
            post(addr, &request("/hook/claude-code/PreToolUse", "{}")).0,
            503
        );
    }

    #[test]
    fn endpoint_values_are_checked() {
        assert!(check_endpoint(LISTEN, crate::DEFAULT_SOCKET).is_ok());
        for (listen, socket, why) in [
            ("0.0.0.0:3129", "/s", "loopback"),
            ("localhost", "/s", "IP:PORT"),
            (LISTEN, "rel/s", "absolute"),
            (LISTEN, "/s\nx", "line breaks"),
            (LISTEN, "--x", "absolute"),
        ] {
            let e = check_endpoint(listen, socket).unwrap_err();
            assert!(e.contains(why), "{listen} {socket}: {e}");
        }
        assert_eq!(
            hook_url(HookProtocol::ClaudeCode),
            "http://127.0.0.1:3129/hook/claude-code"
        );
    }
}
