//! A private git forge over smart HTTP: a loopback HTTP server that runs
//! git's own `git http-backend` as a CGI program (as Apache or nginx would,
//! per `git help http-backend`) behind HTTP basic auth. A request without
//! the one accepted user and token is answered `401` with a
//! `WWW-Authenticate: Basic` challenge, like a forge; an authenticated one
//! gets `REMOTE_USER`, which lets `git-receive-pack` accept pushes.
//!
//! While it answers a request the server can look for a string (a token)
//! in every readable `/proc/*/cmdline` and `/proc/*/environ` of the
//! machine, so a test sees whether the token sat in any process's argv or
//! environment while git talked to the forge ([`GitHttpServer::watch`]).
//! It can also stop answering ([`GitHttpServer::stall`]): a slow remote.

use crate::served::{Served, lock};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::Response;
use base64::Engine as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A request the forge answered: what was asked and whether it
/// authenticated (`None`: no credentials; `Some(false)`: wrong ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitRequest {
    pub method: String,
    pub path: String,
    pub query: String,
    pub authenticated: Option<bool>,
}

#[derive(Debug, Default)]
struct State {
    requests: Vec<GitRequest>,
    watched: Option<String>,
    /// `pid: what` for each process found holding the watched string.
    leaks: Vec<String>,
}

/// The forge; stops when dropped.
#[derive(Debug)]
pub struct GitHttpServer {
    served: Served,
    state: Arc<Mutex<State>>,
    /// While true, requests are held unanswered.
    stalled: tokio::sync::watch::Sender<bool>,
}

impl GitHttpServer {
    /// Serve the bare repositories under `root` to `user`:`token` on an
    /// ephemeral loopback port.
    pub async fn start(root: &Path, user: &str, token: &str) -> std::io::Result<Self> {
        let state = Arc::new(Mutex::new(State::default()));
        let site = Arc::new(Site {
            state: Arc::clone(&state),
            root: root.to_owned(),
            expected: format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode(format!("{user}:{token}"))
            ),
            user: user.to_owned(),
        });
        let (stalled, held) = tokio::sync::watch::channel(false);
        let app = Router::new().fallback(
            move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
                let (site, mut held) = (Arc::clone(&site), held.clone());
                async move {
                    let response = handle(&site, method, uri, headers, body).await;
                    let _ = held.wait_for(|s| !*s).await;
                    response
                }
            },
        );
        let served = Served::start(app).await?;
        Ok(Self {
            served,
            state,
            stalled,
        })
    }

    /// Hold every answer (recorded in [`Self::requests`] at once) until
    /// called again with `false`: a forge that stops answering.
    pub fn stall(&self, on: bool) {
        self.stalled.send_replace(on);
    }

    /// `http://127.0.0.1:PORT` (the forge origin).
    pub fn origin(&self) -> String {
        format!("http://{}", self.served.addr())
    }

    /// The clone URL of repository `name` (a bare repo under the root).
    pub fn url(&self, name: &str) -> String {
        format!("{}/{name}", self.origin())
    }

    /// Every request answered so far.
    pub fn requests(&self) -> Vec<GitRequest> {
        lock(&self.state).requests.clone()
    }

    /// From now on, look for `needle` in every process's argv and env
    /// while a request is answered.
    pub fn watch(&self, needle: &str) {
        lock(&self.state).watched = Some(needle.to_owned());
    }

    /// The processes found holding the watched string (`pid file`).
    pub fn leaks(&self) -> Vec<String> {
        lock(&self.state).leaks.clone()
    }
}

/// Every readable `/proc/<pid>/{cmdline,environ}` holding `needle`.
pub fn scan_processes(needle: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = fs_err::read_dir("/proc") else {
        return found;
    };
    let me = std::process::id().to_string();
    for entry in entries.flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        if !pid.bytes().all(|b| b.is_ascii_digit()) || pid == me {
            continue;
        }
        for file in ["cmdline", "environ"] {
            let Ok(bytes) = std::fs::read(entry.path().join(file)) else {
                continue;
            };
            if bytes.windows(needle.len()).any(|w| w == needle) {
                found.push(format!("{pid} {file}"));
            }
        }
    }
    found
}

/// What every request is answered from: the recorded state, the served
/// repositories, and the one accepted user and its `Authorization` value.
struct Site {
    state: Arc<Mutex<State>>,
    root: PathBuf,
    expected: String,
    user: String,
}

