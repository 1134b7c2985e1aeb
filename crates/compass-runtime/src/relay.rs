//! The forwarder that runs inside an allowlisted sandbox: it listens on
//! `127.0.0.1:PORT` in the sandbox's (interface-less) network namespace,
//! relays every connection to the egress proxy's Unix socket, and runs the
//! workload's real command as its child, exiting with the child's status.
//!
//! It is small (std, and nix for one `dup2`), shipped as the `compass-netns-relay` binary and
//! bind-mounted read-only into the sandbox. A binary that embeds this crate
//! can serve instead (the "arg0" trick): call [`run_if_relay`] first thing
//! in `main` and point `SandboxConfig::relay` at that binary.
//!
//! Invocation: `<binary> --compass-netns-relay LISTEN SOCKET [--forward
//! HOST:PORT]... -- ARGV...`. Each `--forward` also listens on HOST:PORT
//! inside the netns and tunnels every connection through the proxy with
//! `CONNECT HOST:PORT` — so a client that ignores `HTTP(S)_PROXY` can still
//! reach an allowlisted loopback service (e.g. a local model server), and
//! the proxy still decides.
//!
//! `--hook-http LISTEN SOCKET` also serves the in-workload HTTP hook
//! endpoint ([`compass_hook::http`]) on LISTEN (loopback only), forwarding
//! each hook to the agent's hook socket: the netns is the agent's own, so
//! nothing else reaches that port. Both values are checked here too.
//!
//! `--gateway LISTEN SOCKET` also listens on LISTEN (loopback only) and
//! pipes every connection, as it is, to the agent's model gateway socket
//! ([`GATEWAY_LISTEN`], [`INNER_GATEWAY_SOCKET`]): the agent's base URL
//! points there, and the daemon on the other side adds the model key the
//! workload never holds.

use std::io;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt;
use std::process::Command;
use std::thread;

/// The dedicated binary's file name.
pub const BINARY: &str = "compass-netns-relay";
/// The first argument that selects relay mode.
pub const FLAG: &str = "--compass-netns-relay";
/// The option that also serves the HTTP hook endpoint.
pub const HOOK_HTTP: &str = "--hook-http";

/// The option that also serves the model gateway's loopback port.
pub const GATEWAY: &str = "--gateway";
/// Where an agent reaches its model gateway inside its workload (plain
/// HTTP on its own loopback; its base URL names it).
pub const GATEWAY_LISTEN: &str = "127.0.0.1:3130";
/// The gateway socket's file name in the workload's run dir (bound by the
/// daemon, host-side; daemon-owned, read-only inside).
pub const GATEWAY_SOCKET_NAME: &str = "gateway.sock";
/// The gateway socket as seen inside an isolated workload.
pub const INNER_GATEWAY_SOCKET: &str = "/run/compass/gateway.sock";

/// The relay's arguments that serve the model gateway's loopback port,
/// piping each connection to the agent's gateway socket.
pub fn gateway_args() -> [&'static str; 3] {
    [GATEWAY, GATEWAY_LISTEN, INNER_GATEWAY_SOCKET]
}

/// Whether a workload of `backend` with `egress` runs this relay in a
/// network namespace of its own, so the HTTP hook endpoint it serves is on
/// a loopback only that agent reaches. Elsewhere (the host tier, open
/// egress) the loopback is shared and no endpoint is served.
pub fn serves_http_hooks(backend: crate::Backend, egress: &crate::EgressPolicy) -> bool {
    matches!(backend, crate::Backend::Sandbox | crate::Backend::Oci)
        && matches!(egress, crate::EgressPolicy::Allowlist { .. })
}

/// The relay's arguments that serve the HTTP hook endpoint on its fixed
/// loopback port, forwarding to the agent's hook socket inside.
pub fn hook_http_args() -> [&'static str; 3] {
    [
        HOOK_HTTP,
        compass_hook::http::LISTEN,
        compass_hook::DEFAULT_SOCKET,
    ]
}

/// The last link of the in-sandbox chain: `ENV_FLAG -- ARGV...` reads the
/// exec's environment from [`ENV_FD`], closes it and runs `ARGV` with
/// exactly that environment. The runtime's binary and the shell before it
/// started with `PATH` only, so nothing the agent chose for the command's
/// environment (an `LD_PRELOAD`) acts on them.
pub const ENV_FLAG: &str = "--compass-env";
/// The descriptor the exec's environment arrives on (`sandbox::WRAPPER`).
pub const ENV_FD: i32 = 7;
/// The most bytes of environment read from [`ENV_FD`].
const MAX_ENV_BYTES: u64 = 16 << 20;

