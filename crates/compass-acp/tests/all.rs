//! The compass-acp integration suite: real agent processes (the scripted
//! agent, claude-agent-acp, small misbehaving shells) speaking real ACP,
//! spawned through real workload backends.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    unreachable_pub
)]

mod suite;
