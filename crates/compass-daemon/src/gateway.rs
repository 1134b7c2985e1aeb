//! The model gateway: an agent's model key never enters its workload.
//!
//! The agent's base URL points at plain HTTP on its workload's own
//! loopback (`compass_runtime::relay::GATEWAY_LISTEN`), which the
//! in-workload forwarder pipes to this agent's gateway socket in its run
//! dir (the egress proxy routes that address there too). Here, host-side,
//! each request is checked — origin-form only (no `CONNECT`, no absolute
//! URL), a path under the kind's upstream base path, no dot segments, a
//! bounded head and body — stripped of every auth header the agent sent
//! (its placeholder), given the real key in the kind's scheme, and sent to
//! the real upstream with `reqwest`; the answer streams back as it comes
//! (the agents read server-sent events chunk by chunk). A failure is an
//! HTTP error with a short JSON body naming it, and is logged without the
//! key.
//!
//! Boundary: the key is read from the secret store when the agent's
//! gateway starts and held in this process's memory only (a redacting
//! [`ModelKey`]); the workload holds `compass_acp::GATEWAY_PLACEHOLDER`.
//! Which kinds use a gateway, and where, is decided by the fleet
//! (`fleet::spec`): only where the workload's loopback is its own.

use bytes::Bytes;
use compass_acp::AuthScheme;
use http::{HeaderMap, HeaderName, HeaderValue, Method, Request, Response, StatusCode};
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, Limited, StreamBody};
use hyper::body::{Frame, Incoming};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::UnixListener;

/// The largest request body the gateway forwards (a model request with a
/// long context is a few MiB).
pub(crate) const MAX_BODY: usize = 32 << 20;
/// The largest request head (request line and headers) it reads.
pub(crate) const MAX_HEAD: usize = 64 << 10;
/// Connections one agent's gateway serves at once (each is a descriptor of
/// the daemon's, two with its upstream); the next are refused.
pub(crate) const MAX_CONNECTIONS: usize = 64;

/// The gateway's bounds, one place.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) max_body: usize,
    /// How long a client may take to send its request head.
    pub(crate) head_timeout: Duration,
    /// How long connecting to the upstream may take.
    pub(crate) connect_timeout: Duration,
    /// How long the upstream may stay silent (before its answer's head,
    /// or between two chunks of its body).
    pub(crate) idle_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body: MAX_BODY,
            head_timeout: Duration::from_secs(10),
            connect_timeout: Duration::from_secs(10),
            // A model may think for minutes before its first token.
            idle_timeout: Duration::from_secs(600),
        }
    }
}

/// Why a gateway could not be set up.
#[derive(Debug, thiserror::Error)]
pub(crate) enum GatewayError {
    #[error("the model API base URL {url:?} {why}")]
    Upstream { url: String, why: String },
    #[error("building the gateway's HTTP client: {0}")]
    Client(String),
}

/// A model key, in memory only: `Debug` never shows it.
pub(crate) struct ModelKey(String);

impl ModelKey {
    pub(crate) fn new(value: String) -> Self {
        Self(value)
    }
}

impl std::fmt::Debug for ModelKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ModelKey(<redacted>)")
    }
}

/// Where a gateway sends its requests: an origin and a base path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Upstream {
    /// `scheme://host[:port]`, no trailing slash.
    origin: String,
    /// The base URL's path without its trailing slash (`""` for the root).
    base_path: String,
}

