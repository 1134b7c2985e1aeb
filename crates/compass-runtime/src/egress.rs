//! The allowlist egress proxy: one per workload, outside its network
//! namespace, on a Unix socket bind-mounted into the sandbox. Inside, the
//! forwarder ([`crate::relay`]) listens on `127.0.0.1:3128` and relays each
//! connection to this socket. The proxy speaks HTTP `CONNECT` and plain
//! HTTP proxying, and admits only `host[:port]` destinations on the list.
//!
//! The netns has no interface but loopback, so this proxy is the only way
//! out: a client that ignores `HTTP(S)_PROXY` simply has no network.
//!
//! One destination is never on a list and never leaves the host: the
//! agent's model gateway, [`crate::relay::GATEWAY_LISTEN`] inside. A
//! client that sends its model requests through the proxy (its base URL
//! is that loopback address, and not every agent honours `NO_PROXY`)
//! reaches the gateway socket in the workload's run dir, exactly as one
//! that connects directly does through the forwarder; it is never
//! connected to the host's own port of that number.
//!
//! Boundary: enforces the list it is given; which hosts are allowed is
//! policy decided elsewhere.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpStream, UnixListener, UnixStream};
use tokio::task::JoinHandle;

/// Where the forwarder listens inside the sandbox's netns.
pub const INNER_LISTEN: &str = "127.0.0.1:3128";
/// The proxy socket's file name in the workload's egress dir.
pub const SOCKET_NAME: &str = "proxy.sock";
/// The proxy socket as seen inside the sandbox.
pub const INNER_SOCKET: &str = "/run/compass/egress/proxy.sock";

const MAX_HEAD: usize = 64 * 1024;
/// How many connections one workload's proxy serves at once. The proxy
/// runs in the daemon, so each is a descriptor (two, with its upstream) of
/// the daemon's: past this a connection is answered `503` and closed
/// unread (past as many refusals at once, closed without one), and a flood
/// costs only the flooding workload its egress.
pub const MAX_CONNECTIONS: usize = 256;
/// How long a client may take to send its request head; a silent one is
/// closed rather than held.
const HEAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// One allowlist entry: a host (or `*.suffix`), and a port or any port.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    host: String,
    port: Option<u16>,
}

/// The parsed, validated allowlist.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Allowlist {
    entries: Vec<Entry>,
}

impl Allowlist {
    /// Parse `host`, `host:port`, `*.example.com[:port]` or `[v6]:port`.
    /// The error names the bad entry.
    pub fn parse(hosts: &[String]) -> Result<Self, String> {
        let mut entries = Vec::new();
        for raw in hosts {
            let (host, port) = split_host_port(raw)
                .ok_or_else(|| format!("allowlist entry {raw:?} is not host[:port]"))?;
            let host = host.to_ascii_lowercase();
            let bare = host.strip_prefix("*.").unwrap_or(&host);
            if bare.is_empty()
                || !bare
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '_'))
            {
                return Err(format!("allowlist entry {raw:?} has an invalid host"));
            }
            entries.push(Entry { host, port });
        }
        Ok(Self { entries })
    }

    /// Whether `host:port` may be reached.
    pub fn admits(&self, host: &str, port: u16) -> bool {
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_ascii_lowercase();
        self.entries.iter().any(|e| {
            let host_ok = match e.host.strip_prefix("*.") {
                Some(suffix) => host.ends_with(&format!(".{suffix}")),
                None => e.host.trim_start_matches('[').trim_end_matches(']') == host,
            };
            host_ok && e.port.is_none_or(|p| p == port)
        })
    }
}

/// The allowlisted loopback `127.0.0.1:PORT` entries,
/// as listen addresses the in-sandbox forwarder mirrors (so clients that
/// ignore proxy variables reach them too). The proxy's own port and the
/// HTTP hook endpoint's are skipped: the workload itself serves those.
pub fn loopback_forwards(hosts: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for raw in hosts {
        if let Some((host, Some(port))) = split_host_port(raw)
            && host == "127.0.0.1"
        {
            let addr = format!("127.0.0.1:{port}");
            if addr != INNER_LISTEN
                && addr != compass_hook::http::LISTEN
                && addr != crate::relay::GATEWAY_LISTEN
                && !out.contains(&addr)
            {
                out.push(addr);
            }
        }
    }
    out
}

