//! Projects: a name plus what is in scope — git repos (a local path or a
//! remote URL) and plain directories.

use crate::id::ProjectId;
use crate::name::Name;
use serde::{Deserialize, Serialize};

/// The most repos or directories one project may hold; a typo'd glob should
/// not create ten thousand clones.
pub const MAX_SCOPE_ENTRIES: usize = 64;
/// Longest path or URL accepted.
pub const MAX_LOCATION_LEN: usize = 4096;

/// Where a repo comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "location", rename_all = "snake_case")]
pub enum RepoSource {
    /// An absolute path to a git repository on this machine.
    Local(String),
    /// A URL git can clone: `https://`, `http://`, `ssh://`, `git://`,
    /// `file://`, or scp-style `user@host:path`.
    Remote(String),
}

impl RepoSource {
    pub fn location(&self) -> &str {
        match self {
            Self::Local(p) | Self::Remote(p) => p,
        }
    }
}

/// Why a repo or directory location was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocationError {
    #[error("is empty")]
    Empty,
    #[error("is {len} bytes long; the limit is {MAX_LOCATION_LEN}")]
    TooLong { len: usize },
    #[error("contains a control character")]
    Control,
    #[error("{0:?} is not an absolute path; give the full path (e.g. /home/me/src/app)")]
    NotAbsolute(String),
    #[error("{0:?} contains '..'; give the path without parent-directory steps")]
    ParentStep(String),
    #[error("{url:?} is not a URL git can clone: {why}")]
    BadUrl { url: String, why: String },
}

const CLONE_SCHEMES: [&str; 5] = ["https", "http", "ssh", "git", "file"];

impl RepoSource {
    /// Classify and validate what the user typed: something containing `://`
    /// or shaped `user@host:path` is remote, anything else a local path.
    pub fn parse(raw: &str) -> Result<Self, LocationError> {
        check_common(raw)?;
        if raw.contains("://") {
            let parsed = url::Url::parse(raw).map_err(|e| LocationError::BadUrl {
                url: raw.to_owned(),
                why: e.to_string(),
            })?;
            if !CLONE_SCHEMES.contains(&parsed.scheme()) {
                return Err(LocationError::BadUrl {
                    url: raw.to_owned(),
                    why: format!(
                        "scheme {:?} is not one of {}",
                        parsed.scheme(),
                        CLONE_SCHEMES.join(", ")
                    ),
                });
            }
            if parsed.scheme() != "file" && parsed.host_str().is_none_or(str::is_empty) {
                return Err(LocationError::BadUrl {
                    url: raw.to_owned(),
                    why: "it has no host".into(),
                });
            }
            if parsed.path().trim_matches('/').is_empty() {
                return Err(LocationError::BadUrl {
                    url: raw.to_owned(),
                    why: "it names no repository path".into(),
                });
            }
            return Ok(Self::Remote(raw.to_owned()));
        }
        if let Some((user_host, path)) = raw.split_once(':')
            && user_host.contains('@')
            && !raw.starts_with('/')
        {
            let valid_host = user_host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "@.-_".contains(c));
            if !valid_host || path.is_empty() || path.starts_with('-') {
                return Err(LocationError::BadUrl {
                    url: raw.to_owned(),
                    why: "scp-style locations look like user@host:owner/repo.git".into(),
                });
            }
            return Ok(Self::Remote(raw.to_owned()));
        }
        check_local_path(raw)?;
        Ok(Self::Local(raw.to_owned()))
    }
}

/// Validate a plain directory in scope: an absolute path without `..`.
pub fn parse_directory(raw: &str) -> Result<String, LocationError> {
    check_common(raw)?;
    check_local_path(raw)?;
    Ok(raw.to_owned())
}

fn check_common(raw: &str) -> Result<(), LocationError> {
    if raw.is_empty() {
        return Err(LocationError::Empty);
    }
    if raw.len() > MAX_LOCATION_LEN {
        return Err(LocationError::TooLong { len: raw.len() });
    }
    if raw.chars().any(char::is_control) {
        return Err(LocationError::Control);
    }
    Ok(())
}

fn check_local_path(raw: &str) -> Result<(), LocationError> {
    if !raw.starts_with('/') {
        return Err(LocationError::NotAbsolute(raw.to_owned()));
    }
    if raw.split('/').any(|seg| seg == "..") {
        return Err(LocationError::ParentStep(raw.to_owned()));
    }
    Ok(())
}

/// A stored project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Project {
    pub id: ProjectId,
    pub name: Name,
    pub repos: Vec<RepoSource>,
    pub directories: Vec<String>,
    /// The codename theme ephemeral agents draw from.
    pub theme: Name,
    pub created_at_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_locations() {
        assert_eq!(
            RepoSource::parse("/src/app"),
            Ok(RepoSource::Local("/src/app".into()))
        );
        for remote in [
            "https://example.com/org/repo.git",
            "ssh://git@example.com/org/repo",
            "file:///srv/git/repo.git",
            "git@example.com:org/repo.git",
        ] {
            assert_eq!(
                RepoSource::parse(remote),
                Ok(RepoSource::Remote(remote.into())),
                "{remote}"
            );
        }
    }

    #[test]
    fn refuses_bad_locations_with_reasons() {
        assert_eq!(RepoSource::parse(""), Err(LocationError::Empty));
        assert!(matches!(
            RepoSource::parse("relative/dir"),
            Err(LocationError::NotAbsolute(_))
        ));
        assert!(matches!(
            RepoSource::parse("/a/../etc"),
            Err(LocationError::ParentStep(_))
        ));
        assert!(matches!(
            RepoSource::parse("/a\nb"),
            Err(LocationError::Control)
        ));
        for bad in [
            "ftp://example.com/r",
            "https://",
            "https://example.com",
            "http//x",
            "git@host:-oProxy",
        ] {
            assert!(RepoSource::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
