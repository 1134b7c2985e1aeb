//! Path rules for fs/terminal requests: a path from the agent is data, not
//! trust. It must be absolute and, after lexical normalisation, lie inside
//! one of the workload's allowed roots. The executor then resolves symlinks
//! *inside the workload* and checks again (see `executor`).

use std::path::{Component, Path, PathBuf};

/// Why a path was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    #[error("path {0:?} is not absolute")]
    NotAbsolute(String),
    #[error("path {0:?} contains a NUL byte or newline")]
    BadByte(String),
    #[error("path {path:?} is outside the workload's allowed roots ({roots})")]
    OutsideRoots { path: String, roots: String },
}

/// Normalise `.` and `..` without touching the filesystem. `..` above `/`
/// stays at `/`.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for comp in path.components() {
        match comp {
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(c) => out.push(c),
        }
    }
    out
}

/// Check `raw` against `roots`; returns the normalised path.
pub fn confine(raw: &Path, roots: &[PathBuf]) -> Result<PathBuf, PathError> {
    let shown = raw.display().to_string();
    if shown.contains('\0') || shown.contains('\n') {
        return Err(PathError::BadByte(shown));
    }
    if !raw.is_absolute() {
        return Err(PathError::NotAbsolute(shown));
    }
    let norm = normalize(raw);
    if roots.iter().any(|r| norm.starts_with(normalize(r))) {
        Ok(norm)
    } else {
        Err(PathError::OutsideRoots {
            path: shown,
            roots: roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots() -> Vec<PathBuf> {
        vec![PathBuf::from("/work/app"), PathBuf::from("/tmp/agent")]
    }

    #[test]
    fn inside_roots_is_accepted_and_normalised() {
        assert_eq!(
            confine(Path::new("/work/app/src/../lib.rs"), &roots()),
            Ok(PathBuf::from("/work/app/lib.rs"))
        );
        assert_eq!(
            confine(Path::new("/work/app"), &roots()),
            Ok(PathBuf::from("/work/app"))
        );
    }

    #[test]
    fn escapes_are_refused() {
        assert!(matches!(
            confine(Path::new("/work/app/../../etc/passwd"), &roots()),
            Err(PathError::OutsideRoots { .. })
        ));
        // A sibling sharing the prefix is not inside.
        assert!(matches!(
            confine(Path::new("/work/app2/x"), &roots()),
            Err(PathError::OutsideRoots { .. })
        ));
        assert!(matches!(
            confine(Path::new("src/lib.rs"), &roots()),
            Err(PathError::NotAbsolute(_))
        ));
        assert!(matches!(
            confine(Path::new("/work/app/a\nb"), &roots()),
            Err(PathError::BadByte(_))
        ));
    }
}
