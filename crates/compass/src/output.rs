//! What the CLI prints. Output is its product, so this is the one sanctioned
//! place that writes stdout; a reader that goes away (`compass events
//! --follow | head`) surfaces as a `BrokenPipe` error that `main` turns into
//! a quiet exit, like ripgrep.

use crate::CliResult;
use crate::cli::JsonFlag;
use crate::shown::printable;
use std::io::Write;

/// Print `text` (and a newline, unless it ends in one) to stdout.
#[allow(clippy::print_stdout)]
pub(crate) fn out(text: &str) -> CliResult {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(printable(text).as_bytes())?;
    if !text.ends_with('\n') {
        stdout.write_all(b"\n")?;
    }
    stdout.flush()?;
    Ok(())
}

/// Print a warning to stderr (the output stays clean for pipes and --json).
/// Never fails: a closed stderr is no reason to stop (nor to panic, as
/// `eprintln!` would).
pub(crate) fn warn(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", printable(text));
}

/// Print `value` as the contract's JSON with `--json`, else as `text` renders it.
pub(crate) fn show<T: serde::Serialize>(
    json: JsonFlag,
    value: &T,
    text: impl FnOnce(&T) -> String,
) -> CliResult {
    out(&if json.json {
        crate::render::json(value)?
    } else {
        text(value)
    })
}

/// Whether `error` is stdout's reader going away, which ends the CLI quietly.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
