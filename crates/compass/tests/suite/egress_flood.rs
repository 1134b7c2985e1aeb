//! The allowlist egress proxy under a flood from its own workload: the
//! proxy runs in the daemon (one per allowlisted workload, on a Unix
//! socket bind-mounted at `/run/compass/egress/proxy.sock`), so every
//! connection an agent opens to it is a descriptor of the daemon's. A
//! hostile agent that opens thousands and never sends a request must not
//! make the daemon hold them: a daemon out of descriptors stops accepting
//! on every agent's hook, MCP and git sockets and its own control socket.

use super::TestDaemon;
use super::kinds::SCRIPTED_HOOKS;
use std::time::{Duration, Instant};

/// How many silent connections the agent opens.
const CLIENTS: usize = 3000;

/// A kind playing the scripted agent whose workload is allowlisted (it
/// names a loopback port nobody serves), so it gets the egress proxy.
fn kinds() -> String {
    format!(
        r#"version = 1
[[kind]]
id = "egress-agent"
display_name = "egress-agent"
transport = "native"
command = ["compass-scripted-agent", "--settings", "{{config}}/mine/settings.json", "--scenario", "/work/notes/flood.toml"]
credentials = []
load_session = false
egress = ["127.0.0.1:4099"]
[kind.provision]
install = ""
hook_config_path = "mine/settings.json"
hook_config = '{{"hooks": {{"PreToolUse": [{{"matcher": "*", "hooks": [{{"type": "command", "command": "{{hook}} PreToolUse", "timeout": {{timeout_s}}}}]}}], "PostToolUse": [{{"matcher": "*", "hooks": [{{"type": "command", "command": "{{hook}} PostToolUse", "timeout": {{timeout_s}}}}]}}]}}}}'
{SCRIPTED_HOOKS}"#
    )
}

/// Open [`CLIENTS`] connections to the proxy socket, send nothing, hold
/// them 25 s, then say how many the daemon closed.
fn scenario() -> String {
    format!(
        r#"name = "egress-flood"
[[turns]]
[[turns.steps]]
kind = "run"
command = '''
node -e '
const net = require("net");
let open = 0, closed = 0;
for (let i = 0; i < {CLIENTS}; i++) {{
  const s = net.createConnection("/run/compass/egress/proxy.sock");
  s.on("connect", () => {{ open++; }});
  s.on("error", () => {{}});
  s.on("close", () => {{ closed++; }});
}}
setTimeout(() => {{ console.log("FLOOD" + "-RESULT " + open + " connected, " + closed + " closed by the daemon"); process.exit(0); }}, 25000);
'
'''
"#
    )
}

/// The daemon's open descriptors.
fn fds(pid: u32) -> usize {
    fs_err::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0)
}

#[test]
fn a_flood_of_silent_egress_connections_costs_the_daemon_few_descriptors() {
    compass_test_support::bins::scripted_agent();
    compass_test_support::bins::compass_hook();
    compass_test_support::bins::netns_relay();
    let mut d = TestDaemon::start_with(&["--backend", "sandbox"]);
    d.restart_with_kinds(&kinds(), &[("flood.toml", &scenario())]);
    d.ok(&["agent", "new", "atlas", "--kind", "egress-agent"]);
    d.ok(&["agent", "start", "atlas"]);
    let pid = d.child.as_ref().unwrap().id();
    let before = fds(pid);
    d.ok(&["agent", "prompt", "atlas", "flood"]);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut peak = before;
    let mut status_slowest = Duration::ZERO;
    loop {
        peak = peak.max(fds(pid));
        let asked = Instant::now();
        d.ok(&["status"]);
        status_slowest = status_slowest.max(asked.elapsed());
        if d.ok(&["agent", "log", "atlas"]).contains("FLOOD-RESULT ") || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    let log = d.ok(&["agent", "log", "atlas"]);
    assert!(
        log.contains("FLOOD-RESULT "),
        "the flood never reported: {log}"
    );
    assert!(
        !log.contains("FLOOD-RESULT 0 connected"),
        "no connection reached the proxy, so the attack never ran: {log}"
    );
    assert!(
        peak - before < 1024,
        "the daemon held {} more descriptors for {CLIENTS} silent egress clients (from {before} to {peak}): {log}",
        peak - before
    );
    assert!(
        status_slowest < Duration::from_secs(2),
        "`status` took {status_slowest:?} during the flood"
    );
}
