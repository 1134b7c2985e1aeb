//! Secrets through the daemon: set from stdin, listed by name, kept in a
//! 0600 file under the data dir, delivered into an agent's sandbox — and the
//! value never shows in the event log, the daemon's log, the database or
//! any process's argv.

use super::super::{BIN, TestDaemon, git_repo, secret_set};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The agent proves delivery without printing the value: hashes of the
/// env-file variable and of the secret file, and the env file's mode.
const SCENARIO: &str = r#"
name = "secrets"
description = "read a delivered secret inside the sandbox"
[[turns]]
steps = [
  { kind = "run", command = "sleep 2; echo \"env=$(printf %s \"$MY_TOKEN\" | sha256sum | cut -c1-64) file=$(cat \"$HOME/.compass/secrets/MY_TOKEN\" | sha256sum | cut -c1-64) env-file-mode=$(stat -c %a \"$HOME/.compass/env\")\"" },
]
"#;

/// Restart `d`'s daemon with debug logging into a file we can search.
fn with_debug_log(d: &mut TestDaemon) -> std::path::PathBuf {
    d.kill9();
    let log = d.home().join("daemon.log");
    let child = Command::new(BIN)
        .arg("daemon")
        .env("COMPASS_HOME", d.home())
        .env("COMPASS_LOG", "debug")
        .stdout(Stdio::null())
        .stderr(fs_err::File::create(&log).unwrap().into_parts().0)
        .spawn()
        .unwrap();
    d.child = Some(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.cli(&["status"]).status.success() {
        assert!(Instant::now() < deadline, "the daemon did not come back");
        std::thread::sleep(Duration::from_millis(50));
    }
    log
}

/// Every process whose argv carries `needle`.
/// `value` is in neither the daemon's debug log nor its database files.
fn not_in_log_or_store(d: &TestDaemon, log_text: &str, value: &str) {
    assert!(
        !log_text.contains(value),
        "the value is in the daemon's log"
    );
    for db in ["compass.db", "compass.db-wal"] {
        let bytes = fs_err::read(d.home().join(db)).unwrap_or_default();
        assert!(
            !bytes.windows(value.len()).any(|w| w == value.as_bytes()),
            "the value is in {db}"
        );
    }
}

fn argv_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs_err::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let Ok(raw) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let argv = String::from_utf8_lossy(&raw).replace('\0', " ");
        if argv.contains(needle) {
            found.push(format!("{name}: {argv}"));
        }
    }
    found
}

fn sha256(text: &str) -> String {
    let mut child = Command::new("sha256sum")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()[..64].to_owned()
}

