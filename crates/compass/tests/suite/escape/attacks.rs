//! The attacks: each sets up its arena, lets the hostile scripted agent
//! run its scenario (`compass-scripted-agent/scenarios/escape/`), adds what
//! is specific to it, and ends with [`Arena::finish`]'s checks.

use super::arena::{Arena, Backend, Turn, WardenMode};
use std::path::PathBuf;

macro_rules! scenario {
    ($name:literal) => {
        scenario!($name, "toml")
    };
    ($name:literal, $ext:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../compass-scripted-agent/scenarios/escape/",
            $name,
            ".",
            $ext
        ))
    };
}

/// One agent, one turn of `scenario`, the standard checks.
fn one_turn(backend: Backend, warden: WardenMode, scenario: &str) {
    let Some(mut a) = Arena::new(backend, warden) else {
        return;
    };
    a.agent("atlas", scenario);
    a.turn_ends("atlas");
    a.finish();
}

/// One turn, then the agent is stopped and started again: the host redoes
/// its start-time work on what the agent left.
fn turn_then_restart(backend: Backend, scenario: &str) {
    let Some(mut a) = Arena::new(backend, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario);
    a.turn_ends("atlas");
    // A start the planted files make fail is the agent's own loss, not an
    // escape; what the host touched on the way is what the checks look at.
    if let Err(e) = a.restart_agent("atlas") {
        eprintln!("restarting atlas after the attack failed (allowed): {e}");
    }
    a.finish();
}

/// Markers a scenario's commands leave in the workload's /tmp when git run
/// for the host executed them.
fn git_markers(a: &mut Arena, agent: &str, names: &[&str]) {
    let tmp = a.state_dir(agent).join("tmp");
    for name in names {
        a.must_not_exist(
            tmp.join(format!("escape-{name}-ran")),
            &format!("git run for the host executed the agent's {name}"),
        );
    }
}

/// An attack on git run for Warden: turn 1 plants with Warden off (its
/// detectors are not the boundary), turn 2 pushes with Warden on, so
/// Warden resolves the push with git in the agent's repo.
fn plant_then_push(b: Backend, scenario: &str) -> Option<Arena> {
    let mut a = Arena::new(b, WardenMode::Off)?;
    a.agent("atlas", scenario);
    a.turn_ends("atlas");
    a.set_warden(WardenMode::On);
    a.turn("atlas");
    Some(a)
}

/// The agent's context reloaded: the fleet reads the worktree's git state.
fn reload(a: &mut Arena, agent: &str) {
    if a.cli_for(
        &["agent", "reload", agent, "--follow"],
        std::time::Duration::from_secs(60),
    )
    .is_none()
    {
        a.fail(format!("`agent reload {agent}` did not answer"));
    }
}

pub(crate) fn env_nul_in_a_value(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("env-nul-value"));
}

pub(crate) fn env_nul_in_a_key(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("env-nul-key"));
}

pub(crate) fn env_file_symlink_to_a_host_file(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("env-symlink"));
}

pub(crate) fn env_file_fifo(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("env-fifo"));
    a.turn_ends("atlas");
    // The host then works on the agent's workload (as `stop` does) while
    // whatever read the FIFO may still hold the runtime: it must answer.
    if a.cli_for(
        &["agent", "stop", "atlas"],
        std::time::Duration::from_secs(30),
    )
    .is_none()
    {
        a.fail("`agent stop` did not answer after the env file became a FIFO".into());
    }
    a.expect_sigterm_to_stop_the_daemon();
    a.finish();
}

pub(crate) fn dot_compass_symlink_to_the_data_dir(b: Backend) {
    turn_then_restart(b, scenario!("dot-compass-symlink"));
}

pub(crate) fn inner_dot_compass_symlinks(b: Backend) {
    turn_then_restart(b, scenario!("inner-symlinks"));
}

/// A project naming `dir` must be refused when it is made (the error
/// names the field). If it is accepted, an agent in it loots it anyway and
/// the checks say what it got. `victim`: another agent runs first (its
/// workload is what `dir` may point into).
fn too_wide_project(b: Backend, victim: bool, dir: impl Fn(&Arena) -> PathBuf) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    if victim {
        a.agent("victim", scenario!("proc"));
    }
    let dir = dir(&a);
    let repo = a.repo.to_str().unwrap().to_owned();
    let out = a.d.cli(&[
        "project",
        "add",
        "wide",
        "--repo",
        &repo,
        "--dir",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        a.fail(format!(
            "project add accepted --dir {}, which holds or is held by Compass's own state",
            dir.display()
        ));
        a.new_agent("snoop", Some("wide"));
        match a.start_agent("snoop", scenario!("scope-loot"), &[]) {
            Ok(()) => {
                a.turn("snoop");
            }
            Err(e) => eprintln!("snoop was refused at start: {e}"),
        }
    } else if !err.contains("dir") {
        a.fail(format!("the refusal does not name the field: {err}"));
    }
    a.finish();
}

pub(crate) fn project_dir_is_the_data_dir(b: Backend) {
    too_wide_project(b, false, |a| a.d.home().to_owned());
}

pub(crate) fn project_dir_inside_the_data_dir(b: Backend) {
    too_wide_project(b, false, |a| a.d.home().join("secrets"));
}

pub(crate) fn project_dir_is_another_agents_workload(b: Backend) {
    too_wide_project(b, true, |a| a.state_dir("victim"));
}

