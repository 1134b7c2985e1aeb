//! Agent kinds: a registry loaded from data (`kinds.toml`, embedded) that
//! says how each agent is launched over ACP, how it is provisioned inside
//! its workload, and which native hook surfaces carry Warden's gate — the
//! support matrix the UI shows. The scripted agent is just another kind.
//!
//! A user's own kinds (`$COMPASS_HOME/kinds.toml`, the same schema) add
//! kinds or replace built-in ones by id ([`KindRegistry::with_user`]); a
//! kind whose hooks gate tool calls names the [`HookProtocol`] they speak,
//! so Warden can decode them. Every file is checked whole before it is
//! used: a registry is never half loaded.

use crate::error::AcpError;
use crate::memory::MemoryFiles;
pub use compass_core::hook::HookProtocol;
use compass_runtime::ExecSpec;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

const BUILTIN: &str = include_str!("kinds.toml");
/// The binary a kind with `confine_secrets` starts through.
pub use compass_hook::confine::BINARY as CONFINE_BINARY;
/// The dir and name of the `bash` a kind with `provision.confine_shell`
/// finds first on its `PATH` (`compass-confine` by another name).
pub use compass_hook::confine::{SHELL_DIR as CONFINE_SHELL_DIR, SHELL_NAME as CONFINE_SHELL_NAME};
/// The git a kind with `provision.own_git` runs as its own.
pub use compass_hook::own_git;
/// The variable naming, to a kind's install script, the directory it
/// installs into (`npm install -g --prefix "$COMPASS_INSTALL_PREFIX"`):
/// its `bin` holds the kind's program.
pub const INSTALL_PREFIX_ENV: &str = "COMPASS_INSTALL_PREFIX";
/// How long a kind's install may run when the kind does not say
/// (`provision.install_timeout_s`): a package registry's install of an
/// agent CLI takes a minute or two; ten is ample, and bounded.
pub const DEFAULT_INSTALL_TIMEOUT_S: u64 = 600;
/// The longest install time-out a kind may ask for: an install is never
/// left to hold its kind's lock for longer.
pub const MAX_INSTALL_TIMEOUT_S: u64 = 3600;

/// The programs a launch starts, as absolute paths inside the workload,
/// resolved by the daemon at start in directories no agent can write (the
/// Compass bin dir, `--agent-tools`, the kind's install dir): an agent that
/// plants a program of the same name anywhere it can write never has it
/// started in place of these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Programs {
    /// The agent's program: replaces the first word of its command line.
    pub agent: PathBuf,
    /// [`CONFINE_BINARY`], for a kind with `confine_secrets`.
    pub confine: PathBuf,
}

/// What the workload holds under a [`Gateway`] kind's credential name
/// outside the agent process (which holds its start's gateway token): a
/// fixed, public value, never the key. The gateway answers it 401.
pub const GATEWAY_PLACEHOLDER: &str = "compass-gateway-placeholder";

/// A kind's model gateway: the agent's base URL points at
/// `http://127.0.0.1:3130/…` on the workload's own loopback, served by the
/// daemon, which adds the real key on the way out; the agent process
/// holds a fresh token of its start's under the credential's name (the
/// gateway answers nothing without it), the rest of the workload
/// [`GATEWAY_PLACEHOLDER`]. Used where the
/// workload's loopback is its own (an allowlisted sandbox or OCI
/// workload); elsewhere the key is delivered as without one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gateway {
    /// The model key (one of the kind's `credentials`): read from the
    /// secret store when the gateway starts, held in the daemon's memory.
    pub credential: String,
    /// How the upstream takes the key.
    pub scheme: AuthScheme,
    /// The base-URL setting (one of `host_env`): the daemon's value of it,
    /// else `default_base_url`, is the upstream; the workload's is the
    /// gateway's loopback URL with the same path.
    pub base_url: String,
    /// The upstream when the daemon's environment does not set `base_url`.
    pub default_base_url: String,
    /// Whether a request may offer the model the provider's own web
    /// search (Anthropic's `web_search_*` server tools, Gemini's
    /// `googleSearch`): `false` unless set, and then the gateway refuses
    /// such a request unsent. The provider's search engine reads pages past
    /// the workload's egress allowlist, a query can carry data out, and
    /// the results reach the model without passing Warden (they are no
    /// tool call of the agent's). `true` is the user's choice of that
    /// trade. Never for the `bearer` family: OpenAI's search can open a
    /// page the model names, a fetch, refused whatever this says.
    #[serde(default)]
    pub web_search: bool,
}

/// How a model API takes its key: a closed set, so no kind can name a
/// header the gateway would not know to strip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AuthScheme {
    /// `Authorization: Bearer KEY` (OpenAI).
    #[serde(rename = "bearer")]
    Bearer,
    /// `x-api-key: KEY` (Anthropic).
    #[serde(rename = "x-api-key")]
    XApiKey,
    /// `x-goog-api-key: KEY` (Gemini).
    #[serde(rename = "x-goog-api-key")]
    XGoogApiKey,
}

impl AuthScheme {
    /// Every header any scheme (or a proxy) authenticates with: the
    /// gateway removes them all from the agent's request before it adds
    /// its own.
    pub const AUTH_HEADERS: [&'static str; 5] = [
        "authorization",
        "x-api-key",
        "x-goog-api-key",
        "api-key",
        "proxy-authorization",
    ];

    /// The header this scheme sets.
    pub fn header(self) -> &'static str {
        match self {
            Self::Bearer => "authorization",
            Self::XApiKey => "x-api-key",
            Self::XGoogApiKey => "x-goog-api-key",
        }
    }

    /// The header's value for `key`.
    pub fn value(self, key: &str) -> String {
        match self {
            Self::Bearer => format!("Bearer {key}"),
            Self::XApiKey | Self::XGoogApiKey => key.to_owned(),
        }
    }
}

/// How the agent speaks ACP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// The agent's own ACP server.
    Native,
    /// A thin adapter wrapping the agent's CLI (claude-agent-acp, codex-acp).
    Adapter,
}

/// The provision step, run inside the workload.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provision {
    /// A `sh` script that installs the agent into [`INSTALL_PREFIX_ENV`]
    /// (`{config}` substituted). The daemon runs it once per kind and
    /// script, in a throwaway workload of its own, never in an agent's:
    /// what it leaves in the prefix is mounted read-only into every agent
    /// of the kind (its `bin` on `PATH`), and anything it writes elsewhere
    /// (`$HOME`) is discarded with that workload.
    pub install: String,
    /// The longest the install may run, in seconds (1 to
    /// [`MAX_INSTALL_TIMEOUT_S`]; [`DEFAULT_INSTALL_TIMEOUT_S`] unless
    /// the kind says): past it the install's workload is removed, nothing
    /// counts as installed, and the start fails saying so (the next start
    /// tries again).
    #[serde(default = "default_install_timeout_s")]
    pub install_timeout_s: u64,
    /// A `sh` script run at every start: wires the native hooks.
    #[serde(default)]
    pub wire: String,
    /// `host[:port]`s the install needs (a package registry).
    #[serde(default)]
    pub egress: Vec<String>,
    /// Where the hook config goes, relative to the read-only config dir.
    #[serde(default)]
    pub hook_config_path: Option<String>,
    /// The hook config template: `{hook}` becomes the `compass hook
    /// <protocol>` command, `{config}` the config dir, and `{timeout_s}` /
    /// `{timeout_ms}` the agent-side hook time-out (always above Compass's
    /// own deadline; a JSON config of a hooked kind must set it).
    #[serde(default)]
    pub hook_config: Option<String>,
    /// The same hooks as HTTP hooks, served from inside the workload (no
    /// process per tool call), where that is sound: see
    /// [`AgentKind::hook_transport`].
    #[serde(default)]
    pub http_hooks: Option<HttpHooks>,
    /// Config places the agent can write and would load from, seen by the
    /// agent process as empty and read-only ([`crate::masked`]).
    #[serde(default)]
    pub masked: crate::masked::Masked,
    /// Config files the daemon renders on the host into the read-only
    /// config dir at every start (never written inside, never read back):
    /// the agent can neither rewrite them between restarts nor while its
    /// program re-reads them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rendered: Vec<Rendered>,
    /// The agent's program runs git itself, outside any tool call: the
    /// workload's `PATH` starts with the read-only config dir's `own-git/`,
    /// whose `git` (`compass-confine` by another name,
    /// `compass_hook::own_git`) reads the agent's repository only as data.
    /// The kind's own config must set `compass_hook::own_git::TOOL_ENV` in
    /// its tool commands' environment, whose `git` is then the system's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_git: bool,
    /// The agent's program runs its tool commands with the `bash` it finds
    /// on `PATH`: the workload's `PATH` starts with the read-only config
    /// dir's `compass-confine-shell/`, whose `bash` is `compass-confine`
    /// (`compass_hook::confine::SHELL_DIR`), so each runs confined. Needs
    /// the agent started through it (`confine_credentials` or
    /// `confine_secrets`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub confine_shell: bool,
    /// The native program the kind's program (an npm launcher) runs, as a
    /// path below a `node_modules` dir (`{arch}`: `x64` or `arm64`), found
    /// from the launcher as node resolves it: the agent starts it directly,
    /// from a copy the daemon makes in the read-only config dir's
    /// [`EXECUTE_ONLY_DIR`] with mode 0111. The kernel makes a process
    /// whose program its user cannot read non-dumpable, so no process of
    /// that user (its tool commands, whatever shell they run in) may read
    /// its environment, memory or descriptors: for an agent whose tools no
    /// shell setting confines (Codex lets the model name the shell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execute_only: Option<String>,
}

/// The config dir's dir of execute-only programs
/// ([`Provision::execute_only`]).
pub const EXECUTE_ONLY_DIR: &str = "execute-only";

impl Provision {
    /// [`Provision::execute_only`] for this machine's architecture, as
    /// path components (each a plain name); `None` when the kind has none.
    pub fn execute_only_path(&self) -> Option<Result<PathBuf, String>> {
        let rel = self.execute_only.as_deref()?;
        let arch = match std::env::consts::ARCH {
            "x86_64" => "x64",
            "aarch64" => "arm64",
            other => other,
        };
        let rel = rel.replace("{arch}", arch);
        let path = PathBuf::from(&rel);
        let plain = !rel.is_empty()
            && path
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
        Some(if plain {
            Ok(path)
        } else {
            Err(format!("{rel:?} is not a relative path of plain names"))
        })
    }
}

fn default_install_timeout_s() -> u64 {
    DEFAULT_INSTALL_TIMEOUT_S
}

