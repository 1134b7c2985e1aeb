//! The per-start token that guards the board port: made at start, compared
//! in constant time wherever a request presents it (the gRPC-Web routes'
//! header, the shell WebSocket's subprotocol).

pub(crate) fn new_token() -> String {
    let bytes: [u8; 24] = rand::random();
    hex::encode(bytes)
}

/// Constant-time comparison, so the token cannot be guessed byte by byte.
pub(crate) fn token_matches(given: &[u8], expected: &[u8]) -> bool {
    given.len() == expected.len()
        && given
            .iter()
            .zip(expected)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::token_matches;

    #[test]
    fn tokens_compare_whole() {
        assert!(token_matches(b"abc", b"abc"));
        assert!(!token_matches(b"abd", b"abc"));
        assert!(!token_matches(b"ab", b"abc"));
        assert!(!token_matches(b"", b"abc"));
    }
}
