//! A source's sync: pages fetched oldest change first from the source's
//! cursor, each committed with the cursor after it, so a sync that stops
//! (tracker down, token expired, malformed answer) keeps what it imported,
//! shows the source as failing, and the next one resumes where it stopped.

use crate::error::DispatchError;
use crate::github::Github;
use crate::http::Http;
use crate::token::Token;
use compass_core::source::{Skipped, Source, SourceConfig};
use compass_store::{Store, sources};
use std::time::Duration;

/// Most pages one sync reads (a million issues); a tracker that keeps
/// answering `next` past that is treated as malformed.
const MAX_PAGES: u32 = 10_000;

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
    let SourceConfig::Github(config) = &source.config;
    let gh = Github {
        http,
        config,
        token,
    };
    let mut report = SyncReport::default();
    let mut url = gh.first_page(source.cursor.as_deref())?;
    loop {
        if report.pages >= MAX_PAGES {
            return Err(DispatchError::Malformed {
                what: format!("GET {}", url.path()),
                message: format!("more than {MAX_PAGES} pages"),
            });
        }
        let page = gh.page(&url).await?;
        report.pages += 1;
        report.pull_requests += page.pull_requests;
        report.waited += page.waited;
        let cursor = page.issues.iter().map(|i| i.updated_at.clone()).max();
        let id = source.id.clone();
        let issues = page.issues;
        let outcome = store
            .write(move |tx| sources::apply_page(tx, &id, issues, cursor))
            .await?;
        report.created += outcome.created;
        report.updated += outcome.updated;
        report.unchanged += outcome.unchanged;
        report.skipped.extend(outcome.skipped);
        match page.next {
            Some(next) => url = next,
            None => return Ok(report),
        }
    }
}
