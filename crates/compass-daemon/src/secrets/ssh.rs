//! An SSH binding's values: the host a private key is bound to
//! (`compass secret set NAME --ssh-key ssh://HOST[:PORT] --known-hosts
//! FILE`), the known hosts pinned with it, and the checks on those, on the
//! key and on an SSH remote's URL (`ssh://[user@]host[:port]/path` and
//! scp-style `[user@]host:path` or `[[user@]host:port]:path`). What the
//! store keeps beside an SSH-bound secret, and what `crate::remote_auth`
//! lends it for.

use super::SecretError;

/// The port an SSH remote without one is reached on.
const DEFAULT_PORT: u16 = 22;
/// Largest known-hosts text a binding takes.
const MAX_KNOWN_HOSTS: usize = 64 * 1024;

/// An SSH host as a remote names it: lower-case, with its port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SshHost {
    pub(crate) host: String,
    pub(crate) port: u16,
}

fn invalid(field: &'static str, raw: &str, why: &str) -> SecretError {
    SecretError::Invalid {
        field,
        why: format!("{:?} {why}", raw.escape_debug().to_string()),
    }
}

/// A host name or address ssh cannot take for an option or a second
/// argument: letters, digits, '.', '-' (not first), or a bracketed IPv6.
fn check_host(field: &'static str, raw: &str) -> Result<String, SecretError> {
    let name_ok = !raw.is_empty()
        && raw.len() <= 253
        && raw.starts_with(|c: char| c.is_ascii_alphanumeric())
        && raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-".contains(c));
    let v6_ok = raw.len() > 2
        && raw.starts_with('[')
        && raw.ends_with(']')
        && raw[1..raw.len() - 1]
            .chars()
            .all(|c| c.is_ascii_hexdigit() || ":.".contains(c));
    if name_ok || v6_ok {
        Ok(raw.to_ascii_lowercase())
    } else {
        Err(invalid(
            field,
            raw,
            "is not a host name or address (letters, digits, '.', '-', not first; or [IPv6])",
        ))
    }
}

fn check_user(field: &'static str, raw: &str) -> Result<(), SecretError> {
    let ok = !raw.is_empty()
        && raw.len() <= 64
        && raw.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        && raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    if ok {
        Ok(())
    } else {
        Err(invalid(
            field,
            raw,
            "is not an SSH user name ([A-Za-z0-9._-])",
        ))
    }
}

fn parse_port(field: &'static str, raw: &str) -> Result<u16, SecretError> {
    raw.parse::<u16>()
        .ok()
        .filter(|p| *p != 0)
        .ok_or_else(|| invalid(field, raw, "is not a port (1-65535)"))
}

/// `[user@]host[:port]` (the port only where the syntax allows one).
fn authority(field: &'static str, raw: &str, with_port: bool) -> Result<SshHost, SecretError> {
    let hostport = match raw.rsplit_once('@') {
        Some((user, rest)) => {
            check_user(field, user)?;
            rest
        }
        None => raw,
    };
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) if with_port && !h.is_empty() && !p.contains(']') => {
            (h, parse_port(field, p)?)
        }
        _ => (hostport, DEFAULT_PORT),
    };
    Ok(SshHost {
        host: check_host(field, host)?,
        port,
    })
}

