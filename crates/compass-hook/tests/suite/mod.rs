//! The compass-hook integration tests, one module per concern.

mod static_link;
