//! The Compass daemon: it owns everything privileged and serves `compass.v1`.
//!
//! Architecture invariant: this crate is wiring. Domain rules live in
//! `compass-core`, persistence in `compass-store`; here they are connected to
//! the listeners (a 0600 Unix socket for the CLI, a token-guarded loopback
//! port with gRPC-Web for the browser) and nothing else listens.

mod bridge;
mod channel;
mod convert;
mod dispatch;
mod error;
mod fleet;
mod forge;
mod gateway;
mod held_files;
mod inspect;
mod kinds;
mod liveness;
mod lock;
mod merges;
mod overlaps;
mod pickup;
mod proposals;
mod pulls;
mod push_relay;
mod redaction;
mod remote_auth;
mod scope;
mod secrets;
mod serial;
mod serve;
mod service;
mod shell;
/// The shell WebSocket's wire names (`compass agent shell` speaks it).
pub use shell::{
    PATH as SHELL_PATH, PROTOCOL as SHELL_PROTOCOL, TOKEN_PROTOCOL as SHELL_TOKEN_PROTOCOL,
};
mod status;
mod token;
mod warden_state;
mod watch;

pub mod judge;
pub mod logs;
pub mod paths;

pub use error::DaemonError;
pub use push_relay::RelayLimits;
pub use serve::{Daemon, DaemonConfig, MERGE_POLL, RING_GAP, RunningDaemon, TOKEN_HEADER};
