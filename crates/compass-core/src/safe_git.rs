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
//! The repository's own config is still read by git (nothing can stop that),
//! and so is `$GIT_COMMON_DIR/info/attributes`, which no setting turns off
//! (`attr.tree` replaces only the in-tree `.gitattributes`). The `-c`
//! overrides above win over the config, but a filter or merge driver is
//! selected *by attributes* and defined under a name the repository picks,
//! so no override list can name them all. Hence the rule: a command run in
//! the agent's git dir never reads or writes worktree content (no checkout,
//! status, merge, `diff` against the worktree): those run through a
//! [`WorktreeView`], a host-owned git dir (its config and `info/` are
//! Compass's, read-only to the agent) that reads the agent's index, objects
//! and files only as data. What Compass needs from the agent's config
//! (remote URLs) it asks for as data (`config --get`, `remote get-url`),
//! never through a transport.
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
    #[error("not a worktree git can locate (rev-parse printed {value:?})")]
    NotAWorktree { value: String },
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
    // Signature verifiers: `log.showSignature` (or a merge's
    // `verifySignatures`) in the repository makes git run the program of
    // the format each signature names, so each format is pinned, not only
    // OpenPGP's; nothing Compass runs signs.
    ("gpg.program", "false"),
    ("gpg.openpgp.program", "false"),
    ("gpg.ssh.program", "false"),
    ("gpg.x509.program", "false"),
    ("log.showSignature", "false"),
    ("merge.verifySignatures", "false"),
    ("commit.gpgSign", "false"),
    ("tag.gpgSign", "false"),
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

    /// Hide the refs under `prefix` from the client of an `upload-pack` or
    /// `receive-pack` (`transfer.hideRefs`): not advertised, and a push
    /// that would update one is refused by git.
    pub fn hide_refs(mut self, prefix: &'static str) -> Self {
        self.set("transfer.hideRefs", prefix);
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

/// A repository's object format: which empty tree, and which view git dir.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectFormat {
    Sha1,
    Sha256,
}

impl ObjectFormat {
    /// Both formats, for writing every view git dir.
    pub const ALL: [ObjectFormat; 2] = [ObjectFormat::Sha1, ObjectFormat::Sha256];

    /// What `git rev-parse --show-object-format` prints.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "sha1" => Some(Self::Sha1),
            "sha256" => Some(Self::Sha256),
            _ => None,
        }
    }

    /// The name of this format's view git dir under [`VIEW_DIR`].
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sha1 => "sha1",
            Self::Sha256 => "sha256",
        }
    }

    /// The empty tree's id in this format.
    pub fn empty_tree(self) -> &'static str {
        match self {
            Self::Sha1 => EMPTY_TREE,
            Self::Sha256 => "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321",
        }
    }

    /// The files of this format's view git dir, relative to it (its `refs/`
    /// and `objects/` are empty dirs, [`VIEW_DIRS`]). HEAD names a branch
    /// that never exists: nothing built here reads the view's HEAD.
    pub fn view_files(self) -> [(&'static str, &'static str); 2] {
        let config = match self {
            Self::Sha1 => "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
            Self::Sha256 => {
                "[core]\n\trepositoryformatversion = 1\n\tbare = false\n[extensions]\n\tobjectFormat = sha256\n"
            }
        };
        [
            ("HEAD", "ref: refs/heads/compass-view\n"),
            ("config", config),
        ]
    }
}

/// Where the view git dirs live, under the workload's read-only config dir
/// (`<config>/git-view/<format>`): written by the host, read-only inside.
pub const VIEW_DIR: &str = "git-view";
/// The empty dirs a view git dir holds besides [`ObjectFormat::view_files`].
pub const VIEW_DIRS: [&str; 2] = ["refs", "objects"];

/// `git ls-files` arguments that list a worktree's untracked entries
/// (ignored ones left out, a new directory as one entry): what a status
/// built through a [`WorktreeView`] reads for "untracked".
pub const LIST_UNTRACKED: [&str; 6] = [
    "ls-files",
    "-z",
    "--others",
    "--exclude-standard",
    "--directory",
    "--no-empty-directory",
];

