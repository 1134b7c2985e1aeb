//! The raw shell's WebSocket on the board port: `GET /shell?agent=NAME`
//! upgraded to a WebSocket whose binary messages are the PTY's bytes each
//! way, and whose text messages from the client are `resize COLS ROWS`;
//! the last message from the daemon is the text `exit CODE` when the shell
//! exited with one. The token travels as a WebSocket subprotocol
//! (`compass-token.<token>`, beside `compass-shell`; a browser can set no
//! header on a WebSocket) and is checked, with the Origin, before the
//! upgrade. Each session is recorded (`shell_opened` / `shell_closed`,
//! with the door it came through) — it is a person's, outside every gate.
//! `compass agent shell` uses this same endpoint.

use crate::fleet::{Fleet, OpenShell};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use compass_core::event::EventKind;
use compass_core::pty_frames;
use futures::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The route.
pub const PATH: &str = "/shell";
/// The subprotocol the daemon answers with.
pub const PROTOCOL: &str = "compass-shell";
/// The prefix of the subprotocol carrying the token.
pub const TOKEN_PROTOCOL: &str = "compass-token.";

/// What the endpoint needs: the fleet, the token and the page's origin.
#[derive(Debug, Clone)]
pub(crate) struct ShellDoor {
    pub(crate) fleet: Arc<Fleet>,
    pub(crate) token: String,
    /// `http://127.0.0.1:PORT`: the only origin a page may open it from.
    pub(crate) origin: String,
    pub(crate) sessions: Arc<AtomicU64>,
}

/// The query: `agent` (name or id), optional `project`, `cols`, `rows`.
#[derive(Debug)]
struct ShellQuery {
    agent: String,
    project: Option<String>,
    cols: u16,
    rows: u16,
}

impl ShellQuery {
    fn parse(q: &HashMap<String, String>) -> Result<Self, String> {
        let size = |field: &str, default: u16| match q.get(field) {
            None => Ok(default),
            Some(v) => v
                .parse::<u16>()
                .map_err(|_| format!("{field}: {v:?} is not a number of cells")),
        };
        let query = Self {
            agent: q
                .get("agent")
                .filter(|a| !a.is_empty())
                .cloned()
                .ok_or("agent: required (the agent's name or id)")?,
            project: q.get("project").filter(|p| !p.is_empty()).cloned(),
            cols: size("cols", 80)?,
            rows: size("rows", 24)?,
        };
        checked_size(query.cols, query.rows)?;
        Ok(query)
    }
}

/// A client's text message `resize COLS ROWS`.
fn parse_resize(text: &str) -> Option<(u16, u16)> {
    let mut words = text.split_ascii_whitespace();
    let (Some("resize"), Some(cols), Some(rows), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return None;
    };
    let (cols, rows) = (cols.parse().ok()?, rows.parse().ok()?);
    checked_size(cols, rows).ok()?;
    Some((cols, rows))
}

fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    (status, message.into()).into_response()
}

/// The token named among the offered subprotocols, if any.
fn offered_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix(TOKEN_PROTOCOL).map(str::to_owned))
}

/// Terminal sizes a person could have (a zero or huge one is a bad request).
fn checked_size(cols: u16, rows: u16) -> Result<(), String> {
    if !(2..=1000).contains(&cols) || !(1..=1000).contains(&rows) {
        return Err(format!(
            "cols/rows: {cols}x{rows} is not a terminal size (cols 2–1000, rows 1–1000)"
        ));
    }
    Ok(())
}