/// Split `host[:port]`, with `[v6]:port` brackets.
fn split_host_port(raw: &str) -> Option<(String, Option<u16>)> {
    if raw.is_empty() || raw.contains(['/', ' ', '@']) {
        return None;
    }
    if let Some(rest) = raw.strip_prefix('[') {
        let (host, tail) = rest.split_once(']')?;
        return match tail.strip_prefix(':') {
            Some(port) => Some((host.to_owned(), Some(port.parse().ok()?))),
            None if tail.is_empty() => Some((host.to_owned(), None)),
            None => None,
        };
    }
    match raw.rsplit_once(':') {
        Some((host, port)) if !host.contains(':') => {
            Some((host.to_owned(), Some(port.parse().ok()?)))
        }
        Some(_) => Some((raw.to_owned(), None)),
        None => Some((raw.to_owned(), None)),
    }
}

/// A running proxy; dropping it stops the proxy and removes its socket.
#[derive(Debug)]
pub(crate) struct EgressProxy {
    socket: PathBuf,
    /// The list each new connection is checked against; replaced when the
    /// workload changes phase (provisioning, then running).
    allow: Arc<RwLock<Arc<Allowlist>>>,
    task: JoinHandle<()>,
}

/// Where one admitted connection goes: a host's TCP port, or the agent's
/// model gateway socket.
trait Upstream: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Upstream for T {}

impl EgressProxy {
    /// Admit `hosts` from now on (connections already open stay open).
    pub(crate) fn set_hosts(&self, hosts: &[String]) -> Result<(), String> {
        let list = Arc::new(Allowlist::parse(hosts)?);
        match self.allow.write() {
            Ok(mut a) => *a = list,
            Err(p) => *p.into_inner() = list,
        }
        Ok(())
    }
}

impl Drop for EgressProxy {
    fn drop(&mut self) {
        self.task.abort();
        let _ = fs_err::remove_file(&self.socket);
    }
}

/// Move a workload's allowlist to `hosts`: its proxy admits them from now
/// on, and later spawns mirror their loopback entries. A workload without
/// a proxy (deny, open) keeps its policy: refused, typed.
pub(crate) fn set_phase_hosts(
    name: &crate::WorkloadName,
    policy: &mut crate::EgressPolicy,
    proxy: Option<&EgressProxy>,
    hosts: &[String],
) -> Result<(), crate::RuntimeError> {
    let (crate::EgressPolicy::Allowlist { .. }, Some(proxy)) = (&*policy, proxy) else {
        return Err(crate::RuntimeError::Egress {
            workload: name.clone(),
            why: "only an allowlist workload's egress can change".to_owned(),
        });
    };
    proxy
        .set_hosts(hosts)
        .map_err(|why| crate::RuntimeError::Egress {
            workload: name.clone(),
            why,
        })?;
    *policy = crate::EgressPolicy::Allowlist {
        hosts: hosts.to_vec(),
    };
    Ok(())
}

/// Bind the proxy on `socket` and serve until dropped. Fails (so the
/// workload does not start) if the list is invalid or the socket cannot be
/// bound.
/// The proxy a workload's egress policy asks for: an allowlist gets one,
/// bound in the workload's egress dir; `Deny` and `Open` need none.
pub(crate) async fn proxy_for(
    spec: &crate::WorkloadSpec,
    layout: &crate::layout::Layout,
) -> Result<Option<EgressProxy>, crate::RuntimeError> {
    match &spec.egress {
        crate::EgressPolicy::Allowlist { hosts } => start(
            &layout.egress.join(SOCKET_NAME),
            hosts,
            Some(layout.run.join(crate::relay::GATEWAY_SOCKET_NAME)),
        )
        .await
        .map(Some)
        .map_err(|why| crate::RuntimeError::Egress {
            workload: spec.name.clone(),
            why,
        }),
        _ => Ok(None),
    }
}

