//! The agent's own tools — Read, Edit, Write, Bash, WebFetch — performed by
//! the agent itself the way Claude Code does, or through the client's
//! `fs/*` / `terminal/*` methods when the scenario asks for it and the
//! client advertised them.

use crate::wire::Wire;
use anyhow::{Context, anyhow, bail};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Which channel a tool uses.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Channels {
    pub(crate) client_fs_read: bool,
    pub(crate) client_fs_write: bool,
    pub(crate) client_terminal: bool,
}

/// What a tool produced.
#[derive(Debug, Clone, Default)]
pub(crate) struct ToolResult {
    pub(crate) text: String,
    /// Claude Code's `tool_response` shape, for PostToolUse hooks.
    pub(crate) response: Value,
    pub(crate) diff: Option<(String, String, String)>,
    pub(crate) terminal_id: Option<String>,
    pub(crate) failed: bool,
}

pub(crate) fn resolve(cwd: &Path, path: &str) -> PathBuf {
    let p = Path::new(path);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    }
}

pub(crate) async fn read_file(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    path: &Path,
) -> anyhow::Result<String> {
    Ok(read_file_noted(wire, ch, sid, path).await?.0)
}

/// The file's content, and the client's Warden note on it (ACP `_meta`),
/// which a Compass-aware agent shows its model next to the content.
async fn read_file_noted(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    path: &Path,
) -> anyhow::Result<(String, Option<String>)> {
    if ch.client_fs_read {
        let r = wire
            .request("fs/read_text_file", json!({"sessionId": sid, "path": path}))
            .await?
            .map_err(|e| anyhow!("{e}"))?;
        let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_owned);
        Ok((
            text(r.get("content")).unwrap_or_default(),
            text(r.pointer("/_meta/compass.dev~1warden/note")),
        ))
    } else {
        Ok((fs_err::tokio::read_to_string(path).await?, None))
    }
}

pub(crate) async fn write_file(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    path: &Path,
    content: &str,
) -> anyhow::Result<()> {
    if ch.client_fs_write {
        wire.request(
            "fs/write_text_file",
            json!({"sessionId": sid, "path": path, "content": content}),
        )
        .await?
        .map_err(|e| anyhow!("{e}"))?;
        Ok(())
    } else {
        if let Some(parent) = path.parent() {
            fs_err::tokio::create_dir_all(parent).await?;
        }
        Ok(fs_err::tokio::write(path, content).await?)
    }
}

pub(crate) async fn read(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    path: &Path,
) -> anyhow::Result<ToolResult> {
    let (content, note) = read_file_noted(wire, ch, sid, path).await?;
    Ok(ToolResult {
        response: json!({"type": "text", "file": {"filePath": path, "content": content, "numLines": content.lines().count()}}),
        text: match note {
            Some(note) => format!("[{note}]\n{content}"),
            None => content,
        },
        ..ToolResult::default()
    })
}

pub(crate) async fn edit(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    path: &Path,
    old: &str,
    new: &str,
) -> anyhow::Result<ToolResult> {
    let before = read_file(wire, ch, sid, path).await?;
    if !before.contains(old) {
        bail!("old_string not found in {}", path.display());
    }
    let after = before.replacen(old, new, 1);
    write_file(wire, ch, sid, path, &after).await?;
    Ok(ToolResult {
        text: format!("Edited {}", path.display()),
        response: json!({"filePath": path, "oldString": old, "newString": new}),
        diff: Some((path.display().to_string(), before, after)),
        ..ToolResult::default()
    })
}

pub(crate) async fn write(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    path: &Path,
    content: &str,
) -> anyhow::Result<ToolResult> {
    let before = read_file(wire, ch, sid, path).await.ok();
    write_file(wire, ch, sid, path, content).await?;
    Ok(ToolResult {
        text: format!("Wrote {}", path.display()),
        response: json!({"type": if before.is_some() {"update"} else {"create"}, "filePath": path, "content": content}),
        diff: Some((
            path.display().to_string(),
            before.unwrap_or_default(),
            content.to_owned(),
        )),
        ..ToolResult::default()
    })
}

pub(crate) async fn bash(
    wire: &Wire,
    ch: Channels,
    sid: &str,
    cwd: &Path,
    command: &str,
) -> anyhow::Result<ToolResult> {
    if ch.client_terminal {
        let created = wire
            .request(
                "terminal/create",
                json!({"sessionId": sid, "command": "/bin/sh", "args": ["-c", command], "cwd": cwd, "outputByteLimit": 1_048_576}),
            )
            .await?
            .map_err(|e| anyhow!("{e}"))?;
        let tid = created
            .get("terminalId")
            .and_then(Value::as_str)
            .context("terminal/create answered without terminalId")?
            .to_owned();
        let exit = wire
            .request(
                "terminal/wait_for_exit",
                json!({"sessionId": sid, "terminalId": tid}),
            )
            .await?
            .map_err(|e| anyhow!("{e}"))?;
        let out = wire
            .request(
                "terminal/output",
                json!({"sessionId": sid, "terminalId": tid}),
            )
            .await?
            .map_err(|e| anyhow!("{e}"))?;
        let _ = wire
            .request(
                "terminal/release",
                json!({"sessionId": sid, "terminalId": tid}),
            )
            .await?;
        let output = out
            .get("output")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        let code = exit.get("exitCode").and_then(Value::as_i64);
        Ok(ToolResult {
            response: json!({"stdout": output, "stderr": "", "interrupted": false, "isImage": false}),
            text: output,
            terminal_id: Some(tid),
            failed: code != Some(0),
            ..ToolResult::default()
        })
    } else {
        let out = tokio::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(command)
            .current_dir(cwd)
            .stdin(std::process::Stdio::null())
            .output()
            .await
            .context("starting /bin/sh")?;
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let mut text = stdout.clone();
        if !stderr.is_empty() {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&stderr);
        }
        if !out.status.success() {
            text.push_str(&format!("\n[exit {}]", out.status.code().unwrap_or(-1)));
        }
        Ok(ToolResult {
            response: json!({"stdout": stdout, "stderr": stderr, "interrupted": false, "isImage": false}),
            text,
            failed: !out.status.success(),
            ..ToolResult::default()
        })
    }
}

/// A minimal HTTP/1.0 GET (plain http only; the scripted agent is a test
/// double, not a browser).
pub(crate) async fn fetch(url: &str) -> anyhow::Result<ToolResult> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| anyhow!("only http:// URLs are supported by the scripted agent: {url}"))?;
    let (hostport, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let addr = if hostport.contains(':') {
        hostport.to_owned()
    } else {
        format!("{hostport}:80")
    };
    let host = hostport.split(':').next().unwrap_or(hostport);
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .with_context(|| format!("connecting to {addr}"))?;
    stream
        .write_all(format!("GET {path} HTTP/1.0\r\nHost: {host}\r\nUser-Agent: compass-scripted-agent\r\nConnection: close\r\n\r\n").as_bytes())
        .await?;
    let mut buf = Vec::new();
    stream.take(1 << 20).read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok(ToolResult {
        response: json!({"bytes": body.len(), "code": code, "result": body, "url": url}),
        text: body.to_owned(),
        failed: !(200..300).contains(&code),
        ..ToolResult::default()
    })
}
