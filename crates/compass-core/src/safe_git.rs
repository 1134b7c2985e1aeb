//! Safe git: the one place that builds a git invocation Compass runs on a
//! repository an agent can write (its clones, worktrees, or the objects it
//! pushed into a relay). Every invocation carries a fixed configuration that
//! keeps git from executing or trusting anything the repository configures:
//!
//! - no hooks (`core.hooksPath=/dev/null`), no fsmonitor, no pager, editor,
//!   askpass, ssh command, git proxy or credential helper;
//! - no transports (every protocol `never`) unless the caller, working on a
//!   Compass-owned repository, allows them explicitly;
//! - system and global config ignored (`GIT_CONFIG_NOSYSTEM`,
//!   `GIT_CONFIG_GLOBAL=/dev/null`), attributes neutralised (system file off,
//!   `core.attributesFile=/dev/null`, `attr.tree` = the empty tree, so a
//!   committed `.gitattributes` assigns no driver);
//! - no replace refs or grafts (an agent could make Warden read other objects
//!   than those it pushes), no lazy fetch from a promisor remote;
//! - commands that could consult a driver are given the flags that forbid it
//!   (`diff` always gets `--no-textconv --no-ext-diff`).
//!
//! The repository's own config is still read by git (nothing can stop that);
//! the `-c` overrides above win over it, and no command built here reads the
//! working tree, so clean/smudge filters never run. What Compass needs from
//! that config (remote URLs) it asks for as data (`config --get`,
//! `remote get-url`), never through a transport.
//!
//! Arguments: literals (`&'static str`) are trusted; everything else is a
//! *value*, refused if empty, option-like (`-…`) or holding NUL or a newline.
//! No I/O here: the result is an argv, an environment and a directory, which
//! the runtime (workload exec) or [`SafeGit::command`] (host) carries out.

use std::path::Path;

mod ssh;
pub use ssh::{SSH_PROGRAM, SshCommand, SshIdentity};

/// The empty tree's id (SHA-1 repositories).
pub const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/// The URL prefix of an agent's push relay: `compass::<repo>` makes the
/// agent's git run `git-remote-compass`, which reaches the daemon's relay
/// over the workload's git socket.
pub const RELAY_PREFIX: &str = "compass::";

/// The relay URL of repository `repo` (a validated name).
pub fn relay_url(repo: &str) -> String {
    format!("{RELAY_PREFIX}{repo}")
}

/// The variable naming the daemon's credential socket to the helper.
pub const CREDENTIAL_SOCKET_ENV: &str = "COMPASS_CREDENTIAL_SOCKET";

/// Compass's host-side credential helper: `git-remote-compass
/// --credential`, which relays git's credential request to a daemon socket
/// (in the data dir's private `secrets/`, never in a workload) and prints
/// the answer. Git runs a `!` helper through the shell, so the helper's
/// path is single-quoted and may not hold a quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CredentialHelper {
    helper: String,
    socket: String,
}

impl CredentialHelper {
    pub fn new(helper: &Path, socket: &Path) -> Result<Self, GitArgError> {
        let helper = helper.to_string_lossy().into_owned();
        check_path("credential helper", &helper)?;
        if helper.contains('\'') {
            return Err(GitArgError::Quote {
                field: "credential helper",
                value: helper,
            });
        }
        let socket = socket.to_string_lossy().into_owned();
        check_path("credential socket", &socket)?;
        Ok(Self { helper, socket })
    }

    /// The `credential.helper` value.
    pub fn config_value(&self) -> String {
        format!("!'{}' --credential", self.helper)
    }

    /// The environment the helper needs: where the daemon answers.
    pub fn env(&self) -> (&'static str, &str) {
        (CREDENTIAL_SOCKET_ENV, &self.socket)
    }
}

/// How Compass's host-side git authenticates to a real remote: an HTTP(S)
/// forge through [`CredentialHelper`], an SSH remote through a fixed
/// [`SshCommand`] with the bound key. Neither puts a secret in git's argv,
/// env or config (only paths to daemon-owned sockets and files).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemoteAuth {
    pub credential: Option<CredentialHelper>,
    pub ssh: Option<SshCommand>,
}

