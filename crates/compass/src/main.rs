//! `compass`: start the daemon (`up`, `daemon`), talk to it over `compass.v1`
//! (every other verb), and measure it (`bench`).
//!
//! Architecture invariant: the CLI reaches the daemon only through the
//! generated `compass.v1` client; it opens no database and starts no agent.

mod bench;
mod client;
mod commands;
mod render;

use anyhow::Result;
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = commands::Cli::parse();
    match commands::run(cli).await {
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
