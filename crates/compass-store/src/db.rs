//! The store handle: one writer thread that group-commits write jobs, a small
//! pool of read connections, and the live fan-out of committed events.
//!
//! Group commit: the writer drains every job waiting on its queue into one
//! SQLite transaction, each job inside its own savepoint, so a failing job
//! rolls back alone and many small writes share one commit. Callers hear back
//! only after the commit, and committed events are broadcast only then, so a
//! subscriber never sees an event that could still vanish.
//!
//! Checkpoints (copying the write-ahead log into the database, with an
//! fsync of each) run on a thread of their own, never in a commit: SQLite's
//! automatic checkpoint runs inside the commit that crosses its threshold,
//! and its fsyncs (tens of ms on a busy disk) held every write queued
//! behind it — a burst of agents' events waited for the disk.

use crate::error::{Result, StoreError};
use crate::migrations::migrations;
use compass_core::event::{Event, NewEvent};
use rusqlite::{Connection, OpenFlags, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use tokio::sync::{broadcast, oneshot};

/// The most write jobs one transaction takes.
const MAX_BATCH: usize = 512;
/// Live events buffered per subscriber before it must catch up from disk.
const LIVE_BUFFER: usize = 8192;
/// Read connections kept open for reuse.
const READ_POOL: usize = 4;
/// Commits between checkpoints: about SQLite's own threshold (1,000 log
/// pages) at a few pages a commit. Not fewer: the first commit after a
/// complete checkpoint starts the log over and syncs its header.
const CHECKPOINT_EVERY: u32 = 250;
/// How long the checkpointer lets commits gather once it is told: one
/// checkpoint (two fsyncs) then covers a whole burst.
const CHECKPOINT_AFTER: Duration = Duration::from_millis(500);

pub use compass_core::clock::{Clock, SystemClock};

/// How hard a commit is pushed to disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// WAL with `synchronous=NORMAL`: a commit survives the daemon being
    /// killed at any point (SIGKILL, crash, OOM); an OS crash or power loss
    /// may lose the last commits. The default.
    #[default]
    ProcessCrash,
    /// WAL with `synchronous=FULL`: every commit is fsynced; survives power
    /// loss at the cost of one fsync per batch.
    PowerLoss,
}

/// Takes secrets out of text before it is stored: every event's free text
/// ([`EventKind::texts_mut`](compass_core::event::EventKind::texts_mut)) and
/// every agent status reason pass through it inside the write.
pub trait Scrub: Send + Sync + std::fmt::Debug {
    fn scrub(&self, text: &mut String);
}

/// How to open a store.
#[derive(Debug, Clone)]
pub struct Options {
    pub clock: Arc<dyn Clock>,
    pub durability: Durability,
    /// Applied to what is stored (see [`Scrub`]); none by default.
    pub scrub: Option<Arc<dyn Scrub>>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            clock: Arc::new(SystemClock),
            durability: Durability::default(),
            scrub: None,
        }
    }
}

/// A write transaction as one job sees it: a savepoint plus the events the
/// job emits, which get their `seq` here and are published after commit.
#[derive(Debug)]
pub struct Tx<'c> {
    conn: &'c Connection,
    now_ms: i64,
    events: Vec<Event>,
    scrub: Option<&'c dyn Scrub>,
}

impl<'c> Tx<'c> {
    pub fn conn(&self) -> &'c Connection {
        self.conn
    }

    /// The batch's timestamp: every row and event of one write shares it.
    pub fn now_ms(&self) -> i64 {
        self.now_ms
    }

    /// Take secrets out of `text` before it is stored (see [`Scrub`]).
    pub fn scrub(&self, text: &mut String) {
        if let Some(s) = self.scrub {
            s.scrub(text);
        }
    }

    /// Append an event to the log as part of this write.
    pub fn emit(&mut self, mut event: NewEvent) -> Result<u64> {
        for text in event.kind.texts_mut() {
            self.scrub(text);
        }
        let payload = serde_json::to_string(&event.kind)
            .map_err(|e| StoreError::corrupt("encoding an event", e))?;
        let scope = &event.scope;
        self.conn
            .prepare_cached(
                "INSERT INTO events (at_ms, kind, project_id, agent_id, workstream_id, tool_call_id, payload)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )
            .and_then(|mut stmt| {
                stmt.execute(params![
                    self.now_ms,
                    event.kind.name(),
                    scope.project_id.as_ref().map(|i| i.as_str()),
                    scope.agent_id.as_ref().map(|i| i.as_str()),
                    scope.workstream_id.as_ref().map(|i| i.as_str()),
                    scope.tool_call_id.as_deref(),
                    payload,
                ])
            })
            .map_err(StoreError::sql("appending an event"))?;
        let seq = u64::try_from(self.conn.last_insert_rowid())
            .map_err(|e| StoreError::corrupt("event seq", e))?;
        self.events.push(Event {
            seq,
            at_ms: self.now_ms,
            scope: event.scope,
            kind: event.kind,
        });
        Ok(seq)
    }
}