/// One config file rendered on the host ([`Provision::rendered`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rendered {
    /// Where it goes, relative to the read-only config dir.
    pub path: String,
    /// The content: `${NAME}` becomes the value of a declared variable,
    /// `{config}` the config dir as the workload sees it.
    pub template: String,
    /// The variables: each a `host_env` setting (its value in the agent's
    /// environment, else the default), checked before it is written.
    #[serde(default)]
    pub vars: BTreeMap<String, RenderedVar>,
}

/// A variable of a [`Rendered`] file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderedVar {
    pub default: String,
    pub check: ValueCheck,
}

/// What a rendered variable's value must be. Neither admits a quote, a
/// backslash, a space or a brace, so a value cannot leave its JSON string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueCheck {
    /// An `http(s)://` URL of `A-Za-z0-9.:/_~%-` only.
    BaseUrl,
    /// A model id: a letter or digit, then `A-Za-z0-9._:-`.
    ModelId,
}

impl ValueCheck {
    fn check(self, name: &str, value: &str) -> Result<(), String> {
        let ok = match self {
            Self::BaseUrl => {
                (value.starts_with("http://") || value.starts_with("https://"))
                    && value
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || ".:/_~%-".contains(c))
            }
            Self::ModelId => {
                value
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
                    && value
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "._:-".contains(c))
            }
        };
        if ok {
            return Ok(());
        }
        Err(match self {
            Self::BaseUrl => format!(
                "{name} must be an http(s) URL of letters, digits and . : / _ ~ % -, not {value:?}"
            ),
            Self::ModelId => {
                format!("{name} must be a model id (letters, digits and . _ : -), not {value:?}")
            }
        })
    }
}

/// A kind's HTTP hook form. It replaces `hook_config` (at the same path)
/// only where the workload's loopback is its own and the agent's HTTP
/// hooks fail closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpHooks {
    /// The hook config template: `{hook_url}` becomes the in-workload
    /// endpoint's URL for the kind's protocol (`{hook_url}/PreToolUse`),
    /// `{timeout_s}` / `{timeout_ms}` as in `hook_config`. Each hook must
    /// fail closed (Claude Code: `"onFailure": "block"`).
    pub config: String,
    /// The version of the agent program the kind's install pins, as the
    /// kind declares it: Compass never asks the agent (what runs in the
    /// workload is the agent's to change).
    #[serde(default)]
    pub agent_version: Option<String>,
    /// The first version whose HTTP hooks can fail closed; an older pinned
    /// version keeps the command hooks (its HTTP hooks would let a call
    /// through whenever the endpoint fails). Absent: every version can.
    #[serde(default)]
    pub fail_closed_since: Option<String>,
}

/// How an agent's hooks reach Warden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookTransport {
    /// A process per hook (`compass-hook`), run by the agent.
    Command,
    /// An HTTP request to the endpoint inside the workload.
    Http,
}

impl HookTransport {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Command => "command",
            Self::Http => "http",
        }
    }
}

/// Which transport a kind's hooks use in one workload, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportChoice {
    pub transport: HookTransport,
    pub why: String,
}

/// `1.2.10` → `[1, 2, 10]`; anything but dot-separated numbers is `None`.
fn version(raw: &str) -> Option<Vec<u64>> {
    raw.split('.').map(|p| p.parse().ok()).collect()
}

/// Which hook surfaces an agent has (the support matrix).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HookSupport {
    /// A pre-tool hook that can block (the output gate).
    pub pre_tool: bool,
    /// A post-tool hook that can hold a result (the input gate).
    pub post_tool: bool,
    /// The hook protocol the kind's hooks speak (required when either hook
    /// is claimed; Warden decodes its payloads by it).
    #[serde(default)]
    pub protocol: Option<HookProtocol>,
    pub surface: String,
    pub gated_tools: Vec<String>,
    /// Tools the hooks do not intercept (they fall to the async watch).
    pub ungated_tools: Vec<String>,
    #[serde(default)]
    pub notes: String,
}

/// One agent kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentKind {
    pub id: String,
    pub display_name: String,
    pub transport: Transport,
    /// argv inside the workload (`{config}` substituted); empty for `custom`.
    /// `{config}` is substituted in `env` values too.
    pub command: Vec<String>,
    /// Names of the secrets the agent needs (materialized by the runtime).
    pub credentials: Vec<String>,
    /// Whether the agent supports `session/load` (informational; the
    /// session asks the agent at `initialize`).
    pub load_session: bool,
    #[serde(default)]
    pub initial_mode: Option<String>,
    /// ACP `_meta` sent with every `session/new` and `session/load`: the
    /// options an adapter takes from its client (claude-agent-acp reads
    /// Claude Code's SDK options from `_meta.claudeCode.options`, which
    /// override its own defaults). `{cwd}` in a string value is the
    /// session's working directory (see [`session_meta_for`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_meta: Option<serde_json::Map<String, serde_json::Value>>,
    /// The ACP `authenticate` method sent before `session/new`, when the
    /// agent offers it (codex-acp waits for one).
    #[serde(default)]
    pub auth_method: Option<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Credentials the agent's own server wants, kept from its tools: the
    /// agent starts through [`CONFINE_BINARY`], which gives each named
    /// variable a fresh random value and becomes the agent's `SHELL`, so
    /// every tool command runs without them, in a Landlock domain that
    /// cannot read the agent's memory or environment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub confine_secrets: Vec<String>,
    /// The agent's `credentials` (its model key) are its program's alone:
    /// it starts through [`CONFINE_BINARY`] (`--keep-env` each), which is
    /// its `SHELL`, so every tool command it runs through that shell runs
    /// without them, in a Landlock domain that cannot read the agent's
    /// memory or environment. Its launch is
    /// [`compass_runtime::KeptSecrets::Descriptor`]: the key reaches the
    /// agent alone, never bwrap's or the egress relay's environment (where
    /// a [`Gateway`] serves the kind, the descriptor carries the start's
    /// gateway token instead of the key). For
    /// an agent that finds its shell otherwise, see
    /// [`Provision::confine_shell`] and [`Provision::execute_only`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub confine_credentials: bool,
    /// `host[:port]`s the agent needs to reach (its model API); none means
    /// no network at all.
    #[serde(default)]
    pub egress: Vec<String>,
    /// Settings taken from the daemon's environment when set there (e.g. a
    /// gateway URL); a URL's host joins the egress allowlist.
    #[serde(default)]
    pub host_env: Vec<String>,
    /// The model gateway: the key stays in the daemon ([`Gateway`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gateway: Option<Gateway>,
    pub provision: Provision,
    pub hooks: HookSupport,
    /// The instruction files the agent's program loads at a session's
    /// start (`[kind.memory]`): read by the daemon through `agentfs` and
    /// inspected by Warden before every launch ([`crate::memory`]).
    #[serde(default, skip_serializing_if = "MemoryFiles::is_empty")]
    pub memory: MemoryFiles,
}

impl AgentKind {
    /// The launch spec inside the workload. `config_dir` is where the
    /// read-only config appears inside; `custom` takes its argv from `extra`.
    /// The program (argv\[0\]) and `compass-confine` are started by the
    /// absolute paths in `programs`, never looked up through `PATH`: a name
    /// the agent can plant earlier on `PATH` is never what starts.
    pub fn launch(
        &self,
        config_dir: &str,
        extra: &[String],
        cwd: PathBuf,
        programs: &Programs,
    ) -> Result<ExecSpec, AcpError> {
        let mut argv: Vec<String> = self
            .command
            .iter()
            .map(|a| a.replace("{config}", config_dir))
            .collect();
        argv.extend(extra.iter().cloned());
        let Some(first) = argv.first_mut() else {
            return Err(AcpError::Registry(format!(
                "agent kind {:?} needs a command line (e.g. `my-agent --acp`)",
                self.id
            )));
        };
        for (what, path) in [("program", &programs.agent), ("confine", &programs.confine)] {
            if !path.is_absolute() {
                return Err(AcpError::Registry(format!(
                    "agent kind {:?}: the {what} path {} is not absolute",
                    self.id,
                    path.display()
                )));
            }
        }
        *first = programs.agent.display().to_string();
        if self.starts_confined() {
            let mut confined = vec![programs.confine.display().to_string(), "launch".to_owned()];
            for name in &self.confine_secrets {
                confined.extend(["--secret-env".to_owned(), name.clone()]);
            }
            if self.confine_credentials {
                for name in &self.credentials {
                    confined.extend(["--keep-env".to_owned(), name.clone()]);
                }
            }
            confined.push("--".to_owned());
            argv.splice(0..0, confined);
        }
        let env = self
            .env
            .iter()
            .map(|(k, v)| (k.clone(), v.replace("{config}", config_dir)))
            .collect();
        Ok(ExecSpec {
            argv,
            cwd: Some(cwd),
            env,
            stdin: None,
            max_output: None,
            masks: Vec::new(),
            // Its model key reaches the agent alone: `compass-confine
            // launch` takes it from its descriptor, so bwrap and the
            // egress relay never hold it.
            kept_secrets: if self.confine_credentials && !self.credentials.is_empty() {
                compass_runtime::KeptSecrets::Descriptor
            } else {
                compass_runtime::KeptSecrets::Env
            },
        })
    }

    /// Whether the agent starts through [`CONFINE_BINARY`].
    pub fn starts_confined(&self) -> bool {
        !self.confine_secrets.is_empty()
            || (self.confine_credentials && !self.credentials.is_empty())
    }

    /// A session config for this kind: launch spec, initial mode. The
    /// caller adds scope, roots, MCP servers and secrets' env.
    pub fn session_config(
        &self,
        agent_id: compass_core::id::AgentId,
        workload: compass_runtime::WorkloadName,
        cwd: PathBuf,
        config_dir: &str,
        extra: &[String],
        programs: &Programs,
    ) -> Result<crate::session::SessionConfig, AcpError> {
        let launch = self.launch(config_dir, extra, cwd.clone(), programs)?;
        let mut config = crate::session::SessionConfig::new(agent_id, workload, launch, cwd);
        config.initial_mode = self.initial_mode.clone();
        config.session_meta = self
            .session_meta
            .as_ref()
            .map(|meta| session_meta_for(&self.id, meta, &config.cwd))
            .transpose()?;
        config.auth_method = self.auth_method.clone();
        Ok(config)
    }

    /// The directories under `/etc` the kind's config dir fills (its hook
    /// config and rendered files below `etc/`, e.g. `claude-code`), which
    /// the workload must show from its first start.
    pub fn config_etc(&self) -> Vec<String> {
        let mut dirs: Vec<String> = self
            .provision
            .hook_config_path
            .iter()
            .chain(self.provision.rendered.iter().map(|r| &r.path))
            .filter_map(|path| {
                let mut parts = path.strip_prefix("etc/")?.split('/');
                let dir = parts.next()?;
                parts.next().map(|_| dir.to_owned())
            })
            .collect();
        dirs.sort();
        dirs.dedup();
        dirs
    }

