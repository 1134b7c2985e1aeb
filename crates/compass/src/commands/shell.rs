//! `compass agent shell NAME`: a raw shell in the agent's workload, over
//! the same token-guarded WebSocket the board's shell uses (the daemon's
//! loopback port; its URL and token come from `GetStatus` on the socket).
//! On a terminal it runs raw (keys go through as typed, the window size
//! follows SIGWINCH); from a pipe it sends what it reads, then end of
//! input (Ctrl-D). It exits with the shell's exit code. What the shell
//! prints goes through [`filter`] first: the agent chose it, and a
//! terminal obeys more than colours (the host's clipboard, reports typed
//! back as the operator).

mod filter;

use crate::CliResult;
use crate::cli::AgentTarget;
use crate::client::{Client, Rpc};
use anyhow::{Context, anyhow, bail};
use compass_proto::v1 as pb;
use futures::{SinkExt, StreamExt};
use rustix::termios::{OptionalActions, Termios};
use std::io::Write;
use tokio::io::AsyncReadExt;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// Ctrl-D: end of input to a shell reading its terminal.
const EOT: u8 = 0x04;

/// The board port's address and the token, from the board URL
/// (`http://127.0.0.1:PORT/?token=HEX`).
fn board_parts(url: &str) -> anyhow::Result<(&str, &str)> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| anyhow!("the daemon's board URL {url:?} is not http://"))?;
    let (addr, token) = rest
        .split_once("/?token=")
        .ok_or_else(|| anyhow!("the daemon's board URL carries no token"))?;
    Ok((addr, token))
}

/// Percent-encode a query value (names are plain, but say so for anything).
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Puts the terminal back as it was, however the session ends.
struct RawMode(Option<Termios>);

impl RawMode {
    fn enter(interactive: bool) -> anyhow::Result<Self> {
        if !interactive {
            return Ok(Self(None));
        }
        let stdin = std::io::stdin();
        let before = rustix::termios::tcgetattr(&stdin).context("reading the terminal's mode")?;
        let mut raw = before.clone();
        raw.make_raw();
        rustix::termios::tcsetattr(&stdin, OptionalActions::Now, &raw)
            .context("setting the terminal raw")?;
        Ok(Self(Some(before)))
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        if let Some(before) = &self.0 {
            let _ = rustix::termios::tcsetattr(std::io::stdin(), OptionalActions::Now, before);
        }
    }
}

fn window() -> (u16, u16) {
    rustix::termios::tcgetwinsize(std::io::stdout())
        .ok()
        .filter(|w| w.ws_col > 1 && w.ws_row > 0)
        .map_or((80, 24), |w| (w.ws_col, w.ws_row))
}

pub(crate) async fn run(client: &mut Client, target: AgentTarget) -> CliResult {
    let status = client.get_status(pb::GetStatusRequest {}).await.rpc()?;
    let (addr, token) = board_parts(&status.board_url)?;
    let interactive = rustix::termios::isatty(std::io::stdin());
    let (cols, rows) = if interactive { window() } else { (80, 24) };
    let mut url = format!(
        "ws://{addr}{}?agent={}&cols={cols}&rows={rows}",
        compass_daemon::SHELL_PATH,
        encode(&target.agent)
    );
    if let Some(project) = &target.project {
        url.push_str(&format!("&project={}", encode(project)));
    }
    let mut request = url.into_client_request().context("the shell's URL")?;
    request.headers_mut().insert(
        "sec-websocket-protocol",
        HeaderValue::from_str(&format!(
            "{}, {}{token}",
            compass_daemon::SHELL_PROTOCOL,
            compass_daemon::SHELL_TOKEN_PROTOCOL
        ))
        .context("the token")?,
    );
    let socket = match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => socket,
        Err(WsError::Http(response)) => {
            let body = response
                .body()
                .as_deref()
                .map(String::from_utf8_lossy)
                .unwrap_or_default();
            bail!(
                "the daemon refused the shell ({}): {body}",
                response.status()
            );
        }
        Err(e) => {
            return Err(anyhow!(e).context(format!("connecting to the daemon's board port {addr}")));
        }
    };
    let raw = RawMode::enter(interactive)?;
    let code = relay(socket, interactive).await;
    drop(raw);
    match code? {
        Some(0) | None => Ok(()),
        Some(code) => std::process::exit(code),
    }
}

/// Keys out, output in, until the daemon closes; the shell's exit code.
async fn relay(
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    interactive: bool,
) -> anyhow::Result<Option<i32>> {
    let (mut to_daemon, mut from_daemon) = socket.split();
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Message>(16);
    let keys = tokio::spawn({
        let tx = tx.clone();
        async move {
            let mut stdin = tokio::io::stdin();
            let mut buf = vec![0u8; 4096];
            loop {
                match stdin.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx
                            .send(Message::Binary(buf[..n].to_vec().into()))
                            .await
                            .is_err()
                        {
                            return;
                        }
                    }
                }
            }
            // Piped input ran out: end of input, as Ctrl-D at a prompt. A
            // Ctrl-D that reaches the PTY while the shell still sets up its
            // line editor is dropped (the line discipline discards a pending
            // end-of-file when canonical mode goes off), so it is sent again
            // each second until the shell has ended.
            loop {
                if tx.send(Message::Binary(vec![EOT].into())).await.is_err() {
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        }
    });
    let resizes = tokio::spawn(async move {
        if !interactive {
            return;
        }
        let Ok(mut winch) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::window_change())
        else {
            return;
        };
        while winch.recv().await.is_some() {
            let (cols, rows) = window();
            if tx
                .send(Message::Text(format!("resize {cols} {rows}").into()))
                .await
                .is_err()
            {
                return;
            }
        }
    });
    let sender = tokio::spawn(async move {
        while let Some(message) = rx.recv().await {
            if to_daemon.send(message).await.is_err() {
                break;
            }
        }
    });
    let mut code = None;
    let mut out = std::io::stdout();
    let mut filter = filter::Filter::default();
    while let Some(message) = from_daemon.next().await {
        match message.context("the shell's connection")? {
            Message::Binary(bytes) => {
                out.write_all(&filter.push(&bytes))?;
                out.flush()?;
            }
            Message::Text(text) => {
                code = text
                    .strip_prefix("exit ")
                    .and_then(|c| c.trim().parse().ok());
            }
            Message::Close(_) => break,
            _ => {}
        }
    }
    keys.abort();
    resizes.abort();
    sender.abort();
    Ok(code)
}
