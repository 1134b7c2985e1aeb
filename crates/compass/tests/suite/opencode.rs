//! Real OpenCode (npm `opencode-ai`, native ACP with `opencode acp`)
//! through the daemon ([`super::real_agent`]), against the scripted model
//! server's Chat Completions API (its OpenAI-compatible provider), with
//! nothing but the `OPENAI_API_KEY` secret and the daemon's
//! `OPENAI_BASE_URL`: the kind's gate plugin, read-only in the config dir,
//! forwards `tool.execute.before` to `compass hook opencode …`.

use super::real_agent::{Case, exfiltration_is_held, matrix_row};
use compass_test_support::{ScriptedTurn, chat_tool_messages};
use serde_json::json;

#[test]
fn opencode_in_its_sandbox_is_gated_by_warden_through_its_plugin_hook() {
    let (d, server) = exfiltration_is_held(&Case {
        bin: compass_test_support::opencode(),
        kind: "opencode",
        agent: "rigel",
        secret: ("OPENAI_API_KEY", "sk-dummy-for-the-scripted-server"),
        // `localhost`: OpenCode keeps 127.0.0.1 off the egress proxy (its
        // own server listens there), and the proxy is the way out.
        gateway: ("OPENAI_BASE_URL", |base| {
            format!("{}/v1", base.replace("127.0.0.1", "localhost"))
        }),
        shell: |cmd| ScriptedTurn::tool("bash", json!({"command": cmd, "description": "Run it"})),
    });
    let outputs = format!("{:?}", chat_tool_messages(&server.requests()));
    assert!(
        outputs.contains("made-by-a-real-agent") && outputs.contains("Warden"),
        "the model was not told: {outputs}"
    );

    // The matrix the daemon reports is what this test proved.
    let row = matrix_row(&d, "opencode");
    assert_eq!(row["hooks"]["preTool"], true, "{row}");
    assert_ne!(row["hooks"]["postTool"], true, "{row}");
    assert_eq!(row["hooks"]["protocol"], "HOOK_PROTOCOL_OPENCODE", "{row}");
    assert_eq!(row["hooks"]["gatedTools"], json!(["bash"]), "{row}");
}
