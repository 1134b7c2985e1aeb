//! The `compass-hook` command line, parsed by hand (no CLI framework: it
//! would cost start-up time on every tool call):
//!
//! ```text
//! compass-hook [--socket PATH] [--timeout-ms N] [--] PROTOCOL EVENT
//! ```
//!
//! Options may come before, between or after the two words, as `--opt V`
//! or `--opt=V`. Anything else — a missing or extra word, an unknown
//! option, `--help` — is an error the binary turns into a block: an agent
//! must never read a missing decision as a pass.

use crate::{DEADLINE_MS, DEFAULT_SOCKET, SOCKET_ENV};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// The usage line every refusal carries.
pub const USAGE: &str = "usage: compass-hook [--socket PATH] [--timeout-ms N] [--] PROTOCOL EVENT";

/// One parsed invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    /// The hook protocol (`claude-code`, `codex`, …), checked by the client.
    pub protocol: String,
    /// The agent's event name (`PreToolUse`, `BeforeTool`, …).
    pub event: String,
    /// `--socket`, else `$COMPASS_HOOK_SOCKET`, else the workload default.
    pub socket: PathBuf,
    /// The whole call's deadline, stdin included.
    pub timeout: Duration,
}

/// Parse `argv` (program name first). `socket_env` is the value of
/// `$COMPASS_HOOK_SOCKET`, passed in so parsing stays pure.
pub fn parse(argv: &[OsString], socket_env: Option<OsString>) -> Result<Invocation, String> {
    let mut words = Vec::new();
    let mut socket = None;
    let mut timeout_ms = None;
    let mut rest = argv.iter().skip(1);
    let mut options_done = false;
    while let Some(arg) = rest.next() {
        let text = arg
            .to_str()
            .ok_or_else(|| format!("an argument is not UTF-8: {arg:?}"))?;
        if options_done || !text.starts_with('-') || text == "-" {
            words.push(text.to_owned());
            continue;
        }
        if text == "--" {
            options_done = true;
            continue;
        }
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (text, None),
        };
        let mut value = |name: &str| match &inline {
            Some(v) => Ok(v.clone()),
            None => rest
                .next()
                .and_then(|v| v.to_str())
                .map(str::to_owned)
                .ok_or_else(|| format!("{name} needs a value")),
        };
        match name {
            "--socket" => set_once(&mut socket, PathBuf::from(value(name)?), name)?,
            "--timeout-ms" => {
                let raw = value(name)?;
                let ms = raw
                    .parse::<u64>()
                    .map_err(|_| format!("--timeout-ms {raw:?} is not a number of milliseconds"))?;
                set_once(&mut timeout_ms, ms, name)?;
            }
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    let [protocol, event]: [String; 2] = words.try_into().map_err(|words: Vec<String>| {
        if words.len() < 2 {
            "PROTOCOL and EVENT are both required".to_owned()
        } else {
            format!("unexpected argument {:?}", words[2])
        }
    })?;
    Ok(Invocation {
        protocol,
        event,
        socket: socket
            .or_else(|| socket_env.filter(|s| !s.is_empty()).map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from(DEFAULT_SOCKET)),
        timeout: Duration::from_millis(timeout_ms.unwrap_or(DEADLINE_MS)),
    })
}

/// An option given twice is refused: which one would win is a guess.
fn set_once<T>(slot: &mut Option<T>, value: T, name: &str) -> Result<(), String> {
    if slot.replace(value).is_some() {
        return Err(format!("{name} is given twice"));
    }
    Ok(())
}

/// [`parse`] over this process's argv and environment.
pub fn from_env() -> Result<Invocation, String> {
    let argv: Vec<OsString> = std::env::args_os().collect();
    parse(&argv, std::env::var_os(SOCKET_ENV))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<OsString> {
        std::iter::once("compass-hook")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn every_option_shape_parses() {
        for words in [
            &["codex", "PreToolUse", "--socket", "/s", "--timeout-ms", "9"][..],
            &["--socket=/s", "--timeout-ms=9", "codex", "PreToolUse"],
            &["--socket", "/s", "codex", "--timeout-ms", "9", "PreToolUse"],
            &[
                "--timeout-ms",
                "9",
                "--socket",
                "/s",
                "--",
                "codex",
                "PreToolUse",
            ],
        ] {
            let got = parse(&argv(words), None).unwrap();
            assert_eq!(
                got,
                Invocation {
                    protocol: "codex".into(),
                    event: "PreToolUse".into(),
                    socket: "/s".into(),
                    timeout: Duration::from_millis(9),
                },
                "{words:?}"
            );
        }
    }

    #[test]
    fn the_socket_comes_from_the_flag_then_the_environment_then_the_default() {
        let env = Some(OsString::from("/env.sock"));
        let words = ["scripted", "PreToolUse"];
        assert_eq!(
            parse(&argv(&words), env.clone()).unwrap().socket,
            PathBuf::from("/env.sock")
        );
        let flagged = parse(
            &argv(&["--socket", "/flag.sock", "scripted", "PreToolUse"]),
            env,
        );
        assert_eq!(flagged.unwrap().socket, PathBuf::from("/flag.sock"));
        let plain = parse(&argv(&words), Some(OsString::new())).unwrap();
        assert_eq!(plain.socket, PathBuf::from(DEFAULT_SOCKET));
        assert_eq!(plain.timeout, Duration::from_millis(DEADLINE_MS));
    }

    #[test]
    fn every_other_shape_is_an_error_naming_what_is_wrong() {
        for (words, why) in [
            (&[][..], "both required"),
            (&["codex"], "both required"),
            (&["codex", "PreToolUse", "extra"], "\"extra\""),
            (&["--help"], "--help"),
            (&["codex", "PreToolUse", "--version"], "--version"),
            (&["codex", "PreToolUse", "--socket"], "needs a value"),
            (&["codex", "PreToolUse", "--timeout-ms", "soon"], "soon"),
            (&["--socket=/a", "--socket", "/b", "codex", "E"], "twice"),
            (&["-x", "codex", "PreToolUse"], "-x"),
        ] {
            let err = parse(&argv(words), None).unwrap_err();
            assert!(err.contains(why), "{words:?}: {err}");
        }
    }
}
