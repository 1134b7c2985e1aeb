//! Warden's async watch, fed from the store's event stream: every agent
//! update the daemon commits is offered to the watch, and a timer drives
//! its heartbeats. A finding that flags pauses the agent through Warden's
//! own pauser, like a gate flag.

use compass_store::{Store, events};
use compass_warden::Warden;
use compass_warden::clock::SystemClock;
use compass_warden::watch::{Watch, WatchConfig};
use std::sync::Arc;
use std::time::Duration;

/// How often due heartbeats are looked for; each agent's own interval is
/// the watch's setting (about two minutes by default).
const TICK: Duration = Duration::from_secs(5);
/// Events buffered between the store and a busy watch.
const BUFFER: usize = 4096;

/// Start the watch from the current end of the log (it samples what
/// happens from now on; history was gated when it happened).
pub(crate) fn spawn(
    store: Store,
    warden: Arc<Warden>,
    config: WatchConfig,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut after = store.last_seq();
        let mut watch = Watch::new(warden, Arc::new(SystemClock), config);
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut stream = events::subscribe(&store, after, BUFFER);
        loop {
            tokio::select! {
                next = stream.recv() => match next {
                    Some(Ok(event)) => {
                        after = event.seq;
                        watch.observe(&event).await;
                    }
                    Some(Err(error)) => {
                        // A read failure ends that stream; pick up where it stopped.
                        tracing::error!(%error, "Warden's watch lost the event stream; resubscribing");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        stream = events::subscribe(&store, after, BUFFER);
                    }
                    None => break, // the store closed: the daemon is stopping
                },
                _ = tick.tick() => {
                    watch.tick().await;
                }
            }
        }
    })
}