pub(crate) fn project_dir_holds_the_install(b: Backend) {
    too_wide_project(b, false, |_| {
        std::path::Path::new(super::super::BIN)
            .parent()
            .unwrap()
            .to_owned()
    });
}

pub(crate) fn control_socket(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::On) else {
        return;
    };
    a.agent("atlas", scenario!("control-socket"));
    a.turn_ends("atlas");
    if !a.warden_on() {
        a.fail("Warden was turned off from inside a workload".into());
    }
    a.finish();
}

pub(crate) fn warden_push_diff_ignores_textconv(b: Backend) {
    let Some(mut a) = plant_then_push(b, scenario!("warden-textconv")) else {
        return;
    };
    a.forbid("correct-horse-battery-staple", "the repo's DB_PASSWORD");
    git_markers(&mut a, "atlas", &["textconv"]);
    let flags = a.d.ok(&["warden", "log", "--flags", "--agent", "atlas"]);
    if !flags.contains("held_secret") {
        // No flag with no leak can also be a push that never ran (a turn
        // cut at its limit on a loaded machine): say which it was.
        let turn = a.last_turn();
        let pushed: Vec<&str> = turn.lines().rev().take(20).collect();
        a.fail(format!(
            "Warden let a push carrying a credential the agent read through (textconv hid it): {flags}\nthe turn's last lines (newest first): {pushed:?}"
        ));
    }
    a.finish();
}

pub(crate) fn warden_git_runs_no_repo_configured_commands(b: Backend) {
    let Some(mut a) = plant_then_push(b, scenario!("warden-git-config")) else {
        return;
    };
    reload(&mut a, "atlas");
    git_markers(
        &mut a,
        "atlas",
        &[
            "uploadpack",
            "ext",
            "fsmonitor",
            "extdiff",
            "hook-post-index-change",
            "hook-reference-transaction",
            "hook-post-checkout",
            "gpg-ssh",
            "gpg-x509",
        ],
    );
    a.finish();
}

/// Filters and a merge driver that `.git/info/attributes` selects and the
/// clone's own config defines: a reload reads the workspace state (an index
/// refresh reads stat-dirty files through the clean side), a workstream
/// checks a worktree out (the smudge side), another reload reads it.
pub(crate) fn git_runs_no_attributes_selected_driver(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("git-filters"));
    a.turn_ends("atlas");
    reload(&mut a, "atlas");
    a.d.ok(&["issue", "add", "A task", "--project", "demo"]);
    if a.cli_for(
        &["workstream", "add", "demo-1", "atlas"],
        std::time::Duration::from_secs(60),
    )
    .is_none()
    {
        a.fail("`workstream add` did not answer".into());
    }
    reload(&mut a, "atlas");
    git_markers(
        &mut a,
        "atlas",
        &["smudge", "clean", "process", "merge", "textconv"],
    );
    a.finish();
}

pub(crate) fn env_file_steers_no_host_run_git(b: Backend) {
    let Some(mut a) = plant_then_push(b, scenario!("env-steers-git")) else {
        return;
    };
    reload(&mut a, "atlas");
    git_markers(
        &mut a,
        "atlas",
        &[
            "env-uploadpack",
            "env-fsmonitor",
            "env-extdiff",
            "env-extdiff-env",
            "env-bash-env",
        ],
    );
    a.finish();
}

pub(crate) fn proc_tricks(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("proc"));
}

pub(crate) fn mountinfo_names_no_host_path(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("mountinfo"));
}

pub(crate) fn read_only_mounts_stay_read_only(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("mounts"));
    a.turn_ends("atlas");
    let state = a.state_dir("atlas");
    let bin = std::path::Path::new(super::super::BIN).parent().unwrap();
    for p in [
        state.join("run/escape-probe"),
        state.join("run/config/escape-probe"),
        bin.join("escape-probe"),
        PathBuf::from("/usr/escape-probe"),
        PathBuf::from("/etc/escape-probe"),
    ] {
        a.must_not_exist(p, "a read-only mount was written");
    }
    a.finish();
}

pub(crate) fn device_files(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("devices"));
}

pub(crate) fn host_paths(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("host-paths"));
}

/// The suite's control on the host tier (no isolation): the host-paths
/// attack, without native hooks (the host tier's hook socket path is the
/// sandbox's, so every hooked step would be blocked and nothing would run).
pub(crate) fn host_paths_unhooked(b: Backend) {
    let scenario = format!("native_hooks = false\n{}", scenario!("host-paths"));
    one_turn(b, WardenMode::Off, &scenario);
}

pub(crate) fn loopback_port(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("loopback"));
}

pub(crate) fn other_agents_home_and_clones(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("victim", scenario!("proc"));
    let other = a.state_dir("victim");
    a.plant_in(&other.join("home/canary.txt"), "other agent's home");
    a.plant_in(&other.join("work/app/canary.txt"), "other agent's clone");
    for p in ["home/pwned", "work/app/pwned"] {
        a.must_not_exist(other.join(p), "one agent wrote into another's state");
    }
    let spy = scenario!("other-agent").replace("@OTHER@", other.to_str().unwrap());
    a.agent("snoop", &spy);
    a.turn_ends("snoop");
    a.finish();
}

pub(crate) fn fs_methods_through_symlinks(b: Backend) {
    one_turn(b, WardenMode::Off, scenario!("fs-symlink"));
}

/// Warden on: its gate reads the file `curl -T` sends.
pub(crate) fn fs_read_of_a_fifo(b: Backend) {
    one_turn(b, WardenMode::On, scenario!("fs-fifo"));
}

