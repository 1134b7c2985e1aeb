//! The bounds of an agent's submodule list: where the runtime lists the
//! gitlinks of a fresh clone and where Warden keeps them, one limit.

/// Most submodule paths one agent's list holds: more is refused, not cut
/// (a path left out would be read as the project's own).
pub const MAX_SUBMODULES: usize = 1024;

/// Longest submodule path accepted (bytes).
pub const MAX_SUBMODULE_PATH: usize = 4096;