type Finish = Box<dyn FnOnce(Option<&StoreError>) + Send>;
type Job = Box<dyn FnOnce(&mut Tx<'_>) -> (bool, Finish) + Send>;

#[derive(Debug)]
struct Shared {
    path: PathBuf,
    readers: Mutex<Vec<Connection>>,
    live: broadcast::Sender<Arc<Event>>,
    last_seq: AtomicU64,
}

/// The store. Cheap to clone; all clones share one writer.
#[derive(Debug, Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    shared: Arc<Shared>,
}

impl Store {
    /// Open (creating if needed) the database at `path`, apply migrations and
    /// start the writer thread.
    pub fn open(path: &Path, options: Options) -> Result<Self> {
        let mut conn = Connection::open(path).map_err(StoreError::sql("opening the database"))?;
        let sync = match options.durability {
            Durability::ProcessCrash => "NORMAL",
            Durability::PowerLoss => "FULL",
        };
        // No automatic checkpoint in the writer's commits: the
        // checkpointer thread does it (see the module's header).
        conn.execute_batch(&format!(
            "PRAGMA journal_mode=WAL; PRAGMA synchronous={sync}; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000; PRAGMA wal_autocheckpoint=0;"
        ))
        .map_err(StoreError::sql("configuring the database"))?;
        migrations()
            .to_latest(&mut conn)
            .map_err(|e| StoreError::Migration(e.to_string()))?;
        let last_seq: i64 = conn
            .query_row("SELECT COALESCE(MAX(seq), 0) FROM events", [], |r| r.get(0))
            .map_err(StoreError::sql("reading the last event seq"))?;
        let (live, _) = broadcast::channel(LIVE_BUFFER);
        let shared = Arc::new(Shared {
            path: path.to_owned(),
            readers: Mutex::new(Vec::new()),
            live,
            last_seq: AtomicU64::new(u64::try_from(last_seq).unwrap_or(0)),
        });
        let committed = start_checkpointer(path)?;
        let (jobs, queue) = mpsc::channel::<Job>();
        let writer_shared = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("compass-store-writer".into())
            .spawn(move || {
                run_writer(
                    conn,
                    queue,
                    &writer_shared,
                    options.clock.as_ref(),
                    options.scrub.as_deref(),
                    &committed,
                )
            })
            .map_err(|source| StoreError::Io {
                context: "starting the store writer".into(),
                source,
            })?;
        Ok(Self { jobs, shared })
    }

    /// Run `f` inside a transaction on the writer thread. Everything it writes
    /// and emits commits together, or not at all if it returns an error.
    pub async fn write<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Tx<'_>) -> Result<T> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |tx| {
            let result = f(tx);
            let ok = result.is_ok();
            let finish: Finish = Box::new(move |commit_error| {
                let out = match commit_error {
                    Some(e) if ok => Err(StoreError::CommitFailed(e.to_string())),
                    _ => result,
                };
                let _ = reply.send(out);
            });
            (ok, finish)
        });
        self.jobs.send(job).map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Queue a write without waiting for it, for callers that cannot await
    /// (sync traits on a hot path). It commits in order with every other
    /// write, so a later awaited [`Store::write`] (or [`Store::flush`]) that
    /// returns means this one landed too. A failure is logged, never
    /// reported: use this only where losing the write is safe.
    pub fn enqueue<F>(&self, what: &'static str, f: F) -> Result<()>
    where
        F: FnOnce(&mut Tx<'_>) -> Result<()> + Send + 'static,
    {
        let job: Job = Box::new(move |tx| {
            let result = f(tx);
            let ok = result.is_ok();
            let finish: Finish = Box::new(move |commit_error| {
                if let Err(error) = result {
                    tracing::error!(%error, what, "a queued write failed");
                } else if let Some(error) = commit_error {
                    tracing::error!(%error, what, "a queued write was not committed");
                }
            });
            (ok, finish)
        });
        self.jobs.send(job).map_err(|_| StoreError::Closed)
    }

    /// Wait until every write queued before this call has committed.
    pub async fn flush(&self) -> Result<()> {
        self.write(|_| Ok(())).await
    }

    /// Run a read-only query on a pooled connection, off the async threads.
    pub async fn read<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        let shared = Arc::clone(&self.shared);
        tokio::task::spawn_blocking(move || shared.with_reader(f))
            .await
            .map_err(|_| StoreError::Closed)?
    }

    /// The same as [`Store::read`], for callers already off the async threads.
    pub fn read_blocking<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        self.shared.with_reader(f)
    }

    /// The newest committed seq.
    pub fn last_seq(&self) -> u64 {
        self.shared.last_seq.load(Ordering::Acquire)
    }

    /// Committed events as they are published. Lagging receivers see
    /// `Lagged` and must catch up from disk; [`crate::events::subscribe`]
    /// does that for you.
    pub fn live(&self) -> broadcast::Receiver<Arc<Event>> {
        self.shared.live.subscribe()
    }

    pub fn path(&self) -> &Path {
        &self.shared.path
    }
}

