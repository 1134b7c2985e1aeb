//! The opencode kind's gate plugin, run in node exactly as rendered, with
//! a stand-in hook program in place of `compass-hook`: each answer Warden
//! can give (and each way the hook can fail) does what the plugin claims
//! to OpenCode's `output`. The real OpenCode runs it in the daemon suite
//! (`compass`'s `suite::opencode`); this covers the failures that suite
//! cannot provoke.

use compass_acp::KindRegistry;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// A hook program answering by `$ANSWER`: empty (clear), `block`,
/// `caution`, `garbled`, or `refuse` (exit 2, as the hook client does
/// when the daemon does not answer).
const HOOK: &str = r#"#!/bin/sh
cat > "$(dirname "$0")/payload-$2.json"
case "$ANSWER" in
  block) printf '{"decision":"block","reason":"withheld: R"}' ;;
  caution) printf '{"hookSpecificOutput":{"hookEventName":"tool-execute-after","additionalContext":"mind it"}}' ;;
  garbled) printf 'not json' ;;
  refuse) echo "daemon not answering" >&2; exit 2 ;;
esac
"#;

/// Load the plugin, call one of its hooks, and print what it left.
const DRIVER: &str = r#"
const { CompassGate } = await import(process.argv[1]);
const hooks = await CompassGate();
const output = { title: "t", output: "file text", metadata: { preview: "file text" }, attachments: [{ mime: "x" }] };
const input = { tool: "read", sessionID: "s", callID: "c1", args: { filePath: "/work/app/README.md" } };
let thrown = null;
try {
  if (process.argv[2] === "before") await hooks["tool.execute.before"](input, { args: input.args });
  else await hooks["tool.execute.after"](input, output);
} catch (e) { thrown = e.message; }
console.log(JSON.stringify({ output, thrown }));
"#;

fn run(dir: &Path, hook: &str, stage: &str, answer: &str) -> Value {
    let registry = KindRegistry::builtin().unwrap();
    let (_, plugin) = registry
        .get("opencode")
        .unwrap()
        .hook_config_calling(hook, "/run/compass/config", Duration::from_secs(15))
        .unwrap();
    let file = dir.join("compass-gate.mjs");
    fs_err::write(&file, plugin).unwrap();
    let node = compass_test_support::node_bin_dir().join("node");
    let out = std::process::Command::new(node)
        .args(["--input-type=module", "-e", DRIVER])
        .arg(format!("file://{}", file.display()))
        .arg(stage)
        .env("ANSWER", answer)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {out:?}"))
}

fn hook_dir() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let hook = dir.path().join("hook");
    fs_err::write(&hook, HOOK).unwrap();
    let mut perms = fs_err::metadata(&hook).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    fs_err::set_permissions(&hook, perms).unwrap();
    let path = hook.to_str().unwrap().to_owned();
    (dir, path)
}

#[test]
fn a_clear_result_reaches_the_model_unchanged_and_warden_saw_it() {
    let (dir, hook) = hook_dir();
    let got = run(dir.path(), &hook, "after", "");
    assert_eq!(got["output"]["output"], "file text", "{got}");
    assert_eq!(got["thrown"], Value::Null);
    let sent: Value = serde_json::from_str(
        &fs_err::read_to_string(dir.path().join("payload-tool-execute-after.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(sent["tool_name"], "read");
    assert_eq!(sent["tool_input"]["filePath"], "/work/app/README.md");
    assert_eq!(sent["tool_response"], "file text");
    assert_eq!(sent["call_id"], "c1");
}

#[test]
fn a_flagged_result_is_replaced_before_the_model_gets_it() {
    let (dir, hook) = hook_dir();
    let got = run(dir.path(), &hook, "after", "block");
    assert_eq!(
        got["output"],
        json!({"title": "t", "output": "withheld: R", "metadata": {"compass": "withheld"}, "attachments": []}),
        "{got}"
    );
    assert_eq!(got["thrown"], Value::Null);
}

/// A result the hook could not judge is withheld, never passed: the hook
/// refusing (the daemon gone), an answer that is not JSON, a hook program
/// that cannot start.
#[test]
fn an_unjudged_result_is_withheld() {
    let (dir, hook) = hook_dir();
    for (hook, answer, why) in [
        (hook.as_str(), "refuse", "daemon not answering"),
        (hook.as_str(), "garbled", "could not read Warden's answer"),
        ("/nonexistent/compass-hook", "", "could not ask Warden"),
    ] {
        let got = run(dir.path(), hook, "after", answer);
        let output = got["output"]["output"].as_str().unwrap();
        assert!(output.contains(why), "{answer}: {got}");
        assert!(!output.contains("file text"), "{answer}: {got}");
        assert_eq!(got["output"]["metadata"], json!({"compass": "withheld"}));
    }
}

#[test]
fn a_caution_is_added_to_the_result() {
    let (dir, hook) = hook_dir();
    let got = run(dir.path(), &hook, "after", "caution");
    assert_eq!(
        got["output"]["output"], "file text\n\n[Compass Warden: mind it]",
        "{got}"
    );
}

#[test]
fn a_call_warden_does_not_clear_is_thrown_back_before_it_runs() {
    let (dir, hook) = hook_dir();
    assert_eq!(run(dir.path(), &hook, "before", "")["thrown"], Value::Null);
    let got = run(dir.path(), &hook, "before", "refuse");
    assert_eq!(got["thrown"], "daemon not answering", "{got}");
    let got = run(dir.path(), "/nonexistent/compass-hook", "before", "");
    assert!(
        got["thrown"]
            .as_str()
            .unwrap()
            .contains("could not ask Warden"),
        "{got}"
    );
}
