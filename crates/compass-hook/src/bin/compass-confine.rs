//! `compass-confine`: starts an agent whose own server its tools must not
//! reach, and then, as that agent's shell, runs each tool command confined
//! (see [`compass_hook::confine`]). Any failure exits 126 with the reason
//! on stderr: nothing runs unconfined.
//!
//! Called as `git` (the link in the config dir's `own-git/`, first on an
//! agent program's `PATH`), it is that program's own git instead
//! ([`compass_hook::own_git`]): nothing the agent configured in its
//! repository runs there.

use compass_core::safe_git::{SafeGit, WorktreeView, check_commit_id};
use compass_hook::confine::{self, FAILED, Invocation, SECRETS_ENV, USAGE};
use compass_hook::own_git::{self, Plan};
use std::io::Write as _;
use std::os::unix::process::CommandExt as _;
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    // First of all: this process may hold its caller's environment (Codex's
    // own `git`, with the model key) or a key off its descriptor, and
    // other processes of the agent's user must not read either from
    // `/proc`. What it execs is dumpable again (exec resets it).
    let _ = nix::sys::prctl::set_dumpable(false);
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(std::io::stderr(), "compass-confine failed: {info}");
        std::process::exit(FAILED.into());
    }));
    let called = std::env::args_os().next().unwrap_or_default();
    if std::path::Path::new(&called).file_name() == Some(own_git::GIT_NAME.as_ref()) {
        return own_git_main();
    }
    let argv: Vec<_> = std::env::args_os().skip(1).collect();
    // First, before anything can fail: the credentials the runtime
    // delivered on their descriptor for `launch` are read and emptied there.
    let taken = if argv.first().is_some_and(|a| a == "launch") {
        confine::take_kept(std::env::var_os(confine::KEPT_FD_ENV).as_deref())
    } else {
        Ok(None)
    };
    let why = match (confine::parse(&argv), taken) {
        (Ok(Invocation::Shell { command, login }), _) => shell(&command, login),
        (
            Ok(Invocation::Launch {
                secrets,
                kept,
                program,
            }),
            Ok(taken),
        ) => launch(&secrets, &kept, taken.as_deref(), &program),
        (Ok(Invocation::Launch { .. }), Err(why)) => why,
        (Err(why), _) => format!("{why}\n{USAGE}"),
    };
    let _ = writeln!(std::io::stderr(), "compass-confine: {why}");
    ExitCode::from(FAILED)
}

