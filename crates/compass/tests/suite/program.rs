//! The agent's own program is never run from storage the agent can write
//! (escape attacks on the program itself, through a real daemon on the
//! sandbox backend). A user kind installs its agent (a launcher of the
//! scripted agent that logs each start in the agent's home) by its
//! install step, without `--agent-tools`; the agent, from its own tool
//! commands, then:
//!
//! - replaces its program wherever it finds it, and is restarted: the
//!   restart runs the launcher Compass installed, untouched;
//! - plants `~/.local/bin/git`, then runs `git` (as an agent starting a
//!   helper by name does): the system's git runs, never the planted one;
//! - plants `~/.local/bin/<its kind's program>`, and the kind's install
//!   changes (a new pinned version): the daemon installs it anyway and
//!   never starts the planted program.
//!
//! And an install that hangs is stopped at its kind's time-out: the start
//! fails saying so, nothing counts as installed, and a later start (the
//! time-out raised) installs and runs the agent.
//!
//! Warden is off: the boundary must hold without it. The first attack runs
//! on the OCI backend too.

use super::escape::arena::{Backend, backend_runs_agents};
use super::kinds::SCRIPTED_HOOKS;
use super::{TestDaemon, git_repo};
use std::path::PathBuf;

/// A kind whose install step writes `installed-agent`, a launcher of the
/// scripted agent that appends `installed <version>` to
/// `$HOME/program-runs` at every start. It installs into
/// `$COMPASS_INSTALL_PREFIX` when Compass names one, else where installs
/// used to go (`$HOME/.local`).
fn installed_kind(version: &str) -> String {
    format!(
        r#"version = 1
[[kind]]
id = "installed"
display_name = "An agent its kind installs"
transport = "native"
command = ["installed-agent", "--settings", "{{config}}/mine/settings.json", "--scenario", "/work/notes/scenario.toml"]
credentials = []
load_session = false
[kind.provision]
install = '''
set -eu
prefix="${{COMPASS_INSTALL_PREFIX:-$HOME/.local}}"
mkdir -p "$prefix/bin"
real=$(command -v compass-scripted-agent)
printf '#!/bin/sh\necho "installed {version}" >> "$HOME/program-runs"\nexec %s "$@"\n' "$real" > "$prefix/bin/installed-agent"
chmod 755 "$prefix/bin/installed-agent"
'''
hook_config_path = "mine/settings.json"
hook_config = '{{"hooks": {{"PreToolUse": [{{"matcher": "*", "hooks": [{{"type": "command", "command": "{{hook}} PreToolUse", "timeout": {{timeout_s}}}}]}}], "PostToolUse": [{{"matcher": "*", "hooks": [{{"type": "command", "command": "{{hook}} PostToolUse", "timeout": {{timeout_s}}}}]}}]}}}}'
{SCRIPTED_HOOKS}"#
    )
}

/// A replacement of the agent's program (or a planted one): it marks that
/// it ran, then carries on as the agent, as a real attacker's wrapper
/// would (its gate dropped).
const IMPOSTOR: &str = r#"printf '#!/bin/sh\necho IMPOSTOR >> "$HOME/program-runs"\nexec compass-scripted-agent "$@"\n'"#;

/// Turn 1 overwrites every place the agent's program could be found:
/// where its PATH finds it, the file behind that (a symlink's target),
/// and `~/.local/bin`, where installs used to go. Later prompts are
/// answered plainly (the reload's own prompt included).
fn replace_scenario() -> String {
    format!(
        r#"name = "replace-own-program"
native_hooks = false
[[turns]]
on_prompt_containing = "replace"
steps = [
  {{ kind = "run", command = '''
mkdir -p "$HOME/.local/bin"
p=$(command -v installed-agent || true)
echo "fou""nd: $p"
for t in "$p" "$(readlink -f "$p" 2>/dev/null)" "$HOME/.local/bin/installed-agent"; do
  [ -n "$t" ] || continue
  {{ rm -f "$t" 2>/dev/null; {IMPOSTOR} > "$t" && chmod 755 "$t" && echo "replaced: $t"; }} 2>/dev/null || echo "refused: $t"
done
''' }},
]
[[turns]]
steps = [{{ kind = "message", text = "back at work, round two" }}]
"#
    )
}

fn runs(d: &TestDaemon) -> String {
    fs_err::read_to_string(d.home().join("agents/agt-1/home/program-runs")).unwrap_or_default()
}

/// A daemon (with `flags`) with the `installed` kind at `version` and a
/// project whose read-only `notes` dir holds `scenario`.
fn daemon_with(version: &str, scenario: &str) -> (TestDaemon, PathBuf) {
    daemon_with_flags(version, scenario, &[])
}