/// An agent's worktree seen through a host-owned git dir: `GIT_DIR` is the
/// view (its config, `info/attributes`, `info/exclude` and hooks are
/// Compass's and hold nothing), while the agent's index, objects and files
/// are named by `GIT_INDEX_FILE`, `GIT_OBJECT_DIRECTORY` and
/// `GIT_WORK_TREE` and read as data. So no attribute the agent wrote can
/// select a filter, and no driver it defined exists: the only git that may
/// read or write worktree content for the host (a checkout, a status).
///
/// Its own `info/exclude` is read as an excludes file (`core.excludesFile`:
/// patterns, nothing that runs). The paths come from a safe `rev-parse` in
/// the agent's repository ([`WorktreeView::locate`]); the agent may change
/// them a moment later, which only changes which of its own data is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorktreeView {
    view: String,
    git_dir: String,
    objects: String,
    exclude: String,
    work_tree: String,
    format: ObjectFormat,
}

impl WorktreeView {
    /// The `rev-parse` that locates the worktree holding `dir` (run in the
    /// agent's repository: it reads no attribute and runs no driver).
    pub fn locate(dir: impl AsRef<Path>) -> Result<SafeGit, GitArgError> {
        Ok(SafeGit::in_dir(dir)?.args([
            "rev-parse",
            "--path-format=absolute",
            "--show-object-format",
            "--git-dir",
            "--git-common-dir",
            "--show-toplevel",
        ]))
    }

    /// The view from [`Self::locate`]'s output; `views` is where the view
    /// git dirs are as git sees them (`<config>/git-view`). Anything but
    /// four absolute paths-or-format lines (a bare repository, a path with
    /// a line break) is refused.
    pub fn parse(views: &Path, located: &str) -> Result<Self, GitArgError> {
        let lines: Vec<&str> = located
            .strip_suffix('\n')
            .unwrap_or(located)
            .split('\n')
            .collect();
        let [format, git_dir, common, top] = lines[..] else {
            return Err(GitArgError::NotAWorktree {
                value: located.escape_debug().to_string(),
            });
        };
        let format = ObjectFormat::parse(format).ok_or_else(|| GitArgError::NotAWorktree {
            value: located.escape_debug().to_string(),
        })?;
        for p in [git_dir, common, top] {
            check_path("worktree path", p)?;
        }
        let view = views.join(format.as_str()).to_string_lossy().into_owned();
        check_path("view git dir", &view)?;
        Ok(Self {
            view,
            git_dir: git_dir.to_owned(),
            objects: format!("{common}/objects"),
            exclude: format!("{common}/info/exclude"),
            work_tree: top.to_owned(),
            format,
        })
    }

    /// The worktree's top directory (where git runs).
    pub fn work_tree(&self) -> &str {
        &self.work_tree
    }

    /// The repository's object format.
    pub fn format(&self) -> ObjectFormat {
        self.format
    }

    /// A safe git in the worktree, through the view.
    pub fn git(&self) -> Result<SafeGit, GitArgError> {
        let mut g = SafeGit::in_dir(&self.work_tree)?
            .env("GIT_DIR", "view git dir", &self.view)?
            .env("GIT_WORK_TREE", "worktree", &self.work_tree)?
            .env(
                "GIT_INDEX_FILE",
                "index",
                &format!("{}/index", self.git_dir),
            )?
            .env("GIT_OBJECT_DIRECTORY", "objects", &self.objects)?;
        g.set("core.excludesFile", &self.exclude);
        Ok(g)
    }
}

