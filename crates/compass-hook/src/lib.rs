//! The client side of Compass's hook path, kept small on purpose: an agent
//! runs a hook on every tool call, so the process that answers it must
//! start fast and cost little CPU.
//!
//! - [`wire`]: the frames exchanged with the per-agent hook socket (the
//!   daemon's side, `compass_warden::hook::server`, reads the same types).
//! - [`client`]: one hook call — the agent's payload in, the decision out,
//!   all within one deadline, failing closed (exit 2) on every error.
//! - [`accept`]: the accept loop of the servers inside a workload, resting
//!   through accept errors.
//! - [`args`]: the `compass-hook` binary's argv; every shape decides or
//!   blocks.
//! - [`confine`]: `compass-confine`, the shell an agent's tool commands
//!   run through where the agent serves itself on the workload's loopback
//!   (they never get its credential nor reach its memory).
//! - [`http`]: the in-workload endpoint Claude Code's HTTP hooks call
//!   instead of starting a process (run beside the egress forwarder).
//!
//! No async runtime and no CLI framework: the binary links little more
//! than std, serde_json, base64 and rustix (for a poll and a connect with
//! a time-out).

pub mod accept;
pub mod args;
pub mod client;
pub mod confine;
pub mod http;
pub mod own_git;
pub mod wire;

pub use client::{HookOutcome, run_hook, run_hook_process};

/// Where the hook socket is inside an isolated workload.
pub const DEFAULT_SOCKET: &str = "/run/compass/hook.sock";
/// The environment variable that names the hook socket (the daemon sets it
/// in every workload; on the host tier it is the host path it binds).
pub const SOCKET_ENV: &str = "COMPASS_HOOK_SOCKET";
/// Compass's deadline for one hook call, in milliseconds, unless the
/// command line says otherwise: past it the call is blocked.
pub const DEADLINE_MS: u64 = 5_000;