fn daemon_with_flags(version: &str, scenario: &str, flags: &[&str]) -> (TestDaemon, PathBuf) {
    compass_test_support::bins::scripted_agent();
    let mut d = TestDaemon::start_with(flags);
    let repo = git_repo(d.outside());
    let notes = d.outside().join("notes");
    fs_err::create_dir_all(&notes).unwrap();
    fs_err::write(notes.join("scenario.toml"), scenario).unwrap();
    d.restart_on_kinds(&installed_kind(version));
    d.ok(&["warden", "off"]);
    d.project_with_dir("demo", &repo, &notes);
    (d, notes)
}

#[test]
fn an_agent_that_replaces_its_own_program_is_restarted_on_the_installed_one() {
    replace_and_restart(&[]);
}

/// The same on the OCI backend: the install's throwaway workload is a
/// container too (a loud skip where OCI cannot run agents).
#[test]
fn on_oci_an_agent_that_replaces_its_own_program_is_restarted_on_the_installed_one() {
    compass_test_support::bins::scripted_agent();
    if !backend_runs_agents(Backend::Oci) {
        return;
    }
    replace_and_restart(&["--backend", "oci"]);
}

fn replace_and_restart(flags: &[&str]) {
    let (d, _) = daemon_with_flags("v1", &replace_scenario(), flags);
    d.ok(&["agent", "new", "atlas", "--kind", "installed"]);
    let started = d.ok(&["agent", "start", "atlas"]);
    assert!(started.contains("atlas is running"), "{started}");
    assert_eq!(runs(&d).lines().collect::<Vec<_>>(), ["installed v1"]);

    let turn = d.ok(&[
        "agent",
        "prompt",
        "atlas",
        "replace your program",
        "--follow",
    ]);
    assert!(turn.contains("found:"), "the attack never ran: {turn}");
    // The restart starts the agent's program again.
    let reload = d.ok(&["agent", "reload", "atlas", "--follow"]);
    assert!(reload.contains("back at work, round two"), "{reload}");
    let after = d.json(&["agent", "show", "atlas"]);
    assert_eq!(after["status"], "AGENT_STATUS_RUNNING", "{after}");
    let runs = runs(&d);
    assert!(
        !runs.contains("IMPOSTOR"),
        "the restart ran the program the agent wrote:\n{runs}\nthe attack said:\n{turn}"
    );
    assert_eq!(
        runs.lines().collect::<Vec<_>>(),
        ["installed v1", "installed v1"],
        "the restart did not run the installed program:\n{turn}"
    );
}

#[test]
fn a_program_planted_in_local_bin_never_shadows_a_system_program() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let repo = git_repo(d.outside());
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["warden", "off"]);
    d.ok(&["agent", "new", "atlas"]);
    // The agent plants `git`, then starts it by name itself (its own
    // tool's shell, with the agent process's environment), as OpenCode
    // starts git and rg.
    let scenario = format!(
        r#"name = "plant-git"
native_hooks = false
[[turns]]
steps = [
  {{ kind = "run", command = '''
mkdir -p "$HOME/.local/bin"
{} > "$HOME/.local/bin/git" && chmod 755 "$HOME/.local/bin/git" && echo plan''ted-ok
''' }},
  {{ kind = "run", command = "out=$(git --version 2>&1); case \"$out\" in 'git version'*) echo SYSTEM_''GIT;; *) echo OTHER_''GIT: \"$out\";; esac; echo \"path: $PATH\"" }},
]
"#,
        r#"printf '#!/bin/sh\necho PLANTED-GIT >> "$HOME/program-runs"\necho planted-git-ran\n'"#
    );
    d.start_scripted("atlas", &scenario);
    let turn = d.ok(&["agent", "prompt", "atlas", "go", "--follow"]);
    assert!(turn.contains("planted-ok"), "the plant failed: {turn}");
    // (Spelled apart in the command, so its own text never matches.)
    assert!(turn.contains("SYSTEM_GIT"), "no system git ran: {turn}");
    assert!(
        !turn.contains("OTHER_GIT") && !runs(&d).contains("PLANTED-GIT"),
        "the agent started the git it planted: {turn}"
    );
}

