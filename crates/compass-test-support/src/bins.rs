//! Binaries built from this workspace, for tests in other crates: built
//! once per test process with the same cargo and profile as the tests.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The profile directory the running test binary lives in
/// (`target/debug` for `target/debug/deps/all-…`).
fn profile_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let deps = exe.parent().ok_or("test binary has no parent dir")?;
    let dir = if deps.file_name().is_some_and(|n| n == "deps") {
        deps.parent().ok_or("deps has no parent")?
    } else {
        deps
    };
    Ok(dir.to_path_buf())
}

fn build_bin(package: &str, bin: &str) -> Result<PathBuf, String> {
    let dir = profile_dir()?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace_root())
        .args(["build", "--quiet", "-p", package, "--bin", bin]);
    if dir.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    }
    if let Some(target) = dir.parent() {
        cmd.env("CARGO_TARGET_DIR", target);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("running cargo build -p {package}: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build -p {package} failed ({status})"));
    }
    let path = dir.join(bin);
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!("built {package} but {} is missing", path.display()))
    }
}

/// The `compass-scripted-agent` binary (built on first use).
///
/// # Panics
/// If it cannot be built — a test cannot run without it.
pub fn scripted_agent() -> PathBuf {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    built_once(&BIN, "compass-scripted-agent", "compass-scripted-agent")
}

/// The `compass-hook` binary (built on first use, into the same profile
/// dir as `compass`, where the daemon looks for it).
///
/// # Panics
/// If it cannot be built — a test cannot run without it.
pub fn compass_hook() -> PathBuf {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    built_once(&BIN, "compass-hook", "compass-hook")
}

/// The `compass-confine` binary (built on first use, beside `compass`,
/// whose directory every workload sees on its PATH): the opencode kind
/// starts through it.
///
/// # Panics
/// If it cannot be built — a test cannot run without it.
pub fn compass_confine() -> PathBuf {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    built_once(&BIN, "compass-hook", "compass-confine")
}

/// The `compass-netns-relay` binary (built on first use, beside
/// `compass`, where the sandbox looks for it): it also serves the HTTP hook
/// endpoint, so a test of that path runs the current one.
///
/// # Panics
/// If it cannot be built — a test cannot run without it.
pub fn netns_relay() -> PathBuf {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    built_once(&BIN, "compass-runtime", "compass-netns-relay")
}

/// The shipped scenario files.
pub fn scenarios_dir() -> PathBuf {
    workspace_root()
        .join("crates")
        .join("compass-scripted-agent")
        .join("scenarios")
}

/// An npm-installed agent under `tools/agents` (`node_modules/.bin/NAME`).
///
/// # Panics
/// With the install command when it is not installed.
#[allow(clippy::panic)]
pub fn npm_agent(name: &str) -> PathBuf {
    let dir = workspace_root().join("tools").join("agents");
    let bin = dir.join("node_modules").join(".bin").join(name);
    if !bin.exists() {
        panic!(
            "{name} is not installed: run `npm ci --prefix {}` (needs Node 20+ and npm)",
            dir.display()
        );
    }
    bin
}

/// The `claude-agent-acp` adapter (Claude Code over ACP).
pub fn claude_agent_acp() -> PathBuf {
    npm_agent("claude-agent-acp")
}

/// The `codex-acp` adapter.
pub fn codex_acp() -> PathBuf {
    npm_agent("codex-acp")
}

/// Gemini CLI (`gemini --acp`).
pub fn gemini_cli() -> PathBuf {
    npm_agent("gemini")
}

/// OpenCode (`opencode acp`).
pub fn opencode() -> PathBuf {
    npm_agent("opencode")
}

/// `node`'s absolute path, so a workload's fixed PATH still finds it.
///
/// # Panics
/// When node is not installed.
#[allow(clippy::panic)]
pub fn node_bin_dir() -> PathBuf {
    let out = Command::new("/bin/sh")
        .args(["-c", "command -v node"])
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let p = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
            p.parent().map(Path::to_path_buf).unwrap_or_default()
        }
        _ => panic!("node is not installed: install Node 20+ (e.g. `apt-get install nodejs npm`)"),
    }
}

/// `bin` of `package`, built the first time `cell` is asked.
#[allow(clippy::panic)]
fn built_once(
    cell: &'static OnceLock<Result<PathBuf, String>>,
    package: &str,
    bin: &str,
) -> PathBuf {
    match cell.get_or_init(|| build_bin(package, bin)) {
        Ok(p) => p.clone(),
        Err(e) => panic!("{e}"),
    }
}
