//! `compass-confine`: keeps an agent's own tools out of the agent process.
//!
//! Some agents serve themselves over the workload's loopback (OpenCode's
//! ACP side talks to OpenCode's own HTTP server, whose session-shell and
//! PTY endpoints run commands without its tool hooks, so without the
//! gate). The agent's tools share that loopback and run as the same user.
//! Two modes close that:
//!
//! - `compass-confine launch --secret-env NAME… -- PROGRAM [ARGS…]` starts
//!   the agent: each `NAME` gets a fresh random value (the credential the
//!   agent's server then requires: OpenCode's `OPENCODE_SERVER_PASSWORD`),
//!   `SHELL` becomes this binary, and [`SECRETS_ENV`] lists the names.
//!   It refuses to start when the kernel cannot confine the tools.
//!   `--keep-env NAME` lists a credential the agent holds already (its
//!   model key): left as it is for the agent, dropped from every tool.
//!   When the runtime delivered it apart ([`KEPT_FD_ENV`] names
//!   [`KEPT_FD`]), `launch` first reads it from that descriptor, empties
//!   the file and closes it, and puts it in the agent's environment alone:
//!   no other process of the start (bwrap, the egress relay) holds it.
//! - `compass-confine -c COMMAND` (or `-c -l COMMAND`, `-lc COMMAND`: a
//!   login shell), which the agent runs as its shell (its `SHELL`, or the
//!   `bash` link in [`SHELL_DIR`] first on its `PATH`) for
//!   every tool command: it refuses when [`SECRETS_ENV`] is absent or
//!   names nothing (it cannot know what to drop), drops each listed variable, closes every
//!   inherited descriptor above stderr, enters a new Landlock domain and
//!   runs `bash -c COMMAND`. A process in a Landlock domain cannot ptrace
//!   a process outside it, so neither `/proc/<pid>/environ` nor
//!   `/proc/<pid>/mem` of the agent (which holds the credential) is
//!   readable from the tools. The domain restricts nothing else a tool
//!   needs (it handles only the creation of block devices). It drops
//!   [`ALWAYS_DROPPED`] too, whatever the list says. Landlock
//!   yields to `CAP_SYS_PTRACE`, so both modes refuse to run while the
//!   process could hold it (an isolated workload holds no capability).
//!
//! Every failure exits 126 with the reason on stderr: a tool command never
//! runs unconfined.

use crate::own_git::OWN_GIT_DIR;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt as _, OsStringExt as _};

/// The binary's name, beside `compass-hook` in the Compass bin dir; the
/// daemon starts it by its absolute path there, never through `PATH`.
pub const BINARY: &str = "compass-confine";
/// The variable that names (comma-separated) what the shell mode drops.
pub const SECRETS_ENV: &str = "COMPASS_CONFINE_SECRETS";
/// Variables the shell mode drops from every tool command whatever
/// [`SECRETS_ENV`] names: credentials an agent's own program holds that no
/// tool command needs, so a list that misses one (a kind that names only
/// its server's password, a path of the agent that passes a list of its
/// own) still never hands one on.
///
/// - OpenCode's own: its server's password (`OPENCODE_SERVER_PASSWORD`;
///   `OPENCODE_SERVER_USERNAME` is no secret), the auth store it can take
///   from its environment (`OPENCODE_AUTH_CONTENT`), and its console and
///   API credentials (`OPENCODE_CONSOLE_TOKEN`, `OPENCODE_API_KEY`), as
///   opencode-ai 1.18.33 reads them.
/// - Every credential a built-in agent kind declares (its model API key;
///   `compass-acp`'s kinds test keeps this list covering them).
///
/// Not Compass's own sockets (`COMPASS_HOOK_SOCKET`, `COMPASS_MCP_SOCKET`,
/// `COMPASS_GIT_SOCKET`): a tool's `git push` needs the last (its remote
/// helper reaches the push relay through it), and none is a secret: each
/// is a fixed path in the workload, so hiding the name would hide nothing.
pub const ALWAYS_DROPPED: &[&str] = &[
    "OPENCODE_SERVER_PASSWORD",
    "OPENCODE_AUTH_CONTENT",
    "OPENCODE_CONSOLE_TOKEN",
    "OPENCODE_API_KEY",
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "GEMINI_API_KEY",
    "AMP_API_KEY",
];
/// The descriptor on which `launch` finds the credentials it keeps when
/// the runtime delivers them apart from every other process of the start
/// (bwrap, the egress relay): `NAME=VALUE` lines in a deleted 0600 file,
/// opened read-write, which `launch` reads, empties and closes before the
/// agent starts.
pub const KEPT_FD: i32 = 6;
/// The variable that tells `launch` [`KEPT_FD`] holds its credentials.
pub const KEPT_FD_ENV: &str = "COMPASS_KEPT_FD";
/// What a failure exits with (the shell's "cannot execute").
pub const FAILED: u8 = 126;
/// The shells the confined command runs in, first found wins.
const SHELLS: &[&str] = &["/bin/bash", "/usr/bin/bash", "/bin/sh"];

