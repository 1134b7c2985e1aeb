//! The escape suite: a hostile scripted agent tries every known way out of
//! its workload, against a real daemon, on every backend; after each attack
//! the host must be untouched (canaries outside unchanged and unread, no new
//! files outside the agents' state, stored secrets present, `compass status`
//! answering within [`arena::STATUS_BOUND`] all along). The list of attacks
//! and what each asserts is in `README.md` next to this file; a new attack
//! is added there and here first.
//!
//! An attack that escapes today is `#[ignore = "escapes today: …"]` with
//! what was seen; the ignore goes when the fix lands. Never weaken an
//! assertion to make one pass.

pub(crate) mod arena;
mod attacks;

/// The repo's `.env`: credentials an agent may read (Warden taints them).
const DOTENV: &str = "API_ENDPOINT=https://api.internal.example\nAPI_TOKEN=ghp_demoDemoDemoDemoDemoDemoDemoDemo0000\nDB_PASSWORD=correct-horse-battery-staple\n";

/// One `#[test]` per attack and backend: `escape::sandbox::<attack>` and
/// `escape::oci::<attack>`, each with its own attributes (the ignores).
macro_rules! escape_tests {
    ($( $attack:ident { sandbox: [$(#[$s:meta])*], oci: [$(#[$o:meta])*] } )*) => {
        /// The bubblewrap sandbox (the default backend): always runs.
        mod sandbox {
            $( $(#[$s])* #[test] fn $attack() { super::attacks::$attack(super::arena::Backend::Sandbox); } )*
        }
        /// The OCI backend: where the machine cannot run agents in it, skipped
        /// loudly with the reason (a failure under `COMPASS_REQUIRE_ALL=1`).
        mod oci {
            $( $(#[$o])* #[test] fn $attack() { super::attacks::$attack(super::arena::Backend::Oci); } )*
        }
    };
}

escape_tests! {
    env_nul_in_a_value {
        sandbox: [],
        oci: []
    }
    env_nul_in_a_key {
        sandbox: [],
        oci: []
    }
    env_file_symlink_to_a_host_file {
        sandbox: [],
        oci: []
    }
    env_file_fifo {
        sandbox: [],
        oci: []
    }
    dot_compass_symlink_to_the_data_dir {
        sandbox: [],
        oci: []
    }
    inner_dot_compass_symlinks { sandbox: [], oci: [] }
    project_dir_is_the_data_dir {
        sandbox: [],
        oci: []
    }
    project_dir_inside_the_data_dir {
        sandbox: [],
        oci: []
    }
    project_dir_is_another_agents_workload {
        sandbox: [],
        oci: []
    }
    project_dir_holds_the_install {
        sandbox: [],
        oci: []
    }
    control_socket { sandbox: [], oci: [] }
    warden_push_diff_ignores_textconv {
        sandbox: [],
        oci: []
    }
    warden_git_runs_no_repo_configured_commands {
        sandbox: [],
        oci: []
    }
    git_runs_no_attributes_selected_driver { sandbox: [], oci: [] }
    env_file_steers_no_host_run_git {
        sandbox: [],
        oci: []
    }
    proc_tricks { sandbox: [], oci: [] }
    mountinfo_names_no_host_path {
        sandbox: [#[ignore = "known name leak (not access): a bind mount's root in /proc/self/mountinfo is its path in its filesystem, so the data dir's and the install's host paths show; hiding it needs a per-agent filesystem an unprivileged sandbox cannot mount (README, Escaping today)"]],
        oci: [#[ignore = "known name leak (not access): a bind mount's root in /proc/self/mountinfo is its path in its filesystem, so the data dir's and the install's host paths show; hiding it needs per-agent filesystems for agents' state (README, Escaping today)"]]
    }
    read_only_mounts_stay_read_only { sandbox: [], oci: [] }
    device_files { sandbox: [], oci: [] }
    host_paths { sandbox: [], oci: [] }
    loopback_port { sandbox: [], oci: [] }
    other_agents_home_and_clones { sandbox: [], oci: [] }
    fs_methods_through_symlinks { sandbox: [], oci: [] }
    fs_read_of_a_fifo {
        sandbox: [],
        oci: []
    }
    worktree_and_git_metadata_symlinks { sandbox: [], oci: [] }
    retiring_follows_no_symlink { sandbox: [], oci: [] }
    secret_printed_is_redacted {
        sandbox: [],
        oci: []
    }
    secret_not_utf8_printed_is_redacted { sandbox: [], oci: [] }
    env_file_steers_no_host_tool { sandbox: [], oci: [] }
    acp_request_injection { sandbox: [], oci: [] }
    held_credential_quoted_back { sandbox: [], oci: [] }
    terminal_escapes_never_reach_the_terminal { sandbox: [], oci: [] }
    git_fifos_hang_no_host_work { sandbox: [], oci: [] }
    special_files_block_no_removal { sandbox: [], oci: [] }
    hook_socket_flood { sandbox: [], oci: [] }
    mcp_socket_flood { sandbox: [], oci: [] }
    huge_git_output { sandbox: [], oci: [] }
    terminal_output_limit_is_the_clients { sandbox: [], oci: [] }
    terminal_output_fills_no_disk { sandbox: [], oci: [] }
    request_burst_is_served_a_few_at_a_time { sandbox: [], oci: [] }
    message_flood_is_bounded { sandbox: [], oci: [] }
    relay_names_only_its_own_repos { sandbox: [], oci: [] }
    relay_refuses_a_malformed_pack { sandbox: [], oci: [] }
    relay_refuses_malformed_objects { sandbox: [], oci: [] }
    relay_cuts_off_an_endless_pack { sandbox: [], oci: [] }
    relay_cuts_off_stalled_clients { sandbox: [], oci: [] }
    relay_decision_is_out_of_reach { sandbox: [], oci: [] }
    relay_forge_credential_is_out_of_reach { sandbox: [], oci: [] }
    relay_ssh_key_is_out_of_reach { sandbox: [], oci: [] }
    background_process_dies_with_its_restart { sandbox: [], oci: [] }
    exec_environ_is_private { sandbox: [], oci: [] }
    operator_terminal_is_private {
        sandbox: [],
        oci: [#[ignore = "escapes today: every exec in a container shares one devpts, so the agent's tool writes the operator's shell terminal (seen: its line on the shell's screen); a per-exec devpts or a shell without a container pty is next"]]
    }
}

/// The control: on the host tier (no isolation, by design) the same attack
/// reaches the host, and the checks must say so — otherwise a passing
/// attack above proves nothing.
#[test]
fn the_checks_see_an_escape_on_the_host_tier() {
    let caught = std::panic::catch_unwind(|| attacks::host_paths_unhooked(arena::Backend::Host));
    let message = caught
        .err()
        .and_then(|p| p.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    for expected in [
        "the canary",
        "a stored secret no agent was granted is in",
        "pwned appeared outside the state dir",
        "ESCAPED:listed-the-data-dir",
    ] {
        assert!(
            message.contains(expected),
            "the checks missed {expected:?} on the host tier: {message:?}"
        );
    }
}
