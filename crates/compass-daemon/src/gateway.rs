//! The model gateway: an agent's model key never enters its workload.
//!
//! The agent's base URL points at plain HTTP on its workload's own
//! loopback (`compass_runtime::relay::GATEWAY_LISTEN`), which the
//! in-workload forwarder pipes to this agent's gateway socket in its run
//! dir (the egress proxy routes that address there too). Here, host-side,
//! each request is checked, in this order, and refused unsent on the
//! first failure:
//! - origin form only (no `CONNECT`, no absolute URL): 400;
//! - the agent's own [`GatewayToken`], in the kind's auth header: 401.
//!   Every start makes a fresh one, delivered to the agent process alone
//!   (its kind's kept credential, `compass-confine launch --keep-env`),
//!   so its confined tool commands, other processes of the workload and
//!   a host-tier agent that connects to the socket cannot use the key;
//! - a path with no dot or empty segment, percent-escape, backslash or `;`: 400;
//! - `GET`/`POST` to a path the kind's API family serves its agents
//!   ([`allowed`]: the messages/responses/generate endpoints and model
//!   listing, nothing else — no files, batches or admin): 403 naming it;
//! - a body within [`Limits::max_body`], sent within
//!   [`Limits::body_timeout`], and within this agent's budget of bytes in
//!   flight ([`Limits::in_flight`]): 413, 408, 503;
//! - a JSON body asking the provider to fetch a URL the agent chose
//!   ([`fetches_for_the_agent`]: MCP servers, URL context, retrieval, web
//!   fetch, content given by URL, OpenAI's web search): 403 — the provider
//!   would reach a host the workload's egress allowlist does not hold;
//! - a JSON body offering the model the provider's own web search
//!   ([`offers_provider_search`]: Anthropic's `web_search_*`, Gemini's
//!   `googleSearch` and kin), unless the kind's `gateway.web_search` is
//!   true ([`ProviderSearch`]): 403 naming the tool — its search engine
//!   reads pages past the allowlist, a query can carry data out, and the
//!   results reach the model past Warden. The built-in kinds' managed
//!   settings keep their agents from offering it.
//!
//! What is sent on is that JSON written again, never the agent's bytes (no
//! duplicate key read one way here and another upstream).
//!
//! It is then stripped of every auth header the agent sent (its token),
//! given the real key in the kind's scheme, and sent to the real upstream
//! with `reqwest`; the answer streams back as it comes (the agents read
//! server-sent events chunk by chunk). A failure is an HTTP error with a
//! short JSON body naming it; a refusal is logged (the first, then every
//! [`LOG_EVERY`]th, with a count), never with the key or the token.
//!
//! Boundary: the key is read from the secret store for each request
//! ([`KeySource`]), so `compass secret set`/`rm` reach a running gateway,
//! and is held in this process's memory only (a redacting [`ModelKey`]);
//! the workload holds the agent's token (in the agent process) and
//! `compass_acp::GATEWAY_PLACEHOLDER` (everywhere else). Which kinds use a
//! gateway, and where, is decided by the fleet (`fleet::spec`): only where
//! the workload's loopback is its own.

use bytes::Bytes;
use compass_acp::AuthScheme;
use http::{HeaderMap, HeaderName, HeaderValue, Method, Request, Response, StatusCode};
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::net::UnixListener;
use tokio::sync::Semaphore;

/// The largest request body the gateway forwards (a model request with a
/// long context is a few MiB).
pub(crate) const MAX_BODY: usize = 32 << 20;
/// The bytes of request bodies one agent's gateway holds at once, all
/// connections together: a slow or stuck sender holds at most this much
/// of the daemon's memory.
pub(crate) const MAX_IN_FLIGHT: usize = 64 << 20;
/// The largest request head (request line and headers) it reads.
pub(crate) const MAX_HEAD: usize = 64 << 10;
/// Connections one agent's gateway serves at once (each is a descriptor of
/// the daemon's, two with its upstream); the next are refused.
pub(crate) const MAX_CONNECTIONS: usize = 64;
/// A refused request is logged at `info` the first time and then every
/// this many times (with the count); the others at `debug`.
pub(crate) const LOG_EVERY: u64 = 100;

/// The gateway's bounds, one place.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) max_body: usize,
    /// Bytes of request bodies held at once, all connections together.
    pub(crate) in_flight: usize,
    /// How long a client may take to send its request head.
    pub(crate) head_timeout: Duration,
    /// How long a client may take to send its whole request body.
    pub(crate) body_timeout: Duration,
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
            in_flight: MAX_IN_FLIGHT,
            head_timeout: Duration::from_secs(10),
            // The agent is on this machine: 32 MiB takes well under this.
            body_timeout: Duration::from_secs(60),
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

/// The token one agent start presents to its gateway in place of the key:
/// fresh random for each start, worth nothing outside that agent's
/// gateway. `Debug` never shows it.
#[derive(Clone)]
pub(crate) struct GatewayToken(String);

impl GatewayToken {
    /// A fresh token (192 random bits, hex).
    pub(crate) fn fresh() -> Self {
        Self(crate::token::new_token())
    }

    /// The value delivered to the agent process.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }

    /// Whether `presented` (an auth header's value) carries this token:
    /// the value itself or `Bearer TOKEN`, compared in constant time.
    fn presented_in(&self, presented: &[u8]) -> bool {
        let bare = presented
            .strip_prefix(b"Bearer ")
            .or_else(|| presented.strip_prefix(b"bearer "))
            .unwrap_or(presented);
        crate::token::token_matches(bare, self.0.as_bytes())
    }
}

impl std::fmt::Debug for GatewayToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GatewayToken(<redacted>)")
    }
}

/// Where the gateway finds the model key, asked at every request (so a
/// key set, changed or removed reaches a running gateway).
pub(crate) trait KeySource: Send + Sync + std::fmt::Debug {
    /// The key; `Err` says why there is none to use (not set, bound to a
    /// remote, unreadable), for the agent to read.
    fn key(&self) -> Result<ModelKey, String>;
}

/// The key in the daemon's secret store under `name`.
#[derive(Debug)]
pub(crate) struct StoreKey {
    pub(crate) store: crate::secrets::SecretStore,
    pub(crate) name: String,
}

impl KeySource for StoreKey {
    fn key(&self) -> Result<ModelKey, String> {
        let name = &self.name;
        // A forge-bound secret authenticates Compass's git, never a model
        // call an agent makes.
        match self.store.bound_to(name) {
            Ok(None) => {}
            Ok(Some(bound)) => {
                return Err(format!(
                    "the model key {name} is bound to {bound} and is not used for model calls"
                ));
            }
            Err(e) => return Err(format!("reading the model key {name}: {e}")),
        }
        let value = self
            .store
            .get(name)
            .map_err(|e| format!("reading the model key {name}: {e}"))?
            .ok_or_else(|| {
                format!("the model key {name} is not set (compass secret set {name})")
            })?;
        let text = String::from_utf8(value.expose().to_vec())
            .map_err(|_| format!("the model key {name} is not UTF-8"))?;
        Ok(ModelKey::new(
            text.trim_end_matches(['\n', '\r']).to_owned(),
        ))
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

    /// `path` below the base path (`/v1/responses` under `/v1` is
    /// `/responses`), or `None` when it is not under it.
    fn below<'p>(&self, path: &'p str) -> Option<&'p str> {
        let rest = path.strip_prefix(&self.base_path)?;
        (rest.starts_with('/')).then_some(rest)
    }
}