impl Shared {
    fn with_reader<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        let pooled = self.readers.lock().ok().and_then(|mut pool| pool.pop());
        let conn = match pooled {
            Some(conn) => conn,
            None => Connection::open_with_flags(
                &self.path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )
            .and_then(|c| {
                c.busy_timeout(std::time::Duration::from_secs(5))
                    .map(|()| c)
            })
            .map_err(StoreError::sql("opening a read connection"))?,
        };
        let out = f(&conn);
        if let Ok(mut pool) = self.readers.lock()
            && pool.len() < READ_POOL
        {
            pool.push(conn);
        }
        out
    }
}

/// Start the thread that checkpoints the write-ahead log, on a connection
/// of its own; the writer tells it every [`CHECKPOINT_EVERY`] commits
/// through the sender returned (a full channel means it was told already).
/// It ends when the writer does.
fn start_checkpointer(path: &Path) -> Result<mpsc::SyncSender<()>> {
    let conn = Connection::open(path)
        .and_then(|c| c.busy_timeout(Duration::from_secs(5)).map(|()| c))
        .map_err(StoreError::sql("opening the checkpoint connection"))?;
    let (committed, commits) = mpsc::sync_channel::<()>(1);
    std::thread::Builder::new()
        .name("compass-store-checkpoint".into())
        .spawn(move || run_checkpointer(&conn, &commits))
        .map_err(|source| StoreError::Io {
            context: "starting the store checkpointer".into(),
            source,
        })?;
    Ok(committed)
}

/// Checkpoint a while after commits come, until the writer is gone. A
/// PASSIVE checkpoint never waits for the writer nor holds it up: it copies
/// what is committed, and the writer starts the log over once all of it was.
fn run_checkpointer(conn: &Connection, commits: &mpsc::Receiver<()>) {
    while commits.recv().is_ok() {
        let gathered = Instant::now() + CHECKPOINT_AFTER;
        let writer_gone = loop {
            match commits.recv_timeout(gathered.saturating_duration_since(Instant::now())) {
                Ok(()) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => break false,
                Err(mpsc::RecvTimeoutError::Disconnected) => break true,
            }
        };
        if let Err(error) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!(%error, "checkpointing the store's write-ahead log failed");
        }
        if writer_gone {
            break;
        }
    }
}

/// The writer's side of checkpointing: it counts commits and tells the
/// checkpointer every [`CHECKPOINT_EVERY`]. A checkpointer that is gone (its
/// thread panicked) would leave the log growing without bound, silently,
/// since the writer's own automatic checkpoint is off: then it is logged
/// once and SQLite's automatic checkpoint is turned back on for the writer.
#[derive(Debug, Default)]
struct Checkpoints {
    uncheckpointed: u32,
    /// The checkpointer is gone and the writer checkpoints itself.
    on_the_writer: bool,
}

impl Checkpoints {
    fn committed(&mut self, conn: &Connection, checkpointer: &mpsc::SyncSender<()>) {
        if self.on_the_writer {
            return;
        }
        self.uncheckpointed += 1;
        if self.uncheckpointed < CHECKPOINT_EVERY {
            return;
        }
        match checkpointer.try_send(()) {
            Ok(()) => self.uncheckpointed = 0,
            // Full: the checkpointer was told already.
            Err(mpsc::TrySendError::Full(())) => {}
            Err(mpsc::TrySendError::Disconnected(())) => {
                self.on_the_writer = true;
                match conn.pragma_update(None, "wal_autocheckpoint", AUTO_CHECKPOINT_PAGES) {
                    Ok(()) => tracing::error!(
                        "the store's checkpoint thread is gone; the writer checkpoints the write-ahead log itself from now on (commits may wait for the disk)"
                    ),
                    Err(error) => tracing::error!(
                        %error,
                        "the store's checkpoint thread is gone and automatic checkpoints could not be turned on: the write-ahead log grows until the daemon restarts"
                    ),
                }
            }
        }
    }
}

