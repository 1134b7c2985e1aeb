//! `compass up` and `compass daemon`: run the daemon in this process, in the
//! foreground, until Ctrl-C or SIGTERM.

use crate::cli::ServeArgs;
use crate::client::connect;
use crate::{CliResult, out};
use anyhow::{Context, anyhow};
use compass_daemon::paths::DataDir;
use compass_daemon::{Daemon, DaemonConfig};

/// Whether to greet a person (`up`) or only log (`daemon`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Banner {
    Show,
    Quiet,
}

pub(crate) async fn run(dir: DataDir, args: ServeArgs, banner: Banner) -> CliResult {
    let filter = tracing_subscriber::EnvFilter::try_from_env("COMPASS_LOG")
        .unwrap_or_else(|_| "info".into());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(compass_daemon::logs::stderr)
        .init();
    let mut config = DaemonConfig::new(dir.clone());
    config.http_port = args.port;
    config.backend = compass_runtime::Backend::from(args.backend)
        .as_str()
        .to_owned();
    config.oci = compass_runtime::OciChoice {
        image: args.oci_image.clone(),
        engine: args.oci_engine.clone(),
    };
    config.taint_session = taint_session(&args)?;
    config.relay = compass_daemon::RelayLimits {
        max_push_bytes: args.relay_max_push_bytes,
        header: std::time::Duration::from_secs(args.relay_header_timeout),
        decide: std::time::Duration::from_secs(args.relay_decide_timeout),
        session: std::time::Duration::from_secs(args.relay_session_timeout),
    };
    config.ask_wait = std::time::Duration::from_secs(args.ask_wait);
    config.merge_poll = std::time::Duration::from_secs(args.merge_poll);
    config.ring_gap = std::time::Duration::from_secs(args.merge_ring_gap);
    config.judge = compass_daemon::judge::resolve(&dir, args.judge.clone().into())?;
    config.agent_tools = match &args.agent_tools {
        Some(dir) => Some(
            fs_err::canonicalize(dir)
                .with_context(|| format!("--agent-tools {}", dir.display()))?,
        ),
        None => None,
    };
    let mut running = Daemon::start(config).await?;
    // The daemon serves on whether or not anyone reads its greeting: a
    // closed stdout (`compass up | head -1`) must not stop it.
    let greet = |text: &str| {
        if banner == Banner::Show {
            let _ = out(text);
        }
    };
    greet(&format!(
        "Compass is up.\n  board:    {}\n  data dir: {}\n  socket:   {}",
        running.board_url,
        dir.root().display(),
        running.socket.display()
    ));
    if args.demo {
        let mut client = connect(&running.socket).await?;
        let demo = crate::demo::run(&mut client, dir.root()).await;
        if args.exit_after_demo || demo.is_err() {
            running.shutdown().await?;
            return demo;
        }
    }
    greet("Press Ctrl-C to stop. In another terminal: `compass board`, `compass events --follow`.");
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("installing the SIGTERM handler")?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
        result = running.wait() => result?,
    }
    tracing::info!("shutting down");
    running.shutdown().await?;
    Ok(())
}

/// A session name: 1 to 64 of `A-Z a-z 0-9 . _ -`.
fn taint_session(args: &ServeArgs) -> anyhow::Result<Option<String>> {
    if args.taint_across_sessions {
        return Ok(None);
    }
    let name = &args.taint_session;
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok {
        Ok(Some(name.clone()))
    } else {
        Err(anyhow!(
            "--taint-session {name:?}: use 1 to 64 letters, digits, '.', '_' or '-' (or --taint-across-sessions)"
        ))
    }
}
