//! One HTTP exchange with a tracker, with its documented failure modes
//! turned into [`DispatchError`]s: rate limits (GitHub: `429`, or `403`
//! with `x-ratelimit-remaining: 0`, waited out as `Retry-After` or
//! `x-ratelimit-reset` say; Linear: a `RATELIMITED` GraphQL error, until
//! `x-ratelimit-requests-reset`, epoch milliseconds) are waited out, and
//! `5xx` retried with back-off — both bounded by [`RetryPolicy`], past
//! which the caller hears why. Redirects are not
//! followed (a token goes to the configured host only) and answers are read
//! up to a size limit.

use crate::error::DispatchError;
use crate::token::Token;
use crate::tracker_errors;
use reqwest::header::HeaderMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Largest answer body read.
const MAX_BODY: usize = 16 * 1024 * 1024;
/// Longest one request may take.
const TIMEOUT: Duration = Duration::from_secs(30);

/// How hard a request is retried.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Tries per request, the first included.
    pub attempts: u32,
    /// Longest single wait a rate limit may ask for; a longer one fails the
    /// request at once (the sync resumes later from its cursor).
    pub max_wait: Duration,
    /// The first back-off after a `5xx` (or a rate limit naming no time);
    /// doubled each try.
    pub backoff: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            attempts: 4,
            max_wait: Duration::from_secs(60),
            backoff: Duration::from_secs(1),
        }
    }
}

/// Which tracker's API a request goes to: how the token is presented, and
/// how a rate limit reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Api {
    /// REST, `Authorization: Bearer`.
    Github,
    /// GraphQL; a personal API key is the bare `Authorization` value.
    Linear,
    /// REST v3; `email:api-token` as Basic (Cloud), else a bearer token
    /// (a Data Center personal access token).
    Jira,
}

/// The tracker's answer: a `2xx` status, headers and body.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) headers: HeaderMap,
    pub(crate) body: Vec<u8>,
}

/// A tracker client: one connection pool and a retry policy.
#[derive(Debug, Clone)]
pub struct Http {
    client: reqwest::Client,
    policy: RetryPolicy,
}

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

