//! The ssh command Compass's host-side git reaches an SSH remote with: a
//! fixed `/usr/bin/ssh` that reads no config, offers only the bound key
//! (a daemon-owned 0600 file), trusts only the known hosts the user bound
//! with it (strict checking: an unknown or changed host key fails the
//! connection), asks nothing interactively and proxies, forwards or
//! multiplexes nothing. Git runs `core.sshCommand` through the shell, so
//! every path is single-quoted and may not hold a quote.

use super::{GitArgError, check_path};
use std::path::Path;

/// The one ssh program run (never one found on a `PATH`).
pub const SSH_PROGRAM: &str = "/usr/bin/ssh";

/// Options that keep ssh from reading or running anything but what
/// Compass gives it.
const FIXED: &[&str] = &[
    "-F /dev/null",
    "-o IdentitiesOnly=yes",
    "-o IdentityAgent=none",
    "-o StrictHostKeyChecking=yes",
    "-o GlobalKnownHostsFile=/dev/null",
    "-o CheckHostIP=no",
    "-o UpdateHostKeys=no",
    "-o HashKnownHosts=no",
    "-o BatchMode=yes",
    "-o PasswordAuthentication=no",
    "-o KbdInteractiveAuthentication=no",
    "-o ProxyCommand=none",
    "-o ProxyJump=none",
    "-o PermitLocalCommand=no",
    "-o ControlMaster=no",
    "-o ControlPath=none",
    "-o ForwardAgent=no",
    "-o ForwardX11=no",
    "-o ClearAllForwardings=yes",
    "-o ConnectTimeout=30",
    "-o ServerAliveInterval=15",
    "-o ServerAliveCountMax=4",
];

/// One bound key and the known hosts that go with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SshIdentity {
    key: String,
    known_hosts: String,
}

impl SshIdentity {
    /// A private key file and its known_hosts file (absolute paths, no
    /// quote, no control character).
    pub fn new(key: &Path, known_hosts: &Path) -> Result<Self, GitArgError> {
        Ok(Self {
            key: quotable("ssh key", key)?,
            known_hosts: quotable("ssh known_hosts", known_hosts)?,
        })
    }
}

fn quotable(field: &'static str, path: &Path) -> Result<String, GitArgError> {
    let p = path.to_string_lossy().into_owned();
    check_path(field, &p)?;
    if p.contains('\'') {
        return Err(GitArgError::Quote { field, value: p });
    }
    if p.contains(char::is_whitespace) {
        return Err(GitArgError::Space { field, value: p });
    }
    Ok(p)
}

/// `core.sshCommand` for the identities of the remotes one command talks
/// to (one, for the relay; a first clone of several repos may name more).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SshCommand {
    identities: Vec<SshIdentity>,
}

impl SshCommand {
    /// `None` without an identity (git keeps `core.sshCommand=false`).
    pub fn new(identities: Vec<SshIdentity>) -> Option<Self> {
        (!identities.is_empty()).then_some(Self { identities })
    }

    /// The `core.sshCommand` value.
    pub fn config_value(&self) -> String {
        let mut cmd = format!("'{SSH_PROGRAM}' {}", FIXED.join(" "));
        for id in &self.identities {
            cmd.push_str(&format!(" -i '{}'", id.key));
        }
        // ssh takes several known-hosts files in one option, space-separated
        // (which is why a path may not hold a space).
        let files: Vec<&str> = self
            .identities
            .iter()
            .map(|i| i.known_hosts.as_str())
            .collect();
        cmd.push_str(&format!(" -o 'UserKnownHostsFile={}'", files.join(" ")));
        cmd
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_fixed_and_its_paths_are_quoted() {
        let id = SshIdentity::new(Path::new("/d/secrets/K"), Path::new("/d/secrets/K.kh")).unwrap();
        let cmd = SshCommand::new(vec![id]).unwrap().config_value();
        assert!(cmd.starts_with("'/usr/bin/ssh' -F /dev/null "), "{cmd}");
        assert!(cmd.contains(" -i '/d/secrets/K'"), "{cmd}");
        assert!(
            cmd.ends_with(" -o 'UserKnownHostsFile=/d/secrets/K.kh'"),
            "{cmd}"
        );
        assert!(cmd.contains("StrictHostKeyChecking=yes"), "{cmd}");
        assert!(SshCommand::new(Vec::new()).is_none());
        for bad in ["rel/K", "/d/it's", "/d/a b", "/d/a\nb", ""] {
            assert!(
                SshIdentity::new(Path::new(bad), Path::new("/k")).is_err(),
                "{bad:?}"
            );
            assert!(
                SshIdentity::new(Path::new("/k"), Path::new(bad)).is_err(),
                "{bad:?}"
            );
        }
    }
}
