//! Loud skips: a test that cannot run because the machine lacks something
//! says so where a person sees it, never silently.
//!
//! libtest captures `eprintln!` of passing tests, so the notice is written to
//! the process's real stderr; when `COMPASS_SKIP_LOG` names a file (the
//! README's test command sets it), the notice is appended there too and the
//! command prints every skip in its closing summary.

use std::io::Write;

/// Report that `test` was skipped and why. The caller then returns early.
pub fn skip_loudly(test: &str, reason: &str) {
    let log = std::env::var_os("COMPASS_SKIP_LOG").map(std::path::PathBuf::from);
    skip_loudly_to(log.as_deref(), test, reason);
}

fn skip_loudly_to(log: Option<&std::path::Path>, test: &str, reason: &str) {
    // One line a skip, so the summary lists each once.
    let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    let line = format!("SKIPPED {test}: {reason}\n");
    let _ = std::io::stderr().write_all(format!("!!! {line}").as_bytes());
    if let Some(path) = log {
        let appended = fs_err::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(line.as_bytes()));
        if let Err(e) = appended {
            let _ = std::io::stderr()
                .write_all(format!("!!! could not log the skip: {e}\n").as_bytes());
        }
    }
}

/// Whether the run insists that everything runs: with `COMPASS_REQUIRE_ALL=1`
/// (CI on a machine that has every tool) a missing tool fails instead.
pub fn skips_forbidden() -> bool {
    std::env::var("COMPASS_REQUIRE_ALL").is_ok_and(|v| v == "1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skip_is_appended_to_the_log_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("skips");
        skip_loudly_to(Some(&log), "crate a", "no engine");
        skip_loudly_to(Some(&log), "crate b", "no\n  browser");
        let text = fs_err::read_to_string(&log).unwrap();
        assert_eq!(
            text,
            "SKIPPED crate a: no engine\nSKIPPED crate b: no browser\n"
        );
    }
}