#[test]
fn a_program_planted_under_the_kinds_name_never_skips_the_install_nor_runs() {
    let plant = format!(
        r#"name = "plant-own-program"
native_hooks = false
[[turns]]
steps = [
  {{ kind = "run", command = '''
mkdir -p "$HOME/.local/bin"
{IMPOSTOR} > "$HOME/.local/bin/installed-agent" && chmod 755 "$HOME/.local/bin/installed-agent" && echo plan''ted-ok
''' }},
]
"#
    );
    let (mut d, _) = daemon_with("v1", &plant);
    d.ok(&["agent", "new", "atlas", "--kind", "installed"]);
    d.ok(&["agent", "start", "atlas"]);
    let turn = d.ok(&["agent", "prompt", "atlas", "plant", "--follow"]);
    assert!(turn.contains("planted-ok"), "the plant failed: {turn}");
    d.ok(&["agent", "stop", "atlas"]);

    // The user pins a new version of the agent: its install must run,
    // whatever the agent left in its home under the program's name.
    d.restart_on_kinds(&installed_kind("v2"));
    let started = d.ok(&["agent", "start", "atlas"]);
    assert!(started.contains("atlas is running"), "{started}");
    let runs = runs(&d);
    assert!(
        !runs.contains("IMPOSTOR"),
        "the daemon started the planted program:\n{runs}"
    );
    assert_eq!(
        runs.lines().last(),
        Some("installed v2"),
        "the new version was never installed or run:\n{runs}"
    );
}

/// A kind whose install still writes `$HOME` (it ignores
/// `$COMPASS_INSTALL_PREFIX`): what it installed is discarded with the
/// install's workload, and the start is refused, naming the kind, why, and
/// where a program may come from.
#[test]
fn an_install_that_writes_home_is_never_what_runs() {
    let (d, _) = daemon_with("v1", &replace_scenario());
    let home_only = installed_kind("v1").replace(
        r#"prefix="${COMPASS_INSTALL_PREFIX:-$HOME/.local}""#,
        r#"prefix="$HOME/.local""#,
    );
    assert_ne!(home_only, installed_kind("v1"));
    let mut d = d;
    d.restart_on_kinds(&home_only);
    let err = atlas_start_fails(&d);
    for needed in [
        "\"installed\"",
        "\"installed-agent\"",
        "COMPASS_INSTALL_PREFIX",
        "--agent-tools",
    ] {
        assert!(err.contains(needed), "{needed}: {err}");
    }
    let why = d.json(&["agent", "show", "atlas"]);
    assert_eq!(why["status"], "AGENT_STATUS_FAILED", "{why}");
    assert!(
        why["statusReason"]
            .as_str()
            .is_some_and(|r| r.contains("could not start (install)")),
        "{why}"
    );
    assert!(runs(&d).is_empty(), "something ran: {}", runs(&d));
}

/// What the slow install sleeps: a figure no other process has in its
/// command line, so a live one is the install's.
const SLOW: &str = "sleep 3.217";

/// The `installed` kind at v1 whose install first sleeps [`SLOW`], and may
/// run `timeout_s` seconds.
fn slow_kind(timeout_s: u64) -> String {
    let kind = installed_kind("v1").replace(
        "[kind.provision]\ninstall = '''\nset -eu\n",
        &format!(
            "[kind.provision]\ninstall_timeout_s = {timeout_s}\ninstall = '''\nset -eu\n{SLOW}\n"
        ),
    );
    assert!(kind.contains(SLOW), "{kind}");
    kind
}

/// A new agent `atlas` of the `installed` kind whose start fails: why.
fn atlas_start_fails(d: &TestDaemon) -> String {
    d.ok(&["agent", "new", "atlas", "--kind", "installed"]);
    d.fails(&["agent", "start", "atlas"])
}

/// After an install past its time-out: no process holding `marker` is
/// left, nothing counts as installed, `atlas` failed at its install step
/// for a reason holding `why`, and nothing of the kind ran.
fn install_was_stopped(d: &TestDaemon, marker: &str, why: &str) {
    let alive = compass_test_support::git_http_server::scan_processes(marker.as_bytes());
    assert!(alive.is_empty(), "the install still runs: {alive:?}");
    assert!(installs(d).is_empty(), "{:?}", installs(d));
    let shown = d.json(&["agent", "show", "atlas"]);
    assert_eq!(shown["status"], "AGENT_STATUS_FAILED", "{shown}");
    assert!(
        shown["statusReason"]
            .as_str()
            .is_some_and(|r| r.contains("could not start (install)") && r.contains(why)),
        "{shown}"
    );
    assert!(runs(d).is_empty(), "something ran: {}", runs(d));
}

