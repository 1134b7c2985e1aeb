//! The one integration-test binary of compass-runtime: contract tests every
//! backend runs unchanged, plus isolation, egress, clone and secret tests
//! against real bubblewrap, git and processes.

mod suite;
