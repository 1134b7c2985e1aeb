//! Start-up and the listeners: lock the data dir, open the store, then serve
//! `compass.v1` on the 0600 Unix socket (CLI) and on a loopback port with
//! gRPC-Web for the browser, guarded by a random per-start token.

use crate::error::{DaemonError, MAX_SOCKET_PATH, io};
use crate::fleet::{Fleet, FleetParts, Running, StoreSink, WorkloadPauser};
use crate::inspect::WorkloadInspector;
use crate::lock::InstanceLock;
use crate::paths::DataDir;
use crate::service::{CompassApi, RunInfo};
use compass_proto::v1::compass_service_server::CompassServiceServer;
use compass_store::{Options, Store};
use std::net::{Ipv4Addr, SocketAddr};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::{TcpListener, UnixListener};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The header (gRPC metadata) carrying the per-start token on the TCP port.
pub const TOKEN_HEADER: &str = "x-compass-token";
/// Largest request the listeners decode. Above every field's own limit, so
/// an oversized field is refused by the handler, which names it.
const MAX_REQUEST: usize = 16 * 1024 * 1024;
/// How to run a daemon.
#[derive(Debug, Clone)]
pub struct DaemonConfig {
    pub data_dir: DataDir,
    /// Loopback port for the board; 0 picks a free one.
    pub http_port: u16,
    pub store: Options,
    /// Workload backend for agents: `sandbox` (default), `host` or `oci`.
    pub backend: String,
    /// The image and engine OCI workloads run with (`None`s: the recipe's
    /// content-hashed base image, podman else docker); refused with
    /// another backend.
    pub oci: compass_runtime::OciChoice,
    /// Preinstalled agent CLIs (an npm `node_modules` or a prefix with
    /// `bin/`), mounted read-only into every workload and put on its PATH,
    /// so agents start without installing anything.
    pub agent_tools: Option<std::path::PathBuf>,
    /// The taint registry's session: `Some(name)` keeps clearances to that
    /// session, `None` shares them across sessions. Either way they are
    /// stored and survive a restart. Default: Warden's (`Some("default")`).
    pub taint_session: Option<String>,
    /// The push relay's byte cap and time limits.
    pub relay: crate::push_relay::RelayLimits,
    /// How long an agent's `ask` call waits for the user's answer before it
    /// returns; a later answer reaches the agent as a prompt.
    pub ask_wait: std::time::Duration,
    /// The model judge (`None`: rules only); its key is read from the
    /// secret store at each call.
    pub judge: Option<crate::judge::JudgeSpec>,
    /// How often merge detection and the pull request poll run when
    /// nothing rings them (a forwarded push or `ready_for_push` does).
    pub merge_poll: std::time::Duration,
    /// The least time from one poll's start to a poll an agent's ring
    /// starts: `ready_for_push` in a loop must not spend the user's forge
    /// token back to back. A ring inside the gap runs when it ends.
    pub ring_gap: std::time::Duration,
}

impl DaemonConfig {
    pub fn new(data_dir: DataDir) -> Self {
        Self {
            data_dir,
            http_port: 0,
            store: Options::default(),
            backend: compass_runtime::DEFAULT_BACKEND.as_str().to_owned(),
            oci: compass_runtime::OciChoice::default(),
            agent_tools: None,
            taint_session: compass_warden::taint::TaintSettings::default().session,
            relay: crate::push_relay::RelayLimits::default(),
            ask_wait: compass_dispatcher::mcp::ChannelOptions::default().ask_wait,
            judge: None,
            merge_poll: MERGE_POLL,
            ring_gap: RING_GAP,
        }
    }
}

/// Entry point.
#[derive(Debug)]
pub struct Daemon;

/// A started daemon; dropping it does not stop it — call [`RunningDaemon::shutdown`].
#[derive(Debug)]
pub struct RunningDaemon {
    pub board_url: String,
    pub token: String,
    pub socket: PathBuf,
    pub http_addr: SocketAddr,
    pub store: Store,
    fleet: std::sync::Arc<Fleet>,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<Result<(), DaemonError>>>,
    _lock: InstanceLock,
}

