//! The ACP client side: drive an agent over its stdio inside its workload,
//! serve its fs/terminal requests there (through Warden's gate), and turn
//! its stream into Compass events.
//!
//! Architecture invariant: only this crate speaks ACP. UIs see the events
//! it emits; the daemon calls [`AcpSession`] / [`SessionDriver`].
//!
//! The JSON-RPC layer is hand-written over newline-delimited JSON (see
//! `rpc`), using the official `agent-client-protocol` schema types for the
//! messages: a session here is a long-lived object the daemon calls into
//! (prompt, cancel, reload) and must fail with a typed reason on every kind
//! of misbehaving peer, which the SDK's scoped `connect_with` callback
//! style makes awkward.

#[cfg(feature = "bench")]
pub mod bench;
pub mod driver;
pub mod error;
pub mod executor;
pub mod kinds;
pub mod masked;
pub mod memory;
pub mod paths;
mod rpc;
pub mod session;
pub mod sink;
mod terminal_text;
pub mod translate;

pub use agent_client_protocol::v1::schema;
#[cfg(feature = "bench")]
pub use bench::{BenchOptions, BenchReport, bench_agents};
pub use driver::{
    ReloadContext, ReloadOutcome, SessionDriver, is_context_reset, reload_prompt, workspace_state,
};
pub use error::AcpError;
pub use executor::ExecutorLimits;
pub use kinds::{
    AgentKind, AuthScheme, CONFINE_BINARY, GATEWAY_PLACEHOLDER, Gateway, HookProtocol, HookSupport,
    HookTransport, HttpHooks, INSTALL_PREFIX_ENV, KindRegistry, Programs, Provision, Transport,
    TransportChoice,
};
pub use memory::{HoldKind, MemoryCleared, MemoryFiles, MemoryGate, MemoryHold, MemoryImports};
pub use session::{
    AcpSession, AgentInfo, Limits, PermissionPolicy, Relaunch, ServedCapabilities, SessionConfig,
    StartMode, Timeouts, TurnOutcome,
};
pub use sink::{EventSink, OutputFilter, TeeSink, VecSink};
