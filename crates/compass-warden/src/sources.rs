//! Sources ranked by risk (issue 14.1): an agent-instruction file
//! (`AGENTS.md`, `CLAUDE.md`, `.cursorrules`, …) shipped inside a dependency
//! or vendored code speaks to the agent with someone else's voice — not the
//! user's — so its instructions are read as addressed to the agent, and
//! reading it cautions. Judged from the source name only; nothing is read.
//!
//! A git submodule's checkout holds someone else's code too, at a path no
//! name gives away: its paths come from the host-owned clone the agent's
//! checkout was made from ([`Submodules`]), never from the agent's checkout.

use crate::error::WardenError;

pub use compass_core::submodules::{MAX_SUBMODULE_PATH, MAX_SUBMODULES};

/// File names agents load as instructions.
const AGENT_FILES: &[&str] = &[
    "agents.md",
    "agent.md",
    "claude.md",
    "gemini.md",
    ".cursorrules",
    ".windsurfrules",
    ".clinerules",
    ".goosehints",
    "copilot-instructions.md",
];

/// Directories whose files agents load as instructions (`.cursor/rules/`,
/// Junie's `.junie/`, Copilot's `.github/instructions/`, …), as path
/// segments ending in `/`.
const AGENT_DIRS: &[&str] = &[
    ".cursor/rules/",
    ".junie/",
    ".github/instructions/",
    ".clinerules/",
    ".windsurf/rules/",
    ".roo/",
    ".amazonq/rules/",
    ".kiro/steering/",
    ".continue/rules/",
    ".augment/rules/",
    ".trae/rules/",
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

/// The submodule checkouts inside an agent's checkouts, as lower-cased
/// paths from `/work/` on (`app/libs/kit`): dependency dirs like
/// `node_modules/`, whatever their names. Built by the daemon at the
/// agent's start from the gitlink entries of the user's repository (the
/// one its clone was made from), each validated here as a plain relative
/// path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Submodules(Vec<String>);

impl Submodules {
    /// The submodules at `paths` (relative to the repository's root, as
    /// git lists them) of the checkout at `/work/<repo>`. Refused whole if
    /// any path is not plain (absolute, empty, `.`/`..` segments, NUL,
    /// line breaks or other control characters) or there are more than
    /// [`MAX_SUBMODULES`] of them in all.
    pub fn add<'a>(
        &mut self,
        repo: &str,
        paths: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), WardenError> {
        let refuse = |path: &str, problem| WardenError::Submodule {
            path: path.chars().take(200).collect(),
            problem,
        };
        if !is_plain_segment(repo) {
            return Err(refuse(repo, "the checkout's name is not one path segment"));
        }
        let mut added = Vec::new();
        for path in paths {
            if path.len() > MAX_SUBMODULE_PATH {
                return Err(refuse(path, "longer than a submodule path may be"));
            }
            if path.chars().any(char::is_control) {
                return Err(refuse(
                    path,
                    "holds NUL, a line break or a control character",
                ));
            }
            if !path.split('/').all(is_plain_segment) {
                return Err(refuse(
                    path,
                    "not a plain relative path (absolute, empty, `.` or `..` segment)",
                ));
            }
            if self.0.len() + added.len() >= MAX_SUBMODULES {
                return Err(refuse(path, "more submodules than Warden keeps"));
            }
            added.push(format!("{repo}/{path}").to_ascii_lowercase());
        }
        self.0.extend(added);
        Ok(())
    }

    /// Whether a lower-cased path from `/work/` on lies inside one, in the
    /// clone (`app/…`) or a workstream's worktree of it
    /// (`.streams/<issue>/app/…`).
    fn holds(&self, rest: &str) -> bool {
        let rest = rest
            .strip_prefix(".streams/")
            .and_then(|r| r.split_once('/'))
            .map_or(rest, |(_, tree)| tree);
        self.0.iter().any(|sub| {
            rest.strip_prefix(sub.as_str())
                .is_some_and(|tail| tail.starts_with('/'))
        })
    }

    /// Whether no submodule is known.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn is_plain_segment(seg: &str) -> bool {
    !seg.is_empty() && seg != "." && seg != ".." && !seg.contains('/')
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
/// checkout (`submodules`) is a dependency dir too.
pub fn own_checkout_path(source: &str, submodules: &Submodules) -> Option<String> {
    let path = source.strip_prefix("file:")?.to_ascii_lowercase();
    let rest = path.strip_prefix("/work/")?;
    let segments: Vec<&str> = rest.split('/').collect();
    let plain = segments
        .iter()
        .all(|seg| !seg.is_empty() && *seg != "." && *seg != "..");
    let below_root = segments
        .get(1..segments.len().saturating_sub(1))
        .unwrap_or_default();
    (plain && segments.len() >= 2 && !has_dependency_dir(below_root) && !submodules.holds(rest))
        .then(|| rest.to_owned())
}

/// Whether `name` (lower-cased) is an agent-instruction file's name.
fn is_agent_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let text = [".md", ".mdc", ".txt"].iter().any(|e| name.ends_with(e));
    AGENT_FILES.contains(&name)
        || (text && AGENT_DIRS.iter().any(|d| path.contains(&format!("/{d}"))))
}

