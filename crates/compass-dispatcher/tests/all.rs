//! The Dispatcher against real components: a real SQLite store and a local
//! server speaking GitHub's REST wire format.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod suite;
