//! `compass bench dispatch`'s sync section: ISSUES issues served on
//! loopback by the GitHub-shaped server the Dispatcher's tests run against
//! (`compass-test-support`: REST shapes, `per_page`/`page` with a `Link`
//! header), imported through the Dispatcher's real GitHub source into a
//! fresh store in a temp dir — one full sync (every page, every issue
//! created), then no-op re-syncs from its cursor (nothing changed).

use super::{Summary, summarize};
use anyhow::{Context, anyhow};
use compass_core::name::Name;
use compass_core::project::RepoSource;
use compass_core::source::{GithubConfig, Source, SourceConfig, StateFilter, Writeback};
use compass_dispatcher::{Http, RetryPolicy, SyncReport, Token, sync};
use compass_store::projects::{self, NewProject};
use compass_store::sources::{self, NewSource};
use compass_store::{Options, Store};
use compass_test_support::GithubServer;
use std::time::Instant;

const REPO: &str = "bench/app";
const TOKEN: &str = "ghp_bench_sync_token";

/// What the sync section measured.
pub(crate) struct SyncFigures {
    pub(crate) full_ms: f64,
    pub(crate) full: SyncReport,
    /// Re-syncs with nothing changed, one per run.
    pub(crate) noop: Summary,
    pub(crate) noop_last: SyncReport,
}

impl SyncFigures {
    /// The section's lines, as the other bench sections print theirs.
    pub(crate) fn lines(&self, issues: usize, runs: usize) -> String {
        let rate = if self.full_ms > 0.0 {
            issues as f64 / (self.full_ms / 1e3)
        } else {
            0.0
        };
        format!(
            "full sync ({issues} issues, {} pages, {} created)  {:.1} ms  ({rate:.0} issues/s)\n\
             no-op re-sync ({} page, {} created, {} updated, {runs} runs)  p50 {:.3} ms  p99 {:.3} ms",
            self.full.pages,
            self.full.created,
            self.full_ms,
            self.noop_last.pages,
            self.noop_last.created,
            self.noop_last.updated,
            self.noop.p50_ms,
            self.noop.p99_ms,
        )
    }
}

/// Serve `issues` issues, sync them once into a fresh store, then re-sync
/// `runs` times with nothing changed.
pub(crate) async fn run(issues: usize, runs: usize) -> anyhow::Result<SyncFigures> {
    let scratch = tempfile::tempdir()?;
    let store = Store::open(&scratch.path().join("compass.db"), Options::default())?;
    let server = GithubServer::start(REPO, TOKEN)
        .await
        .context("starting the GitHub-shaped server")?;
    for i in 1..=issues {
        server.add_issue(
            &format!("Issue {i}: the parser drops a token"),
            "Steps: run the lexer on src/parser/lex.rs.",
            &["bug"],
        );
    }
    let source = add_source(&store, &server.url()).await?;
    let http = Http::new(RetryPolicy::default())?;
    let token = Token::new("GH_TOKEN", TOKEN.as_bytes())?;

    let t = Instant::now();
    let full = sync(&store, &http, &source, &token).await?;
    let full_ms = t.elapsed().as_secs_f64() * 1e3;
    if full.created != issues as u64 {
        return Err(anyhow!(
            "the full sync created {} issues of {issues}",
            full.created
        ));
    }
    let mut times = Vec::with_capacity(runs);
    let mut noop_last = SyncReport::default();
    for _ in 0..runs {
        // The cursor the last sync left, as the daemon would read it.
        let id = source.id.0.clone();
        let now = store.read(move |c| sources::get(c, &id)).await?;
        let t = Instant::now();
        noop_last = sync(&store, &http, &now, &token).await?;
        times.push(u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX));
        if noop_last.created != 0 {
            return Err(anyhow!("a no-op re-sync created {}", noop_last.created));
        }
    }
    Ok(SyncFigures {
        full_ms,
        full,
        noop: summarize(times),
        noop_last,
    })
}

/// A project and its GitHub source on the server at `api_url`.
async fn add_source(store: &Store, api_url: &str) -> anyhow::Result<Source> {
    let project = NewProject {
        name: Name::parse("bench")?,
        repos: vec![RepoSource::Remote(
            "https://example.com/bench/app.git".into(),
        )],
        directories: vec![],
        theme: Name::parse("norse")?,
    };
    store.write(move |tx| projects::create(tx, project)).await?;
    let config = GithubConfig {
        repo: REPO.into(),
        api_url: api_url.to_owned(),
        labels: vec![],
        assignee: None,
        state: StateFilter::Open,
    }
    .checked()?;
    let new = NewSource {
        project: "bench".into(),
        config: SourceConfig::Github(config),
        token_secret: "GH_TOKEN".into(),
        writeback: Writeback::default(),
    };
    Ok(store.write(move |tx| sources::create(tx, new)).await?)
}
