//! A forge binding's values: the origin a secret is bound to, the user
//! name sent with it, and the checks on both and on the token — what the
//! secret store keeps beside a forge-bound secret, and what `crate::forge`
//! lends it for.

use super::SecretError;

/// The user name sent when a binding names none (GitHub, Gitea and GitLab
/// accept a token under any user name; GitHub documents this one).
pub(crate) const DEFAULT_USERNAME: &str = "x-access-token";
/// A forge origin as git names it in a credential request: the scheme
/// (`protocol=`) and the host with a non-default port (`host=`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) scheme: String,
    pub(crate) host: String,
}

impl Origin {
    /// The origin of a remote URL git talks HTTP(S) to; `None` for paths,
    /// `ssh://`, scp-style and `git://` remotes (no HTTP credential).
    pub(crate) fn of_remote(url: &str) -> Option<Self> {
        let parsed = url::Url::parse(url).ok()?;
        matches!(parsed.scheme(), "http" | "https").then_some(())?;
        let host = parsed.host_str()?.to_ascii_lowercase();
        Some(Self {
            scheme: parsed.scheme().to_owned(),
            host: match parsed.port() {
                Some(p) => format!("{host}:{p}"),
                None => host,
            },
        })
    }

    /// What a user gives to `--forge`: `https://host[:port]` with nothing
    /// after the host, or `http://` for a loopback host only (a token sent
    /// in the clear over a network is a token given away).
    pub(crate) fn parse_binding(raw: &str) -> Result<Self, SecretError> {
        let bad = |why: &str| SecretError::Invalid {
            field: "forge",
            why: format!("{:?} {why}", raw.escape_debug().to_string()),
        };
        let parsed = url::Url::parse(raw).map_err(|e| bad(&format!("is not a URL ({e})")))?;
        if !parsed.username().is_empty() || parsed.password().is_some() {
            return Err(bad(
                "carries credentials; the secret's value is the credential",
            ));
        }
        if !parsed.path().trim_matches('/').is_empty() || parsed.query().is_some() {
            return Err(bad(
                "names more than an origin; give scheme://host[:port] only",
            ));
        }
        let origin = Self::of_remote(raw)
            .ok_or_else(|| bad("is not an http(s) origin (https://host[:port])"))?;
        let loopback = matches!(
            parsed.host(),
            Some(url::Host::Ipv4(a)) if a.is_loopback()
        ) || matches!(parsed.host(), Some(url::Host::Ipv6(a)) if a.is_loopback())
            || parsed.host_str() == Some("localhost");
        if origin.scheme == "http" && !loopback {
            return Err(bad(
                "is plain http to a host that is not loopback; use https",
            ));
        }
        Ok(origin)
    }

    /// `scheme://host[:port]`, as stored and shown.
    /// Whether git's credential request (`protocol=`, `host=`) names
    /// exactly this origin.
    pub(crate) fn is_requested_by(&self, protocol: &str, host: &str) -> bool {
        self.scheme == protocol && self.host.eq_ignore_ascii_case(host)
    }

    pub(crate) fn as_url(&self) -> String {
        format!("{}://{}", self.scheme, self.host)
    }
}

/// A user name fit for git's credential protocol and a forge.
pub(crate) fn check_username(raw: &str) -> Result<(), SecretError> {
    let ok = !raw.is_empty()
        && raw.len() <= 128
        && raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._@+-".contains(c));
    if ok {
        Ok(())
    } else {
        Err(SecretError::Invalid {
            field: "forge_username",
            why: format!(
                "{:?} is not a user name ([A-Za-z0-9._@+-], at most 128)",
                raw.escape_debug().to_string()
            ),
        })
    }
}

/// A forge-bound value: it goes into `password=` lines, so one line of
/// printable text.
pub(crate) fn check_forge_value(value: &[u8]) -> Result<(), SecretError> {
    let ok = std::str::from_utf8(value).is_ok_and(|v| !v.chars().any(char::is_control));
    if ok {
        Ok(())
    } else {
        Err(SecretError::Invalid {
            field: "value",
            why: "a forge-bound secret must be one line of UTF-8 text without control characters"
                .into(),
        })
    }
}