impl Http {
    pub fn new(policy: RetryPolicy) -> Result<Self, DispatchError> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("compass-dispatcher/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| DispatchError::Unreachable {
                what: "building the HTTP client".into(),
                message: e.to_string(),
            })?;
        Ok(Self { client, policy })
    }

    /// The wait a rate-limited answer asks for, if it is one.
    fn rate_wait(
        &self,
        api: Api,
        status: u16,
        headers: &HeaderMap,
        body: &[u8],
        attempt: u32,
    ) -> Option<Duration> {
        match api {
            Api::Github | Api::Jira => self.github_wait(status, headers, attempt),
            Api::Linear => self.linear_wait(headers, body, attempt),
        }
    }

    /// Linear answers a rate-limited request with a GraphQL error whose
    /// `extensions.code` is `RATELIMITED` (whatever the HTTP status), and
    /// says when the bucket refills in `x-ratelimit-requests-reset`.
    fn linear_wait(&self, headers: &HeaderMap, body: &[u8], attempt: u32) -> Option<Duration> {
        let limited = serde_json::from_slice::<serde_json::Value>(body)
            .ok()
            .and_then(|v| {
                v["errors"].as_array().map(|errors| {
                    errors
                        .iter()
                        .any(|e| e["extensions"]["code"] == "RATELIMITED")
                })
            })
            .unwrap_or(false);
        if !limited {
            return None;
        }
        let reset_ms = header(headers, "x-ratelimit-requests-reset")
            .and_then(|v| v.trim().parse::<u64>().ok());
        match reset_ms {
            Some(reset) => {
                let now = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
                Some(Duration::from_millis(reset.saturating_sub(now)))
            }
            None => Some(self.backoff(attempt)),
        }
    }

    fn github_wait(&self, status: u16, headers: &HeaderMap, attempt: u32) -> Option<Duration> {
        let retry_after = header(headers, "retry-after").and_then(|v| v.trim().parse::<u64>().ok());
        let exhausted = header(headers, "x-ratelimit-remaining") == Some("0");
        if status != 429 && !(status == 403 && (retry_after.is_some() || exhausted)) {
            return None;
        }
        if let Some(secs) = retry_after {
            return Some(Duration::from_secs(secs));
        }
        if exhausted
            && let Some(reset) =
                header(headers, "x-ratelimit-reset").and_then(|v| v.parse::<u64>().ok())
        {
            let now = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            return Some(Duration::from_secs(reset.saturating_sub(now)));
        }
        Some(self.backoff(attempt))
    }

    fn backoff(&self, attempt: u32) -> Duration {
        self.policy.backoff.saturating_mul(1 << attempt.min(16))
    }

    /// Send the request `build` makes (again on each retry) with `token`;
    /// `what` describes it in errors (method and path, never the token).
    /// Returns the answer and the time spent waiting.
    pub(crate) async fn send(
        &self,
        api: Api,
        what: &str,
        token: &Token,
        build: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> Result<(Answer, Duration), DispatchError> {
        let mut waited = Duration::ZERO;
        let attempts = self.policy.attempts.max(1);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let request = match api {
                Api::Github => build(&self.client)
                    .header(reqwest::header::AUTHORIZATION, token.bearer())
                    .header(reqwest::header::ACCEPT, "application/vnd.github+json")
                    .header("x-github-api-version", "2022-11-28"),
                Api::Linear => build(&self.client)
                    .header(reqwest::header::AUTHORIZATION, token.bare())
                    .header(reqwest::header::ACCEPT, "application/json"),
                Api::Jira => build(&self.client)
                    .header(reqwest::header::AUTHORIZATION, token.basic_or_bearer())
                    .header(reqwest::header::ACCEPT, "application/json"),
            };
            let sent = request.send().await;
            let response = match sent {
                Ok(r) => r,
                Err(e) => {
                    return Err(DispatchError::Unreachable {
                        what: what.to_owned(),
                        message: e.without_url().to_string(),
                    });
                }
            };
            let status = response.status().as_u16();
            let headers = response.headers().clone();
            let body = read_body(what, response).await?;
            let limited = self.rate_wait(api, status, &headers, &body, attempt - 1);
            if (200..300).contains(&status) && limited.is_none() {
                return Ok((Answer { headers, body }, waited));
            }
            let retry = if let Some(wait) = limited {
                if wait > self.policy.max_wait || attempt >= attempts {
                    return Err(DispatchError::RateLimited {
                        what: what.to_owned(),
                        wait,
                        limit: self.policy.max_wait,
                    });
                }
                wait
            } else if status >= 500 {
                if attempt >= attempts {
                    return Err(DispatchError::Unavailable {
                        what: what.to_owned(),
                        status,
                        attempts,
                    });
                }
                self.backoff(attempt - 1)
            } else {
                let graphql = match api {
                    Api::Linear => tracker_errors::graphql_classify(what, token, &body),
                    Api::Github | Api::Jira => None,
                };
                return Err(
                    graphql.unwrap_or_else(|| tracker_errors::classify(what, token, status, &body))
                );
            };
            tracing::info!(%what, status, wait_ms = retry.as_millis() as u64, "tracker asked to wait; retrying");
            tokio::time::sleep(retry).await;
            waited += retry;
        }
    }
}

async fn read_body(what: &str, mut response: reqwest::Response) -> Result<Vec<u8>, DispatchError> {
    let mut body = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if body.len() + chunk.len() > MAX_BODY {
                    return Err(DispatchError::Malformed {
                        what: what.to_owned(),
                        message: format!("the answer is larger than {MAX_BODY} bytes"),
                    });
                }
                body.extend_from_slice(&chunk);
            }
            Ok(None) => return Ok(body),
            Err(e) => {
                return Err(DispatchError::Unreachable {
                    what: what.to_owned(),
                    message: format!("the answer broke off: {}", e.without_url()),
                });
            }
        }
    }
}
