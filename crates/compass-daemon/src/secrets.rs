//! Secrets at rest: one 0600 file per secret under the data dir's
//! `secrets/` (0700), named by the secret. Values never enter SQLite, an
//! event, a log line or an argv; the event log records names only.
//! Delivery into a workload is `compass-runtime`'s (`secrets::inject_*`).
//! A secret bound to a forge (`<NAME>.forge` beside it: origin and user
//! name) is lent to Compass's host-side git instead (`crate::forge`) and
//! never delivered into a workload. So is a private key bound to an SSH
//! host (`<NAME>.ssh`: the host, `<NAME>.known_hosts`: the host keys
//! pinned with it): ssh reads it from here, as the daemon's own file.

use compass_runtime::secrets::Secret;
use std::path::{Path, PathBuf};

mod origin;
mod ssh;
pub(crate) use origin::{DEFAULT_USERNAME, Origin, check_forge_value, check_username};
pub(crate) use ssh::{SshHost, check_known_hosts, check_ssh_key};

/// Longest secret name.
pub(crate) const MAX_NAME: usize = 64;
/// Largest secret value.
pub(crate) const MAX_VALUE: usize = 64 * 1024;

/// Why a secret operation failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SecretError {
    #[error("{field}: {why}")]
    Invalid { field: &'static str, why: String },
    #[error("secret {0} is not set; set it with `compass secret set {0}` (the value on stdin)")]
    NotFound(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
}

fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> SecretError {
    let context = context.into();
    move |source| SecretError::Io { context, source }
}

/// A secret's name, when it was set and the forge it is bound to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SecretInfo {
    pub(crate) name: String,
    pub(crate) set_at_ms: i64,
    pub(crate) forge: Option<ForgeBinding>,
    pub(crate) ssh: Option<SshHost>,
}

/// The SSH host a private key authenticates to, and the host keys pinned
/// for it (known_hosts text, checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SshBinding {
    pub(crate) host: SshHost,
    pub(crate) known_hosts: String,
}

/// The forge origin a secret authenticates to, and as whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ForgeBinding {
    pub(crate) origin: Origin,
    pub(crate) username: String,
}

/// The binding file beside a secret (a name `check_name` refuses, so
/// `list` never takes it for a secret).
const BINDING_SUFFIX: &str = ".forge";
/// The SSH binding's host file beside a secret (written last: its marker).
const SSH_SUFFIX: &str = ".ssh";
/// The known hosts pinned with an SSH-bound key.
const KNOWN_HOSTS_SUFFIX: &str = ".known_hosts";

/// Env-var shaped (`[A-Z_][A-Z0-9_]*`, at most [`MAX_NAME`]): safe as a file
/// name, an env var and a word in a message.
pub(crate) fn check_name(raw: &str) -> Result<(), SecretError> {
    let bad = |why: String| SecretError::Invalid {
        field: "name",
        why: format!("{raw:?} {why}"),
    };
    if raw.is_empty() {
        return Err(bad(
            "is empty; name the secret like an env var, e.g. API_KEY".into(),
        ));
    }
    if raw.len() > MAX_NAME {
        return Err(bad(format!("is longer than {MAX_NAME} characters")));
    }
    let mut chars = raw.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_uppercase() || c == '_');
    if !first_ok || !chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') {
        return Err(bad(
            "is not an env-var name: use [A-Z_][A-Z0-9_]* (capitals, digits, '_'), e.g. API_KEY"
                .into(),
        ));
    }
    Ok(())
}

/// A value fit to store: not empty, bounded, no NUL.
pub(crate) fn check_value(value: &Secret) -> Result<(), SecretError> {
    let bad = |why: &str| SecretError::Invalid {
        field: "value",
        why: why.to_owned(),
    };
    let bytes = value.expose();
    if bytes.is_empty() {
        return Err(bad("is empty; pipe the value on stdin"));
    }
    if bytes.len() > MAX_VALUE {
        return Err(bad("is larger than 64 KiB"));
    }
    if bytes.contains(&0) {
        return Err(bad("contains a NUL byte"));
    }
    Ok(())
}

/// The secrets directory of one data dir.
#[derive(Debug, Clone)]
pub(crate) struct SecretStore {
    dir: PathBuf,
}