/// A path that could mean another once the upstream normalises it: a dot
/// segment, an empty one (`//`), any percent-escape (no model endpoint
/// needs one; `%2e`, `%252e` decoded twice, `%3A` moving a Gemini verb),
/// a backslash, or a `;` (a path parameter some servers strip: `..;`).
/// The leading `/` of an absolute path is not an empty segment.
fn unsafe_path(path: &str) -> bool {
    path.contains('\\')
        || path.contains(';')
        || path.contains('%')
        || path
            .strip_prefix('/')
            .unwrap_or(path)
            .split('/')
            .any(|s| s == "." || s == "..")
        || path.contains("//")
}

/// Whether `method` on `rest` (the path below the base) is one the kind's
/// API family serves its agents: a model call, token counting, model
/// listing. Everything else a key could reach (files, batches, fine-tuning,
/// vector stores, admin) is not. The family is the scheme's: `x-api-key`
/// Anthropic, `bearer` OpenAI (and OpenAI-compatible), `x-goog-api-key`
/// Gemini.
pub(crate) fn allowed(scheme: AuthScheme, method: &Method, rest: &str) -> bool {
    let segments: Vec<&str> = rest.trim_start_matches('/').split('/').collect();
    let one_name = |s: &str| !s.is_empty();
    let post = method == Method::POST;
    let get = method == Method::GET;
    match scheme {
        AuthScheme::XApiKey => match segments.as_slice() {
            ["v1", "messages"] | ["v1", "messages", "count_tokens"] => post,
            ["v1", "models"] => get,
            ["v1", "models", id] => get && one_name(id),
            _ => false,
        },
        AuthScheme::Bearer => match segments.as_slice() {
            ["responses"] | ["chat", "completions"] => post,
            ["models"] => get,
            ["models", id] => get && one_name(id),
            _ => false,
        },
        AuthScheme::XGoogApiKey => match segments.as_slice() {
            [version, "models"] if gemini_version(version) => get,
            [version, "models", call] if gemini_version(version) => match call.split_once(':') {
                Some((model, action)) => {
                    post && one_name(model)
                        && matches!(
                            action,
                            "generateContent" | "streamGenerateContent" | "countTokens"
                        )
                }
                None => get && one_name(call),
            },
            _ => false,
        },
    }
}

fn gemini_version(segment: &str) -> bool {
    matches!(segment, "v1" | "v1beta" | "v1alpha")
}

/// Why a model request's JSON body would make the provider fetch a URL the
/// agent chose (reach a host the workload's egress allowlist does not
/// hold), or `None`: MCP servers (Anthropic's `mcp_servers`, `mcp_toolset`,
/// OpenAI's `mcp` tool), web fetch, Gemini's URL context and retrieval
/// (whose external API is a fetch), content given by an `http(s)` URL
/// anywhere in the body (an image, a document or a file the provider
/// downloads), and — for the OpenAI family, whose built-in agents send
/// none since Codex's managed config turns it off — web search
/// (`web_search*` tools, `web_search_options`: OpenAI's can open a page the
/// model names). A `tools` that is not a list is refused too (a shape the
/// check cannot read). Whatever the kind says: Anthropic's and Gemini's
/// search, which only search, are [`offers_provider_search`]'s.
pub(crate) fn fetches_for_the_agent(
    scheme: AuthScheme,
    body: &serde_json::Value,
) -> Option<String> {
    let fetches = |what: &str| Some(format!("{what} (the provider would fetch for the agent)"));
    let obj = body.as_object()?;
    if obj.get("mcp_servers").is_some_and(|v| !v.is_null()) {
        return Some("mcp_servers (the provider would connect to them)".into());
    }
    let openai = scheme == AuthScheme::Bearer;
    if openai && obj.get("web_search_options").is_some_and(|v| !v.is_null()) {
        return fetches("web_search_options");
    }
    match obj.get("tools") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::Array(tools)) => {
            for tool in tools.iter().filter_map(|t| t.as_object()) {
                if let Some(kind) = tool.get("type").and_then(|t| t.as_str()) {
                    let k = kind.to_ascii_lowercase();
                    if k == "mcp"
                        || k.starts_with("mcp_")
                        || k.starts_with("web_fetch")
                        || (openai && k.starts_with("web_search"))
                    {
                        return fetches(&format!("a {kind} tool"));
                    }
                }
                if let Some(key) = tool
                    .keys()
                    .find(|k| matches!(gemini_tool(k).as_str(), "urlcontext" | "retrieval"))
                {
                    return fetches(&format!("a {key} tool"));
                }
            }
        }
        Some(_) => return Some("a `tools` that is not a list (unread, so refused)".into()),
    }
    content_by_url(body).map(|what| format!("{what} given by URL (the provider would download it)"))
}

/// A Gemini tool's key as the API reads it, whichever spelling was sent
/// (`googleSearch`, `google_search`): lowercase, without underscores.
fn gemini_tool(key: &str) -> String {
    key.chars()
        .filter(|c| *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether a request may offer the model the provider's own web search:
/// the kind's `gateway.web_search`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ProviderSearch {
    /// Refused unsent (the default): the provider's search engine reads
    /// pages past the workload's allowlist, a query can carry data out,
    /// and the results reach the model past Warden.
    Refused,
    /// The user's choice of that trade, for a kind that declares it.
    Allowed,
}

impl ProviderSearch {
    /// The kind's choice.
    pub(crate) fn of(gateway: &compass_acp::Gateway) -> Self {
        if gateway.web_search {
            Self::Allowed
        } else {
            Self::Refused
        }
    }
}

/// The provider-side web search a model request's JSON body offers the
/// model, named as sent, or `None`: a tool whose `type` starts with
/// `web_search` (Anthropic's `web_search_20250305`, `web_search_20260209`;
/// OpenAI's, refused as a fetch besides), and Gemini's grounding tools
/// (`googleSearch`, `googleSearchRetrieval`, `enterpriseWebSearch`,
/// `googleMaps`, in either spelling). A tool of the agent's own that only
/// calls itself a search (a function named `WebSearch`) is not: it runs in
/// the workload, through its allowlist and the agent's hooks.
pub(crate) fn offers_provider_search(body: &serde_json::Value) -> Option<String> {
    let tools = body.get("tools")?.as_array()?;
    for tool in tools.iter().filter_map(|t| t.as_object()) {
        if let Some(kind) = tool.get("type").and_then(|t| t.as_str())
            && kind.to_ascii_lowercase().starts_with("web_search")
        {
            return Some(format!("a {kind} tool"));
        }
        if let Some(key) = tool.keys().find(|k| {
            matches!(
                gemini_tool(k).as_str(),
                "googlesearch" | "googlesearchretrieval" | "enterprisewebsearch" | "googlemaps"
            )
        }) {
            return Some(format!("a {key} tool"));
        }
    }
    None
}

/// The first piece of content in `value` the provider would download from
/// an `http(s)` URL: Anthropic's `image`/`document` with a `url` source,
/// OpenAI's `input_image`/`input_file` (Responses) and `image_url`
/// (Chat Completions) parts, Gemini's `fileData`. Only those shapes: a
/// URL inside a tool call's arguments or a tool's schema is the agent's
/// own business.
fn content_by_url(value: &serde_json::Value) -> Option<&'static str> {
    let remote = |v: Option<&serde_json::Value>| {
        v.and_then(|v| v.as_str()).is_some_and(|u| {
            let u = u.trim_start().to_ascii_lowercase();
            u.starts_with("http:") || u.starts_with("https:") || u.starts_with("//")
        })
    };
    match value {
        serde_json::Value::Array(items) => items.iter().find_map(content_by_url),
        serde_json::Value::Object(obj) => {
            let kind = obj.get("type").and_then(|t| t.as_str());
            let source = obj.get("source");
            let found = match kind {
                Some("image" | "document") => {
                    (source.and_then(|s| s.get("type")).and_then(|t| t.as_str()) == Some("url"))
                        .then_some("an image or document")
                }
                Some("input_image") if remote(obj.get("image_url")) => Some("an image"),
                Some("input_file") if remote(obj.get("file_url")) => Some("a file"),
                Some("image_url")
                    if remote(obj.get("image_url").and_then(|i| i.get("url")))
                        || remote(obj.get("image_url")) =>
                {
                    Some("an image")
                }
                _ => None,
            };
            let file_data = ["fileData", "file_data"]
                .iter()
                .filter_map(|k| obj.get(*k))
                .any(|d| remote(d.get("fileUri")) || remote(d.get("file_uri")));
            found
                .or(file_data.then_some("a file"))
                .or_else(|| obj.values().find_map(content_by_url))
        }
        _ => None,
    }
}

