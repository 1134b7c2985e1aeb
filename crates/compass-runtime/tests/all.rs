//! The one integration-test binary of compass-runtime: contract tests every
//! backend runs unchanged, plus isolation, egress, clone and secret tests
//! against real bubblewrap, git and processes.

// Test helpers outside #[test] fns may unwrap: a failure is a test failure.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

mod suite;
