//! Test modules and shared helpers.

mod bad_input;
mod bench;
mod boundary;
mod boundary_rule;
mod contract;
mod egress;
mod egress_phase;
mod isolation;
mod managed;
mod masks;
mod oci;
mod repos;
mod secrets;
mod stdio;
pub(crate) mod support;
mod tidy;