impl SshHost {
    /// What a user gives to `--ssh-key`: `ssh://host[:port]`, nothing else.
    pub(crate) fn parse_binding(raw: &str) -> Result<Self, SecretError> {
        let field = "ssh_key";
        let rest = raw
            .strip_prefix("ssh://")
            .ok_or_else(|| invalid(field, raw, "is not ssh://HOST[:PORT]"))?;
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '@', '?', '#']) {
            return Err(invalid(
                field,
                raw,
                "names more than a host; give ssh://HOST[:PORT] only",
            ));
        }
        authority(field, rest, true)
    }

    /// The host of a remote git reaches over SSH: `None` for any other
    /// remote (a path, `http(s)://`, `file://`); `Err` for an SSH remote
    /// whose user or host Compass will not hand to ssh.
    pub(crate) fn of_remote(url: &str) -> Option<Result<Self, SecretError>> {
        let field = "repo source";
        let url = url.trim();
        for scheme in ["ssh://", "git+ssh://", "ssh+git://"] {
            if let Some(rest) = url.strip_prefix(scheme) {
                let auth = rest.split('/').next().unwrap_or_default();
                // `ssh://[v6]:port` and `ssh://host:port`: the last ':' not
                // inside brackets is the port's.
                return Some(authority(field, auth, true));
            }
        }
        if url.contains("://") || url.starts_with('/') || url.starts_with('.') {
            return None;
        }
        // scp-style, as git reads it: a ':' before any '/'. Brackets may
        // carry a port: `[user@host:port]:path`.
        if let Some(inner) = url.strip_prefix('[') {
            let (auth, after) = inner.split_once(']')?;
            after.strip_prefix(':')?;
            return Some(authority(field, auth, true));
        }
        let colon = url.find(':')?;
        if url[..colon].contains('/') {
            return None;
        }
        Some(authority(field, &url[..colon], false))
    }

    /// `ssh://host[:port]`, as stored and shown.
    pub(crate) fn as_url(&self) -> String {
        if self.port == DEFAULT_PORT {
            format!("ssh://{}", self.host)
        } else {
            format!("ssh://{}:{}", self.host, self.port)
        }
    }
}

/// Known-hosts text a user pins with an SSH key: at least one entry, each
/// `[marker] hosts keytype base64 [comment]` on one line, nothing ssh
/// would read as something else. Returned as stored (trailing newline).
pub(crate) fn check_known_hosts(raw: &str) -> Result<String, SecretError> {
    let bad = |why: String| SecretError::Invalid {
        field: "known_hosts",
        why,
    };
    if raw.len() > MAX_KNOWN_HOSTS {
        return Err(bad("is larger than 64 KiB".into()));
    }
    if raw.contains(['\0', '\r']) {
        return Err(bad("contains NUL or a carriage return".into()));
    }
    let mut entries = 0;
    for (n, line) in raw.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let first = fields.next().unwrap_or_default();
        let hosts = if first.starts_with('@') {
            if !matches!(first, "@cert-authority" | "@revoked") {
                return Err(bad(format!("line {}: unknown marker {first:?}", n + 1)));
            }
            fields.next().unwrap_or_default()
        } else {
            first
        };
        let keytype = fields.next().unwrap_or_default();
        let key = fields.next().unwrap_or_default();
        let hosts_ok = !hosts.is_empty() && !hosts.starts_with('-');
        let type_ok = (keytype.starts_with("ssh-")
            || keytype.starts_with("ecdsa-")
            || keytype.starts_with("sk-"))
            && keytype
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-@.".contains(c));
        let key_ok = key.len() >= 16
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c));
        if !(hosts_ok && type_ok && key_ok) {
            return Err(bad(format!(
                "line {} is not a known_hosts entry (`HOST KEYTYPE BASE64`, as `ssh-keyscan` prints)",
                n + 1
            )));
        }
        entries += 1;
    }
    if entries == 0 {
        return Err(bad(
            "names no host key; pin the host's key (e.g. from `ssh-keyscan -p PORT HOST`, checked out of band)"
                .into(),
        ));
    }
    let mut text = raw.to_owned();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// An SSH private key as ssh reads it: one PEM-style OpenSSH (or PKCS)
