//! The `compass.v1` contract, generated from `proto/compass/v1/*.proto`.
//!
//! Architecture invariant: no logic lives here. The generated code is
//! committed (so builds need no protobuf compiler) and `tests/generated.rs`
//! regenerates it with the pure-Rust `protox` and fails if it drifted;
//! `COMPASS_BLESS=1 cargo test -p compass-proto` rewrites it. Every message
//! also has the canonical proto3 JSON mapping (pbjson), which `--json`
//! output and the browser client share.

/// Generated types, client and server for `compass.v1`.
#[allow(
    clippy::all,
    clippy::pedantic,
    unreachable_pub,
    missing_debug_implementations
)]
pub mod v1 {
    include!("gen/compass.v1.rs");
    include!("gen/compass.v1.serde.rs");
}
