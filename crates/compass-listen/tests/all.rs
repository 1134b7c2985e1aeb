//! The one integration-test binary for compass-listen: the accept loop
//! against real sockets and a really full file table.

// Test helpers outside #[test] fns may unwrap: a failure is a test failure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod suite;