    /// The install script with `{config}` substituted.
    pub fn install_script(&self, config_dir: &str) -> String {
        self.provision.install.replace("{config}", config_dir)
    }

    /// How long the kind's install may run ([`Provision::install_timeout_s`]).
    pub fn install_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.provision.install_timeout_s)
    }

    /// The hook-wiring script with `{config}` substituted.
    pub fn wire_script(&self, config_dir: &str) -> String {
        self.provision.wire.replace("{config}", config_dir)
    }

    /// The program the agent is launched as (argv\[0\] of its command),
    /// if any: a bare name, resolved by the daemon in directories the agent
    /// cannot write ([`Programs`]).
    pub fn program(&self) -> Option<&str> {
        self.command.first().map(String::as_str)
    }

    /// `(relative path, content)` of the hook config: `{hook}` becomes
    /// `<hook_program> hook <protocol>`, and the agent's hook time-out is
    /// `agent_timeout` (the caller applies Warden's rule: above Compass's).
    pub fn hook_config(
        &self,
        hook_program: &str,
        config_dir: &str,
        agent_timeout: std::time::Duration,
    ) -> Option<(String, String)> {
        self.hook_config_calling(&format!("{hook_program} hook"), config_dir, agent_timeout)
    }

    /// [`AgentKind::hook_config`] for any hook client: `{hook}` becomes
    /// `<hook_command> <protocol>` (e.g. the `compass-hook` binary's path).
    pub fn hook_config_calling(
        &self,
        hook_command: &str,
        config_dir: &str,
        agent_timeout: std::time::Duration,
    ) -> Option<(String, String)> {
        let path = self.provision.hook_config_path.clone()?;
        let body = self.provision.hook_config.as_ref()?;
        let protocol = self.hooks.protocol.map_or("none", HookProtocol::as_str);
        Some((
            path,
            render(
                body,
                &format!("{hook_command} {protocol}"),
                config_dir,
                agent_timeout,
            ),
        ))
    }

    /// Which transport this kind's hooks use in a workload whose loopback
    /// is (`private_loopback`) or is not its own. HTTP only where both
    /// hold: the workload has a network namespace of its own (an
    /// allowlisted sandbox or OCI workload; on the host tier or with open
    /// egress the loopback is the host's, and the endpoint's port would
    /// answer any other agent or process there), and the pinned agent's
    /// HTTP hooks fail closed.
    pub fn hook_transport(&self, private_loopback: bool) -> TransportChoice {
        let choice = |transport, why: String| TransportChoice { transport, why };
        let Some(http) = &self.provision.http_hooks else {
            return choice(HookTransport::Command, "the kind has no HTTP hooks".into());
        };
        if let Some(since) = &http.fail_closed_since {
            let pinned = http
                .agent_version
                .as_deref()
                .unwrap_or("an unpinned version");
            if http
                .agent_version
                .as_deref()
                .and_then(version)
                .is_none_or(|v| Some(v) < version(since))
            {
                return choice(
                    HookTransport::Command,
                    format!("the kind pins {pinned}; its HTTP hooks fail closed only from {since}"),
                );
            }
        }
        if !private_loopback {
            return choice(
                HookTransport::Command,
                "the workload shares the host's loopback (host tier, open or no egress): an HTTP hook port there is not the agent's alone".into(),
            );
        }
        choice(
            HookTransport::Http,
            "the workload's loopback is its own and the agent's HTTP hooks fail closed".into(),
        )
    }

    /// `(relative path, content)` of the HTTP hook config, for the
    /// endpoint inside the workload.
    pub fn http_hook_config(
        &self,
        config_dir: &str,
        agent_timeout: std::time::Duration,
    ) -> Option<(String, String)> {
        let path = self.provision.hook_config_path.clone()?;
        let http = self.provision.http_hooks.as_ref()?;
        let url = compass_hook::http::hook_url(self.hooks.protocol?);
        Some((
            path,
            render(
                &http.config.replace("{hook_url}", &url),
                &url,
                config_dir,
                agent_timeout,
            ),
        ))
    }

    /// `(relative path, content)` of every [`Rendered`] config file, with
    /// the variables' values from `env` (the agent's environment, where
    /// `host_env` settings land) or their defaults, each checked. An error
    /// names the variable and what it must be.
    pub fn rendered(
        &self,
        env: &BTreeMap<String, String>,
        config_dir: &str,
    ) -> Result<Vec<(String, String)>, String> {
        self.provision
            .rendered
            .iter()
            .map(|r| {
                let mut body = r.template.replace("{config}", config_dir);
                for (name, var) in &r.vars {
                    let value = env.get(name).unwrap_or(&var.default);
                    var.check.check(name, value)?;
                    body = body.replace(&format!("${{{name}}}"), value);
                }
                Ok((r.path.clone(), body))
            })
            .collect()
    }

    /// Whether either native hook gates tool calls.
    pub fn hooked(&self) -> bool {
        self.hooks.pre_tool || self.hooks.post_tool
    }

    /// Check one kind; the error names the kind and the field.
    fn check(&self) -> Result<(), AcpError> {
        let bad = |field: &str, what: String| {
            Err(AcpError::Registry(format!(
                "kind {:?}: {field}: {what}",
                self.id
            )))
        };
        if compass_core::name::Name::parse(&self.id).is_err() {
            return bad(
                "id",
                "must be lowercase letters, digits and dashes, starting with a letter".into(),
            );
        }
        if self.command.is_empty() && self.id != "custom" {
            return bad(
                "command",
                "is empty; give the argv that starts the agent".into(),
            );
        }
        for name in &self.confine_secrets {
            if !compass_hook::confine::env_name(name)
                || name == "SHELL"
                || name.starts_with("COMPASS_")
            {
                return bad(
                    "confine_secrets",
                    format!("{name:?} must be a variable name of the agent's own"),
                );
            }
            if self.env.contains_key(name) {
                return bad(
                    "confine_secrets",
                    format!("{name} is set in env too; its value is made fresh at every start"),
                );
            }
        }
        if self.confine_credentials && self.credentials.is_empty() {
            return bad(
                "confine_credentials",
                "the kind names no credentials to keep from its tools".into(),
            );
        }
        if let Some(Err(why)) = self.provision.execute_only_path() {
            return bad("provision.execute_only", why);
        }
        if let Some(gateway) = &self.gateway {
            self.check_gateway(gateway)
                .or_else(|(field, why)| bad(&format!("gateway.{field}"), why))?;
        }
        if self.provision.confine_shell && !self.starts_confined() {
            return bad(
                "provision.confine_shell",
                "needs the agent started through compass-confine (confine_credentials or confine_secrets)".into(),
            );
        }
        if !(1..=MAX_INSTALL_TIMEOUT_S).contains(&self.provision.install_timeout_s) {
            return bad(
                "provision.install_timeout_s",
                format!(
                    "{} must be between 1 and {MAX_INSTALL_TIMEOUT_S} seconds (the default is {DEFAULT_INSTALL_TIMEOUT_S})",
                    self.provision.install_timeout_s
                ),
            );
        }
        if self.provision.hook_config.is_some() != self.provision.hook_config_path.is_some() {
            return bad(
                "provision.hook_config",
                "hook_config and hook_config_path go together".into(),
            );
        }
        if let Some(path) = &self.provision.hook_config_path
            && (path.starts_with('/') || path.split('/').any(|c| c == ".." || c.is_empty()))
        {
            return bad(
                "provision.hook_config_path",
                format!("{path:?} must be a relative path inside the config dir"),
            );
        }
        if self.hooked() {
            if self.hooks.protocol.is_none() {
                return bad(
                    "hooks.protocol",
                    format!(
                        "a kind with hooks names the hook protocol they speak: one of {}",
                        HookProtocol::names()
                    ),
                );
            }
            if self.provision.hook_config.is_none() {
                return bad(
                    "provision.hook_config",
                    "a kind with hooks has a hook config that calls {hook}".into(),
                );
            }
        }
        if let Some((path, body)) =
            self.hook_config("compass", "/run/compass/config", std::time::Duration::ZERO)
        {
            let template = self.provision.hook_config.as_deref().unwrap_or_default();
            if self.hooked() && !template.contains("{hook}") {
                return bad(
                    "provision.hook_config",
                    "never calls {hook}: the hooks would not reach Warden".into(),
                );
            }
            if let Err(e) = check_rendered(&path, template, &body, self.hooked()) {
                return bad("provision.hook_config", e);
            }
        }
        if let Some(http) = &self.provision.http_hooks {
            self.check_http(http)
                .or_else(|e| bad("provision.http_hooks", e))?;
        }
        self.provision
            .masked
            .check()
            .or_else(|e| bad("provision.masked", e))?;
        self.memory.check().or_else(|e| bad("memory", e))?;
        for r in &self.provision.rendered {
            self.check_rendered_file(r)
                .or_else(|e| bad("provision.rendered", e))?;
        }
        Ok(())
    }

    /// A gateway: its credential one of the kind's, its base URL one of its
    /// `host_env` settings (neither set by `env`), its default upstream a
    /// plain base URL. The error names the field.
    fn check_gateway(&self, g: &Gateway) -> Result<(), (&'static str, String)> {
        if !self.credentials.contains(&g.credential) {
            return Err((
                "credential",
                format!(
                    "{} is not one of the kind's credentials {:?}",
                    g.credential, self.credentials
                ),
            ));
        }
        if !self.host_env.contains(&g.base_url) {
            return Err((
                "base_url",
                format!(
                    "{} is not one of the kind's host_env settings {:?}",
                    g.base_url, self.host_env
                ),
            ));
        }
        for (field, name) in [("credential", &g.credential), ("base_url", &g.base_url)] {
            if self.env.contains_key(name) {
                return Err((
                    field,
                    format!("{name} is set in env too; the gateway sets it in the workload"),
                ));
            }
        }
        if g.web_search && g.scheme == AuthScheme::Bearer {
            return Err((
                "web_search",
                "cannot be true for the bearer (OpenAI) family: its web search can open a page the model names, a fetch the gateway refuses whatever this says".into(),
            ));
        }
        ValueCheck::BaseUrl
            .check("default_base_url", &g.default_base_url)
            .map_err(|e| ("default_base_url", e))?;
        let authority = g
            .default_base_url
            .split_once("://")
            .map(|(_, rest)| rest.split('/').next().unwrap_or_default())
            .unwrap_or_default();
        if authority.is_empty() || authority.starts_with(':') {
            return Err((
                "default_base_url",
                format!("{:?} names no host", g.default_base_url),
            ));
        }
        Ok(())
    }

    /// A rendered file: a relative path apart from the hook config's, every
    /// `${NAME}` a declared `host_env` variable whose default passes its
    /// check, and (JSON or TOML) still parsing once rendered.
    fn check_rendered_file(&self, r: &Rendered) -> Result<(), String> {
        let path = &r.path;
        if path.starts_with('/')
            || path
                .split('/')
                .any(|c| c == ".." || c == "." || c.is_empty())
        {
            return Err(format!(
                "{path:?} must be a relative path inside the config dir"
            ));
        }
        if self.provision.hook_config_path.as_deref() == Some(path.as_str()) {
            return Err(format!("{path:?} is the hook config's path"));
        }
        for (name, var) in &r.vars {
            if !self.host_env.contains(name) {
                return Err(format!("{name} is not one of the kind's host_env settings"));
            }
            var.check.check(name, &var.default)?;
        }
        let mut rest = r.template.as_str();
        while let Some(at) = rest.find("${") {
            let name = rest[at + 2..].split('}').next().unwrap_or_default();
            if !r.vars.contains_key(name) {
                return Err(format!("{path}: ${{{name}}} is not a declared variable"));
            }
            rest = &rest[at + 2..];
        }
        let defaults = self
            .rendered(&BTreeMap::new(), "/run/compass/config")
            .map_err(|e| format!("{path}: {e}"))?;
        for (p, body) in defaults.iter().filter(|(p, _)| p == path) {
            check_rendered(p, "", body, false).map_err(|e| format!("{p}: {e}"))?;
        }
        Ok(())
    }

    /// An HTTP form: for a hooked kind whose protocol is answered over
    /// HTTP, at the hook config's path, calling the endpoint, each hook
    /// failing closed, with versions that compare.
    fn check_http(&self, http: &HttpHooks) -> Result<(), String> {
        let protocol = self
            .hooks
            .protocol
            .filter(|_| self.hooked())
            .ok_or("only a kind with hooks (and their protocol) has an HTTP form")?;
        if !compass_hook::http::speaks_http(protocol) {
            return Err(format!(
                "the {protocol} hook protocol is not served over HTTP (claude-code and scripted are)"
            ));
        }
        for (field, raw) in [
            ("agent_version", &http.agent_version),
            ("fail_closed_since", &http.fail_closed_since),
        ] {
            if let Some(raw) = raw
                && version(raw).is_none()
            {
                return Err(format!("{field} {raw:?} is not a dotted version number"));
            }
        }
        if !http.config.contains("{hook_url}") {
            return Err("config never calls {hook_url}: the hooks would not reach Warden".into());
        }
        let (path, body) = self
            .http_hook_config("/run/compass/config", std::time::Duration::ZERO)
            .ok_or("needs provision.hook_config_path")?;
        check_rendered(&path, &http.config, &body, true)?;
        fails_closed(&body)
    }
}

