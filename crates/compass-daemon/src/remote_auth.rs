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
use compass_runtime::repos::{RepoAuth, RepoSource};
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

/// What the first clone of a project's repositories is lent: one
/// [`HostAuth`] per repository, so each clone offers only the key bound to
/// its own host and trusts only the host keys pinned for it (never every
/// bound key and pinned file of the project), and a forge credential goes
/// only to the clone of its origin. Keep it until the clones have ended.
#[derive(Debug)]
pub(crate) struct ReposAuth {
    _lent: Vec<HostAuth>,
    auth: RepoAuth,
}

impl ReposAuth {
    pub(crate) fn start(
        store: &SecretStore,
        helper: &Path,
        repos: &[RepoSource],
    ) -> Result<Self, SecretError> {
        let mut lent = Vec::with_capacity(repos.len());
        let mut auth = RepoAuth::default();
        for repo in repos {
            let one = HostAuth::start(store, helper, [repo.source.trim()])?;
            if let Some(a) = one.auth() {
                auth.insert(repo.name.clone(), a.clone());
            }
            lent.push(one);
        }
        Ok(Self { _lent: lent, auth })
    }

    /// What each repository's clone is configured with.
    pub(crate) fn auth(&self) -> &RepoAuth {
        &self.auth
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::secrets::SshBinding;
    use compass_core::name::Name;
    use compass_runtime::secrets::Secret;

    fn repo(name: &str, source: &str) -> RepoSource {
        RepoSource {
            name: Name::parse(name).unwrap(),
            source: source.into(),
        }
    }

    #[test]
    fn each_clone_is_lent_only_its_own_hosts_key_and_pinned_keys() {
        let tmp = tempfile::tempdir().unwrap();
        let store = SecretStore::open(tmp.path().join("secrets")).unwrap();
        for (name, host) in [("KEY_A", "a.example"), ("KEY_B", "b.example")] {
            let binding = SshBinding {
                host: SshHost::parse_binding(&format!("ssh://{host}")).unwrap(),
                known_hosts: format!("{host} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA\n"),
            };
            store
                .set_ssh(name, &Secret::new("key\n"), &binding)
                .unwrap();
        }
        let repos = [
            repo("app", "ssh://git@a.example/org/app.git"),
            repo("lib", "git@b.example:org/lib.git"),
            repo("docs", "/srv/docs.git"),
        ];
        let lent = ReposAuth::start(&store, Path::new("/usr/bin/true"), &repos).unwrap();
        let ssh_of = |r: &RepoSource| {
            lent.auth()
                .of(r)
                .and_then(|a| a.ssh.as_ref())
                .map(SshCommand::config_value)
                .unwrap()
        };
        let path = |name: &str, known: bool| {
            let p = if known {
                store.known_hosts_path(name)
            } else {
                store.key_path(name)
            };
            p.unwrap().display().to_string()
        };
        for (r, own, other) in [(&repos[0], "KEY_A", "KEY_B"), (&repos[1], "KEY_B", "KEY_A")] {
            let cmd = ssh_of(r);
            assert!(cmd.contains(&path(own, false)), "{cmd}");
            assert!(cmd.contains(&path(own, true)), "{cmd}");
            assert!(
                !cmd.contains(&path(other, false)) && !cmd.contains(&path(other, true)),
                "the clone of {} was offered another host's key or pinned keys: {cmd}",
                r.name.as_str()
            );
        }
        assert!(
            lent.auth().of(&repos[2]).is_none(),
            "a local path is lent nothing"
        );
    }
}
