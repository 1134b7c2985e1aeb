//! The command line, as clap types only: every verb, flag and closed choice
//! of `compass`. What each verb does lives in `commands/`, one module per
//! command group; nothing here talks to the daemon.

use clap::{Args, Parser, Subcommand, ValueEnum};
use compass_proto::v1 as pb;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "compass",
    version,
    about = "Run many coding agents in parallel, each sandboxed, with Warden watching."
)]
pub(crate) struct Cli {
    #[command(flatten)]
    pub(crate) global: GlobalArgs,
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// `compass hook …` alone: the same global options and hook arguments as
/// [`Cli`], without building every other verb's parser on each tool call.
#[derive(Debug, Parser)]
#[command(name = "compass")]
pub(crate) struct HookCli {
    #[command(flatten)]
    pub(crate) global: GlobalArgs,
    #[command(subcommand)]
    pub(crate) command: HookOnly,
}

#[derive(Debug, Subcommand)]
pub(crate) enum HookOnly {
    Hook(HookArgs),
}

/// Options every verb accepts, before or after it.
#[derive(Debug, Args)]
pub(crate) struct GlobalArgs {
    /// The data dir (default: $COMPASS_HOME, else ~/.local/share/compass).
    #[arg(long, global = true, value_name = "DIR")]
    pub(crate) home: Option<PathBuf>,
}

/// `hook` stands apart from the other verbs: it runs inside a workload on
/// every tool call, so it answers without an async runtime or the daemon's
/// data dir, and its exit code is a decision.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    #[command(flatten)]
    Verb(Verb),
    /// Speak an agent's native hook contract on stdin/stdout and forward the
    /// call to the agent's hook socket (run by the agent, inside its workload).
    /// Fails closed: any error blocks the call.
    Hook(HookArgs),
    /// Bridge stdio to the agent's MCP socket: the Dispatcher's tools
    /// (ready_for_push, file_issue, ask, update_queue) for an agent's MCP
    /// client (run by the agent, inside its workload).
    Mcp(McpArgs),
    /// Run PROGRAM on a new PTY, relaying framed input from stdin and the
    /// PTY's output to stdout (run by the daemon inside a workload, for a
    /// person's `agent shell`).
    #[command(hide = true)]
    Pty(PtyArgs),
}

#[derive(Debug, Args)]
pub(crate) struct PtyArgs {
    #[arg(long, default_value_t = 80)]
    pub(crate) cols: u16,
    #[arg(long, default_value_t = 24)]
    pub(crate) rows: u16,
    /// The program and its arguments.
    #[arg(last = true, required = true)]
    pub(crate) argv: Vec<String>,
}

#[derive(Debug, Args)]
pub(crate) struct McpArgs {
    /// The MCP socket (default: $COMPASS_MCP_SOCKET, else /run/compass/mcp.sock).
    #[arg(long)]
    pub(crate) socket: Option<PathBuf>,
}

