//! Egress by phase through the daemon: a user kind's install step fetches
//! the agent from a local registry-like HTTP server (its
//! `provision.egress`), in the install's own workload; the agent — the
//! scripted agent running a command in its workload — reaches only what
//! its kind names for running (a model-API-like server), never the
//! registry.

use super::TestDaemon;
use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A plain HTTP server on 127.0.0.1 answering every request with `body`,
/// counting the connections it accepted.
struct Http {
    port: u16,
    accepted: Arc<AtomicUsize>,
}

impl Http {
    fn start(body: &'static str) -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let accepted = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&accepted);
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(mut conn) = conn else { return };
                count.fetch_add(1, Ordering::SeqCst);
                let mut seen = Vec::new();
                let mut buf = [0u8; 4096];
                while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
                    match conn.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => seen.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = conn.write_all(
                    format!(
                        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    )
                    .as_bytes(),
                );
            }
        });
        Self { port, accepted }
    }

    fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

/// What the "registry" serves: the agent's launcher.
const AGENT: &str = "#!/bin/sh\nexec compass-scripted-agent \"$@\"\n";

fn kinds(registry: u16, model: u16) -> String {
    format!(
        r#"version = 1
[[kind]]
id = "fetched"
display_name = "An agent installed from a registry"
transport = "native"
command = ["fetched-agent", "--scenario", "/work/notes/scenario.toml"]
credentials = []
load_session = false
egress = ["127.0.0.1:{model}"]
[kind.provision]
install = "mkdir -p \"$COMPASS_INSTALL_PREFIX/bin\" && curl -fsS -m 10 -o \"$COMPASS_INSTALL_PREFIX/bin/fetched-agent\" http://127.0.0.1:{registry}/fetched-agent && chmod +x \"$COMPASS_INSTALL_PREFIX/bin/fetched-agent\""
egress = ["127.0.0.1:{registry}"]
[kind.hooks]
pre_tool = false
post_tool = false
surface = "none"
gated_tools = []
ungated_tools = []
"#
    )
}

#[test]
fn the_install_registry_is_reachable_only_while_provisioning_runs() {
    compass_test_support::bins::scripted_agent();
    // The install's workload and the agent's each have an allowlist.
    compass_test_support::bins::netns_relay();
    let registry = Http::start(AGENT);
    let model = Http::start("model-api");
    let mut d = TestDaemon::start();
    let (reg, api) = (registry.port, model.port);
    let scenario = format!(
        "name = \"egress\"\nnative_hooks = false\n[[turns]]\nsteps = [\n  {{ kind = \"run\", command = \"curl -fsS -m 5 http://127.0.0.1:{reg}/fetched-agent >/dev/null; echo registry-rc=$?; curl -fsS -m 5 http://127.0.0.1:{api}/; echo; echo model-rc=$?\" }},\n]\n"
    );
    d.restart_with_kinds(&kinds(reg, api), &[("scenario.toml", &scenario)]);
    d.ok(&["agent", "new", "atlas", "--kind", "fetched"]);
    assert_eq!(registry.accepted(), 0);
    // Provisioning fetched the agent from the registry: it was reachable.
    let started = d.ok(&["agent", "start", "atlas"]);
    assert!(started.contains("atlas is running"), "{started}");
    let fetched = registry.accepted();
    assert!(fetched >= 1, "the install never reached the registry");
    // The command is Warden's to judge; this test is about the network.
    d.ok(&["warden", "off"]);
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(
        turn.contains("model-api") && turn.contains("model-rc=0"),
        "the agent could not reach what its kind runs with: {turn}"
    );
    assert!(
        turn.contains("registry-rc=") && !turn.contains("registry-rc=0"),
        "the agent reached the install registry after provisioning: {turn}"
    );
    assert_eq!(
        registry.accepted(),
        fetched,
        "the registry saw a connection after provisioning"
    );
}
