//! Pull requests on a GitHub-shaped forge (REST): open one for a
//! workstream's branch after the relay forwarded it — an open one for that
//! head is found first (`GET …/pulls?head=OWNER:BRANCH&state=open`; GitHub
//! ignores a head filter without the owner), and a `422` on create (one
//! was opened meanwhile) is answered by finding it again — read its state,
//! and read what reviewers and CI said: reviews, review comments and the
//! failing check runs of its head commit, each paged by `Link` on the
//! configured origin only. What the forge says is untrusted text; turning
//! it into the agent's prompt is `feedback.rs`'s job, gating it the
//! daemon's.

use crate::error::DispatchError;
use crate::github::Github;
use crate::http::{Api, Http};
use crate::token::Token;
use compass_core::channel::PullState;
use compass_core::source::GithubConfig;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use url::Url;

/// Most pages of one list read (100 a page).
const MAX_PAGES: u32 = 50;

/// A pull request as opened or found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    pub number: u64,
    pub url: String,
    /// False when an open one for the branch was found instead.
    pub created: bool,
}

/// A pull request's state and head, as the forge shows it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullView {
    pub state: PullState,
    pub head_sha: String,
}

/// One thing a reviewer or CI said about a pull request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Feedback {
    /// A submitted review with a verdict or a body.
    Review {
        id: u64,
        author: String,
        verdict: String,
        body: String,
    },
    /// A comment on a line of the diff.
    Comment {
        id: u64,
        author: String,
        path: String,
        line: Option<u64>,
        body: String,
    },
    /// A completed check run of the head commit that did not pass.
    FailingCheck {
        id: u64,
        name: String,
        conclusion: String,
        title: String,
        summary: String,
        url: String,
    },
}

impl Feedback {
    /// Its key in the handed-back record: delivered once, by this.
    pub fn key(&self) -> String {
        match self {
            Self::Review { id, .. } => format!("review:{id}"),
            Self::Comment { id, .. } => format!("comment:{id}"),
            Self::FailingCheck { id, .. } => format!("check:{id}"),
        }
    }
}

#[derive(Deserialize)]
struct GhPull {
    number: u64,
    html_url: String,
    state: String,
    #[serde(default)]
    merged: bool,
    #[serde(default)]
    merged_at: Option<String>,
    head: GhRef,
}

#[derive(Deserialize)]
struct GhRef {
    sha: Option<String>,
}

#[derive(Deserialize)]
struct GhUser {
    login: String,
}

#[derive(Deserialize)]
struct GhRepo {
    default_branch: String,
}

#[derive(Deserialize)]
struct GhReview {
    id: u64,
    user: Option<GhUser>,
    #[serde(default)]
    body: Option<String>,
    state: String,
}

#[derive(Deserialize)]
struct GhComment {
    id: u64,
    user: Option<GhUser>,
    body: String,
    path: String,
    #[serde(default)]
    line: Option<u64>,
}

#[derive(Deserialize)]
struct GhChecks {
    check_runs: Vec<GhCheck>,
}

#[derive(Deserialize)]
struct GhCheck {
    id: u64,
    name: String,
    status: String,
    conclusion: Option<String>,
    #[serde(default)]
    details_url: Option<String>,
    #[serde(default)]
    output: Option<GhOutput>,
}

#[derive(Deserialize)]
struct GhOutput {
    title: Option<String>,
    summary: Option<String>,
}

/// The conclusions GitHub documents that ask the author to act.
const FAILING: [&str; 4] = ["failure", "timed_out", "cancelled", "action_required"];

fn login(user: Option<GhUser>) -> String {
    user.map_or_else(|| "(unknown)".to_owned(), |u| u.login)
}

/// A repository's pull requests on its forge, with one source's token.
#[derive(Debug)]
pub struct PullRequests<'a> {
    gh: Github<'a>,
}

impl<'a> PullRequests<'a> {
    pub fn new(http: &'a Http, config: &'a GithubConfig, token: &'a Token) -> Self {
        Self {
            gh: Github {
                http,
                config,
                token,
            },
        }
    }

    fn owner(&self) -> &str {
        self.gh.config.repo.split('/').next().unwrap_or_default()
    }

    async fn get_json<T: DeserializeOwned>(
        &self,
        url: &Url,
    ) -> Result<(T, reqwest::header::HeaderMap), DispatchError> {
        let what = format!("GET {}", url.path());
        let (answer, _) = self
            .gh
            .http
            .send(Api::Github, &what, self.gh.token, |c| c.get(url.clone()))
            .await?;
        let value = serde_json::from_slice(&answer.body).map_err(|e| DispatchError::Malformed {
            what,
            message: e.to_string(),
        })?;
        Ok((value, answer.headers))
    }

    /// Every page of the list at `url`, each page's items taken by `items`.
    async fn all_pages<P: DeserializeOwned, T>(
        &self,
        mut url: Url,
        items: impl Fn(P) -> Vec<T>,
    ) -> Result<Vec<T>, DispatchError> {
        url.query_pairs_mut().append_pair("per_page", "100");
        let listed = url.clone();
        let mut out = Vec::new();
        for _ in 0..MAX_PAGES {
            let (page, headers) = self.get_json::<P>(&url).await?;
            out.extend(items(page));
            let what = format!("GET {}", url.path());
            match self.gh.next_link(&headers, &what, &listed)? {
                Some(next) => url = next,
                None => return Ok(out),
            }
        }
        Err(DispatchError::Malformed {
            what: format!("GET {}", listed.path()),
            message: format!("more than {MAX_PAGES} pages"),
        })
    }