/// An environment as [`ENV_FLAG`] reads it: `KEY=VALUE` entries, each
/// ended by a NUL (keys and values hold none: `checks::env`).
pub(crate) fn env_body(env: &std::collections::BTreeMap<String, String>) -> Vec<u8> {
    let mut body = Vec::new();
    for (k, v) in env {
        body.extend_from_slice(k.as_bytes());
        body.push(b'=');
        body.extend_from_slice(v.as_bytes());
        body.push(0);
    }
    body
}

/// Run `-- ARGV...` with the environment read from [`ENV_FD`]; returns
/// only when it could not (the exit code of a refusal).
pub fn env_and_exec(args: &[String]) -> i32 {
    use std::io::Read;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::CommandExt;
    let refuse = |why: String| {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("compass-netns-relay: {why}");
        }
        crate::mask_check::REFUSED
    };
    let mut body = Vec::new();
    let read = fs_err::File::open(format!("/proc/self/fd/{ENV_FD}"))
        .and_then(|f| f.take(MAX_ENV_BYTES + 1).read_to_end(&mut body));
    // Closed whatever happened: the command does not inherit it.
    let closed = nix::unistd::close(ENV_FD);
    if let Err(e) = read {
        return refuse(format!("reading the environment: {e}"));
    }
    if let Err(e) = closed {
        return refuse(format!("closing descriptor {ENV_FD}: {e}"));
    }
    if body.len() as u64 > MAX_ENV_BYTES || body.last().is_some_and(|b| *b != 0) {
        return refuse("the environment is cut or too large".to_owned());
    }
    let mut env = Vec::new();
    for entry in body.split(|b| *b == 0).filter(|e| !e.is_empty()) {
        let Some(eq) = entry.iter().position(|b| *b == b'=') else {
            return refuse("an environment entry without `=`".to_owned());
        };
        let (k, v) = (&entry[..eq], &entry[eq + 1..]);
        env.push((
            std::ffi::OsStr::from_bytes(k).to_owned(),
            std::ffi::OsStr::from_bytes(v).to_owned(),
        ));
    }
    let Some(("--", argv)) = args.split_first().map(|(f, r)| (f.as_str(), r)) else {
        return refuse(format!("usage: {ENV_FLAG} -- ARGV..."));
    };
    let Some((program, rest)) = argv.split_first() else {
        return refuse("no command after --".to_owned());
    };
    let e = std::process::Command::new(program)
        .args(rest)
        .env_clear()
        .envs(env)
        .exec();
    refuse(format!("running {program}: {e}"))
}

/// If this process was started as the relay (or the mask check it runs
/// before the command, [`crate::mask_check`], the host-side pin opener
/// before bwrap, [`crate::pins`], a container exec's first program,
/// [`crate::exec_domain`], or the last link that hands the command its
/// environment, [`ENV_FLAG`]), run it and exit; else return.
pub fn run_if_relay() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some(FLAG) => std::process::exit(run(&args[2..])),
        Some(crate::mask_check::FLAG) => std::process::exit(crate::mask_check::run(&args[2..])),
        Some(crate::pins::OPEN_FLAG) => std::process::exit(crate::pins::open_and_exec(&args[2..])),
        Some(crate::exec_domain::FLAG) => std::process::exit(crate::exec_domain::run(&args[2..])),
        Some(ENV_FLAG) => std::process::exit(env_and_exec(&args[2..])),
        _ => {}
    }
}

/// Run the relay with `LISTEN SOCKET -- ARGV...`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    match run_inner(args) {
        Ok(code) => code,
        Err(e) => {
            // The relay has no logger inside the sandbox; stderr is the channel.
            #[allow(clippy::print_stderr)]
            {
                eprintln!("compass-netns-relay: {e}");
            }
            crate::mask_check::REFUSED
        }
    }
}

