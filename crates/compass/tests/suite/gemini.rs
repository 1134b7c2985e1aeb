//! Real Gemini CLI (npm `@google/gemini-cli`, native ACP with `--acp`)
//! through the daemon ([`super::real_agent`]), against the scripted model
//! server's Gemini API, with nothing but the `GEMINI_API_KEY` secret and
//! the daemon's `GOOGLE_GEMINI_BASE_URL`. Its BeforeTool/AfterTool hooks
//! never run under ACP, so its row claims none; what gates it is the
//! kind's admin policy, which turns every shell command and write into an
//! ACP permission request that Warden decides (a write by the diff the
//! request shows).

use super::real_agent::{
    Case, UPLOAD_SCRIPT, exfiltration_is_held, matrix_row, started, upload_script_is_held,
    wait_for_turn_end,
};
use compass_test_support::{ModelServer, ScriptedTurn, gemini_function_responses};
use serde_json::json;

/// The upload script as committed, before the agent rewrites it.
const BENIGN_SCRIPT: &str = "#!/bin/sh\necho uploading\n";

/// Gemini CLI as agent `lyra`, with the Gemini API at the gateway URL.
fn case() -> Case<'static> {
    Case {
        bin: compass_test_support::gemini_cli(),
        kind: "gemini-cli",
        agent: "lyra",
        secret: ("GEMINI_API_KEY", "dummy-for-the-scripted-server"),
        gateway: ("GOOGLE_GEMINI_BASE_URL", str::to_owned),
        shell: |cmd| ScriptedTurn::tool("run_shell_command", json!({"command": cmd})),
    }
}

#[test]
fn gemini_cli_in_its_sandbox_asks_warden_before_every_shell_command() {
    let (d, server) = exfiltration_is_held(&case());
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
    assert_eq!(row["hooks"]["gatedTools"][0], "run_shell_command", "{row}");
}

/// A write asks too, and its permission request shows the file's new
/// content as an ACP diff: Warden judges that content, and a rewrite of a
/// script into one that would ship the environment to the network is
/// refused and never lands. (The file exists: Gemini CLI 0.61.0 cannot
/// create a file through an ACP client that serves `fs/*` — it takes the
/// client's not-found error for a failure, not for a new file.)
#[test]
fn gemini_cli_writes_are_judged_by_the_diff_their_permission_request_shows() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt
        .block_on(ModelServer::start(vec![
            ScriptedTurn::tool(
                "write_file",
                json!({"file_path": "/work/app/ci/upload.sh", "content": UPLOAD_SCRIPT}),
            ),
            ScriptedTurn::text("Stopping here."),
        ]))
        .unwrap();
    let d = started(&case(), &server, &[("ci/upload.sh", BENIGN_SCRIPT)]);
    let script = upload_script_is_held(&d, "lyra", Some(BENIGN_SCRIPT));
    d.ok(&["agent", "resume", "lyra"]);
    wait_for_turn_end(&d, "lyra");
    assert_eq!(
        fs_err::read_to_string(&script).unwrap(),
        BENIGN_SCRIPT,
        "the flagged write landed"
    );

    let row = matrix_row(&d, "gemini-cli");
    assert_eq!(
        row["hooks"]["gatedTools"],
        json!(["run_shell_command", "write_file"]),
        "{row}"
    );
}

/// Escape: Gemini CLI's tool commands look for its model key in every place the
/// agent's user can read ([`super::real_agent::model_key_is_out_of_tools_reach`]).
#[test]
fn gemini_cli_escape_tools_never_read_its_model_key() {
    super::real_agent::model_key_is_out_of_tools_reach(&case());
}
