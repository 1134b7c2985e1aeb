//! The one rule for an environment variable's name, shared by the runtime
//! (every env key it passes to bwrap or podman), the kinds registry and
//! `compass-confine`.

/// `[A-Za-z_][A-Za-z0-9_]*`.
pub fn is_env_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_digits_and_underscores_not_led_by_a_digit() {
        for ok in ["A", "_", "OPENAI_API_KEY", "a1_b"] {
            assert!(is_env_name(ok), "{ok}");
        }
        for bad in ["", "1A", "A-B", "A=B", "A B", "É"] {
            assert!(!is_env_name(bad), "{bad}");
        }
    }
}