/// `git status --short`'s lines from plumbing output: `--name-status -z`
/// of the index against HEAD (first column) and of the worktree against
/// the index (second), and `ls-files -z --others` (`??`).
pub fn short_status(staged: &str, unstaged: &str, untracked: &str) -> Vec<String> {
    let mut by_path: std::collections::BTreeMap<&str, [char; 2]> = Default::default();
    for (column, listing) in [(0, staged), (1, unstaged)] {
        let mut fields = listing.split('\0');
        while let (Some(kind), Some(path)) = (fields.next(), fields.next()) {
            let Some(letter) = kind.chars().next() else {
                continue;
            };
            by_path.entry(path).or_insert([' ', ' '])[column] = letter;
        }
    }
    let mut lines: Vec<String> = by_path
        .into_iter()
        .map(|(path, [x, y])| format!("{x}{y} {path}"))
        .collect();
    lines.extend(
        untracked
            .split('\0')
            .filter(|p| !p.is_empty())
            .map(|p| format!("?? {p}")),
    );
    lines
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

    /// A repository configured to verify signatures with programs of its
    /// own, and commits signed in the SSH and X.509 formats: the safe log
    /// runs neither program.
    #[test]
    fn a_log_runs_no_signature_verifier_the_repository_names() {
        let root = std::env::temp_dir().join(format!("safe-git-sig-{}", std::process::id()));
        let _ = fs_err::remove_dir_all(&root);
        fs_err::create_dir_all(&root).unwrap();
        let sh = |script: &str| {
            let out = std::process::Command::new("sh")
                .args(["-c", script])
                .current_dir(&root)
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .env("GIT_CONFIG_NOSYSTEM", "1")
                .output()
                .unwrap();
            assert!(out.status.success(), "{out:?}");
        };
        sh(
            r#"git init -q r && cd r && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m one && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m two &&
for f in ssh x509; do printf '#!/bin/sh\ntouch ../ran-%s\nexit 1\n' $f > ../$f && chmod +x ../$f && git config gpg.$f.program "$PWD/../$f"; done &&
git config log.showSignature true && echo x > ../allowed && git config gpg.ssh.allowedSignersFile "$PWD/../allowed" &&
sign() { git cat-file commit HEAD | awk -v b="$1" -v e="$2" -v p="$(git rev-parse HEAD)" '/^parent /{print "parent " p; next} /^committer /&&!d{print; print "gpgsig " b; print " U0lHTkVE"; print " " e; d=1; next} {print}' | git hash-object -t commit -w --stdin; } &&
git update-ref HEAD "$(sign '-----BEGIN SSH SIGNATURE-----' '-----END SSH SIGNATURE-----')" &&
git update-ref HEAD "$(sign '-----BEGIN SIGNED MESSAGE-----' '-----END SIGNED MESSAGE-----')""#,
        );
        // The plant works: plain git runs both verifiers.
        sh("cd r && git log --format=%H >/dev/null 2>&1; true");
        for f in ["ran-ssh", "ran-x509"] {
            assert!(root.join(f).exists(), "{f}: the planted verifier never ran");
            fs_err::remove_file(root.join(f)).unwrap();
        }
        for args in [
            &["log", "--format=%H%x09%s"][..],
            &["log", "--oneline", "-10"],
        ] {
            let out = SafeGit::in_dir(root.join("r"))
                .unwrap()
                .args(args.iter().copied())
                .command()
                .output()
                .unwrap();
            assert!(out.status.success(), "{args:?}: {out:?}");
            assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
        }
        for f in ["ran-ssh", "ran-x509"] {
            assert!(!root.join(f).exists(), "safe git ran the repository's {f}");
        }
        fs_err::remove_dir_all(&root).unwrap();
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

    #[test]
    fn a_view_reads_the_agents_data_through_a_host_owned_git_dir() {
        let located = "sha1\n/work/app/.git/worktrees/x\n/work/app/.git\n/work/.streams/E-1/app\n";
        let v = WorktreeView::parse(Path::new("/run/compass/config/git-view"), located).unwrap();
        let g = v.git().unwrap().args(["diff-files"]);
        let env: std::collections::BTreeMap<_, _> = g.envs().iter().cloned().collect();
        assert_eq!(env["GIT_DIR"], "/run/compass/config/git-view/sha1");
        assert_eq!(env["GIT_WORK_TREE"], "/work/.streams/E-1/app");
        assert_eq!(env["GIT_INDEX_FILE"], "/work/app/.git/worktrees/x/index");
        assert_eq!(env["GIT_OBJECT_DIRECTORY"], "/work/app/.git/objects");
        assert_eq!(g.dir(), "/work/.streams/E-1/app");
        let argv = g.argv().join(" ");
        assert!(
            argv.contains("core.excludesFile=/work/app/.git/info/exclude"),
            "{argv}"
        );
        assert!(argv.contains("core.attributesFile=/dev/null"), "{argv}");
        let v = WorktreeView::parse(Path::new("/v"), &located.replace("sha1", "sha256")).unwrap();
        assert_eq!(v.format(), ObjectFormat::Sha256);
        assert_eq!(v.format().empty_tree().len(), 64);
        for bad in [
            "",
            "sha1\n/a\n/a\n",
            "md5\n/a\n/a\n/a\n",
            "sha1\n/a\nrelative\n/a\n",
            "sha1\n/a\n/a\n/a\n/b\n",
        ] {
            assert!(
                WorktreeView::parse(Path::new("/v"), bad).is_err(),
                "{bad:?}"
            );
        }
    }
}
