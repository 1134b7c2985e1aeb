//! How one host-side git command (the first clone, the relay's refresh,
//! its trunk lookup and its forward) authenticates to the project's real
//! remotes: an HTTP(S) forge through the lent credential (`crate::forge`),
//! an SSH remote through the fixed ssh command with the key bound to its
//! host (`compass secret set NAME --ssh-key ssh://HOST[:PORT]
//! --known-hosts FILE`). ssh reads the key from the daemon's own 0600
//! file and trusts only the host keys pinned with it, so the key is in no
//! argv, env or event, and never in a workload. An SSH remote no key is
//! bound to fails here, saying how to bind one: ssh is never run with
//! whatever keys or config the host user has.

use crate::forge::Lender;
use crate::secrets::{SecretError, SecretStore, SshHost};
use compass_core::safe_git::{RemoteAuth, SshCommand, SshIdentity};
use std::path::Path;

/// What one command is lent; keep it until git has ended (the credential
/// socket stops with it).
#[derive(Debug)]
pub(crate) struct HostAuth {
    _lender: Option<Lender>,
    auth: RemoteAuth,
}

impl HostAuth {
    /// Authentication for git talking to `remotes`; `helper` is the host's
    /// `git-remote-compass` (the credential helper).
    pub(crate) fn start<'a>(
        store: &SecretStore,
        helper: &Path,
        remotes: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Result<Self, SecretError> {
        let lender = Lender::start(store, helper, remotes.clone())?;
        let ssh = ssh_identities(store, remotes)?;
        Ok(Self {
            auth: RemoteAuth {
                credential: lender.as_ref().map(|l| l.helper().clone()),
                ssh: SshCommand::new(ssh),
            },
            _lender: lender,
        })
    }

    /// What git is configured with; `None` when nothing is lent.
    pub(crate) fn auth(&self) -> Option<&RemoteAuth> {
        (self.auth != RemoteAuth::default()).then_some(&self.auth)
    }
}

/// The bound key of every SSH remote among `remotes`.
fn ssh_identities<'a>(
    store: &SecretStore,
    remotes: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<SshIdentity>, SecretError> {
    let mut hosts: Vec<(SshHost, &str)> = Vec::new();
    for remote in remotes {
        if let Some(host) = SshHost::of_remote(remote) {
            let host = host?;
            if !hosts.iter().any(|(h, _)| *h == host) {
                hosts.push((host, remote));
            }
        }
    }
    if hosts.is_empty() {
        return Ok(Vec::new());
    }
    let listed = store.list()?;
    let mut ids = Vec::new();
    for (host, remote) in hosts {
        let Some(bound) = listed.iter().find(|i| i.ssh.as_ref() == Some(&host)) else {
            return Err(SecretError::Invalid {
                field: "ssh_key",
                why: format!(
                    "no SSH key is bound to {} (the remote {remote}); bind one with `compass secret set NAME --ssh-key {} --known-hosts FILE` (the private key on stdin, FILE the host's pinned keys)",
                    host.as_url(),
                    host.as_url()
                ),
            });
        };
        let id = SshIdentity::new(
            &store.key_path(&bound.name)?,
            &store.known_hosts_path(&bound.name)?,
        )
        .map_err(|e| SecretError::Invalid {
            field: "ssh_key",
            why: e.to_string(),
        })?;
        tracing::info!(secret = %bound.name, host = %host.as_url(), "an SSH key was lent to host-side git");
        ids.push(id);
    }
    Ok(ids)
}

/// What a failed host-side git command's stderr means for an SSH remote,
/// said first (git's own words follow): an unknown or changed host key is
/// a refusal to connect, not a network fault.
pub(crate) fn ssh_failure(stderr: &str) -> Option<&'static str> {
    stderr.contains("Host key verification failed").then_some(
        "the SSH host's key is not one pinned for it (unknown or changed host key), so Compass refused to connect; if the key really changed, pin the new one with `compass secret set NAME --ssh-key ssh://HOST[:PORT] --known-hosts FILE`",
    )
}
