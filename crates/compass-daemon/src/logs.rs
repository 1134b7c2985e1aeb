//! The daemon's log lines pass the exact-value redaction too. The binary's
//! tracing subscriber writes through [`stderr`], which takes every secret
//! value a daemon running in this process knows out of each line before it
//! reaches the terminal or a log file. (The formatter writes one whole line
//! per call, so a value is never split between two writes.)

use crate::redaction::Redaction;
use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// The redactions of the daemons running in this process.
static LIVE: Mutex<Vec<Weak<Redaction>>> = Mutex::new(Vec::new());

/// Log lines are redacted with `redaction` while it lives.
pub(crate) fn register(redaction: &Arc<Redaction>) {
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    live.retain(|w| w.strong_count() > 0);
    live.push(Arc::downgrade(redaction));
}

/// Standard error, with every known secret value replaced by its marker.
/// Use it as the log writer: `fmt().with_writer(compass_daemon::logs::stderr)`.
pub fn stderr() -> RedactingStderr {
    RedactingStderr
}

/// See [`stderr`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RedactingStderr;

impl RedactingStderr {
    fn clean(buf: &[u8]) -> String {
        let mut text = String::from_utf8_lossy(buf).into_owned();
        let live: Vec<Arc<Redaction>> = LIVE
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter_map(Weak::upgrade)
            .collect();
        for r in live {
            r.redact(&mut text);
        }
        text
    }
}

impl Write for RedactingStderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        std::io::stderr()
            .lock()
            .write_all(Self::clean(buf).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_lose_every_value_a_live_daemon_knows() {
        let r = Arc::new(Redaction::default());
        r.learn(
            "API_KEY",
            &compass_runtime::secrets::Secret::new(b"v4lue-xyz".to_vec()),
        );
        register(&r);
        assert_eq!(
            RedactingStderr::clean(b"agent failed: v4lue-xyz\n"),
            "agent failed: [REDACTED:API_KEY]\n"
        );
        drop(r);
        assert_eq!(RedactingStderr::clean(b"v4lue-xyz"), "v4lue-xyz");
    }
}