/// SQLite's default automatic checkpoint threshold, in log pages: what the
/// writer falls back to without its checkpointer.
const AUTO_CHECKPOINT_PAGES: i64 = 1000;

fn run_writer(
    mut conn: Connection,
    queue: mpsc::Receiver<Job>,
    shared: &Shared,
    clock: &dyn Clock,
    scrub: Option<&dyn Scrub>,
    committed: &mpsc::SyncSender<()>,
) {
    let mut checkpoints = Checkpoints::default();
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let (finishes, events, outcome) = commit_batch(&mut conn, batch, clock.now_ms(), scrub);
        if outcome.is_none() {
            checkpoints.committed(&conn, committed);
            if let Some(last) = events.last() {
                shared.last_seq.store(last.seq, Ordering::Release);
            }
        }
        // Answer callers before publishing, so a caller's own follow-up
        // never races ahead of its acknowledgement.
        for finish in finishes {
            finish(outcome.as_ref());
        }
        if outcome.is_none() {
            for event in events {
                let _ = shared.live.send(Arc::new(event));
            }
        }
    }
}

fn commit_batch(
    conn: &mut Connection,
    batch: Vec<Job>,
    now_ms: i64,
    scrub: Option<&dyn Scrub>,
) -> (Vec<Finish>, Vec<Event>, Option<StoreError>) {
    let mut finishes = Vec::with_capacity(batch.len());
    let mut committed_events = Vec::new();
    // Jobs that never run are dropped: their callers hear `Closed`, and
    // nothing of theirs was written.
    let mut txn = match conn.transaction() {
        Ok(txn) => txn,
        Err(e) => {
            return (
                finishes,
                Vec::new(),
                Some(StoreError::sql("starting a transaction")(e)),
            );
        }
    };
    for job in batch {
        let savepoint = match txn.savepoint() {
            Ok(sp) => sp,
            Err(e) => {
                return (
                    finishes,
                    Vec::new(),
                    Some(StoreError::sql("opening a savepoint")(e)),
                );
            }
        };
        let mut tx = Tx {
            conn: &savepoint,
            now_ms,
            events: Vec::new(),
            scrub,
        };
        let (ok, finish) = job(&mut tx);
        let events = tx.events;
        finishes.push(finish);
        if ok {
            if let Err(e) = savepoint.commit() {
                return (
                    finishes,
                    Vec::new(),
                    Some(StoreError::sql("releasing a savepoint")(e)),
                );
            }
            committed_events.extend(events);
        }
        // A failed job's savepoint rolls back when dropped.
    }
    match txn.commit() {
        Ok(()) => (finishes, committed_events, None),
        Err(e) => (finishes, Vec::new(), Some(StoreError::sql("committing")(e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auto_checkpoint(conn: &Connection) -> i64 {
        conn.query_row("PRAGMA wal_autocheckpoint", [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn a_gone_checkpointer_hands_checkpoints_back_to_the_writer() {
        let dir = tempfile::tempdir().unwrap();
        let conn = Connection::open(dir.path().join("db")).unwrap();
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;")
            .unwrap();
        // A live checkpointer is told, and the writer's own stays off.
        let (tell, told) = mpsc::sync_channel::<()>(1);
        let mut live = Checkpoints::default();
        for _ in 0..CHECKPOINT_EVERY {
            live.committed(&conn, &tell);
        }
        assert!(told.try_recv().is_ok());
        assert_eq!(auto_checkpoint(&conn), 0);
        // A gone one (its receiver dropped, as when its thread panics).
        drop(told);
        let mut gone = Checkpoints::default();
        for _ in 0..CHECKPOINT_EVERY - 1 {
            gone.committed(&conn, &tell);
        }
        assert_eq!(auto_checkpoint(&conn), 0, "not before it was due");
        gone.committed(&conn, &tell);
        assert!(gone.on_the_writer);
        assert_eq!(auto_checkpoint(&conn), AUTO_CHECKPOINT_PAGES);
    }
}
