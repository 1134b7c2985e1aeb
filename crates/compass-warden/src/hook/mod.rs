//! The hook path: `compass-hook <protocol> <event>` (or the `compass hook`
//! verb) ↔ the per-agent hook socket. The protocols are
//! `compass_core::hook::HookProtocol`.
//!
//! [`client::run_hook_process`] is what both hook clients call (the
//! `compass_hook` crate: blocking, no runtime, so a hook process starts and
//! answers fast); [`server::serve_hook_socket`] is
//! what the daemon runs per agent. The socket is the agent's identity: the
//! server answers for the agent it was bound for and ignores any identity a
//! payload claims. Every failure on either side is a block.

pub mod adapters;
pub use compass_hook::client;
pub mod config;
pub mod patch;
pub mod server;
pub mod wire;

pub use client::{HookOutcome, run_hook, run_hook_process};
pub use config::{HOOK_DEADLINE, HOOK_DEADLINE_MS, agent_timeout};
pub use server::{handle_hook_request, serve_hook_socket};
