//! Sources ranked by risk (issue 14.1): an agent-instruction file
//! (`AGENTS.md`, `CLAUDE.md`, `.cursorrules`, …) shipped inside a dependency
//! or vendored code speaks to the agent with someone else's voice — not the
//! user's — so its instructions are read as addressed to the agent, and
//! reading it cautions. Judged from the source name only; nothing is read.

/// File names agents load as instructions.
const AGENT_FILES: &[&str] = &[
    "agents.md",
    "claude.md",
    "gemini.md",
    ".cursorrules",
    ".windsurfrules",
    ".clinerules",
    "copilot-instructions.md",
];

/// Directories that hold other people's code (or, `.git`, the
/// repository's internals), as path segments.
const DEPENDENCY_DIRS: &[&str] = &[
    "node_modules",
    "vendor",
    "third_party",
    "site-packages",
    "dist-packages",
    ".venv",
    "bower_components",
    "deps",
    "target",
    ".yarn/unplugged",
    ".yarn/cache",
    "external",
    "pods",
    ".git",
    ".cargo/registry",
    ".cargo/git",
    "go/pkg/mod",
    ".m2/repository",
];

/// How far a source is trusted to instruct the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceRank {
    /// An agent-instruction file inside a dependency or vendored code.
    DependencyAgentFile,
    /// The user's own agent-instruction file: speaking to the agent is
    /// its purpose, so only a harmful goal in it counts.
    OwnAgentFile,
    /// Anything else: judged on its content alone.
    Content,
}

/// Whether any run of `segments` is a dependency dir (whole segments
/// only: `myvendor/` or `vendor.md` is not `vendor/`).
fn has_dependency_dir(segments: &[&str]) -> bool {
    DEPENDENCY_DIRS.iter().any(|d| {
        let dir: Vec<&str> = d.split('/').collect();
        segments.windows(dir.len()).any(|w| w == dir.as_slice())
    })
}

/// Whether a lower-cased path holds a dependency dir anywhere (used only
/// to raise caution, never to grant trust).
fn in_dependency(path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').collect();
    // The last segment is the file's name, not a directory.
    has_dependency_dir(&segments[..segments.len().saturating_sub(1)])
}

/// The path (lower-cased, from the repo's name on: `app/tests/a.txt`) of a
/// `file:` source inside the agent's own checkout (`/work/<repo>/…`),
/// plain (no empty, `.` or `..` segment) and outside every dependency dir
/// (a segment below the checkout's root: `app/node_modules/…`,
/// `app/deps/…`, `app/.git/…`). Trust a path earns (a test file, project
/// code, installer docs, the user's agent file) is given only there:
/// anywhere else the path is the attacker's to choose. A submodule's
/// checkout is not told apart (that needs `.gitmodules`, which is not read).
pub fn own_checkout_path(source: &str) -> Option<String> {
    let path = source.strip_prefix("file:")?.to_ascii_lowercase();
    let rest = path.strip_prefix("/work/")?;
    let segments: Vec<&str> = rest.split('/').collect();
    let plain = segments
        .iter()
        .all(|seg| !seg.is_empty() && *seg != "." && *seg != "..");
    let below_root = segments
        .get(1..segments.len().saturating_sub(1))
        .unwrap_or_default();
    (plain && segments.len() >= 2 && !has_dependency_dir(below_root)).then(|| rest.to_owned())
}

/// Whether `name` (lower-cased) is an agent-instruction file's name.
fn is_agent_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    AGENT_FILES.contains(&name) || (path.contains(".cursor/rules/") && name.ends_with(".mdc"))
}

/// Rank a source name (`file:/work/app/node_modules/x/AGENTS.md`).
pub fn rank(source: &str) -> SourceRank {
    let Some(path) = source.strip_prefix("file:") else {
        return SourceRank::Content;
    };
    let path = path.to_ascii_lowercase();
    if !is_agent_file(&path) {
        return SourceRank::Content;
    }
    if in_dependency(&path) {
        return SourceRank::DependencyAgentFile;
    }
    // The user's own: at the root of a checkout (or its `.github/` and
    // `.cursor/rules/`), where the user keeps it — not a nested copy.
    let own = own_checkout_path(source).is_some_and(|rest| {
        let depth = rest.split('/').count();
        depth == 2
            || (depth == 3 && rest.contains("/.github/"))
            || (depth == 4 && rest.contains("/.cursor/rules/"))
    });
    if own {
        SourceRank::OwnAgentFile
    } else {
        SourceRank::Content
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dependency_agent_file_is_not_the_users() {
        for s in [
            "file:/work/app/node_modules/@scope/kit/AGENTS.md",
            "file:/work/app/vendor/github.com/x/y/CLAUDE.md",
            "file:/work/app/.venv/lib/python3.12/site-packages/p/.cursorrules",
            "file:/home/agent/.cargo/registry/src/index/x-1.0/CLAUDE.md",
            "file:/work/app/node_modules/k/.github/copilot-instructions.md",
        ] {
            assert_eq!(rank(s), SourceRank::DependencyAgentFile, "{s}");
        }
        for s in ["file:/work/app/AGENTS.md", "file:/work/app/CLAUDE.md"] {
            assert_eq!(rank(s), SourceRank::OwnAgentFile, "{s}");
        }
        for s in [
            "file:/work/app/node_modules/k/README.md",
            "url:https://example.com/vendor/AGENTS.md",
            // Not where the user keeps theirs: judged on content alone.
            "file:/tmp/clone/AGENTS.md",
            "file:/work/app/sub/checkout/CLAUDE.md",
            "file:/work/app/tests/../AGENTS.md",
            "file:/work//AGENTS.md",
        ] {
            assert_eq!(rank(s), SourceRank::Content, "{s}");
        }
    }

    #[test]
    fn dependency_dirs_are_whole_segments_below_the_checkouts_root() {
        for s in [
            "file:/work/app/docs/setup.md",
            "file:/work/app/README.md",
            "file:/work/vendor/README.md",
            "file:/work/app/src/myvendor/a.md",
            "file:/work/app/docs/deps.md",
            "file:/work/app/targets/a.md",
        ] {
            assert!(own_checkout_path(s).is_some(), "{s}");
        }
        for s in [
            "file:/work/app/node_modules/k/README.md",
            "file:/work/app/deps/plug/README.md",
            "file:/work/app/target/doc/README.md",
            "file:/work/app/.yarn/unplugged/k/README.md",
            "file:/work/app/external/rules_x/README.md",
            "file:/work/app/ios/Pods/K/README.md",
            "file:/work/app/.git/modules/k/README.md",
            "file:/work/app/node_modules/../../tmp/x.md",
            "file:/tmp/vendor/README.md",
            "file:/home/agent/.cargo/registry/src/index/x-1.0/README.md",
            "file:/work/app",
            "url:https://example.com/install",
            "api:tool_result",
        ] {
            assert!(own_checkout_path(s).is_none(), "{s}");
        }
    }
}