async fn handle(
    site: &Site,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Site {
        state,
        root,
        expected,
        user,
    } = site;
    let auth = headers
        .get(header::AUTHORIZATION)
        .map(|v| v.as_bytes() == expected.as_bytes());
    let watched = {
        let mut s = lock(state);
        s.requests.push(GitRequest {
            method: method.to_string(),
            path: uri.path().to_owned(),
            query: uri.query().unwrap_or_default().to_owned(),
            authenticated: auth,
        });
        s.watched.clone()
    };
    if let Some(needle) = watched {
        let leaks = scan_processes(needle.as_bytes());
        lock(state).leaks.extend(leaks);
    }
    if auth != Some(true) {
        return Response::builder()
            .status(StatusCode::UNAUTHORIZED)
            .header(header::WWW_AUTHENTICATE, "Basic realm=\"forge\"")
            .body(Body::from("authentication required\n"))
            .unwrap_or_default();
    }
    match cgi(root, user, &method, &uri, &headers, body).await {
        Ok(r) => r,
        Err(e) => Response::builder()
            .status(StatusCode::INTERNAL_SERVER_ERROR)
            .body(Body::from(format!("git http-backend: {e}\n")))
            .unwrap_or_default(),
    }
}

/// Run `git http-backend` for one request (CGI/1.1) and turn its output
/// into the response.
async fn cgi(
    root: &Path,
    user: &str,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    body: Bytes,
) -> std::io::Result<Response> {
    use tokio::io::AsyncWriteExt;
    let mut cmd = tokio::process::Command::new("git");
    cmd.arg("http-backend")
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("GIT_PROJECT_ROOT", root)
        .env("GIT_HTTP_EXPORT_ALL", "1")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", root)
        .env("REMOTE_USER", user)
        .env("REMOTE_ADDR", "127.0.0.1")
        .env("REQUEST_METHOD", method.as_str())
        .env("PATH_INFO", uri.path())
        .env("QUERY_STRING", uri.query().unwrap_or_default())
        .env("CONTENT_LENGTH", body.len().to_string())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true);
    if let Some(ct) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    {
        cmd.env("CONTENT_TYPE", ct);
    }
    for (name, value) in headers {
        let Ok(v) = value.to_str() else { continue };
        let key = format!(
            "HTTP_{}",
            name.as_str().to_ascii_uppercase().replace('-', "_")
        );
        if key != "HTTP_AUTHORIZATION" {
            cmd.env(key, v);
        }
    }
    let mut child = cmd.spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(&body).await?;
    }
    let out = child.wait_with_output().await?;
    let split = out
        .stdout
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|i| (i, 4))
        .or_else(|| {
            out.stdout
                .windows(2)
                .position(|w| w == b"\n\n")
                .map(|i| (i, 2))
        })
        .ok_or_else(|| std::io::Error::other("no CGI header block"))?;
    let (head, rest) = out.stdout.split_at(split.0);
    let mut response = Response::builder().status(StatusCode::OK);
    for line in String::from_utf8_lossy(head).lines() {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let v = v.trim();
        if k.eq_ignore_ascii_case("status") {
            let code = v.split(' ').next().and_then(|c| c.parse::<u16>().ok());
            response = response.status(code.unwrap_or(500));
        } else {
            response = response.header(k.trim(), v);
        }
    }
    response
        .body(Body::from(rest[split.1..].to_vec()))
        .map_err(std::io::Error::other)
}

/// Make a bare repository `name` under `root` holding `files` in one commit
/// on `main`; returns its path.
pub fn bare_repo(root: &Path, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let src = root.join(format!(".src-{name}"));
    let run = |dir: &Path, args: &[&str]| {
        let ok = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "git {args:?} failed");
    };
    fs_err::create_dir_all(&src).unwrap_or_else(|e| panic!("{e}"));
    run(&src, &["init", "-q", "-b", "main"]);
    for (path, body) in files {
        fs_err::write(src.join(path), body).unwrap_or_else(|e| panic!("{e}"));
    }
    run(&src, &["add", "-A"]);
    run(&src, &["commit", "-q", "-m", "init"]);
    let bare = root.join(name);
    run(
        root,
        &[
            "clone",
            "-q",
            "--bare",
            &src.to_string_lossy(),
            &bare.to_string_lossy(),
        ],
    );
    let _ = fs_err::remove_dir_all(&src);
    bare
}
