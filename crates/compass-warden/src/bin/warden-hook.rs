//! A stand-alone hook client: `warden-hook <kind> <event>` with the socket in
//! `COMPASS_HOOK_SOCKET` (default `/run/compass/hook.sock`) and the time-out
//! in `COMPASS_HOOK_TIMEOUT_MS` (default 5000). It is what `compass hook`
//! does, packaged small so the hook round trip can be measured and tested
//! before the CLI exists. Exit code is always 0 or 2.

use compass_warden::hook::run_hook_process;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_default();
    let event = args.next().unwrap_or_default();
    let socket = std::env::var_os("COMPASS_HOOK_SOCKET")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/run/compass/hook.sock"));
    let timeout = std::env::var("COMPASS_HOOK_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000u64);
    let outcome = run_hook_process(
        &kind,
        &event,
        std::io::stdin(),
        &socket,
        Duration::from_millis(timeout),
    );
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    std::process::exit(if outcome.exit_code == 0 { 0 } else { 2 });
}
