//! One HTTP exchange with a tracker, with its documented failure modes
//! turned into [`DispatchError`]s: rate limits (`429`, or `403` with
//! `x-ratelimit-remaining: 0`) are waited out as `Retry-After` or
//! `x-ratelimit-reset` say, and `5xx` retried with back-off — both bounded
//! by [`RetryPolicy`], past which the caller hears why. Redirects are not
//! followed (a token goes to the configured host only) and answers are read
//! up to a size limit.

use crate::error::DispatchError;
use crate::token::Token;
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

/// GitHub's error body is `{"message": …}`; anything else is shown cut short.
fn message_of(body: &[u8]) -> String {
    let text = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_owned))
        .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    let mut short: String = text.chars().filter(|c| !c.is_control()).take(200).collect();
    if short.is_empty() {
        short.push_str("(no message)");
    }
    short
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
    fn rate_wait(&self, status: u16, headers: &HeaderMap, attempt: u32) -> Option<Duration> {
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
        what: &str,
        token: &Token,
        build: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> Result<(Answer, Duration), DispatchError> {
        let mut waited = Duration::ZERO;
        let attempts = self.policy.attempts.max(1);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let sent = build(&self.client)
                .header(reqwest::header::AUTHORIZATION, token.bearer())
                .header(reqwest::header::ACCEPT, "application/vnd.github+json")
                .header("x-github-api-version", "2022-11-28")
                .send()
                .await;
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
            if (200..300).contains(&status) {
                return Ok((Answer { headers, body }, waited));
            }
            let retry = if let Some(wait) = self.rate_wait(status, &headers, attempt - 1) {
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
                return Err(classify(what, token, status, &body));
            };
            tracing::info!(%what, status, wait_ms = retry.as_millis() as u64, "tracker asked to wait; retrying");
            tokio::time::sleep(retry).await;
            waited += retry;
        }
    }
}

fn classify(what: &str, token: &Token, status: u16, body: &[u8]) -> DispatchError {
    let what = what.to_owned();
    match status {
        401 => DispatchError::Unauthorized {
            secret: token.secret().to_owned(),
        },
        403 => DispatchError::Forbidden {
            what,
            message: message_of(body),
        },
        404 | 410 => DispatchError::NotFound { what },
        _ => DispatchError::Rejected {
            what,
            status,
            message: message_of(body),
        },
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
