//! One daemon per data dir: an exclusive `flock` on the data dir itself,
//! held on a directory fd for the daemon's life. The kernel releases it
//! however the process dies, so a SIGKILLed daemon never leaves a stale lock
//! behind; and because the lock lives on the directory, not on a file in it,
//! deleting `daemon.lock` does not let a second daemon in. `daemon.lock`
//! only tells a refused daemon the running one's pid (it is locked too, so
//! a daemon of an older build, which locks only the file, is kept out).

use crate::error::DaemonError;
use std::io::{Seek, Write};
use std::path::Path;

#[derive(Debug)]
pub(crate) struct InstanceLock {
    _dir: std::fs::File,
    _file: std::fs::File,
}

impl InstanceLock {
    pub(crate) fn acquire(path: &Path, data_dir: &Path) -> Result<Self, DaemonError> {
        let refused = || DaemonError::AlreadyRunning {
            data_dir: data_dir.to_owned(),
            // Read, never created: a refused daemon leaves no trace.
            pid: fs_err::read_to_string(path)
                .ok()
                .and_then(|p| p.trim().parse().ok()),
        };
        let dir = fs_err::File::open(data_dir)
            .map_err(|source| DaemonError::Io {
                context: format!("opening data dir {}", data_dir.display()),
                source,
            })?
            .into_parts()
            .0;
        if dir.try_lock().is_err() {
            return Err(refused());
        }
        let io = |source| DaemonError::Io {
            context: format!("opening {}", path.display()),
            source,
        };
        let mut file = fs_err::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?
            .into_parts()
            .0;
        if file.try_lock().is_err() {
            return Err(refused());
        }
        let write_pid = |file: &mut std::fs::File| -> std::io::Result<()> {
            file.set_len(0)?;
            file.rewind()?;
            write!(file, "{}", std::process::id())?;
            file.flush()
        };
        write_pid(&mut file).map_err(|source| DaemonError::Io {
            context: format!("writing {}", path.display()),
            source,
        })?;
        Ok(Self {
            _dir: dir,
            _file: file,
        })
    }
}
