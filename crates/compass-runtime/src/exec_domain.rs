//! The first program of every process that enters a running container
//! (the OCI backend's `exec`/`spawn`: the agent, an ACP terminal, an
//! operator's shell, the daemon's git and wire steps). All of them share
//! the container's pid namespace and user, so without more any of them
//! could trace another, or read its memory, environment (a gateway token,
//! a user kind's model key) or descriptors through `/proc/<pid>/`. A
//! container cannot give each its own pid namespace (it holds no
//! capability, and its seccomp profile refuses new user namespaces), so
//! each enters a Landlock domain of its own before its command runs:
//! Landlock lets a process trace only processes in its own domain or one
//! nested in it, so two execs (each in its own, neither nested in the
//! other) cannot reach each other either way, while an exec's own
//! children (in its domain) stay within its reach. The domain restricts
//! nothing else (it handles only the creation of block devices, which the
//! container denies anyway). The sandbox backend needs none of this: each
//! of its execs has a pid namespace of its own.
//!
//! Invocation: `<binary> --compass-exec ID -- ARGV...`. `ID` is the
//! runtime's name for this exec (16 hex digits); this program does nothing
//! with it but check it: it is there so the host can tell, from the
//! arguments the engine recorded for the exec, which process in the
//! container is this exec's first ([`crate::oci`]), never from anything
//! the container can write. Any failure exits 126 with one line on
//! stderr: the command never runs outside its domain.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;

/// The first argument that selects this mode.
pub const FLAG: &str = "--compass-exec";

/// Every variable of the exec's own environment reaches this program under
/// this prefix, and its command without it: the dynamic loader and libc
/// read no prefixed name, so an `LD_PRELOAD` or `GLIBC_TUNABLES` an agent
/// put in a terminal's environment acts on its command (inside the
/// domain), never on this program before it has entered the domain.
pub(crate) const ENV_PREFIX: &str = "COMPASS_EXEC_ENV_";

/// The command's environment from this program's: the carried variables
/// without their prefix, over what the engine set itself (`HOSTNAME`,
/// `container`, the image's `PATH`).
fn command_env(own: impl Iterator<Item = (OsString, OsString)>) -> Vec<(OsString, OsString)> {
    let (carried, engine): (Vec<_>, Vec<_>) =
        own.partition(|(k, _)| k.as_bytes().starts_with(ENV_PREFIX.as_bytes()));
    let carried = carried.into_iter().map(|(k, v)| {
        let name = std::ffi::OsStr::from_bytes(&k.as_bytes()[ENV_PREFIX.len()..]);
        (name.to_owned(), v)
    });
    let mut env: std::collections::BTreeMap<OsString, OsString> = engine.into_iter().collect();
    env.extend(carried);
    env.into_iter().collect()
}

/// Whether `id` is an exec id as the runtime makes them (16 hex digits).
pub(crate) fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Enter a new Landlock domain and `exec` the command; returns the exit
/// code only on failure.
pub fn run(args: &[String]) -> i32 {
    let why = match args {
        [id, sep, argv @ ..] if sep == "--" && valid_id(id) && !argv.is_empty() => {
            match compass_hook::confine::enter_domain() {
                Ok(()) => {
                    let e = std::process::Command::new(&argv[0])
                        .args(&argv[1..])
                        .env_clear()
                        .envs(command_env(std::env::vars_os()))
                        .exec();
                    format!("cannot run {:?}: {e}", argv[0])
                }
                Err(why) => format!("refusing to start the process unconfined: {why}"),
            }
        }
        _ => format!("usage: {FLAG} ID -- ARGV..."),
    };
    // No logger inside the container; stderr is the channel.
    #[allow(clippy::print_stderr)]
    {
        eprintln!("compass-exec: {why}");
    }
    crate::mask_check::REFUSED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_the_runtimes_own() {
        assert!(valid_id("0123456789abcdef"));
        for bad in [
            "",
            "0123",
            "0123456789abcdeg",
            "-123456789abcdef",
            "0123456789abcdef0",
        ] {
            assert!(!valid_id(bad), "{bad}");
        }
    }

    #[test]
    fn the_command_gets_the_carried_environment_over_the_engines() {
        let os = |k: &str, v: &str| (OsString::from(k), OsString::from(v));
        let env = command_env(
            [
                os("PATH", "/usr/bin"),
                os("HOSTNAME", "box"),
                os("COMPASS_EXEC_ENV_PATH", "/work/bin:/usr/bin"),
                os("COMPASS_EXEC_ENV_LD_PRELOAD", "/work/x.so"),
            ]
            .into_iter(),
        );
        assert_eq!(
            env,
            vec![
                os("HOSTNAME", "box"),
                os("LD_PRELOAD", "/work/x.so"),
                os("PATH", "/work/bin:/usr/bin"),
            ]
        );
    }

    #[test]
    fn a_malformed_command_line_runs_nothing() {
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        for bad in [
            args(&[]),
            args(&["0123456789abcdef", "--"]),
            args(&["0123456789abcdef", "true"]),
            args(&["nothex", "--", "true"]),
        ] {
            assert_eq!(run(&bad), crate::mask_check::REFUSED, "{bad:?}");
        }
    }
}