fn run_inner(args: &[String]) -> io::Result<i32> {
    let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why.to_owned());
    let usage = "usage: --compass-netns-relay LISTEN SOCKET [--forward HOST:PORT]... [--hook-http LISTEN SOCKET] [--gateway LISTEN SOCKET] -- ARGV...";
    let (listen, socket) = match args {
        [listen, socket, ..] => (listen.clone(), socket.clone()),
        _ => return Err(bad(usage)),
    };
    let mut rest = &args[2..];
    let mut forwards = Vec::new();
    let mut hook_http = None;
    let mut gateway = None;
    loop {
        match rest {
            [flag, target, tail @ ..] if flag == "--forward" => {
                forwards.push(target.clone());
                rest = tail;
            }
            [flag, listen, socket, tail @ ..] if flag == HOOK_HTTP && hook_http.is_none() => {
                compass_hook::http::check_endpoint(listen, socket).map_err(|e| bad(&e))?;
                hook_http = Some((listen.clone(), socket.clone()));
                rest = tail;
            }
            [flag, listen, socket, tail @ ..] if flag == GATEWAY && gateway.is_none() => {
                // The same shape as the hook endpoint's: loopback only, an
                // absolute socket path without NUL or line breaks.
                compass_hook::http::check_endpoint(listen, socket).map_err(|e| bad(&e))?;
                gateway = Some((listen.clone(), socket.clone()));
                rest = tail;
            }
            [dashes, tail @ ..] if dashes == "--" => {
                rest = tail;
                break;
            }
            _ => return Err(bad(usage)),
        }
    }
    let Some((program, argv)) = rest.split_first() else {
        return Err(bad("no command after --"));
    };
    // Bind everything before the child starts, so its first request finds
    // the relay.
    let listener = TcpListener::bind(&listen)?;
    let forward_listeners = forwards
        .iter()
        .map(|t| TcpListener::bind(t).map(|l| (l, t.clone())))
        .collect::<io::Result<Vec<_>>>()?;
    if let Some((listen, socket)) = &hook_http {
        compass_hook::http::spawn(listen, socket)?;
    }
    if let Some((listen, socket)) = gateway {
        // Piped as it is: the gateway on the other side reads the request.
        let listener = TcpListener::bind(&listen)?;
        thread::spawn(move || {
            for conn in listener.incoming().flatten() {
                let socket = socket.clone();
                thread::spawn(move || {
                    let _ = relay(conn, &socket, None);
                });
            }
        });
    }
    let proxy_socket = socket.clone();
    thread::spawn(move || {
        for conn in compass_hook::accept::connections(&listener) {
            let socket = proxy_socket.clone();
            thread::spawn(move || {
                let _ = relay(conn, &socket, None);
            });
        }
    });
    for (l, target) in forward_listeners {
        let socket = socket.clone();
        thread::spawn(move || {
            for conn in compass_hook::accept::connections(&l) {
                let socket = socket.clone();
                let target = target.clone();
                thread::spawn(move || {
                    let _ = relay(conn, &socket, Some(&target));
                });
            }
        });
    }
    let mut child = Command::new(program).args(argv).spawn()?;
    // The command owns the protocol pipes now: the relay lets go of its
    // copies, so the command closing its stdout is an end of file the
    // daemon sees at once (the relay itself never reads or writes them).
    let null = std::fs::File::options()
        .read(true)
        .write(true)
        .open("/dev/null")?;
    nix::unistd::dup2_stdin(&null)?;
    nix::unistd::dup2_stdout(&null)?;
    let status = child.wait()?;
    Ok(status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap_or(0)))
}

/// Open a CONNECT tunnel to `target` through the proxy; returns bytes the
/// proxy sent after its response head (normally none).
fn connect_tunnel(unix: &mut UnixStream, target: &str) -> io::Result<Vec<u8>> {
    use std::io::{Read, Write};
    write!(unix, "CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n\r\n")?;
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        if let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") {
            let rest = head.split_off(end + 4);
            let line = String::from_utf8_lossy(&head);
            if line.split(' ').nth(1) != Some("200") {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!("the egress proxy refused {target}"),
                ));
            }
            return Ok(rest);
        }
        if head.len() > 16 * 1024 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "proxy response too long",
            ));
        }
        let n = unix.read(&mut buf)?;
        if n == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "proxy closed"));
        }
        head.extend_from_slice(&buf[..n]);
    }
}

fn relay(tcp: TcpStream, socket: &str, tunnel: Option<&str>) -> io::Result<()> {
    use std::io::Write;
    let mut unix = UnixStream::connect(socket)?;
    if let Some(target) = tunnel {
        let early = connect_tunnel(&mut unix, target)?;
        (&tcp).write_all(&early)?;
    }
    let (mut tcp_r, mut tcp_w) = (tcp.try_clone()?, tcp);
    let (mut unix_r, mut unix_w) = (unix.try_clone()?, unix);
    let up = thread::spawn(move || {
        let _ = io::copy(&mut tcp_r, &mut unix_w);
        let _ = unix_w.shutdown(Shutdown::Write);
    });
    let _ = io::copy(&mut unix_r, &mut tcp_w);
    let _ = tcp_w.shutdown(Shutdown::Write);
    let _ = up.join();
    Ok(())
}
