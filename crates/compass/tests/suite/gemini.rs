//! Real Gemini CLI (npm `@google/gemini-cli`, native ACP with `--acp`)
//! through the daemon ([`super::real_agent`]), against the scripted model
//! server's Gemini API, with nothing but the `GEMINI_API_KEY` secret and
//! the daemon's `GOOGLE_GEMINI_BASE_URL`. Its BeforeTool/AfterTool hooks
//! never run under ACP, so its row claims none; what gates it is the
//! kind's admin policy, which turns every shell command into an ACP
//! permission request that Warden decides.

use super::real_agent::{Case, exfiltration_is_held, matrix_row};
use compass_test_support::{ScriptedTurn, gemini_function_responses};
use serde_json::json;

#[test]
fn gemini_cli_in_its_sandbox_asks_warden_before_every_shell_command() {
    let (d, server) = exfiltration_is_held(&Case {
        bin: compass_test_support::gemini_cli(),
        kind: "gemini-cli",
        agent: "lyra",
        secret: ("GEMINI_API_KEY", "dummy-for-the-scripted-server"),
        gateway: ("GOOGLE_GEMINI_BASE_URL", str::to_owned),
        shell: |cmd| ScriptedTurn::tool("run_shell_command", json!({"command": cmd})),
    });
    let outputs = format!("{:?}", gemini_function_responses(&server.requests()));
    assert!(
        outputs.contains("made-by-a-real-agent"),
        "the model was not told: {outputs}"
    );

    // The matrix the daemon reports is what this test proved: no hooks,
    // shell commands gated through permission requests.
    let row = matrix_row(&d, "gemini-cli");
    assert_ne!(row["hooks"]["preTool"], true, "{row}");
    assert_ne!(row["hooks"]["postTool"], true, "{row}");
    assert_eq!(
        row["hooks"]["gatedTools"],
        json!(["run_shell_command"]),
        "{row}"
    );
}
