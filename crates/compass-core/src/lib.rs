//! Compass's domain: the types and rules every other crate shares.
//!
//! Architecture invariant: this crate does no I/O — no disk, network,
//! processes or clocks. Time and randomness come in as arguments so the rules
//! stay deterministic and testable; `clock::SystemClock` is the one place
//! wall time is read, for the other crates to inject.

pub mod agent;
pub mod channel;
pub mod clock;
pub mod env_name;
pub mod event;
pub mod gate;
pub mod hook;
pub mod id;
pub mod issue;
pub mod merge;
pub mod name;
pub mod project;
pub mod proposal;
pub mod pty_frames;
pub mod safe_git;
pub mod secret;
pub mod shell_quote;
pub mod source;
pub mod submodules;
pub mod theme;
pub mod workstream;

pub use name::{Name, NameError};
