//! Compass's single source of truth: SQLite (WAL) with versioned migrations,
//! the domain tables, and the append-only event log with a monotonic `seq`.
//!
//! Architecture invariant: this crate knows nothing of gRPC or ACP. Every
//! mutation runs on one writer thread inside a transaction together with the
//! events it emits, so a state change and its event land or vanish together,
//! and an acknowledged write has reached SQLite's WAL before the caller hears
//! back (it survives the daemon being SIGKILLed right after).

mod db;
mod error;
mod migrations;

pub mod agents;
pub mod asks;
pub mod board;
pub mod channel;
pub mod events;
pub mod issues;
pub mod projects;
pub mod proposals;
pub mod sources;
pub mod themes;
pub mod warden;
pub mod workstreams;

pub use db::{Clock, Durability, Options, Scrub, Store, SystemClock, Tx};
pub use error::StoreError;
/// The connection type read closures receive.
pub use rusqlite::Connection;
