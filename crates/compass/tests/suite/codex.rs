//! Real Codex (the npm `codex-acp` adapter) through the daemon
//! ([`super::real_agent`]), against the scripted model server's OpenAI
//! Responses API, with nothing but the `OPENAI_API_KEY` secret and the
//! daemon's `OPENAI_BASE_URL`: the kind authenticates it, writes its
//! provider config, and its managed PreToolUse hooks call `compass hook
//! codex …`.

use super::real_agent::{Case, exfiltration_is_held, matrix_row};
use compass_test_support::{ScriptedTurn, function_outputs};
use serde_json::json;

#[test]
fn codex_in_its_sandbox_is_gated_by_warden_through_its_managed_hooks() {
    let (d, server) = exfiltration_is_held(&Case {
        bin: compass_test_support::codex_acp(),
        kind: "codex",
        agent: "vega",
        secret: ("OPENAI_API_KEY", "sk-dummy-for-the-scripted-server"),
        gateway: ("OPENAI_BASE_URL", |base| format!("{base}/v1")),
        shell: |cmd| ScriptedTurn::tool("exec_command", json!({"cmd": cmd})),
    });
    // Both decisions came from Codex's own hook, and the model was told.
    let outputs = format!("{:?}", function_outputs(&server.requests()));
    assert!(
        outputs.contains("made-by-a-real-agent") && outputs.contains("Warden"),
        "the model was not told: {outputs}"
    );

    // The matrix the daemon reports is what this test proved.
    let show = d.ok(&["kind", "show", "codex"]);
    assert!(show.contains("protocol codex"), "{show}");
    let codex = matrix_row(&d, "codex");
    assert_eq!(codex["hooks"]["preTool"], true, "{codex}");
    assert_eq!(codex["hooks"]["postTool"], true, "{codex}");
    assert_eq!(codex["hooks"]["protocol"], "HOOK_PROTOCOL_CODEX", "{codex}");
}