pub const USAGE: &str = "usage: compass-confine launch [--secret-env NAME | --keep-env NAME]... -- PROGRAM [ARGS]...\n       compass-confine -c [-l] COMMAND | -lc COMMAND";
/// The dir (under the workload's read-only config dir) holding a `bash`
/// link to this binary, first on `PATH` for a kind whose agent runs its
/// tool commands with the `bash` it finds there (Gemini CLI). A confined
/// command's `PATH` never holds it: the command's own `bash` is the real
/// one.
pub const SHELL_DIR: &str = "compass-confine-shell";
/// The name the link in [`SHELL_DIR`] has, and this binary answers to as
/// a shell (`bash -c COMMAND`).
pub const SHELL_NAME: &str = "bash";

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Invocation {
    /// Start the agent with fresh credentials and this binary as its shell.
    Launch {
        secrets: Vec<String>,
        /// Credentials the agent already holds (its model key), left as
        /// they are for the agent and dropped from every tool command.
        kept: Vec<String>,
        program: Vec<OsString>,
    },
    /// Run one tool command, confined; `login`: as a login shell (`-c -l
    /// COMMAND`, how Claude Code runs its commands; `-lc COMMAND`, Codex's).
    Shell { command: OsString, login: bool },
}

/// Parse `argv` (without argv\[0\]). Names must be environment variable
/// names; the program and every argument must be free of NUL and newline,
/// and the program must not look like an option.
pub fn parse(argv: &[OsString]) -> Result<Invocation, String> {
    match argv {
        [flag, command] if flag == "-c" => {
            plain("the command", command, true)?;
            Ok(Invocation::Shell {
                command: command.clone(),
                login: false,
            })
        }
        [flag, command] if flag == "-lc" => {
            plain("the command", command, true)?;
            Ok(Invocation::Shell {
                command: command.clone(),
                login: true,
            })
        }
        [flag, login, command] if flag == "-c" && login == "-l" => {
            plain("the command", command, true)?;
            Ok(Invocation::Shell {
                command: command.clone(),
                login: true,
            })
        }
        [mode, rest @ ..] if mode == "launch" => parse_launch(rest),
        _ => Err("expected `launch …` or `-c COMMAND`".into()),
    }
}

fn parse_launch(mut rest: &[OsString]) -> Result<Invocation, String> {
    let mut secrets = Vec::new();
    let mut kept = Vec::new();
    loop {
        match rest {
            [flag, name, tail @ ..] if flag == "--secret-env" || flag == "--keep-env" => {
                let flag = flag.to_string_lossy();
                let name = name
                    .to_str()
                    .filter(|n| env_name(n))
                    .ok_or_else(|| format!("{flag}: {name:?} is not a variable name"))?;
                if name == SECRETS_ENV || name == "SHELL" {
                    return Err(format!("{flag}: {name} is Compass's own"));
                }
                if flag == "--secret-env" {
                    secrets.push(name.to_owned());
                } else {
                    kept.push(name.to_owned());
                }
                rest = tail;
            }
            [dashes, program @ ..] if dashes == "--" => {
                let first = program.first().ok_or("no PROGRAM after --")?;
                if first.as_bytes().starts_with(b"-") {
                    return Err(format!("PROGRAM {first:?} looks like an option"));
                }
                for arg in program {
                    plain("an argument", arg, false)?;
                }
                if secrets.is_empty() && kept.is_empty() {
                    return Err(
                        "no --secret-env nor --keep-env: nothing to keep from the tools".into(),
                    );
                }
                return Ok(Invocation::Launch {
                    secrets,
                    kept,
                    program: program.to_vec(),
                });
            }
            _ => return Err("expected --secret-env NAME, --keep-env NAME or -- PROGRAM".into()),
        }
    }
}

