//! Where the client's events go. The daemon connects a sink to the store;
//! tests and the bench collect them in memory or count them.

use compass_core::event::NewEvent;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Receives every event a session produces, in the order the agent sent
/// them. `emit` is called on the connection's reader task: a slow sink
/// slows the agent down (back-pressure) instead of buffering without bound.
pub trait EventSink: Send + Sync {
    fn emit(&self, event: NewEvent);

    /// A filter for one terminal pipe (stdout and stderr each get their
    /// own), run over its raw bytes before they become text: the daemon's
    /// exact-value redaction. `None`: the bytes are shown as they are.
    fn output_filter(&self) -> Option<Box<dyn OutputFilter>> {
        None
    }

    /// Whether the sink holds more unstored output than it takes: a
    /// producer that can wait (a terminal's output pump) waits while this
    /// is true, so a command printing faster than the store writes is
    /// slowed down instead of queued in memory without bound.
    fn over_backlog(&self) -> bool {
        false
    }
}

/// One byte stream's filter state (see [`EventSink::output_filter`]).
pub trait OutputFilter: Send {
    /// Take one chunk; returns what can be shown now (a tail that could
    /// still become something to filter is held back).
    fn push(&mut self, chunk: &[u8]) -> Vec<u8>;
    /// The stream ended: what was held back, filtered.
    fn finish(&mut self) -> Vec<u8>;
}

impl EventSink for mpsc::UnboundedSender<NewEvent> {
    fn emit(&self, event: NewEvent) {
        // A dropped receiver means nobody is listening any more; the session
        // keeps running (the store is the daemon's concern).
        let _ = self.send(event);
    }
}

/// Collects events in memory (tests, demos).
#[derive(Debug, Default, Clone)]
pub struct VecSink {
    events: Arc<Mutex<Vec<NewEvent>>>,
}

impl VecSink {
    pub fn new() -> Self {
        Self::default()
    }

    /// A copy of everything emitted so far.
    pub fn events(&self) -> Vec<NewEvent> {
        match self.events.lock() {
            Ok(events) => events.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

impl EventSink for VecSink {
    fn emit(&self, event: NewEvent) {
        match self.events.lock() {
            Ok(mut events) => events.push(event),
            Err(poisoned) => poisoned.into_inner().push(event),
        }
    }
}

/// Fans events out to several sinks.
pub struct TeeSink(pub Vec<Arc<dyn EventSink>>);

impl std::fmt::Debug for TeeSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TeeSink({} sinks)", self.0.len())
    }
}

impl EventSink for TeeSink {
    fn emit(&self, event: NewEvent) {
        for sink in &self.0 {
            sink.emit(event.clone());
        }
    }

    /// The first sink's filter that has one (every sink sees its output).
    fn output_filter(&self) -> Option<Box<dyn OutputFilter>> {
        self.0.iter().find_map(|s| s.output_filter())
    }

    fn over_backlog(&self) -> bool {
        self.0.iter().any(|s| s.over_backlog())
    }
}