/// A JSON or TOML hook config must still parse after substitution, and a
/// hooked one sets the agent's hook time-out (Warden's rule).
fn check_rendered(path: &str, template: &str, body: &str, hooked: bool) -> Result<(), String> {
    if path.ends_with(".json") {
        serde_json::from_str::<serde_json::Value>(body)
            .map_err(|e| format!("is not valid JSON: {e}"))?;
    } else if path.ends_with(".toml") {
        toml::from_str::<toml::Value>(body).map_err(|e| format!("is not valid TOML: {e}"))?;
    } else {
        return Ok(());
    }
    if hooked && !template.contains("{timeout_s}") && !template.contains("{timeout_ms}") {
        return Err("sets no hook time-out ({timeout_s} or {timeout_ms}): the agent's own default could end a hook before Compass decides".into());
    }
    Ok(())
}

/// Every hook of a Claude-Code-shaped HTTP config (`{"hooks": {EVENT:
/// [{"hooks": [HOOK]}]}}`) is an HTTP hook that blocks when it fails.
fn fails_closed(body: &str) -> Result<(), String> {
    let v: serde_json::Value =
        serde_json::from_str(body).map_err(|e| format!("is not valid JSON: {e}"))?;
    let hooks: Vec<&serde_json::Value> = v["hooks"]
        .as_object()
        .into_iter()
        .flat_map(|events| events.values())
        .filter_map(serde_json::Value::as_array)
        .flatten()
        .filter_map(|matcher| matcher["hooks"].as_array())
        .flatten()
        .collect();
    if hooks.is_empty() {
        return Err("config holds no hooks".into());
    }
    match hooks
        .iter()
        .find(|h| h["type"] != "http" || h["onFailure"] != "block")
    {
        Some(h) => Err(format!(
            "every hook is {{\"type\": \"http\", …, \"onFailure\": \"block\"}} (a failed HTTP hook must not let the call through), not {h}"
        )),
        None => Ok(()),
    }
}

/// A kind's `session_meta` for a session in `cwd`: `{cwd}` in every string
/// value (at any depth) becomes the working directory. An adapter may hand
/// such a value to its agent's command line (claude-agent-acp turns
/// `additionalDirectories` into `--add-dir PATH`), so the directory must be
/// absolute (never option-like), UTF-8, and free of NUL and newlines;
/// anything else fails the start rather than reach the agent.
pub(crate) fn session_meta_for(
    kind: &str,
    meta: &serde_json::Map<String, serde_json::Value>,
    cwd: &std::path::Path,
) -> Result<serde_json::Map<String, serde_json::Value>, AcpError> {
    fn walk(value: &mut serde_json::Value, cwd: &str) {
        match value {
            serde_json::Value::String(s) if s.contains("{cwd}") => *s = s.replace("{cwd}", cwd),
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, cwd)),
            serde_json::Value::Object(map) => map.values_mut().for_each(|v| walk(v, cwd)),
            _ => {}
        }
    }
    let text = cwd
        .to_str()
        .filter(|s| cwd.is_absolute() && s.starts_with('/') && !s.contains(['\0', '\n', '\r']));
    let Some(text) = text else {
        return Err(AcpError::Registry(format!(
            "agent kind {kind:?}: the session directory {} cannot be passed to the agent \
             (it must be an absolute UTF-8 path without NUL or newline)",
            cwd.display()
        )));
    };
    let mut meta = meta.clone();
    meta.values_mut().for_each(|v| walk(v, text));
    Ok(meta)
}

/// A hook config template with `{hook}`, `{config}` and the time-outs
/// filled in.
fn render(
    template: &str,
    hook: &str,
    config_dir: &str,
    agent_timeout: std::time::Duration,
) -> String {
    template
        .replace("{hook}", hook)
        .replace("{config}", config_dir)
        .replace("{timeout_s}", &agent_timeout.as_secs().to_string())
        .replace("{timeout_ms}", &agent_timeout.as_millis().to_string())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    version: u32,
    kind: Vec<AgentKind>,
}

/// All known kinds.
#[derive(Debug, Clone)]
pub struct KindRegistry {
    kinds: Vec<AgentKind>,
    /// Ids the user's kinds file defined (added or replaced).
    user: std::collections::BTreeSet<String>,
}

impl KindRegistry {
    /// The kinds shipped with Compass.
    pub fn builtin() -> Result<Self, AcpError> {
        Self::parse(BUILTIN)
    }

    /// Parse and validate a registry file.
    pub fn parse(text: &str) -> Result<Self, AcpError> {
        let file: File = toml::from_str(text).map_err(|e| AcpError::Registry(e.to_string()))?;
        if file.version != 1 {
            return Err(AcpError::Registry(format!(
                "version: unsupported registry version {}; this Compass reads version 1",
                file.version
            )));
        }
        let mut seen = std::collections::BTreeSet::new();
        for k in &file.kind {
            if !seen.insert(k.id.clone()) {
                return Err(AcpError::Registry(format!(
                    "kind {:?}: id: listed twice",
                    k.id
                )));
            }
            k.check()?;
        }
        Ok(Self {
            kinds: file.kind,
            user: std::collections::BTreeSet::new(),
        })
    }

    /// The built-in kinds plus a user's kinds file: each user kind is added,
    /// or replaces the built-in one with its id. The user file is checked
    /// whole first; on any error nothing of it is used.
    pub fn with_user(mut self, user_text: &str) -> Result<Self, AcpError> {
        let user = Self::parse(user_text)?;
        for kind in user.kinds {
            self.user.insert(kind.id.clone());
            match self.kinds.iter_mut().find(|k| k.id == kind.id) {
                Some(slot) => *slot = kind,
                None => self.kinds.push(kind),
            }
        }
        Ok(self)
    }

    /// Whether `id` comes from the user's kinds file.
    pub fn is_user(&self, id: &str) -> bool {
        self.user.contains(id)
    }

    pub fn get(&self, id: &str) -> Result<&AgentKind, AcpError> {
        self.kinds
            .iter()
            .find(|k| k.id == id)
            .ok_or_else(|| AcpError::UnknownKind(id.to_owned()))
    }

