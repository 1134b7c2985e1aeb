//! Warden: Compass's security auditor. It sits on the two paths that can
//! hurt — what enters an agent (input gate) and what leaves it (output gate)
//! — plus an async watch over the event stream.
//!
//! Boundaries: Warden reads requests and returns decisions through
//! [`compass_core::gate::Gate`]; its only actuator is
//! [`pause::AgentPauser::pause_agent`]. Persistence, events and process
//! control belong to the daemon, which implements the small traits here
//! ([`taint::TaintStore`], [`audit::AuditSink`], [`pause::AgentPauser`],
//! [`git::GitInspector`]).

pub mod asks;
pub mod audit;
pub mod automaton;
#[cfg(feature = "bench")]
pub mod bench;
pub mod ci;
pub mod clock;
pub mod code_env;
pub mod code_strings;
pub mod command_rules;
pub mod databases;
pub mod detect;
pub mod detector;
pub mod error;
pub mod eval;
pub mod excerpt;
pub mod files;
pub mod framing;
pub mod git;
pub mod held;
pub mod hook;
pub mod issued;
pub mod judge;
mod lexical_path;
pub mod lists;
pub mod normalize;
pub mod output;
pub mod pause;
pub mod redact;
mod rule_file;
pub mod run_options;
pub mod secret;
mod secret_paths;
pub mod shared;
pub mod shell;
pub mod silence;
pub mod sources;
mod sql;
pub mod streams;
pub mod structure;
pub mod taint;
pub mod tasks;
pub mod unfolded;
pub mod warden;
pub mod warm;
pub mod watch;
pub mod words;
pub mod writes;
pub mod written;

pub use error::WardenError;
pub use warden::{
    Decided, MAX_PUSH_JUDGE_WINDOWS, SourceLists, Warden, WardenConfig, WardenDeps, WardenStatus,
};