impl SecretStore {
    /// Open (creating, mode 0700) the directory.
    pub(crate) fn open(dir: impl Into<PathBuf>) -> Result<Self, SecretError> {
        use std::os::unix::fs::PermissionsExt;
        let dir = dir.into();
        fs_err::create_dir_all(&dir).map_err(io("creating the secrets dir"))?;
        fs_err::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))
            .map_err(io("making the secrets dir private"))?;
        Ok(Self { dir })
    }

    fn path(&self, name: &str) -> Result<PathBuf, SecretError> {
        check_name(name)?;
        Ok(self.dir.join(name))
    }

    /// Store (or replace) a secret, atomically, mode 0600 from creation,
    /// with its forge binding or none. A bound value is never on disk
    /// without its binding (an unbound one is delivered into workloads; a
    /// bound one only ever lent host-side).
    pub(crate) fn set(
        &self,
        name: &str,
        value: &Secret,
        forge: Option<&ForgeBinding>,
    ) -> Result<SecretInfo, SecretError> {
        let path = self.path(name)?;
        check_value(value)?;
        match forge {
            // Bound first: the value is never on disk unbound, even for a
            // moment or after a failed write (a start then lends it only
            // to its host, or fails).
            Some(f) => {
                self.unbind(name, &[SSH_SUFFIX, KNOWN_HOSTS_SUFFIX])?;
                let body = format!("{}\n{}\n", f.origin.as_url(), f.username);
                let binding = self.dir.join(format!("{name}{BINDING_SUFFIX}"));
                self.write_atomic(name, &binding, body.as_bytes())?;
                self.write_atomic(name, &path, value.expose())?;
            }
            // Unbound: the new value replaces the old before the old one's
            // binding goes, so an old bound value is never left unbound.
            None => {
                self.write_atomic(name, &path, value.expose())?;
                self.unbind(name, &[BINDING_SUFFIX, SSH_SUFFIX, KNOWN_HOSTS_SUFFIX])?;
            }
        }
        self.info(&path, name)
    }

    /// Remove a secret's binding files of these kinds.
    fn unbind(&self, name: &str, suffixes: &[&str]) -> Result<(), SecretError> {
        for suffix in suffixes {
            match fs_err::remove_file(self.dir.join(format!("{name}{suffix}"))) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io(format!("replacing secret {name}'s binding"))(e)),
            }
        }
        Ok(())
    }

    /// Store (or replace) a private key bound to an SSH host, with the
    /// host keys pinned for it. The binding is written before the key, so
    /// the key is never on disk unbound (an agent starting meanwhile, or
    /// after a failed write, is never handed it as a plain secret).
    pub(crate) fn set_ssh(
        &self,
        name: &str,
        value: &Secret,
        binding: &SshBinding,
    ) -> Result<SecretInfo, SecretError> {
        let path = self.path(name)?;
        check_value(value)?;
        self.unbind(name, &[BINDING_SUFFIX])?;
        self.write_atomic(
            name,
            &self.known_hosts_path(name)?,
            binding.known_hosts.as_bytes(),
        )?;
        let host = format!("{}\n", binding.host.as_url());
        self.write_atomic(
            name,
            &self.dir.join(format!("{name}{SSH_SUFFIX}")),
            host.as_bytes(),
        )?;
        self.write_atomic(name, &path, value.expose())?;
        self.info(&path, name)
    }

    /// The SSH host a secret is bound to.
    pub(crate) fn ssh_binding(&self, name: &str) -> Result<Option<SshHost>, SecretError> {
        check_name(name)?;
        let path = self.dir.join(format!("{name}{SSH_SUFFIX}"));
        match fs_err::read_to_string(&path) {
            Ok(b) => SshHost::parse_binding(b.trim()).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(format!("reading secret {name}'s SSH binding"))(e)),
        }
    }

    /// Where ssh reads an SSH-bound key from (the secret's own 0600 file).
    pub(crate) fn key_path(&self, name: &str) -> Result<PathBuf, SecretError> {
        self.path(name)
    }

    /// The known hosts pinned with an SSH-bound key.
    pub(crate) fn known_hosts_path(&self, name: &str) -> Result<PathBuf, SecretError> {
        check_name(name)?;
        Ok(self.dir.join(format!("{name}{KNOWN_HOSTS_SUFFIX}")))
    }

    /// What a secret is bound to, for a message (`None`: unbound, so it
    /// may be given to an agent).
    pub(crate) fn bound_to(&self, name: &str) -> Result<Option<String>, SecretError> {
        if let Some(f) = self.binding(name)? {
            return Ok(Some(format!("the forge {}", f.origin.as_url())));
        }
        Ok(self
            .ssh_binding(name)?
            .map(|h| format!("the SSH host {}", h.as_url())))
    }

    fn info(&self, path: &Path, name: &str) -> Result<SecretInfo, SecretError> {
        info(path, name, self.binding(name)?, self.ssh_binding(name)?)
    }

    /// A per-use unix socket path in this private dir (its name is no
    /// secret's name).
    pub(crate) fn private_socket_path(&self, what: &str) -> PathBuf {
        self.dir
            .join(format!(".{what}-{:016x}.sock", rand::random::<u64>()))
    }

    /// The forge binding stored beside a secret.
    pub(crate) fn binding(&self, name: &str) -> Result<Option<ForgeBinding>, SecretError> {
        let path = self.dir.join(format!("{name}{BINDING_SUFFIX}"));
        let body = match fs_err::read_to_string(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(format!("reading secret {name}'s forge binding"))(e)),
        };
        let mut lines = body.lines();
        let origin = Origin::parse_binding(lines.next().unwrap_or_default())?;
        let username = lines.next().unwrap_or_default().to_owned();
        check_username(&username)?;
        Ok(Some(ForgeBinding { origin, username }))
    }

    fn write_atomic(&self, name: &str, path: &Path, body: &[u8]) -> Result<(), SecretError> {
        use fs_err::os::unix::fs::OpenOptionsExt;
        use std::io::Write;
        let tmp = self
            .dir
            .join(format!(".{name}.tmp{:08x}", rand::random::<u32>()));
        let written = (|| {
            let mut f = fs_err::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&tmp)?;
            f.write_all(body)?;
            f.sync_all()?;
            drop(f);
            fs_err::rename(&tmp, path)
        })();
        if let Err(e) = written {
            let _ = fs_err::remove_file(&tmp);
            return Err(io(format!("storing secret {name}"))(e));
        }
        Ok(())
    }

    /// A secret's value, if set.
    pub(crate) fn get(&self, name: &str) -> Result<Option<Secret>, SecretError> {
        match fs_err::read(self.path(name)?) {
            Ok(bytes) => Ok(Some(Secret::new(bytes))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(format!("reading secret {name}"))(e)),
        }
    }

    /// Names and set times, by name.
    pub(crate) fn list(&self) -> Result<Vec<SecretInfo>, SecretError> {
        let mut out = Vec::new();
        for entry in fs_err::read_dir(&self.dir).map_err(io("listing secrets"))? {
            let entry = entry.map_err(io("listing secrets"))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            // Temp files of an interrupted set start with '.'; skip them
            // and anything else that is not a secret's name.
            if check_name(&name).is_ok() {
                out.push(self.info(&entry.path(), &name)?);
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    /// Delete a secret (and its binding); `NotFound` when it was not set.
    pub(crate) fn delete(&self, name: &str) -> Result<(), SecretError> {
        let path = self.path(name)?;
        for suffix in [BINDING_SUFFIX, SSH_SUFFIX, KNOWN_HOSTS_SUFFIX] {
            let _ = fs_err::remove_file(self.dir.join(format!("{name}{suffix}")));
        }
        match fs_err::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(SecretError::NotFound(name.to_owned()))
            }
            Err(e) => Err(io(format!("deleting secret {name}"))(e)),
        }
    }
}

