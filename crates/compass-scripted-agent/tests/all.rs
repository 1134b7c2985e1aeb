//! The scripted agent's own suite: raw JSON-RPC lines in, and everything it
//! sends parsed with the official ACP schema types — independent of
//! compass-acp, so the two cannot share a misreading of the protocol.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    unreachable_pub
)]

mod suite;
