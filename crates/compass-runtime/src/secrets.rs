//! Secrets into a workload: values travel over a process's stdin into 0600
//! files under the workload's scoped `$HOME` — never argv, never an
//! environment dump, never a log. Env-shaped secrets go into one 0600 env
//! file (`$HOME/.compass/env`) that every spawn reads.
//!
//! Boundary: this module moves values the daemon resolved; where secrets come
//! from (keyring, secretspec) is the daemon's business.

use crate::workload::RuntimeError;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// A secret value. `Display` and `Debug` print `[redacted]`; the bytes are
/// reachable only through [`Secret::expose`].
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl Secret {
    pub fn new(value: impl Into<Vec<u8>>) -> Self {
        Self(value.into())
    }

    /// The raw value. Call sites are the audit surface: keep them few.
    pub fn expose(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Parse the 0600 env file: `KEY=VALUE` lines; a missing file is empty.
pub(crate) fn read_env_file(path: &Path) -> Result<BTreeMap<String, String>, RuntimeError> {
    let text = match fs_err::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(RuntimeError::io("reading the workload env file", e)),
    };
    Ok(text
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect())
}