#[test]
fn a_secret_reaches_the_sandbox_and_nothing_else() {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start();
    let log = with_debug_log(&mut d);
    let value = format!(
        "tok-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );

    // Bad names are refused, naming the rule; so is an empty value.
    for bad in ["my-token", "lower", "1ST", &"A".repeat(65)] {
        let out = secret_set(&d, bad, &value);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{bad} was accepted");
        assert!(
            err.contains("name:") && (err.contains("[A-Z_][A-Z0-9_]*") || err.contains("64")),
            "{bad}: {err}"
        );
    }
    let out = secret_set(&d, "EMPTY", "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("value: is empty"));

    let out = secret_set(&d, "MY_TOKEN", &value);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list = d.ok(&["secret", "list"]);
    assert!(
        list.contains("MY_TOKEN") && !list.contains(&value),
        "{list}"
    );
    let json = d.json(&["secret", "list"]);
    assert_eq!(json["secrets"][0]["name"], "MY_TOKEN");
    assert!(
        json["secrets"][0]["setAtMs"]
            .as_str()
            .unwrap()
            .parse::<i64>()
            .unwrap()
            > 0
    );
    // At rest: a 0600 file in a 0700 dir under the data dir, exactly the value.
    let file = d.home().join("secrets/MY_TOKEN");
    let mode = |p: &std::path::Path| fs_err::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(&d.home().join("secrets")), 0o700);
    assert_eq!(fs_err::read_to_string(&file).unwrap(), value);

    // A granted secret that is not set is refused by name.
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let err = d.fails(&["agent", "start", "atlas", "--secret", "NOT_SET"]);
    assert!(
        err.contains("NOT_SET is not set") && err.contains("compass secret set NOT_SET"),
        "{err}"
    );
    let err = d.fails(&["agent", "start", "atlas", "--secret", "bad-name"]);
    assert!(err.contains("not an env-var name"), "{err}");

    d.start_scripted_with("atlas", SCENARIO, &["--secret", "MY_TOKEN"]);
    assert!(argv_with(&value).is_empty(), "{:?}", argv_with(&value));

    // The turn runs for a while; probe every argv on the machine meanwhile.
    let turn = Command::new(BIN)
        .args(["agent", "prompt", "atlas", "use the token", "--follow"])
        .env("COMPASS_HOME", d.home())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut probes = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    let pid = turn.id();
    while std::path::Path::new(&format!("/proc/{pid}/cmdline")).exists()
        && fs_err::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z "))
    {
        let hits = argv_with(&value);
        assert!(hits.is_empty(), "the secret is in an argv: {hits:?}");
        probes += 1;
        assert!(Instant::now() < deadline, "the turn did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
    let turn = turn.wait_with_output().unwrap();
    let turn = String::from_utf8(turn.stdout).unwrap();
    assert!(probes > 10, "only {probes} probes ran during the turn");
    let hash = sha256(&value);
    assert!(turn.contains("turn ended"), "{turn}");
    // The rendered stream shortens long output; the log has all of it.
    let log_json = d.ok(&["agent", "log", "atlas", "--json"]);
    assert!(
        log_json.contains(&format!("env={hash} file={hash} env-file-mode=600")),
        "the env variable and the 0600 file must both hold the value:\n{log_json}"
    );

    // Names only, everywhere the daemon writes.
    let events = d.ok(&["events", "--json"]);
    assert!(!events.contains(&value), "the value is in the event log");
    assert!(events.contains("\"secretSet\"") && events.contains("MY_TOKEN"));
    assert!(events.contains("\"secretsDelivered\""), "{events}");
    let log_text = fs_err::read_to_string(&log).unwrap();
    assert!(log_text.contains("secret set"), "no debug log was captured");
    not_in_log_or_store(&d, &log_text, &value);

    // Deleted: gone from the list; a second delete says it is not set.
    d.ok(&["agent", "stop", "atlas"]);
    assert!(d.ok(&["secret", "rm", "MY_TOKEN"]).contains("deleted"));
    assert!(!d.ok(&["secret", "list"]).contains("MY_TOKEN"));
    assert!(!file.exists());
    let err = d.fails(&["secret", "rm", "MY_TOKEN"]);
    assert!(err.contains("MY_TOKEN is not set"), "{err}");
    // And a later start does not carry it over in the workload.
    d.ok(&["agent", "start", "atlas"]);
    let env_file = d.home().join("agents/agt-1/home/.compass/env");
    assert!(
        !fs_err::read_to_string(&env_file)
            .unwrap_or_default()
            .contains(&value),
        "a deleted secret lingers in the workload"
    );
}

/// What the agent prints: the value whole and split in a message, whole
/// and split in terminal output (two pipe reads, a pause between them).
fn printing_scenario(value: &str) -> String {
    let (head, tail) = value.split_at(7);
    format!(
        r#"
name = "prints-a-secret"
description = "print a stored secret every way an agent can"
[[turns]]
steps = [
  {{ kind = "message", text = "whole: {value} (that was it)" }},
  {{ kind = "message", text = "split: {head}" }},
  {{ kind = "message", text = "{tail} -- end" }},
  {{ kind = "thought", text = "thinking of {head}" }},
  {{ kind = "thought", text = "{tail}" }},
  {{ kind = "run", command = "printf 'env: %s\n' \"$MY_TOKEN\"" }},
  {{ kind = "run", command = "printf %s \"$MY_TOKEN\" | head -c 5; sleep 1; printf %s \"$MY_TOKEN\" | tail -c +6; echo ' -- done'" }},
]
"#
    )
}

/// Every value set with `compass secret set` is taken out of what the
/// daemon records by exact match — also when the agent prints it in
/// pieces: the event log, `agent log`, the daemon log and the database
/// never hold it, and the markers show where it was.
#[test]
fn a_secret_the_agent_prints_is_redacted_everywhere_even_split() {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start();
    let log = with_debug_log(&mut d);
    // Not token-shaped: only the exact-value redaction can catch it.
    let value = format!("plain-{}-words-{}", std::process::id(), 7_321_004);
    let out = secret_set(&d, "MY_TOKEN", &value);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Warden's own redaction of what an agent read must not be what
    // catches it here.
    d.ok(&["warden", "off"]);

    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let scenario = d.outside().join("prints.toml");
    fs_err::write(&scenario, printing_scenario(&value)).unwrap();
    d.ok(&[
        "agent",
        "start",
        "atlas",
        "--scenario",
        scenario.to_str().unwrap(),
        "--secret",
        "MY_TOKEN",
    ]);
    let turn = d.ok(&["agent", "prompt", "atlas", "print it", "--follow"]);
    assert!(turn.contains("turn ended"), "{turn}");
    assert!(
        !turn.contains(&value),
        "the followed stream shows the value"
    );

    let events = d.ok(&["events", "--json"]);
    let agent_log = d.ok(&["agent", "log", "atlas", "--json"]);
    for (what, text) in [("event log", &events), ("agent log", &agent_log)] {
        assert!(!text.contains(&value), "the value is in the {what}");
        for piece in [&value[..7], &value[7..]] {
            assert!(!text.contains(piece), "a piece {piece:?} is in the {what}");
        }
    }
    // Each way it was printed shows as a marker, the text around it kept.
    for shown in [
        "whole: [REDACTED:MY_TOKEN] (that was it)",
        "env: [REDACTED:MY_TOKEN]",
    ] {
        assert!(agent_log.contains(shown), "{shown:?} missing:\n{agent_log}");
    }
    let markers = agent_log.matches("[REDACTED:MY_TOKEN]").count();
    assert!(markers >= 5, "{markers} markers:\n{agent_log}");
    assert!(agent_log.contains(" -- end") && agent_log.contains(" -- done"));

    let log_text = fs_err::read_to_string(&log).unwrap();
    assert!(!log_text.is_empty(), "no debug log was captured");
    not_in_log_or_store(&d, &log_text, &value);
}

/// A credential shape streamed a few characters a chunk (as a model's
/// output streams) is redacted from the joined unit the store keeps: no
/// chunk alone has the shape, the joined text does.
#[test]
fn a_token_shape_streamed_in_pieces_is_redacted_once_joined() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let token = format!("ghp_{}", "Ab3dEf6hIj9lMn2pQr5tUv8xYz1BcDeFgHiJ");
    assert_eq!(token.len(), 40);
    let pieces: Vec<String> = token
        .as_bytes()
        .chunks(6)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    let steps: String = pieces
        .iter()
        .map(|p| format!("  {{ kind = \"message\", text = \"{p}\" }},\n"))
        .collect();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    let scenario = d.outside().join("pieces.toml");
    fs_err::write(
        &scenario,
        format!("name = \"pieces\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n{steps}]\n"),
    )
    .unwrap();
    d.ok(&[
        "agent",
        "start",
        "atlas",
        "--scenario",
        scenario.to_str().unwrap(),
    ]);
    let turn = d.ok(&["agent", "prompt", "atlas", "say it", "--follow"]);
    assert!(turn.contains("turn ended"), "{turn}");
    let agent_log = d.ok(&["agent", "log", "atlas", "--json"]);
    assert!(
        agent_log.contains("[REDACTED:github_token]"),
        "the joined stream was not redacted: {agent_log}"
    );
    let events = d.ok(&["events", "--json"]);
    for (what, text) in [("event log", &events), ("agent log", &agent_log)] {
        assert!(!text.contains(&token), "the token is in the {what}: {text}");
    }
}
