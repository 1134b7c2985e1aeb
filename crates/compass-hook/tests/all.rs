//! The one integration-test binary for compass-hook.

// Test helpers outside #[test] fns may unwrap: a failure is a test failure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod suite;