/// Rank a source name (`file:/work/app/node_modules/x/AGENTS.md`) read
/// by an agent whose checkouts hold `submodules`.
pub fn rank(source: &str, submodules: &Submodules) -> SourceRank {
    let Some(path) = source.strip_prefix("file:") else {
        return SourceRank::Content;
    };
    let path = path.to_ascii_lowercase();
    if !is_agent_file(&path) {
        return SourceRank::Content;
    }
    let in_submodule = path
        .strip_prefix("/work/")
        .is_some_and(|rest| submodules.holds(rest));
    if in_dependency(&path) || in_submodule {
        return SourceRank::DependencyAgentFile;
    }
    // The user's own: at the root of a checkout (or directly in its
    // `.github/`, or in an agent-instruction dir at its root), where the
    // user keeps it — not a nested copy.
    let own = own_checkout_path(source, submodules).is_some_and(|rest| {
        let inner = rest.split_once('/').map_or("", |(_, i)| i);
        let directly_in = |dir: &str| inner.strip_prefix(dir).is_some_and(|f| !f.contains('/'));
        !inner.contains('/')
            || directly_in(".github/")
            || AGENT_DIRS.iter().any(|d| inner.starts_with(d))
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

    fn none() -> Submodules {
        Submodules::default()
    }

    /// `app`'s submodules at `libs/kit` and `third/Ui`.
    fn kit() -> Submodules {
        let mut subs = Submodules::default();
        subs.add("app", ["libs/kit", "third/Ui"]).unwrap();
        subs
    }

    #[test]
    fn a_dependency_agent_file_is_not_the_users() {
        for s in [
            "file:/work/app/node_modules/@scope/kit/AGENTS.md",
            "file:/work/app/vendor/github.com/x/y/CLAUDE.md",
            "file:/work/app/.venv/lib/python3.12/site-packages/p/.cursorrules",
            "file:/home/agent/.cargo/registry/src/index/x-1.0/CLAUDE.md",
            "file:/work/app/node_modules/k/.github/copilot-instructions.md",
            // Agent-instruction dirs and other names.
            "file:/work/app/.venv/lib/python3.12/site-packages/p/.junie/guidelines.md",
            "file:/work/app/vendor/x/.github/instructions/go.instructions.md",
            "file:/work/app/node_modules/k/.roo/rules-code/style.md",
            "file:/work/app/third_party/j/AGENT.md",
        ] {
            assert_eq!(rank(s, &none()), SourceRank::DependencyAgentFile, "{s}");
        }
        for s in [
            "file:/work/app/AGENTS.md",
            "file:/work/app/CLAUDE.md",
            "file:/work/app/.junie/guidelines.md",
            "file:/work/app/.github/instructions/rust.instructions.md",
            "file:/work/app/.cursor/rules/style.mdc",
        ] {
            assert_eq!(rank(s, &none()), SourceRank::OwnAgentFile, "{s}");
        }
        for s in [
            "file:/work/app/node_modules/k/README.md",
            "url:https://example.com/vendor/AGENTS.md",
            // Not where the user keeps theirs: judged on content alone.
            "file:/tmp/clone/AGENTS.md",
            "file:/work/app/sub/checkout/CLAUDE.md",
            "file:/work/app/tests/../AGENTS.md",
            "file:/work//AGENTS.md",
            "file:/work/app/docs/.junie/guidelines.md",
            "file:/work/app/.junie/logo.png",
        ] {
            assert_eq!(rank(s, &none()), SourceRank::Content, "{s}");
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
            assert!(own_checkout_path(s, &none()).is_some(), "{s}");
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
            assert!(own_checkout_path(s, &none()).is_none(), "{s}");
        }
    }

    #[test]
    fn a_submodules_checkout_is_a_dependency_dir() {
        let subs = kit();
        for s in [
            "file:/work/app/libs/kit/AGENTS.md",
            "file:/work/app/libs/kit/docs/CLAUDE.md",
            "file:/work/app/third/ui/.cursorrules",
            "file:/work/.streams/demo-1/app/libs/kit/AGENTS.md",
        ] {
            assert_eq!(rank(s, &subs), SourceRank::DependencyAgentFile, "{s}");
            // Without the list it reads as the project's own tree.
            assert_ne!(rank(s, &none()), SourceRank::DependencyAgentFile, "{s}");
        }
        for s in [
            "file:/work/app/libs/kit/tests/fixture.md",
            "file:/work/app/libs/kit/README.md",
        ] {
            assert!(own_checkout_path(s, &subs).is_none(), "{s}");
            assert!(own_checkout_path(s, &none()).is_some(), "{s}");
        }
        // Whole segments, and only below the repo the list is for.
        for s in [
            "file:/work/app/libs/kitchen/README.md",
            "file:/work/app/libs/README.md",
            "file:/work/other/libs/kit/README.md",
        ] {
            assert!(own_checkout_path(s, &subs).is_some(), "{s}");
        }
        assert_eq!(
            rank("file:/work/app/AGENTS.md", &subs),
            SourceRank::OwnAgentFile
        );
        assert_eq!(
            rank("file:/work/other/libs/kit/AGENTS.md", &subs),
            SourceRank::Content
        );
    }

    #[test]
    fn submodule_paths_that_are_not_plain_are_refused_whole() {
        for bad in [
            "/etc",
            "../up",
            "libs/../../x",
            "libs/./kit",
            "libs//kit",
            "",
            "libs/kit/",
            "libs\nkit",
            "a\0b",
        ] {
            let mut subs = kit();
            let err = subs.add("app", ["ok/one", bad]).unwrap_err();
            assert!(err.to_string().contains("submodule path"), "{err}");
            assert_eq!(subs, kit(), "a refused list changed the list: {bad:?}");
        }
        assert!(Submodules::default().add("a/b", ["x"]).is_err());
        assert!(Submodules::default().add("..", ["x"]).is_err());
        let many: Vec<String> = (0..=MAX_SUBMODULES).map(|i| format!("m/{i}")).collect();
        let err = Submodules::default()
            .add("app", many.iter().map(String::as_str))
            .unwrap_err();
        assert!(err.to_string().contains("more submodules"), "{err}");
        let mut subs = Submodules::default();
        subs.add("app", many[..MAX_SUBMODULES].iter().map(String::as_str))
            .unwrap();
        assert!(!subs.is_empty());
    }
}
