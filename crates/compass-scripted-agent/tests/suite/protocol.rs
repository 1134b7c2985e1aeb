//! Drive the binary over its stdio by hand.

use agent_client_protocol::v1::schema::{
    InitializeResponse, NewSessionResponse, PromptResponse, ReadTextFileRequest,
    SessionNotification, SessionUpdate, StopReason,
};
use serde_json::{Value, json};
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

struct Agent {
    _child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Agent {
    fn start(scenario: &str, dir: &std::path::Path) -> Self {
        let file = dir.join("s.toml");
        fs_err::write(&file, scenario).unwrap();
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_compass-scripted-agent"))
            .arg("--scenario")
            .arg(&file)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        Self {
            _child: child,
            stdin,
            lines,
        }
    }

    async fn send(&mut self, v: Value) {
        self.stdin
            .write_all(format!("{v}\n").as_bytes())
            .await
            .unwrap();
    }

    async fn next(&mut self) -> Value {
        serde_json::from_str(
            &self
                .lines
                .next_line()
                .await
                .unwrap()
                .expect("agent closed stdout"),
        )
        .unwrap()
    }
}

#[tokio::test]
async fn speaks_acp_as_the_official_schema_defines_it() {
    let dir = tempfile::tempdir().unwrap();
    fs_err::write(dir.path().join("a.txt"), "from disk\n").unwrap();
    let mut a = Agent::start(
        r#"
use_client_fs = true
[[turns]]
steps = [
  { kind = "thought", text = "hmm" },
  { kind = "plan", entries = [{ content = "read", status = "in_progress" }] },
  { kind = "read", path = "a.txt" },
  { kind = "message", text = "done" },
]
"#,
        dir.path(),
    );
    a.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": 1, "clientCapabilities": {"fs": {"readTextFile": true, "writeTextFile": true}, "terminal": true}}}))
        .await;
    let init: InitializeResponse =
        serde_json::from_value(a.next().await["result"].clone()).unwrap();
    assert!(init.agent_capabilities.load_session);
    a.send(json!({"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": {"cwd": dir.path(), "mcpServers": []}}))
        .await;
    let new: NewSessionResponse = serde_json::from_value(a.next().await["result"].clone()).unwrap();
    let sid = new.session_id.0.to_string();
    a.send(json!({"jsonrpc": "2.0", "id": 3, "method": "session/prompt", "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "go"}]}}))
        .await;
    let mut kinds = Vec::new();
    let stop = loop {
        let msg = a.next().await;
        match msg["method"].as_str() {
            Some("session/update") => {
                let n: SessionNotification = serde_json::from_value(msg["params"].clone()).unwrap();
                assert_eq!(n.session_id.0.as_ref(), sid);
                kinds.push(match n.update {
                    SessionUpdate::AgentThoughtChunk(_) => "thought",
                    SessionUpdate::Plan(_) => "plan",
                    SessionUpdate::ToolCall(_) => "tool_call",
                    SessionUpdate::ToolCallUpdate(_) => "tool_call_update",
                    SessionUpdate::AgentMessageChunk(_) => "message",
                    _ => "other",
                });
            }
            // The agent asks the client to read the file; answer it.
            Some("fs/read_text_file") => {
                let req: ReadTextFileRequest =
                    serde_json::from_value(msg["params"].clone()).unwrap();
                assert_eq!(req.path, dir.path().join("a.txt"));
                a.send(json!({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": "from the client\n"}})).await;
            }
            Some(other) => panic!("unexpected request {other}"),
            None => {
                assert_eq!(msg["id"], 3);
                let r: PromptResponse = serde_json::from_value(msg["result"].clone()).unwrap();
                break r.stop_reason;
            }
        }
    };
    assert_eq!(stop, StopReason::EndTurn);
    assert_eq!(
        kinds,
        [
            "thought",
            "plan",
            "tool_call",
            "tool_call_update",
            "tool_call_update",
            "message"
        ]
    );
}

#[tokio::test]
async fn unknown_methods_get_a_json_rpc_error_and_auth_is_enforced() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = Agent::start("require_auth = \"scripted-login\"\n", dir.path());
    a.send(json!({"jsonrpc": "2.0", "id": 1, "method": "nope", "params": {}}))
        .await;
    assert_eq!(a.next().await["error"]["code"], -32601);
    a.send(json!({"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": {"cwd": "/", "mcpServers": []}})).await;
    assert_eq!(a.next().await["error"]["code"], -32000);
    a.send(json!({"jsonrpc": "2.0", "id": 3, "method": "authenticate", "params": {"methodId": "scripted-login"}})).await;
    assert_eq!(a.next().await["result"], json!({}));
    a.send(json!({"jsonrpc": "2.0", "id": 4, "method": "session/new", "params": {"cwd": "/", "mcpServers": []}})).await;
    assert!(a.next().await["result"]["sessionId"].is_string());
}
