//! One daemon per data dir: an exclusive `flock` on `daemon.lock`, released by
//! the kernel when the process dies however it dies, so a SIGKILLed daemon
//! never leaves a stale lock behind.

use crate::serve::DaemonError;
use std::io::{Read, Seek, Write};
use std::path::Path;

#[derive(Debug)]
pub(crate) struct InstanceLock {
    _file: std::fs::File,
}

impl InstanceLock {
    pub(crate) fn acquire(path: &Path, data_dir: &Path) -> Result<Self, DaemonError> {
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
        match file.try_lock() {
            Ok(()) => {}
            Err(_) => {
                let mut pid = String::new();
                let _ = file.read_to_string(&mut pid);
                return Err(DaemonError::AlreadyRunning {
                    data_dir: data_dir.to_owned(),
                    pid: pid.trim().parse().ok(),
                });
            }
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
        Ok(Self { _file: file })
    }
}
