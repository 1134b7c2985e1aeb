//! Env-shaped secrets as the runtime's own state: [`SecretEnv`], kept in
//! memory and in a 0600 file in the state dir outside every mount, reaching
//! every spawn through bwrap's args file or podman's env file. Never read
//! back from inside the workload.

use crate::error::RuntimeError;
use crate::layout::{Layout, SECRET_ENV_FILE};
use crate::names::WorkloadName;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

/// A secret value (bytes): `compass_core::secret::Secret`, the one
/// redacting wrapper.
pub type Secret = compass_core::secret::Secret<Vec<u8>>;

/// The most a persisted [`SecretEnv`] may weigh when it is loaded again.
const MAX_SECRET_ENV_BYTES: u64 = 1 << 20;

/// A workload's env-shaped secrets: variable names and single-line values,
/// checked when made, and which of them are kept (an agent's model key:
/// see [`crate::KeptSecrets`]). `Debug` shows the names only.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct SecretEnv(BTreeMap<String, String>, BTreeSet<String>);

/// How [`SecretEnv`] is kept in the state dir: the plain map an older
/// daemon wrote (nothing kept), or the map with the kept names.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
enum Persisted {
    Kept {
        env: BTreeMap<String, String>,
        kept: BTreeSet<String>,
    },
    Plain(BTreeMap<String, String>),
}

impl SecretEnv {
    /// Check and collect `vars`: names `[A-Za-z_][A-Za-z0-9_]*`, values
    /// UTF-8 without NUL or line breaks (a multi-line secret goes in as a
    /// file). A later duplicate name wins.
    pub fn new(vars: &[(String, Secret)]) -> Result<Self, RuntimeError> {
        let mut env = BTreeMap::new();
        for (key, value) in vars {
            let text = std::str::from_utf8(value.expose()).map_err(|_| RuntimeError::Invalid {
                what: "env secret value",
                why: format!("the value of {key} is not UTF-8"),
            })?;
            env.insert(key.clone(), text.to_owned());
        }
        Self::checked(env, BTreeSet::new())
    }

    /// [`SecretEnv::new`] of `vars` and `kept` together, `kept`'s names
    /// marked kept: a process gets them only as its spec's
    /// [`crate::KeptSecrets`] says. A name in both is kept.
    pub fn new_kept(
        vars: &[(String, Secret)],
        kept: &[(String, Secret)],
    ) -> Result<Self, RuntimeError> {
        let all: Vec<(String, Secret)> = vars.iter().chain(kept).cloned().collect();
        let Self(env, _) = Self::new(&all)?;
        Self::checked(env, kept.iter().map(|(k, _)| k.clone()).collect())
    }

    fn checked(
        env: BTreeMap<String, String>,
        kept: BTreeSet<String>,
    ) -> Result<Self, RuntimeError> {
        if let Some(name) = kept.iter().find(|k| !env.contains_key(*k)) {
            return Err(RuntimeError::Invalid {
                what: "kept secret name",
                why: format!("{name:?} has no value"),
            });
        }
        for (key, value) in &env {
            crate::checks::env_key(key).map_err(|_| RuntimeError::Invalid {
                what: "env secret name",
                why: format!("{key:?} is not a shell variable name"),
            })?;
            crate::checks::env_line_value(key, value).map_err(|_| RuntimeError::Invalid {
                what: "env secret value",
                why: format!("the value of {key} contains a newline or NUL; inject it as a file"),
            })?;
        }
        Ok(Self(env, kept))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The variable names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// The variables with their values; only the backends' env builders call this.
    pub(crate) fn expose(&self) -> &BTreeMap<String, String> {
        &self.0
    }

    /// Whether `name` is kept ([`SecretEnv::new_kept`]).
    pub fn is_kept(&self, name: &str) -> bool {
        self.1.contains(name)
    }

    /// The kept variables as `KEY=VALUE` lines, for the descriptor of a
    /// [`crate::KeptSecrets::Descriptor`] spawn; `None` when none is kept.
    pub(crate) fn kept_body(&self) -> Option<Secret> {
        let mut body = String::new();
        for (k, v) in self.0.iter().filter(|(k, _)| self.1.contains(*k)) {
            body.push_str(k);
            body.push('=');
            body.push_str(v);
            body.push('\n');
        }
        (!body.is_empty()).then(|| Secret::new(body))
    }

    /// `KEY=VALUE` lines, for the copy inside the workload.
    pub(crate) fn file_body(&self) -> Secret {
        let mut body = String::new();
        for (k, v) in &self.0 {
            body.push_str(k);
            body.push('=');
            body.push_str(v);
            body.push('\n');
        }
        Secret::new(body)
    }

    /// Keep it in the workload's state dir (0600, outside every mount), so
    /// `adopt` after a daemon restart has it without asking the workload.
    pub(crate) fn persist(&self, layout: &Layout) -> Result<(), RuntimeError> {
        let body = serde_json::to_vec(&Persisted::Kept {
            env: self.0.clone(),
            kept: self.1.clone(),
        })
        .map_err(|e| RuntimeError::Other(format!("encoding the secret env: {e}")))?;
        write_host_file(&layout.secret_env_file(), &body)
    }

    /// What [`SecretEnv::persist`] kept; empty if nothing was.
    pub(crate) fn load(layout: &Layout) -> Result<Self, RuntimeError> {
        let tree = crate::agentfs::AgentTree::open(&layout.state_dir)?;
        let Some(body) = tree.read(Path::new(SECRET_ENV_FILE), MAX_SECRET_ENV_BYTES)? else {
            return Ok(Self::default());
        };
        let persisted = serde_json::from_slice(&body)
            .map_err(|e| RuntimeError::Other(format!("decoding the kept secret env: {e}")))?;
        match persisted {
            Persisted::Kept { env, kept } => Self::checked(env, kept),
            Persisted::Plain(env) => Self::checked(env, BTreeSet::new()),
        }
    }
}

impl fmt::Debug for SecretEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SecretEnv")
            .field(&self.0.keys().collect::<Vec<_>>())
            .field(&self.1)
            .finish()
    }
}

/// Keep `env` as workload `name`'s env secrets: persist it next to the
/// layout, then `store` puts it in the backend's map (`false`: the workload
/// is gone). No lock is held across the write.
pub(crate) fn keep(
    name: &WorkloadName,
    layout: &Layout,
    env: SecretEnv,
    store: impl FnOnce(SecretEnv) -> bool,
) -> Result<(), RuntimeError> {
    env.persist(layout)?;
    if store(env) {
        Ok(())
    } else {
        Err(RuntimeError::NotFound(name.clone()))
    }
}

/// Write a Compass-owned host file atomically with mode 0600 (a temp file
/// in the same dir, then rename). For files outside any workload's view.
pub(crate) fn write_host_file(path: &Path, body: &[u8]) -> Result<(), RuntimeError> {
    use fs_err::os::unix::fs::OpenOptionsExt;
    use std::io::Write;
    let tmp = path.with_extension(format!("tmp{:08x}", rand::random::<u32>()));
    let mut f = fs_err::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .map_err(|e| RuntimeError::io("creating a 0600 file", e))?;
    f.write_all(body)
        .map_err(|e| RuntimeError::io("writing a 0600 file", e))?;
    drop(f);
    fs_err::rename(&tmp, path).map_err(|e| {
        let _ = fs_err::remove_file(&tmp);
        RuntimeError::io("placing a 0600 file", e)
    })
}