/// `PATH` for a confined command: `path` without [`SHELL_DIR`] (whose
/// `bash` is this binary) and [`OWN_GIT_DIR`] (the agent program's own
/// restricted `git`), so the command's own `bash` and `git` are the real
/// ones.
pub fn tool_path(path: &OsStr) -> OsString {
    let kept: Vec<&[u8]> = path
        .as_bytes()
        .split(|b| *b == b':')
        .filter(|dir| {
            let name = std::path::Path::new(OsStr::from_bytes(dir)).file_name();
            name != Some(OsStr::new(SHELL_DIR)) && name != Some(OsStr::new(OWN_GIT_DIR))
        })
        .collect();
    OsString::from_vec(kept.join(&b':'))
}

pub use compass_core::env_name::is_env_name as env_name;

/// No NUL anywhere; no newline unless `multiline` (a shell command may
/// span lines, a program argument here may not).
fn plain(what: &str, value: &OsStr, multiline: bool) -> Result<(), String> {
    let bytes = value.as_bytes();
    if bytes.contains(&0) {
        return Err(format!("{what} holds a NUL byte"));
    }
    if !multiline && bytes.contains(&b'\n') {
        return Err(format!("{what} holds a newline: {value:?}"));
    }
    Ok(())
}

/// The Landlock domain every confined command enters: it handles only
/// `MakeBlock` (which the sandbox denies anyway), so it takes nothing a
/// tool needs; being in a domain is what keeps the tools from tracing or
/// reading the memory and environment of the processes outside it.
fn ruleset() -> Result<landlock::RulesetCreated, String> {
    use landlock::{AccessFs, CompatLevel, Compatible as _, Ruleset, RulesetAttr as _};
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::MakeBlock)
        .and_then(|r| r.create())
        .map_err(|e| format!("this kernel cannot confine tool commands (Landlock): {e}"))
}

/// Check the kernel can confine tool commands, without entering a domain
/// (`launch` runs it so an agent that could not be confined never starts).
pub fn check_supported() -> Result<(), String> {
    ruleset()?;
    check_no_ptrace_capability(
        &fs_err::read_to_string("/proc/self/status").map_err(|e| e.to_string())?,
    )
}

/// `CAP_SYS_PTRACE`'s bit: a process holding it may trace and read any
/// process whatever its Landlock domain.
const CAP_SYS_PTRACE: u32 = 19;

/// Refuse when this process holds `CAP_SYS_PTRACE` or could get it back:
/// its permitted, effective or ambient set has it, or it is root (any of
/// its uids is 0) and its bounding set has it (an `exec` as root refills
/// the permitted set from the bounding set, `no_new_privs` or not).
/// `status` is `/proc/self/status`. An isolated workload holds no
/// capability; a host root shell does.
pub fn check_no_ptrace_capability(status: &str) -> Result<(), String> {
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .ok_or_else(|| format!("/proc/self/status has no {name}"))
    };
    let root = field("Uid")?.split_whitespace().any(|uid| uid == "0");
    let sets: &[&str] = if root {
        &["CapPrm", "CapEff", "CapAmb", "CapBnd"]
    } else {
        &["CapPrm", "CapEff", "CapAmb"]
    };
    for set in sets {
        let bits = u64::from_str_radix(field(set)?.trim(), 16)
            .map_err(|e| format!("/proc/self/status {set}: {e}"))?;
        if bits & (1 << CAP_SYS_PTRACE) != 0 {
            return Err(format!(
                "this process holds CAP_SYS_PTRACE ({set}), with which tool commands could read the agent's memory whatever their Landlock domain; run the agent without it"
            ));
        }
    }
    Ok(())
}

