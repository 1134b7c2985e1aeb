//! `compass`: start the daemon (`up`, `daemon`), talk to it over `compass.v1`
//! (every other verb), and measure it (`bench`).
//!
//! Architecture invariant: the CLI reaches the daemon only through the
//! generated `compass.v1` client; it opens no database and starts no agent.

mod bench;
mod client;
mod commands;
mod daemon_bench;
mod demo;
mod render;

use anyhow::Result;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Hooks run on every tool call of every agent: answer without building
    // the whole CLI or an async runtime.
    if std::env::args_os().nth(1).is_some_and(|a| a == "hook") {
        return commands::run_hook_verb(commands::HookArgs::parse_from(
            std::env::args_os().skip(1),
        ));
    }
    let cli = commands::Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(error) => {
            report(&error.into());
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(commands::run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            report(&error);
            ExitCode::FAILURE
        }
    }
}

#[allow(clippy::print_stderr)]
fn report(error: &anyhow::Error) {
    eprintln!("error: {error}");
    for cause in error.chain().skip(1) {
        eprintln!("  because: {cause}");
    }
}

/// Print a warning to stderr (the output stays clean for pipes and --json).
#[allow(clippy::print_stderr)]
pub(crate) fn warn(text: &str) {
    eprintln!("{text}");
}

/// Print to stdout; the CLI's output is its product, so this is the one
/// sanctioned place for it.
#[allow(clippy::print_stdout)]
pub(crate) fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = stdout.write_all(b"\n");
    }
    let _ = stdout.flush();
}

pub(crate) type CliResult = Result<()>;
