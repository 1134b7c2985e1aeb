//! The accept loop of every socket the host serves for a workload (its
//! hook and MCP sockets, its push relay's git socket, its egress proxy)
//! and of the daemon's credential socket: one loop, so each answers a full
//! file table and a flood the same way.
//!
//! - An accept error never ends the server. `EMFILE`, `ENFILE`,
//!   `ENOBUFS`, `ENOMEM`, `ECONNABORTED` pass; a server that stopped on
//!   one would leave, say, the agent's hooks blocked (they fail closed)
//!   until a restart, so one passing shortage would deny service for
//!   good. It rests ([`FIRST_REST`], doubling to [`LONGEST_REST`]) and
//!   accepts again; a burst of errors is logged when it starts and when it
//!   ends, never once per error.
//! - At most [`Admission::max`] connections are served at once; one past
//!   that is handed to the server's `refuse` (an answer that needs no
//!   reading), itself bounded the same: past as many refusals in flight, a
//!   connection is closed unread. A flood costs the host neither memory
//!   nor file descriptors past those bounds.
//! - It stops only when its task is aborted or dropped (the agent's stop).
//!
//! Boundary: accepting and admitting; what a connection says and what it
//! is answered is the server's business.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::Semaphore;

/// The first rest after an accept error.
pub const FIRST_REST: Duration = Duration::from_millis(5);
/// The longest rest between two accepts while errors last: short enough
/// that a connection waiting in the backlog is served soon after the
/// shortage ends.
pub const LONGEST_REST: Duration = Duration::from_millis(200);

/// What a server admits.
#[derive(Debug, Clone, Copy)]
pub struct Admission {
    /// What is served, for the logs (`"hook socket"`).
    pub what: &'static str,
    /// Connections served at once (and refusals in flight).
    pub max: usize,
}

/// Serve `listener` until the task is aborted: each connection accepted
/// while fewer than `admission.max` are served goes to `serve` (on a task
/// of its own), the others to `refuse` (see the module header). Run it in
/// a span naming whose socket it is: its logs carry no other name.
pub async fn serve<S, SF, R, RF>(listener: UnixListener, admission: Admission, serve: S, refuse: R)
where
    S: Fn(UnixStream) -> SF,
    SF: Future<Output = ()> + Send + 'static,
    R: Fn(UnixStream) -> RF,
    RF: Future<Output = ()> + Send + 'static,
{
    let max = admission.max.max(1);
    let served = Arc::new(Semaphore::new(max));
    let refusing = Arc::new(Semaphore::new(max));
    let mut burst = Burst::default();
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => {
                burst.ended(admission.what);
                stream
            }
            Err(error) => {
                let rest = burst.failed(admission.what, &error);
                tokio::time::sleep(rest).await;
                continue;
            }
        };
        if let Ok(slot) = Arc::clone(&served).try_acquire_owned() {
            let served = serve(stream);
            tokio::spawn(async move {
                served.await;
                drop(slot);
            });
        } else if let Ok(slot) = Arc::clone(&refusing).try_acquire_owned() {
            let refused = refuse(stream);
            tokio::spawn(async move {
                refused.await;
                drop(slot);
            });
        } else {
            // Closed unread: the client sees its connection end.
            drop(stream);
        }
    }
}

/// A run of accept errors: logged at its start and its end.
#[derive(Debug, Default)]
struct Burst {
    errors: u64,
    started: Option<tokio::time::Instant>,
}

impl Burst {
    /// One more error; how long to rest before the next accept.
    fn failed(&mut self, what: &str, error: &std::io::Error) -> Duration {
        if self.errors == 0 {
            self.started = Some(tokio::time::Instant::now());
            tracing::warn!(
                what,
                %error,
                "could not accept a connection; resting and accepting again"
            );
        }
        self.errors = self.errors.saturating_add(1);
        let doublings = u32::try_from(self.errors.min(16) - 1).unwrap_or(0);
        FIRST_REST
            .saturating_mul(1u32 << doublings.min(8))
            .min(LONGEST_REST)
    }

    /// An accept succeeded: a burst before it is over.
    fn ended(&mut self, what: &str) {
        if self.errors == 0 {
            return;
        }
        let lasted = self.started.map(|s| s.elapsed()).unwrap_or_default();
        tracing::warn!(
            what,
            errors = self.errors,
            lasted_ms = u64::try_from(lasted.as_millis()).unwrap_or(u64::MAX),
            "accepting connections again"
        );
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rests_double_from_the_first_to_the_longest() {
        let mut burst = Burst::default();
        let err = std::io::Error::from_raw_os_error(24);
        let rests: Vec<Duration> = (0..10).map(|_| burst.failed("t", &err)).collect();
        assert_eq!(rests[0], FIRST_REST);
        assert_eq!(rests[1], FIRST_REST * 2);
        assert!(rests.windows(2).all(|w| w[0] <= w[1]), "{rests:?}");
        assert_eq!(*rests.last().unwrap(), LONGEST_REST);
        burst.ended("t");
        assert_eq!(burst.failed("t", &err), FIRST_REST);
    }
}