    /// The open pull request whose head is `branch`, if any.
    pub async fn find_open(&self, branch: &str) -> Result<Option<Opened>, DispatchError> {
        let mut url = self.gh.repo_url(&["pulls"])?;
        url.query_pairs_mut()
            .append_pair("head", &format!("{}:{branch}", self.owner()))
            .append_pair("state", "open");
        let pulls: Vec<GhPull> = self.all_pages(url, |p: Vec<GhPull>| p).await?;
        Ok(pulls
            .into_iter()
            .find(|p| p.state == "open")
            .map(|p| Opened {
                number: p.number,
                url: p.html_url,
                created: false,
            }))
    }

    /// The repository's default branch (a pull request's base).
    pub async fn default_branch(&self) -> Result<String, DispatchError> {
        let url = self.gh.repo_url(&[])?;
        let (repo, _) = self.get_json::<GhRepo>(&url).await?;
        Ok(repo.default_branch)
    }

    /// The open pull request of `branch` into the default branch: found,
    /// else opened with `title` and `body`.
    pub async fn open(
        &self,
        branch: &str,
        title: &str,
        body: &str,
    ) -> Result<Opened, DispatchError> {
        if let Some(found) = self.find_open(branch).await? {
            return Ok(found);
        }
        let base = self.default_branch().await?;
        let url = self.gh.repo_url(&["pulls"])?;
        let what = format!("POST {}", url.path());
        let request = serde_json::json!({
            "title": title,
            "head": branch,
            "base": base,
            "body": body,
            "maintainer_can_modify": false,
        });
        let sent = self
            .gh
            .http
            .send(Api::Github, &what, self.gh.token, |c| {
                c.post(url.clone()).json(&request)
            })
            .await;
        match sent {
            Ok((answer, _)) => {
                let pull: GhPull =
                    serde_json::from_slice(&answer.body).map_err(|e| DispatchError::Malformed {
                        what,
                        message: e.to_string(),
                    })?;
                Ok(Opened {
                    number: pull.number,
                    url: pull.html_url,
                    created: true,
                })
            }
            // "A pull request already exists": opened meanwhile (by us, in
            // a check that overlapped, or by a person). Any other 422
            // stands, with GitHub's reasons.
            Err(DispatchError::Rejected { status: 422, .. })
                if let Some(found) = self.find_open(branch).await? =>
            {
                Ok(found)
            }
            Err(e) => Err(e),
        }
    }

    /// Pull request `number` as the forge shows it now.
    pub async fn view(&self, number: u64) -> Result<PullView, DispatchError> {
        let url = self.gh.repo_url(&["pulls", &number.to_string()])?;
        let (pull, _) = self.get_json::<GhPull>(&url).await?;
        let state = if pull.merged || pull.merged_at.is_some() {
            PullState::Merged
        } else if pull.state == "open" {
            PullState::Open
        } else {
            PullState::Closed
        };
        Ok(PullView {
            state,
            head_sha: pull.head.sha.unwrap_or_default(),
        })
    }

    /// What reviewers and CI said about pull request `number` at head
    /// `head_sha` that is not among `handed` (keys of what the agent was
    /// given already): reviews with a verdict or text, review comments,
    /// check runs of the head that completed without passing.
    pub async fn feedback(
        &self,
        number: u64,
        head_sha: &str,
        handed: &[String],
    ) -> Result<Vec<Feedback>, DispatchError> {
        let n = number.to_string();
        let reviews = self
            .all_pages(
                self.gh.repo_url(&["pulls", &n, "reviews"])?,
                |p: Vec<GhReview>| p,
            )
            .await?;
        let comments = self
            .all_pages(
                self.gh.repo_url(&["pulls", &n, "comments"])?,
                |p: Vec<GhComment>| p,
            )
            .await?;
        let checks = if head_sha.is_empty() {
            Vec::new()
        } else {
            self.all_pages(
                self.gh.repo_url(&["commits", head_sha, "check-runs"])?,
                |p: GhChecks| p.check_runs,
            )
            .await?
        };
        let mut out = Vec::new();
        for r in reviews {
            let body = r.body.unwrap_or_default();
            let says = r.state == "CHANGES_REQUESTED" || !body.trim().is_empty();
            if r.state != "PENDING" && says {
                out.push(Feedback::Review {
                    id: r.id,
                    author: login(r.user),
                    verdict: r.state,
                    body,
                });
            }
        }
        for c in comments {
            out.push(Feedback::Comment {
                id: c.id,
                author: login(c.user),
                path: c.path,
                line: c.line,
                body: c.body,
            });
        }
        for c in checks {
            let conclusion = c.conclusion.unwrap_or_default();
            if c.status == "completed" && FAILING.contains(&conclusion.as_str()) {
                let output = c.output.unwrap_or(GhOutput {
                    title: None,
                    summary: None,
                });
                out.push(Feedback::FailingCheck {
                    id: c.id,
                    name: c.name,
                    conclusion,
                    title: output.title.unwrap_or_default(),
                    summary: output.summary.unwrap_or_default(),
                    url: c.details_url.unwrap_or_default(),
                });
            }
        }
        out.retain(|f| !handed.contains(&f.key()));
        Ok(out)
    }
}