pub(crate) fn worktree_and_git_metadata_symlinks(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("worktree-symlinks"));
    a.turn_ends("atlas");
    // The host makes a worktree where the agent planted a link, then a
    // restart and a reload read the workspace's git state.
    a.d.ok(&["issue", "add", "A task", "--project", "demo"]);
    let ws = a.cli_for(
        &["workstream", "add", "demo-1", "atlas"],
        std::time::Duration::from_secs(60),
    );
    if ws.is_none() {
        a.fail("`workstream add` did not answer".into());
    }
    if let Err(e) = a.restart_agent("atlas") {
        eprintln!("restarting atlas after the attack failed (allowed): {e}");
    }
    reload(&mut a, "atlas");
    a.finish();
}

pub(crate) fn retiring_follows_no_symlink(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.d.ok(&["agent", "new", "eph", "--ephemeral"]);
    if let Err(e) = a.start_agent("eph", scenario!("retire-symlinks"), &[]) {
        panic!("eph did not start: {e}");
    }
    a.turn_ends("eph");
    let state = a.state_dir("eph");
    a.d.ok(&["issue", "add", "One task", "--project", "demo"]);
    let ws = a.d.json(&["workstream", "add", "demo-1", "eph"]);
    let id = ws["id"].as_str().unwrap().to_owned();
    for state in ["in_progress", "in_review", "merged"] {
        a.d.ok(&["workstream", "move", &id, state]);
    }
    if state.exists() {
        a.fail(format!(
            "the retired agent's state {} is left",
            state.display()
        ));
    }
    a.finish();
}

pub(crate) fn secret_printed_is_redacted(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    let value = format!("plain words {} make a password", std::process::id());
    let (head, tail) = value.split_at(value.len() / 2);
    a.set_secret("PLAIN_SECRET", &value);
    a.forbid(&value, "the granted secret's value");
    a.forbid(head, "the first half of the granted secret");
    a.forbid(tail, "the second half of the granted secret");
    a.new_agent("atlas", None);
    let scenario = scenario!("secret-printed")
        .replace("@SECRET_HEAD@", head)
        .replace("@SECRET_TAIL@", tail);
    if let Err(e) = a.start_agent("atlas", &scenario, &["--secret", "PLAIN_SECRET"]) {
        panic!("atlas did not start: {e}");
    }
    a.turn_ends("atlas");
    a.finish();
}

/// A granted secret that is not UTF-8, printed through the client
/// terminal whole, split inside its invalid bytes across two writes, and on
/// stderr: the terminal's bytes must be redacted before they become text
/// (a lossy decode first would turn the value into other text that no
/// exact match finds).
pub(crate) fn secret_not_utf8_printed_is_redacted(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    let words = format!("bytes words {} make a key", std::process::id());
    let mut value = b"k\xff\xfe ".to_vec();
    value.extend_from_slice(words.as_bytes());
    value.extend_from_slice(b" \xc3(");
    a.set_secret_bytes("BYTES_SECRET", &value);
    a.forbid(&words, "a granted secret that is not UTF-8");
    a.forbid(
        &String::from_utf8_lossy(&value),
        "a granted secret that is not UTF-8 (decoded lossily)",
    );
    a.new_agent("atlas", None);
    if let Err(e) = a.start_agent(
        "atlas",
        scenario!("secret-not-utf8"),
        &["--secret", "BYTES_SECRET"],
    ) {
        panic!("atlas did not start: {e}");
    }
    let turn = a.turn_ends("atlas");
    if !turn.text.contains("[REDACTED:BYTES_SECRET]")
        && !a.agent_log("atlas").contains("[REDACTED:BYTES_SECRET]")
    {
        a.fail(format!(
            "the value was never printed (nothing redacted): {}",
            turn.text
        ));
    }
    a.finish();
}

/// The relay attacks' client (`relay-client.js`), put into a scenario.
fn relay_scenario(scenario: &str, attack: &str, extra: &str) -> String {
    scenario
        .replace("@CLIENT@", scenario!("relay-client", "js"))
        .replace("@ATTACK@", attack)
        .replace("@EXTRA@", extra)
}

/// One raw-socket attack on the relay, on a daemon with short relay limits
/// (1 MiB per session, 1 s to name a service, 4 s per session).
fn relay_socket(b: Backend, attack: &str) -> Option<Arena> {
    let mut a = Arena::with_flags(
        b,
        WardenMode::Off,
        &[
            "--relay-max-push-bytes",
            "1048576",
            "--relay-header-timeout",
            "1",
            "--relay-session-timeout",
            "4",
        ],
    )?;
    a.agent(
        "atlas",
        &relay_scenario(scenario!("relay-socket"), attack, ""),
    );
    Some(a)
}

/// Branches the attacks try to create: never in the relay, never in the
/// real remote.
fn no_pushed_branches(a: &mut Arena, agent: &str, branches: &[&str]) {
    let relay = a.state_dir(agent).join("relay/app.git/refs/heads");
    let remote = a.repo.join(".git/refs/heads");
    for b in branches {
        a.must_not_exist(relay.join(b), "the relay took a push it must refuse");
        a.must_not_exist(remote.join(b), "a refused push reached the real remote");
    }
}