pub(crate) async fn start(
    socket: &Path,
    hosts: &[String],
    gateway: Option<PathBuf>,
) -> Result<EgressProxy, String> {
    let allow = Arc::new(RwLock::new(Arc::new(Allowlist::parse(hosts)?)));
    let gateway = Arc::new(gateway);
    let current = Arc::clone(&allow);
    let _ = fs_err::remove_file(socket);
    let listener = UnixListener::bind(socket)
        .map_err(|e| format!("binding the egress proxy on {}: {e}", socket.display()))?;
    // Accept errors are rested through (`compass_listen`): the daemon out of
    // descriptors fails every accept at once, and the proxy outlives it.
    let admission = compass_listen::Admission {
        what: "egress proxy",
        max: MAX_CONNECTIONS,
    };
    let task = tokio::spawn(compass_listen::serve(
        listener,
        admission,
        move |conn| {
            // The list as it is when the connection is accepted.
            let allow = match current.read() {
                Ok(a) => Arc::clone(&a),
                Err(p) => Arc::clone(&p.into_inner()),
            };
            let gateway = Arc::clone(&gateway);
            async move {
                let route = Route {
                    allow: &allow,
                    gateway: gateway.as_deref(),
                };
                if let Err(why) = serve(conn, route).await {
                    tracing::debug!(%why, "egress proxy connection ended");
                }
            }
        },
        |conn| async move {
            // Answered without waiting (the reply fits the socket's buffer,
            // or is dropped) and closed unread.
            let body = format!(
                "compass egress: this workload already has {MAX_CONNECTIONS} connections open\n"
            );
            let reply = format!(
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = conn.try_write(reply.as_bytes());
        },
    ));
    Ok(EgressProxy {
        socket: socket.to_path_buf(),
        allow,
        task,
    })
}

async fn respond(conn: &mut UnixStream, status: &str, body: &str) -> Result<(), String> {
    let msg = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    conn.write_all(msg.as_bytes())
        .await
        .map_err(|e| e.to_string())
}

/// Read the request head (through the blank line) and anything after it.
async fn read_head(conn: &mut UnixStream) -> Result<(Vec<u8>, Vec<u8>), String> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = find(&buf, b"\r\n\r\n") {
            let rest = buf.split_off(end + 4);
            return Ok((buf, rest));
        }
        if buf.len() > MAX_HEAD {
            return Err("request head too large".to_owned());
        }
        let n = conn.read(&mut chunk).await.map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("connection closed before the request head ended".to_owned());
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// What one connection may reach: the allowlist, and the agent's model
/// gateway socket (if the workload has one).
#[derive(Clone, Copy)]
struct Route<'a> {
    allow: &'a Allowlist,
    gateway: Option<&'a Path>,
}

/// Whether `host:port` names the model gateway's loopback address.
fn is_gateway(host: &str, port: u16) -> bool {
    format!("{host}:{port}") == crate::relay::GATEWAY_LISTEN
}

/// The one way out for both request forms: the model gateway's address
/// goes to its socket; any other `host:port` must be on the allowlist,
/// then it is connected. `None`: the client was already answered (403 off
/// the list, 502 unreachable) and the request ends.
async fn open_upstream(
    conn: &mut UnixStream,
    route: Route<'_>,
    host: &str,
    port: u16,
) -> Result<Option<Box<dyn Upstream>>, String> {
    if is_gateway(host, port) {
        let Some(socket) = route.gateway else {
            respond(
                conn,
                "403 Forbidden",
                "compass egress: this workload has no model gateway\n",
            )
            .await?;
            return Ok(None);
        };
        return match UnixStream::connect(socket).await {
            Ok(upstream) => Ok(Some(Box::new(upstream))),
            Err(e) => {
                respond(
                    conn,
                    "502 Bad Gateway",
                    &format!("compass egress: the model gateway is not serving: {e}\n"),
                )
                .await?;
                Ok(None)
            }
        };
    }
    let allow = route.allow;
    if !allow.admits(host, port) {
        tracing::info!(%host, port, "egress denied");
        respond(
            conn,
            "403 Forbidden",
            &format!("compass egress: {host}:{port} is not on the allowlist\n"),
        )
        .await?;
        return Ok(None);
    }
    match TcpStream::connect((host, port)).await {
        Ok(upstream) => Ok(Some(Box::new(upstream))),
        Err(e) => {
            respond(conn, "502 Bad Gateway", &format!("compass egress: {e}\n")).await?;
            Ok(None)
        }
    }
}