impl Daemon {
    /// Lock the data dir, open the store and start both listeners.
    pub async fn start(config: DaemonConfig) -> Result<RunningDaemon, DaemonError> {
        let root = config.data_dir.root().to_owned();
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&root)
            .map_err(io(format!("creating data dir {}", root.display())))?;
        // The data dir holds the socket, the database and agent homes: the
        // owner's alone, even if it existed before.
        fs_err::set_permissions(&root, std::fs::Permissions::from_mode(0o700))
            .map_err(io("restricting the data dir to its owner"))?;
        let lock = InstanceLock::acquire(&config.data_dir.lock(), &root)?;
        // A kinds file that does not check stops the start here, before
        // anything listens (see `kinds.rs`).
        let kinds = crate::kinds::load(&config.data_dir)?;
        let socket = config.data_dir.socket();
        if socket.as_os_str().len() > MAX_SOCKET_PATH {
            return Err(DaemonError::SocketPathTooLong(socket));
        }
        let secrets = crate::secrets::SecretStore::open(config.data_dir.secrets())
            .map_err(|e| DaemonError::part("the secret store")(e.into()))?;
        // Every stored secret is taken out of what the store records.
        let redaction = crate::redaction::Redaction::load(&secrets)
            .map_err(|e| DaemonError::part("the secret redaction")(e.into()))?;
        crate::logs::register(&redaction);
        let mut store_options = config.store.clone();
        store_options.scrub = Some(std::sync::Arc::clone(&redaction) as _);
        let store = Store::open(&config.data_dir.database(), store_options)?;

        let tcp = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, config.http_port)))
            .await
            .map_err(io(format!("binding 127.0.0.1:{}", config.http_port)))?;
        let http_addr = tcp.local_addr().map_err(io("reading the board address"))?;
        let token = crate::token::new_token();
        let board_url = format!("http://{http_addr}/?token={token}");

        // We hold the lock, so a socket file here is a dead daemon's leftover.
        match fs_err::remove_file(&socket) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io("removing a stale socket")(e)),
        }
        let uds =
            UnixListener::bind(&socket).map_err(io(format!("binding {}", socket.display())))?;
        fs_err::set_permissions(&socket, std::fs::Permissions::from_mode(0o600))
            .map_err(io("restricting the socket to its owner"))?;

        let dispatch = std::sync::Arc::new(
            crate::dispatch::Dispatch::new(
                store.clone(),
                secrets.clone(),
                config.data_dir.merges(),
            )
            .map_err(|e| DaemonError::part("the dispatcher")(e.into()))?,
        );
        let runtime = compass_runtime::Backend::parse(&config.backend)
            .and_then(|b| compass_runtime::runtime_with(b, config.oci.clone()))
            .map_err(|e| DaemonError::part("the workload backend")(e.into()))?;
        let sink = StoreSink::start(store.clone(), Arc::clone(&redaction));
        let running = Running::default();
        let warden = assemble_warden(&config, &store, &runtime, &sink, &running)?;
        let watcher = crate::watch::spawn(
            store.clone(),
            Arc::clone(&warden),
            compass_warden::watch::WatchConfig::default(),
        );
        let channel = crate::channel::build(
            &store,
            Arc::clone(&warden) as Arc<dyn compass_core::gate::Gate>,
            config.ask_wait,
            dispatch.forwarded(),
        );
        let pushes = Arc::new(crate::channel::RecordPushes {
            store: store.clone(),
            forwarded: dispatch.forwarded(),
        });
        let fleet = Arc::new(Fleet::new(FleetParts {
            store: store.clone(),
            agents_dir: config.data_dir.agents(),
            runtime,
            agent_tools: config.agent_tools.clone(),
            kinds,
            warden,
            sink,
            running,
            watch: watcher,
            secrets,
            redaction,
            protected: protected(&config),
            relay: config.relay,
            channel,
            pushes,
        }));
        fleet
            .recover()
            .await
            .map_err(|e| DaemonError::part("recovering agents")(e.into()))?;
        let api = CompassApi {
            store: store.clone(),
            info: RunInfo {
                data_dir: root.display().to_string(),
                board_url: board_url.clone(),
            },
            fleet: std::sync::Arc::clone(&fleet),
            dispatch,
            warden: crate::warden_state::WardenControl::new(store.clone()),
            by: "cli",
        };
        let (stop, stopped) = watch::channel(false);
        let merge_watch = tokio::spawn(watch_merges(
            api.clone(),
            Beat {
                every: config.merge_poll,
                ring_gap: config.ring_gap,
            },
            stopped.clone(),
        ));
        let tasks = vec![
            merge_watch,
            tokio::spawn(serve_unix(uds, api.clone(), stopped.clone())),
            tokio::spawn(serve_http(
                tcp,
                CompassApi { by: "board", ..api },
                crate::shell::ShellDoor {
                    fleet: Arc::clone(&fleet),
                    token: token.clone(),
                    origin: format!("http://{http_addr}"),
                    sessions: Arc::default(),
                },
                stopped,
            )),
        ];
        tracing::info!(socket = %socket.display(), %http_addr, "compass daemon listening");
        Ok(RunningDaemon {
            board_url,
            token,
            socket,
            http_addr,
            store,
            fleet,
            stop,
            tasks,
            _lock: lock,
        })
    }
}

