//! A workload's name: the one identifier every backend, path and error
//! uses. A leaf module, so the error type can name workloads.

use compass_core::name::{Name, NameError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A workload's name: a validated [`Name`] (no `/`, `..`, NUL or newline),
/// so it is safe as a directory, cgroup and container name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct WorkloadName(Name);

impl WorkloadName {
    pub fn parse(raw: &str) -> Result<Self, NameError> {
        Name::parse(raw).map(Self)
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl From<Name> for WorkloadName {
    fn from(name: Name) -> Self {
        Self(name)
    }
}

impl fmt::Display for WorkloadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