/// One agent's gateway.
#[derive(Debug)]
pub(crate) struct Gateway {
    /// For logs: the agent and its kind.
    pub(crate) agent: String,
    pub(crate) kind: String,
    pub(crate) scheme: AuthScheme,
    /// Whether the provider's own web search passes.
    pub(crate) search: ProviderSearch,
    /// The token this start's agent presents.
    token: GatewayToken,
    /// Where the key is read, at every request.
    keys: Box<dyn KeySource>,
    pub(crate) upstream: Upstream,
    pub(crate) limits: Limits,
    /// Bytes of request bodies held now, as permits.
    in_flight: Arc<Semaphore>,
    /// Requests refused so far (for the rate-limited log line).
    refused: AtomicU64,
    client: reqwest::Client,
}

/// What [`Gateway::new`] takes.
pub(crate) struct GatewaySetup {
    pub(crate) agent: String,
    pub(crate) kind: String,
    pub(crate) scheme: AuthScheme,
    pub(crate) search: ProviderSearch,
    pub(crate) token: GatewayToken,
    pub(crate) keys: Box<dyn KeySource>,
    pub(crate) upstream: Upstream,
    pub(crate) limits: Limits,
}

impl Gateway {
    pub(crate) fn new(setup: GatewaySetup) -> Result<Self, GatewayError> {
        let GatewaySetup {
            agent,
            kind,
            scheme,
            search,
            token,
            keys,
            upstream,
            limits,
        } = setup;
        // Direct, like the egress proxy's own connections; never a
        // redirect (the key would follow it to another origin).
        let client = reqwest::Client::builder()
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(limits.connect_timeout)
            .read_timeout(limits.idle_timeout)
            .build()
            .map_err(|e| GatewayError::Client(e.to_string()))?;
        // Semaphore permits are counted in u32 and bounded by its MAX.
        let permits = limits
            .in_flight
            .min(Semaphore::MAX_PERMITS)
            .min(u32::MAX as usize);
        Ok(Self {
            agent,
            kind,
            scheme,
            search,
            token,
            keys,
            upstream,
            limits,
            in_flight: Arc::new(Semaphore::new(permits)),
            refused: AtomicU64::new(0),
            client,
        })
    }

