//! The one TOML rule-file reader every rule kind shares (detector
//! patterns, command rules, structural lexicons): one format version,
//! errors naming the file.

use crate::error::WardenError;

/// A rules file (detector patterns, command rules) parsed from TOML, at
/// the one format version this Warden reads; errors name the file.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    text: &str,
    origin: &str,
    version: impl FnOnce(&T) -> u32,
) -> Result<T, WardenError> {
    let refused = |message| WardenError::Rules {
        origin: origin.to_string(),
        message,
    };
    let file: T = toml::from_str(text).map_err(|e| refused(e.to_string()))?;
    match version(&file) {
        1 => Ok(file),
        other => Err(refused(format!(
            "version {other} is not supported (expected 1)"
        ))),
    }
}