impl Upstream {
    /// A model API base URL: `https`, or plain `http` to a loopback host
    /// only (the key would cross the network in clear); no credentials,
    /// query or fragment.
    pub(crate) fn parse(raw: &str) -> Result<Self, GatewayError> {
        let bad = |why: &str| GatewayError::Upstream {
            url: raw.to_owned(),
            why: why.to_owned(),
        };
        let url = url::Url::parse(raw).map_err(|e| bad(&format!("is not a URL: {e}")))?;
        let host = url.host().ok_or_else(|| bad("names no host"))?;
        let loopback = match &host {
            url::Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
            url::Host::Ipv4(ip) => ip.is_loopback(),
            url::Host::Ipv6(ip) => ip.is_loopback(),
        };
        match url.scheme() {
            "https" => {}
            "http" if loopback => {}
            "http" => return Err(bad("is plain http to a host that is not loopback")),
            _ => return Err(bad("is not http(s)")),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(bad("carries credentials"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(bad("has a query or fragment"));
        }
        let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
        let base_path = url.path().trim_end_matches('/').to_owned();
        if unsafe_path(&base_path) {
            return Err(bad("has a dot segment or an encoded separator in its path"));
        }
        Ok(Self {
            origin: format!("{}://{host}{port}", url.scheme()),
            base_path,
        })
    }

    /// The base URL the agent is given: the gateway's loopback address
    /// inside its workload, with the upstream's path.
    pub(crate) fn inner_url(&self) -> String {
        format!(
            "http://{}{}",
            compass_runtime::relay::GATEWAY_LISTEN,
            self.base_path
        )
    }

    /// Whether `path` lies under the base path.
    fn admits(&self, path: &str) -> bool {
        self.base_path.is_empty()
            || path == self.base_path
            || path
                .strip_prefix(&self.base_path)
                .is_some_and(|rest| rest.starts_with('/'))
    }
}

/// A path that could leave its base once the upstream normalises it.
fn unsafe_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    path.contains('\\')
        || lower.contains("%2e")
        || lower.contains("%2f")
        || lower.contains("%5c")
        || path.split('/').any(|s| s == "." || s == "..")
}

/// One agent's gateway.
#[derive(Debug)]
pub(crate) struct Gateway {
    /// For logs: the agent and its kind.
    pub(crate) agent: String,
    pub(crate) kind: String,
    /// The credential's name (for error messages; never its value).
    pub(crate) credential: String,
    pub(crate) scheme: AuthScheme,
    /// `None`: the credential is not set; every request is answered so.
    pub(crate) key: Option<ModelKey>,
    pub(crate) upstream: Upstream,
    pub(crate) limits: Limits,
    client: reqwest::Client,
}

impl Gateway {
    pub(crate) fn new(
        agent: String,
        kind: String,
        credential: String,
        scheme: AuthScheme,
        key: Option<ModelKey>,
        upstream: Upstream,
        limits: Limits,
    ) -> Result<Self, GatewayError> {
        // Direct, like the egress proxy's own connections; never a
        // redirect (the key would follow it to another origin).
        let client = reqwest::Client::builder()
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(limits.connect_timeout)
            .read_timeout(limits.idle_timeout)
            .build()
            .map_err(|e| GatewayError::Client(e.to_string()))?;
        Ok(Self {
            agent,
            kind,
            credential,
            scheme,
            key,
            upstream,
            limits,
            client,
        })
    }
}

type Body = UnsyncBoxBody<Bytes, std::io::Error>;

/// Serve `listener` until the task is aborted: each connection HTTP/1.1,
/// at most [`MAX_CONNECTIONS`] at once (`compass_listen`'s accept loop).
pub(crate) async fn serve(listener: UnixListener, gateway: Arc<Gateway>) {
    let admission = compass_listen::Admission {
        what: "model gateway",
        max: MAX_CONNECTIONS,
    };
    compass_listen::serve(
        listener,
        admission,
        move |conn| {
            let gateway = Arc::clone(&gateway);
            async move {
                let head_timeout = gateway.limits.head_timeout;
                let service = hyper::service::service_fn(move |req| {
                    let gateway = Arc::clone(&gateway);
                    async move { Ok::<_, Infallible>(handle(&gateway, req).await) }
                });
                let io = hyper_util::rt::TokioIo::new(conn);
                if let Err(error) = hyper::server::conn::http1::Builder::new()
                    .timer(hyper_util::rt::TokioTimer::new())
                    .header_read_timeout(head_timeout)
                    .max_buf_size(MAX_HEAD)
                    .serve_connection(io, service)
                    .await
                {
                    tracing::debug!(%error, "model gateway connection ended");
                }
            }
        },
        |conn| async move {
            let body = error_json(&format!(
                "this agent's model gateway already has {MAX_CONNECTIONS} connections open"
            ));
            let reply = format!(
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = conn.try_write(reply.as_bytes());
        },
    )
    .await;
}

/// `{"type": "error", "error": {"type": "compass_gateway_error", "message": …}}`:
/// the shape Anthropic's and OpenAI's clients both read a message from.
fn error_json(message: &str) -> String {
    serde_json::json!({
        "type": "error",
        "error": {"type": "compass_gateway_error", "message": format!("compass model gateway: {message}")}
    })
    .to_string()
}

fn refuse(status: StatusCode, message: &str) -> Response<Body> {
    let mut resp = Response::new(
        Full::new(Bytes::from(error_json(message)))
            .map_err(|never| match never {})
            .boxed_unsync(),
    );
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    resp
}

/// Headers that belong to one hop, never forwarded either way.
const HOP_BY_HOP: [&str; 9] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "host",
    "content-length",
];

/// The agent's request headers without hop-by-hop ones (and those
/// `Connection` names), `Expect`, or any auth header.
fn forwardable(headers: &HeaderMap) -> HeaderMap {
    let named: Vec<String> = headers
        .get_all(http::header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|n| n.trim().to_ascii_lowercase())
        .collect();
    let mut out = HeaderMap::new();
    for (name, value) in headers {
        let n = name.as_str();
        // `Expect: 100-continue` was this hop's to answer (hyper did).
        if HOP_BY_HOP.contains(&n)
            || n == "expect"
            || AuthScheme::AUTH_HEADERS.contains(&n)
            || named.iter().any(|c| c == n)
        {
            continue;
        }
        out.append(name.clone(), value.clone());
    }
    out
}

/// The query without any `key` parameter (Gemini's key in a URL).
fn without_key(query: &str) -> String {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let name = p.split('=').next().unwrap_or_default();
            !name.eq_ignore_ascii_case("key")
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// One request, answered.
async fn handle(gateway: &Gateway, req: Request<Incoming>) -> Response<Body> {
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let resp = forward(gateway, req).await;
    let status = resp.status();
    if status.is_success() {
        tracing::debug!(agent = %gateway.agent, kind = %gateway.kind, %method, %path, status = status.as_u16(), "model gateway");
    } else {
        tracing::info!(agent = %gateway.agent, kind = %gateway.kind, %method, %path, status = status.as_u16(), "model gateway answered an error");
    }
    resp
}

async fn forward(gateway: &Gateway, req: Request<Incoming>) -> Response<Body> {
    if req.method() == Method::CONNECT {
        return refuse(
            StatusCode::BAD_REQUEST,
            "CONNECT is not served: send the model API request itself",
        );
    }
    let uri = req.uri();
    if uri.scheme().is_some() || uri.authority().is_some() {
        return refuse(
            StatusCode::BAD_REQUEST,
            "an absolute URL is not served: send the path only (origin form)",
        );
    }
    let path = uri.path().to_owned();
    if !path.starts_with('/') || unsafe_path(&path) {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the path has a dot segment or an encoded separator",
        );
    }
    if !gateway.upstream.admits(&path) {
        return refuse(
            StatusCode::FORBIDDEN,
            &format!(
                "{path} is outside the model API's base path {}",
                if gateway.upstream.base_path.is_empty() {
                    "/"
                } else {
                    &gateway.upstream.base_path
                }
            ),
        );
    }
    let Some(key) = &gateway.key else {
        return refuse(
            StatusCode::BAD_GATEWAY,
            &format!(
                "the model key {} is not set (compass secret set {})",
                gateway.credential, gateway.credential
            ),
        );
    };
    let max = gateway.limits.max_body;
    let too_large = || {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the request body is larger than {max} bytes"),
        )
    };
    if req
        .headers()
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > max as u64)
    {
        return too_large();
    }
    let query = uri.query().map(without_key).unwrap_or_default();
    let mut target = format!("{}{path}", gateway.upstream.origin);
    if !query.is_empty() {
        target.push('?');
        target.push_str(&query);
    }
    let mut headers = forwardable(req.headers());
    let Ok(mut auth) = HeaderValue::from_str(&gateway.scheme.value(&key.0)) else {
        return refuse(
            StatusCode::BAD_GATEWAY,
            &format!(
                "the model key {} cannot be sent in a header (a control character?)",
                gateway.credential
            ),
        );
    };
    auth.set_sensitive(true);
    headers.insert(HeaderName::from_static(gateway.scheme.header()), auth);
    let method = req.method().clone();
    let body = match Limited::new(req.into_body(), max).collect().await {
        Ok(body) => body.to_bytes(),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => return too_large(),
        Err(e) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                &format!("reading the request body: {e}"),
            );
        }
    };
    let sent = gateway
        .client
        .request(method, &target)
        .headers(headers)
        .body(body)
        .send()
        .await;
    let upstream = match sent {
        Ok(r) => r,
        Err(e) => {
            let e = e.without_url();
            tracing::warn!(agent = %gateway.agent, kind = %gateway.kind, %path, error = %e, "the model API could not be reached");
            let why = if e.is_timeout() {
                "the model API did not answer in time"
            } else if e.is_connect() {
                "the model API could not be reached"
            } else {
                "the request to the model API failed"
            };
            return refuse(StatusCode::BAD_GATEWAY, why);
        }
    };
    let mut resp = Response::builder().status(upstream.status());
    if let Some(h) = resp.headers_mut() {
        *h = forwardable_response(upstream.headers());
    }
    let idle = gateway.limits.idle_timeout;
    // Each chunk as it arrives: hyper writes a frame as soon as it is
    // polled, so server-sent events reach the agent one by one.
    let stream = futures::stream::unfold(Some(upstream), move |state| async move {
        let mut upstream = state?;
        match tokio::time::timeout(idle, upstream.chunk()).await {
            Ok(Ok(Some(chunk))) => Some((Ok(Frame::data(chunk)), Some(upstream))),
            Ok(Ok(None)) => None,
            Ok(Err(e)) => Some((Err(std::io::Error::other(e.without_url())), None)),
            Err(_) => Some((
                Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the model API went silent",
                )),
                None,
            )),
        }
    });
    match resp.body(StreamBody::new(stream).boxed_unsync()) {
        Ok(r) => r,
        Err(e) => refuse(
            StatusCode::BAD_GATEWAY,
            &format!("the model API's answer could not be relayed: {e}"),
        ),
    }
}

