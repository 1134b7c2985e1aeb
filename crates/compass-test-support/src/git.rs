//! git for tests: run in a directory with a fixed identity, `main` as the
//! first branch and no signing, whatever the machine's config says; a
//! failure fails the test with git's stderr.

use std::path::Path;
use std::process::Command;

/// Run `git args` in `dir`; its stdout, trimmed. A `-c` in `args` wins over
/// the defaults set here (the later setting counts).
///
/// # Panics
/// When git cannot run or fails: the test cannot go on.
#[allow(clippy::panic)]
pub fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("running git {args:?}: {e}"));
    assert!(
        out.status.success(),
        "git {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}