    pub fn all(&self) -> &[AgentKind] {
        &self.kinds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The daemon's resolution, as a test gives it: `agent` for the
    /// program, the sandbox's Compass bin dir for `compass-confine`.
    /// The built-in opencode kind's launch, installed where the daemon
    /// installs it, in the session's checkout.
    fn opencode_launch(opencode: &AgentKind) -> ExecSpec {
        opencode
            .launch(
                "/run/compass/config",
                &[],
                "/work/app".into(),
                &at("/opt/compass/install/bin/opencode"),
            )
            .unwrap()
    }

    fn at(agent: &str) -> Programs {
        Programs {
            agent: agent.into(),
            confine: "/opt/compass/bin/compass-confine".into(),
        }
    }

    #[test]
    fn builtin_registry_covers_the_targets() {
        let r = KindRegistry::builtin().unwrap();
        for id in [
            "claude-code",
            "codex",
            "gemini-cli",
            "opencode",
            "amp",
            "scripted",
            "custom",
        ] {
            r.get(id).unwrap();
        }
        assert!(matches!(r.get("nope"), Err(AcpError::UnknownKind(_))));
        let claude = r.get("claude-code").unwrap();
        assert!(claude.hooks.pre_tool && claude.hooks.post_tool);
        assert_eq!(claude.transport, Transport::Adapter);
        let (path, body) = claude
            .hook_config(
                "compass",
                "/run/compass/config",
                std::time::Duration::from_secs(15),
            )
            .unwrap();
        // Managed settings: bound read-only at /etc/claude-code inside.
        assert_eq!(path, "etc/claude-code/managed-settings.json");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["allowManagedHooksOnly"], true);
        assert_eq!(v["disableAllHooks"], false);
        assert_eq!(
            v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
            "compass hook claude-code PreToolUse"
        );
        assert_eq!(v["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"], 15);
        // Its WebSearch (the provider's search, past the allowlist) is
        // denied outright: Claude Code then offers it to no model.
        assert_eq!(v["permissions"]["deny"], serde_json::json!(["WebSearch"]));
        assert_eq!(claude.hooks.protocol, Some(HookProtocol::ClaudeCode));
        // Gemini CLI's hooks never run under ACP: its row claims none, and
        // its admin policy (argv, read-only) routes shell calls to Warden.
        let gemini = r.get("gemini-cli").unwrap();
        assert!(!gemini.hooked());
        let (path, body) = gemini
            .hook_config("compass", "/c", std::time::Duration::from_secs(15))
            .unwrap();
        assert_eq!(path, "gemini-cli/compass-policy.toml");
        let v: toml::Value = toml::from_str(&body).unwrap();
        let rules = v["rule"].as_array().unwrap();
        let rule = |tool: &str| {
            rules
                .iter()
                .find(|r| r["toolName"].as_str() == Some(tool))
                .unwrap_or_else(|| panic!("no rule for {tool}: {body}"))
        };
        assert_eq!(rule("*")["decision"].as_str(), Some("ask_user"));
        // Its web search (the provider's, past the allowlist) is denied
        // above every other rule: Gemini CLI then offers it to no model.
        let search = rule("google_web_search");
        assert_eq!(search["decision"].as_str(), Some("deny"));
        assert!(
            search["priority"].as_integer() > rule("*")["priority"].as_integer(),
            "{body}"
        );
        let launch = gemini
            .launch("/c", &[], "/work".into(), &at("/opt/t/gemini"))
            .unwrap();
        assert_eq!(
            launch.argv,
            [
                "/opt/compass/bin/compass-confine",
                "launch",
                "--keep-env",
                "GEMINI_API_KEY",
                "--",
                "/opt/t/gemini",
                "--acp",
                "--extensions",
                "none",
                "--admin-policy",
                "/c/gemini-cli/compass-policy.toml"
            ]
        );
        // No program its settings name runs: the system settings (read-only,
        // above user and project settings) pin them empty, and the
        // workspace is never trusted (no MCP server, no project settings).
        assert_eq!(launch.env["GEMINI_CLI_TRUST_WORKSPACE"], "false");
        assert_eq!(
            launch.env["GEMINI_CLI_SYSTEM_SETTINGS_PATH"],
            "/c/gemini-cli/system-settings.json"
        );
        let rendered = gemini.rendered(&BTreeMap::new(), "/c").unwrap();
        let (_, system) = rendered
            .iter()
            .find(|(path, _)| path.ends_with("gemini-cli/system-settings.json"))
            .unwrap_or_else(|| panic!("{rendered:?}"));
        let system: serde_json::Value = serde_json::from_str(system).unwrap();
        assert_eq!(system["tools"]["discoveryCommand"], "");
        assert_eq!(system["tools"]["callCommand"], "");
        assert_eq!(system["mcp"]["serverCommand"], "");
        assert_eq!(system["experimental"]["gemmaModelRouter"]["enabled"], false);
        assert_eq!(system["ide"]["enabled"], false);
        // Gemini CLI skips system settings that are not root's: the wire
        // step fails the start instead, checking the same file.
        let wire = gemini.wire_script("/c");
        assert!(
            wire.contains("\"/c/gemini-cli/system-settings.json\""),
            "{wire}"
        );
        assert!(wire.contains("exit 1"), "{wire}");
        assert!(
            claude
                .wire_script("/run/compass/config")
                .contains("/run/compass/config/etc/claude-code/managed-settings.json")
        );
        assert!(
            claude
                .install_script("/c")
                .contains("--prefix \"$COMPASS_INSTALL_PREFIX\"")
        );
        assert_eq!(claude.egress, ["api.anthropic.com:443"]);
        assert_eq!(claude.host_env, ["ANTHROPIC_BASE_URL"]);
    }

    #[test]
    fn launch_specs() {
        let r = KindRegistry::builtin().unwrap();
        let s = r
            .get("scripted")
            .unwrap()
            .launch(
                "/cfg",
                &[],
                "/work".into(),
                &at("/opt/b/compass-scripted-agent"),
            )
            .unwrap();
        assert_eq!(s.argv[0], "/opt/b/compass-scripted-agent");
        assert_eq!(s.argv[2], "/cfg/scripted/settings.json");
        assert!(
            r.get("custom")
                .unwrap()
                .launch("/cfg", &[], "/work".into(), &at("/x"))
                .is_err()
        );
        let c = r
            .get("custom")
            .unwrap()
            .launch(
                "/cfg",
                &["my-agent".into(), "--acp".into()],
                "/work".into(),
                &at("/opt/t/my-agent"),
            )
            .unwrap();
        assert_eq!(c.argv, vec!["/opt/t/my-agent", "--acp"]);
        // A program path that is not absolute would be looked up on PATH.
        assert!(
            r.get("scripted")
                .unwrap()
                .launch("/cfg", &[], "/work".into(), &at("compass-scripted-agent"))
                .is_err()
        );
        let cfg = r
            .get("claude-code")
            .unwrap()
            .session_config(
                compass_core::id::AgentId::from_row(1),
                compass_runtime::WorkloadName::parse("atlas").unwrap(),
                "/work/app".into(),
                "/run/compass/config",
                &[],
                &at("/opt/compass/install/bin/claude-agent-acp"),
            )
            .unwrap();
        assert_eq!(cfg.initial_mode.as_deref(), Some("bypassPermissions"));
        // Its adapter loads no setting source but the managed one; the
        // session's dir is an additional directory (its memory files).
        assert_eq!(
            serde_json::Value::Object(cfg.session_meta.clone().unwrap()),
            serde_json::json!({"claudeCode": {"options": {
                "settingSources": [], "additionalDirectories": ["/work/app"]
            }}})
        );
        assert_eq!(
            cfg.launch
                .env
                .get("CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD")
                .map(String::as_str),
            Some("1")
        );
        // A session dir that could not be passed as it is fails the start.
        for bad in ["work/app", "/work/a\npp", "/work/a\0pp"] {
            let err = r
                .get("claude-code")
                .unwrap()
                .session_config(
                    compass_core::id::AgentId::from_row(1),
                    compass_runtime::WorkloadName::parse("atlas").unwrap(),
                    bad.into(),
                    "/run/compass/config",
                    &[],
                    &at("/opt/compass/install/bin/claude-agent-acp"),
                )
                .err()
                .unwrap_or_else(|| panic!("{bad:?} was passed"));
            assert!(err.to_string().contains("session directory"), "{err}");
        }
        // Its model key is its program's: it starts through
        // compass-confine, whose `bash` runs its Bash tool commands.
        assert_eq!(
            cfg.launch.argv,
            vec![
                "/opt/compass/bin/compass-confine",
                "launch",
                "--keep-env",
                "ANTHROPIC_API_KEY",
                "--",
                "/opt/compass/install/bin/claude-agent-acp"
            ]
        );
        assert_eq!(
            cfg.launch.env.get("IS_SANDBOX").map(String::as_str),
            Some("1")
        );
        assert_eq!(
            cfg.launch.env.get("CLAUDE_CODE_SHELL").map(String::as_str),
            Some("/run/compass/config/compass-confine-shell/bash")
        );
    }

    /// Codex starts with the secret alone: it is authenticated, its config
    /// names the provider, and its hooks are managed requirements that its
    /// own config cannot switch off.
    #[test]
    fn codex_is_authenticated_configured_and_hooked_by_managed_requirements() {
        let r = KindRegistry::builtin().unwrap();
        let codex = r.get("codex").unwrap();
        let cfg = codex
            .session_config(
                compass_core::id::AgentId::from_row(1),
                compass_runtime::WorkloadName::parse("vega").unwrap(),
                "/work/app".into(),
                "/run/compass/config",
                &[],
                &at("/opt/compass/install/bin/codex-acp"),
            )
            .unwrap();
        assert_eq!(cfg.auth_method.as_deref(), Some("openai-api-key"));
        let (path, body) = codex
            .hook_config(
                "compass",
                "/run/compass/config",
                std::time::Duration::from_secs(15),
            )
            .unwrap();
        // Bound read-only at /etc/codex/requirements.toml inside.
        assert_eq!(path, "etc/codex/requirements.toml");
        let v: toml::Value = toml::from_str(&body).unwrap();
        assert_eq!(v["allow_managed_hooks_only"].as_bool(), Some(true));
        assert_eq!(v["features"]["hooks"].as_bool(), Some(true));
        for event in ["PreToolUse", "PostToolUse"] {
            let hook = &v["hooks"][event][0]["hooks"][0];
            assert_eq!(
                hook["command"].as_str(),
                Some(format!("compass hook codex {event}").as_str())
            );
            assert_eq!(hook["timeout"].as_integer(), Some(15));
        }
        assert_eq!(codex.hooks.protocol, Some(HookProtocol::Codex));
        assert!(codex.hooks.pre_tool && codex.hooks.post_tool);
        // Codex's login shell (its environment snapshot) would read the
        // agent's ~/.profile outside any tool call.
        assert_eq!(v["features"]["shell_snapshot"].as_bool(), Some(false));
        // Nothing runs inside to write its config: it is rendered on the
        // host, and every config place the agent writes is masked.
        assert!(codex.wire_script("/run/compass/config").trim().is_empty());
        let masked = &codex.provision.masked;
        assert_eq!(masked.dirs, [".codex"]);
        assert_eq!(masked.home_dirs, [".codex/tmp"]);
        assert_eq!(
            masked.home_files,
            [
                ".codex/config.toml",
                ".codex/.env",
                ".codex/models_cache.json"
            ]
        );
        // Codex's own git is Compass's, and its tools' the system's.
        assert!(codex.provision.own_git);
        let managed = codex
            .rendered(&BTreeMap::new(), "/run/compass/config")
            .unwrap();
        assert!(
            managed.iter().any(|(_, body)| body.contains(&format!(
                "set = {{ {} = \"{}\" }}",
                own_git::TOOL_ENV,
                own_git::TOOL_VALUE
            ))),
            "{managed:?}"
        );
        assert!(codex.install_script("/c").contains("codex-acp@0.16.0"));
    }

