//! `compass`: start the daemon (`up`, `daemon`), talk to it over `compass.v1`
//! (most other verbs), answer an agent's native hooks (`hook`), and measure
//! it (`bench`). docs/architecture.md says which verb talks to what.
//!
//! Layout: `cli` holds the clap types, `commands/` one module per command
//! group, `output` and `render` what gets printed, `shown` how agent text
//! is made safe for the terminal.

mod cli;
mod client;
mod commands;
mod demo;
mod output;
mod render;
mod shown;

use anyhow::Result;
use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;

pub(crate) use output::{out, warn};

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Hooks run on every tool call of every agent: answer without an async
    // runtime, a data dir or the other verbs' parsers.
    if commands::hook::names_hook(&argv) {
        return commands::hook::main(&argv);
    }
    let cli = Cli::try_parse_from(&argv).unwrap_or_else(|error| error.exit());
    let verb = match cli.command {
        Command::Hook(args) => return commands::hook::run(args),
        Command::Mcp(args) => return commands::mcp::run(args),
        Command::Pty(args) => return commands::pty::run(args),
        Command::Verb(verb) => verb,
    };
    let outcome = tokio::runtime::Runtime::new()
        .map_err(anyhow::Error::from)
        .and_then(|runtime| runtime.block_on(commands::run(cli.global, verb)));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read our output has what they wanted (`| head`).
        Err(error) if output::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            report(&error);
            ExitCode::FAILURE
        }
    }
}

fn report(error: &anyhow::Error) {
    warn(&format!("error: {error}"));
    for cause in error.chain().skip(1) {
        warn(&format!("  because: {cause}"));
    }
}

pub(crate) type CliResult = Result<()>;
