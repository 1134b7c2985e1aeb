//! The runtime's in-sandbox binary, bind-mounted read-only into sandboxes
//! that need it: the egress forwarder of allowlisted ones
//! (`compass_runtime::relay`), the check that an exec's masks landed
//! (`compass_runtime::mask_check`), the hand-off of a sandbox exec's
//! environment to its command (`compass_runtime::relay::ENV_FLAG`: this
//! binary itself starts with `PATH` only) and the Landlock domain every
//! container exec enters first (`compass_runtime::exec_domain`); and,
//! host-side, the opener of an
//! exec's pins right before bwrap (`compass_runtime::pins`). All logic
//! lives in those modules.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = match args.get(1).map(String::as_str) {
        Some(compass_runtime::mask_check::FLAG) => compass_runtime::mask_check::run(&args[2..]),
        Some(compass_runtime::relay::FLAG) => compass_runtime::relay::run(&args[2..]),
        Some(compass_runtime::pins::OPEN_FLAG) => compass_runtime::pins::open_and_exec(&args[2..]),
        Some(compass_runtime::exec_domain::FLAG) => compass_runtime::exec_domain::run(&args[2..]),
        Some(compass_runtime::relay::ENV_FLAG) => compass_runtime::relay::env_and_exec(&args[2..]),
        _ => compass_runtime::relay::run(&args[1..]),
    };
    std::process::exit(code);
}
