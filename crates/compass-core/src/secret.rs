//! A value that must not appear in logs, events or `Debug` output: the one
//! redacting wrapper. The runtime and the daemon carry secrets as bytes
//! (`Secret`, files may hold anything); Warden carries text
//! (`Secret<String>`: API keys, held values).

use std::fmt;

/// A secret value. `Display` and `Debug` print `[redacted]`; the value is
/// reachable only through [`Secret::expose`].
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Secret<T = Vec<u8>>(T);

impl<T> Secret<T> {
    pub fn new(value: impl Into<T>) -> Self {
        Self(value.into())
    }

    /// The raw value. Call sites are the audit surface: keep them few.
    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl<T> fmt::Display for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::Secret;

    #[test]
    fn debug_and_display_never_show_the_value() {
        let s: Secret<String> = Secret::new("sk-very-secret");
        assert_eq!(format!("{s:?} {s}"), "Secret([redacted]) [redacted]");
        let b: Secret = Secret::new(b"bytes".to_vec());
        assert_eq!(b.expose(), b"bytes");
    }
}
