//! The one writer of session and audit events: a task that stores them in
//! batches, after the exact-value redaction of stored secrets and Warden's
//! redactor.

use compass_core::event::{EventKind, NewEvent};
use compass_store::Store;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::mpsc;

/// The most streamed text the writer may have waiting: past it, producers
/// that can wait (terminal output) do, until the store catches up.
pub(crate) const MAX_BACKLOG: usize = 32 * 1024 * 1024;

/// What an event counts against the backlog: the text of a streamed chunk
/// (message, thought, terminal output); other events are few and small.
fn weight(event: &NewEvent) -> usize {
    use compass_core::event::AgentUpdate;
    match &event.kind {
        EventKind::AgentUpdate {
            update:
                AgentUpdate::MessageChunk { text }
                | AgentUpdate::ThoughtChunk { text }
                | AgentUpdate::TerminalOutput { output: text, .. },
        } => text.len(),
        _ => 0,
    }
}

/// Events from sessions and Warden, written to the store in batches by one
/// task so a chatty agent costs one transaction per burst, not per update;
/// streamed chunks in a batch are joined into readable units first.
/// What agents stream passes the exact-value redaction of stored secrets
/// (stream-aware: see `redaction.rs`), then Warden's redactor: a credential
/// an agent printed never reaches the event log, the board or a subscriber.
#[derive(Debug)]
pub(crate) struct StoreSink {
    tx: mpsc::UnboundedSender<NewEvent>,
    /// Bytes of streamed text sent to the writer and not stored yet
    /// ([`weight`]); terminals stop reading their output while it is over
    /// [`MAX_BACKLOG`] (`over_backlog`).
    backlog: Arc<AtomicUsize>,
    secrets: Arc<crate::redaction::Redaction>,
    /// Shared with the writer task: it runs Warden's redactor again on
    /// the joined units (a token streamed a few characters a chunk only
    /// has its shape once joined).
    redactor: Arc<std::sync::OnceLock<Arc<compass_warden::Warden>>>,
    once: super::once::OnceAudit,
    /// Where a used allow-once is crossed off.
    store: Store,
}

impl StoreSink {
    pub(crate) fn start(store: Store, secrets: Arc<crate::redaction::Redaction>) -> Arc<Self> {
        let (tx, mut rx) = mpsc::unbounded_channel::<NewEvent>();
        let backlog = Arc::new(AtomicUsize::new(0));
        let stored = Arc::clone(&backlog);
        let redactor: Arc<std::sync::OnceLock<Arc<compass_warden::Warden>>> = Arc::default();
        let joined_redactor = Arc::clone(&redactor);
        let crossing = store.clone();
        tokio::spawn(async move {
            let mut fold = super::fold::Fold::default();
            loop {
                // A held tool call (see `fold.rs`) must go out by its hold
                // even when nothing else comes.
                let first = if fold.holding() {
                    match tokio::time::timeout(super::fold::HOLD, rx.recv()).await {
                        Ok(first) => first,
                        Err(_) => {
                            store_batch(&store, fold.apply(Vec::new(), std::time::Instant::now()))
                                .await;
                            continue;
                        }
                    }
                } else {
                    rx.recv().await
                };
                let Some(first) = first else {
                    store_batch(&store, fold.flush()).await;
                    break;
                };
                let mut batch = vec![first];
                // While only streamed chunks come, the batch waits a moment
                // for the rest of their unit (see `coalesce.rs`); anything
                // else is stored at once.
                let deadline = tokio::time::Instant::now() + super::coalesce::WINDOW;
                let mut chunked = batch.iter().any(super::coalesce::is_chunk);
                while batch.len() < 256 && !batch.last().is_some_and(super::coalesce::ends_turn) {
                    let more = if chunked {
                        match tokio::time::timeout_at(deadline, rx.recv()).await {
                            Ok(Some(more)) => more,
                            _ => break,
                        }
                    } else {
                        match rx.try_recv() {
                            Ok(more) => more,
                            Err(_) => break,
                        }
                    };
                    // Anything but a chunk closes the wait: what comes with
                    // it (a tool call, a pause) is stored in order, at once.
                    chunked = super::coalesce::is_chunk(&more);
                    batch.push(more);
                }
                let weighed: usize = batch.iter().map(weight).sum();
                let mut joined = super::coalesce::coalesce(batch);
                if let Some(warden) = joined_redactor.get() {
                    joined.iter_mut().for_each(|e| redact(warden, e));
                }
                let batch = fold.apply(joined, std::time::Instant::now());
                store_batch(&store, batch).await;
                stored.fetch_sub(weighed, Ordering::AcqRel);
            }
        });
        Arc::new(Self {
            tx,
            backlog,
            secrets,
            redactor,
            once: super::once::OnceAudit::default(),
            store: crossing,
        })
    }

    /// Warden exists after its sink does (it records through it).
    pub(crate) fn set_redactor(&self, warden: Arc<compass_warden::Warden>) {
        let _ = self.redactor.set(warden);
    }
}

/// Warden's redactor over what an agent streamed (credential shapes, and
/// the values it holds for that agent), and over a gate decision's text
/// (its source, excerpt, reason and findings): the pause card quotes it.
fn redact(warden: &compass_warden::Warden, event: &mut NewEvent) {
    let Some(agent) = &event.scope.agent_id else {
        return;
    };
    let texts = match &mut event.kind {
        EventKind::AgentUpdate { update } => update.texts_mut(),
        kind @ EventKind::GateDecision { .. } => kind.texts_mut(),
        _ => return,
    };
    for text in texts {
        if let Some(clean) = warden.redact_for(agent, text) {
            *text = clean;
        }
    }
}

/// Store one batch in one transaction; an agent whose session was lost is
/// marked failed with it.
async fn store_batch(store: &Store, batch: Vec<NewEvent>) {
    if batch.is_empty() {
        return;
    }
    let result = store
        .write(move |tx| {
            batch.into_iter().try_for_each(|e| {
                let lost = crate::liveness::lost_agent(&e);
                tx.emit(e)?;
                lost.map_or(Ok(()), |(id, why)| {
                    crate::liveness::mark_failed(tx, &id, &why)
                })
            })
        })
        .await;
    if let Err(error) = result {
        tracing::error!(%error, "could not store agent events");
    }
}

impl compass_acp::EventSink for StoreSink {
    fn emit(&self, event: NewEvent) {
        self.secrets.pass(event, |mut event| {
            if let Some(warden) = self.redactor.get() {
                redact(warden, &mut event);
            }
            let weighs = weight(&event);
            self.backlog.fetch_add(weighs, Ordering::AcqRel);
            if self.tx.send(event).is_err() {
                // The writer is gone: nothing will take it off again.
                self.backlog.fetch_sub(weighs, Ordering::AcqRel);
            }
        });
    }

    fn output_filter(&self) -> Option<Box<dyn compass_acp::OutputFilter>> {
        Some(self.secrets.output_filter())
    }

    fn over_backlog(&self) -> bool {
        self.backlog.load(Ordering::Acquire) > MAX_BACKLOG
    }
}

impl compass_warden::audit::AuditSink for StoreSink {
    fn record(&self, record: &compass_warden::audit::AuditRecord) {
        crate::warden_state::allow_once_used(&self.store, record);
        // One action, one decision in the log (see `once.rs`).
        if !self.once.first(record) {
            return;
        }
        let mut event = record.to_event();
        if let Some(warden) = self.redactor.get() {
            redact(warden, &mut event);
        }
        self.secrets.pass(event, |event| {
            let _ = self.tx.send(event);
        });
    }
}