async fn serve(mut conn: UnixStream, route: Route<'_>) -> Result<(), String> {
    let (head, rest) = tokio::time::timeout(HEAD_TIMEOUT, read_head(&mut conn))
        .await
        .map_err(|_| format!("no request head within {}s", HEAD_TIMEOUT.as_secs()))??;
    let text = String::from_utf8_lossy(&head).into_owned();
    let mut lines = text.split("\r\n");
    let request = lines.next().unwrap_or_default();
    let mut parts = request.split(' ');
    let (Some(method), Some(target), Some(version)) = (parts.next(), parts.next(), parts.next())
    else {
        return respond(
            &mut conn,
            "400 Bad Request",
            "compass egress: malformed request line\n",
        )
        .await;
    };
    if method.eq_ignore_ascii_case("CONNECT") {
        let Some((host, Some(port))) = split_host_port(target) else {
            return respond(
                &mut conn,
                "400 Bad Request",
                "compass egress: CONNECT needs host:port\n",
            )
            .await;
        };
        let Some(mut upstream) = open_upstream(&mut conn, route, &host, port).await? else {
            return Ok(());
        };
        conn.write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            .await
            .map_err(|e| e.to_string())?;
        upstream.write_all(&rest).await.map_err(|e| e.to_string())?;
        let _ = tokio::io::copy_bidirectional(&mut conn, &mut upstream).await;
        return Ok(());
    }
    // Plain HTTP proxying: an absolute http:// URI.
    let Some(after) = target.strip_prefix("http://") else {
        return respond(
            &mut conn,
            "400 Bad Request",
            "compass egress: only CONNECT and http:// requests are proxied\n",
        )
        .await;
    };
    let (authority, path) = match after.find('/') {
        Some(i) => (&after[..i], &after[i..]),
        None => (after, "/"),
    };
    let Some((host, port)) = split_host_port(authority) else {
        return respond(
            &mut conn,
            "400 Bad Request",
            "compass egress: bad host in URL\n",
        )
        .await;
    };
    let port = port.unwrap_or(80);
    let Some(mut upstream) = open_upstream(&mut conn, route, &host, port).await? else {
        return Ok(());
    };
    // Every later request on this connection also goes to this upstream, so
    // keep-alive cannot smuggle a request to another host.
    let mut out = format!("{method} {path} {version}\r\n");
    for line in lines.filter(|l| !l.is_empty()) {
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("proxy-connection:") || lower.starts_with("proxy-authorization:") {
            continue;
        }
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.push_str("\r\n");
    upstream
        .write_all(out.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    upstream.write_all(&rest).await.map_err(|e| e.to_string())?;
    let _ = tokio::io::copy_bidirectional(&mut conn, &mut upstream).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(hosts: &[&str]) -> Allowlist {
        Allowlist::parse(&hosts.iter().map(|h| h.to_string()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn matching() {
        let a = list(&["example.com", "api.test:8443", "*.corp.dev", "[::1]:80"]);
        assert!(a.admits("example.com", 443));
        assert!(a.admits("EXAMPLE.com", 80));
        assert!(a.admits("api.test", 8443));
        assert!(!a.admits("api.test", 443));
        assert!(a.admits("x.corp.dev", 1));
        assert!(!a.admits("corp.dev", 1));
        assert!(!a.admits("evilcorp.dev", 1));
        assert!(a.admits("::1", 80));
        assert!(!a.admits("example.com.evil", 443));
    }

    #[test]
    fn loopback_entries_become_forwards() {
        let hosts: Vec<String> = [
            "127.0.0.1:8080",
            "127.0.0.1",
            "example.com:443",
            "127.0.0.1:3128",
            "127.0.0.1:8080",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(loopback_forwards(&hosts), vec!["127.0.0.1:8080".to_owned()]);
    }

    proptest::proptest! {
        #[test]
        fn parsing_never_panics(raw in ".{0,40}") {
            let _ = Allowlist::parse(std::slice::from_ref(&raw));
            let _ = split_host_port(&raw);
        }

        #[test]
        fn a_listed_host_port_is_admitted_and_others_are_not(
            host in "[a-z][a-z0-9-]{0,10}(\\.[a-z][a-z0-9-]{0,10}){0,3}",
            port in 1u16..,
            other in "[a-z]{1,8}",
        ) {
            let list = Allowlist::parse(&[format!("{host}:{port}")]).unwrap();
            proptest::prop_assert!(list.admits(&host, port));
            let sub = format!("{other}.{host}");
            let sup = format!("{host}.{other}");
            proptest::prop_assert!(!list.admits(&sub, port));
            proptest::prop_assert!(!list.admits(&sup, port));
            if port < u16::MAX {
                proptest::prop_assert!(!list.admits(&host, port + 1));
            }
        }
    }

    #[test]
    fn rejects_bad_entries() {
        for bad in ["", "http://x", "a b", "host:notaport", "user@host"] {
            assert!(Allowlist::parse(&[bad.to_owned()]).is_err(), "{bad}");
        }
    }
}