/// Run one tool command confined; returns only on failure.
fn shell(command: &std::ffi::OsStr, login: bool) -> String {
    let run = || -> Result<std::io::Error, String> {
        let secrets = confine::secrets_from(std::env::var_os(SECRETS_ENV).as_deref())?;
        let real = confine::real_shell()?;
        confine::close_inherited()?;
        confine::enter_domain()?;
        let mut cmd = Command::new(real);
        cmd.arg("-c");
        if login {
            cmd.arg("-l");
        }
        // A tool command's `git` is the system's, even where the agent
        // program re-exports its own `PATH` (with `own-git/`) inside it.
        cmd.arg(command)
            .env_remove(SECRETS_ENV)
            .env(own_git::TOOL_ENV, own_git::TOOL_VALUE);
        if let Some(path) = std::env::var_os("PATH") {
            cmd.env("PATH", confine::tool_path(&path));
        }
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

/// Start the agent with fresh credentials (`secrets`), those it holds
/// already (`kept`: in its environment, or `delivered` on their
/// descriptor) kept from its tools, and this binary as its shell; returns
/// only on failure.
fn launch(
    secrets: &[String],
    kept: &[String],
    delivered: Option<&[u8]>,
    program: &[std::ffi::OsString],
) -> String {
    let run = || -> Result<std::io::Error, String> {
        let taken = match delivered {
            Some(body) => confine::parse_kept(body, kept)?,
            None => Vec::new(),
        };
        confine::check_supported()?;
        let me = std::env::current_exe().map_err(|e| format!("finding this binary: {e}"))?;
        let [first, rest @ ..] = program else {
            return Err("no PROGRAM".into());
        };
        let mut cmd = Command::new(first);
        cmd.args(rest)
            .env_remove(confine::KEPT_FD_ENV)
            .env("SHELL", &me)
            .env(SECRETS_ENV, [secrets, kept].concat().join(","));
        // In the agent's environment alone.
        for (name, value) in taken {
            cmd.env(name, value);
        }
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

/// The agent program's own `git`: a tool command's (it carries
/// [`own_git::TOOL_ENV`]) is the system's, unchanged; the program's own
/// runs as [`own_git::plan`] says, confined like a tool command.
fn own_git_main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if std::env::var_os(own_git::TOOL_ENV).is_some_and(|v| v == own_git::TOOL_VALUE) {
        let why = match own_git::system_git() {
            Ok(git) => format!(
                "cannot run {}: {}",
                git.display(),
                Command::new(&git).args(&args).exec()
            ),
            Err(why) => why,
        };
        let _ = writeln!(std::io::stderr(), "git: {why}");
        return ExitCode::from(FAILED);
    }
    match run_own_git(&args) {
        Ok(code) => code,
        Err(why) => {
            let _ = writeln!(std::io::stderr(), "{why}");
            ExitCode::from(own_git::REFUSED)
        }
    }
}

/// Plan, confine, run; the exit code is git's.
fn run_own_git(args: &[std::ffi::OsString]) -> Result<ExitCode, String> {
    let args = args
        .iter()
        .map(|a| {
            a.to_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("compass: argument {a:?} is not UTF-8"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let cwd = std::env::current_dir().map_err(|e| format!("compass: no working directory: {e}"))?;
    let plan = own_git::plan(&args, &cwd)?;
    // As a tool command runs: nothing inherited, in a Landlock domain of
    // its own (the git runs get `safe_git`'s environment only).
    confine::close_inherited()?;
    confine::enter_domain()?;
    match plan {
        Plan::Here(g) => passthrough(&g),
        Plan::Status { untracked } => {
            let view = locate(&cwd)?;
            let head = captured(&SafeGit::in_dir(&cwd).map_err(|e| e.to_string())?.args([
                "rev-parse",
                "--verify",
                "--quiet",
                "HEAD^{commit}",
            ]))
            .ok()
            .and_then(|h| check_commit_id("HEAD", h.trim()).ok())
            .unwrap_or_else(|| view.format().empty_tree().to_owned());
            let gits = own_git::status_git(&view, &head, untracked).map_err(|e| e.to_string())?;
            let mut outs = Vec::new();
            for g in &gits {
                outs.push(captured(g)?);
            }
            let none = String::new();
            let out = own_git::status_output(&outs[0], &outs[1], outs.get(2).unwrap_or(&none));
            std::io::stdout()
                .write_all(out.as_bytes())
                .map_err(|e| e.to_string())?;
            Ok(ExitCode::SUCCESS)
        }
        Plan::View(view_args) => {
            let view = locate(&cwd)?;
            passthrough(&own_git::view_git(&view, &view_args).map_err(|e| e.to_string())?)
        }
    }
}

/// The view of the worktree holding `cwd`, located with a safe `rev-parse`.
fn locate(cwd: &std::path::Path) -> Result<WorktreeView, String> {
    let views = std::env::var_os(own_git::VIEWS_ENV).ok_or_else(|| {
        format!(
            "compass: {} is not set: no view to read the worktree through",
            own_git::VIEWS_ENV
        )
    })?;
    let located = captured(&WorktreeView::locate(cwd).map_err(|e| e.to_string())?)?;
    WorktreeView::parse(std::path::Path::new(&views), &located).map_err(|e| e.to_string())
}

/// Run `g`, its output and status passed on.
fn passthrough(g: &SafeGit) -> Result<ExitCode, String> {
    let status = g
        .command()
        .status()
        .map_err(|e| format!("compass: running git: {e}"))?;
    Ok(ExitCode::from(
        status
            .code()
            .and_then(|c| u8::try_from(c).ok())
            .unwrap_or(own_git::REFUSED),
    ))
}

/// Run `g` for its output; a failure is git's stderr.
fn captured(g: &SafeGit) -> Result<String, String> {
    let out = g
        .command()
        .output()
        .map_err(|e| format!("compass: running git: {e}"))?;
    if !out.status.success() {
        let _ = std::io::stderr().write_all(&out.stderr);
        return Err(format!("compass: `git {}` failed", g.display()));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("compass: git printed non-UTF-8: {e}"))
}
