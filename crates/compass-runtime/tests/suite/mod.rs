//! Test modules and shared helpers.

mod contract;
mod egress;
mod isolation;
pub(crate) mod support;
