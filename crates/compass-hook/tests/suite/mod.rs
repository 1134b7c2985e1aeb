//! The compass-hook integration tests, one module per concern.

mod confine;
mod deadline;
mod static_link;
