//! Test modules and shared helpers.

mod contract;
pub(crate) mod support;