/// What a project's scope may not reach: the data dir (and the agents'
/// state in it), the daemon's executable dir, the agent tools dir.
fn protected(config: &DaemonConfig) -> crate::scope::Protected {
    let exe = std::env::current_exe().ok();
    crate::scope::Protected::new(
        config.data_dir.root(),
        &config.data_dir.agents(),
        &config.data_dir.socket(),
        exe.as_deref().and_then(std::path::Path::parent),
        config.agent_tools.as_deref(),
    )
}

/// Warden and its collaborators: it records through the event sink,
/// pauses through the workload pauser, reads git and files inside the
/// agent's workload, and keeps its user state (clearances, lists, on/off)
/// in the store, restored here before any agent runs.
fn assemble_warden(
    config: &DaemonConfig,
    store: &Store,
    runtime: &Arc<dyn compass_runtime::WorkloadRuntime>,
    sink: &Arc<StoreSink>,
    running: &Running,
) -> Result<Arc<compass_warden::Warden>, DaemonError> {
    let mut settings = compass_warden::WardenConfig::default();
    settings.taint.session = config.taint_session.clone();
    let mut deps = compass_warden::WardenDeps::in_memory();
    deps.audit = Arc::clone(sink) as Arc<dyn compass_warden::audit::AuditSink>;
    deps.pauser = Arc::new(WorkloadPauser {
        store: store.clone(),
        runtime: Arc::clone(runtime),
        running: running.clone(),
    });
    // Pushes resolve, and sent files are read, inside the agent's workload.
    let inspector = Arc::new(WorkloadInspector {
        runtime: Arc::clone(runtime),
        running: running.clone(),
        agents_dir: config.data_dir.agents(),
    });
    deps.git = Some(Arc::clone(&inspector) as Arc<dyn compass_warden::git::GitInspector>);
    deps.files = Some(inspector as Arc<dyn compass_warden::files::WorkloadFiles>);
    // Clearances, lists and on/off outlive the daemon (SQLite).
    crate::warden_state::prune(store, deps.clock.now_ms());
    deps.taint_store = Arc::new(crate::warden_state::StoreTaintStore {
        store: store.clone(),
    });
    // What agents read of credentials outlives a restart.
    deps.held_store = Arc::new(
        crate::held_files::HeldFiles::open(config.data_dir.held())
            .map_err(io("creating Warden's held-credentials dir"))?,
    );
    // The judge sees what the rules did not flag, and weighs high-stakes
    // actions against the agent's task.
    if let Some(spec) = &config.judge {
        deps.judge = crate::judge::backend(&config.data_dir, spec)
            .map_err(|e| DaemonError::part("the model judge")(e.into()))?;
        deps.tasks = Some(Arc::new(crate::warden_state::StoreTasks {
            store: store.clone(),
        }));
    }
    let warden = compass_warden::Warden::new(settings, deps).map_err(DaemonError::Warden)?;
    crate::warden_state::restore(store, &warden)?;
    let warden = Arc::new(warden);
    sink.set_redactor(Arc::clone(&warden));
    Ok(warden)
}

/// How often merge detection runs when no forwarded push asks for it
/// (the user may merge on the forge at any time).
pub const MERGE_POLL: std::time::Duration = std::time::Duration::from_secs(300);

/// The least time between a poll and the next one a ring starts (see
/// [`DaemonConfig::ring_gap`]).
pub const RING_GAP: std::time::Duration = std::time::Duration::from_secs(2);

/// When merge detection runs on its own: every `every`, and on a ring no
/// sooner than `ring_gap` after the last poll began.
#[derive(Debug, Clone, Copy)]
struct Beat {
    every: std::time::Duration,
    ring_gap: std::time::Duration,
}

