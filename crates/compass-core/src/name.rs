//! Validated names: what users type for projects, agents, themes and issue keys.
//!
//! A `Name` is safe to use as a path component, a git branch segment and a
//! socket file name, so every layer below can rely on it without re-checking.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest name Compass accepts. Short enough for a board column and a
/// Unix socket path under the data dir.
pub const MAX_NAME_LEN: usize = 40;

/// Why a name was refused. Each message says what to type instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("must not be empty")]
    Empty,
    #[error("is {len} characters long; the limit is {MAX_NAME_LEN}")]
    TooLong { len: usize },
    #[error("must start with a letter (a-z), not {found:?}")]
    BadStart { found: char },
    #[error(
        "contains {found:?}; use only lowercase letters, digits, '-' and '_' (no '/', '..', spaces or control characters)"
    )]
    BadChar { found: char },
    #[error("must not end with '-' or '_'")]
    BadEnd,
}

/// A lowercase identifier: `[a-z][a-z0-9_-]*`, at most [`MAX_NAME_LEN`] long,
/// not ending in a separator.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Name(String);

impl Name {
    /// Validate `raw` as typed. No case folding: `Atlas` is refused with a hint
    /// rather than silently becoming `atlas`, so a name means one thing.
    pub fn parse(raw: &str) -> Result<Self, NameError> {
        let mut chars = raw.chars();
        let first = chars.next().ok_or(NameError::Empty)?;
        let len = raw.chars().count();
        if len > MAX_NAME_LEN {
            return Err(NameError::TooLong { len });
        }
        if !first.is_ascii_lowercase() {
            return Err(NameError::BadStart { found: first });
        }
        if let Some(found) = chars
            .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-' || *c == '_'))
        {
            return Err(NameError::BadChar { found });
        }
        if raw.ends_with(['-', '_']) {
            return Err(NameError::BadEnd);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first letter, used to keep a codename theme scannable.
    pub fn initial(&self) -> char {
        self.0.chars().next().unwrap_or('?')
    }
}

impl TryFrom<String> for Name {
    type Error = NameError;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Name> for String {
    fn from(value: Name) -> Self {
        value.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn accepts_plain_names() {
        for ok in ["atlas", "a", "scout-2", "big_refactor", "x1y2"] {
            assert_eq!(Name::parse(ok).unwrap().as_str(), ok);
        }
    }

    #[test]
    fn refuses_each_bad_shape_with_its_reason() {
        assert_eq!(Name::parse(""), Err(NameError::Empty));
        assert_eq!(
            Name::parse("Atlas"),
            Err(NameError::BadStart { found: 'A' })
        );
        assert_eq!(Name::parse("1x"), Err(NameError::BadStart { found: '1' }));
        assert_eq!(Name::parse("a/b"), Err(NameError::BadChar { found: '/' }));
        assert_eq!(Name::parse("a..b"), Err(NameError::BadChar { found: '.' }));
        assert_eq!(Name::parse("a\0"), Err(NameError::BadChar { found: '\0' }));
        assert_eq!(Name::parse("a\nb"), Err(NameError::BadChar { found: '\n' }));
        assert_eq!(Name::parse("a-"), Err(NameError::BadEnd));
        let long = "a".repeat(MAX_NAME_LEN + 1);
        assert_eq!(
            Name::parse(&long),
            Err(NameError::TooLong {
                len: MAX_NAME_LEN + 1
            })
        );
    }

    proptest! {
        #[test]
        fn every_accepted_name_is_a_safe_path_segment(raw in "\\PC{0,50}") {
            if let Ok(name) = Name::parse(&raw) {
                let s = name.as_str();
                prop_assert!(!s.is_empty() && s.len() <= MAX_NAME_LEN);
                prop_assert!(!s.contains('/') && !s.contains("..") && !s.contains('\0'));
                prop_assert!(s.chars().all(|c| c.is_ascii_graphic()));
            }
        }
    }
}