/// The verbs that run on the async runtime against a data dir.
#[derive(Debug, Subcommand)]
pub(crate) enum Verb {
    /// Start the daemon in the foreground and print the board URL.
    Up(ServeArgs),
    /// Start the daemon in the foreground (logs only).
    Daemon(ServeArgs),
    /// Show the running daemon's status.
    Status(JsonFlag),
    /// Projects: a name plus the repos and directories in scope.
    #[command(subcommand)]
    Project(ProjectCmd),
    /// Named agents.
    #[command(subcommand)]
    Agent(AgentCmd),
    /// Issues in the local store.
    #[command(subcommand)]
    Issue(IssueCmd),
    /// Workstreams: an issue assigned to an agent on its branch.
    #[command(subcommand)]
    Workstream(WorkstreamCmd),
    /// Codename themes.
    #[command(subcommand)]
    Theme(ThemeCmd),
    /// Agent kinds: the built-in ones and your own ($COMPASS_HOME/kinds.toml).
    #[command(subcommand)]
    Kind(KindCmd),
    /// Secrets for agents: values go in on stdin and never come back out.
    #[command(subcommand)]
    Secret(SecretCmd),
    /// Issue sources: a tracker's issues imported into a project, synced both ways.
    #[command(subcommand)]
    Source(SourceCmd),
    /// The Dispatcher: status across agents and merge detection.
    #[command(subcommand)]
    Dispatcher(DispatcherCmd),
    /// Questions agents asked you (their `ask` tool), and your answers.
    #[command(subcommand)]
    Ask(AskCmd),
    /// The board: agents by Backlog / In Progress / In Review / Merged.
    Board {
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// The event log.
    Events {
        /// Show events after this seq.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Keep following new events.
        #[arg(long, short)]
        follow: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Measure Compass.
    #[command(subcommand)]
    Bench(BenchCmd),
    /// Warden, the security auditor.
    #[command(subcommand)]
    Warden(WardenCmd),
}

#[derive(Debug, Args, Clone, Copy)]
pub(crate) struct JsonFlag {
    /// Print the contract's JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct HookArgs {
    /// The hook protocol: claude-code, codex, gemini, opencode or scripted
    /// (an unknown one is blocked, never refused: see `commands/hook.rs`).
    pub(crate) kind: String,
    /// The agent's event name, e.g. PreToolUse.
    pub(crate) event: String,
    /// The hook socket (default: $COMPASS_HOOK_SOCKET, else /run/compass/hook.sock).
    #[arg(long)]
    pub(crate) socket: Option<PathBuf>,
    /// Give up (and block) after this many milliseconds, stdin included.
    #[arg(long, default_value_t = compass_warden::hook::HOOK_DEADLINE_MS)]
    pub(crate) timeout_ms: u64,
}

#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// Loopback port for the board (0 picks a free one).
    #[arg(long, default_value_t = 0)]
    pub(crate) port: u16,
    /// Workload backend for agents.
    #[arg(long, value_enum, default_value_t = Backend::Sandbox)]
    pub(crate) backend: Backend,
    /// With --backend oci: the image agents' containers run (default: the
    /// base image `scripts/oci-setup` builds, tagged by its recipe's hash).
    #[arg(long, value_name = "IMAGE")]
    pub(crate) oci_image: Option<String>,
    /// With --backend oci: the container engine, podman or docker (a path
    /// or a name on PATH; default: podman if installed, else docker).
    #[arg(long, value_name = "ENGINE")]
    pub(crate) oci_engine: Option<std::path::PathBuf>,
    /// Preinstalled agent CLIs (an npm node_modules, or a prefix with bin/),
    /// mounted read-only into every workload and put on its PATH.
    #[arg(long, value_name = "DIR", env = "COMPASS_AGENT_TOOLS")]
    pub(crate) agent_tools: Option<PathBuf>,
    /// Run the demo: a generated repo and three scripted agents, with Warden watching.
    #[arg(long)]
    pub(crate) demo: bool,
    /// With --demo: stop once the demo has run instead of serving on.
    #[arg(long, requires = "demo")]
    pub(crate) exit_after_demo: bool,
    /// The taint registry's session: clearances of content agents read are
    /// kept for this session (stored, so they survive a restart).
    #[arg(long, value_name = "NAME", default_value = "default")]
    pub(crate) taint_session: String,
    /// Keep clearances across sessions instead of per session.
    #[arg(long, conflicts_with = "taint_session")]
    pub(crate) taint_across_sessions: bool,
    /// The most one git session through an agent's push relay may send (a
    /// push's pack); past it the session ends and nothing is forwarded.
    #[arg(long, value_name = "BYTES", default_value_t = compass_daemon::RelayLimits::default().max_push_bytes, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) relay_max_push_bytes: u64,
    /// How long a client of the push relay may take to name its service.
    #[arg(long, value_name = "SECS", default_value_t = compass_daemon::RelayLimits::default().header.as_secs(), value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) relay_header_timeout: u64,
    /// How long Warden's check and the forward of one push may take before
    /// the push is refused.
    #[arg(long, value_name = "SECS", default_value_t = compass_daemon::RelayLimits::default().decide.as_secs(), value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) relay_decide_timeout: u64,
    /// How long one git session through the push relay may last in all (a
    /// client that stalls is cut off).
    #[arg(long, value_name = "SECS", default_value_t = compass_daemon::RelayLimits::default().session.as_secs(), value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) relay_session_timeout: u64,
    /// How long an agent's `ask` call waits for your answer before it
    /// returns; a later answer reaches the agent as a message.
    #[arg(long, value_name = "SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) ask_wait: u64,
    /// How often merge detection and the pull request poll run on their
    /// own; a forwarded push and an agent's `ready_for_push` run them at once.
    #[arg(long, value_name = "SECS", default_value_t = compass_daemon::MERGE_POLL.as_secs(), value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) merge_poll: u64,
    /// The least time between two polls when pushes and `ready_for_push`
    /// calls ring in a burst (0: none); a ring inside it runs when it ends.
    #[arg(long, value_name = "SECS", default_value_t = compass_daemon::RING_GAP.as_secs())]
    pub(crate) merge_ring_gap: u64,
    #[command(flatten)]
    pub(crate) judge: JudgeArgs,
}

/// Warden's model judge. Flags go over `judge.toml` in the data dir
/// (provider, url, model, key, timeout_ms, max_tokens).
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct JudgeArgs {
    /// Which judge inspects what the rules did not flag and weighs
    /// high-stakes actions against the agent's task.
    #[arg(long = "judge", value_enum, value_name = "PROVIDER")]
    pub(crate) provider: Option<JudgeProvider>,
    /// The judge's base URL (https://…; http:// for a loopback host only).
    #[arg(long = "judge-url", value_name = "URL")]
    pub(crate) url: Option<String>,
    #[arg(long = "judge-model", value_name = "MODEL")]
    pub(crate) model: Option<String>,
    /// The NAME of the judge's API key in the secret store (`compass
    /// secret set NAME`, value on stdin), never the key itself.
    #[arg(long = "judge-key", value_name = "SECRET_NAME")]
    pub(crate) key: Option<String>,
    /// How long one judge call may take before it counts as failed (a
    /// high-stakes action is then held for you).
    #[arg(long = "judge-timeout-ms", value_name = "MS")]
    pub(crate) timeout_ms: Option<u64>,
}

/// The judge's wire format (`compass_daemon::judge::JudgeProvider`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum JudgeProvider {
    /// Rules only.
    None,
    /// The Anthropic Messages API.
    Anthropic,
    /// Any OpenAI-compatible chat-completions server, hosted or local.
    OpenaiCompatible,
}

