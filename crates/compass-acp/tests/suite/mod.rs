//! Shared fixtures: host workloads, scenario files, event helpers.

mod bench;
mod claude;
mod codex;
mod executor;
mod opencode_plugin;
mod reload;
mod robustness;
mod sandbox;
mod scripted;

use compass_acp::{EventSink, SessionConfig, VecSink};
use compass_core::event::{AgentUpdate, EventKind, NewEvent};
use compass_core::id::AgentId;
use compass_runtime::host::HostRuntime;
use compass_runtime::{EgressPolicy, ExecSpec, WorkloadName, WorkloadRuntime, WorkloadSpec};
pub use compass_test_support::git::git;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A host workload in a temp dir.
pub struct Workload {
    pub runtime: Arc<dyn WorkloadRuntime>,
    pub name: WorkloadName,
    pub home: PathBuf,
    pub work: PathBuf,
    pub config: PathBuf,
    _dir: tempfile::TempDir,
}

impl Workload {
    /// A session of `config` in this workload reporting to `sink`, every
    /// tool call let through (the gate is not what these tests are about);
    /// its error too, for the tests of failing starts.
    pub async fn try_start(
        &self,
        sink: Arc<dyn EventSink>,
        config: &SessionConfig,
    ) -> Result<compass_acp::AcpSession, compass_acp::AcpError> {
        compass_acp::AcpSession::start(
            self.runtime.clone(),
            Arc::new(compass_core::gate::PassThrough),
            sink,
            config,
            None,
        )
        .await
    }

    pub async fn host(name: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let runtime = HostRuntime::new();
        let name = WorkloadName::parse(name).unwrap();
        runtime
            .create(&WorkloadSpec {
                name: name.clone(),
                state_dir: dir.path().join("state"),
                mounts: vec![],
                env: BTreeMap::new(),
                egress: EgressPolicy::Open,
                resources: Default::default(),
                config_etc: Vec::new(),
            })
            .await
            .unwrap();
        let layout = runtime.layout(&name).unwrap();
        Self {
            runtime: Arc::new(runtime),
            name,
            home: layout.home,
            work: layout.work,
            config: layout.config,
            _dir: dir,
        }
    }

    /// Start a session on this workload with an open gate and an in-memory
    /// sink; returns the session and the events it will collect.
    pub async fn start(&self, config: &SessionConfig) -> (compass_acp::AcpSession, VecSink) {
        self.start_gated(config, Arc::new(compass_core::gate::PassThrough))
            .await
    }

    /// [`Self::start`] behind `gate`.
    pub async fn start_gated(
        &self,
        config: &SessionConfig,
        gate: Arc<dyn compass_core::gate::Gate>,
    ) -> (compass_acp::AcpSession, VecSink) {
        let (events, sink) = sink();
        let session =
            compass_acp::AcpSession::start(self.runtime.clone(), gate, sink, config, None)
                .await
                .unwrap();
        (session, events)
    }

    /// A git repository under `work/app` with `files`, committed.
    pub fn repo(&self, files: &[(&str, &str)]) -> PathBuf {
        let repo = self.work.join("app");
        for (path, content) in files {
            let p = repo.join(path);
            fs_err::create_dir_all(p.parent().unwrap()).unwrap();
            fs_err::write(&p, content).unwrap();
        }
        git(&repo, &["init", "-q", "-b", "main"]);
        git(&repo, &["config", "user.email", "agent@compass.invalid"]);
        git(&repo, &["config", "user.name", "Compass Agent"]);
        git(&repo, &["add", "-A"]);
        git(&repo, &["commit", "-q", "-m", "initial"]);
        repo
    }

    /// A session config for the scripted agent playing `scenario` (TOML).
    pub fn scripted(&self, scenario: &str, cwd: &Path) -> SessionConfig {
        let file = self.home.join(format!("scenario-{}.toml", rand_suffix()));
        fs_err::write(&file, scenario).unwrap();
        self.scripted_file(&file, cwd, &[])
    }

    pub fn scripted_file(&self, file: &Path, cwd: &Path, extra: &[&str]) -> SessionConfig {
        let mut argv = vec![
            compass_test_support::scripted_agent().display().to_string(),
            "--scenario".to_owned(),
            file.display().to_string(),
        ];
        argv.extend(extra.iter().map(|s| (*s).to_owned()));
        let mut config = SessionConfig::new(
            AgentId::from_row(1),
            self.name.clone(),
            ExecSpec {
                argv,
                cwd: Some(cwd.to_path_buf()),
                ..ExecSpec::default()
            },
            cwd.to_path_buf(),
        );
        // The host tier sees its config dir at its host path.
        config.git_views = self.config.join(compass_core::safe_git::VIEW_DIR);
        config
    }
}

fn rand_suffix() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Each finished tool call's status and output, in order.
pub fn tool_outputs(events: &VecSink) -> Vec<(compass_core::event::ToolStatus, String)> {
    use compass_core::event::ToolStatus;
    updates(events)
        .into_iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::ToolCallUpdate {
                status: Some(s @ (ToolStatus::Completed | ToolStatus::Failed)),
                output,
                ..
            } => Some((s, output.unwrap_or_default())),
            _ => None,
        })
        .collect()
}

/// The agent updates in a sink, with their tool-call ids.
pub fn updates(sink: &VecSink) -> Vec<(Option<String>, AgentUpdate)> {
    sink.events()
        .into_iter()
        .filter_map(|NewEvent { scope, kind }| match kind {
            EventKind::AgentUpdate { update } => Some((scope.tool_call_id, update)),
            _ => None,
        })
        .collect()
}

/// The `SessionFailed` codes in a sink.
pub fn failures(sink: &VecSink) -> Vec<(String, String)> {
    updates(sink)
        .into_iter()
        .filter_map(|(_, u)| match u {
            AgentUpdate::SessionFailed { code, message } => Some((code, message)),
            _ => None,
        })
        .collect()
}

pub fn sink() -> (VecSink, Arc<dyn EventSink>) {
    let s = VecSink::new();
    (s.clone(), Arc::new(s))
}

/// A session driver on `runtime` whose every call the gate passes, and
/// the events it sends.
pub async fn passed_driver(
    runtime: Arc<dyn WorkloadRuntime>,
    config: SessionConfig,
    context: compass_acp::ReloadContext,
) -> (VecSink, compass_acp::SessionDriver) {
    let (events, sink) = sink();
    let driver = compass_acp::SessionDriver::start(
        runtime,
        Arc::new(compass_core::gate::PassThrough),
        sink,
        config,
        context,
        None,
    )
    .await
    .unwrap();
    (events, driver)
}
