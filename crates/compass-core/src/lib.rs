//! Compass's domain: the types and rules every other crate shares.
//!
//! Architecture invariant: this crate does no I/O — no disk, network,
//! processes or clocks. Time and randomness come in as arguments so the rules
//! stay deterministic and testable.

pub mod agent;
pub mod event;
pub mod gate;
pub mod id;
pub mod issue;
pub mod name;
pub mod project;
pub mod safe_git;
pub mod source;
pub mod theme;
pub mod workstream;

pub use name::{Name, NameError};
