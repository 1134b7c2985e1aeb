//! Quoting an argv as one POSIX shell command line, so whoever parses the
//! line (Warden's output gate, a display) sees exactly the argv that runs.

/// Quote `argv` as one shell command line: `parse(&quote_argv(a))` gives
/// `a` back. A word made only of safe characters stays bare; anything else
/// is single-quoted. `=` is not safe: a bare `A=b` first word would read as
/// an environment assignment, not as the program it is.
pub fn quote_argv<S: AsRef<str>>(argv: &[S]) -> String {
    argv.iter()
        .map(|w| {
            let w = w.as_ref();
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./:@,+%".contains(c))
            {
                w.to_string()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::quote_argv;

    #[test]
    fn quotes_what_a_shell_would_split_or_reinterpret() {
        assert_eq!(
            quote_argv(&["git", "commit", "-m", "it's done"]),
            r"git commit -m 'it'\''s done'"
        );
        assert_eq!(quote_argv(&["A=b", "x"]), "'A=b' x");
        assert_eq!(quote_argv(&[""]), "''");
    }
}