pub(crate) fn relay_names_only_its_own_repos(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    // Another project (repo `other`) and its agent: a relay of its own.
    a.bare_project("other");
    a.new_agent("victim", Some("other"));
    if let Err(e) = a.start_agent("victim", scenario!("proc"), &[]) {
        panic!("victim did not start: {e}");
    }
    let victim_socket = a.state_dir("victim").join("run/git.sock");
    let scenario = relay_scenario(
        scenario!("relay-socket"),
        "names",
        victim_socket.to_str().unwrap(),
    );
    a.new_agent("atlas", Some("demo"));
    if let Err(e) = a.start_agent("atlas", &scenario, &[]) {
        panic!("atlas did not start: {e}");
    }
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    if !log.contains("is not a repository of this agent") {
        a.fail(format!(
            "the relay did not say why it refused a repository: {log}"
        ));
    }
    a.finish();
}

pub(crate) fn relay_refuses_a_malformed_pack(b: Backend) {
    let Some(mut a) = relay_socket(b, "garbage") else {
        return;
    };
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    if !log.contains("REFUSED-WITH: unpack") {
        a.fail(format!(
            "the agent was not told why its malformed packs were refused: {log}"
        ));
    }
    no_pushed_branches(&mut a, "atlas", &["escape-garbage-0", "escape-garbage-1"]);
    a.finish();
}

pub(crate) fn relay_refuses_malformed_objects(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("relay-bad-objects"));
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    for why in ["hasDotgit", "hasDotdot", "missingEmail"] {
        if !log.contains(&format!("REFUSED-FOR: {why}")) {
            a.fail(format!(
                "the agent was not told its push was refused for {why}: {log}"
            ));
        }
    }
    no_pushed_branches(
        &mut a,
        "atlas",
        &["escape-bad-dgit", "escape-bad-dd", "escape-bad-email"],
    );
    a.finish();
}

pub(crate) fn relay_cuts_off_an_endless_pack(b: Backend) {
    let Some(mut a) = relay_socket(b, "endless") else {
        return;
    };
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    // Both floods (a push, a fetch) ended with the relay hanging up; how
    // much it took is judged by the client (an `ESCAPED:` line past 8 MiB).
    if log.matches("bytes written, then hung up").count() < 2 {
        a.fail(format!(
            "the relay did not hang up on an endless push and fetch: {log}"
        ));
    }
    no_pushed_branches(&mut a, "atlas", &["escape-endless"]);
    // What the relay kept of it on the host's disk is bounded by the cap.
    let kept = du(&a.state_dir("atlas").join("relay"));
    if kept > 8 * 1024 * 1024 {
        a.fail(format!(
            "the relay kept {kept} bytes of an endless pack (cap 1 MiB)"
        ));
    }
    a.finish();
}

pub(crate) fn relay_cuts_off_stalled_clients(b: Backend) {
    let Some(mut a) = relay_socket(b, "stall") else {
        return;
    };
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    if !log.contains("relay attack stall done") {
        a.fail(format!("the stall attack did not finish: {log}"));
    }
    a.finish();
}

pub(crate) fn relay_decision_is_out_of_reach(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    let bare = a.bare_project("sink");
    let scenario = relay_scenario(scenario!("relay-decide"), "forge", "");
    a.new_agent("atlas", Some("sink"));
    if let Err(e) = a.start_agent("atlas", &scenario, &[]) {
        panic!("atlas did not start: {e}");
    }
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    if !log.contains("relay attack forge done") {
        a.fail(format!("the forge attack did not finish: {log}"));
    }
    no_pushed_branches(&mut a, "atlas", &["escape-forged"]);
    a.must_not_exist(
        bare.join("refs/heads/escape-forged"),
        "a forged pre-receive request reached the real remote",
    );
    a.finish();
}

/// The forge credential the relay lends its own git, hunted from inside:
/// the agent's pushes to a private HTTP forge must reach it (authenticated
/// by the bound secret), while no socket, file, env var or git helper in
/// the workload ever gives the agent the token (a canary: the standard
/// checks look for it in every log and turn).
pub(crate) fn relay_forge_credential_is_out_of_reach(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    let (bare, host) = a.forge_project("forge");
    let scenario = relay_scenario(scenario!("relay-credential"), "credential", &host);
    a.new_agent("atlas", Some("forge"));
    if let Err(e) = a.start_agent("atlas", &scenario, &[]) {
        panic!("atlas did not start (its clone needs the lent token): {e}");
    }
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    if !log.contains("relay attack credential done") {
        a.fail(format!("the credential attack did not finish: {log}"));
    }
    // It reached the sockets in view (the git and hook sockets at least).
    if !log.contains("credential request to /run/compass/git.sock") {
        a.fail(format!(
            "the credential attack found no socket to ask: {log}"
        ));
    }
    // The control: the lent token did authenticate the agent's own pushes.
    if !bare.join("refs/heads/compass/atlas/race").exists() && !log.contains("pushed-race") {
        a.fail(format!(
            "no push reached the forge, so the lender was never exercised: {:?}",
            a.forge_requests()
        ));
    }
    a.finish();
}

/// The SSH key the relay's host-side ssh uses, hunted from inside: the
/// agent's pushes must reach the SSH remote (with the bound key), while no
/// file, env var, process, git setting or agent socket in the workload
/// gives the agent the key (a canary: no line of it may show anywhere).
pub(crate) fn relay_ssh_key_is_out_of_reach(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    let Some((bare, port)) = a.ssh_project("viassh") else {
        return;
    };
    let scenario = scenario!("relay-ssh-key").replace("@EXTRA@", &port.to_string());
    a.new_agent("atlas", Some("viassh"));
    if let Err(e) = a.start_agent("atlas", &scenario, &[]) {
        panic!("atlas did not start (its clone needs the bound key): {e}");
    }
    a.turn_ends("atlas");
    let log = a.agent_log("atlas");
    if !log.contains("relay attack ssh done") {
        a.fail(format!("the SSH key attack did not finish: {log}"));
    }
    // The control: the bound key did carry the agent's own push.
    if !bare.join("refs/heads/compass/atlas/viassh").exists() && !log.contains("pushed-ssh") {
        a.fail(format!(
            "no push reached the SSH remote, so the key was never used: {log}"
        ));
    }
    a.finish();
}

