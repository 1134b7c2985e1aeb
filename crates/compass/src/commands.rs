//! The verbs: argument parsing (clap) and what each verb asks the daemon.

use crate::client::{Client, Rpc, connect, resolve_project};
use crate::{CliResult, bench, out, render, warn};
use anyhow::{Context, anyhow};
use clap::{Args, Parser, Subcommand};
use compass_daemon::paths::DataDir;
use compass_daemon::{Daemon, DaemonConfig};
use compass_proto::v1 as pb;
use futures::StreamExt;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "compass",
    version,
    about = "Run many coding agents in parallel, each sandboxed, with Warden watching."
)]
pub(crate) struct Cli {
    /// The data dir (default: $COMPASS_HOME, else ~/.local/share/compass).
    #[arg(long, global = true, value_name = "DIR")]
    home: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
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
    /// Secrets for agents: values go in on stdin and never come back out.
    #[command(subcommand)]
    Secret(SecretCmd),
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
    Bench(bench::BenchCmd),
    /// Warden, the security auditor.
    #[command(subcommand)]
    Warden(WardenCmd),
    /// Speak an agent's native hook contract on stdin/stdout and forward the
    /// call to the agent's hook socket (run by the agent, inside its workload).
    /// Fails closed: any error blocks the call.
    Hook(HookArgs),
}

#[derive(Debug, Subcommand)]
enum WardenCmd {
    /// Run the gates over a labelled JSONL corpus; print detection rates and latency.
    Eval { dir: PathBuf },
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

/// Where the hook socket is inside a workload.
const DEFAULT_HOOK_SOCKET: &str = "/run/compass/hook.sock";

#[derive(Debug, Parser)]
#[command(name = "hook")]
pub(crate) struct HookArgs {
    /// claude-code, codex, gemini-cli or scripted.
    kind: String,
    /// The agent's event name, e.g. PreToolUse.
    event: String,
    /// The hook socket (default: $COMPASS_HOOK_SOCKET, else /run/compass/hook.sock).
    #[arg(long)]
    socket: Option<PathBuf>,
    /// Give up (and block) after this many milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
}

/// `compass hook`: its exit code is 0 or 2 only.
#[allow(clippy::print_stdout, clippy::print_stderr)]
pub(crate) fn run_hook_verb(args: HookArgs) -> std::process::ExitCode {
    use std::io::{Read, Write};
    let HookArgs {
        kind,
        event,
        socket,
        timeout_ms,
    } = args;
    let socket = socket
        .or_else(|| std::env::var_os("COMPASS_HOOK_SOCKET").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_HOOK_SOCKET));
    let mut stdin = Vec::new();
    let outcome = match std::io::stdin().read_to_end(&mut stdin) {
        Ok(_) => compass_warden::hook::run_hook(
            &kind,
            &event,
            &stdin,
            &socket,
            Duration::from_millis(timeout_ms),
        ),
        // An unreadable payload is refused like a malformed one.
        Err(e) => compass_warden::hook::run_hook(
            "invalid",
            &event,
            e.to_string().as_bytes(),
            &socket,
            Duration::ZERO,
        ),
    };
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    std::process::ExitCode::from(u8::try_from(outcome.exit_code).unwrap_or(2))
}

#[derive(Debug, Args)]
struct ServeArgs {
    /// Loopback port for the board (0 picks a free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Workload backend for agents: sandbox (default), host or oci.
    #[arg(long, default_value = "sandbox")]
    backend: String,
    /// Preinstalled agent CLIs (an npm node_modules, or a prefix with bin/),
    /// mounted read-only into every workload and put on its PATH.
    #[arg(long, value_name = "DIR", env = "COMPASS_AGENT_TOOLS")]
    agent_tools: Option<PathBuf>,
    /// Run the demo: a generated repo and three scripted agents, with Warden watching.
    #[arg(long)]
    demo: bool,
    /// With --demo: stop once the demo has run instead of serving on.
    #[arg(long, requires = "demo")]
    exit_after_demo: bool,
    /// The taint registry's session: clearances of content agents read are
    /// kept for this session (stored, so they survive a restart).
    #[arg(long, value_name = "NAME", default_value = "default")]
    taint_session: String,
    /// Keep clearances across sessions instead of per session.
    #[arg(long, conflicts_with = "taint_session")]
    taint_across_sessions: bool,
}

