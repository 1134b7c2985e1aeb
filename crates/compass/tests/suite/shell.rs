//! The raw shell, the escape hatch: `compass agent shell` runs a shell on a
//! PTY inside the agent's workload and sees its output and exit code; each
//! session is recorded with the door it came through; the WebSocket it
//! shares with the board refuses a missing or wrong token and a foreign
//! origin before any upgrade, and an agent that is not running. A shell
//! into an agent whose kind masks config places has them pinned: it cannot
//! rename them out from under the agent process.

use super::{BIN, TestDaemon};
use std::io::Write;
use std::process::{Command, Stdio};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{Error as WsError, http::HeaderValue};

const SCENARIO: &str =
    "name = \"idle\"\n[[turns]]\nsteps = [\n  { kind = \"message\", text = \"ok\" },\n]\n";

fn shell(d: &TestDaemon, agent: &str, input: &str) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(["agent", "shell", agent])
        .env("COMPASS_HOME", d.home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn agent_shell_runs_commands_in_the_workload_and_is_audited() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    d.scripted_agent("atlas", SCENARIO);
    let out = shell(
        &d,
        "atlas",
        "echo made-by-a-person > /work/app/from-shell; echo hi-$((6*7)); pwd; tty\nexit 3\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Its output, not just the echo of what was typed.
    assert!(stdout.contains("hi-42"), "{stdout}");
    assert!(
        stdout.contains("\n/work\r"),
        "the shell starts in /work: {stdout}"
    );
    assert!(stdout.contains("/dev/pts/"), "no PTY: {stdout}");
    // It ran in the workload: what it wrote is in the agent's clone.
    let made = d.home().join("agents/agt-1/work/app/from-shell");
    assert_eq!(fs_err::read_to_string(&made).unwrap(), "made-by-a-person\n");
    // A person's session, recorded: who opened it, and how it ended.
    let events = d.ok(&["events", "--json"]);
    let shells: Vec<serde_json::Value> = events
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e.get("shellOpened").is_some() || e.get("shellClosed").is_some())
        .collect();
    assert_eq!(shells.len(), 2, "{shells:#?}");
    assert_eq!(shells[0]["shellOpened"]["by"], "cli");
    assert_eq!(shells[0]["agentId"], "agt_1");
    assert_eq!(
        shells[1]["shellClosed"]["session"],
        shells[0]["shellOpened"]["session"]
    );
    assert_eq!(shells[1]["shellClosed"]["exitCode"], 3);
    // Input that just ends closes the shell like Ctrl-D.
    let out = shell(&d, "atlas", "echo bye-$((1+1))\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("bye-2"));
}

/// Escape (through the daemon's `compass pty`): the person's shell runs
/// in the agent's `$HOME`, whose startup files are the agent's to write.
/// Sourced, they would run the agent's code in the person's terminal, with
/// the person's intent behind it; readline's `~/.inputrc` can bind a key to
/// type a command, and `~/.bash_history` puts the agent's commands under
/// the arrow keys. None of them is read.
#[test]
fn a_persons_shell_reads_no_startup_file_the_agent_wrote() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    d.scripted_agent("atlas", SCENARIO);
    let home = d.home().join("agents/agt-1/home");
    for rc in [".bashrc", ".bash_profile", ".bash_login", ".profile"] {
        fs_err::write(home.join(rc), format!("echo AGENT-RC-RAN-{rc}\n")).unwrap();
    }
    fs_err::write(home.join(".inputrc"), "\"q\": \"INPUTRC-BOUND\"\n").unwrap();
    fs_err::write(home.join(".bash_history"), "echo AGENT-HISTORY-LINE\n").unwrap();
    let out = shell(&d, "atlas", "echo q-$((2+3)); history\nexit 0\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("q-5"), "the shell did not run: {stdout}");
    for planted in ["AGENT-RC-RAN", "INPUTRC-BOUND", "AGENT-HISTORY-LINE"] {
        assert!(
            !stdout.contains(planted),
            "the person's shell read what the agent planted ({planted}): {stdout}"
        );
    }
}

/// A user kind playing the scripted agent that masks `agent.json` at its
/// working directory and each one above it, and `~/.config/mine`.
fn masked_kind() -> String {
    let masked =
        "[kind.provision.masked]\nfiles = [\"agent.json\"]\nhome_dirs = [\".config/mine\"]\n";
    format!(
        "version = 1\n{}",
        super::kinds::scripted_kind("masked", "/work/notes/scenario.toml", masked)
    )
}

/// Escape (through the daemon's `compass pty`): the person's shell (run by
/// the person, or steered by what the agent planted where the shell
/// looks) renames a masked file, or the dir
/// above a masked one, so the agent process would read what the shell
/// plants at the old name. Opened while the agent process lives, the shell
/// has every masked path and the dirs above them pinned: it sees and
/// writes the real file, and every rename fails.
#[test]
fn a_masked_agents_shell_cannot_move_its_masked_paths() {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start();
    d.restart_with_kinds(&masked_kind(), &[("scenario.toml", SCENARIO)]);
    d.ok(&["agent", "new", "atlas", "--kind", "masked"]);
    d.ok(&["agent", "start", "atlas"]);
    let out = shell(
        &d,
        "atlas",
        "echo mine > /work/agent.json; cat /work/agent.json; \
         mv /work/agent.json /work/moved.json || echo KEPT-$((1+1)); \
         mv /home/agent/.config /home/agent/config2 || echo KEPT-$((2+2))\nexit\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("KEPT-2") && stdout.contains("KEPT-4"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let agent = d.home().join("agents/agt-1");
    assert_eq!(
        fs_err::read_to_string(agent.join("work/agent.json")).unwrap(),
        "mine\n"
    );
    assert!(agent.join("home/.config/mine").is_dir());
    assert!(!agent.join("home/config2").exists());
}

/// Try to open the shell socket; the HTTP status when refused (0 when it opened).
async fn try_open(
    addr: &str,
    query: &str,
    token: Option<&str>,
    origin: Option<&str>,
) -> (u16, String) {
    let mut request = format!("ws://{addr}/shell?{query}")
        .into_client_request()
        .unwrap();
    let headers = request.headers_mut();
    let protocols = match token {
        Some(t) => format!("compass-shell, compass-token.{t}"),
        None => "compass-shell".to_owned(),
    };
    headers.insert(
        "sec-websocket-protocol",
        HeaderValue::from_str(&protocols).unwrap(),
    );
    if let Some(o) = origin {
        headers.insert("origin", HeaderValue::from_str(o).unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok(_) => (0, String::new()),
        Err(WsError::Http(r)) => (
            r.status().as_u16(),
            String::from_utf8_lossy(r.body().as_deref().unwrap_or_default()).into_owned(),
        ),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_shell_socket_refuses_without_the_token_from_another_origin_or_for_an_idle_agent() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    d.scripted_agent("atlas", SCENARIO);
    d.ok(&["agent", "new", "vega"]);
    let url = d.json(&["status"])["boardUrl"].as_str().unwrap().to_owned();
    let (addr, token) = url
        .strip_prefix("http://")
        .unwrap()
        .split_once("/?token=")
        .unwrap();
    let wrong = "ab".repeat(token.len() / 2);
    let origin = format!("http://{addr}");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let (status, body) = try_open(addr, "agent=atlas", None, None).await;
        assert_eq!(status, 401, "{body}");
        assert!(!body.contains("atlas"), "{body}");
        assert_eq!(
            try_open(addr, "agent=atlas", Some(&wrong), None).await.0,
            401
        );
        assert_eq!(
            try_open(addr, "agent=atlas", Some(&wrong), Some(&origin))
                .await
                .0,
            401
        );
        // The token is right, the page is not the board's.
        let (status, body) = try_open(
            addr,
            "agent=atlas",
            Some(token),
            Some("http://evil.example"),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        let (status, body) = try_open(addr, "agent=nobody", Some(token), None).await;
        assert_eq!(status, 404, "{body}");
        let (status, body) = try_open(addr, "agent=vega", Some(token), None).await;
        assert_eq!(status, 409, "{body}");
        assert!(body.contains("vega is not running"), "{body}");
        let (status, body) = try_open(addr, "agent=atlas&cols=0", Some(token), None).await;
        assert_eq!(status, 400, "{body}");
        assert!(body.contains("cols/rows"), "{body}");
        let (status, body) = try_open(addr, "cols=80", Some(token), None).await;
        assert_eq!(status, 400, "{body}");
        assert!(body.contains("agent: required"), "{body}");
        // The board's own page, with the token, gets its shell.
        assert_eq!(
            try_open(addr, "agent=atlas", Some(token), Some(&origin))
                .await
                .0,
            0
        );
    });
    // None of the refused attempts was a session; the accepted one was, by the board.
    let events = d.ok(&["events"]);
    let opened: Vec<&str> = events.lines().filter(|l| l.contains("shell sh-")).collect();
    assert!(
        opened
            .first()
            .is_some_and(|l| l.contains("opened (by board)")),
        "{events}"
    );
    assert_eq!(events.matches("opened (by").count(), 1, "{events}");
}

/// What a program in the agent's shell prints reaches the operator's own
/// terminal: sequences that write the host's clipboard (OSC 52), talk to
/// the terminal in a string (DCS, APC, PM, SOS) or make it answer (title,
/// cursor and device reports, typed back as if by the operator) never do.
/// Colours and cursor movement still pass, so the shell stays usable.
#[test]
fn agent_shell_output_cannot_reach_the_operators_clipboard_or_ask_the_terminal() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    d.scripted_agent("atlas", SCENARIO);
    let out = shell(
        &d,
        "atlas",
        concat!(
            r"printf '\033]52;c;Y3VybCBldmlsIHwgc2g=\007'; ",
            r"printf '\033P+q544e\033\\\033_apc\033\\\033^pm\033\\\033Xsos\033\\'; ",
            r"printf '\033[21t\033[6n\033[c\033[>c\033[?u\005'; ",
            r"printf '\302\2352;title\007\233c'; ",
            r"printf '\033[31mred-%s\033[0m\033[2;5H\n' text",
            "\nexit 0\n"
        ),
    );
    let stdout = out.stdout;
    let shown = String::from_utf8_lossy(&stdout);
    assert_eq!(out.status.code(), Some(0), "{shown:?}");
    assert!(
        shown.contains("\x1b[31mred-text\x1b[0m\x1b[2;5H"),
        "colours and cursor movement must pass: {shown:?}"
    );
    for (what, seq) in [
        ("OSC 52", &b"\x1b]52"[..]),
        ("DCS", b"\x1bP"),
        ("APC", b"\x1b_"),
        ("PM", b"\x1b^"),
        ("SOS", b"\x1bX"),
        ("title report", b"\x1b[21t"),
        ("cursor report", b"\x1b[6n"),
        ("device attributes", b"\x1b[c"),
        ("secondary device attributes", b"\x1b[>c"),
        ("keyboard protocol query", b"\x1b[?u"),
        ("answerback (ENQ)", b"\x05"),
        ("8-bit OSC", b"\xc2\x9d"),
        ("raw 8-bit CSI", b"\x9bc"),
    ] {
        assert!(
            !stdout.windows(seq.len()).any(|w| w == seq),
            "{what} reached the operator's terminal: {shown:?}"
        );
    }
}