/// Bytes of regular files under `dir`.
fn du(dir: &std::path::Path) -> u64 {
    let mut total = 0;
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in fs_err::read_dir(&d).into_iter().flatten().flatten() {
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(e.path()),
                Ok(t) if t.is_file() => total += e.metadata().map_or(0, |m| m.len()),
                _ => {}
            }
        }
    }
    total
}

pub(crate) fn env_file_steers_no_host_tool(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.new_agent("atlas", None);
    let state = a.state_dir("atlas");
    let scenario = scenario!("env-steers-host-tools").replace("@STATE@", state.to_str().unwrap());
    if let Err(e) = a.start_agent("atlas", &scenario, &[]) {
        panic!("atlas did not start: {e}");
    }
    a.turn_ends("atlas");
    // Host work on the workload: a terminal command and a push Warden
    // resolves, a reload (the fleet's git state), a restart (provisioning).
    a.set_warden(WardenMode::On);
    a.turn("atlas");
    reload(&mut a, "atlas");
    if let Err(e) = a.restart_agent("atlas") {
        eprintln!("restarting atlas after the attack failed (allowed): {e}");
    }
    // Marks left in the workload's /tmp (a process started in the workload
    // from the file) or the host's (a host process): none may exist.
    // Outside marks are caught by the standard tree check.
    for dir in [state.join("tmp"), PathBuf::from("/tmp")] {
        for entry in fs_err::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let planted = [
                "escape-path-",
                "escape-ld-",
                "escape-node-options",
                "escape-ps4",
            ];
            if planted.iter().any(|p| name.starts_with(p)) {
                a.fail(format!(
                    "a process took its environment from ~/.compass/env: {} exists",
                    entry.path().display()
                ));
            }
        }
    }
    a.finish();
}

/// A read credential quoted back by Warden: the pause reason and the
/// flag's excerpt quote the command that sends it, and both are stored and
/// shown — every log, the agent's record and the turn's output must carry
/// the redaction marker, never the value.
pub(crate) fn held_credential_quoted_back(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::On) else {
        return;
    };
    let password = super::DOTENV
        .lines()
        .find_map(|l| l.strip_prefix("DB_PASSWORD="))
        .unwrap();
    a.forbid(password, "a credential the agent read from .env");
    a.agent(
        "atlas",
        &scenario!("held-credential-quoted").replace("@PASSWORD@", password),
    );
    let turn = a.turn("atlas");
    if !turn.text.contains("paused by Warden") {
        a.fail(format!(
            "the send was not paused (the attack never reached a pause reason): {}",
            turn.text
        ));
    }
    a.finish();
}

/// Terminal control sequences from the agent: every text view the CLI
/// prints of what the agent wrote must reach the user's terminal without
/// an ESC, a CSI or a BEL, nor a character that reorders or hides text
/// (bidirectional controls, zero-width characters, tags) — all shown as
/// U+FFFD — while CJK and an emoji sequence stay as they are.
pub(crate) fn terminal_escapes_never_reach_the_terminal(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("terminal-escapes"));
    let turn = a.turn_ends("atlas");
    let mut views = vec![("the followed turn".to_owned(), turn.text)];
    for args in [
        &["agent", "log", "atlas"][..],
        &["board", "--project", "demo"],
        &["events"],
    ] {
        let view = format!("`compass {}`", args.join(" "));
        match a.cli_for(args, std::time::Duration::from_secs(30)) {
            Some(o) => {
                let text = format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                );
                views.push((view, text));
            }
            None => a.fail(format!("{view} did not answer: that view went unchecked")),
        }
    }
    let log = views
        .iter()
        .find(|(view, _)| view.contains("agent log"))
        .map(|(_, text)| text.clone())
        .unwrap_or_default();
    if !log.contains("hidden") {
        a.fail(format!(
            "the agent's message never showed in its log: {log}"
        ));
    }
    if !log.contains("readable: \u{65E5}\u{672C}\u{8A9E} \u{1F469}\u{200D}\u{1F4BB}") {
        a.fail(format!("legitimate text was mangled in the log: {log}"));
    }
    for (view, text) in views {
        if let Some(c) = text
            .chars()
            .find(|c| c.is_control() && !matches!(c, '\n' | '\t'))
        {
            a.fail(format!(
                "{view} sent the control character {:?} to the terminal",
                c
            ));
        }
        // Every one the agent sent; the joiner of the emoji sequence is
        // the one allowed.
        let hiding = text.char_indices().find(|&(i, c)| {
            hides_text(c) && !(c == '\u{200D}' && text[..i].ends_with('\u{1F469}'))
        });
        if let Some((_, c)) = hiding {
            a.fail(format!(
                "{view} sent {:?}, which reorders or hides text, to the terminal",
                c
            ));
        }
    }
    a.finish();
}

/// A character that is not a control character but reorders or hides the
/// text around it on a terminal (what `terminal-escapes` sends).
fn hides_text(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'
        | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{E0000}'..='\u{E007F}')
}

