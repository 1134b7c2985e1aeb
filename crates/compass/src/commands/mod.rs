//! What each verb does, one module per command group. `run` picks the
//! module; a verb that talks to the daemon gets a connected client, the
//! others (`up`, `daemon`, `bench`, `warden eval`, `kind check`) get what
//! they need.

mod agent;
mod ask;
mod bench;
mod board;
mod dispatcher;
mod events;
pub(crate) mod hook;
mod issue;
mod kind;
pub(crate) mod mcp;
mod project;
pub(crate) mod pty;
mod secret;
mod serve;
pub(crate) mod shell;
mod source;
mod status;
mod theme;
mod warden;
mod workstream;

use crate::CliResult;
use crate::cli::{GlobalArgs, Verb};
use crate::client::connect;
use anyhow::anyhow;
use compass_daemon::paths::DataDir;

pub(crate) async fn run(global: GlobalArgs, verb: Verb) -> CliResult {
    let dir = global
        .home
        .map(DataDir::new)
        .or_else(DataDir::from_env)
        .ok_or_else(|| anyhow!("no data dir: set COMPASS_HOME or pass --home"))?;
    let client = || async { connect(&dir.socket()).await };
    match verb {
        Verb::Up(args) => serve::run(dir, args, serve::Banner::Show).await,
        Verb::Daemon(args) => serve::run(dir, args, serve::Banner::Quiet).await,
        Verb::Bench(cmd) => bench::run(cmd).await,
        Verb::Warden(cmd) => warden::run(&dir, cmd).await,
        Verb::Status(json) => status::run(&mut client().await?, json).await,
        Verb::Project(cmd) => project::run(&mut client().await?, cmd).await,
        Verb::Agent(cmd) => agent::run(&mut client().await?, cmd).await,
        Verb::Issue(cmd) => issue::run(&mut client().await?, cmd).await,
        Verb::Workstream(cmd) => workstream::run(&mut client().await?, cmd).await,
        Verb::Theme(cmd) => theme::run(&mut client().await?, cmd).await,
        Verb::Kind(cmd) => kind::run(cmd, client).await,
        Verb::Secret(cmd) => secret::run(&mut client().await?, cmd).await,
        Verb::Source(cmd) => source::run(&mut client().await?, cmd).await,
        Verb::Dispatcher(cmd) => dispatcher::run(&mut client().await?, cmd).await,
        Verb::Ask(cmd) => ask::run(&mut client().await?, cmd).await,
        Verb::Board { project, json } => board::run(&mut client().await?, project, json).await,
        Verb::Events { from, follow, json } => {
            events::run(&mut client().await?, from, follow, json).await
        }
    }
}
