//! Secret patterns, the pre-inference redactor and a redacting wrapper.
//!
//! The same pattern table feeds the `secret` detector (content and commands)
//! and the redactor that runs before any hosted model-judge call, so what is
//! detected as a secret is also what never leaves the machine.

use regex::Regex;
use std::sync::LazyLock;

/// A value that must not appear in logs, events or Debug output (text:
/// API keys, held values); the one wrapper is `compass_core::secret`'s.
pub type Secret = compass_core::secret::Secret<String>;

/// One kind of secret the scanner knows.
#[derive(Debug)]
pub struct SecretPattern {
    pub kind: &'static str,
    pub regex: Regex,
}

#[allow(clippy::expect_used)] // constant patterns, covered by tests
fn pat(kind: &'static str, re: &str) -> SecretPattern {
    SecretPattern {
        kind,
        regex: Regex::new(&re.replace(r"\b", r"(?-u:\b)")).expect("secret pattern compiles"),
    }
}

/// The secret patterns, most specific first.
pub static SECRET_PATTERNS: LazyLock<Vec<SecretPattern>> = LazyLock::new(|| {
    vec![
        pat(
            "private_key",
            r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----",
        ),
        pat("aws_access_key_id", r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
        pat(
            "aws_secret_access_key",
            r"(?i)aws_secret_access_key\s*[=:]\s*[A-Za-z0-9/+=]{40}",
        ),
        pat(
            "github_token",
            r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b",
        ),
        pat("gitlab_token", r"\bglpat-[A-Za-z0-9_-]{20,}\b"),
        pat("anthropic_key", r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
        pat("openai_key", r"\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}"),
        pat("slack_token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
        pat("stripe_key", r"\b[sr]k_live_[A-Za-z0-9]{20,}"),
        pat("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}\b"),
        pat("npm_token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        pat(
            "jwt",
            r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
        ),
        pat(
            "credential_assignment",
            r#"(?i)\b(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)\s*[=:]\s*["']?[A-Za-z0-9/+_\-!@#$%^&*]{12,}"#,
        ),
    ]
});

/// All secret patterns in one automaton: one scan tells which ones match.
#[allow(clippy::expect_used)] // the same constant patterns as above
static SECRET_SET: LazyLock<regex::RegexSet> = LazyLock::new(|| {
    regex::RegexSet::new(SECRET_PATTERNS.iter().map(|p| p.regex.as_str()))
        .expect("secret set compiles")
});

/// Kinds of secret found in `text`, each once, in table order.
pub fn find_secrets(text: &str) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    for i in SECRET_SET.matches(text).iter() {
        let Some(p) = SECRET_PATTERNS.get(i) else {
            continue;
        };
        if !kinds.contains(&p.kind) {
            // An assignment whose value is a placeholder is documentation,
            // not a secret.
            if p.kind == "credential_assignment" && only_placeholders(&p.regex, text) {
                continue;
            }
            kinds.push(p.kind);
        }
    }
    kinds
}

fn only_placeholders(re: &Regex, text: &str) -> bool {
    re.find_iter(text).all(|m| {
        let v = m.as_str().to_ascii_lowercase();
        [
            "xxxx",
            "your",
            "example",
            "changeme",
            "placeholder",
            "<",
            "${",
            "dummy",
            "test",
            "secret_",
        ]
        .iter()
        .any(|p| v.contains(p))
    })
}

/// Replace every secret in `text` with `[REDACTED:kind]`.
pub fn redact(text: &str) -> String {
    let mut out = text.to_string();
    for p in SECRET_PATTERNS.iter() {
        if p.regex.is_match(&out) {
            let label = format!("[REDACTED:{}]", p.kind);
            out = p.regex.replace_all(&out, label.as_str()).into_owned();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_and_redacts_real_shapes() {
        let text = "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB and AKIAIOSFODNN7EXAMPLE";
        assert_eq!(
            find_secrets(text),
            vec!["aws_access_key_id", "github_token"]
        );
        let red = redact(text);
        assert!(!red.contains("ghp_abc"));
        assert!(!red.contains("AKIAIOSFODNN7EXAMPLE"));
        assert!(red.contains("[REDACTED:github_token]"));
    }

    #[test]
    fn placeholders_are_not_secrets() {
        assert!(find_secrets("password = \"your-password-here\"").is_empty());
        assert!(find_secrets("fn main() { let x = 1; }").is_empty());
    }

    #[test]
    fn secret_never_shows_in_debug_or_display() {
        let s = Secret::new("sk-ant-very-secret-value-0123456789");
        assert!(!format!("{s:?}{s}").contains("very-secret"));
    }
}
