//! `compass pty -- PROGRAM…`: runs inside an agent's workload (the daemon
//! spawns it through the runtime for a person's raw shell). It makes a PTY
//! there, runs PROGRAM as the session leader with the PTY as its
//! controlling terminal (`setsid --ctty`: no unsafe pre-exec here), and
//! relays: framed input on stdin (`compass_core::pty_frames`: keystrokes
//! and resizes) to the PTY, the PTY's output to stdout. It exits with
//! PROGRAM's exit code; stdin closing (the person left) hangs PROGRAM up.

use crate::cli::PtyArgs;
use compass_core::pty_frames::{Decoder, Frame};
use rustix::fs::{Mode, OFlags};
use rustix::pty::OpenptFlags;
use rustix::termios::Winsize;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

pub(crate) fn run(args: PtyArgs) -> ExitCode {
    match session(&args) {
        Ok(code) => ExitCode::from(u8::try_from(code.clamp(0, 255)).unwrap_or(1)),
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "compass pty: {message}");
            ExitCode::FAILURE
        }
    }
}

fn size(cols: u16, rows: u16) -> Winsize {
    Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    }
}

fn fail(what: &'static str) -> impl Fn(rustix::io::Errno) -> String {
    move |e| format!("{what}: {e}")
}

/// The PTY's two ends: the master we keep, the terminal PROGRAM gets.
fn open_pty(cols: u16, rows: u16) -> Result<(OwnedFd, OwnedFd), String> {
    let master = rustix::pty::openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY)
        .map_err(fail("opening a PTY"))?;
    rustix::pty::grantpt(&master).map_err(fail("granting the PTY"))?;
    rustix::pty::unlockpt(&master).map_err(fail("unlocking the PTY"))?;
    let name = rustix::pty::ptsname(&master, Vec::new()).map_err(fail("naming the PTY"))?;
    let terminal = rustix::fs::open(
        name.as_c_str(),
        OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(fail("opening the PTY's terminal"))?;
    rustix::termios::tcsetwinsize(&master, size(cols, rows)).map_err(fail("sizing the PTY"))?;
    Ok((master, terminal))
}

fn session(args: &PtyArgs) -> Result<i32, String> {
    let (master, terminal) = open_pty(args.cols, args.rows)?;
    let stdio = || {
        terminal
            .try_clone()
            .map(Stdio::from)
            .map_err(|e| format!("sharing the PTY: {e}"))
    };
    let mut child = Command::new("setsid")
        .arg("--ctty")
        .args(&args.argv)
        .stdin(stdio()?)
        .stdout(stdio()?)
        .stderr(stdio()?)
        .spawn()
        .map_err(|e| format!("running {:?} on the PTY: {e}", args.argv))?;
    // Only PROGRAM holds the terminal now: the master reads EIO once it
    // (and whatever it started) is gone.
    drop(terminal);
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap_or(0));

    let mut reader = std::fs::File::from(master.try_clone().map_err(|e| format!("PTY: {e}"))?);
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let mut out = std::io::stdout().lock();
        let mut buf = vec![0u8; 16 * 1024];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || out.write_all(&buf[..n]).and_then(|()| out.flush()).is_err() {
                break;
            }
        }
        let _ = done_tx.send(());
    });
    std::thread::spawn(move || {
        let mut writer = std::fs::File::from(master);
        let mut decoder = Decoder::default();
        let mut stdin = std::io::stdin().lock();
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            let n = match stdin.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let Ok(frames) = decoder.feed(&buf[..n]) else {
                break; // not our frames: stop listening, hang up
            };
            for frame in frames {
                let written = match frame {
                    Frame::Input(bytes) => writer.write_all(&bytes).map_err(drop),
                    Frame::Resize { cols, rows } => {
                        rustix::termios::tcsetwinsize(&writer, size(cols, rows)).map_err(drop)
                    }
                };
                if written.is_err() {
                    return;
                }
            }
        }
        // The person left: hang the session up, as closing a terminal does.
        let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGHUP);
    });
    let status = child
        .wait()
        .map_err(|e| format!("waiting for the shell: {e}"))?;
    // Its last output, unless something it left running still holds the PTY.
    let _ = done_rx.recv_timeout(Duration::from_secs(2));
    Ok(status.code().unwrap_or(1))
}