    /// OpenCode's gate plugin is named by its launch environment and lives
    /// in the read-only config dir; its wire step writes the provider.
    #[test]
    fn opencode_names_its_gate_plugin_from_the_read_only_config_dir() {
        let r = KindRegistry::builtin().unwrap();
        let opencode = r.get("opencode").unwrap();
        let launch = opencode_launch(opencode);
        let content: serde_json::Value =
            serde_json::from_str(&launch.env["OPENCODE_CONFIG_CONTENT"]).unwrap();
        assert_eq!(
            content["plugin"][0],
            "file:///run/compass/config/opencode/compass-gate.js"
        );
        // No config place OpenCode reads is the agent's: its global config
        // dir, `~/.opencode` and the project's places are masked (and the
        // dir it runs its own `rg` from), and language servers and
        // formatters are off.
        assert_eq!(content["lsp"], false);
        assert_eq!(content["formatter"], false);
        // OpenCode's own git would run the agent's filters and diff drivers.
        assert_eq!(content["snapshot"], false);
        let masked = &opencode.provision.masked;
        assert_eq!(masked.dirs, [".opencode"]);
        assert_eq!(masked.files, ["opencode.json", "opencode.jsonc"]);
        // In its cache, the dir it runs its own `rg` from and the one it
        // loads npm packages from as found.
        assert_eq!(
            masked.home_dirs,
            [
                ".config/opencode",
                ".opencode",
                ".cache/opencode/bin",
                ".cache/opencode/packages"
            ]
        );
        // No native library is unpacked into the workload's /tmp (where
        // its tools could rewrite it) and loaded from there: the file
        // finder and the file watcher are the two an ACP session loads.
        assert_eq!(launch.env["OPENCODE_DISABLE_FFF"], "1");
        assert_eq!(launch.env["OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER"], "1");
        // Its database (whose active account names a config OpenCode
        // fetches and merges above Compass's) is in its own memory, never
        // a file its tools can write.
        assert_eq!(launch.env["OPENCODE_DB"], ":memory:");
        assert!(!opencode.load_session);
        let (path, body) = opencode
            .hook_config(
                "/opt/compass/bin/compass",
                "/run/compass/config",
                std::time::Duration::from_secs(15),
            )
            .unwrap();
        assert_eq!(path, "opencode/compass-gate.js");
        assert!(
            body.contains("\"/opt/compass/bin/compass hook opencode tool-execute-before\""),
            "{body}"
        );
        assert!(body.contains("15000"), "{body}");
        assert!(opencode.hooks.pre_tool && opencode.hooks.post_tool);
        // The provider config is rendered on the host into the read-only
        // config dir (OPENCODE_CONFIG names it there); nothing runs inside
        // to write it, and no path of the agent's holds it.
        assert!(opencode.wire_script("/c").trim().is_empty());
        assert_eq!(
            launch.env["OPENCODE_CONFIG"],
            "/run/compass/config/opencode/provider.json"
        );
        // So is its model catalogue (OPENCODE_MODELS_PATH), empty: the one
        // in the agent's cache names the npm package each provider loads.
        let file = |files: &[(String, String)], env: &str| {
            let (_, body) = files
                .iter()
                .find(|(path, _)| format!("/run/compass/config/{path}") == launch.env[env])
                .unwrap_or_else(|| panic!("nothing rendered where {env} points: {files:?}"));
            serde_json::from_str::<serde_json::Value>(body).unwrap()
        };
        let run = |env: (&str, &str)| {
            let env = BTreeMap::from([(env.0.to_owned(), env.1.to_owned())]);
            opencode.rendered(&env, "/run/compass/config").map(|files| {
                assert_eq!(files.len(), 2, "{files:?}");
                assert_eq!(file(&files, "OPENCODE_MODELS_PATH"), serde_json::json!({}));
                file(&files, "OPENCODE_CONFIG")
            })
        };
        let written = run(("OPENAI_BASE_URL", "http://127.0.0.1:4000/v1")).unwrap();
        assert_eq!(
            written["provider"]["compass"]["options"]["baseURL"],
            "http://127.0.0.1:4000/v1"
        );
        assert_eq!(
            written["provider"]["compass"]["options"]["apiKey"],
            "{env:OPENAI_API_KEY}"
        );
        assert_eq!(written["model"], "compass/gpt-5");
        for bad in [
            "ftp://x",
            "http://a\"b",
            "http://a b",
            "http://x/{y}",
            "file:///etc",
        ] {
            let e = run(("OPENAI_BASE_URL", bad)).unwrap_err();
            assert!(e.contains("OPENAI_BASE_URL"), "{bad}: {e}");
        }

        // OPENCODE_MODEL picks the model (a non-GPT one gets edit and
        // write); anything but a model id is refused, nothing rendered.
        let with_model = |model| run(("OPENCODE_MODEL", model));
        let written = with_model("claude-sonnet-4.5").unwrap();
        assert_eq!(written["model"], "compass/claude-sonnet-4.5");
        assert_eq!(
            written["provider"]["compass"]["models"]["claude-sonnet-4.5"]["tool_call"],
            true
        );
        for bad in ["-x", "a\"b", "a b", "a/b", "a$(id)"] {
            let e = with_model(bad).unwrap_err();
            assert!(e.contains("OPENCODE_MODEL"), "{bad}: {e}");
        }
    }

    /// A rendered file's variables are the kind's `host_env` settings,
    /// each declared, and its path stays in the config dir.
    #[test]
    fn rendered_files_are_checked_when_kinds_load() {
        let r = KindRegistry::builtin().unwrap();
        let mut kind = r.get("opencode").unwrap().clone();
        assert!(kind.check().is_ok());
        let good = kind.provision.rendered[0].clone();
        for (what, mutate) in [
            (
                "undeclared",
                Box::new(|r: &mut Rendered| r.template.push_str("${NOPE}"))
                    as Box<dyn Fn(&mut Rendered)>,
            ),
            (
                "path",
                Box::new(|r: &mut Rendered| r.path = "../x.json".into()),
            ),
            (
                "absolute",
                Box::new(|r: &mut Rendered| r.path = "/etc/x.json".into()),
            ),
            (
                "hook path",
                Box::new(|r: &mut Rendered| r.path = "opencode/compass-gate.js".into()),
            ),
            (
                "bad default",
                Box::new(|r: &mut Rendered| {
                    r.vars.get_mut("OPENCODE_MODEL").unwrap().default = "a b".into();
                }),
            ),
            (
                "not host_env",
                Box::new(|r: &mut Rendered| {
                    let v = r.vars.remove("OPENCODE_MODEL").unwrap();
                    r.vars.insert("HOME".into(), v);
                }),
            ),
            (
                "not json",
                Box::new(|r: &mut Rendered| r.template.push('{')),
            ),
        ] {
            let mut bad = good.clone();
            mutate(&mut bad);
            kind.provision.rendered = vec![bad];
            assert!(kind.check().is_err(), "{what}");
        }
    }

    /// Codex's provider config is rendered on the host into its managed
    /// layer (/etc/codex/managed_config.toml inside, above every config the
    /// agent could write): the gateway URL when the daemon has one, else
    /// OpenAI's; a URL that could leave its TOML string is refused and
    /// nothing is rendered.
    #[test]
    fn codex_config_is_rendered_managed_and_refuses_odd_base_urls() {
        let r = KindRegistry::builtin().unwrap();
        let codex = r.get("codex").unwrap();
        let run = |env: &[(&str, &str)]| {
            let env = env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            codex.rendered(&env, "/c").map(|files| {
                assert_eq!(files.len(), 1);
                let (path, body) = &files[0];
                assert_eq!(path, "etc/codex/managed_config.toml");
                toml::from_str::<toml::Value>(body).unwrap()
            })
        };
        let v = run(&[("OPENAI_BASE_URL", "http://127.0.0.1:4000/v1")]).unwrap();
        assert_eq!(v["model_provider"].as_str(), Some("compass"));
        assert_eq!(v["sandbox_mode"].as_str(), Some("danger-full-access"));
        assert_eq!(v["approval_policy"].as_str(), Some("never"));
        let provider = &v["model_providers"]["compass"];
        assert_eq!(
            provider["base_url"].as_str(),
            Some("http://127.0.0.1:4000/v1")
        );
        assert_eq!(provider["wire_api"].as_str(), Some("responses"));
        assert_eq!(provider["env_key"].as_str(), Some("OPENAI_API_KEY"));
        assert_eq!(provider["request_max_retries"].as_integer(), Some(0));
        assert_eq!(provider["stream_max_retries"].as_integer(), Some(0));
        let v = run(&[]).unwrap();
        assert_eq!(
            v["model_providers"]["compass"]["base_url"].as_str(),
            Some("https://api.openai.com/v1")
        );
        for bad in [
            "http://x\"\nmodel = \"y",
            "file:///etc/passwd",
            "http://a b",
            "http://x/{y}",
        ] {
            let e = run(&[("OPENAI_BASE_URL", bad)]).unwrap_err();
            assert!(e.contains("OPENAI_BASE_URL"), "{bad:?}: {e}");
        }
    }

    #[test]
    fn invalid_registries_are_refused_with_the_reason() {
        let e = KindRegistry::parse("version = 2\nkind = []\n").unwrap_err();
        assert!(e.to_string().contains("version 2"));
        let dup = "version = 1\n[[kind]]\nid='a'\ndisplay_name='A'\ntransport='native'\ncommand=['a']\ncredentials=[]\nload_session=false\n[kind.provision]\ninstall=''\n[kind.hooks]\npre_tool=false\npost_tool=false\nsurface=''\ngated_tools=[]\nungated_tools=[]\n";
        let e = KindRegistry::parse(&format!("{dup}{}", dup.trim_start_matches("version = 1\n")))
            .unwrap_err();
        assert!(e.to_string().contains("twice"), "{e}");
    }

    const USER: &str = "version = 1\n[[kind]]\nid='my-agent'\ndisplay_name='Mine'\ntransport='native'\ncommand=['my-agent','--acp']\ncredentials=[]\nload_session=false\n[kind.provision]\ninstall=''\nhook_config_path='mine/settings.json'\nhook_config='{\"hooks\":{\"PreToolUse\":[{\"matcher\":\"*\",\"hooks\":[{\"type\":\"command\",\"command\":\"{hook} PreToolUse\",\"timeout\":{timeout_s}}]}]}}'\n[kind.hooks]\npre_tool=true\npost_tool=false\nprotocol='claude-code'\nsurface='settings.json'\ngated_tools=['Bash']\nungated_tools=[]\n";

