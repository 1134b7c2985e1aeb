//! Why the host refused an operation inside an agent's tree, and what kind
//! of entry it met there: [`crate::agentfs`]'s answers, in a leaf module so
//! the runtime's error type can carry them.

use std::fmt;

/// What a directory entry is, as `lstat` sees it (links are not followed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    Symlink,
    Fifo,
    Socket,
    CharDevice,
    BlockDevice,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::File => "regular file",
            Self::Dir => "directory",
            Self::Symlink => "symlink",
            Self::Fifo => "FIFO",
            Self::Socket => "socket",
            Self::CharDevice => "character device",
            Self::BlockDevice => "block device",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why an operation inside an agent's tree was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("it passes through a symlink (links in an agent's tree are never followed)")]
    Symlink,
    #[error("it is not a plain relative path (`..`, `.` and absolute paths are refused)")]
    Escapes,
    #[error("it crosses a mount point")]
    CrossesMount,
    #[error("it is a {0}, not a regular file")]
    NotRegular(Kind),
    #[error("it is larger than {0} bytes")]
    TooLarge(u64),
    #[error("it is a {found}, where an empty read-only {stand_in} must stand in (remove it)")]
    NotMaskable { found: Kind, stand_in: Kind },
    #[error("its contents keep changing while it is removed")]
    Contended,
    #[error("{}, where a {pinned} must be pinned (a masked path or a dir above one)", found_text(*.found))]
    NotPinnable { found: Option<Kind>, pinned: Kind },
}

fn found_text(found: Option<Kind>) -> String {
    match found {
        Some(kind) => format!("it is a {kind}"),
        None => "nothing is there".to_owned(),
    }
}
