//! The `compass.v1` contract, generated from `proto/compass/v1/*.proto`.
//!
//! Architecture invariant: no logic lives here. The generated code is
//! committed (so builds need no protobuf compiler) and `tests/generated.rs`
//! regenerates it with the pure-Rust `protox` and fails if it drifted;
//! `COMPASS_BLESS=1 cargo test -p compass-proto` rewrites it. Every message
//! also has the canonical proto3 JSON mapping (pbjson), which `--json`
//! output and the browser client share. The one hand-written piece is a
//! redacting `Debug` for the message that carries a secret's value.

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

/// The one hand-written impl: a secret's value never reaches a log through
/// `Debug` (the generator skips it for this message).
impl std::fmt::Debug for v1::SetSecretRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SetSecretRequest")
            .field("name", &self.name)
            .field(
                "value",
                &format_args!("[redacted; {} bytes]", self.value.len()),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_secret_request_redacts_its_value() {
        let req = super::v1::SetSecretRequest {
            name: "API_KEY".into(),
            value: b"hunter2".to_vec(),
            ..Default::default()
        };
        let shown = format!("{req:?}");
        assert!(
            shown.contains("API_KEY") && !shown.contains("hunter2"),
            "{shown}"
        );
    }
}