fn info(
    path: &Path,
    name: &str,
    forge: Option<ForgeBinding>,
    ssh: Option<SshHost>,
) -> Result<SecretInfo, SecretError> {
    let modified = fs_err::metadata(path)
        .and_then(|m| m.modified())
        .map_err(io(format!("reading when secret {name} was set")))?;
    let set_at_ms = modified
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    Ok(SecretInfo {
        name: name.to_owned(),
        set_at_ms,
        forge,
        ssh,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn names_are_env_var_shaped_and_bounded() {
        for ok in ["API_KEY", "_X", "A1", &"A".repeat(MAX_NAME)] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "api_key",
            "1KEY",
            "MY-KEY",
            "A B",
            "../X",
            "X\n",
            &"A".repeat(MAX_NAME + 1),
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn values_are_stored_0600_and_listed_by_name_only() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let store = SecretStore::open(tmp.path().join("secrets")).unwrap();
        let mode = |p: &Path| fs_err::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&tmp.path().join("secrets")), 0o700);
        store.set("B_KEY", &Secret::new("two"), None).unwrap();
        store.set("A_KEY", &Secret::new("one"), None).unwrap();
        store.set("A_KEY", &Secret::new("uno"), None).unwrap();
        assert_eq!(mode(&tmp.path().join("secrets/A_KEY")), 0o600);
        let names: Vec<String> = store.list().unwrap().into_iter().map(|i| i.name).collect();
        assert_eq!(names, ["A_KEY", "B_KEY"]);
        assert_eq!(store.get("A_KEY").unwrap().unwrap().expose(), b"uno");
        store.delete("A_KEY").unwrap();
        assert!(store.get("A_KEY").unwrap().is_none());
        assert!(matches!(
            store.delete("A_KEY"),
            Err(SecretError::NotFound(_))
        ));
        assert!(store.set("X", &Secret::new(""), None).is_err());
        assert!(store.set("X", &Secret::new("a\0b"), None).is_err());
    }

    #[test]
    fn a_forge_binding_lives_beside_its_secret_and_goes_with_it() {
        let tmp = tempfile::tempdir().unwrap();
        let store = SecretStore::open(tmp.path().join("secrets")).unwrap();
        let binding = ForgeBinding {
            origin: Origin::parse_binding("https://git.example.com").unwrap(),
            username: "bot".into(),
        };
        let info = store
            .set("FORGE", &Secret::new("tok"), Some(&binding))
            .unwrap();
        assert_eq!(info.forge.as_ref(), Some(&binding));
        let listed = store.list().unwrap();
        assert_eq!(listed.len(), 1, "the binding file is no secret: {listed:?}");
        assert_eq!(listed[0].forge.as_ref(), Some(&binding));
        // Set again unbound: the binding goes first.
        store.set("FORGE", &Secret::new("tok2"), None).unwrap();
        assert_eq!(store.binding("FORGE").unwrap(), None);
        store
            .set("FORGE", &Secret::new("tok3"), Some(&binding))
            .unwrap();
        store.delete("FORGE").unwrap();
        assert_eq!(
            fs_err::read_dir(tmp.path().join("secrets"))
                .unwrap()
                .count(),
            0
        );
        // A sidecar someone edited into nonsense fails closed, naming it.
        fs_err::write(tmp.path().join("secrets/X"), "v").unwrap();
        fs_err::write(
            tmp.path().join("secrets/X.forge"),
            "http://evil.example\nbot\n",
        )
        .unwrap();
        assert!(
            store
                .binding("X")
                .unwrap_err()
                .to_string()
                .starts_with("forge:")
        );
    }

    #[test]
    fn an_ssh_binding_lives_beside_its_key_and_goes_with_it() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let store = SecretStore::open(tmp.path().join("secrets")).unwrap();
        let binding = SshBinding {
            host: SshHost::parse_binding("ssh://127.0.0.1:2222").unwrap(),
            known_hosts: "[127.0.0.1]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA\n".into(),
        };
        let info = store
            .set_ssh("DEPLOY_KEY", &Secret::new("key\n"), &binding)
            .unwrap();
        assert_eq!(info.ssh.as_ref(), Some(&binding.host));
        assert_eq!(store.list().unwrap().len(), 1);
        let kh = store.known_hosts_path("DEPLOY_KEY").unwrap();
        assert_eq!(fs_err::read_to_string(&kh).unwrap(), binding.known_hosts);
        let mode = fs_err::metadata(&kh).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert!(
            store
                .bound_to("DEPLOY_KEY")
                .unwrap()
                .unwrap()
                .contains("ssh://127.0.0.1:2222")
        );
        // Set again unbound: the binding and its known hosts go first.
        store.set("DEPLOY_KEY", &Secret::new("v"), None).unwrap();
        assert_eq!(store.ssh_binding("DEPLOY_KEY").unwrap(), None);
        assert!(!kh.exists());
        store
            .set_ssh("DEPLOY_KEY", &Secret::new("k"), &binding)
            .unwrap();
        store.delete("DEPLOY_KEY").unwrap();
        assert_eq!(
            fs_err::read_dir(tmp.path().join("secrets"))
                .unwrap()
                .count(),
            0
        );
    }
}