impl From<JudgeArgs> for compass_daemon::judge::JudgeSettings {
    fn from(a: JudgeArgs) -> Self {
        use compass_daemon::judge::JudgeProvider as P;
        Self {
            provider: a.provider.map(|p| match p {
                JudgeProvider::None => P::None,
                JudgeProvider::Anthropic => P::Anthropic,
                JudgeProvider::OpenaiCompatible => P::OpenaiCompatible,
            }),
            url: a.url,
            model: a.model,
            key: a.key,
            timeout_ms: a.timeout_ms,
            max_tokens: None,
        }
    }
}

/// How a benchmark's agents' hooks reach Warden
/// (`compass_acp::HookTransport`, named for the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum HookTransport {
    Http,
    Command,
}

impl From<HookTransport> for compass_acp::HookTransport {
    fn from(t: HookTransport) -> Self {
        match t {
            HookTransport::Http => Self::Http,
            HookTransport::Command => Self::Command,
        }
    }
}

/// Which workload backend runs agents (`compass_runtime::Backend`, named for
/// the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Backend {
    /// bubblewrap: a private root per agent.
    Sandbox,
    /// Plain host processes: no isolation.
    Host,
    /// A container per agent (podman).
    Oci,
}

impl From<Backend> for compass_runtime::Backend {
    fn from(b: Backend) -> Self {
        match b {
            Backend::Sandbox => Self::Sandbox,
            Backend::Host => Self::Host,
            Backend::Oci => Self::Oci,
        }
    }
}

/// An issue's priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Priority {
    None,
    Urgent,
    High,
    Medium,
    Low,
}

impl From<Priority> for pb::Priority {
    fn from(p: Priority) -> Self {
        match p {
            Priority::None => Self::None,
            Priority::Urgent => Self::Urgent,
            Priority::High => Self::High,
            Priority::Medium => Self::Medium,
            Priority::Low => Self::Low,
        }
    }
}

/// Where a workstream stands; the names are the store's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub(crate) enum State {
    Backlog,
    InProgress,
    InReview,
    Merged,
    Paused,
    Failed,
}