pub(crate) fn acp_request_injection(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("acp-injection"));
    a.turn_ends("atlas");
    a.must_not_exist(a.outside().join("pwned"), "an fs write reached the host");
    let log = a.agent_log("atlas");
    if !log.contains("every request was answered") {
        a.fail(format!("the hand-made requests did not all run: {log}"));
    }
    a.finish();
}

pub(crate) fn git_fifos_hang_no_host_work(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("git-fifos"));
    a.turn_ends("atlas");
    // Host work that runs git on the repo: a reload (workspace state) and
    // a restart (the relay's remote URL); each must answer.
    reload(&mut a, "atlas");
    if let Err(e) = a.restart_agent("atlas") {
        eprintln!("restarting atlas after the attack failed (allowed): {e}");
    }
    a.finish();
}

pub(crate) fn special_files_block_no_removal(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.d.ok(&["agent", "new", "eph", "--ephemeral"]);
    if let Err(e) = a.start_agent("eph", scenario!("special-files"), &[]) {
        panic!("eph did not start: {e}");
    }
    a.turn_ends("eph");
    let log = a.agent_log("eph");
    if !log.contains("planted-42") {
        a.fail(format!("the special files were not planted: {log}"));
    }
    // A restart clears ~/.compass; retiring removes the whole state.
    if let Err(e) = a.restart_agent("eph") {
        a.fail(format!("restarting over special files failed: {e}"));
    }
    let state = a.state_dir("eph");
    a.d.ok(&["issue", "add", "One task", "--project", "demo"]);
    let ws = a.d.json(&["workstream", "add", "demo-1", "eph"]);
    let id = ws["id"].as_str().unwrap().to_owned();
    for to in ["in_progress", "in_review", "merged"] {
        if a.cli_for(
            &["workstream", "move", &id, to],
            std::time::Duration::from_secs(30),
        )
        .is_none()
        {
            a.fail(format!("`workstream move {to}` did not answer"));
        }
    }
    if state.exists() {
        a.fail(format!(
            "the retired agent's state {} is left",
            state.display()
        ));
    }
    a.finish();
}

/// The daemon's peak resident memory so far (`VmHWM`), in bytes.
fn daemon_peak_memory(a: &Arena) -> Option<u64> {
    let pid = a.d.child.as_ref()?.id();
    let status = fs_err::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<u64>()
        .ok()?;
    Some(kb * 1024)
}

/// The bytes of the daemon's store on disk: its database and WAL.
fn store_bytes(a: &Arena) -> u64 {
    ["compass.db", "compass.db-wal"]
        .iter()
        .filter_map(|f| fs_err::metadata(a.d.home().join(f)).ok())
        .map(|m| m.len())
        .sum()
}

/// Fails `a` when `what` (the daemon's peak memory, the store) grew by
/// more than `bound` bytes, `grown`; `during` says under what.
fn grew_at_most(a: &mut Arena, what: &str, grown: u64, bound: u64, during: &str) {
    if grown > bound {
        a.fail(format!("{what} grew by {} MiB {during}", grown >> 20));
    }
}

/// Fails `a` when `turn` does not show `marker`: `what` did not happen, so
/// the attack never ran and a bound it kept proves nothing.
fn attack_ran(a: &mut Arena, turn: &Turn, (marker, what): (&str, &str)) {
    if !turn.text.contains(marker) {
        a.fail(format!("{what}, so the attack never ran: {}", turn.text));
    }
}

/// The daemon's peak memory.
const PEAK: &str = "the daemon's peak memory";

/// A turn of `agent`, to its end, and by how many bytes the daemon's peak
/// memory grew during it.
fn turn_measured(a: &mut Arena, agent: &str) -> (Turn, u64) {
    let before = daemon_peak_memory(a).unwrap_or(0);
    let turn = a.turn_ends(agent);
    let after = daemon_peak_memory(a).unwrap_or(0);
    (turn, after.saturating_sub(before))
}

/// An attack on the daemon's memory: agent `atlas` runs `scenario` (with
/// Warden `warden`) for a turn, to its end; the attack ran (when `ran`
/// says how to tell, see [`attack_ran`]) and the daemon's peak memory grew
/// by at most `bound` bytes, `during` it.
fn memory_stays_bounded(
    b: Backend,
    warden: WardenMode,
    scenario: &str,
    ran: Option<(&str, &str)>,
    bound: u64,
    during: &str,
) {
    let Some(mut a) = Arena::new(b, warden) else {
        return;
    };
    a.agent("atlas", scenario);
    let (turn, grown) = turn_measured(&mut a, "atlas");
    if let Some(ran) = ran {
        attack_ran(&mut a, &turn, ran);
    }
    grew_at_most(&mut a, PEAK, grown, bound, during);
    a.finish();
}

/// What [`attack_ran`] looks for in a `terminal-hoard` turn.
const HOARDED: (&str, &str) = ("/tmp/hoard-done", "the hoarding command did not finish");

/// A daemon socket in the workload flooded by `scenario`'s raw clients
/// (64 of them, each offering 16 MiB or more): the server caps what it
/// holds at once, so the daemon's peak memory grows by less than 384 MiB
/// and `status` keeps answering.
fn socket_flood(b: Backend, scenario: &str, socket: &str) {
    let during = format!("under a {socket} flood");
    memory_stays_bounded(b, WardenMode::On, scenario, None, 384 << 20, &during);
}

