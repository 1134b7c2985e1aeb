//! A kind's read-only masks (`[kind.provision.masked]`): names of config
//! places the agent would load code or settings from and can itself write
//! (OpenCode's project `.opencode/` and `opencode.json`, Codex's
//! `~/.codex/config.toml`). At launch each name, at the session's working
//! directory and at every directory above it up to the workload's work
//! root, and each home path below the agent's `$HOME`, becomes a [`Mask`]:
//! the agent process sees an empty, read-only directory or file there.

use compass_runtime::{Mask, MaskShape};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The names a kind masks, by the shape that stands in for them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Masked {
    /// Seen as empty, read-only directories (e.g. `.opencode`).
    #[serde(default)]
    pub dirs: Vec<String>,
    /// Seen as empty, read-only files (e.g. `opencode.json`).
    #[serde(default)]
    pub files: Vec<String>,
    /// Directories below the agent's `$HOME` seen as empty and read-only
    /// (e.g. `.config/opencode`): relative paths of plain components.
    #[serde(default)]
    pub home_dirs: Vec<String>,
    /// Files below the agent's `$HOME` seen as empty and read-only (e.g.
    /// `.codex/config.toml`): relative paths of plain components.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub home_files: Vec<String>,
}

impl Masked {
    pub fn is_empty(&self) -> bool {
        self.dirs.is_empty()
            && self.files.is_empty()
            && self.home_dirs.is_empty()
            && self.home_files.is_empty()
    }

    /// Every name is one plain path component: not empty, `.` or `..`, no
    /// `/`, NUL or line break, and no leading `-` (it reaches bwrap).
    pub fn check(&self) -> Result<(), String> {
        for name in self.dirs.iter().chain(&self.files) {
            if name.contains('/') || !plain(name) {
                return Err(format!(
                    "{name:?} must be a single file or directory name (no `/`, not `.` or `..`, no leading `-`)"
                ));
            }
        }
        for path in self.home_dirs.iter().chain(&self.home_files) {
            if !path.split('/').all(plain) {
                return Err(format!(
                    "{path:?} must be a relative path below $HOME (plain names joined by `/`)"
                ));
            }
        }
        Ok(())
    }

    /// The masks for an agent working in `cwd`: each name at `cwd` and at
    /// every directory above it up to `root` (OpenCode looks for its
    /// project config from the working directory up to the repository's
    /// root, and a checkout without one goes up further).
    /// `home_dirs` and `home_files` are masked below `home`.
    pub fn at(&self, cwd: &Path, root: &Path, home: &Path) -> Vec<Mask> {
        let shaped = self
            .dirs
            .iter()
            .map(|n| (n, MaskShape::Dir))
            .chain(self.files.iter().map(|n| (n, MaskShape::File)));
        let dirs: Vec<&Path> = cwd
            .ancestors()
            .take_while(|d| d.starts_with(root))
            .collect();
        dirs.iter()
            .flat_map(|dir| {
                shaped.clone().map(move |(name, shape)| Mask {
                    path: dir.join(name),
                    shape,
                })
            })
            .chain(self.home_dirs.iter().map(|rel| Mask {
                path: home.join(rel),
                shape: MaskShape::Dir,
            }))
            .chain(self.home_files.iter().map(|rel| Mask {
                path: home.join(rel),
                shape: MaskShape::File,
            }))
            .collect()
    }
}

/// One plain path component: not empty, `.` or `..`, no NUL, line break
/// or leading `-` (it reaches bwrap).
fn plain(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.starts_with('-')
        && !name.contains(['/', '\0', '\n', '\r'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opencode() -> Masked {
        Masked {
            dirs: vec![".opencode".into()],
            files: vec!["opencode.json".into()],
            home_dirs: vec![".config/opencode".into()],
            home_files: vec![".codex/config.toml".into()],
        }
    }

    #[test]
    fn each_name_is_masked_from_the_working_dir_up_to_the_root() {
        let home = Path::new("/home/agent");
        let masks = opencode().at(Path::new("/work/trees/ws-1/app"), Path::new("/work"), home);
        let shown: Vec<_> = masks
            .iter()
            .map(|m| format!("{} {:?}", m.path.display(), m.shape))
            .collect();
        let mut want = Vec::new();
        for dir in [
            "/work/trees/ws-1/app",
            "/work/trees/ws-1",
            "/work/trees",
            "/work",
        ] {
            want.push(format!("{dir}/.opencode Dir"));
            want.push(format!("{dir}/opencode.json File"));
        }
        want.push("/home/agent/.config/opencode Dir".into());
        want.push("/home/agent/.codex/config.toml File".into());
        assert_eq!(shown, want);
        let elsewhere = opencode().at(Path::new("/elsewhere"), Path::new("/work"), home);
        assert_eq!(elsewhere.len(), 2, "only the home paths: {elsewhere:?}");
        let none = Masked::default().at(Path::new("/work/app"), Path::new("/work"), home);
        assert!(none.is_empty());
    }

    #[test]
    fn a_name_that_is_not_one_plain_component_is_refused() {
        assert!(opencode().check().is_ok());
        for bad in ["", ".", "..", "a/b", "-x", "a\nb", "a\0b", "/abs"] {
            let masked = Masked {
                dirs: vec![bad.into()],
                ..Masked::default()
            };
            let err = masked.check().unwrap_err();
            assert!(
                err.contains("single file or directory name"),
                "{bad:?}: {err}"
            );
            let masked = Masked {
                files: vec![bad.into()],
                ..Masked::default()
            };
            assert!(masked.check().is_err(), "{bad:?}");
        }
        for bad in ["", "a//b", "../x", "/abs", "-x/y", "a/./b"] {
            let masked = Masked {
                home_dirs: vec![bad.into()],
                ..Masked::default()
            };
            let err = masked.check().unwrap_err();
            assert!(err.contains("below $HOME"), "{bad:?}: {err}");
            let masked = Masked {
                home_files: vec![bad.into()],
                ..Masked::default()
            };
            let err = masked.check().unwrap_err();
            assert!(err.contains("below $HOME"), "{bad:?}: {err}");
        }
    }
}