/// A session name: 1 to 64 of `A-Z a-z 0-9 . _ -`.
fn taint_session(args: &ServeArgs) -> anyhow::Result<Option<String>> {
    if args.taint_across_sessions {
        return Ok(None);
    }
    let name = &args.taint_session;
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok {
        Ok(Some(name.clone()))
    } else {
        Err(anyhow!(
            "--taint-session {name:?}: use 1 to 64 letters, digits, '.', '_' or '-' (or --taint-across-sessions)"
        ))
    }
}

#[derive(Debug, Args, Clone, Copy)]
struct JsonFlag {
    /// Print the contract's JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Subcommand)]
enum ProjectCmd {
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
enum AgentCmd {
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
struct AgentTarget {
    agent: String,
    #[arg(long, short)]
    project: Option<String>,
}

impl AgentTarget {
    fn reference(self) -> pb::AgentRef {
        pb::AgentRef {
            agent: self.agent,
            project: self.project.unwrap_or_default(),
        }
    }
}

#[derive(Debug, Subcommand)]
enum IssueCmd {
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
        /// none, urgent, high, medium or low.
        #[arg(long, default_value = "none")]
        priority: String,
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
enum WorkstreamCmd {
    /// Assign an issue to an agent.
    Add {
        issue: String,
        agent: String,
        #[command(flatten)]
        json: JsonFlag,
    },
    /// Move a workstream: backlog, in_progress, in_review, merged, paused, failed.
    Move { workstream: String, state: String },
    List {
        #[arg(long, short)]
        project: Option<String>,
        #[command(flatten)]
        json: JsonFlag,
    },
}

#[derive(Debug, Subcommand)]
enum SecretCmd {
    /// Store a secret; the value is read from stdin (never an argument),
    /// one trailing newline dropped: `printf %s "$TOKEN" | compass secret set API_KEY`.
    Set {
        /// Env-var shaped: [A-Z_][A-Z0-9_]*.
        name: String,
    },
    /// Names and when each was set (never values).
    List(JsonFlag),
    /// Delete a secret (agents started later no longer get it).
    Rm { name: String },
}

#[derive(Debug, Subcommand)]
enum ThemeCmd {
    List(JsonFlag),
    /// Add a theme: each name must start with its own letter.
    Add {
        name: String,
        names: Vec<String>,
    },
}

fn data_dir(home: Option<PathBuf>) -> anyhow::Result<DataDir> {
    home.map(DataDir::new)
        .or_else(DataDir::from_env)
        .ok_or_else(|| anyhow!("no data dir: set COMPASS_HOME or pass --home"))
}

fn show<T: serde::Serialize>(
    json: JsonFlag,
    value: &T,
    text: impl FnOnce(&T) -> String,
) -> CliResult {
    out(&if json.json {
        render::json(value)?
    } else {
        text(value)
    });
    Ok(())
}

fn parse_priority(raw: &str) -> anyhow::Result<pb::Priority> {
    compass_core::issue::Priority::parse(raw)
        .and_then(|p| {
            pb::Priority::from_str_name(&format!("PRIORITY_{}", p.as_str().to_ascii_uppercase()))
        })
        .ok_or_else(|| anyhow!("--priority {raw:?}: use none, urgent, high, medium or low"))
}

fn parse_state(raw: &str) -> anyhow::Result<pb::WorkstreamState> {
    compass_core::workstream::WorkstreamState::parse(raw)
        .and_then(|s| {
            pb::WorkstreamState::from_str_name(&format!(
                "WORKSTREAM_STATE_{}",
                s.as_str().to_ascii_uppercase()
            ))
        })
        .ok_or_else(|| {
            anyhow!("state {raw:?}: use backlog, in_progress, in_review, merged, paused or failed")
        })
}

pub(crate) async fn run(cli: Cli) -> CliResult {
    let dir = data_dir(cli.home)?;
    match cli.command {
        Command::Up(args) => serve(dir, args, true).await,
        Command::Daemon(args) => serve(dir, args, false).await,
        Command::Bench(cmd) => bench::run(cmd).await,
        Command::Warden(WardenCmd::Log { agent, flags, json }) => {
            let mut client = connect(&dir.socket()).await?;
            warden_log(&mut client, agent, flags, json).await
        }
        Command::Warden(WardenCmd::Eval { dir }) => {
            let report = compass_warden::eval::eval_dir(&dir).await?;
            out(&report.to_string());
            Ok(())
        }
        Command::Warden(cmd) => {
            let mut client = connect(&dir.socket()).await?;
            warden(&mut client, cmd).await
        }
        Command::Hook(_) => Ok(()),
        other => {
            let mut client = connect(&dir.socket()).await?;
            talk(&mut client, other).await
        }
    }
}

async fn serve(dir: DataDir, args: ServeArgs, banner: bool) -> CliResult {
    let filter = tracing_subscriber::EnvFilter::try_from_env("COMPASS_LOG")
        .unwrap_or_else(|_| "info".into());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let mut config = DaemonConfig::new(dir.clone());
    config.http_port = args.port;
    config.backend = args.backend.clone();
    config.taint_session = taint_session(&args)?;
    config.agent_tools = match &args.agent_tools {
        Some(dir) => Some(
            fs_err::canonicalize(dir)
                .with_context(|| format!("--agent-tools {}", dir.display()))?,
        ),
        None => None,
    };
    let mut running = Daemon::start(config).await?;
    if banner {
        out(&format!(
            "Compass is up.\n  board:    {}\n  data dir: {}\n  socket:   {}",
            running.board_url,
            dir.root().display(),
            running.socket.display()
        ));
    }
    if args.demo {
        let mut client = connect(&running.socket).await?;
        let demo = crate::demo::run(&mut client, dir.root()).await;
        if args.exit_after_demo || demo.is_err() {
            running.shutdown().await?;
            return demo;
        }
    }
    if banner {
        out(
            "Press Ctrl-C to stop. In another terminal: `compass board`, `compass events --follow`.",
        );
    }
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("installing the SIGTERM handler")?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
        result = running.wait() => result?,
    }
    tracing::info!("shutting down");
    running.shutdown().await?;
    Ok(())
}

async fn talk(client: &mut Client, command: Command) -> CliResult {
    match command {
        Command::Status(json) => {
            let s = client.get_status(pb::GetStatusRequest {}).await.rpc()?;
            show(json, &s, |s| {
                format!(
                    "compass {} (pid {})\n  warden:   {}\n  data dir: {}\n  board:    {}\n  last seq: {}",
                    s.version,
                    s.pid,
                    render::on_off(s.warden_enabled),
                    s.data_dir,
                    s.board_url,
                    s.last_seq
                )
            })
        }
        Command::Project(cmd) => project(client, cmd).await,
        Command::Agent(cmd) => agent(client, cmd).await,
        Command::Issue(cmd) => issue(client, cmd).await,
        Command::Workstream(cmd) => workstream(client, cmd).await,
        Command::Theme(cmd) => theme(client, cmd).await,
        Command::Secret(cmd) => secret(client, cmd).await,
        Command::Board { project, json } => {
            let project = resolve_project(client, project).await?;
            let b = client
                .get_board(pb::GetBoardRequest { project })
                .await
                .rpc()?;
            show(json, &b, render::board)
        }
        Command::Events { from, follow, json } => events(client, from, follow, json).await,
        Command::Up(_)
        | Command::Daemon(_)
        | Command::Bench(_)
        | Command::Warden(_)
        | Command::Hook(_) => Ok(()),
    }
}

async fn project(client: &mut Client, cmd: ProjectCmd) -> CliResult {
    match cmd {
        ProjectCmd::Add {
            name,
            repos,
            dirs,
            theme,
            json,
        } => {
            let p = client
                .create_project(pb::CreateProjectRequest {
                    name,
                    repos,
                    directories: dirs,
                    theme: theme.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &p, render::project)
        }
        ProjectCmd::List(json) => {
            let list = client
                .list_projects(pb::ListProjectsRequest {})
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .projects
                    .iter()
                    .map(|p| {
                        vec![
                            p.name.clone(),
                            p.id.clone(),
                            p.repos.len().to_string(),
                            p.theme.clone(),
                        ]
                    })
                    .collect();
                render::table(&["NAME", "ID", "REPOS", "THEME"], &rows)
            })
        }
        ProjectCmd::Show { project, json } => {
            let p = client
                .get_project(pb::GetProjectRequest { project })
                .await
                .rpc()?;
            show(json, &p, render::project)
        }
    }
}

async fn agent(client: &mut Client, cmd: AgentCmd) -> CliResult {
    match cmd {
        AgentCmd::New {
            name,
            project,
            persona,
            kind,
            model,
            ephemeral,
            persistent,
            json,
        } => {
            let project = resolve_project(client, project).await?;
            let lifetime = if ephemeral {
                pb::Lifetime::Ephemeral
            } else if persistent {
                pb::Lifetime::Persistent
            } else {
                pb::Lifetime::Unspecified
            };
            let a = client
                .create_agent(pb::CreateAgentRequest {
                    project,
                    name: name.unwrap_or_default(),
                    persona: persona.unwrap_or_default(),
                    kind: kind.unwrap_or_default(),
                    model: model.unwrap_or_default(),
                    lifetime: lifetime.into(),
                })
                .await
                .rpc()?;
            show(json, &a, render::agent)
        }
        AgentCmd::List { project, all, json } => {
            let list = client
                .list_agents(pb::ListAgentsRequest {
                    project: project.unwrap_or_default(),
                    include_retired: all,
                })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .agents
                    .iter()
                    .map(|a| {
                        vec![
                            a.name.clone(),
                            a.id.clone(),
                            a.kind.clone(),
                            render::lifetime(a.lifetime),
                            render::agent_status(a.status),
                        ]
                    })
                    .collect();
                render::table(&["NAME", "ID", "KIND", "LIFETIME", "STATUS"], &rows)
            })
        }
        AgentCmd::Show {
            agent,
            project,
            json,
        } => {
            let a = client
                .get_agent(pb::GetAgentRequest {
                    agent,
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            show(json, &a, render::agent)
        }
        AgentCmd::Start {
            agent,
            project,
            scenario,
            secrets,
        } => {
            let scenario = match scenario {
                Some(path) => fs_err::read_to_string(&path).context("reading the scenario")?,
                None => String::new(),
            };
            let agent = Some(pb::AgentRef {
                agent,
                project: project.unwrap_or_default(),
            });
            let a = client
                .start_agent(pb::StartAgentRequest {
                    agent,
                    scenario,
                    secrets,
                })
                .await
                .rpc()?;
            now_is(a)
        }
        AgentCmd::Stop(target) => now_is(client.stop_agent(target.reference()).await.rpc()?),
        AgentCmd::Pause(target) => now_is(client.pause_agent(target.reference()).await.rpc()?),
        AgentCmd::Resume(target) => now_is(client.resume_agent(target.reference()).await.rpc()?),
        AgentCmd::Reload {
            agent,
            project,
            follow,
        } => {
            let (after, reference) = turn_start(client, agent, project).await?;
            let a = client.reload_agent(reference.clone()).await.rpc()?;
            out(&format!("{} is reloading with a fresh context", a.name));
            follow_if(follow, client, reference, after).await
        }
        AgentCmd::Prompt {
            agent,
            text,
            project,
            follow,
        } => {
            let (after, reference) = turn_start(client, agent, project).await?;
            client
                .prompt_agent(pb::PromptAgentRequest {
                    agent: Some(reference.clone()),
                    text,
                })
                .await
                .rpc()?;
            follow_if(follow, client, reference, after).await
        }
        AgentCmd::Log {
            agent,
            project,
            limit,
            json,
        } => {
            let log = client
                .list_agent_events(pb::ListAgentEventsRequest {
                    agent: Some(pb::AgentRef {
                        agent,
                        project: project.unwrap_or_default(),
                    }),
                    limit,
                })
                .await
                .rpc()?;
            show(json, &log, |l| {
                l.events
                    .iter()
                    .map(render::event)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
        AgentCmd::Retire { agent, project } => {
            let a = client
                .retire_agent(pb::RetireAgentRequest {
                    agent,
                    project: project.unwrap_or_default(),
                })
                .await
                .rpc()?;
            out(&format!(
                "retired {}{}",
                a.name,
                if a.codename {
                    "; its codename is free again"
                } else {
                    ""
                }
            ));
            Ok(())
        }
    }
}

fn read_body(body: String, file: Option<PathBuf>) -> anyhow::Result<String> {
    match file {
        Some(path) if path.as_os_str() == "-" => {
            std::io::read_to_string(std::io::stdin()).context("reading the body from stdin")
        }
        Some(path) => fs_err::read_to_string(&path)
            .with_context(|| format!("reading the body from {}", path.display())),
        None => Ok(body),
    }
}

/// Report an agent's status after a lifecycle verb.
fn now_is(agent: pb::Agent) -> CliResult {
    out(&format!(
        "{} is {}",
        agent.name,
        render::agent_status(agent.status)
    ));
    Ok(())
}

/// Print the agent's events from `after` until its turn ends or fails.
/// Where the log ends before a turn starts, and the agent's reference.
async fn turn_start(
    client: &mut Client,
    agent: String,
    project: Option<String>,
) -> anyhow::Result<(u64, pb::AgentRef)> {
    let after = client
        .get_status(pb::GetStatusRequest {})
        .await
        .rpc()?
        .last_seq;
    let reference = pb::AgentRef {
        agent,
        project: project.unwrap_or_default(),
    };
    Ok((after, reference))
}

async fn follow_if(
    follow: bool,
    client: &mut Client,
    reference: pb::AgentRef,
    after: u64,
) -> CliResult {
    if follow {
        follow_turn(client, reference, after).await
    } else {
        Ok(())
    }
}

async fn follow_turn(client: &mut Client, reference: pb::AgentRef, after: u64) -> CliResult {
    let agent = client
        .get_agent(pb::GetAgentRequest {
            agent: reference.agent,
            project: reference.project,
        })
        .await
        .rpc()?;
    let mut stream = client
        .subscribe(pb::SubscribeRequest { after_seq: after })
        .await
        .rpc()?;
    while let Some(event) = stream.next().await {
        let event = event.map_err(crate::client::explain)?;
        if event.agent_id != agent.id {
            continue;
        }
        out(&render::event(&event));
        use pb::agent_update::Update;
        let done = match &event.kind {
            Some(pb::event::Kind::AgentUpdate(u)) => {
                matches!(
                    u.update,
                    Some(Update::TurnEnded(_) | Update::SessionFailed(_))
                )
            }
            Some(pb::event::Kind::AgentStatusChanged(s)) => {
                s.to == pb::AgentStatus::Paused as i32 || s.to == pb::AgentStatus::Failed as i32
            }
            _ => false,
        };
        if done {
            return Ok(());
        }
    }
    Err(anyhow!("the daemon closed the event stream"))
}

async fn warden_log(
    client: &mut Client,
    agent: Option<String>,
    flags: bool,
    json: JsonFlag,
) -> CliResult {
    let agent_id = match agent {
        Some(a) => Some(
            client
                .get_agent(pb::GetAgentRequest {
                    agent: a,
                    project: String::new(),
                })
                .await
                .rpc()?
                .id,
        ),
        None => None,
    };
    let mut after = 0;
    loop {
        let page = client
            .list_events(pb::ListEventsRequest {
                after_seq: after,
                limit: 0,
                kinds: vec!["gate_decision".into()],
            })
            .await
            .rpc()?;
        let Some(last) = page.events.last() else {
            return Ok(());
        };
        after = last.seq;
        for e in &page.events {
            let Some(pb::event::Kind::GateDecision(d)) = &e.kind else {
                continue;
            };
            if agent_id.as_ref().is_some_and(|id| *id != e.agent_id)
                || (flags && d.decision != "flag")
            {
                continue;
            }
            out(&if json.json {
                serde_json::to_string(e)?
            } else {
                render::gate_decision(e, d)
            });
        }
    }
}

/// What turning Warden off means, said every time it happens.
const OFF_WARNING: &str = "warning: Warden is OFF. Agents' reads and actions now pass without inspection (each is still logged as warden_off); nothing will be flagged or paused. It stays off across daemon restarts. Turn it back on with `compass warden on`.";

async fn warden(client: &mut Client, cmd: WardenCmd) -> CliResult {
    let pattern = |source: String| pb::SourcePatternRequest { pattern: source };
    let (status, json) = match cmd {
        WardenCmd::Status(json) => (client.get_warden(pb::GetWardenRequest {}).await, json),
        WardenCmd::On(json) => (
            client
                .set_warden_enabled(pb::SetWardenEnabledRequest { enabled: true })
                .await,
            json,
        ),
        WardenCmd::Off(json) => {
            let s = client
                .set_warden_enabled(pb::SetWardenEnabledRequest { enabled: false })
                .await;
            if s.is_ok() {
                warn(OFF_WARNING);
            }
            (s, json)
        }
        WardenCmd::Allow { source, json } => (client.allow_source(pattern(source)).await, json),
        WardenCmd::Deny { source, json } => (client.deny_source(pattern(source)).await, json),
        WardenCmd::Forget { source, json } => (client.forget_source(pattern(source)).await, json),
        WardenCmd::AllowOnce {
            agent,
            hash,
            project,
        } => {
            let shown = agent.clone();
            let a = client
                .allow_once(pb::AllowOnceRequest {
                    agent: Some(pb::AgentRef {
                        agent,
                        project: project.unwrap_or_default(),
                    }),
                    hash,
                })
                .await
                .rpc()?;
            out(&format!(
                "Warden will let {shown}'s request {} pass once; resume the agent (`compass agent resume {shown}`) so it can retry.",
                a.hash
            ));
            return Ok(());
        }
        WardenCmd::Log { .. } | WardenCmd::Eval { .. } => return Ok(()),
    };
    show(json, &status.rpc()?, render::warden)
}

async fn issue(client: &mut Client, cmd: IssueCmd) -> CliResult {
    match cmd {
        IssueCmd::Add {
            title,
            project,
            body,
            body_file,
            labels,
            parent,
            priority,
            json,
        } => {
            let priority = parse_priority(&priority)?;
            let body = read_body(body, body_file)?;
            let project = resolve_project(client, project).await?;
            let i = client
                .create_issue(pb::CreateIssueRequest {
                    project,
                    title,
                    body,
                    labels,
                    parent: parent.unwrap_or_default(),
                    priority: priority.into(),
                })
                .await
                .rpc()?;
            show(json, &i, render::issue)
        }
        IssueCmd::List { project, json } => {
            let project = resolve_project(client, project).await?;
            let list = client
                .list_issues(pb::ListIssuesRequest { project })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .issues
                    .iter()
                    .map(|i| {
                        vec![
                            i.key.clone(),
                            render::priority(i.priority),
                            i.labels.join(","),
                            i.title.clone(),
                        ]
                    })
                    .collect();
                render::table(&["KEY", "PRIORITY", "LABELS", "TITLE"], &rows)
            })
        }
        IssueCmd::Show { issue, json } => {
            let i = client
                .get_issue(pb::GetIssueRequest { issue })
                .await
                .rpc()?;
            show(json, &i, render::issue)
        }
    }
}

async fn workstream(client: &mut Client, cmd: WorkstreamCmd) -> CliResult {
    match cmd {
        WorkstreamCmd::Add { issue, agent, json } => {
            let w = client
                .create_workstream(pb::CreateWorkstreamRequest { issue, agent })
                .await
                .rpc()?;
            show(json, &w, |w| {
                format!(
                    "workstream {} on {} ({})",
                    w.id,
                    w.branch,
                    render::state(w.state)
                )
            })
        }
        WorkstreamCmd::Move { workstream, state } => {
            let state = parse_state(&state)?;
            let w = client
                .set_workstream_state(pb::SetWorkstreamStateRequest {
                    workstream,
                    state: state.into(),
                })
                .await
                .rpc()?;
            out(&format!(
                "workstream {} is now {}",
                w.id,
                render::state(w.state)
            ));
            Ok(())
        }
        WorkstreamCmd::List { project, json } => {
            let project = resolve_project(client, project).await?;
            let list = client
                .list_workstreams(pb::ListWorkstreamsRequest { project })
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .workstreams
                    .iter()
                    .map(|w| vec![w.id.clone(), w.branch.clone(), render::state(w.state)])
                    .collect();
                render::table(&["ID", "BRANCH", "STATE"], &rows)
            })
        }
    }
}

async fn secret(client: &mut Client, cmd: SecretCmd) -> CliResult {
    match cmd {
        SecretCmd::Set { name } => {
            use std::io::Read;
            let mut value = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut value)
                .context("reading the secret's value from stdin")?;
            // `echo value |` and a typed line end in a newline that is not
            // part of the secret.
            if value.ends_with(b"\n") {
                value.pop();
                if value.ends_with(b"\r") {
                    value.pop();
                }
            }
            let info = client
                .set_secret(pb::SetSecretRequest { name, value })
                .await
                .rpc()?;
            out(&format!("secret {} set", info.name));
            Ok(())
        }
        SecretCmd::List(json) => {
            let list = client.list_secrets(pb::ListSecretsRequest {}).await.rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .secrets
                    .iter()
                    .map(|s| vec![s.name.clone(), render::time_ms(s.set_at_ms)])
                    .collect();
                render::table(&["NAME", "SET"], &rows)
            })
        }
        SecretCmd::Rm { name } => {
            client
                .delete_secret(pb::DeleteSecretRequest { name: name.clone() })
                .await
                .rpc()?;
            out(&format!("secret {name} deleted"));
            Ok(())
        }
    }
}

