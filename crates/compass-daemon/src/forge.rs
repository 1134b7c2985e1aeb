//! Forge credentials: a secret bound to one forge origin
//! (`compass secret set NAME --forge https://host[:port]`) authenticates
//! Compass's own host-side git — the clone at provisioning, the relay's
//! fetch and its forward of a cleared push — to that origin, and nothing
//! else. The workload never holds it: a forge-bound secret is refused as a
//! grant to an agent, and no file, argv or env var any git process sees
//! carries it.
//!
//! Delivery is a [`Lender`]: for as long as one host-side git command runs,
//! the daemon serves a unix socket in the data dir's private `secrets/`
//! (0700, never in any workload); git's credential helper is
//! `git-remote-compass --credential`, which relays git's request there and
//! prints the answer. The daemon answers only a request whose protocol and
//! host are exactly a bound origin of the remotes this command talks to,
//! reading the value from the store at that moment; anything else gets an
//! empty answer, so git fails visibly instead of sending the token
//! elsewhere (a redirect, another host in a submodule URL).

use crate::secrets::{Origin, SecretError, SecretStore};
use compass_core::safe_git::{CredentialHelper, GitArgError};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::UnixListener;

/// Bound on one credential request from git.
const MAX_REQUEST: u64 = 8 * 1024;
/// How many credential requests are answered at once (one git command asks
/// a few times at most).
const MAX_ANSWERING: usize = 8;
/// How long git's helper may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// One binding lent to a command: which secret answers for which origin.
#[derive(Debug, Clone)]
struct Lent {
    origin: Origin,
    username: String,
    secret: String,
}

/// A credential socket served while one host-side git command runs;
/// dropping it stops serving and removes the socket.
#[derive(Debug)]
pub(crate) struct Lender {
    socket: PathBuf,
    helper: CredentialHelper,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Lender {
    fn drop(&mut self) {
        self.task.abort();
        let _ = fs_err::remove_file(&self.socket);
    }
}

impl Lender {
    /// Lend the secrets bound to the origins of `remotes` to git run with
    /// [`Self::helper`]; `None` when none is bound (git then gets no helper
    /// at all, as before). `helper` is the host's `git-remote-compass`.
    pub(crate) fn start<'a>(
        store: &SecretStore,
        helper: &Path,
        remotes: impl IntoIterator<Item = &'a str>,
    ) -> Result<Option<Self>, SecretError> {
        let origins: Vec<Origin> = remotes.into_iter().filter_map(Origin::of_remote).collect();
        if origins.is_empty() {
            return Ok(None);
        }
        let mut lent = Vec::new();
        for info in store.list()? {
            let Some(binding) = info.forge else { continue };
            if origins.contains(&binding.origin)
                && !lent.iter().any(|l: &Lent| l.origin == binding.origin)
            {
                lent.push(Lent {
                    origin: binding.origin,
                    username: binding.username,
                    secret: info.name,
                });
            }
        }
        if lent.is_empty() {
            return Ok(None);
        }
        let socket = store.private_socket_path("lend");
        let listener = UnixListener::bind(&socket).map_err(|source| SecretError::Io {
            context: format!("binding the credential socket {}", socket.display()),
            source,
        })?;
        let helper = CredentialHelper::new(helper, &socket).map_err(|e: GitArgError| {
            SecretError::Invalid {
                field: "credential helper",
                why: e.to_string(),
            }
        })?;
        let store = store.clone();
        // Accept errors are rested through (`compass_listen`): the git
        // command this lender serves must not lose its credential to a
        // passing descriptor shortage.
        let admission = compass_listen::Admission {
            what: "credential socket",
            max: MAX_ANSWERING,
        };
        let task = tokio::spawn(compass_listen::serve(
            listener,
            admission,
            move |stream| {
                let (store, lent) = (store.clone(), lent.clone());
                async move { answer(stream, &store, &lent).await }
            },
            // Closed unanswered: git asks again or fails visibly.
            |stream| async move { drop(stream) },
        ));
        Ok(Some(Self {
            socket,
            helper,
            task,
        }))
    }

    /// The helper git is configured with while this lender lives.
    pub(crate) fn helper(&self) -> &CredentialHelper {
        &self.helper
    }
}

