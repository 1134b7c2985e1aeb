//! The stored stream is clean with an agent that streams like Claude Code's
//! ACP adapter (each tool call announced twice, a `_meta`-only update,
//! results as raw content blocks, empty message chunks): `compass agent
//! log` shows one tool call with its real input, its result as text, and
//! no empty or "unspecified" lines. The agent sends each call's second
//! announcement only after its PreToolUse hook answered, so Warden's
//! decision always reaches the daemon between the two.

use super::TestDaemon;

#[test]
fn claude_style_updates_are_stored_once_and_readable() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    d.scripted_agent(
        "atlas",
        "name = \"claude-like\"\nclaude_updates = true\nlate_repeat = true\n[[turns]]\nsteps = [\n  { kind = \"run\", command = \"echo folded-$((40 + 2))\" },\n  { kind = \"message\", text = \"All done.\" },\n]\n",
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(turn.contains("turn ended"), "{turn}");
    let log = d.ok(&["agent", "log", "atlas"]);
    let calls: Vec<&str> = log.lines().filter(|l| l.contains("tool call")).collect();
    assert_eq!(calls.len(), 1, "one record per tool call:\n{log}");
    assert!(
        calls[0].contains("echo folded"),
        "the record has the real title, not the placeholder:\n{log}"
    );
    assert!(
        log.lines()
            .any(|l| l.contains("tool completed: folded-42") && !l.contains("\"type\"")),
        "the result is shown as its text, not JSON:\n{log}"
    );
    assert!(!log.contains("unspecified"), "{log}");
    assert!(
        !log.lines().any(|l| l.trim_end().ends_with("says:")),
        "an empty message unit was stored:\n{log}"
    );
    assert!(log.contains("says: All done."), "{log}");
    // The stored call carries the full input, not the placeholder `{}`.
    let events = d.ok(&["events", "--json"]);
    let inputs: Vec<&str> = events
        .lines()
        .filter(|l| l.contains("\"rawInput\""))
        .collect();
    assert_eq!(inputs.len(), 1, "{events}");
    assert!(inputs[0].contains("command"), "{events}");
    // Warden's decision, which came in before the repeat, is stored after
    // the call it judged.
    let lines: Vec<&str> = events.lines().collect();
    let call = lines.iter().position(|l| l.contains("\"rawInput\""));
    let gate = lines.iter().position(|l| l.contains("\"gateDecision\""));
    assert!(
        matches!((call, gate), (Some(c), Some(g)) if c < g),
        "{events}"
    );
}
