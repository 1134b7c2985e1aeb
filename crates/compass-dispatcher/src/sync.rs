//! A source's sync: pages fetched from the source's cursor, each committed
//! as it arrives, so a sync that stops (tracker down, token expired,
//! malformed answer) keeps what it imported, shows the source as failing,
//! and the next one resumes. A tracker that pages oldest change first
//! (GitHub) moves the cursor with each page; one that pages newest first
//! (Linear) moves it only with the last page, so a stop never skips the
//! older changes it had not reached.

use crate::error::DispatchError;
use crate::github::Github;
use crate::http::Http;
use crate::jira::Jira;
use crate::linear::Linear;
use crate::paging::TokenPaged;
use crate::token::Token;
use compass_core::source::{ExternalIssue, GithubConfig, Skipped, Source, SourceConfig};
use compass_store::Store;
use compass_store::sources::{self, Probe};
use std::time::Duration;

/// Most pages one sync reads (a million issues); a tracker that keeps
/// answering `next` past that is treated as malformed.
const MAX_PAGES: u32 = 10_000;

/// Most proposed issues one GitHub sync reads one by one to find those
/// deleted from the tracker (an incremental listing never shows a
/// deletion); the rest are read at the next sync.
const MAX_GONE_READS: u32 = 100;

/// What a sync did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncReport {
    pub created: u64,
    pub updated: u64,
    pub unchanged: u64,
    pub skipped: Vec<Skipped>,
    pub pages: u32,
    pub pull_requests: u64,
    pub waited: Duration,
    /// Issues found deleted from the tracker (marked gone, kept here).
    pub gone: u64,
    /// Direct reads of proposed issues that failed (logged; the issues are
    /// read again at a later sync, and the sync itself still succeeds).
    pub probe_errors: u64,
}

/// Sync `source` with `token`; on failure the source is recorded as failing
/// (with the error) before the error is returned.
pub async fn sync(
    store: &Store,
    http: &Http,
    source: &Source,
    token: &Token,
) -> Result<SyncReport, DispatchError> {
    match run(store, http, source, token).await {
        Ok(report) => Ok(report),
        Err(DispatchError::Store(e)) => Err(DispatchError::Store(e)),
        Err(e) => {
            let id = source.id.clone();
            let text = e.to_string();
            tracing::warn!(source = %source.id, error = %text, "sync failed");
            store
                .write(move |tx| sources::record_failure(tx, &id, text))
                .await?;
            Err(e)
        }
    }
}

async fn run(
    store: &Store,
    http: &Http,
    source: &Source,
    token: &Token,
) -> Result<SyncReport, DispatchError> {
    match &source.config {
        SourceConfig::Github(config) => run_github(store, http, source, config, token).await,
        SourceConfig::Linear(config) => {
            let linear = Linear {
                http,
                config,
                token,
            };
            run_token_paged(store, source, &linear).await
        }
        SourceConfig::Jira(config) => {
            let jira = Jira {
                http,
                config,
                token,
            };
            run_token_paged(store, source, &jira).await
        }
    }
}

/// Commit one page: its issues, and the cursor when it may move.
async fn commit(
    store: &Store,
    source: &Source,
    issues: Vec<ExternalIssue>,
    cursor: Option<String>,
    report: &mut SyncReport,
) -> Result<(), DispatchError> {
    let id = source.id.clone();
    let outcome = store
        .write(move |tx| sources::apply_page(tx, &id, issues, cursor))
        .await?;
    report.pages += 1;
    report.created += outcome.created;
    report.updated += outcome.updated;
    report.unchanged += outcome.unchanged;
    report.skipped.extend(outcome.skipped);
    Ok(())
}

fn too_many_pages(what: String) -> DispatchError {
    DispatchError::Malformed {
        what,
        message: format!("more than {MAX_PAGES} pages"),
    }
}

async fn run_github(
    store: &Store,
    http: &Http,
    source: &Source,
    config: &GithubConfig,
    token: &Token,
) -> Result<SyncReport, DispatchError> {
    let gh = Github {
        http,
        config,
        token,
    };
    let mut report = SyncReport::default();
    let mut url = gh.first_page(source.cursor.as_deref())?;
    loop {
        if report.pages >= MAX_PAGES {
            return Err(too_many_pages(format!("GET {}", url.path())));
        }
        let page = gh.page(&url).await?;
        report.pull_requests += page.pull_requests;
        report.waited += page.waited;
        let cursor = page.issues.iter().map(|i| i.updated_at.clone()).max();
        commit(store, source, page.issues, cursor, &mut report).await?;
        match page.next {
            Some(next) => url = next,
            None => break,
        }
    }
    mark_gone(store, source, &gh, &mut report).await?;
    Ok(report)
}

/// Read each proposed issue of `source` directly, least recently read
/// first; one the tracker answers 404/410 for is marked gone. The listing
/// just succeeded with the same token, so the repository itself is
/// readable: a missing issue is gone. A read that fails otherwise (rate
/// limit, `5xx`, network) is logged and ends the reads for this sync — the
/// pages are committed and the sync succeeds; the rest wait their turn.
async fn mark_gone(
    store: &Store,
    source: &Source,
    gh: &Github<'_>,
    report: &mut SyncReport,
) -> Result<(), DispatchError> {
    let id = source.id.clone();
    let numbers = store
        .read(move |c| sources::proposed_numbers(c, &id, MAX_GONE_READS))
        .await?;
    for number in numbers {
        let probe = match gh.exists(number).await {
            Ok(true) => Probe::Present,
            Ok(false) => Probe::Gone,
            Err(DispatchError::Store(e)) => return Err(e.into()),
            Err(error) => {
                tracing::warn!(source = %source.id, number, %error,
                    "could not read a proposed issue; it is read again at a later sync");
                Probe::Failed
            }
        };
        let id = source.id.clone();
        store
            .write(move |tx| sources::record_probe(tx, &id, number, probe))
            .await?;
        match probe {
            Probe::Present => {}
            Probe::Gone => report.gone += 1,
            Probe::Failed => {
                report.probe_errors += 1;
                break;
            }
        }
    }
    Ok(())
}

/// A sync of a tracker paged by token: each page committed as it comes,
/// the cursor moved with each page when pages come oldest change first,
/// else only with the last.
async fn run_token_paged<T: TokenPaged>(
    store: &Store,
    source: &Source,
    tracker: &T,
) -> Result<SyncReport, DispatchError> {
    let from = source.cursor.as_deref();
    let mut report = SyncReport::default();
    let mut newest: Option<String> = None;
    let mut after: Option<String> = None;
    loop {
        if report.pages >= MAX_PAGES {
            return Err(too_many_pages(T::WHAT.into()));
        }
        let page = tracker.page(from, after.as_deref()).await?;
        report.waited += page.waited;
        let page_newest = page.issues.iter().map(|i| i.updated_at.clone()).max();
        newest = newest.max(page_newest.clone());
        let cursor = match (T::OLDEST_FIRST, &page.next) {
            (true, _) => page_newest,
            (false, None) => newest.clone(),
            (false, Some(_)) => None,
        };
        commit(store, source, page.issues, cursor, &mut report).await?;
        match page.next {
            Some(next) => after = Some(next),
            None => return Ok(report),
        }
    }
}