/// Merge detection (pull requests first) after every push the relay
/// forwards (a forge may fast-forward at once), every `ready_for_push` (the
/// push may have come first) and on the timer, until the daemon stops.
/// Rings are spaced by the gap: a burst of them costs at most one poll per
/// gap, and the last ring is never dropped (the `Notify` keeps its permit).
async fn watch_merges(
    api: CompassApi,
    beat: Beat,
    stopped: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    use futures::FutureExt as _;
    let forwarded = api.dispatch.forwarded();
    let mut poll = tokio::time::interval(beat.every);
    poll.tick().await;
    let mut ring_from = tokio::time::Instant::now();
    loop {
        tokio::select! {
            () = until_stopped(stopped.clone()) => return Ok(()),
            () = forwarded.notified() => {
                tokio::select! {
                    () = until_stopped(stopped.clone()) => return Ok(()),
                    () = tokio::time::sleep_until(ring_from) => {}
                }
                // Rings while waiting are answered by the poll below.
                let _ = forwarded.notified().now_or_never();
            }
            _ = poll.tick() => {}
        }
        ring_from = tokio::time::Instant::now() + beat.ring_gap;
        if let Err(e) = api.check_merges_now(String::new()).await {
            tracing::warn!(error = %e.message(), "merge detection could not run");
        }
    }
}

async fn until_stopped(mut stopped: watch::Receiver<bool>) {
    let _ = stopped.wait_for(|s| *s).await;
}

async fn serve_unix(
    uds: UnixListener,
    api: CompassApi,
    stopped: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    tonic::transport::Server::builder()
        .add_service(CompassServiceServer::new(api).max_decoding_message_size(MAX_REQUEST))
        .serve_with_incoming_shutdown(
            tokio_stream::wrappers::UnixListenerStream::new(uds),
            until_stopped(stopped),
        )
        .await
        .map_err(DaemonError::from)
}

async fn serve_http(
    tcp: TcpListener,
    api: CompassApi,
    shell: crate::shell::ShellDoor,
    stopped: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    let token = shell.token.clone();
    use axum::http::StatusCode;
    use axum::response::IntoResponse;
    let grpc = tonic::service::Routes::new(
        CompassServiceServer::new(api).max_decoding_message_size(MAX_REQUEST),
    )
    .into_axum_router();
    let guarded =
        grpc.layer(tonic_web::GrpcWebLayer::new())
            .layer(axum::middleware::from_fn(
                move |req: axum::extract::Request, next: axum::middleware::Next| {
                    let ok = req.headers().get(TOKEN_HEADER).is_some_and(|v| {
                        crate::token::token_matches(v.as_bytes(), token.as_bytes())
                    });
                    async move {
                        if ok {
                            next.run(req).await
                        } else {
                            (StatusCode::UNAUTHORIZED, "missing or wrong x-compass-token")
                                .into_response()
                        }
                    }
                },
            ));
    // The bundle's files need no token (they hold no data); everything
    // else is the guarded contract.
    // The shell's WebSocket checks the token itself, before the upgrade
    // (a browser cannot send it as a header there).
    let shell = axum::Router::new()
        .route(crate::shell::PATH, axum::routing::get(crate::shell::open))
        .with_state(shell);
    let app = axum::Router::new()
        .merge(guarded)
        .merge(shell)
        .fallback(axum::routing::get(crate::bridge::asset));
    axum::serve(tcp, app)
        .with_graceful_shutdown(until_stopped(stopped))
        .await
        .map_err(io("serving the board port"))
}

impl RunningDaemon {
    /// Stop listening, finish in-flight requests, and remove the socket.
    pub async fn shutdown(self) -> Result<(), DaemonError> {
        self.fleet.stop_all().await;
        let _ = self.stop.send(true);
        let mut result = Ok(());
        for task in self.tasks {
            match task.await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => result = Err(e),
                Err(e) => result = Err(e.into()),
            }
        }
        // Queued writes (Warden's clearances) land before the process ends.
        if let Err(error) = self.store.flush().await {
            tracing::error!(%error, "could not flush the store at shutdown");
        }
        let _ = fs_err::remove_file(&self.socket);
        result
    }

    /// Wait until a listener fails (normally never).
    pub async fn wait(&mut self) -> Result<(), DaemonError> {
        let (result, _, rest) = futures::future::select_all(self.tasks.drain(..)).await;
        self.tasks = rest;
        match result {
            Ok(r) => r,
            Err(e) => Err(e.into()),
        }
    }
}