impl From<State> for pb::WorkstreamState {
    fn from(s: State) -> Self {
        match s {
            State::Backlog => Self::Backlog,
            State::InProgress => Self::InProgress,
            State::InReview => Self::InReview,
            State::Merged => Self::Merged,
            State::Paused => Self::Paused,
            State::Failed => Self::Failed,
        }
    }
}

#[derive(Debug, Subcommand)]
pub(crate) enum WardenCmd {
    /// Run the gates over a labelled JSONL corpus; print detection rates
    /// (flagged and cautioned apart, per kind and per origin) and latency.
    Eval {
        dir: PathBuf,
        /// One JSON line per item: split, id, kind, label, origin,
        /// decision, detectors, latency.
        #[arg(long)]
        json: bool,
        /// With --judge: the daemon's path, rules then the model judge
        /// (its settings from these flags over `judge.toml`).
        #[command(flatten)]
        judge: JudgeArgs,
    },
    /// Warden's decisions (the audit log), oldest first.
    Log {
        /// Only this agent's decisions (name or id).
        #[arg(long)]
        agent: Option<String>,
        /// Only flags.
        #[arg(long)]
        flags: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Warden's state: on/off, the judge, counters and the allow/deny lists.
    Status(JsonFlag),
    /// Turn Warden on: every agent action is gated again.
    On(JsonFlag),
    /// Turn Warden off: agents' reads and actions pass ungated (audited as
    /// `warden_off`). Stays off across restarts until `compass warden on`.
    Off(JsonFlag),
    /// Let a source through without inspection (critical findings still flag).
    /// SOURCE is a source as `compass warden log` shows it, or a prefix
    /// ending in `*`: file:/work/app/docs/*, url:https://docs.rs/*, net:crates.io.
    Allow {
        source: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Always flag a source (or a `prefix*`).
    Deny {
        source: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Take a source pattern off the allow or deny list.
    Forget {
        source: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Let one flagged request pass, once: HASH is the decision's hash from
    /// `compass warden log`. Resume the agent afterwards to let it retry.
    AllowOnce {
        agent: String,
        hash: String,
        #[arg(long, short)]
        project: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum ProjectCmd {
    /// Create a project.
    Add {
        name: String,
        /// A repo in scope: an absolute path or a clone URL (repeatable).
        #[arg(long = "repo")]
        repos: Vec<String>,
        /// A plain directory in scope (repeatable).
        #[arg(long = "dir")]
        dirs: Vec<String>,
        /// Codename theme for ephemeral agents.
        #[arg(long)]
        theme: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    List(JsonFlag),
    Show {
        project: String,
        #[command(flatten)]
        json: JsonFlag,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum AgentCmd {
    /// Create a named agent (no name: draw a codename, ephemeral).
    New {
        name: Option<String>,
        #[arg(long, short)]
        project: Option<String>,
        /// A system-prompt addition.
        #[arg(long)]
        persona: Option<String>,
        /// Agent kind (default: scripted).
        #[arg(long)]
        kind: Option<String>,
        #[arg(long)]
        model: Option<String>,
        /// Retire it when its work merges, returning its name.
        #[arg(long, conflicts_with = "persistent")]
        ephemeral: bool,
        /// Keep it across tasks (the default for named agents).
        #[arg(long)]
        persistent: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    List {
        #[arg(long, short)]
        project: Option<String>,
        /// Include retired agents.
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    Show {
        agent: String,
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    Retire {
        agent: String,
        #[arg(long, short)]
        project: Option<String>,
    },
    /// Start the agent: its workload (cloning the project's repos on first
    /// start), its hook socket and its ACP session.
    Start {
        agent: String,
        #[arg(long, short)]
        project: Option<String>,
        /// Scripted agents: the scenario file to run.
        #[arg(long, value_name = "FILE")]
        scenario: Option<PathBuf>,
        /// Grant a stored secret to the agent (repeatable), besides the
        /// credentials its kind names.
        #[arg(long = "secret", value_name = "NAME")]
        secrets: Vec<String>,
    },
    /// Stop the agent's process tree (the workload and clones stay).
    Stop(AgentTarget),
    /// Freeze the agent's whole process tree.
    Pause(AgentTarget),
    /// Continue a paused agent.
    Resume(AgentTarget),
    /// Clear the agent's context: a fresh session seeded from its workspace
    /// state and current task (the same agent, the same workload).
    Reload {
        agent: String,
        #[arg(long, short)]
        project: Option<String>,
        /// Keep printing the agent's stream until the reload turn ends.
        #[arg(long, short)]
        follow: bool,
    },
    /// Send the agent a prompt; its turn streams into `compass agent log`.
    Prompt {
        agent: String,
        text: String,
        #[arg(long, short)]
        project: Option<String>,
        /// Keep printing the agent's stream until the turn ends.
        #[arg(long, short)]
        follow: bool,
    },
    /// A raw shell (a PTY) in the agent's workload: the escape hatch. It is
    /// outside Warden's gates and recorded as your session (who opened and
    /// closed it); the shell's exit code is this command's.
    Shell(AgentTarget),
    /// The agent's rendered stream: thinking, tool calls, diffs, plans, decisions.
    Log {
        agent: String,
        #[arg(long, short)]
        project: Option<String>,
        #[arg(long, default_value_t = 200)]
        limit: u32,
        #[command(flatten)]
        json: JsonFlag,
    },
}

#[derive(Debug, Args)]
pub(crate) struct AgentTarget {
    pub(crate) agent: String,
    #[arg(long, short)]
    pub(crate) project: Option<String>,
}

#[derive(Debug, Subcommand)]
pub(crate) enum IssueCmd {
    Add {
        title: String,
        #[arg(long, short)]
        project: Option<String>,
        #[arg(long, default_value = "", conflicts_with = "body_file")]
        body: String,
        /// Read the body from a file (`-` for stdin).
        #[arg(long, value_name = "PATH")]
        body_file: Option<PathBuf>,
        #[arg(long = "label")]
        labels: Vec<String>,
        /// Parent issue key or id (for child issues).
        #[arg(long)]
        parent: Option<String>,
        #[arg(long, value_enum, default_value_t = Priority::None)]
        priority: Priority,
        #[command(flatten)]
        json: JsonFlag,
    },
    List {
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    Show {
        issue: String,
        #[command(flatten)]
        json: JsonFlag,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum WorkstreamCmd {
    /// Assign an issue to an agent.
    Add {
        issue: String,
        agent: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Move a workstream to another state.
    Move {
        workstream: String,
        #[arg(value_enum)]
        state: State,
    },
    List {
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// One workstream: its state, its agent's queue entry, each repo's push
    /// state and its pull requests.
    Show {
        workstream: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// The workstream's branch against its base in every repo: commits and
    /// patch of the commit the relay forwarded, read from Compass's copy;
    /// before any push, from the (running) agent's clone, marked unverified.
    Diff {
        workstream: String,
        #[command(flatten)]
        json: JsonFlag,
    },
}

/// Questions agents asked over their MCP channel.
#[derive(Debug, Subcommand)]
pub(crate) enum AskCmd {
    /// Open questions (all with --all).
    List {
        #[arg(long, short)]
        project: Option<String>,
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Answer a question: its waiting call returns it, or the agent gets it
    /// as a message.
    Answer {
        ask: String,
        answer: String,
        #[command(flatten)]
        json: JsonFlag,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum SecretCmd {
    /// Store a secret; the value is read from stdin (never an argument),
    /// one trailing newline dropped: `printf %s "$TOKEN" | compass secret set API_KEY`.
    Set {
        /// Env-var shaped: [A-Z_][A-Z0-9_]*.
        name: String,
        /// Bind it to a forge origin (https://HOST[:PORT]; http:// for a
        /// loopback host only): the push relay's own git authenticates there
        /// with it, and no agent is ever given it.
        #[arg(long, value_name = "ORIGIN")]
        forge: Option<String>,
        /// The user name sent with a forge-bound secret (default x-access-token).
        #[arg(long, value_name = "USER", requires = "forge")]
        username: Option<String>,
        /// Bind it, a private key, to an SSH host (ssh://HOST[:PORT]): the
        /// push relay's own ssh authenticates there with it (ssh:// and
        /// scp-style remotes), and no agent is ever given it.
        #[arg(
            long,
            value_name = "HOST",
            conflicts_with = "forge",
            requires = "known_hosts"
        )]
        ssh_key: Option<String>,
        /// The host keys to trust for --ssh-key (a known_hosts file, e.g.
        /// from `ssh-keyscan`, checked out of band); any other host key is
        /// refused.
        #[arg(long, value_name = "FILE", requires = "ssh_key")]
        known_hosts: Option<std::path::PathBuf>,
    },
    /// Names and when each was set (never values).
    List(JsonFlag),
    /// Delete a secret (agents started later no longer get it).
    Rm { name: String },
}

#[derive(Debug, Subcommand)]
pub(crate) enum SourceCmd {
    /// Add a tracker to a project; its token is read from a secret
    /// (`compass secret set NAME` first), never from argv.
    Add {
        /// Project id or name.
        project: String,
        kind: SourceKind,
        /// GitHub: OWNER/NAME.
        #[arg(long)]
        repo: Option<String>,
        /// Linear: the team key (ENG).
        #[arg(long)]
        team: Option<String>,
        /// Jira: the project key (ENG); give the site with --api-url.
        #[arg(long, value_name = "KEY")]
        key: Option<String>,
        /// The API base URL (GitHub Enterprise: https://HOST/api/v3).
        #[arg(long, value_name = "URL")]
        api_url: Option<String>,
        /// The secret holding the token.
        #[arg(long, value_name = "NAME")]
        token_secret: String,
        /// Only issues with this label (repeatable: all of them).
        #[arg(long = "label")]
        labels: Vec<String>,
        /// Only issues assigned to this login (GitHub: `none`, `*`) or
        /// email (Linear).
        #[arg(long)]
        assignee: Option<String>,
        #[arg(long, value_enum, default_value_t = SourceState::Open)]
        state: SourceState,
        /// Do not close the issue when its workstream merges.
        #[arg(long)]
        no_close: bool,
        /// Do not keep a `compass:<state>` label on the issue.
        #[arg(long)]
        no_labels: bool,
        /// Comment on the issue at each workstream state change.
        #[arg(long)]
        comments: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Sources, their health and what they imported.
    List {
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Sync now, from the source's cursor.
    Sync {
        /// A source id, github:OWNER/NAME, linear:TEAM or jira:KEY.
        source: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Remove a source; the issues it imported stay, as local issues.
    Rm { source: String },
}

#[derive(Debug, Subcommand)]
pub(crate) enum DispatcherCmd {
    /// Who is doing what, what is blocked, and what waits for you
    /// (Warden's pauses, work in review), from the board.
    Status {
        /// Only this project (id or name).
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Look at each project repo's trunk now and move every workstream
    /// whose change is there (fast-forward, merge commit, rebase, squash)
    /// to merged; a PR's state alone never counts.
    CheckMerges {
        /// Only this project (id or name).
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Propose an agent for each named issue (none: every unassigned one),
    /// from the agents' queues and personas and the conflict map (the files
    /// in-flight work changes). Nothing is assigned until you approve.
    Propose {
        /// The project (id or name).
        #[arg(long, short)]
        project: String,
        /// Issue keys (`demo-3`) or ids.
        issues: Vec<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// The open proposals (with `--all`, decided ones too).
    Proposals {
        /// Only this project (id or name).
        #[arg(long, short)]
        project: Option<String>,
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Approve a proposal: its workstream is created as `issue assign` does.
    Approve {
        proposal: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Reject a proposal.
    Reject {
        proposal: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Propose another agent instead (the proposal stays open).
    Edit {
        proposal: String,
        /// The agent (name or id).
        #[arg(long)]
        agent: String,
        #[command(flatten)]
        json: JsonFlag,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum SourceKind {
    Github,
    Linear,
    Jira,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum SourceState {
    Open,
    Closed,
    All,
}

#[derive(Debug, Subcommand)]
pub(crate) enum ThemeCmd {
    List(JsonFlag),
    /// Add a theme: each name must start with its own letter.
    Add {
        name: String,
        names: Vec<String>,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum KindCmd {
    /// Every kind the daemon runs, with its hook matrix.
    List(JsonFlag),
    /// One kind in full.
    Show {
        id: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Check a kinds file (the schema of $COMPASS_HOME/kinds.toml) over the
    /// built-in kinds, without a daemon; errors name the kind and field.
    Check { file: PathBuf },
}

#[derive(Debug, Subcommand)]
pub(crate) enum BenchCmd {
    /// Append events and receive them on clients subscribed over the Unix socket.
    Events {
        /// Subscribed clients.
        #[arg(long, default_value_t = 10)]
        subscribers: usize,
        /// Events in the throughput run.
        #[arg(long, default_value_t = 100_000)]
        events: usize,
        /// Concurrent writers in the throughput run (many agents emit at once).
        #[arg(long, default_value_t = 32)]
        writers: usize,
        /// Paced rate (events/s) for the latency run.
        #[arg(long, default_value_t = 5_000)]
        rate: u32,
        /// Events in the latency run.
        #[arg(long, default_value_t = 20_000)]
        paced_events: usize,
    },
    /// Create a workload (sandbox, host or oci), clone a 10,000-file repo,
    /// spawn and get an answer, pause and resume it; against `git worktree
    /// add` and a bare `bwrap true`; plus idle workloads' memory.
    Launch {
        #[arg(long, default_value_t = 10_000)]
        files: usize,
        #[arg(long, default_value_t = 10)]
        iterations: usize,
        #[arg(long, default_value_t = 50)]
        idle: usize,
        #[arg(long, value_enum, default_value_t = Backend::Sandbox)]
        backend: Backend,
    },
    /// N scripted agents each making TOOL_CALLS tool calls over ACP, through
    /// their workloads and Warden's gate: updates/s, latency, CPU and RSS per agent.
    Agents {
        /// Agent counts to run, one after another.
        #[arg(long, value_delimiter = ',', default_values_t = [1, 10, 50])]
        agents: Vec<usize>,
        #[arg(long, default_value_t = 200)]
        tool_calls: u32,
        /// Pause between tool calls (0: flat out, a throughput figure).
        #[arg(long, default_value_t = 20)]
        pace_ms: u64,
        #[arg(long, value_enum, default_value_t = Backend::Sandbox)]
        backend: Backend,
        /// Through a whole daemon: native hooks on every call, the store, a
        /// client subscribed over gRPC (else sessions and gate in-process).
        #[arg(long)]
        through_daemon: bool,
        /// With --through-daemon: skip the native hooks (a process per
        /// call), to see the daemon's own path alone.
        #[arg(long, requires = "through_daemon")]
        no_hooks: bool,
        /// With --through-daemon: start each agent's calls at its own
        /// offset within one pace, so calls arrive steadily instead of all
        /// N at once every pace.
        #[arg(long, requires = "through_daemon")]
        stagger: bool,
        /// With --through-daemon: how the hooks reach Warden — an HTTP
        /// request to the endpoint inside the workload, or a `compass-hook`
        /// process per call. Default: what the claude-code kind gets in an
        /// allowlisted sandbox.
        #[arg(
            long,
            value_enum,
            requires = "through_daemon",
            conflicts_with = "no_hooks"
        )]
        hook_transport: Option<HookTransport>,
    },
    /// The Dispatcher's planning in process: proposals for SELECTED of
    /// ISSUES issues over a conflict map of AGENTS in-flight workstreams,
    /// and one workstream's map refresh; against an empty-map baseline.
    /// Then a full sync of ISSUES issues from a local GitHub-shaped server
    /// (paged) into a scratch store, and a no-op re-sync.
    Dispatch {
        #[arg(long, default_value_t = 10_000)]
        issues: usize,
        #[arg(long, default_value_t = 50)]
        agents: usize,
        #[arg(long, default_value_t = 100)]
        selected: usize,
        #[arg(long, default_value_t = 50)]
        runs: usize,
    },
    /// N named agents started through the daemon and left idle: start time,
    /// the daemon's RSS and idle CPU, the workloads' memory.
    Fleet {
        #[arg(long, default_value_t = 50)]
        agents: usize,
        #[arg(long, value_enum, default_value_t = Backend::Sandbox)]
        backend: Backend,
    },
    /// What `compass-confine` adds to each tool command of a confined agent
    /// (OpenCode): `compass-confine -c true` against `bash -c true`.
    Confine {
        #[arg(long, default_value_t = 500)]
        iterations: usize,
    },
    /// Warden's in-process decision time, and the `compass hook` round trip
    /// against a bare process spawn.
    Gate {
        #[arg(long, default_value_t = 2000)]
        iterations: usize,
        #[arg(long, default_value_t = 200)]
        hook_iterations: usize,
    },
}
