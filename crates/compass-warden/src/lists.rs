//! What the user may put on Warden's allow/deny lists, and what "allow once"
//! may name. Warden owns the shape of its sources, so it owns these checks;
//! the daemon runs them before anything is stored or applied.
//!
//! A pattern is a source as Warden records it (`file:/work/app/README.md`,
//! `url:https://example.com/x`, `net:example.com`, …) or a prefix of one
//! ending in `*`. A bare `*`, or a prefix Warden never produces, would either
//! open everything or match nothing, so both are refused.

/// The source kinds Warden records (see the hook adapters, the executor
/// paths and [`crate::warden::action_source`]).
pub const SOURCE_PREFIXES: &[&str] = &[
    "file:", "url:", "net:", "api:", "issue:", "command:", "write:", "fetch:", "tool:", "mcp:",
    "watch:",
];

/// Which of Warden's two lists a source pattern is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKind {
    /// Let through without inspection.
    Allow,
    /// Always flagged.
    Deny,
}

/// Longest pattern accepted, in bytes.
pub const MAX_PATTERN_BYTES: usize = 1024;

/// Why a list pattern was refused. Messages say what to do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    #[error(
        "is empty; give a source such as file:/work/app/README.md or a prefix such as url:https://docs.rs/*"
    )]
    Empty,
    #[error("is {len} bytes, more than the {MAX_PATTERN_BYTES} allowed")]
    TooLong { len: usize },
    #[error("contains a control or invisible character (U+{code:04X}); sources are plain text")]
    Control { code: u32 },
    #[error("{pattern:?} does not start with a source kind Warden records ({}); e.g. file:/work/app/*", SOURCE_PREFIXES.join(" "))]
    UnknownPrefix { pattern: String },
    #[error("{pattern:?}: `*` may only end a pattern (a prefix match), not appear inside it")]
    InnerStar { pattern: String },
}

/// Check a pattern for the allow/deny lists.
pub fn check_pattern(pattern: &str) -> Result<(), PatternError> {
    if pattern.is_empty() {
        return Err(PatternError::Empty);
    }
    if pattern.len() > MAX_PATTERN_BYTES {
        return Err(PatternError::TooLong { len: pattern.len() });
    }
    if let Some(c) = pattern.chars().find(|c| c.is_control() || invisible(*c)) {
        return Err(PatternError::Control { code: u32::from(c) });
    }
    if !SOURCE_PREFIXES.iter().any(|p| pattern.starts_with(p)) {
        return Err(PatternError::UnknownPrefix {
            pattern: pattern.to_owned(),
        });
    }
    if pattern.trim_end_matches('*').contains('*') || pattern.ends_with("**") {
        return Err(PatternError::InnerStar {
            pattern: pattern.to_owned(),
        });
    }
    Ok(())
}

/// A pattern in the form sources are recorded and shown to the user in:
/// with secret shapes redacted, as [`crate::warden::Warden`] redacts every
/// source. A pattern copied with its token still matches the source it
/// names, and no list stores the token.
pub fn shown(pattern: &str) -> String {
    crate::secret::redact(pattern)
}

/// Format characters that render as nothing (zero-width, bidi controls, the
/// BOM, tag characters): a pattern that hides text is refused.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{E0000}'..='\u{E007F}')
}

/// Why an "allow once" hash was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{given:?} is not a decision hash: it must be the 64 hex characters `compass warden log` shows (hash=…)"
)]
pub struct HashError {
    pub given: String,
}

/// Check an audit record's hash (BLAKE3, 64 lowercase hex); returns it
/// lowercased, as Warden records it.
pub fn check_hash(hash: &str) -> Result<String, HashError> {
    if hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(hash.to_ascii_lowercase())
    } else {
        Err(HashError {
            given: hash.chars().take(80).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_and_prefixes_pass() {
        for ok in [
            "file:/work/app/README.md",
            "file:/work/app/*",
            "url:https://docs.rs/*",
            "net:example.com",
            "api:github.com/repos/x/y/issues/1",
            "command:cargo test",
            "mcp:mcp__github__get_issue",
        ] {
            assert_eq!(check_pattern(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn bad_patterns_are_refused_with_a_reason() {
        assert_eq!(check_pattern(""), Err(PatternError::Empty));
        assert!(matches!(
            check_pattern("*"),
            Err(PatternError::UnknownPrefix { .. })
        ));
        assert!(matches!(
            check_pattern("/etc/passwd"),
            Err(PatternError::UnknownPrefix { .. })
        ));
        assert!(matches!(
            check_pattern("FILE:/x"),
            Err(PatternError::UnknownPrefix { .. })
        ));
        assert_eq!(
            check_pattern("file:/x\ny"),
            Err(PatternError::Control { code: 0x0A })
        );
        assert_eq!(
            check_pattern("file:/x\u{202E}y"),
            Err(PatternError::Control { code: 0x202E })
        );
        assert!(matches!(
            check_pattern("file:/*/secret"),
            Err(PatternError::InnerStar { .. })
        ));
        assert!(matches!(
            check_pattern("file:/x**"),
            Err(PatternError::InnerStar { .. })
        ));
        let long = format!("file:/{}", "a".repeat(MAX_PATTERN_BYTES));
        assert!(matches!(
            check_pattern(&long),
            Err(PatternError::TooLong { .. })
        ));
        let msg = check_pattern("nope").unwrap_err().to_string();
        assert!(msg.contains("file:"), "{msg}");
    }

    #[test]
    fn hashes_are_64_hex() {
        let h = crate::taint::content_hash("x");
        assert_eq!(check_hash(&h), Ok(h.clone()));
        assert_eq!(check_hash(&h.to_ascii_uppercase()), Ok(h.clone()));
        assert!(check_hash(&h[1..]).is_err());
        assert!(check_hash(&format!("{}g", &h[1..])).is_err());
        assert!(check_hash("").is_err());
    }
}