/// block of UTF-8 text, unencrypted use only (ssh runs in batch mode).
pub(crate) fn check_ssh_key(value: &[u8]) -> Result<(), SecretError> {
    let text = std::str::from_utf8(value).ok();
    let ok = text.is_some_and(|t| {
        let t = t.trim();
        t.starts_with("-----BEGIN ")
            && t.ends_with("PRIVATE KEY-----")
            && t.lines()
                .next()
                .is_some_and(|l| l.ends_with("PRIVATE KEY-----"))
    });
    if ok {
        Ok(())
    } else {
        Err(SecretError::Invalid {
            field: "value",
            why: "an SSH-bound secret must be a private key file's text (-----BEGIN … PRIVATE KEY-----)"
                .into(),
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn host(h: &str, port: u16) -> SshHost {
        SshHost {
            host: h.into(),
            port,
        }
    }

    #[test]
    fn ssh_remotes_in_every_form_name_their_host_and_port() {
        for (url, want) in [
            (
                "ssh://git@Git.Example.com/org/app.git",
                host("git.example.com", 22),
            ),
            (
                "ssh://git@127.0.0.1:2222/srv/app.git",
                host("127.0.0.1", 2222),
            ),
            ("ssh://h/app", host("h", 22)),
            ("git+ssh://git@h:22/app", host("h", 22)),
            ("ssh://git@[::1]:2200/app", host("[::1]", 2200)),
            ("git@github.com:org/app.git", host("github.com", 22)),
            ("host:app", host("host", 22)),
            ("[git@127.0.0.1:2222]:/srv/app.git", host("127.0.0.1", 2222)),
        ] {
            assert_eq!(SshHost::of_remote(url).unwrap().unwrap(), want, "{url}");
        }
        for not_ssh in [
            "/srv/app.git",
            "./app",
            "https://h/app.git",
            "file:///srv/app",
            "sub/dir:x",
        ] {
            assert!(SshHost::of_remote(not_ssh).is_none(), "{not_ssh}");
        }
        for bad in [
            "ssh://-oProxyCommand=touch%20x/app",
            "ssh://git@-h/app",
            "-oProxyCommand=x:app",
            "ssh://-u@h/app",
            "ssh://git@h:0/app",
            "ssh://git@h:99999/app",
            "ssh://git@h x/app",
            "git@h;id:app",
            "[git@h:x]:app",
        ] {
            assert!(SshHost::of_remote(bad).unwrap().is_err(), "{bad}");
        }
    }

    #[test]
    fn bindings_are_hosts_only() {
        assert_eq!(
            SshHost::parse_binding("ssh://127.0.0.1:2222").unwrap(),
            host("127.0.0.1", 2222)
        );
        assert_eq!(
            SshHost::parse_binding("ssh://Git.Example.com/")
                .unwrap()
                .as_url(),
            "ssh://git.example.com"
        );
        for bad in [
            "git.example.com",
            "ssh://git@h",
            "ssh://h/org/app",
            "ssh://-oX",
            "ssh://h:x",
            "https://h",
            "",
        ] {
            let err = SshHost::parse_binding(bad).unwrap_err().to_string();
            assert!(err.starts_with("ssh_key:"), "{bad}: {err}");
        }
    }

    #[test]
    fn known_hosts_and_keys_are_checked() {
        let kh = "[127.0.0.1]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOv9\n";
        assert_eq!(check_known_hosts(kh.trim_end()).unwrap(), kh);
        assert!(
            check_known_hosts(
                "# c\n@cert-authority *.h ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOv9\n"
            )
            .is_ok()
        );
        for bad in [
            "",
            "# only a comment\n",
            "h ssh-ed25519\n",
            "h notakey AAAAC3NzaC1lZDI1NTE5AAAAIOv9\n",
            "-oX ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOv9\n",
            "@bogus h ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOv9\n",
            "h ssh-ed25519 AAAA$(id)AAAAAAAAAAAAAAAAAA\n",
            "h ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOv9\0\n",
        ] {
            let err = check_known_hosts(bad).unwrap_err().to_string();
            assert!(err.starts_with("known_hosts:"), "{bad:?}: {err}");
        }
        let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----";
        assert!(check_ssh_key(key.as_bytes()).is_ok());
        for bad in [
            &b"ghp_token"[..],
            b"",
            b"\xff\xfe",
            b"-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----",
        ] {
            assert!(check_ssh_key(bad).is_err());
        }
    }
}