    #[test]
    fn a_user_file_adds_and_overrides_kinds() {
        let r = KindRegistry::builtin().unwrap().with_user(USER).unwrap();
        let mine = r.get("my-agent").unwrap();
        // No time-out given: the default, for every kind.
        assert_eq!(
            mine.install_timeout(),
            std::time::Duration::from_secs(DEFAULT_INSTALL_TIMEOUT_S)
        );
        assert!(
            r.all()
                .iter()
                .all(|k| k.provision.install_timeout_s == DEFAULT_INSTALL_TIMEOUT_S)
        );
        let quick = KindRegistry::builtin()
            .unwrap()
            .with_user(&USER.replace("install=''", "install=''\ninstall_timeout_s=5"))
            .unwrap();
        assert_eq!(
            quick.get("my-agent").unwrap().install_timeout(),
            std::time::Duration::from_secs(5)
        );
        assert!(r.is_user("my-agent") && !r.is_user("claude-code"));
        assert_eq!(mine.hooks.protocol, Some(HookProtocol::ClaudeCode));
        let (_, body) = mine
            .hook_config(
                "/opt/compass/bin/compass",
                "/c",
                std::time::Duration::from_secs(15),
            )
            .unwrap();
        assert!(
            body.contains("/opt/compass/bin/compass hook claude-code PreToolUse"),
            "{body}"
        );
        let replaced = USER.replace("id='my-agent'", "id='codex'");
        let r = KindRegistry::builtin()
            .unwrap()
            .with_user(&replaced)
            .unwrap();
        assert_eq!(r.get("codex").unwrap().display_name, "Mine");
        assert!(r.is_user("codex"));
        assert_eq!(r.all().iter().filter(|k| k.id == "codex").count(), 1);
    }

    #[test]
    fn an_execute_only_program_is_a_plain_relative_path() {
        let codex = KindRegistry::builtin()
            .unwrap()
            .get("codex")
            .unwrap()
            .clone();
        let path = codex.provision.execute_only_path().unwrap().unwrap();
        assert!(path.ends_with("bin/codex-acp"), "{}", path.display());
        assert!(!path.to_string_lossy().contains("{arch}"));
        // The agent starts it through compass-confine, its key on the
        // descriptor only that reads.
        assert!(codex.confine_credentials);
        for bad in ["../x", "/usr/bin/x", "a/../b", "./x", ""] {
            let user = USER.replace("install=''", &format!("install=''\nexecute_only='{bad}'"));
            let e = KindRegistry::builtin()
                .unwrap()
                .with_user(&user)
                .unwrap_err();
            assert!(
                e.to_string().contains("provision.execute_only"),
                "{bad}: {e}"
            );
        }
        let ok = USER.replace("install=''", "install=''\nexecute_only='pkg-{arch}/bin/x'");
        assert!(KindRegistry::builtin().unwrap().with_user(&ok).is_ok());
    }

    #[test]
    fn bad_user_kinds_name_the_kind_and_the_field() {
        let base = || KindRegistry::builtin().unwrap();
        for (edit, field) in [
            (
                USER.replace("protocol='claude-code'\n", ""),
                "hooks.protocol",
            ),
            (
                USER.replace("protocol='claude-code'", "protocol='amp'"),
                "protocol",
            ),
            (
                USER.replace(",\"timeout\":{timeout_s}", ""),
                "provision.hook_config",
            ),
            (
                USER.replace("command=['my-agent','--acp']", "command=[]"),
                "command",
            ),
            (
                USER.replace(
                    "hook_config_path='mine/settings.json'",
                    "hook_config_path='../x.json'",
                ),
                "provision.hook_config_path",
            ),
            (
                USER.replace(
                    "[kind.hooks]",
                    "[kind.provision.masked]\ndirs=['../up']\n[kind.hooks]",
                ),
                "provision.masked",
            ),
            (
                USER.replace(
                    "[kind.hooks]",
                    "[kind.memory]\nfiles=['../CLAUDE.md']\n[kind.hooks]",
                ),
                "memory: files: \"../CLAUDE.md\"",
            ),
            (
                USER.replace(
                    "[kind.hooks]",
                    "[kind.memory]\nhome_files=[\"a\\nb.md\"]\n[kind.hooks]",
                ),
                "memory: home_files",
            ),
            (
                USER.replace(
                    "[kind.hooks]",
                    "[kind.memory]\nfiles=['/etc/CLAUDE.md']\n[kind.hooks]",
                ),
                "must be relative",
            ),
            (USER.replace("id='my-agent'", "id='My Agent'"), "id"),
            (
                USER.replace("install=''", "install=''\ninstall_timeout_s=0"),
                "provision.install_timeout_s",
            ),
            (
                USER.replace("install=''", "install=''\ninstall_timeout_s=3601"),
                "provision.install_timeout_s",
            ),
            (
                USER.replace(
                    "hook_config_path='mine/settings.json'\nhook_config='{",
                    "hook_config_path='mine/config.toml'\nhook_config='x = [{",
                ),
                "is not valid TOML",
            ),
        ] {
            let e = base().with_user(&edit).unwrap_err().to_string();
            assert!(e.contains(field), "{field}: {e}");
            if field != "protocol" {
                assert!(e.contains("my-agent") || field == "id", "{field}: {e}");
            }
        }
    }

    /// Every real-agent kind declares the memory files its agent loads,
    /// and they pass the load's checks.
    #[test]
    fn real_agent_kinds_declare_their_memory_files() {
        let r = KindRegistry::builtin().unwrap();
        for (id, file) in [
            ("claude-code", "CLAUDE.md"),
            ("codex", "AGENTS.md"),
            ("gemini-cli", "GEMINI.md"),
            ("opencode", "AGENTS.md"),
        ] {
            let memory = &r.get(id).unwrap().memory;
            assert!(memory.files.iter().any(|f| f == file), "{id}: {memory:?}");
            assert!(memory.check().is_ok());
        }
        let claude = r.get("claude-code").unwrap();
        assert_eq!(claude.memory.imports, crate::MemoryImports::AtPath);
        // Its auto memory, which the agent writes, is never loaded.
        assert_eq!(
            claude
                .env
                .get("CLAUDE_CODE_DISABLE_AUTO_MEMORY")
                .map(String::as_str),
            Some("1")
        );
    }

    /// The four real-agent kinds reach their model through a gateway, in
    /// the scheme each API takes; a user kind's gateway is checked when it
    /// loads, the error naming the kind and the field.
    #[test]
    fn gateways_are_declared_and_checked_when_kinds_load() {
        let r = KindRegistry::builtin().unwrap();
        for (id, credential, scheme, base_url) in [
            (
                "claude-code",
                "ANTHROPIC_API_KEY",
                AuthScheme::XApiKey,
                "ANTHROPIC_BASE_URL",
            ),
            (
                "codex",
                "OPENAI_API_KEY",
                AuthScheme::Bearer,
                "OPENAI_BASE_URL",
            ),
            (
                "gemini-cli",
                "GEMINI_API_KEY",
                AuthScheme::XGoogApiKey,
                "GOOGLE_GEMINI_BASE_URL",
            ),
            (
                "opencode",
                "OPENAI_API_KEY",
                AuthScheme::Bearer,
                "OPENAI_BASE_URL",
            ),
        ] {
            let g = r.get(id).unwrap().gateway.as_ref().unwrap();
            assert_eq!(
                (g.credential.as_str(), g.scheme, g.base_url.as_str()),
                (credential, scheme, base_url),
                "{id}"
            );
            // The provider's own web search is off for every built-in kind.
            assert!(!g.web_search, "{id}");
        }
        assert_eq!(AuthScheme::Bearer.value("k"), "Bearer k");
        assert_eq!(AuthScheme::XApiKey.value("k"), "k");
        for scheme in [
            AuthScheme::Bearer,
            AuthScheme::XApiKey,
            AuthScheme::XGoogApiKey,
        ] {
            assert!(AuthScheme::AUTH_HEADERS.contains(&scheme.header()));
        }
        let user = USER
            .replace("credentials=[]", "credentials=['MY_KEY']\nhost_env=['MY_BASE_URL']")
            .replace(
                "[kind.provision]",
                "[kind.gateway]\ncredential='MY_KEY'\nscheme='bearer'\nbase_url='MY_BASE_URL'\ndefault_base_url='https://api.example.com/v1'\n[kind.provision]",
            );
        let mine = KindRegistry::builtin().unwrap().with_user(&user).unwrap();
        let g = mine.get("my-agent").unwrap().gateway.clone().unwrap();
        assert!(
            !g.web_search,
            "web search is off unless the kind turns it on"
        );
        // A user may turn it on for a family whose search only searches.
        let searching = user
            .replace("scheme='bearer'", "scheme='x-api-key'")
            .replace("[kind.provision]", "web_search=true\n[kind.provision]");
        let mine = KindRegistry::builtin()
            .unwrap()
            .with_user(&searching)
            .unwrap();
        assert!(
            mine.get("my-agent")
                .unwrap()
                .gateway
                .as_ref()
                .unwrap()
                .web_search
        );
        for (edit, field) in [
            (
                user.replace("credential='MY_KEY'", "credential='OTHER'"),
                "gateway.credential",
            ),
            (
                user.replace("base_url='MY_BASE_URL'", "base_url='OTHER'"),
                "gateway.base_url",
            ),
            (
                user.replace("https://api.example.com/v1", "ftp://api.example.com"),
                "gateway.default_base_url",
            ),
            (
                user.replace("https://api.example.com/v1", "https://"),
                "gateway.default_base_url",
            ),
            (user.replace("scheme='bearer'", "scheme='cookie'"), "scheme"),
            // OpenAI's search opens pages: never on for the bearer family.
            (
                user.replace("[kind.provision]", "web_search=true\n[kind.provision]"),
                "gateway.web_search",
            ),
            // Not a boolean: refused, the error naming the field.
            (
                searching.replace("web_search=true", "web_search='yes'"),
                "web_search",
            ),
            (
                user.replace("load_session=false", "load_session=false\nenv={MY_KEY='x'}"),
                "gateway.credential",
            ),
        ] {
            let e = KindRegistry::builtin()
                .unwrap()
                .with_user(&edit)
                .unwrap_err()
                .to_string();
            assert!(e.contains(field), "{field}: {e}");
            if field != "scheme" && field != "web_search" {
                assert!(e.contains("my-agent"), "{field}: {e}");
            }
        }
    }

