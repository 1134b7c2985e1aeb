//! The scripted agent's MCP client, as a real agent's would be: it
//! launches a stdio MCP server that ACP `session/new` named in
//! `mcpServers`, initializes it and calls one tool (newline-delimited
//! JSON-RPC). Minimal on purpose: the real-client proof is the official
//! Python SDK's test; this lets scenarios call tools inside a sandbox.

use crate::tools::ToolResult;
use anyhow::{Context, anyhow, bail};
use serde_json::{Value, json};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// How long one call may take in all (an `ask` waits for the user).
const CALL_LIMIT: Duration = Duration::from_secs(120);

/// Call `tool` with `arguments` on the stdio server `server` (one entry
/// of `mcpServers`: `{name, command, args, env}`).
pub(crate) async fn call(
    server: &Value,
    tool: &str,
    arguments: Value,
) -> anyhow::Result<ToolResult> {
    tokio::time::timeout(CALL_LIMIT, call_inner(server, tool, arguments))
        .await
        .map_err(|_| anyhow!("the MCP call of {tool} took longer than {CALL_LIMIT:?}"))?
}

async fn call_inner(server: &Value, tool: &str, arguments: Value) -> anyhow::Result<ToolResult> {
    let command = server
        .get("command")
        .and_then(Value::as_str)
        .ok_or_else(|| anyhow!("the MCP server has no command: {server}"))?;
    let args: Vec<String> = server
        .get("args")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let mut child = tokio::process::Command::new(command)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting the MCP server {command}"))?;
    let mut stdin = child.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let mut lines = BufReader::new(stdout).lines();
    let mut send = async |msg: Value| -> anyhow::Result<()> {
        stdin.write_all(format!("{msg}\n").as_bytes()).await?;
        stdin.flush().await?;
        Ok(())
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "compass-scripted-agent", "version": env!("CARGO_PKG_VERSION")}
        }}),
    )
    .await?;
    reply(&mut lines, 1).await?;
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await?;
    send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": tool, "arguments": arguments
        }}),
    )
    .await?;
    let result = reply(&mut lines, 2).await;
    let _ = child.kill().await;
    let result = match result {
        Ok(r) => r,
        Err(e) => {
            let mut err = String::new();
            if let Some(mut stderr) = child.stderr.take() {
                let _ = tokio::io::AsyncReadExt::read_to_string(&mut stderr, &mut err).await;
            }
            bail!("{e}; the server said: {}", err.trim())
        }
    };
    let failed = result
        .get("isError")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let text = result
        .get("content")
        .and_then(Value::as_array)
        .map(|c| {
            c.iter()
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default();
    Ok(ToolResult {
        text: format!("mcp {tool}: {text}"),
        response: result,
        diff: None,
        terminal_id: None,
        failed,
    })
}

/// The response to request `id`, skipping notifications.
async fn reply(
    lines: &mut tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    id: u64,
) -> anyhow::Result<Value> {
    while let Some(line) = lines.next_line().await? {
        let msg: Value =
            serde_json::from_str(&line).with_context(|| format!("not JSON-RPC: {line}"))?;
        if msg.get("id").and_then(Value::as_u64) != Some(id) {
            continue;
        }
        if let Some(error) = msg.get("error") {
            bail!("the MCP server refused: {error}");
        }
        return msg
            .get("result")
            .cloned()
            .ok_or_else(|| anyhow!("no result: {line}"));
    }
    bail!("the MCP server closed its output")
}
