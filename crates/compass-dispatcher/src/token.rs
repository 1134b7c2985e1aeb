//! A tracker token: read from the secret store, sent only in the
//! `Authorization` header, redacted everywhere else.

use crate::error::DispatchError;
use std::fmt;

/// A bearer token; `Debug` and `Display` print `[redacted]`.
#[derive(Clone)]
pub struct Token {
    secret: String,
    value: String,
}

impl Token {
    /// A token from secret `secret`'s bytes: one line of printable ASCII
    /// (a header value cannot carry anything else).
    pub fn new(secret: &str, value: &[u8]) -> Result<Self, DispatchError> {
        let bad = || DispatchError::BadToken(secret.to_owned());
        let value = std::str::from_utf8(value).map_err(|_| bad())?.trim();
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(bad());
        }
        Ok(Self {
            secret: secret.to_owned(),
            value: value.to_owned(),
        })
    }

    /// The secret's name, for messages.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    pub(crate) fn bearer(&self) -> String {
        format!("Bearer {}", self.value)
    }

    /// Jira's: `email:api-token` as Basic (Cloud), anything else as a
    /// bearer token (a Data Center personal access token).
    pub(crate) fn basic_or_bearer(&self) -> String {
        use base64::Engine;
        if self.value.contains(':') {
            let encoded = base64::engine::general_purpose::STANDARD.encode(&self.value);
            format!("Basic {encoded}")
        } else {
            self.bearer()
        }
    }

    /// The token as the whole header value (Linear's personal API keys).
    pub(crate) fn bare(&self) -> String {
        self.value.clone()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({}: [redacted])", self.secret)
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_one_printable_line_and_never_printed() {
        let t = Token::new("GH", b"ghp_abc123\n").unwrap();
        assert_eq!(t.bearer(), "Bearer ghp_abc123");
        assert!(!format!("{t:?}{t}").contains("ghp_abc123"));
        assert!(Token::new("GH", b"a b").is_err());
        assert!(Token::new("GH", b"a\r\nX-Evil: 1").is_err());
        assert!(Token::new("GH", b"").is_err());
    }
}