/// The agents' MCP socket: endless JSON-RPC lines (it holds 8 sessions of
/// at most a 2 MiB line).
pub(crate) fn mcp_socket_flood(b: Backend) {
    socket_flood(b, scenario!("mcp-flood"), "MCP-socket");
}

/// The hook socket: 16 MiB frames (it reads a few at once).
pub(crate) fn hook_socket_flood(b: Backend) {
    socket_flood(b, scenario!("hook-flood"), "hook-socket");
}

/// The client terminal told to keep 4 GiB of a command's output, then
/// fed 512 MiB: what the daemon keeps for `terminal/output` is its own
/// bound, not the agent's number, so its peak memory grows by far less
/// than the output, and `status` keeps answering.
pub(crate) fn terminal_output_limit_is_the_clients(b: Backend) {
    memory_stays_bounded(
        b,
        WardenMode::Off,
        scenario!("terminal-hoard"),
        Some(HOARDED),
        192 << 20,
        "keeping 512 MiB of one terminal's output for the agent",
    );
}

/// The same 512 MiB of one command's output, on disk: every byte a
/// terminal prints is stored as event-log units, so an agent that prints
/// without end fills the data dir's disk (the store, and with it every
/// agent and the board, stops when it is full). What the log keeps of one
/// terminal must be bounded like what memory keeps.
pub(crate) fn terminal_output_fills_no_disk(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("terminal-hoard"));
    let before = store_bytes(&a);
    let turn = a.turn_ends("atlas");
    attack_ran(&mut a, &turn, HOARDED);
    // The writer may still be storing what it was handed.
    std::thread::sleep(std::time::Duration::from_secs(5));
    let grown = store_bytes(&a).saturating_sub(before);
    grew_at_most(
        &mut a,
        "the store",
        grown,
        64 << 20,
        "keeping 512 MiB of one terminal's output",
    );
    a.finish();
}

/// 64 `fs/read_text_file` requests of an 8 MB file sent at once: the
/// client serves a bounded number at a time (the rest wait, unread), so
/// the daemon's peak memory grows by far less than 64 copies of the file,
/// and `status` keeps answering.
pub(crate) fn request_burst_is_served_a_few_at_a_time(b: Backend) {
    memory_stays_bounded(
        b,
        WardenMode::Off,
        scenario!("fs-read-burst"),
        Some((
            "burst of 64 fs/read_text_file: 64 answered",
            "the burst was not served",
        )),
        256 << 20,
        "serving 64 reads of an 8 MB file sent at once",
    );
}

/// The agent's own stream, without a command: 4000 message chunks of 60 KB
/// each (240 MB), as fast as its stdout takes them. Every chunk is stored,
/// so what the daemon queues for the store and what the store keeps of one
/// turn must both be bounded, or an agent fills the daemon's memory and the
/// data dir's disk by talking.
pub(crate) fn message_flood_is_bounded(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    let chunk = "blah ".repeat(12_000);
    let scenario = format!(
        "name = \"escape-message-flood\"\n[[turns]]\nsteps = [\n  {{ kind = \"repeat\", count = 4000, step = {{ kind = \"message\", text = \"{chunk}\" }} }},\n]\n"
    );
    a.agent("atlas", &scenario);
    let (memory, disk) = (daemon_peak_memory(&a).unwrap_or(0), store_bytes(&a));
    a.turn("atlas");
    std::thread::sleep(std::time::Duration::from_secs(5));
    let grown = daemon_peak_memory(&a).unwrap_or(0).saturating_sub(memory);
    grew_at_most(
        &mut a,
        PEAK,
        grown,
        192 << 20,
        "under 240 MB of message chunks",
    );
    let stored = store_bytes(&a).saturating_sub(disk);
    grew_at_most(
        &mut a,
        "the store",
        stored,
        96 << 20,
        "under 240 MB of message chunks in one turn",
    );
    a.finish();
}

/// A push whose diff is ~100 MB of text with credentials at its end: every
/// git run the host makes on it keeps only its output cap (git killed
/// there), the daemon's peak memory grows by far less than the diff,
/// `status` keeps answering, and the push Warden could not read whole is
/// held: the credentials never reach the remote.
pub(crate) fn huge_git_output(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::On) else {
        return;
    };
    a.agent("atlas", scenario!("huge-diff"));
    let (_, grown) = turn_measured(&mut a, "atlas");
    grew_at_most(
        &mut a,
        PEAK,
        grown,
        96 << 20,
        "reading the git output of a 100 MB diff",
    );
    let flags = a.d.ok(&["warden", "log", "--flags", "--agent", "atlas"]);
    if !flags.contains("only the first part was inspected") {
        a.fail(format!(
            "Warden did not hold a push it could read only in part: {flags}"
        ));
    }
    no_pushed_branches(&mut a, "atlas", &["compass/atlas/fixture"]);
    a.finish();
}

/// Host processes whose command line is `sh -c …` carrying `token`: what
/// a scenario's detached loop looks like from the host (whatever backend:
/// a sandbox's and a container's processes are the host's too).
fn loops_named(token: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in fs_err::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(cmdline) = fs_err::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        let args: Vec<String> = cmdline
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        if args.first().is_some_and(|a| a == "sh") && args.iter().any(|a| a.contains(token)) {
            found.push(pid);
        }
    }
    found
}