    /// HTTP hooks only where the loopback is the agent's own and the
    /// pinned agent fails closed; the config calls the endpoint.
    #[test]
    fn the_http_form_applies_only_where_it_is_sound() {
        let r = KindRegistry::builtin().unwrap();
        let scripted = r.get("scripted").unwrap();
        assert_eq!(scripted.hook_transport(true).transport, HookTransport::Http);
        let shared = scripted.hook_transport(false);
        assert_eq!(shared.transport, HookTransport::Command);
        assert!(shared.why.contains("loopback"), "{}", shared.why);
        let (path, body) = scripted
            .http_hook_config("/c", std::time::Duration::from_secs(15))
            .unwrap();
        assert_eq!(path, "scripted/settings.json");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let hook = &v["hooks"]["PreToolUse"][0]["hooks"][0];
        assert_eq!(
            hook["url"],
            "http://127.0.0.1:3129/hook/scripted/PreToolUse"
        );
        assert_eq!(hook["onFailure"], "block");
        assert_eq!(hook["timeout"], 15);
        // The pinned adapter's bundled Claude Code fails open: command hooks.
        let claude = r.get("claude-code").unwrap();
        let old = claude.hook_transport(true);
        assert_eq!(old.transport, HookTransport::Command);
        assert!(
            old.why.contains("2.1.83") && old.why.contains("2.1.295"),
            "{}",
            old.why
        );
        let mut newer = claude.clone();
        if let Some(http) = newer.provision.http_hooks.as_mut() {
            http.agent_version = Some("2.1.332".into());
        }
        assert_eq!(newer.hook_transport(true).transport, HookTransport::Http);
        assert_eq!(
            newer.hook_transport(false).transport,
            HookTransport::Command
        );
        let (_, body) = newer
            .http_hook_config("/c", std::time::Duration::from_secs(15))
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["allowManagedHooksOnly"], true);
        assert_eq!(
            v["hooks"]["PostToolUse"][0]["hooks"][0]["url"],
            "http://127.0.0.1:3129/hook/claude-code/PostToolUse"
        );
        // A kind with no HTTP form keeps its command hooks everywhere.
        let codex = r.get("codex").unwrap();
        assert_eq!(codex.hook_transport(true).transport, HookTransport::Command);
    }

    /// A kind whose own server wants a credential starts through
    /// `compass-confine`, both by absolute path (never a `PATH` lookup);
    /// the program's name stays what the daemon resolves, and every name
    /// must be a variable of the agent's own.
    #[test]
    fn confined_kinds_start_through_compass_confine() {
        let r = KindRegistry::builtin().unwrap();
        let opencode = r.get("opencode").unwrap();
        let launch = opencode_launch(opencode);
        assert_eq!(
            launch.argv,
            [
                "/opt/compass/bin/compass-confine",
                "launch",
                "--secret-env",
                "OPENCODE_SERVER_PASSWORD",
                "--",
                "/opt/compass/install/bin/opencode",
                "acp"
            ]
        );
        assert!(!launch.env.contains_key("OPENCODE_SERVER_PASSWORD"));
        assert_eq!(opencode.program(), Some("opencode"));
        let with = |line: &str| {
            USER.replace(
                "load_session=false\n",
                &format!("load_session=false\n{line}\n"),
            )
        };
        let mine = KindRegistry::builtin()
            .unwrap()
            .with_user(&with("confine_secrets=['MY_SERVER_KEY']"))
            .unwrap();
        assert_eq!(
            mine.get("my-agent")
                .unwrap()
                .launch("/c", &[], "/w".into(), &at("/opt/t/my-agent"))
                .unwrap()
                .argv[..5],
            [
                "/opt/compass/bin/compass-confine",
                "launch",
                "--secret-env",
                "MY_SERVER_KEY",
                "--"
            ]
        );
        for bad in [
            "confine_secrets=['A-B']",
            "confine_secrets=['SHELL']",
            "confine_secrets=['COMPASS_HOOK_SOCKET']",
            "confine_secrets=['K']\nenv={K='fixed'}",
        ] {
            let e = KindRegistry::builtin()
                .unwrap()
                .with_user(&with(bad))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("my-agent") && e.contains("confine_secrets"),
                "{bad}: {e}"
            );
        }
    }

    /// `compass-confine` drops every credential a built-in kind declares
    /// (and every server credential one confines) from each tool command,
    /// whatever the agent's list says: its compiled-in list covers them.
    #[test]
    fn compass_confine_always_drops_every_builtin_credential() {
        let r = KindRegistry::builtin().unwrap();
        for kind in r.all() {
            for name in kind.credentials.iter().chain(&kind.confine_secrets) {
                assert!(
                    compass_hook::confine::ALWAYS_DROPPED.contains(&name.as_str()),
                    "kind {}: {name} is not in compass-confine's ALWAYS_DROPPED",
                    kind.id
                );
            }
        }
    }

    #[test]
    fn a_bad_http_form_is_refused_naming_the_field() {
        let http = "[kind.provision.http_hooks]\nconfig='{\"hooks\":{\"PreToolUse\":[{\"matcher\":\"*\",\"hooks\":[{\"type\":\"http\",\"url\":\"{hook_url}/PreToolUse\",\"timeout\":{timeout_s},\"onFailure\":\"block\"}]}]}}'\n";
        let with = |form: &str| USER.replace("[kind.hooks]", &format!("{form}[kind.hooks]"));
        KindRegistry::builtin()
            .unwrap()
            .with_user(&with(http))
            .unwrap();
        for (edit, why) in [
            (
                with(&http.replace(",\"onFailure\":\"block\"", "")),
                "onFailure",
            ),
            (with(&http.replace("{hook_url}", "http://x")), "{hook_url}"),
            (
                with(&http.replace("\"type\":\"http\"", "\"type\":\"command\"")),
                "\"http\"",
            ),
            (
                with(&format!(
                    "{http}agent_version='2.1'\nfail_closed_since='soon'\n"
                )),
                "fail_closed_since",
            ),
            (
                with(http).replace("protocol='claude-code'", "protocol='codex'"),
                "not served over HTTP",
            ),
        ] {
            let e = KindRegistry::builtin()
                .unwrap()
                .with_user(&edit)
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("provision.http_hooks") && e.contains(why),
                "{why}: {e}"
            );
        }
    }

    #[test]
    fn config_etc_names_the_etc_dirs_a_kind_fills() {
        let r = KindRegistry::builtin().unwrap();
        assert_eq!(
            r.get("claude-code").unwrap().config_etc(),
            vec!["claude-code"]
        );
        // Config outside `etc/`, or a file right in it, needs none.
        assert!(r.get("opencode").unwrap().config_etc().is_empty());
        assert!(r.get("gemini-cli").unwrap().config_etc().is_empty());
        let mut kind = r.get("scripted").unwrap().clone();
        kind.provision.hook_config_path = Some("etc/top.json".into());
        assert!(kind.config_etc().is_empty());
        kind.provision.hook_config_path = Some("etc/b/deep/x.json".into());
        assert_eq!(kind.config_etc(), vec!["b"]);
    }

    /// Run Claude Code's wire step as the workload would (`sh -c`), with
    /// `home` as `$HOME` and `cwd` as its working dir: its exit status
    /// and stderr.
    fn run_claude_wire(home: &std::path::Path, cwd: &std::path::Path) -> (bool, String) {
        let r = KindRegistry::builtin().unwrap();
        let wire = r.get("claude-code").unwrap().wire_script("/c");
        let out = std::process::Command::new("/bin/sh")
            .args(["-c", &wire])
            .env("HOME", home)
            .current_dir(cwd)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Every shape an agent can leave its Claude Code state in before a
    /// start: the wire step removes a link, never follows it (a link
    /// through `/proc/self/cwd` names another file to Claude Code, whose
    /// cwd is the clone), leaves `~/.claude` a real dir, and removes the
    /// state files and the remote settings cache whatever they are.
    #[test]
    fn claude_wire_removes_links_and_state_files_whatever_their_shape() {
        use std::os::unix::fs::symlink;
        use std::path::Path;
        let tmp = tempfile::tempdir().unwrap();
        let cwd = tmp.path().join("work");
        let kept = cwd.join("x");
        fs_err::create_dir_all(&kept).unwrap();
        fs_err::write(kept.join(".config.json"), "{\"env\":{}}").unwrap();
        fs_err::write(kept.join("remote-settings.json"), "{}").unwrap();
        let is_link = |p: &Path| fs_err::symlink_metadata(p).is_ok_and(|m| m.is_symlink());
        let real_dir = |p: &Path| fs_err::symlink_metadata(p).is_ok_and(|m| m.is_dir());
        let gone = |p: &Path| fs_err::symlink_metadata(p).is_err();

        // ~/.claude a link through /proc/self/cwd; ~/.claude.json a dir.
        let a = tmp.path().join("a");
        fs_err::create_dir_all(a.join(".claude.json/inner")).unwrap();
        symlink("/proc/self/cwd/x", a.join(".claude")).unwrap();
        let (ok, err) = run_claude_wire(&a, &cwd);
        assert!(ok, "{err}");
        assert!(real_dir(&a.join(".claude")), "~/.claude is still a link");
        assert!(gone(&a.join(".claude.json")));
        assert!(gone(&a.join(".claude/.config.json")));
        // Removed, not followed: the files the link named are untouched.
        assert!(kept.join(".config.json").is_file());
        assert!(kept.join("remote-settings.json").is_file());

        // A real ~/.claude holding links and the remote cache; sessions kept.
        let b = tmp.path().join("b");
        let dir = b.join(".claude");
        fs_err::create_dir_all(dir.join("projects/p")).unwrap();
        fs_err::create_dir_all(dir.join("settings.json")).unwrap();
        fs_err::write(dir.join("projects/p/s.jsonl"), "{}").unwrap();
        symlink("/proc/self/cwd/x/.config.json", dir.join(".config.json")).unwrap();
        symlink(kept.join(".config.json"), b.join(".claude.json")).unwrap();
        symlink(kept.join(".config.json"), b.join(".claude.json.backup")).unwrap();
        for name in ["remote-settings.json", "remote-settings.json.sig"] {
            fs_err::write(dir.join(name), "{\"disableAllHooks\":true}").unwrap();
        }
        fs_err::write(dir.join(".config.json.tmp"), "{}").unwrap();
        let (ok, err) = run_claude_wire(&b, &cwd);
        assert!(ok, "{err}");
        for name in [
            ".config.json",
            ".config.json.tmp",
            "remote-settings.json",
            "remote-settings.json.sig",
        ] {
            assert!(gone(&dir.join(name)), "{name} is left");
        }
        assert!(gone(&b.join(".claude.json")) && gone(&b.join(".claude.json.backup")));
        assert!(kept.join(".config.json").is_file());
        assert!(dir.join("projects/p/s.jsonl").is_file(), "sessions lost");
        assert!(is_link(&dir.join("settings.json")));

        // ~/.claude a file.
        let c = tmp.path().join("c");
        fs_err::create_dir_all(&c).unwrap();
        fs_err::write(c.join(".claude"), "x").unwrap();
        let (ok, err) = run_claude_wire(&c, &cwd);
        assert!(ok && real_dir(&c.join(".claude")), "{err}");

        // $HOME itself a link: the start fails.
        let d = tmp.path().join("d");
        symlink(&c, &d).unwrap();
        let (ok, err) = run_claude_wire(&d, &cwd);
        assert!(!ok, "a linked home was wired: {err}");
    }
}
