//! `compass hook <kind> <event>`: the hook client as a verb of the CLI, for
//! hook configs written by hand and as the fallback where the smaller
//! `compass-hook` binary is not installed (both share one client,
//! `compass_hook`). It reads the agent's native payload on stdin, forwards
//! it to the agent's hook socket and prints the decision in the agent's
//! format. Its exit code *is* the decision: 0
//! lets the call through, 2 blocks it, and nothing else is ever returned —
//! Claude Code lets any other non-zero code through. Every argv that names
//! this verb therefore decides or blocks, whatever else it carries.

use crate::cli::{HookArgs, HookCli, HookOnly};
use clap::{CommandFactory, Parser};
use compass_hook::{DEFAULT_SOCKET, HookOutcome, SOCKET_ENV, run_hook_process};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// `compass [global options] hook …`: decide, or block when argv does not
/// parse — `--help` included, since an exit 0 would let the call through.
pub(crate) fn main(argv: &[OsString]) -> ExitCode {
    match HookCli::try_parse_from(argv) {
        Ok(HookCli {
            global: _,
            command: HookOnly::Hook(args),
        }) => run(args),
        Err(error) => refuse(&error),
    }
}

/// Decide one hook call.
pub(crate) fn run(args: HookArgs) -> ExitCode {
    let HookArgs {
        kind,
        event,
        socket,
        timeout_ms,
    } = args;
    let socket = socket
        .or_else(|| std::env::var_os(SOCKET_ENV).map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_SOCKET));
    run_hook_process(
        &kind,
        &event,
        std::io::stdin(),
        &socket,
        Duration::from_millis(timeout_ms),
    )
    .emit()
}

/// Block a hook call whose argv does not parse (or asks for help): the
/// agent must not read a missing decision as a pass.
fn refuse(error: &clap::Error) -> ExitCode {
    HookOutcome::blocked(&format!(
        "`compass hook` cannot run as invoked:\n{}",
        error.render()
    ))
    .emit()
}

/// Whether `argv` names the `hook` verb: its first word that is neither an
/// option nor the value of a global option is `hook`.
pub(crate) fn names_hook(argv: &[OsString]) -> bool {
    let cli = HookCli::command();
    let global_takes_value = |long: Option<&str>, short: Option<char>| {
        cli.get_arguments().any(|a| {
            a.get_action().takes_values()
                && (long.is_some_and(|l| a.get_long() == Some(l))
                    || short.is_some_and(|s| a.get_short() == Some(s)))
        })
    };
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let Some(word) = word.to_str() else {
            return false;
        };
        if word == "--" {
            return words.next().is_some_and(|w| w == "hook");
        }
        let takes_value = if let Some(long) = word.strip_prefix("--") {
            !long.contains('=') && global_takes_value(Some(long), None)
        } else if let Some(short) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            short.chars().count() == 1 && global_takes_value(None, short.chars().next())
        } else {
            return word == "hook";
        };
        if takes_value {
            words.next();
        }
    }
    false
}