/// Answer one `get` (any other action gets nothing: git's `store` and
/// `erase` change nothing Compass keeps).
async fn answer(mut stream: tokio::net::UnixStream, store: &SecretStore, lent: &[Lent]) {
    let mut request = String::new();
    let read = tokio::time::timeout(
        REQUEST_TIMEOUT,
        (&mut stream).take(MAX_REQUEST).read_to_string(&mut request),
    )
    .await;
    if !matches!(read, Ok(Ok(_))) {
        return;
    }
    let mut lines = request.lines();
    if lines.next() != Some("get") {
        return;
    }
    let field = |key: &str| {
        request
            .lines()
            .skip(1)
            .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
    };
    let asked = field("protocol").zip(field("host"));
    let Some(l) = asked.and_then(|(protocol, host)| {
        lent.iter()
            .find(|l| l.origin.is_requested_by(protocol, host))
    }) else {
        tracing::warn!(
            asked = ?asked,
            "host-side git asked for a credential no secret is bound to; none given"
        );
        return;
    };
    // Bound to this origin still (a re-set may have moved or dropped it).
    let still = store
        .binding(&l.secret)
        .ok()
        .flatten()
        .is_some_and(|b| b.origin == l.origin);
    if !still {
        tracing::warn!(secret = %l.secret, "a forge secret's binding changed; no credential given");
        return;
    }
    let Ok(Some(value)) = store.get(&l.secret) else {
        tracing::warn!(secret = %l.secret, "a forge-bound secret is gone; no credential given");
        return;
    };
    let Ok(password) = std::str::from_utf8(value.expose()) else {
        return;
    };
    tracing::info!(secret = %l.secret, forge = %l.origin.as_url(), "a forge credential was lent to host-side git");
    let reply = format!("username={}\npassword={password}\n", l.username);
    let _ = stream.write_all(reply.as_bytes()).await;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::secrets::{check_forge_value, check_username};

    #[test]
    fn bindings_are_origins_and_plain_http_only_on_loopback() {
        for (raw, shown) in [
            ("https://git.example.com", "https://git.example.com"),
            (
                "https://Git.Example.com:8443/",
                "https://git.example.com:8443",
            ),
            ("http://127.0.0.1:9000", "http://127.0.0.1:9000"),
            ("http://localhost", "http://localhost"),
            ("http://[::1]:80", "http://[::1]"),
        ] {
            assert_eq!(Origin::parse_binding(raw).unwrap().as_url(), shown, "{raw}");
        }
        for bad in [
            "http://git.example.com",
            "https://git.example.com/org/repo.git",
            "https://u:p@git.example.com",
            "https://tok@git.example.com",
            "ssh://git.example.com",
            "git.example.com",
            "https://git.example.com?x=1",
            "",
        ] {
            let err = Origin::parse_binding(bad).unwrap_err().to_string();
            assert!(err.starts_with("forge:"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_remote_maps_to_the_origin_git_names() {
        let o = Origin::of_remote("http://127.0.0.1:41000/app.git").unwrap();
        assert_eq!(
            (o.scheme.as_str(), o.host.as_str()),
            ("http", "127.0.0.1:41000")
        );
        assert_eq!(
            Origin::of_remote("https://git.example.com:443/a")
                .unwrap()
                .host,
            "git.example.com"
        );
        for none in [
            "/srv/app.git",
            "ssh://git@h/a",
            "git@h:a",
            "file:///a",
            "git://h/a",
        ] {
            assert!(Origin::of_remote(none).is_none(), "{none}");
        }
    }

    #[test]
    fn forge_values_and_user_names_fit_the_credential_protocol() {
        assert!(check_forge_value(b"ghp_abc123").is_ok());
        for bad in [&b"a\nusername=x"[..], b"a\rb", b"\xff\xfe", b"a\x1bb"] {
            assert!(check_forge_value(bad).is_err());
        }
        assert!(check_username("x-access-token").is_ok());
        for bad in ["", "a b", "a\nb", "a=b", &"a".repeat(129)] {
            assert!(check_username(bad).is_err(), "{bad:?}");
        }
    }

    #[tokio::test]
    async fn the_lender_answers_only_its_bound_origin() {
        let tmp = tempfile::tempdir().unwrap();
        let store = SecretStore::open(tmp.path().join("secrets")).unwrap();
        let origin = Origin::parse_binding("http://127.0.0.1:41000").unwrap();
        store
            .set(
                "FORGE_TOKEN",
                &compass_runtime::secrets::Secret::new("tok-123"),
                Some(&crate::secrets::ForgeBinding {
                    origin,
                    username: "bot".into(),
                }),
            )
            .unwrap();
        let helper = tmp.path().join("git-remote-compass");
        fs_err::write(&helper, "").unwrap();
        assert!(
            Lender::start(&store, &helper, ["http://127.0.0.1:41001/a.git"])
                .unwrap()
                .is_none()
        );
        let lender = Lender::start(&store, &helper, ["http://127.0.0.1:41000/app.git"])
            .unwrap()
            .unwrap();
        let ask = |req: &'static str| {
            let socket = lender.socket.clone();
            async move {
                let mut s = tokio::net::UnixStream::connect(&socket).await.unwrap();
                s.write_all(req.as_bytes()).await.unwrap();
                s.shutdown().await.unwrap();
                let mut out = String::new();
                s.read_to_string(&mut out).await.unwrap();
                out
            }
        };
        assert_eq!(
            ask("get\nprotocol=http\nhost=127.0.0.1:41000\npath=app.git\n").await,
            "username=bot\npassword=tok-123\n"
        );
        for other in [
            "get\nprotocol=https\nhost=127.0.0.1:41000\n",
            "get\nprotocol=http\nhost=127.0.0.1:41001\n",
            "get\nprotocol=http\nhost=evil.example\n",
            "get\nprotocol=http\n",
            "erase\nprotocol=http\nhost=127.0.0.1:41000\n",
        ] {
            assert_eq!(ask(other).await, "", "{other}");
        }
        // Re-set unbound while the lender lives: it no longer answers.
        store
            .set(
                "FORGE_TOKEN",
                &compass_runtime::secrets::Secret::new("tok-456"),
                None,
            )
            .unwrap();
        assert_eq!(ask("get\nprotocol=http\nhost=127.0.0.1:41000\n").await, "");
        let socket = lender.socket.clone();
        drop(lender);
        assert!(!socket.exists());
    }
}
