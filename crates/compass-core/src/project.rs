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
    /// `file://`, or scp-style `user@host:path` (`[user@host:port]:path` with a port).
    Remote(String),
}

impl RepoSource {
    pub fn location(&self) -> &str {
        match self {
            Self::Local(p) | Self::Remote(p) => p,
        }
    }
}

/// The directory a repo gets under `/work`, named after its location's
/// last path segment (`/src/app.git` → `app`): a valid [`crate::Name`].
/// Also the repo's name on the board and in the agents' channel.
pub fn repo_dir_name(location: &str) -> String {
    let last = location
        .trim_end_matches('/')
        .rsplit(['/', ':'])
        .next()
        .unwrap_or("repo");
    let base = last
        .strip_suffix(".git")
        .unwrap_or(last)
        .to_ascii_lowercase();
    let cleaned: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let trimmed = cleaned.trim_matches(|c| c == '-' || c == '_');
    if trimmed.starts_with(|c: char| c.is_ascii_lowercase()) {
        trimmed.chars().take(40).collect()
    } else {
        format!("r{}", trimmed.chars().take(39).collect::<String>())
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
    /// The value is not echoed: it holds a password or token.
    #[error(
        "the URL carries credentials ({shown}); give it without the `user:password@` or token part and store the credential with `compass secret set NAME` (value on stdin)"
    )]
    Credentials { shown: String },
}

const CLONE_SCHEMES: [&str; 5] = ["https", "http", "ssh", "git", "file"];

impl RepoSource {
    /// Classify and validate what the user typed: something containing `://`
    /// or shaped `user@host:path` is remote, anything else a local path.
    pub fn parse(raw: &str) -> Result<Self, LocationError> {
        check_credentials(raw)?;
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
        // scp-style with a port, as git reads it: `[user@host:port]:path`.
        if let Some((inner, path)) = raw.strip_prefix('[').and_then(|r| r.split_once("]:")) {
            let valid = inner
                .rsplit_once(':')
                .is_some_and(|(user_host, _)| scp_user_host_ok(user_host))
                && inner
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "@.-_:".contains(c));
            if !valid || path.is_empty() || path.starts_with('-') {
                return Err(LocationError::BadUrl {
                    url: raw.to_owned(),
                    why:
                        "scp-style locations with a port look like [user@host:port]:owner/repo.git"
                            .into(),
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
                .all(|c| c.is_ascii_alphanumeric() || "@.-_".contains(c))
                && scp_user_host_ok(user_host);
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

/// The `user@host` of an scp-style location: each part starts with a
/// letter, digit or `_` (a leading `-` reads as an ssh option, a leading
/// `.` or an empty part names no host Compass would bind a key to).
fn scp_user_host_ok(user_host: &str) -> bool {
    user_host
        .split('@')
        .all(|p| p.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Refuse a location that embeds a secret, before anything echoes or
/// stores it: a password in any URL (`https://user:pw@host/x`, also
/// scp-style `user:pw@host:x`), and any user name in an HTTP(S) URL, where a
/// token in that place authenticates as well as a password.
fn check_credentials(raw: &str) -> Result<(), LocationError> {
    let (scheme, rest) = raw.split_once("://").unwrap_or(("", raw));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let Some((userinfo, host)) = authority.rsplit_once('@') else {
        return Ok(());
    };
    let scheme = scheme.to_ascii_lowercase();
    let http = scheme == "http" || scheme == "https";
    if userinfo.contains(':') || (http && !userinfo.is_empty()) {
        let shown = if scheme.is_empty() {
            format!("***@{host}")
        } else {
            format!("{scheme}://***@{host}")
        };
        return Err(LocationError::Credentials { shown });
    }
    Ok(())
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
        for secret in [
            "https://user:hunter2@example.com/org/repo.git",
            "https://ghp_abcdefghijklmnop@example.com/org/repo.git",
            "ssh://git:hunter2@example.com/org/repo.git",
            "git:hunter2@example.com:org/repo.git",
            "HTTPS://tok@example.com/r.git",
        ] {
            let err = RepoSource::parse(secret).unwrap_err();
            assert!(
                matches!(err, LocationError::Credentials { .. }),
                "{secret}: {err}"
            );
            let shown = err.to_string();
            assert!(
                !shown.contains("hunter2") && !shown.contains("ghp_") && !shown.contains("tok@"),
                "{shown}"
            );
        }
        // A user name alone names the account, not a secret, outside HTTP.
        assert!(RepoSource::parse("ssh://git@example.com/org/repo.git").is_ok());
        assert!(RepoSource::parse("git@example.com:org/repo.git").is_ok());
        assert!(RepoSource::parse("[git@127.0.0.1:2222]:/srv/repo.git").is_ok());
        for bad in [
            "[-oProxyCommand=x:22]:r",
            "[git@h:22]:-oX",
            "[git@h;id:22]:r",
            "[git@h:22]:",
            "ftp://example.com/r",
            "https://",
            "https://example.com",
            "http//x",
            "git@host:-oProxy",
            ".me@host:repo",
            "-oX@h:p",
            "git@-h:p",
            "git@.h:p",
            "@h:p",
            "[.u@h:22]:r",
            "[u@-h:22]:r",
        ] {
            assert!(RepoSource::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
