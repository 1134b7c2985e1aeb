//! Shared fixtures: a store with one project, a GitHub-shaped server.

mod github;
mod pulls;
mod status;
mod trunk;

use compass_core::name::Name;
use compass_core::project::RepoSource;
use compass_core::source::{GithubConfig, Source, SourceConfig, StateFilter, Writeback};
use compass_dispatcher::{Http, RetryPolicy, Token};
use compass_store::projects::{self, NewProject};
use compass_store::sources::{self, NewSource};
use compass_store::{Options, Store};
use compass_test_support::GithubServer;
use std::time::Duration;

pub(crate) const REPO: &str = "octo/app";
pub(crate) const TOKEN: &str = "ghp_test_token_1";

pub(crate) struct Fixture {
    pub(crate) _dir: tempfile::TempDir,
    pub(crate) store: Store,
    pub(crate) server: GithubServer,
    pub(crate) http: Http,
    pub(crate) token: Token,
}

impl Fixture {
    pub(crate) async fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("compass.db"), Options::default()).unwrap();
        let new = NewProject {
            name: Name::parse("demo").unwrap(),
            repos: vec![RepoSource::Remote(
                "https://example.com/octo/app.git".into(),
            )],
            directories: vec![],
            theme: Name::parse("norse").unwrap(),
        };
        store
            .write(move |tx| projects::create(tx, new))
            .await
            .unwrap();
        let server = GithubServer::start(REPO, TOKEN).await.unwrap();
        let http = Http::new(RetryPolicy {
            attempts: 2,
            max_wait: Duration::from_secs(2),
            backoff: Duration::from_millis(10),
        })
        .unwrap();
        Self {
            _dir: dir,
            store,
            server,
            http,
            token: Token::new("GH_TOKEN", TOKEN.as_bytes()).unwrap(),
        }
    }

    pub(crate) async fn add_source(&self, repo: &str, writeback: Writeback) -> Source {
        let config = GithubConfig {
            repo: repo.into(),
            api_url: self.server.url(),
            labels: vec![],
            assignee: None,
            state: StateFilter::Open,
        };
        self.add_configured(config, writeback).await
    }

    pub(crate) async fn add_configured(
        &self,
        config: GithubConfig,
        writeback: Writeback,
    ) -> Source {
        let config = config.checked().unwrap();
        let new = NewSource {
            project: "demo".into(),
            config: SourceConfig::Github(config),
            token_secret: "GH_TOKEN".into(),
            writeback,
        };
        self.store
            .write(move |tx| sources::create(tx, new))
            .await
            .unwrap()
    }

    /// The source as stored now.
    pub(crate) async fn source(&self, s: &Source) -> Source {
        let id = s.id.0.clone();
        self.store
            .read(move |c| sources::get(c, &id))
            .await
            .unwrap()
    }

    pub(crate) async fn issue_titles(&self) -> Vec<String> {
        self.store
            .read(|c| compass_store::issues::list(c, "demo"))
            .await
            .unwrap()
            .into_iter()
            .map(|i| i.title)
            .collect()
    }
}