pub(crate) async fn open(
    State(door): State<ShellDoor>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    // The token first: nothing about agents is said without it.
    let token_ok = offered_token(&headers)
        .is_some_and(|t| crate::token::token_matches(t.as_bytes(), door.token.as_bytes()));
    if !token_ok {
        return refuse(
            StatusCode::UNAUTHORIZED,
            format!("missing or wrong token: offer the subprotocol {TOKEN_PROTOCOL}<token>"),
        );
    }
    // A browser always says where the page came from; only the board's
    // own page may open a shell (no other site, whatever it knows).
    let by = match headers.get(header::ORIGIN).map(|o| o.to_str()) {
        None => "cli",
        Some(Ok(o)) if o == door.origin => "board",
        Some(_) => return refuse(StatusCode::FORBIDDEN, "origin: not the board's own page"),
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                format!("not a WebSocket upgrade: {e}"),
            );
        }
    };
    let q = match ShellQuery::parse(&query) {
        Ok(q) => q,
        Err(m) => return refuse(StatusCode::BAD_REQUEST, m),
    };
    let shell = match door
        .fleet
        .open_shell(&q.agent, q.project.as_deref(), q.cols, q.rows)
        .await
    {
        Ok(shell) => shell,
        Err(e) => {
            let status = crate::status::from_fleet(e);
            return refuse(crate::status::http_status(status.code()), status.message());
        }
    };
    let session = format!("sh-{}", door.sessions.fetch_add(1, Ordering::Relaxed) + 1);
    let opened = EventKind::ShellOpened {
        session: session.clone(),
        by: by.to_owned(),
    };
    if let Err(e) = door
        .fleet
        .record_shell(&shell.agent, &shell.project, opened)
        .await
    {
        // Unaudited, it does not run.
        let mut process = shell.process;
        let _ = process.handle.kill().await;
        let status = crate::status::from_fleet(e);
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, status.message());
    }
    ws.protocols([PROTOCOL])
        .on_upgrade(move |socket| relay(socket, shell, door.fleet, session, by))
}

/// Copy one of the process's pipes into `tx` until it ends.
async fn pump<R: tokio::io::AsyncRead + Unpin>(
    mut pipe: R,
    tx: tokio::sync::mpsc::Sender<Vec<u8>>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        match pipe.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if tx.send(buf[..n].to_vec()).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// Bytes both ways until either side ends; then the process is ended and
/// the close recorded.
async fn relay(
    socket: WebSocket,
    shell: OpenShell,
    fleet: Arc<Fleet>,
    session: String,
    by: &'static str,
) {
    let OpenShell {
        agent,
        project,
        process,
    } = shell;
    let compass_runtime::SpawnedProcess {
        mut stdin,
        stdout,
        stderr,
        mut handle,
    } = process;
    let (mut to_client, mut from_client) = socket.split();
    let (out_tx, mut out_rx) = tokio::sync::mpsc::channel::<Vec<u8>>(64);
    let out_task = tokio::spawn(pump(stdout, out_tx.clone()));
    let err_task = tokio::spawn(pump(stderr, out_tx));
    let to_shell = async {
        while let Some(Ok(message)) = from_client.next().await {
            let frames = match message {
                Message::Binary(bytes) => pty_frames::input(&bytes),
                Message::Text(text) => match parse_resize(text.as_str()) {
                    Some((cols, rows)) => pty_frames::resize(cols, rows),
                    None => continue,
                },
                Message::Close(_) => break,
                Message::Ping(_) | Message::Pong(_) => continue,
            };
            if stdin.write_all(&frames).await.is_err() || stdin.flush().await.is_err() {
                break;
            }
        }
    };
    let to_person = async {
        while let Some(bytes) = out_rx.recv().await {
            if to_client.send(Message::Binary(bytes.into())).await.is_err() {
                break;
            }
        }
    };
    // Either the person left or the shell's output ended (it exited).
    let person_left = tokio::select! {
        () = to_shell => true,
        () = to_person => false,
    };
    if person_left {
        let _ = handle.kill().await;
    }
    let exit_code = handle.wait().await.ok().and_then(|o| o.exit_code);
    out_task.abort();
    err_task.abort();
    if !person_left {
        if let Some(code) = exit_code {
            let _ = to_client
                .send(Message::Text(format!("exit {code}").into()))
                .await;
        }
        let _ = to_client.send(Message::Close(None)).await;
    }
    let closed = EventKind::ShellClosed {
        session,
        by: by.to_owned(),
        exit_code,
    };
    if let Err(error) = fleet.record_shell(&agent, &project, closed).await {
        tracing::error!(%error, "could not record a shell's close");
    }
}