/// A `setsid` loop a tool left behind keeps rewriting `~/.claude.json`
/// (what the next start's wire step removes) to re-steer the next session:
/// once the agent has been restarted (`agent reload`: its process killed,
/// its wire step, a new process), the loop must be dead, and the marker
/// it would write once the host says the restart is over never appears.
pub(crate) fn background_process_dies_with_its_restart(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("restart-survivor"));
    let turn = a.turn_ends("atlas");
    if !turn.text.contains("planted") {
        a.fail(format!("the loop was never started: {}", turn.text));
    }
    reload(&mut a, "atlas");
    let tmp = a.state_dir("atlas").join("tmp");
    fs_err::write(tmp.join("escape-after-restart"), "").unwrap();
    std::thread::sleep(std::time::Duration::from_secs(1));
    // This arena's loop alone (its command names the data dir).
    let left = loops_named(&format!("escape-survivor-loop {}", a.d.home().display()));
    if !left.is_empty() {
        a.fail(format!(
            "the agent's detached loop outlived its restart: pids {left:?}"
        ));
    }
    a.must_not_exist(
        tmp.join("escape-survivor-wrote-after-restart"),
        "the agent's detached loop ran on after its restart",
    );
    a.finish();
}

/// What an operator's shell types to try the agent's processes (its
/// echo in the PTY never spells a marker: each is split in two).
const SHELL_TRIES_THE_AGENT: &str = r#"seen=; for p in /proc/[0-9]*; do a=$(tr '\0' '\n' < "$p/cmdline" 2>/dev/null | head -n 1); case "$a" in */compass-scripted-agent) seen=1; if head -c 1 "$p/environ" >/dev/null 2>&1; then echo "ESC""APED:shell-read-the-agents-environ"; fi; if readlink "$p/fd/1" >/dev/null 2>&1; then echo "ESC""APED:shell-followed-the-agents-descriptors"; fi; if (exec 3<"$p/mem") 2>/dev/null; then echo "ESC""APED:shell-opened-the-agents-memory"; fi;; esac; done; if [ -n "$seen" ]; then echo "saw""-the-agent"; fi; echo "checked""-the-agent"; sleep 30; exit
"#;

/// No process entering the agent's workload reads another's environment
/// (a gateway token; a user kind's model key) or descriptors: an
/// operator's `compass agent shell` tries the agent's processes while the
/// agent's own tool tries the shell's (`atlas`); an ACP terminal tries
/// the agent's (`boreas`). In a container all are in view (one pid
/// namespace): `saw-…` must show there, or nothing was tried.
pub(crate) fn exec_environ_is_private(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("exec-environ"));
    let shell = OperatorShell::open(&a, "atlas", SHELL_TRIES_THE_AGENT, 40);
    let by_tool = a.turn_ends("atlas");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !shell.screen().contains("checked-the-agent") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let by_shell = shell.close();
    a.agent("boreas", scenario!("exec-environ-terminal"));
    let by_terminal = a.turn_ends("boreas");
    for (text, who, what) in [
        (&by_tool.text, "atlas's own tool", "the-shell"),
        (&by_shell, "an operator's shell", "the-agent"),
        (&by_terminal.text, "boreas's terminal", "the-agent"),
    ] {
        if text.contains("ESCAPED") {
            a.fail(format!("{who} read {what}: {text}"));
        }
        if !text.contains(&format!("checked-{what}")) {
            a.fail(format!("{who} never tried {what}: {text}"));
        }
        if b == Backend::Oci && !text.contains(&format!("saw-{what}")) {
            a.fail(format!(
                "{what} was not in view of {who} in the container, so nothing was tried: {text}"
            ));
        }
    }
    a.finish();
}

/// No process entering the agent's workload writes an operator's terminal:
/// while `compass agent shell` is open, the agent's own tool writes a line
/// to every `/dev/pts/N` it can open; the shell's screen must never show it.
pub(crate) fn operator_terminal_is_private(b: Backend) {
    let Some(mut a) = Arena::new(b, WardenMode::Off) else {
        return;
    };
    a.agent("atlas", scenario!("exec-pts"));
    let shell = OperatorShell::open(&a, "atlas", "sleep 20; exit\n", 30);
    let by_tool = a.turn_ends("atlas");
    std::thread::sleep(std::time::Duration::from_secs(1));
    let screen = shell.close();
    if !by_tool.text.contains("checked-pts") {
        a.fail(format!(
            "the agent's tool never tried the terminals: {}",
            by_tool.text
        ));
    }
    if screen.contains("PTS-INJECTED") {
        a.fail(format!(
            "the agent's tool wrote the operator's terminal: {screen}"
        ));
    }
    a.finish();
}

/// An operator's `compass agent shell` into an agent's workload, typed
/// into once and read as it goes.
struct OperatorShell {
    process: std::process::Child,
    seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl OperatorShell {
    /// Open it, type `typed`, and keep its input open `open_s` seconds (it
    /// reads as it goes).
    fn open(a: &Arena, agent: &str, typed: &str, open_s: u64) -> Self {
        use std::io::{Read as _, Write as _};
        let mut process = a.cli_spawn(&["agent", "shell", agent]);
        let mut stdin = process.stdin.take().unwrap();
        stdin.write_all(typed.as_bytes()).unwrap();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(open_s));
            drop(stdin);
        });
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut stdout = process.stdout.take().unwrap();
        let into = std::sync::Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                into.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Self { process, seen }
    }

    /// What its screen showed so far.
    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned()
    }

    /// End it; what its screen showed.
    fn close(mut self) -> String {
        let _ = self.process.kill();
        let _ = self.process.wait();
        self.screen()
    }
}
