//! `compass-hook PROTOCOL EVENT`: what an agent runs inside its workload
//! on every tool call (the daemon's generated hook configs name it). It
//! reads the agent's native payload on stdin, asks the agent's hook socket
//! and prints the decision in the agent's format.
//!
//! Its exit code *is* the decision: 0 lets the call through, 2 blocks it,
//! and nothing else is ever returned — Claude Code lets any other non-zero
//! code through. So a command line that does not parse blocks, and so does
//! a panic: the hook below exits 2 instead of unwinding to exit 101 (and
//! instead of aborting, which an agent would see as a signal, not a block).

use compass_hook::{HookOutcome, args, run_hook_process};
use std::process::ExitCode;

fn main() -> ExitCode {
    // An agent runs its hooks with its own environment (its model key):
    // other processes of its user (its tools) must not read it from
    // `/proc` while the call waits for Warden.
    let _ = nix::sys::prctl::set_dumpable(false);
    std::panic::set_hook(Box::new(|info| {
        HookOutcome::blocked(&format!("the hook client failed: {info}")).emit();
        std::process::exit(2);
    }));
    let outcome = match args::from_env() {
        Ok(call) => run_hook_process(
            &call.protocol,
            &call.event,
            std::io::stdin(),
            &call.socket,
            call.timeout,
        ),
        Err(why) => HookOutcome::blocked(&format!(
            "`compass-hook` cannot run as invoked: {why}\n{}",
            args::USAGE
        )),
    };
    outcome.emit()
}