/// Enter a new Landlock domain: from here on this process and all it
/// starts cannot trace, or read the memory or environment of, any process
/// outside the domain.
pub fn enter_domain() -> Result<(), String> {
    check_no_ptrace_capability(
        &fs_err::read_to_string("/proc/self/status").map_err(|e| e.to_string())?,
    )?;
    let status = ruleset()?
        .restrict_self()
        .map_err(|e| format!("entering a Landlock domain failed: {e}"))?;
    if status.ruleset == landlock::RulesetStatus::FullyEnforced && status.no_new_privs {
        Ok(())
    } else {
        Err(format!(
            "the Landlock domain is not fully enforced ({status:?})"
        ))
    }
}

/// Close every descriptor above stderr this process inherited: a tool gets
/// nothing of the agent's (a listening socket would let it answer the
/// agent's own requests, credential included).
pub fn close_inherited() -> Result<(), String> {
    let fds: Vec<i32> = fs_err::read_dir("/proc/self/fd")
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .filter(|fd| *fd > 2)
        .collect();
    for fd in fds {
        // The directory's own descriptor is gone by now: EBADF is fine.
        match nix::unistd::close(fd) {
            Ok(()) | Err(nix::errno::Errno::EBADF) => {}
            Err(e) => return Err(format!("closing descriptor {fd}: {e}")),
        }
    }
    Ok(())
}

/// The shell a confined command runs in.
pub fn real_shell() -> Result<&'static str, String> {
    SHELLS
        .iter()
        .copied()
        .find(|s| std::path::Path::new(s).is_file())
        .ok_or_else(|| format!("no shell at any of {SHELLS:?}"))
}

/// A fresh credential: 32 random bytes from the kernel, as hex.
pub fn fresh_secret() -> Result<String, String> {
    use std::io::Read as _;
    let mut bytes = [0u8; 32];
    fs_err::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| format!("reading randomness: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The most [`take_kept`] reads from [`KEPT_FD`].
const MAX_KEPT_BYTES: u64 = 64 << 10;

/// What the runtime delivered on [`KEPT_FD`] for `launch` (`fd_env`:
/// [`KEPT_FD_ENV`]'s value; absent, the credentials are in the environment
/// already and this takes nothing): reads the descriptor's file, empties it
/// (every other process of the start that still holds it, the egress
/// relay, then holds nothing) and closes it. `launch` calls it first,
/// before its command line is even parsed, so whatever fails later leaves
/// nothing behind. Fail closed: a descriptor that is named but cannot be
/// read and emptied is an error and nothing starts.
pub fn take_kept(fd_env: Option<&OsStr>) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read as _;
    let Some(fd) = fd_env else {
        return Ok(None);
    };
    if fd != KEPT_FD.to_string().as_str() {
        return Err(format!("{KEPT_FD_ENV} is {fd:?}, not {KEPT_FD}"));
    }
    let path = format!("/proc/self/fd/{KEPT_FD}");
    let mut body = Vec::new();
    let taken = fs_err::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .and_then(|f| {
            f.try_clone()?
                .take(MAX_KEPT_BYTES + 1)
                .read_to_end(&mut body)?;
            f.set_len(0)
        });
    // Closed whatever happened: the agent never inherits it.
    let closed = nix::unistd::close(KEPT_FD);
    taken.map_err(|e| format!("taking the kept credentials: {e}"))?;
    closed.map_err(|e| format!("closing descriptor {KEPT_FD}: {e}"))?;
    if body.len() as u64 > MAX_KEPT_BYTES {
        return Err(format!(
            "the kept credentials exceed {MAX_KEPT_BYTES} bytes"
        ));
    }
    Ok(Some(body))
}

/// `NAME=VALUE` lines, each `NAME` one of `kept`, each once, no NUL.
pub fn parse_kept(body: &[u8], kept: &[String]) -> Result<Vec<(String, OsString)>, String> {
    let mut out: Vec<(String, OsString)> = Vec::new();
    for line in body.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let eq = line
            .iter()
            .position(|b| *b == b'=')
            .ok_or("a kept credential line has no `=`")?;
        let (name, value) = (&line[..eq], &line[eq + 1..]);
        let name = std::str::from_utf8(name)
            .ok()
            .filter(|n| kept.iter().any(|k| k == n))
            .ok_or_else(|| {
                format!(
                    "a kept credential {:?} is not one of --keep-env {kept:?}",
                    String::from_utf8_lossy(name)
                )
            })?;
        if value.contains(&0) || value.contains(&b'\r') {
            return Err(format!("the kept credential {name} holds a NUL or CR"));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(format!("the kept credential {name} is given twice"));
        }
        out.push((name.to_owned(), OsString::from_vec(value.to_vec())));
    }
    Ok(out)
}