/// The kind's install dirs (and any staged or unfinished one).
fn installs(d: &TestDaemon) -> Vec<String> {
    fs_err::read_dir(d.home().join("agents/installs"))
        .map(|dir| {
            dir.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// An install that outlives its kind's time-out is stopped: the start
/// fails naming the kind and the time-out, the install's processes are
/// gone, nothing counts as installed and nothing ran. The same install
/// given longer (the same script, so the same install) then installs at
/// the next start, and the agent runs.
#[test]
fn an_install_past_its_time_out_is_stopped_and_the_next_start_installs() {
    let (d, _) = daemon_with("v1", &replace_scenario());
    let mut d = d;
    d.restart_on_kinds(&slow_kind(1));
    let err = atlas_start_fails(&d);
    for needed in ["\"installed\"", "timed out after 1s", "install_timeout_s"] {
        assert!(err.contains(needed), "{needed}: {err}");
    }
    install_was_stopped(&d, SLOW, "timed out");

    d.restart_on_kinds(&slow_kind(60));
    let started = d.ok(&["agent", "start", "atlas"]);
    assert!(started.contains("atlas is running"), "{started}");
    assert_eq!(runs(&d).lines().collect::<Vec<_>>(), ["installed v1"]);
    let installed = installs(&d);
    assert!(
        installed.len() == 1 && installed[0].starts_with("installed-"),
        "{installed:?}"
    );
}

/// The `installed` kind at v1 that may take `timeout_s` seconds to
/// install, its workload's creation included.
fn timed_kind(timeout_s: u64) -> String {
    let kind = installed_kind("v1").replace(
        "[kind.provision]\ninstall = '''\n",
        &format!("[kind.provision]\ninstall_timeout_s = {timeout_s}\ninstall = '''\n"),
    );
    assert!(kind.contains("install_timeout_s"), "{kind}");
    kind
}

/// On OCI, creating the install's workload runs the container engine
/// before the script does, and an engine call can hang as surely as the
/// script (here: a real `podman pull` from a registry that takes the
/// connection and never answers, which a wrapper of the engine starts
/// when asked about the image). The kind's time-out bounds the whole
/// install: the start fails naming the kind, the phase and the time-out,
/// the pull is killed (no orphan), nothing counts as installed, and once
/// the engine answers again the next start installs and runs the agent.
#[test]
fn on_oci_an_install_whose_workload_hangs_is_stopped_and_the_next_start_installs() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    compass_test_support::bins::scripted_agent();
    if !backend_runs_agents(Backend::Oci) {
        return;
    }
    let registry = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = registry.local_addr().unwrap().port();
    let connected = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&connected);
    std::thread::spawn(move || {
        // Held open, never answered.
        let mut held = Vec::new();
        for conn in registry.incoming().flatten() {
            counted.fetch_add(1, Ordering::SeqCst);
            held.push(conn);
        }
    });
    let scratch = tempfile::tempdir().unwrap();
    let hang = scratch.path().join("hang");
    fs_err::write(&hang, "").unwrap();
    // In the pull's command line only: a live process with it is the pull.
    let marker = format!("127.0.0.1:{port}/compass-hang/never");
    let engine = scratch.path().join("podman");
    fs_err::write(
        &engine,
        format!(
            "#!/bin/sh\nif [ -e '{}' ] && [ \"$1\" = image ]; then exec /usr/bin/podman pull --tls-verify=false '{marker}:1'; fi\nexec /usr/bin/podman \"$@\"\n",
            hang.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&engine, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let engine = engine.to_str().unwrap();
    let (mut d, _) = daemon_with_flags(
        "v1",
        &replace_scenario(),
        &["--backend", "oci", "--oci-engine", engine],
    );
    d.restart_on_kinds(&timed_kind(3));
    let err = atlas_start_fails(&d);
    for needed in [
        "\"installed\"",
        "timed out after 3s",
        "creating its workload",
        "install_timeout_s",
    ] {
        assert!(err.contains(needed), "{needed}: {err}");
    }
    assert!(
        connected.load(Ordering::SeqCst) > 0,
        "the pull never reached the registry, so nothing hung: {err}"
    );
    install_was_stopped(&d, &marker, "creating its workload");

    // The engine answers again; the same install (a longer time-out is the
    // same script) installs at the next start.
    fs_err::remove_file(&hang).unwrap();
    d.restart_on_kinds(&timed_kind(120));
    let started = d.ok(&["agent", "start", "atlas"]);
    assert!(started.contains("atlas is running"), "{started}");
    assert_eq!(runs(&d).lines().collect::<Vec<_>>(), ["installed v1"]);
    let installed = installs(&d);
    assert!(
        installed.len() == 1 && installed[0].starts_with("installed-"),
        "{installed:?}"
    );
}
