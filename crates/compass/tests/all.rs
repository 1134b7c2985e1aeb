//! End-to-end tests of the `compass` binary against a real daemon process.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

mod suite;