/// The variables the shell mode drops, from [`SECRETS_ENV`]'s value.
/// Fail closed: anything there that is not a variable name is an error,
/// and so is no list at all (absent, or naming nothing). `launch` always
/// sets one naming at least one variable; a shell started without it (a
/// path of the agent that built its child's environment anew) cannot know
/// what to keep from the command, so it runs nothing.
pub fn secrets_from(value: Option<&OsStr>) -> Result<Vec<String>, String> {
    let missing = || {
        format!(
            "{SECRETS_ENV} is missing or empty: what to keep from the command is unknown, so nothing runs (start the agent with `{BINARY} launch`)"
        )
    };
    let value = value.ok_or_else(missing)?;
    let value = value
        .to_str()
        .ok_or_else(|| format!("{SECRETS_ENV} is not UTF-8"))?;
    let names = value
        .split(',')
        .filter(|n| !n.is_empty())
        .map(|n| {
            env_name(n)
                .then(|| n.to_owned())
                .ok_or_else(|| format!("{SECRETS_ENV} names {n:?}, not a variable"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if names.is_empty() {
        return Err(missing());
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn parses_both_modes() {
        assert_eq!(
            parse(&args(&["-c", "echo hi\necho there"])).unwrap(),
            Invocation::Shell {
                command: "echo hi\necho there".into(),
                login: false,
            }
        );
        assert_eq!(
            parse(&args(&["-lc", "echo hi"])).unwrap(),
            Invocation::Shell {
                command: "echo hi".into(),
                login: true,
            }
        );
        assert_eq!(
            parse(&args(&["-c", "-l", "echo hi"])).unwrap(),
            Invocation::Shell {
                command: "echo hi".into(),
                login: true,
            }
        );
        assert_eq!(
            parse(&args(&[
                "launch",
                "--secret-env",
                "K1",
                "--secret-env",
                "K2",
                "--",
                "agent"
            ]))
            .unwrap(),
            Invocation::Launch {
                secrets: vec!["K1".into(), "K2".into()],
                kept: vec![],
                program: args(&["agent"]),
            }
        );
        assert_eq!(
            parse(&args(&[
                "launch",
                "--keep-env",
                "MODEL_KEY",
                "--",
                "agent",
                "--acp"
            ]))
            .unwrap(),
            Invocation::Launch {
                secrets: vec![],
                kept: vec!["MODEL_KEY".into()],
                program: args(&["agent", "--acp"]),
            }
        );
    }

    #[test]
    fn a_tool_path_has_no_confining_shell() {
        let path =
            format!("/run/compass/config/{SHELL_DIR}:/opt/compass/bin:/usr/bin:/x/{SHELL_DIR}");
        assert_eq!(
            tool_path(OsStr::new(&path)),
            OsString::from("/opt/compass/bin:/usr/bin")
        );
        assert_eq!(
            tool_path(OsStr::new("/usr/bin")),
            OsString::from("/usr/bin")
        );
    }

    #[test]
    fn refuses_what_it_cannot_trust() {
        for bad in [
            &["-c"][..],
            &["-c", "a\0b"],
            &["-l", "-c", "true"],
            &["-c", "-i", "true"],
            &["launch", "--", "opencode"],
            &["launch", "--secret-env", "A-B", "--", "x"],
            &["launch", "--secret-env", "1A", "--", "x"],
            &["launch", "--secret-env", "SHELL", "--", "x"],
            &["launch", "--keep-env", "SHELL", "--", "x"],
            &["launch", "--keep-env", "A-B", "--", "x"],
            &["launch", "--keep-env", SECRETS_ENV, "--", "x"],
            &["launch", "--secret-env", SECRETS_ENV, "--", "x"],
            &["launch", "--secret-env", "A", "--", "-x"],
            &["launch", "--secret-env", "A", "--", "x", "a\nb"],
            &["launch", "--secret-env", "A", "--"],
            &["launch", "--secret-env", "A", "x"],
            &[],
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn secrets_list_is_names_only() {
        assert_eq!(
            secrets_from(Some(OsStr::new("A,B_2"))).unwrap(),
            vec!["A".to_owned(), "B_2".to_owned()]
        );
        assert!(secrets_from(Some(OsStr::new("A,B=1"))).is_err());
        // No list is not "nothing to drop": it is refused.
        for missing in [None, Some(""), Some(","), Some(",,")] {
            let why = secrets_from(missing.map(OsStr::new)).unwrap_err();
            assert!(why.contains(SECRETS_ENV), "{missing:?}: {why}");
        }
    }

    #[test]
    fn a_ptrace_capability_that_could_be_held_refuses() {
        let status = |uid: &str, eff: &str, bnd: &str| {
            format!(
                "Name:\tx\nUid:\t{uid}\t{uid}\t{uid}\t{uid}\nCapInh:\t0\nCapPrm:\t{eff}\nCapEff:\t{eff}\nCapBnd:\t{bnd}\nCapAmb:\t0\n"
            )
        };
        let full = "000001ffffffffff";
        let none = "0000000000000000";
        // An isolated workload: nothing anywhere.
        assert!(check_no_ptrace_capability(&status("0", none, none)).is_ok());
        assert!(check_no_ptrace_capability(&status("0", none, "00000000a80425fb")).is_ok());
        // A user's shell: a full bounding set it cannot use.
        assert!(check_no_ptrace_capability(&status("1000", none, full)).is_ok());
        // Root, or anyone holding it.
        let err = check_no_ptrace_capability(&status("0", none, "0000000000080000")).unwrap_err();
        assert!(err.contains("CapBnd"), "{err}");
        let err = check_no_ptrace_capability(&status("1000", full, full)).unwrap_err();
        assert!(err.contains("CapPrm"), "{err}");
        assert!(check_no_ptrace_capability("Name:\tx\n").is_err());
    }

    #[test]
    fn kept_credentials_are_the_listed_ones_only() {
        let kept = vec!["OPENAI_API_KEY".to_owned()];
        assert_eq!(
            parse_kept(b"OPENAI_API_KEY=sk-1=2\n", &kept).unwrap(),
            vec![("OPENAI_API_KEY".to_owned(), OsString::from("sk-1=2"))]
        );
        assert!(parse_kept(b"", &kept).unwrap().is_empty());
        for bad in [
            &b"LD_PRELOAD=/x.so\n"[..],
            b"OPENAI_API_KEY",
            b"OPENAI_API_KEY=a\0b",
            b"OPENAI_API_KEY=a\nOPENAI_API_KEY=b\n",
        ] {
            assert!(parse_kept(bad, &kept).is_err(), "{bad:?}");
        }
        // Named but not the descriptor Compass uses: refused.
        assert!(take_kept(Some(OsStr::new("9"))).is_err());
        assert!(take_kept(None).unwrap().is_none());
    }

    #[test]
    fn secrets_are_fresh() {
        let (a, b) = (fresh_secret().unwrap(), fresh_secret().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }
}
