//! The forwarder that runs inside an allowlisted sandbox: it listens on
//! `127.0.0.1:PORT` in the sandbox's (interface-less) network namespace,
//! relays every connection to the egress proxy's Unix socket, and runs the
//! workload's real command as its child, exiting with the child's status.
//!
//! It is std-only and small, shipped as the `compass-netns-relay` binary and
//! bind-mounted read-only into the sandbox. A binary that embeds this crate
//! can serve instead (the "arg0" trick): call [`run_if_relay`] first thing
//! in `main` and point `SandboxConfig::relay` at that binary.
//!
//! Invocation: `<binary> --compass-netns-relay LISTEN SOCKET -- ARGV...`

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

/// If this process was started as the relay, run it and exit; else return.
pub fn run_if_relay() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some(FLAG) {
        std::process::exit(run(&args[2..]));
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
            126
        }
    }
}

fn run_inner(args: &[String]) -> io::Result<i32> {
    let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why.to_owned());
    let (listen, socket) = match args {
        [listen, socket, dashes, ..] if dashes == "--" => (listen.clone(), socket.clone()),
        _ => return Err(bad("usage: --compass-netns-relay LISTEN SOCKET -- ARGV...")),
    };
    let argv = &args[3..];
    let Some((program, rest)) = argv.split_first() else {
        return Err(bad("no command after --"));
    };
    // Bind before the child starts, so its first request finds the relay.
    let listener = TcpListener::bind(&listen)?;
    thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            let socket = socket.clone();
            thread::spawn(move || {
                let _ = relay(conn, &socket);
            });
        }
    });
    let status = Command::new(program).args(rest).status()?;
    Ok(status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap_or(0)))
}

fn relay(tcp: TcpStream, socket: &str) -> io::Result<()> {
    let unix = UnixStream::connect(socket)?;
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