    /// Whether the request carries this start's token in one of the auth
    /// headers (the kind's own, or any an SDK may use).
    fn authorized(&self, headers: &HeaderMap) -> bool {
        let mut found = false;
        for name in AuthScheme::AUTH_HEADERS {
            for value in headers.get_all(name) {
                // Every value is compared: no early exit on a match.
                found |= self.token.presented_in(value.as_bytes());
            }
        }
        found
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

/// One request, answered. A refusal is logged at `info` the first time
/// and every [`LOG_EVERY`]th (the path is the agent's choice: a flood of
/// refusals is one line per hundred), the rest at `debug`.
async fn handle(gateway: &Gateway, req: Request<Incoming>) -> Response<Body> {
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let resp = forward(gateway, req).await;
    let status = resp.status();
    if status.is_success() {
        tracing::debug!(agent = %gateway.agent, kind = %gateway.kind, %method, %path, status = status.as_u16(), "model gateway");
    } else {
        let refused = gateway.refused.fetch_add(1, Ordering::Relaxed) + 1;
        if refused == 1 || refused.is_multiple_of(LOG_EVERY) {
            tracing::info!(agent = %gateway.agent, kind = %gateway.kind, %method, %path, status = status.as_u16(), refused, "model gateway answered an error");
        } else {
            tracing::debug!(agent = %gateway.agent, kind = %gateway.kind, %method, %path, status = status.as_u16(), refused, "model gateway answered an error");
        }
    }
    resp
}

async fn forward(gateway: &Gateway, req: Request<Incoming>) -> Response<Body> {
    let (parts, body) = req.into_parts();
    if parts.method == Method::CONNECT {
        return drained(
            gateway,
            body,
            refuse(
                StatusCode::BAD_REQUEST,
                "CONNECT is not served: send the model API request itself",
            ),
        )
        .await;
    }
    let uri = &parts.uri;
    if uri.scheme().is_some() || uri.authority().is_some() {
        return drained(
            gateway,
            body,
            refuse(
                StatusCode::BAD_REQUEST,
                "an absolute URL is not served: send the path only (origin form)",
            ),
        )
        .await;
    }
    // Before anything about the request is looked at further: only this
    // start's agent process holds the token.
    if !gateway.authorized(&parts.headers) {
        return drained(gateway, body, refuse(
            StatusCode::UNAUTHORIZED,
            "the request does not carry this agent's gateway token (only the agent's own process holds it; its tools do not)",
        )).await;
    }
    let path = uri.path().to_owned();
    if !path.starts_with('/') || unsafe_path(&path) {
        return drained(
            gateway,
            body,
            refuse(
                StatusCode::BAD_REQUEST,
                "the path has a dot segment, a `;` or an encoded separator or percent",
            ),
        )
        .await;
    }
    let Some(rest) = gateway.upstream.below(&path) else {
        return drained(
            gateway,
            body,
            refuse(
                StatusCode::FORBIDDEN,
                &format!(
                    "{path} is outside the model API's base path {}",
                    if gateway.upstream.base_path.is_empty() {
                        "/"
                    } else {
                        &gateway.upstream.base_path
                    }
                ),
            ),
        )
        .await;
    };
    if !allowed(gateway.scheme, &parts.method, rest) {
        return drained(gateway, body, refuse(
            StatusCode::FORBIDDEN,
            &format!(
                "{} {path} is not a model call this gateway serves (model requests, token counting and model listing only)",
                parts.method
            ),
        )).await;
    }
    let max = gateway.limits.max_body;
    let too_large = || {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the request body is larger than {max} bytes"),
        )
    };
    if parts
        .headers
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > max as u64)
    {
        return too_large();
    }
    // The body is read as JSON below: an encoded one would pass unread.
    if parts
        .headers
        .get_all(http::header::CONTENT_ENCODING)
        .iter()
        .any(|v| !v.as_bytes().eq_ignore_ascii_case(b"identity"))
    {
        return drained(
            gateway,
            body,
            refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a compressed request body is not served",
            ),
        )
        .await;
    }
    let key = match gateway.keys.key() {
        Ok(key) => key,
        Err(why) => {
            return drained(gateway, body, refuse(StatusCode::BAD_GATEWAY, &why)).await;
        }
    };
    let query = uri.query().map(without_key).unwrap_or_default();
    let mut target = format!("{}{path}", gateway.upstream.origin);
    if !query.is_empty() {
        target.push('?');
        target.push_str(&query);
    }
    let mut headers = forwardable(&parts.headers);
    let Ok(mut auth) = HeaderValue::from_str(&gateway.scheme.value(&key.0)) else {
        return drained(
            gateway,
            body,
            refuse(
                StatusCode::BAD_GATEWAY,
                "the model key cannot be sent in a header (a control character?)",
            ),
        )
        .await;
    };
    drop(key);
    auth.set_sensitive(true);
    headers.insert(HeaderName::from_static(gateway.scheme.header()), auth);
    let method = parts.method.clone();
    // The body, held until it is sent: its bytes count against this
    // agent's budget (`_held`), all within the body's deadline.
    let (body, _held) =
        match tokio::time::timeout(gateway.limits.body_timeout, read_body(gateway, body)).await {
            Ok(Ok(read)) => read,
            Ok(Err(BodyRefusal::TooLarge)) => return too_large(),
            Ok(Err(BodyRefusal::Busy)) => {
                return refuse(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "this agent's model gateway holds too many request bytes at once; try again",
                );
            }
            Ok(Err(BodyRefusal::Read(e))) => {
                return refuse(
                    StatusCode::BAD_REQUEST,
                    &format!("reading the request body: {e}"),
                );
            }
            Err(_) => {
                return refuse(
                    StatusCode::REQUEST_TIMEOUT,
                    &format!(
                        "the request body did not arrive within {} s",
                        gateway.limits.body_timeout.as_secs()
                    ),
                );
            }
        };
    // What is sent is what was checked: the JSON as read (one value per
    // key), written again, never the agent's bytes.
    let body = if body.is_empty() {
        body
    } else {
        let Ok(json) = serde_json::from_slice::<serde_json::Value>(&body) else {
            return refuse(
                StatusCode::BAD_REQUEST,
                "the request body is not JSON (a model request is)",
            );
        };
        if let Some(why) = fetches_for_the_agent(gateway.scheme, &json) {
            return refuse(
                StatusCode::FORBIDDEN,
                &format!(
                    "the request asks for {why}; the agent's web access is its own tools', through its egress allowlist"
                ),
            );
        }
        if gateway.search == ProviderSearch::Refused
            && let Some(tool) = offers_provider_search(&json)
        {
            return refuse(
                StatusCode::FORBIDDEN,
                &format!(
                    "the request offers the model the provider's web search ({tool}), which this kind's gateway refuses (web_search = false): its search engine reads pages past the egress allowlist and its results reach the model past Warden; the agent's web access is its own tools'"
                ),
            );
        }
        match serde_json::to_vec(&json) {
            Ok(bytes) => bytes.into(),
            Err(e) => {
                return refuse(
                    StatusCode::BAD_REQUEST,
                    &format!("the request body could not be written again: {e}"),
                );
            }
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

/// `resp` (a refusal), once the request's body is read and dropped
/// (at most [`Limits::max_body`] bytes, within [`Limits::body_timeout`]):
/// a connection closed with the body unread can lose the answer on its way
/// back through a forwarder that was still writing the body.
async fn drained(gateway: &Gateway, mut body: Incoming, resp: Response<Body>) -> Response<Body> {
    let max = gateway.limits.max_body;
    let _ = tokio::time::timeout(gateway.limits.body_timeout, async {
        let mut seen = 0usize;
        while let Some(Ok(frame)) = body.frame().await {
            seen += frame.data_ref().map_or(0, Bytes::len);
            if seen > max {
                break;
            }
        }
    })
    .await;
    resp
}

/// Why a request body was not read whole.
enum BodyRefusal {
    TooLarge,
    /// The agent's budget of bytes in flight is spent.
    Busy,
    Read(String),
}

/// Read a request body frame by frame, each frame's bytes taken from the
/// agent's budget first (none left: [`BodyRefusal::Busy`]); the permits
/// are returned with the body, held until it is sent.
async fn read_body(
    gateway: &Gateway,
    mut body: Incoming,
) -> Result<(Bytes, Vec<tokio::sync::OwnedSemaphorePermit>), BodyRefusal> {
    let mut buf = bytes::BytesMut::new();
    let mut held = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| BodyRefusal::Read(e.to_string()))?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if buf.len() + data.len() > gateway.limits.max_body {
            return Err(BodyRefusal::TooLarge);
        }
        if data.is_empty() {
            continue;
        }
        // `max_body` is below `u32::MAX`, and so is every frame here.
        let n = u32::try_from(data.len()).map_err(|_| BodyRefusal::TooLarge)?;
        if data.len() > gateway.limits.in_flight {
            return Err(BodyRefusal::Busy);
        }
        // No waiting for room: a sender that fills the budget makes the
        // others fail fast (503), not queue behind it.
        let permit = Arc::clone(&gateway.in_flight)
            .try_acquire_many_owned(n)
            .map_err(|_| BodyRefusal::Busy)?;
        held.push(permit);
        buf.extend_from_slice(&data);
    }
    Ok((buf.freeze(), held))
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
        let stream = req.headers().contains_key("x-test-stream");
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
        if stream {
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

    /// This start's token, as the tests' agent presents it.
    const TOKEN: &str = "0123456789abcdef-gateway-token";

    /// A gateway for `Bearer` keys (the key set, `limits`) in a fresh dir,
    /// before a recording upstream.
    struct Served {
        dir: tempfile::TempDir,
        up: FakeApi,
        socket: std::path::PathBuf,
        _tx: mpsc::Sender<Bytes>,
    }

    async fn served(limits: Limits) -> Served {
        let dir = tempfile::tempdir().unwrap();
        let (base, up, _tx) = upstream().await;
        let socket = gateway(dir.path(), &base, AuthScheme::Bearer, Some(KEY), limits);
        Served {
            dir,
            up,
            socket,
            _tx,
        }
    }

    impl Served {
        /// No request reached the upstream.
        fn nothing_sent(&self) {
            assert!(
                self.up.seen.lock().unwrap().is_empty(),
                "a refused request was sent"
            );
        }
    }

    /// A gateway in `dir/down` (the key set) whose upstream, at `base_path`
    /// on a loopback port nothing listens on (bound, then closed), is down.
    fn gateway_to_nothing(
        dir: &std::path::Path,
        base_path: &str,
        scheme: AuthScheme,
    ) -> std::path::PathBuf {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let down = dir.join("down");
        fs_err::create_dir_all(&down).unwrap();
        gateway(
            &down,
            &format!("http://127.0.0.1:{port}{base_path}"),
            scheme,
            Some(KEY),
            Limits::default(),
        )
    }

    /// A gateway for `base` on a socket in `dir`, serving, whose key is
    /// `OPENAI_API_KEY` in a real secret store in `dir` (set to `key`); the
    /// provider's web search refused, as by default.
    fn gateway(
        dir: &std::path::Path,
        base: &str,
        scheme: AuthScheme,
        key: Option<&str>,
        limits: Limits,
    ) -> std::path::PathBuf {
        searching(dir, base, scheme, key, limits, ProviderSearch::Refused)
    }

    /// [`gateway`], the provider's web search as `search` says.
    fn searching(
        dir: &std::path::Path,
        base: &str,
        scheme: AuthScheme,
        key: Option<&str>,
        limits: Limits,
        search: ProviderSearch,
    ) -> std::path::PathBuf {
        let socket = dir.join("gateway.sock");
        let store = crate::secrets::SecretStore::open(dir.join("secrets")).unwrap();
        if let Some(key) = key {
            store
                .set(
                    "OPENAI_API_KEY",
                    &compass_runtime::secrets::Secret::new(key.as_bytes().to_vec()),
                    None,
                )
                .unwrap();
        }
        let gateway = Gateway::new(GatewaySetup {
            agent: "agt-1".into(),
            kind: "codex".into(),
            scheme,
            search,
            token: GatewayToken(TOKEN.into()),
            keys: Box::new(StoreKey {
                store,
                name: "OPENAI_API_KEY".into(),
            }),
            upstream: Upstream::parse(base).unwrap(),
            limits,
        })
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

    /// A request the agent process makes: with its token.
    fn post(path: &str, extra: &str, body: &str) -> Vec<u8> {
        bare(
            "POST",
            path,
            &format!("Authorization: Bearer {TOKEN}\r\n{extra}"),
            body,
        )
    }

    /// A request as any other process of the workload could make it.
    fn bare(method: &str, path: &str, extra: &str, body: &str) -> Vec<u8> {
        format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:3130\r\nConnection: close\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
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
        let root = base.trim_end_matches("/v1");
        for (scheme, header, value, base, path) in [
            (
                AuthScheme::Bearer,
                "authorization",
                format!("Bearer {KEY}"),
                base.as_str(),
                "/v1/responses",
            ),
            (
                AuthScheme::XApiKey,
                "x-api-key",
                KEY.to_owned(),
                root,
                "/v1/messages",
            ),
            (
                AuthScheme::XGoogApiKey,
                "x-goog-api-key",
                KEY.to_owned(),
                root,
                "/v1beta/models/g:streamGenerateContent",
            ),
        ] {
            let sub = dir.path().join(header);
            fs_err::create_dir_all(&sub).unwrap();
            let socket = gateway(&sub, base, scheme, Some(KEY), Limits::default());
            let answer = ask(
                &socket,
                &post(
                    &format!("{path}?key=placeholder&alt=json"),
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
                !seen
                    .headers
                    .iter()
                    .any(|(_, v)| v.contains("placeholder") || v.contains(TOKEN)),
                "{seen:?}"
            );
            // The `key` query parameter is gone, the rest kept; a header
            // `Connection` names is one hop's, others pass.
            assert_eq!(seen.path_and_query, format!("{path}?alt=json"));
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
        conn.write_all(&post("/v1/responses", "x-test-stream: 1\r\n", "{}"))
            .await
            .unwrap();
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
        let s = served(Limits::default()).await;
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
            let answer = ask(&s.socket, &raw).await;
            assert_eq!(status(&answer), want, "{}: {answer}", String::from_utf8_lossy(&raw));
            assert!(answer.contains("compass model gateway"), "{answer}");
        }
        s.nothing_sent();
        // The base itself and what lies under it pass.
        assert_eq!(
            status(&ask(&s.socket, &post("/v1/responses", "", "{}")).await),
            200
        );
    }

    #[tokio::test]
    async fn an_oversize_body_is_refused_413_declared_or_chunked() {
        let limits = Limits {
            max_body: 1024,
            ..Limits::default()
        };
        let s = served(limits).await;
        let big = "x".repeat(2048);
        let answer = ask(&s.socket, &post("/v1/responses", "", &big)).await;
        assert_eq!(status(&answer), 413, "{answer}");
        let chunked = format!(
            "POST /v1/responses HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{big}\r\n0\r\n\r\n",
            big.len()
        );
        let answer = ask(&s.socket, chunked.as_bytes()).await;
        assert_eq!(status(&answer), 413, "{answer}");
        assert!(s.up.seen.lock().unwrap().is_empty());
        // Within the bound it passes.
        let fits = format!("{{\"pad\":\"{}\"}}", "y".repeat(980));
        let answer = ask(&s.socket, &post("/v1/responses", "", &fits)).await;
        assert_eq!(status(&answer), 200, "{answer}");
    }

    #[tokio::test]
    async fn an_oversize_head_is_refused_unsent() {
        let s = served(Limits::default()).await;
        let big = format!("x-padding: {}\r\n", "p".repeat(MAX_HEAD * 2));
        let answer = ask(&s.socket, &post("/v1/responses", &big, "{}")).await;
        assert_eq!(status(&answer), 431, "{answer}");
        assert!(s.up.seen.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn an_upstream_that_is_down_is_a_502_and_an_unset_key_says_which() {
        let dir = tempfile::tempdir().unwrap();
        let socket = gateway_to_nothing(dir.path(), "/v1", AuthScheme::Bearer);
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
        let socket = gateway_to_nothing(dir.path(), "", AuthScheme::XApiKey);
        assert_eq!(
            status(&ask(&socket, &post("/v1/messages", "", "{}")).await),
            502
        );
        let text = String::from_utf8_lossy(&logs.0.lock().unwrap()).into_owned();
        assert!(text.contains("model gateway"), "nothing was logged: {text}");
        assert!(text.contains("could not be reached"), "{text}");
        assert!(!text.contains(KEY), "the key was logged:\n{text}");
        assert!(!text.contains(TOKEN), "the token was logged:\n{text}");
        // Nor does the key's holder show it.
        let key = ModelKey::new(KEY.to_owned());
        assert!(!format!("{key:?}").contains(KEY));
    }

    /// Any process of the workload but the agent's own (a tool command, a
    /// host-tier agent that connects to the socket) holds no token: its
    /// request is refused 401 and never reaches the model API, whatever
    /// it presents (the public placeholder, a wrong token, the token in a
    /// header no scheme authenticates with).
    #[tokio::test]
    async fn a_request_without_this_starts_token_is_refused_unsent() {
        let s = served(Limits::default()).await;
        let wrong = format!("{}x", &TOKEN[..TOKEN.len() - 1]);
        for extra in [
            String::new(),
            format!("Authorization: Bearer {}\r\n", PLACEHOLDER),
            format!("Authorization: Bearer {wrong}\r\n"),
            format!("x-api-key: {}\r\n", &TOKEN[..10]),
            format!("x-token: {TOKEN}\r\n"),
        ] {
            let answer = ask(&s.socket, &bare("POST", "/v1/responses", &extra, "{}")).await;
            assert_eq!(status(&answer), 401, "{extra}: {answer}");
            assert!(answer.contains("gateway token"), "{answer}");
        }
        assert!(s.up.seen.lock().unwrap().is_empty(), "a request was sent");
        // The token in any auth header an SDK uses passes.
        for extra in [
            format!("Authorization: Bearer {TOKEN}\r\n"),
            format!("x-api-key: {TOKEN}\r\n"),
            format!("x-goog-api-key: {TOKEN}\r\n"),
        ] {
            let answer = ask(&s.socket, &bare("POST", "/v1/responses", &extra, "{}")).await;
            assert_eq!(status(&answer), 200, "{extra}: {answer}");
        }
        assert_eq!(s.up.seen.lock().unwrap().len(), 3);
    }

    const PLACEHOLDER: &str = compass_acp::GATEWAY_PLACEHOLDER;

    #[test]
    fn each_api_family_serves_its_model_calls_and_model_listing_only() {
        let (get, post) = (Method::GET, Method::POST);
        for (scheme, method, rest, want) in [
            (AuthScheme::XApiKey, &post, "/v1/messages", true),
            (
                AuthScheme::XApiKey,
                &post,
                "/v1/messages/count_tokens",
                true,
            ),
            (AuthScheme::XApiKey, &get, "/v1/models", true),
            (AuthScheme::XApiKey, &get, "/v1/models/claude-x", true),
            (AuthScheme::XApiKey, &get, "/v1/messages", false),
            (AuthScheme::XApiKey, &post, "/v1/messages/batches", false),
            (AuthScheme::XApiKey, &get, "/v1/files", false),
            (AuthScheme::XApiKey, &post, "/v1/files", false),
            (AuthScheme::XApiKey, &Method::TRACE, "/v1/messages", false),
            (AuthScheme::Bearer, &post, "/responses", true),
            (AuthScheme::Bearer, &post, "/chat/completions", true),
            (AuthScheme::Bearer, &get, "/models", true),
            (AuthScheme::Bearer, &get, "/models/gpt-5", true),
            (AuthScheme::Bearer, &Method::DELETE, "/models/ft-x", false),
            (AuthScheme::Bearer, &get, "/responses/resp_1", false),
            (AuthScheme::Bearer, &post, "/files", false),
            (AuthScheme::Bearer, &post, "/batches", false),
            (AuthScheme::Bearer, &post, "/vector_stores", false),
            (AuthScheme::Bearer, &post, "/v1/responses", false),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/v1beta/models/gemini-2.5-pro:generateContent",
                true,
            ),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/v1beta/models/g:streamGenerateContent",
                true,
            ),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/v1beta/models/g:countTokens",
                true,
            ),
            (AuthScheme::XGoogApiKey, &get, "/v1beta/models", true),
            (AuthScheme::XGoogApiKey, &get, "/v1beta/models/g", true),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/v1beta/models/g:batchGenerateContent",
                false,
            ),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/v1beta/models/:generateContent",
                false,
            ),
            (AuthScheme::XGoogApiKey, &post, "/v1beta/files", false),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/v1beta/cachedContents",
                false,
            ),
            (
                AuthScheme::XGoogApiKey,
                &post,
                "/upload/v1beta/files",
                false,
            ),
        ] {
            assert_eq!(
                allowed(scheme, method, rest),
                want,
                "{scheme:?} {method} {rest}"
            );
        }
    }

    #[tokio::test]
    async fn other_paths_and_methods_are_refused_403_naming_the_path_unsent() {
        let s = served(Limits::default()).await;
        let auth = format!("Authorization: Bearer {TOKEN}\r\n");
        for (method, path, want) in [
            ("GET", "/v1/files", 403),
            ("POST", "/v1/files", 403),
            ("POST", "/v1/batches", 403),
            ("TRACE", "/v1/responses", 403),
            ("DELETE", "/v1/models/ft-1", 403),
            ("POST", "/v1/responses;x", 400),
            ("POST", "/v1/..;/admin", 400),
            ("POST", "/v1/%252e%252e/admin", 400),
        ] {
            let answer = ask(&s.socket, &bare(method, path, &auth, "")).await;
            assert_eq!(status(&answer), want, "{method} {path}: {answer}");
            if want == 403 {
                assert!(answer.contains(path), "{answer}");
            }
        }
        s.nothing_sent();
        let answer = ask(&s.socket, &bare("GET", "/v1/models", &auth, "")).await;
        assert_eq!(status(&answer), 200, "{answer}");
    }

    #[test]
    fn bodies_that_make_the_provider_fetch_for_the_agent_are_named() {
        use AuthScheme::{Bearer, XApiKey, XGoogApiKey};
        use serde_json::json;
        let every = [Bearer, XApiKey, XGoogApiKey];
        let refused = [
            json!({"model": "m", "mcp_servers": [{"type": "url", "url": "https://evil.example/sse"}]}),
            json!({"tools": [{"type": "mcp", "server_url": "https://evil.example"}]}),
            json!({"tools": [{"type": "mcp_toolset"}]}),
            json!({"tools": [{"type": "web_fetch_20250910", "name": "web_fetch"}]}),
            json!({"tools": [{"functionDeclarations": []}, {"urlContext": {}}]}),
            json!({"tools": [{"url_context": {}}]}),
            // A shape the check cannot read.
            json!({"tools": {"type": "mcp", "server_url": "https://evil.example"}}),
            // Content the provider downloads, however deep.
            json!({"messages": [{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "https://evil.example/p.png?d=secret"}}]}]}),
            json!({"messages": [{"content": [{"type": "document", "source": {"type": "url", "url": "https://evil.example/d.pdf"}}]}]}),
            json!({"input": [{"role": "user", "content": [{"type": "input_image", "image_url": "https://evil.example/p.png"}]}]}),
            json!({"input": [{"content": [{"type": "input_file", "file_url": "HTTP://evil.example/f"}]}]}),
            json!({"messages": [{"content": [{"type": "image_url", "image_url": {"url": "https://evil.example/p.png"}}]}]}),
            json!({"contents": [{"parts": [{"fileData": {"mimeType": "image/png", "fileUri": "https://evil.example/p.png"}}]}]}),
            json!({"contents": [{"parts": [{"file_data": {"file_uri": "//evil.example/p.png"}}]}]}),
        ];
        for body in &refused {
            for scheme in every {
                assert!(
                    fetches_for_the_agent(scheme, body).is_some(),
                    "{scheme:?} {body}"
                );
            }
        }
        // OpenAI's web search (which can open a page the model names) is a
        // fetch; Anthropic's and Gemini's are not (they only search:
        // `offers_provider_search` names them, refused unless the kind says).
        for body in [
            json!({"tools": [{"type": "web_search"}]}),
            json!({"tools": [{"type": "web_search", "external_web_access": true}]}),
            json!({"tools": [{"type": "web_search_preview_2025_03_11"}]}),
            json!({"model": "m", "web_search_options": {}}),
        ] {
            assert!(fetches_for_the_agent(Bearer, &body).is_some(), "{body}");
        }
        for (scheme, body) in [
            (
                XApiKey,
                json!({"tools": [{"type": "web_search_20250305", "name": "web_search"}]}),
            ),
            (XGoogApiKey, json!({"tools": [{"googleSearch": {}}]})),
        ] {
            assert!(fetches_for_the_agent(scheme, &body).is_none(), "{body}");
        }
        for body in [
            json!({"model": "m", "messages": []}),
            json!({"tools": [{"type": "function", "name": "mcp"}]}),
            json!({"mcp_servers": null, "tools": null}),
            json!([1, 2]),
            // Inline content, and URLs that are the agent's own business: a
            // tool call's input, a tool's schema.
            json!({"messages": [{"content": [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR"}}]}]}),
            json!({"input": [{"content": [{"type": "input_image", "image_url": "data:image/png;base64,iVBOR"}]}]}),
            json!({"messages": [{"content": [{"type": "tool_use", "name": "WebFetch", "input": {"url": "https://docs.example/"}}]}]}),
            json!({"tools": [{"name": "WebFetch", "input_schema": {"properties": {"url": {"type": "string", "default": "https://x.example"}}}}]}),
        ] {
            for scheme in every {
                assert!(
                    fetches_for_the_agent(scheme, &body).is_none(),
                    "{scheme:?} {body}"
                );
            }
        }
    }

    /// The provider's own web search, in each family's shape, is named
    /// (as sent); a tool of the agent's own that only calls itself a
    /// search is not.
    #[test]
    fn provider_search_is_named_in_each_providers_shape() {
        use serde_json::json;
        for (body, named) in [
            (
                json!({"tools": [{"name": "Bash", "input_schema": {}}, {"type": "web_search_20250305", "name": "web_search", "max_uses": 8}]}),
                "web_search_20250305",
            ),
            (
                json!({"tools": [{"type": "WEB_SEARCH_20260209", "name": "web_search"}]}),
                "WEB_SEARCH_20260209",
            ),
            (json!({"tools": [{"googleSearch": {}}]}), "googleSearch"),
            (
                json!({"tools": [{"functionDeclarations": []}, {"google_search": {}}]}),
                "google_search",
            ),
            (
                json!({"tools": [{"googleSearchRetrieval": {"dynamicRetrievalConfig": {}}}]}),
                "googleSearchRetrieval",
            ),
            (
                json!({"tools": [{"google_search_retrieval": {}}]}),
                "google_search_retrieval",
            ),
            (
                json!({"tools": [{"enterpriseWebSearch": {}}]}),
                "enterpriseWebSearch",
            ),
            (json!({"tools": [{"google_maps": {}}]}), "google_maps"),
            (json!({"tools": [{"googleSearch": null}]}), "googleSearch"),
        ] {
            let why = offers_provider_search(&body).unwrap_or_else(|| panic!("{body}"));
            assert!(why.contains(named), "{why} for {body}");
        }
        for body in [
            json!({"model": "m", "messages": []}),
            // The agents' own tools, run in the workload (gated there).
            json!({"tools": [{"name": "WebSearch", "input_schema": {"properties": {"query": {}}}}]}),
            json!({"tools": [{"functionDeclarations": [{"name": "google_web_search"}]}]}),
            json!({"tools": [{"type": "function", "name": "web_search"}]}),
            json!({"tools": [{"type": "function", "function": {"name": "googleSearch"}}]}),
            // Earlier turns' results are no offer.
            json!({"messages": [{"content": [{"type": "web_search_tool_result", "content": []}]}]}),
            json!({"tools": null}),
        ] {
            assert_eq!(offers_provider_search(&body), None, "{body}");
        }
        // Gemini's retrieval (an external API is a fetch) and URL context,
        // in either spelling, are fetches whatever the kind says.
        for body in [
            json!({"tools": [{"retrieval": {"externalApi": {"apiSpec": "SIMPLE_SEARCH", "endpoint": "https://evil.example"}}}]}),
            json!({"tools": [{"URL_Context": {}}]}),
        ] {
            assert!(
                fetches_for_the_agent(AuthScheme::XGoogApiKey, &body).is_some(),
                "{body}"
            );
        }
    }

    /// A request offering the provider's web search is refused unsent,
    /// 403 naming the tool, for a kind that leaves `web_search` off (the
    /// default), in Anthropic's and Gemini's shapes; for a kind that turns
    /// it on, the same request is sent.
    #[tokio::test]
    async fn provider_search_is_refused_unsent_unless_the_kind_allows_it() {
        let dir = tempfile::tempdir().unwrap();
        let (base, up, _tx) = upstream().await;
        let root = base.trim_end_matches("/v1");
        let cases = [
            (
                AuthScheme::XApiKey,
                "/v1/messages",
                r#"{"model":"m","messages":[],"tools":[{"type":"web_search_20250305","name":"web_search","max_uses":8}]}"#,
                "web_search_20250305",
            ),
            (
                AuthScheme::XGoogApiKey,
                "/v1beta/models/g:streamGenerateContent",
                r#"{"contents":[],"tools":[{"googleSearch":{}}]}"#,
                "googleSearch",
            ),
            (
                AuthScheme::XGoogApiKey,
                "/v1beta/models/g:generateContent",
                r#"{"contents":[],"tools":[{"functionDeclarations":[{"name":"read_file"}]},{"google_search_retrieval":{}}]}"#,
                "google_search_retrieval",
            ),
        ];
        for (i, (scheme, path, body, tool)) in cases.into_iter().enumerate() {
            for search in [ProviderSearch::Refused, ProviderSearch::Allowed] {
                let sub = dir.path().join(format!("{i}-{search:?}"));
                fs_err::create_dir_all(&sub).unwrap();
                let socket = searching(&sub, root, scheme, Some(KEY), Limits::default(), search);
                let before = up.seen.lock().unwrap().len();
                let answer = ask(&socket, &post(path, "", body)).await;
                let sent = up.seen.lock().unwrap().len() - before;
                match search {
                    ProviderSearch::Refused => {
                        assert_eq!(status(&answer), 403, "{answer}");
                        assert!(answer.contains(tool), "{answer}");
                        assert!(answer.contains("web_search = false"), "{answer}");
                        assert_eq!(sent, 0, "a refused request was sent");
                    }
                    ProviderSearch::Allowed => {
                        assert_eq!(status(&answer), 200, "{answer}");
                        assert_eq!(sent, 1, "{answer}");
                    }
                }
            }
        }
        // The agent's own tools pass either way: only the provider's search
        // is refused.
        let sub = dir.path().join("own");
        fs_err::create_dir_all(&sub).unwrap();
        let socket = gateway(
            &sub,
            root,
            AuthScheme::XGoogApiKey,
            Some(KEY),
            Limits::default(),
        );
        let own = r#"{"contents":[],"tools":[{"functionDeclarations":[{"name":"read_file"}]}]}"#;
        let answer = ask(&socket, &post("/v1beta/models/g:generateContent", "", own)).await;
        assert_eq!(status(&answer), 200, "{answer}");
    }

    #[test]
    fn paths_that_could_mean_another_upstream_are_unsafe() {
        for path in [
            "/v1/../admin",
            "/v1/./responses",
            "//v1/messages",
            "/v1//responses",
            "/v1/responses;x",
            "/v1/%2e%2e/admin",
            "/v1beta/models/gemini%3AgenerateContent",
            "/v1/%41bc",
            "/v1\\responses",
        ] {
            assert!(unsafe_path(path), "{path}");
        }
        for path in [
            "/v1/responses",
            "/v1beta/models/gemini-2.5-flash:streamGenerateContent",
            "",
            "/",
        ] {
            assert!(!unsafe_path(path), "{path}");
        }
    }

    #[tokio::test]
    async fn a_request_asking_the_provider_to_fetch_a_url_or_not_json_is_refused_unsent() {
        let s = served(Limits::default()).await;
        let mcp =
            r#"{"model":"m","tools":[{"type":"mcp","server_url":"https://evil.example/mcp"}]}"#;
        let answer = ask(&s.socket, &post("/v1/responses", "", mcp)).await;
        assert_eq!(status(&answer), 403, "{answer}");
        assert!(answer.contains("a mcp tool"), "{answer}");
        let answer = ask(&s.socket, &post("/v1/responses", "", "model=m")).await;
        assert_eq!(status(&answer), 400, "{answer}");
        let answer = ask(
            &s.socket,
            &post("/v1/responses", "Content-Encoding: gzip\r\n", "{}"),
        )
        .await;
        assert_eq!(status(&answer), 415, "{answer}");
        // Every value of the header counts, not only the first.
        let answer = ask(
            &s.socket,
            &post(
                "/v1/responses",
                "Content-Encoding: identity\r\nContent-Encoding: gzip\r\n",
                "{}",
            ),
        )
        .await;
        assert_eq!(status(&answer), 415, "{answer}");
        s.nothing_sent();
        // A key given twice is read once, as the check read it, and that is
        // what is sent: the upstream never sees the MCP tool the first
        // `tools` named.
        let twice = r#"{"model":"m","tools":[{"type":"mcp","server_url":"https://evil.example/mcp"}],"tools":[]}"#;
        let answer = ask(&s.socket, &post("/v1/responses", "", twice)).await;
        assert_eq!(status(&answer), 200, "{answer}");
        let sent = s.up.seen.lock().unwrap()[0].body;
        assert_eq!(
            sent,
            r#"{"model":"m","tools":[]}"#.len(),
            "the agent's bytes were sent"
        );
    }

    /// `compass secret set` and `rm` reach a running gateway: the key is
    /// read from the store at each request.
    #[tokio::test]
    async fn the_key_is_read_from_the_store_at_each_request() {
        let s = served(Limits::default()).await;
        let store = crate::secrets::SecretStore::open(s.dir.path().join("secrets")).unwrap();
        let last_auth = || {
            s.up.seen
                .lock()
                .unwrap()
                .last()
                .unwrap()
                .headers
                .iter()
                .find(|(n, _)| n == "authorization")
                .map(|(_, v)| v.clone())
        };
        assert_eq!(
            status(&ask(&s.socket, &post("/v1/responses", "", "{}")).await),
            200
        );
        assert_eq!(last_auth(), Some(format!("Bearer {KEY}")));
        store
            .set(
                "OPENAI_API_KEY",
                &compass_runtime::secrets::Secret::new(b"sk-rotated\n".to_vec()),
                None,
            )
            .unwrap();
        assert_eq!(
            status(&ask(&s.socket, &post("/v1/responses", "", "{}")).await),
            200
        );
        assert_eq!(last_auth(), Some("Bearer sk-rotated".to_owned()));
        store.delete("OPENAI_API_KEY").unwrap();
        let answer = ask(&s.socket, &post("/v1/responses", "", "{}")).await;
        assert_eq!(status(&answer), 502, "{answer}");
        assert!(answer.contains("OPENAI_API_KEY is not set"), "{answer}");
        assert_eq!(s.up.seen.lock().unwrap().len(), 2);
    }

    /// A body that never arrives whole is answered 408 at its deadline,
    /// unsent.
    #[tokio::test]
    async fn a_body_that_stalls_is_refused_at_its_deadline() {
        let limits = Limits {
            body_timeout: Duration::from_millis(300),
            ..Limits::default()
        };
        let s = served(limits).await;
        let head = format!(
            "POST /v1/responses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 100\r\n\r\n{{\"model\":"
        );
        let mut conn = tokio::net::UnixStream::connect(&s.socket).await.unwrap();
        conn.write_all(head.as_bytes()).await.unwrap();
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        tokio::time::timeout(Duration::from_secs(10), async {
            while !String::from_utf8_lossy(&got).contains("\r\n\r\n") {
                let n = conn.read(&mut buf).await.unwrap();
                assert!(n > 0, "closed without an answer");
                got.extend_from_slice(&buf[..n]);
            }
        })
        .await
        .expect("the stalled body was answered at its deadline");
        let text = String::from_utf8_lossy(&got).into_owned();
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        assert!(s.up.seen.lock().unwrap().is_empty());
    }

    /// The bytes of request bodies one agent's gateway holds are bounded
    /// across its connections: while one sender holds most of the budget,
    /// another body does not get in; once it lets go, it does.
    #[tokio::test]
    async fn request_bytes_in_flight_are_bounded_per_agent() {
        let limits = Limits {
            max_body: 1000,
            in_flight: 1000,
            body_timeout: Duration::from_secs(30),
            ..Limits::default()
        };
        let s = served(limits).await;
        // The slow sender: 800 of its 900 bytes, then silence.
        let mut slow = tokio::net::UnixStream::connect(&s.socket).await.unwrap();
        let head = format!(
            "POST /v1/responses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 900\r\n\r\n{}",
            "a".repeat(800)
        );
        slow.write_all(head.as_bytes()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let body = format!("{{\"pad\":\"{}\"}}", "b".repeat(400));
        let answer = ask(&s.socket, &post("/v1/responses", "", &body)).await;
        assert_eq!(status(&answer), 503, "{answer}");
        assert!(answer.contains("too many request bytes"), "{answer}");
        assert!(s.up.seen.lock().unwrap().is_empty());
        // A smaller one fits beside it.
        let small = format!("{{\"pad\":\"{}\"}}", "c".repeat(100));
        let answer = ask(&s.socket, &post("/v1/responses", "", &small)).await;
        assert_eq!(status(&answer), 200, "{answer}");
        drop(slow);
        tokio::time::sleep(Duration::from_millis(200)).await;
        let answer = ask(&s.socket, &post("/v1/responses", "", &body)).await;
        assert_eq!(status(&answer), 200, "{answer}");
    }

    /// The path of a refused request is the agent's choice: a flood of
    /// refusals logs the first and then one line every [`LOG_EVERY`].
    #[tokio::test]
    async fn refusals_are_logged_first_then_every_nth_with_a_count() {
        let logs = Captured::default();
        let writer = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::INFO)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let dir = tempfile::tempdir().unwrap();
        let (base, _up, _tx) = upstream().await;
        let socket = gateway(
            dir.path(),
            &base,
            AuthScheme::Bearer,
            Some(KEY),
            Limits::default(),
        );
        let n = 2 * LOG_EVERY + 5;
        for i in 0..n {
            let answer = ask(&socket, &bare("GET", &format!("/v1/flood-{i}"), "", "")).await;
            assert_eq!(status(&answer), 401);
        }
        let text = String::from_utf8_lossy(&logs.0.lock().unwrap()).into_owned();
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("model gateway answered an error"))
            .collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(
            lines[0].contains("refused=1") && lines[0].contains("/v1/flood-0"),
            "{text}"
        );
        assert!(
            lines[2].contains(&format!("refused={}", 2 * LOG_EVERY)),
            "{text}"
        );
    }

    #[test]
    fn upstreams_are_https_or_loopback_http_and_keep_their_path() {
        let u = Upstream::parse("https://api.openai.com/v1/").unwrap();
        assert_eq!(u.inner_url(), "http://127.0.0.1:3130/v1");
        assert_eq!(u.below("/v1/responses"), Some("/responses"));
        assert_eq!(u.below("/v1"), None);
        assert_eq!(u.below("/v1x/responses"), None);
        let u = Upstream::parse("https://api.anthropic.com").unwrap();
        assert_eq!(u.inner_url(), "http://127.0.0.1:3130");
        assert_eq!(u.below("/v1/messages"), Some("/v1/messages"));
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