impl RemoteAuth {
    /// The `-c` settings this authentication adds.
    pub fn config(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(h) = &self.credential {
            out.push(("credential.helper", h.config_value()));
        }
        if let Some(s) = &self.ssh {
            out.push(("core.sshCommand", s.config_value()));
        }
        out
    }

    /// The environment it needs (the credential socket).
    pub fn env(&self) -> Option<(&'static str, &str)> {
        self.credential.as_ref().map(CredentialHelper::env)
    }
}

/// A value refused before it reached git.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GitArgError {
    #[error("git {field} is empty")]
    Empty { field: &'static str },
    #[error("git {field} {value:?} contains NUL or a line break")]
    ControlChar { field: &'static str, value: String },
    #[error("git {field} {value:?} looks like an option (starts with '-')")]
    OptionLike { field: &'static str, value: String },
    #[error("git {field} {value:?} is not a full commit id (40 or 64 hex digits)")]
    NotCommitId { field: &'static str, value: String },
    #[error("git {field} {value:?} contains a single quote (it is quoted for the shell)")]
    Quote { field: &'static str, value: String },
    #[error("git {field} {value:?} contains a space (ssh takes it in a space-separated list)")]
    Space { field: &'static str, value: String },
    #[error("git {field} {value:?} must be an absolute path")]
    NotAbsolute { field: &'static str, value: String },
}

/// Config every invocation carries, as `-c key=value`. Command-line config
/// outranks the repository's own.
const OVERRIDES: &[(&str, &str)] = &[
    ("core.hooksPath", "/dev/null"),
    ("core.fsmonitor", "false"),
    ("core.untrackedCache", "false"),
    ("core.pager", "cat"),
    ("core.editor", "false"),
    ("sequence.editor", "false"),
    ("core.askPass", ""),
    ("core.sshCommand", "false"),
    ("core.gitProxy", ""),
    // A command that lists nothing: alternates lend no refs (an empty
    // value would be run, and fail, on every connectivity check).
    ("core.alternateRefsCommand", "true"),
    ("core.attributesFile", "/dev/null"),
    ("attr.tree", EMPTY_TREE),
    ("credential.helper", ""),
    ("diff.external", ""),
    ("gpg.program", "false"),
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("submodule.recurse", "false"),
    ("fetch.recurseSubmodules", "false"),
    ("safe.bareRepository", "all"),
    // `GIT_GRAFT_FILE=/dev/null` below otherwise prints a deprecation hint
    // into every output (and, through the relay, into `remote:` lines).
    ("advice.graftFileDeprecated", "false"),
    // No `uploadpack.packObjectsHook`: git reads it only from system,
    // global and command-line config (all fixed here), and an empty value
    // would be run as the hook and break every fetch through the relay.
];

/// Transports git knows by name. Per-protocol settings in a repository's
/// config outrank `protocol.allow`, so each is overridden by name too.
const PROTOCOLS: &[&str] = &["ext", "fd", "file", "git", "ssh", "http", "https"];
/// What a Compass-owned repository may use to reach a real remote.
const FORWARD_PROTOCOLS: &[&str] = &["file", "git", "ssh", "http", "https"];

/// Environment for every invocation (the rest of the environment is
/// cleared on the host; a workload exec gets exactly this).
const ENV: &[(&str, &str)] = &[
    ("GIT_CONFIG_NOSYSTEM", "1"),
    ("GIT_CONFIG_GLOBAL", "/dev/null"),
    ("GIT_ATTR_NOSYSTEM", "1"),
    ("GIT_NO_REPLACE_OBJECTS", "1"),
    ("GIT_GRAFT_FILE", "/dev/null"),
    ("GIT_NO_LAZY_FETCH", "1"),
    ("GIT_TERMINAL_PROMPT", "0"),
    ("GIT_PROTOCOL_FROM_USER", "0"),
    ("GIT_OPTIONAL_LOCKS", "0"),
    ("GIT_PAGER", "cat"),
    ("PAGER", "cat"),
    ("LC_ALL", "C"),
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
];

/// One git invocation with the safe configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SafeGit {
    dir: String,
    config: Vec<(String, String)>,
    args: Vec<String>,
    env: Vec<(String, String)>,
}

/// Refuse NUL and line breaks (they split argv files and config lines).
fn plain(field: &'static str, value: &str) -> Result<(), GitArgError> {
    if value.is_empty() {
        return Err(GitArgError::Empty { field });
    }
    if value.contains(['\0', '\n', '\r']) {
        return Err(GitArgError::ControlChar {
            field,
            value: value.escape_debug().to_string(),
        });
    }
    Ok(())
}

/// A value git must not read as an option.
pub fn check_value(field: &'static str, value: &str) -> Result<(), GitArgError> {
    plain(field, value)?;
    if value.starts_with('-') {
        return Err(GitArgError::OptionLike {
            field,
            value: value.to_owned(),
        });
    }
    Ok(())
}

/// A full commit id (SHA-1 or SHA-256 hex), lowercased: never a ref name
/// or an option, so it cannot name anything else in a repository.
pub fn check_commit_id(field: &'static str, id: &str) -> Result<String, GitArgError> {
    let ok = matches!(id.len(), 40 | 64) && id.bytes().all(|b| b.is_ascii_hexdigit());
    if !ok {
        return Err(GitArgError::NotCommitId {
            field,
            value: id.escape_debug().to_string(),
        });
    }
    Ok(id.to_ascii_lowercase())
}

/// An absolute path with no control characters.
pub fn check_path(field: &'static str, path: &str) -> Result<(), GitArgError> {
    plain(field, path)?;
    if !path.starts_with('/') {
        return Err(GitArgError::NotAbsolute {
            field,
            value: path.to_owned(),
        });
    }
    Ok(())
}

impl SafeGit {
    /// Git run in `dir` (an absolute path: a repository, or a neutral
    /// directory for commands that need none).
    pub fn in_dir(dir: impl AsRef<Path>) -> Result<Self, GitArgError> {
        let dir = dir.as_ref().to_string_lossy().into_owned();
        check_path("directory", &dir)?;
        let mut config: Vec<(String, String)> = OVERRIDES
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        config.push(("protocol.allow".into(), "never".into()));
        for p in PROTOCOLS {
            config.push((format!("protocol.{p}.allow"), "never".into()));
        }
        Ok(Self {
            dir,
            config,
            args: Vec::new(),
            env: ENV
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        })
    }

    /// Literal arguments (subcommands and flags), trusted because they are
    /// compiled in. `diff` is always followed by the flags that keep it from
    /// running drivers.
    pub fn args(mut self, literals: impl IntoIterator<Item = &'static str>) -> Self {
        for a in literals {
            self.args.push(a.to_owned());
            if matches!(a, "diff" | "log") && self.args.len() == 1 {
                self.args
                    .extend(["--no-textconv", "--no-ext-diff", "--no-color"].map(str::to_owned));
            }
        }
        self
    }

    /// One data argument (a ref, a SHA, a remote name, a key): refused when
    /// it could be read as an option or break the argv.
    pub fn value(mut self, field: &'static str, value: &str) -> Result<Self, GitArgError> {
        check_value(field, value)?;
        self.args.push(value.to_owned());
        Ok(self)
    }

    /// A literal option with a data value glued on (`--opt=<value>`); the
    /// value is checked like [`Self::value`].
    pub fn flag_value(
        mut self,
        flag: &'static str,
        field: &'static str,
        value: &str,
    ) -> Result<Self, GitArgError> {
        check_value(field, value)?;
        self.args.push(format!("{flag}{value}"));
        Ok(self)
    }

    /// One absolute path argument.
    pub fn path(mut self, field: &'static str, path: &Path) -> Result<Self, GitArgError> {
        let p = path.to_string_lossy().into_owned();
        check_path(field, &p)?;
        self.args.push(p);
        Ok(self)
    }

    /// Allow the transports a Compass-owned repository uses to reach a real
    /// remote (never `ext` or `fd`, which run commands or reuse fds).
    pub fn allow_transports(mut self) -> Self {
        for p in FORWARD_PROTOCOLS {
            self.set(&format!("protocol.{p}.allow"), "always");
        }
        self
    }

    /// Allow only local paths (listing a local remote from a neutral
    /// directory).
    pub fn allow_local_transport(mut self) -> Self {
        self.set("protocol.file.allow", "always");
        self
    }

    /// Run hooks from a Compass-owned directory instead of none (the relay's
    /// pre-receive check).
    pub fn hooks_from(mut self, dir: &Path) -> Result<Self, GitArgError> {
        let d = dir.to_string_lossy().into_owned();
        check_path("hooks directory", &d)?;
        self.set("core.hooksPath", &d);
        Ok(self)
    }

    /// A receive-pack that checks what it is sent: every received object
    /// is fsck'd (a malformed commit or a tree naming `.git` or `..` is
    /// refused with git's reason), and a pack over `max_bytes` is refused.
    pub fn receive_checks(mut self, max_bytes: u64) -> Self {
        self.set("receive.fsckObjects", "true");
        self.set("receive.maxInputSize", &max_bytes.to_string());
        self
    }

    /// Authenticate to the real remote through Compass's own credential
    /// helper (forwarding to a forge): git asks it, and it asks the daemon,
    /// which answers only for the origin the secret is bound to. The token
    /// is in no argv, env or file git sees.
    pub fn credential_helper(mut self, helper: &CredentialHelper) -> Self {
        // The fixed `credential.helper=` (empty) already reset the list the
        // repo's config built; this adds the one helper after it.
        self.config
            .push(("credential.helper".into(), helper.config_value()));
        let (key, socket) = helper.env();
        self.env.push((key.into(), socket.into()));
        self
    }

    /// Authenticate to the real remote as `auth` says (the credential
    /// helper after the fixed empty one; the ssh command in place of the
    /// fixed `false`).
    pub fn remote_auth(mut self, auth: &RemoteAuth) -> Self {
        if let Some(helper) = &auth.credential {
            self = self.credential_helper(helper);
        }
        if let Some(ssh) = &auth.ssh {
            self.set("core.sshCommand", &ssh.config_value());
        }
        self
    }

    /// One more environment variable (`GIT_DIR`, quarantine paths, the
    /// relay's decision socket); the value is checked like an argument.
    pub fn env(
        mut self,
        key: &'static str,
        field: &'static str,
        value: &str,
    ) -> Result<Self, GitArgError> {
        plain(field, value)?;
        self.env.push((key.to_owned(), value.to_owned()));
        Ok(self)
    }

    fn set(&mut self, key: &str, value: &str) {
        match self.config.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value.to_owned(),
            None => self.config.push((key.to_owned(), value.to_owned())),
        }
    }

    /// The directory git runs in.
    pub fn dir(&self) -> &str {
        &self.dir
    }

    /// The full argv, `git` first.
    pub fn argv(&self) -> Vec<String> {
        let mut argv = vec![
            "git".to_owned(),
            "--no-pager".to_owned(),
            "--no-replace-objects".to_owned(),
        ];
        for (k, v) in &self.config {
            argv.push("-c".to_owned());
            argv.push(format!("{k}={v}"));
        }
        argv.extend(self.args.iter().cloned());
        argv
    }

    /// The whole environment git gets.
    pub fn envs(&self) -> &[(String, String)] {
        &self.env
    }

    /// The subcommand and its arguments, for messages (no config noise).
    pub fn display(&self) -> String {
        self.args.join(" ")
    }

    /// A host-side command: cleared environment, this one set, stdin null.
    /// Building it does no I/O; the caller spawns it.
    pub fn command(&self) -> std::process::Command {
        let argv = self.argv();
        let mut cmd = std::process::Command::new(&argv[0]);
        cmd.args(&argv[1..])
            .current_dir(&self.dir)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(std::process::Stdio::null());
        cmd
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_id_is_full_hex_and_nothing_else() {
        let sha1 = "A".repeat(40);
        assert_eq!(check_commit_id("commit", &sha1).unwrap(), "a".repeat(40));
        assert!(check_commit_id("commit", &"0".repeat(64)).is_ok());
        for bad in [
            "HEAD",
            "--all",
            &"a".repeat(39),
            &format!("{}\n", "a".repeat(40)),
        ] {
            assert!(
                matches!(
                    check_commit_id("commit", bad),
                    Err(GitArgError::NotCommitId { .. })
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn every_invocation_carries_the_safe_config() {
        let g = SafeGit::in_dir("/work/app")
            .unwrap()
            .args(["diff"])
            .value("base", "HEAD~1")
            .unwrap();
        let argv = g.argv();
        let joined = argv.join(" ");
        for needle in [
            "core.hooksPath=/dev/null",
            "core.fsmonitor=false",
            "protocol.ext.allow=never",
            "protocol.file.allow=never",
            "core.attributesFile=/dev/null",
            "diff --no-textconv --no-ext-diff --no-color HEAD~1",
        ] {
            assert!(joined.contains(needle), "{needle} missing from {joined}");
        }
        assert!(
            g.envs()
                .iter()
                .any(|(k, v)| k == "GIT_CONFIG_GLOBAL" && v == "/dev/null")
        );
        assert_eq!(g.dir(), "/work/app");
    }

    #[test]
    fn values_are_checked() {
        let g = || SafeGit::in_dir("/r").unwrap();
        for bad in ["", "-x", "--upload-pack=touch /x", "a\nb", "a\0b", "a\rb"] {
            assert!(g().value("ref", bad).is_err(), "{bad:?}");
        }
        assert!(g().value("ref", "refs/heads/x").is_ok());
        assert!(SafeGit::in_dir("relative").is_err());
        assert!(g().path("p", Path::new("rel")).is_err());
        assert!(g().env("GIT_DIR", "git dir", "/a\nb").is_err());
    }

    #[test]
    fn transports_open_only_on_request_and_never_ext() {
        let joined = SafeGit::in_dir("/r")
            .unwrap()
            .allow_transports()
            .argv()
            .join(" ");
        assert!(joined.contains("protocol.file.allow=always"));
        assert!(joined.contains("protocol.ext.allow=never"));
        assert!(joined.contains("protocol.fd.allow=never"));
    }

    #[test]
    fn the_credential_helper_is_compass_own_and_names_its_socket_in_env_only() {
        let h = CredentialHelper::new(
            Path::new("/opt/compass/bin/git-remote-compass"),
            Path::new("/data/secrets/.lend-1.sock"),
        )
        .unwrap();
        let g = SafeGit::in_dir("/relay/app.git")
            .unwrap()
            .allow_transports()
            .credential_helper(&h)
            .args(["fetch"]);
        let argv = g.argv();
        let helpers: Vec<&String> = argv
            .iter()
            .filter(|a| a.starts_with("credential.helper="))
            .collect();
        // The reset (empty) first, then only Compass's helper.
        assert_eq!(
            helpers,
            [
                "credential.helper=",
                "credential.helper=!'/opt/compass/bin/git-remote-compass' --credential"
            ]
        );
        assert!(g.envs().contains(&(
            CREDENTIAL_SOCKET_ENV.into(),
            "/data/secrets/.lend-1.sock".into()
        )));
        assert!(!argv.iter().any(|a| a.contains(".lend-1.sock")));
        for (helper, socket) in [
            ("/opt/it's/git-remote-compass", "/s.sock"),
            ("relative/git-remote-compass", "/s.sock"),
            ("/bin/h", "/s\n.sock"),
            ("/bin/h", "s.sock"),
        ] {
            assert!(
                CredentialHelper::new(Path::new(helper), Path::new(socket)).is_err(),
                "{helper} {socket}"
            );
        }
    }
}