async fn theme(client: &mut Client, cmd: ThemeCmd) -> CliResult {
    match cmd {
        ThemeCmd::List(json) => {
            let list = client.list_themes(pb::ListThemesRequest {}).await.rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .themes
                    .iter()
                    .map(|t| {
                        vec![
                            t.name.clone(),
                            if t.builtin { "built-in" } else { "user" }.into(),
                            t.names.join(" "),
                        ]
                    })
                    .collect();
                render::table(&["THEME", "ORIGIN", "NAMES"], &rows)
            })
        }
        ThemeCmd::Add { name, names } => {
            let t = client
                .add_theme(pb::AddThemeRequest { name, names })
                .await
                .rpc()?;
            out(&format!("added theme {} ({} names)", t.name, t.names.len()));
            Ok(())
        }
    }
}

async fn events(client: &mut Client, from: u64, follow: bool, json: JsonFlag) -> CliResult {
    let print = |e: &pb::Event| -> CliResult {
        out(&if json.json {
            serde_json::to_string(e)?
        } else {
            render::event(e)
        });
        Ok(())
    };
    if !follow {
        let mut after = from;
        loop {
            let page = client
                .list_events(pb::ListEventsRequest {
                    kinds: Vec::new(),
                    after_seq: after,
                    limit: 0,
                })
                .await
                .rpc()?;
            let Some(last) = page.events.last() else {
                return Ok(());
            };
            after = last.seq;
            page.events.iter().try_for_each(print)?;
        }
    }
    let mut stream = client
        .subscribe(pb::SubscribeRequest { after_seq: from })
        .await
        .rpc()?;
    while let Some(event) = stream.next().await {
        print(&event.map_err(crate::client::explain)?)?;
    }
    Err(anyhow!("the daemon closed the event stream"))
}
