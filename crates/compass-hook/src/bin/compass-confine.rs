//! `compass-confine`: starts an agent whose own server its tools must not
//! reach, and then, as that agent's shell, runs each tool command confined
//! (see [`compass_hook::confine`]). Any failure exits 126 with the reason
//! on stderr: nothing runs unconfined.

use compass_hook::confine::{self, FAILED, Invocation, SECRETS_ENV, USAGE};
use std::io::Write as _;
use std::os::unix::process::CommandExt as _;
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(std::io::stderr(), "compass-confine failed: {info}");
        std::process::exit(FAILED.into());
    }));
    let argv: Vec<_> = std::env::args_os().skip(1).collect();
    let why = match confine::parse(&argv) {
        Ok(Invocation::Shell { command }) => shell(&command),
        Ok(Invocation::Launch { secrets, program }) => launch(&secrets, &program),
        Err(why) => format!("{why}\n{USAGE}"),
    };
    let _ = writeln!(std::io::stderr(), "compass-confine: {why}");
    ExitCode::from(FAILED)
}

/// Run one tool command confined; returns only on failure.
fn shell(command: &std::ffi::OsStr) -> String {
    let run = || -> Result<std::io::Error, String> {
        let secrets = confine::secrets_from(std::env::var_os(SECRETS_ENV).as_deref())?;
        let real = confine::real_shell()?;
        confine::close_inherited()?;
        confine::enter_domain()?;
        let mut cmd = Command::new(real);
        cmd.arg("-c").arg(command).env_remove(SECRETS_ENV);
        let listed = secrets.iter().map(String::as_str);
        for name in listed.chain(confine::ALWAYS_DROPPED.iter().copied()) {
            cmd.env_remove(name);
        }
        Ok(cmd.exec())
    };
    match run() {
        Ok(e) => format!("cannot run the shell: {e}"),
        Err(why) => why,
    }
}

/// Start the agent with fresh credentials and this binary as its shell;
/// returns only on failure.
fn launch(secrets: &[String], program: &[std::ffi::OsString]) -> String {
    let run = || -> Result<std::io::Error, String> {
        confine::check_supported()?;
        let me = std::env::current_exe().map_err(|e| format!("finding this binary: {e}"))?;
        let [first, rest @ ..] = program else {
            return Err("no PROGRAM".into());
        };
        let mut cmd = Command::new(first);
        cmd.args(rest)
            .env("SHELL", &me)
            .env(SECRETS_ENV, secrets.join(","));
        for name in secrets {
            cmd.env(name, confine::fresh_secret()?);
        }
        Ok(cmd.exec())
    };
    match run() {
        Ok(e) => format!("cannot start {:?}: {e}", program.first()),
        Err(why) => why,
    }
}
