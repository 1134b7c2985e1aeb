//! `compass-confine` as an agent runs it, with real processes: `launch`
//! gives the agent a fresh credential and makes itself the agent's
//! `SHELL`; a command the agent runs through that shell has no credential
//! in its environment, no descriptor of the agent's, and cannot read the
//! agent's `/proc/<pid>/environ` or memory. Anything it cannot do safely
//! exits 126 and runs nothing.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_compass-confine");

/// Whether this test process could hold `CAP_SYS_PTRACE` (a root shell on
/// the host), which `compass-confine` refuses.
fn holds_ptrace_capability() -> bool {
    let status = fs_err::read_to_string("/proc/self/status").unwrap();
    compass_hook::confine::check_no_ptrace_capability(&status).is_err()
}

/// `compass-confine`, run as an isolated workload runs it: with no
/// capability (`setpriv` drops them when this process holds any).
fn confine() -> Command {
    if holds_ptrace_capability() {
        let mut cmd = Command::new("setpriv");
        cmd.args(["--inh-caps=-all", "--bounding-set=-all", "--", BIN]);
        cmd
    } else {
        Command::new(BIN)
    }
}

/// Run `compass-confine launch --secret-env T_SERVER_KEY -- /bin/sh
/// SCRIPT`: the script `agent` plays the agent.
fn launched(agent: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("agent.sh");
    fs_err::write(&script, agent).unwrap();
    confine()
        .args(["launch", "--secret-env", "T_SERVER_KEY", "--", "/bin/sh"])
        .arg(&script)
        // An inherited value is replaced, never passed on.
        .env("T_SERVER_KEY", "inherited")
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_agent_gets_a_fresh_key_and_its_tools_never_do() {
    // The "agent" keeps a descriptor open (5), then runs a tool command
    // through $SHELL, as OpenCode does, which tries every way to its key
    // (the agent's shell stays: the tool is its child, not its `exec`).
    let agent = r#"
        echo "agent: ${#T_SERVER_KEY} $T_SERVER_KEY"
        echo "shell: $SHELL"
        exec 5</dev/null
        AGENT=$$ "$SHELL" -c '
            echo "tool env: [${T_SERVER_KEY-}] [${COMPASS_CONFINE_SECRETS-}]"
            cat /proc/$AGENT/environ >/dev/null 2>&1 && echo "environ: read" || echo "environ: denied"
            readlink /proc/$AGENT/cwd >/dev/null 2>&1 && echo "cwd: read" || echo "cwd: denied"
            [ -e /proc/self/fd/5 ] && echo "fd 5: inherited" || echo "fd 5: closed"
            cat /proc/self/environ >/dev/null && echo "own environ: read"
        '
        echo "agent: still here"
    "#;
    let out = launched(agent);
    let said = stdout(&out);
    assert!(out.status.success(), "{out:?}");
    let key = said
        .lines()
        .find_map(|l| l.strip_prefix("agent: 64 "))
        .unwrap_or_else(|| panic!("no fresh 64-hex key: {said}"));
    assert!(key.bytes().all(|b| b.is_ascii_hexdigit()), "{said}");
    assert!(said.contains(&format!("shell: {BIN}")), "{said}");
    for line in [
        "tool env: [] []",
        "environ: denied",
        "cwd: denied",
        "fd 5: closed",
        // The domain takes nothing else: a tool reads its own.
        "own environ: read",
    ] {
        assert!(said.contains(line), "expected {line:?}:\n{said}\n{out:?}");
    }
    // Each start makes a new key.
    let again = stdout(&launched(agent));
    assert!(!again.contains(key), "the key was reused:\n{again}");
}

#[test]
fn a_confined_command_runs_as_written() {
    let out = confine()
        .args(["-c", "printf '%s\\n' one\necho two; exit 3"])
        .env("COMPASS_CONFINE_SECRETS", "T_SERVER_KEY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert_eq!(stdout(&out), "one\ntwo\n");
}

/// A tool command never gets a credential of [`ALWAYS_DROPPED`], even one
/// its agent's list does not name; what it legitimately needs stays (the
/// push relay's socket for `git push`, anything else of its own).
#[test]
fn compiled_in_credentials_are_dropped_whatever_the_list_names() {
    use compass_hook::confine::ALWAYS_DROPPED;
    let mut cmd = confine();
    cmd.args(["-c", "env"])
        .env("COMPASS_CONFINE_SECRETS", "T_SERVER_KEY")
        .env("T_SERVER_KEY", "listed")
        .env("COMPASS_GIT_SOCKET", "/run/compass/git.sock")
        .env("T_TOOL_SETTING", "kept");
    for name in ALWAYS_DROPPED {
        cmd.env(name, format!("leaked-{name}"));
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let env = stdout(&out);
    assert!(!env.contains("leaked-") && !env.contains("listed"), "{env}");
    for kept in [
        "COMPASS_GIT_SOCKET=/run/compass/git.sock",
        "T_TOOL_SETTING=kept",
    ] {
        assert!(env.lines().any(|l| l == kept), "{kept} was dropped:\n{env}");
    }
    // The server's password and every declared model key are among them.
    for name in [
        "OPENCODE_SERVER_PASSWORD",
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
    ] {
        assert!(ALWAYS_DROPPED.contains(&name), "{name}");
    }
}

#[test]
fn what_cannot_be_run_safely_runs_nothing() {
    for args in [
        &["-l", "-c", "touch ran"][..],
        &["-c", "touch ran", "extra"],
        &["launch", "--", "touch", "ran"],
        &["launch", "--secret-env", "A B", "--", "touch", "ran"],
        &["launch", "--secret-env", "K", "--", "-touch"],
        &["launch", "--secret-env", "K", "--", "touch", "ran\nx"],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = confine()
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(126), "{args:?}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("compass-confine:"),
            "{args:?}: {out:?}"
        );
        assert!(!dir.path().join("ran").exists(), "{args:?} ran");
    }
    // A secrets list that is not names fails closed too.
    let out = confine()
        .args(["-c", "echo ran"])
        .env("COMPASS_CONFINE_SECRETS", "A,B=1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(126), "{out:?}");
    assert!(stdout(&out).is_empty(), "{out:?}");
}

/// The shell mode started without the list of what to drop (a path of the
/// agent that builds its child's environment anew, a PTY, a session
/// shell) cannot know what to keep from the tool: it refuses, naming the
/// variable, and runs nothing, whatever else the environment holds.
#[test]
fn a_shell_without_its_secrets_list_runs_nothing() {
    for list in [None, Some(""), Some(","), Some(",,")] {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = confine();
        cmd.args(["-c", "touch ran; echo ran"])
            .current_dir(dir.path())
            .env_remove("COMPASS_CONFINE_SECRETS")
            .env("T_SERVER_KEY", "would-leak");
        if let Some(list) = list {
            cmd.env("COMPASS_CONFINE_SECRETS", list);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(126), "{list:?}: {out:?}");
        assert!(stdout(&out).is_empty(), "{list:?}: {out:?}");
        assert!(!dir.path().join("ran").exists(), "{list:?}: it ran");
        let why = String::from_utf8_lossy(&out.stderr);
        assert!(
            why.contains("compass-confine:") && why.contains("COMPASS_CONFINE_SECRETS"),
            "{list:?}: {why}"
        );
    }
}

/// Landlock yields to `CAP_SYS_PTRACE`: holding it, neither mode runs.
#[test]
fn a_process_that_could_trace_anything_is_refused() {
    if !holds_ptrace_capability() {
        return; // nothing to drop here: the refusal is proved where root runs the tests
    }
    for args in [
        &["-c", "echo ran"][..],
        &["launch", "--secret-env", "K", "--", "echo", "ran"],
    ] {
        // With the list `launch` leaves, so the capability is what refuses.
        let out = Command::new(BIN)
            .args(args)
            .env("COMPASS_CONFINE_SECRETS", "K")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(126), "{args:?}: {out:?}");
        assert!(stdout(&out).is_empty(), "{args:?}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("CAP_SYS_PTRACE"),
            "{args:?}: {out:?}"
        );
    }
}

/// A credential the agent holds already (its model key, `--keep-env`)
/// stays its own, unchanged; a tool command run through the `bash` first
/// on the agent's `PATH` (the link in [`SHELL_DIR`], as Gemini CLI finds
/// it) is confined: no key, the agent's environment out of reach, and its
/// own `PATH` without that dir, so its `bash` is the real one.
#[test]
fn a_kept_key_stays_the_agents_and_the_bash_on_its_path_confines() {
    use compass_hook::confine::{SHELL_DIR, SHELL_NAME};
    let dir = tempfile::tempdir().unwrap();
    let shells = dir.path().join(SHELL_DIR);
    fs_err::create_dir(&shells).unwrap();
    std::os::unix::fs::symlink(BIN, shells.join(SHELL_NAME)).unwrap();
    let script = dir.path().join("agent.sh");
    fs_err::write(
        &script,
        r#"
        echo "agent: [$T_MODEL_KEY]"
        AGENT=$$ bash -c '
            echo "tool env: [${T_MODEL_KEY-}]"
            cat /proc/$AGENT/environ >/dev/null 2>&1 && echo "environ: read" || echo "environ: denied"
            echo "tool path: $PATH"
            bash -c "echo nested: \$0"
        '
        # Claude Code runs its shell as `-c -l COMMAND`.
        "$(command -v bash)" -c -l 'echo "login tool env: [${T_MODEL_KEY-}]"'
        "#,
    )
    .unwrap();
    let path = format!("{}:/usr/bin:/bin", shells.display());
    let out = confine()
        .args(["launch", "--keep-env", "T_MODEL_KEY", "--", "/bin/sh"])
        .arg(&script)
        .env("T_MODEL_KEY", "sk-kept-for-the-agent")
        .env("PATH", &path)
        .output()
        .unwrap();
    let said = stdout(&out);
    assert!(out.status.success(), "{out:?}");
    for line in [
        "agent: [sk-kept-for-the-agent]",
        "tool env: []",
        "environ: denied",
        "tool path: /usr/bin:/bin",
        "nested: bash",
        "login tool env: []",
    ] {
        assert!(said.contains(line), "expected {line:?}:\n{said}\n{out:?}");
    }
    assert!(!said.contains("environ: read"), "{said}");
}

/// Run `compass-confine launch --keep-env T_MODEL_KEY -- /bin/sh -c AGENT`
/// as the sandbox starts an agent whose key the runtime delivers apart:
/// `kept` in a file open read-write on fd 6, `COMPASS_KEPT_FD=6`, the key
/// in no environment. Returns the output and what the file holds after.
fn launched_with_kept_fd(kept: &str, agent: &str) -> (Output, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("spawn.kept");
    fs_err::write(&file, kept).unwrap();
    let mut argv: Vec<String> = Vec::new();
    if holds_ptrace_capability() {
        argv.extend(["setpriv", "--inh-caps=-all", "--bounding-set=-all", "--"].map(String::from));
    }
    argv.push(BIN.to_owned());
    let out = Command::new("/bin/sh")
        .args(["-c", r#"exec 6<>"$0" && exec "$@""#])
        .arg(&file)
        .args(&argv)
        .args([
            "launch",
            "--keep-env",
            "T_MODEL_KEY",
            "--",
            "/bin/sh",
            "-c",
            agent,
        ])
        .env(compass_hook::confine::KEPT_FD_ENV, "6")
        .env_remove("T_MODEL_KEY")
        .output()
        .unwrap();
    (out, fs_err::read_to_string(&file).unwrap())
}

#[test]
fn a_key_delivered_on_its_descriptor_is_the_agents_alone_and_taken_once() {
    let agent = r#"echo "agent: $T_MODEL_KEY [${COMPASS_KEPT_FD-unset}]"; if [ -e /proc/$$/fd/6 ]; then echo "fd 6 open"; else echo "fd 6 closed"; fi; "$SHELL" -c 'echo "tool: [${T_MODEL_KEY-}]"'"#;
    let (out, left) = launched_with_kept_fd("T_MODEL_KEY=sk-from-the-fd\n", agent);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        stdout(&out),
        "agent: sk-from-the-fd [unset]\nfd 6 closed\ntool: []\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Emptied: a process of the start that still holds the descriptor
    // (the egress relay) holds nothing.
    assert_eq!(left, "");
    // A line naming anything but a kept credential starts nothing, and the
    // file is emptied all the same.
    let (out, left) = launched_with_kept_fd("LD_PRELOAD=/tmp/x.so\n", "echo started");
    assert_eq!(out.status.code(), Some(126), "{out:?}");
    assert!(!stdout(&out).contains("started"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("LD_PRELOAD"));
    assert_eq!(left, "");
    // So does a command line it refuses (an argument with a newline).
    let (out, left) = launched_with_kept_fd("T_MODEL_KEY=sk-from-the-fd\n", "echo a\necho b");
    assert_eq!(out.status.code(), Some(126), "{out:?}");
    assert_eq!(left, "");
}