/// The upstream's response headers, without hop-by-hop ones (hyper frames
/// the body itself).
fn forwardable_response(headers: &HeaderMap) -> HeaderMap {
    let mut out = HeaderMap::new();
    for (name, value) in headers {
        if HOP_BY_HOP.contains(&name.as_str()) {
            continue;
        }
        out.append(name.clone(), value.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::State;
    use std::sync::Mutex;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::sync::mpsc;

    const KEY: &str = "sk-real-model-key-0123456789";

    /// What the upstream saw of one request.
    #[derive(Debug, Clone)]
    struct Seen {
        path_and_query: String,
        headers: Vec<(String, String)>,
        body: usize,
    }

    #[derive(Clone)]
    struct FakeApi {
        seen: Arc<Mutex<Vec<Seen>>>,
        /// The SSE body's chunks, fed by the test.
        sse: Arc<tokio::sync::Mutex<Option<mpsc::Receiver<Bytes>>>>,
    }

    async fn record(
        State(up): State<FakeApi>,
        req: axum::extract::Request,
    ) -> axum::response::Response {
        let path_and_query = req
            .uri()
            .path_and_query()
            .map(ToString::to_string)
            .unwrap_or_default();
        let headers = req
            .headers()
            .iter()
            .map(|(n, v)| {
                (
                    n.as_str().to_owned(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect();
        let body = axum::body::to_bytes(req.into_body(), usize::MAX)
            .await
            .map(|b| b.len())
            .unwrap_or_default();
        up.seen.lock().unwrap().push(Seen {
            path_and_query: path_and_query.clone(),
            headers,
            body,
        });
        if path_and_query.contains("stream") {
            let rx = up.sse.lock().await.take().unwrap();
            let stream = futures::stream::unfold(rx, |mut rx| async move {
                rx.recv().await.map(|b| (Ok::<_, std::io::Error>(b), rx))
            });
            return axum::response::Response::builder()
                .header("content-type", "text/event-stream")
                .body(axum::body::Body::from_stream(stream))
                .unwrap();
        }
        axum::response::Response::builder()
            .header("content-type", "application/json")
            .body(axum::body::Body::from("{\"ok\":true}"))
            .unwrap()
    }

    /// A real local HTTP server standing in for the model API; returns its
    /// base URL (`http://127.0.0.1:PORT/v1`), what it saw, and the sender
    /// of its SSE body.
    async fn upstream() -> (String, FakeApi, mpsc::Sender<Bytes>) {
        let (tx, rx) = mpsc::channel(8);
        let up = FakeApi {
            seen: Arc::default(),
            sse: Arc::new(tokio::sync::Mutex::new(Some(rx))),
        };
        let app = axum::Router::new().fallback(record).with_state(up.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        (format!("http://{addr}/v1"), up, tx)
    }

    /// A gateway for `base` on a socket in `dir`, serving.
    fn gateway(
        dir: &std::path::Path,
        base: &str,
        scheme: AuthScheme,
        key: Option<&str>,
        limits: Limits,
    ) -> std::path::PathBuf {
        let socket = dir.join("gateway.sock");
        let gateway = Gateway::new(
            "agt-1".into(),
            "codex".into(),
            "OPENAI_API_KEY".into(),
            scheme,
            key.map(|k| ModelKey::new(k.to_owned())),
            Upstream::parse(base).unwrap(),
            limits,
        )
        .unwrap();
        let listener = UnixListener::bind(&socket).unwrap();
        tokio::spawn(serve(listener, Arc::new(gateway)));
        socket
    }

    /// Send `raw` and read the whole answer (the request says `close`).
    async fn ask(socket: &std::path::Path, raw: &[u8]) -> String {
        let mut conn = tokio::net::UnixStream::connect(socket).await.unwrap();
        // A refusal may come (and the connection close) before the whole
        // request is written: what was answered is read all the same.
        let _ = conn.write_all(raw).await;
        let mut out = Vec::new();
        let mut buf = [0u8; 8192];
        tokio::time::timeout(Duration::from_secs(20), async {
            while let Ok(n) = conn.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                out.extend_from_slice(&buf[..n]);
            }
        })
        .await
        .expect("the gateway answered in time");
        String::from_utf8_lossy(&out).into_owned()
    }

    fn post(path: &str, extra: &str, body: &str) -> Vec<u8> {
        format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:3130\r\nConnection: close\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    }

    fn status(answer: &str) -> u16 {
        answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {answer:?}"))
    }

    #[tokio::test]
    async fn the_agents_auth_headers_are_replaced_by_the_key_in_the_kinds_scheme() {
        let dir = tempfile::tempdir().unwrap();
        let (base, up, _tx) = upstream().await;
        for (scheme, header, value) in [
            (AuthScheme::Bearer, "authorization", format!("Bearer {KEY}")),
            (AuthScheme::XApiKey, "x-api-key", KEY.to_owned()),
            (AuthScheme::XGoogApiKey, "x-goog-api-key", KEY.to_owned()),
        ] {
            let sub = dir.path().join(header);
            fs_err::create_dir_all(&sub).unwrap();
            let socket = gateway(&sub, &base, scheme, Some(KEY), Limits::default());
            let answer = ask(
                &socket,
                &post(
                    "/v1/responses?key=placeholder&alt=json",
                    "Authorization: Bearer compass-gateway-placeholder\r\nx-api-key: compass-gateway-placeholder\r\nx-goog-api-key: compass-gateway-placeholder\r\napi-key: compass-gateway-placeholder\r\nConnection: close, x-private\r\nx-private: hop\r\nx-agent: kept\r\n",
                    "{\"model\":\"m\"}",
                ),
            )
            .await;
            assert_eq!(status(&answer), 200, "{answer}");
            assert!(answer.contains("{\"ok\":true}"), "{answer}");
            let seen = up.seen.lock().unwrap().pop().unwrap();
            let auth: Vec<_> = seen
                .headers
                .iter()
                .filter(|(n, _)| AuthScheme::AUTH_HEADERS.contains(&n.as_str()))
                .cloned()
                .collect();
            assert_eq!(auth, vec![(header.to_owned(), value.clone())]);
            assert!(
                !seen.headers.iter().any(|(_, v)| v.contains("placeholder")),
                "{seen:?}"
            );
            // The `key` query parameter is gone, the rest kept; a header
            // `Connection` names is one hop's, others pass.
            assert_eq!(seen.path_and_query, "/v1/responses?alt=json");
            assert!(!seen.headers.iter().any(|(n, _)| n == "x-private"));
            assert!(
                seen.headers
                    .iter()
                    .any(|(n, v)| n == "x-agent" && v == "kept")
            );
            assert_eq!(seen.body, "{\"model\":\"m\"}".len());
        }
    }

    #[tokio::test]
    async fn server_sent_events_arrive_chunk_by_chunk_before_the_upstream_ends() {
        let dir = tempfile::tempdir().unwrap();
        let (base, _up, tx) = upstream().await;
        let socket = gateway(
            dir.path(),
            &base,
            AuthScheme::Bearer,
            Some(KEY),
            Limits::default(),
        );
        let mut conn = tokio::net::UnixStream::connect(&socket).await.unwrap();
        conn.write_all(&post("/v1/stream", "", "{}")).await.unwrap();
        tx.send(Bytes::from_static(b"data: one\n\n")).await.unwrap();
        // The first event arrives while the upstream still holds the rest
        // (its body has not ended: the sender is alive and silent).
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        tokio::time::timeout(Duration::from_secs(10), async {
            while !String::from_utf8_lossy(&got).contains("data: one") {
                let n = conn.read(&mut buf).await.unwrap();
                assert!(
                    n > 0,
                    "the answer ended early: {}",
                    String::from_utf8_lossy(&got)
                );
                got.extend_from_slice(&buf[..n]);
            }
        })
        .await
        .expect("the first event arrived before the upstream finished");
        let text = String::from_utf8_lossy(&got).into_owned();
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(text.contains("text/event-stream"), "{text}");
        assert!(!text.contains("data: two"), "{text}");
        tx.send(Bytes::from_static(b"data: two\n\n")).await.unwrap();
        drop(tx);
        let mut rest = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), conn.read_to_end(&mut rest))
            .await
            .unwrap()
            .unwrap();
        assert!(String::from_utf8_lossy(&rest).contains("data: two"));
    }

    #[tokio::test]
    async fn requests_outside_the_base_or_not_in_origin_form_are_refused_unsent() {
        let dir = tempfile::tempdir().unwrap();
        let (base, up, _tx) = upstream().await;
        let socket = gateway(
            dir.path(),
            &base,
            AuthScheme::Bearer,
            Some(KEY),
            Limits::default(),
        );
        for (raw, want) in [
            (post("/admin", "", "{}"), 403),
            (post("/v10/responses", "", "{}"), 403),
            (post("/v1/../admin", "", "{}"), 400),
            (post("/v1/%2e%2e/admin", "", "{}"), 400),
            (post("/v1/a%2Fb", "", "{}"), 400),
            (
                post("http://api.openai.com/v1/responses", "", "{}"),
                400,
            ),
            (
                b"CONNECT api.openai.com:443 HTTP/1.1\r\nHost: api.openai.com:443\r\nConnection: close\r\n\r\n".to_vec(),
                400,
            ),
        ] {
            let answer = ask(&socket, &raw).await;
            assert_eq!(status(&answer), want, "{}: {answer}", String::from_utf8_lossy(&raw));
            assert!(answer.contains("compass model gateway"), "{answer}");
        }
        assert!(
            up.seen.lock().unwrap().is_empty(),
            "a refused request was sent"
        );
        // The base itself and what lies under it pass.
        assert_eq!(
            status(&ask(&socket, &post("/v1/responses", "", "{}")).await),
            200
        );
    }

    #[tokio::test]
    async fn an_oversize_body_is_refused_413_declared_or_chunked() {
        let dir = tempfile::tempdir().unwrap();
        let (base, up, _tx) = upstream().await;
        let limits = Limits {
            max_body: 1024,
            ..Limits::default()
        };
        let socket = gateway(dir.path(), &base, AuthScheme::Bearer, Some(KEY), limits);
        let big = "x".repeat(2048);
        let answer = ask(&socket, &post("/v1/responses", "", &big)).await;
        assert_eq!(status(&answer), 413, "{answer}");
        let chunked = format!(
            "POST /v1/responses HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{big}\r\n0\r\n\r\n",
            big.len()
        );
        let answer = ask(&socket, chunked.as_bytes()).await;
        assert_eq!(status(&answer), 413, "{answer}");
        assert!(up.seen.lock().unwrap().is_empty());
        // Within the bound it passes.
        let answer = ask(&socket, &post("/v1/responses", "", &"y".repeat(1000))).await;
        assert_eq!(status(&answer), 200, "{answer}");
    }

    #[tokio::test]
    async fn an_oversize_head_is_refused_unsent() {
        let dir = tempfile::tempdir().unwrap();
        let (base, up, _tx) = upstream().await;
        let socket = gateway(
            dir.path(),
            &base,
            AuthScheme::Bearer,
            Some(KEY),
            Limits::default(),
        );
        let big = format!("x-padding: {}\r\n", "p".repeat(MAX_HEAD * 2));
        let answer = ask(&socket, &post("/v1/responses", &big, "{}")).await;
        assert_eq!(status(&answer), 431, "{answer}");
        assert!(up.seen.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn an_upstream_that_is_down_is_a_502_and_an_unset_key_says_which() {
        let dir = tempfile::tempdir().unwrap();
        // A port nothing listens on: bound, then closed.
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let down = dir.path().join("down");
        fs_err::create_dir_all(&down).unwrap();
        let socket = gateway(
            &down,
            &format!("http://127.0.0.1:{port}/v1"),
            AuthScheme::Bearer,
            Some(KEY),
            Limits::default(),
        );
        let answer = ask(&socket, &post("/v1/responses", "", "{}")).await;
        assert_eq!(status(&answer), 502, "{answer}");
        assert!(answer.contains("could not be reached"), "{answer}");
        let (base, up, _tx) = upstream().await;
        let unset = dir.path().join("unset");
        fs_err::create_dir_all(&unset).unwrap();
        let socket = gateway(&unset, &base, AuthScheme::Bearer, None, Limits::default());
        let answer = ask(&socket, &post("/v1/responses", "", "{}")).await;
        assert_eq!(status(&answer), 502, "{answer}");
        assert!(answer.contains("OPENAI_API_KEY is not set"), "{answer}");
        assert!(up.seen.lock().unwrap().is_empty());
    }

    /// A writer every log line of the test goes to.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn the_key_is_in_no_log_line() {
        let logs = Captured::default();
        let writer = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_writer(move || writer.clone())
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let dir = tempfile::tempdir().unwrap();
        let (base, _up, _tx) = upstream().await;
        let ok = dir.path().join("ok");
        fs_err::create_dir_all(&ok).unwrap();
        let socket = gateway(&ok, &base, AuthScheme::Bearer, Some(KEY), Limits::default());
        assert_eq!(
            status(&ask(&socket, &post("/v1/responses", "", "{}")).await),
            200
        );
        assert_eq!(
            status(&ask(&socket, &post("/elsewhere", "", "{}")).await),
            403
        );
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let down = dir.path().join("down");
        fs_err::create_dir_all(&down).unwrap();
        let socket = gateway(
            &down,
            &format!("http://127.0.0.1:{port}/v1"),
            AuthScheme::XApiKey,
            Some(KEY),
            Limits::default(),
        );
        assert_eq!(
            status(&ask(&socket, &post("/v1/messages", "", "{}")).await),
            502
        );
        let text = String::from_utf8_lossy(&logs.0.lock().unwrap()).into_owned();
        assert!(text.contains("model gateway"), "nothing was logged: {text}");
        assert!(text.contains("could not be reached"), "{text}");
        assert!(!text.contains(KEY), "the key was logged:\n{text}");
        // Nor does the key's holder show it.
        let key = ModelKey::new(KEY.to_owned());
        assert!(!format!("{key:?}").contains(KEY));
    }

    #[test]
    fn upstreams_are_https_or_loopback_http_and_keep_their_path() {
        let u = Upstream::parse("https://api.openai.com/v1/").unwrap();
        assert_eq!(u.inner_url(), "http://127.0.0.1:3130/v1");
        assert!(u.admits("/v1/responses") && u.admits("/v1") && !u.admits("/v1x"));
        let u = Upstream::parse("https://api.anthropic.com").unwrap();
        assert_eq!(u.inner_url(), "http://127.0.0.1:3130");
        assert!(u.admits("/v1/messages"));
        assert!(Upstream::parse("http://localhost:8080/v1").is_ok());
        assert!(Upstream::parse("http://[::1]:8080").is_ok());
        for bad in [
            "http://api.openai.com/v1",
            "ftp://127.0.0.1/",
            "https://user:pw@api.openai.com",
            "https://api.openai.com/v1?x=1",
            "https://api.openai.com/v1#part",
            "not a url",
        ] {
            assert!(Upstream::parse(bad).is_err(), "{bad}");
        }
    }
}
